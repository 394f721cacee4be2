//! Unique rectangle, type 1.
//!
//! Four blank cells at the corners of a rectangle spanning two rows, two
//! columns and exactly two boxes: if all four could only be `x` or `y`, the two
//! ways of placing them would give two solutions. So in a puzzle known to
//! have one solution, when three corners are exactly `xy`, the fourth cannot
//! be `x` or `y`. (The corners are blank, so none of them is a given.)

use super::candidates::{Candidates, Digits};
use super::{Context, Step, Technique};

pub(super) fn type1(marks: &Candidates, context: &Context, step: &mut Step) -> bool {
    if !context.unique {
        return false;
    }
    for r1 in 0..9 {
        for r2 in r1 + 1..9 {
            for c1 in 0..9 {
                for c2 in c1 + 1..9 {
                    // Two boxes: the rows share a band or the columns share a stack, not both.
                    if (r1 / 3 == r2 / 3) == (c1 / 3 == c2 / 3) {
                        continue;
                    }
                    let corners = [r1 * 9 + c1, r1 * 9 + c2, r2 * 9 + c1, r2 * 9 + c2];
                    let masks = corners.map(|c| marks.mask(c));
                    if masks.iter().any(|&m| m.count_ones() < 2) {
                        continue;
                    }
                    for odd in 0..4 {
                        let pair = masks[(odd + 1) % 4];
                        let others_match = (0..4).filter(|&i| i != odd).all(|i| masks[i] == pair);
                        if pair.count_ones() == 2
                            && others_match
                            && masks[odd] & pair == pair
                            && masks[odd] != pair
                        {
                            step.reset(Technique::UniqueRectangle);
                            step.cells.extend(corners);
                            step.eliminations
                                .extend(Digits(pair).map(|d| (corners[odd], d)));
                            return true;
                        }
                    }
                }
            }
        }
    }
    false
}
