//! `sudoku rate`, `explain` and `hint`, run as the built binary.

mod common;

use std::path::PathBuf;
use std::process::{Command, Output, Stdio};

use sudoku_core::{BitmaskSolver, Grid, Solver};

const EASY: &str =
    "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79";
const HARD: &str =
    "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......";

/// Runs `sudoku ARGS` in a scratch directory with `stdin` as its input.
fn sudoku(args: &[&str], stdin: &str) -> Output {
    common::Scratch::new("stdin").run_with_stdin(args, stdin.as_bytes())
}

fn stdout(out: &Output) -> String {
    String::from_utf8(out.stdout.clone()).expect("output is UTF-8")
}

fn temp_file(name: &str, text: &str) -> PathBuf {
    let path = std::env::temp_dir().join(format!("sudoku-rate-test-{}-{name}", std::process::id()));
    std::fs::write(&path, text).expect("temp file is writable");
    path
}

#[test]
fn rate_prints_the_library_rating_per_puzzle() {
    let out = sudoku(&["rate", "-"], &format!("{EASY}\n{HARD}\n"));
    assert!(out.status.success());
    let lines: Vec<String> = stdout(&out).lines().map(String::from).collect();
    assert_eq!(lines.len(), 2);
    for (line, puzzle) in lines.iter().zip([EASY, HARD]) {
        let rating = sudoku_core::rate::rate(&puzzle.parse().unwrap()).unwrap();
        assert_eq!(
            line,
            &format!("{:.1} {} {}", rating.score, rating.level, rating.hardest)
        );
    }
}

#[test]
fn scale_native_rates_explains_and_hints_on_the_native_scale() {
    let out = sudoku(
        &["rate", "--scale", "native", "-"],
        &format!("{EASY}\n{HARD}\n"),
    );
    assert!(out.status.success());
    for (line, puzzle) in stdout(&out).lines().zip([EASY, HARD]) {
        let rating = sudoku_core::rate::rate_native(&puzzle.parse().unwrap()).unwrap();
        assert_eq!(
            line,
            format!("{:.1} {} {}", rating.score, rating.level, rating.hardest)
        );
    }
    let grid: Grid = HARD.parse().unwrap();
    let explain = sudoku(&["explain", "--scale", "NATIVE", HARD], "");
    let expected: Vec<String> =
        sudoku_core::rate::explain_with(&grid, sudoku_core::rate::Scale::Native)
            .iter()
            .map(ToString::to_string)
            .collect();
    assert_eq!(stdout(&explain).lines().collect::<Vec<_>>(), expected);
    let hint = sudoku(&["hint", HARD, "--scale", "se"], "");
    let first = sudoku_core::rate::next_step(&grid).unwrap().to_string();
    assert_eq!(stdout(&hint), format!("{first}\n"));
}

#[test]
fn rate_csv_has_a_header_and_one_row_per_puzzle_in_order() {
    let input = format!("{EASY}\n\n{HARD}\n{EASY}\n");
    let one = sudoku(&["rate", "--csv", "-j", "1", "-"], &input);
    let two = sudoku(&["rate", "-", "--csv", "-j", "2"], &input);
    assert!(one.status.success());
    assert_eq!(one.stdout, two.stdout, "threads do not change the output");
    let text = stdout(&one);
    let rows: Vec<Vec<&str>> = text.lines().map(|l| l.split(',').collect()).collect();
    assert_eq!(
        rows[0],
        ["ep", "ed", "number", "line", "score", "level", "hardest", "steps"]
    );
    assert_eq!(rows.len(), 4);
    assert_eq!(rows[1][2..4], ["1", "1"]);
    assert_eq!(rows[2][2..4], ["2", "3"]);
    assert_eq!(rows[3][2..4], ["3", "4"]);
    assert_eq!(rows[1][4..], rows[3][4..], "the same puzzle rates the same");
    assert_eq!(rows[1][..2], rows[3][..2]);
    for row in &rows[1..] {
        assert_eq!(row.len(), 8);
        let ep: f32 = row[0].parse().unwrap();
        let ed: f32 = row[1].parse().unwrap();
        let score: f32 = row[4].parse().unwrap();
        // SE's diamond (first step) <= pearl (to the first placement) <= ER.
        assert!(0.0 < ed && ed <= ep && ep <= score, "{row:?}");
        let level: sudoku_core::rate::Level = row[5].parse().unwrap();
        let (lo, hi) = level.band();
        assert!(lo <= score && score < hi);
        assert!(row[7].parse::<usize>().unwrap() > 0);
    }
}

#[test]
fn help_names_the_csv_columns_rate_writes() {
    let help = stdout(&sudoku(&["--help"], ""));
    let csv = stdout(&sudoku(&["rate", "--csv", "-"], &format!("{EASY}\n")));
    let header = csv.lines().next().expect("a header");
    let named = help
        .split("--csv for ")
        .nth(1)
        .and_then(|rest| rest.split(')').next())
        .expect("--help names the CSV's columns");
    assert_eq!(named, header, "--help lists the columns of --csv's header");
}

#[test]
fn rate_reports_puzzles_without_a_unique_solution() {
    let empty = ".".repeat(81);
    let out = sudoku(&["rate", "-"], &format!("{EASY}\n{empty}\n"));
    assert_eq!(out.status.code(), Some(1));
    assert_eq!(stdout(&out).lines().nth(1), Some("- unrated -"));
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(err.lines().all(|l| l.starts_with("sudoku:")), "{err}");
    assert!(err.contains("puzzle 2"), "{err}");
}

#[test]
fn explain_placements_fill_in_the_solution() {
    for puzzle in [EASY, HARD] {
        let out = sudoku(&["explain", puzzle], "");
        assert!(out.status.success());
        let grid: Grid = puzzle.parse().unwrap();
        let mut cells = *grid.cells();
        for line in stdout(&out).lines() {
            let (name, results) = line.split_once(" => ").expect("a step has results");
            assert!(name.contains(':'), "{line}");
            for result in results.split(", ") {
                // `r3c5=7` places; `r1c2<>4` removes.
                if let Some((cell, digit)) = result.split_once('=') {
                    let b = cell.as_bytes();
                    assert_eq!((b[0], b[2]), (b'r', b'c'), "{result}");
                    let index = (b[1] - b'1') as usize * 9 + (b[3] - b'1') as usize;
                    cells[index] = digit.parse().unwrap();
                }
            }
        }
        let solution = BitmaskSolver::new().solve(&grid).unwrap();
        assert_eq!(Grid::from_cells(cells).unwrap(), solution);
    }
}

#[test]
fn explain_grid_draws_candidates_before_each_step() {
    let out = sudoku(&["explain", "--grid", EASY], "");
    assert!(out.status.success());
    let text = stdout(&out);
    let steps = text.lines().filter(|l| l.contains(" => ")).count();
    let rules = text.lines().filter(|l| l.starts_with("---")).count();
    assert_eq!(rules, 2 * steps, "two box rules per drawn grid");
}

#[test]
fn hint_is_the_first_step_of_explain_and_reads_files() {
    let path = temp_file("hint.txt", &format!("{HARD}\n"));
    let hint = sudoku(&["hint", path.to_str().unwrap()], "");
    let explain = sudoku(&["explain", HARD], "");
    let _ = std::fs::remove_file(&path);
    assert!(hint.status.success());
    assert_eq!(
        stdout(&hint).lines().next(),
        stdout(&explain).lines().next()
    );
    assert_eq!(stdout(&hint).lines().count(), 1);
}

#[test]
fn usage_errors_exit_with_two() {
    for args in [
        &["explain"][..],
        &["hint", "12345"],
        &["rate", "--grid"],
        &["explain", EASY, "--csv"],
        &["rate", "-j", "0"],
        &["rate", "--scale", "sudokuwiki", "-"],
        &["rate", "--scale", "se", "--scale", "native", "-"],
        &["hint", EASY, "--scale"],
        &["rate", "--techniques", "--scale", "native"],
    ] {
        let out = sudoku(args, "");
        assert_eq!(out.status.code(), Some(2), "{args:?}");
        let err = String::from_utf8_lossy(&out.stderr);
        assert!(err.starts_with("sudoku: "), "{args:?}: {err}");
    }
}

fn one_message(out: &Output, status: i32) -> String {
    let err = String::from_utf8_lossy(&out.stderr).into_owned();
    assert_eq!(out.status.code(), Some(status), "{err}");
    assert_eq!(err.lines().count(), 1, "{err:?}");
    assert!(err.starts_with("sudoku: "), "{err}");
    err
}

#[test]
fn explain_and_hint_read_huge_inputs_in_constant_memory() {
    // Address space capped at 200 MB: reading any of these whole would fail
    // (2 GB of zeros, 20 MB of "1" lines kept as a Vec, 164 MB of puzzles).
    let big = temp_file("big.txt", &format!("{HARD}\n").repeat(250_000));
    let cases = [
        ("hint /dev/zero", "/dev/zero:1:16385:"),
        ("explain /dev/zero", "/dev/zero:1:16385:"),
        (
            "yes 1 | head -c 20000000 | \"$SUDOKU\" hint -",
            "<stdin>:1:2:",
        ),
        ("hint \"$BIG\"", ":2:1: expected exactly one puzzle"),
    ];
    for (command, place) in cases {
        let command = if command.contains("$SUDOKU") {
            command.to_string()
        } else {
            format!("\"$SUDOKU\" {command}")
        };
        let out = Command::new("sh")
            .arg("-c")
            .arg(format!("ulimit -v 200000 && {command}"))
            .env("SUDOKU", env!("CARGO_BIN_EXE_sudoku"))
            .env("BIG", &big)
            .stdin(Stdio::null())
            .output()
            .expect("sh runs");
        let err = one_message(&out, 2);
        assert!(err.contains(place), "{command}: {err}");
    }
    let _ = std::fs::remove_file(&big);
}

#[test]
fn explain_and_hint_refuse_puzzles_with_several_or_no_solutions() {
    let empty = ".".repeat(81);
    // Two 5s in row 1: no solution.
    let dead = format!("55{}", &empty[2..]);
    for command in ["explain", "hint"] {
        for (puzzle, says) in [(&empty, "several solutions"), (&dead, "no solution")] {
            let out = sudoku(&[command, puzzle], "");
            let err = one_message(&out, 1);
            assert!(err.contains(says), "{command}: {err}");
            assert!(out.stdout.is_empty(), "{command}: {}", stdout(&out));
        }
    }
    // `rate` refuses the same puzzles the same way.
    let out = sudoku(&["rate", "-"], &format!("{empty}\n"));
    assert_eq!(out.status.code(), Some(1));
}

#[test]
fn explain_and_hint_errors_name_line_and_column() {
    let mut bad = HARD.to_string();
    bad.replace_range(6..7, "x");
    let out = sudoku(&["hint", &bad], "");
    let err = one_message(&out, 2);
    assert!(err.contains("column 7"), "{err}");
    let path = temp_file("bad-column.txt", &format!("# one puzzle\n{bad}\n"));
    let out = sudoku(&["explain", path.to_str().unwrap()], "");
    let _ = std::fs::remove_file(&path);
    let err = one_message(&out, 2);
    assert!(err.contains("bad-column.txt:2:7: "), "{err}");
}

#[test]
fn a_complete_grid_rates_without_a_technique() {
    let solution = BitmaskSolver::new()
        .solve(&EASY.parse::<Grid>().unwrap())
        .unwrap();
    let line: String = solution.cells().iter().map(|d| d.to_string()).collect();
    let out = sudoku(&["rate", "-"], &format!("{line}\n"));
    assert!(out.status.success());
    assert_eq!(stdout(&out), "0.0 easy none (already complete)\n");
    let out = sudoku(&["rate", "--csv", "-"], &format!("{line}\n"));
    assert_eq!(
        stdout(&out).lines().nth(1),
        Some("0.0,0.0,1,1,0.0,easy,none,0")
    );
    for command in ["explain", "hint"] {
        let out = sudoku(&[command, &line], "");
        assert!(out.status.success());
        assert_eq!(stdout(&out), "the puzzle is already complete\n");
    }
}

#[test]
fn hint_words_prints_the_step_and_the_three_stages_of_the_librarys_hint() {
    let out = sudoku(&["hint", HARD, "--words"], "");
    assert!(out.status.success());
    let grid: Grid = HARD.parse().unwrap();
    let step = sudoku_core::rate::next_step(&grid).unwrap();
    let solution = sudoku_core::solve(&grid).unwrap();
    let hint = sudoku_core::hint::hint(&grid, &solution, &[0; 81]).unwrap();
    let expected = format!(
        "{step}\n  {}\n  {}\n  {}\n",
        hint.stages[0], hint.stages[1], hint.stages[2]
    );
    assert_eq!(stdout(&out), expected);
}

#[test]
fn explain_words_adds_a_sentence_under_each_step() {
    let plain = sudoku(&["explain", EASY], "");
    let words = sudoku(&["explain", EASY, "--words"], "");
    assert!(words.status.success());
    let plain = stdout(&plain);
    let words = stdout(&words);
    let lines: Vec<&str> = words.lines().collect();
    assert_eq!(lines.len(), 2 * plain.lines().count());
    for (pair, step) in lines.chunks(2).zip(plain.lines()) {
        assert_eq!(pair[0], step);
        assert!(
            pair[1].starts_with("  ") && pair[1].ends_with('.'),
            "{}",
            pair[1]
        );
    }
}

#[test]
fn daily_prints_the_librarys_daily_puzzle_for_a_date() {
    for text in ["2026-11-30", "2026-12-04", "2027-01-02"] {
        let out = sudoku(&["daily", text], "");
        assert!(out.status.success());
        let date: sudoku_core::daily::Date = text.parse().unwrap();
        let daily = sudoku_core::daily::puzzle(date);
        let out = stdout(&out);
        let mut lines = out.lines();
        assert_eq!(lines.next(), Some(daily.puzzle.to_line().as_str()));
        let comment = lines.next().unwrap();
        assert!(comment.starts_with(&format!("# daily {text} · {}", date.level())));
        assert_eq!(lines.next(), None);
    }
    for bad in [
        &["daily", "2026-02-30"][..],
        &["daily", "1", "2"],
        &["daily", "--x"],
    ] {
        let out = sudoku(bad, "");
        assert_eq!(out.status.code(), Some(2), "{bad:?}");
    }
    // Today's, which is some valid daily puzzle.
    let out = sudoku(&["daily"], "");
    assert!(out.status.success());
    let line = stdout(&out).lines().next().unwrap().to_string();
    assert!(line
        .parse::<Grid>()
        .is_ok_and(|g| BitmaskSolver::new().has_unique_solution(&g)));
}

#[test]
fn a_puzzle_argument_of_the_wrong_length_is_named_as_such() {
    // Issue 39: an 80-character puzzle was read as a file name, "cannot
    // read ...: No such file or directory". Counted here: its cells.
    let scratch = common::Scratch::new("puzzle-length");
    let short = &EASY[..80];
    let long = format!("{EASY}5");
    let zeros = EASY.replace('.', "0")[..78].to_string();
    for command in ["hint", "explain"] {
        for (arg, cells) in [(short, 80), (long.as_str(), 82), (zeros.as_str(), 78)] {
            let out = scratch.run(&[command, arg]);
            let message = common::assert_failure(&out, 2, &format!("{command} {cells}"));
            assert!(
                message.contains(&format!("has {cells} cells, not 81")),
                "{command} {cells}: {message}"
            );
            assert!(!message.contains("No such file"), "{message}");
        }
    }
    // '_' blanks count as cells too, and a whole puzzle so written is read
    // as the same puzzle.
    let underscored = EASY.replace('.', "_");
    let out = scratch.run(&["hint", &underscored[..79]]);
    let message = common::assert_failure(&out, 2, "hint 79 underscored");
    assert!(message.contains("has 79 cells, not 81"), "{message}");
    for command in ["hint", "explain"] {
        let dotted = scratch.run(&[command, EASY]);
        let out = scratch.run(&[command, &underscored]);
        assert!(out.status.success(), "{}", common::stderr(&out));
        assert_eq!(out.stdout, dotted.stdout, "{command} with '_' blanks");
    }
    // A file of that name is still read as a file.
    scratch.write(short, format!("{EASY}\n"));
    let out = scratch.run(&["hint", short]);
    assert!(out.status.success(), "{}", common::stderr(&out));
    // Something that does not look like a puzzle is still a missing file.
    let out = scratch.run(&["hint", "missing.txt"]);
    let message = common::assert_failure(&out, 2, "missing file");
    assert!(message.contains("cannot read"), "{message}");
}
