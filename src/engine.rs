//! `tablero engine magnetic-cave`: the engine protocol, a line protocol on standard input and
//! output in the manner of the text protocols chess and Go engines speak, so other programs
//! (and `tablero tournament --a cmd:…`) can play against the engine. `docs/protocol.md`
//! describes it:
//!
//! ```text
//! newgame [W H K]   → ok                   a new cave (8 8 5 unless given)
//! move D7           → ok | error REASON    a move by the side to move, applied
//! go [SECONDS]      → info depth N score S nodes N time MS
//!                     bestmove D7          the engine's move for the side to move, applied
//! undo              → ok | error REASON    takes back the last move
//! show              → the cave and the status line, then ok
//! quit                                     ends the program
//! ```
//!
//! Every other line is answered with `error REASON` and changes nothing, a line over
//! [`LINE_LIMIT`] bytes too (it is skipped, never held whole); the program never stops on bad
//! input.

use std::io::{self, BufRead, Write};
use std::time::Duration;

use crate::ai::magnetic_cave::Verdict;
use crate::ai::{AiLevel, DEFAULT_BUDGET, Deadline};
use crate::line_reader::BoundedLines;
use crate::rules::magnetic_cave::{Cell, Config, ConfigError, ParseCellError, State};
use crate::rules::{Seat, quoted};
use crate::runner::{MatchRunner, Refusal};
use crate::setup::CaveMatch;

/// The longest `go` the protocol accepts, in seconds.
const MAX_SECONDS: f64 = 600.0;

/// The most bytes a line of the protocol holds (a command is a few words); a longer line is
/// answered `error` and skipped.
pub const LINE_LIMIT: usize = 4096;

/// Why a line is answered `error REASON`; nothing changes.
#[derive(Debug, Clone, PartialEq, thiserror::Error)]
pub enum CommandError {
    /// Not a command of the protocol.
    #[error("unknown command `{0}`: newgame, move, go, undo, show, quit")]
    Unknown(String),
    /// `newgame` with a word that is not a whole number.
    #[error("`{0}` is not a whole number")]
    NotAWholeNumber(String),
    /// `newgame` with one or two numbers, or more than three.
    #[error("newgame takes no arguments or three: W H K")]
    NewGameArguments,
    /// A cave the rules do not allow.
    #[error(transparent)]
    Cave(#[from] ConfigError),
    /// `move` without one cell.
    #[error("move takes one cell, like D7")]
    MoveArguments,
    /// A word that names no cell.
    #[error(transparent)]
    Cell(#[from] ParseCellError),
    /// The rules refuse the move.
    #[error(transparent)]
    Refused(#[from] Refusal<State>),
    /// `go` with a word that is not a number.
    #[error("`{0}` is not a number of seconds")]
    NotSeconds(String),
    /// `go` with a time out of range (as written: `1e308` as a number is 309 digits long).
    #[error("go takes more than 0 and at most {MAX_SECONDS} seconds, not {0}")]
    SecondsOutOfRange(String),
    /// `go` with more than one word.
    #[error("go takes at most one number of seconds")]
    GoArguments,
    /// `go` once the game is over.
    #[error("the game is over")]
    GameOver,
    /// `go` where the engine found no move.
    #[error("there is no legal move")]
    NoMove,
    /// `undo` at the start.
    #[error("there is no move to take back")]
    NothingToUndo,
}

/// A match of the protocol on the `config` cave: both sides are played by whoever sends the
/// lines, so every move is a human's and undo takes back one.
fn new_match(config: Config) -> MatchRunner<State> {
    MatchRunner::new(CaveMatch::fresh(
        config,
        [Seat::Human, Seat::Human],
        DEFAULT_BUDGET,
        AiLevel::Hard,
    ))
}

/// Answers the protocol's lines from `input` on `output` until `quit` or the end of input.
///
/// # Errors
/// Only I/O errors on `output` (a closed pipe ends the program).
pub fn run(input: impl BufRead, output: &mut impl Write) -> io::Result<()> {
    let mut runner = new_match(Config::STANDARD);
    for line in BoundedLines::new(input, LINE_LIMIT) {
        let line = match line? {
            Ok(line) => line,
            Err(too_long) => {
                writeln!(output, "error {too_long}")?;
                output.flush()?;
                continue;
            }
        };
        let words: Vec<&str> = line.split_whitespace().collect();
        let Some((&command, args)) = words.split_first() else {
            continue;
        };
        let answer = match command.to_ascii_lowercase().as_str() {
            "quit" | "exit" => return Ok(()),
            "newgame" => new_game(args).map(|config| {
                runner = new_match(config);
                vec!["ok".to_string()]
            }),
            "move" => play(&mut runner, args).map(|()| vec!["ok".to_string()]),
            "go" => think(&mut runner, args),
            "undo" => match runner.undo() {
                Ok(_) => Ok(vec!["ok".to_string()]),
                Err(_) => Err(CommandError::NothingToUndo),
            },
            "show" => Ok({
                let render = runner.state().render();
                vec![
                    // The cave ends in a new line of its own; `writeln` adds it again.
                    render.strip_suffix('\n').unwrap_or(&render).to_string(),
                    runner.state().status_json(),
                    "ok".to_string(),
                ]
            }),
            other => Err(CommandError::Unknown(quoted(other))),
        };
        match answer {
            Ok(lines) => {
                for line in lines {
                    writeln!(output, "{line}")?;
                }
            }
            Err(reason) => writeln!(output, "error {reason}")?,
        }
        output.flush()?;
    }
    Ok(())
}

fn new_game(args: &[&str]) -> Result<Config, CommandError> {
    match args {
        [] => Ok(Config::STANDARD),
        [w, h, k] => {
            let number = |text: &str| {
                text.parse::<u32>()
                    .map_err(|_| CommandError::NotAWholeNumber(quoted(text)))
            };
            Ok(Config::new(number(w)?, number(h)?, number(k)?)?)
        }
        _ => Err(CommandError::NewGameArguments),
    }
}

fn play(runner: &mut MatchRunner<State>, args: &[&str]) -> Result<(), CommandError> {
    let [cell] = args else {
        return Err(CommandError::MoveArguments);
    };
    let cell = Cell::parse(cell)?;
    runner.apply(cell, Seat::Human)?;
    Ok(())
}

fn think(runner: &mut MatchRunner<State>, args: &[&str]) -> Result<Vec<String>, CommandError> {
    let budget = match args {
        [] => DEFAULT_BUDGET,
        [text] => {
            let seconds: f64 = text
                .parse()
                .map_err(|_| CommandError::NotSeconds(quoted(text)))?;
            if !(seconds > 0.0 && seconds <= MAX_SECONDS) {
                return Err(CommandError::SecondsOutOfRange(quoted(text)));
            }
            Duration::from_secs_f64(seconds)
        }
        _ => return Err(CommandError::GoArguments),
    };
    let state = runner.state();
    if state.outcome().is_some() {
        return Err(CommandError::GameOver);
    }
    let report = crate::ai::magnetic_cave::choose_move(state, &Deadline::within(budget))
        .ok_or(CommandError::NoMove)?;
    let verdict = crate::ai::magnetic_cave::verdict(state, &report);
    runner.apply(report.best, Seat::Human)?;
    let mut lines = vec![format!(
        "info depth {} score {} nodes {} time {}",
        report.depth,
        report.score,
        report.nodes,
        report.elapsed.as_millis()
    )];
    match verdict {
        Some(Verdict::Wins { player, moves }) => {
            lines.push(format!("info proven {} wins in {moves}", player.name()));
        }
        Some(Verdict::Tie) => lines.push("info proven tie".to_string()),
        None => {}
    }
    lines.push(format!("bestmove {}", report.best));
    Ok(lines)
}
