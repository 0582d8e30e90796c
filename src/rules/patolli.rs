//! Patolli: a dice race round a cross (`docs/rules/patolli.md`).
//!
//! Player L owns pieces `A`–`F`, player N owns `1`–`6`; with three or four players, G owns
//! `G`–`L` and M owns `M`–`R`, and the turn goes clockwise round the track from the first
//! player's start square. Each turn the player rolls, then moves
//! one piece forward by the roll, places a piece from its pool on its start square, or passes.
//! Captures happen only on the four middle squares; a move ending on an arm end grants another
//! roll; a piece scores by landing exactly on its owner's end square; six scored pieces win.
//!
//! The rolling itself is separate ([`Dice::roll`] with any `rand` generator), so a match
//! replays exactly from its rolls and actions. Ambiguities resolved here are noted where the
//! code decides them.

use std::fmt;
use std::sync::Arc;

use rand::{Rng, RngExt};
use serde::{Deserialize, Serialize};

/// Pieces per player.
pub const PIECES_PER_PLAYER: usize = 6;
/// The highest roll of the uniform die and of five beans.
pub const MAX_ROLL: u8 = 5;

/// The most players a Patolli board seats.
pub const MAX_PLAYERS: usize = 4;

/// A player.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize, PartialOrd, Ord)]
pub enum Player {
    /// Owns pieces `A`–`F`; moves first by default.
    L,
    /// Owns pieces `1`–`6`.
    N,
    /// The third player (boards for three or four): owns pieces `G`–`L`.
    G,
    /// The fourth player (boards for four): owns pieces `M`–`R`.
    M,
}

impl Player {
    /// The two players of the assignment's game, L first.
    pub const BOTH: [Player; 2] = [Player::L, Player::N];
    /// Every player a board may seat, in the order layouts list them.
    pub const ALL: [Player; MAX_PLAYERS] = [Player::L, Player::N, Player::G, Player::M];

    /// 0 for L, 1 for N, 2 for G, 3 for M.
    pub fn index(self) -> usize {
        match self {
            Player::L => 0,
            Player::N => 1,
            Player::G => 2,
            Player::M => 3,
        }
    }

    /// The labels of this player's pieces, first and last: `A-F`, `1-6`, `G-L`, `M-R`.
    pub fn labels(self) -> String {
        let mut pieces = self.pieces();
        let first = pieces.next().map_or('?', Piece::label);
        let last = pieces.last().map_or('?', Piece::label);
        format!("{first}-{last}")
    }

    /// This player's six pieces, in label order.
    pub fn pieces(self) -> impl Iterator<Item = Piece> {
        let base = (self.index() * PIECES_PER_PLAYER) as u8;
        (base..base + PIECES_PER_PLAYER as u8).map(Piece)
    }
}

impl fmt::Display for Player {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Player::L => "L",
            Player::N => "N",
            Player::G => "G",
            Player::M => "M",
        })
    }
}

/// One of the 24 pieces: 0–5 are L's `A`–`F`, 6–11 N's `1`–`6`, 12–17 G's `G`–`L`, 18–23
/// M's `M`–`R`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Piece(u8);

impl Piece {
    /// Every piece of every player a board may seat, L's first.
    pub fn all() -> impl Iterator<Item = Piece> {
        (0..(MAX_PLAYERS * PIECES_PER_PLAYER) as u8).map(Piece)
    }

    /// Its owner.
    pub fn owner(self) -> Player {
        Player::ALL[(usize::from(self.0) / PIECES_PER_PLAYER).min(MAX_PLAYERS - 1)]
    }

    /// Its label: `A`–`F`, `1`–`6`, `G`–`L` or `M`–`R`.
    pub fn label(self) -> char {
        let i = self.0 % PIECES_PER_PLAYER as u8;
        match self.owner() {
            Player::L => (b'A' + i) as char,
            Player::N => (b'1' + i) as char,
            Player::G => (b'G' + i) as char,
            Player::M => (b'M' + i) as char,
        }
    }

    /// The piece with this label (any case), if there is one.
    pub fn from_label(label: char) -> Option<Piece> {
        let first_of = |player: Player| (player.index() * PIECES_PER_PLAYER) as u8;
        match label.to_ascii_uppercase() {
            c @ 'A'..='F' => Some(Piece(c as u8 - b'A')),
            c @ '1'..='6' => Some(Piece(c as u8 - b'1' + first_of(Player::N))),
            c @ 'G'..='L' => Some(Piece(c as u8 - b'G' + first_of(Player::G))),
            c @ 'M'..='R' => Some(Piece(c as u8 - b'M' + first_of(Player::M))),
            _ => None,
        }
    }

    /// Its place among its owner's pieces in label order, 0 to 5.
    pub fn rank(self) -> usize {
        self.index() % PIECES_PER_PLAYER
    }

    fn index(self) -> usize {
        usize::from(self.0)
    }
}

impl fmt::Display for Piece {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.label())
    }
}

/// Where a piece is.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Location {
    /// Off the board, waiting to be placed.
    Pool,
    /// On the track square with this index.
    Track(usize),
    /// Scored: out of play for good.
    Scored,
}

/// The die *(option `dice`)*.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, Default)]
pub enum Dice {
    /// A die showing 0 to 5, each equally likely.
    #[default]
    Uniform,
    /// This many two-sided beans; the roll is the number showing their marked side.
    Beans(u8),
}

/// The most beans a [`Dice::Beans`] may have: more could not be drawn, and with a long enough
/// roll almost every move would overshoot.
pub const MAX_BEANS: u8 = 10;

/// Why a die makes no game.
#[derive(Debug, Clone, Copy, PartialEq, Eq, thiserror::Error)]
pub enum DiceError {
    /// No bean: every roll is 0, every turn is lost and no piece ever moves.
    #[error("Beans(0) always rolls 0: every turn would be lost and no piece would ever move")]
    NoBeans,
    /// More beans than the game can show.
    #[error("Beans({0}) has too many beans: 1 to {MAX_BEANS}")]
    TooManyBeans(u8),
}

impl Dice {
    /// Whether this die can make a game: it must show a value above 0 now and then.
    ///
    /// # Errors
    /// [`DiceError`] for `Beans(0)` and for more than [`MAX_BEANS`] beans.
    pub fn check(self) -> Result<(), DiceError> {
        match self {
            Dice::Uniform => Ok(()),
            Dice::Beans(0) => Err(DiceError::NoBeans),
            Dice::Beans(n) if n > MAX_BEANS => Err(DiceError::TooManyBeans(n)),
            Dice::Beans(_) => Ok(()),
        }
    }

    /// Rolls once.
    pub fn roll(self, rng: &mut impl Rng) -> u8 {
        match self {
            Dice::Uniform => rng.random_range(0..=MAX_ROLL),
            Dice::Beans(n) => (0..n).filter(|_| rng.random_bool(0.5)).count() as u8,
        }
    }

    /// The highest value this die shows.
    pub fn max(self) -> u8 {
        match self {
            Dice::Uniform => MAX_ROLL,
            Dice::Beans(n) => n,
        }
    }

    /// The chance of each value 0..=max (for the AI's chance nodes).
    pub fn distribution(self) -> Vec<(u8, f64)> {
        match self {
            Dice::Uniform => (0..=MAX_ROLL)
                .map(|v| (v, 1.0 / f64::from(MAX_ROLL + 1)))
                .collect(),
            Dice::Beans(n) => {
                let total = 2f64.powi(i32::from(n));
                (0..=n)
                    .map(|k| (k, binomial(u32::from(n), u32::from(k)) / total))
                    .collect()
            }
        }
    }
}

fn binomial(n: u32, k: u32) -> f64 {
    (0..k).fold(1.0, |acc, i| acc * f64::from(n - i) / f64::from(i + 1))
}

/// What happens to a piece whose roll carries it past its end square *(option `overshoot`)*.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, Default)]
pub enum Overshoot {
    /// It goes on round the loop and must come round again to score.
    #[default]
    ContinueLap,
    /// Such a move is illegal.
    Forbidden,
    /// The move is legal and the piece goes back to its owner's pool.
    BackToStart,
}

/// The rule options a layout may set.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, Default)]
#[serde(default, deny_unknown_fields)]
pub struct Rules {
    /// Who moves first (L by default).
    pub first_player: FirstPlayer,
    /// The die.
    pub dice: Dice,
    /// What a roll past the end square does.
    pub overshoot: Overshoot,
}

/// Who moves first, as a layout writes it.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, Default)]
pub enum FirstPlayer {
    /// Player L.
    #[default]
    L,
    /// Player N.
    N,
    /// Player G (boards for three or four).
    G,
    /// Player M (boards for four).
    M,
}

impl From<FirstPlayer> for Player {
    fn from(first: FirstPlayer) -> Player {
        match first {
            FirstPlayer::L => Player::L,
            FirstPlayer::N => Player::N,
            FirstPlayer::G => Player::G,
            FirstPlayer::M => Player::M,
        }
    }
}

/// The highest row or column of a track cell: a board is drawn on a grid of at most 64 by 64.
pub const MAX_GRID: u16 = 63;

/// A grid cell of the board drawing: row from the top, column from the left.
pub type GridCell = (u16, u16);

/// The closed track and its special squares, by track index.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Track {
    cells: Vec<GridCell>,
    middle: Vec<usize>,
    arm_ends: Vec<usize>,
    triangles: Vec<usize>,
    /// Each seated player's start square, by [`Player::index`] (2 to 4 players).
    start: Vec<usize>,
    /// Each seated player's end square, likewise.
    end: Vec<usize>,
}

/// Why a track makes no board; the layout names the field at fault.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum TrackError {
    /// Fewer than four squares cannot close a loop.
    #[error("the track has {0} squares; a closed track needs at least 4")]
    TooShort(usize),
    /// A cell appears twice.
    #[error("track square {later} repeats square {earlier}'s cell {cell:?}")]
    Repeated {
        /// The first index.
        earlier: usize,
        /// The repeating index.
        later: usize,
        /// The cell.
        cell: GridCell,
    },
    /// Two consecutive squares do not share a side.
    #[error("track squares {from} {a:?} and {to} {b:?} are not orthogonally adjacent")]
    NotAdjacent {
        /// Index of the first.
        from: usize,
        /// Index of the second (0 when the last does not close the loop).
        to: usize,
        /// Cell of the first.
        a: GridCell,
        /// Cell of the second.
        b: GridCell,
    },
    /// A cell lies beyond the grid a board is drawn on.
    #[error(
        "track square {index} at {cell:?} is off the grid: rows and columns go from 0 to {MAX_GRID}"
    )]
    OffGrid {
        /// Its index.
        index: usize,
        /// Its cell.
        cell: GridCell,
    },
    /// A special square is not a track index.
    #[error("{field} names square {index}, but the track has squares 0 to {last}")]
    OffTrack {
        /// The field, like `middle` or `players.L.start`.
        field: &'static str,
        /// The index given.
        index: usize,
        /// The last index of the track.
        last: usize,
    },
    /// A player's start and end square are the same.
    #[error("player {0}'s start and end must be different squares")]
    StartIsEnd(Player),
    /// A player's end square is another player's start square: pieces placed there could
    /// stand on it for good, and the player could never score.
    #[error(
        "player {0}'s end square {1} is player {2}'s start square, where the other player's \
         pieces could stand for good: {0} could never score"
    )]
    EndOnOpponentStart(Player, usize, Player),
    /// Two players start on the same square.
    #[error("players {0} and {1} both start on square {2}")]
    SharedStart(Player, Player, usize),
    /// Fewer than two or more than four players.
    #[error("a board seats 2 to 4 players (L, N, G, M), not {0}")]
    Players(usize),
}

impl TrackError {
    /// The layout field this error is about.
    pub fn field(&self) -> &'static str {
        match self {
            TrackError::TooShort(_)
            | TrackError::OffGrid { .. }
            | TrackError::Repeated { .. }
            | TrackError::NotAdjacent { .. } => "track",
            TrackError::OffTrack { field, .. } => field,
            TrackError::StartIsEnd(_)
            | TrackError::SharedStart(..)
            | TrackError::EndOnOpponentStart(..)
            | TrackError::Players(_) => "players",
        }
    }
}

impl Track {
    /// Every reason the parts of a track make no board, in the order [`Track::new`] checks
    /// them (its error is the first); empty when they make one.
    pub fn faults(
        cells: &[GridCell],
        middle: &[usize],
        arm_ends: &[usize],
        triangles: &[usize],
        ends: &[(usize, usize)],
    ) -> Vec<TrackError> {
        let mut faults = Vec::new();
        let seated_ok = (2..=MAX_PLAYERS).contains(&ends.len());
        if !seated_ok {
            faults.push(TrackError::Players(ends.len()));
        }
        let start: Vec<usize> = ends.iter().map(|e| e.0).collect();
        let end: Vec<usize> = ends.iter().map(|e| e.1).collect();
        let n = cells.len();
        if n < 4 {
            faults.push(TrackError::TooShort(n));
        }
        for (index, &cell) in cells.iter().enumerate() {
            if cell.0 > MAX_GRID || cell.1 > MAX_GRID {
                faults.push(TrackError::OffGrid { index, cell });
            }
        }
        for (later, cell) in cells.iter().enumerate() {
            if let Some(earlier) = cells[..later].iter().position(|c| c == cell) {
                faults.push(TrackError::Repeated {
                    earlier,
                    later,
                    cell: *cell,
                });
            }
        }
        if n >= 4 {
            for from in 0..n {
                let to = (from + 1) % n;
                let (a, b) = (cells[from], cells[to]);
                // Summed wide: a layout may give cells as far apart as u16 allows.
                if u32::from(a.0.abs_diff(b.0)) + u32::from(a.1.abs_diff(b.1)) != 1 {
                    faults.push(TrackError::NotAdjacent { from, to, a, b });
                }
            }
        }
        let lists: [(&'static str, &[usize]); 5] = [
            ("middle", middle),
            ("arm_ends", arm_ends),
            ("triangles", triangles),
            ("players", &start),
            ("players", &end),
        ];
        for (field, list) in lists {
            for &index in list.iter().filter(|&&i| i >= n) {
                faults.push(TrackError::OffTrack {
                    field,
                    index,
                    last: n.saturating_sub(1),
                });
            }
        }
        if !seated_ok {
            return faults;
        }
        let seated = &Player::ALL[..ends.len()];
        for &player in seated {
            if start[player.index()] == end[player.index()] {
                faults.push(TrackError::StartIsEnd(player));
            }
        }
        for (i, &player) in seated.iter().enumerate() {
            for &other in &seated[..i] {
                if start[player.index()] == start[other.index()] {
                    faults.push(TrackError::SharedStart(other, player, start[other.index()]));
                }
            }
        }
        for &player in seated {
            for &other in seated {
                if other != player && end[player.index()] == start[other.index()] {
                    faults.push(TrackError::EndOnOpponentStart(
                        player,
                        end[player.index()],
                        other,
                    ));
                }
            }
        }
        faults
    }

    /// A track from its cells in clockwise order, its special squares and the `(start, end)`
    /// squares of each player it seats, in the order of [`Player::ALL`] (L, N, then G, M).
    ///
    /// # Errors
    /// [`TrackError`] when the cells are not a closed chain of orthogonally adjacent distinct
    /// cells, a special square is off the track, or the players are not 2 to 4 with their own
    /// start squares, each end apart from its start and from every other player's start.
    pub fn new(
        cells: Vec<GridCell>,
        middle: Vec<usize>,
        arm_ends: Vec<usize>,
        triangles: Vec<usize>,
        ends: &[(usize, usize)],
    ) -> Result<Track, TrackError> {
        let faults = Track::faults(&cells, &middle, &arm_ends, &triangles, ends);
        if let Some(first) = faults.into_iter().next() {
            return Err(first);
        }
        let start: Vec<usize> = ends.iter().map(|e| e.0).collect();
        let end: Vec<usize> = ends.iter().map(|e| e.1).collect();
        Ok(Track {
            cells,
            middle,
            arm_ends,
            triangles,
            start,
            end,
        })
    }

    /// The cross of the rules' table for arms `arm` squares long: `8 * arm + 4` squares on a
    /// grid of `2 * arm + 2` (arm 7: the 60-square default).
    pub fn cross(arm: u16) -> Track {
        let a = arm;
        let mut cells: Vec<GridCell> = Vec::new();
        cells.extend((0..a).map(|i| (i, a + 1)));
        cells.push((a, a + 1));
        cells.extend((a + 2..=2 * a + 1).map(|c| (a, c)));
        cells.extend((a + 2..=2 * a + 1).rev().map(|c| (a + 1, c)));
        cells.push((a + 1, a + 1));
        cells.extend((a + 2..=2 * a + 1).map(|r| (r, a + 1)));
        cells.extend((a + 2..=2 * a + 1).rev().map(|r| (r, a)));
        cells.push((a + 1, a));
        cells.extend((0..a).rev().map(|c| (a + 1, c)));
        cells.extend((0..a).map(|c| (a, c)));
        cells.push((a, a));
        cells.extend((0..a).rev().map(|r| (r, a)));
        let a = usize::from(a);
        let half_arms = [
            0,
            a + 1,
            2 * a + 1,
            3 * a + 2,
            4 * a + 2,
            5 * a + 3,
            6 * a + 3,
            7 * a + 4,
        ];
        Track::new(
            cells,
            vec![a, 3 * a + 1, 5 * a + 2, 7 * a + 3],
            vec![
                0,
                8 * a + 3,
                2 * a,
                2 * a + 1,
                4 * a + 1,
                4 * a + 2,
                6 * a + 2,
                6 * a + 3,
            ],
            half_arms.iter().map(|s| s + a / 2).collect(),
            &[(3 * a + 2, 3 * a), (7 * a + 4, 7 * a + 2)],
        )
        .expect("the generated cross is a valid track")
    }

    /// This track seating only its first `players` players (2 to all of its own, in the order
    /// L, N, G, M): the same squares, the others' start and end squares plain.
    pub fn first_players(&self, players: usize) -> Track {
        let keep = players.clamp(2, self.start.len().max(2));
        Track {
            start: self.start.iter().copied().take(keep).collect(),
            end: self.end.iter().copied().take(keep).collect(),
            ..self.clone()
        }
    }

    /// The cross seating `players`: [`Track::cross`] for two (or fewer), the first three of
    /// [`Track::cross_for_four`] (L, N, G) for three, all four for four or more.
    pub fn cross_for_players(arm: u16, players: usize) -> Track {
        if players <= 2 {
            return Track::cross(arm);
        }
        Track::cross_for_four(arm).first_players(players)
    }

    /// The cross for four players, one per arm: L and N as on [`Track::cross`], G and M on
    /// the two arms between them; each enters just after its arm's middle square and scores
    /// just before it, as L and N do. Clockwise the turn goes L, G, N, M.
    pub fn cross_for_four(arm: u16) -> Track {
        let two = Track::cross(arm);
        let a = usize::from(arm);
        Track::new(
            two.cells,
            two.middle,
            two.arm_ends,
            two.triangles,
            &[
                (3 * a + 2, 3 * a),
                (7 * a + 4, 7 * a + 2),
                (5 * a + 3, 5 * a + 1),
                (a + 1, a - 1),
            ],
        )
        .expect("the generated four-player cross is a valid track")
    }

    /// Number of squares.
    pub fn len(&self) -> usize {
        self.cells.len()
    }

    /// Always false: a track has at least four squares.
    pub fn is_empty(&self) -> bool {
        self.cells.is_empty()
    }

    /// The grid cell of each square, in track order.
    pub fn cells(&self) -> &[GridCell] {
        &self.cells
    }

    /// The middle squares, as the layout lists them.
    pub fn middle(&self) -> &[usize] {
        &self.middle
    }

    /// The arm-end squares, as the layout lists them.
    pub fn arm_ends(&self) -> &[usize] {
        &self.arm_ends
    }

    /// The triangle squares, as the layout lists them.
    pub fn triangles(&self) -> &[usize] {
        &self.triangles
    }

    /// Whether captures may happen on `square`.
    pub fn is_middle(&self, square: usize) -> bool {
        self.middle.contains(&square)
    }

    /// Whether ending a move on `square` grants another roll.
    pub fn is_arm_end(&self, square: usize) -> bool {
        self.arm_ends.contains(&square)
    }

    /// Whether `square` carries a (decorative) triangle.
    pub fn is_triangle(&self, square: usize) -> bool {
        self.triangles.contains(&square)
    }

    /// The players this board seats (2 to 4), in the order of [`Player::ALL`].
    pub fn players(&self) -> &'static [Player] {
        &Player::ALL[..self.start.len().clamp(2, MAX_PLAYERS)]
    }

    /// Whether the board seats `player`.
    pub fn seats(&self, player: Player) -> bool {
        player.index() < self.start.len()
    }

    /// `player`'s start square (square 0 for a player the board does not seat).
    pub fn start(&self, player: Player) -> usize {
        self.start.get(player.index()).copied().unwrap_or(0)
    }

    /// `player`'s end square (square 0 for a player the board does not seat).
    pub fn end(&self, player: Player) -> usize {
        self.end.get(player.index()).copied().unwrap_or(0)
    }

    /// The players in turn order: clockwise round the track (in track order) from `first`'s
    /// start square. With two players, `first` then the other.
    pub fn turn_order(&self, first: Player) -> Vec<Player> {
        let from = self.start(first);
        let mut order = self.players().to_vec();
        order.sort_by_key(|&p| (self.start(p) + self.len() - from) % self.len());
        order
    }

    /// Steps from `player`'s start to `square` along the loop.
    pub fn progress(&self, player: Player, square: usize) -> usize {
        (square + self.len() - self.start(player)) % self.len()
    }
}

/// Where the turn stands.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Phase {
    /// The player to move must roll (the referee rolls for it).
    Roll,
    /// The player rolled `roll` and must choose an action.
    Act {
        /// The roll.
        roll: u8,
    },
    /// Somebody won.
    Over {
        /// The winner.
        winner: Player,
    },
}

/// A player's choice after a roll.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Action {
    /// Move this piece forward by the roll.
    Move(Piece),
    /// Put this piece from the pool on the start square.
    Place(Piece),
    /// Do nothing this turn.
    Pass,
}

impl fmt::Display for Action {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Action::Move(p) => write!(f, "move {p}"),
            Action::Place(p) => write!(f, "place {p}"),
            Action::Pass => f.write_str("pass"),
        }
    }
}

impl std::str::FromStr for Action {
    type Err = super::ParseError;

    /// Reads what `Display` writes: `move A`, `place 3`, `pass`.
    fn from_str(text: &str) -> Result<Action, super::ParseError> {
        let text = text.trim();
        if text.eq_ignore_ascii_case("pass") {
            return Ok(Action::Pass);
        }
        let piece = |label: &str| {
            let mut chars = label.trim().chars();
            match (chars.next(), chars.next()) {
                (Some(c), None) => Piece::from_label(c),
                _ => None,
            }
        };
        let lower = text.to_ascii_lowercase();
        let (make, label): (fn(Piece) -> Action, &str) =
            if let Some(rest) = lower.strip_prefix("move ") {
                (Action::Move, rest)
            } else if let Some(rest) = lower.strip_prefix("place ") {
                (Action::Place, rest)
            } else {
                return Err(super::ParseError::PatolliAction(super::quoted(text)));
            };
        piece(label)
            .map(make)
            .ok_or_else(|| super::ParseError::PieceLabel {
                text: super::quoted(text),
                label: super::quoted(label),
            })
    }
}

/// What an applied action did.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Effect {
    /// A piece moved from one square to another (or scored, or went back to the pool).
    Moved {
        /// The piece.
        piece: Piece,
        /// Its square before.
        from: usize,
        /// Where it is now.
        to: Location,
        /// The opponent piece sent back to its pool, if any.
        captured: Option<Piece>,
        /// Whether the same player rolls again (the move ended on an arm end).
        extra_roll: bool,
    },
    /// A piece entered the start square.
    Placed {
        /// The piece.
        piece: Piece,
        /// The start square.
        square: usize,
    },
    /// The player passed.
    Passed,
}

impl Effect {
    /// What the action did, in words, such as "moves A from 23 to 27.", to follow the name
    /// of the player who acted.
    pub fn describe(self) -> String {
        match self {
            Effect::Passed => "passes.".to_string(),
            Effect::Placed { piece, square } => format!("places {piece} on square {square}."),
            Effect::Moved {
                piece,
                from,
                to,
                captured,
                extra_roll,
            } => {
                let mut text = match to {
                    Location::Track(square) => format!("moves {piece} from {from} to {square}"),
                    Location::Scored => format!("moves {piece} from {from} home and scores"),
                    Location::Pool => format!("moves {piece} past its end: back to the pool"),
                };
                if let Some(captured) = captured {
                    text.push_str(&format!(", capturing {captured} (back to its pool)"));
                }
                text.push('.');
                if extra_roll {
                    text.push_str(" Arm end: extra roll.");
                }
                text
            }
        }
    }
}

/// What a roll did.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Rolled {
    /// The player now chooses an action for this roll.
    Choose(u8),
    /// A 0 outside the opening: the turn is lost and passes to the opponent.
    TurnLost,
}

/// Why a request was refused. The state is unchanged.
#[derive(Debug, Clone, Copy, PartialEq, Eq, thiserror::Error)]
pub enum Illegal {
    /// The game has ended.
    #[error("the game is over")]
    GameOver,
    /// An action was asked for before the roll.
    #[error("roll first")]
    MustRoll,
    /// A roll was asked for while an action is due.
    #[error("you already rolled {0}: move, place or pass")]
    AlreadyRolled(u8),
    /// A roll outside what the die shows.
    #[error("{0} is not a roll of this die")]
    BadRoll(u8),
    /// The piece belongs to the opponent.
    #[error("piece {0} is not yours")]
    NotYourPiece(Piece),
    /// The first turn of each player must place a piece.
    #[error("your first turn must place a piece on your start square")]
    OpeningPlacement,
    /// The piece to move is not on the board.
    #[error("piece {0} is not on the board")]
    NotOnBoard(Piece),
    /// The piece to place is not in the pool.
    #[error("piece {0} is not in your pool")]
    NotInPool(Piece),
    /// The start square is taken.
    #[error("your start square {0} is occupied")]
    StartOccupied(usize),
    /// The target holds one of the player's own pieces.
    #[error("piece {piece} would land on your own piece {blocker} on square {square}")]
    OwnPiece {
        /// The moving piece.
        piece: Piece,
        /// The own piece in the way.
        blocker: Piece,
        /// The target square.
        square: usize,
    },
    /// The target holds an opponent piece outside the middle.
    #[error("square {square} holds {blocker}; captures happen only on the middle squares")]
    Occupied {
        /// The target square.
        square: usize,
        /// The opponent piece there.
        blocker: Piece,
    },
    /// The end square holds an opponent piece.
    #[error("your end square {0} is occupied by an opponent piece: you cannot score there")]
    EndOccupied(usize),
    /// The roll would carry the piece past its end square (overshoot `Forbidden`).
    #[error("piece {piece} needs exactly {needed} to score; {roll} would go past the end")]
    Overshoot {
        /// The piece.
        piece: Piece,
        /// The exact roll that scores.
        needed: usize,
        /// The roll.
        roll: u8,
    },
}

/// A Patolli position.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct State {
    track: Arc<Track>,
    rules: Rules,
    pieces: [Location; MAX_PLAYERS * PIECES_PER_PLAYER],
    to_move: Player,
    phase: Phase,
    opened: [bool; MAX_PLAYERS],
    passes_in_a_row: u32,
    /// The seated players in turn order (the first `seated` entries).
    order: [Player; MAX_PLAYERS],
    /// How many players the board seats.
    seated: u8,
}

/// A player's place at the end: the winner first, the others by pieces scored.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Standing {
    /// The player.
    pub player: Player,
    /// Its pieces scored.
    pub score: usize,
    /// Its place from 1; players with as many pieces scored (the winner aside) share one.
    pub place: usize,
}

/// Why pieces cannot stand where [`State::arranged`] was asked to put them.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum ArrangeError {
    /// A square past the track's end.
    #[error("square {0} is off the track")]
    OffTrack(usize),
    /// Two pieces on one square.
    #[error("{piece} and {other} both on square {square}")]
    Shared {
        /// The piece put there.
        piece: Piece,
        /// The piece already there.
        other: Piece,
        /// The square.
        square: usize,
    },
}

impl State {
    /// The start of a game on `track` with `rules`: every piece in its pool.
    /// With more than two players the turn goes clockwise round the track from the first
    /// player (a first player the board does not seat is taken as L: layouts refuse it).
    pub fn new(track: Arc<Track>, rules: Rules) -> State {
        let first = Player::from(rules.first_player);
        let first = if track.seats(first) { first } else { Player::L };
        let mut order = Player::ALL;
        let turn_order = track.turn_order(first);
        order[..turn_order.len()].copy_from_slice(&turn_order);
        State {
            seated: turn_order.len() as u8,
            track,
            rules,
            pieces: [Location::Pool; MAX_PLAYERS * PIECES_PER_PLAYER],
            to_move: first,
            phase: Phase::Roll,
            opened: [false; MAX_PLAYERS],
            passes_in_a_row: 0,
            order,
        }
    }

    /// The players in the game, in turn order (the first player first).
    pub fn players(&self) -> &[Player] {
        &self.order[..usize::from(self.seated)]
    }

    /// The player after `player` in turn order.
    pub fn next_after(&self, player: Player) -> Player {
        let players = self.players();
        let at = players.iter().position(|&p| p == player).unwrap_or(0);
        players[(at + 1) % players.len()]
    }

    /// The players in the game other than `player`, in turn order after it.
    pub fn opponents(&self, player: Player) -> impl Iterator<Item = Player> + '_ {
        let players = self.players();
        let at = players.iter().position(|&p| p == player).unwrap_or(0);
        (1..players.len()).map(move |i| players[(at + i) % players.len()])
    }

    /// Every piece in the game (its players' pieces), L's first.
    pub fn pieces_in_play(&self) -> impl Iterator<Item = Piece> + use<> {
        (0..self.seated * PIECES_PER_PLAYER as u8).map(Piece)
    }

    /// A position after both openings, with `to_move` about to roll and the pieces named in
    /// `pieces` where given (the others in their pools). For tests, puzzles and replays.
    ///
    /// # Errors
    /// [`ArrangeError`] when two pieces share a square or a square is off the track.
    pub fn arranged(
        track: Arc<Track>,
        rules: Rules,
        to_move: Player,
        pieces: &[(Piece, Location)],
    ) -> Result<State, ArrangeError> {
        let mut state = State::new(track, rules);
        state.to_move = to_move;
        state.opened = [true; MAX_PLAYERS];
        for &(piece, location) in pieces {
            if let Location::Track(square) = location {
                if square >= state.track.len() {
                    return Err(ArrangeError::OffTrack(square));
                }
                if let Some(other) = state.piece_on(square) {
                    return Err(ArrangeError::Shared {
                        piece,
                        other,
                        square,
                    });
                }
            }
            state.pieces[piece.index()] = location;
        }
        if let Some(winner) = state
            .players()
            .iter()
            .copied()
            .find(|&p| state.score(p) == PIECES_PER_PLAYER)
        {
            state.phase = Phase::Over { winner };
        }
        Ok(state)
    }

    /// The track.
    pub fn track(&self) -> &Track {
        &self.track
    }

    /// The track, shared (the views draw from it).
    pub fn track_arc(&self) -> Arc<Track> {
        Arc::clone(&self.track)
    }

    /// The rule options.
    pub fn rules(&self) -> Rules {
        self.rules
    }

    /// Whose turn it is.
    pub fn to_move(&self) -> Player {
        self.to_move
    }

    /// Where the turn stands.
    pub fn phase(&self) -> Phase {
        self.phase
    }

    /// The winner, once there is one.
    pub fn winner(&self) -> Option<Player> {
        match self.phase {
            Phase::Over { winner } => Some(winner),
            _ => None,
        }
    }

    /// Where `piece` is.
    pub fn location(&self, piece: Piece) -> Location {
        self.pieces[piece.index()]
    }

    /// Where `piece` would end if moved now by the roll, when that move is legal (a preview:
    /// the state does not change).
    pub fn move_target(&self, piece: Piece) -> Option<Location> {
        let mut after = self.clone();
        match after.apply(Action::Move(piece)) {
            Ok(Effect::Moved { to, .. }) => Some(to),
            _ => None,
        }
    }

    /// The first piece, in label order, in the pool of the player to move: the one `place`
    /// puts on the start square when no piece is named.
    pub fn first_in_pool(&self) -> Option<Piece> {
        self.to_move()
            .pieces()
            .find(|&piece| self.location(piece) == Location::Pool)
    }

    /// The piece on `square`, if any.
    pub fn piece_on(&self, square: usize) -> Option<Piece> {
        self.pieces_in_play()
            .find(|&p| self.location(p) == Location::Track(square))
    }

    /// The pieces scored, the winner's (or the leader's) first, then the others' in ranking
    /// order: `6–3`, or with more players `6–4–3–1`.
    pub fn scores_line(&self) -> String {
        let scores: Vec<String> = self.ranking().iter().map(|s| s.score.to_string()).collect();
        scores.join("–")
    }

    /// The players ranked at the end (or as they stand): the winner first, then by pieces
    /// scored, most first; players with as many pieces share a place (the winner never does).
    pub fn ranking(&self) -> Vec<Standing> {
        let winner = self.winner();
        let mut order: Vec<Player> = self.players().to_vec();
        order.sort_by_key(|&p| (Some(p) != winner, std::cmp::Reverse(self.score(p)), p));
        let mut standings: Vec<Standing> = Vec::with_capacity(order.len());
        for (i, &player) in order.iter().enumerate() {
            let score = self.score(player);
            let place = match standings.last() {
                Some(last) if last.score == score && Some(last.player) != winner => last.place,
                _ => i + 1,
            };
            standings.push(Standing {
                player,
                score,
                place,
            });
        }
        standings
    }

    /// Pieces `player` has scored.
    pub fn score(&self, player: Player) -> usize {
        player
            .pieces()
            .filter(|&p| self.location(p) == Location::Scored)
            .count()
    }

    /// How many of the last decisions were passes, in a row (a lost turn is no decision).
    /// Two players who both pass while they could move would go on for ever; the AI uses
    /// this to break such a stalemate.
    pub fn passes_in_a_row(&self) -> u32 {
        self.passes_in_a_row
    }

    /// Whether the player to move is still on its opening placement.
    pub fn in_opening(&self) -> bool {
        !self.opened[self.to_move.index()]
    }

    /// Records the roll for the player to move.
    ///
    /// # Errors
    /// [`Illegal`] when the game is over, a roll is not due, or `value` is not on the die.
    pub fn roll(&mut self, value: u8) -> Result<Rolled, Illegal> {
        match self.phase {
            Phase::Over { .. } => return Err(Illegal::GameOver),
            Phase::Act { roll } => return Err(Illegal::AlreadyRolled(roll)),
            Phase::Roll => {}
        }
        if value > self.rules.dice.max() {
            return Err(Illegal::BadRoll(value));
        }
        // The opening placement happens whatever the roll, 0 included.
        if value == 0 && !self.in_opening() {
            self.end_turn();
            return Ok(Rolled::TurnLost);
        }
        self.phase = Phase::Act { roll: value };
        Ok(Rolled::Choose(value))
    }

    /// Every legal action now (empty unless a roll is awaiting its action). `Pass` is always
    /// among them, except in the opening when a placement is possible.
    pub fn legal_actions(&self) -> Vec<Action> {
        let Phase::Act { .. } = self.phase else {
            return Vec::new();
        };
        let player = self.to_move;
        let mut actions: Vec<Action> = player
            .pieces()
            .flat_map(|p| [Action::Move(p), Action::Place(p)])
            .filter(|&a| self.check(a).is_ok())
            .collect();
        if self.check(Action::Pass).is_ok() {
            actions.push(Action::Pass);
        }
        actions
    }

    /// Whether the player to move can only pass.
    pub fn only_pass(&self) -> bool {
        self.legal_actions() == [Action::Pass]
    }

    /// Checks `action` without applying it.
    ///
    /// # Errors
    /// Why it would be refused.
    pub fn check(&self, action: Action) -> Result<(), Illegal> {
        self.plan(action).map(|_| ())
    }

    /// Applies `action` for the player to move after its roll.
    ///
    /// # Errors
    /// [`Illegal`] if it is not legal now; `self` is unchanged.
    pub fn apply(&mut self, action: Action) -> Result<Effect, Illegal> {
        let effect = self.plan(action)?;
        let player = self.to_move;
        match effect {
            Effect::Moved {
                piece,
                to,
                captured,
                extra_roll,
                ..
            } => {
                self.pieces[piece.index()] = to;
                if let Some(captured) = captured {
                    self.pieces[captured.index()] = Location::Pool;
                }
                if self.score(player) == PIECES_PER_PLAYER {
                    self.phase = Phase::Over { winner: player };
                } else if extra_roll {
                    self.phase = Phase::Roll;
                } else {
                    self.end_turn();
                }
            }
            Effect::Placed { piece, square } => {
                self.pieces[piece.index()] = Location::Track(square);
                self.opened[player.index()] = true;
                self.end_turn();
            }
            Effect::Passed => {
                self.opened[player.index()] = true;
                self.end_turn();
            }
        }
        self.passes_in_a_row = match effect {
            Effect::Passed => self.passes_in_a_row.saturating_add(1),
            _ => 0,
        };
        Ok(effect)
    }

    /// The board as text: the cross on its grid with the pieces' labels, then pools and scores.
    /// Empty squares: `.` ordinary, `+` middle, `#` arm end, `^` triangle; `[ ]` marks the
    /// players' start squares and `( )` their end squares.
    pub fn render(&self) -> String {
        let rows = self.track.cells().iter().map(|c| c.0).max().unwrap_or(0) + 1;
        let cols = self.track.cells().iter().map(|c| c.1).max().unwrap_or(0) + 1;
        let mut grid = vec![vec!["   ".to_string(); usize::from(cols)]; usize::from(rows)];
        for (square, &(row, col)) in self.track.cells().iter().enumerate() {
            let mark = match self.piece_on(square) {
                Some(piece) => piece.label(),
                None if self.track.is_middle(square) => '+',
                None if self.track.is_arm_end(square) => '#',
                None if self.track.is_triangle(square) => '^',
                None => '.',
            };
            let (open, close) = if self
                .players()
                .iter()
                .any(|&p| self.track.start(p) == square)
            {
                ('[', ']')
            } else if self.players().iter().any(|&p| self.track.end(p) == square) {
                ('(', ')')
            } else {
                (' ', ' ')
            };
            grid[usize::from(row)][usize::from(col)] = format!("{open}{mark}{close}");
        }
        let mut out = String::new();
        for line in grid {
            out.push_str(line.concat().trim_end());
            out.push('\n');
        }
        for &player in self.track.players() {
            let pool: Vec<String> = player
                .pieces()
                .filter(|&p| self.location(p) == Location::Pool)
                .map(|p| p.to_string())
                .collect();
            out.push_str(&format!(
                "Player {player}: start {} end {}, pool [{}], score {}\n",
                self.track.start(player),
                self.track.end(player),
                pool.join(" "),
                self.score(player)
            ));
        }
        out
    }

    /// The one-line machine-readable status: turn, roll, every piece's place, scores, winner.
    pub fn status_json(&self) -> String {
        let pieces: serde_json::Map<String, serde_json::Value> = self
            .pieces_in_play()
            .map(|p| {
                let place = match self.location(p) {
                    Location::Pool => serde_json::json!("pool"),
                    Location::Scored => serde_json::json!("scored"),
                    Location::Track(square) => serde_json::json!(square),
                };
                (p.to_string(), place)
            })
            .collect();
        let roll = match self.phase {
            Phase::Act { roll } => Some(roll),
            _ => None,
        };
        serde_json::json!({
            "turn": self.to_move.to_string(),
            "roll": roll,
            "pieces": pieces,
            "score": self
                .track
                .players()
                .iter()
                .map(|&p| (p.to_string(), serde_json::json!(self.score(p))))
                .collect::<serde_json::Map<String, serde_json::Value>>(),
            "winner": self.winner().map(|w| w.to_string()),
        })
        .to_string()
    }

    fn end_turn(&mut self) {
        self.to_move = self.next_after(self.to_move);
        self.phase = Phase::Roll;
    }

    /// What `action` would do, or why it is illegal.
    fn plan(&self, action: Action) -> Result<Effect, Illegal> {
        let roll = match self.phase {
            Phase::Over { .. } => return Err(Illegal::GameOver),
            Phase::Roll => return Err(Illegal::MustRoll),
            Phase::Act { roll } => roll,
        };
        let player = self.to_move;
        let start = self.track.start(player);
        let can_place = self.piece_on(start).is_none();
        match action {
            Action::Pass => {
                // The opening placement is compulsory when it is possible.
                if self.in_opening() && can_place {
                    Err(Illegal::OpeningPlacement)
                } else {
                    Ok(Effect::Passed)
                }
            }
            Action::Place(piece) => {
                self.own(piece)?;
                if self.location(piece) != Location::Pool {
                    return Err(Illegal::NotInPool(piece));
                }
                if !can_place {
                    return Err(Illegal::StartOccupied(start));
                }
                Ok(Effect::Placed {
                    piece,
                    square: start,
                })
            }
            Action::Move(piece) => {
                self.own(piece)?;
                if self.in_opening() {
                    return Err(Illegal::OpeningPlacement);
                }
                let Location::Track(from) = self.location(piece) else {
                    return Err(Illegal::NotOnBoard(piece));
                };
                self.plan_move(piece, from, roll)
            }
        }
    }

    fn own(&self, piece: Piece) -> Result<(), Illegal> {
        if piece.owner() == self.to_move {
            Ok(())
        } else {
            Err(Illegal::NotYourPiece(piece))
        }
    }

    fn plan_move(&self, piece: Piece, from: usize, roll: u8) -> Result<Effect, Illegal> {
        let player = piece.owner();
        let n = self.track.len();
        let end = self.track.end(player);
        let progress = self.track.progress(player, from);
        let to_end = self.track.progress(player, end);
        let steps = usize::from(roll);
        let moved = |to: Location, captured: Option<Piece>, extra_roll: bool| Effect::Moved {
            piece,
            from,
            to,
            captured,
            extra_roll,
        };
        // Passing the end square: only when the piece is before it on this lap.
        if progress < to_end && progress + steps > to_end {
            match self.rules.overshoot {
                Overshoot::Forbidden => {
                    return Err(Illegal::Overshoot {
                        piece,
                        needed: to_end - progress,
                        roll,
                    });
                }
                Overshoot::BackToStart => return Ok(moved(Location::Pool, None, false)),
                Overshoot::ContinueLap => {}
            }
        }
        let target = (from + steps) % n;
        let occupant = self.piece_on(target);
        if target == end {
            return match occupant {
                Some(other) if other.owner() != player => Err(Illegal::EndOccupied(end)),
                _ => Ok(moved(Location::Scored, None, false)),
            };
        }
        let captured = match occupant {
            None => None,
            Some(blocker) if blocker.owner() == player => {
                return Err(Illegal::OwnPiece {
                    piece,
                    blocker,
                    square: target,
                });
            }
            Some(blocker) if self.track.is_middle(target) => Some(blocker),
            Some(blocker) => {
                return Err(Illegal::Occupied {
                    square: target,
                    blocker,
                });
            }
        };
        Ok(moved(
            Location::Track(target),
            captured,
            self.track.is_arm_end(target),
        ))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn effects_are_described_in_words_that_follow_the_player() {
        let [a, one] = [Piece(0), Piece(PIECES_PER_PLAYER as u8)];
        let moved = Effect::Moved {
            piece: one,
            from: 57,
            to: Location::Track(59),
            captured: None,
            extra_roll: true,
        };
        assert_eq!(
            moved.describe(),
            "moves 1 from 57 to 59. Arm end: extra roll."
        );
        let captured = Effect::Moved {
            piece: a,
            from: 3,
            to: Location::Track(7),
            captured: Some(one),
            extra_roll: false,
        };
        assert_eq!(
            captured.describe(),
            "moves A from 3 to 7, capturing 1 (back to its pool)."
        );
        assert_eq!(
            Effect::Placed {
                piece: a,
                square: 23
            }
            .describe(),
            "places A on square 23."
        );
        assert_eq!(Effect::Passed.describe(), "passes.");
    }

    #[test]
    fn the_default_cross_matches_the_rules_table() {
        let track = Track::cross(7);
        assert_eq!(track.len(), 60);
        assert_eq!(track.cells()[0], (0, 8));
        assert_eq!(track.cells()[7], (7, 8));
        assert_eq!(track.cells()[8], (7, 9));
        assert_eq!(track.cells()[15], (8, 15));
        assert_eq!(track.cells()[22], (8, 8));
        assert_eq!(track.cells()[29], (15, 8));
        assert_eq!(track.cells()[30], (15, 7));
        assert_eq!(track.cells()[37], (8, 7));
        assert_eq!(track.cells()[44], (8, 0));
        assert_eq!(track.cells()[45], (7, 0));
        assert_eq!(track.cells()[52], (7, 7));
        assert_eq!(track.cells()[59], (0, 7));
        for i in [7, 22, 37, 52] {
            assert!(track.is_middle(i));
        }
        for i in [0, 59, 14, 15, 29, 30, 44, 45] {
            assert!(track.is_arm_end(i));
        }
        for i in [3, 11, 18, 26, 33, 41, 48, 56] {
            assert!(track.is_triangle(i));
        }
        assert_eq!((track.start(Player::L), track.end(Player::L)), (23, 21));
        assert_eq!((track.start(Player::N), track.end(Player::N)), (53, 51));
        assert_eq!(track.progress(Player::L, 21), 58);
        assert_eq!(Track::cross(6).len(), 52);
    }

    #[test]
    fn labels_round_trip() {
        for piece in Piece::all() {
            assert_eq!(Piece::from_label(piece.label()), Some(piece));
        }
        assert_eq!(Piece::from_label('c'), Some(Piece(2)));
        assert_eq!(Piece::from_label('7'), None);
    }

    #[test]
    fn beans_follow_the_binomial_weights() {
        let weights: Vec<f64> = Dice::Beans(5)
            .distribution()
            .iter()
            .map(|w| w.1 * 32.0)
            .collect();
        assert_eq!(weights, vec![1.0, 5.0, 10.0, 10.0, 5.0, 1.0]);
    }
}
