//! # sudoku-core
//!
//! Sudoku at the speed of the hardware: completed-grid generation, a bitboard
//! solver, and streaming readers and writers for every common puzzle format.
//!
//! - [`Grid`]: 81 cells, validity checks, the 9×9 text format.
//! - [`FinalBoards`]: 1,451,520 distinct completed grids with a fixed top-left
//!   digit, as an iterator that jumps anywhere in constant time.
//! - [`Solver`] and [`BitmaskSolver`]: first solution, and solution counts up to a limit.
//! - [`format`](mod@format): streaming puzzle reading (format detected, errors with line
//!   and column) and writing.
//! - [`batch`]: order-preserving parallel processing in bounded memory.
//! - [`rate`]: human-style solving: difficulty ratings, step-by-step explanations, hints.
//! - [`puzzle`]: puzzle generation: unique, minimal, symmetric, at a difficulty,
//!   reproducible from a seed, in parallel.
//!
//! ```
//! use sudoku_core::{BitmaskSolver, FinalBoards, Grid, Solver};
//!
//! // The first completed grid with 9 in the top-left corner.
//! let board = FinalBoards::new(9).unwrap().next().unwrap();
//! assert!(board.is_solved());
//!
//! // Solve a puzzle given as an 81-character line.
//! let puzzle: Grid = "8..........36......7..9.2...5...7.......457.....1...3...1....68..85...1..9....4.."
//!     .parse()
//!     .unwrap();
//! let solution = BitmaskSolver::new().solve(&puzzle).unwrap();
//! assert!(solution.solves(&puzzle));
//! ```
#![warn(missing_docs)]

pub mod batch;
pub mod check;
mod error;
pub mod final_boards;
pub mod format;
mod grid;
pub mod puzzle;
pub mod rate;
pub mod solver;

pub use error::{FirstDigitError, GridError};
pub use final_boards::{FinalBoards, FINAL_BOARD_COUNT};
pub use format::{Format, ParseError, Puzzle, PuzzleReader};
pub use grid::{Conflict, Grid, Unit, ASSIGNMENT_GRID_BYTES, CELLS};
pub use solver::{solve, BitmaskSolver, Search, Solver};

/// The crate README's examples, compiled and run as doc tests so that the
/// crate page never shows code that does not work.
#[cfg(doctest)]
#[doc = include_str!("../README.md")]
pub struct ReadmeDoctests;
