//! Rendering a 1000-puzzle book, with solutions and ratings already known
//! (so this is the renderer alone; `sudoku print` also solves and rates).
use criterion::{criterion_group, criterion_main, Criterion, Throughput};
use std::hint::black_box;
use sudoku_core::puzzle::{Generator, GeneratorOptions};
use sudoku_print::{fill, layout, pdf, svg, Entry, Options, PerPage};

fn book(c: &mut Criterion) {
    let generator = Generator::new(GeneratorOptions::new().seed(1)).expect("valid options");
    let mut entries: Vec<Entry> = generator
        .generate(1000)
        .expect("puzzles")
        .into_iter()
        .enumerate()
        .map(|(i, g)| Entry {
            number: i + 1,
            puzzle: g.puzzle,
            facts: None,
        })
        .collect();
    fill(&mut entries, 1).expect("solvable");
    let mut group = c.benchmark_group("book of 1000 puzzles");
    group.sample_size(20);
    group.throughput(Throughput::Elements(entries.len() as u64));
    for (name, per_page, candidates) in [("6 a page", 6, false), ("1 a page, candidates", 1, true)]
    {
        let options = Options {
            per_page: PerPage::new(per_page).expect("a layout"),
            answers: true,
            candidates,
            title: Some("Benchmark".into()),
            ..Options::default()
        };
        let mut out = Vec::with_capacity(16 << 20);
        group.bench_function(format!("pdf, {name}, answers"), |b| {
            b.iter(|| {
                out.clear();
                pdf::write(&options, black_box(&entries), &mut out).expect("in memory");
                out.len()
            })
        });
        group.bench_function(format!("svg, {name}, answers"), |b| {
            b.iter(|| {
                let mut total = 0;
                for page in layout::book_pages(&options, &entries) {
                    out.clear();
                    svg::write_page(&options, black_box(&entries), &page, &mut out)
                        .expect("in memory");
                    total += out.len();
                }
                total
            })
        });
    }
    group.finish();
}

criterion_group!(benches, book);
criterion_main!(benches);
