//! Steps of SE's paths against serate's own: the puzzles of a fixture in
//! `tests/data/rated/` (see each file's header for serate's command and the
//! sources) are rated as serate rates them, and the first step of the
//! fixture's technique on each path is serate's, cell for cell, in serate's
//! order; what it removes holds against the independent brute-force
//! solver's solution.
//!
//! - `wings.txt`: SE's WXYZ- to TUVWXYZ-Wings where several wings tie on
//!   SE's sort keys. SE breaks those ties by the order its search meets the
//!   wings, which is not the order of ours; on most of these puzzles another
//!   wing would rate the same, so the cells are what tells the two orders
//!   apart. serate lists the set's cells, then the bivalue cell.
//! - `aligned.txt`: SE's Aligned Pair Exclusion; serate lists the two base
//!   cells (ours lists the excluders after them).
//! - `triplets.txt`: SE's Aligned Triplet Exclusion; serate lists the three
//!   base cells, in the order its search met them.

mod common;

use std::path::Path;

use sudoku_core::rate::{self, Scale, Technique};
use sudoku_core::Grid;

/// `rXcY` for each cell, joined by commas, as serate lists them.
fn cell_names(cells: &[usize]) -> String {
    cells
        .iter()
        .map(|&c| format!("r{}c{}", c / 9 + 1, c % 9 + 1))
        .collect::<Vec<_>>()
        .join(",")
}

/// Checks the `count` puzzles of `tests/data/rated/FILE`: serate's ER/EP/ED,
/// and the first step of one of `techniques` on the path, whose first
/// `shown` cells (all when `None`) are those serate lists.
fn first_steps_are_serates(
    file: &str,
    count: usize,
    techniques: &[Technique],
    shown: Option<usize>,
) {
    let path = Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("tests/data/rated")
        .join(file);
    let text = std::fs::read_to_string(path).expect("test data is readable");
    let rated = common::rated_fixture_with_fields(&text);
    assert_eq!(rated.len(), count);
    for (line, se, fields) in &rated {
        let puzzle: Grid = line.parse().expect("the puzzle parses");
        let rating = rate::rate(&puzzle).expect("one solution");
        common::assert_rated_as(line, [rating.score, rating.pearl, rating.diamond], *se);
        let path = rate::explain_with(&puzzle, Scale::Se);
        let step = path
            .iter()
            .find(|s| techniques.contains(&s.technique))
            .expect("a step of the technique");
        assert_eq!(step.technique.name().replace(' ', "-"), fields[1], "{line}");
        let cells = &step.cells[..shown.unwrap_or(step.cells.len())];
        assert_eq!(cell_names(cells), fields[2], "{step} in {line}");
        let solution = common::unique_solution(line);
        for &(cell, digit) in &step.eliminations {
            assert_ne!(solution[cell], digit, "{step} in {line}");
        }
    }
}

#[test]
fn tied_wings_are_taken_in_serates_order() {
    let wings = [
        Technique::WxyzWing,
        Technique::VwxyzWing,
        Technique::UvwxyzWing,
        Technique::TuvwxyzWing,
    ];
    first_steps_are_serates("wings.txt", 28, &wings, None);
}

#[test]
fn aligned_pair_exclusions_are_serates() {
    first_steps_are_serates(
        "aligned.txt",
        2,
        &[Technique::AlignedPairExclusion],
        Some(2),
    );
}

#[test]
fn aligned_triplet_exclusions_are_serates() {
    first_steps_are_serates(
        "triplets.txt",
        37,
        &[Technique::AlignedTripletExclusion],
        Some(3),
    );
}
