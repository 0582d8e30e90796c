//! The Patolli engine: expectiminimax over the dice with iterative deepening and a deadline,
//! alpha-beta at the decisions and *Star2* pruning at the rolls (Ballard's bounds from a
//! bounded evaluation: a roll's outcomes are averaged only while the average can still matter,
//! and one probed action per outcome tightens the bounds first). With three or four players
//! it is *max^n* instead: each player maximises its own evaluation, the dice averaged, no
//! pruning (measured stronger than the paranoid search, `docs/ai-patolli.md`).
//! `docs/ai-patolli.md` explains the evaluation.

use crate::ai::{Deadline, Deepening, Reorder, SearchReport, deepen};
use crate::rules::patolli::{Action, Location, MAX_PLAYERS, Phase, Player, Rolled, State};

/// The value of a won game: the evaluation of a game in progress lies strictly between
/// -`WIN` and `WIN` (a bound *Star1* pruning needs).
const WIN: f64 = 1_000.0;
/// Passes in a row after which the AI no longer passes when it can move.
const STALEMATE_PASSES: u32 = 2;

/// Chooses the action for the player to move, which has rolled. `None` when no action is due.
pub fn choose_action(state: &State, deadline: &Deadline) -> Option<SearchReport<Action>> {
    choose_action_with(state, deadline, Cuts::Star2)
}

/// [`choose_action`] looking at most `max_depth` decisions and rolls ahead: at 1, the action
/// after which the evaluation is best (the `Medium` AI level).
pub fn choose_action_to_depth(
    state: &State,
    deadline: &Deadline,
    max_depth: u32,
) -> Option<SearchReport<Action>> {
    choose(state, deadline, Cuts::Star2, max_depth)
}

/// [`choose_action`] with the given cuts, for the measurement that compares them.
#[doc(hidden)]
pub fn choose_action_with(
    state: &State,
    deadline: &Deadline,
    cuts: Cuts,
) -> Option<SearchReport<Action>> {
    choose(state, deadline, cuts, MAX_DEPTH)
}

/// The deepest iteration of the search.
const MAX_DEPTH: u32 = 12;

fn choose(
    state: &State,
    deadline: &Deadline,
    cuts: Cuts,
    max_depth: u32,
) -> Option<SearchReport<Action>> {
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
        prune: cuts != Cuts::None,
        cuts,
        table: RaceTable::new(state),
    };
    let plan = Deepening {
        max_depth,
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
            // Two players: a move that cannot beat the best so far fails low, its value a
            // bound below the best's, so the best is still the largest. More: max^n.
            let value = if state.players().len() > 2 {
                search.maxn(&child, depth - 1)[me.index()]
            } else {
                search.value(&child, depth - 1, alpha, WIN)
            };
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

/// The static evaluation of `state` for `player` (positive is good for it), from 1,000 (won)
/// to -1,000 (lost): see [`RaceTable`].
pub fn evaluate(state: &State, player: Player) -> f64 {
    evaluate_with(state, player, &RaceTable::new(state))
}

/// The one-sided race table of a game: for a player alone with `pips` steps still to go in
/// all (its pieces' distances to their end squares added up), the mean and variance of the
/// turns it needs to finish, every roll that fits used and any other one lost, as the last
/// piece's exact landing demands. The evaluation turns both players' tables into the chance
/// that we finish first (a normal approximation: the turns' difference over its spread),
/// after adding for each piece in the pool its placement turn, and for each piece standing on
/// a middle square an opponent can reach with the next roll, the turns a capture would cost
/// times the chance of the roll that makes it.
#[derive(Debug, Clone)]
pub struct RaceTable {
    mean: Vec<f64>,
    variance: Vec<f64>,
    /// The chance of each roll, by value.
    chances: Vec<f64>,
    /// Turns a placement takes (it needs a roll other than 0), and their variance.
    place_mean: f64,
    place_variance: f64,
    /// Average steps a turn advances (turns lost included).
    steps_a_turn: f64,
}

impl RaceTable {
    /// The table for `state`'s dice and track.
    pub fn new(state: &State) -> RaceTable {
        let distribution = state.rules().dice.distribution();
        let max_roll = distribution
            .iter()
            .map(|&(r, _)| usize::from(r))
            .max()
            .unwrap_or(0);
        let mut chances = vec![0.0; max_roll + 1];
        for &(roll, chance) in &distribution {
            chances[usize::from(roll)] += chance;
        }
        let track = state.track();
        // The farthest a player can be from home: every piece in the pool or a lap behind.
        let size = 6 * (2 * track.len() + 2) + 1;
        let mut mean = vec![0.0; size];
        let mut second = vec![0.0; size];
        for pips in 1..size {
            let stay: f64 = chances
                .iter()
                .enumerate()
                .filter(|&(r, _)| r == 0 || r > pips)
                .map(|(_, c)| c)
                .sum();
            let go = 1.0 - stay;
            if go <= 0.0 {
                mean[pips] = f64::INFINITY;
                second[pips] = f64::INFINITY;
                continue;
            }
            let (mut e, mut m) = (0.0, 0.0);
            for (roll, &chance) in chances.iter().enumerate().take(pips + 1).skip(1) {
                e += chance * mean[pips - roll];
                m += chance * second[pips - roll];
            }
            // T = 1 + T': E[T] and E[T^2] over the outcomes, the stay among them.
            mean[pips] = (1.0 + e) / go;
            second[pips] = (1.0 + 2.0 * (e + stay * mean[pips]) + m) / go;
        }
        let variance = mean
            .iter()
            .zip(&second)
            .map(|(e, m)| (m - e * e).max(0.0))
            .collect();
        let zero = chances.first().copied().unwrap_or(0.0).min(0.99);
        let steps_a_turn = chances
            .iter()
            .enumerate()
            .map(|(r, c)| r as f64 * c)
            .sum::<f64>()
            .max(0.1);
        RaceTable {
            mean,
            variance,
            chances,
            place_mean: 1.0 / (1.0 - zero),
            place_variance: zero / ((1.0 - zero) * (1.0 - zero)),
            steps_a_turn,
        }
    }

    fn at(&self, pips: usize) -> (f64, f64) {
        let i = pips.min(self.mean.len() - 1);
        (self.mean[i], self.variance[i])
    }
}

/// [`evaluate`] with the race table already made.
fn evaluate_with(state: &State, player: Player, table: &RaceTable) -> f64 {
    if let Some(winner) = state.winner() {
        return if winner == player { WIN } else { -WIN };
    }
    let (my_turns, my_spread) = turns_to_finish(state, player, table);
    // With more than two players, the race against the opponent nearest to finishing.
    let (their_turns, their_spread) = state
        .opponents(player)
        .map(|other| turns_to_finish(state, other, table))
        .min_by(|a, b| a.0.total_cmp(&b.0))
        .unwrap_or((f64::INFINITY, 0.0));
    // The player to move is half a turn ahead in the race.
    let tempo = if state.to_move() == player { 0.5 } else { -0.5 };
    let lead = their_turns - my_turns + tempo;
    let spread = (my_spread + their_spread + 1.0).sqrt();
    // The normal distribution's function, by its logistic approximation.
    let chance = 1.0 / (1.0 + (-1.702 * lead / spread).exp());
    // A small share for the lead itself, so a sure win still prefers the surer way.
    (WIN - 10.0) * (2.0 * chance - 1.0) + lead.clamp(-10.0, 10.0)
}

/// The turns `player` alone needs to finish, mean and variance, with the expected cost of
/// the captures the opponents' next rolls threaten.
fn turns_to_finish(state: &State, player: Player, table: &RaceTable) -> (f64, f64) {
    let track = state.track();
    let len = track.len();
    let route = track.progress(player, track.end(player));
    let mut pips = 0;
    let (mut mean, mut variance) = (0.0, 0.0);
    let mut threatened = 0.0;
    for piece in player.pieces() {
        match state.location(piece) {
            Location::Scored => {}
            Location::Pool => {
                pips += route;
                mean += table.place_mean;
                variance += table.place_variance;
            }
            Location::Track(square) => {
                let progress = track.progress(player, square);
                // Past its end (it overshot): a lap to go round again.
                let distance = if progress > route {
                    len + route - progress
                } else {
                    route - progress
                };
                pips += distance;
                if track.is_middle(square) {
                    let mut chance = 0.0;
                    for (roll, &c) in table.chances.iter().enumerate().skip(1) {
                        let reaches =
                            state
                                .opponents(player)
                                .flat_map(Player::pieces)
                                .any(|other| {
                                    matches!(state.location(other), Location::Track(s)
                                if (square + len - s) % len == roll)
                                });
                        if reaches {
                            chance += c;
                        }
                    }
                    // Captured: back to the pool, the steps made lost, a placement more.
                    let lost = (route - distance.min(route)) as f64 / table.steps_a_turn
                        + table.place_mean;
                    threatened += chance * lost;
                }
            }
        }
    }
    let (race_mean, race_variance) = table.at(pips);
    (mean + race_mean + threatened, variance + race_variance)
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

/// Which cuts a search makes: none, alpha-beta with *Star1* at the rolls, or that with the
/// *Star2* probes (what the engine uses). All three give the same values.
#[doc(hidden)]
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Cuts {
    /// The full expectiminimax tree.
    None,
    /// Alpha-beta at the decisions, Star1 at the rolls.
    Star1,
    /// Star1 with the probes of Star2.
    Star2,
}

/// The expected value for `me` of `state` searched `depth` decisions deep with `cuts`, and
/// the positions visited: the values must agree whatever the cuts (a test checks it and counts
/// what each cut saves).
#[doc(hidden)]
pub fn value_at_depth(state: &State, me: Player, depth: u32, cuts: Cuts) -> (f64, u64) {
    let deadline = Deadline::within(std::time::Duration::from_secs(3600));
    let mut search = Search {
        deadline: &deadline,
        me,
        nodes: 0,
        aborted: false,
        can_abort: false,
        prune: cuts != Cuts::None,
        cuts,
        table: RaceTable::new(state),
    };
    let value = search.value(state, depth, -WIN, WIN);
    (value, search.nodes)
}

/// The expected value for `me` of `state` in any phase (a roll due averages over the die),
/// searched one decision deeper at a time until `deadline` (depth 1 always finishes): the
/// value of the deepest depth completed, from [`WIN`] to -[`WIN`].
pub fn value_within(state: &State, me: Player, deadline: &Deadline) -> f64 {
    let mut search = Search {
        deadline,
        me,
        nodes: 0,
        aborted: false,
        can_abort: false,
        prune: true,
        cuts: Cuts::Star2,
        table: RaceTable::new(state),
    };
    fn searched(search: &mut Search<'_>, state: &State, me: Player, depth: u32) -> f64 {
        if state.players().len() > 2 {
            search.maxn(state, depth)[me.index()]
        } else {
            search.value(state, depth, -WIN, WIN)
        }
    }
    let mut value = searched(&mut search, state, me, 1);
    search.can_abort = true;
    for depth in 2..=MAX_DEPTH {
        let deeper = searched(&mut search, state, me, depth);
        if search.aborted || state.winner().is_some() {
            break;
        }
        value = deeper;
    }
    value
}

/// A value of [`evaluate`] or of the search as the chance that `me` finishes first (the
/// evaluation is that chance, from a race model, scaled to ±[`WIN`]).
pub fn chance_of(value: f64) -> f64 {
    ((value / WIN + 1.0) / 2.0).clamp(0.0, 1.0)
}

/// One outcome of a roll at a chance node, and the bounds known of its value.
struct Outcome {
    chance: f64,
    child: State,
    rolled: Rolled,
    low: f64,
    high: f64,
    probe: Option<Probe>,
}

/// The value a Star2 probe found for the roller's first action, searched in the window
/// (`low`, `high`): exact inside it, a bound (fail-soft) outside.
#[derive(Clone, Copy)]
struct Probe {
    value: f64,
    low: f64,
    high: f64,
}

impl Probe {
    /// Whether the probe's value serves a search of the same action in (`alpha`, `beta`):
    /// it is exact, or a bound on the side that window cuts anyway.
    fn answers(&self, alpha: f64, beta: f64) -> bool {
        let exact = self.value > self.low && self.value < self.high;
        exact
            || (self.value >= self.high && self.value >= beta)
            || (self.value <= self.low && self.value <= alpha)
    }
}

/// The window for an outcome of probability `chance` when the other outcomes add up to
/// between `others.0` and `others.1`: a value at or below its low end keeps the average at or
/// below `alpha`, one at or above its high end keeps it at or above `beta`.
fn star1_window(chance: f64, others: (f64, f64), alpha: f64, beta: f64) -> (f64, f64) {
    (
        ((alpha - others.1) / chance).max(-WIN),
        ((beta - others.0) / chance).min(WIN),
    )
}

struct Search<'d> {
    deadline: &'d Deadline,
    me: Player,
    nodes: u64,
    aborted: bool,
    can_abort: bool,
    /// Whether to cut (always, but in the test that checks the cuts change nothing).
    prune: bool,
    /// Whether the rolls are probed first (Star2).
    cuts: Cuts,
    table: RaceTable,
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
            return evaluate_with(state, self.me, &self.table);
        }
        let (alpha, beta) = if self.prune {
            (alpha, beta)
        } else {
            (-WIN, WIN)
        };
        match state.phase() {
            Phase::Over { .. } => evaluate_with(state, self.me, &self.table),
            Phase::Act { .. } => self.decide(state, depth, alpha, beta, None),
            Phase::Roll => self.chance(state, depth, alpha, beta),
        }
    }

    /// A chance node: the expected value over the die, with *Star2* cuts. Each outcome's
    /// value lies in [`low`, `high`] (at first ±`WIN`); so does the average, and once that
    /// interval is outside the window the rest need not be searched. Before the full search
    /// every outcome is *probed*: the roller's first action alone is searched, which bounds
    /// the roller's best from one side (from below for us, from above for the opponent), and
    /// the probes alone may already decide the window. Then each outcome is searched in turn,
    /// within the window that could still move the average across it (*Star1*).
    fn chance(&mut self, state: &State, depth: u32, alpha: f64, beta: f64) -> f64 {
        let mut outcomes: Vec<Outcome> = Vec::with_capacity(6);
        for (roll, chance) in state.rules().dice.distribution() {
            if chance <= 0.0 {
                continue;
            }
            let mut child = state.clone();
            if let Ok(rolled) = child.roll(roll) {
                outcomes.push(Outcome {
                    chance,
                    child,
                    rolled,
                    low: -WIN,
                    high: WIN,
                    probe: None,
                });
            }
        }
        let bounds = |outcomes: &[Outcome]| -> (f64, f64) {
            outcomes.iter().fold((0.0, 0.0), |(low, high), o| {
                (low + o.chance * o.low, high + o.chance * o.high)
            })
        };
        if self.cuts == Cuts::Star2 && depth > 1 {
            let maximise = state.to_move() == self.me;
            for i in 0..outcomes.len() {
                let Rolled::Choose(_) = outcomes[i].rolled else {
                    continue;
                };
                let Some(&first) = candidate_actions(&outcomes[i].child).first() else {
                    continue;
                };
                let mut probed = outcomes[i].child.clone();
                if probed.apply(first).is_err() {
                    continue;
                }
                let (low_sum, high_sum) = bounds(&outcomes);
                let o = &outcomes[i];
                let others = (low_sum - o.chance * o.low, high_sum - o.chance * o.high);
                let (window_low, window_high) = star1_window(o.chance, others, alpha, beta);
                let value = self.value(&probed, depth - 1, window_low, window_high);
                outcomes[i].probe = Some(Probe {
                    value,
                    low: window_low,
                    high: window_high,
                });
                // A fail-soft value beyond the side the probe bounds tells nothing.
                if maximise && value > window_low {
                    outcomes[i].low = value;
                } else if !maximise && value < window_high {
                    outcomes[i].high = value;
                }
                let (low_sum, high_sum) = bounds(&outcomes);
                if low_sum >= beta {
                    return low_sum;
                }
                if high_sum <= alpha {
                    return high_sum;
                }
            }
        }
        let mut sum = 0.0;
        for i in 0..outcomes.len() {
            let (rest_low, rest_high) = bounds(&outcomes[i + 1..]);
            let o = &outcomes[i];
            let (low, high) =
                star1_window(o.chance, (sum + rest_low, sum + rest_high), alpha, beta);
            let value = match o.rolled {
                Rolled::TurnLost => self.value(&o.child, depth - 1, low, high),
                Rolled::Choose(_) => self.decide(&o.child, depth, low, high, o.probe),
            };
            sum += o.chance * value;
            if !self.prune {
                continue;
            }
            if sum + rest_high <= alpha {
                return sum + rest_high;
            }
            if sum + rest_low >= beta {
                return sum + rest_low;
            }
        }
        sum
    }

    /// Max^n: every seated player's value of `state` (by [`Player::index`]), each player
    /// choosing what is best for itself and the dice averaged; no pruning.
    fn maxn(&mut self, state: &State, depth: u32) -> [f64; MAX_PLAYERS] {
        self.nodes += 1;
        if self.can_abort && self.nodes & 255 == 0 && self.deadline.expired() {
            self.aborted = true;
        }
        let leaf = |search: &Self| {
            let mut values = [0.0; MAX_PLAYERS];
            for &p in state.players() {
                values[p.index()] = evaluate_with(state, p, &search.table);
            }
            values
        };
        if self.aborted || state.winner().is_some() || depth == 0 {
            return leaf(self);
        }
        match state.phase() {
            Phase::Over { .. } => leaf(self),
            Phase::Act { .. } => {
                let mover = state.to_move().index();
                let mut best: Option<[f64; MAX_PLAYERS]> = None;
                for action in candidate_actions(state) {
                    let mut child = state.clone();
                    if child.apply(action).is_err() {
                        continue;
                    }
                    let values = self.maxn(&child, depth - 1);
                    if best.is_none_or(|b| values[mover] > b[mover]) {
                        best = Some(values);
                    }
                }
                best.unwrap_or_else(|| leaf(self))
            }
            Phase::Roll => {
                let mut sum = [0.0; MAX_PLAYERS];
                for (roll, chance) in state.rules().dice.distribution() {
                    let mut child = state.clone();
                    let Ok(rolled) = child.roll(roll) else {
                        continue;
                    };
                    let values = match rolled {
                        Rolled::TurnLost => self.maxn(&child, depth - 1),
                        Rolled::Choose(_) => self.maxn(&child, depth),
                    };
                    for (total, value) in sum.iter_mut().zip(values) {
                        *total += chance * value;
                    }
                }
                sum
            }
        }
    }

    /// The best value the player to move can reach from a rolled position (alpha-beta).
    /// `probe`: what a Star2 probe found for the first action (see [`Probe`]), reused when
    /// it answers this window.
    fn decide(
        &mut self,
        state: &State,
        depth: u32,
        mut alpha: f64,
        mut beta: f64,
        probe: Option<Probe>,
    ) -> f64 {
        let maximise = state.to_move() == self.me;
        let mut best = if maximise { f64::MIN } else { f64::MAX };
        for (i, action) in candidate_actions(state).into_iter().enumerate() {
            let known = probe
                .filter(|p| i == 0 && p.answers(alpha, beta))
                .map(|p| p.value);
            let value = match known {
                Some(value) => value,
                None => {
                    let mut child = state.clone();
                    if child.apply(action).is_err() {
                        continue;
                    }
                    self.value(&child, depth - 1, alpha, beta)
                }
            };
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
            evaluate_with(state, self.me, &self.table)
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

    /// The one-sided table by hand for the uniform die 0–5: from 1 to 5 steps only the exact
    /// roll finishes and a shorter one leaves as good a chance, so 6 turns; from 6, 7.2.
    #[test]
    fn the_race_table_counts_the_turns_of_a_lone_race() {
        let state = State::new(Arc::new(Track::cross(7)), Rules::default());
        let table = RaceTable::new(&state);
        for pips in 1..=5 {
            assert!(
                (table.mean[pips] - 6.0).abs() < 1e-9,
                "{pips}: {}",
                table.mean[pips]
            );
        }
        assert!((table.mean[6] - 7.2).abs() < 1e-9);
        // One step to go: a geometric wait with chance 1/6, variance (1 - p) / p^2 = 30.
        assert!((table.variance[1] - 30.0).abs() < 1e-9);
        // Far from home a turn makes 2.5 steps on average.
        let slope = table.mean[300] - table.mean[299];
        assert!((slope - 0.4).abs() < 0.01, "{slope}");
        assert!((table.place_mean - 1.2).abs() < 1e-9);
    }

    /// The cuts are exact: with none, with alpha-beta and Star1, and with the Star2 probes as
    /// well, every position gets the same value at every depth, for both dice; and each saves
    /// work over the one before (`cargo test --lib star2 -- --nocapture` prints the counts).
    #[test]
    fn star2_and_alpha_beta_change_no_value() {
        let depth_limit: u32 = std::env::var("DEPTH")
            .ok()
            .and_then(|d| d.parse().ok())
            .unwrap_or(3);
        let mut visited = [0u64; 3];
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
                    for depth in 1..=depth_limit {
                        for me in Player::BOTH {
                            let (full, nodes) = value_at_depth(&state, me, depth, Cuts::None);
                            visited[0] += nodes;
                            for (i, cuts) in [(1, Cuts::Star1), (2, Cuts::Star2)] {
                                let (value, nodes) = value_at_depth(&state, me, depth, cuts);
                                assert!(
                                    (full - value).abs() < 1e-6,
                                    "seed {seed} ply {ply} depth {depth} {cuts:?}: {full} against {value}"
                                );
                                visited[i] += nodes;
                            }
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
        let [full, star1, star2] = visited;
        eprintln!(
            "positions visited to depth {depth_limit}: {full} without cuts, {star1} with Star1, {star2} with Star2"
        );
        assert!(star1 < full && star2 < star1, "{visited:?}");
    }
}
