//! The Penguins AI seat: when an AI is to move, its alpha-beta search runs as a task on the
//! `AsyncComputeTaskPool` with a deadline timer, and its choice goes to the referee as the
//! same request a human's click would make.

use bevy::prelude::*;

use super::referee::{MoveRequested, PenguinsReferee, PlaceRequested};
use crate::ai::SearchReport;
use crate::ai::penguins::choose_action;
use crate::app::search_task::{AiPacing, SearchTask};
use crate::app::{AppSystems, Screen};
use crate::rules::Seat;
use crate::rules::penguins::{Action, Phase};

pub(super) fn plugin(app: &mut App) {
    app.add_systems(
        Update,
        tick_deadline
            .in_set(AppSystems::TickTimers)
            .run_if(resource_exists::<PenguinsThinking>),
    );
    app.add_systems(
        Update,
        (start_search, send_choice)
            .chain()
            .in_set(AppSystems::RecordInput),
    );
    app.add_systems(OnExit(Screen::Penguins), |mut commands: Commands| {
        // Dropping the search raises its stop flag.
        commands.remove_resource::<PenguinsThinking>();
    });
}

/// A Penguins search in progress.
#[derive(Resource)]
pub struct PenguinsThinking {
    search: SearchTask<Action>,
    /// The search's answer once it finished (`Some(None)`: it found nothing to do).
    answer: Option<Option<SearchReport<Action>>>,
}

impl PenguinsThinking {
    /// Whether the search has answered (the answer waits a moment so people can follow).
    pub fn has_decided(&self) -> bool {
        self.answer.is_some()
    }

    /// Time left of the budget.
    pub fn remaining(&self) -> std::time::Duration {
        self.search.remaining()
    }

    /// The share of the budget left, from 1 down to 0.
    pub fn remaining_fraction(&self) -> f32 {
        self.search.remaining_fraction()
    }
}

fn tick_deadline(time: Res<Time>, mut thinking: ResMut<PenguinsThinking>) {
    thinking.search.tick(time.delta());
}

fn start_search(
    mut commands: Commands,
    thinking: Option<Res<PenguinsThinking>>,
    referee: Option<Res<PenguinsReferee>>,
) {
    let Some(referee) = referee else {
        return;
    };
    if thinking.is_some_and(|t| t.search.revision() == referee.revision())
        || referee.state().phase() == Phase::Over
        || referee.seat_to_move() != Seat::Ai
    {
        return;
    }
    let state = referee.state().clone();
    commands.insert_resource(PenguinsThinking {
        search: SearchTask::spawn(
            referee.setup().budget,
            referee.revision(),
            move |deadline| choose_action(&state, deadline),
        ),
        answer: None,
    });
}

fn send_choice(
    mut commands: Commands,
    thinking: Option<ResMut<PenguinsThinking>>,
    referee: Option<Res<PenguinsReferee>>,
    pacing: Res<AiPacing>,
    mut moves: MessageWriter<MoveRequested>,
    mut places: MessageWriter<PlaceRequested>,
) {
    let (Some(mut thinking), Some(referee)) = (thinking, referee) else {
        return;
    };
    if thinking.search.revision() != referee.revision() {
        commands.remove_resource::<PenguinsThinking>();
        return;
    }
    if let Some(answer) = thinking.search.poll() {
        thinking.answer = Some(answer);
    }
    // The previous move stays on screen a moment; the decision was made within the budget.
    if thinking.answer.is_none() || thinking.search.elapsed() < pacing.min_move_time {
        return;
    }
    let report = thinking.answer.take().flatten();
    commands.remove_resource::<PenguinsThinking>();
    let seat = Seat::Ai;
    match report.map(|r| r.best) {
        Some(Action::Place(pos)) => {
            places.write(PlaceRequested { pos, seat });
        }
        Some(Action::Move { from, to }) => {
            moves.write(MoveRequested { from, to, seat });
        }
        None => {}
    }
}
