//! The pieces every command's parser shares: where input comes from and
//! output goes ([`Input`], [`Output`]), the [`UsageError`] and its one-line
//! messages, and the parsers of option values (numbers in a range, `-o`,
//! an option given once). A module of its own so that the per-command
//! parsers and the dispatch in `args.rs` can all use it while it uses
//! nothing else of the crate: see `args.rs` for the whole graph.

use std::ffi::OsString;
use std::path::PathBuf;

/// Where output goes.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Output {
    /// Standard output (`-o -`).
    Stdout,
    /// A file, replaced atomically.
    File(PathBuf),
}

/// Where input comes from.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Input {
    /// Standard input (`-`).
    Stdin,
    /// A file.
    File(PathBuf),
}

impl Input {
    /// `-` for standard input, otherwise a path; an empty name is refused.
    pub fn from_os(value: OsString) -> Result<Input, UsageError> {
        if value.is_empty() {
            usage("an input path is empty (use - for standard input)")
        } else if value == "-" {
            Ok(Input::Stdin)
        } else {
            Ok(Input::File(value.into()))
        }
    }

    /// How messages name it.
    pub fn name(&self) -> String {
        match self {
            Input::Stdin => "<stdin>".to_string(),
            Input::File(path) => shown(path),
        }
    }
}

/// A path as messages show it: see [`one_line`].
pub fn shown(path: &std::path::Path) -> String {
    one_line(&path.display().to_string())
}

/// `text` with its control characters written as escapes such as `\n` and
/// `\x1b`: a newline in a file name or an argument would split the one-line
/// message, and an escape sequence would drive the terminal.
pub fn one_line(text: &str) -> String {
    if !text.chars().any(char::is_control) {
        return text.to_string();
    }
    text.chars()
        .map(|c| match c {
            '\n' => "\\n".to_string(),
            '\r' => "\\r".to_string(),
            '\t' => "\\t".to_string(),
            c if c.is_control() => format!("\\x{:02x}", u32::from(c)),
            c => c.to_string(),
        })
        .collect()
}

/// A usage error: the message, without the `sudoku:` prefix; one line,
/// whatever the arguments it quotes (see [`one_line`]).
///
/// Made only by [`UsageError::new`], which escapes control characters, so
/// that no parser can build a message that spans lines or drives the
/// terminal:
///
/// ```compile_fail,E0423
/// let split = sudoku_cli::args::UsageError("two\nlines".to_string());
/// ```
///
/// ```
/// let error = sudoku_cli::args::UsageError::new("two\nlines");
/// assert_eq!(error.message(), "two\\nlines");
/// ```
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct UsageError(String);

impl UsageError {
    /// The error with `message`, control characters escaped.
    pub fn new(message: &str) -> UsageError {
        UsageError(one_line(message))
    }

    /// The message, on one line.
    pub fn message(&self) -> &str {
        &self.0
    }

    /// The message, taken out of the error.
    pub fn into_message(self) -> String {
        self.0
    }
}

impl From<lexopt::Error> for UsageError {
    fn from(e: lexopt::Error) -> Self {
        UsageError::new(&e.to_string())
    }
}

pub(crate) fn usage<T>(message: impl Into<String>) -> Result<T, UsageError> {
    Err(UsageError::new(&message.into()))
}

/// Parses a decimal integer in `lo..=hi`, naming `what` and the range on failure.
pub(crate) fn bounded(
    value: OsString,
    what: &str,
    lo: usize,
    hi: usize,
) -> Result<usize, UsageError> {
    let text = value.to_string_lossy();
    let range = format!("{what} must be an integer from {lo} to {hi}");
    if text.is_empty() || !text.bytes().all(|b| b.is_ascii_digit()) {
        return usage(format!("{range}, not '{text}'"));
    }
    match text.parse::<usize>() {
        Ok(n) if (lo..=hi).contains(&n) => Ok(n),
        _ => usage(format!("{range}, not '{text}'")),
    }
}

/// Parses `--scale`'s value: `se` or `native`, any case.
pub(crate) fn scale_value(text: OsString) -> Result<sudoku_core::rate::Scale, UsageError> {
    text.to_str().and_then(|t| t.parse().ok()).ok_or_else(|| {
        UsageError::new(&format!(
            "--scale takes se or native, not '{}'",
            text.to_string_lossy()
        ))
    })
}

pub(crate) fn once<T>(slot: &mut Option<T>, value: T, flag: &str) -> Result<(), UsageError> {
    if slot.is_some() {
        return usage(format!("{flag} was given more than once"));
    }
    *slot = Some(value);
    Ok(())
}

pub(crate) fn output_of(value: OsString) -> Result<Output, UsageError> {
    if value.is_empty() {
        usage("-o needs a path (or - for standard output), not an empty name")
    } else if value == "-" {
        Ok(Output::Stdout)
    } else {
        Ok(Output::File(value.into()))
    }
}

/// The value of an option that takes one. `--` between the option and its
/// value is skipped (`-s -- p.txt`), and the value is taken as it is, even
/// when it starts with `-` (`-s -my.txt`, `-o -run.txt`).
pub(crate) fn value(parser: &mut lexopt::Parser) -> Result<OsString, UsageError> {
    let value = parser.value()?;
    if value != "--" {
        return Ok(value);
    }
    match parser.raw_args()?.next() {
        Some(value) => Ok(value),
        None => usage("an option's value is missing after --"),
    }
}

/// The most threads `-j` accepts.
pub(crate) const MAX_THREADS: usize = 1024;
