//! `sudoku canon`: each puzzle's canonical form (`sudoku_core::transform`),
//! one 81-character line per puzzle in input order, so that equivalent
//! puzzles (relabelled, rows or columns reordered, transposed) print the same
//! line and a collection can be deduplicated with `sort -u`.
//!
//! Uses every core (or `-j N` threads) through `sudoku_core::batch::map_ordered`.

use sudoku_core::batch;
use sudoku_core::format::{PuzzleReader, ReadError};
use sudoku_core::transform::canonical;
use sudoku_core::PuzzleRecord;

use crate::{open_input, read_failure, with_output, write_failure, Failure, Progress};
use sudoku_cli::canon_args::CanonCommand;

/// Puzzles per chunk handed to a worker: a canonical form takes milliseconds,
/// so chunks are small enough to keep every core busy on short files.
const CANON_CHUNK: usize = 16;

/// Writes the canonical form of every puzzle of the input, in input order.
pub fn run(command: &CanonCommand) -> Result<(), Failure> {
    let CanonCommand {
        input,
        output,
        threads,
    } = command;
    let source = open_input(input)?;
    let mut progress = Progress::new(output);
    let mut done = 0u64;
    with_output(output, |out| {
        let work = |chunk: Vec<Result<PuzzleRecord, ReadError>>, _start: usize| {
            let mut text = Vec::with_capacity(chunk.len() * 82);
            for item in chunk {
                match item {
                    Ok(p) => {
                        text.extend_from_slice(canonical(&p.grid).to_line().as_bytes());
                        text.push(b'\n');
                    }
                    Err(e) => return (text, Some(e)),
                }
            }
            (text, None)
        };
        let result = batch::map_ordered(
            PuzzleReader::new(source),
            *threads,
            CANON_CHUNK,
            work,
            |(text, error): (Vec<u8>, Option<ReadError>)| {
                out.write_all(&text)
                    .map_err(|e| write_failure(output, &e))?;
                done += (text.len() / 82) as u64;
                progress.update(done, "puzzles");
                match error {
                    Some(e) => Err(read_failure(input, e)),
                    None => Ok(()),
                }
            },
        );
        progress.finish();
        result
    })
}
