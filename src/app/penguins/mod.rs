//! Penguins in the app: the referee and the AI seat (headless), and the board on screen with
//! its panel.

pub mod board;
pub mod hud;
pub mod referee;

use bevy::prelude::*;

/// The referee and the AI seat: everything that runs without a renderer.
pub(super) fn plugin(app: &mut App) {
    app.add_plugins(referee::plugin);
}

/// The board's sprites, the panel and pointer input.
pub(super) fn view_plugin(app: &mut App) {
    app.add_plugins((board::plugin, hud::plugin));
}
