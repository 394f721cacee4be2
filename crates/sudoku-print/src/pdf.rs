//! A book as a PDF, written by hand: a catalogue, a page tree, two font
//! dictionaries naming the standard Helvetica faces, an information
//! dictionary, and one page object and one content stream per page. That is
//! all a printable page of lines and Latin text needs, so no PDF library and
//! no font file: the fourteen standard fonts are built into every reader.
//!
//! The file is streamed: each page's content is drawn into a reused buffer and
//! written out, and only the objects' byte offsets are kept for the
//! cross-reference table at the end. Content streams are not compressed (a
//! compressor would be the only dependency); a page of six puzzles is about
//! 6 KB. The output holds no date, so the same book always gives the same bytes.

use std::io::{self, Write};

use crate::draw::{self, Anchor, Canvas, Text};
use crate::entry::Entry;
use crate::layout::{self, Options, Slot};
use crate::metrics::{self, Font};
use crate::number::push_number;

/// Object numbers: 1 catalogue, 2 page tree, 3 and 4 fonts, 5 information;
/// page `i` (from 0) is object `6 + 2i`, its content `7 + 2i`.
const FIRST_PAGE_OBJECT: usize = 6;

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

/// Writes the book of `entries` laid out per `options` as a PDF to `out`.
///
/// # Errors
/// Only the writer's.
pub fn write(options: &Options, entries: &[Entry], out: &mut dyn Write) -> io::Result<()> {
    let pages = layout::pages(options, entries.len());
    let (width, height) = options.paper.size();
    let mut out = Counting { out, written: 0 };
    let mut offsets = vec![0usize; FIRST_PAGE_OBJECT + 2 * pages.len()];
    // The second line's bytes above 127 tell transfer programs the file is binary.
    out.write_all(b"%PDF-1.4\n%\xE2\xE3\xCF\xD3\n")?;

    offsets[1] = out.written;
    out.write_all(b"1 0 obj\n<< /Type /Catalog /Pages 2 0 R >>\nendobj\n")?;
    offsets[2] = out.written;
    let mut kids = Vec::with_capacity(pages.len() * 12);
    for i in 0..pages.len() {
        write!(kids, "{} 0 R ", FIRST_PAGE_OBJECT + 2 * i)?;
    }
    let mut media = Vec::new();
    push_number(&mut media, width);
    media.push(b' ');
    push_number(&mut media, height);
    write!(
        out,
        "2 0 obj\n<< /Type /Pages /Count {} /MediaBox [0 0 {}] \
         /Resources << /Font << /F1 3 0 R /F2 4 0 R >> >> /Kids [",
        pages.len(),
        String::from_utf8_lossy(&media)
    )?;
    out.write_all(&kids)?;
    out.write_all(b"] >>\nendobj\n")?;
    for (object, face) in [(3, "Helvetica"), (4, "Helvetica-Bold")] {
        offsets[object] = out.written;
        write!(
            out,
            "{object} 0 obj\n<< /Type /Font /Subtype /Type1 /BaseFont /{face} \
             /Encoding /WinAnsiEncoding >>\nendobj\n"
        )?;
    }
    offsets[5] = out.written;
    let mut info = b"5 0 obj\n<< /Producer ".to_vec();
    push_utf16(
        &mut info,
        concat!("sudoku-print ", env!("CARGO_PKG_VERSION")),
    );
    if let Some(title) = &options.title {
        info.extend_from_slice(b" /Title ");
        push_utf16(&mut info, title);
    }
    info.extend_from_slice(b" >>\nendobj\n");
    out.write_all(&info)?;

    let mut content = Vec::with_capacity(64 * 1024);
    for (i, page) in pages.iter().enumerate() {
        content.clear();
        let mut canvas = PdfCanvas::new(&mut content, height);
        draw::page(&mut canvas, options, entries, page);
        canvas.finish();
        let object = FIRST_PAGE_OBJECT + 2 * i;
        offsets[object] = out.written;
        write!(
            out,
            "{object} 0 obj\n<< /Type /Page /Parent 2 0 R /Contents {} 0 R >>\nendobj\n",
            object + 1
        )?;
        offsets[object + 1] = out.written;
        write!(
            out,
            "{} 0 obj\n<< /Length {} >>\nstream\n",
            object + 1,
            content.len()
        )?;
        out.write_all(&content)?;
        out.write_all(b"\nendstream\nendobj\n")?;
    }

    let xref = out.written;
    let mut table = Vec::with_capacity(20 * offsets.len() + 64);
    write!(table, "xref\n0 {}\n0000000000 65535 f \n", offsets.len())?;
    for offset in &offsets[1..] {
        // Each entry is exactly 20 bytes: the space before the newline is part of it.
        writeln!(table, "{offset:010} 00000 n ")?;
    }
    write!(
        table,
        "trailer\n<< /Size {} /Root 1 0 R /Info 5 0 R >>\nstartxref\n{xref}\n%%EOF\n",
        offsets.len()
    )?;
    out.write_all(&table)?;
    out.flush()
}

/// Appends `text` as a PDF string in WinAnsi bytes: `(`, `)` and `\` escaped,
/// bytes above 127 as octal escapes, characters Helvetica lacks as `?`.
fn push_string(out: &mut Vec<u8>, text: &str) {
    out.push(b'(');
    for c in text.chars() {
        match metrics::win_ansi(c) {
            Some(b @ (b'(' | b')' | b'\\')) => out.extend_from_slice(&[b'\\', b]),
            Some(b) if b < 0x80 => out.push(b),
            Some(b) => {
                let _ = write!(out, "\\{b:03o}");
            }
            None => out.push(b'?'),
        }
    }
    out.push(b')');
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

/// Draws into a content stream, keeping the graphics state it last set so
/// that runs of digits cost a move and a show each.
struct PdfCanvas<'a> {
    out: &'a mut Vec<u8>,
    /// The page height, to turn y upwards.
    height: f32,
    /// Inside `BT` ... `ET`, with the start of the current line here.
    text_at: Option<(f32, f32)>,
    font: Option<(Font, f32)>,
    fill_gray: f32,
    line_width: f32,
}

impl<'a> PdfCanvas<'a> {
    fn new(out: &'a mut Vec<u8>, height: f32) -> Self {
        PdfCanvas {
            out,
            height,
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
}

impl Canvas for PdfCanvas<'_> {
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

    fn text(&mut self, text: &Text<'_>) {
        let shift = match text.anchor {
            Anchor::Start => 0.0,
            Anchor::Middle => metrics::width(text.text, text.font, text.size) / 2.0,
            Anchor::End => metrics::width(text.text, text.font, text.size),
        };
        let (x, y) = (text.x - shift, self.height - text.y);
        let (lx, ly) = match self.text_at {
            Some(at) => at,
            None => {
                self.out.extend_from_slice(b"BT\n");
                (0.0, 0.0)
            }
        };
        if self.font != Some((text.font, text.size)) {
            self.out.extend_from_slice(match text.font {
                Font::Regular => b"/F1 ",
                Font::Bold => b"/F2 ",
            });
            push_number(self.out, text.size);
            self.out.extend_from_slice(b" Tf ");
            self.font = Some((text.font, text.size));
        }
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
        push_string(self.out, text.text);
        self.out.extend_from_slice(b" Tj\n");
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
    fn strings_are_escaped_and_encoded() {
        let mut out = Vec::new();
        push_string(&mut out, "a(b)\\é数");
        assert_eq!(out, b"(a\\(b\\)\\\\\\351?)");
    }
}
