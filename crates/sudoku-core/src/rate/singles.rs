//! Full house, hidden single, naked single: the techniques that place digits.

use super::candidates::{unit_of, Candidates, Changed, ALL_DIGITS, UNITS, UNIT_MASK};
use super::{Context, Step, Technique};

/// SE's order of the units for singles: boxes, then columns, then rows
/// (players find box singles most easily).
const SINGLE_ORDER: [std::ops::Range<usize>; 3] = [18..27, 9..18, 0..9];

/// The last blank cell of a unit takes the unit's missing digit.
pub(super) fn full_house(marks: &Candidates, _: &Context, step: &mut Step) -> bool {
    let empty = marks.empty_cells();
    for u in SINGLE_ORDER.into_iter().flatten() {
        let unit_mask = UNIT_MASK[u];
        let blanks = empty & unit_mask;
        if blanks.count_ones() != 1 {
            continue;
        }
        let cell = blanks.trailing_zeros() as usize;
        let mask = marks.mask(cell);
        if mask.count_ones() == 1 {
            step.reset(Technique::FullHouse);
            step.cells.push(cell);
            step.units.push(unit_of(u));
            step.placements.push((cell, mask.trailing_zeros() as u8));
            return true;
        }
    }
    false
}

/// A digit with one possible cell in a unit goes there, in SE's order of
/// the units.
pub(super) fn hidden_single(marks: &Candidates, _: &Context, step: &mut Step) -> bool {
    for u in SINGLE_ORDER.into_iter().flatten() {
        // Digits seen once (and not twice) across the unit's cells.
        let (mut once, mut twice) = (0u16, 0u16);
        for &c in &UNITS[u] {
            let m = marks.mask(c as usize);
            twice |= once & m;
            once |= m;
        }
        let single = once & !twice;
        if single == 0 {
            continue;
        }
        let digit = single.trailing_zeros() as u8;
        let cell = UNITS[u]
            .iter()
            .map(|&c| c as usize)
            .find(|&c| marks.has(c, digit));
        if let Some(cell) = cell {
            step.reset(Technique::HiddenSingle);
            step.cells.push(cell);
            step.units.push(unit_of(u));
            step.placements.push((cell, digit));
            return true;
        }
    }
    false
}

/// A cell with one candidate takes it.
pub(super) fn naked_single(marks: &Candidates, _: &Context, step: &mut Step) -> bool {
    for cell in super::candidates::Cells(marks.empty_cells()) {
        let mask = marks.mask(cell);
        if mask.count_ones() == 1 {
            step.reset(Technique::NakedSingle);
            step.cells.push(cell);
            step.placements.push((cell, mask.trailing_zeros() as u8));
            return true;
        }
    }
    false
}

/// The placement-only techniques a run of steps may take in bulk: those at
/// the head of a scale's list whose steps never rate above the path's
/// hardest step so far (see [`settle`]). Full houses and hidden singles in
/// boxes are always in.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(super) struct Settled {
    /// Hidden singles in rows and columns (SE's 1.5) as well as in boxes
    /// (1.2); without them, only the rows' and columns' full houses (1.0).
    pub(super) lines: bool,
    /// SE's direct pointing and claiming.
    pub(super) direct_locking: bool,
    /// SE's direct hidden pair.
    pub(super) direct_pair: bool,
    /// The naked single.
    pub(super) naked: bool,
    /// SE's direct hidden triplet.
    pub(super) direct_triple: bool,
}

impl Settled {
    /// How many finders these are at the head of the list: full house, the
    /// hidden single (whose finder makes line singles too, so it counts
    /// only with them), and one for each other technique (direct pointing
    /// and claiming share one).
    pub(super) fn len(self) -> usize {
        let flags = [
            self.lines,
            self.direct_locking,
            self.direct_pair,
            self.naked,
            self.direct_triple,
        ];
        1 + flags.into_iter().filter(|&f| f).count()
    }
}

/// Makes every placement the path would make with the `settled` techniques
/// before it needs another one, and returns how many (one step each).
///
/// The path takes the first step of the first technique on its list that
/// applies; when the `settled` ones head the list, it takes their steps
/// until none applies. Each of those steps places one digit and eliminates
/// nothing, and each stays derivable after other such placements: a full
/// house, hidden or naked single stays one (the solution's digit keeps its
/// place, every other place only goes); a direct locking or hidden set
/// either keeps its pattern and its single, or loses a place to a
/// placement that turns it into a plain hidden single or a smaller direct
/// set. So the position where none applies is the same whatever the order
/// of the placements (the run is confluent), and so is their number.
/// Making them in bulk, naked and hidden singles in one sweep and the
/// costly direct searches only when the sweeps find nothing, reaches the
/// same position and the same step count as one search per step, and the
/// caller only calls this when none of these steps can rate above the path's
/// hardest so far, so the rating cannot tell the difference.
///
/// `run` tells where the position changed since the last call, so that
/// only there is looked at again (see [`Run`]).
pub(super) fn settle(marks: &mut Candidates, settled: Settled, run: &mut Run) -> usize {
    // A copy the loop keeps in registers, written back at the end.
    let mut local = *run;
    let placed = settle_with(marks, settled, &mut local);
    *run = local;
    placed
}

#[inline(always)]
fn settle_with(marks: &mut Candidates, settled: Settled, run: &mut Run) -> usize {
    let mut placed = 0;
    let mut step = Step::new(Technique::FullHouse);
    // Line singles beyond full houses were not looked for before: every
    // line may hold one.
    if settled.lines && !run.lines_swept {
        run.units |= LINES;
        run.lines_swept = true;
    }
    loop {
        while run.units != 0 || (settled.naked && run.cells != 0) {
            if settled.naked {
                let cells = std::mem::take(&mut run.cells) & marks.empty_cells();
                for cell in super::candidates::Cells(cells) {
                    let mask = marks.mask(cell);
                    // A cell emptied by an earlier placement of this sweep
                    // cannot occur on a sound path; leave it to the finders.
                    if mask.count_ones() == 1 {
                        run.place(marks, cell, mask.trailing_zeros() as u8);
                        placed += 1;
                    }
                }
            }
            // Hidden singles (a full house is one too: its digit's only
            // place): the digits seen once in a unit's cells, as
            // `hidden_single` finds them, cheaper than testing each digit's
            // 81-bit cells per unit.
            while run.units != 0 {
                // Boxes first: most singles are there, and a row or column
                // waits for the box placements that change it again, to be
                // swept once after all of them.
                let boxes = run.units & BOXES;
                let u = if boxes != 0 { boxes } else { run.units }.trailing_zeros() as usize;
                run.units &= !(1 << u);
                // Rows and columns (units 0..18) only for their full houses
                // when line singles may raise the rating.
                if !settled.lines && u < 18 && !is_single_bit(marks.empty_cells() & UNIT_MASK[u]) {
                    continue;
                }
                let (mut once, mut twice) = (0u16, 0u16);
                for &c in &UNITS[u] {
                    let m = marks.mask(c as usize);
                    twice |= once & m;
                    once |= m;
                }
                for digit in super::candidates::Digits(once & !twice) {
                    // Still its one place after this unit's other placements
                    // (always, on a sound path).
                    let places = marks.digit_cells(digit) & UNIT_MASK[u];
                    if is_single_bit(places) {
                        run.place(marks, places.trailing_zeros() as usize, digit);
                        placed += 1;
                    }
                }
            }
        }
        // The direct searches in any order (the run is confluent): the
        // hidden pair first, which a puzzle that needs one of them mostly
        // needs, so that the lockings are searched in vain less often.
        let found = (settled.direct_pair
            && search_changed(&mut run.pair_units, |units| {
                super::direct::hidden_within::<2>(marks, units, &mut step)
            }))
            || (settled.direct_locking
                && search_changed(&mut run.locking_digits, |digits| {
                    super::direct::locking_within(marks, digits, &mut step)
                }))
            || (settled.direct_triple
                && search_changed(&mut run.triple_units, |units| {
                    super::direct::hidden_within::<3>(marks, units, &mut step)
                }));
        if !found {
            return placed;
        }
        // A direct step places its single and eliminates nothing.
        debug_assert!(step.eliminations.is_empty());
        for &(cell, digit) in &step.placements {
            if marks.value(cell) == 0 {
                run.place(marks, cell, digit);
            }
        }
        placed += step.placements.len();
    }
}

/// What a rating's runs of singles know from one run to the next: where
/// the position changed since they last looked. A run ends where none of
/// its techniques applies; the finders' step that follows changes a few
/// units, and only there can the next run find something new. Looking
/// only there reaches the same position as looking everywhere, since a
/// run is confluent (see [`settle`]), with far fewer looks: most
/// placements and eliminations change a few units.
#[derive(Clone, Copy)]
pub(super) struct Run {
    /// The units whose cells lost a candidate since their last sweep for
    /// hidden singles and full houses.
    units: u32,
    /// The cells that lost a candidate since their last look for a naked
    /// single.
    cells: u128,
    /// Whether the lines were swept for hidden singles, not only for full
    /// houses.
    lines_swept: bool,
    /// The units whose cells changed since the last direct hidden pair
    /// search found nothing in them (each unit's search reads its cells'
    /// candidates alone), and the same for triplets.
    pair_units: u32,
    triple_units: u32,
    /// The digits whose cells changed since the last direct locking search
    /// found nothing (each digit's search reads its cells alone).
    locking_digits: u16,
}

impl Run {
    /// Nothing looked at yet on `marks`.
    pub(super) fn new(marks: &Candidates) -> Run {
        Run {
            units: ALL_UNITS,
            cells: marks.empty_cells(),
            lines_swept: false,
            pair_units: ALL_UNITS,
            triple_units: ALL_UNITS,
            locking_digits: ALL_DIGITS,
        }
    }

    /// Applies `step` as [`Candidates::apply`] does, noting what it changed.
    pub(super) fn apply(&mut self, marks: &mut Candidates, step: &Step) {
        marks.apply_noting(step, |changed| self.changed(changed));
    }

    /// Places `digit` in `cell` and notes what that changed.
    #[inline(always)]
    fn place(&mut self, marks: &mut Candidates, cell: usize, digit: u8) {
        let changed = marks.place_tracked(cell, digit);
        self.changed(changed);
    }

    #[inline(always)]
    fn changed(&mut self, changed: Changed) {
        let Changed {
            units,
            cells,
            digits,
        } = changed;
        self.units |= units;
        self.cells |= cells;
        self.pair_units |= units;
        self.triple_units |= units;
        self.locking_digits |= digits;
    }
}

/// Runs a search for one of SE's direct techniques on `changed`, the units
/// or digits whose cells changed since it last found nothing (the others
/// have nothing), and forgets them when it finds nothing again.
#[inline(always)]
fn search_changed<T: Copy + Default>(changed: &mut T, search: impl FnOnce(T) -> bool) -> bool {
    let found = search(*changed);
    if !found {
        *changed = T::default();
    }
    found
}

/// Every unit, as a set of unit bits.
const ALL_UNITS: u32 = (1 << 27) - 1;

/// The boxes (units 18..27), as a set of unit bits.
const BOXES: u32 = ALL_UNITS & !((1 << 18) - 1);

/// The rows and columns (units 0..18), as a set of unit bits.
const LINES: u32 = (1 << 18) - 1;

/// True when `cells` holds exactly one cell.
fn is_single_bit(cells: u128) -> bool {
    cells != 0 && cells & (cells - 1) == 0
}
