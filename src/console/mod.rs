//! The terminal front end, as the assignments describe it: the board printed after every move,
//! the player prompted until a correct command is given. It reads standard input, so scripts
//! and tests can drive it.

use std::io::{self, BufRead, Write};

pub mod magnetic_cave;
pub mod patolli;
pub mod penguins;

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
