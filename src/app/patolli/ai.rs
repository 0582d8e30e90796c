//! The Patolli AI seat: when an AI is to act on its roll, an expectiminimax search runs as a
//! task on the `AsyncComputeTaskPool` with a deadline timer (see [`ai_seat_plugin`]), and its
//! choice goes to the referee as the same request a human's click would make. Its pass when
//! it finds nothing to do is the referee's to refuse.

use std::time::Duration;

use bevy::prelude::*;

use super::referee::{MoveRequested, PassRequested, PatolliReferee, PlaceRequested};
use crate::ai::patolli::choose_action;
use crate::ai::{Deadline, SearchReport};
use crate::app::Screen;
use crate::app::search_task::{AiPacing, AiReferee, Thinking, ai_seat_plugin};
use crate::rules::Seat;
use crate::rules::patolli::{Action, Phase};

pub(super) fn plugin(app: &mut App) {
    ai_seat_plugin::<PatolliReferee>(app);
}

/// A Patolli search in progress.
pub type PatolliThinking = Thinking<PatolliReferee>;

impl AiReferee for PatolliReferee {
    type Move = Action;
    const SCREEN: Screen = Screen::Patolli;

    fn revision(&self) -> u64 {
        PatolliReferee::revision(self)
    }

    fn ai_to_move(&self) -> bool {
        matches!(self.state().phase(), Phase::Act { .. }) && self.seat_to_move() == Seat::Ai
    }

    fn budget(&self) -> Duration {
        self.setup().budget
    }

    fn search(&self) -> impl FnOnce(&Deadline) -> Option<SearchReport<Action>> + Send + 'static {
        let state = self.state().clone();
        move |deadline| choose_action(&state, deadline)
    }

    /// The roll stays on screen a moment before the AI acts on it.
    fn pause(&self, pacing: &AiPacing) -> Duration {
        pacing.min_roll_time
    }

    fn request(decision: Action, commands: &mut Commands) {
        let seat = Seat::Ai;
        match decision {
            Action::Move(piece) => commands.write_message(MoveRequested { piece, seat }),
            Action::Place(piece) => commands.write_message(PlaceRequested {
                piece: Some(piece),
                seat,
            }),
            Action::Pass => commands.write_message(PassRequested { seat }),
        };
    }
}
