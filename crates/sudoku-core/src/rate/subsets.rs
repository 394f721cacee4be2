//! Naked and hidden subsets (pairs, triples, quads) within one unit.
//!
//! Naked: N cells of a unit whose candidates together are just N digits must
//! hold those digits, so the digits leave the unit's other cells. Hidden: N
//! digits that fit in just N cells of a unit fill those cells, so the cells'
//! other candidates go.

use super::candidates::{unit_of, Candidates, Digits, UNITS};
use super::memo::UnitSearch;
use super::{Context, Step, Technique};

fn technique(naked: bool, n: usize) -> Technique {
    match (naked, n) {
        (true, 2) => Technique::NakedPair,
        (true, 3) => Technique::NakedTriple,
        (true, _) => Technique::NakedQuad,
        (false, 2) => Technique::HiddenPair,
        (false, 3) => Technique::HiddenTriple,
        (false, _) => Technique::HiddenQuad,
    }
}

/// The number of bits set in `mask`, by table for the candidate masks and
/// the 9-bit sets the searches enumerate: `count_ones` costs a dozen
/// instructions without a `popcnt` target feature (the default x86-64
/// target), and the subset walks count at every node.
pub(super) fn bits(mask: u16) -> u32 {
    static BITS: [u8; 1024] = {
        let mut bits = [0u8; 1024];
        let mut i = 1;
        while i < 1024 {
            bits[i] = bits[i / 2] + (i % 2) as u8;
            i += 1;
        }
        bits
    };
    match BITS.get(usize::from(mask)) {
        Some(&n) => u32::from(n),
        None => mask.count_ones(),
    }
}

/// Calls `f` with every `k`-subset of the set bits of `items` (a 9-bit mask)
/// until it returns true, in decreasing numeric order (the order that
/// decides which set a search reports first).
///
/// It picks the highest bit first and recurses on the bits below it, so it
/// visits only the `k`-subsets: walking every submask and keeping those of
/// `k` bits, as a simpler loop would, costs up to 512 steps for a few dozen
/// sets, and this runs in the rater's hottest searches.
pub(super) fn subsets(items: u16, k: u32, mut f: impl FnMut(u16) -> bool) -> bool {
    fn walk(items: u16, k: u32, chosen: u16, f: &mut impl FnMut(u16) -> bool) -> bool {
        let mut rest = items;
        // Sets in decreasing order: by their highest bit, then the rest.
        while bits(rest) >= k {
            let top = 1u16 << (15 - rest.leading_zeros());
            rest &= !top;
            let found = if k == 1 {
                f(chosen | top)
            } else {
                walk(rest, k - 1, chosen | top, f)
            };
            if found {
                return true;
            }
        }
        false
    }
    // No empty set: every set `f` sees has `k` >= 1 bits.
    k > 0 && walk(items, k, 0, &mut f)
}

/// [`subsets`] folding each set's items into a value as it goes: `add`
/// folds in an item (a bit index), `f` gets each `k`-subset with its value,
/// in the same order, and a branch whose partial value is `dead` is cut.
/// Cutting is exact when `f` rejects every set whose value went through a
/// dead one (a union of candidates only grows, for example).
pub(super) fn subsets_folding<A: Copy>(
    items: u16,
    k: u32,
    init: A,
    add: impl Fn(A, u32) -> A,
    dead: impl Fn(A) -> bool,
    mut f: impl FnMut(u16, A) -> bool,
) -> bool {
    fn walk<A: Copy>(
        items: u16,
        k: u32,
        chosen: u16,
        acc: A,
        add: &impl Fn(A, u32) -> A,
        dead: &impl Fn(A) -> bool,
        f: &mut impl FnMut(u16, A) -> bool,
    ) -> bool {
        let mut rest = items;
        // As `subsets`: by the highest bit, then the rest.
        while bits(rest) >= k {
            let top = 15 - rest.leading_zeros();
            rest &= !(1 << top);
            let value = add(acc, top);
            if dead(value) {
                continue;
            }
            let chosen = chosen | 1 << top;
            let found = match k {
                1 => f(chosen, value),
                // The last two items in a loop here, not a call per pair
                // (the walk's most frequent call, and a call costs as much
                // as the rest of a step).
                2 => {
                    let mut last = rest;
                    let mut found = false;
                    while last != 0 {
                        let bottom = 15 - last.leading_zeros();
                        last &= !(1 << bottom);
                        let value = add(value, bottom);
                        if !dead(value) && f(chosen | 1 << bottom, value) {
                            found = true;
                            break;
                        }
                    }
                    found
                }
                _ => walk(rest, k - 1, chosen, value, add, dead, f),
            };
            if found {
                return true;
            }
        }
        false
    }
    k > 0 && walk(items, k, 0, init, &add, &dead, &mut f)
}

/// Completes a subset step on `unit` (number `u`) whose cells are the
/// positions in `set`; false when it removes nothing.
fn finish(step: &mut Step, unit: &[u8; 9], set: u16, u: usize) -> bool {
    if step.eliminations.is_empty() {
        return false;
    }
    step.cells
        .extend(Digits(set).map(|i| unit[i as usize] as usize));
    step.units.push(unit_of(u));
    true
}

/// Naked subsets of size `N`.
pub(super) fn naked<const N: usize>(
    marks: &Candidates,
    context: &Context,
    step: &mut Step,
) -> bool {
    let search = match N {
        2 => UnitSearch::Naked2,
        3 => UnitSearch::Naked3,
        _ => UnitSearch::Naked4,
    };
    let keys = context.memo.unit_keys(marks);
    for (u, unit) in UNITS.iter().enumerate() {
        // Each unit's search depends on its cells' candidates alone.
        let key = keys[u];
        if context.memo.is_barren_unit(search, u, key) {
            continue;
        }
        let mut usable = 0u16;
        let mut blanks = 0;
        for (i, &c) in unit.iter().enumerate() {
            let n = marks.mask(c as usize).count_ones() as usize;
            if n > 0 {
                blanks += 1;
            }
            if (2..=N).contains(&n) {
                usable |= 1 << i;
            }
        }
        if blanks <= N {
            context.memo.barren_unit(search, u, key);
            continue;
        }
        // The candidates of the cells picked so far, folded in: a branch
        // whose cells hold more than `N` digits is cut.
        let add = |union: u16, i: u32| union | marks.mask(unit[i as usize] as usize);
        let dead = |union: u16| bits(union) as usize > N;
        let found = subsets_folding(usable, N as u32, 0, add, dead, |set, union| {
            if bits(union) as usize != N {
                return false;
            }
            step.reset(technique(true, N));
            for (i, &c) in unit.iter().enumerate() {
                let c = c as usize;
                if set & (1 << i) == 0 {
                    let removed = marks.mask(c) & union;
                    step.eliminations.extend(Digits(removed).map(|d| (c, d)));
                }
            }
            finish(step, unit, set, u)
        });
        if found {
            return true;
        }
        context.memo.barren_unit(search, u, key);
    }
    false
}

/// Hidden subsets of size `N`.
pub(super) fn hidden<const N: usize>(
    marks: &Candidates,
    context: &Context,
    step: &mut Step,
) -> bool {
    let search = match N {
        2 => UnitSearch::Hidden2,
        3 => UnitSearch::Hidden3,
        _ => UnitSearch::Hidden4,
    };
    let keys = context.memo.unit_keys(marks);
    for (u, unit) in UNITS.iter().enumerate() {
        // Each unit's search depends on its cells' candidates alone.
        let key = keys[u];
        if context.memo.is_barren_unit(search, u, key) {
            continue;
        }
        // Where each digit can go in the unit, as 9-bit position masks.
        let places = marks.unit_places(u);
        let mut usable = 0u16;
        let mut open = 0;
        for (d, &place) in places.iter().enumerate().skip(1) {
            let n = bits(place) as usize;
            open += usize::from(n > 0);
            usable |= u16::from((2..=N).contains(&n)) << d;
        }
        if open <= N {
            context.memo.barren_unit(search, u, key);
            continue;
        }
        // `subsets` works on 9-bit masks: shift digit bits down by one.
        // The places of the digits picked so far, folded in: a branch
        // whose digits spread over more than `N` cells is cut.
        let add = |cells: u16, i: u32| cells | places[i as usize + 1];
        let dead = |cells: u16| bits(cells) as usize > N;
        let found = subsets_folding(usable >> 1, N as u32, 0, add, dead, |set, cells| {
            let digits = set << 1;
            if bits(cells) as usize != N {
                return false;
            }
            step.reset(technique(false, N));
            for i in Digits(cells) {
                let c = unit[i as usize] as usize;
                let extra = marks.mask(c) & !digits;
                step.eliminations.extend(Digits(extra).map(|d| (c, d)));
            }
            finish(step, unit, cells, u)
        });
        if found {
            return true;
        }
        context.memo.barren_unit(search, u, key);
    }
    false
}

#[cfg(test)]
mod tests {
    use super::{subsets, subsets_folding};

    #[test]
    fn subsets_folding_cuts_only_dead_branches() {
        // Fold the items into their sum; cut sums above 12.
        for items in 0..512u16 {
            for k in 1..=4u32 {
                let mut plain = Vec::new();
                subsets(items, k, |s| {
                    let sum: u32 = (0..9).filter(|i| s & (1 << i) != 0).sum();
                    if sum <= 12 {
                        plain.push((s, sum));
                    }
                    false
                });
                let mut folded = Vec::new();
                subsets_folding(
                    items,
                    k,
                    0u32,
                    |acc, i| acc + i,
                    |acc| acc > 12,
                    |s, sum| {
                        folded.push((s, sum));
                        false
                    },
                );
                assert_eq!(folded, plain, "items {items:#b}, k {k}");
            }
        }
    }

    #[test]
    fn subsets_visits_the_k_subsets_in_decreasing_order() {
        for items in 0..512u16 {
            for k in 0..=5u32 {
                let mut seen = Vec::new();
                assert!(!subsets(items, k, |s| {
                    seen.push(s);
                    false
                }));
                // Every submask of `items`, largest first, with `k` bits.
                let expected: Vec<u16> = (1..=items)
                    .rev()
                    .filter(|&s| s & !items == 0 && s.count_ones() == k)
                    .collect();
                assert_eq!(seen, expected, "items {items:#b}, k {k}");
                // It stops at the first set `f` accepts.
                if let Some(&third) = expected.get(2) {
                    let mut calls = 0;
                    assert!(subsets(items, k, |s| {
                        calls += 1;
                        s == third
                    }));
                    assert_eq!(calls, 3);
                }
            }
        }
    }
}
