//! The chaining rules Sudoku Explainer nests inside its dynamic forcing
//! chains: its (static) forcing chains, at the level it calls "+ Forcing
//! Chains" (9.5), and its (static) multiple forcing chains, at "+ Multiple
//! Forcing Chains" (10.0).
//!
//! At those levels a dynamic net (`dynamic.rs`) that has stalled, and to
//! which the simple techniques of the (+) level (`dynamic_plus.rs`) add
//! nothing, runs these rules on its working copy of the marks: every
//! candidate the rules would eliminate there becomes an "off" node of the
//! net. Its premises (SE's *rule parents*) are the candidates the net had
//! erased that the inner chain relied on: for each candidate the inner chain
//! turned on because its cell had one candidate left, the cell's erased
//! candidates; for each one turned on because its unit had one place left,
//! the unit's erased places of the digit. An inner chain with no such
//! premise existed before the net and is skipped. The node also remembers
//! the inner chain: SE adds the inner chain's own complexity to that of
//! every conclusion whose chain passes through the node, once per distinct
//! inner chain.
//!
//! Everything here follows SE's search order, because the first way a net
//! reaches a candidate fixes its premises and so the score: the inner
//! chains are found as SE's breadth-first searches find them, sorted as SE
//! sorts them (score, complexity, kind, order found), duplicates dropped as
//! SE's hash set drops them (same eliminations), and each chain's
//! eliminations emitted in the order SE's hash map yields them.
//!
//! The rules are sound for the reasons the plain techniques are: an inner
//! chain's eliminations hold on the working copy, and the working copy's
//! erasures hold whenever the net's assumption does.

use super::candidates::{Candidates, Cells, Digits, CELL_UNITS, PEERS, UNIT_MASK};
use super::closure::{Closure, Graph};
use super::dynamic_plus::hash_order;

/// No node.
const NONE: u32 = u32::MAX;

/// Candidate states (81 cells, 9 digits, off or on).
const STATES: usize = 81 * 9 * 2;

fn state(cell: usize, digit: u8, on: bool) -> usize {
    (cell * 9 + digit as usize - 1) * 2 + usize::from(on)
}

/// Why an inner chain's node holds, as SE records it (its `Cause`).
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
enum Cause {
    /// The chain's assumption (SE: no cause).
    Assumption,
    /// The cell's only other candidate, or the cell's other candidates
    /// leaving (SE's naked single cause).
    Cell,
    /// The digit's only other place in a unit, or the digit leaving the
    /// unit's other places (SE's hidden single causes): 0 box, 1 row,
    /// 2 column.
    Region(u8),
}

/// One node of an inner chain: a candidate turned on or off, why, and the
/// node it follows from (static chains have one premise each).
#[derive(Clone, Copy, Debug)]
struct Node {
    cell: u8,
    digit: u8,
    on: bool,
    cause: Cause,
    parent: u32,
}

impl Node {
    fn state(&self) -> usize {
        state(self.cell as usize, self.digit, self.on)
    }
}

/// The unit of SE's region type `kind` (0 box, 1 row, 2 column) through `cell`.
fn unit_through(cell: usize, kind: u8) -> usize {
    let units = CELL_UNITS[cell];
    match kind {
        0 => units[2] as usize,
        1 => units[0] as usize,
        _ => units[1] as usize,
    }
}

/// A node of a hint's chain as SE lists it: the candidate, on or off, and
/// the cause of its implication.
type Link = (u8, u8, bool, Cause);

/// What an inner chain (a nested rule's hint) proves on a net's working
/// copy: SE's score and complexity, its kind (SE's sort key), the
/// eliminations in SE's order, and its chains, each a list of nodes from a
/// target back to the assumption as SE's `getChain` lists them (ranges of
/// [`Engine::links`]).
struct Hint {
    tenths: u16,
    complexity: u32,
    kind: u8,
    /// `(cell, digits)` in the order the cells were first found.
    removable: Vec<(usize, u16)>,
    chains: Vec<std::ops::Range<u32>>,
}

/// An inner chain as a node of the outer net refers to it: its complexity,
/// and a fingerprint of its chains (SE counts each distinct inner chain
/// once per conclusion, comparing the chains themselves).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) struct NestedChain {
    pub(super) complexity: u32,
    pub(super) key: u128,
}

/// An elimination a nested rule makes on a net's working copy: the
/// candidate, its premises (candidates the net erased) and its inner chain.
pub(super) struct NestedFound {
    pub(super) cell: usize,
    pub(super) digit: u8,
    pub(super) premises: Vec<(usize, u8)>,
    pub(super) chain: NestedChain,
}

/// SE's `getLengthDifficulty` for a chain of `complexity` candidates.
fn tenths_for(base: u16, complexity: u32) -> u16 {
    base + super::chain_length_tenths(complexity as usize)
}

/// The implications of every candidate of one position, worked out once
/// for all the searches on it (they depend on the position alone): for a
/// candidate `k = cell * 9 + digit - 1`, what turning it on turns off (the
/// cell's other candidates, then the digit's other places in the box, the
/// row and the column: SE's `getOnToOff`) and what turning it off turns on
/// (the cell's last other candidate, then the digit's last other place in
/// the box, the row and the column, each cell once: SE's `getOffToOn`).
struct Implications {
    pool: Vec<(u8, u8, Cause)>,
    /// The state each pool entry turns on or off, entry by entry.
    targets: Vec<u16>,
    /// Every candidate's two states.
    states: Vec<u16>,
    /// Per state (off at `2k`, on at `2k + 1` for candidate `k`), its
    /// successors' range in `targets`: every link SE's static searches may
    /// follow (see [`Implications::graph`]).
    ranges: Vec<(u32, u32)>,
    /// Per candidate: its cell's other candidates, and its other places.
    on_cell: Vec<std::ops::Range<u32>>,
    on_peers: Vec<std::ops::Range<u32>>,
    /// Per candidate: its cell's last other candidate, and its last places.
    off_cell: Vec<std::ops::Range<u32>>,
    off_units: Vec<std::ops::Range<u32>>,
}

impl Implications {
    fn new() -> Implications {
        Implications {
            pool: Vec::new(),
            targets: Vec::new(),
            states: Vec::new(),
            ranges: vec![(0, 0); STATES],
            on_cell: vec![0..0; 729],
            on_peers: vec![0..0; 729],
            off_cell: vec![0..0; 729],
            off_units: vec![0..0; 729],
        }
    }

    fn compute(&mut self, grid: &Candidates) {
        // Kept from an earlier position: no stale range of its candidates
        // may outlive it (the others' are empty).
        for &s in self.states.iter().step_by(2) {
            let k = usize::from(s) / 2;
            for ranges in [
                &mut self.on_cell,
                &mut self.on_peers,
                &mut self.off_cell,
                &mut self.off_units,
            ] {
                ranges[k] = 0..0;
            }
            self.ranges[2 * k] = (0, 0);
            self.ranges[2 * k + 1] = (0, 0);
        }
        self.pool.clear();
        self.targets.clear();
        self.states.clear();
        let (pool, targets) = (&mut self.pool, &mut self.targets);
        // Each entry with the state it turns on or off, side by side.
        fn add(
            (pool, targets): (&mut Vec<(u8, u8, Cause)>, &mut Vec<u16>),
            c: usize,
            d: u8,
            cause: Cause,
            on: bool,
        ) {
            pool.push((c as u8, d, cause));
            targets.push(state(c, d, on) as u16);
        }
        for cell in Cells(grid.empty_cells()) {
            let mask = grid.mask(cell);
            let units = CELL_UNITS[cell];
            let bivalue = super::subsets::bits(mask) == 2;
            for digit in Digits(mask) {
                let k = cell * 9 + digit as usize - 1;
                self.states.extend([2 * k as u16, 2 * k as u16 + 1]);
                let on_cell = targets.len() as u32;
                for d in Digits(mask & !(1 << digit)) {
                    add((pool, targets), cell, d, Cause::Cell, false);
                }
                let on_peers = targets.len() as u32;
                let places = grid.digit_cells(digit) & !(1u128 << cell);
                let in_box = places & UNIT_MASK[units[2] as usize];
                let in_row = places & UNIT_MASK[units[0] as usize] & !in_box;
                let in_column = places & UNIT_MASK[units[1] as usize] & !in_box;
                for (kind, cells) in [(0, in_box), (1, in_row), (2, in_column)] {
                    for other in Cells(cells) {
                        add((pool, targets), other, digit, Cause::Region(kind), false);
                    }
                }
                let off_cell = targets.len() as u32;
                if bivalue {
                    let other = (mask & !(1 << digit)).trailing_zeros() as u8;
                    add((pool, targets), cell, other, Cause::Cell, true);
                }
                let off_units = targets.len() as u32;
                let mut seen = 0u128;
                for kind in 0..3 {
                    let others = places & UNIT_MASK[unit_through(cell, kind)];
                    if others == 0 || others & (others - 1) != 0 || others & seen != 0 {
                        continue;
                    }
                    seen |= others;
                    add(
                        (pool, targets),
                        others.trailing_zeros() as usize,
                        digit,
                        Cause::Region(kind),
                        true,
                    );
                }
                let end = targets.len() as u32;
                self.on_cell[k] = on_cell..on_peers;
                self.on_peers[k] = on_peers..off_cell;
                self.off_cell[k] = off_cell..off_units;
                self.off_units[k] = off_units..end;
                // What an "on" turns off, then what an "off" turns on.
                self.ranges[2 * k] = (off_cell, end);
                self.ranges[2 * k + 1] = (on_cell, off_cell);
            }
        }
    }

    /// Every link SE's static searches may follow on the position (Y-links:
    /// a cell's other candidates, its last one; X-links: a digit's other
    /// places, its last one), as a graph over the states for a [`Closure`].
    fn graph(&self) -> Graph<'_> {
        Graph {
            ranges: &self.ranges,
            targets: &self.targets,
        }
    }
}

/// The breadth-first searches of SE's static chains on one position.
struct Engine<'a> {
    grid: &'a Candidates,
    implied: &'a Implications,
    buffers: Buffers,
}

/// What an [`Engine`] searches with, apart from its position.
struct Buffers {
    nodes: Vec<Node>,
    /// `index[state]`: the node holding a state in the current search, or
    /// `NONE` (all `NONE` between calls of [`eliminations`]).
    index: Vec<u32>,
    /// States set in `index`, to clear it.
    touched: Vec<usize>,
    pending_on: Vec<u32>,
    pending_off: Vec<u32>,
    /// The chains of the hints found, one after another.
    links: Vec<Link>,
    /// Per component of the position's closure, whether a loop in it may
    /// remove a candidate: [`UNKNOWN`], [`MAY`] or [`NEVER`] (see
    /// [`Engine::loop_may_remove`]).
    loop_removes: Vec<u8>,
}

/// Values of [`Buffers::loop_removes`].
const UNKNOWN: u8 = 0;
const MAY: u8 = 1;
const NEVER: u8 = 2;

impl Buffers {
    fn new() -> Buffers {
        Buffers {
            nodes: Vec::new(),
            index: vec![NONE; STATES],
            touched: Vec::new(),
            pending_on: Vec::new(),
            pending_off: Vec::new(),
            links: Vec::new(),
            loop_removes: Vec::new(),
        }
    }
}

/// The buffers of one [`eliminations`] call, kept for the next one on the
/// same thread: it runs at every stall of every net of a nested search,
/// and allocating them each time (the implications' tables and the index
/// alone are some 30 kB) was about a tenth of the nested band's time.
struct Scratch {
    implied: Implications,
    buffers: Buffers,
    /// What the links of the position reach.
    closure: Closure,
}

/// How many calls deep the scratch buffers are kept (an inner search's
/// nets may call [`eliminations`] again); deeper ones allocate their own.
const KEPT_SCRATCH: usize = 4;

thread_local! {
    /// The scratch buffers of finished calls, ready for the next ones.
    static SCRATCH: std::cell::RefCell<Vec<Scratch>> = const { std::cell::RefCell::new(Vec::new()) };
}

impl Engine<'_> {
    fn reset_index(&mut self) {
        for &s in &self.buffers.touched {
            self.buffers.index[s] = NONE;
        }
        self.buffers.touched.clear();
    }

    fn has(&self, s: usize) -> bool {
        self.buffers.index[s] != NONE
    }

    fn mark(&mut self, s: usize, node: u32) {
        self.buffers.index[s] = node;
        self.buffers.touched.push(s);
    }

    fn push(&mut self, cell: u8, digit: u8, on: bool, cause: Cause, parent: u32) -> u32 {
        self.buffers.nodes.push(Node {
            cell,
            digit,
            on,
            cause,
            parent,
        });
        (self.buffers.nodes.len() - 1) as u32
    }

    /// What turning node `p` on turns off ([`Implications`]), with the
    /// cell's other candidates only when Y-links are on.
    fn on_to_off(&self, p: u32, y: bool) -> (std::ops::Range<u32>, std::ops::Range<u32>) {
        let node = self.buffers.nodes[p as usize];
        let k = node.cell as usize * 9 + node.digit as usize - 1;
        let cell = if y {
            self.implied.on_cell[k].clone()
        } else {
            0..0
        };
        (cell, self.implied.on_peers[k].clone())
    }

    /// What turning node `p` off turns on: the cell's last other candidate
    /// with Y-links, the digit's last other places with X-links.
    fn off_to_on(&self, p: u32, y: bool, x: bool) -> (std::ops::Range<u32>, std::ops::Range<u32>) {
        let node = self.buffers.nodes[p as usize];
        let k = node.cell as usize * 9 + node.digit as usize - 1;
        let cell = if y {
            self.implied.off_cell[k].clone()
        } else {
            0..0
        };
        let units = if x {
            self.implied.off_units[k].clone()
        } else {
            0..0
        };
        (cell, units)
    }

    /// Whether a strict ancestor of `child` holds state `s` (SE's `isParent`).
    fn is_ancestor(&self, child: u32, s: usize) -> bool {
        let mut n = self.buffers.nodes[child as usize].parent;
        while n != NONE {
            if self.buffers.nodes[n as usize].state() == s {
                return true;
            }
            n = self.buffers.nodes[n as usize].parent;
        }
        false
    }

    /// SE's `doCycles` from the assumption `root` (on): the nodes where the
    /// search turns `root` on again, four links or more away.
    fn cycles(&mut self, root: u32, y: bool, x: bool, cycles: &mut Vec<u32>) {
        self.reset_index();
        let source = self.buffers.nodes[root as usize].state();
        self.mark(source, root);
        let (mut pending_on, mut pending_off) = (
            std::mem::take(&mut self.buffers.pending_on),
            std::mem::take(&mut self.buffers.pending_off),
        );
        pending_on.clear();
        pending_off.clear();
        pending_on.push(root);
        let mut length = 0;
        let mut next_on = Vec::new();
        while !pending_on.is_empty() {
            length += 1;
            for &p in &pending_on {
                let (a, b) = self.on_to_off(p, y);
                for i in a.chain(b) {
                    let (c, d, cause) = self.implied.pool[i as usize];
                    if !self.is_ancestor(p, state(c as usize, d, false)) {
                        let n = self.push(c, d, false, cause, p);
                        pending_off.push(n);
                    }
                }
            }
            length += 1;
            next_on.clear();
            for &p in &pending_off {
                let (a, b) = self.off_to_on(p, y, x);
                for i in a.chain(b) {
                    let (c, d, cause) = self.implied.pool[i as usize];
                    let s = state(c as usize, d, true);
                    let is_cycle = length >= 4 && s == source;
                    let new = !self.has(s);
                    if !is_cycle && !new {
                        continue;
                    }
                    let n = self.push(c, d, true, cause, p);
                    if is_cycle {
                        cycles.push(n);
                    }
                    if new {
                        self.mark(s, n);
                        next_on.push(n);
                    }
                }
            }
            pending_off.clear();
            std::mem::swap(&mut pending_on, &mut next_on);
        }
        self.buffers.pending_on = pending_on;
        self.buffers.pending_off = pending_off;
    }

    /// SE's `doForcingChains` from the assumption `root`: the node where the
    /// search first reaches the conjugate of the assumption, if it does.
    fn forcing_chain(&mut self, root: u32, y: bool) -> Option<u32> {
        self.reset_index();
        let start = self.buffers.nodes[root as usize];
        let conjugate = state(start.cell as usize, start.digit, !start.on);
        self.mark(start.state(), root);
        let mut found = None;
        let (mut pending_on, mut pending_off) = (
            std::mem::take(&mut self.buffers.pending_on),
            std::mem::take(&mut self.buffers.pending_off),
        );
        pending_on.clear();
        pending_off.clear();
        if start.on {
            pending_on.push(root);
        } else {
            pending_off.push(root);
        }
        // Until the conjugate is reached: the nodes made after it are not
        // on its chain, and nothing else reads them.
        'search: while !pending_on.is_empty() || !pending_off.is_empty() {
            for &p in &pending_on {
                let (a, b) = self.on_to_off(p, y);
                self.reach(
                    p,
                    a.chain(b),
                    false,
                    conjugate,
                    &mut found,
                    &mut pending_off,
                );
                if found.is_some() {
                    break 'search;
                }
            }
            pending_on.clear();
            for &p in &pending_off {
                let (a, b) = self.off_to_on(p, y, true);
                self.reach(p, a.chain(b), true, conjugate, &mut found, &mut pending_on);
                if found.is_some() {
                    break 'search;
                }
            }
            pending_off.clear();
        }
        self.buffers.pending_on = pending_on;
        self.buffers.pending_off = pending_off;
        found
    }

    /// One node's implications in [`Engine::forcing_chain`]: the states
    /// (`on` or off) the pool entries `made` name, each new one queued on
    /// `pending`, and the first to reach `conjugate` kept in `found`.
    fn reach(
        &mut self,
        p: u32,
        made: impl Iterator<Item = u32>,
        on: bool,
        conjugate: usize,
        found: &mut Option<u32>,
        pending: &mut Vec<u32>,
    ) {
        for i in made {
            let (c, d, cause) = self.implied.pool[i as usize];
            let s = state(c as usize, d, on);
            let target = s == conjugate && found.is_none();
            let new = !self.has(s);
            if !target && !new {
                continue;
            }
            let n = self.push(c, d, on, cause, p);
            if target {
                *found = Some(n);
            }
            if new {
                self.mark(s, n);
                pending.push(n);
            }
        }
    }

    /// Appends the chain from `node` back to its assumption to
    /// [`Engine::links`] (SE's `getChain`: a static chain is a path, whose
    /// states differ but for a cycle's two ends, listed once), with the
    /// assumption's cause set to `root`; returns its range.
    fn chain(&mut self, node: u32, root: Cause) -> std::ops::Range<u32> {
        let from = self.buffers.links.len() as u32;
        let first = self.buffers.nodes[node as usize].state();
        let mut n = node;
        while n != NONE {
            let p = self.buffers.nodes[n as usize];
            if p.parent == NONE && n != node && p.state() == first {
                break;
            }
            let cause = if p.parent == NONE { root } else { p.cause };
            self.buffers.links.push((p.cell, p.digit, p.on, cause));
            n = p.parent;
        }
        from..self.buffers.links.len() as u32
    }

    /// SE's `getReversedCycle`: the cycle through `dst` run backwards, each
    /// node flipped and keeping its cause, as a chain from the flipped
    /// assumption back to the flipped `dst` (listed once with it).
    fn reversed_chain(&mut self, dst: u32) -> std::ops::Range<u32> {
        let from = self.buffers.links.len();
        let mut n = dst;
        while n != NONE {
            let p = self.buffers.nodes[n as usize];
            self.buffers.links.push((p.cell, p.digit, !p.on, p.cause));
            n = p.parent;
        }
        self.buffers.links[from..].reverse();
        // The flipped `dst`, now last, repeats the flipped assumption.
        self.buffers.links.pop();
        from as u32..self.buffers.links.len() as u32
    }

    /// SE's `doUnaryChaining` from `(cell, digit)` on: its cycles (SE's
    /// `createCycleHint`) and, with X-links, its forcing chains. Given the
    /// `closure` of these links or of more (what fewer links reach, more
    /// reach too), each search runs only when it says it can find
    /// something: a way back to the assumption that could remove a
    /// candidate ([`Engine::loop_may_remove`]), or a way to its opposite.
    /// The others would read everything they reach in vain, and the hints
    /// are the same.
    fn unary(
        &mut self,
        cell: usize,
        digit: u8,
        y: bool,
        x: bool,
        closure: &Closure,
        hints: &mut Vec<Hint>,
    ) {
        let grid = self.grid;
        if !x && grid.mask(cell).count_ones() > 2 {
            return;
        }
        self.buffers.nodes.clear();
        let root = self.push(cell as u8, digit, true, Cause::Assumption, NONE);
        let (on, off) = (state(cell, digit, true), state(cell, digit, false));
        let mut cycles = Vec::new();
        if closure.on_cycle(on) && self.loop_may_remove(closure, on) {
            self.cycles(root, y, x, &mut cycles);
        }
        let mut chains = Vec::new();
        if x {
            if closure.reaches(on, off) {
                chains.extend(self.forcing_chain(root, y));
            }
            if closure.reaches(off, on) {
                let off_root = self.push(cell as u8, digit, false, Cause::Assumption, NONE);
                chains.extend(self.forcing_chain(off_root, y));
            }
        }
        let (base, kind) = match (y, x) {
            (true, true) => (70, 4),
            (true, false) => (65, 3),
            _ => (65, 2),
        };
        for dst in cycles {
            // The cycle's cells, then the candidates each "on" and each
            // "off" node of it would remove from the cells it sees; the
            // cycle removes those both would.
            let mut cells = 0u128;
            let mut n = dst;
            while self.buffers.nodes[n as usize].parent != NONE {
                cells |= 1 << self.buffers.nodes[n as usize].cell;
                n = self.buffers.nodes[n as usize].parent;
            }
            let mut forth: Vec<(usize, u8)> = Vec::new();
            let mut back: Vec<(usize, u8)> = Vec::new();
            let mut n = dst;
            while self.buffers.nodes[n as usize].parent != NONE {
                let p = self.buffers.nodes[n as usize];
                let seen = PEERS[p.cell as usize] & !cells & grid.digit_cells(p.digit);
                let list = if p.on { &mut forth } else { &mut back };
                for c in Cells(seen) {
                    if !list.contains(&(c, p.digit)) {
                        list.push((c, p.digit));
                    }
                }
                n = p.parent;
            }
            forth.retain(|e| back.contains(e));
            let removable = removable_of(&forth);
            if removable.is_empty() {
                continue;
            }
            let forward = self.chain(dst, Cause::Assumption);
            let complexity = forward.len() as u32;
            let reversed = self.reversed_chain(dst);
            hints.push(Hint {
                tenths: tenths_for(base, complexity),
                complexity,
                kind,
                removable,
                chains: vec![forward, reversed],
            });
        }
        let base = if y && x { 70 } else { 66 };
        for target in chains {
            let t = self.buffers.nodes[target as usize];
            let removable = if t.on {
                let others = grid.mask(t.cell as usize) & !(1 << t.digit);
                if others == 0 {
                    continue;
                }
                vec![(t.cell as usize, others)]
            } else {
                vec![(t.cell as usize, 1 << t.digit)]
            };
            let chain = self.chain(target, Cause::Assumption);
            let complexity = chain.len() as u32;
            hints.push(Hint {
                tenths: tenths_for(base, complexity),
                complexity,
                kind,
                removable,
                chains: vec![chain],
            });
        }
    }

    /// Whether a loop through state `on` could remove a candidate
    /// ([`Closure::loop_may_remove`], worked out once per component).
    /// Nearly all loop searches on a net's working copy cannot.
    fn loop_may_remove(&mut self, closure: &Closure, on: usize) -> bool {
        let c = closure.component_of(on);
        if self.buffers.loop_removes[c] == UNKNOWN {
            let may = closure.loop_may_remove(c, self.grid);
            self.buffers.loop_removes[c] = if may { MAY } else { NEVER };
        }
        self.buffers.loop_removes[c] == MAY
    }

    /// SE's static `doChaining` from the assumption `(cell, digit)` on:
    /// every implication along X- and Y-links, "on" nodes expanded first,
    /// until a contradiction or the end, as a net of its own.
    fn follow(&mut self, cell: usize, digit: u8) -> StaticNet {
        self.reset_index();
        let mut net = StaticNet {
            nodes: Vec::new(),
            reached: [0; STATES / 64 + 1],
            sorted: Vec::new(),
        };
        let root = self.push(cell as u8, digit, true, Cause::Assumption, NONE);
        self.mark(state(cell, digit, true), root);
        net.nodes.push(root);
        let (mut pending_on, mut pending_off) = (
            std::collections::VecDeque::from([root]),
            std::collections::VecDeque::new(),
        );
        'follow: loop {
            if let Some(p) = pending_on.pop_front() {
                let (a, b) = self.on_to_off(p, true);
                for i in a.chain(b) {
                    let (c, d, cause) = self.implied.pool[i as usize];
                    let s = state(c as usize, d, false);
                    if self.has(s | 1) {
                        break 'follow;
                    }
                    if !self.has(s) {
                        let n = self.push(c, d, false, cause, p);
                        self.mark(s, n);
                        net.nodes.push(n);
                        pending_off.push_back(n);
                    }
                }
                continue;
            }
            let Some(p) = pending_off.pop_front() else {
                break;
            };
            let (a, b) = self.off_to_on(p, true, true);
            for i in a.chain(b) {
                let (c, d, cause) = self.implied.pool[i as usize];
                let s = state(c as usize, d, true);
                if self.has(s & !1) {
                    break 'follow;
                }
                if !self.has(s) {
                    let n = self.push(c, d, true, cause, p);
                    self.mark(s, n);
                    net.nodes.push(n);
                    pending_on.push_back(n);
                }
            }
        }
        for &n in &net.nodes {
            let s = self.buffers.nodes[n as usize].state();
            net.reached[s / 64] |= 1 << (s % 64);
            net.sorted.push((s as u16, n));
        }
        net.sorted.sort_unstable();
        net
    }
}

/// A list of eliminated candidates as SE's removable map: cells in the
/// order first found, each with its digits.
fn removable_of(cands: &[(usize, u8)]) -> Vec<(usize, u16)> {
    let mut out: Vec<(usize, u16)> = Vec::new();
    for &(c, d) in cands {
        match out.iter_mut().find(|(oc, _)| *oc == c) {
            Some((_, digits)) => *digits |= 1 << d,
            None => out.push((c, 1 << d)),
        }
    }
    out
}

/// One net of the static multiple chains: its nodes in the order found,
/// the states it reached, and their nodes by state.
struct StaticNet {
    nodes: Vec<u32>,
    reached: [u64; STATES / 64 + 1],
    sorted: Vec<(u16, u32)>,
}

impl StaticNet {
    fn has(&self, s: usize) -> bool {
        self.reached[s / 64] & (1 << (s % 64)) != 0
    }

    /// The node of state `s`, which the net must have reached.
    fn node(&self, s: usize) -> u32 {
        let i = self
            .sorted
            .binary_search_by_key(&(s as u16), |&(state, _)| state)
            .unwrap_or(0);
        self.sorted[i].1
    }
}

/// SE's static multiple forcing chains on `grid`: cell reductions from
/// cells with three candidates or more, and region reductions from the
/// first place of each of their digits in each unit, in SE's order.
fn multiple(engine: &mut Engine, closure: &Closure, hints: &mut Vec<Hint>) {
    let grid = engine.grid;
    // A net depends on its assumption and the position alone: each is
    // followed once, though SE follows the later places of a unit again
    // for each region chain.
    // By candidate, the index of its net in `nets` once followed: a table
    // of all 729 nets themselves would be some 170 kB to set up per call.
    let mut slots = [u16::MAX; 729];
    let mut nets: Vec<StaticNet> = Vec::new();
    fn net_of(
        (slots, nets): (&mut [u16; 729], &mut Vec<StaticNet>),
        engine: &mut Engine,
        cell: usize,
        digit: u8,
    ) -> usize {
        let k = cell * 9 + digit as usize - 1;
        if slots[k] == u16::MAX {
            slots[k] = nets.len() as u16;
            nets.push(engine.follow(cell, digit));
        }
        usize::from(slots[k])
    }
    // Chains whose nets (assumed on) can reach nothing in common by the
    // links' closure have no reduction, and their nets need not be
    // followed for them (a net reaches no more than the closure says).
    let share = |candidates: &mut dyn Iterator<Item = (usize, u8)>| {
        closure.may_meet(candidates.map(|(cell, digit)| state(cell, digit, true)))
    };
    let mut all: Vec<usize> = Vec::new();
    for cell in Cells(grid.empty_cells()) {
        let mask = grid.mask(cell);
        if mask.count_ones() <= 2 {
            continue;
        }
        let cell_shares = share(&mut Digits(mask).map(|d| (cell, d)));
        for digit in Digits(mask) {
            if cell_shares {
                net_of((&mut slots, &mut nets), engine, cell, digit);
            }
            for kind in 0..3u8 {
                let u = unit_through(cell, kind);
                let places = grid.digit_cells(digit) & UNIT_MASK[u];
                if places.count_ones() < 2 || places.trailing_zeros() as usize != cell {
                    continue;
                }
                if !share(&mut Cells(places).map(|c| (c, digit))) {
                    continue;
                }
                all.clear();
                all.push(net_of((&mut slots, &mut nets), engine, cell, digit));
                for other in Cells(places & !(1u128 << cell)) {
                    all.push(net_of((&mut slots, &mut nets), engine, other, digit));
                }
                let refs: Vec<&StaticNet> = all.iter().map(|&k| &nets[k]).collect();
                reductions(engine, &refs, Cause::Region(kind), hints);
            }
        }
        if !cell_shares {
            continue;
        }
        let refs: Vec<&StaticNet> = Digits(mask)
            .map(|d| slots[cell * 9 + d as usize - 1])
            .filter(|&slot| slot != u16::MAX)
            .map(|slot| &nets[usize::from(slot)])
            .collect();
        reductions(engine, &refs, Cause::Cell, hints);
    }
}

/// The states every net of `nets` reaches (on ones in the first net's
/// order, then off ones), each as SE's cell or region reduction hint.
fn reductions(engine: &mut Engine, nets: &[&StaticNet], root: Cause, hints: &mut Vec<Hint>) {
    let grid = engine.grid;
    let kind = if root == Cause::Cell { 5 } else { 6 };
    for on in [true, false] {
        for &n in &nets[0].nodes {
            let node = engine.buffers.nodes[n as usize];
            if node.on != on {
                continue;
            }
            let s = node.state();
            if !nets.iter().all(|net| net.has(s)) {
                continue;
            }
            let removable = if on {
                let others = grid.mask(node.cell as usize) & !(1 << node.digit);
                if others == 0 {
                    continue;
                }
                vec![(node.cell as usize, others)]
            } else {
                vec![(node.cell as usize, 1 << node.digit)]
            };
            let chains: Vec<std::ops::Range<u32>> = nets
                .iter()
                .map(|net| engine.chain(net.node(s), root))
                .collect();
            let complexity = chains.iter().map(|c| c.len() as u32).sum();
            hints.push(Hint {
                tenths: tenths_for(80, complexity),
                complexity,
                kind,
                removable,
                chains,
            });
        }
    }
}

/// The premises SE's `collectRuleParents` draws from one "on" link of an
/// inner chain on `grid`, a net's working copy of `initial`: for a cell's
/// last candidate, the cell's candidates `grid` lost; for a digit's last
/// place in a unit (SE's region type `kind`: 0 box, 1 row, 2 column), the
/// unit's places of the digit `grid` lost. Each is added to `out` once.
pub(super) fn premises_of(
    initial: &Candidates,
    grid: &Candidates,
    cell: usize,
    digit: u8,
    region: Option<u8>,
    out: &mut Vec<(usize, u8)>,
) {
    let mut add = |c: usize, d: u8| {
        if !out.contains(&(c, d)) {
            out.push((c, d));
        }
    };
    match region {
        None => {
            for d in Digits(initial.mask(cell) & !grid.mask(cell)) {
                add(cell, d);
            }
        }
        Some(kind) => {
            let unit = UNIT_MASK[unit_through(cell, kind)];
            for other in Cells(initial.digit_cells(digit) & !grid.digit_cells(digit) & unit) {
                add(other, digit);
            }
        }
    }
}

/// SE's `collectRuleParents` for `hint`: the candidates of `initial` that
/// `grid` lost and that the hint's chains relied on.
fn rule_parents(
    hint: &Hint,
    links: &[Link],
    initial: &Candidates,
    grid: &Candidates,
) -> Vec<(usize, u8)> {
    let mut out: Vec<(usize, u8)> = Vec::new();
    for chain in &hint.chains {
        for &(cell, digit, on, cause) in &links[chain.start as usize..chain.end as usize] {
            let region = match cause {
                _ if !on => continue,
                Cause::Assumption => continue,
                Cause::Cell => None,
                Cause::Region(kind) => Some(kind),
            };
            premises_of(initial, grid, cell as usize, digit, region, &mut out);
        }
    }
    out
}

/// A fingerprint of an inner hint's chains, for SE's `FullChain` equality
/// (the same targets with the same chains): fed each chain's states in
/// SE's `getChain` order, one chain after another.
pub(super) struct Fingerprint {
    a: u64,
    b: u64,
}

impl Fingerprint {
    pub(super) fn new() -> Fingerprint {
        Fingerprint {
            a: 0xcbf2_9ce4_8422_2325,
            b: 0x6c62_272e_07bb_0142,
        }
    }

    fn mix(&mut self, v: u64) {
        self.a = (self.a ^ v).wrapping_mul(0x0000_0100_0000_01b3);
        self.b = (self.b ^ v)
            .wrapping_mul(0x9e37_79b9_7f4a_7c15)
            .rotate_left(17);
    }

    /// Adds the next state (`(cell * 9 + digit - 1) * 2 + on`) of a chain.
    pub(super) fn state(&mut self, s: usize) {
        self.mix(s as u64 + 1);
    }

    /// Ends a chain.
    pub(super) fn end_chain(&mut self) {
        self.mix(0xFFFF);
    }

    pub(super) fn finish(&self) -> u128 {
        (u128::from(self.a) << 64) | u128::from(self.b)
    }
}

/// [`Fingerprint`] of `hint`.
fn fingerprint(hint: &Hint, links: &[Link]) -> u128 {
    let mut print = Fingerprint::new();
    for chain in &hint.chains {
        for &(cell, digit, on, _) in &links[chain.start as usize..chain.end as usize] {
            print.state(state(cell as usize, digit, on));
        }
        print.end_chain();
    }
    print.finish()
}

/// Sorts `hints` as SE does (score, complexity, kind; stable), drops the
/// later ones with the same eliminations, and emits the eliminations of
/// those with premises, in order.
fn emit(
    hints: &mut [Hint],
    links: &[Link],
    initial: &Candidates,
    grid: &Candidates,
    out: &mut Vec<NestedFound>,
) {
    hints.sort_by_key(|h| (h.tenths, h.complexity, h.kind));
    let mut kept: Vec<Vec<(usize, u16)>> = Vec::new();
    for hint in hints.iter() {
        let mut map = hint.removable.clone();
        super::sort_small(&mut map);
        if kept.contains(&map) {
            continue;
        }
        kept.push(map);
        let premises = rule_parents(hint, links, initial, grid);
        if premises.is_empty() {
            continue;
        }
        let chain = NestedChain {
            complexity: hint.complexity,
            key: fingerprint(hint, links),
        };
        let mut cells: Vec<usize> = hint.removable.iter().map(|&(c, _)| c).collect();
        hash_order(&mut cells);
        for c in cells {
            let digits = hint
                .removable
                .iter()
                .find(|&&(rc, _)| rc == c)
                .map_or(0, |&(_, d)| d);
            for digit in Digits(digits) {
                out.push(NestedFound {
                    cell: c,
                    digit,
                    premises: premises.clone(),
                    chain,
                });
            }
        }
    }
}

/// The eliminations SE's nested rules of `level` (2: forcing chains; 3:
/// also multiple forcing chains, tried when the first finds nothing) make
/// on `grid`, a net's working copy of `initial`.
pub(super) fn eliminations(initial: &Candidates, grid: &Candidates, level: u8) -> Vec<NestedFound> {
    let Scratch {
        mut implied,
        mut buffers,
        mut closure,
    } = SCRATCH
        .with(|kept| kept.borrow_mut().pop())
        .unwrap_or_else(|| Scratch {
            implied: Implications::new(),
            buffers: Buffers::new(),
            closure: Closure::new(),
        });
    implied.compute(grid);
    for queue in [&mut buffers.pending_on, &mut buffers.pending_off] {
        queue.clear();
    }
    buffers.nodes.clear();
    buffers.links.clear();
    let mut engine = Engine {
        grid,
        implied: &implied,
        buffers,
    };
    let out = eliminations_with(&mut engine, initial, level, &mut closure);
    engine.reset_index();
    let scratch = Scratch {
        buffers: engine.buffers,
        implied,
        closure,
    };
    SCRATCH.with(|kept| {
        let mut kept = kept.borrow_mut();
        if kept.len() < KEPT_SCRATCH {
            kept.push(scratch);
        }
    });
    out
}

/// [`eliminations`] with `engine` set up on the position.
fn eliminations_with(
    engine: &mut Engine,
    initial: &Candidates,
    level: u8,
    closure: &mut Closure,
) -> Vec<NestedFound> {
    let grid = engine.grid;
    let mut out = Vec::new();
    let mut hints = Vec::new();
    // One closure, of every kind of link, serves the searches on X-links
    // or Y-links alone too: what they reach, the links of every kind reach.
    closure.compute(&engine.implied.graph(), &engine.implied.states);
    let closure = &*closure;
    engine.buffers.loop_removes.clear();
    engine
        .buffers
        .loop_removes
        .resize(closure.components(), UNKNOWN);
    // X-cycles and X-chains, Y-cycles, then both kinds of link (SE's three
    // loop searches, one list).
    for (y, x) in [(false, true), (true, false), (true, true)] {
        for cell in Cells(grid.empty_cells()) {
            if grid.mask(cell).count_ones() < 2 {
                continue;
            }
            for digit in Digits(grid.mask(cell)) {
                engine.unary(cell, digit, y, x, closure, &mut hints);
            }
        }
    }
    emit(&mut hints, &engine.buffers.links, initial, grid, &mut out);
    if out.is_empty() && level >= 3 {
        hints.clear();
        engine.buffers.links.clear();
        engine.buffers.nodes.clear();
        multiple(engine, closure, &mut hints);
        emit(&mut hints, &engine.buffers.links, initial, grid, &mut out);
    }
    out
}
