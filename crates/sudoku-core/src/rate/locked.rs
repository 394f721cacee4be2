//! Locked candidates: pointing (box → line) and claiming (line → box).
//!
//! If a digit's candidates in one unit all lie in a second unit, the digit
//! must go in the intersection, so it cannot go anywhere else in the second.

use super::candidates::{unit_of, Candidates, Cells, CELL_UNITS, UNIT_MASK};
use super::{Context, Step, Technique};

fn locked(
    marks: &Candidates,
    step: &mut Step,
    technique: Technique,
    bases: std::ops::Range<usize>,
) -> bool {
    for base in bases {
        for digit in 1..=9u8 {
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
    false
}

/// A digit confined to one line within a box leaves the rest of that line.
pub(super) fn pointing(marks: &Candidates, _: &Context, step: &mut Step) -> bool {
    locked(marks, step, Technique::Pointing, 18..27)
}

/// A digit confined to one box within a line leaves the rest of that box.
pub(super) fn claiming(marks: &Candidates, _: &Context, step: &mut Step) -> bool {
    locked(marks, step, Technique::Claiming, 0..18)
}
