//! Criterion benchmarks of the Magnetic Cave engine, in the profile a player gets:
//! `cargo bench --profile dev --bench search`.
//!
//! - `cave/nodes/*`: a search to a fixed depth; the throughput is nodes a second (a node is one
//!   position on which the search generates moves).
//! - `cave/depth-at-budget/*`: the depth a decision reaches within 0.1, 0.3 and 1 s, and the
//!   time the whole decision took, printed once per position.
//! - `cave/depth-3s/*`: the depth a 3-second decision reaches, printed once per position.
//! - `cave/prove/*`: the exact solver on fixed endgames (win, tie or loss proved).

use std::hint::black_box;
use std::time::Duration;

use criterion::{Criterion, Throughput, criterion_group, criterion_main};

use tablero::ai::Deadline;
use tablero::ai::magnetic_cave::{choose_move, evaluate, prove, search_to_depth};
use tablero::rules::magnetic_cave::{Config, State, parse_moves};

fn position(moves: &str) -> State {
    let moves = parse_moves(moves).unwrap_or_default();
    State::from_moves(Config::STANDARD, &moves).unwrap_or_else(|_| State::new(Config::STANDARD))
}

/// Middle-game positions: 16, 14 and 20 bricks laid.
const MIDDLE_GAMES: [(&str, &str); 3] = [
    ("walls", "A1,H1,B1,G1,A2,H2,A3,H3,B2,G2,C1,F1,A4,H4,H5,A5"),
    ("corners", "H1,A8,G1,B8,H2,A7,A1,H8,B1,G8,H7,A2,G2,B7"),
    (
        "crowded",
        "A1,H1,B1,G1,A2,H2,A3,H3,B2,G2,C1,F1,A4,H4,H5,A5,B3,G3,C2,F2",
    ),
];

/// Endgames from random play, proved by the solver (the result in the name); the loss is the
/// hardest of the six 28-empty endgames of `solve_random_endgames`.
const ENDGAMES: [(&str, &str); 3] = [
    (
        "24-empty-win",
        "A5,H4,A2,H3,A3,A4,H6,B4,B2,G3,G4,H1,F3,A1,E3,A7,F4,H8,B3,H7,A6,C3,E4,B5,G1,D4,G6,B7,H2,G8,D3,C4,G7,C7,B6,F8,A8,G2,B8,C6",
    ),
    (
        "28-empty-win",
        "A5,H4,A2,H3,A3,A4,H6,B4,B2,G3,G4,H1,F3,A1,E3,A7,F4,H8,B3,H7,A6,C3,E4,B5,G1,D4,G6,B7,H2,G8,D3,C4,G7,C7,B6,F8",
    ),
    (
        "28-empty-loss",
        "H7,A1,A6,A3,H3,H4,H5,G7,A4,A5,H6,A8,B8,G3,H1,H2,F7,B3,H8,B4,G4,F3,G8,C4,B1,G6,A7,G1,G2,E3,D3,F6,F4,F8,F1,E7",
    ),
];

fn bench(c: &mut Criterion) {
    let (_, walls) = MIDDLE_GAMES[0];
    let state = position(walls);
    c.bench_function("cave/legal_moves/midgame", |b| {
        b.iter(|| black_box(&state).legal_moves())
    });
    c.bench_function("cave/evaluate/midgame", |b| {
        b.iter(|| evaluate(black_box(&state)))
    });

    let mut nodes = c.benchmark_group("cave/nodes");
    nodes.sample_size(10);
    for (name, moves) in MIDDLE_GAMES {
        let state = position(moves);
        let deadline = || Deadline::within(Duration::from_secs(3600));
        let Some(report) = search_to_depth(&state, 10, &deadline()) else {
            continue;
        };
        nodes.throughput(Throughput::Elements(report.nodes));
        nodes.bench_function(format!("depth-10/{name}"), |b| {
            b.iter(|| search_to_depth(black_box(&state), 10, &deadline()))
        });
    }
    nodes.finish();

    // The depth a move reaches within small budgets (the deadline keeps a margin that scales
    // with the budget); the whole decision's time is printed beside it.
    for budget_ms in [100u64, 300, 1_000] {
        for (name, moves) in MIDDLE_GAMES {
            let state = position(moves);
            let budget = Duration::from_millis(budget_ms);
            let started = std::time::Instant::now();
            if let Some(report) = choose_move(&state, &Deadline::within(budget)) {
                println!(
                    "cave/depth-at-budget/{budget_ms}ms/{name}: depth {}, {} ms of {budget_ms}",
                    report.depth,
                    started.elapsed().as_millis(),
                );
            }
        }
    }

    for (name, moves) in MIDDLE_GAMES {
        let state = position(moves);
        if let Some(report) = choose_move(&state, &Deadline::within(Duration::from_millis(3_000))) {
            println!(
                "cave/depth-3s/{name}: depth {} in {} ms, {} nodes ({:.1} M nodes/s)",
                report.depth,
                report.elapsed.as_millis(),
                report.nodes,
                report.nodes as f64 / report.elapsed.as_secs_f64().max(1e-9) / 1e6
            );
        }
    }

    let mut solver = c.benchmark_group("cave/prove");
    solver.sample_size(10);
    solver.measurement_time(Duration::from_secs(20));
    for (name, moves) in ENDGAMES {
        let state = position(moves);
        solver.bench_function(name, |b| {
            b.iter(|| {
                prove(
                    black_box(&state),
                    &Deadline::within(Duration::from_secs(600)),
                )
            })
        });
    }
    solver.finish();
}

criterion_group!(benches, bench);
criterion_main!(benches);
