"""The Python package against the `sudoku` command, side by side in one run.

Run from the repository root with the package installed in the current
interpreter and the CLI built (`cargo build --release -p sudoku-core-cli`):

    python crates/sudoku-py/bench/run.py [--rounds 5] [--quick]

Each race runs its contestants in alternation, `rounds` times, each time in a
fresh process, and reports the median wall-clock time. The data are made by
the CLI with fixed seeds under target/py-bench/. Prints a Markdown table and
the CPU model.
"""

import argparse
import os
import statistics
import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[3]
CLI = Path(os.environ.get("SUDOKU_CLI", ROOT / "target" / "release" / "sudoku"))
WORK = ROOT / "target" / "py-bench"
PY = sys.executable


def cpu_model():
    for line in open("/proc/cpuinfo"):
        if line.startswith("model name"):
            return line.split(":", 1)[1].strip()
    return "unknown"


def make_data(easy_count):
    WORK.mkdir(parents=True, exist_ok=True)
    easy = WORK / f"easy_{easy_count}.txt"
    if not easy.exists():
        subprocess.run([CLI, "puzzles", str(easy_count), "--difficulty", "easy", "--seed", "1",
                        "--format", "line", "-o", easy], check=True)
    rated = WORK / "rating_mix.txt"
    if not rated.exists():
        # 2,000 puzzles from easy to expert, the kind a data set buckets by level.
        parts = []
        for level, n in (("easy", 500), ("medium", 500), ("hard", 500), ("expert", 500)):
            out = WORK / f"{level}.txt"
            subprocess.run([CLI, "puzzles", str(n), "--difficulty", level, "--seed", "2",
                            "--format", "line", "-o", out], check=True)
            parts.append(out.read_text())
        rated.write_text("".join(parts))
    return easy, rated


# NumPy's OpenBLAS starts a thread per core at import, which spins for about
# a second, taking about 70 ms of CPU (measured with `perf stat` on a
# process that imports numpy and sleeps); on 2 cores that is taken from the
# solving threads. The package never calls BLAS, and a program running its
# own threads turns that pool down as NumPy's documentation advises, so the
# Python contestants run with OPENBLAS_NUM_THREADS=1 (`--blas-default` to
# see the difference).
PY_ENV = dict(os.environ, OPENBLAS_NUM_THREADS="1")


def timed(cmd):
    """Wall-clock seconds of one process; for Python contestants, the time the
    script measured itself is printed on its last line and used instead."""
    start = time.perf_counter()
    done = subprocess.run(cmd, capture_output=True, text=True, env=PY_ENV if cmd[0] == PY else None)
    wall = time.perf_counter() - start
    if done.returncode != 0:
        raise SystemExit(f"{cmd} failed: {done.stderr}")
    if cmd[0] == PY:
        return float(done.stdout.split()[-1])
    return wall


def race(contestants, rounds):
    """{name: median seconds}, the contestants run in alternation."""
    times = {name: [] for name in contestants}
    for _ in range(rounds):
        for name, cmd in contestants.items():
            times[name].append(timed(cmd))
    return {name: statistics.median(t) for name, t in times.items()}


def py(code):
    """A Python contestant: `code` timed inside the process, after the
    interpreter has started and imported the package (what a user's
    notebook or script pays per call, not per interpreter)."""
    body = "\n".join("    " + line for line in code.splitlines())
    return [PY, "-c", "import time, numpy, sudoku_core as sc\ndef work():\n" + body
            + "\nstart = time.perf_counter()\nwork()\nprint(time.perf_counter() - start)"]


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--rounds", type=int, default=5)
    parser.add_argument("--quick", action="store_true", help="10,000 easy puzzles instead of 100,000")
    parser.add_argument("--blas-default", action="store_true",
                        help="leave NumPy's OpenBLAS threads at their default")
    args = parser.parse_args()
    if args.blas_default:
        PY_ENV.pop("OPENBLAS_NUM_THREADS", None)
    easy, rated = make_data(10_000 if args.quick else 100_000)
    n_easy = sum(1 for _ in open(easy))
    n_rated = sum(1 for _ in open(rated))
    rows = []

    # 1. One solve per call from a Python loop, against the CLI's whole
    #    process on one thread (reading, solving, writing). The loop reads
    #    the file too (with read_puzzles: a list of str), and keeps the
    #    solutions nowhere.
    r = race({
        "cli": [CLI, "-s", easy, "-j", "1", "-o", os.devnull],
        "python loop": py(f"for p in sc.read_puzzles({str(easy)!r}):\n    sc.solve(p)"),
    }, args.rounds)
    loop = r["python loop"]
    rows.append(("solve, a Python loop of `solve(p)` vs `sudoku -s -j 1`", n_easy,
                 f"{loop / n_easy * 1e6:.2f} µs", f"{r['cli'] / n_easy * 1e6:.2f} µs", loop / r["cli"]))

    # 2. The batch, whole programs on the same file and threads: read, solve,
    #    write. `solve_file` streams through the pipeline the CLI uses; the
    #    array path reads the whole file, then solves, then writes.
    for threads in (1, 2):
        r = race({
            "cli": [CLI, "-s", easy, "-j", str(threads), "-o", os.devnull],
            "solve_file": py(f"sc.solve_file({str(easy)!r}, {os.devnull!r}, threads={threads})"),
            "arrays": py(f"a = sc.read_puzzles({str(easy)!r}, as_array=True)\n"
                         f"s, st = sc.solve_many(a, threads={threads})\n"
                         f"sc.write_puzzles({os.devnull!r}, s)"),
        }, args.rounds)
        rows.append((f"solve, `solve_file` vs `sudoku -s`, {threads} thread(s)",
                     n_easy, f"{r['solve_file']:.3f} s", f"{r['cli']:.3f} s", r["solve_file"] / r["cli"]))
        rows.append((f"solve, `read_puzzles` + `solve_many` + `write_puzzles` vs `sudoku -s`, {threads} thread(s)",
                     n_easy, f"{r['arrays']:.3f} s", f"{r['cli']:.3f} s", r["arrays"] / r["cli"]))

    # 3. Rating: the batch against `sudoku rate`, and all cores against one.
    r = race({
        "cli 1": [CLI, "rate", rated, "-j", "1", "--csv"],
        "py 1": py(f"sc.rate_many(sc.read_puzzles({str(rated)!r}), threads=1)"),
        "cli 2": [CLI, "rate", rated, "-j", "2", "--csv"],
        "py 2": py(f"sc.rate_many(sc.read_puzzles({str(rated)!r}), threads=0)"),
    }, args.rounds)
    for t in ("1", "2"):
        rows.append((f"rate, `rate_many` vs `sudoku rate --csv`, {t} thread(s)", n_rated,
                     f"{n_rated / r['py ' + t]:.0f}/s", f"{n_rated / r['cli ' + t]:.0f}/s",
                     r["py " + t] / r["cli " + t]))
    scaling = r["py 1"] / r["py 2"]

    blas = PY_ENV.get("OPENBLAS_NUM_THREADS", "default")
    print(f"CPU: {cpu_model()}, {os.cpu_count()} cores; medians of {args.rounds} alternating runs;"
          f" Python with OPENBLAS_NUM_THREADS={blas}\n")
    print("| race | puzzles | Python | CLI | Python / CLI time |")
    print("|---|---:|---:|---:|---:|")
    for name, n, a, b, ratio in rows:
        print(f"| {name} | {n:,} | {a} | {b} | {ratio:.2f}x |")
    print(f"\n`rate_many` on all cores vs one: {scaling:.2f}x the throughput")


if __name__ == "__main__":
    main()
