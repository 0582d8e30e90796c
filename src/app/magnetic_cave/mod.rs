//! Magnetic Cave in the app: its part of the referee (entities, layout changes) and the board
//! on screen.

pub mod board;
pub mod hud;
pub mod referee;

use bevy::prelude::*;

/// The referee and the AI: everything that runs without a renderer.
pub(super) fn plugin(app: &mut App) {
    app.add_plugins(referee::plugin);
}

/// The board's sprites, highlights and pointer input.
pub(super) fn view_plugin(app: &mut App) {
    app.add_plugins((board::plugin, hud::plugin));
}
