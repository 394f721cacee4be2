//! # sudoku-print
//!
//! Print-ready Sudoku books: a PDF of any number of pages, or one SVG per
//! page, with one, two, four or six puzzles a page on A4 or US Letter, a
//! number and the rater's score under each grid, thick box lines and large
//! digits, optional candidates in every blank cell, and an optional answer
//! key of small grids at the end.
//!
//! The crate keeps printing out of `sudoku-core` (which stays lean) and out
//! of the `sudoku` command (which stays a thin front end). The PDF is written
//! by hand ([`pdf`]), its streams compressed, in Liberation Sans (shipped in
//! the crate, with Helvetica's metrics) and optionally a font of the user's
//! for other scripts ([`font`]), each embedded as a subset of the glyphs
//! used; the SVG is written by hand too ([`svg`]). Three crates do what is
//! not worth writing by hand: `ttf-parser` reads fonts, `subsetter` subsets
//! them and `miniz_oxide` compresses.
//!
//! ```
//! use sudoku_print::{fill, pdf, Entry, Options, PerPage};
//!
//! let puzzle = "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79"
//!     .parse()
//!     .unwrap();
//! let mut entries = vec![Entry { number: 1, puzzle, facts: None }];
//! fill(&mut entries, 1).unwrap(); // solve and rate
//! let options = Options {
//!     per_page: PerPage::new(4).unwrap(),
//!     answers: true,
//!     title: Some("Week 1".to_string()),
//!     ..Options::default()
//! };
//! let mut bytes = Vec::new();
//! pdf::write(&options, &entries, &mut bytes).unwrap();
//! assert!(bytes.starts_with(b"%PDF-1.4"));
//! ```
#![warn(missing_docs)]

pub mod draw;
pub mod entry;
pub mod font;
pub mod layout;
pub mod metrics;
mod number;
pub mod pdf;
pub mod svg;

pub use entry::{
    caption, caption_parts, fill, fill_with, sort_into_sections, CaptionParts, Entry, Facts,
    NoSolution, RatingStyle,
};
pub use font::{FontError, FontFile, MAX_FONT_BYTES};
pub use layout::{book_pages, most_pages, pages, Kind, Options, Page, Paper, PerPage};

/// The most puzzles a book holds: 16,667 pages at six a page. Each puzzle is
/// held in memory with its solution and rating (about 200 bytes) while the
/// book is written.
pub const MAX_BOOK_PUZZLES: usize = 100_000;
