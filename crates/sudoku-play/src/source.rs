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
use sudoku_core::rate::{self, Candidates, Step};
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

/// The next logical step from a position, as the hint key shows it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Hint {
    /// The technique's name, e.g. "Hidden Single".
    pub technique: String,
    /// One line saying what the step is and what it does.
    pub text: String,
    /// The cells to highlight (row-major indices): the pattern and what it changes.
    pub cells: Vec<usize>,
    /// Digits the step places, as (cell, digit).
    pub placements: Vec<(usize, u8)>,
    /// Candidates the step removes, as (cell, digit).
    pub eliminations: Vec<(usize, u8)>,
}

impl From<&Step> for Hint {
    /// The step's pattern cells and the cells it changes are all highlighted.
    fn from(step: &Step) -> Hint {
        let mut cells = step.cells.clone();
        let changed = step.placements.iter().chain(&step.eliminations);
        for &(cell, _) in changed {
            if !cells.contains(&cell) {
                cells.push(cell);
            }
        }
        Hint {
            technique: step.technique.to_string(),
            text: step.to_string(),
            cells,
            placements: step.placements.clone(),
            eliminations: step.eliminations.clone(),
        }
    }
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
        // The generator rated it on the native scale, whose technique it
        // teaches; the player is shown the SE rating, as everywhere.
        rating: self::rating(&generated.puzzle),
        puzzle: generated.puzzle,
        solution: generated.solution,
    })
}

/// "hard · SE 4.2 · hardest step: Turbot Fish": the rating on Sudoku
/// Explainer's scale (`sudoku rate`'s default).
fn describe(rating: &rate::Rating) -> String {
    format!(
        "{} · SE {:.1} · hardest step: {}",
        rating.level, rating.score, rating.hardest
    )
}

/// A one-line description of how hard `puzzle` is.
pub fn rating(puzzle: &Grid) -> String {
    match rate::rate(puzzle) {
        Some(rating) => describe(&rating),
        None => "not rated (the puzzle has no unique solution)".to_string(),
    }
}

/// The next step from `grid` towards `solution`, or `None` when `grid` is full.
///
/// `marks` are the player's pencil marks (bit `d` for digit `d`). The rater
/// works from the digits alone, so after the player has taken an elimination
/// step it would offer the same step again; a step whose eliminations the
/// player's marks already show is therefore passed over, and the rater's
/// path from here is followed to the first step that is news to the player.
///
/// When the rater has no step (it always has one for a position on the way
/// to the unique solution), the solution's digit for the blank cell with the
/// fewest candidates is revealed.
pub fn hint(grid: &Grid, solution: &Grid, marks: &[u16; CELLS]) -> Option<Hint> {
    let first = rate::next_step(grid).map(|step| Hint::from(&step));
    match first {
        Some(hint) if !is_known(&hint, marks) => return Some(hint),
        // Explaining the whole path costs more, so only when the quick answer is stale.
        Some(_) => {
            let fresh = rate::explain(grid)
                .iter()
                .map(Hint::from)
                .find(|hint| !is_known(hint, marks));
            if fresh.is_some() {
                return fresh;
            }
        }
        None => {}
    }
    reveal(grid, solution)
}

/// The solution's digit for the blank cell with the fewest candidates.
fn reveal(grid: &Grid, solution: &Grid) -> Option<Hint> {
    let cands = candidates(grid);
    let cell = (0..CELLS)
        .filter(|&c| grid.cells()[c] == 0)
        .min_by_key(|&c| cands[c].count_ones())?;
    let digit = solution.cells()[cell];
    Some(Hint {
        technique: "Reveal".to_string(),
        text: format!(
            "Reveal: the solution has {0}={digit} => {0}={digit}",
            name(cell)
        ),
        cells: vec![cell],
        placements: vec![(cell, digit)],
        eliminations: Vec::new(),
    })
}

/// True when `hint` places nothing and every candidate it removes is already
/// missing from the player's marks of a cell that has marks.
pub fn is_known(hint: &Hint, marks: &[u16; CELLS]) -> bool {
    hint.placements.is_empty()
        && hint
            .eliminations
            .iter()
            .all(|&(cell, digit)| marks[cell] != 0 && marks[cell] & (1 << digit) == 0)
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
        for (seed, difficulty) in Difficulty::ALL.into_iter().enumerate() {
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
    fn following_hints_reaches_the_solution() {
        let game = generate(Difficulty::Hard, 11);
        let mut grid = game.puzzle;
        let mut marks = [0u16; CELLS];
        let mut steps = 0;
        // Follow hints to the end, as the game applies them: placements into
        // the grid, eliminations into the marks.
        while let Some(hint) = hint(&grid, &game.solution, &marks) {
            steps += 1;
            assert!(steps < 500, "hints go round in circles: {}", hint.text);
            let cands = candidates(&grid);
            for &(cell, digit) in &hint.eliminations {
                if marks[cell] == 0 {
                    marks[cell] = cands[cell];
                }
                marks[cell] &= !(1 << digit);
                assert_ne!(game.solution.cells()[cell], digit, "{}", hint.text);
            }
            for &(cell, digit) in &hint.placements {
                assert_eq!(game.solution.cells()[cell], digit, "{}", hint.text);
                grid.set(cell / 9, cell % 9, digit).unwrap();
                marks[cell] = 0;
            }
        }
        assert_eq!(grid, game.solution);
    }

    #[test]
    fn an_elimination_the_player_already_made_is_known() {
        let mut hint = Hint {
            technique: "Pointing".into(),
            text: String::new(),
            cells: vec![0, 1],
            placements: vec![(5, 1)],
            eliminations: vec![(3, 4), (4, 4)],
        };
        let mut marks = [0u16; CELLS];
        assert!(!is_known(&hint, &marks), "placements are never known");
        hint.placements.clear();
        assert!(!is_known(&hint, &marks), "cells without marks show nothing");
        marks[3] = 0b10_0000; // only 5
        marks[4] = 0b11_0000; // 4 and 5
        assert!(!is_known(&hint, &marks), "r1c5 still has 4");
        marks[4] = 0b10_0000;
        assert!(is_known(&hint, &marks));
    }

    #[test]
    fn reveal_names_the_solution_digit() {
        let solution = sudoku_core::solve(&Grid::EMPTY).unwrap();
        let mut grid = solution;
        grid.set(4, 4, 0).unwrap();
        let hint = reveal(&grid, &solution).unwrap();
        assert_eq!(hint.placements, vec![(40, solution.get(4, 4))]);
        assert!(hint.text.starts_with("Reveal: "), "{}", hint.text);
    }

    #[test]
    fn candidates_leave_the_missing_digit() {
        let grid: Grid = format!("12345678.{}", ".".repeat(72)).parse().unwrap();
        assert_eq!(candidates(&grid)[8], 1 << 9);
        assert_eq!(candidates(&grid)[0], 0);
    }
}
