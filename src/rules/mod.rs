//! Pure game rules: state, legal actions, their effects and the outcome, with no Bevy types.
//!
//! Everything that plays or checks a game goes through these types: the Bevy referee, the
//! console, the AI, and the tests.
#![warn(missing_docs)]

pub mod game;
pub mod magnetic_cave;
pub mod patolli;
pub mod penguins;
pub mod shared;

pub use game::Game;
pub use shared::{GameKind, ParseError, Seat, quoted};
