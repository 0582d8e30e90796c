//! What the games' rules share: who sits in a seat, which game is played, why a text names no
//! seat or action, and how an error quotes a player's text back.

use std::fmt;
use std::str::FromStr;

/// Who sits in a seat: a person clicking or typing, or the AI.
#[derive(
    Debug, Clone, Copy, PartialEq, Eq, Hash, Default, serde::Serialize, serde::Deserialize,
)]
pub enum Seat {
    /// A person plays this side.
    #[default]
    Human,
    /// The AI plays this side.
    Ai,
}

impl Seat {
    /// The seat as the window's panels name it: "human" or "AI".
    pub fn title(self) -> &'static str {
        match self {
            Seat::Human => "human",
            Seat::Ai => "AI",
        }
    }
}

impl fmt::Display for Seat {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Seat::Human => "human",
            Seat::Ai => "ai",
        })
    }
}

/// Someone's text as an error quotes it back: trimmed, and at most 24 characters, so that a
/// pasted page does not come back whole.
pub fn quoted(text: &str) -> String {
    const LONGEST: usize = 24;
    let text = text.trim();
    let mut quoted: String = text.chars().take(LONGEST).collect();
    if text.chars().nth(LONGEST).is_some() {
        quoted.push('…');
    }
    quoted
}

/// Why a text names no seat or no action of a game.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum ParseError {
    /// Not `human` or `ai`.
    #[error("unknown seat `{0}`: expected `human` or `ai`")]
    Seat(String),
    /// Not a Patolli action as `Display` writes them.
    #[error("`{0}` is not `move X`, `place X` or `pass`")]
    PatolliAction(String),
    /// A Patolli action naming no piece.
    #[error("`{text}`: no piece is labelled `{label}`")]
    PieceLabel {
        /// The whole text.
        text: String,
        /// The label it gave.
        label: String,
    },
    /// Not a Penguins action as `Display` writes them.
    #[error("`{0}` is not `x y` (a placement) or `x1 y1 x2 y2` (a slide)")]
    PenguinsAction(String),
}

impl FromStr for Seat {
    type Err = ParseError;

    fn from_str(s: &str) -> Result<Self, Self::Err> {
        match s.trim().to_ascii_lowercase().as_str() {
            "human" => Ok(Seat::Human),
            "ai" => Ok(Seat::Ai),
            other => Err(ParseError::Seat(quoted(other))),
        }
    }
}

/// The games Tablero plays.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, serde::Serialize, serde::Deserialize)]
pub enum GameKind {
    /// Connect-five between two magnetic walls.
    MagneticCave,
    /// The Meso-American dice race on a cross.
    Patolli,
    /// A simplified "Hey, That's My Fish!".
    Penguins,
}

impl GameKind {
    /// Every game the window and console play, in menu order.
    pub const ALL: [GameKind; 3] = [
        GameKind::MagneticCave,
        GameKind::Patolli,
        GameKind::Penguins,
    ];

    /// The name shown to players.
    pub fn title(self) -> &'static str {
        match self {
            GameKind::MagneticCave => "Magnetic Cave",
            GameKind::Patolli => "Patolli",
            GameKind::Penguins => "Penguins",
        }
    }

    /// The default layout file of the game, inside `levels/`.
    pub fn default_layout_file(self) -> &'static str {
        match self {
            GameKind::MagneticCave => "magnetic_cave.ron",
            GameKind::Patolli => "patolli.ron",
            GameKind::Penguins => "penguins.ron",
        }
    }
}
