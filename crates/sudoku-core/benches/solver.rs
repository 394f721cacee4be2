//! Solver throughput on the puzzle samples shipped with the tests.
use criterion::{criterion_group, criterion_main, Criterion, Throughput};
use std::hint::black_box;
use sudoku_core::{BitmaskSolver, Grid, PuzzleReader, Solver};

fn load(name: &str) -> Vec<Grid> {
    let path = format!("{}/tests/data/{name}", env!("CARGO_MANIFEST_DIR"));
    let file = std::fs::File::open(&path).unwrap_or_else(|e| panic!("{path}: {e}"));
    PuzzleReader::new(std::io::BufReader::new(file))
        .map(|p| p.expect("test data parses").grid)
        .collect()
}

fn solver(c: &mut Criterion) {
    let solver = BitmaskSolver::new();
    for name in [
        "17_clue.txt",
        "magictour_top1465.txt",
        "forum_hardest_1905_11.txt",
    ] {
        let puzzles = load(name);
        let mut group = c.benchmark_group(name);
        group.throughput(Throughput::Elements(puzzles.len() as u64));
        group.bench_function("first solution", |b| {
            b.iter(|| {
                puzzles
                    .iter()
                    .filter(|p| solver.solve(black_box(p)).is_some())
                    .count()
            })
        });
        group.bench_function("prove unique", |b| {
            b.iter(|| {
                puzzles
                    .iter()
                    .map(|p| solver.count_solutions(black_box(p), 2))
                    .sum::<usize>()
            })
        });
        group.finish();
    }
}

criterion_group!(benches, solver);
criterion_main!(benches);
