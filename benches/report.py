#!/usr/bin/env python3
"""Regenerate docs/benchmarks.md: every speed figure of the project, raced side
by side with its reference on this machine, in one run.

    benches/report.py [--rounds N] [--quick] [--out PATH] [--only NAME,...]
                      [--data DIR] [--peer DIR] [--tdoku SRC] [--serate SRC]
                      [--serate-hard] [--python PYTHON]

Run from anywhere; paths are relative to the repository. It builds the
release CLI, then the references beside the project, under
target/references/ (never inside the sources):

  --peer DIR     the peer-crate program (a Cargo project over the `sudoku`
                 crate; default ../shared/tools/peer-crate when it exists)
  --tdoku SRC    t-dillon/tdoku: a checkout or a bare git directory (its
                 files are exported, missing blobs and submodules skipped);
                 built with its ./BUILD.sh run_benchmark (cmake, g++)
  --serate SRC   SudokuMonster/SukakuExplainer: a checkout or a bare git
                 directory; compiled with javac (a JDK)
  --serate-hard  also race the SE 10+ band (the 7 such puzzles of
                 tests/data/serate.txt), where serate takes a minute or more
                 a puzzle: about a quarter of an hour more
  --python PY    an interpreter with the sudoku_core package installed: runs
                 crates/sudoku-py/bench/run.py with it

When a reference is missing, its section says so and how to supply it; the
rest still runs. --data is tdoku's public benchmark sets (default
../shared/data/tdoku, else the 300-puzzle samples shipped in
crates/sudoku-core/tests/data). --quick runs every section once on small
inputs, to check the script itself (its figures mean little).

Sections (for --only): final-boards, solve, enumeration, tdoku, two-cores, generate,
levels, canon, serate, printing, game, python. With --only, the other sections are left out
of the page, so write such a run elsewhere (--out).

Method, the same everywhere: commands race in turn, alternating their order
from round to round so that a slow spell of a shared machine hits both
alike; each figure is the median of the rounds, each ratio the median of the
per-round ratios. One-core races are pinned to the last core with taskset.
"""

import argparse
import datetime
import os
import platform
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
REFS = ROOT / "target" / "references"
CLI = ROOT / "target" / "release" / "sudoku"


# ---------------------------------------------------------------- running


class Run:
    """One finished child process: wall time, CPU times, output."""

    def __init__(self, wall, user, system, stdout):
        self.wall, self.user, self.system, self.stdout = wall, user, system, stdout


def run(argv):
    """Runs argv to completion and returns its standard output (a Run without
    CPU figures); a failure ends the report with the command's error."""
    start = time.perf_counter()
    done = subprocess.run([str(a) for a in argv], capture_output=True)
    wall = time.perf_counter() - start
    if done.returncode != 0:
        sys.exit(f"report: {' '.join(map(str, argv))} failed with status {done.returncode}:\n"
                 + done.stderr.decode(errors="replace")[-2000:])
    return Run(wall, 0.0, 0.0, done.stdout.decode(errors="replace"))


def run_measured(argv, stdout_to=None):
    """Runs argv with its output discarded (or written to stdout_to) and
    measures it with wait4: wall, user and system time."""
    out = os.open(stdout_to or os.devnull, os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o644)
    null = os.open(os.devnull, os.O_WRONLY)
    argv = [str(a) for a in argv]
    program = shutil.which(argv[0]) or argv[0]
    start = time.perf_counter()
    try:
        pid = os.posix_spawn(program, argv, os.environ,
                             file_actions=[(os.POSIX_SPAWN_DUP2, out, 1), (os.POSIX_SPAWN_DUP2, null, 2)])
        _, status, usage = os.wait4(pid, 0)
    finally:
        os.close(out)
        os.close(null)
    wall = time.perf_counter() - start
    if os.waitstatus_to_exitcode(status) != 0:
        sys.exit(f"report: {' '.join(argv)} failed with status {os.waitstatus_to_exitcode(status)}")
    return Run(wall, usage.ru_utime, usage.ru_stime, "")


def peak_rss_kib(argv):
    """The peak resident memory of argv, measured by /usr/bin/time (a small
    parent: a child's peak counts its parent's memory from before its exec,
    so this interpreter cannot measure it itself), or None without it."""
    if not Path("/usr/bin/time").exists():
        return None
    done = subprocess.run(["/usr/bin/time", "-f", "%M", *map(str, argv)], capture_output=True, text=True)
    return int(done.stderr.strip().splitlines()[-1]) if done.returncode == 0 else None


def pinned(argv):
    """argv pinned to the machine's last core, so one-core races share one."""
    if shutil.which("taskset") and (os.cpu_count() or 1) > 1:
        return ["taskset", "-c", str((os.cpu_count() or 1) - 1), *argv]
    return list(argv)


def race(rounds, contestants, measure=None):
    """Runs each contestant (a zero-argument function returning a number, by
    default the wall time of its run) once to warm up, then `rounds` times in
    alternating order. Returns the list of per-round values of each."""
    for c in contestants:
        c()
    values = [[] for _ in contestants]
    for r in range(rounds):
        order = range(len(contestants)) if r % 2 == 0 else reversed(range(len(contestants)))
        for k in order:
            values[k].append(contestants[k]())
    return values


def median(values):
    return statistics.median(values)


def ratio(a_values, b_values):
    """The median of the per-round ratios a / b."""
    return median([a / b for a, b in zip(a_values, b_values)])


def ms(seconds):
    return f"{seconds * 1000:,.0f} ms" if seconds < 10 else f"{seconds:,.2f} s"


def per_puzzle(seconds):
    if seconds >= 1:
        return f"{seconds:.2f} s"
    if seconds >= 0.001:
        return f"{seconds * 1000:.2f} ms"
    return f"{seconds * 1e6:.1f} µs"


# ------------------------------------------------------------------ data


def puzzles_of(path):
    """The puzzle lines of a data file (comments and blank lines dropped)."""
    return [line.split()[0] for line in Path(path).read_text().splitlines()
            if line.strip() and not line.startswith("#")]


def write_lines(path, lines):
    Path(path).write_text("".join(line + "\n" for line in lines))
    return Path(path)


class Data:
    """The public benchmark sets, by short name, as files of 81-character lines."""

    SETS = {  # short name: (tdoku's file name, the shipped sample's)
        "unbiased": ("puzzles1_unbiased_first1000", "unbiased.txt"),
        "17-clue": ("puzzles2_17_clue", "17_clue.txt"),
        "magictour": ("puzzles3_magictour_top1465", "magictour_top1465.txt"),
        "forum_1905": ("puzzles5_forum_hardest_1905_11+", "forum_hardest_1905_11.txt"),
        "forum_1106": ("puzzles6_forum_hardest_1106", "forum_hardest_1106.txt"),
        "serg": ("puzzles7_serg_benchmark", "serg_benchmark.txt"),
    }

    def __init__(self, directory, work, quick):
        self.directory, self.work, self.quick = directory, work, quick
        self.full = directory != ROOT / "crates/sudoku-core/tests/data"

    def path(self, name):
        public, sample = self.SETS[name]
        source = self.directory / (public if self.full else sample)
        if not self.quick:
            return source
        small = self.work / f"{name}.quick.txt"
        if not small.exists():
            write_lines(small, puzzles_of(source)[:200])
        return small

    def label(self, name):
        return self.SETS[name][0] if self.full else self.SETS[name][1]

    def repeated(self, name, times):
        """The set repeated `times` times into one file, so a run lasts long
        enough to time."""
        if self.quick:
            times = 1
        target = self.work / f"{name}.x{times}.txt"
        if not target.exists():
            write_lines(target, puzzles_of(self.path(name)) * times)
        return target, len(puzzles_of(self.path(name))) * times


# ------------------------------------------------------------ references


def export_git(source, destination):
    """Copies a checkout, or exports HEAD of a (bare) git directory file by
    file, skipping blobs that are absent and submodules."""
    if destination.exists():
        return
    source = Path(source)
    if (source / ".git").exists() or not (source / "HEAD").exists():
        shutil.copytree(source, destination, ignore=shutil.ignore_patterns(".git"))
        return
    names = subprocess.run(["git", "--git-dir", source, "ls-tree", "-r", "HEAD"],
                           capture_output=True, text=True, check=True).stdout.splitlines()
    for entry in names:
        meta, name = entry.split("\t", 1)
        mode, kind, _ = meta.split()
        if kind != "blob":
            continue
        blob = subprocess.run(["git", "--git-dir", source, "show", f"HEAD:{name}"], capture_output=True)
        if blob.returncode != 0:
            continue
        target = destination / name
        target.parent.mkdir(parents=True, exist_ok=True)
        target.write_bytes(blob.stdout)
        if mode == "100755":
            target.chmod(0o755)


def git_head(source):
    source = Path(source)
    git_dir = source / ".git" if (source / ".git").exists() else source
    found = subprocess.run(["git", "--git-dir", git_dir, "rev-parse", "--short", "HEAD"],
                           capture_output=True, text=True)
    return found.stdout.strip() if found.returncode == 0 else "unknown commit"


class References:
    def __init__(self, args):
        self.args = args
        self.peer = self.tdoku = self.serate = None
        self.notes = {}

    def build(self, wanted):
        REFS.mkdir(parents=True, exist_ok=True)
        if wanted & {"solve", "generate"}:
            self.peer = self._build("peer", self._peer)
        if "tdoku" in wanted:
            self.tdoku = self._build("tdoku", self._tdoku)
        if "serate" in wanted:
            self.serate = self._build("serate", self._serate)

    def _build(self, name, builder):
        try:
            return builder()
        except (OSError, subprocess.CalledProcessError, RuntimeError) as error:
            self.notes[name] = str(error).strip().splitlines()[-1] if str(error).strip() else repr(error)
            print(f"report: {name} not available: {self.notes[name]}", file=sys.stderr)
            return None

    def _peer(self):
        source = Path(self.args.peer) if self.args.peer else ROOT.parent / "shared/tools/peer-crate"
        if not (source / "Cargo.toml").exists():
            raise RuntimeError(f"no peer-crate project at {source} (pass --peer DIR)")
        target = REFS / "peer-crate"
        subprocess.run(["cargo", "build", "--release", "--quiet", "--manifest-path", source / "Cargo.toml"],
                       env={**os.environ, "CARGO_TARGET_DIR": str(target)}, check=True)
        self.notes["peer"] = f"peer-crate ({source.name}, the `sudoku` crate's solver and generator)"
        return target / "release" / "peer-crate"

    def _tdoku(self):
        source = self.args.tdoku
        binary = REFS / "tdoku" / "build" / "run_benchmark"
        if not binary.exists():
            if not source:
                raise RuntimeError("no tdoku sources (pass --tdoku SRC: a checkout or git directory of t-dillon/tdoku)")
            export_git(source, REFS / "tdoku")
            # tdoku's other solvers come as submodules; run_benchmark builds without them.
            for module in (REFS / "tdoku" / "other").glob("module_*"):
                if not any(module.iterdir()):
                    module.rmdir()
            subprocess.run(["./BUILD.sh", "run_benchmark"], cwd=REFS / "tdoku", check=True,
                           stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        self.notes["tdoku"] = (f"tdoku ({git_head(source) if source else 'built earlier'}, "
                               "its `./BUILD.sh run_benchmark`: gcc -O3 -march=native)")
        return binary

    def _serate(self):
        source = self.args.serate
        classes = REFS / "serate" / "out"
        if not (classes / "diuf").exists():
            if not source:
                raise RuntimeError("no Sukaku Explainer sources (pass --serate SRC: a checkout or git directory)")
            export_git(source, REFS / "serate" / "src")
            java = [str(p) for p in (REFS / "serate" / "src").rglob("*.java")]
            classes.mkdir(parents=True, exist_ok=True)
            subprocess.run(["javac", "-nowarn", "-encoding", "ISO-8859-1", "-d", classes, *java], check=True,
                           stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        self.notes["serate"] = f"Sukaku Explainer's serate ({git_head(source) if source else 'built earlier'})"
        return classes


def missing(name, refs, how):
    return [f"Not run: {refs.notes.get(name, 'the reference is not available')}. {how}", ""]


# -------------------------------------------------------------- sections


def final_boards(ctx):
    """`sudoku -c 1000000` against `cp` of the same file."""
    n = 20_000 if ctx.quick else 1_000_000
    reference = ctx.work / "boards.ref.txt"
    run([CLI, "-c", n, "-o", reference])
    ours_out, copy_out = ctx.work / "boards.ours.txt", ctx.work / "boards.copy.txt"
    runs = {"ours": [], "cp": []}

    def ours():
        r = run_measured([CLI, "-c", n, "-o", ours_out])
        runs["ours"].append(r)
        return r.wall

    def cp():
        r = run_measured(["cp", reference, copy_out])
        runs["cp"].append(r)
        return r.wall

    a, b = race(ctx.rounds, [ours, cp])
    peak = peak_rss_kib([CLI, "-c", n, "-o", ours_out])
    size = reference.stat().st_size / 1e6
    lines = [f"```sh\nsudoku -c {n} -o A     # against\ncp B C                  # B: the same {size:.0f} MB\n```", "",
             "| | median wall | median user | median system |", "|---|---:|---:|---:|"]
    for name, label, values in (("ours", f"`sudoku -c {n}`", a), ("cp", f"`cp` {size:.0f} MB", b)):
        rs = runs[name][1:]
        lines.append(f"| {label} | {ms(median(values))} | {ms(median([r.user for r in rs]))} | "
                     f"{ms(median([r.system for r in rs]))} |")
    lines += ["", f"`sudoku` takes **{ratio(a, b):.2f}×** the time of `cp` (median of the per-round ratios; "
              "the assignment's goal: at most 1.3×). Its peak memory (`/usr/bin/time -f %M`): "
              + (f"{peak / 1024:.1f} MiB." if peak else "not measured (no /usr/bin/time)."), ""]
    return lines


def solve(ctx):
    """Whole process against the peer crate: solving and counting, one core."""
    if not ctx.refs.peer:
        return missing("peer", ctx.refs, "Pass `--peer DIR`.")
    peer = ctx.refs.peer
    rows = []
    for name, times in (("17-clue", 1), ("magictour", 20), ("forum_1905", 1), ("serg", 5)):
        path, count = ctx.data.repeated(name, times)
        ours_out, peer_out = ctx.work / "solve.ours.txt", ctx.work / "solve.peer.txt"
        s_ours, s_peer = race(ctx.rounds, [
            lambda: run_measured(pinned([CLI, "-s", path, "-o", ours_out, "-j", "1"])).wall,
            lambda: run_measured(pinned([peer, "solve", path, peer_out])).wall])
        same = "identical" if ours_out.read_bytes() == peer_out.read_bytes() else "differ"
        c_ours, c_peer = race(ctx.rounds, [
            lambda: run_measured(pinned([CLI, "count", path, "-j", "1"])).wall,
            lambda: run_measured(pinned([peer, "count", path])).wall])
        label = ctx.data.label(name) + (f" ×{times}" if times > 1 and not ctx.quick else "")
        rows.append(f"| {label} | {count:,} | {ms(median(s_peer))} | {ms(median(s_ours))} | "
                    f"**{ratio(s_ours, s_peer):.2f}** | {same} | {ms(median(c_peer))} | {ms(median(c_ours))} | "
                    f"**{ratio(c_ours, c_peer):.2f}** |")
    return ["```sh", "taskset -c LAST sudoku -s FILE -o OUT -j 1     against   peer-crate solve FILE OUT",
            "taskset -c LAST sudoku count FILE -j 1           against   peer-crate count FILE", "```", "",
            "| set | puzzles | peer `solve` | `sudoku -s` | ours / peer | solutions | peer `count` | "
            "`sudoku count` | ours / peer |",
            "|---|---:|---:|---:|---:|---|---:|---:|---:|", *rows, "",
            "Below 1, `sudoku` takes less time than the crate. \"solutions\" compares the two output files "
            "byte for byte (serg's puzzles have several solutions, so the first found may differ).", ""]


def tdoku(ctx):
    """The solver alone, puzzles in memory, one thread: `sudoku bench` against tdoku."""
    if not ctx.refs.tdoku:
        return missing("tdoku", ctx.refs, "Pass `--tdoku SRC` (needs cmake and g++).")
    seconds = "1" if ctx.quick else "2"

    def tdoku_rate(path, first):
        argv = [ctx.refs.tdoku, "-s", "tdoku", *(["-f"] if first else []), "-r", "0", "-e", "1", "-w", "1",
                "-t", seconds, path]
        out = run(pinned(argv)).stdout
        row = [line for line in out.splitlines() if line.startswith("|tdoku")][-1]
        return float(row.split("|")[2])

    def ours_rates(path):
        out = run(pinned([CLI, "bench", path, "--seconds", seconds])).stdout
        fields = out.strip().splitlines()[-1].split()
        return float(fields[2]), float(fields[6])

    rows = []
    for name in Data.SETS:
        path = ctx.data.path(name)
        values = {"tf": [], "tu": [], "of": [], "ou": []}
        for r in range(ctx.rounds_slow):
            for k in ([0, 1] if r % 2 == 0 else [1, 0]):
                if k == 0:
                    values["tf"].append(tdoku_rate(path, True))
                    values["tu"].append(tdoku_rate(path, False))
                else:
                    first, unique = ours_rates(path)
                    values["of"].append(first)
                    values["ou"].append(unique)
        rows.append(f"| {ctx.data.label(name)} | {median(values['tf']):,.0f} | {median(values['of']):,.0f} | "
                    f"**{ratio(values['of'], values['tf']):.2f}** | {median(values['tu']):,.0f} | "
                    f"{median(values['ou']):,.0f} | **{ratio(values['ou'], values['tu']):.2f}** |")
    return ["```sh", f"taskset -c LAST run_benchmark -s tdoku [-f] -r 0 -e 1 -w 1 -t {seconds} FILE   "
            "# -f: first solution; without: solve and prove unique",
            f"taskset -c LAST sudoku bench FILE --seconds {seconds}", "```", "",
            f"Puzzles per second (medians of {ctx.rounds_slow} alternating rounds); ratio ours / tdoku, "
            "above 1 ours is faster.", "",
            "| set | tdoku first | ours first | ratio | tdoku unique | ours unique | ratio |",
            "|---|---:|---:|---:|---:|---:|---:|", *rows, ""]


def two_cores(ctx):
    """The whole pipeline on every core against one thread."""
    path, count = ctx.data.repeated("17-clue", 1 if ctx.quick else 2)
    out = ctx.work / "pipeline.txt"
    cores = os.cpu_count() or 1
    one, all_ = race(ctx.rounds, [lambda: run_measured([CLI, "-s", path, "-o", out, "-j", "1"]).wall,
                                  lambda: run_measured([CLI, "-s", path, "-o", out]).wall])
    return ["```sh", "sudoku -s FILE -o OUT -j 1     against     sudoku -s FILE -o OUT   # every core", "```", "",
            f"On {count:,} puzzles (17-clue{'' if ctx.quick else ' ×2'}), writing the solutions and replacing the "
            f"file: one thread {ms(median(one))}, all {cores} cores {ms(median(all_))}: **{ratio(one, all_):.2f}×** "
            "the speed of one.", ""]


def generate(ctx):
    """Unique minimal puzzles against the peer crate's generator, one core."""
    if not ctx.refs.peer:
        return missing("peer", ctx.refs, "Pass `--peer DIR`.")
    n = "500" if ctx.quick else "5000"
    rows = []
    for symmetry in ("none", "rot180"):
        ours_out, peer_out = ctx.work / "gen.ours.txt", ctx.work / "gen.peer.txt"
        ours, peer = race(ctx.rounds, [
            lambda: run_measured(pinned([CLI, "puzzles", n, "--minimal", "--symmetry", symmetry, "--seed", "1",
                                         "--format", "line", "-o", ours_out, "-j", "1"])).wall,
            lambda: run_measured(pinned([ctx.refs.peer, "generate", n, peer_out, symmetry])).wall])
        rows.append(f"| {symmetry} | {ms(median(peer))} | {ms(median(ours))} | **{ratio(peer, ours):.2f}×** |")
    return ["```sh", f"taskset -c LAST sudoku puzzles {n} --minimal --symmetry S --seed 1 --format line -o OUT -j 1",
            f"taskset -c LAST peer-crate generate {n} OUT S", "```", "",
            "| symmetry | peer-crate | `sudoku puzzles` | speed-up (peer / ours) |", "|---|---:|---:|---:|", *rows, ""]


def levels(ctx):
    """Puzzles per second for each level, every core."""
    counts = {"easy": 20000, "medium": 2000, "hard": 2000, "expert": 500, "extreme": 100}
    rows = []
    for level, n in counts.items():
        n = max(n // 20, 5) if ctx.quick else n
        out = ctx.work / "levels.txt"
        (times,) = race(ctx.rounds_slow, [lambda: run_measured(
            [CLI, "puzzles", n, "--difficulty", level, "--seed", "1", "--format", "line", "-o", out]).wall])
        rows.append(f"| {level} | {n:,} | {ms(median(times))} | {n / median(times):,.0f} |")
    return ["```sh", "sudoku puzzles N --difficulty LEVEL --seed 1 --format line -o OUT   # every core", "```", "",
            "| level (SE scale) | puzzles | median wall | puzzles per second |", "|---|---:|---:|---:|", *rows, ""]


def canon(ctx):
    """The canonical form, one core, per puzzle."""
    rows = []
    grids = ctx.work / "canon.grids.txt"
    run([CLI, "-c", "100" if ctx.quick else "1000", "-o", grids])
    inputs = [(ctx.data.label(name), ctx.data.path(name)) for name in ("17-clue", "magictour", "serg")]
    inputs.append(("completed grids (`sudoku -c`)", grids))
    for label, path in inputs:
        count = len(run([CLI, "canon", path, "-j", "1"]).stdout.splitlines())
        (times,) = race(ctx.rounds, [lambda: run_measured(pinned([CLI, "canon", path, "-j", "1"])).user])
        rows.append(f"| {label} | {count:,} | {per_puzzle(median(times) / count)} |")
    return ["```sh", "taskset -c LAST sudoku canon FILE -j 1     # user CPU time / puzzles", "```", "",
            "| input | puzzles | CPU per puzzle |", "|---|---:|---:|", *rows, ""]


def printing(ctx):
    """A whole `sudoku print` of 1000 puzzles (it also solves and rates them)."""
    n = "100" if ctx.quick else "1000"
    puzzles = ctx.work / "print.puzzles.txt"
    run([CLI, "puzzles", n, "--seed", "1", "--format", "line", "-o", puzzles])
    books = [("book.pdf", ["--per-page", "6", "--answers"]),
             ("bookc.pdf", ["--per-page", "1", "--answers", "--candidates"]),
             ("book.svg", ["--per-page", "6", "--answers"])]
    contestants = [lambda out=out, opts=opts: run_measured([CLI, "print", puzzles, "-o", ctx.work / out, *opts]).wall
                   for out, opts in books]
    contestants.append(lambda: run_measured([CLI, "rate", puzzles]).wall)
    times = race(ctx.rounds, contestants)
    rows = []
    for (out, opts), values in zip(books, times):
        stem, kind = out.split(".")
        files = [ctx.work / out] if kind == "pdf" else list(ctx.work.glob(f"{stem}*.svg"))
        size = sum(f.stat().st_size for f in files)
        rows.append(f"| `print -o {out} {' '.join(opts)}` | {ms(median(values))} | {size / 1e6:.1f} MB |")
    rows.append(f"| `rate` (the rating alone) | {ms(median(times[-1]))} | |")
    return ["```sh", f"sudoku puzzles {n} --seed 1 --format line -o P", "sudoku print P -o OUT OPTIONS",
            "sudoku rate P", "```", "", f"| {n} puzzles, every core | median wall | output |", "|---|---:|---:|",
            *rows, ""]


def enumeration(ctx):
    """Many solutions of one puzzle and counting with a large limit, against the sudoku crate."""
    target = ROOT / "target" / "race"
    subprocess.run(["cargo", "build", "--release", "--quiet", "--manifest-path",
                    str(ROOT / "benches/enumeration-race/Cargo.toml"), "--target-dir", str(target)],
                   cwd=ROOT, check=True)
    seventeen = ctx.data.path("17-clue")
    done = run(pinned([target / "release" / "enumeration-race", seventeen]))
    table = [line for line in done.stdout.splitlines() if line.startswith("|")]
    return ["```sh", "cargo build --release --manifest-path benches/enumeration-race/Cargo.toml --target-dir target/race",
            "taskset -c LAST target/race/release/enumeration-race 17-CLUE-FILE   # medians of 11, in one process",
            "```", "",
            "Both sides write every solution out (the `sudoku` crate into a slice with room for all of them) and "
            "the program checks that they list the same solutions. The puzzles: the first 17-clue puzzles with 1 "
            "to 3 givens removed that have 1,500-5,000 and 15,000-30,000 solutions.", "", *table, ""]


def game(ctx):
    """A new game of sudoku-play, per level: criterion's estimate."""
    if ctx.quick:
        return ["Not run in quick mode (it builds and runs `cargo bench -p sudoku-play --bench play_startup`).", ""]
    done = subprocess.run(["cargo", "bench", "--quiet", "-p", "sudoku-play", "--bench", "play_startup", "--",
                           "--noplot"], cwd=ROOT, capture_output=True, text=True)
    if done.returncode != 0:
        sys.exit("report: cargo bench -p sudoku-play failed:\n" + done.stderr[-2000:])
    rows, name = [], None
    for line in done.stdout.splitlines():
        if line.startswith("new game/"):
            name = line.split("/", 1)[1].split()[0]
        if "time:" in line and name:
            low, mid, high = [" ".join(pair) for pair in zip(*[iter(line.split("[", 1)[1].rstrip("]").split())] * 2)]
            rows.append(f"| {name} | {mid} | {low} - {high} |")
            name = None
    return ["```sh", "cargo bench -p sudoku-play --bench play_startup   # generate, rate, draw the first frame",
            "```", "", "| level | criterion's estimate | its interval |", "|---|---:|---|", *rows, "",
            "The target: under 100 ms for every level.", ""]


SE_BANDS = [("singles", 1.0, 2.4, 50), ("subsets and fish", 2.5, 5.4, 20), ("wings to chains", 5.5, 7.5, 1),
            ("forcing chains", 7.6, 8.7, 1), ("dynamic chains", 8.8, 9.9, 1)]
# Raced with --serate-hard only: serate takes a minute or more a puzzle here.
SE_HARD_BAND = ("nested chains", 10.0, 20.0, 1)


def serate(ctx):
    """The rater against Sukaku Explainer's serate, per SE band, one core each."""
    if not ctx.refs.serate:
        return missing("serate", ctx.refs, "Pass `--serate SRC` (needs a JDK).")
    rated = [line.split() for line in (ROOT / "crates/sudoku-core/tests/data/serate.txt").read_text().splitlines()
             if line.strip() and not line.startswith("#")]
    java = ["java", "-cp", ctx.refs.serate, "diuf.sudoku.test.serate"]
    one = write_lines(ctx.work / "serate.one.txt", [rated[0][0]])
    start_up = min(run_measured(pinned([*java, f"--input={one}"])).wall for _ in range(3))
    sample = 8 if ctx.quick else ctx.serate_sample
    rows, disagree = [], 0
    bands = SE_BANDS + ([SE_HARD_BAND] if ctx.args.serate_hard else [])
    for name, low, high, repeat in bands:
        band = [p for p, ratings, *_ in rated if low <= float(ratings.split("/")[0]) <= high][:sample]
        if not band:
            continue
        ers = {p: ratings.split("/")[0] for p, ratings, *_ in rated}
        if repeat > 1 and not ctx.quick:
            # Easy bands take serate milliseconds a puzzle: time the band
            # repeated `repeat` and repeat/5 times and divide the difference
            # by the extra puzzles, which leaves out start-up and warm-up.
            big = write_lines(ctx.work / "serate.big.txt", band * repeat)
            small = write_lines(ctx.work / "serate.small.txt", band * (repeat // 5))
            extra = len(band) * (repeat - repeat // 5)
            theirs = (run_measured(pinned([*java, f"--input={big}"])).wall
                      - run_measured(pinned([*java, f"--input={small}"])).wall) / extra
            ours_big = min(run_measured(pinned([CLI, "rate", big, "-j", "1", "--csv"])).wall for _ in range(5))
            ours_small = min(run_measured(pinned([CLI, "rate", small, "-j", "1", "--csv"])).wall for _ in range(5))
            ours = (ours_big - ours_small) / extra
        else:
            path = write_lines(ctx.work / "serate.band.txt", band)
            theirs = (run_measured(pinned([*java, f"--input={path}"])).wall - start_up) / len(band)
            ours = min(run_measured(pinned([CLI, "rate", path, "-j", "1", "--csv"])).wall
                       for _ in range(3)) / len(band)
        path = write_lines(ctx.work / "serate.band.txt", band)
        csv = run([CLI, "rate", path, "-j", "1", "--csv"]).stdout.splitlines()
        score = csv[0].split(",").index("score")
        ours_ers = [row.split(",")[score] for row in csv[1:]]
        disagree += sum(1 for p, er in zip(band, ours_ers) if float(er) != float(ers[p]))
        rows.append(f"| {name} {low}-{high} | {len(band)} | {per_puzzle(theirs)} | {per_puzzle(max(ours, 1e-9))} | "
                    f"**{theirs / max(ours, 1e-9):,.0f}×** |")
    return ["```sh", "taskset -c LAST java -cp OUT diuf.sudoku.test.serate --input=BAND   # less its start-up",
            "taskset -c LAST sudoku rate BAND -j 1 --csv                          # best of 3-5", "```", "",
            f"The bands are the puzzles of `crates/sudoku-core/tests/data/serate.txt` (rated by serate; up to "
            f"{sample} per band, in file order) split by serate's ER. serate's start-up, {ms(start_up)}, is "
            "taken off; the two easiest bands are timed repeated (×50 against ×10, ×20 against ×4) and the "
            "difference divided by the extra puzzles. "
            + ("The SE 10+ band's serate figure is one run, less its start-up."
               if ctx.args.serate_hard else
               "The SE 10+ band is left out unless `--serate-hard` is given: serate takes a minute to half "
               "an hour per puzzle there."), "",
            "| SE band | puzzles | serate per puzzle | ours per puzzle | ours faster by |",
            "|---|---:|---:|---:|---:|", *rows, "",
            f"Our ER differs from serate's on {disagree} of these puzzles.", ""]


def python(ctx):
    """The Python package against the CLI."""
    if not ctx.args.python:
        return ["Not run: pass `--python PYTHON`, an interpreter with the package installed "
                "(`pip install ./crates/sudoku-py`).", ""]
    argv = [ctx.args.python, ROOT / "crates/sudoku-py/bench/run.py", "--rounds", str(ctx.rounds)]
    if ctx.quick:
        argv.append("--quick")
    out = run(argv).stdout.strip().splitlines()
    return ["```sh", "python crates/sudoku-py/bench/run.py --rounds " + str(ctx.rounds), "```", "", *out, ""]


SECTIONS = [
    ("final-boards", "Final boards against cp", final_boards),
    ("solve", "Solving against the sudoku crate", solve),
    ("enumeration", "Many solutions against the sudoku crate", enumeration),
    ("tdoku", "The solver alone against tdoku", tdoku),
    ("two-cores", "Every core against one", two_cores),
    ("generate", "Generating minimal puzzles against the sudoku crate", generate),
    ("levels", "Generating puzzles by level", levels),
    ("canon", "The canonical form", canon),
    ("serate", "Rating against serate", serate),
    ("printing", "Printing", printing),
    ("game", "The terminal game", game),
    ("python", "The Python package against the CLI", python),
]


# ------------------------------------------------------------------ page


def cpu_model():
    for line in Path("/proc/cpuinfo").read_text().splitlines():
        if line.startswith("model name"):
            return line.split(":", 1)[1].strip()
    return platform.processor() or "unknown"


def page_head(ctx, wanted):
    commit = subprocess.run(["git", "-C", ROOT, "rev-parse", "--short", "HEAD"], capture_output=True,
                            text=True).stdout.strip()
    dirty = subprocess.run(["git", "-C", ROOT, "status", "--porcelain", "--untracked-files=no"],
                           capture_output=True, text=True).stdout.strip()
    rustc = subprocess.run(["rustc", "--version"], capture_output=True, text=True).stdout.strip()
    refs = [ctx.refs.notes[k] for k in ("peer", "tdoku", "serate") if k in ctx.refs.notes]
    return [
        "# Benchmarks", "",
        "<!-- Generated by benches/report.py: do not edit by hand; rerun it. Earlier figures are in git's history. -->",
        "",
        "Every speed figure of the project against its reference, raced side by side on one machine in one run "
        "by one command:", "", "```sh", "benches/report.py " + " ".join(ctx.argv), "```", "",
        f"- date: {datetime.datetime.now(datetime.timezone.utc):%Y-%m-%d %H:%M} UTC",
        f"- CPU: `{cpu_model()}` (`grep -m1 'model name' /proc/cpuinfo`), {os.cpu_count()} cores",
        f"- commit: {commit}{' (with uncommitted changes)' if dirty else ''}; {rustc}; the release build "
        "(`cargo build --release`)",
        f"- load average before the run: {ctx.load_before}",
        f"- references: {'; '.join(refs) if refs else 'none available'}",
        f"- rounds: {ctx.rounds} per race ({ctx.rounds_slow} for tdoku and the levels){', QUICK MODE' if ctx.quick else ''}",
        "",
        "Method: commands race in turn, alternating their order from round to round, so that a slow spell of a "
        "shared machine hits both alike; figures are medians of the rounds and ratios the medians of the "
        "per-round ratios. One-core races are pinned to the machine's last core. A lead of a few percent on one "
        "CPU is not a lead: compare ratios, and rerun on the machine you have.", "",
        "Figures not made here: the web page's are measured by its tests ([web.md](web.md#figures)); the "
        "criterion benchmarks (`cargo bench`) time the library's parts one by one "
        "([development.md](development.md#benchmarks)).", "",
    ]


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--rounds", type=int, default=7)
    parser.add_argument("--quick", action="store_true")
    parser.add_argument("--out", default=str(ROOT / "docs" / "benchmarks.md"))
    parser.add_argument("--only", default="")
    parser.add_argument("--data")
    parser.add_argument("--peer")
    parser.add_argument("--tdoku")
    parser.add_argument("--serate")
    parser.add_argument("--serate-sample", type=int, default=40)
    parser.add_argument("--serate-hard", action="store_true")
    parser.add_argument("--python")
    args = parser.parse_args()
    names = [name for name, _, _ in SECTIONS]
    wanted = set(args.only.split(",")) if args.only else set(names)
    unknown = wanted - set(names)
    if unknown:
        parser.error(f"unknown section {', '.join(sorted(unknown))}; the sections: {', '.join(names)}")

    class Context:
        pass

    ctx = Context()
    ctx.args, ctx.quick = args, args.quick
    ctx.rounds = 1 if args.quick else args.rounds
    ctx.rounds_slow = 1 if args.quick else max(3, args.rounds // 2)
    ctx.serate_sample = args.serate_sample
    ctx.argv = sys.argv[1:]
    ctx.load_before = " ".join(f"{x:.2f}" for x in os.getloadavg())
    subprocess.run(["cargo", "build", "--release", "--quiet", "-p", "sudoku-core-cli"], cwd=ROOT, check=True)
    ctx.refs = References(args)
    ctx.refs.build(wanted)
    default_data = ROOT.parent / "shared" / "data" / "tdoku"
    data = Path(args.data) if args.data else (default_data if default_data.exists()
                                              else ROOT / "crates/sudoku-core/tests/data")
    with tempfile.TemporaryDirectory(prefix="sudoku-report-") as work:
        ctx.work = Path(work)
        ctx.data = Data(data, ctx.work, args.quick)
        body = []
        for name, title, section in SECTIONS:
            if name not in wanted:
                continue
            print(f"report: {name} ...", file=sys.stderr, flush=True)
            started = time.perf_counter()
            body += [f"## {title}", "", *section(ctx)]
            print(f"report: {name} took {time.perf_counter() - started:.0f} s", file=sys.stderr, flush=True)
    head = page_head(ctx, wanted)
    head.insert(-6, f"- data: {'tdoku' if ctx.data.full else 'the shipped 300-puzzle samples'} ({data})")
    text = "\n".join(head + body).rstrip() + "\n"
    Path(args.out).write_text(text)
    print(f"report: wrote {args.out}", file=sys.stderr)


if __name__ == "__main__":
    main()
