//! Board layouts that designers edit in `levels/*.ron`: their types, checks, and errors that
//! point at the file, line and column.
//!
//! A layout file holds one value naming its game, for example
//! `MagneticCave(width: 8, height: 8, win_length: 5)`. Values that parse but make no game (a
//! 0x8 cave, a winning line longer than the board) are errors too, reported at the field.
#![warn(missing_docs)]

use std::fmt;
use std::path::Path;
use std::sync::Arc;

use serde::Deserialize;

use crate::rules::GameKind;
use crate::rules::magnetic_cave::{Config as CaveConfig, ConfigError as CaveConfigError};
use crate::rules::patolli::{GridCell, Rules as PatolliRules, Track};

/// A layout of any game, as written in a `.ron` file.
#[derive(Debug, Clone, PartialEq, Eq, Deserialize)]
pub enum Layout {
    /// A Magnetic Cave: its size and winning length.
    MagneticCave(CaveLayout),
    /// A Patolli board: its track, special squares and rule options.
    Patolli(PatolliLayout),
}

impl Layout {
    /// The game this layout is for.
    pub fn game(&self) -> GameKind {
        match self {
            Layout::MagneticCave(_) => GameKind::MagneticCave,
            Layout::Patolli(_) => GameKind::Patolli,
        }
    }
}

/// The Magnetic Cave's layout fields.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct CaveLayout {
    /// Number of columns (1 to 26).
    pub width: u32,
    /// Number of rows (1 to 26).
    pub height: u32,
    /// Bricks in a line needed to win (2 to the longer side).
    pub win_length: u32,
}

impl CaveLayout {
    /// The rules' cave for this layout.
    ///
    /// # Errors
    /// Why these values make no cave.
    pub fn config(&self) -> Result<CaveConfig, CaveConfigError> {
        CaveConfig::new(self.width, self.height, self.win_length)
    }
}

/// The Patolli layout fields: every track square in clockwise order, the special squares by
/// track index, each player's start and end, and the rule options.
#[derive(Debug, Clone, PartialEq, Eq, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct PatolliLayout {
    /// Every track square as (row, column), row 0 at the top, in clockwise order.
    pub track: Vec<GridCell>,
    /// The squares where captures happen.
    pub middle: Vec<usize>,
    /// The squares that grant another roll.
    pub arm_ends: Vec<usize>,
    /// Decorative squares.
    #[serde(default)]
    pub triangles: Vec<usize>,
    /// Start and end squares of each player.
    pub players: PatolliPlayers,
    /// The rule options (each has a default).
    #[serde(default)]
    pub rules: PatolliRules,
}

/// Each player's start and end squares.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct PatolliPlayers {
    /// Player L.
    #[serde(rename = "L")]
    pub l: PatolliEnds,
    /// Player N.
    #[serde(rename = "N")]
    pub n: PatolliEnds,
}

/// Where a player's pieces enter and leave the track.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct PatolliEnds {
    /// The square pieces are placed on.
    pub start: usize,
    /// The square pieces score on.
    pub end: usize,
}

/// A checked Patolli board.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct PatolliSetup {
    /// The track.
    pub track: Arc<Track>,
    /// The rule options.
    pub rules: PatolliRules,
}

/// A layout file that cannot be used, and where the problem is.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("{file}:{line}:{column}: {message}")]
pub struct LayoutError {
    /// The file, as it was named.
    pub file: String,
    /// Line of the problem, from 1.
    pub line: usize,
    /// Column of the problem, from 1.
    pub column: usize,
    /// What is wrong.
    pub message: String,
}

/// A valid layout together with the rules configuration it makes.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum GameSetup {
    /// A Magnetic Cave ready to play.
    MagneticCave(CaveConfig),
    /// A Patolli board ready to play.
    Patolli(PatolliSetup),
}

impl GameSetup {
    /// The Magnetic Cave configuration, if this is one.
    pub fn cave(&self) -> Option<CaveConfig> {
        match self {
            GameSetup::MagneticCave(config) => Some(*config),
            GameSetup::Patolli(_) => None,
        }
    }
}

/// Reads and checks the layout in `source`, naming it `file` in errors.
///
/// # Errors
/// [`LayoutError`] for a syntax error, an unknown or missing field, or values that make no game.
pub fn parse(file: &str, source: &[u8]) -> Result<GameSetup, LayoutError> {
    let text = String::from_utf8_lossy(source);
    let options = ron::Options::default()
        .with_default_extension(ron::extensions::Extensions::UNWRAP_VARIANT_NEWTYPES);
    let layout: Layout = options.from_str(&text).map_err(|e| LayoutError {
        file: file.to_string(),
        line: e.span.start.line,
        column: e.span.start.col,
        message: e.code.to_string(),
    })?;
    validate(&layout).map_err(|(field, message)| {
        let (line, column) = locate_field(&text, field);
        LayoutError {
            file: file.to_string(),
            line,
            column,
            message,
        }
    })
}

/// Reads and checks the layout file at `path`.
///
/// # Errors
/// [`LayoutError`] when the file cannot be read (at 1:1) or [`parse`] refuses it.
pub fn load(path: &Path) -> Result<GameSetup, LayoutError> {
    let file = path.display().to_string();
    let bytes = std::fs::read(path).map_err(|e| LayoutError {
        file: file.clone(),
        line: 1,
        column: 1,
        message: format!("cannot read the file: {e}"),
    })?;
    parse(&file, &bytes)
}

/// Checks values that parse but may make no game; returns the field at fault and why.
fn validate(layout: &Layout) -> Result<GameSetup, (&'static str, String)> {
    match layout {
        Layout::MagneticCave(cave) => cave.config().map(GameSetup::MagneticCave).map_err(|e| {
            let field = match e {
                CaveConfigError::Width(_) => "width",
                CaveConfigError::Height(_) => "height",
                CaveConfigError::WinLength { .. } => "win_length",
            };
            (field, e.to_string())
        }),
        Layout::Patolli(board) => Track::new(
            board.track.clone(),
            board.middle.clone(),
            board.arm_ends.clone(),
            board.triangles.clone(),
            [board.players.l.start, board.players.n.start],
            [board.players.l.end, board.players.n.end],
        )
        .map(|track| {
            GameSetup::Patolli(PatolliSetup {
                track: Arc::new(track),
                rules: board.rules,
            })
        })
        .map_err(|e| (e.field(), e.to_string())),
    }
}

/// The line and column (from 1) of the value of `field` in RON `text`: the first
/// `field` identifier followed by `:` outside comments; 1:1 if there is none.
fn locate_field(text: &str, field: &str) -> (usize, usize) {
    for (line_index, line) in text.lines().enumerate() {
        let code = line.split("//").next().unwrap_or("");
        let mut search_from = 0;
        while let Some(found) = code[search_from..].find(field) {
            let start = search_from + found;
            let end = start + field.len();
            let before_ok = code[..start]
                .chars()
                .next_back()
                .is_none_or(|c| !(c.is_alphanumeric() || c == '_'));
            let rest = code[end..].trim_start();
            if before_ok && rest.starts_with(':') {
                let value_offset = end + (code[end..].len() - rest.len()) + 1;
                let value_start = value_offset
                    + (code[value_offset..].len() - code[value_offset..].trim_start().len());
                return (line_index + 1, code[..value_start].chars().count() + 1);
            }
            search_from = end;
        }
    }
    (1, 1)
}

impl fmt::Display for GameSetup {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            GameSetup::MagneticCave(c) => write!(
                f,
                "Magnetic Cave {}x{}, {} to win",
                c.width(),
                c.height(),
                c.win_length()
            ),
            GameSetup::Patolli(p) => write!(f, "Patolli, a track of {} squares", p.track.len()),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn locates_fields() {
        let text = "MagneticCave(\n  width: 0, // width: 3\n  height: 8,\n)";
        assert_eq!(locate_field(text, "width"), (2, 10));
        assert_eq!(locate_field(text, "height"), (3, 11));
        assert_eq!(locate_field(text, "missing"), (1, 1));
    }
}
