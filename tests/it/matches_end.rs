//! Every match ends: many seeded AI-against-AI matches of each game, on every shipped layout,
//! reach their result within the bound that `docs/layouts.md` ("Why every match ends") gives.

use std::time::Duration;

use rand::rngs::StdRng;
use rand::{RngExt, SeedableRng};

use tablero::ai::Deadline;
use tablero::layout::{self, GameSetup};
use tablero::rules::magnetic_cave::State as CaveState;
use tablero::rules::patolli::{Dice, Location, Piece, Player, Rolled, State as PatolliState};
use tablero::rules::penguins::State as PenguinsState;

use crate::support::repo;

/// Each AI decision's time: short, the matches are many.
const BUDGET: Duration = Duration::from_millis(4);
/// Seeds per layout.
const SEEDS: u64 = 6;

fn shipped(name: &str) -> GameSetup {
    layout::load(&repo().join("levels").join(name)).expect("a shipped layout is valid")
}

#[test]
fn ai_against_ai_caves_end_within_the_cells() {
    for name in ["magnetic_cave.ron", "magnetic_cave_10x10.ron"] {
        let GameSetup::MagneticCave(config) = shipped(name) else {
            panic!("{name} is a cave");
        };
        let cells = usize::from(config.width()) * usize::from(config.height());
        for seed in 0..SEEDS {
            let mut rng = StdRng::seed_from_u64(seed);
            let mut state = CaveState::new(config);
            // Two random opening moves each, so the seeds play different games.
            for _ in 0..4 {
                let moves = state.legal_moves();
                state
                    .apply(moves[rng.random_range(0..moves.len())])
                    .unwrap();
            }
            let mut moves = 4;
            while state.outcome().is_none() {
                let report =
                    tablero::ai::magnetic_cave::choose_move(&state, &Deadline::within(BUDGET))
                        .expect("a move while the game is on");
                state.apply(report.best).unwrap();
                moves += 1;
                assert!(moves <= cells, "{name}, seed {seed}: over {cells} moves");
            }
        }
    }
}

/// Plays Patolli AI against AI from `state` with dice from `seed`; the number of rolls it
/// took, or `None` when there was no winner after `max_rolls`.
fn patolli_to_the_end(
    mut state: PatolliState,
    dice: Dice,
    seed: u64,
    budget: Duration,
    max_rolls: usize,
) -> Option<usize> {
    let mut rng = StdRng::seed_from_u64(seed);
    for rolls in 0..max_rolls {
        if state.winner().is_some() {
            return Some(rolls);
        }
        if state.roll(dice.roll(&mut rng)).unwrap() == Rolled::TurnLost {
            continue;
        }
        let report = tablero::ai::patolli::choose_action(&state, &Deadline::within(budget))
            .expect("an action after a roll");
        state.apply(report.best).unwrap();
    }
    None
}

#[test]
fn ai_against_ai_patolli_matches_end() {
    for name in ["patolli.ron", "patolli_52.ron"] {
        let GameSetup::Patolli(board) = shipped(name) else {
            panic!("{name} is Patolli");
        };
        for beans in [false, true] {
            let mut rules = board.rules;
            if beans {
                rules.dice = Dice::Beans(5);
            }
            for seed in 0..SEEDS {
                let state = PatolliState::new(board.track.clone(), rules);
                assert!(
                    patolli_to_the_end(state, rules.dice, seed, BUDGET, 5_000).is_some(),
                    "{name}, beans {beans}, seed {seed}: no winner after 5000 rolls"
                );
            }
        }
    }
}

/// Found by a recorded console match (beans, seed 12): L's last piece stood on N's end
/// square with N's pieces queued behind it. Moving it would let N score, N moving would mean
/// another lap, so both AIs passed for ever. After a pass answered by a pass, the AI moves.
#[test]
fn two_ais_guarding_each_other_do_not_pass_for_ever() {
    let GameSetup::Patolli(board) = shipped("patolli.ron") else {
        panic!("patolli.ron is Patolli");
    };
    let piece = |label| Piece::from_label(label).expect("a label");
    let mut pieces: Vec<(Piece, Location)> = "ABCDE13"
        .chars()
        .map(|l| (piece(l), Location::Scored))
        .collect();
    pieces.extend([
        (piece('F'), Location::Track(51)),
        (piece('2'), Location::Track(50)),
        (piece('5'), Location::Track(49)),
        (piece('6'), Location::Track(48)),
        (piece('4'), Location::Track(47)),
    ]);
    // The AIs must search deep enough to see the danger, as they did at 0.15 s.
    let budget = Duration::from_millis(250);
    for dice in [Dice::Beans(5), Dice::Uniform] {
        for seed in 0..1 {
            let mut rules = board.rules;
            rules.dice = dice;
            let state =
                PatolliState::arranged(board.track.clone(), rules, Player::L, &pieces).unwrap();
            assert!(
                patolli_to_the_end(state, dice, seed, budget, 200).is_some(),
                "{dice:?}, seed {seed}: the AIs still pass for ever"
            );
        }
    }
}

#[test]
fn ai_against_ai_penguins_matches_end_within_the_floes() {
    for name in ["penguins.ron", "penguins_fixed.ron"] {
        let GameSetup::Penguins(layout) = shipped(name) else {
            panic!("{name} is Penguins");
        };
        for seed in 0..SEEDS {
            let players = 2 + (seed % 3) as u8;
            let penguins = if players == 2 { 2 } else { 1 };
            let needed = usize::from(players) * usize::from(penguins);
            layout
                .check_fits(needed)
                .expect("the shipped layouts hold these penguins");
            let board = layout.board(seed, needed);
            let floes = board.positions().filter(|&p| board.get(p).fish > 0).count();
            let mut state = PenguinsState::new(board, players, penguins);
            let mut moves = 0;
            while state.winners().is_none() {
                let report =
                    tablero::ai::penguins::choose_action(&state, &Deadline::within(BUDGET))
                        .expect("a move while the game is on");
                state.apply(report.best).unwrap();
                moves += 1;
                // One placement per penguin, and every slide sinks the floe it leaves.
                assert!(
                    moves <= floes + needed,
                    "{name}, seed {seed}: over {floes} moves"
                );
            }
        }
    }
}

/// The ring of cells round a `cols` x `rows` rectangle, clockwise from its top-left corner.
fn ring(cols: u16, rows: u16) -> Vec<(u16, u16)> {
    let mut cells: Vec<(u16, u16)> = (0..cols).map(|c| (0, c)).collect();
    cells.extend((1..rows).map(|r| (r, cols - 1)));
    cells.extend((0..cols - 1).rev().map(|c| (rows - 1, c)));
    cells.extend((1..rows - 1).rev().map(|r| (r, 0)));
    cells
}

/// A Patolli layout on `track` whose players start at `starts` and end one square before.
fn ring_layout(track: &[(u16, u16)], starts: &[usize]) -> String {
    let n = track.len();
    let cells: Vec<String> = track.iter().map(|(r, c)| format!("({r}, {c})")).collect();
    let players: Vec<String> = ["L", "N", "G", "M"]
        .iter()
        .zip(starts)
        .map(|(p, &s)| format!("{p}: (start: {s}, end: {})", (s + n - 1) % n))
        .collect();
    format!(
        "Patolli(track: [{}], middle: [], arm_ends: [], players: ({}))",
        cells.join(", "),
        players.join(", ")
    )
}

/// A track its players' pieces can fill is refused at `track`; the smallest one accepted (a
/// closed track on the grid has an even number of squares: 14 for two players, 26 for four)
/// plays to the end, AI against AI.
#[test]
fn the_smallest_accepted_patolli_track_plays_to_the_end() {
    for (cols, rows, starts) in [(4, 4, &[0, 6][..]), (7, 7, &[0, 6, 12, 18][..])] {
        let track = ring(cols, rows);
        let pieces = starts.len() * 6;
        assert!(track.len() <= pieces);
        let error = layout::parse("small.ron", ring_layout(&track, starts).as_bytes())
            .expect_err("a track the pieces can fill");
        assert_eq!((error.line, error.column), (1, 16), "{error}");
        assert!(
            error
                .problem
                .to_string()
                .contains("more squares than pieces"),
            "{error}"
        );
    }
    for (cols, rows, starts) in [(5, 4, &[0, 7][..]), (8, 7, &[0, 7, 13, 20][..])] {
        let track = ring(cols, rows);
        assert_eq!(track.len(), starts.len() * 6 + 2);
        let setup = layout::parse("small.ron", ring_layout(&track, starts).as_bytes())
            .unwrap_or_else(|e| panic!("{} squares: {e}", track.len()));
        let GameSetup::Patolli(board) = setup else {
            panic!("a Patolli layout");
        };
        for seed in 0..3 {
            let state = PatolliState::new(board.track.clone(), board.rules);
            assert!(
                patolli_to_the_end(state, board.rules.dice, seed, BUDGET, 20_000).is_some(),
                "{} squares, seed {seed}: no winner after 20000 rolls",
                track.len()
            );
        }
    }
}
