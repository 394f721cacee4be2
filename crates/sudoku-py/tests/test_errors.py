"""Bad input raises ValueError or TypeError with a clear message, and never
brings down the interpreter."""

import subprocess
import sys

import numpy as np
import pytest

import sudoku_core as sc

GOOD = "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......"

BAD = [
    ("." * 80, ValueError, "81 characters"),
    ("." * 82, ValueError, "81 characters"),
    ("x" + "." * 80, ValueError, "position 0"),
    ("é" * 81, ValueError, "not a digit"),
    ("", ValueError, "got 0"),
    ([0] * 80, ValueError, "81 cells"),
    ([10] + [0] * 80, ValueError, "cell 0 of the puzzle list is 10"),
    ([-1] + [0] * 80, ValueError, "is -1"),
    ([0.5] * 81, TypeError, "81 ints"),
    (["1"] * 81, TypeError, "81 ints"),
    ([2**70] * 81, TypeError, "81 ints"),
    (np.zeros(81, dtype=np.float64), TypeError, "integer dtype"),
    (np.zeros(81, dtype=bool), TypeError, "integer dtype"),
    (np.full(81, 300, dtype=np.int16), ValueError, "is 300"),
    (np.full(81, -1, dtype=np.int64), ValueError, "is -1"),
    (np.zeros(80, dtype=np.uint8), ValueError, r"shape \(81,\)"),
    (np.zeros((9, 9), dtype=np.uint8), ValueError, r"shape \(81,\)"),
    (np.full(81, 12, dtype=np.uint8), ValueError, "is 12"),
    (b"." * 81, TypeError, "not bytes"),
    (None, TypeError, "NoneType"),
    (81, TypeError, "int"),
    ({"a": 1}, TypeError, "dict"),
]


@pytest.mark.parametrize("bad, exc, message", BAD)
def test_single_calls_reject_bad_puzzles(bad, exc, message):
    for f in (sc.solve, sc.is_unique, sc.canon, sc.rate, sc.explain, sc.hint, sc.count):
        with pytest.raises(exc, match=message):
            f(bad)
    with pytest.raises(exc, match=message):
        sc.solutions(bad, 3)


def test_bad_arguments():
    # Out of range is a ValueError, as the README says (not OverflowError);
    # not an int at all is a TypeError.
    for call in [
        lambda: sc.count(GOOD, limit=-1),
        lambda: sc.solutions(GOOD, -1),
        lambda: sc.solve_many([GOOD], threads=-1),
        lambda: sc.rate_many([GOOD], threads=-1),
        lambda: sc.generate(seed=-1),
        lambda: sc.transform(GOOD, seed=-1),
        lambda: sc.near([GOOD], -1),
        lambda: sc.generate(seed=2**64),
    ]:
        with pytest.raises(ValueError):
            call()
    for call in [lambda: sc.count(GOOD, limit=2.0), lambda: sc.solutions(GOOD, "3"), lambda: sc.solve_many([GOOD], threads=None)]:
        with pytest.raises(TypeError):
            call()
    # The CLI's bound on count --limit holds here too, for lists of solutions as well.
    with pytest.raises(ValueError, match="at most 10000000"):
        sc.count(GOOD, limit=10**7 + 1)
    with pytest.raises(ValueError, match="at most 10000000"):
        sc.solutions(GOOD, 10**12)
    assert sc.count(GOOD, limit=10**7) == 1
    assert sc.count(GOOD, limit=True) == 1
    with pytest.raises(ValueError, match="not a complete"):
        sc.hint(GOOD, solution=GOOD)
    with pytest.raises(ValueError, match="more than one solution"):
        sc.hint("." * 81)


def test_huge_and_hostile_inputs_do_not_crash():
    # Run in a child interpreter so that a crash would show as its exit status.
    code = r"""
import numpy as np, sudoku_core as sc
bad = ["." * 10**6, [0] * 10**6, np.zeros(10**6, dtype=np.uint8), [[0] * 81], object(),
       np.zeros(81, dtype=np.uint8)[::-1], np.zeros((81, 1), dtype=np.uint8), "\x00" * 81]
for b in bad:
    for f in (sc.solve, sc.rate, sc.canon, sc.explain):
        try:
            f(b)
        except (ValueError, TypeError):
            pass
for b in ([None] * 3, np.zeros((0, 81), dtype=np.uint8), np.zeros((2, 81, 1), dtype=np.uint8), ["1" * 81]):
    for f in (sc.solve_many, sc.rate_many):
        try:
            f(b)
        except (ValueError, TypeError):
            pass
print("alive")
"""
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=120)
    assert done.returncode == 0, done.stderr
    assert done.stdout.strip() == "alive"
