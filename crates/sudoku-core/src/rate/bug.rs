//! Bivalue universal grave plus one (BUG+1).
//!
//! A position where every blank cell has two candidates and every candidate
//! appears exactly twice in each unit that has it is a *BUG*: it has no
//! solution or several (each digit's cells form cycles that can be filled
//! either way round). If all blank cells are bivalue but one, and removing
//! digit `d` from that one cell would leave a BUG, then in a puzzle known to
//! have one solution that cell must be `d`: otherwise the BUG left behind
//! would hold the solution, and so a second one.

use super::candidates::{unit_of, Candidates, Cells, Digits, CELL_UNITS, PEERS, UNITS, UNIT_MASK};
use super::unique_rectangle::combinations;
use super::{Context, Step, Technique};

/// True when every digit occurs 0 or 2 times among the candidates of each
/// unit, with `digit` removed from the cells of `cells`.
fn is_grave_without(marks: &Candidates, cells: u128, digit: u8) -> bool {
    is_paired(|c| {
        let mask = marks.mask(c);
        if cells & (1 << c) != 0 {
            mask & !(1 << digit)
        } else {
            mask
        }
    })
}

/// True when every digit occurs 0 or 2 times in each unit among the
/// candidates `mask_of(cell)`.
fn is_paired(mask_of: impl Fn(usize) -> u16) -> bool {
    UNITS.iter().all(|unit| {
        let mut counts = [0u8; 10];
        for &c in unit {
            for d in Digits(mask_of(c as usize)) {
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

/// What Sudoku Explainer's BUG search (its `BivalueUniversalGrave`, with
/// lkSudoku's fix, on by default) finds in a position: the cells holding
/// candidates beyond a bivalue universal grave, and those candidates.
struct Grave {
    /// The cells beyond the grave, in the order SE finds them.
    cells: Vec<usize>,
    /// Each cell's digits beyond the grave.
    extra: [u16; 81],
    /// Every cell's digits beyond the grave (SE's `allBugValues`, which
    /// leaves out the digit of cells found the second way, see [`grave`]).
    all: u16,
    /// The cells that see every cell of `cells`, filled ones included.
    common: u128,
}

/// The BUG pattern SE finds in `marks`, if any. SE reads each unit (boxes,
/// then rows, then columns) and digit: a digit with neither zero nor two
/// places there is beyond the grave in the one cell of three candidates or
/// more among its places, if there is one (if there are several, another
/// unit tells which; if none, there is no BUG). When every such unit and
/// digit is the same digit, the cells of three candidates or more among all
/// their places are beyond the grave too (lkSudoku's fix). Without what
/// lies beyond, every blank cell must have two candidates and every digit
/// zero or two places in each unit. SE gives up early, with no hint of any
/// type, as soon as two cells or more beyond the grave, with two digits or
/// more between them, have no common peer left.
fn grave(marks: &Candidates) -> Option<Grave> {
    let mut found = Grave {
        cells: Vec::new(),
        extra: [0; 81],
        all: 0,
        common: 0,
    };
    let mut without = *marks.masks();
    // The cells of three candidates or more in every unit and digit out of
    // place, while those are all of one digit (`only`).
    let mut same_digit: Option<(u128, u8)> = None;
    let mut one_digit = true;
    // Adds `cell` beyond the grave; false when SE would give up. (A cell
    // is no peer of its own, so `common` never holds one of `cells`.)
    let add = |found: &mut Grave, cell: usize, digits: u16| -> bool {
        found.common = if found.cells.is_empty() {
            PEERS[cell]
        } else {
            found.common & PEERS[cell]
        };
        if !found.cells.contains(&cell) {
            found.cells.push(cell);
        }
        found.extra[cell] |= digits;
        !(found.cells.len() > 1 && found.all.count_ones() > 1 && found.common == 0)
    };
    // The cells of three candidates or more (none: no BUG to find).
    let wide_cells = Cells(marks.empty_cells())
        .filter(|&c| {
            let m = marks.mask(c);
            let rest = m & m.wrapping_sub(1);
            rest & rest.wrapping_sub(1) != 0
        })
        .fold(0u128, |a, c| a | 1 << c);
    if wide_cells == 0 {
        return None;
    }
    for &unit in &SE_UNIT_ORDER {
        for digit in 1..=9u8 {
            let places = marks.digit_cells(digit) & UNIT_MASK[unit];
            // Zero or two places (by bit tests: `count_ones` on 128 bits is
            // slow without a `popcnt` target feature).
            let rest = places & places.wrapping_sub(1);
            if places == 0 || (rest != 0 && rest & (rest - 1) == 0) {
                continue;
            }
            let wide = places & wide_cells;
            match &mut same_digit {
                None => same_digit = Some((wide, digit)),
                Some((cells, only)) if one_digit => {
                    if *only == digit {
                        *cells |= wide;
                    } else {
                        one_digit = false;
                    }
                }
                Some(_) => {}
            }
            if wide != 0 && wide & (wide - 1) == 0 {
                let cell = wide.trailing_zeros() as usize;
                found.all |= 1 << digit;
                without[cell] &= !(1 << digit);
                if !add(&mut found, cell, 1 << digit) {
                    return None;
                }
            }
            if wide == 0 {
                return None;
            }
        }
    }
    if let (true, Some((cells, only))) = (one_digit, same_digit) {
        if cells.count_ones() as usize > found.cells.len() {
            let known = found.cells.iter().fold(0u128, |a, &c| a | 1 << c);
            for cell in Cells(cells & !known) {
                without[cell] &= !(1 << only);
                if !add(&mut found, cell, 1 << only) {
                    return None;
                }
            }
        }
    }
    let bivalue = Cells(marks.empty_cells()).all(|c| without[c].count_ones() == 2);
    (bivalue && is_paired(|c| without[c])).then_some(found)
}

/// The units in the order SE reads them: boxes, rows, then columns.
const SE_UNIT_ORDER: [usize; 27] = {
    let mut order = [0; 27];
    let mut i = 0;
    while i < 27 {
        order[i] = (i + 18) % 27;
        i += 1;
    }
    order
};

/// The units holding every cell of `cells`, in SE's order (a box, a row,
/// a column, each at most once).
fn shared_units(cells: &[usize]) -> impl Iterator<Item = usize> {
    let all = cells.iter().fold(0u128, |a, &c| a | 1 << c);
    SE_UNIT_ORDER
        .into_iter()
        .filter(move |&u| all & !UNIT_MASK[u] == 0)
}

/// Sudoku Explainer's BUG types 1 to 4, as SE finds them (see [`grave`]),
/// for puzzles known to have one solution: one of the cells beyond the
/// grave holds one of its digits beyond it, or the position would be a BUG,
/// which has no solution or several.
/// - Type 1 (5.6): one cell beyond; its other two digits go (when it has
///   three candidates, it is placed).
/// - Type 2 (5.7): one digit beyond, in several cells; it leaves every cell
///   that sees them all.
/// - Type 4 (5.7): two cells beyond, in one unit, that share one digit
///   within the grave: each cell's other digit within the grave goes.
/// - Type 3 (5.8-6.2): the cells beyond, in one unit, act as one cell
///   holding all the digits beyond; with `n - 1` common peers in that unit
///   they make a naked set of `n` digits (2 to 6, the smallest first), whose
///   digits leave the unit's other cells.
///
/// SE tries type 2 and then type 4 when the digits beyond are one, type 4
/// and then type 3 when they are more.
pub(super) fn se_bug(marks: &Candidates, context: &Context, step: &mut Step) -> bool {
    if !context.unique || marks.empty_cells() == 0 {
        return false;
    }
    let Some(found) = grave(marks) else {
        return false;
    };
    match found.cells[..] {
        [] => false,
        [cell] => {
            // The digits beyond (none only if SE's fix found the cell).
            let kept = marks.mask(cell) & found.all;
            if kept == 0 {
                return false;
            }
            step.reset(Technique::BugPlusOne);
            step.cells.push(cell);
            step.units
                .extend(CELL_UNITS[cell].map(|u| unit_of(u as usize)));
            if kept.count_ones() == 1 {
                step.placements.push((cell, kept.trailing_zeros() as u8));
            } else {
                let gone = marks.mask(cell) & !found.all;
                step.eliminations.extend(Digits(gone).map(|d| (cell, d)));
            }
            true
        }
        _ if found.all.count_ones() == 1 => {
            type_2(marks, &found, step) || (found.cells.len() == 2 && type_4(marks, &found, step))
        }
        _ if found.common != 0 => {
            (found.cells.len() == 2 && type_4(marks, &found, step)) || type_3(marks, &found, step)
        }
        _ => false,
    }
}

fn type_2(marks: &Candidates, found: &Grave, step: &mut Step) -> bool {
    let digit = found.all.trailing_zeros() as u8;
    let victims = found.common & marks.digit_cells(digit);
    if victims == 0 {
        return false;
    }
    step.reset(Technique::BugType2);
    step.cells.extend(&found.cells);
    step.cells.sort_unstable();
    step.eliminations.extend(Cells(victims).map(|c| (c, digit)));
    true
}

fn type_4(marks: &Candidates, found: &Grave, step: &mut Step) -> bool {
    let (first, second) = (found.cells[0], found.cells[1]);
    let common = marks.mask(first) & marks.mask(second) & !found.all;
    if common.count_ones() != 1 {
        return false;
    }
    let Some(unit) = shared_units(&found.cells).next() else {
        return false;
    };
    step.reset(Technique::BugType4);
    step.cells.extend([first, second]);
    step.units.push(unit_of(unit));
    for cell in [first, second] {
        let gone = marks.mask(cell) & !found.extra[cell] & !common;
        step.eliminations.extend(Digits(gone).map(|d| (cell, d)));
    }
    true
}

fn type_3(marks: &Candidates, found: &Grave, step: &mut Step) -> bool {
    // The cells beyond, as one cell of the set, need two digits or more.
    if found.all.count_ones() < 2 {
        return false;
    }
    let units: Vec<usize> = shared_units(&found.cells).collect();
    for degree in 2..=6usize {
        for &unit in &units {
            // SE's candidates for the set: the common peers in the unit,
            // filled cells included, by index.
            let others: Vec<usize> = Cells(found.common & UNIT_MASK[unit]).collect();
            if others.len() < degree {
                continue;
            }
            // Picks of `degree - 1` of them, in SE's order.
            let picks = combinations(degree as u32 - 1).filter(|&m| m >> others.len() == 0);
            for chosen in picks {
                let cells: Vec<usize> = Cells(u128::from(chosen)).map(|i| others[i]).collect();
                let digits = cells.iter().fold(0u16, |a, &c| a | marks.mask(c));
                // Every cell of the set with two digits or more, and
                // `degree` digits in all.
                if digits.count_ones() as usize != degree
                    || found.all & !digits != 0
                    || cells.iter().any(|&c| marks.mask(c).count_ones() < 2)
                {
                    continue;
                }
                // The set's digits leave the unit's other cells.
                let mut gone = Vec::new();
                for &c in &others {
                    if !cells.contains(&c) {
                        gone.extend(Digits(marks.mask(c) & digits).map(|d| (c, d)));
                    }
                }
                if gone.is_empty() {
                    continue;
                }
                step.reset(Technique::BugType3);
                step.tenths = 56 + degree as u16;
                step.cells.extend(&found.cells);
                step.cells.extend(&cells);
                step.units.push(unit_of(unit));
                step.eliminations = gone;
                return true;
            }
        }
    }
    false
}

#[cfg(test)]
mod tests {
    use super::super::{memo::Memo, Context, Step, Technique, SE_FINDERS};
    use super::Candidates;
    use crate::{Grid, CELLS};

    /// A position written as SE's 729 characters (see the data file): the
    /// cells of one candidate are filled.
    fn position(text: &str) -> Candidates {
        let masks: Vec<u16> = text
            .as_bytes()
            .chunks(9)
            .map(|cell| {
                cell.iter()
                    .filter(|b| b.is_ascii_digit())
                    .fold(0, |m, &b| m | 1 << (b - b'0'))
            })
            .collect();
        let givens: String = masks
            .iter()
            .map(|&m| match m.count_ones() {
                1 => char::from(b'0' + m.trailing_zeros() as u8),
                _ => '.',
            })
            .collect();
        let grid: Grid = givens.parse().expect("a valid position");
        let mut pencil = [0u16; CELLS];
        pencil.copy_from_slice(&masks);
        let marks = Candidates::with_pencil_marks(&grid, &pencil);
        for (cell, &mask) in masks.iter().enumerate() {
            if mask.count_ones() > 1 {
                assert_eq!(marks.mask(cell), mask, "r{}c{}", cell / 9 + 1, cell % 9 + 1);
            }
        }
        marks
    }

    /// On positions where serate's first step is a BUG, SE's list reaches
    /// its BUG search first too, and the step is of serate's type and
    /// removes what serate's removes (a type 1 that leaves one candidate
    /// places it, which removes the same from the cell).
    #[test]
    fn bug_steps_match_serate_on_positions_it_stepped() {
        let data = include_str!("../../tests/data/rated/bug_positions.txt");
        let mut types = [0; 5];
        for line in data.lines().filter(|l| !l.starts_with('#')) {
            let [marks, serate, removed] = line.split(" | ").collect::<Vec<_>>()[..] else {
                panic!("a line of three fields: {line}");
            };
            let marks = position(marks);
            let context = Context {
                unique: true,
                solution: None,
                memo: Memo::new(),
            };
            let mut step = Step::new(Technique::FullHouse);
            let first = SE_FINDERS
                .iter()
                .find(|(_, finder)| finder(&marks, &context, &mut step))
                .map(|(key, _)| *key);
            assert_eq!(first, Some(Technique::BugPlusOne), "{line}");
            let kind = match step.technique {
                Technique::BugPlusOne => 1,
                Technique::BugType2 => 2,
                Technique::BugType3 => 3,
                Technique::BugType4 => 4,
                other => panic!("{other:?} on {line}"),
            };
            assert!(serate.starts_with(&format!("BUG type {kind}:")), "{line}");
            types[kind] += 1;
            let mut ours: Vec<(usize, u8)> = step.eliminations.clone();
            for &(cell, digit) in &step.placements {
                ours.extend(
                    marks
                        .digits(cell)
                        .filter(|&d| d != digit)
                        .map(|d| (cell, d)),
                );
            }
            ours.sort_unstable();
            let ours: Vec<String> = ours
                .iter()
                .map(|(c, d)| format!("r{}c{}-{d}", c / 9 + 1, c % 9 + 1))
                .collect();
            assert_eq!(ours.join(" "), removed, "{line}");
        }
        // Every type is checked.
        assert!(types[1..].iter().all(|&n| n > 0), "{types:?}");
    }
}
