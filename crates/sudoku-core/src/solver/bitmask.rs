//! [`BitmaskSolver`]: bitboard constraint propagation plus backtracking.
//!
//! # Representation
//! The grid is split into three *bands* of three rows. For every digit `d` and
//! band `b`, one 27-bit word holds the cells of the band where `d` may still go
//! (bit `9·row + column`). A placed digit keeps its own bit, so a word always
//! covers every position of its digit, solved or not. A second word per band
//! marks the cells not yet solved. The whole state is 120 bytes, copied at each
//! guess; nothing is allocated per puzzle.
//!
//! This is the layout of JCZSolve and of the `sudoku` crate's solver: with 27
//! bits per word, the row, box and column constraints of a band are plain
//! shifts and masks, and the band-local reasoning below is a table look-up.
//!
//! # Propagation, repeated until nothing changes
//! - *Band rule* (covers pointing and claiming inside a band): in a band, each
//!   digit sits once in each of the three rows and once in each of the three
//!   boxes, so the (row, box) intersections it uses form a 3×3 permutation
//!   matrix. For each of the 512 patterns of non-empty intersections, a table
//!   keeps exactly the intersections that lie on some permutation matrix inside
//!   the pattern; everything else is eliminated, and an empty result is a
//!   contradiction. Only digits whose words changed since their last pass are
//!   examined.
//! - *Hidden singles*: a row, box or column with a single position for a digit
//!   places it there.
//! - *Naked singles*: counting candidates per cell with bit-sliced adders over
//!   the nine digit words gives every cell with exactly one candidate (placed)
//!   and with none (a contradiction), 27 cells at a time.
//!
//! # Search
//! When propagation stalls, the solver branches on a cell with the fewest
//! candidates (a two-candidate cell whenever one exists, which is almost
//! always), depth first, on a copy of the state.

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
    const PERMUTATIONS: [[usize; 3]; 6] = [
        [0, 1, 2],
        [0, 2, 1],
        [1, 0, 2],
        [1, 2, 0],
        [2, 0, 1],
        [2, 1, 0],
    ];
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

/// The propagation state: see the module docs.
#[derive(Clone, Copy)]
struct Board {
    /// `candidates[d][b]`: cells of band `b` where digit `d + 1` may go, placed ones included.
    candidates: [[u32; 3]; 9],
    /// Unsolved cells per band.
    unsolved: [u32; 3],
    /// `candidates` as of each digit's last band-rule pass, to skip unchanged digits.
    seen: [[u32; 3]; 9],
}

impl Board {
    const fn new() -> Board {
        Board {
            candidates: [[BAND; 3]; 9],
            unsolved: [BAND; 3],
            seen: [[0; 3]; 9],
        }
    }

    /// Places digit index `d` at cell `i` of band `b`. The caller has checked
    /// that `d` is still a candidate there.
    #[inline(always)]
    fn place(&mut self, d: usize, b: usize, i: u32) {
        let bit = 1u32 << i;
        for words in self.candidates.iter_mut() {
            words[b] &= !bit;
        }
        let words = &mut self.candidates[d];
        words[b] = (words[b] & !BAND_PEERS[i as usize]) | bit;
        let column = !COLUMNS[(i % 9) as usize];
        words[(b + 1) % 3] &= column;
        words[(b + 2) % 3] &= column;
        self.unsolved[b] &= !bit;
    }

    /// Places a given; false when it conflicts with the givens placed before.
    fn place_given(&mut self, cell: usize, digit: u8) -> bool {
        let (b, i) = (cell / 27, (cell % 27) as u32);
        let d = digit as usize - 1;
        if self.candidates[d][b] & (1 << i) == 0 {
            return false;
        }
        self.place(d, b, i);
        true
    }

    fn is_solved(&self) -> bool {
        self.unsolved == [0; 3]
    }

    /// Applies the rules of the module docs until nothing changes. False on a contradiction.
    fn propagate(&mut self) -> bool {
        loop {
            let mut changed = false;
            for d in 0..9 {
                if self.candidates[d] == self.seen[d] {
                    continue;
                }
                changed = true;
                match self.propagate_digit(d) {
                    None => return false,
                    Some(placed) => {
                        if !placed {
                            self.seen[d] = self.candidates[d];
                        }
                    }
                }
            }
            match self.naked_singles() {
                None => return false,
                Some(placed) => changed |= placed,
            }
            if !changed {
                return true;
            }
        }
    }

    /// The band rule and hidden singles for one digit. `Some(true)` when it
    /// placed a digit, `None` on a contradiction.
    #[inline(always)]
    fn propagate_digit(&mut self, d: usize) -> Option<bool> {
        let mut placed = false;
        for b in 0..3 {
            let x = self.candidates[d][b];
            let pattern = ROW_TO_BOXES[(x & ROW9) as usize]
                | (ROW_TO_BOXES[((x >> 9) & ROW9) as usize] << 3)
                | (ROW_TO_BOXES[(x >> 18) as usize] << 6);
            let allowed = BAND_RULE[pattern as usize];
            if allowed == 0 {
                return None;
            }
            let mut x = x & allowed;
            self.candidates[d][b] = x;
            let open = self.unsolved[b];
            if x & open == 0 {
                continue;
            }
            for unit in ROWS.iter().chain(BOXES.iter()) {
                let seg = x & unit;
                if seg.is_power_of_two() && seg & open != 0 {
                    self.place(d, b, seg.trailing_zeros());
                    placed = true;
                    x = self.candidates[d][b];
                }
            }
        }
        // Columns: count positions per column over the nine row segments.
        let (mut once, mut twice) = (0u32, 0u32);
        for b in 0..3 {
            let x = self.candidates[d][b];
            for shift in [0, 9, 18] {
                let seg = (x >> shift) & ROW9;
                twice |= once & seg;
                once |= seg;
            }
        }
        if once != ROW9 {
            return None;
        }
        let mut singles = once & !twice;
        while singles != 0 {
            let column = COLUMNS[singles.trailing_zeros() as usize];
            singles &= singles - 1;
            for b in 0..3 {
                let seg = self.candidates[d][b] & column;
                if seg != 0 {
                    if seg & self.unsolved[b] != 0 {
                        self.place(d, b, seg.trailing_zeros());
                        placed = true;
                    }
                    break;
                }
            }
        }
        Some(placed)
    }

    /// Places every cell with one candidate. `Some(true)` when it placed a
    /// digit, `None` when a cell has no candidate left.
    #[inline(always)]
    fn naked_singles(&mut self) -> Option<bool> {
        let mut placed = false;
        for b in 0..3 {
            let open = self.unsolved[b];
            if open == 0 {
                continue;
            }
            let (mut once, mut twice) = (0u32, 0u32);
            for words in &self.candidates {
                twice |= once & words[b];
                once |= words[b];
            }
            if open & !once != 0 {
                return None;
            }
            let mut singles = open & !twice;
            while singles != 0 {
                let i = singles.trailing_zeros();
                singles &= singles - 1;
                let bit = 1 << i;
                let d = self
                    .candidates
                    .iter()
                    .position(|words| words[b] & bit != 0)?;
                self.place(d, b, i);
                placed = true;
            }
        }
        Some(placed)
    }

    /// The unsolved cell to branch on: `(band, bit)`, fewest candidates first.
    fn branch_cell(&self) -> (usize, u32) {
        let mut best = (0, 0, u32::MAX);
        for b in 0..3 {
            let open = self.unsolved[b];
            if open == 0 {
                continue;
            }
            let (mut once, mut twice, mut thrice) = (0u32, 0u32, 0u32);
            for words in &self.candidates {
                thrice |= twice & words[b];
                twice |= once & words[b];
                once |= words[b];
            }
            let pairs = open & twice & !thrice;
            if pairs != 0 {
                return (b, pairs.trailing_zeros());
            }
            let mut cells = open;
            while cells != 0 {
                let i = cells.trailing_zeros();
                cells &= cells - 1;
                let count = self
                    .candidates
                    .iter()
                    .filter(|words| words[b] & (1 << i) != 0)
                    .count() as u32;
                if count < best.2 {
                    best = (b, i, count);
                }
            }
        }
        (best.0, best.1)
    }

    fn solution(&self) -> Grid {
        let mut cells = [0u8; CELLS];
        for (cell, value) in cells.iter_mut().enumerate() {
            let (b, bit) = (cell / 27, 1u32 << (cell % 27));
            if self.unsolved[b] & bit == 0 {
                if let Some(d) = self.candidates.iter().position(|w| w[b] & bit != 0) {
                    *value = d as u8 + 1;
                }
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
    /// Explores the propagated, unsolved `board`. Returns once `limit` solutions are found.
    fn explore(&mut self, board: &Board) {
        let (b, i) = board.branch_cell();
        let bit = 1u32 << i;
        for d in 0..9 {
            if board.candidates[d][b] & bit == 0 {
                continue;
            }
            self.guesses += 1;
            let mut next = *board;
            next.place(d, b, i);
            if !next.propagate() {
                continue;
            }
            if next.is_solved() {
                self.count += 1;
                if self.first.is_none() {
                    self.first = Some(next);
                }
            } else {
                self.explore(&next);
            }
            if self.count >= self.limit {
                return;
            }
        }
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
}

impl Solver for BitmaskSolver {
    fn search(&self, puzzle: &Grid, limit: usize) -> Search {
        let limit = limit.max(1);
        let none = Search {
            solution: None,
            count: 0,
            guesses: 0,
        };
        let mut board = Board::new();
        for (cell, &digit) in puzzle.cells().iter().enumerate() {
            if digit != 0 && !board.place_given(cell, digit) {
                return none;
            }
        }
        if !board.propagate() {
            return none;
        }
        if board.is_solved() {
            return Search {
                solution: Some(board.solution()),
                count: 1,
                guesses: 0,
            };
        }
        let mut hunt = Hunt {
            limit,
            count: 0,
            first: None,
            guesses: 0,
        };
        hunt.explore(&board);
        Search {
            solution: hunt.first.map(|b| b.solution()),
            count: hunt.count,
            guesses: hunt.guesses,
        }
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
    fn band_peers_exclude_the_cell() {
        for (i, peers) in BAND_PEERS.iter().enumerate() {
            assert_eq!(peers & (1 << i), 0);
            assert_eq!(peers.count_ones(), 8 + 2);
        }
    }
}
