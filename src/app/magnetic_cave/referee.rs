//! Magnetic Cave's part of the referee: the game as the app plays it ([`AppGame`]), its board,
//! cell and brick entities kept in step with the generic referee's announcements, and a saved
//! layout turned into a new match. The match life cycle, the seat check and undo are the
//! generic referee's (`app::referee`).

use std::time::Duration;

use bevy::prelude::*;

use crate::ai::SearchReport;
use crate::app::layout_assets::{CaveLayout, CaveLayoutChanged};
use crate::app::referee::{self, AppGame, referee_plugin};
use crate::app::search_task::{AiPacing, Thinking};
use crate::app::{AppSystems, FirstMatch, Screen};
use crate::rules::magnetic_cave::{Brick, Cell, Config, State};
use crate::setup::CaveMatch;

pub(super) fn plugin(app: &mut App) {
    referee_plugin::<State>(app);
    app.add_plugins(crate::app::hint::plugin::<State>);
    app.add_systems(
        Update,
        restart_on_layout_change.in_set(AppSystems::RecordInput),
    );
    app.add_systems(Update, mirror_entities.in_set(AppSystems::MirrorEntities));
}

impl AppGame for State {
    const SCREEN: Screen = Screen::MagneticCave;

    fn first_match(first: &FirstMatch) -> Option<CaveMatch> {
        match first {
            FirstMatch::MagneticCave(setup, _) => Some(setup.clone()),
            _ => None,
        }
    }

    /// Pacing never pushes a move past half the budget.
    fn pause(setup: &CaveMatch, pacing: &AiPacing) -> Duration {
        pacing.min_move_time.min(setup.budget() / 2)
    }

    fn proof_line(&self, report: &SearchReport<Cell>) -> Option<String> {
        crate::ai::magnetic_cave::proof_line(self, report)
    }
}

impl crate::app::hint::HintGame for State {
    /// What the search proved (a win in so many bricks, the longest defence, a tie), else how
    /// far it looked.
    fn hint_line(&self, report: &SearchReport<Cell>) -> String {
        use crate::ai::magnetic_cave::{Verdict, verdict};
        let other = match self.to_move().opponent() {
            crate::rules::magnetic_cave::Brick::Black => "Black",
            crate::rules::magnetic_cave::Brick::White => "White",
        };
        match verdict(self, report) {
            Some(Verdict::Wins { player, moves: 1 }) if player == self.to_move() => {
                "it completes your line: you win".to_string()
            }
            Some(Verdict::Wins { player, moves }) if player == self.to_move() => {
                format!("you win with {moves} more bricks, whatever {other} plays")
            }
            Some(Verdict::Wins { moves, .. }) => {
                format!("{other} can force a line with {moves} more bricks; this holds out longest")
            }
            Some(Verdict::Tie) => "a tie with best play from here".to_string(),
            // The engine answers at once when one brick alone keeps the game going.
            None if report.depth == 0 => "the only brick that does not lose at once".to_string(),
            None => format!("the engine's choice, looking {} bricks ahead", report.depth),
        }
    }
}

/// The Magnetic Cave match in progress.
pub type CaveReferee = referee::Referee<State>;
/// Start a Magnetic Cave match.
pub type MatchRequested = referee::MatchRequested<State>;
/// Place a brick for the player to move.
pub type ActionRequested = referee::ActionRequested<State>;
/// A brick was placed.
pub type ActionApplied = referee::ActionApplied<State>;
/// A request was refused.
pub type ActionRejected = referee::ActionRejected<State>;
/// Why a request was refused.
pub type Refusal = referee::Refusal<State>;
/// Bricks were taken back.
pub type MovesUndone = referee::MovesUndone<State>;
/// A match began.
pub type MatchStarted = referee::MatchStarted<State>;
/// The match ended.
pub type GameOver = referee::GameOver<State>;
/// An AI search in progress for the player to move.
pub type AiThinking = Thinking<CaveReferee>;
/// What the AI proved with its last move.
pub type AiProof = referee::AiProof<State>;

/// The board of the match; its cells and bricks are its children.
#[derive(Component, Debug, Clone, Copy)]
pub struct CaveBoard {
    /// The cave's shape.
    pub config: Config,
}

/// One cell of the cave.
#[derive(Component, Debug, Clone, Copy, PartialEq, Eq)]
pub struct CaveCell(pub Cell);

/// A brick on the board.
#[derive(Component, Debug, Clone, Copy, PartialEq, Eq)]
pub struct PlacedBrick {
    /// Its cell.
    pub cell: Cell,
    /// Its owner.
    pub player: Brick,
}

/// A designer saved a good layout: the match starts again on the new cave.
fn restart_on_layout_change(
    mut changes: MessageReader<CaveLayoutChanged>,
    referee: Option<Res<CaveReferee>>,
    layout: Option<ResMut<CaveLayout>>,
    mut requests: MessageWriter<MatchRequested>,
) {
    let Some(config) = changes.read().last().map(|changed| changed.0) else {
        return;
    };
    let Some(referee) = referee else {
        return;
    };
    let (setup, dropped) = referee.setup().on_cave(config);
    if let Some(mut layout) = layout {
        layout.note = dropped_moves_note(&dropped);
    }
    requests.write(MatchRequested::new(setup));
}

/// The panel's word on opening moves a new cave dropped; `None` when none was.
pub fn dropped_moves_note(dropped: &[Cell]) -> Option<String> {
    let (first, rest) = dropped.split_first()?;
    let cells: Vec<String> = std::iter::once(first)
        .chain(rest)
        .map(Cell::to_string)
        .collect();
    let (them, fit) = match rest.len() {
        0 => ("move", "it no longer fits"),
        _ => ("moves", "they no longer fit"),
    };
    Some(format!(
        "The new cave dropped opening {them} {}: {fit}",
        cells.join(", ")
    ))
}

/// Keeps the board, cell and brick entities in step with the match.
fn mirror_entities(
    mut commands: Commands,
    mut started: MessageReader<MatchStarted>,
    mut applied: MessageReader<ActionApplied>,
    mut undone: MessageReader<MovesUndone>,
    referee: Option<Res<CaveReferee>>,
    boards: Query<Entity, With<CaveBoard>>,
    bricks: Query<(Entity, &PlacedBrick)>,
) {
    let Some(referee) = referee else {
        return;
    };
    if started.read().count() > 0 {
        applied.clear();
        undone.clear();
        respawn_board(&mut commands, &boards, referee.state());
        return;
    }
    let Ok(board) = boards.single() else {
        return;
    };
    for undo in undone.read() {
        for (entity, brick) in &bricks {
            if undo.actions.contains(&brick.cell) {
                commands.entity(entity).despawn();
            }
        }
    }
    for move_applied in applied.read() {
        commands.spawn(brick_bundle(
            board,
            move_applied.action,
            move_applied.player,
        ));
    }
}

/// Replaces the board entities with fresh ones for `state`.
fn respawn_board(commands: &mut Commands, boards: &Query<Entity, With<CaveBoard>>, state: &State) {
    for board in boards {
        commands.entity(board).despawn();
    }
    let config = state.config();
    let board = commands
        .spawn((CaveBoard { config }, DespawnOnExit(Screen::MagneticCave)))
        .id();
    for cell in config.cells() {
        commands.spawn((CaveCell(cell), ChildOf(board)));
    }
    for &cell in state.moves() {
        if let Some(player) = state.brick(cell) {
            commands.spawn(brick_bundle(board, cell, player));
        }
    }
}

fn brick_bundle(board: Entity, cell: Cell, player: Brick) -> impl Bundle {
    (PlacedBrick { cell, player }, ChildOf(board))
}
