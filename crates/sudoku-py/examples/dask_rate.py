"""Rate a data set of Sudoku puzzles across a Dask cluster.

Every file is cut into byte ranges of whole lines on a worker (the client
never reads the data: it only needs the paths, which every worker must be
able to open, for example on shared storage). Each range is read and rated
on the worker that runs it with ``sudoku_core.rate_many``, which uses the
worker's threads with the GIL released; only the ratings (13 bytes a puzzle)
and, with ``--out``, the puzzles travel back. Results come back in file and
line order, equal to rating the files in one process.

Files in the 81-character line format (one puzzle per line, anything after
it ignored, ``#`` comments) are split; files in the grid formats are read
whole by one worker with ``sudoku_core.read_puzzles``.

Usage:

    python dask_rate.py FILE...                       # a local cluster of 2 workers
    python dask_rate.py --scheduler tcp://HOST:8786 FILE...   # a real cluster
    python dask_rate.py --compare FILE...             # also time the in-process batch

Why Dask: the job is a map over independent partitions with results in
order, which ``Client.map`` does with nothing else to install (dask and
distributed are pure Python); a Dask cluster on many machines is one
``dask scheduler`` and a ``dask worker tcp://HOST:8786`` per machine.
"""

import argparse
import csv
import os
import sys
import time

import numpy as np

import sudoku_core

#: Default partition size: about 50,000 puzzles of 82 bytes, a few seconds
#: to a minute of rating, so every worker stays busy and the scheduler's
#: per-task cost (about a millisecond) stays negligible.
CHUNK_BYTES = 4 << 20


def is_line_format(path):
    """True when the first puzzle line of the file is an 81-character line."""
    with open(path, "rb") as f:
        for raw in f:
            text = raw.strip()
            if not text or text.startswith(b"#"):
                continue
            return len(text.split()[0]) == 81
    return False


def plan(path, chunk_bytes=CHUNK_BYTES):
    """The partitions of one file: (path, start, end) byte ranges, or
    (path, None, None) for a file read whole. Runs on a worker."""
    if not is_line_format(path):
        return [(path, None, None)]
    size = os.path.getsize(path)
    return [(path, start, min(start + chunk_bytes, size)) for start in range(0, max(size, 1), chunk_bytes)]


def _lines_before(path, offset):
    """1-based number of the line that starts at byte offset (only on errors)."""
    count = 1
    with open(path, "rb") as f:
        remaining = offset
        while remaining > 0:
            block = f.read(min(remaining, 1 << 20))
            if not block:
                break
            count += block.count(b"\n")
            remaining -= len(block)
    return count


def read_range(path, start, end):
    """The puzzles of the lines that start in [start, end): a line belongs
    to the range its first byte is in, so ranges never share or lose one."""
    puzzles, offsets = [], []
    with open(path, "rb") as f:
        if start > 0:
            f.seek(start - 1)
            f.readline()  # the end of the line that began before start
        position = f.tell()
        while position < end:
            raw = f.readline()
            if not raw:
                break
            text = raw.strip()
            if text and not text.startswith(b"#"):
                puzzles.append(text.split()[0].decode("ascii", "replace"))
                offsets.append(position)
            position += len(raw)
    return puzzles, offsets


def rate_partition(part, threads=0, keep_puzzles=False):
    """Reads one partition where it runs and rates it. Returns a dict of
    NumPy arrays (er, ep, ed, level) and, with keep_puzzles, the puzzles."""
    path, start, end = part
    if start is None:
        puzzles = sudoku_core.read_puzzles(path)
    else:
        puzzles, offsets = read_range(path, start, end)
    er, ep, ed, level = sudoku_core.rate_many(puzzles, threads=threads, strict=False)
    if start is not None and (level == -2).any():
        i = int(np.flatnonzero(level == -2)[0])
        try:
            sudoku_core.rate(puzzles[i])
        except ValueError as e:
            line = _lines_before(path, offsets[i])
            raise ValueError(f"{path}: line {line}: {e}") from None
    out = {"er": er, "ep": ep, "ed": ed, "level": level}
    if keep_puzzles:
        out["puzzles"] = "".join(puzzles).encode("ascii")
    return out


def rate_files(client, paths, threads=0, chunk_bytes=CHUNK_BYTES, keep_puzzles=False):
    """Rates every puzzle of ``paths`` on the cluster behind ``client``.
    Returns (er, ep, ed, level) arrays in file and line order, as
    ``rate_many`` gives for the files read in one process, and with
    keep_puzzles the puzzles as a list of strings."""
    plans = client.gather(client.map(plan, paths, chunk_bytes=chunk_bytes, pure=False))
    parts = [part for file_plan in plans for part in file_plan]
    futures = client.map(rate_partition, parts, threads=threads, keep_puzzles=keep_puzzles, pure=False)
    results = client.gather(futures)
    arrays = tuple(
        np.concatenate([r[key] for r in results]) if results else np.empty(0, dtype=dtype)
        for key, dtype in (("er", np.float64), ("ep", np.float64), ("ed", np.float64), ("level", np.int8))
    )
    if not keep_puzzles:
        return arrays
    text = b"".join(r["puzzles"] for r in results).decode("ascii")
    return arrays, [text[i : i + 81] for i in range(0, len(text), 81)]


def rate_in_process(paths, threads=0):
    """The reference: every file read and rated in this process."""
    results = [sudoku_core.rate_many(sudoku_core.read_puzzles(p), threads=threads) for p in paths]
    return tuple(np.concatenate([r[k] for r in results]) for k in range(4))


def same(a, b):
    """Equal arrays, NaN equal to NaN."""
    return all(np.array_equal(x, y, equal_nan=x.dtype.kind == "f") for x, y in zip(a, b))


def main(argv=None):
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("files", nargs="+")
    parser.add_argument("--scheduler", help="address of a running scheduler (default: a local cluster)")
    parser.add_argument("--workers", type=int, default=2, help="local cluster: worker processes (default 2)")
    parser.add_argument("--threads", type=int, default=1, help="local cluster: threads per worker (default 1)")
    parser.add_argument("--chunk-mb", type=float, default=CHUNK_BYTES / (1 << 20))
    parser.add_argument("--out", help="write puzzle,er,ep,ed,level rows to this CSV file")
    parser.add_argument("--compare", action="store_true", help="also rate in this process and compare")
    args = parser.parse_args(argv)

    from dask.distributed import Client, LocalCluster

    paths = [os.path.abspath(p) for p in args.files]
    if args.scheduler:
        cluster, client = None, Client(args.scheduler)
    else:
        cluster = LocalCluster(
            n_workers=args.workers, threads_per_worker=args.threads, processes=True, dashboard_address=":0"
        )
        client = Client(cluster)
    try:
        # Each worker rates with as many threads as Dask gave it.
        threads = args.threads if not args.scheduler else 0
        chunk = int(args.chunk_mb * (1 << 20))
        start = time.perf_counter()
        result = rate_files(client, paths, threads=threads, chunk_bytes=chunk, keep_puzzles=bool(args.out))
        seconds = time.perf_counter() - start
        (er, ep, ed, level), puzzles = result if args.out else (result, None)
        cores = sum(client.nthreads().values())
        print(f"cluster: {len(er)} puzzles in {seconds:.2f} s, {len(er) / seconds:.0f}/s on {cores} worker threads")
        if args.compare:
            start = time.perf_counter()
            local = rate_in_process(paths, threads=cores)
            local_seconds = time.perf_counter() - start
            print(f"in process: {len(er)} puzzles in {local_seconds:.2f} s, {len(er) / local_seconds:.0f}/s on {cores} threads")
            print(f"cluster / in-process time: {seconds / local_seconds:.2f}x; identical results: {same((er, ep, ed, level), local)}")
        if args.out:
            with open(args.out, "w", newline="") as f:
                w = csv.writer(f)
                w.writerow(["puzzle", "er", "ep", "ed", "level"])
                for p, r, e, d, l in zip(puzzles, er, ep, ed, level):
                    name = sudoku_core.LEVELS[l] if l >= 0 else ""
                    rated = l >= 0
                    w.writerow([p, *(f"{x:.1f}" if rated else "" for x in (r, e, d)), name])
    finally:
        client.close()
        if cluster is not None:
            cluster.close()
    return 0


if __name__ == "__main__":
    sys.exit(main())
