//! Rates a puzzle given on the command line (81 characters) or a built-in
//! one, then prints how a person would solve it, step by step.
//!
//! Run with `cargo run --example rate -- 4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......`.
use sudoku_core::rate::{self, Candidates};
use sudoku_core::Grid;

fn main() {
    let text = std::env::args().nth(1).unwrap_or_else(|| {
        "...........547......4..61..1...2....8.61..32..3...87...6...325..4..6.....718.....".into()
    });
    let puzzle: Grid = match text.parse() {
        Ok(grid) => grid,
        Err(e) => {
            eprintln!("not a puzzle: {e}");
            std::process::exit(2);
        }
    };
    let Some(rating) = rate::rate(&puzzle) else {
        println!("not rated: the puzzle has no solution or more than one");
        return;
    };
    println!(
        "{:.1} {} (hardest: {}, {} steps)",
        rating.score, rating.level, rating.hardest, rating.steps
    );
    // The candidate grid at the start, then the path.
    print!("{}", Candidates::new(&puzzle));
    for step in rate::explain(&puzzle) {
        println!("{step}");
    }
}
