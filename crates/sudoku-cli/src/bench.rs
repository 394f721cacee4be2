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
    /// Whole passes over the set that were timed (0 when the time ran out
    /// within the first pass).
    pub passes: usize,
    /// Puzzles solved in the timed part, over all passes.
    pub solved: usize,
    /// Total time of the timed part.
    pub elapsed: Duration,
    /// Puzzles per second.
    pub per_second: f64,
    /// Microseconds per puzzle.
    pub micros_per_puzzle: f64,
    /// Puzzles the statistics below were taken on: the whole set, or its
    /// first puzzles when the set takes longer than the time given.
    pub sampled: usize,
    /// Share of sampled puzzles settled without any guess, in percent.
    pub no_guess_percent: f64,
    /// Guesses per sampled puzzle, on average.
    pub guesses_per_puzzle: f64,
    /// Sampled puzzles with no solution.
    pub unsolved: usize,
}

/// Puzzles solved between two looks at the clock: reading it costs far less
/// than one puzzle in a block, and a block of the hardest puzzles takes
/// milliseconds, so a run ends within that of its time.
const BLOCK: usize = 256;

/// Times `solver` over `puzzles` on the calling thread: an untimed warm-up
/// pass that takes the statistics, then passes over the set until at least
/// `min_time` has elapsed. Both stop at a block boundary once `min_time` is
/// up, even within a pass: a set of millions of hard puzzles is measured
/// in the time given, not in one whole pass.
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
    let (mut no_guess, mut guesses, mut unsolved, mut sampled) = (0usize, 0u64, 0usize, 0usize);
    let start = Instant::now();
    for block in puzzles.chunks(BLOCK) {
        for puzzle in block {
            let search = solver.search(puzzle, limit);
            no_guess += usize::from(search.guesses == 0);
            guesses += search.guesses;
            unsolved += usize::from(search.count == 0);
        }
        sampled += block.len();
        if start.elapsed() >= min_time {
            break;
        }
    }
    let start = Instant::now();
    let (mut passes, mut solved) = (0, 0);
    let mut sink = 0usize;
    'timed: while !puzzles.is_empty() {
        for block in puzzles.chunks(BLOCK) {
            for puzzle in block {
                sink = sink.wrapping_add(solver.search(std::hint::black_box(puzzle), limit).count);
            }
            solved += block.len();
            if start.elapsed() >= min_time {
                passes += usize::from(solved % puzzles.len() == 0);
                break 'timed;
            }
        }
        passes += 1;
    }
    std::hint::black_box(sink);
    let elapsed = start.elapsed();
    let n = sampled.max(1) as f64;
    BenchReport {
        puzzles: puzzles.len(),
        passes,
        solved,
        elapsed,
        per_second: solved as f64 / elapsed.as_secs_f64().max(f64::MIN_POSITIVE),
        micros_per_puzzle: elapsed.as_secs_f64() * 1e6 / (solved as f64).max(1.0),
        sampled,
        no_guess_percent: 100.0 * no_guess as f64 / n,
        guesses_per_puzzle: guesses as f64 / n,
        unsolved,
    }
}
