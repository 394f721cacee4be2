//! Puzzle generation: unique solutions, blank counts, symmetry, minimality,
//! reproducible from a seed, in parallel.
//!
//! # How a puzzle is made
//! 1. A random completed grid ([`random_grid`]): the three diagonal boxes
//!    filled at random, completed by the solver, then shuffled by random
//!    relabelling, row, column, band and stack permutations and transposition.
//! 2. Its cells are removed in random order, an orbit of the requested
//!    [`Symmetry`] at a time. With uniqueness, a removal is kept only if the
//!    puzzle keeps exactly one solution (tested by asking the solver for a
//!    solution without the removed digit, not by counting solutions). Without `minimal` the removal stops at a blank count
//!    drawn from the requested range; with it, every orbit is tried once, which
//!    yields a minimal puzzle.
//! 3. The puzzle is verified (see [`Generator`]) and otherwise drawn again.
//!    With a difficulty, a rating band or techniques, it is rated last
//!    ([`crate::rate`], on Sudoku Explainer's scale unless the native one is
//!    asked for) and kept only if its rating is in the band and its hardest
//!    step one of the techniques. Without a blank range the removal goes as far
//!    as uniqueness allows, which gives the hardest puzzles of a grid; so hard
//!    and expert puzzles come from the same fast pass, with more draws.
//!
//! # Reproducibility
//! Puzzle number `i` of a run is drawn from its own random generator, seeded
//! from the run's seed and `i` ([`StdRng`], portable across platforms). So the
//! output depends only on the options and the seed, never on the number of
//! threads or on timing: [`Generator::run`] spreads puzzles over threads and
//! hands them back in order. Duplicates are replaced in that order too.
//!
//! # Minimal, with symmetry
//! A puzzle is minimal when removing any one orbit of its symmetry leaves more
//! than one solution. Without symmetry the orbits are single cells, so no
//! single clue can be removed; with one, a clue may be removable on its own
//! but not together with its images, which is what keeps the pattern symmetric.
//!
//! ```
//! use sudoku_core::puzzle::{Generator, GeneratorOptions, Symmetry};
//! use sudoku_core::Solver;
//!
//! let options = GeneratorOptions::new()
//!     .minimal(true)
//!     .symmetry(Symmetry::Rot180)
//!     .seed(42);
//! let generator = Generator::new(options).unwrap();
//! let puzzles = generator.generate(3).unwrap();
//! for p in &puzzles {
//!     assert!(Symmetry::Rot180.holds_for(&p.puzzle));
//!     assert_eq!(sudoku_core::BitmaskSolver::new().count_solutions(&p.puzzle, 2), 1);
//!     assert!(p.solution.solves(&p.puzzle));
//! }
//! // The same seed gives the same puzzles.
//! assert_eq!(generator.generate(3).unwrap(), puzzles);
//! ```

mod dig;
mod feasibility;
mod near;
mod solution;
mod symmetry;

use std::collections::HashSet;
use std::convert::Infallible;
use std::ops::RangeInclusive;
use std::time::Instant;

use rand::rngs::StdRng;
use rand::seq::SliceRandom;
use rand::{Rng, SeedableRng};
use thiserror::Error;

use crate::batch::map_ordered;
use crate::grid::{Grid, CELLS};
use crate::rate::{self, Level, Rating, Scale, Scores, TechniqueSet};
use crate::solver::{BitmaskSolver, Solver};

use dig::{dig, SwapSets, Target, Witness};
use feasibility::RANDOM_SYMMETRIES;
pub use feasibility::{Feasibility, Impossibility, SlowReason, ANY_BLANKS};
pub use near::NearProgress;
pub use symmetry::{Orbit, Symmetry, SymmetryChoice, SymmetryError};

/// The fewest clues a puzzle with a unique solution can have (McGuire,
/// Tugemann and Civario, 2012), so at most 64 of its cells are blank.
pub const MIN_UNIQUE_CLUES: usize = 17;

/// The most blanks a puzzle with a unique solution can have.
pub const MAX_UNIQUE_BLANKS: usize = CELLS - MIN_UNIQUE_CLUES;

/// Above this many blanks (21 or fewer clues), unique puzzles are so rare among
/// random ones that a generator needs a very long time per puzzle.
pub const SLOW_UNIQUE_BLANKS: usize = 59;

/// How many times a puzzle that repeats an earlier one is drawn again before
/// giving up (only tiny puzzle spaces, such as 80 blanks without uniqueness, get there).
pub const MAX_REDRAWS: u32 = 1000;

/// How many draws [`Generator::puzzle_from_solution`] tries on the one
/// solution it is given before it reports
/// [`PuzzleError::NoneForSolution`]. Levels and the common rating bands take
/// at most a few hundred draws on a grid that has such puzzles (see the
/// tests); the cap only ends requests a grid cannot meet.
pub const MAX_DRAWS_FROM_SOLUTION: u32 = 20_000;

/// What to generate. Built with chained calls from [`GeneratorOptions::new`].
///
/// ```
/// use sudoku_core::puzzle::GeneratorOptions;
///
/// let options = GeneratorOptions::new().blanks(40..=50).unique(true).seed(7);
/// assert_eq!(options.blank_range(), 40..=50);
/// ```
#[derive(Debug, Clone, PartialEq)]
pub struct GeneratorOptions {
    blanks: (usize, usize),
    /// True once a range was set: the blank target is then drawn from it;
    /// otherwise clues are removed as far as uniqueness allows.
    spread: bool,
    unique: bool,
    minimal: bool,
    symmetry: SymmetryChoice,
    level: Option<Level>,
    rating: Option<(f32, f32)>,
    /// Techniques one of which must be the hardest step (empty: any).
    techniques: TechniqueSet,
    /// The scale of the level, the rating band and the techniques.
    scale: Scale,
    /// The caller's seed; `None` until one is given. A [`Generator`] draws a
    /// [`random_seed`] for options without one, so that options with a seed
    /// never touch the operating system's random source.
    seed: Option<u64>,
}

impl Default for GeneratorOptions {
    fn default() -> Self {
        GeneratorOptions::new()
    }
}

impl GeneratorOptions {
    /// Unique puzzles with any number of blanks, no symmetry, not necessarily
    /// minimal, and no seed: the [`Generator`] draws a [`random_seed`] unless
    /// [`GeneratorOptions::seed`] gives one.
    #[must_use]
    pub fn new() -> Self {
        GeneratorOptions {
            blanks: (0, CELLS),
            spread: false,
            unique: true,
            minimal: false,
            symmetry: SymmetryChoice::default(),
            level: None,
            rating: None,
            techniques: TechniqueSet::EMPTY,
            scale: Scale::Se,
            seed: None,
        }
    }

    /// The number of blank cells, inclusive. Values above 81 are read as 81.
    ///
    /// Each puzzle's target is drawn uniformly from the range, and clues are
    /// removed until it is reached. Without a range, clues are removed as far
    /// as the other options allow (which, with uniqueness, gives puzzles that
    /// are minimal too).
    #[must_use]
    pub fn blanks(mut self, range: RangeInclusive<usize>) -> Self {
        self.blanks = (*range.start().min(&CELLS), *range.end().min(&CELLS));
        self.spread = true;
        self
    }

    /// Whether every puzzle must have exactly one solution (the default), or
    /// only at least one. Without a blank range, puzzles with at least one
    /// solution take [`ANY_BLANKS`] blanks (removing clues as far as the
    /// other options allow would give the empty grid, and only one).
    #[must_use]
    pub fn unique(mut self, unique: bool) -> Self {
        self.unique = unique;
        self
    }

    /// Whether every puzzle must be minimal: no orbit of its symmetry can be
    /// removed without losing uniqueness. Requires uniqueness.
    #[must_use]
    pub fn minimal(mut self, minimal: bool) -> Self {
        self.minimal = minimal;
        self
    }

    /// The symmetry of the clue pattern.
    pub fn symmetry(mut self, symmetry: impl Into<SymmetryChoice>) -> Self {
        self.symmetry = symmetry.into();
        self
    }

    /// The difficulty: every puzzle's [`Rating::level`] is `level`. Requires uniqueness.
    #[must_use]
    pub fn level(mut self, level: Level) -> Self {
        self.level = Some(level);
        self
    }

    /// The rating band: every puzzle's [`Rating::score`] lies in `band`,
    /// inclusive. Requires uniqueness.
    #[must_use]
    pub fn rating(mut self, band: RangeInclusive<f32>) -> Self {
        self.rating = Some((*band.start(), *band.end()));
        self
    }

    /// Puzzles that teach one of `techniques`: the hardest step of each
    /// puzzle's rating path, the one its [`Rating::hardest`] names, is one
    /// of them (see [`TechniqueSet`]), on the [scale](GeneratorOptions::scale)
    /// in use. An empty set lifts the requirement. Requires uniqueness.
    ///
    /// Without a blank range, puzzles whose techniques are all singles come
    /// from book-like blank counts ([`EASY_BLANKS`], or [`FULL_HOUSE_BLANKS`]
    /// for Full House alone), the others from removing clues as far as
    /// uniqueness allows, as for [`GeneratorOptions::level`].
    pub fn techniques(mut self, techniques: TechniqueSet) -> Self {
        self.techniques = techniques;
        self
    }

    /// The scale the level, the rating band and the techniques are on:
    /// Sudoku Explainer's by default, as [`rate::rate`] rates; with
    /// [`Scale::Native`], as [`rate::rate_native`] does (and lessons may
    /// name the native scale's own techniques, such as Skyscraper).
    ///
    /// ```
    /// use sudoku_core::puzzle::GeneratorOptions;
    /// use sudoku_core::rate::{Scale, Technique};
    ///
    /// let skyscraper = GeneratorOptions::new().techniques([Technique::Skyscraper].into_iter().collect());
    /// assert!(skyscraper.feasibility().is_err()); // not a technique of SE's
    /// assert!(skyscraper.scale(Scale::Native).feasibility().is_ok());
    /// ```
    #[must_use]
    pub fn scale(mut self, scale: Scale) -> Self {
        self.scale = scale;
        self
    }

    /// The seed: the same options and seed give the same puzzles.
    #[must_use]
    pub fn seed(mut self, seed: u64) -> Self {
        self.seed = Some(seed);
        self
    }

    /// The requested blank counts.
    #[must_use]
    pub fn blank_range(&self) -> RangeInclusive<usize> {
        self.blanks.0..=self.blanks.1
    }

    /// The scale of the level, the rating band and the techniques (see
    /// [`GeneratorOptions::scale`]).
    #[must_use]
    pub fn rating_scale(&self) -> Scale {
        self.scale
    }

    /// The seed given with [`GeneratorOptions::seed`], if any. A
    /// [`Generator`] made from options without one draws its own (see
    /// [`Generator::options`]).
    #[must_use]
    pub fn seed_value(&self) -> Option<u64> {
        self.seed
    }
}

/// Why generation failed.
#[derive(Debug, Clone, PartialEq, Error)]
#[non_exhaustive]
pub enum PuzzleError {
    /// The options ask for puzzles that cannot exist.
    #[error("impossible request: {0}")]
    Impossible(Impossibility),
    /// The deadline passed first.
    #[error("the time limit was reached")]
    TimedOut,
    /// No new distinct puzzle was found after [`MAX_REDRAWS`] draws.
    #[error("could not find another distinct puzzle after {MAX_REDRAWS} draws")]
    Exhausted,
    /// The grid given to [`Generator::puzzle_from_solution`] is not a
    /// complete, valid grid.
    #[error("the grid given as a solution is not a complete, valid grid")]
    NotASolution,
    /// [`Generator::puzzle_from_solution`] found no puzzle meeting the
    /// options among the draws it tried on the given solution (some
    /// solutions have none: a level or rating band can be out of reach of
    /// one grid).
    #[error("no puzzle meeting the options was found for this solution in {draws} draws")]
    NoneForSolution {
        /// The draws tried.
        draws: u32,
    },
    /// [`Generator::run_near`] was given no puzzle to start from.
    #[error("no puzzles to search near")]
    NoSeeds,
    /// A puzzle given to [`Generator::run_near`] has no solution.
    #[error("puzzle {} to search near has no solution", .index + 1)]
    SeedWithoutSolution {
        /// Its 0-based position among the seeds.
        index: usize,
    },
}

/// One generated puzzle.
#[derive(Debug, Clone, Copy, PartialEq)]
#[non_exhaustive]
pub struct Generated {
    /// The puzzle, 0 for blanks.
    pub puzzle: Grid,
    /// Its solution (the only one when uniqueness was asked for).
    pub solution: Grid,
    /// The symmetry of its clue pattern (drawn per puzzle for [`SymmetryChoice::Random`]).
    pub symmetry: Symmetry,
    /// Its rating, when a level, rating band or techniques were asked for.
    pub rating: Option<Rating>,
}

/// Figures of a [`Generator::run`].
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
#[non_exhaustive]
pub struct RunSummary {
    /// Puzzles handed to the sink.
    pub generated: usize,
    /// Puzzles drawn again because they repeated an earlier one.
    pub redrawn: usize,
    /// True when the deadline stopped the run early.
    pub timed_out: bool,
    /// Candidates drawn and checked ([`Generator::run_near`]; 0 for
    /// [`Generator::run`], whose every draw is a puzzle).
    pub tried: u64,
    /// True when the caller's progress callback ended the run
    /// ([`Generator::run_near`]).
    pub stopped: bool,
}

/// A failed [`Generator::run`].
/// Deliberately exhaustive: generation or the caller's sink, nothing else.
#[derive(Debug, Error)]
pub enum RunError<E> {
    /// Generation itself failed.
    #[error(transparent)]
    Generate(PuzzleError),
    /// The sink returned an error (also given as the [`Error::source`] of
    /// this one, so error reports show it).
    ///
    /// [`Error::source`]: std::error::Error::source
    #[error("the sink failed")]
    Sink(#[source] E),
}

/// Makes puzzles to a set of [`GeneratorOptions`].
///
/// Every puzzle is checked before it is returned, by code separate from the
/// removal steps: its solution is a solved grid agreeing with its givens;
/// with uniqueness the solver counts exactly one solution; its blank count is
/// in range; its pattern has the symmetry; and with `minimal`, for every
/// orbit still given, a recorded second solution is confirmed to solve the
/// puzzle without that orbit; with a level, rating band or techniques, the
/// rater ([`rate::rate`], or [`rate::rate_native`] on the native scale)
/// places it in the band, its hardest step one of the techniques. A puzzle
/// that fails the rating is drawn again, as is one that failed any other
/// check (none is expected to).
#[derive(Debug, Clone)]
pub struct Generator {
    options: GeneratorOptions,
    /// The blank range and whether targets are drawn from it, after the
    /// options' defaults (see [`EASY_BLANKS`]).
    blanks: (usize, usize),
    spread: bool,
    /// The ratings a wanted puzzle can have (`None`: any, unrated).
    wanted: Option<Scores>,
    solver: BitmaskSolver,
    /// The orbits of each symmetry, indexed like [`Symmetry::ALL`].
    orbits: [Vec<Orbit>; Symmetry::ALL.len()],
}

impl Generator {
    /// A generator for `options`.
    ///
    /// # Errors
    /// [`PuzzleError::Impossible`] when no puzzle can meet the options.
    pub fn new(options: GeneratorOptions) -> Result<Generator, PuzzleError> {
        options.feasibility()?;
        let (blanks, spread) = options.drawn_blanks();
        let wanted = options.possible_ratings();
        // Drawn only now, and only when the caller gave none.
        let options = GeneratorOptions {
            seed: Some(options.seed.unwrap_or_else(random_seed)),
            ..options
        };
        Ok(Generator {
            blanks,
            spread,
            wanted,
            options,
            solver: BitmaskSolver::new(),
            orbits: std::array::from_fn(|i| Symmetry::ALL[i].orbits()),
        })
    }

    /// The seed in use: the caller's, or the one drawn for options without one.
    #[must_use]
    pub fn seed(&self) -> u64 {
        self.options.seed.unwrap_or_default()
    }

    /// The options in use, with the seed in use (the caller's, or the one
    /// drawn for options without one).
    #[must_use]
    pub fn options(&self) -> &GeneratorOptions {
        &self.options
    }

    /// Puzzle number `index` of the run (before duplicates are replaced):
    /// the same for the same options, seed and index.
    ///
    /// # Errors
    /// [`PuzzleError::TimedOut`] when `deadline` passes first.
    pub fn puzzle(&self, index: u64, deadline: Option<Instant>) -> Result<Generated, PuzzleError> {
        self.draw(index, 0, deadline)
    }

    /// One puzzle meeting the options, drawn with the caller's random number
    /// generator instead of the options' seed (which this ignores): for
    /// programs that keep their own RNG, or want another algorithm than
    /// [`StdRng`]. The same RNG state gives the same puzzle.
    ///
    /// ```
    /// use rand::SeedableRng;
    /// use sudoku_core::puzzle::{Generator, GeneratorOptions};
    /// use sudoku_core::Solver;
    ///
    /// let generator = Generator::new(GeneratorOptions::new().blanks(40..=45)).unwrap();
    /// let mut rng = rand::rngs::SmallRng::seed_from_u64(99);
    /// let p = generator.puzzle_with_rng(&mut rng, None).unwrap();
    /// assert!((40..=45).contains(&p.puzzle.blanks()));
    /// assert!(sudoku_core::BitmaskSolver::new().has_unique_solution(&p.puzzle));
    /// let again = generator
    ///     .puzzle_with_rng(&mut rand::rngs::SmallRng::seed_from_u64(99), None)
    ///     .unwrap();
    /// assert_eq!(again, p);
    /// ```
    ///
    /// # Errors
    /// [`PuzzleError::TimedOut`] when `deadline` passes first.
    pub fn puzzle_with_rng<R: Rng + ?Sized>(
        &self,
        rng: &mut R,
        deadline: Option<Instant>,
    ) -> Result<Generated, PuzzleError> {
        self.draw_with(rng, deadline)
    }

    /// A puzzle meeting the options whose solution is `solution`, a
    /// complete grid of yours (a puzzle for a grid you designed, or more
    /// puzzles of one solution): its clues are drawn with `rng` as
    /// [`Generator::puzzle_with_rng`] draws them, from that grid instead of
    /// a random one. With uniqueness (the default) `solution` is the
    /// puzzle's only solution.
    ///
    /// ```
    /// use sudoku_core::puzzle::{Generator, GeneratorOptions};
    /// use sudoku_core::rand::{rngs::StdRng, SeedableRng};
    /// use sudoku_core::{BitmaskSolver, Grid, Solver};
    ///
    /// let mine: Grid = "534678912672195348198342567859761423426853791713924856961537284287419635345286179"
    ///     .parse()
    ///     .unwrap();
    /// let generator = Generator::new(GeneratorOptions::new().blanks(45..=50)).unwrap();
    /// let p = generator
    ///     .puzzle_from_solution(&mine, &mut StdRng::seed_from_u64(1), None)
    ///     .unwrap();
    /// assert_eq!(p.solution, mine);
    /// assert_eq!(BitmaskSolver::new().unique_solution(&p.puzzle), Some(mine));
    /// ```
    ///
    /// # Errors
    /// [`PuzzleError::NotASolution`] when `solution` is not a complete,
    /// valid grid; [`PuzzleError::NoneForSolution`] when
    /// [`MAX_DRAWS_FROM_SOLUTION`] draws found no puzzle meeting the options
    /// (a band of ratings a grid cannot reach, for example), so a request
    /// never runs for ever; [`PuzzleError::TimedOut`] when `deadline`
    /// passes first.
    pub fn puzzle_from_solution<R: Rng + ?Sized>(
        &self,
        solution: &Grid,
        rng: &mut R,
        deadline: Option<Instant>,
    ) -> Result<Generated, PuzzleError> {
        if !solution.is_solved() {
            return Err(PuzzleError::NotASolution);
        }
        self.draw_from(rng, deadline, Some(solution))
    }

    /// The `round`-th draw for puzzle `index`: round 0 first, later rounds
    /// replace a duplicate.
    fn draw(
        &self,
        index: u64,
        round: u32,
        deadline: Option<Instant>,
    ) -> Result<Generated, PuzzleError> {
        let mut rng = StdRng::seed_from_u64(mix(self.seed(), index, round));
        self.draw_with(&mut rng, deadline)
    }

    /// One puzzle drawn from `rng` (see [`Generator::puzzle_with_rng`]).
    fn draw_with<R: Rng + ?Sized>(
        &self,
        rng: &mut R,
        deadline: Option<Instant>,
    ) -> Result<Generated, PuzzleError> {
        self.draw_from(rng, deadline, None)
    }

    /// One puzzle drawn from `rng`, on `given` as its solution when there
    /// is one (at most [`MAX_DRAWS_FROM_SOLUTION`] draws then), else on a
    /// random solution per draw.
    fn draw_from<R: Rng + ?Sized>(
        &self,
        rng: &mut R,
        deadline: Option<Instant>,
        given: Option<&Grid>,
    ) -> Result<Generated, PuzzleError> {
        let (lo, hi) = self.blanks;
        let (mut witnesses, mut orbits) = (Vec::new(), Vec::with_capacity(CELLS));
        let mut swappable = SwapSets::new();
        let mut draws = 0;
        loop {
            if deadline.is_some_and(|d| Instant::now() >= d) {
                return Err(PuzzleError::TimedOut);
            }
            if given.is_some() {
                if draws == MAX_DRAWS_FROM_SOLUTION {
                    return Err(PuzzleError::NoneForSolution { draws });
                }
                draws += 1;
            }
            let symmetry = match self.options.symmetry {
                SymmetryChoice::Fixed(s) => s,
                SymmetryChoice::Random => RANDOM_SYMMETRIES[rng.random_range(0..4)],
            };
            let solution = match given {
                Some(grid) => *grid,
                None => solution::random_solution(rng, &self.solver),
            };
            orbits.clear();
            orbits.extend_from_slice(&self.orbits[symmetry as usize]);
            orbits.shuffle(rng);
            let target = Target {
                stop_at: if self.spread {
                    rng.random_range(lo..=hi)
                } else {
                    hi
                },
                max_blanks: hi,
                unique: self.options.unique,
                minimal: self.options.minimal,
            };
            witnesses.clear();
            if self.options.unique {
                swappable.compute(&solution);
            }
            let puzzle = dig(
                &solution,
                &orbits,
                target,
                &self.solver,
                &swappable,
                &mut witnesses,
            );
            let mut generated = Generated {
                puzzle,
                solution,
                symmetry,
                rating: None,
            };
            if !(lo..=hi).contains(&puzzle.blanks()) || !self.verify(&generated, &witnesses) {
                continue;
            }
            let Some(wanted) = self.wanted else {
                return Ok(generated);
            };
            // Rating last: it is the slowest check, and most draws that
            // reach it pass the others.
            if self.needs_search() && self.solver.search_basic(&puzzle, 1).guesses == 0 {
                continue;
            }
            // Levels, bands and lessons alike on the scale asked for; the
            // rater stops as soon as a draw's path goes above the highest
            // wanted rating (see [`rate::rate_up_to`]).
            let highest = wanted.highest().unwrap_or(f32::INFINITY);
            generated.rating = rate::rate_up_to(&puzzle, self.options.scale, highest);
            if generated.rating.is_some_and(|r| self.rated_in_band(&r)) {
                return Ok(generated);
            }
        }
    }

    /// True when only puzzles rated above [`LOCKED_CANDIDATES_MAX`] can
    /// qualify. The solver's basic propagation is singles and locked
    /// candidates ([`BitmaskSolver::search_basic`]), and those deductions only ever enable each
    /// other; so a puzzle it settles without a guess is solved by the rater
    /// with them too and rates at most that. Such draws are dropped unrated,
    /// saving the rater's time on most easy and medium draws.
    fn needs_search(&self) -> bool {
        self.wanted
            .and_then(Scores::lowest)
            .is_some_and(|lowest| lowest > LOCKED_CANDIDATES_MAX)
    }

    /// True when `rating` meets the requested level and rating band, and
    /// its hardest step is one of the techniques (if any).
    fn rated_in_band(&self, rating: &Rating) -> bool {
        self.options.level.is_none_or(|level| rating.level == level)
            && self
                .options
                .rating
                .is_none_or(|(a, b)| a <= rating.score && rating.score <= b)
            && (self.options.techniques.is_empty()
                || self.options.techniques.contains(rating.hardest))
    }

    /// The checks listed in the type's docs.
    fn verify(&self, generated: &Generated, witnesses: &[Witness]) -> bool {
        let Generated {
            puzzle,
            solution,
            symmetry,
            ..
        } = generated;
        let (lo, hi) = self.blanks;
        if !is_solution_of(solution, puzzle)
            || !(lo..=hi).contains(&puzzle.blanks())
            || !symmetry.holds_for(puzzle)
        {
            return false;
        }
        if self.options.unique && self.solver.search_basic(puzzle, 2).count != 1 {
            return false;
        }
        if self.options.minimal {
            let mut proven = [false; CELLS];
            for witness in witnesses {
                let mut without = *puzzle.cells();
                for cell in witness.orbit.cells() {
                    without[cell] = 0;
                }
                let without = Grid::from_cells_unchecked(without);
                if witness.grid != *solution && is_solution_of(&witness.grid, &without) {
                    proven[witness.orbit.first()] = true;
                }
            }
            let cells = puzzle.cells();
            let all_proven = self.orbits[*symmetry as usize]
                .iter()
                .all(|orbit| cells[orbit.first()] == 0 || proven[orbit.first()]);
            if !all_proven {
                return false;
            }
        }
        true
    }

    /// `count` distinct puzzles on the calling thread.
    ///
    /// # Errors
    /// [`PuzzleError::Exhausted`] when too few distinct puzzles exist.
    pub fn generate(&self, count: usize) -> Result<Vec<Generated>, PuzzleError> {
        // `count` is what the caller asks for, not what fits in memory: the
        // buffers grow as puzzles come (a huge count must not fail up front).
        let mut out = Vec::with_capacity(count.min(PREALLOCATED));
        self.run(count, 1, None, |g| {
            out.push(*g);
            Ok::<(), Infallible>(())
        })
        .map_err(|e| match e {
            RunError::Generate(e) => e,
            RunError::Sink(never) => match never {},
        })?;
        Ok(out)
    }

    /// Generates `count` distinct puzzles on `threads` threads (0: every core,
    /// as [`crate::batch::resolve_threads`] reads it; 1: the calling thread)
    /// and passes them to `sink` in order; the output is the same for any
    /// number of threads.
    ///
    /// When `deadline` passes, the run stops and reports
    /// [`RunSummary::timed_out`]; the sink has then received a prefix of the
    /// full run's puzzles.
    ///
    /// # Errors
    /// The sink's error, or [`PuzzleError::Exhausted`].
    pub fn run<E>(
        &self,
        count: usize,
        threads: usize,
        deadline: Option<Instant>,
        mut sink: impl FnMut(&Generated) -> Result<(), E>,
    ) -> Result<RunSummary, RunError<E>> {
        let mut summary = RunSummary::default();
        let mut seen = HashSet::with_capacity(count.min(PREALLOCATED));
        let threads = crate::batch::resolve_threads(threads);
        let chunk = if threads <= 1 { 64 } else { RUN_CHUNK };
        let work = |indices: Vec<u64>, _start: usize| {
            indices
                .into_iter()
                .map(|i| (i, self.draw(i, 0, deadline)))
                .collect::<Vec<_>>()
        };
        let result = map_ordered(0..count as u64, threads, chunk, work, |drawn| {
            for (index, first) in drawn {
                let mut generated = first.map_err(RunError::Generate)?;
                let mut round = 0;
                while !seen.insert(fingerprint(&generated.puzzle)) {
                    round += 1;
                    if round > MAX_REDRAWS {
                        return Err(RunError::Generate(PuzzleError::Exhausted));
                    }
                    summary.redrawn += 1;
                    generated = self
                        .draw(index, round, deadline)
                        .map_err(RunError::Generate)?;
                }
                sink(&generated).map_err(RunError::Sink)?;
                summary.generated += 1;
            }
            Ok(())
        });
        match result {
            Ok(()) => Ok(summary),
            Err(RunError::Generate(PuzzleError::TimedOut)) => {
                summary.timed_out = true;
                Ok(summary)
            }
            Err(e) => Err(e),
        }
    }
}

/// True when `grid` is complete and valid and agrees with the givens of
/// `puzzle`: [`Grid::solves`] with one pass of bit sets, as this runs for
/// every witness of every puzzle.
fn is_solution_of(grid: &Grid, puzzle: &Grid) -> bool {
    let (cells, givens) = (grid.cells(), puzzle.cells());
    let (mut rows, mut cols, mut boxes) = ([0u16; 9], [0u16; 9], [0u16; 9]);
    let mut disagrees = false;
    // Fixed bounds and no early exit let the compiler unroll the loops.
    for r in 0..9 {
        for c in 0..9 {
            let (digit, given) = (cells[r * 9 + c], givens[r * 9 + c]);
            disagrees |= given != 0 && given != digit;
            // A blank (0) sets bit 0, which no full unit has.
            let bit = 1u16 << (digit & 15);
            rows[r] |= bit;
            cols[c] |= bit;
            boxes[r / 3 * 3 + c / 3] |= bit;
        }
    }
    // 81 digits fill 27 units of nine only if every unit holds all nine.
    !disagrees && rows.iter().chain(&cols).chain(&boxes).all(|&u| u == 0x3FE)
}

/// The blank range of easy puzzles when none is given: 31 to 39 clues, as
/// puzzle books print them. Nearly all random puzzles this full are easy,
/// while only about 2 in 5 minimal ones are.
pub const EASY_BLANKS: (usize, usize) = (42, 50);

/// The blank range of puzzles for Full House alone when none is given: every
/// placement must complete a unit, which random blank patterns this small
/// usually allow, and larger ones almost never.
pub const FULL_HOUSE_BLANKS: (usize, usize) = (8, 14);

/// The highest rating of the techniques the solver's propagation uses
/// (singles, and locked candidates: [`rate::Technique::Claiming`]).
const LOCKED_CANDIDATES_MAX: f32 = 2.8;

/// Puzzles per chunk handed to a worker thread: small, because one puzzle can
/// take from microseconds to seconds depending on the options.
const RUN_CHUNK: usize = 8;

/// The most puzzles [`Generator::generate`] and [`Generator::run`] reserve
/// room for up front; larger counts grow as they go.
const PREALLOCATED: usize = 1 << 16;

/// The seed of one draw, from the run's seed, the puzzle's index and the round.
fn mix(seed: u64, index: u64, round: u32) -> u64 {
    splitmix(splitmix(seed ^ splitmix(index)) ^ u64::from(round))
}

/// SplitMix64's finaliser: spreads every input bit over the output.
fn splitmix(x: u64) -> u64 {
    let mut z = x.wrapping_add(0x9E37_79B9_7F4A_7C15);
    z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    z ^ (z >> 31)
}

/// The grid packed exactly into 324 bits (4 per cell), for duplicate checks
/// that hold no full grids.
fn fingerprint(grid: &Grid) -> [u128; 3] {
    let mut key = [0u128; 3];
    for (i, &digit) in grid.cells().iter().enumerate() {
        key[i / 32] |= u128::from(digit) << (4 * (i % 32));
    }
    key
}

/// A seed from the operating system's random source, falling back on the
/// clock and process id if it is unavailable.
///
/// On wasm32-unknown-unknown, which has neither a random source nor a clock
/// without JavaScript glue, the seeds are a fixed sequence (different for
/// each call, the same in every run): a program there that wants
/// unpredictable puzzles passes its own seed, as the web page does with one
/// from `crypto.getRandomValues`.
#[must_use]
pub fn random_seed() -> u64 {
    #[cfg(not(all(target_arch = "wasm32", target_os = "unknown")))]
    {
        use rand::TryRngCore;
        rand::rngs::OsRng.try_next_u64().unwrap_or_else(|_| {
            let nanos = std::time::SystemTime::now()
                .duration_since(std::time::UNIX_EPOCH)
                .map_or(0, |d| d.as_nanos() as u64);
            splitmix(nanos ^ u64::from(std::process::id()).rotate_left(32))
        })
    }
    #[cfg(all(target_arch = "wasm32", target_os = "unknown"))]
    {
        use std::sync::atomic::{AtomicU64, Ordering};
        static CALLS: AtomicU64 = AtomicU64::new(0);
        splitmix(CALLS.fetch_add(1, Ordering::Relaxed))
    }
}

/// The generator options under which puzzles of `level` are common, as
/// games draw them (see [`for_level`]).
fn game_shape(level: Level) -> GeneratorOptions {
    let options = GeneratorOptions::new().unique(true);
    match level {
        Level::Easy => options.blanks(44..=50).symmetry(Symmetry::Rot180),
        Level::Medium | Level::Hard | Level::Expert => {
            options.minimal(true).symmetry(Symmetry::Rot180)
        }
        // Extreme: symmetric minimal puzzles are rarely extreme.
        Level::Extreme => options.minimal(true).symmetry(Symmetry::None),
    }
}

/// A game's puzzle: unique, of `level`, in the shape puzzle books and apps
/// use for it, and the same for the same `level` and `seed` on every machine
/// and target (no clock or thread is involved). The terminal game, the web
/// page and [the daily puzzle](crate::daily) all start from it.
///
/// The shapes, chosen by measuring the level mix over a few hundred puzzles
/// each, make a match common, so a puzzle appears after a few dozen draws at
/// most, a few milliseconds each:
///
/// | level | shape | share of that level |
/// |---|---|---|
/// | easy | 44–50 blanks, 180° symmetry | nearly all |
/// | medium, hard, expert | minimal, 180° symmetry | about 10% each |
/// | extreme | minimal, no symmetry | about 7% |
///
/// The [`Generated::rating`] is always there (the rating that matched).
///
/// ```
/// use sudoku_core::puzzle::for_level;
/// use sudoku_core::rate::Level;
///
/// let game = for_level(Level::Hard, 7);
/// assert_eq!(game, for_level(Level::Hard, 7));
/// assert_eq!(game.rating.map(|r| r.level), Some(Level::Hard));
/// assert!(game.solution.solves(&game.puzzle));
/// ```
#[must_use]
pub fn for_level(level: Level, seed: u64) -> Generated {
    let options = game_shape(level).seed(seed).level(level);
    let generated = Generator::new(options.clone()).and_then(|generator| generator.puzzle(0, None));
    match generated {
        Ok(generated) => generated,
        // The fixed shapes are feasible at every level (a test checks it),
        // and without a deadline a draw only ends with a puzzle.
        Err(_) => unreachable!("the game shape of {level} is feasible"),
    }
}

/// A random completed grid drawn with the caller's random number generator.
///
/// ```
/// use rand::SeedableRng;
///
/// let mut rng = rand::rngs::StdRng::seed_from_u64(1);
/// let grid = sudoku_core::puzzle::random_grid(&mut rng);
/// assert!(grid.is_solved());
/// assert_ne!(sudoku_core::puzzle::random_grid(&mut rng), grid);
/// ```
#[must_use]
pub fn random_grid<R: Rng + ?Sized>(rng: &mut R) -> Grid {
    solution::random_solution(rng, &BitmaskSolver::new())
}

/// `number` distinct puzzles of difficulty `level`, each with a unique
/// solution, on the calling thread. The seed is random; use a [`Generator`]
/// for a fixed seed, threads or more options.
///
/// ```
/// use sudoku_core::puzzle::generate;
/// use sudoku_core::rate::{rate, Level};
///
/// let puzzles = generate(3, Level::Medium).unwrap();
/// for p in &puzzles {
///     assert_eq!(rate(p).unwrap().level, Level::Medium);
/// }
/// ```
///
/// # Errors
/// Only [`PuzzleError::Exhausted`], which does not happen in practice.
pub fn generate(number: usize, level: Level) -> Result<Vec<Grid>, PuzzleError> {
    let options = GeneratorOptions::new().level(level);
    let generated = Generator::new(options)?.generate(number)?;
    Ok(generated.into_iter().map(|g| g.puzzle).collect())
}

/// `number` distinct puzzles whose blank counts lie in `lower..=upper`, each
/// with exactly one solution when `unique`, at least one otherwise, on the
/// calling thread. The seed is random.
///
/// ```
/// use sudoku_core::puzzle::generate_with_blanks;
/// use sudoku_core::Solver;
///
/// let puzzles = generate_with_blanks(5, 20, 55, true).unwrap();
/// assert_eq!(puzzles.len(), 5);
/// for p in &puzzles {
///     assert!((20..=55).contains(&p.blanks()));
///     assert!(sudoku_core::BitmaskSolver::new().has_unique_solution(p));
/// }
/// ```
///
/// # Errors
/// [`PuzzleError::Impossible`] for ranges no puzzle can meet, such as more
/// than 64 blanks with a unique solution.
pub fn generate_with_blanks(
    number: usize,
    lower: usize,
    upper: usize,
    unique: bool,
) -> Result<Vec<Grid>, PuzzleError> {
    let options = GeneratorOptions::new().blanks(lower..=upper).unique(unique);
    let generated = Generator::new(options)?.generate(number)?;
    Ok(generated.into_iter().map(|g| g.puzzle).collect())
}

/// True when `puzzle` has a unique solution and removing any one orbit of
/// `symmetry` (any single clue, for [`Symmetry::None`]) leaves more than one.
/// Slow (one solution count per clue): for checking, not for generating.
///
/// ```
/// use sudoku_core::puzzle::{is_minimal, Generator, GeneratorOptions, Symmetry};
///
/// let options = GeneratorOptions::new().minimal(true).seed(1);
/// let p = Generator::new(options).unwrap().puzzle(0, None).unwrap();
/// assert!(is_minimal(&p.puzzle, Symmetry::None));
/// ```
#[must_use]
pub fn is_minimal(puzzle: &Grid, symmetry: Symmetry) -> bool {
    let solver = BitmaskSolver::new();
    if solver.count_solutions(puzzle, 2) != 1 {
        return false;
    }
    symmetry.orbits().iter().all(|orbit| {
        if puzzle.cells()[orbit.first()] == 0 {
            return true;
        }
        let mut cells = *puzzle.cells();
        for cell in orbit.cells() {
            cells[cell] = 0;
        }
        solver.count_solutions(&Grid::from_cells_unchecked(cells), 2) > 1
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rate::Technique;

    #[test]
    fn a_seed_is_drawn_only_for_options_without_one() {
        let options = GeneratorOptions::new();
        assert_eq!(options.seed_value(), None, "new() draws nothing");
        let seeded = Generator::new(options.clone().seed(42)).unwrap();
        assert_eq!(seeded.seed(), 42);
        assert_eq!(seeded.options().seed_value(), Some(42));
        let drawn = Generator::new(options).unwrap();
        assert_eq!(drawn.options().seed_value(), Some(drawn.seed()));
    }

    #[test]
    fn for_level_is_reproducible_and_at_the_level_asked() {
        for (seed, level) in Level::ALL.iter().copied().enumerate() {
            let game = for_level(level, seed as u64);
            assert_eq!(game, for_level(level, seed as u64));
            assert_eq!(game.rating.map(|r| r.level), Some(level));
            assert!(game.solution.solves(&game.puzzle));
            assert!(BitmaskSolver::new().has_unique_solution(&game.puzzle));
        }
    }

    #[test]
    fn is_solution_of_agrees_with_grid_solves() {
        let board = crate::FinalBoards::new(4).unwrap().nth(777).unwrap();
        let mut puzzle = *board.cells();
        puzzle[10] = 0;
        let puzzle = Grid::from_cells_unchecked(puzzle);
        assert!(is_solution_of(&board, &puzzle));
        let mut swapped = *board.cells();
        swapped.swap(0, 1);
        let swapped = Grid::from_cells_unchecked(swapped);
        assert_eq!(
            is_solution_of(&swapped, &Grid::EMPTY),
            swapped.solves(&Grid::EMPTY)
        );
        assert!(!is_solution_of(&puzzle, &Grid::EMPTY));
        let mut other = *puzzle.cells();
        other[20] = other[20] % 9 + 1;
        assert!(!is_solution_of(&board, &Grid::from_cells_unchecked(other)));
    }

    #[test]
    fn fingerprints_differ_when_grids_differ() {
        let a = crate::FinalBoards::new(9).unwrap().next().unwrap();
        let mut cells = *a.cells();
        cells[80] = 0;
        let b = Grid::from_cells_unchecked(cells);
        assert_ne!(fingerprint(&a), fingerprint(&b));
        assert_eq!(fingerprint(&a), fingerprint(&a.clone()));
    }

    #[test]
    fn output_does_not_depend_on_threads() {
        let options = GeneratorOptions::new().blanks(30..=50).seed(99);
        let generator = Generator::new(options).unwrap();
        let collect = |threads| {
            let mut out = Vec::new();
            generator
                .run(40, threads, None, |g| {
                    out.push(g.puzzle);
                    Ok::<(), ()>(())
                })
                .unwrap();
            out
        };
        assert_eq!(collect(1), collect(3));
    }

    #[test]
    fn minimal_puzzles_are_minimal_for_each_symmetry() {
        for &symmetry in Symmetry::ALL {
            let options = GeneratorOptions::new()
                .minimal(true)
                .symmetry(symmetry)
                .seed(5);
            let generator = Generator::new(options).unwrap();
            for p in generator.generate(3).unwrap() {
                assert!(symmetry.holds_for(&p.puzzle));
                assert!(
                    is_minimal(&p.puzzle, symmetry),
                    "{symmetry}: {:?}",
                    p.puzzle
                );
            }
        }
    }

    #[test]
    fn every_level_is_met() {
        for &level in Level::ALL {
            let options = GeneratorOptions::new().level(level).seed(level as u64);
            for p in Generator::new(options).unwrap().generate(2).unwrap() {
                let rating = rate::rate(&p.puzzle).unwrap();
                assert_eq!(rating.level, level);
                assert_eq!(p.rating, Some(rating));
            }
        }
    }

    #[test]
    fn locked_candidates_bound_is_the_raters_weight() {
        use rate::Technique;
        let propagation = [
            Technique::FullHouse,
            Technique::HiddenSingle,
            Technique::NakedSingle,
            Technique::Pointing,
            Technique::Claiming,
        ];
        let highest = propagation
            .map(Technique::weight)
            .into_iter()
            .fold(0.0, f32::max);
        assert_eq!(highest, LOCKED_CANDIDATES_MAX);
        assert!(Level::Hard.band().0 > LOCKED_CANDIDATES_MAX);
    }

    #[test]
    fn technique_puzzles_have_it_as_their_hardest_step() {
        for (technique, scale) in [
            (Technique::FullHouse, Scale::Se),
            (Technique::HiddenSingle, Scale::Se),
            (Technique::NakedSingle, Scale::Se),
            (Technique::Pointing, Scale::Se),
            (Technique::XWing, Scale::Se),
            (Technique::XWing, Scale::Native),
            (Technique::Skyscraper, Scale::Native),
        ] {
            let set: TechniqueSet = [technique].into_iter().collect();
            let options = GeneratorOptions::new()
                .techniques(set)
                .scale(scale)
                .seed(11);
            assert_eq!(options.feasibility(), Ok(Feasibility::Fine), "{technique}");
            for p in Generator::new(options).unwrap().generate(2).unwrap() {
                let path = rate::explain_with(&p.puzzle, scale);
                let hardest = rate::hardest_step(&path).map(|s| s.technique);
                assert_eq!(hardest, Some(technique), "{:?}", p.puzzle);
                let rating = rate::rate_with(&p.puzzle, scale);
                assert_eq!(rating.map(|r| r.hardest), Some(technique));
                assert_eq!(p.rating, rating);
            }
        }
    }

    #[test]
    fn technique_requests_are_checked() {
        let set = |t: Technique| [t].into_iter().collect::<TechniqueSet>();
        let x_wing = GeneratorOptions::new().techniques(set(Technique::XWing));
        assert!(x_wing.clone().unique(false).feasibility().is_err());
        assert!(x_wing.clone().level(Level::Hard).feasibility().is_err());
        assert!(x_wing.clone().rating(4.0..=5.0).feasibility().is_err());
        assert_eq!(
            x_wing.level(Level::Medium).rating(3.0..=3.3).feasibility(),
            Ok(Feasibility::Fine)
        );
        for scale in [Scale::Se, Scale::Native] {
            for rare in [Technique::Jellyfish, Technique::TrialAndError] {
                let options = GeneratorOptions::new().techniques(set(rare)).scale(scale);
                assert!(matches!(
                    options.feasibility(),
                    Ok(Feasibility::VerySlow(_))
                ));
            }
        }
        // A minimal puzzle has 41 blanks or more; full houses alone leave 21.
        let minimal_full_house = GeneratorOptions::new()
            .minimal(true)
            .techniques(set(Technique::FullHouse));
        assert!(minimal_full_house.feasibility().is_err());
        // Each scale's own techniques only.
        let sky = GeneratorOptions::new().techniques(set(Technique::Skyscraper));
        assert!(sky.clone().feasibility().is_err());
        assert!(sky.scale(Scale::Native).feasibility().is_ok());
        let turbot = GeneratorOptions::new().techniques(set(Technique::TurbotFish));
        assert!(turbot.clone().feasibility().is_ok());
        assert!(turbot.clone().scale(Scale::Native).feasibility().is_err());
        // Turbot Fish rates 4.0, 4.1 or 4.3 on SE's scale, never 4.2.
        assert!(turbot.clone().rating(4.2..=4.2).feasibility().is_err());
        assert!(turbot.rating(4.3..=4.3).feasibility().is_ok());
    }

    #[test]
    fn easy_puzzles_default_to_book_blank_counts() {
        let options = GeneratorOptions::new().level(Level::Easy).seed(4);
        for p in Generator::new(options).unwrap().generate(5).unwrap() {
            let (lo, hi) = EASY_BLANKS;
            assert!((lo..=hi).contains(&p.puzzle.blanks()));
            assert_eq!(p.rating.map(|r| r.level), Some(Level::Easy));
        }
    }

    #[test]
    fn rating_needs_uniqueness_and_a_sensible_band() {
        let any = GeneratorOptions::new().unique(false).level(Level::Hard);
        assert!(any.feasibility().is_err());
        // The SE scale's chains reach past 11 (the hardest known rate
        // 11.9), the native scale ends at 11.0.
        let band = GeneratorOptions::new().rating(12.0..=13.0);
        assert!(matches!(band.feasibility(), Ok(Feasibility::VerySlow(_))));
        assert!(band.scale(Scale::Native).feasibility().is_err());
        let beyond = GeneratorOptions::new().rating(17.0..=18.0);
        assert!(beyond.feasibility().is_err());
        // 4.7 is on SE's scale but rare: a warning, where 1.5 is common.
        let rare = GeneratorOptions::new().rating(4.7..=4.7).feasibility();
        assert!(matches!(
            rare,
            Ok(Feasibility::VerySlow(SlowReason::UncommonRating { .. }))
        ));
        let common = GeneratorOptions::new().rating(1.5..=1.5).feasibility();
        assert_eq!(common, Ok(Feasibility::Fine));
        let clash = GeneratorOptions::new().level(Level::Easy).rating(4.0..=5.0);
        assert!(clash.feasibility().is_err());
    }

    #[test]
    fn refuses_more_than_64_blanks_when_unique() {
        let options = GeneratorOptions::new().blanks(65..=81);
        assert!(matches!(
            Generator::new(options),
            Err(PuzzleError::Impossible(_))
        ));
        // Without uniqueness the empty grid is a puzzle.
        let options = GeneratorOptions::new()
            .blanks(81..=81)
            .unique(false)
            .seed(1);
        let p = Generator::new(options).unwrap().generate(1).unwrap();
        assert_eq!(p[0].puzzle, Grid::EMPTY);
    }

    #[test]
    fn a_tiny_puzzle_space_is_reported_exhausted() {
        let options = GeneratorOptions::new()
            .blanks(81..=81)
            .unique(false)
            .seed(1);
        let generator = Generator::new(options).unwrap();
        assert_eq!(generator.generate(2), Err(PuzzleError::Exhausted));
    }

    #[test]
    fn deadline_in_the_past_stops_at_once() {
        let options = GeneratorOptions::new().seed(3);
        let generator = Generator::new(options).unwrap();
        let summary = generator
            .run(10, 1, Some(Instant::now()), |_| Ok::<(), ()>(()))
            .unwrap();
        assert!(summary.timed_out);
        assert_eq!(summary.generated, 0);
    }
}
