//! sudoku-core's threaded and seeded APIs on wasm32-unknown-unknown, which
//! has no threads, no clock and no OS random source: each export runs one
//! and answers 1 when its results are right. A panic would trap the call,
//! which the web API tests (`tests/api.test.mjs`) load this module to catch.
//!
//! ```sh
//! cargo build -p sudoku-web --example portability --target wasm32-unknown-unknown
//! ```

use sudoku_core::batch::{map_ordered, ordered, solve_ordered};
use sudoku_core::puzzle::{random_seed, Generator, GeneratorOptions};
use sudoku_core::{BitmaskSolver, Grid, Solver};

const PUZZLE: &str =
    "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......";

/// `ordered` with every core (0) and with 4 threads: in order, all there.
#[no_mangle]
pub extern "C" fn check_ordered() -> u32 {
    let ok = [0, 4].into_iter().all(|threads| {
        let squares: Vec<u64> = ordered(0..1000u64, threads, 16, |x| x * x).collect();
        squares.len() == 1000
            && squares
                .iter()
                .enumerate()
                .all(|(i, &s)| s == (i * i) as u64)
    });
    u32::from(ok)
}

/// `solve_ordered`: a solution per puzzle, in order, `None` for a clash.
#[no_mangle]
pub extern "C" fn check_solve_ordered() -> u32 {
    let puzzle: Grid = PUZZLE.parse().unwrap_or(Grid::EMPTY);
    let clash: Grid = format!("11{}", ".".repeat(79))
        .parse()
        .unwrap_or(Grid::EMPTY);
    let out: Vec<Option<Grid>> = solve_ordered([puzzle, clash, puzzle], 0).collect();
    let ok = out.len() == 3
        && out[0].is_some_and(|s| s.solves(&puzzle))
        && out[1].is_none()
        && out[2] == out[0];
    u32::from(ok)
}

/// `map_ordered` with 2 threads: sums in order.
#[no_mangle]
pub extern "C" fn check_map_ordered() -> u32 {
    let mut seen = Vec::new();
    let result = map_ordered(
        0..100u32,
        2,
        7,
        |chunk: Vec<u32>, _start| chunk.iter().sum::<u32>(),
        |sum| {
            seen.push(sum);
            Ok::<(), ()>(())
        },
    );
    u32::from(result.is_ok() && seen.iter().sum::<u32>() == 4950)
}

/// A generator run on every core without a seed (the fallback seeds) and
/// without a deadline: unique puzzles, all different.
#[no_mangle]
pub extern "C" fn check_generator_run() -> u32 {
    let (a, b) = (random_seed(), random_seed());
    let Ok(generator) = Generator::new(GeneratorOptions::new().minimal(true)) else {
        return 0;
    };
    let solver = BitmaskSolver::new();
    let mut puzzles = Vec::new();
    let run = generator.run(5, 0, None, |g| {
        puzzles.push(g.puzzle);
        Ok::<(), ()>(())
    });
    puzzles.sort_by_key(Grid::to_line);
    puzzles.dedup();
    let ok = a != b
        && run.is_ok()
        && puzzles.len() == 5
        && puzzles.iter().all(|p| solver.has_unique_solution(p));
    u32::from(ok)
}
