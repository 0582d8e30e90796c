//! A game-tree search running as a task on the `AsyncComputeTaskPool` with its deadline
//! timer, shared by every game's AI seat.

use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::Duration;

use bevy::prelude::*;
use bevy::tasks::{AsyncComputeTaskPool, Task, futures::check_ready};

use crate::ai::{Deadline, SearchReport};

/// How fast AI moves appear: each is shown at least this long after the turn began, so a
/// person can follow an AI-vs-AI game. Tests set it to zero.
#[derive(Resource, Debug, Clone, Copy)]
pub struct AiPacing {
    /// The least time between a turn's start and the AI's move.
    pub min_move_time: Duration,
    /// The least time between a roll and the AI's action on it, so the roll is seen.
    pub min_roll_time: Duration,
}

impl AiPacing {
    /// No waiting at all (tests).
    pub const NONE: AiPacing = AiPacing {
        min_move_time: Duration::ZERO,
        min_roll_time: Duration::ZERO,
    };
}

impl Default for AiPacing {
    fn default() -> Self {
        AiPacing {
            min_move_time: Duration::from_millis(400),
            min_roll_time: Duration::from_millis(1100),
        }
    }
}

/// A search in progress for the match revision it started from.
pub struct SearchTask<M> {
    task: Option<Task<Option<SearchReport<M>>>>,
    stop: Arc<AtomicBool>,
    deadline: Timer,
    elapsed: Duration,
    revision: u64,
}

impl<M: Send + 'static> SearchTask<M> {
    /// Starts `search` with `budget` for match revision `revision`. The search stops itself
    /// before the budget (see [`Deadline::within`]); the timer raises its stop flag at the
    /// budget's end as well, so nothing outlives it.
    pub fn spawn(
        budget: Duration,
        revision: u64,
        search: impl FnOnce(&Deadline) -> Option<SearchReport<M>> + Send + 'static,
    ) -> SearchTask<M> {
        let deadline = Deadline::within(budget);
        let stop = deadline.stop_flag();
        let task = AsyncComputeTaskPool::get().spawn(async move { search(&deadline) });
        SearchTask {
            task: Some(task),
            stop,
            deadline: Timer::new(budget, TimerMode::Once),
            elapsed: Duration::ZERO,
            revision,
        }
    }

    /// Advances the deadline timer; raises the stop flag when the budget is spent.
    pub fn tick(&mut self, delta: Duration) {
        self.deadline.tick(delta);
        self.elapsed += delta;
        if self.deadline.is_finished() {
            self.stop.store(true, Ordering::Relaxed);
        }
    }

    /// The search's answer once it has finished (`Some(None)`: no move was due), else `None`.
    /// It is handed out once.
    pub fn poll(&mut self) -> Option<Option<SearchReport<M>>> {
        let report = check_ready(self.task.as_mut()?)?;
        self.task = None;
        Some(report)
    }
}

impl<M> SearchTask<M> {
    /// The match revision the search started from.
    pub fn revision(&self) -> u64 {
        self.revision
    }

    /// Time since the search started, by the app's clock.
    pub fn elapsed(&self) -> Duration {
        self.elapsed
    }

    /// Time left of the budget.
    pub fn remaining(&self) -> Duration {
        self.deadline.remaining()
    }

    /// The share of the budget left, from 1 down to 0.
    pub fn remaining_fraction(&self) -> f32 {
        1.0 - self.deadline.fraction()
    }
}

impl<M> Drop for SearchTask<M> {
    /// A search nobody waits for stops at once (a task cannot be cancelled mid-computation).
    fn drop(&mut self) {
        self.stop.store(true, Ordering::Relaxed);
    }
}
