//! `sudoku rate`, `sudoku explain` and `sudoku hint`: argument parsing and
//! output for the human-style solver in `sudoku_core::rate`.
//!
//! `rate` uses every core (or `-j N` threads) through
//! `sudoku_core::batch::map_ordered`, in input order; `explain` and `hint`
//! work on one puzzle on the calling thread.

use std::ffi::OsString;
use std::fmt::Write as _;

use sudoku_core::batch;
use sudoku_core::format::{parse_one, ParseError, ParseErrorKind, PuzzleReader, ReadError};
use sudoku_core::rate::{self, Candidates};
use sudoku_core::{BitmaskSolver, Grid, PuzzleRecord, Solver};

use crate::{
    open_input, push_decimal, read_failure, with_output, write_failure, Failure, Progress,
};
use sudoku_cli::args::{Input, Output};
use sudoku_cli::rate_args::RateCommand;

/// Puzzles per chunk handed to a worker: rating takes longer than solving,
/// so chunks are smaller than `batch::SOLVE_CHUNK` to keep both cores busy.
const RATE_CHUNK: usize = 128;

/// Runs a parsed command.
pub fn run(command: RateCommand) -> Result<(), Failure> {
    match command {
        RateCommand::Rate {
            input,
            csv,
            threads,
            scale,
        } => rate_file(&input, csv, threads, scale),
        RateCommand::Explain {
            puzzle,
            grid,
            words,
            scale,
        } => explain(&puzzle, grid, words, scale),
        RateCommand::Hint {
            puzzle,
            words,
            scale,
        } => hint(&puzzle, words, scale),
        RateCommand::Techniques => list_techniques(),
    }
}

/// One line per technique, in the order the rater tries them: the name
/// `--technique` takes, the score a puzzle gets when it is the hardest step,
/// the level of that score, and the name `explain` prints.
fn list_techniques() -> Result<(), Failure> {
    let mut text = String::new();
    let width = rate::Technique::ALL
        .iter()
        .map(|t| t.slug().len())
        .max()
        .unwrap_or(0);
    for &technique in rate::Technique::ALL {
        let weight = technique.weight();
        let scales = match (
            rate::Scale::Se.has(technique),
            rate::Scale::Native.has(technique),
        ) {
            (true, true) => "se,native",
            (true, false) => "se",
            (false, true) => "native",
            (false, false) => "-",
        };
        let _ = writeln!(
            text,
            "{:<width$} {weight:>4.1}  {:<8} {scales:<10} {technique}",
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

/// A chunk's output lines (one per puzzle rated or not), the puzzles of it
/// that could not be rated (their number and input line), and the read
/// error that ended it, if any.
struct RatedChunk {
    text: String,
    puzzles: u64,
    unrated: Vec<(usize, usize)>,
    error: Option<ReadError>,
}

/// Rates `puzzle` and appends its output line to `text`; false when it
/// could not be rated.
///
/// The line is written by hand rather than with `write!`: on easy puzzles
/// the formatting machinery (a float's exact decimal expansion, a `String`
/// for the technique) cost about a tenth of the time of rating them.
fn rate_one(
    text: &mut String,
    puzzle: &PuzzleRecord,
    number: usize,
    csv: bool,
    scale: rate::Scale,
) -> bool {
    let rating = rate::rate_with(&puzzle.grid, scale);
    match (&rating, csv) {
        (Some(r), false) => {
            push_tenths(text, r.score);
            text.push(' ');
            text.push_str(r.level.name());
            text.push(' ');
            text.push_str(r.hardest_name());
        }
        (None, false) => text.push_str("- unrated -"),
        (Some(r), true) => {
            push_tenths(text, r.pearl);
            text.push(',');
            push_tenths(text, r.diamond);
            text.push(',');
            push_decimal(text, number);
            text.push(',');
            push_decimal(text, puzzle.line);
            text.push(',');
            push_tenths(text, r.score);
            text.push(',');
            text.push_str(r.level.name());
            text.push(',');
            // A complete grid takes no step: in the CSV its hardest is "none".
            text.push_str(if r.steps == 0 {
                "none"
            } else {
                r.hardest.name()
            });
            text.push(',');
            push_decimal(text, r.steps);
        }
        (None, true) => {
            text.push_str(",,");
            push_decimal(text, number);
            text.push(',');
            push_decimal(text, puzzle.line);
            text.push_str(",,unrated,,");
        }
    }
    text.push('\n');
    rating.is_some()
}

/// Appends a score, a whole number of tenths (as the rater makes them), with
/// one decimal, as `{:.1}` prints it.
fn push_tenths(text: &mut String, score: f32) {
    let tenths = (score * 10.0).round();
    // Anything but a whole number of tenths (never a rater's score) gets
    // the general formatting, which rounds ties to even.
    if score.is_sign_negative() || !(0.0..=10_000.0).contains(&tenths) || tenths / 10.0 != score {
        let _ = write!(text, "{score:.1}");
        return;
    }
    let tenths = tenths as usize;
    push_decimal(text, tenths / 10);
    text.push('.');
    text.push(char::from(b'0' + (tenths % 10) as u8));
}

fn rate_file(input: &Input, csv: bool, threads: usize, scale: rate::Scale) -> Result<(), Failure> {
    // 0 means the default: every core.
    let threads = batch::resolve_threads(threads);
    let source = open_input(input)?;
    let stdout = Output::Stdout;
    let mut progress = Progress::new(&stdout);
    let (mut done, mut unrated) = (0u64, 0u64);
    with_output(&stdout, |out| {
        if csv {
            out.write_all(b"ep,ed,number,line,score,level,hardest,steps\n")
                .map_err(|e| write_failure(&stdout, &e))?;
        }
        let work = |chunk: Vec<Result<PuzzleRecord, ReadError>>, start: usize| {
            let mut rated = RatedChunk {
                text: String::with_capacity(chunk.len() * 40),
                puzzles: 0,
                unrated: Vec::new(),
                error: None,
            };
            for (i, item) in chunk.into_iter().enumerate() {
                let number = start + i + 1;
                match item {
                    Ok(p) => {
                        rated.puzzles += 1;
                        if !rate_one(&mut rated.text, &p, number, csv, scale) {
                            rated.unrated.push((number, p.line));
                        }
                    }
                    Err(e) => {
                        rated.error = Some(e);
                        break;
                    }
                }
            }
            rated
        };
        let result = batch::map_ordered(
            PuzzleReader::new(source),
            threads,
            RATE_CHUNK,
            work,
            |rated: RatedChunk| {
                for &(number, line) in &rated.unrated {
                    tell!(
                        "sudoku: {}:{line}: puzzle {number} has no unique solution; not rated",
                        input.name()
                    );
                }
                unrated += rated.unrated.len() as u64;
                out.write_all(rated.text.as_bytes())
                    .map_err(|e| write_failure(&stdout, &e))?;
                done += rated.puzzles;
                progress.update(done, "puzzles rated");
                match rated.error {
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
/// input, or the name of a file holding one puzzle (an argument of digits
/// and dots a few short of or past 81, naming no file, is refused as a
/// puzzle of the wrong length). A file is read as a
/// stream, one line at a time, and only up to the start of a second puzzle:
/// memory stays constant whatever the input (`/dev/zero`, `yes 1`, a huge
/// file), as for every other command.
fn read_puzzle(arg: &OsString) -> Result<Grid, Failure> {
    let text = arg.to_string_lossy();
    let inline = text.trim();
    if inline.len() == 81 && !std::path::Path::new(arg).is_file() {
        return parse_one(inline.as_bytes()).map_err(|e| {
            let column = e.column + text.len() - text.trim_start().len();
            Failure::Input(format!("the puzzle argument, column {column}: {}", e.kind))
        });
    }
    if looks_like_a_puzzle(inline) && std::path::Path::new(arg).symlink_metadata().is_err() {
        // A puzzle a cell or a few short or long, not a missing file.
        return Err(Failure::Input(format!(
            "the puzzle argument has {} cells, not 81 (and no file has that name)",
            inline.len()
        )));
    }
    let input = Input::from_os(arg.clone()).map_err(|e| Failure::Usage(e.into_message()))?;
    let mut reader = PuzzleReader::new(open_input(&input)?);
    let first = match reader.next() {
        Some(Ok(puzzle)) => puzzle,
        Some(Err(e)) => return Err(read_failure(&input, e)),
        None => return Err(read_failure(&input, no_puzzle())),
    };
    match reader.next() {
        None => Ok(first.grid),
        Some(Err(e)) => Err(read_failure(&input, e)),
        Some(Ok(extra)) => Err(read_failure(
            &input,
            ReadError::Parse(ParseError {
                line: extra.line,
                column: 1,
                kind: ParseErrorKind::ExtraPuzzle,
            }),
        )),
    }
}

/// True when `text` reads as a puzzle line of the wrong length rather than
/// a file name: only digits and blanks (`.`, `_`), and near 81 of them (a
/// cell or a few dropped or doubled while copying).
fn looks_like_a_puzzle(text: &str) -> bool {
    (61..=101).contains(&text.len())
        && text
            .bytes()
            .all(|b| b.is_ascii_digit() || matches!(b, b'.' | b'_'))
}

/// The reader reports an empty input itself; this only keeps `read_puzzle`
/// total should it ever end without an item.
fn no_puzzle() -> ReadError {
    ReadError::Parse(ParseError {
        line: 1,
        column: 1,
        kind: ParseErrorKind::NoPuzzles,
    })
}

/// Refuses, with status 1 as `rate` does, a puzzle that has no solution or
/// several: a logical path (and the rating behind it) describes how a person
/// reaches *the* answer.
fn require_unique(puzzle: &Grid, what: &str) -> Result<(), Failure> {
    match BitmaskSolver::new().count_solutions(puzzle, 2) {
        1 => Ok(()),
        0 => {
            tell!("sudoku: the {what} has no solution (is a filled-in digit wrong?)");
            Err(Failure::Partial)
        }
        _ => {
            tell!("sudoku: the {what} has several solutions; only a puzzle with exactly one is explained");
            Err(Failure::Partial)
        }
    }
}

fn explain(arg: &OsString, grid: bool, words: bool, scale: rate::Scale) -> Result<(), Failure> {
    let puzzle = read_puzzle(arg)?;
    require_unique(&puzzle, "puzzle")?;
    let steps = rate::explain_with(&puzzle, scale);
    let stdout = Output::Stdout;
    with_output(&stdout, |out| {
        if steps.is_empty() {
            out.write_all(b"the puzzle is already complete\n")
                .map_err(|e| write_failure(&stdout, &e))?;
        }
        let mut marks = Candidates::new(&puzzle);
        let mut text = String::new();
        for step in &steps {
            if grid {
                let _ = write!(text, "{marks}");
            }
            let _ = writeln!(text, "{step}");
            if words {
                let hint = sudoku_core::hint::for_step(step, &marks, false);
                let _ = writeln!(text, "  {}", hint.stages[2]);
            }
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

fn hint(arg: &OsString, words: bool, scale: rate::Scale) -> Result<(), Failure> {
    let puzzle = read_puzzle(arg)?;
    require_unique(&puzzle, "position")?;
    let text = if puzzle.is_complete() {
        "the puzzle is already complete\n".to_string()
    } else {
        match rate::next_step_with(&puzzle, scale) {
            Some(step) if words => {
                let hint = sudoku_core::hint::for_step(&step, &Candidates::new(&puzzle), false);
                let mut text = format!("{step}\n");
                for stage in &hint.stages {
                    let _ = writeln!(text, "  {stage}");
                }
                text
            }
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

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn scores_and_numbers_print_as_the_formatting_machinery_prints_them() {
        // Every score the rater can give is a whole number of tenths.
        for tenths in 0..=2_000u16 {
            let score = f32::from(tenths) / 10.0;
            let mut text = String::new();
            push_tenths(&mut text, score);
            assert_eq!(text, format!("{score:.1}"), "{tenths} tenths");
        }
        for score in [
            f32::NAN,
            f32::INFINITY,
            -0.5,
            -0.0,
            1e12,
            0.04,
            2.25,
            0.05,
            999.95,
        ] {
            let mut text = String::new();
            push_tenths(&mut text, score);
            assert_eq!(text, format!("{score:.1}"), "{score}");
        }
        for n in [0, 1, 9, 10, 99, 100, 12_345, 1_000_000, usize::MAX] {
            let mut text = String::from("x");
            push_decimal(&mut text, n);
            assert_eq!(text, format!("x{n}"));
        }
    }
}
