//! The solver benchmark behind `sudoku bench` (`sudoku_cli::bench`).

use std::time::{Duration, Instant};

use sudoku_cli::bench::{measure, BenchMode};
use sudoku_core::{BitmaskSolver, Grid, Solver};

/// A solver that takes a millisecond per puzzle and counts its calls.
struct Slow(std::sync::atomic::AtomicUsize);

impl Solver for Slow {
    fn search(&self, puzzle: &Grid, limit: usize) -> sudoku_core::solver::Search {
        self.0.fetch_add(1, std::sync::atomic::Ordering::Relaxed);
        std::thread::sleep(std::time::Duration::from_millis(1));
        BitmaskSolver::new().search(puzzle, limit)
    }
}

#[test]
fn bench_keeps_to_its_time_even_when_one_pass_takes_minutes() {
    // 100,000 puzzles at 1 ms each: one pass would take 100 s.
    let puzzle: Grid =
        "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......"
            .parse()
            .expect("a puzzle");
    let puzzles = vec![puzzle; 100_000];
    let solver = Slow(std::sync::atomic::AtomicUsize::new(0));
    let start = Instant::now();
    let report = measure(
        &solver,
        &puzzles,
        BenchMode::FirstSolution,
        Duration::from_millis(300),
    );
    let took = start.elapsed();
    assert!(took < Duration::from_secs(20), "took {took:?}");
    let calls = solver.0.load(std::sync::atomic::Ordering::Relaxed);
    assert_eq!(
        calls,
        report.sampled + report.solved,
        "every search is counted once"
    );
    assert!(
        report.sampled > 0 && report.sampled < puzzles.len(),
        "{report:?}"
    );
    assert!(
        report.solved > 0 && report.solved < puzzles.len(),
        "{report:?}"
    );
    assert_eq!(report.passes, 0);
    assert_eq!(report.unsolved, 0);
    // The rate is what was solved in the time measured.
    let rate = report.solved as f64 / report.elapsed.as_secs_f64();
    assert!((report.per_second - rate).abs() < 1e-6 * rate, "{report:?}");
}
