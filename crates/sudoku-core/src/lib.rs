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
//! - [`rate`]: human-style solving: difficulty ratings, step-by-step explanations.
//! - [`hint`]: the next step for a player, in stages and plain language, from
//!   the player's own pencil marks; what every front end shows.
//! - [`daily`]: the daily puzzle, the same for a date in every front end.
//! - [`transform`]: equivalence transforms (digits, rows, bands, columns,
//!   stacks, transposition) and a canonical form for deduplication.
//! - `puzzle` (feature `generate`, on by default): puzzle generation: unique,
//!   minimal, symmetric, at a difficulty, reproducible from a seed, in parallel.
//!
//! # Feature flags
//! - `generate` (default): the `puzzle` module, and the dependency on `rand`.
//!   Without it the crate solves, counts, rates, reads and writes puzzles.
//! - `serde`: `Serialize` and `Deserialize` for [`Grid`] (as its 81-character
//!   line), [`rate::Rating`], [`rate::Level`], [`rate::Technique`] and, with
//!   `generate`, `puzzle::Symmetry` (as their names), [`rate::TechniqueSet`]
//!   (a list of names) and [`transform::Transform`] (its four parts);
//!   `Serialize` for [`rate::Step`].
//!
//! # Threads
//! Every function that takes a thread count reads it the same way
//! ([`batch::resolve_threads`]): 0 means every core the process may use.
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
// On docs.rs (nightly, `--cfg docsrs`): badges naming the feature each
// gated item needs.
#![cfg_attr(docsrs, feature(doc_cfg))]

pub mod batch;
pub mod check;
pub mod daily;
mod error;
pub mod final_boards;
pub mod format;
mod grid;
pub mod hint;
#[cfg(feature = "generate")]
pub mod puzzle;
pub mod rate;
#[cfg(feature = "serde")]
mod serde_impls;
pub mod solver;
pub mod transform;

pub use error::{FirstDigitError, GridError};
pub use final_boards::{FinalBoards, FINAL_BOARD_COUNT};
pub use format::{Format, ParseError, PuzzleReader, PuzzleRecord};
pub use grid::{Conflict, Grid, Unit, CELLS, GRID_TEXT_BYTES};
pub use solver::{solve, BitmaskSolver, Search, Solver};

/// The `rand` crate (version 0.9) that the APIs taking the caller's random
/// number generator (`puzzle::Generator::puzzle_with_rng`,
/// `puzzle::random_grid`, `transform::Transform::random`) are written
/// against: a program that uses it through this re-export never mixes two
/// major versions of `rand`.
///
/// ```
/// use sudoku_core::rand::{rngs::StdRng, SeedableRng};
///
/// let grid = sudoku_core::puzzle::random_grid(&mut StdRng::seed_from_u64(7));
/// assert!(grid.is_solved());
/// ```
#[cfg(feature = "generate")]
pub use rand;

/// The crate README's examples, compiled and run as doc tests so that the
/// crate page never shows code that does not work.
#[cfg(all(doctest, feature = "generate"))]
#[doc = include_str!("../README.md")]
pub struct ReadmeDoctests;
