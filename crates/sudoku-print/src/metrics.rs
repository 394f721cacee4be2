//! Helvetica's character widths and the Windows-1252 ("WinAnsi") encoding,
//! the two things a PDF needs to set text in a standard font it does not embed.
//!
//! The fourteen standard PDF fonts are on every PDF reader, so a book names
//! Helvetica and ships no font file; what it must know itself is how wide each
//! character is (to centre a title or fit a caption) and which byte stands for
//! it. Widths are in thousandths of the font size, from the published font
//! metrics; characters outside printable ASCII (accented letters and the like)
//! take the width of a typical lowercase letter, which is close enough for
//! centring.

/// One of the two faces a book uses.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Font {
    /// Helvetica: digits in the grids, captions.
    Regular,
    /// Helvetica-Bold: titles, and the givens of the answer key.
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

/// The width of `text` set in `font` at `size` points.
pub fn width(text: &str, font: Font, size: f32) -> f32 {
    let table = match font {
        Font::Regular => &REGULAR,
        Font::Bold => &BOLD,
    };
    let units: u32 = text
        .chars()
        .map(|c| match c {
            ' '..='~' => u32::from(table[c as usize - 32]),
            _ => 556,
        })
        .sum();
    units as f32 * size / 1000.0
}

/// How far above the baseline the top of a digit is, as a share of the
/// font size (Helvetica's digits are 0.703 of the size tall).
pub const DIGIT_HEIGHT: f32 = 0.703;

/// The Windows-1252 byte of `c`, when Helvetica's WinAnsi encoding has one.
pub fn win_ansi(c: char) -> Option<u8> {
    let code = c as u32;
    match code {
        0x20..=0x7E | 0xA0..=0xFF => Some(code as u8),
        _ => {
            // The 27 characters Windows-1252 puts at 0x80-0x9F.
            const HIGH: [(char, u8); 27] = [
                ('€', 0x80),
                ('‚', 0x82),
                ('ƒ', 0x83),
                ('„', 0x84),
                ('…', 0x85),
                ('†', 0x86),
                ('‡', 0x87),
                ('ˆ', 0x88),
                ('‰', 0x89),
                ('Š', 0x8A),
                ('‹', 0x8B),
                ('Œ', 0x8C),
                ('Ž', 0x8E),
                ('‘', 0x91),
                ('’', 0x92),
                ('“', 0x93),
                ('”', 0x94),
                ('•', 0x95),
                ('–', 0x96),
                ('—', 0x97),
                ('˜', 0x98),
                ('™', 0x99),
                ('š', 0x9A),
                ('›', 0x9B),
                ('œ', 0x9C),
                ('ž', 0x9E),
                ('Ÿ', 0x9F),
            ];
            HIGH.iter().find(|(h, _)| *h == c).map(|&(_, b)| b)
        }
    }
}

/// The characters of `text` that Helvetica cannot print (they come out as
/// `?`), each once, in order of appearance.
pub fn unprintable(text: &str) -> Vec<char> {
    let mut out = Vec::new();
    for c in text.chars() {
        if win_ansi(c).is_none() && !out.contains(&c) {
            out.push(c);
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn digits_are_equally_wide_in_both_faces() {
        for d in '0'..='9' {
            assert_eq!(width(&d.to_string(), Font::Regular, 1000.0), 556.0);
            assert_eq!(width(&d.to_string(), Font::Bold, 1000.0), 556.0);
        }
        assert_eq!(width("Aa", Font::Regular, 10.0), (667.0 + 556.0) / 100.0);
    }

    #[test]
    fn win_ansi_covers_latin_1_and_the_windows_extras() {
        assert_eq!(win_ansi('A'), Some(b'A'));
        assert_eq!(win_ansi('é'), Some(0xE9));
        assert_eq!(win_ansi('—'), Some(0x97));
        assert_eq!(win_ansi('€'), Some(0x80));
        assert_eq!(win_ansi('\n'), None);
        assert_eq!(win_ansi('数'), None);
        assert_eq!(unprintable("数独 数"), vec!['数', '独']);
    }
}
