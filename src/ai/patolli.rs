//! The Patolli engine: expectiminimax over the dice with iterative deepening and a deadline,
//! alpha-beta at the decisions and *Star1* pruning at the rolls (Ballard's bounds from a
//! bounded evaluation: a roll's outcomes are averaged only while the average can still matter).
//! `docs/ai-patolli.md` explains the evaluation.

use crate::ai::{Deadline, Deepening, Reorder, SearchReport, deepen};
use crate::rules::patolli::{Action, Location, Phase, Player, Rolled, State};

/// The value of a won game: above any evaluation of a game in progress (at most 6 x
/// (`SCORED`) = 600 for one side, at least -6 x `EXPOSED` = -150), so the evaluation is
/// bounded by ±`WIN`, which *Star1* pruning needs.
const WIN: f64 = 1_000.0;
/// How much one scored piece is worth, in evaluation units.
const SCORED: f64 = 100.0;
/// A piece on the board is worth this much plus its share of the route covered.
const ON_BOARD: f64 = 12.0;
/// The share of the route covered is worth up to this much more.
const PROGRESS: f64 = 70.0;
/// Passes in a row after which the AI no longer passes when it can move.
const STALEMATE_PASSES: u32 = 2;
/// Penalty for a piece standing on a middle square an opponent piece can reach next roll.
const EXPOSED: f64 = 25.0;

/// Chooses the action for the player to move, which has rolled. `None` when no action is due.
pub fn choose_action(state: &State, deadline: &Deadline) -> Option<SearchReport<Action>> {
    let Phase::Act { .. } = state.phase() else {
        return None;
    };
    let actions = candidate_actions(state);
    let me = state.to_move();
    let mut report = SearchReport {
        best: *actions.first()?,
        score: 0,
        depth: 0,
        nodes: 0,
        elapsed: deadline.elapsed(),
    };
    let mut search = Search {
        deadline,
        me,
        nodes: 0,
        aborted: false,
        can_abort: false,
        prune: true,
    };
    let plan = Deepening {
        max_depth: 12,
        // The next depth costs many times this one.
        stop_after: 0.3,
        decided: |_: f64| false,
        reorder: Reorder::Keep,
        keep_partial: false,
    };
    let found = deepen(deadline, actions, 0.0, &plan, |depth, actions| {
        // Depth 1 always finishes, so there is an answer even with no time at all.
        search.can_abort = depth > 1;
        let mut values = Vec::with_capacity(actions.len());
        let mut alpha = -WIN;
        for &action in actions {
            let mut child = state.clone();
            if child.apply(action).is_err() {
                values.push(f64::NEG_INFINITY); // never chosen (candidates always apply)
                continue;
            }
            // A move that cannot beat the best so far fails low: its value is a bound below
            // the best's, so the best is still the largest.
            let value = search.value(&child, depth - 1, alpha, WIN);
            if search.aborted {
                break;
            }
            values.push(value);
            alpha = alpha.max(value);
        }
        values
    });
    report.best = found.best;
    report.score = found.score.round() as i32;
    report.depth = found.depth;
    report.nodes = search.nodes;
    report.elapsed = deadline.elapsed();
    Some(report)
}

/// The static evaluation of `state` for `player` (positive is good for it).
pub fn evaluate(state: &State, player: Player) -> f64 {
    if let Some(winner) = state.winner() {
        return if winner == player { WIN } else { -WIN };
    }
    side_value(state, player) - side_value(state, player.opponent())
}

fn side_value(state: &State, player: Player) -> f64 {
    let track = state.track();
    let route = track.progress(player, track.end(player)) as f64;
    let max_roll = usize::from(state.rules().dice.max());
    let mut value = 0.0;
    for piece in player.pieces() {
        match state.location(piece) {
            Location::Scored => value += SCORED,
            Location::Pool => {}
            Location::Track(square) => {
                // A piece past its end square (it overshot) starts a new lap: no progress yet.
                let progress = track.progress(player, square) as f64;
                let progress = if progress > route { 0.0 } else { progress };
                value += ON_BOARD + PROGRESS * progress / route;
                if track.is_middle(square) {
                    let threatened = player.opponent().pieces().any(|other| {
                        matches!(state.location(other), Location::Track(s)
                            if (1..=max_roll).contains(&((square + track.len() - s) % track.len())))
                    });
                    if threatened {
                        value -= EXPOSED;
                    }
                }
            }
        }
    }
    value
}

/// Legal actions with equivalent placements merged (any pool piece placed is the same).
fn candidate_actions(state: &State) -> Vec<Action> {
    let mut placed = false;
    let mut actions: Vec<Action> = state
        .legal_actions()
        .into_iter()
        .filter(|a| match a {
            Action::Place(_) if placed => false,
            Action::Place(_) => {
                placed = true;
                true
            }
            _ => true,
        })
        .collect();
    // After a pass answered by a pass, passing again could go on for ever (two AIs each
    // guarding a square the other needs did): whoever can move, moves.
    if state.passes_in_a_row() >= STALEMATE_PASSES && actions.len() > 1 {
        actions.retain(|&a| a != Action::Pass);
    }
    actions
}

/// The expected value for `me` of `state` searched `depth` decisions deep, and the positions
/// visited, with (`prune`) or without the alpha-beta and *Star1* cuts: the two values must
/// agree (the tests check it; the benchmark counts what the cuts save).
#[doc(hidden)]
pub fn value_at_depth(state: &State, me: Player, depth: u32, prune: bool) -> (f64, u64) {
    let deadline = Deadline::within(std::time::Duration::from_secs(3600));
    let mut search = Search {
        deadline: &deadline,
        me,
        nodes: 0,
        aborted: false,
        can_abort: false,
        prune,
    };
    let value = search.value(state, depth, -WIN, WIN);
    (value, search.nodes)
}

struct Search<'d> {
    deadline: &'d Deadline,
    me: Player,
    nodes: u64,
    aborted: bool,
    can_abort: bool,
    /// Whether to cut (always, but in the test that checks the cuts change nothing).
    prune: bool,
}

impl Search<'_> {
    /// The expected value for `self.me` of `state` searched `depth` decisions deep; fail-soft
    /// within (`alpha`, `beta`): a value at or below `alpha` is an upper bound of the true
    /// value, one at or above `beta` a lower bound.
    fn value(&mut self, state: &State, depth: u32, alpha: f64, beta: f64) -> f64 {
        self.nodes += 1;
        if self.can_abort && self.nodes & 255 == 0 && self.deadline.expired() {
            self.aborted = true;
        }
        if self.aborted {
            return 0.0;
        }
        if state.winner().is_some() || depth == 0 {
            return evaluate(state, self.me);
        }
        let (alpha, beta) = if self.prune {
            (alpha, beta)
        } else {
            (-WIN, WIN)
        };
        match state.phase() {
            Phase::Over { .. } => evaluate(state, self.me),
            Phase::Act { .. } => self.decide(state, depth, alpha, beta),
            Phase::Roll => self.chance(state, depth, alpha, beta),
        }
    }

    /// A chance node: the expected value over the die, with *Star1* cuts. After the outcomes
    /// searched so far (their weighted `sum`, probability `left` still to come), the value
    /// lies in [`sum - left * WIN`, `sum + left * WIN`]; once that interval is outside the
    /// window, the rest need not be searched, and each outcome is searched only within the
    /// window that could still move the average across it.
    fn chance(&mut self, state: &State, depth: u32, alpha: f64, beta: f64) -> f64 {
        let mut sum = 0.0;
        let mut left = 1.0;
        for (roll, chance) in state.rules().dice.distribution() {
            if chance <= 0.0 {
                continue;
            }
            left -= chance;
            let mut child = state.clone();
            let outcome = match child.roll(roll) {
                Ok(outcome) => outcome,
                Err(_) => continue,
            };
            let low = ((alpha - sum - left * WIN) / chance).max(-WIN);
            let high = ((beta - sum + left * WIN) / chance).min(WIN);
            let value = match outcome {
                Rolled::TurnLost => self.value(&child, depth - 1, low, high),
                Rolled::Choose(_) => self.decide(&child, depth, low, high),
            };
            sum += chance * value;
            if !self.prune {
                continue;
            }
            if sum + left * WIN <= alpha {
                return sum + left * WIN;
            }
            if sum - left * WIN >= beta {
                return sum - left * WIN;
            }
        }
        sum
    }

    /// The best value the player to move can reach from a rolled position (alpha-beta).
    fn decide(&mut self, state: &State, depth: u32, mut alpha: f64, mut beta: f64) -> f64 {
        let maximise = state.to_move() == self.me;
        let mut best = if maximise { f64::MIN } else { f64::MAX };
        for action in candidate_actions(state) {
            let mut child = state.clone();
            if child.apply(action).is_err() {
                continue;
            }
            let value = self.value(&child, depth - 1, alpha, beta);
            if maximise {
                best = best.max(value);
                alpha = alpha.max(value);
            } else {
                best = best.min(value);
                beta = beta.min(value);
            }
            if self.prune && alpha >= beta {
                break;
            }
        }
        if best == f64::MIN || best == f64::MAX {
            evaluate(state, self.me)
        } else {
            best
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::patolli::{Dice, Rules, Track};
    use rand::rngs::StdRng;
    use rand::{RngExt, SeedableRng};
    use std::sync::Arc;

    /// The cuts are exact: with and without them every position gets the same value, at
    /// every depth, for both dice; and they save work.
    #[test]
    fn star1_and_alpha_beta_change_no_value() {
        const DEPTH: u32 = 3;
        let (mut pruned_nodes, mut full_nodes) = (0, 0);
        for (seed, dice) in [
            (1u64, Dice::Uniform),
            (2, Dice::Beans(5)),
            (3, Dice::Uniform),
        ] {
            let rules = Rules {
                dice,
                ..Rules::default()
            };
            let mut rng = StdRng::seed_from_u64(seed);
            let mut state = State::new(Arc::new(Track::cross(7)), rules);
            for ply in 0..160 {
                if state.winner().is_some() {
                    break;
                }
                if ply % 16 == 5 {
                    for depth in 1..=DEPTH {
                        for me in Player::BOTH {
                            let (full, n_full) = value_at_depth(&state, me, depth, false);
                            let (pruned, n_pruned) = value_at_depth(&state, me, depth, true);
                            assert!(
                                (full - pruned).abs() < 1e-6,
                                "seed {seed} ply {ply} depth {depth}: {full} against {pruned}"
                            );
                            full_nodes += n_full;
                            pruned_nodes += n_pruned;
                        }
                    }
                }
                match state.phase() {
                    Phase::Roll => {
                        let _ = state.roll(rules.dice.roll(&mut rng));
                    }
                    Phase::Act { .. } => {
                        let actions = candidate_actions(&state);
                        let pick = actions[rng.random_range(0..actions.len())];
                        let _ = state.apply(pick);
                    }
                    Phase::Over { .. } => break,
                }
            }
        }
        eprintln!("positions visited: {pruned_nodes} with the cuts, {full_nodes} without");
        assert!(
            pruned_nodes < full_nodes,
            "{pruned_nodes} nodes pruned against {full_nodes}"
        );
    }
}
