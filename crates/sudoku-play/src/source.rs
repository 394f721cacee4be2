//! Where the game's puzzles, ratings and hints come from.
//!
//! The game asks three questions: *give me a puzzle of this difficulty*, *how
//! hard is this puzzle*, and *what is the next logical step from here*. They
//! are answered here, behind three functions, by sudoku-core: its generator
//! ([`sudoku_core::puzzle`]) and its human-style rater ([`sudoku_core::rate`]).
//!
//! # Puzzles of a difficulty
//! sudoku-core's [`sudoku_core::puzzle::for_level`] makes them, in the shapes
//! where each level is common, the same for a level and seed on every
//! machine (the terminal game, the web page and the daily puzzle share it).

use std::time::{Duration, Instant};

use sudoku_core::puzzle::{Generator, GeneratorOptions, Symmetry};
use sudoku_core::rate::{self, Candidates};
use sudoku_core::{Grid, CELLS};

/// How hard a game is: the rater's levels, easy to extreme.
pub use sudoku_core::rate::Level as Difficulty;

/// A freshly made game: the puzzle, its solution and how hard it is.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct NewPuzzle {
    /// The givens.
    pub puzzle: Grid,
    /// Its unique solution.
    pub solution: Grid,
    /// A one-line rating shown on the completion screen.
    pub rating: String,
}

/// Makes a new puzzle of `difficulty`: sudoku-core's
/// [`sudoku_core::puzzle::for_level`], so the same `seed` gives the same
/// puzzle here, on the web page and in the daily puzzle.
pub fn generate(difficulty: Difficulty, seed: u64) -> NewPuzzle {
    let generated = sudoku_core::puzzle::for_level(difficulty, seed);
    NewPuzzle {
        rating: match &generated.rating {
            Some(rating) => describe(rating),
            None => self::rating(&generated.puzzle),
        },
        puzzle: generated.puzzle,
        solution: generated.solution,
    }
}

/// Longest wait for a puzzle that teaches a technique (`--technique`): the
/// rare ones (a Jellyfish is the hardest step of about 1 in 40,000 random
/// puzzles) may not turn up in time, and the player is told so.
pub const MAX_TECHNIQUE_TIME: Duration = Duration::from_secs(60);

/// Makes a new puzzle whose hardest step is `technique` (see
/// `sudoku_core::rate::TechniqueSet`); the same `seed` gives the same puzzle.
///
/// # Errors
/// A message when no such puzzle turned up within [`MAX_TECHNIQUE_TIME`].
pub fn generate_teaching(technique: rate::Technique, seed: u64) -> Result<NewPuzzle, String> {
    let options = GeneratorOptions::new()
        .symmetry(Symmetry::Rot180)
        .techniques([technique].into_iter().collect())
        .seed(seed);
    let deadline = Instant::now() + MAX_TECHNIQUE_TIME;
    let generated = Generator::new(options)
        .and_then(|generator| generator.puzzle(0, Some(deadline)))
        .map_err(|e| format!("no {technique} puzzle: {e}"))?;
    Ok(NewPuzzle {
        // Rated on SE's scale, the one the lesson was chosen on: the
        // hardest step shown is the technique asked for.
        rating: match &generated.rating {
            Some(rating) => describe(rating),
            None => self::rating(&generated.puzzle),
        },
        puzzle: generated.puzzle,
        solution: generated.solution,
    })
}

/// "hard · SE 4.2 · hardest step: Turbot Fish": the rating on Sudoku
/// Explainer's scale (`sudoku rate`'s default).
fn describe(rating: &rate::Rating) -> String {
    format!(
        "{} · {} {:.1} · hardest step: {}",
        rating.level,
        rate::Scale::Se.label(),
        rating.score,
        rating.hardest
    )
}

/// A one-line description of how hard `puzzle` is.
pub fn rating(puzzle: &Grid) -> String {
    match rate::rate(puzzle) {
        Some(rating) => describe(&rating),
        None => "not rated (the puzzle has no unique solution)".to_string(),
    }
}

/// "r3c5" for cell 22.
pub fn name(cell: usize) -> String {
    format!("r{}c{}", cell / 9 + 1, cell % 9 + 1)
}

/// Each cell's candidates as a bit set (bit `d` for digit `d`); 0 for filled cells.
pub fn candidates(grid: &Grid) -> [u16; CELLS] {
    let marks = Candidates::new(grid);
    std::array::from_fn(|cell| marks.mask(cell))
}

#[cfg(test)]
mod tests {
    use super::*;
    use sudoku_core::{BitmaskSolver, Solver};

    #[test]
    fn each_difficulty_gives_a_unique_puzzle_of_that_level() {
        let solver = BitmaskSolver::new();
        for (seed, difficulty) in Difficulty::ALL.iter().copied().enumerate() {
            let game = generate(difficulty, seed as u64);
            assert!(game.solution.solves(&game.puzzle), "{difficulty}");
            assert!(solver.has_unique_solution(&game.puzzle), "{difficulty}");
            let level = rate::rate(&game.puzzle).unwrap().level;
            assert_eq!(level, difficulty);
            assert!(
                game.rating.starts_with(difficulty.name()),
                "{}",
                game.rating
            );
        }
    }

    #[test]
    fn same_seed_gives_same_puzzle_and_different_seeds_differ() {
        let a = generate(Difficulty::Medium, 7);
        assert_eq!(a, generate(Difficulty::Medium, 7));
        assert_ne!(a.puzzle, generate(Difficulty::Medium, 8).puzzle);
    }

    #[test]
    fn candidates_leave_the_missing_digit() {
        let grid: Grid = format!("12345678.{}", ".".repeat(72)).parse().unwrap();
        assert_eq!(candidates(&grid)[8], 1 << 9);
        assert_eq!(candidates(&grid)[0], 0);
    }

    #[test]
    fn every_technique_a_hint_or_rating_can_name_can_be_asked_for() {
        // Hints and ratings are on SE's scale: each technique it can name
        // is one `--technique` accepts (Turbot Fish once was not).
        for &technique in rate::Technique::ALL {
            if !rate::Scale::Se.has(technique) {
                continue;
            }
            let options = GeneratorOptions::new()
                .symmetry(Symmetry::Rot180)
                .techniques([technique].into_iter().collect());
            assert!(
                Generator::new(options).is_ok(),
                "--technique {technique} is refused"
            );
        }
    }
}
