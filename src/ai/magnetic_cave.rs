//! The Magnetic Cave engine: iterative-deepening alpha-beta with a transposition table,
//! forced-move pruning and a window heuristic. Caves of up to 64 cells (the assignment's 8x8)
//! are searched on bitboards (`bitboard`, principal variation search with aspiration windows
//! and late-move reductions); larger caves by the cell-array search in this file, which plays
//! every layout correctly. `docs/ai-magnetic-cave.md` explains both.

mod bitboard;
mod values;

use crate::ai::{Bound, Deadline, Deepening, Reorder, SearchReport, deepen};
use crate::rules::magnetic_cave::{Brick, Cell, Config, Outcome, State};

pub use values::WIN;
use values::{INF, TtEntry, WIN_THRESHOLD, from_tt, random_keys, to_tt, window_value};

const TT_BITS: u32 = 20;
const MAX_PLY: usize = 128;

/// Picks a move for the player to move in `state`, searching until `deadline`.
/// Returns `None` only when the game is over (no legal move).
pub fn choose_move(state: &State, deadline: &Deadline) -> Option<SearchReport<Cell>> {
    if state.outcome().is_some() {
        return None;
    }
    match bitboard::Geometry::new(state.config()) {
        Some(geometry) => {
            bitboard::Searcher::new(&geometry, state, deadline).search(u32::MAX, true)
        }
        None => Searcher::new(state.config(), deadline).search(state),
    }
}

/// The same search as [`choose_move`] stopped after `depth` plies (caves of up to 64 cells;
/// larger ones search until `deadline`), for benchmarks that count nodes a second.
pub fn search_to_depth(
    state: &State,
    depth: u32,
    deadline: &Deadline,
) -> Option<SearchReport<Cell>> {
    if state.outcome().is_some() {
        return None;
    }
    match bitboard::Geometry::new(state.config()) {
        Some(geometry) => bitboard::Searcher::new(&geometry, state, deadline).search(depth, false),
        None => Searcher::new(state.config(), deadline).search(state),
    }
}

/// What best play gives the player to move, proved by the exact endgame solver.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Proof {
    /// The player to move can force a line.
    Win,
    /// Neither side can force a line.
    Tie,
    /// The other player can force a line.
    Loss,
}

/// Proves `state` for the player to move by searching every line to its end (caves of up
/// to 64 cells). `None` when the deadline comes first, the game is over or the cave is larger.
pub fn prove(state: &State, deadline: &Deadline) -> Option<Proof> {
    if state.outcome().is_some() {
        return None;
    }
    let geometry = bitboard::Geometry::new(state.config())?;
    let proof = bitboard::Searcher::new(&geometry, state, deadline).prove()?;
    Some(match proof {
        1 => Proof::Win,
        0 => Proof::Tie,
        _ => Proof::Loss,
    })
}

/// What a brick leads to with best play, proved to the end of the game.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum MoveProof {
    /// Its player completes a line with `bricks` bricks from here (this one included),
    /// whatever the other does, and no sooner against the longest defence.
    Wins {
        /// The winner's bricks to the line, this one included.
        bricks: u32,
    },
    /// Neither side can force a line after it.
    Ties,
    /// The other player can force a line after it.
    Loses,
}

/// Proves every legal move of the player to move in `state` to the end of the game (caves
/// of up to 64 cells). `None` when the deadline comes first, the game is over or the cave is
/// larger.
pub fn prove_moves(state: &State, deadline: &Deadline) -> Option<Vec<(Cell, MoveProof)>> {
    if state.outcome().is_some() {
        return None;
    }
    let geometry = bitboard::Geometry::new(state.config())?;
    let proofs = bitboard::Searcher::new(&geometry, state, deadline).prove_each()?;
    Some(
        proofs
            .into_iter()
            .map(|(index, score)| {
                let proof = if score >= WIN_THRESHOLD {
                    MoveProof::Wins {
                        bricks: ((WIN - score).max(1) as u32).div_ceil(2),
                    }
                } else if score == 0 {
                    MoveProof::Ties
                } else {
                    MoveProof::Loses
                };
                (geometry.cell(index), proof)
            })
            .collect(),
    )
}

/// The shallowest depth, up to `max_depth` plies, at which the engine's search with its
/// evaluation (no proofs) sees a forced win for the player to move in `state`: how far a
/// player must read to find it (forced replies cost no depth). `None` when it sees none by
/// then, the deadline comes first or the cave is larger than 64 cells.
pub fn shallowest_win(state: &State, max_depth: u32, deadline: &Deadline) -> Option<u32> {
    if state.outcome().is_some() {
        return None;
    }
    let geometry = bitboard::Geometry::new(state.config())?;
    bitboard::Searcher::new(&geometry, state, deadline).shallowest_win(max_depth)
}

/// What a search proved about the position it searched.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Verdict {
    /// `player` completes a line with its `moves`-th brick from here, whatever the other does.
    Wins {
        /// The winner.
        player: Brick,
        /// The winner's bricks still to lay, the winning one included.
        moves: u32,
    },
    /// Neither can force a line: perfect play fills the cave.
    Tie,
}

impl std::fmt::Display for Verdict {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            Verdict::Wins { player, moves } => write!(f, "{player} wins in {moves}"),
            Verdict::Tie => write!(f, "a tie with best play"),
        }
    }
}

/// What `report`, a search of `state` (the position before its move), proved: a forced win
/// for one side, or a tie once the search reached the full cave on every line. `None` when
/// the search only estimated.
pub fn verdict(state: &State, report: &SearchReport<Cell>) -> Option<Verdict> {
    let empty = state.config().cell_count() - state.moves().len();
    if report.score.abs() >= WIN_THRESHOLD {
        let plies = (WIN - report.score.abs()).max(1) as u32;
        let player = if report.score > 0 {
            state.to_move()
        } else {
            state.to_move().opponent()
        };
        Some(Verdict::Wins {
            player,
            moves: plies.div_ceil(2),
        })
    } else if report.score == 0 && report.depth as usize >= empty && empty > 0 {
        Some(Verdict::Tie)
    } else {
        None
    }
}

/// The static evaluation of `state` for the player to move (positive is good for it).
pub fn evaluate(state: &State) -> i32 {
    Evaluator::new(state.config()).evaluate(state)
}

/// Zobrist keys for `cells` cells (one per colour) and one for white to move, from a fixed
/// splitmix64 sequence, so searches are reproducible.
fn zobrist_keys(cells: usize) -> (Vec<[u64; 2]>, u64) {
    let mut keys = random_keys();
    let cell_keys = (0..cells)
        .map(|_| [keys.next().unwrap_or(0), keys.next().unwrap_or(0)])
        .collect();
    (cell_keys, keys.next().unwrap_or(0))
}

/// Every winning-length window of the cave, as cell indices, the rows' first.
struct Evaluator {
    config: Config,
    windows: Vec<usize>,
    /// How many of the windows lie in a row.
    row_windows: usize,
}

impl Evaluator {
    fn new(config: Config) -> Evaluator {
        let len = i32::from(config.win_length());
        let (w, h) = (i32::from(config.width()), i32::from(config.height()));
        let mut windows = Vec::new();
        let mut row_windows = 0;
        for (dc, dr) in [(1, 0), (0, 1), (1, 1), (1, -1)] {
            for row in 0..h {
                for col in 0..w {
                    let (end_c, end_r) = (col + dc * (len - 1), row + dr * (len - 1));
                    if end_c < 0 || end_c >= w || end_r < 0 || end_r >= h {
                        continue;
                    }
                    for i in 0..len {
                        windows.push(((row + dr * i) * w + col + dc * i) as usize);
                    }
                }
            }
            if dr == 0 {
                row_windows = windows.len() / len as usize;
            }
        }
        Evaluator {
            config,
            windows,
            row_windows,
        }
    }

    /// Black's advantage minus White's, turned to the player to move: each window with
    /// bricks of only one colour is worth [`window_value`] to that colour.
    fn evaluate(&self, state: &State) -> i32 {
        let len = usize::from(self.config.win_length());
        let owner = state.grid();
        let mut score = 0i32;
        for (index, window) in self.windows.chunks_exact(len).enumerate() {
            let row = index < self.row_windows;
            let (mut black, mut white) = (0usize, 0usize);
            for &i in window {
                match owner[i] {
                    Some(Brick::Black) => black += 1,
                    Some(Brick::White) => white += 1,
                    None => {}
                }
            }
            if white == 0 {
                score += window_value(row, black, len);
            } else if black == 0 {
                score -= window_value(row, white, len);
            }
        }
        match state.to_move() {
            Brick::Black => score,
            Brick::White => -score,
        }
    }
}

struct Searcher<'d> {
    deadline: &'d Deadline,
    evaluator: Evaluator,
    zobrist: Vec<[u64; 2]>,
    zobrist_white_to_move: u64,
    tt: Vec<TtEntry>,
    history: Vec<i32>,
    killers: Vec<[Option<Cell>; 2]>,
    move_buffers: Vec<Vec<Cell>>,
    nodes: u64,
    aborted: bool,
    can_abort: bool,
}

impl<'d> Searcher<'d> {
    fn new(config: Config, deadline: &'d Deadline) -> Searcher<'d> {
        let (zobrist, zobrist_white_to_move) = zobrist_keys(config.cell_count());
        Searcher {
            deadline,
            evaluator: Evaluator::new(config),
            zobrist,
            zobrist_white_to_move,
            tt: vec![TtEntry::default(); 1 << TT_BITS],
            history: vec![0; config.cell_count()],
            killers: vec![[None; 2]; MAX_PLY + 1],
            move_buffers: vec![Vec::new(); MAX_PLY + 1],
            nodes: 0,
            aborted: false,
            can_abort: false,
        }
    }

    fn hash(&self, state: &State) -> u64 {
        let mut key = if state.to_move() == Brick::White {
            self.zobrist_white_to_move
        } else {
            0
        };
        for &cell in state.moves() {
            if let Some(brick) = state.brick(cell) {
                key ^= self.zobrist[state.cell_index(cell)][brick.index()];
            }
        }
        key
    }

    fn search(&mut self, root: &State) -> Option<SearchReport<Cell>> {
        let mut state = root.clone();
        let mut root_moves = state.legal_moves();
        if root_moves.is_empty() {
            return None;
        }
        let player = state.to_move();
        let mut report = SearchReport {
            best: root_moves[0],
            score: 0,
            depth: 0,
            nodes: 0,
            elapsed: self.deadline.elapsed(),
        };
        // Tactics first: take a win, or block the opponent's only winning cell.
        if let Some(&win) = root_moves.iter().find(|&&c| state.would_win(c, player)) {
            report.best = win;
            report.score = WIN - 1;
            return Some(report);
        }
        let threats: Vec<Cell> = root_moves
            .iter()
            .copied()
            .filter(|&c| state.would_win(c, player.opponent()))
            .collect();
        if let Some(&block) = threats.first() {
            root_moves = vec![block];
        }
        if root_moves.len() == 1 {
            report.best = root_moves[0];
            return Some(report);
        }
        let mut hash = self.hash(&state);
        let empty = state.config().cell_count() - state.moves().len();
        let plan = Deepening {
            max_depth: empty.min(MAX_PLY - 1) as u32,
            stop_after: 0.5,
            decided: |score: i32| score.abs() >= WIN_THRESHOLD,
            reorder: Reorder::ByScore,
            keep_partial: true,
        };
        let deadline = self.deadline;
        let found = deepen(deadline, root_moves, 0, &plan, |depth, moves| {
            self.can_abort = depth > 1;
            let mut alpha = -INF;
            let mut scores = Vec::with_capacity(moves.len());
            for &cell in moves {
                let child = self.play(&mut state, &mut hash, cell);
                let score = match child {
                    Some(Outcome::Win { .. }) => WIN - 1,
                    Some(Outcome::Tie) => 0,
                    None => -self.negamax(&mut state, hash, depth - 1, 1, -INF, -alpha),
                };
                self.unplay(&mut state, &mut hash, cell);
                if self.aborted {
                    break;
                }
                scores.push(score);
                alpha = alpha.max(score);
            }
            scores
        });
        report.best = found.best;
        report.score = found.score;
        report.depth = found.depth;
        report.nodes = self.nodes;
        report.elapsed = self.deadline.elapsed();
        Some(report)
    }

    fn play(&mut self, state: &mut State, hash: &mut u64, cell: Cell) -> Option<Outcome> {
        let player = state.to_move();
        *hash ^= self.zobrist[state.cell_index(cell)][player.index()] ^ self.zobrist_white_to_move;
        state.play_unchecked(cell)
    }

    fn unplay(&mut self, state: &mut State, hash: &mut u64, cell: Cell) {
        state.undo();
        let player = state.to_move();
        *hash ^= self.zobrist[state.cell_index(cell)][player.index()] ^ self.zobrist_white_to_move;
    }

    fn negamax(
        &mut self,
        state: &mut State,
        hash: u64,
        depth: u32,
        ply: usize,
        mut alpha: i32,
        beta: i32,
    ) -> i32 {
        self.nodes += 1;
        if self.can_abort && self.nodes & 1023 == 0 && self.deadline.expired() {
            self.aborted = true;
        }
        if self.aborted {
            return 0;
        }
        let player = state.to_move();
        let mut moves = std::mem::take(&mut self.move_buffers[ply]);
        state.legal_moves_into(&mut moves);
        // A move that wins now ends the search of this node.
        if moves.iter().any(|&c| state.would_win(c, player)) {
            self.move_buffers[ply] = moves;
            return WIN - ply as i32 - 1;
        }
        // An opponent's winning cell must be blocked; two cannot both be.
        let mut threats = moves
            .iter()
            .copied()
            .filter(|&c| state.would_win(c, player.opponent()));
        if let Some(block) = threats.next() {
            if threats.any(|c| c != block) {
                self.move_buffers[ply] = moves;
                return -(WIN - ply as i32 - 2);
            }
            moves.clear();
            moves.push(block);
        }
        if depth == 0 || ply >= MAX_PLY {
            self.move_buffers[ply] = moves;
            return self.evaluator.evaluate(state);
        }

        let slot = (hash >> (64 - TT_BITS)) as usize;
        let entry = self.tt[slot];
        let mut tt_move = None;
        if entry.key == hash {
            if entry.best != u8::MAX {
                tt_move = moves
                    .iter()
                    .copied()
                    .find(|&c| state.cell_index(c) == usize::from(entry.best));
            }
            if u32::from(entry.depth) >= depth {
                let score = from_tt(entry.score, ply);
                if entry.bound.settles(score, alpha, beta) {
                    self.move_buffers[ply] = moves;
                    return score;
                }
            }
        }
        self.order_moves(state, &mut moves, tt_move, ply);

        let original_alpha = alpha;
        let mut best_score = -INF;
        let mut best_move = None;
        // A forced reply does not use up depth: it sharpens tactics at little cost.
        let child_depth = if moves.len() == 1 { depth } else { depth - 1 };
        for &cell in &moves {
            let mut child_hash = hash;
            let score = match self.play(state, &mut child_hash, cell) {
                Some(Outcome::Win { .. }) => WIN - ply as i32 - 1,
                Some(Outcome::Tie) => 0,
                None => -self.negamax(state, child_hash, child_depth, ply + 1, -beta, -alpha),
            };
            let mut back_hash = child_hash;
            self.unplay(state, &mut back_hash, cell);
            if self.aborted {
                self.move_buffers[ply] = moves;
                return 0;
            }
            if score > best_score {
                best_score = score;
                best_move = Some(cell);
            }
            if score > alpha {
                alpha = score;
            }
            if alpha >= beta {
                self.history[state.cell_index(cell)] += (depth * depth) as i32;
                let killers = &mut self.killers[ply];
                if killers[0] != Some(cell) {
                    killers[1] = killers[0];
                    killers[0] = Some(cell);
                }
                break;
            }
        }
        let bound = Bound::of(best_score, original_alpha, beta);
        self.tt[slot] = TtEntry {
            key: hash,
            score: to_tt(best_score, ply),
            depth: depth.min(255) as u8,
            bound,
            best: best_move.map_or(u8::MAX, |c| state.cell_index(c).min(254) as u8),
        };
        self.move_buffers[ply] = moves;
        best_score
    }

    fn order_moves(&self, state: &State, moves: &mut [Cell], tt_move: Option<Cell>, ply: usize) {
        let killers = self.killers[ply];
        moves.sort_by_cached_key(|&c| {
            if Some(c) == tt_move {
                i32::MIN
            } else if Some(c) == killers[0] {
                i32::MIN + 1
            } else if Some(c) == killers[1] {
                i32::MIN + 2
            } else {
                -self.history[state.cell_index(c)]
            }
        });
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    use std::time::Duration;

    #[test]
    fn evaluation_is_symmetric_at_start() {
        assert_eq!(evaluate(&State::new(Config::STANDARD)), 0);
    }

    #[test]
    fn returns_a_move_even_with_no_time() {
        let state = State::new(Config::STANDARD);
        let report = choose_move(&state, &Deadline::within(Duration::ZERO)).unwrap();
        assert!(state.is_legal(report.best));
    }
}
