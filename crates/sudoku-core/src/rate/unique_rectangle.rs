//! Unique rectangle, type 1 (both scales), and types 2, 3 and 4 (SE's scale).
//!
//! Four blank cells at the corners of a rectangle spanning two rows, two
//! columns and exactly two boxes: if all four could only be `x` or `y`, the two
//! ways of placing them would give two solutions. So in a puzzle known to
//! have one solution, when three corners are exactly `xy`, the fourth cannot
//! be `x` or `y`. (The corners are blank, so none of them is a given.)

use super::candidates::{Candidates, Digits};
use super::{Context, Step, Technique};

/// The corners (row-major: top left, top right, bottom left, bottom right)
/// of every rectangle spanning two rows, two columns and exactly two boxes:
/// the rows share a band or the columns share a stack, not both.
fn rectangles() -> impl Iterator<Item = [usize; 4]> {
    RECTANGLES.iter().map(|r| r.map(usize::from))
}

/// The rectangles of [`rectangles`], in its order (rows, then columns,
/// ascending): 9 same-band row pairs times 27 column pairs in different
/// stacks, and 27 row pairs in different bands times 9 same-stack column
/// pairs. Built once, at compile time: the finders walk them at every step.
const RECTANGLES: [[u8; 4]; 486] = {
    let mut out = [[0u8; 4]; 486];
    let (mut n, mut r1) = (0, 0);
    while r1 < 9 {
        let mut r2 = r1 + 1;
        while r2 < 9 {
            let mut c1 = 0;
            while c1 < 9 {
                let mut c2 = c1 + 1;
                while c2 < 9 {
                    if (r1 / 3 == r2 / 3) != (c1 / 3 == c2 / 3) {
                        out[n] = [
                            (r1 * 9 + c1) as u8,
                            (r1 * 9 + c2) as u8,
                            (r2 * 9 + c1) as u8,
                            (r2 * 9 + c2) as u8,
                        ];
                        n += 1;
                    }
                    c2 += 1;
                }
                c1 += 1;
            }
            r2 += 1;
        }
        r1 += 1;
    }
    assert!(n == 486);
    out
};

pub(super) fn type1(marks: &Candidates, context: &Context, step: &mut Step) -> bool {
    if !context.unique {
        return false;
    }
    for corners in rectangles() {
        let masks = corners.map(|c| marks.mask(c));
        if masks.iter().any(|&m| m.count_ones() < 2) {
            continue;
        }
        for odd in 0..4 {
            let pair = masks[(odd + 1) % 4];
            let others_match = (0..4).filter(|&i| i != odd).all(|i| masks[i] == pair);
            if pair.count_ones() == 2
                && others_match
                && masks[odd] & pair == pair
                && masks[odd] != pair
            {
                step.reset(Technique::UniqueRectangle);
                step.cells.extend(corners);
                step.eliminations
                    .extend(Digits(pair).map(|d| (corners[odd], d)));
                return true;
            }
        }
    }
    false
}

/// Sudoku Explainer's unique rectangles (its unique loops of four cells),
/// types 1, 2 and 4, all 4.5. Four corners all holding `x` and `y`; two of
/// them (the floor) hold nothing else. Type 1: a third corner holds only
/// `x` and `y` too, so the fourth cannot be either. Type 2: the other two
/// (the roof) hold one more digit `z` each, the same, so one of them is `z`
/// and `z` leaves every cell that sees both. Type 4: the roof lies in one
/// row or column, where `x` has no place but the roof; one roof cell is `x`
/// then, and neither can be `y` (both would make the deadly pattern).
/// Type 3 ([`type3`], 4.5-5.1) when none of these applies.
pub(super) fn se_types(marks: &Candidates, context: &Context, step: &mut Step) -> bool {
    if !context.unique {
        return false;
    }
    type1(marks, context, step) || roofs(marks, step) || type3(marks, context, step)
}

fn roofs(marks: &Candidates, step: &mut Step) -> bool {
    use super::candidates::{Cells, CELL_UNITS, PEERS, UNIT_MASK};
    for corners in rectangles() {
        let masks = corners.map(|c| marks.mask(c));
        let common = masks.iter().fold(0x3FEu16, |a, &m| a & m);
        if common.count_ones() < 2 || masks.contains(&0) {
            continue;
        }
        // Floors: pairs of corners; roofs the other two.
        for (f1, f2, o1, o2) in [
            (0, 1, 2, 3),
            (2, 3, 0, 1),
            (0, 2, 1, 3),
            (1, 3, 0, 2),
            (0, 3, 1, 2),
            (1, 2, 0, 3),
        ] {
            let pair = masks[f1];
            if pair.count_ones() != 2 || masks[f2] != pair {
                continue;
            }
            let (a, b) = (corners[o1], corners[o2]);
            let (ma, mb) = (masks[o1], masks[o2]);
            if ma == pair || mb == pair {
                continue;
            }
            // Type 2.
            let extra = (ma | mb) & !pair;
            if extra.count_ones() == 1
                && ma & extra != 0
                && mb & extra != 0
                && ma.count_ones() == 3
                && mb.count_ones() == 3
            {
                let z = extra.trailing_zeros() as u8;
                let victims = marks.digit_cells(z) & PEERS[a] & PEERS[b];
                if victims != 0 {
                    step.reset(Technique::UniqueRectangle);
                    step.cells.extend(corners);
                    step.eliminations.extend(Cells(victims).map(|c| (c, z)));
                    return true;
                }
            }
            // Type 4: the roof in one line.
            let shared = (0..3)
                .filter(|&k| CELL_UNITS[a][k] == CELL_UNITS[b][k])
                .map(|k| CELL_UNITS[a][k] as usize);
            for u in shared {
                for (x, y) in [
                    (
                        pair.trailing_zeros() as u8,
                        (pair & (pair - 1)).trailing_zeros() as u8,
                    ),
                    (
                        (pair & (pair - 1)).trailing_zeros() as u8,
                        pair.trailing_zeros() as u8,
                    ),
                ] {
                    let places = marks.digit_cells(x) & UNIT_MASK[u];
                    if places == (1u128 << a) | (1u128 << b) {
                        step.reset(Technique::UniqueRectangle);
                        step.cells.extend(corners);
                        step.eliminations.extend([(a, y), (b, y)]);
                        return true;
                    }
                }
            }
        }
    }
    false
}

/// Pairs, triples... of `0..9` in SE's order (increasing as bit masks).
/// Not [`super::subsets::subsets`]: that walks submasks in decreasing order,
/// and the first set found in SE's order decides which step SE takes.
fn combinations(size: u32) -> impl Iterator<Item = u16> {
    (0u16..1 << 9).filter(move |m| m.count_ones() == size)
}

/// Unique rectangle type 3 (SE's scale), tried when no other type applies.
/// The two roof cells share a unit and have extra digits besides the
/// rectangle's `x` and `y`; one of them holds an extra digit.
/// - Naked: the roof, as one pseudo-cell holding one of its extra digits,
///   and `d - 1` other cells of the unit hold `d` digits between them; those
///   digits leave the unit's other cells. SE: 4.5 + 0.1 per digit past one.
/// - Hidden: `x`, `y` and `d - 2` digits the roof lacks have, in the unit,
///   only the roof and `d - 1` other cells; the roof holds at most one of
///   them, so those cells hold the rest and lose their other digits. SE:
///   4.5 + 0.1 per digit past two.
pub(super) fn type3(marks: &Candidates, context: &Context, step: &mut Step) -> bool {
    use super::candidates::{Cells, CELL_UNITS, UNITS, UNIT_MASK};
    if !context.unique {
        return false;
    }
    for corners in rectangles() {
        let masks = corners.map(|c| marks.mask(c));
        // Floors: two corners holding exactly the pair; roofs the others,
        // both with extra digits.
        let pair = masks.iter().fold(0x3FEu16, |a, &m| a & m);
        if pair.count_ones() != 2 {
            continue;
        }
        let roofs: Vec<usize> = (0..4).filter(|&i| masks[i] != pair).collect();
        if roofs.len() != 2 {
            continue;
        }
        let (c1, c2) = (corners[roofs[0]], corners[roofs[1]]);
        let extra = (masks[roofs[0]] | masks[roofs[1]]) & !pair;
        if extra.count_ones() < 2 {
            continue;
        }
        for degree in 2..=7u32 {
            // SE's region order: box, row, column.
            for k in [2, 0, 1] {
                if CELL_UNITS[c1][k] != CELL_UNITS[c2][k] {
                    continue;
                }
                let u = CELL_UNITS[c1][k] as usize;
                let cells = UNITS[u].map(|c| c as usize);
                let empty = (marks.empty_cells() & UNIT_MASK[u]).count_ones();
                let (i1, i2) = (
                    cells.iter().position(|&c| c == c1).unwrap_or(9),
                    cells.iter().position(|&c| c == c2).unwrap_or(9),
                );
                if degree * 2 <= empty && degree >= extra.count_ones() {
                    for combo in combinations(degree) {
                        if combo & (1 << i1) == 0 || combo & (1 << i2) != 0 {
                            continue;
                        }
                        let others: Vec<usize> = (0..9)
                            .filter(|&i| i != i1 && combo & (1 << i) != 0)
                            .map(|i| cells[i])
                            .collect();
                        let mut union = extra;
                        let mut narrow = extra & masks[roofs[0]] & masks[roofs[1]];
                        let mut ok = true;
                        for &c in &others {
                            let m = marks.mask(c);
                            ok &= m.count_ones() > 1;
                            union |= m;
                            narrow |= m;
                        }
                        if !ok || narrow.count_ones() != degree || union.count_ones() != degree {
                            continue;
                        }
                        let rest = UNIT_MASK[u] & !(1 << c1) & !(1 << c2);
                        let rest = others.iter().fold(rest, |r, &c| r & !(1u128 << c));
                        let victims: Vec<(usize, u8)> = Cells(rest)
                            .flat_map(|c| Digits(marks.mask(c) & union).map(move |d| (c, d)))
                            .collect();
                        if !victims.is_empty() {
                            step.reset(Technique::UniqueRectangle);
                            step.cells.extend(corners);
                            step.cells.extend(&others);
                            step.eliminations.extend(victims);
                            step.tenths = 45 + (degree as u16 - 1);
                            return true;
                        }
                    }
                }
                if degree * 2 < empty {
                    let rem = 0x3FEu16 & !pair & !extra;
                    if degree - 2 > rem.count_ones() {
                        continue;
                    }
                    let rem_digits: Vec<u8> = Digits(rem).collect();
                    for pick in combinations(degree - 2) {
                        if pick >> rem_digits.len() != 0 {
                            continue;
                        }
                        let hidden = (0..rem_digits.len())
                            .filter(|&i| pick & (1 << i) != 0)
                            .fold(pair, |h, i| h | 1 << rem_digits[i]);
                        let mut union = 0u128;
                        let mut ok = true;
                        for d in Digits(hidden) {
                            let places = marks.digit_cells(d) & UNIT_MASK[u] & !(1 << c2);
                            ok &= places != 0;
                            union |= places;
                        }
                        if !ok || union.count_ones() != degree {
                            continue;
                        }
                        let set = union & !(1 << c1) & !(1 << c2);
                        let victims: Vec<(usize, u8)> = Cells(set)
                            .flat_map(|c| Digits(marks.mask(c) & !hidden).map(move |d| (c, d)))
                            .collect();
                        if !victims.is_empty() {
                            step.reset(Technique::UniqueRectangle);
                            step.cells.extend(corners);
                            step.cells.extend(Cells(set));
                            step.eliminations.extend(victims);
                            step.tenths = 45 + (set.count_ones() as u16).saturating_sub(1);
                            return true;
                        }
                    }
                }
            }
        }
    }
    false
}
