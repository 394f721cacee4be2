//! SE's chains of three and four strong links, rings (X-loops) among them:
//! the puzzles of `tests/data/rated/strong_links.txt` (see its header for serate's
//! command, commit and the sources) are rated as serate rates them, and
//! every step of their paths is checked against the puzzle's solution, found
//! by the independent brute-force solver of `tests/common`.

mod common;

use std::path::Path;

use sudoku_core::rate::{self, Scale, Technique};
use sudoku_core::{Grid, Unit};

/// Issue 41's puzzle: serate finds a grouped four-strong-link chain on 5 at
/// its 24th step (6.1) and rates it 7.3/1.2/1.2.
const ISSUE_41: &str =
    "..1....9...46..8........4.39.8.7.5...3......1...539.......4...7.9..8..6.4.2..7...";

/// The cell index of row `r`, column `c` (both from 1, as the notation).
fn rc(r: usize, c: usize) -> usize {
    (r - 1) * 9 + c - 1
}

/// The fixture's lines: the puzzle's text and serate's ER, EP, ED in tenths.
fn rated() -> Vec<(String, [u32; 3])> {
    let path = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/data/rated/strong_links.txt");
    common::rated_fixture(&std::fs::read_to_string(path).expect("test data is readable"))
}

#[test]
fn issue_41_puzzle_takes_a_grouped_four_strong_link_step_and_rates_as_serate() {
    let puzzle: Grid = ISSUE_41.parse().unwrap();
    let rating = rate::rate(&puzzle).expect("one solution");
    assert_eq!(
        [rating.score, rating.pearl, rating.diamond].map(common::tenths),
        [73, 12, 12]
    );
    // SE's step 24: "Grouped 4 Strong links 21121: r1c2,r7c2,r8c1,r8c6,
    // r9c5,r1c5,r1c9,r2c9 on value 5", 6.1. Here: the grouped column 2
    // (r1c2,r3c2 | r7c2,r9c2), row 8, column 5 and column 9; the ends
    // r1c2/r3c2 and r2c9 both see r2c1.
    let path = rate::explain_with(&puzzle, Scale::Se);
    let step = &path[23];
    assert_eq!(step.technique, Technique::FourStrongLinks);
    assert_eq!(common::tenths(step.difficulty()), 61);
    let mut cells = step.cells.clone();
    cells.sort_unstable();
    let mut expected = vec![
        rc(1, 2),
        rc(1, 5),
        rc(1, 9),
        rc(2, 9),
        rc(3, 2),
        rc(7, 2),
        rc(8, 1),
        rc(8, 3),
        rc(8, 6),
        rc(9, 2),
        rc(9, 5),
    ];
    expected.sort_unstable();
    assert_eq!(cells, expected);
    assert_eq!(
        step.units,
        [
            Unit::Column(1),
            Unit::Row(7),
            Unit::Column(4),
            Unit::Column(8)
        ]
    );
    assert_eq!(step.eliminations, [(rc(2, 1), 5)]);
    // No four-link step before it: the path up to there is SE's.
    assert!(path[..23]
        .iter()
        .all(|s| s.technique < Technique::FourStrongLinks));
}

#[test]
fn a_ring_of_three_strong_links_eliminates_along_its_weak_links() {
    // magictour_top1465: row 3 (r3c1 | r3c8,r3c9), column 7 and row 8
    // (r8c1 | r8c8,r8c9) on 6 close through column 1 (r3c1, r8c1). As a
    // ring each weak link is strong too: r2c8, r7c8 and r9c8 see both ends
    // of one (box 3, box 9), which no open chain of these links removes.
    // serate rates the puzzle 7.5 (8.3 here without rings).
    let puzzle: Grid =
        ".3.56...7....4.....59..81......7.8......9.4...2...6.7.3.......1.189.3.....7..5..."
            .parse()
            .unwrap();
    let path = rate::explain_with(&puzzle, Scale::Se);
    let ring = path
        .iter()
        .find(|s| s.eliminations.contains(&(rc(2, 8), 6)))
        .expect("the ring's step");
    assert_eq!(ring.technique, Technique::ThreeStrongLinks);
    for cell in [rc(4, 1), rc(7, 8), rc(9, 8)] {
        assert!(ring.eliminations.contains(&(cell, 6)), "{ring}");
    }
    assert_eq!(common::tenths(rate::rate(&puzzle).unwrap().score), 75);
}

#[test]
fn strong_link_puzzles_rate_as_serate_and_every_step_is_sound() {
    let mut four_link_steps = 0;
    for (line, se) in rated() {
        let puzzle: Grid = line.parse().expect("the puzzle parses");
        let rating = rate::rate(&puzzle).expect("one solution");
        common::assert_rated_as(&line, [rating.score, rating.pearl, rating.diamond], se);
        let solution = common::unique_solution(&line);
        for step in rate::explain_with(&puzzle, Scale::Se) {
            for &(cell, digit) in &step.eliminations {
                assert_ne!(solution[cell], digit, "{step} in {line}");
            }
            for &(cell, digit) in &step.placements {
                assert_eq!(solution[cell], digit, "{step} in {line}");
            }
            if step.technique == Technique::FourStrongLinks {
                four_link_steps += 1;
                assert!(
                    (58..=61).contains(&common::tenths(step.difficulty())),
                    "{step}"
                );
            }
        }
    }
    // Most of the fixture's puzzles were chosen for taking the step.
    assert!(
        four_link_steps >= 20,
        "only {four_link_steps} four-link steps"
    );
}
