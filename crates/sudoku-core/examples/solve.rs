//! Solves a puzzle given on the command line (81 characters, `.` or `0` for
//! blanks) or a built-in one, and says whether its solution is unique.
//!
//! Run with `cargo run --example solve -- 4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......`.
use sudoku_core::{BitmaskSolver, Grid, Solver};

fn main() {
    let text = std::env::args().nth(1).unwrap_or_else(|| {
        "8..........36......7..9.2...5...7.......457.....1...3...1....68..85...1..9....4..".into()
    });
    let puzzle: Grid = match text.parse() {
        Ok(grid) => grid,
        Err(e) => {
            eprintln!("not a puzzle: {e}");
            std::process::exit(2);
        }
    };
    let solver = BitmaskSolver::new();
    match solver.solve(&puzzle) {
        Some(solution) => {
            let unique = solver.has_unique_solution(&puzzle);
            println!("{solution}");
            println!("unique: {unique}");
        }
        None => println!("no solution"),
    }
}
