//! Tablero's integration tests: one binary (every test binary links Bevy again).

mod ai;
mod console;
mod layout;
mod patolli;
mod penguins;
mod referee;
mod rules;
mod support;
mod window;
