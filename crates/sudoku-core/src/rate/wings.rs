//! XY-Wing, XYZ-Wing and W-Wing.
//!
//! Each pattern proves that one of two or three cells holds a digit `z`,
//! whichever way the pattern's other cells turn out; every cell that sees all
//! of them then loses `z`.

use super::candidates::{unit_of, Candidates, Cells, PEERS, UNIT_MASK};
use super::{Context, Step, Technique};

/// The blank cells with exactly `n` candidates.
fn cells_with(marks: &Candidates, n: u32) -> u128 {
    Cells(marks.empty_cells())
        .filter(|&c| marks.mask(c).count_ones() == n)
        .fold(0, |a, c| a | 1 << c)
}

fn record(technique: Technique, cells: &[usize], removed: u128, z: u8, step: &mut Step) -> bool {
    if removed == 0 {
        return false;
    }
    step.reset(technique);
    step.cells.extend_from_slice(cells);
    step.eliminations.extend(Cells(removed).map(|c| (c, z)));
    true
}

/// Pivot `xy` sees pincers `xz` and `yz`: one pincer holds `z`.
pub(super) fn xy_wing(marks: &Candidates, _: &Context, step: &mut Step) -> bool {
    let bivalue = cells_with(marks, 2);
    for pivot in Cells(bivalue) {
        let mp = marks.mask(pivot);
        for a in Cells(bivalue & PEERS[pivot]) {
            let ma = marks.mask(a);
            let shared = ma & mp;
            if shared.count_ones() != 1 {
                continue;
            }
            let z = ma & !mp;
            let want = (mp & !shared) | z;
            for b in Cells(bivalue & PEERS[pivot]) {
                if b == a || marks.mask(b) != want {
                    continue;
                }
                let digit = z.trailing_zeros() as u8;
                let removed = marks.digit_cells(digit) & PEERS[a] & PEERS[b];
                if record(Technique::XyWing, &[pivot, a, b], removed, digit, step) {
                    return true;
                }
            }
        }
    }
    false
}

/// Pivot `xyz` sees pincers `xz` and `yz`: the pivot or a pincer holds `z`.
pub(super) fn xyz_wing(marks: &Candidates, _: &Context, step: &mut Step) -> bool {
    let bivalue = cells_with(marks, 2);
    for pivot in Cells(cells_with(marks, 3)) {
        let mp = marks.mask(pivot);
        for a in Cells(bivalue & PEERS[pivot]) {
            let ma = marks.mask(a);
            if ma & !mp != 0 {
                continue;
            }
            for b in Cells(bivalue & PEERS[pivot]) {
                let mb = marks.mask(b);
                if b <= a || mb & !mp != 0 || ma | mb != mp {
                    continue;
                }
                let z = ma & mb;
                let digit = z.trailing_zeros() as u8;
                let removed = marks.digit_cells(digit) & PEERS[pivot] & PEERS[a] & PEERS[b];
                if record(Technique::XyzWing, &[pivot, a, b], removed, digit, step) {
                    return true;
                }
            }
        }
    }
    false
}

/// Two `xy` cells that do not see each other, joined by a conjugate pair on
/// `x` (one end seeing each): they cannot both be `x`, so one of them is `y`.
pub(super) fn w_wing(marks: &Candidates, _: &Context, step: &mut Step) -> bool {
    let bivalue = cells_with(marks, 2);
    for a in Cells(bivalue) {
        let m = marks.mask(a);
        for b in Cells(bivalue & !PEERS[a]) {
            if b <= a || marks.mask(b) != m {
                continue;
            }
            for (x, y) in [
                (m.trailing_zeros() as u8, (15 - m.leading_zeros()) as u8),
                ((15 - m.leading_zeros()) as u8, m.trailing_zeros() as u8),
            ] {
                let removed = marks.digit_cells(y) & PEERS[a] & PEERS[b];
                if removed == 0 {
                    continue;
                }
                for (u, &unit) in UNIT_MASK.iter().enumerate() {
                    let link = marks.digit_cells(x) & unit;
                    if link.count_ones() != 2 {
                        continue;
                    }
                    let l1 = link.trailing_zeros() as usize;
                    let l2 = (link & (link - 1)).trailing_zeros() as usize;
                    let joined =
                        |p: usize, q: usize| PEERS[a] & (1 << p) != 0 && PEERS[b] & (1 << q) != 0;
                    if joined(l1, l2) || joined(l2, l1) {
                        record(Technique::WWing, &[a, b, l1, l2], removed, y, step);
                        step.units.push(unit_of(u));
                        return true;
                    }
                }
            }
        }
    }
    false
}
