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
use std::panic::{self, AssertUnwindSafe};
use std::sync::mpsc::{channel, sync_channel, Receiver, RecvTimeoutError, SyncSender};
use std::sync::{Arc, Mutex};
use std::thread;

use thiserror::Error;

use crate::format::{push_grid, PuzzleReader, ReadError};
use crate::grid::{Conflict, Grid};
use crate::solver::{BitmaskSolver, Solver};

/// Items per chunk in [`solve_stream`]: large enough to amortise the hand-offs
/// (a chunk of 17-clue puzzles is about a millisecond of solving), small
/// enough that the first results appear at once and that the chunks in flight
/// take little memory (a chunk's output is 512 × 163 bytes).
pub const SOLVE_CHUNK: usize = 512;

/// The number of threads to use by default: every core this process may run on.
#[must_use]
pub fn default_threads() -> usize {
    thread::available_parallelism().map_or(1, |n| n.get())
}

/// The most worker threads any function of this crate starts; larger
/// requests are lowered to it (far more threads than cores only cost memory,
/// and an absurd count would make thread creation fail).
pub const MAX_THREADS: usize = 1024;

/// Threads per core beyond which a request is lowered (see [`resolve_threads`]).
pub const THREADS_PER_CORE: usize = 4;

/// A requested thread count as every function of this crate reads it: 0 means
/// every core ([`default_threads`]); counts above [`THREADS_PER_CORE`] per
/// core, or above [`MAX_THREADS`], are lowered to that.
///
/// Why a per-core cap: the work is CPU-bound, so threads beyond the cores
/// only wait their turn, while each one reserves a stack (2 MiB of address
/// space). Under an address-space limit (`ulimit -v`), a thousand stacks
/// leave no room for the heap, and the run would die on its next allocation
/// rather than going on with fewer threads.
///
/// ```
/// use sudoku_core::batch::{default_threads, resolve_threads, THREADS_PER_CORE};
///
/// assert_eq!(resolve_threads(0), default_threads());
/// assert_eq!(resolve_threads(3), 3.min(THREADS_PER_CORE * default_threads()));
/// assert_eq!(resolve_threads(usize::MAX), THREADS_PER_CORE * default_threads());
/// ```
#[must_use]
pub fn resolve_threads(requested: usize) -> usize {
    let cap = default_threads()
        .saturating_mul(THREADS_PER_CORE)
        .min(MAX_THREADS);
    if requested == 0 {
        default_threads().min(MAX_THREADS)
    } else {
        requested.min(cap)
    }
}

/// Processes `items` in chunks of `chunk_size` on `threads` worker threads and
/// passes each chunk's result to `sink` in input order.
///
/// `work` receives a chunk and the index of its first item. `threads` is read
/// by [`resolve_threads`] (0: every core); with one thread everything runs on
/// the calling thread. If `sink` returns an error,
/// reading stops, the workers wind down, and the error is returned. If `work`
/// panics on a worker, the other workers stop after their current chunk and
/// the panic is raised again on the calling thread.
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
    let threads = resolve_threads(threads);
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
        // A chunk's result, or the panic its work raised.
        let (result_tx, result_rx) = channel::<(usize, thread::Result<U>)>();

        let (work, source) = (&work, &source);
        let mut spawned = 0;
        for _ in 0..threads {
            let result_tx = result_tx.clone();
            // A thread the system refuses (a low `ulimit -v` or `-u`, very
            // many threads) is not an error: the run goes on with those it has.
            let worker = thread::Builder::new().spawn_scoped(scope, move || {
                while let Some((index, start, chunk)) = next_chunk(source, chunk_size) {
                    // Caught so the consumer learns of it: otherwise it would
                    // wait forever for this chunk while the others wait for tokens.
                    let result = panic::catch_unwind(AssertUnwindSafe(|| work(chunk, start)));
                    let panicked = result.is_err();
                    if result_tx.send((index, result)).is_err() || panicked {
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
            // Returning drops the tokens' sender and the results' receiver,
            // so the other workers stop after their current chunk.
            let result = match result {
                Ok(result) => result,
                Err(payload) => return Some(Err(Stopped::Panicked(payload))),
            };
            pending.insert(index, result);
            while let Some(result) = pending.remove(&next) {
                if let Err(e) = sink(result) {
                    return Some(Err(Stopped::Sink(e)));
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
        Some(Ok(())) => Ok(()),
        Some(Err(Stopped::Sink(e))) => Err(e),
        Some(Err(Stopped::Panicked(payload))) => panic::resume_unwind(payload),
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

/// Why [`map_ordered`]'s workers stopped before the end.
enum Stopped<E> {
    /// The sink returned this error.
    Sink(E),
    /// `work` panicked on a worker thread, with this payload.
    Panicked(Box<dyn std::any::Any + Send>),
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

/// Applies `work` to every item on `threads` worker threads (0: every core,
/// see [`resolve_threads`]) and returns the results as an iterator, in input
/// order: the pull-based form of [`map_ordered`], for callers that want to
/// consume results at their own pace rather than in a callback.
///
/// Memory stays bounded the same way: at most `threads × 8` chunks of
/// `chunk_size` items are read ahead of the consumer, however long the input
/// and however slow the consumer. Dropping the iterator early stops the
/// workers after the chunk each is on (they are not waited for, so a worker
/// blocked reading `items` cannot hold up the caller).
///
/// ```
/// use sudoku_core::batch::ordered;
///
/// let squares: Vec<u64> = ordered(0..1000u64, 0, 16, |x| x * x).collect();
/// assert_eq!(squares.len(), 1000);
/// assert!(squares.iter().enumerate().all(|(i, &s)| s == (i * i) as u64));
/// ```
///
/// When the system starts fewer threads than asked, the run goes on with
/// those it has; when it starts none (as on wasm32-unknown-unknown), the
/// items are worked on in the consumer's calls to `next`.
///
/// # Panics
/// A panic in `work` is raised again in the consumer's call to `next`.
pub fn ordered<I, T, U, F>(items: I, threads: usize, chunk_size: usize, work: F) -> Ordered<U>
where
    I: IntoIterator<Item = T>,
    I::IntoIter: Send + 'static,
    T: Send + 'static,
    U: Send + 'static,
    F: Fn(T) -> U + Send + Sync + 'static,
{
    let threads = resolve_threads(threads);
    let chunk_size = chunk_size.max(1);
    let in_flight = threads * 8;
    let (token_tx, token_rx) = sync_channel::<()>(in_flight);
    for _ in 0..in_flight {
        // The channel has room for every token.
        let _ = token_tx.send(());
    }
    let source = Arc::new(Mutex::new(Source {
        items: items.into_iter(),
        tokens: token_rx,
        index: 0,
    }));
    let work = Arc::new(work);
    let (result_tx, result_rx) = channel::<(usize, Vec<U>)>();
    let mut workers = Vec::with_capacity(threads);
    for _ in 0..threads {
        let (source, work, result_tx) = (Arc::clone(&source), Arc::clone(&work), result_tx.clone());
        // A thread the system refuses is not an error: the run goes on with
        // those it has, or on the consumer's thread if it has none.
        let worker = thread::Builder::new().spawn(move || {
            while let Some((index, _start, chunk)) = next_chunk(&source, chunk_size) {
                let results: Vec<U> = chunk.into_iter().map(|item| work(item)).collect();
                if result_tx.send((index, results)).is_err() {
                    return;
                }
            }
        });
        match worker {
            Ok(worker) => workers.push(worker),
            Err(_) => break,
        }
    }
    let inline = if workers.is_empty() {
        // No thread at all (wasm32-unknown-unknown has none): the consumer's
        // `next` does the work, one item at a time, in order. Every clone of
        // `source` and `work` went with the closures that were never run.
        let items = Arc::try_unwrap(source)
            .ok()
            .and_then(|source| source.into_inner().ok())
            .map(|source| source.items);
        let work = Arc::try_unwrap(work).ok();
        match (items, work) {
            (Some(items), Some(work)) => {
                Some(Box::new(items.map(work)) as Box<dyn Iterator<Item = U> + Send>)
            }
            _ => None,
        }
    } else {
        None
    };
    Ordered {
        results: result_rx,
        tokens: token_tx,
        pending: BTreeMap::new(),
        current: Vec::new().into_iter(),
        next: 0,
        workers,
        inline,
    }
}

/// Solves every puzzle on `threads` threads (0: every core) and returns the
/// solutions in input order: `Some(solution)`, or `None` for a puzzle without
/// one. Memory stays bounded whatever the input's length (see [`ordered`]).
///
/// ```
/// use std::io::Cursor;
/// use sudoku_core::batch::solve_ordered;
/// use sudoku_core::PuzzleReader;
///
/// let text = "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......\n\
///             11...............................................................................\n";
/// let puzzles = PuzzleReader::new(Cursor::new(text)).map(|p| p.unwrap().grid);
/// let solutions: Vec<_> = solve_ordered(puzzles, 0).collect();
/// assert!(solutions[0].is_some_and(|s| s.is_solved()));
/// assert_eq!(solutions[1], None); // two 1s in the first row
/// ```
///
/// Without threads (wasm32-unknown-unknown) the puzzles are solved in the
/// consumer's calls to `next`, as [`ordered`] does.
pub fn solve_ordered<I>(puzzles: I, threads: usize) -> Ordered<Option<Grid>>
where
    I: IntoIterator<Item = Grid>,
    I::IntoIter: Send + 'static,
{
    ordered(puzzles, threads, SOLVE_CHUNK, |puzzle: Grid| {
        BitmaskSolver::new().solve(&puzzle)
    })
}

/// How long [`Ordered`] waits for a chunk before checking for a worker
/// that panicked.
const WORKER_CHECK: std::time::Duration = std::time::Duration::from_millis(50);

/// The results of [`ordered`] and [`solve_ordered`], in input order.
pub struct Ordered<U> {
    results: Receiver<(usize, Vec<U>)>,
    /// Returned to the workers, one per chunk taken out of `pending`.
    tokens: SyncSender<()>,
    /// Chunks that arrived before an earlier one.
    pending: BTreeMap<usize, Vec<U>>,
    /// The chunk being handed out.
    current: std::vec::IntoIter<U>,
    /// The number of the next chunk in input order.
    next: usize,
    workers: Vec<thread::JoinHandle<()>>,
    /// The work done on the consumer's thread, when no worker could start.
    inline: Option<Box<dyn Iterator<Item = U> + Send>>,
}

impl<U> std::fmt::Debug for Ordered<U> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Ordered")
            .field("next", &self.next)
            .field("pending", &self.pending.len())
            .field("workers", &self.workers.len())
            .field("inline", &self.inline.is_some())
            .finish_non_exhaustive()
    }
}

impl<U> Iterator for Ordered<U> {
    type Item = U;

    fn next(&mut self) -> Option<U> {
        if let Some(inline) = &mut self.inline {
            return inline.next();
        }
        loop {
            if let Some(result) = self.current.next() {
                return Some(result);
            }
            if let Some(chunk) = self.pending.remove(&self.next) {
                self.next += 1;
                // Never blocks: the channel has room for every token. It fails
                // only once the workers are gone, when no token is needed.
                let _ = self.tokens.send(());
                self.current = chunk.into_iter();
                continue;
            }
            match self.results.recv_timeout(WORKER_CHECK) {
                Ok((index, chunk)) => {
                    self.pending.insert(index, chunk);
                }
                Err(RecvTimeoutError::Timeout) => {
                    // A worker that panicked never delivers its chunk, and the
                    // others may be waiting for tokens that only that chunk
                    // would free: raise its panic here instead of waiting.
                    let mut i = 0;
                    while i < self.workers.len() {
                        if self.workers[i].is_finished() {
                            if let Err(panic) = self.workers.swap_remove(i).join() {
                                std::panic::resume_unwind(panic);
                            }
                        } else {
                            i += 1;
                        }
                    }
                }
                Err(RecvTimeoutError::Disconnected) => {
                    // Every worker has finished: the items ran out, or one
                    // panicked, whose panic is raised here.
                    for worker in self.workers.drain(..) {
                        if let Err(panic) = worker.join() {
                            std::panic::resume_unwind(panic);
                        }
                    }
                    return None;
                }
            }
        }
    }
}

impl<U> std::iter::FusedIterator for Ordered<U> {}

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
#[non_exhaustive]
pub struct Unsolvable {
    /// 1-based position of the puzzle in the input.
    pub number: u64,
    /// The line its first row is on.
    pub line: usize,
    /// Why: a conflict among the givens, or no solution.
    pub reason: UnsolvableReason,
}

/// Why a puzzle has no solution.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Error)]
#[non_exhaustive]
pub enum UnsolvableReason {
    /// Two givens repeat a digit in a row, column or box.
    #[error("the givens conflict: {0}")]
    Conflict(Conflict),
    /// The givens do not conflict, but no grid completes them.
    #[error("its givens do not conflict, but no grid completes them")]
    NoSolution,
}

/// A failed [`solve_stream`].
/// Deliberately exhaustive: a batch fails reading or writing, nothing else,
/// so callers map each to an exit code without a catch-all arm.
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
#[non_exhaustive]
pub struct SolveTotals {
    /// Puzzles read (and grids written).
    pub puzzles: u64,
    /// Puzzles without a solution (written as given).
    pub unsolvable: u64,
}

/// What [`solve_stream`] reports while it runs, in input order.
#[derive(Debug)]
#[non_exhaustive]
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
/// threads (0: every core, see [`resolve_threads`]), and writes one grid per puzzle to `out` in input order, in the
/// grid format ([`crate::format::GridWriter`]'s).
///
/// A puzzle without a solution is written as given (blanks as 0), so output
/// positions stay aligned with the input, and it is reported to `events`. A
/// malformed input stops the run with [`BatchError::Read`]; `out` then holds a
/// prefix, which callers writing a file should discard (write to a temporary
/// file and rename it over the target only on success).
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
    let work = |chunk: Vec<Result<crate::format::PuzzleRecord, ReadError>>, start: usize| {
        let bytes = spare.lock().ok().and_then(|mut spare| spare.pop());
        let mut done = SolvedChunk {
            bytes: bytes
                .unwrap_or_else(|| Vec::with_capacity(chunk.len() * (crate::GRID_TEXT_BYTES + 1))),
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
            push_grid(&mut done.bytes, &grid, number == 1);
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

/// Why `puzzle`, known to have no solution, has none: a conflict among its
/// givens if there is one.
#[must_use]
pub fn why_unsolvable(puzzle: &Grid) -> UnsolvableReason {
    match puzzle.first_conflict() {
        Some(conflict) => UnsolvableReason::Conflict(conflict),
        None => UnsolvableReason::NoSolution,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::sync::atomic::{AtomicUsize, Ordering};

    #[test]
    fn a_panic_in_work_reaches_the_caller_instead_of_hanging() {
        for threads in [2, 4] {
            let sunk = AtomicUsize::new(0);
            let caught = panic::catch_unwind(AssertUnwindSafe(|| {
                map_ordered(
                    0..1_000_000u64,
                    threads,
                    10,
                    |chunk, start| {
                        assert!(start != 500, "work failed on purpose");
                        chunk.len()
                    },
                    |_| {
                        sunk.fetch_add(1, Ordering::Relaxed);
                        Ok::<(), ()>(())
                    },
                )
            }));
            let payload = caught.expect_err("the panic is raised again");
            let message = payload
                .downcast_ref::<String>()
                .map(String::as_str)
                .or_else(|| payload.downcast_ref::<&str>().copied());
            assert_eq!(message, Some("work failed on purpose"));
            // Only chunks before the failed one (chunk 50) reached the sink.
            assert!(sunk.load(Ordering::Relaxed) <= 50);
        }
    }

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
