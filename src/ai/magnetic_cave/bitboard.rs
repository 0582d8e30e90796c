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

use super::{
    INF, LATENT_VALUE, TEMPO, TtEntry, WIN, WIN_THRESHOLD, from_tt, random_keys, to_tt,
    window_value,
};
use crate::ai::{Bound, Deadline, Deepening, Reorder, SearchReport, deepen};
use crate::rules::magnetic_cave::{Cell, Config, State};

#[cfg(test)]
mod classroom_model;

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
/// Once the root is proved a tie, traps for the opponent are looked for until this
/// share of the thinking time…
const TRAP_SHARE: f64 = 0.7;
/// …and a trap is a reply whose punishment a search of this many plies does not yet see.
const TRAP_HORIZON: i32 = 5;
/// The solver looks up every child in the table first with at least this many empty cells.
const ETC_FROM: i32 = 12;
/// The solver cuts the moves in dead rows to one with at least this many empty cells.
const SPARE_FROM: i32 = 6;
/// Above the solver's range the deepening search stops starting depths after this share of
/// the thinking time and stops at [`LURE_SHARE`], when a model of the opponent is given…
const LURE_STOP: f64 = 0.4;
/// …so that the rest goes to *lures* (see [`Searcher::find_lure`]).
const LURE_SHARE: f64 = 0.75;
/// The model of the opponent (a classroom player) searches this deep for its reply…
const MODEL_DEPTH: i32 = 7;
/// …reading forced replies without using up depth and reducing late moves, as our search
/// does. Without that, and at depth 6, it predicts `classroom`'s reply more often (81 %
/// against 52 %, `model_predicts_classroom_replies`) but lured no better in 100 games (docs).
const MODEL_SELECTIVE: bool = true;
/// The model's table has `2^MODEL_TT_BITS` entries.
const MODEL_TT_BITS: u32 = 16;
/// The position after a move and the model's reply is scored by a search this deep.
const LURE_DEPTH: i32 = 8;
/// A lure is played instead of the best move only when its score is at most this much lower…
const LURE_MARGIN: i32 = 20;
/// …and the model's reply to it leaves us at least this much more than its reply to the best.
const LURE_GAIN: i32 = 60;
/// In the opening, with at least this many empty cells (a player's first five moves after
/// the four random ones), *rollouts* against the model choose the move instead of lures
/// ([`Searcher::find_rollout_choice`]): they see the replies a shallow opponent would make
/// four moves deep, where a lure sees one.
const ROLLOUT_FROM: u32 = 50;
/// Besides the best move, at most this many others are played out, those that full-window
/// searches of [`ROLLOUT_CANDIDATE_DEPTH`] plies score best, best first, while the time
/// lasts (two at least, or the lures decide).
const ROLLOUT_OTHERS: usize = 8;
/// See [`ROLLOUT_OTHERS`].
const ROLLOUT_CANDIDATE_DEPTH: i32 = 7;
/// A rollout is this many plies long: the move and four replies of each side.
const ROLLOUT_PLIES: usize = 9;
/// Our moves in a rollout come from searches of this many plies…
const ROLLOUT_OWN_DEPTH: i32 = 7;
/// …the opponent's from the model's plain search of this many (as `MODEL_SELECTIVE` says,
/// the plain 6-ply model predicts a classroom player best)…
const ROLLOUT_MODEL_DEPTH: i32 = 6;
/// …and a search of this many plies scores the end.
const ROLLOUT_LEAF_DEPTH: i32 = 10;
/// Another move replaces the best only when its rollout ends at least this much better.
const ROLLOUT_GAIN: i32 = 120;
/// The depths at which the model of a classroom opponent predicts its replies, to find the
/// proved result's move whose likely reply is a mistake ([`Searcher::set_model_traps`]):
/// such players reach 6 to 8 plies at 1 s with 28 empty cells, 9 to 13 with 16.
const MODEL_TRAP_DEPTHS: std::ops::RangeInclusive<i32> = 5..=9;
/// How many of the opponent's replies ahead [`Searcher::set_model_traps`] looks for a
/// mistake at most (one more each round, while the time allows).
const TRAP_LEVELS: usize = 4;
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
/// (`4^k`, four or more bricks as four): the solver's move order and the model opponent's
/// evaluation.
fn open_line_value(bricks: usize) -> i32 {
    if bricks == 0 {
        0
    } else {
        4i32.pow(bricks.min(4) as u32)
    }
}

/// The move the rollouts choose from the `(move, value)` pairs played out, the best move's
/// first: another move when its line ends at least [`ROLLOUT_GAIN`] better than the best
/// move's (the best such line), else the best move. `None` unless the best move and at
/// least one other were played out.
fn rollout_pick(values: &[(u32, i32)]) -> Option<u32> {
    let (&(best, base), others) = values.split_first()?;
    if others.is_empty() {
        return None;
    }
    let mut choice = (best, base);
    for &(cell, value) in others {
        if value > choice.1 && value >= base.saturating_add(ROLLOUT_GAIN) {
            choice = (cell, value);
        }
    }
    Some(choice.0)
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

    /// The masks for `config` with the open-line evaluation of a classroom player (a window
    /// with `k` bricks of one colour only is worth `4^k`, any direction, and nothing else
    /// counts): the model of a shallow opponent (see [`Searcher::predicted_reply`]).
    pub(super) fn open_lines(config: Config) -> Option<Geometry> {
        Geometry::weighted(config, &|_row, bricks, _win| open_line_value(bricks), 0, 0)
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

    fn cell(&self, index: u32) -> Cell {
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

    /// Plays the game from here to its end with both sides choosing at random among their
    /// sensible moves (a win is always taken, see [`Position::sensible_moves`]) and takes it
    /// back: 1 when the player to move now wins, -1 when it loses, 0 for a tie.
    #[cfg(test)]
    fn playout(&mut self, random: &mut XorShift) -> i32 {
        let start = self.to_move;
        let mut laid = [0u32; 64];
        let mut count = 0;
        let result = loop {
            let legal = self.legal();
            if legal == 0 {
                break 0;
            }
            let me = self.to_move;
            if self.winning_cells(me) & legal != 0 {
                break if me == start { 1 } else { -1 };
            }
            let mut moves = self.sensible_moves();
            for _ in 0..random.next() % u64::from(moves.count_ones()) {
                moves &= moves - 1;
            }
            let cell = moves.trailing_zeros();
            self.play(cell);
            laid[count] = cell;
            count += 1;
        };
        for &cell in laid[..count].iter().rev() {
            self.undo(cell);
        }
        result
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
    /// Whether the last search played a lure instead of its best move.
    lured: bool,
    /// Whether the search reads forced replies without using up depth and reduces late
    /// moves; off, it searches every move to its full depth and no further, as a classroom
    /// player does ([`MODEL_SELECTIVE`]).
    selective: bool,
    /// Room for the windows [`Position::paired_off`] looks at.
    pair_windows: Vec<u64>,
}

impl<'d, 'g> Searcher<'d, 'g> {
    pub(super) fn new(geo: &'g Geometry, state: &State, deadline: &'d Deadline) -> Self {
        Searcher::with_table(geo, state, deadline, TT_BITS)
    }

    /// The model of a classroom opponent for [`Searcher::find_lure`]: a searcher of `state`
    /// with the open-line geometry ([`Geometry::open_lines`]) and a small table.
    pub(super) fn model(geo: &'g Geometry, state: &State, deadline: &'d Deadline) -> Self {
        let mut model = Searcher::with_table(geo, state, deadline, MODEL_TT_BITS);
        model.selective = MODEL_SELECTIVE;
        model
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
            history: [[0; 64]; 2],
            killers: [[NO_MOVE; 2]; MAX_PLY + 1],
            order: vec![[(0, 0); 64]; MAX_PLY + 1],
            nodes: 0,
            aborted: false,
            can_abort: false,
            share: 1.0,
            lured: false,
            selective: true,
            pair_windows: Vec::with_capacity(HOT_WORDS * 64),
        }
    }

    /// Searches the root until the deadline or `max_depth`. With a `model` of the opponent
    /// (a searcher of the same position), part of the time above the solver's range goes to
    /// looking for a lure (see [`Searcher::find_lure`]).
    pub(super) fn search(
        &mut self,
        max_depth: u32,
        mut model: Option<&mut Searcher<'_, '_>>,
    ) -> Option<SearchReport<Cell>> {
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
                // A tie at best: the move whose likely reply is a mistake, else the one that
                // sets the opponent the most traps.
                let trap = match model.as_deref_mut() {
                    Some(model) if best == 0 && root_moves.len() > 1 => {
                        self.set_model_traps(model, &root_moves)
                    }
                    _ => None,
                };
                if best == 0
                    && root_moves.len() > 1
                    && let Some(cell) = trap.or_else(|| self.set_traps(&root_moves))
                {
                    report.best = geo.cell(cell);
                    report.score = 0;
                    report.depth = empty as u32;
                    report.nodes = self.nodes;
                    report.elapsed = self.deadline.elapsed();
                    return Some(report);
                }
            }
        }
        // Lures only in the middle game, where nothing is proved yet.
        let mut model = model.filter(|_| solved.is_none() && empty as u32 > SOLVE_FROM);
        if model.is_some() {
            self.share = LURE_SHARE;
        }
        let plan = Deepening {
            max_depth: (empty.min(MAX_PLY - 1) as u32).min(max_depth),
            // Half the time left: the solver may have used some.
            stop_after: if model.is_some() {
                LURE_STOP
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
        report.best = geo.cell(found.best);
        report.score = found.score;
        report.depth = found.depth;
        // In the opening, rollouts against the model choose the move; elsewhere, or when
        // they run out of time, a lure may replace the best move.
        let rollout_choice = match model.as_deref_mut() {
            Some(model)
                if empty as u32 >= ROLLOUT_FROM
                    && found.score.abs() < WIN_THRESHOLD
                    && found.depth >= 2 =>
            {
                self.find_rollout_choice(model, &root_moves, found.best)
            }
            _ => None,
        };
        if let Some(choice) = rollout_choice {
            report.best = geo.cell(choice);
            self.lured = choice != found.best;
        } else if let Some(model) = model
            && found.score.abs() < WIN_THRESHOLD
            && found.depth >= 2
            && let Some(lure) =
                self.find_lure(model, &root_moves, found.best, found.score, found.depth)
        {
            report.best = geo.cell(lure);
            self.lured = true;
        }
        match solved {
            // A proven win the deepening did not reach: play the winning move found.
            Some((1, Some(win))) if found.score < WIN_THRESHOLD => {
                report.best = geo.cell(win);
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

    /// A *lure*: a root move after which the reply a shallow opponent would choose (the
    /// `model`'s, a classroom player's search of [`MODEL_DEPTH`] plies) leaves us better off
    /// than the best move's predicted reply does, by at least [`LURE_GAIN`] in a search of
    /// [`LURE_DEPTH`] plies (a forced win counts most). `best` (scored `score` at `depth`) is
    /// kept unless another move lures better and a search almost as deep scores it at most
    /// [`LURE_MARGIN`] below `best`, so a lure costs little against an opponent that searches
    /// deeper. `None` when no move lures or the time ran out first.
    fn find_lure(
        &mut self,
        model: &mut Searcher<'_, '_>,
        moves: &[u32],
        best: u32,
        score: i32,
        depth: u32,
    ) -> Option<u32> {
        self.can_abort = true;
        let others = moves.iter().copied().filter(|&cell| cell != best);
        let mut after_reply = Vec::with_capacity(moves.len());
        for cell in std::iter::once(best).chain(others) {
            model.position.play(cell);
            let reply = model.predicted_reply(MODEL_DEPTH);
            model.position.undo(cell);
            let Some(reply) = reply else { continue };
            self.position.play(cell);
            self.position.play(reply);
            let value = self.negamax(LURE_DEPTH, 2, -INF, INF);
            self.position.undo(reply);
            self.position.undo(cell);
            if self.aborted {
                break;
            }
            after_reply.push((cell, value));
        }
        let mut lure = None;
        if let Some(&(_, expected)) = after_reply.first() {
            let mut better: Vec<(u32, i32)> = after_reply
                .into_iter()
                .filter(|&(_, value)| value >= expected.saturating_add(LURE_GAIN))
                .collect();
            better.sort_by_key(|&(_, value)| -value);
            let floor = score - LURE_MARGIN;
            for (cell, _) in better {
                // Is the lure at most the margin worse than the best move?
                self.position.play(cell);
                let safe = -self.negamax(depth as i32 - 1, 1, -floor, -floor + 1) >= floor;
                self.position.undo(cell);
                if self.aborted {
                    break;
                }
                if safe {
                    lure = Some(cell);
                    break;
                }
            }
        }
        self.aborted = false;
        lure
    }

    /// The opening's *rollout choice*: `best` and up to [`ROLLOUT_OTHERS`] other `moves`,
    /// those that full-window searches of [`ROLLOUT_CANDIDATE_DEPTH`] plies score best, best
    /// first, are each played out [`ROLLOUT_PLIES`] plies, our moves by shallow searches, the
    /// opponent's by the `model`'s plain open-line search ([`Searcher::rollout_value`]), until
    /// the time runs out. Another move replaces `best` when its line ends at least
    /// [`ROLLOUT_GAIN`] better. `None` when the time ran out before `best` and one other
    /// were played out (then a lure may be looked for as elsewhere).
    fn find_rollout_choice(
        &mut self,
        model: &mut Searcher<'_, '_>,
        moves: &[u32],
        best: u32,
    ) -> Option<u32> {
        self.can_abort = true;
        let mut scored = Vec::with_capacity(moves.len());
        for &cell in moves.iter().filter(|&&cell| cell != best) {
            self.position.play(cell);
            let score = -self.negamax(ROLLOUT_CANDIDATE_DEPTH - 1, 1, -INF, INF);
            self.position.undo(cell);
            if self.aborted {
                self.aborted = false;
                return None;
            }
            scored.push((cell, score));
        }
        scored.sort_by_key(|&(_, score)| -score);
        let candidates: Vec<u32> = std::iter::once(best)
            .chain(scored.iter().take(ROLLOUT_OTHERS).map(|&(cell, _)| cell))
            .collect();
        let selective = model.selective;
        model.selective = false;
        let mut values = Vec::with_capacity(candidates.len());
        for &cell in &candidates {
            let value = self.rollout_value(model, cell);
            if self.aborted {
                break;
            }
            values.push((cell, value));
        }
        model.selective = selective;
        self.aborted = false;
        rollout_pick(&values)
    }

    /// The value for the player to move of playing `first` and then, for [`ROLLOUT_PLIES`]
    /// plies in all, the best moves of our searches of [`ROLLOUT_OWN_DEPTH`] plies against
    /// the replies of the `model`'s (plain) search of [`ROLLOUT_MODEL_DEPTH`], the end scored
    /// by a search of [`ROLLOUT_LEAF_DEPTH`] (a win or a tie on the way counts as such). Both
    /// positions are restored; check [`Searcher::aborted`] afterwards.
    fn rollout_value(&mut self, model: &mut Searcher<'_, '_>, first: u32) -> i32 {
        let me = self.position.to_move;
        let mut laid = Vec::with_capacity(ROLLOUT_PLIES);
        let mut cell = first;
        let mut value = None;
        for _ in 0..ROLLOUT_PLIES {
            self.position.play(cell);
            model.position.play(cell);
            laid.push(cell);
            let to_move = self.position.to_move;
            let legal = self.position.legal();
            if legal == 0 {
                value = Some(0);
                break;
            }
            if self.position.winning_cells(to_move) & legal != 0 {
                value = Some(if to_move == me { WIN } else { -WIN });
                break;
            }
            if laid.len() == ROLLOUT_PLIES {
                break;
            }
            let next = if to_move == me {
                let mut moves: Vec<u32> = bits(self.position.sensible_moves()).collect();
                if moves.len() > 1 {
                    moves.sort_by_key(|&c| -self.position.gain(c));
                    let scores = self.search_root(ROLLOUT_OWN_DEPTH, &moves, (-INF, INF));
                    if self.aborted {
                        break;
                    }
                    moves[first_best(&scores)]
                } else {
                    moves[0]
                }
            } else {
                match model.predicted_reply(ROLLOUT_MODEL_DEPTH) {
                    Some(reply) => reply,
                    None => break,
                }
            };
            cell = next;
        }
        let value = match value {
            Some(value) => value,
            None if self.aborted => 0,
            None => {
                let score = self.negamax(ROLLOUT_LEAF_DEPTH, 1, -INF, INF);
                if self.position.to_move == me {
                    score
                } else {
                    -score
                }
            }
        };
        for &cell in laid.iter().rev() {
            self.position.undo(cell);
            model.position.undo(cell);
        }
        value
    }

    /// The reply this searcher (a model of the opponent, to move) chooses at `depth` plies
    /// (see [`Searcher::replies_by_depth`]; it stops deepening when the deadline has passed).
    /// `None` when the game is over.
    fn predicted_reply(&mut self, depth: i32) -> Option<u32> {
        self.replies_by_depth(depth, false).last().copied()
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
        let depth = self.position.empty_count() as i32 - 1;
        self.can_abort = true;
        self.share = SOLVE_SHARE;
        let mut outcomes = Vec::with_capacity(moves.len());
        for &cell in moves {
            self.position.play(cell);
            let score = -self.negamax(depth, 1, -1, 1);
            self.position.undo(cell);
            if self.aborted {
                break;
            }
            outcomes.push(score.signum());
            if score > 0 {
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

    /// Among `ties`, root moves proved to keep a tie, the one after which a shallow opponent
    /// most likely errs (a *model trap*): the `model`, a classroom player (plain alpha-beta
    /// over open lines), predicts the opponent's reply at each depth of
    /// [`MODEL_TRAP_DEPTHS`], each reply as likely as the share of those depths that choose it,
    /// and the solver proves whether it is a mistake (it loses). The chance of a mistake is
    /// looked for within the opponent's next reply, then its next two (our move in between
    /// chosen among those that keep the tie, the one with the best chance), and so on up to
    /// [`TRAP_LEVELS`] while the time share lasts; the move with the best chance of the
    /// deepest round finished is played. An opponent that does not err still ties, so the
    /// choice costs nothing. `None` when no predicted reply is a mistake.
    fn set_model_traps(&mut self, model: &mut Searcher<'_, '_>, ties: &[u32]) -> Option<u32> {
        self.can_abort = true;
        self.share = TRAP_SHARE;
        model.selective = false;
        model.share = TRAP_SHARE;
        let mut best: Option<(f64, u32)> = None;
        for levels in 1..=TRAP_LEVELS {
            let mut found: Option<(f64, u32)> = None;
            for &cell in ties {
                let chance = self.mistake_chance(model, cell, 0, levels);
                if self.aborted || model.aborted {
                    break;
                }
                if chance > 0.0 && found.is_none_or(|(most, _)| chance > most) {
                    found = Some((chance, cell));
                }
            }
            if self.aborted || model.aborted {
                break;
            }
            best = found.or(best);
            if best.is_some_and(|(chance, _)| chance >= 1.0) {
                break;
            }
        }
        self.aborted = false;
        self.share = 1.0;
        model.aborted = false;
        model.share = 1.0;
        model.selective = MODEL_SELECTIVE;
        best.map(|(_, cell)| cell)
    }

    /// The chance that the opponent errs within its next `levels` replies after our `cell`
    /// (`ply` plies below the root, in a position proved a tie), if we then keep choosing,
    /// among the moves that keep the tie, the one with the best chance (see
    /// [`Searcher::set_model_traps`]).
    fn mistake_chance(
        &mut self,
        model: &mut Searcher<'_, '_>,
        cell: u32,
        ply: usize,
        levels: usize,
    ) -> f64 {
        let mut chance = 0.0;
        for (reply, likelihood, mistake) in self.likely_replies(model, cell, ply) {
            if mistake {
                chance += likelihood;
            } else if levels > 1 && !self.aborted && !model.aborted {
                self.position.play(cell);
                self.position.play(reply);
                model.position.play(cell);
                model.position.play(reply);
                let next = self.best_mistake_chance(model, ply + 2, levels - 1);
                model.position.undo(reply);
                model.position.undo(cell);
                self.position.undo(reply);
                self.position.undo(cell);
                chance += likelihood * next;
            }
        }
        chance
    }

    /// With us to move `ply` plies below the root in a position proved a tie, the best
    /// [`Searcher::mistake_chance`] over our moves that keep the tie.
    fn best_mistake_chance(
        &mut self,
        model: &mut Searcher<'_, '_>,
        ply: usize,
        levels: usize,
    ) -> f64 {
        let mut best: f64 = 0.0;
        for cell in bits(self.position.sensible_moves()) {
            self.position.play(cell);
            let empty = self.position.empty_count() as i32;
            let keeps_the_tie = self.negamax(empty, ply + 1, -1, 1) == 0;
            self.position.undo(cell);
            if self.aborted {
                break;
            }
            if !keeps_the_tie {
                continue;
            }
            let chance = self.mistake_chance(model, cell, ply, levels);
            if self.aborted || model.aborted {
                break;
            }
            best = best.max(chance);
            if best >= 1.0 {
                break;
            }
        }
        best
    }

    /// The opponent's likely replies to our `cell` (`ply` plies below the root, in a position
    /// proved a tie): each reply the model chooses at the depths of [`MODEL_TRAP_DEPTHS`],
    /// with the share of those depths that choose it and whether the solver proves it a
    /// mistake (a win for us).
    fn likely_replies(
        &mut self,
        model: &mut Searcher<'_, '_>,
        cell: u32,
        ply: usize,
    ) -> Vec<(u32, f64, bool)> {
        model.position.play(cell);
        let replies = model.replies_by_depth(*MODEL_TRAP_DEPTHS.end(), true);
        model.position.undo(cell);
        let considered: Vec<u32> = replies
            .iter()
            .zip(1..)
            .filter(|&(_, depth)| MODEL_TRAP_DEPTHS.contains(&depth))
            .map(|(&reply, _)| reply)
            .collect();
        let share = 1.0 / considered.len().max(1) as f64;
        let mut likely: Vec<(u32, f64, bool)> = Vec::new();
        self.position.play(cell);
        for reply in considered {
            if let Some(known) = likely.iter_mut().find(|known| known.0 == reply) {
                known.1 += share;
                continue;
            }
            self.position.play(reply);
            let empty = self.position.empty_count() as i32;
            let mistake = self.negamax(empty, ply + 2, -1, 1) > 0;
            self.position.undo(reply);
            if self.aborted {
                break;
            }
            likely.push((reply, share, mistake));
        }
        self.position.undo(cell);
        likely
    }

    /// The replies this searcher (a model of the opponent, to move) chooses after each depth
    /// of an iterative deepening up to `depth`, shallowest first (the first best move kept on
    /// equal scores; the last depth's scores order the next): a win, a forced block or the
    /// only legal move at once, for every depth. Shorter when the deadline has passed before a
    /// depth began, or, if `can_abort`, when the search stopped at its time share (then
    /// [`Searcher::aborted`] is set); empty when the game is over.
    fn replies_by_depth(&mut self, depth: i32, can_abort: bool) -> Vec<u32> {
        self.can_abort = can_abort;
        let depth = depth.max(1);
        let legal = self.position.legal();
        let me = self.position.to_move;
        let wins = self.position.winning_cells(me) & legal;
        let blocks = self.position.winning_cells(1 - me) & legal;
        if legal == 0 {
            return Vec::new();
        }
        let forced = if wins != 0 {
            wins
        } else if blocks != 0 {
            blocks
        } else if legal.count_ones() == 1 {
            legal
        } else {
            0
        };
        if forced != 0 {
            return vec![forced.trailing_zeros(); depth as usize];
        }
        let mut moves: Vec<u32> = bits(legal).collect();
        moves.sort_by_key(|&c| -self.position.gain(c));
        let mut replies = Vec::with_capacity(depth as usize);
        for d in 1..=depth {
            if d > 1 && self.deadline.expired() {
                break;
            }
            let scores = self.search_root(d, &moves, (-INF, INF));
            if scores.len() < moves.len() {
                break;
            }
            let best = first_best(&scores);
            replies.push(moves[best]);
            let mut order: Vec<usize> = (0..moves.len()).collect();
            order.sort_by_key(|&i| -scores[i]);
            moves = order.iter().map(|&i| moves[i]).collect();
        }
        replies
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

    /// The entry of `bucket` kept for `hash`, if either has its key (check `key`): the first
    /// holds the newest result when it has the key (see the store in [`Searcher::negamax`]).
    fn table_entry(&self, bucket: usize, hash: u64) -> TtEntry {
        let [first, second] = self.tt[bucket].0;
        if first.key == hash { first } else { second }
    }

    fn negamax(&mut self, depth: i32, ply: usize, mut alpha: i32, mut beta: i32) -> i32 {
        self.nodes += 1;
        if self.can_abort
            && self.nodes & 1023 == 0
            && (self.deadline.expired() || self.deadline.used_fraction() >= self.share)
        {
            self.aborted = true;
        }
        if self.aborted {
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
        let child_depth = if forced && self.selective {
            depth
        } else {
            depth - 1
        };
        // Solving far from the end: a child the table already refutes cuts off at once
        // (enhanced transposition cutoff).
        if solving && empty >= ETC_FROM {
            let mut children = [(0u64, 0usize); 64];
            let mut count = 0;
            for cell in bits(moves) {
                let child = self.position.child_key(cell);
                children[count] = (child, tt_bucket(child, self.tt_bits));
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
                // Selection sort: most nodes cut off after one or two moves.
                let order = &mut self.order[ply];
                let mut pick = next;
                for j in next + 1..rest {
                    if order[j].1 > order[pick].1 {
                        pick = j;
                    }
                }
                order.swap(next, pick);
                (order[next].0, false)
            };
            self.position.play(cell);
            let score = if i == 0 {
                -self.negamax(child_depth, ply + 1, -beta, -alpha)
            } else {
                // Late moves with no tactical promise are searched less deep first.
                let quiet =
                    !early && self.position.winning_cells(me) & !self.position.occupied() == 0;
                let reduction = if self.selective && !solving && depth >= 3 && i >= 3 && quiet {
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

/// The index of the first of the highest `scores` (0 when there are none).
fn first_best(scores: &[i32]) -> usize {
    let mut best = 0;
    for (i, &score) in scores.iter().enumerate() {
        if score > scores[best] {
            best = i;
        }
    }
    best
}

/// The bucket of a table of `2^bits` entries where `hash` is kept.
fn tt_bucket(hash: u64, bits: u32) -> usize {
    (hash >> (64 - bits + 1)) as usize
}

/// Two table entries, aligned so that they share one cache line: the first keeps the deeper
/// search, the second the latest.
#[derive(Clone, Copy, Default)]
#[repr(align(32))]
struct Bucket([TtEntry; 2]);

/// A small fast random number generator (xorshift64) for playouts.
#[cfg(test)]
struct XorShift(u64);

#[cfg(test)]
impl XorShift {
    /// The next number.
    fn next(&mut self) -> u64 {
        let mut x = self.0;
        x ^= x << 13;
        x ^= x >> 7;
        x ^= x << 17;
        self.0 = x;
        x
    }
}

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
mod tests {
    use super::*;
    use crate::rules::magnetic_cave::{Brick, parse_moves};

    /// A small seeded generator of numbers below `n`, so random positions repeat.
    pub(super) fn below(mut seed: u64) -> impl FnMut(usize) -> usize {
        move |n: usize| {
            seed = seed
                .wrapping_mul(6_364_136_223_846_793_005)
                .wrapping_add(1_442_695_040_888_963_407);
            ((seed >> 33) as usize) % n
        }
    }

    /// The assignment's 8x8 cave, which fits the bitboards.
    pub(super) fn standard_geometry() -> Geometry {
        let Some(geo) = Geometry::new(Config::STANDARD) else {
            panic!("8x8 fits a u64");
        };
        geo
    }

    /// A game of random moves, `bricks` long unless a line ends it sooner.
    /// The open-line geometry of the standard cave (the model opponent's).
    fn open_line_geometry() -> Geometry {
        let Some(geo) = Geometry::open_lines(Config::STANDARD) else {
            panic!("8x8 fits a u64");
        };
        geo
    }

    fn random_game(next: &mut impl FnMut(usize) -> usize, bricks: usize) -> State {
        let mut state = State::new(Config::STANDARD);
        play_randomly(&mut state, next, bricks);
        state
    }

    /// Plays random moves on `state` until it holds `bricks` bricks; `true` when a line ended
    /// the game first.
    pub(super) fn play_randomly(
        state: &mut State,
        next: &mut impl FnMut(usize) -> usize,
        bricks: usize,
    ) -> bool {
        while state.moves().len() < bricks {
            let moves = state.legal_moves();
            if state.play_unchecked(moves[next(moves.len())]).is_some() {
                return true;
            }
        }
        false
    }

    fn midgame() -> State {
        let moves =
            parse_moves("A1,H1,B1,G1,A2,H2,A3,H3,B2,G2,C1,F1,A4,H4,H5,A5").unwrap_or_default();
        State::from_moves(Config::STANDARD, &moves).unwrap_or_else(|_| State::new(Config::STANDARD))
    }

    /// A lure is a legal, safe root move other than the best, scored (by a fresh search of
    /// the same depth) at most [`LURE_MARGIN`] below the best; the model's reply is legal.
    #[test]
    fn lures_are_safe_moves_nearly_as_good_as_the_best() {
        let geo = standard_geometry();
        let model_geo = open_line_geometry();
        let mut next = below(2026);
        let deadline = Deadline::within(std::time::Duration::from_secs(600));
        let depth = 6;
        let (mut tried, mut lures) = (0, 0);
        while tried < 24 {
            let bricks = 24 + next(12);
            let state = random_game(&mut next, bricks);
            if state.outcome().is_some() {
                continue;
            }
            let mut searcher = Searcher::new(&geo, &state, &deadline);
            let mut model = Searcher::model(&model_geo, &state, &deadline);
            let position = &searcher.position;
            let (me, legal) = (position.to_move, position.legal());
            let theirs = position.winning_cells(1 - me);
            if position.winning_cells(me) & legal != 0 || theirs & legal != 0 {
                continue;
            }
            let moves: Vec<u32> = bits(legal & !position.unlocks(theirs)).collect();
            if moves.len() < 2 {
                continue;
            }
            tried += 1;
            let scores = searcher.search_root(depth, &moves, (-INF, INF));
            let Some((best, score)) = moves.iter().copied().zip(scores).max_by_key(|&(_, s)| s)
            else {
                panic!("every root move was searched");
            };
            for &cell in &moves {
                model.position.play(cell);
                let reply = model.predicted_reply(3);
                assert!(reply.is_some_and(|r| model.position.legal() & 1 << r != 0));
                model.position.undo(cell);
            }
            let Some(lure) = searcher.find_lure(&mut model, &moves, best, score, depth as u32)
            else {
                continue;
            };
            lures += 1;
            assert!(moves.contains(&lure) && lure != best, "{state:?}");
            let mut fresh = Searcher::new(&geo, &state, &deadline);
            fresh.position.play(lure);
            let floor = score - LURE_MARGIN;
            let value = -fresh.negamax(depth - 1, 1, -floor, -floor + 1);
            assert!(value >= floor, "lure {lure} scores {value}, best {score}");
        }
        assert!(lures > 0, "no lure in {tried} positions");
    }

    #[test]
    fn rollouts_choose_one_of_the_moves_and_restore_both_positions() {
        let geo = standard_geometry();
        let model_geo = open_line_geometry();
        let mut next = below(2027);
        let deadline = Deadline::within(std::time::Duration::from_secs(600));
        let (mut tried, mut changed) = (0, 0);
        while tried < 12 {
            let bricks = 6 + next(8);
            let state = random_game(&mut next, bricks);
            if state.outcome().is_some() {
                continue;
            }
            let mut searcher = Searcher::new(&geo, &state, &deadline);
            let mut model = Searcher::model(&model_geo, &state, &deadline);
            let position = &searcher.position;
            let threats = position.winning_cells(0) | position.winning_cells(1);
            let moves: Vec<u32> = bits(position.sensible_moves()).collect();
            if moves.len() < 2 || threats & position.legal() != 0 {
                continue;
            }
            tried += 1;
            let scores = searcher.search_root(6, &moves, (-INF, INF));
            let best = moves[first_best(&scores)];
            let before = (searcher.position.bits, searcher.position.totals.hash);
            let model_before = (model.position.bits, model.position.totals.hash);
            let Some(choice) = searcher.find_rollout_choice(&mut model, &moves, best) else {
                panic!("no time limit to run out");
            };
            assert!(moves.contains(&choice), "{choice} is no root move");
            assert!(before == (searcher.position.bits, searcher.position.totals.hash));
            assert!(model_before == (model.position.bits, model.position.totals.hash));
            assert!(model.selective, "the model is selective again");
            changed += usize::from(choice != best);
        }
        assert!(
            changed > 0,
            "the rollouts never changed the move in {tried} openings"
        );
    }

    #[test]
    fn the_rollouts_pick_a_line_far_enough_ahead_from_those_played_out() {
        // Only the best move played out: the time ran out, the lures decide.
        assert_eq!(rollout_pick(&[]), None);
        assert_eq!(rollout_pick(&[(3, 0)]), None);
        // Not far enough ahead: the best move stays.
        assert_eq!(rollout_pick(&[(3, 0), (5, ROLLOUT_GAIN - 1)]), Some(3));
        // The best of the lines far enough ahead, however many were played out.
        assert_eq!(rollout_pick(&[(3, 0), (5, ROLLOUT_GAIN)]), Some(5));
        let values = [(3, -50), (5, 100), (7, 90), (9, 40)];
        assert_eq!(rollout_pick(&values), Some(5));
        assert_eq!(rollout_pick(&values[..3]), Some(5));
        assert_eq!(rollout_pick(&[(3, -50), (7, 90)]), Some(7));
    }

    #[test]
    fn a_rollout_ends_at_a_win_on_the_way() {
        let geo = standard_geometry();
        let model_geo = open_line_geometry();
        // White has A1 to A4; A5, on the wall, wins for it.
        let moves = parse_moves("H1,A1,H2,A2,H4,A3,G1,A4").unwrap();
        let state = State::from_moves(Config::STANDARD, &moves).unwrap();
        let deadline = Deadline::within(std::time::Duration::from_secs(600));
        let mut searcher = Searcher::new(&geo, &state, &deadline);
        let mut model = Searcher::model(&model_geo, &state, &deadline);
        let cell = |name: &str| geo.index(parse_moves(name).unwrap()[0]);
        assert_eq!(searcher.rollout_value(&mut model, cell("H5")), -WIN);
        assert!(searcher.rollout_value(&mut model, cell("A5")) > -WIN);
    }

    #[test]
    fn the_position_agrees_with_the_rules() {
        let state = midgame();
        let geo = standard_geometry();
        let mut position = Position::new(&geo, &state);
        let legal: Vec<Cell> = bits(position.legal()).map(|c| geo.cell(c)).collect();
        let mut expected = state.legal_moves();
        expected.sort_by_key(|c| (c.row, c.col));
        assert_eq!(legal, expected);
        assert_eq!(position.evaluate(), super::super::evaluate(&state));
        // Play and undo every legal move: the counts, the score and the key come back.
        let (score, hash, counts) = (
            position.totals.score,
            position.totals.hash,
            position.counts.clone(),
        );
        for cell in bits(position.legal()) {
            let mut next = state.clone();
            next.play_unchecked(geo.cell(cell));
            position.play(cell);
            assert_eq!(position.evaluate(), super::super::evaluate(&next));
            position.undo(cell);
        }
        assert_eq!((position.totals.score, position.totals.hash), (score, hash));
        assert_eq!(position.counts, counts);
    }

    /// The key is the filled cells and the windows' statuses: a brick whose windows all hold
    /// both colours without it may change colour and the key stays; any other brick's colour
    /// changes it; and `child_key` knows the key a move leads to before it is laid.
    #[test]
    fn the_key_is_what_decides_the_game() {
        let mut next = below(11);
        let geo = standard_geometry();
        let key_of = |bits: [u64; 2], to_move: usize| {
            let mut position = Position::new(&geo, &State::new(Config::STANDARD));
            for (colour, &colour_bits) in bits.iter().enumerate() {
                for cell in super::bits(colour_bits) {
                    position.to_move = colour;
                    position.play(cell);
                }
            }
            position.to_move = to_move;
            position.totals.hash
        };
        let (mut same, mut different) = (0, 0);
        for _ in 0..40 {
            let state = random_game(&mut next, 40);
            let mut position = Position::new(&geo, &state);
            let key = position.totals.hash;
            assert_eq!(key_of(position.bits, position.to_move), key, "any order");
            for cell in super::bits(position.occupied()) {
                let colour = usize::from(position.bits[1] & (1 << cell) != 0);
                let decides_nothing = geo.windows_of(cell).iter().all(|&w| {
                    let others = geo.windows[usize::from(w)] & !(1 << cell);
                    others & position.bits[0] != 0 && others & position.bits[1] != 0
                });
                let mut flipped = position.bits;
                flipped[colour] &= !(1 << cell);
                flipped[1 - colour] |= 1 << cell;
                let flipped_key = key_of(flipped, position.to_move);
                assert_eq!(flipped_key == key, decides_nothing, "{}", state.render());
                if decides_nothing {
                    same += 1;
                } else {
                    different += 1;
                }
            }
            for cell in super::bits(position.legal()) {
                let child = position.child_key(cell);
                position.play(cell);
                assert_eq!(position.totals.hash, child);
                position.undo(cell);
            }
        }
        assert!(
            same > 20 && different > 20,
            "both kinds occur ({same}, {different})"
        );
    }

    /// In rows whose empty cells no line passes through any more, one move stands for all;
    /// every other move is kept.
    #[test]
    fn dead_rows_leave_one_spare_move() {
        let mut next = below(7);
        let geo = standard_geometry();
        let mut cut = 0;
        for _ in 0..400 {
            let state = random_game(&mut next, 44);
            let position = Position::new(&geo, &state);
            let empty = geo.all & !position.occupied();
            // Dead by the rules: every window through the cell holds both colours.
            let dead = |c: u32| {
                geo.windows_of(c).iter().all(|&w| {
                    let w = geo.windows[usize::from(w)];
                    w & position.bits[0] != 0 && w & position.bits[1] != 0
                })
            };
            let spare_rows: u64 = geo
                .rows
                .iter()
                .filter(|&&row| empty & row != 0 && bits(empty & row).all(dead))
                .fold(0, |m, row| m | row);
            let legal = position.legal();
            let kept = position.one_spare_move(legal);
            assert_eq!(kept & !spare_rows, legal & !spare_rows, "live moves stay");
            let spare = (legal & spare_rows).count_ones();
            assert_eq!((kept & spare_rows).count_ones(), spare.min(1));
            cut += u32::from(spare > 1);
        }
        assert!(cut >= 3, "dead rows with several moves occur ({cut})");
    }

    /// Random positions with `empty` empty cells whose player to move has no win to take
    /// and two or more moves that keep a tie (and no better one), with those moves.
    fn tied_positions(seed: u64, empty: usize, count: usize) -> Vec<(State, Vec<u32>)> {
        let geo = standard_geometry();
        let deadline = Deadline::within(std::time::Duration::from_secs(600));
        let mut next = below(seed);
        let mut found = Vec::new();
        while found.len() < count {
            let mut state = State::new(Config::STANDARD);
            if play_randomly(&mut state, &mut next, 64 - empty) {
                continue;
            }
            let mut searcher = Searcher::new(&geo, &state, &deadline);
            let position = &searcher.position;
            if position.winning_cells(position.to_move) & position.legal() != 0 {
                continue;
            }
            let moves: Vec<u32> = bits(position.legal()).collect();
            let Some(outcomes) = searcher.solve_root(&moves) else {
                continue;
            };
            let ties: Vec<u32> = moves
                .iter()
                .zip(&outcomes)
                .filter(|&(_, &outcome)| outcome == 0)
                .map(|(&cell, _)| cell)
                .collect();
            if ties.len() >= 2 && !outcomes.contains(&1) {
                found.push((state, ties));
            }
        }
        found
    }

    /// A model trap is one of the moves that keep the tie, and in a position where the
    /// model's reply to a tying move at one of [`MODEL_TRAP_DEPTHS`] is a proved mistake, the
    /// trap found has a reply at some depth that is a mistake or leads on to one.
    #[test]
    fn model_traps_keep_the_tie_and_expect_a_mistake() {
        let geo = standard_geometry();
        let model_geo = open_line_geometry();
        let (mut set, mut immediate) = (0, 0);
        for (state, ties) in tied_positions(5, 18, 16) {
            let deadline = Deadline::within(std::time::Duration::from_secs(600));
            let mut searcher = Searcher::new(&geo, &state, &deadline);
            let mut model = Searcher::model(&model_geo, &state, &deadline);
            let trap = searcher.set_model_traps(&mut model, &ties);
            // Independently: does some tying move's reply at a trap depth lose at once?
            let mut fresh = Searcher::new(&geo, &state, &deadline);
            let mut fresh_model = Searcher::model(&model_geo, &state, &deadline);
            fresh_model.selective = false;
            let mut loses_at_once = false;
            for &cell in &ties {
                fresh_model.position.play(cell);
                fresh.position.play(cell);
                for depth in MODEL_TRAP_DEPTHS {
                    let Some(reply) = fresh_model.predicted_reply(depth) else {
                        continue;
                    };
                    fresh.position.play(reply);
                    let empty = fresh.position.empty_count() as i32;
                    loses_at_once |= fresh.negamax(empty, 2, -1, 1) > 0;
                    fresh.position.undo(reply);
                }
                fresh.position.undo(cell);
                fresh_model.position.undo(cell);
            }
            if loses_at_once {
                assert!(trap.is_some(), "a reply that loses at once is found");
                immediate += 1;
            }
            if let Some(cell) = trap {
                assert!(ties.contains(&cell), "the trap keeps the tie");
                set += 1;
            }
        }
        assert!(
            immediate > 0 && set > immediate,
            "{immediate} immediate of {set} traps"
        );
    }

    /// The solver's verdicts against the cell-array search's, run to the full cave (where it
    /// is exact too), over random positions with 12 empty cells.
    #[test]
    fn the_solver_agrees_with_the_exhaustive_cell_array_search() {
        let mut next = below(99);
        let geo = standard_geometry();
        let deadline = Deadline::within(std::time::Duration::from_secs(60));
        let mut kinds = std::collections::BTreeSet::new();
        let mut checked = 0;
        while checked < 12 {
            let mut state = State::new(Config::STANDARD);
            let over = play_randomly(&mut state, &mut next, 52);
            let mut searcher = Searcher::new(&geo, &state, &deadline);
            let position = &searcher.position;
            let me = position.to_move;
            if over || position.winning_cells(me) & position.legal() != 0 {
                continue;
            }
            let moves: Vec<u32> = bits(position.legal()).collect();
            let Some(outcomes) = searcher.solve_root(&moves) else {
                panic!("12 empty cells are solved in time");
            };
            let mut wide = super::super::Searcher::new(state.config(), &deadline);
            for (&cell, &outcome) in moves.iter().zip(&outcomes) {
                let mut next_state = state.clone();
                if next_state.play_unchecked(geo.cell(cell)).is_some() {
                    continue;
                }
                let hash = wide.hash(&next_state);
                let exact = -wide.negamax(
                    &mut next_state,
                    hash,
                    12,
                    1,
                    -super::super::INF,
                    super::super::INF,
                );
                // The solver stops at the first win and counts the moves after it as losses.
                if outcome >= 0 || !outcomes.contains(&1) {
                    assert_eq!(outcome, exact.signum(), "{}", state.render());
                }
                kinds.insert(exact.signum());
            }
            checked += 1;
        }
        assert_eq!(
            kinds.len(),
            3,
            "wins, ties and losses all checked: {kinds:?}"
        );
    }

    /// A side that a pairing keeps from winning cannot win with best play: over random
    /// positions with 12 empty cells, whenever [`Position::paired_off`] finds a pairing for
    /// a side, the exhaustive cell-array search gives that side a tie at best.
    #[test]
    fn a_side_kept_from_winning_by_a_pairing_cannot_win() {
        let mut next = below(4242);
        let geo = standard_geometry();
        let deadline = Deadline::within(std::time::Duration::from_secs(60));
        let mut wide = super::super::Searcher::new(Config::STANDARD, &deadline);
        let (mut paired, mut mover_paired, mut tried) = (0, 0, 0);
        while tried < 300 {
            let mut state = State::new(Config::STANDARD);
            if play_randomly(&mut state, &mut next, 52) {
                continue;
            }
            tried += 1;
            let position = Position::new(&geo, &state);
            let me = position.to_move;
            let mut windows = Vec::new();
            let pairings =
                [me, 1 - me].map(|player| position.paired_off(player, 1000, &mut windows));
            if !pairings.contains(&true) {
                continue;
            }
            let hash = wide.hash(&state);
            let mut copy = state.clone();
            let exact = wide.negamax(
                &mut copy,
                hash,
                12,
                0,
                -super::super::INF,
                super::super::INF,
            );
            if pairings[0] {
                assert!(exact <= 0, "the mover wins: {}", state.render());
                mover_paired += 1;
            }
            if pairings[1] {
                assert!(exact >= 0, "the other side wins: {}", state.render());
            }
            paired += 1;
        }
        assert!(
            paired >= 20 && mover_paired >= 5,
            "{paired} paired, {mover_paired} movers"
        );
    }

    /// A proof orders its moves by the table's proved moves and the threat order alone: what
    /// a search with the evaluation leaves behind (killers, history, best moves) changes
    /// neither its verdict nor the positions it visits, over eight positions with 22 empty
    /// cells.
    #[test]
    fn a_proof_ignores_what_a_search_with_the_evaluation_left_behind() {
        let mut next = below(2024);
        let geo = standard_geometry();
        let deadline = Deadline::within(std::time::Duration::from_secs(600));
        let mut checked = 0;
        while checked < 8 {
            let mut state = State::new(Config::STANDARD);
            if play_randomly(&mut state, &mut next, 64 - 22) {
                continue;
            }
            let mut fresh = Searcher::new(&geo, &state, &deadline);
            let mut searched = Searcher::new(&geo, &state, &deadline);
            for depth in 1..=6 {
                searched.negamax(depth, 0, -INF, INF);
            }
            let before = searched.nodes;
            assert_eq!(fresh.prove(), searched.prove(), "{}", state.render());
            assert_eq!(fresh.nodes, searched.nodes - before, "{}", state.render());
            checked += 1;
        }
    }

    /// The moves the search skips as unlocking an opponent's winning cell are exactly those
    /// after which the opponent can complete a line at once, over random positions.
    #[test]
    fn unlocking_moves_are_the_moves_that_lose_at_once() {
        let mut next = below(7);
        let geo = standard_geometry();
        let mut unlocking = 0;
        for game in 0..2000 {
            let mut state = State::new(Config::STANDARD);
            let over = play_randomly(&mut state, &mut next, 10 + game % 45);
            let mut position = Position::new(&geo, &state);
            let me = position.to_move;
            let legal = position.legal();
            let theirs = position.winning_cells(1 - me);
            if over || (position.winning_cells(me) | theirs) & legal != 0 {
                continue;
            }
            let skipped = position.unlocks(theirs);
            for cell in bits(legal) {
                position.play(cell);
                let loses = position.winning_cells(1 - me) & position.legal() != 0;
                position.undo(cell);
                assert_eq!(skipped & (1 << cell) != 0, loses, "{}", state.render());
                unlocking += usize::from(loses);
            }
        }
        assert!(unlocking > 20, "only {unlocking} unlocking moves checked");
    }

    #[test]
    fn winning_cells_are_the_cells_that_complete_a_line() {
        let state = midgame();
        let geo = standard_geometry();
        let position = Position::new(&geo, &state);
        for player in Brick::BOTH {
            let cells = position.winning_cells(player.index());
            for cell in state.config().cells() {
                let index = geo.index(cell);
                let expected = state.brick(cell).is_none() && state.would_win(cell, player);
                assert_eq!(cells & (1 << index) != 0, expected, "{player} {cell}");
            }
        }
    }
}

#[cfg(test)]
mod solver_measure {
    use super::*;
    use crate::rules::magnetic_cave::{Outcome, parse_moves};
    use std::time::{Duration, Instant};

    /// The number in the environment variable `name`, or `default`.
    fn env_or<T: std::str::FromStr>(name: &str, default: T) -> T {
        std::env::var(name)
            .ok()
            .and_then(|value| value.parse().ok())
            .unwrap_or(default)
    }

    /// The non-empty lines, trimmed, of the file named in the environment variable `name`;
    /// `None` when it is not set (the analysis tools then do nothing).
    fn listed_lines(name: &str) -> Option<Vec<String>> {
        let path = std::env::var(name).ok()?;
        let text = std::fs::read_to_string(path).unwrap();
        Some(
            text.lines()
                .map(str::trim)
                .filter(|line| !line.is_empty())
                .map(String::from)
                .collect(),
        )
    }

    /// A game of a match record (`tablero tournament --a engine --records`): its file, the
    /// engine's seat (0 black: the engine is black in odd-numbered games), its result for the
    /// engine (`'W'`, `'D'` or `'L'`; `'?'` unfinished) and its moves.
    struct RecordedGame {
        path: std::path::PathBuf,
        engine: usize,
        result: char,
        moves: Vec<Cell>,
    }

    /// The games recorded in the folders listed in the environment variable `name`
    /// (comma-separated), in file-name order, read and replayed by [`crate::record::load`];
    /// `None` when it is not set.
    fn recorded_games(name: &str) -> Option<Vec<RecordedGame>> {
        let folders = std::env::var(name).ok()?;
        let mut games = Vec::new();
        for folder in folders.split(',') {
            let mut paths: Vec<_> = std::fs::read_dir(folder)
                .unwrap()
                .map(|entry| entry.unwrap().path())
                .filter(|path| path.extension().is_some_and(|ext| ext == "ron"))
                .collect();
            paths.sort();
            for path in paths {
                let name = path.file_stem().unwrap().to_string_lossy().to_string();
                let number: usize = name.trim_start_matches("game-").parse().unwrap();
                let engine = usize::from(number.is_multiple_of(2));
                let replayed = crate::record::load(&path).unwrap();
                let crate::record::Replayed::MagneticCave(_, positions) = replayed else {
                    panic!("{} is no Magnetic Cave record", path.display());
                };
                let last = positions.last().unwrap();
                let result = result_for(last, engine);
                let moves = last.moves().to_vec();
                games.push(RecordedGame {
                    path,
                    engine,
                    result,
                    moves,
                });
            }
        }
        Some(games)
    }

    /// The result of `state` for player `engine` (0 black): `'W'`, `'D'` or `'L'`, and `'?'`
    /// while the game goes on.
    fn result_for(state: &State, engine: usize) -> char {
        match state.outcome() {
            Some(Outcome::Win { winner, .. }) if winner.index() == engine => 'W',
            Some(Outcome::Win { .. }) => 'L',
            Some(_) => 'D',
            None => '?',
        }
    }

    /// Every `PARTS`-th of `items` from the `PART`-th (all unless given): one share of the
    /// work for each core.
    fn this_part<T>(items: impl Iterator<Item = T>) -> impl Iterator<Item = T> {
        let (part, parts): (usize, usize) = (env_or("PART", 0), env_or("PARTS", 1));
        items.skip(part).step_by(parts.max(1))
    }

    /// The mean of `count` random playouts ([`Position::playout`]) of `state` from the side
    /// of player `engine` (0 when the game is over).
    fn playout_mean(geo: &Geometry, state: &State, engine: usize, count: u32) -> f64 {
        let mut position = Position::new(geo, state);
        let mut random = XorShift(0x9E37_79B9_7F4A_7C15 ^ position.totals.hash | 1);
        let sum: i32 = (0..count).map(|_| position.playout(&mut random)).sum();
        let mean = f64::from(sum) / f64::from(count.max(1));
        if position.to_move == engine {
            mean
        } else {
            -mean
        }
    }

    /// The playout means of the last positions in the opening simulator's output `LINES`
    /// (lines `PATH COLOUR SCORE MOVES`), one line each: `PATH MEAN`.
    #[test]
    #[ignore = "an analysis tool, not a check"]
    fn playouts_of_simulated_lines() {
        let Some(lines) = listed_lines("LINES") else {
            return;
        };
        let geo = super::tests::standard_geometry();
        for line in lines.iter().filter(|line| line.starts_with('/')) {
            let fields: Vec<&str> = line.split(' ').collect();
            let [path, colour, _, moves, ..] = fields[..] else {
                continue;
            };
            let engine = usize::from(colour == "white");
            let state = State::from_moves(Config::STANDARD, &parse_moves(moves).unwrap()).unwrap();
            println!("{path} {:.4}", playout_mean(&geo, &state, engine, 4000));
        }
    }

    /// The engine's score of `state` from the side of player `engine`, searched `seconds`.
    fn score_for(geo: &Geometry, state: &State, engine: usize, seconds: f64) -> i32 {
        let deadline = Deadline::within(Duration::from_secs_f64(seconds));
        let report = Searcher::new(geo, state, &deadline)
            .search(u32::MAX, None)
            .unwrap();
        if state.to_move().index() == engine {
            report.score
        } else {
            -report.score
        }
    }

    /// The reply of the classroom player replayed with `nodes` nodes in `state`
    /// (`model_geo`: the open-line geometry).
    fn replayed_reply(model_geo: &Geometry, state: &State, nodes: u64) -> Cell {
        let mut position = Position::new(model_geo, state);
        let choices = classroom_model::classroom_replies(&mut position, nodes);
        model_geo.cell(classroom_model::reply_within(&choices, nodes).unwrap())
    }

    /// The recorded games whose result for the engine is `RESULT` (`D` unless given) and in
    /// which the engine played `COLOUR` (`white` unless given).
    fn games_by_result(games: &[RecordedGame]) -> Vec<&RecordedGame> {
        let result: char = env_or("RESULT", 'D');
        let engine = usize::from(std::env::var("COLOUR").map_or(true, |c| c == "white"));
        games
            .iter()
            .filter(|game| game.result == result && game.engine == engine)
            .collect()
    }

    /// The score of `state` from the side of player `engine`: its result when the game is
    /// over ([`WIN`] a win, 0 a tie), else a search of `depth` plies.
    fn end_score(geo: &Geometry, state: &State, engine: usize, depth: u32) -> i32 {
        match result_for(state, engine) {
            'W' => WIN,
            'L' => -WIN,
            'D' => 0,
            _ => {
                let deadline = Deadline::within(Duration::from_secs(600));
                let report = Searcher::new(geo, state, &deadline)
                    .search(depth, None)
                    .unwrap();
                if state.to_move().index() == engine {
                    report.score
                } else {
                    -report.score
                }
            }
        }
    }

    /// Proves the positions listed one per line in the file `POSITIONS` (moves separated by
    /// commas), with `SECONDS` each (60 unless given): an analysis tool for recorded games.
    #[test]
    #[ignore = "an analysis tool: POSITIONS=file cargo test --lib solve_listed -- --ignored"]
    fn solve_listed_positions() {
        let Some(lines) = listed_lines("POSITIONS") else {
            return;
        };
        let seconds: u64 = env_or("SECONDS", 60);
        let geo = super::tests::standard_geometry();
        for line in lines {
            let moves = parse_moves(&line).unwrap();
            let state = State::from_moves(Config::STANDARD, &moves).unwrap();
            let deadline = Deadline::within(Duration::from_secs(seconds));
            let mut searcher = Searcher::new(&geo, &state, &deadline);
            let start = Instant::now();
            let verdict = searcher.prove();
            println!(
                "{line} => {verdict:?} nodes {} in {:.2} s",
                searcher.nodes,
                start.elapsed().as_secs_f64()
            );
        }
    }

    /// For each game recorded in the folders `RECORDS` (comma-separated): how many cells were
    /// empty when each side was first kept from winning by a pairing
    /// ([`Position::paired_off`]), with the game's result for the engine; whether pairings
    /// could tell a dead draw early: `RECORDS=… cargo test --lib pairings_in_recorded --
    /// --ignored --nocapture`.
    #[test]
    #[ignore = "an analysis tool, not a check"]
    fn pairings_in_recorded_games() {
        let Some(games) = recorded_games("RECORDS") else {
            return;
        };
        let geo = super::tests::standard_geometry();
        let mut windows = Vec::new();
        for game in &games {
            let mut firsts = [None, None];
            for plies in 4..game.moves.len() {
                let state = State::from_moves(Config::STANDARD, &game.moves[..plies]).unwrap();
                let position = Position::new(&geo, &state);
                for (side, first) in firsts.iter_mut().enumerate() {
                    if first.is_none() && position.paired_off(side, 1000, &mut windows) {
                        *first = Some(64 - plies);
                    }
                }
            }
            let colour = if game.engine == 0 { "black" } else { "white" };
            println!(
                "{} engine {colour} {}: engine paired off with {:?} empty cells, the other \
                 side with {:?}",
                game.path.display(),
                game.result,
                firsts[game.engine],
                firsts[1 - game.engine],
            );
        }
    }

    /// Labels positions with the solver's verdict, for fitting the evaluation to what a
    /// position is worth with best play rather than to how a game ended
    /// (`docs/cave-fit/fit.py --final`). From each game of `GAMES` (a file in the format of
    /// `docs/cave-fit/games.txt`; every `PARTS`-th game from the `PART`-th), the position
    /// after each number of bricks in `BRICKS` (comma-separated), after `RANDOM` more random
    /// moves (0 unless given), is proved with `SECONDS` at most (5 unless given); positions
    /// with a playable winning cell and unproved ones are left out. Each line printed starts
    /// `LABEL`, then the result with best play (`b`, `w` or `t`) and the moves:
    /// `GAMES=docs/cave-fit/games.txt BRICKS=36,38 cargo test --lib label_positions -- --ignored --nocapture`.
    #[test]
    #[ignore = "an analysis tool, not a check"]
    fn label_positions_by_solver() {
        let Some(lines) = listed_lines("GAMES") else {
            return;
        };
        let seconds: f64 = env_or("SECONDS", 5.0);
        let (part, parts): (usize, usize) = (env_or("PART", 0), env_or("PARTS", 1));
        let random: usize = env_or("RANDOM", 0);
        let bricks: Vec<usize> = std::env::var("BRICKS")
            .unwrap_or_else(|_| "38".into())
            .split(',')
            .filter_map(|b| b.trim().parse().ok())
            .collect();
        let mut next = super::tests::below(env_or("SEED", 777));
        let geo = super::tests::standard_geometry();
        let (mut labelled, mut skipped) = (0, 0);
        for (number, line) in lines.iter().enumerate() {
            if number % parts != part || line.len() < 2 {
                continue;
            }
            let moves = parse_moves(&line[2..].trim().replace(' ', ",")).unwrap();
            for &count in &bricks {
                let start = count.saturating_sub(random);
                if moves.len() < count + 2 || start < 4 {
                    continue;
                }
                let Ok(mut state) = State::from_moves(Config::STANDARD, &moves[..start]) else {
                    continue;
                };
                let over = super::tests::play_randomly(&mut state, &mut next, count);
                let position = Position::new(&geo, &state);
                let tactic =
                    (position.winning_cells(0) | position.winning_cells(1)) & position.legal();
                if over || tactic != 0 {
                    skipped += 1;
                    continue;
                }
                let deadline = Deadline::within(Duration::from_secs_f64(seconds));
                let mut searcher = Searcher::new(&geo, &state, &deadline);
                let start = Instant::now();
                let Some(verdict) = searcher.prove() else {
                    skipped += 1;
                    eprintln!("unproved in {:.2} s", start.elapsed().as_secs_f64());
                    continue;
                };
                let black_to_move = state.moves().len() % 2 == 0;
                let code = match (verdict, black_to_move) {
                    (0, _) => 't',
                    (1, true) | (-1, false) => 'b',
                    _ => 'w',
                };
                let played: Vec<String> = state.moves().iter().map(|c| c.to_string()).collect();
                println!("LABEL {code} {}", played.join(" "));
                eprintln!("{code} in {:.2} s", start.elapsed().as_secs_f64());
                labelled += 1;
            }
        }
        eprintln!("{labelled} positions labelled, {skipped} left out");
    }

    /// How long the exact search takes from random positions with few empty cells:
    /// `cargo test --lib solve_random_endgames -- --ignored --nocapture`.
    #[test]
    #[ignore = "a measurement, not a check"]
    fn solve_random_endgames() {
        let empties: u32 = env_or("EMPTIES", 24);
        let mut next = super::tests::below(12345);
        let geo = super::tests::standard_geometry();
        let count: u32 = env_or("COUNT", 6);
        let (mut solved, mut total, mut nodes) = (0, 0.0, 0);
        while solved < count {
            let mut state = State::new(Config::STANDARD);
            if super::tests::play_randomly(&mut state, &mut next, 64 - empties as usize) {
                continue;
            }
            let deadline = Deadline::within(Duration::from_secs(600));
            let mut searcher = Searcher::new(&geo, &state, &deadline);
            let start = Instant::now();
            let me = searcher.position.to_move;
            let legal = searcher.position.legal();
            let forced = searcher.position.winning_cells(1 - me) & legal;
            // Skip the positions decided at once: a win to take or two threats to block.
            if searcher.position.winning_cells(me) & legal != 0 || forced.count_ones() > 1 {
                continue;
            }
            let score = searcher.solve();
            println!(
                "{:?} score {score} nodes {} in {:.2} s",
                state
                    .moves()
                    .iter()
                    .map(|c| c.to_string())
                    .collect::<Vec<_>>()
                    .join(","),
                searcher.nodes,
                start.elapsed().as_secs_f64()
            );
            total += start.elapsed().as_secs_f64();
            nodes += searcher.nodes;
            solved += 1;
        }
        println!("{solved} positions in {total:.2} s, {nodes} nodes");
    }

    /// Plays `state` on between the engine (player `engine`, 0 for black) at `budget` seconds
    /// a move and the classroom player replayed with `nodes` nodes a move (`model_geo`, the
    /// open-line geometry), until the game ends or `plies` moves are on the board.
    fn play_against_the_replay(
        state: &mut State,
        engine: usize,
        budget: f64,
        nodes: u64,
        plies: usize,
        model_geo: &Geometry,
    ) {
        while state.outcome().is_none() && state.moves().len() < plies {
            let deadline = Deadline::within(Duration::from_secs_f64(budget));
            let cell = if state.to_move().index() == engine {
                super::super::choose_move(state, &deadline).unwrap().best
            } else {
                replayed_reply(model_geo, state, nodes)
            };
            state.apply(cell).unwrap();
        }
    }

    /// The opening simulator: from the random opening (the first 4 plies) of each game in the
    /// records in `RECORDS` (see `recorded_games`; every `PARTS`-th from the `PART`-th), the
    /// engine, in its colour of that game, at `BUDGET` seconds a move (1 unless given) plays
    /// the classroom player replayed with `NODES` nodes a move (1,000,000 unless given) until
    /// `PLY` moves are on the board (14 unless given). A search of `SCORE_BUDGET` seconds (1
    /// unless given) then scores the position from the engine's side. After 14 plies that
    /// score predicts the result of a match game (`docs/ai-magnetic-cave.md`, twelfth
    /// session), so two builds can be compared on the same openings in a quarter of a match's
    /// time: `RECORDS=dir1,dir2 cargo test --lib openings_against -- --ignored --nocapture`.
    #[test]
    #[ignore = "a measurement, not a check"]
    fn openings_against_the_replayed_classroom_player() {
        let Some(games) = recorded_games("RECORDS") else {
            return;
        };
        let budget: f64 = env_or("BUDGET", 1.0);
        let nodes: u64 = env_or("NODES", 1_000_000);
        let plies: usize = env_or("PLY", 14);
        let score_budget: f64 = env_or("SCORE_BUDGET", 1.0);
        let geo = super::tests::standard_geometry();
        let Some(model_geo) = Geometry::open_lines(Config::STANDARD) else {
            return;
        };
        let mut scores = Vec::new();
        for game in this_part(games.iter()) {
            let engine = game.engine;
            let mut state = State::from_moves(Config::STANDARD, &game.moves[..4]).unwrap();
            play_against_the_replay(&mut state, engine, budget, nodes, plies, &model_geo);
            let score = match result_for(&state, engine) {
                'W' => WIN,
                'L' => -WIN,
                'D' => 0,
                _ => score_for(&geo, &state, engine, score_budget),
            };
            let colour = if engine == 0 { "black" } else { "white" };
            let played: Vec<String> = state.moves().iter().map(|c| c.to_string()).collect();
            println!(
                "{} {colour} {score} {} {:.4}",
                game.path.display(),
                played.join(","),
                playout_mean(&geo, &state, engine, 4000)
            );
            scores.push(score.clamp(-1000, 1000));
        }
        scores.sort_unstable();
        let count = scores.len().max(1);
        let mean = scores.iter().map(|&s| f64::from(s)).sum::<f64>() / count as f64;
        println!(
            "{} openings: mean score {mean:.1} (each clamped to ±1000), median {}, {} at 0 or \
             more, {} at 200 or more",
            scores.len(),
            scores.get(scores.len() / 2).copied().unwrap_or(0),
            scores.iter().filter(|&&s| s >= 0).count(),
            scores.iter().filter(|&&s| s >= 200).count(),
        );
    }

    /// The engine's sensible moves in `state` with their scores by a full-window search of
    /// `depth` plies each, best first (a win to take alone, scored as a win).
    fn scored_moves(geo: &Geometry, state: &State, depth: i32) -> Vec<(Cell, i32)> {
        let deadline = Deadline::within(Duration::from_secs(600));
        let mut searcher = Searcher::new(geo, state, &deadline);
        let me = searcher.position.to_move;
        let legal = searcher.position.legal();
        let wins = searcher.position.winning_cells(me) & legal;
        if wins != 0 {
            return vec![(geo.cell(wins.trailing_zeros()), WIN)];
        }
        let mut scored: Vec<(Cell, i32)> = bits(searcher.position.sensible_moves())
            .map(|cell| {
                searcher.position.play(cell);
                let score = -searcher.negamax(depth - 1, 1, -INF, INF);
                searcher.position.undo(cell);
                (geo.cell(cell), score)
            })
            .collect();
        scored.sort_by_key(|&(_, score)| -score);
        scored
    }

    /// The lines of the oracle search below [`oracle_openings_against_the_replay`]: from
    /// `state`, the replay answers for the classroom player and the engine (`engine`) tries
    /// its `branch` best moves at each of its next `decisions` moves, then its best; each
    /// line ends after `plies` moves with a depth-12 score from the engine's side.
    fn oracle_lines(
        geo: &Geometry,
        model_geo: &Geometry,
        state: &State,
        engine: usize,
        decisions: usize,
        branch: usize,
        plies: usize,
        lines: &mut Vec<(i32, String)>,
    ) {
        if state.outcome().is_some() || state.moves().len() >= plies {
            let score = end_score(geo, state, engine, 12);
            let moves: Vec<String> = state.moves().iter().map(|c| c.to_string()).collect();
            lines.push((score, moves.join(",")));
            return;
        }
        if state.to_move().index() != engine {
            let mut next = state.clone();
            next.apply(replayed_reply(model_geo, state, 1_000_000))
                .unwrap();
            oracle_lines(
                geo, model_geo, &next, engine, decisions, branch, plies, lines,
            );
            return;
        }
        let width = if decisions > 0 { branch } else { 1 };
        for (cell, _) in scored_moves(geo, state, 9).into_iter().take(width) {
            let mut next = state.clone();
            next.apply(cell).unwrap();
            let left = decisions.saturating_sub(1);
            oracle_lines(geo, model_geo, &next, engine, left, branch, plies, lines);
        }
    }

    /// The score from the engine's side after the game from `state` is played until `plies`
    /// moves, the engine choosing the best move of 9-ply searches and the other side by
    /// `reply`; a depth-12 search scores the end.
    fn rollout(
        geo: &Geometry,
        state: &State,
        engine: usize,
        plies: usize,
        reply: &dyn Fn(&State) -> Cell,
    ) -> i32 {
        let engine_depth: u32 = env_or("ENGINE_DEPTH", 0);
        let leaf_depth: u32 = env_or("LEAF_DEPTH", 12);
        let mut state = state.clone();
        while state.outcome().is_none() && state.moves().len() < plies {
            let cell = if state.to_move().index() == engine {
                if engine_depth == 0 {
                    scored_moves(geo, &state, 9)[0].0
                } else {
                    let deadline = Deadline::within(Duration::from_secs(600));
                    let mut searcher = Searcher::new(geo, &state, &deadline);
                    searcher.search(engine_depth, None).unwrap().best
                }
            } else {
                reply(&state)
            };
            state.apply(cell).unwrap();
        }
        end_score(geo, &state, engine, leaf_depth)
    }

    /// Rollouts against a generic model of the classroom player as a way to choose the
    /// engine's move: from the random opening and the replay's first reply of every game of
    /// `RECORDS` chosen as for [`oracle_openings_against_the_replay`], each of the engine's
    /// `BRANCH` best moves (3 unless given) is rolled out to 14 plies against the replay and
    /// against the plain open-line model of `DEPTH` plies (6 unless given). Prints the
    /// replay's scores of the engine's first move, of the move the model's rollouts prefer
    /// and of the best.
    #[test]
    #[ignore = "an analysis tool, not a check"]
    fn rollouts_against_a_model() {
        let Some(games) = recorded_games("RECORDS") else {
            return;
        };
        let branch: usize = env_or("BRANCH", 3);
        let depth: i32 = env_or("DEPTH", 6);
        let geo = super::tests::standard_geometry();
        let Some(model_geo) = Geometry::open_lines(Config::STANDARD) else {
            return;
        };
        let replay = |state: &State| replayed_reply(&model_geo, state, 1_000_000);
        let model = |state: &State| {
            let deadline = Deadline::within(Duration::from_secs(600));
            let mut model = Searcher::model(&model_geo, state, &deadline);
            model.selective = false;
            model_geo.cell(model.predicted_reply(depth).unwrap())
        };
        let chosen = games_by_result(&games);
        let (mut first_sum, mut chosen_sum, mut best_sum, mut count) = (0, 0, 0, 0);
        for game in this_part(chosen.into_iter()) {
            let engine = game.engine;
            let mut state = State::from_moves(Config::STANDARD, &game.moves[..4]).unwrap();
            if state.to_move().index() != engine {
                state.apply(replay(&state)).unwrap();
            }
            let mut rows = Vec::new();
            for (cell, _) in scored_moves(&geo, &state, 9).into_iter().take(branch) {
                let mut next = state.clone();
                next.apply(cell).unwrap();
                let real = rollout(&geo, &next, engine, 14, &replay);
                let modelled = rollout(&geo, &next, engine, 14, &model);
                rows.push((cell, real, modelled));
            }
            let Some(&(_, first, _)) = rows.first() else {
                continue;
            };
            let pick = rows
                .iter()
                .max_by_key(|row| (row.2, -(row.0.row as i32)))
                .unwrap()
                .1;
            let best = rows.iter().map(|row| row.1).max().unwrap_or(first);
            let listed: Vec<String> = rows
                .iter()
                .map(|(cell, real, modelled)| format!("{cell}:{real}/{modelled}"))
                .collect();
            println!(
                "ROLLOUT {} first {first} model-pick {pick} best {best} {}",
                game.path.display(),
                listed.join(" ")
            );
            (first_sum, chosen_sum, best_sum, count) = (
                first_sum + first,
                chosen_sum + pick,
                best_sum + best,
                count + 1,
            );
        }
        let count = count.max(1);
        println!(
            "{count} games: mean first {} model-pick {} best {}",
            first_sum / count,
            chosen_sum / count,
            best_sum / count
        );
    }

    /// How much a player that knew the classroom player's replies could gain in the opening:
    /// from the random opening of every game of the records in `RECORDS` with the result
    /// `RESULT` (`D` unless given) and the engine as `COLOUR` (`white` unless given; every
    /// `PARTS`-th from the `PART`-th), the engine tries its `BRANCH` best moves (3 unless
    /// given, by 9-ply searches) at each of its next `DECISIONS` moves (4 unless given)
    /// against the exact replay of `classroom` (1 M nodes), then its best, until 14 plies; a
    /// depth-12 search scores each line. Prints the first line's score (the engine's own
    /// choices), the best line's and how many lines reach 200.
    #[test]
    #[ignore = "an analysis tool, not a check"]
    fn oracle_openings_against_the_replay() {
        let Some(games) = recorded_games("RECORDS") else {
            return;
        };
        let decisions: usize = env_or("DECISIONS", 4);
        let branch: usize = env_or("BRANCH", 3);
        let geo = super::tests::standard_geometry();
        let Some(model_geo) = Geometry::open_lines(Config::STANDARD) else {
            return;
        };
        let chosen = games_by_result(&games);
        for game in this_part(chosen.into_iter()) {
            let engine = game.engine;
            let state = State::from_moves(Config::STANDARD, &game.moves[..4]).unwrap();
            let mut lines = Vec::new();
            oracle_lines(
                &geo, &model_geo, &state, engine, decisions, branch, 14, &mut lines,
            );
            let first = lines.first().map_or(0, |line| line.0);
            let best = lines
                .iter()
                .max_by_key(|line| line.0)
                .cloned()
                .unwrap_or_default();
            let high = lines.iter().filter(|line| line.0 >= 200).count();
            println!(
                "ORACLE {} first {first} best {} high {high} of {} {}",
                game.path.display(),
                best.0,
                lines.len(),
                best.1
            );
        }
    }

    /// Plays out the endgames in the file `ENDGAMES` (lines `black MOVES` or `white MOVES`:
    /// the engine's colour and the position) between the engine at `BUDGET` seconds a move
    /// (1 unless given) and the exact replay of the classroom player with `NODES` nodes a
    /// move (700,000 unless given, what it searches at 1 s on this machine), and prints the
    /// engine's results: `ENDGAMES=FILE cargo test --lib endgames_against -- --ignored --nocapture`.
    #[test]
    #[ignore = "a measurement, not a check"]
    fn endgames_against_the_replayed_classroom_player() {
        let Some(lines) = listed_lines("ENDGAMES") else {
            return;
        };
        let budget: f64 = env_or("BUDGET", 1.0);
        let nodes: u64 = env_or("NODES", 700_000);
        let Some(model_geo) = Geometry::open_lines(Config::STANDARD) else {
            return;
        };
        let (mut won, mut tied, mut lost) = (0, 0, 0);
        for line in lines {
            let (colour, moves) = line.split_once(' ').unwrap();
            let engine = usize::from(colour == "white");
            let mut state =
                State::from_moves(Config::STANDARD, &parse_moves(moves.trim()).unwrap()).unwrap();
            play_against_the_replay(&mut state, engine, budget, nodes, usize::MAX, &model_geo);
            // The game is played to its end, so the result is a win, a loss or a tie.
            let result = result_for(&state, engine);
            match result {
                'W' => won += 1,
                'L' => lost += 1,
                _ => tied += 1,
            }
            println!("{result} {colour} {moves}");
        }
        println!("engine: {won} W {tied} D {lost} L");
    }

    /// One-reply traps in the games the engine tied: from each tied game of the records in
    /// `RECORDS` (see `recorded_games`; every `PARTS`-th from the `PART`-th), the first
    /// position with the engine to move and at most `EMPTY` empty cells (28 unless given).
    /// When the solver proves it a tie (within `3 × SECONDS`; `SECONDS` 10 unless given), it
    /// lists every sensible move that keeps the tie, the reply of the classroom player
    /// replayed with `NODES` nodes (700,000 unless given), whether that reply loses (a
    /// *trap*), and the chance of a mistake the model of [`Searcher::set_model_traps`] gives
    /// (the share of its depths 5 to 9 whose reply loses):
    /// `RECORDS=dir1,dir2 EMPTY=28 cargo test --lib traps_in_tied -- --ignored --nocapture`.
    #[test]
    #[ignore = "an analysis tool, not a check"]
    fn traps_in_tied_games() {
        let Some(games) = recorded_games("RECORDS") else {
            return;
        };
        let most_empty: usize = env_or("EMPTY", 28);
        let seconds: f64 = env_or("SECONDS", 10.0);
        let nodes: u64 = env_or("NODES", 700_000);
        let geo = super::tests::standard_geometry();
        let Some(model_geo) = Geometry::open_lines(Config::STANDARD) else {
            return;
        };
        // The solver's verdict for the player to move in `state`, and the seconds it took.
        let prove = |state: &State, seconds: f64| {
            let deadline = Deadline::within(Duration::from_secs_f64(seconds));
            let start = Instant::now();
            let verdict = Searcher::new(&geo, state, &deadline).prove();
            (verdict, start.elapsed().as_secs_f64())
        };
        let (mut positions, mut pairs, mut trapped, mut blunders) = (0, 0, 0, 0);
        for game in this_part(games.iter().filter(|game| game.result == 'D')) {
            // The engine (seat 0 black) moves at the plies (from 0) of its seat's parity.
            let Some(ply) =
                (4..game.moves.len()).find(|&p| p % 2 == game.engine && 64 - p <= most_empty)
            else {
                continue;
            };
            let state = State::from_moves(Config::STANDARD, &game.moves[..ply]).unwrap();
            let (verdict, took) = prove(&state, 3.0 * seconds);
            println!(
                "{} with {} empty cells: {verdict:?} in {took:.1} s, played {}",
                game.path.display(),
                64 - ply,
                game.moves[ply]
            );
            if verdict != Some(0) {
                continue;
            }
            positions += 1;
            let mut traps = 0;
            for cell in bits(Position::new(&geo, &state).sensible_moves()) {
                let mut after = state.clone();
                after.apply(geo.cell(cell)).unwrap();
                if prove(&after, seconds).0 != Some(0) {
                    continue;
                }
                pairs += 1;
                let mut model_position = Position::new(&model_geo, &after);
                let choices = classroom_model::classroom_replies(&mut model_position, nodes);
                let reply = classroom_model::reply_within(&choices, nodes).unwrap();
                // Whether `reply` after `cell` loses for the classroom player.
                let loses = |reply: u32| {
                    let mut next = after.clone();
                    next.apply(model_geo.cell(reply)).unwrap();
                    next.outcome().is_none() && prove(&next, seconds).0 == Some(1)
                };
                let trap = loses(reply);
                let deadline = Deadline::within(Duration::from_secs(60));
                let mut model = Searcher::model(&model_geo, &after, &deadline);
                model.selective = false;
                let predicted: Vec<u32> = model
                    .replies_by_depth(*MODEL_TRAP_DEPTHS.end(), false)
                    .into_iter()
                    .zip(1..)
                    .filter(|(_, depth)| MODEL_TRAP_DEPTHS.contains(depth))
                    .map(|(reply, _)| reply)
                    .collect();
                let chance = predicted.iter().filter(|&&reply| loses(reply)).count() as f64
                    / predicted.len().max(1) as f64;
                println!(
                    "  {} keeps the tie; classroom answers {}{}; model's chance of a mistake {chance:.1}",
                    geo.cell(cell),
                    model_geo.cell(reply),
                    if trap { ", which loses" } else { "" },
                );
                traps += usize::from(trap);
            }
            blunders += traps;
            trapped += usize::from(traps > 0);
        }
        println!(
            "{positions} tied positions, {pairs} moves that keep the tie, {blunders} answered with a \
             mistake, {trapped} positions with a trap"
        );
    }

    /// The engine's score from its own side (a search of `BUDGET` seconds, 1 unless given)
    /// after each number of plies in `PLIES` (4,8,14 unless given) of every game in the
    /// records in `RECORDS` (see `recorded_games`; every `PARTS`-th from the `PART`-th), with
    /// the game's result: which phase of the game decides it. One line a game:
    /// `RECORDS=dir1,dir2 PLIES=4,14 cargo test --lib scores_by_ply -- --ignored --nocapture`.
    #[test]
    #[ignore = "an analysis tool, not a check"]
    fn scores_by_ply_and_result() {
        let Some(games) = recorded_games("RECORDS") else {
            return;
        };
        let budget: f64 = env_or("BUDGET", 1.0);
        let plies: Vec<usize> = std::env::var("PLIES")
            .unwrap_or_else(|_| "4,8,14".into())
            .split(',')
            .filter_map(|ply| ply.trim().parse().ok())
            .collect();
        let geo = super::tests::standard_geometry();
        for game in this_part(games.iter()) {
            let colour = if game.engine == 0 { "black" } else { "white" };
            let mut line = format!("{} {colour} {}", game.path.display(), game.result);
            for &ply in plies.iter().filter(|&&ply| ply < game.moves.len()) {
                let state = State::from_moves(Config::STANDARD, &game.moves[..ply]).unwrap();
                let score = score_for(&geo, &state, game.engine, budget);
                line.push_str(&format!(" {ply}:{score}"));
            }
            println!("{line}");
        }
    }

    /// Playouts against results: for every game of the records in `RECORDS` (see
    /// `recorded_games`; every `PARTS`-th from the `PART`-th), the position after `PLY`
    /// plies (14 unless given), the mean of `COUNT` playouts (400 unless given) from the
    /// engine's side, with the game's result: whether playouts
    /// say more about the result than the score does.
    #[test]
    #[ignore = "an analysis tool, not a check"]
    fn playouts_and_results() {
        let Some(games) = recorded_games("RECORDS") else {
            return;
        };
        let ply: usize = env_or("PLY", 14);
        let count: u32 = env_or("COUNT", 400);
        let geo = super::tests::standard_geometry();
        for game in this_part(games.iter()) {
            if game.moves.len() <= ply {
                continue;
            }
            let state = State::from_moves(Config::STANDARD, &game.moves[..ply]).unwrap();
            let mean = playout_mean(&geo, &state, game.engine, count);
            let colour = if game.engine == 0 { "black" } else { "white" };
            println!(
                "PLAYOUT {} {colour} {} {mean:.3}",
                game.path.display(),
                game.result
            );
        }
    }

    /// How often the engine plays a lure, and how long it thinks, over positions of the
    /// recorded games in `docs/cave-fit/games.txt` with 28 to 44 empty cells (`GAMES` games,
    /// 10 unless given; `BUDGET` seconds a move, 1 unless given):
    /// `cargo test --lib lures_in_recorded_games -- --ignored --nocapture`.
    #[test]
    #[ignore = "a measurement, not a check"]
    fn lures_in_recorded_games() {
        let games: usize = env_or("GAMES", 10);
        let budget: f64 = env_or("BUDGET", 1.0);
        let geo = super::tests::standard_geometry();
        let Some(model_geo) = Geometry::open_lines(Config::STANDARD) else {
            return;
        };
        let text = std::fs::read_to_string("docs/cave-fit/games.txt").unwrap();
        let (mut positions, mut lured, mut slowest) = (0, 0, 0.0f64);
        for line in text.lines().take(games) {
            let moves = parse_moves(&line[2..].replace(' ', ",")).unwrap();
            for played in (20..=36).step_by(4).filter(|&n| n < moves.len()) {
                let state = State::from_moves(Config::STANDARD, &moves[..played]).unwrap();
                let deadline = Deadline::within(Duration::from_secs_f64(budget));
                let mut model = Searcher::model(&model_geo, &state, &deadline);
                let mut searcher = Searcher::new(&geo, &state, &deadline);
                let report = searcher.search(u32::MAX, Some(&mut model)).unwrap();
                positions += 1;
                lured += u32::from(searcher.lured);
                slowest = slowest.max(report.elapsed.as_secs_f64());
                println!(
                    "{played} bricks: {} score {} depth {} lured {} in {:.3} s",
                    report.best,
                    report.score,
                    report.depth,
                    searcher.lured,
                    report.elapsed.as_secs_f64()
                );
            }
        }
        println!("{lured} lures in {positions} positions, slowest {slowest:.3} s");
    }

    /// The positions before `classroom`'s replies in the games of the records in `RECORDS`
    /// (see `recorded_games`) with at most `MOST` and more than `FEWEST` empty cells (the
    /// environment's, else `default_range`), where it had no win or block to play and more
    /// than one move, each with the reply it played; `None` when `RECORDS` is not set.
    fn classroom_choices(
        model_geo: &Geometry,
        default_range: (usize, usize),
    ) -> Option<Vec<(State, Cell)>> {
        let (most, fewest): (usize, usize) = (
            env_or("MOST", default_range.0),
            env_or("FEWEST", default_range.1),
        );
        let mut choices = Vec::new();
        for RecordedGame { engine, moves, .. } in recorded_games("RECORDS")? {
            // Classroom moves at the plies (from 0) of its seat's parity.
            let classroom = 1 - engine;
            for ply in (4..moves.len()).filter(|&p| p % 2 == classroom) {
                if 64 - ply <= fewest {
                    break;
                }
                if 64 - ply > most {
                    continue;
                }
                let state = State::from_moves(Config::STANDARD, &moves[..ply]).unwrap();
                let position = Position::new(model_geo, &state);
                let (me, legal) = (position.to_move, position.legal());
                let tactic = (position.winning_cells(me) | position.winning_cells(1 - me)) & legal;
                if tactic == 0 && legal.count_ones() >= 2 {
                    choices.push((state, moves[ply]));
                }
            }
        }
        Some(choices)
    }

    /// Where the plain model's best replies tie, and whether `classroom` breaks such ties as
    /// a classroom player orders its moves: in board order (row by row, the left cell first),
    /// each depth's best moved to the front, the first of equal scores kept. For each reply of
    /// `classroom` in the records in `RECORDS` (see `recorded_games`) with at most `MOST` (59)
    /// and more than `FEWEST` (45) empty cells and no win or block to play, it counts the
    /// model's (plain, `DEPTH` plies, 6 unless given) hits, the replies among the moves the
    /// model scores best (each searched with a full window), and the hits of the model's best
    /// moves broken in board order: `RECORDS=dir cargo test --lib classroom_order_among --
    /// --ignored --nocapture`.
    #[test]
    #[ignore = "a measurement, not a check"]
    fn classroom_order_among_the_models_best_replies() {
        let Some(model_geo) = Geometry::open_lines(Config::STANDARD) else {
            return;
        };
        let Some(choices) = classroom_choices(&model_geo, (59, 45)) else {
            return;
        };
        let deadline = Deadline::within(Duration::from_secs(600));
        let depth: i32 = env_or("DEPTH", 6);
        let total = choices.len() as u32;
        let (mut model_hits, mut among_best, mut tied, mut board_order_hits) =
            (0u32, 0u32, 0u32, 0u32);
        for (state, real) in choices {
            let mut model = Searcher::model(&model_geo, &state, &deadline);
            model.selective = false;
            let legal = model.position.legal();
            let replies = model.replies_by_depth(depth, false);
            let Some(&reply) = replies.last() else {
                continue;
            };
            model_hits += u32::from(model_geo.cell(reply) == real);
            let scored: Vec<(u32, i32)> = bits(legal)
                .map(|cell| {
                    model.position.play(cell);
                    let score = -model.negamax(depth - 1, 1, -INF, INF);
                    model.position.undo(cell);
                    (cell, score)
                })
                .collect();
            let top = scored.iter().map(|&(_, score)| score).max().unwrap_or(0);
            let best: Vec<u32> = scored
                .iter()
                .filter(|&&(_, score)| score == top)
                .map(|&(cell, _)| cell)
                .collect();
            among_best += u32::from(best.iter().any(|&cell| model_geo.cell(cell) == real));
            tied += u32::from(best.len() > 1);
            // Board order, with the model's best at each shallower depth moved to the front.
            let mut order: Vec<u32> = bits(legal).collect();
            for &shallower in &replies[..replies.len() - 1] {
                if let Some(i) = order.iter().position(|&cell| cell == shallower) {
                    order[..=i].rotate_right(1);
                }
            }
            let pick = order
                .iter()
                .copied()
                .find(|cell| best.contains(cell))
                .unwrap_or(reply);
            board_order_hits += u32::from(model_geo.cell(pick) == real);
        }
        let share = |count: u32| 100.0 * f64::from(count) / f64::from(total.max(1));
        println!(
            "{total} replies: the model predicts {model_hits} ({:.1} %); {among_best} are among \
             the moves it scores best ({:.1} %), {tied} positions have several; its best broken \
             in board order predict {board_order_hits} ({:.1} %)",
            share(model_hits),
            share(among_best),
            share(board_order_hits)
        );
    }

    /// How often the model of a classroom player predicts the reply `classroom` played, in the
    /// match records in `RECORDS` (folders of `tablero tournament --a engine --b classroom
    /// --records`, see `recorded_games`), positions with more than 24 empty cells and no
    /// win or block to play, for each model depth with and without selectivity:
    /// `RECORDS=dir cargo test --lib model_predicts -- --ignored --nocapture`.
    #[test]
    #[ignore = "a measurement, not a check"]
    fn model_predicts_classroom_replies() {
        let Some(model_geo) = Geometry::open_lines(Config::STANDARD) else {
            return;
        };
        let deadline = Deadline::within(Duration::from_secs(600));
        // Empty cells from `MOST` (48) down to above `FEWEST` (24); plain models of the depths
        // in `DEPTHS` (4 to 7), then the selective ones of 6 and 7 plies.
        let Some(choices) = classroom_choices(&model_geo, (48, 24)) else {
            return;
        };
        let mut configs: Vec<(bool, i32)> = std::env::var("DEPTHS")
            .unwrap_or_else(|_| "4,5,6,7".into())
            .split(',')
            .filter_map(|d| d.trim().parse().ok())
            .map(|d| (false, d))
            .collect();
        configs.extend([(true, 6), (true, 7)]);
        // And the exact replay of the classroom player with the node budgets in `BUDGETS`.
        let budgets: Vec<u64> = std::env::var("BUDGETS")
            .unwrap_or_else(|_| "400000,700000,1000000".into())
            .split(',')
            .filter_map(|b| b.trim().parse().ok())
            .collect();
        let mut replayed = vec![0u32; budgets.len()];
        let mut hits = vec![0u32; configs.len()];
        let total = choices.len() as u32;
        for (state, real) in choices {
            for (i, &(selective, depth)) in configs.iter().enumerate() {
                let mut model = Searcher::model(&model_geo, &state, &deadline);
                model.selective = selective;
                let reply = model.predicted_reply(depth);
                hits[i] += u32::from(reply.map(|r| model_geo.cell(r)) == Some(real));
            }
            let mut position = Position::new(&model_geo, &state);
            let most = budgets.iter().copied().max().unwrap_or(0);
            let by_depth = classroom_model::classroom_replies(&mut position, most);
            for (i, &budget) in budgets.iter().enumerate() {
                let reply = classroom_model::reply_within(&by_depth, budget);
                replayed[i] += u32::from(reply.map(|r| model_geo.cell(r)) == Some(real));
            }
        }
        for (i, &(selective, depth)) in configs.iter().enumerate() {
            println!(
                "selective {selective} depth {depth}: {} of {total} replies, {:.1} %",
                hits[i],
                100.0 * f64::from(hits[i]) / f64::from(total.max(1))
            );
        }
        for (i, &budget) in budgets.iter().enumerate() {
            println!(
                "the classroom player replayed with {budget} nodes: {} of {total} replies, {:.1} %",
                replayed[i],
                100.0 * f64::from(replayed[i]) / f64::from(total.max(1))
            );
        }
    }
}
