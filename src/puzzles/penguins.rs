//! Penguins puzzles: an endgame of two players small enough to solve exactly, where one slide
//! ends the game with the best fish margin for the player to move and every other slide ends
//! it at least one fish worse.

use std::collections::HashMap;

use serde::{Deserialize, Serialize};

use crate::puzzles::PuzzleRefusal;
use crate::rules::penguins::{Action, Grid, Midgame, Phase, State};

/// The most positions [`solve`] visits before it gives up: far above a puzzle's endgame.
pub const NODE_LIMIT: u64 = 2_000_000;

/// One Penguins puzzle as its file holds it.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct PenguinsPuzzle {
    /// Its name, unique in its file.
    pub name: String,
    /// Square or hexagonal floes.
    #[serde(default, skip_serializing_if = "Grid::is_square")]
    pub grid: Grid,
    /// The board, a string per row of fields as the file protocol writes them: two digits
    /// each, the fish (0 to 3) then the player whose penguin stands there (0 for none).
    pub board: Vec<String>,
    /// Each player's fish so far, player 1 first (two players).
    pub scores: Vec<u32>,
    /// The player to move, 1 or 2: the one solving.
    pub to_move: u8,
    /// The one best slide, `x1 y1 x2 y2` as the console takes it.
    pub solution: String,
    /// The final fish margin (the solver's fish less the other's) with best play after it.
    pub margin: i32,
}

/// A Penguins puzzle read and checked as far as the rules go.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct PenguinsProblem {
    /// The position to solve.
    pub state: State,
    /// The one best slide.
    pub solution: Action,
}

impl PenguinsPuzzle {
    /// The position and solution, when the board reads, two players have penguins on it,
    /// the player to move can slide and the solution is one of its slides; else what is wrong.
    ///
    /// # Errors
    /// The reason, in a designer's words.
    pub fn problem(&self) -> Result<PenguinsProblem, PuzzleRefusal> {
        if self.scores.len() != 2 {
            return Err(PuzzleRefusal::Players(self.scores.len()));
        }
        let state = self.midgame().state().map_err(PuzzleRefusal::Midgame)?;
        let solution: Action = self
            .solution
            .parse()
            .map_err(PuzzleRefusal::PenguinsSolution)?;
        state.check(solution).map_err(PuzzleRefusal::IllegalSlide)?;
        Ok(PenguinsProblem { state, solution })
    }

    /// The puzzle's position written down, as a match that starts from it records it.
    pub fn midgame(&self) -> Midgame {
        Midgame {
            grid: self.grid,
            board: self.board.clone(),
            scores: self.scores.clone(),
            to_move: self.to_move,
        }
    }

    /// Solves the puzzle exactly: the solution is the one best slide, by a fish or more, and
    /// its final margin is `margin`.
    ///
    /// # Errors
    /// What the solver found instead, or that the endgame is too large to solve.
    pub fn prove(&self) -> Result<(), PuzzleRefusal> {
        let problem = self.problem()?;
        let ranked = rank_slides(&problem.state).ok_or(PuzzleRefusal::TooLarge)?;
        let (best, margin) = ranked[0];
        if let Some(&(other, second)) = ranked.get(1)
            && second >= margin
        {
            return Err(PuzzleRefusal::TwoBestSlides {
                best,
                other,
                margin,
            });
        }
        if best != problem.solution {
            return Err(PuzzleRefusal::NotBest {
                given: problem.solution,
                best,
            });
        }
        if margin != self.margin {
            return Err(PuzzleRefusal::Margin {
                found: margin,
                given: self.margin,
            });
        }
        Ok(())
    }
}

/// The final margin of player 1 over player 2 with best play from `state`, or `None` past
/// [`NODE_LIMIT`] positions.
fn solve(state: &State, memo: &mut HashMap<State, i32>, nodes: &mut u64) -> Option<i32> {
    if state.phase() == Phase::Over {
        return Some(state.score(1) as i32 - state.score(2) as i32);
    }
    if let Some(&value) = memo.get(state) {
        return Some(value);
    }
    *nodes += 1;
    if *nodes > NODE_LIMIT {
        return None;
    }
    let maximise = state.to_move() == 1;
    let mut best: Option<i32> = None;
    for action in state.legal_actions() {
        let mut after = state.clone();
        if after.apply(action).is_err() {
            continue;
        }
        let value = solve(&after, memo, nodes)?;
        best = Some(match best {
            None => value,
            Some(b) if maximise => b.max(value),
            Some(b) => b.min(value),
        });
    }
    let value = best.unwrap_or(state.score(1) as i32 - state.score(2) as i32);
    memo.insert(state.clone(), value);
    Some(value)
}

/// Every slide of the player to move in `state` (two players, sliding) with the final margin
/// it leads to for that player with best play, best first; `None` when the endgame is too
/// large to solve exactly or there is no slide.
pub fn rank_slides(state: &State) -> Option<Vec<(Action, i32)>> {
    if state.players() != 2 || state.phase() != Phase::Movement {
        return None;
    }
    let me = state.to_move();
    let mut memo = HashMap::new();
    let mut nodes = 0;
    let mut ranked = Vec::new();
    for action in state.legal_actions() {
        let mut after = state.clone();
        if after.apply(action).is_err() {
            continue;
        }
        let value = solve(&after, &mut memo, &mut nodes)?;
        ranked.push((action, if me == 1 { value } else { -value }));
    }
    ranked.sort_by_key(|&(_, margin)| -margin);
    (!ranked.is_empty()).then_some(ranked)
}

/// A puzzle found in `state`, when it is a two-player endgame small enough to solve, the
/// player to move has two slides or more and one is best by a fish or more, and that one is
/// not simply the slide to the most fish (a greedy player would miss it); `name` names it.
pub fn puzzle_in(state: &State, name: &str) -> Option<PenguinsPuzzle> {
    let ranked = rank_slides(state)?;
    let (&(best, margin), &(_, second)) = (ranked.first()?, ranked.get(1)?);
    if second >= margin {
        return None;
    }
    let fish_of = |action: Action| match action {
        Action::Move { to, .. } => state.board().get(to).fish,
        Action::Place(_) => 0,
    };
    let greediest = ranked.iter().map(|&(a, _)| fish_of(a)).max().unwrap_or(0);
    if fish_of(best) == greediest {
        return None;
    }
    Some(PenguinsPuzzle {
        name: name.to_string(),
        grid: state.board().grid(),
        board: Midgame::of(state).board,
        scores: state.scores().to_vec(),
        to_move: state.to_move(),
        solution: best.to_string(),
        margin,
    })
}
