//! The panel beside the cross: seats and rule options, whose turn it is and what to do, a
//! legend of the squares and the Pass button (key P; Enter confirms a move). The thinking
//! bar, refusals, layout errors, the log and Undo / New game / Menu (keys U, N, Esc) are the
//! shared match view's (`app::match_view`).

use bevy::picking::events::{Click, Pointer};
use bevy::prelude::*;

use super::board::Selection;
use super::dice::RollDisplay;
use super::referee::{ActionRequested, PatolliReferee, PatolliThinking};
use crate::app::language::ChosenLanguage;
use crate::app::layout_assets::PatolliGame;
use crate::app::match_view::{self, MatchView};
use crate::app::network::{NetWindow, seat_title, waiting_line};
use crate::app::theme::{self, Selected};
use crate::app::{AppSystems, Screen};
use crate::i18n::Tr;
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
    fn outcome_words(winner: &Player) -> Tr {
        Tr::new("patolli-wins").text("player", winner.to_string())
    }

    type Layout = PatolliGame;
    type Chosen = Piece;

    fn log_lines(player: Player, _action: Action, effect: &Effect) -> Vec<Tr> {
        vec![effect_words(player, *effect)]
    }

    fn turn_lost_line(player: Player) -> Tr {
        Tr::new("patolli-log-turn-lost").text("player", player.to_string())
    }
}

/// The log's line for `player`'s action with `effect` ("L moves A from 3 to 7.").
fn effect_words(player: Player, effect: Effect) -> Tr {
    let player = player.to_string();
    match effect {
        Effect::Passed => Tr::new("patolli-log-passed").text("player", player),
        Effect::Placed { piece, square } => Tr::new("patolli-log-placed")
            .text("player", player)
            .text("piece", piece.to_string())
            .number("square", square),
        Effect::Moved {
            piece,
            from,
            to,
            captured,
            extra_roll,
        } => {
            let (id, square) = match to {
                Location::Track(square) => ("patolli-log-moved", square),
                Location::Scored => ("patolli-log-scored", 0),
                Location::Pool => ("patolli-log-overshot", 0),
            };
            Tr::new(id)
                .text("player", player)
                .text("piece", piece.to_string())
                .number("from", from)
                .number("to", square)
                .text(
                    "captured",
                    captured.map_or("none".to_string(), |c| c.to_string()),
                )
                .text("extra", if extra_roll { "yes" } else { "no" })
        }
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
                width: percent(100),
                flex_direction: FlexDirection::Column,
                row_gap: px(8),
                ..default()
            })
            .with_children(|rows| {
                rows.spawn((PassButton, theme::tr_button(Tr::new("patolli-pass"), 150.0)))
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
    // The lines' words are `show_legend`'s, in the chosen language.
    let swatch = |color: Color| {
        [
            (TextSpan::new("■ "), theme::font(15.0), TextColor(color)),
            (
                TextSpan::new(""),
                theme::font(15.0),
                TextColor(theme::TEXT_DIM),
            ),
        ]
    };
    let [a, b] = swatch(theme::MIDDLE_SQUARE);
    let [c, d] = swatch(theme::ARM_END);
    let [e, f] = swatch(theme::START_L);
    let [g, h] = swatch(theme::START_N);
    // G's and M's lines, filled in on boards that seat them.
    let [i, j] = swatch(theme::START_3);
    let [k, l] = swatch(theme::START_4);
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

/// The legend's lines in the chosen language, G's and M's only on boards that seat them
/// (spans 9 to 12).
fn show_legend(
    referee: Option<Res<PatolliReferee>>,
    language: Res<ChosenLanguage>,
    legend: Query<Entity, With<Legend>>,
    mut writer: TextUiWriter,
) {
    let (Some(referee), Ok(legend)) = (referee, legend.single()) else {
        return;
    };
    let track = referee.state().track();
    let start = |player: Player| Tr::new("patolli-legend-start").text("player", player.to_string());
    let rows = [
        (1, Some(Tr::new("patolli-legend-middle"))),
        (3, Some(Tr::new("patolli-legend-arm-end"))),
        (5, Some(start(Player::L))),
        (7, Some(start(Player::N))),
        (9, track.seats(Player::G).then(|| start(Player::G))),
        (11, track.seats(Player::M).then(|| start(Player::M))),
    ];
    for (span, words) in rows {
        let lines = match words {
            Some(words) => ["■ ".to_string(), format!("{}\n", language.word(&words))],
            None => [String::new(), String::new()],
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
    language: Res<ChosenLanguage>,
    mut text: Single<&mut Text, With<SeatsText>>,
) {
    let Some(referee) = referee else {
        return;
    };
    let setup = referee.setup();
    let rules = setup.board().rules;
    let dice = match rules.dice {
        Dice::Uniform => Tr::new("patolli-die"),
        Dice::Beans(n) => Tr::new("patolli-beans").number("beans", n),
    };
    let overshoot = Tr::new(match rules.overshoot {
        Overshoot::ContinueLap => "patolli-overshoot-continue",
        Overshoot::Forbidden => "patolli-overshoot-forbidden",
        Overshoot::BackToStart => "patolli-overshoot-back",
    });
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
                seat_title(net.as_deref(), index, *seat, *language)
            )
        })
        .collect();
    let seats: Vec<String> = seats.chunks(2).map(|pair| pair.join("    ")).collect();
    let board = Tr::new("patolli-board-line")
        .number("squares", setup.board().track.len())
        .words("dice", dice);
    let seed = if setup.seats().contains(&Seat::Ai) {
        Tr::new("patolli-seed-ai")
            .text("level", setup.level().to_string())
            .text("seconds", format!("{:.2}", setup.budget().as_secs_f64()))
    } else {
        Tr::new("patolli-seed")
    }
    .text("seed", setup.seed().to_string());
    let line = format!(
        "{}\n{}",
        seats.join("\n"),
        language.lines(&[board, overshoot, seed])
    );
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
    language: Res<ChosenLanguage>,
    mut status: Single<&mut Text, With<StatusText>>,
) {
    let Some(referee) = referee else {
        return;
    };
    let state = referee.state();
    let player = state.to_move();
    let who = || player.to_string();
    let rolls = || Tr::new("patolli-rolls").text("player", who());
    let lines: Vec<Tr> = match state.phase() {
        Phase::Over { winner } => vec![
            Tr::new("patolli-over")
                .text("player", winner.to_string())
                .text("scores", state.scores_line()),
            Tr::new("match-play-again-or-menu"),
        ],
        _ if referee.paused() => vec![
            match referee.roll_shown() {
                Some(roll) => Tr::new("patolli-replay-roll").number("roll", roll),
                None => Tr::new("patolli-replay"),
            }
            .text("player", who()),
            Tr::new("match-replay-steps"),
        ],
        Phase::Roll => vec![rolls()],
        Phase::Act { roll } if display.settled() != Some((player, roll)) => vec![rolls()],
        Phase::Act { roll } if referee.waits_for_another_machine() => vec![
            Tr::new("patolli-rolled")
                .text("player", who())
                .number("roll", roll),
        ],
        Phase::Act { roll } if referee.seat_to_move() == Some(Seat::Ai) => match &thinking {
            Some(t) if !t.has_decided() => vec![
                Tr::new("patolli-ai-thinking")
                    .text("player", who())
                    .number("roll", roll),
                match_view::budget_left(t.remaining()),
            ],
            _ => vec![
                Tr::new("patolli-ai-rolled")
                    .text("player", who())
                    .number("roll", roll),
            ],
        },
        Phase::Act { roll } if state.only_pass() => vec![
            Tr::new("patolli-only-pass")
                .text("player", who())
                .number("roll", roll),
            Tr::new("patolli-only-pass-how"),
        ],
        Phase::Act { roll } => match selection.chosen {
            Some(piece) => {
                let (id, square) = match state.move_target(piece) {
                    Some(Location::Track(square)) => ("patolli-chosen-lands", square),
                    Some(Location::Scored) => ("patolli-chosen-scores", 0),
                    _ => ("patolli-chosen-stuck", 0),
                };
                vec![
                    Tr::new(id)
                        .text("player", who())
                        .number("roll", roll)
                        .text("piece", piece.to_string())
                        .number("square", square),
                    Tr::new("patolli-chosen-how"),
                ]
            }
            None if state.in_opening() => vec![
                Tr::new("patolli-opening")
                    .text("player", who())
                    .number("roll", roll),
                Tr::new("patolli-opening-how"),
            ],
            None => vec![
                Tr::new("patolli-to-play")
                    .text("player", who())
                    .number("roll", roll),
                Tr::new("patolli-to-play-how"),
            ],
        },
    };
    let mut line = language.lines(&lines);
    if matches!(state.phase(), Phase::Act { .. })
        && let Some(waiting) = waiting_line(&referee, net.as_deref())
    {
        line = format!("{line}\n{}", language.word(&waiting));
    }
    theme::set_text(&mut status, line);
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
            log.lines(ChosenLanguage::default()),
            [
                "L places A on square 23.",
                "N places 1 on square 53.",
                "L rolled 0: turn lost",
                "N moves 1 from 53 to 55."
            ]
        );
        assert!(
            match_view::log_of_record::<State>(&record(""))
                .lines(ChosenLanguage::default())
                .is_empty()
        );
    }
}
