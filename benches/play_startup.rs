//! How long a new game of `sudoku-play` takes to appear, per difficulty:
//! generating and rating the puzzle, building the game and drawing the first
//! frame (into ratatui's test backend, so no terminal is needed).
//!
//! The target is under 100 ms for every level (extreme included; it also
//! shows a "generating…" line while it works).
use std::hint::black_box;
use std::time::{Duration, Instant};

use criterion::{criterion_group, criterion_main, BenchmarkId, Criterion};
use ratatui::backend::TestBackend;
use ratatui::Terminal;
use sudoku_play::game::Game;
use sudoku_play::source::{self, Difficulty};
use sudoku_play::ui::{self, Theme};

fn new_game(c: &mut Criterion) {
    let mut group = c.benchmark_group("new game");
    group.sample_size(20);
    group.measurement_time(Duration::from_secs(3));
    let mut terminal = Terminal::new(TestBackend::new(80, 24)).expect("test backend");
    let theme = Theme::default();
    for &difficulty in Difficulty::ALL.iter() {
        // A new seed each time, so the figure is an average over many puzzles
        // rather than the cost of one lucky or unlucky grid.
        let mut seed = 0u64;
        group.bench_function(BenchmarkId::from_parameter(difficulty), |b| {
            b.iter(|| {
                seed += 1;
                let now = Instant::now();
                let made = source::generate(difficulty, black_box(seed));
                let game = Game::new(
                    made.puzzle,
                    made.solution,
                    made.rating,
                    difficulty.name().to_string(),
                    now,
                );
                terminal
                    .draw(|f| ui::draw_game(f, &game, now, theme))
                    .expect("drawing into memory");
            })
        });
    }
    group.finish();
}

criterion_group!(benches, new_game);
criterion_main!(benches);
