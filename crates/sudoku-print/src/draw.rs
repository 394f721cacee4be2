//! What a page looks like, for any output: the title, the grids with their
//! digits and captions, the page number. The PDF and SVG writers implement
//! [`Canvas`]; this module decides where every line and figure goes.
//!
//! Text is drawn in reading order (each grid's digits row by row, then its
//! caption), so a text extractor that keeps the order of the file, such as
//! `pdftotext -raw`, reads the puzzles back in order.

use sudoku_core::hint::{self, Role};
use sudoku_core::rate::{self, Candidates, Scale};

use crate::entry::{caption_parts, Entry};
use crate::layout::{self, Kind, Options, Page, Slot};
use crate::metrics::{self, Font};

/// How text lines up with the point it is drawn at.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Anchor {
    /// The point is the left end of the baseline.
    Start,
    /// The point is the middle of the baseline.
    Middle,
    /// The point is the right end of the baseline.
    End,
}

/// A text to set.
#[derive(Debug, Clone, Copy)]
pub struct Text<'a> {
    /// Where: `x` per `anchor`, `y` the baseline.
    pub x: f32,
    /// The baseline.
    pub y: f32,
    /// Font size in points.
    pub size: f32,
    /// The face.
    pub font: Font,
    /// 0 black to 1 white.
    pub gray: f32,
    /// How `x` is read.
    pub anchor: Anchor,
    /// The characters.
    pub text: &'a str,
    /// What the text is, for outputs that label their parts (SVG classes):
    /// `given`, `solution`, `candidate`, `caption`, `title`, `folio`.
    pub role: &'static str,
}

/// An output that draws in points, origin top-left, y downwards.
pub trait Canvas {
    /// The width of `text` set in `font` at `size` points, as this output
    /// sets it.
    fn width(&self, text: &str, font: Font, size: f32) -> f32;
    /// Starts a grid: `id` names it (`puzzle-3`, `answer-3`).
    fn begin_grid(&mut self, id: &str);
    /// Ends the grid begun last.
    fn end_grid(&mut self);
    /// The thin lines between the cells of a grid at `slot`, `width` thick.
    fn cell_lines(&mut self, slot: Slot, width: f32);
    /// A straight line.
    fn line(&mut self, x1: f32, y1: f32, x2: f32, y2: f32, width: f32);
    /// A rectangle's outline.
    fn rect(&mut self, x: f32, y: f32, w: f32, h: f32, width: f32);
    /// Text.
    fn text(&mut self, text: &Text<'_>);
    /// A grid's lines at `slot`: thin lines `thin` thick between cells,
    /// `thick` between boxes, and a frame a quarter thicker. By default
    /// drawn line by line ([`grid_lines`]); the PDF draws each distinct
    /// grid once, as a form it places on every page that has it.
    fn grid(&mut self, slot: Slot, thin: f32, thick: f32)
    where
        Self: Sized,
    {
        grid_lines(self, slot, thin, thick);
    }
    /// A rectangle filled with grey `gray` (0 black to 1 white), no outline.
    fn fill_rect(&mut self, x: f32, y: f32, w: f32, h: f32, gray: f32);
    /// A five-pointed star centred at `(x, y)`, its points `radius` from
    /// the centre: filled black, or outlined in grey.
    fn star(&mut self, x: f32, y: f32, radius: f32, filled: bool);
}

/// The ten corners of a five-pointed star centred at `(x, y)`, point up,
/// y downwards: outer and inner corners in turn.
pub fn star_points(x: f32, y: f32, radius: f32) -> [(f32, f32); 10] {
    let inner = radius * 0.4;
    std::array::from_fn(|i| {
        let r = if i % 2 == 0 { radius } else { inner };
        let angle = std::f32::consts::PI * (i as f32 / 5.0 - 0.5);
        (x + r * angle.cos(), y + r * angle.sin())
    })
}

/// Draws page `page` of the book of `entries` onto `canvas`.
pub fn page(canvas: &mut impl Canvas, options: &Options, entries: &[Entry], page: &Page) {
    let (width, _) = options.paper.size();
    if page.kind == Kind::Cover {
        cover(canvas, options, entries);
        return;
    }
    // The title, and what follows it: `Title — Hard`, `Title — answers`.
    let heading = match (page.kind, options.title.as_deref(), &page.section) {
        (_, Some(title), Some(section)) => Some((title, format!(" — {section}"))),
        (_, None, Some(section)) => Some((section.as_str(), String::new())),
        (Kind::Answers, Some(title), None) => Some((title, " — answers".to_string())),
        (Kind::Answers, None, None) => Some(("Answers", String::new())),
        (Kind::Path, Some(title), None) => Some((title, " — solving paths".to_string())),
        (Kind::Path, None, None) => Some(("Solving paths", String::new())),
        (_, Some(title), None) => Some((title, String::new())),
        (_, None, None) => None,
    };
    if let Some((title, tail)) = heading {
        let available = width - 2.0 * layout::MARGIN;
        let (heading, size) = fit_title(canvas, title, &tail, 18.0, available);
        canvas.text(&Text {
            x: width / 2.0,
            y: layout::title_baseline(),
            size,
            font: Font::Bold,
            gray: 0.0,
            anchor: Anchor::Middle,
            text: &heading,
            role: "title",
        });
    }
    for (i, entry) in entries[page.entries.clone()].iter().enumerate() {
        let slot = layout::slot(options, page.kind, i);
        match page.kind {
            Kind::Answers => answer(canvas, entry, slot),
            Kind::Path => path(canvas, options, entry),
            _ => puzzle(canvas, options, entry, slot),
        }
    }
    let folio = page.number.to_string();
    canvas.text(&Text {
        x: width / 2.0,
        y: layout::footer_baseline(options),
        size: 9.0,
        font: Font::Regular,
        gray: 0.3,
        anchor: Anchor::Middle,
        text: &folio,
        role: "folio",
    });
}

/// The cover: the title (or `Sudoku`) large, a third of the way down, then
/// the number of puzzles, their difficulty from the easiest to the hardest
/// (as the captions show it: on the scale's number, or the levels alone
/// with `--show-rating none` or stars), and whether the answers are in.
/// It has no page number.
fn cover(canvas: &mut impl Canvas, options: &Options, entries: &[Entry]) {
    let (width, height) = options.paper.size();
    let available = width - 2.0 * layout::MARGIN;
    let title = options.title.as_deref().unwrap_or("Sudoku");
    let mut y = height / 3.0;
    let (title, size) = fit_title(canvas, title, "", 32.0, available);
    canvas.text(&Text {
        x: width / 2.0,
        y,
        size,
        font: Font::Bold,
        gray: 0.0,
        anchor: Anchor::Middle,
        text: &title,
        role: "title",
    });
    y += size.max(20.0) * 1.6;
    let count = match entries.len() {
        1 => "1 puzzle".to_string(),
        n => format!("{n} puzzles"),
    };
    let mut lines = vec![count];
    let rated: Vec<(f32, sudoku_core::rate::Level, sudoku_core::rate::Scale)> = entries
        .iter()
        .filter_map(|e| {
            let f = e.facts.as_ref()?;
            f.rating.map(|r| (r.score, r.level, f.scale))
        })
        .collect();
    let lo = rated.iter().min_by(|a, b| a.0.total_cmp(&b.0));
    let hi = rated.iter().max_by(|a, b| a.0.total_cmp(&b.0));
    if let (Some(lo), Some(hi)) = (lo, hi) {
        let levels = if lo.1 == hi.1 {
            lo.1.to_string()
        } else {
            format!("{} to {}", lo.1, hi.1)
        };
        lines.push(match options.rating {
            crate::entry::RatingStyle::Number => {
                format!("{levels}: {} {:.1} to {:.1}", lo.2.label(), lo.0, hi.0)
            }
            _ => levels,
        });
    }
    if options.answers {
        lines.push("with answers".to_string());
    }
    for line in &lines {
        let size = fit(canvas, line, Font::Regular, 14.0, available);
        canvas.text(&Text {
            x: width / 2.0,
            y,
            size,
            font: Font::Regular,
            gray: 0.2,
            anchor: Anchor::Middle,
            text: line,
            role: "cover",
        });
        y += 22.0;
    }
}

/// The largest size up to `size` at which `text` fits in `available` points.
fn fit(canvas: &impl Canvas, text: &str, font: Font, size: f32, available: f32) -> f32 {
    let natural = canvas.width(text, font, size);
    if natural <= available {
        size
    } else {
        size * available / natural
    }
}

/// The smallest size a title is set in, on the pages and on the cover:
/// below it, a title is shortened rather than shrunk (see [`fit_title`]).
pub const MIN_TITLE_SIZE: f32 = 10.0;

/// `title` followed by `tail` (` — answers`, ` — Hard`, or nothing), set
/// in bold in `available` points, and its size: the whole text at `size`,
/// or shrunk to fit down to [`MIN_TITLE_SIZE`]; when even that is too
/// wide, at that size with the title cut to the most characters that fit
/// followed by `…` (the tail kept whole), so a long title is never set too
/// small to read nor runs off the page.
pub fn fit_title(
    canvas: &impl Canvas,
    title: &str,
    tail: &str,
    size: f32,
    available: f32,
) -> (String, f32) {
    let whole = format!("{title}{tail}");
    let fitted = fit(canvas, &whole, Font::Bold, size, available);
    if fitted >= MIN_TITLE_SIZE {
        return (whole, fitted);
    }
    let cut = |chars: usize| {
        let end = title
            .char_indices()
            .nth(chars)
            .map_or(title.len(), |(at, _)| at);
        format!("{}…{tail}", title[..end].trim_end())
    };
    // The widths grow with the characters kept: search for the most that fit.
    let (mut lo, mut hi) = (0, title.chars().count());
    while lo < hi {
        let mid = (lo + hi).div_ceil(2);
        if canvas.width(&cut(mid), Font::Bold, MIN_TITLE_SIZE) <= available {
            lo = mid;
        } else {
            hi = mid - 1;
        }
    }
    (cut(lo), MIN_TITLE_SIZE)
}

/// The box lines: thin between cells, thick between boxes and around.
pub fn grid_lines(canvas: &mut impl Canvas, slot: Slot, thin: f32, thick: f32) {
    let Slot { x, y, side } = slot;
    canvas.cell_lines(slot, thin);
    for k in [3.0, 6.0] {
        let at = side * k / 9.0;
        canvas.line(x + at, y, x + at, y + side, thick);
        canvas.line(x, y + at, x + side, y + at, thick);
    }
    canvas.rect(x, y, side, side, thick * 1.25);
}

/// A digit centred in cell `cell` of the grid at `slot`.
#[allow(clippy::too_many_arguments)]
fn digit(
    canvas: &mut impl Canvas,
    slot: Slot,
    cell: usize,
    value: u8,
    size: f32,
    font: Font,
    gray: f32,
    role: &'static str,
) {
    let unit = slot.side / 9.0;
    let (row, col) = ((cell / 9) as f32, (cell % 9) as f32);
    let text = [b'0' + value];
    // An ASCII digit is valid UTF-8.
    let text = std::str::from_utf8(&text).unwrap_or("?");
    canvas.text(&Text {
        x: slot.x + (col + 0.5) * unit,
        y: slot.y + (row + 0.5) * unit + size * metrics::DIGIT_HEIGHT / 2.0,
        size,
        font,
        gray,
        anchor: Anchor::Middle,
        text,
        role,
    });
}

/// A puzzle: grid, givens, candidates when asked for, caption; a lesson's
/// puzzle at its hardest step ([`lesson`]).
fn puzzle(canvas: &mut impl Canvas, options: &Options, entry: &Entry, slot: Slot) {
    canvas.begin_grid(&format!("puzzle-{}", entry.number));
    let sentence = if options.lesson {
        lesson(canvas, entry, slot)
    } else {
        plain_puzzle(canvas, options, entry, slot);
        None
    };
    caption_line(canvas, options, entry, slot);
    if let Some(sentence) = sentence {
        paragraph(canvas, &sentence, slot);
    }
    canvas.end_grid();
}

/// The grid, givens and, when asked for, candidates.
fn plain_puzzle(canvas: &mut impl Canvas, options: &Options, entry: &Entry, slot: Slot) {
    let unit = slot.side / 9.0;
    canvas.grid(slot, 0.6, 2.0);
    let size = unit * 0.66;
    for (cell, &value) in entry.puzzle.cells().iter().enumerate() {
        if value != 0 {
            digit(canvas, slot, cell, value, size, Font::Regular, 0.0, "given");
        }
    }
    if options.candidates {
        let marks = Candidates::new(&entry.puzzle);
        for cell in 0..81 {
            if entry.puzzle.cells()[cell] == 0 {
                candidates(canvas, slot, cell, marks.digits(cell), &[]);
            }
        }
    }
}

/// The candidates `digits` of `cell`, small and grey; those in `struck`
/// darker and struck through (a lesson's eliminations).
fn candidates(
    canvas: &mut impl Canvas,
    slot: Slot,
    cell: usize,
    digits: impl Iterator<Item = u8>,
    struck: &[(usize, u8)],
) {
    let unit = slot.side / 9.0;
    let (pad, third, small) = candidate_grid(unit);
    let (row, col) = ((cell / 9) as f32, (cell % 9) as f32);
    for d in digits {
        let (r, c) = (f32::from((d - 1) / 3), f32::from((d - 1) % 3));
        let text = [b'0' + d];
        let x = slot.x + col * unit + pad + (c + 0.5) * third;
        let y = slot.y + row * unit + pad + (r + 0.5) * third + small * metrics::DIGIT_HEIGHT / 2.0;
        let gone = struck.contains(&(cell, d));
        canvas.text(&Text {
            x,
            y,
            size: small,
            font: if gone { Font::Bold } else { Font::Regular },
            gray: if gone { 0.0 } else { 0.45 },
            anchor: Anchor::Middle,
            text: std::str::from_utf8(&text).unwrap_or("?"),
            role: if gone { "eliminated" } else { "candidate" },
        });
        if gone {
            let half = small * 0.45;
            let mid = y - small * metrics::DIGIT_HEIGHT / 2.0;
            canvas.line(x - half, mid + half, x + half, mid - half, 0.8);
        }
    }
}

/// A lesson's grid: the position just before the puzzle's hardest step
/// (its givens black, the digits of the steps before grey, the candidates
/// left), the step's pattern cells shaded darker, the cells it changes
/// lighter, and the candidates it removes struck through. Returns the
/// step's sentence from the hint model (`sudoku_core::hint`), the same
/// words `sudoku hint --words` and the game use; `None`, with the plain
/// grid drawn, for a puzzle with no step (already complete). A puzzle with
/// more than one solution has no step to teach: its givens alone are drawn,
/// and the sentence [`NOT_UNIQUE`] says why (the CLI refuses such a lesson
/// before any work).
fn lesson(canvas: &mut impl Canvas, entry: &Entry, slot: Slot) -> Option<String> {
    if !entry.has_unique_solution() {
        plain_puzzle(canvas, &Options::default(), entry, slot);
        return Some(NOT_UNIQUE.to_string());
    }
    let scale = entry.facts.map_or(Scale::Se, |f| f.scale);
    let path = rate::explain_with(&entry.puzzle, scale);
    let Some(step) = rate::hardest_step(&path) else {
        plain_puzzle(canvas, &Options::default(), entry, slot);
        return None;
    };
    let at = path.iter().position(|s| std::ptr::eq(s, step)).unwrap_or(0);
    let mut marks = Candidates::new(&entry.puzzle);
    for earlier in &path[..at] {
        marks.apply(earlier);
    }
    let hint = hint::for_step(step, &marks, false);
    let unit = slot.side / 9.0;
    for cell in &hint.cells {
        let gray = match cell.role {
            Role::Pattern => 0.78,
            _ => 0.9,
        };
        let (row, col) = ((cell.cell / 9) as f32, (cell.cell % 9) as f32);
        canvas.fill_rect(slot.x + col * unit, slot.y + row * unit, unit, unit, gray);
    }
    canvas.grid(slot, 0.6, 2.0);
    let size = unit * 0.66;
    let givens = entry.puzzle.cells();
    for (cell, &given) in givens.iter().enumerate() {
        let value = marks.value(cell);
        if given != 0 {
            digit(canvas, slot, cell, given, size, Font::Regular, 0.0, "given");
        } else if value != 0 {
            digit(
                canvas,
                slot,
                cell,
                value,
                size,
                Font::Regular,
                0.5,
                "placed",
            );
        } else {
            candidates(canvas, slot, cell, marks.digits(cell), &hint.eliminations);
        }
    }
    Some(hint.stages[2].clone())
}

/// What a lesson page, and its solving path page, say of a puzzle with more
/// than one solution, in place of any deduction.
pub const NOT_UNIQUE: &str = "This puzzle has more than one solution, so no step follows from \
     its givens alone: a lesson needs a puzzle with a unique solution.";

/// A lesson puzzle's whole solving path, as `sudoku explain` gives it:
/// `No. N` and one numbered line per step, the hardest step, the one the
/// lesson shows, in bold; a step too long for the line goes on, indented,
/// on the next. A path too long for the page ends with how many steps are
/// left out.
fn path(canvas: &mut impl Canvas, options: &Options, entry: &Entry) {
    let (width, _) = options.paper.size();
    let scale = entry.facts.map_or(Scale::Se, |f| f.scale);
    let unique = entry.has_unique_solution();
    let steps = if unique {
        rate::explain_with(&entry.puzzle, scale)
    } else {
        Vec::new()
    };
    let hardest = rate::hardest_step(&steps);
    let top = layout::title_baseline() + 30.0;
    canvas.text(&Text {
        x: layout::MARGIN,
        y: top,
        size: 12.0,
        font: Font::Bold,
        gray: 0.0,
        anchor: Anchor::Start,
        text: &format!("No. {}", entry.number),
        role: "caption",
    });
    let (size, leading, indent) = if width < 500.0 {
        (6.5, 8.0, 10.0)
    } else {
        (7.5, 9.5, 12.0)
    };
    let column = width - 2.0 * layout::MARGIN;
    let last = layout::footer_baseline(options) - 20.0;
    let mut y = top + 18.0;
    if !unique {
        for line in break_lines(canvas, NOT_UNIQUE, Font::Regular, size, column) {
            canvas.text(&Text {
                x: layout::MARGIN,
                y,
                size,
                font: Font::Regular,
                gray: 0.0,
                anchor: Anchor::Start,
                text: &line,
                role: "step",
            });
            y += leading;
        }
        return;
    }
    for (i, step) in steps.iter().enumerate() {
        let bold = hardest.is_some_and(|h| std::ptr::eq(h, step));
        let font = if bold { Font::Bold } else { Font::Regular };
        let lines = break_lines(
            canvas,
            &format!("{}. {step}", i + 1),
            font,
            size,
            column - indent,
        );
        // Room for this step and, if it is not the last, the note below.
        let needed =
            y + leading * (lines.len() as f32 + if i + 1 < steps.len() { 1.0 } else { 0.0 });
        if needed > last + leading {
            canvas.text(&Text {
                x: layout::MARGIN,
                y,
                size,
                font: Font::Regular,
                gray: 0.3,
                anchor: Anchor::Start,
                text: &format!(
                    "… {} more steps (sudoku explain lists them)",
                    steps.len() - i
                ),
                role: "step",
            });
            return;
        }
        for (k, line) in lines.iter().enumerate() {
            canvas.text(&Text {
                x: layout::MARGIN + if k == 0 { 0.0 } else { indent },
                y,
                size,
                font,
                gray: 0.0,
                anchor: Anchor::Start,
                text: line,
                role: "step",
            });
            y += leading;
        }
    }
}

/// `text` broken at spaces into lines at most `width` wide in `font` at
/// `size` (a word wider than that stands on a line of its own).
fn break_lines(canvas: &impl Canvas, text: &str, font: Font, size: f32, width: f32) -> Vec<String> {
    let mut line = String::new();
    let mut lines = Vec::new();
    for word in text.split_whitespace() {
        let longer = if line.is_empty() {
            word.to_string()
        } else {
            format!("{line} {word}")
        };
        if !line.is_empty() && canvas.width(&longer, font, size) > width {
            lines.push(std::mem::replace(&mut line, word.to_string()));
        } else {
            line = longer;
        }
    }
    if !line.is_empty() {
        lines.push(line);
    }
    lines
}

/// `text` set in lines under the caption of the grid at `slot`, broken at
/// spaces to the grid's width, at 10 pt.
fn paragraph(canvas: &mut impl Canvas, text: &str, slot: Slot) {
    let size = 10.0;
    let mut y = slot.y + slot.side + (slot.side * 0.045).clamp(8.0, 11.0) + 5.0 + 18.0;
    let lines = break_lines(canvas, text, Font::Regular, size, slot.side);
    for line in &lines {
        canvas.text(&Text {
            x: slot.x,
            y,
            size,
            font: Font::Regular,
            gray: 0.0,
            anchor: Anchor::Start,
            text: line,
            role: "lesson",
        });
        y += size * 1.3;
    }
}

/// Where a cell's candidates go: the 3 × 3 figures sit in the cell less a
/// padding of 6% of the cell plus half a box line (1 pt), so that no figure
/// touches a line, even a thick box line, at six a page. Returns the
/// padding, the side of each figure's square and the figures' size.
pub fn candidate_grid(unit: f32) -> (f32, f32, f32) {
    let pad = unit * 0.06 + 1.0;
    let third = (unit - 2.0 * pad) / 3.0;
    (pad, third, third * 0.85)
}

/// The smallest size a caption is set in: below it, a caption is shortened
/// rather than shrunk, by the rule docs/printing.md gives.
pub const MIN_CAPTION_SIZE: f32 = 6.5;

/// The caption under a puzzle: its number on the left in bold, on the right
/// what the options ask for of its difficulty (score and level, stars, or
/// nothing) and its hardest technique, fitted to the width left by this
/// rule: the full text at the caption's size, or shrunk down to
/// [`MIN_CAPTION_SIZE`]; if it does not fit even then, the technique's
/// parenthesised tail is dropped (`Dynamic Forcing Chains (+ Forcing
/// Chains)` becomes `Dynamic Forcing Chains`); if that still does not fit,
/// the technique is left out. Stars are drawn left of the text.
fn caption_line(canvas: &mut impl Canvas, options: &Options, entry: &Entry, slot: Slot) {
    let left = format!("No. {}", entry.number);
    let parts = caption_parts(entry, options.rating, !options.hide_technique);
    let size = (slot.side * 0.045).clamp(8.0, 11.0);
    let gap = size;
    let left_width = canvas.width(&left, Font::Bold, size);
    let star_size = size * 0.9;
    let stars_width = parts.stars.map_or(0.0, |_| 5.0 * star_size);
    let available = |text: &str| {
        let mut room = slot.side - left_width - gap;
        if parts.stars.is_some() {
            room -= stars_width;
            if !text.is_empty() {
                room -= size * 0.6;
            }
        }
        room
    };
    let mut chosen = (parts.text.as_str(), size);
    for text in [
        Some(&parts.text),
        parts.shorter.as_ref(),
        parts.without_technique.as_ref(),
    ]
    .into_iter()
    .flatten()
    {
        let fitted = fit(canvas, text, Font::Regular, size, available(text));
        chosen = (text, fitted.max(MIN_CAPTION_SIZE));
        if fitted >= MIN_CAPTION_SIZE {
            break;
        }
    }
    let (right, right_size) = chosen;
    let baseline = slot.y + slot.side + size + 5.0;
    canvas.text(&Text {
        x: slot.x,
        y: baseline,
        size,
        font: Font::Bold,
        gray: 0.0,
        anchor: Anchor::Start,
        text: &left,
        role: "caption",
    });
    let right_edge = slot.x + slot.side;
    if !right.is_empty() {
        canvas.text(&Text {
            x: right_edge,
            y: baseline,
            size: right_size,
            font: Font::Regular,
            gray: 0.25,
            anchor: Anchor::End,
            text: right,
            role: "caption",
        });
    }
    if let Some(filled) = parts.stars {
        let text_width = if right.is_empty() {
            0.0
        } else {
            canvas.width(right, Font::Regular, right_size) + size * 0.6
        };
        let start = right_edge - text_width - stars_width;
        let radius = star_size * 0.45;
        for k in 0..5u8 {
            canvas.star(
                start + (f32::from(k) + 0.5) * star_size,
                baseline - size * 0.35,
                radius,
                k < filled,
            );
        }
    }
}

/// A solution in the answer key: givens bold, the rest regular and grey;
/// under it the puzzle's number (`No. 3`, or `No. 3 · one of several` for
/// a puzzle with more than one solution, whose key shows the one found).
fn answer(canvas: &mut impl Canvas, entry: &Entry, slot: Slot) {
    let Some(facts) = entry.facts else {
        return;
    };
    let unit = slot.side / 9.0;
    canvas.begin_grid(&format!("answer-{}", entry.number));
    canvas.grid(slot, 0.4, 1.2);
    let size = unit * 0.62;
    let givens = entry.puzzle.cells();
    for (cell, &value) in facts.solution.cells().iter().enumerate() {
        if givens[cell] != 0 {
            digit(canvas, slot, cell, value, size, Font::Bold, 0.0, "given");
        } else {
            digit(
                canvas,
                slot,
                cell,
                value,
                size,
                Font::Regular,
                0.35,
                "solution",
            );
        }
    }
    // A puzzle with several solutions shows one of them, and says so.
    let label = if entry.has_unique_solution() {
        format!("No. {}", entry.number)
    } else {
        format!("No. {} · one of several", entry.number)
    };
    canvas.text(&Text {
        x: slot.x + slot.side / 2.0,
        y: slot.y + slot.side + 10.0,
        size: 8.0,
        font: Font::Bold,
        gray: 0.0,
        anchor: Anchor::Middle,
        text: &label,
        role: "caption",
    });
    canvas.end_grid();
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::font::Faces;
    use crate::layout::{Paper, PerPage};

    /// Records the lines (x1, y1, x2, y2, width) and the candidates'
    /// glyph boxes (left, top, right, bottom) a page draws.
    struct Recorder<'f> {
        faces: Faces<'f>,
        lines: Vec<(f32, f32, f32, f32, f32)>,
        boxes: Vec<(f32, f32, f32, f32)>,
        /// Every text: its role, characters, size and width.
        texts: Vec<(&'static str, String, f32, f32)>,
    }

    impl Recorder<'_> {
        fn new() -> Recorder<'static> {
            Recorder {
                faces: Faces::new(None),
                lines: Vec::new(),
                boxes: Vec::new(),
                texts: Vec::new(),
            }
        }
    }

    impl Canvas for Recorder<'_> {
        fn width(&self, text: &str, font: Font, size: f32) -> f32 {
            self.faces.width(text, font, size)
        }
        fn begin_grid(&mut self, _id: &str) {}
        fn end_grid(&mut self) {}
        fn cell_lines(&mut self, slot: Slot, width: f32) {
            for k in [1, 2, 4, 5, 7, 8] {
                let at = slot.side * k as f32 / 9.0;
                let (x, y, s) = (slot.x, slot.y, slot.side);
                self.lines.push((x + at, y, x + at, y + s, width));
                self.lines.push((x, y + at, x + s, y + at, width));
            }
        }
        fn line(&mut self, x1: f32, y1: f32, x2: f32, y2: f32, width: f32) {
            self.lines.push((x1, y1, x2, y2, width));
        }
        fn rect(&mut self, x: f32, y: f32, w: f32, h: f32, width: f32) {
            self.lines.push((x, y, x + w, y, width));
            self.lines.push((x, y + h, x + w, y + h, width));
            self.lines.push((x, y, x, y + h, width));
            self.lines.push((x + w, y, x + w, y + h, width));
        }
        fn text(&mut self, text: &Text<'_>) {
            let width = self.width(text.text, text.font, text.size);
            self.texts
                .push((text.role, text.text.to_string(), text.size, width));
            if text.role == "candidate" {
                // A digit: Helvetica's 556 units wide, 0.703 of the size tall.
                let half = 0.556 * text.size / 2.0;
                let top = text.y - metrics::DIGIT_HEIGHT * text.size;
                self.boxes.push((text.x - half, top, text.x + half, text.y));
            }
        }
        fn fill_rect(&mut self, _x: f32, _y: f32, _w: f32, _h: f32, _gray: f32) {}
        fn star(&mut self, _x: f32, _y: f32, _radius: f32, _filled: bool) {}
    }

    #[test]
    fn candidates_keep_clear_of_every_line() {
        let puzzle: sudoku_core::Grid = ".".repeat(81).parse().unwrap();
        let entries: Vec<Entry> = (1..=6)
            .map(|number| Entry {
                number,
                puzzle,
                facts: None,
            })
            .collect();
        for paper in Paper::ALL {
            for per_page in PerPage::ALL.into_iter().filter(|&p| paper.fits(p)) {
                let options = Options {
                    paper,
                    per_page,
                    candidates: true,
                    ..Options::default()
                };
                let mut canvas = Recorder::new();
                let page = Page {
                    kind: Kind::Puzzles,
                    entries: 0..per_page.get(),
                    number: 1,
                    section: None,
                };
                super::page(&mut canvas, &options, &entries, &page);
                assert_eq!(canvas.boxes.len(), 81 * 9 * per_page.get());
                let mut closest = f32::MAX;
                for &(l, t, r, b) in &canvas.boxes {
                    for &(x1, y1, x2, y2, w) in &canvas.lines {
                        let gap = if x1 == x2 && y1.min(y2) < b && y1.max(y2) > t {
                            (l - (x1 + w / 2.0)).max((x1 - w / 2.0) - r)
                        } else if y1 == y2 && x1.min(x2) < r && x1.max(x2) > l {
                            (t - (y1 + w / 2.0)).max((y1 - w / 2.0) - b)
                        } else {
                            continue;
                        };
                        closest = closest.min(gap);
                    }
                }
                assert!(closest >= 1.0, "{paper} {per_page:?}: {closest} pt");
            }
        }
    }

    #[test]
    fn a_long_title_is_cut_with_an_ellipsis_never_set_below_the_minimum() {
        let puzzle: sudoku_core::Grid = ".".repeat(81).parse().unwrap();
        let entries = vec![Entry {
            number: 1,
            puzzle,
            facts: None,
        }];
        for paper in Paper::ALL {
            let (width, _) = paper.size();
            let available = width - 2.0 * layout::MARGIN;
            for (title, kind, whole) in [
                ("W".repeat(10_000), Kind::Puzzles, false),
                ("W".repeat(10_000), Kind::Answers, false),
                ("W".repeat(10_000), Kind::Cover, false),
                ("Week 12".to_string(), Kind::Answers, true),
                ("Week 12".to_string(), Kind::Cover, true),
            ] {
                let options = Options {
                    paper,
                    title: Some(title.clone()),
                    ..Options::default()
                };
                let mut canvas = Recorder::new();
                let page = Page {
                    kind,
                    entries: 0..1,
                    number: 1,
                    section: None,
                };
                super::page(&mut canvas, &options, &entries, &page);
                let shown: Vec<_> = canvas.texts.iter().filter(|t| t.0 == "title").collect();
                assert_eq!(shown.len(), 1, "{paper} {kind:?}");
                let (_, text, size, set) = shown[0];
                assert!(*size >= MIN_TITLE_SIZE, "{paper} {kind:?}: {size} pt");
                assert!(*set <= available + 0.01, "{paper} {kind:?}: {set} pt wide");
                if whole {
                    assert!(text.starts_with(&title), "{text}");
                    assert!(!text.contains('…'), "{text}");
                } else {
                    // Cut, but as long as fits: one more W would not.
                    let ws = text.chars().take_while(|&c| c == 'W').count();
                    assert!(ws > 10, "{paper} {kind:?}: {text}");
                    let tail = &text[ws..];
                    let expected = if kind == Kind::Answers {
                        "… — answers"
                    } else {
                        "…"
                    };
                    assert_eq!(tail, expected, "{paper} {kind:?}");
                    let longer = format!("W{text}");
                    let wider = canvas.width(&longer, Font::Bold, *size);
                    assert!(wider > available, "{paper} {kind:?}");
                }
            }
        }
    }

    #[test]
    fn a_lesson_of_a_puzzle_with_several_solutions_claims_no_step() {
        let mut one_given = [0u8; 81];
        one_given[0] = 5;
        let one_given = sudoku_core::Grid::from_cells(one_given).unwrap();
        let mut entries: Vec<Entry> = [sudoku_core::Grid::EMPTY, one_given]
            .into_iter()
            .enumerate()
            .map(|(i, puzzle)| Entry {
                number: i + 1,
                puzzle,
                facts: None,
            })
            .collect();
        // Unfilled (the library finds out itself) and filled alike.
        let unfilled = entries.clone();
        crate::entry::fill(&mut entries, 1).unwrap();
        for entries in [unfilled, entries] {
            let options = Options {
                per_page: PerPage::new(1).unwrap(),
                lesson: true,
                answers: true,
                ..Options::default()
            };
            for kind in [Kind::Puzzles, Kind::Path] {
                for i in 0..entries.len() {
                    let mut canvas = Recorder::new();
                    let page = Page {
                        kind,
                        entries: i..i + 1,
                        number: 1,
                        section: None,
                    };
                    super::page(&mut canvas, &options, &entries, &page);
                    let roles: Vec<&str> = canvas.texts.iter().map(|t| t.0).collect();
                    for role in ["placed", "eliminated", "candidate"] {
                        assert!(!roles.contains(&role), "{kind:?} {i}: {role}");
                    }
                    let said: Vec<&str> = canvas
                        .texts
                        .iter()
                        .filter(|t| t.0 == "lesson" || t.0 == "step")
                        .map(|t| t.1.as_str())
                        .collect();
                    assert_eq!(said.join(" "), NOT_UNIQUE, "{kind:?} {i}");
                }
            }
        }
    }
}
