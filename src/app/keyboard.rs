//! Playing without a mouse, in every game: the arrow keys (and, for the slanted lines of
//! hexagonal floes, Home, Page Up, End and Page Down) move a visible cursor over what can
//! act now (the cave's legal cells, the Patolli pieces that can move or enter, the floes a
//! penguin can be placed on, the penguins that can slide and then their floes), Tab and
//! Shift+Tab cycle through them, Enter acts (or chooses the penguin). The other keys (U, N,
//! S, P, H, Esc) keep working; in a replay the arrow keys step through it and no cursor shows.
//! Written once over [`KeyboardView`]; each game says what can act and where it shows.

use bevy::prelude::*;

use crate::app::match_view::{MatchView, Selection};
use crate::app::referee::{ActionRequested, Referee};
use crate::app::shapes::{self, Shapes};
use crate::app::trail::LastMoveView;
use crate::app::{AppSystems, theme};
use crate::rules::Seat;

/// What Enter does on a target.
#[derive(Debug, Clone, Copy, PartialEq)]
pub enum KeyAct<G: MatchView> {
    /// Ask the referee for this action.
    Act(G::Action),
    /// Choose this (a penguin), whose actions become the targets.
    Choose(G::Chosen),
}

/// A game played by keys.
pub trait KeyboardView: LastMoveView {
    /// What the human to move can act on now, in Tab order: where each shows on the board and
    /// what Enter does there (with `chosen` chosen); and the side of one square there.
    fn key_targets(
        board: &Self::Board,
        referee: &Referee<Self>,
        chosen: Option<Self::Chosen>,
    ) -> (Vec<(Vec2, KeyAct<Self>)>, f32);
}

/// The keyboard's cursor: where it stands on the board, and whether it shows (after an arrow
/// key or Tab, until the screen changes).
#[derive(Resource, Debug, Default, Clone, Copy, PartialEq)]
pub struct KeyCursor {
    /// Where it stands, in the board's coordinates.
    pub at: Option<Vec2>,
    /// Whether it shows (and Enter acts there).
    pub shown: bool,
}

/// One mark of the keyboard's cursor.
#[derive(Component, Debug, Clone, Copy)]
struct CursorMark;

/// Keys for game `G`.
pub fn plugin<G: KeyboardView>(app: &mut App) {
    app.init_resource::<KeyCursor>();
    app.add_systems(
        Update,
        move_cursor::<G>
            .in_set(AppSystems::RecordInput)
            .run_if(in_state(G::SCREEN)),
    );
    app.add_systems(
        Update,
        show_cursor::<G>
            .in_set(AppSystems::Present)
            .run_if(in_state(G::SCREEN)),
    );
    app.add_systems(OnExit(G::SCREEN), |mut cursor: ResMut<KeyCursor>| {
        *cursor = KeyCursor::default();
    });
}

/// Up at 60 degrees from the row: the slant of a hex board's lines.
const SLANT: Vec2 = Vec2::new(0.5, 0.866_025_4);

/// The keys that move the cursor and their directions on screen: the arrows, and for the
/// slanted lines of hexagonal floes Home, Page Up, End and Page Down (up-left, up-right,
/// down-left, down-right: the numeric keypad's 7, 9, 1 and 3 without Num Lock; with it, the
/// keypad's digits do the same, 4 6 8 2 as the arrows).
const ARROWS: [(&[KeyCode], Vec2); 8] = [
    (&[KeyCode::ArrowLeft, KeyCode::Numpad4], Vec2::NEG_X),
    (&[KeyCode::ArrowRight, KeyCode::Numpad6], Vec2::X),
    (&[KeyCode::ArrowUp, KeyCode::Numpad8], Vec2::Y),
    (&[KeyCode::ArrowDown, KeyCode::Numpad2], Vec2::NEG_Y),
    (
        &[KeyCode::Home, KeyCode::Numpad7],
        Vec2::new(-SLANT.x, SLANT.y),
    ),
    (&[KeyCode::PageUp, KeyCode::Numpad9], SLANT),
    (
        &[KeyCode::End, KeyCode::Numpad1],
        Vec2::new(-SLANT.x, -SLANT.y),
    ),
    (
        &[KeyCode::PageDown, KeyCode::Numpad3],
        Vec2::new(SLANT.x, -SLANT.y),
    ),
];

/// The index of the target nearest `at`.
fn nearest<T>(targets: &[(Vec2, T)], at: Vec2) -> Option<usize> {
    (0..targets.len()).min_by(|&a, &b| {
        let da = targets[a].0.distance_squared(at);
        let db = targets[b].0.distance_squared(at);
        da.total_cmp(&db)
    })
}

/// The target an arrow key in `direction` leads to from `from`: the closest one ahead,
/// straying sideways counting double; `None` when nothing lies that way.
pub fn step<T>(targets: &[(Vec2, T)], from: Vec2, direction: Vec2) -> Option<usize> {
    let side = direction.perp();
    (0..targets.len())
        .filter_map(|i| {
            let way = targets[i].0 - from;
            let ahead = way.dot(direction);
            (ahead > 0.5).then(|| (i, ahead + 2.0 * way.dot(side).abs()))
        })
        .min_by(|a, b| a.1.total_cmp(&b.1))
        .map(|(i, _)| i)
}

fn move_cursor<G: KeyboardView>(
    keys: Res<ButtonInput<KeyCode>>,
    referee: Option<Res<Referee<G>>>,
    boards: Query<&G::Board>,
    mut selection: ResMut<Selection<G::Chosen>>,
    mut cursor: ResMut<KeyCursor>,
    mut requests: MessageWriter<ActionRequested<G>>,
    page: Option<Res<super::settings::SettingsPage>>,
) {
    // Over the settings page, Tab and Enter work its buttons (`button_keys`).
    if page.is_some_and(|page| page.open) {
        return;
    }
    let (Some(referee), Ok(board)) = (referee, boards.single()) else {
        return;
    };
    if !referee.human_to_move() {
        return;
    }
    let (targets, _) = G::key_targets(board, &referee, selection.chosen);
    if targets.is_empty() {
        return;
    }
    let current = cursor.at.and_then(|at| nearest(&targets, at));
    let mut next = None;
    for (codes, direction) in ARROWS {
        if keys.any_just_pressed(codes.iter().copied()) {
            next = match current {
                Some(i) => step(&targets, targets[i].0, direction).or(Some(i)),
                None => Some(0),
            };
        }
    }
    if keys.just_pressed(KeyCode::Tab) {
        let back = keys.pressed(KeyCode::ShiftLeft) || keys.pressed(KeyCode::ShiftRight);
        let len = targets.len();
        next = Some(match (current, back) {
            (None, _) => 0,
            (Some(i), false) => (i + 1) % len,
            (Some(i), true) => (i + len - 1) % len,
        });
    }
    if let Some(i) = next {
        cursor.at = Some(targets[i].0);
        cursor.shown = true;
        return;
    }
    let enter = keys.just_pressed(KeyCode::Enter) || keys.just_pressed(KeyCode::NumpadEnter);
    if let (true, true, Some(i)) = (enter, cursor.shown, current) {
        match targets[i].1 {
            KeyAct::Act(action) => {
                *selection = Selection::default();
                requests.write(ActionRequested {
                    action,
                    seat: Seat::Human,
                });
            }
            KeyAct::Choose(chosen) => {
                *selection = Selection::of(chosen, referee.revision());
            }
        }
    }
}

/// Draws the cursor on the target it stands on, while a human is to move.
fn show_cursor<G: KeyboardView>(
    mut commands: Commands,
    referee: Option<Res<Referee<G>>>,
    boards: Query<(Entity, &G::Board)>,
    selection: Res<Selection<G::Chosen>>,
    cursor: Res<KeyCursor>,
    marks: Query<Entity, With<CursorMark>>,
    shapes: Res<Shapes>,
    mut drawn: Local<Option<(Option<Vec2>, Entity)>>,
) {
    let (Some(referee), Ok((board_entity, board))) = (referee, boards.single()) else {
        return;
    };
    let shown = (cursor.shown && referee.human_to_move())
        .then(|| {
            let (targets, square) = G::key_targets(board, &referee, selection.chosen);
            let at = cursor.at?;
            nearest(&targets, at).map(|i| (targets[i].0, square))
        })
        .flatten();
    let now = (shown.map(|(at, _)| at), board_entity);
    if *drawn == Some(now) {
        return;
    }
    *drawn = Some(now);
    for mark in &marks {
        commands.entity(mark).despawn();
    }
    if let Some((at, square)) = shown {
        commands.entity(board_entity).with_children(|board| {
            board.spawn((
                CursorMark,
                shapes::sprite(&shapes.ring, theme::KEY_CURSOR, Vec2::splat(square * 1.15)),
                Transform::from_translation(at.extend(G::TRAIL_Z + 3.0)),
                Pickable::IGNORE,
            ));
        });
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn an_arrow_leads_to_the_closest_target_that_way() {
        let targets = [
            (Vec2::new(0.0, 0.0), ()),
            (Vec2::new(10.0, 0.0), ()),
            (Vec2::new(20.0, 1.0), ()),
            (Vec2::new(10.0, 10.0), ()),
        ];
        assert_eq!(step(&targets, targets[0].0, Vec2::X), Some(1));
        assert_eq!(step(&targets, targets[1].0, Vec2::X), Some(2));
        assert_eq!(step(&targets, targets[1].0, Vec2::Y), Some(3));
        assert_eq!(step(&targets, targets[0].0, Vec2::NEG_X), None);
    }

    /// On hexagonal floes (odd rows set half a floe right, rows √3/2 apart) the slanted keys
    /// lead to the floes touching the cursor's up-left, up-right, down-left and down-right.
    #[test]
    fn the_slanted_keys_follow_the_hex_lines() {
        let row = SLANT.y;
        let targets = [
            (Vec2::new(0.0, 0.0), "here"),
            (Vec2::new(-0.5, row), "up-left"),
            (Vec2::new(0.5, row), "up-right"),
            (Vec2::new(-0.5, -row), "down-left"),
            (Vec2::new(0.5, -row), "down-right"),
            (Vec2::new(1.0, 0.0), "right"),
            (Vec2::new(-1.0, 0.0), "left"),
        ];
        let key = |code: KeyCode| {
            let (_, direction) = ARROWS
                .iter()
                .find(|(codes, _)| codes.contains(&code))
                .expect("bound");
            step(&targets, Vec2::ZERO, *direction).map(|i| targets[i].1)
        };
        assert_eq!(key(KeyCode::Home), Some("up-left"));
        assert_eq!(key(KeyCode::PageUp), Some("up-right"));
        assert_eq!(key(KeyCode::End), Some("down-left"));
        assert_eq!(key(KeyCode::PageDown), Some("down-right"));
        assert_eq!(key(KeyCode::Numpad9), Some("up-right"));
        assert_eq!(key(KeyCode::ArrowRight), Some("right"));
    }
}
