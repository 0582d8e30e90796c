//! Every match ends: many seeded AI-against-AI matches of each game, on every shipped layout,
//! reach their result within the bound that `docs/layouts.md` ("Why every match ends") gives.

use std::time::Duration;

use rand::rngs::StdRng;
use rand::{RngExt, SeedableRng};

use tablero::ai::Deadline;
use tablero::layout::{self, GameSetup};
use tablero::rules::magnetic_cave::State as CaveState;
use tablero::rules::patolli::{Rolled, State as PatolliState};
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

#[test]
fn ai_against_ai_patolli_matches_end() {
    for name in ["patolli.ron", "patolli_52.ron"] {
        let GameSetup::Patolli(board) = shipped(name) else {
            panic!("{name} is Patolli");
        };
        for seed in 0..SEEDS {
            let mut rng = StdRng::seed_from_u64(seed);
            let mut state = PatolliState::new(board.track.clone(), board.rules);
            let mut turns = 0;
            while state.winner().is_none() {
                turns += 1;
                assert!(
                    turns < 5_000,
                    "{name}, seed {seed}: no winner after 5000 rolls"
                );
                let roll = board.rules.dice.roll(&mut rng);
                if state.roll(roll).unwrap() == Rolled::TurnLost {
                    continue;
                }
                let report = tablero::ai::patolli::choose_action(&state, &Deadline::within(BUDGET))
                    .expect("an action after a roll");
                state.apply(report.best).unwrap();
            }
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
