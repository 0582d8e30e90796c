//! The panel beside the cross: seats and rule options, whose turn it is and what to do, the
//! AI's thinking bar, refusals, layout errors, a legend of the squares, what happened lately,
//! and the Pass / Undo / New game / Menu buttons (keys P, U, N, Esc; Enter confirms a move).

use bevy::picking::events::{Click, Pointer};
use bevy::prelude::*;

use super::Notice;
use super::board::Selection;
use super::dice::RollDisplay;
use super::referee::{
    ActionApplied, ActionRejected, ActionRequested, DiceRolled, PatolliBoard, PatolliReferee,
    PatolliThinking,
};
use crate::app::layout::PatolliLayout;
use crate::app::referee::{RematchRequested, UndoRequested};
use crate::app::theme::{self, Selected};
use crate::app::{AppSystems, Screen};
use crate::record::Record;
use crate::rules::patolli::{Action, Dice, Effect, Location, Overshoot, Phase, Player, State};
use crate::rules::{Game, Seat};

pub(super) fn plugin(app: &mut App) {
    app.init_resource::<EventLog>();
    app.add_systems(OnEnter(Screen::Patolli), spawn_panel);
    app.add_systems(
        Update,
        send_key_requests
            .in_set(AppSystems::RecordInput)
            .run_if(in_state(Screen::Patolli)),
    );
    app.add_systems(
        Update,
        (
            record_events,
            show_seats,
            show_status,
            show_thinking,
            show_messages,
            show_log,
            show_buttons,
        )
            .chain()
            .in_set(AppSystems::Present)
            .run_if(in_state(Screen::Patolli)),
    );
}

/// What happened lately, newest last.
#[derive(Resource, Debug, Default)]
struct EventLog {
    lines: theme::RecentLines,
    actions_seen: usize,
}

/// The log's line for an action `player` took.
fn action_line(player: Player, effect: Effect) -> String {
    format!("{player} {}", effect.describe())
}

/// The log's line for a 0 that ended `player`'s turn.
fn turn_lost_line(player: Player) -> String {
    format!("{player} rolled 0: turn lost")
}

#[derive(Component)]
struct SeatsText;
#[derive(Component)]
struct StatusText;
#[derive(Component)]
struct MessageText;
#[derive(Component)]
struct LayoutErrorText;
#[derive(Component)]
struct LogText;
#[derive(Component)]
struct PassButton;

fn spawn_panel(mut commands: Commands) {
    commands
        .spawn((
            Name::new("Patolli panel"),
            theme::side_panel(400.0),
            DespawnOnExit(Screen::Patolli),
        ))
        .with_children(|panel| {
            panel.spawn(theme::label("Patolli", 30.0, theme::TEXT));
            panel.spawn((SeatsText, theme::label("", 15.0, theme::TEXT_DIM)));
            panel.spawn((StatusText, theme::label("", 19.0, theme::TEXT)));
            panel.spawn(theme::thinking_bar());
            panel.spawn((MessageText, theme::label("", 16.0, theme::WARNING)));
            panel.spawn((LayoutErrorText, theme::label("", 14.0, theme::ERROR)));
            panel.spawn(legend());
            panel.spawn((LogText, theme::label("", 15.0, theme::TEXT_DIM)));
            panel
                .spawn(Node {
                    margin: UiRect::top(Val::Auto),
                    flex_direction: FlexDirection::Column,
                    row_gap: px(8),
                    ..default()
                })
                .with_children(|rows| {
                    rows.spawn((PassButton, theme::button("Pass (P)", 150.0)))
                        .observe(
                            |_: On<Pointer<Click>>, mut pass: MessageWriter<ActionRequested>| {
                                pass.write(ActionRequested {
                                    action: Action::Pass,
                                    seat: Seat::Human,
                                });
                            },
                        );
                    theme::spawn_match_buttons::<UndoRequested, RematchRequested>(rows);
                });
        });
}

/// What the colours of the squares mean, each swatch in its colour.
fn legend() -> impl Bundle {
    let swatch = |color: Color, text: &str| {
        [
            (TextSpan::new("■ "), theme::font(15.0), TextColor(color)),
            (
                TextSpan::new(format!("{text}\n")),
                theme::font(15.0),
                TextColor(theme::TEXT_DIM),
            ),
        ]
    };
    let [a, b] = swatch(theme::MIDDLE_SQUARE, "middle: captures happen here");
    let [c, d] = swatch(theme::ARM_END, "arm end: ending a move here rolls again");
    let [e, f] = swatch(theme::PLAYER_L, "L starts on the tinted square, ends on ★");
    let [g, h] = swatch(theme::PLAYER_N, "N starts on the tinted square, ends on ★");
    (
        Text::new(""),
        theme::font(15.0),
        children![a, b, c, d, e, f, g, h],
    )
}

fn send_key_requests(
    keys: Res<ButtonInput<KeyCode>>,
    mut selection: ResMut<Selection>,
    mut requests: MessageWriter<ActionRequested>,
    mut undo: MessageWriter<UndoRequested>,
    mut again: MessageWriter<RematchRequested>,
    mut next: ResMut<NextState<Screen>>,
) {
    if keys.just_pressed(KeyCode::KeyP) {
        requests.write(ActionRequested {
            action: Action::Pass,
            seat: Seat::Human,
        });
    }
    if (keys.just_pressed(KeyCode::Enter) || keys.just_pressed(KeyCode::NumpadEnter))
        && let Some(piece) = selection.piece
    {
        *selection = Selection::default();
        requests.write(ActionRequested {
            action: Action::Move(piece),
            seat: Seat::Human,
        });
    }
    if keys.just_pressed(KeyCode::KeyU) || keys.just_pressed(KeyCode::Backspace) {
        undo.write(UndoRequested);
    }
    if keys.just_pressed(KeyCode::KeyN) {
        again.write(RematchRequested);
    }
    if keys.just_pressed(KeyCode::Escape) {
        if selection.piece.is_some() {
            *selection = Selection::default();
        } else {
            next.set(Screen::Menu);
        }
    }
}

/// The log of a match that starts part-way (a replay's position, a continued record): the
/// last lines of what its record says was played, as the live log words them.
fn log_of_record(record: &Record) -> EventLog {
    let mut log = EventLog::default();
    let Ok((positions, effects)) = record.replay_effects::<State>() else {
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
            Some((_, effect)) => log.lines.push(action_line(player, *effect)),
            // A roll that ended the turn: the live log's "turn lost".
            None if after.roll_due().is_some() || Game::to_move(after) != Some(player) => {
                log.lines.push(turn_lost_line(player));
            }
            None => {}
        }
    }
    log
}

/// Keeps the log and the notice up to date with the referee's announcements.
fn record_events(
    referee: Option<Res<PatolliReferee>>,
    new_boards: Query<(), Added<PatolliBoard>>,
    mut rolls: MessageReader<DiceRolled>,
    mut applied: MessageReader<ActionApplied>,
    mut rejected: MessageReader<ActionRejected>,
    mut log: ResMut<EventLog>,
    mut notice: ResMut<Notice>,
) {
    let Some(referee) = referee else {
        return;
    };
    if !new_boards.is_empty() {
        *log = log_of_record(referee.record());
        log.actions_seen = referee.actions_played();
        notice.0 = None;
    }
    for applied in applied.read() {
        notice.0 = None;
        log.lines.push(action_line(applied.player, applied.effect));
    }
    for rolled in rolls.read() {
        if rolled.turn_lost {
            log.lines.push(turn_lost_line(rolled.player));
        }
    }
    let played = referee.actions_played();
    if played < log.actions_seen {
        let taken = log.actions_seen - played;
        let plural = if taken == 1 { "" } else { "s" };
        log.lines.push(format!("Took back {taken} action{plural}"));
        notice.0 = None;
    }
    log.actions_seen = played;
    if let Some(refusal) = rejected.read().last() {
        notice.0 = Some(format!("Refused: {}", refusal.reason));
    }
}

fn show_seats(referee: Option<Res<PatolliReferee>>, mut text: Single<&mut Text, With<SeatsText>>) {
    let Some(referee) = referee else {
        return;
    };
    let setup = referee.setup();
    let rules = setup.board.rules;
    let dice = match rules.dice {
        Dice::Uniform => "a die 0–5".to_string(),
        Dice::Beans(n) => format!("{n} beans"),
    };
    let overshoot = match rules.overshoot {
        Overshoot::ContinueLap => "past the end: keep going round",
        Overshoot::Forbidden => "past the end: not allowed",
        Overshoot::BackToStart => "past the end: back to start",
    };
    let mut line = format!(
        "L (A–F): {}    N (1–6): {}\n{} squares, {dice}\n{overshoot}\nseed {}",
        setup.seats[0].title(),
        setup.seats[1].title(),
        setup.board.track.len(),
        setup.seed,
    );
    if setup.seats.contains(&Seat::Ai) {
        line.push_str(&format!(
            ", AI {}, {:.2} s a decision",
            setup.level,
            setup.budget.as_secs_f64()
        ));
    }
    if text.0 != line {
        text.0 = line;
    }
}

fn show_status(
    referee: Option<Res<PatolliReferee>>,
    thinking: Option<Res<PatolliThinking>>,
    selection: Res<Selection>,
    display: Res<RollDisplay>,
    mut status: Single<&mut Text, With<StatusText>>,
) {
    let Some(referee) = referee else {
        return;
    };
    let state = referee.state();
    let player = state.to_move();
    let line = match state.phase() {
        Phase::Over { winner } => format!(
            "Player {winner} wins, {} to {}.\nPlay again (N) or go to the menu (Esc).",
            state.score(winner),
            state.score(winner.opponent())
        ),
        _ if referee.paused() => format!(
            "Replay: player {player} to play{}.\nStep with ◀ ▶; C plays on from here.",
            referee
                .roll_shown()
                .map_or(String::new(), |roll| format!(" a roll of {roll}"))
        ),
        Phase::Roll => format!("Player {player} rolls…"),
        Phase::Act { roll } if display.settled() != Some((player, roll)) => {
            format!("Player {player} rolls…")
        }
        Phase::Act { roll } if referee.seat_to_move() == Some(Seat::Ai) => match &thinking {
            Some(t) if !t.has_decided() => format!(
                "Player {player} (AI) rolled {roll} and is thinking…\n{:.1} s of its budget left",
                t.remaining().as_secs_f32()
            ),
            _ => format!("Player {player} (AI) rolled {roll}"),
        },
        Phase::Act { roll } if state.only_pass() => format!(
            "Player {player} rolled {roll}: no piece can move and none can be placed.\n\
             You can only pass: press P or click Pass."
        ),
        Phase::Act { roll } => match selection.piece {
            Some(piece) => {
                let target = match state.move_target(piece) {
                    Some(Location::Track(square)) => format!("lands on square {square}"),
                    Some(Location::Scored) => "scores".to_string(),
                    _ => "cannot move".to_string(),
                };
                format!(
                    "Player {player}, roll {roll}: piece {piece} {target}.\n\
                     Click it again, or its target, or press Enter to move; Esc to choose again."
                )
            }
            None if state.in_opening() => {
                format!(
                    "Player {player}, roll {roll}: your first turn places a piece.\n\
                     Click your pool."
                )
            }
            None => format!(
                "Player {player} to play a roll of {roll}.\n\
                 Click a ringed piece to see where it lands; click your pool to place; P passes."
            ),
        },
    };
    if status.0 != line {
        status.0 = line;
    }
}

fn show_thinking(
    thinking: Option<Res<PatolliThinking>>,
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
    layout: Option<Res<PatolliLayout>>,
    mut message: Single<&mut Text, (With<MessageText>, Without<LayoutErrorText>)>,
    mut error: Single<&mut Text, (With<LayoutErrorText>, Without<MessageText>)>,
) {
    theme::set_text(&mut message, notice.0.clone().unwrap_or_default());
    let layout_error = layout.as_ref().and_then(|l| l.error.as_ref());
    theme::set_text(&mut error, theme::layout_error_line(layout_error));
}

fn show_log(log: Res<EventLog>, mut text: Single<&mut Text, With<LogText>>) {
    theme::set_text(&mut text, log.lines.text());
}

fn show_buttons(
    referee: Option<Res<PatolliReferee>>,
    mut pass: Single<
        (&mut Visibility, &mut Selected),
        (With<PassButton>, Without<theme::UndoButton>),
    >,
    mut undo: Single<&mut Visibility, (With<theme::UndoButton>, Without<PassButton>)>,
) {
    let Some(referee) = referee else {
        return;
    };
    let (pass_visibility, pass_selected) = &mut *pass;
    let human = referee.human_to_move();
    let can_pass = human && referee.state().check(Action::Pass).is_ok();
    pass_visibility.set_if_neq(if can_pass {
        Visibility::Inherited
    } else {
        Visibility::Hidden
    });
    // When passing is all that is left, the button stands out.
    pass_selected.set_if_neq(Selected(human && referee.state().only_pass()));
    theme::show_undo_button(referee.can_undo(), &mut undo);
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A record of the assignment's board with these entries.
    fn record(moves: &str) -> Record {
        let layout = include_str!("../../../levels/patolli.ron");
        let text = format!(
            "#![enable(unwrap_variant_newtypes)]\nRecord(game: Patolli, layout: {layout}, \
             seats: [Human, Human], budget: 1.0, seed: Some(1), moves: [{moves}])"
        );
        match crate::record::parse("test.ron", text.as_bytes()) {
            Ok(replayed) => replayed.record().clone(),
            Err(e) => panic!("{e}"),
        }
    }

    #[test]
    fn a_record_gives_the_log_of_what_it_played() {
        let log = log_of_record(&record(
            r#"Roll(3), Act("place A", 0), Roll(1), Act("place 1", 0), Roll(0), Roll(2), Act("move 1", 0)"#,
        ));
        assert_eq!(
            log.lines.lines(),
            [
                "L places A on square 23.",
                "N places 1 on square 53.",
                "L rolled 0: turn lost",
                "N moves 1 from 53 to 55."
            ]
        );
        assert!(log_of_record(&record("")).lines.lines().is_empty());
    }
}
