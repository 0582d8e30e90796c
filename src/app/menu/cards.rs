//! The menu's game cards: each game a card with a small picture of the board chosen for it
//! (the cave with its walls, the Patolli track with its special squares, the Penguins floes)
//! and one line of what it is; a click chooses the game. The pictures follow the board
//! chosen with ◀ ▶ and a saved layout.

use crate::i18n::Tr;
use bevy::picking::events::{Click, Pointer};
use bevy::prelude::*;

use super::choices::MenuChoices;
use crate::app::layout_assets::{CaveLayout, PatolliLayout, PenguinsLayout};
use crate::app::theme::{self, Selected};
use crate::layout::PenguinsSetup;
use crate::rules::GameKind;
use crate::rules::magnetic_cave::Config as CaveConfig;
use crate::rules::patolli::Track;
use crate::rules::penguins::{Board, Grid, Pos};

/// The picture's size in the card, in pixels.
const PICTURE: Vec2 = Vec2::new(200.0, 112.0);

/// A game's card.
#[derive(Component, Debug, Clone, Copy)]
pub struct GameCard(pub GameKind);

/// The picture of a game's board in its card.
#[derive(Component, Debug, Clone, Copy)]
pub struct BoardPicture(pub GameKind);

/// One line of what each game is.
fn what_it_is(game: GameKind) -> Tr {
    Tr::new(match game {
        GameKind::MagneticCave => "card-magnetic-cave",
        GameKind::Patolli => "card-patolli",
        GameKind::Penguins => "card-penguins",
    })
}

/// The column of cards on the menu's left.
pub(super) fn spawn_cards(commands: &mut Commands, screen: impl Bundle) {
    commands
        .spawn((
            Name::new("Game cards"),
            theme::InDesignArea,
            // Larger text makes the cards taller than the window: the column scrolls.
            crate::app::text_size::ScrollingPanel,
            crate::app::button_keys::TabOrder(0),
            crate::app::language::MirroredPlace::default(),
            Node {
                position_type: PositionType::Absolute,
                left: px(30),
                top: px(40),
                bottom: px(20),
                overflow: Overflow::scroll_y(),
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
                            flex_shrink: 0.0,
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
                        // A word longer than the card (Polish "Magnetyczna" at large text)
                        // breaks rather than leave it.
                        card.spawn((
                            theme::tr_label(
                                crate::app::language::game_name(game),
                                20.0,
                                theme::TEXT,
                            ),
                            TextLayout::linebreak(LineBreak::WordOrCharacter),
                            Pickable::IGNORE,
                        ));
                        card.spawn((
                            theme::tr_label(what_it_is(game), 13.0, theme::TEXT_DIM),
                            TextLayout::linebreak(LineBreak::WordOrCharacter),
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

/// A square of a picture: its row and column on a grid of `rows` x `cols` (a hex board's odd
/// rows sit half a column right) and its colour.
type Square = (f32, f32, Color);

/// The cave: its cells, and the magnetic walls as the outer columns.
fn cave_squares(config: CaveConfig) -> (f32, f32, Vec<Square>) {
    let (width, height) = (f32::from(config.width()), f32::from(config.height()));
    let mut squares = Vec::new();
    for row in 0..config.height() {
        let row = f32::from(row);
        squares.push((row, 0.0, theme::MAGNET));
        squares.push((row, width + 1.0, theme::MAGNET));
        for col in 0..config.width() {
            squares.push((row, f32::from(col) + 1.0, theme::CELL));
        }
    }
    (height, width + 2.0, squares)
}

/// The track: plain squares, the middle ones gold, the arm ends red.
fn patolli_squares(track: &Track) -> (f32, f32, Vec<Square>) {
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
            (f32::from(cell.0), f32::from(cell.1), color)
        })
        .collect();
    (f32::from(rows), f32::from(cols), squares)
}

/// The floes of a board (a drawn layout shows a board drawn from a fixed seed); on hexagonal
/// floes every odd row sits half a floe right, as in the game.
fn penguins_squares(setup: &PenguinsSetup) -> (f32, f32, Vec<Square>) {
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
            let set_right = if board.grid() == Grid::Hex && row % 2 == 1 {
                0.5
            } else {
                0.0
            };
            squares.push((f32::from(row), f32::from(col) + set_right, color));
        }
    }
    let widest = if board.grid() == Grid::Hex && board.rows() > 1 {
        0.5
    } else {
        0.0
    };
    (
        f32::from(board.rows()),
        f32::from(board.cols()) + widest,
        squares,
    )
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
        let side = (PICTURE.x / cols.max(1.0)).min(PICTURE.y / rows.max(1.0));
        let offset = (PICTURE - Vec2::new(cols, rows) * side) / 2.0;
        commands
            .entity(entity)
            .despawn_related::<Children>()
            .with_children(|picture| {
                for (row, col, color) in squares {
                    picture.spawn((
                        Node {
                            position_type: PositionType::Absolute,
                            left: px(offset.x + col * side),
                            top: px(offset.y + row * side),
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
        assert_eq!((rows, cols, squares.len()), (8.0, 10.0, 80));
        let (_, _, squares) = patolli_squares(&Track::cross(7));
        assert_eq!(squares.len(), 60);
    }
}
