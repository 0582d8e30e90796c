//! Replaying a match record from its start: the setup the record makes
//! ([`Match::setup_from_record`], with every check of a setup), its starting position
//! ([`Match::initial`], the one start every front end shares), then its entries. Reading a
//! record file is here too, since a file is checked by replaying it.

use std::path::Path;

use crate::fair_dice::DiceError;
use crate::layout::{self, LayoutError, locate_field};
use crate::record::{Effects, Entry, Place, Record, ReplayError, Replayed, locate_entry};
use crate::rules::{GameKind, magnetic_cave, patolli, penguins};
use crate::setup::{Match, Rolls, SetupError};

/// Why a record does not replay: its fields make no match, or an entry does not fit.
#[derive(Debug, Clone, thiserror::Error)]
pub enum RecordError<G: Match> {
    /// Its fields make no match of its game.
    #[error(transparent)]
    Setup(SetupError),
    /// Its entries do not replay.
    #[error(transparent)]
    Replay(#[from] ReplayError<G>),
    /// Its players' seeds do not make its seed.
    #[error("dice: {0}")]
    Dice(DiceError),
    /// A roll that does not follow from the players' seeds: chosen, not rolled.
    #[error("the roll {found} does not follow from the players' seeds (they roll {expected})")]
    RollNotFromSeeds {
        /// The entry's index.
        entry: usize,
        /// What the seeds roll there.
        expected: u8,
        /// What the record says.
        found: u8,
    },
}

impl<G: Match> RecordError<G> {
    /// Where the record is wrong: a field, or an entry of `moves`.
    pub fn place(&self) -> Place {
        match self {
            RecordError::Setup(e) => Place::Field(e.record_field()),
            RecordError::Replay(e) => e.place(),
            RecordError::Dice(_) => Place::Field("dice"),
            RecordError::RollNotFromSeeds { entry, .. } => Place::Entry(*entry),
        }
    }
}

/// The setup `record` makes and the positions after each of its entries, from the start
/// that setup makes; the last position is where the match stands.
///
/// # Errors
/// [`RecordError`], with its place.
pub fn replay<G: Match>(record: &Record) -> Result<(G::Setup, Vec<G>), RecordError<G>> {
    record.check_fields::<G>()?;
    let setup = G::setup_from_record(record).map_err(RecordError::Setup)?;
    let positions = record.replay_from(G::initial(&setup))?;
    check_dice(record, &positions)?;
    Ok((setup, positions))
}

/// For a record with the players' seeds ([`Record::dice`]): checks that they make its seed
/// and that every roll is the one the dice drawn from that seed show (`positions` are the
/// start and the position after each entry, as [`Record::replay_from`] gives them).
///
/// # Errors
/// [`RecordError::Dice`], [`RecordError::RollNotFromSeeds`].
pub fn check_dice<G: Match>(record: &Record, positions: &[G]) -> Result<(), RecordError<G>> {
    let Some(dice) = &record.dice else {
        return Ok(());
    };
    dice.check(record.seed).map_err(RecordError::Dice)?;
    let mut rolls = Rolls::new(record.seed.unwrap_or(0), Vec::new());
    for (entry, moved) in record.moves.iter().enumerate() {
        let Entry::Roll(found) = *moved else {
            continue;
        };
        let expected = positions
            .get(entry)
            .and_then(|before| rolls.next(before))
            .unwrap_or(u8::MAX);
        if expected != found {
            return Err(RecordError::RollNotFromSeeds {
                entry,
                expected,
                found,
            });
        }
    }
    Ok(())
}

/// [`replay`], and for each entry what it did: the action and its effect for an action,
/// `None` for a roll.
///
/// # Errors
/// [`RecordError`], with its place.
pub fn replay_effects<G: Match>(record: &Record) -> Result<(Vec<G>, Effects<G>), RecordError<G>> {
    record.check_fields::<G>()?;
    let setup = G::setup_from_record(record).map_err(RecordError::Setup)?;
    let (positions, effects) = record.replay_effects_from(G::initial(&setup))?;
    check_dice(record, &positions)?;
    Ok((positions, effects))
}

/// Why a record of any game does not replay.
#[derive(Debug, Clone, thiserror::Error)]
pub enum AnyRecordError {
    /// A Magnetic Cave record's.
    #[error(transparent)]
    MagneticCave(RecordError<magnetic_cave::State>),
    /// A Patolli record's.
    #[error(transparent)]
    Patolli(RecordError<patolli::State>),
    /// A Penguins record's.
    #[error(transparent)]
    Penguins(RecordError<penguins::State>),
}

impl From<RecordError<magnetic_cave::State>> for AnyRecordError {
    fn from(error: RecordError<magnetic_cave::State>) -> Self {
        AnyRecordError::MagneticCave(error)
    }
}

impl From<RecordError<patolli::State>> for AnyRecordError {
    fn from(error: RecordError<patolli::State>) -> Self {
        AnyRecordError::Patolli(error)
    }
}

impl From<RecordError<penguins::State>> for AnyRecordError {
    fn from(error: RecordError<penguins::State>) -> Self {
        AnyRecordError::Penguins(error)
    }
}

impl AnyRecordError {
    /// Where the record is wrong: a field, or an entry of `moves`.
    pub fn place(&self) -> Place {
        match self {
            AnyRecordError::MagneticCave(e) => e.place(),
            AnyRecordError::Patolli(e) => e.place(),
            AnyRecordError::Penguins(e) => e.place(),
        }
    }
}

/// A record file that cannot be used, and where the problem is.
#[derive(Debug, Clone, thiserror::Error)]
pub enum RecordFileError {
    /// It cannot be read, or is no record as RON goes.
    #[error(transparent)]
    File(#[from] LayoutError),
    /// It reads, but does not replay.
    #[error("{file}:{line}:{column}: {problem}")]
    Replay {
        /// The file, as it was named.
        file: String,
        /// Line of the problem, from 1.
        line: usize,
        /// Column of the problem, from 1.
        column: usize,
        /// What is wrong (boxed: a record's errors are large, and rare).
        problem: Box<AnyRecordError>,
    },
}

/// Reads and replays the record in `source`, naming it `file` in errors.
///
/// # Errors
/// [`RecordFileError`] (FILE:LINE:COLUMN: message) for a syntax error, an unknown or missing
/// field, fields that make no match, or an entry that does not fit the rules.
pub fn parse(file: &str, source: &[u8]) -> Result<Replayed, RecordFileError> {
    let text = String::from_utf8_lossy(source);
    let record: Record = layout::read_ron(file, &text)?;
    let replayed = replayed(record).map_err(|problem| {
        let (line, column) = match problem.place() {
            Place::Field(field) => locate_field(&text, field),
            Place::Entry(index) => locate_entry(&text, index),
        };
        RecordFileError::Replay {
            file: file.to_string(),
            line,
            column,
            problem: Box::new(problem),
        }
    })?;
    Ok(replayed)
}

/// Replays `record`, whatever its game.
///
/// # Errors
/// Why an entry or field does not fit the rules.
pub fn replayed(record: Record) -> Result<Replayed, AnyRecordError> {
    Ok(match record.game {
        GameKind::MagneticCave => {
            let (_, positions) = replay(&record).map_err(AnyRecordError::MagneticCave)?;
            Replayed::MagneticCave(record, positions)
        }
        GameKind::Patolli => {
            let (_, positions) = replay(&record).map_err(AnyRecordError::Patolli)?;
            Replayed::Patolli(record, positions)
        }
        GameKind::Penguins => {
            let (_, positions) = replay(&record).map_err(AnyRecordError::Penguins)?;
            Replayed::Penguins(record, positions)
        }
    })
}

/// Reads and replays the record file at `path`.
///
/// # Errors
/// As [`parse`]; an unreadable file at 1:1.
pub fn load(path: &Path) -> Result<Replayed, RecordFileError> {
    parse(&path.display().to_string(), &layout::read_file(path)?)
}
