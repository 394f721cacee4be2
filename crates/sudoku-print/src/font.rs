//! The faces a book is set in: Liberation Sans Regular and Bold, shipped
//! inside the crate, and an optional font of the user's ([`FontFile`]) for
//! the characters Liberation Sans lacks (a CJK title, say).
//!
//! Liberation Sans is metric-compatible with Helvetica (every character has
//! Helvetica's width), so the layout, which was drawn for Helvetica, and
//! [`crate::metrics`] hold unchanged; it is licensed under the SIL Open Font
//! License 1.1, which lets a document embed it (`fonts/LICENSE-OFL.txt`).
//!
//! Each character is set in the first face that has it: the built-in face
//! of the weight asked for, then the user's font (in both weights: a single
//! file has one weight). So digits and Latin text look the same with or
//! without `--font`, and the user's font only fills gaps. A character that
//! no face has is never drawn as a box or a `?`: [`missing`] finds such
//! characters before anything is written, and the CLI refuses the book.

use std::fmt;
use std::sync::Arc;

use ttf_parser::{Face, GlyphId, Tag};

use crate::metrics::{self, Font};

/// Liberation Sans Regular 2.1.5 (SIL OFL 1.1).
pub static LIBERATION_SANS_REGULAR: &[u8] = include_bytes!("../fonts/LiberationSans-Regular.ttf");
/// Liberation Sans Bold 2.1.5 (SIL OFL 1.1).
pub static LIBERATION_SANS_BOLD: &[u8] = include_bytes!("../fonts/LiberationSans-Bold.ttf");

/// The largest font file a book takes: 64 MiB. The largest common fonts
/// are CJK collections of about 20 to 30 MB (Noto Sans CJK's `.ttc` of one
/// weight, Noto Serif CJK's); a file larger than this is refused before it
/// is read, since a book holds the whole file in memory while it is written.
pub const MAX_FONT_BYTES: u64 = 64 * 1024 * 1024;

/// How a font file draws its glyphs, which decides how a PDF embeds it.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Outlines {
    /// TrueType (`glyf`) outlines: a `CIDFontType2` with a `FontFile2`.
    TrueType,
    /// Compact Font Format (`CFF `) outlines: a `CIDFontType0` with a
    /// `FontFile3` of subtype `CIDFontType0C`.
    Cff,
}

/// A user's font file (TrueType or OpenType, `.ttf`, `.otf`, or the first
/// face of a collection, `.ttc`), checked to be one a book can embed.
#[derive(Clone)]
pub struct FontFile {
    data: Arc<[u8]>,
    name: String,
    family: String,
    outlines: Outlines,
}

/// Why a font file cannot be used.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum FontError {
    /// The file is empty.
    Empty,
    /// The file is larger than [`MAX_FONT_BYTES`].
    TooLarge,
    /// A table of the font lies (in part) past the end of the file: the
    /// file is damaged or cut short.
    Truncated,
    /// Not a TrueType or OpenType font (or a damaged one).
    NotAFont,
    /// It has no table mapping Unicode characters to glyphs.
    NoUnicodeMap,
    /// Its glyphs are neither TrueType nor CFF outlines (a bitmap-only font,
    /// or CFF2, which the subsetter does not take).
    UnsupportedOutlines,
    /// Its licence flags (OS/2 `fsType`) forbid embedding it, or a subset of it.
    EmbeddingForbidden,
    /// The subsetter failed on it.
    Subset(String),
}

impl fmt::Display for FontError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            FontError::Empty => f.write_str("the file is empty"),
            FontError::TooLarge => write!(
                f,
                "the file is larger than {} MiB, the most a font may have",
                MAX_FONT_BYTES / (1024 * 1024)
            ),
            FontError::Truncated => {
                f.write_str("the font file is damaged or cut short: a table lies past its end")
            }
            FontError::NotAFont => f.write_str("not a TrueType or OpenType font"),
            FontError::NoUnicodeMap => f.write_str("the font maps no Unicode characters"),
            FontError::UnsupportedOutlines => f.write_str(
                "the font has neither TrueType nor CFF outlines (bitmap-only and CFF2 fonts cannot be embedded)",
            ),
            FontError::EmbeddingForbidden => {
                f.write_str("the font's licence flags forbid embedding a subset of it in a document")
            }
            FontError::Subset(why) => write!(f, "the font cannot be subset: {why}"),
        }
    }
}

impl std::error::Error for FontError {}

impl FontFile {
    /// Checks `data` and keeps it: a font (the first of a collection) with a
    /// Unicode character map and TrueType or CFF outlines, whose licence
    /// allows embedding a subset, and that the subsetter takes.
    ///
    /// # Errors
    /// Says what is wrong with the file.
    pub fn new(data: Vec<u8>) -> Result<FontFile, FontError> {
        if data.is_empty() {
            return Err(FontError::Empty);
        }
        if data.len() as u64 > MAX_FONT_BYTES {
            return Err(FontError::TooLarge);
        }
        if table_past_end(&data) {
            return Err(FontError::Truncated);
        }
        let face = Face::parse(&data, 0).map_err(|_| FontError::NotAFont)?;
        let has_unicode = face
            .tables()
            .cmap
            .is_some_and(|cmap| cmap.subtables.into_iter().any(|s| s.is_unicode()));
        if !has_unicode {
            return Err(FontError::NoUnicodeMap);
        }
        let raw = face.raw_face();
        let outlines = if raw.table(Tag::from_bytes(b"glyf")).is_some() {
            Outlines::TrueType
        } else if raw.table(Tag::from_bytes(b"CFF ")).is_some() {
            Outlines::Cff
        } else {
            return Err(FontError::UnsupportedOutlines);
        };
        if matches!(
            face.permissions(),
            Some(ttf_parser::Permissions::Restricted)
        ) || !face.is_subsetting_allowed()
            || !face.is_outline_embedding_allowed()
        {
            return Err(FontError::EmbeddingForbidden);
        }
        let name = postscript_name(&face);
        let family = family_name(&face);
        // A trial subset of the glyphs of a few common characters, so that a
        // font the subsetter cannot take is refused now, not mid-book.
        let mut remapper = subsetter::GlyphRemapper::new();
        for c in ['0', 'A', 'a', '\u{4E00}'] {
            if let Some(g) = face.glyph_index(c) {
                remapper.remap(g.0);
            }
        }
        subsetter::subset(&data, 0, &remapper).map_err(|e| FontError::Subset(e.to_string()))?;
        Ok(FontFile {
            data: data.into(),
            name,
            family,
            outlines,
        })
    }

    /// The font's PostScript name (letters, digits and `-` only).
    pub fn name(&self) -> &str {
        &self.name
    }

    /// The font's family name (letters, digits, spaces and `-` only), as
    /// an SVG names it; empty if it has none.
    pub fn family(&self) -> &str {
        &self.family
    }

    /// Its kind of outlines.
    pub fn outlines(&self) -> Outlines {
        self.outlines
    }

    /// The file's bytes.
    pub fn data(&self) -> &[u8] {
        &self.data
    }
}

impl fmt::Debug for FontFile {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("FontFile")
            .field("name", &self.name)
            .field("bytes", &self.data.len())
            .finish()
    }
}

impl PartialEq for FontFile {
    fn eq(&self, other: &FontFile) -> bool {
        self.data == other.data
    }
}

impl Eq for FontFile {}

/// True when `data` starts as a font (or a collection) whose first face's
/// table directory, or a table it lists, runs past the end of `data`: a
/// file cut short, which `ttf-parser` would read as a font missing those
/// tables (and so, say, without outlines). False for anything that does not
/// start as a font, which [`Face::parse`] then refuses.
fn table_past_end(data: &[u8]) -> bool {
    let u32_at = |at: usize| {
        data.get(at..at + 4)
            .map(|b| u32::from_be_bytes([b[0], b[1], b[2], b[3]]) as usize)
    };
    let u16_at = |at: usize| {
        data.get(at..at + 2)
            .map(|b| usize::from(u16::from_be_bytes([b[0], b[1]])))
    };
    let face = match data.get(..4) {
        Some(b"ttcf") => match u32_at(12) {
            Some(offset) => offset,
            None => return true,
        },
        Some([0, 1, 0, 0] | b"OTTO" | b"true") => 0,
        _ => return false,
    };
    let Some(tables) = u16_at(face + 4) else {
        return true;
    };
    (0..tables).any(|i| {
        let entry = face + 12 + 16 * i;
        match (u32_at(entry + 8), u32_at(entry + 12)) {
            (Some(offset), Some(length)) => offset.saturating_add(length) > data.len(),
            _ => true,
        }
    })
}

/// The PostScript name of `face` (name ID 6), or its family name, kept to
/// the characters a PDF name and a subset tag allow; `Font` if it has none.
fn postscript_name(face: &Face<'_>) -> String {
    let names = face.names();
    let find = |id: u16| {
        names
            .into_iter()
            .filter(|n| n.name_id == id)
            .find_map(|n| n.to_string())
    };
    let name: String = find(ttf_parser::name_id::POST_SCRIPT_NAME)
        .or_else(|| find(ttf_parser::name_id::FAMILY))
        .unwrap_or_default()
        .chars()
        .filter(|c| c.is_ascii_alphanumeric() || *c == '-')
        .take(63)
        .collect();
    if name.is_empty() {
        "Font".to_string()
    } else {
        name
    }
}

/// The family name of `face` (name ID 1), kept to letters, digits, spaces
/// and `-`, so that it can stand in a CSS font list unquoted of anything.
fn family_name(face: &Face<'_>) -> String {
    face.names()
        .into_iter()
        .filter(|n| n.name_id == ttf_parser::name_id::FAMILY)
        .find_map(|n| n.to_string())
        .unwrap_or_default()
        .chars()
        .filter(|c| c.is_ascii_alphanumeric() || *c == '-' || *c == ' ')
        .take(63)
        .collect::<String>()
        .trim()
        .to_string()
}

/// Which of a book's faces: an index into [`Faces`].
pub type FaceId = usize;

/// The built-in regular face.
pub const REGULAR: FaceId = 0;
/// The built-in bold face.
pub const BOLD: FaceId = 1;
/// The user's font, when there is one.
pub const USER: FaceId = 2;

/// The faces of one book, parsed, to find each character's face, glyph and
/// width.
pub struct Faces<'a> {
    faces: Vec<Face<'a>>,
    /// Per face: its file's bytes.
    data: Vec<&'a [u8]>,
    /// Per face: its PostScript name and kind of outlines.
    info: Vec<(&'a str, Outlines)>,
    /// Per face: 1000 divided by its units per em.
    scale: Vec<f32>,
}

impl<'a> Faces<'a> {
    /// The built-in faces, and `user`'s font after them when given.
    pub fn new(user: Option<&'a FontFile>) -> Faces<'a> {
        let mut faces = Vec::with_capacity(3);
        let mut info = Vec::with_capacity(3);
        let mut bytes = Vec::with_capacity(3);
        for (data, name) in [
            (LIBERATION_SANS_REGULAR, "LiberationSans"),
            (LIBERATION_SANS_BOLD, "LiberationSans-Bold"),
        ] {
            // The shipped files parse: a unit test checks it.
            if let Ok(face) = Face::parse(data, 0) {
                faces.push(face);
                bytes.push(data);
                info.push((name, Outlines::TrueType));
            }
        }
        if let Some(user) = user {
            // Checked by FontFile::new.
            if let Ok(face) = Face::parse(&user.data, 0) {
                faces.push(face);
                bytes.push(&user.data[..]);
                info.push((user.name.as_str(), user.outlines));
            }
        }
        let scale = faces
            .iter()
            .map(|f| 1000.0 / f32::from(f.units_per_em().max(1)))
            .collect();
        Faces {
            faces,
            data: bytes,
            info,
            scale,
        }
    }

    /// How many faces there are.
    pub fn len(&self) -> usize {
        self.faces.len()
    }

    /// True when there is none (never, with the built-in faces).
    pub fn is_empty(&self) -> bool {
        self.faces.is_empty()
    }

    /// The parsed face `id`.
    pub fn face(&self, id: FaceId) -> &Face<'a> {
        &self.faces[id]
    }

    /// The font file of face `id`.
    pub fn data(&self, id: FaceId) -> &'a [u8] {
        self.data[id]
    }

    /// The PostScript name and outlines of face `id`.
    pub fn info(&self, id: FaceId) -> (&'a str, Outlines) {
        self.info[id]
    }

    /// The face `c` is set in when `font` is asked for, and its glyph there.
    pub fn glyph(&self, c: char, font: Font) -> Option<(FaceId, GlyphId)> {
        let first = match font {
            Font::Regular => REGULAR,
            Font::Bold => BOLD,
        };
        [first, USER]
            .into_iter()
            .filter(|&id| id < self.faces.len())
            .find_map(|id| {
                self.faces[id]
                    .glyph_index(c)
                    .filter(|g| g.0 != 0)
                    .map(|g| (id, g))
            })
    }

    /// The advance of glyph `glyph` of face `id`, in thousandths of the size.
    pub fn advance(&self, id: FaceId, glyph: GlyphId) -> f32 {
        f32::from(self.faces[id].glyph_hor_advance(glyph).unwrap_or(0)) * self.scale[id]
    }

    /// The width of `text` set in `font` at `size` points: printable ASCII
    /// from Helvetica's table in [`metrics`] (equal to Liberation Sans's, as a
    /// test checks), anything else from the face that sets it; a character
    /// no face has counts as nothing.
    pub fn width(&self, text: &str, font: Font, size: f32) -> f32 {
        let mut units = 0.0;
        for c in text.chars() {
            units += match metrics::ascii_width(c, font) {
                Some(w) => f32::from(w),
                None => self
                    .glyph(c, font)
                    .map_or(0.0, |(id, g)| self.advance(id, g)),
            };
        }
        units * size / 1000.0
    }

    /// The characters of `text` that no face has, each once, in order.
    pub fn missing(&self, text: &str) -> Vec<char> {
        let mut out = Vec::new();
        for c in text.chars() {
            if c != ' '
                && self.glyph(c, Font::Regular).is_none()
                && self.glyph(c, Font::Bold).is_none()
                && !out.contains(&c)
            {
                out.push(c);
            }
        }
        out
    }
}

/// The characters of `text` that neither the built-in faces nor `user`'s
/// font has, each once, in order: a PDF book with such a title is refused,
/// since they could print only as empty boxes.
pub fn missing(text: &str, user: Option<&FontFile>) -> Vec<char> {
    Faces::new(user).missing(text)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn liberation_sans_has_helvetica_widths_for_printable_ascii() {
        let faces = Faces::new(None);
        assert_eq!(faces.len(), 2);
        for (font, id) in [(Font::Regular, REGULAR), (Font::Bold, BOLD)] {
            for c in ' '..='~' {
                let (face, glyph) = faces.glyph(c, font).unwrap_or_else(|| {
                    assert_eq!(c, ' ', "{c:?} has no glyph");
                    (id, faces.face(id).glyph_index(' ').unwrap())
                });
                assert_eq!(face, id);
                let expected = f32::from(metrics::ascii_width(c, font).unwrap());
                assert!(
                    (faces.advance(id, glyph) - expected).abs() < 0.6,
                    "{font:?} {c:?}: {} vs {expected}",
                    faces.advance(id, glyph)
                );
            }
        }
    }

    #[test]
    fn the_built_in_faces_cover_windows_1252_but_not_cjk() {
        assert!(missing("Grüße — “Sudoku” € · œ", None).is_empty());
        assert_eq!(missing("数独 数", None), vec!['数', '独']);
    }

    #[test]
    fn bad_font_files_are_refused_with_why() {
        assert_eq!(FontFile::new(Vec::new()), Err(FontError::Empty));
        assert_eq!(
            FontFile::new(b"not a font at all".to_vec()),
            Err(FontError::NotAFont)
        );
        let mut cut = LIBERATION_SANS_REGULAR.to_vec();
        cut.truncate(2000);
        assert_eq!(FontFile::new(cut), Err(FontError::Truncated));
        // Cut inside its last table: every other table is whole.
        let mut cut = LIBERATION_SANS_REGULAR.to_vec();
        cut.truncate(cut.len() - 10);
        assert_eq!(FontFile::new(cut), Err(FontError::Truncated));
        let mut huge = LIBERATION_SANS_REGULAR.to_vec();
        huge.resize(MAX_FONT_BYTES as usize + 1, 0);
        assert_eq!(FontFile::new(huge), Err(FontError::TooLarge));
        // The same font with its licence flags (OS/2 fsType, at byte 8 of
        // the table) set to "restricted licence embedding".
        let mut restricted = LIBERATION_SANS_REGULAR.to_vec();
        let tables = usize::from(u16::from_be_bytes([restricted[4], restricted[5]]));
        let os2 = (0..tables)
            .map(|i| 12 + 16 * i)
            .find(|&entry| &restricted[entry..entry + 4] == b"OS/2")
            .map(|entry| {
                let at = &restricted[entry + 8..entry + 12];
                u32::from_be_bytes([at[0], at[1], at[2], at[3]]) as usize
            })
            .unwrap();
        restricted[os2 + 8..os2 + 10].copy_from_slice(&2u16.to_be_bytes());
        assert_eq!(
            FontFile::new(restricted),
            Err(FontError::EmbeddingForbidden)
        );
        let font = FontFile::new(LIBERATION_SANS_BOLD.to_vec()).unwrap();
        assert_eq!(font.name(), "LiberationSans-Bold");
        assert_eq!(font.family(), "Liberation Sans");
        assert_eq!(font.outlines(), Outlines::TrueType);
    }
}
