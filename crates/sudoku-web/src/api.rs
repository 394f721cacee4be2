//! What the page asks of sudoku-core, as functions from text to JSON text.
//!
//! Puzzles go in as any one-puzzle text sudoku-core reads (an 81-character
//! line with `.` or `0` for blanks, or the 9×9 grid) and come out as
//! 81-character lines with `.` for blanks. Every function answers with one
//! JSON object; a request that cannot be met answers `{"error": "..."}`
//! with a sentence for the player, never a panic. A text that is not a
//! puzzle also answers `"parse"`: where and what, as fields (line,
//! column in characters, kind, and the character, cells or rows found),
//! so that the page words it for players without reading the sentence,
//! which is the CLI's.

use sudoku_core::format::ParseErrorKind;
use sudoku_core::hint::{self, Hint};
use sudoku_core::puzzle::Generated;
use sudoku_core::rate::{self, Candidates, Level, Rating, Unrated};
use sudoku_core::{daily, BitmaskSolver, Grid, ParseError, Solver, CELLS};

use crate::json::{self, Object};

/// `{"error": message}`.
fn error(message: &str) -> String {
    Object::new().string("error", message).finish()
}

/// Reads one puzzle, or the error object to answer with.
fn read(text: &str) -> Result<Grid, String> {
    let text = text.trim();
    if text.is_empty() {
        return Err(error("no puzzle given"));
    }
    text.parse::<Grid>().map_err(|e| {
        Object::new()
            .string("error", &format!("not a puzzle: {e}"))
            .raw("parse", &parse_json(&e, text))
            .finish()
    })
}

/// What was wrong with `text` as fields: `line` and `column` (1-based; the
/// column counts characters, where the library's counts bytes), `kind`,
/// and per kind `char` (the character found), `found` (cells found in a
/// row or line), `rows` (rows before a grid ended).
fn parse_json(e: &ParseError, text: &str) -> String {
    let row = text.split('\n').nth(e.line.saturating_sub(1)).unwrap_or("");
    let at_byte = e.column.saturating_sub(1).min(row.len());
    // The character holding that byte (a byte error is a character's first).
    let start = (0..=at_byte)
        .rev()
        .find(|&i| row.is_char_boundary(i))
        .unwrap_or(0);
    let column = row[..start].chars().count() + 1;
    let mut out = Object::new()
        .number("line", e.line)
        .number("column", column);
    let kind = match &e.kind {
        ParseErrorKind::LineTooLong { .. } => "line-too-long",
        ParseErrorKind::UnexpectedByte { .. } => {
            let found = row[start..]
                .chars()
                .next()
                .map(String::from)
                .unwrap_or_default();
            out = out.string("char", &found);
            "unexpected-character"
        }
        ParseErrorKind::CellOutOfRange { .. } => "cell-out-of-range",
        ParseErrorKind::NegativeCell { .. } => "negative-cell",
        ParseErrorKind::RowLength { found, .. } => {
            out = out.number("found", *found);
            "row-length"
        }
        ParseErrorKind::LineLength { found, .. } => {
            out = out.number("found", *found);
            "line-length"
        }
        ParseErrorKind::GridCutShort { rows, .. } => {
            out = out.number("rows", *rows);
            "cut-short"
        }
        ParseErrorKind::FormatChanged { .. } => "format-changed",
        ParseErrorKind::NoPuzzles => "no-puzzle",
        ParseErrorKind::ExtraPuzzle | ParseErrorKind::NoEmptyLine { .. } => "extra-puzzle",
        _ => "other",
    };
    out.string("kind", kind).finish()
}

/// A rating as JSON: SE's ER, EP and ED, the level, the hardest technique
/// and the number of steps.
fn rating_json(rating: &Rating) -> String {
    Object::new()
        .tenths("er", rating.score)
        .tenths("ep", rating.pearl)
        .tenths("ed", rating.diamond)
        .string("level", rating.level.name())
        .string("hardest", rating.hardest_name())
        .number("steps", rating.steps)
        .finish()
}

/// Why a puzzle has no rating, in a sentence.
fn unrated(why: Unrated) -> String {
    error(&format!("the puzzle is not rated: {why}"))
}

/// The rating of one puzzle on Sudoku Explainer's scale, as `sudoku rate`
/// gives it: `{"er":7.2,"ep":1.2,"ed":1.2,"level":"expert","hardest":"AIC","steps":55}`.
#[must_use]
pub fn rate(text: &str) -> String {
    match read(text) {
        Ok(grid) => match rate::rate_checked(&grid) {
            Ok(rating) => rating_json(&rating),
            Err(why) => unrated(why),
        },
        Err(e) => e,
    }
}

/// Rates every line of `text` (one puzzle a line; blank lines and lines
/// starting with `#` are skipped) and answers one line each, in order:
/// `ER/EP/ED`, as `sudoku rate --csv` has them, or `-` for a line that is
/// not a rated puzzle. For batch checks and the speed measurement: one call
/// for a thousand puzzles.
#[must_use]
pub fn rate_lines(text: &str) -> String {
    let mut out = String::new();
    for line in text.lines() {
        let line = line.trim();
        if line.is_empty() || line.starts_with('#') {
            continue;
        }
        let rating = line.parse::<Grid>().ok().and_then(|g| rate::rate(&g));
        match rating {
            Some(r) => {
                let one = sudoku_core::hint::one_decimal;
                out.push_str(&format!(
                    "{}/{}/{}\n",
                    one(r.score),
                    one(r.pearl),
                    one(r.diamond)
                ));
            }
            None => out.push_str("-\n"),
        }
    }
    out
}

/// The puzzle read back, its number of solutions (0, 1, or 2 for "more
/// than one") and its solution when it has exactly one:
/// `{"puzzle":"...","solutions":1,"solution":"..."}`. The page imports a
/// puzzle through this, so that a pasted or linked puzzle is checked once.
#[must_use]
pub fn solve(text: &str) -> String {
    let grid = match read(text) {
        Ok(grid) => grid,
        Err(e) => return e,
    };
    let search = BitmaskSolver::new().search(&grid, 2);
    let mut object = Object::new()
        .string("puzzle", &grid.to_line())
        .number("solutions", search.count);
    if let (1, Some(solution)) = (search.count, search.solution) {
        object = object.string("solution", &solution.to_line());
    }
    if let Some(conflict) = grid.first_conflict() {
        object = object.string("conflict", &conflict.to_string());
    }
    object.finish()
}

/// A generated puzzle as JSON: puzzle, solution and rating.
fn generated_json(generated: &Generated, extra: Object) -> String {
    let rating = generated
        .rating
        .or_else(|| rate::rate(&generated.puzzle))
        .map_or_else(|| "null".to_string(), |r| rating_json(&r));
    extra
        .string("puzzle", &generated.puzzle.to_line())
        .string("solution", &generated.solution.to_line())
        .raw("rating", &rating)
        .finish()
}

/// A new game's puzzle of level `level` (0 easy to 4 extreme, the order
/// of [`Level::ALL`]) from `seed`: the same as the terminal game's for the
/// same level and seed ([`sudoku_core::puzzle::for_level`]).
#[must_use]
pub fn generate(level: u32, seed: u64) -> String {
    let Some(&level) = Level::ALL.get(level as usize) else {
        return error(&format!("no level number {level}: 0 (easy) to 4 (extreme)"));
    };
    let generated = sudoku_core::puzzle::for_level(level, seed);
    generated_json(&generated, Object::new().string("seed", &seed.to_string()))
}

/// The daily puzzle of a date (UTC), the same as `sudoku-play --daily
/// --date` and `sudoku daily`: `{"date":"2026-12-04","level":"hard",...}`.
#[must_use]
pub fn daily(year: i32, month: u32, day: u32) -> String {
    let text = format!("{year:04}-{month:02}-{day:02}");
    let date: daily::Date = match text.parse() {
        Ok(date) => date,
        // The only refusal: the page words it from the kind.
        Err(e) => {
            return Object::new()
                .string("error", &e.to_string())
                .string("kind", "not-a-date")
                .finish()
        }
    };
    let generated = daily::puzzle(date);
    generated_json(
        &generated,
        Object::new()
            .string("date", &date.to_string())
            .string("level", date.level().name()),
    )
}

/// Reads pencil marks: 81 numbers separated by commas, bit `d` for digit
/// `d` (0 for a cell without marks).
fn read_marks(text: &str) -> Result<[u16; CELLS], String> {
    let mut marks = [0u16; CELLS];
    let mut count = 0;
    for (i, item) in text.trim().split(',').enumerate() {
        let mask: u16 = item
            .trim()
            .parse()
            .map_err(|_| error(&format!("pencil mark {} is not a number", i + 1)))?;
        if i >= CELLS {
            return Err(error("more than 81 pencil marks"));
        }
        marks[i] = mask & 0b11_1111_1110;
        count += 1;
    }
    if count != CELLS {
        return Err(error(&format!("{count} pencil marks, not 81")));
    }
    Ok(marks)
}

/// A hint as JSON (see [`sudoku_core::hint::Hint`]).
fn hint_json(hint: &Hint) -> String {
    let pairs = |list: &[(usize, u8)]| json::array(list.iter().map(|(c, d)| format!("[{c},{d}]")));
    let numbers = |list: &[usize]| json::array(list.iter().map(usize::to_string));
    Object::new()
        .string("kind", hint.kind.name())
        .string("technique", hint.technique.map_or("", |t| t.name()))
        .tenths("difficulty", hint.difficulty)
        .raw(
            "digits",
            &json::array(hint.digits.iter().map(u8::to_string)),
        )
        .raw(
            "units",
            &json::array(hint.units.iter().map(|u| json::string(&u.to_string()))),
        )
        .raw(
            "cells",
            &json::array(hint.cells.iter().map(|c| {
                Object::new()
                    .number("cell", c.cell)
                    .string("role", c.role.name())
                    .finish()
            })),
        )
        .raw("focus", &numbers(&hint.focus))
        .raw("placements", &pairs(&hint.placements))
        .raw("eliminations", &pairs(&hint.eliminations))
        .raw("clear", &numbers(&hint.clear))
        .boolean("usedMarks", hint.used_marks)
        .raw(
            "stages",
            &json::array(hint.stages.iter().map(|s| json::string(s))),
        )
        .finish()
}

/// The hint for a player: `text` holds three lines, the board (givens and
/// placed digits), the solution, and the pencil marks: 81 numbers separated
/// by commas, bit `d` for digit `d` (0 for a cell without marks).
/// Answers the hint, or `{"done":true}` when the board is the solution.
#[must_use]
pub fn hint(text: &str) -> String {
    let mut lines = text.lines();
    let (Some(board), Some(solution), Some(marks)) = (lines.next(), lines.next(), lines.next())
    else {
        return error("a hint needs the board, the solution and the pencil marks");
    };
    let board = match read(board) {
        Ok(grid) => grid,
        Err(e) => return e,
    };
    let solution = match read(solution) {
        Ok(grid) if grid.solves(&Grid::EMPTY) => grid,
        Ok(_) => return error("the solution is not a completed grid"),
        Err(e) => return e,
    };
    let marks = match read_marks(marks) {
        Ok(marks) => marks,
        Err(e) => return e,
    };
    match hint::hint(&board, &solution, &marks) {
        Some(hint) => hint_json(&hint),
        None => Object::new().boolean("done", true).finish(),
    }
}

/// Every cell's candidates from the digits on the board: a JSON array of
/// 81 masks (bit `d` for digit `d`, 0 for a filled cell), for "fill in all
/// candidates".
#[must_use]
pub fn candidates(text: &str) -> String {
    match read(text) {
        Ok(grid) => {
            let marks = Candidates::new(&grid);
            json::array((0..CELLS).map(|c| marks.mask(c).to_string()))
        }
        Err(e) => e,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const HARD: &str =
        "...........547......4..61..1...2....8.61..32..3...87...6...325..4..6.....718.....";

    #[test]
    fn rate_answers_the_library_rating() {
        let r = rate::rate(&HARD.parse().unwrap()).unwrap();
        let json = rate(HARD);
        assert!(
            json.starts_with(&format!("{{\"er\":{:.1},", r.score)),
            "{json}"
        );
        assert!(json.contains(&format!("\"hardest\":\"{}\"", r.hardest.name())));
        assert!(rate("").contains("error"));
        assert!(rate("12").contains("not a puzzle"));
        assert!(rate(&".".repeat(81)).contains("more than one solution"));
    }

    #[test]
    fn rate_lines_keeps_order_and_marks_bad_lines() {
        let out = rate_lines(&format!("# c\n{HARD}\nnonsense\n\n{}\n", ".".repeat(81)));
        let lines: Vec<&str> = out.lines().collect();
        assert_eq!(lines.len(), 3);
        assert_eq!(lines[1], "-");
        assert_eq!(lines[2], "-");
        assert!(lines[0].contains('/'));
    }

    /// A text that is not a puzzle answers where and what as fields: the
    /// column in characters (a full-width digit is three bytes in), the
    /// cells found, the rows read.
    #[test]
    fn parse_errors_answer_where_and_what() {
        let wide = format!("{}１{}", ".".repeat(40), ".".repeat(40));
        let json = solve(&wide);
        assert!(json.contains("\"kind\":\"unexpected-character\""), "{json}");
        assert!(json.contains("\"line\":1,\"column\":41"), "{json}");
        assert!(json.contains("\"char\":\"１\""), "{json}");
        let second = format!("{}\n..ab", ".".repeat(81));
        let json = solve(&second);
        assert!(json.contains("\"line\":2"), "{json}");
        let json = solve(&".".repeat(79));
        assert!(json.contains("\"kind\":\"line-length\""), "{json}");
        assert!(json.contains("\"found\":79"), "{json}");
        let rows = ". . . . . . . . .\n".repeat(4);
        let json = solve(&rows);
        assert!(json.contains("\"kind\":\"cut-short\""), "{json}");
        assert!(json.contains("\"rows\":4"), "{json}");
        let short_row = format!("{}. . .\n", ". . . . . . . . .\n".repeat(3));
        let json = solve(&short_row);
        assert!(json.contains("\"kind\":\"row-length\""), "{json}");
        assert!(json.contains("\"line\":4"), "{json}");
        assert!(json.contains("\"found\":3"), "{json}");
        let two = format!("{HARD}\n{HARD}");
        assert!(solve(&two).contains("\"kind\":\"extra-puzzle\""));
        // The sentence stays for callers that show it as it is.
        assert!(solve(&wide).contains("\"error\":\"not a puzzle: line 1, column 41"));
    }

    #[test]
    fn solve_counts_solutions() {
        let json = solve(HARD);
        assert!(json.contains("\"solutions\":1"));
        let solution = sudoku_core::solve(&HARD.parse().unwrap()).unwrap();
        assert!(json.contains(&solution.to_line()));
        assert!(solve(&".".repeat(81)).contains("\"solutions\":2"));
        let clash = format!("11{}", ".".repeat(79));
        let json = solve(&clash);
        assert!(
            json.contains("\"solutions\":0") && json.contains("conflict"),
            "{json}"
        );
    }

    #[test]
    fn generate_and_daily_match_the_library() {
        let json = generate(2, 42);
        let g = sudoku_core::puzzle::for_level(Level::Hard, 42);
        assert!(json.contains(&g.puzzle.to_line()), "{json}");
        assert!(generate(9, 1).contains("error"));
        let json = daily(2026, 11, 30);
        let d = daily::puzzle("2026-11-30".parse().unwrap());
        assert!(json.contains(&d.puzzle.to_line()));
        assert!(json.contains("\"level\":\"easy\""));
        assert!(daily(2026, 2, 29).contains("error"));
        assert!(daily(2026, 2, 29).contains("\"kind\":\"not-a-date\""));
        assert!(!daily(2028, 2, 29).contains("error"));
    }

    #[test]
    fn hint_reads_three_lines_and_refuses_bad_input() {
        let solution = sudoku_core::solve(&HARD.parse().unwrap()).unwrap();
        let zeros = vec!["0"; 81].join(",");
        let json = hint(&format!("{HARD}\n{}\n{zeros}", solution.to_line()));
        assert!(json.starts_with("{\"kind\":\"step\""), "{json}");
        assert!(hint(HARD).contains("error"));
        assert!(hint(&format!("{HARD}\n{HARD}\n{zeros}")).contains("error"));
        assert!(hint(&format!("{HARD}\n{}\n1,2", solution.to_line())).contains("error"));
        let done = hint(&format!("{0}\n{0}\n{zeros}", solution.to_line()));
        assert_eq!(done, "{\"done\":true}");
    }
}
