//! `tablero penguins-match`: referees games between two programs that speak the file protocol.
//! It writes the board, calls each program in turn with the right phase, checks every answer
//! against the rules (an illegal move, a damaged file, a wrong "no move", a crash or a timeout
//! loses that game, and the report says why) and prints the result.

use std::io::Write;
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

use super::{FileError, GAME_FILE_LIMIT, GameFile, PlayerLine, parse, write};
use crate::ai::AiLevel;
use crate::files::{ReadError, read_limited};
use crate::layout::PenguinsSetup;
use crate::line_reader::BoundedLines;
use crate::record::Recorded;
use crate::rules::Seat;
use crate::rules::penguins::{Action, Phase, State};
use crate::runner::{MatchRunner, Refusal};
use crate::setup::{self, PenguinsMatch, SetupError};

/// How a match is set up.
#[derive(Debug, Clone)]
pub struct MatchSetup {
    /// The two programs' commands (run through `sh -c`, protocol arguments appended).
    pub programs: [String; 2],
    /// The boards: drawn from each game's seed, or one fixed board (square fields only: the
    /// file protocol's boards are square).
    pub layout: PenguinsSetup,
    /// Penguins per player.
    pub penguins: u8,
    /// The first board's seed; game `g` uses `seed + g`.
    pub seed: u64,
    /// Games to play; the programs take turns to start.
    pub games: u32,
    /// A call that runs longer than this loses.
    pub timeout: Duration,
    /// Where the game files are kept.
    pub dir: PathBuf,
    /// Where to write a match record of each game (`game-N.ron`), if anywhere.
    pub records: Option<PathBuf>,
}

/// How one game ended.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum GameEnd {
    /// Both played to the end: each program's fish.
    Finished([u32; 2]),
    /// Program `loser` (0 or 1) broke the rules or the protocol.
    Forfeit {
        /// The program that lost.
        loser: usize,
        /// What it did.
        reason: String,
    },
}

impl GameEnd {
    /// The winning program, or `None` for a tie.
    pub fn winner(&self) -> Option<usize> {
        match self {
            GameEnd::Finished([a, b]) if a > b => Some(0),
            GameEnd::Finished([a, b]) if b > a => Some(1),
            GameEnd::Finished(_) => None,
            GameEnd::Forfeit { loser, .. } => Some(1 - loser),
        }
    }
}

/// What a program did wrong: the reason it forfeits its game.
#[derive(Debug, thiserror::Error)]
pub enum ProgramError {
    /// It could not be started.
    #[error("cannot start `{command}`: {error}")]
    Start {
        /// Its command.
        command: String,
        /// Why.
        error: std::io::Error,
    },
    /// Its output could not be read, or it could not be waited for.
    #[error("cannot read `{command}`'s output: {error}")]
    Output {
        /// Its command.
        command: String,
        /// Why.
        error: std::io::Error,
    },
    /// A signal ended it.
    #[error("it was killed ({0})")]
    Killed(std::process::ExitStatus),
    /// It ran past the time allowed.
    #[error("it took longer than {:.1} s", .0.as_secs_f64())]
    Timeout(Duration),
    /// `CMD name` printed no ID.
    #[error("`{command} name` did not print an ID{}", ended(.status, .last_error))]
    NoId {
        /// Its command.
        command: String,
        /// How it ended, when it failed.
        status: Option<std::process::ExitStatus>,
        /// The last line of its error output.
        last_error: Option<String>,
    },
    /// The file gives its ID no player number.
    #[error("{0}")]
    NoNumber(FileError),
    /// It placed a penguin beyond its number.
    #[error("it placed more penguins than it has")]
    TooManyPenguins,
    /// Its board is not one legal move from the one it was given.
    #[error("the board it wrote is not one legal move away")]
    NotOneMove,
    /// Its player lines do not follow from its move.
    #[error("its player lines (IDs, numbers, scores) are not what the move gives")]
    WrongPlayerLines,
    /// The file it wrote does not parse.
    #[error("it wrote a damaged file: {0}")]
    DamagedFile(FileError),
    /// It left a game file that cannot be read (too large, no longer a regular file).
    #[error("it left a game file that cannot be read: {0}")]
    Unreadable(ReadError),
    /// It exited with 1 ("no move") after changing the file.
    #[error("it said \"no move\" but changed the file")]
    NoMoveButChanged,
    /// It exited with 1 ("no move") with a legal move left.
    #[error("it said \"no move\" but had one")]
    NoMoveButHadOne,
    /// It exited with another code.
    #[error("it exited with {code}: {stderr}")]
    Exited {
        /// The exit code.
        code: i32,
        /// Its error output.
        stderr: String,
    },
    /// The match's rules refused the move its file showed.
    #[error("its move {action} is refused: {reason}")]
    Refused {
        /// The move.
        action: Action,
        /// Why.
        reason: Refusal<State>,
    },
    /// A position the file protocol cannot give this player's number (a tournament's).
    #[error("player {0}'s turn comes before the file can give the program that number")]
    NumberTooLate(u8),
    /// The referee's own file for the call could not be written.
    #[error(transparent)]
    Referee(#[from] MatchError),
}

/// " (STATUS: LAST ERROR LINE)" for a program that failed, nothing for one that did not.
fn ended(status: &Option<std::process::ExitStatus>, last_error: &Option<String>) -> String {
    match (status, last_error) {
        (Some(status), Some(last)) => format!(" ({status}: {last})"),
        (Some(status), None) => format!(" ({status})"),
        (None, _) => String::new(),
    }
}

/// Why the referee could not go on with a match (not a program's fault).
#[derive(Debug, thiserror::Error)]
pub enum MatchError {
    /// A program could not say its ID.
    #[error(transparent)]
    Id(Box<ProgramError>),
    /// Both programs gave the same ID.
    #[error("both programs call themselves `{0}`: give one another ID (for Tablero: --id)")]
    SameId(String),
    /// A folder could not be made.
    #[error("cannot create {}: {error}", .path.display())]
    CreateFolder {
        /// The folder.
        path: PathBuf,
        /// Why.
        error: std::io::Error,
    },
    /// A file could not be written.
    #[error("cannot write {}: {error}", .path.display())]
    Write {
        /// The file.
        path: PathBuf,
        /// Why.
        error: std::io::Error,
    },
    /// A file could not be read.
    #[error("{}: {error}", .path.display())]
    Read {
        /// The file.
        path: PathBuf,
        /// Why.
        error: ReadError,
    },
    /// The game file the referee wrote (or the last program left) does not parse.
    #[error("the referee's file: {0}")]
    RefereeFile(FileError),
    /// The game file after the last move does not parse.
    #[error("the final file: {0}")]
    FinalFile(FileError),
    /// The board and penguins make no match.
    #[error(transparent)]
    Setup(#[from] SetupError),
}

/// Runs `command` with `args` appended, up to `timeout`; returns the exit code and stderr.
fn run_program(
    command: &str,
    args: &[String],
    timeout: Duration,
) -> Result<(i32, String), ProgramError> {
    let mut line = command.to_string();
    for arg in args {
        line.push(' ');
        line.push_str(&shell_quote(arg));
    }
    let mut child = Command::new("sh")
        .args(["-c", &line])
        .stdin(Stdio::null())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .map_err(|error| ProgramError::Start {
            command: command.to_string(),
            error,
        })?;
    // Both pipes are read as the program runs (a program that fills one is not stuck until
    // the timeout), and only what is kept is held: none of the output, the error output's
    // last lines.
    let output = child.stdout.take().map(|out| drain(out, 0));
    let errors = child.stderr.take().map(|err| drain(err, KEPT_ERROR_LINES));
    let start = Instant::now();
    loop {
        match child.try_wait() {
            Ok(Some(status)) => {
                let _ = output.map(std::thread::JoinHandle::join);
                let stderr = errors
                    .and_then(|reader| reader.join().ok())
                    .unwrap_or_default();
                let code = status.code().ok_or(ProgramError::Killed(status))?;
                return Ok((code, stderr));
            }
            Ok(None) if start.elapsed() > timeout => {
                let _ = child.kill();
                let _ = child.wait();
                return Err(ProgramError::Timeout(timeout));
            }
            Ok(None) => std::thread::sleep(Duration::from_millis(5)),
            Err(error) => {
                return Err(ProgramError::Output {
                    command: command.to_string(),
                    error,
                });
            }
        }
    }
}

/// The most lines of a program's error output the referee keeps (the last ones).
const KEPT_ERROR_LINES: usize = 20;
/// The most bytes a line of an outside program's output holds before it is skipped (its
/// answers are a few words): `penguins-match`'s programs and the tournament's.
pub const PROGRAM_LINE_LIMIT: usize = 4096;

/// Reads `output` to its end on a thread of its own; gives its last `keep` lines that are not
/// blank (each at most [`PROGRAM_LINE_LIMIT`] bytes, a longer one named by its length),
/// joined and trimmed. Memory stays bounded whatever the program writes. The tournament reads
/// its outside programs' error output so too.
pub(crate) fn drain(
    output: impl std::io::Read + Send + 'static,
    keep: usize,
) -> std::thread::JoinHandle<String> {
    std::thread::spawn(move || {
        let mut last = std::collections::VecDeque::with_capacity(keep);
        for line in BoundedLines::new(std::io::BufReader::new(output), PROGRAM_LINE_LIMIT) {
            let Ok(line) = line else { break };
            if keep == 0 || line.as_ref().is_ok_and(|text| text.trim().is_empty()) {
                continue;
            }
            if last.len() == keep {
                last.pop_front();
            }
            last.push_back(line.unwrap_or_else(|too_long| format!("[{too_long}]")));
        }
        let lines: Vec<String> = last.into();
        lines.join("\n").trim().to_string()
    })
}

fn shell_quote(text: &str) -> String {
    format!("'{}'", text.replace('\'', r"'\''"))
}

/// The last non-empty line of a program's error output, trimmed and cut to 200 characters:
/// enough to say why it failed, however much it wrote. Reads `lines` as they come.
pub(crate) fn last_error_line(lines: impl IntoIterator<Item = impl AsRef<str>>) -> Option<String> {
    let mut last = None;
    for line in lines {
        let line = line.as_ref().trim();
        if !line.is_empty() {
            last = Some(line.chars().take(200).collect());
        }
    }
    last
}

/// Asks a program for its ID (`CMD name`): the first line of its output (at most
/// [`PROGRAM_LINE_LIMIT`] bytes; the rest is read and dropped).
fn program_id(command: &str) -> Result<String, ProgramError> {
    let mut child = Command::new("sh")
        .args(["-c", &format!("{command} name")])
        .stdin(Stdio::null())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .map_err(|error| ProgramError::Start {
            command: command.to_string(),
            error,
        })?;
    let errors = child.stderr.take().map(|err| drain(err, 1));
    let first_line = child.stdout.take().map(|out| {
        std::thread::spawn(move || {
            let mut lines = BoundedLines::new(std::io::BufReader::new(out), PROGRAM_LINE_LIMIT);
            let first = lines.next().and_then(Result::ok).and_then(Result::ok);
            lines.for_each(drop);
            first.unwrap_or_default()
        })
    });
    let status = child.wait().map_err(|error| ProgramError::Output {
        command: command.to_string(),
        error,
    })?;
    let id = first_line
        .and_then(|reader| reader.join().ok())
        .unwrap_or_default()
        .trim()
        .to_string();
    let last_error = errors.and_then(|reader| reader.join().ok());
    if !status.success() || id.is_empty() || id.contains(char::is_whitespace) {
        let failed = !status.success();
        return Err(ProgramError::NoId {
            command: command.to_string(),
            status: failed.then_some(status),
            last_error: last_error_line(last_error.as_deref().unwrap_or_default().lines())
                .filter(|_| failed),
        });
    }
    Ok(id)
}

/// Checks that `after` is `before` plus one legal move by the program `id`; returns that move.
fn check_move(
    before: &GameFile,
    after: &GameFile,
    id: &str,
    phase: Phase,
    penguins: u8,
) -> Result<Action, ProgramError> {
    let number = super::our_number(before, id).map_err(ProgramError::NoNumber)?;
    let state = before.state(number, phase, penguins);
    if phase == Phase::Placement && state.placed(number) >= usize::from(penguins) {
        return Err(ProgramError::TooManyPenguins);
    }
    let played = state.legal_actions().into_iter().find_map(|action| {
        let mut next = state.clone();
        next.apply(action).ok()?;
        (*next.board() == after.board).then_some((action, next))
    });
    let Some((action, next)) = played else {
        return Err(ProgramError::NotOneMove);
    };
    let mut expected = before.players.clone();
    match expected.iter_mut().find(|p| p.id == id) {
        Some(line) => line.score = next.score(number),
        None => expected.push(PlayerLine {
            id: id.to_string(),
            number,
            score: next.score(number),
        }),
    }
    let mut got = after.players.clone();
    expected.sort_by_key(|p| p.number);
    got.sort_by_key(|p| p.number);
    if got != expected {
        return Err(ProgramError::WrongPlayerLines);
    }
    Ok(action)
}

/// Plays one game on `runner`, whose record grows with every move; `first` is the program
/// that moves first (player A).
fn play_game(
    setup: &MatchSetup,
    ids: &[String; 2],
    runner: &mut MatchRunner<State>,
    first: usize,
    file: &Path,
) -> Result<GameEnd, MatchError> {
    let empty = GameFile {
        board: runner.state().board().clone(),
        players: Vec::new(),
    };
    write_file(file, &write(&empty))?;
    let file_arg = file.display().to_string();
    let order = [first, 1 - first];
    for phase in [Phase::Placement, Phase::Movement] {
        let mut idle = [false; 2];
        while !(idle[0] && idle[1]) {
            for &program in &order {
                let before_text = read_game_file(file).map_err(|error| MatchError::Read {
                    path: file.to_path_buf(),
                    error,
                })?;
                let before = parse(&before_text).map_err(MatchError::RefereeFile)?;
                let mut args = Vec::new();
                match phase {
                    Phase::Placement => {
                        args.push("phase=placement".to_string());
                        args.push(format!("penguins={}", setup.penguins));
                    }
                    _ => args.push("phase=movement".to_string()),
                }
                args.extend([file_arg.clone(), file_arg.clone()]);
                let forfeit = |reason: ProgramError| GameEnd::Forfeit {
                    loser: program,
                    reason: reason.to_string(),
                };
                let (code, stderr) =
                    match run_program(&setup.programs[program], &args, setup.timeout) {
                        Ok(result) => result,
                        Err(reason) => return Ok(forfeit(reason)),
                    };
                let after_text = match read_game_file(file) {
                    Ok(text) => text,
                    Err(e) => return Ok(forfeit(ProgramError::Unreadable(e))),
                };
                match code {
                    0 => {
                        let after = match parse(&after_text) {
                            Ok(after) => after,
                            Err(e) => return Ok(forfeit(ProgramError::DamagedFile(e))),
                        };
                        let action =
                            match check_move(&before, &after, &ids[program], phase, setup.penguins)
                            {
                                Ok(action) => action,
                                Err(reason) => return Ok(forfeit(reason)),
                            };
                        // The runner plays the move the file shows, and records it.
                        if let Err(reason) = runner.apply(action, Seat::Ai) {
                            return Ok(forfeit(ProgramError::Refused { action, reason }));
                        }
                        idle[program] = false;
                    }
                    1 => {
                        if after_text != before_text {
                            return Ok(forfeit(ProgramError::NoMoveButChanged));
                        }
                        let number = super::our_number(&before, &ids[program])
                            .map_err(MatchError::RefereeFile)?;
                        let state = before.state(number, phase, setup.penguins);
                        if state.can_act(number) && !state.legal_actions().is_empty() {
                            return Ok(forfeit(ProgramError::NoMoveButHadOne));
                        }
                        idle[program] = true;
                    }
                    code => return Ok(forfeit(ProgramError::Exited { code, stderr })),
                }
            }
        }
    }
    let end = parse(&read_game_file(file).unwrap_or_default()).map_err(MatchError::FinalFile)?;
    let score = |id: &str| {
        end.players
            .iter()
            .find(|p| p.id == id)
            .map_or(0, |p| p.score)
    };
    Ok(GameEnd::Finished([score(&ids[0]), score(&ids[1])]))
}

/// The game file at `file`, read within the protocol's bound.
fn read_game_file(file: &Path) -> Result<String, ReadError> {
    read_limited(file, GAME_FILE_LIMIT).map(|bytes| String::from_utf8_lossy(&bytes).into_owned())
}

/// Writes `text` to `file`.
fn write_file(file: &Path, text: &str) -> Result<(), MatchError> {
    std::fs::write(file, text).map_err(|error| MatchError::Write {
        path: file.to_path_buf(),
        error,
    })
}

/// Makes the folder `dir` (and those above it).
fn create_folder(dir: &Path) -> Result<(), MatchError> {
    std::fs::create_dir_all(dir).map_err(|error| MatchError::CreateFolder {
        path: dir.to_path_buf(),
        error,
    })
}

/// Asks `program`, a player of the file protocol, for its move in `state`, the way
/// `penguins-match` calls it: the position is written to a game file in `dir` (the program's
/// own ID on its line, `tablero-N` on the others), the program is run with the phase and
/// the file, and its answer is checked against the rules by the same code as in a match.
/// `tablero tournament --a cmd:PROGRAM` plays Penguins through this.
///
/// # Errors
/// Why the program gave no legal move in time (which forfeits its game).
pub fn program_action(
    program: &str,
    state: &State,
    timeout: Duration,
    dir: &Path,
) -> Result<Action, ProgramError> {
    let id = program_id(program)?;
    let me = state.to_move();
    let phase = state.phase();
    let penguins = state.penguins_per_player();
    let board = state.board();
    let mut players = Vec::new();
    for number in 1..=state.players() {
        // A player is on the file once it has placed; the program gets its number from the
        // order of first placements, which is the turn order.
        if board.penguins_of(number).is_empty() {
            continue;
        }
        let line_id = if number == me {
            id.clone()
        } else {
            let mut other = format!("tablero-{number}");
            if other == id {
                other.push_str("-seat");
            }
            other
        };
        players.push(PlayerLine {
            id: line_id,
            number,
            score: state.score(number),
        });
    }
    let before = GameFile {
        board: board.clone(),
        players,
    };
    if super::our_number(&before, &id).ok() != Some(me) {
        return Err(ProgramError::NumberTooLate(me));
    }
    create_folder(dir)?;
    let file = dir.join("game.txt");
    write_file(&file, &write(&before))?;
    let file_arg = file.display().to_string();
    let mut args = match phase {
        Phase::Placement => vec![
            "phase=placement".to_string(),
            format!("penguins={penguins}"),
        ],
        _ => vec!["phase=movement".to_string()],
    };
    args.extend([file_arg.clone(), file_arg]);
    let (code, stderr) = run_program(program, &args, timeout)?;
    let after_text = read_game_file(&file).map_err(ProgramError::Unreadable)?;
    match code {
        0 => {
            let after = parse(&after_text).map_err(ProgramError::DamagedFile)?;
            check_move(&before, &after, &id, phase, penguins)
        }
        1 => Err(ProgramError::NoMoveButHadOne),
        code => Err(ProgramError::Exited { code, stderr }),
    }
}

/// Plays the match, printing each game's result and the total to `out`; returns the results.
///
/// # Errors
/// When a program cannot even say its ID, the two IDs are equal, the boards cannot hold the
/// penguins, or the referee's own files cannot be written.
pub fn run_match(setup: &MatchSetup, out: &mut impl Write) -> Result<Vec<GameEnd>, MatchError> {
    let id = |program: &String| program_id(program).map_err(|e| MatchError::Id(Box::new(e)));
    let ids = [id(&setup.programs[0])?, id(&setup.programs[1])?];
    if ids[0] == ids[1] {
        return Err(MatchError::SameId(ids[0].clone()));
    }
    create_folder(&setup.dir)?;
    let mut results = Vec::new();
    let mut wins = [0u32; 2];
    let mut ties = 0;
    for game in 0..setup.games {
        let seed = setup.seed.wrapping_add(u64::from(game));
        let mut runner = MatchRunner::new(game_setup(setup, seed)?);
        let first = (game % 2) as usize;
        let file = setup.dir.join(format!("game-{game}.txt"));
        let result = play_game(setup, &ids, &mut runner, first, &file)?;
        if let Some(dir) = &setup.records {
            let path = dir.join(format!("game-{}.ron", game + 1));
            if let Err(e) = write_record(&runner, &ids, first, &result, &path) {
                let _ = writeln!(out, "game {}: no record written: {e}", game + 1);
            }
        }
        let line = match &result {
            GameEnd::Finished([a, b]) => format!("{} {a} fish, {} {b} fish", ids[0], ids[1]),
            GameEnd::Forfeit { loser, reason } => format!("{} loses: {reason}", ids[*loser]),
        };
        match result.winner() {
            Some(w) => wins[w] += 1,
            None => ties += 1,
        }
        let _ = writeln!(
            out,
            "game {} (seed {seed}, {} starts): {line}",
            game + 1,
            ids[first]
        );
        results.push(result);
    }
    let _ = writeln!(
        out,
        "result: {} {} wins, {} {} wins, {ties} ties",
        ids[0], wins[0], ids[1], wins[1]
    );
    Ok(results)
}

/// The match of game `seed`: two programs on the board the layout draws from it, each
/// call's time limit (up to a minute) as the budget its record shows.
fn game_setup(setup: &MatchSetup, seed: u64) -> Result<PenguinsMatch, SetupError> {
    setup::PenguinsMatch::new(
        setup.layout.clone(),
        vec![Seat::Ai; 2],
        setup.penguins,
        setup.timeout.min(Duration::from_secs(60)),
        AiLevel::Hard,
        seed,
    )
}

/// Writes the record of one game to `path`: the runner's record (the board, every move with
/// its time), the programs in turn order (player A first) and the result.
fn write_record(
    runner: &MatchRunner<State>,
    ids: &[String; 2],
    first: usize,
    result: &GameEnd,
    path: &Path,
) -> Result<(), MatchError> {
    let mut record = runner.record().clone();
    record.result = Some(match result {
        GameEnd::Forfeit { loser, reason } => format!("{} loses: {reason}", ids[*loser]),
        GameEnd::Finished(_) => runner
            .state()
            .result()
            .unwrap_or_else(|| "finished".to_string()),
    });
    let players = format!("player A: {}, player B: {}", ids[first], ids[1 - first]);
    let text = format!("// {players}\n{}", record.to_ron());
    if let Some(dir) = path.parent() {
        create_folder(dir)?;
    }
    crate::files::write_atomically(path, &text).map_err(|error| MatchError::Write {
        path: path.to_path_buf(),
        error,
    })
}
