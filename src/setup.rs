//! What a match starts from, whichever front end plays it: seats, AI budget, opening moves and
//! layout. Also where the designers' `levels/` folder is found.

use std::path::{Path, PathBuf};
use std::time::Duration;

use crate::ai::DEFAULT_BUDGET;
use crate::console::penguins::PenguinsMatch;
use crate::layout::{self, GameSetup, LayoutError, PenguinsSetup};
use crate::record::Record;
use crate::rules::magnetic_cave::{Brick, Cell, Config};
use crate::rules::{GameKind, Seat};

/// How a Magnetic Cave match is set up.
#[derive(Debug, Clone, PartialEq)]
pub struct CaveMatch {
    /// The cave's shape.
    pub config: Config,
    /// Who plays ■ and □, in that order.
    pub seats: [Seat; 2],
    /// The AI's time per move.
    pub budget: Duration,
    /// Moves already played when the match starts.
    pub moves: Vec<Cell>,
}

impl CaveMatch {
    /// The seat of `player`.
    pub fn seat(&self, player: Brick) -> Seat {
        self.seats[player.index()]
    }
}

impl Default for CaveMatch {
    fn default() -> Self {
        CaveMatch {
            config: Config::STANDARD,
            seats: [Seat::Human, Seat::Human],
            budget: DEFAULT_BUDGET,
            moves: Vec::new(),
        }
    }
}

/// Reads an AI budget in seconds, such as `3` or `0.5` (more than 0, at most 60).
///
/// # Errors
/// A readable reason when the text is not such a number.
pub fn parse_budget(text: &str) -> Result<Duration, String> {
    let seconds: f64 = text
        .trim()
        .parse()
        .map_err(|_| format!("`{text}` is not a number of seconds"))?;
    if !(seconds > 0.0 && seconds <= 60.0) {
        return Err(format!(
            "the budget must be more than 0 and at most 60 seconds, not {text}"
        ));
    }
    Ok(Duration::from_secs_f64(seconds))
}

/// The folder of designers' layouts: `$TABLERO_LEVELS`, else `levels/` in the current folder,
/// else `levels/` beside the executable or one of its parents, else the source tree's.
///
/// # Errors
/// Where it looked, when none of those exists.
pub fn levels_dir() -> Result<PathBuf, String> {
    let mut tried = Vec::new();
    if let Some(dir) = std::env::var_os("TABLERO_LEVELS") {
        let dir = PathBuf::from(dir);
        if dir.is_dir() {
            return Ok(dir);
        }
        return Err(format!(
            "TABLERO_LEVELS names {}, which is not a folder",
            dir.display()
        ));
    }
    if let Ok(cwd) = std::env::current_dir() {
        tried.push(cwd.join("levels"));
    }
    if let Ok(exe) = std::env::current_exe() {
        tried.extend(exe.ancestors().skip(1).map(|dir| dir.join("levels")));
    }
    tried.push(Path::new(env!("CARGO_MANIFEST_DIR")).join("levels"));
    if let Some(found) = tried.iter().find(|dir| dir.is_dir()) {
        return Ok(found.clone());
    }
    let list: Vec<String> = tried.iter().map(|d| d.display().to_string()).collect();
    Err(format!(
        "cannot find the levels folder; looked in: {}",
        list.join(", ")
    ))
}

/// The path of `game`'s default layout in the levels folder.
///
/// # Errors
/// As [`levels_dir`].
pub fn default_layout_path(game: GameKind) -> Result<PathBuf, String> {
    Ok(levels_dir()?.join(game.default_layout_file()))
}

/// Loads the cave layout at `path`.
///
/// # Errors
/// The file's error, or an error at 1:1 when it holds another game's layout.
pub fn load_cave_layout(path: &Path) -> Result<Config, LayoutError> {
    match layout::load(path)? {
        GameSetup::MagneticCave(config) => Ok(config),
        other => Err(LayoutError {
            file: path.display().to_string(),
            line: 1,
            column: 1,
            message: format!("this is a layout for {other}, not for Magnetic Cave"),
        }),
    }
}

/// How a Patolli match is set up.
#[derive(Debug, Clone, PartialEq)]
pub struct PatolliMatch {
    /// The board and rule options.
    pub board: crate::layout::PatolliSetup,
    /// Who plays L and N, in that order.
    pub seats: [Seat; 2],
    /// The AI's time per decision.
    pub budget: Duration,
    /// The seed of the match's dice.
    pub seed: u64,
    /// The first rolls, used before the seeded dice take over (to replay a situation).
    pub scripted_rolls: Vec<u8>,
}

/// Loads the Patolli layout at `path`.
///
/// # Errors
/// The file's error, or an error at 1:1 when it holds another game's layout.
pub fn load_patolli_layout(path: &Path) -> Result<crate::layout::PatolliSetup, LayoutError> {
    match layout::load(path)? {
        GameSetup::Patolli(setup) => Ok(setup),
        other => Err(LayoutError {
            file: path.display().to_string(),
            line: 1,
            column: 1,
            message: format!("this is a layout for {other}, not for Patolli"),
        }),
    }
}

/// Loads the Penguins layout at `path`.
///
/// # Errors
/// The file's error, or an error at 1:1 when it holds another game's layout.
pub fn load_penguins_layout(path: &Path) -> Result<crate::layout::PenguinsSetup, LayoutError> {
    match layout::load(path)? {
        GameSetup::Penguins(setup) => Ok(setup),
        other => Err(LayoutError {
            file: path.display().to_string(),
            line: 1,
            column: 1,
            message: format!("this is a layout for {other}, not for Penguins"),
        }),
    }
}

/// The layout of `record`, checked (a record that replayed has a valid one).
fn record_setup(record: &Record) -> Result<GameSetup, String> {
    layout::validate(&record.layout).map_err(|(field, message)| format!("{field}: {message}"))
}

fn record_seat(record: &Record, index: usize) -> Seat {
    record.seats.get(index).copied().unwrap_or_default()
}

fn record_budget(record: &Record) -> Duration {
    Duration::try_from_secs_f64(record.budget)
        .ok()
        .filter(|b| !b.is_zero())
        .unwrap_or(DEFAULT_BUDGET)
}

/// The Magnetic Cave match a record was playing (its moves are replayed from the record).
///
/// # Errors
/// When the record is not a Magnetic Cave record with a valid layout.
pub fn cave_match_from_record(record: &Record) -> Result<CaveMatch, String> {
    let config = record_setup(record)?
        .cave()
        .ok_or_else(|| format!("this is a record of {}", record.game.title()))?;
    Ok(CaveMatch {
        config,
        seats: [record_seat(record, 0), record_seat(record, 1)],
        budget: record_budget(record),
        moves: Vec::new(),
    })
}

/// The Patolli match a record was playing. Its positions are replayed from the record's
/// entries; the dice go on from the record's seed advanced by the number of entries.
///
/// # Errors
/// When the record is not a Patolli record with a valid layout.
pub fn patolli_match_from_record(record: &Record) -> Result<PatolliMatch, String> {
    let GameSetup::Patolli(board) = record_setup(record)? else {
        return Err(format!("this is a record of {}", record.game.title()));
    };
    let entries = u64::try_from(record.moves.len()).unwrap_or(u64::MAX);
    Ok(PatolliMatch {
        board,
        seats: [record_seat(record, 0), record_seat(record, 1)],
        budget: record_budget(record),
        seed: record.seed.unwrap_or(0).wrapping_add(entries),
        scripted_rolls: Vec::new(),
    })
}

/// The Penguins match a record was playing, on the board it holds.
///
/// # Errors
/// When the record is not a Penguins record with a fixed board.
pub fn penguins_match_from_record(record: &Record) -> Result<PenguinsMatch, String> {
    let GameSetup::Penguins(PenguinsSetup::Fixed(board)) = record_setup(record)? else {
        return Err(format!(
            "this is not a Penguins record with its board: a record of {}",
            record.game.title()
        ));
    };
    Ok(PenguinsMatch {
        board,
        seats: record.seats.clone(),
        penguins: record.penguins.unwrap_or(1),
        budget: record_budget(record),
        seed: record.seed,
    })
}
