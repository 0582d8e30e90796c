//! The classroom player ([`crate::ai::classroom`]) replayed on bitboards, to predict its
//! replies exactly: the same plain negamax alpha-beta over the legal moves in the same order
//! (row by row, the left cell before the right), the same open-line count at the leaves, the
//! same scores for a win and a tie, and the same iterative deepening at the root (the last
//! depth's best move first). It visits the same nodes in the same order, so a node budget
//! stands for the classroom player's clock: what it answers depends only on how many nodes it
//! can search in its time, and the replay lists its choice after each depth with the nodes
//! that depth took ([`classroom_replies`]).
//!
//! The position must use the open-line geometry ([`super::Geometry::open_lines`]), whose
//! evaluation is the classroom player's count.

use super::{Position, bits, first_best};
use crate::ai::classroom::WIN;

/// A classroom player's clock as a node budget: the nodes searched so far and the most it
/// may search.
struct Limits {
    nodes: u64,
    budget: u64,
}

impl Limits {
    /// Counts a node; whether the search must stop (only when `can_stop`: the classroom
    /// player always finishes depth 1).
    fn spend(&mut self, can_stop: bool) -> bool {
        self.nodes += 1;
        can_stop && self.nodes > self.budget
    }
}

/// The classroom player's alpha-beta: the value of `position` for the player to move, or
/// `None` when the limits stopped it (see `Limits::spend`).
fn value(
    position: &mut Position<'_>,
    depth: u32,
    mut alpha: i32,
    beta: i32,
    limits: &mut Limits,
    can_stop: bool,
) -> Option<i32> {
    if limits.spend(can_stop) {
        return None;
    }
    if depth == 0 {
        return Some(position.evaluate());
    }
    let wins = position.winning_cells(position.to_move);
    let last = position.empty_count() == 1;
    let mut best = -WIN * 2;
    for cell in bits(position.legal()) {
        let value = if wins & (1 << cell) != 0 {
            WIN - 1
        } else if last {
            0
        } else {
            position.play(cell);
            let value = value(position, depth - 1, -beta, -alpha, limits, can_stop);
            position.undo(cell);
            -value?
        };
        best = best.max(value);
        alpha = alpha.max(value);
        if alpha >= beta {
            break;
        }
    }
    Some(best)
}

/// The classroom player's choice in `position` after each depth of its deepening, with the
/// nodes it had searched by then: `(nodes, cell)` by depth from 1. A player whose clock allows
/// `n` nodes plays the cell of the last entry with at most `n` nodes ([`reply_within`]). The
/// replay stops once a depth would pass `budget` nodes or settles the game.
pub(super) fn classroom_replies(position: &mut Position<'_>, budget: u64) -> Vec<(u64, u32)> {
    let moves: Vec<u32> = bits(position.legal()).collect();
    replies_in_order(position, budget, moves).0
}

/// [`classroom_replies`] with the root's `moves` (the legal ones) first searched in the given
/// order instead of the board's: the same search otherwise, so the same values; only equal
/// best moves may be broken otherwise (a classroom player of another move order). With
/// whether the deepening ended settled (a decided score, or the full cave) rather than by the
/// budget: then its last choice is the player's at any deeper depth.
pub(super) fn replies_in_order(
    position: &mut Position<'_>,
    budget: u64,
    mut moves: Vec<u32>,
) -> (Vec<(u64, u32)>, bool) {
    match moves.len() {
        0 => return (Vec::new(), true),
        1 => return (vec![(0, moves[0])], true),
        _ => {}
    }
    let empty = position.empty_count();
    let wins = position.winning_cells(position.to_move);
    let mut limits = Limits { nodes: 0, budget };
    let mut choices = Vec::new();
    for depth in 1..=empty {
        if depth > 1 && limits.nodes >= budget {
            break;
        }
        let mut scores = Vec::with_capacity(moves.len());
        let mut alpha = -WIN * 2;
        for &cell in &moves {
            let score = if wins & (1 << cell) != 0 {
                WIN
            } else if empty == 1 {
                0
            } else {
                position.play(cell);
                let value = value(
                    position,
                    depth - 1,
                    -WIN * 2,
                    -alpha,
                    &mut limits,
                    depth > 1,
                );
                position.undo(cell);
                match value {
                    Some(value) => -value,
                    None => break,
                }
            };
            scores.push(score);
            alpha = alpha.max(score);
        }
        if scores.len() < moves.len() {
            break;
        }
        let best = first_best(&scores);
        choices.push((limits.nodes, moves[best]));
        moves[..=best].rotate_right(1);
        if scores[best].abs() >= WIN / 2 {
            break;
        }
    }
    let settled = limits.nodes < budget;
    (choices, settled)
}

/// The reply of a classroom player that searches `nodes` nodes in its time, from
/// [`classroom_replies`]' list (depth 1 always finishes).
pub(super) fn reply_within(choices: &[(u64, u32)], nodes: u64) -> Option<u32> {
    let mut reply = choices.first().map(|&(_, cell)| cell);
    for &(spent, cell) in choices.iter().skip(1) {
        if spent > nodes {
            break;
        }
        reply = Some(cell);
    }
    reply
}

#[cfg(test)]
mod tests {
    use super::super::tests::{below, open_line_geometry, play_randomly};
    use super::*;
    use crate::ai::{Deadline, classroom};
    use crate::rules::magnetic_cave::{Config, State};
    use std::time::Duration;

    /// The replay chooses what the classroom player chooses at every depth, after searching
    /// exactly as many nodes, and a node budget between two depths' counts stops it where the
    /// classroom player's clock would.
    #[test]
    fn the_replay_searches_as_the_classroom_player_does() {
        let geo = open_line_geometry();
        let deadline = Deadline::within(Duration::from_secs(600));
        let mut next = below(31);
        let mut compared = 0;
        for game in 0..40 {
            let mut state = State::new(Config::STANDARD);
            if play_randomly(&mut state, &mut next, 8 + game % 40) {
                continue;
            }
            let mut position = Position::new(&geo, &state);
            let choices = classroom_replies(&mut position, 60_000);
            for (depth, &(nodes, cell)) in choices.iter().enumerate() {
                let depth = depth as u32 + 1;
                let Some(report) = classroom::search_to_depth(&state, &deadline, depth) else {
                    panic!("the game is not over");
                };
                assert_eq!(
                    report.nodes,
                    nodes,
                    "nodes at depth {depth} after {:?}",
                    state.moves()
                );
                assert_eq!(
                    geo.cell(cell),
                    report.best,
                    "move at depth {depth} after {:?}",
                    state.moves()
                );
                assert_eq!(reply_within(&choices, nodes), Some(cell));
                assert_eq!(
                    reply_within(&choices, nodes.saturating_sub(1)),
                    if depth == 1 {
                        Some(cell)
                    } else {
                        Some(choices[depth as usize - 2].1)
                    },
                    "one node short of depth {depth}"
                );
                compared += 1;
            }
        }
        assert!(compared > 100, "only {compared} depths compared");
    }
}
