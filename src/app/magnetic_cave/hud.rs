//! The panel beside the cave: seats, whose turn it is, what the AI proved and the moves; the
//! thinking bar, refusals, layout errors and the Undo / New game / Menu buttons (keys U, N,
//! Esc) are the shared match view's (`app::match_view`).

use bevy::prelude::*;

use crate::app::network::{NetWindow, seat_title, waiting_line};

use super::referee::{AiProof, AiThinking, CaveReferee, Refusal};
use crate::app::language::ChosenLanguage;
use crate::app::layout_assets::CaveGame;
use crate::app::match_view::{self, MatchView};
use crate::app::{AppSystems, Screen, theme};
use crate::i18n::Tr;
use crate::rules::Seat;
use crate::rules::magnetic_cave::{Brick, Cell, Outcome, State};

/// The panel: spawned when a match's screen opens, kept up to date every frame. Headless tests
/// add it to read what the panel says.
pub fn plugin(app: &mut App) {
    app.add_plugins(match_view::plugin::<State>);
    app.add_systems(OnEnter(Screen::MagneticCave), spawn_hud);
    app.add_systems(
        Update,
        (show_status, show_proof, show_moves)
            .chain()
            .in_set(AppSystems::Present)
            .run_if(in_state(Screen::MagneticCave)),
    );
}

impl MatchView for State {
    type Layout = CaveGame;
    type Chosen = ();

    fn player_name(player: Brick) -> Tr {
        player_name(player)
    }

    fn outcome_words(outcome: &Outcome) -> Tr {
        match outcome {
            Outcome::Win { winner, .. } => {
                Tr::new("cave-wins").words("player", player_name(*winner))
            }
            Outcome::Tie => Tr::new("cave-tie"),
        }
    }

    /// The moves list shows the moves; the cave has no log.
    fn log_lines(_player: Brick, _action: Cell, _effect: &Option<Outcome>) -> Vec<Tr> {
        Vec::new()
    }

    fn refusal_line(action: Option<Cell>, reason: &Refusal) -> Tr {
        let reason = match_view::refusal_words::<State>(reason);
        match action {
            Some(cell) => Tr::new("cave-refused-cell")
                .text("cell", cell.to_string())
                .words("reason", reason),
            None => reason,
        }
    }
}

#[derive(Component)]
struct StatusText;
/// The cave's size and line length, and the AI's level and time per move.
#[derive(Component)]
struct CaveText;
/// What the AI proved with its last move, while the match stands there.
#[derive(Component)]
struct ProofText;
/// The heading of the moves list ("No moves yet." before the first).
#[derive(Component)]
struct MovesText;
/// A cell of the moves list: its row (0 the oldest shown) and column (the move's number,
/// black's move, white's move).
#[derive(Component, Clone, Copy)]
struct MovesCell {
    row: usize,
    column: usize,
}

/// Rows of the moves list: the last moves shown.
const MOVE_ROWS: usize = 8;
/// The widths of the moves list's columns, in pixels: they line the cells up, which spaces
/// in the panel's proportional font did not.
const MOVE_COLUMNS: [f32; 3] = [32.0, 48.0, 48.0];
/// The brick beside the status line, drawn as the board draws it: the player to move, or the
/// winner; hidden after a tie.
#[derive(Component, Debug)]
pub struct StatusBrick;
/// The text beside a seat's brick: who plays that colour.
#[derive(Component)]
struct SeatText(Brick);

/// A brick as the board draws it, its fill inside its edge, `size` pixels wide: it stands for
/// a player in the panel, where a ■ glyph in the light text colour looked like a white brick.
fn panel_brick(player: Brick, size: f32, margin: UiRect) -> impl Bundle {
    let (edge, fill) = super::board::brick_colors(player);
    (
        Node {
            width: px(size),
            height: px(size),
            flex_shrink: 0.0,
            border: UiRect::all(px((size / 9.0).round())),
            margin,
            ..default()
        },
        BackgroundColor(fill),
        BorderColor::all(edge),
    )
}

/// A row of a brick and a text beside it.
fn brick_row(gap: f32) -> Node {
    Node {
        flex_direction: FlexDirection::Row,
        align_items: AlignItems::Center,
        column_gap: px(gap),
        ..default()
    }
}

fn spawn_hud(mut commands: Commands) {
    match_view::spawn_panel::<State>(&mut commands, 380.0, |panel| {
        panel.spawn((CaveText, theme::label("", 17.0, theme::TEXT_DIM)));
        panel.spawn(brick_row(8.0)).with_children(|row| {
            for (player, left) in [(Brick::Black, 0), (Brick::White, 16)] {
                row.spawn(panel_brick(player, 18.0, UiRect::left(px(left))));
                row.spawn((SeatText(player), theme::label("", 17.0, theme::TEXT_DIM)));
            }
        });
        panel
            .spawn(Node {
                align_items: AlignItems::Start,
                ..brick_row(10.0)
            })
            .with_children(|row| {
                row.spawn((
                    StatusBrick,
                    panel_brick(Brick::Black, 24.0, UiRect::top(px(5))),
                ));
                row.spawn((StatusText, theme::label("", 24.0, theme::TEXT)));
            });
        panel.spawn(match_view::thinking_bar());
        panel.spawn((ProofText, theme::label("", 17.0, theme::TEXT)));
        match_view::spawn_messages(panel, 17.0);
        panel
            .spawn(Node {
                flex_direction: FlexDirection::Column,
                ..default()
            })
            .with_children(|list| {
                list.spawn((MovesText, theme::label("", 16.0, theme::TEXT_DIM)));
                for row in 0..MOVE_ROWS {
                    list.spawn(Node::default()).with_children(|cells| {
                        for (column, width) in MOVE_COLUMNS.into_iter().enumerate() {
                            cells.spawn((
                                MovesCell { row, column },
                                theme::label("", 16.0, theme::TEXT_DIM),
                                TextLayout::no_wrap(),
                                Node {
                                    width: px(width),
                                    ..default()
                                },
                            ));
                        }
                    });
                }
            });
        match_view::spawn_match_buttons(panel);
    });
}

fn player_name(player: Brick) -> Tr {
    Tr::new(match player {
        Brick::Black => "cave-black",
        Brick::White => "cave-white",
    })
}

/// The status line, and whose brick stands beside it (none after a tie).
fn status_line(referee: &CaveReferee, thinking: Option<&AiThinking>) -> (Vec<Tr>, Option<Brick>) {
    let player = referee.state().to_move();
    let name = || player_name(player);
    match referee.state().outcome() {
        Some(Outcome::Win { winner, from, to }) => (
            vec![
                Tr::new("cave-wins-line")
                    .words("player", player_name(winner))
                    .text("from", from.to_string())
                    .text("to", to.to_string()),
                Tr::new("cave-play-again"),
            ],
            Some(winner),
        ),
        Some(Outcome::Tie) => (
            vec![Tr::new("cave-tie-full"), Tr::new("cave-play-again")],
            None,
        ),
        None if referee.paused() => (
            vec![
                Tr::new("match-replay-to-move").words("player", name()),
                Tr::new("match-replay-steps"),
            ],
            Some(player),
        ),
        None if referee.seat_to_move() == Some(Seat::Ai) => {
            let lines = match thinking {
                Some(t) => vec![
                    Tr::new("match-ai-thinking").words("player", name()),
                    match_view::budget_left(t.remaining()),
                ],
                None => vec![Tr::new("match-ai-to-move").words("player", name())],
            };
            (lines, Some(player))
        }
        None => (
            vec![match_view::to_move(name()), Tr::new("cave-click-cell")],
            Some(player),
        ),
    }
}

fn show_status(
    referee: Option<Res<CaveReferee>>,
    thinking: Option<Res<AiThinking>>,
    net: Option<Res<NetWindow>>,
    language: Res<ChosenLanguage>,
    mut status: Single<&mut Text, (With<StatusText>, Without<CaveText>, Without<SeatText>)>,
    mut cave: Single<&mut Text, (With<CaveText>, Without<StatusText>, Without<SeatText>)>,
    mut seat_texts: Query<(&SeatText, &mut Text), (Without<StatusText>, Without<CaveText>)>,
    mut status_brick: Single<
        (&mut Node, &mut BackgroundColor, &mut BorderColor),
        With<StatusBrick>,
    >,
) {
    let Some(referee) = referee else {
        return;
    };
    let config = referee.state().config();
    let mut cave_line = language.word(
        &Tr::new("cave-size-line")
            .number("width", config.width())
            .number("height", config.height())
            .number("length", config.win_length()),
    );
    if referee.setup().seats().contains(&Seat::Ai) {
        cave_line.push_str(&theme::ai_line(
            referee.setup().level(),
            referee.setup().budget(),
            *language,
        ));
    }
    theme::set_text(&mut cave, cave_line);
    for (SeatText(player), mut text) in &mut seat_texts {
        let index = player.index();
        let seat = seat_title(
            net.as_deref(),
            index,
            referee.setup().seats()[index],
            *language,
        );
        let line = Tr::new("cave-seat-line")
            .words("player", player_name(*player))
            .text("seat", seat);
        theme::set_text(&mut text, language.word(&line));
    }
    // As the thinking bar: once the AI has decided, it is only waiting to show its move.
    let thinking = thinking.as_deref().filter(|t| !t.has_decided());
    let (lines, brick) = status_line(&referee, thinking);
    let mut line = language.lines(&lines);
    if let Some(waiting) = waiting_line(&referee, net.as_deref()) {
        let to_move = match_view::to_move(player_name(referee.state().to_move()));
        line = format!("{}\n{}", language.word(&to_move), language.word(&waiting));
    }
    theme::set_text(&mut status, line);
    let (node, background, border) = &mut *status_brick;
    let display = if brick.is_some() {
        Display::Flex
    } else {
        Display::None
    };
    if node.display != display {
        node.display = display;
    }
    if let Some(player) = brick {
        let (edge, fill) = super::board::brick_colors(player);
        background.set_if_neq(BackgroundColor(fill));
        border.set_if_neq(BorderColor::all(edge));
    }
}

fn show_proof(
    referee: Option<Res<CaveReferee>>,
    proof: Option<Res<AiProof>>,
    language: Res<ChosenLanguage>,
    mut text: Single<&mut Text, With<ProofText>>,
) {
    let line = match (referee, proof) {
        (Some(referee), Some(proof)) => proof
            .line(&referee)
            .map(|line| language.word(line))
            .unwrap_or_default(),
        _ => String::new(),
    };
    theme::set_text(&mut text, line);
}

fn show_moves(
    referee: Option<Res<CaveReferee>>,
    language: Res<ChosenLanguage>,
    mut heading: Single<&mut Text, (With<MovesText>, Without<MovesCell>)>,
    mut cells: Query<(&MovesCell, &mut Text), Without<MovesText>>,
) {
    let Some(referee) = referee else {
        return;
    };
    let pairs: Vec<&[Cell]> = referee.state().moves().chunks(2).collect();
    let first = pairs.len().saturating_sub(MOVE_ROWS);
    let title = Tr::new(if pairs.is_empty() {
        "cave-no-moves"
    } else {
        "cave-moves"
    });
    theme::set_text(&mut heading, language.word(&title));
    for (cell, mut text) in &mut cells {
        let number = first + cell.row;
        let content = match (pairs.get(number), cell.column) {
            (None, _) => String::new(),
            (Some(_), 0) => format!("{}.", number + 1),
            (Some(pair), column) => pair
                .get(column - 1)
                .map(Cell::to_string)
                .unwrap_or_default(),
        };
        theme::set_text(&mut text, content);
    }
}
