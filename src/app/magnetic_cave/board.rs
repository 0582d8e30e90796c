//! The cave on screen: cells, magnetic walls, coordinates and bricks as sprites; legal cells
//! highlighted while a human is to move, a preview brick under the pointer, the winning line
//! in gold. Clicking a cell sends a `ActionRequested`; the referee decides.

use bevy::picking::events::{Click, Out, Over, Pointer};
use bevy::prelude::*;

use super::referee::{ActionRequested, CaveBoard, CaveCell, CaveReferee, PlacedBrick};
use crate::app::keyboard::{KeyAct, KeyboardView};
use crate::app::pieces::clicked;
use crate::app::trail::LastMoveView;
use crate::app::{AppSystems, Screen, theme, window_position};
use crate::rules::Seat;
use crate::rules::magnetic_cave::{Brick, Cell, Config, State};

/// Where the board's centre sits in the window, in world units from the window's centre.
const BOARD_CENTER: Vec2 = Vec2::new(-190.0, -10.0);
/// The board's longer side never exceeds this, in pixels.
const BOARD_SPAN: f32 = 560.0;
/// Cells are never larger than this, in pixels.
const MAX_CELL: f32 = 76.0;
/// Thickness of the magnetic walls, in pixels.
const WALL_WIDTH: f32 = 18.0;
/// Drawing order: floor, cells, bricks, preview.
const FLOOR_Z: f32 = -1.0;
/// Drawing order of cells.
const CELL_Z: f32 = 0.0;
/// Drawing order of bricks.
const BRICK_Z: f32 = 1.0;
const PREVIEW_Z: f32 = 2.0;
/// How long a new brick takes to settle, in seconds.
const SETTLE_SECONDS: f32 = 0.18;

pub(super) fn plugin(app: &mut App) {
    app.init_resource::<HoveredCell>();
    app.add_plugins((
        crate::app::trail::plugin::<State>,
        crate::app::keyboard::plugin::<State>,
    ));
    app.add_systems(Update, (settle_bricks).in_set(AppSystems::TickTimers));
    app.add_systems(
        Update,
        (
            decorate_boards,
            decorate_cells,
            decorate_bricks,
            paint_cells,
            place_preview,
        )
            .chain()
            .in_set(AppSystems::Present)
            .run_if(in_state(Screen::MagneticCave)),
    );
}

/// Drawing order of the last move's ring: around the brick, under it.
const TRAIL_Z: f32 = 0.5;

impl LastMoveView for State {
    type Board = CaveBoard;
    const TRAIL_Z: f32 = TRAIL_Z;

    fn trail(board: &CaveBoard, _before: &State, cell: Cell) -> (Vec<Vec2>, f32) {
        (
            vec![cell_offset(board.config, cell)],
            cell_size(board.config),
        )
    }

    /// The last brick, also of the opening moves a match started from (the way a brick goes
    /// does not depend on the position before it).
    fn last_move(referee: &CaveReferee) -> Option<(State, Cell)> {
        let state = referee.state();
        state.moves().last().map(|&cell| (state.clone(), cell))
    }
}

impl KeyboardView for State {
    /// The legal cells.
    fn key_targets(
        board: &CaveBoard,
        referee: &CaveReferee,
        _chosen: Option<()>,
    ) -> (Vec<(Vec2, KeyAct<State>)>, f32) {
        let targets = referee
            .state()
            .legal_moves()
            .into_iter()
            .map(|cell| (cell_offset(board.config, cell), KeyAct::Act(cell)))
            .collect();
        (targets, cell_size(board.config))
    }
}

/// The side of one cell for a cave of this shape, in pixels.
pub fn cell_size(config: Config) -> f32 {
    (BOARD_SPAN / f32::from(config.width().max(config.height()))).min(MAX_CELL)
}

/// Where `cell`'s centre is relative to the board's centre, in pixels.
pub fn cell_offset(config: Config, cell: Cell) -> Vec2 {
    let size = cell_size(config);
    Vec2::new(
        (f32::from(cell.col) - (f32::from(config.width()) - 1.0) / 2.0) * size,
        (f32::from(cell.row) - (f32::from(config.height()) - 1.0) / 2.0) * size,
    )
}

/// Where `cell`'s centre is in the window, in pixels from its top-left corner (for clicks
/// sent by tests and tools such as xdotool).
pub fn cell_window_position(config: Config, cell: Cell) -> Vec2 {
    window_position(BOARD_CENTER + cell_offset(config, cell))
}

/// The cell under the pointer, if any.
#[derive(Resource, Debug, Default, Clone, Copy, PartialEq, Eq)]
pub struct HoveredCell(pub Option<Cell>);

/// The translucent brick shown under the pointer on a legal cell.
#[derive(Component)]
struct PreviewBrick;

/// A brick still dropping into place.
#[derive(Component)]
struct Settling(Timer);

fn decorate_boards(mut commands: Commands, boards: Query<(Entity, &CaveBoard), Added<CaveBoard>>) {
    for (entity, board) in &boards {
        let config = board.config;
        commands.entity(entity).insert((
            Transform::from_translation(BOARD_CENTER.extend(0.0)),
            Visibility::default(),
        ));
        let size = cell_size(config);
        let width = size * f32::from(config.width());
        let height = size * f32::from(config.height());
        let label_font = TextFont {
            font_size: FontSize::Px((size * 0.32).clamp(12.0, 22.0)),
            ..default()
        };
        commands.entity(entity).with_children(|board| {
            board.spawn((
                Sprite::from_color(theme::CAVE_FLOOR, Vec2::new(width + 8.0, height + 8.0)),
                Transform::from_xyz(0.0, 0.0, FLOOR_Z),
            ));
            for side in [-1.0, 1.0] {
                let x = side * (width / 2.0 + 4.0 + WALL_WIDTH / 2.0);
                board.spawn((
                    Sprite::from_color(theme::MAGNET, Vec2::new(WALL_WIDTH, height + 8.0)),
                    Transform::from_xyz(x, 0.0, FLOOR_Z),
                    children![(
                        Sprite::from_color(
                            theme::MAGNET_STEEL,
                            Vec2::new(WALL_WIDTH * 0.35, height + 8.0)
                        ),
                        Transform::from_xyz(-side * WALL_WIDTH * 0.32, 0.0, 0.1),
                    )],
                ));
                // Row numbers outside the walls.
                for row in 0..config.height() {
                    let y = cell_offset(config, Cell::new(0, row)).y;
                    board.spawn((
                        Text2d::new((u32::from(row) + 1).to_string()),
                        label_font.clone(),
                        TextColor(theme::LABEL),
                        Transform::from_xyz(side * (width / 2.0 + WALL_WIDTH + 26.0), y, 0.0),
                    ));
                }
            }
            // Column letters above and below.
            for col in 0..config.width() {
                let x = cell_offset(config, Cell::new(col, 0)).x;
                for side in [-1.0, 1.0] {
                    board.spawn((
                        Text2d::new(((b'A' + col) as char).to_string()),
                        label_font.clone(),
                        TextColor(theme::LABEL),
                        Transform::from_xyz(x, side * (height / 2.0 + 22.0), 0.0),
                    ));
                }
            }
            board.spawn((
                PreviewBrick,
                Sprite::from_color(Color::NONE, Vec2::splat(size * 0.8)),
                Transform::from_xyz(0.0, 0.0, PREVIEW_Z),
                Visibility::Hidden,
            ));
        });
    }
}

fn decorate_cells(
    mut commands: Commands,
    cells: Query<(Entity, &CaveCell, &ChildOf), Added<CaveCell>>,
    boards: Query<&CaveBoard>,
) {
    for (entity, cell, parent) in &cells {
        let Ok(board) = boards.get(parent.parent()) else {
            continue;
        };
        let size = cell_size(board.config);
        commands
            .entity(entity)
            .insert((
                Transform::from_translation(cell_offset(board.config, cell.0).extend(CELL_Z)),
                Visibility::default(),
                Sprite::from_color(theme::CELL, Vec2::splat(size - 3.0)),
                Pickable::default(),
            ))
            .observe(click_cell)
            .observe(hover_cell)
            .observe(leave_cell);
    }
}

fn decorate_bricks(
    mut commands: Commands,
    bricks: Query<(Entity, &PlacedBrick, &ChildOf), Added<PlacedBrick>>,
    boards: Query<&CaveBoard>,
) {
    for (entity, brick, parent) in &bricks {
        let Ok(board) = boards.get(parent.parent()) else {
            continue;
        };
        let size = cell_size(board.config);
        let (edge, fill) = brick_colors(brick.player);
        commands.entity(entity).insert((
            Transform::from_translation(cell_offset(board.config, brick.cell).extend(BRICK_Z)),
            Visibility::default(),
            Sprite::from_color(edge, Vec2::splat(size * 0.8)),
            Settling(Timer::from_seconds(SETTLE_SECONDS, TimerMode::Once)),
            children![(
                Sprite::from_color(fill, Vec2::splat(size * 0.66)),
                Transform::from_xyz(0.0, 0.0, 0.1),
            )],
        ));
    }
}

/// The border and fill of a brick: ■ is solid dark, □ is light with a dark edge.
pub(super) fn brick_colors(player: Brick) -> (Color, Color) {
    match player {
        Brick::Black => (theme::BLACK_BRICK_EDGE, theme::BLACK_BRICK),
        Brick::White => (theme::WHITE_BRICK_EDGE, theme::WHITE_BRICK),
    }
}

fn settle_bricks(
    mut commands: Commands,
    time: Res<Time>,
    animation: Option<Res<crate::app::motion::Animation>>,
    mut bricks: Query<(Entity, &mut Settling, &mut Transform)>,
) {
    let pace = animation.map_or_else(Default::default, |a| *a);
    for (entity, mut settling, mut transform) in &mut bricks {
        pace.tick(&mut settling.0, time.delta());
        let t = settling.0.fraction();
        transform.scale = Vec3::splat(1.0 + 0.35 * (1.0 - t) * (1.0 - t));
        if settling.0.is_finished() {
            transform.scale = Vec3::ONE;
            commands.entity(entity).remove::<Settling>();
        }
    }
}

fn click_cell(
    click: On<Pointer<Click>>,
    cells: Query<&CaveCell>,
    mut requests: MessageWriter<ActionRequested>,
) {
    if let Some(cell) = clicked(&click, &cells) {
        requests.write(ActionRequested {
            action: cell.0,
            seat: Seat::Human,
        });
    }
}

fn hover_cell(over: On<Pointer<Over>>, cells: Query<&CaveCell>, mut hovered: ResMut<HoveredCell>) {
    if let Ok(cell) = cells.get(over.event_target()) {
        hovered.0 = Some(cell.0);
    }
}

fn leave_cell(out: On<Pointer<Out>>, cells: Query<&CaveCell>, mut hovered: ResMut<HoveredCell>) {
    if let Ok(cell) = cells.get(out.event_target())
        && hovered.0 == Some(cell.0)
    {
        hovered.0 = None;
    }
}

fn paint_cells(referee: Option<Res<CaveReferee>>, mut cells: Query<(&CaveCell, &mut Sprite)>) {
    let Some(referee) = referee else {
        return;
    };
    let state = referee.state();
    let line = state.outcome().map(|o| o.line_cells()).unwrap_or_default();
    let show_legal = referee.human_to_move();
    for (cell, mut sprite) in &mut cells {
        let color = if line.contains(&cell.0) {
            theme::WIN_LINE
        } else if show_legal && state.is_legal(cell.0) {
            theme::LEGAL_CELL
        } else {
            theme::CELL
        };
        if sprite.color != color {
            sprite.color = color;
        }
    }
}

fn place_preview(
    referee: Option<Res<CaveReferee>>,
    hovered: Res<HoveredCell>,
    mut previews: Query<
        (&mut Sprite, &mut Transform, &mut Visibility, &ChildOf),
        With<PreviewBrick>,
    >,
    boards: Query<&CaveBoard>,
) {
    let Some(referee) = referee else {
        return;
    };
    for (mut sprite, mut transform, mut visibility, parent) in &mut previews {
        let Ok(board) = boards.get(parent.parent()) else {
            continue;
        };
        let shown = hovered
            .0
            .filter(|&cell| referee.human_to_move() && referee.state().is_legal(cell));
        match shown {
            Some(cell) => {
                let (_, fill) = brick_colors(referee.state().to_move());
                // Written only when they change, so a resting pointer lets the window rest.
                let color = fill.with_alpha(0.55);
                if sprite.color != color {
                    sprite.color = color;
                }
                let place = cell_offset(board.config, cell).extend(PREVIEW_Z);
                if transform.translation != place {
                    transform.translation = place;
                }
                visibility.set_if_neq(Visibility::Visible);
            }
            None => {
                visibility.set_if_neq(Visibility::Hidden);
            }
        }
    }
}
