//! Running puzzle generation: [`run`] hands the parsed request
//! ([`PuzzlesArgs`]) to `sudoku_core::puzzle` and writes the puzzles.

use std::time::Instant;

use sudoku_core::format::{push_grid, push_line};
use sudoku_core::puzzle::{
    Feasibility, Generated, Generator, NearProgress, PuzzleError, RunError, SlowReason,
};
use sudoku_core::rate;
use sudoku_core::{BitmaskSolver, Grid, PuzzleReader, Solver};
use sudoku_print::{Entry, Facts};

use crate::{open_input, read_failure, with_output, write_failure, Failure, Progress};
use sudoku_cli::args::Input;
use sudoku_cli::print_args::Book;
use sudoku_cli::puzzles_args::{PuzzleFormat, PuzzlesArgs};

/// Generates and writes the puzzles.
pub fn run(args: &PuzzlesArgs) -> Result<(), Failure> {
    if let Some(near) = &args.near {
        return run_near(args, near);
    }
    let options = args.generator_options();
    match options.feasibility_for(args.count) {
        Err(e) => return Err(Failure::Input(e.to_string())),
        Ok(Feasibility::VerySlow(why)) => {
            let hint = if args.time_limit.is_none() {
                " (--time-limit SECS bounds the run)"
            } else {
                ""
            };
            tell!("sudoku: warning: {why}{hint}");
            // The way such puzzles are found in practice.
            if matches!(
                why,
                SlowReason::RareRating { .. } | SlowReason::UnknownRating { .. }
            ) {
                tell!("sudoku: hint: --near FILE searches near known hard puzzles instead");
            }
        }
        // Fine, or a kind of feasibility a later library adds.
        Ok(_) => {}
    }
    let generator = Generator::new(options).map_err(|e| Failure::Input(e.to_string()))?;
    let threads = sudoku_core::batch::resolve_threads(args.threads);
    let deadline = args.time_limit.map(|limit| Instant::now() + limit);
    let mut progress = Progress::new(&args.output);
    let total = args.count;
    if let Some(book) = &args.book {
        return write_book(args, book, &generator, threads, deadline);
    }
    let summary = with_output(&args.output, |out| {
        let mut writer = PuzzleWriter::new(args);
        let result = generator.run(args.count, threads, deadline, |g: &Generated| {
            writer.write(g, out)?;
            progress.update(writer.written as u64, &format!("of {total} puzzles"));
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
            Err(RunError::Sink(SinkError::Write(e))) => Err(write_failure(&args.output, &e)),
            Err(RunError::Sink(SinkError::Check(failure))) => Err(failure),
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

/// The most puzzles `--near` reads (about 100 MB with their lines).
const MAX_NEAR_SEEDS: usize = 1_000_000;

/// Searches near the puzzles of `near` and writes what it finds.
fn run_near(args: &PuzzlesArgs, near: &Input) -> Result<(), Failure> {
    // Read up to a cap, so that an endless stream (`yes PUZZLE | sudoku
    // puzzles 1 --near -`) is refused in bounded memory.
    let mut records = Vec::new();
    for record in PuzzleReader::new(open_input(near)?) {
        if records.len() == MAX_NEAR_SEEDS {
            return Err(Failure::Input(format!(
                "{}: more than {MAX_NEAR_SEEDS} puzzles to search near; give at most that many",
                near.name()
            )));
        }
        records.push(record.map_err(|e| read_failure(near, e))?);
    }
    // A seed of several solutions has neighbours of several too, unless the
    // clue changes happen to pin one down: say so before a run that may
    // find nothing. (One without a solution is the search's error, below.)
    let solver = BitmaskSolver::new();
    let odd: Vec<usize> = records
        .iter()
        .filter(|r| solver.search(&r.grid, 2).count > 1)
        .map(|r| r.line)
        .collect();
    if !odd.is_empty() {
        let shown: Vec<String> = odd
            .iter()
            .take(3)
            .map(|l| format!("{}:{l}", near.name()))
            .collect();
        let more = if odd.len() > 3 { ", ..." } else { "" };
        let have = if odd.len() == 1 { "has" } else { "have" };
        tell!(
            "sudoku: warning: {} of the {} seeds ({}{more}) {have} several solutions; \
             their neighbours seldom have one",
            odd.len(),
            records.len(),
            shown.join(", ")
        );
    }
    let seeds: Vec<Grid> = records.iter().map(|r| r.grid).collect();
    let generator =
        Generator::new(args.generator_options()).map_err(|e| Failure::Input(e.to_string()))?;
    let deadline = args.time_limit.map(|limit| Instant::now() + limit);
    let total = args.count;
    let mut progress = Progress::new(&args.output);
    let summary = with_output(&args.output, |out| {
        let mut writer = PuzzleWriter::new(args);
        let result = generator.run_near(
            &seeds,
            args.count,
            args.threads,
            deadline,
            // After each batch of candidates: found so far, and tried.
            |p: NearProgress| {
                progress.update(
                    p.found as u64,
                    &format!("of {total} puzzles, {} candidates tried", p.tried),
                );
                true
            },
            |g: &Generated| writer.write(g, out),
        );
        progress.finish();
        match result {
            Ok(summary) if summary.timed_out && summary.generated == 0 => {
                tell!(
                    "sudoku: the time limit was reached after {} candidates, none of them \
                     wanted; a file output was left as it was",
                    summary.tried
                );
                Err(Failure::Partial)
            }
            Ok(summary) => Ok(summary),
            Err(RunError::Sink(SinkError::Write(e))) => Err(write_failure(&args.output, &e)),
            Err(RunError::Sink(SinkError::Check(failure))) => Err(failure),
            // A seed without a solution has no neighbour to search: its
            // line is named, as any error in the input is.
            Err(RunError::Generate(PuzzleError::SeedWithoutSolution { index })) => {
                Err(Failure::Input(format!(
                    "{}:{}: this puzzle has no solution, so there is nothing near it to search",
                    near.name(),
                    records[index].line
                )))
            }
            Err(RunError::Generate(e)) => Err(Failure::Input(format!("{}: {e}", near.name()))),
        }
    })?;
    if summary.timed_out {
        tell!(
            "sudoku: the time limit was reached after {} of {} puzzles ({} candidates \
             tried); those were written",
            summary.generated,
            args.count,
            summary.tried
        );
        return Err(Failure::Partial);
    }
    Ok(())
}

/// Writes puzzles as text, each checked and formatted as `args` asks.
struct PuzzleWriter<'a> {
    args: &'a PuzzlesArgs,
    bytes: Vec<u8>,
    written: usize,
}

impl<'a> PuzzleWriter<'a> {
    fn new(args: &'a PuzzlesArgs) -> Self {
        PuzzleWriter {
            args,
            bytes: Vec::with_capacity(4096),
            written: 0,
        }
    }

    /// Checks `g` against `--technique`, formats it (with its path when
    /// asked) and writes it to `out`.
    fn write(&mut self, g: &Generated, out: &mut dyn std::io::Write) -> Result<(), SinkError> {
        self.bytes.clear();
        let path = checked_path(g, self.args).map_err(SinkError::Check)?;
        format_puzzle(&mut self.bytes, g, self.args, self.written == 0);
        if let Some(path) = path.filter(|_| self.args.with_path) {
            push_path(&mut self.bytes, &path);
        }
        self.written += 1;
        out.write_all(&self.bytes).map_err(SinkError::Write)
    }
}

/// Why a puzzle could not be written.
enum SinkError {
    Write(std::io::Error),
    Check(Failure),
}

/// The rater's path of `g`, checked against `--technique` before the puzzle
/// is written: the path is computed again here, by `rate::explain_with` on
/// the scale in use, apart from the generator's rating. `None` when neither
/// the techniques nor the path were asked for.
fn checked_path(g: &Generated, args: &PuzzlesArgs) -> Result<Option<Vec<rate::Step>>, Failure> {
    if args.techniques.is_empty() && !args.with_path {
        return Ok(None);
    }
    let path = rate::explain_with(&g.puzzle, args.scale);
    if !args.techniques.is_empty() && !args.techniques.is_taught_by(&path) {
        tell!(
            "sudoku: internal error: a generated puzzle's hardest step is not {}: {}",
            args.techniques,
            g.puzzle.to_line()
        );
        return Err(Failure::Partial);
    }
    Ok(Some(path))
}

/// Appends the solving path as comment lines, which every reader skips:
/// `# path: 37 steps, hardest X-Wing`, then `# 1. Hidden Single: ...`.
fn push_path(out: &mut Vec<u8>, path: &[rate::Step]) {
    use std::io::Write as _;
    // The step the rating names, as `sudoku rate` and a book's caption do.
    let hardest = rate::hardest_step(path).map(|s| s.technique);
    let _ = write!(out, "# path: {} steps", path.len());
    if let Some(hardest) = hardest {
        let _ = write!(out, ", hardest {hardest}");
    }
    out.push(b'\n');
    for (i, step) in path.iter().enumerate() {
        let _ = writeln!(out, "# {}. {step}", i + 1);
    }
}

/// Generates the puzzles and writes them as a book: each is checked as for
/// text, its rating kept when the generator rated it (on the scale in use,
/// as `sudoku print --scale` rates), and the rest solved and rated by
/// `sudoku_print::fill_with`.
fn write_book(
    args: &PuzzlesArgs,
    book: &Book,
    generator: &Generator,
    threads: usize,
    deadline: Option<Instant>,
) -> Result<(), Failure> {
    let book = &crate::print_cmd::prepared(book)?;
    crate::print_cmd::check_page_names(book, args.count)?;
    let mut entries = Vec::with_capacity(args.count);
    let mut progress = Progress::new(&book.output);
    let result = generator.run(args.count, threads, deadline, |g: &Generated| {
        checked_path(g, args)?;
        entries.push(Entry {
            number: entries.len() + 1,
            puzzle: g.puzzle,
            facts: g.rating.map(|rating| Facts {
                solution: g.solution,
                rating: Some(rating),
                scale: args.scale,
            }),
        });
        progress.update(entries.len() as u64, &format!("of {} puzzles", args.count));
        Ok(())
    });
    progress.finish();
    let summary = match result {
        Ok(summary) => summary,
        Err(RunError::Sink(failure)) => return Err(failure),
        Err(RunError::Generate(e @ PuzzleError::Exhausted)) => {
            tell!("sudoku: {e}; a file output was left as it was");
            return Err(Failure::Partial);
        }
        Err(RunError::Generate(e)) => return Err(Failure::Input(e.to_string())),
    };
    // Generated puzzles all have a solution, so filling cannot fail.
    if sudoku_print::fill_with(&mut entries, threads, book.scale).is_err() {
        return Err(Failure::Partial);
    }
    crate::print_cmd::check_lessons(book, &entries, |i| format!("puzzle {}", i + 1))?;
    if !entries.is_empty() {
        crate::print_cmd::write_book(book, &entries)?;
    }
    if summary.timed_out {
        tell!(
            "sudoku: the time limit was reached after {} of {} puzzles; {}",
            summary.generated,
            args.count,
            if entries.is_empty() {
                "nothing was written"
            } else {
                "the book holds those"
            }
        );
        return Err(Failure::Partial);
    }
    Ok(())
}

/// Appends one puzzle (and its solution, when asked) in the chosen format.
fn format_puzzle(out: &mut Vec<u8>, g: &Generated, args: &PuzzlesArgs, first: bool) {
    match args.format {
        PuzzleFormat::Grid => {
            push_grid(out, &g.puzzle, first);
            if args.with_solutions {
                push_grid(out, &g.solution, false);
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
