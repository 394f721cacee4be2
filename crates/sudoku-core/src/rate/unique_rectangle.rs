//! Unique rectangle, type 1 (both scales), and types 2 and 4 (SE's scale).
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
    (0..9).flat_map(|r1| {
        (r1 + 1..9).flat_map(move |r2| {
            (0..9).flat_map(move |c1| {
                (c1 + 1..9)
                    .filter(move |&c2| (r1 / 3 == r2 / 3) != (c1 / 3 == c2 / 3))
                    .map(move |c2| [r1 * 9 + c1, r1 * 9 + c2, r2 * 9 + c1, r2 * 9 + c2])
            })
        })
    })
}

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
pub(super) fn se_types(marks: &Candidates, context: &Context, step: &mut Step) -> bool {
    if !context.unique {
        return false;
    }
    type1(marks, context, step) || roofs(marks, step)
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
