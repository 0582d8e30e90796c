//! Moves drawn on the board: the last move, which shows until the next one in every game (a
//! ring where it ended, and the way it went — the squares a Patolli piece walked, a penguin's
//! slide — as dots on a line), and the same drawing for other moves (a hint). Written once
//! over [`LastMoveView`]; each game says only where a move goes.

use bevy::prelude::*;

use crate::app::hint::Hints;
use crate::app::match_view::MatchView;
use crate::app::referee::Referee;
use crate::app::shapes::{self, Shapes};
use crate::app::{AppSystems, theme};

/// A game whose moves are drawn on its board.
pub trait LastMoveView: MatchView {
    /// The component of the board entity the marks are drawn in.
    type Board: Component;
    /// How high the marks lie: above the squares, below the pieces.
    const TRAIL_Z: f32;
    /// The way `action` goes from the position `before`, in the board's coordinates, from
    /// where it starts to where it ends (empty when nothing moves: a pass), and the side of
    /// one square there.
    fn trail(board: &Self::Board, before: &Self, action: Self::Action) -> (Vec<Vec2>, f32);
    /// The match's last move and the position before it: the runner's last decision.
    fn last_move(referee: &Referee<Self>) -> Option<(Self, Self::Action)> {
        referee
            .last_decision()
            .map(|(_, action, before)| (before.clone(), action))
    }
}

/// One mark of the last move's trail.
#[derive(Component, Debug, Clone, Copy)]
pub struct TrailMark;

/// One mark of the hint's way.
#[derive(Component, Debug, Clone, Copy)]
pub struct HintMark;

/// Draws game `G`'s last move, and the hint asked for.
pub fn plugin<G: LastMoveView>(app: &mut App) {
    app.add_systems(
        Update,
        (show_trail::<G>, show_hint::<G>)
            .in_set(AppSystems::Present)
            .run_if(in_state(G::SCREEN)),
    );
}

/// Draws the hint while it shows: the way the engine's choice would go, in the hint's colour.
fn show_hint<G: LastMoveView>(
    mut commands: Commands,
    referee: Option<Res<Referee<G>>>,
    hints: Option<Res<Hints<G>>>,
    boards: Query<(Entity, &G::Board)>,
    marks: Query<Entity, With<HintMark>>,
    shapes: Res<Shapes>,
    mut drawn: Local<Option<(u64, bool, Entity)>>,
) {
    let (Some(referee), Some(hints), Ok((board_entity, board))) = (referee, hints, boards.single())
    else {
        return;
    };
    let hint = hints.shown(&referee);
    let now = (referee.revision(), hint.is_some(), board_entity);
    if *drawn == Some(now) {
        return;
    }
    *drawn = Some(now);
    for mark in &marks {
        commands.entity(mark).despawn();
    }
    if let Some(hint) = hint {
        let (points, square) = G::trail(board, referee.state(), hint.action);
        let way = Way {
            points: &points,
            square,
            z: G::TRAIL_Z + 0.05,
            color: theme::HINT,
        };
        draw_way(&mut commands, board_entity, &shapes, &way, HintMark);
    }
}

/// Redraws the trail when the match changes (a move, an undo, a new match) or the board is
/// rebuilt.
fn show_trail<G: LastMoveView>(
    mut commands: Commands,
    referee: Option<Res<Referee<G>>>,
    boards: Query<(Entity, &G::Board)>,
    marks: Query<Entity, With<TrailMark>>,
    shapes: Res<Shapes>,
    mut drawn: Local<Option<(u64, Entity)>>,
) {
    let (Some(referee), Ok((board_entity, board))) = (referee, boards.single()) else {
        return;
    };
    let now = (referee.revision(), board_entity);
    if *drawn == Some(now) {
        return;
    }
    *drawn = Some(now);
    for mark in &marks {
        commands.entity(mark).despawn();
    }
    if let Some((before, action)) = G::last_move(&referee) {
        let (points, square) = G::trail(board, &before, action);
        let way = Way {
            points: &points,
            square,
            z: G::TRAIL_Z,
            color: theme::LAST_MOVE,
        };
        draw_way(&mut commands, board_entity, &shapes, &way, TrailMark);
    }
}

/// A move's way to draw: its points, the side of a square, how high, in what colour.
pub struct Way<'a> {
    /// From where the move starts to where it ends, in the board's coordinates.
    pub points: &'a [Vec2],
    /// The side of one square.
    pub square: f32,
    /// How high the marks lie.
    pub z: f32,
    /// Their colour.
    pub color: Color,
}

/// Draws `way` in `board`, each mark carrying `mark`: a line between its points, a dot on each
/// but the last, and a ring round the last.
pub fn draw_way(
    commands: &mut Commands,
    board: Entity,
    shapes: &Shapes,
    way: &Way,
    mark: impl Component + Copy,
) {
    let Some(&end) = way.points.last() else {
        return;
    };
    let (square, z, color) = (way.square, way.z, way.color);
    commands.entity(board).with_children(|board| {
        for pair in way.points.windows(2) {
            let (from, to) = (pair[0], pair[1]);
            let step = to - from;
            board.spawn((
                mark,
                Sprite::from_color(
                    color.with_alpha(0.55),
                    Vec2::new(step.length(), square * 0.08),
                ),
                Transform::from_translation(((from + to) / 2.0).extend(z))
                    .with_rotation(Quat::from_rotation_z(step.y.atan2(step.x))),
                Pickable::IGNORE,
            ));
        }
        for &point in &way.points[..way.points.len() - 1] {
            board.spawn((
                mark,
                shapes::sprite(&shapes.disc, color, Vec2::splat(square * 0.24)),
                Transform::from_translation(point.extend(z + 0.01)),
                Pickable::IGNORE,
            ));
        }
        board.spawn((
            mark,
            shapes::sprite(&shapes.ring, color, Vec2::splat(square * 0.98)),
            Transform::from_translation(end.extend(z + 0.02)),
            Pickable::IGNORE,
        ));
    });
}
