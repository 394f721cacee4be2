//! Sudoku Explainer's Aligned Pair Exclusion (6.2).
//!
//! Two cells, the *base*, each with two candidates or more, and bivalue
//! cells that see both of them, the *excluders*. A pair of digits the base
//! could take is impossible when the two cells see each other and the
//! digits are the same, or when an excluder holds exactly those two digits:
//! the base would leave it empty. A digit of a base cell that belongs to no
//! possible pair leaves that cell.
//!
//! SE's search, reproduced here because SE takes the first step it finds:
//! the base cells are taken from those with two candidates or more, no peer
//! holding a single candidate, and a bivalue peer, in the grid's order;
//! the pairs are walked by their second cell, then their first (SE's
//! `Twomutations`); a pair needs two common excluders at least.

use super::candidates::{Candidates, Cells, Digits, PEERS};
use super::{Step, Technique};

pub(super) fn aligned_pair_exclusion(
    marks: &Candidates,
    _context: &super::Context,
    step: &mut Step,
) -> bool {
    let (mut bivalue, mut single, mut several) = (0u128, 0u128, 0u128);
    for c in Cells(marks.empty_cells()) {
        match marks.mask(c).count_ones() {
            0 => {}
            1 => single |= 1 << c,
            n => {
                several |= 1 << c;
                if n == 2 {
                    bivalue |= 1 << c;
                }
            }
        }
    }
    // The base cells, with their bivalue peers (the excluders they may
    // share) and those of the peers that hold one of their digits at least:
    // only an excluder holding a digit of each base cell can rule a pair
    // out.
    let mut base_cells = 0u128;
    let (mut excluders, mut holding) = ([0u128; 81], [0u128; 81]);
    for c in Cells(several) {
        let peers = PEERS[c] & bivalue;
        if PEERS[c] & single == 0 && peers != 0 {
            base_cells |= 1 << c;
            excluders[c] = peers;
            let holds = Digits(marks.mask(c)).fold(0, |cells, d| cells | marks.digit_cells(d));
            holding[c] = peers & holds;
        }
    }
    // SE's pairs: by the second cell, then the first, in the grid's order.
    for b in Cells(base_cells) {
        let b_mask = marks.mask(b);
        // The cells seeing two of its excluders at least: SE asks a pair
        // for two common excluders.
        let (mut once, mut twice) = (0u128, 0u128);
        for e in Cells(excluders[b]) {
            twice |= once & PEERS[e];
            once |= PEERS[e];
        }
        for a in Cells(twice & base_cells & ((1u128 << b) - 1)) {
            let common = excluders[a] & excluders[b];
            let useful = common & holding[a] & holding[b];
            if useful == 0 {
                continue;
            }
            // A digit of one cell goes only if each digit of the other is
            // ruled out with it: by an excluder each, but one (the same
            // digit, when the cells see each other).
            let a_mask = marks.mask(a);
            if a_mask.count_ones().min(b_mask.count_ones()) > useful.count_ones() + 1 {
                continue;
            }
            // `partners[d]`: the digits that some excluder pairs with `d`,
            // a pair the two cells cannot take.
            let mut partners = [0u16; 10];
            for e in Cells(useful) {
                let pair = marks.mask(e);
                for d in Digits(pair) {
                    partners[d as usize] |= pair & !(1 << d);
                }
            }
            let aligned = PEERS[a] & (1 << b) != 0;
            // The digits of `mask` that some digit of `other` may go with.
            let allowed = |mask: u16, other: u16| {
                Digits(mask).fold(0u16, |allowed, d| {
                    let same = if aligned { 1 << d } else { 0 };
                    if other & !partners[d as usize] & !same != 0 {
                        allowed | 1 << d
                    } else {
                        allowed
                    }
                })
            };
            let (a_allowed, b_allowed) = (allowed(a_mask, b_mask), allowed(b_mask, a_mask));
            let (a_gone, b_gone) = (a_mask & !a_allowed, b_mask & !b_allowed);
            if a_gone | b_gone == 0 {
                continue;
            }
            step.reset(Technique::AlignedPairExclusion);
            step.cells.extend([a, b]);
            step.cells.extend(Cells(common));
            // In order already: `a` comes before `b`, digits ascending.
            step.eliminations.extend(
                Digits(a_gone)
                    .map(|d| (a, d))
                    .chain(Digits(b_gone).map(|d| (b, d))),
            );
            step.tenths = 62;
            return true;
        }
    }
    false
}

#[cfg(test)]
mod tests {
    use super::super::{explain_with, memo::Memo, Context, Scale, Step, Technique};
    use super::{aligned_pair_exclusion, Candidates};
    use crate::{BitmaskSolver, Grid, Solver};

    /// At every position of the SE paths of the shipped serate puzzles rated
    /// 6.0 to 8.7 (the harder ones take long to explain in a test), wherever the search finds an exclusion (first on SE's list
    /// or not), it removes no digit of the solution, which the bitmask
    /// solver finds independently; and it does find some.
    #[test]
    fn exclusions_on_real_positions_keep_the_solution() {
        let mut found = 0;
        for line in include_str!("../../tests/data/serate.txt")
            .lines()
            .filter(|l| !l.starts_with('#'))
        {
            let mut fields = line.split_whitespace();
            let (Some(text), Some(rating)) = (fields.next(), fields.next()) else {
                continue;
            };
            let er: f32 = rating.split('/').next().unwrap().parse().unwrap();
            if !(6.0..=8.7).contains(&er) {
                continue;
            }
            let puzzle: Grid = text.parse().unwrap();
            let solution = BitmaskSolver::new().solve(&puzzle).unwrap();
            let context = Context {
                unique: true,
                solution: None,
                memo: Memo::new(),
            };
            let mut marks = Candidates::new(&puzzle);
            let mut step = Step::new(Technique::FullHouse);
            for taken in explain_with(&puzzle, Scale::Se) {
                if aligned_pair_exclusion(&marks, &context, &mut step) {
                    found += 1;
                    assert!(!step.eliminations.is_empty(), "{line}");
                    for &(cell, digit) in &step.eliminations {
                        assert!(marks.has(cell, digit), "{step} in {line}");
                        assert_ne!(solution.cells()[cell], digit, "{step} in {line}");
                    }
                }
                marks.apply(&taken);
            }
        }
        assert!(found > 1000, "{found} exclusions");
    }
}
