//! `tablero penguins-match`: referees games between two programs that speak the file protocol.
//! It writes the board, calls each program in turn with the right phase, checks every answer
//! against the rules (an illegal move, a damaged file, a wrong "no move", a crash or a timeout
//! loses that game, and the report says why) and prints the result.

use std::io::Write;
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

use super::{GameFile, PlayerLine, parse, write};
use crate::layout::Layout;
use crate::record::{Entry, Record, Recorded};
use crate::rules::Seat;
use crate::rules::penguins::{Action, Board, Generator, Phase, State};

/// How a match is set up.
#[derive(Debug, Clone)]
pub struct MatchSetup {
    /// The two programs' commands (run through `sh -c`, protocol arguments appended).
    pub programs: [String; 2],
    /// The boards' generator.
    pub generator: Generator,
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
pub enum GameResult {
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

impl GameResult {
    /// The winning program, or `None` for a tie.
    pub fn winner(&self) -> Option<usize> {
        match self {
            GameResult::Finished([a, b]) if a > b => Some(0),
            GameResult::Finished([a, b]) if b > a => Some(1),
            GameResult::Finished(_) => None,
            GameResult::Forfeit { loser, .. } => Some(1 - loser),
        }
    }
}

/// Runs `command` with `args` appended, up to `timeout`; returns the exit code and stderr.
fn run_program(command: &str, args: &[String], timeout: Duration) -> Result<(i32, String), String> {
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
        .map_err(|e| format!("cannot start `{command}`: {e}"))?;
    let start = Instant::now();
    loop {
        match child.try_wait() {
            Ok(Some(status)) => {
                let output = child
                    .wait_with_output()
                    .map_err(|e| format!("cannot read `{command}`'s output: {e}"))?;
                let stderr = String::from_utf8_lossy(&output.stderr).trim().to_string();
                let code = status
                    .code()
                    .ok_or_else(|| format!("it was killed ({status})"))?;
                return Ok((code, stderr));
            }
            Ok(None) if start.elapsed() > timeout => {
                let _ = child.kill();
                let _ = child.wait();
                return Err(format!(
                    "it took longer than {:.1} s",
                    timeout.as_secs_f64()
                ));
            }
            Ok(None) => std::thread::sleep(Duration::from_millis(5)),
            Err(e) => return Err(format!("cannot wait for `{command}`: {e}")),
        }
    }
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

/// Asks a program for its ID (`CMD name`).
fn program_id(command: &str) -> Result<String, String> {
    let output = Command::new("sh")
        .args(["-c", &format!("{command} name")])
        .stdin(Stdio::null())
        .output()
        .map_err(|e| format!("cannot start `{command}`: {e}"))?;
    let id = String::from_utf8_lossy(&output.stdout).trim().to_string();
    if !output.status.success() || id.is_empty() || id.contains(char::is_whitespace) {
        let mut reason = format!("`{command} name` did not print an ID");
        if !output.status.success() {
            reason.push_str(&format!(" ({}", output.status));
            if let Some(last) = last_error_line(String::from_utf8_lossy(&output.stderr).lines()) {
                reason.push_str(": ");
                reason.push_str(&last);
            }
            reason.push(')');
        }
        return Err(reason);
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
) -> Result<Action, String> {
    let number = super::our_number(before, id).map_err(|e| e.to_string())?;
    let state = before.state(number, phase, penguins);
    if phase == Phase::Placement && state.placed(number) >= usize::from(penguins) {
        return Err("it placed more penguins than it has".to_string());
    }
    let played = state.legal_actions().into_iter().find_map(|action| {
        let mut next = state.clone();
        next.apply(action).ok()?;
        (*next.board() == after.board).then_some((action, next))
    });
    let Some((action, next)) = played else {
        return Err("the board it wrote is not one legal move away".to_string());
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
        return Err("its player lines (IDs, numbers, scores) are not what the move gives".into());
    }
    Ok(action)
}

/// Plays one game; `first` is the program that moves first.
fn play_game(
    setup: &MatchSetup,
    ids: &[String; 2],
    board: Board,
    first: usize,
    file: &Path,
    moves: &mut Vec<Entry>,
) -> Result<GameResult, String> {
    let empty = GameFile {
        board,
        players: Vec::new(),
    };
    std::fs::write(file, write(&empty))
        .map_err(|e| format!("cannot write {}: {e}", file.display()))?;
    let file_arg = file.display().to_string();
    let order = [first, 1 - first];
    for phase in [Phase::Placement, Phase::Movement] {
        let mut idle = [false; 2];
        while !(idle[0] && idle[1]) {
            for &program in &order {
                let before_text = std::fs::read_to_string(file)
                    .map_err(|e| format!("cannot read {}: {e}", file.display()))?;
                let before = parse(&before_text).map_err(|e| format!("the referee's file: {e}"))?;
                let mut args = Vec::new();
                match phase {
                    Phase::Placement => {
                        args.push("phase=placement".to_string());
                        args.push(format!("penguins={}", setup.penguins));
                    }
                    _ => args.push("phase=movement".to_string()),
                }
                args.extend([file_arg.clone(), file_arg.clone()]);
                let forfeit = |reason: String| GameResult::Forfeit {
                    loser: program,
                    reason,
                };
                let called = std::time::Instant::now();
                let (code, stderr) =
                    match run_program(&setup.programs[program], &args, setup.timeout) {
                        Ok(result) => result,
                        Err(reason) => return Ok(forfeit(reason)),
                    };
                let millis = u64::try_from(called.elapsed().as_millis()).unwrap_or(u64::MAX);
                let after_text = std::fs::read_to_string(file).unwrap_or_default();
                match code {
                    0 => {
                        let after = match parse(&after_text) {
                            Ok(after) => after,
                            Err(e) => return Ok(forfeit(format!("it wrote a damaged file: {e}"))),
                        };
                        match check_move(&before, &after, &ids[program], phase, setup.penguins) {
                            Ok(action) => moves.push(Entry::Act(action.to_string(), millis)),
                            Err(reason) => return Ok(forfeit(reason)),
                        }
                        idle[program] = false;
                    }
                    1 => {
                        if after_text != before_text {
                            return Ok(forfeit("it said \"no move\" but changed the file".into()));
                        }
                        let number =
                            super::our_number(&before, &ids[program]).map_err(|e| e.to_string())?;
                        let state = before.state(number, phase, setup.penguins);
                        if state.can_act(number) && !state.legal_actions().is_empty() {
                            return Ok(forfeit("it said \"no move\" but had one".into()));
                        }
                        idle[program] = true;
                    }
                    other => {
                        return Ok(forfeit(format!("it exited with {other}: {stderr}")));
                    }
                }
            }
        }
    }
    let end = parse(&std::fs::read_to_string(file).unwrap_or_default())
        .map_err(|e| format!("the final file: {e}"))?;
    let score = |id: &str| {
        end.players
            .iter()
            .find(|p| p.id == id)
            .map_or(0, |p| p.score)
    };
    Ok(GameResult::Finished([score(&ids[0]), score(&ids[1])]))
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
) -> Result<Action, String> {
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
        return Err(format!(
            "player {me}'s turn comes before the file can give the program that number"
        ));
    }
    std::fs::create_dir_all(dir).map_err(|e| format!("cannot create {}: {e}", dir.display()))?;
    let file = dir.join("game.txt");
    let before_text = write(&before);
    std::fs::write(&file, &before_text)
        .map_err(|e| format!("cannot write {}: {e}", file.display()))?;
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
    let after_text = std::fs::read_to_string(&file).unwrap_or_default();
    match code {
        0 => {
            let after = parse(&after_text).map_err(|e| format!("it wrote a damaged file: {e}"))?;
            check_move(&before, &after, &id, phase, penguins)
        }
        1 => Err("it said \"no move\" but had one".to_string()),
        other => Err(format!("it exited with {other}: {stderr}")),
    }
}

/// Plays the match, printing each game's result and the total to `out`; returns the results.
///
/// # Errors
/// When a program cannot even say its ID, the two IDs are equal, or the referee's own files
/// cannot be written.
pub fn run_match(setup: &MatchSetup, out: &mut impl Write) -> Result<Vec<GameResult>, String> {
    let ids = [
        program_id(&setup.programs[0])?,
        program_id(&setup.programs[1])?,
    ];
    if ids[0] == ids[1] {
        return Err(format!(
            "both programs call themselves `{}`: give one another ID (for Tablero: --id)",
            ids[0]
        ));
    }
    std::fs::create_dir_all(&setup.dir)
        .map_err(|e| format!("cannot create {}: {e}", setup.dir.display()))?;
    let mut results = Vec::new();
    let mut wins = [0u32; 2];
    let mut ties = 0;
    for game in 0..setup.games {
        let seed = setup.seed.wrapping_add(u64::from(game));
        let board = setup
            .generator
            .generate(seed, 2 * usize::from(setup.penguins));
        let first = (game % 2) as usize;
        let file = setup.dir.join(format!("game-{game}.txt"));
        let mut moves = Vec::new();
        let result = play_game(setup, &ids, board.clone(), first, &file, &mut moves)?;
        if let Some(dir) = &setup.records {
            let path = dir.join(format!("game-{}.ron", game + 1));
            if let Err(e) = write_record(setup, &ids, &board, first, seed, moves, &result, &path) {
                let _ = writeln!(out, "game {}: no record written: {e}", game + 1);
            }
        }
        let line = match &result {
            GameResult::Finished([a, b]) => format!("{} {a} fish, {} {b} fish", ids[0], ids[1]),
            GameResult::Forfeit { loser, reason } => format!("{} loses: {reason}", ids[*loser]),
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

/// Writes the record of one game to `path`: the board, the programs in turn order (player 1
/// first), every move with the time its call took, and the result. The record is replayed
/// first, so a record that would not replay is not written.
fn write_record(
    setup: &MatchSetup,
    ids: &[String; 2],
    board: &Board,
    first: usize,
    seed: u64,
    moves: Vec<Entry>,
    result: &GameResult,
    path: &Path,
) -> Result<(), String> {
    let mut record = Record::new(
        Layout::of_penguins_board(board),
        vec![Seat::Ai, Seat::Ai],
        setup.timeout.as_secs_f64().min(60.0),
        Some(seed),
    );
    record.penguins = Some(setup.penguins);
    record.moves = moves;
    let positions = record
        .replay::<State>()
        .map_err(|(_, message)| format!("its moves do not replay: {message}"))?;
    record.result = Some(match result {
        GameResult::Forfeit { loser, reason } => format!("{} loses: {reason}", ids[*loser]),
        GameResult::Finished(_) => positions
            .last()
            .and_then(Recorded::result)
            .unwrap_or_else(|| "finished".to_string()),
    });
    let players = format!("player A: {}, player B: {}", ids[first], ids[1 - first]);
    let text = format!("// {players}\n{}", record.to_ron());
    if let Some(dir) = path.parent() {
        std::fs::create_dir_all(dir)
            .map_err(|e| format!("cannot create {}: {e}", dir.display()))?;
    }
    crate::files::write_atomically(path, &text).map_err(|e| format!("{}: {e}", path.display()))
}
