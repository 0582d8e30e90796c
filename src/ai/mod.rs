//! Game-tree search over the pure rules, one engine and evaluator per game, with deadlines.
//!
//! No Bevy here: the window runs these searches on a task pool, the console calls them
//! directly, and the tests and benchmarks measure them.

pub mod magnetic_cave;
pub mod patolli;
pub mod penguins;

use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::{Duration, Instant};

/// The default time an AI may take for one decision.
pub const DEFAULT_BUDGET: Duration = Duration::from_secs(3);

/// When a search must stop: at a wall-clock instant, or earlier when someone raises the flag.
#[derive(Debug, Clone)]
pub struct Deadline {
    start: Instant,
    until: Instant,
    stop: Arc<AtomicBool>,
}

impl Deadline {
    /// A deadline `budget` from now, keeping a safety margin so the answer arrives in time:
    /// the search itself stops at 80 % of the budget (and at least 100 ms before its end).
    pub fn within(budget: Duration) -> Deadline {
        let think = budget
            .mul_f64(0.8)
            .min(budget.saturating_sub(Duration::from_millis(100)));
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
