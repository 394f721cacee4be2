//! Sudoku Explainer's Aligned Pair Exclusion (6.2) and Aligned Triplet
//! Exclusion (7.5, [`aligned_triplet_exclusion`]).
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
//!
//! Both finders remember the last position they searched in vain
//! ([`LastSearched`]) and try again only what changed since: along a path
//! they run at every step past their level and find something rarely.

use super::candidates::{Candidates, Cells, Digits, PEERS};
use super::{Step, Technique};

pub(super) fn aligned_pair_exclusion(
    marks: &Candidates,
    _context: &super::Context,
    step: &mut Step,
) -> bool {
    let Bases {
        cells: base_cells,
        excluders,
        single,
        ..
    } = bases(marks, 2);
    let changed = LAST_PAIRS.with(|last| last.borrow_mut().changed(marks));
    let found = search_pairs(marks, base_cells, &excluders, changed, step);
    LAST_PAIRS.with(|last| last.borrow_mut().searched(found || single != 0));
    found
}

/// SE's walk over the pairs of base cells, in SE's order, skipping those
/// whose outcome cannot have changed since the last search
/// ([`LastSearched`]): a pair whose two cells and common excluders are
/// unchanged. The first found among the others is the first of all.
fn search_pairs(
    marks: &Candidates,
    base_cells: u128,
    excluders: &[u128; 81],
    changed: u128,
    step: &mut Step,
) -> bool {
    // The excluders that hold one of a base cell's digits at least: only
    // an excluder holding a digit of each base cell can rule a pair out.
    let mut holding = [0u128; 81];
    for c in Cells(base_cells) {
        let holds = Digits(marks.mask(c)).fold(0, |cells, d| cells | marks.digit_cells(d));
        holding[c] = excluders[c] & holds;
    }
    // SE's pairs: by the second cell, then the first, in the grid's order.
    for b in Cells(base_cells) {
        let b_mask = marks.mask(b);
        let mut firsts = base_cells & ((1u128 << b) - 1);
        if changed & (1 << b | excluders[b]) == 0 {
            // Only a changed first cell can make a difference.
            firsts &= changed;
        }
        if firsts == 0 {
            continue;
        }
        // The cells seeing two of its excluders at least: SE asks a pair
        // for two common excluders.
        for a in Cells(firsts & seeing_two(excluders[b])) {
            let common = excluders[a] & excluders[b];
            if changed & (1 << a | 1 << b | common) == 0 {
                continue;
            }
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

/// SE's base cells for an exclusion of `degree` cells, and their possible
/// excluders.
struct Bases {
    /// The cells of two to `degree` candidates: the possible excluders.
    small: u128,
    /// The cells of one candidate.
    single: u128,
    /// The base cells: two candidates or more, no peer of one candidate,
    /// and a possible excluder among the peers.
    cells: u128,
    /// Each base cell's possible excluders: the small cells it sees.
    excluders: [u128; 81],
}

fn bases(marks: &Candidates, degree: u32) -> Bases {
    let (mut small, mut single, mut several) = (0u128, 0u128, 0u128);
    for c in Cells(marks.empty_cells()) {
        match marks.mask(c).count_ones() {
            0 => {}
            1 => single |= 1 << c,
            n => {
                several |= 1 << c;
                if n <= degree {
                    small |= 1 << c;
                }
            }
        }
    }
    let mut cells = 0u128;
    let mut excluders = [0u128; 81];
    for c in Cells(several) {
        let peers = PEERS[c] & small;
        if PEERS[c] & single == 0 && peers != 0 {
            cells |= 1 << c;
            excluders[c] = peers;
        }
    }
    Bases {
        small,
        single,
        cells,
        excluders,
    }
}

/// Sudoku Explainer's Aligned Triplet Exclusion (7.5): the pair exclusion
/// with three base cells, and excluders of two or three candidates, each
/// seeing all three base cells. Three digits are impossible together when
/// two of the cells see each other and take the same digit, or when they
/// hold every candidate of an excluder; a base digit in no possible three
/// goes.
///
/// SE's search, reproduced because SE takes the first step it finds. The
/// base cells have two candidates or more, no peer holding one candidate,
/// and a peer of two or three candidates (a possible excluder). The first
/// two cells are walked as the pair exclusion walks its pairs (by the
/// second, then the first). The third is any other base cell among the
/// first cell's possible excluders (in the grid's order), then among the
/// second's: so it has two or three candidates, and three cells can be
/// met more than once, from different pairs. Three cells need two common
/// excluders at least.
///
/// SE runs it only where no forcing chain or cycle and no TUVWXYZ-Wing
/// was found, which is at most steps of the hardest puzzles, and it finds
/// something rarely (on the paths of 42 of tdoku's 51,999 puzzles); so
/// [`any_exclusion`] first asks whether any three cells exclude a digit,
/// each set of three once and only those that may have changed since the
/// last search, and SE's walk runs only when some do.
pub(super) fn aligned_triplet_exclusion(
    marks: &Candidates,
    _context: &super::Context,
    step: &mut Step,
) -> bool {
    let Bases {
        small,
        cells: base_cells,
        excluders,
        single,
    } = bases(marks, 3);
    let changed = LAST_TRIPLETS.with(|last| last.borrow_mut().changed(marks));
    // SE's walk, in its order, only where some three cells exclude a digit.
    let found = any_exclusion(marks, small, base_cells, &excluders, changed)
        && search_triplets(marks, small, base_cells, &excluders, step);
    LAST_TRIPLETS.with(|last| last.borrow_mut().searched(found || single != 0));
    found
}

/// Whether some three cells that SE's walk would try, and whose outcome may
/// have changed since the last search, exclude a digit: [`search_triplets`]
/// tries the same three cells, some more than once, in SE's order, to find
/// the first; this takes each set of three cells once, in any order, and
/// most searches find nothing.
///
/// The walk tries three base cells when they see two common excluders and
/// one of them, with two or three candidates, sees another (the walk's
/// third cell is a possible excluder of a cell of its pair). It skips them
/// when none of the three changed, nor any common excluder that they could
/// empty, and two unchanged excluders made the last walk meet them: so does
/// this. Each set is taken from its smallest cell `x`, then `y`, then `z`.
fn any_exclusion(
    marks: &Candidates,
    small: u128,
    base_cells: u128,
    excluders: &[u128; 81],
    changed: u128,
) -> bool {
    // The base cells sharing two excluders with each (a symmetric relation:
    // both see two of the small cells they see).
    let mut sharing = [0u128; 81];
    for x in Cells(base_cells) {
        sharing[x] = base_cells & seeing_two(excluders[x]) & !(1 << x);
    }
    for x in Cells(base_cells) {
        let later = sharing[x] & !((2u128 << x) - 1);
        // The other two are among `later`, their common excluders among
        // `x`'s: nothing there changed, nothing to try again.
        if changed & (1 << x | excluders[x] | later) == 0 {
            continue;
        }
        for y in Cells(later) {
            let pair_common = excluders[x] & excluders[y];
            let mut thirds = later & sharing[y] & !((2u128 << y) - 1);
            if changed & (1 << x | 1 << y | pair_common) == 0 {
                thirds &= changed;
            }
            if thirds == 0 {
                continue;
            }
            for z in Cells(thirds & seeing_two(pair_common)) {
                let cells = 1 << x | 1 << y | 1 << z;
                // One of two or three candidates seeing another of the three.
                if !Cells(cells & small).any(|m| PEERS[m] & cells != 0) {
                    continue;
                }
                let common = pair_common & PEERS[z];
                if changed & cells == 0 && at_least_two(common & !changed) {
                    let all = marks.mask(x) | marks.mask(y) | marks.mask(z);
                    if !Cells(common & changed).any(|e| marks.mask(e) & !all == 0) {
                        continue;
                    }
                }
                if excluded(marks, [x, y, z], common) != [0; 3] {
                    return true;
                }
            }
        }
    }
    false
}

/// SE's walk over the three cells, in SE's order: the first three that
/// exclude a digit fill `step`. It runs only once [`any_exclusion`] has
/// found some, so it tries them all, remembering nothing.
fn search_triplets(
    marks: &Candidates,
    small: u128,
    base_cells: u128,
    excluders: &[u128; 81],
    step: &mut Step,
) -> bool {
    for b in Cells(base_cells) {
        // A cell's excluders are the small cells it sees, so the first
        // cells with two excluders in common with `b` are those seeing two
        // of its excluders.
        for a in Cells(base_cells & ((1u128 << b) - 1) & seeing_two(excluders[b])) {
            let pair_common = excluders[a] & excluders[b];
            let first = excluders[a] & base_cells & !(1 << b);
            let second = excluders[b] & base_cells & !excluders[a] & !(1 << a);
            let twice = seeing_two(pair_common);
            for c in Cells(first & twice).chain(Cells(second & twice)) {
                let common = pair_common & PEERS[c];
                // Met before from another pair: it found nothing then.
                if met_before(a, b, c, small) {
                    continue;
                }
                let base = [a, b, c];
                let gone = excluded(marks, base, common);
                if gone == [0; 3] {
                    continue;
                }
                step.reset(Technique::AlignedTripletExclusion);
                step.cells.extend(base);
                step.cells.extend(Cells(common));
                for (&cell, &digits) in base.iter().zip(&gone) {
                    step.eliminations.extend(Digits(digits).map(|d| (cell, d)));
                }
                step.tenths = 75;
                return true;
            }
        }
    }
    false
}

/// The candidates of the last position this thread searched and found
/// nothing in, to search again only what may have changed (one for each
/// exclusion: [`LAST_PAIRS`], [`LAST_TRIPLETS`]).
///
/// Along a path SE's finders run at position after position, each with
/// fewer candidates. Take a position whose candidates are all the last
/// one's or fewer, the last one without a cell of a single candidate (as
/// at every step of a path, after the singles). Base cells whose
/// candidates, and whose common excluders' candidates, are unchanged
/// were met by the last walk too (each was a base cell, with the same
/// common excluders or more; a triplet's third among the pair's possible
/// excluders) and found nothing; with the same excluders or fewer they
/// find nothing now either. So are three cells whose changed excluders
/// cannot be emptied by them, if two unchanged ones had them met. Only
/// the other pairs ([`search_pairs`]) and three cells ([`any_exclusion`])
/// are tried.
struct LastSearched {
    /// The candidates of each cell, none for a placed one.
    masks: [u16; 81],
    /// Whether `masks` is a position searched, with nothing found and no
    /// single candidate.
    valid: bool,
    /// The candidates of the position being searched.
    current: [u16; 81],
}

impl LastSearched {
    /// Nothing searched yet: the first search tries everything.
    const fn new() -> LastSearched {
        LastSearched {
            masks: [0; 81],
            valid: false,
            current: [0; 81],
        }
    }

    /// The cells whose candidates changed since the last position searched,
    /// or all of them when this position is not within it.
    fn changed(&mut self, marks: &Candidates) -> u128 {
        let empty = marks.empty_cells();
        let (mut changed, mut within) = (0u128, self.valid);
        for cell in 0..81 {
            let mask = if empty & (1 << cell) != 0 {
                marks.mask(cell)
            } else {
                0
            };
            self.current[cell] = mask;
            within &= mask & !self.masks[cell] == 0;
            if mask != self.masks[cell] {
                changed |= 1 << cell;
            }
        }
        if within {
            changed
        } else {
            (1u128 << 81) - 1
        }
    }

    /// Keeps the position just searched, if nothing was found in it and it
    /// holds no single candidate (`spoilt` otherwise).
    fn searched(&mut self, spoilt: bool) {
        self.valid = !spoilt;
        if !spoilt {
            self.masks = self.current;
        }
    }
}

thread_local! {
    /// The last position searched by [`aligned_pair_exclusion`].
    static LAST_PAIRS: std::cell::RefCell<LastSearched> =
        const { std::cell::RefCell::new(LastSearched::new()) };
    /// The last position searched by [`aligned_triplet_exclusion`].
    static LAST_TRIPLETS: std::cell::RefCell<LastSearched> =
        const { std::cell::RefCell::new(LastSearched::new()) };
}

/// Whether `cells` has two cells or more (without `count_ones`, slow on
/// 128 bits without a `popcnt` target feature).
fn at_least_two(cells: u128) -> bool {
    cells & cells.wrapping_sub(1) != 0
}

/// The cells that see two of `cells` or more.
fn seeing_two(cells: u128) -> u128 {
    let (mut once, mut twice) = (0u128, 0u128);
    for e in Cells(cells) {
        twice |= once & PEERS[e];
        once |= PEERS[e];
    }
    twice
}

/// Whether SE's walk met the cells `a`, `b` (the pair, `a < b`) and `c`
/// (the third) before, in another order: as the pair of the two smallest
/// with the largest third, or as the smallest and the largest with the
/// middle one third. A third cell has two or three candidates (`small`)
/// and sees a cell of the pair; the pair's common excluders are the
/// three's at least, so two of them are there whatever the order.
fn met_before(a: usize, b: usize, c: usize, small: u128) -> bool {
    let third =
        |x: usize, y: usize, z: usize| small & (1 << z) != 0 && PEERS[z] & (1 << x | 1 << y) != 0;
    if c > b {
        // The pair is the two smallest: met here first.
        false
    } else if c > a {
        // Pairs (a, c), then (a, b): met first as (a, c) with `b`.
        third(a, c, b)
    } else {
        // Pairs (c, a), (c, b), then (a, b).
        third(c, a, b) || third(c, b, a)
    }
}

/// Whether two of the three `base` cells hold the same two digits and see
/// each other and the third: the only way for the same-digit rule alone to
/// rule out a digit of the third (it takes one of the two, and the pair is
/// left one digit).
fn same_pair_seen(marks: &Candidates, base: [usize; 3]) -> bool {
    (0..3).any(|i| {
        let (j, k) = (base[(i + 1) % 3], base[(i + 2) % 3]);
        let sees = |x: usize, y: usize| PEERS[x] & (1 << y) != 0;
        marks.mask(j) == marks.mask(k)
            && marks.mask(j).count_ones() == 2
            && sees(j, k)
            && sees(base[i], j)
            && sees(base[i], k)
    })
}

/// The digits each of the three `base` cells loses, with `common` the
/// excluders: those in no three digits the cells can take together.
///
/// The first two cells' digits are tried in pairs, and the third's
/// possible digits with each pair found at once, as a mask: SE tries each
/// of the three digits in turn, to the same end.
fn excluded(marks: &Candidates, base: [usize; 3], common: u128) -> [u16; 3] {
    let masks = base.map(|c| marks.mask(c));
    let all = masks[0] | masks[1] | masks[2];
    // Only an excluder whose digits are all the base's can be emptied: one
    // of two digits `{p, q}` by any three holding both (`partners[p]` holds
    // `q`), one of three by those three digits.
    let mut partners = [0u16; 10];
    let (mut triples, mut count) = ([0u16; 20], 0);
    for e in Cells(common) {
        let digits = marks.mask(e);
        if digits & !all != 0 {
            continue;
        }
        if digits.count_ones() == 2 {
            let (p, q) = (digits.trailing_zeros(), 15 - digits.leading_zeros());
            partners[p as usize] |= 1 << q;
            partners[q as usize] |= 1 << p;
        } else {
            triples[count] = digits;
            count += 1;
        }
    }
    let triples = &triples[..count];
    if partners == [0; 10] && count == 0 && !same_pair_seen(marks, base) {
        // No excluder can be emptied, and only two cells holding the same
        // two digits and seeing each other, both seen by the third, could
        // rule a digit out by the same-digit rule alone.
        return [0; 3];
    }
    // The same digit is ruled out for two cells that see each other.
    let sees = |i: usize, j: usize| {
        if PEERS[base[i]] & (1 << base[j]) != 0 {
            !0u16
        } else {
            0
        }
    };
    let (same01, same02, same12) = (sees(0, 1), sees(0, 2), sees(1, 2));
    let mut allowed = [0u16; 3];
    for d0 in Digits(masks[0]) {
        let bit0 = 1u16 << d0;
        let second = masks[1] & !partners[d0 as usize] & !(bit0 & same01);
        let third = masks[2] & !partners[d0 as usize] & !(bit0 & same02);
        for d1 in Digits(second) {
            let bit1 = 1u16 << d1;
            let mut third = third & !partners[d1 as usize] & !(bit1 & same12);
            if d1 != d0 {
                for &digits in triples {
                    if digits & (bit0 | bit1) == bit0 | bit1 {
                        third &= !(digits & !(bit0 | bit1));
                    }
                }
            }
            if third != 0 {
                allowed[0] |= bit0;
                allowed[1] |= bit1;
                allowed[2] |= third;
                // Once the other two cells' digits are all allowed, one
                // three is enough for `d0`.
                if allowed[1] == masks[1] && allowed[2] == masks[2] {
                    break;
                }
            }
        }
        if allowed == masks {
            return [0; 3];
        }
    }
    [0, 1, 2].map(|i| masks[i] & !allowed[i])
}

#[cfg(test)]
mod tests {
    use super::super::{explain_with, memo::Memo, Context, Scale, Step, Technique};
    use super::{aligned_pair_exclusion, aligned_triplet_exclusion, Candidates, PEERS};
    use crate::{BitmaskSolver, Grid, Solver};

    /// The shipped serate puzzles (`tests/data/serate.txt`) whose ER is in
    /// `band`: each line, its puzzle and the bitmask solver's solution.
    fn serate_puzzles(
        band: std::ops::RangeInclusive<f32>,
    ) -> impl Iterator<Item = (&'static str, Grid, Grid)> {
        include_str!("../../tests/data/serate.txt")
            .lines()
            .filter(|l| !l.starts_with('#'))
            .filter_map(move |line| {
                let mut fields = line.split_whitespace();
                let (text, rating) = (fields.next()?, fields.next()?);
                let er: f32 = rating.split('/').next()?.parse().ok()?;
                band.contains(&er).then(|| {
                    let puzzle: Grid = text.parse().unwrap();
                    let solution = BitmaskSolver::new().solve(&puzzle).unwrap();
                    (line, puzzle, solution)
                })
            })
    }

    /// A rating's context with nothing remembered.
    fn fresh_context() -> Context {
        Context {
            unique: true,
            solution: None,
            memo: Memo::new(),
        }
    }

    /// At every position of the SE paths of the shipped serate puzzles rated
    /// 6.0 to 8.7 (the harder ones take long to explain in a test),
    /// wherever the search finds an exclusion (first on SE's list or not),
    /// it removes no digit of the solution, which the bitmask solver finds
    /// independently; and it does find some.
    #[test]
    fn exclusions_on_real_positions_keep_the_solution() {
        let mut found = 0;
        for (line, puzzle, solution) in serate_puzzles(6.0..=8.7) {
            let context = fresh_context();
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

    /// The base cells of an exclusion and the candidates they remove.
    type Exclusion<const N: usize> = ([usize; N], Vec<(usize, u8)>);

    /// The candidates of cell `c`, none for a placed one.
    fn count(marks: &Candidates, c: usize) -> u32 {
        if marks.empty_cells() & (1 << c) == 0 {
            0
        } else {
            marks.mask(c).count_ones()
        }
    }

    /// SE's base cells for an exclusion whose excluders hold two to
    /// `degree` candidates, written plainly: each base cell and its
    /// possible excluders, in the grid's order.
    fn plain_bases(marks: &Candidates, degree: u32) -> (Vec<usize>, Vec<Vec<usize>>) {
        let peers = |c: usize| (0..81).filter(move |&p| PEERS[c] & (1 << p) != 0);
        let mut base = Vec::new();
        let mut excluders: Vec<Vec<usize>> = vec![Vec::new(); 81];
        for (c, cell_excluders) in excluders.iter_mut().enumerate() {
            if count(marks, c) < 2 {
                continue;
            }
            let small: Vec<usize> = peers(c)
                .filter(|&p| (2..=degree).contains(&count(marks, p)))
                .collect();
            if peers(c).all(|p| count(marks, p) != 1) && !small.is_empty() {
                base.push(c);
                *cell_excluders = small;
            }
        }
        (base, excluders)
    }

    /// SE's walk for the pair exclusion, written plainly and without the
    /// search's shortcuts (the last position searched, the excluders
    /// holding no digit of a cell): every pair of base cells by its second
    /// cell, then its first, every two digits tried. The two cells and
    /// what they remove, for the first pair that removes something.
    fn se_pair_walk(marks: &Candidates) -> Option<Exclusion<2>> {
        let (base, excluders) = plain_bases(marks, 2);
        for n2 in 1..base.len() {
            for n1 in 0..n2 {
                let (c0, c1) = (base[n1], base[n2]);
                let common: Vec<usize> = excluders[c0]
                    .iter()
                    .copied()
                    .filter(|e| excluders[c1].contains(e))
                    .collect();
                if common.len() < 2 {
                    continue;
                }
                let mut allowed = [0u16; 2];
                for d0 in marks.digits(c0) {
                    for d1 in marks.digits(c1) {
                        let clash = d0 == d1 && PEERS[c0] & (1 << c1) != 0;
                        let taken = 1u16 << d0 | 1 << d1;
                        let emptied = common.iter().any(|&e| marks.mask(e) & !taken == 0);
                        if !clash && !emptied {
                            allowed[0] |= 1 << d0;
                            allowed[1] |= 1 << d1;
                        }
                    }
                }
                let gone: Vec<(usize, u8)> = [c0, c1]
                    .iter()
                    .zip(allowed)
                    .flat_map(|(&cell, allowed)| {
                        marks
                            .digits(cell)
                            .filter(move |&d| allowed & (1 << d) == 0)
                            .map(move |d| (cell, d))
                    })
                    .collect();
                if !gone.is_empty() {
                    return Some(([c0, c1], gone));
                }
            }
        }
        None
    }

    /// Made-up positions (pencil marks of four to seven candidates a cell,
    /// no puzzle behind them) for `round`, taken away one candidate at a
    /// time down to two a cell: `visit` sees each position, so that a
    /// search remembering the last position meets changes of every kind.
    fn thinning_positions(round: u64, mut visit: impl FnMut(&Candidates)) {
        let mut seed = round;
        let mut next = |below: u64| {
            seed = seed.wrapping_mul(6_364_136_223_846_793_005).wrapping_add(1);
            (seed >> 33) % below
        };
        let mut pencil = [0u16; 81];
        for mask in &mut pencil {
            while mask.count_ones() < 5 + next(4) as u32 {
                *mask |= 1 << (1 + next(9));
            }
        }
        let mut marks = Candidates::with_pencil_marks(&Grid::EMPTY, &pencil);
        for _ in 0..400 {
            let cell = next(81) as usize;
            let digits: Vec<u8> = marks.digits(cell).collect();
            if digits.len() <= 2 {
                continue;
            }
            marks.eliminate(cell, digits[next(digits.len() as u64) as usize]);
            visit(&marks);
        }
    }

    /// On made-up positions thinning out ([`thinning_positions`]) in
    /// `rounds`, `search` finds at every position what `walk`, SE's walk
    /// written plainly, finds: the same base cells first, the same
    /// eliminations. The search remembers the last position it searched in
    /// vain, so the changes since reach it one by one, in every kind of
    /// cell. Each kind of outcome comes often: more than 500 exclusions, and
    /// more than 500 searches right after one that found nothing.
    fn finds_what_the_walk_finds_as_candidates_go<const N: usize>(
        rounds: std::ops::Range<u64>,
        walk: fn(&Candidates) -> Option<Exclusion<N>>,
        search: fn(&Candidates, &Context, &mut Step) -> bool,
    ) {
        let context = fresh_context();
        let mut step = Step::new(Technique::FullHouse);
        let (mut found, mut searched_after_nothing) = (0, 0);
        for round in rounds {
            let mut nothing_before = false;
            thinning_positions(round, |marks| {
                let expected = walk(marks);
                let hit = search(marks, &context, &mut step);
                assert_eq!(hit, expected.is_some(), "round {round}");
                searched_after_nothing += usize::from(nothing_before);
                nothing_before = !hit;
                if let Some((cells, gone)) = expected {
                    found += 1;
                    assert_eq!(step.cells[..N], cells, "{step} in round {round}");
                    assert_eq!(step.eliminations, gone, "{step} in round {round}");
                }
            });
        }
        assert!(
            found > 500 && searched_after_nothing > 500,
            "{found} {searched_after_nothing}"
        );
    }

    /// The pair exclusion, which tries again only the pairs that changed.
    #[test]
    fn the_pair_search_finds_what_ses_walk_finds_as_candidates_go() {
        finds_what_the_walk_finds_as_candidates_go(0..8, se_pair_walk, aligned_pair_exclusion);
    }

    /// SE's walk for the triplet exclusion, written as SE's code reads and
    /// without any of the search's shortcuts (the pairs and thirds that
    /// see two common excluders, the three cells met before, the last
    /// position searched): every pair of base cells in SE's order, every
    /// third of the twin area, every three digits tried one by one. The
    /// three cells and what they remove, for the first that removes
    /// something.
    fn se_triplet_walk(marks: &Candidates) -> Option<Exclusion<3>> {
        let (base, excluders) = plain_bases(marks, 3);
        for n2 in 1..base.len() {
            for n1 in 0..n2 {
                let (c0, c1) = (base[n1], base[n2]);
                let mut twin: Vec<usize> = Vec::new();
                for &e in excluders[c0].iter().chain(&excluders[c1]) {
                    if !twin.contains(&e) && base.contains(&e) && e != c0 && e != c1 {
                        twin.push(e);
                    }
                }
                for &c2 in &twin {
                    let cells = [c0, c1, c2];
                    let common: Vec<usize> = excluders[c0]
                        .iter()
                        .copied()
                        .filter(|e| excluders[c1].contains(e) && excluders[c2].contains(e))
                        .collect();
                    if common.len() < 2 {
                        continue;
                    }
                    let mut allowed = [0u16; 3];
                    for d0 in marks.digits(c0) {
                        for d1 in marks.digits(c1) {
                            for d2 in marks.digits(c2) {
                                let digits = [d0, d1, d2];
                                let clash = (0..3).any(|i| {
                                    (i + 1..3).any(|j| {
                                        digits[i] == digits[j]
                                            && PEERS[cells[i]] & (1 << cells[j]) != 0
                                    })
                                });
                                let taken = digits.iter().fold(0u16, |m, &d| m | 1 << d);
                                let emptied = common.iter().any(|&e| marks.mask(e) & !taken == 0);
                                if !clash && !emptied {
                                    for i in 0..3 {
                                        allowed[i] |= 1 << digits[i];
                                    }
                                }
                            }
                        }
                    }
                    let gone: Vec<(usize, u8)> = (0..3)
                        .flat_map(|i| {
                            let cell = cells[i];
                            marks
                                .digits(cell)
                                .filter(move |&d| allowed[i] & (1 << d) == 0)
                                .map(move |d| (cell, d))
                        })
                        .collect();
                    if !gone.is_empty() {
                        return Some((cells, gone));
                    }
                }
            }
        }
        None
    }

    /// At every position of the SE paths of the shipped serate puzzles
    /// rated 7.5 to 9.1 (one in four), in order (so that the search mostly
    /// starts from the last position it searched, as it does when rating),
    /// the triplet exclusion finds what the literal walk above finds: the
    /// same three cells first, removing the same digits, none of them the
    /// solution's (the bitmask solver's). Some are found, and the hint
    /// lists the excluders after the three cells.
    #[test]
    fn the_triplet_search_finds_what_ses_walk_finds() {
        let (mut found, mut seed) = (0, 1u64);
        // One in four, for a test of a few seconds.
        for (line, puzzle, solution) in serate_puzzles(7.5..=9.1).step_by(4) {
            let context = fresh_context();
            let mut marks = Candidates::new(&puzzle);
            let mut step = Step::new(Technique::FullHouse);
            for taken in explain_with(&puzzle, Scale::Se) {
                // The position, then the same with up to two more wrong
                // candidates gone (cells of three candidates or more), as
                // no path goes: the search starts from the last position
                // with other changes.
                let mut fewer = marks.clone();
                for _ in 0..2 {
                    seed = seed.wrapping_mul(6_364_136_223_846_793_005).wrapping_add(1);
                    let cell = (seed >> 33) as usize % 81;
                    let wrong = fewer
                        .digits(cell)
                        .filter(|&d| d != solution.cells()[cell])
                        .nth((seed >> 40) as usize % 3);
                    if let (Some(digit), true) = (wrong, fewer.mask(cell).count_ones() >= 3) {
                        fewer.eliminate(cell, digit);
                    }
                }
                for position in [&marks, &fewer] {
                    let expected = se_triplet_walk(position);
                    let hit = aligned_triplet_exclusion(position, &context, &mut step);
                    assert_eq!(hit, expected.is_some(), "{line}");
                    if let Some((cells, gone)) = expected {
                        found += 1;
                        assert_eq!(step.technique, Technique::AlignedTripletExclusion);
                        assert_eq!(step.cells[..3], cells, "{step} in {line}");
                        assert!(step.cells.len() >= 5, "{step} in {line}");
                        assert_eq!(step.eliminations, gone, "{step} in {line}");
                        for &(cell, digit) in &gone {
                            assert_ne!(solution.cells()[cell], digit, "{step} in {line}");
                        }
                    }
                }
                marks.apply(&taken);
            }
        }
        assert!(found > 20, "{found} exclusions");
    }

    /// The triplet exclusion, which tries again only the three cells that
    /// changed.
    #[test]
    fn the_triplet_search_finds_what_ses_walk_finds_as_candidates_go() {
        // Rounds of 600 tried with the search wrong in one way or another:
        // taking three cells whose common excluders only changed, where the
        // last walk had not met them, was caught in round 109 alone.
        finds_what_the_walk_finds_as_candidates_go(
            104..114,
            se_triplet_walk,
            aligned_triplet_exclusion,
        );
    }
}
