//! What every match's panel shares, written once over [`MatchView`]: the keys that send
//! requests (U or Backspace undo, N a new game, Esc drops a choice or goes to the menu), the
//! AI's thinking bar, the notice line (refusals, and words from the board), the layout file's
//! error, the log of what happened lately, the Undo button, and the piece or penguin a human
//! has chosen. Each game's `hud.rs` keeps only what it draws differently (seats, the status
//! line, a legend or a moves list).

use std::collections::VecDeque;

use bevy::picking::events::{Click, Pointer};
use bevy::prelude::*;

use crate::app::hint::{HintRequested, HintSearch, Hints};
use crate::app::language::ChosenLanguage;
pub use crate::app::language::game_name;
use crate::app::layout_assets::{GameLayout, LayoutGame};
use crate::app::layout_words::error_words;
use crate::app::referee::{
    ActionApplied, ActionRejected, AppGame, DiceRolled, MatchStarted, MovesUndone, Referee,
    Refusal, RematchRequested, UndoRequested,
};
use crate::app::rules_page::{RulesPage, RulesRequested};
use crate::app::search_task::Thinking;
use crate::app::{AppSystems, Screen, theme};
use crate::i18n::Tr;
use crate::layout::LayoutError;
use crate::record::Record;
use crate::rules::{Game, Seat};

/// A game's match as its panel shows it: what the shared view needs to know of the game.
pub trait MatchView: AppGame {
    /// The game's layouts (the panel shows the file's error).
    type Layout: LayoutGame;
    /// What a human chooses before acting (a piece to move); `()` where nothing is chosen.
    type Chosen: Copy + PartialEq + Send + Sync + 'static;
    /// The log's lines for `action`, taken by `player` with `effect`.
    fn log_lines(player: Self::Player, action: Self::Action, effect: &Self::Effect) -> Vec<Tr>;
    /// The log's line for a roll that ended `player`'s turn.
    fn turn_lost_line(player: Self::Player) -> Tr {
        Tr::new("match-turn-lost").text("player", player.to_string())
    }
    /// A word for the notice line after an action (a player skipped), if any.
    fn notice_after(effect: &Self::Effect) -> Option<Tr> {
        let _ = effect;
        None
    }
    /// The notice line for a refused request.
    fn refusal_line(action: Option<Self::Action>, reason: &Refusal<Self>) -> Tr {
        let _ = action;
        Tr::new("match-refused").words("reason", refusal_words::<Self>(reason))
    }
    /// The player as the window's title names them ("White", "Player L").
    fn player_name(player: Self::Player) -> Tr {
        Tr::new("match-player").text("letter", player.to_string())
    }
    /// The end of the match in a few words for the window's title ("White wins", "Tie").
    fn outcome_words(outcome: &Self::Outcome) -> Tr;
}

/// Why a record of `G` does not replay, in words from its typed reason; the entry counts
/// from 1, as a reader of the record counts its moves.
pub fn replay_words<G: MatchView>(error: &crate::runner::ResumeError<G>) -> Tr {
    use crate::record::ReplayError;
    match error {
        ReplayError::Layout(fault) => crate::app::layout_words::fault_words(fault),
        ReplayError::OtherGame { .. } => Tr::new("record-other-game"),
        ReplayError::Budget(budget) => Tr::new("record-budget").number("budget", *budget),
        ReplayError::Roll {
            entry,
            value,
            reason,
        } => Tr::new("record-roll-refused")
            .number("entry", entry + 1)
            .number("roll", *value)
            .words("reason", G::illegal_words(reason)),
        ReplayError::BeforeRoll { entry, text } => Tr::new("record-before-roll")
            .number("entry", entry + 1)
            .text("action", text.clone()),
        ReplayError::Unreadable { entry, .. } => {
            Tr::new("record-unreadable").number("entry", entry + 1)
        }
        ReplayError::Illegal {
            entry,
            text,
            reason,
        } => Tr::new("record-illegal")
            .number("entry", entry + 1)
            .text("action", text.clone())
            .words("reason", G::illegal_words(reason)),
    }
}

/// Why a record of `G` does not replay, in words.
pub fn record_error_words<G: MatchView>(error: &crate::replay::RecordError<G>) -> Tr {
    use crate::replay::RecordError;
    match error {
        RecordError::Setup(setup) => crate::app::layout_words::setup_words(setup),
        RecordError::Replay(replay) => replay_words::<G>(replay),
        RecordError::Dice(_) => Tr::new("record-dice-unfair"),
        RecordError::RollNotFromSeeds {
            entry,
            expected,
            found,
        } => Tr::new("record-roll-not-from-seeds")
            .number("entry", entry + 1)
            .number("found", *found)
            .number("expected", *expected),
    }
}

/// Why a record of any game does not replay, in words.
pub fn record_words(error: &crate::replay::AnyRecordError) -> Tr {
    use crate::replay::AnyRecordError;
    let why = match error {
        AnyRecordError::MagneticCave(e) => record_error_words(e),
        AnyRecordError::Patolli(e) => record_error_words(e),
        AnyRecordError::Penguins(e) => record_error_words(e),
    };
    Tr::new("match-record-does-not-replay").words("reason", why)
}

/// Why a match did not start or stopped, in words.
pub fn reason_words(reason: &crate::app::referee::Reason) -> Tr {
    match reason {
        crate::app::referee::Reason::Words(words) => words.clone(),
        crate::app::referee::Reason::Record(error) => record_words(error),
    }
}

/// Why the referee refused a request, in words from its typed reason.
pub fn refusal_words<G: MatchView>(reason: &Refusal<G>) -> Tr {
    match reason {
        Refusal::NotYourTurn { player, seated } => Tr::new(match seated {
            Seat::Ai => "refusal-not-your-turn-ai",
            Seat::Human => "refusal-not-your-turn-human",
        })
        .words("player", G::player_name(*player)),
        Refusal::Illegal(illegal) => G::illegal_words(illegal),
        Refusal::NothingToUndo => Tr::new("refusal-nothing-to-undo"),
        Refusal::Replaying => Tr::new("refusal-replaying"),
        Refusal::GameOver => Tr::new("refusal-game-over"),
    }
}

/// The shared view of game `G`'s matches.
pub fn plugin<G: MatchView>(app: &mut App) {
    app.init_resource::<Notice>();
    app.init_resource::<MatchLog>();
    app.init_resource::<Selection<G::Chosen>>();
    app.add_systems(
        Update,
        send_match_keys::<G>
            .in_set(AppSystems::RecordInput)
            .run_if(in_state(G::SCREEN)),
    );
    app.add_systems(
        Update,
        forget_stale_selection::<G>
            .in_set(AppSystems::MirrorEntities)
            .run_if(in_state(G::SCREEN)),
    );
    app.add_systems(
        Update,
        (
            note_events::<G>,
            show_thinking::<G>,
            show_messages::<G>,
            show_undo::<G>,
            show_title::<G>,
        )
            .chain()
            .in_set(AppSystems::Present)
            .run_if(in_state(G::SCREEN)),
    );
}

/// A word for the player on the notice line: the last refusal, or a word from the board
/// ("click one of your penguins first"); cleared when the match changes.
#[derive(Resource, Debug, Default, Clone)]
pub struct Notice(pub Option<Tr>);

/// What happened lately in the match on screen, newest last.
#[derive(Resource, Debug, Default)]
pub struct MatchLog(pub RecentLines);

/// What a human has chosen to act with, and the match revision it was chosen in: a choice
/// made before the match changed is forgotten.
#[derive(Resource, Debug, Clone, Copy, PartialEq, Eq)]
pub struct Selection<T> {
    /// The chosen piece (or penguin), if any.
    pub chosen: Option<T>,
    revision: u64,
}

impl<T> Default for Selection<T> {
    fn default() -> Self {
        Selection {
            chosen: None,
            revision: 0,
        }
    }
}

impl<T> Selection<T> {
    /// `chosen`, in the match's revision `revision`.
    pub fn of(chosen: T, revision: u64) -> Selection<T> {
        Selection {
            chosen: Some(chosen),
            revision,
        }
    }
}

/// The notice line.
#[derive(Component)]
struct NoticeText;
/// The layout file's error.
#[derive(Component)]
struct LayoutErrorText;
/// The log of what happened lately.
#[derive(Component)]
struct LogText;

/// The panel beside `G`'s board, `width` pixels wide, headed by the game's name; `fill` adds
/// what the game shows in it.
pub fn spawn_panel<G: MatchView>(
    commands: &mut Commands,
    width: f32,
    fill: impl FnOnce(&mut ChildSpawnerCommands),
) {
    commands
        .spawn((
            Name::new(format!("{} panel", G::KIND.title())),
            theme::side_panel(width),
            DespawnOnExit(G::SCREEN),
        ))
        .with_children(|panel| {
            panel.spawn(theme::tr_label(game_name(G::KIND), 30.0, theme::TEXT));
            fill(panel);
        });
}

/// The notice line and the layout error line under it, in type of `size` pixels.
pub fn spawn_messages(panel: &mut ChildSpawnerCommands, size: f32) {
    panel.spawn((NoticeText, theme::label("", size, theme::WARNING)));
    panel.spawn((LayoutErrorText, theme::label("", size - 2.0, theme::ERROR)));
}

/// The log of what happened lately.
pub fn log_text() -> impl Bundle {
    (LogText, theme::label("", 15.0, theme::TEXT_DIM))
}

/// U (or Backspace) undoes, N starts a new game, Esc drops a choice or goes to the menu.
fn send_match_keys<G: MatchView>(
    keys: Res<ButtonInput<KeyCode>>,
    mut selection: ResMut<Selection<G::Chosen>>,
    mut undo: MessageWriter<UndoRequested>,
    mut again: MessageWriter<RematchRequested>,
    mut hint: MessageWriter<HintRequested>,
    rules: Option<ResMut<RulesPage>>,
    settings: Option<ResMut<crate::app::settings::SettingsPage>>,
    mut next: ResMut<NextState<Screen>>,
) {
    if keys.just_pressed(KeyCode::KeyU) || keys.just_pressed(KeyCode::Backspace) {
        undo.write(UndoRequested);
    }
    if keys.just_pressed(KeyCode::KeyH) {
        hint.write(HintRequested);
    }
    if keys.just_pressed(KeyCode::KeyN) {
        again.write(RematchRequested);
    }
    if keys.just_pressed(KeyCode::Escape) {
        if let Some(mut settings) = settings.filter(|settings| settings.open) {
            settings.open = false;
        } else if let Some(mut rules) = rules.filter(|rules| rules.open.is_some()) {
            rules.open = None;
        } else if selection.chosen.is_some() {
            *selection = Selection::default();
        } else {
            next.set(Screen::Menu);
        }
    }
}

fn forget_stale_selection<G: MatchView>(
    referee: Option<Res<Referee<G>>>,
    mut selection: ResMut<Selection<G::Chosen>>,
) {
    if let Some(referee) = referee
        && selection.revision != referee.revision()
        && selection.chosen.is_some()
    {
        *selection = Selection::default();
    }
}

/// The log of a match that starts part-way (a replay's position, a continued record): the
/// last lines of what its record says was played, as the live log words them.
pub(crate) fn log_of_record<G: MatchView>(record: &Record) -> RecentLines {
    let mut log = RecentLines::default();
    let Ok((positions, effects)) = crate::replay::replay_effects::<G>(record) else {
        return log;
    };
    for (effect, around) in effects.iter().zip(positions.windows(2)) {
        let [before, after] = around else {
            continue;
        };
        let Some(player) = Game::to_move(before) else {
            continue;
        };
        match effect {
            Some((action, effect)) => log.extend(G::log_lines(player, *action, effect)),
            // A roll that ended the turn.
            None if after.roll_due().is_some() || Game::to_move(after) != Some(player) => {
                log.push(G::turn_lost_line(player));
            }
            None => {}
        }
    }
    log
}

/// Keeps the log and the notice up to date with the referee's announcements.
#[allow(clippy::too_many_arguments)]
fn note_events<G: MatchView>(
    referee: Option<Res<Referee<G>>>,
    mut started: MessageReader<MatchStarted<G>>,
    mut applied: MessageReader<ActionApplied<G>>,
    mut rolled: MessageReader<DiceRolled<G>>,
    mut undone: MessageReader<MovesUndone<G>>,
    mut rejected: MessageReader<ActionRejected<G>>,
    mut log: ResMut<MatchLog>,
    mut notice: ResMut<Notice>,
) {
    if started.read().count() > 0 {
        log.0 = referee
            .map(|r| log_of_record::<G>(r.record()))
            .unwrap_or_default();
        notice.0 = None;
    }
    for applied in applied.read() {
        notice.0 = G::notice_after(&applied.effect);
        log.0.extend(G::log_lines(
            applied.player,
            applied.action,
            &applied.effect,
        ));
    }
    for rolled in rolled.read().filter(|rolled| rolled.turn_lost) {
        log.0.push(G::turn_lost_line(rolled.player));
    }
    for undone in undone.read() {
        let taken = undone.actions.len();
        log.0.push(took_back(taken));
        notice.0 = None;
    }
    if let Some(refusal) = rejected.read().last() {
        notice.0 = Some(G::refusal_line(refusal.action, &refusal.reason));
    }
}

/// The bar shows an AI seat's search, the engine looking for a hint, another machine's
/// player deciding in a network match, or the analysis of the match (the share still to do).
fn show_thinking<G: MatchView>(
    thinking: Option<Res<Thinking<Referee<G>>>>,
    hint_search: Option<Res<HintSearch<G>>>,
    remote: Option<Res<crate::app::remote_turn::RemoteTurn>>,
    analysis: Option<Res<crate::app::analysis::AnalysisView>>,
    mut track: Single<&mut Visibility, With<ThinkingTrack>>,
    mut bar: Single<&mut Node, With<ThinkingBar>>,
) {
    let left = thinking
        .filter(|t| !t.has_decided())
        .map(|t| t.remaining_fraction())
        .or_else(|| hint_search.map(|s| s.remaining_fraction()))
        .or_else(|| remote.and_then(|r| r.fraction()))
        .or_else(|| analysis.and_then(|a| a.left()));
    show_thinking_bar(left, &mut track, &mut bar);
}

type OnlyNotice = (With<NoticeText>, Without<LayoutErrorText>, Without<LogText>);
type OnlyLayoutError = (With<LayoutErrorText>, Without<NoticeText>, Without<LogText>);
type OnlyLog = (With<LogText>, Without<NoticeText>, Without<LayoutErrorText>);

/// The notice line says the hint asked for while the match stands there, else the notice.
fn show_messages<G: MatchView>(
    notice: Res<Notice>,
    referee: Option<Res<Referee<G>>>,
    hints: Option<Res<Hints<G>>>,
    rules: Option<Res<RulesPage>>,
    layout: Option<Res<GameLayout<G::Layout>>>,
    log: Res<MatchLog>,
    language: Res<ChosenLanguage>,
    mut notices: Query<(&mut Text, &mut TextColor), OnlyNotice>,
    mut errors: Query<(&mut Text, &mut TextColor), OnlyLayoutError>,
    mut logs: Query<&mut Text, OnlyLog>,
) {
    let offer = rules
        .and_then(|rules| rules.offered)
        .filter(|_| notice.0.is_none())
        .map(|game| language.word(&Tr::new("match-rules-offer").words("game", game_name(game))));
    let hint = referee
        .zip(hints)
        .and_then(|(referee, hints)| hints.line(&referee))
        .map(|line| language.word(&line))
        .or(offer);
    for (mut text, mut color) in &mut notices {
        let (line, tint) = match &hint {
            Some(hint) => (hint.clone(), theme::HINT_TEXT),
            None => (
                notice
                    .0
                    .as_ref()
                    .map(|n| language.word(n))
                    .unwrap_or_default(),
                theme::WARNING,
            ),
        };
        theme::set_text(&mut text, line);
        color.set_if_neq(TextColor(tint));
    }
    let layout_error = layout.as_ref().and_then(|l| l.error.as_ref());
    let layout_note = layout.as_ref().and_then(|l| l.note.as_ref());
    let tint = match layout_error {
        Some(_) => theme::ERROR,
        None => theme::WARNING,
    };
    for (mut text, mut color) in &mut errors {
        theme::set_text(
            &mut text,
            layout_error_line(layout_error, layout_note, *language),
        );
        color.set_if_neq(TextColor(tint));
    }
    for mut text in &mut logs {
        theme::set_text(&mut text, log.0.text(*language));
    }
}

/// The window's title for the match on screen: `Tablero — GAME — STATE`, STATE being who is
/// to move or thinking, the replay, or the result; the title bar and the task bar show it.
fn match_title<G: MatchView>(referee: &Referee<G>, thinking: bool) -> Tr {
    let state = referee.state();
    let words = match (state.outcome(), state.to_move()) {
        (Some(outcome), _) => G::outcome_words(&outcome),
        _ if referee.paused() => Tr::new("title-replay"),
        (None, Some(player)) if thinking => {
            Tr::new("title-thinking").words("player", G::player_name(player))
        }
        (None, Some(player)) => to_move(G::player_name(player)),
        (None, None) => Tr::new("title-rolling"),
    };
    Tr::new("title-match")
        .words("game", game_name(<G::Layout as LayoutGame>::KIND))
        .words("state", words)
}

/// "`player` to move".
pub fn to_move(player: Tr) -> Tr {
    Tr::new("title-to-move").words("player", player)
}

/// "`left` of its budget left" (the AI's thinking time), to a tenth of a second.
pub fn budget_left(left: std::time::Duration) -> Tr {
    Tr::new("match-budget-left").text("seconds", format!("{:.1}", left.as_secs_f32()))
}

/// "Took back `taken` actions".
pub fn took_back(taken: usize) -> Tr {
    Tr::new("match-took-back").number("count", taken)
}

fn show_title<G: MatchView>(
    referee: Option<Res<Referee<G>>>,
    thinking: Option<Res<Thinking<Referee<G>>>>,
    language: Res<ChosenLanguage>,
    mut windows: Query<&mut Window, With<bevy::window::PrimaryWindow>>,
) {
    let Some(referee) = referee else {
        return;
    };
    let thinking = thinking.is_some_and(|t| !t.has_decided());
    let title = language.word(&match_title(&referee, thinking));
    for mut window in &mut windows {
        if window.title != title {
            window.title.clone_from(&title);
        }
    }
}

fn show_undo<G: MatchView>(
    referee: Option<Res<Referee<G>>>,
    mut undo: Single<&mut Node, With<UndoButton>>,
) {
    show_undo_button(referee.is_some_and(|r| r.can_undo()), &mut undo);
}

/// The track of the AI's thinking bar; hidden while no AI thinks.
#[derive(Component, Debug)]
pub struct ThinkingTrack;

/// The bar inside [`ThinkingTrack`]: its width is the share of the budget left.
#[derive(Component, Debug)]
pub struct ThinkingBar;

/// The AI's thinking bar, hidden until [`show_thinking_bar`] shows it.
pub fn thinking_bar() -> impl Bundle {
    (
        ThinkingTrack,
        Node {
            width: percent(100),
            height: px(10),
            border_radius: BorderRadius::all(px(5)),
            ..default()
        },
        BackgroundColor(theme::BUTTON),
        Visibility::Hidden,
        children![(
            ThinkingBar,
            Node {
                width: percent(100),
                height: percent(100),
                border_radius: BorderRadius::all(px(5)),
                ..default()
            },
            BackgroundColor(theme::THINKING_BAR),
        )],
    )
}

/// Shows the share of the AI's budget left, or hides the bar when `left` is `None`.
fn show_thinking_bar(left: Option<f32>, track: &mut Mut<Visibility>, bar: &mut Mut<Node>) {
    match left {
        Some(fraction) => {
            track.set_if_neq(Visibility::Inherited);
            bar.width = percent(100.0 * fraction);
        }
        None => {
            track.set_if_neq(Visibility::Hidden);
        }
    }
}

/// How many lines of recent events a match panel's log keeps.
const LOG_LINES: usize = 6;

/// A match panel's log of recent events, newest last: at most [`LOG_LINES`] lines.
#[derive(Debug, Default, Clone, PartialEq)]
pub struct RecentLines(VecDeque<Tr>);

impl RecentLines {
    /// Adds `line` as the newest, dropping the oldest beyond [`LOG_LINES`].
    pub fn push(&mut self, line: Tr) {
        self.0.push_back(line);
        while self.0.len() > LOG_LINES {
            self.0.pop_front();
        }
    }

    /// The lines in `language`, oldest first.
    pub fn lines(&self, language: ChosenLanguage) -> Vec<String> {
        self.0.iter().map(|line| language.word(line)).collect()
    }

    /// What the panel shows in `language`: the lines, or that nothing was played yet.
    pub fn text(&self, language: ChosenLanguage) -> String {
        if self.0.is_empty() {
            language.word(&Tr::new("match-nothing-played"))
        } else {
            self.lines(language).join("\n")
        }
    }
}

impl Extend<Tr> for RecentLines {
    fn extend<I: IntoIterator<Item = Tr>>(&mut self, lines: I) {
        for line in lines {
            self.push(line);
        }
    }
}

/// The panel's words about a broken layout file, else about what a good one changed; empty
/// when there is nothing to say.
fn layout_error_line(
    error: Option<&LayoutError>,
    note: Option<&Tr>,
    language: ChosenLanguage,
) -> String {
    match (error, note) {
        (Some(e), _) => {
            language.word(&Tr::new("match-layout-error").words("error", error_words(e)))
        }
        (None, Some(note)) => language.word(note),
        (None, None) => String::new(),
    }
}

/// Marks the Undo button of a match panel (shown only when undo can take something back).
#[derive(Component, Debug)]
pub struct UndoButton;

/// The Hint (H) / Rules (F1) / Settings (F2) and Undo (U) / New game (N) / Menu buttons at
/// the foot of a match panel.
pub fn spawn_match_buttons(panel: &mut ChildSpawnerCommands) {
    // Longer words (Polish, larger text) put a row's last buttons on a line of their own.
    let row = || Node {
        column_gap: px(10),
        row_gap: px(10),
        flex_wrap: FlexWrap::Wrap,
        justify_content: JustifyContent::FlexEnd,
        ..default()
    };
    panel
        .spawn(Node {
            margin: UiRect::top(Val::Auto),
            width: percent(100),
            flex_direction: FlexDirection::Column,
            row_gap: px(10),
            ..default()
        })
        .with_children(|rows| {
            rows.spawn(row()).with_children(|row| {
                row.spawn(theme::tr_button(Tr::new("match-hint"), 100.0))
                    .observe(
                        |_: On<Pointer<Click>>, mut hint: MessageWriter<HintRequested>| {
                            hint.write(HintRequested);
                        },
                    );
                row.spawn(theme::tr_button(Tr::new("match-rules"), 110.0))
                    .observe(
                        |_: On<Pointer<Click>>, mut rules: MessageWriter<RulesRequested>| {
                            rules.write(RulesRequested);
                        },
                    );
                row.spawn(crate::app::settings::settings_button(130.0))
                    .observe(crate::app::settings::open_on_click);
            });
            rows.spawn(row()).with_children(|row| {
                row.spawn((UndoButton, theme::tr_button(Tr::new("match-undo"), 100.0)))
                    .observe(
                        |_: On<Pointer<Click>>, mut undo: MessageWriter<UndoRequested>| {
                            undo.write(UndoRequested);
                        },
                    );
                row.spawn(theme::tr_button(Tr::new("match-new-game"), 140.0))
                    .observe(
                        |_: On<Pointer<Click>>, mut again: MessageWriter<RematchRequested>| {
                            again.write(RematchRequested);
                        },
                    );
                row.spawn(theme::tr_button(Tr::new("match-menu"), 90.0))
                    .observe(
                        |_: On<Pointer<Click>>, mut next: ResMut<NextState<Screen>>| {
                            next.set(Screen::Menu);
                        },
                    );
            });
        });
}

/// Shows the panel's Undo button only when `can_undo`.
fn show_undo_button(can_undo: bool, undo: &mut Mut<Node>) {
    // Left out of the row while hidden, so longer words elsewhere in the row (Spanish "Nueva
    // partida") do not push *Menu* onto a line of its own.
    let display = if can_undo {
        Display::Flex
    } else {
        Display::None
    };
    if undo.display != display {
        undo.display = display;
    }
}
