//! The panel beside the Penguins board: each player's seat and fish, whose turn it is and
//! what to do, and the ranking at the end. The thinking bar, refusals and skipped players,
//! layout errors, the last moves and Undo / New game / Menu (keys U, N, Esc) are the shared
//! match view's (`app::match_view`).

use bevy::prelude::*;

use crate::app::network::{NetWindow, seat_title, waiting_line};

use super::board::Selection;
use super::referee::{PenguinsReferee, PenguinsThinking};
use crate::app::layout_assets::PenguinsGame;
use crate::app::match_view::{self, MatchView};
use crate::app::{AppSystems, Screen, theme};
use crate::rules::Seat;
use crate::rules::penguins::{Action, MAX_PLAYERS, Phase, Player, Pos, State, Turn, player_letter};

/// The panel: spawned when a match's screen opens, kept up to date every frame. Headless tests
/// add it to read what the panel says.
pub fn plugin(app: &mut App) {
    app.add_plugins(match_view::plugin::<State>);
    app.add_systems(OnEnter(Screen::Penguins), spawn_panel);
    app.add_systems(
        Update,
        (show_players, show_status)
            .chain()
            .in_set(AppSystems::Present)
            .run_if(in_state(Screen::Penguins)),
    );
}

impl MatchView for State {
    fn outcome_words(winners: &Vec<Player>) -> String {
        match winners.as_slice() {
            [one] => format!("Player {one} wins"),
            many => {
                let names: Vec<String> = many.iter().map(ToString::to_string).collect();
                format!("Tie between {}", names.join(" and "))
            }
        }
    }

    type Layout = PenguinsGame;
    type Chosen = Pos;

    /// The move, then any players it left skipped.
    fn log_lines(_player: Player, action: Action, turn: &Turn) -> Vec<String> {
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

    fn notice_after(turn: &Turn) -> Option<String> {
        let skipped = turn.skipped.last()?;
        Some(format!(
            "Player {} cannot move and is skipped.",
            player_letter(*skipped)
        ))
    }
}

/// The players' lines: for each possible player, three spans (the turn arrow, a dot in the
/// player's colour, the seat and fish), then the board's line.
#[derive(Component, Debug)]
pub struct PlayersText;

/// The spans of [`PlayersText`] for each player.
const SPANS_PER_PLAYER: usize = 3;
#[derive(Component)]
struct StatusText;

fn spawn_panel(mut commands: Commands) {
    match_view::spawn_panel::<State>(&mut commands, 380.0, |panel| {
        panel
            .spawn((PlayersText, theme::label("", 17.0, theme::TEXT)))
            .with_children(|text| {
                let spans = usize::from(MAX_PLAYERS) * SPANS_PER_PLAYER + 1;
                for _ in 0..spans {
                    text.spawn((TextSpan::new(""), theme::font(17.0), TextColor(theme::TEXT)));
                }
            });
        panel.spawn((StatusText, theme::label("", 19.0, theme::TEXT)));
        panel.spawn(match_view::thinking_bar());
        match_view::spawn_messages(panel, 16.0);
        panel.spawn(match_view::log_text());
        match_view::spawn_match_buttons(panel);
    });
}

fn show_players(
    referee: Option<Res<PenguinsReferee>>,
    net: Option<Res<NetWindow>>,
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
        let seat = seat_title(
            net.as_deref(),
            usize::from(player) - 1,
            referee.seat(Player(player)),
        );
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
        .seed()
        .map_or("a fixed board".to_string(), |s| format!("seed {s}"));
    let setup = referee.setup();
    let ai = if setup.seats().contains(&Seat::Ai) {
        theme::ai_line(setup.level(), setup.budget())
    } else {
        String::new()
    };
    spans.push((
        format!(
            "{}x{} {}board, {seed}{ai}",
            board.cols(),
            board.rows(),
            board.grid().prefix()
        ),
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
    net: Option<Res<NetWindow>>,
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
        _ if referee.waits_for_another_machine() => format!(
            "Player {who} to move.\n{}",
            waiting_line(&referee, net.as_deref()).unwrap_or_default()
        ),
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
        Phase::Movement => match selection.chosen {
            Some(from) => format!(
                "Player {who}: the penguin at {from} is chosen.\nClick a framed floe to slide \
                 there (Esc: choose again)."
            ),
            None => format!("Player {who}: move a penguin.\nClick one of your ringed penguins."),
        },
    };
    theme::set_text(&mut status, line);
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
        let record = match crate::replay::parse("test.ron", text.as_bytes()) {
            Ok(replayed) => replayed.record().clone(),
            Err(e) => panic!("{e}"),
        };
        // Seven lines played; the log keeps the last six.
        assert_eq!(
            match_view::log_of_record::<State>(&record).lines(),
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
