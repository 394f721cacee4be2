//! The last resorts: forcing chains (contradiction by assumption) and trial
//! and error.
//!
//! A forcing chain assumes a candidate is true and follows the consequences
//! on a copy of the marks. If they break the position (a cell with no
//! candidate, a digit with no place in a unit), the candidate is false. Each
//! consequence is itself a sound deduction, so the elimination is sound. The
//! [`forcing_chain`] follows singles only; [`dynamic_forcing_chain`] also
//! uses locked candidates, pairs and X-Wings along the way.
//!
//! [`trial_and_error`] always applies: it places the solution's digit in a
//! blank cell with the fewest candidates. That every other candidate of the
//! cell leads to no solution is what the backtracking solver proved when it
//! found the puzzle's unique solution.

use super::candidates::{Candidates, Cells, Digits, ALL_DIGITS, UNITS};
use super::{find_step, Context, Step, Technique};

/// Follows naked and hidden singles until nothing changes. Returns false on
/// a contradiction.
fn propagate_singles(marks: &mut Candidates) -> bool {
    loop {
        let mut progress = false;
        for c in Cells(marks.empty_cells()) {
            let m = marks.mask(c);
            if m == 0 {
                return false;
            }
            if m.count_ones() == 1 {
                marks.place(c, m.trailing_zeros() as u8);
                progress = true;
            }
        }
        for unit in &UNITS {
            let (mut once, mut twice, mut placed) = (0u16, 0u16, 0u16);
            for &c in unit {
                let m = marks.mask(c as usize);
                twice |= once & m;
                once |= m;
                placed |= (1 << marks.value(c as usize)) & ALL_DIGITS;
            }
            if once | placed != ALL_DIGITS {
                return false;
            }
            for d in Digits(once & !twice) {
                if let Some(&c) = unit.iter().find(|&&c| marks.has(c as usize, d)) {
                    marks.place(c as usize, d);
                    progress = true;
                }
            }
        }
        if !progress {
            return true;
        }
    }
}

/// Follows the techniques up to `hardest` until nothing changes. Returns
/// false on a contradiction.
fn propagate_basic(
    marks: &mut Candidates,
    context: &Context,
    hardest: Technique,
    step: &mut Step,
) -> bool {
    loop {
        if !propagate_singles(marks) || marks.is_broken() {
            return false;
        }
        if marks.is_solved() || !find_step(marks, context, hardest, step) {
            return true;
        }
        marks.apply(step);
    }
}

/// The candidates to try, bivalue cells first: their contradictions are the
/// shortest to find and to follow.
fn trials(marks: &Candidates) -> impl Iterator<Item = (usize, u8)> + '_ {
    (2..=9u32).flat_map(move |n| {
        Cells(marks.empty_cells())
            .filter(move |&c| marks.mask(c).count_ones() == n)
            .flat_map(move |c| marks.digits(c).map(move |d| (c, d)))
    })
}

fn record(technique: Technique, cell: usize, digit: u8, step: &mut Step) -> bool {
    step.reset(technique);
    step.cells.push(cell);
    step.eliminations.push((cell, digit));
    true
}

/// A candidate whose singles lead to a contradiction is false.
pub(super) fn forcing_chain(marks: &Candidates, _: &Context, step: &mut Step) -> bool {
    for (cell, digit) in trials(marks) {
        let mut trial = marks.clone();
        trial.place(cell, digit);
        if !propagate_singles(&mut trial) {
            return record(Technique::ForcingChain, cell, digit, step);
        }
    }
    false
}

/// A candidate whose consequences under the basic techniques lead to a
/// contradiction is false.
pub(super) fn dynamic_forcing_chain(marks: &Candidates, _: &Context, step: &mut Step) -> bool {
    // Inside the trials, the basic techniques only; and no uniqueness
    // argument, which does not hold in a position assumed for contradiction.
    let inner = Context {
        unique: false,
        solution: None,
        memo: super::memo::Memo::new(),
    };
    let mut scratch = Step::new(Technique::FullHouse);
    for (cell, digit) in trials(marks) {
        let mut trial = marks.clone();
        trial.place(cell, digit);
        if !propagate_basic(&mut trial, &inner, Technique::HiddenPair, &mut scratch) {
            return record(Technique::DynamicForcingChain, cell, digit, step);
        }
    }
    false
}

/// Places the solution's digit in a blank cell with the fewest candidates.
pub(super) fn trial_and_error(marks: &Candidates, context: &Context, step: &mut Step) -> bool {
    let Some(solution) = context.solution else {
        return false;
    };
    let Some(cell) = Cells(marks.empty_cells()).min_by_key(|&c| marks.mask(c).count_ones()) else {
        return false;
    };
    let digit = solution.cells()[cell];
    if !marks.has(cell, digit) {
        return false;
    }
    step.reset(Technique::TrialAndError);
    step.cells.push(cell);
    step.placements.push((cell, digit));
    true
}
