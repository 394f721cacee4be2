//! The logical solver against the backtracking solver: every step of every
//! path is checked against the puzzle's true solution.

use std::path::Path;

use sudoku_core::rate::{self, Candidates, Level, LogicalSolver, Scale, Technique};
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

/// Walks the whole path of `puzzle` on both scales, checking every step
/// against the puzzle's solution.
fn check_path(puzzle: &Grid) -> Vec<Technique> {
    let mut used = check_path_on(puzzle, Scale::Native);
    used.extend(check_path_on(puzzle, Scale::Se));
    used
}

/// Walks the whole path of `puzzle` on `scale`, checking every step against
/// the puzzle's solution.
fn check_path_on(puzzle: &Grid, scale: Scale) -> Vec<Technique> {
    let solution = BitmaskSolver::new()
        .solve(puzzle)
        .expect("test puzzles are solvable");
    let mut marks = Candidates::new(puzzle);
    let mut used = Vec::new();
    for step in rate::explain_with(puzzle, scale) {
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

fn check_file_on(name: &str, take: usize, scale: Scale) -> Vec<Technique> {
    puzzles(name, take)
        .iter()
        .flat_map(|p| check_path_on(p, scale))
        .collect()
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
    used.extend(check_file_on(
        "forum_hardest_1905_11.txt",
        25,
        Scale::Native,
    ));
    // On SE's scale these take SE's nested chains, about two seconds each
    // (release build): a few of them.
    used.extend(check_file_on("forum_hardest_1905_11.txt", 4, Scale::Se));
    used.extend(check_file_on("forum_hardest_1106.txt", 4, Scale::Se));
    used.sort();
    used.dedup();
    // A hard set exercises most of the repertoire; each was checked above.
    assert!(used.len() >= 15, "only {used:?}");
    // Including SE's dynamic chains, whose nets erase candidates as they go,
    // and its nested chains, whose nets run forcing chains inside.
    for chains in [
        Technique::NishioForcingChain,
        Technique::DynamicForcingChain,
        Technique::DynamicForcingChainPlus,
        Technique::NestedForcingChain,
        Technique::NestedMultipleForcingChain,
    ] {
        assert!(used.contains(&chains), "{chains:?} not exercised");
    }
}

#[test]
fn every_se_step_on_serate_puzzles_is_sound() {
    // The serate-rated puzzles reach every band of SE's scale: walk their
    // SE paths (the file's first field is the puzzle).
    let path = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/data/serate.txt");
    let text = std::fs::read_to_string(path).expect("test data is readable");
    let mut used: Vec<Technique> = text
        .lines()
        .filter(|l| !l.starts_with('#') && !l.trim().is_empty())
        .flat_map(|l| {
            let puzzle: Grid = l
                .split_whitespace()
                .next()
                .expect("a puzzle")
                .parse()
                .expect("test data parses");
            check_path_on(&puzzle, Scale::Se)
        })
        .collect();
    used.sort();
    used.dedup();
    // No X-cycle: the three that these paths took are SE's X-loops of
    // three strong links (5.5-5.6), taken before the cycles (6.5) as serate
    // takes them; an X-cycle now needs five strong links or more.
    for technique in [
        Technique::UniqueLoop,
        Technique::BugType2,
        Technique::ThreeStrongLinks,
        Technique::FourStrongLinks,
        Technique::YCycle,
        Technique::XyCycle,
        Technique::NishioForcingChain,
        Technique::CellForcingChain,
        Technique::RegionForcingChain,
        Technique::DynamicForcingChain,
        Technique::NestedForcingChain,
        Technique::NestedMultipleForcingChain,
        Technique::NestedDynamicForcingChain,
    ] {
        assert!(used.contains(&technique), "{technique:?} not exercised");
    }
}

#[test]
fn rating_is_the_hardest_step_and_its_band() {
    for puzzle in puzzles("magictour_top1465.txt", 20) {
        // Native: the hardest technique's weight.
        let rating = rate::rate_native(&puzzle).expect("unique puzzle");
        let path = rate::explain_with(&puzzle, Scale::Native);
        let hardest = path.iter().map(|s| s.technique).max().expect("a path");
        assert_eq!(rating.hardest, hardest);
        assert_eq!(rating.steps, path.len());
        assert_eq!(rating.score, hardest.weight());
        let (lo, hi) = rating.level.band();
        assert!(lo <= rating.score && rating.score < hi);
        assert_eq!(rating.solved_logically, hardest != Technique::TrialAndError);

        // SE: ER is the highest step difficulty, ED the first step's, EP the
        // highest up to the first placement.
        let rating = rate::rate(&puzzle).expect("unique puzzle");
        let path = rate::explain(&puzzle);
        let top = path.iter().map(|s| s.difficulty()).fold(0.0, f32::max);
        assert_eq!(rating.score, top);
        assert_eq!(rating.steps, path.len());
        assert_eq!(rating.diamond, path[0].difficulty());
        let first_placement = path
            .iter()
            .position(|s| !s.placements.is_empty())
            .expect("a placement");
        let pearl = path[..=first_placement]
            .iter()
            .map(|s| s.difficulty())
            .fold(0.0, f32::max);
        assert_eq!(rating.pearl, pearl);
        assert!(rating.diamond <= rating.pearl && rating.pearl <= rating.score);
        let hardest = path.iter().find(|s| s.difficulty() == top).expect("a step");
        assert_eq!(rating.hardest, hardest.technique);
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

/// Puzzles one given short, or with a blank filled wrongly or rightly,
/// whose paths place singles before the rater asks whether there is one
/// solution: a rating exactly when the backtracking solver counts one, on
/// both scales.
#[test]
fn altered_puzzles_are_rated_exactly_when_they_have_one_solution() {
    let (mut rated, mut refused) = (0, 0);
    for (n, puzzle) in puzzles("unbiased.txt", 60).into_iter().enumerate() {
        let cells = *puzzle.cells();
        let givens: Vec<usize> = (0..81).filter(|&c| cells[c] != 0).collect();
        let blanks: Vec<usize> = (0..81).filter(|&c| cells[c] == 0).collect();
        let solution = BitmaskSolver::new().solve(&puzzle).expect("a solution");
        let blank = blanks[n % blanks.len()];
        let mut short = cells;
        short[givens[n % givens.len()]] = 0;
        let mut wrong = cells;
        wrong[blank] = solution.cells()[blank] % 9 + 1;
        let mut right = cells;
        right[blank] = solution.cells()[blank];
        for altered in [short, wrong, right] {
            let altered = Grid::from_cells(altered).expect("digits in range");
            let unique = BitmaskSolver::new().count_solutions(&altered, 2) == 1;
            for scale in [Scale::Se, Scale::Native] {
                let rating = rate::rate_with(&altered, scale);
                assert_eq!(rating.is_some(), unique, "{altered} on {scale:?}");
            }
            if unique {
                rated += 1;
            } else {
                refused += 1;
            }
        }
    }
    assert!(rated > 0 && refused > 0, "{rated} rated, {refused} refused");
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

/// Puzzles whose hardest step is one named technique. They come from the
/// public sets in `tests/data` (file and line given) and from puzzles qqwing
/// generated; the technique is what our solver reports, and each is checked
/// here to be out of reach of singles.
const NAMED: &[(Technique, &str)] = &[
    // 17_clue.txt line 16
    (
        Technique::Pointing,
        ".................1.....2.3...2...4....3.5......41....6.5.6......7.....2..8.91....",
    ),
    // 17_clue.txt line 49
    (
        Technique::Claiming,
        ".................1....23.4.........5..2..6.3...71.........37.6..5...8...91.......",
    ),
    // 17_clue.txt line 5
    (
        Technique::NakedPair,
        ".................1.....2.3......3.2...1.4......5....6..3......4.7..8...962...7...",
    ),
    // generated by qqwing
    (
        Technique::XWing,
        "...........547......4..61..1...2....8.61..32..3...87...6...325..4..6.....718.....",
    ),
    // 17_clue.txt line 58
    (
        Technique::HiddenPair,
        ".................1....23.4......2.3...1.45.....6...7.....71.....4.......23.....8.",
    ),
    // magictour_top1465.txt line 17
    (
        Technique::NakedTriple,
        "......41.9..3.....3...2.....48..7..........52.1.......5..2....6.7....8......9....",
    ),
    // unbiased.txt line 33
    (
        Technique::Swordfish,
        "..............31.2.89....43..47...2..9......7..592.3.1..2..85.....26....5..4...6.",
    ),
    // magictour_top1465.txt line 14
    (
        Technique::HiddenTriple,
        ".8..1......5....3.......4.....6.5.7.89....2.....3.....2.....1.9..67........4.....",
    ),
    // 17_clue.txt line 28
    (
        Technique::Skyscraper,
        ".................1.....234.....5......3...6....7.1...8.5...3....9...6...18......5",
    ),
    // magictour_top1465.txt line 84
    (
        Technique::TwoStringKite,
        "2...6...8.743.........2....62......1...4..5..8...........5..34......1..........7.",
    ),
    // 17_clue.txt line 261
    (
        Technique::FinnedXWing,
        ".................1..2..3..4....1..3.....5......62...7..1...4...3....862.5........",
    ),
    // magictour_top1465.txt line 161
    (
        Technique::XyWing,
        "9.....7.1.2.4...........5..7.1..5....8.....3.............82..4.1.9.........39....",
    ),
    // 17_clue.txt line 189
    (
        Technique::FinnedSwordfish,
        ".................1..2..3..4.......5......4.....3..678.....9.2...1.5.....64.1.....",
    ),
    // magictour_top1465.txt line 97
    (
        Technique::XyzWing,
        ".4.7...6...39............57.......3.2...8.....19...57.6...4.....5.1......2...6.84",
    ),
    // magictour_top1465.txt line 47
    (
        Technique::WWing,
        "5.7....3.....61...1.8......62..4.......7...8...........1....6.43..5...........2..",
    ),
    // unbiased.txt line 165
    (
        Technique::UniqueRectangle,
        ".2......64..3.7...7..162...8...9.....4.....9....7136.83.89..512...8....9..5...8..",
    ),
    // unbiased.txt line 3
    (
        Technique::SimpleColouring,
        "12.74.6.94..8......89..3.1....4.2..1..........4.6..9..3...2...62....6.....8...4..",
    ),
    // magictour_top1465.txt line 231
    (
        Technique::NakedQuad,
        ".2.4....94..189.......62.5......63..3..94.5.......8.1..........8.2..4...964.....7",
    ),
    // generated by qqwing
    (
        Technique::FinnedJellyfish,
        "...4..1.59.5....7..1.6.94..3....7......1................6..18.4..896.5..5......69",
    ),
    // generated by qqwing
    (
        Technique::XChain,
        "2......6.7.85......65.8.....7..4.....1..2.6.8..6..7.4.68...54.3..3...25.4..2.....",
    ),
    // magictour_top1465.txt line 48
    (
        Technique::XyChain,
        "7.....48....6.1..........2....3..6.52...8..............53.....1.6.1.........4.7..",
    ),
    // 17_clue.txt line 26
    (
        Technique::Aic,
        ".................1.....2.34.....56....7....8..8..1.7.....8.....3..6.....9.5.....3",
    ),
    // magictour_top1465.txt line 4
    (
        Technique::ForcingChain,
        "4...3.......6..8..........1....5..9..8....6...7.2........1.27..5.3....4.9........",
    ),
    // forum_hardest_1106.txt line 41
    (
        Technique::DynamicForcingChain,
        ".....1.....7.2.....9.6.8..5..1..7....6.9....42.9.........8...59.8....4....6.3...8",
    ),
    // forum_hardest_1106.txt line 4
    (
        Technique::TrialAndError,
        "........8..3...4...9..2..6.....79.......612...6.5.2.7...8...5...1.....2.4.5.....3",
    ),
];

/// Naked and hidden singles only, written independently of the rate module.
fn singles_solve(puzzle: &Grid) -> Grid {
    let mut cells = *puzzle.cells();
    let units: Vec<[usize; 9]> = sudoku_core::Unit::all().map(|u| u.cells()).collect();
    let allowed = |cells: &[u8; 81], c: usize, d: u8| {
        cells[c] == 0
            && units
                .iter()
                .filter(|u| u.contains(&c))
                .all(|u| u.iter().all(|&p| cells[p] != d))
    };
    loop {
        let mut progress = false;
        for c in 0..81 {
            let options: Vec<u8> = (1..=9).filter(|&d| allowed(&cells, c, d)).collect();
            if options.len() == 1 {
                cells[c] = options[0];
                progress = true;
            }
        }
        for unit in &units {
            for d in 1..=9 {
                let places: Vec<usize> = unit
                    .iter()
                    .copied()
                    .filter(|&c| allowed(&cells, c, d))
                    .collect();
                if places.len() == 1 {
                    cells[places[0]] = d;
                    progress = true;
                }
            }
        }
        if !progress {
            return Grid::from_cells(cells).expect("digits stay in range");
        }
    }
}

#[test]
fn named_technique_puzzles_are_rated_with_that_technique() {
    for &(technique, line) in NAMED {
        let puzzle: Grid = line.parse().unwrap();
        assert!(
            !singles_solve(&puzzle).is_complete(),
            "{technique}: singles suffice"
        );
        let rating = rate::rate_native(&puzzle).expect("unique puzzle");
        assert_eq!(rating.hardest, technique, "{line}");
        assert_eq!(rating.score, technique.weight());
        let used = check_path_on(&puzzle, Scale::Native);
        assert!(used.contains(&technique));
    }
}

#[test]
fn singles_puzzles_are_rated_full_house_hidden_or_naked_single() {
    let solution = BitmaskSolver::new()
        .solve(
            &"53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79"
                .parse()
                .unwrap(),
        )
        .unwrap();
    // One blank cell: a full house.
    let mut one = solution;
    one.set(4, 4, 0).unwrap();
    assert_eq!(rate::rate(&one).unwrap().hardest, Technique::FullHouse);
    assert_eq!(rate::rate(&one).unwrap().steps, 1);
    // Two blanks in different rows, columns and boxes: each a full house of its row.
    let mut two = one;
    two.set(0, 0, 0).unwrap();
    assert_eq!(rate::rate(&two).unwrap().hardest, Technique::FullHouse);
    assert_eq!(rate::rate(&solution).unwrap().steps, 0);
    // Singles-only puzzles from the 17-clue set (lines 6 and 8).
    for (technique, line) in [
        (
            Technique::NakedSingle,
            ".................1.....2.3......3.2...4....5...6.1.....3......6.7..8...952.7.....",
        ),
        (
            Technique::HiddenSingle,
            ".................1.....2.3......45....1.6.....4......7....8.4....9...2..3.61...9.",
        ),
    ] {
        let puzzle: Grid = line.parse().unwrap();
        let rating = rate::rate(&puzzle).unwrap();
        assert!(singles_solve(&puzzle).is_complete());
        assert!(
            rating.hardest <= technique && rating.level == Level::Easy,
            "{line}: {rating:?}"
        );
    }
}

mod random_puzzles {
    use proptest::prelude::*;
    use sudoku_core::rate::{self, Candidates};
    use sudoku_core::{FinalBoards, Grid, FINAL_BOARD_COUNT};

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(64))]

        /// Random subsets of a completed grid, most with many solutions: the
        /// path ends in a solution of the puzzle, and no step contradicts it
        /// (eliminations hold for every solution, placements for the one reached).
        #[test]
        fn every_step_agrees_with_the_solution_reached(
            index in 0..FINAL_BOARD_COUNT,
            keep in proptest::collection::vec(proptest::bool::weighted(0.35), 81),
        ) {
            let board = FinalBoards::new(9).unwrap().board(index).unwrap();
            let mut cells = *board.cells();
            for (cell, keep) in cells.iter_mut().zip(&keep) {
                if !keep {
                    *cell = 0;
                }
            }
            let puzzle = Grid::from_cells(cells).unwrap();
            let path = rate::explain(&puzzle);
            let mut marks = Candidates::new(&puzzle);
            for step in &path {
                marks.apply(step);
            }
            let reached = marks.grid();
            prop_assert!(reached.solves(&puzzle));
            let mut marks = Candidates::new(&puzzle);
            for step in &path {
                for &(cell, digit) in &step.eliminations {
                    prop_assert!(marks.has(cell, digit));
                    prop_assert_ne!(reached.cells()[cell], digit, "{}", step);
                }
                for &(cell, digit) in &step.placements {
                    prop_assert_eq!(reached.cells()[cell], digit, "{}", step);
                }
                marks.apply(step);
            }
        }
    }
}

#[test]
fn bug_plus_one_fires_when_one_cell_is_trivalue() {
    // tests/data/unbiased.txt (from tdoku's puzzles1_unbiased).
    let puzzle: Grid =
        "..34.69..45..8..7.......2..8..5...3.........6..739..1.9..7...41..5..1.......3...5"
            .parse()
            .unwrap();
    check_path(&puzzle);
    let mut marks = Candidates::new(&puzzle);
    let mut fired = false;
    for step in rate::explain_with(&puzzle, Scale::Native) {
        if step.technique == Technique::BugPlusOne {
            // Every other blank cell is bivalue; the one placed in had three.
            let blanks: Vec<usize> = (0..81).filter(|&c| marks.value(c) == 0).collect();
            let trivalue: Vec<usize> = blanks
                .iter()
                .copied()
                .filter(|&c| marks.digits(c).count() == 3)
                .collect();
            assert_eq!(trivalue, vec![step.placements[0].0]);
            assert!(blanks
                .iter()
                .all(|&c| (2..=3).contains(&marks.digits(c).count())));
            fired = true;
        }
        marks.apply(&step);
    }
    assert!(fired);
}

/// Solving with singles alone stalls exactly where an independent singles
/// solver does (the singles' fixpoint does not depend on their order), on
/// both scales; every step is a single; with every technique the path is
/// `explain`'s and ends solved.
#[test]
fn apply_techniques_stalls_where_singles_stall_and_follows_explain() {
    use rate::{apply_techniques, TechniqueSet};
    let singles: TechniqueSet = [
        Technique::FullHouse,
        Technique::HiddenSingle,
        Technique::NakedSingle,
    ]
    .into_iter()
    .collect();
    let every: TechniqueSet = Technique::ALL.iter().copied().collect();
    let mut stalled = 0;
    for name in ["17_clue.txt", "unbiased.txt", "magictour_top1465.txt"] {
        for puzzle in puzzles(name, 25) {
            let expected = singles_solve(&puzzle);
            for scale in [Scale::Se, Scale::Native] {
                let progress = apply_techniques(&Candidates::new(&puzzle), singles, scale);
                assert_eq!(progress.position.grid(), expected, "{scale:?} {puzzle}");
                assert_eq!(progress.is_solved(), expected.is_complete());
                assert!(progress.path.iter().all(|s| singles.contains(s.technique)));
                stalled += usize::from(!progress.is_solved());

                let full = apply_techniques(&Candidates::new(&puzzle), every, scale);
                assert!(full.is_solved(), "{scale:?} {puzzle}");
                assert_eq!(full.path, rate::explain_with(&puzzle, scale));
            }
        }
    }
    assert!(stalled > 20, "the sets hold puzzles singles cannot finish");
}

/// From a player's pencil marks: the steps taken with a middle set of
/// techniques are sound (checked against the solution), the first is
/// `next_step_from`'s when that is in the set, and marks that remove the
/// solution's digit make no progress.
#[test]
fn apply_techniques_from_pencil_marks_is_sound() {
    use rate::{apply_techniques, next_step_from, TechniqueSet};
    use sudoku_core::CELLS;
    let set: TechniqueSet = Technique::ALL
        .iter()
        .copied()
        .filter(|&t| t <= Technique::XyWing)
        .collect();
    for puzzle in puzzles("magictour_top1465.txt", 10) {
        let solution = BitmaskSolver::new().solve(&puzzle).unwrap();
        // The player kept the solution's digit and, in every third cell,
        // dropped the highest other candidate.
        let full = Candidates::new(&puzzle);
        let mut pencil = [0u16; CELLS];
        for (cell, kept) in pencil.iter_mut().enumerate() {
            if puzzle.cells()[cell] != 0 {
                continue;
            }
            *kept = full.mask(cell);
            let other = full
                .digits(cell)
                .filter(|&d| d != solution.cells()[cell])
                .last();
            if let (0, Some(d)) = (cell % 3, other) {
                *kept &= !(1 << d);
            }
        }
        let marks = Candidates::with_pencil_marks(&puzzle, &pencil);
        let progress = apply_techniques(&marks, set, Scale::Se);
        let mut check = marks.clone();
        for step in &progress.path {
            assert!(set.contains(step.technique));
            for &(cell, digit) in &step.placements {
                assert_eq!(solution.cells()[cell], digit, "{step}");
            }
            for &(cell, digit) in &step.eliminations {
                assert_ne!(solution.cells()[cell], digit, "{step}");
            }
            check.apply(step);
        }
        assert_eq!(check, progress.position);
        if let Some(first) = next_step_from(&marks, Scale::Se).filter(|s| set.contains(s.technique))
        {
            assert_eq!(progress.path.first(), Some(&first));
        }

        // Marks without the solution's digit somewhere: nothing to do.
        let cell = (0..CELLS).find(|&c| puzzle.cells()[c] == 0).unwrap();
        pencil[cell] = full.mask(cell) & !(1 << solution.cells()[cell]);
        let wrong = Candidates::with_pencil_marks(&puzzle, &pencil);
        let none = apply_techniques(&wrong, set, Scale::Se);
        assert!(none.path.is_empty());
        assert_eq!(none.position, wrong);
    }
}
