//! The Patolli AI seat: when an AI is to act on its roll, an expectiminimax search runs as a
//! task on the `AsyncComputeTaskPool` with a deadline timer, and its choice goes to the
//! referee as the same request a human's click would make.

use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};

use bevy::prelude::*;
use bevy::tasks::{AsyncComputeTaskPool, Task, futures::check_ready};

use super::referee::{MoveRequested, PassRequested, PatolliReferee, PlaceRequested};
use crate::ai::{Deadline, SearchReport, patolli::choose_action};
use crate::app::AppSystems;
use crate::rules::Seat;
use crate::rules::patolli::{Action, Phase};

pub(super) fn plugin(app: &mut App) {
    app.add_systems(
        Update,
        tick_deadline
            .in_set(AppSystems::TickTimers)
            .run_if(resource_exists::<PatolliThinking>),
    );
    app.add_systems(
        Update,
        (start_search, send_choice)
            .chain()
            .in_set(AppSystems::RecordInput),
    );
}

/// A Patolli search in progress.
#[derive(Resource)]
pub struct PatolliThinking {
    task: Task<Option<SearchReport<Action>>>,
    stop: Arc<AtomicBool>,
    deadline: Timer,
    revision: u64,
}

impl PatolliThinking {
    /// The share of the budget left, from 1 down to 0.
    pub fn remaining_fraction(&self) -> f32 {
        1.0 - self.deadline.fraction()
    }
}

impl Drop for PatolliThinking {
    /// A search nobody waits for stops at once.
    fn drop(&mut self) {
        self.stop.store(true, Ordering::Relaxed);
    }
}

fn tick_deadline(time: Res<Time>, mut thinking: ResMut<PatolliThinking>) {
    thinking.deadline.tick(time.delta());
    if thinking.deadline.is_finished() {
        thinking.stop.store(true, Ordering::Relaxed);
    }
}

fn start_search(
    mut commands: Commands,
    thinking: Option<Res<PatolliThinking>>,
    referee: Option<Res<PatolliReferee>>,
) {
    let Some(referee) = referee else {
        return;
    };
    if thinking.is_some_and(|t| t.revision == referee.revision())
        || !matches!(referee.state().phase(), Phase::Act { .. })
        || referee.seat_to_move() != Seat::Ai
    {
        return;
    }
    let state = referee.state().clone();
    let budget = referee.setup().budget;
    let deadline = Deadline::within(budget);
    let stop = deadline.stop_flag();
    let task = AsyncComputeTaskPool::get().spawn(async move { choose_action(&state, &deadline) });
    commands.insert_resource(PatolliThinking {
        task,
        stop,
        deadline: Timer::new(budget, TimerMode::Once),
        revision: referee.revision(),
    });
}

fn send_choice(
    mut commands: Commands,
    thinking: Option<ResMut<PatolliThinking>>,
    referee: Option<Res<PatolliReferee>>,
    mut moves: MessageWriter<MoveRequested>,
    mut places: MessageWriter<PlaceRequested>,
    mut passes: MessageWriter<PassRequested>,
) {
    let (Some(mut thinking), Some(referee)) = (thinking, referee) else {
        return;
    };
    if thinking.revision != referee.revision() {
        commands.remove_resource::<PatolliThinking>();
        return;
    }
    let Some(report) = check_ready(&mut thinking.task) else {
        return;
    };
    commands.remove_resource::<PatolliThinking>();
    let seat = Seat::Ai;
    match report.map(|r| r.best) {
        Some(Action::Move(piece)) => {
            moves.write(MoveRequested { piece, seat });
        }
        Some(Action::Place(piece)) => {
            places.write(PlaceRequested {
                piece: Some(piece),
                seat,
            });
        }
        Some(Action::Pass) | None => {
            passes.write(PassRequested { seat });
        }
    }
}
