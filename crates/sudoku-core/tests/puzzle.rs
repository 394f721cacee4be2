//! Property tests of puzzle generation: whatever the seed, blank range and
//! symmetry, every puzzle meets the options, and the seed fixes the output.
#![cfg(feature = "generate")]

use proptest::prelude::*;
use sudoku_core::puzzle::{Generator, GeneratorOptions, Symmetry};
use sudoku_core::{BitmaskSolver, Solver};

fn symmetry() -> impl Strategy<Value = Symmetry> {
    prop::sample::select(Symmetry::ALL.to_vec())
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
        // Quarter-turn symmetry blanks cells four at a time (plus the centre),
        // so some narrow ranges hold no possible count: those are refused.
        let reachable = (lo..=hi).any(|b| symmetry != Symmetry::Rot90 || b % 4 < 2);
        let Ok(generator) = Generator::new(options) else {
            prop_assert!(!reachable);
            return Ok(());
        };
        let puzzles = generator.generate(3).unwrap();
        let solver = BitmaskSolver::new();
        for p in &puzzles {
            prop_assert!((lo..=hi).contains(&p.puzzle.blanks()));
            prop_assert!(symmetry.holds_for(&p.puzzle));
            prop_assert!(p.solution.solves(&p.puzzle));
            let count = solver.count_solutions(&p.puzzle, 2);
            let expected = if unique { count == 1 } else { count >= 1 };
            prop_assert!(expected, "{} solutions", count);
        }
        prop_assert_eq!(generator.generate(3).unwrap(), puzzles);
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
