//! The terminal front end, as the assignments describe it: the board printed after every move,
//! the player prompted until a correct command is given. It reads standard input, so scripts
//! and tests can drive it.

use std::io::{self, BufRead, Write};
use std::path::PathBuf;
use std::time::Instant;

use crate::ai::{AiLevel, Deadline, SearchReport};
use crate::record::{Entry, Record};
use crate::rules::Seat;
use crate::setup::{Match, Rolls};

pub mod magnetic_cave;
pub mod patolli;
pub mod penguins;

/// What the one console loop ([`play`]) needs of a game beyond its [`Match`]: how it talks and
/// how it reads a typed command. Each game's module implements it.
pub(crate) trait ConsoleGame: Match {
    /// What the player has been shown so far, where the game prints only what changed.
    type Shown: Default;
    /// What `help` prints.
    const HELP: &'static str;

    /// The position the match starts from, after the opening lines are printed.
    ///
    /// # Errors
    /// I/O errors, and a setup that makes no game (as `InvalidInput`).
    fn begin(setup: &Self::Setup, output: &mut impl Write) -> io::Result<Self>;
    /// Draws the due roll, applies it and says what it did; returns the value applied. Games
    /// without dice never roll.
    ///
    /// # Errors
    /// I/O errors on `output`.
    fn roll_once(&mut self, rolls: &mut Rolls, output: &mut impl Write) -> io::Result<Option<u8>> {
        let _ = (rolls, output);
        Ok(None)
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
    fn parse(&self, command: &str) -> Result<Self::Action, String>;
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
#[derive(Debug, Clone, Default)]
pub struct Recording {
    /// Write the match record here as the match goes (after every roll and action).
    pub to: Option<PathBuf>,
    /// Go on from where this record stands (its positions replayed first).
    pub resume: Option<Record>,
}

/// The record as the match goes, saved after every change when it has a file.
struct Log {
    record: Record,
    to: Option<PathBuf>,
    warned: bool,
}

impl Log {
    fn push(&mut self, entry: Entry) {
        self.record.moves.push(entry);
        self.save();
    }

    fn save(&mut self) {
        let Some(path) = &self.to else {
            return;
        };
        if let Err(e) = self.record.save(path)
            && !std::mem::replace(&mut self.warned, true)
        {
            eprintln!("cannot write the record to {}: {e}", path.display());
        }
    }
}

/// Plays a match of `G` from `setup`, reading commands from `input` and writing to `output`,
/// until the game ends, the input ends, or `quit`: the one console loop of every game. Rolls
/// are drawn when due; AI seats decide within their budget; a human is asked until a command
/// is legal; `undo` goes back to the last human decision (not before the match's start).
/// With a [`Recording`], the match record is written as the match goes, and a record's match
/// is resumed where it stands. Returns the final position.
///
/// # Errors
/// Only I/O errors on `output`, a setup that makes no game and a record that does not replay
/// (as `InvalidInput`); bad input is answered and asked again.
pub(crate) fn play<G: ConsoleGame>(
    setup: &G::Setup,
    input: impl BufRead,
    output: &mut impl Write,
    recording: Recording,
) -> io::Result<G> {
    let mut state = G::begin(setup, output)?;
    let mut rolls = G::rolls(setup);
    let mut shown = G::Shown::default();
    let record = match recording.resume {
        Some(record) => {
            let positions = record
                .replay::<G>()
                .map_err(|(_, message)| io::Error::new(io::ErrorKind::InvalidInput, message))?;
            if let Some(last) = positions.into_iter().last() {
                state = last;
            }
            writeln!(output, "Resumed after {} entries.", record.moves.len())?;
            state.say_undone(&mut shown, output)?;
            record
        }
        None => G::record(setup),
    };
    let mut log = Log {
        record,
        to: recording.to,
        warned: false,
    };
    log.save();
    let mut lines = lines(input);
    // The positions at each human decision so far, with the record's length then, for undo.
    let mut decisions: Vec<(G, usize)> = Vec::new();
    let mut turn_began = Instant::now();
    loop {
        state.before_decision(&mut shown, output)?;
        if state.outcome().is_some() {
            log.record.result = state.result();
            log.save();
            state.say_end(output)?;
            return Ok(state);
        }
        if state.roll_due().is_some() {
            if let Some(value) = state.roll_once(&mut rolls, output)? {
                log.push(Entry::Roll(value));
            }
            turn_began = Instant::now();
            continue;
        }
        let Some(player) = state.to_move() else {
            return Ok(state);
        };
        if G::seat(setup, player) == Seat::Ai {
            let Some(report) = state.decide(G::level(setup), &Deadline::within(G::budget(setup)))
            else {
                return Ok(state);
            };
            if let Ok(effect) = state.apply(report.best) {
                log.push(Entry::Act(report.best.to_string(), millis(turn_began)));
                state.say_applied(
                    player,
                    report.best,
                    &effect,
                    Some((&report, G::level(setup))),
                    &mut shown,
                    output,
                )?;
            }
            turn_began = Instant::now();
            continue;
        }
        state.before_prompt(output)?;
        let prompt = state.prompt(player);
        let command = match ask(&mut lines, output, &prompt, || state.status(), G::HELP)? {
            Typed::Command(command) => command,
            Typed::Again => continue,
            Typed::End => return Ok(state),
        };
        if command.eq_ignore_ascii_case("undo") {
            match decisions.pop() {
                Some((earlier, entries)) => {
                    state = earlier;
                    log.record.moves.truncate(entries);
                    log.save();
                    state.say_undone(&mut shown, output)?;
                }
                None => writeln!(output, "Nothing to undo.")?,
            }
            turn_began = Instant::now();
            continue;
        }
        let action = match state.parse(&command) {
            Ok(action) => action,
            Err(message) => {
                writeln!(output, "{message}")?;
                continue;
            }
        };
        let before = state.clone();
        match state.apply(action) {
            Ok(effect) => {
                decisions.push((before, log.record.moves.len()));
                log.push(Entry::Act(action.to_string(), millis(turn_began)));
                state.say_applied(player, action, &effect, None, &mut shown, output)?;
                turn_began = Instant::now();
            }
            Err(reason) => state.say_refused(&reason, output)?,
        }
    }
}

fn millis(since: Instant) -> u64 {
    u64::try_from(since.elapsed().as_millis()).unwrap_or(u64::MAX)
}

/// The lines of `input`, each read as UTF-8 with anything else replaced (`U+FFFD`), so a stray
/// byte is answered like any other unknown command rather than ending the game.
pub(crate) fn lines(mut input: impl BufRead) -> impl Iterator<Item = io::Result<String>> {
    std::iter::from_fn(move || {
        let mut bytes = Vec::new();
        match input.read_until(b'\n', &mut bytes) {
            Ok(0) => None,
            Ok(_) => {
                while bytes.last().is_some_and(|&b| b == b'\n' || b == b'\r') {
                    bytes.pop();
                }
                Some(Ok(String::from_utf8_lossy(&bytes).into_owned()))
            }
            Err(e) => Some(Err(e)),
        }
    })
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
    lines: &mut impl Iterator<Item = io::Result<String>>,
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
    let line = line?;
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
