//! Locked candidates: pointing (box → line) and claiming (line → box).
//!
//! If a digit's candidates in one unit all lie in a second unit, the digit
//! must go in the intersection, so it cannot go anywhere else in the second.

use super::candidates::{unit_of, Candidates, Cells, Digits, CELL_UNITS, UNIT_MASK};
use super::memo::DigitSearch;
use super::{Context, Step, Technique};

fn locked(
    marks: &Candidates,
    context: &Context,
    step: &mut Step,
    technique: Technique,
    bases: std::ops::Range<usize>,
) -> bool {
    // Each digit's search depends on its cells alone: skip the barren ones.
    let search = if technique == Technique::Pointing {
        DigitSearch::Pointing
    } else {
        DigitSearch::Claiming
    };
    let live = context.memo.live_digits(search, marks);
    for base in bases {
        for digit in Digits(live) {
            let all = marks.digit_cells(digit);
            let inside = all & UNIT_MASK[base];
            // The units of another kind through the first place that could
            // hold them all, in the cell's order of units (row, column,
            // box): a box's row and column, a line's box. Each is tested
            // and its removals worked out without a branch (which the
            // predictor cannot guess), and only a hit branches.
            let first = (inside.trailing_zeros() as usize).min(80);
            let [row, column, in_box] = CELL_UNITS[first].map(usize::from);
            let (one, two) = if base >= 18 {
                (row, column)
            } else {
                (in_box, in_box)
            };
            let removes = |cover: usize| {
                let held = inside & !UNIT_MASK[cover] == 0;
                let removed = all & UNIT_MASK[cover] & !UNIT_MASK[base];
                (held & (removed != 0) & (inside != 0), removed)
            };
            let (hit_one, removed_one) = removes(one);
            let (hit_two, removed_two) = removes(two);
            if !(hit_one | hit_two) {
                continue;
            }
            let (cover, removed) = if hit_one {
                (one, removed_one)
            } else {
                (two, removed_two)
            };
            step.reset(technique);
            step.cells.extend(Cells(inside));
            step.units.push(unit_of(base));
            step.units.push(unit_of(cover));
            step.eliminations.extend(Cells(removed).map(|c| (c, digit)));
            return true;
        }
    }
    context.memo.barren_digits(search, marks, live);
    false
}

/// A digit confined to one line within a box leaves the rest of that line.
pub(super) fn pointing(marks: &Candidates, context: &Context, step: &mut Step) -> bool {
    locked(marks, context, step, Technique::Pointing, 18..27)
}

/// A digit confined to one box within a line leaves the rest of that box.
pub(super) fn claiming(marks: &Candidates, context: &Context, step: &mut Step) -> bool {
    locked(marks, context, step, Technique::Claiming, 0..18)
}
