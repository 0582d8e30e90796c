//! The Patolli engine as it was on 2026-11-23 (`engine-v1`), unchanged: expectiminimax over
//! the dice with iterative deepening and a deadline.

use crate::ai::{Deadline, Deepening, Reorder, SearchReport, deepen};
use crate::rules::patolli::{Action, Location, Phase, Player, Rolled, State};

/// The value of a won game.
const WIN: f64 = 1_000_000.0;
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
        for &action in actions {
            let mut child = state.clone();
            if child.apply(action).is_err() {
                values.push(f64::NEG_INFINITY); // never chosen (candidates always apply)
                continue;
            }
            let value = search.value(&child, depth - 1);
            if search.aborted {
                break;
            }
            values.push(value);
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
    side_value(state, player) - side_value(state, state.next_after(player))
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
                    let threatened = state.next_after(player).pieces().any(|other| {
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

struct Search<'d> {
    deadline: &'d Deadline,
    me: Player,
    nodes: u64,
    aborted: bool,
    can_abort: bool,
}

impl Search<'_> {
    /// The expected value for `self.me` of `state` searched `depth` decisions deep.
    fn value(&mut self, state: &State, depth: u32) -> f64 {
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
        match state.phase() {
            Phase::Over { .. } => evaluate(state, self.me),
            Phase::Act { .. } => self.decide(state, depth),
            Phase::Roll => {
                // A chance node: the expected value over the die.
                let mut expected = 0.0;
                for (roll, chance) in state.rules().dice.distribution() {
                    let mut child = state.clone();
                    let value = match child.roll(roll) {
                        Ok(Rolled::TurnLost) => self.value(&child, depth - 1),
                        Ok(Rolled::Choose(_)) => self.decide(&child, depth),
                        Err(_) => continue,
                    };
                    expected += chance * value;
                }
                expected
            }
        }
    }

    /// The best value the player to move can reach from a rolled position.
    fn decide(&mut self, state: &State, depth: u32) -> f64 {
        let maximise = state.to_move() == self.me;
        let mut best = if maximise { f64::MIN } else { f64::MAX };
        for action in candidate_actions(state) {
            let mut child = state.clone();
            if child.apply(action).is_err() {
                continue;
            }
            let value = self.value(&child, depth - 1);
            best = if maximise {
                best.max(value)
            } else {
                best.min(value)
            };
        }
        if best == f64::MIN || best == f64::MAX {
            evaluate(state, self.me)
        } else {
            best
        }
    }
}
