//! The AI levels of every game in one place: Easy (`greedy`: the best simple score one
//! action ahead), Medium (a plain search, a clear step between Easy and the engine) and Hard
//! (the engine). The window, the console and the tournament ask [`AiLevels::decide`]; the
//! tournament's yardsticks (`engine-v1`, `classroom`) are its own players
//! (`tournament::Contest`).

use super::{AiLevel, Deadline, SearchReport};
use crate::rules::Game;
use crate::rules::{magnetic_cave, patolli, penguins};

/// How far Magnetic Cave's Medium level looks ahead: the classroom alpha-beta stopped at four
/// plies (its move, the reply, its next move and the next reply) sees every two-move threat
/// but none of the longer plans a player can build, where at its full depth (six to eight
/// plies a second) it is the yardstick the engine needed its whole strength to beat.
pub const MEDIUM_CAVE_PLIES: u32 = 4;

/// A game's AI levels.
pub trait AiLevels: Game + Clone {
    /// The Hard level: the engine's decision.
    fn search(&self, deadline: &Deadline) -> Option<SearchReport<Self::Action>>;
    /// The Medium level's decision.
    fn medium(&self, deadline: &Deadline) -> Option<SearchReport<Self::Action>>;
    /// The simple score the Easy level plays by, for `player` (higher is better): `engine-v1`'s
    /// evaluation, or the open lines in Magnetic Cave, fixed so the reference stays put.
    fn static_value(&self, player: Self::Player) -> f64;
    /// The Easy level (`greedy`): the action after which [`AiLevels::static_value`] is best
    /// for the player to move (the first of equals). `None` when nobody is to act.
    fn greedy(&self) -> Option<SearchReport<Self::Action>> {
        let started = std::time::Instant::now();
        let player = self.to_move()?;
        let actions = self.legal_actions();
        let mut best = (*actions.first()?, f64::NEG_INFINITY);
        for &action in &actions {
            let mut after = self.clone();
            if after.apply(action).is_ok() {
                let value = after.static_value(player);
                if value > best.1 {
                    best = (action, value);
                }
            }
        }
        Some(SearchReport {
            best: best.0,
            score: 0,
            depth: 1,
            nodes: actions.len() as u64,
            elapsed: started.elapsed(),
        })
    }
    /// The decision at `level`.
    fn decide(&self, level: AiLevel, deadline: &Deadline) -> Option<SearchReport<Self::Action>> {
        match level {
            AiLevel::Hard => self.search(deadline),
            AiLevel::Medium => self.medium(deadline),
            AiLevel::Easy => self.greedy(),
        }
    }
}

impl AiLevels for magnetic_cave::State {
    fn search(&self, deadline: &Deadline) -> Option<SearchReport<magnetic_cave::Cell>> {
        super::magnetic_cave::choose_move(self, deadline)
    }

    /// The classroom alpha-beta, [`MEDIUM_CAVE_PLIES`] plies deep at most.
    fn medium(&self, deadline: &Deadline) -> Option<SearchReport<magnetic_cave::Cell>> {
        super::classroom::search_to_depth(self, deadline, MEDIUM_CAVE_PLIES)
    }

    /// A finished game is worth most; else the open lines (4^k for k bricks) of the player to
    /// move, for it.
    fn static_value(&self, player: magnetic_cave::Brick) -> f64 {
        match self.outcome() {
            Some(magnetic_cave::Outcome::Win { winner, .. }) if winner == player => 1e9,
            Some(magnetic_cave::Outcome::Win { .. }) => -1e9,
            Some(magnetic_cave::Outcome::Tie) => 0.0,
            None => {
                let value = f64::from(super::classroom::open_lines(self, self.to_move()));
                if self.to_move() == player {
                    value
                } else {
                    -value
                }
            }
        }
    }
}

impl AiLevels for patolli::State {
    fn search(&self, deadline: &Deadline) -> Option<SearchReport<patolli::Action>> {
        super::patolli::choose_action(self, deadline)
    }

    /// The engine one action ahead: its evaluation from the race tables, no search (`engine-v1`
    /// scores hardly better than `greedy` here).
    fn medium(&self, deadline: &Deadline) -> Option<SearchReport<patolli::Action>> {
        super::patolli::choose_action_to_depth(self, deadline, 1)
    }

    /// A finished game is worth most; else `engine-v1`'s evaluation.
    fn static_value(&self, player: patolli::Player) -> f64 {
        match self.winner() {
            Some(winner) if winner == player => 1e9,
            Some(_) => -1e9,
            None => super::v1::patolli::evaluate(self, player),
        }
    }
}

impl AiLevels for penguins::State {
    fn search(&self, deadline: &Deadline) -> Option<SearchReport<penguins::Action>> {
        super::penguins::choose_action(self, deadline)
    }

    /// Our first engine, `engine-v1`.
    fn medium(&self, deadline: &Deadline) -> Option<SearchReport<penguins::Action>> {
        super::v1::penguins::choose_action(self, deadline)
    }

    /// `engine-v1`'s evaluation.
    fn static_value(&self, player: penguins::Player) -> f64 {
        f64::from(super::v1::penguins::evaluate(self, player.0))
    }
}
