//! Which states of a static implication graph reach which: its strongly
//! connected components and their transitive closure.
//!
//! SE's nested rules run a breadth-first search from every candidate of a
//! net's working copy, assumed on and off, to the point where it reaches
//! the opposite of its assumption (a forcing chain), and another to the
//! point where it comes back to it (a cycle). A static search reaches
//! exactly what the graph of its links reaches, and most of these searches
//! reach neither: they read all of it in vain. The closure answers both
//! questions for every state at once, for about the cost of a few
//! searches, so that only the searches that find something run.
//!
//! SE's top-level loop searches (`cycles.rs`) ask the components alone: a
//! loop stays in its start's component, so a component in which no loop
//! could remove anything is not searched.
//!
//! Tarjan's algorithm finds the components in reverse topological order
//! (each after every component it reaches), so a component's reach is its
//! own bit and the union of its successors', all known by then.

use super::candidates::{candidate_parts, Candidates, PEERS};

/// No component, or not reached yet.
const UNSEEN: u32 = u32::MAX;

/// The most words of a component's reach that [`Closure::may_meet`]
/// intersects: one bit per component, at most one component per
/// candidate state (81 × 9 × 2).
const MAX_WORDS: usize = (81 * 9 * 2usize).div_ceil(64);

/// A graph over states `0..n`: the successors of state `s` are
/// `targets[ranges[s].0 as usize..ranges[s].1 as usize]`.
pub(super) struct Graph<'a> {
    pub(super) ranges: &'a [(u32, u32)],
    pub(super) targets: &'a [u16],
}

impl Graph<'_> {
    fn successors(&self, s: usize) -> &[u16] {
        let (start, end) = self.ranges[s];
        &self.targets[start as usize..end as usize]
    }
}

/// The components of a [`Graph`] and what each reaches, with the buffers
/// that find them (kept from one graph to the next).
pub(super) struct Closure {
    /// Per state, its component, or [`UNSEEN`] while it is on Tarjan's
    /// stack (or was not given to [`Closure::compute`]).
    component: Vec<u32>,
    /// The states of every component, component after component: those
    /// of component `c` are `held[held_from[c]..held_from[c + 1]]`. A
    /// component of two states or more holds a cycle (the graphs here have
    /// no loop from a state to itself).
    held: Vec<u16>,
    held_from: Vec<u32>,
    /// Per component, the components it reaches (itself included), a bit
    /// each, `words` words per component.
    reach: Vec<u64>,
    words: usize,
    // Tarjan's buffers: each state's visit number and lowest link.
    order: Vec<u32>,
    low: Vec<u32>,
    stack: Vec<u16>,
    calls: Vec<(u16, u32, u32)>,
    /// Whether the last computation worked out `reach`.
    with_reach: bool,
}

impl Default for Closure {
    fn default() -> Closure {
        Closure::new()
    }
}

impl Closure {
    pub(super) fn new() -> Closure {
        Closure {
            component: Vec::new(),
            held: Vec::new(),
            held_from: vec![0],
            reach: Vec::new(),
            words: 0,
            order: Vec::new(),
            low: Vec::new(),
            stack: Vec::new(),
            calls: Vec::new(),
            with_reach: false,
        }
    }

    /// Works out the components of `graph` over the states `states` (every
    /// state an edge of `graph` leads to must be among them), and what each
    /// reaches.
    pub(super) fn compute(&mut self, graph: &Graph, states: &[u16]) {
        self.tarjan(graph, states, true);
    }

    /// [`Closure::compute`] without what each component reaches, for a
    /// caller that asks only about components ([`Closure::on_cycle`],
    /// [`Closure::component_of`], [`Closure::loop_may_remove`]): the reach
    /// is most of the cost.
    pub(super) fn compute_components(&mut self, graph: &Graph, states: &[u16]) {
        self.tarjan(graph, states, false);
    }

    /// Tarjan's algorithm over `states`, working out each component's
    /// reach when `with_reach`.
    fn tarjan(&mut self, graph: &Graph, states: &[u16], with_reach: bool) {
        self.with_reach = with_reach;
        let n = graph.ranges.len();
        for table in [&mut self.order, &mut self.low] {
            if table.len() != n {
                table.clear();
                table.resize(n, UNSEEN);
            }
        }
        // Every component afresh, so that a state not given has none; the
        // visit numbers are read for the given states only.
        self.component.clear();
        self.component.resize(n, UNSEEN);
        for &s in states {
            self.order[usize::from(s)] = UNSEEN;
        }
        self.held.clear();
        self.held_from.clear();
        self.held_from.push(0);
        self.words = states.len().div_ceil(64).max(1);
        self.reach.clear();
        let mut counter = 0;
        for &root in states {
            if self.order[usize::from(root)] != UNSEEN {
                continue;
            }
            // The open call's state and the rest of its successors, in
            // locals; the calls below it on `calls`.
            let mut v = usize::from(root);
            self.enter(v, &mut counter);
            let (mut at, mut end) = graph.ranges[v];
            loop {
                if at < end {
                    let w = usize::from(graph.targets[at as usize]);
                    at += 1;
                    if self.order[w] == UNSEEN {
                        self.calls.push((v as u16, at, end));
                        self.enter(w, &mut counter);
                        v = w;
                        (at, end) = graph.ranges[w];
                    } else if self.component[w] == UNSEEN {
                        // On the stack: visited, in no component yet.
                        self.low[v] = self.low[v].min(self.order[w]);
                    }
                    continue;
                }
                if self.low[v] == self.order[v] {
                    self.close(v as u16, graph);
                }
                let Some((parent, parent_at, parent_end)) = self.calls.pop() else {
                    break;
                };
                let p = usize::from(parent);
                self.low[p] = self.low[p].min(self.low[v]);
                (v, at, end) = (p, parent_at, parent_end);
            }
        }
    }

    /// Tarjan's visit of `v`: numbers it and puts it on the stack.
    fn enter(&mut self, v: usize, counter: &mut u32) {
        self.order[v] = *counter;
        self.low[v] = *counter;
        *counter += 1;
        self.stack.push(v as u16);
    }

    /// Pops the component whose root is `v`, and works out its reach from
    /// its successors', every one of which is closed already.
    fn close(&mut self, v: u16, graph: &Graph) {
        let c = self.components();
        let first = self.held.len();
        while let Some(w) = self.stack.pop() {
            self.component[usize::from(w)] = c as u32;
            self.held.push(w);
            if w == v {
                break;
            }
        }
        self.held_from.push(self.held.len() as u32);
        if !self.with_reach {
            return;
        }
        let words = self.words;
        let row = self.reach.len();
        self.reach.resize(row + words, 0);
        self.reach[row + c / 64] |= 1 << (c % 64);
        let (done, this) = self.reach.split_at_mut(row);
        for &w in &self.held[first..] {
            for &x in graph.successors(usize::from(w)) {
                let d = self.component[usize::from(x)] as usize;
                // Reached already (or this component): everything `d`
                // reaches is in then, reach being transitive.
                if this[d / 64] >> (d % 64) & 1 != 0 {
                    continue;
                }
                // Components are closed after all they reach, so `d`
                // reaches none numbered above it: its row is zero past the
                // word of its own bit.
                let used = d / 64 + 1;
                let theirs = &done[d * words..d * words + used];
                for (mine, theirs) in this[..used].iter_mut().zip(theirs) {
                    *mine |= theirs;
                }
            }
        }
    }

    /// True when a path of one link or more leads from `from` to `to`
    /// (both among the states computed).
    pub(super) fn reaches(&self, from: usize, to: usize) -> bool {
        debug_assert!(self.with_reach);
        let (a, b) = (self.component[from], self.component[to]);
        if a == UNSEEN || b == UNSEEN {
            return false;
        }
        if a == b {
            return self.cyclic(a as usize);
        }
        self.reach[a as usize * self.words + b as usize / 64] >> (b % 64) & 1 != 0
    }

    /// True when the states `from` may all reach one state: some component
    /// is reached from each of them (true for none, or for a state not
    /// computed). Searches that follow the links from each reach no more
    /// than this, so when it is false they reach nothing in common.
    pub(super) fn may_meet(&self, from: impl Iterator<Item = usize>) -> bool {
        debug_assert!(self.with_reach);
        if self.words > MAX_WORDS {
            return true;
        }
        let mut common = [!0u64; MAX_WORDS];
        for s in from {
            let c = self.component[s];
            if c == UNSEEN {
                return true;
            }
            let row = &self.reach[c as usize * self.words..(c as usize + 1) * self.words];
            for (a, b) in common.iter_mut().zip(row) {
                *a &= b;
            }
        }
        common[..self.words].iter().any(|&w| w != 0)
    }

    /// True when some path of links leads from `s` back to itself.
    pub(super) fn on_cycle(&self, s: usize) -> bool {
        let c = self.component[s];
        c != UNSEEN && self.cyclic(c as usize)
    }

    /// The number of components found.
    pub(super) fn components(&self) -> usize {
        self.held_from.len() - 1
    }

    /// Whether component `c` holds a cycle: two states or more.
    fn cyclic(&self, c: usize) -> bool {
        self.members(c).len() > 1
    }

    /// The component of state `s` (which must be among the states
    /// computed): every path from `s` back to itself stays in it.
    pub(super) fn component_of(&self, s: usize) -> usize {
        debug_assert!(self.component[s] != UNSEEN);
        self.component[s] as usize
    }

    /// The states of component `c`.
    pub(super) fn members(&self, c: usize) -> &[u16] {
        &self.held[self.held_from[c] as usize..self.held_from[c + 1] as usize]
    }

    /// Whether a loop of SE's within component `c` of a graph of links
    /// on `marks` (states `(cell * 9 + digit - 1) * 2 + on`) could remove
    /// a candidate. Such a loop removes each candidate outside its cells
    /// that sees one of its "on" states and one of its "off" states of the
    /// candidate's digit, and every state of a loop lies in one component.
    /// So when no cell holding a digit sees both an "on" and an "off"
    /// state of that digit in the component, no loop in it removes
    /// anything. (The callers keep the answer per component.)
    pub(super) fn loop_may_remove(&self, c: usize, marks: &Candidates) -> bool {
        let (mut sees_on, mut sees_off) = ([0u128; 10], [0u128; 10]);
        for &s in self.members(c) {
            let (cell, digit) = candidate_parts(usize::from(s) / 2);
            let sees = if s % 2 == 1 {
                &mut sees_on
            } else {
                &mut sees_off
            };
            sees[usize::from(digit)] |= PEERS[cell];
        }
        (1..=9u8)
            .any(|d| marks.digit_cells(d) & sees_on[usize::from(d)] & sees_off[usize::from(d)] != 0)
    }
}

#[cfg(test)]
mod tests {
    use super::{Closure, Graph};

    /// The successor ranges and targets of the graph of `edges` over
    /// states `0..n`.
    fn graph(n: usize, edges: &[(u16, u16)]) -> (Vec<(u32, u32)>, Vec<u16>) {
        let (mut ranges, mut targets) = (Vec::new(), Vec::new());
        for s in 0..n as u16 {
            let start = targets.len() as u32;
            targets.extend(edges.iter().filter(|e| e.0 == s).map(|e| e.1));
            ranges.push((start, targets.len() as u32));
        }
        (ranges, targets)
    }

    /// Reachability by a plain search from each state, to check against.
    fn searched(n: usize, edges: &[(u16, u16)], from: usize, to: usize) -> bool {
        let mut seen = vec![false; n];
        let mut todo = vec![from];
        while let Some(s) = todo.pop() {
            for e in edges.iter().filter(|e| usize::from(e.0) == s) {
                let t = usize::from(e.1);
                if t == to {
                    return true;
                }
                if !seen[t] {
                    seen[t] = true;
                    todo.push(t);
                }
            }
        }
        false
    }

    #[test]
    fn reachability_meetings_and_cycles_match_a_search_from_every_state() {
        // Two cycles joined one way, a tail, a state of no edge, and pseudo
        // random graphs over up to 150 states (three words of reach).
        let mut cases: Vec<(usize, Vec<(u16, u16)>)> = vec![(
            8,
            vec![
                (0, 1),
                (1, 2),
                (2, 0),
                (2, 3),
                (3, 4),
                (4, 3),
                (4, 5),
                (6, 5),
            ],
        )];
        let mut x = 0x2545_F491u32;
        for n in [5usize, 40, 150] {
            for density in [1usize, 2, 4] {
                let mut edges = Vec::new();
                for _ in 0..n * density {
                    x ^= x << 13;
                    x ^= x >> 17;
                    x ^= x << 5;
                    let a = (x % n as u32) as u16;
                    let b = ((x / n as u32) % n as u32) as u16;
                    if a != b {
                        edges.push((a, b));
                    }
                }
                cases.push((n, edges));
            }
        }
        let mut closure = Closure::new();
        for (n, edges) in cases {
            let (ranges, targets) = graph(n, &edges);
            let g = Graph {
                ranges: &ranges,
                targets: &targets,
            };
            let states: Vec<u16> = (0..n as u16).collect();
            closure.compute(&g, &states);
            let reached = |a: usize, t: usize| a == t || searched(n, &edges, a, t);
            for a in 0..n {
                for b in (0..n).step_by(7) {
                    let meet = (0..n).any(|t| reached(a, t) && reached(b, t));
                    assert_eq!(closure.may_meet([a, b].into_iter()), meet, "{n}: {a}, {b}");
                }
                assert_eq!(closure.on_cycle(a), searched(n, &edges, a, a), "{n} {a}");
                // A component holds the states that reach `a` and that `a`
                // reaches, `a` among them.
                let c = closure.component_of(a);
                let mut members: Vec<usize> =
                    closure.members(c).iter().map(|&m| m.into()).collect();
                members.sort_unstable();
                let expected: Vec<usize> =
                    (0..n).filter(|&b| reached(a, b) && reached(b, a)).collect();
                assert_eq!(members, expected, "{n}: the component of {a}");
                for b in 0..n {
                    assert_eq!(
                        closure.reaches(a, b),
                        searched(n, &edges, a, b),
                        "{n}: {a} to {b}"
                    );
                }
            }
        }
    }
}
