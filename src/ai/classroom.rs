//! A reference Magnetic Cave player in the manner of a good classroom solution: iterative-
//! deepening alpha-beta with no transposition table and no move ordering beyond the last
//! iteration's best move, and a heuristic that counts open lines (a window of `win_length`
//! cells holding bricks of one colour only). The tournament measures our engine against it.

use crate::ai::{Deadline, Deepening, Reorder, SearchReport, deepen};
use crate::rules::magnetic_cave::{Brick, Cell, Outcome, State};

/// The score of a win at the root; a win found deeper is worth one less, and a tie 0.
pub const WIN: i32 = 100_000_000;

/// Picks a move for the player to move within `deadline`; `None` when the game is over.
pub fn choose_move(state: &State, deadline: &Deadline) -> Option<SearchReport<Cell>> {
    let empty = state.config().cell_count() - state.moves().len();
    search_to_depth(state, deadline, empty as u32)
}

/// The same search as [`choose_move`] stopped after `max_depth` plies (for the tests that
/// check the engine's replay of it).
pub fn search_to_depth(
    state: &State,
    deadline: &Deadline,
    max_depth: u32,
) -> Option<SearchReport<Cell>> {
    let moves = state.legal_moves();
    moves.first()?;
    let mut nodes = 0u64;
    let plan = Deepening {
        max_depth,
        stop_after: 1.0,
        decided: |score: i32| score.abs() >= WIN / 2,
        reorder: Reorder::BestFirst,
        keep_partial: false,
    };
    let found = deepen(deadline, moves, 0, &plan, |depth, moves| {
        let mut scores = Vec::with_capacity(moves.len());
        let mut alpha = -WIN * 2;
        for &cell in moves {
            let mut child = state.clone();
            let score = match child.apply(cell) {
                Ok(Some(Outcome::Win { .. })) => WIN,
                Ok(Some(Outcome::Tie)) => 0,
                Ok(None) => {
                    let Some(value) = alpha_beta(
                        &mut child,
                        depth - 1,
                        -WIN * 2,
                        -alpha,
                        deadline,
                        depth > 1,
                        &mut nodes,
                    ) else {
                        break;
                    };
                    -value
                }
                Err(_) => -WIN * 2,
            };
            scores.push(score);
            alpha = alpha.max(score);
        }
        scores
    });
    Some(SearchReport {
        best: found.best,
        score: found.score,
        depth: found.depth,
        nodes,
        elapsed: deadline.elapsed(),
    })
}

/// Negamax alpha-beta: the value of `state` for the player to move; `None` when the deadline
/// cut it (only when `can_stop`).
fn alpha_beta(
    state: &mut State,
    depth: u32,
    mut alpha: i32,
    beta: i32,
    deadline: &Deadline,
    can_stop: bool,
    nodes: &mut u64,
) -> Option<i32> {
    *nodes += 1;
    if can_stop && nodes.is_multiple_of(512) && deadline.expired() {
        return None;
    }
    if depth == 0 {
        return Some(open_lines(state, state.to_move()));
    }
    let mut best = -WIN * 2;
    for cell in state.legal_moves() {
        let mut child = state.clone();
        let value = match child.apply(cell) {
            Ok(Some(Outcome::Win { .. })) => WIN - 1,
            Ok(Some(Outcome::Tie)) => 0,
            Ok(None) => -alpha_beta(
                &mut child,
                depth - 1,
                -beta,
                -alpha,
                deadline,
                can_stop,
                nodes,
            )?,
            Err(_) => continue,
        };
        best = best.max(value);
        alpha = alpha.max(value);
        if alpha >= beta {
            break;
        }
    }
    Some(best)
}

/// The open-line heuristic for `me`: each window of `win_length` cells in a row, column or
/// diagonal that holds only `me`'s bricks counts 4^k for its k bricks; the opponent's count
/// against.
pub fn open_lines(state: &State, me: Brick) -> i32 {
    let config = state.config();
    let (width, height) = (i32::from(config.width()), i32::from(config.height()));
    let length = i32::from(config.win_length());
    let mut score = 0i32;
    for (dc, dr) in [(1, 0), (0, 1), (1, 1), (1, -1)] {
        for row in 0..height {
            for col in 0..width {
                let end_col = col + dc * (length - 1);
                let end_row = row + dr * (length - 1);
                if end_col < 0 || end_col >= width || end_row < 0 || end_row >= height {
                    continue;
                }
                let (mut mine, mut theirs) = (0u32, 0u32);
                for k in 0..length {
                    let cell = Cell::new((col + dc * k) as u8, (row + dr * k) as u8);
                    match state.brick(cell) {
                        Some(brick) if brick == me => mine += 1,
                        Some(_) => theirs += 1,
                        None => {}
                    }
                }
                if theirs == 0 && mine > 0 {
                    score += 4i32.pow(mine);
                } else if mine == 0 && theirs > 0 {
                    score -= 4i32.pow(theirs);
                }
            }
        }
    }
    score
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::magnetic_cave::Config;

    #[test]
    fn takes_a_win_and_answers_with_no_time() {
        let moves =
            crate::rules::magnetic_cave::parse_moves("A1,H1,A2,H2,A3,H3,A4,H4").unwrap_or_default();
        let state = State::from_moves(Config::STANDARD, &moves)
            .unwrap_or_else(|_| State::new(Config::STANDARD));
        let report = choose_move(
            &state,
            &Deadline::within(std::time::Duration::from_millis(300)),
        );
        assert_eq!(report.map(|r| r.best), Some(Cell::new(0, 4)), "A5 wins");
        let report = choose_move(
            &State::new(Config::STANDARD),
            &Deadline::within(Default::default()),
        );
        assert!(report.is_some(), "depth 1 always finishes");
    }
}
