"""Puzzles in every form data people hold them: NumPy arrays of any integer
dtype, pandas-like iterables, generators, arrays of str; and batches that go
on past malformed puzzles when asked to."""

import math

import numpy as np
import pytest

import sudoku_core as sc
from conftest import cli_solutions, digits_of, read_puzzles

PUZZLES = read_puzzles("unbiased.txt", limit=40)


@pytest.mark.parametrize("dtype", [np.uint8, np.int8, np.int16, np.uint16, np.int32, np.int64, np.uint64])
def test_every_integer_dtype_reads_the_same(dtype):
    want = [sc.solve(p) for p in PUZZLES]
    rows = np.array([digits_of(p) for p in PUZZLES], dtype=dtype)
    assert [sc.solve(r) for r in rows] == want
    sols, status = sc.solve_many(rows)
    assert (status == 1).all()
    assert ["".join(map(str, s)) for s in sols] == want
    # A non-contiguous view (every other row, columns reversed twice) reads the same.
    view = rows[::2, ::-1][:, ::-1]
    assert ["".join(map(str, s)) for s in sc.solve_many(view)[0]] == want[::2]


def test_any_iterable_of_puzzles():
    want = sc.rate_many(PUZZLES)
    forms = [
        tuple(PUZZLES),
        (p for p in PUZZLES),  # a generator
        iter(PUZZLES),
        np.array(PUZZLES),  # dtype <U81
        np.array(PUZZLES, dtype=object),
        [np.array(digits_of(p), dtype=np.int64) for p in PUZZLES],
        [digits_of(p) for p in PUZZLES],
    ]
    for form in forms:
        got = sc.rate_many(form)
        for a, b in zip(got, want):
            assert np.array_equal(a, b, equal_nan=True)


def test_pandas_series_when_pandas_is_installed():
    pd = pytest.importorskip("pandas")
    df = pd.DataFrame({"puzzle": PUZZLES})
    df["er"], df["ep"], df["ed"], df["level"] = sc.rate_many(df["puzzle"])
    assert list(df["er"]) == [sc.rate(p).er for p in PUZZLES]
    assert df["level"].map(lambda i: sc.LEVELS[i]).tolist() == [sc.rate(p).level for p in PUZZLES]


def test_strict_false_keeps_every_other_result():
    mixed = [PUZZLES[0], "x" * 81, "." * 81, "11" + "." * 79, [1, 2], PUZZLES[1], None]
    sols, status = sc.solve_many(mixed, strict=False)
    assert status.tolist() == [1, -1, 2, 0, -1, 1, -1]
    assert "".join(map(str, sols[5])) == sc.solve(PUZZLES[1])
    assert not sols[1].any() and not sols[3].any()
    er, ep, ed, level = sc.rate_many(mixed, strict=False)
    assert level.tolist()[1:5] == [-2, -1, -1, -2] and level[6] == -2
    assert er[0] == sc.rate(PUZZLES[0]).er
    assert math.isnan(er[1]) and math.isnan(er[2])
    # strict (the default) refuses the batch before any work, naming the puzzle.
    with pytest.raises(ValueError, match="puzzle 1: character 'x' at position 0"):
        sc.solve_many(mixed)
    with pytest.raises(TypeError, match="puzzle 1: .*NoneType"):
        sc.rate_many(mixed[:1] + mixed[-1:] * 6)


def test_strict_false_on_arrays():
    rows = np.array([digits_of(p) for p in PUZZLES[:3]], dtype=np.int64)
    rows[1, 5] = 12
    status = sc.solve_many(rows, strict=False)[1]
    assert status.tolist() == [1, -1, 1]


@pytest.mark.parametrize("fn", ["solve_many", "rate_many", "write_puzzles"])
def test_uint8_arrays_read_in_place_equal_the_list_path(fn, tmp_path):
    # A C-contiguous uint8 array is read in place by the workers; anything
    # else is converted first. Both paths must give the same results, and a
    # cell out of range in the array must be found, named or marked.
    puzzles = [p.replace("0", ".") for p in PUZZLES[:40]]
    rows = np.array([digits_of(p) for p in puzzles], dtype=np.uint8)
    assert rows.flags["C_CONTIGUOUS"]

    def run(batch, **kw):
        if fn == "write_puzzles":
            path = tmp_path / "out.txt"
            sc.write_puzzles(path, batch, **kw)
            return path.read_bytes()
        return [a.tolist() for a in getattr(sc, fn)(batch, **kw)]

    assert run(rows) == run(puzzles) == run(rows.astype(np.int64)) == run(np.asfortranarray(rows))
    for bad_value, bad_row in ((10, 0), (255, 39), (10, 17)):
        broken = rows.copy()
        broken[bad_row, 80] = bad_value
        with pytest.raises(ValueError, match=f"puzzle {bad_row}: cell 80 holds {bad_value},"):
            run(broken)
        if fn != "write_puzzles":
            marked = run(broken, strict=False)
            marker = -1 if fn == "solve_many" else -2
            status = marked[1] if fn == "solve_many" else marked[3]
            assert status[bad_row] == marker
            assert [s for i, s in enumerate(status) if i != bad_row] == [
                s for i, s in enumerate(run(rows)[1 if fn == "solve_many" else 3]) if i != bad_row
            ]


def test_underscore_blanks_and_a_byte_order_mark_read_as_the_cli_reads_them(cli, tmp_path):
    """'_' is a blank in strings, batches and files, and a UTF-8 byte order
    mark at the start of a file is skipped, as the library's reader does for
    the CLI: the same solutions as with '.' blanks."""
    underscored = [p.replace(".", "_").replace("0", "_") for p in PUZZLES[:10]]
    want = [sc.solve(p) for p in PUZZLES[:10]]
    assert [sc.solve(p) for p in underscored] == want
    sols, status = sc.solve_many(underscored)
    assert (status == 1).all()
    assert ["".join(map(str, s)) for s in sols] == want
    path = tmp_path / "bom.txt"
    path.write_bytes(b"\xef\xbb\xbf" + "\n".join(underscored).encode() + b"\n")
    assert sc.read_puzzles(str(path)) == [p.replace("_", ".") for p in underscored]
    assert cli_solutions(cli, path) == want
