//! `tablero tournament`: two players of one game against each other, headless, in pairs of
//! games with the seats swapped and the same opening for both games of a pair (seeded random
//! first plies in Magnetic Cave, a seeded board in Penguins, the same dice seed in Patolli),
//! with the score, the Elo difference and its 95 % interval, and each side's move times.
//!
//! A player is a [`Spec`]: `random`, `greedy` (the best one-ply outcome under the game's
//! static evaluation), `engine` (our search, optionally `engine:budget=0.5`) or, for Magnetic
//! Cave, `classroom` (a reference alpha-beta, `ai::classroom`).

use std::fmt;
use std::path::PathBuf;
use std::str::FromStr;
use std::sync::Mutex;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::time::{Duration, Instant};

use rand::rngs::StdRng;
use rand::{RngExt, SeedableRng};
use serde::{Deserialize, Serialize};

use crate::ai::{AiLevel, Deadline, SearchReport};
use crate::files::{WriteError, prepare_folder};
use crate::layout::{PatolliSetup, PenguinsSetup};
use crate::line_reader::{BoundedLines, LineTooLong};
use crate::protocol::referee::PROGRAM_LINE_LIMIT;
use crate::record::Record;
use crate::rules::magnetic_cave::{self, Outcome};
use crate::rules::patolli::{self, Rules, Track};
use crate::rules::penguins::{self, Generator};
use crate::rules::{Game, Seat};
use crate::runner::MatchRunner;
use crate::setup::{self, CaveMatch, Match, PatolliMatch, PenguinsMatch, SetupError};

/// Plies after which a game that has not ended is scored a draw (no real game comes near).
const MAX_PLIES: usize = 20_000;

/// A player of a tournament.
#[derive(Debug, Clone, PartialEq)]
pub enum Spec {
    /// A uniformly random legal action.
    Random,
    /// The action with the best static evaluation one ply ahead.
    Greedy,
    /// Our engine, with its own budget per decision if given (else the tournament's).
    Engine {
        /// The budget per decision.
        budget: Option<Duration>,
    },
    /// Our engine as it was when the tournament arrived (`ai::v1`), the yardstick.
    EngineV1 {
        /// The budget per decision.
        budget: Option<Duration>,
    },
    /// Magnetic Cave's reference alpha-beta (`ai::classroom`).
    Classroom {
        /// The budget per decision.
        budget: Option<Duration>,
    },
    /// The window's `Medium` AI level ([`Match::medium`]: `classroom` four plies deep in
    /// Magnetic Cave, the engine one action ahead in Patolli, `engine-v1` in Penguins).
    Medium {
        /// The budget per decision.
        budget: Option<Duration>,
    },
    /// An outside program, run through `sh -c`: for Magnetic Cave one that speaks the engine
    /// protocol (`docs/protocol.md`), started afresh for every game.
    Command(String),
}

/// Why a player spec was not understood.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum SpecError {
    /// No such player.
    #[error(
        "`{0}` is no player: random, greedy, engine[:budget=S], engine-v1[:budget=S], classroom[:budget=S], medium[:budget=S] or cmd:PROGRAM"
    )]
    Unknown(String),
    /// A bad setting.
    #[error("`{0}`: {1}")]
    Setting(String, String),
}

impl FromStr for Spec {
    type Err = SpecError;

    fn from_str(text: &str) -> Result<Spec, SpecError> {
        if let Some(program) = text.strip_prefix("cmd:") {
            if program.trim().is_empty() {
                return Err(SpecError::Setting(
                    text.to_string(),
                    "cmd: needs a program".to_string(),
                ));
            }
            return Ok(Spec::Command(program.to_string()));
        }
        let (name, settings) = text.split_once(':').unwrap_or((text, ""));
        let mut budget = None;
        for setting in settings.split(',').filter(|s| !s.is_empty()) {
            match setting.split_once('=') {
                Some(("budget", value)) => {
                    budget = Some(
                        crate::files::parse_budget(value)
                            .map_err(|e| SpecError::Setting(text.to_string(), e.to_string()))?,
                    );
                }
                _ => {
                    return Err(SpecError::Setting(
                        text.to_string(),
                        format!("unknown setting `{setting}` (budget=S)"),
                    ));
                }
            }
        }
        match (name, budget) {
            ("random", None) => Ok(Spec::Random),
            ("greedy", None) => Ok(Spec::Greedy),
            ("engine", budget) => Ok(Spec::Engine { budget }),
            ("engine-v1", budget) => Ok(Spec::EngineV1 { budget }),
            ("classroom", budget) => Ok(Spec::Classroom { budget }),
            ("medium", budget) => Ok(Spec::Medium { budget }),
            ("random" | "greedy", Some(_)) => Err(SpecError::Setting(
                text.to_string(),
                "this player takes no budget".to_string(),
            )),
            _ => Err(SpecError::Unknown(text.to_string())),
        }
    }
}

impl fmt::Display for Spec {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let with_budget =
            |f: &mut fmt::Formatter<'_>, name: &str, budget: &Option<Duration>| match budget {
                Some(b) => write!(f, "{name}:budget={}", b.as_secs_f64()),
                None => f.write_str(name),
            };
        match self {
            Spec::Random => f.write_str("random"),
            Spec::Greedy => f.write_str("greedy"),
            Spec::Engine { budget } => with_budget(f, "engine", budget),
            Spec::EngineV1 { budget } => with_budget(f, "engine-v1", budget),
            Spec::Classroom { budget } => with_budget(f, "classroom", budget),
            Spec::Medium { budget } => with_budget(f, "medium", budget),
            Spec::Command(program) => write!(f, "cmd:{program}"),
        }
    }
}

/// A game a tournament can play: how a pair's setup is drawn, who won, and the yardsticks
/// only a tournament plays (`engine-v1`, `classroom`); the AI levels come with every match
/// ([`AiLevels`](crate::ai::levels::AiLevels)).
pub trait Contest: Match {
    /// The setup every game of set `seed` plays (seats are the tournament's business).
    ///
    /// # Errors
    /// Settings that make no match (a board too small for the penguins).
    fn pair_setup(seed: u64, settings: &Settings) -> Result<Self::Setup, SetupError>;
    /// The decision of our first engine (`ai::v1`, as it was on 2026-11-23), a yardstick.
    fn engine_v1(&self, deadline: &Deadline) -> Option<SearchReport<Self::Action>>;
    /// The decision of the classroom alpha-beta (`ai::classroom`), where the game has one.
    fn classroom(&self, deadline: &Deadline) -> Option<SearchReport<Self::Action>> {
        let _ = deadline;
        None
    }
    /// The seat index (0, 1, …) of `player`.
    fn player_index(player: Self::Player) -> usize;
    /// The points of seat `index` in a finished game: 1 a win, 0.5 a shared first place, 0.
    fn points(&self, index: usize) -> f64;
    /// The move of the outside `program` for this position: by default through a line
    /// protocol `client`, started on the game's first call and kept for the game.
    ///
    /// # Errors
    /// Why the program gave no legal answer in time (the game is then forfeited).
    fn outside_move(
        &self,
        program: &str,
        client: &mut Option<ProgramClient>,
        budget: Duration,
    ) -> Result<Self::Action, ProgramFault> {
        let client = match client {
            Some(client) => client,
            None => client.insert(ProgramClient::start(program)?),
        };
        self.program_move(client, budget)
    }
    /// The move of an outside program for this position, asked through `client`.
    ///
    /// # Errors
    /// Why the program gave no legal answer in time (the game is then forfeited).
    fn program_move(
        &self,
        client: &mut ProgramClient,
        budget: Duration,
    ) -> Result<Self::Action, ProgramFault> {
        let _ = (client, budget);
        Err(ProgramFault::NotPlayedHere(Self::KIND.title()))
    }
}

/// Why an outside program gave no legal answer in time (its game is then forfeited).
#[derive(Debug, thiserror::Error)]
pub enum ProgramFault {
    /// It could not be started.
    #[error("cannot start `{command}`: {error}")]
    Start {
        /// Its command.
        command: String,
        /// Why.
        error: std::io::Error,
    },
    /// One of its pipes (`input`, `output`, `error`) was not there.
    #[error("no {0} pipe")]
    NoPipe(&'static str),
    /// It no longer reads its input.
    #[error("the program stopped reading ({error}); {ended}")]
    StoppedReading {
        /// The write that failed.
        error: std::io::Error,
        /// Why it ended.
        ended: ProgramEnded,
    },
    /// It did not answer in time.
    #[error("no answer within {:.1} s", .0.as_secs_f64())]
    NoAnswer(Duration),
    /// Its output ended.
    #[error("{0}")]
    Ended(ProgramEnded),
    /// A command was not answered `ok`.
    #[error("`{line}` was answered `{answer}`")]
    Answered {
        /// The command.
        line: String,
        /// The answer.
        answer: String,
    },
    /// Its `bestmove` names no cell.
    #[error("bestmove `{text}`: {reason}")]
    BadMove {
        /// What it wrote.
        text: String,
        /// Why it is no cell.
        reason: magnetic_cave::ParseCellError,
    },
    /// `go` was answered with an error.
    #[error("`go` was answered `{0}`")]
    GoRefused(String),
    /// It wrote a line over [`PROGRAM_LINE_LIMIT`] bytes.
    #[error("the program wrote {0}")]
    LineTooLong(LineTooLong),
    /// Outside programs do not play this game here.
    #[error("outside programs play Magnetic Cave here, not {0}")]
    NotPlayedHere(&'static str),
    /// A Penguins program broke the file protocol.
    #[error(transparent)]
    FileProtocol(#[from] crate::protocol::referee::ProgramError),
}

/// Why an outside program's output ended: its exit status and the last line of its error
/// output, as far as they are known.
#[derive(Debug)]
pub struct ProgramEnded {
    status: Option<std::process::ExitStatus>,
    last_error: Option<String>,
}

impl fmt::Display for ProgramEnded {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.status {
            Some(status) => write!(f, "the program ended ({status})")?,
            None => f.write_str("the program closed its output")?,
        }
        match &self.last_error {
            Some(last) => write!(f, ": {last}"),
            None => Ok(()),
        }
    }
}

/// Why a seat made no decision: its game is forfeited.
#[derive(Debug, thiserror::Error)]
pub enum NoDecision {
    /// The position has no legal action though one is due.
    #[error("no legal action where one is due")]
    NoLegalAction,
    /// The greedy player found the game over.
    #[error("the game is over")]
    GameOver,
    /// A search found nothing.
    #[error("the engine found no move")]
    NoEngineMove,
    /// The game has no classroom player.
    #[error("there is no classroom player for {0}")]
    NoClassroom(&'static str),
    /// The Medium level found nothing.
    #[error("the medium level found no move")]
    NoMediumMove,
    /// An outside program's fault.
    #[error(transparent)]
    Program(#[from] ProgramFault),
}

/// An outside program speaking a line protocol: its input, and its output lines as they come.
pub struct ProgramClient {
    child: std::process::Child,
    input: std::process::ChildStdin,
    lines: std::sync::mpsc::Receiver<Result<String, LineTooLong>>,
    /// Reads the program's standard error to its end and returns the last line written
    /// there, to say why the program ended.
    error_reader: Option<std::thread::JoinHandle<String>>,
    /// Moves of the game the program has been told.
    told: usize,
    started: bool,
}

impl ProgramClient {
    /// Starts `program` through `sh -c`.
    ///
    /// # Errors
    /// When it cannot be started.
    pub fn start(program: &str) -> Result<ProgramClient, ProgramFault> {
        use std::process::{Command, Stdio};
        let mut child = Command::new("sh")
            .args(["-c", program])
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::piped())
            .spawn()
            .map_err(|error| ProgramFault::Start {
                command: program.to_string(),
                error,
            })?;
        let input = child.stdin.take().ok_or(ProgramFault::NoPipe("input"))?;
        let output = child.stdout.take().ok_or(ProgramFault::NoPipe("output"))?;
        let errors = child.stderr.take().ok_or(ProgramFault::NoPipe("error"))?;
        let error_reader = crate::protocol::referee::drain(errors, 1);
        let (send, lines) = std::sync::mpsc::channel();
        std::thread::spawn(move || {
            for line in BoundedLines::new(std::io::BufReader::new(output), PROGRAM_LINE_LIMIT) {
                let Ok(line) = line else { break };
                if send.send(line).is_err() {
                    break;
                }
            }
        });
        Ok(ProgramClient {
            child,
            input,
            lines,
            error_reader: Some(error_reader),
            told: 0,
            started: false,
        })
    }

    /// Sends one line; when the program no longer reads, says why it ended (a program that
    /// could not start may be gone before its first line).
    fn send(&mut self, line: &str) -> Result<(), ProgramFault> {
        self.write_line(line)
            .map_err(|error| ProgramFault::StoppedReading {
                error,
                ended: self.why_it_ended(),
            })
    }

    fn write_line(&mut self, line: &str) -> std::io::Result<()> {
        use std::io::Write;
        writeln!(self.input, "{line}").and_then(|()| self.input.flush())
    }

    /// The next line within `wait`.
    fn receive(&mut self, wait: Duration) -> Result<String, ProgramFault> {
        match self.lines.recv_timeout(wait) {
            Ok(Ok(line)) => Ok(line),
            Ok(Err(too_long)) => Err(ProgramFault::LineTooLong(too_long)),
            Err(std::sync::mpsc::RecvTimeoutError::Timeout) => Err(ProgramFault::NoAnswer(wait)),
            Err(std::sync::mpsc::RecvTimeoutError::Disconnected) => {
                Err(ProgramFault::Ended(self.why_it_ended()))
            }
        }
    }

    /// Why the program's output ended: its exit status and the last line of its error
    /// output, as far as they are known within a moment.
    fn why_it_ended(&mut self) -> ProgramEnded {
        // The error output ends with the program: wait a moment for both.
        let mut status = None;
        for _ in 0..100 {
            if status.is_none() {
                status = self.child.try_wait().ok().flatten();
            }
            let read = self.error_reader.as_ref().is_none_or(|r| r.is_finished());
            if status.is_some() && read {
                break;
            }
            std::thread::sleep(Duration::from_millis(2));
        }
        let last_error = self
            .error_reader
            .take_if(|r| r.is_finished())
            .and_then(|reader| reader.join().ok())
            .and_then(|tail| crate::protocol::referee::last_error_line(tail.lines()));
        ProgramEnded { status, last_error }
    }

    /// Sends `line` and expects `ok` within `wait`.
    fn command(&mut self, line: &str, wait: Duration) -> Result<(), ProgramFault> {
        self.send(line)?;
        match self.receive(wait)? {
            answer if answer.trim() == "ok" => Ok(()),
            answer => Err(ProgramFault::Answered {
                line: line.to_string(),
                answer,
            }),
        }
    }
}

impl Drop for ProgramClient {
    fn drop(&mut self) {
        let _ = self.write_line("quit");
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

/// Time an outside program may take beyond the budget (to start, and for its pipes).
const PROGRAM_GRACE: Duration = Duration::from_secs(2);

impl Contest for magnetic_cave::State {
    fn engine_v1(&self, deadline: &Deadline) -> Option<SearchReport<magnetic_cave::Cell>> {
        crate::ai::v1::magnetic_cave::choose_move(self, deadline)
    }

    fn classroom(&self, deadline: &Deadline) -> Option<SearchReport<magnetic_cave::Cell>> {
        crate::ai::classroom::choose_move(self, deadline)
    }

    /// The standard cave after four seeded random plies.
    fn pair_setup(seed: u64, settings: &Settings) -> Result<CaveMatch, SetupError> {
        let mut rng = StdRng::seed_from_u64(seed);
        let mut state = magnetic_cave::State::new(magnetic_cave::Config::STANDARD);
        for _ in 0..4 {
            let moves = state.legal_moves();
            let pick = moves[rng.random_range(0..moves.len())];
            if state.apply(pick).is_err() || Game::outcome(&state).is_some() {
                break;
            }
        }
        setup::CaveMatch::new(
            magnetic_cave::Config::STANDARD,
            [Seat::Ai, Seat::Ai],
            settings.budget,
            AiLevel::Hard,
            state.moves().to_vec(),
        )
    }

    fn player_index(player: magnetic_cave::Brick) -> usize {
        player.index()
    }

    fn points(&self, index: usize) -> f64 {
        match Game::outcome(self) {
            Some(Outcome::Win { winner, .. }) if winner.index() == index => 1.0,
            Some(Outcome::Tie) => 0.5,
            _ => 0.0,
        }
    }

    /// Through the engine protocol: the moves it has not heard of, then `go`.
    fn program_move(
        &self,
        client: &mut ProgramClient,
        budget: Duration,
    ) -> Result<magnetic_cave::Cell, ProgramFault> {
        let wait = budget + PROGRAM_GRACE;
        if !client.started {
            let config = self.config();
            client.command(
                &format!(
                    "newgame {} {} {}",
                    config.width(),
                    config.height(),
                    config.win_length()
                ),
                wait,
            )?;
            client.started = true;
        }
        for cell in &self.moves()[client.told..] {
            client.command(&format!("move {cell}"), wait)?;
        }
        client.send(&format!("go {}", budget.as_secs_f64()))?;
        let started = Instant::now();
        loop {
            let left = wait.saturating_sub(started.elapsed());
            let line = client.receive(left)?;
            if let Some(cell) = line.trim().strip_prefix("bestmove ") {
                let cell = magnetic_cave::Cell::parse(cell.trim()).map_err(|reason| {
                    ProgramFault::BadMove {
                        text: cell.trim().to_string(),
                        reason,
                    }
                })?;
                // The program applied its move; the referee applies it next.
                client.told = self.moves().len() + 1;
                return Ok(cell);
            }
            if line.trim().starts_with("error") {
                return Err(ProgramFault::GoRefused(line.trim().to_string()));
            }
        }
    }
}

impl Contest for patolli::State {
    fn engine_v1(&self, deadline: &Deadline) -> Option<SearchReport<patolli::Action>> {
        crate::ai::v1::patolli::choose_action(self, deadline)
    }

    /// The 60-square cross with the default rules, for two players or, with `--players 3|4`,
    /// the cross for four with that many seated; the pair's dice seed.
    fn pair_setup(seed: u64, settings: &Settings) -> Result<PatolliMatch, SetupError> {
        let board = PatolliSetup {
            track: std::sync::Arc::new(Track::cross_for_players(7, settings.players)),
            rules: Rules::default(),
        };
        setup::PatolliMatch::new(
            board,
            vec![Seat::Ai; settings.players],
            settings.budget,
            AiLevel::Hard,
            seed,
            Vec::new(),
        )
    }

    fn player_index(player: patolli::Player) -> usize {
        player.index()
    }

    fn points(&self, index: usize) -> f64 {
        match self.winner() {
            Some(winner) if winner.index() == index => 1.0,
            _ => 0.0,
        }
    }
}

impl Contest for penguins::State {
    fn engine_v1(&self, deadline: &Deadline) -> Option<SearchReport<penguins::Action>> {
        crate::ai::v1::penguins::choose_action(self, deadline)
    }

    /// A seeded board (8x8 square fields unless `--rows`/`--cols`/`--grid` say otherwise) for the tournament's
    /// players with its penguins each (2 unless `--penguins` says otherwise).
    fn pair_setup(seed: u64, settings: &Settings) -> Result<PenguinsMatch, SetupError> {
        let defaults = Generator::default();
        let layout = PenguinsSetup::Generated(Generator {
            rows: settings.rows.unwrap_or(defaults.rows),
            cols: settings.cols.unwrap_or(defaults.cols),
            grid: settings.grid,
            ..defaults
        });
        setup::PenguinsMatch::new(
            layout,
            vec![Seat::Ai; settings.players],
            settings.penguins.unwrap_or(2),
            settings.budget,
            AiLevel::Hard,
            seed,
        )
    }

    fn player_index(player: penguins::Player) -> usize {
        usize::from(player.0).saturating_sub(1)
    }

    fn points(&self, index: usize) -> f64 {
        let Some(winners) = self.winners() else {
            return 0.0;
        };
        let number = u8::try_from(index + 1).unwrap_or(0);
        if winners.contains(&number) {
            1.0 / winners.len() as f64
        } else {
            0.0
        }
    }

    /// Through the file protocol, refereed by `penguins-match`'s code: one call a move, the
    /// game file in a folder of this thread's own, removed again after the move.
    fn outside_move(
        &self,
        program: &str,
        _client: &mut Option<ProgramClient>,
        budget: Duration,
    ) -> Result<penguins::Action, ProgramFault> {
        let thread = format!("{:?}", std::thread::current().id());
        let dir = std::env::temp_dir().join(format!(
            "tablero-tournament-{}-{}",
            std::process::id(),
            thread.trim_start_matches("ThreadId(").trim_end_matches(')')
        ));
        let action =
            crate::protocol::referee::program_action(program, self, budget + PROGRAM_GRACE, &dir);
        // Nothing of the tournament stays behind in the temporary folder.
        let _ = std::fs::remove_dir_all(&dir);
        Ok(action?)
    }
}

/// How a tournament is played.
#[derive(Debug, Clone)]
pub struct Settings {
    /// Player A.
    pub a: Spec,
    /// Player B.
    pub b: Spec,
    /// Games (rounded up to whole pairs).
    pub games: usize,
    /// The budget per decision of players that search (unless their spec says otherwise).
    pub budget: Duration,
    /// The seed of the first pair; pair p uses seed + p.
    pub seed: u64,
    /// Games played side by side.
    pub jobs: usize,
    /// Players in each game (2; Penguins 2 to 4): A takes one seat, B all the others, and A
    /// sits in each seat in turn within a set of games on the same opening.
    pub players: usize,
    /// Penguins: the board's rows.
    pub rows: Option<u16>,
    /// Penguins: the board's columns.
    pub cols: Option<u16>,
    /// Penguins: penguins per player.
    pub penguins: Option<u8>,
    /// Penguins: square fields or hexagonal floes.
    pub grid: penguins::Grid,
    /// Write each game's match record here.
    pub records: Option<PathBuf>,
    /// Play only this slice of the sets of games: `(k, n)` plays the sets whose index is
    /// `k - 1` modulo `n` (`--shard K/N`), with the numbers and openings they have in the
    /// whole list; `None` plays them all.
    pub shard: Option<Shard>,
}

/// The K-th of N slices of a tournament's seeded list of sets (`--shard K/N`, K from 1).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub struct Shard {
    /// Which slice, from 1.
    pub k: usize,
    /// How many slices.
    pub n: usize,
}

/// A `--shard` argument that is not `K/N` with `1 <= K <= N`.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("`{0}` is not a shard: write K/N with 1 <= K <= N, for example 2/4")]
pub struct ShardError(String);

impl FromStr for Shard {
    type Err = ShardError;

    fn from_str(text: &str) -> Result<Shard, ShardError> {
        let bad = || ShardError(text.to_string());
        let (k, n) = text.split_once('/').ok_or_else(bad)?;
        let k: usize = k.trim().parse().map_err(|_| bad())?;
        let n: usize = n.trim().parse().map_err(|_| bad())?;
        if k == 0 || k > n {
            return Err(bad());
        }
        Ok(Shard { k, n })
    }
}

impl fmt::Display for Shard {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}/{}", self.k, self.n)
    }
}

impl Shard {
    /// Whether the set (from 0) belongs to this slice.
    fn holds(self, set: usize) -> bool {
        set % self.n == self.k - 1
    }
}

/// One game's result.
#[derive(Debug, Clone, Serialize, Deserialize)]
pub struct GameResult {
    /// The game's number, from 1.
    pub number: usize,
    /// The seat A played (0: first to move).
    pub a_seat: usize,
    /// A's points: 1, 0.5 or 0.
    pub a_points: f64,
    /// Plies played.
    pub plies: usize,
    /// Who forfeited and why, if anyone did.
    pub forfeit: Option<Forfeit>,
    /// A's and B's decision times, in milliseconds.
    #[serde(skip)]
    pub times: [Vec<f64>; 2],
}

/// A game lost by a player's fault.
#[derive(Debug, Clone, Serialize, Deserialize)]
pub struct Forfeit {
    /// `a` or `b`.
    pub side: char,
    /// Why.
    pub reason: String,
}

/// The decision of `spec` for the position, or why it has none.
fn decide<G: Contest>(
    spec: &Spec,
    state: &G,
    budget: Duration,
    rng: &mut StdRng,
    client: &mut Option<ProgramClient>,
) -> Result<G::Action, NoDecision> {
    let actions = state.legal_actions();
    if actions.is_empty() {
        return Err(NoDecision::NoLegalAction);
    }
    match spec {
        Spec::Random => Ok(actions[rng.random_range(0..actions.len())]),
        Spec::Greedy => state
            .greedy()
            .map(|report| report.best)
            .ok_or(NoDecision::GameOver),
        Spec::Engine { budget: own } => state
            .search(&Deadline::within(own.unwrap_or(budget)))
            .map(|report| report.best)
            .ok_or(NoDecision::NoEngineMove),
        Spec::EngineV1 { budget: own } => state
            .engine_v1(&Deadline::within(own.unwrap_or(budget)))
            .map(|report| report.best)
            .ok_or(NoDecision::NoEngineMove),
        Spec::Classroom { budget: own } => state
            .classroom(&Deadline::within(own.unwrap_or(budget)))
            .map(|report| report.best)
            .ok_or(NoDecision::NoClassroom(G::KIND.title())),
        Spec::Medium { budget: own } => state
            .medium(&Deadline::within(own.unwrap_or(budget)))
            .map(|report| report.best)
            .ok_or(NoDecision::NoMediumMove),
        Spec::Command(program) => Ok(state.outside_move(program, client, budget)?),
    }
}

impl Settings {
    /// Games in a set on one opening: one for each seat A can take.
    pub fn set_size(&self) -> usize {
        self.players.max(2)
    }

    /// The games of the whole list: the games asked for, rounded up to whole sets.
    pub fn total_games(&self) -> usize {
        self.games.div_ceil(self.set_size()) * self.set_size()
    }

    /// The numbers (from 1) of the games this run plays: every game of the list, or the
    /// sets of its shard.
    pub fn game_numbers(&self) -> Vec<usize> {
        let size = self.set_size();
        (1..=self.total_games())
            .filter(|number| {
                self.shard
                    .is_none_or(|shard| shard.holds((number - 1) / size))
            })
            .collect()
    }
}

/// Plays game `number` (from 1): set (number - 1) / players, A in seat (number - 1) % players.
fn play_game<G: Contest>(
    settings: &Settings,
    number: usize,
    setup: G::Setup,
) -> (GameResult, Record) {
    let a_seat = (number - 1) % settings.set_size();
    let mut runner = MatchRunner::<G>::new(setup);
    let mut rng = StdRng::seed_from_u64(settings.seed ^ (number as u64).wrapping_mul(0x9E37));
    let mut times: [Vec<f64>; 2] = [Vec::new(), Vec::new()];
    let mut forfeit = None;
    let mut plies = 0;
    let mut clients: [Option<ProgramClient>; 2] = [None, None];
    while Game::outcome(runner.state()).is_none() && plies < MAX_PLIES {
        if runner.state().roll_due().is_some() {
            // A scripted roll the die cannot show is dropped; the next is drawn.
            if runner.roll().is_none() {
                break;
            }
            continue;
        }
        let Some(player) = runner.state().to_move() else {
            break;
        };
        let seat = G::player_index(player);
        let side = usize::from(seat != a_seat);
        let spec = if side == 0 { &settings.a } else { &settings.b };
        let began = Instant::now();
        let decision = decide(
            spec,
            runner.state(),
            settings.budget,
            &mut rng,
            &mut clients[side],
        );
        times[side].push(began.elapsed().as_secs_f64() * 1000.0);
        // The tournament plays every seat: the request comes from the seat that sits there.
        let seated = runner.seat(player);
        let applied = match decision {
            Ok(action) => runner
                .apply(action, seated)
                .map_err(|e| format!("illegal {action}: {e}")),
            Err(e) => Err(e.to_string()),
        };
        match applied {
            Ok(_) => plies += 1,
            Err(reason) => {
                forfeit = Some(Forfeit {
                    side: if side == 0 { 'a' } else { 'b' },
                    reason,
                });
                break;
            }
        }
    }
    let state = runner.state();
    let a_points = match &forfeit {
        Some(f) if f.side == 'a' => 0.0,
        Some(_) => 1.0,
        None if Game::outcome(state).is_none() => 0.5,
        None => state.points(a_seat),
    };
    let mut record = runner.record().clone();
    record.result = state.result().or_else(|| {
        forfeit
            .as_ref()
            .map(|f| format!("{} forfeits: {}", f.side, f.reason))
    });
    (
        GameResult {
            number,
            a_seat,
            a_points,
            plies,
            forfeit,
            times,
        },
        record,
    )
}

/// What a tournament found.
#[derive(Debug, Clone, Serialize, Deserialize)]
pub struct Summary {
    /// The game.
    pub game: String,
    /// Player A's spec.
    pub a: String,
    /// Player B's spec.
    pub b: String,
    /// Games played.
    pub games: usize,
    /// The budget per decision, in seconds.
    pub budget: f64,
    /// The first pair's seed.
    pub seed: u64,
    /// A's wins.
    pub wins: usize,
    /// Draws (and shared first places).
    pub draws: usize,
    /// A's losses.
    pub losses: usize,
    /// A's score, 0 to 1.
    pub score: f64,
    /// A's Elo difference over B; `None` for a perfect or a null score, which has no
    /// finite Elo.
    pub elo: Option<f64>,
    /// The low end of its 95 % interval (a perfect score: the one-sided 95 % lower bound);
    /// `None` for a null score.
    pub elo_low: Option<f64>,
    /// The high end of its 95 % interval (a null score: the one-sided 95 % upper bound);
    /// `None` for a perfect score.
    pub elo_high: Option<f64>,
    /// A's median decision time, in milliseconds.
    pub a_median_ms: f64,
    /// A's slowest decision, in milliseconds.
    pub a_slowest_ms: f64,
    /// B's median decision time, in milliseconds.
    pub b_median_ms: f64,
    /// B's slowest decision, in milliseconds.
    pub b_slowest_ms: f64,
    /// A's score as the first player (seat 0), 0 to 1.
    pub a_score_first: f64,
    /// A's score as the second player, 0 to 1.
    pub a_score_second: f64,
    /// Players in each game.
    pub players: usize,
    /// The slice of the list of sets this run played (`--shard`); `None` for the whole list
    /// or a merge.
    #[serde(default)]
    pub shard: Option<Shard>,
    /// Every game's result.
    pub results: Vec<GameResult>,
}

/// The Elo difference of A over B that scores `p` (clamped away from 0 and 1) in games of
/// `players` players, A against `players - 1` copies of B. With more than two players A's
/// fair share is `1 / players`: a win counts against every B at once (the Bradley–Terry
/// model for one winner among several, `p = g / (g + players - 1)` with `g = 10^(elo/400)`);
/// with two it is the usual Elo formula.
pub fn elo(p: f64, players: usize) -> f64 {
    let p = p.clamp(1e-3, 1.0 - 1e-3);
    let others = players.max(2) as f64 - 1.0;
    // `+ 0.0` turns -0 into 0, so an even score prints as +0.
    400.0 * (p * others / (1.0 - p)).log10() + 0.0
}

fn median_and_max(mut times: Vec<f64>) -> (f64, f64) {
    if times.is_empty() {
        return (0.0, 0.0);
    }
    times.sort_by(f64::total_cmp);
    (times[times.len() / 2], times[times.len() - 1])
}

/// What names a tournament's list of games, for a summary and to check that shards merge.
struct Header {
    game: String,
    a: String,
    b: String,
    budget: f64,
    seed: u64,
    players: usize,
    shard: Option<Shard>,
}

/// The score's Elo difference and its 95 % interval for per-game `points` in games of
/// `players` players: the normal approximation, or where every game is won (lost) the
/// one-sided bound of the exact binomial, `p^n = 5 %`, with no finite Elo on the other side.
pub fn elo_interval(points: &[f64], players: usize) -> (Option<f64>, Option<f64>, Option<f64>) {
    let n = points.len().max(1) as f64;
    let score = points.iter().sum::<f64>() / n;
    if !points.is_empty() && points.iter().all(|&p| p == 1.0) {
        return (None, Some(elo(0.05f64.powf(1.0 / n), players)), None);
    }
    if !points.is_empty() && points.iter().all(|&p| p == 0.0) {
        return (None, None, Some(elo(1.0 - 0.05f64.powf(1.0 / n), players)));
    }
    let variance = points.iter().map(|x| (x - score).powi(2)).sum::<f64>() / n;
    let margin = 1.96 * (variance / n).sqrt();
    (
        Some(elo(score, players)),
        Some(elo(score - margin, players)),
        Some(elo(score + margin, players)),
    )
}

fn summarise(header: Header, results: Vec<GameResult>, medians: [(f64, f64); 2]) -> Summary {
    let n = results.len().max(1) as f64;
    let points: Vec<f64> = results.iter().map(|r| r.a_points).collect();
    let score = points.iter().sum::<f64>() / n;
    let (elo_mid, elo_low, elo_high) = elo_interval(&points, header.players);
    let seat_score = |seat: usize| {
        let of: Vec<f64> = results
            .iter()
            .filter(|r| r.a_seat == seat)
            .map(|r| r.a_points)
            .collect();
        of.iter().sum::<f64>() / of.len().max(1) as f64
    };
    let [(a_median_ms, a_slowest_ms), (b_median_ms, b_slowest_ms)] = medians;
    Summary {
        game: header.game,
        a: header.a,
        b: header.b,
        games: results.len(),
        budget: header.budget,
        seed: header.seed,
        wins: points.iter().filter(|&&p| p == 1.0).count(),
        draws: points.iter().filter(|&&p| p > 0.0 && p < 1.0).count(),
        losses: points.iter().filter(|&&p| p == 0.0).count(),
        score,
        elo: elo_mid,
        elo_low,
        elo_high,
        a_median_ms,
        a_slowest_ms,
        b_median_ms,
        b_slowest_ms,
        a_score_first: seat_score(0),
        a_score_second: seat_score(1),
        players: header.players,
        shard: header.shard,
        results,
    }
}

/// Why shards' summaries do not merge into one tournament.
#[derive(Debug, Clone, PartialEq, thiserror::Error)]
pub enum MergeError {
    /// Nothing to merge.
    #[error("no summaries to merge")]
    Empty,
    /// A summary of another tournament (game, players, budget, seed or players a game).
    #[error("summary {index} is of another tournament: {what} is {theirs}, the first has {ours}")]
    Mismatch {
        /// The summary's position among those given, from 1.
        index: usize,
        /// What differs.
        what: &'static str,
        /// The first summary's value.
        ours: String,
        /// This summary's value.
        theirs: String,
    },
    /// Two summaries hold the same game.
    #[error("game {0} is in two of the summaries (the same shard twice?)")]
    Twice(usize),
}

/// What names a tournament's list of games, as [`list_named`] gives it.
const NAMED_BY: [&str; 6] = [
    "the game",
    "player A",
    "player B",
    "the budget",
    "the seed",
    "players a game",
];

/// What names the list of games `summary` played from ([`NAMED_BY`]): shards of one
/// tournament agree on all of it.
fn list_named(summary: &Summary) -> [String; 6] {
    [
        summary.game.clone(),
        summary.a.clone(),
        summary.b.clone(),
        summary.budget.to_string(),
        summary.seed.to_string(),
        summary.players.to_string(),
    ]
}

/// Joins the summaries of shards of one tournament (`--shard K/N` runs with the same game,
/// players, budget and seed) into the summary of the games they hold together: the same
/// games, wins, draws, losses, score, Elo and interval as one run of those games. The
/// slowest decisions are the slowest of the shards; a median is the median of the shards'
/// medians (the games' own times are not in a summary).
///
/// # Errors
/// [`MergeError`] when there is nothing to merge, a summary is of another tournament, or a
/// game is in two summaries.
pub fn merge(summaries: Vec<Summary>) -> Result<Summary, MergeError> {
    let first = summaries.first().ok_or(MergeError::Empty)?;
    let header = Header {
        game: first.game.clone(),
        a: first.a.clone(),
        b: first.b.clone(),
        budget: first.budget,
        seed: first.seed,
        players: first.players,
        shard: None,
    };
    for (index, summary) in summaries.iter().enumerate() {
        let differs = NAMED_BY
            .into_iter()
            .zip(list_named(first).into_iter().zip(list_named(summary)))
            .map(|(what, (ours, theirs))| (what, ours, theirs))
            .find(|(_, ours, theirs)| ours != theirs);
        if let Some((what, ours, theirs)) = differs {
            return Err(MergeError::Mismatch {
                index: index + 1,
                what,
                ours,
                theirs,
            });
        }
    }
    let median = |values: Vec<f64>| median_and_max(values).0;
    let medians = [
        (
            median(summaries.iter().map(|s| s.a_median_ms).collect()),
            summaries.iter().map(|s| s.a_slowest_ms).fold(0.0, f64::max),
        ),
        (
            median(summaries.iter().map(|s| s.b_median_ms).collect()),
            summaries.iter().map(|s| s.b_slowest_ms).fold(0.0, f64::max),
        ),
    ];
    let mut results: Vec<GameResult> = summaries.into_iter().flat_map(|s| s.results).collect();
    results.sort_by_key(|r| r.number);
    if let Some(pair) = results
        .windows(2)
        .find(|pair| pair[0].number == pair[1].number)
    {
        return Err(MergeError::Twice(pair[0].number));
    }
    Ok(summarise(header, results, medians))
}

/// The most a file of `--json` results given to `--merge` may hold (a line of some 150 bytes
/// a game: about a million games).
pub const RESULTS_LIMIT: u64 = 256 << 20;

/// Why a tournament was not played to its end.
#[derive(Debug, thiserror::Error)]
pub enum TournamentError {
    /// The settings make no match (a board too small for the penguins).
    #[error("--rows/--cols/--penguins: {0}")]
    Setup(SetupError),
    /// Nothing can be written in the records folder (checked before the first game).
    #[error("--records: {0}")]
    RecordsFolder(WriteError),
    /// A game's record cannot be written.
    #[error("cannot write a record: {}: {error}", .path.display())]
    Record {
        /// The record's file.
        path: PathBuf,
        /// Why.
        error: std::io::Error,
    },
}

/// Plays the tournament of game `G`; `progress` is called after each game with the number
/// finished.
///
/// # Errors
/// Settings that make no match (checked before any game), a records folder or record that
/// cannot be written.
pub fn run<G: Contest>(
    settings: &Settings,
    progress: impl Fn(usize) + Sync,
) -> Result<Summary, TournamentError> {
    let numbers = settings.game_numbers();
    // Each set's setup, made (and checked) once, before the first game is played.
    let set_of = |number: usize| (number - 1) / settings.set_size();
    let mut setups = std::collections::BTreeMap::new();
    for &number in &numbers {
        if let std::collections::btree_map::Entry::Vacant(slot) = setups.entry(set_of(number)) {
            let seed = settings.seed.wrapping_add(set_of(number) as u64);
            slot.insert(G::pair_setup(seed, settings).map_err(TournamentError::Setup)?);
        }
    }
    if let Some(dir) = &settings.records {
        prepare_folder(dir).map_err(TournamentError::RecordsFolder)?;
    }
    let next = AtomicUsize::new(0);
    let done = AtomicUsize::new(0);
    let results: Mutex<Vec<GameResult>> = Mutex::new(Vec::new());
    let failures: Mutex<Vec<TournamentError>> = Mutex::new(Vec::new());
    std::thread::scope(|scope| {
        for _ in 0..settings.jobs.clamp(1, 64) {
            scope.spawn(|| {
                loop {
                    let index = next.fetch_add(1, Ordering::Relaxed);
                    let Some((&number, setup)) = numbers
                        .get(index)
                        .and_then(|number| Some((number, setups.get(&set_of(*number))?)))
                    else {
                        break;
                    };
                    let (result, record) = play_game::<G>(settings, number, setup.clone());
                    if let Some(dir) = &settings.records {
                        let path = dir.join(format!("game-{number}.ron"));
                        if let Err(error) = record.save(&path)
                            && let Ok(mut f) = failures.lock()
                        {
                            f.push(TournamentError::Record { path, error });
                        }
                    }
                    if let Ok(mut all) = results.lock() {
                        all.push(result);
                    }
                    progress(done.fetch_add(1, Ordering::Relaxed) + 1);
                }
            });
        }
    });
    if let Some(first) = failures.into_inner().unwrap_or_default().into_iter().next() {
        return Err(first);
    }
    let mut results = results.into_inner().unwrap_or_default();
    results.sort_by_key(|r| r.number);
    let all = |side: usize| -> Vec<f64> {
        results
            .iter()
            .flat_map(|r| r.times[side].iter().copied())
            .collect()
    };
    let medians = [median_and_max(all(0)), median_and_max(all(1))];
    let header = Header {
        game: G::KIND.title().to_string(),
        a: settings.a.to_string(),
        b: settings.b.to_string(),
        budget: settings.budget.as_secs_f64(),
        seed: settings.seed,
        players: settings.set_size(),
        shard: settings.shard,
    };
    Ok(summarise(header, results, medians))
}

impl fmt::Display for Summary {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        writeln!(
            f,
            "{}: A = {} against B = {}, {} games, {} s a decision, seed {}",
            self.game, self.a, self.b, self.games, self.budget, self.seed
        )?;
        if let Some(shard) = self.shard {
            writeln!(
                f,
                "shard {shard} of the list of games (merge the shards with --merge)"
            )?;
        }
        if self.players > 2 {
            writeln!(
                f,
                "{} players a game: A in one seat, B in the others (a shared first place is a draw)",
                self.players
            )?;
        }
        writeln!(
            f,
            "        wins  draws  losses   score   Elo (95 % interval)"
        )?;
        let elo = match (self.elo, self.elo_low, self.elo_high) {
            (Some(elo), Some(low), Some(high)) => format!("{elo:+.0} ({low:+.0} to {high:+.0})"),
            (_, Some(low), None) => {
                format!("above {low:+.0} (one-sided 95 %; a perfect score has no finite Elo)")
            }
            (_, None, Some(high)) => {
                format!("below {high:+.0} (one-sided 95 %; a null score has no finite Elo)")
            }
            _ => "none".to_string(),
        };
        writeln!(
            f,
            "A     {:>6} {:>6} {:>7}  {:>5.1} %  {elo}",
            self.wins,
            self.draws,
            self.losses,
            self.score * 100.0,
        )?;
        writeln!(
            f,
            "A scored {:.1} % moving first and {:.1} % moving second",
            self.a_score_first * 100.0,
            self.a_score_second * 100.0
        )?;
        writeln!(
            f,
            "decision time: A median {:.0} ms, slowest {:.0} ms; B median {:.0} ms, slowest {:.0} ms",
            self.a_median_ms, self.a_slowest_ms, self.b_median_ms, self.b_slowest_ms
        )?;
        let forfeits: Vec<String> = self
            .results
            .iter()
            .filter_map(|r| {
                r.forfeit
                    .as_ref()
                    .map(|x| format!("game {}: {} ({})", r.number, x.side, x.reason))
            })
            .collect();
        if forfeits.is_empty() {
            writeln!(f, "forfeits: none")
        } else {
            writeln!(f, "forfeits: {}", forfeits.join("; "))
        }
    }
}
