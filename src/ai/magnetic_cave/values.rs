//! What both Magnetic Cave searches share (the cell-array one in `ai/magnetic_cave.rs` and
//! the bitboard one): the scores of wins and of line windows, the transposition table's entry
//! and how win scores are kept in it, and the fixed random keys.

use crate::ai::{Bound, splitmix};

/// The score of a won position, less the plies needed to reach it.
pub const WIN: i32 = 1_000_000;
pub(super) const INF: i32 = WIN + 1_000;
/// Scores beyond this are wins or losses found by the search.
pub(super) const WIN_THRESHOLD: i32 = WIN - 10_000;
/// The value of a line window holding bricks of one colour and none of the other, by its
/// direction (`[0]` a row, `[1]` a column or a diagonal) and by the bricks it still misses
/// (`[..][1]`: one, so its empty cell wins; more than four count as four). Fitted on
/// 2026-11-25 to the results of 395 recorded games against `classroom` (a logistic regression
/// over 14,854 positions without a playable winning cell; docs/ai-magnetic-cave.md), which
/// replaced `4^k` for k bricks in any direction: a row is always blocked beside its bricks, so
/// bricks in a row are worth less than nothing, and the columns and diagonals, whose empty
/// cells are not all playable yet, decide the game.
const WINDOW_VALUES: [[i32; 5]; 2] = [[0, 0, -107, -28, -22], [0, 80, 72, 54, 36]];
/// What a winning cell that is not playable yet (a *latent* threat, which the other side must
/// never unlock) adds at the search's leaves, on top of its window. Fitted with the values
/// above.
pub(super) const LATENT_VALUE: i32 = 171;
/// What the player to move gains by moving, at the search's leaves. Fitted with the values
/// above.
pub(super) const TEMPO: i32 = 50;

/// The value of a window in a row (`row`) or not, holding `bricks` bricks of one colour only,
/// in a cave with lines of `win` (see [`WINDOW_VALUES`]).
pub(super) fn window_value(row: bool, bricks: usize, win: usize) -> i32 {
    if bricks == 0 {
        return 0;
    }
    let missing = win.saturating_sub(bricks).clamp(1, 4);
    WINDOW_VALUES[usize::from(!row)][missing]
}

/// An endless fixed sequence of random 64-bit keys (splitmix64).
pub(super) fn random_keys() -> impl Iterator<Item = u64> {
    let mut seed = 0u64;
    std::iter::repeat_with(move || {
        seed = seed.wrapping_add(0x9E37_79B9_7F4A_7C15);
        splitmix(seed)
    })
}

/// A transposition table entry: the position's key, its score and how it bounds the truth,
/// the depth searched and the best move's cell index.
#[derive(Clone, Copy, Default)]
pub(super) struct TtEntry {
    pub(super) key: u64,
    pub(super) score: i32,
    pub(super) depth: u8,
    pub(super) bound: Bound,
    pub(super) best: u8,
}

/// Win scores are stored relative to the node, so they stay right at another ply.
pub(super) fn to_tt(score: i32, ply: usize) -> i32 {
    if score >= WIN_THRESHOLD {
        score + ply as i32
    } else if score <= -WIN_THRESHOLD {
        score - ply as i32
    } else {
        score
    }
}

pub(super) fn from_tt(score: i32, ply: usize) -> i32 {
    if score >= WIN_THRESHOLD {
        score - ply as i32
    } else if score <= -WIN_THRESHOLD {
        score + ply as i32
    } else {
        score
    }
}
