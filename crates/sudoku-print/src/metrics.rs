//! Helvetica's character widths for printable ASCII, the text a book sets
//! most (digits, captions), looked up in a table rather than in the font.
//!
//! The book is set in Liberation Sans ([`crate::font`]), which has
//! Helvetica's metrics: these published widths are its advances too (a test
//! in `font` compares every one). Widths are in thousandths of the font
//! size; other characters' widths come from the font itself
//! ([`crate::font::Faces::width`]).

/// One of the two weights a book uses.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Font {
    /// Regular: digits in the grids, captions.
    Regular,
    /// Bold: titles, and the givens of the answer key.
    Bold,
}

/// Widths of ASCII 32..=126 in Helvetica.
const REGULAR: [u16; 95] = [
    278, 278, 355, 556, 556, 889, 667, 191, 333, 333, 389, 584, 278, 333, 278,
    278, // space to /
    556, 556, 556, 556, 556, 556, 556, 556, 556, 556, // 0-9
    278, 278, 584, 584, 584, 556, 1015, // : to @
    667, 667, 722, 722, 667, 611, 778, 722, 278, 500, 667, 556, 833, // A-M
    722, 778, 667, 778, 722, 667, 611, 722, 667, 944, 667, 667, 611, // N-Z
    278, 278, 278, 469, 556, 333, // [ to `
    556, 556, 500, 556, 556, 278, 556, 556, 222, 222, 500, 222, 833, // a-m
    556, 556, 556, 556, 333, 500, 278, 556, 500, 722, 500, 500, 500, // n-z
    334, 260, 334, 584, // { to ~
];

/// Widths of ASCII 32..=126 in Helvetica-Bold.
const BOLD: [u16; 95] = [
    278, 333, 474, 556, 556, 889, 722, 238, 333, 333, 389, 584, 278, 333, 278,
    278, // space to /
    556, 556, 556, 556, 556, 556, 556, 556, 556, 556, // 0-9
    333, 333, 584, 584, 584, 611, 975, // : to @
    722, 722, 722, 722, 667, 611, 778, 722, 278, 556, 722, 611, 833, // A-M
    722, 778, 667, 778, 722, 667, 611, 722, 667, 944, 667, 667, 611, // N-Z
    333, 278, 333, 584, 556, 333, // [ to `
    556, 611, 556, 611, 556, 333, 611, 611, 278, 278, 556, 278, 889, // a-m
    611, 611, 611, 611, 389, 556, 333, 611, 556, 778, 556, 556, 500, // n-z
    389, 280, 389, 584, // { to ~
];

/// The width of printable ASCII character `c` in `font`, in thousandths of
/// the font size; `None` for any other character.
pub fn ascii_width(c: char, font: Font) -> Option<u16> {
    let table = match font {
        Font::Regular => &REGULAR,
        Font::Bold => &BOLD,
    };
    match c {
        ' '..='~' => Some(table[c as usize - 32]),
        _ => None,
    }
}

/// How far above the baseline the top of a digit is, as a share of the
/// font size (Helvetica's digits are 0.703 of the size tall).
pub const DIGIT_HEIGHT: f32 = 0.703;

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn digits_are_equally_wide_in_both_faces() {
        for d in '0'..='9' {
            assert_eq!(ascii_width(d, Font::Regular), Some(556));
            assert_eq!(ascii_width(d, Font::Bold), Some(556));
        }
        assert_eq!(ascii_width('A', Font::Bold), Some(722));
        assert_eq!(ascii_width('é', Font::Regular), None);
    }
}
