//! Penguins' analysis: each decision weighed by the engine's search from the deciding player's
//! side, before (its own choice) and after (the position its decision left, whoever moves
//! next); the search's fish margin becomes a win chance by the logistic curve fitted to
//! self-play games ([`SCORE_SCALE`]). A small endgame searched to its end is its exact result.

use std::time::Duration;

use super::{Analysis, Progress, Proved, Weighing, Worth, logistic, weigh_decisions};
use crate::ai::Deadline;
use crate::ai::penguins::{choose_action, is_proved, value_within};
use crate::record::Entry;
use crate::rules::penguins::{Phase, State};

/// The search's margin (tenths of a fish) worth a win chance of 73 % to its player: about ten
/// fish, fitted on 150 self-play games and checked on 100 others
/// (`cargo bench --bench calibration --profile dev -- penguins 150 100 30 1`,
/// docs/ai-penguins.md).
pub const SCORE_SCALE: f64 = 103.0;

/// A value of the search for a player as its worth: won or lost once the search reached every
/// end (by the fish margin); else the chance the curve gives.
fn worth_of(value: i32) -> Worth {
    if is_proved(value) {
        return Worth::proved(if value > 0 {
            Proved::Win(None)
        } else {
            Proved::Loss(None)
        });
    }
    Worth::estimated(logistic(f64::from(value), SCORE_SCALE))
}

/// What `state` is worth to `me` (1 to 4).
fn worth(state: &State, me: u8, budget: Duration) -> Worth {
    if state.phase() == Phase::Over {
        let winners = state.winners().unwrap_or_default();
        let proved = match (winners.contains(&me), winners.len()) {
            (true, 1) => Proved::Win(Some(0)),
            (true, _) => Proved::Tie,
            (false, _) => Proved::Loss(Some(0)),
        };
        return Worth::proved(proved);
    }
    let value = value_within(state, me, &Deadline::within(budget));
    worth_of(value)
}

/// Penguins' decisions, weighed for `budget` a search.
struct Penguins {
    budget: Duration,
}

impl Weighing for Penguins {
    type State = State;
    fn engine(&self, state: &State) -> Option<(crate::rules::penguins::Action, usize)> {
        let report = choose_action(state, &Deadline::within(self.budget))?;
        Some((report.best, state.legal_actions().len()))
    }
    fn worth(&self, decided_in: &State, state: &State) -> Worth {
        worth(state, decided_in.to_move(), self.budget)
    }
    fn decider(&self, state: &State) -> (usize, String) {
        let seat = state.to_move().saturating_sub(1);
        (usize::from(seat), char::from(b'A' + seat).to_string())
    }
}

/// The analysis of a Penguins match: `positions` are its start and the position after each of
/// `entries` (as [`crate::replay::replay`] gives them); each decision is weighed by the search
/// (for `budget`, from the deciding player's side) of the position it leaves, against that of
/// the engine's choice. `None` when `progress` stopped it.
pub fn analyse(
    positions: &[State],
    entries: &[Entry],
    budget: Duration,
    progress: &mut impl Progress,
) -> Option<Analysis> {
    let decisions = weigh_decisions(&Penguins { budget }, positions, entries, progress)?;
    Some(Analysis {
        budget: budget.as_secs_f64(),
        method: format!(
            "the engine's search from the deciding player's side; its fish margin as a win chance by the logistic curve of scale {SCORE_SCALE}"
        ),
        decisions,
    })
}
