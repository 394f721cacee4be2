//! Bivalue universal grave plus one (BUG+1).
//!
//! A position where every blank cell has two candidates and every candidate
//! appears exactly twice in each unit that has it is a *BUG*: it has no
//! solution or several (each digit's cells form cycles that can be filled
//! either way round). If all blank cells are bivalue but one, and removing
//! digit `d` from that one cell would leave a BUG, then in a puzzle known to
//! have one solution that cell must be `d`: otherwise the BUG left behind
//! would hold the solution, and so a second one.

use super::candidates::{unit_of, Candidates, Cells, Digits, ALL_DIGITS, CELL_UNITS, PEERS, UNITS};
use super::{Context, Step, Technique};

/// True when every digit occurs 0 or 2 times among the candidates of each
/// unit, with `digit` removed from the cells of `cells`.
fn is_grave_without(marks: &Candidates, cells: u128, digit: u8) -> bool {
    UNITS.iter().all(|unit| {
        let mut counts = [0u8; 10];
        for &c in unit {
            let mut m = marks.mask(c as usize);
            if cells & (1 << c) != 0 {
                m &= !(1 << digit);
            }
            for d in Digits(m) {
                counts[d as usize] += 1;
            }
        }
        counts.iter().all(|&n| n == 0 || n == 2)
    })
}

pub(super) fn bug_plus_one(marks: &Candidates, context: &Context, step: &mut Step) -> bool {
    if !context.unique {
        return false;
    }
    let mut extra = None;
    for c in Cells(marks.empty_cells()) {
        match marks.mask(c).count_ones() {
            2 => {}
            3 if extra.is_none() => extra = Some(c),
            _ => return false,
        }
    }
    let Some(cell) = extra else {
        return false;
    };
    for digit in marks.digits(cell) {
        if is_grave_without(marks, 1 << cell, digit) {
            step.reset(Technique::BugPlusOne);
            step.cells.push(cell);
            step.units
                .extend(CELL_UNITS[cell].map(|u| unit_of(u as usize)));
            step.placements.push((cell, digit));
            return true;
        }
    }
    false
}

/// Sudoku Explainer's BUG types 1 and 2 (5.6, 5.7). Type 2: every cell
/// with more than two candidates has three, one of them the same digit
/// `d`, and without `d` in those cells the position would be a BUG. In a
/// puzzle known to have one solution one of those cells is then `d`, so
/// `d` leaves every cell that sees them all.
pub(super) fn se_bug(marks: &Candidates, context: &Context, step: &mut Step) -> bool {
    if !context.unique {
        return false;
    }
    if bug_plus_one(marks, context, step) {
        return true;
    }
    let mut extra = 0u128;
    for c in Cells(marks.empty_cells()) {
        match marks.mask(c).count_ones() {
            2 => {}
            3 => extra |= 1 << c,
            _ => return false,
        }
    }
    if extra.count_ones() < 2 {
        return false;
    }
    let shared = Cells(extra).fold(ALL_DIGITS, |a, c| a & marks.mask(c));
    for digit in Digits(shared) {
        if !is_grave_without(marks, extra, digit) {
            continue;
        }
        let seeing = Cells(extra).fold(!0u128, |a, c| a & PEERS[c]);
        let victims = seeing & marks.digit_cells(digit) & !extra;
        if victims == 0 {
            continue;
        }
        step.reset(Technique::BugType2);
        step.cells.extend(Cells(extra));
        step.eliminations.extend(Cells(victims).map(|c| (c, digit)));
        return true;
    }
    false
}
