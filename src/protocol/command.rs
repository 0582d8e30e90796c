//! `tablero penguins …`: one call of the file protocol, with the protocol's exit codes. Its
//! arguments are read here (not by clap) so that every mistake in them exits with 3.

use std::io::Write;
use std::path::PathBuf;
use std::time::Duration;

use super::GAME_FILE_LIMIT;
use super::{CallPhase, CallResult, parse, play_call, write};
use crate::files::write_atomically;
use crate::files::{BudgetError, ReadError, parse_budget, read_limited};
use crate::rules::penguins::Action;

/// A move was made and OUTPUT written.
pub const EXIT_MOVED: u8 = 0;
/// No move was possible; OUTPUT untouched.
pub const EXIT_NO_MOVE: u8 = 1;
/// INPUT is wrong; OUTPUT untouched.
pub const EXIT_BAD_INPUT: u8 = 2;
/// Bad arguments or an I/O failure; OUTPUT untouched.
pub const EXIT_INTERNAL: u8 = 3;

/// The program's ID unless `--id` says otherwise.
pub const DEFAULT_ID: &str = "tablero";
/// The AI's time per call unless `--budget` says otherwise.
pub const DEFAULT_BUDGET: Duration = Duration::from_secs(1);

/// How to call it.
pub const USAGE: &str = "\
usage: tablero penguins phase=placement penguins=N INPUT OUTPUT [--id ID] [--budget S]
       tablero penguins phase=movement INPUT OUTPUT [--id ID] [--budget S]
       tablero penguins name | id [--id ID]

One call makes one move with Tablero's AI on the game file INPUT and writes OUTPUT (they may
be the same file). Exit codes: 0 moved, 1 no move (OUTPUT untouched), 2 INPUT is wrong (the
cause, line and field on stderr), 3 bad arguments or I/O failure.
  --id ID       this program's ID in the file (default tablero)
  --budget S    the AI's time per call in seconds (default 1; the call never takes longer)";

/// What the arguments ask for.
#[derive(Debug, Clone, PartialEq)]
enum Request {
    Name,
    Help,
    Move {
        phase: CallPhase,
        input: PathBuf,
        output: PathBuf,
    },
}

#[derive(Debug, Clone, PartialEq)]
struct Arguments {
    request: Request,
    id: String,
    budget: Duration,
}

/// What is wrong with a call's arguments.
#[derive(Debug, Clone, PartialEq, thiserror::Error)]
enum ArgumentError {
    #[error("{flag} needs {what}")]
    NoValue { flag: String, what: &'static str },
    #[error("the ID `{0}` must be non-empty, without spaces")]
    BadId(String),
    #[error(transparent)]
    Budget(#[from] BudgetError),
    #[error("phase must be placement or movement, not `{0}`")]
    BadPhase(String),
    #[error("penguins must be a number from 1, not `{0}`")]
    BadPenguins(String),
    #[error("unknown option {0}")]
    UnknownOption(String),
    #[error("phase=placement needs penguins=N")]
    NoPenguins,
    #[error("say phase=placement or phase=movement")]
    NoPhase,
    #[error("expected INPUT and OUTPUT files, got {0} file names")]
    Files(usize),
}

fn parse_arguments(args: &[String]) -> Result<Arguments, ArgumentError> {
    let mut id = DEFAULT_ID.to_string();
    let mut budget = DEFAULT_BUDGET;
    let mut phase = None;
    let mut penguins = None;
    let mut name = false;
    let mut help = false;
    let mut files = Vec::new();
    let mut rest = args.iter();
    while let Some(arg) = rest.next() {
        let (flag, inline) = match arg.split_once('=') {
            Some((flag, value)) if flag.starts_with("--") => (flag, Some(value.to_string())),
            _ => (arg.as_str(), None),
        };
        let mut value = |what: &'static str| {
            inline
                .clone()
                .or_else(|| rest.next().cloned())
                .ok_or_else(|| ArgumentError::NoValue {
                    flag: flag.to_string(),
                    what,
                })
        };
        match flag {
            "--id" => {
                id = value("an ID")?;
                if id.is_empty() || id.chars().any(char::is_whitespace) {
                    return Err(ArgumentError::BadId(id));
                }
            }
            "--budget" => {
                budget = parse_budget(&value("seconds")?)?;
            }
            "--help" | "-h" | "help" => help = true,
            "name" | "id" => name = true,
            _ if arg.starts_with("phase=") => {
                phase = Some(match &arg["phase=".len()..] {
                    "placement" => "placement",
                    "movement" => "movement",
                    other => return Err(ArgumentError::BadPhase(other.to_string())),
                });
            }
            _ if arg.starts_with("penguins=") => {
                let text = &arg["penguins=".len()..];
                penguins = Some(
                    text.parse::<u8>()
                        .ok()
                        .filter(|&n| n >= 1)
                        .ok_or_else(|| ArgumentError::BadPenguins(text.to_string()))?,
                );
            }
            _ if arg.starts_with("--") => return Err(ArgumentError::UnknownOption(arg.clone())),
            _ => files.push(PathBuf::from(arg)),
        }
    }
    let request = if help {
        Request::Help
    } else if name {
        Request::Name
    } else {
        let phase = match (phase, penguins) {
            (Some("placement"), Some(penguins)) => CallPhase::Placement { penguins },
            (Some("placement"), None) => return Err(ArgumentError::NoPenguins),
            (Some(_), _) => CallPhase::Movement,
            (None, _) => return Err(ArgumentError::NoPhase),
        };
        let [input, output]: [PathBuf; 2] = files
            .try_into()
            .map_err(|files: Vec<PathBuf>| ArgumentError::Files(files.len()))?;
        Request::Move {
            phase,
            input,
            output,
        }
    };
    Ok(Arguments {
        request,
        id,
        budget,
    })
}

/// Runs one protocol call with `args` (after `penguins`); returns the exit code.
pub fn run(args: &[String], stdout: &mut impl Write, stderr: &mut impl Write) -> u8 {
    let arguments = match parse_arguments(args) {
        Ok(arguments) => arguments,
        Err(message) => {
            let _ = writeln!(stderr, "error: {message}\n\n{USAGE}");
            return EXIT_INTERNAL;
        }
    };
    let (phase, input, output) = match arguments.request {
        Request::Help => {
            let _ = writeln!(stdout, "{USAGE}");
            return EXIT_MOVED;
        }
        Request::Name => {
            let _ = writeln!(stdout, "{}", arguments.id);
            return EXIT_MOVED;
        }
        Request::Move {
            phase,
            input,
            output,
        } => (phase, input, output),
    };
    let bytes = match read_limited(&input, GAME_FILE_LIMIT) {
        Ok(bytes) => bytes,
        Err(ReadError::Io(e)) => {
            let _ = writeln!(stderr, "error: cannot read {}: {e}", input.display());
            return EXIT_INTERNAL;
        }
        // A device, a pipe or a file far larger than any game file: refused unread.
        Err(e) => {
            let _ = writeln!(stderr, "{}: {e}", input.display());
            return EXIT_BAD_INPUT;
        }
    };
    let text = String::from_utf8_lossy(&bytes);
    let file = match parse(&text) {
        Ok(file) => file,
        Err(e) => {
            let _ = writeln!(stderr, "{}: {e}", input.display());
            return EXIT_BAD_INPUT;
        }
    };
    let result = match play_call(&file, &arguments.id, phase, arguments.budget) {
        Ok(result) => result,
        Err(e) => {
            let _ = writeln!(stderr, "{}: {e}", input.display());
            return EXIT_BAD_INPUT;
        }
    };
    match result {
        CallResult::NoMove => {
            let _ = writeln!(stderr, "{}: no move", arguments.id);
            EXIT_NO_MOVE
        }
        CallResult::Moved(new, action) => {
            if let Err(e) = write_atomically(&output, &write(&new)) {
                let _ = writeln!(stderr, "error: cannot write {}: {e}", output.display());
                return EXIT_INTERNAL;
            }
            let said = match action {
                Action::Place(pos) => format!("placed at {pos}"),
                Action::Move { from, to } => format!("moved {from} to {to}"),
            };
            let _ = writeln!(stdout, "{}: {said}", arguments.id);
            EXIT_MOVED
        }
    }
}
