//! Equivalence transforms of the grid and a canonical form.
//!
//! Relabelling the digits, permuting the rows inside a band, the bands, the
//! columns inside a stack and the stacks, and transposing, all map a valid
//! grid to a valid grid and a puzzle to a puzzle with the same number of
//! solutions, solved by the same steps: the puzzles are *equivalent*. Together
//! these operations form a group of 9! × 2 × 6⁸ = 1,218,998,108,160 transforms.
//!
//! [`canonical`] picks one representative per class of equivalent grids, so
//! two puzzles are equivalent exactly when their canonical forms are equal:
//! the way to deduplicate a collection up to relabelling and reordering.
//!
//! ```
//! use sudoku_core::transform::{canonical, Transform};
//! use sudoku_core::Grid;
//!
//! let puzzle: Grid = "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......"
//!     .parse()
//!     .unwrap();
//! // Swap the first two rows, relabel 1 <-> 9, and transpose.
//! let t = Transform::new(
//!     [9, 2, 3, 4, 5, 6, 7, 8, 1],
//!     [1, 0, 2, 3, 4, 5, 6, 7, 8],
//!     [0, 1, 2, 3, 4, 5, 6, 7, 8],
//!     true,
//! )
//! .unwrap();
//! let shuffled = t.apply(&puzzle);
//! assert_ne!(shuffled, puzzle);
//! assert_eq!(canonical(&shuffled), canonical(&puzzle));
//! ```

use std::sync::OnceLock;

use thiserror::Error;

use crate::grid::{Grid, CELLS};

/// One equivalence transform: transpose (or not), reorder rows and columns
/// (keeping bands and stacks together), then relabel the digits.
///
/// [`Transform::apply`] computes `out[r][c] = digit(src[rows[r]][cols[c]])`,
/// where `src` is the grid, transposed first when `transpose` is set. Blanks
/// stay blank.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct Transform {
    /// `digits[d]`: the new label of digit `d` (`digits[0]` is 0: blank).
    digits: [u8; 10],
    /// Output row `r` is source row `rows[r]`.
    rows: [u8; 9],
    /// Output column `c` is source column `cols[c]`.
    cols: [u8; 9],
    /// Transpose the source first.
    transpose: bool,
}

/// Why [`Transform::new`] refused its arguments.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Error)]
#[non_exhaustive]
pub enum TransformError {
    /// The digit map is not a permutation of 1-9.
    #[error("the digit map must be a permutation of 1-9")]
    Digits,
    /// The row order is not a permutation of 0-8 that keeps each band's rows together.
    #[error(
        "the row order must be a permutation of 0-8 that keeps each band's three rows together"
    )]
    Rows,
    /// The column order is not a permutation of 0-8 that keeps each stack's columns together.
    #[error(
        "the column order must be a permutation of 0-8 that keeps each stack's three columns together"
    )]
    Columns,
}

/// True when `order` is a permutation of 0-8 whose groups of three (output
/// positions 0-2, 3-5, 6-8) each come from one source group of three.
fn is_line_order(order: &[usize; 9]) -> bool {
    let mut seen = [false; 9];
    for (i, &line) in order.iter().enumerate() {
        if line >= 9 || seen[line] || line / 3 != order[i - i % 3] / 3 {
            return false;
        }
        seen[line] = true;
    }
    true
}

impl Transform {
    /// The transform that changes nothing.
    pub const IDENTITY: Transform = Transform {
        digits: [0, 1, 2, 3, 4, 5, 6, 7, 8, 9],
        rows: [0, 1, 2, 3, 4, 5, 6, 7, 8],
        cols: [0, 1, 2, 3, 4, 5, 6, 7, 8],
        transpose: false,
    };

    /// A transform from its parts: `digits[d - 1]` is the new label of digit
    /// `d`; output row `r` is source row `rows[r]` and output column `c`
    /// source column `cols[c]` (0-based), after transposing when `transpose`.
    ///
    /// ```
    /// use sudoku_core::transform::{Transform, TransformError};
    ///
    /// let ident = [1, 2, 3, 4, 5, 6, 7, 8, 9];
    /// let lines = [0, 1, 2, 3, 4, 5, 6, 7, 8];
    /// // Bands in reverse order, rows inside each band kept: allowed.
    /// assert!(Transform::new(ident, [6, 7, 8, 3, 4, 5, 0, 1, 2], lines, false).is_ok());
    /// // Stacks swapped and the columns of one stack reordered: allowed.
    /// assert!(Transform::new(ident, lines, [5, 3, 4, 0, 1, 2, 6, 7, 8], false).is_ok());
    /// // Rows 2 and 3 belong to different bands: not an equivalence.
    /// assert_eq!(
    ///     Transform::new(ident, [0, 1, 3, 2, 4, 5, 6, 7, 8], lines, false),
    ///     Err(TransformError::Rows)
    /// );
    /// assert_eq!(
    ///     Transform::new([1, 1, 3, 4, 5, 6, 7, 8, 9], lines, lines, false),
    ///     Err(TransformError::Digits)
    /// );
    /// ```
    ///
    /// # Errors
    /// When a part is not a permutation, or moves a row out of its band or a
    /// column out of its stack.
    pub fn new(
        digits: [u8; 9],
        rows: [usize; 9],
        cols: [usize; 9],
        transpose: bool,
    ) -> Result<Transform, TransformError> {
        let mut map = [0u8; 10];
        let mut seen = [false; 10];
        for (i, &d) in digits.iter().enumerate() {
            if !(1..=9).contains(&d) || seen[d as usize] {
                return Err(TransformError::Digits);
            }
            seen[d as usize] = true;
            map[i + 1] = d;
        }
        if !is_line_order(&rows) {
            return Err(TransformError::Rows);
        }
        if !is_line_order(&cols) {
            return Err(TransformError::Columns);
        }
        Ok(Transform {
            digits: map,
            rows: rows.map(|r| r as u8),
            cols: cols.map(|c| c as u8),
            transpose,
        })
    }

    /// A transform drawn uniformly from the whole group with the caller's
    /// random number generator.
    ///
    /// ```
    /// use rand::SeedableRng;
    /// use sudoku_core::transform::{canonical, Transform};
    ///
    /// let mut rng = rand::rngs::StdRng::seed_from_u64(7);
    /// let grid = sudoku_core::FinalBoards::new(1).unwrap().next().unwrap();
    /// let other = Transform::random(&mut rng).apply(&grid);
    /// assert!(other.is_solved());
    /// assert_eq!(canonical(&other), canonical(&grid));
    /// ```
    #[cfg(feature = "generate")]
    pub fn random<R: rand::Rng + ?Sized>(rng: &mut R) -> Transform {
        use rand::seq::SliceRandom;
        let orders = line_orders();
        let rows = orders[rng.random_range(0..orders.len())];
        let cols = orders[rng.random_range(0..orders.len())];
        let mut digits = [0u8, 1, 2, 3, 4, 5, 6, 7, 8, 9];
        digits[1..].shuffle(rng);
        Transform {
            digits,
            rows,
            cols,
            transpose: rng.random(),
        }
    }

    /// `grid` transformed: valid stays valid, a puzzle keeps its number of
    /// solutions (each transformed the same way).
    #[must_use]
    pub fn apply(&self, grid: &Grid) -> Grid {
        let src = grid.cells();
        let mut cells = [0u8; CELLS];
        for r in 0..9 {
            for c in 0..9 {
                let (sr, sc) = (self.rows[r] as usize, self.cols[c] as usize);
                let value = if self.transpose {
                    src[sc * 9 + sr]
                } else {
                    src[sr * 9 + sc]
                };
                cells[r * 9 + c] = self.digits[value as usize];
            }
        }
        Grid::from_cells_unchecked(cells)
    }
}

impl Default for Transform {
    fn default() -> Self {
        Transform::IDENTITY
    }
}

/// The 1,296 orders of nine lines that keep the three groups of three
/// together (6 orders of the groups × 6³ orders inside them).
fn line_orders() -> &'static [[u8; 9]] {
    static ORDERS: OnceLock<Vec<[u8; 9]>> = OnceLock::new();
    ORDERS.get_or_init(|| {
        const PERMS: [[u8; 3]; 6] = [
            [0, 1, 2],
            [0, 2, 1],
            [1, 0, 2],
            [1, 2, 0],
            [2, 0, 1],
            [2, 1, 0],
        ];
        let mut orders = Vec::with_capacity(1296);
        for groups in PERMS {
            for a in PERMS {
                for b in PERMS {
                    for c in PERMS {
                        let mut order = [0u8; 9];
                        for (g, inner) in [a, b, c].iter().enumerate() {
                            for (i, &line) in inner.iter().enumerate() {
                                order[g * 3 + i] = groups[g] * 3 + line;
                            }
                        }
                        orders.push(order);
                    }
                }
            }
        }
        orders
    })
}

/// `row` reordered by `cols` with the digits relabelled in order of first
/// appearance (the least relabelling, see [`canonical`]).
fn first_row_key(row: &[u8; 9], cols: &[u8; 9]) -> [u8; 9] {
    let mut label = [0u8; 10];
    let mut next = 1;
    let mut key = [0u8; 9];
    for (k, &c) in key.iter_mut().zip(cols) {
        let v = row[c as usize] as usize;
        if v != 0 {
            if label[v] == 0 {
                label[v] = next;
                next += 1;
            }
            *k = label[v];
        }
    }
    key
}

/// The canonical form of `grid`: the least grid, in row-major order with
/// blanks (0) before digits, among all grids equivalent to it (see the
/// [module docs](self)). Equivalent grids, and only they, have the same
/// canonical form; the canonical form is itself equivalent to `grid`.
///
/// How: for a fixed placement of the cells, the least relabelling numbers the
/// digits in order of first appearance, so only the 2 × 1,296² placements
/// need searching. The first row comes from one source row and the column
/// order; the least first row is found first (18 source rows × 1,296 column
/// orders), and only the placements that reach it are compared in full, each
/// abandoned at its first cell above the best so far. Puzzles of the public
/// sets take 5-13 ms each on one core; a completed grid, whose first row is
/// always 1-9 whatever the placement, about 120 ms (release build, see the
/// workspace README for the commands).
///
/// ```
/// use sudoku_core::transform::canonical;
/// use sudoku_core::Grid;
///
/// let puzzle: Grid = "...........547......4..61..1...2....8.61..32..3...87...6...325..4..6.....718.....".parse().unwrap();
/// let form = canonical(&puzzle);
/// assert_eq!(form.givens(), puzzle.givens());
/// assert_eq!(canonical(&form), form);
/// ```
#[must_use]
pub fn canonical(grid: &Grid) -> Grid {
    canonical_transform(grid).apply(grid)
}

/// A transform that takes `grid` to its [`canonical`] form (one of them, when
/// the grid has symmetries of its own).
///
/// ```
/// use sudoku_core::transform::{canonical, canonical_transform};
/// use sudoku_core::Grid;
///
/// let puzzle: Grid = "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......".parse().unwrap();
/// assert_eq!(canonical_transform(&puzzle).apply(&puzzle), canonical(&puzzle));
/// ```
#[must_use]
pub fn canonical_transform(grid: &Grid) -> Transform {
    let orders = line_orders();
    let cells = grid.cells();
    let mut sources = [[[0u8; 9]; 9]; 2];
    for r in 0..9 {
        for c in 0..9 {
            sources[0][r][c] = cells[r * 9 + c];
            sources[1][r][c] = cells[c * 9 + r];
        }
    }
    // The least first row, and for each (transposition, source row) the
    // column orders that reach it.
    let mut best_row = [u8::MAX; 9];
    let mut reaching: Vec<(usize, usize, Vec<usize>)> = Vec::new();
    for (t, source) in sources.iter().enumerate() {
        for (r0, row) in source.iter().enumerate() {
            let mut cols = Vec::new();
            for (k, order) in orders.iter().enumerate() {
                let key = first_row_key(row, order);
                if key < best_row {
                    best_row = key;
                    reaching.clear();
                    cols.clear();
                }
                if key == best_row {
                    cols.push(k);
                }
            }
            if !cols.is_empty() {
                reaching.push((t, r0, cols));
            }
        }
    }
    let mut best = [u8::MAX; CELLS];
    let mut best_transform = Transform::IDENTITY;
    let mut candidate = [0u8; CELLS];
    for (t, r0, cols) in &reaching {
        let source = &sources[*t];
        for rows in orders.iter().filter(|o| o[0] as usize == *r0) {
            for &k in cols {
                let order = &orders[k];
                let mut label = [0u8; 10];
                let mut next = 1;
                let mut below = false;
                let mut worse = false;
                for (i, slot) in candidate.iter_mut().enumerate() {
                    let v = source[rows[i / 9] as usize][order[i % 9] as usize] as usize;
                    let l = if v == 0 {
                        0
                    } else {
                        if label[v] == 0 {
                            label[v] = next;
                            next += 1;
                        }
                        label[v]
                    };
                    *slot = l;
                    if !below {
                        if l > best[i] {
                            worse = true;
                            break;
                        }
                        below = l < best[i];
                    }
                }
                if !worse && below {
                    best = candidate;
                    // Digits absent from the grid take the labels left over.
                    let used = label;
                    let mut unused = (1..=9u8).filter(|l| !used.contains(l));
                    for l in label.iter_mut().skip(1).filter(|l| **l == 0) {
                        *l = unused.next().unwrap_or(0);
                    }
                    best_transform = Transform {
                        digits: label,
                        rows: *rows,
                        cols: *order,
                        transpose: *t == 1,
                    };
                }
            }
        }
    }
    best_transform
}
