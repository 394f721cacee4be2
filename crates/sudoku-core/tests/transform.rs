//! Equivalence transforms and the canonical form: transforms keep grids valid
//! and solution counts unchanged; every transform of a puzzle has the same
//! canonical form; the canonical form is reached from the puzzle by a
//! transform (checked by applying it) and is the least of the transforms tried.

mod common;

use proptest::prelude::*;
use sudoku_core::transform::{canonical, canonical_transform, Transform};
use sudoku_core::{BitmaskSolver, Grid, Solver};

fn puzzles() -> Vec<Grid> {
    let mut all = Vec::new();
    for text in [
        include_str!("data/17_clue.txt"),
        include_str!("data/magictour_top1465.txt"),
        include_str!("data/serg_benchmark.txt"),
    ] {
        for cells in common::data_file_puzzles(text).into_iter().take(20) {
            all.push(Grid::try_from(cells).expect("test data is in range"));
        }
    }
    all
}

fn perm3() -> impl Strategy<Value = Vec<usize>> {
    Just(vec![0, 1, 2]).prop_shuffle()
}

/// A band- (or stack-) preserving order of nine lines.
fn line_order() -> impl Strategy<Value = [usize; 9]> {
    (perm3(), perm3(), perm3(), perm3()).prop_map(|(groups, a, b, c)| {
        let mut order = [0; 9];
        for (g, inner) in [a, b, c].iter().enumerate() {
            for (i, &line) in inner.iter().enumerate() {
                order[g * 3 + i] = groups[g] * 3 + line;
            }
        }
        order
    })
}

fn transform() -> impl Strategy<Value = Transform> {
    (
        Just(vec![1u8, 2, 3, 4, 5, 6, 7, 8, 9]).prop_shuffle(),
        line_order(),
        line_order(),
        any::<bool>(),
    )
        .prop_map(|(digits, rows, cols, transpose)| {
            let digits: [u8; 9] = digits.try_into().expect("nine digits");
            Transform::new(digits, rows, cols, transpose).expect("a valid transform")
        })
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(24))]

    #[test]
    fn transforms_keep_validity_and_solution_counts(t in transform(), index in 0usize..60) {
        let puzzle = puzzles()[index];
        let moved = t.apply(&puzzle);
        prop_assert_eq!(moved.givens(), puzzle.givens());
        let solver = BitmaskSolver::new();
        prop_assert_eq!(solver.count_solutions(&moved, 3), solver.count_solutions(&puzzle, 3));
        let solution = solver.solve(&puzzle).expect("test puzzles have solutions");
        // The transformed solution solves the transformed puzzle.
        let moved_solution = t.apply(&solution);
        prop_assert!(common::is_valid_solution(moved_solution.cells()));
        prop_assert!(moved_solution.solves(&moved));
    }

    #[test]
    fn random_transforms_of_a_puzzle_share_its_canonical_form(
        t in transform(),
        u in transform(),
        index in 0usize..60,
    ) {
        let puzzle = puzzles()[index];
        let form = canonical(&puzzle);
        prop_assert_eq!(canonical(&t.apply(&puzzle)), form);
        prop_assert_eq!(canonical(&u.apply(&t.apply(&puzzle))), form);
        // Not above any transform tried: the canonical form is the least one.
        prop_assert!(form.cells() <= t.apply(&puzzle).cells());
    }
}

#[test]
fn canonical_form_is_equivalent_to_the_input() {
    for puzzle in puzzles() {
        let t = canonical_transform(&puzzle);
        let form = canonical(&puzzle);
        assert_eq!(t.apply(&puzzle), form, "{puzzle:?}");
        assert_eq!(form.givens(), puzzle.givens());
        assert_eq!(canonical(&form), form, "canonical forms are fixed points");
    }
}

#[test]
fn completed_grids_canonicalise_too() {
    let solver = BitmaskSolver::new();
    let grid = solver.solve(&puzzles()[0]).expect("solvable");
    let form = canonical(&grid);
    assert!(form.is_solved());
    assert_eq!(&form.cells()[..9], &[1, 2, 3, 4, 5, 6, 7, 8, 9]);
    let t = Transform::new(
        [3, 1, 2, 9, 8, 7, 4, 5, 6],
        [2, 0, 1, 6, 8, 7, 3, 5, 4],
        [8, 6, 7, 0, 1, 2, 5, 4, 3],
        true,
    )
    .expect("valid");
    assert_eq!(canonical(&t.apply(&grid)), form);
}

#[test]
fn different_puzzles_have_different_canonical_forms() {
    // Puzzles with different clue counts can never be equivalent; the
    // data sets hold no two equivalent puzzles, so all forms differ.
    let all = puzzles();
    let mut forms: Vec<Grid> = all.iter().map(canonical).collect();
    forms.sort();
    forms.dedup();
    assert_eq!(forms.len(), all.len());
}

#[test]
fn empty_grid_is_its_own_canonical_form() {
    assert_eq!(canonical(&Grid::EMPTY), Grid::EMPTY);
}
