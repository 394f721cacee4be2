//! The batch functions: many puzzles on every core, the GIL released,
//! NumPy arrays out in input order.
//!
//! While the workers run, the calling thread takes the GIL back for a moment
//! every [`SIGNAL_CHECK`] to run Python's signal handlers, so Ctrl-C stops a
//! long batch within about one puzzle's time (a `KeyboardInterrupt`, the
//! workers wound down) instead of when the whole batch is done.

use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::mpsc::{self, RecvTimeoutError};
use std::time::Duration;

use numpy::{PyArray1, PyArray2, PyArrayMethods};
use pyo3::prelude::*;

use sudoku_core::batch::{map_ordered, SOLVE_CHUNK};
use sudoku_core::rate as core_rate;
use sudoku_core::{BitmaskSolver, Grid, Solver, CELLS};

use crate::convert::{batch_grids, cells_array, level_index, row_grid, tenths, valid_cells, Whole};

/// Chunk size for rating: ratings take from microseconds to a second, so
/// small chunks keep every core busy to the end.
const RATE_CHUNK: usize = 4;

/// How often a running batch lets Python handle signals (Ctrl-C).
pub(crate) const SIGNAL_CHECK: Duration = Duration::from_millis(50);

/// How a batch runs: on `threads` threads (0: every core), in chunks of
/// `chunk` puzzles.
#[derive(Clone, Copy)]
struct Plan {
    threads: usize,
    chunk: usize,
}

/// `work` applied to every item as `plan` says, each
/// result handed to `sink` in input order: the one loop under the batch
/// functions. `sink` fills the output arrays directly, with no list of
/// results in between.
///
/// The work runs on a thread of its own while the calling thread, which
/// alone may run Python's signal handlers, checks for them every
/// [`SIGNAL_CHECK`]. When a handler raises (Ctrl-C), the workers skip the
/// puzzles they have not started and the error is returned: a batch stops
/// within about one puzzle's time (a rating can take a second), not a chunk's.
fn in_order<X: Send, T: Send + Sync + Clone>(
    py: Python<'_>,
    items: impl Iterator<Item = X> + Send,
    plan: Plan,
    skipped: T,
    work: impl Fn(X) -> T + Sync,
    mut sink: impl FnMut(T) + Send,
) -> PyResult<()> {
    let stop = AtomicBool::new(false);
    let run = || {
        map_ordered(
            items,
            plan.threads,
            plan.chunk,
            |chunk: Vec<X>, _start| {
                chunk
                    .into_iter()
                    .map(|x| {
                        if stop.load(Ordering::Relaxed) {
                            skipped.clone()
                        } else {
                            work(x)
                        }
                    })
                    .collect::<Vec<_>>()
            },
            |results| {
                if stop.load(Ordering::Relaxed) {
                    return Err(());
                }
                results.into_iter().for_each(&mut sink);
                Ok(())
            },
        )
    };
    py.detach(|| {
        std::thread::scope(|scope| {
            let (done_tx, done_rx) = mpsc::channel::<()>();
            let runner = scope.spawn(move || {
                let _done = done_tx; // dropped when the run ends, however it ends
                run()
            });
            // Until the runner is done, wake every SIGNAL_CHECK to let Python
            // run its handlers; the channel disconnects the moment it is.
            while let Err(RecvTimeoutError::Timeout) = done_rx.recv_timeout(SIGNAL_CHECK) {
                if let Err(raised) = Python::attach(|py| py.check_signals()) {
                    stop.store(true, Ordering::Relaxed);
                    // The workers finish the puzzles they are on, then stop.
                    let _ = runner.join();
                    return Err(raised);
                }
            }
            match runner.join() {
                Ok(_) => Ok(()),
                Err(panic) => std::panic::resume_unwind(panic),
            }
        })
    })
}

/// `work` applied to every puzzle of a batch (see [`in_order`]), a malformed
/// one getting `malformed` (with `strict`, the first raises before any
/// work). A valid C-contiguous uint8 array is read in place by the workers;
/// anything else is converted to grids first.
fn each_puzzle<T: Send + Sync + Clone>(
    py: Python<'_>,
    puzzles: &Bound<'_, PyAny>,
    strict: bool,
    plan: Plan,
    malformed: T,
    work: impl Fn(&Grid) -> T + Sync,
    sink: impl FnMut(T) + Send,
) -> PyResult<()> {
    if let Ok(array) = puzzles.cast::<PyArray2<u8>>() {
        let view = array.readonly();
        if let Some(cells) = valid_cells(&view) {
            let solve_row =
                |row: &[u8]| row_grid(row).map_or_else(|| malformed.clone(), |g| work(&g));
            return in_order(
                py,
                cells.chunks_exact(CELLS),
                plan,
                malformed.clone(),
                solve_row,
                sink,
            );
        }
    }
    let grids = batch_grids(py, puzzles, strict)?;
    let solve_slot = |g: Option<Grid>| g.map_or_else(|| malformed.clone(), |g| work(&g));
    in_order(
        py,
        grids.into_iter(),
        plan,
        malformed.clone(),
        solve_slot,
        sink,
    )
}

/// The two arrays of solve_many.
type SolveArrays<'py> = (Bound<'py, PyArray2<u8>>, Bound<'py, PyArray1<i8>>);

/// solve_many(puzzles, threads=0, strict=True) -> tuple[numpy.ndarray, numpy.ndarray]
///
/// Solves every puzzle (any iterable of puzzles, or an integer array of shape
/// (N, 81)) on ``threads`` threads (0: every core) with the GIL released, and
/// returns ``(solutions, status)`` in input order: ``solutions`` a uint8 array
/// of shape (N, 81) (zeros where there is no solution; one of the solutions
/// where there are several), ``status`` an int8 array of shape (N,): 1 solved
/// with a unique solution, 0 no solution, 2 several solutions, -1 malformed.
///
/// With ``strict`` (the default) a malformed puzzle raises ValueError or
/// TypeError naming its index before any work is done; with ``strict=False``
/// it gets status -1 and every other puzzle is solved.
///
/// >>> sols, status = solve_many(["4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......", "." * 81, "11" + "." * 79])
/// >>> status.tolist()
/// [1, 2, 0]
/// >>> "".join(map(str, sols[0]))
/// '417369825632158947958724316825437169791586432346912758289643571573291684164875293'
/// >>> solve_many(["." * 81, "x"], strict=False)[1].tolist()
/// [2, -1]
#[pyfunction]
#[pyo3(signature = (puzzles, threads = Whole(0), strict = true))]
pub(crate) fn solve_many<'py>(
    py: Python<'py>,
    puzzles: &Bound<'py, PyAny>,
    threads: Whole<usize>,
    strict: bool,
) -> PyResult<SolveArrays<'py>> {
    let n = puzzles.len().unwrap_or(0);
    let mut cells: Vec<u8> = Vec::with_capacity(n * CELLS);
    let mut status: Vec<i8> = Vec::with_capacity(n);
    let solve = |p: &Grid| {
        let search = BitmaskSolver::new().search(p, 2);
        (search.solution, search.count.min(2) as i8)
    };
    each_puzzle(
        py,
        puzzles,
        strict,
        Plan {
            threads: threads.0,
            chunk: SOLVE_CHUNK,
        },
        (None, -1),
        solve,
        |(solution, count)| {
            match solution {
                Some(s) if count > 0 => cells.extend_from_slice(s.cells()),
                _ => cells.extend_from_slice(&[0; CELLS]),
            }
            status.push(count);
        },
    )?;
    Ok((cells_array(py, cells), PyArray1::from_vec(py, status)))
}

/// The four arrays of rate_many.
type RateArrays<'py> = (
    Bound<'py, PyArray1<f64>>,
    Bound<'py, PyArray1<f64>>,
    Bound<'py, PyArray1<f64>>,
    Bound<'py, PyArray1<i8>>,
);

/// A rated puzzle's (er, ep, ed, level index), or NaNs and `level` when
/// there is no rating. Difficulties are the nearest float64 to their one
/// decimal (2.6, not float32's 2.5999999), as `rate` gives them.
fn rating_row(rating: Option<core_rate::Rating>, unrated: i8) -> (f64, f64, f64, i8) {
    match rating {
        Some(r) => (
            tenths(r.score),
            tenths(r.pearl),
            tenths(r.diamond),
            level_index(r.level),
        ),
        None => (f64::NAN, f64::NAN, f64::NAN, unrated),
    }
}

/// rate_many(puzzles, threads=0, strict=True) -> tuple[numpy.ndarray, numpy.ndarray, numpy.ndarray, numpy.ndarray]
///
/// Rates every puzzle (any iterable of puzzles, or an integer array of shape
/// (N, 81)) on ``threads`` threads (0: every core) with the GIL released, and
/// returns ``(er, ep, ed, level)`` in input order: three float64 arrays (NaN
/// for a puzzle that cannot be rated) and an int8 array of level indices (0
/// easy, 1 medium, 2 hard, 3 expert, 4 extreme; -1 not rated because it has
/// no unique solution; -2 malformed). ``LEVELS`` names them.
///
/// With ``strict`` (the default) a malformed puzzle raises ValueError or
/// TypeError naming its index before any work is done; with ``strict=False``
/// it gets level -2 and every other puzzle is rated.
///
/// >>> er, ep, ed, level = rate_many(["..3.7..4...6..23.1.89.........1.7.8.517.....6...4.....271..9..5.95..........2....", "." * 81])
/// >>> er.tolist()[:1], level.tolist(), bool(er[1] != er[1])
/// ([2.6], [1, -1], True)
#[pyfunction]
#[pyo3(signature = (puzzles, threads = Whole(0), strict = true))]
pub(crate) fn rate_many<'py>(
    py: Python<'py>,
    puzzles: &Bound<'py, PyAny>,
    threads: Whole<usize>,
    strict: bool,
) -> PyResult<RateArrays<'py>> {
    let n = puzzles.len().unwrap_or(0);
    let (mut er, mut ep, mut ed, mut level) = (
        Vec::with_capacity(n),
        Vec::with_capacity(n),
        Vec::with_capacity(n),
        Vec::with_capacity(n),
    );
    let rate = |g: &Grid| rating_row(core_rate::rate(g), -1);
    each_puzzle(
        py,
        puzzles,
        strict,
        Plan {
            threads: threads.0,
            chunk: RATE_CHUNK,
        },
        rating_row(None, -2),
        rate,
        |(r, p, d, l)| {
            er.push(r);
            ep.push(p);
            ed.push(d);
            level.push(l);
        },
    )?;
    Ok((
        PyArray1::from_vec(py, er),
        PyArray1::from_vec(py, ep),
        PyArray1::from_vec(py, ed),
        PyArray1::from_vec(py, level),
    ))
}
