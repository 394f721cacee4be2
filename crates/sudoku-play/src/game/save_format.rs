//! The save format: a game as `key value` lines of text
//! ([`Game::to_save`], [`Game::from_save`]) and the [`SaveError`] of a file
//! that cannot be read back. Apart from the game's state because it is a
//! file format, versioned on its own; where the file lives is `save.rs`.

use std::fmt;
use std::time::{Duration, Instant};

use sudoku_core::{Grid, CELLS};

use super::{Game, Snapshot, Timer};

impl Game {
    /// The save file's text: a few `key value` lines, see [`Game::from_save`].
    ///
    /// The undo and redo histories are kept as differences: each `undo` line
    /// lists only the cells in which that state differs from the one before
    /// it in the file (the first from the current board), so a long game's
    /// save stays a few kilobytes.
    pub fn to_save(&self, now: Instant) -> String {
        let marks: Vec<String> = self.marks.iter().map(|&m| marks_field(m)).collect();
        let removed: Vec<String> = (0..CELLS)
            .filter(|&c| self.removed[c] != 0)
            .map(|c| format!("{c}:{:x}", self.removed[c]))
            .collect();
        let kept: Vec<String> = (0..CELLS)
            .filter(|&c| self.kept[c] != 0)
            .map(|c| format!("{c}:{}", marks_field(self.kept[c])))
            .collect();
        let mut text = format!(
            "{SAVE_HEADER}\npuzzle {}\nboard {}\nmarks {}\nelapsed_ms {}\nmistakes {}\nhints {}\n\
             flagged {}\ncounted {}\nlimit {}\ncursor {}\npencil {}\nauto_remove {}\nremoved {}\n\
             kept {}\nlabel {}\nrating {}\n",
            self.puzzle.to_line(),
            self.board.to_line(),
            marks.join(" "),
            self.elapsed(now).as_millis(),
            self.mistakes,
            self.hints_used,
            self.flagged,
            self.counted,
            self.mistake_limit,
            self.cursor,
            u8::from(self.pencil),
            u8::from(self.auto_remove),
            removed.join(" "),
            kept.join(" "),
            self.label,
            self.rating,
        );
        for (key, stack) in [("undo", &self.undo), ("redo", &self.redo)] {
            let mut previous = self.snapshot();
            for state in stack.iter().rev() {
                text.push_str(key);
                text.push(' ');
                text.push_str(&history_line(&previous, state));
                text.push('\n');
                previous = *state;
            }
        }
        text
    }

    /// Rebuilds a game from [`Game::to_save`]'s text; the clock resumes at `now`.
    ///
    /// The solution is not stored: it is solved again, which also proves the
    /// file's puzzle is a real one. Saves of version 1 (without history) load too.
    pub fn from_save(text: &str, now: Instant) -> Result<Game, SaveError> {
        let mut lines = text.lines().enumerate();
        match lines.next() {
            Some((_, line)) if SAVE_HEADERS.contains(&line.trim_end()) => {}
            _ => {
                return Err(SaveError::new(
                    1,
                    format!("the first line is not '{SAVE_HEADER}'"),
                ))
            }
        }
        let mut fields = SaveFields::default();
        for (index, line) in lines {
            let number = index + 1;
            let line = line.trim_end_matches('\r');
            if line.trim().is_empty() {
                continue;
            }
            let (key, value) = line.split_once(' ').unwrap_or((line, ""));
            fields
                .read(key, value, number)
                .map_err(|why| SaveError::new(number, why))?;
        }
        fields.into_game(now)
    }
}

/// Version 3 added the marks a placed digit hid (`kept`, and a fifth
/// history field); versions 1 and 2 read as games without them.
const SAVE_HEADER: &str = "sudoku-play save 3";
const SAVE_HEADERS: [&str; 3] = ["sudoku-play save 1", "sudoku-play save 2", SAVE_HEADER];

/// "-" for no marks, else the digits, e.g. "149".
fn marks_field(m: u16) -> String {
    if m == 0 {
        "-".to_string()
    } else {
        (1..=9u8)
            .filter(|d| m & (1 << d) != 0)
            .map(|d| (b'0' + d) as char)
            .collect()
    }
}

fn parse_marks_field(field: &str) -> Result<u16, String> {
    if field == "-" {
        return Ok(0);
    }
    let mut m = 0u16;
    for ch in field.chars() {
        match ch {
            '1'..='9' => m |= 1 << (ch as u8 - b'0'),
            _ => return Err(format!("'{ch}' is not a pencil mark")),
        }
    }
    Ok(m)
}

/// `CURSOR CELL:DIGIT:MARKS:REMOVED[:KEPT] ...` for the cells where `state`
/// differs from `from`; KEPT (the marks the cell's digit hid) only when it
/// changed, so a version 2 history line reads the same.
fn history_line(from: &Snapshot, state: &Snapshot) -> String {
    let mut out = state.cursor.to_string();
    for cell in 0..CELLS {
        let digit = state.board.cells()[cell];
        let kept_changed = state.kept[cell] != from.kept[cell];
        if digit != from.board.cells()[cell]
            || state.marks[cell] != from.marks[cell]
            || state.removed[cell] != from.removed[cell]
            || kept_changed
        {
            out.push_str(&format!(
                " {cell}:{digit}:{}:{:x}",
                marks_field(state.marks[cell]),
                state.removed[cell]
            ));
            if kept_changed {
                out.push(':');
                out.push_str(&marks_field(state.kept[cell]));
            }
        }
    }
    out
}

/// The state a [`history_line`] describes, given the state it was taken against.
fn apply_history_line(from: &Snapshot, value: &str) -> Result<Snapshot, String> {
    let mut state = *from;
    let mut fields = value.split_whitespace();
    let cursor = fields.next().ok_or("an empty history line")?;
    state.cursor = cursor
        .parse()
        .ok()
        .filter(|&c: &usize| c < CELLS)
        .ok_or_else(|| format!("'{cursor}' is not a cell"))?;
    for field in fields {
        let bad = || format!("'{field}' is not CELL:DIGIT:MARKS:REMOVED[:KEPT]");
        let parts: Vec<&str> = field.split(':').collect();
        let (cell, digit, marks, removed, kept) = match parts[..] {
            [cell, digit, marks, removed] => (cell, digit, marks, removed, None),
            [cell, digit, marks, removed, kept] => (cell, digit, marks, removed, Some(kept)),
            _ => return Err(bad()),
        };
        let cell: usize = cell.parse().ok().filter(|&c| c < CELLS).ok_or_else(bad)?;
        let digit: u8 = digit.parse().ok().filter(|&d| d <= 9).ok_or_else(bad)?;
        state
            .board
            .set(cell / 9, cell % 9, digit)
            .map_err(|_| bad())?;
        state.marks[cell] = parse_marks_field(marks)?;
        state.removed[cell] =
            u128::from_str_radix(removed, 16).map_err(|_| bad())? & ((1u128 << CELLS) - 1);
        if let Some(kept) = kept {
            state.kept[cell] = parse_marks_field(kept)?;
        }
    }
    Ok(state)
}

/// The values read from a save file, before they are checked against each other.
#[derive(Default)]
struct SaveFields {
    puzzle: Option<Grid>,
    board: Option<Grid>,
    marks: Option<[u16; CELLS]>,
    removed: Option<[u128; CELLS]>,
    kept: Option<[u16; CELLS]>,
    elapsed_ms: u64,
    mistakes: u32,
    hints: u32,
    flagged: u128,
    counted: u128,
    limit: u32,
    cursor: usize,
    pencil: bool,
    auto_remove: bool,
    label: String,
    rating: String,
    /// `undo` and `redo` lines with their line numbers, read once the board is known.
    history: Vec<(bool, String, usize)>,
}

impl SaveFields {
    fn read(&mut self, key: &str, value: &str, line: usize) -> Result<(), String> {
        fn number<T: std::str::FromStr>(key: &str, value: &str) -> Result<T, String> {
            value
                .trim()
                .parse()
                .map_err(|_| format!("{key} is not a number: '{value}'"))
        }
        fn grid(key: &str, value: &str) -> Result<Grid, String> {
            value
                .trim()
                .parse()
                .map_err(|e| format!("{key} is not a grid: {e}"))
        }
        match key {
            "puzzle" => self.puzzle = Some(grid(key, value)?),
            "board" => self.board = Some(grid(key, value)?),
            "marks" => self.marks = Some(parse_marks(value)?),
            "removed" => self.removed = Some(parse_removed(value)?),
            "kept" => self.kept = Some(parse_kept(value)?),
            "elapsed_ms" => self.elapsed_ms = number(key, value)?,
            "mistakes" => self.mistakes = number(key, value)?,
            "hints" => self.hints = number(key, value)?,
            "flagged" => self.flagged = number(key, value)?,
            "counted" => self.counted = number(key, value)?,
            "limit" => self.limit = number(key, value)?,
            "cursor" => self.cursor = number(key, value)?,
            "pencil" => self.pencil = number::<u8>(key, value)? != 0,
            "auto_remove" => self.auto_remove = number::<u8>(key, value)? != 0,
            "label" => self.label = value.to_string(),
            "rating" => self.rating = value.to_string(),
            "undo" | "redo" => self.history.push((key == "undo", value.to_string(), line)),
            // Later versions may add keys; an older game ignores them.
            _ => {}
        }
        Ok(())
    }

    fn into_game(self, now: Instant) -> Result<Game, SaveError> {
        let end = |why: &str| SaveError::new(0, why.to_string());
        let puzzle = self.puzzle.ok_or_else(|| end("no puzzle line"))?;
        let board = self.board.unwrap_or(puzzle);
        if !board.agrees_with(&puzzle) {
            return Err(end("the board overwrites a given"));
        }
        let solution =
            sudoku_core::solve(&puzzle).ok_or_else(|| end("the puzzle has no solution"))?;
        if self.cursor >= CELLS {
            return Err(end("the cursor is outside the board"));
        }
        let all = (1u128 << CELLS) - 1;
        let mut game = Game::new(puzzle, solution, self.rating, self.label, now);
        game.board = board;
        game.marks = self.marks.unwrap_or([0; CELLS]);
        game.removed = self.removed.unwrap_or([0; CELLS]);
        game.kept = self.kept.unwrap_or([0; CELLS]);
        game.timer = Timer::running(Duration::from_millis(self.elapsed_ms), now);
        game.mistakes = self.mistakes;
        game.mistake_limit = self.limit;
        game.hints_used = self.hints;
        game.flagged = self.flagged & all;
        game.counted = self.counted & all;
        game.cursor = self.cursor;
        game.pencil = self.pencil;
        game.auto_remove = self.auto_remove;
        // Each history line is a difference from the line before it of the
        // same kind, the first from the current state; the file lists the
        // most recent state first, the stacks keep it last.
        let current = game.snapshot();
        let (mut undo_from, mut redo_from) = (current, current);
        for (is_undo, value, line) in &self.history {
            let from = if *is_undo {
                &mut undo_from
            } else {
                &mut redo_from
            };
            let state =
                apply_history_line(from, value).map_err(|why| SaveError::new(*line, why))?;
            if !state.board.agrees_with(&puzzle) {
                return Err(SaveError::new(
                    *line,
                    "the history overwrites a given".into(),
                ));
            }
            *from = state;
            if *is_undo {
                game.undo.push(state);
            } else {
                game.redo.push(state);
            }
        }
        game.undo.reverse();
        game.redo.reverse();
        Ok(game)
    }
}

fn parse_marks(value: &str) -> Result<[u16; CELLS], String> {
    let mut marks = [0u16; CELLS];
    let mut count = 0;
    for (i, field) in value.split_whitespace().enumerate() {
        if i >= CELLS {
            return Err("more than 81 pencil-mark fields".to_string());
        }
        marks[i] = parse_marks_field(field)?;
        count += 1;
    }
    if count != CELLS {
        return Err(format!("{count} pencil-mark fields, expected 81"));
    }
    Ok(marks)
}

fn parse_removed(value: &str) -> Result<[u128; CELLS], String> {
    let mut removed = [0u128; CELLS];
    for field in value.split_whitespace() {
        let bad = || format!("'{field}' is not CELL:PEERS");
        let (cell, set) = field.split_once(':').ok_or_else(bad)?;
        let cell: usize = cell.parse().ok().filter(|&c| c < CELLS).ok_or_else(bad)?;
        removed[cell] = u128::from_str_radix(set, 16).map_err(|_| bad())? & ((1u128 << CELLS) - 1);
    }
    Ok(removed)
}

fn parse_kept(value: &str) -> Result<[u16; CELLS], String> {
    let mut kept = [0u16; CELLS];
    for field in value.split_whitespace() {
        let bad = || format!("'{field}' is not CELL:MARKS");
        let (cell, marks) = field.split_once(':').ok_or_else(bad)?;
        let cell: usize = cell.parse().ok().filter(|&c| c < CELLS).ok_or_else(bad)?;
        kept[cell] = parse_marks_field(marks)?;
    }
    Ok(kept)
}

/// A save file that cannot be read back.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct SaveError {
    /// The 1-based line at fault, or 0 when the file as a whole is.
    pub line: usize,
    /// What is wrong.
    pub reason: String,
}

impl SaveError {
    fn new(line: usize, reason: String) -> SaveError {
        SaveError { line, reason }
    }
}

impl fmt::Display for SaveError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.line == 0 {
            write!(f, "bad save file: {}", self.reason)
        } else {
            write!(f, "bad save file, line {}: {}", self.line, self.reason)
        }
    }
}

impl std::error::Error for SaveError {}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::game::tests::{game, put};
    use crate::game::{Action, Outcome};

    #[test]
    fn save_round_trips() {
        let t0 = Instant::now();
        let mut g = game(t0);
        g.apply(Action::TogglePencil, t0);
        put(&mut g, 2, 4, t0);
        put(&mut g, 2, 1, t0);
        g.apply(Action::TogglePencil, t0);
        put(&mut g, 3, 9, t0);
        g.apply(Action::Check, t0);
        let text = g.to_save(t0 + Duration::from_millis(61_500));
        let back = Game::from_save(&text, t0).unwrap();
        assert_eq!(back.board(), g.board());
        assert_eq!(back.marks(2), (1 << 4) | (1 << 1));
        assert_eq!(back.elapsed(t0), Duration::from_millis(61_500));
        assert_eq!(back.mistakes(), g.mistakes());
        assert_eq!(back.is_flagged(3), g.is_flagged(3));
        assert_eq!(back.cursor(), 3);
        assert_eq!(back.rating(), "rated");
        assert_eq!(back.to_save(t0), text);
    }

    #[test]
    fn rejects_broken_saves_with_a_line_number() {
        let t0 = Instant::now();
        let text = game(t0).to_save(t0);
        assert!(Game::from_save("hello", t0).is_err());
        let bad = text.replace("elapsed_ms 0", "elapsed_ms soon");
        assert_eq!(Game::from_save(&bad, t0).unwrap_err().line, 5);
        let overwritten = text.replacen("board 5", "board 4", 1);
        assert!(Game::from_save(&overwritten, t0).is_err());
        let short = text.replace("marks - ", "marks ");
        assert!(Game::from_save(&short, t0).is_err());
    }

    #[test]
    fn undo_history_survives_a_save() {
        let t0 = Instant::now();
        let mut g = game(t0);
        let mut states = vec![g.clone()];
        g.apply(Action::FillMarks, t0);
        states.push(g.clone());
        put(&mut g, 2, 1, t0);
        states.push(g.clone());
        put(&mut g, 2, 4, t0);
        states.push(g.clone());
        g.apply(Action::TogglePencil, t0);
        put(&mut g, 40, 5, t0);
        states.push(g.clone());
        put(&mut g, 3, 6, t0);
        states.push(g.clone());
        // One undone step waits on the redo side.
        g.apply(Action::Undo, t0);
        let text = g.to_save(t0);
        let mut back = Game::from_save(&text, t0).unwrap();
        assert_eq!(back.to_save(t0), text);
        assert_eq!(back.apply(Action::Redo, t0), Outcome::Changed);
        assert_eq!(back.board(), states[5].board());
        back.apply(Action::Undo, t0);
        for expected in states[..5].iter().rev() {
            assert_eq!(back.board(), expected.board());
            for cell in 0..CELLS {
                assert_eq!(back.marks(cell), expected.marks(cell), "cell {cell}");
            }
            back.apply(Action::Undo, t0);
        }
        assert_eq!(back.apply(Action::Undo, t0), Outcome::Unchanged);
        // The marks a placement removed come back after a resume too.
        let mut g = game(t0);
        g.apply(Action::FillMarks, t0);
        let before: Vec<u16> = (0..CELLS).map(|c| g.marks(c)).collect();
        put(&mut g, 2, 1, t0);
        let mut back = Game::from_save(&g.to_save(t0), t0).unwrap();
        back.apply(Action::Clear, t0);
        assert!((0..CELLS)
            .filter(|&c| c != 2)
            .all(|c| back.marks(c) == before[c]));
    }

    #[test]
    fn rejects_a_history_line_that_overwrites_a_given() {
        let t0 = Instant::now();
        let mut g = game(t0);
        put(&mut g, 2, 4, t0);
        let text = g.to_save(t0);
        let bad = text.replace("undo 2 2:0:-:0", "undo 2 0:9:-:0");
        assert_ne!(bad, text);
        let err = Game::from_save(&bad, t0).unwrap_err();
        assert!(err.line > 0, "{err}");
        let garbled = text.replace("undo 2 2:0:-:0", "undo 2 2:x");
        assert!(Game::from_save(&garbled, t0).is_err());
    }
}
