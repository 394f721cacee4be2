//! Order-preserving, parallel, bounded-memory batch processing.
//!
//! [`map_ordered`] is the engine: worker threads take turns cutting the next
//! chunk from the items and process their chunks in parallel, and the calling
//! thread receives the results in input order. A fixed number of *tokens*
//! circulates between the workers and the consumer: a worker needs one to cut
//! a chunk and the consumer returns it once that chunk's result is consumed. So
//! at most that many chunks exist at once, whatever the input size or the speed
//! of any stage, and memory stays flat. Reading runs on the worker threads
//! rather than on a thread of its own: with as many workers as cores, a reader
//! thread would only take turns with them, and waking it costs a context
//! switch per chunk.
//!
//! [`solve_stream`] applies it to puzzle files: read, solve, format.

use std::collections::BTreeMap;
use std::io::{self, BufRead, Write};
use std::sync::mpsc::{channel, sync_channel, Receiver};
use std::sync::Mutex;
use std::thread;

use thiserror::Error;

use crate::format::{push_assignment, PuzzleReader, ReadError};
use crate::grid::Grid;
use crate::solver::{BitmaskSolver, Solver};

/// Items per chunk in [`solve_stream`]: large enough to amortise the hand-offs
/// (a chunk of 17-clue puzzles is about a millisecond of solving), small
/// enough that the first results appear at once and that the chunks in flight
/// take little memory (a chunk's output is 512 × 163 bytes).
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
    if threads <= 1 {
        return map_on_this_thread(items, chunk_size, &work, &mut sink);
    }
    let in_flight = threads * 8;
    // Workers cut their own chunks from the shared source: no reader thread to
    // wake per chunk, and reading runs on the cores that solve.
    let (token_tx, token_rx) = sync_channel::<()>(in_flight);
    for _ in 0..in_flight {
        // The channel has room for every token.
        let _ = token_tx.send(());
    }
    let source = Mutex::new(Source {
        items,
        tokens: token_rx,
        index: 0,
    });
    let threaded = thread::scope(|scope| {
        // Dropped when the consumer stops, early or not, which wakes any worker
        // waiting for a token.
        let token_tx = token_tx;
        let (result_tx, result_rx) = channel::<(usize, U)>();

        let (work, source) = (&work, &source);
        let mut spawned = 0;
        for _ in 0..threads {
            let result_tx = result_tx.clone();
            // A thread the system refuses (a low `ulimit -v` or `-u`, very
            // many threads) is not an error: the run goes on with those it has.
            let worker = thread::Builder::new().spawn_scoped(scope, move || {
                while let Some((index, start, chunk)) = next_chunk(source, chunk_size) {
                    if result_tx.send((index, work(chunk, start))).is_err() {
                        return;
                    }
                }
            });
            if worker.is_err() {
                break;
            }
            spawned += 1;
        }
        drop(result_tx);
        if spawned == 0 {
            return None;
        }

        let mut pending = BTreeMap::new();
        let mut next = 0;
        for (index, result) in result_rx {
            pending.insert(index, result);
            while let Some(result) = pending.remove(&next) {
                if let Err(e) = sink(result) {
                    return Some(Err(e));
                }
                next += 1;
                // Never blocks: the channel has room for every token, and its
                // receiver lives in `source` until the end.
                let _ = token_tx.send(());
            }
        }
        Some(Ok(()))
    });
    match threaded {
        Some(result) => result,
        // Not a single thread: the calling thread does all the work. No chunk
        // was cut, since only workers cut them.
        None => match source.into_inner() {
            Ok(source) => map_on_this_thread(source.items, chunk_size, &work, &mut sink),
            Err(poisoned) => {
                map_on_this_thread(poisoned.into_inner().items, chunk_size, &work, &mut sink)
            }
        },
    }
}

/// [`map_ordered`] on the calling thread alone.
fn map_on_this_thread<I, T, U, E, W, S>(
    mut items: I,
    chunk_size: usize,
    work: &W,
    sink: &mut S,
) -> Result<(), E>
where
    I: Iterator<Item = T>,
    W: Fn(Vec<T>, usize) -> U,
    S: FnMut(U) -> Result<(), E>,
{
    // Every chunk but the last is full, so chunk k starts at item k × size.
    for start in (0..).step_by(chunk_size) {
        let chunk: Vec<T> = items.by_ref().take(chunk_size).collect();
        if chunk.is_empty() {
            break;
        }
        sink(work(chunk, start))?;
    }
    Ok(())
}

/// The items of a threaded [`map_ordered`] and the number of the next chunk,
/// shared by the workers under one lock.
struct Source<I> {
    items: I,
    /// One token per chunk that may still be started; the consumer returns one
    /// for each chunk it has consumed.
    tokens: Receiver<()>,
    index: usize,
}

/// Takes a token and cuts the next chunk: its number, the index of its first
/// item and the items; `None` once the items (or the consumer) are gone.
fn next_chunk<I: Iterator<Item = T>, T>(
    source: &Mutex<Source<I>>,
    chunk_size: usize,
) -> Option<(usize, usize, Vec<T>)> {
    // A poisoned lock means another worker panicked; the scope re-raises it.
    let mut source = source.lock().ok()?;
    // Waiting for a token with the lock held is what the other workers would do
    // anyway: nobody may start a chunk before one comes back.
    source.tokens.recv().ok()?;
    let chunk: Vec<T> = source.items.by_ref().take(chunk_size).collect();
    if chunk.is_empty() {
        return None;
    }
    let index = source.index;
    source.index += 1;
    // Every chunk but the last is full, so chunk k starts at item k × size.
    Some((index, index * chunk_size, chunk))
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
    // Output buffers written out go back to the workers: a buffer allocated on
    // one thread and freed on another makes the allocator trim and unmap
    // memory, and the page faults and TLB shootdowns cost more than the copy.
    let spare = Mutex::new(Vec::<Vec<u8>>::new());
    let work = |chunk: Vec<Result<crate::format::Puzzle, ReadError>>, start: usize| {
        let bytes = spare.lock().ok().and_then(|mut spare| spare.pop());
        let mut done = SolvedChunk {
            bytes: bytes.unwrap_or_else(|| {
                Vec::with_capacity(chunk.len() * (crate::ASSIGNMENT_GRID_BYTES + 1))
            }),
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
            let mut bytes = done.bytes;
            bytes.clear();
            if let Ok(mut spare) = spare.lock() {
                spare.push(bytes);
            }
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
        None => "its givens do not conflict, but no grid completes them".to_string(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::sync::atomic::{AtomicUsize, Ordering};

    /// Busy work whose cost varies a lot from chunk to chunk, so that chunks
    /// finish out of order.
    fn uneven(chunk: &[u64]) -> u64 {
        let rounds = (chunk[0] * 7919) % 2_000;
        (0..rounds).fold(chunk.iter().sum::<u64>(), |acc, i| {
            std::hint::black_box(acc.rotate_left(1) ^ i)
        })
    }

    #[test]
    fn results_arrive_in_input_order_on_any_thread_count() {
        for threads in [0, 1, 2, 3, 8] {
            let mut seen = Vec::new();
            map_ordered(
                0..5_000u64,
                threads,
                7,
                |chunk, start| {
                    uneven(&chunk);
                    (start, chunk)
                },
                |(start, chunk)| {
                    seen.push((start, chunk));
                    Ok::<(), ()>(())
                },
            )
            .unwrap();
            let mut next = 0u64;
            for (start, chunk) in &seen {
                assert_eq!(*start as u64, next, "threads {threads}");
                for &item in chunk {
                    assert_eq!(item, next, "threads {threads}");
                    next += 1;
                }
            }
            assert_eq!(next, 5_000, "threads {threads}");
        }
    }

    #[test]
    fn a_failing_sink_stops_the_run_early() {
        for threads in [1, 2, 4] {
            let pulled = AtomicUsize::new(0);
            let items = (0..1_000_000u64).inspect(|_| {
                pulled.fetch_add(1, Ordering::Relaxed);
            });
            let mut consumed = 0;
            let result = map_ordered(
                items,
                threads,
                10,
                |chunk, _| chunk.len(),
                |_| {
                    consumed += 1;
                    if consumed == 3 {
                        Err("stop")
                    } else {
                        Ok(())
                    }
                },
            );
            assert_eq!(result, Err("stop"));
            // Only the chunks in flight were read, not the whole input.
            assert!(
                pulled.load(Ordering::Relaxed) <= (3 + threads * 8) * 10,
                "threads {threads}: pulled {}",
                pulled.load(Ordering::Relaxed)
            );
        }
    }

    #[test]
    fn chunks_in_flight_stay_bounded() {
        let threads = 3;
        let pulled = AtomicUsize::new(0);
        let items = (0..50_000u64).inspect(|_| {
            pulled.fetch_add(1, Ordering::Relaxed);
        });
        let mut consumed = 0;
        let mut most_ahead = 0;
        map_ordered(
            items,
            threads,
            16,
            |chunk, _| uneven(&chunk),
            |_| {
                consumed += 16;
                most_ahead =
                    most_ahead.max(pulled.load(Ordering::Relaxed).saturating_sub(consumed));
                Ok::<(), ()>(())
            },
        )
        .unwrap();
        // Items are read at most `threads × 8` chunks ahead of the consumer.
        assert!(most_ahead <= threads * 8 * 16, "{most_ahead}");
        assert_eq!(pulled.load(Ordering::Relaxed), 50_000);
    }
}
