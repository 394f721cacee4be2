//! `sudoku rate`, `sudoku explain` and `sudoku hint`: argument parsing and
//! output for the human-style solver in `sudoku_core::rate`.
//!
//! `rate` uses every core (or `-j N` threads) through
//! `sudoku_core::batch::map_ordered`, in input order; `explain` and `hint`
//! work on one puzzle on the calling thread.

use std::ffi::OsString;
use std::fmt::Write as _;

use lexopt::prelude::*;
use sudoku_core::batch;
use sudoku_core::format::{parse_one, PuzzleReader, ReadError};
use sudoku_core::rate::{self, Candidates};
use sudoku_core::{Grid, Puzzle};

use crate::args::{bounded, once, usage, Input, Output, UsageError, MAX_THREADS};
use crate::{open_input, read_failure, with_output, write_failure, Failure, Progress};

/// Puzzles per chunk handed to a worker: rating takes longer than solving,
/// so chunks are smaller than `batch::SOLVE_CHUNK` to keep both cores busy.
const RATE_CHUNK: usize = 128;

/// A parsed `rate`, `explain` or `hint` command.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum RateCommand {
    /// `rate [PATH|-] [--csv] [-j N]`.
    Rate {
        input: Input,
        csv: bool,
        threads: usize,
    },
    /// `explain PUZZLE [--grid]`.
    Explain { puzzle: OsString, grid: bool },
    /// `hint PUZZLE`.
    Hint { puzzle: OsString },
    /// `rate --techniques`: the techniques, their names and scores.
    Techniques,
}

/// Parses the arguments after `rate`, `explain` or `hint` (named by `name`).
pub fn parse(name: &str, args: Vec<OsString>) -> Result<RateCommand, UsageError> {
    let mut parser = lexopt::Parser::from_args(args);
    let (mut target, mut csv, mut grid, mut threads) = (None, false, false, None);
    let mut techniques = false;
    while let Some(arg) = parser.next()? {
        match arg {
            Long("techniques") if name == "rate" => techniques = true,
            Long("csv") if name == "rate" => csv = true,
            Short('j') | Long("threads") if name == "rate" => once(
                &mut threads,
                bounded(parser.value()?, "-j", 1, MAX_THREADS)?,
                "-j",
            )?,
            Long("grid") if name == "explain" => grid = true,
            Value(v) => once(&mut target, v, "the puzzle")?,
            _ => return Err(arg.unexpected().into()),
        }
    }
    if techniques {
        if target.is_some() || csv || threads.is_some() {
            return usage("rate --techniques takes no puzzles and no other option");
        }
        return Ok(RateCommand::Techniques);
    }
    match name {
        "rate" => Ok(RateCommand::Rate {
            input: target.map_or(Input::Stdin, |t| {
                if t == "-" {
                    Input::Stdin
                } else {
                    Input::File(t.into())
                }
            }),
            csv,
            threads: threads.unwrap_or(0),
        }),
        _ => {
            let puzzle = target.ok_or_else(|| {
                UsageError(format!(
                    "{name} needs a puzzle: 81 characters, or a file holding one"
                ))
            })?;
            Ok(if name == "explain" {
                RateCommand::Explain { puzzle, grid }
            } else {
                RateCommand::Hint { puzzle }
            })
        }
    }
}

/// Runs a parsed command.
pub fn run(command: RateCommand) -> Result<(), Failure> {
    match command {
        RateCommand::Rate {
            input,
            csv,
            threads,
        } => rate_file(&input, csv, threads),
        RateCommand::Explain { puzzle, grid } => explain(&puzzle, grid),
        RateCommand::Hint { puzzle } => hint(&puzzle),
        RateCommand::Techniques => list_techniques(),
    }
}

/// One line per technique, in the order the rater tries them: the name
/// `--technique` takes, the score a puzzle gets when it is the hardest step,
/// the level of that score, and the name `explain` prints.
fn list_techniques() -> Result<(), Failure> {
    let mut text = String::new();
    for technique in rate::Technique::ALL {
        let weight = technique.weight();
        let _ = writeln!(
            text,
            "{:<24} {weight:>4.1}  {:<8} {technique}",
            technique.slug(),
            rate::Level::of_score(weight).name()
        );
    }
    let stdout = Output::Stdout;
    with_output(&stdout, |out| {
        out.write_all(text.as_bytes())
            .map_err(|e| write_failure(&stdout, &e))
    })
}

/// One puzzle's output line, or the note that it could not be rated.
struct Rated {
    text: String,
    unrated: Option<usize>,
}

fn rate_one(puzzle: &Puzzle, number: usize, csv: bool) -> Rated {
    let rating = rate::rate(&puzzle.grid);
    let mut text = String::new();
    // Writing to a String cannot fail.
    let _ = match (&rating, csv) {
        (Some(r), false) => writeln!(text, "{:.1} {} {}", r.score, r.level, r.hardest),
        (None, false) => writeln!(text, "- unrated -"),
        (Some(r), true) => writeln!(
            text,
            "{number},{},{:.1},{},{},{}",
            puzzle.line, r.score, r.level, r.hardest, r.steps
        ),
        (None, true) => writeln!(text, "{number},{},,unrated,,", puzzle.line),
    };
    Rated {
        text,
        unrated: rating.is_none().then_some(puzzle.line),
    }
}

fn rate_file(input: &Input, csv: bool, threads: usize) -> Result<(), Failure> {
    // 0 means the default: every core.
    let threads = batch::resolve_threads(threads);
    let source = open_input(input)?;
    let stdout = Output::Stdout;
    let mut progress = Progress::new();
    let (mut done, mut unrated) = (0u64, 0u64);
    with_output(&stdout, |out| {
        if csv {
            out.write_all(b"number,line,score,level,hardest,steps\n")
                .map_err(|e| write_failure(&stdout, &e))?;
        }
        let work = |chunk: Vec<Result<Puzzle, ReadError>>, start: usize| {
            let mut rated = Vec::with_capacity(chunk.len());
            for (i, item) in chunk.into_iter().enumerate() {
                match item {
                    Ok(p) => rated.push(rate_one(&p, start + i + 1, csv)),
                    Err(e) => return (rated, Some(e)),
                }
            }
            (rated, None)
        };
        let result = batch::map_ordered(
            PuzzleReader::new(source),
            threads,
            RATE_CHUNK,
            work,
            |(rated, error): (Vec<Rated>, Option<ReadError>)| {
                for r in rated {
                    done += 1;
                    if let Some(line) = r.unrated {
                        unrated += 1;
                        tell!(
                            "sudoku: {}:{line}: puzzle {done} has no unique solution; not rated",
                            input.name()
                        );
                    }
                    out.write_all(r.text.as_bytes())
                        .map_err(|e| write_failure(&stdout, &e))?;
                }
                progress.update(done, "puzzles rated");
                match error {
                    Some(e) => Err(read_failure(input, e)),
                    None => Ok(()),
                }
            },
        );
        progress.finish();
        result
    })?;
    if unrated > 0 {
        tell!("sudoku: {unrated} of {done} puzzles had no unique solution");
        return Err(Failure::Partial);
    }
    Ok(())
}

/// Reads the puzzle argument: 81 characters given inline, `-` for standard
/// input, or the name of a file holding one puzzle.
fn read_puzzle(arg: &OsString) -> Result<Grid, Failure> {
    let text = arg.to_string_lossy();
    let inline = text.trim();
    if inline.len() == 81 && !std::path::Path::new(arg).is_file() {
        return parse_one(inline.as_bytes())
            .map_err(|e| Failure::Input(format!("puzzle: {}", e.kind)));
    }
    let input = if text == "-" {
        Input::Stdin
    } else {
        Input::File(arg.into())
    };
    let mut bytes = Vec::new();
    open_input(&input)?
        .read_to_end(&mut bytes)
        .map_err(|e| Failure::Input(format!("cannot read {}: {e}", input.name())))?;
    parse_one(&bytes)
        .map_err(|e| Failure::Input(format!("{}:{}: {}", input.name(), e.line, e.kind)))
}

fn explain(arg: &OsString, grid: bool) -> Result<(), Failure> {
    let puzzle = read_puzzle(arg)?;
    let steps = rate::explain(&puzzle);
    if steps.is_empty() && !puzzle.is_complete() {
        tell!("sudoku: the puzzle has no solution");
        return Err(Failure::Partial);
    }
    let stdout = Output::Stdout;
    with_output(&stdout, |out| {
        let mut marks = Candidates::new(&puzzle);
        let mut text = String::new();
        for step in &steps {
            if grid {
                let _ = write!(text, "{marks}");
            }
            let _ = writeln!(text, "{step}");
            if grid {
                text.push('\n');
            }
            marks.apply(step);
            out.write_all(text.as_bytes())
                .map_err(|e| write_failure(&stdout, &e))?;
            text.clear();
        }
        Ok(())
    })
}

fn hint(arg: &OsString) -> Result<(), Failure> {
    let puzzle = read_puzzle(arg)?;
    let text = if puzzle.is_complete() {
        "the puzzle is already complete\n".to_string()
    } else {
        match rate::next_step(&puzzle) {
            Some(step) => format!("{step}\n"),
            None => {
                tell!("sudoku: the position has no solution (is a filled-in digit wrong?)");
                return Err(Failure::Partial);
            }
        }
    };
    let stdout = Output::Stdout;
    with_output(&stdout, |out| {
        out.write_all(text.as_bytes())
            .map_err(|e| write_failure(&stdout, &e))
    })
}
