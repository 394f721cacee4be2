//! X-chains, XY-chains and alternating inference chains (AIC).
//!
//! A chain alternates *strong* links (of two candidates, at least one is
//! true: a conjugate pair in a unit, or the two digits of a bivalue cell) and
//! *weak* links (of two candidates, at most one is true: the same digit in
//! two cells that see each other, or two digits of one cell). Starting from a
//! candidate `s` assumed false and following strong, weak, strong, ... links
//! to a candidate `e` reached by a strong link proves: `s` or `e` is true. Any
//! candidate weakly linked to both then goes.
//!
//! The search is a breadth-first search over (candidate, true/false) states
//! from each start, so the chains it reports are the shortest from that start.

use std::ops::ControlFlow;

use super::candidates::{Candidates, Cells, ALL_DIGITS, CELL_UNITS, PEERS, UNIT_MASK};
use super::cycles::Links;
use super::memo::DigitSearch;
use super::{Context, Step, Technique};

#[derive(Clone, Copy, PartialEq, Eq)]
enum Mode {
    /// One digit; strong links are conjugate pairs.
    X(u8),
    /// Bivalue cells; strong links are inside cells, weak ones between them on a digit.
    Xy,
    /// Every kind of link.
    Aic,
}

/// A candidate as `cell * 9 + digit - 1`.
type Node = usize;

fn node(cell: usize, digit: u8) -> Node {
    cell * 9 + digit as usize - 1
}

fn parts(n: Node) -> (usize, u8) {
    super::candidates::candidate_parts(n)
}

/// What the searches of one position share: the links, worked out once,
/// and the buffers, allocated once (SE's chain finder runs eleven searches
/// per step, and runs after most steps of a hard puzzle).
struct Shared {
    bivalue: u128,
    /// `parent[i]`: where in [`Shared::queue`] the state queued `i`-th was
    /// reached from (states are node * 2 + truth).
    parent: Vec<u16>,
    /// `seen[state] == stamp` when the current search has reached a
    /// candidate true (odd states): a new stamp per start clears them all
    /// at once (stamps only grow, across the searches sharing these
    /// buffers too).
    seen: Vec<u32>,
    /// The candidates the current search has reached false, as each
    /// digit's cells.
    false_seen: [u128; 10],
    stamp: u32,
    /// The states reached, in order, the first `tail` of them: each state
    /// is queued once at most per search, so the buffer never fills.
    queue: Vec<usize>,
    tail: usize,
    /// Every candidate's strong links, worked out once: each is expanded
    /// by many of the position's searches.
    strong: Vec<Strong>,
    /// Scratch buffer of [`Search::from`], kept across starts.
    victims: Vec<(usize, u8)>,
    /// Per digit, the cells where it has a conjugate in some unit: a
    /// candidate reached false elsewhere, and not in a bivalue cell, has
    /// no strong link to go on with, so it is not queued.
    conjugate_cells: [u128; 10],
}

/// A candidate's strong links: the other digit of its cell when the cell
/// is bivalue, and its digit's other place in each unit (in the cell's
/// order of units) where it has two.
#[derive(Clone, Copy)]
struct Strong {
    /// The other candidate of a bivalue cell, or [`NO_NODE`].
    cell: u16,
    /// The conjugates, `units` of them.
    places: [u16; 3],
    units: u8,
}

/// No candidate.
const NO_NODE: u16 = u16::MAX;

/// The strong links of a position: its bivalue cells, and for each digit
/// the units where it has exactly two places (a bit per unit).
struct StrongSets {
    bivalue: u128,
    conjugate: [u32; 10],
}

impl StrongSets {
    fn new(marks: &Candidates) -> StrongSets {
        let bivalue = Cells(marks.empty_cells())
            .filter(|&c| marks.mask(c).count_ones() == 2)
            .fold(0u128, |a, c| a | 1 << c);
        let mut conjugate = [0u32; 10];
        for (d, units) in conjugate.iter_mut().enumerate().skip(1) {
            for (u, &mask) in UNIT_MASK.iter().enumerate() {
                // Exactly two places, by bit tests: `count_ones` on 128
                // bits is slow without a `popcnt` target feature.
                let places = marks.digit_cells(d as u8) & mask;
                let rest = places & places.wrapping_sub(1);
                if rest != 0 && rest & (rest - 1) == 0 {
                    *units |= 1 << u;
                }
            }
        }
        StrongSets { bivalue, conjugate }
    }
}

impl Shared {
    /// Puts `state`, reached from the state in queue slot `from`, in the
    /// queue's next slot, and keeps it there if `keep`: the slot is written
    /// either way, so that keeping needs no branch.
    #[inline(always)]
    fn queue_if(&mut self, state: usize, from: usize, keep: bool) {
        self.parent[self.tail] = from as u16;
        self.queue[self.tail] = state;
        self.tail += usize::from(keep);
    }

    fn new(marks: &Candidates) -> Shared {
        Shared::with(marks, &StrongSets::new(marks))
    }

    fn with(marks: &Candidates, sets: &StrongSets) -> Shared {
        let StrongSets { bivalue, conjugate } = *sets;
        let kept = KEPT.take().unwrap_or_else(Buffers::new);
        let Buffers {
            mut strong,
            mut parent,
            mut seen,
            mut stamp,
            mut queue,
            victims,
        } = kept;
        super::stamps::renew_if_worn(&mut stamp, &mut [&mut seen]);
        queue.resize(QUEUE, 0);
        parent.resize(QUEUE, 0);
        let mut conjugate_cells = [0u128; 10];
        for c in Cells(marks.empty_cells()) {
            let mask = marks.mask(c);
            for d in super::candidates::Digits(mask) {
                // Only the marks' candidates are read, each written afresh.
                let links = &mut strong[node(c, d)];
                *links = Strong {
                    cell: NO_NODE,
                    places: [0; 3],
                    units: 0,
                };
                if bivalue & (1 << c) != 0 {
                    links.cell = node(c, (mask & !(1 << d)).trailing_zeros() as u8) as u16;
                }
                for &u in &CELL_UNITS[c] {
                    if conjugate[d as usize] & (1 << u) != 0 {
                        let m = marks.digit_cells(d) & UNIT_MASK[u as usize];
                        let other = (m & !(1 << c)).trailing_zeros() as usize;
                        links.places[usize::from(links.units)] = node(other, d) as u16;
                        links.units += 1;
                        conjugate_cells[d as usize] |= 1 << c;
                    }
                }
            }
        }
        Shared {
            bivalue,
            strong,
            parent,
            seen,
            false_seen: [0; 10],
            stamp,
            queue,
            tail: 0,
            victims,
            conjugate_cells,
        }
    }
}

/// The buffers of a [`Shared`], kept for the next position's searches on
/// the same thread: SE's chain finder runs after most steps of a hard
/// puzzle, and allocating and clearing them each time cost about a
/// hundredth of the rating of the chain bands.
struct Buffers {
    strong: Vec<Strong>,
    parent: Vec<u16>,
    seen: Vec<u32>,
    stamp: u32,
    queue: Vec<usize>,
    victims: Vec<(usize, u8)>,
}

impl Buffers {
    fn new() -> Buffers {
        Buffers {
            strong: vec![
                Strong {
                    cell: NO_NODE,
                    places: [0; 3],
                    units: 0,
                };
                81 * 9
            ],
            parent: vec![0; QUEUE],
            seen: vec![0; 81 * 9 * 2 + 1],
            stamp: 0,
            queue: vec![0; QUEUE],
            victims: Vec::new(),
        }
    }
}

/// The length of [`Shared::queue`]: every state, and a slot past the last
/// for a write that is not kept (see [`Search::from`]).
const QUEUE: usize = 81 * 9 * 2 + 1;

/// A state past the real ones, where [`Search::from`] marks the partners
/// a candidate does not have.
const SPARE: usize = 81 * 9 * 2;

thread_local! {
    /// The buffers of this thread's last [`Shared`], once it is dropped.
    static KEPT: std::cell::Cell<Option<Buffers>> = const { std::cell::Cell::new(None) };
}

impl Drop for Shared {
    fn drop(&mut self) {
        let buffers = Buffers {
            strong: std::mem::take(&mut self.strong),
            parent: std::mem::take(&mut self.parent),
            seen: std::mem::take(&mut self.seen),
            stamp: self.stamp,
            queue: std::mem::take(&mut self.queue),
            victims: std::mem::take(&mut self.victims),
        };
        // Not at all when the thread's storage is going away.
        let _ = KEPT.try_with(|kept| kept.set(Some(buffers)));
    }
}

struct Search<'a> {
    marks: &'a Candidates,
    mode: Mode,
    shared: &'a mut Shared,
    /// The number of candidates on the last chain found.
    nodes: usize,
    /// The most candidates a chain may have: the search from a start stops
    /// before longer ones (breadth-first, so every later one is longer).
    limit: usize,
}

impl Search<'_> {
    /// Candidates strongly linked to `n` (if `n` is false, they are true),
    /// in order: the cell's other digit, then the digit's conjugates.
    /// As an array and a count, not chained iterators, which test which
    /// part is running at every item.
    ///
    /// Without a branch on the links themselves, which the predictor
    /// cannot guess: the four 16-bit slots of one word, the cell's link in
    /// the lowest if it counts, all three conjugate slots above it, of which
    /// `units` count. (Built in a register: written to memory slot by slot
    /// and read back whole, the word would wait for the writes.)
    #[inline(always)]
    fn strong(&self, n: Node) -> (u64, usize) {
        let links = self.shared.strong[n];
        let cells = matches!(self.mode, Mode::Xy | Mode::Aic);
        let places = matches!(self.mode, Mode::X(_) | Mode::Aic);
        let count = usize::from(cells & (links.cell != NO_NODE));
        let [a, b, c] = links.places.map(u64::from);
        let conjugates = a | b << 16 | c << 32;
        let slots = (u64::from(links.cell) * count as u64) | (conjugates << (16 * count));
        (
            slots,
            count + usize::from(links.units) * usize::from(places),
        )
    }

    /// Reaches the candidates weakly linked to `n` (if `n` is true, they
    /// are false) that are not reached false yet, in order: the digit's
    /// peers (with bivalue cells only for XY-chains), then for AICs the
    /// cell's other digits. A false candidate ends no chain, so they are
    /// only queued, and the digit's peers are found reached or not by one
    /// mask rather than one by one. Only those with a strong link of the
    /// search's kind are queued: the others would be taken off the queue
    /// again with nothing to follow, and leaving them out changes neither
    /// the depth of the rest nor the order in which chains are found.
    /// `at` is where `n`'s state is in the queue.
    fn weak(&mut self, n: Node, at: usize) {
        let (c, d) = parts(n);
        let shared = &mut *self.shared;
        let going_on = match self.mode {
            Mode::X(_) => shared.conjugate_cells[d as usize],
            Mode::Xy => shared.bivalue,
            Mode::Aic => shared.conjugate_cells[d as usize] | shared.bivalue,
        };
        let peers =
            self.marks.digit_cells(d) & PEERS[c] & !shared.false_seen[d as usize] & going_on;
        shared.false_seen[d as usize] |= peers;
        for p in Cells(peers) {
            shared.queue_if(node(p, d) * 2, at, true);
        }
        if self.mode == Mode::Aic {
            for e in super::candidates::Digits(self.marks.mask(c) & !(1 << d)) {
                let going_on = shared.conjugate_cells[e as usize] | shared.bivalue;
                let seen = &mut shared.false_seen[e as usize];
                if *seen & (1 << c) == 0 && going_on & (1 << c) != 0 {
                    *seen |= 1 << c;
                    shared.queue_if(node(c, e) * 2, at, true);
                }
            }
        }
    }

    /// Candidates weakly linked to both `s` and `e`: they go when `s` or `e` holds.
    fn common_victims(&self, s: Node, e: Node, out: &mut Vec<(usize, u8)>) {
        let ((cs, ds), (ce, de)) = (parts(s), parts(e));
        if ds == de {
            let m = self.marks.digit_cells(ds) & PEERS[cs] & PEERS[ce];
            out.extend(Cells(m).map(|c| (c, ds)));
        } else if cs == ce {
            let others = self.marks.mask(cs) & !(1 << ds) & !(1 << de);
            out.extend(super::candidates::Digits(others).map(|d| (cs, d)));
        } else if PEERS[cs] & (1 << ce) != 0 {
            if self.marks.has(ce, ds) {
                out.push((ce, ds));
            }
            if self.marks.has(cs, de) {
                out.push((cs, de));
            }
        }
    }

    /// Breadth-first from `start` assumed false; fills `step` on the first
    /// chain that removes something.
    ///
    /// A candidate reached true ends a chain; whether that chain removes
    /// something is asked when it is taken off the queue rather than when
    /// it is put on: the queue keeps the order, so the first such chain is
    /// the same, and putting a state on the queue needs no branch on
    /// whether it was reached before, which the predictor cannot guess.
    fn from(&mut self, start: Node, technique: Technique, step: &mut Step) -> bool {
        self.shared.stamp += 1;
        let stamp = self.shared.stamp;
        let first = start * 2;
        let (cs, ds) = parts(start);
        self.shared.false_seen = [0; 10];
        self.shared.false_seen[ds as usize] = 1 << cs;
        self.shared.queue[0] = first;
        self.shared.tail = 1;
        let mut head = 0;
        let mut victims = std::mem::take(&mut self.shared.victims);
        // The states at `depth` end at `level_end`; a state at `depth` ends
        // a chain of `depth + 1` candidates (when true), and leads only to
        // longer ones.
        let (mut depth, mut level_end) = (0, 1);
        while head < self.shared.tail {
            if head == level_end {
                depth += 1;
                level_end = self.shared.tail;
            }
            if depth + 1 > self.limit {
                break;
            }
            let state = self.shared.queue[head];
            head += 1;
            let (n, truth) = (state / 2, state % 2 == 1);
            let extend = depth + 2 <= self.limit;
            if truth {
                if n != start {
                    victims.clear();
                    self.common_victims(start, n, &mut victims);
                    if !victims.is_empty() {
                        step.reset(technique);
                        let mut at = head - 1;
                        let mut cells = vec![state / 2 / 9];
                        while at != 0 {
                            at = usize::from(self.shared.parent[at]);
                            cells.push(self.shared.queue[at] / 2 / 9);
                        }
                        self.nodes = cells.len();
                        cells.reverse();
                        cells.dedup();
                        step.cells = cells;
                        step.eliminations.extend_from_slice(&victims);
                        self.shared.victims = victims;
                        return true;
                    }
                }
                if extend {
                    self.weak(n, head - 1);
                }
                continue;
            }
            if !extend {
                continue;
            }
            let (partners, count) = self.strong(n);
            let shared = &mut *self.shared;
            // All four slots, the ones past `count` on a spare state that
            // is never kept: a loop of a fixed length, whose end the
            // predictor knows.
            for i in 0..4 {
                let m = (partners >> (16 * i)) as u16;
                let valid = usize::from(i < count).wrapping_neg();
                let next = ((usize::from(m) * 2 + 1) & valid) | (SPARE & !valid);
                // Written either way, kept only when new.
                let fresh = (shared.seen[next] != stamp) & (i < count);
                shared.seen[next] = stamp;
                shared.queue_if(next, head - 1, fresh);
            }
        }
        self.shared.victims = victims;
        false
    }
}

fn run(marks: &Candidates, mode: Mode, technique: Technique, step: &mut Step) -> bool {
    let mut shared = Shared::new(marks);
    run_with(
        marks,
        &mut shared,
        mode,
        technique,
        step,
        usize::MAX,
        &mut |_, _| ControlFlow::Break(()),
    )
}

/// [`run`], offering each chain found (with its candidate count) to `take`,
/// which breaks to stop the search there or continues with a new `limit`.
/// From each start only the shortest chain is offered, and only if it has
/// at most `limit` candidates.
fn run_with(
    marks: &Candidates,
    shared: &mut Shared,
    mode: Mode,
    technique: Technique,
    step: &mut Step,
    limit: usize,
    take: &mut dyn FnMut(&Step, usize) -> ControlFlow<(), usize>,
) -> bool {
    if limit < 2 {
        return false;
    }
    // A start, assumed false, with no strong link of the search's kind
    // leads nowhere: only the others are searched, in the same order.
    let mut starts = [0u128; 10];
    for (d, cells) in starts.iter_mut().enumerate().skip(1) {
        *cells = match mode {
            Mode::X(x) if x as usize == d => shared.conjugate_cells[d],
            Mode::X(_) => 0,
            Mode::Xy => shared.bivalue & marks.digit_cells(d as u8),
            Mode::Aic => (shared.conjugate_cells[d] | shared.bivalue) & marks.digit_cells(d as u8),
        };
    }
    let any = starts.iter().fold(0u128, |a, &m| a | m);
    let mut search = Search {
        marks,
        mode,
        shared,
        nodes: 0,
        limit,
    };
    for cell in Cells(any) {
        for d in marks.digits(cell) {
            if starts[d as usize] & (1 << cell) == 0 {
                continue;
            }
            if search.from(node(cell, d), technique, step) {
                match take(step, search.nodes) {
                    ControlFlow::Break(()) => return true,
                    ControlFlow::Continue(limit) if limit < 2 => return false,
                    ControlFlow::Continue(limit) => search.limit = limit,
                }
            }
        }
    }
    false
}

pub(super) fn x_chain(marks: &Candidates, _: &Context, step: &mut Step) -> bool {
    (1..=9).any(|d| run(marks, Mode::X(d), Technique::XChain, step))
}

pub(super) fn xy_chain(marks: &Candidates, _: &Context, step: &mut Step) -> bool {
    run(marks, Mode::Xy, Technique::XyChain, step)
}

pub(super) fn aic(marks: &Candidates, _: &Context, step: &mut Step) -> bool {
    run(marks, Mode::Aic, Technique::Aic, step)
}

/// The best forcing chain so far: (score, complexity, SE's sort key), the step.
type Best = ((u16, usize, u8), Step);

/// The most candidates a chain of base score `base` (tenths) may have to
/// score below `best`: SE keeps the first chain of the least score, so no
/// longer chain can replace it. 0 when none can.
fn nodes_below(best: &Option<Best>, base: u16) -> usize {
    match best {
        None => usize::MAX,
        Some(((score, _, _), _)) if *score <= base => 0,
        // SE counts a chain's complexity as its candidates plus two, and
        // the length increment of a complexity as of its value minus two.
        Some(((score, _, _), _)) => super::longest_within(score - base - 1),
    }
}

/// Scores a chain as SE scores a forcing chain and keeps it in `best` if it
/// scores below the best so far.
fn keep_forcing_chain(best: &mut Option<Best>, found: &Step, nodes: usize) {
    let (base, kind) = if found.technique == Technique::XChain {
        (66, 2)
    } else {
        (70, 4)
    };
    let complexity = nodes + 2;
    let key = (
        base + super::chain_length_tenths(complexity),
        complexity,
        kind,
    );
    if best.as_ref().is_none_or(|(k, _)| key.0 < k.0) {
        let mut chosen = found.clone();
        chosen.tenths = key.0;
        *best = Some((key, chosen));
    }
}

/// The most candidates a cycle of base score `base` (tenths) and SE's sort
/// kind `kind` may have for its key (score, candidates, kind) to sort
/// before `best`: keys grow with the candidates, so longer cycles cannot
/// be taken. A cycle found longer than this would not be taken, and the
/// limit it would set for the rest of the search would be no lower, so
/// the cycles taken are the same.
fn cycle_nodes_below(best: (u16, usize, u8), base: u16, kind: u8) -> usize {
    let mut nodes = 0;
    while nodes < 81 * 9 * 2
        && (
            base + super::chain_length_tenths(nodes + 1),
            nodes + 1,
            kind,
        ) < best
    {
        nodes += 1;
    }
    nodes
}

/// Sudoku Explainer's forcing chains and loops on X- and Y-links (its first
/// chaining technique): every X-chain, XY-chain and AIC this module finds,
/// from every start, scored as SE scores a forcing chain (6.6 on one digit,
/// 7.0 mixing cells and digits, plus SE's length increment over the chain's
/// candidates and the assumption at both ends), and the Y-cycles SE finds
/// (`cycles.rs`, 6.5 plus the increment over their candidates). SE sorts by
/// score, then complexity (the candidates counted), then kind (X-chains,
/// Y-cycles, the others) and takes the first; so does this.
pub(super) fn se_forcing_chain(marks: &Candidates, context: &Context, step: &mut Step) -> bool {
    let sets = StrongSets::new(marks);
    if context
        .memo
        .is_chainless(marks, sets.bivalue, &sets.conjugate)
    {
        return false;
    }
    let mut best: Option<Best> = None;
    let mut scratch = Step::new(Technique::Aic);
    let mut shared = Shared::with(marks, &sets);
    let runs = (1..=9).map(|d| (Mode::X(d), Technique::XChain, 66)).chain([
        (Mode::Xy, Technique::XyChain, 70),
        (Mode::Aic, Technique::Aic, 70),
    ]);
    // An X-chain search reads its digit's cells alone: one that offered no
    // chain at all, without a length limit, offers none on the same cells.
    let live_x = context.memo.live_digits(DigitSearch::XChain, marks);
    for (mode, technique, base) in runs {
        let limit = nodes_below(&best, base);
        if let Mode::X(d) = mode {
            if live_x & (1 << d) == 0 {
                continue;
            }
        }
        let mut offered = false;
        run_with(
            marks,
            &mut shared,
            mode,
            technique,
            &mut scratch,
            limit,
            &mut |found, nodes| {
                offered = true;
                keep_forcing_chain(&mut best, found, nodes);
                ControlFlow::Continue(nodes_below(&best, base))
            },
        );
        if let Mode::X(d) = mode {
            if !offered && limit == usize::MAX {
                context
                    .memo
                    .barren_digits(DigitSearch::XChain, marks, 1 << d);
            }
        }
    }
    let Some((key, mut found)) = best else {
        context.memo.chainless(marks, sets.bivalue, &sets.conjugate);
        return false;
    };
    // A cycle's eliminations are a chain's too, so there is none without a
    // chain. SE looks for X-cycles, then Y-cycles, then cycles with both
    // kinds of link, and keeps the first of the lowest key.
    let modes = [
        (Links::X, Technique::XCycle, 65, 2),
        (Links::Y, Technique::YCycle, 65, 3),
        (Links::Xy, Technique::XyCycle, 70, 4),
    ];
    let mut cycle_best: Option<((u16, usize, u8), Technique, super::cycles::Cycle)> = None;
    let mut cycles = super::cycles::Search::new(marks);
    for (links, technique, base, kind) in modes {
        // Only a cycle whose key is below the best so far (the chain's or
        // an earlier cycle's) can be taken, so the search looks no further.
        let best = cycle_best.as_ref().map_or(key, |(k, _, _)| (*k).min(key));
        let limit = cycle_nodes_below(best, base, kind);
        if limit < 4 {
            continue;
        }
        // The digits to search (see the memo's X- and Y-cycles).
        let digits = match links {
            Links::X => context
                .memo
                .live_digits_within(DigitSearch::XCycle, marks, limit),
            Links::Y if context.memo.is_y_cycleless(marks, sets.bivalue, limit) => 0,
            _ => ALL_DIGITS,
        };
        if digits == 0 {
            continue;
        }
        let (offered, cut, searched) = cycles.cycles(links, limit, digits, &mut |cycle| {
            let tenths = base + super::chain_length_tenths(cycle.complexity);
            let found = (tenths, cycle.complexity, kind);
            if cycle_best.as_ref().is_none_or(|(k, _, _)| found < *k) {
                cycle_best = Some((found, technique, cycle));
            }
            let best = cycle_best.as_ref().map_or(key, |(k, _, _)| (*k).min(key));
            cycle_nodes_below(best, base, kind)
        });
        // Searches that reached all they could found nothing at any length.
        let barren = digits & !offered;
        match links {
            // Only digits whose every cell is a start: whether a cell
            // starts reads its other digits too.
            Links::X => {
                let kept = barren & marks.digits_in_open_cells();
                let memo = &context.memo;
                memo.barren_digits_within(DigitSearch::XCycle, marks, kept & cut, searched);
                memo.barren_digits(DigitSearch::XCycle, marks, kept & !cut);
            }
            Links::Y if offered == 0 => {
                let upto = if cut == 0 { usize::MAX } else { searched };
                context.memo.y_cycleless(marks, sets.bivalue, upto);
            }
            _ => {}
        }
    }
    if let Some((cycle_key, technique, cycle)) = cycle_best.filter(|(k, _, _)| *k < key) {
        found.reset(technique);
        found.cells = cycle.cells;
        found.eliminations = cycle.eliminations;
        found.tenths = cycle_key.0;
    }
    *step = found;
    true
}

#[cfg(test)]
mod tests {
    use super::se_forcing_chain;
    use crate::rate::candidates::Candidates;
    use crate::rate::{context_of, explain, Step, Technique};
    use crate::Grid;

    /// Rated 6.6 to 7.3 by serate (tests/data/serate.txt), and two of
    /// 8.3 and 8.4, whose paths take many forcing chains and cycles.
    const PUZZLES: [&str; 6] = [
        "....6..7.45.7.......94.1.6...82.7....1..3..9.5....98...7.3..2.............2.85.31",
        "...6..8..45....7.......1..6.1.3..5..5.......88...7.43..4..9..5......69.2..82.....",
        "1..4.7....5..3.7....9.........7..6.553....9.2..4.9.....4.31........7.48.86....2..",
        "..3.6...4.5.....1.7.9.....3..4..73.......8.2.8.162...9..2...8..6..9..2...7...1...",
        ".......89.569...1....3....5.4...1..3..1...2..238....713...89......6...4.9.2.4...8",
        "..3.7.948.....9.3......3.25.1.5.......23...7.8.4.2....2.5.6.38167..........8.....",
    ];

    /// Along each puzzle's path, SE's forcing chains and cycles with the
    /// rating's memo (which skips the chains, X-chain digits, X-cycle
    /// digits and Y-cycles it knows are barren) find what they find with
    /// an empty memo, at every position.
    #[test]
    fn the_memo_skips_only_searches_that_would_find_nothing() {
        let mut found_any = 0;
        for puzzle in PUZZLES {
            let grid: Grid = puzzle.parse().unwrap();
            let remembering = context_of(&grid).unwrap();
            let (mut marks, _) = Candidates::with_clash(&grid);
            for step in explain(&grid) {
                let fresh = context_of(&grid).unwrap();
                let mut expected = Step::new(Technique::Aic);
                let mut found = expected.clone();
                let hit = se_forcing_chain(&marks, &fresh, &mut expected);
                assert_eq!(
                    se_forcing_chain(&marks, &remembering, &mut found),
                    hit,
                    "{puzzle}"
                );
                if hit {
                    assert_eq!(found, expected, "{puzzle}");
                    found_any += 1;
                }
                marks.apply(&step);
            }
        }
        assert!(found_any > 0);
    }
}
