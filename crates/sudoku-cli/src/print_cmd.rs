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
use sudoku_print::{
    fill_with, font, pdf, sort_into_sections, svg, Entry, FontError, FontFile, MAX_BOOK_PUZZLES,
    MAX_FONT_BYTES,
};

use crate::{open_input, read_failure, with_output, write_failure, Failure};
use sudoku_cli::args::{shown, Output};
use sudoku_cli::output::MAX_NAME_BYTES;
use sudoku_cli::print_args::{Book, BookFormat, PrintArgs};

/// The book ready to write, checked before any work: `--font`'s file read
/// and checked into its options, and for a PDF, every character of the
/// title found in a face the book embeds. A character in no face is refused
/// (status 2) rather than printed as a box or a `?`; the SVG needs no check,
/// since its text is set by the viewer's fonts.
pub fn prepared(book: &Book) -> Result<Book, Failure> {
    let mut book = book.clone();
    if let Some(path) = &book.font {
        book.options.font = Some(read_font(path)?);
    }
    if let (Some(title), BookFormat::Pdf) = (&book.options.title, book.format) {
        let missing = font::missing(title, book.options.font.as_ref());
        if !missing.is_empty() {
            let list: Vec<String> = missing
                .iter()
                .map(|c| format!("'{c}' (U+{:04X})", u32::from(*c)))
                .collect();
            let (which, advice) = match &book.options.font {
                Some(f) => (
                    format!("neither Liberation Sans nor {} has", f.name()),
                    "give --font a font that has them",
                ),
                None => (
                    "Liberation Sans, the book's font, lacks".to_string(),
                    "give --font FILE.ttf|.otf with a font that has them (Noto Sans CJK for Chinese, Japanese or Korean)",
                ),
            };
            return Err(Failure::Input(format!(
                "the title cannot be printed: {which} {}; {advice}",
                list.join(", ")
            )));
        }
    }
    Ok(book)
}

/// Reads and checks the font file at `path`.
///
/// Only a regular file is read, and only one of at most
/// [`MAX_FONT_BYTES`]: `/dev/zero` or a named pipe would otherwise be read
/// forever (or wait forever for a writer), and a huge file would be held
/// whole in memory before it was refused. The type and size are checked
/// before the file is opened (following symbolic links); the file is then
/// opened without waiting (`O_NONBLOCK`, so a pipe swapped in meanwhile
/// cannot block), checked again, and read through a reader that stops one
/// byte past the cap, so a file that grows while it is read is refused too.
fn read_font(path: &Path) -> Result<FontFile, Failure> {
    use std::io::Read as _;

    let name = shown(path);
    let cannot = |e: std::io::Error| Failure::Input(format!("cannot read font {name}: {e}"));
    let check = |meta: &std::fs::Metadata| {
        if !meta.is_file() {
            let what = if meta.is_dir() { " (a directory)" } else { "" };
            return Err(Failure::Input(format!(
                "font {name}: not a regular file{what}"
            )));
        }
        if meta.len() > MAX_FONT_BYTES {
            return Err(Failure::Input(format!(
                "font {name}: {}",
                FontError::TooLarge
            )));
        }
        Ok(())
    };
    check(&std::fs::metadata(path).map_err(cannot)?)?;
    let mut open = std::fs::OpenOptions::new();
    open.read(true);
    #[cfg(unix)]
    {
        use std::os::unix::fs::OpenOptionsExt as _;
        open.custom_flags(nonblocking::O_NONBLOCK);
    }
    let file = open.open(path).map_err(cannot)?;
    check(&file.metadata().map_err(cannot)?)?;
    let mut data = Vec::new();
    file.take(MAX_FONT_BYTES + 1)
        .read_to_end(&mut data)
        .map_err(cannot)?;
    FontFile::new(data).map_err(|e| Failure::Input(format!("font {name}: {e}")))
}

/// `O_NONBLOCK` for `open(2)`, declared by hand as `main`'s signal numbers
/// are: std links the C library but does not export its constants.
#[cfg(unix)]
mod nonblocking {
    /// Linux's value on x86, Arm, RISC-V, PowerPC and most others.
    #[cfg(all(
        any(target_os = "linux", target_os = "android"),
        not(any(
            target_arch = "mips",
            target_arch = "mips64",
            target_arch = "sparc",
            target_arch = "sparc64"
        ))
    ))]
    pub const O_NONBLOCK: i32 = 0o4000;
    /// MIPS Linux's.
    #[cfg(all(
        any(target_os = "linux", target_os = "android"),
        any(target_arch = "mips", target_arch = "mips64")
    ))]
    pub const O_NONBLOCK: i32 = 0x80;
    /// SPARC Linux's.
    #[cfg(all(
        any(target_os = "linux", target_os = "android"),
        any(target_arch = "sparc", target_arch = "sparc64")
    ))]
    pub const O_NONBLOCK: i32 = 0x4000;
    /// The BSDs' and macOS's.
    #[cfg(any(
        target_os = "macos",
        target_os = "ios",
        target_os = "freebsd",
        target_os = "openbsd",
        target_os = "netbsd",
        target_os = "dragonfly"
    ))]
    pub const O_NONBLOCK: i32 = 0x4;
    /// Elsewhere no flag: the type checked before opening still keeps a
    /// pipe out, short of one swapped in between the check and the open.
    #[cfg(not(any(
        target_os = "linux",
        target_os = "android",
        target_os = "macos",
        target_os = "ios",
        target_os = "freebsd",
        target_os = "openbsd",
        target_os = "netbsd",
        target_os = "dragonfly"
    )))]
    pub const O_NONBLOCK: i32 = 0;
}

/// Reads, solves and rates the puzzles, and writes the book.
pub fn run(args: &PrintArgs) -> Result<(), Failure> {
    let book = prepared(&args.book)?;
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
    check_page_names(&book, entries.len())?;
    let threads = batch::resolve_threads(args.threads);
    fill_with(&mut entries, threads, book.scale).map_err(|e| {
        Failure::Input(format!(
            "{}:{}: puzzle {} has no solution; a book prints only solvable puzzles",
            args.input.name(),
            lines[e.index],
            e.index + 1
        ))
    })?;
    check_lessons(&book, &entries, |i| {
        format!("{}:{}: puzzle {}", args.input.name(), lines[i], i + 1)
    })?;
    write_book(&book, &entries)
}

/// Refuses a lesson book with a puzzle that has more than one solution
/// (status 2): no step follows from its givens, so there is nothing true
/// to teach, and the rater's path would be trial and error. `name` names
/// the puzzle at an index (its file, line and number). Run after the
/// entries are filled.
pub fn check_lessons(
    book: &Book,
    entries: &[Entry],
    name: impl Fn(usize) -> String,
) -> Result<(), Failure> {
    if !book.options.lesson {
        return Ok(());
    }
    match entries.iter().position(|e| !e.has_unique_solution()) {
        Some(i) => Err(Failure::Input(format!(
            "{} has more than one solution; a lesson needs a unique one",
            name(i)
        ))),
        None => Ok(()),
    }
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
    let pages = sudoku_print::most_pages(&book.options, puzzles);
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

/// Writes `entries` as `book`: one PDF, or one SVG per page; with
/// `--sections`, sorted into sections and numbered again first.
pub fn write_book(book: &Book, entries: &[Entry]) -> Result<(), Failure> {
    let sorted;
    let entries = if book.options.sections {
        let mut copy = entries.to_vec();
        sort_into_sections(&mut copy);
        sorted = copy;
        &sorted[..]
    } else {
        entries
    };
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
    let pages = sudoku_print::book_pages(&book.options, entries);
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
