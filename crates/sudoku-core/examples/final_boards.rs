//! Prints the first three final boards with 5 in the top-left corner, then
//! jumps straight to the last one.
//!
//! Run with `cargo run --example final_boards`.
use sudoku_core::FinalBoards;

fn main() {
    let mut boards = FinalBoards::new(5).expect("5 is a digit");
    println!("{} boards in all\n", boards.len());
    for board in boards.by_ref().take(3) {
        println!("{board}");
    }
    let last = boards.next_back().expect("the iterator is not empty");
    println!("the last one:\n{last}");
}
