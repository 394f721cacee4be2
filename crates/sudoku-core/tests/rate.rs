//! The logical solver against the backtracking solver: every step of every
//! path is checked against the puzzle's true solution.

use std::path::Path;

use sudoku_core::rate::{self, Candidates, Level, LogicalSolver, Technique};
use sudoku_core::{BitmaskSolver, Grid, Solver};

/// The puzzles of a test data file (81-character lines; `#` lines are notes).
fn puzzles(name: &str, take: usize) -> Vec<Grid> {
    let path = Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("tests/data")
        .join(name);
    let text = std::fs::read_to_string(&path).expect("test data is readable");
    text.lines()
        .filter(|l| !l.starts_with('#') && !l.trim().is_empty())
        .take(take)
        .map(|l| l.trim().parse().expect("test data parses"))
        .collect()
}

/// Walks the whole path of `puzzle`, checking every step against `solution`.
fn check_path(puzzle: &Grid) -> Vec<Technique> {
    let solution = BitmaskSolver::new()
        .solve(puzzle)
        .expect("test puzzles are solvable");
    let mut marks = Candidates::new(puzzle);
    let mut used = Vec::new();
    for step in rate::explain(puzzle) {
        assert!(
            !step.placements.is_empty() || !step.eliminations.is_empty(),
            "{step} changes nothing"
        );
        for &(cell, digit) in &step.eliminations {
            assert!(
                marks.has(cell, digit),
                "{step}: {cell} has no {digit} to remove"
            );
            assert_ne!(
                solution.cells()[cell],
                digit,
                "{step} removes the solution in {}",
                puzzle.to_line()
            );
        }
        for &(cell, digit) in &step.placements {
            assert_eq!(
                solution.cells()[cell],
                digit,
                "{step} places a wrong digit in {}",
                puzzle.to_line()
            );
        }
        marks.apply(&step);
        used.push(step.technique);
    }
    assert_eq!(marks.grid(), solution, "the path ends in the solution");
    used
}

fn check_file(name: &str, take: usize) -> Vec<Technique> {
    puzzles(name, take).iter().flat_map(check_path).collect()
}

#[test]
fn every_step_on_unbiased_puzzles_is_sound() {
    check_file("unbiased.txt", 300);
}

#[test]
fn every_step_on_17_clue_puzzles_is_sound() {
    check_file("17_clue.txt", 300);
}

#[test]
fn every_step_on_hard_puzzles_is_sound_and_uses_many_techniques() {
    let mut used = check_file("magictour_top1465.txt", 120);
    used.extend(check_file("forum_hardest_1905_11.txt", 25));
    used.sort();
    used.dedup();
    // A hard set exercises most of the repertoire; each was checked above.
    assert!(used.len() >= 15, "only {used:?}");
}

#[test]
fn rating_is_the_hardest_step_and_its_band() {
    for puzzle in puzzles("magictour_top1465.txt", 20) {
        let rating = rate::rate(&puzzle).expect("unique puzzle");
        let path = rate::explain(&puzzle);
        let hardest = path.iter().map(|s| s.technique).max().expect("a path");
        assert_eq!(rating.hardest, hardest);
        assert_eq!(rating.steps, path.len());
        assert_eq!(rating.score, hardest.weight());
        let (lo, hi) = rating.level.band();
        assert!(lo <= rating.score && rating.score < hi);
        assert_eq!(rating.solved_logically, hardest != Technique::TrialAndError);
    }
}

#[test]
fn puzzles_without_one_solution_are_not_rated() {
    let mut conflicting = Grid::EMPTY;
    conflicting.set(0, 0, 5).unwrap();
    conflicting.set(0, 8, 5).unwrap();
    assert!(rate::rate(&conflicting).is_none());
    assert!(rate::explain(&conflicting).is_empty());
    assert!(rate::next_step(&conflicting).is_none());
    // The empty grid has many solutions.
    assert!(rate::rate(&Grid::EMPTY).is_none());
}

#[test]
fn logical_solver_solves_like_the_bitmask_solver() {
    let solver = LogicalSolver::new();
    for puzzle in puzzles("unbiased.txt", 30)
        .iter()
        .chain(&puzzles("forum_hardest_1106.txt", 5))
    {
        let found = solver.search(puzzle, 2);
        assert_eq!(found.count, 1);
        assert_eq!(found.solution, BitmaskSolver::new().solve(puzzle));
    }
    assert_eq!(solver.count_solutions(&Grid::EMPTY, 3), 3);
}

#[test]
fn next_step_from_a_partly_filled_position_is_sound() {
    for puzzle in puzzles("17_clue.txt", 20) {
        let solution = BitmaskSolver::new().solve(&puzzle).unwrap();
        // Fill in the first 20 blanks from the solution, as a player might have.
        let mut position = puzzle;
        for cell in (0..81).filter(|&c| puzzle.cells()[c] == 0).take(20) {
            position
                .set(cell / 9, cell % 9, solution.cells()[cell])
                .unwrap();
        }
        let step = rate::next_step(&position).expect("an unfinished position has a next step");
        for &(cell, digit) in &step.placements {
            assert_eq!(solution.cells()[cell], digit);
        }
        for &(cell, digit) in &step.eliminations {
            assert_ne!(solution.cells()[cell], digit);
        }
    }
}

#[test]
fn easy_newspaper_puzzle_is_easy() {
    let puzzle: Grid =
        "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79"
            .parse()
            .unwrap();
    let rating = rate::rate(&puzzle).unwrap();
    assert_eq!(rating.level, Level::Easy);
    assert!(rating.hardest <= Technique::NakedSingle);
}
