//! A book as a PDF, written by hand: a catalogue, a page tree, an
//! information dictionary, one page object and one content stream per page,
//! and for each face the book uses a subset of its font file, embedded.
//!
//! # Fonts
//! Every face is embedded as a composite font (`Type0`, encoding
//! `Identity-H`, two bytes per glyph) over a `CIDFontType2` (TrueType
//! outlines, `FontFile2`) or `CIDFontType0` (CFF outlines, `FontFile3`),
//! holding only the glyphs the book uses ([`subsetter`]), with their widths
//! (`/W`) and a `ToUnicode` map, so that text extractors and screen readers
//! read the characters back. A glyph's code in the content streams is its
//! number in the subset: glyphs are numbered in the order the book first
//! uses them, which is the same on every run.
//!
//! # Streaming
//! The file is written page by page: each page's content is drawn into a
//! reused buffer, compressed ([`miniz_oxide`], zlib, `FlateDecode`) and
//! written out, and only the objects' byte offsets and the glyphs used are
//! kept. The fonts, the page tree that names them and the catalogue come
//! after the pages, once the glyphs are known. The output holds no date, so
//! the same book always gives the same bytes.

use std::io::{self, Write};

use subsetter::GlyphRemapper;
use ttf_parser::{GlyphId, Tag};

use crate::draw::{self, Anchor, Canvas, Text};
use crate::entry::Entry;
use crate::font::{FaceId, Faces, Outlines, BOLD, REGULAR};
use crate::layout::{self, Kind, Options, Page, Slot};
use crate::metrics::Font;
use crate::number::push_number;

/// Object numbers: 1 catalogue, 2 page tree, 3 information; page `i` (from
/// 0) is object `4 + 2i`, its content `5 + 2i`; fonts and the outline after.
const FIRST_PAGE_OBJECT: usize = 4;

/// The zlib level: 6, the usual default. Level 9 makes the 5,000-puzzle book
/// about 1% smaller and takes twice as long.
const LEVEL: u8 = 6;

/// Counts the bytes written, for the cross-reference table.
struct Counting<'a> {
    out: &'a mut dyn Write,
    written: usize,
}

impl Write for Counting<'_> {
    fn write(&mut self, buf: &[u8]) -> io::Result<usize> {
        let n = self.out.write(buf)?;
        self.written += n;
        Ok(n)
    }

    fn flush(&mut self) -> io::Result<()> {
        self.out.flush()
    }
}

/// The objects written so far: their byte offsets, by object number.
struct Objects<'a> {
    out: Counting<'a>,
    offsets: Vec<usize>,
}

impl Objects<'_> {
    /// A new object number, for an object written later.
    fn reserve(&mut self) -> usize {
        self.offsets.push(0);
        self.offsets.len() - 1
    }

    /// Starts object `number` (`N 0 obj`) here.
    fn begin(&mut self, number: usize) -> io::Result<()> {
        self.offsets[number] = self.out.written;
        writeln!(self.out, "{number} 0 obj")
    }

    /// Writes object `number` whole: `body` between `obj` and `endobj`.
    fn object(&mut self, number: usize, body: &[u8]) -> io::Result<()> {
        self.begin(number)?;
        self.out.write_all(body)?;
        self.out.write_all(b"\nendobj\n")
    }

    /// Writes object `number` as a stream of `data`, compressed, with
    /// `extra` entries in its dictionary.
    fn stream(&mut self, number: usize, extra: &str, data: &[u8]) -> io::Result<()> {
        let packed = miniz_oxide::deflate::compress_to_vec_zlib(data, LEVEL);
        self.begin(number)?;
        write!(
            self.out,
            "<< /Length {} /Filter /FlateDecode{extra} >>\nstream\n",
            packed.len()
        )?;
        self.out.write_all(&packed)?;
        self.out.write_all(b"\nendstream\nendobj\n")
    }
}

/// The glyphs of one face that the book uses, numbered in the subset.
struct Used {
    remapper: GlyphRemapper,
    /// By number in the subset: the character the glyph was first used for.
    unicode: Vec<Option<char>>,
    /// By number in the subset: the advance, in thousandths of the size.
    widths: Vec<f32>,
    /// The subset number of each printable ASCII character, once used (0: not yet).
    ascii: [u16; 128],
}

impl Used {
    fn new(faces: &Faces<'_>, id: FaceId) -> Used {
        Used {
            remapper: GlyphRemapper::new(),
            unicode: vec![None],
            widths: vec![faces.advance(id, GlyphId(0))],
            ascii: [0; 128],
        }
    }

    /// The number in the subset of glyph `glyph`, drawn for `c`.
    fn code(&mut self, faces: &Faces<'_>, id: FaceId, c: char, glyph: GlyphId) -> u16 {
        let code = self.remapper.remap(glyph.0);
        if usize::from(code) == self.unicode.len() {
            self.unicode.push(Some(c));
            self.widths.push(faces.advance(id, glyph));
        }
        code
    }

    fn is_used(&self) -> bool {
        self.unicode.len() > 1
    }
}

/// Writes the book of `entries` laid out per `options` as a PDF to `out`.
///
/// Characters that no face has (see [`crate::font::missing`]) are left out.
///
/// # Errors
/// The writer's, or the subsetter's on a font it cannot subset (a
/// [`crate::font::FontFile`] was checked to be one it can).
pub fn write(options: &Options, entries: &[Entry], out: &mut dyn Write) -> io::Result<()> {
    let pages = layout::book_pages(options, entries);
    let (width, height) = options.paper.size();
    let faces = Faces::new(options.font.as_ref());
    let mut used: Vec<Used> = (0..faces.len()).map(|id| Used::new(&faces, id)).collect();
    let mut forms = Forms::new();
    let mut objects = Objects {
        out: Counting { out, written: 0 },
        offsets: vec![0; FIRST_PAGE_OBJECT + 2 * pages.len()],
    };
    // The second line's bytes above 127 tell transfer programs the file is binary.
    objects.out.write_all(b"%PDF-1.4\n%\xE2\xE3\xCF\xD3\n")?;

    let mut content = Vec::with_capacity(64 * 1024);
    let mut body = Vec::with_capacity(256);
    for (i, page) in pages.iter().enumerate() {
        content.clear();
        let mut canvas = PdfCanvas::new(&mut content, height, &faces, &mut used, &mut forms);
        draw::page(&mut canvas, options, entries, page);
        canvas.finish();
        let object = FIRST_PAGE_OBJECT + 2 * i;
        body.clear();
        write!(
            body,
            "<< /Type /Page /Parent 2 0 R /Contents {} 0 R >>",
            object + 1
        )?;
        objects.object(object, &body)?;
        objects.stream(object + 1, "", &content)?;
    }

    let mut fonts = Vec::new();
    for (id, glyphs) in used.iter().enumerate() {
        // The built-in faces only when used; a user's font too.
        if glyphs.is_used() {
            let number = write_font(&mut objects, &faces, id, glyphs)?;
            write!(fonts, "/F{id} {number} 0 R ")?;
        }
    }
    let mut xobjects = Vec::new();
    for (i, (_, ops)) in forms.iter().enumerate() {
        let number = objects.reserve();
        let mut extra = b" /Type /XObject /Subtype /Form /BBox [0 0 ".to_vec();
        push_number(&mut extra, width);
        extra.push(b' ');
        push_number(&mut extra, height);
        extra.push(b']');
        objects.stream(number, &String::from_utf8_lossy(&extra), ops)?;
        write!(xobjects, "/G{i} {number} 0 R ")?;
    }
    body.clear();
    write!(
        body,
        "<< /Type /Pages /Count {} /MediaBox [0 0 ",
        pages.len()
    )?;
    push_number(&mut body, width);
    body.push(b' ');
    push_number(&mut body, height);
    body.extend_from_slice(b"] /Resources << /Font << ");
    body.extend_from_slice(&fonts);
    body.extend_from_slice(b">> ");
    if !xobjects.is_empty() {
        body.extend_from_slice(b"/XObject << ");
        body.extend_from_slice(&xobjects);
        body.extend_from_slice(b">> ");
    }
    body.extend_from_slice(b">> /Kids [");
    for i in 0..pages.len() {
        write!(body, "{} 0 R ", FIRST_PAGE_OBJECT + 2 * i)?;
    }
    body.extend_from_slice(b"] >>");
    objects.object(2, &body)?;

    body.clear();
    body.extend_from_slice(b"<< /Producer ");
    push_utf16(
        &mut body,
        concat!("sudoku-print ", env!("CARGO_PKG_VERSION")),
    );
    if let Some(title) = &options.title {
        body.extend_from_slice(b" /Title ");
        push_utf16(&mut body, title);
    }
    body.extend_from_slice(b" >>");
    objects.object(3, &body)?;
    let outline = write_outline(&mut objects, &pages)?;
    body.clear();
    body.extend_from_slice(b"<< /Type /Catalog /Pages 2 0 R");
    if let Some(root) = outline {
        write!(body, " /Outlines {root} 0 R /PageMode /UseOutlines")?;
    }
    body.extend_from_slice(b" >>");
    objects.object(1, &body)?;

    let Objects { mut out, offsets } = objects;
    let xref = out.written;
    let mut table = Vec::with_capacity(20 * offsets.len() + 64);
    write!(table, "xref\n0 {}\n0000000000 65535 f \n", offsets.len())?;
    for offset in &offsets[1..] {
        // Each entry is exactly 20 bytes: the space before the newline is part of it.
        writeln!(table, "{offset:010} 00000 n ")?;
    }
    write!(
        table,
        "trailer\n<< /Size {} /Root 1 0 R /Info 3 0 R >>\nstartxref\n{xref}\n%%EOF\n",
        offsets.len()
    )?;
    out.write_all(&table)?;
    out.flush()
}

/// One bookmark: its title, the index of the page it opens, and the
/// bookmarks under it.
struct Mark {
    title: String,
    page: usize,
    children: Vec<Mark>,
}

/// Writes the document outline (bookmarks): `Puzzles`, with one bookmark
/// per section when the book has sections, and `Answers`; returns the
/// outline's object number, or `None` for a book with neither.
fn write_outline(objects: &mut Objects<'_>, pages: &[Page]) -> io::Result<Option<usize>> {
    let mut marks: Vec<Mark> = Vec::new();
    for (i, page) in pages.iter().enumerate() {
        match page.kind {
            Kind::Cover => {}
            Kind::Puzzles => {
                if !marks.iter().any(|m| m.title == "Puzzles") {
                    marks.push(Mark {
                        title: "Puzzles".to_string(),
                        page: i,
                        children: Vec::new(),
                    });
                }
                if let (Some(section), Some(puzzles)) = (&page.section, marks.last_mut()) {
                    if puzzles.children.last().is_none_or(|m| &m.title != section) {
                        puzzles.children.push(Mark {
                            title: section.clone(),
                            page: i,
                            children: Vec::new(),
                        });
                    }
                }
            }
            Kind::Path => {
                if !marks.iter().any(|m| m.title == "Solving paths") {
                    marks.push(Mark {
                        title: "Solving paths".to_string(),
                        page: i,
                        children: Vec::new(),
                    });
                }
            }
            Kind::Answers => {
                if !marks.iter().any(|m| m.title == "Answers") {
                    marks.push(Mark {
                        title: "Answers".to_string(),
                        page: i,
                        children: Vec::new(),
                    });
                }
            }
        }
    }
    if marks.is_empty() {
        return Ok(None);
    }
    let root = objects.reserve();
    let (first, last, count) = write_marks(objects, &marks, root)?;
    objects.object(
        root,
        format!("<< /Type /Outlines /First {first} 0 R /Last {last} 0 R /Count {count} >>")
            .as_bytes(),
    )?;
    Ok(Some(root))
}

/// Writes `marks`, siblings under `parent`; returns the first's and the
/// last's object numbers and how many bookmarks they show, open.
fn write_marks(
    objects: &mut Objects<'_>,
    marks: &[Mark],
    parent: usize,
) -> io::Result<(usize, usize, usize)> {
    let numbers: Vec<usize> = marks.iter().map(|_| objects.reserve()).collect();
    let mut shown = marks.len();
    for (i, mark) in marks.iter().enumerate() {
        let mut body = b"<< /Title ".to_vec();
        push_utf16(&mut body, &mark.title);
        write!(
            body,
            " /Parent {parent} 0 R /Dest [{} 0 R /Fit]",
            FIRST_PAGE_OBJECT + 2 * mark.page
        )?;
        if i > 0 {
            write!(body, " /Prev {} 0 R", numbers[i - 1])?;
        }
        if let Some(next) = numbers.get(i + 1) {
            write!(body, " /Next {next} 0 R")?;
        }
        if !mark.children.is_empty() {
            let (first, last, count) = write_marks(objects, &mark.children, numbers[i])?;
            write!(body, " /First {first} 0 R /Last {last} 0 R /Count {count}")?;
            shown += count;
        }
        body.extend_from_slice(b" >>");
        objects.object(numbers[i], &body)?;
    }
    Ok((numbers[0], numbers[numbers.len() - 1], shown))
}

/// Writes face `id`'s subset of the glyphs in `glyphs` as a composite font
/// and its four parts (descendant font, descriptor, font file, ToUnicode
/// map); returns the font's object number.
fn write_font(
    objects: &mut Objects<'_>,
    faces: &Faces<'_>,
    id: FaceId,
    glyphs: &Used,
) -> io::Result<usize> {
    let face = faces.face(id);
    let (name, outlines) = faces.info(id);
    let subset = subsetter::subset(faces.data(id), 0, &glyphs.remapper)
        .map_err(|e| io::Error::other(format!("font {name}: {e}")))?;
    let program: &[u8] = match outlines {
        Outlines::TrueType => &subset,
        Outlines::Cff => ttf_parser::RawFace::parse(&subset, 0)
            .ok()
            .and_then(|raw| raw.table(Tag::from_bytes(b"CFF ")))
            .ok_or_else(|| io::Error::other(format!("font {name}: no CFF table in the subset")))?,
    };
    let base = format!("{}+{name}", subset_tag(name, &glyphs.unicode));
    let scale = 1000.0 / f32::from(face.units_per_em().max(1));
    let [type0, cid, descriptor, file, to_unicode] = [(); 5].map(|()| objects.reserve());

    let mut body = Vec::with_capacity(1024);
    write!(
        body,
        "<< /Type /Font /Subtype /Type0 /BaseFont /{base} /Encoding /Identity-H \
         /DescendantFonts [{cid} 0 R] /ToUnicode {to_unicode} 0 R >>"
    )?;
    objects.object(type0, &body)?;

    body.clear();
    let subtype = match outlines {
        Outlines::TrueType => "CIDFontType2",
        Outlines::Cff => "CIDFontType0",
    };
    write!(
        body,
        "<< /Type /Font /Subtype /{subtype} /BaseFont /{base} \
         /CIDSystemInfo << /Registry (Adobe) /Ordering (Identity) /Supplement 0 >> \
         /FontDescriptor {descriptor} 0 R /W [0 ["
    )?;
    for (i, width) in glyphs.widths.iter().enumerate() {
        if i > 0 {
            body.push(b' ');
        }
        push_number(&mut body, width.round());
    }
    body.extend_from_slice(b"]]");
    if outlines == Outlines::TrueType {
        body.extend_from_slice(b" /CIDToGIDMap /Identity");
    }
    body.extend_from_slice(b" >>");
    objects.object(cid, &body)?;

    body.clear();
    let bbox = face.global_bounding_box();
    let ascent = f32::from(face.ascender()) * scale;
    let cap = face
        .capital_height()
        .map_or(ascent * 0.7, |h| f32::from(h) * scale);
    // Bit 6 (32) nonsymbolic: Latin text; bit 3 (4) symbolic for a user's
    // font, which may hold glyphs outside the standard Latin set.
    let flags = if id == REGULAR || id == BOLD { 32 } else { 4 };
    write!(
        body,
        "<< /Type /FontDescriptor /FontName /{base} /Flags {flags} /FontBBox ["
    )?;
    for (i, v) in [bbox.x_min, bbox.y_min, bbox.x_max, bbox.y_max]
        .into_iter()
        .enumerate()
    {
        if i > 0 {
            body.push(b' ');
        }
        push_number(&mut body, (f32::from(v) * scale).round());
    }
    body.extend_from_slice(b"] /ItalicAngle ");
    push_number(&mut body, face.italic_angle());
    body.extend_from_slice(b" /Ascent ");
    push_number(&mut body, ascent.round());
    body.extend_from_slice(b" /Descent ");
    push_number(&mut body, (f32::from(face.descender()) * scale).round());
    body.extend_from_slice(b" /CapHeight ");
    push_number(&mut body, cap.round());
    // StemV is required but unused by viewers for embedded fonts; 80 is
    // a regular weight's, 140 a bold one's.
    let stem = if id == BOLD { 140 } else { 80 };
    let key = match outlines {
        Outlines::TrueType => "FontFile2",
        Outlines::Cff => "FontFile3",
    };
    write!(body, " /StemV {stem} /{key} {file} 0 R >>")?;
    objects.object(descriptor, &body)?;

    let extra = match outlines {
        Outlines::TrueType => format!(" /Length1 {}", program.len()),
        Outlines::Cff => " /Subtype /CIDFontType0C".to_string(),
    };
    objects.stream(file, &extra, program)?;
    objects.stream(to_unicode, "", &to_unicode_cmap(&glyphs.unicode))?;
    Ok(type0)
}

/// The ToUnicode CMap: each glyph's code to the character it was used for.
fn to_unicode_cmap(unicode: &[Option<char>]) -> Vec<u8> {
    let mut out = b"/CIDInit /ProcSet findresource begin\n12 dict begin\nbegincmap\n\
        /CIDSystemInfo << /Registry (Adobe) /Ordering (UCS) /Supplement 0 >> def\n\
        /CMapName /Adobe-Identity-UCS def\n/CMapType 2 def\n\
        1 begincodespacerange\n<0000> <FFFF>\nendcodespacerange\n"
        .to_vec();
    let pairs: Vec<(usize, char)> = unicode
        .iter()
        .enumerate()
        .filter_map(|(code, c)| c.map(|c| (code, c)))
        .collect();
    // At most 100 entries a block, as the CMap format requires.
    for block in pairs.chunks(100) {
        let _ = writeln!(out, "{} beginbfchar", block.len());
        for &(code, c) in block {
            let _ = write!(out, "<{code:04X}> <");
            let mut units = [0u16; 2];
            for unit in c.encode_utf16(&mut units) {
                let _ = write!(out, "{unit:04X}");
            }
            out.extend_from_slice(b">\n");
        }
        out.extend_from_slice(b"endbfchar\n");
    }
    out.extend_from_slice(b"endcmap\nCMapName currentdict /CMap defineresource pop\nend\nend\n");
    out
}

/// The six capital letters that name a subset (`ABCDEF+Font`), from a hash
/// (FNV-1a) of the font's name and the characters in the subset: the same
/// subset is always named the same, and different ones almost never are.
fn subset_tag(name: &str, unicode: &[Option<char>]) -> String {
    let mut hash: u64 = 0xcbf2_9ce4_8422_2325;
    let mut eat = |bytes: &[u8]| {
        for &b in bytes {
            hash ^= u64::from(b);
            hash = hash.wrapping_mul(0x0000_0100_0000_01b3);
        }
    };
    eat(name.as_bytes());
    for c in unicode.iter().flatten() {
        eat(&u32::from(*c).to_le_bytes());
    }
    (0..6)
        .map(|i| char::from(b'A' + ((hash >> (i * 8)) % 26) as u8))
        .collect()
}

/// Appends `text` as a PDF text string for the information dictionary,
/// where every character is allowed: UTF-16BE with a byte-order mark, in hex.
fn push_utf16(out: &mut Vec<u8>, text: &str) {
    out.extend_from_slice(b"<FEFF");
    for unit in text.encode_utf16() {
        let _ = write!(out, "{unit:04X}");
    }
    out.push(b'>');
}

/// Appends `code` as four hexadecimal digits.
fn push_code(out: &mut Vec<u8>, code: u16) {
    const HEX: &[u8; 16] = b"0123456789ABCDEF";
    for shift in [12, 8, 4, 0] {
        out.push(HEX[usize::from((code >> shift) & 0xF)]);
    }
}

/// The grids drawn so far, each once: the bits of its slot and line
/// widths, and its drawing. A book has a few dozen (one per place on a
/// page, for puzzles and answers); each page shows them with `/Gn Do`,
/// which keeps a page of six puzzles to its digits and captions, and the
/// 5,000-puzzle book about a quarter smaller.
type Forms = Vec<([u32; 5], Vec<u8>)>;

/// Draws into a content stream, keeping the graphics state it last set so
/// that runs of digits cost a move and a show each.
struct PdfCanvas<'a, 'f> {
    out: &'a mut Vec<u8>,
    /// The page height, to turn y upwards.
    height: f32,
    faces: &'a Faces<'f>,
    used: &'a mut [Used],
    forms: &'a mut Forms,
    /// Inside `BT` ... `ET`, with the start of the current line here.
    text_at: Option<(f32, f32)>,
    font: Option<(FaceId, f32)>,
    fill_gray: f32,
    line_width: f32,
}

impl<'a, 'f> PdfCanvas<'a, 'f> {
    fn new(
        out: &'a mut Vec<u8>,
        height: f32,
        faces: &'a Faces<'f>,
        used: &'a mut [Used],
        forms: &'a mut Forms,
    ) -> Self {
        PdfCanvas {
            out,
            height,
            faces,
            used,
            forms,
            text_at: None,
            font: None,
            fill_gray: 0.0,
            line_width: 1.0,
        }
    }

    fn end_text(&mut self) {
        if self.text_at.take().is_some() {
            self.out.extend_from_slice(b"ET\n");
        }
    }

    fn finish(&mut self) {
        self.end_text();
    }

    fn set_line_width(&mut self, width: f32) {
        self.end_text();
        if width != self.line_width {
            push_number(self.out, width);
            self.out.extend_from_slice(b" w\n");
            self.line_width = width;
        }
    }

    fn point(&mut self, x: f32, y: f32) {
        push_number(self.out, x);
        self.out.push(b' ');
        push_number(self.out, self.height - y);
    }

    fn segment(&mut self, x1: f32, y1: f32, x2: f32, y2: f32) {
        self.point(x1, y1);
        self.out.extend_from_slice(b" m ");
        self.point(x2, y2);
        self.out.extend_from_slice(b" l\n");
    }

    /// The face and subset code of `c` in `font`; `None` when no face has it.
    fn code(&mut self, c: char, font: Font) -> Option<(FaceId, u16)> {
        let id = match font {
            Font::Regular => REGULAR,
            Font::Bold => BOLD,
        };
        // Liberation Sans has every printable ASCII character (a test in
        // `font` checks it), so those are looked up once per book.
        if c.is_ascii_graphic() || c == ' ' {
            let cached = self.used[id].ascii[c as usize];
            if cached != 0 {
                return Some((id, cached));
            }
        }
        let (face, glyph) = self.faces.glyph(c, font)?;
        let code = self.used[face].code(self.faces, face, c, glyph);
        if face == id && (c.is_ascii_graphic() || c == ' ') {
            self.used[id].ascii[c as usize] = code;
        }
        Some((face, code))
    }

    /// Shows `text` from the current point: a run of glyphs per face.
    fn show(&mut self, text: &str, font: Font, size: f32) {
        let mut run: Option<FaceId> = None;
        for c in text.chars() {
            let Some((face, code)) = self.code(c, font) else {
                continue;
            };
            if run != Some(face) {
                if run.is_some() {
                    self.out.extend_from_slice(b"> Tj ");
                }
                if self.font != Some((face, size)) {
                    let _ = write!(self.out, "/F{face} ");
                    push_number(self.out, size);
                    self.out.extend_from_slice(b" Tf ");
                    self.font = Some((face, size));
                }
                self.out.push(b'<');
                run = Some(face);
            }
            push_code(self.out, code);
        }
        if run.is_some() {
            self.out.extend_from_slice(b"> Tj\n");
        } else {
            self.out.push(b'\n');
        }
    }
}

impl Canvas for PdfCanvas<'_, '_> {
    fn width(&self, text: &str, font: Font, size: f32) -> f32 {
        self.faces.width(text, font, size)
    }

    fn begin_grid(&mut self, _id: &str) {}

    fn end_grid(&mut self) {}

    fn cell_lines(&mut self, slot: Slot, width: f32) {
        self.set_line_width(width);
        let Slot { x, y, side } = slot;
        for k in [1, 2, 4, 5, 7, 8] {
            let at = side * k as f32 / 9.0;
            self.segment(x + at, y, x + at, y + side);
            self.segment(x, y + at, x + side, y + at);
        }
        self.out.extend_from_slice(b"S\n");
    }

    fn line(&mut self, x1: f32, y1: f32, x2: f32, y2: f32, width: f32) {
        self.set_line_width(width);
        self.segment(x1, y1, x2, y2);
        self.out.extend_from_slice(b"S\n");
    }

    fn rect(&mut self, x: f32, y: f32, w: f32, h: f32, width: f32) {
        self.set_line_width(width);
        self.point(x, y + h);
        self.out.push(b' ');
        push_number(self.out, w);
        self.out.push(b' ');
        push_number(self.out, h);
        self.out.extend_from_slice(b" re S\n");
    }

    fn grid(&mut self, slot: Slot, thin: f32, thick: f32) {
        self.end_text();
        let key = [slot.x, slot.y, slot.side, thin, thick].map(f32::to_bits);
        let index = match self.forms.iter().position(|(k, _)| *k == key) {
            Some(index) => index,
            None => {
                let mut ops = Vec::with_capacity(2048);
                let mut none = Forms::new();
                let mut form =
                    PdfCanvas::new(&mut ops, self.height, self.faces, self.used, &mut none);
                draw::grid_lines(&mut form, slot, thin, thick);
                form.finish();
                self.forms.push((key, ops));
                self.forms.len() - 1
            }
        };
        let _ = writeln!(self.out, "/G{index} Do");
    }

    fn fill_rect(&mut self, x: f32, y: f32, w: f32, h: f32, gray: f32) {
        self.end_text();
        self.out.extend_from_slice(b"q ");
        push_number(self.out, gray);
        self.out.extend_from_slice(b" g ");
        self.point(x, y + h);
        self.out.push(b' ');
        push_number(self.out, w);
        self.out.push(b' ');
        push_number(self.out, h);
        self.out.extend_from_slice(b" re f Q\n");
    }

    fn star(&mut self, x: f32, y: f32, radius: f32, filled: bool) {
        self.end_text();
        if filled {
            self.out.extend_from_slice(b"q 0 g ");
        } else {
            self.out.extend_from_slice(b"q 0.45 G 0.6 w ");
        }
        for (i, (px, py)) in draw::star_points(x, y, radius).into_iter().enumerate() {
            self.point(px, py);
            self.out
                .extend_from_slice(if i == 0 { b" m " } else { b" l " });
        }
        self.out
            .extend_from_slice(if filled { b"h f Q\n" } else { b"h S Q\n" });
    }

    fn text(&mut self, text: &Text<'_>) {
        let shift = match text.anchor {
            Anchor::Start => 0.0,
            Anchor::Middle => self.faces.width(text.text, text.font, text.size) / 2.0,
            Anchor::End => self.faces.width(text.text, text.font, text.size),
        };
        let (x, y) = (text.x - shift, self.height - text.y);
        let (lx, ly) = match self.text_at {
            Some(at) => at,
            None => {
                self.out.extend_from_slice(b"BT\n");
                (0.0, 0.0)
            }
        };
        if text.gray != self.fill_gray {
            push_number(self.out, text.gray);
            self.out.extend_from_slice(b" g ");
            self.fill_gray = text.gray;
        }
        // Td moves from the current line's start; rounding each move to the
        // hundredth would let errors add up along a row, so moves are taken
        // between rounded positions.
        let (rx, ry) = (round2(x), round2(y));
        push_number(self.out, rx - lx);
        self.out.push(b' ');
        push_number(self.out, ry - ly);
        self.out.extend_from_slice(b" Td ");
        self.show(text.text, text.font, text.size);
        self.text_at = Some((rx, ry));
    }
}

/// `value` rounded to the hundredth, as [`push_number`] prints it.
fn round2(value: f32) -> f32 {
    (f64::from(value) * 100.0).round() as f32 / 100.0
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn to_unicode_maps_codes_to_utf16() {
        let map = to_unicode_cmap(&[None, Some('7'), Some('数'), Some('𝄞')]);
        let text = String::from_utf8(map).unwrap();
        assert!(text.contains("3 beginbfchar\n<0001> <0037>\n<0002> <6570>\n<0003> <D834DD1E>\n"));
    }

    #[test]
    fn subset_tags_are_six_capitals_and_follow_the_subset() {
        let a = subset_tag("LiberationSans", &[None, Some('1')]);
        assert_eq!(a.len(), 6);
        assert!(a.bytes().all(|b| b.is_ascii_uppercase()));
        assert_eq!(a, subset_tag("LiberationSans", &[None, Some('1')]));
        assert_ne!(a, subset_tag("LiberationSans", &[None, Some('2')]));
    }
}
