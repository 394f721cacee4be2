//! Rating throughput (the human-style solver) on the puzzle samples shipped
//! with the tests: typical puzzles, 17-clue puzzles, and hard ones.
use criterion::{criterion_group, criterion_main, Criterion, Throughput};
use std::hint::black_box;
use sudoku_core::{rate, Grid};

fn puzzles_of(name: &str) -> Vec<Grid> {
    let path = format!("{}/tests/data/{name}", env!("CARGO_MANIFEST_DIR"));
    let text = std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{path}: {e}"));
    text.lines()
        .filter(|l| !l.starts_with('#') && !l.trim().is_empty())
        .map(|l| l.trim().parse().expect("test data parses"))
        .collect()
}

fn rating(c: &mut Criterion) {
    for name in ["unbiased.txt", "17_clue.txt", "magictour_top1465.txt"] {
        let puzzles = puzzles_of(name);
        let mut group = c.benchmark_group(format!("rate {name}"));
        group.sample_size(10);
        group.throughput(Throughput::Elements(puzzles.len() as u64));
        group.bench_function("rate", |b| {
            b.iter(|| {
                puzzles
                    .iter()
                    .filter_map(|p| rate::rate(black_box(p)))
                    .map(|r| r.steps)
                    .sum::<usize>()
            })
        });
        group.finish();
    }
}

criterion_group!(benches, rating);
criterion_main!(benches);
