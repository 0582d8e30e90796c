//! The Penguins AI: iterative-deepening alpha-beta, plain minimax for two players and
//! *best-reply search* for three and four (at the opponents' turn only the one reply that
//! hurts us most, from any opponent, is played); make and unmake on a compact board
//! with a water border, Zobrist keys and a fixed-size transposition table. The evaluation
//! splits the floes by which penguin reaches them first and gives every island that one
//! player holds alone to that player (`docs/ai-penguins.md`). Placements and slides are
//! searched the same way; skipped players follow the rules' turn order.

use crate::ai::{Bound, Deadline, Deepening, Reorder, SearchReport, deepen, splitmix};
use crate::rules::penguins::{Action, Grid, Phase, Pos, State};

/// Value of a won game, beyond any evaluation.
const WIN: i32 = 1_000_000;
/// A fish already collected, in evaluation units (tenths of a fish).
const FISH: i32 = 10;
/// A fish on an island where only one player's penguins stand: theirs, all but surely.
const ISLAND: i32 = 9;
/// A fish on a floe one player reaches in fewer slides than any other, where players share
/// the ice.
const TERRITORY: i32 = 7;
/// The largest fish margin the evaluation tells apart: a game file may claim any score, and
/// a margin beyond this (far beyond any real game's) still ranks below [`WIN`].
const MAX_MARGIN: i64 = 10_000;

/// Chooses a move for the player to move within `deadline`; `None` when it has none.
pub fn choose_action(state: &State, deadline: &Deadline) -> Option<SearchReport<Action>> {
    let me = state.to_move();
    let mut ice = Ice::new(state);
    let steps = ice.steps();
    let first = *steps.first()?;
    let mut report = SearchReport {
        best: ice.action(first),
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
        table: vec![TableEntry::default(); TABLE_SIZE],
        scratch: Scratch::new(ice.cell.len()),
        root_scores: ice.scores.clone(),
    };
    let plan = Deepening {
        max_depth: 100,
        stop_after: 0.9,
        decided: |value: i32| value.abs() >= WIN / 2,
        reorder: Reorder::BestFirst,
        keep_partial: true,
    };
    let found = deepen(deadline, steps, 0, &plan, |depth, steps| {
        let mut values = Vec::with_capacity(steps.len());
        let mut alpha = -WIN * 2;
        for &step in steps {
            let undo = ice.make(step);
            let value = search.alpha_beta(&mut ice, depth - 1, alpha, WIN * 2);
            ice.unmake(undo);
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
    report.best = ice.action(found.best);
    report.score = found.score;
    report.depth = found.depth;
    report.nodes = search.nodes;
    report.elapsed = deadline.elapsed();
    Some(report)
}

/// The position's value for `me`, in tenths of a fish: the fish margin against the best
/// opponent, plus the islands each player holds alone and the floes each reaches first.
pub fn evaluate(state: &State, me: u8) -> i32 {
    let ice = Ice::new(state);
    let mut scratch = Scratch::new(ice.cell.len());
    value_for(&ice, me, &mut scratch)
}

/// A field with no floe.
const WATER: u8 = 0;
/// A floe with no penguin.
const FLOE: u8 = 1;
/// A floe with player `p`'s penguin is `PENGUIN + p`.
const PENGUIN: u8 = 16;
/// No cell: the `from` of a placement.
const NO_CELL: u16 = u16::MAX;

/// One action in cell indices.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
struct Step {
    from: u16,
    to: u16,
}

/// What [`Ice::unmake`] needs to take a step back.
#[derive(Debug, Clone, Copy)]
struct Undo {
    step: Step,
    player: u8,
    gained: u8,
    to_move: u8,
    phase: Phase,
}

/// The game in the search's own form: the board with a border of water (a slide needs no
/// bounds check), the penguins of each player, scores, and the Zobrist key of the board.
/// A hexagonal board is stored in axial columns (`col - row / 2`, shifted to start at 0), a
/// parallelogram in which each of the six lines is one fixed step between cells.
#[derive(Debug, Clone)]
struct Ice {
    /// Cells per row, the border included.
    width: usize,
    /// The board's grid.
    grid: Grid,
    /// Rows of the board: axial columns are shifted right by `rows / 2` on a hex board.
    shift: usize,
    /// The steps between neighbouring cells: 4 on squares, 6 on hexagons.
    directions: Vec<isize>,
    /// [`WATER`], [`FLOE`] or `PENGUIN + player`, per cell.
    cell: Vec<u8>,
    /// Fish on each free floe (0 under a penguin and on water).
    fish: Vec<u8>,
    /// Where each player's penguins stand (index 0 unused).
    penguins: Vec<Vec<u16>>,
    /// Penguins each player places in all.
    per_player: usize,
    players: u8,
    /// Each player's fish (index 0 unused).
    scores: Vec<i64>,
    to_move: u8,
    phase: Phase,
    /// Free floes with one fish: where placements go.
    ones: u32,
    /// The Zobrist key of the board.
    hash: u64,
    /// Keys: per cell, water (index 0) and each player's penguin (index p).
    keys: Vec<u64>,
}

impl Ice {
    fn new(state: &State) -> Ice {
        let board = state.board();
        let (rows, cols) = (usize::from(board.rows()), usize::from(board.cols()));
        let grid = board.grid();
        let shift = match grid {
            Grid::Square => 0,
            Grid::Hex => rows / 2,
        };
        let width = cols + shift + 2;
        let size = (rows + 2) * width;
        let w = width as isize;
        let directions = match grid {
            Grid::Square => vec![-w, w, -1, 1],
            // Left, right, up-left, up-right, down-right, down-left in axial columns.
            Grid::Hex => vec![-1, 1, -w, -w + 1, w, w - 1],
        };
        let players = state.players();
        let stride = usize::from(players) + 1;
        let keys: Vec<u64> = (0..size * stride).map(|i| splitmix(i as u64 + 1)).collect();
        let mut ice = Ice {
            width,
            grid,
            shift,
            directions,
            cell: vec![WATER; size],
            fish: vec![0; size],
            penguins: vec![Vec::new(); stride],
            per_player: usize::from(state.penguins_per_player()),
            players,
            scores: (0..=players)
                .map(|p| if p == 0 { 0 } else { i64::from(state.score(p)) })
                .collect(),
            to_move: state.to_move(),
            phase: state.phase(),
            ones: 0,
            hash: 0,
            keys,
        };
        for row in 0..rows {
            for col in 0..cols {
                let pos = Pos::new(row as u16, col as u16);
                let field = board.get(pos);
                let index = ice.index(pos);
                if field.is_water() {
                    continue;
                }
                match field.penguin {
                    Some(p) if (1..=players).contains(&p) => {
                        ice.cell[index] = PENGUIN + p;
                        ice.penguins[usize::from(p)].push(index as u16);
                        ice.hash ^= ice.key(index, p);
                    }
                    // A penguin of a player not in the game is an obstacle nobody moves.
                    Some(_) => ice.cell[index] = PENGUIN,
                    None => {
                        ice.cell[index] = FLOE;
                        ice.fish[index] = field.fish;
                        if field.fish == 1 {
                            ice.ones += 1;
                        }
                    }
                }
            }
        }
        ice
    }

    fn key(&self, index: usize, slot: u8) -> u64 {
        self.keys[index * (usize::from(self.players) + 1) + usize::from(slot)]
    }

    /// The cell of field `pos`.
    fn index(&self, pos: Pos) -> usize {
        let (row, col) = (usize::from(pos.row), usize::from(pos.col));
        let column = match self.grid {
            Grid::Square => col,
            Grid::Hex => col + self.shift - row / 2,
        };
        (row + 1) * self.width + column + 1
    }

    /// The field of cell `index` (the inverse of [`Ice::index`]).
    fn pos(&self, index: u16) -> Pos {
        let i = usize::from(index);
        let row = i / self.width - 1;
        let column = i % self.width - 1;
        let col = match self.grid {
            Grid::Square => column,
            Grid::Hex => column + row / 2 - self.shift,
        };
        Pos::new(row as u16, col as u16)
    }

    fn action(&self, step: Step) -> Action {
        if step.from == NO_CELL {
            Action::Place(self.pos(step.to))
        } else {
            Action::Move {
                from: self.pos(step.from),
                to: self.pos(step.to),
            }
        }
    }

    fn can_act(&self, player: u8) -> bool {
        match self.phase {
            Phase::Placement => {
                self.penguins[usize::from(player)].len() < self.per_player && self.ones > 0
            }
            Phase::Movement => self.penguins[usize::from(player)]
                .iter()
                .any(|&c| self.can_move_from(usize::from(c))),
            Phase::Over => false,
        }
    }

    fn can_move_from(&self, cell: usize) -> bool {
        self.directions
            .iter()
            .any(|&d| self.cell[cell.wrapping_add_signed(d)] == FLOE)
    }

    /// Passes the turn to the next player that can act, as the rules do.
    fn advance(&mut self) {
        loop {
            if self.phase == Phase::Over {
                return;
            }
            for step in 1..=self.players {
                let player = (self.to_move - 1 + step) % self.players + 1;
                if self.can_act(player) {
                    self.to_move = player;
                    return;
                }
            }
            self.phase = match self.phase {
                Phase::Placement => Phase::Movement,
                _ => Phase::Over,
            };
        }
    }

    /// The legal steps of the player to move.
    fn steps(&self) -> Vec<Step> {
        self.steps_of(self.to_move)
    }

    /// The steps `player` could take if it were to move.
    fn steps_of(&self, player: u8) -> Vec<Step> {
        let mut steps = Vec::new();
        match self.phase {
            Phase::Placement if self.can_act(player) => {
                for (i, (&c, &f)) in self.cell.iter().zip(&self.fish).enumerate() {
                    if c == FLOE && f == 1 {
                        steps.push(Step {
                            from: NO_CELL,
                            to: i as u16,
                        });
                    }
                }
            }
            Phase::Movement => {
                for &from in &self.penguins[usize::from(player)] {
                    for &d in &self.directions {
                        let mut to = usize::from(from).wrapping_add_signed(d);
                        while self.cell[to] == FLOE {
                            steps.push(Step {
                                from,
                                to: to as u16,
                            });
                            to = to.wrapping_add_signed(d);
                        }
                    }
                }
            }
            _ => {}
        }
        steps
    }

    fn make(&mut self, step: Step) -> Undo {
        let player = self.to_move;
        let to = usize::from(step.to);
        let gained = self.fish[to];
        let undo = Undo {
            step,
            player,
            gained,
            to_move: self.to_move,
            phase: self.phase,
        };
        if gained == 1 {
            self.ones -= 1;
        }
        let mine = &mut self.penguins[usize::from(player)];
        if step.from == NO_CELL {
            mine.push(step.to);
        } else {
            if let Some(slot) = mine.iter_mut().find(|c| **c == step.from) {
                *slot = step.to;
            }
            let from = usize::from(step.from);
            self.cell[from] = WATER;
            self.hash ^= self.key(from, player) ^ self.key(from, 0);
        }
        self.cell[to] = PENGUIN + player;
        self.fish[to] = 0;
        self.hash ^= self.key(to, player);
        self.scores[usize::from(player)] += i64::from(gained);
        self.advance();
        undo
    }

    fn unmake(&mut self, undo: Undo) {
        let Undo {
            step,
            player,
            gained,
            to_move,
            phase,
        } = undo;
        self.to_move = to_move;
        self.phase = phase;
        self.scores[usize::from(player)] -= i64::from(gained);
        let to = usize::from(step.to);
        self.cell[to] = FLOE;
        self.fish[to] = gained;
        self.hash ^= self.key(to, player);
        if gained == 1 {
            self.ones += 1;
        }
        let mine = &mut self.penguins[usize::from(player)];
        if step.from == NO_CELL {
            mine.pop();
        } else {
            if let Some(slot) = mine.iter_mut().find(|c| **c == step.to) {
                *slot = step.from;
            }
            let from = usize::from(step.from);
            self.cell[from] = PENGUIN + player;
            self.hash ^= self.key(from, player) ^ self.key(from, 0);
        }
    }

    /// The table key: the board, who moves, the phase and the fish gained since the root.
    fn table_key(&self, root_scores: &[i64]) -> u64 {
        let mut key = self.hash ^ splitmix(u64::from(self.to_move) << 56 | self.phase as u64);
        for (p, (&now, &root)) in self.scores.iter().zip(root_scores).enumerate().skip(1) {
            key ^= splitmix(((p as u64) << 32) ^ (now - root) as u64);
        }
        key
    }
}

/// Buffers the evaluation reuses.
struct Scratch {
    /// The flood fill's component per cell, by stamp.
    seen: Vec<u32>,
    stamp: u32,
    /// Slides from the nearest penguin, per cell ([`u8::MAX`]: not reached).
    distance: Vec<u8>,
    /// Who reaches the cell first: a player, or [`CONTESTED`].
    owner: Vec<u8>,
    stack: Vec<u16>,
    /// The cells of the island being filled.
    members: Vec<u16>,
    frontier: Vec<u16>,
    next: Vec<u16>,
    /// Every cell the slide search reached (to clean `distance` afterwards).
    reached: Vec<u16>,
}

/// A floe two players reach in the same number of slides.
const CONTESTED: u8 = u8::MAX;

impl Scratch {
    fn new(cells: usize) -> Scratch {
        Scratch {
            seen: vec![0; cells],
            stamp: 0,
            distance: vec![u8::MAX; cells],
            owner: vec![0; cells],
            stack: Vec::new(),
            members: Vec::new(),
            frontier: Vec::new(),
            next: Vec::new(),
            reached: Vec::new(),
        }
    }
}

/// Each player's standing (index = player) in evaluation units: fish collected, islands held
/// alone, floes reached first on shared ice.
fn standings(ice: &Ice, scratch: &mut Scratch) -> Vec<i64> {
    let players = usize::from(ice.players);
    let mut totals: Vec<i64> = ice.scores.iter().map(|&s| i64::from(FISH) * s).collect();
    if ice.phase == Phase::Over {
        return totals;
    }
    let directions = &ice.directions;
    // Islands: the ice each penguin stands on, by flood fill, and who stands on it. Cells of
    // an island held alone get `stamp`, of shared ice `stamp + 1`.
    if scratch.stamp >= u32::MAX - 2 {
        scratch.seen.fill(0);
        scratch.stamp = 0;
    }
    scratch.stamp += 2;
    let stamp = scratch.stamp;
    let mut shared_any = false;
    for player in 1..=players {
        for &start in &ice.penguins[player] {
            let s = scratch.seen[usize::from(start)];
            if s == stamp || s == stamp + 1 {
                continue;
            }
            scratch.seen[usize::from(start)] = stamp;
            scratch.stack.clear();
            scratch.stack.push(start);
            scratch.members.clear();
            let mut fish = 0i64;
            let mut owners = 0u32;
            while let Some(c) = scratch.stack.pop() {
                scratch.members.push(c);
                let c = usize::from(c);
                let here = ice.cell[c];
                if here > PENGUIN {
                    owners |= 1 << (here - PENGUIN);
                }
                fish += i64::from(ice.fish[c]);
                for &d in directions {
                    let n = c.wrapping_add_signed(d);
                    if ice.cell[n] != WATER && scratch.seen[n] != stamp {
                        scratch.seen[n] = stamp;
                        scratch.stack.push(n as u16);
                    }
                }
            }
            if owners.count_ones() == 1 {
                totals[owners.trailing_zeros() as usize] += i64::from(ISLAND) * fish;
            } else {
                shared_any = true;
                for &c in &scratch.members {
                    scratch.seen[usize::from(c)] = stamp + 1;
                }
            }
        }
    }
    if shared_any {
        territory(ice, scratch, &mut totals);
    }
    totals
}

/// Adds to `totals` the fish of the floes each player reaches in fewer slides than any
/// other, on ice that players share (islands held alone are counted already).
fn territory(ice: &Ice, scratch: &mut Scratch, totals: &mut [i64]) {
    let directions = &ice.directions;
    let shared = scratch.stamp + 1;
    scratch.frontier.clear();
    scratch.reached.clear();
    for player in 1..=usize::from(ice.players) {
        for &c in &ice.penguins[player] {
            let c = usize::from(c);
            if scratch.seen[c] == shared {
                scratch.distance[c] = 0;
                scratch.owner[c] = player as u8;
                scratch.frontier.push(c as u16);
                scratch.reached.push(c as u16);
            }
        }
    }
    let mut round = 0u8;
    while !scratch.frontier.is_empty() && round < u8::MAX - 1 {
        round += 1;
        scratch.next.clear();
        for i in 0..scratch.frontier.len() {
            let from = usize::from(scratch.frontier[i]);
            let owner = scratch.owner[from];
            for &d in directions {
                let mut to = from.wrapping_add_signed(d);
                while ice.cell[to] == FLOE {
                    let seen = scratch.distance[to];
                    if seen == u8::MAX {
                        scratch.distance[to] = round;
                        scratch.owner[to] = owner;
                        scratch.next.push(to as u16);
                    } else if seen == round && scratch.owner[to] != owner {
                        scratch.owner[to] = CONTESTED;
                    }
                    to = to.wrapping_add_signed(d);
                }
            }
        }
        scratch.reached.extend_from_slice(&scratch.next);
        std::mem::swap(&mut scratch.frontier, &mut scratch.next);
    }
    for &c in &scratch.reached {
        let c = usize::from(c);
        let owner = scratch.owner[c];
        if owner != CONTESTED && scratch.distance[c] > 0 {
            totals[usize::from(owner)] += i64::from(TERRITORY) * i64::from(ice.fish[c]);
        }
        // Leave the buffer clean for the next evaluation.
        scratch.distance[c] = u8::MAX;
    }
}

/// A margin as a value: a finished game is won or lost outright, by the fish margin.
fn outcome(ice: &Ice, margin: i32) -> i32 {
    if ice.phase == Phase::Over {
        let fish = margin / FISH;
        return match fish.cmp(&0) {
            std::cmp::Ordering::Greater => WIN + fish,
            std::cmp::Ordering::Less => -WIN + fish,
            std::cmp::Ordering::Equal => 0,
        };
    }
    margin
}

/// The value of `ice` for `me`: its standing minus the best opponent's; a finished game is
/// won or lost outright, by the fish margin.
fn value_for(ice: &Ice, me: u8, scratch: &mut Scratch) -> i32 {
    let totals = standings(ice, scratch);
    let mine = totals[usize::from(me)];
    let best_other = (1..=usize::from(ice.players))
        .filter(|&p| p != usize::from(me))
        .map(|p| totals[p])
        .max()
        .unwrap_or(0);
    outcome(
        ice,
        (mine - best_other).clamp(-MAX_MARGIN * 10, MAX_MARGIN * 10) as i32,
    )
}

/// The value of `state` for `me`, whoever is to move, searched one move deeper at a time until
/// `deadline` (depth 1 always finishes): the value of the deepest depth completed, in the
/// units of [`evaluate`]; beyond ±[`WIN`] / 2 a proved win or loss.
pub fn value_within(state: &State, me: u8, deadline: &Deadline) -> i32 {
    let mut ice = Ice::new(state);
    let mut search = Search {
        deadline,
        me,
        nodes: 0,
        aborted: false,
        table: vec![TableEntry::default(); TABLE_SIZE],
        scratch: Scratch::new(ice.cell.len()),
        root_scores: ice.scores.clone(),
    };
    let mut value = value_for(&ice, me, &mut search.scratch);
    for depth in 1..=100 {
        let deeper = search.alpha_beta(&mut ice, depth, -WIN * 2, WIN * 2);
        if search.aborted && depth > 1 {
            break;
        }
        value = deeper;
        if value.abs() >= WIN / 2 || ice.phase == Phase::Over {
            break;
        }
    }
    value
}

/// Whether a value of the search is a proved win or loss (every line searched to the end).
pub fn is_proved(value: i32) -> bool {
    value.abs() >= WIN / 2
}

/// Entries in the transposition table (a power of two).
const TABLE_SIZE: usize = 1 << 18;

/// What a finished search of a position found.
#[derive(Debug, Clone, Copy, Default)]
struct TableEntry {
    key: u64,
    depth: u16,
    bound: Bound,
    value: i32,
    best: Step,
}

struct Search<'a> {
    deadline: &'a Deadline,
    me: u8,
    nodes: u64,
    aborted: bool,
    table: Vec<TableEntry>,
    scratch: Scratch,
    root_scores: Vec<i64>,
}

impl Search<'_> {
    /// The value of `ice` for `me`: `me` maximises, every other player minimises; with more
    /// than two players the opponents' moves compete at one node (best-reply search).
    fn alpha_beta(&mut self, ice: &mut Ice, depth: u32, mut alpha: i32, mut beta: i32) -> i32 {
        self.nodes += 1;
        if self.nodes.is_multiple_of(1024) && self.deadline.expired() {
            self.aborted = true;
        }
        if self.aborted {
            return 0;
        }
        if ice.phase == Phase::Over || depth == 0 {
            return value_for(ice, self.me, &mut self.scratch);
        }
        let key = ice.table_key(&self.root_scores);
        let slot = (key as usize) & (TABLE_SIZE - 1);
        let stored = self.table[slot];
        let remembered = (stored.key == key).then_some(stored.best);
        if stored.key == key
            && u32::from(stored.depth) >= depth
            && stored.bound.settles(stored.value, alpha, beta)
        {
            return stored.value;
        }
        let (alpha_in, beta_in) = (alpha, beta);
        let mover = ice.to_move;
        let maximising = mover == self.me;
        // Best-reply search with three or four players: at an opponent's turn the moves of
        // every opponent compete, the one that hurts us most is played, and then it is our
        // turn again; the search reaches more of our own moves than paranoid turn order.
        let best_reply = !maximising && ice.players > 2 && ice.can_act(self.me);
        let players: Vec<u8> = if best_reply {
            (1..=ice.players)
                .filter(|&p| p != self.me && ice.can_act(p))
                .collect()
        } else {
            vec![mover]
        };
        let mut steps: Vec<(u8, Step)> = players
            .into_iter()
            .flat_map(|p| ice.steps_of(p).into_iter().map(move |s| (p, s)))
            .collect();
        // The best step found before first, then richer landings: usually the better moves
        // for whoever moves.
        steps.sort_by_key(|&(_, s)| {
            let first = Some(s) == remembered;
            (!first, std::cmp::Reverse(ice.fish[usize::from(s.to)]))
        });
        let mut best = if maximising { -WIN * 2 } else { WIN * 2 };
        let mut best_step = Step::default();
        for (player, step) in steps {
            ice.to_move = player;
            let undo = ice.make(step);
            if best_reply && ice.phase != Phase::Over && ice.can_act(self.me) {
                ice.to_move = self.me;
            }
            let value = self.alpha_beta(ice, depth - 1, alpha, beta);
            ice.unmake(undo);
            ice.to_move = mover;
            if self.aborted {
                return 0;
            }
            let better = if maximising {
                value > best
            } else {
                value < best
            };
            if better {
                best = value;
                best_step = step;
            }
            if maximising {
                alpha = alpha.max(value);
            } else {
                beta = beta.min(value);
            }
            if alpha >= beta {
                break;
            }
        }
        let bound = Bound::of(best, alpha_in, beta_in);
        self.table[slot] = TableEntry {
            key,
            depth: depth.min(u32::from(u16::MAX)) as u16,
            bound,
            value: best,
            best: best_step,
        };
        best
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::penguins::{Board, Field, Generator};
    use std::time::Duration;

    #[test]
    fn takes_the_three_fish_floe_when_it_decides_the_game() {
        // One penguin each; mine can take 3 (left) or 1 (right) and then the game ends.
        let mut board = Board::water(1, 5);
        board.set(Pos::new(0, 0), Field::floe(3));
        board.set(
            Pos::new(0, 1),
            Field {
                fish: 0,
                penguin: Some(1),
            },
        );
        board.set(Pos::new(0, 2), Field::floe(1));
        let state = State::from_parts(board, vec![0, 1], 1, Phase::Movement, 1);
        let report =
            choose_action(&state, &Deadline::within(Duration::from_millis(200))).expect("a move");
        assert_eq!(
            report.best,
            Action::Move {
                from: Pos::new(0, 1),
                to: Pos::new(0, 0)
            }
        );
    }

    /// Make and unmake agree with the rules: the same legal moves, turn order, phases and
    /// scores, and every step taken back restores the position and its key.
    #[test]
    fn the_compact_board_follows_the_rules() {
        for seed in 0..12u64 {
            let players = 2 + (seed % 3) as u8;
            let generator = Generator {
                grid: if seed < 6 { Grid::Square } else { Grid::Hex },
                rows: 6 + (seed % 4) as u16,
                ..Generator::default()
            };
            let board = generator.generate(seed, usize::from(players) * 2);
            let mut state = State::new(board, players, 2);
            let mut ply = 0u64;
            while state.phase() != Phase::Over {
                let mut ice = Ice::new(&state);
                let mut expected = state.legal_actions();
                let steps = ice.steps();
                let mut got: Vec<Action> = steps.iter().map(|&s| ice.action(s)).collect();
                let key = |a: &Action| format!("{a}");
                expected.sort_by_key(key);
                got.sort_by_key(key);
                assert_eq!(got, expected, "seed {seed} ply {ply}");
                let (cells, hash) = (ice.cell.clone(), ice.hash);
                for &step in &steps {
                    let undo = ice.make(step);
                    let mut next = state.clone();
                    next.apply(ice.action(step)).expect("legal");
                    let rebuilt = Ice::new(&next);
                    assert_eq!(ice.cell, rebuilt.cell);
                    assert_eq!((&ice.fish, ice.ones), (&rebuilt.fish, rebuilt.ones));
                    assert_eq!((ice.to_move, ice.phase), (next.to_move(), next.phase()));
                    assert_eq!(ice.scores, rebuilt.scores);
                    ice.unmake(undo);
                    assert_eq!((&ice.cell, ice.hash), (&cells, hash));
                }
                let pick = steps[(splitmix(seed * 1000 + ply) % steps.len() as u64) as usize];
                state.apply(ice.action(pick)).expect("legal");
                ply += 1;
            }
        }
    }
}
