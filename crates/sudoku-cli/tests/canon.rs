//! `sudoku canon`, run as the built binary: equivalent puzzles print the same
//! line, different ones different lines, each line equivalent to its puzzle.

mod common;

use std::collections::BTreeSet;
use std::process::Output;

use sudoku_core::transform::{canonical, Transform};
use sudoku_core::{BitmaskSolver, Grid, Solver};

const EASY: &str =
    "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79";
const HARD: &str =
    "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......";

/// Runs `sudoku ARGS` in a scratch directory with `stdin` as its input.
fn sudoku(args: &[&str], stdin: &str) -> Output {
    common::Scratch::new("stdin").run_with_stdin(args, stdin.as_bytes())
}

/// A few fixed transforms: relabelling, rows, bands, columns, stacks, transposition.
fn transforms() -> Vec<Transform> {
    let id = [0, 1, 2, 3, 4, 5, 6, 7, 8];
    let digits = [1, 2, 3, 4, 5, 6, 7, 8, 9];
    [
        ([9, 8, 7, 6, 5, 4, 3, 2, 1], id, id, false),
        (digits, [2, 1, 0, 3, 4, 5, 6, 7, 8], id, false),
        (digits, [6, 7, 8, 0, 1, 2, 3, 4, 5], id, false),
        (digits, id, [0, 2, 1, 5, 4, 3, 8, 7, 6], false),
        (digits, id, [3, 4, 5, 6, 7, 8, 0, 1, 2], false),
        (digits, id, id, true),
        (
            [4, 7, 1, 9, 2, 5, 3, 8, 6],
            [5, 3, 4, 8, 6, 7, 1, 0, 2],
            [7, 8, 6, 1, 0, 2, 4, 3, 5],
            true,
        ),
    ]
    .into_iter()
    .map(|(d, r, c, t)| Transform::new(d, r, c, t).expect("valid transform"))
    .collect()
}

#[test]
fn equivalent_puzzles_print_the_same_line() {
    let originals: Vec<Grid> = [EASY, HARD]
        .iter()
        .map(|p| p.parse().expect("parses"))
        .collect();
    let mut input = String::new();
    for puzzle in &originals {
        input.push_str(&puzzle.to_line());
        input.push('\n');
        for t in transforms() {
            input.push_str(&t.apply(puzzle).to_line());
            input.push('\n');
        }
    }
    let output = sudoku(&["canon", "-"], &input);
    assert!(
        output.status.success(),
        "{}",
        String::from_utf8_lossy(&output.stderr)
    );
    let text = String::from_utf8(output.stdout).expect("utf-8");
    let lines: Vec<&str> = text.lines().collect();
    assert_eq!(lines.len(), originals.len() * (transforms().len() + 1));
    let distinct: BTreeSet<&str> = lines.iter().copied().collect();
    assert_eq!(
        distinct.len(),
        originals.len(),
        "one line per class:\n{text}"
    );
    let solver = BitmaskSolver::new();
    for (chunk, puzzle) in lines.chunks(transforms().len() + 1).zip(&originals) {
        let form: Grid = chunk[0].parse().expect("each line is a puzzle");
        // Equivalent to the input: same clue count and solution count, and the
        // library's canonical form of the puzzle.
        assert_eq!(form.givens(), puzzle.givens());
        assert_eq!(
            solver.count_solutions(&form, 2),
            solver.count_solutions(puzzle, 2)
        );
        assert_eq!(form, canonical(puzzle));
    }
}

#[test]
fn writes_a_file_with_dash_o_and_refuses_bad_input() {
    let dir = std::env::temp_dir().join(format!("sudoku-canon-{}", std::process::id()));
    std::fs::create_dir_all(&dir).expect("scratch directory");
    let out = dir.join("forms.txt");
    let out_arg = out.to_str().expect("utf-8 path");
    let ok = sudoku(
        &["canon", "-", "-o", out_arg, "-j", "2"],
        &format!("{EASY}\n"),
    );
    assert!(ok.status.success());
    let written = std::fs::read_to_string(&out).expect("output written");
    assert_eq!(
        written,
        format!("{}\n", canonical(&EASY.parse().expect("parses")).to_line())
    );

    // A malformed puzzle: status 2, the previous file untouched.
    let bad = sudoku(&["canon", "-", "-o", out_arg], &format!("{EASY}\n12|x\n"));
    assert_eq!(bad.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&bad.stderr).contains("<stdin>:2:"));
    assert_eq!(std::fs::read_to_string(&out).expect("still there"), written);

    let missing = sudoku(&["canon"], "");
    assert_eq!(missing.status.code(), Some(2));
    std::fs::remove_dir_all(&dir).expect("clean up");
}
