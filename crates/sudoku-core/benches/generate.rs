//! Puzzle generation on one thread, per puzzle: minimal puzzles without and
//! with 180° symmetry (the settings raced against the `sudoku` crate), blank
//! ranges as the CLI's `-r`, and each difficulty level.
use criterion::{criterion_group, criterion_main, BenchmarkId, Criterion, Throughput};
use std::hint::black_box;
use sudoku_core::puzzle::{Generator, GeneratorOptions, Symmetry};
use sudoku_core::rate::Level;

/// Times `per_iter` puzzles from `options`, a fresh index range each iteration
/// so that no puzzle is timed twice.
fn bench_options(
    group: &mut criterion::BenchmarkGroup<'_, criterion::measurement::WallTime>,
    name: &str,
    options: GeneratorOptions,
    per_iter: u64,
) {
    let generator = Generator::new(options).expect("feasible options");
    let mut next = 0u64;
    group.throughput(Throughput::Elements(per_iter));
    group.bench_function(BenchmarkId::from_parameter(name), |b| {
        b.iter(|| {
            for _ in 0..per_iter {
                let p = generator.puzzle(next, None).expect("no deadline");
                next += 1;
                black_box(p);
            }
        })
    });
}

fn generate(c: &mut Criterion) {
    let mut group = c.benchmark_group("generate");
    group.sample_size(20);
    for (name, symmetry) in [
        ("minimal none", Symmetry::None),
        ("minimal rot180", Symmetry::Rot180),
    ] {
        let options = GeneratorOptions::new()
            .minimal(true)
            .symmetry(symmetry)
            .seed(1);
        bench_options(&mut group, name, options, 100);
    }
    let blanks_only = GeneratorOptions::new().blanks(20..=55).seed(1);
    bench_options(&mut group, "blanks 20..55 unique", blanks_only, 100);
    for &level in Level::ALL {
        let per_iter = if level == Level::Extreme { 2 } else { 10 };
        let options = GeneratorOptions::new().level(level).seed(1);
        bench_options(&mut group, &format!("level {level}"), options, per_iter);
    }
    group.finish();
}

criterion_group!(benches, generate);
criterion_main!(benches);
