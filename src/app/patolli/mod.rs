//! Patolli in the app. So far the referee and the AI seat (both run headless); the board
//! view and pointer input come next.

pub mod ai;
pub mod referee;

use bevy::prelude::*;

/// The referee and the AI seat: everything that runs without a renderer.
pub(super) fn plugin(app: &mut App) {
    app.add_plugins((referee::plugin, ai::plugin));
}
