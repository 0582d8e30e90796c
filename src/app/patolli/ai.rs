//! The Patolli AI seat: when an AI is to act on its roll, an expectiminimax search runs as a
//! task on the `AsyncComputeTaskPool` with a deadline timer, and its choice goes to the
//! referee as the same request a human's click would make.

use bevy::prelude::*;

use super::referee::{MoveRequested, PassRequested, PatolliReferee, PlaceRequested};
use crate::ai::SearchReport;
use crate::ai::patolli::choose_action;
use crate::app::search_task::{AiPacing, SearchTask};
use crate::app::{AppSystems, Screen};
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
    app.add_systems(OnExit(Screen::Patolli), |mut commands: Commands| {
        // Dropping the search raises its stop flag.
        commands.remove_resource::<PatolliThinking>();
    });
}

/// A Patolli search in progress.
#[derive(Resource)]
pub struct PatolliThinking {
    search: SearchTask<Action>,
    /// The search's answer once it finished (`Some(None)`: it found nothing to do).
    answer: Option<Option<SearchReport<Action>>>,
}

impl PatolliThinking {
    /// Whether the search has answered (the answer waits a moment so the roll is seen).
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

fn tick_deadline(time: Res<Time>, mut thinking: ResMut<PatolliThinking>) {
    thinking.search.tick(time.delta());
}

fn start_search(
    mut commands: Commands,
    thinking: Option<Res<PatolliThinking>>,
    referee: Option<Res<PatolliReferee>>,
) {
    let Some(referee) = referee else {
        return;
    };
    if thinking.is_some_and(|t| t.search.revision() == referee.revision())
        || !matches!(referee.state().phase(), Phase::Act { .. })
        || referee.seat_to_move() != Seat::Ai
    {
        return;
    }
    let state = referee.state().clone();
    commands.insert_resource(PatolliThinking {
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
    thinking: Option<ResMut<PatolliThinking>>,
    referee: Option<Res<PatolliReferee>>,
    pacing: Res<AiPacing>,
    mut moves: MessageWriter<MoveRequested>,
    mut places: MessageWriter<PlaceRequested>,
    mut passes: MessageWriter<PassRequested>,
) {
    let (Some(mut thinking), Some(referee)) = (thinking, referee) else {
        return;
    };
    if thinking.search.revision() != referee.revision() {
        commands.remove_resource::<PatolliThinking>();
        return;
    }
    if let Some(answer) = thinking.search.poll() {
        thinking.answer = Some(answer);
    }
    // The roll stays on screen a moment before the AI acts on it. The decision itself was
    // made within the budget; this only holds it back so people can follow the game.
    if thinking.answer.is_none() || thinking.search.elapsed() < pacing.min_roll_time {
        return;
    }
    let report = thinking.answer.take().flatten();
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
