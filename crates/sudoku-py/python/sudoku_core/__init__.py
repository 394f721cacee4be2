"""Fast Sudoku for Python: bindings of the sudoku-core Rust library.

Puzzles go in as 81-character strings ('.', '0' or '_' for blanks), lists of 81
ints (0 for blanks) or NumPy integer arrays of shape (81,), and come out as
81-character strings. The batch functions ``solve_many`` and ``rate_many``
take any iterable of puzzles (a list, a pandas Series) or an integer array of
shape (N, 81), release the GIL, use every core and return NumPy arrays in
input order. ``read_puzzles``/``write_puzzles`` read and write the project's
files, and ``solve_file`` solves a file into another as ``sudoku -s`` does,
streaming; ``read_csv``/``read_parquet`` take a column of a table.

>>> import sudoku_core
>>> p = "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......"
>>> sudoku_core.is_unique(p)
True
>>> sudoku_core.solve(p)[:9]
'417369825'
"""

from ._native import (
    LEVELS,
    Hint,
    Puzzle,
    Rating,
    Step,
    __version__,
    canon,
    count,
    daily,
    explain,
    generate,
    hint,
    is_unique,
    near,
    rate,
    rate_many,
    read_puzzles,
    solutions,
    solve,
    solve_file,
    solve_many,
    transform,
    write_puzzles,
)
from .tables import read_csv, read_parquet

__all__ = [
    "LEVELS",
    "Hint",
    "Puzzle",
    "Rating",
    "Step",
    "__version__",
    "canon",
    "count",
    "daily",
    "explain",
    "generate",
    "hint",
    "is_unique",
    "near",
    "rate",
    "rate_many",
    "read_csv",
    "read_parquet",
    "read_puzzles",
    "solutions",
    "solve",
    "solve_file",
    "solve_many",
    "transform",
    "write_puzzles",
]
