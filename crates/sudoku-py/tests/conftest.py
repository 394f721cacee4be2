"""Shared helpers: the shipped puzzle files, a pure-Python Sudoku validator
and the command-line program `sudoku` as an independent oracle."""

import csv
import io
import os
import subprocess
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[3]
DATA = ROOT / "crates" / "sudoku-core" / "tests" / "data"


def read_puzzles(name, limit=None):
    """The 81-character puzzles of a shipped data file (comments skipped;
    serate.txt's lines carry the reference rating after the puzzle)."""
    out = []
    for line in (DATA / name).read_text().splitlines():
        if not line.strip() or line.startswith("#"):
            continue
        out.append(line.split()[0][:81])
        if limit is not None and len(out) == limit:
            break
    return out


def serate_reference():
    """(puzzle, er, ep, ed) from serate.txt, rated by Sukaku Explainer's serate."""
    out = []
    for line in (DATA / "serate.txt").read_text().splitlines():
        if not line.strip() or line.startswith("#"):
            continue
        puzzle, erpd = line.split()[:2]
        er, ep, ed = (float(x) for x in erpd.split("/"))
        out.append((puzzle, er, ep, ed))
    return out


# ---- the pure-Python validator: knows nothing of the library --------------

UNITS = (
    [[r * 9 + c for c in range(9)] for r in range(9)]
    + [[r * 9 + c for r in range(9)] for c in range(9)]
    + [
        [(br * 3 + r) * 9 + bc * 3 + c for r in range(3) for c in range(3)]
        for br in range(3)
        for bc in range(3)
    ]
)


def digits_of(puzzle):
    """A puzzle string ('.', '_' or '0' blanks) as 81 ints."""
    return [0 if ch in "._0" else int(ch) for ch in puzzle]


def is_valid_solution(puzzle, solution):
    """True when `solution` is a complete valid grid that keeps `puzzle`'s givens."""
    if not isinstance(solution, str) or len(solution) != 81:
        return False
    s = digits_of(solution)
    if any(d == 0 for d in s):
        return False
    for unit in UNITS:
        if sorted(s[i] for i in unit) != list(range(1, 10)):
            return False
    return all(p == 0 or p == d for p, d in zip(digits_of(puzzle), s))


def has_conflict(puzzle):
    """True when two givens repeat a digit in a unit."""
    p = digits_of(puzzle)
    for unit in UNITS:
        ds = [p[i] for i in unit if p[i]]
        if len(ds) != len(set(ds)):
            return True
    return False


# ---- the command-line program as oracle ---------------------------------


@pytest.fixture(scope="session")
def cli():
    path = Path(os.environ.get("SUDOKU_CLI", ROOT / "target" / "release" / "sudoku"))
    if not path.exists():
        pytest.fail(f"{path} is missing: build it with `cargo build --release -p sudoku-core-cli`")

    def run(*args, check=True):
        done = subprocess.run(
            [str(path), *map(str, args)], capture_output=True, text=True, timeout=300
        )
        if check and done.returncode != 0:
            raise AssertionError(f"sudoku {args} exited {done.returncode}: {done.stderr}")
        return done

    return run


def cli_solutions(cli, path):
    """`sudoku -s FILE -o -`: the solutions in the assignment's grid format, as strings."""
    out = cli("-s", path, "-o", "-").stdout
    digits = "".join(ch for ch in out if ch.isdigit())
    assert len(digits) % 81 == 0
    return [digits[i : i + 81] for i in range(0, len(digits), 81)]


def cli_ratings(cli, path):
    """`sudoku rate FILE --csv` rows as dicts, keyed by the puzzle's number (1-based)."""
    done = cli("rate", path, "--csv", check=False)
    rows = csv.DictReader(io.StringIO(done.stdout))
    return {int(r["number"]): r for r in rows}


# ---- Ctrl-C ----------------------------------------------------------------


def interrupt_child(work, timeout=120):
    """Runs `work` (statements using `sc`) in a child interpreter, sends it
    SIGINT one second after it starts, and returns (its output, its exit
    status, seconds from the signal to its end). The child prints
    "interrupted" when `work` raises KeyboardInterrupt, "finished" when it
    ends first; it is killed if it outlives `timeout`, so a failing test
    leaves no process behind."""
    import signal
    import sys
    import textwrap
    import time

    code = (
        "import signal, sys, sudoku_core as sc\n"
        # A child started from a background job inherits SIGINT ignored, and
        # Python then installs no handler: restore it, as a shell has it.
        "signal.signal(signal.SIGINT, signal.default_int_handler)\n"
        f"sys.path.insert(0, {str(Path(__file__).parent)!r})\n"
        "print('start', flush=True)\n"
        "try:\n" + textwrap.indent(textwrap.dedent(work).strip(), "    ") + "\n"
        "    print('finished')\n"
        "except KeyboardInterrupt:\n"
        "    print('interrupted', flush=True)\n"
    )
    child = subprocess.Popen([sys.executable, "-c", code], stdout=subprocess.PIPE, text=True)
    try:
        assert child.stdout.readline().strip() == "start"
        time.sleep(1.0)
        sent = time.monotonic()
        child.send_signal(signal.SIGINT)
        out, _ = child.communicate(timeout=timeout)
        return out.strip(), child.returncode, time.monotonic() - sent
    finally:
        if child.poll() is None:
            child.kill()
            child.wait()
