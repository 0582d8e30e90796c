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
//! Every other line is answered with `error REASON` and changes nothing; the program never
//! stops on bad input.

use std::io::{self, BufRead, Write};
use std::time::Duration;

use crate::ai::magnetic_cave::Verdict;
use crate::ai::{DEFAULT_BUDGET, Deadline};
use crate::rules::magnetic_cave::{Cell, Config, State};

/// The longest `go` the protocol accepts, in seconds.
const MAX_SECONDS: f64 = 600.0;

/// Answers the protocol's lines from `input` on `output` until `quit` or the end of input.
///
/// # Errors
/// Only I/O errors on `output` (a closed pipe ends the program).
pub fn run(input: impl BufRead, output: &mut impl Write) -> io::Result<()> {
    let mut state = State::new(Config::STANDARD);
    for line in crate::console::lines(input) {
        let line = line?;
        let words: Vec<&str> = line.split_whitespace().collect();
        let Some((&command, args)) = words.split_first() else {
            continue;
        };
        match command.to_ascii_lowercase().as_str() {
            "quit" | "exit" => return Ok(()),
            "newgame" => match new_game(args) {
                Ok(config) => {
                    state = State::new(config);
                    writeln!(output, "ok")?;
                }
                Err(reason) => writeln!(output, "error {reason}")?,
            },
            "move" => match play(&mut state, args) {
                Ok(()) => writeln!(output, "ok")?,
                Err(reason) => writeln!(output, "error {reason}")?,
            },
            "go" => match think(&mut state, args) {
                Ok(lines) => {
                    for line in lines {
                        writeln!(output, "{line}")?;
                    }
                }
                Err(reason) => writeln!(output, "error {reason}")?,
            },
            "undo" => match state.undo() {
                Some(_) => writeln!(output, "ok")?,
                None => writeln!(output, "error there is no move to take back")?,
            },
            "show" => {
                write!(output, "{}", state.render())?;
                writeln!(output, "{}", state.status_json())?;
                writeln!(output, "ok")?;
            }
            other => writeln!(
                output,
                "error unknown command `{}`: newgame, move, go, undo, show, quit",
                crate::rules::quoted(other)
            )?,
        }
        output.flush()?;
    }
    Ok(())
}

fn new_game(args: &[&str]) -> Result<Config, String> {
    match args {
        [] => Ok(Config::STANDARD),
        [w, h, k] => {
            let number = |text: &str| {
                text.parse::<u32>()
                    .map_err(|_| format!("`{}` is not a whole number", crate::rules::quoted(text)))
            };
            Config::new(number(w)?, number(h)?, number(k)?).map_err(|e| e.to_string())
        }
        _ => Err("newgame takes no arguments or three: W H K".to_string()),
    }
}

fn play(state: &mut State, args: &[&str]) -> Result<(), String> {
    let [cell] = args else {
        return Err("move takes one cell, like D7".to_string());
    };
    let cell = Cell::parse(cell).map_err(|e| e.to_string())?;
    state.apply(cell).map(|_| ()).map_err(|e| e.to_string())
}

fn think(state: &mut State, args: &[&str]) -> Result<Vec<String>, String> {
    let budget = match args {
        [] => DEFAULT_BUDGET,
        [text] => {
            let seconds: f64 = text.parse().map_err(|_| {
                format!(
                    "`{}` is not a number of seconds",
                    crate::rules::quoted(text)
                )
            })?;
            if !(seconds > 0.0 && seconds <= MAX_SECONDS) {
                // As written: `1e308` printed as a number would be 309 digits long.
                return Err(format!(
                    "go takes more than 0 and at most {MAX_SECONDS} seconds, not {}",
                    crate::rules::quoted(text)
                ));
            }
            Duration::from_secs_f64(seconds)
        }
        _ => return Err("go takes at most one number of seconds".to_string()),
    };
    if state.outcome().is_some() {
        return Err("the game is over".to_string());
    }
    let report = crate::ai::magnetic_cave::choose_move(state, &Deadline::within(budget))
        .ok_or_else(|| "there is no legal move".to_string())?;
    let verdict = crate::ai::magnetic_cave::verdict(state, &report);
    state
        .apply(report.best)
        .map_err(|e| format!("the engine chose an illegal move: {e}"))?;
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
