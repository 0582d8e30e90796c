//! Patolli's analysis. A decision's worth is the engine's own expectation over the dice: its
//! evaluation is the chance of finishing first from a race model (each player's turns to
//! finish, mean and spread), and its search averages that over every roll to come. The worth
//! after a decision is taken before the next roll, so a good decision followed by a bad roll
//! keeps its worth; rollouts would say the same more slowly and with sampling noise. The
//! chance goes through a curve fitted to self-play ([`CHANCE_SCALE`]).

use std::time::Duration;

use super::{Analysis, Progress, Proved, Weighing, Worth, weigh_decisions};
use crate::ai::Deadline;
use crate::ai::patolli::{chance_of, choose_action, value_within};
use crate::record::Entry;
use crate::rules::patolli::{Phase, Player, State};

/// The scale of the curve through which the engine's chance (as a logit) becomes the win
/// chance shown: fitted on self-play games (`cargo bench --bench calibration --profile dev --
/// patolli`, `docs/ai-patolli.md`); 1 leaves the engine's chance as it is.
pub const CHANCE_SCALE: f64 = 4.1;

/// The engine's chance `p` of finishing first through the fitted curve.
pub fn calibrated(p: f64) -> f64 {
    let p = p.clamp(1e-6, 1.0 - 1e-6);
    super::logistic((p / (1.0 - p)).ln(), CHANCE_SCALE)
}

/// What `state` is worth to `me`: proved once somebody has won, else the engine's expectation
/// searched for `budget`, through the fitted curve.
fn worth(state: &State, me: Player, budget: Duration) -> Worth {
    match state.winner() {
        Some(winner) if winner == me => Worth::proved(Proved::Win(Some(0))),
        Some(_) => Worth::proved(Proved::Loss(Some(0))),
        None => Worth::estimated(calibrated(chance_of(value_within(
            state,
            me,
            &Deadline::within(budget),
        )))),
    }
}

/// Patolli's decisions, weighed for `budget` a search.
struct Patolli {
    budget: Duration,
}

impl Weighing for Patolli {
    type State = State;
    fn engine(&self, state: &State) -> Option<(crate::rules::patolli::Action, usize)> {
        let Phase::Act { .. } = state.phase() else {
            return None;
        };
        let report = choose_action(state, &Deadline::within(self.budget))?;
        Some((report.best, state.legal_actions().len()))
    }
    fn worth(&self, decided_in: &State, state: &State) -> Worth {
        worth(state, decided_in.to_move(), self.budget)
    }
    fn decider(&self, state: &State) -> (usize, String) {
        (state.to_move().index(), state.to_move().to_string())
    }
}

/// The analysis of a Patolli match: `positions` are its start and the position after each of
/// `entries` (as [`crate::replay::replay`] gives them); each decision is weighed by the
/// expectation over the dice (searched for `budget`) of the position it leaves, against that of
/// the engine's choice. `None` when `progress` stopped it.
pub fn analyse(
    positions: &[State],
    entries: &[Entry],
    budget: Duration,
    progress: &mut impl Progress,
) -> Option<Analysis> {
    let decisions = weigh_decisions(&Patolli { budget }, positions, entries, progress)?;
    Some(Analysis {
        budget: budget.as_secs_f64(),
        method: "the engine's expectation over the dice (its evaluation is the chance of finishing first by a race model), through a curve fitted to self-play".to_string(),
        decisions,
    })
}
