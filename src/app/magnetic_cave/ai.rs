//! The AI seat: when an AI is to move, a search runs as a task on the `AsyncComputeTaskPool`
//! while the window keeps drawing (see [`ai_seat_plugin`]). A deadline timer raises the
//! search's stop flag when the budget is nearly spent, and the best move found so far is sent
//! as a `MoveRequested`.

use std::time::Duration;

use bevy::prelude::*;

use super::referee::{CaveReferee, MoveRequested};
use crate::ai::{Deadline, SearchReport, magnetic_cave::choose_move};
use crate::app::Screen;
use crate::app::search_task::{AiPacing, AiReferee, Thinking, ai_seat_plugin};
use crate::rules::Seat;
use crate::rules::magnetic_cave::Cell;

pub(super) fn plugin(app: &mut App) {
    ai_seat_plugin::<CaveReferee>(app);
}

/// A search in progress for the player to move.
pub type AiThinking = Thinking<CaveReferee>;

impl AiReferee for CaveReferee {
    type Move = Cell;
    const SCREEN: Screen = Screen::MagneticCave;

    fn revision(&self) -> u64 {
        CaveReferee::revision(self)
    }

    fn ai_to_move(&self) -> bool {
        self.state().outcome().is_none() && self.seat_to_move() == Seat::Ai
    }

    fn budget(&self) -> Duration {
        self.setup().budget
    }

    fn search(&self) -> impl FnOnce(&Deadline) -> Option<SearchReport<Cell>> + Send + 'static {
        let state = self.state().clone();
        move |deadline| choose_move(&state, deadline)
    }

    /// Pacing never pushes a move past half the budget.
    fn pause(&self, pacing: &AiPacing) -> Duration {
        pacing.min_move_time.min(self.setup().budget / 2)
    }

    fn request(cell: Cell, commands: &mut Commands) {
        commands.write_message(MoveRequested {
            cell,
            seat: Seat::Ai,
        });
    }
}
