//! The Penguins engine as it was on 2026-11-23 (`engine-v1`), unchanged: iterative-deepening
//! alpha-beta in the *paranoid* form (every opponent plays against us), which is plain minimax
//! for two players and a safe choice for three or four.
//! Placements and slides are searched the same way; skipped players are handled by the rules'
//! turn order. The evaluation is described in `docs/ai-penguins.md`.

use std::collections::HashMap;
use std::hash::{Hash, Hasher};

use crate::ai::{Deadline, Deepening, Reorder, SearchReport, deepen};
use crate::rules::penguins::{Action, Board, Phase, Pos, State};

/// Value of a won game, beyond any evaluation.
const WIN: i32 = 1_000_000;

/// Chooses a move for the player to move within `deadline`; `None` when it has none.
pub fn choose_action(state: &State, deadline: &Deadline) -> Option<SearchReport<Action>> {
    let me = state.to_move();
    let actions = state.legal_actions();
    let first = *actions.first()?;
    let mut report = SearchReport {
        best: first,
        score: 0,
        depth: 0,
        nodes: 0,
        elapsed: deadline.elapsed(),
    };
    let mut search = Search {
        deadline,
        me,
        nodes: 0,
        aborted: false,
        table: HashMap::new(),
    };
    let plan = Deepening {
        max_depth: 64,
        stop_after: 1.0,
        decided: |value: i32| value.abs() >= WIN / 2,
        reorder: Reorder::BestFirst,
        keep_partial: false,
    };
    let found = deepen(deadline, actions, 0, &plan, |depth, actions| {
        let mut values = Vec::with_capacity(actions.len());
        let mut alpha = -WIN * 2;
        for &action in actions {
            let mut child = state.clone();
            if child.apply(action).is_err() {
                values.push(-WIN * 4); // never chosen (legal actions always apply)
                continue;
            }
            let value = search.alpha_beta(&child, depth - 1, alpha, WIN * 2);
            // Depth 1 always finishes, so there is an answer even with no time at all.
            if search.aborted && depth > 1 {
                break;
            }
            values.push(value);
            alpha = alpha.max(value);
        }
        search.aborted = false;
        values
    });
    report.best = found.best;
    report.score = found.score;
    report.depth = found.depth;
    report.nodes = search.nodes;
    report.elapsed = deadline.elapsed();
    Some(report)
}

struct Search<'a> {
    deadline: &'a Deadline,
    me: u8,
    nodes: u64,
    aborted: bool,
    table: HashMap<u64, Entry>,
}

/// The most positions the transposition table keeps before it starts afresh.
const TABLE_LIMIT: usize = 1 << 20;

/// What a finished search of a position found.
#[derive(Debug, Clone, Copy)]
struct Entry {
    depth: u32,
    value: i32,
    bound: Bound,
    best: Option<Action>,
}

/// Whether a stored value is exact or only a bound (the search was cut off).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Bound {
    Exact,
    Lower,
    Upper,
}

fn key(state: &State) -> u64 {
    let mut hasher = std::hash::DefaultHasher::new();
    state.hash(&mut hasher);
    hasher.finish()
}

impl Search<'_> {
    /// The value of `state` for `me`: `me` maximises, every other player minimises.
    fn alpha_beta(&mut self, state: &State, depth: u32, mut alpha: i32, mut beta: i32) -> i32 {
        self.nodes += 1;
        if self.nodes.is_multiple_of(1024) && self.deadline.expired() {
            self.aborted = true;
        }
        if self.aborted {
            return 0;
        }
        if state.phase() == Phase::Over {
            return final_value(state, self.me);
        }
        if depth == 0 {
            return evaluate(state, self.me);
        }
        let key = key(state);
        let stored = self.table.get(&key).copied();
        if let Some(entry) = stored
            && entry.depth >= depth
        {
            match entry.bound {
                Bound::Exact => return entry.value,
                Bound::Lower if entry.value >= beta => return entry.value,
                Bound::Upper if entry.value <= alpha => return entry.value,
                _ => {}
            }
        }
        let (alpha_in, beta_in) = (alpha, beta);
        let maximising = state.to_move() == self.me;
        let mut actions = state.legal_actions();
        // The best move found before first, then richer landings: they are usually the
        // better moves for whoever moves.
        let remembered = stored.and_then(|e| e.best);
        actions.sort_by_key(|a| {
            let first = Some(*a) == remembered;
            let fish = match *a {
                Action::Move { to, .. } => state.board().get(to).fish,
                Action::Place(_) => 0,
            };
            (!first, std::cmp::Reverse(fish))
        });
        let mut best = if maximising { -WIN * 2 } else { WIN * 2 };
        let mut best_action = None;
        for action in actions {
            let mut child = state.clone();
            if child.apply(action).is_err() {
                continue;
            }
            let value = self.alpha_beta(&child, depth - 1, alpha, beta);
            let better = if maximising {
                value > best
            } else {
                value < best
            };
            if better {
                best = value;
                best_action = Some(action);
            }
            if maximising {
                alpha = alpha.max(value);
            } else {
                beta = beta.min(value);
            }
            if alpha >= beta || self.aborted {
                break;
            }
        }
        if !self.aborted {
            let bound = if best <= alpha_in {
                Bound::Upper
            } else if best >= beta_in {
                Bound::Lower
            } else {
                Bound::Exact
            };
            if self.table.len() >= TABLE_LIMIT {
                self.table.clear();
            }
            self.table.insert(
                key,
                Entry {
                    depth,
                    value: best,
                    bound,
                    best: best_action,
                },
            );
        }
        best
    }
}

/// The end of the game: won or lost outright, by the fish margin.
fn final_value(state: &State, me: u8) -> i32 {
    let margin = margin(state, me);
    if margin > 0 {
        WIN + margin
    } else if margin < 0 {
        -WIN + margin
    } else {
        0
    }
}

/// The largest fish margin the evaluation tells apart: a game file may claim any score, and
/// a margin beyond this (far beyond any real game's) still ranks below [`WIN`].
const MAX_MARGIN: i64 = 10_000;

/// My fish minus the best opponent's (kept within [`MAX_MARGIN`]).
fn margin(state: &State, me: u8) -> i32 {
    let best_other = (1..=state.players())
        .filter(|&p| p != me)
        .map(|p| state.score(p))
        .max()
        .unwrap_or(0);
    let margin =
        (i64::from(state.score(me)) - i64::from(best_other)).clamp(-MAX_MARGIN, MAX_MARGIN);
    margin as i32
}

/// The position's value for `me`, in tenths of a fish: the fish margin, plus the fish each
/// player can still hope for (the floes it reaches first, counting slides), minus a penalty
/// for penguins that are stuck.
pub fn evaluate(state: &State, me: u8) -> i32 {
    let territory = territory(state.board(), state.players());
    let mine = territory[usize::from(me)];
    let best_other = (1..=state.players())
        .filter(|&p| p != me)
        .map(|p| territory[usize::from(p)])
        .max()
        .unwrap_or(0);
    10 * margin(state, me) + 5 * (mine - best_other) / 2
}

/// For each player (index = number), the fish on the floes it reaches in fewer slides than
/// any other player (a tie gives nobody the floe), with its penguins' reachable floes in one
/// slide weighing double.
fn territory(board: &Board, players: u8) -> Vec<i32> {
    let n = usize::from(players) + 1;
    let cells = usize::from(board.rows()) * usize::from(board.cols());
    // distance[i] per player, by breadth-first search over slides.
    let index = |p: Pos| usize::from(p.row) * usize::from(board.cols()) + usize::from(p.col);
    let mut best: Vec<(u32, u8)> = vec![(u32::MAX, 0); cells];
    let mut totals = vec![0i32; n];
    for player in 1..=players {
        let mut distance = vec![u32::MAX; cells];
        let mut frontier: Vec<Pos> = board.penguins_of(player);
        for &p in &frontier {
            distance[index(p)] = 0;
        }
        let mut step = 0;
        while !frontier.is_empty() && step < 4 {
            step += 1;
            let mut next = Vec::new();
            for from in frontier {
                for to in board.reachable(from) {
                    let i = index(to);
                    if distance[i] == u32::MAX {
                        distance[i] = step;
                        next.push(to);
                        if step == 1 {
                            totals[usize::from(player)] += i32::from(board.get(to).fish);
                        }
                    }
                }
            }
            frontier = next;
        }
        for (i, &d) in distance.iter().enumerate() {
            if d == u32::MAX || d == 0 {
                continue;
            }
            if d < best[i].0 {
                best[i] = (d, player);
            } else if d == best[i].0 {
                best[i].1 = 0; // contested
            }
        }
    }
    for (i, &(d, player)) in best.iter().enumerate() {
        if d != u32::MAX && player != 0 {
            let pos = Pos::new(
                (i / usize::from(board.cols())) as u16,
                (i % usize::from(board.cols())) as u16,
            );
            totals[usize::from(player)] += i32::from(board.get(pos).fish);
        }
    }
    totals
}
