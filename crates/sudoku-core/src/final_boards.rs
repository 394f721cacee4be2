//! [`FinalBoards`]: 1,451,520 distinct completed grids with a fixed top-left digit.
//!
//! # The scheme
//! Let `P` be the first row: the fixed top-left digit followed by a permutation
//! of the other eight digits (8! = 40,320 choices). Every other row is `P`
//! rotated left by a shift; in the base order the nine rows use the shifts
//! `0, 3, 6, 1, 4, 7, 2, 5, 8`. Rows 4–6 (shifts 1, 4, 7) may be put in any of
//! their 3! orders, and so may rows 7–9 (shifts 2, 5, 8): 6·6·8! = 1,451,520 grids.
//!
//! # Why every board is valid
//! The cell in row `r`, column `c` holds `P[(c + s_r) mod 9]`, where `s_r` is the
//! row's shift.
//! - *Rows*: a rotation of a permutation is a permutation.
//! - *Columns*: the nine rows use the nine different shifts `0..9`, so column `c`
//!   reads `P` at the nine different positions `c + s mod 9`.
//! - *Boxes*: the rows of band `t` (`t = 0, 1, 2`) use the shifts `t, t + 3, t + 6`
//!   in some order, and the box's columns are `3j + u` for `u = 0, 1, 2`. Its cells
//!   read `P` at `3j + t + u + 3v mod 9` for `u, v` in `0..3`; since `u + 3v` takes
//!   each value `0..9` once, so do the positions. Reordering rows inside bands 2
//!   and 3 moves cells within their boxes and columns, which keeps all of this.
//!
//! # Why no two boards are equal
//! A board determines its index. Its first row is `P`, which fixes the
//! permutation. Because `P`'s nine digits differ, its nine rotations differ, so
//! each other row reveals its shift, and the shifts of rows 4–9 reveal both
//! within-band orders. Different indices therefore give different boards.
//!
//! # Order
//! Index `i` uses permutation number `i / 36` (the other eight digits in
//! lexicographic order, ascending) and row orders `(i % 36) / 6` for rows 4–6 and
//! `i % 6` for rows 7–9, each in lexicographic order. The order never changes,
//! so the first `K` boards are always the same.

use std::io::{self, Write};

use crate::error::FirstDigitError;
use crate::grid::{Grid, CELLS, GRID_TEXT_BYTES};

/// Number of boards: 6 · 6 · 8!.
pub const FINAL_BOARD_COUNT: usize = 6 * 6 * 40_320;

/// Shifts of the nine rows in the base order.
const BASE_SHIFTS: [usize; 9] = [0, 3, 6, 1, 4, 7, 2, 5, 8];

/// The six orders (permutations) of three things, lexicographic: here, of the
/// rows within a band; the solver uses them as 3×3 permutation matrices.
pub(crate) const ROW_ORDERS: [[usize; 3]; 6] = [
    [0, 1, 2],
    [0, 2, 1],
    [1, 0, 2],
    [1, 2, 0],
    [2, 0, 1],
    [2, 1, 0],
];

const FACTORIALS: [usize; 8] = [1, 1, 2, 6, 24, 120, 720, 5040];

/// An iterator over the 1,451,520 final boards whose top-left cell is a fixed digit.
///
/// It is an [`ExactSizeIterator`], and [`nth`](Iterator::nth) jumps in constant time.
///
/// ```
/// use sudoku_core::FinalBoards;
///
/// let boards = FinalBoards::new(9).unwrap();
/// assert_eq!(boards.len(), 1_451_520);
/// for board in boards.take(3) {
///     assert!(board.is_solved());
///     assert_eq!(board.get(0, 0), 9);
/// }
/// ```
#[derive(Debug, Clone)]
pub struct FinalBoards {
    first_digit: u8,
    next: usize,
    end: usize,
    /// The first row for permutation number `cached_permutation`, doubled so that
    /// every rotation is a plain slice.
    cached_row: [u8; 18],
    cached_permutation: usize,
}

impl FinalBoards {
    /// All boards whose top-left digit is `first_digit` (`1..=9`), in the fixed order.
    pub fn new(first_digit: u8) -> Result<FinalBoards, FirstDigitError> {
        if !(1..=9).contains(&first_digit) {
            return Err(FirstDigitError(first_digit));
        }
        Ok(FinalBoards {
            first_digit,
            next: 0,
            end: FINAL_BOARD_COUNT,
            cached_row: [0; 18],
            cached_permutation: usize::MAX,
        })
    }

    /// The fixed top-left digit.
    #[must_use]
    pub fn first_digit(&self) -> u8 {
        self.first_digit
    }

    /// The board at `index` (`0..FINAL_BOARD_COUNT`) in the fixed order, or `None` past the end.
    #[must_use]
    pub fn board(&self, index: usize) -> Option<Grid> {
        if index >= FINAL_BOARD_COUNT {
            return None;
        }
        let row = first_row(self.first_digit, index / 36);
        Some(assemble(&double(row), index % 36))
    }

    /// Writes the next `count` boards (fewer if the iterator runs out) in the
    /// grid format, exactly as [`crate::format::GridWriter`] would, and
    /// advances past them. Returns the number written.
    ///
    /// This is the fast path behind `sudoku -c`: the 36 boards of one first
    /// row are the same nine text rows in different orders, so each row's text
    /// is formatted once and each board is nine 18-byte copies.
    ///
    /// ```
    /// use sudoku_core::{format::GridWriter, FinalBoards};
    ///
    /// let mut fast = Vec::new();
    /// FinalBoards::new(9).unwrap().write_grids(100, &mut fast).unwrap();
    /// let mut slow = GridWriter::new(Vec::new());
    /// for board in FinalBoards::new(9).unwrap().take(100) {
    ///     slow.write(&board).unwrap();
    /// }
    /// assert_eq!(fast, slow.into_inner().unwrap());
    /// ```
    pub fn write_grids<W: Write>(&mut self, count: usize, mut out: W) -> io::Result<usize> {
        const FLUSH_AT: usize = 1 << 20;
        let end = self.next.saturating_add(count).min(self.end);
        let mut buf = Vec::with_capacity(FLUSH_AT + 64 * (GRID_TEXT_BYTES + 1));
        let mut rotations = [[0u8; 18]; 9];
        let mut permutation = usize::MAX;
        let first_index = self.next;
        for index in self.next..end {
            if index / 36 != permutation {
                permutation = index / 36;
                let row = double(first_row(self.first_digit, permutation));
                for (shift, text) in rotations.iter_mut().enumerate() {
                    for (col, &digit) in row[shift..shift + 9].iter().enumerate() {
                        text[2 * col] = b'0' + digit;
                        text[2 * col + 1] = b' ';
                    }
                    text[17] = b'\n';
                }
            }
            if index != first_index {
                buf.push(b'\n');
            }
            for shift in row_shifts(index % 36) {
                buf.extend_from_slice(&rotations[shift]);
            }
            if buf.len() >= FLUSH_AT {
                out.write_all(&buf)?;
                buf.clear();
            }
        }
        out.write_all(&buf)?;
        let written = end - self.next;
        self.next = end;
        Ok(written)
    }

    fn board_cached(&mut self, index: usize) -> Grid {
        let permutation = index / 36;
        if permutation != self.cached_permutation {
            self.cached_row = double(first_row(self.first_digit, permutation));
            self.cached_permutation = permutation;
        }
        assemble(&self.cached_row, index % 36)
    }
}

/// The first row for permutation number `permutation` (`0..8!`): `first_digit`,
/// then the other eight digits in the `permutation`-th lexicographic order.
fn first_row(first_digit: u8, permutation: usize) -> [u8; 9] {
    let mut rest = [0u8; 8];
    let mut len = 0;
    for digit in (1..=9).filter(|&d| d != first_digit) {
        rest[len] = digit;
        len += 1;
    }
    let mut row = [first_digit; 9];
    let mut code = permutation;
    // Decode the factorial-base digits of `code`, most significant first.
    for (slot, position) in (1..9).zip((0..8).rev()) {
        let pick = code / FACTORIALS[position];
        code %= FACTORIALS[position];
        row[slot] = rest[pick];
        rest.copy_within(pick + 1..len, pick);
        len -= 1;
    }
    row
}

fn double(row: [u8; 9]) -> [u8; 18] {
    let mut doubled = [0; 18];
    doubled[..9].copy_from_slice(&row);
    doubled[9..].copy_from_slice(&row);
    doubled
}

/// The shifts of the nine rows for row order `row_order` (`0..36`).
fn row_shifts(row_order: usize) -> [usize; 9] {
    let (middle, bottom) = (ROW_ORDERS[row_order / 6], ROW_ORDERS[row_order % 6]);
    let mut shifts = BASE_SHIFTS;
    for i in 0..3 {
        shifts[3 + i] = BASE_SHIFTS[3 + middle[i]];
        shifts[6 + i] = BASE_SHIFTS[6 + bottom[i]];
    }
    shifts
}

fn assemble(doubled_row: &[u8; 18], row_order: usize) -> Grid {
    let shifts = row_shifts(row_order);
    let mut cells = [0u8; CELLS];
    for (row, &shift) in cells.chunks_exact_mut(9).zip(shifts.iter()) {
        row.copy_from_slice(&doubled_row[shift..shift + 9]);
    }
    Grid::from_cells_unchecked(cells)
}

impl Iterator for FinalBoards {
    type Item = Grid;

    fn next(&mut self) -> Option<Grid> {
        if self.next >= self.end {
            return None;
        }
        let board = self.board_cached(self.next);
        self.next += 1;
        Some(board)
    }

    fn size_hint(&self) -> (usize, Option<usize>) {
        let left = self.end - self.next;
        (left, Some(left))
    }

    fn nth(&mut self, n: usize) -> Option<Grid> {
        self.next = self.next.saturating_add(n).min(self.end);
        self.next()
    }

    fn last(mut self) -> Option<Grid> {
        self.next_back()
    }

    fn count(self) -> usize {
        self.len()
    }
}

impl ExactSizeIterator for FinalBoards {}

impl DoubleEndedIterator for FinalBoards {
    fn next_back(&mut self) -> Option<Grid> {
        if self.next >= self.end {
            return None;
        }
        self.end -= 1;
        Some(self.board_cached(self.end))
    }
}

impl std::iter::FusedIterator for FinalBoards {}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn first_row_orders_are_lexicographic() {
        assert_eq!(first_row(9, 0), [9, 1, 2, 3, 4, 5, 6, 7, 8]);
        assert_eq!(first_row(9, 1), [9, 1, 2, 3, 4, 5, 6, 8, 7]);
        assert_eq!(first_row(9, 40_319), [9, 8, 7, 6, 5, 4, 3, 2, 1]);
        assert_eq!(first_row(1, 0), [1, 2, 3, 4, 5, 6, 7, 8, 9]);
    }

    #[test]
    fn rejects_first_digit_zero_and_ten() {
        assert!(FinalBoards::new(0).is_err());
        assert!(FinalBoards::new(10).is_err());
    }

    #[test]
    fn nth_matches_stepping() {
        let mut stepped = FinalBoards::new(5).unwrap();
        let mut jumped = FinalBoards::new(5).unwrap();
        for _ in 0..100 {
            stepped.next();
        }
        assert_eq!(stepped.next(), jumped.nth(100));
        assert_eq!(jumped.len(), FINAL_BOARD_COUNT - 101);
    }
}
