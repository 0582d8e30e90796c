//! The AI seat: when an AI is to move, a search runs as a task on the `AsyncComputeTaskPool`
//! while the window keeps drawing. A deadline timer raises the search's stop flag when the
//! budget is nearly spent, and the best move found so far is sent as a `MoveRequested`.

use std::time::Duration;

use bevy::prelude::*;

use super::referee::{CaveReferee, MoveRequested};
use crate::ai::{SearchReport, magnetic_cave::choose_move};
use crate::app::search_task::{AiPacing, SearchTask};
use crate::app::{AppSystems, Screen};
use crate::rules::Seat;
use crate::rules::magnetic_cave::{Brick, Cell};

pub(super) fn plugin(app: &mut App) {
    app.add_systems(
        Update,
        tick_ai_deadline
            .in_set(AppSystems::TickTimers)
            .run_if(resource_exists::<AiThinking>),
    );
    app.add_systems(
        Update,
        (cancel_stale_search, start_ai_search, send_ai_move)
            .chain()
            .in_set(AppSystems::RecordInput)
            .run_if(in_state(Screen::MagneticCave)),
    );
    app.add_systems(OnExit(Screen::MagneticCave), cancel_search);
}

/// A search in progress for the player to move.
#[derive(Resource)]
pub struct AiThinking {
    search: SearchTask<Cell>,
    result: Option<SearchReport<Cell>>,
    player: Brick,
}

impl AiThinking {
    /// Who is thinking.
    pub fn player(&self) -> Brick {
        self.player
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

fn tick_ai_deadline(time: Res<Time>, mut thinking: ResMut<AiThinking>) {
    thinking.search.tick(time.delta());
}

fn cancel_stale_search(
    mut commands: Commands,
    thinking: Option<Res<AiThinking>>,
    referee: Option<Res<CaveReferee>>,
) {
    let (Some(thinking), Some(referee)) = (thinking, referee) else {
        return;
    };
    if thinking.search.revision() != referee.revision() {
        // Dropping the search raises its stop flag.
        commands.remove_resource::<AiThinking>();
    }
}

fn start_ai_search(
    mut commands: Commands,
    thinking: Option<Res<AiThinking>>,
    referee: Option<Res<CaveReferee>>,
) {
    let Some(referee) = referee else {
        return;
    };
    let stale = thinking
        .as_ref()
        .is_some_and(|t| t.search.revision() != referee.revision());
    if (thinking.is_some() && !stale)
        || referee.state().outcome().is_some()
        || referee.seat_to_move() != Seat::Ai
    {
        return;
    }
    let state = referee.state().clone();
    let search = SearchTask::spawn(
        referee.setup().budget,
        referee.revision(),
        move |deadline| choose_move(&state, deadline),
    );
    commands.insert_resource(AiThinking {
        search,
        result: None,
        player: referee.state().to_move(),
    });
}

fn send_ai_move(
    mut commands: Commands,
    thinking: Option<ResMut<AiThinking>>,
    referee: Option<Res<CaveReferee>>,
    pacing: Res<AiPacing>,
    mut requests: MessageWriter<MoveRequested>,
) {
    let (Some(mut thinking), Some(referee)) = (thinking, referee) else {
        return;
    };
    if thinking.search.revision() != referee.revision() {
        return;
    }
    if let Some(report) = thinking.search.poll() {
        thinking.result = report;
        if thinking.result.is_none() {
            commands.remove_resource::<AiThinking>();
            return;
        }
    }
    // Pacing never pushes a move past half the budget.
    let min_time = pacing.min_move_time.min(referee.setup().budget / 2);
    if thinking.search.elapsed() < min_time {
        return;
    }
    if let Some(report) = thinking.result.take() {
        requests.write(MoveRequested {
            cell: report.best,
            seat: Seat::Ai,
        });
        info!(
            "AI {} plays {} (depth {}, {} nodes, {:.2} s)",
            thinking.player,
            report.best,
            report.depth,
            report.nodes,
            report.elapsed.as_secs_f64()
        );
        commands.remove_resource::<AiThinking>();
    }
}

fn cancel_search(mut commands: Commands) {
    // Dropping the search raises its stop flag.
    commands.remove_resource::<AiThinking>();
}
