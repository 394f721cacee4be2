//! Fish: X-Wing (2), Swordfish (3), Jellyfish (4), basic and finned.
//!
//! If a digit's candidates in N rows lie within N columns, those rows hold the
//! digit's N copies in those columns, so the columns have no room for it in
//! other rows. The same holds with rows and columns swapped.

use super::candidates::{unit_of, Candidates, Cells, Digits};
use super::memo::DigitSearch;
use super::subsets::{bits, subsets, subsets_folding};
use super::{Context, Step, Technique};

/// One orientation of a digit's candidates: for each base line, the cross
/// positions where the digit can go.
struct Lines {
    lines: [u16; 9],
    rows_are_base: bool,
}

impl Lines {
    /// Both orientations of `digit`: rows as base lines, then columns.
    fn of(marks: &Candidates, digit: u8) -> [Lines; 2] {
        // Rows are nine bits each of the 81-bit cells; columns are read
        // off the rows' bits (no division per cell).
        let cells = marks.digit_cells(digit);
        let by_row: [u16; 9] = std::array::from_fn(|r| ((cells >> (9 * r)) & 0x1FF) as u16);
        let mut by_col = [0u16; 9];
        for (r, &row) in by_row.iter().enumerate() {
            for c in Digits(row) {
                by_col[c as usize] |= 1 << r;
            }
        }
        [
            Lines {
                lines: by_row,
                rows_are_base: true,
            },
            Lines {
                lines: by_col,
                rows_are_base: false,
            },
        ]
    }

    fn cell(&self, line: usize, cross: usize) -> usize {
        if self.rows_are_base {
            line * 9 + cross
        } else {
            cross * 9 + line
        }
    }

    /// The base lines whose candidate count is in `counts`.
    fn usable(&self, counts: std::ops::RangeInclusive<u32>) -> u16 {
        (0..9)
            .filter(|&i| counts.contains(&bits(self.lines[i])))
            .fold(0, |a, i| a | 1 << i)
    }

    /// The candidates in the `covers` cross lines outside the `base` lines.
    fn outside(&self, base: u16, covers: u16) -> u128 {
        let mut out = 0u128;
        for (i, &m) in self.lines.iter().enumerate() {
            if base & (1 << i) == 0 {
                for j in Digits(m & covers) {
                    out |= 1 << self.cell(i, j as usize);
                }
            }
        }
        out
    }

    /// Fills `step` with the fish on `base` × `covers` removing `removed`.
    fn record(
        &self,
        technique: Technique,
        base: u16,
        covers: u16,
        digit: u8,
        removed: u128,
        step: &mut Step,
    ) -> bool {
        if removed == 0 {
            return false;
        }
        step.reset(technique);
        for i in Digits(base) {
            for j in Digits(self.lines[i as usize]) {
                step.cells.push(self.cell(i as usize, j as usize));
            }
        }
        super::sort_small(&mut step.cells);
        let offset = if self.rows_are_base { 0 } else { 9 };
        step.units
            .extend(Digits(base).map(|i| unit_of(offset + i as usize)));
        step.units
            .extend(Digits(covers).map(|j| unit_of(9 - offset + j as usize)));
        step.eliminations.extend(Cells(removed).map(|c| (c, digit)));
        true
    }
}

/// Basic fish of size `N` on any digit, rows as base first, then columns.
pub(super) fn basic<const N: usize>(
    marks: &Candidates,
    context: &Context,
    step: &mut Step,
) -> bool {
    let (technique, search) = match N {
        2 => (Technique::XWing, DigitSearch::Fish2),
        3 => (Technique::Swordfish, DigitSearch::Fish3),
        _ => (Technique::Jellyfish, DigitSearch::Fish4),
    };
    let n = N as u32;
    // Each digit's search depends on its cells alone: skip the barren ones.
    let live = context.memo.live_digits(search, marks);
    Digits(live).any(|digit| {
        let found = Lines::of(marks, digit).iter().any(|fish| {
            // The cover lines of the base lines picked so far, folded in:
            // a branch whose covers are more than `n` lines is cut.
            let add = |covers: u16, i: u32| covers | fish.lines[i as usize];
            let dead = |covers: u16| bits(covers) > n;
            subsets_folding(fish.usable(2..=n), n, 0, add, dead, |base, covers| {
                bits(covers) == n
                    && fish.record(
                        technique,
                        base,
                        covers,
                        digit,
                        fish.outside(base, covers),
                        step,
                    )
            })
        });
        if !found {
            context.memo.barren_digits(search, marks, 1 << digit);
        }
        found
    })
}

/// Finned fish of size `N`: as a basic fish, except that some base-line
/// candidates (the fins) fall outside the cover lines, all in one box.
///
/// Either a fin holds the digit, or the fish without its fins is a basic
/// fish. A cell of a cover line outside the base lines that sees every fin
/// (here: lies in the fins' box) loses the digit in both cases.
pub(super) fn finned<const N: usize>(marks: &Candidates, _: &Context, step: &mut Step) -> bool {
    let technique = match N {
        2 => Technique::FinnedXWing,
        3 => Technique::FinnedSwordfish,
        _ => Technique::FinnedJellyfish,
    };
    let n = N as u32;
    (1..=9u8).any(|digit| {
        Lines::of(marks, digit).iter().any(|fish| {
            // As for basic fish, cut once the union is past what fins allow.
            let add = |union: u16, i: u32| union | fish.lines[i as usize];
            let dead = |union: u16| bits(union) > n + 3;
            subsets_folding(fish.usable(1..=n + 3), n, 0, add, dead, |base, union| {
                if bits(union) <= n {
                    return false;
                }
                // The fins share a box, so every base candidate outside one
                // band of three cross lines is covered: try each band.
                (0..3).any(|band| {
                    let band_mask = 0b111u16 << (3 * band);
                    let must = union & !band_mask;
                    if must.count_ones() > n {
                        return false;
                    }
                    let mut try_covers = |covers: u16| {
                        // The base lines holding fins must share a band of
                        // three lines, so the fins share one box.
                        let fin_lines = Digits(base)
                            .filter(|&i| fish.lines[i as usize] & !covers != 0)
                            .fold(0u16, |a, i| a | 1 << i);
                        let group = fin_lines.trailing_zeros() as usize / 3;
                        if fin_lines & !(0b111 << (3 * group)) != 0 {
                            return false;
                        }
                        // Victims: cover candidates in the fins' box, off the base lines.
                        let mut removed = 0u128;
                        for i in 3 * group..3 * group + 3 {
                            if base & (1 << i) == 0 {
                                for j in Digits(fish.lines[i] & covers & band_mask) {
                                    removed |= 1 << fish.cell(i, j as usize);
                                }
                            }
                        }
                        fish.record(technique, base, covers, digit, removed, step)
                    };
                    match n - must.count_ones() {
                        0 => try_covers(must),
                        k => subsets(union & band_mask, k, |extra| try_covers(must | extra)),
                    }
                })
            })
        })
    })
}
