//! Skyscraper and 2-String Kite: two conjugate pairs of one digit joined by a
//! weak link.
//!
//! A conjugate pair is a unit where the digit has exactly two places, so one
//! of them holds it. If one end of the first pair sees one end of the second,
//! those two ends cannot both hold the digit, so one of the two *other* ends
//! does: the digit leaves every cell that sees both of them.
//!
//! SE's strong-link chains generalise them: two to four strong links, some
//! of them grouped, end to end ([`turbot_fish`], [`three_strong_links`],
//! [`four_strong_links`]), and from three links on, the loops among them.

use super::candidates::{unit_of, Candidates, Cells, CELL_UNITS, CELL_UNIT_BITS, PEERS, UNIT_MASK};
use super::memo::DigitSearch;
use super::{Context, Step, Technique};

/// The conjugate pairs of `digit` in units `units`: (unit, first cell, second cell).
fn pairs(
    marks: &Candidates,
    digit: u8,
    units: std::ops::Range<usize>,
) -> Vec<(usize, usize, usize)> {
    let mut out = Vec::new();
    for u in units {
        let m = marks.digit_cells(digit) & UNIT_MASK[u];
        if m.count_ones() == 2 {
            let a = m.trailing_zeros() as usize;
            let b = (m & (m - 1)).trailing_zeros() as usize;
            out.push((u, a, b));
        }
    }
    out
}

/// Records the step if cells seeing both `end1` and `end2` lose the digit.
#[allow(clippy::too_many_arguments)]
fn eliminate(
    marks: &Candidates,
    digit: u8,
    technique: Technique,
    cells: [usize; 4],
    units: [usize; 2],
    end1: usize,
    end2: usize,
    step: &mut Step,
) -> bool {
    let pattern = cells.iter().fold(0u128, |a, &c| a | 1 << c);
    let removed = marks.digit_cells(digit) & PEERS[end1] & PEERS[end2] & !pattern;
    if removed == 0 {
        return false;
    }
    step.reset(technique);
    step.cells.extend(cells);
    step.units.extend(units.map(unit_of));
    step.eliminations.extend(Cells(removed).map(|c| (c, digit)));
    true
}

/// Two parallel conjugate pairs with one end each in a shared cross line.
pub(super) fn skyscraper(marks: &Candidates, _: &Context, step: &mut Step) -> bool {
    for digit in 1..=9u8 {
        for (range, cross) in [(0..9, 1usize), (9..18, 0usize)] {
            let lines = pairs(marks, digit, range);
            for (i, &(u1, a1, b1)) in lines.iter().enumerate() {
                for &(u2, a2, b2) in &lines[i + 1..] {
                    // Try each end of each pair as the joined one.
                    for (p, q) in [(a1, b1), (b1, a1)] {
                        for (r, s) in [(a2, b2), (b2, a2)] {
                            let same =
                                |x: usize, y: usize| CELL_UNITS[x][cross] == CELL_UNITS[y][cross];
                            if same(p, r)
                                && !same(q, s)
                                && eliminate(
                                    marks,
                                    digit,
                                    Technique::Skyscraper,
                                    [p, q, r, s],
                                    [u1, u2],
                                    q,
                                    s,
                                    step,
                                )
                            {
                                return true;
                            }
                        }
                    }
                }
            }
        }
    }
    false
}

/// A row pair and a column pair with one end each in the same box.
pub(super) fn two_string_kite(marks: &Candidates, _: &Context, step: &mut Step) -> bool {
    for digit in 1..=9u8 {
        let rows = pairs(marks, digit, 0..9);
        let cols = pairs(marks, digit, 9..18);
        for &(u1, a1, b1) in &rows {
            for &(u2, a2, b2) in &cols {
                for (p, q) in [(a1, b1), (b1, a1)] {
                    for (r, s) in [(a2, b2), (b2, a2)] {
                        let distinct = p != r && p != s && q != r && q != s;
                        if distinct
                            && CELL_UNITS[p][2] == CELL_UNITS[r][2]
                            && CELL_UNITS[q][2] != CELL_UNITS[p][2]
                            && CELL_UNITS[s][2] != CELL_UNITS[p][2]
                            && eliminate(
                                marks,
                                digit,
                                Technique::TwoStringKite,
                                [p, q, r, s],
                                [u1, u2],
                                q,
                                s,
                                step,
                            )
                        {
                            return true;
                        }
                    }
                }
            }
        }
    }
    false
}

/// One strong link of a digit for [`turbot_fish`]: the digit is in `a` or
/// in `b` (both groups of cells of `unit`, which holds the digit nowhere
/// else).
#[derive(Clone, Copy)]
struct Link {
    unit: usize,
    a: u128,
    b: u128,
    /// Either end has more than one cell (SE's grouped link).
    grouped: bool,
}

impl Link {
    fn new(unit: usize, a: u128, b: u128, grouped: bool) -> Link {
        Link {
            unit,
            a,
            b,
            grouped,
        }
    }
}

/// The cells seeing every cell of `group` (a chain's eliminations see both
/// its ends) and the units holding all of them, a bit per unit: from the
/// tables for one cell, as most link ends are.
fn reach_of(group: u128) -> (u128, u32) {
    // A link's ends are never empty.
    debug_assert!(group != 0);
    let first = group.trailing_zeros() as usize;
    if group & (group - 1) == 0 {
        return (PEERS[first], CELL_UNIT_BITS[first]);
    }
    let seeing = Cells(group).fold(!0u128, |acc, c| acc & PEERS[c]);
    let holding = CELL_UNITS[first]
        .iter()
        .filter(|&&u| group & !UNIT_MASK[u as usize] == 0)
        .fold(0, |acc, &u| acc | 1 << u);
    (seeing, holding)
}

/// The strong links of `digit`, as SE's two-link search takes them: a unit
/// with two places (a box's two places on one line count as that line's
/// link only), a line whose places fill two of its three box segments, and
/// a box whose places lie on the cross of one row and one column, each arm
/// holding a place off the crossing (the empty rectangle), or else four to
/// six places in two of its rows or columns ([`box_groups`]).
fn strong_links(marks: &Candidates, digit: u8, links: &mut Vec<Link>) {
    let all = marks.digit_cells(digit);
    links.clear();
    // At most one link per unit: one allocation at most, not a growth.
    links.reserve(27);
    for (u, &unit_mask) in UNIT_MASK.iter().enumerate() {
        let places = all & unit_mask;
        // Places counted by bit tests (`count_ones` on 128 bits is slow
        // without a `popcnt` target feature): none or one, no link; more
        // than two, a link only as below (a line's places then fill two
        // segments, six cells at most; a box's lie on a cross, five).
        if places & places.wrapping_sub(1) == 0 {
            continue;
        }
        let rest = places & (places - 1);
        if rest & (rest - 1) == 0 {
            let a = places.trailing_zeros() as usize;
            let b = rest.trailing_zeros() as usize;
            let same_line =
                CELL_UNITS[a][0] == CELL_UNITS[b][0] || CELL_UNITS[a][1] == CELL_UNITS[b][1];
            if u >= 18 && same_line {
                continue;
            }
            links.push(Link::new(u, 1 << a, 1 << b, false));
        } else if u < 18 {
            // The places' box segments: a link when there are exactly two.
            let (mut segments, mut n) = ([0u128; 3], 0);
            for &box_mask in &UNIT_MASK[18..27] {
                let m = places & box_mask;
                if m != 0 {
                    if n == 2 {
                        n = 3;
                        break;
                    }
                    segments[n] = m;
                    n += 1;
                }
            }
            if n == 2 {
                links.push(Link::new(u, segments[0], segments[1], true));
            }
        } else if let Some((a, b)) = box_groups(places, unit_mask) {
            links.push(Link::new(u, a, b, true));
        }
    }
}

/// The two groups of a box's grouped strong link (places `places`, more
/// than two, of the box `unit_mask`), as SE takes them: the row and the
/// column of a cross of the box holding every place, each with a place off
/// the crossing (the empty rectangle; crossings tried in the box's order);
/// otherwise, with four to six places, two of the box's rows (leaving out
/// its third row, then its second, then its first) or else two of its
/// columns holding every place.
fn box_groups(places: u128, unit_mask: u128) -> Option<(u128, u128)> {
    for heart in Cells(unit_mask) {
        let row = places & UNIT_MASK[CELL_UNITS[heart][0] as usize];
        let col = places & UNIT_MASK[CELL_UNITS[heart][1] as usize];
        let off = !(1u128 << heart);
        if places & !(row | col) == 0 && row & off != 0 && col & off != 0 {
            return Some((row, col));
        }
    }
    // Rare (no cross holds them): counted plainly.
    if !(4..=6).contains(&places.count_ones()) {
        return None;
    }
    let first = unit_mask.trailing_zeros() as usize;
    for kind in 0..2 {
        // The box's three rows (or columns), in order.
        let lines: [u128; 3] = std::array::from_fn(|i| {
            let cell = if kind == 0 { first + 9 * i } else { first + i };
            unit_mask & UNIT_MASK[CELL_UNITS[cell][kind] as usize]
        });
        for empty in (0..3).rev() {
            if places & lines[empty] != 0 {
                continue;
            }
            let [a, b] = match empty {
                2 => [lines[0], lines[1]],
                1 => [lines[0], lines[2]],
                _ => [lines[1], lines[2]],
            };
            return Some((places & a, places & b));
        }
    }
    None
}

/// SE's score of a chain of strong links, in tenths: 4.0 for two links,
/// 5.4 for three and 5.8 for four, 0.3 more with a grouped link, otherwise
/// 0.1 more when the links mix a box with a line or rows with columns, and
/// 0.2 more when they hold a box, a row and a column.
fn chain_tenths<'a>(links: impl Iterator<Item = &'a Link> + Clone) -> u16 {
    let base = match links.clone().count() {
        2 => 40,
        3 => 54,
        _ => 58,
    };
    if links.clone().any(|l| l.grouped) {
        return base + 3;
    }
    let has = |r: std::ops::Range<usize>| links.clone().any(|l| r.contains(&l.unit));
    let (rows, cols, boxes) = (has(0..9), has(9..18), has(18..27));
    base + match (boxes, rows && cols) {
        (false, false) => 0,
        (true, true) => 2,
        _ => 1,
    }
}

/// Depth-first search for chains of `len` strong links of `digit`: each
/// link's far end lies in one unit with the next link's near end, so the
/// chain's first start or last end holds the digit (and, in a loop, one
/// end of every weak link). Keeps the first chain
/// found with the lowest score listed in `scores`.
struct ChainSearch<'a> {
    marks: &'a Candidates,
    digit: u8,
    scores: &'a [u16],
    len: usize,
    /// The chain so far: the ends it takes its links by (see
    /// [`DigitLinks::ends`]).
    chain: Vec<usize>,
    /// The digit's cells seeing all of the chain's start, not on the chain:
    /// the most it can eliminate.
    reach: u128,
    best: Option<Step>,
    /// The links' ends, indexed (see [`ChainSearch::extend`]).
    ends: &'a DigitLinks,
    /// The link the chain starts with, by its index.
    first: usize,
    /// Whether a chain whose two ends share a unit counts, as SE's X-loop
    /// of strong links (its three- and four-link searches).
    rings: bool,
}

/// A digit's strong links ([`strong_links`]) with the indexes of their
/// ends that [`ChainSearch`] reads: all worked out from the digit's cells
/// alone, so the memo keeps them while those stay the same.
pub(super) struct DigitLinks {
    links: Vec<Link>,
    /// End `2 * i` takes link `i` from `a` to `b`, `2 * i + 1` from `b` to
    /// `a`: each with its near and far places as the chain reads them.
    ends: Vec<End>,
    /// Every link end, a bit each (see [`ChainSearch::extend`]).
    all_ends: u64,
    /// `ends_in[u]`: the link ends whose near end lies in unit `u`.
    ends_in: [u64; 27],
    /// `crossing[i]`: the ends of the links sharing a cell with link `i`
    /// (itself included), which a chain holding link `i` cannot take.
    crossing: [u64; 27],
}

impl DigitLinks {
    /// No links (a memo slot not filled yet).
    pub(super) fn empty() -> DigitLinks {
        DigitLinks {
            links: Vec::new(),
            ends: Vec::new(),
            all_ends: 0,
            ends_in: [0; 27],
            crossing: [0; 27],
        }
    }

    /// Works out the links of `digit` in `marks`, in place of these.
    fn renew(&mut self, marks: &Candidates, digit: u8) {
        strong_links(marks, digit, &mut self.links);
        self.ends.clear();
        self.ends.reserve(2 * self.links.len());
        for link in &self.links {
            let places = link.a | link.b;
            let ((sees_a, units_a), (sees_b, units_b)) = (reach_of(link.a), reach_of(link.b));
            // From `a` to `b`, then from `b` to `a`.
            for (sees_near, sees_far, near_units, far_units) in [
                (sees_a, sees_b, units_a, units_b),
                (sees_b, sees_a, units_b, units_a),
            ] {
                self.ends.push(End {
                    places,
                    sees_near,
                    sees_far,
                    near_units,
                    far_units,
                });
            }
        }
        // At most one link per unit: 54 ends.
        self.all_ends = (1u64 << (2 * self.links.len())) - 1;
        self.ends_in = [0; 27];
        // The ends of the links through each cell.
        let mut ends_at = [0u64; 81];
        for (e, end) in self.ends.iter().enumerate() {
            for u in Units(end.near_units) {
                self.ends_in[u] |= 1 << e;
            }
        }
        for (i, link) in self.links.iter().enumerate() {
            for c in Cells(link.a | link.b) {
                ends_at[c] |= 3 << (2 * i);
            }
        }
        for (i, link) in self.links.iter().enumerate() {
            self.crossing[i] = Cells(link.a | link.b).fold(0, |acc, c| acc | ends_at[c]);
        }
    }
}

/// A link taken one way: the cells of its link, what sees all of the end
/// it is entered by (near) and left by (far), and the units holding each.
struct End {
    places: u128,
    sees_near: u128,
    sees_far: u128,
    near_units: u32,
    far_units: u32,
}

/// The units of a bit set of units.
struct Units(u32);

impl Iterator for Units {
    type Item = usize;

    fn next(&mut self) -> Option<usize> {
        (self.0 != 0).then(|| {
            let u = self.0.trailing_zeros() as usize;
            self.0 &= self.0 - 1;
            u
        })
    }
}

impl ChainSearch<'_> {
    /// True when the search can stop: a chain with the least listed score
    /// was found, and nothing found later can come before it.
    fn extend(&mut self, used: u128, blocked: u64) -> bool {
        let len = self.len;
        let ends = self.ends;
        if self.chain.len() == len {
            let start_units = ends.ends[self.chain[0]].near_units;
            let last = &ends.ends[self.chain[len - 1]];
            let ring = start_units & last.far_units != 0;
            let mut removed = self.reach & last.sees_far;
            if ring {
                if !self.rings {
                    return false;
                }
                // Every weak link of a ring is also strong: one of its two
                // ends holds the digit, so cells seeing both lose it.
                for pair in self.chain.windows(2) {
                    let (far, near) = (&ends.ends[pair[0]], &ends.ends[pair[1]]);
                    removed |= far.sees_far & near.sees_near;
                }
                removed &= self.marks.digit_cells(self.digit);
            }
            removed &= !used;
            if removed == 0 {
                return false;
            }
            let links = self.chain.iter().map(|&e| &ends.links[e / 2]);
            let tenths = chain_tenths(links.clone());
            if !self.scores.contains(&tenths)
                || self.best.as_ref().is_some_and(|b| b.tenths <= tenths)
            {
                return false;
            }
            let mut step = Step::new(match len {
                2 => Technique::TurbotFish,
                3 => Technique::ThreeStrongLinks,
                _ => Technique::FourStrongLinks,
            });
            step.cells.extend(Cells(used));
            step.units.extend(links.map(|l| unit_of(l.unit)));
            step.eliminations
                .extend(Cells(removed).map(|c| (c, self.digit)));
            step.tenths = tenths;
            self.best = Some(step);
            return tenths == self.scores[0];
        }
        // The ends that may come next: any first, then those whose near
        // end shares a unit with the last far end. End `2 * i` takes link
        // `i` from `a` to `b`, `2 * i + 1` from `b` to `a`: bit order is the
        // order SE's search meets them in.
        // Less those of links sharing a cell with the chain (`blocked`).
        let mut next = match self.chain.last() {
            None => ends.all_ends,
            Some(&last) => {
                Units(ends.ends[last].far_units).fold(0u64, |acc, u| acc | ends.ends_in[u])
            }
        } & !blocked;
        // The last link: not one listed before the first. A chain and its
        // reverse have the same eliminations and score, and the search
        // meets first the one whose first end comes first: the reverse of
        // a chain ending on an earlier link than it starts on was met
        // before it, and whatever that one did (kept as the best, or not
        // better than it), this one, of the same score, would not change.
        if self.chain.len() + 1 == len && len >= 2 {
            next &= !((1u64 << (2 * self.first)) - 1);
        }
        while next != 0 {
            let e = next.trailing_zeros() as usize;
            next &= next - 1;
            let end = &ends.ends[e];
            let places = end.places;
            debug_assert_eq!(places & used, 0);
            let outer = self.reach;
            if self.chain.is_empty() {
                self.reach = self.marks.digit_cells(self.digit) & end.sees_near;
                self.first = e / 2;
            }
            // Whatever an open chain eliminates is in `reach`, off the
            // chain (a ring's weak links eliminate too).
            if !self.rings && self.reach & !(used | places) == 0 {
                self.reach = outer;
                continue;
            }
            // The last link: reject here what the complete chain's check
            // would (an open chain seeing nothing from both ends, or a ring
            // where rings are not sought), without pushing and recursing
            // for it.
            if self.chain.len() + 1 == len {
                let closes = ends.ends[self.chain[0]].near_units & end.far_units != 0;
                let barren = if closes {
                    !self.rings
                } else {
                    self.reach & end.sees_far & !(used | places) == 0
                };
                if barren {
                    self.reach = outer;
                    continue;
                }
            }
            self.chain.push(e);
            let done = self.extend(used | places, blocked | ends.crossing[e / 2]);
            self.chain.pop();
            self.reach = outer;
            if done {
                return true;
            }
        }
        false
    }
}

/// Finds a chain of `len` strong links, lowest SE score first (SE sorts
/// its candidates by score and takes the first), then digits in order.
fn strong_link_chain(
    marks: &Candidates,
    context: &Context,
    len: usize,
    scores: &[u16],
    step: &mut Step,
) -> bool {
    let memo_key = match len {
        2 => DigitSearch::TurbotFish,
        3 => DigitSearch::ThreeStrongLinks,
        _ => DigitSearch::FourStrongLinks,
    };
    // Each digit's search depends on its cells alone: skip the barren ones
    // (a digit skipped finds no chain, as a digit searched in vain).
    let live = context.memo.live_digits(memo_key, marks);
    let mut best: Option<Step> = None;
    // Buffers shared by the digits' searches, at their largest.
    let mut chain = Vec::with_capacity(len);
    for digit in super::candidates::Digits(live) {
        let ends = context
            .memo
            .strong_links(digit, marks.digit_cells(digit), |links| {
                links.renew(marks, digit)
            });
        chain.clear();
        let mut search = ChainSearch {
            marks,
            digit,
            scores,
            len,
            chain: std::mem::take(&mut chain),
            reach: 0,
            best: None,
            ends: &ends,
            first: 0,
            rings: len > 2,
        };
        let done = search.extend(0, 0);
        chain = std::mem::take(&mut search.chain);
        if search.best.is_none() {
            context.memo.barren_digits(memo_key, marks, 1 << digit);
        }
        if let Some(found) = search.best {
            if best.as_ref().is_none_or(|b| found.tenths < b.tenths) {
                best = Some(found);
            }
        }
        if done {
            break;
        }
    }
    match best {
        Some(found) => {
            *step = found;
            true
        }
        None => false,
    }
}

/// Sudoku Explainer's Turbot Fish (its two-strong-link search): two strong
/// links of a digit, in any units, with disjoint places, one end of each
/// lying in one unit with one end of the other; one of the two other ends
/// holds the digit, so it leaves every cell that sees both of them. SE
/// scores it 4.0 when both links are plain and in parallel lines (the
/// Skyscraper), 4.1 for other plain links, 4.3 with a grouped link; like
/// SE, the lowest score is taken first.
pub(super) fn turbot_fish(marks: &Candidates, context: &Context, step: &mut Step) -> bool {
    strong_link_chain(marks, context, 2, &[40, 41, 43], step)
}

/// SE's three strong links (3 Skyscrapers, 3-String Kite, 3 Turbot Fish):
/// the Turbot Fish with one more link, scored 5.4 to 5.7. A chain whose
/// two ends share a unit is SE's X-loop of three strong links: then each
/// weak link holds the digit at one of its ends (a loop of n strong links
/// and n weak ones has exactly n true ends), so a cell seeing both ends of
/// any weak link loses it too.
///
/// SE's search meets these loops before its X-cycles (6.5) and scores
/// them as the chain; they take the short X-cycles' place on its paths.
pub(super) fn three_strong_links(marks: &Candidates, context: &Context, step: &mut Step) -> bool {
    strong_link_chain(marks, context, 3, &[54, 55, 56, 57], step)
}

/// SE's four strong links (its "4 Strong links", "Grouped 4 Strong links"):
/// the chain of three strong links with a fourth, on the same links and
/// the same rules (loops included), scored 5.8 to 6.1. SE tries it after
/// the BUG and before the VWXYZ-Wing; its five and six links are off in
/// its default settings.
pub(super) fn four_strong_links(marks: &Candidates, context: &Context, step: &mut Step) -> bool {
    strong_link_chain(marks, context, 4, &[58, 59, 60, 61], step)
}

#[cfg(test)]
mod tests {
    use super::box_groups;
    use crate::rate::candidates::UNIT_MASK;

    fn cells(list: &[usize]) -> u128 {
        list.iter().fold(0, |m, &c| m | 1 << c)
    }

    /// Box 1 (cells 0-2, 9-11, 18-20): a cross first, then two rows, then
    /// two columns, as SE tries its configurations.
    #[test]
    fn a_box_links_its_cross_then_two_rows_then_two_columns() {
        let box1 = UNIT_MASK[18];
        // The cross of r1c1: row 1 (r1c1, r1c3) and column 1 (r1c1, r3c1).
        assert_eq!(
            box_groups(cells(&[0, 2, 18]), box1),
            Some((cells(&[0, 2]), cells(&[0, 18])))
        );
        // Four places in rows 1 and 2, on no cross.
        assert_eq!(
            box_groups(cells(&[0, 2, 10, 11]), box1),
            Some((cells(&[0, 2]), cells(&[10, 11])))
        );
        // Rows 1 and 3 (row 2 empty).
        assert_eq!(
            box_groups(cells(&[0, 1, 19, 20]), box1),
            Some((cells(&[0, 1]), cells(&[19, 20])))
        );
        // Every row used: columns 1 and 3.
        assert_eq!(
            box_groups(cells(&[0, 9, 2, 20]), box1),
            Some((cells(&[0, 9]), cells(&[2, 20])))
        );
        // Three places on no cross, seven places, and four in three rows and
        // three columns: no link.
        assert_eq!(box_groups(cells(&[0, 10, 20]), box1), None);
        assert_eq!(box_groups(cells(&[0, 1, 2, 9, 10, 11, 18]), box1), None);
        assert_eq!(box_groups(cells(&[0, 1, 11, 19]), box1), None);
    }
}
