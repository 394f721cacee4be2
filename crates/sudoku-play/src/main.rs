//! `sudoku-play`: Sudoku in the terminal.
//!
//! This file owns the terminal: it parses the arguments, switches the terminal
//! to raw mode and the alternate screen, runs the menu and the game loop, and
//! always puts the terminal back: on a normal exit, on Ctrl-C (which raw mode
//! delivers as a key, handled as "quit and save"), on SIGTERM, SIGHUP, SIGINT
//! and SIGQUIT (caught, then the game is saved with its clock and the program
//! ends), and on a panic (through a panic hook). Everything else lives in the
//! library: `game`, `ui`, `source`, `save`, `stats`, `daily`.
//!
//! Exit status: 0 normally, 1 when the terminal cannot be used or failed, 2
//! for bad arguments or an unusable puzzle, 3 when the game could not be
//! saved, 128 + N after signal N.

use std::ffi::OsStr;
use std::io::{self, IsTerminal, Stdout, Write};
use std::path::{Path, PathBuf};
use std::process::ExitCode;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::Arc;
use std::time::{Duration, Instant};

use ratatui::backend::CrosstermBackend;
use ratatui::crossterm::event::{
    self, DisableMouseCapture, EnableMouseCapture, Event, KeyCode, KeyEvent, KeyEventKind,
    KeyModifiers, MouseButton, MouseEventKind,
};
use ratatui::crossterm::terminal::{
    disable_raw_mode, enable_raw_mode, EnterAlternateScreen, LeaveAlternateScreen,
};
use ratatui::crossterm::{cursor, execute};
use ratatui::layout::Rect;
use ratatui::{Frame, Terminal};
use sudoku_core::format::{ParseError, ParseErrorKind, PuzzleReader, ReadError};
use sudoku_core::{BitmaskSolver, Grid, Solver};
use sudoku_play::daily::Date;
use sudoku_play::game::{Action, Game, Outcome};
use sudoku_play::save;
use sudoku_play::settings::{Field, Settings, ThemeName};
use sudoku_play::source::{self, Difficulty};
use sudoku_play::stats::{self, Stats, Win};
use sudoku_play::ui::{self, Extras, Geometry, MenuItem, Theme};

const HELP: &str = "sudoku-play: Sudoku in the terminal

usage: sudoku-play                       menu: resume, daily, new game, statistics, settings, help
       sudoku-play [--difficulty D] [--seed S]
       sudoku-play --daily [--date YYYY-MM-DD]
       sudoku-play PUZZLE                an 81-character puzzle, or a file holding one
       sudoku-play --technique NAME [--seed S]   a puzzle whose hardest step is NAME

  -d, --difficulty D     easy, medium, hard, expert or extreme (default: easy)
  --seed S               the same seed and difficulty always give the same puzzle
  --technique NAME       x-wing, xy-wing, turbot-fish, ... (SE's: `sudoku rate --techniques`)
  --daily                today's puzzle (UTC), the same for every player
  --date YYYY-MM-DD      the daily puzzle of another date
  --mistake-limit N      end the game after N mistakes (default: the settings', else none)
  --theme T              normal or high-contrast, for this run (default: the settings')
  -h, --help             this help
  -V, --version          the version

Keys: arrows, hjkl or WASD move (or click a cell); 1-9 enter; 0, Backspace or
Delete clear; n pencil marks; m auto-remove marks; f fill in every candidate;
x clear every mark; u undo; Ctrl-R redo; ? hint (technique, then cells, then
apply); PgDn/PgUp page through a long hint; c check digits and marks; p pause;
r restart (asks first); i or F1 help; Esc back to the menu; q quit and save.
After a win: n new game of the same level (another puzzle of the technique
after --technique; the menu after a daily or custom puzzle), m menu, q quit;
out of mistakes, r retries the same puzzle. The menu also has Statistics,
Settings (saved beside the game) and Help.
The game is saved on every move, undo history included, and offered for
resuming from the menu; a game in progress is never replaced without asking.
NO_COLOR=1 turns colours off.

Exit status: 0 done, 1 terminal unusable, 2 bad arguments or puzzle,
3 the game could not be saved, 128+N ended by signal N.";

/// What to start with, decided before the terminal is touched so that bad
/// arguments are reported on a normal screen.
#[derive(Debug, PartialEq)]
enum Start {
    Menu,
    New(Difficulty, u64),
    Daily(Date),
    Custom(Grid, Grid),
    /// A puzzle dealt to teach a technique (`--technique`).
    Lesson(sudoku_core::rate::Technique, Grid, Grid),
}

/// What the command line asks for.
#[derive(Debug, PartialEq)]
enum Request {
    /// Print the help and leave.
    Help,
    /// Print the version and leave.
    Version,
    /// Play.
    Play(Launch),
}

/// The parsed command line: what to start, and settings for every game.
#[derive(Debug, PartialEq)]
struct Launch {
    start: Start,
    /// Mistakes that end a game, 0 for no limit; `None` when not given, so
    /// that a resumed game keeps its own.
    mistake_limit: Option<u32>,
    /// `--theme`, for this run only; `None` keeps the settings' theme.
    theme: Option<ThemeName>,
}

/// Writes to stderr, ignoring a closed stderr: there is nowhere left to report it.
fn report(message: &str) {
    let _ = writeln!(io::stderr(), "sudoku-play: {message}");
}

fn main() -> ExitCode {
    let launch = match parse_args(std::env::args_os().skip(1)) {
        Ok(Request::Play(launch)) => launch,
        Ok(Request::Help) => return print_and_leave("the help", HELP),
        Ok(Request::Version) => {
            return print_and_leave(
                "the version",
                concat!("sudoku-play ", env!("CARGO_PKG_VERSION")),
            )
        }
        Err(message) => {
            report(&message);
            return ExitCode::from(2);
        }
    };
    // Checked before anything is written, so a redirected run gets one clear
    // line and no escape codes in its output.
    if !io::stdin().is_terminal() || !io::stdout().is_terminal() {
        report("cannot use the terminal: standard input and output must both be a terminal");
        return ExitCode::from(1);
    }
    let caught = install_signal_handlers();
    let theme = Theme::from_env();
    let mut save_path = save::save_path();
    let stats_path = save_path.as_deref().map(save::stats_path_beside);
    let settings_path = save_path.as_deref().map(save::settings_path_beside);
    let (settings, settings_note) = load_settings(settings_path.as_deref());
    // One copy of the game at a time owns the save: a second one sharing the
    // data directory would overwrite the first one's moves with its own.
    let mut save_error = None;
    let mut fresh_notice = None;
    let lock = match save_path.as_deref().map(save::lock) {
        Some(Ok(Ok(lock))) => Some(lock),
        Some(Ok(Err(held))) => {
            let who = held.pid.map_or_else(
                || "another sudoku-play".to_string(),
                |pid| format!("another sudoku-play (pid {pid})"),
            );
            let reason = format!(
                "{who} is playing the saved game in {}; this copy does not save, so neither \
                 overwrites the other's moves",
                save_path
                    .as_deref()
                    .and_then(Path::parent)
                    .map_or_else(String::new, |d| d.display().to_string())
            );
            save_path = None;
            // Short, so that the panel keeps its keys listed at 80x24; the
            // menu's note gives the whole reason.
            let pid = held
                .pid
                .map_or_else(String::new, |pid| format!(" (pid {pid})"));
            save_error = Some(format!(
                "another copy{pid} holds the save; this one does not save"
            ));
            fresh_notice = Some(Notice {
                full: reason,
                short: None,
            });
            None
        }
        // The directory cannot be made or written: saving fails too, and says so.
        Some(Err(_)) | None => None,
    };
    install_panic_hook();
    let mut terminal = match enter_terminal() {
        Ok(terminal) => terminal,
        Err(e) => {
            restore_terminal();
            report(&format!("cannot use the terminal: {e}"));
            return ExitCode::from(1);
        }
    };
    watch_for_hangup();
    let mut app = App {
        terminal: &mut terminal,
        theme,
        base_theme: theme,
        settings,
        settings_path,
        settings_note: settings_note.clone(),
        settings_unsaved: false,
        cli_theme: launch.theme,
        save_path,
        stats_path,
        _lock: lock,
        save_error,
        notice: None,
        fresh_notice,
        game_saved: false,
        mistake_limit: launch.mistake_limit,
        caught,
    };
    app.apply_settings();
    if let Some(note) = settings_note {
        if app.fresh_notice.is_none() {
            app.fresh_notice = Some(Notice {
                short: Some("settings unreadable; defaults used".to_string()),
                full: note,
            });
        }
    }
    let result = app.run(launch.start);
    let save_error = app.save_error.take();
    let notice = app.notice.take();
    let signal = app.caught.load(Ordering::SeqCst);
    restore_terminal();
    if let Err(e) = &result {
        report(&format!("terminal error: {e}"));
    }
    if let Some(notice) = &notice {
        report(notice);
    }
    if let Some(error) = &save_error {
        report(error);
    }
    if signal != 0 {
        return ExitCode::from((128 + signal).min(255) as u8);
    }
    match (result, save_error) {
        (Err(_), _) => ExitCode::from(1),
        (Ok(()), Some(_)) => ExitCode::from(3),
        (Ok(()), None) => ExitCode::SUCCESS,
    }
}

/// The settings in the file at `path`: the defaults when there is none (or
/// no path), and the defaults with a note saying why when it cannot be read.
fn load_settings(path: Option<&Path>) -> (Settings, Option<String>) {
    let Some(path) = path else {
        return (Settings::default(), None);
    };
    let why = match std::fs::read(path) {
        Err(e) if e.kind() == io::ErrorKind::NotFound => return (Settings::default(), None),
        Err(e) => e.to_string(),
        Ok(bytes) => match String::from_utf8(bytes) {
            Err(_) => "it is not text".to_string(),
            Ok(text) => match Settings::parse(&text) {
                Ok(settings) => return (settings, None),
                Err(e) => e,
            },
        },
    };
    let note = format!(
        "the settings in {} could not be read ({why}); the defaults are used, and the file \
         is replaced when a setting is changed",
        path.display()
    );
    (Settings::default(), Some(note))
}

/// Writes `text` to stdout for `--help` or `--version`; status 0, or 1 when
/// it cannot be written. `sudoku-play --help | head -2` closes the pipe
/// early: that is the reader's choice, not an error.
fn print_and_leave(what: &str, text: &str) -> ExitCode {
    let mut out = io::stdout().lock();
    match writeln!(out, "{text}").and_then(|()| out.flush()) {
        Err(e) if e.kind() != io::ErrorKind::BrokenPipe => {
            report(&format!("cannot write {what}: {e}"));
            ExitCode::from(1)
        }
        _ => ExitCode::SUCCESS,
    }
}

fn parse_args(args: impl IntoIterator<Item = std::ffi::OsString>) -> Result<Request, String> {
    use lexopt::prelude::*;
    let mut parser = lexopt::Parser::from_args(args);
    let mut difficulty = None;
    let mut seed = None;
    let mut puzzle = None;
    let mut technique = None;
    let mut daily = false;
    let mut date = None;
    let mut mistake_limit = None;
    let mut theme = None;
    while let Some(arg) = parser.next().map_err(|e| e.to_string())? {
        match arg {
            Long("technique") => {
                let value = parser.value().map_err(|e| e.to_string())?;
                let text = value.to_string_lossy();
                technique = Some(
                    text.parse::<sudoku_core::rate::Technique>()
                        .map_err(|e| e.to_string())?,
                );
            }
            Short('h') | Long("help") => return Ok(Request::Help),
            Short('V') | Long("version") => return Ok(Request::Version),
            Short('d') | Long("difficulty") => {
                let value = parser.value().map_err(|e| e.to_string())?;
                let text = value.to_string_lossy();
                difficulty = Some(text.parse::<Difficulty>().map_err(|e| e.to_string())?);
            }
            Long("seed") => {
                let value = parser.value().map_err(|e| e.to_string())?;
                let text = value.to_string_lossy();
                seed = Some(
                    text.trim()
                        .parse::<u64>()
                        .map_err(|_| format!("--seed wants a whole number, not '{text}'"))?,
                );
            }
            Long("daily") => daily = true,
            Long("date") => {
                let value = parser.value().map_err(|e| e.to_string())?;
                date = Some(
                    value
                        .to_string_lossy()
                        .parse::<Date>()
                        .map_err(|e| format!("--date: {e}"))?,
                );
            }
            Long("mistake-limit") => {
                let value = parser.value().map_err(|e| e.to_string())?;
                let text = value.to_string_lossy();
                mistake_limit = Some(text.trim().parse::<u32>().map_err(|_| {
                    format!("--mistake-limit wants a whole number (0 for none), not '{text}'")
                })?);
            }
            Long("theme") => {
                let value = parser.value().map_err(|e| e.to_string())?;
                theme = Some(
                    value
                        .to_string_lossy()
                        .parse::<ThemeName>()
                        .map_err(|e| format!("--theme: {e}"))?,
                );
            }
            Value(value) if puzzle.is_none() => puzzle = Some(value),
            other => return Err(other.unexpected().to_string()),
        }
    }
    let launch = |start| {
        Ok(Request::Play(Launch {
            start,
            mistake_limit,
            theme,
        }))
    };
    let level_or_seed = difficulty.is_some() || seed.is_some();
    if let Some(technique) = technique {
        if puzzle.is_some() || difficulty.is_some() || daily || date.is_some() {
            return Err(
                "--technique cannot be combined with a PUZZLE, --difficulty, --daily or --date"
                    .to_string(),
            );
        }
        // Dealt before the terminal is taken over, so that a rare technique's
        // wait, or its failure, is reported on a normal screen.
        let made = source::generate_teaching(technique, seed.unwrap_or_else(fresh_seed))?;
        return launch(Start::Lesson(technique, made.puzzle, made.solution));
    }
    if let Some(value) = puzzle {
        if level_or_seed || daily || date.is_some() {
            return Err(
                "a PUZZLE cannot be combined with --difficulty, --seed, --daily or --date"
                    .to_string(),
            );
        }
        let (puzzle, solution) = load_puzzle(&value)?;
        return launch(Start::Custom(puzzle, solution));
    }
    if daily || date.is_some() {
        if level_or_seed {
            return Err(
                "the daily puzzle has its own level and seed: drop --difficulty and --seed".into(),
            );
        }
        return launch(Start::Daily(date.unwrap_or_else(Date::today)));
    }
    if !level_or_seed {
        return launch(Start::Menu);
    }
    launch(Start::New(
        difficulty.unwrap_or(Difficulty::Easy),
        seed.unwrap_or_else(fresh_seed),
    ))
}

/// Reads PUZZLE: a file when something exists at that path, else the text itself.
fn load_puzzle(value: &OsStr) -> Result<(Grid, Grid), String> {
    let path = Path::new(value);
    let text = value.to_string_lossy();
    let puzzle = match std::fs::metadata(path) {
        Ok(meta) if meta.is_dir() => {
            return Err(format!(
                "{} is a directory, not a puzzle file",
                path.display()
            ))
        }
        // Regular files, but also pipes and devices (`<(…)`, /dev/stdin).
        Ok(_) => read_puzzle_file(path)?,
        Err(e) if looks_like_a_path(&text) => {
            let why = match e.kind() {
                io::ErrorKind::NotFound => "no such file".to_string(),
                _ => e.to_string(),
            };
            return Err(format!("cannot read {}: {why}", path.display()));
        }
        Err(_) => text
            .parse::<Grid>()
            .map_err(|e| format!("'{text}' is not a puzzle: {}", explain(&e)))?,
    };
    if let Some(conflict) = puzzle.first_conflict() {
        return Err(format!("the givens conflict: {conflict}"));
    }
    let search = BitmaskSolver::new().search(&puzzle, 2);
    match (search.count, search.solution) {
        (1, Some(solution)) => Ok((puzzle, solution)),
        (0, _) | (_, None) => Err("the puzzle has no solution".to_string()),
        _ => Err("the puzzle has more than one solution, so its digits cannot be checked".into()),
    }
}

/// The first puzzle in the file at `path`, through sudoku-core's reader (every format it reads).
fn read_puzzle_file(path: &Path) -> Result<Grid, String> {
    let file =
        std::fs::File::open(path).map_err(|e| format!("cannot read {}: {e}", path.display()))?;
    let mut reader = PuzzleReader::new(io::BufReader::new(file));
    match reader.next() {
        Some(Ok(p)) => Ok(p.grid),
        Some(Err(ReadError::Parse(e))) => Err(format!("{}: {}", path.display(), explain(&e))),
        Some(Err(e)) => Err(format!("{}: {e}", path.display())),
        None => Err(format!("{} holds no puzzle", path.display())),
    }
}

/// True when `text` cannot be a puzzle and so was meant as a file name:
/// puzzles are digits, dots, spaces and grid lines, never letters or slashes.
fn looks_like_a_path(text: &str) -> bool {
    text.chars()
        .any(|c| c.is_alphabetic() || c == '/' || c == '\\' || c == '~')
}

/// The reader's error, with a word on the one case it cannot explain alone:
/// a cell character where a separator belongs, as in '53..7 ....', whose
/// space makes the reader expect nine space-separated cells per row.
fn explain(e: &ParseError) -> String {
    match e.kind {
        ParseErrorKind::UnexpectedByte { byte }
            if matches!(byte, b'.' | b'_') || byte.is_ascii_digit() =>
        {
            format!(
                "line {}, column {}: '{}' follows another cell without a space; in a row \
                 written with spaces every cell needs one, so write the puzzle either as 81 \
                 characters without spaces or as nine rows of nine space-separated cells",
                e.line, e.column, byte as char
            )
        }
        _ => e.to_string(),
    }
}

/// A seed that differs from run to run; a game needs variety, not secrecy.
fn fresh_seed() -> u64 {
    let nanos = std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map(|d| d.as_nanos() as u64)
        .unwrap_or(0);
    nanos ^ (u64::from(std::process::id()) << 32)
}

/// Catches the signals that end a terminal program, so the loops can save
/// the game (with its clock) and put the terminal back before leaving. The
/// returned number is the signal caught, 0 until then. A second signal ends
/// the program at once, in case the first one is not noticed.
#[cfg(unix)]
fn install_signal_handlers() -> Arc<AtomicUsize> {
    use signal_hook::consts::{SIGHUP, SIGINT, SIGQUIT, SIGTERM};
    use std::sync::atomic::AtomicBool;
    let caught = Arc::new(AtomicUsize::new(0));
    let once = Arc::new(AtomicBool::new(false));
    for signal in [SIGTERM, SIGHUP, SIGINT, SIGQUIT] {
        // Registration fails only for forbidden signals, which these are not;
        // without it the game still works, as before.
        let _ = signal_hook::flag::register_conditional_shutdown(
            signal,
            128 + signal,
            Arc::clone(&once),
        );
        let _ = signal_hook::flag::register(signal, Arc::clone(&once));
        let _ = signal_hook::flag::register_usize(signal, Arc::clone(&caught), signal as usize);
    }
    caught
}

#[cfg(not(unix))]
fn install_signal_handlers() -> Arc<AtomicUsize> {
    Arc::new(AtomicUsize::new(0))
}

/// The number reported for a terminal that went away: SIGHUP's, as the
/// kernel would send.
const HANGUP: usize = 1;

/// Waits up to `timeout` for input on the terminal (standard input, which
/// `main` checked is one) and says whether the terminal has hung up.
#[cfg(unix)]
fn terminal_hung_up(timeout: Duration) -> bool {
    let mut watched = libc::pollfd {
        fd: libc::STDIN_FILENO,
        events: libc::POLLIN,
        revents: 0,
    };
    let millis = libc::c_int::try_from(timeout.as_millis()).unwrap_or(libc::c_int::MAX);
    // SAFETY: one valid pollfd, and its count is 1.
    let ready = unsafe { libc::poll(&mut watched, 1, millis) };
    // A failed wait (EINTR from a resize or a signal) is not a hang-up: the
    // loop looks again on its next tick.
    ready > 0 && watched.revents & (libc::POLLHUP | libc::POLLERR | libc::POLLNVAL) != 0
}

#[cfg(not(unix))]
fn terminal_hung_up(timeout: Duration) -> bool {
    // No hang-up to detect; wait for input the portable way.
    let _ = event::poll(timeout);
    false
}

/// The backstop for the one case `next_event` cannot see: a terminal that
/// hangs up between its check and crossterm's read, which then spins for
/// ever. Every second a thread looks at the terminal; two seconds after a
/// hang-up the main thread has normally saved and left, and if it has not,
/// the process ends here (the game was saved at its last move).
#[cfg(unix)]
fn watch_for_hangup() {
    let _ = std::thread::Builder::new()
        .name("hangup-watch".into())
        .spawn(|| loop {
            std::thread::sleep(Duration::from_secs(1));
            if terminal_hung_up(Duration::ZERO) {
                std::thread::sleep(Duration::from_secs(2));
                std::process::exit(128 + HANGUP as i32);
            }
        });
}

#[cfg(not(unix))]
fn watch_for_hangup() {}

type Term = Terminal<CrosstermBackend<Stdout>>;

fn enter_terminal() -> io::Result<Term> {
    enable_raw_mode()?;
    execute!(
        io::stdout(),
        EnterAlternateScreen,
        EnableMouseCapture,
        cursor::Hide
    )?;
    Terminal::new(CrosstermBackend::new(io::stdout()))
}

/// Puts the terminal back as it was. Safe to call more than once.
fn restore_terminal() {
    let _ = disable_raw_mode();
    let _ = execute!(
        io::stdout(),
        DisableMouseCapture,
        LeaveAlternateScreen,
        cursor::Show
    );
}

/// Restores the terminal before the panic message is printed, so it is readable.
fn install_panic_hook() {
    let previous = std::panic::take_hook();
    std::panic::set_hook(Box::new(move |info| {
        restore_terminal();
        previous(info);
    }));
}

/// How often the loops wake up: the clock ticks on screen and a caught
/// signal is noticed within this time.
const TICK: Duration = Duration::from_millis(100);

struct App<'t> {
    terminal: &'t mut Term,
    /// How to draw: `base_theme` with the settings (and `--theme`) applied.
    theme: Theme,
    /// `NO_COLOR`'s choice, before the settings.
    base_theme: Theme,
    /// The player's settings, as saved (flags do not change them).
    settings: Settings,
    /// `settings.txt` beside the save; `None` without a data directory.
    settings_path: Option<PathBuf>,
    /// Why the settings file could not be read, or saved; shown on the settings screen.
    settings_note: Option<String>,
    /// True when the last change of a setting could not be saved.
    settings_unsaved: bool,
    /// `--theme`, which overrides the settings' theme for this run.
    cli_theme: Option<ThemeName>,
    save_path: Option<PathBuf>,
    /// `stats.txt`, kept even when this copy does not save its game.
    stats_path: Option<PathBuf>,
    /// This copy's hold on the save file, for as long as it runs.
    _lock: Option<save::SaveLock>,
    /// The last failed save (or stats update); shown at once, and the exit status says so.
    save_error: Option<String>,
    /// Something the player should know that is not a failure (a save file
    /// that could not be read and was set aside); reported at exit.
    notice: Option<String>,
    /// The notice as the screen shows it, until the next key: whole in the
    /// menu, shortened in the game's panel.
    fresh_notice: Option<Notice>,
    /// True when the game's last save (or its removal once over) worked.
    game_saved: bool,
    /// `--mistake-limit`: for new games, and applied to a resumed one.
    mistake_limit: Option<u32>,
    caught: Arc<AtomicUsize>,
}

/// A notice in its two lengths.
struct Notice {
    /// The whole text, for the menu.
    full: String,
    /// A few words for the game's panel, which must keep its keys listed;
    /// `None` when a warning there says it already.
    short: Option<String>,
}

/// How a game ended.
enum End {
    Quit,
    Menu,
    /// A new game of the same level as this label's (of the same technique
    /// after a lesson).
    NewGame(String),
    /// The same puzzle again on a fresh board, after running out of mistakes.
    Retry,
}

/// The answer to "replace the game in progress?".
enum Answer {
    Yes,
    No,
    Quit,
}

impl App<'_> {
    fn signalled(&self) -> bool {
        self.caught.load(Ordering::SeqCst) != 0
    }

    /// The terminal's next event, or `None` after [`TICK`] without one.
    ///
    /// A terminal that has gone away (its window closed, its tmux pane
    /// killed) is taken as a hang-up signal, so the loops save the game and
    /// leave as they do for SIGHUP. The check comes first because crossterm
    /// 0.28 never returns from `poll` on a hung-up terminal: it re-reads the
    /// end of input forever, at full speed, whatever the timeout.
    fn next_event(&self) -> io::Result<Option<Event>> {
        // First what crossterm already holds (one read can bring several
        // keys), then a wait on the terminal itself.
        for wait in [Duration::ZERO, TICK] {
            if terminal_hung_up(wait) {
                self.caught.store(HANGUP, Ordering::SeqCst);
                return Ok(None);
            }
            // Input is ready, or the wait passed (or a signal such as a
            // resize ended it): take what crossterm has without waiting.
            if event::poll(Duration::ZERO)? {
                return Ok(Some(event::read()?));
            }
        }
        Ok(None)
    }

    fn run(&mut self, start: Start) -> io::Result<()> {
        let mut game = match start {
            Start::Menu => None,
            start => {
                let saved = self.load_saved();
                let replace = match &saved {
                    Some((_, about, game)) if !is_same_daily(&start, game) => {
                        let question = [
                            "A game is in progress".to_string(),
                            format!("{about}."),
                            String::new(),
                            "y start the new game (the saved one is lost) · n resume the saved one · q quit".to_string(),
                        ];
                        self.ask(&question)?
                    }
                    Some(_) => Answer::No,
                    None => Answer::Yes,
                };
                match (replace, saved) {
                    (Answer::Quit, _) => return Ok(()),
                    (Answer::No, Some((text, ..))) => self.resume(&text),
                    (_, saved) => {
                        if let Some((_, _, replaced)) = saved {
                            self.update_stats(|s| s.record_loss(replaced.label()));
                        }
                        self.start_game(start)?
                    }
                }
            }
        };
        loop {
            let current = match game.take() {
                Some(game) => game,
                None => match self.menu()? {
                    Some(game) => game,
                    None => return Ok(()),
                },
            };
            match self.play(current)? {
                End::Quit => return Ok(()),
                End::Menu => {}
                // Handled in the game's loop.
                End::Retry => {}
                End::NewGame(label) => {
                    if let Some(technique) = ui::technique_of(&label) {
                        game = self.lesson(technique, fresh_seed())?;
                    } else if let Ok(difficulty) = stats::level_of(&label).parse::<Difficulty>() {
                        game = Some(self.new_game(difficulty, fresh_seed())?);
                    }
                }
            }
        }
    }

    /// The game `start` asks for, or `None` for [`Start::Menu`].
    fn start_game(&mut self, start: Start) -> io::Result<Option<Game>> {
        Ok(Some(match start {
            Start::Custom(puzzle, solution) => self.with_settings(Game::new(
                puzzle,
                solution,
                source::rating(&puzzle),
                "custom".to_string(),
                Instant::now(),
            )),
            Start::Lesson(technique, puzzle, solution) => {
                self.lesson_game(technique, puzzle, solution)
            }
            Start::New(difficulty, seed) => self.new_game(difficulty, seed)?,
            Start::Daily(date) => self.daily_game(date)?,
            Start::Menu => return Ok(None),
        }))
    }

    /// A new game as the settings (and `--mistake-limit`) ask: its mistake
    /// limit and auto-removal.
    fn with_settings(&self, game: Game) -> Game {
        game.with_mistake_limit(self.mistake_limit.unwrap_or(self.settings.mistake_limit))
            .with_auto_remove(self.settings.auto_remove)
    }

    /// A lesson's game, labelled "technique NAME" so that the Solved!
    /// screen offers another puzzle of the same technique.
    fn lesson_game(
        &self,
        technique: sudoku_core::rate::Technique,
        puzzle: Grid,
        solution: Grid,
    ) -> Game {
        self.with_settings(Game::new(
            puzzle,
            solution,
            source::rating(&puzzle),
            format!("technique {}", technique.name()),
            Instant::now(),
        ))
    }

    /// Another puzzle teaching `technique`; `None` (and a note in the
    /// menu) when none turned up in time.
    fn lesson(
        &mut self,
        technique: sudoku_core::rate::Technique,
        seed: u64,
    ) -> io::Result<Option<Game>> {
        let notice = format!("Dealing a puzzle whose hardest step is {technique}…");
        self.terminal.draw(|f| ui::draw_notice(f, &notice))?;
        match source::generate_teaching(technique, seed) {
            Ok(made) => Ok(Some(self.lesson_game(
                technique,
                made.puzzle,
                made.solution,
            ))),
            Err(e) => {
                self.fresh_notice = Some(Notice {
                    full: e,
                    short: None,
                });
                Ok(None)
            }
        }
    }

    /// Applies the settings (and `--theme`) to how the game is drawn.
    fn apply_settings(&mut self) {
        let mut shown = self.settings;
        if let Some(theme) = self.cli_theme {
            shown.theme = theme;
        }
        self.theme = self.base_theme.with_settings(&shown);
    }

    fn new_game(&mut self, difficulty: Difficulty, seed: u64) -> io::Result<Game> {
        self.generate(difficulty, seed, difficulty.name().to_string())
    }

    fn daily_game(&mut self, date: Date) -> io::Result<Game> {
        self.generate(date.level(), date.seed(), daily_label(date))
    }

    fn generate(&mut self, difficulty: Difficulty, seed: u64, label: String) -> io::Result<Game> {
        let notice = format!("Generating a{} {difficulty} puzzle…", an(difficulty));
        self.terminal.draw(|f| ui::draw_notice(f, &notice))?;
        let made = source::generate(difficulty, seed);
        Ok(self.with_settings(Game::new(
            made.puzzle,
            made.solution,
            made.rating,
            label,
            Instant::now(),
        )))
    }

    /// The saved game `text`, resumed now, with `--mistake-limit` applied
    /// when it was given (see [`Game::change_mistake_limit`]).
    fn resume(&self, text: &str) -> Option<Game> {
        let mut game = Game::from_save(text, Instant::now()).ok()?;
        if let Some(limit) = self.mistake_limit {
            game.change_mistake_limit(limit);
        }
        Some(game)
    }

    /// The saved game's text, a description of it and the game, when there is a readable one.
    ///
    /// A save file that exists but cannot be read as one (damaged, or from
    /// another version) is renamed to `game.txt.unreadable` (or `.1`, `.2`,
    /// ... when that name is taken: see [`save::set_aside`]) rather than
    /// overwritten by the next save, and the player is told where it went.
    fn load_saved(&mut self) -> Option<(String, String, Game)> {
        let path = self.save_path.clone()?;
        let problem = match std::fs::read(&path) {
            // No file, or none that can be opened (a directory in the way,
            // no permission): saving there fails too, and says so.
            Err(_) => return None,
            Ok(bytes) => match String::from_utf8(bytes) {
                Err(_) => "it is not text".to_string(),
                Ok(text) => match Game::from_save(&text, Instant::now()) {
                    Ok(game) => return resumable(text, game),
                    Err(e) => e.to_string(),
                },
            },
        };
        let aside = save::set_aside(&path);
        let (full, short) = match aside {
            Ok(kept) => {
                let name = kept.file_name().map_or_else(
                    || kept.display().to_string(),
                    |n| n.to_string_lossy().into_owned(),
                );
                (
                    format!(
                        "the saved game could not be read ({problem}); it was kept as {}",
                        kept.display()
                    ),
                    Some(format!("unreadable save kept as {name}")),
                )
            }
            Err(e) => {
                // Saving over it would destroy it: this run does not save.
                self.save_path = None;
                (
                    format!(
                        "the saved game {} could not be read ({problem}) nor set aside ({e}); this game is not saved",
                        path.display()
                    ),
                    Some("the old save is unreadable; this game is not saved".to_string()),
                )
            }
        };
        self.notice = Some(full.clone());
        self.fresh_notice = Some(Notice { full, short });
        None
    }

    fn load_stats(&self) -> Stats {
        self.stats_path
            .as_ref()
            .and_then(|path| std::fs::read_to_string(path).ok())
            .and_then(|text| Stats::parse(&text).ok())
            .unwrap_or_default()
    }

    /// Counts a win in the stats file beside the save; `None` when it cannot be written.
    fn record_win(&mut self, game: &Game, now: Instant) -> Option<Win> {
        let (label, time, hints) = (game.label(), game.elapsed(now), game.hints_used());
        self.update_stats(|stats| stats.record_win(label, time, hints))
    }

    /// Changes the stats file beside the save with `change`; `None` when it
    /// cannot be read or written (the reason goes to `save_error`).
    fn update_stats<T>(&mut self, change: impl FnOnce(&mut Stats) -> T) -> Option<T> {
        let path = self.stats_path.clone()?;
        // An unreadable stats file is not overwritten: it may be a newer
        // version's, or the player's to repair.
        let mut stats = match std::fs::read_to_string(&path) {
            Ok(text) => match Stats::parse(&text) {
                Ok(stats) => stats,
                Err(e) => {
                    self.save_error = Some(format!(
                        "{} is not a stats file ({e}); the game is not counted",
                        path.display()
                    ));
                    return None;
                }
            },
            Err(e) if e.kind() == io::ErrorKind::NotFound => Stats::default(),
            Err(e) => {
                self.save_error = Some(format!("cannot read {}: {e}", path.display()));
                return None;
            }
        };
        let result = change(&mut stats);
        match save::write_atomically(&path, &stats.to_text()) {
            Ok(()) => Some(result),
            Err(e) => {
                self.save_error = Some(format!("cannot save the stats to {}: {e}", path.display()));
                None
            }
        }
    }

    /// Shows the statistics until a key is pressed; a stats file that
    /// cannot be read is said so (and left as it is).
    fn stats_screen(&mut self) -> io::Result<()> {
        let (stats, note) = match self.stats_path.as_ref() {
            None => (
                Stats::default(),
                Some("no home directory, so no statistics are kept".to_string()),
            ),
            Some(path) => match std::fs::read_to_string(path) {
                Err(e) if e.kind() == io::ErrorKind::NotFound => (Stats::default(), None),
                Err(e) => (
                    Stats::default(),
                    Some(format!("cannot read {}: {e}", path.display())),
                ),
                Ok(text) => match Stats::parse(&text) {
                    Ok(stats) => (stats, None),
                    Err(e) => (
                        Stats::default(),
                        Some(format!(
                            "{} is not a stats file ({e}); it is left as it is, and no \
                             game is counted until it is repaired or removed",
                            path.display()
                        )),
                    ),
                },
            },
        };
        let theme = self.theme;
        self.wait_key(|f| ui::draw_stats(f, &stats, theme, note.as_deref()))?;
        Ok(())
    }

    /// The settings screen: arrows choose and change, each change is saved
    /// at once and applies from then on; Esc, q or Enter on nothing go back.
    fn settings_screen(&mut self) -> io::Result<()> {
        let mut selected = 0;
        loop {
            let theme = self.theme;
            let settings = self.settings;
            let mut notes: Vec<String> = Vec::new();
            notes.extend(self.settings_note.clone());
            if let Some(limit) = self.mistake_limit {
                notes.push(format!(
                    "--mistake-limit {limit} sets new games' limit for this run."
                ));
            }
            if let Some(theme) = self.cli_theme {
                notes.push(format!("--theme {theme} is used for this run."));
            }
            let note = (!notes.is_empty()).then(|| notes.join(" "));
            let saved = self.settings_path.is_some() && !self.settings_unsaved;
            let Some(key) = self.wait_key(|f| {
                ui::draw_settings(f, &settings, selected, theme, note.as_deref(), saved)
            })?
            else {
                return Ok(());
            };
            let field = Field::ALL[selected];
            let forward = match key.code {
                _ if key.modifiers.contains(KeyModifiers::CONTROL) => return Ok(()),
                KeyCode::Up | KeyCode::Char('k') | KeyCode::Char('w') => {
                    selected = (selected + Field::ALL.len() - 1) % Field::ALL.len();
                    continue;
                }
                KeyCode::Down | KeyCode::Char('j') | KeyCode::Char('s') => {
                    selected = (selected + 1) % Field::ALL.len();
                    continue;
                }
                KeyCode::Right
                | KeyCode::Char('l')
                | KeyCode::Char('d')
                | KeyCode::Enter
                | KeyCode::Char(' ') => true,
                KeyCode::Left | KeyCode::Char('h') | KeyCode::Char('a') => false,
                KeyCode::Esc | KeyCode::Char('q') => return Ok(()),
                _ => continue,
            };
            self.settings.step(field, forward);
            self.apply_settings();
            self.settings_note = None;
            self.settings_unsaved = false;
            if let Some(path) = &self.settings_path {
                if let Err(e) = save::write_atomically(path, &self.settings.to_text()) {
                    self.settings_unsaved = true;
                    self.settings_note = Some(format!(
                        "cannot save the settings to {}: {e}; they hold for this run",
                        path.display()
                    ));
                }
            } else {
                self.settings_note =
                    Some("no home directory: the settings hold for this run only".to_string());
            }
        }
    }

    /// The help screen: every key, scrolled with the arrows and PgUp/PgDn,
    /// until another key.
    fn help_screen(&mut self) -> io::Result<()> {
        let mut scroll = 0usize;
        loop {
            let theme = self.theme;
            let max = std::cell::Cell::new(0);
            let shown = scroll;
            let Some(key) = self.wait_key(|f| max.set(ui::draw_help(f, shown, theme)))? else {
                return Ok(());
            };
            let page = 10;
            scroll = match key.code {
                _ if key.modifiers.contains(KeyModifiers::CONTROL) => return Ok(()),
                KeyCode::Up | KeyCode::Char('k') | KeyCode::Char('w') => scroll.saturating_sub(1),
                KeyCode::Down | KeyCode::Char('j') | KeyCode::Char('s') => scroll + 1,
                KeyCode::PageUp | KeyCode::Char('[') => scroll.saturating_sub(page),
                KeyCode::PageDown | KeyCode::Char(']') | KeyCode::Char(' ') => scroll + page,
                KeyCode::Home => 0,
                KeyCode::End => max.get(),
                _ => return Ok(()),
            }
            .min(max.get());
        }
    }

    /// Draws with `draw` until a key is pressed; `None` once a signal is caught.
    fn wait_key(&mut self, mut draw: impl FnMut(&mut Frame)) -> io::Result<Option<KeyEvent>> {
        loop {
            if self.signalled() {
                return Ok(None);
            }
            self.terminal.draw(&mut draw)?;
            let Some(event) = self.next_event()? else {
                continue;
            };
            if let Event::Key(key) = event {
                if key.kind != KeyEventKind::Release {
                    return Ok(Some(key));
                }
            }
        }
    }

    /// Asks `lines` (the last one lists the answers y, n and q) and waits for an answer.
    fn ask(&mut self, lines: &[String]) -> io::Result<Answer> {
        let theme = self.theme;
        loop {
            let Some(key) = self.wait_key(|f| ui::draw_question(f, lines, theme))? else {
                return Ok(Answer::Quit);
            };
            if key.modifiers.contains(KeyModifiers::CONTROL) {
                if key.code == KeyCode::Char('c') {
                    return Ok(Answer::Quit);
                }
                continue;
            }
            match key.code {
                KeyCode::Char('y') | KeyCode::Char('Y') => return Ok(Answer::Yes),
                KeyCode::Char('n') | KeyCode::Char('N') | KeyCode::Esc => return Ok(Answer::No),
                KeyCode::Char('q') | KeyCode::Char('Q') => return Ok(Answer::Quit),
                _ => {}
            }
        }
    }

    /// The start menu; `None` when the player quits.
    fn menu(&mut self) -> io::Result<Option<Game>> {
        let mut selected = 0;
        loop {
            let saved = self.load_saved();
            let stats = self.load_stats();
            let today = Date::today();
            let mut items: Vec<MenuItem> = Vec::new();
            if let Some((_, about, _)) = &saved {
                items.push(MenuItem::Resume(about.clone()));
            }
            items.push(MenuItem::Daily(
                today,
                stats.get("daily"),
                stats.daily_solved(today),
            ));
            items.extend(
                Difficulty::ALL
                    .iter()
                    .map(|&d| MenuItem::New(d, stats.get(d.name()))),
            );
            items.extend([
                MenuItem::Statistics,
                MenuItem::Settings,
                MenuItem::Help,
                MenuItem::Quit,
            ]);
            selected %= items.len();
            let theme = self.theme;
            let choice = loop {
                let shown = selected;
                let notice = self.fresh_notice.as_ref().map(|n| n.full.clone());
                let Some(key) =
                    self.wait_key(|f| ui::draw_menu(f, &items, shown, theme, notice.as_deref()))?
                else {
                    return Ok(None);
                };
                // The note has been seen: the next key hides it.
                self.fresh_notice = None;
                let size = self.terminal.size()?;
                let area = Rect::new(0, 0, size.width, size.height);
                if !ui::menu_fits(&items, notice.as_deref(), area) {
                    // Nothing can be chosen on a menu that is not shown.
                    if let MenuKey::Quit = menu_key(key) {
                        return Ok(None);
                    }
                    continue;
                }
                match menu_key(key) {
                    MenuKey::Up => selected = (selected + items.len() - 1) % items.len(),
                    MenuKey::Down => selected = (selected + 1) % items.len(),
                    MenuKey::Quit => return Ok(None),
                    MenuKey::Choose => break items[selected].clone(),
                    MenuKey::Other => {}
                }
            };
            let start = match choice {
                MenuItem::Quit => return Ok(None),
                MenuItem::Statistics => {
                    self.stats_screen()?;
                    continue;
                }
                MenuItem::Settings => {
                    self.settings_screen()?;
                    continue;
                }
                MenuItem::Help => {
                    self.help_screen()?;
                    continue;
                }
                MenuItem::Resume(_) => {
                    // Read again now, so time spent in the menu does not count.
                    if let Some((text, ..)) = saved {
                        if let Some(game) = self.resume(&text) {
                            return Ok(Some(game));
                        }
                    }
                    continue;
                }
                MenuItem::New(difficulty, _) => Start::New(difficulty, fresh_seed()),
                MenuItem::Daily(date, ..) => Start::Daily(date),
            };
            if let Some((text, about, game)) = &saved {
                if is_same_daily(&start, game) {
                    if let Some(game) = self.resume(text) {
                        return Ok(Some(game));
                    }
                }
                let question = [
                    "A game is in progress".to_string(),
                    format!("{about}."),
                    String::new(),
                    "y start the new game (the saved one is lost) · n back to the menu · q quit"
                        .to_string(),
                ];
                match self.ask(&question)? {
                    Answer::Yes => {
                        self.update_stats(|s| s.record_loss(game.label()));
                    }
                    Answer::No => continue,
                    Answer::Quit => return Ok(None),
                }
            }
            return self.start_game(start);
        }
    }

    /// Plays `game` until the player leaves, and saves it however that happens:
    /// a key, a signal or a terminal error.
    fn play(&mut self, mut game: Game) -> io::Result<End> {
        let result = self.play_loop(&mut game);
        self.save(&game);
        result
    }

    fn play_loop(&mut self, game: &mut Game) -> io::Result<End> {
        self.save(game);
        let mut win = None;
        loop {
            if self.signalled() {
                return Ok(End::Quit);
            }
            let now = Instant::now();
            let size = self.terminal.size()?;
            let geometry = Geometry::new(Rect::new(0, 0, size.width, size.height));
            game.set_hidden(geometry.is_none(), now);
            let extras = Extras {
                win,
                warning: self.save_error.as_deref(),
                notice: self.fresh_notice.as_ref().and_then(|n| n.short.as_deref()),
            };
            self.terminal
                .draw(|f| ui::draw_game_with(f, game, now, self.theme, extras))?;
            let Some(event) = self.next_event()? else {
                continue;
            };
            let now = Instant::now();
            if game.is_over() {
                if let Event::Key(key) = event {
                    if key.kind != KeyEventKind::Release {
                        // While the board is hidden only quitting works, as in play.
                        match game_over_key(key, game) {
                            Some(End::Quit) => return Ok(End::Quit),
                            Some(End::Retry) if !game.is_hidden() => {
                                *game = game.restarted(now);
                                win = None;
                                self.save(game);
                            }
                            Some(end) if !game.is_hidden() => return Ok(end),
                            _ => {}
                        }
                    }
                }
                continue;
            }
            let pressed = match &event {
                Event::Key(key) => key.kind != KeyEventKind::Release,
                Event::Mouse(mouse) => matches!(mouse.kind, MouseEventKind::Down(_)),
                _ => false,
            };
            if pressed {
                // The note has been seen: the next key hides it.
                self.fresh_notice = None;
            }
            let was_solved = game.is_solved();
            let was_over = game.is_over();
            let outcome = match event {
                Event::Key(key) if key.kind != KeyEventKind::Release => game.handle_key(key, now),
                Event::Mouse(mouse) if mouse.kind == MouseEventKind::Down(MouseButton::Left) => {
                    match geometry.and_then(|g| g.cell_at(mouse.column, mouse.row)) {
                        Some(cell) => game.apply(Action::Select(cell), now),
                        None => Outcome::Unchanged,
                    }
                }
                // A resize hides or shows the board at once, before any key
                // that follows it is handled.
                Event::Resize(width, height) => {
                    let fits = Geometry::new(Rect::new(0, 0, width, height)).is_some();
                    game.set_hidden(!fits, now);
                    Outcome::Unchanged
                }
                _ => Outcome::Unchanged,
            };
            match outcome {
                Outcome::Unchanged => {}
                Outcome::Changed => {
                    if !was_solved && game.is_solved() {
                        win = self.record_win(game, now);
                    } else if !was_over && game.is_lost() {
                        self.update_stats(|s| s.record_loss(game.label()));
                    }
                    self.save(game);
                }
                Outcome::Help => {
                    // The clock stops while the board is out of sight.
                    game.set_hidden(true, now);
                    self.help_screen()?;
                }
                Outcome::Restart => {
                    game.set_hidden(true, now);
                    let question = [
                        "Restart this puzzle?".to_string(),
                        "Your digits, pencil marks, hints and time go; the puzzle stays."
                            .to_string(),
                        "It counts as a game played and not won.".to_string(),
                        String::new(),
                        "y restart · n keep playing".to_string(),
                    ];
                    if let Answer::Yes = self.ask(&question)? {
                        self.update_stats(|s| s.record_loss(game.label()));
                        *game = game.restarted(Instant::now());
                        self.save(game);
                    }
                }
                Outcome::Quit => {
                    if self.may_leave(game)? {
                        return Ok(End::Quit);
                    }
                }
                // The game is saved on the way (see `play`), and the menu
                // offers to resume it.
                Outcome::Menu => {
                    if self.may_leave(game)? {
                        return Ok(End::Menu);
                    }
                }
            }
        }
    }

    /// Whether the player may leave `game` now: at once when it is saved (or
    /// over, or a signal came); when it cannot be saved, after saying so and
    /// asking, so that q never throws a game away unasked.
    fn may_leave(&mut self, game: &Game) -> io::Result<bool> {
        if game.is_over() || self.signalled() {
            return Ok(true);
        }
        // The disk may have room again, or the directory may be back.
        self.save(game);
        if self.game_saved {
            return Ok(true);
        }
        let reason = self
            .save_error
            .clone()
            .or_else(|| self.notice.clone())
            .unwrap_or_else(|| "the game could not be saved".to_string());
        let question = [
            "This game is not saved".to_string(),
            format!("{reason}."),
            String::new(),
            "y quit and lose this game · n keep playing".to_string(),
        ];
        Ok(match self.ask(&question)? {
            Answer::Yes | Answer::Quit => true,
            Answer::No => false,
        })
    }

    /// Saves `game`, or removes the save once it is over: nothing is left to resume.
    /// A failure is kept in `save_error`, shown at once and reported at exit.
    fn save(&mut self, game: &Game) {
        self.game_saved = false;
        let Some(path) = &self.save_path else {
            // A notice already says why when an unreadable save could not be
            // set aside, and a warning when another copy holds the save.
            if self.notice.is_none() && self.save_error.is_none() {
                self.save_error = Some("no home directory is set, so the game is not saved".into());
            }
            return;
        };
        let result = if game.is_over() {
            match std::fs::remove_file(path) {
                Err(e) if e.kind() != io::ErrorKind::NotFound => Err(e),
                _ => Ok(()),
            }
        } else {
            save::write_atomically(path, &game.to_save(Instant::now()))
        };
        match result {
            Ok(()) => {
                self.game_saved = true;
                // A save that works again clears the warning, unless it was the stats'.
                if self
                    .save_error
                    .as_ref()
                    .is_some_and(|e| e.starts_with("cannot save the game"))
                {
                    self.save_error = None;
                }
            }
            Err(e) => {
                self.save_error = Some(format!("cannot save the game to {}: {e}", path.display()))
            }
        }
    }
}

/// A saved game as the menu offers it: its text, a description and the
/// game; `None` once it is over (nothing is left to resume).
fn resumable(text: String, game: Game) -> Option<(String, String, Game)> {
    if game.is_over() {
        return None;
    }
    let about = format!(
        "{}, {} played",
        game.label(),
        sudoku_play::game::clock(game.elapsed(Instant::now()))
    );
    Some((text, about, game))
}

/// "daily 2026-11-30": the label of that date's daily puzzle.
fn daily_label(date: Date) -> String {
    format!("daily {date}")
}

/// True when `start` asks for the daily puzzle that `game` already is, so
/// choosing it again resumes the game instead of replacing it.
fn is_same_daily(start: &Start, game: &Game) -> bool {
    matches!(start, Start::Daily(date) if game.label() == daily_label(*date))
}

/// What a key does on the Solved! (or out-of-mistakes) screen.
fn game_over_key(key: KeyEvent, game: &Game) -> Option<End> {
    if key.modifiers.contains(KeyModifiers::CONTROL) {
        return (key.code == KeyCode::Char('c')).then_some(End::Quit);
    }
    match key.code {
        KeyCode::Char('n') | KeyCode::Char('N') | KeyCode::Enter => {
            Some(End::NewGame(game.label().to_string()))
        }
        KeyCode::Char('m') | KeyCode::Char('M') | KeyCode::Esc => Some(End::Menu),
        KeyCode::Char('r') | KeyCode::Char('R') if game.is_lost() => Some(End::Retry),
        KeyCode::Char('q') | KeyCode::Char('Q') => Some(End::Quit),
        _ => None,
    }
}

fn an(difficulty: Difficulty) -> &'static str {
    match difficulty {
        Difficulty::Easy | Difficulty::Expert | Difficulty::Extreme => "n",
        _ => "",
    }
}

enum MenuKey {
    Up,
    Down,
    Choose,
    Quit,
    Other,
}

fn menu_key(key: KeyEvent) -> MenuKey {
    if key.modifiers.contains(KeyModifiers::CONTROL) {
        return match key.code {
            KeyCode::Char('c') => MenuKey::Quit,
            _ => MenuKey::Other,
        };
    }
    match key.code {
        KeyCode::Up | KeyCode::Char('k') | KeyCode::Char('w') => MenuKey::Up,
        KeyCode::Down | KeyCode::Char('j') | KeyCode::Char('s') => MenuKey::Down,
        KeyCode::Enter | KeyCode::Char(' ') => MenuKey::Choose,
        KeyCode::Esc | KeyCode::Char('q') => MenuKey::Quit,
        _ => MenuKey::Other,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const PUZZLE: &str =
        "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79";

    fn parse(args: &[&str]) -> Result<Option<Start>, String> {
        parse_args(args.iter().map(std::ffi::OsString::from)).map(|r| match r {
            Request::Play(launch) => Some(launch.start),
            Request::Help | Request::Version => None,
        })
    }

    #[test]
    fn no_arguments_open_the_menu() {
        assert_eq!(parse(&[]), Ok(Some(Start::Menu)));
        assert_eq!(parse(&["--help"]), Ok(None));
    }

    #[test]
    fn difficulty_and_seed_start_a_new_game() {
        assert_eq!(
            parse(&["--difficulty", "hard", "--seed", "42"]),
            Ok(Some(Start::New(Difficulty::Hard, 42)))
        );
        assert!(matches!(
            parse(&["-d", "Expert"]),
            Ok(Some(Start::New(Difficulty::Expert, _)))
        ));
        assert!(matches!(
            parse(&["--seed", "7"]),
            Ok(Some(Start::New(Difficulty::Easy, 7)))
        ));
    }

    #[test]
    fn a_puzzle_comes_as_text_or_as_a_file() {
        let puzzle: Grid = PUZZLE.parse().unwrap();
        let solution = sudoku_core::solve(&puzzle).unwrap();
        let expected = Ok(Some(Start::Custom(puzzle, solution)));
        assert_eq!(parse(&[PUZZLE]), expected);
        let path = std::env::temp_dir().join(format!("sudoku-play-arg-{}.txt", std::process::id()));
        std::fs::write(&path, puzzle.to_string()).unwrap();
        assert_eq!(parse(&[path.to_str().unwrap()]), expected);
        std::fs::remove_file(&path).unwrap();
    }

    #[test]
    fn rejects_bad_arguments_with_a_reason() {
        let err = |args: &[&str]| parse(args).unwrap_err();
        assert!(err(&["--difficulty", "impossible"]).contains("unknown level"));
        assert!(err(&["--seed", "soon"]).contains("--seed"));
        assert!(err(&["--frobnicate"]).contains("frobnicate"));
        assert!(err(&[PUZZLE, "--seed", "1"]).contains("cannot be combined"));
        assert!(err(&["12345"]).contains("is not a puzzle"));
        let open = format!("1{}", ".".repeat(80));
        assert!(err(&[&open]).contains("more than one solution"));
        let broken = format!("55{}", &PUZZLE[2..]);
        assert!(
            err(&[&broken]).contains("the givens conflict"),
            "{}",
            err(&[&broken])
        );
        assert!(
            err(&[&broken]).contains("r1c1 and r1c2"),
            "{}",
            err(&[&broken])
        );
        // Givens that do not repeat a digit but still leave no solution.
        let stuck = format!("{}{}", "12345678.........9", ".".repeat(63));
        assert!(err(&[&stuck]).contains("no solution"), "{}", err(&[&stuck]));
        assert!(err(&["--daily", "--seed", "3"]).contains("daily"));
        assert!(err(&["--date", "2026-02-30"]).contains("not a date"));
        assert!(err(&["--mistake-limit", "many"]).contains("--mistake-limit"));
    }

    #[test]
    fn a_missing_file_is_named_as_one() {
        let e = parse(&["/no/such/dir/puzzle.txt"]).unwrap_err();
        assert_eq!(e, "cannot read /no/such/dir/puzzle.txt: no such file");
        let e = parse(&["puzzle.txt"]).unwrap_err();
        assert!(e.contains("no such file"), "{e}");
        let dir = std::env::temp_dir();
        let e = parse(&[dir.to_str().unwrap()]).unwrap_err();
        assert!(e.contains("is a directory"), "{e}");
    }

    #[test]
    fn cells_run_together_in_a_spaced_row_are_explained() {
        let e = parse(&["53..7 ...."]).unwrap_err();
        assert!(e.contains("column 3"), "{e}");
        assert!(
            e.contains("'.' follows another cell without a space"),
            "{e}"
        );
        assert!(e.contains("81 characters without spaces"), "{e}");
        assert!(!e.contains("expected a digit"), "{e}");
    }

    #[test]
    fn a_puzzle_file_in_any_format_is_read_through_the_library() {
        // The assignment's grid format, one of the reader's formats.
        let puzzle: Grid = PUZZLE.parse().unwrap();
        let mut text = String::new();
        for row in puzzle.cells().chunks(9) {
            let cells: Vec<String> = row.iter().map(|d| d.to_string()).collect();
            text.push_str(&cells.join(" "));
            text.push('\n');
        }
        let path =
            std::env::temp_dir().join(format!("sudoku-play-grid-{}.txt", std::process::id()));
        std::fs::write(&path, &text).unwrap();
        assert!(
            matches!(parse(&[path.to_str().unwrap()]), Ok(Some(Start::Custom(p, _))) if p == puzzle)
        );
        std::fs::write(&path, "# only a comment\n").unwrap();
        let e = parse(&[path.to_str().unwrap()]).unwrap_err();
        assert!(e.contains(path.to_str().unwrap()), "{e}");
        std::fs::remove_file(&path).unwrap();
    }

    #[test]
    fn the_game_reads_puzzles_exactly_as_the_library_does() {
        // Whatever sudoku_core's reader accepts, as an argument or in a file,
        // the game accepts too, and it refuses the rest with the reader's
        // reason: so formats added to the library (such as grids drawn with
        // '|' and '---+---') reach the game without a change here.
        let puzzle: Grid = PUZZLE.parse().unwrap();
        let rows: Vec<String> = puzzle
            .to_line()
            .as_bytes()
            .chunks(9)
            .map(|r| String::from_utf8_lossy(r).into_owned())
            .collect();
        let spaced: Vec<String> = rows
            .iter()
            .map(|r| r.chars().map(String::from).collect::<Vec<_>>().join(" "))
            .collect();
        let block: Vec<String> = rows
            .iter()
            .map(|r| {
                let c: Vec<String> = r.chars().map(String::from).collect();
                format!(
                    "{} | {} | {}",
                    c[..3].join(" "),
                    c[3..6].join(" "),
                    c[6..].join(" ")
                )
            })
            .collect();
        let mut block_text = String::new();
        for (i, row) in block.iter().enumerate() {
            if i == 3 || i == 6 {
                block_text.push_str("------+-------+------\n");
            }
            block_text.push_str(row);
            block_text.push('\n');
        }
        let texts = [
            PUZZLE.to_string(),
            rows.join("\n"),
            spaced.join("\n"),
            block_text,
        ];
        let path =
            std::env::temp_dir().join(format!("sudoku-play-formats-{}.txt", std::process::id()));
        for text in texts {
            let library = text.parse::<Grid>();
            std::fs::write(&path, &text).unwrap();
            for arg in [text.as_str(), path.to_str().unwrap()] {
                match (&library, parse(&[arg])) {
                    (Ok(grid), Ok(Some(Start::Custom(p, _)))) => assert_eq!(&p, grid),
                    (Err(e), Err(ours)) => {
                        let reason = e.kind.to_string();
                        assert!(
                            ours.contains(&reason) || ours.contains("follows another cell"),
                            "{ours}"
                        );
                    }
                    (library, ours) => panic!("library {library:?}, game {ours:?} for\n{text}"),
                }
            }
        }
        std::fs::remove_file(&path).unwrap();
    }

    #[test]
    fn daily_and_mistake_limit_flags() {
        let launch = |args: &[&str]| match parse_args(args.iter().map(std::ffi::OsString::from)) {
            Ok(Request::Play(launch)) => launch,
            other => panic!("{other:?}"),
        };
        let l = launch(&["--daily"]);
        assert_eq!(l.start, Start::Daily(Date::today()));
        assert_eq!(l.mistake_limit, None, "no limit by default");
        let l = launch(&["--date", "2026-11-30", "--mistake-limit", "3"]);
        assert_eq!(l.start, Start::Daily("2026-11-30".parse().unwrap()));
        assert_eq!(l.mistake_limit, Some(3));
        let l = launch(&["--mistake-limit", "0"]);
        assert_eq!(
            l.mistake_limit,
            Some(0),
            "0 asks for no limit, even on a resumed game"
        );
        assert_eq!(launch(&["--mistake-limit", "3"]).start, Start::Menu);
        assert_eq!(launch(&[]).theme, None, "the settings' theme by default");
        assert_eq!(
            launch(&["--theme", "high-contrast"]).theme,
            Some(ThemeName::HighContrast)
        );
        let e = parse(&["--theme", "neon"]).unwrap_err();
        assert!(e.contains("--theme") && e.contains("neon"), "{e}");
    }

    #[test]
    fn an_unreadable_settings_file_gives_the_defaults_and_a_note() {
        let dir = std::env::temp_dir().join(format!("sudoku-play-settings-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&dir);
        std::fs::create_dir_all(&dir).unwrap();
        let path = dir.join("settings.txt");
        assert_eq!(load_settings(Some(&path)), (Settings::default(), None));
        assert_eq!(load_settings(None), (Settings::default(), None));
        std::fs::write(&path, b"\xff\xfe garbage").unwrap();
        let (settings, note) = load_settings(Some(&path));
        assert_eq!(settings, Settings::default());
        assert!(note.unwrap().contains("not text"));
        std::fs::write(&path, "sudoku-play settings 1\nhighlights maybe\n").unwrap();
        let (settings, note) = load_settings(Some(&path));
        assert_eq!(settings, Settings::default());
        assert!(note.unwrap().contains("line 2"));
        // A directory in the way is a reason too, never a panic.
        std::fs::remove_file(&path).unwrap();
        std::fs::create_dir(&path).unwrap();
        assert!(load_settings(Some(&path)).1.is_some());
        std::fs::remove_dir_all(&dir).unwrap();
    }

    #[test]
    fn technique_deals_a_puzzle_that_teaches_it() {
        let dealt = parse(&["--technique", "x-wing", "--seed", "3"]);
        let Ok(Some(Start::Lesson(technique, puzzle, solution))) = &dealt else {
            panic!("{dealt:?}");
        };
        assert!(solution.solves(puzzle));
        let path = sudoku_core::rate::explain(puzzle);
        let hardest = sudoku_core::rate::hardest_step(&path).map(|step| step.technique);
        assert_eq!(hardest, Some(sudoku_core::rate::Technique::XWing));
        assert_eq!(*technique, sudoku_core::rate::Technique::XWing);
        assert_eq!(parse(&["--technique", "X-Wing", "--seed", "3"]), dealt);
        let err = |args: &[&str]| parse(args).unwrap_err();
        assert!(err(&["--technique", "x-wings"]).contains("unknown technique"));
        assert!(err(&["--technique", "x-wing", "-d", "hard"]).contains("cannot be combined"));
        assert!(err(&["--technique", "x-wing", PUZZLE]).contains("cannot be combined"));
        assert!(err(&["--technique", "x-wing", "--daily"]).contains("cannot be combined"));
    }
}
