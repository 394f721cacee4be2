//! `sudoku print PUZZLES [options]`, and the book output of `sudoku puzzles
//! ... -o book.pdf`: argument parsing and file handling for `sudoku_print`.
//!
//! The puzzles are read whole (at most `sudoku_print::MAX_BOOK_PUZZLES`),
//! solved and rated on every core (or `-j N` threads) through
//! `sudoku_print::fill`, then the book is written on the calling thread. A
//! PDF, and each SVG page, goes through the same atomic replacement as every
//! other output.

use std::ffi::OsString;
use std::path::{Path, PathBuf};

use lexopt::prelude::*;
use sudoku_core::batch;
use sudoku_core::format::PuzzleReader;
use sudoku_print::{fill, metrics, pdf, svg, Entry, Options, Paper, PerPage, MAX_BOOK_PUZZLES};

use crate::args::MAX_THREADS;
use crate::args::{bounded, once, output_of, usage, Command, Input, Output, UsageError};
use crate::{open_input, read_failure, with_output, write_failure, Failure};

/// The usage lines of printing.
pub const USAGE: &str =
    "       sudoku print PUZZLES [-o FILE.pdf|FILE.svg|-] [--per-page 1|2|4|6] [--paper a4|letter]
                    [--title TEXT] [--answers] [--candidates] [-j N]";

/// The help text of printing.
pub const HELP: &str =
    "  print PUZZLES  a print-ready book of the puzzles in PUZZLES (any format, - for stdin),
                 a number and the rater's score under each grid; to ./sudoku.pdf
    -o FILE.pdf          one PDF (- for stdout); FILE.svg: one SVG per page, FILE-1.svg, ...
    --per-page 1|2|4|6   puzzles per page (default 2)
    --paper a4|letter    paper size (default a4)
    --title TEXT         a title on every page
    --answers            an answer key of small grids at the end
    --candidates         every blank cell shows its candidates
  puzzles N ... -o FILE.pdf|FILE.svg   writes such a book directly (same options)";

/// What kind of book a path asks for.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum BookFormat {
    /// One PDF file.
    Pdf,
    /// One SVG file per page.
    Svg,
}

impl BookFormat {
    /// The format a path's extension names, if it is a book's.
    pub fn of(output: &Output) -> Option<BookFormat> {
        let Output::File(path) = output else {
            return None;
        };
        let ext = path.extension()?.to_string_lossy().to_ascii_lowercase();
        match ext.as_str() {
            "pdf" => Some(BookFormat::Pdf),
            "svg" => Some(BookFormat::Svg),
            _ => None,
        }
    }
}

/// A book to write: its layout, where, and how.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Book {
    /// Layout and contents.
    pub options: Options,
    /// The PDF file, standard output, or the SVG pages' base name.
    pub output: Output,
    /// PDF or SVG.
    pub format: BookFormat,
}

/// `sudoku print`'s arguments.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct PrintArgs {
    /// The puzzles.
    pub input: Input,
    /// The book.
    pub book: Book,
    /// Threads for solving and rating; 0 for every core.
    pub threads: usize,
}

/// The book options that `print` and `puzzles` share, as they are parsed.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct BookFlags {
    per_page: Option<PerPage>,
    paper: Option<Paper>,
    title: Option<String>,
    answers: bool,
    candidates: bool,
}

impl BookFlags {
    /// The long options [`BookFlags::take`] takes.
    pub const NAMES: [&'static str; 5] = ["per-page", "paper", "title", "answers", "candidates"];

    /// Takes the long option `name` (one of [`BookFlags::NAMES`]) and its value.
    pub fn take(&mut self, name: &str, parser: &mut lexopt::Parser) -> Result<(), UsageError> {
        match name {
            "per-page" => {
                let n = bounded(parser.value()?, "--per-page", 1, 6)?;
                let Some(per_page) = PerPage::new(n) else {
                    return usage(format!("--per-page must be 1, 2, 4 or 6, not {n}"));
                };
                once(&mut self.per_page, per_page, "--per-page")?;
            }
            "paper" => {
                let text = parser.value()?.to_string_lossy().into_owned();
                let paper = text.parse::<Paper>().map_err(UsageError)?;
                once(&mut self.paper, paper, "--paper")?;
            }
            "title" => {
                // A title is one line: tabs and newlines become spaces.
                let text: String = parser
                    .value()?
                    .to_string_lossy()
                    .chars()
                    .map(|c| if c.is_control() { ' ' } else { c })
                    .collect();
                once(&mut self.title, text, "--title")?;
            }
            "answers" => self.answers = true,
            _ => self.candidates = true,
        }
        Ok(())
    }

    /// True when any book option was given.
    pub fn any(&self) -> bool {
        *self != BookFlags::default()
    }

    /// The book these options describe, written to `output`.
    pub fn book(self, output: Output) -> Result<Book, UsageError> {
        let format = match (&output, BookFormat::of(&output)) {
            (Output::Stdout, _) => BookFormat::Pdf,
            (_, Some(format)) => format,
            (Output::File(path), None) => {
                return usage(format!(
                    "a book is written as PDF or SVG: -o must end in .pdf or .svg, not '{}'",
                    path.display()
                ))
            }
        };
        if let Some(title) = &self.title {
            let missing = metrics::unprintable(title);
            if !missing.is_empty() && format == BookFormat::Pdf {
                let list: String = missing.iter().collect();
                tell!(
                    "sudoku: warning: Helvetica has no '{list}'; the PDF's title shows ? instead"
                );
            }
        }
        Ok(Book {
            options: Options {
                paper: self.paper.unwrap_or_default(),
                per_page: self.per_page.unwrap_or_default(),
                title: self.title,
                answers: self.answers,
                candidates: self.candidates,
            },
            output,
            format,
        })
    }
}

/// Parses `sudoku print PUZZLES [options]` (the arguments after `print`).
pub fn parse(args: Vec<OsString>) -> Result<Command, UsageError> {
    let mut parser = lexopt::Parser::from_args(args);
    let (mut input, mut output, mut threads) = (None, None, None);
    let mut flags = BookFlags::default();
    while let Some(arg) = parser.next()? {
        match arg {
            Long(name) if BookFlags::NAMES.contains(&name) => {
                let name = name.to_string();
                flags.take(&name, &mut parser)?;
            }
            Short('o') | Long("output") => once(&mut output, output_of(parser.value()?), "-o")?,
            Short('j') | Long("threads") => once(
                &mut threads,
                bounded(parser.value()?, "-j", 1, MAX_THREADS)?,
                "-j",
            )?,
            Value(v) => once(&mut input, input_of(v), "the puzzle file")?,
            _ => return Err(arg.unexpected().into()),
        }
    }
    let input =
        input.ok_or_else(|| UsageError("print needs a puzzle file (or - for stdin)".into()))?;
    let output = output.unwrap_or_else(|| Output::File("sudoku.pdf".into()));
    Ok(Command::Print(Box::new(PrintArgs {
        input,
        book: flags.book(output)?,
        threads: threads.unwrap_or(0),
    })))
}

fn input_of(value: OsString) -> Input {
    if value == "-" {
        Input::Stdin
    } else {
        Input::File(value.into())
    }
}

/// Reads, solves and rates the puzzles, and writes the book.
pub fn run(args: &PrintArgs) -> Result<(), Failure> {
    let mut reader = PuzzleReader::new(open_input(&args.input)?);
    let (mut entries, mut lines) = (Vec::new(), Vec::new());
    for item in reader.by_ref() {
        let puzzle = item.map_err(|e| read_failure(&args.input, e))?;
        if entries.len() == MAX_BOOK_PUZZLES {
            return Err(Failure::Input(format!(
                "{}: a book holds at most {MAX_BOOK_PUZZLES} puzzles; split the file",
                args.input.name()
            )));
        }
        lines.push(puzzle.line);
        entries.push(Entry {
            number: entries.len() + 1,
            puzzle: puzzle.grid,
            facts: None,
        });
    }
    if entries.is_empty() {
        return Err(Failure::Input(format!(
            "{} holds no puzzle",
            args.input.name()
        )));
    }
    fill(&mut entries, batch::resolve_threads(args.threads)).map_err(|e| {
        Failure::Input(format!(
            "{}:{}: puzzle {} has no solution; a book prints only solvable puzzles",
            args.input.name(),
            lines[e.index],
            e.index + 1
        ))
    })?;
    write_book(&args.book, &entries)
}

/// Writes `entries` as `book`: one PDF, or one SVG per page.
pub fn write_book(book: &Book, entries: &[Entry]) -> Result<(), Failure> {
    match book.format {
        BookFormat::Pdf => with_output(&book.output, |out| {
            pdf::write(&book.options, entries, out).map_err(|e| write_failure(&book.output, &e))
        }),
        BookFormat::Svg => write_svg_pages(book, entries),
    }
}

/// The file of page `number` of `count`: `book.svg` gives `book-1.svg`, or
/// `book-01.svg` when there are ten pages or more, so the names sort in order.
pub fn svg_page_path(base: &Path, number: usize, count: usize) -> PathBuf {
    let stem = base
        .file_stem()
        .map_or_else(|| "book".into(), |s| s.to_string_lossy().into_owned());
    let ext = base
        .extension()
        .map_or_else(|| "svg".into(), |s| s.to_string_lossy().into_owned());
    let width = count.to_string().len();
    base.with_file_name(format!("{stem}-{number:0width$}.{ext}"))
}

/// Writes the pages one after the other, each to a temporary file renamed
/// over its page file once complete: no page file is ever half-written. A
/// failure part-way (a full disk) leaves the pages before it new and the
/// others as they were, and ends the run with status 3.
fn write_svg_pages(book: &Book, entries: &[Entry]) -> Result<(), Failure> {
    let Output::File(base) = &book.output else {
        return Err(Failure::Usage(
            "SVG makes one file per page: give -o FILE.svg".into(),
        ));
    };
    let pages = sudoku_print::pages(&book.options, entries.len());
    for page in &pages {
        let output = Output::File(svg_page_path(base, page.number, pages.len()));
        with_output(&output, |out| {
            svg::write_page(&book.options, entries, page, out)
                .map_err(|e| write_failure(&output, &e))
        })?;
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    fn parse_args(args: &[&str]) -> Result<Command, UsageError> {
        crate::args::parse(args.iter().map(OsString::from))
    }

    #[test]
    fn print_options_are_checked() {
        assert!(parse_args(&["print", "p.txt"]).is_ok());
        assert!(parse_args(&["print"]).is_err());
        assert!(parse_args(&["print", "p.txt", "--per-page", "3"]).is_err());
        assert!(parse_args(&["print", "p.txt", "--per-page", "8"]).is_err());
        assert!(parse_args(&["print", "p.txt", "--paper", "a5"]).is_err());
        assert!(parse_args(&["print", "p.txt", "-o", "book.txt"]).is_err());
        assert!(parse_args(&["print", "p.txt", "-o", "book.PDF"]).is_ok());
        assert!(parse_args(&["print", "p.txt", "--title", "a", "--title", "b"]).is_err());
    }

    #[test]
    fn svg_page_names_sort_in_page_order() {
        let base = Path::new("out/book.svg");
        assert_eq!(svg_page_path(base, 3, 9), Path::new("out/book-3.svg"));
        assert_eq!(svg_page_path(base, 3, 12), Path::new("out/book-03.svg"));
        assert_eq!(svg_page_path(base, 120, 120), Path::new("out/book-120.svg"));
    }
}
