//! `sudoku print PUZZLES [options]`, and the book output of `sudoku puzzles
//! ... -o book.pdf`: file handling for `sudoku_print` (the arguments are
//! parsed by `sudoku_cli::print_args`).
//!
//! The puzzles are read whole (at most `sudoku_print::MAX_BOOK_PUZZLES`),
//! solved and rated on every core (or `-j N` threads) through
//! `sudoku_print::fill_with` (on the scale `--scale` names), then the book is written on the calling thread. A
//! PDF, and each SVG page, goes through the same atomic replacement as every
//! other output.

use std::path::{Path, PathBuf};

use sudoku_core::batch;
use sudoku_core::format::PuzzleReader;
use sudoku_print::{fill_with, metrics, pdf, svg, Entry, MAX_BOOK_PUZZLES};

use crate::{open_input, read_failure, with_output, write_failure, Failure};
use sudoku_cli::args::{shown, Output};
use sudoku_cli::output::MAX_NAME_BYTES;
use sudoku_cli::print_args::{Book, BookFormat, PrintArgs};

/// Warns, before any work, when the book's PDF title has characters the
/// standard Helvetica lacks (they print as `?`).
pub fn warn_about_title(book: &Book) {
    let Some(title) = &book.options.title else {
        return;
    };
    let missing = metrics::unprintable(title);
    if !missing.is_empty() && book.format == BookFormat::Pdf {
        let list: String = missing.iter().collect();
        tell!("sudoku: warning: Helvetica has no '{list}'; the PDF's title shows ? instead");
    }
}

/// Reads, solves and rates the puzzles, and writes the book.
pub fn run(args: &PrintArgs) -> Result<(), Failure> {
    warn_about_title(&args.book);
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
    check_page_names(&args.book, entries.len())?;
    let threads = batch::resolve_threads(args.threads);
    fill_with(&mut entries, threads, args.book.scale).map_err(|e| {
        Failure::Input(format!(
            "{}:{}: puzzle {} has no solution; a book prints only solvable puzzles",
            args.input.name(),
            lines[e.index],
            e.index + 1
        ))
    })?;
    write_book(&args.book, &entries)
}

/// Refuses, before any work, an SVG book whose page files' names would be
/// longer than a file name may be: the pages add `-1` (or `-01`, ...) to the
/// name given, so a legal name of up to 255 bytes may give illegal ones,
/// and the failure would otherwise come only after the book was made.
pub fn check_page_names(book: &Book, puzzles: usize) -> Result<(), Failure> {
    let Output::File(base) = &book.output else {
        return Ok(());
    };
    if book.format != BookFormat::Svg {
        return Ok(());
    }
    let pages = sudoku_print::pages(&book.options, puzzles).len();
    let name_bytes = |path: &Path| path.file_name().map_or(0, |n| n.len());
    // Every page number has the same width, so every name the same length.
    let page_name = name_bytes(&svg_page_path(base, pages, pages));
    if page_name <= MAX_NAME_BYTES {
        return Ok(());
    }
    let added = page_name - name_bytes(base);
    let sample = format!("-{:0width$}", 1, width = pages.to_string().len());
    Err(Failure::Output(format!(
        "cannot write {}: the {pages} page files add \"{sample}\" to the name, \
         making it {page_name} bytes, more than the {MAX_NAME_BYTES} a file name may have; \
         give -o a shorter name (at most {} bytes)",
        shown(base),
        MAX_NAME_BYTES - added
    )))
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

    #[test]
    fn svg_page_names_sort_in_page_order() {
        let base = Path::new("out/book.svg");
        assert_eq!(svg_page_path(base, 3, 9), Path::new("out/book-3.svg"));
        assert_eq!(svg_page_path(base, 3, 12), Path::new("out/book-03.svg"));
        assert_eq!(svg_page_path(base, 120, 120), Path::new("out/book-120.svg"));
    }
}
