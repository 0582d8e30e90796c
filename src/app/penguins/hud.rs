//! The panel beside the Penguins board: each player's seat and fish, whose turn it is and
//! what to do, skipped players, the AI's thinking bar, refusals, layout errors, the last
//! moves, the ranking at the end, and Undo / New game / Menu (keys U, N, Esc).

use bevy::prelude::*;

use super::Notice;
use super::board::Selection;
use super::referee::{
    ActionApplied, ActionRejected, PenguinsBoard, PenguinsReferee, PenguinsThinking,
};
use crate::app::layout::PenguinsLayout;
use crate::app::referee::{RematchRequested, UndoRequested};
use crate::app::{AppSystems, Screen, theme};
use crate::record::Record;
use crate::rules::Seat;
use crate::rules::penguins::{Action, MAX_PLAYERS, Phase, Player, State, Turn, player_letter};

/// The panel: spawned when a match's screen opens, kept up to date every frame. Headless tests
/// add it to read what the panel says.
pub fn plugin(app: &mut App) {
    app.init_resource::<EventLog>();
    // Shared with the board; whichever plugin comes first makes them.
    app.init_resource::<Selection>();
    app.init_resource::<Notice>();
    app.add_systems(OnEnter(Screen::Penguins), spawn_panel);
    app.add_systems(
        Update,
        send_key_requests
            .in_set(AppSystems::RecordInput)
            .run_if(in_state(Screen::Penguins)),
    );
    app.add_systems(
        Update,
        (
            record_events,
            show_players,
            show_status,
            show_thinking,
            show_messages,
            show_undo,
        )
            .chain()
            .in_set(AppSystems::Present)
            .run_if(in_state(Screen::Penguins)),
    );
}

/// What happened lately, newest last.
#[derive(Resource, Debug, Default)]
struct EventLog(theme::RecentLines);

/// The players' lines: for each possible player, three spans (the turn arrow, a dot in the
/// player's colour, the seat and fish), then the board's line.
#[derive(Component, Debug)]
pub struct PlayersText;

/// The spans of [`PlayersText`] for each player.
const SPANS_PER_PLAYER: usize = 3;
#[derive(Component)]
struct StatusText;
#[derive(Component)]
struct MessageText;
#[derive(Component)]
struct LayoutErrorText;
#[derive(Component)]
struct LogText;

fn spawn_panel(mut commands: Commands) {
    commands
        .spawn((
            Name::new("Penguins panel"),
            theme::side_panel(380.0),
            DespawnOnExit(Screen::Penguins),
        ))
        .with_children(|panel| {
            panel.spawn(theme::label("Penguins", 30.0, theme::TEXT));
            panel
                .spawn((PlayersText, theme::label("", 17.0, theme::TEXT)))
                .with_children(|text| {
                    let spans = usize::from(MAX_PLAYERS) * SPANS_PER_PLAYER + 1;
                    for _ in 0..spans {
                        text.spawn((TextSpan::new(""), theme::font(17.0), TextColor(theme::TEXT)));
                    }
                });
            panel.spawn((StatusText, theme::label("", 19.0, theme::TEXT)));
            panel.spawn(theme::thinking_bar());
            panel.spawn((MessageText, theme::label("", 16.0, theme::WARNING)));
            panel.spawn((LayoutErrorText, theme::label("", 14.0, theme::ERROR)));
            panel.spawn((LogText, theme::label("", 15.0, theme::TEXT_DIM)));
            theme::spawn_match_buttons::<UndoRequested, RematchRequested>(panel);
        });
}

fn send_key_requests(
    keys: Res<ButtonInput<KeyCode>>,
    mut selection: ResMut<Selection>,
    mut undo: MessageWriter<UndoRequested>,
    mut again: MessageWriter<RematchRequested>,
    mut next: ResMut<NextState<Screen>>,
) {
    if keys.just_pressed(KeyCode::KeyU) || keys.just_pressed(KeyCode::Backspace) {
        undo.write(UndoRequested);
    }
    if keys.just_pressed(KeyCode::KeyN) {
        again.write(RematchRequested);
    }
    if keys.just_pressed(KeyCode::Escape) {
        if selection.from.is_some() {
            *selection = Selection::default();
        } else {
            next.set(Screen::Menu);
        }
    }
}

/// The log's lines for one applied action: the move, then any players it left skipped.
fn turn_lines(action: Action, turn: &Turn) -> Vec<String> {
    let who = player_letter(turn.player);
    let mut lines = vec![match action {
        Action::Place(pos) => format!("{who} placed a penguin at {pos}: 1 fish"),
        Action::Move { from, to } => format!("{who} slid {from} → {to}: {} fish", turn.fish),
    }];
    lines.extend(
        turn.skipped
            .iter()
            .map(|&skipped| format!("{} cannot move and is skipped", player_letter(skipped))),
    );
    lines
}

/// The log of a match that starts part-way (a replay's position, a continued record): the
/// last lines of what its record says was played.
fn log_of_record(record: &Record) -> theme::RecentLines {
    let mut log = theme::RecentLines::default();
    if let Ok((_, effects)) = record.replay_effects::<State>() {
        log.extend(
            effects
                .iter()
                .flatten()
                .flat_map(|(action, turn)| turn_lines(*action, turn)),
        );
    }
    log
}

fn record_events(
    referee: Option<Res<PenguinsReferee>>,
    new_boards: Query<(), Added<PenguinsBoard>>,
    mut applied: MessageReader<ActionApplied>,
    mut rejected: MessageReader<ActionRejected>,
    mut log: ResMut<EventLog>,
    mut notice: ResMut<Notice>,
) {
    if !new_boards.is_empty() {
        log.0 = referee
            .map(|r| log_of_record(r.record()))
            .unwrap_or_default();
        notice.0 = None;
    }
    for applied in applied.read() {
        notice.0 = None;
        let turn = &applied.effect;
        log.0.extend(turn_lines(applied.action, turn));
        if let Some(&skipped) = turn.skipped.last() {
            notice.0 = Some(format!(
                "Player {} cannot move and is skipped.",
                player_letter(skipped)
            ));
        }
    }
    if let Some(refusal) = rejected.read().last() {
        notice.0 = Some(format!("Refused: {}", refusal.reason));
    }
}

fn show_players(
    referee: Option<Res<PenguinsReferee>>,
    text: Single<Entity, With<PlayersText>>,
    mut writer: TextUiWriter,
) {
    let Some(referee) = referee else {
        return;
    };
    let state = referee.state();
    let mut spans: Vec<(String, Color)> = Vec::new();
    for player in 1..=MAX_PLAYERS {
        if player > state.players() {
            spans.extend((0..SPANS_PER_PLAYER).map(|_| (String::new(), theme::TEXT)));
            continue;
        }
        let seat = referee.seat(Player(player)).title();
        // Every line has the arrow, so the lines stay aligned; only the mover's shows. The
        // others take the panel's colour: a transparent glyph was sometimes drawn opaque.
        let arrow = if state.phase() != Phase::Over && state.to_move() == player {
            theme::TEXT
        } else {
            theme::PANEL
        };
        spans.push(("▶ ".to_string(), arrow));
        spans.push(("● ".to_string(), super::board::player_color(player)));
        spans.push((
            format!(
                "{} {seat}: {} fish, {}/{} placed\n",
                player_letter(player),
                state.score(player),
                state.placed(player),
                state.penguins_per_player()
            ),
            theme::TEXT,
        ));
    }
    let board = state.board();
    let seed = referee
        .setup()
        .seed
        .map_or("a fixed board".to_string(), |s| format!("seed {s}"));
    let setup = referee.setup();
    let ai = if setup.seats.contains(&Seat::Ai) {
        theme::ai_line(setup.level, setup.budget)
    } else {
        String::new()
    };
    spans.push((
        format!("{}x{} board, {seed}{ai}", board.cols(), board.rows()),
        theme::TEXT,
    ));
    // Span 0 is the root's own (empty) text.
    for (index, (content, color)) in spans.into_iter().enumerate() {
        if let Some(mut span) = writer.get_text(*text, index + 1)
            && *span != content
        {
            *span = content;
        }
        if let Some(mut span_color) = writer.get_color(*text, index + 1)
            && span_color.0 != color
        {
            span_color.0 = color;
        }
    }
}

fn show_status(
    referee: Option<Res<PenguinsReferee>>,
    thinking: Option<Res<PenguinsThinking>>,
    selection: Res<Selection>,
    mut status: Single<&mut Text, With<StatusText>>,
) {
    let Some(referee) = referee else {
        return;
    };
    let state = referee.state();
    let who = player_letter(state.to_move());
    let line = match state.phase() {
        Phase::Over => {
            let winners = state.winners().unwrap_or_default();
            let head = match winners.as_slice() {
                [one] => format!("Player {} wins!", player_letter(*one)),
                many => {
                    let names: Vec<String> =
                        many.iter().map(|&p| player_letter(p).to_string()).collect();
                    format!("A tie between {}!", names.join(" and "))
                }
            };
            let ranking: Vec<String> = state
                .ranking()
                .iter()
                .map(|s| format!("{}. {}: {} fish", s.place, player_letter(s.player), s.fish))
                .collect();
            format!(
                "{head}\n{}\nNew game (N) or Menu (Esc).",
                ranking.join("\n")
            )
        }
        _ if referee.paused() => {
            format!("Replay: player {who} to move.\nStep with ◀ ▶; C plays on from here.")
        }
        _ if referee.seat_to_move() == Some(Seat::Ai) => match &thinking {
            Some(t) if !t.has_decided() => format!(
                "Player {who} (AI) is thinking…\n{:.1} s of its budget left",
                t.remaining().as_secs_f32()
            ),
            _ => format!("Player {who} (AI) to move"),
        },
        Phase::Placement => {
            format!("Player {who}: place a penguin.\nClick a framed floe with one fish.")
        }
        Phase::Movement => match selection.from {
            Some(from) => format!(
                "Player {who}: the penguin at {from} is chosen.\nClick a framed floe to slide \
                 there (Esc: choose again)."
            ),
            None => format!("Player {who}: move a penguin.\nClick one of your ringed penguins."),
        },
    };
    theme::set_text(&mut status, line);
}

fn show_thinking(
    thinking: Option<Res<PenguinsThinking>>,
    mut track: Single<&mut Visibility, With<theme::ThinkingTrack>>,
    mut bar: Single<&mut Node, With<theme::ThinkingBar>>,
) {
    let left = thinking
        .filter(|t| !t.has_decided())
        .map(|t| t.remaining_fraction());
    theme::show_thinking_bar(left, &mut track, &mut bar);
}

fn show_messages(
    notice: Res<Notice>,
    layout: Option<Res<PenguinsLayout>>,
    log: Res<EventLog>,
    mut message: Single<
        &mut Text,
        (
            With<MessageText>,
            Without<LayoutErrorText>,
            Without<LogText>,
        ),
    >,
    mut error: Single<
        &mut Text,
        (
            With<LayoutErrorText>,
            Without<MessageText>,
            Without<LogText>,
        ),
    >,
    mut log_text: Single<
        &mut Text,
        (
            With<LogText>,
            Without<MessageText>,
            Without<LayoutErrorText>,
        ),
    >,
) {
    theme::set_text(&mut message, notice.0.clone().unwrap_or_default());
    let layout_error = layout.as_ref().and_then(|l| l.error.as_ref());
    theme::set_text(&mut error, theme::layout_error_line(layout_error));
    theme::set_text(&mut log_text, log.0.text());
}

fn show_undo(
    referee: Option<Res<PenguinsReferee>>,
    mut undo: Single<&mut Visibility, With<theme::UndoButton>>,
) {
    theme::show_undo_button(referee.is_some_and(|r| r.can_undo()), &mut undo);
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_record_gives_the_log_of_its_last_moves() {
        let text = r#"#![enable(unwrap_variant_newtypes)]
Record(
    game: Penguins,
    layout: Penguins(rows: 8, cols: 8, water: 0.1, fish_weights: (5, 3, 2), board: Some([
        "32121332", "23111033", "31323221", "32220112",
        "21213030", "00221232", "21212011", "23021231",
    ])),
    seats: [Ai, Ai, Ai],
    budget: 0.2,
    seed: Some(9),
    penguins: Some(2),
    moves: [Act("3 6", 408), Act("1 2", 284), Act("6 3", 205), Act("7 2", 198),
        Act("3 1", 312), Act("2 0", 201), Act("7 2 2 2", 219)],
)"#;
        let record = match crate::record::parse("test.ron", text.as_bytes()) {
            Ok(replayed) => replayed.record().clone(),
            Err(e) => panic!("{e}"),
        };
        // Seven lines played; the log keeps the last six.
        assert_eq!(
            log_of_record(&record).lines(),
            [
                "B placed a penguin at 1 2: 1 fish",
                "C placed a penguin at 6 3: 1 fish",
                "A placed a penguin at 7 2: 1 fish",
                "B placed a penguin at 3 1: 1 fish",
                "C placed a penguin at 2 0: 1 fish",
                "A slid 7 2 → 2 2: 3 fish",
            ]
        );
    }
}
