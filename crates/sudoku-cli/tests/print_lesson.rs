//! Technique lessons (`--lesson`): each page shows its puzzle at the step
//! it was chosen for, the step's cells shaded, its eliminations struck out,
//! and the step in a sentence. Checked on the SVG pages against the tests'
//! own brute-force solver: every candidate the sentence removes is struck
//! out on the page, and none is the cell's solution.

mod common;

use std::process::Command;

use common::independent::brute_force;
use common::{assert_failure, assert_usage_error, stderr, Scratch};

fn texts<'a>(svg: &'a str, class: &str) -> Vec<&'a str> {
    let open = format!("<text class=\"{class}\"");
    svg.split(open.as_str())
        .skip(1)
        .map(|t| &t[t.find('>').expect("tag end") + 1..t.find("</text>").expect("text end")])
        .collect()
}

/// The `(cell, digit)` pairs of "remove 9 from r3c2, r3c9 and r8c7."
fn removals(sentence: &str) -> Vec<(usize, u8)> {
    let rest = &sentence[sentence.find("remove ").expect("a removal") + 7..];
    let digit: u8 = rest[..1].parse().expect("one digit removed");
    let cells = &rest[rest.find(" from ").expect("from") + 6..];
    let cells = &cells[..cells.find('.').unwrap_or(cells.len())];
    cells
        .split(", ")
        .flat_map(|part| part.split(" and "))
        .map(|rc| {
            let b = rc.trim().as_bytes();
            assert_eq!((b[0], b[2]), (b'r', b'c'), "{rc}");
            (
                usize::from(b[1] - b'1') * 9 + usize::from(b[3] - b'1'),
                digit,
            )
        })
        .collect()
}

#[test]
fn a_lesson_shows_each_puzzles_step_struck_out_and_told() {
    let scratch = Scratch::new("print-lesson");
    let out = scratch.run(&[
        "puzzles",
        "3",
        "--technique",
        "x-wing",
        "--seed",
        "7",
        "--format",
        "line",
        "-o",
        "p.txt",
    ]);
    assert!(out.status.success(), "{}", stderr(&out));
    let puzzles: Vec<[u8; 81]> = std::fs::read_to_string(scratch.join("p.txt"))
        .unwrap()
        .lines()
        .map(|l| {
            let mut cells = [0u8; 81];
            for (cell, b) in cells.iter_mut().zip(l.bytes()) {
                *cell = if b.is_ascii_digit() { b - b'0' } else { 0 };
            }
            cells
        })
        .collect();
    assert_eq!(puzzles.len(), 3);
    let out = scratch.run(&["print", "p.txt", "-o", "lesson.svg", "--lesson"]);
    assert!(out.status.success(), "{}", stderr(&out));
    for (i, puzzle) in puzzles.iter().enumerate() {
        let svg = std::fs::read_to_string(scratch.join(&format!("lesson-{}.svg", i + 1))).unwrap();
        assert_eq!(
            svg.matches("<g class=\"grid\"").count(),
            1,
            "one puzzle a page"
        );
        let captions = texts(&svg, "caption");
        assert!(captions[1].ends_with("X-Wing"), "{captions:?}");
        let sentence = texts(&svg, "lesson").join(" ");
        let removed = removals(&sentence);
        assert!(!removed.is_empty(), "{sentence}");
        let solution = brute_force(puzzle, 2, [1, 2, 3, 4, 5, 6, 7, 8, 9])
            .first
            .expect("a solution");
        for &(cell, digit) in &removed {
            assert_ne!(
                solution[cell],
                digit,
                "{sentence}: r{}c{}",
                cell / 9 + 1,
                cell % 9 + 1
            );
        }
        let struck = texts(&svg, "eliminated");
        assert_eq!(struck.len(), removed.len(), "{sentence}");
        assert!(struck.iter().all(|d| d.parse::<u8>() == Ok(removed[0].1)));
        // The four corners of the X-Wing and the cells that lose.
        let shaded = svg.matches("<rect class=\"shade\"").count();
        assert_eq!(shaded, 4 + removed.len(), "{sentence}");
    }
    let out = scratch.run(&[
        "print",
        "p.txt",
        "-o",
        "l.pdf",
        "--lesson",
        "--per-page",
        "2",
    ]);
    let message = assert_usage_error(&out, "--lesson --per-page 2");
    assert!(message.contains("one puzzle a page"), "{message}");
}

#[test]
fn a_lessons_answers_end_with_each_puzzles_path_as_explain_gives_it() {
    if Command::new("pdftotext").arg("-v").output().is_err() {
        eprintln!(
            "\n*** a_lessons_answers_end_with_each_puzzles_path_as_explain_gives_it: SKIPPED: \
             pdftotext is missing (apt-get install poppler-utils; .ci/run installs it) ***\n"
        );
        return;
    }
    let scratch = Scratch::new("print-lesson-path");
    let out = scratch.run(&[
        "puzzles",
        "2",
        "--technique",
        "x-wing",
        "--seed",
        "7",
        "--format",
        "line",
        "-o",
        "p.txt",
    ]);
    assert!(out.status.success(), "{}", stderr(&out));
    let lines: Vec<String> = std::fs::read_to_string(scratch.join("p.txt"))
        .unwrap()
        .lines()
        .map(str::to_string)
        .collect();
    let out = scratch.run(&[
        "print",
        "p.txt",
        "-o",
        "l.pdf",
        "--lesson",
        "--answers",
        "--title",
        "X",
    ]);
    assert!(out.status.success(), "{}", stderr(&out));
    // Two lesson pages, one answer page, then a path page per puzzle.
    for (i, puzzle) in lines.iter().enumerate() {
        scratch.write("one.txt", format!("{puzzle}\n"));
        let explained = scratch.run(&["explain", "one.txt"]);
        assert!(explained.status.success(), "{}", stderr(&explained));
        let expected: Vec<String> = String::from_utf8_lossy(&explained.stdout)
            .lines()
            .enumerate()
            .map(|(k, step)| format!("{}. {step}", k + 1))
            .collect();
        let page = (4 + i).to_string();
        let text = Command::new("pdftotext")
            .args(["-raw", "-f", &page, "-l", &page])
            .arg(scratch.join("l.pdf"))
            .arg("-")
            .output()
            .expect("pdftotext");
        let text = String::from_utf8_lossy(&text.stdout);
        let mut read: Vec<&str> = text
            .lines()
            .map(str::trim)
            .filter(|l| !l.is_empty() && *l != "\u{c}")
            .collect();
        assert_eq!(read.remove(0), "X — solving paths");
        assert_eq!(read.remove(0), format!("No. {}", i + 1));
        assert_eq!(read.pop(), Some(page.as_str()), "the page number");
        // Long steps wrap: compare the words.
        assert_eq!(read.join(" "), expected.join(" "), "puzzle {}", i + 1);
    }
}

#[test]
fn a_lesson_of_a_puzzle_with_several_solutions_is_refused() {
    let scratch = Scratch::new("print-lesson-several");
    let out = scratch.run(&[
        "puzzles", "1", "--seed", "1", "--format", "line", "-o", "p.txt",
    ]);
    assert!(out.status.success(), "{}", stderr(&out));
    let unique = std::fs::read_to_string(scratch.join("p.txt")).unwrap();
    let one_given = format!("1{}", ".".repeat(80));
    for (second, what) in [(".".repeat(81), "the empty grid"), (one_given, "one given")] {
        scratch.write("several.txt", format!("{unique}{second}\n"));
        let old = b"%PDF the previous book".to_vec();
        scratch.write("old.pdf", &old);
        for extra in [&[][..], &["--answers"][..]] {
            let mut args = vec!["print", "several.txt", "-o", "old.pdf", "--lesson"];
            args.extend_from_slice(extra);
            let out = scratch.run(&args);
            let message = assert_failure(&out, 2, what);
            assert_eq!(
                message,
                "sudoku: several.txt:2: puzzle 2 has more than one solution; \
                 a lesson needs a unique one",
                "{what}"
            );
            assert_eq!(std::fs::read(scratch.join("old.pdf")).unwrap(), old);
        }
        // Without --lesson the book is made: its caption and its answer say
        // there are several solutions, and no step is claimed.
        let out = scratch.run(&["print", "several.txt", "-o", "b.svg", "--answers"]);
        assert!(out.status.success(), "{}", stderr(&out));
        let page = std::fs::read_to_string(scratch.join("b-1.svg")).unwrap();
        assert!(
            texts(&page, "caption").contains(&"not rated: more than one solution"),
            "{what}"
        );
        let key = std::fs::read_to_string(scratch.join("b-2.svg")).unwrap();
        assert!(
            texts(&key, "caption").contains(&"No. 2 · one of several"),
            "{what}: {:?}",
            texts(&key, "caption")
        );
        assert!(texts(&key, "caption").contains(&"No. 1"), "{what}");
    }
    // Generated puzzles that may have several solutions are refused up front.
    let out = scratch.run(&[
        "puzzles", "2", "--any", "--seed", "1", "-o", "any.pdf", "--lesson",
    ]);
    let message = assert_usage_error(&out, "--any --lesson");
    assert!(
        message.contains("--lesson needs puzzles with a unique solution"),
        "{message}"
    );
}
