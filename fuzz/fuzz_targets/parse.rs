//! Format detection and parsing over arbitrary bytes: the streaming reader,
//! `Grid::from_str`, and the strict checker of output files. Each must return
//! puzzles or a positioned error, never panic, and agree with simple oracles.
#![no_main]

use libfuzzer_sys::fuzz_target;
use sudoku_core::check::{check_grids, check_solutions};
use sudoku_core::format::ReadError;
use sudoku_core::{Grid, PuzzleReader};

fuzz_target!(|data: &[u8]| {
    let lines = data.split(|&b| b == b'\n').count();
    let mut last_line = 0;
    for item in PuzzleReader::new(data) {
        match item {
            Ok(puzzle) => {
                assert!(puzzle.grid.cells().iter().all(|&v| v <= 9));
                assert!(puzzle.line > last_line && puzzle.line <= lines);
                last_line = puzzle.line;
                // What was read survives a round trip through the line format.
                let again: Grid = puzzle.grid.to_line().parse().expect("own line format");
                assert_eq!(again, puzzle.grid);
            }
            Err(ReadError::Parse(e)) => {
                assert!(e.line >= 1 && e.column >= 1, "{e:?}");
                assert!(e.line <= lines + 1, "{e:?} past {lines} lines");
            }
            Err(ReadError::Io(e)) => panic!("reading memory failed: {e}"),
        }
    }
    if let Ok(text) = std::str::from_utf8(data) {
        let _ = text.parse::<Grid>();
    }
    if let Ok(report) = check_grids(data, None) {
        // An accepted file is exactly n grids of 162 bytes with n - 1 separators.
        assert!(report.grids > 0);
        assert_eq!(data.len() as u64, report.grids * 163 - 1);
    }
    let half = data.len() / 2;
    let _ = check_solutions(&data[..half], &data[half..]);
});
