//! Drawing the game, the menu and short messages into a ratatui frame.
//!
//! # Layout
//! An 80×24 terminal cannot hold nine cells of three lines each (27 lines) plus
//! borders, so the board has two sizes:
//! - **compact** (from 80×24): cells five columns wide and two lines high,
//!   thick lines between boxes only; pencil marks sit at fixed places, `¹²³⁴⁵`
//!   on the first line and `⁶⁷⁸⁹` on the second, and the second line of each
//!   cell inside a box is underlined, so two cells' marks never run together;
//! - **tall** (from 80×38): cells three lines high with thin lines between
//!   them, and pencil marks as a true 3×3 (`¹ ² ³` / `⁴ ⁵ ⁶` / `⁷ ⁸ ⁹`).
//!
//! Pencil marks are drawn as superscript digits, so a lone mark can never be
//! mistaken for a placed digit, even where it sits on the digit's spot.
//!
//! To the right is a panel with the timer, mistakes, hints, mode, how many of
//! each digit remain, the hint or conflict being shown and the keys; the
//! bottom line holds the last message. A hint longer than the panel is shown
//! in pages (PgDn/PgUp), each with a "(1/2)" footer, so no part is ever cut.
//! The menu's other screens (statistics, settings, help) are drawn here too.
//!
//! # Colours
//! The board is drawn on its own light background with xterm 256-colour
//! indices from 16 up only ([`NORMAL`], [`HIGH_CONTRAST`]), whose values do
//! not depend on the terminal's colour scheme, so every text on it has a
//! known contrast ([`contrast`]; the tests hold it to 4.5:1, and 7:1 in the
//! high-contrast theme). Text off the board is the terminal's own foreground
//! on its own background. With [`Theme::no_color`] (the `NO_COLOR`
//! convention) only bold, dim, italic, reverse, underline and strike-through
//! are used.

use std::fmt::Write as _;
use std::time::Instant;

use ratatui::buffer::Buffer;
use ratatui::layout::{Alignment, Rect};
use ratatui::style::{Color, Modifier, Style};
use ratatui::text::{Line, Span};
use ratatui::widgets::{Block, BorderType, Borders, Clear, Paragraph, Wrap};
use ratatui::Frame;
use sudoku_core::CELLS;

use crate::daily::Date;
use crate::game::{clock, Game, HintStage};
use crate::settings::{Field, Settings, ThemeName};
use crate::source::Difficulty;
use crate::stats::{Record, Stats, Win};
use sudoku_core::hint::Role;

/// How the game is drawn: colours, and the player's display settings.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Theme {
    /// True when colours are off (`NO_COLOR` is set): modifiers only.
    pub no_color: bool,
    /// The high-contrast theme: black and white only (see [`ThemeName`]).
    pub high_contrast: bool,
    /// Whether the cursor's row, column and box and its digit elsewhere are highlighted.
    pub highlights: bool,
    /// Whether the panel shows the clock while playing.
    pub show_timer: bool,
}

impl Default for Theme {
    fn default() -> Theme {
        Theme {
            no_color: false,
            high_contrast: false,
            highlights: true,
            show_timer: true,
        }
    }
}

impl Theme {
    /// Colours unless `NO_COLOR` is set to a non-empty value, as no-color.org asks.
    pub fn from_env() -> Theme {
        Theme {
            no_color: std::env::var_os("NO_COLOR").is_some_and(|v| !v.is_empty()),
            ..Theme::default()
        }
    }

    /// The board's colours.
    pub fn palette(&self) -> &'static Palette {
        if self.high_contrast {
            &HIGH_CONTRAST
        } else {
            &NORMAL
        }
    }

    /// This theme with the player's `settings` (theme, highlights, timer).
    pub fn with_settings(self, settings: &Settings) -> Theme {
        Theme {
            high_contrast: settings.theme == ThemeName::HighContrast,
            highlights: settings.highlights,
            show_timer: settings.show_timer,
            ..self
        }
    }
}

/// The colours of one kind of board cell: its background and what is
/// drawn on it, as xterm 256-colour indices from 16 up.
///
/// Those indices (the 6×6×6 cube and the grey ramp) have the same RGB values
/// in every common terminal (xterm, VTE/GNOME, Konsole, iTerm2, Windows
/// Terminal, kitty, Alacritty); colour schemes change only the first 16. So
/// the contrast of each pair is known, and [`contrast`] checks it in the
/// tests, whatever the player's palette or background.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct CellLook {
    /// The background.
    pub bg: u8,
    /// Givens (drawn bold).
    pub given: u8,
    /// The player's digits.
    pub player: u8,
    /// A digit that repeats in its row, column or box (bold, underlined).
    pub conflict: u8,
    /// Pencil marks.
    pub mark: u8,
}

/// Every cell colour of a theme.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Palette {
    /// A cell with nothing to say.
    pub plain: CellLook,
    /// The cursor's row, column and box.
    pub peer: CellLook,
    /// The cursor's digit elsewhere.
    pub same: CellLook,
    /// The cursor.
    pub cursor: CellLook,
    /// The cursor in pencil-mark mode.
    pub pencil_cursor: CellLook,
    /// A hint's pattern (green).
    pub pattern: CellLook,
    /// A hint's cell that loses a candidate (magenta).
    pub loses: CellLook,
    /// A hint's cell that gets a digit (cyan).
    pub gets: CellLook,
    /// A wrong digit or wrong marks (red).
    pub wrong: CellLook,
    /// The lines between boxes and around the board.
    pub thick: u8,
    /// The lines between cells of a box.
    pub thin: u8,
}

const fn look(bg: u8, given: u8, player: u8, conflict: u8, mark: u8) -> CellLook {
    CellLook {
        bg,
        given,
        player,
        conflict,
        mark,
    }
}

/// The normal theme: a light board (grey 93%) with black givens, blue
/// digits and dark-red conflicts, every text at least 4.5:1 (WCAG AA).
pub const NORMAL: Palette = Palette {
    plain: look(255, 16, 19, 88, 238),
    peer: look(189, 16, 19, 88, 238),
    same: look(153, 16, 19, 88, 238),
    cursor: look(220, 16, 19, 88, 16),
    pencil_cursor: look(213, 16, 19, 88, 16),
    pattern: look(120, 16, 19, 88, 16),
    loses: look(219, 16, 19, 88, 16),
    gets: look(159, 16, 19, 88, 16),
    wrong: look(210, 16, 16, 16, 16),
    thick: 16,
    thin: 246,
};

/// The high-contrast theme: white board, black text, a black cursor, and
/// every text at least 7:1 (WCAG AAA).
pub const HIGH_CONTRAST: Palette = Palette {
    plain: look(231, 16, 18, 88, 16),
    peer: look(254, 16, 18, 88, 16),
    same: look(229, 16, 18, 88, 16),
    cursor: look(16, 231, 231, 217, 231),
    pencil_cursor: look(54, 231, 231, 224, 231),
    pattern: look(157, 16, 18, 88, 16),
    loses: look(225, 16, 18, 88, 16),
    gets: look(195, 16, 18, 88, 16),
    wrong: look(217, 16, 16, 16, 16),
    thick: 16,
    thin: 16,
};

impl Palette {
    /// Every cell look, named, for the contrast tests.
    pub fn looks(&self) -> [(&'static str, CellLook); 9] {
        [
            ("plain", self.plain),
            ("peer", self.peer),
            ("same", self.same),
            ("cursor", self.cursor),
            ("pencil cursor", self.pencil_cursor),
            ("pattern", self.pattern),
            ("loses", self.loses),
            ("gets", self.gets),
            ("wrong", self.wrong),
        ]
    }
}

/// The RGB value of xterm 256-colour index `i` (16 and up: the cube and the greys).
pub fn rgb(i: u8) -> (u8, u8, u8) {
    const LEVELS: [u8; 6] = [0, 95, 135, 175, 215, 255];
    match i {
        232..=255 => {
            let v = 8 + 10 * (i - 232);
            (v, v, v)
        }
        16..=231 => {
            let n = i - 16;
            (
                LEVELS[(n / 36) as usize],
                LEVELS[(n / 6 % 6) as usize],
                LEVELS[(n % 6) as usize],
            )
        }
        // The first 16 depend on the terminal's scheme; the board never uses them.
        _ => (0, 0, 0),
    }
}

/// WCAG 2's contrast ratio between two 256-colour indices, from 1 to 21.
pub fn contrast(a: u8, b: u8) -> f64 {
    fn luminance(i: u8) -> f64 {
        let (r, g, b) = rgb(i);
        let channel = |c: u8| {
            let c = f64::from(c) / 255.0;
            if c <= 0.03928 {
                c / 12.92
            } else {
                ((c + 0.055) / 1.055).powf(2.4)
            }
        };
        0.2126 * channel(r) + 0.7152 * channel(g) + 0.0722 * channel(b)
    }
    let (la, lb) = (luminance(a), luminance(b));
    (la.max(lb) + 0.05) / (la.min(lb) + 0.05)
}

/// The smallest terminal the game draws in.
pub const MIN_SIZE: (u16, u16) = (80, 24);

const CELL_W: u16 = 5;
const BOARD_W: u16 = 1 + 9 * (CELL_W + 1);
const PANEL_W: u16 = 24;
const COMPACT_H: u16 = 1 + 9 * 2 + 3;
const TALL_H: u16 = 1 + 9 * 4;

/// Where the board, the panel and the message line go in a frame.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Geometry {
    /// The board, borders included.
    pub board: Rect,
    /// The side panel.
    pub panel: Rect,
    /// The message line under the board.
    pub message: Rect,
    /// Lines per cell: 2 (compact) or 3 (tall).
    pub cell_h: u16,
}

/// What a board line or column is.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Track {
    Thick,
    Thin,
    /// Part of cell line/column `n` (0..9), `offset` lines or columns into it.
    Cell(usize, u16),
}

impl Geometry {
    /// The geometry for a frame of `area`, or `None` when it is too small.
    pub fn new(area: Rect) -> Option<Geometry> {
        if area.width < MIN_SIZE.0 || area.height < MIN_SIZE.1 {
            return None;
        }
        let cell_h = if area.height > TALL_H { 3 } else { 2 };
        let board_h = if cell_h == 3 { TALL_H } else { COMPACT_H };
        let total_w = BOARD_W + 1 + PANEL_W;
        // Centre the whole picture; the spare line below the board holds messages.
        let x = area.x + (area.width - total_w) / 2;
        let y = area.y + (area.height - board_h - 1) / 2;
        Some(Geometry {
            board: Rect::new(x, y, BOARD_W, board_h),
            panel: Rect::new(x + BOARD_W + 1, y, PANEL_W, board_h),
            message: Rect::new(x, y + board_h, total_w, 1),
            cell_h,
        })
    }

    fn column(&self, dx: u16) -> Track {
        let step = CELL_W + 1;
        if dx % step == 0 {
            if dx / step % 3 == 0 {
                Track::Thick
            } else {
                Track::Thin
            }
        } else {
            Track::Cell((dx / step) as usize, dx % step - 1)
        }
    }

    fn line(&self, dy: u16) -> Track {
        if self.cell_h == 3 {
            if dy % 4 == 0 {
                return if dy / 4 % 3 == 0 {
                    Track::Thick
                } else {
                    Track::Thin
                };
            }
            return Track::Cell((dy / 4) as usize, dy % 4 - 1);
        }
        // Compact: a thick line every 7 lines (border + three cells of two lines).
        if dy % 7 == 0 {
            return Track::Thick;
        }
        let band = dy / 7;
        let inner = dy % 7 - 1;
        Track::Cell((band * 3 + inner / 2) as usize, inner % 2)
    }

    /// The inside of `cell` (row-major index) on the screen, borders excluded.
    pub fn cell_rect(&self, cell: usize) -> Rect {
        let (r, c) = ((cell / 9) as u16, (cell % 9) as u16);
        let dy = if self.cell_h == 3 {
            1 + r * 4
        } else {
            1 + r * 2 + r / 3
        };
        Rect::new(
            self.board.x + 1 + c * (CELL_W + 1),
            self.board.y + dy,
            CELL_W,
            self.cell_h,
        )
    }

    /// The cell under the terminal position `x`, `y`, for mouse clicks.
    pub fn cell_at(&self, x: u16, y: u16) -> Option<usize> {
        let inside = x >= self.board.x
            && y >= self.board.y
            && x < self.board.right()
            && y < self.board.bottom();
        if !inside {
            return None;
        }
        match (self.line(y - self.board.y), self.column(x - self.board.x)) {
            (Track::Cell(r, _), Track::Cell(c, _)) => Some(r * 9 + c),
            _ => None,
        }
    }
}

/// What the game screen shows besides the game itself.
#[derive(Debug, Clone, Copy, Default)]
pub struct Extras<'a> {
    /// The level's record after this game was won, for the Solved! screen.
    pub win: Option<Win>,
    /// A problem the player must know about now, e.g. a save that failed.
    pub warning: Option<&'a str>,
    /// Something the player should know that is not a failure, e.g. that an
    /// unreadable save file was set aside; shown after "Note:". Keep it
    /// short (three panel lines with "Note: ") so that the keys stay listed
    /// at 80×24; the game shows it until the next key.
    pub notice: Option<&'a str>,
}

/// Draws `game` as it is at `now`.
pub fn draw_game(frame: &mut Frame, game: &Game, now: Instant, theme: Theme) {
    draw_game_with(frame, game, now, theme, Extras::default());
}

/// Draws `game` as it is at `now`, with a win record or a warning.
pub fn draw_game_with(frame: &mut Frame, game: &Game, now: Instant, theme: Theme, extras: Extras) {
    let area = frame.area();
    let Some(geo) = Geometry::new(area) else {
        draw_too_small(frame);
        return;
    };
    let buf = frame.buffer_mut();
    if game.is_paused() {
        draw_paused(buf, geo.board, theme);
    } else {
        draw_board(buf, &geo, game, theme);
    }
    draw_panel(buf, geo.panel, game, now, theme, extras);
    let message = Line::from(game.message().to_string()).style(bold(theme));
    buf.set_line(geo.message.x, geo.message.y, &message, geo.message.width);
    if game.is_solved() {
        draw_solved(frame, &geo, game, now, theme, extras.win);
    } else if game.is_lost() {
        draw_lost(frame, &geo, game, now, theme);
    }
}

fn bold(_theme: Theme) -> Style {
    Style::default().add_modifier(Modifier::BOLD)
}

fn draw_too_small(frame: &mut Frame) {
    let area = frame.area();
    let text = format!(
        "The terminal is {}×{}; sudoku-play needs at least {}×{}. Enlarge it, or press q. \
         The clock is stopped and the board is safe until then.",
        area.width, area.height, MIN_SIZE.0, MIN_SIZE.1
    );
    frame.render_widget(Paragraph::new(text).wrap(Wrap { trim: true }), area);
}

/// The look of one cell: its background, its digit and its pencil marks.
fn cell_style(game: &Game, cell: usize, selected: u8, theme: Theme) -> (Style, Style, Style) {
    let digit = game.board().cells()[cell];
    let cursor = game.cursor();
    let (cr, cc) = (cursor / 9, cursor % 9);
    let (r, c) = (cell / 9, cell % 9);
    let peer = theme.highlights && (r == cr || c == cc || (r / 3 == cr / 3 && c / 3 == cc / 3));
    // The hint's part for this cell: the pattern at the second stage, each
    // cell's own role (pattern, loses, gets, wrong) at the third.
    let role = game.shown_hint().and_then(|h| match h.stage {
        HintStage::Technique => None,
        HintStage::Where => h.hint.focus.contains(&cell).then_some(Role::Pattern),
        HintStage::Action => h.hint.cells.iter().find(|c| c.cell == cell).map(|c| c.role),
    });
    let hinted = role.is_some();
    let flagged = game.is_flagged(cell) || game.marks_flagged(cell);
    let same = theme.highlights && selected != 0 && digit == selected;
    let conflict = digit != 0 && game.in_conflict(cell);
    let given = game.is_given(cell);

    if theme.no_color {
        let mut m = Modifier::empty();
        if cell == cursor {
            m |= Modifier::REVERSED;
        }
        if hinted || conflict {
            m |= Modifier::UNDERLINED;
        }
        if flagged {
            m |= Modifier::CROSSED_OUT;
        }
        if same {
            m |= Modifier::ITALIC;
        }
        let base = Style::default().add_modifier(m);
        let digit_style = if given {
            base.add_modifier(Modifier::BOLD)
        } else {
            base
        };
        return (base, digit_style, base.add_modifier(Modifier::DIM));
    }

    let palette = theme.palette();
    let look = if cell == cursor {
        if game.pencil() {
            palette.pencil_cursor
        } else {
            palette.cursor
        }
    } else if let Some(role) = role {
        match role {
            Role::Loses => palette.loses,
            Role::Gets => palette.gets,
            Role::Wrong => palette.wrong,
            _ => palette.pattern,
        }
    } else if flagged {
        palette.wrong
    } else if same {
        palette.same
    } else if peer {
        palette.peer
    } else {
        palette.plain
    };
    let base = Style::default()
        .bg(Color::Indexed(look.bg))
        .fg(Color::Indexed(look.given));
    let mut digit_style = if given {
        base.add_modifier(Modifier::BOLD)
    } else {
        base.fg(Color::Indexed(look.player))
    };
    if same && theme.high_contrast {
        digit_style = digit_style.add_modifier(Modifier::UNDERLINED);
    }
    if conflict && !game.is_flagged(cell) {
        digit_style = digit_style
            .fg(Color::Indexed(look.conflict))
            .add_modifier(Modifier::BOLD | Modifier::UNDERLINED);
    }
    if flagged {
        digit_style = digit_style.add_modifier(Modifier::CROSSED_OUT);
    }
    (base, digit_style, base.fg(Color::Indexed(look.mark)))
}

fn draw_board(buf: &mut Buffer, geo: &Geometry, game: &Game, theme: Theme) {
    let area = geo.board;
    let selected = game.board().cells()[game.cursor()];
    let palette = theme.palette();
    let (border, thin) = if theme.no_color {
        (
            Style::default(),
            Style::default().add_modifier(Modifier::DIM),
        )
    } else {
        // The lines on the board's own background, so that the board is
        // one light sheet on any terminal.
        let paper = Style::default().bg(Color::Indexed(palette.plain.bg));
        (
            paper.fg(Color::Indexed(palette.thick)),
            paper.fg(Color::Indexed(palette.thin)),
        )
    };
    let lent = game.hint_candidates();
    // At the hint's last stage, the digits it is about stand out in its cells.
    let stressed = game
        .shown_hint()
        .filter(|h| h.stage == HintStage::Action)
        .map_or(0u16, |h| h.hint.digits.iter().fold(0, |m, &d| m | 1 << d));
    let styles: Vec<(Style, Style, Style)> = (0..CELLS)
        .map(|cell| cell_style(game, cell, selected, theme))
        .collect();
    let last_x = area.width - 1;
    let last_y = area.height - 1;
    for dy in 0..area.height {
        for dx in 0..area.width {
            let (symbol, style) = match (geo.line(dy), geo.column(dx)) {
                (Track::Cell(r, oy), Track::Cell(c, ox)) => {
                    let cell = r * 9 + c;
                    let (base, digit, mark) = styles[cell];
                    let marks = MarksShown {
                        marks: game.marks(cell) | lent[cell],
                        lent: lent[cell] != 0,
                        stressed: if styles_hinted(game, cell) {
                            stressed
                        } else {
                            0
                        },
                    };
                    let (symbol, style) = cell_symbol(
                        game,
                        cell,
                        (oy, ox),
                        geo.cell_h,
                        selected,
                        (base, digit, mark),
                        marks,
                    );
                    // Compact cells have no line between them inside a box:
                    // the last line of each is underlined instead, so two
                    // cells' pencil marks never run together.
                    if geo.cell_h == 2 && oy == 1 && r % 3 != 2 {
                        (symbol, style.add_modifier(Modifier::UNDERLINED))
                    } else {
                        (symbol, style)
                    }
                }
                (Track::Cell(..), col) => {
                    let s = if col == Track::Thick { "┃" } else { "│" };
                    (
                        s.to_string(),
                        if col == Track::Thick { border } else { thin },
                    )
                }
                (line, Track::Cell(..)) => {
                    let s = if line == Track::Thick { "━" } else { "─" };
                    (
                        s.to_string(),
                        if line == Track::Thick { border } else { thin },
                    )
                }
                (line, col) => {
                    let s = junction(line, col, dx == 0, dx == last_x, dy == 0, dy == last_y);
                    (s.to_string(), border)
                }
            };
            if let Some(target) = buf.cell_mut((area.x + dx, area.y + dy)) {
                target.set_symbol(&symbol).set_style(style);
            }
        }
    }
}

/// The box-drawing character where a board line meets a column.
fn junction(
    line: Track,
    col: Track,
    left: bool,
    right: bool,
    top: bool,
    bottom: bool,
) -> &'static str {
    let thick_line = line == Track::Thick;
    let thick_col = col == Track::Thick;
    match (top, bottom, left, right) {
        (true, _, true, _) => "┏",
        (true, _, _, true) => "┓",
        (_, true, true, _) => "┗",
        (_, true, _, true) => "┛",
        (true, ..) => {
            if thick_col {
                "┳"
            } else {
                "┯"
            }
        }
        (_, true, ..) => {
            if thick_col {
                "┻"
            } else {
                "┷"
            }
        }
        (_, _, true, _) => {
            if thick_line {
                "┣"
            } else {
                "┠"
            }
        }
        (_, _, _, true) => {
            if thick_line {
                "┫"
            } else {
                "┨"
            }
        }
        _ => match (thick_line, thick_col) {
            (true, true) => "╋",
            (true, false) => "┿",
            (false, true) => "╂",
            (false, false) => "┼",
        },
    }
}

/// Pencil marks 1 to 9, small and raised so they never pass for placed digits.
pub const SUPERSCRIPT: [&str; 9] = ["¹", "²", "³", "⁴", "⁵", "⁶", "⁷", "⁸", "⁹"];

/// The pencil marks drawn in a cell.
#[derive(Debug, Clone, Copy)]
struct MarksShown {
    /// The player's marks, or the candidates a hint lends (bit `d` for digit `d`).
    marks: u16,
    /// True when they are lent by the hint (drawn in italics).
    lent: bool,
    /// The hint's digits, drawn bold, at its last stage in its cells.
    stressed: u16,
}

/// True when the shown hint colours `cell` at its current stage.
fn styles_hinted(game: &Game, cell: usize) -> bool {
    game.shown_hint()
        .is_some_and(|h| h.highlighted().contains(&cell))
}

/// The character at line `oy`, column `ox` inside `cell`, and its style:
/// `styles` are the cell's background, digit and pencil-mark styles.
fn cell_symbol(
    game: &Game,
    cell: usize,
    (oy, ox): (u16, u16),
    cell_h: u16,
    selected: u8,
    styles: (Style, Style, Style),
    shown: MarksShown,
) -> (String, Style) {
    let (base, digit_style, mark_style) = styles;
    let digit = game.board().cells()[cell];
    if digit != 0 {
        if oy == (cell_h - 1) / 2 && ox == CELL_W / 2 {
            return (digit.to_string(), digit_style);
        }
        return (" ".to_string(), base);
    }
    let marks = shown.marks;
    // Which mark, if any, lives at this spot.
    let mark = if cell_h == 3 {
        (ox % 2 == 0).then(|| (oy * 3 + ox / 2 + 1) as u8)
    } else {
        let d = oy * 5 + ox + 1;
        (d <= 9).then_some(d as u8)
    };
    match mark {
        Some(d) if marks & (1 << d) != 0 => {
            let mut style = if d == selected {
                mark_style.add_modifier(Modifier::BOLD | Modifier::UNDERLINED)
            } else {
                mark_style
            };
            if shown.lent {
                style = style.add_modifier(Modifier::ITALIC);
            }
            if shown.stressed & (1 << d) != 0 {
                style = style.add_modifier(Modifier::BOLD);
            }
            (SUPERSCRIPT[d as usize - 1].to_string(), style)
        }
        _ => (" ".to_string(), base),
    }
}

fn draw_paused(buf: &mut Buffer, area: Rect, theme: Theme) {
    let block = Block::default()
        .borders(Borders::ALL)
        .border_type(BorderType::Thick);
    let inner = block.inner(area);
    ratatui::widgets::Widget::render(Clear, area, buf);
    ratatui::widgets::Widget::render(block, area, buf);
    let text = vec![
        Line::from("Paused").style(bold(theme)),
        Line::from(""),
        Line::from("The board is hidden."),
        Line::from("Press p to resume."),
    ];
    let y = inner.y + inner.height.saturating_sub(4) / 2;
    let para = Paragraph::new(text).alignment(Alignment::Center);
    ratatui::widgets::Widget::render(para, Rect::new(inner.x, y, inner.width, 4), buf);
}

/// The keys, as the panel lists them when no hint needs the room.
const KEYS: [&str; 7] = [
    "arrows hjkl wasd  move",
    "1-9 digit  0 clear",
    "n pencil   m auto-rm",
    "f fill     x clear marks",
    "u undo ^R redo r restart",
    "? hint  c check  p pause",
    "i help  Esc menu  q quit",
];

/// The keys the panel lists once the game is over (solved or out of
/// mistakes): only these work then, and `n` and `m` mean new game and menu,
/// not pencil marks and auto-removal.
const OVER_KEYS: [&str; 3] = ["n new game", "m menu", "q quit"];

/// The keys the panel lists once the game is lost: a retry first.
const LOST_KEYS: [&str; 4] = ["r retry (same puzzle)", "n new game", "m menu", "q quit"];

/// Splits `text` into lines of at most `width` characters, breaking between
/// words where it can and inside a word only when the word alone is too long
/// (then after a path separator when one fits).
pub fn wrap(text: &str, width: usize) -> Vec<String> {
    let width = width.max(1);
    let mut lines = Vec::new();
    let mut line = String::new();
    for word in text.split_whitespace() {
        let mut word: Vec<char> = word.chars().collect();
        loop {
            let used = line.chars().count();
            let gap = usize::from(used > 0);
            if used + gap + word.len() <= width {
                if gap == 1 {
                    line.push(' ');
                }
                line.extend(word.iter());
                break;
            }
            if used > 0 {
                lines.push(std::mem::take(&mut line));
                continue;
            }
            // A word longer than a whole line: cut it, after the last path
            // separator that fits when there is one ("/home/me/" and
            // "settings.txt", never ".../setting" and "s.txt").
            let cut = word[..width]
                .iter()
                .rposition(|&c| c == '/' || c == '\\')
                .filter(|&at| at > 0)
                .map_or(width, |at| at + 1);
            let rest = word.split_off(cut);
            lines.push(word.iter().collect());
            word = rest;
        }
    }
    if !line.is_empty() {
        lines.push(line);
    }
    lines
}

/// The notes under the panel's figures: a warning, then the hint or a
/// conflict, as lines of at most `width` characters.
fn notes(game: &Game, extras: Extras, width: usize, theme: Theme) -> Vec<Line<'static>> {
    // On its own background: the terminal's red on its background can be
    // as low as 3:1; white on dark red (124) is 7.4:1.
    let red = if theme.no_color {
        bold(theme)
    } else {
        bold(theme).bg(Color::Indexed(124)).fg(Color::Indexed(231))
    };
    let mut out: Vec<Line<'static>> = Vec::new();
    if let Some(warning) = extras.warning {
        out.push(Line::from("Not saved!").style(red));
        out.extend(wrap(warning, width).into_iter().map(Line::from));
    }
    if let Some(notice) = extras.notice {
        // On one line with its text, so that a short note leaves the keys their room.
        let text = format!("Note: {notice}");
        out.extend(wrap(&text, width).into_iter().map(Line::from));
    }
    if game.is_paused() {
        return out;
    }
    if let Some(shown) = game.shown_hint() {
        let title = format!("Hint: {}", shown.title());
        out.extend(
            wrap(&title, width)
                .into_iter()
                .map(|l| Line::from(l).style(bold(theme))),
        );
        let body = shown.body();
        out.extend(wrap(&body, width).into_iter().map(Line::from));
    } else if let Some(conflict) = game.board().first_conflict() {
        out.push(Line::from("Conflict").style(red));
        let text = format!("{} twice in {}", conflict.digit, conflict.unit);
        out.extend(wrap(&text, width).into_iter().map(Line::from));
    }
    out
}

/// `lines` cut into pages of `height` lines, the last line of each page
/// saying which page it is; one page when everything fits.
fn paginate(lines: Vec<Line<'static>>, height: usize, page: usize) -> Vec<Line<'static>> {
    if lines.len() <= height || height < 2 {
        return lines;
    }
    let per_page = height - 1;
    let pages = lines.len().div_ceil(per_page);
    let page = page % pages;
    let mut shown: Vec<Line<'static>> = lines
        .into_iter()
        .skip(page * per_page)
        .take(per_page)
        .collect();
    shown.resize(per_page, Line::from(""));
    let more = if page + 1 < pages {
        "PgDn more"
    } else {
        "PgUp back"
    };
    shown.push(
        Line::from(format!("({}/{pages}) {more}", page + 1))
            .style(Style::default().add_modifier(Modifier::DIM)),
    );
    shown
}

fn draw_panel(
    buf: &mut Buffer,
    area: Rect,
    game: &Game,
    now: Instant,
    theme: Theme,
    extras: Extras,
) {
    let label = |s: &str| Span::styled(format!("{s:<10}"), Style::default());
    let value = |s: String| Span::styled(s, bold(theme));
    let mode = if game.pencil() { "Pencil" } else { "Digits" };
    let auto = if game.auto_remove() { "on" } else { "off" };
    let mistakes = match game.mistake_limit() {
        0 => game.mistakes().to_string(),
        limit => format!("{} of {limit}", game.mistakes()),
    };
    let left: String = (1..=9u8)
        .map(|d| match game.remaining(d) {
            0 => "-".to_string(),
            n => n.to_string(),
        })
        .collect::<Vec<_>>()
        .join(" ");
    // Hidden by the settings while playing; the time still counts and the
    // Solved! screen shows it.
    let time = if theme.show_timer || game.is_over() {
        clock(game.elapsed(now))
    } else {
        "hidden".to_string()
    };
    let lines = vec![
        Line::from(vec![
            Span::styled("SUDOKU", bold(theme)),
            Span::raw(format!("  {}", game.label())),
        ]),
        Line::from(""),
        Line::from(vec![label("Time"), value(time)]),
        Line::from(vec![label("Mistakes"), value(mistakes)]),
        Line::from(vec![label("Hints"), value(game.hints_used().to_string())]),
        Line::from(vec![label("Mode"), value(mode.to_string())]),
        Line::from(vec![label("Auto-rm"), value(auto.to_string())]),
        Line::from(""),
        Line::from("Digit 1 2 3 4 5 6 7 8 9"),
        Line::from(vec![Span::raw("Left  "), value(left)]),
        Line::from(""),
    ];
    let top_h = (lines.len() as u16).min(area.height);
    ratatui::widgets::Widget::render(
        Paragraph::new(lines),
        Rect::new(area.x, area.y, area.width, top_h),
        buf,
    );
    // A hint, or notes too long for the room the keys leave, take the keys'
    // room too, so that most hints fit on one page.
    let notes = notes(game, extras, area.width as usize, theme);
    let keys: &[&str] = if game.is_lost() {
        &LOST_KEYS
    } else if game.is_over() {
        &OVER_KEYS
    } else {
        &KEYS
    };
    let room_with_keys = area.height.saturating_sub(top_h + keys.len() as u16);
    let keys_h = if (game.shown_hint().is_some() && !game.is_paused())
        || notes.len() > room_with_keys as usize
    {
        0
    } else {
        keys.len() as u16
    };
    let notes_h = area.height.saturating_sub(top_h + keys_h);
    let notes = paginate(notes, notes_h as usize, game.page());
    ratatui::widgets::Widget::render(
        Paragraph::new(notes),
        Rect::new(area.x, area.y + top_h, area.width, notes_h),
        buf,
    );
    if keys_h > 0 {
        let key_lines: Vec<Line> = keys.iter().map(|k| Line::from(*k)).collect();
        let keys_y = area.bottom().saturating_sub(keys_h);
        ratatui::widgets::Widget::render(
            Paragraph::new(key_lines),
            Rect::new(area.x, keys_y, area.width, keys_h),
            buf,
        );
    }
}

/// The keys offered once a game is won.
pub const GAME_OVER_KEYS: &str = "n new game · m menu · q quit";

/// The keys offered once a game is lost: a retry of the same puzzle first.
pub const LOST_GAME_KEYS: &str = "r retry · n new game · m menu · q quit";

/// The technique a lesson game teaches, from its label ("technique XY-Wing").
pub fn technique_of(label: &str) -> Option<sudoku_core::rate::Technique> {
    label.strip_prefix("technique ")?.parse().ok()
}

/// A box over the middle of the board with `title` and `text`.
fn draw_box(frame: &mut Frame, geo: &Geometry, title: &str, text: Vec<Line>, theme: Theme) {
    let w = 44u16.min(geo.board.width);
    let h = (text.len() as u16 + 3).min(geo.board.height);
    let area = Rect::new(
        geo.board.x + (geo.board.width - w) / 2,
        geo.board.y + (geo.board.height - h) / 2,
        w,
        h,
    );
    let block = Block::default()
        .borders(Borders::ALL)
        .border_type(BorderType::Double)
        .title(
            Line::from(format!(" {title} "))
                .style(bold(theme))
                .centered(),
        );
    frame.render_widget(Clear, area);
    frame.render_widget(
        Paragraph::new(text).block(block.padding(ratatui::widgets::Padding::new(2, 2, 1, 0))),
        area,
    );
}

fn draw_solved(
    frame: &mut Frame,
    geo: &Geometry,
    game: &Game,
    now: Instant,
    theme: Theme,
    win: Option<Win>,
) {
    let row = |name: &str, value: String| {
        Line::from(vec![
            Span::raw(format!("{name:<10}")),
            Span::styled(value, bold(theme)),
        ])
    };
    let mut time = clock(game.elapsed(now));
    if win.is_some_and(|w| w.new_best) {
        time.push_str("  new best!");
    }
    let mut text = vec![row("Time", time)];
    if win.is_some_and(|w| w.practice) {
        text.push(Line::from("Practice: this daily was solved before"));
        text.push(Line::from("no win or best time is counted."));
    }
    if win.is_some_and(|w| w.with_hints && !w.practice) {
        text.push(Line::from("Won with hints: not a best time."));
    }
    if let Some(win) = win {
        if let Some(best) = win.record.best {
            text.push(row("Best", clock(best)));
        }
        text.push(row("Won", win.record.won.to_string()));
    }
    text.extend([
        row("Mistakes", game.mistakes().to_string()),
        row("Hints", game.hints_used().to_string()),
        row("Level", game.label().to_string()),
        Line::from("Rating"),
    ]);
    // 44 columns less borders and padding leave 38 for the rating.
    text.extend(
        wrap(game.rating(), 38)
            .into_iter()
            .map(|l| Line::from(Span::styled(l, bold(theme)))),
    );
    text.push(Line::from(""));
    match technique_of(game.label()) {
        // After a lesson, n deals another puzzle of the same technique.
        Some(technique) => {
            text.extend(
                wrap(&format!("n another {technique} puzzle"), 38)
                    .into_iter()
                    .map(Line::from),
            );
            text.push(Line::from("m menu · q quit"));
        }
        None => text.push(Line::from(GAME_OVER_KEYS)),
    }
    draw_box(frame, geo, "Solved!", text, theme);
}

fn draw_lost(frame: &mut Frame, geo: &Geometry, game: &Game, now: Instant, theme: Theme) {
    let text = vec![
        Line::from(format!(
            "{} mistake{}: the limit is reached.",
            game.mistakes(),
            if game.mistakes() == 1 { "" } else { "s" }
        )),
        Line::from(format!("Time {}", clock(game.elapsed(now)))),
        Line::from(""),
        Line::from("r: the same puzzle on a fresh board"),
        Line::from(LOST_GAME_KEYS),
    ];
    draw_box(frame, geo, "Out of mistakes", text, theme);
}

/// A question that needs an answer before going on, e.g. before a game in
/// progress is replaced.
pub fn draw_question(frame: &mut Frame, lines: &[String], theme: Theme) {
    let area = frame.area();
    let mut text: Vec<Line> = Vec::new();
    for (i, line) in lines.iter().enumerate() {
        for part in wrap(line, area.width.saturating_sub(2) as usize) {
            let l = Line::from(part);
            text.push(if i == 0 { l.style(bold(theme)) } else { l });
        }
    }
    let h = (text.len() as u16).min(area.height);
    let y = area.y + (area.height - h) / 2;
    frame.render_widget(Clear, area);
    frame.render_widget(
        Paragraph::new(text).alignment(Alignment::Center),
        Rect::new(area.x, y, area.width, h),
    );
}

/// One entry of the start menu.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum MenuItem {
    /// Start a new game of this difficulty; the level's record is shown beside it.
    New(Difficulty, Record),
    /// Play the daily puzzle of this date; the bool is true once it has
    /// been solved (playing it again is practice).
    Daily(Date, Record, bool),
    /// Resume the saved game, described by the text.
    Resume(String),
    /// The statistics screen.
    Statistics,
    /// The settings screen.
    Settings,
    /// The help screen.
    Help,
    /// Leave.
    Quit,
}

/// "  best 3:02 · 5 won", or nothing before the first win.
fn record_text(record: &Record) -> String {
    match record.best {
        Some(best) => format!("  best {} · {} won", clock(best), record.won),
        None => String::new(),
    }
}

impl MenuItem {
    fn text(&self) -> String {
        match self {
            MenuItem::New(d, record) => format!("New game: {d}{}", record_text(record)),
            MenuItem::Daily(date, record, solved) => format!(
                "Daily puzzle {date} ({}){}{}",
                date.level(),
                if *solved { " · done ✓" } else { "" },
                record_text(record)
            ),
            MenuItem::Resume(about) => format!("Resume: {about}"),
            MenuItem::Statistics => "Statistics".to_string(),
            MenuItem::Settings => "Settings".to_string(),
            MenuItem::Help => "Help: keys and rules".to_string(),
            MenuItem::Quit => "Quit".to_string(),
        }
    }
}

/// The start menu's lines: the title, the items, a note when there is one
/// (wrapped to `width`) and the keys.
fn menu_lines(
    items: &[MenuItem],
    selected: usize,
    theme: Theme,
    notice: Option<&str>,
    width: u16,
) -> Vec<Line<'static>> {
    let mut lines = vec![Line::from("SUDOKU").style(bold(theme)), Line::from("")];
    for (i, item) in items.iter().enumerate() {
        let style = if i == selected {
            selected_style(theme)
        } else {
            Style::default()
        };
        lines.push(Line::from(Span::styled(
            format!(" {} ", item.text()),
            style,
        )));
    }
    if let Some(notice) = notice {
        lines.push(Line::from(""));
        let text = format!("Note: {notice}");
        lines.extend(
            wrap(&text, width.clamp(1, 76) as usize)
                .into_iter()
                .map(Line::from),
        );
        lines.push(Line::from(MENU_NOTICE_KEY).style(Style::default().add_modifier(Modifier::DIM)));
    }
    lines.push(Line::from(""));
    lines.push(Line::from(MENU_KEYS));
    lines
}

const MENU_KEYS: &str = "↑↓ choose · Enter start · q quit";
const MENU_NOTICE_KEY: &str = "(any key hides this note)";

/// The smallest terminal that shows the menu with `items` and `notice`
/// whole, at `area`'s width (a narrower one wraps the note onto more lines).
pub fn menu_size(items: &[MenuItem], notice: Option<&str>, area: Rect) -> (u16, u16) {
    let plain = Theme {
        no_color: true,
        ..Theme::default()
    };
    let lines = menu_lines(items, 0, plain, notice, area.width);
    let widest = items
        .iter()
        .map(|i| i.text().chars().count() + 2)
        .chain([MENU_KEYS.chars().count(), 30])
        .max()
        .unwrap_or(0);
    (widest as u16, lines.len() as u16)
}

/// True when the menu fits in `area`; while it does not, the menu is not
/// drawn and its keys other than quit do nothing.
pub fn menu_fits(items: &[MenuItem], notice: Option<&str>, area: Rect) -> bool {
    let (w, h) = menu_size(items, notice, area);
    area.width >= w && area.height >= h
}

/// Draws the start menu with `items`, `selected` highlighted, and a note
/// (e.g. that an unreadable save was set aside) under them; a terminal too
/// small for the whole menu gets a message saying so instead.
pub fn draw_menu(
    frame: &mut Frame,
    items: &[MenuItem],
    selected: usize,
    theme: Theme,
    notice: Option<&str>,
) {
    let area = frame.area();
    if !menu_fits(items, notice, area) {
        let (w, h) = menu_size(items, notice, area);
        let text = format!(
            "The terminal is {}×{}; the menu needs at least {w}×{h}. Enlarge it, or press q.",
            area.width, area.height
        );
        frame.render_widget(Paragraph::new(text).wrap(Wrap { trim: true }), area);
        return;
    }
    let lines = menu_lines(items, selected, theme, notice, area.width);
    let h = (lines.len() as u16).min(area.height);
    let y = area.y + (area.height - h) / 2;
    frame.render_widget(
        Paragraph::new(lines).alignment(Alignment::Center),
        Rect::new(area.x, y, area.width, h),
    );
}

/// The lines of a screen that does not fit `area`, saying how large it must be.
fn too_small(frame: &mut Frame, what: &str, need: (u16, u16)) -> bool {
    let area = frame.area();
    if area.width >= need.0 && area.height >= need.1 {
        return false;
    }
    let text = format!(
        "The terminal is {}×{}; {what} needs at least {}×{}. Enlarge it, or press Esc.",
        area.width, area.height, need.0, need.1
    );
    frame.render_widget(Paragraph::new(text).wrap(Wrap { trim: true }), area);
    true
}

/// Centres `lines` (left-aligned among themselves) in the frame.
fn draw_centred_block(frame: &mut Frame, lines: Vec<Line<'static>>) {
    let area = frame.area();
    let w = lines.iter().map(Line::width).max().unwrap_or(0) as u16;
    let w = w.min(area.width);
    let h = (lines.len() as u16).min(area.height);
    let rect = Rect::new(
        area.x + (area.width - w) / 2,
        area.y + (area.height - h) / 2,
        w,
        h,
    );
    frame.render_widget(Paragraph::new(lines), rect);
}

/// `m:ss`, or `-` when there is none.
fn maybe_clock(time: Option<std::time::Duration>) -> String {
    time.map_or_else(|| "-".to_string(), clock)
}

/// The statistics screen's lines: per level, games played and won, the win
/// rate, average and best times and wins without hints; then the streaks.
/// Each column is as wide as its widest entry, so that no two run together
/// however large the numbers are.
pub fn stats_lines(stats: &Stats, theme: Theme) -> Vec<Line<'static>> {
    let mut levels: Vec<String> = Difficulty::ALL
        .iter()
        .map(|d| d.name().to_string())
        .collect();
    for (level, _) in stats.levels() {
        if !levels.iter().any(|l| l == level) {
            levels.push(level.to_string());
        }
    }
    let rate = |played: u64, won: u64| {
        (won.min(played) * 100)
            .checked_div(played)
            .map_or("-".to_string(), |p| format!("{p}%"))
    };
    let header = [
        "Level", "Played", "Won", "Win %", "Average", "Best", "No hints",
    ]
    .map(String::from);
    let mut rows: Vec<[String; 7]> = Vec::new();
    // In u64: the sum of every level's u32 counts cannot wrap.
    let (mut played, mut won, mut no_hints) = (0u64, 0u64, 0u64);
    for level in &levels {
        let r = stats.get(level);
        played += u64::from(r.played);
        won += u64::from(r.won);
        no_hints += u64::from(r.no_hints);
        rows.push([
            level.clone(),
            r.played.to_string(),
            r.won.to_string(),
            rate(r.played.into(), r.won.into()),
            maybe_clock(r.average()),
            maybe_clock(r.best),
            r.no_hints.to_string(),
        ]);
    }
    let all = [
        "all".to_string(),
        played.to_string(),
        won.to_string(),
        rate(played, won),
        String::new(),
        String::new(),
        no_hints.to_string(),
    ];
    let mut widths = [0usize; 7];
    for row in std::iter::once(&header).chain(&rows).chain([&all]) {
        for (width, cell) in widths.iter_mut().zip(row) {
            *width = (*width).max(cell.chars().count());
        }
    }
    // The level left-aligned, the figures right-aligned, two spaces apart.
    let format_row = |row: &[String; 7]| {
        let mut line = format!("{:<w$}", row[0], w = widths[0]);
        for (cell, &w) in row.iter().zip(&widths).skip(1) {
            let _ = write!(line, "  {cell:>w$}");
        }
        line
    };
    let mut lines = vec![
        Line::from("STATISTICS").style(bold(theme)),
        Line::from(""),
        Line::from(format_row(&header)).style(bold(theme)),
    ];
    lines.extend(rows.iter().map(|row| Line::from(format_row(row))));
    lines.push(Line::from(format_row(&all)).style(bold(theme)));
    let streak = stats.streak();
    lines.extend([
        Line::from(""),
        Line::from(format!(
            "Streak: {} won in a row now, {} at best",
            streak.current, streak.best
        )),
        Line::from("Best times count only games won without hints."),
        Line::from("A game lost, restarted or replaced ends the streak."),
        Line::from(""),
        Line::from("Esc, Enter or q: back to the menu")
            .style(Style::default().add_modifier(Modifier::DIM)),
    ]);
    lines
}

/// Draws the statistics screen (or says the terminal is too small for
/// it), with a note under it, such as why the file could not be read.
pub fn draw_stats(frame: &mut Frame, stats: &Stats, theme: Theme, note: Option<&str>) {
    let mut lines = stats_lines(stats, theme);
    if let Some(note) = note {
        let at = lines.len() - 1;
        let text: Vec<Line<'static>> = wrap(&format!("Note: {note}"), 64)
            .into_iter()
            .map(Line::from)
            .chain([Line::from("")])
            .collect();
        lines.splice(at..at, text);
    }
    let w = lines.iter().map(Line::width).max().unwrap_or(0) as u16;
    if too_small(frame, "the statistics screen", (w, lines.len() as u16)) {
        return;
    }
    draw_centred_block(frame, lines);
}

/// Draws the settings screen: each [`Field`] with its value, `selected`
/// highlighted, and a note (an unreadable settings file, a flag that
/// overrides a setting for this run) under them. `saved` says whether
/// changes are saved to the file, or (without a home directory, or after a
/// save failed) hold for this run only.
pub fn draw_settings(
    frame: &mut Frame,
    settings: &Settings,
    selected: usize,
    theme: Theme,
    note: Option<&str>,
    saved: bool,
) {
    let mut lines = vec![Line::from("SETTINGS").style(bold(theme)), Line::from("")];
    for (i, field) in Field::ALL.iter().enumerate() {
        let text = format!(" {:<28}‹ {:^13} › ", field.title(), settings.value(*field));
        let style = if i == selected {
            selected_style(theme)
        } else {
            Style::default()
        };
        lines.push(Line::from(Span::styled(text, style)));
    }
    lines.push(Line::from(""));
    if let Some(note) = note {
        lines.extend(
            wrap(&format!("Note: {note}"), 48)
                .into_iter()
                .map(Line::from),
        );
        lines.push(Line::from(""));
    }
    lines.push(
        Line::from("↑↓ choose · ←→ or Enter change · Esc back")
            .style(Style::default().add_modifier(Modifier::DIM)),
    );
    let effect = if saved {
        "Saved at once; they apply from now on."
    } else {
        "Not saved; they apply for this run only."
    };
    lines.push(Line::from(effect).style(Style::default().add_modifier(Modifier::DIM)));
    let w = lines.iter().map(Line::width).max().unwrap_or(0) as u16;
    if too_small(frame, "the settings screen", (w, lines.len() as u16)) {
        return;
    }
    draw_centred_block(frame, lines);
}

/// The help screen's text: every key, and how the game counts.
pub const HELP: [&str; 39] = [
    "HELP",
    "",
    "Moving",
    "  arrows, h j k l, w a s d   move the cursor (a mouse click too)",
    "",
    "Entering",
    "  1-9              enter a digit (a pencil mark in pencil mode)",
    "  0, Backspace     clear the cell",
    "  n                pencil-mark mode on or off",
    "  m                auto-remove marks from peers when placing",
    "  f                fill every empty cell with its candidates",
    "  x                clear every pencil mark",
    "  u / Ctrl-R       undo / redo, without limit",
    "",
    "Help while playing",
    "  ?                hint: the technique, then where, then apply it",
    "  PgDn / PgUp      next / previous page of a long hint",
    "  c                check: marks wrong digits and wrong marks",
    "",
    "The game",
    "  p                pause (hides the board and stops the clock)",
    "  r                restart the puzzle on a fresh board (asks first)",
    "  i, F1            this help",
    "  Esc              save and go back to the menu",
    "  q, Ctrl-C        save and quit",
    "",
    "After a game",
    "  n                a new game of the same level (after a lesson,",
    "                   another puzzle of its technique)",
    "  r                out of mistakes: retry the same puzzle",
    "  m, q             the menu, quit",
    "",
    "Counting",
    "  Mistakes count once per wrong digit. A hint counts when asked;",
    "  a game won with hints counts, but not as a best time. The game",
    "  saves on every move; settings and statistics are in the menu.",
    "",
    "Settings: mistake limit, auto-remove, highlights, timer, theme.",
    "",
];

/// The fewest lines the help screen scrolls in: a heading, a few of its
/// lines and the footer.
const HELP_MIN_HEIGHT: u16 = 8;

/// The narrowest terminal that shows every line of [`HELP`] whole: its
/// lines are not wrapped, since a key's description wrapped under the key
/// column reads worse than a request to widen the terminal.
pub fn help_min_width() -> u16 {
    let footer = format!(
        "lines 10-20 of {} · ↑↓ PgUp PgDn scroll · Esc back",
        HELP.len()
    );
    let widest = HELP.iter().map(|l| l.chars().count()).max().unwrap_or(0);
    widest.max(footer.chars().count()) as u16
}

/// Draws the help screen from line `scroll` of [`HELP`] (or says the
/// terminal is too small for it, as the other screens do); returns the
/// largest useful scroll for this terminal's height, so the caller can
/// clamp it.
pub fn draw_help(frame: &mut Frame, scroll: usize, theme: Theme) -> usize {
    let area = frame.area();
    let room = area.height.saturating_sub(1) as usize;
    let max_scroll = HELP.len().saturating_sub(room);
    frame.render_widget(Clear, area);
    if too_small(
        frame,
        "the help screen",
        (help_min_width(), HELP_MIN_HEIGHT),
    ) {
        return max_scroll;
    }
    let scroll = scroll.min(max_scroll);
    let mut lines: Vec<Line<'static>> = HELP
        .iter()
        .skip(scroll)
        .take(room)
        .map(|l| {
            let heading = !l.is_empty() && !l.starts_with(' ');
            let line = Line::from(*l);
            if heading {
                line.style(bold(theme))
            } else {
                line
            }
        })
        .collect();
    let footer = if max_scroll > 0 {
        format!(
            "lines {}-{} of {} · ↑↓ PgUp PgDn scroll · Esc back",
            scroll + 1,
            scroll + lines.len(),
            HELP.len()
        )
    } else {
        "Esc back".to_string()
    };
    lines.resize(room, Line::from(""));
    lines.push(Line::from(footer).style(Style::default().add_modifier(Modifier::DIM)));
    let w = 72u16.max(help_min_width()).min(area.width);
    let rect = Rect::new(area.x + (area.width - w) / 2, area.y, w, area.height);
    frame.render_widget(Paragraph::new(lines), rect);
    max_scroll
}

/// The style of the selected line in the menu and the settings.
fn selected_style(theme: Theme) -> Style {
    if theme.no_color || theme.high_contrast {
        Style::default().add_modifier(Modifier::REVERSED | Modifier::BOLD)
    } else {
        // The cursor's colours: black on yellow, 15:1.
        Style::default()
            .bg(Color::Indexed(NORMAL.cursor.bg))
            .fg(Color::Indexed(NORMAL.cursor.given))
            .add_modifier(Modifier::BOLD)
    }
}

/// Draws a single centred line, e.g. while an extreme puzzle is generated.
pub fn draw_notice(frame: &mut Frame, text: &str) {
    let area = frame.area();
    let y = area.y + area.height / 2;
    frame.render_widget(
        Paragraph::new(text.to_string()).alignment(Alignment::Center),
        Rect::new(area.x, y, area.width, 1),
    );
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn geometry_fits_80_by_24_and_grows_to_tall() {
        let compact = Geometry::new(Rect::new(0, 0, 80, 24)).unwrap();
        assert_eq!(compact.cell_h, 2);
        assert!(compact.panel.right() <= 80 && compact.message.bottom() <= 24);
        let tall = Geometry::new(Rect::new(0, 0, 100, 40)).unwrap();
        assert_eq!(tall.cell_h, 3);
        assert!(Geometry::new(Rect::new(0, 0, 79, 24)).is_none());
    }

    #[test]
    fn clicks_map_to_cells_and_borders_to_nothing() {
        for area in [Rect::new(0, 0, 80, 24), Rect::new(0, 0, 90, 45)] {
            let geo = Geometry::new(area).unwrap();
            let b = geo.board;
            assert_eq!(geo.cell_at(b.x, b.y), None, "corner");
            assert_eq!(geo.cell_at(b.x + 1, b.y + 1), Some(0));
            assert_eq!(geo.cell_at(b.right() - 2, b.bottom() - 2), Some(80));
            // Every position on the board maps to the cell whose rectangle holds it.
            for y in b.y..b.bottom() {
                for x in b.x..b.right() {
                    let owner = (0..CELLS).find(|&c| {
                        let r = geo.cell_rect(c);
                        x >= r.x && x < r.right() && y >= r.y && y < r.bottom()
                    });
                    assert_eq!(geo.cell_at(x, y), owner, "at {x},{y}");
                }
            }
        }
    }
}
