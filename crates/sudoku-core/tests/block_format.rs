//! The block format (`|` between boxes, `---+---` lines between bands): every
//! puzzle of a data set, written in its common variants by this test, reads
//! back unchanged; faults are reported at their column in the original line.

mod common;

use sudoku_core::format::{ParseErrorKind, ReadError};
use sudoku_core::{Grid, PuzzleReader};

fn puzzles() -> Vec<[u8; 81]> {
    let mut all = common::data_file_puzzles(include_str!("data/unbiased.txt"));
    all.truncate(40);
    all
}

fn cell(v: u8) -> char {
    if v == 0 {
        '.'
    } else {
        char::from(b'0' + v)
    }
}

/// One puzzle in the block format: `spaced` puts a space between cells,
/// `border` draws the outer frame too.
fn block(cells: &[u8; 81], spaced: bool, border: bool) -> String {
    let sep = if spaced { " " } else { "" };
    let pad = if spaced { " " } else { "" };
    let rule = if spaced {
        "-------+-------+-------"
    } else {
        "---+---+---"
    };
    let mut out = String::new();
    if border {
        out.push_str(&format!("+{rule}+\n"));
    }
    for r in 0..9 {
        if r > 0 && r % 3 == 0 {
            if border {
                out.push_str(&format!("+{rule}+\n"));
            } else {
                out.push_str(&format!("{rule}\n"));
            }
        }
        if border {
            out.push('|');
            out.push_str(pad);
        }
        for b in 0..3 {
            if b > 0 {
                out.push_str(&format!("{pad}|{pad}"));
            }
            let row: Vec<String> = (0..3)
                .map(|c| cell(cells[r * 9 + b * 3 + c]).to_string())
                .collect();
            out.push_str(&row.join(sep));
        }
        if border {
            out.push_str(pad);
            out.push('|');
        }
        out.push('\n');
    }
    if border {
        out.push_str(&format!("+{rule}+\n"));
    }
    out
}

fn read(text: &str) -> Result<Vec<Grid>, ReadError> {
    PuzzleReader::new(text.as_bytes())
        .map(|p| p.map(|p| p.grid))
        .collect()
}

#[test]
fn every_variant_reads_back_unchanged() {
    let all = puzzles();
    for (spaced, border) in [(false, false), (true, false), (false, true), (true, true)] {
        let text: Vec<String> = all.iter().map(|p| block(p, spaced, border)).collect();
        let read = read(&text.join("\n"))
            .unwrap_or_else(|e| panic!("spaced {spaced}, border {border}: {e}\n{}", text[0]));
        assert_eq!(read.len(), all.len());
        for (grid, cells) in read.iter().zip(&all) {
            assert_eq!(grid.cells(), cells, "spaced {spaced}, border {border}");
        }
    }
}

#[test]
fn one_block_puzzle_parses_with_from_str() {
    let cells = puzzles()[0];
    let grid: Grid = block(&cells, true, false)
        .parse()
        .expect("block format parses");
    assert_eq!(grid.cells(), &cells);
}

#[test]
fn a_bad_cell_is_reported_at_its_column_in_the_original_line() {
    let mut text = block(&puzzles()[0], true, false);
    // Row 2 (line 2) is "c c c | c c c | c c c": column 9 is the first cell of the second box.
    let second_line = text.find('\n').expect("two lines") + 1;
    text.replace_range(second_line + 8..second_line + 9, "x");
    match read(&text) {
        Err(ReadError::Parse(e)) => {
            assert_eq!((e.line, e.column), (2, 9), "{e}");
            assert!(
                matches!(e.kind, ParseErrorKind::UnexpectedByte { .. }),
                "{e}"
            );
        }
        other => panic!("expected a parse error, got {other:?}"),
    }
}

#[test]
fn a_short_block_row_is_refused() {
    let text = "53.|.7.|..\n";
    assert!(matches!(read(text), Err(ReadError::Parse(_))));
}

#[test]
fn line_format_keeps_ignoring_text_after_whitespace_even_with_bars() {
    let line: String = puzzles()[0].iter().map(|&v| cell(v)).collect();
    let text = format!("{line} rated 3.4 | medium\n{line}\n");
    let read = read(&text).expect("line format with a trailing note");
    assert_eq!(read.len(), 2);
}
