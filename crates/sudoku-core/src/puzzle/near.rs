//! Searching the neighbourhood of given puzzles: how people find the
//! hardest puzzles, which random generation practically never reaches (SE
//! 10+ puzzles are far too rare among random ones).
//!
//! A *neighbour* of a puzzle loses `k` of its clues (`k` is 1 or 2) and
//! gains `k` others, taken from one of the solutions of what is left, so
//! that it always has a solution; it is kept when it has exactly one and
//! meets the generator's options (rating band, level, techniques, blank
//! range when one was set, minimality). Puzzles equivalent to a seed or to
//! an earlier find (by [`canonical`] form) are skipped.
//!
//! Candidate `i` is drawn from seed `i mod seeds` with a random number
//! generator seeded from the run's seed and `i`, and the finds are taken in
//! index order, so a run gives the same puzzles for any number of threads.

use std::collections::HashSet;
use std::time::Instant;

use rand::rngs::StdRng;
use rand::seq::{IndexedRandom, SliceRandom};
use rand::{Rng, SeedableRng};

use super::feasibility::Impossibility;
use super::{
    mix, Generated, Generator, PuzzleError, RunError, RunSummary, Symmetry, MIN_UNIQUE_CLUES,
};
use crate::batch::map_ordered;
use crate::grid::{Grid, CELLS};
use crate::rate;
use crate::solver::Solver;
use crate::transform::canonical;

/// How far a [`Generator::run_near`] has got, reported after each batch of
/// candidates.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
#[non_exhaustive]
pub struct NearProgress {
    /// Candidates drawn and checked so far.
    pub tried: u64,
    /// Puzzles found (and handed to the sink) so far.
    pub found: usize,
}

/// The most solutions of a seed less its removed clues that a candidate
/// chooses its new clues from.
const SOLUTION_CHOICES: usize = 64;

/// Candidates per chunk handed to a worker: a hard candidate takes up to a
/// second to rate.
const NEAR_CHUNK: usize = 4;

impl Generator {
    /// Puzzles meeting the options found near `seeds`: how people find the
    /// hardest puzzles, which random generation practically never reaches.
    /// A candidate is a seed less 1 or 2 of its clues plus as many new ones,
    /// taken from a solution of what is left; it is kept when it has one
    /// solution, meets the options (rating band, level, techniques, a blank
    /// range when one was set, minimality) and is equivalent (by
    /// [`canonical`] form) to no seed and no
    /// earlier find. Ratings below the band are cut off without the
    /// searches above it.
    ///
    /// Up to `count` distinct puzzles are handed to `sink` in the order of
    /// the candidates they came from (the same for any number of threads),
    /// on `threads` threads (0: every core), until `deadline`. `progress`
    /// hears after each batch of candidates how many were tried and found,
    /// and returns false to end the run there (a caller's Ctrl-C, say: the
    /// summary then says [`RunSummary::stopped`]). The options' symmetry is
    /// not used (neighbours of a symmetric puzzle are rarely symmetric).
    ///
    /// Without a deadline a band that the seeds' neighbourhoods do not
    /// reach runs for ever: give one.
    ///
    /// ```
    /// use sudoku_core::puzzle::{Generator, GeneratorOptions};
    /// use sudoku_core::{rate, Grid};
    ///
    /// // Rated 7.2 by serate; two neighbours rated 7.5 to 9.0.
    /// let seed: Grid = "....6..7.45.7.......94.1.6...82.7....1..3..9.5....98...7.3..2.............2.85.31"
    ///     .parse()
    ///     .unwrap();
    /// let generator = Generator::new(GeneratorOptions::new().rating(7.5..=9.0).seed(1)).unwrap();
    /// let mut found = Vec::new();
    /// let summary = generator
    ///     .run_near(&[seed], 2, 1, None, |_| true, |g| {
    ///         found.push(g.puzzle);
    ///         Ok::<(), std::convert::Infallible>(())
    ///     })
    ///     .unwrap();
    /// assert_eq!(found.len(), 2);
    /// for puzzle in &found {
    ///     let score = rate::rate(puzzle).unwrap().score;
    ///     assert!((7.5..=9.0).contains(&score));
    /// }
    /// assert!(summary.tried >= 2);
    /// ```
    ///
    /// # Errors
    /// [`PuzzleError::NoSeeds`] without seeds, [`PuzzleError::SeedWithoutSolution`]
    /// for a seed without a solution, [`PuzzleError::Impossible`] when no
    /// seed can have a neighbour that is kept (a neighbour keeps its seed's
    /// number of blanks, and one with a single solution needs a blank and
    /// [`MIN_UNIQUE_CLUES`] clues), and the sink's error.
    pub fn run_near<E>(
        &self,
        seeds: &[Grid],
        count: usize,
        threads: usize,
        deadline: Option<Instant>,
        mut progress: impl FnMut(NearProgress) -> bool,
        mut sink: impl FnMut(&Generated) -> Result<(), E>,
    ) -> Result<RunSummary, RunError<E>> {
        if seeds.is_empty() {
            return Err(RunError::Generate(PuzzleError::NoSeeds));
        }
        if let Some(index) = seeds
            .iter()
            .position(|seed| self.solver.count_solutions(seed, 1) == 0)
        {
            return Err(RunError::Generate(PuzzleError::SeedWithoutSolution {
                index,
            }));
        }
        self.check_reach(seeds)?;
        let mut summary = RunSummary::default();
        if count == 0 {
            return Ok(summary);
        }
        // The seeds' canonical forms take about a millisecond each: the
        // deadline holds while they are worked out too.
        let mut seen: HashSet<Grid> = HashSet::with_capacity(seeds.len());
        for seed in seeds {
            if deadline.is_some_and(|d| Instant::now() >= d) {
                summary.timed_out = true;
                return Ok(summary);
            }
            seen.insert(canonical(seed));
        }
        let work = |indices: Vec<u64>, _start: usize| {
            indices
                .into_iter()
                .map(|i| {
                    if deadline.is_some_and(|d| Instant::now() >= d) {
                        Err(PuzzleError::TimedOut)
                    } else {
                        Ok(self.near_candidate(seeds, i))
                    }
                })
                .collect::<Vec<_>>()
        };
        /// Why the consumer stopped: enough puzzles, or a failure.
        enum Stop<E> {
            Enough,
            Failed(RunError<E>),
        }
        let result = map_ordered(0..u64::MAX, threads, NEAR_CHUNK, work, |batch| {
            for candidate in batch {
                summary.tried += 1;
                let candidate = candidate.map_err(|e| Stop::Failed(RunError::Generate(e)))?;
                let Some(generated) = candidate else {
                    continue;
                };
                if !seen.insert(canonical(&generated.puzzle)) {
                    summary.redrawn += 1;
                    continue;
                }
                sink(&generated).map_err(|e| Stop::Failed(RunError::Sink(e)))?;
                summary.generated += 1;
                if summary.generated == count {
                    return Err(Stop::Enough);
                }
            }
            let going_on = progress(NearProgress {
                tried: summary.tried,
                found: summary.generated,
            });
            if !going_on {
                summary.stopped = true;
                return Err(Stop::Enough);
            }
            Ok(())
        });
        match result {
            Ok(()) | Err(Stop::Enough) => Ok(summary),
            Err(Stop::Failed(RunError::Generate(PuzzleError::TimedOut))) => {
                summary.timed_out = true;
                Ok(summary)
            }
            Err(Stop::Failed(e)) => Err(e),
        }
    }

    /// Refuses seeds none of which can have a neighbour that is kept, which
    /// would otherwise draw candidates until the deadline, or for ever.
    fn check_reach<E>(&self, seeds: &[Grid]) -> Result<(), RunError<E>> {
        let usable = |seed: &&Grid| seed.blanks() >= 1 && CELLS - seed.blanks() >= MIN_UNIQUE_CLUES;
        if !seeds.iter().any(|seed| usable(&seed)) {
            return Err(RunError::Generate(PuzzleError::Impossible(
                Impossibility::NoSeedWithNeighbours,
            )));
        }
        let (lower, upper) = self.options.blanks;
        if self.options.spread
            && !seeds
                .iter()
                .filter(usable)
                .any(|seed| (lower..=upper).contains(&seed.blanks()))
        {
            return Err(RunError::Generate(PuzzleError::Impossible(
                Impossibility::NoSeedInBlankRange { lower, upper },
            )));
        }
        Ok(())
    }

    /// Candidate `index`: a neighbour of seed `index mod seeds`, when it
    /// meets the options.
    fn near_candidate(&self, seeds: &[Grid], index: u64) -> Option<Generated> {
        let mut rng = StdRng::seed_from_u64(mix(self.seed(), index, 0));
        let seed = &seeds[(index % seeds.len() as u64) as usize];
        let puzzle = neighbour(seed, &self.solver, &mut rng)?;
        let solution = self.solver.unique_solution(&puzzle)?;
        // Only a range the caller set: the one random generation draws
        // from without it (easy puzzles' blanks, say) does not describe
        // the seeds' neighbours, which keep their seed's number of blanks.
        let (lower, upper) = self.options.blanks;
        if self.options.spread && !(lower..=upper).contains(&puzzle.blanks()) {
            return None;
        }
        if self.options.minimal && !super::is_minimal(&puzzle, Symmetry::None) {
            return None;
        }
        let mut generated = Generated {
            puzzle,
            solution,
            symmetry: Symmetry::None,
            rating: None,
        };
        let Some(wanted) = self.wanted else {
            return Some(generated);
        };
        let scale = self.options.scale;
        // The cut-off below the band: a puzzle whose path stays under the
        // lowest wanted rating is rated without the searches above it.
        if let Some(lowest) = wanted.lowest() {
            if rate::rate_up_to(&puzzle, scale, lowest - 0.05).is_some() {
                return None;
            }
        }
        let highest = wanted.highest().unwrap_or(f32::INFINITY);
        generated.rating = rate::rate_up_to(&puzzle, scale, highest);
        generated
            .rating
            .is_some_and(|r| self.rated_in_band(&r))
            .then_some(generated)
    }
}

/// `seed` less 1 or 2 of its clues, plus as many new clues from one of the
/// solutions of what is left (so that it has a solution); `None` when the
/// seed has too few clues or blanks to change.
fn neighbour(seed: &Grid, solver: &impl Solver, rng: &mut StdRng) -> Option<Grid> {
    let k = rng.random_range(1..=2usize);
    let mut clues: Vec<usize> = (0..CELLS).filter(|&c| seed.cells()[c] != 0).collect();
    let mut blanks: Vec<usize> = (0..CELLS).filter(|&c| seed.cells()[c] == 0).collect();
    if clues.len() < k || blanks.len() < k {
        return None;
    }
    clues.shuffle(rng);
    blanks.shuffle(rng);
    let mut cells = *seed.cells();
    for &cell in &clues[..k] {
        cells[cell] = 0;
    }
    let reduced = Grid::from_cells_unchecked(cells);
    let solutions = solver.solutions_up_to(&reduced, SOLUTION_CHOICES);
    let solution = solutions.choose(rng)?;
    // New clues where the seed had none: putting a removed one back would
    // undo the change.
    for &cell in &blanks[..k] {
        cells[cell] = solution.cells()[cell];
    }
    Some(Grid::from_cells_unchecked(cells))
}
