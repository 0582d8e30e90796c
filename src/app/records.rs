//! Match records in the window, for every game at once: `S` (or *Save*) writes the record of
//! the match on screen to the records folder and says where; `tablero play … --record FILE`
//! writes it as the match goes; `tablero replay FILE` steps through a record (arrow keys and
//! buttons, Home and End for its start and end, Space plays it at speed) and *Continue* (`C`)
//! turns the position shown into a live match with the record's seats.
//!
//! A replay shows each position through the generic referee: every step asks for the match of
//! the record cut after that entry, paused, so the game's own views draw it as they draw any
//! match.

use std::path::PathBuf;
use std::time::{SystemTime, UNIX_EPOCH};

use bevy::picking::events::{Click, Pointer};
use bevy::prelude::*;

use crate::app::language::{ChosenLanguage, Translated};
use crate::i18n::Tr;
use bevy::window::RequestRedraw;

use super::referee::{
    AppGame, MatchRequested, RecordNotWritten, RecordTo, Referee, RematchRequested,
};
use super::system_words::{io_words, write_words};
use super::{AppStart, AppSystems, Screen, theme};
use crate::record::{Entry, Record};

/// What every game's records share: the requests, the notice and where records go.
pub(super) fn plugin(app: &mut App) {
    app.add_message::<SaveRecordRequested>();
    app.add_message::<ReplayStep>();
    app.init_resource::<RecordNotice>();
    app.insert_resource(RecordsFolder::from_env());
    app.add_systems(Startup, write_records_as_asked);
    app.add_systems(Update, say_records_not_written.in_set(AppSystems::Present));
}

/// A `--record` file that can no longer be written is said in the record bar.
fn say_records_not_written(
    mut failures: MessageReader<RecordNotWritten>,
    mut notice: ResMut<RecordNotice>,
) {
    if let Some(failure) = failures.read().last() {
        notice.0 = Some(
            Tr::new("record-not-written")
                .text("file", failure.path.display().to_string())
                .words("error", io_words(&failure.error)),
        );
    }
}

/// The records of game `G` in the window: saving, and replaying a record (no renderer needed).
pub fn records_plugin<G: AppGame>(app: &mut App) {
    app.add_systems(Startup, open_replay::<G>);
    app.add_systems(
        Update,
        (take_steps::<G>, step_replay::<G>)
            .chain()
            .in_set(AppSystems::RecordInput)
            .after(send_record_keys)
            .run_if(in_state(G::SCREEN)),
    );
    app.add_systems(
        Update,
        save_on_request::<G>
            .in_set(AppSystems::Referee)
            .run_if(in_state(G::SCREEN)),
    );
    app.add_systems(OnExit(G::SCREEN), |mut commands: Commands| {
        commands.remove_resource::<Replay<G>>();
    });
}

/// The keys of the records (S saves; in a replay the arrows, Home, End and C step).
pub(super) fn keys_plugin(app: &mut App) {
    app.add_systems(
        Update,
        send_record_keys
            .in_set(AppSystems::RecordInput)
            .run_if(not(in_state(Screen::Menu))),
    );
}

/// The record bar under the board of `G` (the view part: it needs a renderer).
pub fn record_bar_plugin<G: AppGame>(app: &mut App) {
    app.add_systems(OnEnter(G::SCREEN), spawn_record_bar::<G>);
    app.add_systems(
        Update,
        show_record_bar::<G>
            .in_set(AppSystems::Present)
            .run_if(in_state(G::SCREEN)),
    );
}

/// Save the record of the match on screen to the records folder.
#[derive(Message, Debug, Clone, Copy, Default)]
pub struct SaveRecordRequested;

/// What the last save said: where the record went, or why it did not.
#[derive(Resource, Debug, Default, Clone)]
pub struct RecordNotice(pub Option<Tr>);

/// A record being replayed: the whole record, the setup it plays, and how many of its entries
/// are shown.
#[derive(Resource, Debug, Clone)]
pub struct Replay<G: AppGame> {
    record: Record,
    shown: usize,
    /// The position asked for; the referee shows it once `shown` matches it.
    wanted: usize,
    /// While playing at speed: the time to the next step.
    playing: Option<Timer>,
    _game: std::marker::PhantomData<fn() -> G>,
}

impl<G: AppGame> Replay<G> {
    /// Entries shown (0: the start).
    pub fn shown(&self) -> usize {
        self.shown
    }

    /// Entries in the record.
    pub fn len(&self) -> usize {
        self.record.moves.len()
    }

    /// Whether the replay plays on by itself.
    pub fn is_playing(&self) -> bool {
        self.playing.is_some()
    }

    /// Whether the record has no entries.
    pub fn is_empty(&self) -> bool {
        self.record.moves.is_empty()
    }

    /// A replay of `record` showing its last position.
    pub fn of_record(record: Record) -> Replay<G> {
        let shown = record.moves.len();
        Replay {
            record,
            shown,
            wanted: shown,
            playing: None,
            _game: std::marker::PhantomData,
        }
    }

    /// The record replayed.
    pub fn record(&self) -> &Record {
        &self.record
    }

    /// Keeps `analysis` with the record (Save then writes the whole record with it).
    pub fn keep_analysis(&mut self, analysis: crate::review::Analysis) {
        self.record.analysis = Some(analysis);
    }

    /// Shows the position after the first `entries` entries (the last one at most).
    pub fn jump_to(&mut self, entries: usize) {
        self.playing = None;
        self.wanted = entries.min(self.len());
    }

    /// The record cut after its first `entries` entries (its result dropped unless whole).
    fn cut(&self, entries: usize) -> Record {
        let mut record = self.record.clone();
        record.moves.truncate(entries);
        // A position of the match is no analysed match: a match continued from it starts
        // without one.
        record.analysis = None;
        if entries < self.record.moves.len() {
            record.result = None;
        }
        record
    }
}

/// A step through the replay on screen (keys and buttons send it; it does nothing outside a
/// replay).
#[derive(Message, Debug, Clone, Copy, PartialEq, Eq)]
pub enum ReplayStep {
    /// To the start of the record.
    First,
    /// One entry back.
    Back,
    /// One entry forward.
    Forward,
    /// To the end of the record.
    Last,
    /// Play on from the position shown, with the record's seats.
    Continue,
    /// Start or stop stepping forward by itself, one entry every [`PLAYBACK_STEP`].
    PlayPause,
}

/// The time between two entries when a replay plays by itself.
pub const PLAYBACK_STEP: std::time::Duration = std::time::Duration::from_millis(600);

/// The folder the Save button writes records to.
#[derive(Resource, Debug, Clone, PartialEq, Eq)]
pub struct RecordsFolder(pub PathBuf);

impl RecordsFolder {
    /// `$TABLERO_RECORDS`, else `records/` in the current folder.
    pub fn from_env() -> RecordsFolder {
        RecordsFolder(
            std::env::var_os("TABLERO_RECORDS")
                .map(PathBuf::from)
                .unwrap_or_else(|| PathBuf::from("records")),
        )
    }
}

fn write_records_as_asked(mut commands: Commands, start: Option<Res<AppStart>>) {
    if let Some(to) = start.and_then(|s| s.record_to.clone()) {
        commands.insert_resource(RecordTo(to));
    }
}

fn open_replay<G: AppGame>(mut commands: Commands, start: Option<Res<AppStart>>) {
    let Some(start) = start else {
        return;
    };
    let first_is_g = start
        .first_match
        .as_ref()
        .and_then(G::first_match)
        .is_some();
    if let (true, true, Some(record)) = (start.replay, first_is_g, start.resume.clone()) {
        commands.insert_resource(Replay::<G>::of_record(record));
    }
}

fn send_record_keys(
    keys: Res<ButtonInput<KeyCode>>,
    mut saves: MessageWriter<SaveRecordRequested>,
    mut steps: MessageWriter<ReplayStep>,
) {
    if keys.just_pressed(KeyCode::KeyS) {
        saves.write(SaveRecordRequested);
    }
    let pressed = |codes: &[KeyCode]| codes.iter().any(|&code| keys.just_pressed(code));
    for (codes, step) in [
        (&[KeyCode::ArrowLeft][..], ReplayStep::Back),
        (&[KeyCode::ArrowRight][..], ReplayStep::Forward),
        (&[KeyCode::Home, KeyCode::ArrowUp][..], ReplayStep::First),
        (&[KeyCode::End, KeyCode::ArrowDown][..], ReplayStep::Last),
        (&[KeyCode::KeyC][..], ReplayStep::Continue),
        (&[KeyCode::Space][..], ReplayStep::PlayPause),
    ] {
        if pressed(codes) {
            steps.write(step);
        }
    }
}

/// Moves the replay's cursor (or turns the position into a live match).
fn take_steps<G: AppGame>(
    mut commands: Commands,
    mut steps: MessageReader<ReplayStep>,
    replay: Option<ResMut<Replay<G>>>,
    mut notice: ResMut<RecordNotice>,
    mut requests: MessageWriter<MatchRequested<G>>,
) {
    let Some(mut replay) = replay else {
        steps.clear();
        return;
    };
    for &step in steps.read() {
        notice.0 = None;
        let last = replay.len();
        if step != ReplayStep::PlayPause {
            replay.playing = None;
        }
        replay.wanted = match step {
            ReplayStep::PlayPause => {
                replay.playing = match replay.playing {
                    Some(_) => None,
                    None => Some(Timer::new(PLAYBACK_STEP, TimerMode::Repeating)),
                };
                if replay.playing.is_some() && replay.wanted == last {
                    0 // from the start again
                } else {
                    replay.wanted
                }
            }
            ReplayStep::First => 0,
            ReplayStep::Back => replay.wanted.saturating_sub(1),
            ReplayStep::Forward => (replay.wanted + 1).min(last),
            ReplayStep::Last => last,
            ReplayStep::Continue => {
                let record = replay.cut(replay.wanted);
                if let Ok(setup) = G::setup_from_record(&record) {
                    requests.write(MatchRequested {
                        setup,
                        resume: Some(record),
                        paused: false,
                        remote: None,
                    });
                    commands.remove_resource::<Replay<G>>();
                }
                return;
            }
        };
    }
}

/// Shows the position the replay asks for, through the referee (paused).
fn step_replay<G: AppGame>(
    mut commands: Commands,
    time: Res<Time>,
    replay: Option<ResMut<Replay<G>>>,
    mut rematches: MessageReader<RematchRequested>,
    mut requests: MessageWriter<MatchRequested<G>>,
    mut redraws: MessageWriter<RequestRedraw>,
) {
    let Some(mut replay) = replay else {
        rematches.clear();
        return;
    };
    if rematches.read().count() > 0 {
        // A new game ends the replay.
        commands.remove_resource::<Replay<G>>();
        return;
    }
    let last = replay.len();
    let replay = &mut *replay;
    if let Some(timer) = &mut replay.playing {
        // Playing waits with nothing moving: the window must not fall asleep meanwhile.
        redraws.write(RequestRedraw);
        if timer.tick(time.delta()).just_finished() {
            replay.wanted = (replay.wanted + 1).min(last);
        }
        if replay.wanted == last {
            replay.playing = None;
        }
    }
    if replay.wanted == replay.shown {
        return;
    }
    let record = replay.cut(replay.wanted);
    if let Ok(setup) = G::setup_from_record(&record) {
        requests.write(MatchRequested {
            setup,
            resume: Some(record),
            paused: true,
            remote: None,
        });
    }
    replay.shown = replay.wanted;
}

fn save_on_request<G: AppGame>(
    mut requests: MessageReader<SaveRecordRequested>,
    referee: Option<Res<Referee<G>>>,
    replay: Option<Res<Replay<G>>>,
    folder: Res<RecordsFolder>,
    mut notice: ResMut<RecordNotice>,
) {
    if requests.read().count() == 0 {
        return;
    }
    let Some(referee) = referee else {
        return;
    };
    let dir = &folder.0;
    let stamp = SystemTime::now()
        .duration_since(UNIX_EPOCH)
        .map_or(0, |d| d.as_millis());
    let name = format!(
        "{}-{stamp}.ron",
        G::KIND.default_layout_file().trim_end_matches(".ron")
    );
    let path = dir.join(name);
    // An analysed replay saves its whole record with the analysis, so that opening it again
    // shows the analysis at once.
    let record = match &replay {
        Some(replay) if replay.record().analysis.is_some() => replay.record(),
        _ => referee.record(),
    };
    let saved = std::fs::create_dir_all(dir).and_then(|()| record.save(&path));
    let said = match saved {
        Ok(()) => Tr::new("record-saved"),
        Err(e) => Tr::new("record-not-saved").words("error", io_words(&e)),
    }
    .text("file", path.display().to_string());
    info!("{}", said.in_language(crate::i18n::Language::English));
    notice.0 = Some(said);
}

#[derive(Component)]
struct RecordBarText;

#[derive(Component)]
struct ReplayControl;

fn spawn_record_bar<G: AppGame>(
    mut commands: Commands,
    mut notice: ResMut<RecordNotice>,
    folder: Res<RecordsFolder>,
) {
    // Said before the first move when Save could not write its records.
    notice.0 = crate::files::check_writable(&folder.0)
        .err()
        .map(|e| Tr::new("record-cannot-keep").words("error", write_words(&e)));
    commands
        .spawn((
            Name::new("Record bar"),
            theme::InDesignArea,
            crate::app::text_size::BoardBar::Last,
            Node {
                position_type: PositionType::Absolute,
                left: px(230),
                bottom: px(4),
                height: px(30),
                column_gap: px(6),
                align_items: AlignItems::Center,
                ..default()
            },
            DespawnOnExit(G::SCREEN),
        ))
        .with_children(|bar| {
            bar.spawn(small_button(Tr::new("record-save"), 78.0))
                .observe(
                    |_: On<Pointer<Click>>, mut saves: MessageWriter<SaveRecordRequested>| {
                        saves.write(SaveRecordRequested);
                    },
                );
            for (text, step, width) in [
                ("record-first", ReplayStep::First, 34.0),
                ("record-back", ReplayStep::Back, 30.0),
                ("record-forward", ReplayStep::Forward, 30.0),
                ("record-last", ReplayStep::Last, 34.0),
                ("record-play", ReplayStep::PlayPause, 56.0),
                ("record-continue", ReplayStep::Continue, 112.0),
            ] {
                let text = Tr::new(text);
                bar.spawn((ReplayControl, small_button(text, width)))
                    .observe(
                        move |_: On<Pointer<Click>>, mut steps: MessageWriter<ReplayStep>| {
                            steps.write(step);
                        },
                    );
            }
            bar.spawn((RecordBarText, theme::label("", 15.0, theme::TEXT_DIM)));
        });
}

/// A button of the record bar, saying message `text`.
fn small_button(text: Tr, width: f32) -> impl Bundle {
    (
        Button,
        Node {
            min_width: px(width),
            min_height: px(26),
            flex_shrink: 0.0,
            padding: UiRect::horizontal(px(4)),
            justify_content: JustifyContent::Center,
            align_items: AlignItems::Center,
            border_radius: BorderRadius::all(px(5)),
            ..default()
        },
        BackgroundColor(theme::BUTTON),
        theme::Selected(false),
        children![(
            Text::new(text.in_language(crate::i18n::Language::English)),
            Translated(text),
            theme::font(14.0),
            TextColor(theme::TEXT),
            Pickable::IGNORE
        )],
    )
}

fn show_record_bar<G: AppGame>(
    replay: Option<Res<Replay<G>>>,
    notice: Res<RecordNotice>,
    language: Res<ChosenLanguage>,
    mut controls: Query<&mut Node, With<ReplayControl>>,
    mut text: Single<&mut Text, With<RecordBarText>>,
) {
    let display = if replay.is_some() {
        Display::Flex
    } else {
        Display::None
    };
    for mut node in &mut controls {
        if node.display != display {
            node.display = display;
        }
    }
    let line = match (&notice.0, &replay) {
        (Some(said), _) => language.word(said),
        (None, Some(replay)) => {
            let shown = replay.shown();
            let last = match shown
                .checked_sub(1)
                .and_then(|i| replay.record.moves.get(i))
            {
                Some(Entry::Act(action, _)) => {
                    Tr::new("record-shown-action").text("action", action.to_string())
                }
                Some(Entry::Roll(value)) => Tr::new("record-shown-roll").number("roll", *value),
                None => Tr::new("record-shown-start"),
            };
            let line = Tr::new(if replay.is_playing() {
                "record-replay-playing"
            } else {
                "record-replay"
            })
            .number("shown", shown)
            .number("total", replay.len())
            .words("last", last);
            language.word(&line)
        }
        (None, None) => String::new(),
    };
    theme::set_text(&mut text, line);
}
