//! # sudoku-play
//!
//! The terminal Sudoku game over sudoku-core, as a library so that its parts
//! are tested without a terminal:
//!
//! - [`game`]: the game state, driven by key events: board, pencil marks,
//!   undo and redo, mistakes, timer, hints, completion, the save format;
//! - [`source`]: where puzzles, ratings and hints come from;
//! - [`ui`]: drawing a game (and the menu) into a ratatui frame;
//! - [`save`]: where the save file lives on each platform;
//! - [`stats`]: games played and won, times and streaks per level;
//! - [`settings`]: the player's settings and their file;
//! - [`daily`]: the daily puzzle's date, level and seed.
//!
//! The `sudoku-play` binary wires these to a real terminal.
#![warn(missing_docs)]

pub mod daily;
pub mod game;
pub mod save;
pub mod settings;
pub mod source;
pub mod stats;
pub mod ui;
