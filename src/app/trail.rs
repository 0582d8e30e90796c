//! The last move shows on the board until the next one, in every game: a ring where it
//! ended, and the way it went (the squares a Patolli piece walked, a penguin's slide) as dots
//! on a line. Written once over [`LastMoveView`]; each game says only where its last move went.

use bevy::prelude::*;

use crate::app::match_view::MatchView;
use crate::app::referee::Referee;
use crate::app::shapes::{self, Shapes};
use crate::app::{AppSystems, theme};

/// A game whose last move is drawn on its board.
pub trait LastMoveView: MatchView {
    /// The component of the board entity the trail is drawn in.
    type Board: Component;
    /// How high the trail lies: above the squares, below the pieces.
    const TRAIL_Z: f32;
    /// The way the match's last move went, in the board's coordinates, from where it started
    /// to where it ended (empty when there is none, or nothing moved: a pass), and the side
    /// of one square there.
    fn trail(board: &Self::Board, referee: &Referee<Self>) -> (Vec<Vec2>, f32);
}

/// One mark of the last move's trail.
#[derive(Component, Debug)]
pub struct TrailMark;

/// Draws game `G`'s last move.
pub fn plugin<G: LastMoveView>(app: &mut App) {
    app.add_systems(
        Update,
        show_trail::<G>
            .in_set(AppSystems::Present)
            .run_if(in_state(G::SCREEN)),
    );
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
    let (points, square) = G::trail(board, &referee);
    let Some(&end) = points.last() else {
        return;
    };
    let color = theme::LAST_MOVE;
    commands.entity(board_entity).with_children(|board| {
        for pair in points.windows(2) {
            let (from, to) = (pair[0], pair[1]);
            let way = to - from;
            board.spawn((
                TrailMark,
                Sprite::from_color(
                    color.with_alpha(0.55),
                    Vec2::new(way.length(), square * 0.08),
                ),
                Transform::from_translation(((from + to) / 2.0).extend(G::TRAIL_Z))
                    .with_rotation(Quat::from_rotation_z(way.y.atan2(way.x))),
                Pickable::IGNORE,
            ));
        }
        for &point in &points[..points.len() - 1] {
            board.spawn((
                TrailMark,
                shapes::sprite(&shapes.disc, color, Vec2::splat(square * 0.24)),
                Transform::from_translation(point.extend(G::TRAIL_Z + 0.01)),
                Pickable::IGNORE,
            ));
        }
        board.spawn((
            TrailMark,
            shapes::sprite(&shapes.ring, color, Vec2::splat(square * 0.98)),
            Transform::from_translation(end.extend(G::TRAIL_Z + 0.02)),
            Pickable::IGNORE,
        ));
    });
}
