//! The player's input: each [`Action`] a player can take and the key bound
//! to it ([`Action::from_key`], [`Game::handle_key`]). It lives apart from
//! the game's state so that the state knows nothing of keys: the mouse (in
//! `main.rs`) and the tests drive the game with actions too.

use std::time::Instant;

use ratatui::crossterm::event::{KeyCode, KeyEvent, KeyModifiers};

use super::{Game, Outcome};

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
    /// Give every empty cell all its candidates as pencil marks.
    FillMarks,
    /// Remove every pencil mark.
    ClearMarks,
    /// Undo the last change to the board or the pencil marks.
    Undo,
    /// Redo the last undone change.
    Redo,
    /// Hints come in stages: the technique, then its cells, then applying it.
    Hint,
    /// Show the next page of a hint too long for the panel.
    NextPage,
    /// Show the previous page of a long hint.
    PrevPage,
    /// Mark every wrong entry (counting new ones as mistakes) and every cell
    /// whose pencil marks lack its answer.
    Check,
    /// Pause or resume; the board is hidden while paused.
    Pause,
    /// Leave the game (the caller saves it).
    Quit,
    /// Back to the menu (the caller saves the game, which the menu can resume).
    Menu,
    /// Start the puzzle again on a fresh board (the caller asks first).
    Restart,
    /// Show the help screen (every key).
    Help,
}

impl Action {
    /// The action bound to `key`, if any.
    ///
    /// Arrows, hjkl and WASD move; 1-9 enter; 0, Backspace and Delete clear;
    /// `n` pencil mode, `m` auto-removal of marks, `f` fill and `x` clear all
    /// marks, `u` undo, Ctrl-R redo, `?` hint, PgDn/PgUp or `]`/`[` page
    /// through a long hint, `c` check, `p` pause, `r` restart, F1 or `i`
    /// help, Esc the menu, `q` and Ctrl-C quit.
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
            KeyCode::Esc => Action::Menu,
            KeyCode::PageDown => Action::NextPage,
            KeyCode::PageUp => Action::PrevPage,
            KeyCode::F(1) => Action::Help,
            KeyCode::Char('0') => Action::Clear,
            KeyCode::Char(c @ '1'..='9') => Action::Digit(c as u8 - b'0'),
            KeyCode::Char('?') => Action::Hint,
            KeyCode::Char(']') => Action::NextPage,
            KeyCode::Char('[') => Action::PrevPage,
            KeyCode::Char(c) => match c.to_ascii_lowercase() {
                'k' | 'w' => Action::Up,
                'j' | 's' => Action::Down,
                'h' | 'a' => Action::Left,
                'l' | 'd' => Action::Right,
                'n' => Action::TogglePencil,
                'm' => Action::ToggleAutoRemove,
                'f' => Action::FillMarks,
                'x' => Action::ClearMarks,
                'u' => Action::Undo,
                'c' => Action::Check,
                'p' => Action::Pause,
                'r' => Action::Restart,
                'i' => Action::Help,
                'q' => Action::Quit,
                _ => return None,
            },
            _ => return None,
        })
    }
}

impl Game {
    /// Maps `key` to an action and applies it; keys with no action change nothing.
    pub fn handle_key(&mut self, key: KeyEvent, now: Instant) -> Outcome {
        match Action::from_key(key) {
            Some(action) => self.apply(action, now),
            None => Outcome::Unchanged,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::game::tests::key;

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
        assert_eq!(Action::from_key(key(KeyCode::Esc)), Some(Action::Menu));
        assert_eq!(Action::from_key(key(KeyCode::Char('z'))), None);
    }

    #[test]
    fn new_keys_map_to_actions() {
        assert_eq!(
            Action::from_key(key(KeyCode::Char('f'))),
            Some(Action::FillMarks)
        );
        assert_eq!(
            Action::from_key(key(KeyCode::Char('x'))),
            Some(Action::ClearMarks)
        );
        assert_eq!(
            Action::from_key(key(KeyCode::PageDown)),
            Some(Action::NextPage)
        );
        assert_eq!(
            Action::from_key(key(KeyCode::Char('['))),
            Some(Action::PrevPage)
        );
        assert_eq!(
            Action::from_key(key(KeyCode::Char('r'))),
            Some(Action::Restart)
        );
        assert_eq!(Action::from_key(key(KeyCode::F(1))), Some(Action::Help));
        assert_eq!(
            Action::from_key(key(KeyCode::Char('i'))),
            Some(Action::Help)
        );
    }
}
