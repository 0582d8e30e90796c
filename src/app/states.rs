//! What every feature of the app shares: the screens (a Bevy state), the system sets a frame
//! runs in order, the window's designed size, and the flag that says something still moves.

use bevy::prelude::*;

/// The window's title; tests find the window by it.
pub const WINDOW_TITLE: &str = "Tablero";
/// The window's size in logical pixels.
pub const WINDOW_SIZE: (u32, u32) = (1280, 720);

/// Where a point of the world (in pixels from the window's centre, y up) shows in the window,
/// in pixels from its top-left corner: what tests and tools such as xdotool click.
pub fn window_position(world: Vec2) -> Vec2 {
    Vec2::new(
        WINDOW_SIZE.0 as f32 / 2.0 + world.x,
        WINDOW_SIZE.1 as f32 / 2.0 - world.y,
    )
}

/// The screens of the app.
#[derive(States, Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
pub enum Screen {
    /// Choose the game and the seats.
    #[default]
    Menu,
    /// A Magnetic Cave match is on (and stays on screen after it ends, with its result).
    MagneticCave,
    /// A Patolli match is on (and stays on screen after it ends, with its result).
    Patolli,
    /// A Penguins match is on (and stays on screen after it ends, with its ranking).
    Penguins,
    /// *Edit boards*: the boards to open in the editor, and new ones.
    Boards,
    /// The board editor.
    Editor,
    /// A network match's waiting room: the invitations and who has joined, until its host
    /// starts it.
    Waiting,
    /// *Join a match*: paste an invitation.
    Join,
}

/// The order of work in a frame: timers, then input into requests, then the referee, then
/// drawing the result.
#[derive(SystemSet, Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum AppSystems {
    /// Advance timers (AI deadlines, animations).
    TickTimers,
    /// Turn clicks, keys and AI decisions into requests.
    RecordInput,
    /// Check requests against the rules, apply them, announce.
    Referee,
    /// Keep each game's entities in step with what the referee announced.
    MirrorEntities,
    /// Mirror the match onto the screen.
    Present,
}

/// Whether anything on screen is still moving this frame (a piece walking, a penguin sliding,
/// dice tumbling): each game's view sets it, it is cleared at the start of every frame, and
/// the screenshot waits until it stays clear.
#[derive(Resource, Debug, Default, Clone, Copy)]
pub struct InMotion(pub bool);
