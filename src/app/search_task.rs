//! A game-tree search running as a task on the `AsyncComputeTaskPool` with its deadline
//! timer, shared by every game's AI seat.

use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::Duration;

use bevy::prelude::*;
use bevy::tasks::{AsyncComputeTaskPool, Task, futures::check_ready};
use bevy::window::RequestRedraw;

use crate::ai::{Deadline, SearchReport};
use crate::app::{AppSystems, Screen};

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

/// A referee an AI seat plays for: it says when the AI is to move, how to search the position,
/// and how a decision becomes the same request a human's click would make.
pub trait AiReferee: Resource {
    /// A decision of the game.
    type Move: Send + Sync + Clone + std::fmt::Display + 'static;
    /// The screen the game plays on (the search stops when it is left).
    const SCREEN: Screen;
    /// Grows with every change of the match.
    fn revision(&self) -> u64;
    /// Whether the AI is to decide now.
    fn ai_to_move(&self) -> bool;
    /// The AI's time per decision.
    fn budget(&self) -> Duration;
    /// The search of the position as it is now, to run on another thread.
    fn search(&self)
    -> impl FnOnce(&Deadline) -> Option<SearchReport<Self::Move>> + Send + 'static;
    /// The least time a decision waits, so people can follow the game.
    fn pause(&self, pacing: &AiPacing) -> Duration;
    /// Keeps what the search proved, if anything, for the panel (before the decision is sent).
    fn decided(&self, report: &SearchReport<Self::Move>, commands: &mut Commands);
    /// Sends the decision to the referee as a request.
    fn request(decision: Self::Move, commands: &mut Commands);
}

/// An AI search in progress for referee `R`'s match.
#[derive(Resource)]
pub struct Thinking<R: AiReferee> {
    search: SearchTask<R::Move>,
    /// The search's answer once it finished (`Some(None)`: it found nothing to do).
    answer: Option<Option<SearchReport<R::Move>>>,
}

impl<R: AiReferee> Thinking<R> {
    /// Whether the search has answered (the answer may wait a moment, see [`AiPacing`]).
    pub fn has_decided(&self) -> bool {
        self.answer.is_some()
    }

    /// Time left of the budget.
    pub fn remaining(&self) -> Duration {
        self.search.remaining()
    }

    /// The share of the budget left, from 1 down to 0.
    pub fn remaining_fraction(&self) -> f32 {
        self.search.remaining_fraction()
    }
}

/// The AI seat for referee `R`: starts a search when the AI is to move, ticks its deadline,
/// and sends its decision; a change of the match or leaving the screen drops the search.
pub fn ai_seat_plugin<R: AiReferee>(app: &mut App) {
    app.add_systems(
        Update,
        tick_thinking::<R>
            .in_set(AppSystems::TickTimers)
            .run_if(resource_exists::<Thinking<R>>),
    );
    app.add_systems(
        Update,
        (start_thinking::<R>, send_decision::<R>)
            .chain()
            .in_set(AppSystems::RecordInput),
    );
    app.add_systems(
        Last,
        // A search draws its thinking bar, and a paced move waits with nothing moving: either
        // way the window must not fall asleep before the move is played.
        (|mut redraws: MessageWriter<RequestRedraw>| {
            redraws.write(RequestRedraw);
        })
        .run_if(resource_exists::<Thinking<R>>),
    );
    app.add_systems(OnExit(R::SCREEN), |mut commands: Commands| {
        // Dropping the search raises its stop flag.
        commands.remove_resource::<Thinking<R>>();
    });
}

fn tick_thinking<R: AiReferee>(time: Res<Time>, mut thinking: ResMut<Thinking<R>>) {
    thinking.search.tick(time.delta());
}

fn start_thinking<R: AiReferee>(
    mut commands: Commands,
    thinking: Option<Res<Thinking<R>>>,
    referee: Option<Res<R>>,
) {
    let Some(referee) = referee else {
        return;
    };
    if thinking.is_some_and(|t| t.search.revision() == referee.revision()) || !referee.ai_to_move()
    {
        return;
    }
    commands.insert_resource(Thinking::<R> {
        search: SearchTask::spawn(referee.budget(), referee.revision(), referee.search()),
        answer: None,
    });
}

fn send_decision<R: AiReferee>(
    mut commands: Commands,
    thinking: Option<ResMut<Thinking<R>>>,
    referee: Option<Res<R>>,
    pacing: Res<AiPacing>,
    animation: Option<Res<crate::app::motion::Animation>>,
) {
    let (Some(mut thinking), Some(referee)) = (thinking, referee) else {
        return;
    };
    if thinking.search.revision() != referee.revision() {
        commands.remove_resource::<Thinking<R>>();
        return;
    }
    if let Some(answer) = thinking.search.poll() {
        thinking.answer = Some(answer);
    }
    // The decision was made within the budget; the pause only lets people follow the game.
    let pause = animation
        .map_or_else(Default::default, |a| *a)
        .hold(referee.pause(&pacing));
    if thinking.answer.is_none() || thinking.search.elapsed() < pause {
        return;
    }
    let report = thinking.answer.take().flatten();
    commands.remove_resource::<Thinking<R>>();
    if let Some(report) = report {
        info!(
            "AI plays {} (depth {}, {} nodes, {:.2} s)",
            report.best,
            report.depth,
            report.nodes,
            report.elapsed.as_secs_f64()
        );
        referee.decided(&report, &mut commands);
        R::request(report.best, &mut commands);
    }
}
