//! A page of a book as an SVG document, written by hand: one `<g>` per grid
//! holding its 81 cells as `<rect class="cell">` and its digits as `<text>`,
//! box lines, and captions. Text is set in Helvetica (Arial or any sans-serif
//! where it is missing) and placed with the same metrics as the PDF.

use std::fmt::Write as _;
use std::io::{self, Write};

use crate::draw::{self, Anchor, Canvas, Text};
use crate::entry::Entry;
use crate::layout::{Options, Page, Slot};
use crate::metrics::Font;

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
    let mut svg = String::with_capacity(64 * 1024);
    let _ = write!(
        svg,
        "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n\
         <svg xmlns=\"http://www.w3.org/2000/svg\" width=\"{w}\" height=\"{h}\" \
         viewBox=\"0 0 {width:.2} {height:.2}\">\n\
         <rect width=\"100%\" height=\"100%\" fill=\"white\"/>\n\
         <g font-family=\"Helvetica, Arial, sans-serif\" stroke=\"black\" fill=\"none\">\n"
    );
    let mut canvas = SvgCanvas { out: &mut svg };
    draw::page(&mut canvas, options, entries, page);
    svg.push_str("</g>\n</svg>\n");
    out.write_all(svg.as_bytes())?;
    out.flush()
}

struct SvgCanvas<'a> {
    out: &'a mut String,
}

/// Appends `text` with the five XML special characters escaped, and control
/// characters (which XML 1.0 forbids) as spaces.
fn push_escaped(out: &mut String, text: &str) {
    for c in text.chars() {
        match c {
            '&' => out.push_str("&amp;"),
            '<' => out.push_str("&lt;"),
            '>' => out.push_str("&gt;"),
            '"' => out.push_str("&quot;"),
            '\'' => out.push_str("&apos;"),
            c if c.is_control() => out.push(' '),
            c => out.push(c),
        }
    }
}

impl Canvas for SvgCanvas<'_> {
    fn begin_grid(&mut self, id: &str) {
        let _ = writeln!(self.out, "<g class=\"grid\" id=\"{id}\">");
    }

    fn end_grid(&mut self) {
        self.out.push_str("</g>\n");
    }

    fn cell_lines(&mut self, slot: Slot, width: f32) {
        let unit = slot.side / 9.0;
        let _ = writeln!(self.out, "<g stroke-width=\"{width:.2}\">");
        for cell in 0..81 {
            let (row, col) = ((cell / 9) as f32, (cell % 9) as f32);
            let _ = writeln!(
                self.out,
                "<rect class=\"cell\" x=\"{:.2}\" y=\"{:.2}\" width=\"{unit:.2}\" height=\"{unit:.2}\"/>",
                slot.x + col * unit,
                slot.y + row * unit
            );
        }
        self.out.push_str("</g>\n");
    }

    fn line(&mut self, x1: f32, y1: f32, x2: f32, y2: f32, width: f32) {
        let _ = writeln!(
            self.out,
            "<line x1=\"{x1:.2}\" y1=\"{y1:.2}\" x2=\"{x2:.2}\" y2=\"{y2:.2}\" stroke-width=\"{width:.2}\"/>"
        );
    }

    fn rect(&mut self, x: f32, y: f32, w: f32, h: f32, width: f32) {
        let _ = writeln!(
            self.out,
            "<rect x=\"{x:.2}\" y=\"{y:.2}\" width=\"{w:.2}\" height=\"{h:.2}\" stroke-width=\"{width:.2}\"/>"
        );
    }

    fn text(&mut self, text: &Text<'_>) {
        let anchor = match text.anchor {
            Anchor::Start => "start",
            Anchor::Middle => "middle",
            Anchor::End => "end",
        };
        let weight = match text.font {
            Font::Regular => "",
            Font::Bold => " font-weight=\"bold\"",
        };
        let level = (text.gray * 255.0).round() as u8;
        let _ = write!(
            self.out,
            "<text class=\"{}\" x=\"{:.2}\" y=\"{:.2}\" font-size=\"{:.2}\"{weight} \
             text-anchor=\"{anchor}\" fill=\"#{level:02x}{level:02x}{level:02x}\" stroke=\"none\">",
            text.role, text.x, text.y, text.size
        );
        push_escaped(self.out, text.text);
        self.out.push_str("</text>\n");
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn escapes_markup_and_control_characters() {
        let mut out = String::new();
        push_escaped(&mut out, "<a & \"b\">\n'c'");
        assert_eq!(out, "&lt;a &amp; &quot;b&quot;&gt; &apos;c&apos;");
    }
}
