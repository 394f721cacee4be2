//! [`BitmaskSolver`]: bitboard constraint propagation plus backtracking.
//!
//! # Representation
//! The grid is split into three *bands* of three rows. For every digit `d` and
//! band `b`, one 27-bit word holds the cells of the band where `d` may still go
//! (bit `9·row + column`). A solved digit keeps its own bit, so a word always
//! covers every position of its digit, solved or not. One more word per band
//! marks the cells not yet solved, one more the two-candidate cells found by
//! the last naked-single pass (the branching candidates), and a copy of each
//! word as of its last update lets unchanged words be skipped. The state is
//! 248 bytes, copied at each guess but a branch's last; nothing is allocated
//! per puzzle.
//!
//! This is the layout JCZSolve made famous (the `sudoku` crate's solver is a
//! port of it): with 27 bits per word, the row, box and column constraints of
//! a band are shifts and masks, and the band-local reasoning is a table look-up.
//!
//! # Propagation
//! Committing digit `d` to a cell only removes `d` from the cell's row and box
//! in its band. Everything else follows lazily, word by word, from three rules
//! applied to each changed word until none changes:
//! - *Band rule* (pointing and claiming inside a band): in a band, each digit
//!   sits once in each of the three rows and once in each of the three boxes,
//!   so the (row, box) intersections it uses form a 3×3 permutation matrix.
//!   For each of the 512 patterns of non-empty intersections, a table keeps
//!   exactly the intersections that lie on some permutation matrix inside the
//!   pattern; an empty result is a contradiction.
//! - *Column lock*: a box whose candidates for `d` lie in one column puts `d`
//!   in that column, so the other two bands lose it there. This is also what
//!   enforces one `d` per column.
//! - *Column claim*: conversely, a column where the other two bands have no
//!   place left for `d` must hold it in this band, so its box loses `d` in its
//!   other columns (a box with two such columns is a contradiction). This
//!   costs a few instructions per word and saves about 8% of the work on the
//!   hardest public sets.
//! - *Solved rows*: a row with one cell left for `d` is solved there (a hidden
//!   single; after the band rule this covers boxes too), and the other digits
//!   leave that cell.
//!
//! Then *naked singles*: bit-sliced counting over the nine words of a band
//! gives, 27 cells at a time, the cells with one candidate (committed) and
//! with none (a contradiction). Both steps repeat until nothing changes.
//!
//! # Search
//! When propagation stalls, the solver branches on a two-candidate cell
//! whenever one exists, which is almost always. Otherwise it takes the first
//! unsolved cell of each band and branches on the one with fewer candidates:
//! on the hardest public sets that makes 4-28% fewer guesses than the cell
//! with fewest candidates in the whole grid (`sudoku bench`, guesses per
//! puzzle). The search is depth first, on a copy of the state. A digit that
//! failed is ruled out of the cell before the next alternative is tried.

use super::{Search, Solver};
use crate::grid::{Grid, CELLS};

const BAND: u32 = (1 << 27) - 1;
const ROW9: u32 = 0x1FF;

/// Cells of row `r` (0..3) within a band.
const ROWS: [u32; 3] = [ROW9, ROW9 << 9, ROW9 << 18];
/// Cells of box `k` (0..3) within a band.
const BOXES: [u32; 3] = [0x1C0E07, 0x1C0E07 << 3, 0x1C0E07 << 6];
/// Cells of column `c` (0..9) within a band.
const COLUMNS: [u32; 9] = {
    let mut cols = [0; 9];
    let mut c = 0;
    while c < 9 {
        cols[c] = (1 << c) | (1 << (c + 9)) | (1 << (c + 18));
        c += 1;
    }
    cols
};

/// For a cell `i` (0..27) of a band: the other cells of its row and box in that band.
const BAND_PEERS: [u32; 27] = {
    let mut peers = [0; 27];
    let mut i = 0;
    while i < 27 {
        peers[i] = (ROWS[i / 9] | BOXES[(i % 9) / 3]) & !(1 << i);
        i += 1;
    }
    peers
};

/// For a 9-bit row segment: which of its three boxes hold a candidate (3 bits).
const ROW_TO_BOXES: [u32; 512] = {
    let mut table = [0; 512];
    let mut seg = 0;
    while seg < 512 {
        table[seg] = ((seg & 0x7 != 0) as u32)
            | (((seg & 0x38 != 0) as u32) << 1)
            | (((seg & 0x1C0 != 0) as u32) << 2);
        seg += 1;
    }
    table
};

/// For a 9-bit pattern of non-empty (row, box) intersections (bit `3·row + box`):
/// the 27-bit mask of the intersections lying on a permutation matrix inside
/// the pattern, or 0 when there is none (the band rule, see the module docs).
const BAND_RULE: [u32; 512] = {
    const PERMUTATIONS: [[usize; 3]; 6] = crate::final_boards::ROW_ORDERS;
    let mut table = [0; 512];
    let mut pattern = 0;
    while pattern < 512 {
        let mut allowed = 0usize;
        let mut p = 0;
        while p < 6 {
            let perm = PERMUTATIONS[p];
            let matrix = (1 << perm[0]) | (1 << (3 + perm[1])) | (1 << (6 + perm[2]));
            if pattern & matrix == matrix {
                allowed |= matrix;
            }
            p += 1;
        }
        let mut mask = 0u32;
        let mut bit = 0;
        while bit < 9 {
            if allowed & (1 << bit) != 0 {
                mask |= 0x7 << (9 * (bit / 3) + 3 * (bit % 3));
            }
            bit += 1;
        }
        table[pattern] = mask;
        pattern += 1;
    }
    table
};

/// For a 9-bit row segment: the segment when it holds exactly one cell, else 0.
const ROW_SINGLE: [u32; 512] = {
    let mut table = [0; 512];
    let mut seg = 1;
    while seg < 512 {
        if seg & (seg - 1) == 0 {
            table[seg] = seg as u32;
        }
        seg += 1;
    }
    table
};

/// For the 9-bit set of columns a digit may use in one band: the cells the
/// other two bands keep. A box whose candidates lie in a single column puts the
/// digit in that column, so the other bands lose that column.
const COLUMN_LOCK: [u32; 512] = {
    let mut table = [0; 512];
    let mut cols = 0;
    while cols < 512 {
        let mut keep = BAND;
        let mut k = 0;
        while k < 3 {
            let triple: u32 = (cols as u32 >> (3 * k)) & 0x7;
            if triple != 0 && triple & (triple - 1) == 0 {
                let c = 3 * k + (triple.trailing_zeros() as usize);
                keep &= !COLUMNS[c];
            }
            k += 1;
        }
        table[cols] = keep;
        cols += 1;
    }
    table
};

/// For the 9-bit set of columns where a digit has no place in the other two
/// bands (so this band must hold it there): the cells this band keeps. A box
/// with one such column holds the digit in that column (claiming, along
/// columns); a box with two or more is a contradiction, marked by 0.
const COLUMN_CLAIM: [u32; 512] = {
    let mut table = [0; 512];
    let mut must = 0;
    while must < 512 {
        let mut keep = BAND;
        let mut k = 0;
        while k < 3 {
            let triple: u32 = (must as u32 >> (3 * k)) & 0x7;
            if triple != 0 {
                if triple & (triple - 1) != 0 {
                    keep = 0;
                    break;
                }
                let c = 3 * k + triple.trailing_zeros() as usize;
                keep &= !(BOXES[k] & !COLUMNS[c]);
            }
            k += 1;
        }
        table[must] = keep;
        must += 1;
    }
    table
};

/// For word `3·d + b`: the words of the same digit in the other two bands.
const OTHER_BANDS: [[u8; 2]; 27] = {
    let mut table = [[0; 2]; 27];
    let mut s = 0;
    while s < 27 {
        let (d3, b) = (s - s % 3, s % 3);
        table[s] = [(d3 + (b + 1) % 3) as u8, (d3 + (b + 2) % 3) as u8];
        s += 1;
    }
    table
};

/// For word `3·d + b`: its band `b` (a load is cheaper than a division).
const BAND_OF: [u8; 27] = {
    let mut table = [0; 27];
    let mut s = 0;
    while s < 27 {
        table[s] = (s % 3) as u8;
        s += 1;
    }
    table
};

/// The propagation state: see the module docs.
#[derive(Clone, Copy)]
struct Board {
    /// `candidates[3·d + b]`: cells of band `b` where digit `d + 1` may go,
    /// solved ones included.
    /// Word 27 is padding (always 0) so that the words split into 7 groups of 4.
    candidates: [u32; 28],
    /// Each word as of its last update, so unchanged words are skipped.
    updated: [u32; 28],
    /// Unsolved cells per band.
    unsolved: [u32; 3],
    /// Two-candidate cells per band as of the last naked-single pass.
    pairs: [u32; 3],
}

impl Board {
    const fn new() -> Board {
        Board {
            candidates: {
                let mut words = [BAND; 28];
                words[27] = 0;
                words
            },
            updated: [0; 28],
            unsolved: [BAND; 3],
            pairs: [0; 3],
        }
    }

    /// Commits digit index `d` to cell `i` of band `b`: drops the digit from
    /// the cell's row and box in the band. [`Board::update`] derives the rest
    /// (the column in other bands, the other digits of the cell).
    #[inline(always)]
    fn assign(&mut self, d: usize, b: usize, i: u32) {
        self.candidates[3 * d + b] &= !BAND_PEERS[i as usize];
    }

    /// Places a given at cell `i` of band `b`; false when an earlier given
    /// already excludes it.
    fn place_given(&mut self, b: usize, i: u32, digit: u8) -> bool {
        let d = digit as usize - 1;
        if self.candidates[3 * d + b] & (1 << i) == 0 {
            return false;
        }
        self.assign(d, b, i);
        true
    }

    fn is_solved(&self) -> bool {
        self.unsolved == [0; 3]
    }

    /// Applies the band rule, column locks and solved rows to every changed
    /// word until none changes. False on a contradiction.
    #[inline(always)]
    fn update(&mut self) -> bool {
        loop {
            let mut changed = self.changed_words();
            if changed == 0 {
                return true;
            }
            while changed != 0 {
                let s = changed.trailing_zeros() as usize;
                changed &= changed - 1;
                if !self.update_word(s) {
                    return false;
                }
            }
        }
    }

    /// Bit `s` set when word `s` changed since its last update.
    #[inline(always)]
    fn changed_words(&self) -> u32 {
        #[cfg(target_arch = "x86_64")]
        {
            use std::arch::x86_64::{
                _mm_castsi128_ps, _mm_cmpeq_epi32, _mm_loadu_si128, _mm_movemask_ps,
            };
            let mut equal = 0u32;
            for group in 0..7 {
                // SAFETY: SSE2 is part of the x86_64 baseline, and both loads
                // read 4 in-bounds words (group * 4 + 3 <= 27 < 28).
                let bits = unsafe {
                    let a = _mm_loadu_si128(self.candidates.as_ptr().add(4 * group).cast());
                    let b = _mm_loadu_si128(self.updated.as_ptr().add(4 * group).cast());
                    _mm_movemask_ps(_mm_castsi128_ps(_mm_cmpeq_epi32(a, b)))
                };
                equal |= (bits as u32) << (4 * group);
            }
            !equal & ((1 << 27) - 1)
        }
        #[cfg(not(target_arch = "x86_64"))]
        {
            let mut mask = 0u32;
            for s in 0..27 {
                mask |= u32::from(self.candidates[s] != self.updated[s]) << s;
            }
            mask
        }
    }

    /// Updates word `s` (digit `s / 3`, band `s % 3`). False on a contradiction.
    #[inline(always)]
    fn update_word(&mut self, s: usize) -> bool {
        let [other1, other2] = OTHER_BANDS[s];
        let elsewhere = self.candidates[other1 as usize] | self.candidates[other2 as usize];
        let must = !(elsewhere | (elsewhere >> 9) | (elsewhere >> 18)) & ROW9;
        // The band rule and the column claim are computed side by side from
        // the word as it is, not one after the other: the update is a chain
        // of dependent table look-ups, and cutting one link from it makes the
        // solver 7-20% faster on every public set, although the word is then
        // revisited whenever the claim removed something (`updated` keeps the
        // word before the claim), which costs 5-7% more instructions.
        let word = self.candidates[s];
        let pattern = ROW_TO_BOXES[(word & ROW9) as usize]
            | (ROW_TO_BOXES[((word >> 9) & ROW9) as usize] << 3)
            | (ROW_TO_BOXES[(word >> 18) as usize] << 6);
        let ruled = word & BAND_RULE[pattern as usize];
        let x = ruled & COLUMN_CLAIM[must as usize];
        if x == 0 {
            return false;
        }
        self.candidates[s] = x;
        self.updated[s] = ruled;

        let columns = (x | (x >> 9) | (x >> 18)) & ROW9;
        let keep = COLUMN_LOCK[columns as usize];
        self.candidates[other1 as usize] &= keep;
        self.candidates[other2 as usize] &= keep;

        // A row with one cell left for the digit is solved there (a hidden
        // single; after the band rule this covers boxes too).
        let solved = ROW_SINGLE[(x & ROW9) as usize]
            | (ROW_SINGLE[((x >> 9) & ROW9) as usize] << 9)
            | (ROW_SINGLE[(x >> 18) as usize] << 18);
        let b = BAND_OF[s] as usize;
        let fresh = solved & self.unsolved[b];
        if fresh != 0 {
            self.unsolved[b] &= !fresh;
            // Every other digit leaves the newly solved cells; this word keeps them.
            for d in 0..9 {
                self.candidates[3 * d + b] &= !fresh;
            }
            self.candidates[s] = x;
        }
        true
    }

    /// Commits every unsolved cell with a single candidate, and records the
    /// two-candidate cells. `Some(true)` when it committed any, `None` when a
    /// cell has no candidate left.
    #[inline(always)]
    fn naked_singles(&mut self) -> Option<bool> {
        let mut placed = false;
        for b in 0..3 {
            let (mut once, mut twice, mut thrice) = (0u32, 0u32, 0u32);
            for d in 0..9 {
                let word = self.candidates[3 * d + b];
                thrice |= twice & word;
                twice |= once & word;
                once |= word;
            }
            if once != BAND {
                return None;
            }
            self.pairs[b] = twice & !thrice;
            let mut singles = !twice & self.unsolved[b];
            while singles != 0 {
                let i = singles.trailing_zeros();
                singles &= singles - 1;
                let bit = 1 << i;
                // None: the cell lost its only candidate to a commit made here.
                let d = (0..9).find(|&d| self.candidates[3 * d + b] & bit != 0)?;
                self.assign(d, b, i);
                placed = true;
            }
        }
        Some(placed)
    }

    /// Propagates to a fixed point. False on a contradiction.
    fn propagate(&mut self) -> bool {
        loop {
            if !self.update() {
                return false;
            }
            if self.is_solved() {
                return true;
            }
            match self.naked_singles() {
                None => return false,
                Some(true) => continue,
                Some(false) => return true,
            }
        }
    }

    /// The unsolved cell to branch on: `(band, bit)`, a two-candidate cell if
    /// any (recorded by the last naked-single pass, which found nothing to
    /// commit, so the board has not changed since), else the first unsolved
    /// cell of a band with fewest candidates (see the module docs).
    fn branch_cell(&self) -> (usize, u32) {
        for b in 0..3 {
            let pairs = self.pairs[b] & self.unsolved[b];
            if pairs != 0 {
                return (b, pairs.trailing_zeros());
            }
        }
        let mut best = (0, 0, u32::MAX);
        for b in 0..3 {
            let cells = self.unsolved[b];
            if cells != 0 {
                let i = cells.trailing_zeros();
                let count = (0..9)
                    .filter(|&d| self.candidates[3 * d + b] & (1 << i) != 0)
                    .count() as u32;
                if count < best.2 {
                    best = (b, i, count);
                }
            }
        }
        (best.0, best.1)
    }

    /// The grid of a solved board: each cell holds the one digit whose word has it.
    fn solution(&self) -> Grid {
        let mut cells = [0u8; CELLS];
        for (s, &word) in self.candidates[..27].iter().enumerate() {
            let (digit, base) = ((s / 3) as u8 + 1, 27 * (s % 3));
            let mut bits = word;
            while bits != 0 {
                cells[base + bits.trailing_zeros() as usize] = digit;
                bits &= bits - 1;
            }
        }
        Grid::from_cells_unchecked(cells)
    }
}

/// Depth-first search state shared across the recursion.
struct Hunt {
    limit: usize,
    count: usize,
    first: Option<Board>,
    guesses: u64,
}

impl Hunt {
    /// Explores the propagated, unsolved `board`, which it may leave
    /// changed. Returns once `limit` solutions are found.
    fn explore(&mut self, board: &mut Board) {
        let (b, i) = board.branch_cell();
        let bit = 1u32 << i;
        let mut digits: u32 = 0;
        for d in 0..9 {
            digits |= u32::from(board.candidates[3 * d + b] & bit != 0) << d;
        }
        while digits != 0 {
            let d = digits.trailing_zeros() as usize;
            digits &= digits - 1;
            if digits == 0 {
                // The last alternative needs no copy: nothing else reads the board.
                board.assign(d, b, i);
                self.try_board(board);
                return;
            }
            let mut next = *board;
            next.assign(d, b, i);
            if self.try_board(&mut next) {
                return;
            }
            // Ruling the digit out keeps the next alternatives' propagation cheaper.
            board.candidates[3 * d + b] &= !bit;
        }
    }

    /// Propagates `board` after a guess and explores it. True once `limit`
    /// solutions are found.
    #[inline(always)]
    fn try_board(&mut self, board: &mut Board) -> bool {
        self.guesses += 1;
        if board.propagate() {
            if board.is_solved() {
                self.count += 1;
                if self.first.is_none() {
                    self.first = Some(*board);
                }
            } else {
                self.explore(board);
            }
        }
        self.count >= self.limit
    }
}

/// The default [`Solver`]: bitboard propagation and backtracking.
///
/// It holds no state, so one instance serves any number of threads.
/// See the [module docs](self) for how it works.
#[derive(Debug, Clone, Copy, Default)]
pub struct BitmaskSolver {
    _private: (),
}

impl BitmaskSolver {
    /// A new solver.
    pub const fn new() -> Self {
        BitmaskSolver { _private: () }
    }

    /// The board of `puzzle`'s givens, not yet propagated; `None` when two
    /// givens conflict.
    ///
    /// Each given is committed in its band first; then, digit by digit, the
    /// givens' columns leave the other bands and the given cells leave the
    /// other digits' words, in bulk. Propagation would derive the same, but
    /// at a word update each.
    #[inline(always)]
    fn board_of(puzzle: &Grid) -> Option<Board> {
        let mut board = Board::new();
        // given[d][b]: the cells of band b given as digit d + 1.
        let mut given = [[0u32; 3]; 9];
        for (b, band) in puzzle.cells().chunks_exact(27).enumerate() {
            for (i, &digit) in band.iter().enumerate() {
                if digit != 0 {
                    let d = digit as usize - 1;
                    if !board.place_given(b, i as u32, digit) {
                        return None;
                    }
                    given[d][b] |= 1 << i;
                }
            }
        }
        let mut all = [0u32; 3];
        for by_band in &given {
            for (cells, band_given) in all.iter_mut().zip(by_band) {
                *cells |= band_given;
            }
        }
        for (d, by_band) in given.iter().enumerate() {
            let columns = by_band.map(|g| (g | (g >> 9) | (g >> 18)) & ROW9);
            for b in 0..3 {
                let elsewhere = columns[(b + 1) % 3] | columns[(b + 2) % 3];
                let taken = elsewhere | (elsewhere << 9) | (elsewhere << 18);
                if by_band[b] & taken != 0 {
                    return None;
                }
                board.candidates[3 * d + b] &= !taken & !(all[b] & !by_band[b]);
            }
        }
        board.unsolved = all.map(|cells| BAND & !cells);
        Some(board)
    }

    /// Propagates `board` and searches it for up to `limit` solutions.
    #[inline(always)]
    fn search_board(mut board: Board, limit: usize) -> Search {
        if !board.propagate() {
            return Search::NONE;
        }
        if board.is_solved() {
            return Search {
                solution: Some(board.solution()),
                count: 1,
                guesses: 0,
            };
        }
        let mut hunt = Hunt {
            limit: limit.max(1),
            count: 0,
            first: None,
            guesses: 0,
        };
        hunt.explore(&mut board);
        Search {
            solution: hunt.first.map(|b| b.solution()),
            count: hunt.count,
            guesses: hunt.guesses,
        }
    }

    /// A solution of `puzzle` whose blank `cell` holds anything but `digit`.
    ///
    /// This is the puzzle generator's uniqueness test: with the one known
    /// solution ruled out at a cell, a single search either finds a second
    /// solution or proves there is none, where trying each other digit would
    /// take one search per digit.
    pub(crate) fn solve_excluding(&self, puzzle: &Grid, cell: usize, digit: u8) -> Option<Grid> {
        let mut board = Self::board_of(puzzle)?;
        let (b, i) = (cell / 27, cell % 27);
        board.candidates[3 * (digit as usize - 1) + b] &= !(1 << i);
        Self::search_board(board, 1).solution
    }
}

impl Solver for BitmaskSolver {
    fn search(&self, puzzle: &Grid, limit: usize) -> Search {
        Self::board_of(puzzle).map_or(Search::NONE, |board| Self::search_board(board, limit))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn band_rule_keeps_full_pattern_and_rejects_missing_row() {
        assert_eq!(BAND_RULE[0x1FF], BAND);
        // Row 0 has no intersection at all: no permutation fits.
        assert_eq!(BAND_RULE[0x1F8], 0);
        // A permutation matrix alone is kept as it is.
        assert_eq!(BAND_RULE[0b100_010_001], 0x7 | (0x7 << 12) | (0x7 << 24));
    }

    #[test]
    fn solve_excluding_agrees_with_trying_each_other_digit() {
        let solver = BitmaskSolver::new();
        let (mut found, mut refuted) = (0, 0);
        for n in 0..40usize {
            let board = crate::FinalBoards::new(9).unwrap().nth(n * 36_277).unwrap();
            let mut cells = *board.cells();
            // Blank a third to a half of the cells, in a pattern varying with n.
            for (i, cell) in cells.iter_mut().enumerate() {
                if (i * 7 + n * 13) % 9 < 3 + n % 3 {
                    *cell = 0;
                }
            }
            let puzzle = Grid::from_cells_unchecked(cells);
            for cell in (0..CELLS).filter(|&c| cells[c] == 0).step_by(5) {
                let digit = board.cells()[cell];
                let by_digit = (1..=9).filter(|&d| d != digit).find_map(|d| {
                    let mut trial = cells;
                    trial[cell] = d;
                    solver.solve(&Grid::from_cells_unchecked(trial))
                });
                match solver.solve_excluding(&puzzle, cell, digit) {
                    Some(other) => {
                        assert!(other.solves(&puzzle));
                        assert_ne!(other.cells()[cell], digit);
                        assert!(by_digit.is_some());
                        found += 1;
                    }
                    None => {
                        assert!(by_digit.is_none());
                        refuted += 1;
                    }
                }
            }
        }
        // Both outcomes were exercised.
        assert!(found > 0 && refuted > 0, "{found} {refuted}");
    }

    #[test]
    fn conflicting_givens_have_no_solution() {
        let solver = BitmaskSolver::new();
        // The same digit twice in a row, in a box, in a column across bands,
        // and in a column within a band.
        for pairs in [
            vec![(0, 5), (8, 5)],
            vec![(0, 5), (10, 5)],
            vec![(4, 7), (76, 7)],
            vec![(40, 3), (49, 3)],
        ] {
            let mut cells = [0u8; CELLS];
            for &(cell, digit) in &pairs {
                cells[cell] = digit;
            }
            let search = solver.search(&Grid::from_cells_unchecked(cells), 2);
            assert_eq!(search.count, 0, "{pairs:?}");
            assert!(search.solution.is_none());
        }
        // The same digits apart are fine.
        let mut cells = [0u8; CELLS];
        cells[0] = 5;
        cells[40] = 5;
        assert_eq!(
            solver.count_solutions(&Grid::from_cells_unchecked(cells), 1),
            1
        );
    }

    #[test]
    fn band_peers_exclude_the_cell() {
        for (i, peers) in BAND_PEERS.iter().enumerate() {
            assert_eq!(peers & (1 << i), 0);
            // Eight others in the row, six more in the box.
            assert_eq!(peers.count_ones(), 8 + 6);
        }
    }
}
