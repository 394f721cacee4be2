//! Equivalence transforms and the canonical form: transforms keep grids valid
//! and solution counts unchanged; every transform of a puzzle has the same
//! canonical form; the canonical form is reached from the puzzle by a
//! transform (checked by applying it) and is the least of the transforms tried.

mod common;

use proptest::prelude::*;
use sudoku_core::transform::{automorphisms, canonical, canonical_transform, Transform};
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

/// Every band-preserving order of nine lines, built here from its
/// definition (6 orders of the groups × 6³ inside them).
fn all_line_orders() -> Vec<[usize; 9]> {
    let perms = [
        [0, 1, 2],
        [0, 2, 1],
        [1, 0, 2],
        [1, 2, 0],
        [2, 0, 1],
        [2, 1, 0],
    ];
    let mut orders = Vec::new();
    for groups in perms {
        for a in perms {
            for b in perms {
                for c in perms {
                    let mut order = [0; 9];
                    for (g, inner) in [a, b, c].iter().enumerate() {
                        for (i, &line) in inner.iter().enumerate() {
                            order[g * 3 + i] = groups[g] * 3 + line;
                        }
                    }
                    orders.push(order);
                }
            }
        }
    }
    orders
}

/// The automorphisms by brute force: every placement of the group, applied
/// with `Transform::apply`, kept when one digit relabelling takes the result
/// back to `grid`; times the exchanges of the digits `grid` lacks.
fn automorphisms_by_brute_force(grid: &Grid) -> u64 {
    let orders = all_line_orders();
    let identity = [1, 2, 3, 4, 5, 6, 7, 8, 9];
    let mut count = 0u64;
    for transpose in [false, true] {
        for &rows in &orders {
            for &cols in &orders {
                let placed = Transform::new(identity, rows, cols, transpose)
                    .expect("a valid transform")
                    .apply(grid);
                let mut to = [None; 10];
                let mut from = [None; 10];
                let relabels = placed.cells().iter().zip(grid.cells()).all(|(&s, &t)| {
                    let (s, t) = (usize::from(s), usize::from(t));
                    match (to[s], from[t]) {
                        (None, None) => {
                            to[s] = Some(t);
                            from[t] = Some(s);
                            (s == 0) == (t == 0)
                        }
                        (mapped, _) => mapped == Some(t),
                    }
                });
                count += u64::from(relabels);
            }
        }
    }
    let absent = (1..=9u8).filter(|d| !grid.cells().contains(d)).count() as u64;
    count * (1..=absent).product::<u64>()
}

/// Counted against the brute force on grids with many, few and no
/// symmetries: a full grid built from shifted rows, puzzles cut from it
/// symmetrically, a grid with one clue, a proper puzzle and its solution.
#[test]
fn automorphisms_agree_with_brute_force() {
    let pattern: Grid =
        "123456789456789123789123456234567891567891234891234567345678912678912345912345678"
            .parse()
            .expect("a grid");
    let keep = |pick: &dyn Fn(usize) -> bool| {
        let mut cells = *pattern.cells();
        for (i, cell) in cells.iter_mut().enumerate() {
            if !pick(i) {
                *cell = 0;
            }
        }
        Grid::try_from(cells).expect("a grid")
    };
    let puzzle = puzzles()[0];
    let solution = BitmaskSolver::new().solve(&puzzle).expect("solvable");
    let grids = [
        pattern,
        keep(&|i| (i / 9 + i % 9) % 2 == 0),
        keep(&|i| i / 9 == i % 9 || i / 9 + i % 9 == 8),
        keep(&|i| i == 40),
        puzzle,
        solution,
    ];
    let mut counts = Vec::new();
    for grid in grids {
        let count = automorphisms(&grid);
        assert_eq!(count, automorphisms_by_brute_force(&grid), "{grid}");
        counts.push(count);
    }
    // Not all alike, and the regular grid has more than the identity.
    assert!(counts[0] > 1, "{counts:?}");
    assert_eq!(counts[5], 1, "{counts:?}");
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(24))]

    /// Composition and inversion act as the group's operations do on grids,
    /// and the accessors give back the parts `Transform::new` took.
    #[test]
    fn then_and_inverse_act_like_the_group(t in transform(), u in transform(), index in 0usize..60) {
        let puzzle = puzzles()[index];
        prop_assert_eq!(t.then(&u).apply(&puzzle), u.apply(&t.apply(&puzzle)));
        prop_assert_eq!(t.inverse().apply(&t.apply(&puzzle)), puzzle);
        prop_assert_eq!(t.apply(&t.inverse().apply(&puzzle)), puzzle);
        prop_assert_eq!(t.then(&t.inverse()), Transform::IDENTITY);
        prop_assert_eq!(t.inverse().inverse(), t);
        let rebuilt = Transform::new(t.digits(), t.rows(), t.cols(), t.transposes());
        prop_assert_eq!(rebuilt, Ok(t));
    }

    /// Equivalent grids have as many automorphisms: the count is a property
    /// of the class, as the canonical form is.
    #[test]
    fn automorphisms_are_the_same_for_equivalent_grids(t in transform(), index in 0usize..60) {
        let puzzle = puzzles()[index];
        let solution = BitmaskSolver::new().solve(&puzzle).expect("solvable");
        for grid in [puzzle, solution] {
            prop_assert_eq!(automorphisms(&t.apply(&grid)), automorphisms(&grid));
        }
    }

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
