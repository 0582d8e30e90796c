//! Checks of the bitboard search: moves, keys, windows, the solver against an exhaustive
//! search, and composed wins.

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

/// Random positions with `empty` empty cells in which no line has ended, from `seed`.
pub(super) fn random_positions(seed: u64, empty: usize) -> impl Iterator<Item = State> {
    let mut next = below(seed);
    std::iter::repeat_with(move || {
        let mut state = State::new(Config::STANDARD);
        (!play_randomly(&mut state, &mut next, 64 - empty)).then_some(state)
    })
    .flatten()
}

fn midgame() -> State {
    let moves = parse_moves("A1,H1,B1,G1,A2,H2,A3,H3,B2,G2,C1,F1,A4,H4,H5,A5").unwrap_or_default();
    State::from_moves(Config::STANDARD, &moves).unwrap_or_else(|_| State::new(Config::STANDARD))
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
    let geo = standard_geometry();
    let deadline = Deadline::within(std::time::Duration::from_secs(60));
    let mut wide = super::super::Searcher::new(Config::STANDARD, &deadline);
    let (mut paired, mut mover_paired) = (0, 0);
    for state in random_positions(4242, 64 - 52).take(300) {
        let position = Position::new(&geo, &state);
        let me = position.to_move;
        let mut windows = Vec::new();
        let pairings = [me, 1 - me].map(|player| position.paired_off(player, 1000, &mut windows));
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
    let geo = standard_geometry();
    let deadline = Deadline::within(std::time::Duration::from_secs(600));
    for state in random_positions(2024, 22).take(8) {
        let mut fresh = Searcher::new(&geo, &state, &deadline);
        let mut searched = Searcher::new(&geo, &state, &deadline);
        for depth in 1..=6 {
            searched.negamax(depth, 0, -INF, INF);
        }
        let before = searched.nodes;
        assert_eq!(fresh.prove(), searched.prove(), "{}", state.render());
        assert_eq!(fresh.nodes, searched.nodes - before, "{}", state.render());
    }
}

/// A win the solver proves at the root but a shallow deepening does not reach is played
/// by the fastest winning move and reported with its distance: the position's exact score,
/// which the move played also gets from a full-window search to the end, over random
/// positions whose winner needs at least three bricks (in one of the first sixteen, the
/// first move proved to win is not the fastest).
#[test]
fn a_root_proof_of_a_deep_win_says_in_how_many_moves() {
    let geo = standard_geometry();
    let deadline = Deadline::within(std::time::Duration::from_secs(600));
    let mut checked = 0;
    for state in random_positions(77, 20) {
        if checked == 16 {
            break;
        }
        let mut exact = Searcher::new(&geo, &state, &deadline);
        let empty = exact.position.empty_count() as i32;
        let score = exact.negamax(empty, 0, -INF, INF);
        // A win the moves up to depth 2 and the forced replies after them do not show.
        if !(WIN_THRESHOLD..=WIN - 6).contains(&score) {
            continue;
        }
        let Some(report) = Searcher::new(&geo, &state, &deadline).search(2, false) else {
            panic!("a position with moves has a best move");
        };
        let Some(played) = exact.proof_after(geo.index(report.best), 1, (-INF, INF)) else {
            panic!("the deadline is far");
        };
        let played = -played;
        assert_eq!(played, score, "{}", state.render());
        assert_eq!(report.score, score, "{}", state.render());
        assert_eq!(report.depth, empty as u32);
        checked += 1;
    }
}

/// A move the search chose in a match at 29 empty cells (white's E3 in game 4 of seed 5850,
/// after which black won) is proved to lose, and the check replaces it by a move proved
/// to hold; a move that holds is kept.
#[test]
fn a_chosen_move_proved_to_lose_is_replaced_by_one_that_holds() {
    let moves = parse_moves(
        "H1,H2,A6,B6,G2,C6,D6,E6,F2,H5,G1,F6,G5,F5,H6,E5,D5,C5,E2,D2,B5,G6,H3,C2,F1,B2,A5,\
         A3,G3,F3,A7,A8,A1,E1,H8",
    )
    .unwrap();
    let state = State::from_moves(Config::STANDARD, &moves).unwrap();
    let geo = standard_geometry();
    let deadline = Deadline::within(std::time::Duration::from_secs(600));
    let mut searcher = Searcher::new(&geo, &state, &deadline);
    let thrown = geo.index(Cell::parse("E3").unwrap());
    let moves: Vec<u32> = bits(searcher.position.sensible_moves()).collect();
    assert_eq!(searcher.loses_after(thrown), Some(true));
    let Some(kept) = searcher.avoid_proved_loss(thrown, &moves) else {
        panic!("no move replaced the losing E3");
    };
    assert_eq!(searcher.loses_after(kept), Some(false));
    assert_eq!(searcher.avoid_proved_loss(kept, &moves), None);
}

/// The time left at the end of a move proves a win the search did not see. White's position
/// at 29 empty cells in game 14 of seed 12875 is won (D7 or F7); the search chose H3 there in
/// a match of the engine before issue 82, which loses: H3 gives way to a move proved to win,
/// and a winning move chosen is kept. In a tied position
/// (white's at 25 empty cells in game 6 of seed 12975, where A2 was chosen and loses) no move
/// is proved to win.
#[test]
fn the_time_left_turns_a_move_that_does_not_win_into_a_proved_win() {
    let won = "A3,A8,H8,H7,A5,A4,B4,C4,D4,E4,G7,F4,G4,B3,G8,C3,D3,E3,F3,G3,H6,G6,F6,E6,D6,C6,\
               A2,H4,H5,A7,B7,C7,G5,B8,C8";
    let tied = "H4,A3,A5,A6,H5,G5,F5,E5,H3,H2,G3,D5,F3,C5,G4,E3,F4,D3,B5,C3,B3,B6,H6,H7,C6,A7,\
                A1,D6,B1,E6,F6,B7,H1,C7,G1,D7,E7,F7,F1";
    let geo = standard_geometry();
    let deadline = Deadline::within(std::time::Duration::from_secs(600));
    for (moves, chosen, replaced) in [(won, "H3", true), (won, "D7", false), (tied, "A2", false)] {
        let state = State::from_moves(Config::STANDARD, &parse_moves(moves).unwrap()).unwrap();
        let mut searcher = Searcher::new(&geo, &state, &deadline);
        let chosen = geo.index(Cell::parse(chosen).unwrap());
        let moves: Vec<u32> = bits(searcher.position.sensible_moves()).collect();
        let found = searcher.win_in_time_left(chosen, &moves);
        if !replaced {
            assert_eq!(found, None, "{} was replaced", geo.cell(chosen));
            continue;
        }
        let Some(win) = found else {
            panic!("the losing H3 was kept in a won position");
        };
        let mut fresh = Searcher::new(&geo, &state, &deadline);
        let verdict = fresh.proof_after(win, 1, (-1, 1)).map(i32::signum);
        assert_eq!(verdict, Some(-1), "{} does not win", geo.cell(win));
    }
}

/// Above the solver's range, the quick proof finds a won position's winning move: white's
/// position at 27 empty cells in game 14 of seed 9025, won (A3 or B4) where the search
/// threw the win with C8 in the match. In a tied one (white's at 27 empty cells in game
/// 18 of seed 9125) it finds nothing, and forgets what its proof learnt.
#[test]
fn a_quick_proof_finds_the_winning_move_of_a_won_position() {
    let geo = standard_geometry();
    let deadline = Deadline::within(std::time::Duration::from_secs(600));
    let won = "A6,H6,H8,H7,G7,A2,H3,G3,G8,F3,E3,D3,F7,B2,G6,C3,F6,E6,A7,D6,F8,C6,H5,G5,A5,A4,\
               F5,E5,D5,C5,E8,D8,C2,H2,A1,B5,B6";
    let tied = "H3,H1,G3,H5,G5,F5,E5,D5,H2,C5,G2,B5,G1,A5,F2,E2,F3,D2,A2,C2,A7,B2,F1,H7,B7,C7,\
                G7,H8,H6,G6,E1,F6,D7,E7,G8,F8,F7";
    for (moves, is_won) in [(won, true), (tied, false)] {
        let state = State::from_moves(Config::STANDARD, &parse_moves(moves).unwrap()).unwrap();
        let mut searcher = Searcher::new(&geo, &state, &deadline);
        let moves: Vec<u32> = bits(searcher.position.sensible_moves()).collect();
        let found = searcher.quick_win(&moves);
        let mut fresh = Searcher::new(&geo, &state, &deadline);
        if is_won {
            let Some(win) = found else {
                panic!("no winning move found in a won position");
            };
            let verdict = fresh.proof_after(win, 1, (-1, 1)).map(i32::signum);
            assert_eq!(verdict, Some(-1), "{} does not win", geo.cell(win));
            continue;
        }
        assert_eq!(found, None);
        // What the proof learnt is forgotten: a search with the evaluation then goes as on
        // a fresh searcher.
        let before = searcher.nodes;
        assert_eq!(
            searcher.negamax(8, 0, -INF, INF),
            fresh.negamax(8, 0, -INF, INF)
        );
        assert_eq!(searcher.nodes - before, fresh.nodes);
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
