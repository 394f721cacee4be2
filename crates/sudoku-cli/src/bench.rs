//! Solver throughput measurement, the way tdoku's benchmark measures it:
//! puzzles already in memory, one thread, timed over whole passes.

use std::time::{Duration, Instant};

use sudoku_core::Grid;
use sudoku_core::Solver;

/// What to time.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum BenchMode {
    /// Stop at the first solution.
    FirstSolution,
    /// Find a solution and prove it unique (count up to 2).
    ProveUnique,
}

/// Figures for one set of puzzles in one mode.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct BenchReport {
    /// Puzzles in the set.
    pub puzzles: usize,
    /// Passes over the set that were timed.
    pub passes: usize,
    /// Total time of the timed passes.
    pub elapsed: Duration,
    /// Puzzles per second.
    pub per_second: f64,
    /// Microseconds per puzzle.
    pub micros_per_puzzle: f64,
    /// Share of puzzles settled without any guess, in percent.
    pub no_guess_percent: f64,
    /// Guesses per puzzle, on average.
    pub guesses_per_puzzle: f64,
    /// Puzzles with no solution.
    pub unsolved: usize,
}

/// Times `solver` over `puzzles` on the calling thread: one untimed warm-up
/// pass, then whole passes until at least `min_time` has elapsed.
pub fn measure<S: Solver>(
    solver: &S,
    puzzles: &[Grid],
    mode: BenchMode,
    min_time: Duration,
) -> BenchReport {
    let limit = match mode {
        BenchMode::FirstSolution => 1,
        BenchMode::ProveUnique => 2,
    };
    let (mut no_guess, mut guesses, mut unsolved) = (0usize, 0u64, 0usize);
    for puzzle in puzzles {
        let search = solver.search(puzzle, limit);
        no_guess += usize::from(search.guesses == 0);
        guesses += search.guesses;
        unsolved += usize::from(search.count == 0);
    }
    let start = Instant::now();
    let mut passes = 0;
    let mut sink = 0usize;
    while passes == 0 || start.elapsed() < min_time {
        for puzzle in puzzles {
            sink = sink.wrapping_add(solver.search(std::hint::black_box(puzzle), limit).count);
        }
        passes += 1;
    }
    std::hint::black_box(sink);
    let elapsed = start.elapsed();
    let solved = (puzzles.len() * passes) as f64;
    let n = puzzles.len().max(1) as f64;
    BenchReport {
        puzzles: puzzles.len(),
        passes,
        elapsed,
        per_second: solved / elapsed.as_secs_f64(),
        micros_per_puzzle: elapsed.as_secs_f64() * 1e6 / solved.max(1.0),
        no_guess_percent: 100.0 * no_guess as f64 / n,
        guesses_per_puzzle: guesses as f64 / n,
        unsolved,
    }
}
