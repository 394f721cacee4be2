//! Sudoku Explainer's dynamic forcing chains: Nishio forcing chains (7.5),
//! dynamic forcing chains (8.5), dynamic forcing chains (+) (9.0), the
//! nested levels "+ Forcing Chains" (9.5) and "+ Multiple Forcing Chains"
//! (10.0), and SE's experimental level 4, "+ Dynamic Forcing Chains"
//! (10.5), where a stalled net runs this whole search on its working copy
//! ([`deep_eliminations`]), each plus SE's length increment.
//!
//! A *dynamic* chain follows an assumption the way the static chains of
//! `multiple.rs` do (a candidate turned on turns off the other candidates
//! of its cell and of its units; a candidate turned off turns on the last
//! candidate of its cell or the last place of its digit in a unit), but
//! every candidate it turns off is also erased from a working copy of the
//! marks. Later implications read that copy, so a cell or unit emptied by
//! several earlier steps of the chain forces its last candidate: the chain
//! grows into a net. What the net proves is sound for the same reasons as
//! a static chain: each implication holds whenever its premises do.
//!
//! From each candidate assumed on and assumed off, SE draws:
//! - a *contradiction*: the net turns some candidate both on and off, so the
//!   assumption is false;
//! - a *double implication* (cells with three candidates or more): a
//!   candidate turned the same way by both assumptions is proved so;
//! - *cell* and *region* forcing nets: a candidate turned the same way by
//!   every candidate of a cell, or by every place of a digit in a unit.
//!
//! Nishio forcing chains are the contradictions alone, with X-links only (an
//! "on" does not clear its own cell, an "off" does not force a cell's last
//! candidate). The (+) level also applies SE's simple techniques (locked
//! candidates, hidden and naked pairs, X-Wing: `dynamic_plus.rs`) on the
//! working copy whenever the net stalls, and follows their eliminations; the
//! nested levels then also SE's static forcing chains, and at the second
//! of them its static cell and region chains (`nested.rs`). A conclusion of
//! a nested level counts, besides its net's premises, the complexity of
//! each distinct inner chain it rests on, as SE does.
//!
//! SE scores each conclusion by its *complexity*: the number of distinct
//! candidates (on or off) among the ancestors of the net's end points, its
//! premises included, summed over the nets it needs. Among all
//! conclusions it takes the lowest score, then the lowest complexity, then
//! the kind (double implications, cell, region, contradictions), then the
//! order found (cells in order, digits in order). This module keeps every
//! candidate's premises to count them the same way.

use super::candidates::{
    Candidates, Cells, Digits, LinkTable, ALL_DIGITS, CELL_UNITS, UNITS, UNIT_MASK,
};
use super::fifo::Fifo;
use super::memo::DigitSearch;
use super::{Context, Step, Technique};

/// A candidate and a truth value: `(cell * 9 + digit - 1) * 2 + on`.
type State = usize;

const STATES: usize = 81 * 9 * 2;

/// The 64-bit words of a set of states.
const STATE_WORDS: usize = STATES.div_ceil(64);

/// The words of [`NetBody::bits`]: a power of two above [`STATE_WORDS`], so
/// that a state's word is found by a mask the compiler knows is in bounds
/// (the look-ups run for every link a net follows).
const BIT_WORDS: usize = STATE_WORDS.next_power_of_two();

/// The word of state `s` in [`NetBody::bits`].
#[inline(always)]
fn bit_word(s: State) -> usize {
    (s / 64) & (BIT_WORDS - 1)
}

/// The odd bits of a word: the "on" states of a set of states.
const ODD_BITS: u64 = 0xAAAA_AAAA_AAAA_AAAA;
const NONE: u32 = u32::MAX;

fn state(cell: usize, digit: u8, on: bool) -> State {
    (cell * 9 + digit as usize - 1) * 2 + usize::from(on)
}

fn split(s: State) -> (usize, u8, bool) {
    let (cell, digit) = super::candidates::candidate_parts(s / 2);
    (cell, digit, s % 2 == 1)
}

/// Which of SE's chaining techniques is searched.
#[derive(Clone, Copy, PartialEq, Eq)]
pub(super) enum Mode {
    /// Contradictions only, on X-links.
    Nishio,
    /// Dynamic forcing chains.
    Dynamic,
    /// Dynamic forcing chains with the simple techniques inside.
    Plus,
    /// Dynamic forcing chains with the simple techniques and SE's nested
    /// chaining rules of this level inside (2: forcing chains; 3: also
    /// multiple forcing chains; `nested.rs`).
    Nested(u8),
    /// SE's experimental level 4: the simple techniques, then SE's whole
    /// dynamic chaining of the given level (0: dynamic, 1: (+), 2 and 3:
    /// nested) run inside, on the working copy.
    Deep(u8),
}

impl Mode {
    /// Whether a stalled net applies further techniques on its working copy.
    fn advances(self) -> bool {
        matches!(self, Mode::Plus | Mode::Nested(_) | Mode::Deep(_))
    }

    /// The mode of SE's dynamic chaining of `level` (0 to 3).
    fn of_level(level: u8) -> Mode {
        match level {
            0 => Mode::Dynamic,
            1 => Mode::Plus,
            l => Mode::Nested(l),
        }
    }
}

/// Why an "on" node holds, as SE's rule parents read it ([`Node::cause`]):
/// none (an assumption, or an "off" node), the cell's last candidate, or
/// the digit's last place in a box, row or column (`REGION + 0..3`).
const CAUSE_NONE: u8 = 0;
const CAUSE_CELL: u8 = 1;
const CAUSE_REGION: u8 = 2;

/// SE's region type (0 box, 1 row, 2 column) of unit `u`.
fn region_kind(u: usize) -> u8 {
    match u {
        0..=8 => 1,
        9..=17 => 2,
        _ => 0,
    }
}

/// One implication the net found: its state and its premises (indices of
/// earlier nodes).
struct Node {
    state: State,
    parents: std::ops::Range<u32>,
    /// The nested chain that made this node (an index into
    /// [`Net::chains`]), or `NONE`.
    nested: u32,
    /// Why it holds, for an "on" node ([`CAUSE_CELL`]...).
    cause: u8,
    /// Its ancestor count once worked out (0 = not yet): in the node, not
    /// a vector beside it, so that making a node is one push less.
    ancestors: u16,
}

/// Everything one assumption leads to, on the heap: nets are moved in
/// and out of pools by value, hundreds of thousands of times a rating, and
/// a box moves as one pointer.
type Net = Box<NetBody>;

/// The contents of a [`Net`].
struct NetBody {
    nodes: Vec<Node>,
    parents: Vec<u32>,
    /// `index[state]`: the node holding `state`, or `NONE`.
    index: Vec<u32>,
    /// The states in `index`, a bit each: what several nets have in common
    /// is an intersection of these, and whether a net holds a state is one
    /// look here (both of a candidate's states, in one word), in a few
    /// cache lines rather than the index's many. [`BIT_WORDS`] words.
    bits: [u64; BIT_WORDS],
    /// A contradiction: the two nodes (the first one may be a node outside
    /// `index`, made for the clash) turning one candidate on and off.
    clash: Option<(u32, u32)>,
    /// The nested chains some nodes came from (at the nested levels).
    chains: Vec<super::nested::NestedChain>,
}

impl NetBody {
    fn new() -> Net {
        Box::new(NetBody {
            nodes: Vec::new(),
            parents: Vec::new(),
            index: vec![NONE; STATES],
            bits: [0; BIT_WORDS],
            clash: None,
            chains: Vec::new(),
        })
    }

    fn clear(&mut self) {
        for n in &self.nodes {
            self.index[n.state] = NONE;
        }
        self.bits.fill(0);
        self.nodes.clear();
        self.parents.clear();
        self.clash = None;
        self.chains.clear();
    }

    fn has(&self, s: State) -> bool {
        self.both(s & !1) >> (s % 2) & 1 != 0
    }

    /// Whether the net holds the candidate of state `off` (even) off, bit
    /// 0, and on, bit 1.
    #[inline(always)]
    fn both(&self, off: State) -> u64 {
        debug_assert!(off % 2 == 0 && off < STATES);
        self.bits[bit_word(off)] >> (off % 64) & 3
    }

    /// Adds a node for `s` with premises `parents`; `stored` puts it in the
    /// index (a clash node is not).
    #[inline(always)]
    fn push(&mut self, s: State, parents: &[u32], stored: bool) -> u32 {
        let id = self.nodes.len() as u32;
        let start = self.parents.len() as u32;
        // Most nodes have one parent: a push, not a call to copy a slice.
        if let [parent] = parents {
            self.parents.push(*parent);
        } else {
            self.parents.extend_from_slice(parents);
        }
        self.nodes.push(Node {
            state: s,
            parents: start..self.parents.len() as u32,
            nested: NONE,
            cause: CAUSE_NONE,
            ancestors: 0,
        });
        if stored {
            self.index[s] = id;
            self.bits[bit_word(s)] |= 1 << (s % 64);
        }
        id
    }

    /// The number of distinct states among `node` and its ancestors, or
    /// some number above `cap` as soon as it is known to be above (the
    /// caller then needs no more; only an exact count is kept).
    fn ancestors(
        &mut self,
        node: u32,
        cap: usize,
        seen: &mut [u32],
        stamp: &mut u32,
        todo: &mut Vec<u32>,
    ) -> usize {
        if self.nodes[node as usize].ancestors != 0 {
            return usize::from(self.nodes[node as usize].ancestors);
        }
        *stamp += 1;
        let mut count = 0;
        todo.clear();
        todo.push(node);
        while let Some(n) = todo.pop() {
            let s = self.nodes[n as usize].state;
            if seen[s] == *stamp {
                continue;
            }
            seen[s] = *stamp;
            count += 1;
            if count > cap {
                return count;
            }
            let r = self.nodes[n as usize].parents.clone();
            // Most nodes have one premise or two: pushed, not copied by a
            // call.
            for &p in &self.parents[r.start as usize..r.end as usize] {
                todo.push(p);
            }
        }
        self.nodes[node as usize].ancestors = count as u16;
        count
    }

    /// The nested chains among `node` and its ancestors not in `seen_keys`
    /// yet: adds their keys there and returns their total complexity (SE
    /// counts each distinct inner chain once per conclusion).
    fn nested_complexity(
        &self,
        node: u32,
        seen: &mut [u32],
        stamp: &mut u32,
        todo: &mut Vec<u32>,
        seen_keys: &mut Vec<u128>,
    ) -> usize {
        if self.chains.is_empty() {
            return 0;
        }
        *stamp += 1;
        let mut total = 0;
        todo.clear();
        todo.push(node);
        while let Some(n) = todo.pop() {
            let s = self.nodes[n as usize].state;
            if seen[s] == *stamp {
                continue;
            }
            seen[s] = *stamp;
            let nested = self.nodes[n as usize].nested;
            if nested != NONE {
                let chain = self.chains[nested as usize];
                if !seen_keys.contains(&chain.key) {
                    seen_keys.push(chain.key);
                    total += chain.complexity as usize;
                }
            }
            let r = self.nodes[n as usize].parents.clone();
            todo.extend_from_slice(&self.parents[r.start as usize..r.end as usize]);
        }
        total
    }

    /// The stored node of `s` (which must be there).
    fn node(&self, s: State) -> u32 {
        self.index[s]
    }
}

const fn build_unit_bits() -> [[u16; 3]; 81] {
    let mut out = [[0u16; 3]; 81];
    let mut c = 0;
    while c < 81 {
        let (r, col) = (c / 9, c % 9);
        out[c] = [1 << col, 1 << r, 1 << (r % 3 * 3 + col % 3)];
        c += 1;
    }
    out
}

/// Each cell's bit among the nine cells of its row, column and box (in
/// the order of [`CELL_UNITS`], a unit's cells in the order of [`UNITS`]).
static UNIT_BITS: [[u16; 3]; 81] = build_unit_bits();

/// A net's working copy of the marks, with each digit's places in each
/// unit as nine bits (the unit's cells in order): an "off" turns on the
/// digit's last place in a unit, and that is tested once for every node
/// turned off, on nine bits far more cheaply than on 81.
#[derive(Clone)]
struct Working {
    grid: Candidates,
    /// `places[digit][unit]`.
    places: [[u16; 27]; 10],
}

impl Working {
    fn new(marks: &Candidates) -> Working {
        let mut places = [[0u16; 27]; 10];
        for (digit, units) in places.iter_mut().enumerate().skip(1) {
            for (u, unit) in units.iter_mut().enumerate() {
                *unit = UNITS[u]
                    .iter()
                    .enumerate()
                    .filter(|&(_, &c)| marks.has(c as usize, digit as u8))
                    .fold(0, |acc, (i, _)| acc | 1 << i);
            }
        }
        Working {
            grid: marks.clone(),
            places,
        }
    }

    fn eliminate(&mut self, cell: usize, digit: u8) {
        self.grid.eliminate(cell, digit);
        let places = &mut self.places[digit as usize];
        for (&u, &bit) in CELL_UNITS[cell].iter().zip(&UNIT_BITS[cell]) {
            places[u as usize] &= !bit;
        }
    }

    /// What `digit` in `cell` turned off turns on, as
    /// [`super::candidates::push_turned_on`] finds it with X-links (and Y-links
    /// when `y_links`): the cell's last candidate, then the digit's last
    /// place in the box, row and column, each once.
    fn turned_on(&self, cell: usize, digit: u8, y_links: bool) -> TurnedOn {
        let mut on = TurnedOn {
            found: [[0; 3]; 4],
            count: 0,
        };
        if y_links {
            let mask = self.grid.mask(cell);
            if super::subsets::bits(mask) == 2 {
                let other = (mask & !(1 << digit)).trailing_zeros() as u8;
                on.found[0] = [cell as u8, other, NO_UNIT];
                on.count = 1;
            }
        }
        let [row, column, in_box] = CELL_UNITS[cell];
        let [row_bit, column_bit, box_bit] = UNIT_BITS[cell];
        let places = &self.places[digit as usize];
        for (unit, bit) in [(in_box, box_bit), (row, row_bit), (column, column_bit)] {
            let others = places[unit as usize] & !bit;
            // Exactly one place (`is_power_of_two` counts bits, slowly
            // without a `popcnt` target feature).
            if others == 0 || others & (others - 1) != 0 {
                continue;
            }
            let other = UNITS[unit as usize][others.trailing_zeros() as usize];
            if !on.found[..usize::from(on.count)]
                .iter()
                .any(|&[c, d, _]| (c, d) == (other, digit))
            {
                on.found[usize::from(on.count)] = [other, digit, unit];
                on.count += 1;
            }
        }
        on
    }
}

/// No unit: a cell's last candidate, in [`TurnedOn`].
const NO_UNIT: u8 = u8::MAX;

/// What [`Working::turned_on`] found, in an array, as this runs for every
/// node turned off: (cell, digit, the unit of the link or [`NO_UNIT`]).
struct TurnedOn {
    found: [[u8; 3]; 4],
    count: u8,
}

impl TurnedOn {
    /// (cell, digit, the unit of the link or `None` for the cell's).
    fn iter(&self) -> impl Iterator<Item = (usize, u8, Option<u8>)> + '_ {
        self.found[..usize::from(self.count)]
            .iter()
            .map(|&[c, d, u]| (usize::from(c), d, (u != NO_UNIT).then_some(u)))
    }
}

/// The working state of one search: scratch buffers reused by every net.
struct Chainer<'a> {
    marks: &'a Candidates,
    mode: Mode,
    /// The marks as every net starts from them, and as the current one
    /// has them.
    start: Working,
    work: Working,
    /// What each candidate of the marks turns off when on, listed once
    /// per search (kept in [`Scratch`] between searches).
    links: LinkTable,
    buffers: ChainBuffers,
}

/// The buffers a [`Chainer`] follows its nets with, kept from one search
/// to the next (see [`Scratch`]).
struct ChainBuffers {
    pending_on: Fifo<u32>,
    pending_off: Fifo<u32>,
    /// Scratch for a node's premises.
    parents: Vec<u32>,
    /// Marks of the ancestor walks: a state is marked when its entry
    /// equals `stamp`, which each walk raises.
    seen: Vec<u32>,
    stamp: u32,
    todo: Vec<u32>,
}

impl ChainBuffers {
    fn new() -> ChainBuffers {
        ChainBuffers {
            pending_on: Fifo::default(),
            pending_off: Fifo::default(),
            parents: Vec::new(),
            seen: vec![0; STATES],
            stamp: 0,
            todo: Vec::new(),
        }
    }

    /// Starts the marks afresh once `stamp` is half way to wrapping.
    fn renew_marks_if_worn(&mut self) {
        super::stamps::renew_if_worn(&mut self.stamp, &mut [&mut self.seen]);
    }
}

impl Chainer<'_> {
    /// Follows the assumption `start` into `net` (cleared first).
    fn follow(&mut self, start: State, net: &mut Net) {
        net.clear();
        self.work.clone_from(&self.start);
        self.buffers.pending_on.clear();
        self.buffers.pending_off.clear();
        let first = net.push(start, &[], true);
        if start % 2 == 1 {
            self.buffers.pending_on.push_back(first);
        } else {
            self.buffers.pending_off.push_back(first);
        }
        let xy = self.mode != Mode::Nishio;
        loop {
            if let Some(n) = self.buffers.pending_on.pop_front() {
                // What it turns off on the marks, in SE's order (the link
                // table's): on the working copy the same but for the
                // candidates the net has turned off and erased, which the
                // check below skips (none of them is on in the net too).
                let p = net.nodes[n as usize].state / 2;
                for &q in self.links.offs_of(p) {
                    let off = usize::from(q) * 2;
                    let held = net.both(off);
                    if held & 2 != 0 {
                        let clash = net.push(off, &[n], false);
                        net.clash = Some((net.node(off | 1), clash));
                        return;
                    }
                    if held & 1 == 0 {
                        let id = net.push(off, &[n], true);
                        self.buffers.pending_off.push_back(id);
                    }
                }
                continue;
            }
            if let Some(n) = self.buffers.pending_off.pop_front() {
                let (cell, digit, _) = split(net.nodes[n as usize].state);
                // What turns on, and why: the cell's last candidate (no
                // unit) or the digit's last place in unit `u`.
                let made = self.work.turned_on(cell, digit, xy);
                self.work.eliminate(cell, digit);
                for (on_cell, on_digit, why) in made.iter() {
                    let on = state(on_cell, on_digit, true);
                    let held = net.both(on & !1);
                    let clash = held & 1 != 0;
                    if !clash && held & 2 != 0 {
                        continue;
                    }
                    // The premises: this candidate, and the others the net
                    // erased from the cell or the unit before (SE's hidden
                    // parents).
                    self.buffers.parents.clear();
                    self.buffers.parents.push(n);
                    match why {
                        None => {
                            let gone =
                                self.marks.mask(cell) & !self.work.grid.mask(cell) & !(1 << digit);
                            self.buffers
                                .parents
                                .extend(Digits(gone).map(|d| net.node(state(cell, d, false))));
                        }
                        Some(u) => {
                            let unit = UNIT_MASK[u as usize] & !(1 << cell);
                            let gone = self.marks.digit_cells(digit)
                                & unit
                                & !self.work.grid.digit_cells(digit);
                            self.buffers
                                .parents
                                .extend(Cells(gone).map(|c| net.node(state(c, digit, false))));
                        }
                    }
                    let cause = why.map_or(CAUSE_CELL, |u| CAUSE_REGION + region_kind(u as usize));
                    if clash {
                        let node = net.push(on, &self.buffers.parents, false);
                        net.nodes[node as usize].cause = cause;
                        net.clash = Some((node, net.node(on & !1)));
                        return;
                    }
                    let id = net.push(on, &self.buffers.parents, true);
                    net.nodes[id as usize].cause = cause;
                    self.buffers.pending_on.push_back(id);
                }
                continue;
            }
            if self.mode.advances() && self.advance(net) {
                continue;
            }
            return;
        }
    }

    /// The (+) level: SE's simple techniques on the working copy, when the
    /// net has stalled. Queues their eliminations (SE does not check them
    /// against the candidates the net turned on: a clash shows later, if
    /// at all); false when none is new.
    fn advance(&mut self, net: &mut Net) -> bool {
        let mut any = false;
        for (cell, digit, premises) in
            super::dynamic_plus::eliminations(self.marks, &self.work.grid, &self.work.places)
        {
            let off = state(cell, digit, false);
            if net.has(off) {
                continue;
            }
            let parents: Vec<u32> = premises
                .into_iter()
                .map(|(c, d)| net.node(state(c, d, false)))
                .collect();
            let id = net.push(off, &parents, true);
            self.buffers.pending_off.push_back(id);
            any = true;
        }
        if any {
            return true;
        }
        let found = match self.mode {
            Mode::Nested(level) => super::nested::eliminations(self.marks, &self.work.grid, level),
            Mode::Deep(level) => deep_eliminations(self.marks, &self.work.grid, level),
            _ => return false,
        };
        for found in found {
            let off = state(found.cell, found.digit, false);
            if net.has(off) {
                continue;
            }
            let parents: Vec<u32> = found
                .premises
                .iter()
                .map(|&(c, d)| net.node(state(c, d, false)))
                .collect();
            let id = net.push(off, &parents, true);
            let index = match net.chains.iter().position(|c| *c == found.chain) {
                Some(i) => i,
                None => {
                    net.chains.push(found.chain);
                    net.chains.len() - 1
                }
            };
            net.nodes[id as usize].nested = index as u32;
            self.buffers.pending_off.push_back(id);
            any = true;
        }
        any
    }

    /// [`Net::ancestors`] with this search's scratch.
    fn count(&mut self, net: &mut Net, node: u32, cap: usize) -> usize {
        net.ancestors(
            node,
            cap,
            &mut self.buffers.seen,
            &mut self.buffers.stamp,
            &mut self.buffers.todo,
        )
    }

    /// [`Net::nested_complexity`] with this search's scratch.
    fn nested(&mut self, net: &Net, node: u32, seen_keys: &mut Vec<u128>) -> usize {
        net.nested_complexity(
            node,
            &mut self.buffers.seen,
            &mut self.buffers.stamp,
            &mut self.buffers.todo,
            seen_keys,
        )
    }
}

/// The best conclusion so far: (complexity, kind, order found), the
/// conclusion (a state to make true) and the cell it starts from.
#[derive(Clone, Copy)]
struct Best {
    key: (usize, u8, u32),
    conclusion: State,
    cell: usize,
}

/// SE's sort keys of the conclusions' kinds.
const DOUBLE: u8 = 1;
const CELL: u8 = 5;
const REGION: u8 = 6;
const CONTRADICTION: u8 = 7;

struct Search<'a> {
    chainer: Chainer<'a>,
    best: Option<Best>,
    order: u32,
    /// Scratch for [`Search::common`], kept across calls.
    states: Vec<State>,
    /// Set when SE's level-4 chaining runs this search inside a net: every
    /// conclusion is kept, not the best alone.
    collect: Option<Collect<'a>>,
    /// The digits whose candidates are assumed (a bit each, `1..=9`): all
    /// but at the Nishio level, where each digit's nets are its own (see
    /// [`nishio`]).
    digits: u16,
    /// The digits some assumption of which ended in a contradiction.
    clashed: u16,
}

/// The conclusions of a search run inside a net (SE's level 4): for each
/// set of eliminations, the first conclusion in SE's order that makes them
/// (SE keeps no other), with its rule parents and chain fingerprint.
struct Collect<'a> {
    /// The outer net's marks: the premises are what the working copy this
    /// search runs on lost from them.
    outer: &'a Candidates,
    hints: Vec<Offered>,
    /// The hint holding each set of eliminations `(cell, digits)`.
    best_of: std::collections::HashMap<(usize, u16), usize>,
}

struct Offered {
    key: (usize, u8, u32),
    cell: usize,
    digits: u16,
    premises: Vec<(usize, u8)>,
    fingerprint: u128,
}

impl Search<'_> {
    /// Offers a conclusion of `complexity`; a conclusion that removes
    /// nothing is not one (SE's `isWorth`). When collecting, returns the
    /// slot to describe if the conclusion is now the first of its
    /// eliminations.
    fn offer(
        &mut self,
        complexity: usize,
        kind: u8,
        conclusion: State,
        cell: usize,
    ) -> Option<usize> {
        self.order += 1;
        let (c, d, on) = split(conclusion);
        let marks = self.chainer.marks;
        let digits = if on {
            marks.mask(c) & !(1 << d)
        } else if marks.has(c, d) {
            1 << d
        } else {
            0
        };
        if digits == 0 {
            return None;
        }
        let key = (complexity, kind, self.order);
        if self.best.is_none_or(|b| key < b.key) {
            self.best = Some(Best {
                key,
                conclusion,
                cell,
            });
        }
        let collect = self.collect.as_mut()?;
        let slot = collect.hints.len();
        match collect.best_of.entry((c, digits)) {
            std::collections::hash_map::Entry::Occupied(mut e) => {
                if collect.hints[*e.get()].key < key {
                    return None;
                }
                e.insert(slot);
            }
            std::collections::hash_map::Entry::Vacant(e) => {
                e.insert(slot);
            }
        }
        collect.hints.push(Offered {
            key,
            cell: c,
            digits,
            premises: Vec::new(),
            fingerprint: 0,
        });
        Some(slot)
    }

    /// SE's rule parents and `FullChain` fingerprint of a conclusion whose
    /// chains end at `targets`, stored in collected slot `slot`: the
    /// candidates of the outer marks that this search's marks (the outer
    /// net's working copy) lost and that an "on" node of the chains relied
    /// on, the assumptions counting with cause `root` (SE's: the cell for a
    /// cell chain, the region for a region chain, none otherwise).
    fn describe(&mut self, slot: usize, targets: &[(&Net, u32)], root: u8) {
        let Some(collect) = self.collect.as_mut() else {
            return;
        };
        let (outer, marks) = (collect.outer, self.chainer.marks);
        let chainer = &mut self.chainer;
        let mut premises: Vec<(usize, u8)> = Vec::new();
        let mut print = super::nested::Fingerprint::new();
        let (mut level, mut next) = (Vec::new(), Vec::new());
        for &(net, target) in targets {
            chainer.buffers.stamp += 1;
            level.clear();
            level.push(target);
            // SE's `getChain`: breadth first, each state once.
            while !level.is_empty() {
                next.clear();
                for &n in &level {
                    let node = &net.nodes[n as usize];
                    if chainer.buffers.seen[node.state] == chainer.buffers.stamp {
                        continue;
                    }
                    chainer.buffers.seen[node.state] = chainer.buffers.stamp;
                    print.state(node.state);
                    let (cell, digit, on) = split(node.state);
                    let cause = if node.cause == CAUSE_NONE {
                        root
                    } else {
                        node.cause
                    };
                    if on && cause != CAUSE_NONE {
                        let region = (cause >= CAUSE_REGION).then(|| cause - CAUSE_REGION);
                        super::nested::premises_of(
                            outer,
                            marks,
                            cell,
                            digit,
                            region,
                            &mut premises,
                        );
                    }
                    let r = node.parents.clone();
                    next.extend_from_slice(&net.parents[r.start as usize..r.end as usize]);
                }
                std::mem::swap(&mut level, &mut next);
            }
            print.end_chain();
        }
        let hint = &mut collect.hints[slot];
        hint.premises = premises;
        hint.fingerprint = print.finish();
    }

    /// A contradiction in `net`, which assumed `assumed`: its negation holds.
    fn contradiction(&mut self, net: &mut Net, assumed: State, cell: usize) {
        if let Some((a, b)) = net.clash {
            self.clashed |= 1 << split(assumed).1;
            // A contradiction sorts after every other kind and after the
            // conclusions found before it: it is taken only if it is less
            // complex than the best so far. (When collecting, every set of
            // eliminations has its own best.)
            let bound = match (&self.collect, self.best) {
                (None, Some(b)) => b.key.0 - 1,
                _ => usize::MAX,
            };
            let first = self.chainer.count(net, a, bound);
            let mut complexity =
                first.saturating_add(self.chainer.count(net, b, bound.saturating_sub(first)));
            if complexity > bound {
                // Counted as found, to keep SE's order of the others.
                self.order += 1;
                return;
            }
            if !net.chains.is_empty() {
                let mut keys = Vec::new();
                complexity += self.chainer.nested(net, a, &mut keys);
                complexity += self.chainer.nested(net, b, &mut keys);
            }
            if let Some(slot) = self.offer(complexity, CONTRADICTION, assumed ^ 1, cell) {
                self.describe(slot, &[(&*net, a), (&*net, b)], CAUSE_NONE);
            }
        }
    }

    /// What every net in `nets` turns the same way (in the order of the
    /// first), each offered as a conclusion of `kind`; `root` is the cause
    /// SE gives the nets' assumptions (see [`Search::describe`]).
    fn common(&mut self, nets: &mut [&mut Net], kind: u8, cell: usize, root: u8) {
        let mut states = std::mem::take(&mut self.states);
        // The states every net holds, a bit each; a state's parity is its
        // bit's (on states at odd bits).
        let mut shared = [0u64; STATE_WORDS];
        shared.copy_from_slice(&nets[0].bits[..STATE_WORDS]);
        for net in &nets[1..] {
            for (word, theirs) in shared.iter_mut().zip(&net.bits) {
                *word &= theirs;
            }
        }
        for on in [true, false] {
            let parity = if on { ODD_BITS } else { !ODD_BITS };
            if shared.iter().all(|word| word & parity == 0) {
                continue;
            }
            // In the first net's order, as SE takes them.
            let first = &nets[0];
            states.clear();
            states.extend(
                first
                    .nodes
                    .iter()
                    .map(|n| n.state)
                    .filter(|&s| (s % 2 == 1) == on && shared[s / 64] >> (s % 64) & 1 != 0),
            );
            for &s in &states {
                // A conclusion more complex than the best so far cannot
                // win: stop counting it as soon as it is. (When collecting,
                // every set of eliminations has its own best.)
                let bound = match (&self.collect, self.best) {
                    (None, Some(b)) => b.key.0,
                    _ => usize::MAX,
                };
                let mut complexity: usize = 0;
                for net in nets.iter_mut() {
                    let node = net.node(s);
                    let cap = bound - complexity;
                    complexity = complexity.saturating_add(self.chainer.count(net, node, cap));
                    if complexity > bound {
                        break;
                    }
                }
                if complexity <= bound && nets.iter().any(|n| !n.chains.is_empty()) {
                    let mut keys = Vec::new();
                    for net in nets.iter() {
                        let node = net.node(s);
                        complexity += self.chainer.nested(net, node, &mut keys);
                    }
                }
                if complexity > bound {
                    // Counted as found, to keep SE's order of the others.
                    self.order += 1;
                    continue;
                }
                if let Some(slot) = self.offer(complexity, kind, s, cell) {
                    let targets: Vec<(&Net, u32)> =
                        nets.iter().map(|n| (&**n, n.node(s))).collect();
                    self.describe(slot, &targets, root);
                }
            }
        }
        self.states = states;
    }
}

/// The nets of candidates assumed on that a later cell's search needs:
/// region forcing nets follow every place of a digit in a unit from its
/// first place, so the net of each later place is followed first there,
/// then again when its own cell's turn comes. A net is the same whenever
/// it is followed (it reads the position only), so it is kept here, by
/// candidate, until its cell has been searched.
struct OnNets {
    nets: Vec<Option<Net>>,
}

impl OnNets {
    fn new() -> OnNets {
        OnNets {
            nets: (0..81 * 9).map(|_| None).collect(),
        }
    }

    /// Makes sure the net of `(cell, digit)` on is kept.
    fn follow(&mut self, search: &mut Search, cell: usize, digit: u8, pool: &mut Vec<Net>) {
        let slot = &mut self.nets[cell * 9 + digit as usize - 1];
        if slot.is_none() {
            let mut net = pool.pop().unwrap_or_else(NetBody::new);
            search.chainer.follow(state(cell, digit, true), &mut net);
            *slot = Some(net);
        }
    }

    /// The kept net of `(cell, digit)`, taken out (followed if it was not kept).
    fn take(&mut self, search: &mut Search, cell: usize, digit: u8, pool: &mut Vec<Net>) -> Net {
        self.follow(search, cell, digit, pool);
        self.nets[cell * 9 + digit as usize - 1]
            .take()
            .unwrap_or_else(NetBody::new)
    }
}

/// The nets SE's rule draws from one cell.
fn search_cell(search: &mut Search, cell: usize, pool: &mut Vec<Net>, kept: &mut OnNets) {
    let marks = search.chainer.marks;
    let mode = search.chainer.mode;
    let mask = marks.mask(cell);
    let count = mask.count_ones();
    let digits: Vec<u8> = Digits(mask).collect();
    let mut on_nets: Vec<Net> = Vec::new();
    for &digit in &digits {
        if search.digits & (1 << digit) == 0 {
            // Only at the Nishio level, where no net reads another digit.
            debug_assert!(mode == Mode::Nishio);
            continue;
        }
        let mut on_net = kept.take(search, cell, digit, pool);
        let mut off_net = pool.pop().unwrap_or_else(NetBody::new);
        let on = state(cell, digit, true);
        search.contradiction(&mut on_net, on, cell);
        search.chainer.follow(on & !1, &mut off_net);
        search.contradiction(&mut off_net, on & !1, cell);
        if mode != Mode::Nishio && count >= 3 {
            search.common(&mut [&mut on_net, &mut off_net], DOUBLE, cell, CAUSE_NONE);
        }
        pool.push(off_net);
        if mode != Mode::Nishio {
            search_regions(search, cell, digit, &mut on_net, pool, kept);
        }
        on_nets.push(on_net);
    }
    if mode != Mode::Nishio {
        let mut refs: Vec<&mut Net> = on_nets.iter_mut().collect();
        search.common(&mut refs, CELL, cell, CAUSE_CELL);
    }
    pool.extend(on_nets);
}

/// Region forcing nets for `digit` in the units where `cell` is its first
/// place, `own` being the net of `cell` holding it.
fn search_regions(
    search: &mut Search,
    cell: usize,
    digit: u8,
    own: &mut Net,
    pool: &mut Vec<Net>,
    kept: &mut OnNets,
) {
    let marks = search.chainer.marks;
    let units = CELL_UNITS[cell];
    for u in [units[2], units[0], units[1]] {
        let places = marks.digit_cells(digit) & UNIT_MASK[u as usize];
        // The first place in the unit's own cell order.
        let first = UNITS[u as usize]
            .iter()
            .map(|&c| c as usize)
            .find(|&c| places & (1 << c) != 0);
        if places.count_ones() < 2 || first != Some(cell) {
            continue;
        }
        // The other places, in the unit's order, which is the cells' (and
        // so the kept nets') ascending order: each comes after `cell`.
        let others = places & !(1u128 << cell);
        // The nets of the other places, in ascending cell order: taken out
        // of the kept ones for the search, and put back for their cells.
        let mut taken: Vec<(usize, Net)> = Cells(others)
            .map(|c| (c, kept.take(search, c, digit, pool)))
            .collect();
        let mut refs: Vec<&mut Net> = vec![&mut *own];
        refs.extend(taken.iter_mut().map(|(_, net)| net));
        search.common(
            &mut refs,
            REGION,
            cell,
            CAUSE_REGION + region_kind(u as usize),
        );
        for (c, net) in taken {
            kept.nets[c * 9 + digit as usize - 1] = Some(net);
        }
    }
}

/// SE's chaining rule in `mode`: the best conclusion over every cell, as a
/// step scored `base` tenths plus the length increment.
fn run(marks: &Candidates, mode: Mode, technique: Technique, base: u16, step: &mut Step) -> bool {
    let search = search_all(marks, mode, None, ALL_DIGITS);
    conclude(search.best, technique, base, step)
}

/// Fills `step` with the best conclusion of a search, as SE's chaining
/// rule scored `base` tenths plus the length increment; false when there
/// is none.
fn conclude(best: Option<Best>, technique: Technique, base: u16, step: &mut Step) -> bool {
    let Some(best) = best else {
        return false;
    };
    let (cell, digit, on) = split(best.conclusion);
    step.reset(technique);
    step.cells.push(best.cell);
    if best.cell != cell {
        step.cells.push(cell);
    }
    if on {
        step.placements.push((cell, digit));
    } else {
        step.eliminations.push((cell, digit));
    }
    step.tenths = base + super::chain_length_tenths(best.key.0);
    true
}

/// The buffers of one [`search_all`], kept for the next one on the same
/// thread: a rating runs thousands of searches (nested ones run inside
/// each net), and building every net's index and growing its vectors anew
/// each time took about a tenth of the time of rating dynamic-band puzzles.
struct Scratch {
    /// Nets to reuse (each is cleared when followed).
    pool: Vec<Net>,
    links: LinkTable,
    /// Empty between searches (a net left kept goes back to `pool`).
    kept: OnNets,
    chain: ChainBuffers,
    states: Vec<State>,
}

impl Scratch {
    fn new() -> Scratch {
        Scratch {
            pool: Vec::new(),
            links: LinkTable::default(),
            kept: OnNets::new(),
            chain: ChainBuffers::new(),
            states: Vec::new(),
        }
    }
}

/// How many searches deep the scratch buffers are kept (a search nested
/// in a net's search takes the next one); deeper ones allocate their own.
const KEPT_SCRATCH: usize = 4;

thread_local! {
    /// The scratch buffers of finished searches, ready for the next ones.
    static SCRATCH: std::cell::RefCell<Vec<Scratch>> = const { std::cell::RefCell::new(Vec::new()) };
}

/// SE's chaining rule in `mode` over every cell of `marks`, collecting
/// every conclusion when `collect` is set.
fn search_all<'a>(
    marks: &'a Candidates,
    mode: Mode,
    collect: Option<Collect<'a>>,
    digits: u16,
) -> Found<'a> {
    let Scratch {
        mut pool,
        mut links,
        mut kept,
        chain,
        states,
    } = SCRATCH
        .with(|kept| kept.borrow_mut().pop())
        .unwrap_or_else(Scratch::new);
    // Y-links but at the Nishio level.
    // Only the nets of `digits` are followed: at the Nishio level, where
    // `digits` may be fewer than all, they turn off no other digit.
    links.build_offs(marks, mode != Mode::Nishio, digits);
    let start = Working::new(marks);
    let mut search = Search {
        chainer: Chainer {
            marks,
            mode,
            work: start.clone(),
            start,
            links,
            buffers: chain,
        },
        best: None,
        order: 0,
        states,
        collect,
        digits,
        clashed: 0,
    };
    for cell in Cells(marks.empty_cells()) {
        if marks.mask(cell).count_ones() >= 2 {
            search_cell(&mut search, cell, &mut pool, &mut kept);
        }
    }
    let Search {
        chainer,
        best,
        states,
        collect,
        clashed,
        ..
    } = search;
    let mut chain = chainer.buffers;
    let links = chainer.links;
    chain.renew_marks_if_worn();
    // A net followed for a region but whose own cell was never searched
    // (a single left unplaced) must not outlive this position.
    for slot in &mut kept.nets {
        if let Some(net) = slot.take() {
            pool.push(net);
        }
    }
    let scratch = Scratch {
        pool,
        links,
        kept,
        chain,
        states,
    };
    SCRATCH.with(|kept| {
        let mut kept = kept.borrow_mut();
        if kept.len() < KEPT_SCRATCH {
            kept.push(scratch);
        }
    });
    Found {
        best,
        collect,
        clashed,
    }
}

/// What [`search_all`] found: the best conclusion, and every conclusion
/// when it was collecting.
struct Found<'a> {
    best: Option<Best>,
    collect: Option<Collect<'a>>,
    /// The digits some assumption of which ended in a contradiction.
    clashed: u16,
}

/// What SE's dynamic chaining of `level` (0 to 3) proves on `grid`, a
/// net's working copy of `outer`, as the eliminations SE's level 4 adds to
/// that net: for each of its hints in SE's order (the first of each set of
/// eliminations), its eliminations with its rule parents, when it has any.
fn deep_eliminations(
    outer: &Candidates,
    grid: &Candidates,
    level: u8,
) -> Vec<super::nested::NestedFound> {
    let collect = Collect {
        outer,
        hints: Vec::new(),
        best_of: std::collections::HashMap::new(),
    };
    let search = search_all(grid, Mode::of_level(level), Some(collect), ALL_DIGITS);
    let Some(collect) = search.collect else {
        return Vec::new();
    };
    let mut winners: Vec<&Offered> = collect
        .best_of
        .values()
        .map(|&i| &collect.hints[i])
        .filter(|h| !h.premises.is_empty())
        .collect();
    winners.sort_by_key(|h| h.key);
    let mut out = Vec::new();
    for hint in winners {
        for digit in Digits(hint.digits) {
            out.push(super::nested::NestedFound {
                cell: hint.cell,
                digit,
                premises: hint.premises.clone(),
                chain: super::nested::NestedChain {
                    complexity: hint.key.0 as u32,
                    key: hint.fingerprint,
                },
            });
        }
    }
    out
}

/// SE's Nishio forcing chains (7.5 plus the length increment).
///
/// With X-links only, a net never leaves the digit it assumes: an "on"
/// turns off the digit's other places, an "off" turns on its last place in
/// a unit, and the working copy loses that digit's candidates alone. So a
/// digit's nets, and whether any ends in a contradiction, depend on its
/// cells alone. A digit none of whose assumptions clashed is remembered
/// as barren on those cells and skipped while they stay the same: its
/// nets would offer nothing, so the best of the others is the same.
/// Whether a conclusion removes something reads the cell's other digits
/// too (an "off" that clashes places its digit, which removes something
/// only if the cell has another), so only a digit whose every cell has
/// two candidates or more is remembered, and such a digit is searched
/// again if one of its cells comes down to it alone.
pub(super) fn nishio(marks: &Candidates, context: &Context, step: &mut Step) -> bool {
    let kept = marks.digits_in_open_cells();
    let live = context.memo.live_digits(DigitSearch::Nishio, marks) | (ALL_DIGITS & !kept);
    if live == 0 {
        return false;
    }
    let search = search_all(marks, Mode::Nishio, None, live);
    context
        .memo
        .barren_digits(DigitSearch::Nishio, marks, live & kept & !search.clashed);
    conclude(search.best, Technique::NishioForcingChain, 75, step)
}

/// SE's dynamic forcing chains (8.5 plus the length increment).
pub(super) fn dynamic(marks: &Candidates, _: &Context, step: &mut Step) -> bool {
    run(
        marks,
        Mode::Dynamic,
        Technique::DynamicForcingChain,
        85,
        step,
    )
}

/// SE's dynamic forcing chains (+) (9.0 plus the length increment).
pub(super) fn dynamic_plus(marks: &Candidates, _: &Context, step: &mut Step) -> bool {
    run(
        marks,
        Mode::Plus,
        Technique::DynamicForcingChainPlus,
        90,
        step,
    )
}

/// [`run`] on positions with one solution only: the nested levels exist
/// to rate puzzles as SE does, and SE rates only those. Elsewhere (a hint
/// for a position with several solutions) their searches would cost
/// seconds at every step that needs them, and trial and error follows at
/// once.
fn run_unique(
    marks: &Candidates,
    context: &Context,
    mode: Mode,
    technique: Technique,
    base: u16,
    step: &mut Step,
) -> bool {
    context.unique && run(marks, mode, technique, base, step)
}

/// SE's dynamic forcing chains with forcing chains nested inside (its
/// "+ Forcing Chains", 9.5 plus the length increment).
pub(super) fn nested_forcing(marks: &Candidates, context: &Context, step: &mut Step) -> bool {
    let technique = Technique::NestedForcingChain;
    run_unique(marks, context, Mode::Nested(2), technique, 95, step)
}

/// SE's dynamic forcing chains with forcing chains and multiple forcing
/// chains nested inside (its "+ Multiple Forcing Chains", 10.0 plus the
/// length increment).
pub(super) fn nested_multiple(marks: &Candidates, context: &Context, step: &mut Step) -> bool {
    let technique = Technique::NestedMultipleForcingChain;
    run_unique(marks, context, Mode::Nested(3), technique, 100, step)
}

/// SE's experimental level 4 ("+ Dynamic Forcing Chains", 10.5 plus the
/// length increment): dynamic forcing chains with SE's whole dynamic
/// chaining nested inside, of level 0, then 1, 2 and 3 (SE's four level-4
/// producers, tried in that order).
pub(super) fn nested_dynamic(marks: &Candidates, context: &Context, step: &mut Step) -> bool {
    let technique = Technique::NestedDynamicForcingChain;
    (0..=3).any(|level| run_unique(marks, context, Mode::Deep(level), technique, 105, step))
}

#[cfg(test)]
mod tests {
    use super::{Scratch, SCRATCH};
    use crate::rate::rate;
    use crate::Grid;

    /// Rated 8.3 (a forcing chain) and 9.0 (dynamic forcing chains (+))
    /// by serate (tests/data/serate.txt).
    const PUZZLES: [&str; 2] = [
        ".......89.569...1....3....5.4...1..3..1...2..238....713...89......6...4.9.2.4...8",
        "......8...56....1.7.9......9..2....65...3.48..62.5.39.24.6.5.......2...4..1..9...",
    ];

    #[test]
    fn kept_scratch_buffers_rate_as_fresh_ones_do() {
        let puzzles: Vec<Grid> = PUZZLES.iter().map(|p| p.parse().unwrap()).collect();
        // Each on a thread of its own: nothing kept from earlier searches.
        let fresh: Vec<_> = puzzles
            .iter()
            .map(|&p| std::thread::spawn(move || rate(&p)).join().unwrap())
            .collect();
        assert!(fresh.iter().all(Option::is_some));
        // On this thread, in turn and again, after each other's searches;
        // the second round starts with marks about to be reset.
        for round in 0..2 {
            if round == 1 {
                SCRATCH.with(|kept| {
                    let mut kept = kept.borrow_mut();
                    assert!(!kept.is_empty());
                    let scratch: &mut Scratch = &mut kept[0];
                    scratch.chain.stamp = u32::MAX / 2 - 1;
                });
            }
            for (puzzle, expected) in puzzles.iter().zip(&fresh) {
                assert_eq!(rate(puzzle), *expected, "round {round}");
            }
        }
        let stamp = SCRATCH.with(|kept| kept.borrow()[0].chain.stamp);
        assert!(stamp < u32::MAX / 4, "the marks were not reset: {stamp}");
    }

    /// Along each puzzle's path, the Nishio search with the rating's memo
    /// (which skips the digits it knows are barren) finds what a search
    /// with an empty memo finds, at every position, and it did skip some.
    #[test]
    fn nishio_memo_skips_only_digits_without_a_contradiction() {
        use super::{nishio, DigitSearch, ALL_DIGITS};
        use crate::rate::candidates::Candidates;
        use crate::rate::{context_of, explain, Step, Technique};
        let mut skipped = 0;
        for puzzle in PUZZLES.iter().chain(&MORE_FORCING) {
            let grid: Grid = puzzle.parse().unwrap();
            let remembering = context_of(&grid).unwrap();
            let (mut marks, _) = Candidates::with_clash(&grid);
            for step in explain(&grid) {
                let fresh = context_of(&grid).unwrap();
                let live = remembering.memo.live_digits(DigitSearch::Nishio, &marks);
                skipped += (ALL_DIGITS & !live).count_ones();
                let mut expected = Step::new(Technique::NishioForcingChain);
                let mut found = expected.clone();
                assert_eq!(
                    nishio(&marks, &remembering, &mut found),
                    nishio(&marks, &fresh, &mut expected),
                    "{puzzle}"
                );
                assert_eq!(found, expected, "{puzzle}");
                marks.apply(&step);
            }
        }
        assert!(skipped > 0);
    }

    /// Rated 7.6 to 8.7 by serate (tests/data/serate.txt).
    const MORE_FORCING: [&str; 3] = [
        "..3.7.948.....9.3......3.25.1.5.......23...7.8.4.2....2.5.6.38167..........8.....",
        "...9.45.8..........89.32..4.746.523...5...4..3...47...6...5.....127..6....8.....1",
        ".2.......45...9.3.7.9..26.16.7.....5......827....9....2....5..4....4...6...1..29.",
    ];
}
