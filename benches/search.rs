//! Criterion benchmarks: Magnetic Cave move generation, evaluation and fixed-time search depth.

use std::hint::black_box;
use std::time::Duration;

use criterion::{Criterion, criterion_group, criterion_main};

use tablero::ai::Deadline;
use tablero::ai::magnetic_cave::{choose_move, evaluate};
use tablero::rules::magnetic_cave::{Config, State, parse_moves};

fn midgame() -> State {
    let moves = parse_moves("A1,H1,B1,G1,A2,H2,A3,H3,B2,G2,C1,F1,A4,H4,H5,A5").unwrap_or_default();
    State::from_moves(Config::STANDARD, &moves).unwrap_or_else(|_| State::new(Config::STANDARD))
}

fn bench(c: &mut Criterion) {
    let state = midgame();
    c.bench_function("cave/legal_moves/midgame", |b| {
        b.iter(|| black_box(&state).legal_moves())
    });
    c.bench_function("cave/evaluate/midgame", |b| {
        b.iter(|| evaluate(black_box(&state)))
    });
    let mut group = c.benchmark_group("cave/search");
    group.sample_size(10);
    group.bench_function("100ms/midgame", |b| {
        b.iter(|| choose_move(&state, &Deadline::within(Duration::from_millis(125))))
    });
    group.finish();
}

criterion_group!(benches, bench);
criterion_main!(benches);
