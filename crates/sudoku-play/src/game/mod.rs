//! The game itself, with no terminal in sight: the board, the player's digits
//! and pencil marks, undo and redo, mistakes, the timer, hints and completion.
//!
//! A [`Game`] changes only through [`Game::apply`] (or [`Game::handle_key`],
//! which maps a key to an [`Action`] first). Every method that needs the time
//! takes `now` as an argument instead of reading the clock, so tests can drive
//! the timer exactly.
//!
//! This file holds the state and its rules; the keys that drive it are in
//! `action.rs` and its save format in `save_format.rs`.

mod action;
mod save_format;

use std::time::{Duration, Instant};

use sudoku_core::{Grid, Unit, CELLS};

pub use action::Action;
pub use save_format::SaveError;

use crate::source;
use sudoku_core::hint::{Hint, HintKind};

/// What [`Game::apply`] did, so the caller knows whether to save or leave.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Outcome {
    /// Nothing changed.
    Unchanged,
    /// The game changed and should be saved.
    Changed,
    /// The player asked to leave.
    Quit,
    /// The player asked for the menu.
    Menu,
    /// The player asked to restart the puzzle (the caller confirms first).
    Restart,
    /// The player asked for the help screen.
    Help,
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

/// How much of a hint is on screen: players who only want a nudge stop at
/// the technique's name, or at where to look. The stages are sudoku-core's
/// ([`Hint::stages`]), the same as the web page's and `sudoku hint --words`.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum HintStage {
    /// Only the technique's name and difficulty.
    Technique,
    /// Where to look: the pattern's cells highlighted, without the result.
    Where,
    /// The whole step: every cell coloured by its part, and the sentence.
    Action,
}

/// A hint on screen, waiting for the next press of `?`.
#[derive(Debug, Clone, PartialEq)]
pub struct ShownHint {
    /// What to show and what applying it does.
    pub hint: Hint,
    /// How much is shown.
    pub stage: HintStage,
}

impl ShownHint {
    /// The title: the technique's name (its difficulty is in the first
    /// stage's text), or what is wrong.
    pub fn title(&self) -> String {
        match (self.hint.kind, self.hint.technique) {
            (_, Some(technique)) => technique.name().to_string(),
            (HintKind::WrongDigit, None) => "Wrong digit".to_string(),
            (HintKind::WrongMarks, None) => "Wrong pencil marks".to_string(),
            _ => "Reveal".to_string(),
        }
    }

    /// The text under the title at this stage: sudoku-core's stage text,
    /// and what the next press of `?` does.
    pub fn body(&self) -> String {
        let [what, place, step] = &self.hint.stages;
        match self.stage {
            HintStage::Technique => format!("{what} Press ? again to see where."),
            HintStage::Where => format!("{place} Press ? again for the step."),
            HintStage::Action => format!(
                "{step} Green: the pattern; magenta: loses a candidate; cyan: gets a \
                 digit; red: wrong. (? applies it)"
            ),
        }
    }

    /// The cells highlighted at this stage.
    pub fn highlighted(&self) -> Vec<usize> {
        match self.stage {
            HintStage::Technique => Vec::new(),
            HintStage::Where => self.hint.focus.clone(),
            HintStage::Action => self.hint.cells.iter().map(|c| c.cell).collect(),
        }
    }
}

/// The board, marks and cursor before a change, for undo and redo.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
struct Snapshot {
    board: Grid,
    marks: [u16; CELLS],
    /// For each player digit, the peers whose pencil mark of it the
    /// auto-removal took away (given back when the digit goes).
    removed: [u128; CELLS],
    /// For each player digit, the cell's own pencil marks when it was
    /// placed (given back when the digit goes).
    kept: [u16; CELLS],
    cursor: usize,
}

/// A game in progress.
#[derive(Debug, Clone)]
pub struct Game {
    puzzle: Grid,
    solution: Grid,
    board: Grid,
    marks: [u16; CELLS],
    removed: [u128; CELLS],
    kept: [u16; CELLS],
    cursor: usize,
    pencil: bool,
    auto_remove: bool,
    undo: Vec<Snapshot>,
    redo: Vec<Snapshot>,
    /// Wrong entries marked by the last check; a cell's mark goes when it changes.
    flagged: u128,
    /// Cells whose pencil marks lacked the answer at the last check.
    wrong_marks: u128,
    /// Cells whose current (wrong) digit has been counted as a mistake.
    counted: u128,
    mistakes: u32,
    /// The mistakes that end the game; 0 for no limit.
    mistake_limit: u32,
    hints_used: u32,
    timer: Timer,
    paused: bool,
    /// True while the terminal is too small to show the board: nothing moves.
    hidden: bool,
    hint: Option<ShownHint>,
    /// Which page of a long hint is shown (taken modulo the page count).
    page: usize,
    message: String,
    rating: String,
    label: String,
}

/// Bit for one cell in a 81-bit cell set.
fn bit(cell: usize) -> u128 {
    1u128 << cell
}

/// The 20 cells sharing a row, column or box with `cell`, as a cell set.
fn peer_set(cell: usize) -> u128 {
    let (r, c) = (cell / 9, cell % 9);
    let b = (r / 3 * 3 + c / 3) as u8;
    let units = [Unit::Row(r as u8), Unit::Column(c as u8), Unit::Box(b)];
    let mut set = 0u128;
    for unit in units {
        for other in unit.cells() {
            set |= bit(other);
        }
    }
    set & !bit(cell)
}

/// The cells of a cell set, in order.
fn members(set: u128) -> impl Iterator<Item = usize> {
    (0..CELLS).filter(move |&i| set & bit(i) != 0)
}

/// The 20 cells sharing a row, column or box with `cell`.
fn peers(cell: usize) -> impl Iterator<Item = usize> {
    members(peer_set(cell))
}

impl Game {
    /// A new game of `puzzle`, whose solution is `solution`, with the clock starting at `now`.
    ///
    /// `rating` is shown on the completion screen, `label` (a difficulty
    /// name, "daily …" or "custom") in the status line.
    pub fn new(puzzle: Grid, solution: Grid, rating: String, label: String, now: Instant) -> Game {
        Game {
            puzzle,
            solution,
            board: puzzle,
            marks: [0; CELLS],
            removed: [0; CELLS],
            kept: [0; CELLS],
            cursor: first_blank(&puzzle),
            pencil: false,
            auto_remove: true,
            undo: Vec::new(),
            redo: Vec::new(),
            flagged: 0,
            wrong_marks: 0,
            counted: 0,
            mistakes: 0,
            mistake_limit: 0,
            hints_used: 0,
            timer: Timer::running(Duration::ZERO, now),
            paused: false,
            hidden: false,
            hint: None,
            page: 0,
            message: String::new(),
            rating,
            label,
        }
    }

    /// Ends the game after `limit` mistakes (0: no limit). With a limit, each
    /// wrong digit counts as a mistake the moment it is entered, as in the
    /// phone apps, instead of waiting for a check.
    pub fn with_mistake_limit(mut self, limit: u32) -> Game {
        self.mistake_limit = limit;
        self
    }

    /// Starts with auto-removal of pencil marks on or off (the `m` key
    /// switches it during the game).
    pub fn with_auto_remove(mut self, on: bool) -> Game {
        self.auto_remove = on;
        self
    }

    /// The same puzzle on a fresh board, with the clock starting at `now`:
    /// no digits, marks, mistakes, hints or history; the mistake limit and
    /// auto-removal as they were. For a retry after running out of mistakes
    /// and for a restart.
    pub fn restarted(&self, now: Instant) -> Game {
        let mut game = Game::new(
            self.puzzle,
            self.solution,
            self.rating.clone(),
            self.label.clone(),
            now,
        )
        .with_mistake_limit(self.mistake_limit)
        .with_auto_remove(self.auto_remove);
        game.message = "The same puzzle on a fresh board".to_string();
        game
    }

    /// Changes the mistake limit of a game in progress, as `--mistake-limit`
    /// does when a saved game is resumed (0: no limit), and says so on the
    /// message line. A limit the game has already reached is not applied,
    /// since it would end the game before the player could make a move.
    /// Wrong digits entered before the change count when a check finds them.
    pub fn change_mistake_limit(&mut self, limit: u32) {
        if limit == self.mistake_limit || self.is_over() {
            return;
        }
        if limit != 0 && self.mistakes >= limit {
            let s = if self.mistakes == 1 { "" } else { "s" };
            self.message = format!(
                "Mistake limit {limit} not applied: this game already has {} mistake{s}",
                self.mistakes
            );
            return;
        }
        self.mistake_limit = limit;
        self.message = match limit {
            0 => "No mistake limit now (--mistake-limit 0)".to_string(),
            n => format!("Mistake limit now {n} (--mistake-limit)"),
        };
    }

    /// Does `action` at time `now`.
    pub fn apply(&mut self, action: Action, now: Instant) -> Outcome {
        if action == Action::Quit {
            return Outcome::Quit;
        }
        if action == Action::Menu {
            return Outcome::Menu;
        }
        // While the board cannot be seen, no key may change it, nor open
        // a screen the terminal is too small for.
        if self.hidden {
            return Outcome::Unchanged;
        }
        if action == Action::Help {
            return Outcome::Help;
        }
        if action == Action::Pause {
            return self.toggle_pause(now);
        }
        if self.paused || self.is_over() {
            return Outcome::Unchanged;
        }
        if action == Action::Restart {
            return Outcome::Restart;
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
            Action::FillMarks => return self.fill_marks(),
            Action::ClearMarks => return self.clear_marks(),
            Action::Undo => return self.travel(true),
            Action::Redo => return self.travel(false),
            Action::Hint => return self.hint(now),
            Action::NextPage => self.page = self.page.wrapping_add(1),
            Action::PrevPage => self.page = self.page.wrapping_sub(1),
            Action::Check => self.check(now),
            Action::Pause | Action::Quit | Action::Menu | Action::Help | Action::Restart => {
                unreachable!("handled above")
            }
        }
        Outcome::Changed
    }

    /// Hides the board (the terminal is too small) or shows it again. While
    /// hidden the clock stops and keys other than quit do nothing, so a
    /// player never loses time or digits to a board they cannot see.
    pub fn set_hidden(&mut self, hidden: bool, now: Instant) {
        if hidden == self.hidden {
            return;
        }
        self.hidden = hidden;
        if hidden {
            self.timer.stop(now);
        } else if !self.paused && !self.is_over() {
            self.timer.start(now);
        }
    }

    /// True while the terminal is too small to show the board.
    pub fn is_hidden(&self) -> bool {
        self.hidden
    }

    fn toggle_pause(&mut self, now: Instant) -> Outcome {
        if self.is_over() {
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
            removed: self.removed,
            kept: self.kept,
            cursor: self.cursor,
        }
    }

    fn restore(&mut self, state: Snapshot) {
        // A cell whose digit or marks change loses its check marks.
        for cell in 0..CELLS {
            if state.board.cells()[cell] != self.board.cells()[cell] {
                self.forget_cell(cell);
            }
            if state.marks[cell] != self.marks[cell] {
                self.wrong_marks &= !bit(cell);
            }
        }
        self.board = state.board;
        self.marks = state.marks;
        self.removed = state.removed;
        self.kept = state.kept;
        self.cursor = state.cursor;
    }

    /// A cell's digit changed: its check results no longer apply.
    fn forget_cell(&mut self, cell: usize) {
        self.flagged &= !bit(cell);
        self.counted &= !bit(cell);
        self.wrong_marks &= !bit(cell);
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
            self.wrong_marks &= !bit(cell);
            return Outcome::Changed;
        }
        if current == digit {
            return Outcome::Unchanged;
        }
        self.remember();
        self.place(cell, digit);
        self.count_mistakes(cell, now);
        self.after_placing(now);
        Outcome::Changed
    }

    /// Puts `digit` in `cell`, clearing its marks (kept to give back when
    /// the digit goes) and, if asked, the peers' marks of it.
    fn place(&mut self, cell: usize, digit: u8) {
        self.take_back(cell);
        let _ = self.board.set(cell / 9, cell % 9, digit);
        self.kept[cell] = std::mem::take(&mut self.marks[cell]);
        self.forget_cell(cell);
        if self.auto_remove {
            let mut removed = 0u128;
            for peer in peers(cell) {
                if self.marks[peer] & (1 << digit) != 0 {
                    self.marks[peer] &= !(1 << digit);
                    removed |= bit(peer);
                }
            }
            self.removed[cell] = removed;
        }
    }

    /// Empties `cell` (when it holds a player digit) and gives back the pencil
    /// marks its placement took: the cell's own, and the peers' that
    /// auto-removal took, where the digit is still possible: a wrong digit
    /// must not cost the player correct marks.
    fn take_back(&mut self, cell: usize) {
        let digit = self.board.cells()[cell];
        if digit == 0 || self.is_given(cell) {
            return;
        }
        let _ = self.board.set(cell / 9, cell % 9, 0);
        self.forget_cell(cell);
        // The cell's own marks come back as they were, less (with
        // auto-removal on) the digits a peer has been given since.
        let mut own = std::mem::take(&mut self.kept[cell]);
        if self.auto_remove {
            for peer in peers(cell) {
                own &= !(1 << self.board.cells()[peer]);
            }
        }
        self.marks[cell] = own;
        let removed = std::mem::take(&mut self.removed[cell]);
        for peer in members(removed) {
            let blocked = self.board.cells()[peer] != 0
                || peers(peer).any(|p| self.board.cells()[p] == digit);
            if !blocked && self.marks[peer] != 0 {
                self.marks[peer] |= 1 << digit;
            }
        }
    }

    /// Counts the mistakes a placement in `cell` reveals: every wrong player
    /// digit in a conflict it creates (a repeated digit is a visible mistake),
    /// and, with a mistake limit, the digit itself when it is wrong.
    fn count_mistakes(&mut self, cell: usize, now: Instant) {
        let digit = self.board.cells()[cell];
        let mut revealed = 0u128;
        let clashes: Vec<usize> = peers(cell)
            .filter(|&p| self.board.cells()[p] == digit)
            .collect();
        if !clashes.is_empty() {
            for c in clashes.into_iter().chain([cell]) {
                if !self.is_given(c) && self.board.cells()[c] != self.solution.cells()[c] {
                    revealed |= bit(c);
                }
            }
        }
        if self.mistake_limit > 0 && digit != self.solution.cells()[cell] {
            revealed |= bit(cell);
            self.flagged |= bit(cell);
        }
        let new = revealed & !self.counted;
        self.counted |= new;
        self.mistakes += new.count_ones();
        if self.is_lost() {
            self.timer.stop(now);
            self.hint = None;
            self.message = format!(
                "Out of mistakes ({} of {})",
                self.mistakes, self.mistake_limit
            );
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
            self.take_back(cell);
        } else if self.marks[cell] != 0 {
            self.remember();
            self.marks[cell] = 0;
            self.wrong_marks &= !bit(cell);
        } else {
            return Outcome::Unchanged;
        }
        Outcome::Changed
    }

    /// Every empty cell gets exactly its candidates: the digits no peer holds.
    fn fill_marks(&mut self) -> Outcome {
        let candidates = source::candidates(&self.board);
        if (0..CELLS).all(|c| self.board.cells()[c] != 0 || self.marks[c] == candidates[c]) {
            self.message = "Every candidate is already marked".to_string();
            return Outcome::Unchanged;
        }
        self.remember();
        for (cell, marks) in self.marks.iter_mut().enumerate() {
            if self.board.cells()[cell] == 0 {
                *marks = candidates[cell];
            }
        }
        self.wrong_marks = 0;
        self.message = "Filled in every candidate".to_string();
        Outcome::Changed
    }

    fn clear_marks(&mut self) -> Outcome {
        if self.marks.iter().all(|&m| m == 0) {
            self.message = "No pencil marks to clear".to_string();
            return Outcome::Unchanged;
        }
        self.remember();
        self.marks = [0; CELLS];
        self.wrong_marks = 0;
        self.message = "Cleared every pencil mark".to_string();
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
        self.restore(state);
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

    /// Empty cells whose pencil marks leave out the answer: a candidate was
    /// removed by mistake, and the player would never find the digit there.
    fn cells_missing_their_answer(&self) -> Vec<usize> {
        (0..CELLS)
            .filter(|&c| {
                self.board.cells()[c] == 0
                    && self.marks[c] != 0
                    && self.marks[c] & (1 << self.solution.cells()[c]) == 0
            })
            .collect()
    }

    fn check(&mut self, now: Instant) {
        let wrong = self.wrong_cells();
        let set = wrong.iter().fold(0u128, |s, &c| s | bit(c));
        let new = set & !self.counted;
        self.mistakes += new.count_ones();
        self.counted |= set;
        self.flagged = set;
        let missing = self.cells_missing_their_answer();
        self.wrong_marks = missing.iter().fold(0u128, |s, &c| s | bit(c));
        let digits = match wrong.len() {
            0 => "no wrong digits".to_string(),
            1 => "1 wrong digit".to_string(),
            n => format!("{n} wrong digits"),
        };
        self.message = match missing.as_slice() {
            [] if wrong.is_empty() => "No mistakes so far, pencil marks included".to_string(),
            [] => format!("{digits} marked; pencil marks fine"),
            [cell] => format!(
                "{digits}; the marks of {} leave out its answer",
                source::name(*cell)
            ),
            cells => format!(
                "{digits}; {} cells' marks leave out their answer",
                cells.len()
            ),
        };
        if let Some(first) = self.message.get(..1) {
            let upper = first.to_uppercase();
            self.message.replace_range(..1, &upper);
        }
        if self.is_lost() {
            self.timer.stop(now);
            self.message = format!(
                "Out of mistakes ({} of {})",
                self.mistakes, self.mistake_limit
            );
        }
    }

    fn hint(&mut self, now: Instant) -> Outcome {
        if let Some(shown) = &mut self.hint {
            let next = match shown.stage {
                HintStage::Technique => Some((HintStage::Where, "Press ? again to see the step")),
                HintStage::Where => Some((HintStage::Action, "Press ? again to apply the hint")),
                HintStage::Action => None,
            };
            if let Some((stage, message)) = next {
                shown.stage = stage;
                self.page = 0;
                self.message = message.to_string();
                return Outcome::Changed;
            }
        }
        if let Some(shown) = self.hint.take() {
            self.remember();
            let candidates = source::candidates(&self.board);
            for &cell in &shown.hint.clear {
                match shown.hint.kind {
                    HintKind::WrongDigit => self.take_back(cell),
                    HintKind::WrongMarks => self.marks[cell] = candidates[cell],
                    _ => {}
                }
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
        // sudoku-core's hint: wrong digits first, then wrong pencil marks,
        // then the next step from the player's own marks.
        let Some(hint) = sudoku_core::hint::hint(&self.board, &self.solution, &self.marks) else {
            return Outcome::Unchanged;
        };
        self.hints_used += 1;
        self.page = 0;
        self.message = "Press ? again to see where".to_string();
        self.hint = Some(ShownHint {
            hint,
            stage: HintStage::Technique,
        });
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

    /// How many more of `digit` the board needs (0 once all nine are placed,
    /// even when some of them are wrong).
    pub fn remaining(&self, digit: u8) -> usize {
        let placed = self.board.cells().iter().filter(|&&d| d == digit).count();
        9usize.saturating_sub(placed)
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

    /// Mistakes counted so far: wrong digits found by checks or shown by a
    /// conflict (with a limit, every wrong digit as it is entered).
    pub fn mistakes(&self) -> u32 {
        self.mistakes
    }

    /// The mistakes that end the game, 0 when there is no limit.
    pub fn mistake_limit(&self) -> u32 {
        self.mistake_limit
    }

    /// True once the mistake limit is reached: the game is over, unsolved.
    pub fn is_lost(&self) -> bool {
        self.mistake_limit > 0 && self.mistakes >= self.mistake_limit
    }

    /// True when the game is solved or lost: only leaving remains.
    pub fn is_over(&self) -> bool {
        self.is_solved() || self.is_lost()
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

    /// The candidates a shown hint lends to the cells it highlights that
    /// have neither a digit nor pencil marks (bit `d` for digit `d`; 0
    /// elsewhere), so that its pattern can be seen even where the player
    /// has pencilled nothing. They are drawn, never kept or saved.
    pub fn hint_candidates(&self) -> [u16; CELLS] {
        let mut lent = [0u16; CELLS];
        let Some(shown) = &self.hint else {
            return lent;
        };
        let cells = shown.highlighted();
        if cells.is_empty() {
            return lent;
        }
        let candidates = source::candidates(&self.board);
        for cell in cells {
            if self.board.cells()[cell] == 0 && self.marks[cell] == 0 {
                lent[cell] = candidates[cell];
            }
        }
        lent
    }

    /// Which page of a long hint to show; the drawing takes it modulo the pages.
    pub fn page(&self) -> usize {
        self.page
    }

    /// The last status message, possibly empty.
    pub fn message(&self) -> &str {
        &self.message
    }

    /// The puzzle's rating.
    pub fn rating(&self) -> &str {
        &self.rating
    }

    /// The difficulty name, "daily YYYY-MM-DD" or "custom".
    pub fn label(&self) -> &str {
        &self.label
    }

    /// True when the last check marked `cell` as wrong (and it has not changed since).
    pub fn is_flagged(&self, cell: usize) -> bool {
        self.flagged & bit(cell) != 0
    }

    /// True when the last check found that `cell`'s pencil marks leave out its answer.
    pub fn marks_flagged(&self, cell: usize) -> bool {
        self.wrong_marks & bit(cell) != 0
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
}

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
    //! The helpers are shared with the tests of `action.rs` and `save_format.rs`.
    use super::*;
    use ratatui::crossterm::event::{KeyCode, KeyEvent, KeyModifiers};

    const PUZZLE: &str =
        "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79";

    pub(super) fn game(now: Instant) -> Game {
        let puzzle: Grid = PUZZLE.parse().unwrap();
        let solution = sudoku_core::solve(&puzzle).unwrap();
        Game::new(puzzle, solution, "rated".into(), "custom".into(), now)
    }

    pub(super) fn key(code: KeyCode) -> KeyEvent {
        KeyEvent::new(code, KeyModifiers::NONE)
    }

    /// Moves the cursor to `cell` with a click and types `digit`.
    pub(super) fn put(g: &mut Game, cell: usize, digit: u8, now: Instant) -> Outcome {
        g.apply(Action::Select(cell), now);
        g.apply(Action::Digit(digit), now)
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
    fn hint_shows_technique_then_cells_then_applies() {
        let now = Instant::now();
        let mut g = game(now);
        let before = *g.board();
        g.apply(Action::Hint, now);
        let shown = g.shown_hint().unwrap().clone();
        assert_eq!(
            shown.stage,
            HintStage::Technique,
            "first only the technique"
        );
        assert_eq!(*g.board(), before, "showing a hint changes nothing");
        assert_eq!(g.hints_used(), 1);
        g.apply(Action::Hint, now);
        let second = g.shown_hint().unwrap().clone();
        assert_eq!(second.stage, HintStage::Where, "then where to look");
        assert_eq!(second.hint, shown.hint, "the same step");
        assert_eq!(second.highlighted(), shown.hint.focus);
        assert_eq!(*g.board(), before, "showing where changes nothing");
        g.apply(Action::Hint, now);
        let third = g.shown_hint().unwrap().clone();
        assert_eq!(third.stage, HintStage::Action, "then the step");
        assert_eq!(third.highlighted().len(), shown.hint.cells.len());
        assert_eq!(*g.board(), before, "showing the step changes nothing");
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
            g.apply(Action::Hint, now);
            g.apply(Action::Hint, now);
            if shown.eliminations.is_empty() {
                continue;
            }
            for &(cell, digit) in &shown.eliminations {
                assert_ne!(g.marks(cell), 0, "{}", shown.stages[2]);
                assert_eq!(g.marks(cell) & (1 << digit), 0, "{}", shown.stages[2]);
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
        assert_eq!(g.shown_hint().unwrap().hint.clear, vec![2]);
        for _ in 0..3 {
            g.apply(Action::Hint, now);
        }
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

    /// Candidates worked out here, independently of `source::candidates`:
    /// the digits that no cell in the same row, column or box holds.
    fn brute_candidates(board: &Grid, cell: usize) -> u16 {
        if board.cells()[cell] != 0 {
            return 0;
        }
        let (r, c) = (cell / 9, cell % 9);
        let mut m = 0u16;
        for d in 1..=9u8 {
            let seen = (0..CELLS).any(|o| {
                let (or, oc) = (o / 9, o % 9);
                let peer = or == r || oc == c || (or / 3 == r / 3 && oc / 3 == c / 3);
                peer && board.cells()[o] == d
            });
            if !seen {
                m |= 1 << d;
            }
        }
        m
    }

    #[test]
    fn fill_marks_gives_every_candidate_and_clear_marks_removes_them() {
        let now = Instant::now();
        let mut g = game(now);
        put(&mut g, 2, 4, now);
        assert_eq!(g.apply(Action::FillMarks, now), Outcome::Changed);
        for cell in 0..CELLS {
            assert_eq!(
                g.marks(cell),
                brute_candidates(g.board(), cell),
                "cell {cell}"
            );
        }
        assert_eq!(g.apply(Action::FillMarks, now), Outcome::Unchanged);
        // One undo step takes the whole fill back.
        g.apply(Action::Undo, now);
        assert!((0..CELLS).all(|c| g.marks(c) == 0));
        g.apply(Action::Redo, now);
        g.handle_key(key(KeyCode::Char('x')), now);
        assert!((0..CELLS).all(|c| g.marks(c) == 0));
        assert_eq!(g.board().cells()[2], 4, "clearing marks keeps digits");
    }

    #[test]
    fn check_reports_a_candidate_removed_wrongly() {
        let now = Instant::now();
        let mut g = game(now);
        g.apply(Action::FillMarks, now);
        let answer = g.solution().cells()[2];
        // Remove the answer from r1c3's marks, as a careless player would.
        g.apply(Action::TogglePencil, now);
        put(&mut g, 2, answer, now);
        g.apply(Action::Check, now);
        assert!(g.marks_flagged(2));
        assert_eq!(
            (0..CELLS).filter(|&c| g.marks_flagged(c)).count(),
            1,
            "a fill gives every other cell its answer"
        );
        assert!(g.message().contains("r1c3"), "{}", g.message());
        assert_eq!(g.mistakes(), 0, "marks are reported, not counted");
        put(&mut g, 2, answer, now);
        assert!(!g.marks_flagged(2), "changing the marks clears the report");
    }

    #[test]
    fn a_wrong_digit_gives_back_the_marks_it_removed() {
        let now = Instant::now();
        let mut g = game(now);
        g.apply(Action::FillMarks, now);
        let before: Vec<u16> = (0..CELLS).map(|c| g.marks(c)).collect();
        // r1c3's answer is 4; 1 is a candidate there but wrong.
        assert_eq!(g.solution().cells()[2], 4);
        assert_ne!(before[2] & (1 << 1), 0);
        put(&mut g, 2, 1, now);
        assert!(peers(2).any(|p| before[p] & (1 << 1) != 0 && g.marks(p) & (1 << 1) == 0));
        g.apply(Action::Clear, now);
        for (cell, &marks) in before.iter().enumerate() {
            if cell != 2 {
                assert_eq!(g.marks(cell), marks, "cell {cell}");
            }
        }
        // Replacing the wrong digit by the right one gives back the 1s too,
        // then takes away the 4s.
        put(&mut g, 2, 1, now);
        put(&mut g, 2, 4, now);
        for p in peers(2) {
            assert_eq!(g.marks(p), before[p] & !(1 << 4), "cell {p}");
        }
    }

    #[test]
    fn clearing_a_digit_gives_back_the_cells_own_marks() {
        let now = Instant::now();
        let mut g = game(now);
        // r1c3 (answer 4) pencilled 1 2 4, then a digit placed over the marks.
        g.apply(Action::TogglePencil, now);
        for d in [1, 2, 4] {
            put(&mut g, 2, d, now);
        }
        g.apply(Action::TogglePencil, now);
        let marks = (1 << 1) | (1 << 2) | (1 << 4);
        assert_eq!(g.marks(2), marks);
        put(&mut g, 2, 1, now);
        assert_eq!(g.marks(2), 0, "a digit hides the marks");
        g.apply(Action::Clear, now);
        assert_eq!(g.marks(2), marks, "clearing the digit gives them back");
        // Replacing one digit by another and clearing keeps the first marks.
        put(&mut g, 2, 1, now);
        put(&mut g, 2, 2, now);
        g.apply(Action::Clear, now);
        assert_eq!(g.marks(2), marks);
        // A digit placed in a peer meanwhile is not given back as a mark.
        put(&mut g, 2, 4, now);
        put(&mut g, 3, 2, now); // r1c4, a peer
        g.apply(Action::Select(2), now);
        g.apply(Action::Clear, now);
        assert_eq!(g.marks(2), (1 << 1) | (1 << 4));
        // And after a resume.
        put(&mut g, 2, 4, now);
        let mut back = Game::from_save(&g.to_save(now), now).unwrap();
        back.apply(Action::Clear, now);
        assert_eq!(back.marks(2), (1 << 1) | (1 << 4));
        back.apply(Action::Undo, now);
        back.apply(Action::Undo, now);
        assert_eq!(back.board().cells()[2], 0);
        back.apply(Action::Undo, now);
        // The 4 placed before the resume, over the marks 1 2 4.
        assert_eq!(back.board().cells()[2], 4, "the history keeps them too");
        back.apply(Action::Clear, now);
        assert_eq!(back.marks(2), (1 << 1) | (1 << 4));
    }

    #[test]
    fn a_conflicting_wrong_digit_counts_as_a_mistake_once() {
        let now = Instant::now();
        let mut g = game(now);
        // r1c3 = 5 repeats the given 5 at r1c1: a visible mistake.
        put(&mut g, 2, 5, now);
        assert_eq!(g.mistakes(), 1);
        g.apply(Action::Check, now);
        assert_eq!(g.mistakes(), 1, "the check does not count it again");
        // A right digit that clashes with a wrong one counts the wrong one only.
        g.apply(Action::Clear, now);
        let right = g.solution().cells()[3]; // r1c4
        let wrong_cell = (0..CELLS)
            .find(|&c| c % 9 == 3 && c != 3 && brute_candidates(g.board(), c) & (1 << right) != 0)
            .unwrap();
        assert_eq!(g.mistakes(), 1);
        put(&mut g, wrong_cell, right, now); // wrong there: `right` belongs in r1c4
        assert_eq!(g.mistakes(), 1, "no conflict yet, so no mistake seen");
        put(&mut g, 3, right, now);
        assert!(g.in_conflict(3));
        assert_eq!(g.mistakes(), 2, "the wrong one of the pair counts");
    }

    #[test]
    fn mistake_limit_ends_the_game() {
        let now = Instant::now();
        let mut g = game(now).with_mistake_limit(2);
        let wrong =
            |g: &Game, cell: usize| (1..=9).find(|&d| d != g.solution().cells()[cell]).unwrap();
        let w = wrong(&g, 2);
        put(&mut g, 2, w, now);
        assert_eq!(
            g.mistakes(),
            1,
            "with a limit, a wrong digit counts at once"
        );
        assert!(g.is_flagged(2));
        assert!(!g.is_lost());
        let w = wrong(&g, 3);
        put(&mut g, 3, w, now + Duration::from_secs(5));
        assert!(g.is_lost() && g.is_over());
        assert!(g.message().contains("Out of mistakes"), "{}", g.message());
        assert_eq!(
            put(&mut g, 5, 1, now),
            Outcome::Unchanged,
            "the game is over"
        );
        assert_eq!(
            g.elapsed(now + Duration::from_secs(60)),
            Duration::from_secs(5)
        );
        // Without a limit a wrong digit waits for a check.
        let mut free = game(now);
        let w = wrong(&free, 2);
        if !peers(2).any(|p| free.board().cells()[p] == w) {
            put(&mut free, 2, w, now);
            assert_eq!(free.mistakes(), 0);
        }
    }

    #[test]
    fn a_lost_game_restarts_as_the_same_puzzle_on_a_fresh_board() {
        let now = Instant::now();
        let mut g = game(now).with_mistake_limit(1).with_auto_remove(false);
        put(&mut g, 2, 9, now);
        g.apply(Action::FillMarks, now);
        let wrong = (1..=9).find(|&d| d != g.solution().cells()[3]).unwrap();
        put(&mut g, 3, wrong, now + Duration::from_secs(30));
        assert!(g.is_lost());
        // r does nothing on a game that is over: the caller offers the retry.
        assert_eq!(g.apply(Action::Restart, now), Outcome::Unchanged);
        let later = now + Duration::from_secs(100);
        let mut again = g.restarted(later);
        assert_eq!(again.puzzle(), g.puzzle());
        assert_eq!(again.board(), g.puzzle(), "a fresh board: givens only");
        assert!((0..CELLS).all(|c| again.marks(c) == 0));
        assert_eq!((again.mistakes(), again.hints_used()), (0, 0));
        assert!(!again.is_over());
        assert_eq!(again.mistake_limit(), 1, "the limit stays");
        assert!(!again.auto_remove(), "auto-removal stays");
        assert_eq!(again.label(), g.label());
        assert_eq!(
            again.elapsed(later + Duration::from_secs(4)),
            Duration::from_secs(4)
        );
        assert_eq!(
            again.apply(Action::Undo, later),
            Outcome::Unchanged,
            "no history"
        );
        // In play, r asks the caller to restart, and changes nothing itself.
        let before = again.board().to_line();
        let right = again.solution().cells()[2];
        put(&mut again, 2, right, later);
        assert_eq!(again.apply(Action::Restart, later), Outcome::Restart);
        assert_ne!(again.board().to_line(), before);
        assert_eq!(again.apply(Action::Help, later), Outcome::Help);
    }

    #[test]
    fn a_resumed_game_takes_a_new_mistake_limit_unless_already_reached() {
        let now = Instant::now();
        let mut g = game(now);
        let w = (1..=9).find(|&d| d != g.solution().cells()[2]).unwrap();
        put(&mut g, 2, w, now);
        g.apply(Action::Check, now);
        assert_eq!(g.mistakes(), 1);
        let mut back = Game::from_save(&g.to_save(now), now).unwrap();
        back.change_mistake_limit(3);
        assert_eq!(back.mistake_limit(), 3);
        assert!(back.message().contains("Mistake limit now 3"));
        // The limit holds from now on: two more wrong digits end the game.
        for cell in [3, 5] {
            let w = (1..=9)
                .find(|&d| d != back.solution().cells()[cell])
                .unwrap();
            put(&mut back, cell, w, now);
        }
        assert!(back.is_lost());
        // A limit already reached is refused, with the reason.
        let mut back = Game::from_save(&g.to_save(now), now).unwrap();
        back.change_mistake_limit(1);
        assert_eq!(back.mistake_limit(), 0);
        assert!(!back.is_over());
        assert!(
            back.message().contains("already has 1 mistake"),
            "{}",
            back.message()
        );
        // 0 lifts a limit.
        let mut limited = game(now).with_mistake_limit(2);
        limited.change_mistake_limit(0);
        assert_eq!(limited.mistake_limit(), 0);
    }

    #[test]
    fn a_hidden_board_ignores_keys_and_stops_the_clock() {
        let t0 = Instant::now();
        let s = Duration::from_secs;
        let mut g = game(t0);
        g.set_hidden(true, t0 + s(3));
        assert_eq!(put(&mut g, 2, 4, t0 + s(4)), Outcome::Unchanged);
        assert_eq!(g.apply(Action::Pause, t0 + s(4)), Outcome::Unchanged);
        assert_eq!(g.apply(Action::Help, t0 + s(4)), Outcome::Unchanged);
        assert_eq!(g.apply(Action::Restart, t0 + s(4)), Outcome::Unchanged);
        assert_eq!(g.board(), g.puzzle());
        assert_eq!(g.elapsed(t0 + s(30)), s(3));
        assert_eq!(g.apply(Action::Quit, t0 + s(30)), Outcome::Quit);
        g.set_hidden(false, t0 + s(30));
        assert_eq!(g.elapsed(t0 + s(32)), s(5));
        assert_eq!(put(&mut g, 2, 4, t0 + s(32)), Outcome::Changed);
    }

    #[test]
    fn remaining_counts_each_digit() {
        let now = Instant::now();
        let mut g = game(now);
        for d in 1..=9u8 {
            let placed = g.board().cells().iter().filter(|&&x| x == d).count();
            assert_eq!(g.remaining(d), 9 - placed);
        }
        let fives = g.remaining(5);
        put(&mut g, 2, 5, now);
        assert_eq!(g.remaining(5), fives - 1);
    }
}
