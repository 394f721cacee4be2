//! A book's structure: the cover page, sections by difficulty and the
//! bookmarks, read back with poppler's `pdftotext` and qpdf's JSON view of
//! the outline, against `sudoku rate`'s verdicts and solutions found by the
//! tests' own brute-force solver. Skipped loudly where the tools are missing
//! (`.ci/run` installs them).

mod common;

use std::path::Path;
use std::process::Command;

use common::independent::brute_force;
use common::{assert_usage_error, stderr, Scratch};

fn have_tools(test: &str) -> bool {
    let ok = ["pdftotext", "qpdf"]
        .iter()
        .all(|tool| Command::new(tool).arg("--version").output().is_ok());
    if !ok {
        eprintln!(
            "\n*** {test}: SKIPPED: pdftotext or qpdf is missing \
             (apt-get install poppler-utils qpdf; .ci/run installs them) ***\n"
        );
    }
    ok
}

/// Page `page`'s lines, without blanks and the page number.
fn page_lines(pdf: &Path, page: usize) -> Vec<String> {
    let n = page.to_string();
    let out = Command::new("pdftotext")
        .args(["-raw", "-f", &n, "-l", &n])
        .arg(pdf)
        .arg("-")
        .output()
        .expect("pdftotext");
    assert!(out.status.success(), "{}", stderr(&out));
    let mut lines: Vec<String> = String::from_utf8_lossy(&out.stdout)
        .lines()
        .map(|l| l.trim().to_string())
        .filter(|l| !l.is_empty() && l != "\u{c}")
        .collect();
    // The page number, last; the cover has none.
    if lines.last() == Some(&n) {
        lines.pop();
    }
    lines
}

fn digits(lines: &[String]) -> Vec<u8> {
    lines
        .iter()
        .filter(|l| l.chars().all(|c| c.is_ascii_digit() || c == ' '))
        .flat_map(|l| l.bytes().filter(u8::is_ascii_digit).map(|b| b - b'0'))
        .collect()
}

/// The outline's bookmarks as (depth, title, page from 1), in order, from
/// qpdf's JSON (read line by line: each bookmark's fields are on their own
/// lines, `destpageposfrom1` before `title`, children before both).
fn outline(pdf: &Path) -> Vec<(usize, String, usize)> {
    let out = Command::new("qpdf")
        .args(["--json", "--json-key=outlines"])
        .arg(pdf)
        .output()
        .expect("qpdf");
    assert!(out.status.success(), "{}", stderr(&out));
    let text = String::from_utf8_lossy(&out.stdout).into_owned();
    let mut found = Vec::new();
    let mut pages = [0usize; 8];
    for line in text.lines() {
        // Top-level bookmarks' fields are indented 6 spaces, their
        // children's 10, and so on.
        let Some(depth) = (line.len() - line.trim_start().len())
            .checked_sub(6)
            .map(|d| d / 4)
        else {
            continue;
        };
        let line = line.trim();
        if let Some(n) = line.strip_prefix("\"destpageposfrom1\": ") {
            pages[depth] = n.trim_end_matches(',').parse().expect("a page");
        } else if let Some(t) = line.strip_prefix("\"title\": \"") {
            found.push((depth, t.trim_end_matches('"').to_string(), pages[depth]));
        }
    }
    // Children are listed before their parent's title: parents first.
    found.sort_by_key(|m| m.2 * 10 + m.0);
    found
}

const LEVELS: [&str; 5] = ["easy", "medium", "hard", "expert", "extreme"];

#[test]
fn a_book_in_sections_with_a_cover_and_bookmarks() {
    if !have_tools("a_book_in_sections_with_a_cover_and_bookmarks") {
        return;
    }
    let scratch = Scratch::new("print-sections");
    let out = scratch.run(&[
        "puzzles", "30", "--seed", "9", "--format", "line", "-o", "p.txt",
    ]);
    assert!(out.status.success(), "{}", stderr(&out));
    let text = std::fs::read_to_string(scratch.join("p.txt")).unwrap();
    let puzzles: Vec<[u8; 81]> = text
        .lines()
        .map(|l| {
            let mut cells = [0u8; 81];
            for (cell, b) in cells.iter_mut().zip(l.bytes()) {
                *cell = if b.is_ascii_digit() { b - b'0' } else { 0 };
            }
            cells
        })
        .collect();
    assert_eq!(puzzles.len(), 30);
    let out = scratch.run(&["rate", "p.txt"]);
    assert!(out.status.success(), "{}", stderr(&out));
    // (level rank, score, level, text) per puzzle, in the file's order.
    let verdicts: Vec<(usize, f32, String)> = String::from_utf8_lossy(&out.stdout)
        .lines()
        .map(|l| {
            let mut parts = l.split(' ');
            let score: f32 = parts.next().unwrap().parse().unwrap();
            let level = parts.next().unwrap().to_string();
            let rank = LEVELS.iter().position(|x| *x == level).expect("a level");
            (rank, score, level)
        })
        .collect();
    // The book's order: by level, by score, the file's order among equals.
    let mut order: Vec<usize> = (0..30).collect();
    order.sort_by(|&a, &b| {
        let (va, vb) = (&verdicts[a], &verdicts[b]);
        va.0.cmp(&vb.0).then(va.1.total_cmp(&vb.1))
    });

    let out = scratch.run(&[
        "print",
        "p.txt",
        "-o",
        "book.pdf",
        "--cover",
        "--sections",
        "--answers",
        "--per-page",
        "4",
        "--title",
        "Mixed bag",
    ]);
    assert!(out.status.success(), "{}", stderr(&out));
    let pdf = scratch.join("book.pdf");
    let check = Command::new("qpdf")
        .arg("--check")
        .arg(&pdf)
        .output()
        .unwrap();
    assert!(
        check.status.success(),
        "{}",
        String::from_utf8_lossy(&check.stdout)
    );

    // The cover.
    let cover = page_lines(&pdf, 1);
    let (lo, hi) = (
        verdicts.iter().map(|v| v.1).fold(f32::MAX, f32::min),
        verdicts.iter().map(|v| v.1).fold(0.0, f32::max),
    );
    let (easiest, hardest) = (
        verdicts.iter().map(|v| v.0).min().unwrap(),
        verdicts.iter().map(|v| v.0).max().unwrap(),
    );
    assert_eq!(
        cover,
        vec![
            "Mixed bag".to_string(),
            "30 puzzles".to_string(),
            format!(
                "{} to {}: SE {lo:.1} to {hi:.1}",
                LEVELS[easiest], LEVELS[hardest]
            ),
            "with answers".to_string(),
        ]
    );

    // The puzzles, a section per level, each from a new page.
    let mut page = 2;
    let mut givens = Vec::new();
    let mut number = 0;
    let mut section_pages: Vec<(String, usize)> = Vec::new();
    loop {
        let lines = page_lines(&pdf, page);
        let Some(level) = lines[0].strip_prefix("Mixed bag — ") else {
            break;
        };
        if level == "answers" {
            break;
        }
        if section_pages.last().is_none_or(|s| s.0 != level) {
            section_pages.push((level.to_string(), page));
        }
        for caption in lines.iter().filter(|l| l.starts_with("No. ")) {
            let i = order[number];
            number += 1;
            let expected = format!(
                "No. {number} SE {:.1} · {} · ",
                verdicts[i].1, verdicts[i].2
            );
            assert!(caption.starts_with(&expected), "{caption} vs {expected}");
            assert_eq!(
                level.to_lowercase(),
                verdicts[i].2,
                "page {page}: {caption}"
            );
        }
        givens.extend(digits(&lines));
        page += 1;
    }
    assert_eq!(number, 30);
    let expected: Vec<u8> = order
        .iter()
        .flat_map(|&i| puzzles[i].iter().copied().filter(|&v| v != 0))
        .collect();
    assert_eq!(givens, expected, "the givens in the book's order");
    let levels: Vec<String> = section_pages.iter().map(|s| s.0.to_lowercase()).collect();
    let mut expected_levels: Vec<String> = order.iter().map(|&i| verdicts[i].2.clone()).collect();
    expected_levels.dedup();
    assert_eq!(levels, expected_levels);

    // The answers, in the book's order.
    let answers_page = page;
    let mut key = Vec::new();
    while let Some(first) = page_lines(&pdf, page).first().cloned() {
        assert_eq!(first, "Mixed bag — answers");
        key.extend(digits(&page_lines(&pdf, page)));
        page += 1;
        if key.len() == 30 * 81 {
            break;
        }
    }
    let solutions: Vec<u8> = order
        .iter()
        .flat_map(|&i| {
            let found = brute_force(&puzzles[i], 2, [1, 2, 3, 4, 5, 6, 7, 8, 9]);
            assert_eq!(found.count, 1);
            found.first.expect("a solution")
        })
        .collect();
    assert_eq!(key, solutions);

    // The bookmarks: Puzzles with a child per section, then Answers.
    let mut expected_marks = vec![(0, "Puzzles".to_string(), 2)];
    for (level, at) in &section_pages {
        expected_marks.push((1, level.clone(), *at));
    }
    expected_marks.push((0, "Answers".to_string(), answers_page));
    assert_eq!(outline(&pdf), expected_marks);
}

#[test]
fn a_plain_book_has_bookmarks_to_the_puzzles_and_the_answers() {
    if !have_tools("a_plain_book_has_bookmarks_to_the_puzzles_and_the_answers") {
        return;
    }
    let scratch = Scratch::new("print-bookmarks");
    let out = scratch.run(&["puzzles", "5", "--seed", "4", "-o", "p.txt"]);
    assert!(out.status.success(), "{}", stderr(&out));
    let out = scratch.run(&["print", "p.txt", "-o", "book.pdf", "--answers"]);
    assert!(out.status.success(), "{}", stderr(&out));
    let pdf = scratch.join("book.pdf");
    // 5 puzzles two a page: pages 1-3, the answers on page 4.
    assert_eq!(
        outline(&pdf),
        vec![(0, "Puzzles".to_string(), 1), (0, "Answers".to_string(), 4)]
    );
    // Without answers or a cover: the puzzles alone, and page 1 is a puzzle page.
    let out = scratch.run(&["print", "p.txt", "-o", "plain.pdf", "--cover"]);
    assert!(out.status.success(), "{}", stderr(&out));
    let pdf = scratch.join("plain.pdf");
    assert_eq!(outline(&pdf), vec![(0, "Puzzles".to_string(), 2)]);
    assert_eq!(page_lines(&pdf, 1)[0], "Sudoku");
}

#[test]
fn a_book_option_without_a_book_is_refused_by_its_own_name() {
    let scratch = Scratch::new("book-option-text");
    for (args, flag) in [
        (&["--font", "f.ttf"][..], "--font"),
        (&["--cover"][..], "--cover"),
        (&["--show-rating", "stars"][..], "--show-rating"),
        (&["--lesson"][..], "--lesson"),
        (&["--hide-technique"][..], "--hide-technique"),
        (&["--sections"][..], "--sections"),
        (&["--per-page", "4"][..], "--per-page"),
    ] {
        let mut all = vec!["puzzles", "2", "--seed", "1", "-o", "x.txt"];
        all.extend_from_slice(args);
        let out = scratch.run(&all);
        let message = assert_usage_error(&out, flag);
        assert_eq!(
            message,
            format!(
                "sudoku: {flag} applies to a book (-o FILE.pdf or FILE.svg), not to text output"
            )
        );
        assert!(!scratch.join("x.txt").exists());
        let mut near = vec!["puzzles", "2", "--near", "x.txt"];
        near.extend_from_slice(args);
        let message = assert_usage_error(&scratch.run(&near), flag);
        assert!(
            message.starts_with(&format!("sudoku: {flag} does not apply to --near")),
            "{message}"
        );
    }
}
