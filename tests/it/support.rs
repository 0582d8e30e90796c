//! Helpers shared by the tests.

use std::io::Write;
use std::path::{Path, PathBuf};
use std::process::{Command, Output, Stdio};

use tablero::rules::magnetic_cave::{Cell, Config, State, parse_moves};

/// The repository's root.
pub fn repo() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
}

/// The `tablero` binary built for these tests.
pub fn tablero() -> Command {
    let mut command = Command::new(env!("CARGO_BIN_EXE_tablero"));
    command.current_dir(repo());
    command
}

/// Runs `tablero ARGS` with `input` on standard input.
pub fn run_tablero(args: &[&str], input: &str) -> Output {
    let mut child = tablero()
        .args(args)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("tablero starts");
    child
        .stdin
        .take()
        .expect("stdin is piped")
        .write_all(input.as_bytes())
        .expect("input is written");
    child.wait_with_output().expect("tablero finishes")
}

/// Runs `tablero tournament --json ARGS` and returns its summary; the run must succeed.
pub fn tournament(args: &[&str]) -> serde_json::Value {
    tournament_with(tablero(), args)
}

/// As [`tournament`], with `command` (the `tablero` binary) set up by the caller, say with
/// its own environment.
pub fn tournament_with(mut command: Command, args: &[&str]) -> serde_json::Value {
    let output = command
        .args(["tournament", "--json"])
        .args(args)
        .stdin(Stdio::null())
        .output()
        .expect("tablero runs");
    let out = String::from_utf8_lossy(&output.stdout).into_owned();
    assert!(
        output.status.success(),
        "{out}\n{}",
        String::from_utf8_lossy(&output.stderr)
    );
    serde_json::from_str(out.trim()).unwrap_or_else(|e| panic!("{e}: {out}"))
}

/// Cells from a comma-separated list (test data, so it must be valid).
pub fn cells(list: &str) -> Vec<Cell> {
    parse_moves(list).expect("test moves are cell names")
}

/// Plays `moves` from the empty cave, each of which must be legal.
pub fn play(config: Config, moves: &str) -> State {
    let mut state = State::new(config);
    for cell in cells(moves) {
        if let Err(e) = state.apply(cell) {
            panic!("test move {cell} is illegal: {e}\n{}", state.render());
        }
    }
    state
}

/// A test data file's text, trimmed.
pub fn data(name: &str) -> String {
    std::fs::read_to_string(repo().join("tests/it/data").join(name))
        .expect("test data file exists")
        .trim()
        .to_string()
}

/// A test's scratch directory, `tablero-test-PID-NAME` in the system's temporary folder.
/// Removed when it goes out of scope, unless the test is failing (panicking): a failed test
/// leaves its files behind to be looked at, a passing one leaves nothing.
pub struct ScratchDir(PathBuf);

impl std::ops::Deref for ScratchDir {
    type Target = Path;

    fn deref(&self) -> &Path {
        &self.0
    }
}

impl AsRef<Path> for ScratchDir {
    fn as_ref(&self) -> &Path {
        &self.0
    }
}

impl Drop for ScratchDir {
    fn drop(&mut self) {
        if !std::thread::panicking() {
            let _ = std::fs::remove_dir_all(&self.0);
        }
    }
}

/// A fresh, empty scratch directory for one test (see [`ScratchDir`]).
pub fn temp_dir(name: &str) -> ScratchDir {
    let dir = std::env::temp_dir().join(format!("tablero-test-{}-{name}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).expect("temp dir is created");
    ScratchDir(dir)
}

/// The last JSON status line a console printed.
pub fn last_status(out: &str) -> serde_json::Value {
    let line = out
        .lines()
        .rev()
        .find(|l| l.starts_with('{'))
        .expect("a status line");
    serde_json::from_str(line).expect("the status line is JSON")
}
