//! The binary outside a terminal: help into a closed pipe, bad arguments,
//! and no terminal at all. No tmux needed.

use std::process::{Command, Stdio};

const PUZZLE: &str =
    "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79";

fn binary() -> Command {
    Command::new(env!("CARGO_BIN_EXE_sudoku-play"))
}

#[test]
fn help_into_a_closed_pipe_ends_quietly() {
    // `true` exits at once, so the help is written into a pipe nobody reads
    // (the sleep makes sure of the order); the status comes out on stderr.
    let script = format!(
        "(sleep 0.3; '{}' --help; echo \"status $?\" >&2) | true",
        env!("CARGO_BIN_EXE_sudoku-play")
    );
    let out = Command::new("sh")
        .args(["-c", &script])
        .output()
        .expect("sh runs");
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(err.contains("status 0"), "{err}");
    assert!(!err.contains("panicked"), "{err}");
}

#[test]
fn help_reaches_a_reader() {
    let out = binary().arg("--help").output().unwrap();
    assert!(out.status.success());
    let text = String::from_utf8_lossy(&out.stdout);
    for word in ["--daily", "--mistake-limit", "Exit status"] {
        assert!(text.contains(word), "{word} missing from:\n{text}");
    }
}

#[test]
fn without_a_terminal_it_says_so_and_writes_nothing_else() {
    let out = binary()
        .arg(PUZZLE)
        .stdin(Stdio::null())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(1));
    assert!(
        out.stdout.is_empty(),
        "escape codes on stdout: {:?}",
        out.stdout
    );
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(err.contains("cannot use the terminal"), "{err}");
}

#[test]
fn bad_arguments_exit_2_with_one_clear_line() {
    let cases: [(&[&str], &str); 4] = [
        (
            &["no-such-puzzle.txt"],
            "cannot read no-such-puzzle.txt: no such file",
        ),
        (&["53..7 ...."], "follows another cell without a space"),
        (
            &[&format!("55{}", &PUZZLE[2..])],
            "the givens conflict: digit 5 appears twice in row 1",
        ),
        (&["--date", "2026-02-30"], "not a date"),
    ];
    for (args, wanted) in cases {
        let out = binary().args(args).stdin(Stdio::null()).output().unwrap();
        assert_eq!(out.status.code(), Some(2), "{args:?}");
        let err = String::from_utf8_lossy(&out.stderr);
        assert!(err.contains(wanted), "{args:?}: {err}");
        assert_eq!(err.lines().count(), 1, "{err}");
        assert!(out.stdout.is_empty());
    }
}

#[test]
fn version_prints_the_version_and_exits_0() {
    for flag in ["--version", "-V"] {
        let out = binary().arg(flag).stdin(Stdio::null()).output().unwrap();
        assert_eq!(out.status.code(), Some(0), "{flag}");
        let text = String::from_utf8_lossy(&out.stdout);
        assert_eq!(
            text,
            format!("sudoku-play {}\n", env!("CARGO_PKG_VERSION")),
            "{flag}"
        );
        assert!(out.stderr.is_empty(), "{flag}");
    }
}
