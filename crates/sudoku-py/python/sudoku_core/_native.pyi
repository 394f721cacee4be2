"""Typed interface of the extension module ``sudoku_core._native``.

Everything here is re-exported by ``sudoku_core``; see its README for examples.
"""

import datetime
import os
from typing import Iterable, List, Optional, Sequence, Tuple, Union

import numpy as np
import numpy.typing as npt

#: A puzzle: an 81-character string (digits 1-9, '.', '0' or '_' for blanks), a
#: sequence of 81 ints (0 for blanks) or a NumPy integer array of shape (81,).
PuzzleLike = Union[str, Sequence[int], npt.NDArray[np.integer]]
#: Many puzzles: any iterable of puzzles (a list, a pandas Series, a
#: generator) or a NumPy integer array of shape (N, 81) (uint8 is best).
PuzzlesLike = Union[Iterable[PuzzleLike], npt.NDArray[np.integer]]
#: A file system path.
PathLike = Union[str, "os.PathLike[str]"]
#: Pencil marks: 81 items, each an int bit mask (bit d for digit d) or an iterable of digits.
MarksLike = Sequence[Union[int, Sequence[int]]]

__version__: str
#: Level names by the indices rate_many returns: ('easy', 'medium', 'hard', 'expert', 'extreme').
LEVELS: Tuple[str, ...]

class Rating:
    """A rating on Sudoku Explainer's scale.

    >>> r = rate("..3.7..4...6..23.1.89.........1.7.8.517.....6...4.....271..9..5.95..........2....")
    >>> (r.er, r.ep, r.ed, r.level, r.hardest)
    (2.6, 1.2, 1.2, 'medium', 'Pointing')
    """

    @property
    def er(self) -> float:
        """The rating (ER): the hardest step's difficulty, one decimal."""
    @property
    def ep(self) -> float:
        """The pearl (EP): the highest difficulty up to and including the first step that places a digit."""
    @property
    def ed(self) -> float:
        """The diamond (ED): the difficulty of the path's first step."""
    @property
    def level(self) -> str:
        """'easy', 'medium', 'hard', 'expert' or 'extreme'."""
    @property
    def hardest(self) -> str:
        """The hardest technique's name, e.g. 'X-Wing'."""
    @property
    def steps(self) -> int:
        """The number of steps of the solving path."""

class Step:
    """One step of a solving path (see explain)."""

    @property
    def technique(self) -> str: ...
    @property
    def difficulty(self) -> float: ...
    @property
    def cells(self) -> List[int]:
        """The pattern's cells, 0-80 row by row (cell = 9 * row + column)."""
    @property
    def placements(self) -> List[Tuple[int, int]]:
        """(cell, digit) pairs the step places."""
    @property
    def eliminations(self) -> List[Tuple[int, int]]:
        """(cell, digit) candidates the step removes."""
    @property
    def sentence(self) -> str:
        """The step in plain language, as the game's hints say it."""

class Hint:
    """A hint for a player (see hint)."""

    @property
    def kind(self) -> str:
        """'step', 'wrong-digit', 'wrong-marks' or 'reveal'."""
    @property
    def technique(self) -> Optional[str]: ...
    @property
    def difficulty(self) -> float: ...
    @property
    def stages(self) -> Tuple[str, str, str]:
        """Three texts, vaguest first: the technique, where to look, the step."""
    @property
    def cells(self) -> List[Tuple[int, str]]:
        """(cell, role) pairs, role one of 'pattern', 'loses', 'gets', 'wrong'."""
    @property
    def placements(self) -> List[Tuple[int, int]]: ...
    @property
    def eliminations(self) -> List[Tuple[int, int]]: ...
    @property
    def digits(self) -> List[int]: ...
    @property
    def focus(self) -> List[int]: ...
    @property
    def clear(self) -> List[int]:
        """Cells whose wrong digit or marks the player should clear."""
    @property
    def used_marks(self) -> bool:
        """True when the step relies on the player's pencil marks."""

class Puzzle:
    """A generated puzzle (see generate and daily)."""

    @property
    def puzzle(self) -> str: ...
    @property
    def solution(self) -> str: ...
    @property
    def rating(self) -> Optional[Rating]:
        """The rating, or None when no level or rating band was asked for."""
    @property
    def symmetry(self) -> str: ...

def solve(puzzle: PuzzleLike) -> Optional[str]:
    """The first solution as an 81-character string, or None when there is none.

    >>> solve("4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......")[:9]
    '417369825'
    """

def solutions(puzzle: PuzzleLike, n: int) -> List[str]:
    """Up to n distinct solutions."""

def count(puzzle: PuzzleLike, limit: int = 2) -> int:
    """The number of solutions, counting no further than limit."""

def is_unique(puzzle: PuzzleLike) -> bool:
    """True when the puzzle has exactly one solution."""

def canon(puzzle: PuzzleLike) -> str:
    """The canonical form: equivalent puzzles give the same string."""

def transform(
    puzzle: PuzzleLike,
    digits: Optional[Sequence[int]] = None,
    rows: Optional[Sequence[int]] = None,
    cols: Optional[Sequence[int]] = None,
    transpose: bool = False,
    seed: Optional[int] = None,
) -> str:
    """The puzzle under one equivalence transform (explicit parts, or drawn from seed).

    >>> p = "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......"
    >>> canon(transform(p, seed=1)) == canon(p)
    True
    """

def rate(puzzle: PuzzleLike) -> Rating:
    """The rating; ValueError with the reason for a puzzle that cannot be rated."""

def explain(puzzle: PuzzleLike) -> List[Step]:
    """The human solving path; ValueError for conflicting givens or no solution."""

def hint(
    board: PuzzleLike,
    solution: Optional[PuzzleLike] = None,
    marks: Optional[MarksLike] = None,
) -> Optional[Hint]:
    """The next hint at board (None when solved); solution is found when not given."""

def generate(
    level: Optional[str] = None,
    rating: Optional[Tuple[Optional[float], Optional[float]]] = None,
    blanks: Union[int, Tuple[Optional[int], Optional[int]], None] = None,
    symmetry: Optional[str] = None,
    minimal: bool = False,
    seed: Optional[int] = None,
) -> Puzzle:
    """One new puzzle with exactly one solution.

    >>> p = generate(level="easy", seed=7)
    >>> p.rating.level, solve(p.puzzle) == p.solution
    ('easy', True)
    """

def near(
    puzzles: Iterable[PuzzleLike],
    n: int,
    level: Optional[str] = None,
    rating: Optional[Tuple[Optional[float], Optional[float]]] = None,
    blanks: Union[int, Tuple[Optional[int], Optional[int]], None] = None,
    minimal: bool = False,
    seed: Optional[int] = None,
    time_limit: Optional[float] = None,
    threads: int = 0,
) -> List[Puzzle]:
    """Up to n puzzles found near puzzles (1 or 2 clues changed), unique,
    meeting the options and equivalent to none of them or each other; stops at
    n or after time_limit seconds. Releases the GIL; Ctrl-C raises
    KeyboardInterrupt."""

def daily(date: Union[str, datetime.date]) -> Puzzle:
    """The daily puzzle of date ('YYYY-MM-DD' or a datetime.date), as `sudoku daily DATE` prints it."""

def solve_many(
    puzzles: PuzzlesLike, threads: int = 0, strict: bool = True
) -> Tuple[npt.NDArray[np.uint8], npt.NDArray[np.int8]]:
    """(solutions (N, 81) uint8, status (N,) int8: 1 unique, 0 none, 2 several, -1 malformed).

    Releases the GIL; threads=0 uses every core; input order is kept.
    strict=True raises for the first malformed puzzle (naming its index)
    before any work; strict=False gives it status -1 and goes on. Ctrl-C
    stops it with KeyboardInterrupt.
    """

def rate_many(
    puzzles: PuzzlesLike, threads: int = 0, strict: bool = True
) -> Tuple[
    npt.NDArray[np.float64],
    npt.NDArray[np.float64],
    npt.NDArray[np.float64],
    npt.NDArray[np.int8],
]:
    """(er, ep, ed float64 (one decimal) with NaN for unrated, level int8: an index into LEVELS,
    -1 no unique solution, -2 malformed).

    Releases the GIL; threads=0 uses every core; input order is kept.
    strict=True raises for the first malformed puzzle (naming its index)
    before any work; strict=False gives it level -2 and goes on. Ctrl-C
    stops it with KeyboardInterrupt.
    """

def read_puzzles(path: PathLike, as_array: bool = False) -> Union[List[str], npt.NDArray[np.uint8]]:
    """Every puzzle of a file in the project's formats (grid, 81-character lines,
    compact rows; detected), as strings or with as_array a (N, 81) uint8 array.

    ValueError names the file, line and column of a malformed puzzle.
    """

def write_puzzles(path: PathLike, puzzles: PuzzlesLike, format: str = "grid") -> int:
    """Writes puzzles as "grid" (the assignment's format, as `sudoku -s` writes)
    or "line" (81 characters, '.' blanks), replacing the file atomically.
    Returns the number written."""

def solve_file(src: PathLike, dst: PathLike, threads: int = 0) -> Tuple[int, List[Tuple[int, int, str]]]:
    """Solves every puzzle of src into dst (grid format, byte for byte what
    `sudoku -s src -o dst` writes), streaming on every core (threads=0).

    Returns (count, unsolvable): puzzles written, and (index, line, reason)
    for each puzzle without a solution (written as given). dst is replaced
    atomically; ValueError names src's line and column of a malformed puzzle.
    """
