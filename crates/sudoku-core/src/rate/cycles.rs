//! Sudoku Explainer's bidirectional Y-cycles: loops of bivalue cells.
//!
//! Each cell of the loop sees the next and shares a digit with it, and
//! leaves by the digit it did not enter by. Going round one way, every
//! cell holds the digit it leaves by; the other way, the digit it enters
//! by. One of the two holds, so a candidate that sees a loop cell holding
//! digit `d` in one direction and a loop cell holding `d` in the other is
//! false either way.
//!
//! SE scores a Y-cycle 6.5 plus its length increment over the cycle's
//! candidates, below the 6.6-7.0 of its forcing chains: a short loop can
//! rate below the chain that makes the same elimination. Which loops SE
//! sees depends on how it searches: breadth first from each candidate
//! assumed true, reaching each "on" candidate once (by its first way) but
//! each "off" candidate by every way, and a loop is a way back to the
//! start. This module searches the same way, so it finds the loops SE
//! finds and no others.

use super::candidates::{peers_with, Candidates, Cells, PEERS};

/// A loop found: its cells, its complexity (SE's count of its distinct
/// candidates) and what it removes.
pub(super) struct Cycle {
    pub cells: Vec<usize>,
    pub complexity: usize,
    pub eliminations: Vec<(usize, u8)>,
}

/// A candidate and a truth value: `(cell * 9 + digit - 1) * 2 + on`.
type State = usize;

fn state(cell: usize, digit: u8, on: bool) -> State {
    (cell * 9 + digit as usize - 1) * 2 + usize::from(on)
}

fn split(s: State) -> (usize, u8, bool) {
    let p = s / 2;
    (p / 9, (p % 9) as u8 + 1, s % 2 == 1)
}

/// One step of a search: its state and the node it came from.
struct Node {
    state: State,
    parent: Option<u32>,
}

struct Search<'a> {
    marks: &'a Candidates,
    nodes: Vec<Node>,
    on_seen: Vec<u32>,
    stamp: u32,
    /// Buffers of [`Search::from`], kept across starts: the nodes of the
    /// next "on" and "off" level, the level being expanded, and the states
    /// one "on" turns off.
    pending_on: Vec<u32>,
    pending_off: Vec<u32>,
    level: Vec<u32>,
    offs: Vec<State>,
}

impl Search<'_> {
    fn push(&mut self, state: State, parent: Option<u32>) -> u32 {
        self.nodes.push(Node { state, parent });
        (self.nodes.len() - 1) as u32
    }

    /// True when `state` is on the way to `node` (SE does not step back).
    fn is_ancestor(&self, node: u32, state: State) -> bool {
        let mut at = self.nodes[node as usize].parent;
        while let Some(n) = at {
            if self.nodes[n as usize].state == state {
                return true;
            }
            at = self.nodes[n as usize].parent;
        }
        false
    }

    /// What `on` turns off: the cell's other digits, then the digit's other
    /// places in the box, row and column.
    fn offs(&self, on: State, out: &mut Vec<State>) {
        let (cell, digit, _) = split(on);
        out.extend(
            self.marks
                .digits(cell)
                .filter(|&d| d != digit)
                .map(|d| state(cell, d, false)),
        );
        out.extend(peers_with(self.marks, cell, digit).map(|c| state(c, digit, false)));
    }

    /// The loop ending at `end` (the start turned on again): its cells,
    /// distinct candidates and eliminations.
    fn cycle(&self, end: u32) -> Cycle {
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
        let in_loop = cells.iter().fold(0u128, |a, &c| a | 1 << c);
        let mut eliminations = Vec::new();
        for d in 1..=9u8 {
            let (mut forward, mut backward) = (0u128, 0u128);
            let mut at = Some(end);
            while let Some(n) = at {
                let node = &self.nodes[n as usize];
                if node.parent.is_none() {
                    break;
                }
                let (c, digit, on) = split(node.state);
                if digit == d {
                    if on {
                        forward |= PEERS[c];
                    } else {
                        backward |= PEERS[c];
                    }
                }
                at = node.parent;
            }
            let victims = forward & backward & self.marks.digit_cells(d) & !in_loop;
            eliminations.extend(Cells(victims).map(|c| (c, d)));
        }
        Cycle {
            cells,
            complexity: states.len(),
            eliminations,
        }
    }

    /// Every Y-cycle back to `start` (a candidate of a bivalue cell assumed
    /// true), offered to `take` in the order found.
    fn from(&mut self, start: State, take: &mut dyn FnMut(Cycle)) {
        self.nodes.clear();
        self.stamp += 1;
        self.on_seen[start] = self.stamp;
        let first = self.push(start, None);
        let mut pending_on = std::mem::take(&mut self.pending_on);
        let mut pending_off = std::mem::take(&mut self.pending_off);
        let mut level = std::mem::take(&mut self.level);
        let mut offs = std::mem::take(&mut self.offs);
        pending_on.clear();
        pending_off.clear();
        pending_on.push(first);
        let mut length = 0;
        while !pending_on.is_empty() || !pending_off.is_empty() {
            length += 1;
            // Expand this level from `level`; the next fills the emptied buffer.
            level.clear();
            std::mem::swap(&mut level, &mut pending_on);
            for &n in &level {
                offs.clear();
                self.offs(self.nodes[n as usize].state, &mut offs);
                for &off in &offs {
                    if !self.is_ancestor(n, off) {
                        let id = self.push(off, Some(n));
                        pending_off.push(id);
                    }
                }
            }
            length += 1;
            level.clear();
            std::mem::swap(&mut level, &mut pending_off);
            for &n in &level {
                let (cell, digit, _) = split(self.nodes[n as usize].state);
                let mask = self.marks.mask(cell);
                if mask.count_ones() != 2 {
                    continue;
                }
                let on = state(cell, (mask & !(1 << digit)).trailing_zeros() as u8, true);
                if length >= 4 && on == start {
                    let end = self.push(on, Some(n));
                    take(self.cycle(end));
                }
                if self.on_seen[on] != self.stamp {
                    self.on_seen[on] = self.stamp;
                    let id = self.push(on, Some(n));
                    pending_on.push(id);
                }
            }
        }
        (self.pending_on, self.pending_off) = (pending_on, pending_off);
        (self.level, self.offs) = (level, offs);
    }
}

/// Every Y-cycle SE finds that removes something, offered to `take` in
/// SE's order (start cells in order, then their digits).
pub(super) fn y_cycles(marks: &Candidates, take: &mut dyn FnMut(Cycle)) {
    let mut search = Search {
        marks,
        nodes: Vec::new(),
        on_seen: vec![0; 81 * 9 * 2],
        stamp: 0,
        pending_on: Vec::new(),
        pending_off: Vec::new(),
        level: Vec::new(),
        offs: Vec::new(),
    };
    for cell in Cells(marks.empty_cells()) {
        if marks.mask(cell).count_ones() != 2 {
            continue;
        }
        for digit in marks.digits(cell) {
            search.from(state(cell, digit, true), &mut |cycle: Cycle| {
                if !cycle.eliminations.is_empty() {
                    take(cycle);
                }
            });
        }
    }
}
