//! The captions under a book's grids: the difficulty as SE's number, as
//! stars or not at all, the technique shown or hidden, and long technique
//! names shortened by the documented rule instead of shrunk past reading
//! (never below 6.5 pt). Checked on the SVG pages (each caption's text and
//! font size, each star polygon) against `sudoku rate`'s verdicts, and on
//! the PDF with poppler's `pdftotext` where it is installed.

mod common;

use std::process::Command;

use common::{stderr, Scratch};

/// An easy puzzle and one rated SE 10.7 whose hardest technique has the
/// longest name there is, `Dynamic Forcing Chains (+ Forcing Chains)`.
const PUZZLES: &str =
    "..............3.85..1.2.......5.7.....4...1...9.......5......73..2.1........4...9
8..........36......7..9.2...5...7.......457.....1...3...1....68..85...1..9....4..
";

/// `sudoku rate`'s verdicts: (score, level, technique).
fn verdicts(scratch: &Scratch) -> Vec<(String, String, String)> {
    let out = scratch.run(&["rate", "p.txt"]);
    assert!(out.status.success(), "{}", stderr(&out));
    String::from_utf8_lossy(&out.stdout)
        .lines()
        .map(|l| {
            let mut parts = l.splitn(3, ' ');
            let mut next = || parts.next().expect("three fields").to_string();
            (next(), next(), next())
        })
        .collect()
}

/// The stars of each level, written out here: easy 1 to extreme 5.
fn stars_of(level: &str) -> usize {
    ["easy", "medium", "hard", "expert", "extreme"]
        .iter()
        .position(|l| *l == level)
        .expect("a level")
        + 1
}

/// A grid's caption texts with their font sizes, and its stars (filled or not).
type Grid = (Vec<(String, f32)>, Vec<bool>);

/// Each grid group of an SVG page.
fn grids(svg: &str) -> Vec<Grid> {
    svg.split("<g class=\"grid\"")
        .skip(1)
        .map(|grid| {
            let grid = &grid[..grid.find("</g>\n<g class=\"grid\"").unwrap_or(grid.len())];
            let captions = grid
                .split("<text class=\"caption\"")
                .skip(1)
                .map(|t| {
                    let size = t
                        .split("font-size=\"")
                        .nth(1)
                        .and_then(|r| r.split('"').next())
                        .and_then(|n| n.parse().ok())
                        .expect("a font size");
                    let text =
                        &t[t.find('>').expect("tag end") + 1..t.find("</text>").expect("end")];
                    (text.to_string(), size)
                })
                .collect();
            let stars = grid
                .split("<polygon class=\"star")
                .skip(1)
                .map(|p| p.starts_with(" filled"))
                .collect();
            (captions, stars)
        })
        .collect()
}

fn svg_page(scratch: &Scratch, args: &[&str]) -> String {
    let mut all = vec!["print", "p.txt", "-o", "page.svg", "--per-page", "6"];
    all.extend_from_slice(args);
    let out = scratch.run(&all);
    assert!(out.status.success(), "{args:?}: {}", stderr(&out));
    std::fs::read_to_string(scratch.join("page-1.svg")).expect("page 1")
}

#[test]
fn captions_show_the_difficulty_as_asked() {
    let scratch = Scratch::new("print-captions");
    scratch.write("p.txt", PUZZLES);
    let verdicts = verdicts(&scratch);
    assert_eq!(verdicts[1].2, "Dynamic Forcing Chains (+ Forcing Chains)");
    let short = |v: &(String, String, String)| -> String {
        v.2.split(" (").next().expect("a name").to_string()
    };
    for paper in ["a4", "letter"] {
        // The default: SE's number and the level, then the technique; the
        // long name loses its parenthesised tail at six a page.
        let page = svg_page(&scratch, &["--paper", paper]);
        let found = grids(&page);
        assert_eq!(found.len(), 2);
        for (i, (captions, stars)) in found.iter().enumerate() {
            let (score, level, _) = &verdicts[i];
            assert_eq!(captions[0].0, format!("No. {}", i + 1));
            assert_eq!(
                captions[1].0,
                format!("SE {score} · {level} · {}", short(&verdicts[i]))
            );
            assert!(stars.is_empty());
            for (text, size) in captions {
                assert!(*size >= 6.5, "{paper}: {text} at {size} pt");
            }
        }
        // Stars: five a grid, as many filled as the level has.
        let page = svg_page(&scratch, &["--paper", paper, "--show-rating", "stars"]);
        for (i, (captions, stars)) in grids(&page).iter().enumerate() {
            assert_eq!(stars.len(), 5);
            let filled = stars.iter().filter(|f| **f).count();
            assert_eq!(filled, stars_of(&verdicts[i].1), "{:?}", verdicts[i]);
            assert!(stars[..filled].iter().all(|f| *f), "filled stars first");
            assert_eq!(captions[1].0, short(&verdicts[i]));
            assert!(!captions[1].0.contains("SE"));
        }
        // Nothing of the difficulty, the technique whole where it fits.
        let page = svg_page(&scratch, &["--paper", paper, "--show-rating", "none"]);
        for (i, (captions, stars)) in grids(&page).iter().enumerate() {
            assert!(stars.is_empty());
            assert_eq!(captions.len(), 2);
            assert!(captions[1].1 >= 6.5);
            assert!(verdicts[i].2.starts_with(&captions[1].0));
        }
        // The technique hidden: the number and the level only.
        let page = svg_page(&scratch, &["--paper", paper, "--hide-technique"]);
        for (i, (captions, _)) in grids(&page).iter().enumerate() {
            let (score, level, _) = &verdicts[i];
            assert_eq!(captions[1].0, format!("SE {score} · {level}"));
        }
        // Both hidden: the number alone.
        let page = svg_page(
            &scratch,
            &[
                "--paper",
                paper,
                "--show-rating",
                "none",
                "--hide-technique",
            ],
        );
        for (captions, stars) in grids(&page) {
            assert_eq!(captions.len(), 1, "{captions:?}");
            assert!(stars.is_empty());
        }
    }
    let out = scratch.run(&["print", "p.txt", "--show-rating", "letters"]);
    assert_eq!(out.status.code(), Some(2), "{}", stderr(&out));
    assert!(stderr(&out).contains("--show-rating must be number, stars or none"));
}

#[test]
fn pdf_captions_read_back_as_the_svg_shows_them() {
    if Command::new("pdftotext").arg("-v").output().is_err() {
        eprintln!(
            "\n*** pdf_captions_read_back_as_the_svg_shows_them: SKIPPED: pdftotext is missing \
             (apt-get install poppler-utils; .ci/run installs it) ***\n"
        );
        return;
    }
    let scratch = Scratch::new("print-captions-pdf");
    scratch.write("p.txt", PUZZLES);
    let verdicts = verdicts(&scratch);
    for (per_page, args, expected) in [
        (
            "1",
            &[][..],
            format!(
                "SE {} · {} · {}",
                verdicts[1].0, verdicts[1].1, verdicts[1].2
            ),
        ),
        (
            "6",
            &["--hide-technique"],
            format!("SE {} · {}", verdicts[1].0, verdicts[1].1),
        ),
    ] {
        let mut all = vec!["print", "p.txt", "-o", "book.pdf", "--per-page", per_page];
        all.extend_from_slice(args);
        let out = scratch.run(&all);
        assert!(out.status.success(), "{}", stderr(&out));
        let out = Command::new("pdftotext")
            .args(["-raw"])
            .arg(scratch.join("book.pdf"))
            .arg("-")
            .output()
            .expect("pdftotext");
        let text = String::from_utf8_lossy(&out.stdout);
        assert!(
            text.lines().any(|l| l == format!("No. 2 {expected}")),
            "{per_page}: {expected:?} not in {text}"
        );
    }
}
