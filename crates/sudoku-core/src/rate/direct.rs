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
    if locking_within(marks, live, step) {
        return true;
    }
    context
        .memo
        .barren_digits(DigitSearch::DirectLocking, marks, live);
    false
}

/// [`locking`] on the digits `live` (a bit each, `1..=9`) alone: the step
/// it finds when the other digits have none, as a run of singles knows
/// of the digits whose cells did not change since their last search.
pub(super) fn locking_within(marks: &Candidates, live: u16, step: &mut Step) -> bool {
    // Per digit, the lockings of each kind (see `Lockings`), worked out in
    // the first pass and read in the others.
    let mut lockings = [Lockings::default(); 10];
    for digit in Digits(live) {
        lockings[digit as usize] = Lockings::of(marks.digit_cells(digit));
    }
    // Boxes pointing along columns, then rows; then columns and rows
    // claiming: in each, digit by digit, the units in order.
    for pass in 0..4 {
        for digit in Digits(live) {
            let all = marks.digit_cells(digit);
            let Lockings {
                boxes_in_column,
                boxes_in_row,
                columns,
                rows,
            } = lockings[digit as usize];
            let (bases, kind, first_unit) = match pass {
                0 => (boxes_in_column, 1, 18),
                1 => (boxes_in_row, 0, 18),
                2 => (columns, 2, 9),
                _ => (rows, 2, 0),
            };
            for i in Digits(bases) {
                let base = first_unit + i as usize;
                let inside = all & UNIT_MASK[base];
                // The one cross of the kind that holds them all: the one
                // through the first place.
                let cross = CELL_UNITS[inside.trailing_zeros() as usize][kind] as usize;
                if let Some(cell) = following_single(all, base, cross) {
                    record_locking(step, inside, base, cross, (cell, digit));
                    return true;
                }
            }
        }
    }
    false
}

/// Fills `step` with the direct locking of the places `inside` unit `base`,
/// all in unit `cross`, that leaves `single` (cell, digit).
fn record_locking(step: &mut Step, inside: u128, base: usize, cross: usize, single: (usize, u8)) {
    step.reset(if base >= 18 {
        Technique::DirectPointing
    } else {
        Technique::DirectClaiming
    });
    step.cells.extend(Cells(inside));
    step.units.push(unit_of(base));
    step.units.push(unit_of(cross));
    step.placements.push(single);
}

/// A digit's lockings: the units where it has two places or more, all in
/// one unit of another kind, as bit `i` for the `i`-th unit of each kind
/// (the box, column or row `i`).
#[derive(Clone, Copy, Default)]
struct Lockings {
    /// Boxes whose places lie in one column.
    boxes_in_column: u16,
    /// Boxes whose places lie in one row.
    boxes_in_row: u16,
    /// Columns whose places lie in one box.
    columns: u16,
    /// Rows whose places lie in one box.
    rows: u16,
}

impl Lockings {
    /// The lockings of a digit with places `all`, from the 3×3 pattern of
    /// its places in each box and a table look-up per box ([`BOX_LINES`]),
    /// rather than a test per unit on the 81-bit cells: a quarter of the
    /// instructions on easy puzzles, where this runs between most singles.
    fn of(all: u128) -> Lockings {
        let mut out = Lockings::default();
        // Per box (band-major): which of its three columns, and which of
        // its three rows, hold a place, and which hold two or more.
        let (mut column_any, mut column_two) = ([[0u16; 3]; 3], [[0u16; 3]; 3]);
        for band in 0..3 {
            // The band's three rows, nine bits each.
            let rows = (all >> (27 * band)) as u32;
            let row = |r: u32| (rows >> (9 * r)) & 0x1FF;
            let (r0, r1, r2) = (row(0), row(1), row(2));
            let (mut row_any, mut row_two) = ([0u16; 3], [0u16; 3]);
            for stack in 0..3 {
                let at = 3 * stack as u32;
                let pattern = ((r0 >> at) & 7) | ((r1 >> at) & 7) << 3 | ((r2 >> at) & 7) << 6;
                let info = BOX_LINES[pattern as usize];
                let k = 3 * band + stack;
                out.boxes_in_column |= (info & 1) << k;
                out.boxes_in_row |= ((info >> 1) & 1) << k;
                column_any[band][stack] = (info >> 2) & 7;
                column_two[band][stack] = (info >> 5) & 7;
                row_any[stack] = (info >> 8) & 7;
                row_two[stack] = (info >> 11) & 7;
            }
            // A row of the band holds its places in one box when exactly
            // one of the three boxes has some, and then two or more there.
            out.rows |= (only_one(row_any) & (row_two[0] | row_two[1] | row_two[2])) << (3 * band);
        }
        for stack in 0..3 {
            let any = [0, 1, 2].map(|band| column_any[band][stack]);
            let two = column_two[0][stack] | column_two[1][stack] | column_two[2][stack];
            out.columns |= (only_one(any) & two) << (3 * stack);
        }
        out
    }
}

/// Bitwise, where exactly one of the three masks is set.
fn only_one([a, b, c]: [u16; 3]) -> u16 {
    (a ^ b ^ c) & !(a & b & c)
}

/// For a digit's places in a box as a 3×3 pattern (bit `3·row + column`
/// within the box): bit 0 set when there are two or more, all in one
/// column; bit 1, the same for a row; bits 2-4, the columns holding a
/// place; bits 5-7, those holding two or more; bits 8-10 and 11-13, the
/// same for the rows.
static BOX_LINES: [u16; 512] = build_box_lines();

const fn build_box_lines() -> [u16; 512] {
    let mut table = [0u16; 512];
    let mut pattern = 0usize;
    while pattern < 512 {
        let (mut column_any, mut column_two, mut row_any, mut row_two) = (0u16, 0u16, 0u16, 0u16);
        let mut i = 0;
        while i < 3 {
            let column = ((pattern >> i) & 0x49) as u32;
            let row = ((pattern >> (3 * i)) & 7) as u32;
            column_any |= ((column != 0) as u16) << i;
            column_two |= ((column.count_ones() >= 2) as u16) << i;
            row_any |= ((row != 0) as u16) << i;
            row_two |= ((row.count_ones() >= 2) as u16) << i;
            i += 1;
        }
        let several = (pattern as u32).count_ones() >= 2;
        let in_column = several && column_any.count_ones() == 1;
        let in_row = several && row_any.count_ones() == 1;
        table[pattern] = in_column as u16
            | (in_row as u16) << 1
            | column_any << 2
            | column_two << 5
            | row_any << 8
            | row_two << 11;
        pattern += 1;
    }
    table
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

/// SE's order of the units for its direct hidden sets: boxes, then
/// columns, then rows.
const HIDDEN_ORDER: [std::ops::Range<usize>; 3] = [18..27, 9..18, 0..9];

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
    for u in HIDDEN_ORDER.into_iter().flatten() {
        // Each unit's search depends on its cells' candidates alone.
        let key = keys[u];
        if context.memo.is_barren_unit(search, u, key) {
            continue;
        }
        if hidden_in_unit::<N>(marks, u, step) {
            return true;
        }
        context.memo.barren_unit(search, u, key);
    }
    false
}

/// [`hidden`] in the units `units` (a bit each, `0..27`) alone: the step it
/// finds when the other units have none, as a run of singles knows of the
/// units whose cells did not change since their last search.
pub(super) fn hidden_within<const N: usize>(
    marks: &Candidates,
    units: u32,
    step: &mut Step,
) -> bool {
    HIDDEN_ORDER
        .into_iter()
        .flatten()
        .filter(|&u| units & (1 << u) != 0)
        .any(|u| hidden_in_unit::<N>(marks, u, step))
}

/// The first direct hidden set of `N` digits in unit `u`, into `step`.
fn hidden_in_unit<const N: usize>(marks: &Candidates, u: usize, step: &mut Step) -> bool {
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
    if super::subsets::bits(few) < N as u32 {
        return false;
    }
    // Every digit's places, transposed from the cells' masks at once; a
    // blank cell has some candidate.
    let places = marks.unit_places(u);
    let open = places[1..].iter().fold(0, |a, &p| a | p);
    if super::subsets::bits(open) as usize <= N {
        return false;
    }
    // The set's digits, `digits`, fill the cells `cells` (as many):
    // it is taken when a digit outside it has two places or more, one
    // of them outside the set's cells.
    let mut take = |digits: u16, cells: u16| {
        let single = (1..=9u8).filter(|d| digits & (1 << d) == 0).find(|&d| {
            let p = places[d as usize];
            super::subsets::bits(p) > 1 && super::subsets::bits(p & !cells) == 1
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
    };
    if N == 2 {
        // A pair is two digits of two places each, the same two: the
        // pairs in SE's order (see `subsets`), by the higher digit and
        // then the lower, both downwards, without walking the subsets.
        let mut found = false;
        let mut higher = few;
        'pairs: while higher != 0 {
            let high = 15 - higher.leading_zeros();
            higher &= !(1 << high);
            let mut lower = higher;
            while lower != 0 {
                let low = 15 - lower.leading_zeros();
                lower &= !(1 << low);
                let cells = places[high as usize];
                if places[low as usize] == cells && take(1 << high | 1 << low, cells) {
                    found = true;
                    break 'pairs;
                }
            }
        }
        found
    } else {
        // A digit with more than `N` places cannot be in the set, nor
        // can digits whose places already spread over more than `N`
        // cells: those branches are cut.
        let add = |cells: u16, i: u32| cells | places[i as usize + 1];
        let dead = |cells: u16| super::subsets::bits(cells) > N as u32;
        super::subsets::subsets_folding(few >> 1, N as u32, 0, add, dead, |set, cells| {
            super::subsets::bits(cells) as usize == N && take(set << 1, cells)
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rate::memo::Memo;

    /// Direct pointing and claiming as their definition reads, unit by
    /// unit on the 81-bit cells, in the order `locking` must keep: the
    /// reference for [`Lockings`].
    fn locking_unit_by_unit(marks: &Candidates, step: &mut Step) -> bool {
        for (bases, crosses) in [
            (18..27, 9..18),
            (18..27, 0..9),
            (9..18, 18..27),
            (0..9, 18..27),
        ] {
            for digit in 1..=9u8 {
                let all = marks.digit_cells(digit);
                for base in bases.clone() {
                    let inside = all & UNIT_MASK[base];
                    if inside.count_ones() < 2 {
                        continue;
                    }
                    let Some(cross) = crosses.clone().find(|&c| inside & !UNIT_MASK[c] == 0) else {
                        continue;
                    };
                    if let Some(cell) = following_single(all, base, cross) {
                        record_locking(step, inside, base, cross, (cell, digit));
                        return true;
                    }
                }
            }
        }
        false
    }

    proptest::proptest! {
        #[test]
        fn lockings_are_the_units_confined_to_one_crossing_unit(low in proptest::num::u64::ANY, high in 0u64..1 << 17) {
            let all = u128::from(low) | u128::from(high) << 64;
            let lockings = Lockings::of(all);
            // Units of `kinds` with two places or more, all in one unit of `cross`.
            let confined = |kinds: std::ops::Range<usize>, cross: std::ops::Range<usize>| {
                kinds.enumerate().fold(0u16, |set, (i, u)| {
                    let inside = all & UNIT_MASK[u];
                    let locked = inside.count_ones() >= 2
                        && cross.clone().any(|c| inside & !UNIT_MASK[c] == 0);
                    set | u16::from(locked) << i
                })
            };
            proptest::prop_assert_eq!(lockings.boxes_in_column, confined(18..27, 9..18));
            proptest::prop_assert_eq!(lockings.boxes_in_row, confined(18..27, 0..9));
            proptest::prop_assert_eq!(lockings.columns, confined(9..18, 18..27));
            proptest::prop_assert_eq!(lockings.rows, confined(0..9, 18..27));
        }

        #[test]
        fn locking_finds_the_step_the_definition_finds_first(
            marks in crate::rate::candidates::tests::marks_with_cuts(80),
        ) {
            let context = Context { unique: false, solution: None, memo: Memo::new() };
            let (mut found, mut expected) = (Step::new(Technique::FullHouse), Step::new(Technique::FullHouse));
            let applies = locking(&marks, &context, &mut found);
            proptest::prop_assert_eq!(applies, locking_unit_by_unit(&marks, &mut expected));
            if applies {
                proptest::prop_assert_eq!(found, expected);
            }
        }
    }

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
