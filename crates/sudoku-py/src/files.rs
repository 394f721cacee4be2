//! Puzzle files in the project's formats, read and written by the library's
//! own reader and writer, so a file means the same to Python as to the
//! `sudoku` command.
//!
//! Reading streams (constant memory besides the result) and reports the file,
//! line and column of the first malformed puzzle. Writing replaces the file
//! atomically: the puzzles go to a temporary file beside it, which is renamed
//! over the old one only when complete, so a failure never leaves a
//! half-written or truncated file.

use std::fs::{self, File, OpenOptions};
use std::io::{self, BufReader, BufWriter, Write};
use std::path::{Path, PathBuf};
use std::time::Instant;

use numpy::{PyArray2, PyArrayMethods};
use pyo3::exceptions::{PyOSError, PyValueError};
use pyo3::prelude::*;
use pyo3::types::PyList;

use sudoku_core::batch::{resolve_threads, solve_stream, BatchError, SolveEvent};
use sudoku_core::format::{push_grid, push_line, PuzzleReader, ReadError};
use sudoku_core::{Grid, CELLS};

use crate::batch::SIGNAL_CHECK;
use crate::convert::{batch_grids, cells_array, line, row_grid, valid_cells, Whole};

/// `err` as Python's OSError for `path`: `OSError(errno, message, filename)`,
/// which Python turns into FileNotFoundError, PermissionError, IsADirectoryError...
fn os_error(err: &io::Error, path: &Path) -> PyErr {
    let text = err.to_string();
    let message = match text.find(" (os error") {
        Some(cut) => text[..cut].to_string(),
        None => text,
    };
    let filename = path.display().to_string();
    match err.raw_os_error() {
        Some(code) => PyOSError::new_err((code, message, filename)),
        None => PyOSError::new_err(format!("{filename}: {message}")),
    }
}

/// Every puzzle of the file at `path`, in order, each handed to `each`.
fn read_grids(path: &Path, mut each: impl FnMut(Grid)) -> PyResult<()> {
    let file = File::open(path).map_err(|e| os_error(&e, path))?;
    for read in PuzzleReader::new(BufReader::with_capacity(1 << 16, file)) {
        match read {
            Ok(puzzle) => each(puzzle.grid),
            Err(ReadError::Parse(e)) => {
                return Err(PyValueError::new_err(format!("{}: {e}", path.display())))
            }
            Err(ReadError::Io(e)) => return Err(os_error(&e, path)),
        }
    }
    Ok(())
}

/// read_puzzles(path, as_array=False) -> list[str] | numpy.ndarray
///
/// Every puzzle of the file at ``path``, in order: the assignment's grid
/// format (nine rows of nine cells), 81-character lines (anything after the
/// puzzle ignored, as collections append ratings there) or nine compact rows,
/// detected as the ``sudoku`` command does; ``#`` lines are comments. Returns
/// 81-character strings ('.' for blanks), or with ``as_array`` a uint8 array
/// of shape (N, 81). Raises ValueError naming the file, line and column of a
/// malformed puzzle, and OSError (FileNotFoundError, ...) when the file
/// cannot be read.
///
/// >>> import os, tempfile
/// >>> path = os.path.join(tempfile.mkdtemp(), "p.txt")
/// >>> _ = open(path, "w").write("# two\n" + "1" + "." * 80 + "\n" + "." * 81 + "  ER=1.2\n")
/// >>> read_puzzles(path)[0][:3], read_puzzles(path, as_array=True).shape
/// ('1..', (2, 81))
/// >>> _ = open(path, "a").write("12\n")
/// >>> read_puzzles(path)
/// Traceback (most recent call last):
/// ...
/// ValueError: .../p.txt: line 4, column ...: line has 2 cells; expected 81 in the line (81 cells on one line) format
#[pyfunction]
#[pyo3(signature = (path, as_array = false))]
pub(crate) fn read_puzzles<'py>(
    py: Python<'py>,
    path: PathBuf,
    as_array: bool,
) -> PyResult<Bound<'py, PyAny>> {
    if as_array {
        // Straight into the array's buffer, which NumPy then owns, reserved
        // once for the most puzzles the file can hold (81 cells and a
        // newline each): growing it by doubling cost more than the parsing.
        // Pages never touched cost nothing, and shrinking a large buffer
        // remaps it without a copy.
        let most = fs::metadata(&path).map_or(0, |m| m.len() / 82) as usize;
        let mut cells = Vec::with_capacity(most.min(1 << 24) * CELLS);
        py.detach(|| read_grids(&path, |g| cells.extend_from_slice(g.cells())))?;
        cells.shrink_to_fit();
        return Ok(cells_array(py, cells).into_any());
    }
    let mut grids = Vec::new();
    py.detach(|| read_grids(&path, |g| grids.push(g)))?;
    Ok(PyList::new(py, grids.iter().map(|g| line(py, g)))?.into_any())
}

/// The file the text goes to: the target of a symbolic link, so that writing
/// through a link replaces the file it points to, not the link.
fn real_target(path: &Path) -> PathBuf {
    match fs::symlink_metadata(path) {
        Ok(meta) if meta.file_type().is_symlink() => {
            fs::canonicalize(path).unwrap_or_else(|_| path.to_path_buf())
        }
        _ => path.to_path_buf(),
    }
}

/// Gives the new file the replaced file's owner and group as far as the
/// process may, as the `sudoku` command does: root keeps both; another
/// process may not give a file away, so it keeps the group alone when it is
/// a member of it, and otherwise the new file is simply its own.
#[cfg(unix)]
fn keep_owner(file: &File, replaced: &fs::Metadata) {
    use std::os::unix::fs::{fchown, MetadataExt};
    let Ok(new) = file.metadata() else {
        return;
    };
    let uid = (new.uid() != replaced.uid()).then_some(replaced.uid());
    let gid = (new.gid() != replaced.gid()).then_some(replaced.gid());
    if (uid.is_some() || gid.is_some()) && fchown(file, uid, gid).is_err() && gid.is_some() {
        let _ = fchown(file, None, gid);
    }
}

#[cfg(not(unix))]
fn keep_owner(_file: &File, _replaced: &fs::Metadata) {}

/// Writes to `path` whatever `write` writes: into a special file (/dev/null,
/// a pipe) as it is; otherwise through a temporary file renamed over `path`
/// only when `write` and the flush succeeded, keeping an existing file's
/// permissions, and its owner and group as far as the process may. On any
/// error the old file is left as it was and the temporary file removed.
fn replace_file<E: From<io::Error>>(
    path: &Path,
    write: impl FnOnce(&mut dyn Write) -> Result<(), E>,
) -> Result<(), E> {
    let target = real_target(path);
    let existing = fs::metadata(&target).ok();
    if let Some(meta) = &existing {
        if meta.is_dir() {
            return Err(io::Error::from_raw_os_error(21).into()); // EISDIR
        }
        if !meta.is_file() {
            let mut out =
                BufWriter::with_capacity(1 << 16, OpenOptions::new().write(true).open(&target)?);
            write(&mut out)?;
            return Ok(out.flush()?);
        }
    }
    let dir = match target.parent() {
        Some(d) if !d.as_os_str().is_empty() => d.to_path_buf(),
        _ => PathBuf::from("."),
    };
    let name = target
        .file_name()
        .map_or_else(|| "puzzles".into(), |n| n.to_string_lossy().into_owned());
    let temp = dir.join(format!(".{name}.{}.tmp", std::process::id()));
    let written = (|| {
        let file = OpenOptions::new()
            .write(true)
            .create_new(true)
            .open(&temp)?;
        let mut out = BufWriter::with_capacity(1 << 16, file);
        write(&mut out)?;
        let file = out.into_inner().map_err(|e| e.into_error())?;
        if let Some(meta) = &existing {
            keep_owner(&file, meta);
            // After the change of owner, which may clear mode bits.
            file.set_permissions(meta.permissions())?;
        }
        file.sync_all()?;
        Ok(fs::rename(&temp, &target)?)
    })();
    if written.is_err() {
        let _ = fs::remove_file(&temp);
    }
    written
}

/// write_puzzles(path, puzzles, format="grid") -> int
///
/// Writes ``puzzles`` (any iterable of puzzles, or an integer array of shape
/// (N, 81)) to ``path`` and returns how many were written. ``format``:
/// "grid", the assignment's (nine rows of nine space-separated digits, 0 for
/// blanks, grids separated by an empty line: what ``sudoku -c`` and ``-s``
/// write), or "line" (one 81-character line per puzzle, '.' for blanks).
/// The file is replaced atomically: on any error the old file is left as it
/// was. Raises ValueError naming the index of a malformed puzzle (before
/// anything is written) and OSError when the file cannot be written.
///
/// >>> import os, tempfile
/// >>> path = os.path.join(tempfile.mkdtemp(), "out.txt")
/// >>> write_puzzles(path, [solve("." * 81)])
/// 1
/// >>> open(path).read().splitlines()[0]
/// '1 2 3 4 5 6 7 8 9'
/// >>> write_puzzles(path, ["." * 81, "x"])
/// Traceback (most recent call last):
/// ...
/// ValueError: puzzle 1: a puzzle string has 81 characters (digits 1-9, '.', '0' or '_' for blanks), got 1
#[pyfunction]
#[pyo3(signature = (path, puzzles, format = "grid"))]
pub(crate) fn write_puzzles(
    py: Python<'_>,
    path: PathBuf,
    puzzles: &Bound<'_, PyAny>,
    format: &str,
) -> PyResult<usize> {
    let as_grid = match format {
        "grid" => true,
        "line" => false,
        other => {
            return Err(PyValueError::new_err(format!(
                "unknown format {other:?}: \"grid\" or \"line\""
            )))
        }
    };
    let push = |out: &mut Vec<u8>, g: &Grid, first: bool| {
        if as_grid {
            push_grid(out, g, first);
        } else {
            push_line(out, g);
        }
    };
    // A valid uint8 array is formatted from its rows in place; anything else
    // is checked first (a malformed puzzle raises before anything is written).
    if let Ok(array) = puzzles.cast::<PyArray2<u8>>() {
        let view = array.readonly();
        if let Some(cells) = valid_cells(&view) {
            let grids = cells.chunks_exact(CELLS).filter_map(row_grid);
            return py.detach(|| write_grids(&path, grids, push));
        }
    }
    let grids = batch_grids(py, puzzles, true)?;
    py.detach(|| write_grids(&path, grids.into_iter().flatten(), push))
}

/// Writes `grids` to `path` (see [`replace_file`]) through a buffer of
/// about 64 KB, so the text of a million puzzles never sits in memory at
/// once. Returns how many were written.
fn write_grids(
    path: &Path,
    grids: impl Iterator<Item = Grid>,
    push: impl Fn(&mut Vec<u8>, &Grid, bool),
) -> PyResult<usize> {
    let mut count = 0;
    replace_file(path, |out| {
        let mut buffer = Vec::with_capacity(1 << 16);
        for g in grids {
            push(&mut buffer, &g, count == 0);
            count += 1;
            if buffer.len() >= (1 << 16) - 200 {
                out.write_all(&buffer)?;
                buffer.clear();
            }
        }
        out.write_all(&buffer)
    })
    .map_err(|e: io::Error| os_error(&e, path))?;
    Ok(count)
}

/// Why a [`solve_file`] run stopped.
enum SolveFileError {
    Read(ReadError),
    Write(io::Error),
}

impl From<io::Error> for SolveFileError {
    fn from(e: io::Error) -> Self {
        SolveFileError::Write(e)
    }
}

/// A writer that lets Python handle signals every [`SIGNAL_CHECK`]: the
/// output is written once per chunk of puzzles on the calling thread, so
/// Ctrl-C stops a long run within about a chunk's time. What the handler
/// raised is kept in `raised`, and the write fails so the run winds down.
struct Interruptible<'a> {
    inner: &'a mut dyn Write,
    last_check: Instant,
    raised: &'a mut Option<PyErr>,
}

impl Write for Interruptible<'_> {
    fn write(&mut self, buf: &[u8]) -> io::Result<usize> {
        if self.last_check.elapsed() >= SIGNAL_CHECK {
            self.last_check = Instant::now();
            if let Err(e) = Python::attach(|py| py.check_signals()) {
                *self.raised = Some(e);
                return Err(io::Error::other("interrupted"));
            }
        }
        self.inner.write(buf)
    }

    fn flush(&mut self) -> io::Result<()> {
        self.inner.flush()
    }
}

/// A puzzle without a solution, as solve_file reports it: its 0-based
/// index, the line it starts on, and why.
type UnsolvablePuzzle = (u64, usize, String);

/// solve_file(src, dst, threads=0) -> tuple[int, list[tuple[int, int, str]]]
///
/// Solves every puzzle of the file ``src`` (any format ``read_puzzles``
/// reads) on ``threads`` threads (0: every core) and writes the solutions to
/// ``dst`` in the assignment's grid format, in input order: byte for byte
/// what ``sudoku -s src -o dst`` writes, by the same streaming pipeline
/// (reading, solving and writing overlap, and memory stays small whatever
/// the file's size). A puzzle without a solution is written as given (0 for
/// blanks), so positions stay aligned.
///
/// Returns ``(count, unsolvable)``: the number of puzzles written, and for
/// each puzzle without a solution its 0-based index, the line it starts on,
/// and why. ``dst`` is replaced atomically: on any error (ValueError naming
/// ``src``'s line and column of a malformed puzzle, OSError for either file,
/// KeyboardInterrupt) the old ``dst`` is left as it was.
///
/// >>> import os, tempfile
/// >>> d = tempfile.mkdtemp()
/// >>> src, dst = os.path.join(d, "in.txt"), os.path.join(d, "out.txt")
/// >>> _ = open(src, "w").write("." * 81 + "\n" + "11" + "." * 79 + "\n")
/// >>> solve_file(src, dst)
/// (2, [(1, 2, 'the givens conflict: digit 1 appears twice in row 1 (r1c1 and r1c2)')])
/// >>> open(dst).read().splitlines()[0]
/// '1 2 3 4 5 6 7 8 9'
#[pyfunction]
#[pyo3(signature = (src, dst, threads = Whole(0)))]
pub(crate) fn solve_file(
    py: Python<'_>,
    src: PathBuf,
    dst: PathBuf,
    threads: Whole<usize>,
) -> PyResult<(u64, Vec<UnsolvablePuzzle>)> {
    let input = File::open(&src).map_err(|e| os_error(&e, &src))?;
    let threads = resolve_threads(threads.0);
    let mut unsolvable = Vec::new();
    let mut raised = None;
    let mut count = 0;
    let result = py.detach(|| {
        replace_file(&dst, |out| {
            let mut out = Interruptible {
                inner: out,
                last_check: Instant::now(),
                raised: &mut raised,
            };
            let input = BufReader::with_capacity(1 << 16, input);
            let totals = solve_stream(input, &mut out, threads, |event| {
                if let SolveEvent::Unsolvable(u) = event {
                    unsolvable.push((u.number - 1, u.line, u.reason.to_string()));
                }
            })
            .map_err(|e| match e {
                BatchError::Read(e) => SolveFileError::Read(e),
                BatchError::Write(e) => SolveFileError::Write(e),
            })?;
            count = totals.puzzles;
            Ok(())
        })
    });
    match result {
        Ok(()) => Ok((count, unsolvable)),
        Err(_) if raised.is_some() => Err(raised.expect("checked")),
        Err(SolveFileError::Read(ReadError::Parse(e))) => {
            Err(PyValueError::new_err(format!("{}: {e}", src.display())))
        }
        Err(SolveFileError::Read(ReadError::Io(e))) => Err(os_error(&e, &src)),
        Err(SolveFileError::Write(e)) => Err(os_error(&e, &dst)),
    }
}
