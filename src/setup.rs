//! What a match starts from, whichever front end plays it: seats, AI budget, opening moves and
//! layout. Every match is assembled here, from the command line, the menu or a record, and
//! [`Match`] says what the front ends need of a game's match beyond its rules. Also where the
//! designers' `levels/` folder is found.

use std::collections::VecDeque;
use std::fmt::Debug;
use std::path::Path;
use std::time::Duration;

use rand::rngs::StdRng;
use rand::{Rng, RngExt, SeedableRng};

use crate::ai::levels::AiLevels;
use crate::ai::{AiLevel, DEFAULT_BUDGET};
use crate::layout::{self, GameSetup, Layout, LayoutError, LayoutFault, PenguinsSetup};
use crate::record::{Entry, Record, Recorded};
use crate::rules::magnetic_cave::{self, Brick, Cell, Config};
use crate::rules::patolli;
use crate::rules::penguins::{self, Board};
use crate::rules::{Game, GameKind, Seat};

/// Why a match cannot be set up as asked.
#[derive(Debug, Clone, PartialEq, thiserror::Error)]
pub enum SetupError {
    /// An opening move does not fit the cave.
    #[error("--moves: move {number} ({cell}) is illegal: {reason}")]
    IllegalOpening {
        /// Its number, from 1.
        number: usize,
        /// The cell.
        cell: Cell,
        /// Why.
        reason: magnetic_cave::Illegal,
    },
    /// A scripted roll the die cannot show.
    #[error("--dice: {roll} is not a roll of this die (0 to {max})")]
    RollOutOfRange {
        /// The roll.
        roll: u8,
        /// The die's highest value.
        max: u8,
    },
    /// A Magnetic Cave record without two seats.
    #[error("seats: a Magnetic Cave match has 2 seats, not {0}")]
    CaveSeats(usize),
    /// Penguins is for 2 to 4 players.
    #[error("--players: 2 to 4 players, not {0}")]
    Players(usize),
    /// Penguins per player out of range.
    #[error(
        "--penguins: {min} to {max} penguins per player, not {0}",
        min = penguins::MIN_PENGUINS_EACH,
        max = penguins::MAX_PENGUINS_EACH
    )]
    PenguinsEach(u8),
    /// A Patolli match needs a seat for each player its board seats.
    #[error("--players: this board seats {players}; give one seat each, not {seats}")]
    PatolliSeats {
        /// The seats given.
        seats: usize,
        /// The board's players.
        players: String,
    },
    /// The board cannot hold the match's penguins.
    #[error(transparent)]
    BoardTooSmall(LayoutFault),
    /// The layout file, placed at its line and column.
    #[error(transparent)]
    Layout(#[from] LayoutError),
    /// A record whose layout makes no game.
    #[error("{field}: {0}", field = .0.field())]
    RecordLayout(LayoutFault),
    /// A record of another game.
    #[error("this is a record of {0}")]
    OtherGame(&'static str),
    /// A Penguins match's starting position that makes no game.
    #[error("start: {0}")]
    Midgame(penguins::MidgameError),
    /// A Penguins record without the board it was played on.
    #[error("this is not a Penguins record with its board: a record of {0}")]
    NoPenguinsBoard(&'static str),
    /// The levels folder named cannot be used.
    #[error(transparent)]
    Levels(#[from] crate::levels::LevelsError),
}

impl SetupError {
    /// The field of a match record this error is about, for its line and column.
    pub fn record_field(&self) -> &'static str {
        match self {
            SetupError::IllegalOpening { .. } | SetupError::RollOutOfRange { .. } => "moves",
            SetupError::Players(_) | SetupError::PatolliSeats { .. } | SetupError::CaveSeats(_) => {
                "seats"
            }
            SetupError::PenguinsEach(_) => "penguins",
            SetupError::Midgame(_) => "start",
            SetupError::RecordLayout(fault) => fault.field(),
            SetupError::BoardTooSmall(_)
            | SetupError::Layout(_)
            | SetupError::OtherGame(_)
            | SetupError::NoPenguinsBoard(_)
            | SetupError::Levels(_) => "layout",
        }
    }

    /// This error placed at its field in the layout file at `path` when it is about the
    /// layout (a board too small for the penguins); any other error as it is.
    pub fn in_layout_file(self, path: &Path) -> SetupError {
        match self {
            SetupError::BoardTooSmall(fault) => {
                SetupError::Layout(layout::error_at_field(path, &fault))
            }
            other => other,
        }
    }
}

/// What every front end (the window's referee, the console, the tournament) needs of a game's
/// match beyond its rules: the setup it starts from, its seats, the AI's budget and search, its
/// rolls, its record, and how a rematch or a record makes a new setup.
pub trait Match: Recorded + AiLevels {
    /// How a match is set up (layout, seats, budget, seeds, opening moves).
    type Setup: Clone + Debug + PartialEq + Send + Sync + 'static;

    /// The position a match of `setup` starts from, its opening moves played (openings that no
    /// longer fit the layout are dropped).
    fn initial(setup: &Self::Setup) -> Self;
    /// The record of a match of `setup` that has not begun: layout, seats, budget, seed (and
    /// the opening moves a setup may give).
    fn record(setup: &Self::Setup) -> Record;
    /// Who sits in `player`'s seat.
    fn seat(setup: &Self::Setup, player: Self::Player) -> Seat;
    /// The index of `player`'s seat in the setup's and the record's seats.
    fn seat_index(player: Self::Player) -> usize;
    /// The AI's time per decision.
    fn budget(setup: &Self::Setup) -> Duration;
    /// The game's one-line JSON status (the console's `status`, the screenshot's output).
    fn status_line(&self) -> String;
    /// How strongly the AI seats play.
    fn level(setup: &Self::Setup) -> AiLevel;
    /// The match's rolls (scripted first, then from its seed); games without dice never draw.
    fn rolls(setup: &Self::Setup) -> Rolls {
        let _ = setup;
        Rolls::new(0, Vec::new())
    }
    /// Draws the roll that is due from `rng`, as the game's dice fall.
    fn draw_roll(&self, rng: &mut StdRng) -> Option<u8> {
        let chances = self.roll_due()?;
        let mut left = rng.random::<f64>();
        for &(value, chance) in &chances {
            if left < chance {
                return Some(value);
            }
            left -= chance;
        }
        chances.last().map(|&(value, _)| value)
    }
    /// The setup of the next match with the same seats and layout (new dice, a new board).
    fn rematch(setup: &Self::Setup, rolls: &mut Rolls) -> Self::Setup;
    /// The setup a record was playing (its entries are replayed from the record).
    ///
    /// # Errors
    /// When the record is of another game or its layout makes no match of this one.
    fn setup_from_record(record: &Record) -> Result<Self::Setup, SetupError>;
}

/// The rolls of a match: the scripted ones first, then the seeded dice.
#[derive(Debug)]
pub struct Rolls {
    scripted: VecDeque<u8>,
    rng: StdRng,
}

impl Rolls {
    /// Rolls from `seed`, after `scripted`.
    pub fn new(seed: u64, scripted: Vec<u8>) -> Rolls {
        Rolls {
            scripted: scripted.into(),
            rng: StdRng::seed_from_u64(seed),
        }
    }

    /// The next roll for `state`, if one is due.
    pub fn next<G: Match>(&mut self, state: &G) -> Option<u8> {
        state.roll_due()?;
        match self.scripted.pop_front() {
            Some(roll) => Some(roll),
            None => state.draw_roll(&mut self.rng),
        }
    }

    /// A fresh seed drawn from these dice (for a rematch).
    pub fn next_seed(&mut self) -> u64 {
        self.rng.next_u64()
    }
}

/// How a Magnetic Cave match is set up: made only by [`CaveMatch::new`], which checks the
/// opening moves (or [`Default`], the classic cave with no moves), so a setup always starts.
#[derive(Debug, Clone, PartialEq)]
pub struct CaveMatch {
    config: Config,
    seats: [Seat; 2],
    budget: Duration,
    level: AiLevel,
    moves: Vec<Cell>,
}

impl CaveMatch {
    /// A Magnetic Cave match on `config` with these seats (■ then □), AI budget and level,
    /// and opening moves.
    ///
    /// # Errors
    /// [`SetupError::IllegalOpening`]: the first opening move that is illegal.
    pub fn new(
        config: Config,
        seats: [Seat; 2],
        budget: Duration,
        level: AiLevel,
        moves: Vec<Cell>,
    ) -> Result<CaveMatch, SetupError> {
        if let Err((i, reason)) = magnetic_cave::State::from_moves(config, &moves) {
            return Err(SetupError::IllegalOpening {
                number: i + 1,
                cell: moves[i],
                reason,
            });
        }
        Ok(CaveMatch {
            config,
            seats,
            budget,
            level,
            moves,
        })
    }

    /// A match on `config` from the empty cave (no opening move to check).
    pub fn fresh(config: Config, seats: [Seat; 2], budget: Duration, level: AiLevel) -> CaveMatch {
        CaveMatch {
            config,
            seats,
            budget,
            level,
            moves: Vec::new(),
        }
    }

    /// The cave's shape.
    pub fn config(&self) -> Config {
        self.config
    }

    /// Who plays ■ and □, in that order.
    pub fn seats(&self) -> [Seat; 2] {
        self.seats
    }

    /// The seat of `player`.
    pub fn seat(&self, player: Brick) -> Seat {
        self.seats[player.index()]
    }

    /// The AI's time per move.
    pub fn budget(&self) -> Duration {
        self.budget
    }

    /// How strongly the AI seats play.
    pub fn level(&self) -> AiLevel {
        self.level
    }

    /// The moves already played when the match starts.
    pub fn moves(&self) -> &[Cell] {
        &self.moves
    }

    /// The same match on another cave (a designer saved the layout): the opening moves up to
    /// the first that no longer fits are kept; the rest are returned, dropped.
    pub fn on_cave(&self, config: Config) -> (CaveMatch, Vec<Cell>) {
        let fits = match magnetic_cave::State::from_moves(config, &self.moves) {
            Ok(_) => self.moves.len(),
            Err((first_illegal, _)) => first_illegal,
        };
        let setup = CaveMatch {
            config,
            moves: self.moves[..fits].to_vec(),
            ..self.clone()
        };
        (setup, self.moves[fits..].to_vec())
    }
}

impl Default for CaveMatch {
    fn default() -> Self {
        CaveMatch {
            config: Config::STANDARD,
            seats: [Seat::Human, Seat::Human],
            budget: DEFAULT_BUDGET,
            level: AiLevel::Hard,
            moves: Vec::new(),
        }
    }
}

/// Loads the cave layout at `path`.
///
/// # Errors
/// The file's error, or an error at 1:1 when it holds another game's layout.
pub fn load_cave_layout(path: &Path) -> Result<Config, LayoutError> {
    match layout::load(path)? {
        GameSetup::MagneticCave(config) => Ok(config),
        other => Err(LayoutError {
            file: path.display().to_string(),
            line: 1,
            column: 1,
            problem: layout::LayoutProblem::OtherGame {
                found: other.game(),
                wanted: GameKind::MagneticCave,
            },
        }),
    }
}

/// How a Patolli match is set up: made only by [`PatolliMatch::new`], which checks the seats
/// and the scripted rolls against the board.
#[derive(Debug, Clone, PartialEq)]
pub struct PatolliMatch {
    board: crate::layout::PatolliSetup,
    seats: Vec<Seat>,
    budget: Duration,
    level: AiLevel,
    seed: u64,
    scripted_rolls: Vec<u8>,
}

impl PatolliMatch {
    /// A Patolli match on `board` with these seats (one for each player the board seats, in
    /// the order L, N, G, M) and AI budget and level, its dice seeded with `seed` after the
    /// `scripted` rolls.
    ///
    /// # Errors
    /// Not one seat for each player the board seats, or a scripted roll the board's die
    /// cannot show.
    pub fn new(
        board: layout::PatolliSetup,
        seats: Vec<Seat>,
        budget: Duration,
        level: AiLevel,
        seed: u64,
        scripted: Vec<u8>,
    ) -> Result<PatolliMatch, SetupError> {
        let seated = board.track.players();
        if seats.len() != seated.len() {
            let names: Vec<String> = seated.iter().map(|p| p.to_string()).collect();
            return Err(SetupError::PatolliSeats {
                seats: seats.len(),
                players: names.join(", "),
            });
        }
        let max = board.rules.dice.max();
        if let Some(&roll) = scripted.iter().find(|&&roll| roll > max) {
            return Err(SetupError::RollOutOfRange { roll, max });
        }
        Ok(PatolliMatch {
            board,
            seats,
            budget,
            level,
            seed,
            scripted_rolls: scripted,
        })
    }

    /// The board and rule options.
    pub fn board(&self) -> &layout::PatolliSetup {
        &self.board
    }

    /// Who plays each player the board seats, in the order L, N, G, M.
    pub fn seats(&self) -> &[Seat] {
        &self.seats
    }

    /// The AI's time per decision.
    pub fn budget(&self) -> Duration {
        self.budget
    }

    /// How strongly the AI seats play.
    pub fn level(&self) -> AiLevel {
        self.level
    }

    /// The seed of the match's dice.
    pub fn seed(&self) -> u64 {
        self.seed
    }

    /// The first rolls, used before the seeded dice take over (to replay a situation).
    pub fn scripted_rolls(&self) -> &[u8] {
        &self.scripted_rolls
    }

    /// The same seats and dice on another board with its rules (a designer saved the layout);
    /// scripted rolls are dropped, and the seats fitted to the board ([`seat_patolli`]).
    pub fn on_board(&self, board: layout::PatolliSetup) -> PatolliMatch {
        let chosen: Vec<Option<Seat>> = self.seats.iter().copied().map(Some).collect();
        let (board, seats) = seat_patolli(board, &chosen);
        PatolliMatch {
            board,
            seats,
            scripted_rolls: Vec::new(),
            ..self.clone()
        }
    }
}

/// The board and seats of a Patolli match on `board` when the seats chosen for its players
/// are `chosen`, in the order L, N, G, M: `None` turns that player and those after it off (the
/// board then seats the players before it; L and N always play), a player the choice does not
/// reach is the AI's, and a choice past the board's players is dropped. Every front end
/// fits its seats so: the menu, the command line, a layout saved during a match.
pub fn seat_patolli(
    mut board: layout::PatolliSetup,
    chosen: &[Option<Seat>],
) -> (layout::PatolliSetup, Vec<Seat>) {
    let seated = board.track.players().len();
    let mut seats = Vec::with_capacity(seated);
    for index in 0..seated {
        match chosen.get(index) {
            Some(Some(seat)) => seats.push(*seat),
            Some(None) if index >= patolli::Player::BOTH.len() => break,
            Some(None) | None => seats.push(Seat::Ai),
        }
    }
    if seats.len() < seated {
        board.track = std::sync::Arc::new(board.track.first_players(seats.len()));
    }
    (board, seats)
}

/// Loads the Patolli layout at `path`.
///
/// # Errors
/// The file's error, or an error at 1:1 when it holds another game's layout.
pub fn load_patolli_layout(path: &Path) -> Result<crate::layout::PatolliSetup, LayoutError> {
    match layout::load(path)? {
        GameSetup::Patolli(setup) => Ok(setup),
        other => Err(LayoutError {
            file: path.display().to_string(),
            line: 1,
            column: 1,
            problem: layout::LayoutProblem::OtherGame {
                found: other.game(),
                wanted: GameKind::Patolli,
            },
        }),
    }
}

/// Loads the Penguins layout at `path`.
///
/// # Errors
/// The file's error, or an error at 1:1 when it holds another game's layout.
pub fn load_penguins_layout(path: &Path) -> Result<crate::layout::PenguinsSetup, LayoutError> {
    match layout::load(path)? {
        GameSetup::Penguins(setup) => Ok(setup),
        other => Err(LayoutError {
            file: path.display().to_string(),
            line: 1,
            column: 1,
            problem: layout::LayoutProblem::OtherGame {
                found: other.game(),
                wanted: GameKind::Penguins,
            },
        }),
    }
}

/// The most players a Penguins match in the window, the console or a tournament seats.
pub const MAX_PENGUINS_PLAYERS: usize = 4;

/// How a Penguins match is set up: made only by [`PenguinsMatch::new`], which checks the
/// players, the penguins each and that the board holds them.
#[derive(Debug, Clone, PartialEq)]
pub struct PenguinsMatch {
    board: Board,
    layout: PenguinsSetup,
    seats: Vec<Seat>,
    penguins: u8,
    budget: Duration,
    level: AiLevel,
    seed: Option<u64>,
    start: Option<penguins::Midgame>,
}

impl PenguinsMatch {
    /// A Penguins match that starts in the middle of a game (a puzzle's position): `seats`
    /// for its players (one for each score), the AI's `budget` and `level`.
    ///
    /// # Errors
    /// A position that makes no game, or not one seat for each of its players.
    pub fn from_midgame(
        start: penguins::Midgame,
        seats: Vec<Seat>,
        budget: Duration,
        level: AiLevel,
    ) -> Result<PenguinsMatch, SetupError> {
        let state = start.state().map_err(SetupError::Midgame)?;
        if !(2..=MAX_PENGUINS_PLAYERS).contains(&seats.len())
            || seats.len() != usize::from(state.players())
        {
            return Err(SetupError::Players(seats.len()));
        }
        let board = state.board().clone();
        Ok(PenguinsMatch {
            layout: PenguinsSetup::Fixed(board.clone()),
            board,
            seats,
            penguins: state.penguins_per_player(),
            budget,
            level,
            seed: None,
            start: Some(start),
        })
    }

    /// The position the match starts from when not the empty board (a puzzle's).
    pub fn start(&self) -> Option<&penguins::Midgame> {
        self.start.as_ref()
    }

    /// A Penguins match for `seats` (player 1 first) with `penguins` each and the AI's `budget`
    /// and `level`, on the board `layout` draws from `seed` (a fixed board is played as it
    /// is).
    ///
    /// # Errors
    /// Not 2 to 4 players, not 1 to 5 penguins each, or a board too small for the penguins.
    pub fn new(
        layout: PenguinsSetup,
        seats: Vec<Seat>,
        penguins: u8,
        budget: Duration,
        level: AiLevel,
        seed: u64,
    ) -> Result<PenguinsMatch, SetupError> {
        if !(2..=MAX_PENGUINS_PLAYERS).contains(&seats.len()) {
            return Err(SetupError::Players(seats.len()));
        }
        if !(penguins::MIN_PENGUINS_EACH..=penguins::MAX_PENGUINS_EACH).contains(&penguins) {
            return Err(SetupError::PenguinsEach(penguins));
        }
        let needed = seats.len() * usize::from(penguins);
        layout
            .check_fits(needed)
            .map_err(SetupError::BoardTooSmall)?;
        Ok(PenguinsMatch {
            board: layout.board(seed, needed),
            seed: matches!(layout, PenguinsSetup::Generated(_)).then_some(seed),
            layout,
            seats,
            penguins,
            budget,
            level,
            start: None,
        })
    }

    /// The board at the start.
    pub fn board(&self) -> &Board {
        &self.board
    }

    /// The layout the board was drawn from (a rematch draws the next board from it).
    pub fn layout(&self) -> &PenguinsSetup {
        &self.layout
    }

    /// Who plays each player, player 1 first (2 to 4 players).
    pub fn seats(&self) -> &[Seat] {
        &self.seats
    }

    /// Penguins per player.
    pub fn penguins(&self) -> u8 {
        self.penguins
    }

    /// The AI's time per move.
    pub fn budget(&self) -> Duration {
        self.budget
    }

    /// How strongly the AI seats play.
    pub fn level(&self) -> AiLevel {
        self.level
    }

    /// The seed the board was drawn from, when it was drawn (shown so it can be replayed).
    pub fn seed(&self) -> Option<u64> {
        self.seed
    }

    /// The penguins of all players together.
    pub fn penguins_in_all(&self) -> usize {
        self.seats.len() * usize::from(self.penguins)
    }
}

/// The layout of `record`, checked (a record that replayed has a valid one).
fn record_setup(record: &Record) -> Result<GameSetup, SetupError> {
    layout::validate(&record.layout).map_err(SetupError::RecordLayout)
}

fn record_budget(record: &Record) -> Duration {
    Duration::try_from_secs_f64(record.budget)
        .ok()
        .filter(|b| !b.is_zero())
        .unwrap_or(DEFAULT_BUDGET)
}

fn other_game(record: &Record) -> SetupError {
    SetupError::OtherGame(record.game.title())
}

impl Match for magnetic_cave::State {
    type Setup = CaveMatch;

    fn initial(setup: &CaveMatch) -> Self {
        // `CaveMatch::new` checked the opening moves; the empty cave is never reached.
        magnetic_cave::State::from_moves(setup.config, &setup.moves)
            .unwrap_or_else(|_| magnetic_cave::State::new(setup.config))
    }

    fn record(setup: &CaveMatch) -> Record {
        let mut record = Record::new(
            Layout::of_cave(setup.config),
            setup.seats.to_vec(),
            setup.budget.as_secs_f64(),
            None,
        );
        record.level = setup.level;
        record.moves = setup
            .moves
            .iter()
            .map(|cell| Entry::Act(cell.to_string(), 0))
            .collect();
        record
    }

    fn seat(setup: &CaveMatch, player: Brick) -> Seat {
        setup.seat(player)
    }

    fn seat_index(player: Brick) -> usize {
        player.index()
    }

    fn budget(setup: &CaveMatch) -> Duration {
        setup.budget
    }

    fn status_line(&self) -> String {
        self.status_json()
    }

    fn level(setup: &CaveMatch) -> AiLevel {
        setup.level
    }

    /// The same cave and seats, from the empty board.
    fn rematch(setup: &CaveMatch, _rolls: &mut Rolls) -> CaveMatch {
        CaveMatch {
            moves: Vec::new(),
            ..setup.clone()
        }
    }

    fn setup_from_record(record: &Record) -> Result<CaveMatch, SetupError> {
        let config = record_setup(record)?
            .cave()
            .ok_or_else(|| other_game(record))?;
        let [black, white] = record.seats[..] else {
            return Err(SetupError::CaveSeats(record.seats.len()));
        };
        CaveMatch::new(
            config,
            [black, white],
            record_budget(record),
            record.level,
            Vec::new(),
        )
    }
}

impl Match for patolli::State {
    type Setup = PatolliMatch;

    fn initial(setup: &PatolliMatch) -> Self {
        patolli::State::new(setup.board.track.clone(), setup.board.rules)
    }

    fn record(setup: &PatolliMatch) -> Record {
        let mut record = Record::new(
            Layout::of_patolli(&setup.board),
            setup.seats.to_vec(),
            setup.budget.as_secs_f64(),
            Some(setup.seed),
        );
        record.level = setup.level;
        record
    }

    fn seat(setup: &PatolliMatch, player: patolli::Player) -> Seat {
        setup.seats.get(player.index()).copied().unwrap_or(Seat::Ai)
    }

    fn seat_index(player: patolli::Player) -> usize {
        player.index()
    }

    fn budget(setup: &PatolliMatch) -> Duration {
        setup.budget
    }

    fn status_line(&self) -> String {
        self.status_json()
    }

    fn level(setup: &PatolliMatch) -> AiLevel {
        setup.level
    }

    fn rolls(setup: &PatolliMatch) -> Rolls {
        Rolls::new(setup.seed, setup.scripted_rolls.clone())
    }

    fn draw_roll(&self, rng: &mut StdRng) -> Option<u8> {
        self.roll_due()?;
        Some(self.rules().dice.roll(rng))
    }

    /// The same board and seats; the dice get a new seed from the match's dice.
    fn rematch(setup: &PatolliMatch, rolls: &mut Rolls) -> PatolliMatch {
        PatolliMatch {
            seed: rolls.next_seed(),
            scripted_rolls: Vec::new(),
            ..setup.clone()
        }
    }

    /// Its positions are replayed from the record's entries; the dice go on from the record's
    /// seed advanced by the number of entries.
    fn setup_from_record(record: &Record) -> Result<PatolliMatch, SetupError> {
        let GameSetup::Patolli(board) = record_setup(record)? else {
            return Err(other_game(record));
        };
        let entries = u64::try_from(record.moves.len()).unwrap_or(u64::MAX);
        PatolliMatch::new(
            board,
            record.seats.clone(),
            record_budget(record),
            record.level,
            record.seed.unwrap_or(0).wrapping_add(entries),
            Vec::new(),
        )
    }
}

impl Match for penguins::State {
    type Setup = PenguinsMatch;

    fn initial(setup: &PenguinsMatch) -> Self {
        // `PenguinsMatch::new` checked 2 to 4 players.
        // `PenguinsMatch::from_midgame` checked the position.
        if let Some(state) = setup.start.as_ref().and_then(|start| start.state().ok()) {
            return state;
        }
        let players = u8::try_from(setup.seats.len()).unwrap_or(2);
        penguins::State::new(setup.board.clone(), players, setup.penguins)
    }

    fn record(setup: &PenguinsMatch) -> Record {
        let mut record = Record::new(
            Layout::of_penguins_board(&setup.board),
            setup.seats.clone(),
            setup.budget.as_secs_f64(),
            setup.seed,
        );
        record.penguins = Some(setup.penguins);
        record.level = setup.level;
        record.start = setup.start.clone();
        record
    }

    fn seat(setup: &PenguinsMatch, player: penguins::Player) -> Seat {
        setup
            .seats
            .get(Self::seat_index(player))
            .copied()
            .unwrap_or_default()
    }

    fn seat_index(player: penguins::Player) -> usize {
        usize::from(player.0).wrapping_sub(1)
    }

    fn budget(setup: &PenguinsMatch) -> Duration {
        setup.budget
    }

    fn status_line(&self) -> String {
        self.status_json()
    }

    fn level(setup: &PenguinsMatch) -> AiLevel {
        setup.level
    }

    /// The same seats and layout on the next board it draws (a fixed board stays; a match
    /// from a position starts from it again).
    fn rematch(setup: &PenguinsMatch, _rolls: &mut Rolls) -> PenguinsMatch {
        if setup.start.is_some() {
            return setup.clone();
        }
        let seed = setup.seed.unwrap_or(0).wrapping_add(1);
        PenguinsMatch {
            board: setup.layout.board(seed, setup.penguins_in_all()),
            seed: matches!(setup.layout, PenguinsSetup::Generated(_)).then_some(seed),
            ..setup.clone()
        }
    }

    /// On the board the record holds.
    fn setup_from_record(record: &Record) -> Result<PenguinsMatch, SetupError> {
        if let Some(start) = &record.start {
            if record.game != GameKind::Penguins {
                return Err(other_game(record));
            }
            return PenguinsMatch::from_midgame(
                start.clone(),
                record.seats.clone(),
                record_budget(record),
                record.level,
            );
        }
        let GameSetup::Penguins(layout @ PenguinsSetup::Fixed(_)) = record_setup(record)? else {
            return Err(SetupError::NoPenguinsBoard(record.game.title()));
        };
        PenguinsMatch::new(
            layout,
            record.seats.clone(),
            record.penguins.unwrap_or(0),
            record_budget(record),
            record.level,
            record.seed.unwrap_or(0),
        )
        .map(|setup| PenguinsMatch {
            seed: record.seed,
            ..setup
        })
    }
}
