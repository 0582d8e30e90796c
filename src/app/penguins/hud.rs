//! The panel beside the Penguins board: each player's seat and fish, whose turn it is and
//! what to do, and the ranking at the end. The thinking bar, refusals and skipped players,
//! layout errors, the last moves and Undo / New game / Menu (keys U, N, Esc) are the shared
//! match view's (`app::match_view`).

use bevy::prelude::*;

use crate::app::network::{NetWindow, seat_title, waiting_line};

use super::board::Selection;
use super::referee::{PenguinsReferee, PenguinsThinking};
use crate::app::language::ChosenLanguage;
use crate::app::layout_assets::PenguinsGame;
use crate::app::match_view::{self, MatchView};
use crate::app::{AppSystems, Screen, theme};
use crate::i18n::Tr;
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
    fn outcome_words(winners: &Vec<Player>) -> Tr {
        match winners.as_slice() {
            [one] => Tr::new("penguins-wins").text("player", one.to_string()),
            many => Tr::new("penguins-tie").words("players", letters(many.iter().map(|p| p.0))),
        }
    }

    type Layout = PenguinsGame;
    type Chosen = Pos;

    /// The move, then any players it left skipped.
    fn log_lines(_player: Player, action: Action, turn: &Turn) -> Vec<Tr> {
        let who = player_letter(turn.player).to_string();
        let mut lines = vec![match action {
            Action::Place(pos) => Tr::new("penguins-log-placed")
                .text("player", who)
                .text("floe", pos.to_string()),
            Action::Move { from, to } => Tr::new("penguins-log-slid")
                .text("player", who)
                .text("from", from.to_string())
                .text("to", to.to_string())
                .number("fish", turn.fish),
        }];
        lines.extend(turn.skipped.iter().map(|&skipped| {
            Tr::new("penguins-log-skipped").text("player", player_letter(skipped).to_string())
        }));
        lines
    }

    fn notice_after(turn: &Turn) -> Option<Tr> {
        let skipped = turn.skipped.last()?;
        Some(Tr::new("penguins-skipped").text("player", player_letter(*skipped).to_string()))
    }
}

/// Players' letters as a list: "A and B", "A, B and C" (the language's "and").
fn letters(players: impl Iterator<Item = u8>) -> Tr {
    let mut letters: Vec<String> = players.map(|p| player_letter(p).to_string()).collect();
    let last = letters.pop().unwrap_or_default();
    if letters.is_empty() {
        Tr::new("list-one").text("item", last)
    } else {
        Tr::new("list-and")
            .text("rest", letters.join(", "))
            .text("last", last)
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
    language: Res<ChosenLanguage>,
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
            *language,
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
        let line = Tr::new("penguins-player-line")
            .text("player", player_letter(player).to_string())
            .text("seat", seat)
            .number("fish", state.score(player))
            .number("placed", state.placed(player))
            .number("penguins", state.penguins_per_player());
        spans.push((format!("{}\n", language.word(&line)), theme::TEXT));
    }
    let board = state.board();
    let setup = referee.setup();
    let board_line = match setup.seed() {
        Some(seed) => Tr::new("penguins-board-seed").text("seed", seed.to_string()),
        None => Tr::new("penguins-board-fixed"),
    }
    .number("cols", board.cols())
    .number("rows", board.rows())
    .text(
        "grid",
        if board.grid().is_square() {
            "square"
        } else {
            "hex"
        },
    );
    let ai = if setup.seats().contains(&Seat::Ai) {
        theme::ai_line(setup.level(), setup.budget(), *language)
    } else {
        String::new()
    };
    spans.push((format!("{}{ai}", language.word(&board_line)), theme::TEXT));
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
    language: Res<ChosenLanguage>,
    mut status: Single<&mut Text, With<StatusText>>,
) {
    let Some(referee) = referee else {
        return;
    };
    let state = referee.state();
    let who = || Tr::new("match-player").text("letter", player_letter(state.to_move()).to_string());
    let lines: Vec<Tr> = match state.phase() {
        Phase::Over => {
            let winners = state.winners().unwrap_or_default();
            let mut lines = vec![match winners.as_slice() {
                [one] => {
                    Tr::new("penguins-over-wins").text("player", player_letter(*one).to_string())
                }
                many => {
                    Tr::new("penguins-over-tie").words("players", letters(many.iter().copied()))
                }
            }];
            lines.extend(state.ranking().iter().map(|s| {
                Tr::new("penguins-ranking")
                    .number("place", s.place)
                    .text("player", player_letter(s.player).to_string())
                    .number("fish", s.fish)
            }));
            lines.push(Tr::new("match-new-game-or-menu"));
            lines
        }
        _ if referee.paused() => vec![
            Tr::new("match-replay-to-move").words("player", who()),
            Tr::new("match-replay-steps"),
        ],
        _ if referee.waits_for_another_machine() => vec![match_view::to_move(who())],
        _ if referee.seat_to_move() == Some(Seat::Ai) => match &thinking {
            Some(t) if !t.has_decided() => vec![
                Tr::new("match-ai-thinking").words("player", who()),
                match_view::budget_left(t.remaining()),
            ],
            _ => vec![Tr::new("match-ai-to-move").words("player", who())],
        },
        Phase::Placement => vec![
            Tr::new("penguins-place").words("player", who()),
            Tr::new("penguins-place-how"),
        ],
        Phase::Movement => match selection.chosen {
            Some(from) => vec![
                Tr::new("penguins-chosen")
                    .words("player", who())
                    .text("floe", from.to_string()),
                Tr::new("penguins-chosen-how"),
            ],
            None => vec![
                Tr::new("penguins-move").words("player", who()),
                Tr::new("penguins-move-how"),
            ],
        },
    };
    let mut text = language.lines(&lines);
    if let Some(waiting) = waiting_line(&referee, net.as_deref()) {
        text = format!("{text}\n{}", language.word(&waiting));
    }
    theme::set_text(&mut status, text);
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
            match_view::log_of_record::<State>(&record).lines(ChosenLanguage::default()),
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
