//! [`Grid`]: the 81 cells of a Sudoku, its validity checks, and its text forms.

use std::fmt;
use std::str::FromStr;

use crate::error::GridError;

/// Number of cells in a grid.
pub const CELLS: usize = 81;

/// Length in bytes of one grid in the grid format: 9 rows of
/// `d d d d d d d d d\n` (17 characters plus the newline).
pub const GRID_TEXT_BYTES: usize = 9 * 18;

/// A 9×9 Sudoku grid, row-major. A cell holds `1..=9`, or `0` when it is blank.
///
/// `Grid` is `Copy` and 81 bytes long, so it moves around freely without
/// allocation. Its [`Display`](fmt::Display) form is the grid format: nine
/// rows of nine digits separated by single spaces, each row ending in `\n`.
///
/// ```
/// use sudoku_core::Grid;
///
/// let puzzle: Grid = "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79"
///     .parse()
///     .unwrap();
/// assert_eq!(puzzle.get(0, 0), 5);
/// assert_eq!(puzzle.get(0, 2), 0); // blank
/// assert_eq!(puzzle.givens(), 30);
/// assert!(!puzzle.is_solved());
/// assert!(puzzle.first_conflict().is_none());
/// assert_eq!(puzzle.to_string().lines().next(), Some("5 3 0 0 7 0 0 0 0"));
/// ```
#[derive(Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Grid {
    cells: [u8; CELLS],
}

/// Two cells of one unit that hold the same digit.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Conflict {
    /// The repeated digit.
    pub digit: u8,
    /// The unit in which it repeats.
    pub unit: Unit,
    /// The two cells, as row-major indices `0..81`.
    pub cells: (usize, usize),
}

impl fmt::Display for Conflict {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let (a, b) = self.cells;
        write!(
            f,
            "digit {} appears twice in {} (r{}c{} and r{}c{})",
            self.digit,
            self.unit,
            a / 9 + 1,
            a % 9 + 1,
            b / 9 + 1,
            b % 9 + 1
        )
    }
}

/// A row, column or box, numbered from 0. Deliberately exhaustive: a
/// Sudoku has these three kinds of unit and no other, so a `match` on one
/// needs no catch-all arm.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Unit {
    /// Row `0..9`, top to bottom.
    Row(u8),
    /// Column `0..9`, left to right.
    Column(u8),
    /// Box `0..9`, row-major from the top-left box.
    Box(u8),
}

impl Unit {
    /// All 27 units: rows, then columns, then boxes.
    pub fn all() -> impl Iterator<Item = Unit> {
        (0..9)
            .map(Unit::Row)
            .chain((0..9).map(Unit::Column))
            .chain((0..9).map(Unit::Box))
    }

    /// The nine cells of this unit, as row-major indices. (A unit numbered
    /// 9 or more, which [`Unit::all`] never gives, yields indices past the
    /// grid's 81 cells.)
    #[must_use]
    pub fn cells(self) -> [usize; 9] {
        let mut out = [0; 9];
        for (i, cell) in out.iter_mut().enumerate() {
            *cell = match self {
                Unit::Row(r) => r as usize * 9 + i,
                Unit::Column(c) => i * 9 + c as usize,
                Unit::Box(b) => {
                    let (br, bc) = (b as usize / 3 * 3, b as usize % 3 * 3);
                    (br + i / 3) * 9 + bc + i % 3
                }
            };
        }
        out
    }
}

impl fmt::Display for Unit {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Unit::Row(r) => write!(f, "row {}", u16::from(*r) + 1),
            Unit::Column(c) => write!(f, "column {}", u16::from(*c) + 1),
            Unit::Box(b) => write!(f, "box {}", u16::from(*b) + 1),
        }
    }
}

impl Grid {
    /// The grid with every cell blank.
    pub const EMPTY: Grid = Grid { cells: [0; CELLS] };

    /// Builds a grid from 81 row-major cells, each `0..=9` (0 is blank).
    pub fn from_cells(cells: [u8; CELLS]) -> Result<Grid, GridError> {
        // The largest cell, in a loop without an early exit, which the
        // compiler vectorises: every grid read or handed over from Python
        // passes here, and the search for the bad cell is for errors only.
        if cells.iter().fold(0, |max, &v| max.max(v)) <= 9 {
            return Ok(Grid { cells });
        }
        let index = cells.iter().position(|&v| v > 9).unwrap_or_default();
        Err(GridError::CellOutOfRange {
            index,
            value: cells[index],
        })
    }

    /// Builds a grid from cells already known to be `0..=9`.
    pub(crate) const fn from_cells_unchecked(cells: [u8; CELLS]) -> Grid {
        Grid { cells }
    }

    /// The 81 cells, row-major, 0 for blank.
    #[must_use]
    pub fn cells(&self) -> &[u8; CELLS] {
        &self.cells
    }

    /// The digit at `row`, `col` (both 0-based, `0..9`), or 0 when blank.
    ///
    /// # Panics
    /// When `row` or `col` is 9 or more; [`Grid::try_get`] returns `None` instead.
    #[must_use]
    pub fn get(&self, row: usize, col: usize) -> u8 {
        assert!(
            row < 9 && col < 9,
            "there is no cell at row {row}, column {col} (both are 0-based, 0-8)"
        );
        self.cells[row * 9 + col]
    }

    /// The digit at `row`, `col` (both 0-based), 0 when blank, or `None` when
    /// the position is outside the grid.
    ///
    /// ```
    /// let grid = sudoku_core::Grid::EMPTY;
    /// assert_eq!(grid.try_get(8, 8), Some(0));
    /// assert_eq!(grid.try_get(9, 0), None);
    /// ```
    #[must_use]
    pub fn try_get(&self, row: usize, col: usize) -> Option<u8> {
        (row < 9 && col < 9).then(|| self.cells[row * 9 + col])
    }

    /// Sets the cell at `row`, `col` to `digit` (`0` clears it).
    ///
    /// # Errors
    /// When the position or the digit is out of range.
    pub fn set(&mut self, row: usize, col: usize, digit: u8) -> Result<(), GridError> {
        if row >= 9 || col >= 9 {
            return Err(GridError::PositionOutOfRange { row, col });
        }
        if digit > 9 {
            return Err(GridError::CellOutOfRange {
                index: row * 9 + col,
                value: digit,
            });
        }
        self.cells[row * 9 + col] = digit;
        Ok(())
    }

    /// The number of filled cells.
    #[must_use]
    pub fn givens(&self) -> usize {
        self.cells.iter().filter(|&&v| v != 0).count()
    }

    /// The number of blank cells.
    #[must_use]
    pub fn blanks(&self) -> usize {
        CELLS - self.givens()
    }

    /// `places[d][b]`: the cells of band `b` (rows `3·b..3·b + 3`, bit `i`
    /// for cell `27·b + i`) holding digit `d + 1`: the layout of the
    /// solver's words. Blank cells are in none.
    #[inline(always)]
    pub(crate) fn places_by_band(&self) -> [[u32; 3]; 9] {
        let mut places = [[0u32; 3]; 9];
        #[cfg(target_arch = "x86_64")]
        {
            use std::arch::x86_64::{
                _mm_cmpeq_epi8, _mm_loadu_si128, _mm_movemask_epi8, _mm_set1_epi8,
            };
            // A byte comparison per digit and 16 cells, with no branch on
            // the cells: a loop over the cells branching on blanks is
            // mispredicted on puzzles.
            for b in 0..3 {
                // SAFETY: SSE2 is part of the x86_64 baseline; the loads
                // read cells 27·b..27·b + 16 and 27·b + 11..27·b + 27.
                unsafe {
                    let low = _mm_loadu_si128(self.cells.as_ptr().add(27 * b).cast());
                    let high = _mm_loadu_si128(self.cells.as_ptr().add(27 * b + 11).cast());
                    for (d, by_band) in places.iter_mut().enumerate() {
                        let digit = _mm_set1_epi8(d as i8 + 1);
                        let low = _mm_movemask_epi8(_mm_cmpeq_epi8(low, digit)) as u32;
                        let high = _mm_movemask_epi8(_mm_cmpeq_epi8(high, digit)) as u32;
                        // Cells 11..16 of the band are in both halves.
                        by_band[b] = low | (high << 11);
                    }
                }
            }
        }
        #[cfg(not(target_arch = "x86_64"))]
        for (cell, &digit) in self.cells.iter().enumerate() {
            if digit != 0 {
                places[digit as usize - 1][cell / 27] |= 1 << (cell % 27);
            }
        }
        places
    }

    /// True when no cell is blank.
    #[must_use]
    pub fn is_complete(&self) -> bool {
        self.cells.iter().all(|&v| v != 0)
    }

    /// The first pair of equal digits in one unit, if any. Blank cells never conflict.
    #[must_use]
    pub fn first_conflict(&self) -> Option<Conflict> {
        if !self.has_conflict() {
            return None;
        }
        for unit in Unit::all() {
            let mut seen = [usize::MAX; 10];
            for cell in unit.cells() {
                let digit = self.cells[cell];
                if digit == 0 {
                    continue;
                }
                if seen[digit as usize] != usize::MAX {
                    return Some(Conflict {
                        digit,
                        unit,
                        cells: (seen[digit as usize], cell),
                    });
                }
                seen[digit as usize] = cell;
            }
        }
        None
    }

    /// Whether two equal digits share a unit: one pass of bit masks, with no
    /// branch per cell (callers such as the rater ask it of every puzzle;
    /// the unit-by-unit search for the pair runs only when there is one).
    fn has_conflict(&self) -> bool {
        let (mut rows, mut columns, mut boxes) = ([0u16; 9], [0u16; 9], [0u16; 9]);
        let mut clash = 0u16;
        for (cell, &digit) in self.cells.iter().enumerate() {
            // A blank sets bit 0, which is ignored below.
            let bit = 1u16 << (digit & 15);
            let (row, column) = (cell / 9, cell % 9);
            let square = row / 3 * 3 + column / 3;
            clash |= (rows[row] | columns[column] | boxes[square]) & bit;
            rows[row] |= bit;
            columns[column] |= bit;
            boxes[square] |= bit;
        }
        clash & !1 != 0
    }

    /// True when the grid is complete and every row, column and box holds
    /// each digit exactly once.
    #[must_use]
    pub fn is_solved(&self) -> bool {
        self.is_complete() && self.first_conflict().is_none()
    }

    /// True when every given of `puzzle` holds the same digit here.
    #[must_use]
    pub fn agrees_with(&self, puzzle: &Grid) -> bool {
        self.cells
            .iter()
            .zip(puzzle.cells.iter())
            .all(|(&mine, &given)| given == 0 || mine == given)
    }

    /// True when this grid is a solution of `puzzle`: solved, and agreeing with its givens.
    #[must_use]
    pub fn solves(&self, puzzle: &Grid) -> bool {
        self.is_solved() && self.agrees_with(puzzle)
    }

    /// The 81-character line form used by public puzzle collections, with `.` for blanks.
    /// [`Grid::to_line_bytes`] gives the same characters without allocating.
    #[must_use]
    pub fn to_line(&self) -> String {
        let bytes = self.to_line_bytes();
        // Every byte is ASCII: a digit or '.'.
        bytes.iter().map(|&b| b as char).collect()
    }

    /// The line form of [`Grid::to_line`] as 81 ASCII bytes on the stack:
    /// for writers of millions of lines (`out.write_all(&grid.to_line_bytes())`).
    ///
    /// ```
    /// let grid: sudoku_core::Grid = "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......"
    ///     .parse()
    ///     .unwrap();
    /// assert_eq!(&grid.to_line_bytes()[..9], b"4.....8.5");
    /// assert_eq!(grid.to_line().as_bytes(), &grid.to_line_bytes()[..]);
    /// ```
    #[must_use]
    pub fn to_line_bytes(&self) -> [u8; CELLS] {
        self.cells.map(|v| if v == 0 { b'.' } else { b'0' + v })
    }

    /// Writes the grid form (nine rows of `d d d d d d d d d\n`) into `out`.
    ///
    /// This is the allocation-free core of [`Display`](fmt::Display), used by
    /// the writers that produce millions of grids.
    pub fn write_grid_text(&self, out: &mut [u8; GRID_TEXT_BYTES]) {
        #[cfg(target_arch = "x86_64")]
        {
            use std::arch::x86_64::{
                _mm_add_epi8, _mm_loadu_si128, _mm_set1_epi8, _mm_storeu_si128, _mm_unpacklo_epi8,
            };
            // Sixteen bytes at a time: a row's first eight digits interleaved
            // with spaces, then its ninth digit and the newline.
            let mut padded = [0u8; 96];
            padded[..CELLS].copy_from_slice(&self.cells);
            for (row, line) in out.chunks_exact_mut(18).enumerate() {
                // SAFETY: SSE2 is part of the x86_64 baseline; the load reads
                // padded[9·row..9·row + 16] (at most 88 <= 96 bytes) and the
                // store writes the first 16 of the line's 18 bytes.
                unsafe {
                    let digits = _mm_loadu_si128(padded.as_ptr().add(9 * row).cast());
                    let chars = _mm_add_epi8(digits, _mm_set1_epi8(b'0' as i8));
                    let spaced = _mm_unpacklo_epi8(chars, _mm_set1_epi8(b' ' as i8));
                    _mm_storeu_si128(line.as_mut_ptr().cast(), spaced);
                }
                line[16] = b'0' + self.cells[9 * row + 8];
                line[17] = b'\n';
            }
        }
        #[cfg(not(target_arch = "x86_64"))]
        for (row, line) in self.cells.chunks_exact(9).zip(out.chunks_exact_mut(18)) {
            for (col, &digit) in row.iter().enumerate() {
                line[2 * col] = b'0' + digit;
                line[2 * col + 1] = b' ';
            }
            line[17] = b'\n';
        }
    }
}

impl Default for Grid {
    fn default() -> Self {
        Grid::EMPTY
    }
}

impl fmt::Display for Grid {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let mut buf = [0u8; GRID_TEXT_BYTES];
        self.write_grid_text(&mut buf);
        // The buffer holds only ASCII digits, spaces and newlines.
        f.write_str(std::str::from_utf8(&buf).map_err(|_| fmt::Error)?)
    }
}

impl fmt::Debug for Grid {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "Grid({})", self.to_line())
    }
}

impl FromStr for Grid {
    type Err = crate::format::ParseError;

    /// Parses exactly one puzzle in any supported format (see [`crate::format`]):
    /// an 81-character line, the 9×9 grid format, or nine compact rows.
    fn from_str(text: &str) -> Result<Grid, Self::Err> {
        crate::format::parse_one(text.as_bytes())
    }
}

impl From<Grid> for [u8; CELLS] {
    fn from(grid: Grid) -> Self {
        grid.cells
    }
}

impl TryFrom<[u8; CELLS]> for Grid {
    type Error = GridError;
    fn try_from(cells: [u8; CELLS]) -> Result<Self, Self::Error> {
        Grid::from_cells(cells)
    }
}

#[cfg(test)]
pub(crate) mod tests {
    use super::*;

    /// Equal digits in a unit, found pair by pair (the plain definition).
    pub(crate) fn conflicts_pairwise(grid: &Grid) -> bool {
        Unit::all().any(|unit| {
            let cells = unit.cells();
            cells.iter().enumerate().any(|(i, &a)| {
                cells[i + 1..]
                    .iter()
                    .any(|&b| grid.cells[a] != 0 && grid.cells[a] == grid.cells[b])
            })
        })
    }

    /// Grids of any digits, valid or not: sparse ones, where conflicts come
    /// and go, and denser ones (a few more digits dropped anywhere).
    pub(crate) fn grids_with_conflicts() -> impl proptest::strategy::Strategy<Value = Grid> {
        use proptest::strategy::Strategy;
        let cells = proptest::collection::vec(
            proptest::prop_oneof![6 => proptest::strategy::Just(0u8), 1 => 1u8..=9],
            CELLS,
        );
        let extra = proptest::collection::vec((0usize..CELLS, 1u8..=9), 0..12);
        (cells, extra).prop_map(|(cells, extra)| {
            let mut cells: [u8; CELLS] = cells.try_into().unwrap();
            for (cell, digit) in extra {
                cells[cell] = digit;
            }
            Grid::from_cells_unchecked(cells)
        })
    }

    proptest::proptest! {
        #[test]
        fn the_mask_check_finds_a_conflict_exactly_when_a_unit_repeats_a_digit(
            grid in grids_with_conflicts(),
        ) {
            let expected = conflicts_pairwise(&grid);
            proptest::prop_assert_eq!(grid.has_conflict(), expected);
            proptest::prop_assert_eq!(grid.first_conflict().is_some(), expected);
        }
    }

    #[test]
    fn write_grid_text_matches_a_plain_formatting() {
        for seed in 0..50u32 {
            let mut cells = [0u8; CELLS];
            for (i, cell) in cells.iter_mut().enumerate() {
                *cell = ((i as u32 * 7 + seed * 31 + (i as u32 * seed) % 5) % 10) as u8;
            }
            let grid = Grid::from_cells_unchecked(cells);
            let mut expected = String::new();
            for row in cells.chunks(9) {
                let digits: Vec<String> = row.iter().map(|d| d.to_string()).collect();
                expected.push_str(&digits.join(" "));
                expected.push('\n');
            }
            let mut out = [0u8; GRID_TEXT_BYTES];
            grid.write_grid_text(&mut out);
            assert_eq!(std::str::from_utf8(&out).unwrap(), expected);
        }
    }

    #[test]
    fn unit_cells_cover_the_grid_three_times() {
        let mut seen = [0; CELLS];
        for unit in Unit::all() {
            for cell in unit.cells() {
                seen[cell] += 1;
            }
        }
        assert!(seen.iter().all(|&n| n == 3));
    }

    #[test]
    fn rejects_cell_of_ten() {
        let mut cells = [0; CELLS];
        cells[5] = 10;
        cells[70] = 255;
        // The first bad cell is named, whatever comes after it.
        assert_eq!(
            Grid::from_cells(cells),
            Err(GridError::CellOutOfRange {
                index: 5,
                value: 10
            })
        );
        for (index, value) in [(0, 10), (80, 10), (40, 255)] {
            let mut cells = [9; CELLS];
            cells[index] = value;
            assert_eq!(
                Grid::from_cells(cells),
                Err(GridError::CellOutOfRange { index, value })
            );
        }
        assert!(Grid::from_cells([9; CELLS]).is_ok());
    }

    #[test]
    fn finds_conflict_in_box() {
        let mut grid = Grid::EMPTY;
        grid.set(0, 0, 4).unwrap();
        grid.set(2, 2, 4).unwrap();
        let conflict = grid.first_conflict().unwrap();
        assert_eq!(conflict.unit, Unit::Box(0));
        assert_eq!(conflict.cells, (0, 20));
    }
}
