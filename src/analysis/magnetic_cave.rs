//! Magnetic Cave's analysis: each position searched by the engine for the budget; where the
//! search proves the result (a forced line, or a tie once every line reaches the full cave),
//! the proved result, otherwise its score through the fitted logistic curve
//! ([`SCORE_SCALE`], `docs/ai-magnetic-cave.md`).

use std::time::Duration;

use super::{Analysis, Progress, Proved, Reviewed, Worth, better_line, judge, logistic};
use crate::ai::Deadline;
use crate::ai::magnetic_cave::{Verdict, choose_move, verdict};
use crate::rules::magnetic_cave::{Cell, Outcome, State};

/// The engine score worth a win chance of `1 / (1 + e^-1)` (73 %) to the player to move:
/// measured by `cargo bench --bench calibration --profile dev` on self-play games, where it
/// is calibrated within a few points and no fitted scale did better on held-out games
/// (docs/ai-magnetic-cave.md).
pub const SCORE_SCALE: f64 = 400.0;

/// What `state` is worth to the player to move, and the engine's choice there (none once the
/// game is over).
pub fn weigh(state: &State, budget: Duration) -> (Worth, Option<Cell>) {
    if let Some(outcome) = state.outcome() {
        let worth = match outcome {
            Outcome::Win { winner, .. } if winner == state.to_move() => Proved::Win(Some(0)),
            Outcome::Win { .. } => Proved::Loss(Some(0)),
            Outcome::Tie => Proved::Tie,
        };
        return (Worth::proved(worth), None);
    }
    let Some(report) = choose_move(state, &Deadline::within(budget)) else {
        return (Worth::estimated(0.5), None);
    };
    let worth = match verdict(state, &report) {
        Some(Verdict::Wins { player, moves }) if player == state.to_move() => {
            Worth::proved(Proved::Win(Some(moves)))
        }
        Some(Verdict::Wins { moves, .. }) => Worth::proved(Proved::Loss(Some(moves))),
        Some(Verdict::Tie) => Worth::proved(Proved::Tie),
        None => Worth::estimated(logistic(f64::from(report.score), SCORE_SCALE)),
    };
    (worth, Some(report.best))
}

/// The analysis of a cave match: `positions` are its start and the position after each of its
/// entries (as [`crate::replay::replay`] gives them), each searched for `budget`. `None` when
/// `progress` stopped it.
pub fn analyse(
    positions: &[State],
    budget: Duration,
    progress: &mut impl Progress,
) -> Option<Analysis> {
    let total = positions.len().saturating_sub(1);
    let mut decisions = Vec::with_capacity(total);
    let Some(first) = positions.first() else {
        return Some(analysis(budget, decisions));
    };
    let mut here = weigh(first, budget);
    for (entry, pair) in positions.windows(2).enumerate() {
        let (before_state, after_state) = (&pair[0], &pair[1]);
        let Some(&decision) = after_state.moves().last() else {
            break;
        };
        let next = weigh(after_state, budget);
        let (searched, engine) = here;
        let after = next.0.for_opponent();
        let differs = engine.filter(|&best| best != decision);
        // Weighed alike: the position the engine's choice leaves, as the decision's is (the
        // side to move has the tempo, so a position and its successor do not compare).
        let before = match differs {
            Some(best) if searched.proved.is_none() => {
                let mut better = before_state.clone();
                match better.apply(best) {
                    Ok(_) => weigh(&better, budget).0.for_opponent(),
                    Err(_) => searched,
                }
            }
            Some(_) => searched,
            None => after,
        };
        decisions.push(Reviewed {
            entry,
            seat: before_state.to_move().index(),
            player: before_state.to_move().name().to_string(),
            decision: decision.to_string(),
            before,
            after,
            best: differs.map(|best| best.to_string()),
            line: differs.map(|best| better_line(&best.to_string(), &before, &after)),
            judgement: differs.and_then(|_| judge(&before, &after)),
        });
        here = next;
        if !progress.advance(entry + 1, total) {
            return None;
        }
    }
    Some(analysis(budget, decisions))
}

fn analysis(budget: Duration, decisions: Vec<Reviewed>) -> Analysis {
    Analysis {
        budget: budget.as_secs_f64(),
        method: format!(
            "the engine's search; its score as a win chance by the logistic curve of scale {SCORE_SCALE}"
        ),
        decisions,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::magnetic_cave::Config;

    #[test]
    fn a_finished_cave_is_proved_for_the_player_to_move() {
        let config = Config::new(8, 8, 5).expect("the standard cave");
        let moves =
            crate::rules::magnetic_cave::parse_moves("A1,H1,A2,H2,A3,H3,A4,H4,A5").expect("cells");
        let state = State::from_moves(config, &moves).expect("legal");
        let (worth, best) = weigh(&state, Duration::from_millis(10));
        assert_eq!(worth.proved, Some(Proved::Loss(Some(0))), "White has lost");
        assert_eq!(best, None);
    }
}
