//! [`Candidates`]: the pencil marks of a position, and the unit tables every
//! technique works from.
//!
//! Two views of the same marks are kept in step: a 9-bit mask per cell (bit
//! `d` set when digit `d` is still possible there) for cell-centred
//! techniques, and an 81-bit cell mask per digit for digit-centred ones (fish,
//! single-digit patterns, chains). Units are numbered 0..9 rows, 9..18
//! columns, 18..27 boxes, the order of [`Unit::all`].

use std::fmt;

use crate::grid::{Grid, Unit, CELLS};

/// All nine digit bits, `1..=9`.
pub(crate) const ALL_DIGITS: u16 = 0x3FE;

/// All 81 cells.
const ALL_CELLS: u128 = (1 << 81) - 1;

const fn build_units() -> [[u8; 9]; 27] {
    let mut units = [[0u8; 9]; 27];
    let mut i = 0;
    while i < 9 {
        let mut j = 0;
        while j < 9 {
            units[i][j] = (i * 9 + j) as u8;
            units[9 + i][j] = (j * 9 + i) as u8;
            let (br, bc) = (i / 3 * 3, i % 3 * 3);
            units[18 + i][j] = ((br + j / 3) * 9 + bc + j % 3) as u8;
            j += 1;
        }
        i += 1;
    }
    units
}

/// The nine cells of each of the 27 units.
pub(crate) static UNITS: [[u8; 9]; 27] = build_units();

const fn build_unit_masks() -> [u128; 27] {
    let units = build_units();
    let mut masks = [0u128; 27];
    let mut u = 0;
    while u < 27 {
        let mut j = 0;
        while j < 9 {
            masks[u] |= 1u128 << units[u][j];
            j += 1;
        }
        u += 1;
    }
    masks
}

/// Each unit's cells as an 81-bit mask.
pub(crate) static UNIT_MASK: [u128; 27] = build_unit_masks();

const fn build_cell_units() -> [[u8; 3]; 81] {
    let mut out = [[0u8; 3]; 81];
    let mut c = 0;
    while c < 81 {
        let (r, col) = (c / 9, c % 9);
        out[c] = [r as u8, 9 + col as u8, 18 + (r / 3 * 3 + col / 3) as u8];
        c += 1;
    }
    out
}

/// The row, column and box (as unit numbers) of each cell.
pub(crate) static CELL_UNITS: [[u8; 3]; 81] = build_cell_units();

const fn build_cell_unit_bits() -> [u32; 81] {
    let units = build_cell_units();
    let mut out = [0u32; 81];
    let mut c = 0;
    while c < 81 {
        out[c] = 1 << units[c][0] | 1 << units[c][1] | 1 << units[c][2];
        c += 1;
    }
    out
}

/// [`CELL_UNITS`] as a set of units, bit `u` for unit `u`.
pub(crate) static CELL_UNIT_BITS: [u32; 81] = build_cell_unit_bits();

const fn build_peers() -> [u128; 81] {
    let masks = build_unit_masks();
    let units = build_cell_units();
    let mut out = [0u128; 81];
    let mut c = 0;
    while c < 81 {
        out[c] = (masks[units[c][0] as usize]
            | masks[units[c][1] as usize]
            | masks[units[c][2] as usize])
            & !(1u128 << c);
        c += 1;
    }
    out
}

/// The 20 peers of each cell (cells sharing a unit with it), as a mask.
pub(crate) static PEERS: [u128; 81] = build_peers();

const fn build_cell_bits() -> [u128; 81] {
    let mut out = [0u128; 81];
    let mut c = 0;
    while c < 81 {
        out[c] = 1 << c;
        c += 1;
    }
    out
}

const fn build_candidate_parts() -> [[u8; 2]; 729] {
    let mut out = [[0u8; 2]; 729];
    let mut p = 0;
    while p < 729 {
        out[p] = [(p / 9) as u8, (p % 9) as u8 + 1];
        p += 1;
    }
    out
}

/// The cell and digit of each candidate `cell * 9 + digit - 1`.
static CANDIDATE_PARTS: [[u8; 2]; 729] = build_candidate_parts();

/// The cell and digit of candidate `p = cell * 9 + digit - 1`, the
/// numbering the chains share: read from a table, as the chains split
/// every candidate they reach, and dividing by nine costs more.
#[inline]
pub(crate) fn candidate_parts(p: usize) -> (usize, u8) {
    let [cell, digit] = CANDIDATE_PARTS[p];
    (usize::from(cell), digit)
}

/// Each cell's bit, `1 << cell`: a load costs fewer instructions than
/// shifting a 128-bit word by a variable amount.
static CELL_BIT: [u128; 81] = build_cell_bits();

/// The cells of `places` in `cell`'s box, row and column, in that order
/// (Sudoku Explainer's), other than `cell`, each once, as three sets to
/// take one after the other. Shared by the chaining techniques, whose
/// scores depend on this order.
fn peers_among(places: u128, cell: usize) -> [u128; 3] {
    let units = CELL_UNITS[cell];
    let places = places & !(1u128 << cell);
    let in_box = places & UNIT_MASK[units[2] as usize];
    let in_row = places & UNIT_MASK[units[0] as usize] & !in_box;
    let in_column = places & UNIT_MASK[units[1] as usize] & !in_box;
    [in_box, in_row, in_column]
}

/// What SE's chains turn off when `digit` in `cell` turns on, appended to
/// `out` as candidates `cell * 9 + digit - 1`: with Y-links the cell's
/// other digits, lowest first, then the digit's other places in the box,
/// row and column ([`peers_among`]), keeping only the candidates among
/// `kept` (a cell mask per digit; the marks' own cells keep them all).
/// The one definition the static and dynamic chains and the cycles share,
/// through [`LinkTable`]. It appends rather than returns an iterator: a
/// table lists it for every candidate, and chained iterators cost a test
/// of which part is running at every item.
#[inline(always)]
fn push_turned_off(
    marks: &Candidates,
    cell: usize,
    digit: u8,
    y_links: bool,
    kept: &[u128; 10],
    out: &mut Vec<u16>,
) {
    if y_links {
        for d in Digits(marks.mask(cell) & !(1 << digit)) {
            if kept[d as usize] & (1 << cell) != 0 {
                out.push((cell * 9 + d as usize - 1) as u16);
            }
        }
    }
    for part in peers_among(marks.digit_cells(digit) & kept[digit as usize], cell) {
        for c in Cells(part) {
            out.push((c * 9 + digit as usize - 1) as u16);
        }
    }
}

/// What SE's chains turn on when `digit` in `cell` turns off, each once, at
/// most four: with Y-links the cell's other digit when it has two, then
/// with X-links the digit's only other place in the cell's box, row and
/// column; appended to `out` as candidates `cell * 9 + digit - 1`.
///
/// Straight onto the list, not returned in an array first: an array
/// written field by field and then copied whole waits for the writes.
#[inline(always)]
pub(crate) fn push_turned_on(
    marks: &Candidates,
    cell: usize,
    digit: u8,
    y_links: bool,
    x_links: bool,
    out: &mut Vec<u16>,
) {
    let begin = out.len();
    if y_links {
        let mask = marks.mask(cell);
        if super::subsets::bits(mask) == 2 {
            let other = (mask & !(1 << digit)).trailing_zeros() as usize;
            out.push((cell * 9 + other - 1) as u16);
        }
    }
    if x_links {
        let places = marks.digit_cells(digit) & !(1u128 << cell);
        let [row, column, in_box] = CELL_UNITS[cell];
        for unit in [in_box, row, column] {
            let others = places & UNIT_MASK[unit as usize];
            // Exactly one place, by bit tests (`count_ones` on 128 bits is
            // slow without a `popcnt` target feature).
            if others == 0 || others & (others - 1) != 0 {
                continue;
            }
            let other = (others.trailing_zeros() as usize * 9 + digit as usize - 1) as u16;
            if !out[begin..].contains(&other) {
                out.push(other);
            }
        }
    }
}

/// Every candidate's links on one position, worked out once for the
/// searches that follow them from many starts (they depend on the marks
/// alone): what [`push_turned_off`] and [`push_turned_on`] give for each candidate,
/// in their order, as candidates `cell * 9 + digit - 1`.
///
/// Only the candidates of the marks last built on have lists: the entries
/// of the others are left as they were, not cleared at every build (a
/// search only ever asks about candidates of its marks; debug builds check).
#[derive(Default)]
pub(crate) struct LinkTable {
    offs: Vec<u16>,
    off_range: Vec<(u32, u32)>,
    ons: Vec<u16>,
    on_range: Vec<(u32, u32)>,
    /// The candidates built on, as each digit's cells.
    #[cfg(debug_assertions)]
    built_on: [u128; 10],
}

impl LinkTable {
    /// The links of `marks` with Y-links and X-links as asked. With
    /// `live_offs`, a candidate turned off is listed only if it turns
    /// something on in turn (what a search for loops can continue from),
    /// and only such candidates get a list of what they turn off when on
    /// (a search for loops only ever turns such ones on).
    ///
    /// Only the candidates of `digits` (a bit each, `1..=9`) get lists:
    /// fewer than all only without Y-links, whose links never leave a
    /// digit.
    pub(crate) fn build(
        &mut self,
        marks: &Candidates,
        y_links: bool,
        x_links: bool,
        live_offs: bool,
        digits: u16,
    ) {
        debug_assert!(!y_links || digits == ALL_DIGITS);
        self.start(marks);
        let index = |cell: usize, digit: u8| cell * 9 + digit as usize - 1;
        // The candidates that turn something on when off, per digit. (The
        // candidates are walked by nested loops, not a flattened iterator,
        // which tests which part is running at every item.)
        let mut turning_on = [0u128; 10];
        for cell in Cells(marks.empty_cells()) {
            for digit in Digits(marks.mask(cell) & digits) {
                let begin = self.ons.len() as u32;
                push_turned_on(marks, cell, digit, y_links, x_links, &mut self.ons);
                let end = self.ons.len() as u32;
                self.on_range[index(cell, digit)] = (begin, end);
                turning_on[digit as usize] |= u128::from(end > begin) << cell;
            }
        }
        let kept = if live_offs {
            turning_on
        } else {
            marks.by_digit
        };
        for cell in Cells(marks.empty_cells()) {
            for digit in Digits(marks.mask(cell) & digits) {
                // With `live_offs`, what a candidate turned on turns off is
                // read only for the starts of loops, which turn something on
                // when off, and for what something turned off turns on,
                // which does too (those links go both ways). The others'
                // lists stay empty.
                if live_offs && turning_on[digit as usize] & (1 << cell) == 0 {
                    continue;
                }
                let begin = self.offs.len() as u32;
                push_turned_off(marks, cell, digit, y_links, &kept, &mut self.offs);
                self.off_range[index(cell, digit)] = (begin, self.offs.len() as u32);
            }
        }
    }

    /// The links of `marks` the dynamic chains read: only what each
    /// candidate of `digits` (a bit each, `1..=9`) turned on turns off
    /// (with Y-links if asked), every candidate kept. A dynamic net works
    /// out what turns on from its own working copy, so
    /// [`LinkTable::ons_of`] is left empty here, and so are the lists of
    /// the other digits' candidates.
    pub(crate) fn build_offs(&mut self, marks: &Candidates, y_links: bool, digits: u16) {
        self.start(marks);
        for cell in Cells(marks.empty_cells()) {
            for digit in Digits(marks.mask(cell) & digits) {
                let index = cell * 9 + digit as usize - 1;
                let begin = self.offs.len() as u32;
                push_turned_off(marks, cell, digit, y_links, &marks.by_digit, &mut self.offs);
                self.off_range[index] = (begin, self.offs.len() as u32);
            }
        }
    }

    /// Empties the lists of every candidate of `marks`, before a build.
    fn start(&mut self, marks: &Candidates) {
        for table in [&mut self.off_range, &mut self.on_range] {
            table.resize(CELLS * 9, (0, 0));
        }
        for cell in Cells(marks.empty_cells()) {
            for digit in marks.digits(cell) {
                let index = cell * 9 + digit as usize - 1;
                self.off_range[index] = (0, 0);
                self.on_range[index] = (0, 0);
            }
        }
        self.ons.clear();
        self.offs.clear();
        #[cfg(debug_assertions)]
        {
            self.built_on = marks.by_digit;
        }
    }

    /// Whether `p` is a candidate of the marks last built on.
    #[cfg(debug_assertions)]
    fn built_on(&self, p: usize) -> bool {
        let (cell, digit) = candidate_parts(p);
        self.built_on[digit as usize] & (1 << cell) != 0
    }

    /// What candidate `p` turned on turns off.
    pub(crate) fn offs_of(&self, p: usize) -> &[u16] {
        #[cfg(debug_assertions)]
        debug_assert!(self.built_on(p), "not a candidate: {p}");
        let (a, b) = self.off_range[p];
        &self.offs[a as usize..b as usize]
    }

    /// What candidate `p` turned off turns on.
    pub(crate) fn ons_of(&self, p: usize) -> &[u16] {
        #[cfg(debug_assertions)]
        debug_assert!(self.built_on(p), "not a candidate: {p}");
        let (a, b) = self.on_range[p];
        &self.ons[a as usize..b as usize]
    }
}

/// The [`Unit`] numbered `u` in `0..27`.
pub(crate) fn unit_of(u: usize) -> Unit {
    match u {
        0..=8 => Unit::Row(u as u8),
        9..=17 => Unit::Column(u as u8 - 9),
        _ => Unit::Box(u as u8 - 18),
    }
}

/// Iterates the set bits of an 81-bit cell mask, lowest first.
#[derive(Clone, Copy)]
pub(crate) struct Cells(pub u128);

impl Iterator for Cells {
    type Item = usize;
    /// By 64-bit halves: on 128 bits the test, the count and the clearing
    /// each take both words and a carry, and this runs in every search.
    #[inline]
    fn next(&mut self) -> Option<usize> {
        let low = self.0 as u64;
        if low != 0 {
            self.0 = (self.0 >> 64 << 64) | u128::from(low & (low - 1));
            return Some(low.trailing_zeros() as usize);
        }
        let high = (self.0 >> 64) as u64;
        if high == 0 {
            return None;
        }
        self.0 = u128::from(high & (high - 1)) << 64;
        Some(64 + high.trailing_zeros() as usize)
    }
}

/// Iterates the digits of a candidate mask, lowest first.
#[derive(Clone, Copy)]
pub(crate) struct Digits(pub u16);

impl Iterator for Digits {
    type Item = u8;
    #[inline]
    fn next(&mut self) -> Option<u8> {
        if self.0 == 0 {
            return None;
        }
        let d = self.0.trailing_zeros() as u8;
        self.0 &= self.0 - 1;
        Some(d)
    }
}

/// The candidate grid of a position: the digits placed so far, and for every
/// blank cell the digits still possible there.
///
/// It is `Copy`-sized (a few hundred bytes) and cloned freely by the forcing
/// techniques, which try assumptions on a copy.
///
/// ```
/// use sudoku_core::rate::Candidates;
/// use sudoku_core::Grid;
///
/// let puzzle: Grid = "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79"
///     .parse()
///     .unwrap();
/// let marks = Candidates::new(&puzzle);
/// assert_eq!(marks.value(0), 5);
/// // r1c3 sees 5, 3, 7, 6, 9 and 8: only 1, 2 and 4 remain.
/// assert_eq!(marks.digits(2).collect::<Vec<_>>(), vec![1, 2, 4]);
/// ```
#[derive(Clone, PartialEq, Eq)]
pub struct Candidates {
    values: [u8; 81],
    cands: [u16; 81],
    by_digit: [u128; 10],
    empty: u128,
}

impl Candidates {
    /// The marks of `grid`: every blank cell gets each digit that none of its
    /// peers holds. Conflicting givens are kept as they are; the position is
    /// then [broken](Candidates::is_broken) or becomes so.
    #[must_use]
    pub fn new(grid: &Grid) -> Candidates {
        Candidates::with_clash(grid).0
    }

    /// [`Candidates::new`], and whether two equal givens share a unit. The
    /// check comes free with the marks: a digit's givens clash when one of
    /// them is among the peers that lose the digit.
    pub(crate) fn with_clash(grid: &Grid) -> (Candidates, bool) {
        // In bulk rather than a placement per given (the same marks, about
        // a sixth of the time of rating an easy puzzle): the digits each
        // row, column and box holds, walked row by row so that all of them
        // stay in registers, then each blank cell's candidates from its
        // three units, and each digit's cells from its givens' peers. No
        // branch depends on whether a cell is blank, which the predictor
        // cannot guess: the givens are walked as a bit set.
        let cells = grid.cells();
        let (mut rows, mut columns, mut boxes) = ([0u16; 9], [0u16; 9], [0u16; 9]);
        let mut givens = 0u128;
        for r in 0..9 {
            let mut row = 0u16;
            let mut row_givens = 0u16;
            for c in 0..9 {
                let v = cells[9 * r + c];
                // Bit `v` for a given, none for a blank.
                let bit = (1u16 << v) & !1;
                row |= bit;
                columns[c] |= bit;
                boxes[r / 3 * 3 + c / 3] |= bit;
                row_givens |= u16::from(v != 0) << c;
            }
            rows[r] = row;
            givens |= u128::from(row_givens) << (9 * r);
        }
        let mut cands = [0u16; 81];
        for r in 0..9 {
            for c in 0..9 {
                let blank = 0u16.wrapping_sub(u16::from(cells[9 * r + c] == 0));
                cands[9 * r + c] =
                    ALL_DIGITS & !(rows[r] | columns[c] | boxes[r / 3 * 3 + c / 3]) & blank;
            }
        }
        let empty = ALL_CELLS & !givens;
        // `seen[v]`: the peers of the givens `v` so far; a given among them
        // clashes with an earlier one.
        let mut seen = [0u128; 10];
        let mut clash = false;
        let mut rest = givens;
        while rest != 0 {
            let bit = rest & rest.wrapping_neg();
            rest ^= bit;
            let c = bit.trailing_zeros() as usize;
            let v = usize::from(cells[c]);
            clash |= seen[v] & bit != 0;
            seen[v] |= PEERS[c];
        }
        let mut by_digit = [0u128; 10];
        for digit in 1..10 {
            by_digit[digit] = empty & !seen[digit];
        }
        let marks = Candidates {
            values: *cells,
            cands,
            by_digit,
            empty,
        };
        (marks, clash)
    }

    /// The marks of `grid` narrowed by a player's pencil marks: `pencil[cell]`
    /// has bit `d` set for each digit `d` the player left in `cell`. A blank
    /// cell with no pencil marks (0) keeps every candidate, so a player who
    /// marks only some cells loses nothing elsewhere; pencil marks on filled
    /// cells, and digits a peer already holds, are ignored.
    ///
    /// Pencil marks that rule out a cell's true digit make the position
    /// unsolvable, and possibly [broken](Candidates::is_broken): check them
    /// against the solution first, as [`crate::hint::hint`] does.
    ///
    /// ```
    /// use sudoku_core::rate::Candidates;
    /// use sudoku_core::{Grid, CELLS};
    ///
    /// let mut pencil = [0u16; CELLS];
    /// pencil[0] = 1 << 4 | 1 << 7; // the player left 4 and 7 in r1c1
    /// let marks = Candidates::with_pencil_marks(&Grid::EMPTY, &pencil);
    /// assert_eq!(marks.digits(0).collect::<Vec<_>>(), vec![4, 7]);
    /// assert_eq!(marks.digits(1).count(), 9);
    /// ```
    #[must_use]
    pub fn with_pencil_marks(grid: &Grid, pencil: &[u16; CELLS]) -> Candidates {
        let mut marks = Candidates::new(grid);
        for (cell, &kept) in pencil.iter().enumerate() {
            if kept == 0 {
                continue;
            }
            for digit in 1..=9u8 {
                if kept & 1 << digit == 0 && marks.has(cell, digit) {
                    marks.eliminate(cell, digit);
                }
            }
        }
        marks
    }

    /// The digit placed in `cell` (row-major, `0..81`), or 0 when it is blank.
    ///
    /// # Panics
    /// When `cell` is 81 or more; [`Candidates::try_value`] returns `None` instead.
    #[must_use]
    pub fn value(&self, cell: usize) -> u8 {
        self.values[cell]
    }

    /// The digit placed in `cell`, 0 when it is blank, or `None` when there
    /// is no such cell.
    #[must_use]
    pub fn try_value(&self, cell: usize) -> Option<u8> {
        self.values.get(cell).copied()
    }

    /// The candidates of `cell` (`0..81`) as a mask with bit `d` set for
    /// digit `d` (0 for a filled cell).
    ///
    /// # Panics
    /// When `cell` is 81 or more; [`Candidates::try_mask`] returns `None` instead.
    #[must_use]
    pub fn mask(&self, cell: usize) -> u16 {
        self.cands[cell]
    }

    /// The candidates of `cell` as a mask, or `None` when there is no such cell.
    #[must_use]
    pub fn try_mask(&self, cell: usize) -> Option<u16> {
        self.cands.get(cell).copied()
    }

    /// The candidate digits of `cell` (`0..81`), lowest first.
    ///
    /// # Panics
    /// When `cell` is 81 or more (see [`Candidates::try_mask`]).
    pub fn digits(&self, cell: usize) -> impl Iterator<Item = u8> {
        Digits(self.cands[cell])
    }

    /// True when `digit` is still a candidate of `cell` (`0..81`); false for
    /// any `digit` outside 1-9.
    ///
    /// # Panics
    /// When `cell` is 81 or more (see [`Candidates::try_mask`]).
    #[must_use]
    pub fn has(&self, cell: usize, digit: u8) -> bool {
        (1..=9).contains(&digit) && self.cands[cell] & (1 << digit) != 0
    }

    /// The placed digits as a grid.
    #[must_use]
    pub fn grid(&self) -> Grid {
        Grid::from_cells_unchecked(self.values)
    }

    /// True when every cell holds a digit.
    #[must_use]
    pub fn is_solved(&self) -> bool {
        self.empty == 0
    }

    /// True when the position cannot be completed by the rules alone: a blank
    /// cell without candidates, or a unit where some digit is neither placed
    /// nor possible, or a digit placed twice in a unit.
    #[must_use]
    pub fn is_broken(&self) -> bool {
        if self.empty & !self.cells_with_candidates() != 0 {
            return true;
        }
        for unit in &UNITS {
            let (mut seen, mut placed) = (0u16, 0u16);
            for &c in unit {
                let v = self.values[c as usize];
                if v != 0 {
                    if placed & (1 << v) != 0 {
                        return true;
                    }
                    placed |= 1 << v;
                }
                seen |= self.cands[c as usize];
            }
            if (seen | placed) != ALL_DIGITS {
                return true;
            }
        }
        false
    }

    fn cells_with_candidates(&self) -> u128 {
        self.by_digit[1..].iter().fold(0, |acc, m| acc | m)
    }

    /// Every cell's candidates, as [`Candidates::mask`] gives them.
    #[inline]
    pub(crate) fn masks(&self) -> &[u16; 81] {
        &self.cands
    }

    /// Each digit's cells (`[d]` for digit `d`; `[0]` is empty): a snapshot
    /// of the candidates for [`Candidates::is_within`].
    pub(crate) fn cells_by_digit(&self) -> [u128; 10] {
        let mut cells = self.by_digit;
        cells[0] = 0;
        cells
    }

    /// True when every candidate here is among `cells` (a snapshot from
    /// [`Candidates::cells_by_digit`]): this position has the other's
    /// candidates or fewer.
    pub(crate) fn is_within(&self, cells: &[u128; 10]) -> bool {
        (1..=9).all(|d| self.by_digit[d] & !cells[d] == 0)
    }

    /// The digits (a bit each, `1..=9`) none of whose cells is down to
    /// that digit alone. The memos of searches that read one digit's cells
    /// keep only such digits: whether a cell starts a search, or whether a
    /// conclusion removes something, reads its other digits too.
    pub(crate) fn digits_in_open_cells(&self) -> u16 {
        let open = Cells(self.empty)
            .filter(|&c| self.cands[c].count_ones() >= 2)
            .fold(0u128, |acc, c| acc | 1 << c);
        (1..=9u8)
            .filter(|&d| self.by_digit[d as usize] & !open == 0)
            .fold(0u16, |acc, d| acc | 1 << d)
    }

    /// Where each digit can go in unit `u` (`0..27`): bit `i` of
    /// `places[d]` is set when the unit's `i`-th cell ([`UNITS`]) has
    /// candidate `d` (`places[0]` is 0).
    ///
    /// By a bit-matrix transpose of the cells' masks rather than a loop
    /// over each cell's digits, whose count the branch predictor cannot
    /// guess (the searches for hidden sets read every unit's places after
    /// most steps): cells 0-7 by digits 1-8 as an 8×8 matrix of bits, a
    /// byte a cell, transposed to a byte a digit in three exchanges, then
    /// the ninth cell and the ninth digit bit by bit.
    #[inline(always)]
    pub(crate) fn unit_places(&self, u: usize) -> [u16; 10] {
        let cells = &UNITS[u];
        let mask = |i: usize| u64::from(self.cands[cells[i] as usize]);
        let (mut matrix, mut nines) = (0u64, 0u64);
        for i in 0..8 {
            let m = mask(i);
            matrix |= ((m >> 1) & 0xFF) << (8 * i);
            nines |= ((m >> 9) & 1) << i;
        }
        // Bit 8·r + c to bit 8·c + r: swap the 1×1, 2×2 and 4×4 blocks
        // across the diagonal.
        let t = (matrix ^ (matrix >> 7)) & 0x00AA_00AA_00AA_00AA;
        matrix ^= t ^ (t << 7);
        let t = (matrix ^ (matrix >> 14)) & 0x0000_CCCC_0000_CCCC;
        matrix ^= t ^ (t << 14);
        let t = (matrix ^ (matrix >> 28)) & 0x0000_0000_F0F0_F0F0;
        matrix ^= t ^ (t << 28);
        let last = mask(8);
        let byte = |d: usize| (((matrix >> (8 * (d - 1))) & 0xFF) | ((last >> d) & 1) << 8) as u16;
        [
            0,
            byte(1),
            byte(2),
            byte(3),
            byte(4),
            byte(5),
            byte(6),
            byte(7),
            byte(8),
            (nines | ((last >> 9) & 1) << 8) as u16,
        ]
    }

    /// The cells where `digit` is a candidate.
    #[inline]
    pub(crate) fn digit_cells(&self, digit: u8) -> u128 {
        self.by_digit[digit as usize]
    }

    /// The blank cells.
    #[inline]
    pub(crate) fn empty_cells(&self) -> u128 {
        self.empty
    }

    /// Places `digit` in `cell` and removes it from the cell's peers.
    pub(crate) fn place(&mut self, cell: usize, digit: u8) {
        self.place_tracked(cell, digit);
    }

    /// [`Candidates::place`], returning what it changed (see [`Changed`]):
    /// the units of the cell and of its peers that lost `digit`, those
    /// peers, and the cell's digits with `digit`. Only there can a new
    /// single appear, so a run of singles need not look at the rest of the
    /// grid again.
    #[inline(always)]
    pub(crate) fn place_tracked(&mut self, cell: usize, digit: u8) -> Changed {
        let bit = 1u128 << cell;
        let digits = self.cands[cell] | 1 << digit;
        // Every digit's cells, whether or not the cell had it: nine plain
        // masks cost less than a loop over the cell's candidates, whose
        // count the branches cannot predict.
        for cells in &mut self.by_digit {
            *cells &= !bit;
        }
        self.cands[cell] = 0;
        self.values[cell] = digit;
        self.empty &= !bit;
        let changed = self.by_digit[digit as usize] & PEERS[cell];
        self.by_digit[digit as usize] &= !changed;
        let mut units = CELL_UNIT_BITS[cell];
        let mut peers = changed;
        while peers != 0 {
            let p = peers.trailing_zeros() as usize;
            peers &= peers - 1;
            self.cands[p] &= !(1 << digit);
            units |= CELL_UNIT_BITS[p];
        }
        Changed {
            units,
            cells: changed,
            digits,
        }
    }

    /// Removes `digit` from the candidates of `cell`.
    #[inline]
    pub(crate) fn eliminate(&mut self, cell: usize, digit: u8) {
        self.cands[cell] &= !(1 << digit);
        self.by_digit[digit as usize] &= !CELL_BIT[cell];
    }

    /// Applies a step's placements and eliminations. Entries that name no
    /// cell (81 or more) or no digit (outside 1-9), which no step this crate
    /// finds has, are ignored.
    pub fn apply(&mut self, step: &super::Step) {
        self.apply_noting(step, |_| {});
    }

    /// [`Candidates::apply`], telling `changed` what each elimination (of
    /// a candidate still there) and each placement changed.
    pub(crate) fn apply_noting(&mut self, step: &super::Step, mut changed: impl FnMut(Changed)) {
        let valid = |&&(c, d): &&(usize, u8)| c < CELLS && (1..=9).contains(&d);
        for &(c, d) in step.eliminations.iter().filter(valid) {
            if self.has(c, d) {
                self.eliminate(c, d);
                changed(Changed {
                    units: CELL_UNIT_BITS[c],
                    cells: CELL_BIT[c],
                    digits: 1 << d,
                });
            }
        }
        for &(c, d) in step.placements.iter().filter(valid) {
            if self.values[c] == 0 {
                changed(self.place_tracked(c, d));
            }
        }
    }
}

/// What a placement or an elimination changed: the units whose cells lost
/// a candidate (bits of [`CELL_UNIT_BITS`]), the cells that did besides a
/// placed one, and the digits that lost a cell.
#[derive(Clone, Copy)]
pub(crate) struct Changed {
    pub(crate) units: u32,
    pub(crate) cells: u128,
    pub(crate) digits: u16,
}

impl fmt::Debug for Candidates {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{self}")
    }
}

/// The candidate grid as players draw it: each cell shows its placed digit or
/// its candidates, columns padded to their widest cell, boxes ruled off.
impl fmt::Display for Candidates {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let text = |c: usize| -> String {
            if self.values[c] != 0 {
                self.values[c].to_string()
            } else if self.cands[c] == 0 {
                "-".to_string()
            } else {
                Digits(self.cands[c])
                    .map(|d| char::from(b'0' + d))
                    .collect()
            }
        };
        let widths: Vec<usize> = (0..9)
            .map(|col| (0..9).map(|r| text(r * 9 + col).len()).max().unwrap_or(1))
            .collect();
        let rule = |f: &mut fmt::Formatter<'_>| -> fmt::Result {
            let parts: Vec<String> = (0..3)
                .map(|b| "-".repeat(widths[b * 3..b * 3 + 3].iter().sum::<usize>() + 4))
                .collect();
            writeln!(f, "{}", parts.join("+"))
        };
        for r in 0..9 {
            if r > 0 && r % 3 == 0 {
                rule(f)?;
            }
            let mut line = String::new();
            for (col, &width) in widths.iter().enumerate() {
                if col > 0 && col % 3 == 0 {
                    line.push_str(" |");
                }
                line.push(' ');
                line.push_str(&format!("{:<width$}", text(r * 9 + col)));
            }
            writeln!(f, "{} ", line)?;
        }
        Ok(())
    }
}

#[cfg(test)]
pub(crate) mod tests {
    use super::*;

    /// Marks of grids with any givens, clashing ones too, with up to
    /// `cuts` candidates then removed at random: positions a path may
    /// reach, and broken ones.
    pub(crate) fn marks_with_cuts(
        cuts: usize,
    ) -> impl proptest::strategy::Strategy<Value = Candidates> {
        use proptest::strategy::Strategy;
        let cuts = proptest::collection::vec((0usize..81, 1u8..=9), 0..cuts);
        (crate::grid::tests::grids_with_conflicts(), cuts).prop_map(|(grid, cuts)| {
            let mut marks = Candidates::new(&grid);
            for (cell, digit) in cuts {
                marks.eliminate(cell, digit);
            }
            marks
        })
    }

    /// Searches that walk a unit's cells in order may walk its mask's bits
    /// instead (`Cells` goes lowest first): the two orders are the same.
    #[test]
    fn every_unit_lists_its_cells_in_ascending_order() {
        for (u, unit) in UNITS.iter().enumerate() {
            let listed: Vec<usize> = unit.iter().map(|&c| usize::from(c)).collect();
            let masked: Vec<usize> = Cells(UNIT_MASK[u]).collect();
            assert_eq!(listed, masked, "unit {u}");
        }
    }

    #[test]
    fn every_cell_has_twenty_peers_and_three_units() {
        for c in 0..81 {
            assert_eq!(PEERS[c].count_ones(), 20);
            for &u in &CELL_UNITS[c] {
                assert!(UNITS[u as usize].contains(&(c as u8)));
                assert_eq!(
                    unit_of(u as usize).cells().map(|x| x as u8),
                    UNITS[u as usize]
                );
            }
        }
    }

    #[test]
    fn placing_removes_the_digit_from_peers_only() {
        let mut marks = Candidates::new(&Grid::EMPTY);
        marks.place(40, 5);
        for c in 0..81 {
            let peer = PEERS[40] & (1 << c) != 0;
            assert_eq!(marks.has(c, 5), c != 40 && !peer, "cell {c}");
            assert_eq!(marks.digit_cells(5) & (1 << c) != 0, marks.has(c, 5));
        }
        assert!(!marks.is_broken());
    }

    proptest::proptest! {
        #[test]
        fn the_marks_report_clashing_givens_exactly_when_a_unit_repeats_a_digit(
            grid in crate::grid::tests::grids_with_conflicts(),
        ) {
            let repeats = crate::grid::tests::conflicts_pairwise(&grid);
            let (marks, clash) = Candidates::with_clash(&grid);
            proptest::prop_assert_eq!(clash, repeats);
            // The same marks as placing the givens one by one on an empty grid.
            let mut placed = Candidates::new(&Grid::EMPTY);
            for (c, &v) in grid.cells().iter().enumerate() {
                if v != 0 {
                    placed.place(c, v);
                }
            }
            proptest::prop_assert_eq!(marks, placed);
        }

        /// The transposed places of every unit are each digit's places read
        /// cell by cell, on marks with any candidates removed.
        #[test]
        fn unit_places_are_each_digits_places_cell_by_cell(marks in marks_with_cuts(200)) {
            for (u, unit) in UNITS.iter().enumerate() {
                let mut expected = [0u16; 10];
                for (i, &c) in unit.iter().enumerate() {
                    for d in 1..=9u8 {
                        if marks.has(usize::from(c), d) {
                            expected[usize::from(d)] |= 1 << i;
                        }
                    }
                }
                proptest::prop_assert_eq!(marks.unit_places(u), expected, "unit {}", u);
            }
        }
    }
}
