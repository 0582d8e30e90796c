//! What the boards draw alike: which of their things a click landed on, and for Patolli and
//! Penguins the grid their squares sit on, a piece as a disc in its player's colour with its
//! label and the ring that marks it movable or chosen, and a piece gliding to its new place.

use std::collections::VecDeque;

use bevy::ecs::query::QueryFilter;
use bevy::picking::events::{Click, Pointer};
use bevy::picking::pointer::PointerButton;
use bevy::prelude::*;

use crate::app::motion::Animation;
use crate::app::shapes::{self, Shapes};
use crate::app::{AppSystems, InMotion, theme};

/// Pieces gliding, and telling the screenshot that something moves.
pub(super) fn plugin(app: &mut App) {
    app.add_systems(Update, glide_pieces.in_set(AppSystems::TickTimers));
    app.add_systems(
        PostUpdate,
        |gliding: Query<(), With<Glide>>, mut motion: ResMut<InMotion>| {
            motion.0 |= !gliding.is_empty();
        },
    );
}

/// The `C` a primary click (the left button) landed on, if it landed on one.
pub fn clicked<'q, C: Component>(
    click: &On<Pointer<Click>>,
    targets: &'q Query<&C>,
) -> Option<&'q C> {
    (click.button == PointerButton::Primary)
        .then(|| targets.get(click.event_target()).ok())
        .flatten()
}

/// A board's grid on screen: `rows` by `cols` squares of side `square` around `center`.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Grid {
    center: Vec2,
    square: f32,
    rows: u16,
    cols: u16,
}

impl Grid {
    /// `rows` by `cols` squares around `center`, the longer side at most `span` pixels and a
    /// square at most `max_square`.
    pub fn fitting(center: Vec2, rows: u16, cols: u16, span: f32, max_square: f32) -> Grid {
        Grid {
            center,
            square: (span / f32::from(rows.max(cols).max(1))).min(max_square),
            rows,
            cols,
        }
    }

    /// The side of one square, in pixels.
    pub fn square(&self) -> f32 {
        self.square
    }

    /// The world position of the centre of the square in `row` (0 on top) and `col`.
    pub fn position(&self, row: u16, col: u16) -> Vec2 {
        self.center
            + Vec2::new(
                (f32::from(col) - (f32::from(self.cols) - 1.0) / 2.0) * self.square,
                ((f32::from(self.rows) - 1.0) / 2.0 - f32::from(row)) * self.square,
            )
    }
}

/// The share of a piece's width its dark middle takes.
pub const FACE: f32 = 0.52;

/// The ring around a piece: bright when it can move, gold when it is chosen.
#[derive(Component, Debug)]
pub struct PieceRing;

/// Makes `piece` a disc `size` pixels wide at `at`: an edge, a ring of its player's `color`,
/// a dark middle with `label` on it (readable on every player's colour), and a hidden
/// [`PieceRing`] around it.
pub fn make_disc<'a>(
    mut piece: EntityCommands<'a>,
    shapes: &Shapes,
    size: f32,
    color: Color,
    label: String,
    at: Vec3,
) -> EntityCommands<'a> {
    piece
        .insert((
            shapes::sprite(&shapes.disc, theme::PIECE_EDGE, Vec2::splat(size)),
            Transform::from_translation(at),
            Visibility::default(),
            Pickable::default(),
        ))
        .with_children(|disc| {
            disc.spawn((
                shapes::sprite(&shapes.disc, color, Vec2::splat(size * 0.84)),
                Transform::from_xyz(0.0, 0.0, 0.01),
                Pickable::IGNORE,
            ));
            disc.spawn((
                shapes::sprite(&shapes.disc, theme::PIECE_EDGE, Vec2::splat(size * FACE)),
                Transform::from_xyz(0.0, 0.0, 0.015),
                Pickable::IGNORE,
            ));
            disc.spawn((
                Text2d::new(label),
                theme::font((size * 0.4).clamp(10.0, 22.0)),
                TextColor(theme::TEXT),
                Transform::from_xyz(0.0, 0.0, 0.02),
                Pickable::IGNORE,
            ));
            disc.spawn((
                PieceRing,
                shapes::sprite(&shapes.ring, theme::MOVABLE, Vec2::splat(size * 1.24)),
                Transform::from_xyz(0.0, 0.0, -0.01),
                Visibility::Hidden,
                Pickable::IGNORE,
            ));
        });
    piece
}

/// Shows the [`PieceRing`] among a piece's `children`: gold when the piece is `chosen`,
/// bright when it is `movable`, hidden otherwise. `rings` holds the rings (its filter says
/// `With<PieceRing>`).
pub fn show_ring<F: QueryFilter>(
    children: &Children,
    rings: &mut Query<(&mut Visibility, &mut Sprite), F>,
    chosen: bool,
    movable: bool,
) {
    for child in children.iter() {
        if let Ok((mut visibility, mut sprite)) = rings.get_mut(child) {
            let color = if chosen {
                theme::WIN_LINE
            } else {
                theme::MOVABLE
            };
            if sprite.color != color {
                sprite.color = color;
            }
            visibility.set_if_neq(if chosen || movable {
                Visibility::Inherited
            } else {
                Visibility::Hidden
            });
        }
    }
}

/// A board's piece that glides to where it stands whenever its place changes.
pub trait GlidingPiece: Component {
    /// Where a piece stands (a square, a pool).
    type Place: Copy + PartialEq + Send + Sync + 'static;
    /// The board the piece is a child of.
    type Board: Component;
    /// Where it stands now.
    fn place(&self) -> Self::Place;
    /// Its way from `from`, where it is drawn at `at`, to where it stands on `board`.
    fn glide(&self, board: &Self::Board, from: Self::Place, at: Vec2) -> Glide;
}

/// Where a piece is drawn (or gliding to).
#[derive(Component, Debug, Clone, Copy)]
pub struct Shown<P>(pub P);

/// Sends every piece whose place changed on its way ([`GlidingPiece::glide`]).
pub fn start_glides<P: GlidingPiece>(
    mut commands: Commands,
    mut pieces: Query<(Entity, &P, &mut Shown<P::Place>, &Transform, &ChildOf), Changed<P>>,
    boards: Query<&P::Board>,
) {
    for (entity, piece, mut shown, transform, parent) in &mut pieces {
        if shown.0 == piece.place() {
            continue;
        }
        let Ok(board) = boards.get(parent.parent()) else {
            continue;
        };
        let glide = piece.glide(board, shown.0, transform.translation.truncate());
        shown.0 = piece.place();
        commands.entity(entity).insert(glide);
    }
}

/// A piece on its way: through `waypoints`, one every `step_seconds`, after `delay`; it
/// travels above the board and comes to rest at `rest_z`, hopping a little on each step
/// when `hop` is above 0.
#[derive(Component, Debug, Clone)]
pub struct Glide {
    waypoints: VecDeque<Vec2>,
    from: Vec2,
    step_seconds: f32,
    elapsed: f32,
    delay: f32,
    rest_z: f32,
    hop: f32,
}

impl Glide {
    /// From `from` through `waypoints`, a step every `step_seconds`, to rest at `rest_z`.
    pub fn new(
        from: Vec2,
        waypoints: impl IntoIterator<Item = Vec2>,
        step_seconds: f32,
        rest_z: f32,
    ) -> Glide {
        Glide {
            waypoints: waypoints.into_iter().collect(),
            from,
            step_seconds,
            elapsed: 0.0,
            delay: 0.0,
            rest_z,
            hop: 0.0,
        }
    }

    /// Starting after `delay` seconds.
    pub fn after(self, delay: f32) -> Glide {
        Glide { delay, ..self }
    }

    /// Growing by up to `hop` (a share of its size) in the middle of each step.
    pub fn hopping(self, hop: f32) -> Glide {
        Glide { hop, ..self }
    }
}

fn glide_pieces(
    mut commands: Commands,
    time: Res<Time>,
    animation: Option<Res<Animation>>,
    mut gliding: Query<(Entity, &mut Glide, &mut Transform)>,
) {
    let pace = animation.map_or(Animation::Normal, |a| *a);
    for (entity, mut glide, mut transform) in &mut gliding {
        let mut dt = pace.advance(time.delta_secs());
        if glide.delay > 0.0 {
            let used = dt.min(glide.delay);
            glide.delay -= used;
            dt -= used;
            if glide.delay > 0.0 {
                continue;
            }
        }
        glide.elapsed += dt;
        while glide.elapsed >= glide.step_seconds {
            glide.elapsed -= glide.step_seconds;
            if let Some(reached) = glide.waypoints.pop_front() {
                glide.from = reached;
            }
            if glide.waypoints.is_empty() {
                break;
            }
        }
        let Some(&next) = glide.waypoints.front() else {
            transform.translation = glide.from.extend(glide.rest_z);
            transform.scale = Vec3::ONE;
            commands.entity(entity).remove::<Glide>();
            continue;
        };
        let t = (glide.elapsed / glide.step_seconds).clamp(0.0, 1.0);
        let eased = t * t * (3.0 - 2.0 * t);
        transform.translation = glide.from.lerp(next, eased).extend(glide.rest_z + 1.0);
        transform.scale = Vec3::splat(1.0 + (t * std::f32::consts::PI).sin() * glide.hop);
    }
}
