//! Puzzle generation, end to end: runs the `sudoku` binary and re-verifies
//! what it wrote with checks written here, independent of the library: a
//! plain brute-force solution counter, a strict reader of the grid format,
//! and pattern checks for blanks and symmetry.

use std::path::{Path, PathBuf};
use std::process::{Command, Output};

fn sudoku() -> Command {
    Command::new(env!("CARGO_BIN_EXE_sudoku"))
}

/// A fresh empty directory for one test.
fn scratch(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("sudoku-puzzles-{}-{name}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).expect("create the scratch directory");
    dir
}

fn run_in(dir: &Path, args: &[&str]) -> Output {
    sudoku()
        .args(args)
        .current_dir(dir)
        .output()
        .expect("run sudoku")
}

type Cells = [u8; 81];

/// Reads the assignment grid format strictly: nine lines of nine digits
/// separated by single spaces, one empty line between grids, none at the end.
fn read_grids(text: &str) -> Vec<Cells> {
    let lines: Vec<&str> = text.lines().collect();
    assert!(text.ends_with('\n'), "the file ends with a newline");
    assert_eq!((lines.len() + 1) % 10, 0, "9 lines per grid, 1 between");
    let mut grids = Vec::new();
    for block in lines.chunks(10) {
        if block.len() == 10 {
            assert_eq!(block[9], "", "an empty line between grids");
        }
        let mut cells = [0u8; 81];
        for (r, line) in block[..9].iter().enumerate() {
            let bytes = line.as_bytes();
            assert_eq!(bytes.len(), 17, "row {line:?}");
            for c in 0..9 {
                let digit = bytes[2 * c];
                assert!(digit.is_ascii_digit(), "row {line:?}");
                cells[r * 9 + c] = digit - b'0';
                if c < 8 {
                    assert_eq!(bytes[2 * c + 1], b' ', "row {line:?}");
                }
            }
        }
        grids.push(cells);
    }
    grids
}

/// Reads 81-character lines ('.' for blanks), each optionally followed by a
/// space and a second 81-character grid.
fn read_lines(text: &str) -> Vec<(Cells, Option<Cells>)> {
    let parse = |s: &str| {
        assert_eq!(s.len(), 81, "{s:?}");
        let mut cells = [0u8; 81];
        for (i, b) in s.bytes().enumerate() {
            cells[i] = match b {
                b'.' => 0,
                b'1'..=b'9' => b - b'0',
                _ => panic!("bad cell in {s:?}"),
            };
        }
        cells
    };
    text.lines()
        .map(|line| match line.split_once(' ') {
            Some((p, s)) => (parse(p), Some(parse(s))),
            None => (parse(line), None),
        })
        .collect()
}

/// Counts solutions up to `limit` by plain backtracking on the most
/// constrained blank cell.
fn count_solutions(cells: &Cells, limit: usize) -> usize {
    let mut rows = [0u16; 9];
    let mut cols = [0u16; 9];
    let mut boxes = [0u16; 9];
    for (i, &d) in cells.iter().enumerate() {
        if d != 0 {
            let bit = 1 << d;
            let (r, c, b) = (i / 9, i % 9, i / 27 * 3 + i % 9 / 3);
            if (rows[r] | cols[c] | boxes[b]) & bit != 0 {
                return 0;
            }
            rows[r] |= bit;
            cols[c] |= bit;
            boxes[b] |= bit;
        }
    }
    let mut grid = *cells;
    let mut count = 0;
    search(
        &mut grid, &mut rows, &mut cols, &mut boxes, limit, &mut count,
    );
    count
}

fn search(
    grid: &mut Cells,
    rows: &mut [u16; 9],
    cols: &mut [u16; 9],
    boxes: &mut [u16; 9],
    limit: usize,
    count: &mut usize,
) {
    let mut best: Option<(usize, u16)> = None;
    for (i, &digit) in grid.iter().enumerate() {
        if digit != 0 {
            continue;
        }
        let (r, c, b) = (i / 9, i % 9, i / 27 * 3 + i % 9 / 3);
        let free = !(rows[r] | cols[c] | boxes[b]) & 0x3FE;
        if best.is_none_or(|(_, f)| free.count_ones() < f.count_ones()) {
            best = Some((i, free));
            if free.count_ones() <= 1 {
                break;
            }
        }
    }
    let Some((i, free)) = best else {
        *count += 1;
        return;
    };
    let (r, c, b) = (i / 9, i % 9, i / 27 * 3 + i % 9 / 3);
    for d in 1..=9u8 {
        if free & (1 << d) == 0 {
            continue;
        }
        let bit = 1 << d;
        grid[i] = d;
        rows[r] |= bit;
        cols[c] |= bit;
        boxes[b] |= bit;
        search(grid, rows, cols, boxes, limit, count);
        rows[r] &= !bit;
        cols[c] &= !bit;
        boxes[b] &= !bit;
        grid[i] = 0;
        if *count >= limit {
            return;
        }
    }
}

fn blanks(cells: &Cells) -> usize {
    cells.iter().filter(|&&d| d == 0).count()
}

fn is_solved_grid(cells: &Cells) -> bool {
    cells.iter().all(|&d| d != 0) && count_solutions(cells, 2) == 1
}

fn pattern_has(symmetry: &str, cells: &Cells) -> bool {
    // Each symmetry's generators, written out from their definitions.
    let generators: &[fn(usize, usize) -> usize] = match symmetry {
        "rot180" => &[|r, c| (8 - r) * 9 + 8 - c],
        "rot90" => &[|r, c| c * 9 + 8 - r],
        "mirror" => &[|r, c| r * 9 + 8 - c],
        "diagonal" => &[|r, c| c * 9 + r],
        "mirror-top-bottom" => &[|r, c| (8 - r) * 9 + c],
        "anti-diagonal" => &[|r, c| (8 - c) * 9 + 8 - r],
        "both-mirrors" => &[|r, c| r * 9 + 8 - c, |r, c| (8 - r) * 9 + c],
        "both-diagonals" => &[|r, c| c * 9 + r, |r, c| (8 - c) * 9 + 8 - r],
        "dihedral" => &[|r, c| c * 9 + 8 - r, |r, c| r * 9 + 8 - c],
        _ => &[],
    };
    generators
        .iter()
        .all(|image| (0..81).all(|i| (cells[i] == 0) == (cells[image(i / 9, i % 9)] == 0)))
}

fn assert_distinct(grids: &[Cells]) {
    let set: std::collections::HashSet<&Cells> = grids.iter().collect();
    assert_eq!(set.len(), grids.len(), "puzzles repeat");
}

fn read(path: &Path) -> String {
    std::fs::read_to_string(path).expect("read the output")
}

/// Runs `args` in `dir`, requires success, and returns ./sudoku.txt.
fn succeed(dir: &Path, args: &[&str]) -> String {
    let out = run_in(dir, args);
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(out.status.success(), "{args:?}: {stderr}");
    read(&dir.join("sudoku.txt"))
}

#[test]
fn assignment_unique_range_writes_sudoku_txt_that_solves_back() {
    let dir = scratch("assignment-unique");
    let text = succeed(&dir, &["-n", "30", "-r", "20~55", "-u"]);
    let puzzles = read_grids(&text);
    assert_eq!(puzzles.len(), 30);
    assert_distinct(&puzzles);
    for p in &puzzles {
        assert!((20..=55).contains(&blanks(p)), "{} blanks", blanks(p));
        assert_eq!(count_solutions(p, 2), 1);
    }
    // `sudoku -s sudoku.txt` reads the file back and solves every puzzle.
    let out = run_in(&dir, &["-s", "sudoku.txt", "-o", "solved.txt"]);
    assert!(out.status.success());
    let solved = read_grids(&read(&dir.join("solved.txt")));
    assert_eq!(solved.len(), puzzles.len());
    for (p, s) in puzzles.iter().zip(&solved) {
        assert!(is_solved_grid(s));
        assert!(p.iter().zip(s).all(|(&g, &v)| g == 0 || g == v));
    }
}

#[test]
fn assignment_range_without_u_has_a_solution_and_blanks_in_range() {
    let dir = scratch("assignment-any");
    let text = succeed(&dir, &["-r", "50~55", "-n", "40"]);
    let puzzles = read_grids(&text);
    assert_eq!(puzzles.len(), 40);
    assert_distinct(&puzzles);
    for p in &puzzles {
        assert!((50..=55).contains(&blanks(p)));
        assert!(count_solutions(p, 1) >= 1);
    }
}

#[test]
fn minimal_puzzles_lose_uniqueness_without_any_clue() {
    let dir = scratch("minimal");
    let text = succeed(&dir, &["puzzles", "4", "--minimal", "--seed", "17"]);
    let puzzles = read_grids(&text);
    assert_eq!(puzzles.len(), 4);
    for p in &puzzles {
        assert_eq!(count_solutions(p, 2), 1);
        for i in (0..81).filter(|&i| p[i] != 0) {
            let mut fewer = *p;
            fewer[i] = 0;
            assert_eq!(count_solutions(&fewer, 2), 2, "clue {i} is removable");
        }
    }
}

#[test]
fn symmetric_puzzles_have_their_symmetry_and_one_solution() {
    let dir = scratch("symmetry");
    for symmetry in [
        "none",
        "rot180",
        "rot90",
        "mirror",
        "diagonal",
        "mirror-top-bottom",
        "anti-diagonal",
        "both-mirrors",
        "both-diagonals",
        "dihedral",
    ] {
        let text = succeed(
            &dir,
            &[
                "puzzles",
                "8",
                "--symmetry",
                symmetry,
                "--seed",
                "5",
                "--format",
                "line",
            ],
        );
        let puzzles: Vec<Cells> = read_lines(&text).into_iter().map(|(p, _)| p).collect();
        assert_eq!(puzzles.len(), 8);
        assert_distinct(&puzzles);
        for p in &puzzles {
            assert!(pattern_has(symmetry, p), "{symmetry}");
            assert_eq!(count_solutions(p, 2), 1);
        }
    }
}

#[test]
fn random_symmetry_gives_each_puzzle_some_symmetry() {
    let dir = scratch("random-symmetry");
    let text = succeed(
        &dir,
        &["puzzles", "12", "--symmetry", "random", "--format", "line"],
    );
    for (p, _) in read_lines(&text) {
        assert!(["rot180", "rot90", "mirror", "diagonal"]
            .iter()
            .any(|s| pattern_has(s, &p)));
    }
}

#[test]
fn blanks_range_is_respected_with_uniqueness() {
    let dir = scratch("blanks");
    let args = [
        "puzzles", "25", "--blanks", "54..58", "--seed", "8", "--format", "line",
    ];
    let text = succeed(&dir, &args);
    for (p, _) in read_lines(&text) {
        assert!((54..=58).contains(&blanks(&p)));
        assert_eq!(count_solutions(&p, 2), 1);
    }
}

#[test]
fn with_solutions_pairs_each_puzzle_with_its_solution() {
    let dir = scratch("with-solutions");
    let text = succeed(
        &dir,
        &["puzzles", "6", "--with-solutions", "--format", "line"],
    );
    for (p, s) in read_lines(&text) {
        let s = s.expect("a solution after the puzzle");
        assert!(is_solved_grid(&s));
        assert!(p.iter().zip(&s).all(|(&g, &v)| g == 0 || g == v));
    }
    let grids = read_grids(&succeed(&dir, &["puzzles", "3", "--with-solutions"]));
    assert_eq!(grids.len(), 6);
    for pair in grids.chunks(2) {
        assert!(is_solved_grid(&pair[1]));
        assert!(pair[0]
            .iter()
            .zip(&pair[1])
            .all(|(&g, &v)| g == 0 || g == v));
    }
}

#[test]
fn seed_reproduces_bytes_whatever_the_thread_count() {
    let dir = scratch("seed");
    let args = |out: &'static str, j: &'static str| {
        [
            "puzzles",
            "40",
            "--seed",
            "12345",
            "--symmetry",
            "random",
            "-j",
            j,
            "-o",
            out,
        ]
    };
    assert!(run_in(&dir, &args("a.txt", "1")).status.success());
    assert!(run_in(&dir, &args("b.txt", "1")).status.success());
    assert!(run_in(&dir, &args("c.txt", "2")).status.success());
    let a = read(&dir.join("a.txt"));
    assert_eq!(a, read(&dir.join("b.txt")));
    assert_eq!(a, read(&dir.join("c.txt")));
    let other = run_in(&dir, &["puzzles", "40", "--seed", "12346", "-o", "d.txt"]);
    assert!(other.status.success());
    assert_ne!(a, read(&dir.join("d.txt")));
}

#[test]
fn runs_without_a_seed_differ() {
    let dir = scratch("no-seed");
    assert!(
        run_in(&dir, &["-n", "5", "-r", "30~40", "-u", "-o", "a.txt"])
            .status
            .success()
    );
    assert!(
        run_in(&dir, &["-n", "5", "-r", "30~40", "-u", "-o", "b.txt"])
            .status
            .success()
    );
    assert_ne!(read(&dir.join("a.txt")), read(&dir.join("b.txt")));
}

#[test]
fn puzzles_in_one_run_are_distinct() {
    let dir = scratch("distinct");
    // Few blanks and no uniqueness: a small space where repeats are possible.
    let args = [
        "puzzles", "300", "--any", "--blanks", "80", "--format", "line",
    ];
    let text = succeed(&dir, &args);
    let puzzles: Vec<Cells> = read_lines(&text).into_iter().map(|(p, _)| p).collect();
    assert_eq!(puzzles.len(), 300);
    assert_distinct(&puzzles);
    assert!(puzzles.iter().all(|p| blanks(p) == 80));
}

/// The rater's verdicts on `file`, one `(score, level)` per puzzle, from
/// `sudoku rate`: a separate run of the rater, not the generator's.
fn ratings(dir: &Path, file: &str) -> Vec<(f32, String)> {
    let out = run_in(dir, &["rate", file]);
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    String::from_utf8_lossy(&out.stdout)
        .lines()
        .map(|line| {
            let mut fields = line.split_whitespace();
            let score = fields.next().and_then(|s| s.parse().ok()).expect("a score");
            (score, fields.next().expect("a level").to_string())
        })
        .collect()
}

#[test]
fn assignment_levels_rate_easy_medium_hard() {
    for (m, level) in [("1", "easy"), ("2", "medium"), ("3", "hard")] {
        let dir = scratch(&format!("level-{m}"));
        let puzzles = read_grids(&succeed(&dir, &["-m", m, "-n", "6"]));
        assert_eq!(puzzles.len(), 6);
        assert_distinct(&puzzles);
        for p in &puzzles {
            assert_eq!(count_solutions(p, 2), 1);
        }
        let rated = ratings(&dir, "sudoku.txt");
        assert_eq!(rated.len(), 6);
        assert!(rated.iter().all(|(_, l)| l == level), "-m {m}: {rated:?}");
    }
}

#[test]
fn difficulty_and_rating_bands_are_met() {
    let dir = scratch("difficulty");
    succeed(
        &dir,
        &["puzzles", "4", "--difficulty", "expert", "--seed", "3"],
    );
    let rated = ratings(&dir, "sudoku.txt");
    assert_eq!(rated.len(), 4);
    assert!(rated.iter().all(|(_, l)| l == "expert"), "{rated:?}");
    let text = succeed(
        &dir,
        &[
            "puzzles",
            "5",
            "--rating",
            "3.0..4.5",
            "--symmetry",
            "rot180",
        ],
    );
    for p in read_grids(&text) {
        assert!(pattern_has("rot180", &p));
        assert_eq!(count_solutions(&p, 2), 1);
    }
    let rated = ratings(&dir, "sudoku.txt");
    assert!(
        rated.iter().all(|&(s, _)| (3.0..=4.5).contains(&s)),
        "{rated:?}"
    );
}

/// A band may leave one end open, as the help's `--rating 10..` does: the
/// puzzles are checked by a separate rating run and by counting blanks.
#[test]
fn open_ended_bands_reach_the_end_of_the_scale() {
    let dir = scratch("open-bands");
    succeed(&dir, &["puzzles", "4", "--rating", "..2", "--seed", "5"]);
    let rated = ratings(&dir, "sudoku.txt");
    assert_eq!(rated.len(), 4);
    assert!(rated.iter().all(|&(s, _)| s <= 2.0), "{rated:?}");
    succeed(&dir, &["puzzles", "3", "--rating", "4..", "--seed", "5"]);
    let rated = ratings(&dir, "sudoku.txt");
    assert_eq!(rated.len(), 3);
    assert!(rated.iter().all(|&(s, _)| s >= 4.0), "{rated:?}");
    let text = succeed(
        &dir,
        &["puzzles", "3", "--any", "--blanks", "60..", "--seed", "5"],
    );
    let grids = read_grids(&text);
    assert_eq!(grids.len(), 3);
    assert!(grids.iter().all(|g| blanks(g) >= 60));
    let text = succeed(&dir, &["puzzles", "3", "--blanks", "..30", "--seed", "5"]);
    assert!(read_grids(&text).iter().all(|g| blanks(g) <= 30));
    // Above the scale: refused at once, naming the scale's top.
    let out = run_in(&dir, &["puzzles", "1", "--rating", "20.."]);
    assert_eq!(out.status.code(), Some(2));
    let message = String::from_utf8_lossy(&out.stderr);
    assert!(
        message.contains("--rating 20.. is above every rating of the SE scale (the highest is "),
        "{message}"
    );
}

/// Runs `args` in a directory whose sudoku.txt holds a sentinel, and checks
/// the usage-error contract: status 2, one `sudoku:` line and a usage hint,
/// and sudoku.txt untouched.
fn assert_usage_error(args: &[&str]) {
    let dir = scratch(&format!("usage-{}", args.join("_").replace(['/', '.'], "")));
    let sentinel = "left alone\n";
    std::fs::write(dir.join("sudoku.txt"), sentinel).expect("write the sentinel");
    let out = run_in(&dir, args);
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(2), "{args:?}: {stderr}");
    assert!(stderr.starts_with("sudoku: "), "{args:?}: {stderr}");
    assert!(
        stderr.lines().count() == 2 && stderr.ends_with("\nTry 'sudoku --help' for more.\n"),
        "{args:?}: {stderr}"
    );
    assert_eq!(read(&dir.join("sudoku.txt")), sentinel, "{args:?}");
}

#[test]
fn assignment_usage_errors_exit_2_and_leave_sudoku_txt() {
    for args in [
        &["-n", "5", "-m", "1", "-r", "20~30"][..],
        &["-n", "5", "-m", "1", "-u"],
        &["-u", "-m", "2", "-n", "5"],
        &["-m", "1"],
        &["-r", "20~30"],
        &["-u"],
        &["-r", "20~30", "-u"],
        &["-n", "5", "-r", "20-30"],
        &["-n", "5", "-r", "30~20"],
        &["-n", "5", "-r", "10~30"],
        &["-n", "5", "-r", "20~56"],
        &["-n", "5", "-m", "4"],
        &["-n", "5", "-m", "0"],
        &["-n", "0", "-m", "1"],
        &["-n", "10001", "-r", "20~30"],
        &["-n", "abc", "-u"],
        &["-n", "5", "-n", "6", "-u"],
        &["-n", "5", "-c", "3"],
    ] {
        assert_usage_error(args);
    }
}

#[test]
fn puzzles_usage_errors_exit_2_and_leave_sudoku_txt() {
    for args in [
        &["puzzles"][..],
        &["puzzles", "0"],
        &["puzzles", "1000001"],
        &["puzzles", "5", "--unique", "--any"],
        &["puzzles", "5", "--any", "--minimal"],
        &["puzzles", "5", "--blanks", "40..30"],
        &["puzzles", "5", "--blanks", "40-50"],
        &["puzzles", "5", "--symmetry", "spiral"],
        &["puzzles", "5", "--format", "csv"],
        &["puzzles", "5", "--seed", "-1"],
        &["puzzles", "5", "--time-limit", "soon"],
        &["puzzles", "5", "--difficulty", "trivial"],
        &["puzzles", "5", "--difficulty", "hard", "--any"],
        &["puzzles", "5", "--rating", "5..4"],
        &["puzzles", "5", "--rating", ".."],
        &["puzzles", "5", "--rating", "..."],
        &["puzzles", "5", "--rating", "10..x"],
        &["puzzles", "5", "--rating", "20.."],
        &["puzzles", "5", "--blanks", "82.."],
    ] {
        assert_usage_error(args);
    }
}

#[test]
fn impossible_requests_are_refused_with_status_2() {
    for args in [
        &["puzzles", "3", "--blanks", "65..70"][..],
        &["puzzles", "3", "--blanks", "2..3", "--symmetry", "rot90"],
        // No technique weighs 2.1-2.2 (on SE's scale a direct hidden pair
        // is 2.0 and a naked single 2.3), and none in 2.7 (a pointing is
        // 2.6, a claiming 2.8). (9-10 is SE's dynamic forcing chains now.)
        &["puzzles", "3", "--rating", "2.1..2.2"],
        &[
            "puzzles",
            "3",
            "--difficulty",
            "medium",
            "--rating",
            "2.7..2.7",
        ],
        // Too few blanks for the level, or for a minimal puzzle.
        &["puzzles", "3", "--difficulty", "hard", "--blanks", "20..25"],
        &[
            "puzzles",
            "3",
            "--difficulty",
            "extreme",
            "--blanks",
            "20..30",
        ],
        &["puzzles", "3", "--minimal", "--blanks", "0..10"],
        // Only a grid without blanks rates 0.0, and full houses alone need
        // few blanks (found by fuzzing the request checker).
        &["puzzles", "3", "--rating", "0..0"],
        &["puzzles", "3", "--rating", "1.0", "--blanks", "30..40"],
    ] {
        let dir = scratch("impossible");
        std::fs::write(dir.join("sudoku.txt"), "kept\n").expect("write");
        let out = run_in(&dir, args);
        let stderr = String::from_utf8_lossy(&out.stderr);
        assert_eq!(out.status.code(), Some(2), "{args:?}: {stderr}");
        assert!(
            stderr.starts_with("sudoku: impossible request:"),
            "{stderr}"
        );
        assert_eq!(read(&dir.join("sudoku.txt")), "kept\n");
    }
}

#[test]
fn very_slow_request_warns_and_time_limit_keeps_what_was_made() {
    let dir = scratch("slow");
    let out = run_in(
        &dir,
        &[
            "puzzles",
            "5",
            "--blanks",
            "64",
            "--time-limit",
            "0.3",
            "--format",
            "line",
        ],
    );
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(stderr.contains("warning"), "{stderr}");
    assert!(stderr.contains("time limit"), "{stderr}");
    assert_eq!(out.status.code(), Some(1), "{stderr}");
    // Whatever was finished in time is a valid 17-clue puzzle; with nothing
    // finished, no file is written at all.
    let made = std::fs::read_to_string(dir.join("sudoku.txt")).unwrap_or_default();
    if made.is_empty() {
        assert!(stderr.contains("before any puzzle was made"), "{stderr}");
    }
    for (p, _) in read_lines(&made) {
        assert_eq!(blanks(&p), 64);
        assert_eq!(count_solutions(&p, 2), 1);
    }
    let args = ["puzzles", "2", "--rating", "9..11", "--time-limit", "0.3"];
    let out = run_in(&dir, &args);
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(stderr.contains("warning: puzzles rated above"), "{stderr}");
    assert!(matches!(out.status.code(), Some(0 | 1)), "{stderr}");
}

#[test]
fn full_house_and_complete_grid_requests_are_met_when_blanks_allow() {
    let dir = scratch("full-house");
    for (args, most) in [
        (
            &[
                "puzzles", "3", "--rating", "1.0", "--blanks", "10..21", "--seed", "2",
            ][..],
            21,
        ),
        (
            &[
                "puzzles", "1", "--rating", "0..0", "--blanks", "0", "--seed", "2",
            ],
            0,
        ),
        // Without a blank range, full houses alone come from the few
        // blanks they need, as a Full House lesson does.
        (
            &[
                "puzzles",
                "2",
                "--rating",
                "0..1",
                "--difficulty",
                "easy",
                "--seed",
                "2",
            ],
            21,
        ),
    ] {
        let made = succeed(&dir, args);
        let grids = read_grids(&made);
        assert_eq!(grids.len(), args[1].parse::<usize>().unwrap(), "{args:?}");
        for grid in &grids {
            assert!(blanks(grid) <= most, "{args:?}");
            assert_eq!(count_solutions(grid, 2), 1, "{args:?}");
        }
        let rated = ratings(&dir, "sudoku.txt");
        assert!(
            rated.iter().all(|&(score, _)| score <= 1.0),
            "{args:?}: {rated:?}"
        );
    }
}

#[test]
fn a_time_limit_with_nothing_made_keeps_the_old_file() {
    let dir = scratch("nothing-in-time");
    std::fs::write(dir.join("sudoku.txt"), "kept\n").expect("write");
    // Trial-and-error puzzles are very rare: none comes in 50 ms.
    let args = [
        "puzzles",
        "2",
        "--rating",
        "11",
        "--time-limit",
        "0.05",
        "-j",
        "1",
    ];
    let out = run_in(&dir, &args);
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(1), "{stderr}");
    assert!(stderr.contains("before any puzzle was made"), "{stderr}");
    assert!(
        stderr.lines().all(|l| l.starts_with("sudoku: ")),
        "{stderr}"
    );
    assert_eq!(read(&dir.join("sudoku.txt")), "kept\n");
    let names: Vec<_> = std::fs::read_dir(&dir).expect("list").collect();
    assert_eq!(names.len(), 1, "a temporary file was left: {names:?}");
}

/// Runs `args` and requires the refusal of an impossible request: status 2,
/// one `sudoku: impossible request:` line, sudoku.txt untouched. Returns
/// the message.
fn assert_refused(dir: &Path, args: &[&str]) -> String {
    std::fs::write(dir.join("sudoku.txt"), "kept\n").expect("write");
    let started = std::time::Instant::now();
    // A time limit, so that a request wrongly taken ends anyway.
    let out = run_in(dir, &[args, &["--time-limit", "10"]].concat());
    let stderr = String::from_utf8_lossy(&out.stderr).into_owned();
    assert_eq!(out.status.code(), Some(2), "{args:?}: {stderr}");
    assert!(
        stderr.starts_with("sudoku: impossible request:") && stderr.lines().count() == 1,
        "{args:?}: {stderr}"
    );
    // Refused at once, not after a search.
    assert!(
        started.elapsed().as_secs() < 5,
        "{args:?} took {:?}",
        started.elapsed()
    );
    assert_eq!(read(&dir.join("sudoku.txt")), "kept\n", "{args:?}");
    stderr
}

#[test]
fn every_se_rating_rate_gives_can_be_asked_for() {
    // `rate` gives 1.5 (a hidden single in a row or column) to a third of
    // the 17-clue set, and 7.1-7.3 (SE's chains) to about a sixth of
    // random minimal puzzles: both are made, and `rate` agrees.
    let dir = scratch("se-ratings");
    for (args, lo, hi) in [
        (
            &["puzzles", "2", "--rating", "1.5", "--seed", "4"][..],
            1.5,
            1.5,
        ),
        (
            &["puzzles", "1", "--rating", "1.3..1.6", "--seed", "5"],
            1.3,
            1.6,
        ),
        (
            &["puzzles", "2", "--rating", "7.1..7.3", "--seed", "6"],
            7.1,
            7.3,
        ),
    ] {
        let puzzles = read_grids(&succeed(&dir, args));
        assert_eq!(puzzles.len(), args[1].parse::<usize>().unwrap());
        for p in &puzzles {
            assert_eq!(count_solutions(p, 2), 1, "{args:?}");
        }
        let rated = ratings(&dir, "sudoku.txt");
        assert!(
            rated.iter().all(|&(s, _)| lo <= s && s <= hi),
            "{args:?}: {rated:?}"
        );
    }
    // Rare ones are accepted too: the run gets as far as its time limit
    // (status 0 or 1), never a refusal, and the rarest with a warning.
    for (rating, rare) in [
        ("4.7", true),
        ("6.7", false),
        ("6.3", false),
        ("11.8", true),
    ] {
        let args = [
            "puzzles",
            "1",
            "--rating",
            rating,
            "--time-limit",
            "0.2",
            "-j",
            "1",
        ];
        let out = run_in(&dir, &args);
        let stderr = String::from_utf8_lossy(&out.stderr);
        assert!(
            matches!(out.status.code(), Some(0 | 1)),
            "{args:?}: {stderr}"
        );
        assert_eq!(stderr.contains("warning:"), rare, "{args:?}: {stderr}");
    }
    // And the refusal's list of ratings is SE's: 1.5 and 7.1 in it (SE's
    // four strong links, 5.8-6.1, join 5.4-5.7 to 6.2 and up), the native
    // scale's 5.3 (Finned Jellyfish) not.
    let message = assert_refused(&dir, &["puzzles", "1", "--rating", "3.9"]);
    assert!(
        message.contains("1.5,") && message.contains("5.4-16.5"),
        "{message}"
    );
    assert!(!message.contains("5.3"), "{message}");
}

#[test]
fn lessons_and_ratings_that_need_more_blanks_are_refused_alike() {
    let dir = scratch("lesson-blanks");
    // X-Wing is medium: refused with 20-25 blanks as --difficulty medium is.
    assert_refused(
        &dir,
        &[
            "puzzles",
            "1",
            "--difficulty",
            "medium",
            "--blanks",
            "20..25",
        ],
    );
    assert_refused(
        &dir,
        &[
            "puzzles",
            "1",
            "--technique",
            "x-wing",
            "--blanks",
            "20..25",
        ],
    );
    // Full houses alone: at most 21 blanks, whether asked as a rating or a
    // technique, and never minimal.
    assert_refused(
        &dir,
        &["puzzles", "1", "--rating", "1.0", "--blanks", "30..40"],
    );
    assert_refused(
        &dir,
        &[
            "puzzles",
            "1",
            "--technique",
            "full-house",
            "--blanks",
            "30..40",
        ],
    );
    assert_refused(
        &dir,
        &["puzzles", "1", "--technique", "full-house", "--minimal"],
    );
    assert_refused(&dir, &["puzzles", "1", "--rating", "1.0", "--minimal"]);
    // Without --blanks both come from the full-house blank counts, and
    // `rate` gives every one 1.0.
    for args in [
        &["puzzles", "2", "--rating", "1.0", "--seed", "3"][..],
        &["puzzles", "2", "--technique", "full-house", "--seed", "3"],
    ] {
        let puzzles = read_grids(&succeed(&dir, args));
        assert_eq!(puzzles.len(), 2, "{args:?}");
        for p in &puzzles {
            assert_eq!(count_solutions(p, 2), 1, "{args:?}");
            assert!(blanks(p) <= 21, "{args:?}");
        }
        let rated = ratings(&dir, "sudoku.txt");
        assert!(rated.iter().all(|&(s, _)| s == 1.0), "{args:?}: {rated:?}");
    }
}

#[test]
fn any_makes_n_distinct_puzzles_or_refuses_at_once() {
    let dir = scratch("any");
    for symmetry in ["none", "rot180"] {
        let args = [
            "puzzles",
            "5",
            "--any",
            "--symmetry",
            symmetry,
            "--seed",
            "8",
        ];
        let puzzles = read_grids(&succeed(&dir, &args));
        assert_eq!(puzzles.len(), 5, "{args:?}");
        assert_distinct(&puzzles);
        for p in &puzzles {
            assert!(
                count_solutions(p, 1) >= 1,
                "{args:?}: a puzzle has no solution"
            );
            assert!(pattern_has(symmetry, p), "{args:?}");
            assert!(
                (20..=55).contains(&blanks(p)),
                "{args:?}: {} blanks",
                blanks(p)
            );
        }
    }
    // One puzzle has 81 blanks (the empty grid): one is made, two are refused.
    let one = read_grids(&succeed(&dir, &["puzzles", "1", "--any", "--blanks", "81"]));
    assert_eq!(one, vec![[0u8; 81]]);
    let message = assert_refused(&dir, &["puzzles", "2", "--any", "--blanks", "81"]);
    assert!(message.contains("only 1"), "{message}");
    // 80 blanks: 81 cells times 9 digits, 729 puzzles; with the empty grid 730.
    assert_refused(&dir, &["puzzles", "731", "--any", "--blanks", "80..81"]);
}

#[test]
fn time_limit_refusals_state_the_real_range() {
    // Issue 39: 1.5e9 seconds was refused as "must be a positive number of
    // seconds"; the message now states the cap, which docs/cli.md documents.
    let dir = scratch("time-limit-cap");
    for bad in ["1.5e9", "0", "-1", "soon", "inf", "NaN"] {
        let args = ["puzzles", "1", "--time-limit", bad];
        assert_usage_error(&args);
        let out = run_in(&dir, &args);
        let stderr = String::from_utf8_lossy(&out.stderr);
        assert!(
            stderr.contains("above 0 and at most 1000000000 (about 31 years)"),
            "{bad}: {stderr}"
        );
    }
    // The cap itself is accepted.
    let made = read_grids(&succeed(
        &dir,
        &["puzzles", "1", "--time-limit", "1e9", "--seed", "1"],
    ));
    assert_eq!(made.len(), 1);
    let docs = read(Path::new(concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/../../docs/cli.md"
    )));
    assert!(
        docs.contains("`--time-limit SECS` (above 0, at most 1,000,000,000"),
        "docs/cli.md"
    );
}

#[test]
fn range_refusals_state_the_real_bounds() {
    // --blanks 30..90 was refused as "must be LO..HI with LO <= HI", which
    // 30..90 is: the message now names the bounds that were broken.
    let dir = scratch("range-bounds");
    for (args, bounds) in [
        (
            &["puzzles", "1", "--blanks", "30..90"][..],
            "0 <= LO <= HI <= 81",
        ),
        (&["puzzles", "1", "--blanks", "90"], "0 <= LO <= HI <= 81"),
        (
            &["puzzles", "1", "--blanks", "40..30"],
            "0 <= LO <= HI <= 81",
        ),
        (&["puzzles", "1", "--rating", "-1..2"], "0 <= LO <= HI"),
        (&["puzzles", "1", "--rating", "inf"], "0 <= LO <= HI"),
    ] {
        assert_usage_error(args);
        let out = run_in(&dir, args);
        let stderr = String::from_utf8_lossy(&out.stderr);
        assert!(stderr.contains(bounds), "{args:?}: {stderr}");
    }
    // A band above the scale lists the ratings there are, without a
    // garbled "run from 0.0 to 0.0, 1.0, ...".
    let message = assert_refused(&dir, &["puzzles", "1", "--rating", "20..30"]);
    assert!(
        message.contains("ratings on the SE scale are 0.0, 1.0, 1.2,")
            && message.contains("so none lies in 20..30"),
        "{message}"
    );
}

/// `puzzles N --near FILE`: unique puzzles within two clue changes of a
/// seed, rated in the band by `sudoku rate`, the same on one thread and
/// two; options that do not apply are usage errors; a bad seed file is
/// named at its line and column, and sudoku.txt is left alone.
#[test]
fn near_search_writes_neighbours_rated_in_the_band() {
    let dir = scratch("near");
    // Rated 7.2 and 7.3 by serate.
    let seeds = "....6..7.45.7.......94.1.6...82.7....1..3..9.5....98...7.3..2.............2.85.31\n\
                 ...6..8..45....7.......1..6.1.3..5..5.......88...7.43..4..9..5......69.2..82.....\n";
    std::fs::write(dir.join("seeds.txt"), seeds).expect("write the seeds");
    let seed_cells: Vec<Cells> = read_lines(seeds).into_iter().map(|(p, _)| p).collect();
    let args = [
        "puzzles",
        "4",
        "--near",
        "seeds.txt",
        "--rating",
        "7.6..9",
        "--seed",
        "8",
    ];
    let text = succeed(
        &dir,
        &[&args[..], &["--format", "line", "-j", "1"]].concat(),
    );
    let found: Vec<Cells> = read_lines(&text).into_iter().map(|(p, _)| p).collect();
    assert_eq!(found.len(), 4);
    assert_distinct(&found);
    for p in &found {
        assert_eq!(count_solutions(p, 2), 1);
        let nearest = seed_cells
            .iter()
            .map(|s| (0..81).filter(|&c| s[c] != p[c]).count())
            .min()
            .unwrap();
        assert!((2..=4).contains(&nearest), "{nearest}");
    }
    let rated = run_in(&dir, &["rate", "sudoku.txt"]);
    assert!(rated.status.success());
    for line in String::from_utf8_lossy(&rated.stdout).lines() {
        let score: f32 = line.split_whitespace().next().unwrap().parse().unwrap();
        assert!((7.6..=9.0).contains(&score), "{line}");
    }
    let two = succeed(
        &dir,
        &[&args[..], &["--format", "line", "-j", "2"]].concat(),
    );
    assert_eq!(two, text);

    for bad in [
        &[
            "puzzles",
            "2",
            "--near",
            "seeds.txt",
            "--symmetry",
            "rot180",
        ][..],
        &["puzzles", "2", "--near", "seeds.txt", "--any"],
        &["puzzles", "2", "--near", "seeds.txt", "-o", "book.pdf"],
        &["puzzles", "2", "--near", "seeds.txt", "--near", "seeds.txt"],
    ] {
        assert_usage_error(bad);
    }
    std::fs::write(dir.join("sudoku.txt"), "left alone\n").expect("write");
    std::fs::write(dir.join("broken.txt"), format!("{seeds}12x\n")).expect("write");
    let out = run_in(
        &dir,
        &["puzzles", "2", "--near", "broken.txt", "--rating", "7.6..9"],
    );
    assert_eq!(out.status.code(), Some(2));
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(stderr.contains("broken.txt:3:"), "{stderr}");
    let out = run_in(&dir, &["puzzles", "2", "--near", "missing.txt"]);
    assert_eq!(out.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&out.stderr).contains("missing.txt"));
    assert_eq!(read(&dir.join("sudoku.txt")), "left alone\n");
    // Seeds of many solutions are named before a run that may find nothing.
    let many = format!("{seeds}{}\n", ".".repeat(81));
    std::fs::write(dir.join("many.txt"), many).expect("write");
    let out = run_in(
        &dir,
        &["puzzles", "1", "--near", "many.txt", "--time-limit", "0.2"],
    );
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(
        stderr.contains("warning: 1 of the 3 seeds (many.txt:3) has several solutions"),
        "{stderr}"
    );
}

/// `--near` refuses at once what it can never do, names a seed without a
/// solution by its line, holds its time limit while it prepares many seeds,
/// reads a bounded number of seeds, and draws the blanks of easy puzzles
/// from the seeds, not from random generation's range.
#[test]
fn near_search_refuses_the_impossible_and_keeps_its_time_limit() {
    let dir = scratch("near-hostile");
    std::fs::write(dir.join("sudoku.txt"), "left alone\n").expect("write");
    // Rated 7.2 by serate: 55 blanks.
    let seed = "....6..7.45.7.......94.1.6...82.7....1..3..9.5....98...7.3..2.............2.85.31";
    let unsolvable = format!("4{}", &seed[1..]); // a second 4 in the first box
    let solved =
        "534678912672195348198342567859761423426853791713924856961537284287419635345286179";
    let refused = |file: &str, text: &str, extra: &[&str], says: &str| {
        std::fs::write(dir.join(file), text).expect("write");
        let args = [
            &["puzzles", "1", "--near", file, "--time-limit", "5"][..],
            extra,
        ]
        .concat();
        let started = std::time::Instant::now();
        let out = run_in(&dir, &args);
        let stderr = String::from_utf8_lossy(&out.stderr);
        assert_eq!(out.status.code(), Some(2), "{args:?}: {stderr}");
        assert!(stderr.contains(says), "{args:?}: {stderr}");
        assert!(!stderr.contains("panicked"), "{stderr}");
        assert!(
            started.elapsed().as_secs_f64() < 3.0,
            "{args:?}: refused at once"
        );
        assert_eq!(read(&dir.join("sudoku.txt")), "left alone\n");
    };
    refused(
        "unsolvable.txt",
        &format!("{seed}\n{unsolvable}\n"),
        &[],
        "unsolvable.txt:2: this puzzle has no solution",
    );
    refused(
        "seeds.txt",
        &format!("{seed}\n"),
        &["--blanks", "20..30"],
        "impossible request: a puzzle found near another has as many blanks, \
         and no puzzle to search near has 20 to 30",
    );
    refused(
        "solved.txt",
        &format!("{solved}\n{}\n", ".".repeat(81)),
        &[],
        "impossible request: no puzzle to search near has a blank and at least 17 clues",
    );

    // 3,000 seeds take seconds to prepare: a time limit of 0.3 s holds.
    let many = format!("{seed}\n").repeat(3000);
    std::fs::write(dir.join("many.txt"), many).expect("write");
    let started = std::time::Instant::now();
    let out = run_in(
        &dir,
        &[
            "puzzles",
            "1",
            "--near",
            "many.txt",
            "--time-limit",
            "0.3",
            "-j",
            "1",
        ],
    );
    let took = started.elapsed().as_secs_f64();
    assert_eq!(
        out.status.code(),
        Some(1),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    assert!(String::from_utf8_lossy(&out.stderr).contains("the time limit was reached"));
    assert!(took < 1.5, "the time limit of 0.3 s held: {took} s");
    assert_eq!(read(&dir.join("sudoku.txt")), "left alone\n");

    // More than 1,000,000 seeds (an endless stream, say) are refused.
    let mut child = sudoku()
        .args(["puzzles", "1", "--near", "-", "--time-limit", "5"])
        .current_dir(&dir)
        .stdin(std::process::Stdio::piped())
        .stdout(std::process::Stdio::null())
        .stderr(std::process::Stdio::piped())
        .spawn()
        .expect("run sudoku");
    let mut stdin = child.stdin.take().expect("stdin");
    let line = format!("{seed}\n").repeat(1000);
    let feeder = std::thread::spawn(move || {
        use std::io::Write;
        for _ in 0..1001 {
            if stdin.write_all(line.as_bytes()).is_err() {
                break;
            }
        }
    });
    let out = child.wait_with_output().expect("wait");
    feeder.join().expect("the feeder");
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(2), "{stderr}");
    assert!(
        stderr.contains("more than 1000000 puzzles to search near"),
        "{stderr}"
    );

    // Easy puzzles near easy seeds: without --blanks, the seeds' own blanks.
    succeed(
        &dir,
        &[
            "puzzles",
            "4",
            "--difficulty",
            "easy",
            "--minimal",
            "--seed",
            "2",
            "--format",
            "line",
            "-o",
            "easy.txt",
        ],
    );
    let text = succeed(
        &dir,
        &[
            "puzzles",
            "2",
            "--near",
            "easy.txt",
            "--difficulty",
            "easy",
            "--time-limit",
            "20",
            "-j",
            "1",
            "--seed",
            "1",
            "--format",
            "line",
        ],
    );
    assert_eq!(read_lines(&text).len(), 2);
    let rated = run_in(&dir, &["rate", "sudoku.txt"]);
    assert!(rated.status.success());
    for line in String::from_utf8_lossy(&rated.stdout).lines() {
        let score: f32 = line.split_whitespace().next().unwrap().parse().unwrap();
        assert!(score < 2.5, "easy: {line}");
    }
}
