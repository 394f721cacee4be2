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
//! 252 bytes, copied at each guess but a branch's last; nothing is allocated
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
//!   hardest public sets. Puzzles with 30 givens or more go without it,
//!   where it finds almost nothing (see [`Hunt::claim`]).
//! - *Solved rows*: a row with one cell left for `d` is solved there (a hidden
//!   single; after the band rule this covers boxes too), and the other digits
//!   leave that cell.
//!
//! Then *naked singles*: bit-sliced counting over the nine words of a band
//! gives, 27 cells at a time, the cells with one candidate (committed) and
//! with none (a contradiction). Both steps repeat until nothing changes.
//!
//! # Stall rules (big puzzles only)
//! When both stall, puzzles with many unsolved cells get two more rules,
//! computed over all 27 words at once ([`Board::stall_rules`]), and the
//! two steps above run again if they removed anything:
//! - *Stack rule*: the band rule turned sideways, on the (band, column)
//!   minicolumns of each stack.
//! - *Hidden triads*: each minirow (three cells of a row in one box) and each
//!   minicolumn holds exactly three digits, so three digits forced into one
//!   fill it and every other digit leaves it.
//!
//! This is the reasoning of tdoku's triad solver (Tom Dillon's band
//! configurations and triads), re-derived for JCZSolve's words. It costs
//! about as much as a whole propagation and pays for it only on puzzles that
//! need long searches, so puzzles with few unsolved cells after the first
//! propagation skip it (see [`STRONG_SEARCH_MIN_UNSOLVED`]).
//!
//! # Search
//! With the stall rules, the solver branches like tdoku: in the band or
//! stack with fewest candidate triads over all digits, on a digit with
//! exactly two *configurations* left (two permutation matrices), trying one
//! and then the other. A configuration fixes a digit in three minirows or
//! minicolumns at once, and with the rules above the two sides are far more
//! even than a cell's two candidates: on forum_hardest_1106, 242 guesses per
//! puzzle to prove the solution unique against 548 (`sudoku bench`).
//!
//! Without them, or when no digit has two configurations left, it branches
//! on a two-candidate cell whenever one exists, which is almost always.
//! Otherwise it takes the first unsolved cell of each band and branches on
//! the one with fewer candidates: on the hardest public sets that makes
//! 4-28% fewer guesses than the cell with fewest candidates in the whole grid
//! (`sudoku bench`, guesses per puzzle). The search is depth first, on a copy
//! of the state. A digit that failed is ruled out of the cell before the next
//! alternative is tried.

//!
//! # Instruction sets
//! Propagation, where nearly all the time goes, is compiled three times: for
//! the target's baseline and, on x86_64, with AVX2, BMI1/2, POPCNT and LZCNT,
//! once more with `pext` gathering the band rule's minirow pattern (only
//! where `pext` is fast: not on AMD before Zen 3). The copy to run is picked
//! once per process from what the CPU reports ([`Isa`]); the default
//! `cargo build --release` binary thus uses the newer instructions where
//! they exist. They make about 4-5% fewer instructions on the public sets
//! (callgrind) and 0-4% more puzzles per second, `pext` 1.5-2.5% more. A unit
//! test runs every copy the machine supports on all shipped puzzles and
//! requires the same solutions, counts and guesses.
//!
//! # Where the time goes
//! Fewer instructions rarely meant less time here: the word update is a
//! chain of dependent look-ups, and what it branches on (was a cell solved,
//! which digits changed) is too irregular to predict. What helped was
//! shortening the chain and removing such branches (see
//! [`Board::update_word`] and [`Board::stall_rules`]), with the measured
//! gains next to each.

use super::{Search, Solver};
use crate::grid::{Grid, CELLS};

const BAND: u32 = (1 << 27) - 1;
/// For [`Board::update`]: the changed words are not known, compare them all.
const ALL_WORDS: u32 = u32::MAX;
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
    let mut table = [0; 512];
    let mut pattern = 0;
    while pattern < 512 {
        table[pattern] = MINIROW_CELLS[permutations_inside(pattern as u32).0 as usize];
        pattern += 1;
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

/// The permutation matrices of a 3×3 pattern (bit `3·i + j`) as 9-bit masks.
const PERMUTATION_MATRICES: [u32; 6] = {
    const PERMUTATIONS: [[usize; 3]; 6] = crate::final_boards::ROW_ORDERS;
    let mut matrices = [0; 6];
    let mut p = 0;
    while p < 6 {
        let perm = PERMUTATIONS[p];
        matrices[p] = (1 << perm[0]) | (1 << (3 + perm[1])) | (1 << (6 + perm[2]));
        p += 1;
    }
    matrices
};

/// For a 3×3 pattern: the union and the intersection of the permutation
/// matrices inside it (both 0 when there is none), the first two of them, and
/// how many there are.
const fn permutations_inside(pattern: u32) -> (u32, u32, [u32; 2], usize) {
    let (mut union, mut meet, mut first) = (0, 0x1FF, [0; 2]);
    let mut found = 0;
    let mut p = 0;
    while p < 6 {
        let matrix = PERMUTATION_MATRICES[p];
        if pattern & matrix == matrix {
            union |= matrix;
            meet &= matrix;
            if found < 2 {
                first[found] = matrix;
            }
            found += 1;
        }
        p += 1;
    }
    if found == 0 {
        meet = 0;
    }
    (union, meet, first, found)
}

/// Spreads a 3×3 pattern (bit `3·i + j`) to bit `9·i + j`: row `i` of a
/// stack pattern is band `i`'s three columns of the stack.
const fn spread_rows(pattern: u32) -> u32 {
    (pattern & 0x7) | ((pattern & 0x38) << 6) | ((pattern & 0x1C0) << 12)
}

/// The *stack rule* for one digit and one stack. Indexed by the 3×3 pattern
/// of the stack's minicolumns where the digit may go (bit `3·band + column`
/// within the stack): the minicolumns on some permutation matrix inside it and
/// those on all of them, both spread to bit `9·band + column`, and how many
/// minicolumns remain. A union of 0 is a contradiction.
const STACK_RULE: [(u32, u32, u32); 512] = {
    let mut table = [(0, 0, 0); 512];
    let mut pattern = 0;
    while pattern < 512 {
        let (union, meet, _, _) = permutations_inside(pattern as u32);
        table[pattern] = (
            spread_rows(union),
            spread_rows(meet),
            triad_count(union.count_ones()),
        );
        pattern += 1;
    }
    table
};

/// For a 3×3 pattern with exactly two permutation matrices inside: both, as
/// 9-bit masks (the branching alternatives); zeros otherwise.
const TWO_CONFIGURATIONS: [[u32; 2]; 512] = {
    let mut table = [[0; 2]; 512];
    let mut pattern = 0;
    while pattern < 512 {
        let (_, _, first, found) = permutations_inside(pattern as u32);
        if found == 2 {
            table[pattern] = first;
        }
        pattern += 1;
    }
    table
};

/// For a 9-bit row segment: bits 0-2, the boxes where it has a candidate;
/// bits 9-11, that box when there is only one (the digit is then forced into
/// that minirow). Three segments shifted by 0, 3 and 6 and or-ed give a band
/// pattern and its forced minirows side by side.
const SEGMENT_INFO: [u32; 512] = {
    let mut table = [0; 512];
    let mut seg = 0;
    while seg < 512 {
        let boxes = ROW_TO_BOXES[seg];
        let forced = if boxes != 0 && boxes & (boxes - 1) == 0 {
            boxes
        } else {
            0
        };
        table[seg] = boxes | (forced << 9);
        seg += 1;
    }
    table
};

/// A digit's candidate triads in a band or stack, as kept per place: the
/// count in bits 0-3, and bit 4 set when the count is 5 or 6, which after the
/// band or stack rule means exactly two configurations (two permutation
/// matrices cover 5 or 6 intersections; three or more cover 7 or more).
const fn triad_count(count: u32) -> u32 {
    count | (((count == 5 || count == 6) as u32) << 4)
}

/// [`triad_count`] of a 9-bit pattern (there is no popcount instruction in
/// the x86_64 baseline).
const TRIAD_COUNT: [u8; 512] = {
    let mut table = [0; 512];
    let mut v = 0;
    while v < 512 {
        table[v] = triad_count((v as u32).count_ones()) as u8;
        v += 1;
    }
    table
};

/// For a 9-bit set of minirows (bit `3·row + box`): their cells.
const MINIROW_CELLS: [u32; 512] = {
    let mut table = [0; 512];
    let mut set = 0;
    while set < 512 {
        let mut t = 0;
        while t < 9 {
            if set & (1 << t) != 0 {
                table[set] |= 0x7 << (9 * (t / 3) + 3 * (t % 3));
            }
            t += 1;
        }
        set += 1;
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

/// Puzzles with at least this many unsolved cells after the first
/// propagation are searched with [`Board::stall_rules`]; the others without.
/// The stall rules cost about as much as a whole propagation, and they pay
/// for it only on puzzles that need a long search: almost every puzzle of
/// the hardest public sets lies above the line (forum_hardest_1106: 54-61
/// cells; forum_hardest_1905_11+: 44-61, all but a handful; 80% of
/// magictour_top1465), while the multi-solution serg_benchmark puzzles
/// (31-47 cells) are searched 1.9 times slower with them. Against 48, the
/// line before the stall pass kept its per-digit memo ([`StallMemo`]), 52
/// saves 2% of the instructions on unbiased puzzles (2.5% of them lie above
/// it, 11% above 48) for 0.6% more on magictour_top1465 and no change on
/// the forum sets (callgrind, `sudoku count` and `-s`).
const STRONG_SEARCH_MIN_UNSOLVED: u32 = 52;

/// Puzzles with fewer blank cells than this (30 givens or more) are
/// searched without the column claim (see [`Hunt::claim`]). Never more than
/// [`STRONG_SEARCH_MIN_UNSOLVED`], so the stall rules always come with it.
const CLAIM_MIN_BLANKS: u32 = 52;

/// The 9-bit set of columns where a band word has a candidate.
#[inline(always)]
const fn fold_columns(word: u32) -> u32 {
    (word | (word >> 9) | (word >> 18)) & ROW9
}

/// The cells of a band in a 9-bit set of columns (the inverse of [`fold_columns`]).
#[inline(always)]
const fn spread_columns(columns: u32) -> u32 {
    columns | (columns << 9) | (columns << 18)
}

/// A digit's columns in all three bands, from its three band words: bit
/// `9·band + column`.
#[inline(always)]
const fn columns_by_band(words: [u32; 3]) -> u32 {
    fold_columns(words[0]) | (fold_columns(words[1]) << 9) | (fold_columns(words[2]) << 18)
}

/// The 9-bit pattern (bit `3·row + box`) of the minirows where a band word
/// has a candidate: the index of [`BAND_RULE`].
#[inline(always)]
fn minirows(word: u32) -> u32 {
    ROW_TO_BOXES[(word & ROW9) as usize]
        | (ROW_TO_BOXES[((word >> 9) & ROW9) as usize] << 3)
        | (ROW_TO_BOXES[(word >> 18) as usize] << 6)
}

/// The cells of a band word alone in their row (a row with one cell left
/// for the digit is solved there). Computed rather than looked up: the word
/// update waits on it to know whether a cell was solved, and three
/// independent `blsr`-and-test steps answer sooner than three table loads
/// (0.5-2% more puzzles per second on the hard public sets).
#[inline(always)]
fn solved_rows(x: u32) -> u32 {
    let alone = |row: u32| {
        if row & row.wrapping_sub(1) == 0 {
            row
        } else {
            0
        }
    };
    alone(x & ROWS[0]) | alone(x & ROWS[1]) | alone(x & ROWS[2])
}

/// [`minirows`] with `pext`, for CPUs where it is fast: the or of each
/// cell with its two right neighbours puts a minirow's "any candidate" at
/// its first cell, and `pext` gathers those nine bits in order. It shortens
/// the chain of dependent steps each word update waits on (three look-ups
/// and their combination become two shifts, two ors and one `pext`).
#[cfg(target_arch = "x86_64")]
#[inline(always)]
fn minirows_pext(word: u32) -> u32 {
    let any = word | (word >> 1) | (word >> 2);
    // SAFETY: called with `PEXT` true only from `propagate_avx2_pext`, which
    // runs only where `Isa::supported` found BMI2 (and from a test that
    // checks the same first).
    unsafe { std::arch::x86_64::_pext_u32(any, EVERY_THIRD) }
}

#[cfg(not(target_arch = "x86_64"))]
#[inline(always)]
fn minirows_pext(word: u32) -> u32 {
    minirows(word)
}

/// Bits 0, 3, 6, ..., 24: a minirow's first cell, in a band word.
const EVERY_THIRD: u32 = 0x0124_9249;

/// Per band `b`: bit `3·d + b` for every digit index `d`, the band's nine words.
const BAND_WORDS: [u32; 3] = [EVERY_THIRD, EVERY_THIRD << 1, EVERY_THIRD << 2];

/// The 3×3 pattern of stack 0 (bit `3·band + column`) in a 27-bit set of
/// columns per band (bit `9·band + column`).
#[inline(always)]
const fn stack_pattern(columns: u32) -> usize {
    let x = columns & BOXES[0];
    ((x & 0x7) | ((x >> 6) & 0x38) | ((x >> 12) & 0x1C0)) as usize
}

/// The band or stack with fewest candidate triads over all digits among
/// those where a digit has exactly two configurations, and the first such
/// digit. `sizes[d]` holds digit `d`'s [`triad_count`] in band `b` at byte
/// `b` and in stack `j` at byte `3 + j`.
#[inline(always)]
fn choose_branch(sizes: &[u64; 9]) -> Branch {
    const COUNTS: u64 = 0x0F0F_0F0F_0F0F;
    const TWO_WAYS: u64 = 0x1010_1010_1010;
    let (mut totals, mut two_ways) = (0u64, 0u64);
    for &size in sizes {
        totals += size & COUNTS;
        two_ways |= size & TWO_WAYS;
    }
    let mut best = (u64::MAX, Branch::NONE);
    while two_ways != 0 {
        let place = two_ways.trailing_zeros() / 8;
        two_ways &= two_ways - 1;
        let total = (totals >> (8 * place)) & 0xFF;
        if total < best.0 {
            best = (total, place as u8);
        }
    }
    if best.1 == Branch::NONE {
        return Branch::NOWHERE;
    }
    let flag = 1u64 << (8 * best.1 + 4);
    let digit = sizes.iter().position(|&size| size & flag != 0).unwrap_or(0);
    Branch {
        digit: digit as u8,
        place: best.1,
    }
}

/// Bit `s` set when word `s` of `now` differs from word `s` of `then`
/// (words 0..27; word 27 is padding).
#[inline(always)]
fn differing_words(now: &[u32; 28], then: &[u32; 28]) -> u32 {
    #[cfg(target_arch = "x86_64")]
    {
        use std::arch::x86_64::{
            __m128i, _mm_cmpeq_epi32, _mm_loadu_si128, _mm_movemask_epi8, _mm_packs_epi16,
            _mm_packs_epi32,
        };
        // Seven 4-word comparisons (all ones where equal), narrowed with
        // saturating packs to one byte per word, 16 words per movemask:
        // about half the instructions of a movemask per group, and this
        // runs at every round of propagation.
        let group = |g: usize| -> __m128i {
            // SAFETY: SSE2 is part of the x86_64 baseline, and both loads
            // read 4 in-bounds words (4 * g + 3 <= 27 < 28).
            unsafe {
                _mm_cmpeq_epi32(
                    _mm_loadu_si128(now.as_ptr().add(4 * g).cast()),
                    _mm_loadu_si128(then.as_ptr().add(4 * g).cast()),
                )
            }
        };
        let (g0, g1, g2, g3, g4, g5, g6) = (
            group(0),
            group(1),
            group(2),
            group(3),
            group(4),
            group(5),
            group(6),
        );
        // SAFETY: SSE2 only, on values (the last pack repeats words 24-27 as
        // 28-31, which the final mask drops).
        let equal = unsafe {
            let low = _mm_packs_epi16(_mm_packs_epi32(g0, g1), _mm_packs_epi32(g2, g3));
            let high = _mm_packs_epi16(_mm_packs_epi32(g4, g5), _mm_packs_epi32(g6, g6));
            (_mm_movemask_epi8(low) as u32) | ((_mm_movemask_epi8(high) as u32) << 16)
        };
        !equal & ((1 << 27) - 1)
    }
    #[cfg(not(target_arch = "x86_64"))]
    {
        let mut mask = 0u32;
        for s in 0..27 {
            mask |= u32::from(now[s] != then[s]) << s;
        }
        mask
    }
}

/// What [`Board::stall_rules`] last derived for each digit, and from which
/// words: both are functions of a digit's three words alone, so a digit
/// whose words are the same on the board at hand, whichever board of the
/// search the memo came from, reuses them instead of recomputing them. Deep
/// in the search most digits are untouched between two passes. One memo
/// serves a whole search and is never copied with the boards (it would
/// double the 252 bytes copied at each guess, also in searches that never
/// run the stall pass).
#[derive(Clone, Copy)]
struct StallMemo {
    /// Each word as the pass last analysed it (after the stack rule).
    words: [u32; 28],
    /// Per digit: the triads it is forced into (see [`Board::stall_rules`]).
    forced: [u64; 9],
    /// Per digit: its candidate triads per band and stack (see [`choose_branch`]).
    sizes: [u64; 9],
}

impl StallMemo {
    const fn new() -> StallMemo {
        StallMemo {
            // No candidate word is ever all ones: the first pass analyses
            // every digit.
            words: [u32::MAX; 28],
            forced: [0; 9],
            sizes: [0; 9],
        }
    }
}

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
    /// Where to branch, as chosen by the last [`Board::stall_rules`] pass.
    branch: Branch,
}

/// A digit with exactly two configurations left in a band or a stack: the
/// search tries one, then the other.
#[derive(Clone, Copy)]
struct Branch {
    /// Digit index (0..9).
    digit: u8,
    /// 0..3: band; 3..6: stack `place - 3`; [`Branch::NONE`]: none found.
    place: u8,
}

impl Branch {
    const NONE: u8 = u8::MAX;
    /// No branch chosen.
    const NOWHERE: Branch = Branch {
        digit: 0,
        place: Branch::NONE,
    };
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
            branch: Branch::NOWHERE,
        }
    }

    /// Commits digit index `d` to cell `i` of band `b`: drops the digit from
    /// the cell's row and box in the band. [`Board::update`] derives the rest
    /// (the column in other bands, the other digits of the cell).
    #[inline(always)]
    fn assign(&mut self, d: usize, b: usize, i: u32) {
        self.candidates[3 * d + b] &= !BAND_PEERS[i as usize];
    }

    fn is_solved(&self) -> bool {
        self.unsolved == [0; 3]
    }

    /// Applies the band rule, column locks and solved rows to every changed
    /// word until none changes. False on a contradiction.
    ///
    /// `first` names the words changed since the board was last at a fixed
    /// point, when the caller knows them ([`ALL_WORDS`]: find them). A
    /// guess changes one to three words just before this runs, and reading
    /// all 28 back with vector loads then waits for those scalar stores to
    /// land (the loads cannot be forwarded from them): naming them skips
    /// that wait once per guess, 4 % less time for `sudoku count` on
    /// serg_benchmark (15 alternating rounds).
    ///
    /// The words are updated in rounds: each round updates the words that
    /// changed before it began, in order, and the next round finds the
    /// words changed meanwhile. With the column claim, the round finds them
    /// with [`Board::changed_words`], as above. Without it, each update
    /// names the words it may have changed (the digit's other two bands, and
    /// the band's nine words when it solved a cell), and only those are
    /// compared, with scalar loads that the stores just made forward to: on
    /// searches with thousands of solutions, which run without the claim,
    /// the vector re-read after each round was the largest single cost
    /// (listing 100,000 solutions of the empty grid: 18.5 ms before, 15.8
    /// ms after, AMD EPYC). With the claim, the vector form stays: the
    /// scalar form made `sudoku bench` 6-21 % slower on the public sets
    /// solved with the claim.
    ///
    /// Both forms visit the same words in the same order, so the search is
    /// the same. That matters with the column claim: a claim is re-derived
    /// only when its own word changes, not when the other bands' words it
    /// reads do, so the fixed point it reaches depends on the order of the
    /// updates (the search stays exact either way; only its shape would
    /// change). Without the claim, every rule is re-derived from its word
    /// alone, and any order reaches the same fixed point.
    #[inline(always)]
    fn update<const PEXT: bool, const CLAIM: bool>(&mut self, first: u32) -> bool {
        let mut changed = if first == ALL_WORDS {
            self.changed_words()
        } else {
            debug_assert_eq!(self.changed_words() & !first, 0);
            first
        };
        if CLAIM {
            loop {
                if changed == 0 {
                    return true;
                }
                while changed != 0 {
                    let s = changed.trailing_zeros() as usize;
                    changed &= changed - 1;
                    if self.update_word::<PEXT, CLAIM>(s).is_none() {
                        return false;
                    }
                }
                changed = self.changed_words();
            }
        }
        loop {
            if changed == 0 {
                return true;
            }
            let mut touched = 0;
            while changed != 0 {
                let s = changed.trailing_zeros() as usize;
                changed &= changed - 1;
                match self.update_word::<PEXT, CLAIM>(s) {
                    Some(words) => touched |= words,
                    None => return false,
                }
            }
            // Exactly the words `changed_words` would find: only an update
            // changes a word here, and each names the words it touched.
            while touched != 0 {
                let s = touched.trailing_zeros() as usize;
                touched &= touched - 1;
                changed |= u32::from(self.candidates[s] != self.updated[s]) << s;
            }
            debug_assert_eq!(changed, self.changed_words());
        }
    }

    /// Bit `s` set when word `s` changed since its last update.
    #[inline(always)]
    fn changed_words(&self) -> u32 {
        differing_words(&self.candidates, &self.updated)
    }

    /// Updates word `s` (digit `s / 3`, band `s % 3`), with the column
    /// claim when `CLAIM` says so. `None` on a contradiction, else the words
    /// it may have changed, `s` itself when the claim removed something
    /// (see [`Board::update`]).
    #[inline(always)]
    fn update_word<const PEXT: bool, const CLAIM: bool>(&mut self, s: usize) -> Option<u32> {
        let [other1, other2] = OTHER_BANDS[s];
        // The band rule and the column claim are computed side by side from
        // the word as it is, not one after the other: the update is a chain
        // of dependent table look-ups, and cutting one link from it makes the
        // solver 7-20% faster on every public set, although the word is then
        // revisited whenever the claim removed something (`updated` keeps the
        // word before the claim), which costs 5-7% more instructions.
        let word = self.candidates[s];
        let pattern = if PEXT {
            minirows_pext(word)
        } else {
            minirows(word)
        };
        let ruled = word & BAND_RULE[pattern as usize];
        let x = if CLAIM {
            let elsewhere = self.candidates[other1 as usize] | self.candidates[other2 as usize];
            let must = !fold_columns(elsewhere) & ROW9;
            ruled & COLUMN_CLAIM[must as usize]
        } else {
            ruled
        };
        if x == 0 {
            return None;
        }
        self.candidates[s] = x;
        self.updated[s] = ruled;

        let keep = COLUMN_LOCK[fold_columns(x) as usize];
        self.candidates[other1 as usize] &= keep;
        self.candidates[other2 as usize] &= keep;

        // A row with one cell left for the digit is solved there (a hidden
        // single; after the band rule this covers boxes too).
        let solved = solved_rows(x);
        let b = BAND_OF[s] as usize;
        let fresh = solved & self.unsolved[b];
        self.unsolved[b] &= !fresh;
        // Every other digit leaves the newly solved cells; this word keeps
        // them. Done whether or not a cell was solved (then it changes
        // nothing): whether one was is too irregular to predict, and the
        // mispredicted branch cost more than these nine `and`s, 6-10% more
        // puzzles per second on every public set but serg_benchmark (2% fewer).
        for d in 0..9 {
            self.candidates[3 * d + b] &= !fresh;
        }
        self.candidates[s] = x;
        // The band's nine words only when a cell was solved.
        let band_words = BAND_WORDS[b] & 0u32.wrapping_sub(u32::from(fresh != 0));
        let claimed = u32::from(x != ruled) << s;
        Some((1 << other1) | (1 << other2) | band_words | claimed)
    }

    /// Commits every unsolved cell with a single candidate, and records the
    /// two-candidate cells. `Some(true)` when it committed any, `None` when a
    /// cell has no candidate left.
    #[inline(always)]
    fn naked_singles(&mut self) -> Option<bool> {
        let mut placed = false;
        // A commit below changes only its own band's words, so counting all
        // three bands first sees what counting each band in turn would.
        let [once, twice, thrice] = self.candidate_counts();
        for b in 0..3 {
            let (once, twice, thrice) = (once[b], twice[b], thrice[b]);
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

    /// Per band: the cells with at least one, two and three candidates
    /// (bit-sliced counting over the nine digits' words).
    #[inline(always)]
    fn candidate_counts(&self) -> [[u32; 3]; 3] {
        #[cfg(target_arch = "x86_64")]
        {
            use std::arch::x86_64::{
                _mm_and_si128, _mm_loadu_si128, _mm_or_si128, _mm_setzero_si128, _mm_storeu_si128,
            };
            // The three bands side by side in the lanes of one vector: a
            // digit's words 3·d..3·d + 3 are contiguous (the fourth lane,
            // the next digit's first word or the padding, is ignored).
            let mut counts = [[0u32; 4]; 3];
            // SAFETY: SSE2 is part of the x86_64 baseline; each load reads
            // words 3·d..3·d + 4 <= 28 of `candidates`, and each store
            // writes one whole [u32; 4].
            unsafe {
                let (mut once, mut twice, mut thrice) = (
                    _mm_setzero_si128(),
                    _mm_setzero_si128(),
                    _mm_setzero_si128(),
                );
                for d in 0..9 {
                    let word = _mm_loadu_si128(self.candidates.as_ptr().add(3 * d).cast());
                    thrice = _mm_or_si128(thrice, _mm_and_si128(twice, word));
                    twice = _mm_or_si128(twice, _mm_and_si128(once, word));
                    once = _mm_or_si128(once, word);
                }
                _mm_storeu_si128(counts[0].as_mut_ptr().cast(), once);
                _mm_storeu_si128(counts[1].as_mut_ptr().cast(), twice);
                _mm_storeu_si128(counts[2].as_mut_ptr().cast(), thrice);
            }
            counts.map(|c| [c[0], c[1], c[2]])
        }
        #[cfg(not(target_arch = "x86_64"))]
        {
            let mut counts = [[0u32; 3]; 3];
            // `b` picks one word of each count: a transposed write that an
            // iterator over `counts` would not make clearer.
            #[allow(clippy::needless_range_loop)]
            for b in 0..3 {
                let (mut once, mut twice, mut thrice) = (0u32, 0u32, 0u32);
                for d in 0..9 {
                    let word = self.candidates[3 * d + b];
                    thrice |= twice & word;
                    twice |= once & word;
                    once |= word;
                }
                counts[0][b] = once;
                counts[1][b] = twice;
                counts[2][b] = thrice;
            }
            counts
        }
    }

    /// The rules applied once the cheap ones stall, over all 27 words at once,
    /// and the choice of where to branch when they find nothing either:
    /// - *Stack rule*: the band rule turned sideways. In a stack, a digit sits
    ///   once in each band and once in each of its three columns, so the
    ///   (band, column) minicolumns it uses form a permutation matrix; the
    ///   minicolumns on none leave its candidates.
    /// - *Hidden triads*: each minirow and each minicolumn holds exactly three
    ///   digits. A digit is forced into a minirow when its row has no other
    ///   box for it, and into a minicolumn when it lies on every permutation
    ///   matrix of the stack rule. Three digits forced into one triad fill it,
    ///   so every other digit leaves its cells; four is a contradiction.
    ///
    /// `Some(true)` when a candidate was removed, `None` on a contradiction.
    /// `Some(false)` leaves [`Board::branch`] set: a digit with exactly two
    /// configurations in the band or stack with fewest candidate triads over
    /// all digits (the branching rule of tdoku, whose two-way branches split
    /// the search more evenly than a cell's two candidates do).
    #[inline(always)]
    fn stall_rules(&mut self, memo: &mut StallMemo) -> Option<bool> {
        let mut changed = false;
        // A digit whose three words are as the memo has them keeps its
        // forced triads and sizes, and the stack rule (idempotent) changes
        // nothing there.
        let stale = differing_words(&self.candidates, &memo.words);
        // Bit 3·d set when a word of digit d changed: the loop below visits
        // only those digits, with one hard-to-predict branch (its exit)
        // rather than one per digit (about 60% of the digits are unchanged
        // deep in the search, in no regular pattern): 4-7% more puzzles per
        // second on the hard public sets.
        let mut stale_digits = (stale | (stale >> 1) | (stale >> 2)) & EVERY_THIRD;
        while stale_digits != 0 {
            let s = stale_digits.trailing_zeros() as usize;
            stale_digits &= stale_digits - 1;
            let d = s / 3;
            let words = [
                self.candidates[s],
                self.candidates[s + 1],
                self.candidates[s + 2],
            ];
            let columns = columns_by_band(words);
            let stacks = [
                STACK_RULE[stack_pattern(columns)],
                STACK_RULE[stack_pattern(columns >> 3)],
                STACK_RULE[stack_pattern(columns >> 6)],
            ];
            if stacks[0].0 == 0 || stacks[1].0 == 0 || stacks[2].0 == 0 {
                return None;
            }
            let kept = stacks[0].0 | (stacks[1].0 << 3) | (stacks[2].0 << 6);
            let fixed = stacks[0].1 | (stacks[1].1 << 3) | (stacks[2].1 << 6);
            changed |= kept != columns;
            let mut size = (u64::from(stacks[0].2) << 24)
                | (u64::from(stacks[1].2) << 32)
                | (u64::from(stacks[2].2) << 40);
            let mut rows = 0u32;
            for (b, &word) in words.iter().enumerate() {
                let keep = (kept >> (9 * b)) & ROW9;
                let w = word & spread_columns(keep);
                self.candidates[s + b] = w;
                memo.words[s + b] = w;
                let info = SEGMENT_INFO[(w & ROW9) as usize]
                    | (SEGMENT_INFO[((w >> 9) & ROW9) as usize] << 3)
                    | (SEGMENT_INFO[(w >> 18) as usize] << 6);
                size |= u64::from(TRIAD_COUNT[(info & ROW9) as usize]) << (8 * b);
                rows |= (info >> 9) << (9 * b);
            }
            memo.sizes[d] = size;
            // Forced minirows at bit 9·band + 3·row + box, forced
            // minicolumns at bit 32 + 9·band + column.
            memo.forced[d] = u64::from(rows) | (u64::from(fixed) << 32);
        }
        let (mut once, mut twice, mut thrice, mut more) = (0u64, 0u64, 0u64, 0u64);
        for &v in &memo.forced {
            more |= thrice & v;
            thrice |= twice & v;
            twice |= once & v;
            once |= v;
        }
        if more != 0 {
            return None;
        }
        // Only triads with an unsolved cell can lose a candidate.
        let mut open = 0u64;
        for (b, &cells) in self.unsolved.iter().enumerate() {
            open |= (u64::from(minirows(cells)) << (9 * b))
                | (u64::from(fold_columns(cells)) << (32 + 9 * b));
        }
        let full = thrice & open;
        if full != 0 {
            for (d, &v) in memo.forced.iter().enumerate() {
                let others = full & !v;
                if others == 0 {
                    continue;
                }
                for b in 0..3 {
                    let rows = ((others >> (9 * b)) as u32) & ROW9;
                    let columns = ((others >> (32 + 9 * b)) as u32) & ROW9;
                    let gone = MINIROW_CELLS[rows as usize] | spread_columns(columns);
                    let s = 3 * d + b;
                    if self.candidates[s] & gone != 0 {
                        self.candidates[s] &= !gone;
                        changed = true;
                    }
                }
            }
        }
        if !changed {
            self.branch = choose_branch(&memo.sizes);
        }
        Some(changed)
    }

    /// [`Board::propagate_body`] compiled for `isa`, with the column claim
    /// when `claim` says so.
    #[inline(always)]
    fn propagate(
        &mut self,
        memo: Option<&mut StallMemo>,
        isa: Isa,
        first: u32,
        claim: bool,
    ) -> bool {
        match isa {
            Isa::Portable => self.propagate_portable(memo, first, claim),
            #[cfg(target_arch = "x86_64")]
            // SAFETY: an `Isa::Avx2` exists only where `Isa::supported`
            // found every feature `propagate_avx2` is compiled for.
            Isa::Avx2 => unsafe { self.propagate_avx2(memo, first, claim) },
            #[cfg(target_arch = "x86_64")]
            // SAFETY: as above.
            Isa::Avx2Pext => unsafe { self.propagate_avx2_pext(memo, first, claim) },
        }
    }

    /// [`Board::propagate_body`] for the target's baseline (SSE2 on x86_64).
    fn propagate_portable(
        &mut self,
        memo: Option<&mut StallMemo>,
        first: u32,
        claim: bool,
    ) -> bool {
        self.propagate_either::<false>(memo, first, claim)
    }

    /// [`Board::propagate_body`] compiled with AVX2, BMI1/2, POPCNT and
    /// LZCNT: the whole propagation is inlined into it, so every rule gets
    /// three-operand instructions, `andn`, flag-free shifts and `tzcnt`.
    ///
    /// # Safety
    /// The CPU must support those features (see [`Isa::supported`]).
    #[cfg(target_arch = "x86_64")]
    #[target_feature(enable = "avx2,bmi1,bmi2,popcnt,lzcnt")]
    unsafe fn propagate_avx2(
        &mut self,
        memo: Option<&mut StallMemo>,
        first: u32,
        claim: bool,
    ) -> bool {
        self.propagate_either::<false>(memo, first, claim)
    }

    /// [`Board::propagate_avx2`] with `pext` in the word update.
    ///
    /// # Safety
    /// As for [`Board::propagate_avx2`].
    #[cfg(target_arch = "x86_64")]
    #[target_feature(enable = "avx2,bmi1,bmi2,popcnt,lzcnt")]
    unsafe fn propagate_avx2_pext(
        &mut self,
        memo: Option<&mut StallMemo>,
        first: u32,
        claim: bool,
    ) -> bool {
        self.propagate_either::<true>(memo, first, claim)
    }

    /// [`Board::propagate_body`] with or without the column claim, as
    /// `claim` says: both are inlined into each instruction set's copy.
    #[inline(always)]
    fn propagate_either<const PEXT: bool>(
        &mut self,
        memo: Option<&mut StallMemo>,
        first: u32,
        claim: bool,
    ) -> bool {
        if claim {
            self.propagate_body::<PEXT, true>(memo, first)
        } else {
            self.propagate_body::<PEXT, false>(memo, first)
        }
    }

    /// Propagates to a fixed point, with the stall rules when given their
    /// memo, starting from the words `first` names (see [`Board::update`]).
    /// False on a contradiction.
    #[inline(always)]
    fn propagate_body<const PEXT: bool, const CLAIM: bool>(
        &mut self,
        mut memo: Option<&mut StallMemo>,
        mut first: u32,
    ) -> bool {
        loop {
            if !self.update::<PEXT, CLAIM>(first) {
                return false;
            }
            first = ALL_WORDS;
            if self.is_solved() {
                return true;
            }
            match self.naked_singles() {
                None => return false,
                Some(true) => continue,
                Some(false) => {}
            }
            let Some(memo) = memo.as_deref_mut() else {
                self.branch.place = Branch::NONE;
                return true;
            };
            match self.stall_rules(memo) {
                None => return false,
                Some(true) => continue,
                Some(false) => return true,
            }
        }
    }

    /// The two alternatives of [`Board::branch`], as the cells each leaves to
    /// the digit in its three bands.
    fn branch_alternatives(&self) -> [[u32; 3]; 2] {
        let Branch { digit, place } = self.branch;
        let s = 3 * digit as usize;
        let mut alternatives = [[BAND; 3]; 2];
        if place < 3 {
            let b = place as usize;
            let pattern = minirows(self.candidates[s + b]);
            for (alternative, matrix) in alternatives
                .iter_mut()
                .zip(TWO_CONFIGURATIONS[pattern as usize])
            {
                alternative[b] = MINIROW_CELLS[matrix as usize];
            }
        } else {
            let j = (place - 3) as u32;
            let stack = 0x7 << (3 * j);
            let words = [
                self.candidates[s],
                self.candidates[s + 1],
                self.candidates[s + 2],
            ];
            let pattern = stack_pattern(columns_by_band(words) >> (3 * j));
            for (alternative, matrix) in alternatives.iter_mut().zip(TWO_CONFIGURATIONS[pattern]) {
                // Band b keeps the other stacks' columns and its minicolumn of this one.
                for (b, cells) in alternative.iter_mut().enumerate() {
                    let keep = (ROW9 & !stack) | (((matrix >> (3 * b)) & 0x7) << (3 * j));
                    *cells = spread_columns(keep);
                }
            }
        }
        alternatives
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
    ///
    /// On x86_64 the digits are built as four bit planes per band (bit `k`
    /// of a cell's digit is set when a digit with that bit holds the cell),
    /// each plane spread to one byte per cell with SSE2 and the three bands
    /// shifted together into the grid's 81 bytes: about 200 instructions and
    /// six stores, where placing each digit in turn takes 420 instructions
    /// and 81 byte stores (bulk enumeration spent 13-18 % of its
    /// instructions here).
    fn solution(&self) -> Grid {
        #[cfg(target_arch = "x86_64")]
        {
            self.solution_sse2()
        }
        #[cfg(not(target_arch = "x86_64"))]
        {
            self.solution_by_digit()
        }
    }

    /// [`Board::solution`] with SSE2 (the x86_64 baseline).
    #[cfg(target_arch = "x86_64")]
    fn solution_sse2(&self) -> Grid {
        use std::arch::x86_64::{
            __m128i, _mm_and_si128, _mm_cmpeq_epi8, _mm_cvtsi128_si32, _mm_cvtsi32_si128,
            _mm_or_si128, _mm_set1_epi8, _mm_set_epi8, _mm_slli_si128, _mm_srli_si128,
            _mm_storeu_si128, _mm_unpackhi_epi32, _mm_unpacklo_epi16, _mm_unpacklo_epi32,
            _mm_unpacklo_epi8,
        };
        let w = &self.candidates;
        // SAFETY (every block below): SSE2 is part of the x86_64 baseline;
        // the intrinsics work on values, and the stores write 16 bytes each
        // inside `cells` (offsets 0..64 + 16 <= 81).
        // Bytes 0..16 and 16..32 of a band, each 0xFF where `plane` has the
        // cell's bit.
        let spread = |plane: u32| -> [__m128i; 2] {
            unsafe {
                let bits = _mm_set_epi8(-128, 64, 32, 16, 8, 4, 2, 1, -128, 64, 32, 16, 8, 4, 2, 1);
                let x = _mm_cvtsi32_si128(plane as i32);
                let x = _mm_unpacklo_epi8(x, x);
                let x = _mm_unpacklo_epi16(x, x);
                let low = _mm_unpacklo_epi32(x, x);
                let high = _mm_unpackhi_epi32(x, x);
                [
                    _mm_cmpeq_epi8(_mm_and_si128(low, bits), bits),
                    _mm_cmpeq_epi8(_mm_and_si128(high, bits), bits),
                ]
            }
        };
        // A band's 27 digits (bytes 27..32 zero: the words have 27 bits).
        let band = |b: usize| -> [__m128i; 2] {
            let word = |d: usize| w[3 * d + b];
            // Bit k of digit d + 1: 1, 3, 5, 7, 9 | 2, 3, 6, 7 | 4-7 | 8, 9.
            let planes = [
                word(0) | word(2) | word(4) | word(6) | word(8),
                word(1) | word(2) | word(5) | word(6),
                word(3) | word(4) | word(5) | word(6),
                word(7) | word(8),
            ];
            let mut digits = [unsafe { _mm_cvtsi32_si128(0) }; 2];
            for (k, &plane) in planes.iter().enumerate() {
                let spread = spread(plane);
                unsafe {
                    let bit = _mm_set1_epi8(1 << k);
                    for (half, lanes) in digits.iter_mut().zip(spread) {
                        *half = _mm_or_si128(*half, _mm_and_si128(lanes, bit));
                    }
                }
            }
            digits
        };
        let ([a0, b0], [a1, b1], [a2, b2]) = (band(0), band(1), band(2));
        let mut cells = [0u8; CELLS];
        unsafe {
            // Band b starts at byte 27·b: shift the halves into place.
            let out = cells.as_mut_ptr().cast::<__m128i>();
            _mm_storeu_si128(out, a0);
            _mm_storeu_si128(
                out.cast::<u8>().add(16).cast(),
                _mm_or_si128(b0, _mm_slli_si128(a1, 11)),
            );
            _mm_storeu_si128(
                out.cast::<u8>().add(32).cast(),
                _mm_or_si128(_mm_srli_si128(a1, 5), _mm_slli_si128(b1, 11)),
            );
            _mm_storeu_si128(
                out.cast::<u8>().add(48).cast(),
                _mm_or_si128(_mm_srli_si128(b1, 5), _mm_slli_si128(a2, 6)),
            );
            _mm_storeu_si128(
                out.cast::<u8>().add(64).cast(),
                _mm_or_si128(_mm_srli_si128(a2, 10), _mm_slli_si128(b2, 6)),
            );
            cells[80] = _mm_cvtsi128_si32(_mm_srli_si128(b2, 10)) as u8;
        }
        Grid::from_cells_unchecked(cells)
    }

    /// [`Board::solution`] digit by digit: the portable form, and the
    /// reference the vector form is tested against.
    ///
    /// Propagation stops with every cell solved only at a fixed point of the
    /// word update, where the band rule leaves each word a cell in each of
    /// its three rows; as each solved cell keeps one digit, each word then
    /// holds exactly one cell per row. So three `tzcnt`s place a word's
    /// digit, with no loop over its bits.
    #[cfg_attr(target_arch = "x86_64", allow(dead_code))]
    fn solution_by_digit(&self) -> Grid {
        // Band `b` at bytes 32·b..32·b + 27; an empty row (never on a solved
        // board) would write its band's padding byte 27.
        let mut bands = [[0u8; 32]; 3];
        for (s, &word) in self.candidates[..27].iter().enumerate() {
            let (digit, band) = ((s / 3) as u8 + 1, &mut bands[s % 3]);
            for row in ROWS {
                band[((word & row) | (1 << 27)).trailing_zeros() as usize & 31] = digit;
            }
        }
        let mut cells = [0u8; CELLS];
        for (cells, band) in cells.chunks_exact_mut(27).zip(&bands) {
            cells.copy_from_slice(&band[..27]);
        }
        Grid::from_cells_unchecked(cells)
    }
}

/// The instruction sets propagation is compiled for. The default
/// `cargo build` targets the architecture's baseline (SSE2 on x86_64), so the
/// accelerated copy is chosen at run time, once per process, from what the
/// CPU reports. Setting the environment variable `SUDOKU_SOLVER_ISA` to
/// `portable` forces the baseline copy, and to `avx2` the AVX2 copy without
/// `pext` (to compare them, or should a CPU run the chosen one slower).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Isa {
    /// The target's baseline instructions.
    Portable,
    /// AVX2, BMI1, BMI2, POPCNT and LZCNT (Intel since 2013, AMD since 2015).
    #[cfg(target_arch = "x86_64")]
    Avx2,
    /// [`Isa::Avx2`] with `pext` in the word update: only where `pext` is
    /// fast (Intel since 2013, AMD since Zen 3; Zen 1 and 2 run it in
    /// microcode, tens of cycles).
    #[cfg(target_arch = "x86_64")]
    Avx2Pext,
}

impl Isa {
    /// The instruction set to use: the best one the CPU supports, unless
    /// `SUDOKU_SOLVER_ISA=portable`. Probed once; afterwards one load of a
    /// static, as this runs once per search (the generator runs thousands
    /// of searches per puzzle).
    #[inline]
    fn detect() -> Isa {
        use std::sync::atomic::{AtomicU8, Ordering};
        // 0: not probed yet; 1: portable; 2: AVX2, stored only after
        // `supported` found it.
        static CHOSEN: AtomicU8 = AtomicU8::new(0);
        match CHOSEN.load(Ordering::Relaxed) {
            1 => return Isa::Portable,
            #[cfg(target_arch = "x86_64")]
            2 => return Isa::Avx2,
            #[cfg(target_arch = "x86_64")]
            3 => return Isa::Avx2Pext,
            _ => {}
        }
        let forced = std::env::var_os("SUDOKU_SOLVER_ISA");
        let supported = Isa::supported();
        let isa = match forced.as_ref().and_then(|v| v.to_str()) {
            Some("portable") => Isa::Portable,
            #[cfg(target_arch = "x86_64")]
            Some("avx2") if supported.contains(&Isa::Avx2) => Isa::Avx2,
            _ => supported.last().copied().unwrap_or(Isa::Portable),
        };
        let code = match isa {
            Isa::Portable => 1,
            #[cfg(target_arch = "x86_64")]
            Isa::Avx2 => 2,
            #[cfg(target_arch = "x86_64")]
            Isa::Avx2Pext => 3,
        };
        CHOSEN.store(code, Ordering::Relaxed);
        isa
    }

    /// Every instruction set this CPU can run, the portable one first and
    /// the best last. Accelerated variants come only from here (directly or
    /// through [`Isa::detect`]).
    fn supported() -> Vec<Isa> {
        #[cfg_attr(not(target_arch = "x86_64"), allow(unused_mut))]
        let mut isas = vec![Isa::Portable];
        #[cfg(target_arch = "x86_64")]
        if std::is_x86_feature_detected!("avx2")
            && std::is_x86_feature_detected!("bmi1")
            && std::is_x86_feature_detected!("bmi2")
            && std::is_x86_feature_detected!("popcnt")
            && std::is_x86_feature_detected!("lzcnt")
        {
            isas.push(Isa::Avx2);
            if Isa::fast_pext() {
                isas.push(Isa::Avx2Pext);
            }
        }
        isas
    }

    /// Whether `pext` takes a few cycles rather than tens: everywhere but on
    /// AMD (and Hygon) CPUs before Zen 3 (family 0x19), which run it in
    /// microcode.
    #[cfg(target_arch = "x86_64")]
    fn fast_pext() -> bool {
        use std::arch::x86_64::__cpuid;
        // Leaf 0 gives the vendor, leaf 1 (always present) the family.
        // `__cpuid` is safe from Rust 1.87 on; the block keeps the declared
        // minimum version (1.85) building.
        #[allow(unused_unsafe)]
        // SAFETY: cpuid exists on every x86_64 CPU, and leaves 0 and 1 always.
        let (vendor, signature) = unsafe { (__cpuid(0), __cpuid(1).eax) };
        let mut name = [0u8; 12];
        name[..4].copy_from_slice(&vendor.ebx.to_le_bytes());
        name[4..8].copy_from_slice(&vendor.edx.to_le_bytes());
        name[8..].copy_from_slice(&vendor.ecx.to_le_bytes());
        let base = (signature >> 8) & 0xF;
        let family = if base == 0xF {
            base + ((signature >> 20) & 0xFF)
        } else {
            base
        };
        !(matches!(&name, b"AuthenticAMD" | b"HygonGenuine") && family < 0x19)
    }
}

/// Depth-first search state shared across the recursion.
struct Hunt {
    limit: usize,
    count: usize,
    /// What the search keeps of the solutions it finds.
    keep: Keep,
    guesses: u64,
    /// The stall rules' memo when propagation applies them and the search
    /// branches on configurations; `None` for singles and the band-word
    /// rules only.
    memo: Option<StallMemo>,
    /// The instruction set propagation runs with.
    isa: Isa,
    /// Whether propagation applies the column claim. Puzzles with 30 givens
    /// or more go without it ([`CLAIM_MIN_BLANKS`]): with that many, the
    /// band rule and the column lock leave it almost nothing to remove (on
    /// serg_benchmark, 34-37 givens, the search tree is the same without
    /// it: 5.95 and 7.63 guesses per puzzle for the first solution and for
    /// two), and its reads of the other bands' words are 10 % of the
    /// instructions of `sudoku count` there (cachegrind); 1.09x faster.
    /// Every public set with fewer givens (unbiased, 17-clue, magictour, the
    /// forum sets) keeps it, and so its search. So do the searches the
    /// generator asks for, whose rules it relies on.
    claim: bool,
    /// The number of solutions after which the search goes on with singles
    /// and the band rule only, dropping the stall rules and the column
    /// claim (see [`RELAX_AT_SOLUTIONS`]); `usize::MAX` for never.
    relax_at: usize,
}

/// After this many solutions, a search whose rules were left to the
/// puzzle's size (a count or a listing with a large limit; above 2, so
/// uniqueness checks are unchanged) goes on with
/// singles and the band rule only. A puzzle with many solutions is
/// searched a node per solution or so, where the stall rules and the
/// column claim cost more than they prune (counting every one of a 14-clue
/// puzzle's 17,204 solutions: 4.2 ms with them, 3.0 ms without, AMD EPYC;
/// when to relax hardly matters between 1 and 256),
/// while a puzzle with one or a few solutions, whose search is long only
/// when it is hard, keeps them. Dropping rules never changes what is
/// found: propagation only prunes, and the weaker rules are a subset.
const RELAX_AT_SOLUTIONS: usize = 16;

/// What a [`Hunt`] keeps of the solutions it finds.
// One lives on the stack per search; boxing the board would cost an
// allocation per search to save 230 bytes of stack.
#[allow(clippy::large_enum_variant)]
enum Keep {
    /// Nothing: counting needs neither a copy of the board nor its grid
    /// (1-2 % of the time of `sudoku count` on serg_benchmark, whose
    /// puzzles take few guesses).
    Nothing,
    /// The first solved board, once found.
    First(Option<Board>),
    /// Every solution's grid, appended in the order found: the bulk
    /// enumeration, one depth-first search for all of them.
    All(Vec<Grid>),
}

impl Keep {
    /// The first solution kept, if this kept one.
    fn first(&self) -> Option<Grid> {
        match self {
            Keep::Nothing => None,
            Keep::First(board) => board.map(|board| board.solution()),
            Keep::All(grids) => grids.first().copied(),
        }
    }
}

impl Hunt {
    /// Explores the propagated, unsolved `board`, which it may leave
    /// changed. Returns once `limit` solutions are found.
    fn explore(&mut self, board: &mut Board) {
        if board.branch.place != Branch::NONE {
            // A digit's two configurations in a band or stack: one, then the other.
            let [one, other] = board.branch_alternatives();
            let s = 3 * board.branch.digit as usize;
            let mut next = *board;
            for (b, cells) in one.iter().enumerate() {
                next.candidates[s + b] &= cells;
            }
            // The memo as of this board matches the second alternative's
            // words far more often than the memo the first one leaves
            // (unless the search has dropped the stall rules meanwhile).
            let saved = self.memo;
            if self.try_board(&mut next, 0b111 << s) {
                return;
            }
            if self.memo.is_some() {
                self.memo = saved;
            }
            for (b, cells) in other.iter().enumerate() {
                board.candidates[s + b] &= cells;
            }
            self.try_board(board, 0b111 << s);
            return;
        }
        let (b, i) = board.branch_cell();
        let bit = 1u32 << i;
        let mut digits: u32 = 0;
        for d in 0..9 {
            digits |= u32::from(board.candidates[3 * d + b] & bit != 0) << d;
        }
        // The words changed since the board's propagation: the digits
        // ruled out of the cell so far, and the one tried.
        let mut ruled_out = 0u32;
        while digits != 0 {
            let d = digits.trailing_zeros() as usize;
            digits &= digits - 1;
            let changed = ruled_out | 1 << (3 * d + b);
            if digits == 0 {
                // The last alternative needs no copy: nothing else reads the board.
                board.assign(d, b, i);
                self.try_board(board, changed);
                return;
            }
            let mut next = *board;
            next.assign(d, b, i);
            if self.try_board(&mut next, changed) {
                return;
            }
            // Ruling the digit out keeps the next alternatives' propagation cheaper.
            board.candidates[3 * d + b] &= !bit;
            ruled_out |= 1 << (3 * d + b);
        }
    }

    /// Propagates `board` after a guess and explores it. True once `limit`
    /// solutions are found.
    #[inline(always)]
    fn try_board(&mut self, board: &mut Board, changed: u32) -> bool {
        self.guesses += 1;
        if board.propagate(self.memo.as_mut(), self.isa, changed, self.claim) {
            if board.is_solved() {
                self.count += 1;
                if self.count == self.relax_at {
                    self.memo = None;
                    self.claim = false;
                }
                match &mut self.keep {
                    Keep::Nothing => {}
                    Keep::First(first) => {
                        first.get_or_insert(*board);
                    }
                    Keep::All(grids) => grids.push(board.solution()),
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
/// How it works: bitboard propagation over each digit's 81 cells as three
/// band words, then branching on the most constrained choice (see the
/// source's module documentation for the details).
#[derive(Debug, Clone, Copy, Default)]
pub struct BitmaskSolver {
    _private: (),
}

impl BitmaskSolver {
    /// A new solver.
    #[must_use]
    pub const fn new() -> Self {
        BitmaskSolver { _private: () }
    }

    /// The board of `puzzle`'s givens, not yet propagated; `None` when two
    /// givens conflict.
    ///
    /// The givens are gathered digit by digit into band words
    /// ([`Grid::places_by_band`]), and the board is built from those in bulk
    /// ([`BitmaskSolver::board_and_conflicts`]). Propagation would derive
    /// the same board, but at a word update each. Nothing here branches on
    /// the puzzle; committing the givens cell by cell, with a branch on each
    /// cell and a test for a conflict at each given, took 3.5 % more
    /// instructions to solve serg_benchmark.
    #[inline(always)]
    fn board_of(puzzle: &Grid) -> Option<Board> {
        let places = puzzle.places_by_band();
        let (board, conflicts) = Self::board_and_conflicts(&places);
        (conflicts == 0).then_some(board)
    }

    /// The board of givens placed at `places[d][b]` (the cells of band `b`
    /// given as digit `d + 1`), which must all agree with one valid grid: the
    /// same board as [`BitmaskSolver::board_of`] builds from a grid. The
    /// generator keeps its givens this way.
    #[inline(always)]
    fn board_of_places(places: &[[u32; 3]; 9]) -> Board {
        Self::board_and_conflicts(places).0
    }

    /// The board of givens placed at `places[d][b]`, and a non-zero value
    /// when two givens of one digit share a row, box or column (then the
    /// board means nothing). A digit's word keeps its givens and loses every
    /// other cell of their rows and boxes, its columns in the other bands,
    /// and the cells given as other digits.
    ///
    /// Computed with the same shifts and masks on every word, which the
    /// compiler turns into vector code, rather than with a test per row and
    /// box: which rows and boxes hold a given is as irregular as the puzzle.
    #[inline(always)]
    fn board_and_conflicts(places: &[[u32; 3]; 9]) -> (Board, u32) {
        // Two bits of a minirow (bits 3k, 3k + 1 or 3k + 2 of a word).
        const PAIR_NEXT: u32 = 0x036D_B6DB;
        // A row's first minirow, and its first two.
        const FIRST_OF_ROW: u32 = 0x0004_0201;
        const FIRST_TWO_OF_ROW: u32 = 0x0024_1209;
        let mut words = [0u32; 28];
        for (d, by_band) in places.iter().enumerate() {
            words[3 * d..3 * d + 3].copy_from_slice(by_band);
        }
        let mut blocked = [0u32; 28];
        let mut columns = [0u32; 28];
        let mut conflicts = 0;
        for s in 0..28 {
            let w = words[s];
            // Bit 9·row + 3·box: the minirow holds a given.
            let flags = (w | (w >> 1) | (w >> 2)) & EVERY_THIRD;
            let (f0, f1, f2) = (flags & 0x49, (flags >> 9) & 0x49, flags >> 18);
            // Bits 0, 9, 18 for the rows holding a given, spread to their
            // rows (a subtraction: no 32-bit vector multiply in SSE2).
            let rows = (flags | (flags >> 3) | (flags >> 6)) & FIRST_OF_ROW;
            let boxes = f0 | f1 | f2;
            blocked[s] = ((rows << 9) - rows) | spread_columns((boxes << 3) - boxes);
            columns[s] = fold_columns(w);
            // Two givens in one minirow, in two minirows of one row, or in
            // two minirows of one box.
            conflicts |= (w & (w >> 1) & PAIR_NEXT)
                | (w & (w >> 2) & EVERY_THIRD)
                | (flags & (flags >> 3) & FIRST_TWO_OF_ROW)
                | (flags & (flags >> 6) & FIRST_OF_ROW)
                | (f0 & f1)
                | (f0 & f2)
                | (f1 & f2);
        }
        let mut all = [0u32; 3];
        for d in 0..9 {
            let [c0, c1, c2] = [columns[3 * d], columns[3 * d + 1], columns[3 * d + 2]];
            // The digit in one column of two bands.
            conflicts |= (c0 & c1) | (c0 & c2) | (c1 & c2);
            // Without a conflict, the other bands' columns are the others.
            let total = c0 | c1 | c2;
            for (b, cells) in all.iter_mut().enumerate() {
                blocked[3 * d + b] |= spread_columns(total & !columns[3 * d + b]);
                *cells |= words[3 * d + b];
            }
        }
        let mut board = Board::new();
        for (d, by_band) in board.candidates[..27].chunks_exact_mut(3).enumerate() {
            for (b, candidates) in by_band.iter_mut().enumerate() {
                let s = 3 * d + b;
                *candidates = (BAND & !blocked[s] & !all[b]) | words[s];
            }
        }
        board.unsolved = all.map(|cells| BAND & !cells);
        (board, conflicts)
    }

    /// Propagates `board` and searches it for up to `limit` solutions, with
    /// the stall rules when the puzzle is big enough to pay for them (see
    /// [`STRONG_SEARCH_MIN_UNSOLVED`]).
    #[inline(always)]
    fn search_board(board: Board, limit: usize) -> Search {
        Self::search_board_with(board, limit, None)
    }

    /// [`BitmaskSolver::search_board`], with or without the stall rules as
    /// `strong` says, or as the puzzle's size says when it is `None`.
    #[inline(always)]
    fn search_board_with(board: Board, limit: usize, strong: Option<bool>) -> Search {
        Self::search_board_on(board, limit, strong, Isa::detect())
    }

    /// [`BitmaskSolver::search_board_with`] on the given instruction set.
    #[inline(always)]
    fn search_board_on(board: Board, limit: usize, strong: Option<bool>, isa: Isa) -> Search {
        let keep = Keep::First(None);
        let hunt = Self::hunt_on(board, limit, strong, strong.map(|_| true), isa, keep);
        Search {
            solution: hunt.keep.first(),
            count: hunt.count,
            guesses: hunt.guesses,
        }
    }

    /// The search behind [`BitmaskSolver::search_board_on`], keeping what
    /// `keep` says of the solutions it finds. `strong` and
    /// `claim` choose the stall rules and the column claim, `None` leaving
    /// each to the puzzle's size; a search with the stall rules has the
    /// claim.
    #[inline(always)]
    fn hunt_on(
        mut board: Board,
        limit: usize,
        strong: Option<bool>,
        claim: Option<bool>,
        isa: Isa,
        keep: Keep,
    ) -> Hunt {
        let unsolved =
            |board: &Board| -> u32 { board.unsolved.iter().map(|cells| cells.count_ones()).sum() };
        let mut hunt = Hunt {
            limit: limit.max(1),
            count: 0,
            keep,
            guesses: 0,
            memo: None,
            isa,
            // Unless the caller chose, a puzzle with few blank cells goes
            // without the column claim (see `Hunt::claim`).
            claim: claim.unwrap_or_else(|| unsolved(&board) >= CLAIM_MIN_BLANKS),
            // Only a search whose rules were left to the puzzle relaxes them.
            relax_at: if strong.is_none() && claim.is_none() {
                RELAX_AT_SOLUTIONS
            } else {
                usize::MAX
            },
        };
        if !board.propagate(None, isa, ALL_WORDS, hunt.claim) {
            return hunt;
        }
        let strong = strong.unwrap_or_else(|| unsolved(&board) >= STRONG_SEARCH_MIN_UNSOLVED);
        debug_assert!(hunt.claim || !strong, "the stall rules come with the claim");
        hunt.memo = strong.then(StallMemo::new);
        if !board.is_solved()
            && hunt.memo.is_some()
            && !board.propagate(hunt.memo.as_mut(), isa, ALL_WORDS, true)
        {
            return hunt;
        }
        if board.is_solved() {
            hunt.count = 1;
            match &mut hunt.keep {
                Keep::Nothing => {}
                Keep::First(first) => *first = Some(board),
                Keep::All(grids) => grids.push(board.solution()),
            }
            return hunt;
        }
        hunt.explore(&mut board);
        hunt
    }

    /// [`Solver::search`] with the band-word rules and singles only, never
    /// the stall rules, whatever the puzzle's size.
    ///
    /// The puzzle generator uses it where the propagation's strength matters:
    /// a puzzle settled here without a guess needs nothing beyond singles and
    /// locked candidates (the generator drops such draws unrated when it
    /// wants harder ones), and on the grids it digs, mostly refuted by
    /// propagation alone, the cheaper pass is also the faster one.
    #[cfg_attr(not(feature = "generate"), allow(dead_code))]
    pub(crate) fn search_basic(&self, puzzle: &Grid, limit: usize) -> Search {
        Self::board_of(puzzle).map_or(Search::NONE, |board| {
            Self::search_board_with(board, limit, Some(false))
        })
    }

    /// A solution of `puzzle` whose blank `cell` holds anything but `digit`.
    ///
    /// This is the puzzle generator's uniqueness test: with the one known
    /// solution ruled out at a cell, a single search either finds a second
    /// solution or proves there is none, where trying each other digit would
    /// take one search per digit.
    /// The generator uses [`BitmaskSolver::solve_excluding_placed`]; this
    /// form from a grid is the reference its tests compare with.
    #[cfg(test)]
    pub(crate) fn solve_excluding(&self, puzzle: &Grid, cell: usize, digit: u8) -> Option<Grid> {
        Self::search_excluding(Self::board_of(puzzle)?, cell, digit)
    }

    /// `solve_excluding` (kept for tests) for the puzzle whose givens are
    /// placed at `places[d][b]` (the cells of band `b` given as digit
    /// `d + 1`), all agreeing with one valid grid. The generator keeps its
    /// givens this way, which builds the board at about half the cost of
    /// reading a grid.
    #[cfg_attr(not(feature = "generate"), allow(dead_code))]
    pub(crate) fn solve_excluding_placed(
        &self,
        places: &[[u32; 3]; 9],
        cell: usize,
        digit: u8,
    ) -> Option<Grid> {
        Self::search_excluding(Self::board_of_places(places), cell, digit)
    }

    /// True when the givens placed at `places[d][b]` (see
    /// [`BitmaskSolver::solve_excluding_placed`]), on the cells `given`
    /// (bit `cell`), leave `digit` no other place than the blank `cell` in
    /// its row, its column or its box: a hidden single. The generator asks
    /// this before each removal test; as masks over band words it has no
    /// branch on the cells (a scan of the three units, branching at each
    /// cell, made generating minimal puzzles 4.5 % slower without symmetry
    /// and 8 % slower with `rot180`).
    #[cfg_attr(not(feature = "generate"), allow(dead_code))]
    pub(crate) fn hidden_single(
        places: &[[u32; 3]; 9],
        given: u128,
        cell: usize,
        digit: u8,
    ) -> bool {
        let words = &places[digit as usize - 1];
        let columns = spread_columns(words.iter().fold(0, |acc, &w| acc | fold_columns(w)));
        // open[b]: the blank cells of band b whose row, column and box hold
        // no given `digit`.
        let open: [u32; 3] = std::array::from_fn(|b| {
            let word = words[b];
            let mut blocked = columns | (given >> (27 * b)) as u32;
            for unit in [ROWS[0], ROWS[1], ROWS[2], BOXES[0], BOXES[1], BOXES[2]] {
                blocked |= unit & 0u32.wrapping_sub(u32::from(word & unit != 0));
            }
            BAND & !blocked
        });
        let (b, i) = (cell / 27, cell % 27);
        let others = open[b] & !(1 << i);
        let column = COLUMNS[i % 9];
        let column_elsewhere = (open[(b + 1) % 3] | open[(b + 2) % 3]) & column;
        (others & ROWS[i / 9] == 0)
            | (others & BOXES[i % 9 / 3] == 0)
            | ((others & column) | column_elsewhere == 0)
    }

    /// A solution of `board` with `digit` ruled out at `cell`, the search
    /// both forms of `solve_excluding` share.
    #[cfg_attr(not(feature = "generate"), allow(dead_code))]
    fn search_excluding(mut board: Board, cell: usize, digit: u8) -> Option<Grid> {
        let (b, i) = (cell / 27, cell % 27);
        board.candidates[3 * (digit as usize - 1) + b] &= !(1 << i);
        Self::search_board_with(board, 1, Some(false)).solution
    }
}

impl Solver for BitmaskSolver {
    fn search(&self, puzzle: &Grid, limit: usize) -> Search {
        Self::board_of(puzzle).map_or(Search::NONE, |board| Self::search_board(board, limit))
    }

    fn count_solutions(&self, puzzle: &Grid, limit: usize) -> usize {
        Self::board_of(puzzle).map_or(0, |board| {
            Self::hunt_on(board, limit, None, None, Isa::detect(), Keep::Nothing).count
        })
    }

    /// One depth-first search that appends each solution as it is found,
    /// where the lazy [`Solver::solutions`] runs a search per differing
    /// cell and digit.
    fn solutions_into(&self, puzzle: &Grid, limit: usize, buffer: &mut Vec<Grid>) -> usize {
        let before = buffer.len();
        if limit == 0 {
            return 0;
        }
        let Some(board) = Self::board_of(puzzle) else {
            return 0;
        };
        let keep = Keep::All(std::mem::take(buffer));
        // Singles and the band rule only: on puzzles with thousands of
        // solutions the search visits a node per solution or so, and the
        // stall rules and the column claim cost more there than they prune
        // (100,000 solutions of the empty grid 31 ms with them, 18 ms
        // without). Not left to the puzzle with `RELAX_AT_SOLUTIONS` as
        // counting is: the order of the solutions would change, and the
        // `--near` search draws from the first few (the same puzzles for
        // the same seed).
        let hunt = Self::hunt_on(board, limit, Some(false), Some(false), Isa::detect(), keep);
        if let Keep::All(grids) = hunt.keep {
            *buffer = grids;
        }
        buffer.len() - before
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

    /// Building the board from the givens' places gives the same board as
    /// reading the grid, for random subsets of valid grids.
    #[test]
    fn board_of_places_agrees_with_board_of() {
        for n in 0..300usize {
            let grid = crate::FinalBoards::new(9).unwrap().nth(n * 4_001).unwrap();
            let mut cells = *grid.cells();
            let mut places = [[0u32; 3]; 9];
            for (cell, digit) in cells.iter_mut().enumerate() {
                // A pseudo-random pattern, from nearly full to nearly empty.
                if (cell * 37 + n * 101) % 97 < n % 90 {
                    *digit = 0;
                } else {
                    places[*digit as usize - 1][cell / 27] |= 1 << (cell % 27);
                }
            }
            let expected = BitmaskSolver::board_of(&Grid::from_cells_unchecked(cells)).unwrap();
            let built = BitmaskSolver::board_of_places(&places);
            assert_eq!(built.candidates, expected.candidates, "grid {n}");
            assert_eq!(built.unsolved, expected.unsolved, "grid {n}");
        }
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
                let mut places = [[0u32; 3]; 9];
                for (c, &d) in cells.iter().enumerate().filter(|&(_, &d)| d != 0) {
                    places[d as usize - 1][c / 27] |= 1 << (c % 27);
                }
                let placed = solver.solve_excluding_placed(&places, cell, digit);
                let excluding = solver.solve_excluding(&puzzle, cell, digit);
                assert_eq!(placed, excluding);
                match excluding {
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

    /// Building a board finds a conflict exactly when the grid has two equal
    /// digits in a unit, on random subsets of valid grids with one cell
    /// changed to each other digit in turn.
    #[test]
    fn board_of_finds_a_conflict_exactly_when_the_grid_has_one() {
        let (mut conflicting, mut consistent) = (0, 0);
        for n in 0..200usize {
            let grid = crate::FinalBoards::new(9).unwrap().nth(n * 4_001).unwrap();
            let mut cells = *grid.cells();
            for (cell, digit) in cells.iter_mut().enumerate() {
                if (cell * 53 + n * 29) % 89 < 20 + n % 60 {
                    *digit = 0;
                }
            }
            let changed = (n * 31) % CELLS;
            for digit in 1..=9 {
                let mut trial = cells;
                trial[changed] = digit;
                let trial = Grid::from_cells_unchecked(trial);
                let conflict = trial.first_conflict().is_some();
                assert_eq!(
                    BitmaskSolver::board_of(&trial).is_none(),
                    conflict,
                    "{n} {digit}"
                );
                if conflict {
                    conflicting += 1;
                } else {
                    consistent += 1;
                }
            }
        }
        assert!(
            conflicting > 100 && consistent > 100,
            "{conflicting} {consistent}"
        );
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
    fn stack_rule_keeps_the_permutation_matrices() {
        // All nine minicolumns open: all kept, none forced, nine triads.
        assert_eq!(STACK_RULE[0x1FF], (BAND & 0x1C0E07, 0, 9));
        // A permutation matrix alone is kept and forced whole.
        let matrix = 0b001_100_010;
        let spread = spread_rows(matrix);
        assert_eq!(STACK_RULE[matrix as usize], (spread, spread, 3));
        // Band 0 has no minicolumn: a contradiction.
        assert_eq!(STACK_RULE[0x1F8].0, 0);
        // Band 0 only in minicolumn 0: the other bands lose minicolumn 0.
        let (kept, forced, _) = STACK_RULE[0b110_110_001];
        assert_eq!(kept, spread_rows(0b110_110_001));
        assert_eq!(forced, 1);
        let (kept, _, _) = STACK_RULE[0b111_111_001];
        assert_eq!(kept, spread_rows(0b110_110_001));
    }

    #[test]
    fn two_configurations_exactly_when_two_matrices_fit() {
        for pattern in 0..512u32 {
            let fitting: Vec<u32> = PERMUTATION_MATRICES
                .iter()
                .copied()
                .filter(|&m| pattern & m == m)
                .collect();
            let union = fitting.iter().fold(0, |u, m| u | m);
            let two = TWO_CONFIGURATIONS[union as usize];
            if fitting.len() == 2 {
                assert_eq!(two, [fitting[0], fitting[1]], "{pattern:09b}");
                // The flag read by the search agrees.
                assert_eq!(TRIAD_COUNT[union as usize] & 0x10, 0x10, "{pattern:09b}");
            } else {
                assert_eq!(two, [0, 0], "{pattern:09b}");
                assert_eq!(TRIAD_COUNT[union as usize] & 0x10, 0, "{pattern:09b}");
            }
            assert_eq!(
                u32::from(TRIAD_COUNT[pattern as usize] & 0xF),
                pattern.count_ones()
            );
        }
    }

    /// Every puzzle of the six shipped sets (300 each), with its line.
    fn shipped_puzzles() -> impl Iterator<Item = (&'static str, Grid)> {
        const SETS: [&str; 6] = [
            include_str!("../../tests/data/17_clue.txt"),
            include_str!("../../tests/data/forum_hardest_1106.txt"),
            include_str!("../../tests/data/forum_hardest_1905_11.txt"),
            include_str!("../../tests/data/magictour_top1465.txt"),
            include_str!("../../tests/data/serg_benchmark.txt"),
            include_str!("../../tests/data/unbiased.txt"),
        ];
        SETS.into_iter()
            .flat_map(|set| set.lines())
            .filter(|l| !l.starts_with('#') && !l.is_empty())
            .map(|line| (line, line.parse().unwrap()))
    }

    /// The update without the claim as rounds over every changed word,
    /// found by comparing all 28 (the form the claim keeps).
    fn update_by_comparing_all(board: &mut Board) -> bool {
        loop {
            let mut changed = board.changed_words();
            if changed == 0 {
                return true;
            }
            while changed != 0 {
                let s = changed.trailing_zeros() as usize;
                changed &= changed - 1;
                if board.update_word::<false, false>(s).is_none() {
                    return false;
                }
            }
        }
    }

    #[test]
    fn update_by_named_words_agrees_with_comparing_all_words() {
        let (mut boards, mut contradictions) = (0, 0);
        for (line, grid) in shipped_puzzles().step_by(3) {
            let mut start = BitmaskSolver::board_of(&grid).unwrap();
            assert!(start.update::<false, false>(ALL_WORDS), "{line}");
            // From the propagated board, each candidate of the first
            // unsolved cell of each band in turn, as a guess would.
            for b in 0..3 {
                let cells = start.unsolved[b];
                if cells == 0 {
                    continue;
                }
                let i = cells.trailing_zeros();
                for d in (0..9).filter(|&d| start.candidates[3 * d + b] & (1 << i) != 0) {
                    let mut guessed = start;
                    guessed.assign(d, b, i);
                    let (mut named, mut compared) = (guessed, guessed);
                    let ok = named.update::<false, false>(1 << (3 * d + b));
                    assert_eq!(ok, update_by_comparing_all(&mut compared), "{line}");
                    if ok {
                        assert_eq!(named.candidates, compared.candidates, "{line}");
                        assert_eq!(named.unsolved, compared.unsolved, "{line}");
                        assert_eq!(named.updated, compared.updated, "{line}");
                    } else {
                        contradictions += 1;
                    }
                    boards += 1;
                }
            }
        }
        assert!(
            boards > 1000 && contradictions > 10,
            "{boards} {contradictions}"
        );
    }

    #[test]
    fn both_forms_of_the_solution_agree_and_solve_the_puzzle() {
        let mut boards = 0;
        for (line, grid) in shipped_puzzles().step_by(7) {
            let board = BitmaskSolver::board_of(&grid).unwrap();
            let hunt = BitmaskSolver::hunt_on(
                board,
                1,
                Some(false),
                Some(false),
                Isa::Portable,
                Keep::First(None),
            );
            let Keep::First(Some(solved)) = hunt.keep else {
                panic!("{line}: no solution");
            };
            let grid_by_digit = solved.solution_by_digit();
            assert!(grid_by_digit.solves(&grid), "{line}");
            assert_eq!(solved.solution(), grid_by_digit, "{line}");
            boards += 1;
        }
        assert!(boards > 200);
    }

    #[test]
    fn searches_with_and_without_the_column_claim_agree_on_every_shipped_set() {
        let mut puzzles = 0;
        let isa = Isa::detect();
        for (line, puzzle) in shipped_puzzles() {
            let board = BitmaskSolver::board_of(&puzzle).unwrap();
            let [with, without] = [true, false].map(|claim| {
                let keep = Keep::First(None);
                BitmaskSolver::hunt_on(board, 3, Some(false), Some(claim), isa, keep)
            });
            assert!(with.count >= 1);
            assert_eq!(with.count, without.count, "{line}");
            for hunt in [with, without] {
                assert!(hunt.keep.first().unwrap().solves(&puzzle), "{line}");
            }
            puzzles += 1;
        }
        assert_eq!(puzzles, 6 * 300);
    }

    #[test]
    fn relaxing_the_rules_midway_lists_the_same_solutions_as_never_relaxing() {
        // Puzzles with 17 to a few thousand solutions: a 17-clue puzzle
        // less one to three givens, so the relaxing search crosses
        // `RELAX_AT_SOLUTIONS` in the middle of its tree.
        let isa = Isa::detect();
        let mut crossed = 0;
        for (line, puzzle) in shipped_puzzles().take(40) {
            for k in 1..=3 {
                let mut cells = *puzzle.cells();
                for cell in cells.iter_mut().filter(|c| **c != 0).take(k) {
                    *cell = 0;
                }
                let sparse = Grid::from_cells(cells).unwrap();
                let board = BitmaskSolver::board_of(&sparse).unwrap();
                let list = |strong, claim| {
                    let keep = Keep::All(Vec::new());
                    let hunt = BitmaskSolver::hunt_on(board, 5_000, strong, claim, isa, keep);
                    let Keep::All(mut grids) = hunt.keep else {
                        unreachable!()
                    };
                    assert_eq!(grids.len(), hunt.count, "{line}");
                    grids.sort();
                    grids
                };
                let relaxed = list(None, None);
                let never = list(Some(true), Some(true));
                let weak = list(Some(false), Some(false));
                assert_eq!(relaxed.len(), weak.len(), "{line} less {k}");
                assert_eq!(never.len(), weak.len(), "{line} less {k}");
                if weak.len() == 5_000 {
                    // Each search lists the first 5,000 in its own order.
                    continue;
                }
                assert_eq!(relaxed, never, "{line} less {k}");
                assert_eq!(relaxed, weak, "{line} less {k}");
                assert!(relaxed.iter().all(|grid| grid.solves(&sparse)));
                crossed += usize::from(relaxed.len() > RELAX_AT_SOLUTIONS);
            }
        }
        assert!(
            crossed >= 10,
            "only {crossed} puzzles crossed the relaxing point"
        );
    }

    #[test]
    fn searches_with_and_without_stall_rules_agree_on_every_shipped_set() {
        let mut puzzles = 0;
        for (line, puzzle) in shipped_puzzles() {
            let board = BitmaskSolver::board_of(&puzzle).unwrap();
            let weak = BitmaskSolver::search_board_with(board, 3, Some(false));
            let strong = BitmaskSolver::search_board_with(board, 3, Some(true));
            assert!(weak.count >= 1);
            assert_eq!(weak.count, strong.count, "{line}");
            for search in [weak, strong] {
                let solution = search.solution.unwrap();
                assert!(solution.solves(&puzzle), "{line}");
            }
            puzzles += 1;
        }
        assert_eq!(puzzles, 6 * 300);
    }

    #[test]
    fn stall_rules_settle_more_puzzles_without_guessing_than_basic_search() {
        let solver = BitmaskSolver::new();
        let set = include_str!("../../tests/data/magictour_top1465.txt");
        let (mut basic_settled, mut only_strong) = (0, 0);
        for line in set.lines().filter(|l| !l.starts_with('#') && !l.is_empty()) {
            let puzzle: Grid = line.parse().unwrap();
            let basic = solver.search_basic(&puzzle, 2);
            let strong = solver.search(&puzzle, 2);
            assert_eq!(basic.count, strong.count, "{line}");
            if basic.guesses == 0 {
                // Stronger propagation never needs a guess where weaker did not.
                assert_eq!(strong.guesses, 0, "{line}");
                basic_settled += 1;
            } else if strong.guesses == 0 {
                only_strong += 1;
            }
        }
        assert!(
            basic_settled > 0 && only_strong > 0,
            "{basic_settled} {only_strong}"
        );
    }

    #[test]
    fn every_instruction_set_finds_the_same_solutions_and_counts_on_every_shipped_set() {
        let isas = Isa::supported();
        assert_eq!(isas[0], Isa::Portable);
        if isas.len() == 1 {
            eprintln!("only the portable path runs on this CPU; no accelerated path to compare");
        }
        eprintln!("instruction sets compared: {isas:?}");
        let mut puzzles = 0;
        for (line, puzzle) in shipped_puzzles() {
            let board = BitmaskSolver::board_of(&puzzle).unwrap();
            // Automatic strength (the solver's), and the generator's basic search.
            for strong in [None, Some(false)] {
                let portable = BitmaskSolver::search_board_on(board, 3, strong, Isa::Portable);
                let solution = portable.solution.unwrap();
                assert!(solution.solves(&puzzle), "{line}");
                for &isa in &isas[1..] {
                    let other = BitmaskSolver::search_board_on(board, 3, strong, isa);
                    assert_eq!(other.count, portable.count, "{isa:?} {line}");
                    assert_eq!(other.solution, Some(solution), "{isa:?} {line}");
                    // The same search, step by step: the same guesses.
                    assert_eq!(other.guesses, portable.guesses, "{isa:?} {line}");
                }
            }
            puzzles += 1;
        }
        assert_eq!(puzzles, 6 * 300);
    }

    #[test]
    fn counting_alone_agrees_with_the_full_search() {
        let solver = BitmaskSolver::new();
        let mut compared = 0;
        for (line, puzzle) in shipped_puzzles().step_by(3) {
            let mut cells = *puzzle.cells();
            // Fewer givens (often several solutions), then a wrong digit in
            // the first blank (none, or a conflict).
            let mut loose = cells;
            for cell in loose.iter_mut().filter(|c| **c != 0).take(5) {
                *cell = 0;
            }
            let blank = cells.iter().position(|&c| c == 0).unwrap();
            let solution = solver.solve(&puzzle).unwrap();
            cells[blank] = solution.cells()[blank] % 9 + 1;
            for variant in [
                puzzle,
                Grid::from_cells_unchecked(loose),
                Grid::from_cells_unchecked(cells),
            ] {
                for limit in [0, 1, 2, 5] {
                    let full = solver.search(&variant, limit).count;
                    assert_eq!(
                        solver.count_solutions(&variant, limit),
                        full,
                        "{line} {limit}"
                    );
                    compared += usize::from(full > 1);
                }
            }
        }
        // The loosened puzzles do have several solutions.
        assert!(compared > 100, "{compared}");
    }

    #[test]
    fn detected_instruction_set_is_a_supported_one() {
        assert!(Isa::supported().contains(&Isa::detect()));
        // Probed once: the same answer again.
        assert_eq!(Isa::detect(), Isa::detect());
    }

    #[test]
    fn candidate_counts_agree_with_counting_cell_by_cell() {
        let mut x = 0x9E37_79B9u32;
        for _ in 0..300 {
            let mut board = Board::new();
            for word in board.candidates.iter_mut().take(27) {
                x ^= x << 13;
                x ^= x >> 17;
                x ^= x << 5;
                // Sparse words, so that every count from 0 to 3+ occurs.
                *word = x & (x >> 5) & BAND;
            }
            let counts = board.candidate_counts();
            for b in 0..3 {
                for i in 0..27 {
                    let n = (0..9)
                        .filter(|&d| board.candidates[3 * d + b] & (1 << i) != 0)
                        .count();
                    for (k, at_least) in counts.iter().enumerate() {
                        assert_eq!(at_least[b] & (1 << i) != 0, n > k, "band {b} cell {i}");
                    }
                }
            }
        }
    }

    #[test]
    fn differing_words_marks_exactly_the_changed_words() {
        let then: [u32; 28] = core::array::from_fn(|s| if s < 27 { BAND >> s } else { 0 });
        // Every single word changed, then pseudo-random sets of words.
        let mut cases: Vec<u32> = (0..27).map(|s| 1 << s).collect();
        let mut x = 0x1234_5678u32;
        for _ in 0..200 {
            x ^= x << 13;
            x ^= x >> 17;
            x ^= x << 5;
            cases.push(x & BAND);
        }
        for changed in cases {
            let mut now = then;
            for (s, word) in now.iter_mut().enumerate().take(27) {
                if changed & (1 << s) != 0 {
                    *word ^= 1 << (s % 27);
                }
            }
            let expected = (0..27).fold(0, |m, s| m | (u32::from(now[s] != then[s]) << s));
            assert_eq!(expected, changed);
            assert_eq!(differing_words(&now, &then), expected, "{changed:027b}");
        }
        assert_eq!(differing_words(&then, &then), 0);
    }

    #[test]
    fn band_peers_exclude_the_cell() {
        for (i, peers) in BAND_PEERS.iter().enumerate() {
            assert_eq!(peers & (1 << i), 0);
            // Eight others in the row, six more in the box.
            assert_eq!(peers.count_ones(), 8 + 6);
        }
    }

    /// Band words where each row is one of a spread of 9-bit segments (all
    /// 512 in row 0, with rows 1 and 2 cycling through others).
    fn sample_words() -> impl Iterator<Item = u32> {
        (0u32..512).flat_map(|a| {
            (0u32..64).map(move |k| {
                let b = (a * 37 + k * 101) % 512;
                let c = (a * 13 + k * 59 + 7) % 512;
                a | (b << 9) | (c << 18)
            })
        })
    }

    #[test]
    fn solved_rows_are_the_rows_with_one_cell() {
        for word in sample_words() {
            let mut expected = 0;
            for row in ROWS {
                if (word & row).count_ones() == 1 {
                    expected |= word & row;
                }
            }
            assert_eq!(solved_rows(word), expected, "{word:027b}");
        }
    }

    #[cfg(target_arch = "x86_64")]
    #[test]
    fn minirows_with_pext_agree_with_the_table() {
        if !Isa::supported().contains(&Isa::Avx2Pext) {
            eprintln!("skipped: this CPU has no fast pext (see Isa::fast_pext)");
            return;
        }
        for word in sample_words() {
            // Independently: bit 3·row + box set when the minirow has a cell.
            let mut expected = 0;
            for t in 0..9 {
                if word & (0x7 << (9 * (t / 3) + 3 * (t % 3))) != 0 {
                    expected |= 1 << t;
                }
            }
            assert_eq!(minirows(word), expected, "{word:027b}");
            assert_eq!(minirows_pext(word), expected, "{word:027b}");
        }
    }
}
