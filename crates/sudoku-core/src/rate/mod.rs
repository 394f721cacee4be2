//! Human-style solving: a logical solver, step-by-step explanations, hints,
//! and a difficulty rating.
//!
//! The solver works on a [`Candidates`] grid and applies techniques from the
//! simplest to the hardest, restarting from the simplest after every step, as
//! a person would. Each [`Step`] records the technique, the cells and units it
//! looked at, and the placements and eliminations it made. A puzzle's
//! [`Rating`] is the weight of the hardest step on that path (see
//! [`Technique::weight`]; the scale follows Sudoku Explainer's 1.0–11 range),
//! and its [`Level`] is the band that score falls in.
//!
//! Every technique is sound: it only removes candidates that no solution can
//! hold and only places digits every solution holds. The last resorts are
//! forcing chains (an assumption that leads to a contradiction) and, when even
//! those find nothing, [`Technique::TrialAndError`], which proves with the
//! backtracking solver that every other candidate of a cell leads nowhere.
//! So every valid puzzle is rated.
//!
//! Every public name is `sudoku_core::rate::Name`: the [`Rating`], its
//! [`Level`] and [`Scale`], the [`Technique`]s, a path's [`Step`], and the
//! functions that find and score the steps ([`rate()`], [`explain`],
//! [`next_step`], [`LogicalSolver`]).
//!
//! ```
//! use sudoku_core::rate::{self, Level, Technique};
//! use sudoku_core::Grid;
//!
//! let puzzle: Grid = "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79"
//!     .parse()
//!     .unwrap();
//! let rating = rate::rate(&puzzle).expect("the puzzle has one solution");
//! assert_eq!(rating.level, Level::Easy);
//! assert!(rating.solved_logically);
//!
//! let hint = rate::next_step(&puzzle).unwrap();
//! println!("{hint}"); // e.g. "Hidden Single (1.2): r5c5 in box 5 => r5c5=5"
//! ```

// The source, for its readers: one technique family per file. Singles in
// `singles.rs`, locked candidates in `locked.rs`, naked and hidden subsets in
// `subsets.rs`, basic and finned fish in `fish.rs`, Skyscraper, 2-String Kite
// and chains of strong links in `single_digit.rs`, the wings in `wings.rs`,
// simple colouring in `colouring.rs`, the unique rectangle in
// `unique_rectangle.rs`, BUG+1 in `bug.rs`, X-, XY- and alternating inference
// chains in `chains.rs`, SE's Y-cycles in `cycles.rs`, forcing chains and
// trial and error in `forcing.rs`, SE's static cell and region forcing chains
// in `multiple.rs`, SE's Nishio and dynamic forcing chains in `dynamic.rs`
// (with the techniques its (+) level applies inside them in `dynamic_plus.rs`,
// and the chains its nested levels apply inside them in `nested.rs`). The
// public types have files of their own (`rating.rs`, `technique.rs`,
// `step.rs`); this file holds the engine that finds and scores the steps and
// re-exports them all.

mod aligned;
mod bug;
mod candidates;
mod chains;
mod closure;
mod colouring;
mod cycles;
mod direct;
mod dynamic;
mod dynamic_plus;
mod fifo;
mod fish;
mod forcing;
mod locked;
mod memo;
mod multiple;
mod nested;
mod rating;
mod scores;
mod single_digit;
mod singles;
mod stamps;
mod step;
mod subsets;
mod technique;
mod technique_set;
mod unique_rectangle;
mod wings;

pub use candidates::Candidates;
pub use rating::{Level, ParseLevelError, ParseScaleError, Rating, Scale, Unrated};
pub use scores::Scores;
pub use step::Step;
pub use technique::{ParseTechniqueError, Technique};
pub use technique_set::TechniqueSet;

use step::tenths;

use crate::grid::{Grid, Unit, CELLS};
use crate::solver::{BitmaskSolver, Search, Solver};

/// Sorts a short slice, stably: an insertion sort. The rater's sorts of
/// cells and eliminations hold a few dozen items at most, where this is as
/// fast as the standard library's sorts (which switch to the same method
/// below 20 items) and far smaller: each standard sort adds several
/// kilobytes of code per element type to the WebAssembly build of the web
/// page. Stable, so it equals `sort_by_key`, and `sort_unstable` on items
/// whose order is total.
pub(crate) fn sort_small<T: Ord>(items: &mut [T]) {
    for i in 1..items.len() {
        let mut j = i;
        while j > 0 && items[j - 1] > items[j] {
            items.swap(j - 1, j);
            j -= 1;
        }
    }
}

/// Why `grid` has no solution (its first conflict, if any).
fn unsolvable(grid: &Grid) -> Unrated {
    grid.first_conflict()
        .map_or(Unrated::NoSolution, Unrated::Conflict)
}

/// [`rate`], saying why a puzzle is not rated.
///
/// ```
/// use sudoku_core::rate::{rate_checked, Unrated};
/// use sudoku_core::Grid;
///
/// assert_eq!(rate_checked(&Grid::EMPTY), Err(Unrated::SeveralSolutions));
/// let conflict: Grid = "11...............................................................................".parse().unwrap();
/// assert!(matches!(rate_checked(&conflict), Err(Unrated::Conflict(_))));
/// ```
///
/// # Errors
/// [`Unrated::Conflict`], [`Unrated::NoSolution`] or
/// [`Unrated::SeveralSolutions`]: the cases where [`rate`] returns `None`.
pub fn rate_checked(puzzle: &Grid) -> Result<Rating, Unrated> {
    if let Some(rating) = rate(puzzle) {
        return Ok(rating);
    }
    Err(match BitmaskSolver::new().count_solutions(puzzle, 2) {
        0 => unsolvable(puzzle),
        _ => Unrated::SeveralSolutions,
    })
}

/// [`next_step`], saying why there is no step; and refusing a position
/// with several solutions, as [`rate_checked`] does, where a step of trial
/// and error would claim a contradiction that is not there.
///
/// ```
/// use sudoku_core::rate::{next_step_checked, Unrated};
/// use sudoku_core::Grid;
///
/// let solved = sudoku_core::FinalBoards::new(1).unwrap().next().unwrap();
/// assert_eq!(next_step_checked(&solved), Err(Unrated::Complete));
/// assert_eq!(next_step_checked(&Grid::EMPTY), Err(Unrated::SeveralSolutions));
/// ```
///
/// # Errors
/// [`Unrated::Complete`], [`Unrated::Conflict`] or [`Unrated::NoSolution`]:
/// the cases where [`next_step`] returns `None`; and
/// [`Unrated::SeveralSolutions`].
pub fn next_step_checked(position: &Grid) -> Result<Step, Unrated> {
    // One count answers every refusal; with one solution, no step means
    // the position is complete.
    match BitmaskSolver::new().count_solutions(position, 2) {
        0 => Err(unsolvable(position)),
        1 => next_step(position).ok_or(Unrated::Complete),
        _ => Err(Unrated::SeveralSolutions),
    }
}

/// [`explain`], saying why there is no path: `Ok` holds the steps (empty
/// only for a complete grid, which needs none).
///
/// # Errors
/// [`Unrated::Conflict`] or [`Unrated::NoSolution`].
pub fn explain_checked(puzzle: &Grid) -> Result<Vec<Step>, Unrated> {
    if context_of(puzzle).is_none() {
        return Err(unsolvable(puzzle));
    }
    Ok(explain(puzzle))
}

/// What the techniques may rely on besides the marks.
pub(crate) struct Context {
    /// The puzzle is known to have exactly one solution (unique rectangles rely on it).
    unique: bool,
    /// A solution, for trial and error; `None` disables it.
    solution: Option<Grid>,
    /// The searches known to find nothing, so that later steps skip them.
    memo: memo::Memo,
}

/// A technique's search: on success it fills `step` (after `step.reset`) and
/// returns true; it never changes the marks.
type Finder = fn(&Candidates, &Context, &mut Step) -> bool;

/// The native techniques in the order they are tried.
const FINDERS: [(Technique, Finder); 31] = [
    (Technique::FullHouse, singles::full_house),
    (Technique::HiddenSingle, singles::hidden_single),
    (Technique::NakedSingle, singles::naked_single),
    (Technique::Pointing, locked::pointing),
    (Technique::Claiming, locked::claiming),
    (Technique::NakedPair, subsets::naked::<2>),
    (Technique::XWing, fish::basic::<2>),
    (Technique::HiddenPair, subsets::hidden::<2>),
    (Technique::NakedTriple, subsets::naked::<3>),
    (Technique::Swordfish, fish::basic::<3>),
    (Technique::HiddenTriple, subsets::hidden::<3>),
    (Technique::Skyscraper, single_digit::skyscraper),
    (Technique::TwoStringKite, single_digit::two_string_kite),
    (Technique::FinnedXWing, fish::finned::<2>),
    (Technique::XyWing, wings::xy_wing),
    (Technique::FinnedSwordfish, fish::finned::<3>),
    (Technique::XyzWing, wings::xyz_wing),
    (Technique::WWing, wings::w_wing),
    (Technique::UniqueRectangle, unique_rectangle::type1),
    (Technique::SimpleColouring, colouring::simple_colouring),
    (Technique::NakedQuad, subsets::naked::<4>),
    (Technique::Jellyfish, fish::basic::<4>),
    (Technique::FinnedJellyfish, fish::finned::<4>),
    (Technique::HiddenQuad, subsets::hidden::<4>),
    (Technique::BugPlusOne, bug::bug_plus_one),
    (Technique::XChain, chains::x_chain),
    (Technique::XyChain, chains::xy_chain),
    (Technique::Aic, chains::aic),
    (Technique::ForcingChain, forcing::forcing_chain),
    (
        Technique::DynamicForcingChain,
        forcing::dynamic_forcing_chain,
    ),
    (Technique::TrialAndError, forcing::trial_and_error),
];

/// Sudoku Explainer's default technique list, in its order, as far as this
/// crate implements it (serate's `revisedRating == 0` list less the
/// techniques its settings switch off). SE takes the first step the first
/// technique in this order finds. Its X- and XY-chains are this crate's
/// own, scored with SE's base difficulties and length rule
/// ([`chain_length_tenths`]); its forcing chains are built as SE builds
/// them, up to SE's nested levels 2 and 3 and its experimental level 4;
/// beyond those, trial and error ends the list (see the README).
const SE_FINDERS: [(Technique, Finder); 39] = [
    (Technique::FullHouse, singles::full_house),
    (Technique::HiddenSingle, singles::hidden_single),
    (Technique::DirectPointing, direct::locking),
    (Technique::DirectHiddenPair, direct::hidden::<2>),
    (Technique::NakedSingle, singles::naked_single),
    (Technique::DirectHiddenTriple, direct::hidden::<3>),
    (Technique::Pointing, locked::pointing),
    (Technique::Claiming, locked::claiming),
    (Technique::NakedPair, subsets::naked::<2>),
    (Technique::XWing, fish::basic::<2>),
    (Technique::HiddenPair, subsets::hidden::<2>),
    (Technique::NakedTriple, subsets::naked::<3>),
    (Technique::Swordfish, fish::basic::<3>),
    (Technique::HiddenTriple, subsets::hidden::<3>),
    (Technique::TurbotFish, single_digit::turbot_fish),
    (Technique::XyWing, wings::xy_wing),
    (Technique::XyzWing, wings::xyz_wing),
    (Technique::UniqueRectangle, unique_rectangle::se_types),
    (Technique::NakedQuad, subsets::naked::<4>),
    (Technique::Jellyfish, fish::basic::<4>),
    (Technique::HiddenQuad, subsets::hidden::<4>),
    (
        Technique::ThreeStrongLinks,
        single_digit::three_strong_links,
    ),
    (Technique::WxyzWing, wings::als_wing::<3>),
    (Technique::BugPlusOne, bug::se_bug),
    (Technique::FourStrongLinks, single_digit::four_strong_links),
    (Technique::VwxyzWing, wings::als_wing::<4>),
    (
        Technique::AlignedPairExclusion,
        aligned::aligned_pair_exclusion,
    ),
    (Technique::UvwxyzWing, wings::als_wing::<5>),
    (Technique::Aic, chains::se_forcing_chain),
    (Technique::TuvwxyzWing, wings::als_wing::<6>),
    (
        Technique::AlignedTripletExclusion,
        aligned::aligned_triplet_exclusion,
    ),
    (Technique::NishioForcingChain, dynamic::nishio),
    (
        Technique::CellForcingChain,
        multiple::multiple_forcing_chain,
    ),
    (Technique::DynamicForcingChain, dynamic::dynamic),
    (Technique::DynamicForcingChainPlus, dynamic::dynamic_plus),
    (Technique::NestedForcingChain, dynamic::nested_forcing),
    (
        Technique::NestedMultipleForcingChain,
        dynamic::nested_multiple,
    ),
    (
        Technique::NestedDynamicForcingChain,
        dynamic::nested_dynamic,
    ),
    (Technique::TrialAndError, forcing::trial_and_error),
];

// `Scale` itself is public (in `rating.rs`); its lists of finders, and
// the difficulties their steps can have, are the engine's.
impl Scale {
    /// The finders of this scale's list, in the order its solver tries them.
    fn finders(self) -> &'static [(Technique, Finder)] {
        match self {
            Scale::Se => &SE_FINDERS,
            Scale::Native => &FINDERS,
        }
    }

    /// Every difficulty a step of `technique` can have on this scale:
    /// empty when the scale lacks the technique, its
    /// [`weight`](Technique::weight) on the native scale, and on SE's the
    /// difficulties SE gives its steps (a hidden single 1.2 in a box and
    /// 1.5 in a line, Turbot Fish 4.0, 4.1 or 4.3, a chain its base plus a
    /// length increment...).
    ///
    /// ```
    /// use sudoku_core::rate::{Scale, Technique};
    ///
    /// assert_eq!(Scale::Se.scores_of(Technique::HiddenSingle).to_string(), "1.2, 1.5");
    /// assert_eq!(Scale::Native.scores_of(Technique::HiddenSingle).to_string(), "1.2");
    /// assert!(Scale::Se.scores_of(Technique::XyChain).contains(7.3));
    /// ```
    #[must_use]
    pub fn scores_of(self, technique: Technique) -> Scores {
        if !self.has(technique) {
            return Scores::EMPTY;
        }
        match self {
            Scale::Native => Scores::tenths(&[tenths(technique.weight())]),
            Scale::Se => se_scores(technique),
        }
    }

    /// Every rating this scale's rater can give a puzzle: 0.0 (a grid
    /// with no blank, which takes no step) and every difficulty a step of
    /// the scale can have (a rating is the difficulty of the path's hardest
    /// step). The generator aims only at these, and at every one of them.
    ///
    /// ```
    /// use sudoku_core::rate::Scale;
    ///
    /// assert_eq!(
    ///     Scale::Native.ratings().to_string(),
    ///     "0.0, 1.0, 1.2, 2.3, 2.6, 2.8, 3.0, 3.2, 3.4, 3.6, 3.8, 4.0-4.6, 5.0, 5.2-5.4, \
    ///      5.6, 6.6, 6.8, 7.0, 7.5, 8.5, 11.0"
    /// );
    /// assert!(Scale::Se.ratings().to_string().starts_with("0.0, 1.0, 1.2, 1.5, 1.7, 1.9, 2.0"));
    /// ```
    #[must_use]
    pub fn ratings(self) -> Scores {
        Technique::ALL
            .iter()
            .fold(Scores::tenths(&[0]), |all, &t| all.union(self.scores_of(t)))
    }

    /// The band an open-ended request means, `lo..` or `..hi` (`None` for
    /// an open end): a missing bottom is 0, a missing top the highest
    /// rating this scale gives. `None` when `lo` is above that top, which
    /// no puzzle can meet. The CLI's `--rating 10..` and Python's
    /// `rating=(10, None)` both read their bands here.
    ///
    /// ```
    /// use sudoku_core::rate::Scale;
    ///
    /// let top = Scale::Se.ratings().highest().unwrap();
    /// assert_eq!(Scale::Se.band(Some(10.0), None), Some((10.0, top)));
    /// assert_eq!(Scale::Se.band(None, Some(2.0)), Some((0.0, 2.0)));
    /// assert_eq!(Scale::Se.band(Some(top + 1.0), None), None);
    /// ```
    #[must_use]
    pub fn band(self, lo: Option<f32>, hi: Option<f32>) -> Option<(f32, f32)> {
        let top = self.ratings().highest().unwrap_or(0.0);
        let lo = lo.unwrap_or(0.0);
        (hi.is_some() || lo <= top).then(|| (lo, hi.unwrap_or(top)))
    }
}

/// The most a chain's length can add to its base difficulty on SE's scale,
/// in tenths: the increment of the longest chain a complexity count (a
/// `u32`, the widest the nested searches use) can describe. No puzzle
/// known comes near it (the hardest rate 11.9: 10.0 plus 1.9); it bounds
/// the scale, so that no rating the rater can give is out of it.
const MOST_CHAIN_TENTHS: u16 = chain_length_tenths(u32::MAX as usize);

/// SE's difficulties of a step of `technique` (one on SE's list), in the
/// finders' own terms: see each finder for how it scores its steps.
fn se_scores(technique: Technique) -> Scores {
    // A chain: its base, plus any length increment.
    let chain = |base: u16| Scores::tenths_range(base, base + MOST_CHAIN_TENTHS);
    match technique {
        // `se_tenths`: 1.2 in a box, 1.5 in a row or column.
        Technique::HiddenSingle => Scores::tenths(&[12, 15]),
        // `single_digit::chain_tenths` with two links: 4.0 in two lines of
        // one kind, 4.1 mixing kinds or with a box, 4.3 with a grouped link.
        Technique::TurbotFish => Scores::tenths(&[40, 41, 43]),
        // ... with three links: 5.4 to 5.7.
        Technique::ThreeStrongLinks => Scores::tenths_range(54, 57),
        // ... with four links: 5.8 to 6.1.
        Technique::FourStrongLinks => Scores::tenths_range(58, 61),
        // `unique_rectangle::se_types`: types 1, 2 and 4 4.5, type 3 4.5
        // plus 0.1 per digit of its subset past the first (up to seven).
        Technique::UniqueRectangle => Scores::tenths_range(45, 51),
        // `unique_rectangle::loop_tenths`: 4.6, 4.7 or 5.0 by length.
        Technique::UniqueLoop => Scores::tenths(&[46, 47, 50]),
        // `wings::AlmostLocked`: by the spread of the set's cell sizes.
        Technique::WxyzWing => Scores::tenths_range(55, 56),
        Technique::VwxyzWing => Scores::tenths_range(62, 64),
        Technique::AlignedPairExclusion => Scores::tenths(&[62]),
        // `bug::se_bug`: type 1 5.6, types 2 and 4 5.7, type 3 5.7 plus 0.1
        // per digit of its naked set past the first (two to six digits).
        Technique::BugPlusOne => Scores::tenths(&[56]),
        Technique::BugType2 | Technique::BugType4 => Scores::tenths(&[57]),
        Technique::BugType3 => Scores::tenths_range(58, 62),
        // `chains::se_forcing_chain`: X- and Y-cycles from 6.5, X-chains
        // from 6.6, XY-chains, AICs and mixed cycles from 7.0.
        Technique::XCycle | Technique::YCycle => chain(65),
        Technique::XChain => chain(66),
        Technique::XyChain | Technique::Aic | Technique::XyCycle => chain(70),
        // `dynamic`, `multiple` and `nested`: SE's bases plus the length
        // (or, nested, the complexity) increment.
        Technique::NishioForcingChain => chain(75),
        Technique::CellForcingChain | Technique::RegionForcingChain => chain(80),
        Technique::DynamicForcingChain => chain(85),
        Technique::DynamicForcingChainPlus => chain(90),
        Technique::NestedForcingChain => chain(95),
        Technique::NestedMultipleForcingChain => chain(100),
        Technique::NestedDynamicForcingChain => chain(105),
        // Every other technique has one SE difficulty, its weight.
        t => Scores::tenths(&[tenths(t.weight())]),
    }
}

/// SE's chain-length increment for a chain of `nodes` candidates (its
/// `getLengthDifficulty`): nothing up to 6 nodes, then 0.1 more each time
/// the length minus two passes the next threshold of 4, 6, 8, 12, 16, 24,
/// ... (alternately times 3/2 and 4/3). In tenths.
const fn chain_length_tenths(nodes: usize) -> u16 {
    // In u64, so that the thresholds past any `usize` length on a 32-bit
    // target (wasm32) do not overflow.
    let length = (nodes as u64).saturating_sub(2);
    let (mut added, mut ceil, mut odd) = (0, 4u64, false);
    while length > ceil {
        added += 1;
        ceil = if odd { ceil * 4 / 3 } else { ceil * 3 / 2 };
        odd = !odd;
    }
    added
}

/// The longest chain length (candidates minus two, as
/// [`chain_length_tenths`] counts them) whose increment is at most `extra`
/// tenths: the longest chain a search needs to try to beat a score.
fn longest_within(extra: u16) -> usize {
    let (mut ceil, mut odd) = (4usize, false);
    for _ in 0..extra {
        // Past any chain a search can build (81 * 9 * 2 states).
        if ceil > 81 * 9 * 2 {
            return usize::MAX;
        }
        ceil = if odd { ceil * 4 / 3 } else { ceil * 3 / 2 };
        odd = !odd;
    }
    ceil
}

/// The SE difficulty of a step a finder just found, in tenths. Steps whose
/// technique has one SE difficulty keep their weight; the finders of the
/// techniques with several (Turbot Fish) set theirs.
fn se_tenths(step: &Step) -> u16 {
    match step.technique {
        Technique::HiddenSingle => match step.units.first() {
            Some(Unit::Box(_)) => 12,
            _ => 15,
        },
        // The chain finder scores its chains itself (`chains::se_forcing_chain`).
        // The native forcing chain, were it on SE's list: SE's Nishio base.
        Technique::ForcingChain => 75,
        _ => step.tenths,
    }
}

/// Finds the next step using techniques up to `hardest`, simplest first,
/// on the native list (the forcing techniques' inner propagation uses it).
fn find_step(marks: &Candidates, context: &Context, hardest: Technique, step: &mut Step) -> bool {
    for (technique, finder) in FINDERS {
        if technique > hardest {
            break;
        }
        if finder(marks, context, step) {
            return true;
        }
    }
    false
}

/// Finds the next step on `scale`'s list and sets its difficulty.
fn find_scaled(marks: &Candidates, context: &Context, scale: Scale, step: &mut Step) -> bool {
    find_scaled_up_to(marks, context, scale, u16::MAX, step)
}

/// The least difficulty, in tenths, of any step the finder listed under
/// `key` makes on `scale`.
fn floor_tenths(scale: Scale, key: Technique) -> u16 {
    match (scale, key) {
        // SE's chain finder also makes X- and Y-cycles, its cheapest chains.
        (Scale::Se, Technique::Aic) => tenths(Technique::YCycle.weight()),
        _ => tenths(key.weight()),
    }
}

/// [`find_scaled`], giving up at the first finder on the list whose steps
/// all rate above `cap` tenths: the path up to there is the same, and the
/// next step would rate above the cap. Rating for a band, this skips the
/// costly chain searches on every draw that needs something harder. False
/// when no step up to the cap applies.
fn find_scaled_up_to(
    marks: &Candidates,
    context: &Context,
    scale: Scale,
    cap: u16,
    step: &mut Step,
) -> bool {
    find_listed_up_to(marks, context, scale, scale.finders(), cap, step)
}

/// [`find_scaled_up_to`] with the finders of `list`, a tail of `scale`'s.
fn find_listed_up_to(
    marks: &Candidates,
    context: &Context,
    scale: Scale,
    list: &[(Technique, Finder)],
    cap: u16,
    step: &mut Step,
) -> bool {
    for &(key, finder) in list {
        if floor_tenths(scale, key) > cap {
            return false;
        }
        if finder(marks, context, step) {
            step.tenths = match scale {
                Scale::Se => se_tenths(step),
                Scale::Native => tenths(step.technique.weight()),
            };
            return true;
        }
    }
    false
}

/// Rates a puzzle on Sudoku Explainer's scale: [`Rating::score`] is SE's ER
/// (the highest difficulty on the path), [`Rating::pearl`] its EP and
/// [`Rating::diamond`] its ED, as `serate --format "%r/%p/%d"` prints them.
/// How far this matches serate, band by band, is measured in the README.
///
/// Returns `None` when the puzzle has no solution or more than one: a rating
/// describes how a person reaches *the* answer, and unique rectangles assume
/// there is just one. Single-threaded; `rate` allocates only a few small
/// buffers per call.
///
/// ```
/// use sudoku_core::rate;
///
/// // Rated 2.6/1.2/1.2 by Sukaku Explainer's serate.
/// let puzzle = "..3.7..4...6..23.1.89.........1.7.8.517.....6...4.....271..9..5.95..........2....";
/// let rating = rate::rate(&puzzle.parse().unwrap()).unwrap();
/// let erpd = format!("{:.1}/{:.1}/{:.1}", rating.score, rating.pearl, rating.diamond);
/// assert_eq!(erpd, "2.6/1.2/1.2");
/// ```
pub fn rate(puzzle: &Grid) -> Option<Rating> {
    rate_with(puzzle, Scale::Se)
}

/// [`rate`] on this crate's own [`Scale::Native`] scale.
pub fn rate_native(puzzle: &Grid) -> Option<Rating> {
    rate_with(puzzle, Scale::Native)
}

/// [`rate`] on the given scale.
pub fn rate_with(puzzle: &Grid, scale: Scale) -> Option<Rating> {
    rate_up_to(puzzle, scale, f32::INFINITY)
}

/// [`rate_with`] for a puzzle wanted only if it rates at most `cap`: `None`
/// as soon as the path needs a step above it (or when the puzzle does not
/// have exactly one solution), without searching the harder techniques.
/// Otherwise the same rating as [`rate_with`]. The generator rates its
/// draws this way for a level or a rating band.
///
/// ```
/// use sudoku_core::rate::{rate_up_to, rate_with, Scale};
///
/// let puzzle = "..3.7..4...6..23.1.89.........1.7.8.517.....6...4.....271..9..5.95..........2....".parse().unwrap();
/// assert_eq!(rate_up_to(&puzzle, Scale::Se, 3.0), rate_with(&puzzle, Scale::Se)); // 2.6
/// assert_eq!(rate_up_to(&puzzle, Scale::Se, 2.5), None);
/// ```
#[must_use]
pub fn rate_up_to(puzzle: &Grid, scale: Scale, cap: f32) -> Option<Rating> {
    // In tenths, rounding down: a cap of 3.49 admits 3.4, not 3.5.
    let cap = if cap.is_nan() || cap < 0.0 {
        return None;
    } else if cap >= f32::from(u16::MAX) / 10.0 {
        u16::MAX
    } else {
        (cap * 10.0 + 1e-3).floor() as u16
    };
    // Whether the puzzle has one solution is asked of the solver only when
    // the path first needs more than placements (see `placing_head`): a
    // path of forced placements that fills the grid proves it by itself.
    // On puzzles of the singles band that saves the solver's search, about
    // an eighth of their rating time.
    let mut context = Context {
        unique: false,
        solution: None,
        memo: memo::Memo::new(),
    };
    let mut proven = false;
    let head = placing_head(scale);
    // Clashing givens: no solution, whatever the path would place.
    let (mut marks, clash) = Candidates::with_clash(puzzle);
    if clash {
        return None;
    }
    let mut step = Step::new(Technique::FullHouse);
    let (mut hardest, mut top, mut steps) = (None::<Technique>, 0u16, 0);
    let (mut pearl, mut diamond) = (None::<u16>, None::<u16>);
    let mut logical = true;
    let mut run = singles::Run::new(&marks);
    while !marks.is_solved() {
        // The singles the path would take next, in bulk, once none of
        // them can raise the rating (see `singles::settle`).
        // The finders `settle` just ran dry are skipped.
        let mut skip = 0;
        if let Some(settled) = settled_prefix(scale, top) {
            let placed = singles::settle(&mut marks, settled, &mut run);
            if placed > 0 {
                steps += placed;
                pearl.get_or_insert(top);
                if marks.is_solved() {
                    break;
                }
            }
            skip = settled.len();
        }
        // Without a cap a step is always found for a puzzle with a
        // solution: trial and error always applies.
        let finders = &scale.finders()[skip..];
        // Until the puzzle is proven unique, the placement-only finders first.
        let placing = if proven { 0 } else { head.saturating_sub(skip) };
        let mut found =
            find_listed_up_to(&marks, &context, scale, &finders[..placing], cap, &mut step);
        if !found {
            if !proven {
                // On the position reached, not the givens: every digit the
                // path placed so far holds in every solution (forced
                // placements), so the solutions are the same, and the
                // search has fewer cells to fill.
                let search = BitmaskSolver::new().search(&marks.grid(), 2);
                if search.count != 1 {
                    return None;
                }
                context.unique = true;
                context.solution = search.solution;
                proven = true;
            }
            let rest = &finders[placing..];
            found = find_listed_up_to(&marks, &context, scale, rest, cap, &mut step);
        }
        if !found || step.tenths > cap {
            return None;
        }
        if hardest.is_none() || step.tenths > top {
            top = step.tenths;
            hardest = Some(step.technique);
        }
        logical &= step.technique != Technique::TrialAndError;
        diamond.get_or_insert(top);
        if pearl.is_none() && !step.placements.is_empty() {
            pearl = Some(top);
        }
        steps += 1;
        run.apply(&mut marks, &step);
    }
    // Filled by forced placements alone from givens that do not clash (see
    // above), the grid is the one solution: placements never clash.
    debug_assert!(marks.grid().solves(puzzle));
    let score = f32::from(top) / 10.0;
    Some(Rating {
        score,
        level: Level::of_score(score),
        hardest: hardest.unwrap_or(Technique::FullHouse),
        steps,
        solved_logically: logical,
        pearl: f32::from(pearl.unwrap_or(top)) / 10.0,
        diamond: f32::from(diamond.unwrap_or(top)) / 10.0,
    })
}

/// How many finders at the head of `scale`'s list make only placements
/// (singles and SE's direct techniques): each step they find is forced in
/// every solution, so a path of them alone that fills the grid proves the
/// puzzle has exactly that one solution.
fn placing_head(scale: Scale) -> usize {
    scale
        .finders()
        .iter()
        .take_while(|(technique, _)| {
            matches!(
                technique,
                Technique::FullHouse
                    | Technique::HiddenSingle
                    | Technique::DirectPointing
                    | Technique::DirectHiddenPair
                    | Technique::NakedSingle
                    | Technique::DirectHiddenTriple
            )
        })
        .count()
}

/// The placement-only techniques at the head of `scale`'s list none of
/// whose steps rates above `top` tenths, the hardest step on the path so
/// far: the run of them [`singles::settle`] may make in bulk. `None` when
/// a box's hidden single could still raise the rating.
fn settled_prefix(scale: Scale, top: u16) -> Option<singles::Settled> {
    // SE's hidden single is 1.2 in a box and 1.5 in a line, the native 1.2;
    // then the list goes on with direct pointing (1.7) and claiming (1.9,
    // one finder), the direct hidden pair (2.0), the naked single (2.3) and
    // the direct hidden triplet (2.5) on SE's scale, the naked single alone
    // on the native one.
    let at_least = |t: Technique| top >= tenths(t.weight());
    match scale {
        // A box's hidden single (1.2) so far: full houses and box singles.
        Scale::Se if (12..15).contains(&top) => Some(singles::Settled {
            lines: false,
            direct_locking: false,
            direct_pair: false,
            naked: false,
            direct_triple: false,
        }),
        Scale::Se if top >= 15 => Some(singles::Settled {
            lines: true,
            direct_locking: at_least(Technique::DirectClaiming),
            direct_pair: at_least(Technique::DirectHiddenPair),
            naked: at_least(Technique::NakedSingle),
            direct_triple: at_least(Technique::DirectHiddenTriple),
        }),
        Scale::Native if at_least(Technique::HiddenSingle) => Some(singles::Settled {
            lines: true,
            direct_locking: false,
            direct_pair: false,
            naked: at_least(Technique::NakedSingle),
            direct_triple: false,
        }),
        _ => None,
    }
}

/// The context for a position: its uniqueness, and a solution if any.
fn context_of(position: &Grid) -> Option<Context> {
    let search = BitmaskSolver::new().search(position, 2);
    (search.count > 0).then_some(Context {
        unique: search.count == 1,
        solution: search.solution,
        memo: memo::Memo::new(),
    })
}

/// The next step from a position (the givens plus the digits filled in so
/// far), for a hint, on Sudoku Explainer's scale (the step SE would take,
/// as far as this crate implements SE). `None` when the position is
/// complete or has no solution (for example because a filled-in digit is
/// wrong).
#[must_use]
pub fn next_step(position: &Grid) -> Option<Step> {
    next_step_with(position, Scale::Se)
}

/// [`next_step`] on the given scale.
#[must_use]
pub fn next_step_with(position: &Grid, scale: Scale) -> Option<Step> {
    let context = context_of(position)?;
    let marks = Candidates::new(position);
    if marks.is_solved() {
        return None;
    }
    let mut step = Step::new(Technique::FullHouse);
    find_scaled(&marks, &context, scale, &mut step).then_some(step)
}

/// The next step from a position given by its candidates, such as a
/// player's pencil marks ([`Candidates::with_pencil_marks`]): the step
/// the rater would take from there on `scale`. `None` when the position is
/// complete or has no solution (a candidate the solution needs was removed,
/// or a placed digit is wrong).
///
/// ```
/// use sudoku_core::rate::{next_step_from, Candidates, Scale};
/// use sudoku_core::Grid;
///
/// let puzzle: Grid = "...........547......4..61..1...2....8.61..32..3...87...6...325..4..6.....718.....".parse().unwrap();
/// let marks = Candidates::new(&puzzle);
/// assert_eq!(next_step_from(&marks, Scale::Se), sudoku_core::rate::next_step(&puzzle));
/// ```
#[must_use]
pub fn next_step_from(marks: &Candidates, scale: Scale) -> Option<Step> {
    if marks.is_solved() {
        return None;
    }
    let context = context_of_marks(marks)?;
    let mut step = Step::new(Technique::FullHouse);
    find_scaled(marks, &context, scale, &mut step).then_some(step)
}

/// The context for a position given by its candidates: `None` when it is
/// broken or has no solution its candidates allow.
fn context_of_marks(marks: &Candidates) -> Option<Context> {
    if marks.is_broken() {
        return None;
    }
    let mut context = context_of(&marks.grid())?;
    // The candidates may exclude solutions of the digits alone: the
    // solution kept for trial and error must be one of theirs.
    let solution = context.solution?;
    if (0..CELLS).any(|c| marks.value(c) == 0 && !marks.has(c, solution.cells()[c])) {
        if context.unique {
            return None;
        }
        context.solution = None;
    }
    Some(context)
}

/// Where [`apply_techniques`] got to: the steps it took and the position
/// they lead to, solved or stalled.
#[derive(Debug, Clone, PartialEq, Eq)]
#[non_exhaustive]
pub struct Progress {
    /// The steps taken, in order, each of a technique of the set.
    pub path: Vec<Step>,
    /// The candidates after them: the solution, or the position where no
    /// technique of the set applies (where a solver limited to them
    /// stalls), to hand to a harder technique, a hint or a person.
    pub position: Candidates,
}

impl Progress {
    /// True when the techniques solved the puzzle.
    #[must_use]
    pub fn is_solved(&self) -> bool {
        self.position.is_solved()
    }
}

/// Solves from `start` with the techniques of `techniques` alone, in
/// `scale`'s order (simplest first, as [`explain_with`] does), until the
/// position is solved or none of them applies: the stall, with the steps
/// that led there. A position from [`Candidates::new`] starts from a
/// puzzle's givens, one from [`Candidates::with_pencil_marks`] from a
/// player's own marks.
///
/// A position that is broken or has no solution its candidates allow makes
/// no progress (an empty path). Techniques the scale does not have (a
/// native-only technique on SE's, say) never apply. A few searches make
/// several techniques (SE's chain search makes X- and XY-chains and cycles;
/// SE's direct pointing search also direct claiming): such a search is run
/// when the set holds any of them, and its step taken only when the set
/// holds its technique, so a solver limited to, say, X-cycles may stall
/// where the search's first find was another kind of chain.
///
/// ```
/// use sudoku_core::rate::{apply_techniques, Candidates, Scale, Technique, TechniqueSet};
/// use sudoku_core::Grid;
///
/// // Rated 2.6 by serate (pointing): singles alone do not finish it.
/// let puzzle: Grid = "..3.7..4...6..23.1.89.........1.7.8.517.....6...4.....271..9..5.95..........2....".parse().unwrap();
/// let singles: TechniqueSet =
///     [Technique::FullHouse, Technique::HiddenSingle, Technique::NakedSingle].into_iter().collect();
/// let stalled = apply_techniques(&Candidates::new(&puzzle), singles, Scale::Se);
/// assert!(!stalled.is_solved());
/// assert!(stalled.path.iter().all(|step| singles.contains(step.technique)));
///
/// // Everything: solved, the same path as `explain`.
/// let all: TechniqueSet = Technique::ALL.iter().copied().collect();
/// let solved = apply_techniques(&Candidates::new(&puzzle), all, Scale::Se);
/// assert!(solved.is_solved());
/// assert_eq!(solved.path, sudoku_core::rate::explain(&puzzle));
/// ```
#[must_use]
pub fn apply_techniques(start: &Candidates, techniques: TechniqueSet, scale: Scale) -> Progress {
    let mut progress = Progress {
        path: Vec::new(),
        position: start.clone(),
    };
    if progress.position.is_solved() {
        return progress;
    }
    let Some(context) = context_of_marks(start) else {
        return progress;
    };
    let finders: Vec<(Technique, Finder)> = scale
        .finders()
        .iter()
        .copied()
        .filter(|&(key, _)| {
            finder_may_find(key)
                .into_iter()
                .any(|t| techniques.contains(t))
        })
        .collect();
    let mut step = Step::new(Technique::FullHouse);
    while !progress.position.is_solved() {
        let found = finders.iter().any(|&(_, finder)| {
            finder(&progress.position, &context, &mut step) && techniques.contains(step.technique)
        });
        if !found {
            break;
        }
        step.tenths = match scale {
            Scale::Se => se_tenths(&step),
            Scale::Native => tenths(step.technique.weight()),
        };
        progress.position.apply(&step);
        progress.path.push(step.clone());
    }
    progress
}

/// The techniques the finder listed under `key` can make: its own, and for
/// the searches that make several, the others (see the list test below).
fn finder_may_find(key: Technique) -> Vec<Technique> {
    let mut found = vec![key];
    found.extend_from_slice(match key {
        Technique::DirectPointing => &[Technique::DirectClaiming][..],
        Technique::CellForcingChain => &[Technique::RegionForcingChain],
        Technique::UniqueRectangle => &[Technique::UniqueLoop],
        Technique::BugPlusOne => &[
            Technique::BugType2,
            Technique::BugType4,
            Technique::BugType3,
        ],
        Technique::Aic => &[
            Technique::XChain,
            Technique::XyChain,
            Technique::XCycle,
            Technique::YCycle,
            Technique::XyCycle,
        ],
        _ => &[],
    });
    found
}

/// The step of a solving path that its rating names: the first of the
/// highest difficulty. Its difficulty is the [`Rating::score`] and its
/// technique the [`Rating::hardest`] of the puzzle the path solves (on the
/// path's scale); `None` for an empty path.
///
/// ```
/// use sudoku_core::rate::{explain, hardest_step, rate};
///
/// let puzzle = "..3.7..4...6..23.1.89.........1.7.8.517.....6...4.....271..9..5.95..........2....".parse().unwrap();
/// let path = explain(&puzzle);
/// let rating = rate(&puzzle).unwrap();
/// let hardest = hardest_step(&path).unwrap();
/// assert_eq!((hardest.technique, hardest.difficulty()), (rating.hardest, rating.score));
/// ```
#[must_use]
pub fn hardest_step(path: &[Step]) -> Option<&Step> {
    // `max_by_key` keeps the last of equal keys: the first is wanted.
    path.iter().rev().max_by_key(|step| step.tenths)
}

/// The whole solving path of `puzzle` on Sudoku Explainer's scale, one
/// [`Step`] per technique applied, each with its [`Step::difficulty`].
///
/// Empty when the puzzle has no solution or nothing to solve. A puzzle with
/// several solutions is explained too (without unique rectangles), ending
/// in one of its solutions.
#[must_use]
pub fn explain(puzzle: &Grid) -> Vec<Step> {
    explain_with(puzzle, Scale::Se)
}

/// [`explain`] on the given scale.
#[must_use]
pub fn explain_with(puzzle: &Grid, scale: Scale) -> Vec<Step> {
    let Some(context) = context_of(puzzle) else {
        return Vec::new();
    };
    let mut marks = Candidates::new(puzzle);
    let mut path = Vec::new();
    while !marks.is_solved() {
        let mut step = Step::new(Technique::FullHouse);
        if !find_scaled(&marks, &context, scale, &mut step) {
            break;
        }
        marks.apply(&step);
        path.push(step);
    }
    path
}

/// The logical solver as a [`Solver`]: it solves the way [`explain`] does.
///
/// The solution it returns is the one its human-style path reaches. Counting
/// beyond one solution is not a human task: the count (and the check that a
/// solution exists at all) comes from [`BitmaskSolver`]. `guesses` is the
/// number of [`Technique::TrialAndError`] steps on the path.
#[derive(Debug, Clone, Copy, Default)]
pub struct LogicalSolver;

impl LogicalSolver {
    /// A logical solver; it holds no state.
    #[must_use]
    pub fn new() -> LogicalSolver {
        LogicalSolver
    }
}

impl Solver for LogicalSolver {
    fn search(&self, puzzle: &Grid, limit: usize) -> Search {
        let counted = BitmaskSolver::new().search(puzzle, limit.max(2));
        if counted.count == 0 {
            return Search::NONE;
        }
        let context = Context {
            unique: counted.count == 1,
            solution: counted.solution,
            memo: memo::Memo::new(),
        };
        let mut marks = Candidates::new(puzzle);
        let mut step = Step::new(Technique::FullHouse);
        let mut guesses = 0;
        while !marks.is_solved() {
            if !find_step(&marks, &context, Technique::TrialAndError, &mut step) {
                break;
            }
            if step.technique == Technique::TrialAndError {
                guesses += 1;
            }
            marks.apply(&step);
        }
        Search {
            solution: Some(marks.grid()).filter(|g| g.solves(puzzle)),
            count: counted.count.min(limit.max(1)),
            guesses,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn finders_are_in_technique_order_and_every_technique_is_listed() {
        for list in [&FINDERS[..], &SE_FINDERS[..]] {
            for pair in list.windows(2) {
                assert!(pair[0].0 < pair[1].0, "{:?} {:?}", pair[0].0, pair[1].0);
            }
        }
        assert_eq!(FINDERS.len(), 31);
        for &technique in Technique::ALL {
            let listed = |list: &[(Technique, Finder)]| list.iter().any(|(t, _)| *t == technique);
            // Direct pointing's finder also finds direct claiming, and the
            // cell forcing chains' finder region forcing chains, and SE's
            // chain finder Y-cycles.
            let shared = [
                Technique::DirectClaiming,
                Technique::RegionForcingChain,
                Technique::UniqueLoop,
                Technique::XCycle,
                Technique::YCycle,
                Technique::XyCycle,
                Technique::BugType2,
                Technique::BugType3,
                Technique::BugType4,
            ];
            assert!(
                listed(&FINDERS) || listed(&SE_FINDERS) || shared.contains(&technique),
                "{technique:?} is on no list"
            );
        }
    }

    #[test]
    fn a_grid_filled_by_singles_is_rated_only_when_its_givens_agree() {
        let puzzle: Grid =
            "..3.7..4...6..23.1.89.........1.7.8.517.....6...4.....271..9..5.95..........2...."
                .parse()
                .unwrap();
        let solution = BitmaskSolver::new().solve(&puzzle).unwrap();
        let mut cells = *solution.cells();
        for cell in [3, 10, 20, 30, 40, 50, 60, 70] {
            cells[cell] = 0;
        }
        // Eight blanks, each the last of its row: full houses fill them.
        let easy = Grid::from_cells_unchecked(cells);
        let rating = rate(&easy).unwrap();
        assert_eq!((rating.score, rating.steps), (1.0, 8));
        // The same with two equal givens in the last row: the singles still
        // fill every blank, but there is no solution.
        cells[80] = cells[79];
        let clashing = Grid::from_cells_unchecked(cells);
        assert!(clashing.first_conflict().is_some());
        assert_eq!(rate(&clashing), None);
        assert_eq!(rate_native(&clashing), None);
        // Several solutions: a rectangle of two digits over two boxes,
        // blanked. No single fills it; the solver is asked, and says two.
        let at = |r: usize, c: usize| solution.cells()[9 * r + c];
        let rectangle = (0..9)
            .flat_map(|r1| (r1 + 1..(r1 / 3 + 1) * 3).map(move |r2| (r1, r2)))
            .flat_map(|(r1, r2)| {
                (0..9).flat_map(move |c1| (c1 + 1..9).map(move |c2| (r1, r2, c1, c2)))
            })
            .find(|&(r1, r2, c1, c2)| {
                c1 / 3 != c2 / 3 && at(r1, c1) == at(r2, c2) && at(r1, c2) == at(r2, c1)
            })
            .expect("a solution with a rectangle");
        let (r1, r2, c1, c2) = rectangle;
        let mut open = *solution.cells();
        for cell in [9 * r1 + c1, 9 * r1 + c2, 9 * r2 + c1, 9 * r2 + c2] {
            open[cell] = 0;
        }
        let open = Grid::from_cells_unchecked(open);
        assert_eq!(BitmaskSolver::new().count_solutions(&open, 3), 2);
        assert_eq!(rate(&open), None);
    }

    #[test]
    fn settled_prefixes_are_the_placement_only_head_of_each_list() {
        for scale in [Scale::Se, Scale::Native] {
            for top in 0..=120u16 {
                let Some(settled) = settled_prefix(scale, top) else {
                    continue;
                };
                let head = &scale.finders()[..settled.len()];
                let placing = [
                    Technique::FullHouse,
                    Technique::HiddenSingle,
                    Technique::DirectPointing,
                    Technique::DirectHiddenPair,
                    Technique::NakedSingle,
                    Technique::DirectHiddenTriple,
                ];
                for (i, &(technique, _)) in head.iter().enumerate() {
                    assert!(
                        placing.contains(&technique),
                        "{scale:?} {top}: {technique:?}"
                    );
                    // Each is the next on the list: a prefix, in order.
                    assert_eq!(technique, scale.finders()[i].0);
                    // None of its steps rates above `top` (SE's hidden
                    // single at most 1.5, direct pointing's finder 1.9).
                    let most = match (scale, technique) {
                        (Scale::Se, Technique::HiddenSingle) => 15,
                        (_, Technique::DirectPointing) => 19,
                        (_, t) => tenths(t.weight()),
                    };
                    assert!(most <= top, "{scale:?} {top}: {technique:?}");
                }
                // The next finder on the list is not one `settle` may skip.
                let next = scale.finders()[settled.len()].0;
                let most = match next {
                    Technique::HiddenSingle => 15,
                    Technique::DirectPointing => 19,
                    t => tenths(t.weight()),
                };
                assert!(!placing.contains(&next) || most > top, "{scale:?} {top}");
            }
        }
    }

    /// Puzzles of every band from the shipped serate data.
    fn sample_puzzles() -> Vec<Grid> {
        include_str!("../../tests/data/serate.txt")
            .lines()
            .filter(|line| !line.starts_with('#'))
            .step_by(7)
            .filter_map(|line| line.split_whitespace().next()?.parse().ok())
            .collect()
    }

    #[test]
    fn the_rating_is_the_hardest_step_of_the_explained_path() {
        // `rate` makes singles in bulk and skips searches its memo knows
        // are barren; `explain` with a fresh memo per step does neither.
        for puzzle in sample_puzzles() {
            let rating = rate(&puzzle).expect("serate puzzles are unique");
            let context = context_of(&puzzle).expect("it has a solution");
            let mut marks = Candidates::new(&puzzle);
            let mut path = Vec::new();
            while !marks.is_solved() {
                let fresh = Context {
                    unique: context.unique,
                    solution: context.solution,
                    memo: memo::Memo::new(),
                };
                let mut step = Step::new(Technique::FullHouse);
                assert!(find_scaled(&marks, &fresh, Scale::Se, &mut step));
                marks.apply(&step);
                path.push(step);
            }
            let top = path.iter().map(|s| s.tenths).max().unwrap_or(0);
            assert_eq!(rating.steps, path.len(), "{puzzle}");
            assert_eq!(tenths(rating.score), top, "{puzzle}");
            assert_eq!(tenths(rating.diamond), path[0].tenths, "{puzzle}");
            let first_placing = path
                .iter()
                .position(|s| !s.placements.is_empty())
                .map_or(path.len(), |i| i + 1);
            let pearl = path[..first_placing].iter().map(|s| s.tenths).max();
            assert_eq!(Some(tenths(rating.pearl)), pearl, "{puzzle}");
            // And `explain` (one shared memo, no bulk singles) takes the same path.
            assert_eq!(explain(&puzzle), path, "{puzzle}");
        }
    }

    #[test]
    fn every_step_is_scored_within_its_techniques_scores() {
        // `Scale::scores_of` is what the generator aims at: a step scored
        // outside it would be a rating the generator refuses.
        for scale in [Scale::Se, Scale::Native] {
            for puzzle in sample_puzzles() {
                for step in explain_with(&puzzle, scale) {
                    assert!(
                        scale.scores_of(step.technique).contains(step.difficulty()),
                        "{scale:?} {puzzle}: {step}"
                    );
                }
            }
        }
        assert!(MOST_CHAIN_TENTHS >= chain_length_tenths(81 * 9 * 2));
    }

    #[test]
    fn longest_within_is_the_last_length_of_each_increment() {
        for extra in 0..12u16 {
            let longest = longest_within(extra);
            assert!(chain_length_tenths(longest + 2) <= extra);
            assert!(chain_length_tenths(longest + 3) > extra);
        }
    }

    /// Textbook patterns drawn on an empty grid by removing candidates; the
    /// expected eliminations are worked out by hand in each test.
    mod patterns {
        use super::super::*;

        fn cell(r: usize, c: usize) -> usize {
            r * 9 + c
        }

        /// Leaves `cell` with exactly `digits`.
        fn keep(marks: &mut Candidates, cell: usize, digits: &[u8]) {
            for d in 1..=9 {
                if !digits.contains(&d) {
                    marks.eliminate(cell, d);
                }
            }
        }

        fn found(finder: Finder, marks: &Candidates, unique: bool) -> Step {
            let context = Context {
                unique,
                solution: None,
                memo: memo::Memo::new(),
            };
            let mut step = Step::new(Technique::FullHouse);
            assert!(finder(marks, &context, &mut step), "pattern not found");
            step.eliminations.sort_unstable();
            step
        }

        fn sorted(mut v: Vec<(usize, u8)>) -> Vec<(usize, u8)> {
            v.sort_unstable();
            v
        }

        #[test]
        fn pointing_clears_the_rest_of_the_row() {
            let mut marks = Candidates::new(&Grid::EMPTY);
            for c in [2, 9, 10, 11, 18, 19, 20] {
                marks.eliminate(c, 5);
            }
            let step = found(locked::pointing, &marks, false);
            assert_eq!(step.technique, Technique::Pointing);
            assert_eq!(
                step.eliminations,
                (3..9).map(|c| (cell(0, c), 5)).collect::<Vec<_>>()
            );
        }

        #[test]
        fn claiming_clears_the_rest_of_the_box() {
            let mut marks = Candidates::new(&Grid::EMPTY);
            for c in 2..9 {
                marks.eliminate(cell(0, c), 5);
            }
            let step = found(locked::claiming, &marks, false);
            let expected: Vec<_> = (1..3)
                .flat_map(|r| (0..3).map(move |c| (cell(r, c), 5)))
                .collect();
            assert_eq!(step.eliminations, sorted(expected));
        }

        #[test]
        fn naked_and_hidden_pairs() {
            let mut marks = Candidates::new(&Grid::EMPTY);
            keep(&mut marks, 0, &[1, 2]);
            keep(&mut marks, 1, &[1, 2]);
            let step = found(subsets::naked::<2>, &marks, false);
            let expected: Vec<_> = (2..9).flat_map(|c| [(c, 1), (c, 2)]).collect();
            assert_eq!(step.eliminations, sorted(expected));

            let mut marks = Candidates::new(&Grid::EMPTY);
            for c in 2..9 {
                marks.eliminate(c, 1);
                marks.eliminate(c, 2);
            }
            let step = found(subsets::hidden::<2>, &marks, false);
            let expected: Vec<_> = [0, 1]
                .into_iter()
                .flat_map(|c| (3..=9).map(move |d| (c, d)))
                .collect();
            assert_eq!(step.eliminations, sorted(expected));
        }

        #[test]
        fn x_wing_clears_its_columns() {
            let mut marks = Candidates::new(&Grid::EMPTY);
            for r in [0, 4] {
                for c in (0..9).filter(|&c| c != 1 && c != 6) {
                    marks.eliminate(cell(r, c), 1);
                }
            }
            let step = found(fish::basic::<2>, &marks, false);
            let expected: Vec<_> = (0..9)
                .filter(|&r| r != 0 && r != 4)
                .flat_map(|r| [(cell(r, 1), 1), (cell(r, 6), 1)])
                .collect();
            assert_eq!(step.eliminations, sorted(expected));
        }

        #[test]
        fn skyscraper_clears_cells_seeing_both_tops() {
            let mut marks = Candidates::new(&Grid::EMPTY);
            for r in 0..9 {
                if r != 0 && r != 8 {
                    marks.eliminate(cell(r, 0), 1);
                }
                if r != 1 && r != 8 {
                    marks.eliminate(cell(r, 4), 1);
                }
            }
            let step = found(single_digit::skyscraper, &marks, false);
            let expected = vec![
                (cell(0, 3), 1),
                (cell(0, 5), 1),
                (cell(1, 1), 1),
                (cell(1, 2), 1),
            ];
            assert_eq!(step.eliminations, sorted(expected));
        }

        #[test]
        fn xy_wing_clears_the_cell_seeing_both_pincers() {
            let mut marks = Candidates::new(&Grid::EMPTY);
            keep(&mut marks, cell(0, 0), &[1, 2]);
            keep(&mut marks, cell(0, 4), &[1, 3]);
            keep(&mut marks, cell(4, 0), &[2, 3]);
            let step = found(wings::xy_wing, &marks, false);
            assert_eq!(step.eliminations, vec![(cell(4, 4), 3)]);
        }

        #[test]
        fn unique_rectangle_type3_naked_pair_with_the_roof() {
            // Floors r4c1, r4c2 = 12; roofs r1c1 = 123 and r1c2 = 124: one
            // roof holds 3 or 4, so with r1c6 = 34 the row's 3 and 4 are
            // taken.
            let mut marks = Candidates::new(&Grid::EMPTY);
            keep(&mut marks, cell(3, 0), &[1, 2]);
            keep(&mut marks, cell(3, 1), &[1, 2]);
            keep(&mut marks, cell(0, 0), &[1, 2, 3]);
            keep(&mut marks, cell(0, 1), &[1, 2, 4]);
            keep(&mut marks, cell(0, 5), &[3, 4]);
            let step = found(unique_rectangle::se_types, &marks, true);
            let expected: Vec<_> = [2, 3, 4, 6, 7, 8]
                .into_iter()
                .flat_map(|c| [(cell(0, c), 3), (cell(0, c), 4)])
                .collect();
            assert_eq!(step.eliminations, sorted(expected));
            // SE: 4.5 plus 0.1 for the pair's second digit.
            assert_eq!(step.difficulty(), 4.6);
        }

        #[test]
        fn unique_rectangle_needs_a_unique_puzzle() {
            let mut marks = Candidates::new(&Grid::EMPTY);
            for c in [cell(0, 0), cell(0, 3), cell(1, 0)] {
                keep(&mut marks, c, &[1, 2]);
            }
            keep(&mut marks, cell(1, 3), &[1, 2, 3]);
            let step = found(unique_rectangle::type1, &marks, true);
            assert_eq!(step.eliminations, vec![(cell(1, 3), 1), (cell(1, 3), 2)]);
            let context = Context {
                unique: false,
                solution: None,
                memo: memo::Memo::new(),
            };
            let mut step = Step::new(Technique::FullHouse);
            assert!(!unique_rectangle::type1(&marks, &context, &mut step));
        }
    }
}
