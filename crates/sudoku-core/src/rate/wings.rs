//! XY-Wing, XYZ-Wing, W-Wing and Sudoku Explainer's WXYZ-Wing.
//!
//! Each pattern proves that one of two or three cells holds a digit `z`,
//! whichever way the pattern's other cells turn out; every cell that sees all
//! of them then loses `z`.

use super::candidates::{unit_of, Candidates, Cells, ALL_DIGITS, PEERS, UNIT_MASK};
use super::{Context, Step, Technique};

/// The blank cells with exactly `n` candidates.
fn cells_with(marks: &Candidates, n: u32) -> u128 {
    Cells(marks.empty_cells())
        .filter(|&c| super::subsets::bits(marks.mask(c)) == n)
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

/// The cells that see every cell of `group`.
fn seeing_all(group: u128) -> u128 {
    Cells(group).fold(!0u128, |acc, c| acc & PEERS[c])
}

/// Sudoku Explainer's WXYZ-Wing (`N` = 3), VWXYZ-Wing (4), UVWXYZ-Wing (5)
/// and TUVWXYZ-Wing (6), each an ALS-XZ: `N` cells that see each other
/// (so they lie in one unit) hold `N + 1` digits between them (an almost
/// locked set: one digit short of filling them), and a bivalue cell holds
/// two of those digits, `x` and `z`. When every set cell holding `x` sees
/// the bivalue cell, `x` is in one of the two places but not both, so the
/// set or the bivalue cell holds `z`: `z` leaves every cell that sees all
/// of them. When `z` links them the same way too, the cells hold all their
/// digits between them and each digit leaves the cells that see all its
/// places. SE's scores: 5.5 or 5.6, 6.2 to 6.4, 6.6 and 7.5 (the smaller
/// sets by their largest cell). Of the wings found, SE takes the lowest
/// score, then the most eliminations, then the highest "suffix" (see
/// [`WingKey`]); so does this.
pub(super) fn als_wing<const N: usize>(
    marks: &Candidates,
    context: &Context,
    step: &mut Step,
) -> bool {
    let bivalue = cells_with(marks, 2);
    let mut found: Option<(WingKey, Step)> = None;
    let mut scratch = Step::new(Technique::WxyzWing);
    let keys = context.memo.unit_keys(marks);
    for (u, unit) in super::candidates::UNITS.iter().enumerate() {
        let sets = context.memo.almost_locked_sets(N, u, keys[u], |sets| {
            // The unit's cells that may be in a set, in order (at most nine).
            let (mut cells, mut masks) = ([0usize; 9], [0u16; 9]);
            let mut count = 0;
            for &c in unit {
                let mask = marks.mask(c as usize);
                if (2..=N as u32 + 1).contains(&super::subsets::bits(mask)) {
                    cells[count] = c as usize;
                    masks[count] = mask;
                    count += 1;
                }
            }
            let cells = &cells[..count];
            let items = (1u16 << cells.len()) - 1;
            // The sets' candidates as they are picked: a set is almost
            // locked with `N + 1` digits, so a partial set with more is
            // cut, with all the sets it would grow into.
            let add = |union: u16, i: u32| union | masks[i as usize];
            let dead = |union: u16| super::subsets::bits(union) as usize > N + 1;
            super::subsets::subsets_folding(items, N as u32, 0, add, dead, |pick, union| {
                if super::subsets::bits(union) as usize == N + 1 {
                    sets.push(AlmostLocked::new::<N>(marks, cells, pick, union));
                }
                false
            });
        });
        for set in sets.iter() {
            if found
                .as_ref()
                .is_some_and(|(key, _)| key.tenths < set.tenths)
            {
                continue;
            }
            als_xz(marks, set, bivalue, &mut scratch, &mut |wing, double| {
                let key = WingKey::new(set.tenths, wing, double, set.shape);
                if found.as_ref().is_none_or(|(best, _)| key.beats(best)) {
                    let mut chosen = wing.clone();
                    chosen.technique = wing_technique(N);
                    chosen.tenths = set.tenths;
                    found = Some((key, chosen));
                }
            });
        }
    }
    match found {
        Some((_, best)) => {
            *step = best;
            true
        }
        None => false,
    }
}

/// How SE orders the wings of one size: by score, then by the number of
/// eliminations (more first), then by the hint's "suffix" in reverse
/// lexicographic order: a 2 for a doubly linked wing (1 otherwise), the
/// largest candidate count of a set cell, and the sum of the set cells'
/// candidate counts, written as decimal digits one after the other (so
/// "139" comes before "1310"). SE sorts stably, so wings equal in all three
/// stay in the order its search met them: by the set's cells in ascending
/// order, then by the bivalue cell (its loops nest one cell in the next,
/// each taken from those after it), which is not the order of this search
/// (unit by unit).
struct WingKey {
    tenths: u16,
    eliminations: usize,
    suffix: String,
    /// The set's cells (ascending), then the bivalue cell: SE's order of
    /// discovery, compared lexicographically.
    found_at: [u8; 7],
}

impl WingKey {
    /// The key of `wing`, whose cells are the set's (ascending) and then the
    /// bivalue cell.
    fn new(tenths: u16, wing: &Step, double: bool, (largest, size): (u32, u32)) -> WingKey {
        let mut found_at = [0; 7];
        for (slot, &cell) in found_at.iter_mut().zip(&wing.cells) {
            *slot = cell as u8;
        }
        WingKey {
            tenths,
            eliminations: wing.eliminations.len(),
            suffix: format!("{}{largest}{size}", if double { 2 } else { 1 }),
            found_at,
        }
    }

    /// True when SE would list this wing before `other`.
    fn beats(&self, other: &WingKey) -> bool {
        (
            other.tenths,
            self.eliminations,
            &self.suffix,
            other.found_at,
        ) > (
            self.tenths,
            other.eliminations,
            &other.suffix,
            self.found_at,
        )
    }
}

fn wing_technique(n: usize) -> Technique {
    match n {
        3 => Technique::WxyzWing,
        4 => Technique::VwxyzWing,
        5 => Technique::UvwxyzWing,
        _ => Technique::TuvwxyzWing,
    }
}

/// An almost locked set of a unit (`N` cells holding `N + 1` digits) with
/// what its wings read of it, all of it from the unit's candidates alone:
/// worked out once and kept in the memo with the set while the unit's
/// candidates stay the same.
pub(super) struct AlmostLocked {
    /// The cells, in the unit's order (the first `size`: a set has six at
    /// most, and a vector would cost an allocation per set), and as a set.
    cells: [u8; 6],
    size: u8,
    mask: u128,
    /// The digits.
    union: u16,
    /// Per digit, the cells seeing all of the set's cells holding it.
    seers: [u128; 10],
    /// Any of those.
    any_seer: u128,
    /// SE's score of the wing, and the largest cell count of candidates
    /// and their sum (the wing's tie-breaks).
    tenths: u16,
    shape: (u32, u32),
}

impl AlmostLocked {
    /// The set's cells, in the unit's order.
    fn cells(&self) -> impl Iterator<Item = usize> + '_ {
        self.cells[..usize::from(self.size)]
            .iter()
            .map(|&c| usize::from(c))
    }

    /// The set of the unit's `cells` picked by `pick` (a bit per position
    /// in `cells`), whose digits are `union`.
    fn new<const N: usize>(marks: &Candidates, cells: &[usize], pick: u16, union: u16) -> Self {
        let (mut set, mut size) = ([0u8; 6], 0);
        for i in super::candidates::Digits(pick << 1) {
            set[size] = cells[i as usize - 1] as u8;
            size += 1;
        }
        let set_cells = || set[..size].iter().map(|&c| usize::from(c));
        let mask = set_cells().fold(0u128, |a, c| a | 1 << c);
        let sizes = set_cells().map(|c| super::subsets::bits(marks.mask(c)));
        let largest = sizes.clone().max().unwrap_or(0);
        let spread = |mid: u32| largest.abs_diff(mid) as u16;
        let tenths = match N {
            3 => 55 + 1 - spread(3).min(1),
            4 => 62 + 2 - spread(3).min(2),
            5 => 66,
            _ => 75,
        };
        let mut seers = [0u128; 10];
        let mut any_seer = 0u128;
        for d in super::candidates::Digits(union) {
            seers[d as usize] = seeing_all(marks.digit_cells(d) & mask);
            any_seer |= seers[d as usize];
        }
        AlmostLocked {
            shape: (largest, sizes.sum::<u32>()),
            cells: set,
            size: size as u8,
            mask,
            union,
            seers,
            any_seer,
            tenths,
        }
    }
}

/// Every ALS-XZ on the almost locked set `set` with a bivalue cell that
/// eliminates something, offered to `take` with whether it is doubly
/// linked.
fn als_xz(
    marks: &Candidates,
    set: &AlmostLocked,
    bivalue: u128,
    step: &mut Step,
    take: &mut dyn FnMut(&Step, bool),
) {
    let (set_mask, union, seers) = (set.mask, set.union, &set.seers);
    let any_seer = set.any_seer;
    // The cells with a candidate outside the set's digits, by digit, so
    // that the cells are walked only if both their digits are the set's
    // (one mask, rather than a test per cell the predictor cannot guess).
    let foreign = super::candidates::Digits(ALL_DIGITS & !union)
        .fold(0u128, |cells, d| cells | marks.digit_cells(d));
    for y in Cells(bivalue & !set_mask & any_seer & !foreign) {
        let pair = marks.mask(y);
        debug_assert_eq!(pair & !union, 0);
        let restricted = |d: u8| seers[d as usize] & (1 << y) != 0;
        let first = pair.trailing_zeros() as u8;
        let second = (pair & (pair - 1)).trailing_zeros() as u8;
        let Some((x, z)) = [(first, second), (second, first)]
            .into_iter()
            .find(|&(x, _)| restricted(x))
        else {
            continue;
        };
        let both = restricted(z);
        let outside = !(set_mask | 1 << y);
        let mut removed: Vec<(usize, u8)> = Vec::new();
        let mut drop = |d: u8, with_y: bool| {
            let victims = if with_y {
                marks.digit_cells(d) & seers[d as usize] & PEERS[y] & outside
            } else {
                marks.digit_cells(d) & seers[d as usize] & outside
            };
            removed.extend(Cells(victims).map(|c| (c, d)));
        };
        drop(z, true);
        if both {
            drop(x, true);
            for w in super::candidates::Digits(union & !pair) {
                drop(w, false);
            }
        }
        if removed.is_empty() {
            continue;
        }
        step.reset(Technique::WxyzWing);
        step.cells.extend(set.cells());
        step.cells.push(y);
        super::sort_small(&mut removed);
        removed.dedup();
        step.eliminations.extend(removed);
        take(step, both);
    }
}
