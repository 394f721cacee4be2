//! A page of a book as an SVG document, written by hand: one `<g>` per grid
//! holding its 81 cells as `<rect class="cell">` and its digits as `<text>`,
//! box lines, and captions. Text is set in Helvetica (Arial or any sans-serif
//! where it is missing) and placed with the same metrics as the PDF.

use std::io::{self, Write};

use crate::draw::{self, Anchor, Canvas, Text};
use crate::entry::Entry;
use crate::font::Faces;
use crate::layout::{Options, Page, Slot};
use crate::metrics::Font;
use crate::number::push_number;

/// Writes page `page` of the book of `entries` as a standalone SVG document.
///
/// # Errors
/// Only the writer's.
pub fn write_page(
    options: &Options,
    entries: &[Entry],
    page: &Page,
    out: &mut dyn Write,
) -> io::Result<()> {
    let (width, height) = options.paper.size();
    let (w, h) = options.paper.svg_size();
    let mut svg = Vec::with_capacity(64 * 1024);
    write!(
        svg,
        "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n\
         <svg xmlns=\"http://www.w3.org/2000/svg\" width=\"{w}\" height=\"{h}\" viewBox=\"0 0 "
    )?;
    push_number(&mut svg, width);
    svg.push(b' ');
    push_number(&mut svg, height);
    svg.extend_from_slice(b"\">\n<rect width=\"100%\" height=\"100%\" fill=\"white\"/>\n");
    // As in the PDF, a --font font only for what the usual faces lack: a
    // viewer falls back through the list character by character.
    let family = match options.font.as_ref().map(|f| f.family()) {
        Some(name) if !name.is_empty() => format!("Helvetica, Arial, '{name}', sans-serif"),
        _ => "Helvetica, Arial, sans-serif".to_string(),
    };
    svg.extend_from_slice(b"<g font-family=\"");
    push_escaped(&mut svg, &family);
    svg.extend_from_slice(b"\" stroke=\"black\" fill=\"none\">\n");
    let faces = Faces::new(options.font.as_ref());
    let mut canvas = SvgCanvas {
        out: &mut svg,
        faces: &faces,
    };
    draw::page(&mut canvas, options, entries, page);
    svg.extend_from_slice(b"</g>\n</svg>\n");
    out.write_all(&svg)?;
    out.flush()
}

struct SvgCanvas<'a, 'f> {
    out: &'a mut Vec<u8>,
    faces: &'a Faces<'f>,
}

impl SvgCanvas<'_, '_> {
    /// Appends ` name="value"`.
    fn attr(&mut self, name: &str, value: f32) {
        self.out.push(b' ');
        self.out.extend_from_slice(name.as_bytes());
        self.out.extend_from_slice(b"=\"");
        push_number(self.out, value);
        self.out.push(b'"');
    }
}

/// Appends `text` with the five XML special characters escaped, and control
/// characters (which XML 1.0 forbids) as spaces.
fn push_escaped(out: &mut Vec<u8>, text: &str) {
    for c in text.chars() {
        match c {
            '&' => out.extend_from_slice(b"&amp;"),
            '<' => out.extend_from_slice(b"&lt;"),
            '>' => out.extend_from_slice(b"&gt;"),
            '"' => out.extend_from_slice(b"&quot;"),
            '\'' => out.extend_from_slice(b"&apos;"),
            c if c.is_control() => out.push(b' '),
            c => {
                let mut buf = [0u8; 4];
                out.extend_from_slice(c.encode_utf8(&mut buf).as_bytes());
            }
        }
    }
}

impl Canvas for SvgCanvas<'_, '_> {
    fn width(&self, text: &str, font: Font, size: f32) -> f32 {
        self.faces.width(text, font, size)
    }

    fn begin_grid(&mut self, id: &str) {
        self.out.extend_from_slice(b"<g class=\"grid\" id=\"");
        push_escaped(self.out, id);
        self.out.extend_from_slice(b"\">\n");
    }

    fn end_grid(&mut self) {
        self.out.extend_from_slice(b"</g>\n");
    }

    fn cell_lines(&mut self, slot: Slot, width: f32) {
        let unit = slot.side / 9.0;
        self.out.extend_from_slice(b"<g");
        self.attr("stroke-width", width);
        self.out.extend_from_slice(b">\n");
        for cell in 0..81 {
            let (row, col) = ((cell / 9) as f32, (cell % 9) as f32);
            self.out.extend_from_slice(b"<rect class=\"cell\"");
            self.attr("x", slot.x + col * unit);
            self.attr("y", slot.y + row * unit);
            self.attr("width", unit);
            self.attr("height", unit);
            self.out.extend_from_slice(b"/>\n");
        }
        self.out.extend_from_slice(b"</g>\n");
    }

    fn line(&mut self, x1: f32, y1: f32, x2: f32, y2: f32, width: f32) {
        self.out.extend_from_slice(b"<line");
        self.attr("x1", x1);
        self.attr("y1", y1);
        self.attr("x2", x2);
        self.attr("y2", y2);
        self.attr("stroke-width", width);
        self.out.extend_from_slice(b"/>\n");
    }

    fn rect(&mut self, x: f32, y: f32, w: f32, h: f32, width: f32) {
        self.out.extend_from_slice(b"<rect");
        self.attr("x", x);
        self.attr("y", y);
        self.attr("width", w);
        self.attr("height", h);
        self.attr("stroke-width", width);
        self.out.extend_from_slice(b"/>\n");
    }

    fn fill_rect(&mut self, x: f32, y: f32, w: f32, h: f32, gray: f32) {
        self.out.extend_from_slice(b"<rect class=\"shade\"");
        self.attr("x", x);
        self.attr("y", y);
        self.attr("width", w);
        self.attr("height", h);
        let level = (gray * 255.0).round() as u8;
        let _ = writeln!(
            self.out,
            " fill=\"#{level:02x}{level:02x}{level:02x}\" stroke=\"none\"/>"
        );
    }

    fn star(&mut self, x: f32, y: f32, radius: f32, filled: bool) {
        self.out.extend_from_slice(if filled {
            b"<polygon class=\"star filled\" fill=\"black\" stroke=\"none\" points=\""
        } else {
            b"<polygon class=\"star\" fill=\"none\" stroke=\"#737373\" stroke-width=\"0.6\" points=\""
        });
        for (i, (px, py)) in draw::star_points(x, y, radius).into_iter().enumerate() {
            if i > 0 {
                self.out.push(b' ');
            }
            push_number(self.out, px);
            self.out.push(b',');
            push_number(self.out, py);
        }
        self.out.extend_from_slice(b"\"/>\n");
    }

    fn text(&mut self, text: &Text<'_>) {
        self.out.extend_from_slice(b"<text class=\"");
        self.out.extend_from_slice(text.role.as_bytes());
        self.out.push(b'"');
        self.attr("x", text.x);
        self.attr("y", text.y);
        self.attr("font-size", text.size);
        if text.font == Font::Bold {
            self.out.extend_from_slice(b" font-weight=\"bold\"");
        }
        self.out.extend_from_slice(match text.anchor {
            Anchor::Start => b"",
            Anchor::Middle => b" text-anchor=\"middle\"",
            Anchor::End => b" text-anchor=\"end\"",
        });
        // Always set: the page's group has fill="none" for the lines.
        let level = (text.gray * 255.0).round() as u8;
        let _ = write!(self.out, " fill=\"#{level:02x}{level:02x}{level:02x}\"");
        self.out.extend_from_slice(b" stroke=\"none\">");
        push_escaped(self.out, text.text);
        self.out.extend_from_slice(b"</text>\n");
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn escapes_markup_and_control_characters() {
        let mut out = Vec::new();
        push_escaped(&mut out, "<a & \"b\">\n'c' é");
        assert_eq!(
            out,
            "&lt;a &amp; &quot;b&quot;&gt; &apos;c&apos; é".as_bytes()
        );
    }
}
