//! What the menu has chosen so far, and the ranges its steppers keep the AI's time and the
//! penguins within.

use std::time::Duration;

use bevy::prelude::*;

use crate::ai::{AiLevel, DEFAULT_BUDGET};
use crate::rules::{GameKind, Seat};

/// Budget steps offered by the − and + buttons, in seconds.
pub const BUDGET_STEP: f64 = 0.5;
/// The least AI time the − button goes down to, in seconds.
pub const BUDGET_MIN: f64 = 0.5;
/// The most AI time the + button goes up to, in seconds.
pub const BUDGET_MAX: f64 = 10.0;

/// What the menu has chosen so far.
#[derive(Resource, Debug, Clone, PartialEq)]
pub struct MenuChoices {
    /// The game to play.
    pub game: GameKind,
    /// Who plays each side, in turn order.
    pub seats: [Seat; 2],
    /// The AI's time per move.
    pub budget: Duration,
    /// How strongly the AI plays.
    pub level: AiLevel,
    /// Penguins: players C and D, when they play.
    pub more_seats: [Option<Seat>; 2],
    /// Patolli on a board for three or four: players G and M, when they play (M only with G).
    pub patolli_more_seats: [Option<Seat>; 2],
    /// Penguins: penguins per player (1 to 5).
    pub penguins: u8,
    /// Penguins: rows and columns of a drawn board (4 to 20).
    pub board_size: [u16; 2],
    /// Penguins: the seed the board is drawn from (typed digits change it).
    pub seed: u64,
    /// Which sides a guest plays over the network (0 and 1: the two first, 2 and 3: the third
    /// and fourth); a guest's side is a human seat in the match. Any guest makes *Start* host.
    pub guests: [bool; 4],
}

impl Default for MenuChoices {
    fn default() -> Self {
        MenuChoices {
            game: GameKind::MagneticCave,
            seats: [Seat::Human, Seat::Ai],
            budget: DEFAULT_BUDGET,
            level: AiLevel::Hard,
            more_seats: [None, None],
            patolli_more_seats: [Some(Seat::Ai), Some(Seat::Ai)],
            penguins: 2,
            board_size: [8, 8],
            seed: rand::random::<u64>() % 1_000_000,
            guests: [false; 4],
        }
    }
}

/// `seconds` as the AI's time, brought into the range the menu's − / + buttons offer.
pub fn menu_budget(seconds: f64) -> Duration {
    Duration::from_secs_f64(seconds.clamp(BUDGET_MIN, BUDGET_MAX))
}

/// `penguins` each, brought into the range the menu offers.
pub fn menu_penguins(penguins: i32) -> u8 {
    use crate::rules::penguins::{MAX_PENGUINS_EACH, MIN_PENGUINS_EACH};
    penguins.clamp(i32::from(MIN_PENGUINS_EACH), i32::from(MAX_PENGUINS_EACH)) as u8
}
