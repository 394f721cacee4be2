//! `sudoku -c N`: the exact output contract and the whole bad-argument list of
//! the assignment, run against the real binary.

mod common;

use common::{assert_final_boards, assert_usage_error, Scratch};
use std::ffi::OsString;
use sudoku_core::FinalBoards;

#[test]
fn small_counts_write_exact_valid_distinct_boards() {
    for count in [1usize, 2, 1000] {
        let dir = Scratch::new("generate-small");
        let out = dir.run(&["-c", &count.to_string()]);
        assert!(out.status.success(), "-c {count}: {}", common::stderr(&out));
        assert!(
            out.stdout.is_empty() && out.stderr.is_empty(),
            "-c {count} is silent"
        );
        let bytes = dir.output();
        let grids = assert_final_boards(&bytes, count, 9);
        // The first N boards of FinalBoards, in order.
        let expected: Vec<[u8; 81]> = FinalBoards::new(9)
            .expect("valid digit")
            .take(count)
            .map(|g| *g.cells())
            .collect();
        assert_eq!(grids, expected, "-c {count}");
        assert!(dir.temp_files().is_empty());
    }
}

#[test]
fn one_million_boards_are_exactly_162999999_bytes_valid_and_distinct() {
    let dir = Scratch::new("generate-million");
    let out = dir.run(&["-c", "1000000"]);
    assert!(out.status.success(), "{}", common::stderr(&out));
    let bytes = dir.output();
    assert_eq!(bytes.len(), 162_999_999);
    assert_final_boards(&bytes, 1_000_000, 9);
}

#[test]
fn first_digit_is_chosen_by_first() {
    for first in 1u8..=9 {
        let dir = Scratch::new("generate-first");
        let out = dir.run(&["--first", &first.to_string(), "-c", "200"]);
        assert!(
            out.status.success(),
            "--first {first}: {}",
            common::stderr(&out)
        );
        assert_final_boards(&dir.output(), 200, first);
    }
}

#[test]
fn output_to_stdout_matches_the_file_and_leaves_sudoku_txt_alone() {
    let dir = Scratch::new("generate-stdout");
    let out = dir.run(&["-c", "300", "--first", "4", "-o", "-"]);
    assert!(out.status.success(), "{}", common::stderr(&out));
    dir.assert_untouched("-o -");
    assert_final_boards(&out.stdout, 300, 4);

    let file = dir.run(&["-c", "300", "--first", "4", "-o", "other.txt"]);
    assert!(file.status.success(), "{}", common::stderr(&file));
    dir.assert_untouched("-o other.txt");
    let written = std::fs::read(dir.join("other.txt")).expect("other.txt written");
    assert_eq!(written, out.stdout);
}

#[test]
fn each_run_replaces_the_previous_file() {
    let dir = Scratch::new("generate-replace");
    assert!(dir.run(&["-c", "50"]).status.success());
    assert!(dir.run(&["-c", "3"]).status.success());
    assert_final_boards(&dir.output(), 3, 9);
    assert!(dir.run(&["-c", "7", "--first", "2"]).status.success());
    assert_final_boards(&dir.output(), 7, 2);
}

/// Runs `args`, asserts a usage error that names the range when asked, and an untouched sudoku.txt.
fn assert_refused(args: &[OsString], names_range: Option<&str>) {
    let dir = Scratch::new("generate-bad");
    let context = format!("{args:?}");
    let out = dir.run(args);
    let message = assert_usage_error(&out, &context);
    if let Some(range) = names_range {
        assert!(
            message.contains(range),
            "{context}: {message:?} should name {range}"
        );
    }
    assert!(out.stdout.is_empty(), "{context}: nothing on stdout");
    dir.assert_untouched(&context);
}

fn args(list: &[&str]) -> Vec<OsString> {
    list.iter().map(OsString::from).collect()
}

#[test]
fn bad_counts_are_refused_naming_the_range() {
    let huge = "9".repeat(400);
    for value in [
        "0",
        "-1",
        "-1000",
        "1000001",
        "4294967296",
        "18446744073709551616",
        huge.as_str(),
        "abc",
        "1e6",
        "10.5",
        "",
        " 5",
        "5 ",
        "+5",
        "0x10",
        "５",
    ] {
        assert_refused(&args(&["-c", value]), Some("1 to 1000000"));
    }
}

#[test]
fn bad_first_digits_are_refused_naming_the_range() {
    for value in ["0", "10", "-1", "x", "", "1.0"] {
        assert_refused(&args(&["-c", "5", "--first", value]), Some("1 to 9"));
    }
}

#[test]
fn malformed_command_lines_are_refused() {
    let cases: &[&[&str]] = &[
        &[],
        &["-c"],
        &["--first", "3"],
        &["-c", "5", "--first"],
        &["-c", "5", "-o"],
        &["-c", "5", "-s", "puzzles.txt"],
        &["-s", "puzzles.txt", "-c", "5"],
        &["-c", "5", "-c", "6"],
        &["-c", "5", "--first", "3", "--first", "4"],
        &["-c", "5", "-o", "a.txt", "-o", "b.txt"],
        &["-x"],
        &["--bogus"],
        &["-c", "5", "--bogus"],
        &["-c", "5", "extra"],
        &["5"],
        &["-c", "5", "-j", "2"],
        &["generate"],
    ];
    for case in cases {
        assert_refused(&args(case), None);
    }
}

#[cfg(unix)]
#[test]
fn non_utf8_arguments_are_refused() {
    use std::os::unix::ffi::OsStringExt;
    let bad = || OsString::from_vec(vec![b'5', 0xFF, 0xFE]);
    assert_refused(&[OsString::from("-c"), bad()], Some("1 to 1000000"));
    assert_refused(&[bad()], None);
    assert_refused(&[OsString::from("-c"), OsString::from("5"), bad()], None);
    assert_refused(&[OsString::from_vec(vec![b'-', b'-', 0xFF])], None);
    assert_refused(
        &[
            OsString::from("-c"),
            OsString::from("5"),
            OsString::from("--first"),
            bad(),
        ],
        Some("1 to 9"),
    );
}

#[test]
fn help_and_version_succeed_without_touching_the_file() {
    let dir = Scratch::new("generate-help");
    for flag in ["--help", "-h", "--version", "-V"] {
        let out = dir.run(&[flag]);
        assert!(out.status.success(), "{flag}");
        assert!(!out.stdout.is_empty(), "{flag} prints something");
        assert!(out.stderr.is_empty(), "{flag}");
    }
    let help = String::from_utf8_lossy(&dir.run(&["--help"]).stdout).into_owned();
    assert!(help.contains("-c N") && help.contains("-s PATH"), "{help}");
    dir.assert_untouched("--help");
}

#[test]
fn a_usage_error_is_its_message_and_one_line_pointing_to_help() {
    // Not the 20-line synopsis of every command after the message: one
    // `sudoku:` line saying what is wrong, then where to read more.
    let dir = Scratch::new("generate-usage-shape");
    for case in [
        &["-c"][..],
        &["-c", "0"],
        &["-c", "5", "--first", "10"],
        &["-s"],
        &["--no-such-option"],
        &["count", "p.txt", "--limit", "x"],
        &["rate", "--scale", "se\x1b[2J"],
        &["explain"],
        &["puzzles", "1", "--symmetry", "spiral"],
        &["print", "p.txt", "--per-page", "5"],
        &["canon"],
        &["daily", "2026-13-01"],
    ] {
        let out = dir.run(case);
        let message = assert_usage_error(&out, &format!("{case:?}"));
        assert!(!message.contains('\x1b'), "{case:?}: {message:?}");
        assert!(out.stdout.is_empty(), "{case:?}");
    }
    dir.assert_untouched("usage errors");
}

#[test]
fn the_documented_caps_on_threads_and_bench_seconds_hold() {
    // docs/cli.md: `-j N` takes 1 to 1024, `bench --seconds S` 1 to 3600.
    let dir = Scratch::new("generate-caps");
    assert!(dir.run(&["-c", "3", "-o", "p.txt"]).status.success());
    let out = dir.run(&["-s", "p.txt", "-j", "1024", "-o", "solved.txt"]);
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    for (case, range) in [
        (
            &["-s", "p.txt", "-j", "1025"][..],
            "-j must be an integer from 1 to 1024",
        ),
        (
            &["rate", "p.txt", "-j", "0"],
            "-j must be an integer from 1 to 1024",
        ),
        (
            &["bench", "p.txt", "--seconds", "3601"],
            "--seconds must be an integer from 1 to 3600",
        ),
    ] {
        let message = assert_usage_error(&dir.run(case), &format!("{case:?}"));
        assert!(message.contains(range), "{case:?}: {message}");
    }
    dir.assert_untouched("caps");
    let docs = std::fs::read_to_string(concat!(env!("CARGO_MANIFEST_DIR"), "/../../docs/cli.md"))
        .expect("docs/cli.md");
    assert!(
        docs.contains("`-j N` (1-1024)"),
        "docs/cli.md names -j's range"
    );
    assert!(
        docs.contains("`--seconds S` (1-3600"),
        "docs/cli.md names --seconds' range"
    );
}
