//! Tablero: Magnetic Cave, Patolli and Penguins, in a Bevy window, a terminal, and for
//! programs. The rules are pure (`rules`); everything else plays them.

pub mod ai;
pub mod analysis;
pub mod app;
pub mod console;
pub mod editor;
pub mod engine;
pub mod fair_dice;
pub mod files;
pub mod i18n;
pub mod layout;
pub mod levels;
pub mod line_reader;
pub mod net;
pub mod protocol;
pub mod puzzles;
pub mod record;
pub mod replay;
pub mod review;
pub mod rules;
pub mod runner;
pub mod setup;
pub mod tournament;
