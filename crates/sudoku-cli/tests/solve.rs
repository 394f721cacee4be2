//! `sudoku -s PATH`, `count` and `check`, run against the real binary: every
//! input format, every malformed input of the contract, unsolvable and
//! multi-solution puzzles, standard input, and thread-count independence.

mod common;

use common::independent::{
    self, assignment_text, brute_force, data_file_puzzles, is_valid_solution, keeps_givens,
    random_solution, split_assignment, Rng, NATURAL,
};
use common::{assert_failure, assert_usage_error, stderr, Scratch, OLD};

fn data_text(name: &str) -> String {
    let path = format!(
        "{}/../sudoku-core/tests/data/{name}",
        env!("CARGO_MANIFEST_DIR")
    );
    std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{path}: {e}"))
}

fn data_set(name: &str) -> Vec<[u8; 81]> {
    data_file_puzzles(&data_text(name))
}

/// The assignment's input format: the output format with 0 for blanks.
fn grid_format(puzzles: &[[u8; 81]]) -> String {
    let grids: Vec<String> = puzzles.iter().map(assignment_text).collect();
    grids.join("\n")
}

fn line_format(puzzles: &[[u8; 81]]) -> String {
    puzzles
        .iter()
        .map(|p| {
            let mut line: String = p
                .iter()
                .map(|&v| if v == 0 { '.' } else { (b'0' + v) as char })
                .collect();
            line.push('\n');
            line
        })
        .collect()
}

fn compact_format(puzzles: &[[u8; 81]]) -> String {
    let grids: Vec<String> = puzzles
        .iter()
        .map(|p| {
            p.chunks(9)
                .map(|row| row.iter().map(|d| d.to_string()).collect::<String>() + "\n")
                .collect()
        })
        .collect();
    grids.join("\n")
}

/// Asserts that `bytes` holds exactly one valid solution per puzzle, in order.
fn assert_solutions(bytes: &[u8], puzzles: &[[u8; 81]], context: &str) {
    let grids = split_assignment(bytes).unwrap_or_else(|e| panic!("{context}: {e}"));
    assert_eq!(grids.len(), puzzles.len(), "{context}: one grid per puzzle");
    for (i, (grid, puzzle)) in grids.iter().zip(puzzles).enumerate() {
        assert!(is_valid_solution(grid), "{context}: grid {} invalid", i + 1);
        assert!(
            keeps_givens(grid, puzzle),
            "{context}: grid {} changed a given",
            i + 1
        );
    }
}

#[test]
fn solves_every_data_set_in_every_format() {
    for name in ["17_clue.txt", "forum_hardest_1905_11.txt", "unbiased.txt"] {
        let puzzles = data_set(name);
        let encodings = [
            ("original", data_text(name)),
            ("grid", grid_format(&puzzles)),
            ("line", line_format(&puzzles)),
            ("compact", compact_format(&puzzles)),
            ("grid, CRLF", grid_format(&puzzles).replace('\n', "\r\n")),
            ("grid, trailing empty line", grid_format(&puzzles) + "\n\n"),
            (
                "grid, no final newline",
                grid_format(&puzzles).trim_end().to_string(),
            ),
            ("grid, tabs", grid_format(&puzzles).replace(' ', " \t ")),
            ("line, '_' blanks", line_format(&puzzles).replace('.', "_")),
            (
                "grid, byte order mark",
                format!("\u{FEFF}{}", grid_format(&puzzles)),
            ),
            (
                "line, '_' blanks, byte order mark, CRLF",
                format!("\u{FEFF}{}", line_format(&puzzles).replace('.', "_"))
                    .replace('\n', "\r\n"),
            ),
        ];
        for (what, text) in encodings {
            let dir = Scratch::new("solve-formats");
            dir.write("puzzles.txt", &text);
            let out = dir.run(&["-s", "puzzles.txt"]);
            let context = format!("{name} as {what}");
            assert!(out.status.success(), "{context}: {}", stderr(&out));
            assert!(
                out.stderr.is_empty(),
                "{context}: silent when stderr is not a terminal"
            );
            assert_solutions(&dir.output(), &puzzles, &context);
        }
    }
}

#[test]
fn puzzles_with_several_solutions_get_one_valid_solution() {
    let puzzles = data_set("serg_benchmark.txt");
    let dir = Scratch::new("solve-serg");
    dir.write("serg.txt", data_text("serg_benchmark.txt"));
    let out = dir.run(&["-s", "serg.txt"]);
    assert!(out.status.success(), "{}", stderr(&out));
    assert_solutions(&dir.output(), &puzzles, "serg_benchmark");

    // Nearly empty puzzles have a vast number of solutions.
    let mut few = [[0u8; 81]; 3];
    few[1][0] = 7;
    few[2][40] = 1;
    few[2][80] = 2;
    dir.write("few.txt", grid_format(&few));
    let out = dir.run(&["-s", "few.txt"]);
    assert!(out.status.success(), "{}", stderr(&out));
    assert_solutions(&dir.output(), &few, "nearly empty");
}

#[test]
fn standard_input_and_output_work_with_dash() {
    let puzzles = data_set("magictour_top1465.txt");
    let dir = Scratch::new("solve-stdin");
    let out = dir.run_with_stdin(&["-s", "-"], data_text("magictour_top1465.txt").as_bytes());
    assert!(out.status.success(), "{}", stderr(&out));
    assert_solutions(&dir.output(), &puzzles, "-s -");

    let dir = Scratch::new("solve-stdout");
    dir.write("p.txt", line_format(&puzzles));
    let out = dir.run(&["-s", "p.txt", "-o", "-"]);
    assert!(out.status.success(), "{}", stderr(&out));
    dir.assert_untouched("-o -");
    assert_solutions(&out.stdout, &puzzles, "-o -");
}

/// Several thousand puzzles, so that the batch spans many chunks.
fn many_puzzles() -> Vec<[u8; 81]> {
    let base: Vec<[u8; 81]> = ["17_clue.txt", "unbiased.txt", "magictour_top1465.txt"]
        .iter()
        .flat_map(|n| data_set(n))
        .collect();
    base.iter().cycle().take(3500).copied().collect()
}

#[test]
fn thread_counts_give_identical_bytes() {
    let puzzles = many_puzzles();
    let dir = Scratch::new("solve-threads");
    dir.write("many.txt", line_format(&puzzles));
    let mut outputs = Vec::new();
    for threads in ["1", "2", "3"] {
        let out = dir.run(&["-s", "many.txt", "-j", threads, "-o", "-"]);
        assert!(out.status.success(), "-j {threads}: {}", stderr(&out));
        outputs.push(out.stdout);
    }
    assert_solutions(&outputs[0], &puzzles, "-j 1");
    assert!(
        outputs.iter().all(|o| *o == outputs[0]),
        "-j 1, 2 and 3 differ"
    );
    let default = dir.run(&["-s", "many.txt"]);
    assert!(default.status.success());
    assert_eq!(dir.output(), outputs[0], "the default thread count differs");
}

/// Runs `-s` on `bytes` and asserts the refusal: status 2, `NAME:LINE:` in the
/// one-line message, and sudoku.txt untouched.
fn assert_malformed(what: &str, bytes: &[u8], line: usize) {
    for threads in ["1", "2"] {
        let dir = Scratch::new("solve-malformed");
        dir.write("bad.txt", bytes);
        let out = dir.run(&["-s", "bad.txt", "-j", threads]);
        let message = assert_failure(&out, 2, what);
        let place = format!("bad.txt:{line}:");
        assert!(
            message.contains(&place),
            "{what}: {message:?} should name {place}"
        );
        assert!(
            !stderr(&out).contains(common::USAGE_HINT),
            "{what}: bad input is not a usage error"
        );
        dir.assert_untouched(what);
    }
}

#[test]
fn malformed_files_are_refused_with_path_and_line() {
    let row = "1 2 3 4 5 6 7 8 9\n";
    let zero = "0 0 0 0 0 0 0 0 0\n";
    let good = grid_format(&data_set("17_clue.txt")[..3]);
    let rows = |n: usize| zero.repeat(n);
    let mut garbage = vec![0u8; 4096];
    let mut rng = Rng(2024);
    for b in &mut garbage {
        *b = rng.next_u64() as u8;
    }
    let cases: Vec<(&str, Vec<u8>, usize)> = vec![
        (
            "row too short",
            format!("{}0 0 0 0 0 0 0 0\n{}", rows(3), rows(5)).into(),
            4,
        ),
        (
            "row too long",
            format!("{}0 0 0 0 0 0 0 0 0 0\n{}", rows(8), "").into(),
            9,
        ),
        (
            "bad character",
            format!("{}0 0 x 0 0 0 0 0 0\n{}", rows(2), rows(6)).into(),
            3,
        ),
        (
            "cell of ten",
            format!("{}0 0 0 10 0 0 0 0 0\n{}", rows(5), rows(3)).into(),
            6,
        ),
        (
            "cell of 99",
            format!("99 0 0 0 0 0 0 0 0\n{}", rows(8)).into(),
            1,
        ),
        (
            "negative cell",
            format!("{}0 0 0 0 -3 0 0 0 0\n{}", rows(1), rows(7)).into(),
            2,
        ),
        // Lines 31-34 hold four rows; the fifth was due on line 35.
        (
            "grid cut short at end",
            format!("{good}\n{}", rows(4)).into(),
            35,
        ),
        ("grid with a tenth row", rows(10).into(), 10),
        (
            "grids without an empty line between them",
            format!("{}{}", rows(9), rows(9)).into(),
            10,
        ),
        (
            "grid cut short by empty line",
            format!("{}\n{row}", rows(3)).into(),
            4,
        ),
        ("empty file", Vec::new(), 1),
        ("only empty lines", b"\n\n\r\n".to_vec(), 1),
        ("comments only", b"# puzzles\n# none here\n".to_vec(), 1),
        ("binary garbage", garbage, 1),
        (
            "NUL byte",
            format!("{}0 0 0\00 0 0 0 0 0\n{}", rows(7), rows(1)).into(),
            8,
        ),
        (
            "non-UTF-8",
            [
                rows(4).as_bytes(),
                b"0 0 \xC3\x28 0 0 0 0 0 0\n",
                rows(4).as_bytes(),
            ]
            .concat(),
            5,
        ),
        (
            "mixed formats",
            format!("{good}\n{}", ".".repeat(81)).into(),
            31,
        ),
        (
            "line too short",
            format!("{}\n{}\n", ".".repeat(81), ".".repeat(80)).into(),
            2,
        ),
    ];
    for (what, bytes, line) in cases {
        assert_malformed(what, &bytes, line);
    }
}

#[test]
fn a_fault_after_thousands_of_good_puzzles_still_keeps_the_old_file() {
    // Several chunks are solved and written to the temporary file before the
    // reader meets the bad line; none of it may reach sudoku.txt.
    let mut text = line_format(&many_puzzles());
    text.push_str("12345\n");
    assert_malformed("bad last line", text.as_bytes(), 3501);
}

#[test]
fn missing_input_files_are_refused() {
    let dir = Scratch::new("solve-missing");
    let out = dir.run(&["-s", "no-such-file.txt"]);
    let message = assert_failure(&out, 2, "missing file");
    assert!(message.contains("no-such-file.txt"), "{message}");
    dir.assert_untouched("missing file");
}

#[test]
fn unsolvable_puzzles_are_reported_and_written_as_given() {
    let solvable = data_set("unbiased.txt");
    // A conflict among the givens: two 5s in row 1.
    let mut conflict = [0u8; 81];
    conflict[0] = 5;
    conflict[8] = 5;
    // No conflict, but r1c9 can hold nothing: row 1 has 1-8, column 9 has the 9.
    let mut dead_end = [0u8; 81];
    dead_end[..8].copy_from_slice(&[1, 2, 3, 4, 5, 6, 7, 8]);
    dead_end[80] = 9;
    assert_eq!(brute_force(&dead_end, 1, NATURAL).count, 0);
    let mut puzzles: Vec<[u8; 81]> = solvable[..6].to_vec();
    puzzles.insert(2, conflict);
    puzzles.push(dead_end);
    puzzles.extend_from_slice(&solvable[6..10]);
    // Positions (1-based) and first lines in the grid format (10 lines per puzzle).
    let bad = [(3usize, 21usize), (8, 71)];

    for threads in ["1", "2"] {
        let dir = Scratch::new("solve-unsolvable");
        dir.write("mixed.txt", grid_format(&puzzles));
        let out = dir.run(&["-s", "mixed.txt", "-j", threads]);
        let err = stderr(&out);
        assert_eq!(out.status.code(), Some(1), "{err}");
        assert!(!err.contains("panicked"), "{err}");
        assert!(err.lines().all(|l| l.starts_with("sudoku: ")), "{err}");
        for (number, line) in bad {
            let reported = err
                .lines()
                .find(|l| l.contains(&format!("mixed.txt:{line}:")))
                .unwrap_or_else(|| panic!("puzzle {number} at line {line} not reported: {err}"));
            assert!(reported.contains(&format!("puzzle {number}")), "{reported}");
            // Each reason once, not "has no solution (it has no solution)".
            assert_eq!(reported.matches("no solution").count(), 1, "{reported}");
        }
        assert!(err.contains("the givens conflict"), "{err}");
        let grids = split_assignment(&dir.output()).expect("exact format");
        assert_eq!(
            grids.len(),
            puzzles.len(),
            "one grid per puzzle keeps positions aligned"
        );
        for (i, (grid, puzzle)) in grids.iter().zip(&puzzles).enumerate() {
            if bad.iter().any(|&(n, _)| n == i + 1) {
                assert_eq!(
                    grid,
                    puzzle,
                    "unsolvable puzzle {} is written as given",
                    i + 1
                );
            } else {
                assert!(
                    is_valid_solution(grid) && keeps_givens(grid, puzzle),
                    "grid {}",
                    i + 1
                );
            }
        }
    }
}

#[test]
fn count_matches_the_brute_force_count() {
    let mut rng = Rng(31);
    let puzzles: Vec<[u8; 81]> = (0..60)
        .map(|_| {
            let full = random_solution(rng.next_u64());
            let mut order: Vec<usize> = (0..81).collect();
            rng.shuffle(&mut order);
            independent::blank(&full, &order[..rng.below(40) + 20])
        })
        .collect();
    let dir = Scratch::new("count");
    dir.write("p.txt", line_format(&puzzles));
    for limit in [1usize, 2, 5] {
        for threads in ["1", "2"] {
            let out = dir.run(&[
                "count",
                "p.txt",
                "--limit",
                &limit.to_string(),
                "-j",
                threads,
            ]);
            assert!(out.status.success(), "{}", stderr(&out));
            let text = String::from_utf8(out.stdout).expect("counts are text");
            let counts: Vec<usize> = text.lines().map(|l| l.parse().expect("a number")).collect();
            let expected: Vec<usize> = puzzles
                .iter()
                .map(|p| brute_force(p, limit, NATURAL).count)
                .collect();
            assert_eq!(counts, expected, "--limit {limit} -j {threads}");
        }
    }
    // The default limit is 2; a nearly empty grid stays within it.
    dir.write("empty.txt", ".".repeat(81));
    let out = dir.run(&["count", "empty.txt"]);
    assert!(out.status.success());
    assert_eq!(String::from_utf8_lossy(&out.stdout), "2\n");
    let out = dir.run(&["count", "empty.txt", "--limit", "100000"]);
    assert_eq!(String::from_utf8_lossy(&out.stdout), "100000\n");
    dir.assert_untouched("count");
}

#[test]
fn check_accepts_good_files_and_rejects_each_flaw() {
    let dir = Scratch::new("check");
    assert!(dir
        .run(&["-c", "100", "--first", "3", "-o", "good.txt"])
        .status
        .success());
    let good = std::fs::read(dir.join("good.txt")).expect("written");
    let out = dir.run(&["check", "good.txt"]);
    assert!(out.status.success(), "{}", stderr(&out));
    assert!(dir
        .run(&["check", "good.txt", "--first", "3"])
        .status
        .success());

    let text = String::from_utf8(good.clone()).expect("ascii");
    let grids: Vec<&str> = text.split("\n\n").collect();
    let duplicate = format!("{text}\n\n{}", grids[17]);
    let flaws: Vec<(&str, Vec<u8>, Vec<&str>)> = vec![
        ("duplicate", duplicate.into_bytes(), vec![]),
        (
            "trailing space",
            text.replacen('\n', " \n", 1).into_bytes(),
            vec![],
        ),
        (
            "trailing empty line",
            format!("{text}\n").into_bytes(),
            vec![],
        ),
        (
            "two empty lines between grids",
            text.replacen("\n\n", "\n\n\n", 1).into_bytes(),
            vec![],
        ),
        ("CRLF", text.replace('\n', "\r\n").into_bytes(), vec![]),
        (
            "missing final newline",
            text.trim_end().as_bytes().to_vec(),
            vec![],
        ),
        ("wrong first digit", good.clone(), vec!["--first", "4"]),
        ("a zero", text.replacen('3', "0", 1).into_bytes(), vec![]),
        ("invalid grid", swap_two_cells(&text).into_bytes(), vec![]),
        ("empty file", Vec::new(), vec![]),
    ];
    for (what, bytes, extra) in flaws {
        dir.write("flawed.txt", &bytes);
        let mut args = vec!["check", "flawed.txt"];
        args.extend(extra);
        let out = dir.run(&args);
        let message = assert_failure(&out, 1, what);
        assert!(message.contains("flawed.txt"), "{what}: {message}");
    }
    dir.assert_untouched("check");
}

#[test]
fn check_names_a_format_flaw_at_path_line_and_column() {
    // docs/cli.md: errors in the input name PATH:LINE:COLUMN; check said
    // "flawed.txt: line 1: ..." with no column.
    let dir = Scratch::new("check-column");
    assert!(dir
        .run(&["-c", "3", "--first", "3", "-o", "good.txt"])
        .status
        .success());
    let text = std::fs::read_to_string(dir.join("good.txt")).expect("written");
    let first_row = text.lines().next().expect("a row").to_string();
    let flaws: Vec<(&str, String, &str)> = vec![
        (
            "trailing space",
            text.replacen('\n', " \n", 1),
            "flawed.txt:1:18: ",
        ),
        ("CRLF", text.replace('\n', "\r\n"), "flawed.txt:1:18: "),
        ("a zero", text.replacen('3', "0", 1), "flawed.txt:1:1: "),
        (
            "two spaces",
            text.replacen(' ', "  ", 1),
            "flawed.txt:1:3: ",
        ),
        (
            "short row",
            text.replacen(&first_row, &first_row[..5], 1),
            "flawed.txt:1:6: ",
        ),
        ("BOM", format!("\u{feff}{text}"), "flawed.txt:1:1: "),
        (
            "two empty lines",
            text.replacen("\n\n", "\n\n\n", 1),
            "flawed.txt:11:1: ",
        ),
        (
            "trailing empty line",
            format!("{text}\n"),
            "flawed.txt:30:1: ",
        ),
        (
            "no final newline",
            text.trim_end().to_string(),
            "flawed.txt:29:18: ",
        ),
        (
            "long line",
            text.replacen(&first_row, &format!("{first_row}{}", " 1".repeat(40)), 1),
            "flawed.txt:1:18: ",
        ),
        (
            "eight rows",
            text[..text.len() - 18].to_string(),
            "flawed.txt:29:1: ",
        ),
        ("empty file", String::new(), "flawed.txt:1:1: "),
    ];
    for (what, bytes, place) in flaws {
        dir.write("flawed.txt", &bytes);
        let out = dir.run(&["check", "flawed.txt"]);
        let message = assert_failure(&out, 1, what);
        assert!(
            message.starts_with(&format!("sudoku: {place}")),
            "{what}: {message}"
        );
    }
    dir.assert_untouched("check columns");
}

#[test]
fn check_quotes_control_characters_as_the_documented_escapes() {
    // docs/cli.md: control characters a message quotes are written as `\n`,
    // `\x1b` and so on, never Rust's `\u{1b}`, and the message stays one line.
    let dir = Scratch::new("check-escapes");
    assert!(dir.run(&["-c", "2", "-o", "good.txt"]).status.success());
    let text = std::fs::read_to_string(dir.join("good.txt")).expect("written");
    for (what, row, shown) in [
        ("escape", "9 1\x1b[2J 2", "9 1\\x1b[2J 2"),
        ("bell and delete", "9 1 2\x07\x7f", "9 1 2\\x07\\x7f"),
        ("tab", "9\t1 2", "9\\t1 2"),
        ("carriage return", "9 1\r 2", "9 1\\r 2"),
    ] {
        let first_row = text.lines().next().expect("a row");
        dir.write("flawed.txt", text.replacen(first_row, row, 1));
        let out = dir.run(&["check", "flawed.txt"]);
        let message = assert_failure(&out, 1, what);
        assert!(
            message.ends_with(&format!("found \"{shown}\"")),
            "{what}: {message}"
        );
        assert!(!message.contains("\\u{"), "{what}: {message}");
        assert_eq!(stderr(&out).lines().count(), 1, "{what}");
    }
    dir.assert_untouched("check escapes");
}

/// Swaps the first two digits of the first row: the grid stays well formed but
/// its columns now repeat digits.
fn swap_two_cells(text: &str) -> String {
    let mut bytes = text.as_bytes().to_vec();
    bytes.swap(0, 2);
    String::from_utf8(bytes).expect("ascii")
}

#[test]
fn check_with_puzzles_compares_solutions_to_their_puzzles() {
    let puzzles = data_set("17_clue.txt");
    let dir = Scratch::new("check-puzzles");
    dir.write("p.txt", data_text("17_clue.txt"));
    assert!(dir.run(&["-s", "p.txt", "-o", "s.txt"]).status.success());
    let out = dir.run(&["check", "s.txt", "--puzzles", "p.txt"]);
    assert!(out.status.success(), "{}", stderr(&out));

    // Solutions of other puzzles do not keep these givens.
    dir.write(
        "other.txt",
        line_format(&data_set("unbiased.txt")[..puzzles.len()]),
    );
    assert!(dir
        .run(&["-s", "other.txt", "-o", "wrong.txt"])
        .status
        .success());
    assert_failure(
        &dir.run(&["check", "wrong.txt", "--puzzles", "p.txt"]),
        1,
        "wrong solutions",
    );
    // One solution too few.
    dir.write("short.txt", line_format(&puzzles[..puzzles.len() - 1]));
    assert_failure(
        &dir.run(&["check", "s.txt", "--puzzles", "short.txt"]),
        1,
        "count mismatch",
    );
    dir.assert_untouched("check --puzzles");
}

#[test]
fn check_counts_every_grid_when_solutions_and_puzzles_differ_in_number() {
    // Issue 39: ten solutions for three puzzles were reported as "4
    // solutions for 3 puzzles". The counts are the files' own, counted here.
    let puzzles = data_set("17_clue.txt");
    let dir = Scratch::new("check-counts");
    for (solutions, given) in [(10usize, 3usize), (3, 10), (10, 9), (1, 0)] {
        dir.write("p.txt", line_format(&puzzles[..given]));
        dir.write("all.txt", line_format(&puzzles[..solutions]));
        assert!(dir.run(&["-s", "all.txt", "-o", "s.txt"]).status.success());
        let text = std::fs::read_to_string(dir.join("s.txt")).unwrap();
        assert_eq!(split_assignment(text.as_bytes()).unwrap().len(), solutions);
        let out = dir.run(&["check", "s.txt", "--puzzles", "p.txt"]);
        if given == 0 {
            // An empty puzzle file is refused as input before any count.
            assert_eq!(out.status.code(), Some(2), "{}", stderr(&out));
            continue;
        }
        let message = assert_failure(&out, 1, "count mismatch");
        assert!(
            message.ends_with(&format!("{solutions} solutions for {given} puzzles")),
            "{solutions} for {given}: {message}"
        );
    }
}

#[test]
fn check_names_a_malformed_puzzle_file_with_line_and_column() {
    let puzzles = data_set("17_clue.txt");
    let dir = Scratch::new("check-bad-puzzles");
    let text = line_format(&puzzles[..5]);
    dir.write("p.txt", &text);
    assert!(dir.run(&["-s", "p.txt", "-o", "s.txt"]).status.success());
    // A bad cell in puzzle 3 (line 3, column 7), and a garbage line after the
    // last puzzle: bad input (status 2) at the puzzle file's line and column,
    // never a failed check of the solutions, nor a sixth puzzle.
    let mut bad_cell = text.clone().into_bytes();
    bad_cell[2 * 82 + 6] = b'x';
    dir.write("bad-cell.txt", &bad_cell);
    dir.write("garbage.txt", format!("{text}garbage\n"));
    for (file, place) in [
        ("bad-cell.txt", "bad-cell.txt:3:7:"),
        ("garbage.txt", "garbage.txt:6:1:"),
    ] {
        let out = dir.run(&["check", "s.txt", "--puzzles", file]);
        let message = assert_failure(&out, 2, file);
        assert!(message.contains(place), "{file}: {message}");
    }
    // The puzzles may come from standard input, as the solutions may.
    let out = dir.run_with_stdin(&["check", "s.txt", "--puzzles", "-"], text.as_bytes());
    assert!(out.status.success(), "{}", stderr(&out));
    let out = dir.run_with_stdin(&["check", "-", "--puzzles", "-"], text.as_bytes());
    assert_usage_error(&out, "both from standard input");
    dir.assert_untouched("check --puzzles with bad puzzles");
}

#[test]
fn option_values_that_look_like_options_are_values() {
    let puzzles = data_set("17_clue.txt");
    let dir = Scratch::new("args-dash-values");
    dir.write("-my.txt", line_format(&puzzles[..3]));
    dir.write("p5.txt", line_format(&puzzles[..3]));
    let cases: &[(&[&str], &str)] = &[
        (&["-s", "-my.txt"], "sudoku.txt"),
        (&["-s", "--", "-my.txt"], "sudoku.txt"),
        (&["-s", "--", "p5.txt"], "sudoku.txt"),
        (&["-s", "p5.txt", "-o", "-u.txt"], "-u.txt"),
        (&["-s", "p5.txt", "-o", "-run.txt"], "-run.txt"),
        (&["-o", "-n.txt", "-s", "-my.txt"], "-n.txt"),
        (&["-c", "5", "-o", "-run.txt"], "-run.txt"),
        (&["-c", "5", "-o", "--", "-m.txt"], "-m.txt"),
    ];
    for (args, output) in cases {
        let _ = std::fs::write(dir.join("sudoku.txt"), OLD);
        let out = dir.run(args);
        assert!(out.status.success(), "{args:?}: {}", stderr(&out));
        let written = std::fs::read(dir.join(output)).expect("output written");
        let grids = split_assignment(&written).expect("exact format");
        if args[0] == "-c" {
            assert_eq!(grids.len(), 5, "{args:?}");
        } else {
            assert_solutions(&written, &puzzles[..3], &format!("{args:?}"));
        }
    }
    // The puzzle flags still switch to puzzle generation, wherever they are.
    let out = dir.run(&["-o", "gen.txt", "-n", "2", "-m", "1", "--seed", "3"]);
    assert!(out.status.success(), "{}", stderr(&out));
    assert_eq!(
        split_assignment(&std::fs::read(dir.join("gen.txt")).expect("read"))
            .expect("format")
            .len(),
        2
    );
    // Empty names are refused as usage errors, before any work.
    for case in [
        &["-c", "5", "-o", ""][..],
        &["-s", ""],
        &["count", ""],
        &["check", ""],
        &["-s", "--"],
    ] {
        let _ = std::fs::write(dir.join("sudoku.txt"), OLD);
        assert_usage_error(&dir.run(case), &format!("{case:?}"));
        dir.assert_untouched(&format!("{case:?}"));
    }
}

#[test]
fn bad_arguments_of_every_command_are_refused() {
    let dir = Scratch::new("args");
    dir.write("p.txt", ".".repeat(81));
    let cases: &[&[&str]] = &[
        &["-s"],
        &["-s", "p.txt", "-s", "p.txt"],
        &["-s", "p.txt", "--first", "3"],
        &["-s", "p.txt", "-j", "0"],
        &["-s", "p.txt", "-j", "abc"],
        &["-s", "p.txt", "-j", "-2"],
        &["-s", "p.txt", "-j", "99999999999999999999999"],
        &["-s", "p.txt", "-j"],
        &["-s", "p.txt", "--bogus"],
        &["-s", "p.txt", "extra"],
        &["count"],
        &["count", "p.txt", "--limit", "0"],
        &["count", "p.txt", "--limit", "x"],
        &["count", "p.txt", "--limit"],
        &["count", "p.txt", "p.txt"],
        &["count", "p.txt", "--first", "3"],
        &["check"],
        &["check", "p.txt", "--first", "0"],
        &["check", "p.txt", "--first", "3", "--puzzles", "p.txt"],
        &["check", "p.txt", "--puzzles"],
        &["check", "p.txt", "p.txt"],
        &["bench"],
        &["bench", "p.txt", "--seconds", "0"],
        &["bench", "p.txt", "--seconds", "-1"],
    ];
    for case in cases {
        let out = dir.run(case);
        assert_usage_error(&out, &format!("{case:?}"));
        dir.assert_untouched(&format!("{case:?}"));
    }
}

#[test]
fn solving_sudoku_txt_in_place_reads_it_whole_before_replacing_it() {
    // The output of -c is itself a puzzle file with no blanks: solving it in
    // place must give the same grids back, not a truncated file.
    let dir = Scratch::new("solve-in-place");
    assert!(dir.run(&["-c", "2000"]).status.success());
    let before = dir.output();
    let out = dir.run(&["-s", "sudoku.txt"]);
    assert!(out.status.success(), "{}", stderr(&out));
    assert_eq!(dir.output(), before);
}

#[test]
fn bench_checks_every_file_before_printing_and_names_unsolvable_puzzles() {
    let dir = Scratch::new("bench-files");
    let puzzles = data_set("17_clue.txt");
    dir.write("good.txt", line_format(&puzzles[..20]));
    dir.write(
        "bad.txt",
        format!("{}\n{}x\n", ".".repeat(81), ".".repeat(80)),
    );
    // A bad second file: refused with its line and column, and no header
    // or figures for the first file on standard output.
    let out = dir.run(&["bench", "good.txt", "bad.txt", "--seconds", "1"]);
    let message = assert_failure(&out, 2, "bench with a bad file");
    assert!(message.contains("bad.txt:2:81:"), "{message}");
    assert!(
        out.stdout.is_empty(),
        "{}",
        String::from_utf8_lossy(&out.stdout)
    );
    // Puzzles without a solution are timed, and said to be.
    let mut with_dead = puzzles[..20].to_vec();
    with_dead[5][..2].copy_from_slice(&[5, 5]);
    with_dead[5][2..9].fill(0);
    dir.write("dead.txt", line_format(&with_dead));
    let out = dir.run(&["bench", "dead.txt", "--seconds", "1"]);
    let err = stderr(&out);
    assert!(out.status.success(), "{err}");
    assert_eq!(err.lines().count(), 1, "{err}");
    assert!(
        err.starts_with("sudoku: warning: dead.txt: 1 of 20 puzzles have no solution"),
        "{err}"
    );
    let table = String::from_utf8_lossy(&out.stdout);
    assert_eq!(table.lines().count(), 2, "{table}");
    assert!(
        table
            .lines()
            .nth(1)
            .is_some_and(|l| l.starts_with("dead.txt ")),
        "{table}"
    );
}
