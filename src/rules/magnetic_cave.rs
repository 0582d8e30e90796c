//! Magnetic Cave: connect-`win_length` between two magnetic walls.
//!
//! Rules (`docs/rules/magnetic-cave.md`): ■ (black) moves first, then the players alternate.
//! A brick goes on an empty cell that is *stacked*: in the leftmost or rightmost column, or with
//! a brick of either colour directly to its left or right in the same row. The first player with
//! `win_length` of its bricks consecutive in a row, column or diagonal wins; a full cave without
//! such a line is a tie.
//!
//! Ambiguities resolved here: a line longer than `win_length` also wins (it holds
//! `win_length` consecutive bricks); the reported line is the whole run through the last brick,
//! named from its left end (its bottom end for a column).

use std::fmt;

use serde::Serialize;

/// The largest width or height of a cave: columns are named `A`..`Z`.
pub const MAX_SIDE: u8 = 26;

/// The shape of a cave: its size and the length of a winning line.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct Config {
    width: u8,
    height: u8,
    win_length: u8,
}

/// Why a [`Config`] makes no game.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum ConfigError {
    /// The width is 0 or more than [`MAX_SIDE`].
    #[error("width must be between 1 and {MAX_SIDE}, not {0}")]
    Width(u32),
    /// The height is 0 or more than [`MAX_SIDE`].
    #[error("height must be between 1 and {MAX_SIDE}, not {0}")]
    Height(u32),
    /// Both sides are 1: no line of 2 or more fits, whatever the line's length.
    #[error("a 1x1 cave holds no line: make the width or the height at least 2")]
    NoLine,
    /// No line of that length fits on the board, or it is shorter than 2.
    #[error("win_length must be between 2 and {max} (the longer side of the cave), not {value}")]
    WinLength {
        /// The length asked for.
        value: u32,
        /// The longest line the cave holds.
        max: u32,
    },
    /// The line fits, but no player ever lays that many bricks: each lays at most half the
    /// cells (rounded up), so no match could be won.
    #[error(
        "win_length {value} cannot be reached: a cave of {cells} cells gives each player at most {bricks} bricks"
    )]
    Unreachable {
        /// The length asked for.
        value: u32,
        /// The cells of the cave.
        cells: u32,
        /// The most bricks one player lays.
        bricks: u32,
    },
}

impl Config {
    /// The assignment's cave: 8x8, five to win.
    pub const STANDARD: Config = Config {
        width: 8,
        height: 8,
        win_length: 5,
    };

    /// A cave of `width` columns and `height` rows where `win_length` in a line wins.
    ///
    /// # Errors
    /// [`ConfigError`] when a side is 0 or over [`MAX_SIDE`], or no line of `win_length` fits.
    pub fn new(width: u32, height: u32, win_length: u32) -> Result<Config, ConfigError> {
        if !(1..=u32::from(MAX_SIDE)).contains(&width) {
            return Err(ConfigError::Width(width));
        }
        if !(1..=u32::from(MAX_SIDE)).contains(&height) {
            return Err(ConfigError::Height(height));
        }
        let max = width.max(height);
        if max < 2 {
            return Err(ConfigError::NoLine);
        }
        if !(2..=max).contains(&win_length) {
            return Err(ConfigError::WinLength {
                value: win_length,
                max,
            });
        }
        let cells = width * height;
        let bricks = cells.div_ceil(2);
        if win_length > bricks {
            return Err(ConfigError::Unreachable {
                value: win_length,
                cells,
                bricks,
            });
        }
        Ok(Config {
            width: width as u8,
            height: height as u8,
            win_length: win_length as u8,
        })
    }

    /// Number of columns.
    pub fn width(&self) -> u8 {
        self.width
    }

    /// Number of rows.
    pub fn height(&self) -> u8 {
        self.height
    }

    /// Bricks in a line needed to win.
    pub fn win_length(&self) -> u8 {
        self.win_length
    }

    /// Number of cells.
    pub fn cell_count(&self) -> usize {
        usize::from(self.width) * usize::from(self.height)
    }

    /// Whether `cell` lies inside the cave.
    pub fn contains(&self, cell: Cell) -> bool {
        cell.col < self.width && cell.row < self.height
    }

    /// Every cell, row by row from the bottom, left to right.
    pub fn cells(&self) -> impl Iterator<Item = Cell> + '_ {
        (0..self.height).flat_map(move |row| (0..self.width).map(move |col| Cell { col, row }))
    }

    fn index(&self, cell: Cell) -> usize {
        usize::from(cell.row) * usize::from(self.width) + usize::from(cell.col)
    }
}

impl Default for Config {
    fn default() -> Self {
        Config::STANDARD
    }
}

/// A player, named after the colour of its bricks.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize)]
#[serde(rename_all = "lowercase")]
pub enum Brick {
    /// ■, moves first.
    Black,
    /// □, moves second.
    White,
}

impl Brick {
    /// Both players, in turn order.
    pub const BOTH: [Brick; 2] = [Brick::Black, Brick::White];

    /// The other player.
    pub fn opponent(self) -> Brick {
        match self {
            Brick::Black => Brick::White,
            Brick::White => Brick::Black,
        }
    }

    /// The assignment's symbol: ■ or □.
    pub fn symbol(self) -> char {
        match self {
            Brick::Black => '■',
            Brick::White => '□',
        }
    }

    /// `black` or `white`, as in the status line.
    pub fn name(self) -> &'static str {
        match self {
            Brick::Black => "black",
            Brick::White => "white",
        }
    }

    /// 0 for black, 1 for white.
    pub fn index(self) -> usize {
        match self {
            Brick::Black => 0,
            Brick::White => 1,
        }
    }
}

impl fmt::Display for Brick {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.symbol())
    }
}

/// A cell of the cave; `col` 0 is column `A` (left), `row` 0 is row `1` (bottom).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Cell {
    /// Column from the left, 0-based.
    pub col: u8,
    /// Row from the bottom, 0-based.
    pub row: u8,
}

impl Cell {
    /// The cell at column `col` and row `row`, both 0-based.
    pub const fn new(col: u8, row: u8) -> Cell {
        Cell { col, row }
    }

    /// Reads a cell name such as `D7` or `d7` (column letter, then row number from 1).
    ///
    /// # Errors
    /// [`ParseCellError`] when the text is not a letter followed by a row number.
    pub fn parse(text: &str) -> Result<Cell, ParseCellError> {
        let text = text.trim();
        let refuse = || ParseCellError(super::quoted(text));
        let mut chars = text.chars();
        let Some(letter) = chars.next() else {
            return Err(refuse());
        };
        if !letter.is_ascii_alphabetic() {
            return Err(refuse());
        }
        let digits = chars.as_str();
        if digits.is_empty() || !digits.chars().all(|c| c.is_ascii_digit()) || digits.len() > 2 {
            return Err(refuse());
        }
        let number: u8 = digits.parse().map_err(|_| refuse())?;
        if number == 0 {
            return Err(refuse());
        }
        let col = letter.to_ascii_uppercase() as u8 - b'A';
        Ok(Cell {
            col,
            row: number - 1,
        })
    }
}

impl fmt::Display for Cell {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "{}{}",
            (b'A' + self.col) as char,
            u32::from(self.row) + 1
        )
    }
}

impl std::str::FromStr for Cell {
    type Err = ParseCellError;

    fn from_str(s: &str) -> Result<Self, Self::Err> {
        Cell::parse(s)
    }
}

/// A text that does not name a cell.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("`{0}` is not a cell name: write a column letter and a row number, like D7")]
pub struct ParseCellError(pub String);

/// How a game ended.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Outcome {
    /// `winner` lined up its bricks from `from` to `to` (inclusive).
    Win {
        /// Who won.
        winner: Brick,
        /// The left (or bottom) end of the winning line.
        from: Cell,
        /// The right (or top) end of the winning line.
        to: Cell,
    },
    /// The cave is full and nobody has a line.
    Tie,
}

impl Outcome {
    /// The winner, if any.
    pub fn winner(&self) -> Option<Brick> {
        match self {
            Outcome::Win { winner, .. } => Some(*winner),
            Outcome::Tie => None,
        }
    }

    /// Every cell of the winning line, from `from` to `to`; empty for a tie.
    pub fn line_cells(&self) -> Vec<Cell> {
        let Outcome::Win { from, to, .. } = *self else {
            return Vec::new();
        };
        let dc = (i32::from(to.col) - i32::from(from.col)).signum();
        let dr = (i32::from(to.row) - i32::from(from.row)).signum();
        let len = (i32::from(to.col) - i32::from(from.col))
            .abs()
            .max((i32::from(to.row) - i32::from(from.row)).abs());
        (0..=len)
            .map(|i| {
                Cell::new(
                    (i32::from(from.col) + dc * i) as u8,
                    (i32::from(from.row) + dr * i) as u8,
                )
            })
            .collect()
    }
}

impl fmt::Display for Outcome {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Outcome::Win { winner, from, to } => write!(f, "{winner} wins: {from}-{to}"),
            Outcome::Tie => f.write_str("Tie: the cave is full"),
        }
    }
}

/// Why a move was refused. The state is unchanged.
#[derive(Debug, Clone, Copy, PartialEq, Eq, thiserror::Error)]
pub enum Illegal {
    /// The game has ended; no move is accepted.
    #[error("the game is over")]
    GameOver,
    /// The cell is not in the cave.
    #[error("{cell} is outside the {width}x{height} cave")]
    OffBoard {
        /// The cell asked for.
        cell: Cell,
        /// The cave's width.
        width: u8,
        /// The cave's height.
        height: u8,
    },
    /// The cell already holds a brick.
    #[error("{0} already holds a brick")]
    Occupied(Cell),
    /// The cell touches neither a wall nor a brick to its left or right.
    #[error(
        "{0} is not stacked: a brick must touch a wall or sit directly left or right of another brick"
    )]
    NotStacked(Cell),
    /// A roll: the cave has no dice.
    #[error("Magnetic Cave has no dice")]
    NoDice,
}

/// A Magnetic Cave position with its move history.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct State {
    config: Config,
    cells: Vec<Option<Brick>>,
    to_move: Brick,
    moves: Vec<Cell>,
    outcome: Option<Outcome>,
}

const DIRECTIONS: [(i32, i32); 4] = [(1, 0), (0, 1), (1, 1), (1, -1)];

impl State {
    /// An empty cave; ■ to move.
    pub fn new(config: Config) -> State {
        State {
            config,
            cells: vec![None; config.cell_count()],
            to_move: Brick::Black,
            moves: Vec::new(),
            outcome: None,
        }
    }

    /// The position after playing `moves` from the empty cave.
    ///
    /// # Errors
    /// The first illegal move, with its index in `moves`.
    pub fn from_moves(config: Config, moves: &[Cell]) -> Result<State, (usize, Illegal)> {
        let mut state = State::new(config);
        for (i, &cell) in moves.iter().enumerate() {
            state.apply(cell).map_err(|e| (i, e))?;
        }
        Ok(state)
    }

    /// The cave's shape.
    pub fn config(&self) -> Config {
        self.config
    }

    /// Whose turn it is (after the end: who would move next).
    pub fn to_move(&self) -> Brick {
        self.to_move
    }

    /// The moves played so far, in order.
    pub fn moves(&self) -> &[Cell] {
        &self.moves
    }

    /// How the game ended, or `None` while it goes on.
    pub fn outcome(&self) -> Option<Outcome> {
        self.outcome
    }

    /// Every cell's brick, row by row from the bottom (`row * width + col`), for evaluations
    /// that read the whole cave.
    pub fn grid(&self) -> &[Option<Brick>] {
        &self.cells
    }

    /// The brick on `cell`, if any (`None` also off the board).
    pub fn brick(&self, cell: Cell) -> Option<Brick> {
        if self.config.contains(cell) {
            self.cells[self.config.index(cell)]
        } else {
            None
        }
    }

    /// Checks `cell` without playing it.
    ///
    /// # Errors
    /// The reason the move would be refused.
    pub fn check(&self, cell: Cell) -> Result<(), Illegal> {
        if self.outcome.is_some() {
            return Err(Illegal::GameOver);
        }
        if !self.config.contains(cell) {
            return Err(Illegal::OffBoard {
                cell,
                width: self.config.width,
                height: self.config.height,
            });
        }
        if self.brick(cell).is_some() {
            return Err(Illegal::Occupied(cell));
        }
        if !self.is_stacked(cell) {
            return Err(Illegal::NotStacked(cell));
        }
        Ok(())
    }

    /// Whether `cell` is a legal move now.
    pub fn is_legal(&self, cell: Cell) -> bool {
        self.check(cell).is_ok()
    }

    fn is_stacked(&self, cell: Cell) -> bool {
        cell.col == 0
            || cell.col + 1 == self.config.width
            || self.brick(Cell::new(cell.col - 1, cell.row)).is_some()
            || self.brick(Cell::new(cell.col + 1, cell.row)).is_some()
    }

    /// Every legal move, row by row from the bottom, left to right. Empty once the game is over.
    pub fn legal_moves(&self) -> Vec<Cell> {
        let mut moves = Vec::with_capacity(2 * usize::from(self.config.height));
        self.legal_moves_into(&mut moves);
        moves
    }

    /// Like [`State::legal_moves`], into a buffer the caller reuses (cleared first).
    pub fn legal_moves_into(&self, moves: &mut Vec<Cell>) {
        moves.clear();
        if self.outcome.is_some() {
            return;
        }
        let width = self.config.width;
        for row in 0..self.config.height {
            let base = usize::from(row) * usize::from(width);
            let row_cells = &self.cells[base..base + usize::from(width)];
            // Rows fill from both walls inwards, so only the first empty cell from each side
            // can be stacked.
            let Some(left) = row_cells.iter().position(Option::is_none) else {
                continue;
            };
            let right = row_cells.iter().rposition(Option::is_none).unwrap_or(left);
            moves.push(Cell::new(left as u8, row));
            if right != left {
                moves.push(Cell::new(right as u8, row));
            }
        }
    }

    /// Plays `cell` for the player to move and returns the outcome if the game ended.
    ///
    /// # Errors
    /// [`Illegal`] if `cell` is not legal now; `self` is unchanged.
    pub fn apply(&mut self, cell: Cell) -> Result<Option<Outcome>, Illegal> {
        self.check(cell)?;
        Ok(self.play_unchecked(cell))
    }

    /// Plays a move known to be legal (the search's fast path) and returns the outcome if any.
    pub fn play_unchecked(&mut self, cell: Cell) -> Option<Outcome> {
        let player = self.to_move;
        let index = self.config.index(cell);
        self.cells[index] = Some(player);
        self.moves.push(cell);
        self.to_move = player.opponent();
        self.outcome = self
            .line_through(cell, player)
            .or_else(|| (self.moves.len() == self.config.cell_count()).then_some(Outcome::Tie));
        self.outcome
    }

    /// Takes back the last move; returns it, or `None` at the start.
    pub fn undo(&mut self) -> Option<Cell> {
        let cell = self.moves.pop()?;
        let index = self.config.index(cell);
        self.cells[index] = None;
        self.to_move = self.to_move.opponent();
        self.outcome = None;
        Some(cell)
    }

    /// Whether `player` placing a brick on the empty `cell` would complete a winning line
    /// (legality of the cell is not checked).
    pub fn would_win(&self, cell: Cell, player: Brick) -> bool {
        let need = i32::from(self.config.win_length);
        DIRECTIONS.iter().any(|&(dc, dr)| {
            self.run_length(cell, player, -dc, -dr) + self.run_length(cell, player, dc, dr) + 1
                >= need
        })
    }

    /// The index of `cell` in row-major order from the bottom left (for tables keyed by cell).
    pub fn cell_index(&self, cell: Cell) -> usize {
        self.config.index(cell)
    }

    /// The run of `player`'s bricks through `cell` of at least `win_length`, if any.
    fn line_through(&self, cell: Cell, player: Brick) -> Option<Outcome> {
        let need = i32::from(self.config.win_length);
        for (dc, dr) in DIRECTIONS {
            let back = self.run_length(cell, player, -dc, -dr);
            let forward = self.run_length(cell, player, dc, dr);
            if back + forward + 1 >= need {
                let a = offset(cell, -dc * back, -dr * back);
                let b = offset(cell, dc * forward, dr * forward);
                let (from, to) = if (a.col, a.row) <= (b.col, b.row) {
                    (a, b)
                } else {
                    (b, a)
                };
                return Some(Outcome::Win {
                    winner: player,
                    from,
                    to,
                });
            }
        }
        None
    }

    fn run_length(&self, cell: Cell, player: Brick, dc: i32, dr: i32) -> i32 {
        let mut n = 0;
        let (mut c, mut r) = (i32::from(cell.col) + dc, i32::from(cell.row) + dr);
        while c >= 0
            && r >= 0
            && c < i32::from(self.config.width)
            && r < i32::from(self.config.height)
            && self.cells[r as usize * usize::from(self.config.width) + c as usize] == Some(player)
        {
            n += 1;
            c += dc;
            r += dr;
        }
        n
    }

    /// The cave drawn as text, top row first, with coordinates on all edges.
    pub fn render(&self) -> String {
        let width = usize::from(self.config.width);
        let letters: String = (0..self.config.width)
            .map(|c| format!(" {}", (b'A' + c) as char))
            .collect();
        let mut out = format!("    {letters}\n");
        out.push_str(&format!("   +{}+\n", "-".repeat(2 * width + 1)));
        for row in (0..self.config.height).rev() {
            out.push_str(&format!("{:>2} |", u32::from(row) + 1));
            for col in 0..self.config.width {
                let symbol = match self.brick(Cell::new(col, row)) {
                    Some(brick) => brick.symbol(),
                    None => '.',
                };
                out.push(' ');
                out.push(symbol);
            }
            out.push_str(&format!(" | {}\n", u32::from(row) + 1));
        }
        out.push_str(&format!("   +{}+\n", "-".repeat(2 * width + 1)));
        out.push_str(&format!("    {letters}\n"));
        out
    }

    /// The one-line machine-readable status:
    /// `{"turn": "black"|"white", "winner": null|"black"|"white"|"tie", "moves": [...]}`.
    pub fn status_json(&self) -> String {
        #[derive(Serialize)]
        struct Status<'a> {
            turn: &'a str,
            winner: Option<&'a str>,
            moves: Vec<String>,
        }
        let status = Status {
            turn: self.to_move.name(),
            winner: self.outcome.map(|o| match o {
                Outcome::Win { winner, .. } => winner.name(),
                Outcome::Tie => "tie",
            }),
            moves: self.moves.iter().map(Cell::to_string).collect(),
        };
        serde_json::to_string(&status).expect("a status always serializes")
    }
}

fn offset(cell: Cell, dc: i32, dr: i32) -> Cell {
    Cell::new(
        (i32::from(cell.col) + dc) as u8,
        (i32::from(cell.row) + dr) as u8,
    )
}

/// Reads a comma-separated list of cell names such as `A1,H1,b2`.
///
/// # Errors
/// The first entry that is not a cell name.
pub fn parse_moves(text: &str) -> Result<Vec<Cell>, ParseCellError> {
    text.split(',')
        .map(str::trim)
        .filter(|s| !s.is_empty())
        .map(Cell::parse)
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn cell_names_round_trip() {
        for name in ["A1", "H8", "D7", "J10"] {
            assert_eq!(Cell::parse(name).unwrap().to_string(), name);
        }
        assert_eq!(Cell::parse(" d7 ").unwrap(), Cell::new(3, 6));
        for bad in ["", "7D", "D", "D0", "DD", "D7x", "!1", "D123"] {
            assert!(Cell::parse(bad).is_err(), "{bad}");
        }
    }

    #[test]
    fn a_long_bad_cell_name_is_quoted_short() {
        let pasted = "é".repeat(3000);
        let error = Cell::parse(&pasted).unwrap_err();
        assert_eq!(error.0, format!("{}…", "é".repeat(24)));
        assert_eq!(Cell::parse("Z").unwrap_err().0, "Z");
    }

    #[test]
    fn config_rejects_impossible_caves() {
        assert!(Config::new(0, 8, 5).is_err());
        assert!(Config::new(8, 27, 5).is_err());
        assert!(Config::new(8, 8, 9).is_err());
        assert!(Config::new(8, 8, 1).is_err());
        assert!(Config::new(10, 10, 6).is_ok());
        assert_eq!(Config::new(1, 1, 2), Err(ConfigError::NoLine));
        assert!(Config::new(1, 3, 2).is_ok());
    }

    #[test]
    fn empty_cave_offers_both_walls_of_every_row() {
        let state = State::new(Config::STANDARD);
        assert_eq!(state.legal_moves().len(), 16);
    }
}
