//! The Penguins AI seat: when an AI is to move, its alpha-beta search runs as a task on the
//! `AsyncComputeTaskPool` with a deadline timer (see [`ai_seat_plugin`]), and its choice goes
//! to the referee as the same request a human's click would make.

use std::time::Duration;

use bevy::prelude::*;

use super::referee::{MoveRequested, PenguinsReferee, PlaceRequested};
use crate::ai::penguins::choose_action;
use crate::ai::{Deadline, SearchReport};
use crate::app::Screen;
use crate::app::search_task::{AiPacing, AiReferee, Thinking, ai_seat_plugin};
use crate::rules::Seat;
use crate::rules::penguins::Action;

pub(super) fn plugin(app: &mut App) {
    ai_seat_plugin::<PenguinsReferee>(app);
}

/// A Penguins search in progress.
pub type PenguinsThinking = Thinking<PenguinsReferee>;

impl AiReferee for PenguinsReferee {
    type Move = Action;
    const SCREEN: Screen = Screen::Penguins;

    fn revision(&self) -> u64 {
        PenguinsReferee::revision(self)
    }

    fn ai_to_move(&self) -> bool {
        self.state().phase() != crate::rules::penguins::Phase::Over
            && self.seat_to_move() == Seat::Ai
    }

    fn budget(&self) -> Duration {
        self.setup().budget
    }

    fn search(&self) -> impl FnOnce(&Deadline) -> Option<SearchReport<Action>> + Send + 'static {
        let state = self.state().clone();
        move |deadline| choose_action(&state, deadline)
    }

    fn pause(&self, pacing: &AiPacing) -> Duration {
        pacing.min_move_time
    }

    fn request(decision: Action, commands: &mut Commands) {
        let seat = Seat::Ai;
        match decision {
            Action::Place(pos) => commands.write_message(PlaceRequested { pos, seat }),
            Action::Move { from, to } => commands.write_message(MoveRequested { from, to, seat }),
        };
    }
}
