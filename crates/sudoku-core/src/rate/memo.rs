//! A memo of searches that found nothing, so that the next step's search
//! can skip the parts of the grid it already knows are barren.
//!
//! The rater restarts from the simplest technique after every step, as SE
//! does, so most searches run again on a position that differs from the
//! last one in a few candidates only. Many searches are local: a fish or a
//! chain of strong links on one digit depends on that digit's candidate
//! cells alone, a naked or hidden set in a unit on the candidates of that
//! unit's cells alone. When such a part found nothing, it finds nothing on
//! the same candidates again, whatever changed elsewhere; skipping it
//! cannot change which step the search finds first, so the path, and so
//! the rating, stay exactly the same.
//!
//! Some searches build their patterns from a part of the grid before
//! checking them against the rest: the almost locked sets of SE's wings
//! from a unit's candidates, the unique loops of a pair of digits from the
//! cells holding both. The memo keeps those patterns too, on the same
//! kind of key, and hands them back in the order they were built.
//!
//! An entry is a fact about candidates, not about one position: it holds
//! for any position with those candidates, so one memo serves a whole
//! rating, the positions a forcing chain assumes included.

use std::cell::{Cell, Ref, RefCell};

use super::candidates::{Candidates, Cells, UNITS};

/// The searches remembered digit by digit: each part searches one digit's
/// candidate cells only.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(super) enum DigitSearch {
    /// SE's direct pointing and claiming.
    DirectLocking,
    /// Pointing.
    Pointing,
    /// Claiming.
    Claiming,
    /// X-Wing.
    Fish2,
    /// Swordfish.
    Fish3,
    /// Jellyfish.
    Fish4,
    /// SE's Turbot Fish (two strong links).
    TurbotFish,
    /// SE's three strong links.
    ThreeStrongLinks,
    /// SE's four strong links.
    FourStrongLinks,
    /// The X-chains of SE's first chaining technique.
    XChain,
    /// SE's Nishio forcing chains (each digit's nets stay on its cells).
    Nishio,
    /// SE's X-cycles, up to the length they looked to.
    XCycle,
}

/// The searches remembered unit by unit: each part searches the candidates
/// of one unit's cells only.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(super) enum UnitSearch {
    /// SE's direct hidden pair.
    DirectPair,
    /// SE's direct hidden triplet.
    DirectTriple,
    /// Naked pair.
    Naked2,
    /// Naked triple.
    Naked3,
    /// Naked quad.
    Naked4,
    /// Hidden pair.
    Hidden2,
    /// Hidden triple.
    Hidden3,
    /// Hidden quad.
    Hidden4,
}

const DIGIT_SEARCHES: usize = 12;
const UNIT_SEARCHES: usize = 8;

/// No key: no digit's cells (81 bits) nor any unit's packed candidates (81
/// bits) have bit 127 set.
const NONE: u128 = 1 << 127;

/// The sizes of almost locked sets remembered unit by unit: SE's WXYZ- to
/// TUVWXYZ-Wings, three to six cells.
const ALS_SIZES: std::ops::RangeInclusive<usize> = 3..=6;

/// The almost locked sets of one size found in a unit, on its key.
struct UnitSets {
    key: u128,
    /// Each set, with what its wings need of it, in the order found.
    sets: Vec<super::wings::AlmostLocked>,
}

/// The unique loops grown for one pair of digits, on the cells that may
/// lie on one: the growth reads those cells' candidates alone.
struct PairLoops {
    pair: u16,
    /// The cells holding both digits that may lie on a loop, and their
    /// candidates in cell order: the key.
    cells: u128,
    masks: Vec<u16>,
    /// The loops grown from each start cell so far, on this key.
    by_start: Vec<(usize, Vec<Vec<usize>>)>,
}

/// A position on which SE's forcing chains found nothing (see
/// [`Memo::is_chainless`]): each digit's cells, the bivalue cells, and the
/// units where each digit has two places.
struct Chainless {
    cells: [u128; 10],
    bivalue: u128,
    conjugate: [u32; 10],
}

/// The candidates each barren part was last searched on.
///
/// Its tables take some 7 KB, which filling afresh for every rating cost
/// about a twentieth of the rating of an easy puzzle: a memo's parts are
/// kept for the next rating on the same thread, and only what was written
/// is put back to empty (see [`Parts::reset`]).
pub(crate) struct Memo(Option<Box<Parts>>);

/// The parts of a [`Memo`].
pub(crate) struct Parts {
    /// The searches (bit `search` for digit searches, `DIGIT_SEARCHES +
    /// search` for unit searches) that wrote an entry since the last reset.
    written: Cell<u32>,
    /// Per search and digit, the cells it was barren on, and how far it
    /// looked (`usize::MAX`: as far as it could).
    digits: [[Cell<(u128, usize)>; 10]; DIGIT_SEARCHES],
    units: [[Cell<u128>; 27]; UNIT_SEARCHES],
    /// Per set size and unit, the almost locked sets last found there: they
    /// depend on the unit's candidates alone, and the wings that use them
    /// run after most steps of a hard puzzle.
    almost_locked: RefCell<Vec<[UnitSets; 27]>>,
    /// Per pair of digits, the unique loops last grown from its cells.
    unique_loops: RefCell<Vec<PairLoops>>,
    /// Per digit, its strong links as the strong-link chains read them, on
    /// the cells they were last worked out from: Turbot Fish and three
    /// strong links read the same ones after most steps.
    strong_links: RefCell<Vec<(u128, super::single_digit::DigitLinks)>>,
    /// The unit keys of the last position asked about, with its
    /// candidates: the unit searches of one step share them.
    keys: RefCell<Option<([u16; 81], [u128; 27])>>,
    /// The last position on which SE's forcing chains found nothing.
    chainless: RefCell<Option<Chainless>>,
    /// The last position on which SE's Y-cycles found no loop that removes
    /// something: each digit's cells, the bivalue cells, and the most
    /// candidates they looked for.
    y_cycles: RefCell<Option<([u128; 10], u128, usize)>>,
}

impl std::ops::Deref for Memo {
    type Target = Parts;

    fn deref(&self) -> &Parts {
        // Only `drop` takes them out.
        self.0.as_deref().expect("a memo's parts")
    }
}

thread_local! {
    /// The parts of this thread's last memo, once it is dropped.
    static KEPT: Cell<Option<Box<Parts>>> = const { Cell::new(None) };
}

impl Drop for Memo {
    fn drop(&mut self) {
        if let Some(mut parts) = self.0.take() {
            parts.reset();
            // Not at all when the thread's storage is going away.
            let _ = KEPT.try_with(|kept| kept.set(Some(parts)));
        }
    }
}

impl Parts {
    fn empty() -> Parts {
        Parts {
            written: Cell::new(0),
            digits: std::array::from_fn(|_| std::array::from_fn(|_| Cell::new((NONE, 0)))),
            units: std::array::from_fn(|_| std::array::from_fn(|_| Cell::new(NONE))),
            almost_locked: RefCell::new(Vec::new()),
            unique_loops: RefCell::new(Vec::new()),
            strong_links: RefCell::new(Vec::new()),
            keys: RefCell::new(None),
            chainless: RefCell::new(None),
            y_cycles: RefCell::new(None),
        }
    }

    /// Back to [`Parts::empty`], keeping the memory: the tables of the
    /// searches that wrote something, the sets and loops by their keys.
    fn reset(&mut self) {
        let written = self.written.replace(0);
        for (search, row) in self.digits.iter().enumerate() {
            if written & (1 << search) != 0 {
                row.iter().for_each(|entry| entry.set((NONE, 0)));
            }
        }
        for (search, row) in self.units.iter().enumerate() {
            if written & (1 << (DIGIT_SEARCHES + search)) != 0 {
                row.iter().for_each(|entry| entry.set(NONE));
            }
        }
        for sets in self.almost_locked.get_mut().iter_mut().flatten() {
            sets.key = NONE;
        }
        for loops in self.unique_loops.get_mut().iter_mut() {
            loops.cells = NONE;
        }
        for (cells, _) in self.strong_links.get_mut().iter_mut() {
            *cells = NONE;
        }
        *self.keys.get_mut() = None;
        *self.chainless.get_mut() = None;
        *self.y_cycles.get_mut() = None;
    }
}

impl Memo {
    /// An empty memo: every part must be searched.
    pub(crate) fn new() -> Memo {
        Memo(Some(
            KEPT.try_with(Cell::take)
                .ok()
                .flatten()
                .unwrap_or_else(|| Box::new(Parts::empty())),
        ))
    }

    /// True when SE's Y-cycles of at most `limit` candidates are known to
    /// find no loop in `marks`, whose bivalue cells are `bivalue`. A
    /// Y-cycle runs through bivalue cells only, so a position with the
    /// same ones, each with the same two digits (which it has when its
    /// candidates are among the other's), has the same loops; what a loop
    /// removes there is among what it removed in the other, nothing.
    pub(super) fn is_y_cycleless(&self, marks: &Candidates, bivalue: u128, limit: usize) -> bool {
        self.y_cycles
            .borrow()
            .as_ref()
            .is_some_and(|(cells, known, upto)| {
                *known == bivalue && limit <= *upto && marks.is_within(cells)
            })
    }

    /// Records that SE's Y-cycles of at most `limit` candidates find no
    /// loop in `marks` (bivalue cells `bivalue`).
    pub(super) fn y_cycleless(&self, marks: &Candidates, bivalue: u128, limit: usize) {
        *self.y_cycles.borrow_mut() = Some((marks.cells_by_digit(), bivalue, limit));
    }

    /// The digits (a bit each, `1..=9`) that `search` must look at in
    /// `marks`: those not known to be barren on their current cells.
    pub(super) fn live_digits(&self, search: DigitSearch, marks: &Candidates) -> u16 {
        self.live_digits_within(search, marks, usize::MAX)
    }

    /// [`Memo::live_digits`] for a search that looks only so far, `limit`
    /// (SE's X-cycles: the most candidates a cycle may have): a digit is
    /// known to be barren only if it was on its current cells, looking as
    /// far or further.
    pub(super) fn live_digits_within(
        &self,
        search: DigitSearch,
        marks: &Candidates,
        limit: usize,
    ) -> u16 {
        let known = &self.digits[search as usize];
        (1..=9u8)
            .filter(|&d| {
                let (cells, upto) = known[d as usize].get();
                cells != marks.digit_cells(d) || limit > upto
            })
            .fold(0, |acc, d| acc | 1 << d)
    }

    /// Records that `search` finds nothing for any digit of `digits` (a bit
    /// each) on its current cells in `marks`.
    pub(super) fn barren_digits(&self, search: DigitSearch, marks: &Candidates, digits: u16) {
        self.barren_digits_within(search, marks, digits, usize::MAX);
    }

    /// [`Memo::barren_digits`] for a search that looked only as far as
    /// `limit` (see [`Memo::live_digits_within`]).
    pub(super) fn barren_digits_within(
        &self,
        search: DigitSearch,
        marks: &Candidates,
        digits: u16,
        limit: usize,
    ) {
        self.written.set(self.written.get() | 1 << search as usize);
        let known = &self.digits[search as usize];
        for d in (1..=9u8).filter(|d| digits & (1 << d) != 0) {
            known[d as usize].set((marks.digit_cells(d), limit));
        }
    }

    /// The key of every unit in `marks`: its cells' candidates, packed
    /// (worked out once per position).
    pub(super) fn unit_keys(&self, marks: &Candidates) -> [u128; 27] {
        let mut cached = self.keys.borrow_mut();
        if let Some((masks, keys)) = cached.as_ref() {
            if masks == marks.masks() {
                return *keys;
            }
        }
        // Nine bits a cell: the first seven cells in the low word, the
        // last two in the high one, packed by 64-bit shifts (a 128-bit
        // shift takes several instructions, and this packs 243 cells).
        let keys = std::array::from_fn(|u| {
            let cells = &UNITS[u];
            let candidates = |i: usize| u64::from(marks.mask(cells[i] as usize) >> 1);
            let low = (0..7).fold(0u64, |acc, i| acc | candidates(i) << (9 * i));
            let high = candidates(7) | candidates(8) << 9;
            u128::from(low) | u128::from(high) << 64
        });
        *cached = Some((*marks.masks(), keys));
        keys
    }

    /// True when `search` is known to find nothing in the unit whose
    /// [key](Memo::unit_keys) is `key`.
    pub(super) fn is_barren_unit(&self, search: UnitSearch, u: usize, key: u128) -> bool {
        self.units[search as usize][u].get() == key
    }

    /// Records that `search` finds nothing in unit `u` with key `key`.
    pub(super) fn barren_unit(&self, search: UnitSearch, u: usize, key: u128) {
        self.written
            .set(self.written.get() | 1 << (DIGIT_SEARCHES + search as usize));
        self.units[search as usize][u].set(key);
    }

    /// True when SE's forcing chains are known to find nothing in `marks`,
    /// whose bivalue cells are `bivalue` and whose units with two places
    /// of digit `d` are `conjugate[d]` (a bit per unit).
    ///
    /// This memo is not keyed on equal candidates but on fewer ones. A
    /// position whose candidates are among those of a chainless one, with
    /// no bivalue cell nor two-place unit that the chainless one lacks, is
    /// chainless too: its strong links are among the other's (a unit or
    /// cell with two candidates left had the same two there), and so are its
    /// weak links, so every chain it has is a chain of the other; the
    /// candidates such a chain removes there (those weakly linked to both
    /// ends) are among what it removed in the other, which was nothing. The
    /// search found nothing there at any length, so from every start it
    /// reached every candidate it could, and none of those chains was
    /// missed. A step that removes candidates without creating a strong
    /// link leaves such a position, and so do the hard steps of many
    /// puzzles, after each of which the forcing chains ran in vain before.
    pub(super) fn is_chainless(
        &self,
        marks: &Candidates,
        bivalue: u128,
        conjugate: &[u32; 10],
    ) -> bool {
        let known = self.chainless.borrow();
        let Some(known) = known.as_ref() else {
            return false;
        };
        bivalue & !known.bivalue == 0
            && (1..=9).all(|d| conjugate[d] & !known.conjugate[d] == 0)
            && marks.is_within(&known.cells)
    }

    /// Records that SE's forcing chains find nothing in `marks` (with
    /// `bivalue` and `conjugate` as in [`Memo::is_chainless`]).
    pub(super) fn chainless(&self, marks: &Candidates, bivalue: u128, conjugate: &[u32; 10]) {
        *self.chainless.borrow_mut() = Some(Chainless {
            cells: marks.cells_by_digit(),
            bivalue,
            conjugate: *conjugate,
        });
    }

    /// The strong links of `digit` on its cells `cells`: those `find`
    /// works out (in place of the last ones), worked out again only when
    /// the cells changed.
    pub(super) fn strong_links(
        &self,
        digit: u8,
        cells: u128,
        find: impl FnOnce(&mut super::single_digit::DigitLinks),
    ) -> Ref<'_, super::single_digit::DigitLinks> {
        let d = usize::from(digit);
        {
            let mut all = self.strong_links.borrow_mut();
            if all.is_empty() {
                all.extend((0..10).map(|_| (NONE, super::single_digit::DigitLinks::empty())));
            }
            if all[d].0 != cells {
                // Keyed only once filled.
                all[d].0 = NONE;
                find(&mut all[d].1);
                all[d].0 = cells;
            }
        }
        Ref::map(self.strong_links.borrow(), |all| &all[d].1)
    }

    /// The almost locked sets of `size` cells in unit `u`, whose key is
    /// `key`: those `find` fills in, found again only when the unit's
    /// candidates changed since the last time.
    pub(super) fn almost_locked_sets(
        &self,
        size: usize,
        u: usize,
        key: u128,
        find: impl FnOnce(&mut Vec<super::wings::AlmostLocked>),
    ) -> Ref<'_, [super::wings::AlmostLocked]> {
        debug_assert!(ALS_SIZES.contains(&size));
        let slot = size - ALS_SIZES.start();
        {
            let mut all = self.almost_locked.borrow_mut();
            if all.is_empty() {
                all.extend(ALS_SIZES.map(|_| {
                    std::array::from_fn(|_| UnitSets {
                        key: NONE,
                        sets: Vec::new(),
                    })
                }));
            }
            let entry = &mut all[slot][u];
            if entry.key != key {
                // Keyed only once filled.
                entry.key = NONE;
                entry.sets.clear();
                find(&mut entry.sets);
                entry.key = key;
            }
        }
        Ref::map(self.almost_locked.borrow(), |all| &all[slot][u].sets[..])
    }

    /// The unique loops of `pair` grown from `start`, whose growth reads
    /// the candidates of `cells` alone (see `unique_rectangle::loops`):
    /// those `grow` returns, grown again only when those changed.
    pub(super) fn unique_loops(
        &self,
        marks: &Candidates,
        pair: u16,
        cells: u128,
        start: usize,
        grow: impl FnOnce() -> Vec<Vec<usize>>,
    ) -> Ref<'_, [Vec<usize>]> {
        let index = {
            let mut all = self.unique_loops.borrow_mut();
            let slot = match all.iter().position(|entry| entry.pair == pair) {
                Some(i) => i,
                None => {
                    all.push(PairLoops {
                        pair,
                        cells: NONE,
                        masks: Vec::new(),
                        by_start: Vec::new(),
                    });
                    all.len() - 1
                }
            };
            let entry = &mut all[slot];
            let same = entry.cells == cells
                && Cells(cells)
                    .map(|c| marks.mask(c))
                    .eq(entry.masks.iter().copied());
            if !same {
                entry.cells = cells;
                entry.masks.clear();
                entry.masks.extend(Cells(cells).map(|c| marks.mask(c)));
                entry.by_start.clear();
            }
            let at = match entry.by_start.iter().position(|(s, _)| *s == start) {
                Some(at) => at,
                None => {
                    entry.by_start.push((start, grow()));
                    entry.by_start.len() - 1
                }
            };
            (slot, at)
        };
        Ref::map(self.unique_loops.borrow(), |all| {
            &all[index.0].by_start[index.1].1[..]
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::Grid;

    /// A memo made after another was dropped on the same thread reuses its
    /// parts, and knows nothing the other learnt.
    #[test]
    fn a_new_memo_knows_nothing_an_earlier_one_learnt() {
        let puzzle: Grid =
            "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79"
                .parse()
                .unwrap();
        let marks = Candidates::new(&puzzle);
        let keys = {
            let memo = Memo::new();
            let keys = memo.unit_keys(&marks);
            memo.barren_unit(UnitSearch::Naked2, 4, keys[4]);
            memo.barren_digits(DigitSearch::Fish2, &marks, 1 << 7);
            memo.chainless(&marks, 0, &[0; 10]);
            assert!(memo.is_barren_unit(UnitSearch::Naked2, 4, keys[4]));
            assert_eq!(memo.live_digits(DigitSearch::Fish2, &marks) & 1 << 7, 0);
            keys
        };
        let memo = Memo::new();
        assert!(!memo.is_barren_unit(UnitSearch::Naked2, 4, keys[4]));
        assert_eq!(memo.live_digits(DigitSearch::Fish2, &marks), 0x3FE);
        assert!(!memo.is_chainless(&marks, 0, &[0; 10]));
        assert!(memo.keys.borrow().is_none());
    }
}
