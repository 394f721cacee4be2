//! FinalBoards iteration and grid-format writing, per board.
use criterion::{criterion_group, criterion_main, Criterion, Throughput};
use std::hint::black_box;
use sudoku_core::format::GridWriter;
use sudoku_core::FinalBoards;

fn boards(c: &mut Criterion) {
    let mut group = c.benchmark_group("final_boards");
    group.throughput(Throughput::Elements(10_000));
    group.bench_function("iterate 10k", |b| {
        b.iter(|| {
            FinalBoards::new(9)
                .unwrap()
                .take(10_000)
                .map(|g| g.cells()[80] as u64)
                .sum::<u64>()
        })
    });
    group.bench_function("iterate and format 10k", |b| {
        let mut buf = Vec::with_capacity(10_000 * 163);
        b.iter(|| {
            buf.clear();
            let mut writer = GridWriter::new(&mut buf);
            for board in FinalBoards::new(9).unwrap().take(10_000) {
                writer.write(&board).unwrap();
            }
            black_box(buf.len())
        })
    });
    group.bench_function("write_grids 10k (the -c path)", |b| {
        let mut buf = Vec::with_capacity(10_000 * 163);
        b.iter(|| {
            buf.clear();
            FinalBoards::new(9)
                .unwrap()
                .write_grids(10_000, &mut buf)
                .unwrap();
            black_box(buf.len())
        })
    });
    group.finish();
}

criterion_group!(benches, boards);
criterion_main!(benches);
