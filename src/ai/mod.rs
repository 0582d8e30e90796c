//! Game-tree search over the pure rules, one engine and evaluator per game, with deadlines.
//!
//! No Bevy here: the window runs these searches on a task pool, the console calls them
//! directly, and the tests and benchmarks measure them.

pub mod classroom;
pub mod levels;
pub mod magnetic_cave;
pub mod patolli;
pub mod penguins;
pub mod v1;

use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::{Duration, Instant};

/// How a stored search score bounds the true value: exact, or only from below or above (the
/// search of that position was cut off). Shared by the engines' transposition tables.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub(crate) enum Bound {
    #[default]
    Exact,
    Lower,
    Upper,
}

impl Bound {
    /// How a search's `score` in the window (`alpha`, `beta`) bounds the true value.
    pub(crate) fn of(score: i32, alpha: i32, beta: i32) -> Bound {
        if score <= alpha {
            Bound::Upper
        } else if score >= beta {
            Bound::Lower
        } else {
            Bound::Exact
        }
    }

    /// Whether a stored `score` with this bound settles a search in (`alpha`, `beta`).
    pub(crate) fn settles(self, score: i32, alpha: i32, beta: i32) -> bool {
        match self {
            Bound::Exact => true,
            Bound::Lower => score >= beta,
            Bound::Upper => score <= alpha,
        }
    }
}

/// SplitMix64's output function on `x` advanced by its constant: well-spread keys from
/// consecutive numbers (Zobrist keys, table keys).
pub(crate) fn splitmix(x: u64) -> u64 {
    let mut z = x.wrapping_add(0x9E37_79B9_7F4A_7C15);
    z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    z ^ (z >> 31)
}

/// The default time an AI may take for one decision.
pub const DEFAULT_BUDGET: Duration = Duration::from_secs(3);

/// How strongly an AI seat plays, chosen in the menu or with `--level`: the engine, or one of
/// the tournament's weaker reference players, so a person can also win.
#[derive(
    Debug, Clone, Copy, PartialEq, Eq, Hash, Default, serde::Serialize, serde::Deserialize,
)]
pub enum AiLevel {
    /// The best one-move outcome under a simple score (the tournament's `greedy`).
    Easy,
    /// A sound but plain player: Magnetic Cave's classroom alpha-beta four plies deep, the
    /// engine's evaluation one action ahead in Patolli, our first engine in Penguins
    /// (`engine-v1`); the tournament's `medium`.
    Medium,
    /// The engine (`engine`).
    #[default]
    Hard,
}

impl AiLevel {
    /// Every level, weakest first.
    pub const ALL: [AiLevel; 3] = [AiLevel::Easy, AiLevel::Medium, AiLevel::Hard];

    /// The level as the menu and the panels name it.
    pub fn title(self) -> &'static str {
        match self {
            AiLevel::Easy => "Easy",
            AiLevel::Medium => "Medium",
            AiLevel::Hard => "Hard",
        }
    }

    /// Whether this is the default level (records leave it out).
    pub fn is_hard(&self) -> bool {
        *self == AiLevel::Hard
    }

    /// Whether a decision's score at this level is the engine's, whose proved wins and ties
    /// the window and the console tell; the weaker players score on other scales.
    pub fn scores_proofs(self) -> bool {
        self == AiLevel::Hard
    }
}

impl std::fmt::Display for AiLevel {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(match self {
            AiLevel::Easy => "easy",
            AiLevel::Medium => "medium",
            AiLevel::Hard => "hard",
        })
    }
}

/// A level name that is none of `easy`, `medium` and `hard`.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("`{0}` is no AI level: easy, medium or hard")]
pub struct UnknownLevel(pub String);

impl std::str::FromStr for AiLevel {
    type Err = UnknownLevel;

    fn from_str(text: &str) -> Result<AiLevel, UnknownLevel> {
        match text.trim().to_ascii_lowercase().as_str() {
            "easy" => Ok(AiLevel::Easy),
            "medium" => Ok(AiLevel::Medium),
            "hard" => Ok(AiLevel::Hard),
            _ => Err(UnknownLevel(text.to_string())),
        }
    }
}

/// The most time [`Deadline::within`] keeps back from a budget for the answer to arrive.
pub const MAX_MARGIN: Duration = Duration::from_millis(100);

/// When a search must stop: at a wall-clock instant, or earlier when someone raises the flag.
#[derive(Debug, Clone)]
pub struct Deadline {
    start: Instant,
    until: Instant,
    stop: Arc<AtomicBool>,
}

impl Deadline {
    /// A deadline `budget` from now, keeping a safety margin so the answer arrives in time:
    /// the search itself stops at 80 % of the budget, and at least [`MAX_MARGIN`] before its
    /// end, or a quarter of the budget before it when that is less (a small budget is not
    /// spent on the margin: 75 ms of 0.1 s are searched).
    pub fn within(budget: Duration) -> Deadline {
        let margin = MAX_MARGIN.min(budget / 4);
        let think = budget.mul_f64(0.8).min(budget.saturating_sub(margin));
        let start = Instant::now();
        Deadline {
            start,
            until: start + think,
            stop: Arc::new(AtomicBool::new(false)),
        }
    }

    /// The flag that stops the search when set (the window's deadline timer holds a clone).
    pub fn stop_flag(&self) -> Arc<AtomicBool> {
        Arc::clone(&self.stop)
    }

    /// Whether the search must stop now.
    pub fn expired(&self) -> bool {
        self.stop.load(Ordering::Relaxed) || Instant::now() >= self.until
    }

    /// Time since the deadline was set.
    pub fn elapsed(&self) -> Duration {
        self.start.elapsed()
    }

    /// The share of the thinking time already used, from 0 to 1.
    pub fn used_fraction(&self) -> f64 {
        let total = self
            .until
            .saturating_duration_since(self.start)
            .as_secs_f64();
        if total <= 0.0 {
            1.0
        } else {
            (self.elapsed().as_secs_f64() / total).min(1.0)
        }
    }
}

/// What a search decided and how it got there.
#[derive(Debug, Clone, PartialEq)]
pub struct SearchReport<M> {
    /// The move to play.
    pub best: M,
    /// Its score for the player to move (positive is good).
    pub score: i32,
    /// The deepest iteration completed.
    pub depth: u32,
    /// Positions visited.
    pub nodes: u64,
    /// Wall-clock time spent.
    pub elapsed: Duration,
}

/// How [`deepen`] orders the root moves for its next depth.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Reorder {
    /// As they were given.
    Keep,
    /// The last depth's best move first, the others as they were.
    BestFirst,
    /// By the last depth's scores, best first (ties keep their order).
    ByScore,
}

/// How [`deepen`] goes deeper and when it stops.
#[derive(Debug, Clone, Copy)]
pub struct Deepening<S> {
    /// The deepest depth to try.
    pub max_depth: u32,
    /// Stop once this share of the thinking time is used (the next depth would not finish).
    pub stop_after: f64,
    /// Stop once the best score is decided (a forced win or loss).
    pub decided: fn(S) -> bool,
    /// The root moves' order for the next depth.
    pub reorder: Reorder,
    /// Whether a depth cut short by the deadline may still change the choice: the moves are
    /// searched best first, so a later move that beat the first is better.
    pub keep_partial: bool,
}

/// What [`deepen`] found.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Deepened<M, S> {
    /// The move to play.
    pub best: M,
    /// Its score.
    pub score: S,
    /// The deepest depth completed (0: nothing was searched, one move or none).
    pub depth: u32,
}

/// The one iterative-deepening driver of every engine: searches the root `moves` at depth 1,
/// 2, … until `deadline` or `plan` says stop, and keeps the best move of the deepest depth
/// that finished. `search(depth, moves)` scores the moves in the order given (higher is
/// better for the player to move) and returns fewer scores than moves when the deadline cut
/// it short; depth 1 must always finish, so there is an answer even with no time at all.
/// `moves` must not be empty.
pub fn deepen<M: Copy, S: Copy + PartialOrd>(
    deadline: &Deadline,
    mut moves: Vec<M>,
    initial_score: S,
    plan: &Deepening<S>,
    mut search: impl FnMut(u32, &[M]) -> Vec<S>,
) -> Deepened<M, S> {
    let mut result = Deepened {
        best: moves[0],
        score: initial_score,
        depth: 0,
    };
    if moves.len() == 1 {
        return result;
    }
    for depth in 1..=plan.max_depth {
        if depth > 1 && deadline.expired() {
            break;
        }
        let scores = search(depth, &moves);
        let complete = scores.len() == moves.len();
        let mut best: Option<usize> = None;
        for (i, score) in scores.iter().enumerate() {
            if best.is_none_or(|b| *score > scores[b]) {
                best = Some(i);
            }
        }
        if let Some(i) = best
            && (complete || (plan.keep_partial && (i != 0 || result.depth == 0)))
        {
            result.best = moves[i];
            result.score = scores[i];
        }
        if !complete {
            break;
        }
        result.depth = depth;
        match (plan.reorder, best) {
            (Reorder::BestFirst, Some(i)) => moves[..=i].rotate_right(1),
            (Reorder::ByScore, _) => {
                let mut order: Vec<usize> = (0..moves.len()).collect();
                order.sort_by(|&a, &b| {
                    scores[b]
                        .partial_cmp(&scores[a])
                        .unwrap_or(std::cmp::Ordering::Equal)
                });
                moves = order.iter().map(|&i| moves[i]).collect();
            }
            _ => {}
        }
        if (plan.decided)(result.score) || deadline.used_fraction() > plan.stop_after {
            break;
        }
    }
    result
}

#[cfg(test)]
mod tests {
    use super::*;

    fn plan(keep_partial: bool, reorder: Reorder) -> Deepening<i32> {
        Deepening {
            max_depth: 5,
            stop_after: 1.0,
            decided: |score| score.abs() >= 100,
            reorder,
            keep_partial,
        }
    }

    #[test]
    fn deepen_keeps_the_deepest_finished_depth_and_orders_best_first() {
        let deadline = Deadline::within(Duration::from_secs(10));
        let mut orders = Vec::new();
        let found = deepen(
            &deadline,
            vec!['a', 'b', 'c'],
            0,
            &plan(false, Reorder::ByScore),
            |depth, moves| {
                orders.push(moves.to_vec());
                // 'c' is best from depth 2 on.
                moves
                    .iter()
                    .map(|&m| match (m, depth) {
                        ('b', 1) => 5,
                        ('c', d) if d >= 2 => 7,
                        _ => 1,
                    })
                    .collect()
            },
        );
        assert_eq!((found.best, found.score, found.depth), ('c', 7, 5));
        assert_eq!(orders[1], vec!['b', 'a', 'c']);
        assert_eq!(orders[2], vec!['c', 'b', 'a']);
    }

    #[test]
    fn deepen_stops_at_a_decided_score_and_on_a_cut_depth() {
        let deadline = Deadline::within(Duration::from_secs(10));
        let decided = deepen(
            &deadline,
            vec![1, 2],
            0,
            &plan(false, Reorder::Keep),
            |d, m| m.iter().map(|&x| x * 60 * d as i32).collect(),
        );
        assert_eq!(
            (decided.best, decided.depth),
            (2, 1),
            "120 is decided at depth 1"
        );
        // A depth cut short (two of three moves searched): its result counts only when asked,
        // and only because a later move beat the first.
        for (keep, expected) in [(false, 1), (true, 2)] {
            let found = deepen(
                &deadline,
                vec![1, 2, 3],
                0,
                &plan(keep, Reorder::Keep),
                |depth, _| {
                    if depth == 1 {
                        vec![3, 2, 1]
                    } else {
                        vec![3, 5]
                    }
                },
            );
            assert_eq!(
                (found.best, found.depth),
                (expected, 1),
                "keep partial: {keep}"
            );
        }
    }
}
