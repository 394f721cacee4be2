//! Skyscraper and 2-String Kite: two conjugate pairs of one digit joined by a
//! weak link.
//!
//! A conjugate pair is a unit where the digit has exactly two places, so one
//! of them holds it. If one end of the first pair sees one end of the second,
//! those two ends cannot both hold the digit, so one of the two *other* ends
//! does: the digit leaves every cell that sees both of them.

use super::candidates::{unit_of, Candidates, Cells, CELL_UNITS, PEERS, UNIT_MASK};
use super::{Context, Step, Technique};

/// The conjugate pairs of `digit` in units `units`: (unit, first cell, second cell).
fn pairs(
    marks: &Candidates,
    digit: u8,
    units: std::ops::Range<usize>,
) -> Vec<(usize, usize, usize)> {
    let mut out = Vec::new();
    for u in units {
        let m = marks.digit_cells(digit) & UNIT_MASK[u];
        if m.count_ones() == 2 {
            let a = m.trailing_zeros() as usize;
            let b = (m & (m - 1)).trailing_zeros() as usize;
            out.push((u, a, b));
        }
    }
    out
}

/// Records the step if cells seeing both `end1` and `end2` lose the digit.
#[allow(clippy::too_many_arguments)]
fn eliminate(
    marks: &Candidates,
    digit: u8,
    technique: Technique,
    cells: [usize; 4],
    units: [usize; 2],
    end1: usize,
    end2: usize,
    step: &mut Step,
) -> bool {
    let pattern = cells.iter().fold(0u128, |a, &c| a | 1 << c);
    let removed = marks.digit_cells(digit) & PEERS[end1] & PEERS[end2] & !pattern;
    if removed == 0 {
        return false;
    }
    step.reset(technique);
    step.cells.extend(cells);
    step.units.extend(units.map(unit_of));
    step.eliminations.extend(Cells(removed).map(|c| (c, digit)));
    true
}

/// Two parallel conjugate pairs with one end each in a shared cross line.
pub(super) fn skyscraper(marks: &Candidates, _: &Context, step: &mut Step) -> bool {
    for digit in 1..=9u8 {
        for (range, cross) in [(0..9, 1usize), (9..18, 0usize)] {
            let lines = pairs(marks, digit, range);
            for (i, &(u1, a1, b1)) in lines.iter().enumerate() {
                for &(u2, a2, b2) in &lines[i + 1..] {
                    // Try each end of each pair as the joined one.
                    for (p, q) in [(a1, b1), (b1, a1)] {
                        for (r, s) in [(a2, b2), (b2, a2)] {
                            let same =
                                |x: usize, y: usize| CELL_UNITS[x][cross] == CELL_UNITS[y][cross];
                            if same(p, r)
                                && !same(q, s)
                                && eliminate(
                                    marks,
                                    digit,
                                    Technique::Skyscraper,
                                    [p, q, r, s],
                                    [u1, u2],
                                    q,
                                    s,
                                    step,
                                )
                            {
                                return true;
                            }
                        }
                    }
                }
            }
        }
    }
    false
}

/// A row pair and a column pair with one end each in the same box.
pub(super) fn two_string_kite(marks: &Candidates, _: &Context, step: &mut Step) -> bool {
    for digit in 1..=9u8 {
        let rows = pairs(marks, digit, 0..9);
        let cols = pairs(marks, digit, 9..18);
        for &(u1, a1, b1) in &rows {
            for &(u2, a2, b2) in &cols {
                for (p, q) in [(a1, b1), (b1, a1)] {
                    for (r, s) in [(a2, b2), (b2, a2)] {
                        let distinct = p != r && p != s && q != r && q != s;
                        if distinct
                            && CELL_UNITS[p][2] == CELL_UNITS[r][2]
                            && CELL_UNITS[q][2] != CELL_UNITS[p][2]
                            && CELL_UNITS[s][2] != CELL_UNITS[p][2]
                            && eliminate(
                                marks,
                                digit,
                                Technique::TwoStringKite,
                                [p, q, r, s],
                                [u1, u2],
                                q,
                                s,
                                step,
                            )
                        {
                            return true;
                        }
                    }
                }
            }
        }
    }
    false
}
