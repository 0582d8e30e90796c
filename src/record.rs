//! Match records: a RON file that holds a whole match, so it can be replayed, checked and
//! resumed anywhere: the game, its layout inline (a Penguins board as the fixed board it was),
//! the seats, the AI's budget, the seed, every roll and every action with the time it took,
//! and the result. Written once for all three games over [`Game`].
//!
//! ```ron
//! Record(
//!     game: Patolli,
//!     layout: Patolli(track: [...], middle: [...], ...),
//!     seats: [Human, Ai],
//!     budget: 3.0,
//!     seed: Some(5),
//!     moves: [Roll(3), Act("place A", 1200), Roll(0), Roll(4), Act("place 1", 5)],
//!     result: None,
//! )
//! ```
//!
//! A record that does not fit its rules (an illegal action, an unknown field, a roll the die
//! cannot show) is refused with FILE:LINE:COLUMN, like a layout.

use std::path::{Path, PathBuf};
use std::str::FromStr;

use serde::{Deserialize, Serialize};

use crate::ai::AiLevel;
use crate::fair_dice::FairDice;
use crate::layout::{self, GameSetup, Layout, LayoutFault, locate_field};
use crate::rules::{Game, GameKind, ParseError, Seat, magnetic_cave, patolli, penguins};

/// A whole match, as written to and read from a record file.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Record {
    /// The game.
    pub game: GameKind,
    /// The layout the match is played on, inline, with its rule options as played.
    pub layout: Layout,
    /// Who sat in each seat, in turn order (■ □; L N; A B C D).
    pub seats: Vec<Seat>,
    /// The AI's time per decision, in seconds.
    pub budget: f64,
    /// How strongly the AI seats played (left out when `Hard`, the default).
    #[serde(default, skip_serializing_if = "AiLevel::is_hard")]
    pub level: AiLevel,
    /// The seed of the match's dice (Patolli) or of its drawn board (Penguins), if any.
    #[serde(default)]
    pub seed: Option<u64>,
    /// Penguins per player (Penguins only).
    #[serde(default)]
    pub penguins: Option<u8>,
    /// The players' committed seeds the dice's seed comes from, in a match between machines
    /// (the seed must be the one they make, and every roll must follow from it).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub dice: Option<FairDice>,
    /// Where a Penguins match began when not on an empty board (a puzzle's position): the
    /// floes with the penguins on them, the fish so far and who moved first (left out
    /// otherwise).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub start: Option<penguins::Midgame>,
    /// Everything that happened, in order.
    #[serde(default)]
    pub moves: Vec<Entry>,
    /// How the match ended, once it has.
    #[serde(default)]
    pub result: Option<String>,
    /// The analysis of the match, once the window made one (left out until then; replaying
    /// ignores it).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub analysis: Option<crate::review::Analysis>,
}

/// One thing that happened in a match.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub enum Entry {
    /// The dice showed this value.
    Roll(u8),
    /// The player to move did this (in the console's words, as `Display` writes the action)
    /// after thinking this many milliseconds.
    Act(String, u64),
}

/// What each entry of a record did, in order: the action and its effect, or `None` for a roll.
pub type Effects<G> = Vec<Option<(<G as Game>::Action, <G as Game>::Effect)>>;

/// A game that can be recorded and replayed.
pub trait Recorded: Game {
    /// Why a text is no action of this game.
    type ActionError: std::error::Error + Clone + Send + Sync + 'static;
    /// The action written as `text` (as `Display` writes it).
    ///
    /// # Errors
    /// Why `text` is no action of this game.
    fn parse_action(text: &str) -> Result<Self::Action, Self::ActionError>;
    /// The result in words, once the game is over.
    fn result(&self) -> Option<String>;
}

/// A record file kept up to date as a match goes (`--record FILE`): written whole once, then
/// each new entry is added in place with one write of the entry and the closing part of the
/// file after it, so adding an entry costs the same at entry 10 and at entry 10,000, and a
/// program killed before or after that write leaves a record that loads. Anything else (an
/// undo, a result) writes the file whole again, beside it and renamed over it.
#[derive(Debug)]
pub struct RecordFile {
    path: PathBuf,
    on_disk: Option<OnDisk>,
}

/// What a [`RecordFile`] holds on disk.
#[derive(Debug)]
struct OnDisk {
    file: std::fs::File,
    /// The record's takebacks when it was written.
    takebacks: u64,
    /// The record as written, its entries included.
    record: Record,
    /// Where the part after the last entry (`]`, the result, `)`) starts.
    tail_at: u64,
    /// That part.
    tail: String,
}

impl RecordFile {
    /// The record file at `path`, not written yet.
    pub fn new(path: PathBuf) -> RecordFile {
        RecordFile {
            path,
            on_disk: None,
        }
    }

    /// Where it is written.
    pub fn path(&self) -> &Path {
        &self.path
    }

    /// Brings the file up to `record`: its new entries appended, or the file written whole.
    /// `takebacks` counts the times entries were taken out of the record
    /// ([`crate::runner::MatchRunner::takebacks`]): while it stays, the entries written are
    /// taken to be still the record's first ones (only the last is compared), so appending
    /// costs nothing that grows with the record.
    ///
    /// # Errors
    /// The I/O error; the file then holds the last record written whole or appended to.
    pub fn write(&mut self, record: &Record, takebacks: u64) -> std::io::Result<()> {
        // A file removed since (or its folder) is written whole again, or the error said.
        if let Some(disk) = &mut self.on_disk
            && self.path.is_file()
        {
            let written = disk.record.moves.len();
            if disk.takebacks == takebacks
                && disk.record.same_but_moves(record)
                && record.moves.len() >= written
                && record.moves[..written].last() == disk.record.moves.last()
            {
                for entry in &record.moves[written..] {
                    disk.append(entry)?;
                }
                return Ok(());
            }
        }
        self.on_disk = None;
        let mut shape = Record {
            moves: Vec::new(),
            ..record.clone()
        };
        let text = shape.to_ron();
        let Some(open) = text.find("moves: [").map(|at| at + "moves: [".len()) else {
            return crate::files::write_atomically(&self.path, &record.to_ron());
        };
        let (head, tail) = text.split_at(open);
        let entries: Vec<String> = record.moves.iter().map(entry_text).collect();
        let body = entries.join(", ");
        crate::files::write_atomically(&self.path, &format!("{head}{body}{tail}"))?;
        let file = std::fs::OpenOptions::new().write(true).open(&self.path)?;
        shape.moves = Vec::with_capacity(2 * record.moves.len() + 64);
        shape.moves.extend_from_slice(&record.moves);
        self.on_disk = Some(OnDisk {
            file,
            takebacks,
            record: shape,
            tail_at: (head.len() + body.len()) as u64,
            tail: tail.to_string(),
        });
        Ok(())
    }
}

impl OnDisk {
    /// Adds `entry` in place: one write of it and the part after it.
    fn append(&mut self, entry: &Entry) -> std::io::Result<()> {
        use std::io::{Seek, SeekFrom, Write};
        let separator = if self.record.moves.is_empty() {
            ""
        } else {
            ", "
        };
        let added = format!("{separator}{}", entry_text(entry));
        self.file.seek(SeekFrom::Start(self.tail_at))?;
        self.file
            .write_all(format!("{added}{}", self.tail).as_bytes())?;
        self.tail_at += added.len() as u64;
        self.record.moves.push(entry.clone());
        Ok(())
    }
}

/// An entry as the record file writes it (`Roll(3)`, `Act("D7", 120)`).
fn entry_text(entry: &Entry) -> String {
    match entry {
        Entry::Roll(value) => format!("Roll({value})"),
        Entry::Act(text, ms) => format!("Act({}, {ms})", ron_string(text)),
    }
}

/// `text` as a RON string.
fn ron_string(text: &str) -> String {
    ron::to_string(text).unwrap_or_else(|_| format!("{text:?}"))
}

/// Why a record does not replay; [`ReplayError::place`] says where.
#[derive(Debug, Clone, thiserror::Error)]
pub enum ReplayError<G: Recorded> {
    /// Its layout makes no game.
    #[error(transparent)]
    Layout(LayoutFault),
    /// Its game is not its layout's.
    #[error("the record says {record} but its layout is for {layout}")]
    OtherGame {
        /// The record's game.
        record: &'static str,
        /// The layout's game.
        layout: &'static str,
    },
    /// A budget out of range.
    #[error("the budget is more than 0 and at most 60 seconds, not {0}")]
    Budget(f64),
    /// A roll the position refuses.
    #[error("the roll {value} is refused: {reason}")]
    Roll {
        /// The entry's index.
        entry: usize,
        /// The roll.
        value: u8,
        /// Why.
        reason: G::Illegal,
    },
    /// An action where a roll is due.
    #[error("`{text}` comes before the roll that is due")]
    BeforeRoll {
        /// The entry's index.
        entry: usize,
        /// The action's text.
        text: String,
    },
    /// A text that is no action.
    #[error("{reason}")]
    Unreadable {
        /// The entry's index.
        entry: usize,
        /// Why.
        reason: G::ActionError,
    },
    /// An action the rules refuse there.
    #[error("`{text}` is illegal here: {reason}")]
    Illegal {
        /// The entry's index.
        entry: usize,
        /// The action's text.
        text: String,
        /// Why.
        reason: G::Illegal,
    },
}

impl<G: Recorded> ReplayError<G> {
    /// Where the record is wrong: a field, or an entry of `moves`.
    pub fn place(&self) -> Place {
        match self {
            ReplayError::Layout(fault) => Place::Field(fault.field()),
            ReplayError::OtherGame { .. } => Place::Field("game"),
            ReplayError::Budget(_) => Place::Field("budget"),
            ReplayError::Roll { entry, .. }
            | ReplayError::BeforeRoll { entry, .. }
            | ReplayError::Unreadable { entry, .. }
            | ReplayError::Illegal { entry, .. } => Place::Entry(*entry),
        }
    }
}

impl Record {
    /// A record of a match about to start.
    pub fn new(layout: Layout, seats: Vec<Seat>, budget: f64, seed: Option<u64>) -> Record {
        let game = match &layout {
            Layout::MagneticCave(_) => GameKind::MagneticCave,
            Layout::Patolli(_) => GameKind::Patolli,
            Layout::Penguins(_) => GameKind::Penguins,
        };
        Record {
            game,
            layout,
            seats,
            budget,
            level: AiLevel::Hard,
            seed,
            penguins: None,
            dice: None,
            moves: Vec::new(),
            result: None,
            start: None,
            analysis: None,
        }
    }

    /// The record as RON text.
    pub fn to_ron(&self) -> String {
        let pretty = ron::ser::PrettyConfig::new()
            .struct_names(true)
            .compact_arrays(true)
            .extensions(ron::extensions::Extensions::UNWRAP_VARIANT_NEWTYPES);
        match ron::ser::to_string_pretty(self, pretty) {
            Ok(text) => text + "\n",
            // Every field is plain data; serialising cannot fail.
            Err(e) => format!("// cannot write the record: {e}\n"),
        }
    }

    /// Writes the record to `path` at once (a new file then a rename), so a reader never
    /// sees half a record, also if the program is killed meanwhile.
    ///
    /// # Errors
    /// I/O errors.
    pub fn save(&self, path: &Path) -> std::io::Result<()> {
        crate::files::write_atomically(path, &self.to_ron())
    }

    /// Whether `other` is this record but for its entries.
    fn same_but_moves(&self, other: &Record) -> bool {
        self.game == other.game
            && self.layout == other.layout
            && self.seats == other.seats
            && self.budget.to_bits() == other.budget.to_bits()
            && self.level == other.level
            && self.seed == other.seed
            && self.penguins == other.penguins
            && self.result == other.result
    }

    /// Checks what the record says besides its entries and its seats: a layout that makes a
    /// game of `G`, and a budget in range.
    ///
    /// # Errors
    /// [`ReplayError::Layout`], [`ReplayError::OtherGame`] or [`ReplayError::Budget`].
    pub fn check_fields<G: Recorded>(&self) -> Result<(), ReplayError<G>> {
        let setup = layout::validate(&self.layout).map_err(ReplayError::Layout)?;
        if setup_game(&setup) != self.game || G::KIND != self.game {
            return Err(ReplayError::OtherGame {
                record: self.game.title(),
                layout: setup_game(&setup).title(),
            });
        }
        if !self.budget.is_finite() || self.budget <= 0.0 || self.budget > 60.0 {
            return Err(ReplayError::Budget(self.budget));
        }
        Ok(())
    }

    /// Replays the record from `start`, the position its setup makes
    /// (`setup::Match::initial`): the positions after each entry, the last one being where the
    /// match stands.
    ///
    /// # Errors
    /// [`ReplayError`], with its place (a field, or the entry's index).
    pub fn replay_from<G: Recorded>(&self, start: G) -> Result<Vec<G>, ReplayError<G>> {
        self.replay_effects_from(start)
            .map(|(positions, _)| positions)
    }

    /// [`Record::replay_from`], and for each entry what it did: the action and its effect
    /// for an action, `None` for a roll (for the logs of a match shown part-way).
    ///
    /// # Errors
    /// [`ReplayError`], with its place (a field, or the entry's index).
    pub fn replay_effects_from<G: Recorded>(
        &self,
        start: G,
    ) -> Result<(Vec<G>, Effects<G>), ReplayError<G>> {
        self.check_fields::<G>()?;
        let mut state = start;
        let mut positions = vec![state.clone()];
        let mut effects = Vec::with_capacity(self.moves.len());
        for (entry, played) in self.moves.iter().enumerate() {
            match played {
                Entry::Roll(value) => {
                    state.roll(*value).map_err(|reason| ReplayError::Roll {
                        entry,
                        value: *value,
                        reason,
                    })?;
                    effects.push(None);
                }
                Entry::Act(text, _) => {
                    if state.roll_due().is_some() {
                        return Err(ReplayError::BeforeRoll {
                            entry,
                            text: text.clone(),
                        });
                    }
                    let action = G::parse_action(text)
                        .map_err(|reason| ReplayError::Unreadable { entry, reason })?;
                    let effect = state.apply(action).map_err(|reason| ReplayError::Illegal {
                        entry,
                        text: text.clone(),
                        reason,
                    })?;
                    effects.push(Some((action, effect)));
                }
            }
            positions.push(state.clone());
        }
        Ok((positions, effects))
    }
}

fn setup_game(setup: &GameSetup) -> GameKind {
    match setup {
        GameSetup::MagneticCave(_) => GameKind::MagneticCave,
        GameSetup::Patolli(_) => GameKind::Patolli,
        GameSetup::Penguins(_) => GameKind::Penguins,
    }
}

/// Where in a record something is wrong.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Place {
    /// A field of the record (or of its layout).
    Field(&'static str),
    /// The entry of `moves` with this index (from 0).
    Entry(usize),
}

/// A record read from a file, replayed: the record and the positions after each entry.
#[derive(Debug, Clone)]
pub enum Replayed {
    /// A Magnetic Cave match.
    MagneticCave(Record, Vec<magnetic_cave::State>),
    /// A Patolli match.
    Patolli(Record, Vec<patolli::State>),
    /// A Penguins match.
    Penguins(Record, Vec<penguins::State>),
}

impl Replayed {
    /// The record.
    pub fn record(&self) -> &Record {
        match self {
            Replayed::MagneticCave(r, _) | Replayed::Patolli(r, _) | Replayed::Penguins(r, _) => r,
        }
    }

    /// The status line (JSON) of where the match stands.
    pub fn status_json(&self) -> String {
        match self {
            Replayed::MagneticCave(_, p) => p.last().map(|s| s.status_json()),
            Replayed::Patolli(_, p) => p.last().map(|s| s.status_json()),
            Replayed::Penguins(_, p) => p.last().map(|s| s.status_json()),
        }
        .unwrap_or_default()
    }

    /// The result in words, or where the match stands.
    pub fn summary(&self) -> String {
        let (result, count) = match self {
            Replayed::MagneticCave(r, p) => (p.last().and_then(Recorded::result), r.moves.len()),
            Replayed::Patolli(r, p) => (p.last().and_then(Recorded::result), r.moves.len()),
            Replayed::Penguins(r, p) => (p.last().and_then(Recorded::result), r.moves.len()),
        };
        format!(
            "a record of {}, {count} entries, {}",
            self.record().game.title(),
            result.unwrap_or_else(|| "not finished".to_string())
        )
    }
}

/// Whether `text` looks like a record rather than a layout (its value is `Record(…)`).
pub fn is_record(text: &str) -> bool {
    text.lines()
        .map(|line| line.split("//").next().unwrap_or("").trim())
        .find(|line| !line.is_empty() && !line.starts_with("#!["))
        .is_some_and(|line| line.starts_with("Record"))
}

/// The line and column (from 1) of entry `index` of the `moves` list in RON `text`: the
/// `index`-th `Roll(` or `Act(` after `moves:`, outside strings and comments; the `moves`
/// field itself when there are fewer.
pub(crate) fn locate_entry(text: &str, index: usize) -> (usize, usize) {
    let field = locate_field(text, "moves");
    let mut seen = 0;
    for (line_index, line) in text.lines().enumerate().skip(field.0.saturating_sub(1)) {
        let code = line.split("//").next().unwrap_or("");
        let mut in_string = false;
        let mut previous = '\0';
        for (byte, c) in code.char_indices() {
            let column = code[..byte].chars().count() + 1;
            if line_index + 1 == field.0 && column < field.1 {
                continue;
            }
            if c == '"' && previous != '\\' {
                in_string = !in_string;
            }
            previous = c;
            if in_string {
                continue;
            }
            let rest = &code[byte..];
            let starts_word = code[..byte]
                .chars()
                .next_back()
                .is_none_or(|b| !(b.is_alphanumeric() || b == '_'));
            if starts_word
                && ["Roll", "Act"].iter().any(|w| {
                    rest.strip_prefix(w)
                        .is_some_and(|after| after.trim_start().starts_with('('))
                })
            {
                if seen == index {
                    return (line_index + 1, column);
                }
                seen += 1;
            }
        }
    }
    field
}

impl Recorded for magnetic_cave::State {
    type ActionError = magnetic_cave::ParseCellError;

    fn parse_action(text: &str) -> Result<magnetic_cave::Cell, magnetic_cave::ParseCellError> {
        magnetic_cave::Cell::parse(text)
    }

    fn result(&self) -> Option<String> {
        self.outcome().map(|o| o.to_string())
    }
}

impl Recorded for patolli::State {
    type ActionError = ParseError;

    fn parse_action(text: &str) -> Result<patolli::Action, ParseError> {
        patolli::Action::from_str(text)
    }

    fn result(&self) -> Option<String> {
        self.winner()
            .map(|w| format!("Player {w} wins {}", self.scores_line()))
    }
}

impl Recorded for penguins::State {
    type ActionError = ParseError;

    fn parse_action(text: &str) -> Result<penguins::Action, ParseError> {
        penguins::Action::from_str(text)
    }

    fn result(&self) -> Option<String> {
        let winners = self.winners()?;
        let names: Vec<String> = winners
            .iter()
            .map(|&w| penguins::Player(w).to_string())
            .collect();
        Some(match names.as_slice() {
            [one] => format!("player {one} wins"),
            _ => format!("players {} tie", names.join(", ")),
        })
    }
}
