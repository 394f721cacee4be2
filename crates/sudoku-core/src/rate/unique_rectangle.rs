//! Unique rectangle, type 1 (both scales), and types 2, 3 and 4 (SE's scale).
//!
//! Four blank cells at the corners of a rectangle spanning two rows, two
//! columns and exactly two boxes: if all four could only be `x` or `y`, the two
//! ways of placing them would give two solutions. So in a puzzle known to
//! have one solution, when three corners are exactly `xy`, the fourth cannot
//! be `x` or `y`. (The corners are blank, so none of them is a given.)

use super::candidates::{Candidates, Digits};
use super::{Context, Step, Technique};

/// The rectangles of [`RECTANGLES`], in its order, two corners of which
/// hold the same two digits and nothing else: every type needs such a
/// floor (type 1 three such corners), so the others are skipped unread.
/// Found from the pairs of bivalue cells with the same digits, which are
/// few, rather than by reading the corners of all 486.
fn floored(marks: &Candidates) -> Vec<[usize; 4]> {
    use super::candidates::Cells;
    let bivalue: Vec<usize> = Cells(marks.empty_cells())
        .filter(|&c| marks.mask(c).count_ones() == 2)
        .collect();
    let mut found: Vec<u16> = Vec::new();
    let mut add = |r1: usize, r2: usize, c1: usize, c2: usize| {
        let (r1, r2) = (r1.min(r2), r1.max(r2));
        let (c1, c2) = (c1.min(c2), c1.max(c2));
        let index = RECTANGLE_INDEX[r1 * 9 + r2][c1 * 9 + c2];
        if index != NO_RECTANGLE {
            found.push(index);
        }
    };
    for (i, &a) in bivalue.iter().enumerate() {
        for &b in &bivalue[i + 1..] {
            if marks.mask(a) != marks.mask(b) {
                continue;
            }
            let ((ra, ca), (rb, cb)) = ((a / 9, a % 9), (b / 9, b % 9));
            if ra == rb {
                for r in (0..9).filter(|&r| r != ra) {
                    add(ra, r, ca, cb);
                }
            } else if ca == cb {
                for c in (0..9).filter(|&c| c != ca) {
                    add(ra, rb, ca, c);
                }
            } else {
                add(ra, rb, ca, cb);
            }
        }
    }
    super::sort_small(&mut found);
    found.dedup();
    found
        .into_iter()
        .map(|i| RECTANGLES[usize::from(i)].map(usize::from))
        .collect()
}

/// No rectangle of [`RECTANGLES`] (its rows and columns do not span
/// exactly two boxes).
const NO_RECTANGLE: u16 = u16::MAX;

/// `RECTANGLE_INDEX[r1 * 9 + r2][c1 * 9 + c2]`: the index in
/// [`RECTANGLES`] of the rectangle on rows `r1 < r2` and columns `c1 < c2`,
/// or [`NO_RECTANGLE`].
const RECTANGLE_INDEX: [[u16; 81]; 81] = {
    let mut out = [[NO_RECTANGLE; 81]; 81];
    let mut n = 0;
    while n < RECTANGLES.len() {
        let [a, _, _, d] = RECTANGLES[n];
        let (r1, c1, r2, c2) = (
            a as usize / 9,
            a as usize % 9,
            d as usize / 9,
            d as usize % 9,
        );
        out[r1 * 9 + r2][c1 * 9 + c2] = n as u16;
        n += 1;
    }
    out
};

/// The corners (row-major: top left, top right, bottom left, bottom right)
/// of every rectangle spanning two rows, two columns and exactly two boxes
/// (the rows share a band or the columns share a stack, not both), in
/// order (rows, then columns, ascending): 9 same-band row pairs times 27 column pairs in different
/// stacks, and 27 row pairs in different bands times 9 same-stack column
/// pairs. Built once, at compile time: the finders walk them at every step.
const RECTANGLES: [[u8; 4]; 486] = {
    let mut out = [[0u8; 4]; 486];
    let (mut n, mut r1) = (0, 0);
    while r1 < 9 {
        let mut r2 = r1 + 1;
        while r2 < 9 {
            let mut c1 = 0;
            while c1 < 9 {
                let mut c2 = c1 + 1;
                while c2 < 9 {
                    if (r1 / 3 == r2 / 3) != (c1 / 3 == c2 / 3) {
                        out[n] = [
                            (r1 * 9 + c1) as u8,
                            (r1 * 9 + c2) as u8,
                            (r2 * 9 + c1) as u8,
                            (r2 * 9 + c2) as u8,
                        ];
                        n += 1;
                    }
                    c2 += 1;
                }
                c1 += 1;
            }
            r2 += 1;
        }
        r1 += 1;
    }
    assert!(n == 486);
    out
};

pub(super) fn type1(marks: &Candidates, context: &Context, step: &mut Step) -> bool {
    context.unique && type1_among(marks, floored(marks).into_iter(), step)
}

/// Type 1 among the rectangles `candidates` (in [`RECTANGLES`] order).
fn type1_among(
    marks: &Candidates,
    candidates: impl Iterator<Item = [usize; 4]>,
    step: &mut Step,
) -> bool {
    for corners in candidates {
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
    false
}

/// Sudoku Explainer's unique rectangles (its unique loops of four cells),
/// types 1, 2 and 4, all 4.5. Four corners all holding `x` and `y`; two of
/// them (the floor) hold nothing else. Type 1: a third corner holds only
/// `x` and `y` too, so the fourth cannot be either. Type 2: the other two
/// (the roof) hold one more digit `z` each, the same, so one of them is `z`
/// and `z` leaves every cell that sees both. Type 4: the roof lies in one
/// row or column, where `x` has no place but the roof; one roof cell is `x`
/// then, and neither can be `y` (both would make the deadly pattern).
/// Type 3 ([`type3`], 4.5-5.1) when none of these applies.
///
/// SE's unique loops of six or more cells ([`loops`], types 1, 2 and 4, 4.6
/// for six cells, 4.7 for eight, 5.0 for ten or more) come after every
/// rectangle of types 1, 2 and 4, and before a type 3 rectangle of a higher
/// score or of the same (SE sorts by score, then type).
pub(super) fn se_types(marks: &Candidates, context: &Context, step: &mut Step) -> bool {
    if !context.unique {
        return false;
    }
    let floored = floored(marks);
    if type1_among(marks, floored.iter().copied(), step) || roofs(marks, &floored, step) {
        return true;
    }
    let rectangle = type3(marks, &floored, step).then_some((step.tenths, 3));
    let mut best: Option<(u16, u8, Step)> = None;
    loops(marks, context, &mut |tenths, kind, found| {
        if best
            .as_ref()
            .is_none_or(|(t, k, _)| (tenths, kind) < (*t, *k))
        {
            best = Some((tenths, kind, found.clone()));
        }
    });
    match (best, rectangle) {
        (Some((tenths, kind, found)), r) if r.is_none_or(|r| (tenths, kind) < r) => {
            *step = found;
            true
        }
        (_, r) => r.is_some(),
    }
}

/// SE's score of a unique loop of `len` cells (types 1, 2 and 4).
fn loop_tenths(len: usize) -> u16 {
    match len {
        0..=4 => 45,
        5..=6 => 46,
        7..=9 => 47,
        _ => 50,
    }
}

/// Every unique loop of six or more cells that SE finds, with types 1, 2
/// and 4, offered to `take` with its score, type and step, in SE's order of
/// discovery (SE then sorts them by score and type; the caller keeps the
/// first of the lowest).
///
/// A loop of cells all holding `x` and `y`, each unit it visits visited
/// twice, by cells an odd number of steps apart, would hold two solutions
/// (swap `x` and `y` round the loop), so some cell of it must hold another
/// digit. SE grows loops from each bivalue cell through its box, row and
/// column (not the unit it came by), allowing two cells with other digits,
/// or any number sharing one other digit. Type 1: one such cell, which
/// loses `x` and `y`. Type 2: the cells with other digits share exactly
/// one, `z`, which leaves every cell that sees them all. Type 4: two such
/// cells in a unit where `x` (or `y`) has no other place; they lose `y`
/// (or `x`).
fn loops(marks: &Candidates, context: &Context, take: &mut dyn FnMut(u16, u8, &Step)) {
    use super::candidates::Cells;
    let mut seen: Vec<(u8, u128)> = Vec::new();
    let mut step = Step::new(Technique::UniqueLoop);
    let mut partnered: Vec<(u16, u128)> = Vec::new();
    for start in Cells(marks.empty_cells()) {
        let pair = marks.mask(start);
        if pair.count_ones() != 2 {
            continue;
        }
        let partners = match partnered.iter().find(|(p, _)| *p == pair) {
            Some(&(_, cells)) => cells,
            None => {
                let cells = partnered_cells(marks, pair);
                partnered.push((pair, cells));
                cells
            }
        };
        if partners & (1 << start) == 0 {
            continue;
        }
        // The growth reads the candidates of the partnered cells alone, so
        // the loops it finds are remembered on them.
        let grown = context.memo.unique_loops(marks, pair, partners, start, || {
            let mut found = Vec::new();
            let mut path = vec![start];
            let mut visits = [0u8; 27];
            for &u in &super::candidates::CELL_UNITS[start] {
                visits[u as usize] = 1;
            }
            grow(
                marks,
                (pair, partners),
                &mut path,
                &mut visits,
                (2, 0),
                None,
                &mut found,
            );
            found.retain(|cells| cells.len() >= 6 && is_valid_loop(cells));
            found
        });
        for cells in grown.iter() {
            let mask = cells.iter().fold(0u128, |m, &c| m | 1 << c);
            let extra: Vec<usize> = cells
                .iter()
                .copied()
                .filter(|&c| marks.mask(c) != pair)
                .collect();
            let tenths = loop_tenths(cells.len());
            let mut offer = |kind: u8, eliminations: Vec<(usize, u8)>| {
                if eliminations.is_empty() || seen.contains(&(kind, mask)) {
                    return;
                }
                seen.push((kind, mask));
                step.reset(Technique::UniqueLoop);
                step.cells.extend(cells);
                step.eliminations.extend(eliminations);
                step.tenths = tenths;
                take(tenths, kind, &step);
            };
            let extra_digits = extra.iter().fold(0u16, |a, &c| a | marks.mask(c)) & !pair;
            match extra.len() {
                1 => offer(1, Digits(pair).map(|d| (extra[0], d)).collect()),
                n if n >= 2 && extra_digits.count_ones() == 1 => {
                    let z = extra_digits.trailing_zeros() as u8;
                    let seers = extra
                        .iter()
                        .fold(!0u128, |a, &c| a & super::candidates::PEERS[c]);
                    let victims = marks.digit_cells(z) & seers & !mask;
                    offer(2, Cells(victims).map(|c| (c, z)).collect());
                    if n == 2 {
                        offer(4, type4(marks, pair, extra[0], extra[1]));
                    }
                }
                2 => offer(4, type4(marks, pair, extra[0], extra[1])),
                _ => {}
            }
        }
    }
}

/// Type 4's eliminations for the two cells `a` and `b` with other digits.
fn type4(marks: &Candidates, pair: u16, a: usize, b: usize) -> Vec<(usize, u8)> {
    use super::candidates::{CELL_UNITS, UNIT_MASK};
    let x = pair.trailing_zeros() as u8;
    let y = (pair & (pair - 1)).trailing_zeros() as u8;
    let (mut x_locked, mut y_locked) = (false, false);
    for k in [2, 0, 1] {
        let u = CELL_UNITS[a][k];
        if u != CELL_UNITS[b][k] {
            continue;
        }
        let rest = UNIT_MASK[u as usize] & !(1u128 << a) & !(1u128 << b);
        x_locked |= marks.digit_cells(x) & rest == 0;
        y_locked |= marks.digit_cells(y) & rest == 0;
    }
    let remove = if x_locked {
        y
    } else if y_locked {
        x
    } else {
        return Vec::new();
    };
    [a, b]
        .into_iter()
        .filter(|&c| marks.mask(c) & (1 << remove) != 0)
        .map(|c| (c, remove))
        .collect()
}

/// SE's loop growth from the last cell of `path`: through its box, row and
/// column (not the unit it was entered by, `came_by`), to cells holding
/// both digits of `pair`; a cell with other digits is allowed while
/// `allowed` lasts or while all such cells share one other digit
/// (`others`). A way back to the first cell closes a loop of four or more.
///
/// Unlike SE, a path only enters the cells of `partnered` (see
/// [`partnered_cells`]), and not a cell that would make some unit
/// visited three times (`visits` counts the path's cells per unit): every
/// loop through it would fail [`is_valid_loop`]. Nor into a bivalue cell of
/// the pair that comes before the first cell: the search from that cell
/// found every loop through it first (which loops a search finds does not
/// depend on where it starts), and SE keeps only the first of equal hints.
/// So the loops kept, and their order, are SE's.
fn grow(
    marks: &Candidates,
    (pair, partnered): (u16, u128),
    path: &mut Vec<usize>,
    visits: &mut [u8; 27],
    (allowed, others): (u32, u16),
    came_by: Option<usize>,
    found: &mut Vec<Vec<usize>>,
) {
    use super::candidates::{Cells, CELL_UNITS, UNIT_MASK};
    let cell = *path.last().expect("a path has a first cell");
    // The path's cells, a bit each.
    let on_path = path.iter().fold(0u128, |a, &c| a | 1 << c);
    for k in [2, 0, 1] {
        if came_by == Some(k) {
            continue;
        }
        // The unit's cells that a path may enter (the first cell is one),
        // in the unit's order, which is the cells' ascending order (see
        // the test `every_unit_lists_its_cells_in_ascending_order`).
        // Off the path, by mask rather than a test per cell, but for the
        // first cell once a loop may close there.
        let back = u128::from(path.len() >= 4) << path[0];
        let reachable = UNIT_MASK[CELL_UNITS[cell][k] as usize] & partnered;
        for next in Cells(reachable & (!on_path | back)) {
            if next == path[0] {
                found.push(path.clone());
            } else {
                let mask = marks.mask(next);
                // A bivalue cell of the pair before the first cell started
                // its own search, which found every loop through it.
                if mask == pair && next < path[0] {
                    continue;
                }
                let more = others | (mask & !pair);
                // More than two candidates, by bit tests (`count_ones` is
                // slow without a `popcnt` target feature).
                let two_off = mask & mask.wrapping_sub(1);
                let wide = two_off & two_off.wrapping_sub(1) != 0;
                let units = CELL_UNITS[next];
                if units.iter().any(|&u| visits[u as usize] >= 2) {
                    continue;
                }
                if !wide || (more != 0 && more & (more - 1) == 0) || allowed > 0 {
                    path.push(next);
                    for &u in &units {
                        visits[u as usize] += 1;
                    }
                    let left = if wide {
                        allowed.saturating_sub(1)
                    } else {
                        allowed
                    };
                    grow(
                        marks,
                        (pair, partnered),
                        path,
                        visits,
                        (left, more),
                        Some(k),
                        found,
                    );
                    for &u in &units {
                        visits[u as usize] -= 1;
                    }
                    path.pop();
                }
            }
        }
    }
}

/// The cells holding both digits of `pair` that can lie on a valid loop: a
/// loop cell's row, column and box each hold exactly one other loop cell
/// (see [`is_valid_loop`]), so cells without another such cell in each of
/// their units are dropped, until none is.
fn partnered_cells(marks: &Candidates, pair: u16) -> u128 {
    use super::candidates::{Cells, CELL_UNITS, UNIT_MASK};
    let mut cells =
        super::candidates::Digits(pair).fold(marks.empty_cells(), |m, d| m & marks.digit_cells(d));
    loop {
        let before = cells;
        for cell in Cells(cells) {
            let alone = CELL_UNITS[cell]
                .iter()
                .any(|&u| cells & UNIT_MASK[u as usize] & !(1u128 << cell) == 0);
            if alone {
                cells &= !(1u128 << cell);
            }
        }
        if cells == before {
            return cells;
        }
    }
}

/// SE's check of a loop: no cell visits a unit that an earlier cell at the
/// same parity of position visited, and the cells at even positions visit
/// the same units as those at odd ones (each unit twice, an odd number of
/// steps apart).
fn is_valid_loop(cells: &[usize]) -> bool {
    use super::candidates::CELL_UNITS;
    let (mut even, mut odd) = (0u32, 0u32);
    for (i, &cell) in cells.iter().enumerate() {
        let visited = if i % 2 == 0 { &mut even } else { &mut odd };
        for &u in &CELL_UNITS[cell] {
            if *visited & (1 << u) != 0 {
                return false;
            }
            *visited |= 1 << u;
        }
    }
    even == odd
}

fn roofs(marks: &Candidates, candidates: &[[usize; 4]], step: &mut Step) -> bool {
    use super::candidates::{Cells, PEERS};
    for &corners in candidates {
        let masks = corners.map(|c| marks.mask(c));
        let common = masks.iter().fold(0x3FEu16, |a, &m| a & m);
        if common.count_ones() < 2 || masks.contains(&0) {
            continue;
        }
        // Floors: pairs of corners; roofs the other two.
        for (f1, f2, o1, o2) in [
            (0, 1, 2, 3),
            (2, 3, 0, 1),
            (0, 2, 1, 3),
            (1, 3, 0, 2),
            (0, 3, 1, 2),
            (1, 2, 0, 3),
        ] {
            let pair = masks[f1];
            if pair.count_ones() != 2 || masks[f2] != pair {
                continue;
            }
            let (a, b) = (corners[o1], corners[o2]);
            let (ma, mb) = (masks[o1], masks[o2]);
            if ma == pair || mb == pair {
                continue;
            }
            // Type 2.
            let extra = (ma | mb) & !pair;
            if extra.count_ones() == 1
                && ma & extra != 0
                && mb & extra != 0
                && ma.count_ones() == 3
                && mb.count_ones() == 3
            {
                let z = extra.trailing_zeros() as u8;
                let victims = marks.digit_cells(z) & PEERS[a] & PEERS[b];
                if victims != 0 {
                    step.reset(Technique::UniqueRectangle);
                    step.cells.extend(corners);
                    step.eliminations.extend(Cells(victims).map(|c| (c, z)));
                    return true;
                }
            }
            // Type 4: the roof in a unit where one digit of the pair has
            // no other place (the same test as the loops', SE's one).
            let removed = type4(marks, pair, a, b);
            if !removed.is_empty() {
                step.reset(Technique::UniqueRectangle);
                step.cells.extend(corners);
                step.eliminations.extend(removed);
                return true;
            }
        }
    }
    false
}

/// Pairs, triples... of `0..9` in SE's order (increasing as bit masks).
/// Not [`super::subsets::subsets`]: that walks submasks in decreasing order,
/// and the first set found in SE's order decides which step SE takes.
pub(super) fn combinations(size: u32) -> impl Iterator<Item = u16> {
    let (from, to) = (
        COMBINATION_STARTS[size as usize],
        COMBINATION_STARTS[size as usize + 1],
    );
    COMBINATIONS[from..to].iter().copied()
}

/// Every subset of `0..9` as a bit mask, by size, then increasing: the
/// type 3 search walks them at every rectangle it tries, and filtering
/// all 512 masks by size each time was a third of its work.
const COMBINATIONS: [u16; 512] = {
    let mut out = [0u16; 512];
    let (mut n, mut size) = (0, 0);
    while size <= 9 {
        let mut m = 0u16;
        while m < 512 {
            if m.count_ones() == size {
                out[n] = m;
                n += 1;
            }
            m += 1;
        }
        size += 1;
    }
    out
};

/// Where the subsets of each size start in [`COMBINATIONS`] (the last
/// entry ends them): the binomial coefficients' running sums.
const COMBINATION_STARTS: [usize; 11] = {
    let mut out = [0usize; 11];
    let mut size = 0;
    while size <= 9 {
        let mut count = 0;
        let mut m = 0u16;
        while m < 512 {
            if m.count_ones() == size as u32 {
                count += 1;
            }
            m += 1;
        }
        out[size + 1] = out[size] + count;
        size += 1;
    }
    out
};

/// Unique rectangle type 3 (SE's scale), tried when no other type applies.
/// The two roof cells share a unit and have extra digits besides the
/// rectangle's `x` and `y`; one of them holds an extra digit.
/// - Naked: the roof, as one pseudo-cell holding one of its extra digits,
///   and `d - 1` other cells of the unit hold `d` digits between them; those
///   digits leave the unit's other cells. SE: 4.5 + 0.1 per digit past one.
/// - Hidden: `x`, `y` and `d - 2` digits the roof lacks have, in the unit,
///   only the roof and `d - 1` other cells; the roof holds at most one of
///   them, so those cells hold the rest and lose their other digits. SE:
///   4.5 + 0.1 per digit past two.
///
/// Among the rectangles `candidates` (in [`RECTANGLES`] order), in a
/// puzzle known to have one solution.
fn type3(marks: &Candidates, candidates: &[[usize; 4]], step: &mut Step) -> bool {
    use super::candidates::{Cells, CELL_UNITS, UNITS, UNIT_MASK};
    for &corners in candidates {
        let masks = corners.map(|c| marks.mask(c));
        // Floors: two corners holding exactly the pair; roofs the others,
        // both with extra digits.
        let pair = masks.iter().fold(0x3FEu16, |a, &m| a & m);
        if pair.count_ones() != 2 {
            continue;
        }
        let roofs: Vec<usize> = (0..4).filter(|&i| masks[i] != pair).collect();
        if roofs.len() != 2 {
            continue;
        }
        let (c1, c2) = (corners[roofs[0]], corners[roofs[1]]);
        let extra = (masks[roofs[0]] | masks[roofs[1]]) & !pair;
        if extra.count_ones() < 2 {
            continue;
        }
        for degree in 2..=7u32 {
            // SE's region order: box, row, column.
            for k in [2, 0, 1] {
                if CELL_UNITS[c1][k] != CELL_UNITS[c2][k] {
                    continue;
                }
                let u = CELL_UNITS[c1][k] as usize;
                let cells = UNITS[u].map(|c| c as usize);
                let empty = (marks.empty_cells() & UNIT_MASK[u]).count_ones();
                let (i1, i2) = (
                    cells.iter().position(|&c| c == c1).unwrap_or(9),
                    cells.iter().position(|&c| c == c2).unwrap_or(9),
                );
                if degree * 2 <= empty && degree >= extra.count_ones() {
                    for combo in combinations(degree) {
                        if combo & (1 << i1) == 0 || combo & (1 << i2) != 0 {
                            continue;
                        }
                        let others: Vec<usize> = (0..9)
                            .filter(|&i| i != i1 && combo & (1 << i) != 0)
                            .map(|i| cells[i])
                            .collect();
                        let mut union = extra;
                        let mut narrow = extra & masks[roofs[0]] & masks[roofs[1]];
                        let mut ok = true;
                        for &c in &others {
                            let m = marks.mask(c);
                            ok &= m.count_ones() > 1;
                            union |= m;
                            narrow |= m;
                        }
                        if !ok || narrow.count_ones() != degree || union.count_ones() != degree {
                            continue;
                        }
                        let rest = UNIT_MASK[u] & !(1 << c1) & !(1 << c2);
                        let rest = others.iter().fold(rest, |r, &c| r & !(1u128 << c));
                        let victims: Vec<(usize, u8)> = Cells(rest)
                            .flat_map(|c| Digits(marks.mask(c) & union).map(move |d| (c, d)))
                            .collect();
                        if !victims.is_empty() {
                            step.reset(Technique::UniqueRectangle);
                            step.cells.extend(corners);
                            step.cells.extend(&others);
                            step.eliminations.extend(victims);
                            step.tenths = 45 + (degree as u16 - 1);
                            return true;
                        }
                    }
                }
                if degree * 2 < empty {
                    let rem = 0x3FEu16 & !pair & !extra;
                    if degree - 2 > rem.count_ones() {
                        continue;
                    }
                    let rem_digits: Vec<u8> = Digits(rem).collect();
                    for pick in combinations(degree - 2) {
                        // Increasing: the rest are out of range too.
                        if pick >> rem_digits.len() != 0 {
                            break;
                        }
                        let hidden = (0..rem_digits.len())
                            .filter(|&i| pick & (1 << i) != 0)
                            .fold(pair, |h, i| h | 1 << rem_digits[i]);
                        let mut union = 0u128;
                        let mut ok = true;
                        for d in Digits(hidden) {
                            let places = marks.digit_cells(d) & UNIT_MASK[u] & !(1 << c2);
                            ok &= places != 0;
                            union |= places;
                        }
                        if !ok || union.count_ones() != degree {
                            continue;
                        }
                        let set = union & !(1 << c1) & !(1 << c2);
                        let victims: Vec<(usize, u8)> = Cells(set)
                            .flat_map(|c| Digits(marks.mask(c) & !hidden).map(move |d| (c, d)))
                            .collect();
                        if !victims.is_empty() {
                            step.reset(Technique::UniqueRectangle);
                            step.cells.extend(corners);
                            step.cells.extend(Cells(set));
                            step.eliminations.extend(victims);
                            step.tenths = 45 + (set.count_ones() as u16).saturating_sub(1);
                            return true;
                        }
                    }
                }
            }
        }
    }
    false
}

#[cfg(test)]
mod tests {
    use super::{floored, RECTANGLES};
    use crate::rate::candidates::Candidates;
    use crate::rate::explain;
    use crate::Grid;

    /// At every position of a few paths, the rectangles `floored` lists
    /// are those, in order, of the 486 two corners of which hold the same
    /// two digits alone, read corner by corner.
    #[test]
    fn floored_rectangles_are_those_with_two_equal_bivalue_corners() {
        let puzzles = [
            "....6..7.45.7.......94.1.6...82.7....1..3..9.5....98...7.3..2.............2.85.31",
            ".......89.569...1....3....5.4...1..3..1...2..238....713...89......6...4.9.2.4...8",
        ];
        let mut listed = 0;
        for puzzle in puzzles {
            let grid: Grid = puzzle.parse().unwrap();
            let (mut marks, _) = Candidates::with_clash(&grid);
            for step in explain(&grid) {
                let expected: Vec<[usize; 4]> = RECTANGLES
                    .iter()
                    .map(|r| r.map(usize::from))
                    .filter(|corners| {
                        (0..4).any(|i| {
                            (i + 1..4).any(|j| {
                                let (a, b) = (marks.mask(corners[i]), marks.mask(corners[j]));
                                a == b && a.count_ones() == 2
                            })
                        })
                    })
                    .collect();
                let found = floored(&marks);
                assert_eq!(found, expected, "{puzzle}");
                listed += found.len();
                marks.apply(&step);
            }
        }
        assert!(listed > 0);
    }
}
