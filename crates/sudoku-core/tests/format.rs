//! Reading puzzles: every data set re-encoded in each supported format and in
//! the messy variants real files have, and a robustness property: whatever the
//! bytes, the reader parses them or refuses them with a positioned error,
//! never a panic.

mod common;

use common::{data_file_puzzles, is_valid_solution, keeps_givens};
use proptest::prelude::*;
use sudoku_core::check::{check_grids, check_solutions};
use sudoku_core::format::{ParseErrorKind, ReadError};
use sudoku_core::{BitmaskSolver, Grid, PuzzleReader, Solver};

const DATA: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/data");
const SETS: [&str; 6] = [
    "17_clue.txt",
    "forum_hardest_1106.txt",
    "forum_hardest_1905_11.txt",
    "magictour_top1465.txt",
    "serg_benchmark.txt",
    "unbiased.txt",
];

fn data_set(name: &str) -> Vec<[u8; 81]> {
    let path = format!("{DATA}/{name}");
    let text = std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{path}: {e}"));
    data_file_puzzles(&text)
}

#[derive(Debug, Clone, Copy, PartialEq)]
enum Layout {
    /// The assignment's: 9 rows of 9 space-separated cells, an empty line between puzzles.
    Grid,
    /// 81 characters on one line.
    Line,
    /// 9 rows of 9 characters.
    Compact,
}

/// The ways real files differ from the tidy form.
#[derive(Debug, Clone, Copy, Default)]
struct Mess {
    crlf: bool,
    /// Tabs and runs of spaces between cells (grid layout), or after the cells (others).
    odd_spacing: bool,
    trailing_empty_lines: bool,
    no_final_newline: bool,
    dots: bool,
    comments: bool,
}

/// Writes `puzzles` in `layout` with `mess`, independently of the library.
/// Returns the text and the 1-based line of each puzzle's first row.
fn encode(puzzles: &[[u8; 81]], layout: Layout, mess: Mess) -> (String, Vec<usize>) {
    let mut lines: Vec<String> = Vec::new();
    let mut starts = Vec::new();
    if mess.comments {
        lines.push("# a comment before the puzzles".into());
    }
    let cell = |v: u8| -> char {
        if v == 0 && mess.dots {
            '.'
        } else {
            (b'0' + v) as char
        }
    };
    for (n, p) in puzzles.iter().enumerate() {
        match layout {
            Layout::Grid => {
                if n > 0 {
                    lines.push(String::new());
                    if mess.odd_spacing && n % 3 == 0 {
                        lines.push(String::new()); // several empty lines are fine too
                    }
                }
                starts.push(lines.len() + 1);
                for r in 0..9 {
                    let mut row = String::new();
                    for c in 0..9 {
                        if c > 0 {
                            row.push_str(match (mess.odd_spacing, (r + c) % 3) {
                                (true, 0) => "\t",
                                (true, 1) => "   ",
                                _ => " ",
                            });
                        }
                        row.push(cell(p[r * 9 + c]));
                    }
                    if mess.odd_spacing && r == 4 {
                        row.push_str(" \t ");
                    }
                    lines.push(row);
                }
            }
            Layout::Line => {
                if mess.comments && n % 50 == 7 {
                    lines.push(format!("# before puzzle {}", n + 1));
                }
                starts.push(lines.len() + 1);
                let mut line: String = p.iter().map(|&v| cell(v)).collect();
                if mess.odd_spacing {
                    line.push_str("\t  rating 3.4");
                }
                lines.push(line);
            }
            Layout::Compact => {
                if n > 0 {
                    lines.push(String::new());
                }
                starts.push(lines.len() + 1);
                for r in 0..9 {
                    let mut row: String = p[r * 9..r * 9 + 9].iter().map(|&v| cell(v)).collect();
                    if mess.odd_spacing && r == 8 {
                        row.push_str("  ");
                    }
                    lines.push(row);
                }
            }
        }
    }
    if mess.trailing_empty_lines {
        lines.push(String::new());
        lines.push(String::new());
    }
    let end = if mess.crlf { "\r\n" } else { "\n" };
    let mut text = lines.join(end);
    if !mess.no_final_newline {
        text.push_str(end);
    }
    (text, starts)
}

fn read_all(bytes: &[u8]) -> Result<Vec<(Grid, usize)>, ReadError> {
    PuzzleReader::new(bytes)
        .map(|item| item.map(|p| (p.grid, p.line)))
        .collect()
}

fn messes() -> Vec<Mess> {
    let tidy = Mess::default();
    vec![
        tidy,
        Mess { crlf: true, ..tidy },
        Mess {
            odd_spacing: true,
            ..tidy
        },
        Mess {
            trailing_empty_lines: true,
            ..tidy
        },
        Mess {
            no_final_newline: true,
            ..tidy
        },
        Mess {
            dots: true,
            comments: true,
            ..tidy
        },
        Mess {
            crlf: true,
            odd_spacing: true,
            trailing_empty_lines: true,
            no_final_newline: false,
            dots: true,
            comments: true,
        },
        Mess {
            crlf: true,
            odd_spacing: true,
            no_final_newline: true,
            ..tidy
        },
    ]
}

#[test]
fn every_data_set_reads_back_in_every_format_and_variant() {
    for name in SETS {
        let puzzles = data_set(name);
        for layout in [Layout::Grid, Layout::Line, Layout::Compact] {
            for mess in messes() {
                let (text, starts) = encode(&puzzles, layout, mess);
                let read = read_all(text.as_bytes())
                    .unwrap_or_else(|e| panic!("{name} {layout:?} {mess:?}: {e}"));
                assert_eq!(read.len(), puzzles.len(), "{name} {layout:?} {mess:?}");
                for (i, ((grid, line), expected)) in read.iter().zip(&puzzles).enumerate() {
                    assert_eq!(
                        grid.cells(),
                        expected,
                        "{name} {layout:?} {mess:?} #{}",
                        i + 1
                    );
                    assert_eq!(*line, starts[i], "{name} {layout:?} {mess:?} #{}", i + 1);
                }
            }
        }
    }
}

#[test]
fn every_data_set_is_solved_from_every_format() {
    let solver = BitmaskSolver::new();
    let messy = messes()[6];
    for name in SETS {
        let puzzles = data_set(name);
        for layout in [Layout::Grid, Layout::Line, Layout::Compact] {
            let (text, _) = encode(&puzzles, layout, messy);
            let read = read_all(text.as_bytes()).unwrap_or_else(|e| panic!("{name}: {e}"));
            for ((grid, line), expected) in read.iter().zip(&puzzles) {
                let solution = solver
                    .solve(grid)
                    .unwrap_or_else(|| panic!("{name} {layout:?} line {line}: unsolved"));
                assert!(is_valid_solution(solution.cells()));
                assert!(keeps_givens(solution.cells(), expected));
            }
        }
    }
}

#[test]
fn grid_from_str_accepts_each_format_for_one_puzzle() {
    let puzzles = data_set("unbiased.txt");
    for layout in [Layout::Grid, Layout::Line, Layout::Compact] {
        for mess in messes() {
            let (text, _) = encode(&puzzles[..1], layout, mess);
            let grid: Grid = text
                .parse()
                .unwrap_or_else(|e| panic!("{layout:?} {mess:?}: {e}"));
            assert_eq!(grid.cells(), &puzzles[0]);
        }
        let (two, _) = encode(&puzzles[..2], layout, Mess::default());
        let err = two.parse::<Grid>().expect_err("two puzzles are not one");
        assert_eq!(err.kind, ParseErrorKind::ExtraPuzzle);
    }
}

/// The position and kind of the error for `text`.
fn refusal(text: &[u8]) -> (usize, usize, ParseErrorKind) {
    match read_all(text) {
        Ok(p) => panic!(
            "{:?} was accepted as {} puzzles",
            String::from_utf8_lossy(text),
            p.len()
        ),
        Err(ReadError::Parse(e)) => (e.line, e.column, e.kind),
        Err(ReadError::Io(e)) => panic!("reading memory failed: {e}"),
    }
}

#[test]
fn malformed_inputs_are_refused_where_the_fault_is() {
    let row = "1 2 3 4 5 6 7 8 9\n";
    let rows = |n: usize| row.repeat(n);
    let line = ".".repeat(81);
    let cases: Vec<(String, Vec<u8>, usize, usize)> = vec![
        (
            "row too short".into(),
            format!("{}1 2 3 4 5 6 7 8\n{}", rows(3), rows(5)).into_bytes(),
            4,
            16,
        ),
        (
            "row too long".into(),
            format!("{}1 2 3 4 5 6 7 8 9 1\n", rows(2)).into_bytes(),
            3,
            19,
        ),
        (
            "letter".into(),
            format!("{}1 2 x 4 5 6 7 8 9\n", rows(1)).into_bytes(),
            2,
            5,
        ),
        (
            "cell of ten".into(),
            format!("{}1 2 3 4 10 6 7 8 9\n", rows(6)).into_bytes(),
            7,
            9,
        ),
        (
            "negative cell".into(),
            format!("1 -2 3 4 5 6 7 8 9\n{}", rows(8)).into_bytes(),
            1,
            3,
        ),
        ("grid cut short at end".into(), rows(7).into_bytes(), 8, 1),
        ("grid with a tenth row".into(), rows(10).into_bytes(), 10, 1),
        (
            "two grids without an empty line between them".into(),
            format!("{}\n{}{}", rows(9), rows(9), rows(9)).into_bytes(),
            20,
            1,
        ),
        (
            "indented row after a grid, a comment between".into(),
            format!("{}# note\n  {}", rows(9), row).into_bytes(),
            11,
            3,
        ),
        (
            "compact grids without an empty line between them".into(),
            "123456789\n".repeat(18).into_bytes(),
            10,
            1,
        ),
        (
            "grid cut short by empty line".into(),
            format!("{}\n{}", rows(4), rows(9)).into_bytes(),
            5,
            1,
        ),
        (
            "NUL byte".into(),
            format!("{}1 2 3 4\0 5 6 7 8 9\n", rows(1)).into_bytes(),
            2,
            8,
        ),
        (
            "non-UTF-8".into(),
            [rows(2).as_bytes(), b"1 2 3 \xff 5 6 7 8 9\n"].concat(),
            3,
            7,
        ),
        (
            "line too short".into(),
            format!("{line}\n{}\n", &line[..80]).into_bytes(),
            2,
            81,
        ),
        (
            "line too long".into(),
            format!("{line}\n{line}.\n").into_bytes(),
            2,
            82,
        ),
        (
            "bad character in line".into(),
            format!("{line}\n{}a{}\n", &line[..40], &line[41..]).into_bytes(),
            2,
            41,
        ),
        (
            "compact row too short".into(),
            format!("{}12345678\n", "123456789\n".repeat(4)).into_bytes(),
            5,
            9,
        ),
    ];
    for (what, text, line, column) in cases {
        let (l, c, kind) = refusal(&text);
        assert_eq!((l, c), (line, column), "{what}: {kind}");
    }
}

#[test]
fn empty_comment_only_and_blank_inputs_hold_no_puzzle() {
    for text in [
        "",
        "\n",
        "\r\n\r\n",
        "   \n\t\n",
        "# only a comment\n# and another",
        "#\n\n#\n",
    ] {
        let (line, column, kind) = refusal(text.as_bytes());
        assert_eq!(kind, ParseErrorKind::NoPuzzles, "{text:?}");
        assert!(line >= 1 && column >= 1);
    }
}

#[test]
fn mixed_formats_in_one_file_are_refused_at_the_second_format() {
    let puzzles = data_set("unbiased.txt");
    let (line_text, _) = encode(&puzzles[..2], Layout::Line, Mess::default());
    let (grid_text, _) = encode(&puzzles[2..3], Layout::Grid, Mess::default());
    let (compact_text, _) = encode(&puzzles[3..4], Layout::Compact, Mess::default());
    for (first, second, second_line) in [
        (&line_text, &grid_text, 3),
        (&grid_text, &line_text, 11),
        (&compact_text, &grid_text, 11),
        (&grid_text, &compact_text, 11),
    ] {
        let text = if second_line == 3 {
            format!("{first}{second}")
        } else {
            format!("{first}\n{second}")
        };
        let (line, column, kind) = refusal(text.as_bytes());
        assert_eq!(line, second_line, "{kind}\n{text}");
        assert!(column >= 1);
    }
}

#[test]
fn a_line_longer_than_the_limit_is_refused_after_reading_a_bounded_prefix() {
    use std::io::Read;
    // An endless source of '1's: a reader that read the whole line would never return.
    let endless = std::io::repeat(b'1').take(u64::MAX);
    let reader = std::io::BufReader::new(endless);
    let first = PuzzleReader::new(reader).next().expect("an item");
    match first {
        Err(ReadError::Parse(e)) => {
            assert!(matches!(e.kind, ParseErrorKind::LineTooLong { .. }), "{e}");
            assert_eq!(e.line, 1);
        }
        other => panic!("expected a line-too-long error, got {other:?}"),
    }
}

/// Asserts the reader's contract on arbitrary bytes: puzzles with cells 0-9 on
/// increasing lines within the input, then either the end or one positioned error.
fn assert_parses_or_refuses(bytes: &[u8]) -> Result<(), TestCaseError> {
    let lines = bytes.split(|&b| b == b'\n').count();
    let mut last_line = 0;
    for item in PuzzleReader::new(bytes) {
        match item {
            Ok(puzzle) => {
                prop_assert!(puzzle.grid.cells().iter().all(|&v| v <= 9));
                prop_assert!(puzzle.line > last_line && puzzle.line <= lines);
                last_line = puzzle.line;
            }
            Err(ReadError::Parse(e)) => {
                prop_assert!(e.line >= 1 && e.column >= 1, "{e:?}");
                prop_assert!(e.line <= lines + 1, "{e:?} past the {lines} lines");
                prop_assert!(!e.to_string().is_empty());
            }
            Err(ReadError::Io(e)) => prop_assert!(false, "memory reads cannot fail: {e}"),
        }
    }
    // The other public entry points that take untrusted text must not panic either.
    if let Ok(text) = std::str::from_utf8(bytes) {
        let _ = text.parse::<Grid>();
    }
    let _ = check_grids(bytes, None);
    let _ = check_grids(bytes, Some(9));
    let _ = check_solutions(bytes, bytes);
    Ok(())
}

#[derive(Debug, Clone)]
enum Mutation {
    Delete(usize),
    Double(usize),
    Swap(usize, usize),
    Change(usize, u8),
}

fn mutate(bytes: &mut Vec<u8>, mutation: &Mutation) {
    if bytes.is_empty() {
        return;
    }
    let at = |i: usize| i % bytes.len();
    match *mutation {
        Mutation::Delete(i) => {
            bytes.remove(at(i));
        }
        Mutation::Double(i) => {
            let i = at(i);
            bytes.insert(i, bytes[i]);
        }
        Mutation::Swap(i, j) => {
            let (i, j) = (at(i), at(j));
            bytes.swap(i, j);
        }
        Mutation::Change(i, b) => {
            let i = at(i);
            bytes[i] = b;
        }
    }
}

fn mutation() -> impl Strategy<Value = Mutation> {
    // Changed bytes favour the characters that matter to the parser.
    let byte = prop_oneof![
        Just(b'\n'),
        Just(b'\r'),
        Just(b' '),
        Just(b'\t'),
        Just(b'.'),
        Just(b'#'),
        Just(b'-'),
        b'0'..=b'9',
        any::<u8>(),
    ];
    prop_oneof![
        any::<usize>().prop_map(Mutation::Delete),
        any::<usize>().prop_map(Mutation::Double),
        (any::<usize>(), any::<usize>()).prop_map(|(i, j)| Mutation::Swap(i, j)),
        (any::<usize>(), byte).prop_map(|(i, b)| Mutation::Change(i, b)),
    ]
}

/// A small valid file in a random layout and variant.
fn valid_file() -> impl Strategy<Value = Vec<u8>> {
    (0usize..3, 0usize..8, 1usize..4, 0usize..290).prop_map(|(layout, mess, count, start)| {
        let puzzles = data_set("unbiased.txt");
        let layout = [Layout::Grid, Layout::Line, Layout::Compact][layout];
        let end = (start + count).min(puzzles.len());
        encode(&puzzles[start..end], layout, messes()[mess])
            .0
            .into_bytes()
    })
}

/// A valid solution file (the assignment output format), written here.
fn solution_file() -> impl Strategy<Value = Vec<u8>> {
    (any::<u64>(), 1usize..4).prop_map(|(seed, count)| {
        (0..count as u64)
            .map(|i| common::assignment_text(&common::random_solution(seed.wrapping_add(i))))
            .collect::<Vec<_>>()
            .join("\n")
            .into_bytes()
    })
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(1500))]

    #[test]
    fn random_bytes_are_parsed_or_refused_with_a_position(
        bytes in proptest::collection::vec(any::<u8>(), 0..400),
    ) {
        assert_parses_or_refuses(&bytes)?;
    }

    #[test]
    fn random_cell_text_is_parsed_or_refused_with_a_position(
        bytes in proptest::collection::vec(
            prop_oneof![Just(b'\n'), Just(b' '), Just(b'.'), b'0'..=b'9', Just(b'\r'), Just(b'#')],
            0..800,
        ),
    ) {
        assert_parses_or_refuses(&bytes)?;
    }

    #[test]
    fn mutated_valid_files_are_parsed_or_refused_with_a_position(
        file in valid_file(),
        mutations in proptest::collection::vec(mutation(), 1..8),
    ) {
        let mut bytes = file;
        for m in &mutations {
            mutate(&mut bytes, m);
        }
        assert_parses_or_refuses(&bytes)?;
    }

    #[test]
    fn mutated_solution_files_are_checked_without_panic(
        file in solution_file(),
        mutations in proptest::collection::vec(mutation(), 0..4),
    ) {
        let pristine = file.clone();
        let mut bytes = file;
        for m in &mutations {
            mutate(&mut bytes, m);
        }
        assert_parses_or_refuses(&bytes)?;
        if bytes == pristine {
            // Untouched, the file passes the strict check: distinct seeds give distinct grids here.
            let grids = common::split_assignment(&bytes).map_err(TestCaseError::fail)?;
            let mut sorted = grids.clone();
            sorted.sort_unstable();
            sorted.dedup();
            if sorted.len() == grids.len() {
                prop_assert!(check_grids(&bytes[..], None).is_ok());
            }
        }
    }
}

/// A writer that takes 100 bytes and then reports a full disk.
#[derive(Debug)]
struct FullAfter100(Vec<u8>);

impl std::io::Write for FullAfter100 {
    fn write(&mut self, buf: &[u8]) -> std::io::Result<usize> {
        let room = 100usize.saturating_sub(self.0.len());
        if room == 0 {
            return Err(std::io::Error::new(
                std::io::ErrorKind::StorageFull,
                "disk full",
            ));
        }
        let n = room.min(buf.len());
        self.0.extend_from_slice(&buf[..n]);
        Ok(n)
    }

    fn flush(&mut self) -> std::io::Result<()> {
        Ok(())
    }
}

/// Grids still buffered when the writer is taken back are flushed, and a
/// flush that fails is an error, not a silently short file (issue 37: 162
/// bytes were left unwritten with no error).
#[test]
fn into_inner_reports_a_failed_flush() {
    use sudoku_core::format::GridWriter;
    let grid = sudoku_core::FinalBoards::new(9).unwrap().next().unwrap();
    let mut writer = GridWriter::new(std::io::BufWriter::new(FullAfter100(Vec::new())));
    writer.write(&grid).expect("buffered, not written yet");
    let error = writer
        .into_inner()
        .expect_err("the flush hit the full disk");
    assert_eq!(error.kind(), std::io::ErrorKind::StorageFull);

    let mut writer = GridWriter::new(std::io::BufWriter::new(Vec::new()));
    writer.write(&grid).unwrap();
    writer.write(&grid).unwrap();
    let bytes = writer.into_inner().unwrap().into_inner().unwrap();
    assert_eq!(bytes.len(), 2 * 162 + 1, "everything buffered was written");
}

/// `check` reports typed reasons: each flaw of the exact format as a
/// `FormatFlaw` at its line and column, an invalid grid with its `Conflict`,
/// and a malformed puzzle file with the reader's error as the source.
#[test]
fn check_errors_are_typed() {
    use std::error::Error as _;
    use sudoku_core::check::{CheckError, FormatFlaw};
    use sudoku_core::Unit;

    let good = "1 2 3 4 5 6 7 8 9\n4 5 6 7 8 9 1 2 3\n7 8 9 1 2 3 4 5 6\n\
                2 3 4 5 6 7 8 9 1\n5 6 7 8 9 1 2 3 4\n8 9 1 2 3 4 5 6 7\n\
                3 4 5 6 7 8 9 1 2\n6 7 8 9 1 2 3 4 5\n9 1 2 3 4 5 6 7 8\n";
    assert!(check_grids(good.as_bytes(), None).is_ok());
    let flaw = |text: &str| match check_grids(text.as_bytes(), None) {
        Err(CheckError::Format { line, column, flaw }) => (line, column, flaw),
        other => panic!("{other:?}"),
    };
    assert_eq!(flaw(""), (1, 1, FormatFlaw::Empty));
    assert_eq!(flaw(good.trim_end()), (9, 18, FormatFlaw::NoFinalNewline));
    assert_eq!(
        flaw(&format!("{good}\n")),
        (10, 1, FormatFlaw::EndsWithEmptyLine)
    );
    assert_eq!(
        flaw(&format!("{good}{good}")),
        (10, 1, FormatFlaw::NoEmptyLineBetweenGrids)
    );
    assert_eq!(
        flaw(&good[..36]),
        (3, 1, FormatFlaw::GridCutShort { rows: 2 })
    );
    assert_eq!(
        flaw(&good.replacen("1 2 3", "1 2\t3", 1)),
        (
            1,
            4,
            FormatFlaw::BadRow {
                found: "\"1 2\\t3 4 5 6 7 8 9\"".into()
            }
        )
    );

    // A digit twice in the first row.
    let twice = good.replacen("1 2 3 4 5 6 7 8 9", "1 1 3 4 5 6 7 8 9", 1);
    match check_grids(twice.as_bytes(), None) {
        Err(CheckError::Invalid {
            number,
            line,
            conflict,
        }) => {
            assert_eq!((number, line), (1, 1));
            assert_eq!(conflict.digit, 1);
            assert!(
                matches!(conflict.unit, Unit::Row(0) | Unit::Box(0)),
                "{conflict:?}"
            );
        }
        other => panic!("{other:?}"),
    }

    let error = check_solutions(good.as_bytes(), "not a puzzle\n".as_bytes()).unwrap_err();
    assert!(matches!(error, CheckError::Puzzles(_)), "{error:?}");
    assert!(error
        .source()
        .is_some_and(|s| s.to_string().contains("line 1")));
}
