//! The generator and the rater agree on what a rating can be: every rating
//! the rater gives a puzzle of the shipped sets (`tests/data/*`) is one the
//! generator accepts as a `--rating` band of its own, on the scale it was
//! given on (issue 39). The ratings come from `rate::rate_with`, run here on
//! the files; the generator's side is only asked whether it would try.
//!
//! The two forum_hardest sets take seconds per puzzle (minutes in a debug
//! build), so they are checked by an ignored test:
//! `cargo test --profile checked -p sudoku-core --test requestable -- --ignored`.
#![cfg(feature = "generate")]

use std::collections::BTreeSet;
use std::path::Path;

use sudoku_core::batch::map_ordered;
use sudoku_core::puzzle::GeneratorOptions;
use sudoku_core::rate::{self, Scale};
use sudoku_core::Grid;

/// The shipped sets a debug build rates in seconds.
const SETS: [&str; 5] = [
    "17_clue.txt",
    "unbiased.txt",
    "serg_benchmark.txt",
    "magictour_top1465.txt",
    "serate.txt",
];

/// The puzzles of a data file (any line whose first word is a puzzle).
fn puzzles(name: &str) -> Vec<Grid> {
    let path = Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("tests/data")
        .join(name);
    let text = std::fs::read_to_string(&path).expect("test data is readable");
    text.lines()
        .filter(|l| !l.starts_with('#'))
        .filter_map(|l| l.split_whitespace().next()?.parse().ok())
        .collect()
}

/// Every distinct rating, in tenths, `scale`'s rater gives the puzzles
/// (puzzles without one solution have none), rated on every core.
fn ratings(puzzles: Vec<Grid>, scale: Scale) -> BTreeSet<u32> {
    let mut seen = BTreeSet::new();
    let work = |chunk: Vec<Grid>, _start: usize| {
        chunk
            .iter()
            .filter_map(|p| rate::rate_with(p, scale))
            .map(|r| (r.score * 10.0).round() as u32)
            .collect::<Vec<_>>()
    };
    map_ordered(puzzles.into_iter(), 0, 4, work, |scores| {
        seen.extend(scores);
        Ok::<(), ()>(())
    })
    .expect("rating cannot fail");
    seen
}

/// Asks the generator whether it would aim at each rating, alone as a band.
fn assert_requestable(ratings: &BTreeSet<u32>, options: impl Fn() -> GeneratorOptions, what: &str) {
    assert!(!ratings.is_empty(), "{what}: nothing was rated");
    let refused: Vec<String> = ratings
        .iter()
        .map(|&t| t as f32 / 10.0)
        .filter_map(|score| {
            let options = options().rating(score..=score);
            options
                .feasibility()
                .err()
                .map(|e| format!("{score:.1}: {e}"))
        })
        .collect();
    assert!(
        refused.is_empty(),
        "{what}: refused ratings the rater gives:\n{}",
        refused.join("\n")
    );
}

#[test]
fn every_se_rating_of_the_shipped_sets_is_requestable() {
    let mut all = BTreeSet::new();
    for set in SETS {
        all.extend(ratings(puzzles(set), Scale::Se));
    }
    // Among them the ratings of issue 39: 1.5, 6.4, 7.1-7.3, 8.3.
    for t in [15, 64, 71, 72, 73, 83] {
        assert!(all.contains(&t), "{t} tenths is among the shipped ratings");
    }
    assert_requestable(&all, GeneratorOptions::new, "SE");
}

#[test]
fn every_native_rating_of_the_shipped_sets_is_requestable() {
    let mut all = BTreeSet::new();
    for set in SETS {
        all.extend(ratings(puzzles(set), Scale::Native));
    }
    let native = || GeneratorOptions::new().scale(Scale::Native);
    assert_requestable(&all, native, "native");
}

#[test]
#[ignore = "rates 600 of the hardest known puzzles: minutes even in a release build"]
fn every_se_rating_of_the_forum_hardest_sets_is_requestable() {
    let mut all = BTreeSet::new();
    for set in ["forum_hardest_1106.txt", "forum_hardest_1905_11.txt"] {
        all.extend(ratings(puzzles(set), Scale::Se));
    }
    assert_requestable(&all, GeneratorOptions::new, "SE, forum hardest");
    let mut native = BTreeSet::new();
    for set in ["forum_hardest_1106.txt", "forum_hardest_1905_11.txt"] {
        native.extend(ratings(puzzles(set), Scale::Native));
    }
    let options = || GeneratorOptions::new().scale(Scale::Native);
    assert_requestable(&native, options, "native, forum hardest");
}
