//! Basic fish: X-Wing (2), Swordfish (3), Jellyfish (4).
//!
//! If a digit's candidates in N rows lie within N columns, those rows hold the
//! digit's N copies in those columns, so the columns have no room for it in
//! other rows. The same holds with rows and columns swapped.

use super::candidates::{unit_of, Candidates, Cells, Digits};
use super::{Context, Step, Technique};

/// Basic fish of size `N` on any digit, rows as base first, then columns.
pub(super) fn basic<const N: usize>(marks: &Candidates, _: &Context, step: &mut Step) -> bool {
    let technique = match N {
        2 => Technique::XWing,
        3 => Technique::Swordfish,
        _ => Technique::Jellyfish,
    };
    for digit in 1..=9u8 {
        // by_row[r]: columns where the digit can go in row r; by_col likewise.
        let (mut by_row, mut by_col) = ([0u16; 9], [0u16; 9]);
        for c in Cells(marks.digit_cells(digit)) {
            by_row[c / 9] |= 1 << (c % 9);
            by_col[c % 9] |= 1 << (c / 9);
        }
        for (lines, rows_are_base) in [(&by_row, true), (&by_col, false)] {
            let mut usable = 0u16;
            for (i, m) in lines.iter().enumerate() {
                if (2..=N as u32).contains(&m.count_ones()) {
                    usable |= 1 << i;
                }
            }
            if usable.count_ones() < N as u32 {
                continue;
            }
            // Walk the submasks of `usable` only.
            let mut set = usable;
            while set != 0 {
                if set.count_ones() == N as u32 {
                    let covers = Digits(set).fold(0u16, |a, i| a | lines[i as usize]);
                    if covers.count_ones() == N as u32
                        && record(lines, set, covers, rows_are_base, digit, technique, step)
                    {
                        return true;
                    }
                }
                set = (set - 1) & usable;
            }
        }
    }
    false
}

/// Fills `step` when the fish on `base` lines × `covers` removes anything.
fn record(
    lines: &[u16; 9],
    base: u16,
    covers: u16,
    rows_are_base: bool,
    digit: u8,
    technique: Technique,
    step: &mut Step,
) -> bool {
    let cell = |line: usize, cross: usize| {
        if rows_are_base {
            line * 9 + cross
        } else {
            cross * 9 + line
        }
    };
    let mut hit = false;
    for (i, &m) in lines.iter().enumerate() {
        if base & (1 << i) != 0 {
            continue;
        }
        for j in Digits(m & covers) {
            if !hit {
                step.reset(technique);
                hit = true;
            }
            step.eliminations.push((cell(i, j as usize), digit));
        }
    }
    if hit {
        for i in Digits(base) {
            for j in Digits(lines[i as usize]) {
                step.cells.push(cell(i as usize, j as usize));
            }
        }
        step.cells.sort_unstable();
        let offset = if rows_are_base { 0 } else { 9 };
        step.units
            .extend(Digits(base).map(|i| unit_of(offset + i as usize)));
        step.units
            .extend(Digits(covers).map(|j| unit_of(9 - offset + j as usize)));
    }
    hit
}
