//! The `sudoku` command's own machinery, kept out of the `sudoku-core`
//! library: argument parsing ([`args::parse`] turns the arguments into a
//! [`args::Command`] or a usage error, and does no work; a library so that it
//! can be tested and fuzzed without running the binary), replacing the output
//! file atomically ([`output`]) and timing the solver ([`bench`](mod@bench)).
//! The binary (`src/main.rs`) runs the commands.

mod arg_values;
pub mod args;
pub mod bench;
pub mod canon_args;
pub mod output;
pub mod print_args;
pub mod puzzles_args;
pub mod rate_args;
