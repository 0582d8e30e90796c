//! Magnetic Cave puzzles: a position of the standard 8x8 cave where the player to move has a
//! forced line in `wins_in` of its own bricks and exactly one first brick forces it (every
//! other brick ties or loses with best play, proved by the engine's exact solver).

use std::time::Duration;

use serde::{Deserialize, Serialize};

use crate::ai::Deadline;
use crate::ai::magnetic_cave::{MoveProof, prove_moves, shallowest_win};
use crate::puzzles::PuzzleRefusal;
use crate::rules::magnetic_cave::{Cell, Config, State, parse_moves};

/// The fewest and the most bricks of a puzzle's forced line.
pub const WINS_IN: std::ops::RangeInclusive<u32> = 2..=8;

/// The deepest plain search [`difficulty_depth`] tries.
pub const DEEPEST: u32 = 12;

/// The most time [`puzzle_in`] gives the plain search that must see the win.
pub const SEEING: Duration = Duration::from_millis(400);

/// One cave puzzle as its file holds it.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct CavePuzzle {
    /// Its name, unique in its file (errors and the settings' solved list use it).
    pub name: String,
    /// The match so far from the empty cave, as `A1,H1,…`.
    pub moves: String,
    /// The one first brick that wins.
    pub solution: String,
    /// The winner's bricks to the line against the longest defence, the first included.
    pub wins_in: u32,
    /// The shallowest depth (plies, forced replies free) at which the engine's plain search
    /// sees the win: how far a player must read.
    pub depth: u32,
}

/// A cave puzzle read and checked as far as the rules go: its position and solution.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct CaveProblem {
    /// The position to solve, the player to move solving.
    pub state: State,
    /// The one winning first brick.
    pub solution: Cell,
}

/// The standard cave puzzles are set in.
pub fn config() -> Config {
    Config::STANDARD
}

impl CavePuzzle {
    /// The position and solution, when the moves are legal, the game is not over and the
    /// solution is a legal brick with `wins_in` in [`WINS_IN`]; else what is wrong.
    ///
    /// # Errors
    /// The reason, in a designer's words.
    pub fn problem(&self) -> Result<CaveProblem, PuzzleRefusal> {
        let moves = parse_moves(&self.moves).map_err(PuzzleRefusal::Moves)?;
        let state = State::from_moves(config(), &moves).map_err(|(index, reason)| {
            PuzzleRefusal::IllegalBrick {
                number: index + 1,
                reason,
            }
        })?;
        if state.outcome().is_some() {
            return Err(PuzzleRefusal::AlreadyOver);
        }
        let solution: Cell = self.solution.parse().map_err(PuzzleRefusal::CaveSolution)?;
        state
            .check(solution)
            .map_err(PuzzleRefusal::IllegalBrickSolution)?;
        if !WINS_IN.contains(&self.wins_in) {
            return Err(PuzzleRefusal::WinsInRange {
                value: self.wins_in,
                min: *WINS_IN.start(),
                max: *WINS_IN.end(),
            });
        }
        Ok(CaveProblem { state, solution })
    }

    /// Proves the puzzle within `budget`: the solution wins in exactly `wins_in` bricks and
    /// every other legal brick does not win.
    ///
    /// # Errors
    /// What the proof found instead (or that the time ran out).
    pub fn prove(&self, budget: Duration) -> Result<(), PuzzleRefusal> {
        let problem = self.problem()?;
        let proofs = prove_moves(&problem.state, &Deadline::within(budget))
            .ok_or(PuzzleRefusal::NotProved(budget.as_secs_f64()))?;
        let mut winners = proofs
            .iter()
            .filter(|(_, proof)| matches!(proof, MoveProof::Wins { .. }));
        match (winners.next(), winners.next()) {
            (None, _) => Err(PuzzleRefusal::NotWon),
            (Some((first, _)), Some((second, _))) => Err(PuzzleRefusal::TwoWinningBricks {
                first: *first,
                second: *second,
            }),
            (Some(&(cell, MoveProof::Wins { bricks })), None) => {
                if cell != problem.solution {
                    Err(PuzzleRefusal::OtherWinningBrick {
                        given: problem.solution,
                        winning: cell,
                    })
                } else if bricks != self.wins_in {
                    Err(PuzzleRefusal::WinsIn {
                        found: bricks,
                        given: self.wins_in,
                    })
                } else {
                    Ok(())
                }
            }
            (Some(_), None) => Err(PuzzleRefusal::NotWon),
        }
    }
}

/// A puzzle found in `state` (the player to move solving), when exactly one brick forces a
/// line within [`WINS_IN`] bricks and every other does not win, proved within `budget`;
/// `name` names it.
pub fn puzzle_in(state: &State, name: &str, budget: Duration) -> Option<CavePuzzle> {
    if state.outcome().is_some() {
        return None;
    }
    // A win no plain search sees by [`DEEPEST`] plies within [`SEEING`] is no puzzle: asked
    // first, as it is quick where the proof of every brick is not.
    let depth = difficulty_depth(state, &Deadline::within(budget.min(SEEING)))?;
    let proofs = prove_moves(state, &Deadline::within(budget))?;
    let mut winners = proofs.iter().filter_map(|&(cell, proof)| match proof {
        MoveProof::Wins { bricks } => Some((cell, bricks)),
        _ => None,
    });
    let (solution, wins_in) = winners.next()?;
    if winners.next().is_some() || !WINS_IN.contains(&wins_in) || proofs.len() < 2 {
        return None;
    }
    Some(CavePuzzle {
        name: name.to_string(),
        moves: state
            .moves()
            .iter()
            .map(Cell::to_string)
            .collect::<Vec<_>>()
            .join(","),
        solution: solution.to_string(),
        wins_in,
        depth,
    })
}

/// The shallowest plain search (up to [`DEEPEST`] plies) that sees the win in `state`.
pub fn difficulty_depth(state: &State, deadline: &Deadline) -> Option<u32> {
    shallowest_win(state, DEEPEST, deadline)
}

/// The bricks that keep a forced win for the player to move in `state`, proved within
/// `budget` (none when the proof does not finish in time: a brick not proved counts as not).
pub fn winning_bricks(state: &State, budget: Duration) -> Vec<Cell> {
    prove_moves(state, &Deadline::within(budget))
        .unwrap_or_default()
        .into_iter()
        .filter(|(_, proof)| matches!(proof, MoveProof::Wins { .. }))
        .map(|(cell, _)| cell)
        .collect()
}
