//! Sudoku Explainer's "direct" techniques: a locked candidate or a hidden
//! pair or triplet that is only taken when its eliminations leave a hidden
//! single, which the same step places.
//!
//! The step places the single and nothing else: like SE, it does not
//! apply the eliminations that revealed it (a later step may make them).
//!
//! SE tries them among the singles (direct pointing 1.7 and claiming 1.9
//! before the naked single at 2.3, the direct hidden triplet at 2.5 after
//! it), so a puzzle that needs one of them rates below the plain locked
//! candidates and hidden sets. A placement made this way is sound for the
//! same reason as the plain technique: the eliminations are, and the digit
//! then has one place left in its unit.

use super::candidates::{unit_of, Candidates, Cells, Digits, CELL_UNITS, UNITS, UNIT_MASK};
use super::memo::{DigitSearch, UnitSearch};
use super::{Context, Step, Technique};

/// Direct pointing (a box's digit confined to a line, leaving a hidden
/// single in another box of that line) and, when there is none, direct
/// claiming (a line's digit confined to a box, leaving a hidden single in
/// another line through that box).
pub(super) fn locking(marks: &Candidates, context: &Context, step: &mut Step) -> bool {
    // Each digit's search depends on its cells alone: skip the barren ones.
    let live = context.memo.live_digits(DigitSearch::DirectLocking, marks);
    // Boxes pointing along columns, then rows; then columns and rows claiming.
    for (bases, crosses) in [
        (18..27, 9..18),
        (18..27, 0..9),
        (9..18, 18..27),
        (0..9, 18..27),
    ] {
        for digit in Digits(live) {
            let all = marks.digit_cells(digit);
            for base in bases.clone() {
                let inside = all & UNIT_MASK[base];
                // Two places or more (no popcount: cheap on any x86-64).
                if inside & inside.wrapping_sub(1) == 0 {
                    continue;
                }
                // Units of one kind are disjoint, so the only cross that can
                // hold them all is the one through the first place.
                let first = inside.trailing_zeros() as usize;
                // CELL_UNITS lists a cell's row, column and box, the order
                // of the three kinds of unit.
                let cross = CELL_UNITS[first][crosses.start / 9] as usize;
                if inside & !UNIT_MASK[cross] != 0 {
                    continue;
                }
                if let Some(cell) = following_single(all, base, cross) {
                    let technique = if base >= 18 {
                        Technique::DirectPointing
                    } else {
                        Technique::DirectClaiming
                    };
                    step.reset(technique);
                    step.cells.extend(Cells(inside));
                    step.units.push(unit_of(base));
                    step.units.push(unit_of(cross));
                    step.placements.push((cell, digit));
                    return true;
                }
            }
        }
    }
    context
        .memo
        .barren_digits(DigitSearch::DirectLocking, marks, live);
    false
}

/// For a unit `base` and a unit `cross` of another kind that meets it
/// (indexed by `cross`'s kind, 0 rows, 1 columns, 2 boxes), the two other
/// units of `base`'s kind that meet `cross`, in increasing order: they
/// depend only on `base` and the kind of `cross` (a box's row meets the
/// other two boxes of its band, a row's box the other two rows of its band).
static OTHERS_CROSSING: [[[u8; 2]; 3]; 27] = build_others_crossing();

const fn build_others_crossing() -> [[[u8; 2]; 3]; 27] {
    let mut out = [[[0u8; 2]; 3]; 27];
    let mut base = 0;
    while base < 27 {
        let i = base % 9;
        let mut kind = 0;
        while kind < 3 {
            // The three units of base's kind in the same band or stack as base
            // with respect to the crossing kind.
            let group = match (base / 9, kind) {
                // A box and a row: the boxes of its band; with a column, of its stack.
                (2, 0) => [18 + i / 3 * 3, 19 + i / 3 * 3, 20 + i / 3 * 3],
                (2, 1) => [18 + i % 3, 21 + i % 3, 24 + i % 3],
                // A row or a column and a box: the lines of its band or stack.
                (0, 2) => [i / 3 * 3, i / 3 * 3 + 1, i / 3 * 3 + 2],
                (1, 2) => [9 + i / 3 * 3, 10 + i / 3 * 3, 11 + i / 3 * 3],
                // Two lines: never asked (a line's digit confined to a line
                // is a hidden single, not a locking).
                _ => [base, base, base],
            };
            let mut k = 0;
            let mut j = 0;
            while j < 3 {
                if group[j] != base && k < 2 {
                    out[base][kind][k] = group[j] as u8;
                    k += 1;
                }
                j += 1;
            }
            kind += 1;
        }
        base += 1;
    }
    out
}

/// The hidden single that removing the digit from `cross` outside `base`
/// leaves in another unit of `base`'s kind crossing `cross`: a unit where
/// the digit had two or more places and keeps exactly one.
fn following_single(all: u128, base: usize, cross: usize) -> Option<usize> {
    OTHERS_CROSSING[base][cross / 9].iter().find_map(|&other| {
        let places = all & UNIT_MASK[other as usize];
        let left = places & !UNIT_MASK[cross];
        // Two places or more, exactly one of them left.
        let single = left != 0 && left & (left - 1) == 0;
        (places & places.wrapping_sub(1) != 0 && single).then(|| left.trailing_zeros() as usize)
    })
}

/// Direct hidden pair (`N` = 2) or triplet (`N` = 3): `N` digits confined to
/// `N` cells of a unit, whose other candidates go, after which a further
/// digit has one place left in the unit.
pub(super) fn hidden<const N: usize>(
    marks: &Candidates,
    context: &Context,
    step: &mut Step,
) -> bool {
    let search = if N == 2 {
        UnitSearch::DirectPair
    } else {
        UnitSearch::DirectTriple
    };
    let keys = context.memo.unit_keys(marks);
    // Boxes, then columns, then rows, as SE searches them.
    for u in (18..27).chain(9..18).chain(0..9) {
        // Each unit's search depends on its cells' candidates alone.
        let key = keys[u];
        if context.memo.is_barren_unit(search, u, key) {
            continue;
        }
        let unit = &UNITS[u];
        // The digits with two to `N` places, counted bit-sliced over the
        // cells' masks: fewer than `N` of them, no set, and the unit is
        // done without working out each digit's places.
        let (mut once, mut twice, mut thrice, mut four) = (0u16, 0u16, 0u16, 0u16);
        for &c in unit {
            let m = marks.mask(c as usize);
            four |= thrice & m;
            thrice |= twice & m;
            twice |= once & m;
            once |= m;
        }
        let few = if N == 2 {
            twice & !thrice
        } else {
            twice & !four
        };
        if few.count_ones() < N as u32 {
            context.memo.barren_unit(search, u, key);
            continue;
        }
        let mut places = [0u16; 10];
        let mut empty = 0;
        for (i, &c) in unit.iter().enumerate() {
            let m = marks.mask(c as usize);
            if m != 0 {
                empty += 1;
            }
            for d in Digits(m) {
                places[d as usize] |= 1 << i;
            }
        }
        if empty <= N {
            context.memo.barren_unit(search, u, key);
            continue;
        }
        let usable = (1..=9u8)
            // A digit with more than `N` places cannot be in the set.
            .filter(|&d| (2..=N as u32).contains(&places[d as usize].count_ones()))
            .fold(0u16, |a, d| a | 1 << d);
        let found = super::subsets::subsets(usable >> 1, N as u32, |set| {
            let digits = set << 1;
            let cells = Digits(digits).fold(0u16, |a, d| a | places[d as usize]);
            if cells.count_ones() as usize != N {
                return false;
            }
            // A digit outside the set with two or more places, one of them
            // outside the set's cells.
            let single = (1..=9u8).filter(|d| digits & (1 << d) == 0).find(|&d| {
                let p = places[d as usize];
                p.count_ones() > 1 && (p & !cells).count_ones() == 1
            });
            let Some(digit) = single else {
                return false;
            };
            let at = (places[digit as usize] & !cells).trailing_zeros() as usize;
            step.reset(if N == 2 {
                Technique::DirectHiddenPair
            } else {
                Technique::DirectHiddenTriple
            });
            for i in Digits(cells) {
                step.cells.push(unit[i as usize] as usize);
            }
            step.units.push(unit_of(u));
            step.placements.push((unit[at] as usize, digit));
            true
        });
        if found {
            return true;
        }
        context.memo.barren_unit(search, u, key);
    }
    false
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn others_crossing_are_the_other_units_of_the_kind_that_meet_the_cross() {
        // Every base and every cross of another kind meeting it, against the
        // definition: units of base's kind, not base, sharing a cell with cross.
        for base in 0..27 {
            for cross in 0..27 {
                let pair = (base / 9, cross / 9);
                if !matches!(pair, (2, 0) | (2, 1) | (0, 2) | (1, 2))
                    || UNIT_MASK[base] & UNIT_MASK[cross] == 0
                {
                    continue;
                }
                let kind = base / 9 * 9;
                let expected: Vec<usize> = (kind..kind + 9)
                    .filter(|&o| o != base && UNIT_MASK[o] & UNIT_MASK[cross] != 0)
                    .collect();
                let table: Vec<usize> = OTHERS_CROSSING[base][cross / 9]
                    .iter()
                    .map(|&o| o as usize)
                    .collect();
                assert_eq!(table, expected, "base {base} cross {cross}");
            }
        }
    }
}
