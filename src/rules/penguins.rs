//! Penguins, a simplified "Hey, That's My Fish!": players place their penguins on one-fish
//! floes, then slide them in straight lines over the ice, collecting the fish where they land
//! while the floe they leave sinks. Pure rules, no Bevy: the window, the console, the file
//! protocol, the AI and the tests share them.

use std::fmt;

use rand::rngs::StdRng;
use rand::{RngExt, SeedableRng};
use serde::{Deserialize, Serialize};

/// Player numbers run from 1 to this (the file format's limit).
pub const MAX_PLAYERS: u8 = 9;
/// Penguins each player may have, fewest and most (the command line, the menu and match
/// records all keep to these).
pub const MIN_PENGUINS_EACH: u8 = 1;
/// See [`MIN_PENGUINS_EACH`].
pub const MAX_PENGUINS_EACH: u8 = 5;
/// The most fish a floe holds.
pub const MAX_FISH: u8 = 3;
/// The largest side a board may have (files from other programs included).
pub const MAX_SIDE: u16 = 100;

/// A field of the grid: `row` from the top, `col` from the left (the seed's y and x).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Pos {
    /// Row from 0 at the top (y).
    pub row: u16,
    /// Column from 0 at the left (x).
    pub col: u16,
}

impl Pos {
    /// The field at `row`, `col`.
    pub fn new(row: u16, col: u16) -> Pos {
        Pos { row, col }
    }
}

impl fmt::Display for Pos {
    /// As the seed's console asks for it: `x y`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{} {}", self.col, self.row)
    }
}

/// One field: water, or a floe with its fish and perhaps a penguin.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
pub struct Field {
    /// Fish on the floe (0 to 3); a floe under a penguin has usually given its fish away.
    pub fish: u8,
    /// The number of the player whose penguin stands here.
    pub penguin: Option<u8>,
}

impl Field {
    /// Open water: no floe.
    pub const WATER: Field = Field {
        fish: 0,
        penguin: None,
    };

    /// A floe with `fish` fish and no penguin.
    pub fn floe(fish: u8) -> Field {
        Field {
            fish,
            penguin: None,
        }
    }

    /// Whether this is open water.
    pub fn is_water(self) -> bool {
        self.fish == 0 && self.penguin.is_none()
    }

    /// Whether a penguin may land here: a floe with no penguin.
    pub fn is_free_floe(self) -> bool {
        self.fish > 0 && self.penguin.is_none()
    }
}

/// The shape of the floes: squares (the assignment's grid) or hexagons (the board game's).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default, Serialize, Deserialize)]
pub enum Grid {
    /// Square fields; a penguin slides up, down, left or right.
    #[default]
    Square,
    /// Hexagonal floes in rows, every odd row (1, 3, …) set half a floe to the right; a
    /// penguin slides in six directions: left, right, and up or down to either side.
    Hex,
}

impl Grid {
    /// Whether this is the square grid (layouts leave it out then).
    pub fn is_square(&self) -> bool {
        *self == Grid::Square
    }

    /// The word put before "board" when a board is described: nothing for squares, `hex `.
    pub fn prefix(self) -> &'static str {
        match self {
            Grid::Square => "",
            Grid::Hex => "hex ",
        }
    }

    /// The directions a penguin slides in on this grid, in the words of an error message.
    pub fn moves_words(self) -> &'static str {
        match self {
            Grid::Square => "moves go straight up, down, left or right over free floes",
            Grid::Hex => {
                "moves go straight along one of the six lines through a floe's sides, over \
                 free floes"
            }
        }
    }

    /// The directions a penguin slides in: `(rows, axial columns)` steps, where an axial
    /// column is `col - row / 2` (rounding down), so that a hex line is a straight step.
    fn directions(self) -> &'static [(i32, i32)] {
        match self {
            Grid::Square => &[(-1, 0), (1, 0), (0, -1), (0, 1)],
            Grid::Hex => &[(0, -1), (0, 1), (-1, 0), (-1, 1), (1, 0), (1, -1)],
        }
    }

    /// The field `steps` steps from `from` in `direction` (one of [`Grid::directions`]), if
    /// its coordinates are not negative.
    fn step(self, from: Pos, (dr, dc): (i32, i32), steps: i32) -> Option<Pos> {
        let row = i32::from(from.row) + dr * steps;
        let col = match self {
            Grid::Square => i32::from(from.col) + dc * steps,
            Grid::Hex => {
                let axial = i32::from(from.col) - i32::from(from.row).div_euclid(2);
                axial + dc * steps + row.div_euclid(2)
            }
        };
        Some(Pos::new(u16::try_from(row).ok()?, u16::try_from(col).ok()?))
    }
}

/// The grid of fields.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct Board {
    grid: Grid,
    rows: u16,
    cols: u16,
    fields: Vec<Field>,
}

impl Board {
    /// A square board of `rows` x `cols` fields, all water.
    pub fn water(rows: u16, cols: u16) -> Board {
        Board::water_on(Grid::Square, rows, cols)
    }

    /// A board of `rows` x `cols` fields on `grid`, all water.
    pub fn water_on(grid: Grid, rows: u16, cols: u16) -> Board {
        Board {
            grid,
            rows,
            cols,
            fields: vec![Field::WATER; usize::from(rows) * usize::from(cols)],
        }
    }

    /// The shape of its floes.
    pub fn grid(&self) -> Grid {
        self.grid
    }

    /// Number of rows.
    pub fn rows(&self) -> u16 {
        self.rows
    }

    /// Number of columns.
    pub fn cols(&self) -> u16 {
        self.cols
    }

    fn index(&self, pos: Pos) -> Option<usize> {
        (pos.row < self.rows && pos.col < self.cols)
            .then(|| usize::from(pos.row) * usize::from(self.cols) + usize::from(pos.col))
    }

    /// The field at `pos`; outside the board is water.
    pub fn get(&self, pos: Pos) -> Field {
        self.index(pos).map_or(Field::WATER, |i| self.fields[i])
    }

    /// Sets the field at `pos` (nothing happens outside the board).
    pub fn set(&mut self, pos: Pos, field: Field) {
        if let Some(i) = self.index(pos) {
            self.fields[i] = field;
        }
    }

    /// Whether `pos` is on the board.
    pub fn contains(&self, pos: Pos) -> bool {
        self.index(pos).is_some()
    }

    /// Every position, row by row.
    pub fn positions(&self) -> impl Iterator<Item = Pos> + '_ {
        (0..self.rows).flat_map(move |row| (0..self.cols).map(move |col| Pos::new(row, col)))
    }

    /// Where `player`'s penguins stand, row by row.
    pub fn penguins_of(&self, player: u8) -> Vec<Pos> {
        self.positions()
            .filter(|&p| self.get(p).penguin == Some(player))
            .collect()
    }

    /// Every floe a penguin at `from` can reach in one straight slide, nearest first per
    /// direction: it stops before water, another penguin or the edge.
    pub fn reachable(&self, from: Pos) -> Vec<Pos> {
        let mut targets = Vec::new();
        for &direction in self.grid.directions() {
            targets.extend(
                (1..)
                    .map_while(|steps| self.grid.step(from, direction, steps))
                    .take_while(|&pos| self.contains(pos) && self.get(pos).is_free_floe()),
            );
        }
        targets
    }

    /// Whether a penguin at `from` can move at all.
    pub fn can_move_from(&self, from: Pos) -> bool {
        self.neighbours(from)
            .any(|pos| self.contains(pos) && self.get(pos).is_free_floe())
    }

    /// The fields next to `pos` (4 on squares, 6 on hexagons), off the board ones left out.
    pub fn neighbours(&self, pos: Pos) -> impl Iterator<Item = Pos> + '_ {
        self.grid
            .directions()
            .iter()
            .filter_map(move |&direction| self.grid.step(pos, direction, 1))
            .filter(|&p| self.contains(p))
    }

    /// The free floes with exactly one fish: where penguins are placed.
    pub fn placement_floes(&self) -> Vec<Pos> {
        self.positions()
            .filter(|&p| {
                let field = self.get(p);
                field.fish == 1 && field.penguin.is_none()
            })
            .collect()
    }

    /// Fish still on the board.
    pub fn total_fish(&self) -> u32 {
        self.fields.iter().map(|f| u32::from(f.fish)).sum()
    }

    /// The highest player number with a penguin on the board, 0 when there is none.
    pub fn highest_player(&self) -> u8 {
        self.fields
            .iter()
            .filter_map(|f| f.penguin)
            .max()
            .unwrap_or(0)
    }
}

/// The letter of player `number` on boards and in messages: 1 is `A`, 2 is `B`, …
pub fn player_letter(number: u8) -> char {
    char::from(b'A' + number.saturating_sub(1).min(25))
}

/// How a new board is drawn (a layout's generator settings).
#[derive(Debug, Clone, Copy, PartialEq, Serialize, Deserialize)]
#[serde(default, deny_unknown_fields)]
pub struct Generator {
    /// Rows, 4 to 20.
    pub rows: u16,
    /// Columns, 4 to 20.
    pub cols: u16,
    /// The share of fields that are water, 0 to 0.6.
    pub water: f64,
    /// Relative weights of floes with 1, 2 and 3 fish.
    pub fish_weights: [u32; 3],
    /// Square fields or hexagonal floes.
    pub grid: Grid,
}

impl Default for Generator {
    fn default() -> Self {
        Generator {
            grid: Grid::Square,
            rows: 8,
            cols: 8,
            water: 0.1,
            fish_weights: [5, 3, 2],
        }
    }
}

impl Generator {
    /// A board drawn from `seed` with at least `needed_ones` one-fish floes (one per penguin
    /// to place). When the grid is too small for that many, every field is a one-fish floe.
    pub fn generate(&self, seed: u64, needed_ones: usize) -> Board {
        let mut rng = StdRng::seed_from_u64(seed);
        let mut board = Board::water_on(self.grid, self.rows, self.cols);
        // Layouts keep the sum within u32; saturate rather than overflow all the same.
        let total: u32 = self
            .fish_weights
            .iter()
            .fold(0u32, |sum, &w| sum.saturating_add(w))
            .max(1);
        let positions: Vec<Pos> = board.positions().collect();
        for &pos in &positions {
            if rng.random_bool(self.water.clamp(0.0, 1.0)) {
                continue;
            }
            let mut pick = rng.random_range(0..total);
            let mut fish = 1;
            for (i, &weight) in self.fish_weights.iter().enumerate() {
                if pick < weight {
                    fish = i as u8 + 1;
                    break;
                }
                pick -= weight;
            }
            board.set(pos, Field::floe(fish));
        }
        // Top up the one-fish floes, turning random other fields into them.
        let mut others: Vec<Pos> = positions
            .iter()
            .copied()
            .filter(|&p| board.get(p).fish != 1)
            .collect();
        while board.placement_floes().len() < needed_ones && !others.is_empty() {
            let i = rng.random_range(0..others.len());
            let pos = others.swap_remove(i);
            board.set(pos, Field::floe(1));
        }
        board
    }
}

/// Where the game stands.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Phase {
    /// Penguins are being placed.
    Placement,
    /// Penguins slide.
    Movement,
    /// No penguin can move.
    Over,
}

impl fmt::Display for Phase {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Phase::Placement => "placement",
            Phase::Movement => "movement",
            Phase::Over => "final",
        })
    }
}

/// A player, by number from 1 in turn order (the protocol's and the console's numbering);
/// shown as its letter, `A` for player 1.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Player(pub u8);

impl fmt::Display for Player {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", player_letter(self.0))
    }
}

/// A player's move.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Action {
    /// Place a penguin on this one-fish floe.
    Place(Pos),
    /// Slide the penguin at `from` to `to`.
    Move {
        /// Where the penguin stands.
        from: Pos,
        /// Where it lands.
        to: Pos,
    },
}

impl fmt::Display for Action {
    /// In the console's words: `x y` or `x1 y1 x2 y2`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Action::Place(pos) => write!(f, "{pos}"),
            Action::Move { from, to } => write!(f, "{from} {to}"),
        }
    }
}

impl std::str::FromStr for Action {
    type Err = super::ParseError;

    /// Reads what `Display` writes: `x y` places, `x1 y1 x2 y2` slides.
    fn from_str(text: &str) -> Result<Action, super::ParseError> {
        let numbers: Result<Vec<u16>, _> = text.split_whitespace().map(str::parse).collect();
        match numbers.as_deref() {
            Ok(&[x, y]) => Ok(Action::Place(Pos::new(y, x))),
            Ok(&[x1, y1, x2, y2]) => Ok(Action::Move {
                from: Pos::new(y1, x1),
                to: Pos::new(y2, x2),
            }),
            _ => Err(super::ParseError::PenguinsAction(super::quoted(text))),
        }
    }
}

/// Why a move is refused. The state is unchanged.
#[derive(Debug, Clone, Copy, PartialEq, Eq, thiserror::Error)]
pub enum Illegal {
    /// The game has ended.
    #[error("the game is over")]
    GameOver,
    /// A placement during the movement phase, or a move during placement.
    #[error("this is the {0} phase")]
    WrongPhase(Phase),
    /// A roll: Penguins has no dice.
    #[error("Penguins has no dice")]
    NoDice,
    /// The field is not on the board.
    #[error("{0} is off the board")]
    OffBoard(Pos),
    /// A placement not on a free one-fish floe.
    #[error("penguins are placed on a free floe with exactly one fish; {0} is not one")]
    NotPlaceable(Pos),
    /// No own penguin stands at the start.
    #[error("you have no penguin at {0}")]
    NoPenguin(Pos),
    /// The move is not a straight unobstructed slide to a free floe.
    #[error("a penguin at {from} cannot slide to {to}: {}", grid.moves_words())]
    NotReachable {
        /// The start.
        from: Pos,
        /// The target.
        to: Pos,
        /// The board's grid.
        grid: Grid,
    },
}

/// What an applied move did.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Turn {
    /// Who moved.
    pub player: u8,
    /// Fish collected.
    pub fish: u8,
    /// Players skipped after it because they could not act, in order.
    pub skipped: Vec<u8>,
}

/// The result at the end: players ranked by fish.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Standing {
    /// The player's number.
    pub player: u8,
    /// Its fish.
    pub fish: u32,
    /// Its place from 1; tied players share a place.
    pub place: usize,
}

/// A Penguins game.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct State {
    board: Board,
    players: u8,
    penguins: u8,
    scores: Vec<u32>,
    to_move: u8,
    phase: Phase,
}

impl State {
    /// A new game on `board` for `players` players (numbered from 1) with `penguins` each;
    /// player 1 starts (or the first one that can act).
    pub fn new(board: Board, players: u8, penguins: u8) -> State {
        let players = players.clamp(1, MAX_PLAYERS);
        let mut state = State {
            board,
            players,
            penguins,
            scores: vec![0; usize::from(players)],
            to_move: 1,
            phase: Phase::Placement,
        };
        if !state.can_act(1) {
            state.advance();
        }
        state
    }

    /// A game in the middle: the board, every player's score (player `i + 1` has
    /// `scores[i]`), who is to move, the phase and the penguins each player places in all.
    /// Used by the file protocol, whose files hold no turn order.
    pub fn from_parts(
        board: Board,
        scores: Vec<u32>,
        to_move: u8,
        phase: Phase,
        penguins: u8,
    ) -> State {
        let players = u8::try_from(scores.len())
            .unwrap_or(MAX_PLAYERS)
            .clamp(1, MAX_PLAYERS);
        State {
            board,
            players,
            penguins,
            scores,
            to_move: to_move.clamp(1, players),
            phase,
        }
    }

    /// The board.
    pub fn board(&self) -> &Board {
        &self.board
    }

    /// Number of players.
    pub fn players(&self) -> u8 {
        self.players
    }

    /// Penguins each player places.
    pub fn penguins_per_player(&self) -> u8 {
        self.penguins
    }

    /// The player to move (from 1).
    pub fn to_move(&self) -> u8 {
        self.to_move
    }

    /// The phase.
    pub fn phase(&self) -> Phase {
        self.phase
    }

    /// `player`'s fish.
    pub fn score(&self, player: u8) -> u32 {
        self.scores
            .get(usize::from(player).wrapping_sub(1))
            .copied()
            .unwrap_or(0)
    }

    /// Every player's fish, player 1 first.
    pub fn scores(&self) -> &[u32] {
        &self.scores
    }

    /// How many penguins `player` has on the board.
    pub fn placed(&self, player: u8) -> usize {
        self.board.penguins_of(player).len()
    }

    /// Whether `player` has a move in the current phase.
    pub fn can_act(&self, player: u8) -> bool {
        match self.phase {
            Phase::Placement => {
                self.placed(player) < usize::from(self.penguins)
                    && !self.board.placement_floes().is_empty()
            }
            Phase::Movement => self
                .board
                .penguins_of(player)
                .into_iter()
                .any(|p| self.board.can_move_from(p)),
            Phase::Over => false,
        }
    }

    /// Every legal move of the player to move.
    pub fn legal_actions(&self) -> Vec<Action> {
        match self.phase {
            Phase::Placement if self.can_act(self.to_move) => self
                .board
                .placement_floes()
                .into_iter()
                .map(Action::Place)
                .collect(),
            Phase::Movement => self
                .board
                .penguins_of(self.to_move)
                .into_iter()
                .flat_map(|from| {
                    self.board
                        .reachable(from)
                        .into_iter()
                        .map(move |to| Action::Move { from, to })
                })
                .collect(),
            _ => Vec::new(),
        }
    }

    /// Whether `action` is legal now, and why not.
    ///
    /// # Errors
    /// The reason it is not.
    pub fn check(&self, action: Action) -> Result<(), Illegal> {
        match (self.phase, action) {
            (Phase::Over, _) => Err(Illegal::GameOver),
            (Phase::Placement, Action::Move { .. }) => Err(Illegal::WrongPhase(Phase::Placement)),
            (Phase::Movement, Action::Place(_)) => Err(Illegal::WrongPhase(Phase::Movement)),
            (Phase::Placement, Action::Place(pos)) => {
                if !self.board.contains(pos) {
                    return Err(Illegal::OffBoard(pos));
                }
                let field = self.board.get(pos);
                if field.fish != 1 || field.penguin.is_some() {
                    return Err(Illegal::NotPlaceable(pos));
                }
                Ok(())
            }
            (Phase::Movement, Action::Move { from, to }) => {
                for pos in [from, to] {
                    if !self.board.contains(pos) {
                        return Err(Illegal::OffBoard(pos));
                    }
                }
                if self.board.get(from).penguin != Some(self.to_move) {
                    return Err(Illegal::NoPenguin(from));
                }
                if !self.board.reachable(from).contains(&to) {
                    return Err(Illegal::NotReachable {
                        to,
                        from,
                        grid: self.board.grid(),
                    });
                }
                Ok(())
            }
        }
    }

    /// Plays `action` for the player to move, then passes the turn to the next player that
    /// can act (skipping the others), changing phase or ending the game when due.
    ///
    /// # Errors
    /// [`Illegal`] when the move is not legal; nothing changes then.
    pub fn apply(&mut self, action: Action) -> Result<Turn, Illegal> {
        self.check(action)?;
        let player = self.to_move;
        let fish = match action {
            Action::Place(pos) => {
                let fish = self.board.get(pos).fish;
                self.board.set(
                    pos,
                    Field {
                        fish: 0,
                        penguin: Some(player),
                    },
                );
                fish
            }
            Action::Move { from, to } => {
                let fish = self.board.get(to).fish;
                self.board.set(from, Field::WATER);
                self.board.set(
                    to,
                    Field {
                        fish: 0,
                        penguin: Some(player),
                    },
                );
                fish
            }
        };
        if let Some(score) = self.scores.get_mut(usize::from(player) - 1) {
            // A game file may start a score anywhere up to u32::MAX; it stops there.
            *score = score.saturating_add(u32::from(fish));
        }
        let skipped = self.advance();
        Ok(Turn {
            player,
            fish,
            skipped,
        })
    }

    /// Passes the turn on; returns the players skipped.
    fn advance(&mut self) -> Vec<u8> {
        let mut skipped = Vec::new();
        loop {
            if self.phase == Phase::Over {
                return skipped;
            }
            for step in 1..=self.players {
                let player = (self.to_move - 1 + step) % self.players + 1;
                if self.can_act(player) {
                    self.to_move = player;
                    return skipped;
                }
                skipped.push(player);
            }
            // Nobody can act in this phase: on to the next.
            skipped.clear();
            self.phase = match self.phase {
                Phase::Placement => Phase::Movement,
                _ => Phase::Over,
            };
        }
    }

    /// Players ranked by fish, most first; equal fish share a place.
    pub fn ranking(&self) -> Vec<Standing> {
        let mut order: Vec<u8> = (1..=self.players).collect();
        order.sort_by_key(|&p| (std::cmp::Reverse(self.score(p)), p));
        let mut standings: Vec<Standing> = Vec::new();
        for (i, &player) in order.iter().enumerate() {
            let fish = self.score(player);
            let place = match standings.last() {
                Some(last) if last.fish == fish => last.place,
                _ => i + 1,
            };
            standings.push(Standing {
                player,
                fish,
                place,
            });
        }
        standings
    }

    /// The board as the seed's console draws it: columns (X) across the top, rows (Y) down the
    /// side, fish as digits, water as `~`, penguins as their player's letter (`A` is player 1).
    /// Hexagonal floes are drawn four characters apart, every odd row two to the right, as
    /// they lie in the window.
    pub fn render(&self) -> String {
        let board = &self.board;
        if board.grid() == Grid::Hex {
            return self.render_hex();
        }
        let mut out = String::from("  X");
        for col in 0..board.cols() {
            out.push_str(&format!("{col:>3}"));
        }
        let rule = vec!["-"; usize::from(board.cols())].join("  ");
        out.push_str("\nY   ");
        out.push_str(&rule);
        out.push('\n');
        for row in 0..board.rows() {
            out.push_str(&format!("{row:<2}|"));
            for col in 0..board.cols() {
                out.push_str(&format!("{:>3}", self.mark(Pos::new(row, col))));
            }
            out.push_str(" |\n");
        }
        out.push_str("    ");
        out.push_str(&rule);
        out
    }

    /// The hexagonal board: as [`State::render`], each floe four characters wide,
    /// odd rows set two characters to the right.
    fn render_hex(&self) -> String {
        let board = &self.board;
        let mut out = String::from("  X  ");
        for col in 0..board.cols() {
            out.push_str(&format!("{col:>4}"));
        }
        out.push_str("\nY\n");
        for row in 0..board.rows() {
            out.push_str(&format!("{row:<2}|  "));
            if row % 2 == 1 {
                out.push_str("  ");
            }
            for col in 0..board.cols() {
                out.push_str(&format!("{:>4}", self.mark(Pos::new(row, col))));
            }
            out.push('\n');
        }
        out.pop();
        out
    }

    /// How a field is drawn in the console: its penguin's letter, `~` for water, its fish.
    fn mark(&self, pos: Pos) -> char {
        let field = self.board.get(pos);
        match field.penguin {
            Some(player) => player_letter(player),
            None if field.is_water() => '~',
            None => char::from(b'0' + field.fish),
        }
    }

    /// One line of JSON: `{"phase": "placement"|"movement"|"over", "turn": n, "scores": [..],
    /// "winner": null|n|"tie"}` (players numbered from 1).
    pub fn status_json(&self) -> String {
        let phase = match self.phase {
            Phase::Placement => "placement",
            Phase::Movement => "movement",
            Phase::Over => "over",
        };
        let winner = match self.winners() {
            None => serde_json::Value::Null,
            Some(winners) if winners.len() == 1 => serde_json::json!(winners[0]),
            Some(_) => serde_json::json!("tie"),
        };
        serde_json::json!({
            "phase": phase,
            "turn": self.to_move,
            "scores": self.scores,
            "winner": winner,
        })
        .to_string()
    }

    /// The winners once the game is over: one player, or several tied on fish.
    pub fn winners(&self) -> Option<Vec<u8>> {
        (self.phase == Phase::Over).then(|| {
            self.ranking()
                .into_iter()
                .filter(|s| s.place == 1)
                .map(|s| s.player)
                .collect()
        })
    }
}

/// Why a Penguins position written down ([`Midgame`]) makes no game; each names its field.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum MidgameError {
    /// Not 2 to [`MAX_PLAYERS`] scores.
    #[error("scores: one for each of 2 to {MAX_PLAYERS} players, not {0}")]
    Players(usize),
    /// A penguin of a player who has no score.
    #[error("board: a penguin of player {penguin}, but {players} players have scores")]
    PenguinOfNobody {
        /// The penguin's player.
        penguin: u8,
        /// How many players have scores.
        players: u8,
    },
    /// The player to move is not one of the players.
    #[error("to_move: player {player} is not one of the {players} players")]
    ToMove {
        /// The player named.
        player: u8,
        /// How many players there are.
        players: u8,
    },
    /// More penguins than a game holds.
    #[error("board: too many penguins")]
    TooManyPenguins,
    /// The player to move has no slide.
    #[error("to_move: player {0} cannot slide")]
    CannotSlide(u8),
    /// More rows or columns than a board holds.
    #[error("board: too many rows or columns")]
    TooLarge,
    /// No fields at all.
    #[error("board: no fields")]
    NoFields,
    /// A row of another length than the first.
    #[error("board: row {row} has {fields} fields, the first has {width}")]
    RowLength {
        /// The row, from 1.
        row: usize,
        /// Its fields.
        fields: usize,
        /// The first row's fields.
        width: usize,
    },
    /// A field that is not two digits, fish then player.
    #[error("board: `{0}` is not a field: two digits, fish (0-3) then player (0-{MAX_PLAYERS})")]
    Field(String),
}

/// A game caught in its movement phase, as a puzzle or a record that starts there writes it:
/// the floes row by row as the file protocol writes them (two digits a field: the fish, then
/// the player whose penguin stands there, 0 for none), every player's fish so far and who is
/// to move.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Midgame {
    /// Square or hexagonal floes.
    #[serde(default, skip_serializing_if = "Grid::is_square")]
    pub grid: Grid,
    /// The board, a string per row of fields.
    pub board: Vec<String>,
    /// Each player's fish so far, player 1 first (one a player, two or more).
    pub scores: Vec<u32>,
    /// The player to move, from 1.
    pub to_move: u8,
}

impl Midgame {
    /// `state` written down.
    pub fn of(state: &State) -> Midgame {
        let board = state.board();
        let rows = (0..board.rows())
            .map(|row| {
                (0..board.cols())
                    .map(|col| {
                        let field = board.get(Pos::new(row, col));
                        format!("{}{}", field.fish, field.penguin.unwrap_or(0))
                    })
                    .collect::<Vec<_>>()
                    .join(" ")
            })
            .collect();
        Midgame {
            grid: board.grid(),
            board: rows,
            scores: state.scores().to_vec(),
            to_move: state.to_move(),
        }
    }

    /// The game written down, in its movement phase, when the board reads, two or more players
    /// have their fish counted, penguins stand only for them and the player to move can slide.
    ///
    /// # Errors
    /// What is wrong, naming the field (`board`, `scores`, `to_move`).
    pub fn state(&self) -> Result<State, MidgameError> {
        let board = self.read_board()?;
        let players = self.scores.len();
        if !(2..=usize::from(MAX_PLAYERS)).contains(&players) {
            return Err(MidgameError::Players(players));
        }
        let players = players as u8;
        if board.highest_player() > players {
            return Err(MidgameError::PenguinOfNobody {
                penguin: board.highest_player(),
                players,
            });
        }
        if !(1..=players).contains(&self.to_move) {
            return Err(MidgameError::ToMove {
                player: self.to_move,
                players,
            });
        }
        let penguins = (1..=players)
            .map(|p| board.penguins_of(p).len())
            .max()
            .unwrap_or(0);
        let penguins = u8::try_from(penguins).map_err(|_| MidgameError::TooManyPenguins)?;
        let state = State::from_parts(
            board,
            self.scores.clone(),
            self.to_move,
            Phase::Movement,
            penguins,
        );
        if !state.can_act(self.to_move) {
            return Err(MidgameError::CannotSlide(self.to_move));
        }
        Ok(state)
    }

    /// The board of the rows.
    fn read_board(&self) -> Result<Board, MidgameError> {
        let rows = &self.board;
        let height = u16::try_from(rows.len()).map_err(|_| MidgameError::TooLarge)?;
        let cells: Vec<Vec<&str>> = rows
            .iter()
            .map(|r| r.split_whitespace().collect())
            .collect();
        let width = cells.first().map_or(0, Vec::len);
        if height == 0 || width == 0 {
            return Err(MidgameError::NoFields);
        }
        let width16 = u16::try_from(width).map_err(|_| MidgameError::TooLarge)?;
        let mut board = Board::water_on(self.grid, height, width16);
        for (row, fields) in cells.iter().enumerate() {
            if fields.len() != width {
                return Err(MidgameError::RowLength {
                    row: row + 1,
                    fields: fields.len(),
                    width,
                });
            }
            for (col, text) in fields.iter().enumerate() {
                let bytes = text.as_bytes();
                if bytes.len() != 2
                    || !bytes.iter().all(u8::is_ascii_digit)
                    || bytes[0] > b'3'
                    || bytes[1] > b'0' + MAX_PLAYERS
                {
                    return Err(MidgameError::Field((*text).to_string()));
                }
                let player = bytes[1] - b'0';
                board.set(
                    Pos::new(row as u16, col as u16),
                    Field {
                        fish: bytes[0] - b'0',
                        penguin: (player > 0).then_some(player),
                    },
                );
            }
        }
        Ok(board)
    }
}
