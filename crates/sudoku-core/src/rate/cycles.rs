//! Sudoku Explainer's bidirectional cycles: loops of candidates joined
//! alternately by "on implies off" and "off implies on" links.
//!
//! A Y-cycle is a loop of bivalue cells: each cell sees the next and shares
//! a digit with it, and leaves by the digit it did not enter by. An X-cycle
//! is a loop of one digit's places, a conjugate pair (the only two places
//! in a unit) for every "off implies on" link. A cycle with both kinds of
//! link is SE's "bidirectional cycle". Going round one way, every "on"
//! candidate holds; the other way, every "off" one does. One of the two
//! holds, so a candidate that sees a loop candidate of its digit that holds
//! in one direction and one that holds in the other is false either way.
//!
//! SE scores X- and Y-cycles 6.5 and cycles with both kinds of link 7.0,
//! plus the length increment over the cycle's candidates: a short loop can
//! rate below the forcing chain (6.6-7.0) that makes the same elimination.
//! Which loops SE sees depends on how it searches: breadth first from each candidate
//! assumed true, reaching each "on" candidate once (by its first way) but
//! each "off" candidate by every way, and a loop is a way back to the
//! start. This module searches the same way, so it finds the loops SE
//! finds and no others.

use super::candidates::{Candidates, Cells, Digits, LinkTable, ALL_DIGITS, PEERS};
use super::closure::{Closure, Graph};

/// A loop found: its cells, its complexity (SE's count of its distinct
/// candidates) and what it removes.
pub(super) struct Cycle {
    pub cells: Vec<usize>,
    pub complexity: usize,
    pub eliminations: Vec<(usize, u8)>,
}

/// The links a cycle search follows, as SE's three searches do.
#[derive(Clone, Copy, PartialEq, Eq)]
pub(super) enum Links {
    /// Conjugate pairs of one digit: "off" turns the digit's only other
    /// place in a unit on; "on" turns the digit off in the peers only.
    X,
    /// Bivalue cells: "off" turns the cell's other digit on; "on" turns the
    /// cell's other digits and the digit's peers off. Starts from bivalue
    /// cells only.
    Y,
    /// Both.
    Xy,
}

impl Links {
    fn y(self) -> bool {
        self != Links::X
    }

    fn x(self) -> bool {
        self != Links::Y
    }
}

/// A candidate and a truth value: `(cell * 9 + digit - 1) * 2 + on`.
type State = usize;

fn state(cell: usize, digit: u8, on: bool) -> State {
    (cell * 9 + digit as usize - 1) * 2 + usize::from(on)
}

fn split(s: State) -> (usize, u8, bool) {
    let (cell, digit) = super::candidates::candidate_parts(s / 2);
    (cell, digit, s % 2 == 1)
}

/// One step of a search: its state and the node it came from.
struct Node {
    state: State,
    parent: Option<u32>,
    /// The states on the way to it, hashed to one bit each: a state whose
    /// bit is clear is not among them, which spares most walks up the path.
    ancestors: u64,
}

/// The bit of `state` in [`Node::ancestors`].
fn hash_bit(state: State) -> u64 {
    1 << ((state as u32).wrapping_mul(0x9E37_79B1) >> 26)
}

/// The cycle search of one position, for each kind of link in turn (see
/// [`Search::cycles`]).
pub(super) struct Search<'a> {
    marks: &'a Candidates,
    /// The links of every candidate, worked out once per kind of link.
    /// What a candidate turned on turns off lists only candidates that turn
    /// something on when off: the others cannot continue a loop, so the
    /// loops found are the same.
    table: LinkTable,
    nodes: Vec<Node>,
    on_seen: Vec<u32>,
    /// `barren[p] == stamp` when candidate `p` turned off leads nowhere
    /// new in the current search: every candidate it turns on is reached
    /// already, and none is the start. Reached candidates stay reached, so
    /// it stays barren, and looking that up spares reading what it turns on.
    barren: Vec<u32>,
    stamp: u32,
    /// `closing[p] == stamp` when candidate `p` turned on turns off one
    /// that turns the current start on: an "on" node of the last level
    /// closes a loop only from such a candidate (see [`Search::from`]).
    closing: Vec<u32>,
    /// Buffers of [`Search::from`], kept across starts: the "on" nodes of
    /// this level and the next.
    pending_on: Vec<u32>,
    next_on: Vec<u32>,
    /// Whether the last start's search stopped at its limit, with
    /// candidates still to extend.
    cut: bool,
    /// The graph of the table's links, and its strongly connected
    /// components: a loop never leaves its start's component.
    graph: LinkGraph,
    /// Whether starts whose component no loop can remove anything from
    /// are skipped (always, but in the test that checks that skipping
    /// them changes nothing).
    skips_barren_components: bool,
}

/// The links of a [`Search`]'s table as a [`Graph`] over states, its
/// components, and per component whether a loop in it may remove a
/// candidate ([`Closure::loop_may_remove`]): 0 not known yet, 1 may, 2
/// never.
#[derive(Default)]
struct LinkGraph {
    ranges: Vec<(u32, u32)>,
    targets: Vec<u16>,
    states: Vec<u16>,
    closure: Closure,
    loop_removes: Vec<u8>,
}

impl LinkGraph {
    /// The components of the links of `table`, built on the candidates
    /// of `digits` of `marks`.
    fn compute(&mut self, table: &LinkTable, marks: &Candidates, digits: u16) {
        self.ranges.resize(81 * 9 * 2, (0, 0));
        self.targets.clear();
        self.states.clear();
        for cell in Cells(marks.empty_cells()) {
            for digit in Digits(marks.mask(cell) & digits) {
                let p = cell * 9 + digit as usize - 1;
                let begin = self.targets.len() as u32;
                self.targets.extend(table.offs_of(p).iter().map(|&q| q * 2));
                let middle = self.targets.len() as u32;
                self.targets
                    .extend(table.ons_of(p).iter().map(|&q| q * 2 + 1));
                self.ranges[2 * p + 1] = (begin, middle);
                self.ranges[2 * p] = (middle, self.targets.len() as u32);
                self.states.extend([2 * p as u16, 2 * p as u16 + 1]);
            }
        }
        let closure = &mut self.closure;
        closure.compute_components(
            &Graph {
                ranges: &self.ranges,
                targets: &self.targets,
            },
            &self.states,
        );
        self.loop_removes.clear();
        self.loop_removes.resize(closure.components(), 0);
    }

    /// Whether some loop through `on` (a state of the last computation)
    /// may remove a candidate of `marks`: when not, searching from `on`
    /// finds nothing.
    fn loop_may_remove(&mut self, on: State, marks: &Candidates) -> bool {
        let closure = &self.closure;
        if !closure.on_cycle(on) {
            return false;
        }
        let c = closure.component_of(on);
        if self.loop_removes[c] == 0 {
            self.loop_removes[c] = if closure.loop_may_remove(c, marks) {
                1
            } else {
                2
            };
        }
        self.loop_removes[c] == 1
    }
}

impl Search<'_> {
    fn push(&mut self, state: State, parent: Option<u32>) -> u32 {
        let ancestors = parent.map_or(0, |p| {
            let p = &self.nodes[p as usize];
            p.ancestors | hash_bit(p.state)
        });
        self.nodes.push(Node {
            state,
            parent,
            ancestors,
        });
        (self.nodes.len() - 1) as u32
    }

    /// Whether an "on" node for `on` is kept at its level: at the level
    /// before the last, only one that may close a loop at the last.
    fn keeps(&self, before_last: bool, on: State) -> bool {
        !before_last || self.closing[on / 2] == self.stamp
    }

    /// True when `state` is on the way to `node` (SE does not step back).
    fn is_ancestor(&self, node: u32, state: State) -> bool {
        if self.nodes[node as usize].ancestors & hash_bit(state) == 0 {
            return false;
        }
        let mut at = self.nodes[node as usize].parent;
        while let Some(n) = at {
            if self.nodes[n as usize].state == state {
                return true;
            }
            at = self.nodes[n as usize].parent;
        }
        false
    }

    /// The loop ending at `end` (the start turned on again): its cells,
    /// distinct candidates and eliminations; `None` when it eliminates
    /// nothing (most loops), found in one walk before the rest is worked out.
    fn cycle(&self, end: u32) -> Option<Cycle> {
        // Each digit's peers of the loop's "on" and of its "off" candidates
        // (the root is the start, which `end` repeats).
        let (mut forward, mut backward) = ([0u128; 10], [0u128; 10]);
        let mut in_loop = 0u128;
        let mut at = Some(end);
        while let Some(n) = at {
            let node = &self.nodes[n as usize];
            if node.parent.is_none() {
                break;
            }
            let (c, digit, on) = split(node.state);
            in_loop |= 1 << c;
            if on {
                forward[digit as usize] |= PEERS[c];
            } else {
                backward[digit as usize] |= PEERS[c];
            }
            at = node.parent;
        }
        let mut eliminations = Vec::new();
        for d in 1..=9u8 {
            let victims =
                forward[d as usize] & backward[d as usize] & self.marks.digit_cells(d) & !in_loop;
            eliminations.extend(Cells(victims).map(|c| (c, d)));
        }
        if eliminations.is_empty() {
            return None;
        }
        let mut cells = Vec::new();
        let mut states = Vec::new();
        let mut at = Some(end);
        while let Some(n) = at {
            let node = &self.nodes[n as usize];
            if !states.contains(&node.state) {
                states.push(node.state);
            }
            if node.parent.is_some() && !cells.contains(&split(node.state).0) {
                cells.push(split(node.state).0);
            }
            at = node.parent;
        }
        Some(Cycle {
            cells,
            complexity: states.len(),
            eliminations,
        })
    }

    /// Every cycle back to `start` (a candidate assumed true) of at most
    /// `limit` candidates, offered to `take` in the order found; `take`
    /// returns the new limit (see [`Search::cycles`]), so the search
    /// returns as soon as it is below the length being closed.
    fn from(&mut self, start: State, limit: &mut usize, take: &mut dyn FnMut(Cycle) -> usize) {
        self.nodes.clear();
        self.stamp += 1;
        self.on_seen[start] = self.stamp;
        let first = self.push(start, None);
        // Out of `self` while the search pushes nodes.
        let table = std::mem::take(&mut self.table);
        let mut pending_on = std::mem::take(&mut self.pending_on);
        let mut next = std::mem::take(&mut self.next_on);
        pending_on.clear();
        next.clear();
        pending_on.push(first);
        let mut length = 0;
        self.cut = true;
        // Whether the level before the last reached an "on" candidate that
        // it did not keep for the last (see below).
        let mut unkept = false;
        // A cycle closed at `length` has `length` distinct candidates: no
        // "on" candidate is reached twice, nor "off" one twice on one way.
        //
        // SE extends all of a level's "on" nodes to "off" ones, then those
        // to "on" ones, in order. Extending each "off" node as soon as it is
        // made visits them in the same order, and does not change what is
        // found, since whether one is an ancestor depends on its way alone.
        // So an "off" node is made only when it leads somewhere: back to the
        // start, or to an "on" candidate not reached yet. Most lead nowhere.
        'levels: while !pending_on.is_empty() && length + 2 <= *limit {
            length += 2;
            if length + 2 > *limit {
                // The last level: no "on" node made here would be
                // extended, so only the ways back to the start count.
                if length >= 4 {
                    self.close(&table, &pending_on, length, limit, take);
                }
                break;
            }
            // The level before the last: its "on" nodes are only read by
            // `close`, which finds a loop from a node only through an "off"
            // candidate that turns the start on. Links go both ways, so
            // those are what the start turned off turns on, and the nodes
            // that reach one are the candidates that, turned on, turn one
            // of them off (`closing`). The others are marked reached, as
            // later ways of this level read, but not kept (`unkept` then
            // tells that the search stopped with some still to extend).
            let before_last = length + 4 > *limit;
            if before_last {
                let back = start / 2;
                for &c in table.ons_of(back) {
                    for &p in table.offs_of(usize::from(c)) {
                        self.closing[usize::from(p)] = self.stamp;
                    }
                }
            }
            for &n in &pending_on {
                for &off in table.offs_of(self.nodes[n as usize].state / 2) {
                    let off = usize::from(off);
                    if self.barren[off] == self.stamp {
                        continue;
                    }
                    let ons = table.ons_of(off);
                    let leads = ons.iter().any(|&on| {
                        let on = usize::from(on) * 2 + 1;
                        self.on_seen[on] != self.stamp || (length >= 4 && on == start)
                    });
                    if !leads {
                        // Before the loops may close (length 4), one back
                        // to the start might still lead somewhere later.
                        if length >= 4 {
                            self.barren[off] = self.stamp;
                        }
                        continue;
                    }
                    let off = off * 2;
                    if self.is_ancestor(n, off) {
                        continue;
                    }
                    let parent = self.push(off, Some(n));
                    for &on in ons {
                        let on = usize::from(on) * 2 + 1;
                        if length >= 4 && on == start {
                            let end = self.push(on, Some(parent));
                            if let Some(cycle) = self.cycle(end) {
                                debug_assert_eq!(cycle.complexity, length);
                                *limit = (*limit).min(take(cycle));
                                if length > *limit {
                                    break 'levels;
                                }
                            }
                        }
                        if self.on_seen[on] != self.stamp {
                            self.on_seen[on] = self.stamp;
                            if !self.keeps(before_last, on) {
                                debug_assert!(!table.offs_of(on / 2).iter().any(|&p| table
                                    .ons_of(usize::from(p))
                                    .contains(&((start / 2) as u16))));
                                unkept = true;
                                continue;
                            }
                            let id = self.push(on, Some(parent));
                            next.push(id);
                        }
                    }
                }
            }
            pending_on.clear();
            std::mem::swap(&mut pending_on, &mut next);
        }
        // Out of the levels without a break: by the limit, or with all
        // reached (an "on" candidate reached but not kept before the last
        // level is one still to extend).
        self.cut &= !pending_on.is_empty() || unkept;
        self.pending_on = pending_on;
        self.next_on = next;
        self.table = table;
    }
}

impl Search<'_> {
    /// The loops that the "on" nodes `pending` of the last level close at
    /// `length`, offered to `take` as [`Search::from`] offers them: the
    /// same "off" nodes in the same order, less those leading only to
    /// "on" candidates, which could only have been extended later.
    fn close(
        &mut self,
        table: &LinkTable,
        pending: &[u32],
        length: usize,
        limit: &mut usize,
        take: &mut dyn FnMut(Cycle) -> usize,
    ) {
        let start = self.nodes[0].state;
        let back = (start / 2) as u16;
        for &n in pending {
            for &off in table.offs_of(self.nodes[n as usize].state / 2) {
                let off = usize::from(off);
                if self.barren[off] == self.stamp || !table.ons_of(off).contains(&back) {
                    continue;
                }
                if self.is_ancestor(n, off * 2) {
                    continue;
                }
                let parent = self.push(off * 2, Some(n));
                let end = self.push(start, Some(parent));
                if let Some(cycle) = self.cycle(end) {
                    debug_assert_eq!(cycle.complexity, length);
                    *limit = (*limit).min(take(cycle));
                    if length > *limit {
                        return;
                    }
                }
            }
        }
    }
}

/// The buffers of a [`Search`], kept for the next position's search on the
/// same thread (SE's chain finder looks for loops after most steps of a
/// hard puzzle): the link table's, and the stamped marks, which are not
/// cleared but outgrown.
struct Buffers {
    table: LinkTable,
    nodes: Vec<Node>,
    on_seen: Vec<u32>,
    barren: Vec<u32>,
    closing: Vec<u32>,
    stamp: u32,
    pending_on: Vec<u32>,
    next_on: Vec<u32>,
    graph: LinkGraph,
}

impl Buffers {
    fn new() -> Buffers {
        Buffers {
            table: LinkTable::default(),
            nodes: Vec::new(),
            on_seen: vec![0; 81 * 9 * 2],
            barren: vec![0; 81 * 9],
            closing: vec![0; 81 * 9],
            stamp: 0,
            pending_on: Vec::new(),
            next_on: Vec::new(),
            graph: LinkGraph::default(),
        }
    }
}

thread_local! {
    /// The buffers of this thread's last [`Search`], once it is dropped.
    static KEPT: std::cell::Cell<Option<Buffers>> = const { std::cell::Cell::new(None) };
}

impl Drop for Search<'_> {
    fn drop(&mut self) {
        let buffers = Buffers {
            table: std::mem::take(&mut self.table),
            nodes: std::mem::take(&mut self.nodes),
            on_seen: std::mem::take(&mut self.on_seen),
            barren: std::mem::take(&mut self.barren),
            closing: std::mem::take(&mut self.closing),
            stamp: self.stamp,
            pending_on: std::mem::take(&mut self.pending_on),
            next_on: std::mem::take(&mut self.next_on),
            graph: std::mem::take(&mut self.graph),
        };
        // Not at all when the thread's storage is going away.
        let _ = KEPT.try_with(|kept| kept.set(Some(buffers)));
    }
}

impl<'a> Search<'a> {
    /// A search on `marks`, its buffers made once for every kind of link
    /// (or kept from the last search on this thread).
    pub(super) fn new(marks: &'a Candidates) -> Search<'a> {
        let Buffers {
            table,
            nodes,
            mut on_seen,
            mut barren,
            mut closing,
            mut stamp,
            pending_on,
            next_on,
            graph,
        } = KEPT.take().unwrap_or_else(Buffers::new);
        super::stamps::renew_if_worn(&mut stamp, &mut [&mut on_seen, &mut barren, &mut closing]);
        Search {
            marks,
            table,
            nodes,
            on_seen,
            barren,
            closing,
            stamp,
            pending_on,
            next_on,
            cut: false,
            graph,
            skips_barren_components: true,
        }
    }

    /// Every cycle with `links` of at most `limit` candidates that SE finds
    /// and that removes something, offered to `take` in SE's order (start
    /// cells in order, then their digits; Y-cycles start from bivalue cells
    /// only). `take` returns the most candidates a cycle found later may
    /// have and still be of use to it: the search then skips longer ones
    /// (a cycle's candidates are the length at which it closes, and each
    /// start's search closes them in order of length).
    ///
    /// Only the starts of `digits` (a bit each) are searched. Returns the
    /// digits whose starts offered a cycle (all of them when the limit
    /// fell too low for the starts left), those some start of which
    /// stopped at the limit rather than reaching all it could, and the
    /// limit the search ended with (each start was searched as far or
    /// further).
    pub(super) fn cycles(
        &mut self,
        links: Links,
        mut limit: usize,
        digits: u16,
        take: &mut dyn FnMut(Cycle) -> usize,
    ) -> (u16, u16, usize) {
        let marks = self.marks;
        // X-cycles stay on their digit: the others' links are not needed.
        let listed = if links == Links::X {
            digits
        } else {
            ALL_DIGITS
        };
        self.table.build(marks, links.y(), links.x(), true, listed);
        self.graph.compute(&self.table, marks, listed);
        let (mut offered, mut cut) = (0u16, 0u16);
        for cell in Cells(marks.empty_cells()) {
            let count = marks.mask(cell).count_ones();
            if count < 2 || (links == Links::Y && count != 2) {
                continue;
            }
            for digit in Digits(marks.mask(cell) & digits) {
                // A loop comes back to its start by a link from a candidate
                // that the start, turned off, turns on (links go both ways):
                // without one there is none.
                if self.table.ons_of(cell * 9 + digit as usize - 1).is_empty() {
                    continue;
                }
                // The shortest loop has four candidates. The starts left
                // are not searched: no digit is known to offer nothing.
                if limit < 4 {
                    return (digits, cut, limit);
                }
                // A loop stays in its start's component: when no loop
                // there can remove anything, the search would find none
                // (most starts; it would reach all it could, so none
                // stops at the limit either).
                if self.skips_barren_components
                    && !self.graph.loop_may_remove(state(cell, digit, true), marks)
                {
                    continue;
                }
                let mut any = false;
                self.from(state(cell, digit, true), &mut limit, &mut |cycle| {
                    any = true;
                    take(cycle)
                });
                if any {
                    offered |= 1 << digit;
                }
                if self.cut {
                    cut |= 1 << digit;
                }
            }
        }
        (offered, cut, limit)
    }
}

#[cfg(test)]
mod tests {
    use super::{Links, Search};
    use crate::rate::candidates::{Candidates, ALL_DIGITS};
    use crate::rate::explain;
    use crate::Grid;

    /// Every cycle offered, as (cells, complexity, eliminations), and what
    /// the search returned: the digits offering one, those cut, the limit.
    type Found = (
        Vec<(Vec<usize>, usize, Vec<(usize, u8)>)>,
        (u16, u16, usize),
    );

    fn cycles(marks: &Candidates, links: Links, limit: usize, skips: bool) -> Found {
        let mut search = Search::new(marks);
        search.skips_barren_components = skips;
        let mut offered = Vec::new();
        let result = search.cycles(links, limit, ALL_DIGITS, &mut |cycle| {
            offered.push((cycle.cells, cycle.complexity, cycle.eliminations));
            limit
        });
        (offered, result)
    }

    /// Skipping the starts whose component holds no loop that could remove
    /// a candidate finds the same cycles, in the same order, as searching
    /// from every start, at every position of the paths of serate-rated
    /// puzzles of every band, with and without a length limit; only a
    /// skipped start's cut (stopped at the limit, having found nothing)
    /// goes.
    #[test]
    fn skipping_barren_components_finds_every_cycle_in_order() {
        let puzzles: Vec<Grid> = include_str!("../../tests/data/serate.txt")
            .lines()
            .filter(|line| !line.starts_with('#'))
            .step_by(23)
            .filter_map(|line| line.split_whitespace().next()?.parse().ok())
            .collect();
        let (mut positions, mut found) = (0, 0);
        for puzzle in &puzzles {
            let (mut marks, _) = Candidates::with_clash(puzzle);
            for step in explain(puzzle) {
                if marks.empty_cells().count_ones() > 0 {
                    positions += 1;
                    for links in [Links::X, Links::Y, Links::Xy] {
                        for limit in [8, 12, 100] {
                            let (all, (offered, cut, left)) = cycles(&marks, links, limit, false);
                            let (kept, (k_offered, k_cut, k_left)) =
                                cycles(&marks, links, limit, true);
                            assert_eq!(kept, all, "{puzzle}");
                            assert_eq!((k_offered, k_left), (offered, left), "{puzzle}");
                            assert_eq!(k_cut & !cut, 0, "{puzzle}");
                            found += all.len();
                        }
                    }
                }
                marks.apply(&step);
            }
        }
        assert!(positions > 1000 && found > 100, "{positions} {found}");
    }
}
