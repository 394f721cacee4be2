//! Parsing `sudoku canon PATH|- [-o PATH|-] [-j N]`; the binary's
//! `canon_cmd` writes the canonical forms.

use std::ffi::OsString;

use lexopt::prelude::*;

use crate::arg_values::{
    bounded, once, output_of, value as option_value, Input, Output, UsageError, MAX_THREADS,
};

/// A parsed `canon PATH|- [-o PATH|-] [-j N]`.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct CanonCommand {
    /// The puzzles.
    pub input: Input,
    /// Where the forms go (default: standard output).
    pub output: Output,
    /// Threads; 0 for every core.
    pub threads: usize,
}

/// Parses the arguments after `canon`.
pub fn parse(args: Vec<OsString>) -> Result<CanonCommand, UsageError> {
    let mut parser = lexopt::Parser::from_args(args);
    let (mut input, mut output, mut threads) = (None, None, None);
    while let Some(arg) = parser.next()? {
        match arg {
            Short('o') | Long("output") => {
                once(&mut output, output_of(option_value(&mut parser)?)?, "-o")?
            }
            Short('j') | Long("threads") => once(
                &mut threads,
                bounded(option_value(&mut parser)?, "-j", 1, MAX_THREADS)?,
                "-j",
            )?,
            Value(v) => once(&mut input, Input::from_os(v)?, "the puzzle file")?,
            _ => return Err(arg.unexpected().into()),
        }
    }
    let input =
        input.ok_or_else(|| UsageError::new("canon needs a puzzle file (or - for stdin)"))?;
    Ok(CanonCommand {
        input,
        output: output.unwrap_or(Output::Stdout),
        threads: threads.unwrap_or(0),
    })
}
