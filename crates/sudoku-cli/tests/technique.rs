//! `sudoku puzzles --technique` and `--with-path`, `sudoku rate --techniques`:
//! the written puzzles are read back and rated again by `sudoku rate`, their
//! paths compared with `sudoku explain`, and their solutions found by the
//! tests' own brute-force solver.

mod common;

use common::independent::{brute_force, data_file_puzzles};
use common::{assert_failure, assert_usage_error, stderr, Scratch};

fn stdout(output: &std::process::Output) -> String {
    String::from_utf8_lossy(&output.stdout).into_owned()
}

#[test]
fn technique_puzzles_have_it_as_their_hardest_step_and_carry_their_path() {
    let scratch = Scratch::new("technique-path");
    let out = scratch.run(&[
        "puzzles",
        "4",
        "--technique",
        "x-wing",
        "--technique",
        "Turbot Fish",
        "--with-path",
        "--seed",
        "9",
        "--format",
        "line",
        "-o",
        "lesson.txt",
    ]);
    assert!(out.status.success(), "{}", stderr(&out));
    let text = std::fs::read_to_string(scratch.join("lesson.txt")).unwrap();
    let puzzles = data_file_puzzles(&text);
    assert_eq!(puzzles.len(), 4);
    for p in &puzzles {
        assert_eq!(brute_force(p, 2, [1, 2, 3, 4, 5, 6, 7, 8, 9]).count, 1);
    }
    // Rated again from the file, which every reader takes despite the paths,
    // on SE's scale like the lesson.
    let rated = scratch.run(&["rate", "lesson.txt", "--csv"]);
    assert!(rated.status.success(), "{}", stderr(&rated));
    let hardest: Vec<String> = stdout(&rated)
        .lines()
        .skip(1)
        .map(|l| l.split(',').nth(6).unwrap().to_string())
        .collect();
    assert_eq!(hardest.len(), 4);
    for h in &hardest {
        assert!(h == "X-Wing" || h == "Turbot Fish", "{h}");
    }
    // Each puzzle's comment block is `sudoku explain`'s path, numbered.
    let blocks: Vec<&str> = text.split_inclusive('\n').collect();
    let mut i = 0;
    for (n, puzzle) in puzzles.iter().enumerate() {
        let line: String = puzzle
            .iter()
            .map(|&v| if v == 0 { '.' } else { char::from(b'0' + v) })
            .collect();
        assert_eq!(blocks[i].trim_end(), line);
        i += 1;
        let explained = scratch.run(&["explain", &line]);
        assert!(explained.status.success());
        let steps: Vec<String> = stdout(&explained).lines().map(String::from).collect();
        assert_eq!(
            blocks[i].trim_end(),
            format!("# path: {} steps, hardest {}", steps.len(), hardest[n])
        );
        i += 1;
        for (k, step) in steps.iter().enumerate() {
            assert_eq!(blocks[i].trim_end(), format!("# {}. {step}", k + 1));
            i += 1;
        }
    }
    assert_eq!(i, blocks.len());
    let solved = scratch.run(&["-s", "lesson.txt", "-o", "-"]);
    assert!(solved.status.success(), "{}", stderr(&solved));
}

#[test]
fn impossible_and_slow_technique_requests_are_refused_or_warned() {
    let scratch = Scratch::new("technique-refused");
    let out = scratch.run(&[
        "puzzles",
        "3",
        "--technique",
        "x-wing",
        "--difficulty",
        "hard",
    ]);
    let message = assert_failure(&out, 2, "x-wing is medium");
    assert!(
        message.contains("X-Wing rates 3.2, which is medium, not hard"),
        "{message}"
    );
    let out = scratch.run(&["puzzles", "3", "--technique", "xy-wing", "--rating", "5..6"]);
    assert_failure(&out, 2, "outside the band");
    let out = scratch.run(&["puzzles", "3", "--technique", "x-wings"]);
    let message = assert_usage_error(&out, "unknown name");
    assert!(message.contains("sudoku rate --techniques"), "{message}");
    assert_usage_error(
        &scratch.run(&["puzzles", "3", "--technique", "x-wing", "--any"]),
        "--any",
    );
    let out = scratch.run(&[
        "puzzles",
        "2",
        "--technique",
        "jellyfish",
        "--time-limit",
        "0.3",
        "-o",
        "slow.txt",
    ]);
    assert_eq!(out.status.code(), Some(1), "{}", stderr(&out));
    let err = stderr(&out);
    assert!(
        err.contains("warning: puzzles whose hardest step is Jellyfish are rare"),
        "{err}"
    );
    assert!(err.contains("time limit"), "{err}");
    scratch.assert_untouched("refused and slow technique requests");
}

#[test]
fn rate_lists_every_technique_by_a_name_puzzles_takes() {
    let scratch = Scratch::new("technique-list");
    let out = scratch.run(&["rate", "--techniques"]);
    assert!(out.status.success(), "{}", stderr(&out));
    let list = stdout(&out);
    let rows: Vec<Vec<&str>> = list
        .lines()
        .map(|l| l.split_whitespace().collect())
        .collect();
    assert_eq!(rows.len(), sudoku_core::rate::Technique::ALL.len());
    let mut previous = 0.0f32;
    for row in &rows {
        let score: f32 = row[1].parse().unwrap();
        assert!(score >= previous, "scores rise down the list: {row:?}");
        previous = score;
        assert!(["easy", "medium", "hard", "expert", "extreme"].contains(&row[2]));
        assert!(["se", "native", "se,native"].contains(&row[3]), "{row:?}");
        // A lesson is made on the scale asked for (SE's by default), from
        // that scale's techniques: others are refused at once.
        for (scale, name) in [("se", "SE"), ("native", "native")] {
            let out = scratch.run(&[
                "puzzles",
                "1",
                "--technique",
                row[0],
                "--scale",
                scale,
                "--time-limit",
                "0.001",
            ]);
            if row[3].split(',').any(|s| s == scale) {
                // The name parses: the run gets as far as its time limit.
                assert_ne!(out.status.code(), Some(2), "{}: {}", row[0], stderr(&out));
            } else {
                let message = assert_failure(&out, 2, row[0]);
                let expected = format!("is not a technique of the {name} scale");
                assert!(message.contains(&expected), "{message}");
            }
        }
    }
    let count = |scale: &str| rows.iter().filter(|r| r[3].contains(scale)).count();
    assert_eq!(count("native"), 31);
    assert!(count("se") > 30);
    assert_usage_error(
        &scratch.run(&["rate", "--techniques", "x.txt"]),
        "extra argument",
    );
}

#[test]
fn native_lessons_are_made_and_rated_on_the_native_scale() {
    let scratch = Scratch::new("technique-native");
    let out = scratch.run(&[
        "puzzles",
        "2",
        "--technique",
        "skyscraper",
        "--scale",
        "native",
        "--seed",
        "9",
        "--format",
        "line",
        "-o",
        "lesson.txt",
    ]);
    assert!(out.status.success(), "{}", stderr(&out));
    let rated = scratch.run(&["rate", "lesson.txt", "--scale", "native"]);
    assert!(rated.status.success(), "{}", stderr(&rated));
    let lines: Vec<String> = stdout(&rated).lines().map(String::from).collect();
    assert_eq!(lines.len(), 2);
    for line in &lines {
        assert!(line.ends_with(" Skyscraper"), "{line}");
    }
    // Without --scale native, Skyscraper is refused and the message says
    // which scale has it.
    let out = scratch.run(&["puzzles", "1", "--technique", "skyscraper"]);
    let message = assert_failure(&out, 2, "skyscraper on SE");
    assert!(message.contains("the native scale has it"), "{message}");
}

/// `sudoku rate`'s lines for a file: (score, level, hardest).
fn rate_lines(scratch: &Scratch, file: &str) -> Vec<(f32, String, String)> {
    let rated = scratch.run(&["rate", file]);
    assert!(rated.status.success(), "{}", stderr(&rated));
    stdout(&rated)
        .lines()
        .map(|line| {
            let mut parts = line.splitn(3, ' ');
            let score = parts.next().unwrap().parse().unwrap();
            let level = parts.next().unwrap().to_string();
            (score, level, parts.next().unwrap().to_string())
        })
        .collect()
}

#[test]
fn a_lessons_puzzles_rate_at_the_level_asked_under_rate() {
    // Issue 39: lessons were chosen on the native scale while levels are
    // SE's, so some of these rated easy under `sudoku rate`.
    let scratch = Scratch::new("technique-level");
    let out = scratch.run(&[
        "puzzles",
        "30",
        "--technique",
        "x-wing",
        "--difficulty",
        "medium",
        "--seed",
        "1",
        "-o",
        "lesson.txt",
    ]);
    assert!(out.status.success(), "{}", stderr(&out));
    let rated = rate_lines(&scratch, "lesson.txt");
    assert_eq!(rated.len(), 30);
    for (score, level, hardest) in &rated {
        assert_eq!(
            (level.as_str(), hardest.as_str()),
            ("medium", "X-Wing"),
            "{score}"
        );
    }
    // A rating band and a lesson of SE's own technique the same way.
    let out = scratch.run(&[
        "puzzles",
        "4",
        "--technique",
        "turbot-fish",
        "--rating",
        "4.1..4.3",
        "--seed",
        "2",
        "-o",
        "turbot.txt",
    ]);
    assert!(out.status.success(), "{}", stderr(&out));
    for (score, level, hardest) in rate_lines(&scratch, "turbot.txt") {
        assert!((4.1..=4.3).contains(&score), "{score}");
        assert_eq!((level.as_str(), hardest.as_str()), ("hard", "Turbot Fish"));
    }
}
