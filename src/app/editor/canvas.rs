//! The board being edited, drawn left of the panel. Patolli: the drawing grid, the track's
//! squares in their colours with their index, arrows from each square to the next, starts
//! (the player's letter) and ends (a star in the player's colour), and a red ring on every
//! square a check refuses. Penguins: the painted board, or a preview drawn from the seed.
//! Magnetic Cave: the cave between its two walls. A press on a square or field uses the tool
//! in hand; dragging with the button held adds squares (or paints fields) on the way.

use bevy::picking::events::{Over, Pointer, Press};
use bevy::picking::pointer::PointerButton;
use bevy::prelude::*;

use crate::app::language::Translated;
use crate::i18n::Tr;

use super::{EditorSession, Tool};
use crate::app::patolli::board::{player_color, start_color};
use crate::app::penguins::referee::PenguinsBoard;
use crate::app::pieces::Grid;
use crate::app::shapes::{self, Shapes};
use crate::app::{AppSystems, Screen, theme, window_position};
use crate::editor::{Edit, Spot};
use crate::layout::{Layout, PatolliLayout, PenguinsLayout};
use crate::rules::patolli::GridCell;
use crate::rules::penguins::{Board, Pos};

/// The centre of the board being edited, in the world (the panel is on the right).
pub const CANVAS_CENTER: Vec2 = Vec2::new(-190.0, -10.0);
/// The board's longer side never exceeds this, in pixels.
const CANVAS_SPAN: f32 = 620.0;
/// A Patolli square is never larger than this, in pixels.
const MAX_SQUARE: f32 = 48.0;
/// Drawing order: cells, then marks, arrows and labels, then the rings of problems.
const CELL_Z: f32 = 0.0;
const MARK_Z: f32 = 1.0;
const RING_Z: f32 = 2.0;

pub(super) fn plugin(app: &mut App) {
    app.init_resource::<CanvasShape>();
    app.add_systems(OnEnter(Screen::Editor), |mut shape: ResMut<CanvasShape>| {
        shape.0 = None;
    });
    app.add_systems(
        Update,
        draw_canvas
            .in_set(AppSystems::Present)
            .run_if(in_state(Screen::Editor)),
    );
}

/// The Patolli drawing grid of `side` squares a side.
pub fn patolli_grid(side: u16) -> Grid {
    Grid::fitting(CANVAS_CENTER, side, side, CANVAS_SPAN, MAX_SQUARE)
}

/// Where the Patolli square `cell` of a drawing grid of `side` is in the window, in pixels from
/// its top-left corner (what xdotool clicks).
pub fn patolli_square_in_window(side: u16, cell: GridCell) -> Vec2 {
    window_position(patolli_grid(side).position(cell.0, cell.1))
}

/// The cave's grid of `width` by `height` cells.
fn cave_grid(width: u16, height: u16) -> Grid {
    Grid::fitting(CANVAS_CENTER, height, width, 560.0, 76.0)
}

/// What the canvas's cells are laid out for; the cells are made anew only when it changes
/// (not on every edit, so a drag goes on over the same cells).
#[derive(Debug, Clone, PartialEq)]
enum Shape {
    Patolli(u16),
    Penguins(PenguinsBoard),
    Cave(u16, u16),
    Nothing,
}

/// The shape the canvas was last laid out for; `None` when the editor opens.
#[derive(Resource, Debug, Default)]
struct CanvasShape(Option<Shape>);

/// A cell of the canvas a click can land on.
#[derive(Component, Debug, Clone, Copy, PartialEq, Eq)]
enum Place {
    Square(GridCell),
    Field(Pos),
    Cave,
}

/// Every entity of the canvas (made anew with the shape).
#[derive(Component)]
struct CanvasPart;

/// The marks, labels and rings drawn over the cells (made anew on every change).
#[derive(Component)]
struct Overlay;

/// The Penguins board the canvas shows: the painted one, or the preview drawn from the seed;
/// `None` when the settings make no board.
fn penguins_board(penguins: &PenguinsLayout, seed: u64) -> Option<Board> {
    match crate::layout::validate(&Layout::Penguins(penguins.clone())) {
        Ok(crate::layout::GameSetup::Penguins(setup)) => Some(setup.board(seed, 2)),
        // A painted board the loader refuses (too few one-fish floes) is still drawn.
        _ => crate::layout::painted_board(penguins.board.as_ref()?, penguins.grid).ok(),
    }
}

/// The Penguins board the canvas shows, for a Penguins draft ([`penguins_board`]).
fn shown_board(session: &EditorSession) -> Option<Board> {
    match session.draft.layout() {
        Layout::Penguins(penguins) => penguins_board(penguins, session.preview_seed),
        _ => None,
    }
}

fn shape_of(session: &EditorSession, shown: Option<&Board>) -> Shape {
    match session.draft.layout() {
        Layout::Patolli(_) => Shape::Patolli(session.draft.grid_side()),
        Layout::Penguins(_) => match shown {
            Some(board) => Shape::Penguins(PenguinsBoard {
                rows: board.rows(),
                cols: board.cols(),
                grid: board.grid(),
            }),
            None => Shape::Nothing,
        },
        Layout::MagneticCave(cave) => Shape::Cave(
            cave.width.clamp(1, 26) as u16,
            cave.height.clamp(1, 26) as u16,
        ),
    }
}

fn draw_canvas(
    mut commands: Commands,
    session: Option<Res<EditorSession>>,
    mut laid_out: ResMut<CanvasShape>,
    parts: Query<Entity, With<CanvasPart>>,
    overlays: Query<Entity, With<Overlay>>,
    mut cells: Query<(&Place, &mut Sprite)>,
    shapes: Res<Shapes>,
) {
    let Some(session) = session else {
        return;
    };
    if laid_out.0.is_some() && !session.is_changed() {
        return;
    }
    let shown = shown_board(&session);
    let shown = shown.as_ref();
    let shape = shape_of(&session, shown);
    let same = laid_out.0.as_ref() == Some(&shape);
    for overlay in &overlays {
        commands.entity(overlay).despawn();
    }
    if !same {
        for part in &parts {
            commands.entity(part).despawn();
        }
        spawn_cells(&mut commands, &session, shown, &shape, &shapes);
        laid_out.0 = Some(shape.clone());
    } else {
        for (place, mut sprite) in &mut cells {
            let color = cell_color(&session, shown, *place);
            if sprite.color != color {
                sprite.color = color;
            }
        }
    }
    spawn_overlay(&mut commands, &session, shown, &shape, &shapes);
}

/// The colour of a cell of the canvas (`shown`: the Penguins board shown).
fn cell_color(session: &EditorSession, shown: Option<&Board>, place: Place) -> Color {
    match (session.draft.layout(), place) {
        (Layout::Patolli(board), Place::Square(cell)) => {
            let Some(i) = board.track.iter().position(|&c| c == cell) else {
                return theme::EMPTY_SQUARE;
            };
            let start = board
                .players
                .seated()
                .into_iter()
                .find(|(_, e)| e.start == i);
            if board.middle.contains(&i) {
                theme::MIDDLE_SQUARE
            } else if board.arm_ends.contains(&i) {
                theme::ARM_END
            } else if let Some((player, _)) = start {
                start_color(player)
            } else {
                theme::SQUARE
            }
        }
        (Layout::Penguins(_), Place::Field(pos)) => match shown {
            Some(board) if board.get(pos).fish > 0 => theme::ICE,
            _ => theme::WATER,
        },
        _ => theme::CELL,
    }
}

fn spawn_cells(
    commands: &mut Commands,
    session: &EditorSession,
    shown: Option<&Board>,
    shape: &Shape,
    shapes: &Shapes,
) {
    let mut cell = |place: Place, sprite: Sprite, at: Vec2, pickable: bool| {
        let mut entity = commands.spawn((
            CanvasPart,
            place,
            sprite,
            Transform::from_translation(at.extend(CELL_Z)),
            DespawnOnExit(Screen::Editor),
        ));
        if pickable {
            entity
                .insert(Pickable::default())
                .observe(press_cell)
                .observe(drag_over_cell);
        }
    };
    match shape {
        Shape::Patolli(side) => {
            let grid = patolli_grid(*side);
            for row in 0..*side {
                for col in 0..*side {
                    let place = Place::Square((row, col));
                    let sprite = Sprite::from_color(
                        cell_color(session, shown, place),
                        Vec2::splat(grid.square() - 2.0),
                    );
                    cell(place, sprite, grid.position(row, col), true);
                }
            }
        }
        Shape::Penguins(board) => {
            for row in 0..board.rows {
                for col in 0..board.cols {
                    let pos = Pos::new(row, col);
                    let place = Place::Field(pos);
                    let sprite = board.floe_sprite(shapes, cell_color(session, shown, place), 3.0);
                    cell(place, sprite, board.position(pos), true);
                }
            }
        }
        Shape::Cave(width, height) => {
            let grid = cave_grid(*width, *height);
            let side = grid.square();
            let span = Vec2::new(f32::from(*width), f32::from(*height)) * side;
            for (x, color) in [(-1.0, theme::MAGNET), (1.0, theme::MAGNET)] {
                let at = CANVAS_CENTER + Vec2::new(x * (span.x / 2.0 + 12.0), 0.0);
                cell(
                    Place::Cave,
                    Sprite::from_color(color, Vec2::new(18.0, span.y + 8.0)),
                    at,
                    false,
                );
            }
            for row in 0..*height {
                for col in 0..*width {
                    cell(
                        Place::Cave,
                        Sprite::from_color(theme::CELL, Vec2::splat(side - 3.0)),
                        grid.position(row, col),
                        false,
                    );
                }
            }
        }
        Shape::Nothing => {}
    }
}

/// An overlay entity: non-pickable, gone with the next change.
fn overlay(commands: &mut Commands, bundle: impl Bundle, at: Vec2, z: f32) {
    overlay_turned(commands, bundle, Transform::from_translation(at.extend(z)));
}

/// An overlay entity placed (and turned) by `transform`.
fn overlay_turned(commands: &mut Commands, bundle: impl Bundle, transform: Transform) {
    commands.spawn((
        CanvasPart,
        Overlay,
        bundle,
        transform,
        DespawnOnExit(Screen::Editor),
    ));
}

fn spawn_overlay(
    commands: &mut Commands,
    session: &EditorSession,
    shown: Option<&Board>,
    shape: &Shape,
    shapes: &Shapes,
) {
    let problems = session.draft.problems();
    match (session.draft.layout(), shape) {
        (Layout::Patolli(board), Shape::Patolli(side)) => {
            patolli_overlay(commands, board, patolli_grid(*side), shapes);
            let grid = patolli_grid(*side);
            for problem in &problems {
                if let Spot::Squares(cells) = &problem.spot {
                    for &cell in cells {
                        overlay(
                            commands,
                            shapes::sprite(&shapes.ring, theme::ERROR, Vec2::splat(grid.square())),
                            grid.position(cell.0, cell.1),
                            RING_Z,
                        );
                    }
                }
            }
        }
        (Layout::Penguins(penguins), Shape::Penguins(view)) => {
            if let Some(board) = shown {
                let size = view.field_size();
                for pos in board.positions() {
                    let fish = board.get(pos).fish;
                    if fish > 0 {
                        overlay(
                            commands,
                            (
                                Text2d::new(fish.to_string()),
                                theme::font((size * 0.45).clamp(10.0, 28.0)),
                                TextColor(theme::FISH),
                            ),
                            view.position(pos),
                            MARK_Z,
                        );
                    }
                }
            }
            let words = Tr::new(match penguins.board {
                Some(_) => "canvas-painted",
                None => "canvas-preview",
            });
            caption(commands, words, view.extent().y / 2.0 + 18.0);
        }
        (Layout::MagneticCave(cave), Shape::Cave(width, height)) => {
            let grid = cave_grid(*width, *height);
            let top = f32::from(*height) * grid.square() / 2.0;
            for col in 0..*width {
                let letter = char::from(b'A' + col as u8).to_string();
                let at = grid.position(0, col) + Vec2::new(0.0, grid.square() * 0.75);
                overlay(
                    commands,
                    (
                        Text2d::new(letter),
                        theme::font(16.0),
                        TextColor(theme::LABEL),
                    ),
                    at,
                    MARK_Z,
                );
            }
            caption(
                commands,
                Tr::new("canvas-cave-line").number("length", cave.win_length),
                top + 44.0,
            );
        }
        (_, Shape::Nothing) => caption(commands, Tr::new("canvas-nothing"), 0.0),
        _ => {}
    }
}

/// A line of text under the board, `below` pixels under the canvas's centre.
fn caption(commands: &mut Commands, text: Tr, below: f32) {
    overlay(
        commands,
        (
            Text2d::new(text.in_language(crate::i18n::Language::English)),
            Translated(text),
            theme::font(18.0),
            TextColor(theme::TEXT_DIM),
        ),
        CANVAS_CENTER - Vec2::new(0.0, below),
        MARK_Z,
    );
}

fn patolli_overlay(commands: &mut Commands, board: &PatolliLayout, grid: Grid, shapes: &Shapes) {
    let size = grid.square();
    let at = |cell: GridCell| grid.position(cell.0, cell.1);
    let n = board.track.len();
    for (i, &cell) in board.track.iter().enumerate() {
        overlay(
            commands,
            (
                Text2d::new(i.to_string()),
                theme::font((size * 0.28).clamp(8.0, 13.0)),
                TextColor(theme::PIECE_EDGE),
            ),
            at(cell) + Vec2::new(-size * 0.22, size * 0.26),
            MARK_Z,
        );
        // The arrow to the next square (the last one's closes the loop).
        if n >= 3 || i + 1 < n {
            let next = board.track[(i + 1) % n];
            let (a, b) = (at(cell), at(next));
            let touching = cell.0.abs_diff(next.0) + cell.1.abs_diff(next.1) == 1;
            let color = if touching {
                theme::PIECE_EDGE
            } else {
                theme::ERROR
            };
            let direction = (b - a).normalize_or_zero();
            let middle = if touching {
                (a + b) / 2.0
            } else {
                a + direction * size * 0.5
            };
            overlay_turned(
                commands,
                shapes::sprite(&shapes.triangle, color, Vec2::splat(size * 0.32)),
                Transform::from_translation(middle.extend(RING_Z)).with_rotation(
                    Quat::from_rotation_z(direction.to_angle() - std::f32::consts::FRAC_PI_2),
                ),
            );
        }
        if board.triangles.contains(&i) {
            overlay(
                commands,
                shapes::sprite(&shapes.triangle, theme::TRIANGLE, Vec2::splat(size * 0.4)),
                at(cell) + Vec2::new(size * 0.18, -size * 0.18),
                MARK_Z,
            );
        }
    }
    for (player, ends) in board.players.seated() {
        if let Some(&cell) = board.track.get(ends.start) {
            overlay(
                commands,
                (
                    Text2d::new(player.to_string()),
                    theme::font((size * 0.5).clamp(10.0, 22.0)),
                    TextColor(player_color(player).darker(0.25)),
                ),
                at(cell) + Vec2::new(0.0, -size * 0.08),
                MARK_Z,
            );
        }
        if let Some(&cell) = board.track.get(ends.end) {
            overlay(
                commands,
                (
                    Text2d::new("★"),
                    theme::font((size * 0.5).clamp(10.0, 22.0)),
                    TextColor(player_color(player)),
                ),
                at(cell) + Vec2::new(size * 0.12, -size * 0.12),
                MARK_Z,
            );
        }
    }
}

/// The edit a press (or, `dragging`, a drag entering the cell) at `place` makes with `tool`.
fn edit_at(tool: Tool, place: Place, dragging: bool) -> Option<Edit> {
    match (tool, place) {
        (Tool::Track, Place::Square(cell)) if dragging => Some(Edit::AddSquare(cell)),
        (Tool::Track, Place::Square(cell)) => Some(Edit::ToggleSquare(cell)),
        (_, Place::Square(_)) if dragging => None,
        (Tool::Mark(mark), Place::Square(cell)) => Some(Edit::ToggleMark(mark, cell)),
        (Tool::Start(player), Place::Square(cell)) => Some(Edit::PlaceStart(player, cell)),
        (Tool::End(player), Place::Square(cell)) => Some(Edit::PlaceEnd(player, cell)),
        (Tool::BeginHere, Place::Square(cell)) => Some(Edit::RestartAt(cell)),
        (Tool::Paint(fish), Place::Field(pos)) => Some(Edit::Paint(pos, fish)),
        _ => None,
    }
}

fn press_cell(
    press: On<Pointer<Press>>,
    places: Query<&Place>,
    session: Option<ResMut<EditorSession>>,
) {
    let (Some(mut session), Ok(&place)) = (session, places.get(press.event_target())) else {
        return;
    };
    if press.button != PointerButton::Primary {
        return;
    }
    if let Some(edit) = edit_at(session.tool, place, false) {
        session.edit(&edit);
    }
}

fn drag_over_cell(
    over: On<Pointer<Over>>,
    places: Query<&Place>,
    mouse: Res<ButtonInput<MouseButton>>,
    session: Option<ResMut<EditorSession>>,
) {
    let (Some(mut session), Ok(&place)) = (session, places.get(over.event_target())) else {
        return;
    };
    if !mouse.pressed(MouseButton::Left) {
        return;
    }
    if let Some(edit) = edit_at(session.tool, place, true) {
        session.edit(&edit);
    }
}
