//! Tablero's integration tests: one binary (every test binary links Bevy again).

mod ai;
mod analysis;
mod console;
mod editor;
mod fuzz;
mod game;
mod i18n;
mod layers;
mod layout;
mod matches_end;
mod network;
mod palettes;
mod patolli;
mod penguins;
mod puzzles;
mod record;
mod referee;
mod rules;
mod runner;
mod screen_reader;
mod settings;
mod support;
mod tournament;
mod window;
