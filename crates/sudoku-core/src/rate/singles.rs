//! Full house, hidden single, naked single: the techniques that place digits.

use super::candidates::{unit_of, Candidates, UNITS, UNIT_MASK};
use super::{Context, Step, Technique};

/// The last blank cell of a unit takes the unit's missing digit.
pub(super) fn full_house(marks: &Candidates, _: &Context, step: &mut Step) -> bool {
    let empty = marks.empty_cells();
    for (u, &unit_mask) in UNIT_MASK.iter().enumerate() {
        let blanks = empty & unit_mask;
        if blanks.count_ones() != 1 {
            continue;
        }
        let cell = blanks.trailing_zeros() as usize;
        let mask = marks.mask(cell);
        if mask.count_ones() == 1 {
            step.reset(Technique::FullHouse);
            step.cells.push(cell);
            step.units.push(unit_of(u));
            step.placements.push((cell, mask.trailing_zeros() as u8));
            return true;
        }
    }
    false
}

/// A digit with one possible cell in a unit goes there. Boxes are searched
/// first: players find box singles most easily.
pub(super) fn hidden_single(marks: &Candidates, _: &Context, step: &mut Step) -> bool {
    for u in (18..27).chain(0..18) {
        // Digits seen once (and not twice) across the unit's cells.
        let (mut once, mut twice) = (0u16, 0u16);
        for &c in &UNITS[u] {
            let m = marks.mask(c as usize);
            twice |= once & m;
            once |= m;
        }
        let single = once & !twice;
        if single == 0 {
            continue;
        }
        let digit = single.trailing_zeros() as u8;
        let cell = UNITS[u]
            .iter()
            .map(|&c| c as usize)
            .find(|&c| marks.has(c, digit));
        if let Some(cell) = cell {
            step.reset(Technique::HiddenSingle);
            step.cells.push(cell);
            step.units.push(unit_of(u));
            step.placements.push((cell, digit));
            return true;
        }
    }
    false
}

/// A cell with one candidate takes it.
pub(super) fn naked_single(marks: &Candidates, _: &Context, step: &mut Step) -> bool {
    for cell in super::candidates::Cells(marks.empty_cells()) {
        let mask = marks.mask(cell);
        if mask.count_ones() == 1 {
            step.reset(Technique::NakedSingle);
            step.cells.push(cell);
            step.placements.push((cell, mask.trailing_zeros() as u8));
            return true;
        }
    }
    false
}
