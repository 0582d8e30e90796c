//! The menu's game cards: each game a card with a small picture of the board chosen for it
//! (the cave with its walls, the Patolli track with its special squares, the Penguins floes)
//! and one line of what it is; a click chooses the game. The pictures follow the board
//! chosen with ◀ ▶ and a saved layout.

use bevy::picking::events::{Click, Pointer};
use bevy::prelude::*;

use super::MenuChoices;
use crate::app::layout::{CaveLayout, PatolliLayout, PenguinsLayout};
use crate::app::theme::{self, Selected};
use crate::layout::PenguinsSetup;
use crate::rules::GameKind;
use crate::rules::magnetic_cave::Config as CaveConfig;
use crate::rules::patolli::Track;
use crate::rules::penguins::{Board, Pos};

/// The picture's size in the card, in pixels.
const PICTURE: Vec2 = Vec2::new(200.0, 112.0);

/// A game's card.
#[derive(Component, Debug, Clone, Copy)]
pub struct GameCard(pub GameKind);

/// The picture of a game's board in its card.
#[derive(Component, Debug, Clone, Copy)]
pub struct BoardPicture(pub GameKind);

/// One line of what each game is.
fn what_it_is(game: GameKind) -> &'static str {
    match game {
        GameKind::MagneticCave => "Five in a line, between two magnetic walls.",
        GameKind::Patolli => "The Aztec race round a cross, with a die.",
        GameKind::Penguins => "Slide on the ice, eat the most fish.",
    }
}

/// The column of cards on the menu's left.
pub(super) fn spawn_cards(commands: &mut Commands, screen: impl Bundle) {
    commands
        .spawn((
            Name::new("Game cards"),
            theme::InDesignArea,
            Node {
                position_type: PositionType::Absolute,
                left: px(30),
                top: px(40),
                flex_direction: FlexDirection::Column,
                row_gap: px(16),
                ..default()
            },
            screen,
        ))
        .with_children(|column| {
            for game in GameKind::ALL {
                column
                    .spawn((
                        GameCard(game),
                        Button,
                        Selected(false),
                        Node {
                            width: px(PICTURE.x + 20.0),
                            flex_direction: FlexDirection::Column,
                            align_items: AlignItems::Center,
                            row_gap: px(6),
                            padding: UiRect::all(px(10)),
                            border_radius: BorderRadius::all(px(8)),
                            ..default()
                        },
                        BackgroundColor(theme::BUTTON),
                    ))
                    .observe(
                        move |_: On<Pointer<Click>>, mut choices: ResMut<MenuChoices>| {
                            choices.game = game;
                        },
                    )
                    .with_children(|card| {
                        card.spawn((
                            BoardPicture(game),
                            Node {
                                width: px(PICTURE.x),
                                height: px(PICTURE.y),
                                ..default()
                            },
                            Pickable::IGNORE,
                        ));
                        card.spawn((
                            theme::label(game.title(), 20.0, theme::TEXT),
                            Pickable::IGNORE,
                        ));
                        card.spawn((
                            theme::label(what_it_is(game), 13.0, theme::TEXT_DIM),
                            Pickable::IGNORE,
                        ));
                    });
            }
        });
}

/// Marks the chosen game's card.
pub(super) fn show_chosen_card(
    choices: Res<MenuChoices>,
    mut cards: Query<(&GameCard, &mut Selected)>,
) {
    for (card, mut selected) in &mut cards {
        selected.set_if_neq(Selected(card.0 == choices.game));
    }
}

/// A square of a picture: its cell on a grid of `rows` x `cols` and its colour.
type Square = (u16, u16, Color);

/// The cave: its cells, and the magnetic walls as the outer columns.
fn cave_squares(config: CaveConfig) -> (u16, u16, Vec<Square>) {
    let (width, height) = (u16::from(config.width()), u16::from(config.height()));
    let mut squares = Vec::new();
    for row in 0..height {
        squares.push((row, 0, theme::MAGNET));
        squares.push((row, width + 1, theme::MAGNET));
        for col in 0..width {
            squares.push((row, col + 1, theme::CELL));
        }
    }
    (height, width + 2, squares)
}

/// The track: plain squares, the middle ones gold, the arm ends red.
fn patolli_squares(track: &Track) -> (u16, u16, Vec<Square>) {
    let cells = track.cells();
    let rows = cells.iter().map(|c| c.0).max().unwrap_or(0) + 1;
    let cols = cells.iter().map(|c| c.1).max().unwrap_or(0) + 1;
    let squares = cells
        .iter()
        .enumerate()
        .map(|(index, cell)| {
            let color = if track.is_middle(index) {
                theme::MIDDLE_SQUARE
            } else if track.is_arm_end(index) {
                theme::ARM_END
            } else {
                theme::SQUARE
            };
            (cell.0, cell.1, color)
        })
        .collect();
    (rows, cols, squares)
}

/// The floes of a board (a drawn layout shows a board drawn from a fixed seed).
fn penguins_squares(setup: &PenguinsSetup) -> (u16, u16, Vec<Square>) {
    let board: Board = match setup {
        PenguinsSetup::Generated(generator) => generator.generate(1, 2),
        PenguinsSetup::Fixed(board) => board.clone(),
    };
    let mut squares = Vec::new();
    for row in 0..board.rows() {
        for col in 0..board.cols() {
            let fish = board.get(Pos::new(row, col)).fish;
            let color = match fish {
                0 => theme::WATER,
                1 => theme::ICE,
                2 => theme::ICE.mix(&theme::FISH, 0.25),
                _ => theme::ICE.mix(&theme::FISH, 0.5),
            };
            squares.push((row, col, color));
        }
    }
    (board.rows(), board.cols(), squares)
}

/// Redraws each picture when its game's board changes.
pub(super) fn draw_pictures(
    mut commands: Commands,
    pictures: Query<(Entity, &BoardPicture)>,
    added: Query<(), Added<BoardPicture>>,
    cave: Option<Res<CaveLayout>>,
    patolli: Option<Res<PatolliLayout>>,
    penguins: Option<Res<PenguinsLayout>>,
) {
    let fresh = !added.is_empty();
    for (entity, picture) in &pictures {
        let squares = match picture.0 {
            GameKind::MagneticCave => cave
                .as_ref()
                .filter(|layout| fresh || layout.is_changed())
                .map(|layout| cave_squares(layout.config)),
            GameKind::Patolli => patolli
                .as_ref()
                .filter(|layout| fresh || layout.is_changed())
                .map(|layout| patolli_squares(&layout.config.track)),
            GameKind::Penguins => penguins
                .as_ref()
                .filter(|layout| fresh || layout.is_changed())
                .map(|layout| penguins_squares(&layout.config)),
        };
        let Some((rows, cols, squares)) = squares else {
            continue;
        };
        let side = (PICTURE.x / f32::from(cols.max(1))).min(PICTURE.y / f32::from(rows.max(1)));
        let offset = (PICTURE - Vec2::new(f32::from(cols), f32::from(rows)) * side) / 2.0;
        commands
            .entity(entity)
            .despawn_related::<Children>()
            .with_children(|picture| {
                for (row, col, color) in squares {
                    picture.spawn((
                        Node {
                            position_type: PositionType::Absolute,
                            left: px(offset.x + f32::from(col) * side),
                            top: px(offset.y + f32::from(row) * side),
                            width: px((side - 1.0).max(1.0)),
                            height: px((side - 1.0).max(1.0)),
                            ..default()
                        },
                        BackgroundColor(color),
                        Pickable::IGNORE,
                    ));
                }
            });
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_pictures_hold_every_cell_of_their_boards() {
        let (rows, cols, squares) = cave_squares(CaveConfig::STANDARD);
        assert_eq!((rows, cols, squares.len()), (8, 10, 80));
        let (_, _, squares) = patolli_squares(&Track::cross(7));
        assert_eq!(squares.len(), 60);
    }
}
