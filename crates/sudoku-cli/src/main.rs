//! `sudoku`: a thin command-line front end over sudoku-core.
//!
//! It parses arguments ([`args`]), calls the library, and maps every outcome to
//! one line on stderr and an exit status:
//!
//! | status | meaning |
//! |---|---|
//! | 0 | success (also when a reader of standard output goes away early) |
//! | 1 | the run finished, but some puzzles had no solution, or a check failed |
//! | 2 | usage error, or malformed or unreadable input; no output was replaced |
//! | 3 | output could not be written; no output was replaced |
//!
//! All work is single-threaded except `-s` and `count`, which use every core
//! (or `-j N` threads) through `sudoku_core::batch`, preserving input order.

/// Writes to standard error, ignoring failure: with nowhere left to report
/// it, an unwritable stderr must not turn into a panic (as `eprintln!` would).
macro_rules! tell_raw {
    ($($arg:tt)*) => {{
        use ::std::io::Write as _;
        let _ = write!(::std::io::stderr(), $($arg)*);
    }};
}

/// [`tell_raw!`] with a newline: one message line on standard error. A
/// progress line on the terminal is cleared first, so that the message starts
/// its own line rather than trailing the progress figures.
macro_rules! tell {
    ($($arg:tt)*) => {{
        use ::std::io::Write as _;
        let mut stderr = ::std::io::stderr().lock();
        if $crate::PROGRESS_SHOWN.swap(false, ::std::sync::atomic::Ordering::Relaxed) {
            let _ = write!(stderr, "\r\x1b[K");
        }
        let _ = writeln!(stderr, $($arg)*);
    }};
}

/// True while a progress line stands unfinished on standard error (a terminal).
static PROGRESS_SHOWN: std::sync::atomic::AtomicBool = std::sync::atomic::AtomicBool::new(false);

mod canon_cmd;
mod print_cmd;
mod puzzles_cmd;
mod rate_cmd;

use std::fs::File;
use std::io::{self, BufRead, BufReader, BufWriter, IsTerminal, Write};
use std::path::PathBuf;
use std::process::ExitCode;
use std::time::Duration;

use sudoku_cli::args::{self, Command, Input, Output};
use sudoku_cli::bench::{measure, BenchMode};
use sudoku_cli::output::AtomicFile;
use sudoku_cli::{print_args, puzzles_args};
use sudoku_core::batch::{self, BatchError, SolveEvent};
use sudoku_core::check::{check_grids, check_solutions, CheckError};
use sudoku_core::format::{PuzzleReader, ReadError};
use sudoku_core::{BitmaskSolver, FinalBoards, Solver};

const USAGE: &str = "usage: sudoku -c N [--first D] [-o PATH|-]
       sudoku -s PATH|- [-o PATH|-] [-j N]
       sudoku count PATH|- [--limit K] [-j N]
       sudoku check FILE [--first D | --puzzles PUZZLES]
       sudoku bench FILE... [--seconds S]
       sudoku rate [PATH|-] [--csv] [-j N] [--scale se|native] | sudoku rate --techniques
       sudoku explain PUZZLE [--grid] [--words] [--scale se|native]
       sudoku hint PUZZLE [--words] [--scale se|native]
       sudoku daily [DATE]
       sudoku canon PATH|- [-o PATH|-] [-j N]";

const HELP: &str = "sudoku: generate and solve Sudoku at the speed of the hardware

  -c N           write the first N (1-1000000) distinct final boards to sudoku.txt
  --first D      their top-left digit, 1-9 (default 9)
  -s PATH        solve every puzzle in PATH (- for stdin); one solution per puzzle
                 goes to sudoku.txt in input order. Formats are detected: the
                 assignment grid, 81-character lines, or 9 compact rows.
  -o PATH        write to PATH instead of ./sudoku.txt (- for stdout)
  -j N           threads for -s, count, puzzles, rate, canon and print
                 (default: all cores)

  count PATH     each puzzle's number of solutions, up to --limit K (default 2,
                 at most 10000000)
  check FILE     check a grid file: exact format, valid, pairwise distinct;
                 --first D also checks the top-left digit;
                 --puzzles P checks FILE as the solutions of puzzle file P
  bench FILE...  solver throughput on one thread, first solution and proof of uniqueness
  rate PATH      each puzzle's difficulty: score, level, hardest technique
                 (--csv for ep,ed,number,line,score,level,hardest,steps);
                 --techniques lists the techniques with their names and scores
  explain P      the human solving path of puzzle P (81 characters or a file),
                 one step per line; --grid draws the candidates before each step;
                 --words adds each step in plain language
  hint P         the next step only, from a puzzle or a partly filled position;
                 --words adds the hint's three stages, as the game and web page show them
  daily [DATE]   the daily puzzle of DATE (YYYY-MM-DD, default today in UTC), the same
                 as sudoku-play --daily and the web page's
  canon PATH     each puzzle's canonical form, one line per puzzle: equivalent
                 puzzles (relabelled, rows/columns reordered, transposed) give
                 the same line, so `sort -u` deduplicates a collection

Exit status: 0 success; 1 some puzzles had no solution or a check failed;
2 usage error or bad input; 3 output could not be written.
Files are replaced atomically: a failed run leaves the old file as it was.";

/// Prints a line on standard output. Unlike `println!`, which panics when the
/// write fails, a full disk becomes status 3 and a closed pipe a quiet end.
fn say(text: std::fmt::Arguments<'_>) -> Result<(), Failure> {
    stdout_open()?;
    let mut stdout = io::stdout().lock();
    writeln!(stdout, "{text}")
        .and_then(|()| stdout.flush())
        .map_err(|e| write_failure(&Output::Stdout, &e))
}

/// How a run ended, mapped to the exit statuses in the module docs.
pub(crate) enum Failure {
    Usage(String),
    Input(String),
    Output(String),
    /// Some puzzles unsolved or a check failed: already reported.
    Partial,
    /// A reader of standard output went away: end quietly.
    BrokenPipe,
}

fn main() -> ExitCode {
    // Before anything is written, to standard output or a file alike.
    signals::ignore_file_size_limit();
    let command = match args::parse(std::env::args_os().skip(1)) {
        Ok(command) => command,
        Err(e) => return report(Failure::Usage(e.into_message())),
    };
    match run(command) {
        Ok(()) => ExitCode::SUCCESS,
        Err(failure) => report(failure),
    }
}

fn report(failure: Failure) -> ExitCode {
    let code = match failure {
        Failure::Usage(message) => {
            // The message, and where to read more: the synopsis of every
            // command (20 lines) would bury the one line that matters.
            tell!("sudoku: {message}\nTry 'sudoku --help' for more.");
            2
        }
        Failure::Input(message) => {
            tell!("sudoku: {message}");
            2
        }
        Failure::Output(message) => {
            tell!("sudoku: {message}");
            3
        }
        Failure::Partial => 1,
        Failure::BrokenPipe => 0,
    };
    ExitCode::from(code)
}

fn run(command: Command) -> Result<(), Failure> {
    match command {
        Command::Help => say(format_args!(
            "{HELP}\n\n{}\n\n{}\n\n{USAGE}\n{}\n{}",
            puzzles_args::HELP,
            print_args::HELP,
            puzzles_args::USAGE,
            print_args::USAGE
        )),
        Command::Version => say(format_args!("sudoku {}", env!("CARGO_PKG_VERSION"))),
        Command::Generate {
            count,
            first,
            output,
        } => generate(count, first, &output),
        Command::Solve {
            input,
            output,
            threads,
        } => solve(&input, &output, threads),
        Command::Count {
            input,
            limit,
            threads,
        } => count(&input, limit, threads),
        Command::Check {
            file,
            first,
            puzzles,
        } => check(&file, first, puzzles),
        Command::Bench { files, seconds } => bench(&files, seconds),
        Command::Puzzles(args) => puzzles_cmd::run(&args),
        Command::Rate(command) => rate_cmd::run(command),
        Command::Print(args) => print_cmd::run(&args),
        Command::Canon(command) => canon_cmd::run(&command),
        Command::Daily { date } => daily(date),
    }
}

/// `sudoku daily [DATE]`: the daily puzzle's line, then a comment line with
/// its date, level and rating (`# daily 2026-11-30 · easy · SE 1.5 · Hidden
/// Single`): the same puzzle as `sudoku-play --daily` and the web page.
fn daily(date: Option<sudoku_core::daily::Date>) -> Result<(), Failure> {
    let date = date.unwrap_or_else(sudoku_core::daily::Date::today);
    let daily = sudoku_core::daily::puzzle(date);
    let rating = daily.rating.map_or_else(String::new, |r| {
        format!(
            " · {} {:.1} · {}",
            sudoku_core::rate::Scale::Se.label(),
            r.score,
            r.hardest
        )
    });
    let text = format!(
        "{}\n# daily {date} · {}{rating}\n",
        daily.puzzle.to_line(),
        date.level()
    );
    let stdout = Output::Stdout;
    with_output(&stdout, |out| {
        out.write_all(text.as_bytes())
            .map_err(|e| write_failure(&stdout, &e))
    })
}

fn is_broken_pipe(e: &io::Error) -> bool {
    e.kind() == io::ErrorKind::BrokenPipe
}

fn output_name(output: &Output) -> String {
    match output {
        Output::Stdout => "<stdout>".to_string(),
        Output::File(path) => args::shown(path),
    }
}

/// A write error (status 3) when standard output was closed as the process
/// started (`>&-`): what would go there would be lost while the run succeeds.
fn stdout_open() -> Result<(), Failure> {
    if closed_stdout::was_closed() {
        // EBADF, the error writing to the closed descriptor would have given.
        let e = io::Error::from_raw_os_error(9);
        return Err(write_failure(&Output::Stdout, &e));
    }
    Ok(())
}

pub(crate) fn write_failure(output: &Output, e: &io::Error) -> Failure {
    if is_broken_pipe(e) && *output == Output::Stdout {
        Failure::BrokenPipe
    } else {
        Failure::Output(format!("cannot write {}: {e}", output_name(output)))
    }
}

/// Runs `body` against the chosen output: standard output, or a temporary
/// file that replaces the target only if `body` succeeds.
pub(crate) fn with_output<T>(
    output: &Output,
    body: impl FnOnce(&mut dyn Write) -> Result<T, Failure>,
) -> Result<T, Failure> {
    match output {
        Output::Stdout => {
            stdout_open()?;
            let stdout = io::stdout();
            let mut out = BufWriter::with_capacity(1 << 20, stdout.lock());
            let value = body(&mut out)?;
            out.flush().map_err(|e| write_failure(output, &e))?;
            Ok(value)
        }
        Output::File(path) => {
            // Installed first, so that no interrupt can fall between creating the
            // temporary file and being able to remove it.
            signals::install();
            let mut file = AtomicFile::create(path).map_err(|e| write_failure(output, &e))?;
            let value = body(&mut file)?;
            file.commit().map_err(|e| write_failure(output, &e))?;
            Ok(value)
        }
    }
}

fn generate(count: usize, first: u8, output: &Output) -> Result<(), Failure> {
    let mut boards = FinalBoards::new(first).map_err(|e| Failure::Usage(e.to_string()))?;
    with_output(output, |out| {
        boards
            .write_grids(count, out)
            .map_err(|e| write_failure(output, &e))?;
        Ok(())
    })
}

pub(crate) fn open_input(input: &Input) -> Result<Box<dyn BufRead + Send>, Failure> {
    match input {
        Input::Stdin => Ok(Box::new(BufReader::with_capacity(1 << 16, io::stdin()))),
        Input::File(path) => {
            if path.is_dir() {
                return Err(Failure::Input(format!(
                    "cannot read {}: it is a directory",
                    input.name()
                )));
            }
            let file = File::open(path)
                .map_err(|e| Failure::Input(format!("cannot read {}: {e}", input.name())))?;
            Ok(Box::new(BufReader::with_capacity(1 << 16, file)))
        }
    }
}

pub(crate) fn read_failure(input: &Input, e: ReadError) -> Failure {
    match e {
        ReadError::Parse(p) => Failure::Input(format!(
            "{}:{}:{}: {}",
            input.name(),
            p.line,
            p.column,
            p.kind
        )),
        ReadError::Io(e) => Failure::Input(format!("cannot read {}: {e}", input.name())),
    }
}

/// Shows a progress line on stderr when it is a terminal and the output
/// goes elsewhere; silent otherwise.
pub(crate) struct Progress {
    enabled: bool,
    last: std::time::Instant,
}

impl Progress {
    /// A progress line for a run writing to `output`. None where the output
    /// itself goes to a terminal: there the line would land in the output,
    /// since the output is buffered and text written after the line
    /// continues it (`41984 puzzles rated…2.6 medium Pointing`), or the
    /// line takes the place of the empty line between two grids.
    pub(crate) fn new(output: &Output) -> Self {
        Progress {
            enabled: io::stderr().is_terminal() && !on_a_terminal(output),
            last: std::time::Instant::now(),
        }
    }

    pub(crate) fn update(&mut self, done: u64, what: &str) {
        if self.enabled && self.last.elapsed() >= Duration::from_millis(250) {
            self.last = std::time::Instant::now();
            tell_raw!("\r{done} {what}…");
            PROGRESS_SHOWN.store(true, std::sync::atomic::Ordering::Relaxed);
        }
    }

    pub(crate) fn finish(&self) {
        if self.enabled {
            tell_raw!("\r\x1b[K");
            PROGRESS_SHOWN.store(false, std::sync::atomic::Ordering::Relaxed);
        }
    }
}

/// True when `output` is a terminal: standard output that is one, or a
/// path naming standard error's terminal or `/dev/tty` (such as
/// `/dev/stdout` there).
fn on_a_terminal(output: &Output) -> bool {
    match output {
        Output::Stdout => io::stdout().is_terminal(),
        Output::File(path) => names_stderr_terminal(path),
    }
}

#[cfg(unix)]
fn names_stderr_terminal(path: &std::path::Path) -> bool {
    use std::os::fd::AsFd;
    use std::os::unix::fs::{FileTypeExt, MetadataExt};
    let device = |meta: std::fs::Metadata| meta.file_type().is_char_device().then(|| meta.rdev());
    let Some(target) = std::fs::metadata(path).ok().and_then(device) else {
        return false;
    };
    let stderr = io::stderr()
        .as_fd()
        .try_clone_to_owned()
        .ok()
        .and_then(|fd| File::from(fd).metadata().ok())
        .and_then(device);
    let tty = std::fs::metadata("/dev/tty").ok().and_then(device);
    Some(target) == stderr || Some(target) == tty
}

/// Elsewhere a terminal has no path to compare (a console is not a file).
#[cfg(not(unix))]
fn names_stderr_terminal(_path: &std::path::Path) -> bool {
    false
}

fn solve(input: &Input, output: &Output, threads: usize) -> Result<(), Failure> {
    let threads = batch::resolve_threads(threads);
    let source = open_input(input)?;
    let name = input.name();
    let mut progress = Progress::new(output);
    let totals = with_output(output, |out| {
        let result = batch::solve_stream(source, out, threads, |event| match event {
            SolveEvent::Unsolvable(u) => {
                tell!(
                    "sudoku: {name}:{}: puzzle {} has no solution ({}); written as given",
                    u.line,
                    u.number,
                    u.reason
                );
            }
            SolveEvent::Progress(done) => progress.update(done, "puzzles solved"),
            _ => {}
        });
        progress.finish();
        result.map_err(|e| match e {
            BatchError::Read(e) => read_failure(input, e),
            BatchError::Write(e) => write_failure(output, &e),
        })
    })?;
    if totals.unsolvable > 0 {
        tell!(
            "sudoku: {} of {} puzzles had no solution",
            totals.unsolvable,
            totals.puzzles
        );
        return Err(Failure::Partial);
    }
    Ok(())
}

fn count(input: &Input, limit: usize, threads: usize) -> Result<(), Failure> {
    let threads = batch::resolve_threads(threads);
    let source = open_input(input)?;
    let stdout = Output::Stdout;
    with_output(&stdout, |out| {
        let solver = BitmaskSolver::new();
        let work = |chunk: Vec<Result<sudoku_core::PuzzleRecord, ReadError>>, _start: usize| {
            let mut text = String::with_capacity(2 * chunk.len());
            for item in chunk {
                match item {
                    Ok(p) => push_count(&mut text, solver.count_solutions(&p.grid, limit)),
                    Err(e) => return (text, Some(e)),
                }
            }
            (text, None)
        };
        batch::map_ordered(
            PuzzleReader::new(source),
            threads,
            batch::SOLVE_CHUNK,
            work,
            |(text, error): (String, Option<ReadError>)| {
                out.write_all(text.as_bytes())
                    .map_err(|e| write_failure(&stdout, &e))?;
                match error {
                    Some(e) => Err(read_failure(input, e)),
                    None => Ok(()),
                }
            },
        )
    })
}

/// Appends `count` and a newline. `count` prints a line per puzzle, and a
/// `format!` per line took 3 % of the instructions of counting the solutions
/// of small puzzles (serg_benchmark).
fn push_count(text: &mut String, count: usize) {
    push_decimal(text, count);
    text.push('\n');
}

/// Appends `n` in decimal, as `{}` prints it, by hand: the commands that
/// print a line per puzzle spend a noticeable share of their time in the
/// formatting machinery otherwise.
pub(crate) fn push_decimal(text: &mut String, n: usize) {
    let mut digits = [0u8; 20];
    let (mut start, mut rest) = (digits.len(), n);
    loop {
        start -= 1;
        digits[start] = b'0' + (rest % 10) as u8;
        rest /= 10;
        if rest == 0 {
            break;
        }
    }
    text.extend(digits[start..].iter().map(|&d| char::from(d)));
}

fn check(file: &Input, first: Option<u8>, puzzles: Option<Input>) -> Result<(), Failure> {
    let source = open_input(file)?;
    let result = match &puzzles {
        Some(puzzle_input) => check_solutions(source, open_input(puzzle_input)?),
        None => check_grids(source, first),
    };
    match result {
        Ok(report) => say(format_args!(
            "{}: OK, {} grid{}",
            file.name(),
            report.grids,
            if report.grids == 1 { "" } else { "s" }
        )),
        Err(CheckError::Io(e)) => Err(Failure::Input(format!("cannot read {}: {e}", file.name()))),
        // A malformed or unreadable puzzle file is bad input, named as such.
        Err(CheckError::Puzzles(e)) => match &puzzles {
            Some(puzzle_input) => Err(read_failure(puzzle_input, e)),
            None => Err(Failure::Input(e.to_string())),
        },
        // A flaw in the format is named at PATH:LINE:COLUMN, as every
        // error in an input is.
        Err(CheckError::Format { line, column, flaw }) => {
            tell!("sudoku: {}:{line}:{column}: {flaw}", file.name());
            Err(Failure::Partial)
        }
        Err(e) => {
            tell!("sudoku: {}: {e}", file.name());
            Err(Failure::Partial)
        }
    }
}

/// The most puzzles of one file `bench` keeps in memory (81 MB); the rest of
/// the file is still read, to check it, but not timed.
const MAX_BENCH_PUZZLES: usize = 1_000_000;

/// Every file is read and checked before anything is printed, so that a bad
/// file fails the run cleanly instead of after a header and some figures.
fn bench(files: &[PathBuf], seconds: u64) -> Result<(), Failure> {
    let mut sets = Vec::with_capacity(files.len());
    for path in files {
        let input = Input::File(path.clone());
        let mut puzzles = Vec::new();
        let mut total = 0usize;
        for item in PuzzleReader::new(open_input(&input)?) {
            let puzzle = item.map_err(|e| read_failure(&input, e))?;
            if puzzles.len() < MAX_BENCH_PUZZLES {
                puzzles.push(puzzle.grid);
            }
            total += 1;
        }
        if total > puzzles.len() {
            tell!(
                "sudoku: note: {}: timing the first {} of {total} puzzles",
                input.name(),
                puzzles.len()
            );
        }
        sets.push((path, input, puzzles));
    }
    let solver = BitmaskSolver::new();
    say(format_args!(
        "{:<36} {:>8} {:>12} {:>12} {:>9} {:>8} {:>12} {:>12} {:>9} {:>8}",
        "set",
        "puzzles",
        "first/s",
        "µs",
        "no-guess%",
        "guesses",
        "unique/s",
        "µs",
        "no-guess%",
        "guesses"
    ))?;
    for (path, input, puzzles) in &sets {
        let time = Duration::from_secs(seconds);
        let first = measure(&solver, puzzles, BenchMode::FirstSolution, time);
        let unique = measure(&solver, puzzles, BenchMode::ProveUnique, time);
        if first.unsolved > 0 {
            tell!(
                "sudoku: warning: {}: {} of {} puzzles have no solution; they are timed too",
                input.name(),
                first.unsolved,
                first.sampled
            );
        }
        let name = path
            .file_name()
            .map_or_else(|| input.name(), |n| args::shown(std::path::Path::new(n)));
        say(format_args!(
            "{:<36} {:>8} {:>12.0} {:>12.2} {:>9.1} {:>8.2} {:>12.0} {:>12.2} {:>9.1} {:>8.2}",
            name,
            first.puzzles,
            first.per_second,
            first.micros_per_puzzle,
            first.no_guess_percent,
            first.guesses_per_puzzle,
            unique.per_second,
            unique.micros_per_puzzle,
            unique.no_guess_percent,
            unique.guesses_per_puzzle
        ))?;
    }
    Ok(())
}

/// Removing the temporary output file when the run is interrupted.
///
/// On SIGHUP (a closed terminal), SIGINT (Ctrl-C), SIGQUIT, SIGALRM, SIGTERM,
/// SIGUSR1 and SIGUSR2, every signal whose default action ends the process,
/// the handler unlinks the temporary file that `AtomicFile` registered, then
/// exits at once with 128 + the signal number, the shell's convention. The
/// target file was never touched, so the old output stays exactly as it was.
/// (SIGKILL cannot be caught; it leaves the temporary file behind, but the
/// target is still intact.)
///
/// SIGXFSZ (a `ulimit -f` reached) is ignored from the start of every run,
/// whatever the output, so that the write fails with "File too large" and
/// the run ends with status 3 like any other write error, on standard output
/// as on a file, instead of the process being killed (status 153).
///
/// std already links the C library, so the three functions are declared by
/// hand rather than through a crate.
#[cfg(unix)]
mod signals {
    use std::os::raw::{c_char, c_int};
    use std::sync::Once;

    // The same numbers on Linux, the BSDs and macOS.
    const SIGHUP: c_int = 1;
    const SIGINT: c_int = 2;
    const SIGQUIT: c_int = 3;
    const SIGALRM: c_int = 14;
    const SIGTERM: c_int = 15;
    const SIGXFSZ: c_int = 25;
    // These differ.
    #[cfg(any(target_os = "linux", target_os = "android"))]
    const SIGUSR: [c_int; 2] = [10, 12];
    #[cfg(not(any(target_os = "linux", target_os = "android")))]
    const SIGUSR: [c_int; 2] = [30, 31];
    /// `SIG_IGN`, the handler that ignores a signal.
    const IGNORE: usize = 1;

    extern "C" {
        /// Takes and returns a handler (`sighandler_t`, pointer-sized).
        fn signal(signum: c_int, handler: usize) -> usize;
        fn unlink(path: *const c_char) -> c_int;
        fn _exit(status: c_int) -> !;
    }

    extern "C" fn on_signal(signum: c_int) {
        let path = sudoku_cli::output::cleanup::current_temp_path();
        // SAFETY: only async-signal-safe calls happen here: an atomic load
        // (above), unlink(2) and _exit(2). `path` is null or a NUL-terminated
        // string owned by the cleanup registry; the registry frees it only
        // after the rename that makes the temporary name disappear, so at worst
        // unlink finds no such file.
        unsafe {
            if !path.is_null() {
                unlink(path);
            }
            _exit(128 + signum);
        }
    }

    /// Makes a write past `ulimit -f` fail with EFBIG instead of raising
    /// SIGXFSZ, whose default action kills the process.
    pub fn ignore_file_size_limit() {
        // SAFETY: SIG_IGN is a valid handler for SIGXFSZ.
        unsafe {
            signal(SIGXFSZ, IGNORE);
        }
    }

    /// Installs the handlers, once per process.
    pub fn install() {
        static INSTALL: Once = Once::new();
        INSTALL.call_once(|| {
            let handler: extern "C" fn(c_int) = on_signal;
            let terminating = [
                SIGHUP, SIGINT, SIGQUIT, SIGALRM, SIGTERM, SIGUSR[0], SIGUSR[1],
            ];
            // SAFETY: `on_signal` has the C signature signal(2) expects and
            // does only async-signal-safe work.
            unsafe {
                for signum in terminating {
                    signal(signum, handler as usize);
                }
            }
        });
    }
}

/// Whether standard output was closed when the process started (`>&-`).
///
/// Before `main`, Rust's runtime opens /dev/null on any of the descriptors
/// 0, 1 and 2 that is closed, so by the time `main` runs a closed standard
/// output cannot be told from `>/dev/null`, and `-o -` would succeed while
/// writing nowhere. A constructor in `.init_array` runs before the runtime's
/// and records whether descriptor 1 was open, so that writing to it can be
/// the error (status 3) that `cat >&-` or `seq 3 >&-` give.
#[cfg(any(target_os = "linux", target_os = "android"))]
mod closed_stdout {
    use std::os::raw::c_int;
    use std::sync::atomic::{AtomicBool, Ordering};

    /// `F_GETFD`, the same number on every Unix.
    const F_GETFD: c_int = 1;

    static CLOSED: AtomicBool = AtomicBool::new(false);

    extern "C" {
        fn fcntl(fd: c_int, cmd: c_int, ...) -> c_int;
    }

    extern "C" fn record() {
        // SAFETY: F_GETFD only reads the descriptor's flags; on a closed
        // descriptor it fails with EBADF and changes nothing.
        if unsafe { fcntl(1, F_GETFD) } == -1 {
            CLOSED.store(true, Ordering::Relaxed);
        }
    }

    /// Called by the C runtime before `main` (and so before Rust's runtime
    /// reopens closed descriptors), like a C constructor.
    #[used]
    #[link_section = ".init_array"]
    static RECORD: extern "C" fn() = record;

    pub fn was_closed() -> bool {
        CLOSED.load(Ordering::Relaxed)
    }
}

/// Elsewhere a closed standard output is not detected (it behaves like
/// `>/dev/null`).
#[cfg(not(any(target_os = "linux", target_os = "android")))]
mod closed_stdout {
    pub fn was_closed() -> bool {
        false
    }
}

/// Elsewhere an interrupt ends the run with the default behaviour; the target
/// file is still never left partial.
#[cfg(not(unix))]
mod signals {
    pub fn install() {}

    /// There is no SIGXFSZ: a write past a size limit is already an error.
    pub fn ignore_file_size_limit() {}
}
