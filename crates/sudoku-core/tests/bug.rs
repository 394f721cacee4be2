//! SE's bivalue universal grave (BUG) on real puzzles: those of
//! `tests/data/rated/bug.txt` (see its header for serate's command and the
//! sources), whose paths take a BUG type 1 on a cell of four candidates, are
//! rated as serate rates them, take that step on serate's cell, and every
//! step of their paths holds against the solution of the independent
//! brute-force solver of `tests/common`. (The four types against serate's
//! own steps, position by position, are a unit test of `rate/bug.rs`.)

mod common;

use std::path::Path;

use sudoku_core::rate::{self, Scale, Technique};
use sudoku_core::Grid;

#[test]
fn bug_type_1_puzzles_rate_as_serate_and_every_step_is_sound() {
    let path = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/data/rated/bug.txt");
    let text = std::fs::read_to_string(path).expect("test data is readable");
    let rated = common::rated_fixture_with_fields(&text);
    assert_eq!(rated.len(), 3);
    for (line, se, fields) in &rated {
        let puzzle: Grid = line.parse().expect("the puzzle parses");
        let rating = rate::rate(&puzzle).expect("one solution");
        common::assert_rated_as(line, [rating.score, rating.pearl, rating.diamond], *se);
        let solution = common::unique_solution(line);
        let path = rate::explain_with(&puzzle, Scale::Se);
        for step in &path {
            for &(cell, digit) in &step.eliminations {
                assert_ne!(solution[cell], digit, "{step} in {line}");
            }
            for &(cell, digit) in &step.placements {
                assert_eq!(solution[cell], digit, "{step} in {line}");
            }
        }
        // serate's BUG's cell, `rXcY` (after its step number).
        let bug = path
            .iter()
            .find(|s| s.technique == Technique::BugPlusOne)
            .expect("a BUG step");
        let cell = bug.cells[0];
        assert_eq!(format!("r{}c{}", cell / 9 + 1, cell % 9 + 1), fields[2]);
        // Two candidates removed from the cell, none placed.
        assert!(bug.placements.is_empty(), "{bug}");
        assert_eq!(bug.eliminations.len(), 2, "{bug}");
        assert!(bug.eliminations.iter().all(|&(c, _)| c == cell), "{bug}");
    }
}
