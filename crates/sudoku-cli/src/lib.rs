//! The `sudoku` command's argument parsing, a library so that it can be
//! tested and fuzzed without running the binary: [`args::parse`] turns the
//! arguments into a [`args::Command`] or a usage error, and does no work.
//! The binary (`main.rs`) runs the command.

pub mod args;
pub mod puzzles_args;
pub mod rate_args;
