//! The `sudoku` command's own machinery, kept out of the `sudoku-core`
//! library: replacing the output file atomically ([`output`]) and timing the
//! solver ([`bench`](mod@bench)). The binary (`src/main.rs`) and this crate's tests use it.

pub mod bench;
pub mod output;
