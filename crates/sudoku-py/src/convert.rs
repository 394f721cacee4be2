//! Python values to `Grid`s and back.
//!
//! One puzzle is a str, a list or tuple of 81 ints, or a NumPy integer array
//! of shape (81,); many puzzles are any iterable of those (a list, a pandas
//! Series, a generator) or a NumPy array of shape (N, 81). Errors say what
//! was expected and where, so a user with a ten-million-row file can find the
//! row.

use numpy::{
    PyArray1, PyArray2, PyArrayDescrMethods, PyArrayMethods, PyReadonlyArray2, PyUntypedArray,
    PyUntypedArrayMethods,
};
use pyo3::exceptions::{PyTypeError, PyValueError};
use pyo3::prelude::*;
use pyo3::types::{PyBytes, PyList, PyString, PyTuple};

use sudoku_core::rate::Level;
use sudoku_core::{Grid, CELLS};

/// The 81 cells of a puzzle given as a string: digits 1-9, '.', '0' or '_' for
/// blanks, exactly 81 characters (surrounding whitespace is ignored).
fn cells_from_str(text: &str) -> PyResult<[u8; CELLS]> {
    let text = text.trim();
    let mut cells = [0u8; CELLS];
    // The common case, 81 ASCII bytes, without a branch per byte: a branch
    // on "blank or digit" mispredicts on about every other cell of a puzzle,
    // which cost more than the solve itself. Anything else (wrong length,
    // other characters) goes to the careful path for its message.
    if let Ok(bytes) = <&[u8; CELLS]>::try_from(text.as_bytes()) {
        let mut bad = 0u8;
        for (cell, &b) in cells.iter_mut().zip(bytes) {
            let digit = b.wrapping_sub(b'0');
            // 0x00 for '.' and '_', 0xFF otherwise: they become 0 like '0'.
            let keep = u8::from(b != b'.' && b != b'_').wrapping_neg();
            let value = digit & keep;
            bad |= u8::from(value > 9);
            *cell = value;
        }
        if bad == 0 {
            return Ok(cells);
        }
    }
    let count = text.chars().count();
    if count != CELLS {
        return Err(PyValueError::new_err(format!(
            "a puzzle string has 81 characters (digits 1-9, '.', '0' or '_' for blanks), got {count}"
        )));
    }
    for (i, ch) in text.chars().enumerate() {
        cells[i] = match ch {
            '.' | '0' | '_' => 0,
            '1'..='9' => ch as u8 - b'0',
            _ => {
                return Err(PyValueError::new_err(format!(
                    "character {ch:?} at position {i} of the puzzle string is not a digit 1-9, '.', '0' or '_'"
                )))
            }
        };
    }
    Ok(cells)
}

/// Checks 81 integer values (0 for blanks, 1-9 for digits).
fn cells_from_values(values: impl IntoIterator<Item = i64>, what: &str) -> PyResult<[u8; CELLS]> {
    let mut cells = [0u8; CELLS];
    let mut count = 0;
    for v in values {
        if count < CELLS {
            if !(0..=9).contains(&v) {
                return Err(PyValueError::new_err(format!(
                    "cell {count} of {what} is {v}; cells are 0 (blank) to 9"
                )));
            }
            cells[count] = v as u8;
        }
        count += 1;
    }
    if count != CELLS {
        return Err(PyValueError::new_err(format!(
            "{what} has 81 cells (0 for blanks, 1-9 for digits), got {count}"
        )));
    }
    Ok(cells)
}

pub(crate) fn grid_of(cells: [u8; CELLS]) -> PyResult<Grid> {
    Grid::from_cells(cells).map_err(|e| PyValueError::new_err(e.to_string()))
}

/// True for a NumPy array of a signed or unsigned integer dtype (bool and
/// floats are refused: 1.5 or True is not a Sudoku cell).
fn is_integer_array(array: &Bound<'_, PyUntypedArray>) -> bool {
    matches!(array.dtype().kind(), b'i' | b'u')
}

/// `array` with dtype int64, so every integer dtype (int64 from
/// `np.array(list)`, int8 from pandas) reads the same way, values checked after.
fn as_int64<'py>(array: &Bound<'py, PyUntypedArray>) -> PyResult<Bound<'py, PyAny>> {
    array.call_method1("astype", ("int64",))
}

/// A puzzle from a str, a sequence of 81 ints or a NumPy integer array of shape (81,).
pub(crate) fn to_grid(obj: &Bound<'_, PyAny>) -> PyResult<Grid> {
    if let Ok(s) = obj.cast::<PyString>() {
        return grid_of(cells_from_str(&s.to_cow()?)?);
    }
    if let Ok(array) = obj.cast::<PyArray1<u8>>() {
        if array.len() != CELLS {
            return Err(PyValueError::new_err(format!(
                "a puzzle array has shape (81,), got ({},)",
                array.len()
            )));
        }
        return grid_of(cells_from_values(
            array.readonly().as_array().iter().map(|&v| i64::from(v)),
            "the puzzle array",
        )?);
    }
    if let Ok(array) = obj.cast::<PyUntypedArray>() {
        if array.ndim() != 1 || array.shape()[0] != CELLS {
            return Err(PyValueError::new_err(format!(
                "a puzzle array has shape (81,), got {:?}",
                array.shape()
            )));
        }
        if !is_integer_array(array) {
            return Err(PyTypeError::new_err(format!(
                "a puzzle array has an integer dtype (uint8 is best), got {}",
                array.dtype()
            )));
        }
        let wide = as_int64(array)?;
        let wide = wide.cast::<PyArray1<i64>>()?;
        return grid_of(cells_from_values(
            wide.readonly().as_array().iter().copied(),
            "the puzzle array",
        )?);
    }
    if obj.is_instance_of::<PyBytes>() {
        return Err(PyTypeError::new_err(
            "a puzzle is a str, a list of 81 ints or a NumPy integer array of shape (81,), not bytes",
        ));
    }
    if obj.is_instance_of::<PyList>() || obj.is_instance_of::<PyTuple>() {
        let values: Vec<i64> = obj.extract().map_err(|_| {
            PyTypeError::new_err("a puzzle list holds 81 ints (0 for blanks, 1-9 for digits)")
        })?;
        return grid_of(cells_from_values(values, "the puzzle list")?);
    }
    Err(PyTypeError::new_err(format!(
        "a puzzle is a str, a list of 81 ints or a NumPy integer array of shape (81,), not {}",
        obj.get_type().name()?
    )))
}

/// The puzzles of a batch: each slot a grid, or `None` for a malformed
/// puzzle, whose error is kept (by index) in `errors`. Flat and cheap: a
/// batch of a million puzzles is 82 MB of slots and nothing per good one.
pub(crate) struct Batch {
    pub(crate) grids: Vec<Option<Grid>>,
    pub(crate) errors: Vec<(usize, PyErr)>,
}

impl Batch {
    fn with_capacity(n: usize) -> Batch {
        Batch {
            grids: Vec::with_capacity(n),
            errors: Vec::new(),
        }
    }

    fn push(&mut self, parsed: PyResult<Grid>) {
        match parsed {
            Ok(grid) => self.grids.push(Some(grid)),
            Err(e) => {
                self.errors.push((self.grids.len(), e));
                self.grids.push(None);
            }
        }
    }

    /// With `strict`, the first malformed puzzle as an error naming its
    /// index; without, the grids with `None` where puzzles were malformed.
    pub(crate) fn checked(self, py: Python<'_>, strict: bool) -> PyResult<Vec<Option<Grid>>> {
        match self.errors.first() {
            Some((i, e)) if strict => Err(at_index(py, *i, e)),
            _ => Ok(self.grids),
        }
    }
}

/// The cells of a C-contiguous uint8 array of shape (N, 81) (what
/// `read_puzzles(as_array=True)` and NumPy make by default) when every cell
/// is 0-9: the batch functions read its rows in place, on the worker
/// threads, instead of copying them into grids first. `None` for any other
/// input, and for a cell out of range, which the careful path names.
pub(crate) fn valid_cells<'a>(view: &'a PyReadonlyArray2<'_, u8>) -> Option<&'a [u8]> {
    if view.as_array().ncols() != CELLS {
        return None;
    }
    // as_slice also takes Fortran-ordered memory, whose rows are not runs.
    if !view.is_c_contiguous() {
        return None;
    }
    let cells = view.as_slice().ok()?;
    // A max without an early exit, which the compiler vectorises.
    (cells.iter().fold(0, |max, &v| max.max(v)) <= 9).then_some(cells)
}

/// A row of [`valid_cells`] as a grid.
pub(crate) fn row_grid(row: &[u8]) -> Option<Grid> {
    Grid::from_cells(row.try_into().ok()?).ok()
}

/// The rows of an (N, 81) integer array, each checked on its own.
fn rows_of<T: Copy + Into<i64>>(view: numpy::ndarray::ArrayView2<'_, T>) -> PyResult<Batch> {
    if view.ncols() != CELLS {
        return Err(PyValueError::new_err(format!(
            "a puzzle array has shape (N, 81), got {:?}",
            view.shape()
        )));
    }
    let mut batch = Batch::with_capacity(view.nrows());
    for row in view.rows() {
        batch.push(cells_from_values(row.iter().map(|&v| v.into()), "the row").and_then(grid_of));
    }
    Ok(batch)
}

/// Puzzles from an (N, 81) integer array or any iterable of puzzles (a list,
/// a tuple, a pandas Series, a NumPy array of str, a generator). The outer
/// error is for a container that holds no puzzles at all; each puzzle's own
/// problem is kept by index, so the caller chooses to raise or go on.
pub(crate) fn to_grids(obj: &Bound<'_, PyAny>) -> PyResult<Batch> {
    if let Ok(array) = obj.cast::<PyArray2<u8>>() {
        let view = array.readonly();
        // A C-contiguous array (what NumPy makes by default) is read as one
        // slice of 81-byte rows; views with strides go row by row.
        // (as_slice also takes Fortran-ordered memory, whose rows are not runs.)
        if let (true, Ok(cells), CELLS) = (
            view.is_c_contiguous(),
            view.as_slice(),
            view.as_array().ncols(),
        ) {
            let mut batch = Batch::with_capacity(cells.len() / CELLS);
            for row in cells.chunks_exact(CELLS) {
                batch.push(grid_of(row.try_into().expect("rows of 81 cells")));
            }
            return Ok(batch);
        }
        return rows_of(view.as_array());
    }
    if let Ok(array) = obj.cast::<PyUntypedArray>() {
        if array.ndim() == 2 && is_integer_array(array) {
            let wide = as_int64(array)?;
            let wide = wide.cast::<PyArray2<i64>>()?;
            return rows_of(wide.readonly().as_array());
        }
        // A 1-D array of str or objects is iterated like a list; any other
        // array (floats, 3-D, ...) is refused as a whole.
        if !(array.ndim() == 1 && matches!(array.dtype().kind(), b'U' | b'O')) {
            return Err(PyTypeError::new_err(format!(
                "puzzles as an array are an integer array of shape (N, 81) (uint8 is best) or a 1-D array of str, got dtype {} and shape {:?}",
                array.dtype(),
                array.shape()
            )));
        }
    }
    if obj.is_instance_of::<PyString>() || obj.is_instance_of::<PyBytes>() {
        return Err(PyTypeError::new_err(
            "puzzles are a list (or any iterable) of puzzles or an (N, 81) integer array, not one str",
        ));
    }
    let items =
        obj.try_iter().map_err(|_| {
            PyTypeError::new_err(format!(
            "puzzles are a list (or any iterable) of puzzles or an (N, 81) integer array, not {}",
            obj.get_type().name().map_or_else(|_| "that".into(), |n| n.to_string())
        ))
        })?;
    let mut batch = Batch::with_capacity(obj.len().unwrap_or(0));
    for item in items {
        batch.push(to_grid(&item?));
    }
    Ok(batch)
}

/// `err` with "puzzle {index}: " before its message, of the same Python type.
pub(crate) fn at_index(py: Python<'_>, index: usize, err: &PyErr) -> PyErr {
    let msg = format!("puzzle {index}: {}", err.value(py));
    if err.is_instance_of::<PyTypeError>(py) {
        PyTypeError::new_err(msg)
    } else {
        PyValueError::new_err(msg)
    }
}

/// The grids of a batch: with `strict`, the first refused puzzle is raised
/// (naming its index) before any work is done; without, refused puzzles
/// become `None` and the rest are worked on.
pub(crate) fn batch_grids(
    py: Python<'_>,
    puzzles: &Bound<'_, PyAny>,
    strict: bool,
) -> PyResult<Vec<Option<Grid>>> {
    to_grids(puzzles)?.checked(py, strict)
}

/// Cells, 81 per puzzle row by row, as a NumPy uint8 array of shape (N, 81),
/// without copying them again.
pub(crate) fn cells_array(py: Python<'_>, cells: Vec<u8>) -> Bound<'_, PyArray2<u8>> {
    let rows = cells.len() / CELLS;
    let cells = numpy::ndarray::Array2::from_shape_vec((rows, CELLS), cells)
        .expect("whole rows of 81 cells");
    PyArray2::from_owned_array(py, cells)
}

/// A grid as a Python str of 81 characters, '.' for blanks, made without
/// an intermediate `String` (this is on the path of every `solve` call).
pub(crate) fn line<'py>(py: Python<'py>, grid: &Grid) -> Bound<'py, PyString> {
    let text = grid.cells().map(|v| if v == 0 { b'.' } else { b'0' + v });
    PyString::new(
        py,
        std::str::from_utf8(&text).expect("ASCII digits and dots"),
    )
}

/// A difficulty as the nearest float to its one-decimal value (2.6, not 2.5999999).
pub(crate) fn tenths(x: f32) -> f64 {
    (f64::from(x) * 10.0).round() / 10.0
}

/// The index of `level` in `LEVELS` (0 easy ... 4 extreme).
pub(crate) fn level_index(level: Level) -> i8 {
    Level::ALL
        .iter()
        .position(|&l| l == level)
        .map_or(-1, |i| i as i8)
}

/// A whole number from Python (an `int`, `bool` included, as Python counts
/// it): a `TypeError` for anything else, and a `ValueError`, not the
/// `OverflowError` of a plain `usize` or `u64` argument, for a negative one
/// or one too large, as the README promises for values out of range.
pub(crate) struct Whole<T>(pub T);

impl<'a, 'py, T: TryFrom<u128>> FromPyObject<'a, 'py> for Whole<T> {
    type Error = PyErr;

    fn extract(obj: pyo3::Borrowed<'a, 'py, PyAny>) -> PyResult<Self> {
        if !obj.is_instance_of::<pyo3::types::PyInt>() {
            return Err(pyo3::exceptions::PyTypeError::new_err(format!(
                "expected an int, got {}",
                obj.get_type().name()?
            )));
        }
        let too_large = || {
            let shown = obj.str().map(|s| s.to_string()).unwrap_or_default();
            pyo3::exceptions::PyValueError::new_err(format!("{shown} is too large"))
        };
        let value: i128 = obj.extract().map_err(|_| too_large())?;
        if value < 0 {
            return Err(pyo3::exceptions::PyValueError::new_err(format!(
                "expected an int of at least 0, got {value}"
            )));
        }
        T::try_from(value as u128)
            .map(Whole)
            .map_err(|_| too_large())
    }
}
