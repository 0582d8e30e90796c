//! How much a screen reader is told: the settings page's *Screen reader* choice, which
//! `screen_reader` follows and the settings file keeps.

use bevy::prelude::*;
use serde::{Deserialize, Serialize};

/// What the live region announces (the settings page's *Screen reader*): the board's nodes
/// are named whatever the choice.
#[derive(Resource, Debug, Clone, Copy, PartialEq, Eq, Default, Serialize, Deserialize)]
pub enum Announcements {
    /// Every move, roll, refusal, take-back and result, who moves next and the hint's line.
    #[default]
    All,
    /// The moves, refusals, take-backs and the result: no rolls, no turn, no hint line.
    MovesOnly,
    /// Nothing: the board is read by moving over it.
    Off,
}

impl Announcements {
    /// Every choice, in the order the page shows them.
    pub const ALL: [Announcements; 3] = [
        Announcements::All,
        Announcements::MovesOnly,
        Announcements::Off,
    ];
}
