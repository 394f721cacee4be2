//! Sudoku Explainer's (static) multiple forcing chains: cell forcing chains
//! and region forcing chains, scored 8.0 plus SE's length increment.
//!
//! Each candidate of a cell (or each place of a digit in a unit) is assumed
//! in turn and followed along X-links (a placed digit leaves its peers; a
//! digit with one other place in a unit goes there) and Y-links (a placed
//! digit empties its cell of others; a bivalue cell that loses one keeps
//! the other), on the marks as they are (nothing is written back while
//! following: SE's static chains). What every assumption leads to holds,
//! since one of them is true. The chain's complexity, as SE counts it, is
//! the sum over the assumptions of the candidates on the path from the
//! assumption to the conclusion; the lowest score is taken, as SE sorts its
//! chains by score and takes the first.

use super::candidates::{Candidates, Cells, Digits, LinkTable, ALL_DIGITS, CELL_UNITS, UNIT_MASK};
use super::fifo::Fifo;
use super::{Context, Step, Technique};

/// A candidate as `cell * 9 + digit - 1`.
type Pot = usize;

fn pot(cell: usize, digit: u8) -> Pot {
    cell * 9 + digit as usize - 1
}

fn split(p: Pot) -> (usize, u8) {
    super::candidates::candidate_parts(p)
}

/// What one assumption leads to: for each candidate, the length of the
/// path (in candidates, the assumption included) by which it was found on
/// or off; 0 when it was not reached.
struct Reach {
    on: Vec<u16>,
    off: Vec<u16>,
    /// The candidates reached on and off, as bit sets (729 bits each), to
    /// intersect the branches quickly.
    on_bits: [u64; 12],
    off_bits: [u64; 12],
}

impl Reach {
    fn new() -> Reach {
        Reach {
            on: vec![0; 729],
            off: vec![0; 729],
            on_bits: [0; 12],
            off_bits: [0; 12],
        }
    }

    /// Forgets everything reached, touching only what was.
    fn clear(&mut self) {
        for (bits, depths) in [
            (&mut self.on_bits, &mut self.on),
            (&mut self.off_bits, &mut self.off),
        ] {
            for (i, word) in bits.iter_mut().enumerate() {
                let mut w = *word;
                while w != 0 {
                    depths[i * 64 + w.trailing_zeros() as usize] = 0;
                    w &= w - 1;
                }
                *word = 0;
            }
        }
    }
}

/// Marks candidate `q` reached at `depth` in `depths` and `bits` if it was
/// not reached yet (by its first way only), and tells whether it was new:
/// without a branch on that, which the predictor cannot guess.
#[inline(always)]
fn first_way(depths: &mut [u16], bits: &mut [u64; 12], q: Pot, depth: u16) -> bool {
    let fresh = depths[q] == 0;
    depths[q] |= depth & u16::from(fresh).wrapping_neg();
    bits[q / 64] |= u64::from(fresh) << (q % 64);
    fresh
}

/// Follows the assumption `source` on, as SE's static chaining does:
/// candidates turned on are expanded before those turned off, each in the
/// order found. Stops at a contradiction (SE's multiple chains then use
/// what was found so far).
fn follow(links: &LinkTable, source: Pot, reach: &mut Reach, queues: &mut Queues) {
    reach.clear();
    first_way(&mut reach.on, &mut reach.on_bits, source, 1);
    let (on_queue, off_queue) = (&mut queues.on, &mut queues.off);
    on_queue.clear();
    off_queue.clear();
    on_queue.push_back(source);
    loop {
        if let Some(p) = on_queue.pop_front() {
            let depth = reach.on[p] + 1;
            for &q in links.offs_of(p) {
                let q = usize::from(q);
                if reach.on[q] != 0 {
                    return;
                }
                let fresh = first_way(&mut reach.off, &mut reach.off_bits, q, depth);
                off_queue.push_if(q, fresh);
            }
            continue;
        }
        let Some(p) = off_queue.pop_front() else {
            return;
        };
        let depth = reach.off[p] + 1;
        for &q in links.ons_of(p) {
            let q = usize::from(q);
            if reach.off[q] != 0 {
                return;
            }
            let fresh = first_way(&mut reach.on, &mut reach.on_bits, q, depth);
            on_queue.push_if(q, fresh);
        }
    }
}

/// The queues of candidates turned on and off, still to expand.
#[derive(Default)]
struct Queues {
    on: Fifo<Pot>,
    off: Fifo<Pot>,
}

/// No followed candidate.
const NO_SLOT: u16 = u16::MAX;

/// The buffers of [`multiple_forcing_chain`], kept from one call to the
/// next on the same thread: it follows most candidates of the position,
/// and allocating each one's reach anew made the allocator hand memory
/// back to the system and fault it in again at every call.
struct Scratch {
    /// The links' graph ([`link_graph`]) and its closure, which tells the
    /// chains whose branches reach nothing in common.
    ranges: Vec<(u32, u32)>,
    targets: Vec<u16>,
    states: Vec<u16>,
    closure: super::closure::Closure,
    /// One per candidate followed, reused in order.
    reaches: Vec<Reach>,
    queues: Queues,
    /// For each candidate, its reach's index in `reaches`, or [`NO_SLOT`].
    slot: Vec<u16>,
    /// Every candidate's links, worked out once per call: each is expanded
    /// by nearly every assumption of the call.
    links: LinkTable,
}

impl Default for Scratch {
    fn default() -> Scratch {
        Scratch {
            ranges: Vec::new(),
            targets: Vec::new(),
            states: Vec::new(),
            closure: super::closure::Closure::new(),
            reaches: Vec::new(),
            queues: Queues::default(),
            slot: vec![NO_SLOT; 729],
            links: LinkTable::default(),
        }
    }
}

thread_local! {
    static SCRATCH: std::cell::Cell<Option<Scratch>> = const { std::cell::Cell::new(None) };
}

/// The best conclusion common to the branches `reaches[i]` for each `i` of
/// `indices`: (score in tenths, complexity, candidate, whether it is turned
/// on).
fn best_common(
    reaches: &[Reach],
    indices: &[u16],
    marks: &Candidates,
) -> Option<(u16, usize, Pot, bool)> {
    let branches = indices.iter().map(|&i| &reaches[usize::from(i)]);
    let mut best: Option<(u16, usize, Pot, bool)> = None;
    for on in [true, false] {
        let mut common = [!0u64; 12];
        for b in branches.clone() {
            let bits = if on { &b.on_bits } else { &b.off_bits };
            for (c, w) in common.iter_mut().zip(bits) {
                *c &= w;
            }
        }
        let reached = common.iter().enumerate().flat_map(|(i, &w)| {
            let mut w = w;
            std::iter::from_fn(move || {
                (w != 0).then(|| {
                    let b = w.trailing_zeros() as usize;
                    w &= w - 1;
                    i * 64 + b
                })
            })
        });
        for q in reached {
            let (cell, digit) = split(q);
            if !marks.has(cell, digit) {
                continue;
            }
            let lengths = branches
                .clone()
                .map(|b| if on { b.on[q] } else { b.off[q] });
            if lengths.clone().any(|l| l == 0) {
                continue;
            }
            let complexity: usize = lengths.map(usize::from).sum();
            let tenths = 80 + super::chain_length_tenths(complexity);
            if best.is_none_or(|(t, c, _, _)| (tenths, complexity) < (t, c)) {
                best = Some((tenths, complexity, q, on));
            }
        }
    }
    best
}

/// The graph of `links` for [`super::closure::Closure`]: candidate `p`
/// off at state `2p`, turning on what `links.ons_of(p)` lists, and on at
/// `2p + 1`, turning off what `links.offs_of(p)` lists; `states` gets the
/// two states of every candidate of `marks`.
fn link_graph(
    links: &LinkTable,
    marks: &Candidates,
    ranges: &mut Vec<(u32, u32)>,
    targets: &mut Vec<u16>,
    states: &mut Vec<u16>,
) {
    ranges.clear();
    targets.clear();
    states.clear();
    for p in 0..729 {
        let begin = targets.len() as u32;
        let (cell, digit) = split(p);
        // The table lists candidates only: the others have no links.
        if marks.has(cell, digit) {
            targets.extend(links.ons_of(p).iter().map(|&q| q * 2 + 1));
        }
        let middle = targets.len() as u32;
        if marks.has(cell, digit) {
            targets.extend(links.offs_of(p).iter().map(|&q| q * 2));
            states.extend([2 * p as u16, 2 * p as u16 + 1]);
        }
        ranges.extend([(begin, middle), (middle, targets.len() as u32)]);
    }
}

/// Cell and region forcing chains (see the module documentation).
pub(super) fn multiple_forcing_chain(marks: &Candidates, _: &Context, step: &mut Step) -> bool {
    let mut best: Option<(u16, usize, Pot, bool, Technique)> = None;
    let mut consider = |found: Option<(u16, usize, Pot, bool)>, technique: Technique| {
        if let Some((t, c, q, on)) = found {
            if best.is_none_or(|(bt, bc, ..)| (t, c) < (bt, bc)) {
                best = Some((t, c, q, on, technique));
            }
        }
    };
    let mut scratch = SCRATCH.with(|kept| kept.take()).unwrap_or_default();
    let Scratch {
        ranges,
        targets,
        states,
        closure,
        reaches,
        queues,
        slot,
        links,
    } = &mut scratch;
    slot.fill(NO_SLOT);
    links.build(marks, true, true, false, ALL_DIGITS);
    link_graph(links, marks, ranges, targets, states);
    closure.compute(&super::closure::Graph { ranges, targets }, states);
    // A chain whose branches (assumed on) can reach nothing in common by
    // the links' closure has no conclusion, and neither its branches nor
    // their common states need working out (a branch reaches no more than
    // the closure says; less, when it stops at a contradiction).
    let closure = &*closure;
    let share =
        |branches: &mut dyn Iterator<Item = Pot>| closure.may_meet(branches.map(|p| p * 2 + 1));
    // Each candidate is followed once, when a chain first needs it as a
    // branch: a candidate of a bivalue cell is a branch only of the region
    // chains that start at a cell with three candidates or more, and some
    // are of none.
    let mut used = 0;
    let mut reach_of = |p: Pot, reaches: &mut Vec<Reach>, slot: &mut Vec<u16>| {
        if slot[p] == NO_SLOT {
            if used == reaches.len() {
                reaches.push(Reach::new());
            }
            follow(links, p, &mut reaches[used], queues);
            slot[p] = used as u16;
            used += 1;
        }
        slot[p]
    };
    let mut indices: Vec<u16> = Vec::with_capacity(9);
    for cell in Cells(marks.empty_cells()) {
        let mask = marks.mask(cell);
        if mask.count_ones() <= 2 {
            continue;
        }
        if share(&mut Digits(mask).map(|d| pot(cell, d))) {
            indices.clear();
            indices.extend(Digits(mask).map(|d| reach_of(pot(cell, d), reaches, slot)));
            consider(
                best_common(reaches, &indices, marks),
                Technique::CellForcingChain,
            );
        }
        for digit in Digits(mask) {
            let units = CELL_UNITS[cell];
            for u in [units[2], units[0], units[1]] {
                let places = marks.digit_cells(digit) & UNIT_MASK[u as usize];
                if places.count_ones() < 2 || places.trailing_zeros() as usize != cell {
                    continue;
                }
                if !share(&mut Cells(places).map(|c| pot(c, digit))) {
                    continue;
                }
                indices.clear();
                indices.extend(Cells(places).map(|c| reach_of(pot(c, digit), reaches, slot)));
                consider(
                    best_common(reaches, &indices, marks),
                    Technique::RegionForcingChain,
                );
            }
        }
    }
    SCRATCH.with(|kept| kept.set(Some(scratch)));
    let Some((tenths, _, q, on, technique)) = best else {
        return false;
    };
    let (cell, digit) = split(q);
    step.reset(technique);
    step.cells.push(cell);
    if on {
        step.placements.push((cell, digit));
    } else {
        step.eliminations.push((cell, digit));
    }
    step.tenths = tenths;
    true
}
