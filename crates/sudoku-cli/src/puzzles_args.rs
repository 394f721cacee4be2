//! Parsing puzzle generation on the command line: the assignment's
//! `-n N -m M` and `-n N -r LO~HI [-u]`, and `sudoku puzzles N [options]`.
//! Either form becomes one [`PuzzlesArgs`], which gives the library's
//! [`GeneratorOptions`]; the binary's `puzzles_cmd` runs them.

use std::ffi::OsString;
use std::time::Duration;

use lexopt::prelude::*;
use sudoku_core::puzzle::{GeneratorOptions, SymmetryChoice};
use sudoku_core::rate::{Level, Scale, Technique, TechniqueSet};
use sudoku_print::MAX_BOOK_PUZZLES;

use crate::arg_values::{
    bounded, once, output_of, scale_value, usage, value as option_value, Input, Output, UsageError,
    MAX_THREADS,
};
use crate::print_args::{Book, BookFlags, BookFormat};

/// The most puzzles `-n` accepts (the assignment's bound).
pub const MAX_ASSIGNMENT_PUZZLES: usize = 10_000;
/// The most puzzles `sudoku puzzles` accepts.
pub const MAX_PUZZLES: usize = 1_000_000;
/// The longest `--time-limit`, in seconds (about 31 years): any run ends
/// long before, and the deadline it sets stays far from the largest instant
/// the system clock can hold.
const MAX_TIME_LIMIT: f64 = 1e9;
/// The assignment's bounds on `-r LO~HI`.
const ASSIGNMENT_BLANKS: (usize, usize) = (20, 55);

/// The usage lines of puzzle generation, for the main usage text.
pub const USAGE: &str =
    "       sudoku -n N (-m 1|2|3 | [-r LO~HI] [-u]) [-o PATH|-] [--seed S] [-j N]
       sudoku puzzles N [--difficulty LEVEL] [--rating LO..HI] [--blanks LO..HI]
                        [--unique|--any] [--symmetry S]
                        [--minimal] [--seed S] [-o PATH|-] [--format grid|line]
                        [--with-solutions] [-j N] [--time-limit SECS]
                        [--technique NAME]... [--with-path] [--scale se|native]
                        [--near FILE]
                        [-o FILE.pdf|FILE.svg [book options]]";

/// The help text of puzzle generation.
pub const HELP: &str = "  -n N           write N (1-10000) puzzles to sudoku.txt, 0 for blanks
  -m M           ... at difficulty M: 1 easy, 2 medium, 3 hard (unique solutions)
  -r LO~HI       ... with LO to HI blanks, 20 <= LO <= HI <= 55 (default 20~55)
  -u             ... each with exactly one solution (otherwise at least one)

  puzzles N      write N (1-1000000) distinct puzzles, unique by default
    --difficulty easy|medium|hard|expert|extreme   the rater's level
    --rating LO..HI      the rater's score (or a single number; LO.. for LO and above)
    --blanks LO..HI      blank cells (or a single number; LO.. and ..HI as well);
                         unique puzzles have at most 64
    --unique | --any     exactly one solution (default), or at least one
    --symmetry S         none (default), rot180, rot90, mirror, diagonal,
                         mirror-top-bottom, anti-diagonal, both-mirrors,
                         both-diagonals, dihedral, or random per puzzle (one of
                         rot180, rot90, mirror, diagonal)
    --minimal            no clue (no symmetric group of clues) can be removed
    --seed S             reproduce a run byte for byte (default: a random seed)
    --format grid|line   the assignment grid (0 for blanks, default) or 81-character lines
    --with-solutions     each puzzle followed by its solution (same line in line format)
    -j N                 threads (default: all cores); the output does not depend on it
    --time-limit SECS    stop after SECS seconds (at most 1e9) and keep the puzzles made so far
    --technique NAME     puzzles whose hardest step is NAME (x-wing, xy-wing, ...; repeat
                         for several: each puzzle's hardest step is one of them);
                         `sudoku rate --techniques` lists the names
    --with-path          each puzzle followed by its solving path, as # comment lines
    --scale se|native    the scale of --difficulty, --rating and --technique: SE's
                         (default, as `sudoku rate`) or the native one
    --near FILE          search near the puzzles of FILE (any format) instead: change
                         1 or 2 clues, keep unique puzzles that meet the options and
                         are not equivalent to a seed or an earlier find; how the
                         hardest puzzles (--rating 10..) are found";

/// How puzzles are written.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum PuzzleFormat {
    /// The assignment grid, 0 for blanks.
    Grid,
    /// One 81-character line per puzzle, `.` for blanks.
    Line,
}

/// Everything a puzzle run needs, from either command-line form.
#[derive(Debug, Clone, PartialEq)]
pub struct PuzzlesArgs {
    /// How many puzzles.
    pub count: usize,
    /// Blank range, when given.
    pub blanks: Option<(usize, usize)>,
    /// Exactly one solution, or at least one.
    pub unique: bool,
    /// Minimal puzzles only.
    pub minimal: bool,
    /// Symmetry of the clue pattern.
    pub symmetry: SymmetryChoice,
    /// A difficulty level.
    pub level: Option<Level>,
    /// A band of rater scores.
    pub rating: Option<(f32, f32)>,
    /// The seed, or a random one.
    pub seed: Option<u64>,
    /// Where the puzzles go.
    pub output: Output,
    /// Their layout.
    pub format: PuzzleFormat,
    /// Each followed by its solution.
    pub with_solutions: bool,
    /// Threads; 0 for every core.
    pub threads: usize,
    /// Stop after this long.
    pub time_limit: Option<Duration>,
    /// Techniques one of which is each puzzle's hardest step (empty: any).
    pub techniques: TechniqueSet,
    /// Each puzzle followed by its solving path.
    pub with_path: bool,
    /// The scale of the level, the rating band and the techniques.
    pub scale: Scale,
    /// A book instead of text, when `-o` names a `.pdf` or `.svg` file.
    pub book: Option<Book>,
    /// Search the neighbourhood of these puzzles instead of generating.
    pub near: Option<Input>,
}

// The only floats, the rating band, are parsed finite, so equality is total.
impl Eq for PuzzlesArgs {}

impl PuzzlesArgs {
    fn new(count: usize) -> Self {
        PuzzlesArgs {
            count,
            blanks: None,
            unique: true,
            minimal: false,
            symmetry: SymmetryChoice::default(),
            level: None,
            rating: None,
            seed: None,
            output: Output::File("sudoku.txt".into()),
            format: PuzzleFormat::Grid,
            with_solutions: false,
            threads: 0,
            time_limit: None,
            techniques: TechniqueSet::EMPTY,
            with_path: false,
            scale: Scale::Se,
            book: None,
            near: None,
        }
    }
}

/// Parses `-r LO~HI`: both numbers, with `~` between, `20 <= LO <= HI <= 55`.
fn assignment_range(value: OsString) -> Result<(usize, usize), UsageError> {
    let text = value.to_string_lossy();
    let (lo, hi) = ASSIGNMENT_BLANKS;
    let bad = || {
        usage(format!(
            "-r must be LO~HI with {lo} <= LO <= HI <= {hi} (for example -r 20~55), not '{text}'"
        ))
    };
    let Some((a, b)) = text.split_once('~') else {
        return bad();
    };
    let number = |s: &str| {
        (!s.is_empty() && s.bytes().all(|b| b.is_ascii_digit()))
            .then(|| s.parse::<usize>().ok())
            .flatten()
    };
    match (number(a), number(b)) {
        (Some(a), Some(b)) if lo <= a && a <= b && b <= hi => Ok((a, b)),
        _ => bad(),
    }
}

/// Parses the assignment form: `-n N` with `-m M`, or with `-r LO~HI` and/or `-u`.
pub fn parse_assignment(args: Vec<OsString>) -> Result<PuzzlesArgs, UsageError> {
    let mut parser = lexopt::Parser::from_args(args);
    let (mut count, mut level, mut range, mut unique) = (None, None, None, false);
    let (mut output, mut seed, mut threads) = (None, None, None);
    while let Some(arg) = parser.next()? {
        match arg {
            Short('n') => once(
                &mut count,
                bounded(
                    option_value(&mut parser)?,
                    "-n N",
                    1,
                    MAX_ASSIGNMENT_PUZZLES,
                )?,
                "-n",
            )?,
            Short('m') => once(
                &mut level,
                bounded(option_value(&mut parser)?, "-m M", 1, 3)?,
                "-m",
            )?,
            Short('r') => once(
                &mut range,
                assignment_range(option_value(&mut parser)?)?,
                "-r",
            )?,
            Short('u') => {
                if unique {
                    return usage("-u was given more than once");
                }
                unique = true;
            }
            Short('o') | Long("output") => {
                once(&mut output, output_of(option_value(&mut parser)?)?, "-o")?
            }
            Long("seed") => once(&mut seed, seed_value(option_value(&mut parser)?)?, "--seed")?,
            Short('j') | Long("threads") => once(
                &mut threads,
                bounded(option_value(&mut parser)?, "-j", 1, MAX_THREADS)?,
                "-j",
            )?,
            Value(v) => return usage(format!("unexpected argument '{}'", v.to_string_lossy())),
            _ => return Err(arg.unexpected().into()),
        }
    }
    let Some(count) = count else {
        let flag = match (level, range, unique) {
            (Some(_), _, _) => "-m",
            (_, Some(_), _) => "-r",
            _ => "-u",
        };
        return usage(format!("{flag} is only valid with -n N"));
    };
    if level.is_some() && (range.is_some() || unique) {
        return usage("-m cannot be combined with -r or -u: use -n N -m M, or -n N -r LO~HI [-u]");
    }
    let mut args = PuzzlesArgs::new(count);
    args.output = output.unwrap_or(args.output);
    args.seed = seed;
    args.threads = threads.unwrap_or(0);
    match level {
        Some(m) => {
            // The assignment's 1, 2, 3 are the first three levels.
            args.level = Some(Level::ALL[m - 1]);
        }
        None => {
            args.blanks = Some(range.unwrap_or(ASSIGNMENT_BLANKS));
            args.unique = unique;
        }
    }
    Ok(args)
}

fn seed_value(value: OsString) -> Result<u64, UsageError> {
    let text = value.to_string_lossy();
    match text.parse::<u64>() {
        Ok(seed) if text.bytes().all(|b| b.is_ascii_digit()) => Ok(seed),
        _ => usage(format!(
            "--seed must be an integer from 0 to {}, not '{text}'",
            u64::MAX
        )),
    }
}

/// The top of a `--rating LO..` band until the scale is known.
const OPEN_RATING: f32 = f32::MAX;

/// Parses `LO..HI` (or a single number) whose ends `parse` accepts;
/// `bounds` states them for the refusal (`0 <= LO <= HI <= 81`). An end
/// left out is open: `LO..` takes `open.1` as its top, `..HI` `open.0` as
/// its bottom (`--rating 10..`, the hardest puzzles, as the help shows).
fn range_of<T>(
    value: OsString,
    flag: &str,
    bounds: &str,
    open: (T, T),
    parse: impl Fn(&str) -> Option<T>,
) -> Result<(T, T), UsageError>
where
    T: PartialOrd + Copy,
{
    let text = value.to_string_lossy();
    let parsed = match text.split_once("..") {
        Some(("", "")) => None,
        Some((a, b)) => {
            let end = |s: &str, open| if s.is_empty() { Some(open) } else { parse(s) };
            end(a, open.0).zip(end(b, open.1))
        }
        None => parse(&text).map(|v| (v, v)),
    };
    match parsed {
        Some((a, b)) if a <= b => Ok((a, b)),
        _ => usage(format!(
            "{flag} must be LO..HI with {bounds} (or one number), not '{text}'"
        )),
    }
}

/// Parses `sudoku puzzles N [options]` (the arguments after `puzzles`).
pub fn parse_puzzles(args: Vec<OsString>) -> Result<PuzzlesArgs, UsageError> {
    let mut parser = lexopt::Parser::from_args(args);
    let mut count = None;
    let (mut blanks, mut unique, mut any, mut minimal) = (None, false, false, false);
    let (mut symmetry, mut level, mut rating, mut seed) = (None, None, None, None);
    let (mut output, mut format, mut with_solutions) = (None, None, false);
    let (mut threads, mut time_limit) = (None, None);
    let (mut techniques, mut with_path, mut book_flags) =
        (TechniqueSet::EMPTY, false, BookFlags::default());
    let (mut scale, mut near) = (None, None);
    while let Some(arg) = parser.next()? {
        match arg {
            Long(name) if BookFlags::NAMES.contains(&name) => {
                let name = name.to_string();
                book_flags.take(&name, &mut parser)?;
            }
            Long("technique") => {
                let text = option_value(&mut parser)?.to_string_lossy().into_owned();
                let technique = text.parse::<Technique>().map_err(|e| {
                    UsageError::new(&format!(
                        "--technique: {e}; `sudoku rate --techniques` lists them"
                    ))
                })?;
                techniques.insert(technique);
            }
            Long("with-path") => with_path = true,
            Long("near") => once(
                &mut near,
                Input::from_os(option_value(&mut parser)?.to_owned())?,
                "--near",
            )?,
            Long("scale") => once(
                &mut scale,
                scale_value(option_value(&mut parser)?)?,
                "--scale",
            )?,
            Value(v) if count.is_none() => {
                count = Some(bounded(v, "the number of puzzles", 1, MAX_PUZZLES)?);
            }
            Long("blanks") => {
                let range = range_of(
                    option_value(&mut parser)?,
                    "--blanks",
                    "0 <= LO <= HI <= 81",
                    (0, 81),
                    |s| {
                        let ok = !s.is_empty() && s.bytes().all(|b| b.is_ascii_digit());
                        ok.then(|| s.parse::<usize>().ok())
                            .flatten()
                            .filter(|&n| n <= 81)
                    },
                )?;
                once(&mut blanks, range, "--blanks")?;
            }
            Long("unique") => unique = true,
            Long("any") => any = true,
            Long("minimal") => minimal = true,
            Long("symmetry") => {
                let value = option_value(&mut parser)?;
                let choice = value
                    .to_string_lossy()
                    .parse::<SymmetryChoice>()
                    .map_err(|e| UsageError::new(&e.to_string()))?;
                once(&mut symmetry, choice, "--symmetry")?;
            }
            Long("difficulty") => {
                let value = option_value(&mut parser)?.to_string_lossy().into_owned();
                let parsed = value.parse::<Level>().map_err(|_| {
                    UsageError::new(&format!(
                        "--difficulty must be easy, medium, hard, expert or extreme, not '{value}'"
                    ))
                })?;
                once(&mut level, parsed, "--difficulty")?;
            }
            Long("rating") => {
                let band = range_of(
                    option_value(&mut parser)?,
                    "--rating",
                    "0 <= LO <= HI",
                    (0.0, OPEN_RATING),
                    |s| s.parse::<f32>().ok().filter(|v| v.is_finite() && *v >= 0.0),
                )?;
                once(&mut rating, band, "--rating")?;
            }
            Long("seed") => once(&mut seed, seed_value(option_value(&mut parser)?)?, "--seed")?,
            Short('o') | Long("output") => {
                once(&mut output, output_of(option_value(&mut parser)?)?, "-o")?
            }
            Long("format") => {
                let value = option_value(&mut parser)?;
                // Names ignore case, as levels, symmetries and techniques do.
                let parsed = match value.to_string_lossy().to_ascii_lowercase().as_str() {
                    "grid" => PuzzleFormat::Grid,
                    "line" => PuzzleFormat::Line,
                    other => return usage(format!("--format must be grid or line, not '{other}'")),
                };
                once(&mut format, parsed, "--format")?;
            }
            Long("with-solutions") => with_solutions = true,
            Short('j') | Long("threads") => once(
                &mut threads,
                bounded(option_value(&mut parser)?, "-j", 1, MAX_THREADS)?,
                "-j",
            )?,
            Long("time-limit") => {
                let text = option_value(&mut parser)?.to_string_lossy().into_owned();
                let seconds = text
                    .parse::<f64>()
                    .ok()
                    .filter(|s| s.is_finite() && *s > 0.0 && *s <= MAX_TIME_LIMIT);
                let Some(seconds) = seconds else {
                    return usage(format!(
                        "--time-limit must be a number of seconds above 0 and at most \
                         {MAX_TIME_LIMIT} (about 31 years), not '{text}'"
                    ));
                };
                once(
                    &mut time_limit,
                    Duration::from_secs_f64(seconds),
                    "--time-limit",
                )?;
            }
            Value(v) => return usage(format!("unexpected argument '{}'", v.to_string_lossy())),
            _ => return Err(arg.unexpected().into()),
        }
    }
    let Some(count) = count else {
        return usage("puzzles needs the number of puzzles, for example: sudoku puzzles 100");
    };
    if unique && any {
        return usage("--unique and --any contradict each other: pick one");
    }
    if any && (minimal || level.is_some() || rating.is_some() || !techniques.is_empty()) {
        return usage(
            "--minimal, --difficulty, --rating and --technique apply to unique puzzles, not to --any",
        );
    }
    if near.is_some() {
        let clash = [
            (any, "--any", "whose puzzles are unique"),
            (
                symmetry.is_some(),
                "--symmetry",
                "whose puzzles keep no symmetry",
            ),
            (
                book_flags.any(),
                book_flags.first_given().unwrap_or("a book option"),
                "which writes text, not a book",
            ),
        ];
        if let Some((_, flag, why)) = clash.iter().find(|(given, _, _)| *given) {
            return usage(format!("{flag} does not apply to --near, {why}"));
        }
    }
    let output = output.unwrap_or_else(|| Output::File("sudoku.txt".into()));
    if near.is_some() && BookFormat::of(&output).is_some() {
        return usage("--near writes text: -o FILE.pdf or FILE.svg does not apply to it");
    }
    let book = if BookFormat::of(&output).is_some() {
        let clash = [
            (format.is_some(), "--format"),
            (with_solutions, "--with-solutions (use --answers)"),
            (with_path, "--with-path"),
        ];
        if let Some((_, flag)) = clash.iter().find(|(given, _)| *given) {
            return usage(format!("{flag} applies to text output, not to a book"));
        }
        if any && book_flags.lesson() {
            return usage(
                "--lesson needs puzzles with a unique solution, which --any does not promise: \
                 a puzzle with several has no step to teach",
            );
        }
        if count > MAX_BOOK_PUZZLES {
            return usage(format!(
                "a book holds at most {MAX_BOOK_PUZZLES} puzzles, not {count}"
            ));
        }
        Some(book_flags.book(output.clone(), scale.unwrap_or_default())?)
    } else {
        if let Some(flag) = book_flags.first_given() {
            return usage(format!(
                "{flag} applies to a book (-o FILE.pdf or FILE.svg), not to text output"
            ));
        }
        None
    };
    let mut args = PuzzlesArgs::new(count);
    args.blanks = blanks;
    args.unique = !any;
    args.minimal = minimal;
    args.symmetry = symmetry.unwrap_or_default();
    args.level = level;
    // An open top is the highest rating the scale gives, so that messages
    // name a real band.
    let scale = scale.unwrap_or_default();
    if let Some((lo, OPEN_RATING)) = rating {
        rating = match scale.band(Some(lo), None) {
            Some(band) => Some(band),
            None => {
                let top = scale.ratings().highest().unwrap_or(0.0);
                return usage(format!(
                    "--rating {lo}.. is above every rating of the {} scale (the highest is {top})",
                    scale.label()
                ));
            }
        };
    }
    args.rating = rating;
    args.seed = seed;
    args.output = output;
    args.format = format.unwrap_or(PuzzleFormat::Grid);
    args.with_solutions = with_solutions;
    args.threads = threads.unwrap_or(0);
    args.time_limit = time_limit;
    args.techniques = techniques;
    args.with_path = with_path;
    args.scale = scale;
    args.book = book;
    args.near = near;
    Ok(args)
}

impl PuzzlesArgs {
    /// The library's options for this request (its feasibility is checked
    /// by [`GeneratorOptions::feasibility`] and by the generator itself).
    pub fn generator_options(&self) -> GeneratorOptions {
        let mut options = GeneratorOptions::new()
            .unique(self.unique)
            .minimal(self.minimal)
            .symmetry(self.symmetry);
        if let Some((lo, hi)) = self.blanks {
            options = options.blanks(lo..=hi);
        }
        if let Some(level) = self.level {
            options = options.level(level);
        }
        if let Some((lo, hi)) = self.rating {
            options = options.rating(lo..=hi);
        }
        if let Some(seed) = self.seed {
            options = options.seed(seed);
        }
        options.techniques(self.techniques).scale(self.scale)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// `sudoku puzzles ...`, or the assignment's `-n N ...` otherwise.
    fn parse(args: &[&str]) -> Result<PuzzlesArgs, UsageError> {
        let args: Vec<OsString> = args.iter().map(OsString::from).collect();
        match args.split_first() {
            Some((name, rest)) if name == "puzzles" => parse_puzzles(rest.to_vec()),
            _ => parse_assignment(args),
        }
    }

    #[test]
    fn assignment_flag_order_does_not_matter() {
        assert_eq!(
            parse(&["-n", "5", "-m", "2"]),
            parse(&["-m", "2", "-n", "5"])
        );
        assert_eq!(
            parse(&["-u", "-r", "20~30", "-n", "5"]),
            parse(&["-n", "5", "-r", "20~30", "-u"])
        );
    }

    #[test]
    fn assignment_range_rejects_malformed_and_out_of_bounds() {
        for bad in [
            "20-30", "30~20", "10~30", "20~56", "~30", "20~", "a~b", "20~30~40",
        ] {
            assert!(parse(&["-n", "5", "-r", bad]).is_err(), "{bad}");
        }
        assert!(parse(&["-n", "5", "-r", "55~55"]).is_ok());
    }

    #[test]
    fn puzzles_rejects_contradictions() {
        assert!(parse(&["puzzles", "5", "--unique", "--any"]).is_err());
        assert!(parse(&["puzzles", "5", "--any", "--minimal"]).is_err());
        assert!(parse(&["puzzles", "5", "--blanks", "50..40"]).is_err());
        assert!(parse(&["puzzles", "5", "--blanks", "50..82"]).is_err());
        assert!(parse(&["puzzles", "0"]).is_err());
        assert!(parse(&["puzzles", "5", "--symmetry", "spiral"]).is_err());
        // Option values that name things ignore case (issue 39's hostile pass).
        let loud = parse(&["puzzles", "5", "--symmetry", "ROT180", "--format", "LINE"]).unwrap();
        assert_eq!(
            loud.symmetry,
            SymmetryChoice::Fixed(sudoku_core::puzzle::Symmetry::Rot180)
        );
        assert!(matches!(loud.format, PuzzleFormat::Line));
        assert!(parse(&["puzzles", "5", "--time-limit", "0"]).is_err());
    }
}
