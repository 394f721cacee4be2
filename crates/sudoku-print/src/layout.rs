//! Where everything goes on a page: paper sizes, how many grids a page holds
//! and where, and which pages a book has. Pure geometry, in PostScript points
//! (1/72 inch) with the origin at the top-left corner and y growing downwards;
//! the PDF writer turns it the other way up.

use std::fmt;
use std::ops::Range;

use crate::entry::Entry;
use std::str::FromStr;

/// The paper a book is printed on.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum Paper {
    /// ISO A4, 210 × 297 mm.
    #[default]
    A4,
    /// US Letter, 8.5 × 11 inches.
    Letter,
    /// ISO A5, 148 × 210 mm: a pocket book.
    A5,
    /// 6 × 9 inches, the usual trim of a printed-on-demand paperback.
    SixByNine,
}

impl Paper {
    /// Every paper size.
    pub const ALL: [Paper; 4] = [Paper::A4, Paper::Letter, Paper::A5, Paper::SixByNine];

    /// Width and height in points.
    pub fn size(self) -> (f32, f32) {
        match self {
            Paper::A4 => (595.276, 841.89),
            Paper::Letter => (612.0, 792.0),
            Paper::A5 => (419.528, 595.276),
            Paper::SixByNine => (432.0, 648.0),
        }
    }

    /// Width and height as SVG lengths.
    pub fn svg_size(self) -> (&'static str, &'static str) {
        match self {
            Paper::A4 => ("210mm", "297mm"),
            Paper::Letter => ("8.5in", "11in"),
            Paper::A5 => ("148mm", "210mm"),
            Paper::SixByNine => ("6in", "9in"),
        }
    }

    /// True for the book trims (A5, 6 × 9 in), whose answer key has twelve
    /// grids a page (3 × 4) rather than twenty.
    fn is_small(self) -> bool {
        matches!(self, Paper::A5 | Paper::SixByNine)
    }

    /// True when `per_page` puzzles fit on this paper with cells of at
    /// least [`MIN_CELL`] (4.5 mm): every layout but six a page on A5.
    pub fn fits(self, per_page: PerPage) -> bool {
        let options = Options {
            paper: self,
            per_page,
            ..Options::default()
        };
        slot(&options, Kind::Puzzles, 0).side / 9.0 >= MIN_CELL
    }
}

impl FromStr for Paper {
    type Err = String;

    fn from_str(s: &str) -> Result<Paper, String> {
        match s.to_ascii_lowercase().as_str() {
            "a4" => Ok(Paper::A4),
            "letter" => Ok(Paper::Letter),
            "a5" => Ok(Paper::A5),
            "6x9" => Ok(Paper::SixByNine),
            _ => Err(format!(
                "the paper must be a4, letter, a5 or 6x9, not '{s}'"
            )),
        }
    }
}

impl fmt::Display for Paper {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Paper::A4 => "a4",
            Paper::Letter => "letter",
            Paper::A5 => "a5",
            Paper::SixByNine => "6x9",
        })
    }
}

/// Puzzles per page: 1, 2 (one above the other), 4 (2 × 2) or 6 (2 × 3).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct PerPage(u8);

impl PerPage {
    /// The layouts there are.
    pub const ALL: [PerPage; 4] = [PerPage(1), PerPage(2), PerPage(4), PerPage(6)];

    /// `n` puzzles per page, when that is one of the layouts.
    pub fn new(n: usize) -> Option<PerPage> {
        PerPage::ALL.into_iter().find(|p| usize::from(p.0) == n)
    }

    /// The number of puzzles.
    pub fn get(self) -> usize {
        usize::from(self.0)
    }

    /// Columns and rows of grids.
    fn shape(self) -> (usize, usize) {
        match self.0 {
            1 => (1, 1),
            2 => (1, 2),
            4 => (2, 2),
            _ => (2, 3),
        }
    }
}

impl Default for PerPage {
    /// Two per page: large enough to write in, and a page a teacher copies.
    fn default() -> Self {
        PerPage(2)
    }
}

/// How a book is laid out.
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct Options {
    /// The paper size.
    pub paper: Paper,
    /// Puzzles per page.
    pub per_page: PerPage,
    /// A title at the top of every page.
    pub title: Option<String>,
    /// An answer key of small grids after the puzzles.
    pub answers: bool,
    /// Every blank cell shows its candidates (the digits no given in its row,
    /// column or box rules out), in small grey figures.
    pub candidates: bool,
    /// A font for the characters the built-in Liberation Sans lacks (a
    /// title in Chinese, say), embedded as a subset ([`crate::font`]).
    pub font: Option<crate::font::FontFile>,
    /// How each caption shows the difficulty.
    pub rating: crate::entry::RatingStyle,
    /// Captions leave out the hardest technique.
    pub hide_technique: bool,
    /// A cover page first: the title, the number of puzzles and their
    /// range of difficulty.
    pub cover: bool,
    /// The puzzles in sections by level, easiest first, each page headed
    /// with its section's level. The entries must be in section order
    /// ([`crate::entry::sort_into_sections`]); [`book_pages`] starts a new
    /// page where the level changes.
    pub sections: bool,
    /// A technique lesson: one puzzle a page, shown at the position where
    /// its hardest step applies, the step's cells shaded, the candidates it
    /// removes struck out, and the step told in a sentence under the grid
    /// ([`crate::draw`]).
    pub lesson: bool,
}

/// The page margin on every side (15 mm).
pub const MARGIN: f32 = 42.5;
/// Space at the top for the title.
const TITLE_SPACE: f32 = 34.0;
/// Space at the bottom for the page number.
const FOOTER_SPACE: f32 = 22.0;
/// Space between neighbouring grids.
const GUTTER: f32 = 28.0;
/// Space under a puzzle grid for its caption.
const CAPTION_SPACE: f32 = 24.0;
/// Space under a lesson's grid for the step's sentence.
const LESSON_SPACE: f32 = 96.0;
/// Space under an answer grid for its number.
const ANSWER_CAPTION_SPACE: f32 = 14.0;
/// The largest puzzle grid (about 16 cm): bigger only wastes paper.
const MAX_SIDE: f32 = 460.0;
/// Answer grids per row and rows per page: 4 × 5 on A4 and Letter, 3 × 4
/// on the book trims.
fn answer_shape(paper: Paper) -> (usize, usize) {
    if paper.is_small() {
        (3, 4)
    } else {
        (4, 5)
    }
}

/// The smallest puzzle cell a layout may have: 4.5 mm, room for a digit
/// written in pencil.
pub const MIN_CELL: f32 = 12.76;

/// What a page holds.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Kind {
    /// The cover: title, number of puzzles, difficulty.
    Cover,
    /// Puzzles, large, with captions.
    Puzzles,
    /// Solutions, small, numbered.
    Answers,
    /// A lesson's solving path: one puzzle's steps, numbered (after the
    /// answers of a lesson book).
    Path,
}

/// One page of a book: which entries, drawn how.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Page {
    /// Puzzles or answers.
    pub kind: Kind,
    /// The entries on the page, as indices into the book's entries.
    pub entries: Range<usize>,
    /// The page number, from 1.
    pub number: usize,
    /// The section the page is in (`Easy`, ...), with [`Options::sections`].
    pub section: Option<String>,
}

/// A grid's place on the page: its top-left corner and side.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Slot {
    /// Left edge.
    pub x: f32,
    /// Top edge.
    pub y: f32,
    /// Side of the square grid.
    pub side: f32,
}

/// The pages of a book of `entries` puzzles: the cover when asked for, the
/// puzzles `per_page` at a time, then, with `answers`, the solutions twenty
/// (or twelve) at a time. Without sections only the count matters; see
/// [`book_pages`].
pub fn pages(options: &Options, entries: usize) -> Vec<Page> {
    build(options, entries, std::slice::from_ref(&(0..entries)), &[])
}

/// The pages of the book of `entries`: [`pages`], with a new page and a
/// running head where the section changes when [`Options::sections`] asks.
pub fn book_pages(options: &Options, entries: &[Entry]) -> Vec<Page> {
    if !options.sections {
        return pages(options, entries.len());
    }
    let mut runs: Vec<std::ops::Range<usize>> = Vec::new();
    let mut names = Vec::new();
    for (i, entry) in entries.iter().enumerate() {
        let name = section_of(entry);
        match runs.last_mut() {
            Some(run) if names.last() == Some(&name) => run.end = i + 1,
            _ => {
                runs.push(i..i + 1);
                names.push(name);
            }
        }
    }
    build(options, entries.len(), &runs, &names)
}

/// The most pages a book of `entries` puzzles can have with these options,
/// before the puzzles are rated: with sections, each of the five levels and
/// the unrated may end a page part-full.
pub fn most_pages(options: &Options, entries: usize) -> usize {
    pages(options, entries).len() + if options.sections { 6 } else { 0 }
}

/// The section an entry is printed in: its level, capitalised (`Easy`), or
/// `Not rated` for a puzzle with several solutions.
pub fn section_of(entry: &Entry) -> String {
    match entry.facts.as_ref().and_then(|f| f.rating) {
        Some(rating) => {
            let level = rating.level.to_string();
            let mut chars = level.chars();
            chars.next().map_or_else(String::new, |first| {
                first.to_uppercase().chain(chars).collect()
            })
        }
        None => "Not rated".to_string(),
    }
}

/// The pages: a cover, then each run of puzzles (a section, named by the
/// same index in `names`, or the whole book) from a new page, then answers.
fn build(
    options: &Options,
    entries: usize,
    runs: &[std::ops::Range<usize>],
    names: &[String],
) -> Vec<Page> {
    let mut pages = Vec::new();
    let mut push =
        |kind, range: std::ops::Range<usize>, per_page: usize, section: Option<&String>| {
            let mut start = range.start;
            while start < range.end {
                let number = pages.len() + 1;
                pages.push(Page {
                    kind,
                    entries: start..(start + per_page).min(range.end),
                    number,
                    section: section.cloned(),
                });
                start += per_page;
            }
        };
    if options.cover {
        push(Kind::Cover, 0..1, 1, None);
    }
    for (i, run) in runs.iter().enumerate() {
        push(
            Kind::Puzzles,
            run.clone(),
            options.per_page.get(),
            names.get(i),
        );
    }
    if options.answers {
        let (cols, rows) = answer_shape(options.paper);
        push(Kind::Answers, 0..entries, cols * rows, None);
        if options.lesson {
            push(Kind::Path, 0..entries, 1, None);
        }
    }
    // The cover lists no entry.
    if let Some(cover) = pages.first_mut().filter(|p| p.kind == Kind::Cover) {
        cover.entries = 0..0;
    }
    pages
}

/// Where the `i`-th grid of a page of `kind` goes.
pub fn slot(options: &Options, kind: Kind, i: usize) -> Slot {
    let (width, height) = options.paper.size();
    let (cols, rows, caption, max) = match kind {
        Kind::Puzzles | Kind::Cover if options.lesson => {
            (1, 1, CAPTION_SPACE + LESSON_SPACE, MAX_SIDE)
        }
        Kind::Puzzles | Kind::Cover => {
            let (cols, rows) = options.per_page.shape();
            (cols, rows, CAPTION_SPACE, MAX_SIDE)
        }
        Kind::Answers | Kind::Path => {
            let (cols, rows) = answer_shape(options.paper);
            (cols, rows, ANSWER_CAPTION_SPACE, MAX_SIDE)
        }
    };
    let top = MARGIN + TITLE_SPACE;
    let cell_w = (width - 2.0 * MARGIN - (cols - 1) as f32 * GUTTER) / cols as f32;
    let cell_h = (height - top - MARGIN - FOOTER_SPACE - (rows - 1) as f32 * GUTTER) / rows as f32;
    let side = cell_w.min(cell_h - caption).min(max);
    let (col, row) = (i % cols, i / cols);
    Slot {
        x: MARGIN + col as f32 * (cell_w + GUTTER) + (cell_w - side) / 2.0,
        y: top + row as f32 * (cell_h + GUTTER) + (cell_h - side - caption) / 2.0,
        side,
    }
}

/// The baseline of the title, and of the page number.
pub fn title_baseline() -> f32 {
    MARGIN + 18.0
}

/// The baseline of the page number.
pub fn footer_baseline(options: &Options) -> f32 {
    options.paper.size().1 - MARGIN
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn grids_stay_on_the_page_and_apart() {
        for paper in Paper::ALL {
            for per_page in PerPage::ALL {
                if !paper.fits(per_page) {
                    assert_eq!((paper, per_page.get()), (Paper::A5, 6));
                    continue;
                }
                let options = Options {
                    paper,
                    per_page,
                    ..Options::default()
                };
                let (w, h) = paper.size();
                let (cols, rows) = answer_shape(paper);
                for (kind, n) in [
                    (Kind::Puzzles, per_page.get()),
                    (Kind::Answers, cols * rows),
                ] {
                    let slots: Vec<Slot> = (0..n).map(|i| slot(&options, kind, i)).collect();
                    for (i, s) in slots.iter().enumerate() {
                        let least = if kind == Kind::Puzzles {
                            9.0 * MIN_CELL
                        } else {
                            75.0
                        };
                        assert!(s.side >= least, "{paper} {per_page:?} {kind:?}: {s:?}");
                        assert!(s.x >= MARGIN && s.x + s.side <= w - MARGIN + 0.01);
                        assert!(s.y >= MARGIN + TITLE_SPACE);
                        assert!(
                            s.y + s.side + CAPTION_SPACE.min(ANSWER_CAPTION_SPACE) <= h - MARGIN
                        );
                        for t in &slots[..i] {
                            let apart = s.x >= t.x + t.side
                                || t.x >= s.x + s.side
                                || s.y >= t.y + t.side
                                || t.y >= s.y + s.side;
                            assert!(apart, "{s:?} overlaps {t:?}");
                        }
                    }
                }
            }
        }
    }

    #[test]
    fn pages_cover_every_entry_once() {
        let options = Options {
            per_page: PerPage::new(6).unwrap(),
            answers: true,
            ..Options::default()
        };
        let pages = pages(&options, 45);
        assert_eq!(pages.len(), 8 + 3);
        let puzzles: usize = pages
            .iter()
            .filter(|p| p.kind == Kind::Puzzles)
            .map(|p| p.entries.len())
            .sum();
        assert_eq!(puzzles, 45);
        assert_eq!(pages.last().unwrap().entries, 40..45);
        assert!(pages.iter().enumerate().all(|(i, p)| p.number == i + 1));
    }

    #[test]
    fn sections_start_new_pages_and_a_cover_comes_first() {
        use crate::entry::{fill, sort_into_sections};
        // Two easy puzzles and one harder, interleaved.
        let easy: sudoku_core::Grid =
            "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79"
                .parse()
                .unwrap();
        let hard: sudoku_core::Grid =
            "8..........36......7..9.2...5...7.......457.....1...3...1....68..85...1..9....4.."
                .parse()
                .unwrap();
        let mut entries: Vec<Entry> = [easy, hard, easy]
            .into_iter()
            .enumerate()
            .map(|(i, puzzle)| Entry {
                number: i + 1,
                puzzle,
                facts: None,
            })
            .collect();
        fill(&mut entries, 1).unwrap();
        sort_into_sections(&mut entries);
        assert_eq!(entries[2].puzzle, hard);
        assert!(entries.iter().enumerate().all(|(i, e)| e.number == i + 1));
        let options = Options {
            per_page: PerPage::new(4).unwrap(),
            cover: true,
            sections: true,
            answers: true,
            ..Options::default()
        };
        let pages = book_pages(&options, &entries);
        let kinds: Vec<(Kind, Range<usize>, Option<&str>)> = pages
            .iter()
            .map(|p| (p.kind, p.entries.clone(), p.section.as_deref()))
            .collect();
        assert_eq!(
            kinds,
            vec![
                (Kind::Cover, 0..0, None),
                (Kind::Puzzles, 0..2, Some("Easy")),
                (Kind::Puzzles, 2..3, Some("Extreme")),
                (Kind::Answers, 0..3, None),
            ]
        );
        assert!(most_pages(&options, 3) >= pages.len());
    }
}
