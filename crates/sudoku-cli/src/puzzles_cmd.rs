//! Running puzzle generation: [`run`] hands the parsed request
//! ([`PuzzlesArgs`]) to `sudoku_core::puzzle` and writes the puzzles.

use std::time::Instant;

use sudoku_core::format::{push_assignment, push_line};
use sudoku_core::puzzle::{Feasibility, Generated, Generator, PuzzleError, RunError};

use crate::{with_output, write_failure, Failure, Progress};
use sudoku_cli::puzzles_args::{PuzzleFormat, PuzzlesArgs};

/// Generates and writes the puzzles.
pub fn run(args: &PuzzlesArgs) -> Result<(), Failure> {
    let options = args.generator_options();
    match options.feasibility() {
        Err(e) => return Err(Failure::Input(e.to_string())),
        Ok(Feasibility::VerySlow(why)) => {
            let hint = if args.time_limit.is_none() {
                " (--time-limit SECS bounds the run)"
            } else {
                ""
            };
            tell!("sudoku: warning: {why}{hint}");
        }
        Ok(Feasibility::Fine) => {}
    }
    let generator = Generator::new(options).map_err(|e| Failure::Input(e.to_string()))?;
    let threads = sudoku_core::batch::resolve_threads(args.threads);
    let deadline = args.time_limit.map(|limit| Instant::now() + limit);
    let mut progress = Progress::new();
    let total = args.count;
    let summary = with_output(&args.output, |out| {
        let mut bytes = Vec::with_capacity(4096);
        let mut written = 0usize;
        let result = generator.run(args.count, threads, deadline, |g: &Generated| {
            bytes.clear();
            format_puzzle(&mut bytes, g, args, written == 0);
            written += 1;
            out.write_all(&bytes)?;
            progress.update(written as u64, &format!("of {total} puzzles"));
            Ok(())
        });
        progress.finish();
        match result {
            // Nothing made in time: an empty file must not replace the old one.
            Ok(summary) if summary.timed_out && summary.generated == 0 => {
                tell!(
                    "sudoku: the time limit was reached before any puzzle was made; \
                     a file output was left as it was"
                );
                Err(Failure::Partial)
            }
            Ok(summary) => Ok(summary),
            Err(RunError::Sink(e)) => Err(write_failure(&args.output, &e)),
            Err(RunError::Generate(e @ PuzzleError::Exhausted)) => {
                tell!("sudoku: {e}; a file output was left as it was");
                Err(Failure::Partial)
            }
            Err(RunError::Generate(e)) => Err(Failure::Input(e.to_string())),
        }
    })?;
    if summary.timed_out {
        tell!(
            "sudoku: the time limit was reached after {} of {} puzzles; those were written",
            summary.generated,
            args.count
        );
        return Err(Failure::Partial);
    }
    Ok(())
}

/// Appends one puzzle (and its solution, when asked) in the chosen format.
fn format_puzzle(out: &mut Vec<u8>, g: &Generated, args: &PuzzlesArgs, first: bool) {
    match args.format {
        PuzzleFormat::Grid => {
            push_assignment(out, &g.puzzle, first);
            if args.with_solutions {
                push_assignment(out, &g.solution, false);
            }
        }
        PuzzleFormat::Line => {
            push_line(out, &g.puzzle);
            if args.with_solutions {
                // The reader ignores what follows the first 81 cells of a
                // line, so `sudoku -s` still reads the puzzle.
                out.pop();
                out.push(b' ');
                push_line(out, &g.solution);
            }
        }
    }
}
