//! End to end: the real `sudoku-play` binary in a real (tmux) terminal.
//!
//! The test starts the game on a known puzzle in a detached 80×24 tmux
//! session, sends keys, and reads the screen back with `capture-pane`. It
//! plays the puzzle to completion, with a hint and an undo on the way, and
//! reads the completion screen. Where tmux is missing or cannot start a
//! session, it prints why and passes without checking anything else.

use std::path::{Path, PathBuf};
use std::process::{Command, Output};
use std::thread::sleep;
use std::time::{Duration, Instant};

use ratatui::layout::Rect;
use sudoku_core::{Grid, CELLS};
use sudoku_play::ui::Geometry;

const PUZZLE: &str =
    "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79";

/// A tmux server of our own (its own socket), killed when dropped.
struct Tmux {
    socket: String,
}

impl Tmux {
    fn run(&self, args: &[&str]) -> std::io::Result<Output> {
        Command::new("tmux")
            .arg("-L")
            .arg(&self.socket)
            .args(args)
            .output()
    }

    fn keys(&self, keys: &[&str]) {
        let mut args = vec!["send-keys", "-t", "play"];
        args.extend_from_slice(keys);
        let out = self.run(&args).expect("tmux send-keys runs");
        assert!(out.status.success(), "send-keys: {:?}", out);
    }

    fn screen(&self) -> Vec<String> {
        let out = self
            .run(&["capture-pane", "-p", "-t", "play"])
            .expect("tmux capture-pane runs");
        String::from_utf8_lossy(&out.stdout)
            .lines()
            .map(str::to_string)
            .collect()
    }

    /// Waits until the screen satisfies `ready`, and returns it.
    fn wait_for(&self, what: &str, ready: impl Fn(&[String]) -> bool) -> Vec<String> {
        let deadline = Instant::now() + Duration::from_secs(15);
        loop {
            let screen = self.screen();
            if ready(&screen) {
                return screen;
            }
            assert!(
                Instant::now() < deadline,
                "timed out waiting for {what}; the screen is:\n{}",
                screen.join("\n")
            );
            sleep(Duration::from_millis(50));
        }
    }

    fn alive(&self) -> bool {
        self.run(&["has-session", "-t", "play"])
            .is_ok_and(|o| o.status.success())
    }
}

impl Drop for Tmux {
    fn drop(&mut self) {
        let _ = self.run(&["kill-server"]);
    }
}

fn contains(screen: &[String], text: &str) -> bool {
    screen.iter().any(|line| line.contains(text))
}

/// The digit the screen shows in `cell` (0 when blank).
fn shown(screen: &[String], geo: &Geometry, cell: usize) -> u8 {
    let r = geo.cell_rect(cell);
    let line = screen.get(r.y as usize).map(String::as_str).unwrap_or("");
    match line.chars().nth((r.x + r.width / 2) as usize) {
        Some(c @ '1'..='9') => c as u8 - b'0',
        _ => 0,
    }
}

fn filled(screen: &[String], geo: &Geometry) -> usize {
    (0..CELLS).filter(|&c| shown(screen, geo, c) != 0).count()
}

/// Keys that move the cursor from `from` to `to`.
fn moves(from: usize, to: usize) -> Vec<&'static str> {
    let (fr, fc) = (from / 9, from % 9);
    let (tr, tc) = (to / 9, to % 9);
    let mut keys = Vec::new();
    let vertical = if tr > fr { "j" } else { "k" };
    keys.extend(std::iter::repeat_n(vertical, fr.abs_diff(tr)));
    let horizontal = if tc > fc { "l" } else { "h" };
    keys.extend(std::iter::repeat_n(horizontal, fc.abs_diff(tc)));
    keys
}

fn temp_dir(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("sudoku-play-{name}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).expect("temp dir");
    dir
}

/// Starts `sudoku-play ARGS` in a new 80×24 tmux server named after `name`,
/// with its data directory in `data`. `None` (after saying why) when tmux is
/// missing or cannot start a session here.
fn start(name: &str, data: &Path, args: &str) -> Option<Tmux> {
    match Command::new("tmux").arg("-V").output() {
        Ok(out) if out.status.success() => {}
        _ => {
            println!("skipping the tmux test: tmux is not installed or does not run");
            let _ = std::fs::remove_dir_all(data);
            return None;
        }
    }
    let tmux = Tmux {
        socket: format!("sudoku-play-{name}-{}", std::process::id()),
    };
    let binary = env!("CARGO_BIN_EXE_sudoku-play");
    // `env` sets the data directory for the game alone, so the player's real
    // save is never touched.
    let command = format!(
        "env XDG_DATA_HOME='{}' HOME='{}' '{binary}' {args}",
        data.display(),
        data.display()
    );
    let started = tmux.run(&[
        "new-session",
        "-d",
        "-s",
        "play",
        "-x",
        "80",
        "-y",
        "24",
        &command,
    ]);
    match started {
        Ok(out) if out.status.success() => Some(tmux),
        Ok(out) => {
            println!(
                "skipping the tmux test: tmux could not start a session: {}",
                String::from_utf8_lossy(&out.stderr).trim()
            );
            let _ = std::fs::remove_dir_all(data);
            None
        }
        Err(e) => {
            println!("skipping the tmux test: tmux could not start: {e}");
            let _ = std::fs::remove_dir_all(data);
            None
        }
    }
}

/// Sends q and waits for the game to end.
fn quit(tmux: &Tmux) {
    tmux.keys(&["q"]);
    let deadline = Instant::now() + Duration::from_secs(10);
    while tmux.alive() && Instant::now() < deadline {
        sleep(Duration::from_millis(50));
    }
    assert!(!tmux.alive(), "the game did not quit");
}

#[test]
fn plays_a_puzzle_to_completion_in_tmux() {
    let data = temp_dir("e2e");
    let Some(tmux) = start("e2e", &data, PUZZLE) else {
        return;
    };
    let geo = Geometry::new(Rect::new(0, 0, 80, 24)).expect("80×24 fits");
    let puzzle: Grid = PUZZLE.parse().unwrap();
    let solution = sudoku_core::solve(&puzzle).unwrap();

    let screen = tmux.wait_for("the board", |s| contains(s, "SUDOKU"));
    assert_eq!(
        filled(&screen, &geo),
        puzzle.givens(),
        "{}",
        screen.join("\n")
    );

    // A hint: shown first, then applied, placing one digit.
    tmux.keys(&["?"]);
    tmux.wait_for("the hint", |s| contains(s, "Hint:"));
    tmux.keys(&["?"]);
    let screen = tmux.wait_for("the applied hint", |s| {
        filled(s, &geo) == puzzle.givens() + 1
    });
    for cell in 0..CELLS {
        let digit = shown(&screen, &geo, cell);
        assert!(digit == 0 || digit == solution.cells()[cell], "cell {cell}");
    }

    // The cursor starts on the first blank cell; an undo takes back a wrong digit.
    let mut cursor = puzzle.cells().iter().position(|&d| d == 0).unwrap();
    let wrong = solution.cells()[cursor] % 9 + 1;
    tmux.keys(&[&wrong.to_string()]);
    tmux.wait_for("the wrong digit", |s| shown(s, &geo, cursor) == wrong);
    tmux.keys(&["u"]);
    tmux.wait_for("the undo", |s| shown(s, &geo, cursor) == 0);

    // Fill every blank cell, a row at a time.
    for row in 0..9 {
        let mut keys: Vec<String> = Vec::new();
        for cell in row * 9..row * 9 + 9 {
            if puzzle.cells()[cell] == 0 {
                keys.extend(moves(cursor, cell).into_iter().map(String::from));
                keys.push(solution.cells()[cell].to_string());
                cursor = cell;
            }
        }
        let keys: Vec<&str> = keys.iter().map(String::as_str).collect();
        tmux.keys(&keys);
    }
    let screen = tmux.wait_for("the completion screen", |s| contains(s, "Solved!"));
    let text = screen.join("\n");
    assert!(contains(&screen, "Time"), "{text}");
    assert!(contains(&screen, "Hints     1"), "{text}");
    assert!(contains(&screen, "easy ·"), "{text}");

    // q leaves; a solved game leaves nothing to resume.
    quit(&tmux);
    let save = Path::new(&data).join("sudoku-play").join("game.txt");
    assert!(!save.exists(), "a solved game left a save file");
    let _ = std::fs::remove_dir_all(&data);
}

#[test]
fn a_click_selects_and_every_move_is_saved_and_resumed() {
    let data = temp_dir("resume");
    let save = data.join("sudoku-play").join("game.txt");
    let Some(tmux) = start("resume", &data, PUZZLE) else {
        return;
    };
    let geo = Geometry::new(Rect::new(0, 0, 80, 24)).expect("80×24 fits");
    let puzzle: Grid = PUZZLE.parse().unwrap();
    tmux.wait_for("the board", |s| contains(s, "SUDOKU"));
    // A left click (an SGR mouse report, as a terminal sends it) on r2c2 selects it.
    let cursor = 10;
    assert_eq!(puzzle.cells()[cursor], 0);
    let r = geo.cell_rect(cursor);
    let click = format!("\x1b[<0;{};{}M", r.x + 1, r.y + 1);
    let out = tmux
        .run(&["send-keys", "-t", "play", "-l", &click])
        .expect("tmux send-keys runs");
    assert!(out.status.success());
    tmux.keys(&["4"]);
    tmux.wait_for("the digit", |s| shown(s, &geo, cursor) == 4);
    // Saved already, before quitting.
    let text = std::fs::read_to_string(&save).expect("a save after the first move");
    let board = puzzle.to_line();
    let mut expected = board.into_bytes();
    expected[cursor] = b'4';
    let expected = String::from_utf8(expected).unwrap();
    assert!(text.contains(&format!("board {expected}")), "{text}");
    quit(&tmux);
    drop(tmux);

    let Some(tmux) = start("resume", &data, "") else {
        return;
    };
    tmux.wait_for("the menu", |s| contains(s, "Resume: custom"));
    tmux.keys(&["Enter"]);
    let screen = tmux.wait_for("the resumed board", |s| contains(s, "Mistakes"));
    assert_eq!(shown(&screen, &geo, cursor), 4, "{}", screen.join("\n"));
    quit(&tmux);
    let _ = std::fs::remove_dir_all(&data);
}
