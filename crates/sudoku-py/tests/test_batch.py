"""solve_many and rate_many: equal to the single calls and to the
command-line program, input order kept, and the GIL released."""

import math
import threading
import time

import numpy as np
import pytest

import sudoku_core as sc
from conftest import DATA, cli_ratings, cli_solutions, digits_of, interrupt_child, is_valid_solution, read_puzzles, serate_reference


def as_array(puzzles):
    return np.array([digits_of(p) for p in puzzles], dtype=np.uint8)


def to_str(row):
    return "".join(str(int(x)) for x in row)


def test_solve_many_equals_single_calls_and_cli(cli):
    names = ["unbiased.txt", "17_clue.txt", "forum_hardest_1905_11.txt"]
    puzzles, oracle = [], []
    for name in names:
        puzzles += read_puzzles(name)
        oracle += cli_solutions(cli, DATA / name)
    for form in (puzzles, as_array(puzzles)):
        for threads in (0, 1, 3):
            sols, status = sc.solve_many(form, threads=threads)
            assert sols.dtype == np.uint8 and sols.shape == (len(puzzles), 81)
            assert status.dtype == np.int8 and status.shape == (len(puzzles),)
            assert (status == 1).all()
            got = [to_str(r) for r in sols]
            assert got == oracle
    assert got == [sc.solve(p) for p in puzzles]
    assert all(is_valid_solution(p, s) for p, s in zip(puzzles, got))


def test_solve_many_status():
    eight = "53..7....6..1.5....9.....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79"
    unique = read_puzzles("unbiased.txt", 1)[0]
    puzzles = [unique, "11" + "." * 79, eight, "." * 81, "12345678." + "........9" + "." * 63]
    sols, status = sc.solve_many(puzzles)
    assert status.tolist() == [1, 0, 2, 2, 0]
    assert to_str(sols[0]) == sc.solve(unique)
    assert not sols[1].any() and not sols[4].any()
    assert is_valid_solution(eight, to_str(sols[2]))
    assert [sc.count(p) for p in puzzles] == [1, 0, 2, 2, 0]


def test_solve_many_empty_and_order():
    sols, status = sc.solve_many([])
    assert sols.shape == (0, 81) and status.shape == (0,)
    puzzles = read_puzzles("magictour_top1465.txt") * 7  # 2100 puzzles, several chunks
    rng = np.random.default_rng(1)
    rng.shuffle(puzzles)
    sols, _ = sc.solve_many(puzzles, threads=4)
    assert [to_str(r) for r in sols] == [sc.solve(p) for p in puzzles]


def test_rate_many_equals_cli_single_calls_and_serate(cli):
    ref = serate_reference()
    puzzles = [p for p, *_ in ref]
    er, ep, ed, level = sc.rate_many(puzzles)
    for a in (er, ep, ed):
        assert a.dtype == np.float64 and a.shape == (len(puzzles),)
    assert level.dtype == np.int8 and level.shape == (len(puzzles),)
    # Exactly the command-line program's ratings...
    oracle = cli_ratings(cli, DATA / "serate.txt")
    assert len(oracle) == len(puzzles)
    for i in range(len(puzzles)):
        row = oracle[i + 1]
        assert (f"{er[i]:.1f}", f"{ep[i]:.1f}", f"{ed[i]:.1f}") == (row["score"], row["ep"], row["ed"])
        assert sc.LEVELS[level[i]] == row["level"]
    # ... and the single calls'...
    for i in range(0, len(ref), 25):
        r = sc.rate(puzzles[i])
        assert (er[i], ep[i], ed[i]) == (r.er, r.ep, r.ed)
        assert sc.LEVELS[level[i]] == r.level
    # ... which agree with Sukaku Explainer's serate on 98% or more.
    same = sum(
        (er[i], ep[i], ed[i]) == tuple(ref[i][1:])
        for i in range(len(ref))
    )
    assert same >= 0.98 * len(ref), f"{same} of {len(ref)}"


def test_rate_many_equals_cli_and_marks_unrated(cli):
    name = "magictour_top1465.txt"
    puzzles = read_puzzles(name)
    oracle = cli_ratings(cli, DATA / name)
    mixed = puzzles[:100] + ["." * 81, "11" + "." * 79] + puzzles[100:]
    er, ep, ed, level = sc.rate_many(as_array(mixed), threads=2)
    assert math.isnan(er[100]) and math.isnan(ep[101]) and math.isnan(ed[101])
    assert level[100] == level[101] == -1
    keep = [i for i in range(len(mixed)) if i not in (100, 101)]
    for number, i in enumerate(keep, start=1):
        row = oracle[number]
        assert f"{er[i]:.1f}" == row["score"] and f"{ep[i]:.1f}" == row["ep"] and f"{ed[i]:.1f}" == row["ed"]
        assert sc.LEVELS[level[i]] == row["level"]
    one = sc.rate_many(as_array(mixed), threads=1)
    for a, b in zip((er, ep, ed, level), one):
        np.testing.assert_array_equal(a, b)


def test_batch_releases_the_gil():
    # A batch long enough to measure, on one worker thread; meanwhile a
    # Python thread counts. Were the GIL held for the whole call, the counter
    # would stand still until the batch returned.
    puzzles = read_puzzles("magictour_top1465.txt") * 2
    ticks = []
    stop = threading.Event()

    def count():
        while not stop.is_set():
            ticks.append(time.perf_counter())
            time.sleep(0.001)

    done = {}

    def batch():
        done["start"] = time.perf_counter()
        done["result"] = sc.rate_many(puzzles, threads=1)
        done["end"] = time.perf_counter()

    counter = threading.Thread(target=count)
    counter.start()
    time.sleep(0.05)
    worker = threading.Thread(target=batch)
    worker.start()
    worker.join()
    stop.set()
    counter.join()
    start, end = done["start"], done["end"]
    assert end - start > 0.2, "the batch was too short to measure"
    during = [t for t in ticks if start < t < end]
    # The counter ran all through the batch: ticks every few milliseconds,
    # with no gap near the batch's length.
    assert len(during) > 0.25 * (end - start) / 0.001 / 4
    gaps = np.diff([start, *during, end])
    assert gaps.max() < 0.25 * (end - start), gaps.max()


@pytest.mark.parametrize("bad, exc, message", [
    ("not a list", TypeError, "list"),
    (np.zeros((3, 80), dtype=np.uint8), ValueError, r"\(N, 81\)"),
    (np.zeros((3, 81), dtype=np.float32), TypeError, r"integer array of shape \(N, 81\)"),
    (np.zeros((3, 81, 1), dtype=np.uint8), TypeError, "shape"),
    (np.full((2, 81), 10, dtype=np.int64), ValueError, "puzzle 0: cell 0 of the row is 10"),
    (np.full((2, 81), 10, dtype=np.uint8), ValueError, "puzzle 0"),
    (["." * 81, "x" * 81], ValueError, "puzzle 1"),
    (["." * 81, 5], TypeError, "puzzle 1"),
    (42, TypeError, "int"),
])
def test_batch_bad_input(bad, exc, message):
    for f in (sc.solve_many, sc.rate_many):
        with pytest.raises(exc, match=message):
            f(bad)


@pytest.mark.parametrize("threads", [1, 2])
def test_ctrl_c_stops_a_long_batch(threads):
    # A child interpreter rates hard puzzles for minutes; SIGINT must end it
    # with KeyboardInterrupt within about one puzzle's time (the hardest
    # take about a second), not at the end.
    out, status, waited = interrupt_child(
        f"""
        from conftest import read_puzzles
        hard = read_puzzles("forum_hardest_1106.txt") * 20
        sc.rate_many(hard, threads={threads})
        """,
        timeout=60,
    )
    assert out == "interrupted"
    assert status == 0
    assert waited < 5, waited


def test_ctrl_c_stops_a_long_list_of_solutions():
    # Ten million solutions of the empty grid take seconds and a gigabyte:
    # SIGINT ends the search with KeyboardInterrupt at once.
    out, status, waited = interrupt_child(
        """
        sc.solutions("." * 81, 10_000_000)
        """,
        timeout=60,
    )
    assert out == "interrupted"
    assert status == 0
    assert waited < 5, waited
