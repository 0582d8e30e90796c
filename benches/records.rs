//! Criterion benchmarks of keeping a match record on disk as the match goes
//! (`--record FILE`): `cargo bench --profile dev --bench records`.
//!
//! - `record/append/N`: adding one entry to a record file of N entries (`RecordFile`, which
//!   appends in place).
//! - `record/rewrite/N`: writing the record of N + 1 entries whole (`Record::save`, what every
//!   entry cost before).

use std::hint::black_box;
use std::time::Duration;

use criterion::{BatchSize, BenchmarkId, Criterion, criterion_group, criterion_main};

use tablero::layout::Layout;
use tablero::record::{Entry, Record, RecordFile};
use tablero::rules::Seat;
use tablero::rules::magnetic_cave::Config;

/// A record of `n` entries (their text need not replay: writing does not read it).
fn record_of(n: usize) -> Record {
    let mut record = Record::new(
        Layout::of_cave(Config::STANDARD),
        vec![Seat::Human, Seat::Ai],
        1.0,
        None,
    );
    record.moves = (0..n)
        .map(|i| {
            Entry::Act(
                format!("{}{}", char::from(b'A' + (i % 8) as u8), 1 + i % 8),
                120,
            )
        })
        .collect();
    record
}

fn records(c: &mut Criterion) {
    let dir = std::env::temp_dir().join(format!("tablero-bench-records-{}", std::process::id()));
    let _ = std::fs::create_dir_all(&dir);
    let mut group = c.benchmark_group("record");
    group
        .sample_size(30)
        .measurement_time(Duration::from_secs(3));
    for n in [100, 1_000, 10_000] {
        let path = dir.join(format!("append-{n}.ron"));
        let before = record_of(n);
        let mut after = before.clone();
        after.moves.push(Entry::Act("D4".into(), 80));
        group.bench_function(BenchmarkId::new("append", n), |b| {
            b.iter_batched(
                || {
                    let mut file = RecordFile::new(path.clone());
                    let _ = file.write(&before, 0);
                    file
                },
                // The file is handed back, so dropping its copy of the entries is not timed.
                |mut file| {
                    let _ = black_box(file.write(black_box(&after), 0));
                    file
                },
                BatchSize::PerIteration,
            );
        });
        let whole = dir.join(format!("rewrite-{n}.ron"));
        group.bench_function(BenchmarkId::new("rewrite", n), |b| {
            b.iter(|| black_box(after.save(black_box(&whole))));
        });
    }
    group.finish();
    let _ = std::fs::remove_dir_all(&dir);
}

criterion_group!(benches, records);
criterion_main!(benches);
