//! Test helpers written from scratch, independent of the library: a grid
//! validator, a brute-force backtracking solver that counts solutions, and a
//! tiny deterministic random generator. They work on plain `[u8; 81]` arrays
//! (0 = blank) so that no library code is trusted to check library code.
//!
//! The CLI's tests include this file too (`#[path]`), so it depends on nothing
//! but std.
#![allow(dead_code)]

/// Reasons a completed grid is not a valid Sudoku solution.
pub fn grid_problem(cells: &[u8; 81]) -> Option<String> {
    if let Some(i) = cells.iter().position(|&v| !(1..=9).contains(&v)) {
        return Some(format!(
            "cell r{}c{} holds {}",
            i / 9 + 1,
            i % 9 + 1,
            cells[i]
        ));
    }
    for k in 0..9 {
        // Bit d set when digit d was seen in row k, column k, box k.
        let (mut row, mut col, mut bx) = (0u16, 0u16, 0u16);
        for j in 0..9 {
            row |= 1 << cells[k * 9 + j];
            col |= 1 << cells[j * 9 + k];
            let (r, c) = ((k / 3) * 3 + j / 3, (k % 3) * 3 + j % 3);
            bx |= 1 << cells[r * 9 + c];
        }
        for (mask, what) in [(row, "row"), (col, "column"), (bx, "box")] {
            if mask != 0b11_1111_1110 {
                return Some(format!("{what} {} does not hold 1-9 once each", k + 1));
            }
        }
    }
    None
}

/// True when `cells` is a completed, valid Sudoku grid.
pub fn is_valid_solution(cells: &[u8; 81]) -> bool {
    grid_problem(cells).is_none()
}

/// True when every given (non-zero cell) of `puzzle` holds the same digit in `solution`.
pub fn keeps_givens(solution: &[u8; 81], puzzle: &[u8; 81]) -> bool {
    solution.iter().zip(puzzle).all(|(&s, &p)| p == 0 || s == p)
}

/// True when two filled cells of one row, column or box hold the same digit.
pub fn givens_conflict(cells: &[u8; 81]) -> bool {
    for a in 0..81 {
        for b in a + 1..81 {
            if cells[a] != 0 && cells[a] == cells[b] && peers(a, b) {
                return true;
            }
        }
    }
    false
}

fn peers(a: usize, b: usize) -> bool {
    let (ra, ca, rb, cb) = (a / 9, a % 9, b / 9, b % 9);
    ra == rb || ca == cb || (ra / 3 == rb / 3 && ca / 3 == cb / 3)
}

/// The result of the brute-force search.
pub struct Brute {
    /// Solutions found, at most the limit.
    pub count: usize,
    /// The first solution found.
    pub first: Option<[u8; 81]>,
}

/// Counts the solutions of `puzzle` up to `limit` by plain backtracking:
/// fill the blank cell with the fewest possible digits, try each digit, undo.
/// Digits are tried in the order `order` (a permutation of 1..=9), which lets
/// the same routine build random completed grids. Conflicting givens give 0.
pub fn brute_force(puzzle: &[u8; 81], limit: usize, order: [u8; 9]) -> Brute {
    let mut result = Brute {
        count: 0,
        first: None,
    };
    if givens_conflict(puzzle) || puzzle.iter().any(|&v| v > 9) {
        return result;
    }
    let mut cells = *puzzle;
    search(&mut cells, limit.max(1), &order, &mut result);
    result
}

fn candidates(cells: &[u8; 81], i: usize) -> u16 {
    let (r, c) = (i / 9, i % 9);
    let (br, bc) = (r / 3 * 3, c / 3 * 3);
    let mut used = 0u16;
    for j in 0..9 {
        used |= 1 << cells[r * 9 + j];
        used |= 1 << cells[j * 9 + c];
        used |= 1 << cells[(br + j / 3) * 9 + bc + j % 3];
    }
    !used & 0b11_1111_1110
}

fn search(cells: &mut [u8; 81], limit: usize, order: &[u8; 9], result: &mut Brute) {
    let mut best: Option<(usize, u16)> = None;
    for i in 0..81 {
        if cells[i] == 0 {
            let cand = candidates(cells, i);
            if best.is_none_or(|(_, b)| cand.count_ones() < b.count_ones()) {
                best = Some((i, cand));
                if cand.count_ones() <= 1 {
                    break;
                }
            }
        }
    }
    let Some((i, cand)) = best else {
        result.count += 1;
        if result.first.is_none() {
            result.first = Some(*cells);
        }
        return;
    };
    for &d in order {
        if cand & (1 << d) != 0 {
            cells[i] = d;
            search(cells, limit, order, result);
            cells[i] = 0;
            if result.count >= limit {
                return;
            }
        }
    }
}

/// Digits 1-9 in their natural order.
pub const NATURAL: [u8; 9] = [1, 2, 3, 4, 5, 6, 7, 8, 9];

/// A small deterministic generator (splitmix64), so tests need no extra crate.
pub struct Rng(pub u64);

impl Rng {
    /// The next 64 random bits.
    pub fn next_u64(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9E37_79B9_7F4A_7C15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        z ^ (z >> 31)
    }

    /// A number in `0..n` (`n` > 0).
    pub fn below(&mut self, n: usize) -> usize {
        (self.next_u64() % n as u64) as usize
    }

    /// Shuffles `items` in place (Fisher–Yates).
    pub fn shuffle<T>(&mut self, items: &mut [T]) {
        for i in (1..items.len()).rev() {
            items.swap(i, self.below(i + 1));
        }
    }
}

/// A random completed grid: the brute-force solver on an empty grid with a
/// random digit order and a random first row.
pub fn random_solution(seed: u64) -> [u8; 81] {
    let mut rng = Rng(seed);
    let mut first_row = NATURAL;
    rng.shuffle(&mut first_row);
    let mut order = NATURAL;
    rng.shuffle(&mut order);
    let mut puzzle = [0u8; 81];
    puzzle[..9].copy_from_slice(&first_row);
    let grid = brute_force(&puzzle, 1, order)
        .first
        .expect("any valid first row extends to a full grid");
    // Shuffle rows within bands and columns within stacks as well, so the
    // grids are not all of the solver's canonical shape below the first row.
    let mut rows: Vec<usize> = (0..9).collect();
    let mut cols: Vec<usize> = (0..9).collect();
    for band in 0..3 {
        rng.shuffle(&mut rows[band * 3..band * 3 + 3]);
        rng.shuffle(&mut cols[band * 3..band * 3 + 3]);
    }
    let mut out = [0u8; 81];
    for r in 0..9 {
        for c in 0..9 {
            out[r * 9 + c] = grid[rows[r] * 9 + cols[c]];
        }
    }
    out
}

/// `cells` with the cells whose index is in `blanks` set to 0.
pub fn blank(cells: &[u8; 81], blanks: &[usize]) -> [u8; 81] {
    let mut out = *cells;
    for &i in blanks {
        out[i % 81] = 0;
    }
    out
}

/// Parses an 81-character line (`.` or `0` blank) without the library.
pub fn parse_line(line: &str) -> Option<[u8; 81]> {
    let bytes = line.as_bytes();
    if bytes.len() < 81 {
        return None;
    }
    let mut cells = [0u8; 81];
    for (cell, &b) in cells.iter_mut().zip(&bytes[..81]) {
        *cell = match b {
            b'.' | b'0' => 0,
            b'1'..=b'9' => b - b'0',
            _ => return None,
        };
    }
    Some(cells)
}

/// The puzzles of a test data file (81-character lines, `#` comments), parsed without the library.
pub fn data_file_puzzles(text: &str) -> Vec<[u8; 81]> {
    text.lines()
        .filter(|l| !l.trim().is_empty() && !l.starts_with('#'))
        .map(|l| parse_line(l.trim()).expect("test data lines hold 81 cells"))
        .collect()
}

/// The lines of a fixture of serate-rated puzzles (`PUZZLE ER/EP/ED ...`,
/// `#` comments): each puzzle's text and serate's ER, EP and ED in tenths.
pub fn rated_fixture(text: &str) -> Vec<(String, [u32; 3])> {
    rated_fixture_with_fields(text)
        .into_iter()
        .map(|(line, se, _)| (line, se))
        .collect()
}

/// [`rated_fixture`], with each line's fields after ER/EP/ED.
pub fn rated_fixture_with_fields(text: &str) -> Vec<(String, [u32; 3], Vec<String>)> {
    text.lines()
        .filter(|l| !l.starts_with('#') && !l.trim().is_empty())
        .map(|l| {
            let mut fields = l.split_whitespace();
            let line = fields.next().expect("a puzzle").to_string();
            let se: Vec<u32> = fields
                .next()
                .expect("ER/EP/ED")
                .split('/')
                .map(|x| (x.parse::<f32>().expect("a rating") * 10.0).round() as u32)
                .collect();
            (
                line,
                [se[0], se[1], se[2]],
                fields.map(String::from).collect(),
            )
        })
        .collect()
}

/// A rating in tenths, as the fixtures write serate's.
pub fn tenths(x: f32) -> u32 {
    (x * 10.0).round() as u32
}

/// Asserts that ER, EP and ED (`[score, pearl, diamond]`) are serate's
/// `se` (in tenths), naming the puzzle `line` otherwise.
pub fn assert_rated_as(line: &str, rating: [f32; 3], se: [u32; 3]) {
    assert_eq!(rating.map(tenths), se, "{line}");
}

/// The one solution of the puzzle `line`, by [`brute_force`]; panics,
/// naming the line, unless there is exactly one.
pub fn unique_solution(line: &str) -> [u8; 81] {
    let cells = parse_line(line).expect("81 cells");
    let brute = brute_force(&cells, 2, [1, 2, 3, 4, 5, 6, 7, 8, 9]);
    assert_eq!(brute.count, 1, "{line}");
    brute.first.expect("a solution")
}

/// Splits a file in the assignment output format into grids, checking the
/// exact layout on the way: 9 rows of `d d d d d d d d d`, one empty line
/// between grids, `\n` endings, nothing after the last row.
pub fn split_assignment(bytes: &[u8]) -> Result<Vec<[u8; 81]>, String> {
    if bytes.is_empty() {
        return Err("empty output".into());
    }
    if !bytes.ends_with(b"\n") || bytes.ends_with(b"\n\n") {
        return Err("the output must end with exactly one newline".into());
    }
    let text = std::str::from_utf8(&bytes[..bytes.len() - 1]).map_err(|e| e.to_string())?;
    let mut grids = Vec::new();
    for (g, block) in text.split("\n\n").enumerate() {
        let rows: Vec<&str> = block.split('\n').collect();
        if rows.len() != 9 {
            return Err(format!("grid {} has {} rows", g + 1, rows.len()));
        }
        let mut cells = [0u8; 81];
        for (r, row) in rows.iter().enumerate() {
            let b = row.as_bytes();
            let ok = b.len() == 17
                && b.iter().enumerate().all(|(i, &ch)| {
                    if i % 2 == 0 {
                        ch.is_ascii_digit()
                    } else {
                        ch == b' '
                    }
                });
            if !ok {
                return Err(format!("grid {} row {}: {row:?}", g + 1, r + 1));
            }
            for c in 0..9 {
                cells[r * 9 + c] = b[2 * c] - b'0';
            }
        }
        grids.push(cells);
    }
    Ok(grids)
}

/// The assignment form of one grid, written here rather than by the library.
pub fn assignment_text(cells: &[u8; 81]) -> String {
    let mut out = String::with_capacity(162);
    for r in 0..9 {
        let row: Vec<String> = cells[r * 9..r * 9 + 9]
            .iter()
            .map(|d| d.to_string())
            .collect();
        out.push_str(&row.join(" "));
        out.push('\n');
    }
    out
}
