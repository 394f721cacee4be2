//! The solver against an independent brute-force solver (`common`), on random
//! puzzles made by blanking cells of random valid grids, and on every public
//! puzzle set in `tests/data`.

mod common;

use common::{
    blank, brute_force, data_file_puzzles, givens_conflict, is_valid_solution, keeps_givens,
    random_solution, Rng, NATURAL,
};
use proptest::prelude::*;
use sudoku_core::{BitmaskSolver, Grid, Solver};

const DATA: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/data");

fn grid(cells: [u8; 81]) -> Grid {
    Grid::from_cells(cells).expect("test cells are 0-9")
}

fn data_set(name: &str) -> Vec<[u8; 81]> {
    let path = format!("{DATA}/{name}");
    let text = std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{path}: {e}"));
    let puzzles = data_file_puzzles(&text);
    assert!(
        puzzles.len() >= 100,
        "{name} holds {} puzzles",
        puzzles.len()
    );
    puzzles
}

/// Asserts that the library solves `puzzle` with a solution the independent
/// checks accept.
fn assert_solved(puzzle: &[u8; 81], what: &str) {
    let solution = BitmaskSolver::new()
        .solve(&grid(*puzzle))
        .unwrap_or_else(|| panic!("{what}: no solution found"));
    assert!(
        is_valid_solution(solution.cells()),
        "{what}: invalid solution"
    );
    assert!(
        keeps_givens(solution.cells(), puzzle),
        "{what}: givens changed"
    );
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(400))]

    /// Puzzles with any number of blanks: the library finds a solution exactly
    /// when the brute-force solver does, and its solution is valid and keeps the givens.
    #[test]
    fn random_puzzles_are_solved_and_cross_checked(
        seed in any::<u64>(),
        blanks in proptest::collection::vec(0usize..81, 0..81),
    ) {
        let puzzle = blank(&random_solution(seed), &blanks);
        let search = BitmaskSolver::new().search(&grid(puzzle), 1);
        // Made from a valid grid, every such puzzle has a solution.
        prop_assert_eq!(search.count, 1);
        let solution = search.solution.expect("count 1 comes with a solution");
        prop_assert!(is_valid_solution(solution.cells()));
        prop_assert!(keeps_givens(solution.cells(), &puzzle));
    }

    /// With few blanks the brute-force solver counts every solution quickly;
    /// the library's counts agree for every limit.
    #[test]
    fn solution_counts_agree_with_brute_force(
        seed in any::<u64>(),
        blanks in proptest::collection::vec(0usize..81, 20..60),
        limit in 1usize..6,
    ) {
        let puzzle = blank(&random_solution(seed), &blanks);
        let expected = brute_force(&puzzle, limit, NATURAL).count;
        let search = BitmaskSolver::new().search(&grid(puzzle), limit);
        prop_assert_eq!(search.count, expected);
        prop_assert!(search.count <= limit);
        if let Some(solution) = search.solution {
            prop_assert!(is_valid_solution(solution.cells()));
            prop_assert!(keeps_givens(solution.cells(), &puzzle));
        }
    }

    /// `solutions()` yields as many solutions as the brute-force solver
    /// counts, each valid, keeping the givens, and pairwise distinct; and
    /// `unique_solution` is `Some` exactly when that count is 1.
    #[test]
    fn solutions_iterator_matches_brute_force_count(
        seed in any::<u64>(),
        blanks in proptest::collection::vec(0usize..81, 30..62),
    ) {
        let puzzle = blank(&random_solution(seed), &blanks);
        let expected = brute_force(&puzzle, 300, NATURAL).count;
        let solver = BitmaskSolver::new();
        let mut found: Vec<Grid> = solver.solutions(&grid(puzzle)).take(300).collect();
        prop_assert_eq!(found.len(), expected);
        for solution in &found {
            prop_assert!(is_valid_solution(solution.cells()));
            prop_assert!(keeps_givens(solution.cells(), &puzzle));
        }
        found.sort();
        found.dedup();
        prop_assert_eq!(found.len(), expected);
        prop_assert_eq!(solver.unique_solution(&grid(puzzle)).is_some(), expected == 1);
    }

    /// The bulk form, one search for every solution, lists the same set as
    /// the lazy iterator (a search per solution, checked against the
    /// brute-force count above), all valid and distinct; with a smaller
    /// limit it lists exactly that many of them; appending to a buffer
    /// keeps what the buffer held.
    #[test]
    fn bulk_solutions_are_the_iterators_set(
        seed in any::<u64>(),
        blanks in proptest::collection::vec(0usize..81, 30..64),
        limit in 1usize..40,
    ) {
        let puzzle = grid(blank(&random_solution(seed), &blanks));
        let solver = BitmaskSolver::new();
        let mut lazy: Vec<Grid> = solver.solutions(&puzzle).take(2000).collect();
        lazy.sort();
        let mut bulk = solver.solutions_up_to(&puzzle, 2000);
        prop_assert!(bulk.iter().all(|s| is_valid_solution(s.cells()) && s.solves(&puzzle)));
        bulk.sort();
        prop_assert_eq!(&bulk, &lazy);

        let mut buffer = vec![Grid::EMPTY];
        let appended = solver.solutions_into(&puzzle, limit, &mut buffer);
        prop_assert_eq!(appended, limit.min(lazy.len()));
        prop_assert_eq!(buffer.len(), 1 + appended);
        prop_assert_eq!(buffer[0], Grid::EMPTY);
        let mut some = buffer[1..].to_vec();
        some.sort();
        some.dedup();
        prop_assert_eq!(some.len(), appended);
        prop_assert!(some.iter().all(|s| lazy.binary_search(s).is_ok()));
    }

    /// Random givens that may conflict or have no solution: the library and
    /// the brute-force solver agree whether any solution exists, and on the count up to 3.
    #[test]
    fn random_givens_agree_with_brute_force_on_solvability(
        cells in proptest::collection::vec((0usize..81, 1u8..=9), 0..30),
        seed in any::<u64>(),
        keep in 45usize..75,
    ) {
        // Start from a valid grid with `keep` givens, then overwrite a few cells
        // at random: many such puzzles have conflicts or no solution.
        let mut rng = Rng(seed);
        let mut order: Vec<usize> = (0..81).collect();
        rng.shuffle(&mut order);
        let mut puzzle = blank(&random_solution(seed), &order[keep..]);
        for &(i, d) in cells.iter().take(3) {
            puzzle[i] = d;
        }
        let expected = brute_force(&puzzle, 3, NATURAL).count;
        let search = BitmaskSolver::new().search(&grid(puzzle), 3);
        prop_assert_eq!(search.count, expected, "puzzle {:?}", grid(puzzle));
        prop_assert_eq!(search.solution.is_some(), expected > 0);
        if givens_conflict(&puzzle) {
            prop_assert_eq!(search.count, 0);
        }
        if let Some(solution) = search.solution {
            prop_assert!(is_valid_solution(solution.cells()));
            prop_assert!(keeps_givens(solution.cells(), &puzzle));
        }
    }
}

#[test]
fn every_puzzle_in_every_data_set_is_solved() {
    let mut total = 0;
    for entry in std::fs::read_dir(DATA).expect("tests/data exists") {
        let path = entry.expect("readable directory").path();
        if path.extension().is_none_or(|e| e != "txt") {
            continue;
        }
        let name = path
            .file_name()
            .expect("a file")
            .to_string_lossy()
            .into_owned();
        for (i, puzzle) in data_set(&name).iter().enumerate() {
            assert_solved(puzzle, &format!("{name} puzzle {}", i + 1));
            total += 1;
        }
    }
    assert!(total >= 1500, "only {total} puzzles found");
}

#[test]
fn data_sets_with_unique_solutions_agree_with_brute_force() {
    // The brute-force solver is slow on the hardest sets, so every tenth puzzle.
    for name in [
        "17_clue.txt",
        "magictour_top1465.txt",
        "forum_hardest_1905_11.txt",
    ] {
        for (i, puzzle) in data_set(name).iter().enumerate().step_by(10) {
            let brute = brute_force(puzzle, 2, NATURAL);
            let search = BitmaskSolver::new().search(&grid(*puzzle), 2);
            assert_eq!(search.count, brute.count, "{name} puzzle {}", i + 1);
            assert_eq!(
                search.solution.map(|g| *g.cells()),
                brute.first.filter(|_| brute.count == 1),
                "{name} puzzle {}: the unique solution",
                i + 1
            );
        }
    }
}

#[test]
fn serg_benchmark_puzzles_with_many_solutions_get_a_valid_one() {
    let solver = BitmaskSolver::new();
    let mut several = 0;
    for (i, puzzle) in data_set("serg_benchmark.txt").iter().enumerate() {
        assert_solved(puzzle, &format!("serg_benchmark puzzle {}", i + 1));
        let count = solver.count_solutions(&grid(*puzzle), 3);
        assert!((1..=3).contains(&count));
        if count > 1 {
            several += 1;
            // The independent solver sees several solutions too.
            assert!(
                brute_force(puzzle, 2, NATURAL).count == 2,
                "puzzle {}",
                i + 1
            );
        }
    }
    assert!(
        several > 0,
        "the set is known for puzzles with several solutions"
    );
}

#[test]
fn conflicting_givens_have_no_solution() {
    let mut rng = Rng(11);
    for _ in 0..200 {
        let full = random_solution(rng.next_u64());
        let mut order: Vec<usize> = (0..81).collect();
        rng.shuffle(&mut order);
        let mut puzzle = blank(&full, &order[30..]);
        // Copy a given onto another empty cell of its row: a direct conflict.
        let given = order[0];
        let row = given / 9;
        let Some(target) = (row * 9..row * 9 + 9).find(|&i| puzzle[i] == 0) else {
            continue;
        };
        puzzle[target] = puzzle[given];
        assert!(givens_conflict(&puzzle));
        let search = BitmaskSolver::new().search(&grid(puzzle), 5);
        assert_eq!(search.count, 0);
        assert_eq!(search.solution, None);
        assert_eq!(sudoku_core::solve(&grid(puzzle)), None);
    }
}

#[test]
fn puzzles_without_conflicts_but_without_solution_return_none() {
    // r1c9 must hold 9 (row 1 holds 1-8 elsewhere), but column 9 already has a 9.
    let mut cells = [0u8; 81];
    cells[..8].copy_from_slice(&[1, 2, 3, 4, 5, 6, 7, 8]);
    cells[8 * 9 + 8] = 9;
    assert!(!givens_conflict(&cells));
    assert_eq!(brute_force(&cells, 1, NATURAL).count, 0);
    let search = BitmaskSolver::new().search(&grid(cells), 3);
    assert_eq!((search.count, search.solution), (0, None));

    // Subtler ones, where no unit repeats a digit: half-filled valid grids with
    // one given changed, kept when the brute force proves them unsolvable.
    let mut rng = Rng(5);
    let mut found = 0;
    for _ in 0..400 {
        let full = random_solution(rng.next_u64());
        let mut order: Vec<usize> = (0..81).collect();
        rng.shuffle(&mut order);
        let mut puzzle = blank(&full, &order[40..]);
        let cell = order[60];
        puzzle[cell] = (full[cell] % 9) + 1;
        if givens_conflict(&puzzle) || brute_force(&puzzle, 1, NATURAL).count > 0 {
            continue;
        }
        found += 1;
        let search = BitmaskSolver::new().search(&grid(puzzle), 2);
        assert_eq!(
            (search.count, search.solution),
            (0, None),
            "{:?}",
            grid(puzzle)
        );
    }
    assert!(found > 10, "only {found} unsolvable puzzles generated");
}

#[test]
fn counting_never_exceeds_the_limit_on_nearly_empty_grids() {
    let solver = BitmaskSolver::new();
    let mut nearly_empty = [0u8; 81];
    nearly_empty[0] = 5;
    for puzzle in [[0u8; 81], nearly_empty] {
        for limit in [1, 2, 3, 10, 1000, 20_000] {
            let search = solver.search(&grid(puzzle), limit);
            assert_eq!(
                search.count, limit,
                "a nearly empty grid has billions of solutions"
            );
            let solution = search.solution.expect("solvable");
            assert!(is_valid_solution(solution.cells()));
            assert!(keeps_givens(solution.cells(), &puzzle));
        }
    }
    // A limit of 0 is read as 1.
    assert_eq!(solver.search(&Grid::EMPTY, 0).count, 1);
}

#[test]
fn bulk_solutions_of_the_empty_grid_and_of_impossible_puzzles() {
    let solver = BitmaskSolver::new();
    let many = solver.solutions_up_to(&Grid::EMPTY, 20_000);
    assert_eq!(many.len(), 20_000);
    assert!(many.iter().all(|s| is_valid_solution(s.cells())));
    let mut distinct = many.clone();
    distinct.sort();
    distinct.dedup();
    assert_eq!(distinct.len(), 20_000);
    assert!(solver.solutions_up_to(&Grid::EMPTY, 0).is_empty());

    // Conflicting givens, and givens without a conflict but without a
    // solution: nothing listed, nothing appended.
    let mut conflict = [0u8; 81];
    conflict[0] = 4;
    conflict[80] = 4;
    conflict[8] = 4;
    let mut unsolvable = [0u8; 81];
    unsolvable[..8].copy_from_slice(&[1, 2, 3, 4, 5, 6, 7, 8]);
    unsolvable[8 * 9 + 8] = 9;
    for puzzle in [conflict, unsolvable] {
        assert!(solver.solutions_up_to(&grid(puzzle), usize::MAX).is_empty());
        let mut buffer = many[..3].to_vec();
        assert_eq!(solver.solutions_into(&grid(puzzle), 5, &mut buffer), 0);
        assert_eq!(buffer, many[..3]);
    }

    // A complete grid is its own only solution, with any limit.
    let full = grid(random_solution(3));
    assert_eq!(solver.solutions_up_to(&full, usize::MAX), vec![full]);
}

#[test]
fn a_complete_valid_grid_is_its_own_only_solution() {
    for seed in 0..50 {
        let full = random_solution(seed);
        let search = BitmaskSolver::new().search(&grid(full), 5);
        assert_eq!(search.count, 1);
        assert_eq!(search.solution.map(|g| *g.cells()), Some(full));
        assert_eq!(search.guesses, 0);
    }
}

#[test]
fn uniqueness_matches_the_brute_force_count() {
    let solver = BitmaskSolver::new();
    let mut rng = Rng(99);
    let (mut unique, mut several) = (0, 0);
    for _ in 0..300 {
        let full = random_solution(rng.next_u64());
        let mut order: Vec<usize> = (0..81).collect();
        rng.shuffle(&mut order);
        let puzzle = blank(&full, &order[..rng.below(50) + 10]);
        let brute = brute_force(&puzzle, 2, NATURAL).count;
        assert_eq!(solver.has_unique_solution(&grid(puzzle)), brute == 1);
        if brute == 1 {
            unique += 1;
        } else {
            several += 1;
        }
    }
    assert!(
        unique > 0 && several > 0,
        "{unique} unique, {several} several"
    );
}
