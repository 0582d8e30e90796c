//! The terminal front end, as the assignments describe it: the board printed after every move,
//! the player prompted until a correct command is given. It reads standard input, so scripts
//! and tests can drive it.

use std::io::{self, BufRead, Write};
use std::path::PathBuf;

use crate::line_reader::{BoundedLines, LineTooLong};

use crate::ai::{AiLevel, Deadline, SearchReport};
use crate::record::{Record, RecordFile};
use crate::rules::magnetic_cave::ParseCellError;
use crate::rules::{Seat, quoted};
use crate::runner::{MatchRunner, Refusal, Rolled};
use crate::setup::Match;

pub mod magnetic_cave;
pub mod patolli;
pub mod penguins;
pub mod puzzles;

/// What the one console loop ([`play`]) needs of a game beyond its [`Match`]: how it talks and
/// how it reads a typed command. Each game's module implements it.
pub(crate) trait ConsoleGame: Match {
    /// What the player has been shown so far, where the game prints only what changed.
    type Shown: Default;
    /// What `help` prints.
    const HELP: &'static str;

    /// Prints the opening lines of a match of `setup` starting from `start` (the position
    /// [`Match::initial`] makes of it: the console builds none of its own).
    ///
    /// # Errors
    /// I/O errors on `output`.
    fn begin(setup: &Self::Setup, start: &Self, output: &mut impl Write) -> io::Result<()>;
    /// Says what a roll did (`self` is the position after it). Games without dice never roll.
    ///
    /// # Errors
    /// I/O errors on `output`.
    fn say_rolled(&self, rolled: Rolled<Self::Player>, output: &mut impl Write) -> io::Result<()> {
        let _ = (rolled, output);
        Ok(())
    }
    /// What is said before each decision (a phase banner, the board when it changed).
    ///
    /// # Errors
    /// I/O errors on `output`.
    fn before_decision(&self, shown: &mut Self::Shown, output: &mut impl Write) -> io::Result<()> {
        let _ = (shown, output);
        Ok(())
    }
    /// What is said before a human's prompt (a notice such as "only pass is legal").
    ///
    /// # Errors
    /// I/O errors on `output`.
    fn before_prompt(&self, output: &mut impl Write) -> io::Result<()> {
        let _ = output;
        Ok(())
    }
    /// The prompt for `player`, on a line of its own.
    fn prompt(&self, player: Self::Player) -> String;
    /// The action a typed command asks for, or why it is not one.
    fn parse(&self, command: &str) -> Result<Self::Action, LineError>;
    /// Says what `player`'s action did (`state` is the position after it).
    ///
    /// # Errors
    /// I/O errors on `output`.
    fn say_applied(
        &self,
        player: Self::Player,
        action: Self::Action,
        effect: &Self::Effect,
        ai: Option<(&SearchReport<Self::Action>, AiLevel)>,
        shown: &mut Self::Shown,
        output: &mut impl Write,
    ) -> io::Result<()>;
    /// Says why an action was refused.
    ///
    /// # Errors
    /// I/O errors on `output`.
    fn say_refused(&self, reason: &Self::Illegal, output: &mut impl Write) -> io::Result<()> {
        writeln!(output, "Illegal: {reason}. Try again.")
    }
    /// Says that moves were taken back: the position as it is again.
    ///
    /// # Errors
    /// I/O errors on `output`.
    fn say_undone(&self, shown: &mut Self::Shown, output: &mut impl Write) -> io::Result<()>;
    /// Says how the game ended, with the status line.
    ///
    /// # Errors
    /// I/O errors on `output`.
    fn say_end(&self, output: &mut impl Write) -> io::Result<()>;
    /// The status line (`status`).
    fn status(&self) -> String;
}

/// Where a console match is recorded, and the record it resumes.
/// Why a typed line is no action of the game; the player is asked again.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum LineError {
    /// Not a cell of the cave.
    #[error("{0}. Type `help` for help.")]
    Cell(#[from] ParseCellError),
    /// `place` with an empty pool.
    #[error("Your pool is empty. Try again.")]
    EmptyPool,
    /// Not a Patolli command.
    #[error(
        "`{}` is not a command: type a piece label, place, or pass (help for more).",
        quoted(.0)
    )]
    NotACommand(String),
    /// Not numbers.
    #[error("`{}` is not coordinates: type numbers like `2 3`. Try again.", quoted(.0))]
    NotCoordinates(String),
    /// A placement needs two numbers.
    #[error("Placement takes two numbers: x y. Try again.")]
    PlacementNumbers,
    /// A move needs four numbers.
    #[error("A move takes four numbers: x1 y1 x2 y2. Try again.")]
    MoveNumbers,
}

#[derive(Debug, Clone, Default)]
pub struct Recording {
    /// Write the match record here as the match goes (after every roll and action).
    pub to: Option<PathBuf>,
    /// Go on from where this record stands (its positions replayed first).
    pub resume: Option<Record>,
}

/// Writes the record to `to`, if the match is recorded; says so once when it cannot.
fn save<G: Match>(runner: &MatchRunner<G>, to: &mut Option<RecordFile>, warned: &mut bool) {
    let Some(file) = to else {
        return;
    };
    if let Err(e) = file.write(runner.record(), runner.takebacks())
        && !std::mem::replace(warned, true)
    {
        eprintln!("cannot write the record to {}: {e}", file.path().display());
    }
}

/// Plays a match of `G` from `setup`, reading commands from `input` and writing to `output`,
/// until the game ends, the input ends, or `quit`: the one console loop of every game, over
/// the [`MatchRunner`]. Rolls are drawn when due; AI seats decide within their budget; a human
/// is asked until a command is legal; `undo` goes back to the last human decision (not before
/// the match's start). With a [`Recording`], the match record is written as the match goes,
/// and a record's match is resumed where it stands. Returns the final position.
///
/// # Errors
/// [`ConsoleError`]: I/O errors on `output`, and a record that does not replay; bad input is
/// answered and asked again.
pub(crate) fn play<G: ConsoleGame>(
    setup: &G::Setup,
    input: impl BufRead,
    output: &mut impl Write,
    recording: Recording,
) -> Result<G, ConsoleError> {
    let mut runner = match recording.resume {
        Some(record) => {
            let entries = record.moves.len();
            let runner = MatchRunner::<G>::resume(setup.clone(), record)
                .map_err(|e| ConsoleError::Record(Box::new(e)))?;
            G::begin(setup, &G::initial(setup), output)?;
            writeln!(output, "Resumed after {entries} entries.")?;
            runner
                .state()
                .say_undone(&mut G::Shown::default(), output)?;
            runner
        }
        None => {
            let runner = MatchRunner::<G>::new(setup.clone());
            G::begin(setup, runner.state(), output)?;
            runner
        }
    };
    let mut shown = G::Shown::default();
    let to = &mut recording.to.clone().map(RecordFile::new);
    let mut warned = false;
    save(&runner, to, &mut warned);
    let mut lines = lines(input);
    loop {
        runner.state().before_decision(&mut shown, output)?;
        if runner.state().outcome().is_some() {
            save(&runner, to, &mut warned);
            runner.state().say_end(output)?;
            return Ok(runner.state().clone());
        }
        if let Some(rolled) = runner.roll() {
            runner.state().say_rolled(rolled, output)?;
            save(&runner, to, &mut warned);
            continue;
        }
        let Some(player) = runner.state().to_move() else {
            return Ok(runner.state().clone());
        };
        if runner.seat(player) == Seat::Ai {
            let level = G::level(setup);
            let deadline = Deadline::within(G::budget(setup));
            let Some(report) = runner.state().decide(level, &deadline) else {
                return Ok(runner.state().clone());
            };
            if let Ok(applied) = runner.apply(report.best, Seat::Ai) {
                save(&runner, to, &mut warned);
                runner.state().say_applied(
                    player,
                    applied.action,
                    &applied.effect,
                    Some((&report, level)),
                    &mut shown,
                    output,
                )?;
            }
            continue;
        }
        runner.state().before_prompt(output)?;
        let prompt = runner.state().prompt(player);
        let state = runner.state();
        let command = match ask(&mut lines, output, &prompt, || state.status(), G::HELP)? {
            Typed::Command(command) => command,
            Typed::Again => continue,
            Typed::End => return Ok(runner.state().clone()),
        };
        if command.eq_ignore_ascii_case("undo") {
            match runner.undo() {
                Ok(_) => {
                    save(&runner, to, &mut warned);
                    runner.state().say_undone(&mut shown, output)?;
                }
                Err(_) => writeln!(output, "Nothing to undo.")?,
            }
            continue;
        }
        let action = match runner.state().parse(&command) {
            Ok(action) => action,
            Err(message) => {
                writeln!(output, "{message}")?;
                continue;
            }
        };
        match runner.apply(action, Seat::Human) {
            Ok(applied) => {
                save(&runner, to, &mut warned);
                runner.state().say_applied(
                    player,
                    applied.action,
                    &applied.effect,
                    None,
                    &mut shown,
                    output,
                )?;
            }
            Err(Refusal::Illegal(reason)) => runner.state().say_refused(&reason, output)?,
            Err(other) => writeln!(output, "{other}.")?,
        }
    }
}

/// Why a console match stopped before its end.
#[derive(Debug, thiserror::Error)]
pub enum ConsoleError {
    /// Reading the input or writing the output failed.
    #[error(transparent)]
    Io(#[from] io::Error),
    /// The record to go on from does not replay (its place and reason).
    #[error("the record does not replay: {0}")]
    Record(Box<dyn std::error::Error + Send + Sync>),
}

/// The most bytes a command line holds: far above any command; a longer line is skipped with
/// its reason and the player asked again.
pub const LINE_LIMIT: usize = 4096;

/// The lines of `input`, each at most [`LINE_LIMIT`] bytes, read as UTF-8 with anything else
/// replaced (`U+FFFD`), so a stray byte is answered like any other unknown command rather
/// than ending the game.
pub(crate) fn lines<R: BufRead>(input: R) -> BoundedLines<R> {
    BoundedLines::new(input, LINE_LIMIT)
}

/// What a player typed, once the commands every console answers alike are dealt with.
pub(crate) enum Typed {
    /// A command for the game, trimmed (its case kept).
    Command(String),
    /// Nothing for the game (a blank line, or `status` or `help`, answered already): ask again.
    Again,
    /// `quit`, or the end of input.
    End,
}

/// Prints `prompt` on a line of its own, reads one line and answers blank lines, `status`
/// (the game's JSON line from `status`), `help` (`help`) and `quit` the same way in every game.
///
/// # Errors
/// I/O errors on `lines` or `output`.
pub(crate) fn ask(
    lines: &mut impl Iterator<Item = io::Result<Result<String, LineTooLong>>>,
    output: &mut impl Write,
    prompt: &str,
    status: impl FnOnce() -> String,
    help: &str,
) -> io::Result<Typed> {
    writeln!(output, "{prompt}")?;
    output.flush()?;
    let Some(line) = lines.next() else {
        return Ok(Typed::End);
    };
    let line = match line? {
        Ok(line) => line,
        Err(too_long) => {
            writeln!(output, "{}.", capitalised(&too_long.to_string()))?;
            return Ok(Typed::Again);
        }
    };
    let command = line.trim();
    match command.to_ascii_lowercase().as_str() {
        "" => Ok(Typed::Again),
        "status" => {
            writeln!(output, "{}", status())?;
            Ok(Typed::Again)
        }
        "help" | "?" => {
            writeln!(output, "{help}")?;
            Ok(Typed::Again)
        }
        "quit" | "exit" => Ok(Typed::End),
        _ => Ok(Typed::Command(command.to_string())),
    }
}

/// `text` with its first letter in upper case.
pub(crate) fn capitalised(text: &str) -> String {
    let mut chars = text.chars();
    chars
        .next()
        .map(|first| first.to_uppercase().chain(chars).collect())
        .unwrap_or_default()
}
