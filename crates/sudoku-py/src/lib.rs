//! Python bindings of `sudoku-core` (import name `sudoku_core`).
//!
//! Bindings only: every answer comes from `sudoku-core`. This file holds the
//! one-puzzle functions and the module; `convert` turns Python values into
//! `Grid`s, `batch` runs many puzzles on every core, `files` reads and writes
//! the project's puzzle files. Library errors become `ValueError`/`TypeError`,
//! and the GIL is released around work that takes time.
//! The pure-Python package `python/sudoku_core` re-exports this module
//! (`sudoku_core._native`); the typed stub is `python/sudoku_core/_native.pyi`.

use pyo3::exceptions::{PyTypeError, PyValueError};
use pyo3::prelude::*;
use pyo3::types::{PyString, PyTuple};

use sudoku_core::daily::{self as core_daily, Date};
use sudoku_core::hint::{self as core_hint, HintCell};
use sudoku_core::puzzle::{self, Generator, GeneratorOptions, RunError, SymmetryChoice};
use sudoku_core::rand::{rngs::StdRng, SeedableRng};
use sudoku_core::rate::{self as core_rate, Candidates, Level};
use sudoku_core::solver::MAX_COUNT_LIMIT;
use sudoku_core::transform::{canonical, Transform};
use sudoku_core::{BitmaskSolver, Grid, Solver, CELLS};

mod batch;
mod convert;
mod files;

use convert::{line, tenths, to_grid, Whole};

// --------------------------------------------------------------- solving ----

/// solve(puzzle) -> str | None
///
/// The first solution of ``puzzle`` as an 81-character string, or None when
/// it has none (for a puzzle with several, one of them).
///
/// >>> solve("4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......")
/// '417369825632158947958724316825437169791586432346912758289643571573291684164875293'
/// >>> solve("11" + "." * 79) is None
/// True
#[pyfunction]
fn solve<'py>(
    py: Python<'py>,
    puzzle: &Bound<'py, PyAny>,
) -> PyResult<Option<Bound<'py, PyString>>> {
    let grid = to_grid(puzzle)?;
    // The GIL is kept: a solve takes about a microsecond (well under a
    // millisecond on the hardest known puzzles), less than releasing and
    // taking back the GIL costs. solve_many releases it for long runs.
    Ok(BitmaskSolver::new().solve(&grid).map(|g| line(py, &g)))
}

/// solutions(puzzle, n) -> list[str]
///
/// Up to ``n`` distinct solutions of ``puzzle``, each as an 81-character string.
/// ``n`` is at most 10,000,000 (ValueError above: a list that long takes a
/// gigabyte); Ctrl-C stops a long search (KeyboardInterrupt).
///
/// >>> len(solutions("53..7....6..1.5....9.....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79", 100))
/// 8
#[pyfunction]
fn solutions<'py>(
    py: Python<'py>,
    puzzle: &Bound<'py, PyAny>,
    n: Whole<usize>,
) -> PyResult<Vec<Bound<'py, PyString>>> {
    let n = at_most_count_limit("n", n.0)?;
    let grid = to_grid(puzzle)?;
    // One search for all of them, taken in slices with the GIL released,
    // Python's signals (Ctrl-C) handled between slices.
    let solver = BitmaskSolver::new();
    let mut search = solver.solutions(&grid);
    let mut out = Vec::new();
    while out.len() < n {
        let want = (n - out.len()).min(1 << 16);
        let found: Vec<Grid> = py.detach(|| search.by_ref().take(want).collect());
        out.extend(found.iter().map(|g| line(py, g)));
        if found.len() < want {
            break;
        }
        py.check_signals()?;
    }
    Ok(out)
}

/// `limit` itself, or a ValueError above [`MAX_COUNT_LIMIT`], as the CLI's
/// `count --limit` is bounded.
fn at_most_count_limit(name: &str, limit: usize) -> PyResult<usize> {
    if limit > MAX_COUNT_LIMIT {
        return Err(PyValueError::new_err(format!(
            "{name} is at most {MAX_COUNT_LIMIT} (so that one puzzle takes seconds, not hours), got {limit}"
        )));
    }
    Ok(limit)
}

/// count(puzzle, limit=2) -> int
///
/// The number of solutions of ``puzzle``, counting no further than ``limit``
/// (a limit of 0 is read as 1; at most 10,000,000, ValueError above, as the
/// CLI's ``count --limit``).
///
/// >>> count("." * 81)
/// 2
/// >>> count("53..7....6..1.5....9.....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79", limit=100)
/// 8
#[pyfunction]
#[pyo3(signature = (puzzle, limit = Whole(2)))]
fn count(py: Python<'_>, puzzle: &Bound<'_, PyAny>, limit: Whole<usize>) -> PyResult<usize> {
    let limit = at_most_count_limit("limit", limit.0)?;
    let grid = to_grid(puzzle)?;
    Ok(py.detach(|| BitmaskSolver::new().count_solutions(&grid, limit)))
}

/// is_unique(puzzle) -> bool
///
/// True when ``puzzle`` has exactly one solution.
///
/// >>> is_unique("4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......")
/// True
/// >>> is_unique("." * 81)
/// False
#[pyfunction]
fn is_unique(py: Python<'_>, puzzle: &Bound<'_, PyAny>) -> PyResult<bool> {
    let grid = to_grid(puzzle)?;
    Ok(py.detach(|| BitmaskSolver::new().has_unique_solution(&grid)))
}

/// canon(puzzle) -> str
///
/// The canonical form of ``puzzle``: equivalent puzzles (relabelled digits,
/// rows and columns reordered within the rules, transposed) give the same string.
///
/// >>> p = "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......"
/// >>> canon(p) == canon(p[::-1])
/// True
#[pyfunction]
fn canon<'py>(py: Python<'py>, puzzle: &Bound<'py, PyAny>) -> PyResult<Bound<'py, PyString>> {
    let grid = to_grid(puzzle)?;
    Ok(line(py, &py.detach(|| canonical(&grid))))
}

/// transform(puzzle, digits=None, rows=None, cols=None, transpose=False, seed=None) -> str
///
/// ``puzzle`` under one equivalence transform, which keeps its number of
/// solutions and its rating: transposed first when ``transpose``, then output
/// row ``r`` is row ``rows[r]`` and output column ``c`` column ``cols[c]``
/// (0-based; rows stay within their band of three and bands move whole, the
/// same for columns and stacks), then digit ``d`` becomes ``digits[d - 1]``.
/// Parts left as None do not change. The rating's ER, EP and ED stay the same
/// (on 1,200 random transforms of serate.txt's puzzles, all equal); the
/// number of steps may not, as ties between steps are broken by position. With ``seed`` (an int), the transform is
/// instead drawn uniformly from all of them, reproducibly: the data-set
/// augmentation that makes one puzzle many different-looking ones.
///
/// >>> p = "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......"
/// >>> transform(p, digits=[9, 8, 7, 6, 5, 4, 3, 2, 1])[:9]
/// '6.....2.5'
/// >>> transform(p, rows=[2, 1, 0, 3, 4, 5, 6, 7, 8])[:9]
/// '...7.....'
/// >>> q = transform(p, seed=42)
/// >>> canon(q) == canon(p), rate(q).er == rate(p).er, q == transform(p, seed=42)
/// (True, True, True)
/// >>> transform(p, rows=[0, 1, 3, 2, 4, 5, 6, 7, 8])
/// Traceback (most recent call last):
/// ...
/// ValueError: the row order must be a permutation of 0-8 that keeps each band's three rows together
#[pyfunction]
#[pyo3(name = "transform", signature = (puzzle, digits = None, rows = None, cols = None, transpose = false, seed = None))]
fn transform_puzzle<'py>(
    py: Python<'py>,
    puzzle: &Bound<'py, PyAny>,
    digits: Option<[u8; 9]>,
    rows: Option<[usize; 9]>,
    cols: Option<[usize; 9]>,
    transpose: bool,
    seed: Option<Whole<u64>>,
) -> PyResult<Bound<'py, PyString>> {
    let grid = to_grid(puzzle)?;
    let t = match seed.map(|s| s.0) {
        Some(seed) => {
            if digits.is_some() || rows.is_some() || cols.is_some() || transpose {
                return Err(PyValueError::new_err(
                    "give either seed (a random transform) or digits/rows/cols/transpose, not both",
                ));
            }
            Transform::random(&mut StdRng::seed_from_u64(seed))
        }
        None => {
            const IN_ORDER: [usize; 9] = [0, 1, 2, 3, 4, 5, 6, 7, 8];
            Transform::new(
                digits.unwrap_or([1, 2, 3, 4, 5, 6, 7, 8, 9]),
                rows.unwrap_or(IN_ORDER),
                cols.unwrap_or(IN_ORDER),
                transpose,
            )
            .map_err(|e| PyValueError::new_err(e.to_string()))?
        }
    };
    Ok(line(py, &t.apply(&grid)))
}

// ---------------------------------------------------------------- rating ----

/// A puzzle's rating on Sudoku Explainer's scale.
///
/// Attributes: ``er`` (the rating: the hardest step's difficulty), ``ep``
/// (pearl) and ``ed`` (diamond), floats with one decimal; ``level`` ("easy",
/// "medium", "hard", "expert" or "extreme"); ``hardest`` (the hardest
/// technique's name); ``steps`` (the number of steps of the solving path).
#[pyclass(frozen, module = "sudoku_core", get_all)]
#[derive(Clone)]
struct Rating {
    er: f64,
    ep: f64,
    ed: f64,
    level: String,
    hardest: String,
    steps: usize,
}

impl Rating {
    fn of(r: &core_rate::Rating) -> Rating {
        Rating {
            er: tenths(r.score),
            ep: tenths(r.pearl),
            ed: tenths(r.diamond),
            level: r.level.name().to_string(),
            hardest: r.hardest_name().to_string(),
            steps: r.steps,
        }
    }
}

#[pymethods]
impl Rating {
    fn __repr__(&self) -> String {
        format!(
            "Rating(er={:.1}, ep={:.1}, ed={:.1}, level={:?}, hardest={:?}, steps={})",
            self.er, self.ep, self.ed, self.level, self.hardest, self.steps
        )
    }

    fn __eq__(&self, other: &Bound<'_, PyAny>) -> bool {
        other.cast::<Rating>().is_ok_and(|o| {
            let o = o.get();
            (
                self.er,
                self.ep,
                self.ed,
                &self.level,
                &self.hardest,
                self.steps,
            ) == (o.er, o.ep, o.ed, &o.level, &o.hardest, o.steps)
        })
    }
}

/// rate(puzzle) -> Rating
///
/// Rates ``puzzle`` on Sudoku Explainer's scale. Raises ValueError with the
/// reason when it cannot be rated (conflicting givens, no solution, several
/// solutions).
///
/// >>> r = rate("..3.7..4...6..23.1.89.........1.7.8.517.....6...4.....271..9..5.95..........2....")
/// >>> (r.er, r.ep, r.ed, r.level, r.hardest)
/// (2.6, 1.2, 1.2, 'medium', 'Pointing')
/// >>> rate("." * 81)
/// Traceback (most recent call last):
/// ...
/// ValueError: the puzzle cannot be rated: it has more than one solution
#[pyfunction]
fn rate(py: Python<'_>, puzzle: &Bound<'_, PyAny>) -> PyResult<Rating> {
    let grid = to_grid(puzzle)?;
    match py.detach(|| core_rate::rate_checked(&grid)) {
        Ok(r) => Ok(Rating::of(&r)),
        Err(why) => Err(PyValueError::new_err(format!(
            "the puzzle cannot be rated: {why}"
        ))),
    }
}

/// One step of a solving path.
///
/// Attributes: ``technique`` (its name), ``difficulty`` (float, one decimal),
/// ``cells`` (the pattern's cells, 0-80, row by row), ``placements`` and
/// ``eliminations`` (lists of (cell, digit)), ``sentence`` (the step in plain
/// language, as the game's hints say it).
#[pyclass(frozen, module = "sudoku_core", get_all)]
struct Step {
    technique: String,
    difficulty: f64,
    cells: Vec<usize>,
    placements: Vec<(usize, u8)>,
    eliminations: Vec<(usize, u8)>,
    sentence: String,
}

#[pymethods]
impl Step {
    fn __repr__(&self) -> String {
        format!(
            "Step(technique={:?}, difficulty={:.1}, placements={:?}, eliminations={:?})",
            self.technique, self.difficulty, self.placements, self.eliminations
        )
    }
}

/// explain(puzzle) -> list[Step]
///
/// The human solving path of ``puzzle``: the steps the rater takes, in order
/// (empty for a complete grid). Raises ValueError when the puzzle has
/// conflicting givens or no solution.
///
/// >>> steps = explain("..3.7..4...6..23.1.89.........1.7.8.517.....6...4.....271..9..5.95..........2....")
/// >>> max(s.difficulty for s in steps)
/// 2.6
/// >>> steps[0].technique, steps[0].placements
/// ('Hidden Single', [(1, 2)])
#[pyfunction]
fn explain(py: Python<'_>, puzzle: &Bound<'_, PyAny>) -> PyResult<Vec<Step>> {
    let grid = to_grid(puzzle)?;
    let steps = py
        .detach(|| core_rate::explain_checked(&grid))
        .map_err(|why| PyValueError::new_err(format!("the puzzle cannot be explained: {why}")))?;
    let mut marks = Candidates::new(&grid);
    let mut out = Vec::with_capacity(steps.len());
    for step in &steps {
        let hint = core_hint::for_step(step, &marks, false);
        out.push(Step {
            technique: step.technique.name().to_string(),
            difficulty: tenths(step.difficulty()),
            cells: step.cells.clone(),
            placements: step.placements.clone(),
            eliminations: step.eliminations.clone(),
            sentence: hint.stages[2].clone(),
        });
        marks.apply(step);
    }
    Ok(out)
}

/// A hint for a player, in three stages of detail.
///
/// Attributes: ``kind`` ("step", "wrong-digit", "wrong-marks" or "reveal"),
/// ``technique`` (name, or None), ``difficulty`` (float), ``stages`` (three
/// strings, vaguest first), ``cells`` (list of (cell, role), role one of
/// "pattern", "loses", "gets", "wrong"), ``placements`` and ``eliminations``
/// (lists of (cell, digit)), ``digits``, ``focus``, ``clear`` (cells whose
/// digit or marks to clear) and ``used_marks``.
#[pyclass(frozen, module = "sudoku_core", get_all)]
struct Hint {
    kind: String,
    technique: Option<String>,
    difficulty: f64,
    stages: (String, String, String),
    cells: Vec<(usize, String)>,
    placements: Vec<(usize, u8)>,
    eliminations: Vec<(usize, u8)>,
    digits: Vec<u8>,
    focus: Vec<usize>,
    clear: Vec<usize>,
    used_marks: bool,
}

#[pymethods]
impl Hint {
    fn __repr__(&self) -> String {
        format!(
            "Hint(kind={:?}, technique={}, difficulty={:.1}, stages={:?})",
            self.kind,
            self.technique
                .as_ref()
                .map_or_else(|| "None".to_string(), |t| format!("{t:?}")),
            self.difficulty,
            self.stages
        )
    }
}

/// Pencil marks: 81 items, each an int bit mask (bit d set for digit d) or
/// an iterable of digits; 0 or empty for a cell without marks.
fn to_marks(obj: &Bound<'_, PyAny>) -> PyResult<[u16; CELLS]> {
    if obj.is_instance_of::<PyString>() {
        return Err(PyTypeError::new_err(
            "marks are a list of 81 items, not a str",
        ));
    }
    let items: Vec<Bound<'_, PyAny>> = obj
        .try_iter()
        .map_err(|_| PyTypeError::new_err("marks are a list of 81 items"))?
        .collect::<PyResult<_>>()?;
    if items.len() != CELLS {
        return Err(PyValueError::new_err(format!(
            "marks have 81 items, one per cell, got {}",
            items.len()
        )));
    }
    let mut marks = [0u16; CELLS];
    for (i, item) in items.iter().enumerate() {
        let mask = if let Ok(m) = item.extract::<i64>() {
            if m < 0 || m & !0b11_1111_1110 != 0 {
                return Err(PyValueError::new_err(format!(
                    "the marks of cell {i} are {m:#x}: a mask of bits 1 to 9"
                )));
            }
            m as u16
        } else {
            let digits: Vec<i64> = item.extract().map_err(|_| {
                PyTypeError::new_err(format!(
                    "the marks of cell {i} are an int bit mask or an iterable of digits"
                ))
            })?;
            let mut m = 0u16;
            for d in digits {
                if !(1..=9).contains(&d) {
                    return Err(PyValueError::new_err(format!(
                        "a mark of cell {i} is {d}; marks are digits 1-9"
                    )));
                }
                m |= 1 << d;
            }
            m
        };
        marks[i] = mask;
    }
    Ok(marks)
}

/// hint(board, solution=None, marks=None) -> Hint | None
///
/// The next hint for a player at ``board`` (the givens and the digits placed
/// so far), towards ``solution`` (found by the solver when None, which then
/// needs ``board`` to have exactly one solution). ``marks``: the player's
/// pencil marks, 81 items, each a bit mask (bit d for digit d) or an
/// iterable of digits. Returns None when the board is solved.
///
/// >>> h = hint("..3.7..4...6..23.1.89.........1.7.8.517.....6...4.....271..9..5.95..........2....")
/// >>> h.kind, h.technique, h.placements
/// ('step', 'Hidden Single', [(1, 2)])
#[pyfunction]
#[pyo3(signature = (board, solution = None, marks = None))]
fn hint(
    py: Python<'_>,
    board: &Bound<'_, PyAny>,
    solution: Option<&Bound<'_, PyAny>>,
    marks: Option<&Bound<'_, PyAny>>,
) -> PyResult<Option<Hint>> {
    let board = to_grid(board)?;
    let marks = match marks {
        Some(m) => to_marks(m)?,
        None => [0u16; CELLS],
    };
    let solution = match solution {
        Some(s) => {
            let s = to_grid(s)?;
            if !s.is_solved() {
                return Err(PyValueError::new_err(
                    "the solution is not a complete, valid grid",
                ));
            }
            s
        }
        None => {
            let search = py.detach(|| BitmaskSolver::new().search(&board, 2));
            match (search.count, search.solution) {
                (1, Some(s)) => s,
                (0, _) => {
                    return Err(PyValueError::new_err(
                        "the board has no solution (a placed digit may be wrong): pass solution= to get a hint about wrong digits",
                    ))
                }
                _ => {
                    return Err(PyValueError::new_err(
                        "the board has more than one solution: pass solution=",
                    ))
                }
            }
        }
    };
    let h = py.detach(|| core_hint::hint(&board, &solution, &marks));
    Ok(h.map(|h| Hint {
        kind: h.kind.name().to_string(),
        technique: h.technique.map(|t| t.name().to_string()),
        difficulty: tenths(h.difficulty),
        stages: (
            h.stages[0].clone(),
            h.stages[1].clone(),
            h.stages[2].clone(),
        ),
        cells: h
            .cells
            .iter()
            .map(|&HintCell { cell, role, .. }| (cell, role.name().to_string()))
            .collect(),
        placements: h.placements,
        eliminations: h.eliminations,
        digits: h.digits,
        focus: h.focus,
        clear: h.clear,
        used_marks: h.used_marks,
    }))
}

// ------------------------------------------------------------ generation ----

/// A generated puzzle: ``puzzle`` and ``solution`` (81-character strings),
/// ``rating`` (a Rating, or None when no difficulty was asked for) and
/// ``symmetry`` (the clue pattern's symmetry name).
#[pyclass(frozen, module = "sudoku_core", get_all)]
struct Puzzle {
    puzzle: String,
    solution: String,
    rating: Option<Rating>,
    symmetry: String,
}

#[pymethods]
impl Puzzle {
    fn __repr__(&self) -> String {
        let rating = self
            .rating
            .as_ref()
            .map_or_else(|| "None".to_string(), Rating::__repr__);
        format!(
            "Puzzle(puzzle={:?}, solution={:?}, rating={rating}, symmetry={:?})",
            self.puzzle, self.solution, self.symmetry
        )
    }
}

impl Puzzle {
    fn of(g: &puzzle::Generated) -> Puzzle {
        Puzzle {
            puzzle: g.puzzle.to_line(),
            solution: g.solution.to_line(),
            rating: g.rating.as_ref().map(Rating::of),
            symmetry: g.symmetry.name().to_string(),
        }
    }
}

/// generate(level=None, rating=None, blanks=None, symmetry=None, minimal=False, seed=None) -> Puzzle
///
/// One new puzzle with exactly one solution. ``level``: "easy", "medium",
/// "hard", "expert" or "extreme"; ``rating``: a (lo, hi) band of Sudoku
/// Explainer ratings (an end None is open: ``(7.6, None)``); ``blanks``: a
/// number of blanks or a (lo, hi) range (ends None too);
/// ``symmetry``: "none", "rot180", "rot90", "mirror", "diagonal" or "random";
/// ``minimal``: no clue (orbit) can be removed; ``seed``: an int for a
/// reproducible puzzle. Raises ValueError for options no puzzle can meet.
///
/// >>> p = generate(level="easy", seed=7)
/// >>> p.rating.level, solve(p.puzzle) == p.solution
/// ('easy', True)
/// >>> p.puzzle == generate(level="easy", seed=7).puzzle
/// True
#[pyfunction]
#[pyo3(signature = (level = None, rating = None, blanks = None, symmetry = None, minimal = false, seed = None))]
fn generate(
    py: Python<'_>,
    level: Option<&str>,
    rating: Option<Band<f32>>,
    blanks: Option<&Bound<'_, PyAny>>,
    symmetry: Option<&str>,
    minimal: bool,
    seed: Option<Whole<u64>>,
) -> PyResult<Puzzle> {
    let options = options_of(level, rating, blanks, symmetry, minimal, seed.map(|s| s.0))?;
    let generator = Generator::new(options).map_err(|e| PyValueError::new_err(e.to_string()))?;
    let generated = py
        .detach(|| generator.puzzle(0, None))
        .map_err(|e| PyValueError::new_err(e.to_string()))?;
    Ok(Puzzle::of(&generated))
}

/// A `(lo, hi)` band whose ends may be None (open), as the CLI's `LO..`.
type Band<T> = (Option<T>, Option<T>);

/// The generator options of `generate`'s and `near`'s keyword arguments.
fn options_of(
    level: Option<&str>,
    rating: Option<Band<f32>>,
    blanks: Option<&Bound<'_, PyAny>>,
    symmetry: Option<&str>,
    minimal: bool,
    seed: Option<u64>,
) -> PyResult<GeneratorOptions> {
    let mut options = GeneratorOptions::new().minimal(minimal);
    if let Some(level) = level {
        let level: Level = level.parse().map_err(|_| {
            PyValueError::new_err(format!(
                "unknown level {level:?}: easy, medium, hard, expert or extreme"
            ))
        })?;
        options = options.level(level);
    }
    if let Some((lo, hi)) = rating {
        // An open end as on the CLI: the library's reading of the band.
        let scale = core_rate::Scale::Se;
        let Some((lo, hi)) = scale.band(lo, hi) else {
            let top = scale.ratings().highest().unwrap_or(0.0);
            return Err(PyValueError::new_err(format!(
                "a rating band (lo, None) needs lo <= {top}, the highest SE rating, got {}",
                lo.unwrap_or(0.0)
            )));
        };
        if !(lo.is_finite() && hi.is_finite() && lo <= hi) {
            return Err(PyValueError::new_err(format!(
                "a rating band is (lo, hi) with lo <= hi, got ({lo}, {hi})"
            )));
        }
        options = options.rating(lo..=hi);
    }
    if let Some(blanks) = blanks {
        let (lo, hi) = if let Ok(n) = blanks.extract::<usize>() {
            (n, n)
        } else {
            let (lo, hi) = blanks.extract::<Band<usize>>().map_err(|_| {
                PyTypeError::new_err("blanks is an int or a (lo, hi) tuple of ints or None")
            })?;
            (lo.unwrap_or(0), hi.unwrap_or(CELLS))
        };
        if lo > hi {
            return Err(PyValueError::new_err(format!(
                "a blanks range is (lo, hi) with lo <= hi, got ({lo}, {hi})"
            )));
        }
        options = options.blanks(lo..=hi);
    }
    if let Some(symmetry) = symmetry {
        // The library's message, which lists its names.
        let choice: SymmetryChoice =
            symmetry
                .parse()
                .map_err(|e: sudoku_core::puzzle::SymmetryError| {
                    PyValueError::new_err(e.to_string())
                })?;
        options = options.symmetry(choice);
    }
    if let Some(seed) = seed {
        options = options.seed(seed);
    }
    Ok(options)
}

/// near(puzzles, n, level=None, rating=None, blanks=None, minimal=False, seed=None, time_limit=None, threads=0) -> list[Puzzle]
///
/// Up to ``n`` puzzles found near ``puzzles`` (an iterable of puzzles): each
/// changes 1 or 2 clues of one of them, has exactly one solution, meets the
/// options (as ``generate`` takes them) and is equivalent to none of
/// ``puzzles`` and no other find; how the hardest puzzles (``rating=(10,
/// None)``) are found, as ``sudoku puzzles N --near FILE`` finds them. Stops
/// at ``n`` or after ``time_limit`` seconds, with what it found; releases
/// the GIL and uses ``threads`` threads (0: every core); ``seed`` gives the
/// same puzzles whatever the threads. Ctrl-C stops it with
/// KeyboardInterrupt.
///
/// >>> seed = "....6..7.45.7.......94.1.6...82.7....1..3..9.5....98...7.3..2.............2.85.31"
/// >>> found = near([seed], 2, rating=(7.5, 9.0), seed=1)
/// >>> len(found), all(7.5 <= p.rating.er <= 9.0 for p in found)
/// (2, True)
#[pyfunction]
#[pyo3(signature = (puzzles, n, level = None, rating = None, blanks = None, minimal = false, seed = None, time_limit = None, threads = Whole(0)))]
#[allow(clippy::too_many_arguments)]
fn near(
    py: Python<'_>,
    puzzles: &Bound<'_, PyAny>,
    n: Whole<usize>,
    level: Option<&str>,
    rating: Option<Band<f32>>,
    blanks: Option<&Bound<'_, PyAny>>,
    minimal: bool,
    seed: Option<Whole<u64>>,
    time_limit: Option<f64>,
    threads: Whole<usize>,
) -> PyResult<Vec<Puzzle>> {
    // A single puzzle would be read as 81 puzzles of one character each.
    if puzzles.is_instance_of::<PyString>() {
        return Err(PyTypeError::new_err(
            "puzzles is a list (or any iterable) of puzzles: put a single puzzle in a list",
        ));
    }
    let mut seeds = Vec::new();
    for item in puzzles.try_iter()? {
        seeds.push(to_grid(&item?)?);
    }
    let (n, threads) = (n.0, threads.0);
    let options = options_of(level, rating, blanks, None, minimal, seed.map(|s| s.0))?;
    let generator = Generator::new(options).map_err(|e| PyValueError::new_err(e.to_string()))?;
    let deadline = match time_limit {
        None => None,
        Some(s) if s.is_finite() && s > 0.0 && s <= 1e9 => {
            Some(std::time::Instant::now() + std::time::Duration::from_secs_f64(s))
        }
        Some(s) => {
            return Err(PyValueError::new_err(format!(
                "time_limit is a number of seconds above 0 and at most 1e9, got {s}"
            )))
        }
    };
    let mut found = Vec::new();
    let mut interrupted = None;
    let result = py.detach(|| {
        generator.run_near(
            &seeds,
            n,
            threads,
            deadline,
            |_| match Python::attach(|py| py.check_signals()) {
                Ok(()) => true,
                Err(e) => {
                    interrupted = Some(e);
                    false
                }
            },
            |g| {
                found.push(Puzzle::of(g));
                Ok::<(), std::convert::Infallible>(())
            },
        )
    });
    if let Some(e) = interrupted {
        return Err(e);
    }
    result.map_err(|e| match e {
        RunError::Generate(e) => PyValueError::new_err(e.to_string()),
        RunError::Sink(never) => match never {},
    })?;
    Ok(found)
}

/// daily(date) -> Puzzle
///
/// The daily puzzle of ``date`` ("YYYY-MM-DD", or a ``datetime.date``), the
/// same as the command line's ``sudoku daily DATE``, the game's and the web
/// page's.
///
/// >>> daily("2026-01-05").rating.level
/// 'easy'
/// >>> import datetime
/// >>> daily(datetime.date(2026, 1, 5)).puzzle == daily("2026-01-05").puzzle
/// True
#[pyfunction]
fn daily(py: Python<'_>, date: &Bound<'_, PyAny>) -> PyResult<Puzzle> {
    let date: Date = if let Ok(text) = date.extract::<String>() {
        text.parse().map_err(|_| {
            PyValueError::new_err(format!("{text:?} is not a real date written YYYY-MM-DD"))
        })?
    } else if date.is_instance(&py.import("datetime")?.getattr("date")?)? {
        // A datetime.datetime is a date too: its day is taken as it is.
        Date {
            year: date.getattr("year")?.extract()?,
            month: date.getattr("month")?.extract()?,
            day: date.getattr("day")?.extract()?,
        }
    } else {
        return Err(PyTypeError::new_err(format!(
            "date is a str written YYYY-MM-DD or a datetime.date, got {}",
            date.get_type().name()?
        )));
    };
    Ok(Puzzle::of(&py.detach(|| core_daily::puzzle(date))))
}

// ---------------------------------------------------------------- module ----

/// Sudoku for Python: solve, count, rate, explain, hint, generate and
/// canonicalise puzzles with the sudoku-core Rust library.
#[pymodule]
fn _native(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add_function(wrap_pyfunction!(solve, m)?)?;
    m.add_function(wrap_pyfunction!(solutions, m)?)?;
    m.add_function(wrap_pyfunction!(count, m)?)?;
    m.add_function(wrap_pyfunction!(is_unique, m)?)?;
    m.add_function(wrap_pyfunction!(canon, m)?)?;
    m.add_function(wrap_pyfunction!(transform_puzzle, m)?)?;
    m.add_function(wrap_pyfunction!(rate, m)?)?;
    m.add_function(wrap_pyfunction!(explain, m)?)?;
    m.add_function(wrap_pyfunction!(hint, m)?)?;
    m.add_function(wrap_pyfunction!(generate, m)?)?;
    m.add_function(wrap_pyfunction!(near, m)?)?;
    m.add_function(wrap_pyfunction!(daily, m)?)?;
    m.add_function(wrap_pyfunction!(batch::solve_many, m)?)?;
    m.add_function(wrap_pyfunction!(batch::rate_many, m)?)?;
    m.add_function(wrap_pyfunction!(files::read_puzzles, m)?)?;
    m.add_function(wrap_pyfunction!(files::write_puzzles, m)?)?;
    m.add_function(wrap_pyfunction!(files::solve_file, m)?)?;
    m.add_class::<Rating>()?;
    m.add_class::<Step>()?;
    m.add_class::<Hint>()?;
    m.add_class::<Puzzle>()?;
    let levels: Vec<&str> = Level::ALL.iter().map(|l| l.name()).collect();
    m.add("LEVELS", PyTuple::new(m.py(), levels)?)?;
    m.add("__version__", env!("CARGO_PKG_VERSION"))?;
    Ok(())
}
