//! Reading and writing puzzles in every common text format, streaming.
//!
//! # Formats read
//! - [`Format::Grid`]: nine rows of nine cells separated by
//!   spaces or tabs, puzzles separated by one or more empty lines.
//! - [`Format::Line`], the community's: one puzzle per line, 81 cells, anything
//!   after whitespace ignored (collections append ratings there).
//! - [`Format::Compact`]: nine lines of nine cells without separators; also
//!   the block format, whose rows have `|` between the boxes (with or
//!   without spaces around the cells) and whose bands are separated by lines
//!   such as `------+-------+------` (any line of only `-`, `=`, `+`, `|`
//!   and spaces), which are skipped. Puzzles are separated by one or more
//!   empty lines.
//!
//! In every format `1`–`9` are givens and `0`, `.` or `_` are blanks; lines
//! starting with `#` are comments; a UTF-8 byte order mark at the start (as
//! some Windows editors write), CRLF line ends, leading and trailing empty
//! lines and a missing final newline are accepted. The format is detected from the first
//! puzzle, and every later puzzle in the same input must use it.
//!
//! Reading never holds more than one line ([`MAX_LINE_BYTES`] at most) and one
//! puzzle, so any input size runs in constant memory. Every error carries the
//! line and column where it was found.

use std::fmt;
use std::io::{self, BufRead, Write};

use thiserror::Error;

use crate::grid::{Grid, CELLS, GRID_TEXT_BYTES};

/// The longest line the reader accepts. A longer line is refused with
/// [`ParseErrorKind::LineTooLong`] after reading at most this many bytes, so a
/// file without newlines can never exhaust memory.
pub const MAX_LINE_BYTES: usize = 16 * 1024;

/// The UTF-8 byte order mark, skipped at the start of an input.
const UTF8_BOM: &[u8] = b"\xEF\xBB\xBF";

/// A text layout of puzzles.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum Format {
    /// Nine rows of nine space-separated cells per puzzle (`Format::Grid`).
    Grid,
    /// One puzzle per line, 81 cells without separators.
    Line,
    /// Nine lines of nine cells without separators per puzzle.
    Compact,
}

impl fmt::Display for Format {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Format::Grid => "grid (9 rows of 9 space-separated cells)",
            Format::Line => "line (81 cells on one line)",
            Format::Compact => "compact (9 lines of 9 cells)",
        })
    }
}

/// A puzzle read from text, with the line it started on: what a
/// [`PuzzleReader`] yields. (Generated puzzles are `puzzle::Generated`, with
/// the `generate` feature.)
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct PuzzleRecord {
    /// The cells, 0 for blank.
    pub grid: Grid,
    /// The 1-based line of its first row.
    pub line: usize,
}

/// What was wrong, and where (1-based line and column).
#[derive(Debug, Clone, PartialEq, Eq, Error)]
#[error("line {line}, column {column}: {kind}")]
pub struct ParseError {
    /// 1-based line number.
    pub line: usize,
    /// 1-based column (byte offset within the line, plus one).
    pub column: usize,
    /// What was wrong.
    pub kind: ParseErrorKind,
}

/// The kinds of malformed input.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
#[non_exhaustive]
pub enum ParseErrorKind {
    /// A line longer than [`MAX_LINE_BYTES`].
    #[error("line is longer than {limit} bytes")]
    LineTooLong {
        /// The limit.
        limit: usize,
    },
    /// A byte that is neither a cell nor a separator.
    #[error("unexpected {}; expected a digit 0-9, '.' or '_'", describe_byte(*byte))]
    UnexpectedByte {
        /// The byte found.
        byte: u8,
    },
    /// A cell written as a number of two or more digits.
    #[error("cell \"{text}\" is out of range; cells are 0-9 ('0', '.' or '_' for blank)")]
    CellOutOfRange {
        /// The token as written (truncated).
        text: String,
    },
    /// A cell written as a negative number.
    #[error("cell \"{text}\" is negative; cells are 0-9 ('0', '.' or '_' for blank)")]
    NegativeCell {
        /// The token as written (truncated).
        text: String,
    },
    /// A row with the wrong number of cells.
    #[error("row has {found} cells; expected 9 in the {format} format")]
    RowLength {
        /// Cells found.
        found: usize,
        /// The input's format.
        format: Format,
    },
    /// A one-line puzzle with the wrong number of cells.
    #[error("line has {found} cells; expected 81 in the {format} format")]
    LineLength {
        /// Cells found.
        found: usize,
        /// The input's format.
        format: Format,
    },
    /// A puzzle that ended before its ninth row.
    #[error("puzzle cut short: {rows} of 9 rows, then {}", if *at_end { "end of input" } else { "an empty line" })]
    GridCutShort {
        /// Rows read.
        rows: usize,
        /// True when the input ended, false when an empty line came.
        at_end: bool,
    },
    /// A puzzle laid out differently from the first one in the input.
    #[error("expected the {expected} format detected at line {detected_at}")]
    FormatChanged {
        /// The input's format.
        expected: Format,
        /// Where it was detected.
        detected_at: usize,
    },
    /// An input without any puzzle.
    #[error("no puzzle found (the input is empty or holds only comments)")]
    NoPuzzles,
    /// More than one puzzle where exactly one was expected.
    #[error("expected exactly one puzzle, found another")]
    ExtraPuzzle,
    /// A row right after a complete nine-row puzzle: a tenth row, or two
    /// puzzles without the empty line that separates them.
    #[error("a 10th row: puzzles in the {format} format are separated by an empty line")]
    NoEmptyLine {
        /// The input's format.
        format: Format,
    },
}

fn describe_byte(byte: u8) -> String {
    match byte {
        b'!'..=b'~' => format!("character '{}'", byte as char),
        _ => format!("byte 0x{byte:02X}"),
    }
}

/// A failure while reading puzzles: the input was malformed, or reading it failed.
/// Deliberately exhaustive: the text or the reader, nothing else.
#[derive(Debug, Error)]
pub enum ReadError {
    /// The text is not a valid puzzle file.
    #[error(transparent)]
    Parse(#[from] ParseError),
    /// The underlying reader failed.
    #[error("read failed: {0}")]
    Io(#[from] io::Error),
}

/// A streaming reader of puzzles in any [`Format`], detected from the first puzzle.
///
/// ```
/// use sudoku_core::format::PuzzleReader;
///
/// let text = "# two puzzles\n\
///             4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......\n\
///             52...6.........7.13...........4..8..6......5...........418.........3..2...87.....\n";
/// let puzzles: Vec<_> = PuzzleReader::new(text.as_bytes()).collect::<Result<_, _>>().unwrap();
/// assert_eq!(puzzles.len(), 2);
/// assert_eq!(puzzles[1].line, 3);
/// assert_eq!(puzzles[0].grid.givens(), 17);
/// ```
#[derive(Debug)]
pub struct PuzzleReader<R> {
    source: R,
    line: Vec<u8>,
    line_number: usize,
    format: Option<(Format, usize)>,
    puzzles: usize,
    /// A nine-row puzzle just ended: the next row must come after an empty line.
    gap_needed: bool,
    done: bool,
}

impl<R: BufRead> PuzzleReader<R> {
    /// Reads puzzles from `source`.
    pub fn new(source: R) -> Self {
        PuzzleReader {
            source,
            line: Vec::with_capacity(256),
            line_number: 0,
            format: None,
            puzzles: 0,
            gap_needed: false,
            done: false,
        }
    }

    /// The format detected so far, if any puzzle has started.
    pub fn format(&self) -> Option<Format> {
        self.format.map(|(format, _)| format)
    }

    /// Reads the next line into `self.line` without its line end. Returns false at end of input.
    fn read_line(&mut self) -> Result<bool, ReadError> {
        self.line.clear();
        let mut saw_any = false;
        loop {
            let available = match self.source.fill_buf() {
                Ok(bytes) => bytes,
                Err(e) if e.kind() == io::ErrorKind::Interrupted => continue,
                Err(e) => return Err(e.into()),
            };
            if available.is_empty() {
                break;
            }
            saw_any = true;
            let newline = find_newline(available);
            let take = newline.map_or(available.len(), |i| i);
            if self.line.len() + take > MAX_LINE_BYTES {
                return Err(self.error_at(
                    self.line_number + 1,
                    MAX_LINE_BYTES + 1,
                    ParseErrorKind::LineTooLong {
                        limit: MAX_LINE_BYTES,
                    },
                ));
            }
            self.line.extend_from_slice(&available[..take]);
            match newline {
                Some(i) => {
                    self.source.consume(i + 1);
                    break;
                }
                None => {
                    let len = available.len();
                    self.source.consume(len);
                }
            }
        }
        if !saw_any {
            return Ok(false);
        }
        self.line_number += 1;
        if self.line_number == 1 && self.line.starts_with(UTF8_BOM) {
            // Columns count from after it, as an editor shows the line.
            self.line.drain(..UTF8_BOM.len());
        }
        while matches!(self.line.last(), Some(b'\r' | b' ' | b'\t')) {
            self.line.pop();
        }
        Ok(true)
    }

    fn error_at(&self, line: usize, column: usize, kind: ParseErrorKind) -> ReadError {
        ReadError::Parse(ParseError { line, column, kind })
    }

    fn parse_next(&mut self) -> Result<Option<PuzzleRecord>, ReadError> {
        let mut cells = [0u8; CELLS];
        let mut rows = 0;
        let mut start_line = 0;
        loop {
            if !self.read_line()? {
                if rows > 0 {
                    return Err(self.error_at(
                        self.line_number + 1,
                        1,
                        ParseErrorKind::GridCutShort { rows, at_end: true },
                    ));
                }
                if self.puzzles == 0 {
                    return Err(self.error_at(1, 1, ParseErrorKind::NoPuzzles));
                }
                return Ok(None);
            }
            let indent = self
                .line
                .iter()
                .position(|b| !matches!(b, b' ' | b'\t'))
                .unwrap_or(self.line.len());
            let text = &self.line[indent..];
            if text.is_empty() {
                self.gap_needed = false;
                if rows > 0 {
                    return Err(self.error_at(
                        self.line_number,
                        1,
                        ParseErrorKind::GridCutShort {
                            rows,
                            at_end: false,
                        },
                    ));
                }
                continue;
            }
            if text[0] == b'#' || is_block_separator(text) {
                continue;
            }
            // A block-format row: its cells without the bars and spaces, and
            // where each came from, for error columns.
            let block;
            // A line-format puzzle keeps ignoring what follows whitespace,
            // bars included. (The first token is measured only before the
            // format is known: this runs for every line of the input.)
            let line_format = matches!(self.format, Some((Format::Line, _)))
                || (self.format.is_none()
                    && text
                        .iter()
                        .take_while(|b| !matches!(b, b' ' | b'\t'))
                        .count()
                        >= CELLS);
            let (text, origin) = if !line_format && text.contains(&b'|') {
                block = strip_block_row(text);
                (&block.0[..], Some(&block.1))
            } else {
                (text, None)
            };
            let indent_of = |e: (usize, ParseErrorKind)| match origin {
                Some(origin) => (origin.get(e.0).copied().unwrap_or(e.0), e.1),
                None => e,
            };
            let (format, detected_at) = match self.format {
                Some(known) => known,
                None => {
                    let detected = (detect(text), self.line_number);
                    self.format = Some(detected);
                    detected
                }
            };
            if rows == 0 {
                if self.gap_needed {
                    return Err(self.error_at(
                        self.line_number,
                        indent + 1,
                        ParseErrorKind::NoEmptyLine { format },
                    ));
                }
                start_line = self.line_number;
            }
            let row_cells = match format {
                Format::Line => {
                    parse_run(text, &mut cells, CELLS)
                        .map_err(|e| self.located(indent_of(e), indent))?;
                    self.puzzles += 1;
                    return Ok(Some(PuzzleRecord {
                        grid: Grid::from_cells_unchecked(cells),
                        line: start_line,
                    }));
                }
                Format::Compact => parse_run(text, &mut cells[rows * 9..rows * 9 + 9], 9),
                Format::Grid => parse_spaced_row(text, &mut cells[rows * 9..rows * 9 + 9]),
            };
            if let Err(mut located) = row_cells {
                // A row that looks like another format gets the more helpful message.
                if rows == 0 && detect(text) != format {
                    located = (
                        0,
                        ParseErrorKind::FormatChanged {
                            expected: format,
                            detected_at,
                        },
                    );
                }
                return Err(self.located(indent_of(located), indent));
            }
            rows += 1;
            if rows == 9 {
                self.puzzles += 1;
                self.gap_needed = true;
                return Ok(Some(PuzzleRecord {
                    grid: Grid::from_cells_unchecked(cells),
                    line: start_line,
                }));
            }
        }
    }

    fn located(&self, (offset, kind): (usize, ParseErrorKind), indent: usize) -> ReadError {
        self.error_at(self.line_number, indent + offset + 1, kind)
    }
}

impl<R: BufRead> Iterator for PuzzleReader<R> {
    type Item = Result<PuzzleRecord, ReadError>;

    fn next(&mut self) -> Option<Self::Item> {
        if self.done {
            return None;
        }
        let result = self.parse_next().transpose();
        if !matches!(result, Some(Ok(_))) {
            self.done = true;
        }
        result
    }
}

impl<R: BufRead> std::iter::FusedIterator for PuzzleReader<R> {}

/// The index of the first `\n` in `bytes`, eight bytes at a time: every
/// input byte passes through this scan, and a byte-wise search costs about
/// as much as parsing the puzzle itself.
fn find_newline(bytes: &[u8]) -> Option<usize> {
    const ONES: u64 = 0x0101_0101_0101_0101;
    const HIGHS: u64 = 0x8080_8080_8080_8080;
    const NEWLINES: u64 = ONES * b'\n' as u64;
    let mut chunks = bytes.chunks_exact(8);
    let mut offset = 0;
    for chunk in &mut chunks {
        let word = u64::from_le_bytes(chunk.try_into().expect("chunks of eight"));
        let x = word ^ NEWLINES;
        // The classic zero-byte test: the lowest flagged byte is exact (a
        // borrow can only flag bytes above a real zero).
        let zero = x.wrapping_sub(ONES) & !x & HIGHS;
        if zero != 0 {
            return Some(offset + (zero.trailing_zeros() / 8) as usize);
        }
        offset += 8;
    }
    let rest = chunks.remainder();
    rest.iter().position(|&b| b == b'\n').map(|i| offset + i)
}

/// Guesses the format from the first line of a puzzle (trimmed, not empty).
/// True for a block-format separator line such as `------+-------+------`
/// or `+=======+`: only `-`, `=`, `+`, `|` and spaces, with a `-` or `=`.
fn is_block_separator(text: &[u8]) -> bool {
    // The first byte settles it for every other line (this runs for every
    // line of the input): a separator starts with one of its own bytes.
    matches!(text.first(), Some(b'-' | b'=' | b'+' | b'|' | b' ' | b'\t'))
        && text.iter().any(|b| matches!(b, b'-' | b'='))
        && text
            .iter()
            .all(|b| matches!(b, b'-' | b'=' | b'+' | b'|' | b' ' | b'\t'))
}

/// A block-format row (`53. | .7. | ...` or `5 3 . | . 7 . | . . .`) as a
/// compact row: the bytes other than `|`, spaces and tabs, with the offset
/// in `text` of each.
fn strip_block_row(text: &[u8]) -> (Vec<u8>, Vec<usize>) {
    text.iter()
        .enumerate()
        .filter(|(_, b)| !matches!(b, b'|' | b' ' | b'\t'))
        .map(|(i, &b)| (b, i))
        .unzip()
}

fn detect(text: &[u8]) -> Format {
    let first_token = text
        .iter()
        .position(|b| matches!(b, b' ' | b'\t'))
        .unwrap_or(text.len());
    let single_token = first_token == text.len();
    if first_token >= 81 || (single_token && first_token > 9) {
        Format::Line
    } else if single_token {
        Format::Compact
    } else {
        Format::Grid
    }
}

/// A cell character: its value, or `None` when it is not a cell.
#[inline]
fn cell_value(byte: u8) -> Option<u8> {
    let value = CELL_VALUES[byte as usize];
    (value != NOT_A_CELL).then_some(value)
}

/// Cell values by byte: `1`-`9` give 1-9, `0`, `.` and `_` give 0, anything else
/// [`NOT_A_CELL`].
const CELL_VALUES: [u8; 256] = {
    let mut table = [NOT_A_CELL; 256];
    let mut digit = 1;
    while digit <= 9 {
        table[(b'0' + digit) as usize] = digit;
        digit += 1;
    }
    table[b'0' as usize] = 0;
    table[b'.' as usize] = 0;
    table[b'_' as usize] = 0;
    table
};

/// Marks a byte that is not a cell in [`CELL_VALUES`]; its high bit is set.
const NOT_A_CELL: u8 = 0xFF;

/// Converts `text` to cell values in `out` (same length); false when a byte
/// is not a cell (then `out` holds garbage).
#[inline]
fn cell_values(text: &[u8], out: &mut [u8]) -> bool {
    // Mutated only by the x86_64 bulk loop; other targets start at cell 0.
    #[cfg_attr(not(target_arch = "x86_64"), allow(unused_mut))]
    let mut done = 0;
    #[cfg_attr(not(target_arch = "x86_64"), allow(unused_mut))]
    let mut valid = true;
    #[cfg(target_arch = "x86_64")]
    {
        use std::arch::x86_64::{
            _mm_andnot_si128, _mm_cmpeq_epi8, _mm_loadu_si128, _mm_min_epu8, _mm_movemask_epi8,
            _mm_or_si128, _mm_set1_epi8, _mm_storeu_si128, _mm_sub_epi8,
        };
        // Sixteen cells at a time: a line puzzle's 81 cells are a third of
        // the bytes the solver's whole run touches for an easy puzzle.
        while done + 16 <= text.len() {
            // SAFETY: SSE2 is part of the x86_64 baseline, and both the load
            // and the store cover [done, done + 16), inside both slices.
            let mask = unsafe {
                let bytes = _mm_loadu_si128(text.as_ptr().add(done).cast());
                let dots = _mm_or_si128(
                    _mm_cmpeq_epi8(bytes, _mm_set1_epi8(b'.' as i8)),
                    _mm_cmpeq_epi8(bytes, _mm_set1_epi8(b'_' as i8)),
                );
                let digits = _mm_sub_epi8(bytes, _mm_set1_epi8(b'0' as i8));
                let small = _mm_cmpeq_epi8(_mm_min_epu8(digits, _mm_set1_epi8(9)), digits);
                _mm_storeu_si128(
                    out.as_mut_ptr().add(done).cast(),
                    _mm_andnot_si128(dots, digits),
                );
                _mm_movemask_epi8(_mm_or_si128(dots, small))
            };
            valid &= mask == 0xFFFF;
            done += 16;
        }
    }
    let mut invalid = 0;
    for (cell, &byte) in out[done..].iter_mut().zip(&text[done..]) {
        let value = CELL_VALUES[byte as usize];
        *cell = value;
        invalid |= value;
    }
    valid && invalid & 0x80 == 0
}

/// Parses `want` unseparated cells at the start of `text`. Whatever follows a
/// whitespace after them is ignored. Errors carry the byte offset in `text`.
fn parse_run(text: &[u8], out: &mut [u8], want: usize) -> Result<(), (usize, ParseErrorKind)> {
    // Fast path for the common case, a well-formed run: converted in bulk
    // with a single check at the end.
    let whole_run = text.len() == want
        || (want == CELLS && text.len() > want && matches!(text[want], b' ' | b'\t'));
    if whole_run && cell_values(&text[..want], &mut out[..want]) {
        return Ok(());
    }
    let run = text
        .iter()
        .position(|b| matches!(b, b' ' | b'\t'))
        .unwrap_or(text.len());
    for (i, &byte) in text[..run].iter().enumerate() {
        match cell_value(byte) {
            Some(value) if i < want => out[i] = value,
            Some(_) => break,
            None => return Err((i, ParseErrorKind::UnexpectedByte { byte })),
        }
    }
    if run != want {
        let found = run;
        let kind = if want == CELLS {
            ParseErrorKind::LineLength {
                found,
                format: Format::Line,
            }
        } else {
            ParseErrorKind::RowLength {
                found,
                format: Format::Compact,
            }
        };
        return Err((found.min(want), kind));
    }
    if want == 9 && run < text.len() {
        // A compact row is the whole line.
        let extra = text[run..]
            .iter()
            .position(|b| !matches!(b, b' ' | b'\t'))
            .map_or(run, |i| run + i);
        return Err((
            extra,
            ParseErrorKind::RowLength {
                found: 10,
                format: Format::Compact,
            },
        ));
    }
    Ok(())
}

/// Parses one grid-format row: nine whitespace-separated single-character cells.
fn parse_spaced_row(text: &[u8], out: &mut [u8]) -> Result<(), (usize, ParseErrorKind)> {
    let mut found = 0;
    let mut i = 0;
    let mut first_extra = None;
    while i < text.len() {
        if matches!(text[i], b' ' | b'\t') {
            i += 1;
            continue;
        }
        let start = i;
        while i < text.len() && !matches!(text[i], b' ' | b'\t') {
            i += 1;
        }
        let token = &text[start..i];
        let value = parse_token(token).map_err(|(offset, kind)| (start + offset, kind))?;
        if found < 9 {
            out[found] = value;
        } else if first_extra.is_none() {
            first_extra = Some(start);
        }
        found += 1;
    }
    if found != 9 {
        let column = first_extra.unwrap_or(text.len());
        return Err((
            column,
            ParseErrorKind::RowLength {
                found,
                format: Format::Grid,
            },
        ));
    }
    Ok(())
}

fn parse_token(token: &[u8]) -> Result<u8, (usize, ParseErrorKind)> {
    let shown = || String::from_utf8_lossy(&token[..token.len().min(12)]).into_owned();
    if token.len() == 1 {
        return cell_value(token[0]).ok_or((0, ParseErrorKind::UnexpectedByte { byte: token[0] }));
    }
    let (negative, digits) = match token.split_first() {
        Some((b'-', rest)) if !rest.is_empty() => (true, rest),
        _ => (false, token),
    };
    if let Some(bad) = digits.iter().position(|b| !b.is_ascii_digit()) {
        let offset = bad + usize::from(negative);
        return Err((
            offset,
            ParseErrorKind::UnexpectedByte {
                byte: token[offset],
            },
        ));
    }
    let kind = if negative {
        ParseErrorKind::NegativeCell { text: shown() }
    } else {
        ParseErrorKind::CellOutOfRange { text: shown() }
    };
    Err((0, kind))
}

/// Parses exactly one puzzle, in any format.
///
/// # Errors
/// A [`ParseError`] when the text is malformed, holds no puzzle, or holds more than one.
pub fn parse_one(text: &[u8]) -> Result<Grid, ParseError> {
    let mut reader = PuzzleReader::new(text);
    let first = match reader.next() {
        Some(Ok(puzzle)) => puzzle,
        Some(Err(ReadError::Parse(e))) => return Err(e),
        Some(Err(ReadError::Io(_))) | None => unreachable_io(),
    };
    match reader.next() {
        None => Ok(first.grid),
        Some(Ok(extra)) => Err(ParseError {
            line: extra.line,
            column: 1,
            kind: ParseErrorKind::ExtraPuzzle,
        }),
        Some(Err(ReadError::Parse(e))) => Err(e),
        Some(Err(ReadError::Io(_))) => unreachable_io(),
    }
}

/// Reading from a byte slice cannot fail and always yields a first item.
fn unreachable_io() -> ! {
    unreachable!("reading from memory never fails")
}

/// Writes grids in the grid format: nine rows per grid, one empty line
/// between grids, and nothing after the last row's newline.
///
/// ```
/// use sudoku_core::{format::GridWriter, FinalBoards};
///
/// let mut writer = GridWriter::new(Vec::new());
/// for board in FinalBoards::new(9).unwrap().take(2) {
///     writer.write(&board).unwrap();
/// }
/// let bytes = writer.into_inner().unwrap();
/// assert_eq!(bytes.len(), 2 * 162 + 1);
/// assert!(bytes.starts_with(b"9 1 2 3 4 5 6 7 8\n"));
/// ```
#[derive(Debug)]
pub struct GridWriter<W: Write> {
    out: W,
    written: u64,
}

impl<W: Write> GridWriter<W> {
    /// Writes to `out`. Wrap files in a [`std::io::BufWriter`].
    pub fn new(out: W) -> Self {
        GridWriter { out, written: 0 }
    }

    /// Writes one grid, preceded by the separating empty line when it is not the first.
    pub fn write(&mut self, grid: &Grid) -> io::Result<()> {
        let mut buf = [0u8; GRID_TEXT_BYTES + 1];
        let block: &mut [u8; GRID_TEXT_BYTES] = (&mut buf[1..])
            .try_into()
            .expect("the buffer has room for one grid");
        grid.write_grid_text(block);
        let start = usize::from(self.written == 0);
        buf[0] = b'\n';
        self.out.write_all(&buf[start..])?;
        self.written += 1;
        Ok(())
    }

    /// The number of grids written.
    pub fn written(&self) -> u64 {
        self.written
    }

    /// Flushes and returns the underlying writer.
    ///
    /// # Errors
    /// The flush's error: grids buffered in `out` (a [`std::io::BufWriter`]
    /// over a full disk, say) were not all written.
    pub fn into_inner(mut self) -> io::Result<W> {
        self.out.flush()?;
        Ok(self.out)
    }

    /// The underlying writer.
    pub fn get_ref(&self) -> &W {
        &self.out
    }

    /// Flushes the underlying writer.
    pub fn flush(&mut self) -> io::Result<()> {
        self.out.flush()
    }
}

/// Appends `grid` in the grid format to `out`, preceded by an empty line
/// unless `first`. The allocation-light building block of parallel writers.
pub fn push_grid(out: &mut Vec<u8>, grid: &Grid, first: bool) {
    if !first {
        out.push(b'\n');
    }
    let mut block = [0u8; GRID_TEXT_BYTES];
    grid.write_grid_text(&mut block);
    out.extend_from_slice(&block);
}

/// Appends `grid` as one 81-character line (`.` for blanks) and a newline.
pub fn push_line(out: &mut Vec<u8>, grid: &Grid) {
    out.extend(
        grid.cells()
            .iter()
            .map(|&v| if v == 0 { b'.' } else { b'0' + v }),
    );
    out.push(b'\n');
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn cell_values_agree_with_the_table() {
        // Every byte value in every position of an 81-cell run.
        for byte in 0..=255u8 {
            for at in (0..81).step_by(7) {
                let mut text = *b"123456789.0.0.0.0.9876543210123456789.........987654321000000000123456789........";
                text[at] = byte;
                let mut out = [0u8; 81];
                let ok = cell_values(&text, &mut out);
                let expected = text.iter().all(|&b| CELL_VALUES[b as usize] != NOT_A_CELL);
                assert_eq!(ok, expected, "byte {byte} at {at}");
                if ok {
                    for (cell, &b) in out.iter().zip(&text) {
                        assert_eq!(*cell, CELL_VALUES[b as usize]);
                    }
                }
            }
        }
    }

    #[test]
    fn find_newline_agrees_with_a_byte_search() {
        // Every position, with and without other newlines and high bytes around.
        for len in 0..40 {
            for at in 0..=len {
                for filler in [b'7', 0x0B, 0xFF, 0x00] {
                    let mut bytes = vec![filler; len];
                    if at < len {
                        bytes[at] = b'\n';
                        if at + 3 < len {
                            bytes[at + 3] = b'\n';
                        }
                    }
                    let expected = bytes.iter().position(|&b| b == b'\n');
                    assert_eq!(find_newline(&bytes), expected, "{len} {at} {filler}");
                }
            }
        }
    }

    #[test]
    fn block_separator_check_agrees_with_its_definition() {
        // Every string of up to four bytes over separator and other bytes.
        let alphabet = [b'-', b'=', b'+', b'|', b' ', b'\t', b'1', b'.', b'#', b'x'];
        let mut strings = vec![Vec::new()];
        for _ in 0..4 {
            let longer: Vec<Vec<u8>> = strings
                .iter()
                .filter(|s| s.len() == strings.last().map_or(0, Vec::len))
                .flat_map(|s| {
                    alphabet.iter().map(move |&b| {
                        let mut t = s.clone();
                        t.push(b);
                        t
                    })
                })
                .collect();
            strings.extend(longer);
        }
        assert_eq!(strings.len(), 1 + 10 + 100 + 1000 + 10_000);
        for text in &strings {
            let expected = text.iter().any(|b| matches!(b, b'-' | b'='))
                && text
                    .iter()
                    .all(|b| matches!(b, b'-' | b'=' | b'+' | b'|' | b' ' | b'\t'));
            assert_eq!(is_block_separator(text), expected, "{text:?}");
        }
    }

    fn read_all(text: &str) -> Result<Vec<PuzzleRecord>, ParseError> {
        PuzzleReader::new(text.as_bytes())
            .map(|r| match r {
                Ok(p) => Ok(p),
                Err(ReadError::Parse(e)) => Err(e),
                Err(ReadError::Io(e)) => panic!("{e}"),
            })
            .collect()
    }

    const ROW: &str = "1 2 3 4 5 6 7 8 9\n";

    #[test]
    fn detects_each_format() {
        assert_eq!(detect(b"1 2 3"), Format::Grid);
        assert_eq!(detect(b"123456789"), Format::Compact);
        assert_eq!(detect(&[b'.'; 81]), Format::Line);
    }

    #[test]
    fn rejects_row_with_eight_cells() {
        let text = format!("{ROW}1 2 3 4 5 6 7 8\n");
        let err = read_all(&text).unwrap_err();
        assert_eq!((err.line, err.column), (2, 16));
        assert!(matches!(
            err.kind,
            ParseErrorKind::RowLength { found: 8, .. }
        ));
    }

    #[test]
    fn rejects_cell_of_ten_with_column() {
        let text = "1 2 10 4 5 6 7 8 9\n";
        let err = read_all(text).unwrap_err();
        assert_eq!((err.line, err.column), (1, 5));
        assert!(matches!(err.kind, ParseErrorKind::CellOutOfRange { .. }));
    }

    #[test]
    fn rejects_grid_cut_short_by_empty_line() {
        let text = format!("{ROW}{ROW}\n{ROW}");
        let err = read_all(&text).unwrap_err();
        assert_eq!(err.line, 3);
        assert!(matches!(
            err.kind,
            ParseErrorKind::GridCutShort {
                rows: 2,
                at_end: false
            }
        ));
    }

    #[test]
    fn rejects_too_long_line_without_reading_it_all() {
        let text = vec![b'1'; 10 * MAX_LINE_BYTES];
        let err = PuzzleReader::new(&text[..]).next().unwrap().unwrap_err();
        assert!(matches!(
            err,
            ReadError::Parse(ParseError {
                kind: ParseErrorKind::LineTooLong { .. },
                ..
            })
        ));
    }

    #[test]
    fn accepts_crlf_tabs_and_missing_final_newline() {
        let row = "0\t0  0 0 0 0 0 0 0\r\n";
        let text = format!("\r\n{}", row.repeat(9).trim_end());
        let puzzles = read_all(&text).unwrap();
        assert_eq!(puzzles.len(), 1);
        assert_eq!(puzzles[0].line, 2);
    }

    #[test]
    fn underscores_are_blanks_and_a_byte_order_mark_is_skipped_in_every_format() {
        let dots =
            "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......";
        let expected = read_all(dots).unwrap()[0].grid;
        let line = dots.replace('.', "_");
        let rows: Vec<&str> = (0..9).map(|r| &line[9 * r..9 * r + 9]).collect();
        let compact = rows.join("\n");
        let grid = rows
            .iter()
            .map(|row| row.chars().map(String::from).collect::<Vec<_>>().join(" "))
            .collect::<Vec<_>>()
            .join("\n");
        for (text, format) in [
            (line.clone(), Format::Line),
            (compact, Format::Compact),
            (grid, Format::Grid),
        ] {
            for bom in ["", "\u{FEFF}"] {
                let input = format!("{bom}{text}\n");
                let mut reader = PuzzleReader::new(input.as_bytes());
                let puzzles: Vec<PuzzleRecord> = (&mut reader).collect::<Result<_, _>>().unwrap();
                assert_eq!(reader.format(), Some(format));
                assert_eq!(puzzles.len(), 1);
                assert_eq!(
                    (puzzles[0].grid, puzzles[0].line),
                    (expected, 1),
                    "{bom:?}{text}"
                );
            }
        }
        assert_eq!(format!("\u{FEFF}{line}").parse::<Grid>(), Ok(expected));
        // Only at the start of the input: elsewhere it is a stray byte, at
        // its own column.
        let second = format!("{dots}\n\u{FEFF}{dots}\n");
        let error = read_all(&second).unwrap_err();
        assert_eq!((error.line, error.column), (2, 1));
        assert_eq!(error.kind, ParseErrorKind::UnexpectedByte { byte: 0xEF });
        // A mark alone is an empty input; after it, columns count from the
        // first cell.
        assert_eq!(
            read_all("\u{FEFF}").unwrap_err().kind,
            ParseErrorKind::NoPuzzles
        );
        let bad = format!("\u{FEFF}x{}", &dots[1..]);
        let error = read_all(&bad).unwrap_err();
        assert_eq!((error.line, error.column), (1, 1));
    }

    #[test]
    fn rejects_empty_and_comment_only_input() {
        for text in ["", "\n\n", "# nothing\n"] {
            let err = read_all(text).unwrap_err();
            assert_eq!(err.kind, ParseErrorKind::NoPuzzles);
        }
    }
}
