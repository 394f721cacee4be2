//! `sudoku-play`: Sudoku in the terminal.
//!
//! This file owns the terminal: it parses the arguments, switches the terminal
//! to raw mode and the alternate screen, runs the menu and the game loop, and
//! always puts the terminal back: on a normal exit, on Ctrl-C (which raw mode
//! delivers as a key, handled as "quit and save") and on a panic (through a
//! panic hook). Everything else lives in the library: `game`, `ui`, `source`,
//! `save`.
//!
//! Exit status: 0 normally, 1 when the terminal failed, 2 for bad arguments or
//! an unusable puzzle.

use std::io::{self, Stdout};
use std::path::{Path, PathBuf};
use std::process::ExitCode;
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
use ratatui::Terminal;
use sudoku_core::format::PuzzleReader;
use sudoku_core::{BitmaskSolver, Grid, Solver};
use sudoku_play::game::{Action, Game, Outcome};
use sudoku_play::save;
use sudoku_play::source::{self, Difficulty};
use sudoku_play::ui::{self, Geometry, MenuItem, Theme};

const HELP: &str = "sudoku-play: Sudoku in the terminal

usage: sudoku-play                       menu: new game by difficulty, resume, quit
       sudoku-play [--difficulty D] [--seed S]
       sudoku-play PUZZLE                an 81-character puzzle, or a file holding one
       sudoku-play --technique NAME [--seed S]   a puzzle whose hardest step is NAME

  -d, --difficulty D   easy, medium, hard, expert or extreme (default: easy)
  --technique NAME     x-wing, xy-wing, skyscraper, ... (`sudoku rate --techniques`)
  --seed S             the same seed and difficulty always give the same puzzle

Keys: arrows, hjkl or WASD move (or click a cell); 1-9 enter; 0, Backspace or
Delete clear; n pencil marks; m auto-remove marks; u undo; Ctrl-R redo; ? hint
(again to apply); c check; p pause; q quit and save.
The game is saved on every move and offered for resuming from the menu.
NO_COLOR=1 turns colours off.";

/// What to start with, decided before the terminal is touched so that bad
/// arguments are reported on a normal screen.
#[derive(Debug, PartialEq)]
enum Start {
    Menu,
    New(Difficulty, u64),
    Custom(Grid, Grid),
}

fn main() -> ExitCode {
    let start = match parse_args(std::env::args_os().skip(1)) {
        Ok(Some(start)) => start,
        Ok(None) => {
            println!("{HELP}");
            return ExitCode::SUCCESS;
        }
        Err(message) => {
            eprintln!("sudoku-play: {message}");
            return ExitCode::from(2);
        }
    };
    let theme = Theme::from_env();
    let save_path = save::save_path();
    install_panic_hook();
    let mut terminal = match enter_terminal() {
        Ok(terminal) => terminal,
        Err(e) => {
            restore_terminal();
            eprintln!("sudoku-play: cannot use the terminal: {e}");
            return ExitCode::from(1);
        }
    };
    let mut app = App {
        terminal: &mut terminal,
        theme,
        save_path,
        save_error: None,
    };
    let result = app.run(start);
    let save_error = app.save_error.take();
    restore_terminal();
    if let Some(error) = save_error {
        eprintln!("sudoku-play: {error}");
    }
    match result {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) => {
            eprintln!("sudoku-play: terminal error: {e}");
            ExitCode::from(1)
        }
    }
}

fn parse_args(args: impl IntoIterator<Item = std::ffi::OsString>) -> Result<Option<Start>, String> {
    use lexopt::prelude::*;
    let mut parser = lexopt::Parser::from_args(args);
    let mut difficulty = None;
    let mut seed = None;
    let mut puzzle = None;
    let mut technique = None;
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
            Short('h') | Long("help") => return Ok(None),
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
            Value(value) if puzzle.is_none() => puzzle = Some(value),
            other => return Err(other.unexpected().to_string()),
        }
    }
    if let Some(technique) = technique {
        if puzzle.is_some() || difficulty.is_some() {
            return Err("--technique cannot be combined with a PUZZLE or --difficulty".to_string());
        }
        // Dealt before the terminal is taken over, so that a rare technique's
        // wait, or its failure, is reported on a normal screen.
        let made = source::generate_teaching(technique, seed.unwrap_or_else(fresh_seed))?;
        return Ok(Some(Start::Custom(made.puzzle, made.solution)));
    }
    if let Some(value) = puzzle {
        if difficulty.is_some() || seed.is_some() {
            return Err("a PUZZLE cannot be combined with --difficulty or --seed".to_string());
        }
        let (puzzle, solution) = load_puzzle(&value)?;
        return Ok(Some(Start::Custom(puzzle, solution)));
    }
    if difficulty.is_none() && seed.is_none() {
        return Ok(Some(Start::Menu));
    }
    Ok(Some(Start::New(
        difficulty.unwrap_or(Difficulty::Easy),
        seed.unwrap_or_else(fresh_seed),
    )))
}

/// Reads PUZZLE: a file when one exists at that path, else the text itself.
fn load_puzzle(value: &std::ffi::OsStr) -> Result<(Grid, Grid), String> {
    let path = Path::new(value);
    let puzzle = if path.is_file() {
        let file = std::fs::File::open(path)
            .map_err(|e| format!("cannot read {}: {e}", path.display()))?;
        let mut reader = PuzzleReader::new(io::BufReader::new(file));
        match reader.next() {
            Some(Ok(p)) => p.grid,
            Some(Err(e)) => return Err(format!("{}: {e}", path.display())),
            None => return Err(format!("{} holds no puzzle", path.display())),
        }
    } else {
        let text = value.to_string_lossy();
        text.parse::<Grid>()
            .map_err(|e| format!("'{text}' is neither a file nor a puzzle: {e}"))?
    };
    let search = BitmaskSolver::new().search(&puzzle, 2);
    match (search.count, search.solution) {
        (1, Some(solution)) => Ok((puzzle, solution)),
        (0, _) | (_, None) => Err("the puzzle has no solution".to_string()),
        _ => Err("the puzzle has more than one solution, so its digits cannot be checked".into()),
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

struct App<'t> {
    terminal: &'t mut Term,
    theme: Theme,
    save_path: Option<PathBuf>,
    save_error: Option<String>,
}

impl App<'_> {
    fn run(&mut self, start: Start) -> io::Result<()> {
        let game = match start {
            Start::Custom(puzzle, solution) => Game::new(
                puzzle,
                solution,
                source::rating(&puzzle),
                "custom".to_string(),
                Instant::now(),
            ),
            Start::New(difficulty, seed) => self.new_game(difficulty, seed)?,
            Start::Menu => match self.menu()? {
                Some(game) => game,
                None => return Ok(()),
            },
        };
        self.play(game)
    }

    fn new_game(&mut self, difficulty: Difficulty, seed: u64) -> io::Result<Game> {
        let notice = format!("Generating a{} {difficulty} puzzle…", an(difficulty));
        self.terminal.draw(|f| ui::draw_notice(f, &notice))?;
        let made = source::generate(difficulty, seed);
        Ok(Game::new(
            made.puzzle,
            made.solution,
            made.rating,
            difficulty.name().to_string(),
            Instant::now(),
        ))
    }

    /// The saved game's text and a description of it, when there is a readable one.
    fn load_saved(&self) -> Option<(String, String)> {
        let text = std::fs::read_to_string(self.save_path.as_ref()?).ok()?;
        let game = Game::from_save(&text, Instant::now()).ok()?;
        let about = format!(
            "{}, {} played",
            game.label(),
            sudoku_play::game::clock(game.elapsed(Instant::now()))
        );
        Some((text, about))
    }

    /// The start menu; `None` when the player quits.
    fn menu(&mut self) -> io::Result<Option<Game>> {
        let mut items: Vec<MenuItem> = Vec::new();
        let saved = self.load_saved();
        if let Some((_, about)) = &saved {
            items.push(MenuItem::Resume(about.clone()));
        }
        items.extend(Difficulty::ALL.into_iter().map(MenuItem::New));
        items.push(MenuItem::Quit);
        let mut selected = 0;
        loop {
            self.terminal
                .draw(|f| ui::draw_menu(f, &items, selected, self.theme))?;
            let Event::Key(key) = event::read()? else {
                continue;
            };
            if key.kind != KeyEventKind::Press {
                continue;
            }
            match menu_key(key) {
                MenuKey::Up => selected = (selected + items.len() - 1) % items.len(),
                MenuKey::Down => selected = (selected + 1) % items.len(),
                MenuKey::Quit => return Ok(None),
                MenuKey::Choose => match &items[selected] {
                    MenuItem::Resume(_) => {
                        // Read again now, so time spent in the menu does not count.
                        if let Some(Ok(game)) = saved
                            .as_ref()
                            .map(|(text, _)| Game::from_save(text, Instant::now()))
                        {
                            return Ok(Some(game));
                        }
                    }
                    MenuItem::New(difficulty) => {
                        return self.new_game(*difficulty, fresh_seed()).map(Some);
                    }
                    MenuItem::Quit => return Ok(None),
                },
                MenuKey::Other => {}
            }
        }
    }

    fn play(&mut self, mut game: Game) -> io::Result<()> {
        self.save(&game);
        loop {
            let now = Instant::now();
            let mut geometry = None;
            self.terminal.draw(|f| {
                geometry = Geometry::new(f.area());
                ui::draw_game(f, &game, now, self.theme);
            })?;
            // Wake up a few times a second so the timer ticks on screen.
            if !event::poll(Duration::from_millis(250))? {
                continue;
            }
            let now = Instant::now();
            let outcome = match event::read()? {
                Event::Key(key) if key.kind != KeyEventKind::Release => game.handle_key(key, now),
                Event::Mouse(mouse) if mouse.kind == MouseEventKind::Down(MouseButton::Left) => {
                    match geometry.and_then(|g| g.cell_at(mouse.column, mouse.row)) {
                        Some(cell) => game.apply(Action::Select(cell), now),
                        None => Outcome::Unchanged,
                    }
                }
                // A resize needs nothing but the redraw at the top of the loop.
                _ => Outcome::Unchanged,
            };
            match outcome {
                Outcome::Unchanged => {}
                Outcome::Changed => self.save(&game),
                Outcome::Quit => {
                    self.save(&game);
                    return Ok(());
                }
            }
        }
    }

    /// Saves `game`, or removes the save once it is solved: nothing is left to resume.
    fn save(&mut self, game: &Game) {
        let Some(path) = &self.save_path else {
            self.save_error = Some("no home directory is set, so the game is not saved".into());
            return;
        };
        let result = if game.is_solved() {
            match std::fs::remove_file(path) {
                Err(e) if e.kind() != io::ErrorKind::NotFound => Err(e),
                _ => Ok(()),
            }
        } else {
            save::write_atomically(path, &game.to_save(Instant::now()))
        };
        self.save_error = result
            .err()
            .map(|e| format!("cannot save the game to {}: {e}", path.display()));
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
        parse_args(args.iter().map(std::ffi::OsString::from))
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
        assert!(err(&["12345"]).contains("neither a file nor a puzzle"));
        let open = format!("1{}", ".".repeat(80));
        assert!(err(&[&open]).contains("more than one solution"));
        let broken = format!("55{}", &PUZZLE[2..]);
        assert!(err(&[&broken]).contains("no solution"));
    }

    #[test]
    fn technique_deals_a_puzzle_that_teaches_it() {
        let dealt = parse(&["--technique", "x-wing", "--seed", "3"]);
        let Ok(Some(Start::Custom(puzzle, solution))) = &dealt else {
            panic!("{dealt:?}");
        };
        assert!(solution.solves(puzzle));
        let hardest = sudoku_core::rate::explain(puzzle)
            .iter()
            .map(|step| step.technique)
            .max();
        assert_eq!(hardest, Some(sudoku_core::rate::Technique::XWing));
        assert_eq!(parse(&["--technique", "X-Wing", "--seed", "3"]), dealt);
        let err = |args: &[&str]| parse(args).unwrap_err();
        assert!(err(&["--technique", "x-wings"]).contains("unknown technique"));
        assert!(err(&["--technique", "x-wing", "-d", "hard"]).contains("cannot be combined"));
        assert!(err(&["--technique", "x-wing", PUZZLE]).contains("cannot be combined"));
    }
}
