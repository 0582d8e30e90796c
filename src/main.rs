//! The `tablero` command: parses the command line and starts the chosen front end.

use std::io::{self, IsTerminal};
use std::path::{Path, PathBuf};
use std::process::ExitCode;
use std::time::Duration;

use anyhow::{Context, Result, bail};
use clap::{Args, CommandFactory, FromArgMatches, Parser, Subcommand, ValueEnum};

use tablero::ai::AiLevel;
use tablero::app::{self, AppStart, Screenshot};
use tablero::console::Recording;
use tablero::files::{self, LAYOUT_LIMIT, read_limited};
use tablero::layout;
use tablero::layout::PenguinsSetup;
use tablero::levels;
use tablero::net::console::{HostConsole, JoinConsole};
use tablero::net::host::{Chair, Hosted, ListenOptions};
use tablero::protocol::referee::{MatchSetup, run_match};
use tablero::record::{self, Record};
use tablero::rules::magnetic_cave::{self, Cell, parse_moves};
use tablero::rules::patolli::{Dice, Overshoot};
use tablero::rules::penguins::{Generator, Grid};
use tablero::rules::{GameKind, Seat};
use tablero::rules::{patolli, penguins};
use tablero::setup::{self, CaveMatch, Match, PatolliMatch, PenguinsMatch, SetupError};
use tablero::tournament::{self, Settings, Spec};

/// The penguins-each range the command line accepts (clap's ranges are `i64`).
const PENGUINS_EACH: std::ops::RangeInclusive<i64> = tablero::rules::penguins::MIN_PENGUINS_EACH
    as i64
    ..=tablero::rules::penguins::MAX_PENGUINS_EACH as i64;

/// Board games in a window, a terminal, and for programs: Magnetic Cave and Patolli, and the
/// Penguins file protocol. With no command, opens the window at the menu (with the choices of
/// the last match started from it).
#[derive(Parser)]
#[command(name = "tablero", version, about, long_about = None)]
struct Cli {
    #[command(subcommand)]
    command: Option<Command>,
    /// With no command: save a PNG of the menu to FILE once it is drawn, then exit.
    #[arg(long, value_name = "FILE")]
    screenshot: Option<PathBuf>,
}

#[derive(Subcommand)]
enum Command {
    /// Start a match in the window directly, skipping the menu.
    Play {
        #[command(subcommand)]
        game: PlayGame,
    },
    /// Host a match in the window for players on other machines: seats given as `guest` are
    /// theirs (the window plays the `human` seats); the window shows the invitations until
    /// every guest has joined.
    Host {
        #[command(subcommand)]
        game: HostGame,
    },
    /// Join, in the window, the match an invitation invites to (to play, or to watch).
    Join {
        /// The invitation its host gave.
        invitation: String,
        /// The name the others see.
        #[arg(long, default_value = "guest")]
        name: String,
        #[command(flatten)]
        window: WindowOptions,
    },
    /// Watch, in the window, the match a watch invitation invites to.
    Watch {
        /// The watch invitation its host gave.
        invitation: String,
        #[command(flatten)]
        window: WindowOptions,
    },
    /// Play a game in the terminal, reading moves from standard input; host one for guests
    /// on other machines (GAME --host), or join one (--join INVITATION).
    #[command(args_conflicts_with_subcommands = true)]
    Console {
        #[command(subcommand)]
        game: Option<ConsoleGame>,
        #[command(flatten)]
        join: JoinOptions,
    },
    /// The Penguins file protocol: one move on a game file, for program-vs-program play.
    ///
    /// `tablero penguins phase=placement penguins=N INPUT OUTPUT`, `tablero penguins
    /// phase=movement INPUT OUTPUT`, `tablero penguins name`; options --id ID, --budget S.
    /// Exits 0 moved, 1 no move, 2 bad INPUT, 3 bad arguments or I/O failure.
    Penguins {
        /// The protocol's arguments (see `tablero penguins --help`).
        #[arg(trailing_var_arg = true, allow_hyphen_values = true)]
        args: Vec<String>,
    },
    /// Referee Penguins games between two programs that speak the file protocol.
    ///
    /// Each CMD is run through `sh -c` with the protocol's arguments appended (e.g. --a
    /// "tablero penguins --id alpha"); every move is checked against the rules.
    PenguinsMatch {
        /// The first program's command.
        #[arg(long)]
        a: String,
        /// The second program's command.
        #[arg(long)]
        b: String,
        /// Rows of each board (4 to 20) [default: the layout's, else 8].
        #[arg(long, value_parser = clap::value_parser!(u16).range(4..=20))]
        rows: Option<u16>,
        /// Columns of each board (4 to 20) [default: the layout's, else 8].
        #[arg(long, value_parser = clap::value_parser!(u16).range(4..=20))]
        cols: Option<u16>,
        /// A Penguins layout to draw the boards from (or its fixed board); square fields only,
        /// since the file protocol's boards are square [default: 8x8 drawn boards].
        #[arg(long)]
        layout: Option<PathBuf>,
        /// Penguins per player (1 to 5).
        #[arg(long, default_value_t = 2, value_parser = clap::value_parser!(u8).range(PENGUINS_EACH))]
        penguins: u8,
        /// The first board's seed; game g uses seed + g [default: random].
        #[arg(long)]
        seed: Option<u64>,
        /// Games to play (at least 1); the programs take turns to start.
        #[arg(long, default_value_t = 2, value_parser = clap::value_parser!(u32).range(1..))]
        games: u32,
        /// A call running longer than this many seconds loses its game.
        #[arg(long, default_value = "10", value_parser = tablero::files::parse_budget, allow_hyphen_values = true)]
        timeout: Duration,
        /// Where the game files are kept [default: a new folder in the system's temp folder].
        #[arg(long)]
        dir: Option<PathBuf>,
        /// Write a match record of each game to DIR (game-1.ron, game-2.ron, ...).
        #[arg(long, value_name = "DIR")]
        records: Option<PathBuf>,
    },
    /// Replay a match record in the window: arrow keys or the buttons step through it, Home and
    /// End jump to its start and end, Space plays it, C (Continue) plays on from the position shown
    /// with the record's seats.
    Replay {
        /// The match record (written by --record, the Save button or penguins-match --records).
        file: PathBuf,
        /// Analyse the match at once (as the A key does); a screenshot waits for the analysis.
        #[arg(long)]
        analyse: bool,
        #[command(flatten)]
        window: WindowOptions,
    },
    /// The board editor in the window: draw a Patolli track, paint Penguins floes, size a
    /// cave, see the checks as you go, save the RON file and play it. Without FILE: the list
    /// of boards to edit. A FILE that does not exist is a new board (of --game, or chosen in
    /// the window); a built-in board is saved as a copy. A file the editor cannot draw is
    /// refused with FILE:LINE:COLUMN (exit 1) and left as it is.
    Edit {
        /// The layout file to edit or make.
        file: Option<PathBuf>,
        /// The game of a new file.
        #[arg(long, value_enum)]
        game: Option<GameChoice>,
        #[command(flatten)]
        window: WindowOptions,
    },
    /// Play AI players against each other, headless: pairs of games with the seats swapped
    /// and the same opening, then the score, the Elo difference with its 95 % interval and
    /// the move times. --shard K/N plays one slice of the games; --merge joins the slices'
    /// --json results into one table.
    Tournament {
        /// The game.
        #[arg(long, value_enum, required_unless_present = "merge")]
        game: Option<GameChoice>,
        /// Player A: random, greedy, engine[:budget=S], engine-v1[:budget=S], medium[:budget=S]
        /// (the window's Medium level), classroom[:budget=S] (Magnetic Cave) or cmd:PROGRAM.
        #[arg(long, required_unless_present = "merge")]
        a: Option<Spec>,
        /// Player B, as A.
        #[arg(long, required_unless_present = "merge")]
        b: Option<Spec>,
        /// Games to play, at least 1 (rounded up to whole pairs).
        #[arg(long, default_value_t = 20, value_parser = clap::value_parser!(u32).range(1..))]
        games: u32,
        /// Seconds per decision for the players that search (at most 60).
        #[arg(long, default_value = "1", value_parser = tablero::files::parse_budget, allow_hyphen_values = true)]
        budget: Duration,
        /// The first pair's seed; pair p uses seed + p [default: random, printed].
        #[arg(long)]
        seed: Option<u64>,
        /// Games played side by side.
        #[arg(long, default_value_t = 1, value_parser = clap::value_parser!(u16).range(1..=64))]
        jobs: u16,
        /// Print the results as one JSON object on standard output.
        #[arg(long)]
        json: bool,
        /// Write each game's match record to DIR (game-1.ron, ...).
        #[arg(long, value_name = "DIR")]
        records: Option<PathBuf>,
        /// Patolli and Penguins: players a game (2 to 4); A takes one seat, B the others.
        #[arg(long, default_value_t = 2, value_parser = clap::value_parser!(u8).range(2..=4))]
        players: u8,
        /// Penguins: rows of the board (4 to 20) [default: 8].
        #[arg(long, value_parser = clap::value_parser!(u16).range(4..=20))]
        rows: Option<u16>,
        /// Penguins: columns of the board (4 to 20) [default: 8].
        #[arg(long, value_parser = clap::value_parser!(u16).range(4..=20))]
        cols: Option<u16>,
        /// Penguins: penguins per player (1 to 5) [default: 2].
        #[arg(long, value_parser = clap::value_parser!(u8).range(PENGUINS_EACH))]
        penguins: Option<u8>,
        /// Penguins: square fields or hexagonal floes (square or hex) [default: square].
        #[arg(long, value_parser = parse_grid)]
        grid: Option<Grid>,
        /// Play only the K-th of N slices of the same seeded list of game pairs (K from 1),
        /// for tournaments spread over processes or machines; join them with --merge.
        #[arg(long, value_name = "K/N")]
        shard: Option<tournament::Shard>,
        /// Join the --json results of the shards of one tournament (files, - for standard
        /// input) into one table, as one run of all their games would print it.
        #[arg(long, value_name = "FILE", num_args = 1.., conflicts_with_all = ["game", "a", "b", "shard", "records"])]
        merge: Vec<PathBuf>,
    },
    /// The engine protocol on standard input and output (see docs/protocol.md): newgame,
    /// move D7, go [SECONDS] (answers info and bestmove), undo, show, quit.
    Engine {
        #[command(subcommand)]
        game: EngineGame,
    },
    /// Check layout files and match records of any game; print each error as
    /// FILE:LINE:COLUMN: message.
    ///
    /// Exits 0 when every file is valid, 1 otherwise.
    CheckLayout {
        /// The layout files to check.
        #[arg(required = true)]
        files: Vec<PathBuf>,
    },
    /// Weigh every decision of a match record with the engine: the win chance of the player
    /// who decided, before and after, the engine's choice when it differs, and a verdict
    /// (inaccuracy, mistake, blunder); then each player's count and a text graph of the win
    /// chance.
    Analyse {
        /// The match record (written by --record, the Save button or penguins-match --records).
        record: PathBuf,
        /// Seconds the engine weighs each position (at most 60).
        #[arg(long, default_value = "1", value_parser = tablero::files::parse_budget, allow_hyphen_values = true)]
        budget: Duration,
        /// Print the analysis as JSON instead.
        #[arg(long)]
        json: bool,
    },
    /// Puzzles the solver proves: list them, solve them in the terminal, check a puzzle file,
    /// or make new ones from self-play.
    Puzzles {
        #[command(subcommand)]
        action: Option<PuzzlesAction>,
    },
    /// Say where the boards come from and list them; `levels export DIR` writes the built-in
    /// boards into DIR for a designer to start from.
    Levels {
        #[command(subcommand)]
        action: Option<LevelsAction>,
    },
}

#[derive(Subcommand)]
enum PuzzlesAction {
    /// List the puzzles of the levels in use, easiest first (the default).
    List,
    /// Solve puzzles in the terminal, easiest first (or from NAME): type the first move; a
    /// wrong one is refuted, a right one answered until the end.
    Play {
        /// The puzzle to start from.
        name: Option<String>,
    },
    /// Open the puzzles in the window: a game's (the cave's unless --game says), easiest
    /// unsolved first, or those of the puzzle NAME from it.
    Open {
        /// The puzzle to begin with.
        name: Option<String>,
        /// The game whose puzzles open.
        #[arg(long, value_enum, default_value = "magnetic-cave")]
        game: PuzzleGame,
        /// Save a PNG of the first puzzle to FILE once it is drawn, then exit.
        #[arg(long, value_name = "FILE")]
        screenshot: Option<PathBuf>,
    },
    /// Prove puzzle files (default: every one of the levels in use): a unique winning first
    /// move at the stated length. Exits 0 when every puzzle holds, 1 otherwise.
    Check {
        /// The puzzle files to check.
        files: Vec<PathBuf>,
        /// Prove only this many puzzles of each file, chosen by --seed.
        #[arg(long)]
        sample: Option<usize>,
        /// The seed that chooses the sample.
        #[arg(long, default_value_t = 0)]
        seed: u64,
        /// Seconds each cave puzzle's proof may take (at most 60).
        #[arg(long, default_value = "20", value_parser = tablero::files::parse_budget)]
        budget: Duration,
    },
    /// Cut puzzles from self-play at mixed levels and print them as a puzzle file.
    Make {
        /// The game.
        #[arg(long, value_enum)]
        game: PuzzleGame,
        /// How many puzzles.
        #[arg(long, default_value_t = 10)]
        count: usize,
        /// The seed of the self-play games.
        #[arg(long, default_value_t = 1)]
        seed: u64,
        /// The number of the first puzzle's name.
        #[arg(long, default_value_t = 1)]
        first: usize,
        /// Seconds the Hard and Medium levels take a move (at most 60).
        #[arg(long, default_value = "0.1", value_parser = tablero::files::parse_budget)]
        budget: Duration,
        /// Seconds a cave position's proof may take (at most 60).
        #[arg(long, default_value = "2", value_parser = tablero::files::parse_budget)]
        proof: Duration,
        /// Penguins each player has (Penguins).
        #[arg(long, default_value_t = 2, value_parser = clap::value_parser!(u8).range(PENGUINS_EACH))]
        penguins: u8,
    },
}

/// The games with puzzles.
#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
enum PuzzleGame {
    MagneticCave,
    Penguins,
}

#[derive(Subcommand)]
enum LevelsAction {
    /// Write the built-in layouts into DIR (made when its parent exists); files already there
    /// are left alone.
    Export {
        /// The folder to write them in.
        dir: PathBuf,
    },
}

#[derive(Subcommand)]
enum PlayGame {
    /// Magnetic Cave in the window.
    MagneticCave {
        #[command(flatten)]
        options: CaveOptions,
        #[command(flatten)]
        recording: RecordOptions,
        #[command(flatten)]
        window: WindowOptions,
    },
    /// Patolli in the window.
    Patolli {
        #[command(flatten)]
        options: PatolliOptions,
        #[command(flatten)]
        recording: RecordOptions,
        #[command(flatten)]
        window: WindowOptions,
    },
    /// Penguins in the window.
    Penguins {
        #[command(flatten)]
        options: PenguinsOptions,
        #[command(flatten)]
        recording: RecordOptions,
        #[command(flatten)]
        window: WindowOptions,
    },
}

#[derive(Subcommand)]
enum HostGame {
    /// Host Magnetic Cave.
    MagneticCave {
        #[command(flatten)]
        options: CaveOptions,
        #[command(flatten)]
        recording: RecordOptions,
        #[command(flatten)]
        listen: ListenArgs,
        #[command(flatten)]
        window: WindowOptions,
    },
    /// Host Patolli.
    Patolli {
        #[command(flatten)]
        options: PatolliOptions,
        #[command(flatten)]
        recording: RecordOptions,
        #[command(flatten)]
        listen: ListenArgs,
        #[command(flatten)]
        window: WindowOptions,
    },
    /// Host Penguins.
    Penguins {
        #[command(flatten)]
        options: PenguinsOptions,
        #[command(flatten)]
        recording: RecordOptions,
        #[command(flatten)]
        listen: ListenArgs,
        #[command(flatten)]
        window: WindowOptions,
    },
}

#[derive(Subcommand)]
enum ConsoleGame {
    /// Magnetic Cave in the terminal: type cells like D7; `status`, `undo`, `help`, `quit`.
    MagneticCave {
        #[command(flatten)]
        options: CaveOptions,
        #[command(flatten)]
        recording: RecordOptions,
        #[command(flatten)]
        host: HostOptions,
    },
    /// Patolli in the terminal: type a piece label to move it, `place`, `place C` or `pass`;
    /// `status`, `help`, `quit`. The referee rolls for you.
    Patolli {
        #[command(flatten)]
        options: PatolliOptions,
        #[command(flatten)]
        recording: RecordOptions,
        #[command(flatten)]
        host: HostOptions,
    },
    /// Penguins in the terminal: type `x y` to place, `x1 y1 x2 y2` to move; `status`,
    /// `undo`, `help`, `quit`.
    Penguins {
        #[command(flatten)]
        options: PenguinsOptions,
        #[command(flatten)]
        recording: RecordOptions,
        #[command(flatten)]
        host: HostOptions,
    },
}

/// Hosting a console match for guests on other machines.
#[derive(Args, Clone)]
struct HostOptions {
    /// Host the match over the network: print an invitation to play and one to watch, wait
    /// for a guest in every seat given as `guest`, then referee the match.
    #[arg(long)]
    host: bool,
    #[command(flatten)]
    listen: ListenArgs,
}

/// Seconds a guest may be away before the host's AI plays its seat, unless told otherwise.
const DEFAULT_AWAY_AI_AFTER: u64 = 300;

/// Where a host listens, what its invitations say, how long a guest may be away.
#[derive(Args, Clone)]
struct ListenArgs {
    /// With --host: the TCP port to listen on (0: any free port).
    #[arg(long, default_value_t = tablero::net::host::DEFAULT_PORT)]
    port: u16,
    /// With --host: the address to listen on (0.0.0.0: every network of this machine).
    #[arg(long, default_value = "0.0.0.0")]
    bind: std::net::IpAddr,
    /// With --host: the address guests connect to, written in the invitations (HOST or
    /// HOST:PORT) [default: this machine's address on its network, and the port].
    #[arg(long, value_name = "HOST[:PORT]")]
    advertise: Option<String>,
    /// With --host: seconds a guest may be away before the host's AI plays its seat until it
    /// is back.
    #[arg(long, default_value_t = DEFAULT_AWAY_AI_AFTER)]
    away_ai_after: u64,
}

impl ListenArgs {
    /// Whether any of these was given a value other than its default.
    fn changed(&self) -> bool {
        self.port != tablero::net::host::DEFAULT_PORT
            || self.bind != std::net::IpAddr::from([0, 0, 0, 0])
            || self.advertise.is_some()
            || self.away_ai_after != DEFAULT_AWAY_AI_AFTER
    }

    /// Where to listen and what to advertise.
    fn options(&self) -> ListenOptions {
        ListenOptions {
            bind: std::net::SocketAddr::new(self.bind, self.port),
            advertise: self.advertise.clone(),
        }
    }
}

impl HostOptions {
    /// The console host's options, with the record written to `record_to`.
    fn console(&self, record_to: Option<PathBuf>) -> HostConsole {
        HostConsole {
            listen: self.listen.options(),
            away_ai_after: Duration::from_secs(self.listen.away_ai_after),
            record_to,
        }
    }
}

/// Joining a console match hosted on another machine.
#[derive(Args, Clone)]
struct JoinOptions {
    /// Join the match this invitation (from its host) invites to: to play a seat, or to watch.
    #[arg(long, value_name = "INVITATION")]
    join: Option<String>,
    /// The name the others see.
    #[arg(long, default_value = "guest", requires = "join")]
    name: String,
    /// Let this machine's AI play the seat (at the match's level and budget).
    #[arg(long, requires = "join")]
    ai: bool,
    /// Write this guest's copy of the match record (RON) to FILE as the match goes.
    #[arg(long = "record", value_name = "FILE", requires = "join")]
    record_to: Option<PathBuf>,
}

/// Match records: write one as the match goes, or go on from one.
#[derive(Args, Clone)]
struct RecordOptions {
    /// Write the match record (RON) to FILE as the match goes, after every roll and action.
    #[arg(long, value_name = "FILE")]
    record: Option<PathBuf>,
    /// Go on with the match in the record FILE where it stands, with its layout and seats
    /// (the game's other options are not used).
    #[arg(long, value_name = "FILE")]
    from: Option<PathBuf>,
}

impl RecordOptions {
    /// The record to resume, checked and replayed, if `--from` names one of `game`.
    fn resume(&self, game: GameKind) -> Result<Option<Record>> {
        let Some(path) = &self.from else {
            return Ok(None);
        };
        let replayed = tablero::replay::load(path)?;
        let record = replayed.record().clone();
        if record.game != game {
            bail!(
                "--from: {} is a record of {}, not of {}",
                path.display(),
                record.game.title(),
                game.title()
            );
        }
        Ok(Some(record))
    }

    /// Where `--record` writes, checked before the match starts.
    fn record_to(&self) -> Result<Option<PathBuf>> {
        if let Some(path) = &self.record {
            files::prepare_file(path).map_err(|e| anyhow::anyhow!("--record: {e}"))?;
        }
        Ok(self.record.clone())
    }

    fn recording(&self, resume: Option<Record>) -> Result<Recording> {
        Ok(Recording {
            to: self.record_to()?,
            resume,
        })
    }
}

/// Players, board and penguins of a Penguins match.
#[derive(Args, Clone)]
struct PenguinsOptions {
    /// Who plays each player, in turn order, comma-separated: 2 to 4 of human or ai (or
    /// guest, with --host).
    #[arg(long, default_value = "human,ai", value_delimiter = ',', value_parser = parse_chair)]
    players: Vec<Chair>,
    /// Rows of the board (4 to 20) [default: the layout's].
    #[arg(long, value_parser = clap::value_parser!(u16).range(4..=20))]
    rows: Option<u16>,
    /// Columns of the board (4 to 20) [default: the layout's].
    #[arg(long, value_parser = clap::value_parser!(u16).range(4..=20))]
    cols: Option<u16>,
    /// Penguins per player (1 to 5).
    #[arg(long, default_value_t = 2, value_parser = clap::value_parser!(u8).range(PENGUINS_EACH))]
    penguins: u8,
    /// The seed of the board [default: random, printed at the start].
    #[arg(long)]
    seed: Option<u64>,
    /// The AI's time per move, in seconds (at most 60).
    #[arg(long, default_value = "1", value_parser = tablero::files::parse_budget, allow_hyphen_values = true)]
    budget: Duration,
    /// How strongly the AI plays: easy (one move ahead), medium (a plain player, which one
    /// depends on the game: see the README), hard (the engine).
    #[arg(long, default_value = "hard", value_parser = parse_level)]
    level: AiLevel,
    /// The layout file [default: levels/penguins.ron]; --rows and --cols override its size,
    /// a fixed board in it is played as it is.
    #[arg(long)]
    layout: Option<PathBuf>,
}

/// Seats, dice and rule options of a Patolli match.
#[derive(Args, Clone)]
struct PatolliOptions {
    /// Who plays L (pieces A-F, moves first): human or ai (or guest, with --host).
    #[arg(long = "l", default_value = "human", value_parser = parse_chair)]
    l: Chair,
    /// Who plays N (pieces 1-6): human or ai (or guest, with --host).
    #[arg(long = "n", default_value = "human", value_parser = parse_chair)]
    n: Chair,
    /// Who plays each player the board seats, comma-separated in the order L, N, G, M (e.g.
    /// human,ai,ai on a board for three); instead of --l and --n [default: --l, --n, then ai].
    #[arg(long, value_delimiter = ',', value_parser = parse_chair, conflicts_with_all = ["l", "n"])]
    players: Vec<Chair>,
    /// The seed of the dice [default: random, printed at the start].
    #[arg(long)]
    seed: Option<u64>,
    /// The first rolls, comma-separated (e.g. 3,0,5); then the seeded dice continue.
    #[arg(long, value_delimiter = ',')]
    dice: Vec<u8>,
    /// What a roll past the end square does (overrides the layout).
    #[arg(long, value_enum)]
    overshoot: Option<OvershootChoice>,
    /// The die: uniform 0-5 or five beans (overrides the layout).
    #[arg(long, value_enum)]
    dice_kind: Option<DiceChoice>,
    /// The AI's time per decision, in seconds (at most 60).
    #[arg(long, default_value = "3", value_parser = tablero::files::parse_budget, allow_hyphen_values = true)]
    budget: Duration,
    /// How strongly the AI plays: easy (one move ahead), medium (a plain player, which one
    /// depends on the game: see the README), hard (the engine).
    #[arg(long, default_value = "hard", value_parser = parse_level)]
    level: AiLevel,
    /// The layout file [default: levels/patolli.ron].
    #[arg(long)]
    layout: Option<PathBuf>,
}

/// The games the engine protocol plays.
#[derive(Subcommand)]
enum EngineGame {
    /// Magnetic Cave.
    MagneticCave,
}

/// A game, on the command line.
#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
enum GameChoice {
    /// Magnetic Cave.
    MagneticCave,
    /// Patolli.
    Patolli,
    /// Penguins.
    Penguins,
}

/// `--overshoot`: what a roll past the end square does.
#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
enum OvershootChoice {
    /// The piece goes on round the loop.
    ContinueLap,
    /// Such a move is illegal.
    Forbidden,
    /// The piece goes back to its pool.
    BackToStart,
}

/// `--dice-kind`: the die.
#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
enum DiceChoice {
    /// A die showing 0 to 5.
    Uniform,
    /// Five two-sided beans.
    Beans,
}

/// Seats, AI budget, opening moves and layout of a Magnetic Cave match.
#[derive(Args, Clone)]
struct CaveOptions {
    /// Who plays ■ (black, moves first): human or ai (or guest, with --host).
    #[arg(long, default_value = "human", value_parser = parse_chair)]
    black: Chair,
    /// Who plays □ (white): human or ai (or guest, with --host).
    #[arg(long, default_value = "human", value_parser = parse_chair)]
    white: Chair,
    /// The AI's time per move, in seconds (at most 60).
    #[arg(long, default_value = "3", value_parser = tablero::files::parse_budget, allow_hyphen_values = true)]
    budget: Duration,
    /// How strongly the AI plays: easy (one move ahead), medium (a plain player, which one
    /// depends on the game: see the README), hard (the engine).
    #[arg(long, default_value = "hard", value_parser = parse_level)]
    level: AiLevel,
    /// Moves already played, comma-separated cell names, e.g. A1,H1,B1.
    #[arg(long, default_value = "")]
    moves: String,
    /// The layout file [default: levels/magnetic_cave.ron].
    #[arg(long)]
    layout: Option<PathBuf>,
}

/// Options of the window used by designers and tests.
#[derive(Args, Clone)]
struct WindowOptions {
    /// Save a PNG of the window to FILE once the board is drawn, then exit.
    #[arg(long, value_name = "FILE")]
    screenshot: Option<PathBuf>,
    /// With --screenshot: wait until this many more moves (Patolli: actions) have been played.
    #[arg(long, default_value_t = 0, value_name = "N", requires = "screenshot")]
    screenshot_after_moves: usize,
    /// With --screenshot: take it in the frame after those moves, without waiting for the
    /// pieces to come to rest (shows what the animation setting leaves on screen).
    #[arg(long, requires = "screenshot")]
    screenshot_at_once: bool,
    /// With --screenshot: take it with the game's rules page open (F1).
    #[arg(long, requires = "screenshot")]
    screenshot_rules: bool,
}

fn parse_chair(text: &str) -> Result<Chair, tablero::rules::ParseError> {
    text.parse()
}

/// The seat a chair has in a match's setup: a guest decides as a human does.
fn seat_of(chair: Chair) -> Seat {
    match chair {
        Chair::Here(seat) => seat,
        Chair::Guest => Seat::Human,
    }
}

/// `chairs` (one for each of the `seats` a match has; the ones not given are the AI's), or
/// the error of a guest seat in a match that is not hosted.
fn chairs_of(given: &[Chair], seats: usize, hosting: bool) -> Result<Vec<Chair>> {
    if !hosting && given.contains(&Chair::Guest) {
        bail!(
            "a guest seat is for a match played over the network: `tablero host GAME`, or `tablero console GAME --host`"
        );
    }
    let mut chairs = given.to_vec();
    chairs.resize(seats.max(given.len()), Chair::Here(Seat::Ai));
    Ok(chairs)
}

fn parse_level(text: &str) -> Result<AiLevel, tablero::ai::UnknownLevel> {
    text.parse()
}

fn main() -> ExitCode {
    // The file protocol reads its own arguments, so that its exit codes hold for every mistake.
    let args: Vec<String> = std::env::args_os()
        .skip(1)
        .map(|a| a.to_string_lossy().into_owned())
        .collect();
    if args.first().map(String::as_str) == Some("penguins") {
        return penguins_call(&args[1..]);
    }
    // `--help` says where the boards come from.
    let boards = match levels::find() {
        Ok(levels) => format!("Boards: {levels} (`tablero levels` lists them)."),
        Err(e) => format!("Boards: {e}."),
    };
    let cli = match Cli::from_arg_matches(&Cli::command().after_help(boards).get_matches()) {
        Ok(cli) => cli,
        Err(e) => e.exit(),
    };
    match run(cli) {
        Ok(code) => code,
        Err(e) => {
            eprintln!("error: {e:#}");
            ExitCode::from(2)
        }
    }
}

/// `tablero analyse`: the record at `path` weighed for `budget` a position, printed as a table
/// and a graph, or as JSON; the progress on standard error when it is a terminal.
fn analyse_command(path: &Path, budget: Duration, json: bool) -> Result<ExitCode> {
    let replayed = tablero::replay::load(path).map_err(|e| anyhow::anyhow!("{e}"))?;
    let show_progress = io::stderr().is_terminal();
    let mut progress = |done: usize, total: usize| {
        if show_progress {
            eprint!("\ranalysing: {done} of {total} decisions");
            if done == total {
                eprintln!();
            }
        }
        true
    };
    let game = replayed.record().game;
    let analysis = tablero::analysis::replayed::analyse_replayed(&replayed, budget, &mut progress);
    let Some(analysis) = analysis else {
        bail!("the analysis stopped");
    };
    if json {
        println!("{}", serde_json::to_string_pretty(&analysis)?);
    } else {
        println!(
            "{} ({}), {} decisions, {} s a position; win chance by {}.",
            path.display(),
            game.title(),
            analysis.decisions.len(),
            analysis.budget,
            analysis.method
        );
        print!("{}", tablero::analysis::table(&analysis));
        println!("The win chance of the player who decided, after each decision:");
        print!("{}", tablero::analysis::text_graph(&analysis));
    }
    Ok(ExitCode::SUCCESS)
}

/// `tablero puzzles …`.
fn puzzles_command(action: PuzzlesAction) -> Result<ExitCode> {
    use tablero::puzzles::{self, Check, make};
    match action {
        PuzzlesAction::List => {
            let levels = levels::find()?;
            let (found, errors) = puzzles::load(&levels, Check::Rules);
            println!("Puzzles: {levels}");
            for located in &found {
                let (depth, length) = located.puzzle.difficulty();
                println!(
                    "  {} ({}, difficulty {depth}.{length}): {}",
                    located.puzzle.name(),
                    located.puzzle.game().title(),
                    located.puzzle.task()
                );
            }
            for error in &errors {
                println!("  refused: {error}");
            }
            Ok(ExitCode::SUCCESS)
        }
        PuzzlesAction::Play { name } => {
            let levels = levels::find()?;
            let (found, errors) = puzzles::load(&levels, Check::Rules);
            for error in &errors {
                eprintln!("refused: {error}");
            }
            let stdin = io::stdin();
            let mut input = stdin.lock();
            let mut output = io::stdout();
            tablero::console::puzzles::play(&found, name.as_deref(), &mut input, &mut output)?;
            Ok(ExitCode::SUCCESS)
        }
        PuzzlesAction::Open {
            name,
            game,
            screenshot,
        } => {
            let mut start = AppStart::menu(levels::find()?);
            start.menu_memory = app::menu::memory::settings_file();
            start.puzzles = Some(app::puzzles::PuzzlesRequested {
                game: match game {
                    PuzzleGame::MagneticCave => GameKind::MagneticCave,
                    PuzzleGame::Penguins => GameKind::Penguins,
                },
                first: name,
            });
            start.screenshot = screenshot.map(|path| Screenshot {
                path,
                after_moves: 0,
                at_once: false,
                rules: false,
            });
            Ok(open_window(start))
        }
        PuzzlesAction::Check {
            files,
            sample,
            seed,
            budget,
        } => {
            let paths = if files.is_empty() {
                puzzles::files(&levels::find()?)
            } else {
                files
            };
            let mut refused = 0;
            for path in &paths {
                let text = match puzzles::read_text(path) {
                    Ok(text) => text,
                    Err(e) => {
                        println!("{e}");
                        refused += 1;
                        continue;
                    }
                };
                let shown = path.display().to_string();
                let (located, mut errors) = puzzles::read(&shown, &text, Check::Rules);
                let chosen = match sample {
                    Some(count) => puzzles::sample(&located, count, seed),
                    None => located,
                };
                let mut proved = 0;
                for one in &chosen {
                    match one.puzzle.prove(budget) {
                        Ok(()) => proved += 1,
                        Err(message) => errors.push(layout::LayoutError {
                            file: one.file.clone(),
                            line: one.line,
                            column: 1,
                            problem: layout::LayoutProblem::Puzzle {
                                name: one.puzzle.name().to_string(),
                                reason: message,
                            },
                        }),
                    }
                }
                for error in &errors {
                    println!("{error}");
                }
                refused += errors.len();
                println!("{shown}: {proved} puzzles proved, {} refused", errors.len());
            }
            Ok(if refused == 0 {
                ExitCode::SUCCESS
            } else {
                ExitCode::from(1)
            })
        }
        PuzzlesAction::Make {
            game,
            count,
            seed,
            first,
            budget,
            proof,
            penguins,
        } => {
            let play = make::SelfPlay {
                seed,
                budget,
                proof,
            };
            let started = std::time::Instant::now();
            let report = |found: usize, games: u64| {
                eprintln!(
                    "{found} of {count} puzzles after {games} games ({:.0} s)",
                    started.elapsed().as_secs_f64()
                );
            };
            let (text, games) = match game {
                PuzzleGame::MagneticCave => {
                    let made = make::cave(count, first, play, report);
                    (puzzles::write_cave(&made.puzzles), made.games)
                }
                PuzzleGame::Penguins => {
                    let made = make::penguins(count, first, penguins, play, report);
                    (puzzles::write_penguins(&made.puzzles), made.games)
                }
            };
            print!("{text}");
            eprintln!(
                "made {count} puzzles from {games} self-play games in {:.0} s (seed {seed})",
                started.elapsed().as_secs_f64()
            );
            Ok(ExitCode::SUCCESS)
        }
    }
}

fn run(cli: Cli) -> Result<ExitCode> {
    match cli.command {
        None => {
            let mut start = AppStart::menu(levels::find()?);
            start.menu_memory = app::menu::memory::settings_file();
            start.screenshot = cli.screenshot.map(|path| Screenshot {
                path,
                after_moves: 0,
                at_once: false,
                rules: false,
            });
            Ok(open_window(start))
        }
        Some(Command::CheckLayout { files }) => Ok(check_layouts(&files)),
        Some(Command::Analyse {
            record,
            budget,
            json,
        }) => analyse_command(&record, budget, json),
        Some(Command::Puzzles { action }) => puzzles_command(action.unwrap_or(PuzzlesAction::List)),
        Some(Command::Levels { action: None }) => {
            let levels = levels::find()?;
            println!("Boards: {levels}");
            for board in layout::boards(&levels) {
                let game = board.game.map_or("?", |game| game.title());
                match &board.setup {
                    Ok(_) => println!("  {game}: {} ({})", board.name, board.path.display()),
                    Err(e) => println!("  {game}: {} — {e}", board.name),
                }
            }
            Ok(ExitCode::SUCCESS)
        }
        Some(Command::Levels {
            action: Some(LevelsAction::Export { dir }),
        }) => {
            let (written, kept) = levels::export(&dir)?;
            for path in written {
                println!("wrote {}", path.display());
            }
            for path in kept {
                println!("kept {} (already there)", path.display());
            }
            Ok(ExitCode::SUCCESS)
        }
        Some(Command::Engine {
            game: EngineGame::MagneticCave,
        }) => {
            tablero::engine::run(io::stdin().lock(), &mut io::stdout().lock())?;
            Ok(ExitCode::SUCCESS)
        }
        Some(Command::Tournament {
            game,
            a,
            b,
            games,
            budget,
            seed,
            jobs,
            json,
            records,
            players,
            rows,
            cols,
            penguins,
            grid,
            shard,
            merge,
        }) => {
            let (Some(game), Some(a), Some(b)) = (game, a, b) else {
                return merge_command(&merge, json);
            };
            if game == GameChoice::MagneticCave && players != 2 {
                bail!("--players is for Patolli and Penguins tournaments");
            }
            if game != GameChoice::Penguins
                && (rows.is_some() || cols.is_some() || penguins.is_some() || grid.is_some())
            {
                bail!("--rows, --cols, --penguins and --grid are for Penguins tournaments");
            }
            let settings = Settings {
                a,
                b,
                games: games as usize,
                budget,
                seed: seed.unwrap_or_else(|| rand::random::<u64>() % 1_000_000),
                jobs: usize::from(jobs),
                records,
                players: usize::from(players),
                rows,
                cols,
                penguins,
                grid: grid.unwrap_or_default(),
                shard,
            };
            if let Some(shard) = settings.shard
                && settings.game_numbers().is_empty()
            {
                bail!(
                    "--shard {shard}: the list has only {} sets of games, so this shard has none",
                    settings.total_games() / settings.set_size()
                );
            }
            tournament_command(game, &settings, json)
        }
        Some(Command::Penguins { args }) => Ok(penguins_call(&args)),
        Some(Command::PenguinsMatch {
            a,
            b,
            rows,
            cols,
            layout,
            penguins,
            seed,
            games,
            timeout,
            dir,
            records,
        }) => {
            let layout_file = layout;
            let mut layout = match &layout_file {
                Some(path) => setup::load_penguins_layout(path)?,
                None => PenguinsSetup::Generated(Generator::default()),
            };
            if let PenguinsSetup::Generated(generator) = &mut layout {
                generator.rows = rows.unwrap_or(generator.rows);
                generator.cols = cols.unwrap_or(generator.cols);
            }
            if let (Grid::Hex, Some(path)) = (layout.grid(), &layout_file) {
                eprintln!(
                    "error: {}: penguins-match plays the file protocol, whose boards are \
                     square, and this layout has hexagonal floes (grid: Hex); play it with \
                     `tablero play penguins`, `console penguins` or `tournament --game \
                     penguins --grid hex`",
                    path.display()
                );
                return Ok(ExitCode::from(3));
            }
            let setup = MatchSetup {
                programs: [a, b],
                layout,
                penguins,
                seed: seed.unwrap_or_else(rand::random),
                games,
                timeout,
                dir: dir.unwrap_or_else(|| {
                    std::env::temp_dir().join(format!("tablero-match-{}", std::process::id()))
                }),
                records,
            };
            files::prepare_folder(&setup.dir).map_err(|e| anyhow::anyhow!("--dir: {e}"))?;
            if let Some(records) = &setup.records {
                files::prepare_folder(records).map_err(|e| anyhow::anyhow!("--records: {e}"))?;
            }
            println!("game files in {}", setup.dir.display());
            run_match(&setup, &mut io::stdout().lock())?;
            Ok(ExitCode::SUCCESS)
        }
        Some(Command::Console { game: None, join }) => join_command(&join),
        Some(Command::Host { game }) => host_window(game),
        Some(Command::Join {
            invitation,
            name,
            window,
        }) => join_window(&invitation, &name, window),
        Some(Command::Watch { invitation, window }) => {
            let watch: tablero::net::invitation::Invitation =
                invitation.parse().context("the invitation")?;
            if watch.role != tablero::net::invitation::Role::Watch {
                bail!("this is an invitation to play: `tablero join` it");
            }
            join_window(&invitation, "watcher", window)
        }
        Some(Command::Console {
            game:
                Some(ConsoleGame::MagneticCave {
                    options,
                    recording,
                    host,
                }),
            ..
        }) => console_or_host::<magnetic_cave::State>(
            GameKind::MagneticCave,
            &recording,
            &host,
            &[options.black, options.white],
            Hosted::MagneticCave,
            || Ok(cave_match(&options)?.0),
            |setup, recording| {
                let stdin = io::stdin();
                if stdin.is_terminal() {
                    println!("Type a cell like D7 to play, `help` for commands.");
                }
                let out = &mut io::stdout().lock();
                tablero::console::magnetic_cave::run(setup, stdin.lock(), out, recording)
            },
        ),
        Some(Command::Console {
            game:
                Some(ConsoleGame::Patolli {
                    options,
                    recording,
                    host,
                }),
            ..
        }) => {
            let given = if options.players.is_empty() {
                vec![options.l, options.n]
            } else {
                options.players.clone()
            };
            console_or_host::<patolli::State>(
                GameKind::Patolli,
                &recording,
                &host,
                &given,
                Hosted::Patolli,
                || Ok(patolli_match(&options)?.0),
                |setup, recording| {
                    let out = &mut io::stdout().lock();
                    tablero::console::patolli::run(setup, io::stdin().lock(), out, recording)
                },
            )
        }
        Some(Command::Console {
            game:
                Some(ConsoleGame::Penguins {
                    options,
                    recording,
                    host,
                }),
            ..
        }) => console_or_host::<penguins::State>(
            GameKind::Penguins,
            &recording,
            &host,
            &options.players,
            Hosted::Penguins,
            || Ok(penguins_match(&options)?.0),
            |setup, recording| {
                let out = &mut io::stdout().lock();
                tablero::console::penguins::run(setup, io::stdin().lock(), out, recording)
            },
        ),
        Some(Command::Play {
            game:
                PlayGame::MagneticCave {
                    options,
                    recording,
                    window,
                },
        }) => play_match(GameKind::MagneticCave, recording, window, || {
            chairs_of(&[options.black, options.white], 2, false)?;
            let (setup, layout_path) = cave_match(&options)?;
            Ok(AppStart::magnetic_cave(setup, layout_path))
        }),
        Some(Command::Play {
            game:
                PlayGame::Penguins {
                    options,
                    recording,
                    window,
                },
        }) => play_match(GameKind::Penguins, recording, window, || {
            chairs_of(&options.players, options.players.len(), false)?;
            let (setup, path) = penguins_match(&options)?;
            Ok(AppStart::penguins(setup, path))
        }),
        Some(Command::Play {
            game:
                PlayGame::Patolli {
                    options,
                    recording,
                    window,
                },
        }) => play_match(GameKind::Patolli, recording, window, || {
            chairs_of(
                &[&[options.l, options.n][..], &options.players].concat(),
                0,
                false,
            )?;
            let (setup, layout_path) = patolli_match(&options)?;
            Ok(AppStart::patolli(setup, layout_path))
        }),
        Some(Command::Replay {
            file,
            analyse,
            window,
        }) => {
            let record = tablero::replay::load(&file)?.record().clone();
            let mut start = start_from_record(record, true)?;
            start.analyse = analyse;
            run_window(start, None, window)
        }
        Some(Command::Edit { file, game, window }) => edit_command(file, game, window),
    }
}

/// `tablero edit [FILE] [--game G]`: the editor on FILE (refused with its error when the
/// editor cannot draw it), a new board, or the list of boards.
fn edit_command(
    file: Option<PathBuf>,
    game: Option<GameChoice>,
    window: WindowOptions,
) -> Result<ExitCode> {
    let mut start = AppStart::menu(levels::find()?);
    let draft = match &file {
        Some(path) if path.exists() || levels::built_in_at(path).is_some() => {
            match app::editor::boards::open(path) {
                Ok(draft) => Some(draft),
                Err(e) => {
                    eprintln!("{e}\nThe editor cannot open this file; it is left as it is.");
                    return Ok(ExitCode::FAILURE);
                }
            }
        }
        Some(_) => game.map(|game| tablero::editor::Draft::new(game_kind(game))),
        None => None,
    };
    if let Some(dir) = file
        .as_ref()
        .and_then(|f| f.parent())
        .map(|dir| {
            if dir.as_os_str().is_empty() {
                Path::new(".")
            } else {
                dir
            }
        })
        .filter(|dir| dir.is_dir())
    {
        // Play this board watches the file: its folder is the levels folder.
        start.levels = levels::Levels::folder(dir);
    }
    start.menu_memory = app::menu::memory::settings_file();
    start.edit = Some(app::EditStart { path: file, draft });
    if let Some(path) = window.screenshot {
        start.screenshot = Some(Screenshot {
            path,
            after_moves: window.screenshot_after_moves,
            at_once: window.screenshot_at_once,
            rules: window.screenshot_rules,
        });
    }
    Ok(open_window(start))
}

/// The game of a `--game` choice.
fn game_kind(game: GameChoice) -> GameKind {
    match game {
        GameChoice::MagneticCave => GameKind::MagneticCave,
        GameChoice::Patolli => GameKind::Patolli,
        GameChoice::Penguins => GameKind::Penguins,
    }
}

/// A console match of `G`: from the record `--from` names, else as `fresh` builds it; `run`
/// plays it on standard input and output.
fn console_match<G: Match>(
    kind: GameKind,
    recording: &RecordOptions,
    fresh: impl FnOnce() -> Result<G::Setup>,
    run: impl FnOnce(&G::Setup, Recording) -> Result<G, tablero::console::ConsoleError>,
) -> Result<ExitCode> {
    let resume = recording.resume(kind)?;
    let setup = match &resume {
        Some(record) => G::setup_from_record(record)?,
        None => fresh()?,
    };
    let recording = recording.recording(resume)?;
    run(&setup, recording)?;
    Ok(ExitCode::SUCCESS)
}

/// A console match of `G`: hosted for guests with `--host` (its setup wrapped by `wrap`),
/// else played here by `run`, with no guest seat among `given`.
fn console_or_host<G: Match>(
    kind: GameKind,
    recording: &RecordOptions,
    host: &HostOptions,
    given: &[Chair],
    wrap: fn(G::Setup) -> Hosted,
    fresh: impl FnOnce() -> Result<G::Setup>,
    run: impl FnOnce(&G::Setup, Recording) -> Result<G, tablero::console::ConsoleError>,
) -> Result<ExitCode> {
    if host.host {
        return host_command(kind, recording, host, given, || Ok(wrap(fresh()?)));
    }
    if host.listen.changed() {
        bail!("--port, --bind, --advertise and --away-ai-after are for hosting: add --host");
    }
    chairs_of(given, given.len(), false)?;
    console_match::<G>(kind, recording, fresh, run)
}

/// Hosts the console match `fresh` makes for guests on other machines, its seats played as
/// `given` says (the AI's where it says nothing); with `--from`, the record's match instead.
fn host_command(
    kind: GameKind,
    recording: &RecordOptions,
    host: &HostOptions,
    given: &[Chair],
    fresh: impl FnOnce() -> Result<Hosted>,
) -> Result<ExitCode> {
    let resume = recording.resume(kind)?;
    let hosted = match &resume {
        Some(record) => hosted_from_record(kind, record)?,
        None => fresh()?,
    };
    let seats = hosted_seats(&hosted);
    if given.len() > seats {
        bail!("{} seats given for a match of {seats}", given.len());
    }
    let chairs = chairs_of(given, seats, true)?;
    if !chairs.contains(&Chair::Guest) {
        bail!("--host: give at least one seat as `guest` (e.g. --players human,guest)");
    }
    let options = host.console(recording.record_to()?);
    let input = io::BufReader::new(io::stdin());
    tablero::net::console::host_match(hosted, resume, chairs, &options, input, &mut io::stdout())?;
    Ok(ExitCode::SUCCESS)
}

/// Hosts a match in the window: a host thread referees it, and the window joins it as the
/// players of its human seats (or watches, when every seat here is the AI's).
fn host_window(game: HostGame) -> Result<ExitCode> {
    let (kind, given, recording, listen, window, fresh): (_, Vec<Chair>, _, _, _, Hosted) =
        match game {
            HostGame::MagneticCave {
                options,
                recording,
                listen,
                window,
            } => (
                GameKind::MagneticCave,
                vec![options.black, options.white],
                recording,
                listen,
                window,
                Hosted::MagneticCave(cave_match(&options)?.0),
            ),
            HostGame::Patolli {
                options,
                recording,
                listen,
                window,
            } => {
                let given = if options.players.is_empty() {
                    vec![options.l, options.n]
                } else {
                    options.players.clone()
                };
                let hosted = Hosted::Patolli(patolli_match(&options)?.0);
                (GameKind::Patolli, given, recording, listen, window, hosted)
            }
            HostGame::Penguins {
                options,
                recording,
                listen,
                window,
            } => {
                let hosted = Hosted::Penguins(penguins_match(&options)?.0);
                (
                    GameKind::Penguins,
                    options.players.clone(),
                    recording,
                    listen,
                    window,
                    hosted,
                )
            }
        };
    let resume = recording.resume(kind)?;
    let hosted = match &resume {
        Some(record) => hosted_from_record(kind, record)?,
        None => fresh,
    };
    let chairs = chairs_of(&given, hosted_seats(&hosted), true)?;
    if !chairs.contains(&Chair::Guest) {
        bail!("give at least one seat as `guest` (e.g. --players human,guest)");
    }
    let away = Duration::from_secs(listen.away_ai_after);
    let here = tablero::net::host::host_for_window(
        hosted,
        resume,
        chairs,
        away,
        &listen.options(),
        recording.record_to()?,
        "the host",
    )
    .map_err(|e| anyhow::anyhow!("cannot host: {e}"))?;
    let (play, watch) = (here.play.clone(), here.watch.clone());
    println!("Hosting {} on {}.", kind.title(), play.address);
    println!("Invitation to play: {play}");
    println!("Invitation to watch: {watch}");
    let mut start = AppStart::menu(levels::find()?);
    start.network = Some(app::start::NetStart::hosting(here));
    window_with_network(start, window)
}

/// Joins, in the window, the match `invitation` invites to.
fn join_window(invitation: &str, name: &str, window: WindowOptions) -> Result<ExitCode> {
    let invitation: tablero::net::invitation::Invitation =
        invitation.parse().context("the invitation")?;
    let joined = tablero::net::guest::join(&invitation, name)?;
    let mut start = AppStart::menu(levels::find()?);
    start.network = Some(app::start::NetStart::joined(joined));
    window_with_network(start, window)
}

/// Opens the window of a network match, with the screenshot `window` asks for.
fn window_with_network(mut start: AppStart, window: WindowOptions) -> Result<ExitCode> {
    start.screenshot = window.screenshot.map(|path| Screenshot {
        path,
        after_moves: window.screenshot_after_moves,
        at_once: window.screenshot_at_once,
        rules: window.screenshot_rules,
    });
    Ok(open_window(start))
}

/// The match a record was playing, to host again.
fn hosted_from_record(kind: GameKind, record: &Record) -> Result<Hosted> {
    Ok(match kind {
        GameKind::MagneticCave => {
            Hosted::MagneticCave(magnetic_cave::State::setup_from_record(record)?)
        }
        GameKind::Patolli => Hosted::Patolli(patolli::State::setup_from_record(record)?),
        GameKind::Penguins => Hosted::Penguins(penguins::State::setup_from_record(record)?),
    })
}

/// How many seats a hosted match has.
fn hosted_seats(hosted: &Hosted) -> usize {
    match hosted {
        Hosted::MagneticCave(_) => 2,
        Hosted::Patolli(setup) => setup.seats().len(),
        Hosted::Penguins(setup) => setup.seats().len(),
    }
}

/// Joins, in the terminal, the match an invitation invites to.
fn join_command(join: &JoinOptions) -> Result<ExitCode> {
    let Some(text) = &join.join else {
        bail!("name a game (tablero console patolli), or join one with --join INVITATION");
    };
    let invitation: tablero::net::invitation::Invitation = text.parse().context("--join")?;
    if let Some(path) = &join.record_to {
        files::prepare_file(path).map_err(|e| anyhow::anyhow!("--record: {e}"))?;
    }
    let options = JoinConsole {
        name: join.name.clone(),
        ai: join.ai,
        record_to: join.record_to.clone(),
    };
    let input = io::BufReader::new(io::stdin());
    tablero::net::console::join(&invitation, &options, input, &mut io::stdout())?;
    Ok(ExitCode::SUCCESS)
}

/// A window match: from the record `--from` names, else as `fresh` builds it.
fn play_match(
    kind: GameKind,
    recording: RecordOptions,
    window: WindowOptions,
    fresh: impl FnOnce() -> Result<AppStart>,
) -> Result<ExitCode> {
    let start = match recording.resume(kind)? {
        Some(record) => start_from_record(record, false)?,
        None => fresh()?,
    };
    run_window(start, recording.record_to()?, window)
}

/// The path of `game`'s default layout in the levels in use (built in when the folder lacks
/// it).
fn default_layout(game: GameKind) -> Result<PathBuf> {
    Ok(levels::find()?.path_of(game.default_layout_file()))
}

/// The window's start on the match a record was playing: played on from where it stands, or
/// replayed (`replay`).
fn start_from_record(record: Record, replay: bool) -> Result<AppStart> {
    let layout = default_layout(record.game)?;
    let mut start = match record.game {
        GameKind::MagneticCave => {
            AppStart::magnetic_cave(magnetic_cave::State::setup_from_record(&record)?, layout)
        }
        GameKind::Patolli => AppStart::patolli(patolli::State::setup_from_record(&record)?, layout),
        GameKind::Penguins => {
            AppStart::penguins(penguins::State::setup_from_record(&record)?, layout)
        }
    };
    start.resume = Some(record);
    start.replay = replay;
    Ok(start)
}

/// Opens the window on `start`, writing the match record to `record_to` as it goes, with the
/// window options.
fn run_window(
    mut start: AppStart,
    record_to: Option<PathBuf>,
    window: WindowOptions,
) -> Result<ExitCode> {
    start.record_to = record_to;
    // A match on the boards in use watches their folder (a built-in board the folder lacks
    // shows up there once a designer saves one).
    if let Ok(found) = levels::find()
        && (start.levels.is_built_in() || start.levels.dir == found.dir)
    {
        start.levels = found;
    }
    // Esc leads to the menu, which opens with its last choices here too.
    start.menu_memory = app::menu::memory::settings_file();
    if let Some(path) = window.screenshot {
        start.screenshot = Some(Screenshot {
            path,
            after_moves: window.screenshot_after_moves,
            at_once: window.screenshot_at_once,
            rules: window.screenshot_rules,
        });
    }
    Ok(open_window(start))
}

/// The exit code when no window can open.
const EXIT_NO_WINDOW: u8 = 3;

/// Runs the window on `start`; without a display (or a graphics driver) says what is missing
/// and what works instead, and exits with [`EXIT_NO_WINDOW`].
fn open_window(start: AppStart) -> ExitCode {
    match app::run(start) {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) => {
            eprintln!(
                "error: {e}
The games play without a window in the terminal: `tablero console \
                 magnetic-cave` (or `patolli`, `penguins`). To open the window on a machine \
                 without a screen, run it under a virtual display: `xvfb-run -a tablero …`."
            );
            ExitCode::from(EXIT_NO_WINDOW)
        }
    }
}

/// Builds the match from the options, loading and checking the layout and the opening moves.
fn cave_match(options: &CaveOptions) -> Result<(CaveMatch, PathBuf)> {
    let path = match &options.layout {
        Some(path) => path.clone(),
        None => default_layout(GameKind::MagneticCave)?,
    };
    let config = setup::load_cave_layout(&path)?;
    let moves: Vec<Cell> = parse_moves(&options.moves).context("--moves")?;
    let setup = setup::CaveMatch::new(
        config,
        [seat_of(options.black), seat_of(options.white)],
        options.budget,
        options.level,
        moves,
    )?;
    Ok((setup, path))
}

/// Builds a Patolli match from the options, the layout and its rule block.
fn patolli_match(options: &PatolliOptions) -> Result<(PatolliMatch, PathBuf)> {
    let path = match &options.layout {
        Some(path) => path.clone(),
        None => default_layout(GameKind::Patolli)?,
    };
    let mut board = setup::load_patolli_layout(&path)?;
    if let Some(choice) = options.overshoot {
        board.rules.overshoot = match choice {
            OvershootChoice::ContinueLap => Overshoot::ContinueLap,
            OvershootChoice::Forbidden => Overshoot::Forbidden,
            OvershootChoice::BackToStart => Overshoot::BackToStart,
        };
    }
    if let Some(choice) = options.dice_kind {
        board.rules.dice = match choice {
            DiceChoice::Uniform => Dice::Uniform,
            DiceChoice::Beans => Dice::Beans(5),
        };
    }
    let (board, seats) = if options.players.is_empty() {
        // L and N as --l and --n say; the players of a board for three or four are the AI's.
        setup::seat_patolli(board, &[Some(seat_of(options.l)), Some(seat_of(options.n))])
    } else {
        // One seat each, or PatolliMatch::new says how many the board seats.
        (
            board,
            options.players.iter().copied().map(seat_of).collect(),
        )
    };
    let setup = setup::PatolliMatch::new(
        board,
        seats,
        options.budget,
        options.level,
        options.seed.unwrap_or_else(rand::random),
        options.dice.clone(),
    )?;
    Ok((setup, path))
}

/// A `--grid` argument: `square` or `hex`.
fn parse_grid(text: &str) -> Result<Grid, String> {
    match text.trim().to_ascii_lowercase().as_str() {
        "square" => Ok(Grid::Square),
        "hex" => Ok(Grid::Hex),
        _ => Err(format!("`{text}` is no grid: square or hex")),
    }
}

/// Draws the board of a Penguins match from the options and the layout.
fn penguins_match(options: &PenguinsOptions) -> Result<(PenguinsMatch, PathBuf)> {
    let path = match &options.layout {
        Some(path) => path.clone(),
        None => default_layout(GameKind::Penguins)?,
    };
    let mut layout = setup::load_penguins_layout(&path)?;
    let board_size_given = options.rows.is_some() || options.cols.is_some();
    if let PenguinsSetup::Generated(generator) = &mut layout {
        generator.rows = options.rows.unwrap_or(generator.rows);
        generator.cols = options.cols.unwrap_or(generator.cols);
    }
    let seed = options
        .seed
        .unwrap_or_else(|| rand::random::<u64>() % 1_000_000);
    let setup = setup::PenguinsMatch::new(
        layout,
        options.players.iter().copied().map(seat_of).collect(),
        options.penguins,
        options.budget,
        options.level,
        seed,
    )
    .map_err(|e| match e {
        // The board's size came from the command line, not the file.
        SetupError::BoardTooSmall(fault) if board_size_given => {
            anyhow::anyhow!("--rows/--cols: {fault}")
        }
        e => e.in_layout_file(&path).into(),
    })?;
    Ok((setup, path))
}

/// Plays a tournament with a progress bar on the terminal, then prints its table (or JSON).
fn tournament_command(game: GameChoice, settings: &Settings, json: bool) -> Result<ExitCode> {
    let total = settings.total_games();
    let bar = indicatif::ProgressBar::new(total as u64);
    bar.set_style(
        indicatif::ProgressStyle::with_template(
            "{bar:40} {pos}/{len} games, {elapsed} (eta {eta})",
        )
        .unwrap_or_else(|_| indicatif::ProgressStyle::default_bar()),
    );
    let progress = |done: usize| bar.set_position(done as u64);
    let summary = match game {
        GameChoice::MagneticCave => tournament::run::<magnetic_cave::State>(settings, progress),
        GameChoice::Patolli => tournament::run::<patolli::State>(settings, progress),
        GameChoice::Penguins => tournament::run::<penguins::State>(settings, progress),
    };
    bar.finish_and_clear();
    let summary = summary?;
    if json {
        println!("{}", serde_json::to_string(&summary)?);
    } else {
        print!("{summary}");
    }
    Ok(ExitCode::SUCCESS)
}

/// Joins the `--json` summaries of a tournament's shards (`--merge`) and prints the table of
/// all their games (or JSON).
fn merge_command(files: &[PathBuf], json: bool) -> Result<ExitCode> {
    let mut summaries = Vec::with_capacity(files.len());
    for file in files {
        let text = if file.as_os_str() == "-" {
            io::read_to_string(io::stdin())?
        } else {
            let bytes = read_limited(file, tournament::RESULTS_LIMIT)
                .with_context(|| format!("{}", file.display()))?;
            String::from_utf8_lossy(&bytes).into_owned()
        };
        // One summary a line (`--json` prints one), blank lines skipped.
        for (number, line) in text.lines().enumerate() {
            if line.trim().is_empty() {
                continue;
            }
            let summary: tournament::Summary = serde_json::from_str(line).with_context(|| {
                format!(
                    "{}:{}: not the --json summary of a tournament",
                    file.display(),
                    number + 1
                )
            })?;
            summaries.push(summary);
        }
    }
    let merged = tournament::merge(summaries)?;
    if json {
        println!("{}", serde_json::to_string(&merged)?);
    } else {
        print!("{merged}");
    }
    Ok(ExitCode::SUCCESS)
}

fn penguins_call(args: &[String]) -> ExitCode {
    let code =
        tablero::protocol::command::run(args, &mut io::stdout().lock(), &mut io::stderr().lock());
    ExitCode::from(code)
}

fn check_layouts(files: &[PathBuf]) -> ExitCode {
    let mut all_valid = true;
    for file in files {
        let name = file.display().to_string();
        let checked = match read_limited(file, LAYOUT_LIMIT) {
            Err(e) => Err(layout::unreadable(file, &e).to_string()),
            Ok(bytes) if record::is_record(&String::from_utf8_lossy(&bytes)) => {
                tablero::replay::parse(&name, &bytes)
                    .map(|replayed| replayed.summary())
                    .map_err(|e| e.to_string())
            }
            Ok(bytes) => layout::parse(&name, &bytes)
                .map(|setup| setup.to_string())
                .map_err(|e| e.to_string()),
        };
        match checked {
            Ok(summary) => println!("{}: ok ({summary})", file.display()),
            Err(e) => {
                all_valid = false;
                eprintln!("{e}");
            }
        }
    }
    if all_valid {
        ExitCode::SUCCESS
    } else {
        ExitCode::FAILURE
    }
}
