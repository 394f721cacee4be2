//! End to end: the real `sudoku-play` binary in a real (tmux) terminal.
//!
//! Each test starts the game in a detached tmux server of its own, sends
//! keys, and reads the screen back with `capture-pane`, polling until the
//! screen shows what it waits for (never a fixed sleep, except where time
//! must pass to show that the clock did not count it). They cover a full
//! game with fill-candidates and a staged hint, undo after a resume, the
//! question before a game in progress is replaced, a resize to 40×12 and
//! back with keys pressed in between, SIGTERM and a failed save (through a
//! wrapper shell that reports the exit status and the terminal's modes
//! afterwards), a closed terminal (the game saves and ends instead of
//! spinning), the daily puzzle in two runs, the help screen on a small
//! terminal and a settings file that cannot be saved. Where tmux is missing or
//! cannot start a session, a test prints why and passes without checking.

use std::path::{Path, PathBuf};
use std::process::{Command, Output};
use std::thread::sleep;
use std::time::{Duration, Instant};

use ratatui::layout::Rect;
use sudoku_core::{Grid, CELLS};
use sudoku_play::daily::Date;
use sudoku_play::source;
use sudoku_play::ui::{Geometry, SUPERSCRIPT};

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

    /// A tmux format, e.g. `#{alternate_on}`, for the pane.
    fn display(&self, format: &str) -> String {
        let out = self
            .run(&["display-message", "-p", "-t", "play", format])
            .expect("tmux display-message runs");
        String::from_utf8_lossy(&out.stdout).trim().to_string()
    }

    fn resize(&self, width: u16, height: u16) {
        let (w, h) = (width.to_string(), height.to_string());
        let out = self
            .run(&["resize-window", "-t", "play", "-x", &w, "-y", &h])
            .expect("tmux resize-window runs");
        assert!(out.status.success(), "resize-window: {:?}", out);
    }

    /// Waits until the screen satisfies `ready`, and returns it.
    fn wait_for(&self, what: &str, ready: impl Fn(&[String]) -> bool) -> Vec<String> {
        let deadline = Instant::now() + Duration::from_secs(20);
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
            sleep(Duration::from_millis(40));
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

/// True once a whole game frame is on screen: ratatui writes a frame top to
/// bottom, and a capture can come in the middle of one, so tests wait for
/// the board's bottom border and the panel's last line before reading cells.
fn whole_frame(screen: &[String]) -> bool {
    contains(screen, "SUDOKU") && contains(screen, "┗━━━━━┷") && contains(screen, "q quit")
}

fn contains(screen: &[String], text: &str) -> bool {
    screen.iter().any(|line| line.contains(text))
}

/// The digit the screen shows in `cell` (0 when blank or a pencil mark).
fn shown(screen: &[String], geo: &Geometry, cell: usize) -> u8 {
    let r = geo.cell_rect(cell);
    let line = screen.get(r.y as usize).map(String::as_str).unwrap_or("");
    match line.chars().nth((r.x + r.width / 2) as usize) {
        Some(c @ '1'..='9') => c as u8 - b'0',
        _ => 0,
    }
}

/// Everything drawn inside `cell`.
fn cell_text(screen: &[String], geo: &Geometry, cell: usize) -> String {
    let r = geo.cell_rect(cell);
    (r.y..r.bottom())
        .map(|y| {
            let line = screen.get(y as usize).map(String::as_str).unwrap_or("");
            line.chars()
                .skip(r.x as usize)
                .take(r.width as usize)
                .collect::<String>()
        })
        .collect()
}

fn filled(screen: &[String], geo: &Geometry) -> usize {
    (0..CELLS).filter(|&c| shown(screen, geo, c) != 0).count()
}

fn board(screen: &[String], geo: &Geometry) -> Vec<u8> {
    (0..CELLS).map(|c| shown(screen, geo, c)).collect()
}

/// The panel's clock, in seconds.
fn clock(screen: &[String]) -> Option<u64> {
    let line = screen.iter().find(|l| l.contains("Time      "))?;
    let value = line.split("Time      ").nth(1)?.split_whitespace().next()?;
    let (m, s) = value.split_once(':')?;
    Some(m.parse::<u64>().ok()? * 60 + s.parse::<u64>().ok()?)
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

/// The command that runs `sudoku-play ARGS` with its data directory in
/// `data`, so the player's real save is never touched.
fn game_command(data: &Path, args: &str) -> String {
    format!(
        "env XDG_DATA_HOME='{}' HOME='{}' '{}' {args}",
        data.display(),
        data.display(),
        env!("CARGO_BIN_EXE_sudoku-play")
    )
}

/// A shell script in `dir` that records its pid, runs `command`, then prints
/// the exit status and the terminal's line modes and stays alive, so the
/// screen after the game can be read.
fn wrapper(dir: &Path, command: &str) -> String {
    let script = dir.join("run.sh");
    let text = format!(
        "echo $$ > '{pid}'\n{command}\necho \"exit status $?\"\n\
         echo \"modes $(stty -a | tr ' ;' '\\n\\n' | grep -x -e icanon -e -icanon -e echo -e -echo | tr '\\n' ' ')\"\n\
         exec sleep 600\n",
        pid = dir.join("sh.pid").display(),
    );
    std::fs::write(&script, text).expect("write the wrapper");
    format!("sh '{}'", script.display())
}

/// The pid of the wrapper's child, the game.
fn game_pid(dir: &Path) -> Option<u32> {
    let deadline = Instant::now() + Duration::from_secs(10);
    while Instant::now() < deadline {
        if let Ok(sh) = std::fs::read_to_string(dir.join("sh.pid")) {
            let sh = sh.trim();
            let children = format!("/proc/{sh}/task/{sh}/children");
            if let Ok(text) = std::fs::read_to_string(children) {
                if let Some(pid) = text.split_whitespace().next() {
                    return pid.parse().ok();
                }
            }
        }
        sleep(Duration::from_millis(40));
    }
    None
}

/// Starts `command` in a new tmux server named after `name`, `size` big.
/// `None` (after saying why) when tmux is missing or cannot start a session here.
fn start_command(name: &str, command: &str, size: (u16, u16)) -> Option<Tmux> {
    match Command::new("tmux").arg("-V").output() {
        Ok(out) if out.status.success() => {}
        _ => {
            println!("skipping the tmux test: tmux is not installed or does not run");
            return None;
        }
    }
    let tmux = Tmux {
        socket: format!("sudoku-play-{name}-{}", std::process::id()),
    };
    let (w, h) = (size.0.to_string(), size.1.to_string());
    let started = tmux.run(&[
        "new-session",
        "-d",
        "-s",
        "play",
        "-x",
        &w,
        "-y",
        &h,
        command,
    ]);
    match started {
        Ok(out) if out.status.success() => Some(tmux),
        Ok(out) => {
            println!(
                "skipping the tmux test: tmux could not start a session: {}",
                String::from_utf8_lossy(&out.stderr).trim()
            );
            None
        }
        Err(e) => {
            println!("skipping the tmux test: tmux could not start: {e}");
            None
        }
    }
}

/// Starts `sudoku-play ARGS` at 80×24 with its data directory in `data`.
fn start(name: &str, data: &Path, args: &str) -> Option<Tmux> {
    start_command(name, &game_command(data, args), (80, 24))
}

/// Waits for the game to end (after q or a signal).
fn wait_gone(tmux: &Tmux) {
    let deadline = Instant::now() + Duration::from_secs(10);
    while tmux.alive() && Instant::now() < deadline {
        sleep(Duration::from_millis(40));
    }
    assert!(!tmux.alive(), "the game did not quit");
}

/// Sends q and waits for the game to end.
fn quit(tmux: &Tmux) {
    tmux.keys(&["q"]);
    wait_gone(tmux);
}

fn compact() -> Geometry {
    Geometry::new(Rect::new(0, 0, 80, 24)).expect("80×24 fits")
}

#[test]
fn plays_a_full_game_with_candidates_and_a_staged_hint() {
    let data = temp_dir("e2e");
    let Some(tmux) = start("e2e", &data, PUZZLE) else {
        return;
    };
    let geo = compact();
    let puzzle: Grid = PUZZLE.parse().unwrap();
    let solution = sudoku_core::solve(&puzzle).unwrap();

    tmux.wait_for("the board", |s| {
        whole_frame(s) && filled(s, &geo) == puzzle.givens()
    });

    // f fills every blank cell's candidates: superscript marks, never digits.
    let blank = puzzle.cells().iter().position(|&d| d == 0).unwrap();
    tmux.keys(&["f"]);
    let screen = tmux.wait_for("the candidates", |s| {
        whole_frame(s) && contains(s, "Filled in every candidate")
    });
    for cell in (0..CELLS).filter(|&c| puzzle.cells()[c] == 0) {
        let text = cell_text(&screen, &geo, cell);
        let answer = SUPERSCRIPT[solution.cells()[cell] as usize - 1];
        assert!(
            text.contains(answer),
            "cell {cell} lacks its answer: '{text}'"
        );
        assert!(
            !text.chars().any(|c| c.is_ascii_digit()),
            "cell {cell}: '{text}'"
        );
    }
    assert_eq!(shown(&screen, &geo, blank), 0);

    // A hint in four presses: the technique, where to look, the step, then
    // applied.
    tmux.keys(&["?"]);
    let screen = tmux.wait_for("the technique", |s| contains(s, "Hint:"));
    assert!(
        contains(&screen, "Press ? again to see where"),
        "{}",
        screen.join("\n")
    );
    assert!(
        !contains(&screen, " = "),
        "the answer waits: {}",
        screen.join("\n")
    );
    tmux.keys(&["?"]);
    let screen = tmux.wait_for("where", |s| contains(s, "Press ? again to see the step"));
    assert!(!contains(&screen, " = "), "{}", screen.join("\n"));
    tmux.keys(&["?"]);
    tmux.wait_for("the step", |s| {
        contains(s, "Press ? again to apply the hint")
    });
    tmux.keys(&["?"]);
    let screen = tmux.wait_for("the applied hint", |s| {
        filled(s, &geo) == puzzle.givens() + 1
    });
    for cell in 0..CELLS {
        let digit = shown(&screen, &geo, cell);
        assert!(digit == 0 || digit == solution.cells()[cell], "cell {cell}");
    }

    // The cursor starts on the first blank cell; an undo takes back a wrong digit.
    let mut cursor = blank;
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
    assert!(contains(&screen, "Hints     1"), "{text}");
    assert!(contains(&screen, "Won       1"), "{text}");
    // A hint was used: the win counts, but not as a best time.
    assert!(!contains(&screen, "new best!"), "{text}");
    assert!(
        contains(&screen, "Won with hints: not a best time."),
        "{text}"
    );
    assert!(contains(&screen, "easy ·"), "{text}");
    assert!(contains(&screen, "n new game · m menu · q quit"), "{text}");
    let stats = std::fs::read_to_string(data.join("sudoku-play").join("stats.txt"))
        .expect("a stats file beside the save");
    assert!(
        stats.contains("custom played 1 won 1 no_hints 0 timed 1 total_ms "),
        "{stats}"
    );
    assert!(stats.contains(" best_ms -\n"), "{stats}");

    // m goes to the menu (no longer straight out), which shows the record.
    tmux.keys(&["m"]);
    let screen = tmux.wait_for("the menu", |s| contains(s, "New game: easy"));
    assert!(
        !contains(&screen, "Resume"),
        "a solved game leaves nothing to resume"
    );
    quit(&tmux);
    let save = data.join("sudoku-play").join("game.txt");
    assert!(!save.exists(), "a solved game left a save file");
    let _ = std::fs::remove_dir_all(&data);
}

#[test]
fn undo_works_after_a_resume_and_a_game_in_progress_is_not_replaced_unasked() {
    let data = temp_dir("resume");
    let save = data.join("sudoku-play").join("game.txt");
    let Some(tmux) = start("resume", &data, PUZZLE) else {
        return;
    };
    let geo = compact();
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
    tmux.keys(&["4", "l", "7"]);
    tmux.wait_for("the digits", |s| shown(s, &geo, cursor + 1) == 7);
    // Saved already, before quitting.
    let text = std::fs::read_to_string(&save).expect("a save after the first move");
    let mut expected = puzzle.to_line().into_bytes();
    expected[cursor] = b'4';
    expected[cursor + 1] = b'7';
    let expected = String::from_utf8(expected).unwrap();
    assert!(text.contains(&format!("board {expected}")), "{text}");
    // Esc goes back to the menu mid-game; the menu resumes the game as it was.
    tmux.keys(&["Escape"]);
    tmux.wait_for("the menu after Esc", |s| contains(s, "Resume: custom"));
    tmux.keys(&["Enter"]);
    tmux.wait_for("the game resumed from the menu", |s| {
        whole_frame(s) && shown(s, &geo, cursor) == 4 && shown(s, &geo, cursor + 1) == 7
    });
    quit(&tmux);
    drop(tmux);

    // Resumed from the menu, the undo history is still there.
    let Some(tmux) = start("resume", &data, "") else {
        return;
    };
    tmux.wait_for("the menu", |s| contains(s, "Resume: custom"));
    tmux.keys(&["Enter"]);
    tmux.wait_for("the resumed board", |s| {
        whole_frame(s) && shown(s, &geo, cursor) == 4
    });
    tmux.keys(&["u"]);
    tmux.wait_for("the first undo", |s| shown(s, &geo, cursor + 1) == 0);
    tmux.keys(&["u"]);
    tmux.wait_for("the second undo", |s| shown(s, &geo, cursor) == 0);
    tmux.keys(&["C-r"]);
    tmux.wait_for("the redo", |s| shown(s, &geo, cursor) == 4);
    quit(&tmux);
    drop(tmux);

    // A new puzzle on the command line asks before replacing the game; n resumes it.
    let Some(tmux) = start("resume", &data, "--difficulty easy --seed 1") else {
        return;
    };
    let screen = tmux.wait_for("the question", |s| contains(s, "A game is in progress"));
    assert!(contains(&screen, "custom, 0:"), "{}", screen.join("\n"));
    tmux.keys(&["n"]);
    tmux.wait_for("the resumed game", |s| {
        whole_frame(s) && contains(s, "SUDOKU  custom") && shown(s, &geo, cursor) == 4
    });
    quit(&tmux);
    drop(tmux);

    // The menu's "New game" asks too: n goes back to the menu, y replaces the game.
    let Some(tmux) = start("resume", &data, "") else {
        return;
    };
    tmux.wait_for("the menu", |s| contains(s, "Resume: custom"));
    // Resume, Daily, then easy.
    tmux.keys(&["j", "j", "Enter"]);
    tmux.wait_for("the menu's question", |s| contains(s, "n back to the menu"));
    tmux.keys(&["n"]);
    tmux.wait_for("the menu again", |s| contains(s, "Resume: custom"));
    tmux.keys(&["Enter"]);
    tmux.wait_for("the menu's question", |s| contains(s, "n back to the menu"));
    tmux.keys(&["y"]);
    tmux.wait_for("the new game", |s| {
        whole_frame(s) && contains(s, "SUDOKU  easy")
    });
    quit(&tmux);
    let text = std::fs::read_to_string(&save).expect("the new game's save");
    assert!(text.contains("\nlabel easy\n"), "{text}");
    let _ = std::fs::remove_dir_all(&data);
}

#[test]
fn a_resize_to_40_by_12_and_back_changes_neither_board_nor_clock() {
    let data = temp_dir("resize");
    let Some(tmux) = start("resize", &data, PUZZLE) else {
        return;
    };
    let geo = compact();
    let before = tmux.wait_for("the board at 0:01", |s| {
        whole_frame(s) && clock(s) == Some(1)
    });
    tmux.resize(40, 12);
    tmux.wait_for("the notice", |s| contains(s, "The terminal is 40×12"));
    // The keys of the issue: move left, type 7; and more digits and a hint.
    tmux.keys(&["h", "7", "3", "?", "?", "?", "f"]);
    // Time must pass for a running clock to show it.
    // A running clock would show 0:05 or more afterwards; 0:03 leaves room
    // for a slow machine between reading 0:01 and hiding the board.
    sleep(Duration::from_millis(4000));
    tmux.resize(80, 24);
    let after = tmux.wait_for("the board again", |s| {
        whole_frame(s) && board(s, &geo) == board(&before, &geo)
    });
    assert_eq!(
        board(&after, &geo),
        board(&before, &geo),
        "{}",
        after.join("\n")
    );
    assert!(
        !after
            .iter()
            .any(|l| SUPERSCRIPT.iter().any(|m| l.contains(m))),
        "no marks filled"
    );
    assert!(contains(&after, "Hints     0"), "{}", after.join("\n"));
    let elapsed = clock(&after).expect("a clock");
    assert!(
        elapsed <= 3,
        "the clock counted while hidden: {}",
        after.join("\n")
    );
    // Keys work again once the board is back.
    tmux.keys(&["5"]);
    let start = PUZZLE.find('.').unwrap();
    tmux.wait_for("a digit", |s| shown(s, &compact(), start) == 5);
    quit(&tmux);
    let _ = std::fs::remove_dir_all(&data);
}

#[test]
fn sigterm_restores_the_terminal_and_saves_the_game_with_its_clock() {
    ends_on_signal("TERM", 143);
}

#[test]
fn sighup_saves_the_game_with_its_clock() {
    ends_on_signal("HUP", 129);
}

/// Sends SIG`name` to the game two seconds in; checks the exit status, the
/// terminal's modes afterwards and the clock in the save.
fn ends_on_signal(name: &str, status: i32) {
    if !Path::new("/proc/self/task").exists() {
        println!("skipping: no /proc to find the game's pid");
        return;
    }
    let data = temp_dir(&format!("sig{name}"));
    let command = wrapper(&data, &game_command(&data, PUZZLE));
    let Some(tmux) = start_command(&format!("sig{name}"), &command, (80, 24)) else {
        return;
    };
    let geo = compact();
    tmux.wait_for("the board", |s| contains(s, "SUDOKU"));
    assert_eq!(tmux.display("#{alternate_on}"), "1");
    tmux.keys(&["4"]);
    tmux.wait_for("the clock at 0:02", |s| clock(s) == Some(2));
    let screen = tmux.screen();
    assert_eq!(shown(&screen, &geo, 2), 4);
    let pid = game_pid(&data).expect("the game's pid");
    let killed = Command::new("kill")
        .args([&format!("-{name}"), &pid.to_string()])
        .status()
        .expect("kill runs");
    assert!(killed.success());
    let screen = tmux.wait_for("the wrapper's report", |s| contains(s, "modes "));
    let text = screen.join("\n");
    assert!(
        contains(&screen, &format!("exit status {status}")),
        "{text}"
    );
    assert!(
        contains(&screen, "modes icanon echo"),
        "raw mode left on: {text}"
    );
    assert_eq!(
        tmux.display("#{alternate_on}"),
        "0",
        "still in the alternate screen"
    );
    assert_eq!(tmux.display("#{cursor_flag}"), "1", "the cursor is hidden");
    assert_eq!(
        tmux.display("#{mouse_any_flag}#{mouse_button_flag}#{mouse_standard_flag}"),
        "000",
        "mouse capture is on"
    );
    assert_clock_saved(&data);
    let _ = std::fs::remove_dir_all(&data);
}

/// Checks that the save in `data` holds the 4 entered in r1c3 and a clock
/// of 2 to 10 seconds, as the signal and hang-up tests leave it.
fn assert_clock_saved(data: &Path) {
    let save = std::fs::read_to_string(data.join("sudoku-play").join("game.txt")).expect("a save");
    assert!(save.lines().any(|l| l.starts_with("board 534")), "{save}");
    let ms: u64 = save
        .lines()
        .find_map(|l| l.strip_prefix("elapsed_ms "))
        .and_then(|v| v.parse().ok())
        .expect("elapsed_ms in the save");
    assert!(
        (2000..10_000).contains(&ms),
        "the clock was not saved: {ms} ms"
    );
}

/// A player who closes the terminal window: the pseudo-terminal goes away
/// under the game. The game must save (clock included) and end, not spin on
/// the dead terminal, which crossterm alone would do for ever.
#[test]
fn closing_the_terminal_saves_the_game_and_ends_it() {
    if !Path::new("/proc/self/task").exists() {
        println!("skipping: no /proc to find the game's pid");
        return;
    }
    let data = temp_dir("closed");
    let command = wrapper(&data, &game_command(&data, PUZZLE));
    let Some(tmux) = start_command("closed", &command, (80, 24)) else {
        return;
    };
    tmux.wait_for("the board", |s| contains(s, "SUDOKU"));
    tmux.keys(&["4"]);
    tmux.wait_for("the clock at 0:02", |s| clock(s) == Some(2));
    let pid = game_pid(&data).expect("the game's pid");
    let proc_dir = PathBuf::from(format!("/proc/{pid}"));
    drop(tmux); // kills the tmux server: the terminal is gone
    let deadline = Instant::now() + Duration::from_secs(6);
    while proc_dir.exists() && Instant::now() < deadline {
        sleep(Duration::from_millis(50));
    }
    let still_running = proc_dir.exists();
    if still_running {
        let _ = Command::new("kill").args(["-9", &pid.to_string()]).status();
    }
    assert!(!still_running, "the game outlived its terminal");
    assert_clock_saved(&data);
    let _ = std::fs::remove_dir_all(&data);
}

#[test]
fn a_failed_save_shows_at_once_and_sets_the_exit_status() {
    let dir = temp_dir("nosave");
    // The data directory is a file, so no save can be written under it.
    let blocker = dir.join("blocker");
    std::fs::write(&blocker, "").unwrap();
    let command = wrapper(&dir, &game_command(&blocker, PUZZLE));
    let Some(tmux) = start_command("nosave", &command, (80, 24)) else {
        return;
    };
    let screen = tmux.wait_for("the warning", |s| contains(s, "Not saved!"));
    assert!(contains(&screen, "cannot save"), "{}", screen.join("\n"));
    let geo = compact();
    tmux.keys(&["4"]);
    tmux.wait_for("the digit", |s| shown(s, &geo, 2) == 4);
    // q asks before a game that cannot be saved is lost; n keeps playing.
    tmux.keys(&["q"]);
    // The whole question: a capture can come in the middle of a frame.
    let screen = tmux.wait_for("the question", |s| {
        contains(s, "This game is not saved") && contains(s, "y quit and lose")
    });
    let text = screen.join("\n");
    assert!(contains(&screen, "y quit and lose this game"), "{text}");
    assert!(
        text.split_whitespace()
            .collect::<String>()
            .contains("cannotsavethegame"),
        "{text}"
    );
    tmux.keys(&["n"]);
    tmux.wait_for("the game again", |s| {
        contains(s, "Not saved!") && contains(s, "┗━━━━━┷") && shown(s, &geo, 2) == 4
    });
    tmux.keys(&["q"]);
    tmux.wait_for("the question again", |s| {
        contains(s, "This game is not saved")
    });
    tmux.keys(&["y"]);
    let screen = tmux.wait_for("the wrapper's report", |s| contains(s, "exit status"));
    let text = screen.join("\n");
    assert!(contains(&screen, "exit status 3"), "{text}");
    assert!(
        contains(&screen, "sudoku-play: cannot save the game to"),
        "{text}"
    );
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn an_unreadable_save_is_set_aside_and_the_player_told() {
    let dir = temp_dir("badsave");
    let data = dir.join("data");
    let saves = data.join("sudoku-play");
    std::fs::create_dir_all(&saves).unwrap();
    let damaged = "format 9\nthis is not a save\n";
    std::fs::write(saves.join("game.txt"), damaged).unwrap();
    let command = wrapper(&dir, &game_command(&data, PUZZLE));
    let Some(tmux) = start_command("badsave", &command, (80, 24)) else {
        return;
    };
    let screen = tmux.wait_for("the notice", |s| whole_frame(s) && contains(s, "Note:"));
    let text = screen.join("\n");
    assert!(contains(&screen, "unreadable save"), "{text}");
    assert!(contains(&screen, "game.txt.unreadable"), "{text}");
    // The note leaves the keys listed, and goes with the next key.
    assert!(contains(&screen, "n pencil"), "{text}");
    tmux.keys(&["l"]);
    tmux.wait_for("the note to go", |s| {
        whole_frame(s) && !contains(s, "Note:") && contains(s, "n pencil")
    });
    tmux.keys(&["q"]);
    let screen = tmux.wait_for("the wrapper's report", |s| contains(s, "exit status"));
    let text = screen.join("\n");
    // Not a failure: the status stays 0, and the message names the kept file.
    assert!(contains(&screen, "exit status 0"), "{text}");
    // The terminal wraps the long message: look for the name across lines.
    assert!(screen.concat().contains("game.txt.unreadable"), "{text}");
    let kept = std::fs::read_to_string(saves.join("game.txt.unreadable")).expect("kept");
    assert_eq!(kept, damaged);
    // The game just played was saved in its place, and reads back.
    let saved = std::fs::read_to_string(saves.join("game.txt")).expect("new save");
    assert_ne!(saved, damaged);
    assert!(sudoku_play::game::Game::from_save(&saved, Instant::now()).is_ok());
    drop(tmux);

    // A second unreadable save, found by the menu: kept beside the first
    // under a new name, and the menu says so in full until the next key.
    std::fs::write(saves.join("game.txt"), "damaged again\n").unwrap();
    let Some(tmux) = start("badsave", &data, "") else {
        return;
    };
    let screen = tmux.wait_for("the menu's note", |s| contains(s, "Note:"));
    let text = screen.join("\n");
    assert!(contains(&screen, "New game: easy"), "{text}");
    assert!(!contains(&screen, "Resume"), "{text}");
    let words: String = text.split_whitespace().collect();
    assert!(words.contains("couldnotberead"), "{text}");
    assert!(words.contains("game.txt.unreadable.1"), "{text}");
    tmux.keys(&["j"]);
    tmux.wait_for("the note to go", |s| {
        !contains(s, "Note:") && contains(s, "New game: easy")
    });
    quit(&tmux);
    let first = std::fs::read_to_string(saves.join("game.txt.unreadable")).expect("kept");
    assert_eq!(first, damaged, "the first unreadable save was replaced");
    let second = std::fs::read_to_string(saves.join("game.txt.unreadable.1")).expect("kept");
    assert_eq!(second, "damaged again\n");
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn the_daily_puzzle_is_the_same_in_two_runs() {
    let geo = compact();
    let mut boards = Vec::new();
    let mut dates = Vec::new();
    for run in 0..2 {
        let data = temp_dir(&format!("daily{run}"));
        let today = Date::today();
        let Some(tmux) = start(&format!("daily{run}"), &data, "--daily") else {
            return;
        };
        let screen = tmux.wait_for("the daily board", |s| {
            whole_frame(s) && contains(s, "SUDOKU  daily")
        });
        assert!(
            contains(&screen, &format!("daily {today}")),
            "{}",
            screen.join("\n")
        );
        boards.push(board(&screen, &geo));
        dates.push(today);
        quit(&tmux);
        let _ = std::fs::remove_dir_all(&data);
    }
    if dates[0] != dates[1] {
        println!("the date changed between the runs; nothing to compare");
        return;
    }
    assert_eq!(boards[0], boards[1]);
    // And it is the generator's puzzle for the date's level and seed.
    let made = source::generate(dates[0].level(), dates[0].seed());
    assert_eq!(boards[0], made.puzzle.cells().to_vec());
}

#[test]
fn mistake_limit_given_when_resuming_applies_to_the_resumed_game() {
    let data = temp_dir("limit");
    let Some(tmux) = start("limit", &data, PUZZLE) else {
        return;
    };
    let geo = compact();
    tmux.wait_for("the board", |s| {
        whole_frame(s) && contains(s, "Mistakes  0")
    });
    tmux.keys(&["4"]);
    tmux.wait_for("the digit", |s| shown(s, &geo, 2) == 4);
    quit(&tmux);
    drop(tmux);
    // Resumed from the menu with a limit: the game shows and keeps it.
    let Some(tmux) = start("limit", &data, "--mistake-limit 2") else {
        return;
    };
    tmux.wait_for("the menu", |s| contains(s, "Resume: custom"));
    tmux.keys(&["Enter"]);
    let screen = tmux.wait_for("the resumed board", |s| {
        whole_frame(s) && shown(s, &geo, 2) == 4
    });
    let text = screen.join("\n");
    assert!(contains(&screen, "Mistakes  0 of 2"), "{text}");
    assert!(contains(&screen, "Mistake limit now 2"), "{text}");
    quit(&tmux);
    let save = std::fs::read_to_string(data.join("sudoku-play").join("game.txt")).unwrap();
    assert!(save.contains("\nlimit 2\n"), "{save}");
    let _ = std::fs::remove_dir_all(&data);
}

#[test]
fn a_second_copy_sharing_the_save_does_not_overwrite_the_first_ones_moves() {
    let data = temp_dir("twocopies");
    let save = data.join("sudoku-play").join("game.txt");
    let geo = compact();
    let Some(first) = start("twocopies-a", &data, PUZZLE) else {
        return;
    };
    first.wait_for("the first copy's board", whole_frame);
    first.keys(&["4"]);
    first.wait_for("the first copy's digit", |s| shown(s, &geo, 2) == 4);
    let board = |text: &str| {
        text.lines()
            .find_map(|l| l.strip_prefix("board "))
            .map(str::to_string)
    };
    let saved = board(&std::fs::read_to_string(&save).unwrap()).unwrap();
    assert_eq!(&saved[..3], "534");

    // The second copy is told, offers no Resume, and its game is not saved.
    let Some(second) = start("twocopies-b", &data, "") else {
        return;
    };
    let screen = second.wait_for("the second copy's note", |s| contains(s, "Note:"));
    let text = screen.join("\n");
    let words: String = text.split_whitespace().collect();
    assert!(words.contains("anothersudoku-play(pid"), "{text}");
    assert!(words.contains("thiscopydoesnotsave"), "{text}");
    assert!(!contains(&screen, "Resume"), "{text}");
    // Daily, then easy.
    second.keys(&["j", "Enter"]);
    let screen = second.wait_for("the second copy's game", |s| {
        contains(s, "SUDOKU  easy") && contains(s, "┗━━━━━┷")
    });
    assert!(contains(&screen, "Not saved!"), "{}", screen.join("\n"));
    assert!(
        contains(&screen, "n pencil"),
        "keys hidden: {}",
        screen.join("\n")
    );
    second.keys(&["1"]);
    second.keys(&["q"]);
    second.wait_for("the question", |s| contains(s, "This game is not saved"));
    second.keys(&["y"]);
    wait_gone(&second);
    drop(second);
    assert_eq!(
        board(&std::fs::read_to_string(&save).unwrap()).unwrap(),
        saved,
        "the second copy overwrote the first one's save"
    );

    // The first copy goes on saving.
    first.keys(&["l", "6"]);
    first.wait_for("the first copy's next digit", |s| shown(s, &geo, 3) == 6);
    let now = board(&std::fs::read_to_string(&save).unwrap()).unwrap();
    assert_eq!(&now[..4], "5346", "{now}");

    // A copy killed outright leaves no stale lock: the kernel drops it.
    let lock = std::fs::read_to_string(data.join("sudoku-play").join("game.lock")).unwrap();
    let pid: u32 = lock.trim().parse().expect("the holder's pid");
    let killed = Command::new("kill")
        .args(["-KILL", &pid.to_string()])
        .status()
        .expect("kill runs");
    assert!(killed.success());
    let deadline = Instant::now() + Duration::from_secs(10);
    while Path::new(&format!("/proc/{pid}")).exists() && Instant::now() < deadline {
        sleep(Duration::from_millis(40));
    }
    drop(first);
    let Some(third) = start("twocopies-c", &data, "") else {
        return;
    };
    third.wait_for("the menu", |s| contains(s, "Resume: custom"));
    quit(&third);
    let _ = std::fs::remove_dir_all(&data);
}

#[test]
fn out_of_mistakes_retries_and_the_statistics_screen_reads_an_old_stats_file() {
    let data = temp_dir("retry");
    let dir = data.join("sudoku-play");
    std::fs::create_dir_all(&dir).unwrap();
    // A stats file of version 1, as the game wrote it before statistics.
    let stats = dir.join("stats.txt");
    std::fs::write(&stats, "sudoku-play stats 1\neasy won 2 best_ms 90000\n").unwrap();
    let Some(tmux) = start("retry", &data, &format!("--mistake-limit 1 {PUZZLE}")) else {
        return;
    };
    let geo = compact();
    let puzzle: Grid = PUZZLE.parse().unwrap();
    tmux.wait_for("the board", |s| {
        whole_frame(s) && contains(s, "Mistakes  0 of 1")
    });
    // The cursor starts on r1c3, whose answer is 4.
    tmux.keys(&["1"]);
    let screen = tmux.wait_for("out of mistakes", |s| contains(s, "r retry · n new game"));
    assert!(
        contains(&screen, "r retry (same puzzle)"),
        "{}",
        screen.join("\n")
    );
    tmux.keys(&["r"]);
    let screen = tmux.wait_for("a fresh board", |s| {
        whole_frame(s) && contains(s, "Mistakes  0 of 1") && !contains(s, "Out of mistakes")
    });
    assert_eq!(board(&screen, &geo), puzzle.cells().to_vec(), "givens only");
    assert!(contains(&screen, "The same puzzle on a fresh board"));
    // The loss was counted, and the old file was read and written anew.
    let text = std::fs::read_to_string(&stats).unwrap();
    assert!(text.starts_with("sudoku-play stats 2\n"), "{text}");
    assert!(
        text.contains("easy played 2 won 2 no_hints 0 timed 0 total_ms 0 best_ms 90000"),
        "{text}"
    );
    assert!(text.contains("custom played 1 won 0 "), "{text}");
    // The retried game plays: a right digit stays.
    tmux.keys(&["4"]);
    tmux.wait_for("the digit", |s| {
        shown(s, &geo, 2) == 4 && contains(s, "Mistakes  0 of 1")
    });

    // Esc, then Statistics: four up from the top (Quit, Help, Settings, Statistics).
    tmux.keys(&["Escape"]);
    tmux.wait_for("the menu", |s| contains(s, "Resume: custom"));
    tmux.keys(&["k", "k", "k", "k", "Enter"]);
    let screen = tmux.wait_for("the statistics", |s| contains(s, "STATISTICS"));
    let text = screen.join("\n");
    let row = |level: &str| -> Vec<String> {
        screen
            .iter()
            .find(|l| l.trim_start().starts_with(level))
            .unwrap_or_else(|| panic!("no {level} row:\n{text}"))
            .split_whitespace()
            .map(String::from)
            .collect()
    };
    assert_eq!(
        row("easy"),
        ["easy", "2", "2", "100%", "-", "1:30", "0"],
        "{text}"
    );
    assert_eq!(
        row("custom"),
        ["custom", "1", "0", "0%", "-", "-", "0"],
        "{text}"
    );
    assert!(
        text.contains("Streak: 0 won in a row now, 0 at best"),
        "{text}"
    );
    tmux.keys(&["Escape"]);
    tmux.wait_for("the menu again", |s| contains(s, "Resume: custom"));
    tmux.keys(&["q"]);
    wait_gone(&tmux);
    let _ = std::fs::remove_dir_all(&data);
}

#[test]
fn restart_asks_first_and_then_gives_a_fresh_board() {
    let data = temp_dir("restart");
    let Some(tmux) = start("restart", &data, PUZZLE) else {
        return;
    };
    let geo = compact();
    tmux.wait_for("the board", whole_frame);
    tmux.keys(&["4", "f"]);
    tmux.wait_for("the digit", |s| {
        shown(s, &geo, 2) == 4 && contains(s, "Filled in")
    });
    tmux.keys(&["r"]);
    tmux.wait_for("the question", |s| contains(s, "Restart this puzzle?"));
    tmux.keys(&["n"]);
    tmux.wait_for("the game again", |s| {
        whole_frame(s) && shown(s, &geo, 2) == 4
    });
    tmux.keys(&["r"]);
    tmux.wait_for("the question", |s| {
        contains(s, "y restart · n keep playing")
    });
    tmux.keys(&["y"]);
    let screen = tmux.wait_for("a fresh board", |s| {
        whole_frame(s) && shown(s, &geo, 2) == 0 && contains(s, "fresh board")
    });
    assert_eq!(
        cell_text(&screen, &geo, 3).trim(),
        "",
        "no pencil marks left"
    );
    tmux.keys(&["u"]);
    tmux.wait_for("nothing to undo", |s| contains(s, "Nothing to undo"));
    quit(&tmux);
    let stats = std::fs::read_to_string(data.join("sudoku-play").join("stats.txt")).unwrap();
    assert!(stats.contains("custom played 1 won 0 "), "{stats}");
    let _ = std::fs::remove_dir_all(&data);
}

#[test]
fn settings_are_saved_used_by_the_next_run_and_overridden_by_flags() {
    let data = temp_dir("settings");
    let dir = data.join("sudoku-play");
    std::fs::create_dir_all(&dir).unwrap();
    let file = dir.join("settings.txt");
    // An unreadable settings file: the defaults, and a note; no panic.
    std::fs::write(&file, "sudoku-play settings 1\nhighlights purple\n").unwrap();
    let Some(tmux) = start("settings", &data, "") else {
        return;
    };
    let screen = tmux.wait_for("the menu with a note", |s| contains(s, "Quit"));
    let text = screen.join(" ");
    let joined = text.split_whitespace().collect::<Vec<_>>().join(" ");
    assert!(joined.contains("settings in"), "{joined}");
    assert!(joined.contains("could not be read"), "{joined}");
    // Settings: three up from the top (Quit, Help, Settings). The first key hides the note.
    tmux.keys(&["k"]);
    tmux.wait_for("the note gone", |s| !contains(s, "could not be read"));
    tmux.keys(&["k", "k", "Enter"]);
    tmux.wait_for("the settings", |s| contains(s, "SETTINGS"));
    // The mistake limit to 2, the timer off, the theme high-contrast.
    tmux.keys(&["Right", "Right", "j", "j", "j", "Enter", "j", "Right"]);
    let screen = tmux.wait_for("the changes", |s| contains(s, "high-contrast"));
    let text = screen.join("\n");
    assert!(
        text.contains("‹       2       ›") || text.contains("‹ 2"),
        "{text}"
    );
    let saved = std::fs::read_to_string(&file).unwrap();
    assert_eq!(
        saved,
        "sudoku-play settings 1\nmistake_limit 2\nauto_remove on\nhighlights on\n\
         show_timer off\ntheme high-contrast\n"
    );
    tmux.keys(&["Escape"]);
    tmux.wait_for("the menu", |s| contains(s, "Statistics"));
    tmux.keys(&["q"]);
    wait_gone(&tmux);
    drop(tmux);

    // The next run uses them for a new game.
    let Some(tmux) = start("settings", &data, PUZZLE) else {
        return;
    };
    let screen = tmux.wait_for("the board", |s| whole_frame(s) && contains(s, "Mistakes"));
    let text = screen.join("\n");
    assert!(contains(&screen, "Mistakes  0 of 2"), "{text}");
    assert!(contains(&screen, "Time      hidden"), "{text}");
    quit(&tmux);
    drop(tmux);
    std::fs::remove_file(dir.join("game.txt")).unwrap();

    // A flag overrides the setting for the run, and the file keeps it.
    let Some(tmux) = start("settings", &data, &format!("--mistake-limit 5 {PUZZLE}")) else {
        return;
    };
    let screen = tmux.wait_for("the board", |s| whole_frame(s) && contains(s, "Mistakes"));
    assert!(
        contains(&screen, "Mistakes  0 of 5"),
        "{}",
        screen.join("\n")
    );
    quit(&tmux);
    assert_eq!(std::fs::read_to_string(&file).unwrap(), saved);
    let _ = std::fs::remove_dir_all(&data);
}

#[test]
fn the_help_screen_on_a_small_terminal_says_how_large_it_must_be() {
    let data = temp_dir("help-small");
    let Some(tmux) = start("help-small", &data, PUZZLE) else {
        return;
    };
    tmux.wait_for("the board", whole_frame);
    tmux.keys(&["i"]);
    tmux.wait_for("the help", |s| contains(s, "lines 1-"));
    for (w, h) in [(40, 12), (50, 15)] {
        tmux.resize(w, h);
        let screen = tmux.wait_for("the notice", |s| {
            contains(s, &format!("The terminal is {w}×{h}"))
        });
        let joined = screen
            .join(" ")
            .split_whitespace()
            .collect::<Vec<_>>()
            .join(" ");
        assert!(
            joined.contains("the help screen needs at least"),
            "{joined}"
        );
        assert!(!joined.contains("move the"), "{joined}");
    }
    tmux.resize(80, 24);
    tmux.wait_for("the help again", |s| contains(s, "move the cursor"));
    tmux.keys(&["Escape"]);
    tmux.wait_for("the board again", whole_frame);
    quit(&tmux);
    let _ = std::fs::remove_dir_all(&data);
}

#[test]
fn a_setting_that_cannot_be_saved_is_never_called_saved() {
    let data = temp_dir("settings-dir");
    // settings.txt is a directory: it can be neither read nor written.
    std::fs::create_dir_all(data.join("sudoku-play").join("settings.txt")).unwrap();
    let Some(tmux) = start("settings-dir", &data, "") else {
        return;
    };
    tmux.wait_for("the menu with a note", |s| contains(s, "could not be"));
    // Hide the note, then Settings: three up from the top (Quit, Help, Settings).
    tmux.keys(&["k"]);
    tmux.wait_for("the note gone", |s| !contains(s, "could not be"));
    tmux.keys(&["k", "k", "Enter"]);
    tmux.wait_for("the settings", |s| contains(s, "SETTINGS"));
    tmux.keys(&["Right"]);
    let screen = tmux.wait_for("the note", |s| contains(s, "cannot save"));
    let text = screen.join("\n");
    assert!(!text.contains("Saved at once"), "{text}");
    assert!(
        text.contains("Not saved; they apply for this run only."),
        "{text}"
    );
    assert!(text.contains("settings.txt:"), "the path is cut: {text}");
    tmux.keys(&["Escape"]);
    tmux.wait_for("the menu", |s| contains(s, "Quit"));
    quit(&tmux);
    let _ = std::fs::remove_dir_all(&data);
}

#[test]
fn the_help_screen_opens_from_the_game_scrolls_and_stops_the_clock() {
    let data = temp_dir("help");
    let Some(tmux) = start("help", &data, PUZZLE) else {
        return;
    };
    let geo = compact();
    tmux.wait_for("the board", whole_frame);
    tmux.keys(&["4", "i"]);
    let screen = tmux.wait_for("the help", |s| contains(s, "lines 1-"));
    assert!(contains(&screen, "HELP"), "{}", screen.join("\n"));
    tmux.keys(&["PageDown", "PageDown", "PageDown"]);
    let screen = tmux.wait_for("the end of the help", |s| contains(s, "Counting"));
    assert!(!contains(&screen, "lines 1-"), "{}", screen.join("\n"));
    // Time spent reading does not count.
    sleep(Duration::from_millis(2200));
    tmux.keys(&["Escape"]);
    let screen = tmux.wait_for("the game again", |s| {
        whole_frame(s) && shown(s, &geo, 2) == 4
    });
    assert!(
        clock(&screen).is_some_and(|t| t < 2),
        "{}",
        screen.join("\n")
    );
    quit(&tmux);
    let _ = std::fs::remove_dir_all(&data);
}

#[test]
fn a_solved_lesson_offers_another_puzzle_of_its_technique() {
    let data = temp_dir("lesson");
    let technique = sudoku_core::rate::Technique::XWing;
    let made = source::generate_teaching(technique, 3).expect("an X-Wing puzzle");
    let Some(tmux) = start("lesson", &data, "--technique x-wing --seed 3") else {
        return;
    };
    let geo = compact();
    tmux.wait_for("the lesson's board", |s| {
        whole_frame(s) && contains(s, "technique X-Wing")
    });
    let mut cursor = made.puzzle.cells().iter().position(|&d| d == 0).unwrap();
    let mut keys: Vec<String> = Vec::new();
    for cell in (0..CELLS).filter(|&c| made.puzzle.cells()[c] == 0) {
        keys.extend(moves(cursor, cell).into_iter().map(String::from));
        keys.push(made.solution.cells()[cell].to_string());
        cursor = cell;
    }
    for chunk in keys.chunks(40) {
        let chunk: Vec<&str> = chunk.iter().map(String::as_str).collect();
        tmux.keys(&chunk);
    }
    tmux.wait_for("the Solved! screen", |s| {
        contains(s, "n another X-Wing puzzle")
    });
    tmux.keys(&["n"]);
    let screen = tmux.wait_for("another lesson", |s| {
        whole_frame(s) && contains(s, "technique X-Wing") && !contains(s, "Solved!")
    });
    assert_ne!(
        board(&screen, &geo),
        made.puzzle.cells().to_vec(),
        "a new puzzle"
    );
    quit(&tmux);
    let stats = std::fs::read_to_string(data.join("sudoku-play").join("stats.txt")).unwrap();
    assert!(
        stats.contains("technique played 1 won 1 no_hints 1 "),
        "{stats}"
    );
    let _ = std::fs::remove_dir_all(&data);
}

#[test]
fn the_high_contrast_theme_comes_from_the_flag_or_the_settings() {
    let data = temp_dir("theme");
    let styled = |tmux: &Tmux| -> String {
        let out = tmux
            .run(&["capture-pane", "-p", "-e", "-t", "play"])
            .expect("tmux capture-pane runs");
        String::from_utf8_lossy(&out.stdout).into_owned()
    };
    // The normal board is grey 255; the high-contrast one white (231).
    for (args, paper, not) in [
        (PUZZLE.to_string(), "48;5;255", "48;5;231"),
        (
            format!("--theme high-contrast {PUZZLE}"),
            "48;5;231",
            "48;5;255",
        ),
    ] {
        let Some(tmux) = start("theme", &data, &args) else {
            return;
        };
        tmux.wait_for("the board", whole_frame);
        let text = styled(&tmux);
        assert!(text.contains(paper), "{args}: {text}");
        assert!(!text.contains(not), "{args}: {text}");
        quit(&tmux);
        drop(tmux);
        let _ = std::fs::remove_file(data.join("sudoku-play").join("game.txt"));
    }
    // Chosen in the settings, it holds in the next run.
    std::fs::write(
        data.join("sudoku-play").join("settings.txt"),
        "sudoku-play settings 1\ntheme high-contrast\n",
    )
    .unwrap();
    let Some(tmux) = start("theme", &data, PUZZLE) else {
        return;
    };
    tmux.wait_for("the board", whole_frame);
    assert!(styled(&tmux).contains("48;5;231"));
    quit(&tmux);
    let _ = std::fs::remove_dir_all(&data);
}
