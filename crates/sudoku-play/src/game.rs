//! The game itself, with no terminal in sight: the board, the player's digits
//! and pencil marks, undo and redo, mistakes, the timer, hints and completion.
//!
//! A [`Game`] changes only through [`Game::apply`] (or [`Game::handle_key`],
//! which maps a key to an [`Action`] first). Every method that needs the time
//! takes `now` as an argument instead of reading the clock, so tests can drive
//! the timer exactly.

use std::fmt;
use std::time::{Duration, Instant};

use ratatui::crossterm::event::{KeyCode, KeyEvent, KeyModifiers};
use sudoku_core::{Grid, Unit, CELLS};

use crate::source::{self, Hint};

/// One thing the player can do.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Action {
    /// Move the cursor up one row (wrapping).
    Up,
    /// Move the cursor down one row (wrapping).
    Down,
    /// Move the cursor left one column (wrapping).
    Left,
    /// Move the cursor right one column (wrapping).
    Right,
    /// Put the cursor on a cell (row-major index), as a mouse click does.
    Select(usize),
    /// Enter a digit `1..=9`, or toggle it as a pencil mark in pencil mode.
    Digit(u8),
    /// Clear the cursor cell's digit, or its pencil marks when it has no digit.
    Clear,
    /// Switch between entering digits and entering pencil marks.
    TogglePencil,
    /// Switch whether placing a digit removes it from its peers' pencil marks.
    ToggleAutoRemove,
    /// Undo the last change to the board or the pencil marks.
    Undo,
    /// Redo the last undone change.
    Redo,
    /// Show a hint; when one is shown, apply it.
    Hint,
    /// Mark every wrong entry, counting new ones as mistakes.
    Check,
    /// Pause or resume; the board is hidden while paused.
    Pause,
    /// Leave the game (the caller saves it).
    Quit,
}

impl Action {
    /// The action bound to `key`, if any.
    ///
    /// Arrows, hjkl and WASD move; 1-9 enter; 0, Backspace and Delete clear;
    /// `n` pencil mode, `m` auto-removal of marks, `u` undo, Ctrl-R redo,
    /// `?` hint, `c` check, `p` pause, `q` and Ctrl-C quit.
    pub fn from_key(key: KeyEvent) -> Option<Action> {
        if key.modifiers.contains(KeyModifiers::CONTROL) {
            return match key.code {
                KeyCode::Char('c') | KeyCode::Char('C') => Some(Action::Quit),
                KeyCode::Char('r') | KeyCode::Char('R') => Some(Action::Redo),
                _ => None,
            };
        }
        Some(match key.code {
            KeyCode::Up => Action::Up,
            KeyCode::Down => Action::Down,
            KeyCode::Left => Action::Left,
            KeyCode::Right => Action::Right,
            KeyCode::Backspace | KeyCode::Delete => Action::Clear,
            KeyCode::Char('0') => Action::Clear,
            KeyCode::Char(c @ '1'..='9') => Action::Digit(c as u8 - b'0'),
            KeyCode::Char('?') => Action::Hint,
            KeyCode::Char(c) => match c.to_ascii_lowercase() {
                'k' | 'w' => Action::Up,
                'j' | 's' => Action::Down,
                'h' | 'a' => Action::Left,
                'l' | 'd' => Action::Right,
                'n' => Action::TogglePencil,
                'm' => Action::ToggleAutoRemove,
                'u' => Action::Undo,
                'c' => Action::Check,
                'p' => Action::Pause,
                'q' => Action::Quit,
                _ => return None,
            },
            _ => return None,
        })
    }
}

/// What [`Game::apply`] did, so the caller knows whether to save or leave.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Outcome {
    /// Nothing changed.
    Unchanged,
    /// The game changed and should be saved.
    Changed,
    /// The player asked to leave.
    Quit,
}

/// Play time that can be paused.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Timer {
    banked: Duration,
    since: Option<Instant>,
}

impl Timer {
    /// A running timer that already shows `banked`.
    pub fn running(banked: Duration, now: Instant) -> Timer {
        Timer {
            banked,
            since: Some(now),
        }
    }

    /// The time played up to `now`.
    pub fn elapsed(&self, now: Instant) -> Duration {
        self.banked
            + self
                .since
                .map_or(Duration::ZERO, |s| now.saturating_duration_since(s))
    }

    /// True while the timer counts.
    pub fn is_running(&self) -> bool {
        self.since.is_some()
    }

    /// Stops counting, keeping the time so far.
    pub fn stop(&mut self, now: Instant) {
        self.banked = self.elapsed(now);
        self.since = None;
    }

    /// Starts counting again from `now`.
    pub fn start(&mut self, now: Instant) {
        if self.since.is_none() {
            self.since = Some(now);
        }
    }
}

/// A hint on screen, waiting for a second press to be applied.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ShownHint {
    /// What to show and what applying it does.
    pub hint: Hint,
    /// Cells that applying it clears (for the "wrong digit" hint).
    pub clears: Vec<usize>,
}

/// The board and marks before a change, for undo and redo.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
struct Snapshot {
    board: Grid,
    marks: [u16; CELLS],
    cursor: usize,
}

/// A game in progress.
#[derive(Debug, Clone)]
pub struct Game {
    puzzle: Grid,
    solution: Grid,
    board: Grid,
    marks: [u16; CELLS],
    cursor: usize,
    pencil: bool,
    auto_remove: bool,
    undo: Vec<Snapshot>,
    redo: Vec<Snapshot>,
    /// Wrong entries marked by the last check; a cell's mark goes when it changes.
    flagged: u128,
    mistakes: u32,
    hints_used: u32,
    timer: Timer,
    paused: bool,
    hint: Option<ShownHint>,
    message: String,
    rating: String,
    label: String,
}

/// Bit for one cell in a 81-bit cell set.
fn bit(cell: usize) -> u128 {
    1u128 << cell
}

/// The 20 cells sharing a row, column or box with `cell`.
fn peers(cell: usize) -> impl Iterator<Item = usize> {
    let (r, c) = (cell / 9, cell % 9);
    let b = (r / 3 * 3 + c / 3) as u8;
    let units = [Unit::Row(r as u8), Unit::Column(c as u8), Unit::Box(b)];
    let mut set = 0u128;
    for unit in units {
        for other in unit.cells() {
            set |= bit(other);
        }
    }
    set &= !bit(cell);
    (0..CELLS).filter(move |&i| set & bit(i) != 0)
}

impl Game {
    /// A new game of `puzzle`, whose solution is `solution`, with the clock starting at `now`.
    ///
    /// `rating` is shown on the completion screen, `label` (a difficulty
    /// name, or "custom") in the status line.
    pub fn new(puzzle: Grid, solution: Grid, rating: String, label: String, now: Instant) -> Game {
        Game {
            puzzle,
            solution,
            board: puzzle,
            marks: [0; CELLS],
            cursor: first_blank(&puzzle),
            pencil: false,
            auto_remove: true,
            undo: Vec::new(),
            redo: Vec::new(),
            flagged: 0,
            mistakes: 0,
            hints_used: 0,
            timer: Timer::running(Duration::ZERO, now),
            paused: false,
            hint: None,
            message: String::new(),
            rating,
            label,
        }
    }

    /// Maps `key` to an action and applies it; keys with no action change nothing.
    pub fn handle_key(&mut self, key: KeyEvent, now: Instant) -> Outcome {
        match Action::from_key(key) {
            Some(action) => self.apply(action, now),
            None => Outcome::Unchanged,
        }
    }

    /// Does `action` at time `now`.
    pub fn apply(&mut self, action: Action, now: Instant) -> Outcome {
        if action == Action::Quit {
            return Outcome::Quit;
        }
        if action == Action::Pause {
            return self.toggle_pause(now);
        }
        if self.paused || self.is_solved() {
            return Outcome::Unchanged;
        }
        self.message.clear();
        let (r, c) = (self.cursor / 9, self.cursor % 9);
        match action {
            Action::Up => self.cursor = (r + 8) % 9 * 9 + c,
            Action::Down => self.cursor = (r + 1) % 9 * 9 + c,
            Action::Left => self.cursor = r * 9 + (c + 8) % 9,
            Action::Right => self.cursor = r * 9 + (c + 1) % 9,
            Action::Select(cell) if cell < CELLS => self.cursor = cell,
            Action::Select(_) => return Outcome::Unchanged,
            Action::Digit(digit) => return self.enter(digit, now),
            Action::Clear => return self.clear(),
            Action::TogglePencil => {
                self.pencil = !self.pencil;
                self.message = format!("Pencil marks {}", on_off(self.pencil));
            }
            Action::ToggleAutoRemove => {
                self.auto_remove = !self.auto_remove;
                self.message = format!("Auto-removal of pencil marks {}", on_off(self.auto_remove));
            }
            Action::Undo => return self.travel(true),
            Action::Redo => return self.travel(false),
            Action::Hint => return self.hint(now),
            Action::Check => self.check(),
            Action::Pause | Action::Quit => unreachable!("handled above"),
        }
        Outcome::Changed
    }

    fn toggle_pause(&mut self, now: Instant) -> Outcome {
        if self.is_solved() {
            return Outcome::Unchanged;
        }
        self.paused = !self.paused;
        if self.paused {
            self.timer.stop(now);
        } else {
            self.timer.start(now);
        }
        Outcome::Changed
    }

    /// Records the state before a change; a new change forgets what was undone.
    fn remember(&mut self) {
        self.undo.push(self.snapshot());
        self.redo.clear();
        // The board is about to change, so a shown hint may no longer hold.
        self.hint = None;
    }

    fn snapshot(&self) -> Snapshot {
        Snapshot {
            board: self.board,
            marks: self.marks,
            cursor: self.cursor,
        }
    }

    fn enter(&mut self, digit: u8, now: Instant) -> Outcome {
        let cell = self.cursor;
        if self.is_given(cell) {
            self.message = format!("{} is a given", source::name(cell));
            return Outcome::Unchanged;
        }
        let current = self.board.cells()[cell];
        if self.pencil {
            if current != 0 {
                self.message = "Clear the digit before adding pencil marks".to_string();
                return Outcome::Unchanged;
            }
            self.remember();
            self.marks[cell] ^= 1 << digit;
            return Outcome::Changed;
        }
        if current == digit {
            return Outcome::Unchanged;
        }
        self.remember();
        self.place(cell, digit);
        self.after_placing(now);
        Outcome::Changed
    }

    /// Puts `digit` in `cell`, clearing its marks and, if asked, the peers' marks of it.
    fn place(&mut self, cell: usize, digit: u8) {
        let _ = self.board.set(cell / 9, cell % 9, digit);
        self.marks[cell] = 0;
        self.flagged &= !bit(cell);
        if self.auto_remove {
            for peer in peers(cell) {
                self.marks[peer] &= !(1 << digit);
            }
        }
    }

    fn after_placing(&mut self, now: Instant) {
        if self.is_solved() {
            self.timer.stop(now);
            self.hint = None;
            self.message = "Solved!".to_string();
        }
    }

    fn clear(&mut self) -> Outcome {
        let cell = self.cursor;
        if self.is_given(cell) {
            self.message = format!("{} is a given", source::name(cell));
            return Outcome::Unchanged;
        }
        if self.board.cells()[cell] != 0 {
            self.remember();
            let _ = self.board.set(cell / 9, cell % 9, 0);
            self.flagged &= !bit(cell);
        } else if self.marks[cell] != 0 {
            self.remember();
            self.marks[cell] = 0;
        } else {
            return Outcome::Unchanged;
        }
        Outcome::Changed
    }

    /// Undo (`back`) or redo.
    fn travel(&mut self, back: bool) -> Outcome {
        let (from, word) = if back {
            (&mut self.undo, "undo")
        } else {
            (&mut self.redo, "redo")
        };
        let Some(state) = from.pop() else {
            self.message = format!("Nothing to {word}");
            return Outcome::Unchanged;
        };
        let current = self.snapshot();
        if back {
            self.redo.push(current);
        } else {
            self.undo.push(current);
        }
        // A cell whose digit changes loses its "wrong" mark.
        for cell in 0..CELLS {
            if state.board.cells()[cell] != self.board.cells()[cell] {
                self.flagged &= !bit(cell);
            }
        }
        self.board = state.board;
        self.marks = state.marks;
        self.cursor = state.cursor;
        self.hint = None;
        Outcome::Changed
    }

    /// Player digits that differ from the solution.
    fn wrong_cells(&self) -> Vec<usize> {
        (0..CELLS)
            .filter(|&c| {
                let d = self.board.cells()[c];
                d != 0 && d != self.solution.cells()[c]
            })
            .collect()
    }

    fn check(&mut self) {
        let wrong = self.wrong_cells();
        let set = wrong.iter().fold(0u128, |s, &c| s | bit(c));
        let new = (set & !self.flagged).count_ones();
        self.mistakes += new;
        self.flagged = set;
        self.message = match wrong.len() {
            0 => "No mistakes so far".to_string(),
            1 => "1 wrong entry marked".to_string(),
            n => format!("{n} wrong entries marked"),
        };
    }

    fn hint(&mut self, now: Instant) -> Outcome {
        if let Some(shown) = self.hint.take() {
            self.remember();
            for &cell in &shown.clears {
                let _ = self.board.set(cell / 9, cell % 9, 0);
                self.flagged &= !bit(cell);
            }
            for &(cell, digit) in &shown.hint.placements {
                if !self.is_given(cell) {
                    self.place(cell, digit);
                }
            }
            // An elimination is only visible in a cell with pencil marks, so a
            // cell without any first gets all its candidates.
            let candidates = source::candidates(&self.board);
            for &(cell, digit) in &shown.hint.eliminations {
                if self.marks[cell] == 0 {
                    self.marks[cell] = candidates[cell];
                }
                self.marks[cell] &= !(1 << digit);
            }
            self.after_placing(now);
            return Outcome::Changed;
        }
        // A logical step from a position with a wrong digit in it would lead
        // astray, so the first hint in that case points at the wrong digits.
        let wrong = self.wrong_cells();
        let shown = if !wrong.is_empty() {
            let names: Vec<String> = wrong.iter().map(|&c| source::name(c)).collect();
            ShownHint {
                hint: Hint {
                    technique: "Wrong digit".to_string(),
                    text: format!(
                        "Wrong digit: {} does not match the solution => clear it",
                        names.join(", ")
                    ),
                    cells: wrong.clone(),
                    placements: Vec::new(),
                    eliminations: Vec::new(),
                },
                clears: wrong,
            }
        } else {
            match source::hint(&self.board, &self.solution, &self.marks) {
                Some(hint) => ShownHint {
                    hint,
                    clears: Vec::new(),
                },
                None => return Outcome::Unchanged,
            }
        };
        self.hints_used += 1;
        self.message = "Press ? again to apply the hint".to_string();
        self.hint = Some(shown);
        Outcome::Changed
    }

    /// The givens.
    pub fn puzzle(&self) -> &Grid {
        &self.puzzle
    }

    /// The solution the check and hints compare against.
    pub fn solution(&self) -> &Grid {
        &self.solution
    }

    /// Givens plus the player's digits.
    pub fn board(&self) -> &Grid {
        &self.board
    }

    /// The pencil marks of `cell`, as a bit set (bit `d` for digit `d`).
    pub fn marks(&self, cell: usize) -> u16 {
        self.marks[cell]
    }

    /// True when `cell` is one of the puzzle's givens.
    pub fn is_given(&self, cell: usize) -> bool {
        self.puzzle.cells()[cell] != 0
    }

    /// The cursor's cell (row-major index).
    pub fn cursor(&self) -> usize {
        self.cursor
    }

    /// True in pencil-mark mode.
    pub fn pencil(&self) -> bool {
        self.pencil
    }

    /// True when placing a digit removes it from its peers' pencil marks.
    pub fn auto_remove(&self) -> bool {
        self.auto_remove
    }

    /// Play time up to `now`, pauses excluded.
    pub fn elapsed(&self, now: Instant) -> Duration {
        self.timer.elapsed(now)
    }

    /// Wrong entries counted by checks so far.
    pub fn mistakes(&self) -> u32 {
        self.mistakes
    }

    /// Hints shown so far.
    pub fn hints_used(&self) -> u32 {
        self.hints_used
    }

    /// True while paused.
    pub fn is_paused(&self) -> bool {
        self.paused
    }

    /// True once every cell is filled and no unit repeats a digit.
    pub fn is_solved(&self) -> bool {
        self.board.is_solved()
    }

    /// The hint on screen, if any.
    pub fn shown_hint(&self) -> Option<&ShownHint> {
        self.hint.as_ref()
    }

    /// The last status message, possibly empty.
    pub fn message(&self) -> &str {
        &self.message
    }

    /// The puzzle's rating.
    pub fn rating(&self) -> &str {
        &self.rating
    }

    /// The difficulty name or "custom".
    pub fn label(&self) -> &str {
        &self.label
    }

    /// True when the last check marked `cell` as wrong (and it has not changed since).
    pub fn is_flagged(&self, cell: usize) -> bool {
        self.flagged & bit(cell) != 0
    }

    /// The cells whose digit repeats in one of their units, as an 81-bit set.
    pub fn conflicts(&self) -> u128 {
        let cells = self.board.cells();
        let mut out = 0u128;
        for unit in Unit::all() {
            let members = unit.cells();
            for (i, &a) in members.iter().enumerate() {
                for &b in &members[i + 1..] {
                    if cells[a] != 0 && cells[a] == cells[b] {
                        out |= bit(a) | bit(b);
                    }
                }
            }
        }
        out
    }

    /// True when `cell` holds a digit that repeats in one of its units.
    pub fn in_conflict(&self, cell: usize) -> bool {
        self.conflicts() & bit(cell) != 0
    }

    /// The save file's text: a few `key value` lines, see [`Game::from_save`].
    pub fn to_save(&self, now: Instant) -> String {
        let marks: Vec<String> = self
            .marks
            .iter()
            .map(|&m| {
                if m == 0 {
                    "-".to_string()
                } else {
                    (1..=9u8)
                        .filter(|d| m & (1 << d) != 0)
                        .map(|d| (b'0' + d) as char)
                        .collect()
                }
            })
            .collect();
        format!(
            "{SAVE_HEADER}\npuzzle {}\nboard {}\nmarks {}\nelapsed_ms {}\nmistakes {}\nhints {}\n\
             flagged {}\ncursor {}\npencil {}\nauto_remove {}\nlabel {}\nrating {}\n",
            self.puzzle.to_line(),
            self.board.to_line(),
            marks.join(" "),
            self.elapsed(now).as_millis(),
            self.mistakes,
            self.hints_used,
            self.flagged,
            self.cursor,
            u8::from(self.pencil),
            u8::from(self.auto_remove),
            self.label,
            self.rating,
        )
    }

    /// Rebuilds a game from [`Game::to_save`]'s text; the clock resumes at `now`.
    ///
    /// The solution is not stored: it is solved again, which also proves the
    /// file's puzzle is a real one. Undo history is not kept across sessions.
    pub fn from_save(text: &str, now: Instant) -> Result<Game, SaveError> {
        let mut lines = text.lines().enumerate();
        match lines.next() {
            Some((_, line)) if line.trim_end() == SAVE_HEADER => {}
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
                .read(key, value)
                .map_err(|why| SaveError::new(number, why))?;
        }
        fields.into_game(now)
    }
}

const SAVE_HEADER: &str = "sudoku-play save 1";

/// The values read from a save file, before they are checked against each other.
#[derive(Default)]
struct SaveFields {
    puzzle: Option<Grid>,
    board: Option<Grid>,
    marks: Option<[u16; CELLS]>,
    elapsed_ms: u64,
    mistakes: u32,
    hints: u32,
    flagged: u128,
    cursor: usize,
    pencil: bool,
    auto_remove: bool,
    label: String,
    rating: String,
}

impl SaveFields {
    fn read(&mut self, key: &str, value: &str) -> Result<(), String> {
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
            "elapsed_ms" => self.elapsed_ms = number(key, value)?,
            "mistakes" => self.mistakes = number(key, value)?,
            "hints" => self.hints = number(key, value)?,
            "flagged" => self.flagged = number(key, value)?,
            "cursor" => self.cursor = number(key, value)?,
            "pencil" => self.pencil = number::<u8>(key, value)? != 0,
            "auto_remove" => self.auto_remove = number::<u8>(key, value)? != 0,
            "label" => self.label = value.to_string(),
            "rating" => self.rating = value.to_string(),
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
        let mut game = Game::new(puzzle, solution, self.rating, self.label, now);
        game.board = board;
        game.marks = self.marks.unwrap_or([0; CELLS]);
        game.timer = Timer::running(Duration::from_millis(self.elapsed_ms), now);
        game.mistakes = self.mistakes;
        game.hints_used = self.hints;
        game.flagged = self.flagged & ((1u128 << CELLS) - 1);
        game.cursor = self.cursor;
        game.pencil = self.pencil;
        game.auto_remove = self.auto_remove;
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
        if field != "-" {
            for ch in field.chars() {
                match ch {
                    '1'..='9' => marks[i] |= 1 << (ch as u8 - b'0'),
                    _ => return Err(format!("'{ch}' is not a pencil mark")),
                }
            }
        }
        count += 1;
    }
    if count != CELLS {
        return Err(format!("{count} pencil-mark fields, expected 81"));
    }
    Ok(marks)
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

fn on_off(on: bool) -> &'static str {
    if on {
        "on"
    } else {
        "off"
    }
}

fn first_blank(grid: &Grid) -> usize {
    grid.cells().iter().position(|&d| d == 0).unwrap_or(0)
}

/// `m:ss`, or `h:mm:ss` from an hour on.
pub fn clock(elapsed: Duration) -> String {
    let s = elapsed.as_secs();
    if s >= 3600 {
        format!("{}:{:02}:{:02}", s / 3600, s / 60 % 60, s % 60)
    } else {
        format!("{}:{:02}", s / 60, s % 60)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const PUZZLE: &str =
        "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79";

    fn game(now: Instant) -> Game {
        let puzzle: Grid = PUZZLE.parse().unwrap();
        let solution = sudoku_core::solve(&puzzle).unwrap();
        Game::new(puzzle, solution, "rated".into(), "custom".into(), now)
    }

    fn key(code: KeyCode) -> KeyEvent {
        KeyEvent::new(code, KeyModifiers::NONE)
    }

    /// Moves the cursor to `cell` with a click and types `digit`.
    fn put(g: &mut Game, cell: usize, digit: u8, now: Instant) -> Outcome {
        g.apply(Action::Select(cell), now);
        g.apply(Action::Digit(digit), now)
    }

    #[test]
    fn keys_map_to_actions() {
        assert_eq!(Action::from_key(key(KeyCode::Char('k'))), Some(Action::Up));
        assert_eq!(
            Action::from_key(key(KeyCode::Char('D'))),
            Some(Action::Right)
        );
        assert_eq!(Action::from_key(key(KeyCode::Left)), Some(Action::Left));
        assert_eq!(
            Action::from_key(key(KeyCode::Char('7'))),
            Some(Action::Digit(7))
        );
        assert_eq!(
            Action::from_key(key(KeyCode::Char('0'))),
            Some(Action::Clear)
        );
        assert_eq!(Action::from_key(key(KeyCode::Delete)), Some(Action::Clear));
        let ctrl = |c| KeyEvent::new(KeyCode::Char(c), KeyModifiers::CONTROL);
        assert_eq!(Action::from_key(ctrl('r')), Some(Action::Redo));
        assert_eq!(Action::from_key(ctrl('c')), Some(Action::Quit));
        assert_eq!(Action::from_key(key(KeyCode::Char('z'))), None);
    }

    #[test]
    fn cursor_moves_and_wraps() {
        let now = Instant::now();
        let mut g = game(now);
        g.apply(Action::Select(0), now);
        g.handle_key(key(KeyCode::Up), now);
        assert_eq!(g.cursor(), 72);
        g.handle_key(key(KeyCode::Char('h')), now);
        assert_eq!(g.cursor(), 80);
        g.handle_key(key(KeyCode::Char('s')), now);
        assert_eq!(g.cursor(), 8);
    }

    #[test]
    fn givens_cannot_be_changed() {
        let now = Instant::now();
        let mut g = game(now);
        assert_eq!(put(&mut g, 0, 9, now), Outcome::Unchanged);
        assert_eq!(g.board().cells()[0], 5);
        assert!(g.message().contains("given"));
    }

    #[test]
    fn undo_and_redo_walk_the_whole_history() {
        let now = Instant::now();
        let mut g = game(now);
        let start = *g.board();
        put(&mut g, 2, 4, now);
        put(&mut g, 3, 6, now);
        put(&mut g, 2, 1, now);
        let end = *g.board();
        for _ in 0..3 {
            assert_eq!(g.apply(Action::Undo, now), Outcome::Changed);
        }
        assert_eq!(*g.board(), start);
        assert_eq!(g.apply(Action::Undo, now), Outcome::Unchanged);
        for _ in 0..3 {
            g.handle_key(
                KeyEvent::new(KeyCode::Char('r'), KeyModifiers::CONTROL),
                now,
            );
        }
        assert_eq!(*g.board(), end);
        // A new change after an undo forgets the redo branch.
        g.apply(Action::Undo, now);
        put(&mut g, 5, 8, now);
        assert_eq!(g.apply(Action::Redo, now), Outcome::Unchanged);
    }

    #[test]
    fn pencil_marks_toggle_and_are_removed_from_peers() {
        let now = Instant::now();
        let mut g = game(now);
        g.apply(Action::TogglePencil, now);
        put(&mut g, 2, 4, now);
        put(&mut g, 2, 2, now);
        put(&mut g, 72, 4, now); // r9c1, not a peer of r1c3
        assert_eq!(g.marks(2), (1 << 4) | (1 << 2));
        put(&mut g, 2, 2, now);
        assert_eq!(g.marks(2), 1 << 4);
        g.apply(Action::TogglePencil, now);
        // 4 in r1c4 removes the mark 4 from its peer r1c3, not from r9c1.
        put(&mut g, 3, 4, now);
        assert_eq!(g.marks(2), 0);
        assert_eq!(g.marks(72), 1 << 4);
        // Undo brings the mark back.
        g.apply(Action::Undo, now);
        assert_eq!(g.marks(2), 1 << 4);
    }

    #[test]
    fn marks_stay_on_peers_when_auto_removal_is_off() {
        let now = Instant::now();
        let mut g = game(now);
        g.apply(Action::ToggleAutoRemove, now);
        g.apply(Action::TogglePencil, now);
        put(&mut g, 2, 4, now);
        g.apply(Action::TogglePencil, now);
        put(&mut g, 3, 4, now);
        assert_eq!(g.marks(2), 1 << 4);
    }

    #[test]
    fn conflicts_show_both_cells() {
        let now = Instant::now();
        let mut g = game(now);
        // r1c3 = 5 repeats the given 5 at r1c1.
        put(&mut g, 2, 5, now);
        assert!(g.in_conflict(2));
        assert!(g.in_conflict(0));
        assert!(!g.in_conflict(1));
        g.apply(Action::Clear, now);
        assert_eq!(g.conflicts(), 0);
    }

    #[test]
    fn check_counts_each_wrong_entry_once() {
        let now = Instant::now();
        let mut g = game(now);
        let sol = *g.solution();
        let right = sol.cells()[2];
        let wrong = if right == 1 { 2 } else { 1 };
        put(&mut g, 2, wrong, now);
        put(&mut g, 3, sol.cells()[3], now);
        g.apply(Action::Check, now);
        assert_eq!(g.mistakes(), 1);
        assert!(g.is_flagged(2));
        assert!(!g.is_flagged(3));
        g.apply(Action::Check, now);
        assert_eq!(g.mistakes(), 1, "the same entry is not counted twice");
        put(&mut g, 2, right, now);
        assert!(!g.is_flagged(2));
        g.apply(Action::Check, now);
        assert_eq!(g.mistakes(), 1);
    }

    #[test]
    fn timer_stops_while_paused_and_actions_wait() {
        let t0 = Instant::now();
        let mut g = game(t0);
        let s = Duration::from_secs;
        g.apply(Action::Pause, t0 + s(10));
        assert!(g.is_paused());
        assert_eq!(put(&mut g, 2, 4, t0 + s(20)), Outcome::Unchanged);
        assert_eq!(g.elapsed(t0 + s(100)), s(10));
        g.apply(Action::Pause, t0 + s(100));
        assert_eq!(g.elapsed(t0 + s(105)), s(15));
        assert_eq!(clock(s(3725)), "1:02:05");
        assert_eq!(clock(s(65)), "1:05");
    }

    #[test]
    fn hint_shows_first_and_applies_second() {
        let now = Instant::now();
        let mut g = game(now);
        let before = *g.board();
        g.apply(Action::Hint, now);
        let shown = g.shown_hint().unwrap().clone();
        assert_eq!(*g.board(), before, "showing a hint changes nothing");
        assert_eq!(g.hints_used(), 1);
        g.apply(Action::Hint, now);
        assert!(g.shown_hint().is_none());
        for (cell, digit) in shown.hint.placements {
            assert_eq!(g.board().cells()[cell], digit);
            assert_eq!(g.solution().cells()[cell], digit);
        }
        assert_eq!(g.hints_used(), 1);
    }

    #[test]
    fn elimination_hints_show_in_pencil_marks_and_are_not_repeated() {
        let now = Instant::now();
        let made = source::generate(source::Difficulty::Hard, 11);
        let mut g = Game::new(made.puzzle, made.solution, made.rating, "hard".into(), now);
        for _ in 0..200 {
            g.apply(Action::Hint, now);
            let shown = g.shown_hint().expect("a hint until solved").hint.clone();
            g.apply(Action::Hint, now);
            if shown.eliminations.is_empty() {
                continue;
            }
            for &(cell, digit) in &shown.eliminations {
                assert_ne!(g.marks(cell), 0, "{}", shown.text);
                assert_eq!(g.marks(cell) & (1 << digit), 0, "{}", shown.text);
            }
            g.apply(Action::Hint, now);
            assert_ne!(g.shown_hint().unwrap().hint, shown, "the same hint again");
            return;
        }
        panic!("a hard puzzle needed no elimination");
    }

    #[test]
    fn hint_points_at_wrong_digits_first() {
        let now = Instant::now();
        let mut g = game(now);
        let right = g.solution().cells()[2];
        put(&mut g, 2, if right == 1 { 2 } else { 1 }, now);
        g.apply(Action::Hint, now);
        assert_eq!(g.shown_hint().unwrap().hint.cells, vec![2]);
        g.apply(Action::Hint, now);
        assert_eq!(g.board().cells()[2], 0);
    }

    #[test]
    fn filling_the_solution_completes_and_stops_the_clock() {
        let t0 = Instant::now();
        let mut g = game(t0);
        let sol = *g.solution();
        for cell in 0..CELLS {
            if !g.is_given(cell) {
                put(&mut g, cell, sol.cells()[cell], t0 + Duration::from_secs(1));
            }
        }
        assert!(g.is_solved());
        assert_eq!(
            g.elapsed(t0 + Duration::from_secs(50)),
            Duration::from_secs(1)
        );
        assert_eq!(
            g.apply(Action::Undo, t0),
            Outcome::Unchanged,
            "a solved game is final"
        );
        assert_eq!(g.apply(Action::Quit, t0), Outcome::Quit);
    }

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
}
