//! The [`Solver`] trait, and the default implementation, [`BitmaskSolver`].
//!
//! A solver answers two questions about a puzzle: *a* solution (the first it
//! finds), and *how many* solutions there are, up to a limit. Counting to 2
//! proves uniqueness, which puzzle generation depends on.
//!
//! # Adding an implementation
//! Implement [`Solver::search`]; the other methods derive from it. A
//! `search` must
//! - return only grids that are complete, valid and agree with the puzzle's givens;
//! - stop as soon as it has found `limit` solutions, so that counting never runs away;
//! - report 0 solutions (not an error) for a puzzle whose givens conflict.
//!
//! The tests in `crates/sudoku-core/tests/solver.rs` hold any implementation to this.

mod bitmask;

pub use bitmask::BitmaskSolver;

use crate::grid::Grid;

/// What a [`Solver::search`] found.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Search {
    /// The first solution found, if any.
    pub solution: Option<Grid>,
    /// Solutions found, at most the limit asked for.
    pub count: usize,
    /// Branches tried at guesses: 0 when logic alone settled the puzzle.
    pub guesses: u64,
}

impl Search {
    /// The result for a puzzle without a solution found before any guess
    /// (conflicting givens, or a contradiction from logic alone).
    pub const NONE: Search = Search {
        solution: None,
        count: 0,
        guesses: 0,
    };
}

/// A Sudoku solver.
///
/// ```
/// use sudoku_core::{BitmaskSolver, Grid, Solver};
///
/// let puzzle: Grid = "..............3.85..1.2.......5.7.....4...1...9.......5......73..2.1........4...9"
///     .parse()
///     .unwrap();
/// let solver = BitmaskSolver::new();
/// let solution = solver.solve(&puzzle).expect("this puzzle has a solution");
/// assert!(solution.solves(&puzzle));
/// assert_eq!(solver.count_solutions(&puzzle, 2), 1);
/// ```
pub trait Solver {
    /// Searches `puzzle` for up to `limit` solutions (a `limit` of 0 is read as 1).
    #[must_use]
    fn search(&self, puzzle: &Grid, limit: usize) -> Search;

    /// The first solution found, or `None` when the puzzle has none.
    #[must_use]
    fn solve(&self, puzzle: &Grid) -> Option<Grid> {
        self.search(puzzle, 1).solution
    }

    /// The number of solutions, counting no further than `limit`.
    #[must_use]
    fn count_solutions(&self, puzzle: &Grid, limit: usize) -> usize {
        self.search(puzzle, limit).count
    }

    /// True when the puzzle has exactly one solution.
    #[must_use]
    fn has_unique_solution(&self, puzzle: &Grid) -> bool {
        self.count_solutions(puzzle, 2) == 1
    }
}

impl<S: Solver + ?Sized> Solver for &S {
    fn search(&self, puzzle: &Grid, limit: usize) -> Search {
        (**self).search(puzzle, limit)
    }
}

/// Solves `puzzle` with the default solver: the convenience entry point.
///
/// ```
/// let puzzle = "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......";
/// let solution = sudoku_core::solve(&puzzle.parse().unwrap()).unwrap();
/// assert!(solution.is_solved());
/// ```
#[must_use]
pub fn solve(puzzle: &Grid) -> Option<Grid> {
    BitmaskSolver::new().solve(puzzle)
}
