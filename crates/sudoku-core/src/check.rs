//! Checking grid files: the exact grid format, validity, distinctness,
//! and agreement with the puzzles they solve.

use std::io::{self, BufRead};

use thiserror::Error;

use crate::format::{PuzzleReader, ReadError};
use crate::grid::{Conflict, Grid, CELLS};

/// Why a grid file fails the check. Positions are 1-based.
#[derive(Debug, Error)]
#[non_exhaustive]
pub enum CheckError {
    /// A line that breaks the exact format.
    #[error("line {line}, column {column}: {flaw}")]
    Format {
        /// Where: the line,
        line: usize,
        /// and the first byte of it (1-based) that breaks the format.
        column: usize,
        /// What is wrong.
        flaw: FormatFlaw,
    },
    /// A complete grid that breaks a Sudoku rule.
    #[error("grid {number} (line {line}) is not a valid solution: {conflict}")]
    Invalid {
        /// 1-based grid number.
        number: u64,
        /// Its first line.
        line: usize,
        /// The first two cells of one unit that hold the same digit.
        conflict: Conflict,
    },
    /// Two equal grids.
    #[error("grid {second} repeats grid {first}")]
    Duplicate {
        /// The earlier grid's number.
        first: u64,
        /// The later grid's number.
        second: u64,
    },
    /// A grid whose top-left digit differs from the one required.
    #[error("grid {number} (line {line}) starts with {found}, expected {expected}")]
    FirstDigit {
        /// 1-based grid number.
        number: u64,
        /// Its first line.
        line: usize,
        /// The digit found.
        found: u8,
        /// The digit required.
        expected: u8,
    },
    /// A solution that does not solve its puzzle.
    #[error("solution {number} (line {line}) does not keep the givens of puzzle {number}")]
    Mismatch {
        /// 1-based number.
        number: u64,
        /// The solution's first line.
        line: usize,
    },
    /// Different numbers of solutions and puzzles.
    #[error("{} for {}", counted(*.solutions, "solution"), counted(*.puzzles, "puzzle"))]
    CountMismatch {
        /// Grids in the solution file.
        solutions: u64,
        /// Puzzles in the puzzle file.
        puzzles: u64,
    },
    /// The puzzle file could not be parsed.
    #[error("puzzles: {0}")]
    Puzzles(#[source] ReadError),
    /// Reading failed.
    #[error("read failed: {0}")]
    Io(#[from] io::Error),
}

/// "1 puzzle", "3 puzzles".
fn counted(n: u64, noun: &str) -> String {
    format!("{n} {noun}{}", if n == 1 { "" } else { "s" })
}

/// How a grid file breaks the exact format (see [`CheckError::Format`]).
#[derive(Debug, Clone, PartialEq, Eq, Error)]
#[non_exhaustive]
pub enum FormatFlaw {
    /// The file holds nothing.
    #[error("the file is empty")]
    Empty,
    /// A line longer than any row.
    #[error("line is too long")]
    LineTooLong,
    /// The last line has no `\n`.
    #[error("the last line does not end with a newline")]
    NoFinalNewline,
    /// Two grids without exactly one empty line between them.
    #[error("expected one empty line between grids")]
    NoEmptyLineBetweenGrids,
    /// An empty line after the last grid.
    #[error("the file ends with an empty line")]
    EndsWithEmptyLine,
    /// The file ends inside a grid.
    #[error("the grid ends after {rows} rows")]
    GridCutShort {
        /// The rows it has.
        rows: usize,
    },
    /// A row that is not nine digits 1-9 separated by single spaces.
    #[error("expected 9 digits 1-9 separated by single spaces, found {found}")]
    BadRow {
        /// The row as found (its first 40 bytes), quoted, with control
        /// characters escaped so that it prints on one line.
        found: String,
    },
}

/// A strict reader of the grid format as written by [`crate::format::GridWriter`]: 9 rows of
/// `d d d d d d d d d`, exactly one empty line between grids, `\n` line ends,
/// and nothing after the last row's newline.
pub struct StrictGrids<R> {
    source: R,
    line: Vec<u8>,
    line_number: usize,
    grids: u64,
    done: bool,
}

impl<R: BufRead> StrictGrids<R> {
    /// Reads grids from `source`.
    pub fn new(source: R) -> Self {
        StrictGrids {
            source,
            line: Vec::with_capacity(32),
            line_number: 0,
            grids: 0,
            done: false,
        }
    }

    fn format_error(&self, column: usize, flaw: FormatFlaw) -> CheckError {
        CheckError::Format {
            line: self.line_number,
            column,
            flaw,
        }
    }

    /// Reads one line, keeping its `\n`. False at end of input.
    fn read_line(&mut self) -> Result<bool, CheckError> {
        self.line.clear();
        let read = io::Read::take(&mut self.source, 64).read_until(b'\n', &mut self.line)?;
        if read == 0 {
            return Ok(false);
        }
        self.line_number += 1;
        if self.line.last() != Some(&b'\n') {
            if self.line.len() == 64 {
                let column = row_flaw(&self.line).unwrap_or(ROW_BYTES + 1);
                return Err(self.format_error(column, FormatFlaw::LineTooLong));
            }
            let column = self.line.len() + 1;
            return Err(self.format_error(column, FormatFlaw::NoFinalNewline));
        }
        Ok(true)
    }

    fn next_grid(&mut self) -> Result<Option<(Grid, usize)>, CheckError> {
        if self.grids > 0 {
            if !self.read_line()? {
                return Ok(None);
            }
            if self.line != b"\n" {
                return Err(self.format_error(1, FormatFlaw::NoEmptyLineBetweenGrids));
            }
        }
        let mut cells = [0u8; CELLS];
        let mut start = 0;
        for row in 0..9 {
            if !self.read_line()? {
                return Err(if row == 0 && self.grids > 0 {
                    self.format_error(1, FormatFlaw::EndsWithEmptyLine)
                } else if row == 0 {
                    CheckError::Format {
                        line: 1,
                        column: 1,
                        flaw: FormatFlaw::Empty,
                    }
                } else {
                    // Where the missing row should start: the line after the last.
                    CheckError::Format {
                        line: self.line_number + 1,
                        column: 1,
                        flaw: FormatFlaw::GridCutShort { rows: row },
                    }
                });
            }
            if row == 0 {
                start = self.line_number;
            }
            let text = &self.line[..self.line.len() - 1];
            if let Some(column) = row_flaw(text) {
                let found = quoted(&String::from_utf8_lossy(&text[..text.len().min(40)]));
                return Err(self.format_error(column, FormatFlaw::BadRow { found }));
            }
            for col in 0..9 {
                cells[row * 9 + col] = text[2 * col] - b'0';
            }
        }
        self.grids += 1;
        Ok(Some((Grid::from_cells_unchecked(cells), start)))
    }
}

impl<R: BufRead> Iterator for StrictGrids<R> {
    type Item = Result<(Grid, usize), CheckError>;

    fn next(&mut self) -> Option<Self::Item> {
        if self.done {
            return None;
        }
        let item = self.next_grid().transpose();
        if !matches!(item, Some(Ok(_))) {
            self.done = true;
        }
        item
    }
}

/// The bytes of a row: 9 digits and the 8 spaces between them.
const ROW_BYTES: usize = 17;

/// The 1-based column of the first byte of `text` (a row without its `\n`)
/// that breaks `d d d d d d d d d`, or `None` for a good row: where a digit
/// or a space should be and is not, where the row should end (column 18) if
/// it goes on, or just past its end if it is short.
fn row_flaw(text: &[u8]) -> Option<usize> {
    let wrong = text.iter().take(ROW_BYTES).enumerate().position(|(i, &b)| {
        if i % 2 == 0 {
            !(b'1'..=b'9').contains(&b)
        } else {
            b != b' '
        }
    });
    match wrong {
        Some(i) => Some(i + 1),
        None if text.len() == ROW_BYTES => None,
        None => Some(text.len().min(ROW_BYTES) + 1),
    }
}

/// `text` in double quotes, with its control characters written as escapes
/// (`\n`, `\r`, `\t`, otherwise `\x1b` and the like), as the `sudoku` command
/// writes them in every message: the message stays on one line, and no
/// escape sequence from a file reaches the terminal. (`{:?}` would write
/// `\u{1b}`.)
fn quoted(text: &str) -> String {
    use std::fmt::Write as _;
    let mut out = String::with_capacity(text.len() + 2);
    out.push('"');
    for c in text.chars() {
        match c {
            '\n' => out.push_str("\\n"),
            '\r' => out.push_str("\\r"),
            '\t' => out.push_str("\\t"),
            c if c.is_control() => {
                let _ = write!(out, "\\x{:02x}", u32::from(c));
            }
            c => out.push(c),
        }
    }
    out.push('"');
    out
}

/// The result of a successful check.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
#[non_exhaustive]
pub struct CheckReport {
    /// Grids checked.
    pub grids: u64,
}

/// Packs a solved grid's first 80 cells, 4 bits each (the last cell follows
/// from the others), so a million grids fit in 40 MB for the duplicate scan.
fn pack(grid: &Grid) -> [u64; 5] {
    let mut key = [0u64; 5];
    for (i, &v) in grid.cells()[..80].iter().enumerate() {
        key[i / 16] |= (v as u64) << (4 * (i % 16));
    }
    key
}

/// Checks a file of completed grids: exact format, each grid valid, no two
/// equal, and (when given) every top-left digit equal to `first`.
pub fn check_grids<R: BufRead>(source: R, first: Option<u8>) -> Result<CheckReport, CheckError> {
    let mut keys: Vec<([u64; 5], u64)> = Vec::new();
    let mut number = 0u64;
    for item in StrictGrids::new(source) {
        let (grid, line) = item?;
        number += 1;
        if let Some(conflict) = grid.first_conflict() {
            return Err(CheckError::Invalid {
                number,
                line,
                conflict,
            });
        }
        if let Some(expected) = first {
            if grid.get(0, 0) != expected {
                return Err(CheckError::FirstDigit {
                    number,
                    line,
                    found: grid.get(0, 0),
                    expected,
                });
            }
        }
        keys.push((pack(&grid), number));
    }
    keys.sort_unstable();
    if let Some(pair) = keys.windows(2).find(|w| w[0].0 == w[1].0) {
        let (a, b) = (pair[0].1.min(pair[1].1), pair[0].1.max(pair[1].1));
        return Err(CheckError::Duplicate {
            first: a,
            second: b,
        });
    }
    Ok(CheckReport { grids: number })
}

/// Checks solutions against their puzzles, in order: exact format, each
/// solution valid and keeping its puzzle's givens, and one solution per puzzle.
pub fn check_solutions<S: BufRead, P: BufRead>(
    solutions: S,
    puzzles: P,
) -> Result<CheckReport, CheckError> {
    let mut puzzles = PuzzleReader::new(puzzles);
    let mut number = 0u64;
    let mut grids = StrictGrids::new(solutions);
    while let Some(item) = grids.next() {
        let (grid, line) = item?;
        number += 1;
        let puzzle = match puzzles.next() {
            Some(Ok(p)) => p,
            Some(Err(e)) => return Err(CheckError::Puzzles(e)),
            None => {
                // The rest of the solutions are read too (and must be well
                // formed), so that the message gives both files' counts.
                let mut solutions = number;
                for item in grids {
                    item?;
                    solutions += 1;
                }
                return Err(CheckError::CountMismatch {
                    solutions,
                    puzzles: number - 1,
                });
            }
        };
        if let Some(conflict) = grid.first_conflict() {
            return Err(CheckError::Invalid {
                number,
                line,
                conflict,
            });
        }
        if !grid.agrees_with(&puzzle.grid) {
            return Err(CheckError::Mismatch { number, line });
        }
    }
    // Every remaining item is read, so that a malformed puzzle after the
    // last solution is reported as such rather than counted as a puzzle.
    let mut extra = 0u64;
    for item in puzzles {
        item.map_err(CheckError::Puzzles)?;
        extra += 1;
    }
    if extra > 0 {
        return Err(CheckError::CountMismatch {
            solutions: number,
            puzzles: number + extra,
        });
    }
    Ok(CheckReport { grids: number })
}
