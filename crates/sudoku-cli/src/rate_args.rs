//! Parsing `sudoku rate`, `sudoku explain` and `sudoku hint`.

use std::ffi::OsString;

use lexopt::prelude::*;
use sudoku_core::rate::Scale;

use crate::arg_values::{
    bounded, once, scale_value, usage, value as option_value, Input, UsageError, MAX_THREADS,
};

/// A parsed `rate`, `explain` or `hint` command.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum RateCommand {
    /// `rate [PATH|-] [--csv] [-j N] [--scale se|native]`.
    Rate {
        input: Input,
        csv: bool,
        threads: usize,
        scale: Scale,
    },
    /// `explain PUZZLE [--grid] [--words] [--scale se|native]`.
    Explain {
        puzzle: OsString,
        grid: bool,
        words: bool,
        scale: Scale,
    },
    /// `hint PUZZLE [--words] [--scale se|native]`.
    Hint {
        puzzle: OsString,
        words: bool,
        scale: Scale,
    },
    /// `rate --techniques`: the techniques, their names and scores.
    Techniques,
}

/// Parses the arguments after `rate`, `explain` or `hint` (named by `name`).
pub fn parse(name: &str, args: Vec<OsString>) -> Result<RateCommand, UsageError> {
    let mut parser = lexopt::Parser::from_args(args);
    let (mut target, mut csv, mut grid, mut threads) = (None, false, false, None);
    let (mut techniques, mut scale, mut words) = (false, None, false);
    while let Some(arg) = parser.next()? {
        match arg {
            Long("scale") => once(
                &mut scale,
                scale_value(option_value(&mut parser)?)?,
                "--scale",
            )?,
            Long("techniques") if name == "rate" => techniques = true,
            Long("csv") if name == "rate" => csv = true,
            Short('j') | Long("threads") if name == "rate" => once(
                &mut threads,
                bounded(option_value(&mut parser)?, "-j", 1, MAX_THREADS)?,
                "-j",
            )?,
            Long("grid") if name == "explain" => grid = true,
            Long("words") if name != "rate" => words = true,
            Value(v) => once(&mut target, v, "the puzzle")?,
            _ => return Err(arg.unexpected().into()),
        }
    }
    if techniques {
        if target.is_some() || csv || threads.is_some() || scale.is_some() {
            return usage("rate --techniques takes no puzzles and no other option");
        }
        return Ok(RateCommand::Techniques);
    }
    match name {
        "rate" => Ok(RateCommand::Rate {
            input: target
                .map(Input::from_os)
                .transpose()?
                .unwrap_or(Input::Stdin),
            csv,
            threads: threads.unwrap_or(0),
            scale: scale.unwrap_or_default(),
        }),
        _ => {
            let puzzle = target.ok_or_else(|| {
                UsageError::new(&format!(
                    "{name} needs a puzzle: 81 characters, or a file holding one"
                ))
            })?;
            let scale = scale.unwrap_or_default();
            Ok(if name == "explain" {
                RateCommand::Explain {
                    puzzle,
                    grid,
                    words,
                    scale,
                }
            } else {
                RateCommand::Hint {
                    puzzle,
                    words,
                    scale,
                }
            })
        }
    }
}
