//! Board layouts that designers edit in `levels/*.ron`: their types, checks, and errors that
//! point at the file, line and column.
//!
//! A layout file holds one value naming its game, for example
//! `MagneticCave(width: 8, height: 8, win_length: 5)`. Values that parse but make no game (a
//! 0x8 cave, a winning line longer than the board) are errors too, reported at the field.
#![warn(missing_docs)]

mod puzzle_refusal;

pub use puzzle_refusal::PuzzleRefusal;

use std::fmt;
use std::path::{Path, PathBuf};
use std::sync::Arc;

use serde::{Deserialize, Serialize};

use crate::files::{LAYOUT_LIMIT, ReadError, read_limited};
use crate::rules::GameKind;
use crate::rules::magnetic_cave::{Config as CaveConfig, ConfigError as CaveConfigError};
use crate::rules::patolli::{
    DiceError, GridCell, PIECES_PER_PLAYER, Player as PatolliPlayer, Rules as PatolliRules, Track,
    TrackError,
};
use crate::rules::penguins::{Board as FloeBoard, Field, Generator, Grid, MAX_FISH, Pos};

/// A layout of any game, as written in a `.ron` file.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub enum Layout {
    /// A Magnetic Cave: its size and winning length.
    MagneticCave(CaveLayout),
    /// A Patolli board: its track, special squares and rule options.
    Patolli(PatolliLayout),
    /// Penguins: the board generator's settings, or a fixed board.
    Penguins(PenguinsLayout),
}

impl Layout {
    /// The board's name, if the layout gives one.
    pub fn name(&self) -> Option<&str> {
        let name = match self {
            Layout::MagneticCave(cave) => &cave.name,
            Layout::Patolli(board) => &board.name,
            Layout::Penguins(penguins) => &penguins.name,
        }
        .trim();
        (!name.is_empty()).then_some(name)
    }

    /// The game this layout is for.
    pub fn game(&self) -> GameKind {
        match self {
            Layout::MagneticCave(_) => GameKind::MagneticCave,
            Layout::Patolli(_) => GameKind::Patolli,
            Layout::Penguins(_) => GameKind::Penguins,
        }
    }
}

/// The Magnetic Cave's layout fields.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct CaveLayout {
    /// The board's name in the menu; the file's name without `.ron` when left out.
    #[serde(default, skip_serializing_if = "String::is_empty")]
    pub name: String,
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
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct PatolliLayout {
    /// The board's name in the menu; the file's name without `.ron` when left out.
    #[serde(default, skip_serializing_if = "String::is_empty")]
    pub name: String,
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
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct PatolliPlayers {
    /// Player L.
    #[serde(rename = "L")]
    pub l: PatolliEnds,
    /// Player N.
    #[serde(rename = "N")]
    pub n: PatolliEnds,
    /// Player G, the third (boards for three or four players).
    #[serde(rename = "G", default, skip_serializing_if = "Option::is_none")]
    pub g: Option<PatolliEnds>,
    /// Player M, the fourth (boards for four players, with G).
    #[serde(rename = "M", default, skip_serializing_if = "Option::is_none")]
    pub m: Option<PatolliEnds>,
}

impl PatolliPlayers {
    /// Each seated player with its start and end, L, N, then G and M when given.
    pub fn seated(&self) -> Vec<(PatolliPlayer, PatolliEnds)> {
        [Some(self.l), Some(self.n), self.g, self.m]
            .into_iter()
            .zip(PatolliPlayer::ALL)
            .filter_map(|(ends, player)| ends.map(|e| (player, e)))
            .collect()
    }

    /// Each seated player's `(start, end)`, L, N, then G and M when given.
    fn ends(&self) -> Vec<(usize, usize)> {
        self.seated()
            .into_iter()
            .map(|(_, e)| (e.start, e.end))
            .collect()
    }
}

/// Where a player's pieces enter and leave the track.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct PatolliEnds {
    /// The square pieces are placed on.
    pub start: usize,
    /// The square pieces score on.
    pub end: usize,
}

/// The Penguins layout fields: how boards are drawn (each has a default), or a fixed board.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct PenguinsLayout {
    /// The board's name in the menu; the file's name without `.ron` when left out.
    #[serde(default, skip_serializing_if = "String::is_empty")]
    pub name: String,
    /// Rows of a drawn board (4 to 20).
    #[serde(default = "default_penguins_side")]
    pub rows: u16,
    /// Columns of a drawn board (4 to 20).
    #[serde(default = "default_penguins_side")]
    pub cols: u16,
    /// The share of water on a drawn board (0 to 0.6).
    #[serde(default = "default_water")]
    pub water: f64,
    /// Relative weights of floes with 1, 2 and 3 fish on a drawn board.
    #[serde(default = "default_fish_weights")]
    pub fish_weights: [u32; 3],
    /// A fixed board instead: one string per row, a digit per field (0 water, 1-3 fish).
    #[serde(default)]
    pub board: Option<Vec<String>>,
    /// Square fields (the default) or hexagonal floes, every odd row half a floe to the right.
    #[serde(default, skip_serializing_if = "Grid::is_square")]
    pub grid: Grid,
}

fn default_penguins_side() -> u16 {
    Generator::default().rows
}

fn default_water() -> f64 {
    Generator::default().water
}

fn default_fish_weights() -> [u32; 3] {
    Generator::default().fish_weights
}

/// Values of a layout that parse but make no game, each about one field of the layout.
#[derive(Debug, Clone, PartialEq, thiserror::Error)]
pub enum LayoutFault {
    /// The cave's size or line length.
    #[error(transparent)]
    Cave(#[from] CaveConfigError),
    /// Patolli's dice.
    #[error(transparent)]
    Dice(#[from] DiceError),
    /// Patolli's track.
    #[error(transparent)]
    Track(#[from] TrackError),
    /// A drawn Penguins board's side.
    #[error("{field} must be {MIN_DRAWN_SIDE} to {MAX_DRAWN_SIDE}, not {side}")]
    Side {
        /// `rows` or `cols`.
        field: &'static str,
        /// The value.
        side: u16,
    },
    /// The share of water.
    #[error("water is a share from 0 to {MAX_WATER}, not {0}")]
    Water(f64),
    /// Fish weights too large to add up.
    #[error("the fish weights add up to more than {}", u32::MAX)]
    FishWeightsOverflow,
    /// Fish weights all 0.
    #[error("at least one fish weight must be above 0")]
    NoFishWeight,
    /// A fixed board's size.
    #[error(
        "a fixed board has {MIN_FIXED_SIDE} to {MAX_FIXED_SIDE} rows of {MIN_FIXED_SIDE} to \
         {MAX_FIXED_SIDE} fields; this one is {rows} rows of {cols}"
    )]
    BoardSize {
        /// Its rows.
        rows: usize,
        /// Its first row's fields.
        cols: usize,
    },
    /// A fixed board's row of another length.
    #[error("row {row} has {fields} fields; row 0 has {cols}")]
    RowLength {
        /// The row.
        row: usize,
        /// Its fields.
        fields: usize,
        /// Row 0's fields.
        cols: usize,
    },
    /// A field of a fixed board that is not 0 to 3 fish.
    #[error("row {row}, field {col}: `{found}` is not 0 to 3 fish")]
    Fish {
        /// The row.
        row: usize,
        /// The field.
        col: usize,
        /// What it holds.
        found: char,
    },
    /// A fixed board with fewer one-fish floes than the smallest match's penguins.
    #[error(
        "the board has only {0} one-fish floe; the smallest match (2 players, 1 penguin \
         each) needs {MIN_PENGUINS}"
    )]
    TooFewOnes(usize),
    /// A fixed board without a one-fish floe.
    #[error("the board has no one-fish floe to place a penguin on")]
    NoOneFishFloe,
    /// A drawn board with fewer fields than the match's penguins.
    #[error("a {cols}x{rows} board has {capacity} fields, too few for {penguins} penguins")]
    TooFewFields {
        /// Its columns.
        cols: u16,
        /// Its rows.
        rows: u16,
        /// Its fields.
        capacity: usize,
        /// The match's penguins.
        penguins: usize,
    },
    /// A fixed board with fewer one-fish floes than the match's penguins.
    #[error(
        "the board has {capacity} one-fish floes, too few for {penguins} penguins (each \
         penguin is placed on its own one-fish floe)"
    )]
    TooFewFloes {
        /// Its one-fish floes.
        capacity: usize,
        /// The match's penguins.
        penguins: usize,
    },
    /// A fourth Patolli player without a third.
    #[error("player M sits on a board for four: give player G too")]
    FourthWithoutThird,
    /// A first player the board does not seat.
    #[error("first_player {0} is not seated on this board (its players: {1})")]
    FirstPlayerNotSeated(PatolliPlayer, String),
    /// A Patolli track its players' pieces could fill: then nobody could move, for ever.
    #[error(
        "the track has {squares} squares and its {players} players have {pieces} pieces: a \
         track needs more squares than pieces, or the pieces can fill it and nobody can move"
    )]
    TrackFillable {
        /// Its squares.
        squares: usize,
        /// The players it seats.
        players: usize,
        /// Their pieces together.
        pieces: usize,
    },
}

impl LayoutFault {
    /// The layout field at fault.
    pub fn field(&self) -> &'static str {
        match self {
            LayoutFault::Cave(CaveConfigError::Width(_) | CaveConfigError::NoLine) => "width",
            LayoutFault::Cave(CaveConfigError::Height(_)) => "height",
            LayoutFault::Cave(_) => "win_length",
            LayoutFault::Dice(_) => "dice",
            LayoutFault::Track(e) => e.field(),
            LayoutFault::Side { field, .. } => field,
            LayoutFault::Water(_) => "water",
            LayoutFault::FishWeightsOverflow | LayoutFault::NoFishWeight => "fish_weights",
            LayoutFault::TooFewFields { .. } => "rows",
            LayoutFault::FourthWithoutThird => "players",
            LayoutFault::FirstPlayerNotSeated(..) => "first_player",
            LayoutFault::TrackFillable { .. } => "track",
            LayoutFault::BoardSize { .. }
            | LayoutFault::RowLength { .. }
            | LayoutFault::Fish { .. }
            | LayoutFault::TooFewOnes(_)
            | LayoutFault::NoOneFishFloe
            | LayoutFault::TooFewFloes { .. } => "board",
        }
    }
}

/// A checked Penguins layout: boards are drawn from a seed, or the board is fixed.
#[derive(Debug, Clone, PartialEq)]
pub enum PenguinsSetup {
    /// Draw each board with these settings.
    Generated(Generator),
    /// Always this board.
    Fixed(FloeBoard),
}

impl PenguinsSetup {
    /// The most penguins a match on this layout can place: the one-fish floes of a fixed
    /// board; every field of a drawn one (the generator turns fields into one-fish floes as
    /// needed).
    pub fn capacity(&self) -> usize {
        match self {
            PenguinsSetup::Generated(generator) => {
                usize::from(generator.rows) * usize::from(generator.cols)
            }
            PenguinsSetup::Fixed(board) => board.placement_floes().len(),
        }
    }

    /// Whether `penguins` penguins in all (players times penguins each) fit on this layout's
    /// boards, and why not.
    ///
    /// # Errors
    /// [`LayoutFault::TooFewFields`] or [`LayoutFault::TooFewFloes`].
    pub fn check_fits(&self, penguins: usize) -> Result<(), LayoutFault> {
        let capacity = self.capacity();
        if penguins <= capacity {
            return Ok(());
        }
        Err(match self {
            PenguinsSetup::Generated(g) => LayoutFault::TooFewFields {
                cols: g.cols,
                rows: g.rows,
                capacity,
                penguins,
            },
            PenguinsSetup::Fixed(_) => LayoutFault::TooFewFloes { capacity, penguins },
        })
    }

    /// The shape of the floes of this layout's boards.
    pub fn grid(&self) -> Grid {
        match self {
            PenguinsSetup::Generated(generator) => generator.grid,
            PenguinsSetup::Fixed(board) => board.grid(),
        }
    }

    /// The board of a match: drawn from `seed` with `needed_ones` one-fish floes, or fixed.
    pub fn board(&self, seed: u64, needed_ones: usize) -> FloeBoard {
        match self {
            PenguinsSetup::Generated(generator) => generator.generate(seed, needed_ones),
            PenguinsSetup::Fixed(board) => board.clone(),
        }
    }
}

impl PenguinsLayout {
    /// Every fault of these fields, in the order checked.
    fn faults(&self) -> Vec<LayoutFault> {
        if let Some(rows) = &self.board {
            return fixed_board_faults(rows, self.grid);
        }
        let mut faults = Vec::new();
        for (field, side) in [("rows", self.rows), ("cols", self.cols)] {
            if !(MIN_DRAWN_SIDE..=MAX_DRAWN_SIDE).contains(&side) {
                faults.push(LayoutFault::Side { field, side });
            }
        }
        if !(0.0..=MAX_WATER).contains(&self.water) {
            faults.push(LayoutFault::Water(self.water));
        }
        let sum = self
            .fish_weights
            .iter()
            .try_fold(0u32, |sum, &w| sum.checked_add(w));
        match sum {
            None => faults.push(LayoutFault::FishWeightsOverflow),
            Some(0) => faults.push(LayoutFault::NoFishWeight),
            Some(_) => {}
        }
        faults
    }

    /// The checked setup; [`PenguinsLayout::faults`] must be empty.
    fn setup(&self) -> Result<PenguinsSetup, LayoutFault> {
        if let Some(first) = self.faults().into_iter().next() {
            return Err(first);
        }
        if let Some(rows) = &self.board {
            return painted_board(rows, self.grid).map(PenguinsSetup::Fixed);
        }
        Ok(PenguinsSetup::Generated(Generator {
            rows: self.rows,
            cols: self.cols,
            water: self.water,
            fish_weights: self.fish_weights,
            grid: self.grid,
        }))
    }
}

/// Penguins in the smallest match: two players with one penguin each.
const MIN_PENGUINS: usize = 2;
/// The fewest rows or columns of a drawn Penguins board.
pub const MIN_DRAWN_SIDE: u16 = 4;
/// The most rows or columns of a drawn Penguins board.
pub const MAX_DRAWN_SIDE: u16 = 20;
/// The largest share of water on a drawn Penguins board.
pub const MAX_WATER: f64 = 0.6;
/// The fewest rows or fields a row of a fixed (painted) Penguins board has.
pub const MIN_FIXED_SIDE: usize = 2;
/// The most rows or fields a row of a fixed (painted) Penguins board has.
pub const MAX_FIXED_SIDE: usize = 20;

/// Every fault of a fixed board's rows of digits: their painting's, else too few one-fish
/// floes to place the smallest match's penguins.
fn fixed_board_faults(rows: &[String], grid: Grid) -> Vec<LayoutFault> {
    let faults = painted_board_faults(rows);
    if !faults.is_empty() {
        return faults;
    }
    match painted_board(rows, grid).map(|board| board.placement_floes().len()) {
        Ok(0) => vec![LayoutFault::NoOneFishFloe],
        Ok(ones) if ones < MIN_PENGUINS => vec![LayoutFault::TooFewOnes(ones)],
        Ok(_) => Vec::new(),
        Err(fault) => vec![fault],
    }
}

/// Every fault of rows of digits as a painted board: its size, each row of another length,
/// each field that is not 0 to 3 fish.
pub fn painted_board_faults(rows: &[String]) -> Vec<LayoutFault> {
    let mut faults = Vec::new();
    let height = rows.len();
    let width = rows.first().map_or(0, |r| r.trim().chars().count());
    let sides = MIN_FIXED_SIDE..=MAX_FIXED_SIDE;
    if !sides.contains(&height) || !sides.contains(&width) {
        faults.push(LayoutFault::BoardSize {
            rows: height,
            cols: width,
        });
    }
    for (r, row) in rows.iter().enumerate() {
        let row = row.trim();
        if row.chars().count() != width {
            faults.push(LayoutFault::RowLength {
                row: r,
                fields: row.chars().count(),
                cols: width,
            });
        }
        for (c, ch) in row.chars().enumerate() {
            if ch.to_digit(10).is_none_or(|d| d > u32::from(MAX_FISH)) {
                faults.push(LayoutFault::Fish {
                    row: r,
                    col: c,
                    found: ch,
                });
            }
        }
    }
    faults
}

/// The board that rows of digits paint (2 to 20 rows of 2 to 20 fields, 0 to 3 fish each), as
/// they are: whether penguins can be placed on it is [`validate`]'s to say.
///
/// # Errors
/// The first of [`painted_board_faults`]: [`LayoutFault::BoardSize`],
/// [`LayoutFault::RowLength`] or [`LayoutFault::Fish`].
pub fn painted_board(rows: &[String], grid: Grid) -> Result<FloeBoard, LayoutFault> {
    if let Some(first) = painted_board_faults(rows).into_iter().next() {
        return Err(first);
    }
    let height = rows.len();
    let width = rows.first().map_or(0, |r| r.trim().chars().count());
    let mut board = FloeBoard::water_on(grid, height as u16, width as u16);
    for (r, row) in rows.iter().enumerate() {
        for (c, ch) in row.trim().chars().enumerate() {
            // Every field is a digit 0 to 3: checked above.
            let fish = ch.to_digit(10).unwrap_or(0) as u8;
            board.set(Pos::new(r as u16, c as u16), Field::floe(fish));
        }
    }
    Ok(board)
}

impl Layout {
    /// The layout of a Magnetic Cave of `config`.
    pub fn of_cave(config: CaveConfig) -> Layout {
        Layout::MagneticCave(CaveLayout {
            name: String::new(),
            width: u32::from(config.width()),
            height: u32::from(config.height()),
            win_length: u32::from(config.win_length()),
        })
    }

    /// The layout of a Patolli board with its rule options.
    pub fn of_patolli(setup: &PatolliSetup) -> Layout {
        let track = &setup.track;
        let ends = |player: PatolliPlayer| PatolliEnds {
            start: track.start(player),
            end: track.end(player),
        };
        let seated = |player: PatolliPlayer| track.seats(player).then(|| ends(player));
        Layout::Patolli(PatolliLayout {
            name: String::new(),
            track: track.cells().to_vec(),
            middle: track.middle().to_vec(),
            arm_ends: track.arm_ends().to_vec(),
            triangles: track.triangles().to_vec(),
            players: PatolliPlayers {
                l: ends(PatolliPlayer::L),
                n: ends(PatolliPlayer::N),
                g: seated(PatolliPlayer::G),
                m: seated(PatolliPlayer::M),
            },
            rules: setup.rules,
        })
    }

    /// The layout of a fixed Penguins board (as it is before the first placement).
    pub fn of_penguins_board(board: &FloeBoard) -> Layout {
        let rows = (0..board.rows())
            .map(|r| {
                (0..board.cols())
                    .map(|c| char::from(b'0' + board.get(Pos::new(r, c)).fish.min(9)))
                    .collect()
            })
            .collect();
        let defaults = Generator::default();
        Layout::Penguins(PenguinsLayout {
            name: String::new(),
            rows: board.rows(),
            cols: board.cols(),
            water: defaults.water,
            fish_weights: defaults.fish_weights,
            board: Some(rows),
            grid: board.grid(),
        })
    }
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
#[derive(Debug, Clone, PartialEq, thiserror::Error)]
#[error("{file}:{line}:{column}: {problem}")]
pub struct LayoutError {
    /// The file, as it was named.
    pub file: String,
    /// Line of the problem, from 1.
    pub line: usize,
    /// Column of the problem, from 1.
    pub column: usize,
    /// What is wrong, typed: the window words it in its language, the command line in
    /// English (its `Display`).
    pub problem: LayoutProblem,
}

/// What is wrong with a designer's file (a layout, a record, a puzzle set, the menu's
/// memory), as a value until it is shown.
#[derive(Debug, Clone, PartialEq, thiserror::Error)]
pub enum LayoutProblem {
    /// The text is no RON value of the file's kind (RON's own reading of it).
    #[error(transparent)]
    Syntax(ron::error::Error),
    /// The file cannot be read.
    #[error(transparent)]
    Unreadable(ReadFault),
    /// The values make no game.
    #[error(transparent)]
    Fault(LayoutFault),
    /// The values make a game the board editor cannot draw.
    #[error("the editor cannot draw this board: {0}")]
    Undrawable(LayoutFault),
    /// The file is a layout of another game than the one it is used for.
    #[error("this is a layout for {}, not for {}", found.title(), wanted.title())]
    OtherGame {
        /// The file's game.
        found: GameKind,
        /// The game it was asked for.
        wanted: GameKind,
    },
    /// A puzzle of a puzzle set does not hold.
    #[error("puzzle `{name}` refused: {reason}")]
    Puzzle {
        /// The puzzle's name.
        name: String,
        /// Why.
        reason: PuzzleRefusal,
    },
}

/// Why a file was not read, without the I/O error itself (which is neither `Clone` nor
/// comparable): its kind and the system's error number.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum ReadFault {
    /// It cannot be opened or read.
    Io {
        /// What kind of failure.
        kind: std::io::ErrorKind,
        /// The system's error number, when the system gave one.
        os_code: Option<i32>,
    },
    /// A folder, a device, a pipe or a socket.
    NotAFile,
    /// Larger than its kind of file can be.
    TooLarge {
        /// The most that is read.
        limit: u64,
    },
}

impl From<&ReadError> for ReadFault {
    fn from(error: &ReadError) -> ReadFault {
        match error {
            ReadError::Io(e) => ReadFault::Io {
                kind: e.kind(),
                os_code: e.raw_os_error(),
            },
            ReadError::NotAFile => ReadFault::NotAFile,
            ReadError::TooLarge { limit } => ReadFault::TooLarge { limit: *limit },
        }
    }
}

impl fmt::Display for ReadFault {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match *self {
            ReadFault::Io {
                os_code: Some(code),
                ..
            } => write!(
                f,
                "cannot read the file: {}",
                std::io::Error::from_raw_os_error(code)
            ),
            ReadFault::Io { kind, .. } => write!(f, "cannot read the file: {kind}"),
            ReadFault::NotAFile => f.write_str("not a regular file"),
            ReadFault::TooLarge { limit } => write!(f, "too large: more than {limit} bytes"),
        }
    }
}

impl std::error::Error for ReadFault {}

/// A valid layout together with the rules configuration it makes.
#[derive(Debug, Clone, PartialEq)]
pub enum GameSetup {
    /// A Magnetic Cave ready to play.
    MagneticCave(CaveConfig),
    /// A Patolli board ready to play.
    Patolli(PatolliSetup),
    /// Penguins boards ready to draw (or a fixed one).
    Penguins(PenguinsSetup),
}

impl GameSetup {
    /// The game it sets up.
    pub fn game(&self) -> GameKind {
        match self {
            GameSetup::MagneticCave(_) => GameKind::MagneticCave,
            GameSetup::Patolli(_) => GameKind::Patolli,
            GameSetup::Penguins(_) => GameKind::Penguins,
        }
    }

    /// The Magnetic Cave configuration, if this is one.
    pub fn cave(&self) -> Option<CaveConfig> {
        match self {
            GameSetup::MagneticCave(config) => Some(*config),
            _ => None,
        }
    }
}

/// Reads a RON value of the designers' files (layouts, match records) from `text`, naming the
/// file `file` and the syntax error's line and column when it does not parse.
///
/// # Errors
/// [`LayoutError`] at the offending token.
pub(crate) fn read_ron<T: serde::de::DeserializeOwned>(
    file: &str,
    text: &str,
) -> Result<T, LayoutError> {
    // `G: (start: 38, end: 36)` for an optional player, as well as `Some(…)`.
    let options = ron::Options::default().with_default_extension(
        ron::extensions::Extensions::UNWRAP_VARIANT_NEWTYPES
            | ron::extensions::Extensions::IMPLICIT_SOME,
    );
    options.from_str(text).map_err(|e| LayoutError {
        file: file.to_string(),
        line: e.span.start.line,
        column: e.span.start.col,
        problem: LayoutProblem::Syntax(e.code),
    })
}

/// The bytes of the layout or record file at `path` (a regular file of at most
/// [`LAYOUT_LIMIT`] bytes, or a built-in board at `<built-in>/NAME.ron`), or an error at its
/// 1:1.
///
/// # Errors
/// [`LayoutError`] when the file is not a regular file, is too large or cannot be read.
pub(crate) fn read_file(path: &Path) -> Result<Vec<u8>, LayoutError> {
    if let Some(text) = crate::levels::built_in_at(path) {
        return Ok(text.as_bytes().to_vec());
    }
    read_limited(path, LAYOUT_LIMIT).map_err(|e| unreadable(path, &e))
}

/// `error`, which kept the file at `path` from being read, at the file's 1:1.
pub fn unreadable(path: &Path, error: &ReadError) -> LayoutError {
    LayoutError {
        file: path.display().to_string(),
        line: 1,
        column: 1,
        problem: LayoutProblem::Unreadable(error.into()),
    }
}

/// Reads and checks the layout in `source`, naming it `file` in errors.
///
/// # Errors
/// [`LayoutError`] for a syntax error, an unknown or missing field, or values that make no game.
pub fn parse(file: &str, source: &[u8]) -> Result<GameSetup, LayoutError> {
    let text = String::from_utf8_lossy(source);
    let layout: Layout = read_ron(file, &text)?;
    validate(&layout).map_err(|fault| {
        let (line, column) = locate_field(&text, fault.field());
        LayoutError {
            file: file.to_string(),
            line,
            column,
            problem: LayoutProblem::Fault(fault),
        }
    })
}

/// `fault` of the layout file at `path`, placed at its field's line and column (1:1 when the
/// file cannot be read or does not name the field).
pub fn error_at_field(path: &Path, fault: &LayoutFault) -> LayoutError {
    let text = read_limited(path, LAYOUT_LIMIT)
        .map(|bytes| String::from_utf8_lossy(&bytes).into_owned())
        .unwrap_or_default();
    let (line, column) = locate_field(&text, fault.field());
    LayoutError {
        file: path.display().to_string(),
        line,
        column,
        problem: LayoutProblem::Fault(fault.clone()),
    }
}

/// A layout file found in the levels in use, as the menu offers it.
#[derive(Debug, Clone, PartialEq)]
pub struct Board {
    /// Its path (`<built-in>/NAME.ron` for a built-in one).
    pub path: PathBuf,
    /// Its file's name, as the levels folder knows it.
    pub file_name: String,
    /// Its name: the layout's `name:`, else the file's name without `.ron`.
    pub name: String,
    /// The game it is for, when it parses that far.
    pub game: Option<GameKind>,
    /// The setup it makes, or what is wrong with it.
    pub setup: Result<GameSetup, LayoutError>,
}

/// The boards of `levels`: every layout file of the folder, then the built-in boards it
/// lacks, each read and checked (a broken one is listed with its error).
pub fn boards(levels: &crate::levels::Levels) -> Vec<Board> {
    crate::levels::layout_files(levels)
        .into_iter()
        .map(|path| {
            let file_name = path
                .file_name()
                .map(|n| n.to_string_lossy().into_owned())
                .unwrap_or_default();
            let stem = file_name.trim_end_matches(".ron").to_string();
            let shown = path.display().to_string();
            let text = read_file(&path).map(|bytes| String::from_utf8_lossy(&bytes).into_owned());
            let layout = text
                .as_ref()
                .ok()
                .and_then(|text| read_ron::<Layout>(&shown, text).ok());
            let setup = text.and_then(|text| parse(&shown, text.as_bytes()));
            Board {
                name: layout
                    .as_ref()
                    .and_then(|l| l.name().map(str::to_string))
                    .unwrap_or(stem),
                game: layout.as_ref().map(Layout::game),
                file_name,
                path,
                setup,
            }
        })
        .collect()
}

/// Reads and checks the layout file at `path`.
///
/// # Errors
/// [`LayoutError`] when the file cannot be read (at 1:1) or [`parse`] refuses it.
pub fn load(path: &Path) -> Result<GameSetup, LayoutError> {
    parse(&path.display().to_string(), &read_file(path)?)
}

/// Every value of `layout` that keeps it from making a game, each naming its field, in the
/// order they are checked: the one judge of a layout (the loader, `check-layout` and the
/// editor all ask it). Empty when the layout makes a game.
pub fn faults(layout: &Layout) -> Vec<LayoutFault> {
    match layout {
        Layout::MagneticCave(cave) => cave
            .config()
            .err()
            .map(LayoutFault::Cave)
            .into_iter()
            .collect(),
        Layout::Patolli(board) => patolli_faults(board),
        Layout::Penguins(penguins) => penguins.faults(),
    }
}

/// Checks values that parse but may make no game.
///
/// # Errors
/// The first of [`faults`], which names the field at fault.
pub fn validate(layout: &Layout) -> Result<GameSetup, LayoutFault> {
    match layout {
        Layout::MagneticCave(cave) => Ok(GameSetup::MagneticCave(cave.config()?)),
        Layout::Patolli(board) => patolli_setup(board),
        Layout::Penguins(penguins) => penguins.setup().map(GameSetup::Penguins),
    }
}

/// Every fault of a Patolli layout: its dice, its players, its track (each square and special
/// square), a track its pieces could fill, a first player not seated.
fn patolli_faults(board: &PatolliLayout) -> Vec<LayoutFault> {
    let mut faults = Vec::new();
    if let Err(fault) = board.rules.dice.check() {
        faults.push(LayoutFault::Dice(fault));
    }
    if board.players.m.is_some() && board.players.g.is_none() {
        faults.push(LayoutFault::FourthWithoutThird);
        return faults;
    }
    let seated: Vec<PatolliPlayer> = board.players.seated().iter().map(|(p, _)| *p).collect();
    faults.extend(
        Track::faults(
            &board.track,
            &board.middle,
            &board.arm_ends,
            &board.triangles,
            &board.players.ends(),
        )
        .into_iter()
        .map(LayoutFault::Track),
    );
    let pieces = seated.len() * PIECES_PER_PLAYER;
    if board.track.len() >= 4 && board.track.len() <= pieces {
        faults.push(LayoutFault::TrackFillable {
            squares: board.track.len(),
            players: seated.len(),
            pieces,
        });
    }
    let first = PatolliPlayer::from(board.rules.first_player);
    if !seated.contains(&first) {
        let players: Vec<String> = seated.iter().map(|p| p.to_string()).collect();
        faults.push(LayoutFault::FirstPlayerNotSeated(first, players.join(", ")));
    }
    faults
}

/// The checked setup of a Patolli layout.
fn patolli_setup(board: &PatolliLayout) -> Result<GameSetup, LayoutFault> {
    if let Some(first) = patolli_faults(board).into_iter().next() {
        return Err(first);
    }
    let track = Track::new(
        board.track.clone(),
        board.middle.clone(),
        board.arm_ends.clone(),
        board.triangles.clone(),
        &board.players.ends(),
    )?;
    Ok(GameSetup::Patolli(PatolliSetup {
        track: Arc::new(track),
        rules: board.rules,
    }))
}

/// The line and column (from 1) of the value of `field` in RON `text`: the first
/// `field` identifier followed by `:` outside comments; 1:1 if there is none.
pub(crate) fn locate_field(text: &str, field: &str) -> (usize, usize) {
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
            GameSetup::Penguins(PenguinsSetup::Generated(g)) => {
                write!(
                    f,
                    "Penguins, {}x{} {}boards drawn from a seed",
                    g.cols,
                    g.rows,
                    g.grid.prefix()
                )
            }
            GameSetup::Penguins(PenguinsSetup::Fixed(b)) => {
                write!(
                    f,
                    "Penguins, a fixed {}x{} {}board",
                    b.cols(),
                    b.rows(),
                    b.grid().prefix()
                )
            }
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
