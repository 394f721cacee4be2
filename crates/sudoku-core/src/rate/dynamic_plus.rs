//! The simple techniques Sudoku Explainer applies inside its dynamic forcing
//! chains (+): locked candidates, hidden pairs, naked pairs and X-Wings,
//! run on a net's working copy of the marks when the net has stalled.
//!
//! Each elimination comes with its *premises*: the candidates the net has
//! erased that the pattern needs gone (for a pointing box, the box's other
//! places of the digit; for a naked pair, the pair cells' other digits...).
//! They become the elimination's parents in the net, so they count in the
//! chain's complexity as SE counts them. A pattern with no such premise was
//! there before the chain began, and SE skips it.
//!
//! The order matters for the scores, since the first way a net reaches a
//! candidate fixes its parents: techniques are tried in SE's order and only
//! the first that yields anything is used; patterns in SE's order; and each
//! pattern's eliminations in the order SE's hash map of cells yields them
//! ([`hash_order`]).

use super::candidates::{Candidates, Cells, Digits, CELL_UNITS, UNITS, UNIT_MASK};
use super::subsets::bits;

/// Each digit's places in each unit, nine bits per unit (see
/// [`eliminations`]).
pub(super) type Places = [[u16; 27]; 10];

/// An elimination `(cell, digit)` and its premises, candidates the net has
/// erased.
pub(super) type Found = (usize, u8, Vec<(usize, u8)>);

/// Units by SE's region types: 0 boxes, 1 rows, 2 columns.
fn unit(kind: usize, i: usize) -> usize {
    match kind {
        0 => 18 + i,
        1 => i,
        _ => 9 + i,
    }
}

/// The cells of a `java.util.HashMap` keyed by cell index (its hash) in
/// the order the map iterates them: by index modulo the table size (16,
/// doubled while the map is over three quarters full), ties in insertion
/// order.
pub(super) fn hash_order(cells: &mut [usize]) {
    let mut size = 16;
    while cells.len() * 4 > size * 3 {
        size *= 2;
    }
    cells.sort_by_key(|&c| c % size);
}

/// Pairs `a < b` of `0..9` in SE's order (increasing as bit masks).
fn pairs() -> impl Iterator<Item = (usize, usize)> {
    (1..9).flat_map(|b| (0..b).map(move |a| (a, b)))
}

/// One pattern's eliminations: `cells` (in SE's insertion order) each
/// losing the digits of `digits(cell)`, all with the same premises.
fn emit(
    out: &mut Vec<Found>,
    mut cells: Vec<usize>,
    digits: impl Fn(usize) -> u16,
    premises: &[(usize, u8)],
) {
    if premises.is_empty() {
        return;
    }
    hash_order(&mut cells);
    for c in cells {
        for d in Digits(digits(c)) {
            out.push((c, d, premises.to_vec()));
        }
    }
}

/// The premises of a locked set of `digit` in `base` (a unit's cells)
/// covered by `cover`: the base's places erased by the net, outside the cover.
fn locked_premises(
    initial: &Candidates,
    grid: &Candidates,
    digit: u8,
    base: u128,
    cover: u128,
) -> Vec<(usize, u8)> {
    let gone = initial.digit_cells(digit) & !grid.digit_cells(digit) & base & !cover;
    Cells(gone).map(|c| (c, digit)).collect()
}

/// Cells of unit `u` in the unit's own order.
fn unit_cells(u: usize) -> impl Iterator<Item = usize> {
    UNITS[u].iter().map(|&c| c as usize)
}

fn locking(initial: &Candidates, grid: &Candidates, places: &Places, out: &mut Vec<Found>) {
    for (kind1, kind2) in [(0, 2), (0, 1), (2, 0), (1, 0)] {
        for digit in 1..=9u8 {
            for i1 in 0..9 {
                let u1 = unit(kind1, i1);
                let here = places[usize::from(digit)][u1];
                if here & here.wrapping_sub(1) == 0 {
                    continue;
                }
                // Units of one kind are disjoint: only the one through the
                // first place can hold them all. The places, as the unit's
                // positions, within one line of a box (a third of its
                // positions, one apart or three) or one box of a line.
                let at = here.trailing_zeros() as usize;
                let within = match (kind1, kind2) {
                    (0, 2) => 0b001_001_001 << (at % 3),
                    _ => 0b111 << (at / 3 * 3),
                };
                if here & !within != 0 {
                    continue;
                }
                let first = usize::from(UNITS[u1][at]);
                let units = CELL_UNITS[first];
                let u2 = match kind2 {
                    0 => units[2],
                    1 => units[0],
                    _ => units[1],
                } as usize;
                // Most such patterns remove nothing: tested as a mask first.
                if grid.digit_cells(digit) & UNIT_MASK[u2] & !UNIT_MASK[u1] == 0 {
                    continue;
                }
                let removed: Vec<usize> = unit_cells(u2)
                    .filter(|&c| UNIT_MASK[u1] & (1 << c) == 0 && grid.has(c, digit))
                    .collect();
                let premises = locked_premises(initial, grid, digit, UNIT_MASK[u1], UNIT_MASK[u2]);
                emit(out, removed, |_| 1 << digit, &premises);
            }
        }
    }
}

/// SE's hidden and naked pairs look at boxes, then columns, then rows.
const SET_KINDS: [usize; 3] = [0, 2, 1];

fn hidden_pairs(initial: &Candidates, grid: &Candidates, places: &Places, out: &mut Vec<Found>) {
    for kind in SET_KINDS {
        for i in 0..9 {
            let u = unit(kind, i);
            let empty = (grid.empty_cells() & UNIT_MASK[u]).count_ones();
            if empty <= 4 {
                continue;
            }
            // Two digits with two places or more each, and two between
            // them, have the same two: only digits with exactly two can
            // pair, and only with a digit of the same two places.
            let pairable = (1..=9u8).fold(0u16, |acc, d| {
                acc | u16::from(bits(places[usize::from(d)][u]) == 2) << d
            });
            if pairable & pairable.wrapping_sub(1) == 0 {
                continue;
            }
            for (a, b) in pairs() {
                let (da, db) = (a as u8 + 1, b as u8 + 1);
                if pairable & (1 << da) == 0
                    || pairable & (1 << db) == 0
                    || places[usize::from(da)][u] != places[usize::from(db)][u]
                {
                    continue;
                }
                let pa = grid.digit_cells(da) & UNIT_MASK[u];
                let pb = grid.digit_cells(db) & UNIT_MASK[u];
                let both = (1u16 << da) | (1 << db);
                let cells: Vec<usize> = unit_cells(u)
                    .filter(|&c| (pa | pb) & (1 << c) != 0 && grid.mask(c) & !both != 0)
                    .collect();
                if cells.is_empty() {
                    continue;
                }
                let premises: Vec<(usize, u8)> = unit_cells(u)
                    .filter(|&c| (pa | pb) & (1 << c) == 0)
                    .flat_map(|c| {
                        [da, db]
                            .into_iter()
                            .filter(move |&d| initial.has(c, d))
                            .map(move |d| (c, d))
                    })
                    .collect();
                emit(out, cells, |c| grid.mask(c) & !both, &premises);
            }
        }
    }
}

fn naked_pairs(initial: &Candidates, grid: &Candidates, out: &mut Vec<Found>) {
    for kind in SET_KINDS {
        for i in 0..9 {
            let u = unit(kind, i);
            let empty = (grid.empty_cells() & UNIT_MASK[u]).count_ones();
            if empty < 4 {
                continue;
            }
            let cells = UNITS[u].map(usize::from);
            // Two cells with two candidates or more each, and two between
            // them, have the same two: only bivalue cells can pair.
            let pairable = (0..9).fold(0u16, |acc, j| {
                acc | u16::from(bits(grid.mask(cells[j])) == 2) << j
            });
            if pairable & pairable.wrapping_sub(1) == 0 {
                continue;
            }
            for (a, b) in pairs() {
                if pairable >> a & 1 == 0 || pairable >> b & 1 == 0 {
                    continue;
                }
                let (ma, mb) = (grid.mask(cells[a]), grid.mask(cells[b]));
                if ma != mb {
                    continue;
                }
                let both = ma | mb;
                let removed: Vec<usize> = cells
                    .iter()
                    .copied()
                    .filter(|&c| c != cells[a] && c != cells[b] && grid.mask(c) & both != 0)
                    .collect();
                if removed.is_empty() {
                    continue;
                }
                let premises: Vec<(usize, u8)> = [cells[a], cells[b]]
                    .into_iter()
                    .flat_map(|c| Digits(initial.mask(c) & !both).map(move |d| (c, d)))
                    .collect();
                emit(out, removed, |c| grid.mask(c) & both, &premises);
            }
        }
    }
}

fn x_wings(initial: &Candidates, grid: &Candidates, places: &Places, out: &mut Vec<Found>) {
    let mut placed = [0usize; 10];
    for c in 0..81 {
        placed[usize::from(initial.value(c))] += 1;
    }
    // Columns as the base (their places in two rows), then rows.
    for (base_kind, cover_kind) in [(2, 1), (1, 2)] {
        for (a, b) in pairs() {
            for digit in 1..=9u8 {
                if placed[usize::from(digit)] + 4 > 9 {
                    continue;
                }
                let (ua, ub) = (unit(base_kind, a), unit(base_kind, b));
                // Two lines with two places or more each, in two cover
                // lines between them: the same two, a line's places being
                // numbered by the cover lines they lie in.
                let (pa, pb) = (
                    places[usize::from(digit)][ua],
                    places[usize::from(digit)][ub],
                );
                if pa != pb || bits(pa) != 2 {
                    continue;
                }
                let first = pa.trailing_zeros() as usize;
                let second = (pa & (pa - 1)).trailing_zeros() as usize;
                let covers = [unit(cover_kind, first), unit(cover_kind, second)];
                let base = UNIT_MASK[ua] | UNIT_MASK[ub];
                let cover = UNIT_MASK[covers[0]] | UNIT_MASK[covers[1]];
                if grid.digit_cells(digit) & cover & !base == 0 {
                    continue;
                }
                let removed: Vec<usize> = covers
                    .iter()
                    .flat_map(|&v| unit_cells(v))
                    .filter(|&c| base & (1 << c) == 0 && grid.has(c, digit))
                    .collect();
                let premises = locked_premises(initial, grid, digit, base, cover);
                emit(out, removed, |_| 1 << digit, &premises);
            }
        }
    }
}

/// The eliminations (with premises) of the first of SE's techniques that
/// finds any with premises on `grid`, a net's working copy of `initial`.
///
/// `places[digit][unit]` are the digit's places in each unit of `grid` as
/// nine bits, the unit's cells in order (a row's places by column, a
/// column's by row): the pairs and X-Wings are tested on these.
pub(super) fn eliminations(initial: &Candidates, grid: &Candidates, places: &Places) -> Vec<Found> {
    let mut out = Vec::new();
    locking(initial, grid, places, &mut out);
    if out.is_empty() {
        hidden_pairs(initial, grid, places, &mut out);
    }
    if out.is_empty() {
        naked_pairs(initial, grid, &mut out);
    }
    if out.is_empty() {
        x_wings(initial, grid, places, &mut out);
    }
    out
}
