//! Patolli in the app. So far the referee only (it runs headless); the board view, input and
//! the AI seat come next.

pub mod referee;

use bevy::prelude::*;

/// The referee: everything that runs without a renderer.
pub(super) fn plugin(app: &mut App) {
    app.add_plugins(referee::plugin);
}
