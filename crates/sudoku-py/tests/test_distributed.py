"""The Dask example (examples/dask_rate.py) on a real local cluster of two
worker processes: the files are cut and read on the workers, and the
ratings equal the in-process batch's, in order."""

import importlib.util

import numpy as np
import pytest

import sudoku_core as sc
from conftest import DATA, ROOT

distributed = pytest.importorskip("distributed")

EXAMPLE = ROOT / "crates" / "sudoku-py" / "examples" / "dask_rate.py"
spec = importlib.util.spec_from_file_location("dask_rate", EXAMPLE)
dask_rate = importlib.util.module_from_spec(spec)
spec.loader.exec_module(dask_rate)

# About 3,000 puzzles from easy to hard, with 300 that have several
# solutions (not rated: NaN), plus a grid-format file read whole.
FILES = [
    ROOT / "crates" / "sudoku-web" / "tests" / "data" / "unbiased_1000.txt",
    DATA / "unbiased.txt",
    DATA / "17_clue.txt",
    DATA / "magictour_top1465.txt",
    DATA / "serate.txt",
    DATA / "serg_benchmark.txt",
]


@pytest.fixture(scope="module")
def client():
    from dask.distributed import Client, LocalCluster

    cluster = LocalCluster(n_workers=2, threads_per_worker=1, processes=True, dashboard_address=":0")
    client = Client(cluster)
    yield client
    client.close()
    cluster.close()


def test_ranges_cover_every_line_once(tmp_path):
    path = DATA / "serate.txt"
    want = sc.read_puzzles(path)
    for chunk in (1, 81, 82, 1000, 10**6):
        got = []
        for _, start, end in dask_rate.plan(str(path), chunk):
            got += dask_rate.read_range(str(path), start, end)[0]
        assert got == want, chunk


def test_cluster_ratings_equal_the_in_process_batch(client, tmp_path):
    grid_file = tmp_path / "grids.txt"
    sc.write_puzzles(grid_file, sc.read_puzzles(DATA / "unbiased.txt")[:50])
    paths = [str(p) for p in FILES] + [str(grid_file)]
    # Small ranges, so that every file is cut into many partitions.
    (er, ep, ed, level), puzzles = dask_rate.rate_files(client, paths, threads=1, chunk_bytes=20_000, keep_puzzles=True)
    local = dask_rate.rate_in_process(paths, threads=2)
    assert len(er) == len(local[0]) > 3000
    assert dask_rate.same((er, ep, ed, level), local)
    assert puzzles == [p for path in paths for p in sc.read_puzzles(path)]
    assert (level == -1).sum() == 300 and np.isnan(er).sum() == 300
    # Both ran on the workers: the cluster has two processes.
    assert len(client.nthreads()) == 2


def test_a_bad_line_names_file_and_line(client, tmp_path):
    bad = tmp_path / "bad.txt"
    lines = sc.read_puzzles(DATA / "unbiased.txt")[:200]
    lines[150] = lines[150][:80] + "x"
    bad.write_text("# data\n" + "\n".join(lines) + "\n")
    with pytest.raises(ValueError, match=r"bad\.txt: line 152: .*character 'x' at position 80"):
        dask_rate.rate_files(client, [str(bad)], threads=1, chunk_bytes=4096)


def test_command_line_writes_csv(tmp_path):
    out = tmp_path / "ratings.csv"
    assert dask_rate.main([str(DATA / "unbiased.txt"), "--workers", "2", "--out", str(out)]) == 0
    rows = out.read_text().splitlines()
    assert rows[0] == "puzzle,er,ep,ed,level" and len(rows) == 301
    first = rows[1].split(",")
    r = sc.rate(first[0])
    assert first[1:] == [f"{r.er:.1f}", f"{r.ep:.1f}", f"{r.ed:.1f}", r.level]
