//! Simple colouring: two-colouring the conjugate pairs of one digit.
//!
//! In a connected web of conjugate pairs (units where the digit has exactly
//! two places), the cells alternate: all of one colour hold the digit, or all
//! of the other do. So
//! - *trap*: a cell that sees both colours cannot hold the digit;
//! - *wrap*: if two cells of one colour see each other, that colour is false.

use super::candidates::{Candidates, Cells, PEERS, UNIT_MASK};
use super::{Context, Step, Technique};

/// The cells that see at least one cell of `set`.
fn seen_by(set: u128) -> u128 {
    Cells(set).fold(0, |a, c| a | PEERS[c])
}

pub(super) fn simple_colouring(marks: &Candidates, _: &Context, step: &mut Step) -> bool {
    for digit in 1..=9u8 {
        let cells = marks.digit_cells(digit);
        let mut links = [0u128; 81];
        for unit in UNIT_MASK {
            let m = cells & unit;
            if m.count_ones() == 2 {
                let a = m.trailing_zeros() as usize;
                let b = (m & (m - 1)).trailing_zeros() as usize;
                links[a] |= 1 << b;
                links[b] |= 1 << a;
            }
        }
        let mut done = 0u128;
        for start in Cells(cells) {
            if links[start] == 0 || done & (1 << start) != 0 {
                continue;
            }
            let mut colour = [1u128 << start, 0];
            let (mut frontier, mut parity) = (1u128 << start, 0);
            loop {
                let next = Cells(frontier).fold(0, |a, c| a | links[c]) & !(colour[0] | colour[1]);
                if next == 0 {
                    break;
                }
                parity ^= 1;
                colour[parity] |= next;
                frontier = next;
            }
            let web = colour[0] | colour[1];
            done |= web;
            // An odd cycle of conjugate pairs only arises in a broken
            // position; colouring it would prove nothing.
            if Cells(colour[0]).any(|c| links[c] & colour[0] != 0)
                || Cells(colour[1]).any(|c| links[c] & colour[1] != 0)
            {
                continue;
            }
            let mut removed = cells & !web & seen_by(colour[0]) & seen_by(colour[1]);
            for side in colour {
                if Cells(side).any(|c| PEERS[c] & side != 0) {
                    removed |= side;
                }
            }
            if removed != 0 {
                step.reset(Technique::SimpleColouring);
                step.cells.extend(Cells(web));
                step.eliminations.extend(Cells(removed).map(|c| (c, digit)));
                return true;
            }
        }
    }
    false
}
