"""Puzzles from the tables data sets come in: CSV (standard library) and
Parquet (with pyarrow, when it is installed).

Public Sudoku data sets are mostly tables with one puzzle per row: a column
of 81-character strings ('0' or '.' for blanks) beside solutions, ratings or
sources. These readers return that column as a list of strings, ready for
``solve_many`` and ``rate_many``. Without ``column`` they take the first
column whose first value looks like a puzzle. pandas users need none of
this: ``rate_many(df["puzzle"])`` takes the Series as it is.

Malformed rows raise ValueError with the file, line (CSV) or row (Parquet)
and what is wrong, so a bad row in ten million can be found.
"""

import csv
import os
from typing import List, Optional, Union

__all__ = ["read_csv", "read_parquet"]

_CELLS = frozenset("0123456789._")

Column = Union[str, int, None]


def _problem(value) -> Optional[str]:
    """What is wrong with a table cell as a puzzle, or None."""
    if not isinstance(value, str):
        return f"expected an 81-character puzzle, got {type(value).__name__} {value!r:.40}"
    text = value.strip()
    if len(text) != 81:
        return f"expected an 81-character puzzle, got {len(text)} characters"
    bad = next((ch for ch in text if ch not in _CELLS), None)
    if bad is not None:
        return f"character {bad!r} at position {text.index(bad)} is not a digit 0-9, '.' or '_'"
    return None


def _looks_like_puzzle(value) -> bool:
    return _problem(value) is None


def read_csv(path: Union[str, "os.PathLike[str]"], column: Column = None, **csv_options) -> List[str]:
    """The puzzles of one column of a CSV file, in row order.

    ``column`` is a header name, a 0-based index, or None for the first
    column whose first value is an 81-character puzzle. A header row is
    recognised (a first row without a puzzle in that column) and skipped.
    ``csv_options`` go to ``csv.reader`` (``delimiter=";"``, ...).

    >>> import os, tempfile
    >>> path = os.path.join(tempfile.mkdtemp(), "set.csv")
    >>> _ = open(path, "w").write("id,question,rating\\n1," + "1" + "0" * 80 + ",2.0\\n")
    >>> read_csv(path)[0][:3]
    '100'
    """
    with open(path, newline="", encoding="utf-8-sig") as f:
        reader = csv.reader(f, **csv_options)
        rows = iter(reader)
        first = next(rows, None)
        if first is None:
            return []
        header = None
        if isinstance(column, str) or not any(_looks_like_puzzle(v) for v in first):
            header, first = first, next(rows, None)
            if first is None:
                return []
        index = _column_index(path, header, first, column)
        out = []
        for line_no, row in _with_lines(reader, first):
            value = row[index] if index < len(row) else None
            problem = _problem(value) if value is not None else "the row has no such column"
            if problem:
                raise ValueError(f"{os.fspath(path)}: line {line_no}, column {index + 1}: {problem}")
            out.append(value.strip())
        return out


def _with_lines(reader, first):
    """(line number, row) for the first data row and the rest."""
    yield reader.line_num, first
    for row in reader:
        if row:
            yield reader.line_num, row


def _column_index(path, header, first, column: Column) -> int:
    if isinstance(column, int):
        return column
    if isinstance(column, str):
        if header is None or column not in header:
            raise ValueError(f"{os.fspath(path)}: no column {column!r} (columns: {header})")
        return header.index(column)
    for i, value in enumerate(first):
        if _looks_like_puzzle(value):
            return i
    raise ValueError(f"{os.fspath(path)}: no column holds 81-character puzzles; name it with column=")


def read_parquet(path: Union[str, "os.PathLike[str]"], column: Optional[str] = None) -> List[str]:
    """The puzzles of one column of a Parquet file, in row order (needs pyarrow).

    ``column`` is a column name, or None for the first string column whose
    first value is an 81-character puzzle.
    """
    try:
        import pyarrow.parquet as pq
    except ImportError as e:
        raise ImportError("read_parquet needs pyarrow: pip install pyarrow") from e
    table = pq.read_table(path, columns=None if column is None else [column])
    if column is None:
        for name in table.column_names:
            values = table.column(name).slice(0, 1).to_pylist()
            if values and _looks_like_puzzle(values[0]):
                column = name
                break
        else:
            raise ValueError(f"{os.fspath(path)}: no column holds 81-character puzzles; name it with column=")
    values = table.column(column).to_pylist()
    for row, value in enumerate(values):
        problem = _problem(value)
        if problem:
            raise ValueError(f"{os.fspath(path)}: row {row}, column {column!r}: {problem}")
    return [v.strip() for v in values]
