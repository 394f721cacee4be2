//! Parsing `sudoku print PUZZLES [options]`, and the book options that
//! `sudoku puzzles ... -o book.pdf` shares; the binary's `print_cmd` writes
//! the book with `sudoku_print`.

use std::ffi::OsString;
use std::path::PathBuf;

use lexopt::prelude::*;
use sudoku_core::rate::Scale;
use sudoku_print::{Options, Paper, PerPage, RatingStyle};

use crate::arg_values::{
    bounded, once, output_of, scale_value, usage, value as option_value, Input, Output, UsageError,
    MAX_THREADS,
};

/// The usage lines of printing.
pub const USAGE: &str =
    "       sudoku print PUZZLES [-o FILE.pdf|FILE.svg|-] [--per-page 1|2|4|6] [--paper a4|letter|a5|6x9]
                    [--title TEXT] [--font FILE.ttf|.otf] [--answers] [--candidates]
                    [--show-rating number|stars|none] [--hide-technique] [--cover] [--sections] [--lesson]
                    [--scale se|native] [-j N]";

/// The help text of printing.
pub const HELP: &str =
    "  print PUZZLES  a print-ready book of the puzzles in PUZZLES (any format, - for stdin),
                 a number and the rater's score under each grid; to ./sudoku.pdf
    -o FILE.pdf          one PDF (- for stdout); FILE.svg: one SVG per page, FILE-1.svg, ...
    --per-page 1|2|4|6   puzzles per page (default 2)
    --paper a4|letter|a5|6x9
                         paper size or book trim (default a4; 6 a page does not fit a5)
    --title TEXT         a title on every page
    --font FILE          a TrueType/OpenType font for the characters Liberation Sans
                         lacks (a CJK title); embedded as a subset
    --answers            an answer key of small grids at the end
    --candidates         every blank cell shows its candidates
    --show-rating number|stars|none
                         the difficulty under each grid: SE 4.2 · hard (default),
                         1-5 stars (easy to extreme), or nothing
    --hide-technique     leave the hardest technique out of the captions
    --cover              a cover page: title, number of puzzles, difficulty range
    --sections           puzzles sorted into sections by level, easiest first,
                         each from a new page headed with its level
    --lesson             one puzzle a page at its hardest step: the pattern shaded,
                         eliminations struck out, the step told in a sentence
    --scale se|native    the scale of the ratings under the grids (default se)
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
    /// The format a path's name ends in (`.pdf` or `.svg`, any case), if it
    /// is a book's: a name that is only the extension (`.pdf`) too, which
    /// [`BookFlags::book`] then refuses as a forgotten name.
    pub fn of(output: &Output) -> Option<BookFormat> {
        let Output::File(path) = output else {
            return None;
        };
        let name = path.file_name()?.to_string_lossy().to_ascii_lowercase();
        if name.ends_with(".pdf") {
            Some(BookFormat::Pdf)
        } else if name.ends_with(".svg") {
            Some(BookFormat::Svg)
        } else {
            None
        }
    }
}

/// True when the file name is only an extension, `.pdf` or `.svg`: a
/// hidden file no one means to print to, so a name left out.
fn only_an_extension(path: &std::path::Path) -> bool {
    path.file_name().is_some_and(|name| name.len() == 4)
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
    /// The scale of the ratings in the captions.
    pub scale: Scale,
    /// The font file `--font` names, read into `options.font` by the
    /// command before any work.
    pub font: Option<PathBuf>,
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
    font: Option<PathBuf>,
    answers: bool,
    candidates: bool,
    rating: Option<RatingStyle>,
    hide_technique: bool,
    cover: bool,
    sections: bool,
    lesson: bool,
}

impl BookFlags {
    /// The long options [`BookFlags::take`] takes.
    pub const NAMES: [&'static str; 11] = [
        "per-page",
        "paper",
        "title",
        "font",
        "answers",
        "candidates",
        "show-rating",
        "hide-technique",
        "cover",
        "sections",
        "lesson",
    ];

    /// Takes the long option `name` (one of [`BookFlags::NAMES`]) and its value.
    pub fn take(&mut self, name: &str, parser: &mut lexopt::Parser) -> Result<(), UsageError> {
        match name {
            "per-page" => {
                let n = bounded(option_value(parser)?, "--per-page", 1, 6)?;
                let Some(per_page) = PerPage::new(n) else {
                    return usage(format!("--per-page must be 1, 2, 4 or 6, not {n}"));
                };
                once(&mut self.per_page, per_page, "--per-page")?;
            }
            "paper" => {
                let text = option_value(parser)?.to_string_lossy().into_owned();
                let paper = text.parse::<Paper>().map_err(|e| UsageError::new(&e))?;
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
            "font" => {
                let path = PathBuf::from(option_value(parser)?);
                once(&mut self.font, path, "--font")?;
            }
            "show-rating" => {
                let text = option_value(parser)?.to_string_lossy().into_owned();
                let style = text
                    .parse::<RatingStyle>()
                    .map_err(|e| UsageError::new(&e))?;
                once(&mut self.rating, style, "--show-rating")?;
            }
            "hide-technique" => self.hide_technique = true,
            "cover" => self.cover = true,
            "sections" => self.sections = true,
            "lesson" => self.lesson = true,
            "answers" => self.answers = true,
            _ => self.candidates = true,
        }
        Ok(())
    }

    /// True when any book option was given.
    pub fn any(&self) -> bool {
        *self != BookFlags::default()
    }

    /// The first book option given, as it is spelt (`--font`), in the
    /// order of [`BookFlags::NAMES`]: what a refusal names.
    pub fn first_given(&self) -> Option<&'static str> {
        let given = [
            ("--per-page", self.per_page.is_some()),
            ("--paper", self.paper.is_some()),
            ("--title", self.title.is_some()),
            ("--font", self.font.is_some()),
            ("--answers", self.answers),
            ("--candidates", self.candidates),
            ("--show-rating", self.rating.is_some()),
            ("--hide-technique", self.hide_technique),
            ("--cover", self.cover),
            ("--sections", self.sections),
            ("--lesson", self.lesson),
        ];
        given.into_iter().find_map(|(name, on)| on.then_some(name))
    }

    /// True when `--lesson` was given.
    pub fn lesson(&self) -> bool {
        self.lesson
    }

    /// The book these options describe, written to `output`, rated on `scale`.
    pub fn book(self, output: Output, scale: Scale) -> Result<Book, UsageError> {
        let format = match (&output, BookFormat::of(&output)) {
            (Output::Stdout, _) => BookFormat::Pdf,
            (Output::File(path), Some(_)) if only_an_extension(path) => {
                return usage(format!(
                    "-o '{}' has no name before its extension; name the book, \
                     for example -o book{}",
                    path.display(),
                    path.file_name()
                        .map(|n| n.to_string_lossy())
                        .unwrap_or_default()
                ))
            }
            (_, Some(format)) => format,
            (Output::File(path), None) => {
                return usage(format!(
                    "a book is written as PDF or SVG: -o must end in .pdf or .svg, not '{}'",
                    path.display()
                ))
            }
        };
        let paper = self.paper.unwrap_or_default();
        let per_page = match (self.lesson, self.per_page) {
            (true, Some(p)) if p.get() != 1 => {
                return usage(format!(
                    "a lesson has one puzzle a page, with its step told under it: \
                     --lesson takes no --per-page {}",
                    p.get()
                ))
            }
            (true, _) => PerPage::new(1).unwrap_or_default(),
            (false, p) => p.unwrap_or_default(),
        };
        if !paper.fits(per_page) {
            return usage(format!(
                "--per-page {} does not fit on {paper}: its cells would be under 4.5 mm; \
                 use fewer a page or a larger paper",
                per_page.get()
            ));
        }
        Ok(Book {
            options: Options {
                paper,
                per_page,
                title: self.title,
                answers: self.answers,
                candidates: self.candidates,
                font: None,
                rating: self.rating.unwrap_or_default(),
                hide_technique: self.hide_technique,
                cover: self.cover,
                sections: self.sections,
                lesson: self.lesson,
            },
            output,
            format,
            scale,
            font: self.font,
        })
    }
}

/// Parses `sudoku print PUZZLES [options]` (the arguments after `print`).
pub fn parse(args: Vec<OsString>) -> Result<PrintArgs, UsageError> {
    let mut parser = lexopt::Parser::from_args(args);
    let (mut input, mut output, mut threads) = (None, None, None);
    let (mut flags, mut scale) = (BookFlags::default(), None);
    while let Some(arg) = parser.next()? {
        match arg {
            Long(name) if BookFlags::NAMES.contains(&name) => {
                let name = name.to_string();
                flags.take(&name, &mut parser)?;
            }
            Short('o') | Long("output") => {
                once(&mut output, output_of(option_value(&mut parser)?)?, "-o")?
            }
            Short('j') | Long("threads") => once(
                &mut threads,
                bounded(option_value(&mut parser)?, "-j", 1, MAX_THREADS)?,
                "-j",
            )?,
            Long("scale") => once(
                &mut scale,
                scale_value(option_value(&mut parser)?)?,
                "--scale",
            )?,
            Value(v) => once(&mut input, Input::from_os(v)?, "the puzzle file")?,
            _ => return Err(arg.unexpected().into()),
        }
    }
    let input =
        input.ok_or_else(|| UsageError::new("print needs a puzzle file (or - for stdin)"))?;
    let output = output.unwrap_or_else(|| Output::File("sudoku.pdf".into()));
    Ok(PrintArgs {
        input,
        book: flags.book(output, scale.unwrap_or_default())?,
        threads: threads.unwrap_or(0),
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    /// `sudoku print` with `args`.
    fn parse_args(args: &[&str]) -> Result<PrintArgs, UsageError> {
        let (name, rest) = args.split_first().expect("a command name");
        assert_eq!(*name, "print");
        parse(rest.iter().map(OsString::from).collect())
    }

    #[test]
    fn print_options_are_checked() {
        assert!(parse_args(&["print", "p.txt"]).is_ok());
        assert!(parse_args(&["print"]).is_err());
        assert!(parse_args(&["print", "p.txt", "--per-page", "3"]).is_err());
        assert!(parse_args(&["print", "p.txt", "--per-page", "8"]).is_err());
        assert!(parse_args(&["print", "p.txt", "--paper", "a3"]).is_err());
        assert!(parse_args(&["print", "p.txt", "--paper", "A5", "--per-page", "4"]).is_ok());
        assert!(parse_args(&["print", "p.txt", "--paper", "6x9", "--per-page", "6"]).is_ok());
        assert!(parse_args(&["print", "p.txt", "--paper", "a5", "--per-page", "6"]).is_err());
        assert!(parse_args(&["print", "p.txt", "-o", "book.txt"]).is_err());
        assert!(parse_args(&["print", "p.txt", "-o", "book.PDF"]).is_ok());
        assert!(parse_args(&["print", "p.txt", "--title", "a", "--title", "b"]).is_err());
        assert!(parse_args(&["print", "p.txt", "--font"]).is_err());
        assert!(parse_args(&["print", "p.txt", "--show-rating", "letters"]).is_err());
        let args = parse_args(&[
            "print",
            "p.txt",
            "--show-rating",
            "STARS",
            "--hide-technique",
        ]);
        let options = args.unwrap().book.options;
        assert_eq!(options.rating, RatingStyle::Stars);
        assert!(options.hide_technique);
        assert!(parse_args(&["print", "p.txt", "--font", "a.ttf", "--font", "b.ttf"]).is_err());
        let args = parse_args(&["print", "p.txt", "--font", "cjk.otf"]).unwrap();
        assert_eq!(args.book.font, Some(PathBuf::from("cjk.otf")));
    }
}
