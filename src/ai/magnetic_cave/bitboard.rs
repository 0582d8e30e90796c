//! The bitboard search for caves of up to 64 cells, the assignment's 8x8 among them.
//!
//! A position is two `u64` (one bit a cell, bit `row * width + col`), the legal cells come
//! from a few word operations (an empty cell on a wall column or beside an occupied cell in its
//! row), and every line window keeps its brick counts up to date as bricks come and go, so the
//! evaluation, the winning cells of each side and the position's key cost a few operations a
//! move. The key is not the colour of every brick but what decides the game from here: which
//! cells are filled and each window's *status* (empty, `k` bricks of one colour, or dead), so
//! positions that differ only in bricks inside dead windows share one table entry.
//! `docs/ai-magnetic-cave.md` explains the search.

use super::values::{
    INF, LATENT_VALUE, TEMPO, TtEntry, WIN, WIN_THRESHOLD, from_tt, random_keys, to_tt,
    window_value,
};
use crate::ai::{Bound, Deadline, Deepening, Reorder, SearchReport, deepen};
use crate::rules::magnetic_cave::{Cell, Config, State};

const TT_BITS: u32 = 20;
const MAX_PLY: usize = 72;
/// Words of a window bit set: a cave of 64 cells has at most 4 windows a cell.
const HOT_WORDS: usize = 4;
/// Half the width of the first aspiration window around the last depth's score.
const ASPIRATION: i32 = 48;
/// With at most this many empty cells the root is first solved exactly (win, tie or loss)…
const SOLVE_FROM: u32 = 24;
/// …in at most this share of the thinking time; the rest goes to the deepening search.
const SOLVE_SHARE: f64 = 0.4;
/// Once the root is proved a tie or a loss, traps for the opponent are looked for until
/// this share of the thinking time…
const TRAP_SHARE: f64 = 0.7;
/// …and a trap is a reply whose punishment a search of this many plies does not yet see.
const TRAP_HORIZON: i32 = 5;
/// The solver looks up every child in the table first with at least this many empty cells.
const ETC_FROM: i32 = 12;
/// The solver cuts the moves in dead rows to one with at least this many empty cells.
const SPARE_FROM: i32 = 6;
/// With at most this many empty cells (and more than [`SOLVE_FROM`]), the thinking time the
/// deepening leaves checks the chosen move by proof ([`Searcher::avoid_proved_loss`]): at 25
/// to 32 empty cells a search with the evaluation gives away a tie or a win about once in a
/// hundred moves, and the loss it walks into is often proved in tens of milliseconds. The
/// time the check leaves then looks for a proved win the search did not see
/// ([`Searcher::win_in_time_left`]).
const CHECK_FROM: u32 = 32;
/// In the check's range the deepening starts no depth after this share of the thinking
/// time…
const CHECK_STOP: f64 = 0.4;
/// …and stops at this share, so that the rest goes to the check and the proof of a win.
const CHECK_SHARE: f64 = 0.75;
/// In the check's range, a proof that the position is won, and of its winning move, may take
/// this share of the thinking time ([`Searcher::quick_win`]): wins there are often proved in
/// milliseconds, and a search with the evaluation does not always see them.
const QUICK_WIN_SHARE: f64 = 0.05;
/// The check of a chosen move ranks the other moves by a search of this many plies.
const CHECK_ORDER_DEPTH: i32 = 4;
/// The solver looks for a pairing that keeps a side from winning
/// ([`Position::paired_off`]) with at least this many empty cells…
const PAIR_FROM: i32 = 8;
/// …trying at most this many choices of pairs…
const PAIR_STEPS: u32 = 16;
/// …among at most this many pairs a window.
const PAIR_CHOICES: usize = 16;
/// How the solver orders its moves: a window with `k` bricks of one colour is worth `4^k`
/// (any direction), and a brick that leaves a window one brick short gains this much more.
/// Threats first prove the end sooner than the fitted evaluation's order (docs).
const PROOF_THREAT: i32 = 100;

/// What a window with `bricks` bricks of one colour only is worth in an open-line count
/// (`4^k`, four or more bricks as four): the solver's move order.
fn open_line_value(bricks: usize) -> i32 {
    if bricks == 0 {
        0
    } else {
        4i32.pow(bricks.min(4) as u32)
    }
}

/// The cave's shape as bit masks and line windows.
pub(super) struct Geometry {
    width: u8,
    cells: u32,
    all: u64,
    walls: u64,
    not_first_column: u64,
    not_last_column: u64,
    /// Every line of `win` cells, as a mask.
    windows: Vec<u64>,
    /// Each row's cells, as a mask.
    rows: Vec<u64>,
    /// For cell `c`, the windows through it: `cell_windows[first[c]..first[c + 1]]`.
    first: Vec<usize>,
    cell_windows: Vec<u16>,
    /// A window's counts as one code, `black * stride + white` (plus `stride * stride` for a
    /// column or a diagonal); a brick of black adds `steps[0]`, one of white `steps[1]`.
    steps: [u16; 2],
    /// Each window's code while it is empty.
    empty_codes: Vec<u16>,
    /// By colour and code: what one more brick of that colour adds to its side's total.
    gains: [Vec<i32>; 2],
    /// The same by the solver's order ([`PROOF_THREAT`]): by colour and code, what one more
    /// brick of that colour is worth to it when proving.
    proof_gains: [Vec<i32>; 2],
    /// By colour and the code before its brick: what one brick of it changes (one lookup a
    /// window when a brick comes or goes).
    steps_of: [Vec<Step>; 2],
    /// A key for each cell's being filled, by either colour.
    filled_keys: Vec<u64>,
    /// A key for each window and *status* (empty, `k` bricks of one colour only, or dead),
    /// at `window * statuses + status`: the position's key is that of its filled cells and
    /// its windows' statuses, so positions that differ only in bricks that decide nothing
    /// share it.
    status_keys: Vec<u64>,
    /// How many statuses a window has: dead, or `0..=win + 1` bricks of black or of white.
    statuses: usize,
    /// By code: whether the window holds bricks of both colours (no line can pass through it).
    dead_codes: Vec<bool>,
    /// What each winning cell not playable yet adds for its owner at the search's leaves.
    latent_value: i32,
    /// What the player to move gains by moving, at the search's leaves.
    tempo: i32,
}

impl Geometry {
    /// The masks for `config` with the engine's evaluation, or `None` when it has more than
    /// 64 cells.
    pub(super) fn new(config: Config) -> Option<Geometry> {
        Geometry::weighted(config, &window_value, LATENT_VALUE, TEMPO)
    }

    /// The masks for `config` with windows worth `value(in a row, bricks, win)` (bricks of one
    /// colour only, at least one), `latent_value` a winning cell not playable yet and `tempo`
    /// the move, or `None` when it has more than 64 cells.
    fn weighted(
        config: Config,
        value: &dyn Fn(bool, usize, usize) -> i32,
        latent_value: i32,
        tempo: i32,
    ) -> Option<Geometry> {
        let window_value = |row: bool, bricks: usize, win: usize| {
            if bricks == 0 {
                0
            } else {
                value(row, bricks, win)
            }
        };
        let cells = config.cell_count();
        if cells > 64 {
            return None;
        }
        let (w, h, win) = (
            i32::from(config.width()),
            i32::from(config.height()),
            i32::from(config.win_length()),
        );
        let bit = |col: i32, row: i32| 1u64 << (row * w + col);
        let mut walls = 0;
        let mut first_column = 0;
        let mut last_column = 0;
        for row in 0..h {
            walls |= bit(0, row) | bit(w - 1, row);
            first_column |= bit(0, row);
            last_column |= bit(w - 1, row);
        }
        let all = if cells == 64 {
            u64::MAX
        } else {
            (1u64 << cells) - 1
        };
        let mut windows = Vec::new();
        // 0 for a window in a row, 1 for a column or a diagonal.
        let mut kinds: Vec<u16> = Vec::new();
        for (dc, dr) in [(1, 0), (0, 1), (1, 1), (1, -1)] {
            for row in 0..h {
                for col in 0..w {
                    let (end_c, end_r) = (col + dc * (win - 1), row + dr * (win - 1));
                    if end_c < 0 || end_c >= w || end_r < 0 || end_r >= h {
                        continue;
                    }
                    windows.push((0..win).fold(0u64, |m, i| m | bit(col + dc * i, row + dr * i)));
                    kinds.push(u16::from(dr != 0));
                }
            }
        }
        let mut first = Vec::with_capacity(cells + 1);
        let mut cell_windows = Vec::new();
        for c in 0..cells {
            first.push(cell_windows.len());
            for (i, &window) in windows.iter().enumerate() {
                if window & (1 << c) != 0 {
                    cell_windows.push(i as u16);
                }
            }
        }
        first.push(cell_windows.len());
        // One more code on each side, so a (never searched) completed window has a value too;
        // a row's window counts from code 0, the others from `codes`, as their values differ.
        let stride = win as usize + 2;
        let codes = stride * stride;
        let len = win as usize;
        // A window's value for black minus white's, from what its bricks are worth to one colour.
        let signed = |own: &dyn Fn(usize) -> i32, b: usize, wh: usize| match (b, wh) {
            (b, 0) => own(b),
            (0, wh) => -own(wh),
            _ => 0,
        };
        let value =
            |kind: usize, b: usize, wh: usize| signed(&|k| window_value(kind == 0, k, len), b, wh);
        let proof_value = |b: usize, wh: usize| signed(&open_line_value, b, wh);
        // What one more brick of each colour gains that colour, by a window value.
        let colour_gains = |value: &dyn Fn(usize, usize) -> i32, b: usize, wh: usize| {
            [
                value(b + 1, wh) - value(b, wh),
                value(b, wh) - value(b, wh + 1),
            ]
        };
        let near = len - 1;
        // The solver's extra for a brick that leaves a window one brick short.
        let threat = |mine: usize, theirs: usize| {
            if mine + 1 == near && theirs == 0 {
                PROOF_THREAT
            } else {
                0
            }
        };
        let mut values = vec![0; 2 * codes];
        let mut gains = [vec![0; 2 * codes], vec![0; 2 * codes]];
        let mut proof_gains = [vec![0; 2 * codes], vec![0; 2 * codes]];
        let mut hot = vec![0; 2 * codes];
        let mut live = [vec![0; 2 * codes], vec![0; 2 * codes]];
        for kind in 0..2 {
            for b in 0..stride - 1 {
                for wh in 0..stride - 1 {
                    let code = kind * codes + b * stride + wh;
                    values[code] = value(kind, b, wh);
                    let [black, white] = colour_gains(&|b, wh| value(kind, b, wh), b, wh);
                    (gains[0][code], gains[1][code]) = (black, white);
                    let [black, white] = colour_gains(&proof_value, b, wh);
                    proof_gains[0][code] = black + threat(b, wh);
                    proof_gains[1][code] = white + threat(wh, b);
                    hot[code] =
                        u64::from(b == near && wh == 0) | u64::from(wh == near && b == 0) << 1;
                    live[0][code] = i32::from(wh == 0);
                    live[1][code] = i32::from(b == 0);
                }
            }
        }
        let empty_codes = kinds.iter().map(|&kind| kind * codes as u16).collect();
        // A window's status: 0 dead, 1 + k with k black bricks only (1 empty), or
        // 1 + stride + k with k white ones only.
        let status = |code: usize| {
            let counts = code - code / codes * codes;
            let (b, wh) = (counts / stride, counts % stride);
            match (b, wh) {
                (_, 0) => 1 + b as u8,
                (0, _) => (1 + stride + wh) as u8,
                _ => 0,
            }
        };
        let statuses = 2 * stride + 1;
        let dead_codes = (0..2 * codes).map(|code| status(code) == 0).collect();
        let steps_of = [0, 1].map(|colour| {
            let step = if colour == 0 { stride } else { 1 };
            (0..2 * codes)
                .map(|before| {
                    let half = before / codes * codes;
                    let after = half + (before - half + step).min(codes - 1);
                    let kills = |c: usize| (live[c][before] - live[c][after]).max(0) as u64;
                    let score = (values[after] - values[before]) as u32;
                    Step {
                        packed: u64::from(score) << 32 | kills(1) << 16 | kills(0),
                        hot: (hot[before] ^ hot[after]) as u8,
                        from: status(before),
                        to: status(after),
                    }
                })
                .collect()
        });
        let mut keys = random_keys();
        let filled_keys = keys.by_ref().take(cells).collect();
        let status_keys = keys.take(windows.len() * statuses).collect();
        if windows.len() > HOT_WORDS * 64 {
            return None;
        }
        let rows = (0..h)
            .map(|row| (0..w).fold(0, |m, col| m | bit(col, row)))
            .collect();
        Some(Geometry {
            width: config.width(),
            cells: cells as u32,
            all,
            walls,
            rows,
            not_first_column: all & !first_column,
            not_last_column: all & !last_column,
            windows,
            first,
            cell_windows,
            steps: [stride as u16, 1],
            empty_codes,
            gains,
            proof_gains,
            steps_of,
            filled_keys,
            status_keys,
            statuses,
            dead_codes,
            latent_value,
            tempo,
        })
    }

    fn index(&self, cell: Cell) -> u32 {
        u32::from(cell.row) * u32::from(self.width) + u32::from(cell.col)
    }

    pub(super) fn cell(&self, index: u32) -> Cell {
        let width = u32::from(self.width);
        Cell::new((index % width) as u8, (index / width) as u8)
    }

    /// What a brick's `change` to window `window` does to the position's key.
    fn status_change(&self, window: usize, change: Step) -> u64 {
        let keys = &self.status_keys[window * self.statuses..];
        keys[usize::from(change.from)] ^ keys[usize::from(change.to)]
    }

    fn windows_of(&self, cell: u32) -> &[u16] {
        let c = cell as usize;
        &self.cell_windows[self.first[c]..self.first[c + 1]]
    }
}

/// What one brick changes in a window with a given code.
#[derive(Clone, Copy, Default)]
struct Step {
    /// Black's total minus white's (the high 32 bits, two's complement) and the live windows
    /// each colour loses (bits 16–31 white, 0–15 black): summed over a brick's windows in one
    /// addition, as no field carries into the next.
    packed: u64,
    /// Which colours' hot flags flip (bit 0 black, bit 1 white).
    hot: u8,
    /// The window's status before and after (see [`Geometry::status_keys`]).
    from: u8,
    to: u8,
}

/// What a position's window counts add up to, and its key: saved when a brick is laid and
/// restored when it is taken back (copy-make).
#[derive(Clone, Copy)]
struct Totals {
    /// Per colour, the windows that miss one brick of it and hold none of the other.
    hot: [[u64; HOT_WORDS]; 2],
    /// Black's window total minus white's.
    score: i32,
    /// Per colour, the windows it may still fill (none of the other colour in them).
    live: [i32; 2],
    /// The key: the filled cells' and the windows' statuses' keys (see
    /// [`Geometry::status_keys`]).
    hash: u64,
}

/// A position of the search, kept up to date brick by brick.
pub(super) struct Position<'g> {
    geo: &'g Geometry,
    /// Black's bricks, white's bricks.
    bits: [u64; 2],
    /// 0: black to move, 1: white.
    to_move: usize,
    /// Each window's counts as a code (see [`Geometry::steps`]).
    counts: Vec<u16>,
    /// What the counts add up to, and the key.
    totals: Totals,
    /// Per brick laid, the totals before it.
    saved: Vec<Totals>,
}

impl<'g> Position<'g> {
    pub(super) fn new(geo: &'g Geometry, state: &State) -> Position<'g> {
        let mut position = Position {
            geo,
            bits: [0; 2],
            to_move: 0,
            counts: geo.empty_codes.clone(),
            totals: Totals {
                hot: [[0; HOT_WORDS]; 2],
                score: 0,
                live: [geo.windows.len() as i32; 2],
                hash: 0,
            },
            saved: Vec::with_capacity(geo.cells as usize + 1),
        };
        for &cell in state.moves() {
            if let Some(brick) = state.brick(cell) {
                position.to_move = brick.index();
                position.play(geo.index(cell));
            }
        }
        position.to_move = state.to_move().index();
        position
    }

    fn occupied(&self) -> u64 {
        self.bits[0] | self.bits[1]
    }

    fn empty_count(&self) -> u32 {
        self.geo.cells - self.occupied().count_ones()
    }

    /// The cells the player to move may fill.
    fn legal(&self) -> u64 {
        let g = self.geo;
        let occupied = self.occupied();
        g.all
            & !occupied
            & (g.walls
                | ((occupied << 1) & g.not_first_column)
                | ((occupied >> 1) & g.not_last_column))
    }

    /// The empty cells that would complete a line of `player` (legal now or not).
    fn winning_cells(&self, player: usize) -> u64 {
        let mut cells = 0;
        for (word_index, &word) in self.totals.hot[player].iter().enumerate() {
            let mut word = word;
            while word != 0 {
                cells |= self.geo.windows[word_index * 64 + word.trailing_zeros() as usize];
                word &= word - 1;
            }
        }
        cells & !self.occupied()
    }

    /// Whether a line can still pass through `cell`: some window through it holds bricks of
    /// one colour at most.
    fn is_live(&self, cell: u32) -> bool {
        let geo = self.geo;
        geo.windows_of(cell)
            .iter()
            .any(|&w| !geo.dead_codes[usize::from(self.counts[usize::from(w)])])
    }

    /// `moves` with those in *dead rows* (rows whose empty cells are all dead) cut to one: a
    /// brick there only passes the turn, and which of them is laid makes no difference.
    fn one_spare_move(&self, moves: u64) -> u64 {
        let empty = self.geo.all & !self.occupied();
        let mut kept = moves;
        let mut spare = false;
        for &row in &self.geo.rows {
            let cells = empty & row;
            if cells == 0 || bits(cells).any(|cell| self.is_live(cell)) {
                continue;
            }
            let in_row = moves & row;
            if spare {
                kept &= !in_row;
            } else if in_row != 0 {
                kept &= !(in_row & (in_row - 1));
                spare = true;
            }
        }
        kept
    }

    /// The moves worth considering when the player to move has no win to take: the
    /// opponent's winning cell to block (the first, if it has more), else the moves that do
    /// not make one of its winning cells playable, else (every move does) all of them.
    fn sensible_moves(&self) -> u64 {
        let legal = self.legal();
        let theirs = self.winning_cells(1 - self.to_move);
        match theirs & legal {
            0 => match legal & !self.unlocks(theirs) {
                0 => legal,
                safe => safe,
            },
            blocks => blocks & blocks.wrapping_neg(),
        }
    }

    /// Whether `player` can never complete a line, shown by a *pairing*: disjoint pairs of
    /// empty cells such that every window `player` may still fill holds both cells of a pair,
    /// and each cell of a pair is playable as soon as the other is filled (both are playable
    /// now, or they are beside each other in a row). The other player answers a brick in a
    /// pair with its partner, so every such window gets one of its bricks. `false` also when
    /// no pairing turned up within `steps` tries.
    #[inline(never)]
    fn paired_off(&self, player: usize, mut steps: u32, open: &mut Vec<u64>) -> bool {
        let geo = self.geo;
        let empty = geo.all & !self.occupied();
        let theirs = self.bits[1 - player];
        open.clear();
        for &window in &geo.windows {
            if window & theirs == 0 {
                let cells = window & empty;
                if cells.count_ones() < 2 {
                    return false;
                }
                open.push(cells);
            }
        }
        let pairs = Pairs {
            legal: self.legal(),
            not_last_column: geo.not_last_column,
        };
        pairs.cover(open, 0, &mut steps)
    }

    /// The cells whose brick makes one of `cells` playable: those beside them in their row.
    fn unlocks(&self, cells: u64) -> u64 {
        let g = self.geo;
        ((cells << 1) & g.not_first_column) | ((cells >> 1) & g.not_last_column)
    }

    /// The static evaluation for the player to move.
    fn evaluate(&self) -> i32 {
        if self.to_move == 0 {
            self.totals.score
        } else {
            -self.totals.score
        }
    }

    /// How much a brick of the player to move on `cell` changes the window total for it.
    fn gain(&self, cell: u32) -> i32 {
        self.gain_by(&self.geo.gains, cell)
    }

    /// A brick's gain by `gains` ([`Geometry::gains`] or [`Geometry::proof_gains`]).
    fn gain_by(&self, gains: &[Vec<i32>; 2], cell: u32) -> i32 {
        let gains = &gains[self.to_move];
        self.geo
            .windows_of(cell)
            .iter()
            .map(|&w| gains[usize::from(self.counts[usize::from(w)])])
            .sum()
    }

    /// Lays a brick of the player to move on `cell` (which must be empty).
    fn play(&mut self, cell: u32) {
        let p = self.to_move;
        self.saved.push(self.totals);
        self.bits[p] |= 1 << cell;
        self.totals.hash ^= self.geo.filled_keys[cell as usize];
        let geo = self.geo;
        let step = geo.steps[p];
        let steps_of = &geo.steps_of[p];
        let mut total = 0u64;
        for &w in geo.windows_of(cell) {
            let w = usize::from(w);
            let Some(count) = self.counts.get_mut(w) else {
                continue;
            };
            let change = steps_of[usize::from(*count)];
            *count += step;
            self.totals.hash ^= geo.status_change(w, change);
            total = total.wrapping_add(change.packed);
            if change.hot != 0 {
                let (word, shift) = (w / 64, w % 64);
                self.totals.hot[0][word] ^= u64::from(change.hot & 1) << shift;
                self.totals.hot[1][word] ^= u64::from(change.hot >> 1) << shift;
            }
        }
        self.totals.score += (total >> 32) as u32 as i32;
        self.totals.live[0] -= (total & 0xFFFF) as i32;
        self.totals.live[1] -= ((total >> 16) & 0xFFFF) as i32;
        self.to_move = 1 - p;
    }

    /// The key of the position after the player to move fills `cell`.
    fn child_key(&self, cell: u32) -> u64 {
        let geo = self.geo;
        let steps_of = &geo.steps_of[self.to_move];
        let mut hash = self.totals.hash ^ geo.filled_keys[cell as usize];
        for &w in geo.windows_of(cell) {
            let w = usize::from(w);
            hash ^= geo.status_change(w, steps_of[usize::from(self.counts[w])]);
        }
        hash
    }

    /// Takes back the brick on `cell`, the last one laid.
    fn undo(&mut self, cell: u32) {
        let p = 1 - self.to_move;
        self.to_move = p;
        self.bits[p] &= !(1 << cell);
        let step = self.geo.steps[p];
        for &w in self.geo.windows_of(cell) {
            if let Some(count) = self.counts.get_mut(usize::from(w)) {
                *count -= step;
            }
        }
        if let Some(totals) = self.saved.pop() {
            self.totals = totals;
        }
    }
}

const NO_MOVE: u8 = u8::MAX;
/// The history of a searcher that has learnt nothing yet.
const NO_HISTORY: [[i32; 64]; 2] = [[0; 64]; 2];
/// The killer moves of a searcher that has learnt nothing yet.
const NO_KILLERS: [[u8; 2]; MAX_PLY + 1] = [[NO_MOVE; 2]; MAX_PLY + 1];

pub(super) struct Searcher<'d, 'g> {
    deadline: &'d Deadline,
    position: Position<'g>,
    tt: Vec<Bucket>,
    /// The table has `2^tt_bits` entries (`2^(tt_bits - 1)` buckets).
    tt_bits: u32,
    history: [[i32; 64]; 2],
    killers: [[u8; 2]; MAX_PLY + 1],
    /// Per ply, the moves after the hash move and killers with their ordering keys.
    order: Vec<[(u32, i32); 64]>,
    nodes: u64,
    aborted: bool,
    can_abort: bool,
    /// The share of the thinking time after which the search stops (below 1 for the solver).
    share: f64,
    /// Room for the windows [`Position::paired_off`] looks at.
    pair_windows: Vec<u64>,
}

impl<'d, 'g> Searcher<'d, 'g> {
    pub(super) fn new(geo: &'g Geometry, state: &State, deadline: &'d Deadline) -> Self {
        Searcher::with_table(geo, state, deadline, TT_BITS)
    }

    /// A searcher whose transposition table has `2^table_bits` entries.
    fn with_table(
        geo: &'g Geometry,
        state: &State,
        deadline: &'d Deadline,
        table_bits: u32,
    ) -> Self {
        Searcher {
            deadline,
            position: Position::new(geo, state),
            tt: vec![Bucket::default(); 1 << (table_bits - 1)],
            tt_bits: table_bits,
            history: NO_HISTORY,
            killers: NO_KILLERS,
            order: vec![[(0, 0); 64]; MAX_PLY + 1],
            nodes: 0,
            aborted: false,
            can_abort: false,
            share: 1.0,
            pair_windows: Vec::with_capacity(HOT_WORDS * 64),
        }
    }

    /// Searches the root until the deadline or `max_depth`. With `proofs`, the time a move
    /// has just above the solver's range is shared with proofs: a quick proof of a win first
    /// ([`Searcher::quick_win`]), then the check of the chosen move
    /// ([`Searcher::avoid_proved_loss`]) and a proof of a win in the time left
    /// ([`Searcher::win_in_time_left`]); without, the deepening has it all (benchmarks).
    pub(super) fn search(&mut self, max_depth: u32, proofs: bool) -> Option<SearchReport<Cell>> {
        let geo = self.position.geo;
        let legal = self.position.legal();
        if legal == 0 {
            return None;
        }
        let me = self.position.to_move;
        let mut report = SearchReport {
            best: geo.cell(legal.trailing_zeros()),
            score: 0,
            depth: 0,
            nodes: 0,
            elapsed: self.deadline.elapsed(),
        };
        // Tactics first: take a win, or block the opponent's winning cell.
        let wins = self.position.winning_cells(me) & legal;
        if wins != 0 {
            report.best = geo.cell(wins.trailing_zeros());
            report.score = WIN - 1;
            return Some(report);
        }
        let candidates = self.position.sensible_moves();
        if candidates.count_ones() == 1 {
            let cell = candidates.trailing_zeros();
            report.best = geo.cell(cell);
            // The only move: with few cells left, still say how the game ends.
            let empty = self.position.empty_count();
            if empty <= SOLVE_FROM {
                self.can_abort = true;
                self.share = SOLVE_SHARE;
                self.position.play(cell);
                let score = -self.negamax(empty as i32 - 1, 1, -INF, INF);
                self.position.undo(cell);
                if !self.aborted {
                    report.score = score;
                    report.depth = empty;
                }
                report.nodes = self.nodes;
            }
            return Some(report);
        }
        // Root moves by their static gain, best first, for the first depth.
        let mut root_moves: Vec<u32> = bits(candidates).collect();
        root_moves.sort_by_key(|&c| -self.position.gain(c));
        let empty = self.position.empty_count() as usize;
        // Few cells left: prove which moves win, tie or lose, and search only the best kind.
        let mut solved = None;
        if empty as u32 <= SOLVE_FROM
            && let Some(outcomes) = self.solve_root(&root_moves)
        {
            let best = outcomes.iter().copied().max().unwrap_or(-1);
            let mut kept = root_moves
                .iter()
                .zip(&outcomes)
                .filter(|&(_, &o)| o == best);
            solved = Some((best, kept.next().map(|(&cell, _)| cell)));
            if best <= 0 {
                root_moves = root_moves
                    .iter()
                    .zip(&outcomes)
                    .filter(|&(_, &o)| o == best)
                    .map(|(&cell, _)| cell)
                    .collect();
                // A tie at best: the move that sets the opponent the most traps (in a loss
                // the deepening below plays the longest defence).
                let trap = if best == 0 && root_moves.len() > 1 {
                    self.set_traps(&root_moves)
                } else {
                    None
                };
                if let Some(cell) = trap {
                    report.best = geo.cell(cell);
                    report.score = 0;
                    report.depth = empty as u32;
                    report.nodes = self.nodes;
                    report.elapsed = self.deadline.elapsed();
                    return Some(report);
                }
            }
        }
        // Just above the solver's range, a short proof finds the winning move of a won
        // position; it goes first, as the solver's would.
        if solved.is_none()
            && proofs
            && empty as u32 > SOLVE_FROM
            && empty as u32 <= CHECK_FROM
            && let Some(win) = self.quick_win(&root_moves)
        {
            root_moves.retain(|&cell| cell != win);
            root_moves.insert(0, win);
            solved = Some((1, Some(win)));
        }
        // The check and the proof of a win in the time left act just above the solver's
        // range, where nothing is proved yet.
        let checked =
            proofs && solved.is_none() && empty as u32 > SOLVE_FROM && empty as u32 <= CHECK_FROM;
        if checked {
            self.share = CHECK_SHARE;
        }
        let plan = Deepening {
            max_depth: (empty.min(MAX_PLY - 1) as u32).min(max_depth),
            // Half the time left: the solver may have used some.
            stop_after: if checked {
                CHECK_STOP
            } else {
                0.5 + self.deadline.used_fraction() / 2.0
            },
            decided: |score: i32| score.abs() >= WIN_THRESHOLD,
            reorder: Reorder::ByScore,
            keep_partial: true,
        };
        let deadline = self.deadline;
        let mut last_score: i32 = 0;
        let found = deepen(deadline, root_moves.clone(), 0, &plan, |depth, moves| {
            self.can_abort = depth > 1;
            let depth = depth as i32;
            let aspire = depth >= 3 && last_score.abs() < WIN_THRESHOLD;
            let mut window = if aspire {
                (last_score - ASPIRATION, last_score + ASPIRATION)
            } else {
                (-INF, INF)
            };
            loop {
                let scores = self.search_root(depth, moves, window);
                let best = scores.iter().copied().max().unwrap_or(-INF);
                let failed = scores.len() == moves.len()
                    && window != (-INF, INF)
                    && (best <= window.0 || best >= window.1);
                if failed && !self.aborted {
                    window = (-INF, INF);
                    continue;
                }
                if scores.len() == moves.len() {
                    last_score = best;
                }
                return scores;
            }
        });
        self.aborted = false;
        self.share = 1.0;
        let mut chosen = found.best;
        report.score = found.score;
        report.depth = found.depth;
        // The check acts only on a search with a result and no forced end.
        let undecided = found.score.abs() < WIN_THRESHOLD && found.depth >= 2;
        // The time left checks the chosen move by proof…
        if checked
            && undecided
            && let Some(cell) = self.avoid_proved_loss(chosen, &root_moves)
        {
            chosen = cell;
        }
        // …then looks for a proved win, which a move the evaluation prefers is worth less
        // than.
        if checked
            && undecided
            && let Some(win) = self.win_in_time_left(chosen, &root_moves)
        {
            chosen = win;
        }
        report.best = geo.cell(chosen);
        match solved {
            // A proven win the deepening did not reach: play the fastest winning move the
            // time left finds, and say in how many moves.
            Some((1, Some(win))) if found.score < WIN_THRESHOLD => {
                // `win` comes first, or after moves the solver proved not to win.
                let (fastest, score) = self.fastest_win(win, &root_moves);
                report.best = geo.cell(fastest);
                if let Some(score) = score {
                    report.score = score;
                    report.depth = empty as u32;
                }
            }
            // A proven tie: the search went to the full cave.
            Some((0, _)) => {
                report.score = 0;
                report.depth = empty as u32;
            }
            _ => {}
        }
        report.nodes = self.nodes;
        report.elapsed = self.deadline.elapsed();
        Some(report)
    }

    /// The solver's score, in `window`, for the player to move after `cell` is filled (a
    /// search to the full cave; `ply` is that position's); `None` when the time ran out.
    fn proof_after(&mut self, cell: u32, ply: usize, (alpha, beta): (i32, i32)) -> Option<i32> {
        let depth = self.position.empty_count() as i32 - 1;
        self.position.play(cell);
        let score = self.negamax(depth, ply, alpha, beta);
        self.position.undo(cell);
        (!self.aborted).then_some(score)
    }

    /// The exact score (`WIN` less the plies to the line, see [`verdict`](super::verdict))
    /// of our brick on `cell` if it wins faster than the score `floor`: a search to the full
    /// cave whose window holds only such wins, so it measures the fastest win against the
    /// longest defence. `None` when it does not, or when the deadline came first.
    fn win_above(&mut self, cell: u32, floor: i32) -> Option<i32> {
        // Our score above `floor` is the opponent's below `-floor`.
        self.proof_after(cell, 1, (-INF, -floor))
            .map(|score| -score)
            .filter(|&score| score > floor)
    }

    /// The fastest of the root `moves` to win, when `win` is proved to win but the deepening
    /// did not reach it: the distance of `win` first, then each move after it (the solver
    /// proved the ones before it not to win; the quick proof puts it first) searched for a
    /// faster win, while the time lasts. Returns the move and its exact score (`None` when
    /// the deadline came before `win`'s distance).
    fn fastest_win(&mut self, win: u32, moves: &[u32]) -> (u32, Option<i32>) {
        self.can_abort = true;
        self.share = 1.0;
        let mut fastest = (win, self.win_above(win, WIN_THRESHOLD - 1));
        if let Some(mut best) = fastest.1 {
            for &cell in moves.iter().skip_while(|&&cell| cell != win).skip(1) {
                if self.aborted {
                    break;
                }
                if let Some(score) = self.win_above(cell, best) {
                    (best, fastest) = (score, (cell, Some(score)));
                }
            }
        }
        self.aborted = false;
        fastest
    }

    /// A root move proved to win within [`QUICK_WIN_SHARE`] of the thinking time, above the
    /// solver's range (see [`Searcher::proved_win`]). `None` when the position is not won,
    /// or the time share ran out first; the table is then forgotten.
    fn quick_win(&mut self, moves: &[u32]) -> Option<u32> {
        self.share = QUICK_WIN_SHARE;
        let win = self.proved_win(None, moves);
        self.share = 1.0;
        if win.is_none() {
            // The proof's bounds would cap the evaluation's scores in the search that
            // follows (a position not won scores at most a tie): forget them.
            self.forget();
        }
        win
    }

    /// At the end of a move above the solver's range, the time left proves a win the search
    /// did not see: a root move other than `chosen` proved to win when `chosen` is not
    /// (see [`Searcher::proved_win`], `chosen` first). `None` when `chosen` wins, the
    /// position is not won, or the deadline came first.
    fn win_in_time_left(&mut self, chosen: u32, moves: &[u32]) -> Option<u32> {
        self.share = 1.0;
        self.proved_win(Some(chosen), moves)
            .filter(|&cell| cell != chosen)
    }

    /// A root move proved to win, while the time share lasts: the position is proved first
    /// with a null window just below a win, then `first`, the table's best move and each
    /// other of `moves` in turn are proved to win, which the table makes quick. `None` when
    /// the position is not won, or the time share ran out first.
    fn proved_win(&mut self, first: Option<u32>, moves: &[u32]) -> Option<u32> {
        self.can_abort = true;
        let empty = self.position.empty_count() as i32;
        let won = self.negamax(empty, 0, 0, 1) > 0 && !self.aborted;
        let mut win = None;
        if won {
            let hash = self.position.totals.hash;
            let entry = self.table_entry(tt_bucket(hash, self.tt_bits), hash);
            let best = (entry.key == hash && entry.best != NO_MOVE).then(|| u32::from(entry.best));
            // `first`, then the table's best, then the others as given (a stable sort).
            let mut order = moves.to_vec();
            order.sort_by_key(|&cell| {
                if Some(cell) == first {
                    0
                } else if Some(cell) == best {
                    1
                } else {
                    2
                }
            });
            for cell in order {
                match self.wins_after(cell, 1) {
                    Some(true) => {
                        win = Some(cell);
                        break;
                    }
                    Some(false) => {}
                    None => break,
                }
            }
        }
        self.aborted = false;
        win
    }

    /// Forgets what the searches so far learnt: the table, the history and the killers.
    fn forget(&mut self) {
        self.tt.fill(Bucket::default());
        self.history = NO_HISTORY;
        self.killers = NO_KILLERS;
    }

    /// Whether the opponent, to move after our brick on `cell`, wins with best play (a proof
    /// with a null window around a tie); `None` when the time ran out first.
    fn loses_after(&mut self, cell: u32) -> Option<bool> {
        self.proof_after(cell, 1, (0, 1)).map(|score| score > 0)
    }

    /// Whether the brick on `cell` wins with best play for the player who lays it, the next
    /// player losing (a proof with a null window just below a tie; `ply` is the position's
    /// after it); `None` when the time ran out first.
    fn wins_after(&mut self, cell: u32, ply: usize) -> Option<bool> {
        self.proof_after(cell, ply, (-1, 0)).map(|score| score < 0)
    }

    /// What our brick on `cell` leads to with best play: 1 a win, 0 a tie, -1 a loss (a proof
    /// with a window around a tie); `None` when the time ran out first.
    fn outcome_after(&mut self, cell: u32) -> Option<i32> {
        self.proof_after(cell, 1, (-1, 1))
            .map(|score| -score.signum())
    }

    /// The *check* of a chosen move just above the solver's range, in the thinking time the
    /// deepening left. It acts when `chosen` is proved to lose: the other `moves`, best first
    /// by a search of [`CHECK_ORDER_DEPTH`] plies, are then proved in turn; the first one
    /// proved not to lose replaces `chosen`, or the one whose proof the deadline cut short (a
    /// move not proved to lose is never worse than one that is). `None` (keep `chosen`) when
    /// `chosen` is not proved to lose, or every other move is.
    fn avoid_proved_loss(&mut self, chosen: u32, moves: &[u32]) -> Option<u32> {
        self.can_abort = true;
        self.share = 1.0;
        let mut replacement = None;
        if self.loses_after(chosen) == Some(true) {
            let others: Vec<u32> = moves.iter().copied().filter(|&c| c != chosen).collect();
            let scores = self.search_root(CHECK_ORDER_DEPTH, &others, (-INF, INF));
            let mut ranked: Vec<(u32, i32)> = others.into_iter().zip(scores).collect();
            ranked.sort_by_key(|&(_, score)| -score);
            for (cell, score) in ranked {
                // A loss a short search sees: so are the moves ranked after it.
                if score <= -WIN_THRESHOLD {
                    break;
                }
                if self.aborted || self.loses_after(cell) != Some(true) {
                    replacement = Some(cell);
                    break;
                }
            }
        }
        self.aborted = false;
        replacement
    }

    /// Proves every legal root move: the exact score of the position after it for the player
    /// who lays it (above [`WIN_THRESHOLD`] a win, `WIN` less the plies to the line against
    /// the longest defence; 0 a tie; below 0 a loss). `None` when the deadline came first.
    pub(super) fn prove_each(&mut self) -> Option<Vec<(u32, i32)>> {
        let me = self.position.to_move;
        let legal = self.position.legal();
        let wins_now = self.position.winning_cells(me) & legal;
        let mut proofs = Vec::new();
        for cell in bits(legal) {
            self.can_abort = true;
            self.share = 1.0;
            let score = if wins_now & (1 << cell) != 0 {
                WIN - 1
            } else {
                match self.outcome_after(cell)? {
                    1 => self.win_above(cell, WIN_THRESHOLD - 1)?,
                    0 => 0,
                    _ => -1,
                }
            };
            if self.aborted {
                return None;
            }
            proofs.push((cell, score));
        }
        Some(proofs)
    }

    /// The shallowest depth, up to `max_depth`, at which a search with the evaluation (no
    /// proofs) finds a win among the legal moves: how far a player must read to see it.
    /// `None` when it finds none or the deadline came first.
    pub(super) fn shallowest_win(&mut self, max_depth: u32) -> Option<u32> {
        let mut moves: Vec<u32> = bits(self.position.legal()).collect();
        moves.sort_by_key(|&c| -self.position.gain(c));
        self.can_abort = true;
        self.share = 1.0;
        for depth in 1..=max_depth {
            let scores = self.search_root(depth as i32, &moves, (-INF, INF));
            if self.aborted {
                return None;
            }
            if scores.iter().any(|&score| score >= WIN_THRESHOLD) {
                return Some(depth);
            }
        }
        None
    }

    /// Proves the position for the player to move: 1 a win, 0 a tie, -1 a loss; `None` when
    /// the deadline came first.
    pub(super) fn prove(&mut self) -> Option<i32> {
        self.can_abort = true;
        let score = self.solve();
        (!self.aborted).then_some(score.signum())
    }

    /// The solver's score of the position (above 0 a win for the player to move, 0 a tie,
    /// below 0 a loss): a search to the full cave with a window around a tie.
    fn solve(&mut self) -> i32 {
        let empty = self.position.empty_count() as i32;
        self.negamax(empty, 0, -1, 1)
    }

    /// Proves what each root move leads to with best play: 1 a win, 0 a tie, -1 a loss (a
    /// search to the full cave with a window around a tie). `None` when it did not finish
    /// within [`SOLVE_SHARE`] of the thinking time. Stops at the first win.
    fn solve_root(&mut self, moves: &[u32]) -> Option<Vec<i32>> {
        self.can_abort = true;
        self.share = SOLVE_SHARE;
        let mut outcomes = Vec::with_capacity(moves.len());
        for &cell in moves {
            let Some(outcome) = self.outcome_after(cell) else {
                break;
            };
            outcomes.push(outcome);
            if outcome > 0 {
                break;
            }
        }
        let finished = !self.aborted;
        self.aborted = false;
        self.share = 1.0;
        if !finished {
            return None;
        }
        // Moves after the first win were not tried: count them as no better than a tie.
        outcomes.resize(moves.len(), -1);
        Some(outcomes)
    }

    /// Among `ties`, root moves proven to keep a tie, the one that leaves the opponent the most
    /// *traps*: replies that lose (proved by the solver) although a short search does not show
    /// it (the loss takes more than [`TRAP_HORIZON`] plies to see). A player that does not
    /// search to the end may fall into them; one that does ties all the same. `None` when no
    /// move sets a trap, or the time share ran out before one was found.
    fn set_traps(&mut self, ties: &[u32]) -> Option<u32> {
        self.can_abort = true;
        self.share = TRAP_SHARE;
        let depth = self.position.empty_count() as i32 - 2;
        let mut best: Option<(u32, u32)> = None;
        'moves: for &cell in ties {
            self.position.play(cell);
            let me = 1 - self.position.to_move;
            let legal = self.position.legal();
            let mut traps = 0;
            // A winning cell of ours to block leaves the opponent one sensible reply.
            if self.position.winning_cells(me) & legal == 0 {
                for reply in bits(legal) {
                    self.position.play(reply);
                    let mut trap = false;
                    if self.position.winning_cells(me) & self.position.legal() == 0
                        && self.negamax(depth, 2, -1, 1) > 0
                    {
                        // Not a trap if a short search already shows the opponent's mistake.
                        trap = self.negamax(TRAP_HORIZON, 2, -INF, INF) < WIN_THRESHOLD;
                    }
                    self.position.undo(reply);
                    if self.aborted {
                        self.position.undo(cell);
                        break 'moves;
                    }
                    traps += u32::from(trap);
                }
            }
            self.position.undo(cell);
            if traps > 0 && best.is_none_or(|(most, _)| traps > most) {
                best = Some((traps, cell));
            }
        }
        self.aborted = false;
        self.share = 1.0;
        best.map(|(_, cell)| cell)
    }

    /// Scores the root `moves` at `depth` in the window `(alpha, beta)`: the first in full,
    /// the others with a null window first (principal variation search). Fewer scores than
    /// moves when the deadline cut the depth short.
    fn search_root(
        &mut self,
        depth: i32,
        moves: &[u32],
        (mut alpha, beta): (i32, i32),
    ) -> Vec<i32> {
        let mut scores = Vec::with_capacity(moves.len());
        for (i, &cell) in moves.iter().enumerate() {
            self.position.play(cell);
            let score = if i == 0 {
                -self.negamax(depth - 1, 1, -beta, -alpha)
            } else {
                let probe = -self.negamax(depth - 1, 1, -alpha - 1, -alpha);
                if probe > alpha && probe < beta && !self.aborted {
                    -self.negamax(depth - 1, 1, -beta, -alpha)
                } else {
                    probe
                }
            };
            self.position.undo(cell);
            if self.aborted {
                break;
            }
            scores.push(score);
            alpha = alpha.max(score);
        }
        scores
    }

    /// Counts a node and says whether the search must stop: the deadline has passed or the
    /// time share is used up (looked at every 1,024 nodes, when the search may stop).
    #[inline]
    fn node_stops(&mut self) -> bool {
        self.nodes += 1;
        if self.can_abort
            && self.nodes & 1023 == 0
            && (self.deadline.expired() || self.deadline.used_fraction() >= self.share)
        {
            self.aborted = true;
        }
        self.aborted
    }

    /// The entry of `bucket` kept for `hash`, if either has its key (check `key`): the first
    /// holds the newest result when it has the key (see the store in [`Searcher::negamax`]).
    fn table_entry(&self, bucket: usize, hash: u64) -> TtEntry {
        let [first, second] = self.tt[bucket].0;
        if first.key == hash { first } else { second }
    }

    fn negamax(&mut self, depth: i32, ply: usize, mut alpha: i32, mut beta: i32) -> i32 {
        if self.node_stops() {
            return 0;
        }
        let position = &self.position;
        let me = position.to_move;
        let legal = position.legal();
        if legal == 0 {
            return 0; // A full cave without a line: a tie.
        }
        // A move that wins now ends the search of this node.
        let mine = position.winning_cells(me);
        if mine & legal != 0 {
            return WIN - ply as i32 - 1;
        }
        // An opponent's winning cell must be blocked; two cannot both be.
        let theirs = position.winning_cells(1 - me);
        let threats = theirs & legal;
        if threats & threats.wrapping_sub(1) != 0 {
            return -(WIN - ply as i32 - 2);
        }
        if depth <= 0 || ply >= MAX_PLY {
            // The window values, each side's winning cells not playable yet, and the move.
            let latent = mine.count_ones() as i32 - (theirs & !legal).count_ones() as i32;
            let geo = position.geo;
            return position.evaluate() + latent * geo.latent_value + geo.tempo;
        }
        // No line can be won faster than the next move: bound the window by it.
        alpha = alpha.max(-(WIN - ply as i32 - 2));
        beta = beta.min(WIN - ply as i32 - 3);
        if alpha >= beta {
            return alpha;
        }
        let empty = position.empty_count() as i32;
        // With depth enough to reach the full cave, every leaf is an end: the search is exact.
        let solving = depth >= empty;
        if solving {
            // A side with no window left to fill cannot win: exact bounds for the solver.
            let (mine, theirs) = (
                position.totals.live[me] > 0,
                position.totals.live[1 - me] > 0,
            );
            let cannot_lose = !theirs && (!mine || beta <= 0);
            let cannot_win = !mine && alpha >= 0;
            if cannot_lose || cannot_win {
                return 0;
            }
        }
        let hash = position.totals.hash;
        // Two entries a bucket (one cache line): the first keeps the deeper search, the
        // second the latest.
        let bucket = tt_bucket(hash, self.tt_bits);
        let entry = self.table_entry(bucket, hash);
        let mut tt_move = NO_MOVE;
        if entry.key == hash {
            // In a proof, only a proof's move is tried first: the best move of a search
            // with the evaluation orders the proof worse than the threat order (docs).
            if !solving || i32::from(entry.depth) >= empty {
                tt_move = entry.best;
            }
            if i32::from(entry.depth) >= depth {
                let score = from_tt(entry.score, ply);
                if entry.bound.settles(score, alpha, beta) {
                    return score;
                }
            }
        }
        // A side that a pairing keeps from winning scores at most a tie: narrow the window.
        let (mut floor, mut ceiling) = (-INF, INF);
        if solving && empty >= PAIR_FROM {
            if beta > 0
                && self
                    .position
                    .paired_off(me, PAIR_STEPS, &mut self.pair_windows)
            {
                if alpha >= 0 {
                    return 0;
                }
                (ceiling, beta) = (0, 0);
            }
            if alpha < 0
                && self
                    .position
                    .paired_off(1 - me, PAIR_STEPS, &mut self.pair_windows)
            {
                if beta <= 0 {
                    return 0;
                }
                (floor, alpha) = (0, 0);
            }
        }
        let (forced, moves) = if threats != 0 {
            (true, threats)
        } else {
            // A brick beside an opponent's winning cell makes it playable: the opponent wins
            // at once, so such moves are never searched, and with nothing else the node is lost.
            let safe = legal & !position.unlocks(theirs);
            if safe == 0 {
                return -(WIN - ply as i32 - 2);
            }
            // In a proof, one spare move stands for all (they lead to the same outcome).
            let moves = if solving && empty >= SPARE_FROM {
                position.one_spare_move(safe)
            } else {
                safe
            };
            (false, moves)
        };
        // A forced reply does not use up depth: threat sequences are read to their end.
        let child_depth = if forced { depth } else { depth - 1 };
        // Solving far from the end: a child the table already refutes cuts off at once
        // (enhanced transposition cutoff).
        if solving && empty >= ETC_FROM {
            let mut children = [(0u64, 0usize); 64];
            let mut count = 0;
            for cell in bits(moves) {
                let child = self.position.child_key(cell);
                let bucket = tt_bucket(child, self.tt_bits);
                prefetch(&self.tt[bucket]);
                children[count] = (child, bucket);
                count += 1;
            }
            for &(child, bucket) in &children[..count] {
                for entry in &self.tt[bucket].0 {
                    if entry.key == child
                        && i32::from(entry.depth) >= child_depth
                        && matches!(entry.bound, Bound::Exact | Bound::Upper)
                    {
                        let score = -from_tt(entry.score, ply + 1);
                        if score >= beta {
                            return score;
                        }
                    }
                }
            }
        }
        // The hash move and the killers first; the others, ordered by their gain and history,
        // only if those did not cut off. A proof orders its moves by the table and the threat
        // order alone: killers and history, learnt from other positions, order it worse
        // (docs/ai-magnetic-cave.md).
        let killers = if solving {
            [NO_MOVE; 2]
        } else {
            self.killers[ply]
        };
        let mut first = [0u32; 3];
        let mut first_count = 0;
        for candidate in [tt_move, killers[0], killers[1]] {
            let cell = u32::from(candidate);
            if candidate != NO_MOVE
                && moves & (1 << cell) != 0
                && !first[..first_count].contains(&cell)
            {
                first[first_count] = cell;
                first_count += 1;
            }
        }
        let mut rest = 0;
        let original_alpha = alpha;
        let mut best_score = -INF;
        let mut best_move = NO_MOVE;
        let mut i = 0;
        loop {
            let (cell, early) = if i < first_count {
                (first[i], true)
            } else {
                if i == first_count {
                    let mut others = moves;
                    for &cell in &first[..first_count] {
                        others &= !(1 << cell);
                    }
                    let gains = if solving {
                        &self.position.geo.proof_gains
                    } else {
                        &self.position.geo.gains
                    };
                    for cell in bits(others) {
                        let history = if solving {
                            0
                        } else {
                            self.history[me][cell as usize]
                        };
                        let key = self.position.gain_by(gains, cell) + history;
                        self.order[ply][rest] = (cell, key);
                        rest += 1;
                    }
                }
                let next = i - first_count;
                if next >= rest {
                    break;
                }
                (pick_next(&mut self.order[ply][..rest], next), false)
            };
            self.position.play(cell);
            if child_depth > 0 {
                prefetch(&self.tt[tt_bucket(self.position.totals.hash, self.tt_bits)]);
            }
            let score = if i == 0 {
                -self.negamax(child_depth, ply + 1, -beta, -alpha)
            } else {
                // Late moves with no tactical promise are searched less deep first.
                let quiet =
                    !early && self.position.winning_cells(me) & !self.position.occupied() == 0;
                let reduction = if !solving && depth >= 3 && i >= 3 && quiet {
                    if i >= 6 { 2 } else { 1 }
                } else {
                    0
                };
                let mut score = -self.negamax(child_depth - reduction, ply + 1, -alpha - 1, -alpha);
                if score > alpha && reduction > 0 {
                    score = -self.negamax(child_depth, ply + 1, -alpha - 1, -alpha);
                }
                if score > alpha && score < beta {
                    score = -self.negamax(child_depth, ply + 1, -beta, -alpha);
                }
                score
            };
            self.position.undo(cell);
            i += 1;
            if self.aborted {
                return 0;
            }
            if score > best_score {
                best_score = score;
                best_move = cell as u8;
            }
            if score > alpha {
                alpha = score;
            }
            if alpha >= beta {
                if !solving {
                    let history = &mut self.history[me][cell as usize];
                    *history = (*history + depth * depth).min(1 << 20);
                    let killers = &mut self.killers[ply];
                    if killers[0] != cell as u8 {
                        killers[1] = killers[0];
                        killers[0] = cell as u8;
                    }
                }
                break;
            }
        }
        // A bound the pairing set, reached: the value is exactly that.
        let bound = if best_score >= ceiling || best_score <= floor {
            best_score = best_score.clamp(floor, ceiling);
            Bound::Exact
        } else {
            Bound::of(best_score, original_alpha, beta)
        };
        let entries = &mut self.tt[bucket].0;
        let slot = usize::from(entries[0].key != hash && depth < i32::from(entries[0].depth));
        entries[slot] = TtEntry {
            key: hash,
            score: to_tt(best_score, ply),
            depth: depth.clamp(0, 255) as u8,
            bound,
            best: best_move,
        };
        best_score
    }
}

/// The pairs of cells a pairing may use (see [`Position::paired_off`]): two cells `legal`
/// now, or two beside each other in a row.
struct Pairs {
    legal: u64,
    not_last_column: u64,
}

impl Pairs {
    /// The usable pairs among `cells`, at most [`PAIR_CHOICES`]: those beside each other
    /// first, then those of two playable cells.
    fn within(&self, cells: u64) -> ([u64; PAIR_CHOICES], usize) {
        let mut pairs = [0; PAIR_CHOICES];
        let mut count = 0;
        let mut push = |pair: u64| {
            if count < PAIR_CHOICES {
                pairs[count] = pair;
                count += 1;
            }
        };
        let beside = cells & (cells >> 1) & self.not_last_column;
        for left in bits(beside) {
            push(0b11 << left);
        }
        let playable = cells & self.legal;
        for first in bits(playable) {
            for second in bits(playable & !((2u64 << first).wrapping_sub(1))) {
                // Cells beside each other are in already.
                if second != first + 1 || beside & (1 << first) == 0 {
                    push(1 << first | 1 << second);
                }
            }
        }
        (pairs, count)
    }

    /// How many usable pairs `cells` hold (no limit).
    fn count_within(&self, cells: u64) -> u32 {
        let beside = cells & (cells >> 1) & self.not_last_column;
        let playable = (cells & self.legal).count_ones();
        let both_playable = beside & self.legal & (self.legal >> 1);
        beside.count_ones() + playable * playable.saturating_sub(1) / 2 - both_playable.count_ones()
    }

    /// Whether disjoint pairs, none on a cell of `used`, can be chosen so that each of
    /// `windows` (its empty cells) holds both cells of one: a search over the pairs of the
    /// window with the fewest, within `steps` tries. Reorders `windows`.
    fn cover(&self, windows: &mut [u64], used: u64, steps: &mut u32) -> bool {
        if windows.is_empty() {
            return true;
        }
        if *steps == 0 {
            return false;
        }
        *steps -= 1;
        let mut pick = (0, u32::MAX);
        for (i, &cells) in windows.iter().enumerate() {
            let count = self.count_within(cells & !used);
            if count == 0 {
                return false;
            }
            if count < pick.1 {
                pick = (i, count);
            }
        }
        let (pairs, count) = self.within(windows[pick.0] & !used);
        for &pair in &pairs[..count] {
            // The windows this pair leaves uncovered first, the rest after them.
            let mut open = 0;
            for i in 0..windows.len() {
                if windows[i] & pair != pair {
                    windows.swap(i, open);
                    open += 1;
                }
            }
            if self.cover(&mut windows[..open], used | pair, steps) {
                return true;
            }
            if *steps == 0 {
                return false;
            }
        }
        false
    }
}

/// The move of `order` (moves with their ordering keys) with the highest key from `next` on,
/// swapped into place `next`: a selection sort, since most nodes cut off after one or two
/// moves.
fn pick_next(order: &mut [(u32, i32)], next: usize) -> u32 {
    let mut pick = next;
    for j in next + 1..order.len() {
        if order[j].1 > order[pick].1 {
            pick = j;
        }
    }
    order.swap(next, pick);
    order[next].0
}

/// The bucket of a table of `2^bits` entries where `hash` is kept.
fn tt_bucket(hash: u64, bits: u32) -> usize {
    (hash >> (64 - bits + 1)) as usize
}

/// Asks the processor to start loading `bucket` into its caches and returns at once. The
/// table is far larger than the caches, so most probes wait on memory; a bucket asked for a
/// little before it is read is often there by then. A hint only: it changes no result.
#[inline(always)]
fn prefetch(bucket: &Bucket) {
    #[cfg(target_arch = "x86_64")]
    // SAFETY: a prefetch reads nothing and cannot fault; the pointer comes from a reference.
    unsafe {
        use std::arch::x86_64::{_MM_HINT_T0, _mm_prefetch};
        _mm_prefetch::<_MM_HINT_T0>(std::ptr::from_ref(bucket).cast::<i8>());
    }
    #[cfg(not(target_arch = "x86_64"))]
    let _ = bucket;
}

/// Two table entries, aligned so that they share one cache line: the first keeps the deeper
/// search, the second the latest.
#[derive(Clone, Copy, Default)]
#[repr(align(32))]
struct Bucket([TtEntry; 2]);

/// The indices of the set bits of `mask`, lowest first.
fn bits(mut mask: u64) -> impl Iterator<Item = u32> {
    std::iter::from_fn(move || {
        if mask == 0 {
            None
        } else {
            let bit = mask.trailing_zeros();
            mask &= mask - 1;
            Some(bit)
        }
    })
}

#[cfg(test)]
mod tests;
