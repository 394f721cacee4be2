//! Command-line parsing with lexopt: turns arguments into a [`Command`] or a
//! usage error. No work happens here.
//!
//! This file is the dispatch: it picks the parser by the command name, falls
//! back to the help, and parses the small commands itself (`-c`, `-s`,
//! `count`, `check`, `bench`, `daily`). The larger commands have a parser
//! each, which returns that command's own type, and every parser takes its
//! shared pieces from `arg_values.rs`. The modules depend on each other one
//! way only, with no circle:
//!
//! ```text
//! args.rs ──────────┬──► puzzles_args.rs ──► print_args.rs (the book options)
//!   (Command,       ├──► print_args.rs
//!    dispatch)      ├──► rate_args.rs
//!                   └──► canon_args.rs
//!      │                      │ each of them
//!      ▼                      ▼
//! arg_values.rs: Input, Output, UsageError and the value parsers;
//!                it uses nothing else of this crate
//! ```

use std::ffi::OsString;
use std::path::PathBuf;

use lexopt::prelude::*;

use crate::arg_values::{bounded, once, output_of, usage, value, MAX_THREADS};
pub use crate::arg_values::{one_line, shown, Input, Output, UsageError};
use crate::canon_args::{self, CanonCommand};
use crate::print_args::{self, PrintArgs};
use crate::puzzles_args::{self, PuzzlesArgs};
use crate::rate_args::{self, RateCommand};

/// What the user asked for.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Command {
    /// `-c N`: the first N final boards.
    Generate {
        count: usize,
        first: u8,
        output: Output,
    },
    /// `-s PATH`: solve every puzzle.
    Solve {
        input: Input,
        output: Output,
        threads: usize,
    },
    /// `count PATH`: solutions per puzzle, up to a limit.
    Count {
        input: Input,
        limit: usize,
        threads: usize,
    },
    /// `check FILE`: format, validity, distinctness, or agreement with puzzles.
    Check {
        file: Input,
        first: Option<u8>,
        puzzles: Option<Input>,
    },
    /// `bench FILE...`: solver throughput on one thread.
    Bench { files: Vec<PathBuf>, seconds: u64 },
    /// `-n N ...` or `puzzles N ...`: puzzle generation.
    Puzzles(Box<PuzzlesArgs>),
    /// `rate`, `explain`, `hint`: the human-style solver.
    Rate(RateCommand),
    /// `print PUZZLES ...`: a print-ready book.
    Print(Box<PrintArgs>),
    /// `canon PATH`: canonical forms, for deduplication.
    Canon(CanonCommand),
    /// `daily [YYYY-MM-DD]`: the daily puzzle of a date (today, UTC, by default).
    Daily {
        /// The date; `None` for today.
        date: Option<sudoku_core::daily::Date>,
    },
    /// `--help`.
    Help,
    /// `--version`.
    Version,
}

/// Parses the arguments after `daily`: at most one date.
fn parse_daily(args: Vec<OsString>) -> Result<Command, UsageError> {
    let mut parser = lexopt::Parser::from_args(args);
    let mut date = None;
    while let Some(arg) = parser.next()? {
        match arg {
            Value(v) => {
                let text = v.to_string_lossy().into_owned();
                let parsed = text
                    .parse::<sudoku_core::daily::Date>()
                    .map_err(|e| UsageError::new(&format!("daily: {e}")))?;
                once(&mut date, parsed, "the date")?;
            }
            _ => return Err(arg.unexpected().into()),
        }
    }
    Ok(Command::Daily { date })
}

/// The largest `-c N`.
pub const MAX_BOARDS: usize = 1_000_000;

/// True when `args` use the pair project's puzzle options `-n`, `-m`, `-r`
/// or `-u` (also in a cluster, as in `-n10` or `-un`), found by a lexopt pass
/// that knows which options take a value, so that a value such as the
/// `-my.txt` of `-s -my.txt` is never mistaken for one.
pub fn is_assignment_form(args: &[OsString]) -> bool {
    let mut parser = lexopt::Parser::from_args(args.iter().cloned());
    while let Ok(Some(arg)) = parser.next() {
        if matches!(arg, Short('n' | 'm' | 'r' | 'u')) {
            return true;
        }
        let takes_value = matches!(
            arg,
            Short('c' | 's' | 'o' | 'j') | Long("first" | "output" | "threads" | "seed")
        );
        if takes_value && value(&mut parser).is_err() {
            return false;
        }
    }
    false
}

/// The largest `count --limit` (the library's bound).
pub use sudoku_core::solver::MAX_COUNT_LIMIT;

/// Parses the arguments after the program name.
pub fn parse(args: impl IntoIterator<Item = OsString>) -> Result<Command, UsageError> {
    let args: Vec<OsString> = args.into_iter().collect();
    let rest = || args[1..].to_vec();
    let subcommand = match args.first().and_then(|a| a.to_str()) {
        Some("count") => Some(parse_count(rest())),
        Some("check") => Some(parse_check(rest())),
        Some("bench") => Some(parse_bench(rest())),
        Some("puzzles") => {
            Some(puzzles_args::parse_puzzles(rest()).map(|a| Command::Puzzles(Box::new(a))))
        }
        Some("print") => Some(print_args::parse(rest()).map(|p| Command::Print(Box::new(p)))),
        Some("canon") => Some(canon_args::parse(rest()).map(Command::Canon)),
        Some("daily") => Some(parse_daily(rest())),
        Some(name @ ("rate" | "explain" | "hint")) => {
            Some(rate_args::parse(name, rest()).map(Command::Rate))
        }
        _ => None,
    };
    if let Some(parsed) = subcommand {
        // `sudoku rate --help` asks for the help, not for a file named so:
        // an option value or an argument after `--` that reads "--help"
        // still parses as given, and only a command line that fails to
        // parse and holds `-h`/`--help` shows the help instead of an error.
        let asks_for_help = args[1..].iter().any(|a| a == "-h" || a == "--help");
        return match parsed {
            Err(_) if asks_for_help => Ok(Command::Help),
            parsed => parsed,
        };
    }
    if is_assignment_form(&args) {
        return puzzles_args::parse_assignment(args).map(|a| Command::Puzzles(Box::new(a)));
    }
    let mut parser = lexopt::Parser::from_args(args);
    let (mut count, mut solve, mut first, mut output, mut threads) = (None, None, None, None, None);
    while let Some(arg) = parser.next()? {
        match arg {
            Short('c') => once(
                &mut count,
                bounded(value(&mut parser)?, "-c N", 1, MAX_BOARDS)?,
                "-c",
            )?,
            Short('s') => once(&mut solve, Input::from_os(value(&mut parser)?)?, "-s")?,
            Long("first") => once(
                &mut first,
                bounded(value(&mut parser)?, "--first", 1, 9)? as u8,
                "--first",
            )?,
            Short('o') | Long("output") => {
                once(&mut output, output_of(value(&mut parser)?)?, "-o")?
            }
            Short('j') | Long("threads") => once(
                &mut threads,
                bounded(value(&mut parser)?, "-j", 1, MAX_THREADS)?,
                "-j",
            )?,
            Short('h') | Long("help") => return Ok(Command::Help),
            Short('V') | Long("version") => return Ok(Command::Version),
            Value(v) => return usage(format!("unexpected argument '{}'", v.to_string_lossy())),
            _ => return Err(arg.unexpected().into()),
        }
    }
    let output = output.unwrap_or_else(|| Output::File("sudoku.txt".into()));
    match (count, solve) {
        (Some(_), Some(_)) => usage("-c and -s cannot be used together"),
        (Some(count), None) => {
            if threads.is_some() {
                return usage("-j applies to -s, not to -c");
            }
            Ok(Command::Generate {
                count,
                first: first.unwrap_or(9),
                output,
            })
        }
        (None, Some(input)) => {
            if first.is_some() {
                return usage("--first applies to -c, not to -s");
            }
            Ok(Command::Solve {
                input,
                output,
                threads: threads.unwrap_or(0),
            })
        }
        (None, None) => usage("expected -c N or -s PATH"),
    }
}

fn parse_count(args: Vec<OsString>) -> Result<Command, UsageError> {
    let mut parser = lexopt::Parser::from_args(args);
    let (mut input, mut limit, mut threads) = (None, None, None);
    while let Some(arg) = parser.next()? {
        match arg {
            Long("limit") | Short('l') => once(
                &mut limit,
                bounded(value(&mut parser)?, "--limit", 1, MAX_COUNT_LIMIT)?,
                "--limit",
            )?,
            Short('j') | Long("threads") => once(
                &mut threads,
                bounded(value(&mut parser)?, "-j", 1, MAX_THREADS)?,
                "-j",
            )?,
            Value(v) => once(&mut input, Input::from_os(v)?, "the puzzle file")?,
            _ => return Err(arg.unexpected().into()),
        }
    }
    Ok(Command::Count {
        input: input.ok_or_else(|| UsageError::new("count needs a puzzle file (or -)"))?,
        limit: limit.unwrap_or(2),
        threads: threads.unwrap_or(0),
    })
}

fn parse_check(args: Vec<OsString>) -> Result<Command, UsageError> {
    let mut parser = lexopt::Parser::from_args(args);
    let (mut file, mut first, mut puzzles) = (None, None, None);
    while let Some(arg) = parser.next()? {
        match arg {
            Long("first") => once(
                &mut first,
                bounded(value(&mut parser)?, "--first", 1, 9)? as u8,
                "--first",
            )?,
            Long("puzzles") => once(
                &mut puzzles,
                Input::from_os(value(&mut parser)?)?,
                "--puzzles",
            )?,
            Value(v) => once(&mut file, Input::from_os(v)?, "the file to check")?,
            _ => return Err(arg.unexpected().into()),
        }
    }
    if first.is_some() && puzzles.is_some() {
        return usage("--first checks final boards; --puzzles checks solutions: pick one");
    }
    if file == Some(Input::Stdin) && puzzles == Some(Input::Stdin) {
        return usage("check cannot read both the solutions and --puzzles from standard input");
    }
    Ok(Command::Check {
        file: file.ok_or_else(|| UsageError::new("check needs a file to check"))?,
        first,
        puzzles,
    })
}

fn parse_bench(args: Vec<OsString>) -> Result<Command, UsageError> {
    let mut parser = lexopt::Parser::from_args(args);
    let (mut files, mut seconds) = (Vec::new(), None);
    while let Some(arg) = parser.next()? {
        match arg {
            Long("seconds") => once(
                &mut seconds,
                bounded(value(&mut parser)?, "--seconds", 1, 3600)?,
                "--seconds",
            )?,
            Value(v) => files.push(PathBuf::from(v)),
            _ => return Err(arg.unexpected().into()),
        }
    }
    if files.is_empty() {
        return usage("bench needs at least one puzzle file");
    }
    Ok(Command::Bench {
        files,
        seconds: seconds.unwrap_or(2) as u64,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn run(args: &[&str]) -> Result<Command, UsageError> {
        parse(args.iter().map(OsString::from))
    }

    #[test]
    fn flag_order_does_not_matter() {
        assert_eq!(
            run(&["-c", "5", "--first", "3"]),
            run(&["--first", "3", "-c", "5"])
        );
    }

    #[test]
    fn rejects_out_of_range_and_malformed_counts() {
        for bad in [
            "0",
            "-1",
            "1000001",
            "abc",
            "1e6",
            "10.5",
            "",
            "99999999999999999999999",
        ] {
            let err = run(&["-c", bad]).unwrap_err();
            assert!(
                err.message().contains("from 1 to 1000000"),
                "{bad}: {}",
                err.message()
            );
        }
    }

    #[test]
    fn every_subcommand_answers_help_but_a_value_named_help_stays_a_value() {
        for sub in [
            "count", "check", "bench", "puzzles", "print", "canon", "rate", "explain", "hint",
            "daily",
        ] {
            for flag in ["--help", "-h"] {
                assert_eq!(run(&[sub, flag]), Ok(Command::Help), "{sub} {flag}");
                assert_eq!(
                    run(&[sub, "x.txt", flag]),
                    Ok(Command::Help),
                    "{sub} x {flag}"
                );
            }
        }
        assert!(matches!(
            run(&["count", "--", "--help"]),
            Ok(Command::Count { .. })
        ));
        assert!(matches!(run(&["rate", "--", "-h"]), Ok(Command::Rate(_))));
        assert!(matches!(
            run(&["canon", "x.txt", "-o", "--help"]),
            Ok(Command::Canon(_))
        ));
    }
}
