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

use std::collections::HashSet;
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

    /// The digit map: `digits()[d - 1]` is the new label of digit `d`, as
    /// [`Transform::new`] takes it.
    #[must_use]
    pub fn digits(&self) -> [u8; 9] {
        std::array::from_fn(|i| self.digits[i + 1])
    }

    /// The row order: output row `r` is source row `rows()[r]`.
    #[must_use]
    pub fn rows(&self) -> [usize; 9] {
        self.rows.map(usize::from)
    }

    /// The column order: output column `c` is source column `cols()[c]`.
    #[must_use]
    pub fn cols(&self) -> [usize; 9] {
        self.cols.map(usize::from)
    }

    /// Whether the source is transposed first.
    #[must_use]
    pub fn transposes(&self) -> bool {
        self.transpose
    }

    /// The source cell (row, column) that output cell (`r`, `c`) reads.
    fn source_of(&self, r: usize, c: usize) -> (usize, usize) {
        let (row, col) = (usize::from(self.rows[r]), usize::from(self.cols[c]));
        if self.transpose {
            (col, row)
        } else {
            (row, col)
        }
    }

    /// The transform whose cells read source cells as `source_of` says and
    /// whose digit map is `digits`: the placement part is read back from
    /// where output row 0 and column 0 come from.
    fn from_cell_map(
        source_of: impl Fn(usize, usize) -> (usize, usize),
        digits: [u8; 10],
    ) -> Transform {
        // Without transposition an output row reads one source row; with
        // it, one source column.
        let transpose = source_of(0, 0).0 != source_of(0, 1).0;
        let pick = |(row, col): (usize, usize), along_rows: bool| -> u8 {
            (if along_rows != transpose { row } else { col }) as u8
        };
        Transform {
            digits,
            rows: std::array::from_fn(|r| pick(source_of(r, 0), true)),
            cols: std::array::from_fn(|c| pick(source_of(0, c), false)),
            transpose,
        }
    }

    /// `self`, then `next`: the transform that does both, so that
    /// `self.then(&next).apply(g) == next.apply(&self.apply(g))`.
    ///
    /// ```
    /// use sudoku_core::transform::Transform;
    /// use sudoku_core::Grid;
    ///
    /// let grid: Grid = "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......".parse().unwrap();
    /// let swap_bands = Transform::new([1, 2, 3, 4, 5, 6, 7, 8, 9], [3, 4, 5, 0, 1, 2, 6, 7, 8], [0, 1, 2, 3, 4, 5, 6, 7, 8], false).unwrap();
    /// let relabel_and_transpose = Transform::new([2, 1, 3, 4, 5, 6, 7, 8, 9], [0, 1, 2, 3, 4, 5, 6, 7, 8], [0, 1, 2, 3, 4, 5, 6, 7, 8], true).unwrap();
    /// let both = swap_bands.then(&relabel_and_transpose);
    /// assert_eq!(both.apply(&grid), relabel_and_transpose.apply(&swap_bands.apply(&grid)));
    /// assert_eq!(both.inverse().apply(&both.apply(&grid)), grid);
    /// ```
    #[must_use]
    pub fn then(&self, next: &Transform) -> Transform {
        let mut digits = [0u8; 10];
        for (d, label) in digits.iter_mut().enumerate() {
            *label = next.digits[usize::from(self.digits[d])];
        }
        Transform::from_cell_map(
            |r, c| {
                let (r, c) = next.source_of(r, c);
                self.source_of(r, c)
            },
            digits,
        )
    }

    /// The transform that undoes `self`: `self.inverse().apply(&self.apply(g)) == g`.
    #[must_use]
    pub fn inverse(&self) -> Transform {
        let mut digits = [0u8; 10];
        for d in 0..10 {
            digits[usize::from(self.digits[d])] = d as u8;
        }
        // Output cell (r, c) of `self` reads source cell `source_of(r, c)`;
        // the inverse's output cell there reads (r, c).
        let mut back = [[(0usize, 0usize); 9]; 9];
        for r in 0..9 {
            for c in 0..9 {
                let (sr, sc) = self.source_of(r, c);
                back[sr][sc] = (r, c);
            }
        }
        Transform::from_cell_map(|r, c| back[r][c], digits)
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

/// The least relabelling of the digits met so far: each digit takes the
/// next label at its first appearance (see [`canonical`]).
#[derive(Clone, Copy, PartialEq, Eq, Hash)]
struct Labels {
    /// `label[d]`: digit `d`'s label, 0 while it has not appeared (and for blanks).
    label: [u8; 10],
    next: u8,
}

impl Labels {
    const NONE: Labels = Labels {
        label: [0; 10],
        next: 1,
    };

    /// The label of cell value `v` (blank stays 0), given now if it is new.
    fn of(&mut self, v: u8) -> u8 {
        let v = usize::from(v);
        if v != 0 && self.label[v] == 0 {
            self.label[v] = self.next;
            self.next += 1;
        }
        self.label[v]
    }

    /// `row` reordered by `cols` and relabelled.
    fn row(&mut self, row: &[u8; 9], cols: &[u8; 9]) -> [u8; 9] {
        cols.map(|c| self.of(row[usize::from(c)]))
    }

    /// The digit map of a transform: digits absent from the grid take the
    /// labels left over.
    fn digits(self) -> [u8; 10] {
        let mut digits = self.label;
        let mut unused = (1..=9u8).filter(|l| !self.label.contains(l));
        for l in digits.iter_mut().skip(1).filter(|l| **l == 0) {
            *l = unused.next().unwrap_or(0);
        }
        digits
    }
}

/// The canonical form of `grid`: the least grid, in row-major order with
/// blanks (0) before digits, among all grids equivalent to it (see the
/// [module docs](self)). Equivalent grids, and only they, have the same
/// canonical form; the canonical form is itself equivalent to `grid`.
///
/// How: for a fixed placement of the cells, the least relabelling numbers the
/// digits in order of first appearance, so only the 2 × 1,296² placements
/// need searching. The least grid is built a row at a time: every choice of
/// transposition and column order proposes its least first row, and only the
/// choices that reach the least one go on to propose a second row (from the
/// rows a band order still allows), and so on. Each row keeps only the
/// placements that tie for the least grid so far, so few remain after the
/// first rows that differ. Two tied placements whose futures are the same
/// (transposition, column order, labels, rows used) are kept once, and the
/// column order is only chosen at the first row with a digit, so sparse and
/// regular grids (the empty grid, one clue, a full row) stay fast: at most
/// about 60 ms on 3,000 grids built from rows, columns, boxes and digits,
/// 0.66 s before. Should very many still tie, the search falls back to
/// comparing the placements that reach the least first row in full, each
/// abandoned at its first cell above the best so far.
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
    let sources = sources(grid);
    refine_by_rows(&sources).unwrap_or_else(|| exhaustive_transform(&sources))
}

/// The number of transforms of the group (see the [module docs](self))
/// that leave `grid` as it is: its automorphisms. Almost every complete
/// grid has 1 (only the identity); grids and puzzles with a symmetry of
/// their own have more, and the empty grid has the whole group's
/// 1,218,998,108,160. Equivalent grids have the same count, and by the
/// orbit-stabiliser theorem the group's order divided by it is the number
/// of distinct grids equivalent to `grid`.
///
/// Digits absent from `grid` may be exchanged freely, so a puzzle using
/// `k` < 9 distinct digits counts each placement `k'!` times, `k'` = 9 - `k`.
///
/// ```
/// use sudoku_core::transform::{automorphisms, Transform};
/// use sudoku_core::Grid;
///
/// // Row r is 1-9 shifted by 3·(r mod 3) + r div 3: a grid rich in symmetry.
/// let pattern: Grid = "123456789456789123789123456234567891567891234891234567345678912678912345912345678"
///     .parse()
///     .unwrap();
/// assert_eq!(automorphisms(&pattern), 54);
/// assert_eq!(automorphisms(&Grid::EMPTY), 2 * 1296 * 1296 * 362_880);
/// let mine: Grid = "534678912672195348198342567859761423426853791713924856961537284287419635345286179"
///     .parse()
///     .unwrap();
/// assert_eq!(automorphisms(&mine), 1);
/// ```
///
/// How: for each transposition and column order, a search over the row
/// orders (a band at a time) that extends a one-to-one digit map row by
/// row and abandons a row order at its first row that cannot map onto the
/// grid's; the placements that reach the ninth row are the automorphisms,
/// up to the free exchange of absent digits. Most grids settle within a
/// cell or two of the first row; rows blank in both the grid and the
/// placement are counted, not searched, so the empty grid, where every
/// placement succeeds, takes well under a millisecond.
#[must_use]
pub fn automorphisms(grid: &Grid) -> u64 {
    let sources = sources(grid);
    let target = &sources[0];
    let mut placements = 0u64;
    for source in &sources {
        for cols in line_orders() {
            placements += row_orders_onto(source, target, cols, (0, 0, 0), DigitMap::NONE);
        }
    }
    let absent = (1..=9u8).filter(|d| !grid.cells().contains(d)).count() as u64;
    placements * (1..=absent).product::<u64>()
}

/// A one-to-one map of digits being built (blank to blank).
#[derive(Clone, Copy)]
struct DigitMap {
    /// `to[d]`: where digit `d` goes, 0 while unmapped.
    to: [u8; 10],
    /// `from[e]`: the digit going to `e`, 0 while none does.
    from: [u8; 10],
}

impl DigitMap {
    const NONE: DigitMap = DigitMap {
        to: [0; 10],
        from: [0; 10],
    };

    /// `self` extended so that `row` read in column order `cols` maps onto
    /// `onto`; `None` when no one-to-one map does.
    fn extend(mut self, row: &[u8; 9], cols: &[u8; 9], onto: &[u8; 9]) -> Option<DigitMap> {
        for (&c, &t) in cols.iter().zip(onto) {
            let s = row[usize::from(c)];
            let (si, ti) = (usize::from(s), usize::from(t));
            if s == 0 || t == 0 {
                if s != t {
                    return None;
                }
            } else if self.to[si] == 0 && self.from[ti] == 0 {
                self.to[si] = t;
                self.from[ti] = s;
            } else if self.to[si] != t {
                return None;
            }
        }
        Some(self)
    }
}

/// The orders of `source`'s rows, from output row `len` on (the rows in
/// `used` taken, the last of them in band `band`), under which `source`
/// read in column order `cols` maps onto `target` with one digit map
/// extending `map`.
fn row_orders_onto(
    source: &[[u8; 9]; 9],
    target: &[[u8; 9]; 9],
    cols: &[u8; 9],
    (len, used, band): (usize, u16, usize),
    map: DigitMap,
) -> u64 {
    if len == 9 {
        return 1;
    }
    // The rest blank on both sides: every order of the rows left maps, so
    // count them (the open band's rows left, then whole bands) rather than
    // visit them: the empty grid's search would otherwise take 0.2 s.
    let unused_blank = (0..9).all(|r| used & 1 << r != 0 || source[r] == [0; 9]);
    if unused_blank && target[len..].iter().all(|row| *row == [0; 9]) {
        let in_band = (3 - len % 3) % 3;
        let bands = ((9 - len - in_band) / 3) as u64;
        let factorial = |n: u64| (1..=n).product::<u64>();
        return factorial(in_band as u64) * factorial(bands) * 6u64.pow(bands as u32);
    }
    // Inside a band, its rows not used yet; at a band's start, the rows of
    // any band not used yet.
    let rows = if len % 3 == 0 {
        0..9
    } else {
        3 * band..3 * band + 3
    };
    let mut count = 0;
    for row in rows {
        let free = used & 1 << row == 0 && (len % 3 != 0 || used >> (row / 3 * 3) & 0b111 == 0);
        if free {
            if let Some(next) = map.extend(&source[row], cols, &target[len]) {
                count += row_orders_onto(
                    source,
                    target,
                    cols,
                    (len + 1, used | 1 << row, row / 3),
                    next,
                );
            }
        }
    }
    count
}

/// The grid's rows as placed (`[0]`) and transposed (`[1]`).
type Sources = [[[u8; 9]; 9]; 2];

fn sources(grid: &Grid) -> Sources {
    let cells = grid.cells();
    let mut sources = [[[0u8; 9]; 9]; 2];
    for r in 0..9 {
        for c in 0..9 {
            sources[0][r][c] = cells[r * 9 + c];
            sources[1][r][c] = cells[c * 9 + r];
        }
    }
    sources
}

/// A placement being built by [`refine_by_rows`]: a transposition, a column
/// order (none yet while every row chosen is blank, since a blank row reads
/// the same in any order), the source rows chosen for the first `len` output
/// rows, and the digit labels given so far.
#[derive(Clone, Copy)]
struct Partial {
    transpose: bool,
    cols: Option<[u8; 9]>,
    rows: [u8; 9],
    len: usize,
    labels: Labels,
}

/// What decides the rest of a [`Partial`]'s search: the transposition, the
/// column order, the labels, the source rows used and the band left open.
/// Two partials tied so far (their rows read the same) with the same future
/// reach the same grids, so one of them is enough.
type Future = (bool, Option<[u8; 9]>, Labels, u16, u8);

impl Partial {
    /// Nothing placed yet, as placed or transposed.
    fn start(transpose: bool) -> Partial {
        Partial {
            transpose,
            cols: None,
            rows: [0; 9],
            len: 0,
            labels: Labels::NONE,
        }
    }

    /// The source rows that may become output row `self.len`: while a band
    /// is open, its rows not used yet; at a band's start, any row of a band
    /// not used yet.
    fn next_rows(&self) -> impl Iterator<Item = u8> + '_ {
        let used = &self.rows[..self.len];
        let open_band = (self.len % 3 != 0).then(|| self.rows[self.len - 1] / 3);
        (0..9u8).filter(move |&row| {
            !used.contains(&row)
                && match open_band {
                    Some(band) => row / 3 == band,
                    None => used.iter().all(|&u| u / 3 != row / 3),
                }
        })
    }

    /// `self` extended by source row `row` read in column order `cols`
    /// (`None`: the row is blank and the order stays open), and that row as
    /// it reads out.
    fn extend(&self, source: &[[u8; 9]; 9], row: u8, cols: Option<&[u8; 9]>) -> (Partial, [u8; 9]) {
        let mut next = *self;
        let key = match cols {
            Some(cols) => {
                next.cols = Some(*cols);
                next.labels.row(&source[usize::from(row)], cols)
            }
            None => [0; 9],
        };
        next.rows[next.len] = row;
        next.len += 1;
        (next, key)
    }

    fn future(&self) -> Future {
        let used = self.rows[..self.len]
            .iter()
            .fold(0u16, |mask, &row| mask | 1 << row);
        let open_band = if self.len % 3 == 0 {
            3
        } else {
            self.rows[self.len - 1] / 3
        };
        (self.transpose, self.cols, self.labels, used, open_band)
    }

    /// The finished placement as a transform.
    fn into_transform(self) -> Transform {
        Transform {
            digits: self.labels.digits(),
            rows: self.rows,
            cols: self.cols.unwrap_or(Transform::IDENTITY.cols),
            transpose: self.transpose,
        }
    }
}

/// The most placements [`refine_by_rows`] keeps before giving up.
const MOST_TIED: usize = 1 << 17;

/// The canonical transform found a row at a time (see [`canonical`]), or
/// `None` when more than [`MOST_TIED`] placements tie at some row.
fn refine_by_rows(sources: &Sources) -> Option<Transform> {
    let mut tied = vec![Partial::start(false), Partial::start(true)];
    let mut extended = Vec::new();
    let mut futures = HashSet::new();
    for _ in 0..9 {
        let mut best = [u8::MAX; 9];
        extended.clear();
        futures.clear();
        let mut consider = |(next, key): (Partial, [u8; 9])| {
            if key < best {
                best = key;
                extended.clear();
                futures.clear();
            }
            if key == best && futures.insert(next.future()) {
                if extended.len() == MOST_TIED {
                    return Err(());
                }
                extended.push(next);
            }
            Ok(())
        };
        for partial in &tied {
            let source = &sources[usize::from(partial.transpose)];
            for row in partial.next_rows() {
                match &partial.cols {
                    Some(cols) => consider(partial.extend(source, row, Some(cols))).ok()?,
                    None if source[usize::from(row)] == [0; 9] => {
                        consider(partial.extend(source, row, None)).ok()?;
                    }
                    None => {
                        for cols in line_orders() {
                            consider(partial.extend(source, row, Some(cols))).ok()?;
                        }
                    }
                }
            }
        }
        std::mem::swap(&mut tied, &mut extended);
    }
    tied.first().map(|partial| partial.into_transform())
}

/// The canonical transform by comparing in full every placement that
/// reaches the least first row.
fn exhaustive_transform(sources: &Sources) -> Transform {
    let orders = line_orders();
    // The least first row, and for each (transposition, source row) the
    // column orders that reach it.
    let mut best_row = [u8::MAX; 9];
    let mut reaching: Vec<(usize, usize, Vec<usize>)> = Vec::new();
    for (t, source) in sources.iter().enumerate() {
        for (r0, row) in source.iter().enumerate() {
            let mut cols = Vec::new();
            for (k, order) in orders.iter().enumerate() {
                let key = { Labels::NONE }.row(row, order);
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
                let mut labels = Labels::NONE;
                let mut below = false;
                let mut worse = false;
                for (i, slot) in candidate.iter_mut().enumerate() {
                    let l = labels.of(source[rows[i / 9] as usize][order[i % 9] as usize]);
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
                    best_transform = Transform {
                        digits: labels.digits(),
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

#[cfg(test)]
mod tests {
    use super::*;
    use crate::solver::{BitmaskSolver, Solver};

    /// The first puzzles of each shipped data set.
    fn puzzles() -> Vec<Grid> {
        let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/data");
        let mut all = Vec::new();
        for name in [
            "17_clue.txt",
            "magictour_top1465.txt",
            "serg_benchmark.txt",
            "unbiased.txt",
        ] {
            let text = std::fs::read_to_string(dir.join(name)).expect("shipped test data");
            let lines = text.lines().filter(|l| l.len() == 81).take(5);
            all.extend(lines.map(|l| l.parse::<Grid>().expect("a puzzle")));
        }
        all
    }

    /// The row-by-row search and the full comparison find the same least
    /// grid, on puzzles, on their solutions (where the first row ties for
    /// every placement), and on both after shuffling.
    #[test]
    fn refining_by_rows_agrees_with_comparing_in_full() {
        let solver = BitmaskSolver::new();
        let shuffle = Transform::new(
            [4, 9, 1, 2, 8, 3, 7, 5, 6],
            [5, 3, 4, 8, 7, 6, 1, 0, 2],
            [2, 1, 0, 6, 8, 7, 5, 3, 4],
            true,
        )
        .expect("a transform");
        for puzzle in puzzles() {
            let solution = solver.solve(&puzzle).expect("solvable");
            for grid in [
                puzzle,
                solution,
                shuffle.apply(&puzzle),
                shuffle.apply(&solution),
            ] {
                let sources = sources(&grid);
                let full = exhaustive_transform(&sources).apply(&grid);
                let refined = refine_by_rows(&sources).expect("few ties").apply(&grid);
                assert_eq!(refined, full, "{grid}");
            }
        }
    }

    /// Sparse and regular grids, where nearly every placement ties row after
    /// row (issue 37: the empty grid took 0.66 s, a full row 0.2 s): the
    /// row-by-row search still finishes without the full comparison, and
    /// finds the same least grid.
    #[test]
    fn sparse_and_regular_grids_refine_to_the_least_grid() {
        let solution: Grid =
            "534678912672195348198342567859761423426853791713924856961537284287419635345286179"
                .parse()
                .expect("a solution");
        let keep = |pick: &dyn Fn(usize) -> bool| {
            let mut cells = *solution.cells();
            for (i, cell) in cells.iter_mut().enumerate() {
                if !pick(i) {
                    *cell = 0;
                }
            }
            Grid::try_from(cells).expect("a grid")
        };
        let grids = [
            keep(&|_| false),
            keep(&|i| i == 80),
            keep(&|i| i == 40),
            keep(&|i| i == 0 || i == 10),
            keep(&|i| i / 9 == 0),
            keep(&|i| i % 9 == 0),
            keep(&|i| i / 27 == 0 && i % 9 < 3),
            keep(&|i| i / 27 == 1),
            keep(&|i| solution.cells()[i] == 5),
        ];
        for grid in grids {
            let sources = sources(&grid);
            let refined = refine_by_rows(&sources).expect("few ties").apply(&grid);
            assert_eq!(
                refined,
                exhaustive_transform(&sources).apply(&grid),
                "{grid}"
            );
        }
        let mut least = [0u8; CELLS];
        least[80] = 1;
        assert_eq!(canonical(&grids[1]), Grid::try_from(least).expect("a grid"));
        assert_eq!(canonical(&grids[0]), Grid::EMPTY);
    }
}
