//! Where the game's puzzles, ratings and hints come from.
//!
//! The game asks three questions: *give me a puzzle of this difficulty*, *how
//! hard is this puzzle*, and *what is the next logical step from here*. They are
//! answered here, behind three functions, so that the rest of the game does not
//! care who answers them.
//!
//! The answers come from a small built-in engine: puzzles are dug out of a
//! random completed grid while they stay unique, and graded by how far the two
//! single techniques (naked and hidden single) get; hints are those singles. When
//! sudoku-core gains its own generator and rater, only this module changes.

use std::fmt;
use std::str::FromStr;

use rand::rngs::SmallRng;
use rand::seq::SliceRandom;
use rand::{Rng, SeedableRng};
use sudoku_core::{BitmaskSolver, FinalBoards, Grid, Solver, Unit, CELLS, FINAL_BOARD_COUNT};

/// How hard a new game should be.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Difficulty {
    /// Singles only, many givens.
    Easy,
    /// Singles only, fewer givens.
    Medium,
    /// Singles only, few givens.
    Hard,
    /// As few givens as uniqueness allows.
    Expert,
    /// As few givens as uniqueness allows, and the singles alone get stuck.
    Extreme,
}

impl Difficulty {
    /// Every difficulty, easiest first.
    pub const ALL: [Difficulty; 5] = [
        Difficulty::Easy,
        Difficulty::Medium,
        Difficulty::Hard,
        Difficulty::Expert,
        Difficulty::Extreme,
    ];

    /// The lower-case name used on the command line and in save files.
    pub fn name(self) -> &'static str {
        match self {
            Difficulty::Easy => "easy",
            Difficulty::Medium => "medium",
            Difficulty::Hard => "hard",
            Difficulty::Expert => "expert",
            Difficulty::Extreme => "extreme",
        }
    }
}

impl fmt::Display for Difficulty {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// A difficulty name that is not one of [`Difficulty::ALL`].
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct UnknownDifficulty(pub String);

impl fmt::Display for UnknownDifficulty {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "unknown difficulty '{}' (use easy, medium, hard, expert or extreme)",
            self.0
        )
    }
}

impl std::error::Error for UnknownDifficulty {}

impl FromStr for Difficulty {
    type Err = UnknownDifficulty;
    fn from_str(text: &str) -> Result<Self, Self::Err> {
        Difficulty::ALL
            .into_iter()
            .find(|d| d.name().eq_ignore_ascii_case(text.trim()))
            .ok_or_else(|| UnknownDifficulty(text.to_string()))
    }
}

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
    /// The cells to highlight (row-major indices).
    pub cells: Vec<usize>,
    /// Digits the step places, as (cell, digit).
    pub placements: Vec<(usize, u8)>,
    /// Candidates the step removes, as (cell, digit).
    pub eliminations: Vec<(usize, u8)>,
}

/// Makes a new puzzle of `difficulty`; the same `seed` always gives the same puzzle.
pub fn generate(difficulty: Difficulty, seed: u64) -> NewPuzzle {
    let mut rng = SmallRng::seed_from_u64(seed);
    let solver = BitmaskSolver::new();
    // Extreme asks for a puzzle the singles cannot finish; most minimal puzzles
    // qualify, but a few tries may be needed. Keep the best so far either way.
    let mut attempt = 0;
    loop {
        let solution = random_solution(&mut rng);
        let puzzle = dig(&solution, difficulty, &solver, &mut rng);
        attempt += 1;
        let stuck = !singles_solve(&puzzle);
        if difficulty != Difficulty::Extreme || stuck || attempt >= 50 {
            return NewPuzzle {
                puzzle,
                solution,
                rating: rating(&puzzle),
            };
        }
    }
}

/// A one-line description of how hard `puzzle` is.
pub fn rating(puzzle: &Grid) -> String {
    let givens = puzzle.givens();
    if singles_solve(puzzle) {
        format!("{givens} givens, solved by singles alone")
    } else {
        format!("{givens} givens, needs more than singles")
    }
}

/// The next step from `grid` towards `solution`, or `None` when `grid` is full.
///
/// `marks` are the player's pencil marks (bit `d` for digit `d`): a step that
/// only removes candidates the player has already crossed out teaches nothing,
/// so it is passed over.
///
/// A naked or hidden single when there is one; otherwise the solution's digit
/// for the blank cell with the fewest candidates, named as such.
pub fn hint(grid: &Grid, solution: &Grid, marks: &[u16; CELLS]) -> Option<Hint> {
    if let Some(hint) = find_single(grid).filter(|h| !is_known(h, marks)) {
        return Some(hint);
    }
    let cands = candidates(grid);
    let cell = (0..CELLS)
        .filter(|&c| grid.cells()[c] == 0)
        .min_by_key(|&c| cands[c].count_ones())?;
    let digit = solution.cells()[cell];
    let why = format!("no single is left; the solution has {}", name(cell));
    Some(placing("Reveal", &why, cell, digit))
}

/// A hint that places `digit` in `cell`, shown as "Technique: why => r1c2=3".
fn placing(technique: &str, why: &str, cell: usize, digit: u8) -> Hint {
    Hint {
        technique: technique.to_string(),
        text: format!("{technique}: {why} => {}={digit}", name(cell)),
        cells: vec![cell],
        placements: vec![(cell, digit)],
        eliminations: Vec::new(),
    }
}

/// True when every elimination of `hint` is already missing from the
/// player's marks of a cell that has marks (and it places nothing).
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
    let cells = grid.cells();
    let mut used_row = [0u16; 9];
    let mut used_col = [0u16; 9];
    let mut used_box = [0u16; 9];
    for (i, &d) in cells.iter().enumerate() {
        if d != 0 {
            let bit = 1 << d;
            used_row[i / 9] |= bit;
            used_col[i % 9] |= bit;
            used_box[box_of(i)] |= bit;
        }
    }
    let mut out = [0u16; CELLS];
    for (i, slot) in out.iter_mut().enumerate() {
        if cells[i] == 0 {
            *slot = 0b11_1111_1110 & !(used_row[i / 9] | used_col[i % 9] | used_box[box_of(i)]);
        }
    }
    out
}

fn box_of(cell: usize) -> usize {
    cell / 27 * 3 + cell % 9 / 3
}

/// The first naked single, else the first hidden single, in `grid`.
fn find_single(grid: &Grid) -> Option<Hint> {
    let cands = candidates(grid);
    for (cell, &set) in cands.iter().enumerate() {
        if set.count_ones() == 1 {
            let digit = set.trailing_zeros() as u8;
            let why = format!("{} can only hold {digit}", name(cell));
            return Some(placing("Naked Single", &why, cell, digit));
        }
    }
    // Boxes first: people spot hidden singles in boxes most easily.
    let units = (0..9)
        .map(Unit::Box)
        .chain((0..9).map(Unit::Row))
        .chain((0..9).map(Unit::Column));
    for unit in units {
        let cells = unit.cells();
        for digit in 1..=9u8 {
            let mut places = cells.iter().filter(|&&c| cands[c] & (1 << digit) != 0);
            if let (Some(&cell), None) = (places.next(), places.next()) {
                let why = format!("in {unit}, {digit} fits only {}", name(cell));
                return Some(placing("Hidden Single", &why, cell, digit));
            }
        }
    }
    None
}

/// True when naked and hidden singles alone fill `puzzle` completely.
pub fn singles_solve(puzzle: &Grid) -> bool {
    let mut grid = *puzzle;
    while let Some(hint) = find_single(&grid) {
        for (cell, digit) in hint.placements {
            if grid.set(cell / 9, cell % 9, digit).is_err() {
                return false;
            }
        }
    }
    grid.is_solved()
}

/// A completed grid drawn from the whole space reachable by the validity-preserving
/// symmetries: relabelled digits, rows and columns shuffled within their bands
/// and stacks, bands and stacks shuffled, and an optional transpose.
fn random_solution(rng: &mut SmallRng) -> Grid {
    let first = rng.random_range(1..=9u8);
    let boards = match FinalBoards::new(first) {
        Ok(boards) => boards,
        Err(_) => unreachable!("1..=9 is a valid first digit"),
    };
    let base = boards
        .board(rng.random_range(0..FINAL_BOARD_COUNT))
        .unwrap_or_else(|| unreachable!("the index is in range"));
    let mut digits: Vec<u8> = (1..=9).collect();
    digits.shuffle(rng);
    let rows = shuffled_lines(rng);
    let cols = shuffled_lines(rng);
    let transpose = rng.random_bool(0.5);
    let mut cells = [0u8; CELLS];
    for (r, &from_r) in rows.iter().enumerate() {
        for (c, &from_c) in cols.iter().enumerate() {
            let (sr, sc) = if transpose {
                (from_c, from_r)
            } else {
                (from_r, from_c)
            };
            cells[r * 9 + c] = digits[base.get(sr, sc) as usize - 1];
        }
    }
    Grid::from_cells(cells).unwrap_or_else(|_| unreachable!("digits are 1..=9"))
}

/// A permutation of 0..9 that keeps each band of three together.
fn shuffled_lines(rng: &mut SmallRng) -> [usize; 9] {
    let mut bands = [0, 1, 2];
    bands.shuffle(rng);
    let mut out = [0; 9];
    for (i, &band) in bands.iter().enumerate() {
        let mut inner = [0, 1, 2];
        inner.shuffle(rng);
        for (j, &line) in inner.iter().enumerate() {
            out[i * 3 + j] = band * 3 + line;
        }
    }
    out
}

/// Removes givens from `solution` in a random order, each only while the puzzle
/// stays unique (and, below expert, solvable by singles), down to the
/// difficulty's target.
fn dig(
    solution: &Grid,
    difficulty: Difficulty,
    solver: &BitmaskSolver,
    rng: &mut SmallRng,
) -> Grid {
    let (target_givens, singles_only) = match difficulty {
        Difficulty::Easy => (38, true),
        Difficulty::Medium => (32, true),
        Difficulty::Hard => (26, true),
        Difficulty::Expert | Difficulty::Extreme => (17, false),
    };
    let mut order: Vec<usize> = (0..CELLS).collect();
    order.shuffle(rng);
    let mut puzzle = *solution;
    let mut givens = CELLS;
    for cell in order {
        if givens <= target_givens {
            break;
        }
        let digit = puzzle.cells()[cell];
        let _ = puzzle.set(cell / 9, cell % 9, 0);
        let keeps =
            solver.has_unique_solution(&puzzle) && (!singles_only || singles_solve(&puzzle));
        if keeps {
            givens -= 1;
        } else {
            let _ = puzzle.set(cell / 9, cell % 9, digit);
        }
    }
    puzzle
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn generated_puzzles_are_unique_and_match_their_solution() {
        let solver = BitmaskSolver::new();
        for (seed, difficulty) in Difficulty::ALL.into_iter().enumerate() {
            let game = generate(difficulty, seed as u64);
            assert!(game.solution.solves(&game.puzzle), "{difficulty}");
            assert!(solver.has_unique_solution(&game.puzzle), "{difficulty}");
        }
    }

    #[test]
    fn same_seed_gives_same_puzzle_and_different_seeds_differ() {
        let a = generate(Difficulty::Medium, 7);
        assert_eq!(a, generate(Difficulty::Medium, 7));
        assert_ne!(a.puzzle, generate(Difficulty::Medium, 8).puzzle);
    }

    #[test]
    fn easy_puzzles_fall_to_singles_and_extreme_ones_do_not() {
        let easy = generate(Difficulty::Easy, 3);
        assert!(singles_solve(&easy.puzzle));
        assert!(easy.puzzle.givens() >= 38);
        let extreme = generate(Difficulty::Extreme, 3);
        assert!(!singles_solve(&extreme.puzzle));
        assert!(extreme.puzzle.givens() < easy.puzzle.givens());
    }

    #[test]
    fn hints_place_the_solution_digit() {
        let game = generate(Difficulty::Expert, 11);
        let mut grid = game.puzzle;
        // Follow hints to the end: every placement must agree with the solution.
        while let Some(hint) = hint(&grid, &game.solution, &[0; CELLS]) {
            assert!(!hint.placements.is_empty(), "{}", hint.text);
            for (cell, digit) in hint.placements {
                assert_eq!(game.solution.cells()[cell], digit, "{}", hint.text);
                grid.set(cell / 9, cell % 9, digit).unwrap();
            }
        }
        assert_eq!(grid, game.solution);
    }

    #[test]
    fn hidden_single_is_found_and_named() {
        // Row 1 misses only 9, at r1c9: both a naked and a hidden single.
        let grid: Grid = format!("12345678.{}", ".".repeat(72)).parse().unwrap();
        let hint = find_single(&grid).unwrap();
        assert_eq!(hint.placements, vec![(8, 9)]);
        assert!(hint.text.ends_with("r1c9=9"), "{}", hint.text);
    }

    #[test]
    fn an_elimination_the_player_already_made_is_known() {
        let mut hint = placing("Naked Single", "why", 0, 5);
        let mut marks = [0u16; CELLS];
        assert!(!is_known(&hint, &marks), "placements are never known");
        hint.placements.clear();
        hint.eliminations = vec![(3, 4), (4, 4)];
        assert!(!is_known(&hint, &marks), "cells without marks show nothing");
        marks[3] = 0b10_0000; // only 5
        marks[4] = 0b11_0000; // 4 and 5
        assert!(!is_known(&hint, &marks), "r1c5 still has 4");
        marks[4] = 0b10_0000;
        assert!(is_known(&hint, &marks));
    }

    #[test]
    fn parses_difficulty_names() {
        assert_eq!("Hard".parse::<Difficulty>(), Ok(Difficulty::Hard));
        assert!("impossible".parse::<Difficulty>().is_err());
    }
}
