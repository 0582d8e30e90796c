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

use crate::ai::levels::Levels;
use crate::ai::{AiLevel, DEFAULT_BUDGET};
use crate::layout::{self, GameSetup, Layout, LayoutError, LayoutFault, PenguinsSetup};
use crate::record::{Entry, Record, Recorded};
use crate::rules::magnetic_cave::{self, Brick, Cell, Config};
use crate::rules::patolli;
use crate::rules::penguins::{self, Board};
use crate::rules::{Game, Seat};

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
    /// Penguins is for 2 to 4 players.
    #[error("--players: 2 to 4 players, not {0}")]
    Players(usize),
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
    /// A Penguins record without the board it was played on.
    #[error("this is not a Penguins record with its board: a record of {0}")]
    NoPenguinsBoard(&'static str),
    /// The levels folder named cannot be used.
    #[error(transparent)]
    Levels(#[from] crate::levels::LevelsError),
}

impl SetupError {
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
pub trait Match: Recorded + Levels {
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

/// How a Magnetic Cave match is set up.
#[derive(Debug, Clone, PartialEq)]
pub struct CaveMatch {
    /// The cave's shape.
    pub config: Config,
    /// Who plays ■ and □, in that order.
    pub seats: [Seat; 2],
    /// The AI's time per move.
    pub budget: Duration,
    /// How strongly the AI seats play.
    pub level: AiLevel,
    /// Moves already played when the match starts.
    pub moves: Vec<Cell>,
}

impl CaveMatch {
    /// The seat of `player`.
    pub fn seat(&self, player: Brick) -> Seat {
        self.seats[player.index()]
    }

    /// The same match on another cave (a designer saved the layout); opening moves that no
    /// longer fit are dropped when it starts.
    pub fn on_cave(&self, config: Config) -> CaveMatch {
        CaveMatch {
            config,
            ..self.clone()
        }
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
            message: format!("this is a layout for {other}, not for Magnetic Cave"),
        }),
    }
}

/// How a Patolli match is set up.
#[derive(Debug, Clone, PartialEq)]
pub struct PatolliMatch {
    /// The board and rule options.
    pub board: crate::layout::PatolliSetup,
    /// Who plays each player the board seats, in the order L, N, G, M.
    pub seats: Vec<Seat>,
    /// The AI's time per decision.
    pub budget: Duration,
    /// How strongly the AI seats play.
    pub level: AiLevel,
    /// The seed of the match's dice.
    pub seed: u64,
    /// The first rolls, used before the seeded dice take over (to replay a situation).
    pub scripted_rolls: Vec<u8>,
}

impl PatolliMatch {
    /// The same seats and dice on another board with its rules (a designer saved the layout);
    /// scripted rolls are dropped. A board seating more players gives the new ones to the AI;
    /// one seating fewer drops the last seats.
    pub fn on_board(&self, board: crate::layout::PatolliSetup) -> PatolliMatch {
        let mut seats = self.seats.clone();
        seats.resize(board.track.players().len(), Seat::Ai);
        PatolliMatch {
            board,
            seats,
            scripted_rolls: Vec::new(),
            ..self.clone()
        }
    }
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
            message: format!("this is a layout for {other}, not for Patolli"),
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
            message: format!("this is a layout for {other}, not for Penguins"),
        }),
    }
}

/// How a Penguins match is set up.
#[derive(Debug, Clone, PartialEq)]
pub struct PenguinsMatch {
    /// The board at the start.
    pub board: Board,
    /// The layout the board was drawn from (a rematch draws the next board from it).
    pub layout: PenguinsSetup,
    /// Who plays each player, player 1 first (2 to 4 players).
    pub seats: Vec<Seat>,
    /// Penguins per player.
    pub penguins: u8,
    /// The AI's time per move.
    pub budget: Duration,
    /// How strongly the AI seats play.
    pub level: AiLevel,
    /// The seed the board was drawn from, when it was drawn (shown so it can be replayed).
    pub seed: Option<u64>,
}

impl PenguinsMatch {
    /// The penguins of all players together.
    pub fn penguins_in_all(&self) -> usize {
        self.seats.len() * usize::from(self.penguins)
    }
}

/// A Magnetic Cave match on `config` with these seats, AI budget and level, and opening moves.
///
/// # Errors
/// The first opening move that is illegal.
pub fn cave_match(
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

/// A Patolli match on `board` with these seats and AI budget and level, its dice seeded with
/// `seed` after the `scripted` rolls.
///
/// # Errors
/// Not one seat for each player the board seats, or a scripted roll the board's die cannot
/// show.
pub fn patolli_match(
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

/// A Penguins match for `seats` with `penguins` each and the AI's `budget` and `level`, on the board `layout` draws from `seed`
/// (a fixed board is played as it is).
///
/// # Errors
/// Not 2 to 4 players, or a board too small for the penguins.
pub fn penguins_match(
    layout: PenguinsSetup,
    seats: Vec<Seat>,
    penguins: u8,
    budget: Duration,
    level: AiLevel,
    seed: u64,
) -> Result<PenguinsMatch, SetupError> {
    if !(2..=4).contains(&seats.len()) {
        return Err(SetupError::Players(seats.len()));
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
    })
}

/// The layout of `record`, checked (a record that replayed has a valid one).
fn record_setup(record: &Record) -> Result<GameSetup, SetupError> {
    layout::validate(&record.layout).map_err(SetupError::RecordLayout)
}

fn record_seat(record: &Record, index: usize) -> Seat {
    record.seats.get(index).copied().unwrap_or_default()
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
        record.moves = Self::initial(setup)
            .moves()
            .iter()
            .map(|cell| Entry::Act(cell.to_string(), 0))
            .collect();
        record
    }

    fn seat(setup: &CaveMatch, player: Brick) -> Seat {
        setup.seat(player)
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
        cave_match(
            config,
            [record_seat(record, 0), record_seat(record, 1)],
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
        let seats = (0..board.track.players().len())
            .map(|i| record_seat(record, i))
            .collect();
        patolli_match(
            board,
            seats,
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
        record
    }

    fn seat(setup: &PenguinsMatch, player: penguins::Player) -> Seat {
        setup
            .seats
            .get(usize::from(player.0).wrapping_sub(1))
            .copied()
            .unwrap_or_default()
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

    /// The same seats and layout on the next board it draws (a fixed board stays).
    fn rematch(setup: &PenguinsMatch, _rolls: &mut Rolls) -> PenguinsMatch {
        let seed = setup.seed.unwrap_or(0).wrapping_add(1);
        PenguinsMatch {
            board: setup.layout.board(seed, setup.penguins_in_all()),
            seed: matches!(setup.layout, PenguinsSetup::Generated(_)).then_some(seed),
            ..setup.clone()
        }
    }

    /// On the board the record holds.
    fn setup_from_record(record: &Record) -> Result<PenguinsMatch, SetupError> {
        let GameSetup::Penguins(layout @ PenguinsSetup::Fixed(_)) = record_setup(record)? else {
            return Err(SetupError::NoPenguinsBoard(record.game.title()));
        };
        penguins_match(
            layout,
            record.seats.clone(),
            record.penguins.unwrap_or(1),
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
