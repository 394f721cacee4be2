//! SE's WXYZ- to TUVWXYZ-Wings where several wings tie on SE's sort keys:
//! the puzzles of `tests/data/rated/wings.txt` (see its header for serate's
//! command and the sources) are rated as serate rates them, and the first
//! such wing of each path is serate's, cell for cell, in serate's order (the
//! almost locked set's cells, then the bivalue cell). SE breaks those ties
//! by the order its search meets the wings, which is not the order of ours;
//! on most of these puzzles another wing would rate the same, so the cells
//! are what tells the two orders apart.

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

#[test]
fn tied_wings_are_taken_in_serates_order() {
    let path = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/data/rated/wings.txt");
    let text = std::fs::read_to_string(path).expect("test data is readable");
    let rated = common::rated_fixture_with_fields(&text);
    assert_eq!(rated.len(), 28);
    let wings = [
        Technique::WxyzWing,
        Technique::VwxyzWing,
        Technique::UvwxyzWing,
        Technique::TuvwxyzWing,
    ];
    for (line, se, fields) in &rated {
        let puzzle: Grid = line.parse().expect("the puzzle parses");
        let rating = rate::rate(&puzzle).expect("one solution");
        let tenths = |x: f32| (x * 10.0).round() as u32;
        assert_eq!(
            [rating.score, rating.pearl, rating.diamond].map(tenths),
            *se,
            "{line}"
        );
        let path = rate::explain_with(&puzzle, Scale::Se);
        let wing = path
            .iter()
            .find(|s| wings.contains(&s.technique))
            .expect("a wing step");
        assert_eq!(wing.technique.name(), fields[1], "{line}");
        assert_eq!(cell_names(&wing.cells), fields[2], "{wing} in {line}");
        // The wing removes only what the independent solver's solution
        // does not hold.
        let solution = common::unique_solution(line);
        for &(cell, digit) in &wing.eliminations {
            assert_ne!(solution[cell], digit, "{wing} in {line}");
        }
    }
}
