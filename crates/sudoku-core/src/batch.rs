//! Order-preserving, parallel, bounded-memory batch processing.
//!
//! [`map_ordered`] is the engine: one thread reads items and cuts them into
//! chunks, worker threads process chunks in any order, and the calling thread
//! receives the results in input order. A fixed number of *tokens* circulates
//! between the reader and the consumer: the reader needs one to start a chunk
//! and the consumer returns it once that chunk's result is consumed. So at most
//! that many chunks exist at once, whatever the input size or the speed of any
//! stage, and memory stays flat.
//!
//! [`solve_stream`] applies it to puzzle files: read, solve, format.

use std::collections::BTreeMap;
use std::io::{self, BufRead, Write};
use std::sync::mpsc::{channel, sync_channel};
use std::sync::{Arc, Mutex};
use std::thread;

use thiserror::Error;

use crate::format::{push_assignment, PuzzleReader, ReadError};
use crate::grid::Grid;
use crate::solver::{BitmaskSolver, Solver};

/// Items per chunk in [`solve_stream`]: large enough to amortise the hand-offs,
/// small enough that the first results appear at once, and that a chunk's
/// output (512 × 163 bytes) stays below glibc's 128 KiB mmap threshold, so
/// its buffer is recycled instead of mapped and faulted in anew.
pub const SOLVE_CHUNK: usize = 512;

/// The number of threads to use by default: every core this process may run on.
pub fn default_threads() -> usize {
    thread::available_parallelism().map_or(1, |n| n.get())
}

/// A requested thread count, with 0 meaning "every core" ([`default_threads`]).
pub fn resolve_threads(requested: usize) -> usize {
    if requested == 0 {
        default_threads()
    } else {
        requested
    }
}

/// Processes `items` in chunks of `chunk_size` on `threads` worker threads and
/// passes each chunk's result to `sink` in input order.
///
/// `work` receives a chunk and the index of its first item. With `threads` of
/// 0 or 1 everything runs on the calling thread. If `sink` returns an error,
/// reading stops, the workers wind down, and the error is returned.
///
/// ```
/// use sudoku_core::batch::map_ordered;
///
/// let mut out = Vec::new();
/// map_ordered(0..10_000u64, 2, 100, |chunk, _start| chunk.iter().sum::<u64>(), |sum| {
///     out.push(sum);
///     Ok::<(), ()>(())
/// })
/// .unwrap();
/// assert_eq!(out.len(), 100);
/// assert_eq!(out[0], (0..100).sum::<u64>());
/// ```
pub fn map_ordered<I, T, U, E, W, S>(
    items: I,
    threads: usize,
    chunk_size: usize,
    work: W,
    mut sink: S,
) -> Result<(), E>
where
    I: Iterator<Item = T> + Send,
    T: Send,
    U: Send,
    W: Fn(Vec<T>, usize) -> U + Sync,
    S: FnMut(U) -> Result<(), E>,
{
    let chunk_size = chunk_size.max(1);
    let mut items = items;
    if threads <= 1 {
        let mut start = 0;
        loop {
            let chunk: Vec<T> = items.by_ref().take(chunk_size).collect();
            if chunk.is_empty() {
                return Ok(());
            }
            let len = chunk.len();
            sink(work(chunk, start))?;
            start += len;
        }
    }
    let in_flight = threads * 8;
    thread::scope(|scope| {
        // Room for every chunk in flight, so the reader never blocks the workers
        // when it gets the CPU: the tokens alone bound memory.
        let (job_tx, job_rx) = sync_channel::<(usize, usize, Vec<T>)>(in_flight);
        let job_rx = Arc::new(Mutex::new(job_rx));
        let (result_tx, result_rx) = channel::<(usize, U)>();
        let (token_tx, token_rx) = sync_channel::<()>(in_flight);
        for _ in 0..in_flight {
            // The channel has room for every token.
            let _ = token_tx.send(());
        }

        scope.spawn(move || {
            let (mut index, mut start) = (0, 0);
            while token_rx.recv().is_ok() {
                let chunk: Vec<T> = items.by_ref().take(chunk_size).collect();
                if chunk.is_empty() {
                    break;
                }
                let len = chunk.len();
                if job_tx.send((index, start, chunk)).is_err() {
                    break;
                }
                index += 1;
                start += len;
            }
        });

        let work = &work;
        for _ in 0..threads {
            let job_rx = Arc::clone(&job_rx);
            let result_tx = result_tx.clone();
            scope.spawn(move || loop {
                let job = match job_rx.lock() {
                    Ok(rx) => rx.recv(),
                    Err(_) => return,
                };
                let Ok((index, start, chunk)) = job else {
                    return;
                };
                if result_tx.send((index, work(chunk, start))).is_err() {
                    return;
                }
            });
        }
        drop(job_rx);
        drop(result_tx);

        let mut pending = BTreeMap::new();
        let mut next = 0;
        for (index, result) in result_rx {
            pending.insert(index, result);
            while let Some(result) = pending.remove(&next) {
                sink(result)?;
                next += 1;
                // The reader may have finished and dropped its receiver.
                let _ = token_tx.send(());
            }
        }
        Ok(())
    })
}

/// A puzzle that has no solution, reported by [`solve_stream`].
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Unsolvable {
    /// 1-based position of the puzzle in the input.
    pub number: u64,
    /// The line its first row is on.
    pub line: usize,
    /// Why: a conflict among the givens, or no solution.
    pub reason: String,
}

/// A failed [`solve_stream`].
#[derive(Debug, Error)]
pub enum BatchError {
    /// The input was malformed or could not be read.
    #[error(transparent)]
    Read(#[from] ReadError),
    /// The output could not be written.
    #[error("write failed: {0}")]
    Write(#[source] io::Error),
}

/// The totals of a [`solve_stream`] run.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct SolveTotals {
    /// Puzzles read (and grids written).
    pub puzzles: u64,
    /// Puzzles without a solution (written as given).
    pub unsolvable: u64,
}

/// What [`solve_stream`] reports while it runs, in input order.
#[derive(Debug)]
pub enum SolveEvent<'a> {
    /// A puzzle without a solution; its grid was written as given.
    Unsolvable(&'a Unsolvable),
    /// The number of puzzles finished so far (after each chunk).
    Progress(u64),
}

struct SolvedChunk {
    bytes: Vec<u8>,
    puzzles: u64,
    unsolvable: Vec<Unsolvable>,
    error: Option<ReadError>,
}

/// Reads puzzles from `input` (any [`crate::format`]), solves them on `threads`
/// threads, and writes one grid per puzzle to `out` in input order, in the
/// assignment format.
///
/// A puzzle without a solution is written as given (blanks as 0), so output
/// positions stay aligned with the input, and it is reported to `events`. A
/// malformed input stops the run with [`BatchError::Read`]; `out` then holds a
/// prefix, which callers writing a file discard (see [`crate::output`]).
pub fn solve_stream<R, W>(
    input: R,
    out: &mut W,
    threads: usize,
    mut events: impl FnMut(SolveEvent<'_>),
) -> Result<SolveTotals, BatchError>
where
    R: BufRead + Send,
    W: Write + ?Sized,
{
    let solver = BitmaskSolver::new();
    let mut totals = SolveTotals::default();
    let work = |chunk: Vec<Result<crate::format::Puzzle, ReadError>>, start: usize| {
        let mut done = SolvedChunk {
            bytes: Vec::with_capacity(chunk.len() * (crate::ASSIGNMENT_GRID_BYTES + 1)),
            puzzles: 0,
            unsolvable: Vec::new(),
            error: None,
        };
        for (offset, item) in chunk.into_iter().enumerate() {
            let puzzle = match item {
                Ok(puzzle) => puzzle,
                Err(e) => {
                    done.error = Some(e);
                    break;
                }
            };
            let number = (start + offset) as u64 + 1;
            let grid = match solver.solve(&puzzle.grid) {
                Some(solution) => solution,
                None => {
                    done.unsolvable.push(Unsolvable {
                        number,
                        line: puzzle.line,
                        reason: why_unsolvable(&puzzle.grid),
                    });
                    puzzle.grid
                }
            };
            push_assignment(&mut done.bytes, &grid, number == 1);
            done.puzzles += 1;
        }
        done
    };
    map_ordered(
        PuzzleReader::new(input),
        threads,
        SOLVE_CHUNK,
        work,
        |done: SolvedChunk| {
            out.write_all(&done.bytes).map_err(BatchError::Write)?;
            totals.puzzles += done.puzzles;
            totals.unsolvable += done.unsolvable.len() as u64;
            for unsolvable in &done.unsolvable {
                events(SolveEvent::Unsolvable(unsolvable));
            }
            if let Some(error) = done.error {
                return Err(BatchError::Read(error));
            }
            events(SolveEvent::Progress(totals.puzzles));
            Ok(())
        },
    )?;
    out.flush().map_err(BatchError::Write)?;
    Ok(totals)
}

/// A short explanation of why `puzzle` has no solution.
pub fn why_unsolvable(puzzle: &Grid) -> String {
    match puzzle.first_conflict() {
        Some(conflict) => format!("the givens conflict: {conflict}"),
        None => "it has no solution".to_string(),
    }
}
