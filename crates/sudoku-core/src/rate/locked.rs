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
            let inside = marks.digit_cells(digit) & UNIT_MASK[base];
            if inside == 0 {
                continue;
            }
            let first = inside.trailing_zeros() as usize;
            // The other units through the first cell that could hold them all.
            for &cover in &CELL_UNITS[first] {
                let cover = cover as usize;
                if cover == base || (base >= 18) == (cover >= 18) {
                    continue;
                }
                if inside & !UNIT_MASK[cover] != 0 {
                    continue;
                }
                let removed = marks.digit_cells(digit) & UNIT_MASK[cover] & !UNIT_MASK[base];
                if removed == 0 {
                    continue;
                }
                step.reset(technique);
                step.cells.extend(Cells(inside));
                step.units.push(unit_of(base));
                step.units.push(unit_of(cover));
                step.eliminations.extend(Cells(removed).map(|c| (c, digit)));
                return true;
            }
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
