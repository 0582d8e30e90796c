//! Making puzzles from self-play: games between the AI levels (each side's level and a short
//! random opening drawn from the seed), every position of which is offered to the game's
//! puzzle finder; at most [`PER_GAME`] puzzles a game, [`GAP`] plies apart, so a set is not
//! the same combination seen twice.

use std::time::Duration;

use super::magnetic_cave::{self as cave_puzzles, CavePuzzle};
use super::penguins::{self as penguin_puzzles, PenguinsPuzzle};
use crate::ai::levels::AiLevels;
use crate::ai::{AiLevel, Deadline, splitmix};
use crate::rules::magnetic_cave;
use crate::rules::penguins::{self, Phase};

/// The most puzzles one self-play game gives.
pub const PER_GAME: usize = 2;
/// The fewest plies between two puzzles of one game.
pub const GAP: usize = 8;

/// Puzzles made, and how many self-play games it took.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Made<T> {
    /// The puzzles, in the order found.
    pub puzzles: Vec<T>,
    /// The self-play games played.
    pub games: u64,
}

/// How the self-play games are played.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct SelfPlay {
    /// The first seed; game `g` uses a seed drawn from it.
    pub seed: u64,
    /// The Hard and Medium levels' time a decision.
    pub budget: Duration,
    /// The time each position's proof may take (the cave's).
    pub proof: Duration,
}

/// A small generator of numbers from a seed (splitmix64), for openings and levels.
struct Draw(u64);

impl Draw {
    fn below(&mut self, n: usize) -> usize {
        self.0 = splitmix(self.0);
        (self.0 % n.max(1) as u64) as usize
    }

    fn level(&mut self) -> AiLevel {
        AiLevel::ALL[self.below(AiLevel::ALL.len())]
    }
}

/// Plays one self-play game from `state`: `opening` random actions, then each side at its
/// level; the positions it went through, the start first.
fn self_play<G: AiLevels>(
    mut state: G,
    draw: &mut Draw,
    opening: usize,
    budget: Duration,
) -> Vec<G> {
    let levels = [draw.level(), draw.level()];
    let mut positions = vec![state.clone()];
    for ply in 0..400 {
        let actions = state.legal_actions();
        if actions.is_empty() {
            break;
        }
        let action = if ply < opening {
            actions[draw.below(actions.len())]
        } else {
            let level = levels[ply % 2];
            match state.decide(level, &Deadline::within(budget)) {
                Some(report) => report.best,
                None => break,
            }
        };
        if state.apply(action).is_err() {
            break;
        }
        positions.push(state.clone());
    }
    positions
}

/// Cave puzzles cut from self-play on the standard cave until `count` are found, each
/// named `cave-NNN` from `first_number`; `progress` hears of each game (puzzles so far, games).
pub fn cave(
    count: usize,
    first_number: usize,
    play: SelfPlay,
    mut progress: impl FnMut(usize, u64),
) -> Made<CavePuzzle> {
    let mut draw = Draw(play.seed);
    let mut made = Made {
        puzzles: Vec::new(),
        games: 0,
    };
    while made.puzzles.len() < count {
        made.games += 1;
        let opening = 2 + draw.below(6);
        let start = magnetic_cave::State::new(cave_puzzles::config());
        let positions = self_play(start, &mut draw, opening, play.budget);
        let mut found = 0;
        let mut next_ply = opening;
        for (ply, state) in positions.iter().enumerate().skip(opening) {
            if ply < next_ply || found == PER_GAME || made.puzzles.len() == count {
                continue;
            }
            let name = format!("cave-{:03}", first_number + made.puzzles.len());
            if let Some(puzzle) = cave_puzzles::puzzle_in(state, &name, play.proof) {
                made.puzzles.push(puzzle);
                found += 1;
                next_ply = ply + GAP;
            }
        }
        progress(made.puzzles.len(), made.games);
    }
    made
}

/// The free floes (fish, no penguin) of a Penguins position: a cheap gauge of its endgame.
fn free_floes(state: &penguins::State) -> usize {
    let board = state.board();
    board
        .positions()
        .filter(|&pos| board.get(pos).is_free_floe())
        .count()
}

/// The most free floes a Penguins position may have to be offered to the exact solver.
pub const PENGUINS_FLOES: usize = 16;

/// Penguins puzzles cut from self-play of two players with `penguins` each on boards drawn
/// by the built-in layout, named `penguins-NNN` from `first_number`.
pub fn penguins(
    count: usize,
    first_number: usize,
    penguins_each: u8,
    play: SelfPlay,
    mut progress: impl FnMut(usize, u64),
) -> Made<PenguinsPuzzle> {
    let mut draw = Draw(play.seed);
    let mut made = Made {
        puzzles: Vec::new(),
        games: 0,
    };
    let setup = crate::layout::load(&crate::levels::built_in_path("penguins.ron"));
    let Ok(crate::layout::GameSetup::Penguins(setup)) = setup else {
        return made;
    };
    while made.puzzles.len() < count {
        made.games += 1;
        draw.0 = splitmix(draw.0);
        let board = setup.board(draw.0, 2 * usize::from(penguins_each));
        let start = penguins::State::new(board, 2, penguins_each);
        let positions = self_play(start, &mut draw, 2, play.budget);
        let mut found = 0;
        let mut next_ply = 0;
        for (ply, state) in positions.iter().enumerate() {
            if ply < next_ply
                || found == PER_GAME
                || made.puzzles.len() == count
                || state.phase() != Phase::Movement
                || free_floes(state) > PENGUINS_FLOES
            {
                continue;
            }
            let name = format!("penguins-{:03}", first_number + made.puzzles.len());
            if let Some(puzzle) = penguin_puzzles::puzzle_in(state, &name) {
                made.puzzles.push(puzzle);
                found += 1;
                next_ply = ply + GAP;
            }
        }
        progress(made.puzzles.len(), made.games);
    }
    made
}
