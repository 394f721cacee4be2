//! Sudoku in the browser: sudoku-core compiled to WebAssembly.
//!
//! The page (`www/`) loads the `.wasm` this crate builds and calls it
//! through a handful of raw exports (the `exports` module, on wasm32 only), each a
//! text in and a JSON text out over one shared byte buffer. The JavaScript
//! side is `www/engine.js`, about a hundred lines, with no generated glue:
//! no `wasm-bindgen` and so no `wasm-bindgen-cli`, whose version must match
//! the crate's and which takes minutes to compile. The price is that every
//! call passes text, which costs microseconds against the milliseconds a
//! rating or a new puzzle takes.
//!
//! The work is done by [`api`], plain Rust functions from text to JSON that
//! the native tests call too; the exports only move bytes. The page shows
//! what sudoku-core says: ratings, the daily puzzle and hints are the
//! library's ([`sudoku_core::rate`], [`sudoku_core::daily`],
//! [`sudoku_core::hint`]), so the page, the terminal game and the CLI agree.
#![warn(missing_docs)]

pub mod api;
#[cfg(target_arch = "wasm32")]
pub mod exports;
mod json;
