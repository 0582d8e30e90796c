//! The panel beside the cross: seats and rule options, whose turn it is and what to do, a
//! legend of the squares and the Pass button (key P; Enter confirms a move). The thinking
//! bar, refusals, layout errors, the log and Undo / New game / Menu (keys U, N, Esc) are the
//! shared match view's (`app::match_view`).

use bevy::picking::events::{Click, Pointer};
use bevy::prelude::*;

use super::board::Selection;
use super::dice::RollDisplay;
use super::referee::{ActionRequested, PatolliReferee, PatolliThinking};
use crate::app::layout_assets::PatolliGame;
use crate::app::match_view::{self, MatchView};
use crate::app::network::{NetWindow, seat_title, waiting_line};
use crate::app::theme::{self, Selected};
use crate::app::{AppSystems, Screen};
use crate::rules::Seat;
use crate::rules::patolli::{
    Action, Dice, Effect, Location, Overshoot, Phase, Piece, Player, State,
};

pub(super) fn plugin(app: &mut App) {
    app.add_plugins(match_view::plugin::<State>);
    app.add_systems(OnEnter(Screen::Patolli), spawn_panel);
    app.add_systems(
        Update,
        send_key_requests
            .in_set(AppSystems::RecordInput)
            .run_if(in_state(Screen::Patolli)),
    );
    app.add_systems(
        Update,
        (show_seats, show_status, show_pass, show_legend)
            .chain()
            .in_set(AppSystems::Present)
            .run_if(in_state(Screen::Patolli)),
    );
}

impl MatchView for State {
    fn outcome_words(winner: &Player) -> String {
        format!("Player {winner} wins")
    }

    type Layout = PatolliGame;
    type Chosen = Piece;

    fn log_lines(player: Player, _action: Action, effect: &Effect) -> Vec<String> {
        vec![format!("{player} {}", effect.describe())]
    }

    fn turn_lost_line(player: Player) -> String {
        format!("{player} rolled 0: turn lost")
    }
}

#[derive(Component)]
struct SeatsText;
#[derive(Component)]
struct StatusText;
#[derive(Component)]
struct PassButton;

fn spawn_panel(mut commands: Commands) {
    match_view::spawn_panel::<State>(&mut commands, 400.0, |panel| {
        panel.spawn((SeatsText, theme::label("", 15.0, theme::TEXT_DIM)));
        panel.spawn((StatusText, theme::label("", 19.0, theme::TEXT)));
        panel.spawn(match_view::thinking_bar());
        match_view::spawn_messages(panel, 16.0);
        panel.spawn(legend());
        panel.spawn(match_view::log_text());
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
                match_view::spawn_match_buttons(rows);
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
    let [e, f] = swatch(theme::START_L, "L starts on the tinted square, ends on ★");
    let [g, h] = swatch(theme::START_N, "N starts on the tinted square, ends on ★");
    // G's and M's lines, filled in on boards that seat them.
    let [i, j] = swatch(theme::START_3, "");
    let [k, l] = swatch(theme::START_4, "");
    (
        Legend,
        Text::new(""),
        theme::font(15.0),
        children![a, b, c, d, e, f, g, h, i, j, k, l],
    )
}

/// The legend of the square colours.
#[derive(Component)]
struct Legend;

/// The legend's lines for G and M, on boards that seat them (spans 9 to 12).
fn show_legend(
    referee: Option<Res<PatolliReferee>>,
    legend: Query<Entity, With<Legend>>,
    mut writer: TextUiWriter,
) {
    let (Some(referee), Ok(legend)) = (referee, legend.single()) else {
        return;
    };
    let track = referee.state().track();
    for (player, span) in [(Player::G, 9), (Player::M, 11)] {
        let seated = track.seats(player);
        let lines = if seated {
            [
                "■ ".to_string(),
                format!("{player} starts on the tinted square, ends on ★\n"),
            ]
        } else {
            [String::new(), String::new()]
        };
        for (offset, line) in lines.into_iter().enumerate() {
            if let Some(mut text) = writer.get_text(legend, span + offset)
                && *text != line
            {
                *text = line;
            }
        }
    }
}

/// P passes; Enter moves the piece chosen by a click (the keyboard's cursor, when it shows,
/// acts itself).
fn send_key_requests(
    keys: Res<ButtonInput<KeyCode>>,
    cursor: Res<crate::app::keyboard::KeyCursor>,
    mut selection: ResMut<Selection>,
    mut requests: MessageWriter<ActionRequested>,
) {
    if keys.just_pressed(KeyCode::KeyP) {
        requests.write(ActionRequested {
            action: Action::Pass,
            seat: Seat::Human,
        });
    }
    if (keys.just_pressed(KeyCode::Enter) || keys.just_pressed(KeyCode::NumpadEnter))
        && !cursor.shown
        && let Some(piece) = selection.chosen
    {
        *selection = Selection::default();
        requests.write(ActionRequested {
            action: Action::Move(piece),
            seat: Seat::Human,
        });
    }
}

fn show_seats(
    referee: Option<Res<PatolliReferee>>,
    net: Option<Res<NetWindow>>,
    mut text: Single<&mut Text, With<SeatsText>>,
) {
    let Some(referee) = referee else {
        return;
    };
    let setup = referee.setup();
    let rules = setup.board().rules;
    let dice = match rules.dice {
        Dice::Uniform => "a die 0–5".to_string(),
        Dice::Beans(n) => format!("{n} beans"),
    };
    let overshoot = match rules.overshoot {
        Overshoot::ContinueLap => "past the end: keep going round",
        Overshoot::Forbidden => "past the end: not allowed",
        Overshoot::BackToStart => "past the end: back to start",
    };
    // Two seats a line: "L (A–F): Human    N (1–6): AI".
    let seats: Vec<String> = setup
        .board()
        .track
        .players()
        .iter()
        .zip(setup.seats())
        .enumerate()
        .map(|(index, (player, seat))| {
            format!(
                "{player} ({}): {}",
                player.labels().replace('-', "–"),
                seat_title(net.as_deref(), index, *seat)
            )
        })
        .collect();
    let seats: Vec<String> = seats.chunks(2).map(|pair| pair.join("    ")).collect();
    let mut line = format!(
        "{}\n{} squares, {dice}\n{overshoot}\nseed {}",
        seats.join("\n"),
        setup.board().track.len(),
        setup.seed(),
    );
    if setup.seats().contains(&Seat::Ai) {
        line.push_str(&format!(
            ", AI {}, {:.2} s a decision",
            setup.level(),
            setup.budget().as_secs_f64()
        ));
    }
    if text.0 != line {
        text.0 = line;
    }
}

fn show_status(
    referee: Option<Res<PatolliReferee>>,
    thinking: Option<Res<PatolliThinking>>,
    net: Option<Res<NetWindow>>,
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
            "Player {winner} wins, {}.\nPlay again (N) or go to the menu (Esc).",
            state.scores_line().replace('–', " to ")
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
        Phase::Act { roll } if referee.waits_for_another_machine() => format!(
            "Player {player} rolled {roll}.\n{}",
            waiting_line(&referee, net.as_deref()).unwrap_or_default()
        ),
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
        Phase::Act { roll } => match selection.chosen {
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

fn show_pass(
    referee: Option<Res<PatolliReferee>>,
    mut pass: Single<(&mut Visibility, &mut Selected), With<PassButton>>,
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
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::record::Record;

    /// A record of the assignment's board with these entries.
    fn record(moves: &str) -> Record {
        let layout = include_str!("../../../levels/patolli.ron");
        let text = format!(
            "#![enable(unwrap_variant_newtypes)]\nRecord(game: Patolli, layout: {layout}, \
             seats: [Human, Human], budget: 1.0, seed: Some(1), moves: [{moves}])"
        );
        match crate::replay::parse("test.ron", text.as_bytes()) {
            Ok(replayed) => replayed.record().clone(),
            Err(e) => panic!("{e}"),
        }
    }

    #[test]
    fn a_record_gives_the_log_of_what_it_played() {
        let log = match_view::log_of_record::<State>(&record(
            r#"Roll(3), Act("place A", 0), Roll(1), Act("place 1", 0), Roll(0), Roll(2), Act("move 1", 0)"#,
        ));
        assert_eq!(
            log.lines(),
            [
                "L places A on square 23.",
                "N places 1 on square 53.",
                "L rolled 0: turn lost",
                "N moves 1 from 53 to 55."
            ]
        );
        assert!(
            match_view::log_of_record::<State>(&record(""))
                .lines()
                .is_empty()
        );
    }
}
