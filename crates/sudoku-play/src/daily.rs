//! The daily puzzle: sudoku-core's [`sudoku_core::daily`], the same for a
//! date here, in `sudoku daily` and on the web page.

pub use sudoku_core::daily::{Date, ParseDateError};
