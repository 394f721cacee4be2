//! Property tests of puzzle generation: whatever the seed, blank range and
//! symmetry, every puzzle meets the options, and the seed fixes the output.
#![cfg(feature = "generate")]

use proptest::prelude::*;
use sudoku_core::puzzle::{
    Generator, GeneratorOptions, PuzzleError, Symmetry, MAX_DRAWS_FROM_SOLUTION,
};
use sudoku_core::rand::{rngs::StdRng, SeedableRng};
use sudoku_core::rate::Level;
use sudoku_core::{BitmaskSolver, Grid, Solver};

fn symmetry() -> impl Strategy<Value = Symmetry> {
    prop::sample::select(Symmetry::ALL.to_vec())
}

/// A transformation of the square, on (row, column).
type Map = fn(usize, usize) -> (usize, usize);

/// Every transformation of the square that `symmetry` asks the clue
/// pattern to be invariant under, written out here from the definitions.
fn maps(symmetry: Symmetry) -> Vec<Map> {
    let half: Map = |r, c| (8 - r, 8 - c);
    let quarter: Map = |r, c| (c, 8 - r);
    let three_quarters: Map = |r, c| (8 - c, r);
    let left_right: Map = |r, c| (r, 8 - c);
    let top_bottom: Map = |r, c| (8 - r, c);
    let diagonal: Map = |r, c| (c, r);
    let anti: Map = |r, c| (8 - c, 8 - r);
    match symmetry {
        Symmetry::None => vec![],
        Symmetry::Rot180 => vec![half],
        Symmetry::Rot90 => vec![quarter, half, three_quarters],
        Symmetry::Mirror => vec![left_right],
        Symmetry::Diagonal => vec![diagonal],
        Symmetry::MirrorTopBottom => vec![top_bottom],
        Symmetry::AntiDiagonal => vec![anti],
        Symmetry::BothMirrors => vec![left_right, top_bottom, half],
        Symmetry::BothDiagonals => vec![diagonal, anti, half],
        Symmetry::Dihedral => vec![
            quarter,
            half,
            three_quarters,
            left_right,
            top_bottom,
            diagonal,
            anti,
        ],
        other => panic!("no definition for {other}"),
    }
}

/// True when the clue pattern of `grid` is the same under every map of
/// `symmetry`'s group.
fn is_invariant(grid: &Grid, symmetry: Symmetry) -> bool {
    let cells = grid.cells();
    maps(symmetry).iter().all(|map| {
        (0..81).all(|cell| {
            let (r, c) = map(cell / 9, cell % 9);
            (cells[cell] == 0) == (cells[r * 9 + c] == 0)
        })
    })
}

/// The blank counts a pattern with `symmetry` can have: sums of the sizes
/// of the classes of cells its maps join (found here by a union of cells
/// under the maps above, not from the library's orbits).
fn blank_counts(symmetry: Symmetry) -> [bool; 82] {
    let mut class: Vec<usize> = (0..81).collect();
    fn root(class: &mut [usize], mut x: usize) -> usize {
        while class[x] != x {
            x = class[x];
        }
        x
    }
    for map in maps(symmetry) {
        for cell in 0..81 {
            let (r, c) = map(cell / 9, cell % 9);
            let (a, b) = (root(&mut class, cell), root(&mut class, r * 9 + c));
            class[a] = b;
        }
    }
    let mut sizes = [0usize; 81];
    for cell in 0..81 {
        sizes[root(&mut class, cell)] += 1;
    }
    let mut reachable = [false; 82];
    reachable[0] = true;
    for size in sizes.into_iter().filter(|&n| n > 0) {
        for total in (0..=81 - size).rev() {
            if reachable[total] {
                reachable[total + size] = true;
            }
        }
    }
    reachable
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(24))]

    #[test]
    fn puzzles_meet_their_options(
        seed in any::<u64>(),
        lo in 20usize..56,
        width in 0usize..8,
        unique in any::<bool>(),
        symmetry in symmetry(),
    ) {
        let hi = lo + width;
        let options = GeneratorOptions::new()
            .blanks(lo..=hi)
            .unique(unique)
            .symmetry(symmetry)
            .seed(seed);
        // Symmetries with orbits of 4 or 8 cells blank that many at a time
        // (plus the centre, and pairs for two mirrors), so some narrow
        // ranges hold no possible count: those are refused.
        let reachable = (lo..=hi).any(|b| blank_counts(symmetry)[b]);
        let Ok(generator) = Generator::new(options) else {
            prop_assert!(!reachable);
            return Ok(());
        };
        let puzzles = generator.generate(3).unwrap();
        let solver = BitmaskSolver::new();
        for p in &puzzles {
            prop_assert!((lo..=hi).contains(&p.puzzle.blanks()));
            prop_assert!(symmetry.holds_for(&p.puzzle));
            prop_assert!(is_invariant(&p.puzzle, symmetry), "{}", p.puzzle);
            prop_assert!(p.solution.solves(&p.puzzle));
            let count = solver.count_solutions(&p.puzzle, 2);
            let expected = if unique { count == 1 } else { count >= 1 };
            prop_assert!(expected, "{} solutions", count);
        }
        prop_assert_eq!(generator.generate(3).unwrap(), puzzles);
    }

    /// A puzzle from the caller's solution: that grid is its solution (the
    /// only one when unique), it meets the blanks, symmetry and minimality
    /// asked for, and the same RNG state gives the same puzzle.
    #[test]
    fn puzzles_from_a_given_solution_keep_it(
        seed in any::<u64>(),
        lo in 20usize..56,
        unique in any::<bool>(),
        minimal in any::<bool>(),
        symmetry in symmetry(),
    ) {
        let mut rng = StdRng::seed_from_u64(seed);
        let mine = sudoku_core::puzzle::random_grid(&mut rng);
        let hi = lo + 6;
        let options = GeneratorOptions::new()
            .blanks(lo..=hi)
            .unique(unique || minimal)
            .minimal(minimal)
            .symmetry(symmetry);
        let Ok(generator) = Generator::new(options) else {
            return Ok(());
        };
        let draw = |seed| generator.puzzle_from_solution(&mine, &mut StdRng::seed_from_u64(seed), None);
        let p = match draw(seed) {
            Ok(p) => p,
            // Unique (or minimal) puzzles with this many blanks may not
            // exist for this grid and symmetry (54 blanks in orbits of 8
            // cells under `dihedral`, say); then the search ends with this
            // error. Without uniqueness any blank pattern will do.
            Err(PuzzleError::NoneForSolution { draws }) => {
                prop_assert!(unique || minimal);
                prop_assert_eq!(draws, MAX_DRAWS_FROM_SOLUTION);
                return Ok(());
            }
            Err(e) => return Err(TestCaseError::fail(e.to_string())),
        };
        prop_assert_eq!(p.solution, mine);
        prop_assert!(mine.solves(&p.puzzle));
        prop_assert!((lo..=hi).contains(&p.puzzle.blanks()));
        prop_assert!(symmetry.holds_for(&p.puzzle));
        let solver = BitmaskSolver::new();
        if unique || minimal {
            prop_assert_eq!(solver.unique_solution(&p.puzzle), Some(mine));
        }
        if minimal {
            prop_assert!(sudoku_core::puzzle::is_minimal(&p.puzzle, symmetry));
        }
        prop_assert_eq!(draw(seed), Ok(p));
    }

    #[test]
    fn minimal_puzzles_are_minimal(seed in any::<u64>(), symmetry in symmetry()) {
        let options = GeneratorOptions::new().minimal(true).symmetry(symmetry).seed(seed);
        let p = Generator::new(options).unwrap().puzzle(0, None).unwrap();
        prop_assert!(sudoku_core::puzzle::is_minimal(&p.puzzle, symmetry));
    }
}

/// A count far beyond memory is a request, not an allocation: the run goes
/// until the sink stops it (issue 37: `usize::MAX` overflowed the capacity
/// before), gives the same puzzles as a run of that length, and the sink's
/// error is the run error's source.
#[test]
fn a_huge_count_runs_until_the_sink_stops_it() {
    use std::error::Error as _;
    use sudoku_core::puzzle::RunError;

    let generator = Generator::new(GeneratorOptions::new().seed(37)).expect("options");
    let three: Vec<_> = generator
        .generate(3)
        .expect("three puzzles")
        .into_iter()
        .map(|g| g.puzzle)
        .collect();
    for threads in [1, 2] {
        let mut got = Vec::new();
        let result = generator.run(usize::MAX, threads, None, |g| {
            got.push(g.puzzle);
            if got.len() == 3 {
                Err(std::io::Error::other("the disk is full"))
            } else {
                Ok(())
            }
        });
        let error = result.expect_err("the sink stopped the run");
        assert!(matches!(error, RunError::Sink(_)), "{error:?}");
        let source = error.source().expect("the sink's error is the source");
        assert_eq!(source.to_string(), "the disk is full");
        assert_eq!(got, three, "{threads} threads");
    }
}

/// Levels from one given grid: the puzzle rates at the level asked for (by
/// the rater, independently of the generator's own check) on the caller's
/// solution; grids that are not complete and valid are refused, and a
/// request no grid can meet stops at the draw cap or the deadline.
#[test]
fn puzzles_of_every_level_from_a_given_solution_and_refusals() {
    let mine: Grid =
        "534678912672195348198342567859761423426853791713924856961537284287419635345286179"
            .parse()
            .expect("a valid grid");
    for &level in Level::ALL {
        let generator = Generator::new(GeneratorOptions::new().level(level)).expect("options");
        let p = generator
            .puzzle_from_solution(&mine, &mut StdRng::seed_from_u64(5), None)
            .unwrap_or_else(|e| panic!("{level}: {e}"));
        assert_eq!(p.solution, mine, "{level}");
        assert_eq!(BitmaskSolver::new().unique_solution(&p.puzzle), Some(mine));
        let rating = sudoku_core::rate::rate(&p.puzzle).expect("a unique puzzle rates");
        assert_eq!(rating.level, level, "{level}: {}", p.puzzle);
    }

    let generator = Generator::new(GeneratorOptions::new()).expect("options");
    let mut rng = StdRng::seed_from_u64(1);
    let mut broken = *mine.cells();
    broken[0] = 0;
    let mut twice = *mine.cells();
    twice.swap(0, 9);
    for bad in [
        Grid::EMPTY,
        Grid::from_cells(broken).unwrap(),
        Grid::from_cells(twice).unwrap(),
    ] {
        assert_eq!(
            generator.puzzle_from_solution(&bad, &mut rng, None),
            Err(PuzzleError::NotASolution)
        );
    }

    // A 17-clue puzzle: random digging from one grid practically never
    // gets there (few grids have one at all), so the draws end at the cap.
    let hopeless = Generator::new(GeneratorOptions::new().blanks(64..=64)).expect("options");
    let started = std::time::Instant::now();
    let error = hopeless.puzzle_from_solution(&mine, &mut rng, None);
    assert_eq!(
        error,
        Err(PuzzleError::NoneForSolution {
            draws: MAX_DRAWS_FROM_SOLUTION
        })
    );
    eprintln!(
        "{MAX_DRAWS_FROM_SOLUTION} fruitless draws: {:?}",
        started.elapsed()
    );
    let past = std::time::Instant::now();
    assert_eq!(
        generator.puzzle_from_solution(&mine, &mut rng, Some(past)),
        Err(PuzzleError::TimedOut)
    );
}

/// Every symmetry makes unique and minimal puzzles whose clue patterns are
/// invariant under the whole of its group (checked with the maps written
/// out above), and the clue patterns of the other symmetries' puzzles are
/// not all invariant under it (so each asks for something).
#[test]
fn every_symmetry_makes_unique_and_minimal_puzzles() {
    let solver = BitmaskSolver::new();
    for &symmetry in Symmetry::ALL {
        for minimal in [false, true] {
            let options = GeneratorOptions::new()
                .symmetry(symmetry)
                .minimal(minimal)
                .seed(11);
            let generator = Generator::new(options).expect("options");
            for p in generator.generate(3).expect("puzzles") {
                assert!(
                    is_invariant(&p.puzzle, symmetry),
                    "{symmetry}: {}",
                    p.puzzle
                );
                assert_eq!(solver.unique_solution(&p.puzzle), Some(p.solution));
                if minimal {
                    assert!(sudoku_core::puzzle::is_minimal(&p.puzzle, symmetry));
                }
            }
        }
        let free = Generator::new(GeneratorOptions::new().seed(3)).expect("options");
        let plain = free.generate(5).expect("puzzles");
        if symmetry != Symmetry::None {
            assert!(
                plain.iter().any(|p| !is_invariant(&p.puzzle, symmetry)),
                "{symmetry}"
            );
        }
    }
}

/// The neighbourhood search: what it finds is unique, rated in the band by
/// the rater (asked here again), within two clue changes of a seed (at most
/// four cells differ), equivalent to no seed and to no other find; the run
/// is the same on one thread and two; bad seeds, a past deadline and a
/// failing sink are reported.
#[test]
fn near_search_finds_distinct_neighbours_in_the_band() {
    use std::convert::Infallible;
    use sudoku_core::puzzle::RunError;
    use sudoku_core::transform::canonical;

    // Rated 7.2 and 7.3 by serate (tests/data/serate.txt).
    let seeds: Vec<Grid> = [
        "....6..7.45.7.......94.1.6...82.7....1..3..9.5....98...7.3..2.............2.85.31",
        "...6..8..45....7.......1..6.1.3..5..5.......88...7.43..4..9..5......69.2..82.....",
    ]
    .iter()
    .map(|line| line.parse().expect("a puzzle"))
    .collect();
    let generator =
        Generator::new(GeneratorOptions::new().rating(7.6..=9.0).seed(5)).expect("options");
    let search = |threads| {
        let mut found = Vec::new();
        let mut reports = 0;
        let summary = generator
            .run_near(
                &seeds,
                6,
                threads,
                None,
                |_| {
                    reports += 1;
                    true
                },
                |g| {
                    found.push(*g);
                    Ok::<(), Infallible>(())
                },
            )
            .expect("a run");
        (found, summary, reports)
    };
    let (found, summary, reports) = search(1);
    assert_eq!(found.len(), 6);
    assert_eq!(summary.generated, 6);
    assert!(summary.tried >= 6 && reports > 0, "{summary:?}");
    let solver = BitmaskSolver::new();
    let mut forms: Vec<Grid> = seeds.iter().map(canonical).collect();
    for g in &found {
        assert_eq!(solver.unique_solution(&g.puzzle), Some(g.solution));
        let score = sudoku_core::rate::rate(&g.puzzle).expect("unique").score;
        assert!((7.6..=9.0).contains(&score), "{score}: {}", g.puzzle);
        assert_eq!(g.rating.map(|r| r.score), Some(score));
        let nearest = seeds
            .iter()
            .map(|s| {
                (0..81)
                    .filter(|&c| s.cells()[c] != g.puzzle.cells()[c])
                    .count()
            })
            .min()
            .unwrap();
        assert!(
            (2..=4).contains(&nearest),
            "{nearest} cells differ: {}",
            g.puzzle
        );
        forms.push(canonical(&g.puzzle));
    }
    let before = forms.len();
    forms.sort();
    forms.dedup();
    assert_eq!(
        forms.len(),
        before,
        "a find is equivalent to a seed or another find"
    );
    let (again, _, _) = search(2);
    assert_eq!(again, found, "the thread count changes nothing");

    let nothing = |seeds: &[Grid]| {
        generator.run_near(seeds, 1, 1, None, |_| true, |_| Ok::<(), Infallible>(()))
    };
    assert!(matches!(
        nothing(&[]),
        Err(RunError::Generate(PuzzleError::NoSeeds))
    ));
    let mut broken = *seeds[0].cells();
    broken[0] = 4; // a second 4 in its column and box
    let with_broken = [seeds[0], Grid::from_cells(broken).expect("in range")];
    assert!(matches!(
        nothing(&with_broken),
        Err(RunError::Generate(PuzzleError::SeedWithoutSolution {
            index: 1
        }))
    ));
    let past = std::time::Instant::now();
    let summary = generator
        .run_near(
            &seeds,
            3,
            1,
            Some(past),
            |_| true,
            |_| Ok::<(), Infallible>(()),
        )
        .expect("a run");
    assert!(summary.timed_out && summary.generated == 0);
    let failed = generator.run_near(&seeds, 3, 2, None, |_| true, |_| Err("the disk is full"));
    assert!(matches!(failed, Err(RunError::Sink("the disk is full"))));
    // The progress callback ends the run after its first report.
    let summary = generator
        .run_near(
            &seeds,
            1000,
            1,
            None,
            |_| false,
            |_| Ok::<(), Infallible>(()),
        )
        .expect("a run");
    assert!(
        summary.stopped && !summary.timed_out && summary.generated < 1000,
        "{summary:?}"
    );
}
