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

use crate::grid::{Grid, CELLS};

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

/// The most solutions a front end counts or lists for one puzzle (`sudoku
/// count --limit`, Python's `count` and `solutions`): counting runs at a few
/// million solutions a second, so this bounds one puzzle to seconds, never
/// hours, and a list of them to about a gigabyte.
pub const MAX_COUNT_LIMIT: usize = 10_000_000;

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

    /// The number of solutions, counting no further than `limit` (a
    /// `limit` of 0 is read as 1, as [`Solver::search`] reads it; a list of
    /// solutions up to 0, [`Solver::solutions_up_to`], is empty).
    #[must_use]
    fn count_solutions(&self, puzzle: &Grid, limit: usize) -> usize {
        self.search(puzzle, limit).count
    }

    /// True when the puzzle has exactly one solution.
    #[must_use]
    fn has_unique_solution(&self, puzzle: &Grid) -> bool {
        self.count_solutions(puzzle, 2) == 1
    }

    /// The solution when there is exactly one; `None` when there is none or
    /// more than one (a proper puzzle has exactly one).
    ///
    /// ```
    /// use sudoku_core::{BitmaskSolver, Grid, Solver};
    ///
    /// let proper: Grid = "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......".parse().unwrap();
    /// assert!(BitmaskSolver::new().unique_solution(&proper).is_some());
    /// assert_eq!(BitmaskSolver::new().unique_solution(&Grid::EMPTY), None);
    /// ```
    #[must_use]
    fn unique_solution(&self, puzzle: &Grid) -> Option<Grid> {
        let search = self.search(puzzle, 2);
        if search.count == 1 {
            search.solution
        } else {
            None
        }
    }

    /// Every solution of `puzzle`, each once, as a lazy iterator: take as many
    /// as you need (`.take(n)` for up to `n`). See [`Solutions`] for the cost.
    ///
    /// ```
    /// use sudoku_core::{BitmaskSolver, Grid, Solver};
    ///
    /// // A puzzle with 8 solutions.
    /// let eight: Grid = "53..7....6..1.5....9.....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79".parse().unwrap();
    /// let solver = BitmaskSolver::new();
    /// let mut all: Vec<Grid> = solver.solutions(&eight).collect();
    /// assert_eq!(all.len(), 8);
    /// assert!(all.iter().all(|s| s.solves(&eight)));
    /// all.sort();
    /// all.dedup();
    /// assert_eq!(all.len(), 8);
    ///
    /// // Up to 5 of the empty grid's 6.67 × 10^21.
    /// assert_eq!(solver.solutions(&Grid::EMPTY).take(5).count(), 5);
    /// ```
    fn solutions(&self, puzzle: &Grid) -> Solutions<'_, Self>
    where
        Self: Sized,
    {
        Solutions::new(self, puzzle)
    }

    /// Up to `limit` solutions of `puzzle` (none when `limit` is 0), each
    /// once: the bulk form of [`Solver::solutions`], for when you want them
    /// all at once. [`BitmaskSolver`] finds them in one depth-first search,
    /// which is far cheaper per solution than the lazy iterator's searches.
    ///
    /// Memory grows with the solutions found (81 bytes each), not with
    /// `limit`, so `usize::MAX` asks for every solution; on a puzzle with
    /// very many (the empty grid has 6.67 × 10^21) keep `limit` to what you
    /// can hold.
    ///
    /// ```
    /// use sudoku_core::{BitmaskSolver, Grid, Solver};
    ///
    /// let eight: Grid = "53..7....6..1.5....9.....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79".parse().unwrap();
    /// let all = BitmaskSolver::new().solutions_up_to(&eight, usize::MAX);
    /// assert_eq!(all.len(), 8);
    /// assert!(all.iter().all(|s| s.solves(&eight)));
    /// ```
    #[must_use]
    fn solutions_up_to(&self, puzzle: &Grid, limit: usize) -> Vec<Grid>
    where
        Self: Sized,
    {
        let mut solutions = Vec::new();
        self.solutions_into(puzzle, limit, &mut solutions);
        solutions
    }

    /// [`Solver::solutions_up_to`] into a buffer of yours: appends up to
    /// `limit` solutions of `puzzle` to `buffer` and returns how many it
    /// appended. Clearing and reusing one buffer across puzzles saves an
    /// allocation per puzzle.
    ///
    /// ```
    /// use sudoku_core::{BitmaskSolver, Grid, Solver};
    ///
    /// let solver = BitmaskSolver::new();
    /// let mut buffer = Vec::new();
    /// for limit in [1, 10, 1000] {
    ///     buffer.clear();
    ///     assert_eq!(solver.solutions_into(&Grid::EMPTY, limit, &mut buffer), limit);
    ///     assert!(buffer.iter().all(Grid::is_solved));
    /// }
    /// ```
    fn solutions_into(&self, puzzle: &Grid, limit: usize, buffer: &mut Vec<Grid>) -> usize
    where
        Self: Sized,
    {
        let before = buffer.len();
        buffer.extend(self.solutions(puzzle).take(limit));
        buffer.len() - before
    }
}

/// The solutions of a puzzle, each once: see [`Solver::solutions`].
///
/// How: after finding a solution `S` of a sub-puzzle `P`, every other
/// solution of `P` first differs from `S` at some blank cell `c`, with some
/// digit `d`: it solves `P` with the blanks before `c` filled as in `S` and
/// `d` at `c`. Those sub-puzzles (one per blank and other digit) split the
/// remaining solutions without overlap, so searching each in turn, depth
/// first, yields every solution exactly once. At most 81 frames are kept;
/// each solution after the first costs up to one search per candidate of
/// its differing cells, most of them refuted at once.
#[derive(Debug, Clone)]
pub struct Solutions<'a, S: Solver> {
    solver: &'a S,
    /// The sub-puzzle found to have a solution but not yet yielded.
    pending: Option<Grid>,
    /// Depth-first stack of (sub-puzzle, its solution, next blank, next digit).
    stack: Vec<Frame>,
}

#[derive(Debug, Clone)]
struct Frame {
    puzzle: Grid,
    solution: Grid,
    cell: usize,
    digit: u8,
}

impl<'a, S: Solver> Solutions<'a, S> {
    fn new(solver: &'a S, puzzle: &Grid) -> Self {
        let mut solutions = Solutions {
            solver,
            pending: None,
            stack: Vec::new(),
        };
        solutions.enter(*puzzle);
        solutions
    }

    /// Searches `puzzle`; when it has a solution, queues it and pushes its frame.
    fn enter(&mut self, puzzle: Grid) -> bool {
        match self.solver.solve(&puzzle) {
            Some(solution) => {
                self.pending = Some(solution);
                self.stack.push(Frame {
                    puzzle,
                    solution,
                    cell: 0,
                    digit: 1,
                });
                true
            }
            None => false,
        }
    }
}

impl<S: Solver> Iterator for Solutions<'_, S> {
    type Item = Grid;

    fn next(&mut self) -> Option<Grid> {
        if let Some(solution) = self.pending.take() {
            return Some(solution);
        }
        while let Some(frame) = self.stack.last_mut() {
            // The next (blank cell, other digit) branch of the top frame.
            let mut branch = None;
            while frame.cell < CELLS {
                let cell = frame.cell;
                if frame.puzzle.cells()[cell] != 0 || frame.digit > 9 {
                    if frame.puzzle.cells()[cell] == 0 {
                        // Later branches keep this blank as in the solution.
                        let mut cells = *frame.puzzle.cells();
                        cells[cell] = frame.solution.cells()[cell];
                        frame.puzzle = Grid::from_cells_unchecked(cells);
                    }
                    frame.cell += 1;
                    frame.digit = 1;
                    continue;
                }
                let digit = frame.digit;
                frame.digit += 1;
                if digit != frame.solution.cells()[cell] {
                    let mut cells = *frame.puzzle.cells();
                    cells[cell] = digit;
                    branch = Some(Grid::from_cells_unchecked(cells));
                    break;
                }
            }
            match branch {
                Some(puzzle) => {
                    if self.enter(puzzle) {
                        return self.pending.take();
                    }
                }
                None => {
                    self.stack.pop();
                }
            }
        }
        None
    }
}

impl<S: Solver> std::iter::FusedIterator for Solutions<'_, S> {}

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
