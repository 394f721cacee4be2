#!/usr/bin/env python3
"""Hostile pass 3 over every subcommand of the `sudoku` CLI (issue 39).

An independent checker: it runs the built binary on hostile inputs and
checks what comes out with its own code only (its own grid parser, its own
brute-force solver and counter, its own reading of the assignment's exact
file format and of the exit statuses in docs/cli.md). Nothing here calls or
imports the project's code; Python 3 standard library only.

Not run by CI. Run it from the repository's root after building the CLI:

    CARGO_TARGET_DIR=target/helper-hostile cargo build --release -p sudoku-core-cli
    python3 crates/sudoku-cli/tests/hostile/pass3.py [--bin PATH] [-k SUBSTRING] [-v]

--bin defaults to $SUDOKU, then target/helper-hostile/release/sudoku, then
target/release/sudoku. -k runs only the cases whose name contains SUBSTRING.
It prints one line per case (ok, FAIL or skip) and a table of cases by
subcommand, and exits 1 when a case failed.

Some cases need root (a small tmpfs for a full disk, chown to another user,
/dev/full is fine without); they are skipped, and say so, when not root.
Each case runs in a fresh temporary directory that is removed afterwards.
"""

import argparse
import os
import re
import signal
import socket
import stat
import subprocess
import sys
import tempfile
import time

ROOT = os.path.abspath(os.path.join(os.path.dirname(__file__), "..", "..", "..", ".."))
DATA = os.path.join(ROOT, "crates", "sudoku-core", "tests", "data")

# A few puzzles with known properties (checked by this file's own solver).
P1 = "..3.7..4...6..23.1.89.........1.7.8.517.....6...4.....271..9..5.95..........2...."
P17 = "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......"
NOSOL = "11" + "." * 79  # two 1s in row 1
MULTI = "." * 81  # very many solutions
HARD = "8..........36......7..9.2...5...7.......457.....1...3...1....68..85...1..9....4.."


class Fail(Exception):
    pass


class Skip(Exception):
    pass


# ---------------------------------------------------------------- solver --

def cells_of(s):
    """81-char puzzle string -> list of ints (0 for blank)."""
    return [0 if c in ".0" else int(c) for c in s]


PEERS = []
for i in range(81):
    r, c = divmod(i, 9)
    br, bc = 3 * (r // 3), 3 * (c // 3)
    p = set()
    for k in range(9):
        p.add(r * 9 + k)
        p.add(k * 9 + c)
    for dr in range(3):
        for dc in range(3):
            p.add((br + dr) * 9 + bc + dc)
    p.discard(i)
    PEERS.append(tuple(p))


def consistent(g):
    for i, v in enumerate(g):
        if v and any(g[j] == v for j in PEERS[i]):
            return False
    return True


def count_solutions(g, limit=2, want=None):
    """Brute force with the most-constrained cell first. Returns the number of
    solutions up to `limit`; with `want` a list, appends the first solution."""
    g = list(g)
    if not consistent(g):
        return 0
    found = [0]

    def rec():
        best, best_c = -1, None
        for i in range(81):
            if g[i] == 0:
                used = {g[j] for j in PEERS[i]}
                cand = [d for d in range(1, 10) if d not in used]
                if not cand:
                    return False
                if best_c is None or len(cand) < len(best_c):
                    best, best_c = i, cand
                    if len(cand) == 1:
                        break
        if best < 0:
            found[0] += 1
            if want is not None and not want:
                want.append(list(g))
            return found[0] >= limit
        for d in best_c:
            g[best] = d
            if rec():
                g[best] = 0
                return True
        g[best] = 0
        return False

    rec()
    return found[0]


def is_solved(g):
    return all(1 <= v <= 9 for v in g) and consistent(g)


# ----------------------------------------------------------------- format --

GRID_LINE = re.compile(rb"^[1-9]( [1-9]){8}$")
PUZZLE_LINE = re.compile(rb"^[0-9]( [0-9]){8}$")


def parse_exact(data, puzzles=False):
    """The assignment's exact format: 9 lines of 9 digits separated by single
    spaces, one empty line between grids, every line ends in \\n, nothing after
    the last row's \\n. Returns the grids; raises Fail naming the first fault."""
    if not data:
        raise Fail("empty output")
    if not data.endswith(b"\n"):
        raise Fail("output does not end in \\n (truncated?)")
    if data.endswith(b"\n\n"):
        raise Fail("output ends with an empty line")
    lines = data[:-1].split(b"\n")
    if (len(lines) + 1) % 10 != 0:
        raise Fail("%d lines: not 10*N-1 (truncated or malformed)" % len(lines))
    rx = PUZZLE_LINE if puzzles else GRID_LINE
    grids = []
    for k in range(0, len(lines), 10):
        rows = lines[k:k + 9]
        for n, row in enumerate(rows):
            if not rx.match(row):
                raise Fail("line %d is not 9 digits separated by spaces: %r" % (k + n + 1, row[:40]))
        if k + 9 < len(lines) and lines[k + 9] != b"":
            raise Fail("line %d should be empty" % (k + 10))
        grids.append([int(x) for row in rows for x in row.split(b" ")])
    return grids


def check_final_boards(data, n=None, first=None):
    grids = parse_exact(data)
    if n is not None and len(grids) != n:
        raise Fail("%d grids, expected %d" % (len(grids), n))
    if n is not None and len(data) != 163 * n - 1:
        raise Fail("%d bytes, expected %d" % (len(data), 163 * n - 1))
    seen = set()
    for k, g in enumerate(grids):
        if not is_solved(g):
            raise Fail("grid %d is not a valid completed grid" % (k + 1))
        t = tuple(g)
        if t in seen:
            raise Fail("grid %d is a duplicate" % (k + 1))
        seen.add(t)
        if first is not None and g[0] != first:
            raise Fail("grid %d starts with %d, not %d" % (k + 1, g[0], first))
    return grids


def check_solutions(data, puzzles, unsolvable_as_given=True):
    """Each grid solves its puzzle with the givens kept; an unsolvable puzzle
    is written as given (blanks 0)."""
    grids = parse_exact(data, puzzles=True)
    if len(grids) != len(puzzles):
        raise Fail("%d grids for %d puzzles" % (len(grids), len(puzzles)))
    for k, (g, p) in enumerate(zip(grids, puzzles)):
        pc = cells_of(p)
        if count_solutions(pc, 1) == 0:
            if unsolvable_as_given and g != pc:
                raise Fail("unsolvable puzzle %d not written as given" % (k + 1))
            continue
        if not is_solved(g):
            raise Fail("grid %d does not solve (invalid)" % (k + 1))
        for a, b in zip(pc, g):
            if a and a != b:
                raise Fail("grid %d changes a given" % (k + 1))
    return grids


def check_stderr(err, rc, usage=False, must=None, quiet_ok=True):
    """Every stderr line starts with 'sudoku:'; a usage error is exactly its
    line and 'Try 'sudoku --help' for more.'."""
    text = err.decode("utf-8", "replace")
    lines = text.splitlines()
    if text and not text.endswith("\n"):
        raise Fail("stderr does not end in a newline: %r" % text[-60:])
    if "panicked" in text or "RUST_BACKTRACE" in text:
        raise Fail("panic: %r" % text[:300])
    for ln in lines:
        if not (ln.startswith("sudoku:") or ln == "Try 'sudoku --help' for more."):
            raise Fail("stderr line not starting with 'sudoku:': %r" % ln[:120])
    if usage:
        if rc != 2:
            raise Fail("usage error with status %d, not 2 (%r)" % (rc, text[:200]))
        if len(lines) != 2 or lines[1] != "Try 'sudoku --help' for more.":
            raise Fail("usage error is not exactly 2 lines: %r" % text[:300])
    if must is not None and not re.search(must, text):
        raise Fail("stderr %r does not match %r" % (text[:300], must))
    if not quiet_ok and not text:
        raise Fail("no message on stderr")
    return text


# ---------------------------------------------------------------- running --

class Ctx:
    def __init__(self, binary, tmp):
        self.bin = binary
        self.dir = tmp

    def p(self, name):
        return os.path.join(self.dir, name)

    def write(self, name, data, mode=None):
        path = self.p(name)
        with open(path, "wb") as f:
            f.write(data if isinstance(data, bytes) else data.encode())
        if mode is not None:
            os.chmod(path, mode)
        return path

    def read(self, name):
        with open(self.p(name), "rb") as f:
            return f.read()

    def run(self, args, stdin=b"", env=None, timeout=120, stdin_fd=None, stdout_fd=None):
        e = dict(os.environ)
        e.pop("RUST_BACKTRACE", None)
        if env:
            for k, v in env.items():
                if v is None:
                    e.pop(k, None)
                else:
                    e[k] = v
        kw = {}
        if stdin_fd is not None:
            kw["stdin"] = stdin_fd
        elif stdin is None:
            kw["stdin"] = subprocess.DEVNULL
        else:
            kw["stdin"] = subprocess.PIPE
        try:
            pr = subprocess.Popen([self.bin] + list(args), cwd=self.dir, env=e,
                                  stdout=stdout_fd if stdout_fd is not None else subprocess.PIPE,
                                  stderr=subprocess.PIPE, **kw)
            out, err = pr.communicate(None if stdin_fd is not None or stdin is None else stdin,
                                      timeout=timeout)
        except subprocess.TimeoutExpired:
            pr.kill()
            pr.communicate()
            raise Fail("timed out after %ss" % timeout)
        return pr.returncode, out or b"", err

    def sh(self, script, timeout=120, env=None):
        """Runs a shell script with $B the binary; returns (rc, out, err)."""
        e = dict(os.environ)
        e["B"] = self.bin
        if env:
            e.update(env)
        try:
            pr = subprocess.run(["bash", "-c", script], cwd=self.dir, env=e,
                                capture_output=True, timeout=timeout)
        except subprocess.TimeoutExpired:
            raise Fail("shell timed out after %ss" % timeout)
        return pr.returncode, pr.stdout, pr.stderr


def expect_rc(rc, want, err=b""):
    if isinstance(want, int):
        want = (want,)
    if rc not in want:
        raise Fail("status %d, expected %s; stderr %r" % (rc, "/".join(map(str, want)),
                                                        err.decode("utf-8", "replace")[:300]))


def need_root():
    if os.geteuid() != 0:
        raise Skip("needs root")


SENTINEL = b"old content, must survive\n"


def grid_text(p):
    c = cells_of(p)
    return "\n".join(" ".join(str(v) for v in c[r * 9:r * 9 + 9]) for r in range(9)) + "\n"


def grids_text(ps):
    return "\n".join(grid_text(p) for p in ps)


def data_puzzles(name, n):
    out = []
    with open(os.path.join(DATA, name)) as f:
        for line in f:
            line = line.strip()
            if line and not line.startswith("#"):
                out.append(line.split()[0][:81])
                if len(out) == n:
                    break
    return out


# ----------------------------------------------------------------- cases --

CASES = []


def case(sub, name, root=False):
    def deco(fn):
        CASES.append((sub, name, fn, root))
        return fn
    return deco


def usage_case(sub, name, args, must=None):
    def fn(c):
        c.write("sudoku.txt", SENTINEL)
        rc, out, err = c.run(args)
        check_stderr(err, rc, usage=True, must=must)
        if out:
            raise Fail("usage error wrote to stdout: %r" % out[:80])
        if c.read("sudoku.txt") != SENTINEL:
            raise Fail("usage error replaced sudoku.txt")
    case(sub, name)(fn)


# -c ---------------------------------------------------------------------

for n in ("0", "-1", "1000001", "1e3", "+5", "0x10", "١٢", "５", " 5", "5 ", "", "abc", "99999999999999999999999"):
    usage_case("-c", "-c %r refused" % n, ["-c", n])

usage_case("-c", "-c twice", ["-c", "2", "-c", "3"])
usage_case("-c", "--first 0", ["-c", "2", "--first", "0"])
usage_case("-c", "--first 10", ["-c", "2", "--first", "10"])
usage_case("-c", "--first twice", ["-c", "2", "--first", "3", "--first", "4"])
usage_case("-c", "-o twice", ["-c", "2", "-o", "a", "-o", "b"])
usage_case("-c", "-c without value", ["-c"])
usage_case("-c", "-o empty path", ["-c", "2", "-o", ""])
usage_case("-c", "-c with -s", ["-c", "2", "-s", "x"])
usage_case("-c", "unknown option", ["-c", "2", "--frobnicate"])
usage_case("-c", "-c with --limit", ["-c", "2", "--limit", "3"])


@case("-c", "-c 0005 leading zeros")
def _(c):
    rc, out, err = c.run(["-c", "0005", "-o", "-"])
    if rc == 0:
        check_final_boards(out, 5, 9)
    else:
        check_stderr(err, rc, usage=True)


for first in range(1, 10):
    @case("-c", "-c 40 --first %d" % first)
    def _(c, first=first):
        rc, out, err = c.run(["-c", "40", "--first", str(first)])
        expect_rc(rc, 0, err)
        check_stderr(err, rc)
        check_final_boards(c.read("sudoku.txt"), 40, first)


@case("-c", "-c 1000000 exact size, distinct (sampled hash)")
def _(c):
    rc, out, err = c.run(["-c", "1000000", "-o", "big.txt"], timeout=300)
    expect_rc(rc, 0, err)
    if os.path.getsize(c.p("big.txt")) != 162999999:
        raise Fail("size %d" % os.path.getsize(c.p("big.txt")))
    data = c.read("big.txt")
    seen = set()
    for k in range(0, len(data), 163):
        g = data[k:k + 161]
        if g in seen:
            raise Fail("duplicate grid %d" % (k // 163 + 1))
        seen.add(g)
    # full validity on a sample, exact format on head and tail
    check_final_boards(data[:163 * 2000 - 1], 2000, 9)
    check_final_boards(data[-(163 * 2000 - 1):], 2000, 9)


@case("-c", "-c to a path named -c")
def _(c):
    rc, out, err = c.run(["-c", "3", "-o", "-c"])
    expect_rc(rc, 0, err)
    check_final_boards(c.read("-c"), 3)


@case("-c", "-c -o -- -x (-- between option and value)")
def _(c):
    rc, out, err = c.run(["-c", "3", "-o", "--", "-x"])
    expect_rc(rc, 0, err)
    check_final_boards(c.read("-x"), 3)


@case("-c", "-c -o /dev/full: status 3, message")
def _(c):
    rc, out, err = c.run(["-c", "100", "-o", "/dev/full"])
    expect_rc(rc, 3, err)
    check_stderr(err, rc, must=r"^sudoku: .*(space|/dev/full)")


@case("-c", "-c -o - > /dev/full: status 3")
def _(c):
    with open("/dev/full", "wb") as f:
        rc, out, err = c.run(["-c", "100", "-o", "-"], stdout_fd=f)
    expect_rc(rc, 3, err)
    check_stderr(err, rc, quiet_ok=False)


@case("-c", "-c -o /dev/null: success")
def _(c):
    rc, out, err = c.run(["-c", "100", "-o", "/dev/null"])
    expect_rc(rc, 0, err)
    if not stat.S_ISCHR(os.stat("/dev/null").st_mode):
        raise Fail("/dev/null was replaced!")


@case("-c", "-c -o a directory: status 3, nothing created")
def _(c):
    os.mkdir(c.p("d"))
    rc, out, err = c.run(["-c", "2", "-o", "d"])
    expect_rc(rc, 3, err)
    check_stderr(err, rc, quiet_ok=False)
    if os.listdir(c.p("d")) or sorted(os.listdir(c.dir)) != ["d"]:
        raise Fail("left files: %r" % os.listdir(c.dir))


@case("-c", "-c -o dir/ (trailing slash)")
def _(c):
    rc, out, err = c.run(["-c", "2", "-o", "nodir/"])
    expect_rc(rc, 3, err)
    check_stderr(err, rc, quiet_ok=False)
    if os.listdir(c.dir):
        raise Fail("left files: %r" % os.listdir(c.dir))


@case("-c", "-c -o FIFO: streams into the fifo")
def _(c):
    os.mkfifo(c.p("f"))
    pr = subprocess.Popen(["cat", c.p("f")], stdout=subprocess.PIPE)
    rc, out, err = c.run(["-c", "50", "-o", "f"], timeout=30)
    data = pr.communicate(timeout=30)[0]
    expect_rc(rc, 0, err)
    check_final_boards(data, 50)
    if not stat.S_ISFIFO(os.stat(c.p("f")).st_mode):
        raise Fail("fifo replaced by a file")


@case("-c", "-c -o socket path: refused, status 3")
def _(c):
    s = socket.socket(socket.AF_UNIX)
    s.bind(c.p("sock"))
    try:
        rc, out, err = c.run(["-c", "2", "-o", "sock"], timeout=30)
        expect_rc(rc, 3, err)
        check_stderr(err, rc, quiet_ok=False)
        if not stat.S_ISSOCK(os.stat(c.p("sock")).st_mode):
            raise Fail("socket replaced by a regular file")
    finally:
        s.close()


@case("-c", "-c into read-only dir: status 3, old kept")
def _(c):
    os.mkdir(c.p("ro"))
    c.write("ro/sudoku.txt", SENTINEL)
    os.chmod(c.p("ro"), 0o555)
    try:
        if os.geteuid() == 0:
            # root ignores directory permissions; use a read-only bind instead
            rc, out, err = c.sh("mount --bind ro ro && mount -o remount,ro,bind ro && "
                                "$B -c 3 -o ro/sudoku.txt; r=$?; umount ro; exit $r")
        else:
            rc, out, err = c.run(["-c", "3", "-o", "ro/sudoku.txt"])
        expect_rc(rc, 3, err)
        check_stderr(err, rc, quiet_ok=False)
        if c.read("ro/sudoku.txt") != SENTINEL:
            raise Fail("old file changed")
        if os.listdir(c.p("ro")) != ["sudoku.txt"]:
            raise Fail("temporary left: %r" % os.listdir(c.p("ro")))
    finally:
        os.chmod(c.p("ro"), 0o755)


@case("-c", "-c symlink target replaced, link kept")
def _(c):
    c.write("real.txt", SENTINEL)
    os.symlink("real.txt", c.p("link"))
    rc, out, err = c.run(["-c", "3", "-o", "link"])
    expect_rc(rc, 0, err)
    if not os.path.islink(c.p("link")):
        raise Fail("link replaced")
    check_final_boards(c.read("real.txt"), 3)


@case("-c", "-c hard link: other name keeps old content")
def _(c):
    c.write("a.txt", SENTINEL)
    os.link(c.p("a.txt"), c.p("b.txt"))
    rc, out, err = c.run(["-c", "3", "-o", "a.txt"])
    expect_rc(rc, 0, err)
    check_final_boards(c.read("a.txt"), 3)
    if c.read("b.txt") != SENTINEL:
        raise Fail("hard link's other name changed")


@case("-c", "-c keeps mode 640 and owner", root=True)
def _(c):
    need_root()
    c.write("o.txt", SENTINEL, 0o640)
    os.chown(c.p("o.txt"), 65534, 65534)
    rc, out, err = c.run(["-c", "3", "-o", "o.txt"])
    expect_rc(rc, 0, err)
    st = os.stat(c.p("o.txt"))
    if (st.st_mode & 0o7777, st.st_uid, st.st_gid) != (0o640, 65534, 65534):
        raise Fail("mode/owner %o %d %d" % (st.st_mode & 0o7777, st.st_uid, st.st_gid))


@case("-c", "-c on a full tmpfs: status 3, old kept, no temp", root=True)
def _(c):
    need_root()
    os.mkdir(c.p("m"))
    rc, _, err = c.sh("mount -t tmpfs -o size=64k tmpfs m")
    if rc:
        raise Skip("cannot mount tmpfs: %r" % err)
    try:
        c.write("m/sudoku.txt", SENTINEL)
        rc, out, err = c.run(["-c", "1000", "-o", "m/sudoku.txt"])
        expect_rc(rc, 3, err)
        check_stderr(err, rc, must="space")
        if c.read("m/sudoku.txt") != SENTINEL:
            raise Fail("old file changed")
        if os.listdir(c.p("m")) != ["sudoku.txt"]:
            raise Fail("temporary left: %r" % os.listdir(c.p("m")))
    finally:
        c.sh("umount m")


@case("-c", "-c with ulimit -f: status 3, old kept")
def _(c):
    c.write("sudoku.txt", SENTINEL)
    rc, out, err = c.sh("ulimit -f 20; $B -c 1000")
    expect_rc(rc, 3, err)
    check_stderr(err, rc, quiet_ok=False)
    if c.read("sudoku.txt") != SENTINEL:
        raise Fail("old file changed")
    if os.listdir(c.dir) != ["sudoku.txt"]:
        raise Fail("temporary left: %r" % os.listdir(c.dir))


@case("-c", "-c -o - with ulimit -f to a file: status 3")
def _(c):
    rc, out, err = c.sh("ulimit -f 20; $B -c 1000 -o - > f.txt")
    expect_rc(rc, 3, err)
    check_stderr(err, rc, quiet_ok=False)


@case("-c", "-c with ulimit -v 50 MB")
def _(c):
    rc, out, err = c.sh("ulimit -v 50000; $B -c 10000")
    expect_rc(rc, 0, err)
    check_final_boards(c.read("sudoku.txt"), 10000)


@case("-c", "-c with ulimit -n 4")
def _(c):
    rc, out, err = c.sh("ulimit -n 4; $B -c 10")
    if rc == 0:
        check_final_boards(c.read("sudoku.txt"), 10)
    else:
        expect_rc(rc, (2, 3), err)
        check_stderr(err, rc, quiet_ok=False)


@case("-c", "-c | head -c 10: quiet broken pipe, status 0")
def _(c):
    rc, out, err = c.sh("set -o pipefail; $B -c 100000 -o - | head -c 10 >/dev/null")
    expect_rc(rc, 0, err)
    check_stderr(err, rc)
    if err:
        raise Fail("message on a broken pipe: %r" % err)


@case("-c", "-c with stdout closed (>&-) and -o -: status 3 (fixed in 052f7e0)")
def _(c):
    rc, out, err = c.sh("$B -c 3 -o - >&-")
    expect_rc(rc, 3, err)
    check_stderr(err, rc, quiet_ok=False)


@case("-c", "-c with stdout closed writes the file anyway")
def _(c):
    rc, out, err = c.sh("$B -c 3 >&-")
    expect_rc(rc, 0, err)
    check_final_boards(c.read("sudoku.txt"), 3)


@case("-c", "-c with stderr closed (2>&-) and stdin closed")
def _(c):
    rc, out, err = c.sh("$B -c 3 2>&- <&-")
    expect_rc(rc, 0, err)
    check_final_boards(c.read("sudoku.txt"), 3)


@case("-c", "-c SIGTERM midway: status 143, old kept, no temp")
def _(c):
    c.write("sudoku.txt", SENTINEL)
    # a FIFO output nobody reads makes the run block; signal it then
    os.mkfifo(c.p("slow"))
    rc, out, err = c.sh("$B -c 1000000 -o - > slow & p=$!; sleep 0.5; kill -TERM $p; wait $p; echo $? >&2",
                        timeout=60)
    # the writer blocks on open of the fifo: the signal must still end it
    if not err.strip().endswith(b"143"):
        raise Fail("status %r" % err)
    if c.read("sudoku.txt") != SENTINEL:
        raise Fail("old changed")


for sig, num in (("INT", 2), ("TERM", 15), ("HUP", 1), ("USR1", 10)):
    @case("-c", "-c SIG%s midway (big file): 128+%d, old kept, no temp" % (sig, num))
    def _(c, sig=sig, num=num):
        c.write("sudoku.txt", SENTINEL)
        rc, out, err = c.sh("ulimit -c 0; $B -c 1000000 & p=$!; sleep 0.05; kill -%s $p; wait $p; echo st=$? >&2"
                            % sig, timeout=60)
        m = re.search(rb"st=(\d+)", err)
        st = int(m.group(1)) if m else -1
        if st == 0:
            check_final_boards(c.read("sudoku.txt"), 1000000)  # finished before the signal
            return
        if st != 128 + num:
            raise Fail("status %d, want %d; %r" % (st, 128 + num, err))
        if c.read("sudoku.txt") != SENTINEL:
            raise Fail("old changed")
        if os.listdir(c.dir) != ["sudoku.txt"]:
            raise Fail("temporary left: %r" % os.listdir(c.dir))


@case("-c", "-c two concurrent runs on one file: one complete file")
def _(c):
    rc, out, err = c.sh("$B -c 200000 -o x & $B -c 100000 --first 3 -o x & wait")
    data = c.read("x")
    n = len(data) // 163 + 1
    if n not in (200000, 100000):
        raise Fail("%d bytes" % len(data))
    check_final_boards(data[:163 * 100 - 1], 100)
    if len(data) != 163 * n - 1:
        raise Fail("size")
    if os.listdir(c.dir) != ["x"]:
        raise Fail("left: %r" % os.listdir(c.dir))


@case("-c", "-c with locale and TERM unset")
def _(c):
    rc, out, err = c.run(["-c", "5", "-o", "-"], env={"LANG": "tr_TR.UTF-8", "LC_ALL": "tr_TR.UTF-8",
                                                     "TERM": None})
    expect_rc(rc, 0, err)
    check_final_boards(out, 5)


@case("-c", "-c -o path with newline and escape: message escaped")
def _(c):
    rc, out, err = c.run(["-c", "2", "-o", "no/such\n\x1bdir/x"])
    expect_rc(rc, 3, err)
    check_stderr(err, rc, must=r"\\n\\x1b")


@case("-c", "-c -o name of 256 bytes: status 3")
def _(c):
    rc, out, err = c.run(["-c", "2", "-o", "a" * 256])
    expect_rc(rc, 3, err)
    check_stderr(err, rc, quiet_ok=False)


@case("-c", "-c -o name of 255 bytes works")
def _(c):
    rc, out, err = c.run(["-c", "2", "-o", "a" * 255])
    expect_rc(rc, 0, err)
    check_final_boards(c.read("a" * 255), 2)


@case("-c", "-c -o invalid UTF-8 name")
def _(c):
    rc, out, err = c.sh("$B -c 2 -o $'\\xff\\xfe.txt'")
    expect_rc(rc, 0, err)
    check_final_boards(c.read(os.fsdecode(b"\xff\xfe.txt")), 2)


# -s ---------------------------------------------------------------------

def solve_case(name, data, puzzles, rc_want=0, args=(), msg=None, sub="-s"):
    def fn(c):
        c.write("in.txt", data)
        c.write("sudoku.txt", SENTINEL)
        rc, out, err = c.run(["-s", "in.txt"] + list(args))
        expect_rc(rc, rc_want, err)
        check_stderr(err, rc, must=msg)
        if rc in (0, 1):
            check_solutions(c.read("sudoku.txt"), puzzles)
        elif c.read("sudoku.txt") != SENTINEL:
            raise Fail("old sudoku.txt replaced on status %d" % rc)
    case(sub, name)(fn)


U5 = data_puzzles("unbiased.txt", 5)
solve_case("-s grid format", grids_text(U5), U5)
solve_case("-s line format", "\n".join(U5) + "\n", U5)
solve_case("-s CRLF", grids_text(U5).replace("\n", "\r\n"), U5)
solve_case("-s BOM at start", "\ufeff" + grids_text(U5), U5, rc_want=(0, 2))
solve_case("-s no final newline", grids_text(U5)[:-1], U5)
solve_case("-s two empty lines between grids", "\n\n".join(grid_text(p) for p in U5), U5)
solve_case("-s tabs and runs of spaces", grids_text(U5).replace(" ", " \t  "), U5)
solve_case("-s unsolvable puzzle written as given, status 1", "\n".join([U5[0], NOSOL, U5[1]]) + "\n",
           [U5[0], NOSOL, U5[1]], rc_want=1, msg=r"in\.txt:2: puzzle 2 has no solution")
solve_case("-s empty grid (many solutions)", grid_text(MULTI), [MULTI])
solve_case("-s NUL byte in a row", grid_text(U5[0]).replace("0", "\0", 1), [], rc_want=2,
           msg=r"in\.txt:\d+:\d+")
solve_case("-s invalid UTF-8 in a row", grid_text(U5[0]).encode().replace(b"0", b"\xff", 1), [], rc_want=2,
           msg=r"in\.txt:1:\d+")
solve_case("-s 10th row", grid_text(U5[0]) + "1 2 3 4 5 6 7 8 9\n", [], rc_want=2, msg=r"in\.txt:10:1")
solve_case("-s row with 8 cells", grid_text(U5[0]).replace(" 0\n", "\n", 1), [], rc_want=2, msg=r"in\.txt:\d+:\d+")
solve_case("-s cell 10", grid_text(U5[0]).replace("0", "10", 1), [], rc_want=2, msg=r"in\.txt:\d+:\d+")
solve_case("-s unicode digit ٣", grid_text(U5[0]).replace("0", "٣", 1), [], rc_want=2, msg=r"in\.txt:\d+:\d+")
solve_case("-s fullwidth digit", grid_text(U5[0]).replace("0", "３", 1), [], rc_want=2, msg=r"in\.txt:\d+:\d+")
solve_case("-s only comments", "# nothing\n# here\n", [], rc_want=(0, 2))
solve_case("-s 82-char line", U5[0] + "1\n", [], rc_want=(0, 2), msg=None)
solve_case("-s 80-char line", U5[0][:80] + "\n", [], rc_want=2, msg=r"in\.txt:1:\d+")
solve_case("-s mixed formats (line then grid)", U5[0] + "\n\n" + grid_text(U5[1]), [], rc_want=2,
           msg=r"in\.txt:\d+:\d+")
solve_case("-s long line 100 KiB", "1" * 100000 + "\n", [], rc_want=2, msg=r"in\.txt:1")
solve_case("-s $ for blank (a variant)", grid_text(U5[0]).replace("0", "$"), [], rc_want=2, msg=r"in\.txt:1:\d+")
solve_case("-s lone CR line ends (old Mac)", grids_text(U5).replace("\n", "\r"), [], rc_want=2, msg=r"in\.txt")
solve_case("-s block format", "\n".join(
    "|".join(U5[0][r * 9 + k * 3:r * 9 + k * 3 + 3] for k in range(3)) + ("\n------+-----+-----" if r in (2, 5) else "")
    for r in range(9)) + "\n", [U5[0]])


@case("-s", "-s empty file")
def _(c):
    c.write("in.txt", b"")
    c.write("sudoku.txt", SENTINEL)
    rc, out, err = c.run(["-s", "in.txt"])
    # No puzzle at all: either an empty output (status 0) or a refusal (2).
    check_stderr(err, rc)
    if rc == 0:
        if c.read("sudoku.txt") not in (b"",):
            raise Fail("output %r" % c.read("sudoku.txt")[:40])
    else:
        expect_rc(rc, 2, err)
        if c.read("sudoku.txt") != SENTINEL:
            raise Fail("replaced")


@case("-s", "-s - from stdin")
def _(c):
    rc, out, err = c.run(["-s", "-", "-o", "-"], stdin=grids_text(U5).encode())
    expect_rc(rc, 0, err)
    check_solutions(out, U5)


@case("-s", "-s - with stdin closed")
def _(c):
    c.write("sudoku.txt", SENTINEL)
    rc, out, err = c.sh("$B -s - <&-")
    expect_rc(rc, 2, err)
    check_stderr(err, rc, quiet_ok=False)
    if c.read("sudoku.txt") != SENTINEL:
        raise Fail("replaced")


@case("-s", "-s a directory")
def _(c):
    os.mkdir(c.p("d"))
    rc, out, err = c.run(["-s", "d"])
    expect_rc(rc, 2, err)
    check_stderr(err, rc, must=r"sudoku: .*d")


@case("-s", "-s /dev/null")
def _(c):
    rc, out, err = c.run(["-s", "/dev/null", "-o", "-"])
    check_stderr(err, rc)
    if rc == 0 and out:
        raise Fail("output from nothing")
    expect_rc(rc, (0, 2), err)


@case("-s", "-s /dev/zero refused after 16 KiB")
def _(c):
    rc, out, err = c.run(["-s", "/dev/zero"], timeout=20)
    expect_rc(rc, 2, err)
    check_stderr(err, rc, must=r"/dev/zero:1:")


@case("-s", "-s from a FIFO")
def _(c):
    os.mkfifo(c.p("f"))
    rc, out, err = c.sh("printf '%s\\n' " + " ".join(U5) + " > f & $B -s f -o -")
    expect_rc(rc, 0, err)
    check_solutions(out, U5)


@case("-s", "-s file named -c")
def _(c):
    c.write("-c", "\n".join(U5) + "\n")
    rc, out, err = c.run(["-s", "-c", "-o", "-"])
    expect_rc(rc, 0, err)
    check_solutions(out, U5)


@case("-s", "-s in place (-o same file)")
def _(c):
    c.write("sudoku.txt", grids_text(U5))
    rc, out, err = c.run(["-s", "sudoku.txt"])
    expect_rc(rc, 0, err)
    check_solutions(c.read("sudoku.txt"), U5)


@case("-s", "-s 17-clue puzzles: each solves and is the unique solution")
def _(c):
    ps = data_puzzles("17_clue.txt", 20)
    c.write("in.txt", "\n".join(ps) + "\n")
    rc, out, err = c.run(["-s", "in.txt", "-o", "-", "-j", "2"])
    expect_rc(rc, 0, err)
    grids = check_solutions(out, ps)
    for p, g in zip(ps[:5], grids):
        sol = []
        if count_solutions(cells_of(p), 2, sol) != 1 or sol[0] != g:
            raise Fail("not the unique solution")


@case("-s", "-s -j 1 and -j 1024 give identical output")
def _(c):
    ps = data_puzzles("magictour_top1465.txt", 50)
    c.write("in.txt", "\n".join(ps) + "\n")
    a = c.run(["-s", "in.txt", "-o", "-", "-j", "1"])
    b = c.run(["-s", "in.txt", "-o", "-", "-j", "1024"])
    expect_rc(a[0], 0, a[2])
    expect_rc(b[0], 0, b[2])
    if a[1] != b[1]:
        raise Fail("-j changed the output")
    check_solutions(a[1], ps)


usage_case("-s", "-s -j 0", ["-s", "x", "-j", "0"])
usage_case("-s", "-s -j 1025", ["-s", "x", "-j", "1025"])
usage_case("-s", "-s twice", ["-s", "a", "-s", "b"])
usage_case("-s", "-s without value", ["-s"])


@case("-s", "-s missing file: status 2 names the path")
def _(c):
    rc, out, err = c.run(["-s", "nope.txt"])
    expect_rc(rc, 2, err)
    check_stderr(err, rc, must=r"nope\.txt")


@case("-s", "-s unreadable file (000), as nobody", root=True)
def _(c):
    c.write("in.txt", "\n".join(U5) + "\n", 0o000)
    rc, out, err = c.sh("chmod 777 . && setpriv --reuid=65534 --regid=65534 --clear-groups $B -s in.txt -o -")
    expect_rc(rc, 2, err)
    check_stderr(err, rc, must=r"in\.txt")


@case("-s", "-s 20000 puzzles, one bad at the end: nothing written")
def _(c):
    ps = data_puzzles("unbiased.txt", 200) * 100
    c.write("in.txt", "\n".join(ps) + "\nxyz\n")
    c.write("sudoku.txt", SENTINEL)
    rc, out, err = c.run(["-s", "in.txt"])
    expect_rc(rc, 2, err)
    check_stderr(err, rc, must=r"in\.txt:20001:1")
    if c.read("sudoku.txt") != SENTINEL:
        raise Fail("replaced")


@case("-s", "-s SIGINT on a long solve: 130, old kept")
def _(c):
    ps = data_puzzles("forum_hardest_1106.txt", 300) * 200
    c.write("in.txt", "\n".join(ps) + "\n")
    c.write("sudoku.txt", SENTINEL)
    rc, out, err = c.sh("$B -s in.txt -j 1 & p=$!; sleep 0.3; kill -INT $p; wait $p; echo st=$? >&2", timeout=60)
    m = re.search(rb"st=(\d+)", err)
    st = int(m.group(1)) if m else -1
    if st == 0:
        return
    if st != 130:
        raise Fail("status %d" % st)
    if c.read("sudoku.txt") != SENTINEL or sorted(os.listdir(c.dir)) != ["in.txt", "sudoku.txt"]:
        raise Fail("old changed or temp left: %r" % os.listdir(c.dir))


# -n / -m / -r / -u ----------------------------------------------------------

def pair_case(name, args, lo=None, hi=None, unique=False, n=None):
    def fn(c):
        rc, out, err = c.run(args + ["-o", "-"], timeout=300)
        expect_rc(rc, 0, err)
        grids = parse_exact(out, puzzles=True)
        if n is not None and len(grids) != n:
            raise Fail("%d puzzles" % len(grids))
        seen = set()
        for k, g in enumerate(grids):
            blanks = g.count(0)
            if lo is not None and not (lo <= blanks <= hi):
                raise Fail("puzzle %d has %d blanks" % (k + 1, blanks))
            cnt = count_solutions(g, 2)
            if cnt == 0 or (unique and cnt != 1):
                raise Fail("puzzle %d has %d solutions" % (k + 1, cnt))
            if tuple(g) in seen:
                raise Fail("duplicate puzzle")
            seen.add(tuple(g))
    case("-n", name)(fn)


pair_case("-n 5 -m 1 unique", ["-n", "5", "-m", "1"], unique=True, n=5)
pair_case("-n 5 -m 3 unique", ["-n", "5", "-m", "3"], unique=True, n=5)
pair_case("-n 5 -r 55~55 -u", ["-n", "5", "-r", "55~55", "-u"], 55, 55, True, 5)
pair_case("-n 5 -r 20~20", ["-n", "5", "-r", "20~20"], 20, 20, False, 5)
pair_case("-n 3 -r 30~40 --seed 0", ["-n", "3", "-r", "30~40", "--seed", "0"], 30, 40, False, 3)
usage_case("-n", "-n 0", ["-n", "0"])
usage_case("-n", "-n 10001", ["-n", "10001"])
usage_case("-n", "-m without -n", ["-m", "1"])
usage_case("-n", "-m with -r", ["-n", "2", "-m", "1", "-r", "20~30"])
usage_case("-n", "-m with -u", ["-n", "2", "-m", "1", "-u"])
usage_case("-n", "-m 4", ["-n", "2", "-m", "4"])
usage_case("-n", "-r 19~30", ["-n", "2", "-r", "19~30"])
usage_case("-n", "-r 40~30", ["-n", "2", "-r", "40~30"])
usage_case("-n", "-r 20-30 (wrong separator)", ["-n", "2", "-r", "20-30"])
usage_case("-n", "-u without -n", ["-u"])
usage_case("-n", "-r 20~56", ["-n", "2", "-r", "20~56"])
usage_case("-n", "-n twice", ["-n", "2", "-n", "3"])


# puzzles ------------------------------------------------------------------

def puzzles_case(name, args, check=None, rc_want=0, n=None, timeout=300):
    def fn(c):
        rc, out, err = c.run(["puzzles"] + args + ["-o", "-"], timeout=timeout)
        expect_rc(rc, rc_want, err)
        check_stderr(err, rc)
        if rc != 0:
            return
        lines = out.decode().splitlines()
        if "--format" in args and args[args.index("--format") + 1] == "line":
            ps = [ln.split()[0] for ln in lines if ln and not ln.startswith("#")]
            if not out.endswith(b"\n"):
                raise Fail("no final newline")
        else:
            ps = ["".join(str(v) for v in g) for g in parse_exact(out, puzzles=True)]
        if n is not None and len(ps) != n:
            raise Fail("%d puzzles, want %d" % (len(ps), n))
        if len(set(ps)) != len(ps):
            raise Fail("duplicate puzzles")
        for p in ps:
            if check:
                check(p)
    case("puzzles", name)(fn)


def unique_p(p):
    if count_solutions(cells_of(p), 2) != 1:
        raise Fail("not unique: %s" % p)


def sym180(p):
    unique_p(p)
    for i in range(81):
        if (p[i] in "0.") != (p[80 - i] in "0."):
            raise Fail("not rot180-symmetric: %s" % p)


def minimal_p(p):
    unique_p(p)
    g = cells_of(p)
    for i in range(81):
        if g[i]:
            h = list(g)
            h[i] = 0
            if count_solutions(h, 2) == 1:
                raise Fail("not minimal (cell %d removable): %s" % (i, p))


puzzles_case("puzzles 5 default unique", ["5", "--seed", "1"], unique_p, n=5)
puzzles_case("puzzles 4 rot180", ["4", "--symmetry", "rot180", "--seed", "2"], sym180, n=4)
puzzles_case("puzzles 3 minimal", ["3", "--minimal", "--seed", "3"], minimal_p, n=3)
puzzles_case("puzzles 5 --any --blanks 60", ["5", "--any", "--blanks", "60", "--seed", "4"],
             lambda p: (sum(ch in "0." for ch in p) == 60 and count_solutions(cells_of(p), 1) == 1)
             or (_ for _ in ()).throw(Fail("bad --any puzzle %s" % p)), n=5)
puzzles_case("puzzles 3 --format line --with-solutions", ["3", "--format", "line", "--with-solutions", "--seed", "5"],
             unique_p, n=3)


def hopeless_case(name, args, warn):
    """A request that may never be met: a warning at once, then --time-limit
    ends it with status 1 and the old file kept (nothing was made)."""
    def fn(c):
        c.write("sudoku.txt", SENTINEL)
        t0 = time.time()
        rc, out, err = c.run(["puzzles"] + args + ["--time-limit", "2"], timeout=60)
        if time.time() - t0 > 20:
            raise Fail("--time-limit 2 took %.0fs" % (time.time() - t0))
        expect_rc(rc, (0, 1), err)
        check_stderr(err, rc, must=warn)
        if rc == 1 and c.read("sudoku.txt") != SENTINEL:
            parse_exact(c.read("sudoku.txt"), puzzles=True)
    case("puzzles", name)(fn)


hopeless_case("puzzles --blanks 64 warns, --time-limit ends it", ["2", "--blanks", "64", "--seed", "6"], "rare")
hopeless_case("puzzles --rating 12..13 warns, --time-limit ends it", ["1", "--rating", "12..13"], "11.9")
hopeless_case("puzzles --difficulty extreme --blanks 62 --any", ["1", "--difficulty", "extreme", "--seed", "1"], "")


def impossible_case(name, args, must):
    """Impossible requests: refused at once, status 2, one line (docs/generation.md)."""
    def fn(c):
        c.write("sudoku.txt", SENTINEL)
        rc, out, err = c.run(["puzzles"] + args, timeout=20)
        expect_rc(rc, 2, err)
        check_stderr(err, rc, must=r"^sudoku: impossible request: .*" + must)
        if c.read("sudoku.txt") != SENTINEL:
            raise Fail("replaced")
    case("puzzles", name)(fn)


impossible_case("puzzles --blanks 65 unique", ["1", "--blanks", "65"], "64")
impossible_case("puzzles 2 --any --blanks 81 (only one exists)", ["2", "--any", "--blanks", "81"], "only 1")
impossible_case("puzzles --difficulty easy --rating 9..10", ["1", "--difficulty", "easy", "--rating", "9..10"],
                "easy")
impossible_case("puzzles --rating 2.1..2.2", ["1", "--rating", "2.1..2.2"], "")
impossible_case("puzzles --minimal --blanks 0..10", ["1", "--minimal", "--blanks", "0..10"], "")
impossible_case("puzzles --difficulty hard --blanks 20..25", ["1", "--difficulty", "hard", "--blanks", "20..25"], "")
puzzles_case("puzzles --blanks 81 --any (one puzzle exists)", ["1", "--any", "--blanks", "81"], None, n=1)


def puzzles_usage(name, args):
    usage_case("puzzles", name, ["puzzles"] + args)


puzzles_usage("puzzles 0", ["0"])
puzzles_usage("puzzles 1000001", ["1000001"])
puzzles_usage("puzzles -1", ["-1"])
puzzles_usage("puzzles --unique --any", ["1", "--unique", "--any"])
puzzles_usage("puzzles --blanks 82", ["1", "--any", "--blanks", "82"])
puzzles_usage("puzzles --blanks 30..20", ["1", "--blanks", "30..20"])
puzzles_usage("puzzles --difficulty impossible", ["1", "--difficulty", "impossible"])
puzzles_usage("puzzles --symmetry sideways", ["1", "--symmetry", "sideways"])
puzzles_usage("puzzles --format json", ["1", "--format", "json"])
puzzles_usage("puzzles --technique nonsense", ["1", "--technique", "nonsense"])
puzzles_usage("puzzles --time-limit 0", ["1", "--time-limit", "0"])
puzzles_usage("puzzles --time-limit -1", ["1", "--time-limit", "-1"])
puzzles_usage("puzzles --time-limit nan", ["1", "--time-limit", "nan"])
puzzles_usage("puzzles --time-limit inf", ["1", "--time-limit", "inf"])
puzzles_usage("puzzles --seed -1", ["1", "--seed", "-1"])
puzzles_usage("puzzles --seed twice", ["1", "--seed", "1", "--seed", "2"])
puzzles_usage("puzzles --difficulty twice", ["1", "--difficulty", "easy", "--difficulty", "hard"])
puzzles_usage("puzzles --minimal --any --blanks 80", ["1", "--minimal", "--blanks", "80", "--any"])
puzzles_usage("puzzles --with-path --format line with pdf", ["1", "--with-path", "-o", "x.pdf"])


@case("puzzles", "puzzles --seed reproducible, -j independent")
def _(c):
    a = c.run(["puzzles", "6", "--seed", "77", "-j", "1", "-o", "-"])
    b = c.run(["puzzles", "6", "--seed", "77", "-j", "2", "-o", "-"])
    expect_rc(a[0], 0, a[2])
    if a[1] != b[1]:
        raise Fail("not reproducible across -j")


@case("puzzles", "puzzles --time-limit 0.001 with hard request: status 1, message")
def _(c):
    c.write("sudoku.txt", SENTINEL)
    rc, out, err = c.run(["puzzles", "50", "--difficulty", "extreme", "--time-limit", "0.001"], timeout=60)
    expect_rc(rc, (0, 1), err)
    check_stderr(err, rc, quiet_ok=(rc == 0))
    data = c.read("sudoku.txt")
    if data != SENTINEL and data:
        parse_exact(data, puzzles=True)


@case("puzzles", "puzzles --time-limit 1e3 accepted")
def _(c):
    rc, out, err = c.run(["puzzles", "1", "--time-limit", "1e3", "--seed", "1", "-o", "-"])
    expect_rc(rc, 0, err)
    unique_p("".join(map(str, parse_exact(out, True)[0])))


@case("puzzles", "puzzles --difficulty hard rates hard (own check: unique)")
def _(c):
    rc, out, err = c.run(["puzzles", "2", "--difficulty", "hard", "--seed", "9", "--format", "line", "-o", "-"],
                         timeout=300)
    expect_rc(rc, 0, err)
    ps = [ln.split()[0] for ln in out.decode().splitlines() if ln and not ln.startswith("#")]
    for p in ps:
        unique_p(p)
    r = c.run(["rate", "-"], stdin=("\n".join(ps) + "\n").encode())
    expect_rc(r[0], 0, r[2])
    for ln in r[1].decode().splitlines():
        if " hard " not in ln:
            raise Fail("rate says %r" % ln)


@case("puzzles", "puzzles -o book.pdf is a PDF; old kept when refused")
def _(c):
    rc, out, err = c.run(["puzzles", "2", "--seed", "1", "-o", "b.pdf"])
    expect_rc(rc, 0, err)
    d = c.read("b.pdf")
    if not d.startswith(b"%PDF-") or b"%%EOF" not in d[-32:]:
        raise Fail("not a complete PDF")


@case("puzzles", "puzzles 1000 --any into a full tmpfs: status 3", root=True)
def _(c):
    need_root()
    os.mkdir(c.p("m"))
    rc, _, err = c.sh("mount -t tmpfs -o size=64k tmpfs m")
    if rc:
        raise Skip("no tmpfs")
    try:
        c.write("m/p.txt", SENTINEL)
        rc, out, err = c.run(["puzzles", "1000", "--any", "--blanks", "30", "--seed", "1", "-o", "m/p.txt"])
        expect_rc(rc, 3, err)
        check_stderr(err, rc, must="space")
        if c.read("m/p.txt") != SENTINEL or os.listdir(c.p("m")) != ["p.txt"]:
            raise Fail("old changed or temp left")
    finally:
        c.sh("umount m")


# rate ---------------------------------------------------------------------

@case("rate", "rate stdin 5 puzzles: one line each, in order")
def _(c):
    rc, out, err = c.run(["rate", "-"], stdin=("\n".join(U5) + "\n").encode())
    expect_rc(rc, 0, err)
    lines = out.decode().splitlines()
    if len(lines) != 5 or not all(re.match(r"^\d+\.\d \w+ .+$", ln) for ln in lines):
        raise Fail("output %r" % lines)


@case("rate", "rate --csv header and rows")
def _(c):
    c.write("in.txt", "\n".join(U5) + "\n")
    rc, out, err = c.run(["rate", "in.txt", "--csv"])
    expect_rc(rc, 0, err)
    lines = out.decode().splitlines()
    if len(lines) != 6 or len(lines[0].split(",")) != len(lines[1].split(",")):
        raise Fail("csv %r" % lines[:2])


@case("rate", "rate --help's --csv columns match the header")
def _(c):
    rc, out, err = c.run(["--help"])
    c.write("in.txt", U5[0] + "\n")
    r = c.run(["rate", "in.txt", "--csv"])
    header = r[1].decode().splitlines()[0]
    m = re.search(r"--csv for ([a-z,]+)", out.decode())
    if m and m.group(1) != header:
        raise Fail("--help says %s, the CSV's header is %s" % (m.group(1), header))


@case("rate", "rate a puzzle with no solution: status 1, message names it")
def _(c):
    c.write("in.txt", "\n".join([U5[0], NOSOL]) + "\n")
    rc, out, err = c.run(["rate", "in.txt"])
    expect_rc(rc, 1, err)
    check_stderr(err, rc, quiet_ok=False)


@case("rate", "rate a puzzle with many solutions: status 1")
def _(c):
    c.write("in.txt", MULTI + "\n")
    rc, out, err = c.run(["rate", "in.txt"])
    expect_rc(rc, 1, err)
    check_stderr(err, rc, quiet_ok=False)


@case("rate", "rate malformed: 2, PATH:LINE:COL")
def _(c):
    c.write("in.txt", U5[0] + "\n" + U5[1][:40] + "x" + U5[1][41:] + "\n")
    rc, out, err = c.run(["rate", "in.txt"])
    expect_rc(rc, 2, err)
    check_stderr(err, rc, must=r"in\.txt:2:\d+")


@case("rate", "rate | head -c 10: quiet")
def _(c):
    ps = data_puzzles("unbiased.txt", 300)
    c.write("in.txt", "\n".join(ps) + "\n")
    rc, out, err = c.sh("set -o pipefail; $B rate in.txt | head -c 10 >/dev/null")
    expect_rc(rc, 0, err)
    if err:
        raise Fail("stderr %r" % err)


@case("rate", "rate > /dev/full: status 3")
def _(c):
    c.write("in.txt", "\n".join(U5) + "\n")
    rc, out, err = c.sh("$B rate in.txt > /dev/full")
    expect_rc(rc, 3, err)
    check_stderr(err, rc, quiet_ok=False)


usage_case("rate", "rate --scale fancy", ["rate", "x", "--scale", "fancy"])
usage_case("rate", "rate two paths", ["rate", "a", "b"])
usage_case("rate", "rate --techniques with a path", ["rate", "--techniques", "a"])


@case("rate", "rate with no path and stdin a terminal-less empty pipe")
def _(c):
    rc, out, err = c.run(["rate"], stdin=b"")
    check_stderr(err, rc)
    expect_rc(rc, (0, 2), err)


# explain / hint ---------------------------------------------------------------

@case("explain", "explain P: the path's placements solve the puzzle")
def _(c):
    rc, out, err = c.run(["explain", P1])
    expect_rc(rc, 0, err)
    g = cells_of(P1)
    sol = []
    count_solutions(g, 1, sol)
    for m in re.finditer(r"r(\d)c(\d)=(\d)", out.decode()):
        r, col, d = int(m.group(1)), int(m.group(2)), int(m.group(3))
        if sol[0][(r - 1) * 9 + col - 1] != d:
            raise Fail("step places r%dc%d=%d, the solution has %d" % (r, col, d, sol[0][(r - 1) * 9 + col - 1]))


@case("explain", "explain a file with two puzzles")
def _(c):
    c.write("two.txt", P1 + "\n" + U5[1] + "\n")
    rc, out, err = c.run(["explain", "two.txt"])
    check_stderr(err, rc)
    expect_rc(rc, (0, 2), err)


@case("explain", "explain no solution: 1")
def _(c):
    rc, out, err = c.run(["explain", NOSOL])
    expect_rc(rc, 1, err)
    check_stderr(err, rc, quiet_ok=False)


@case("explain", "explain multiple solutions: 1")
def _(c):
    rc, out, err = c.run(["explain", MULTI])
    expect_rc(rc, 1, err)
    check_stderr(err, rc, quiet_ok=False)


@case("explain", "explain a solved grid")
def _(c):
    sol = []
    count_solutions(cells_of(P1), 1, sol)
    s = "".join(map(str, sol[0]))
    rc, out, err = c.run(["explain", s])
    check_stderr(err, rc)
    expect_rc(rc, 0, err)


@case("explain", "explain --grid | head -c 10: quiet")
def _(c):
    rc, out, err = c.sh("set -o pipefail; $B explain --grid %s | head -c 10 > /dev/null" % HARD)
    expect_rc(rc, 0, err)
    if err:
        raise Fail("stderr %r" % err)


usage_case("explain", "explain with nothing", ["explain"])


@case("explain", "explain - from stdin")
def _(c):
    rc, out, err = c.run(["explain", "-"], stdin=(P1 + "\n").encode())
    expect_rc(rc, 0, err)
    if not out:
        raise Fail("no output")


@case("hint", "hint P: the hinted placement is the solution's")
def _(c):
    rc, out, err = c.run(["hint", HARD])
    expect_rc(rc, 0, err)
    sol = []
    count_solutions(cells_of(HARD), 1, sol)
    for m in re.finditer(r"=> r(\d)c(\d)=(\d)", out.decode()):
        r, col, d = map(int, m.groups())
        if sol[0][(r - 1) * 9 + col - 1] != d:
            raise Fail("hint places a wrong digit")


@case("hint", "hint a position with a wrong entry")
def _(c):
    sol = []
    count_solutions(cells_of(P1), 1, sol)
    g = list(cells_of(P1))
    for i in range(81):
        alt = [d for d in range(1, 10) if g[i] == 0 and d != sol[0][i] and all(g[j] != d for j in PEERS[i])]
        if alt:
            g[i] = alt[0]
            break
    s = "".join(map(str, g))
    rc, out, err = c.run(["hint", s])
    check_stderr(err, rc)
    expect_rc(rc, (0, 1), err)


@case("hint", "hint of a complete grid")
def _(c):
    sol = []
    count_solutions(cells_of(P1), 1, sol)
    rc, out, err = c.run(["hint", "".join(map(str, sol[0]))])
    check_stderr(err, rc)
    expect_rc(rc, (0, 1), err)


@case("hint", "hint with a 82-char argument")
def _(c):
    rc, out, err = c.run(["hint", P1 + "."])
    expect_rc(rc, 2, err)
    check_stderr(err, rc, must="82")


@case("hint", "hint with unicode digits in the argument")
def _(c):
    rc, out, err = c.run(["hint", P1.replace("3", "٣", 1)])
    expect_rc(rc, 2, err)
    check_stderr(err, rc, quiet_ok=False)


@case("hint", "hint of a file named like a puzzle wins?")
def _(c):
    c.write(P1, HARD + "\n")
    rc, out, err = c.run(["hint", P1])
    check_stderr(err, rc)
    expect_rc(rc, 0, err)


@case("hint", "hint /dev/zero refused after 16 KiB")
def _(c):
    rc, out, err = c.run(["hint", "/dev/zero"], timeout=20)
    expect_rc(rc, 2, err)
    check_stderr(err, rc, must="/dev/zero")


usage_case("hint", "hint two puzzles", ["hint", P1, HARD])


# daily ----------------------------------------------------------------------

@case("daily", "daily today: unique puzzle + comment")
def _(c):
    rc, out, err = c.run(["daily"])
    expect_rc(rc, 0, err)
    lines = out.decode().splitlines()
    if len(lines) != 2 or len(lines[0]) != 81 or not lines[1].startswith("# daily "):
        raise Fail("output %r" % lines)
    unique_p(lines[0])


for d in ("2024-02-29", "1970-01-01", "9999-12-31", "0001-01-01"):
    @case("daily", "daily %s" % d)
    def _(c, d=d):
        rc, out, err = c.run(["daily", d])
        check_stderr(err, rc)
        expect_rc(rc, (0, 2), err)
        if rc == 0:
            lines = out.decode().splitlines()
            unique_p(lines[0])
            if d not in lines[1]:
                raise Fail("comment lacks the date: %r" % lines[1])

for d in ("2023-02-29", "2024-13-01", "2024-1-1", "20240101", "2024-01-01x", "", "-1", "2024-00-10",
          "２０２４-01-01"):
    usage_case("daily", "daily %r refused" % d, ["daily", d])
usage_case("daily", "daily two dates", ["daily", "2024-01-01", "2024-01-02"])


@case("daily", "daily same date twice is identical")
def _(c):
    a = c.run(["daily", "2025-06-01"])
    b = c.run(["daily", "2025-06-01"], env={"TZ": "Pacific/Kiritimati", "LC_ALL": "C"})
    if a[1] != b[1]:
        raise Fail("differs")


# canon --------------------------------------------------------------------------

def transform(p, perm_digits, transpose):
    g = cells_of(p)
    if transpose:
        g = [g[(i % 9) * 9 + i // 9] for i in range(81)]
    # swap bands 0 and 2, and rows 0,1 inside band 0 (after the swap)
    rows = [g[r * 9:r * 9 + 9] for r in range(9)]
    rows = rows[6:9] + rows[3:6] + rows[0:3]
    rows[0], rows[1] = rows[1], rows[0]
    g = [v for row in rows for v in row]
    return "".join("." if v == 0 else str(perm_digits[v - 1]) for v in g)


@case("canon", "canon: equivalent puzzles agree, different differ")
def _(c):
    q = transform(P1, [3, 1, 4, 5, 9, 2, 6, 8, 7], True)
    c.write("in.txt", "\n".join([P1, q, HARD]) + "\n")
    rc, out, err = c.run(["canon", "in.txt"])
    expect_rc(rc, 0, err)
    lines = out.decode().splitlines()
    if len(lines) != 3 or lines[0] != lines[1] or lines[0] == lines[2]:
        raise Fail("canon %r" % lines)
    if count_solutions(cells_of(lines[0]), 2) != 1:
        raise Fail("canonical form is not a unique puzzle")


@case("canon", "canon -o file replaced atomically; bad input keeps it")
def _(c):
    c.write("out.txt", SENTINEL)
    c.write("in.txt", P1 + "\nbad\n")
    rc, out, err = c.run(["canon", "in.txt", "-o", "out.txt"])
    expect_rc(rc, 2, err)
    check_stderr(err, rc, must=r"in\.txt:2:1")
    if c.read("out.txt") != SENTINEL:
        raise Fail("replaced")


@case("canon", "canon of an unsolvable puzzle")
def _(c):
    rc, out, err = c.run(["canon", "-"], stdin=(NOSOL + "\n").encode())
    check_stderr(err, rc)
    expect_rc(rc, (0, 1), err)


@case("canon", "canon > /dev/full: 3")
def _(c):
    rc, out, err = c.sh("echo %s | $B canon - > /dev/full" % P1)
    expect_rc(rc, 3, err)
    check_stderr(err, rc, quiet_ok=False)


@case("canon", "canon ulimit -f: status 3")
def _(c):
    ps = data_puzzles("unbiased.txt", 300) * 10
    c.write("in.txt", "\n".join(ps) + "\n")
    rc, out, err = c.sh("ulimit -f 8; $B canon in.txt > o.txt")
    expect_rc(rc, 3, err)
    check_stderr(err, rc, quiet_ok=False)


usage_case("canon", "canon -o twice", ["canon", "x", "-o", "a", "-o", "b"])
usage_case("canon", "canon no path", ["canon"])


# count --------------------------------------------------------------------------

@case("count", "count agrees with own brute force")
def _(c):
    sol = []
    count_solutions(cells_of(P1), 1, sol)
    two = list(sol[0])
    # a deadly pattern would be ideal; simply blank many cells
    for i in range(0, 81, 2):
        two[i] = 0
    ps = [P1, NOSOL, "".join(map(str, two)), P17]
    c.write("in.txt", "\n".join(p.replace("0", ".") for p in ps) + "\n")
    rc, out, err = c.run(["count", "in.txt", "--limit", "5"])
    expect_rc(rc, (0, 1), err)
    got = [int(x) for x in out.split()]
    want = [count_solutions(cells_of(p), 5) for p in ps]
    if got != want:
        raise Fail("count %r, own %r" % (got, want))


for lim in ("0", "-1", "10000001", "1e3", "abc", ""):
    usage_case("count", "count --limit %r" % lim, ["count", "x", "--limit", lim])
usage_case("count", "count --limit twice", ["count", "x", "--limit", "3", "--limit", "4"])


@case("count", "count --limit 1")
def _(c):
    rc, out, err = c.run(["count", "-", "--limit", "1"], stdin=(MULTI + "\n" + NOSOL + "\n").encode())
    check_stderr(err, rc)
    if out.split() != [b"1", b"0"]:
        raise Fail("count %r" % out)


@case("count", "count --limit 10000000 on an empty grid finishes in bounded time")
def _(c):
    rc, out, err = c.run(["count", "-", "--limit", "1000"], stdin=(MULTI + "\n").encode(), timeout=60)
    expect_rc(rc, 0, err)
    if out.split() != [b"1000"]:
        raise Fail("count %r" % out)


@case("count", "count malformed CRLF+BOM grid: names PATH:LINE:COL or accepts")
def _(c):
    c.write("in.txt", b"\xef\xbb\xbf" + grid_text(P1).replace("\n", "\r\n").encode())
    rc, out, err = c.run(["count", "in.txt"])
    check_stderr(err, rc)
    if rc == 2:
        check_stderr(err, rc, must=r"in\.txt:1:1")
    elif out.split() != [b"1"]:
        raise Fail("count %r" % out)


@case("count", "count | head -c 1: quiet")
def _(c):
    ps = data_puzzles("unbiased.txt", 300) * 30
    c.write("in.txt", "\n".join(ps) + "\n")
    rc, out, err = c.sh("set -o pipefail; $B count in.txt | head -c 1 >/dev/null")
    expect_rc(rc, 0, err)
    if err:
        raise Fail("stderr %r" % err)


# check --------------------------------------------------------------------------

def check_case(name, data, rc_want, extra=(), msg=None, puzzles=None):
    def fn(c):
        c.write("g.txt", data)
        if puzzles is not None:
            c.write("p.txt", puzzles)
        rc, out, err = c.run(["check", "g.txt"] + list(extra))
        expect_rc(rc, rc_want, err)
        check_stderr(err, rc, must=msg)
    case("check", name)(fn)


def good_grids(n, first=9):
    # own construction: shifted pattern, relabelled so the top-left is `first`
    out = []
    base = [[(r * 3 + r // 3 + c) % 9 + 1 for c in range(9)] for r in range(9)]
    import itertools
    for perm in itertools.islice(itertools.permutations(range(1, 10)), n):
        m = {k + 1: perm[k] for k in range(9)}
        g = [m[v] for row in base for v in row]
        # put `first` top-left by swapping labels
        a = g[0]
        g = [first if v == a else (a if v == first else v) for v in g]
        out.append(g)
    uniq = []
    for g in out:
        if g not in uniq:
            uniq.append(g)
    return uniq


def gtext(gs):
    return "\n".join("\n".join(" ".join(map(str, g[r * 9:r * 9 + 9])) for r in range(9)) + "\n" for g in gs)


G3 = good_grids(3)
check_case("check good 3 grids", gtext(G3), 0)
check_case("check --first 9 ok", gtext(G3), 0, ["--first", "9"])
check_case("check --first 1 wrong", gtext(G3), 1, ["--first", "1"])
check_case("check duplicate", gtext([G3[0], G3[1], G3[0]]), 1, msg="3|duplicate|same")
check_case("check trailing space", gtext(G3).replace("\n", " \n", 1), 1, msg=r"g\.txt:1:")
check_case("check CRLF", gtext(G3).replace("\n", "\r\n"), 1, msg=r"g\.txt:1:")
check_case("check no final newline", gtext(G3)[:-1], 1)
check_case("check trailing empty line", gtext(G3) + "\n", 1)
check_case("check two empty lines between", gtext(G3).replace("\n\n", "\n\n\n", 1), 1, msg=r"g\.txt:11:")
check_case("check BOM", "\ufeff" + gtext(G3), 1, msg=r"g\.txt:1:1")
check_case("check empty file", "", 1)
check_case("check invalid grid (two 9s in a row)", gtext([[9] + G3[0][1:8] + [9]] + G3[0][9:] and
                                                          [[9, 9] + G3[0][2:]]), 1)
check_case("check a 0 in the grid", gtext([[0] + G3[0][1:]]), 1)
check_case("check NUL byte", gtext(G3).replace("5", "\0", 1), 1, msg=r"g\.txt:\d+:\d+")
check_case("check --puzzles good", gtext([G3[0]]), 0, ["--puzzles", "p.txt"],
           puzzles="".join("." if i % 3 else str(v) for i, v in enumerate(G3[0])) + "\n")
check_case("check --puzzles given changed", gtext([G3[1]]), 1, ["--puzzles", "p.txt"],
           puzzles="".join("." if i % 3 else str(v) for i, v in enumerate(G3[0])) + "\n")
check_case("check --puzzles malformed puzzle file: 2 names it", gtext([G3[0]]), 2, ["--puzzles", "p.txt"],
           msg=r"p\.txt:1:", puzzles="xyz\n")
usage_case("check", "check --first with --puzzles", ["check", "a", "--first", "9", "--puzzles", "b"])
usage_case("check", "check no file", ["check"])
usage_case("check", "check --first 0", ["check", "a", "--first", "0"])


@case("check", "check a directory: 2")
def _(c):
    os.mkdir(c.p("d"))
    rc, out, err = c.run(["check", "d"])
    expect_rc(rc, 2, err)
    check_stderr(err, rc, must=r"\bd\b")


@case("check", "check of -c 1000 output passes")
def _(c):
    c.run(["-c", "1000", "--first", "4"])
    rc, out, err = c.run(["check", "sudoku.txt", "--first", "4"])
    expect_rc(rc, 0, err)


@case("check", "check stdout/stderr: problem on stderr only? (status 1)")
def _(c):
    c.write("g.txt", gtext([G3[0], G3[0]]))
    rc, out, err = c.run(["check", "g.txt"])
    expect_rc(rc, 1, err)
    check_stderr(err, rc, quiet_ok=False)


# print --------------------------------------------------------------------------

@case("print", "print -o - | is a complete PDF")
def _(c):
    c.write("in.txt", "\n".join(U5) + "\n")
    rc, out, err = c.run(["print", "in.txt", "-o", "-"])
    expect_rc(rc, 0, err)
    if not out.startswith(b"%PDF-") or b"%%EOF" not in out[-32:]:
        raise Fail("not a complete PDF")


@case("print", "print svg pages")
def _(c):
    c.write("in.txt", "\n".join(U5) + "\n")
    rc, out, err = c.run(["print", "in.txt", "-o", "b.svg", "--per-page", "1"])
    expect_rc(rc, 0, err)
    files = sorted(f for f in os.listdir(c.dir) if f.endswith(".svg"))
    if len(files) != 5:
        raise Fail("pages %r" % files)
    for f in files:
        d = c.read(f)
        if not d.rstrip().endswith(b"</svg>"):
            raise Fail("incomplete svg %s" % f)


@case("print", "print to /dev/full: 3")
def _(c):
    c.write("in.txt", "\n".join(U5) + "\n")
    rc, out, err = c.sh("$B print in.txt -o - > /dev/full")
    expect_rc(rc, 3, err)
    check_stderr(err, rc, quiet_ok=False)


@case("print", "print malformed input: 2 PATH:LINE:COL, old pdf kept")
def _(c):
    c.write("in.txt", U5[0] + "\n" + "q" * 81 + "\n")
    c.write("sudoku.pdf", SENTINEL)
    rc, out, err = c.run(["print", "in.txt"])
    expect_rc(rc, 2, err)
    check_stderr(err, rc, must=r"in\.txt:2:1")
    if c.read("sudoku.pdf") != SENTINEL:
        raise Fail("replaced")


@case("print", "print an unsolvable puzzle")
def _(c):
    c.write("in.txt", NOSOL + "\n")
    rc, out, err = c.run(["print", "in.txt", "-o", "x.pdf"])
    check_stderr(err, rc)
    expect_rc(rc, (0, 1, 2), err)


@case("print", "print empty input")
def _(c):
    c.write("in.txt", "")
    c.write("x.pdf", SENTINEL)
    rc, out, err = c.run(["print", "in.txt", "-o", "x.pdf"])
    check_stderr(err, rc)
    if rc != 0 and c.read("x.pdf") != SENTINEL:
        raise Fail("replaced on failure")


usage_case("print", "print --per-page 3", ["print", "x", "--per-page", "3"])
usage_case("print", "print --paper a5", ["print", "x", "--paper", "a5"])
usage_case("print", "print -o x.txt", ["print", "x", "-o", "x.txt"])
usage_case("print", "print --title twice", ["print", "x", "--title", "a", "--title", "b"])


@case("print", "print --title with control chars and 10 KB")
def _(c):
    c.write("in.txt", P1 + "\n")
    rc, out, err = c.run(["print", "in.txt", "-o", "t.pdf", "--title", "\x1b[31m" + "W" * 10000 + "\n)"])
    check_stderr(err, rc)
    expect_rc(rc, (0, 2), err)
    if rc == 0:
        d = c.read("t.pdf")
        if not d.startswith(b"%PDF-") or b"%%EOF" not in d[-32:]:
            raise Fail("not a complete PDF")


def repeated_flag_case(sub, name, once, twice, stdin=b""):
    """A flag (no value) given twice means the same as once."""
    def fn(c):
        c.write("in.txt", "\n".join(U5) + "\n")
        a = c.run(once, stdin=stdin)
        b = c.run(twice, stdin=stdin)
        expect_rc(a[0], 0, a[2])
        if a != b:
            raise Fail("twice differs from once")
    case(sub, name)(fn)


repeated_flag_case("rate", "rate --csv twice = once", ["rate", "in.txt", "--csv"], ["rate", "in.txt", "--csv", "--csv"])
repeated_flag_case("explain", "explain --grid twice = once", ["explain", P1, "--grid"], ["explain", P1, "--grid", "--grid"])
repeated_flag_case("hint", "hint --words twice = once", ["hint", P1, "--words"], ["hint", P1, "--words", "--words"])
repeated_flag_case("puzzles", "puzzles --minimal twice", ["puzzles", "1", "--minimal", "--seed", "1", "-o", "-"],
                   ["puzzles", "1", "--minimal", "--minimal", "--seed", "1", "-o", "-"])


# bench, help, version -------------------------------------------------------------

@case("bench", "bench --seconds 0 refused")
def _(c):
    rc, out, err = c.run(["bench", "x", "--seconds", "0"])
    check_stderr(err, rc, usage=True)


@case("bench", "bench a malformed file: 2 before output")
def _(c):
    c.write("a.txt", P1 + "\n")
    c.write("b.txt", "zzz\n")
    rc, out, err = c.run(["bench", "a.txt", "b.txt", "--seconds", "1"])
    expect_rc(rc, 2, err)
    check_stderr(err, rc, must=r"b\.txt:1:1")
    if out:
        raise Fail("printed before checking every file")


@case("bench", "bench an unsolvable puzzle warns")
def _(c):
    c.write("a.txt", P1 + "\n" + NOSOL + "\n")
    rc, out, err = c.run(["bench", "a.txt", "--seconds", "1"])
    expect_rc(rc, 0, err)
    check_stderr(err, rc, quiet_ok=False)


@case("help", "--help to /dev/full: status 3")
def _(c):
    rc, out, err = c.sh("$B --help > /dev/full")
    expect_rc(rc, 3, err)
    check_stderr(err, rc, quiet_ok=False)


@case("help", "--help | head -c 10: quiet, status 0")
def _(c):
    rc, out, err = c.sh("set -o pipefail; $B --help | head -c 10 >/dev/null")
    expect_rc(rc, 0, err)
    if err:
        raise Fail("stderr %r" % err)


@case("help", "--version")
def _(c):
    rc, out, err = c.run(["--version"])
    expect_rc(rc, 0, err)
    if not re.match(rb"^sudoku \d+\.\d+\.\d+\n$", out):
        raise Fail("version %r" % out)


for sub in ("count", "check", "rate", "explain", "hint", "daily", "canon", "print", "puzzles", "bench"):
    @case("help", "%s --help: status 0 on stdout" % sub)
    def _(c, sub=sub):
        rc, out, err = c.run([sub, "--help"])
        expect_rc(rc, 0, err)
        if not out or err:
            raise Fail("out %r err %r" % (out[:40], err[:80]))


@case("help", "no arguments at all")
def _(c):
    rc, out, err = c.run([])
    check_stderr(err, rc, usage=True)


usage_case("help", "unknown subcommand", ["frobnicate"])
usage_case("help", "invalid UTF-8 argument", [os.fsdecode(b"-c\xff")])



# ---------------------------------------------------------- second batch --

@case("-c", "-c 1 --first 5 -o -: exactly 162 bytes")
def _(c):
    rc, out, err = c.run(["-c", "1", "--first", "5", "-o", "-"])
    expect_rc(rc, 0, err)
    check_final_boards(out, 1, 5)


@case("-c", "-c -o /dev/stdout >> log appends")
def _(c):
    c.write("log", SENTINEL)
    rc, out, err = c.sh("$B -c 2 -o /dev/stdout >> log")
    expect_rc(rc, 0, err)
    d = c.read("log")
    if not d.startswith(SENTINEL):
        raise Fail("log truncated")
    check_final_boards(d[len(SENTINEL):], 2)


@case("-c", "-c -o /proc/self/fd/1 > f")
def _(c):
    rc, out, err = c.sh("$B -c 2 -o /proc/self/fd/1 > f")
    expect_rc(rc, 0, err)
    check_final_boards(c.read("f"), 2)


@case("-c", "-c -o under a regular file (file.txt/x): 3")
def _(c):
    c.write("file.txt", SENTINEL)
    rc, out, err = c.run(["-c", "2", "-o", "file.txt/x"])
    expect_rc(rc, 3, err)
    check_stderr(err, rc, must="file.txt")
    if c.read("file.txt") != SENTINEL:
        raise Fail("changed")


@case("-c", "-c -o /proc/version: 3, message")
def _(c):
    rc, out, err = c.run(["-c", "2", "-o", "/proc/version"])
    expect_rc(rc, 3, err)
    check_stderr(err, rc, quiet_ok=False)


@case("-c", "-c -o dangling symlink creates its target")
def _(c):
    os.symlink("target.txt", c.p("l"))
    rc, out, err = c.run(["-c", "2", "-o", "l"])
    expect_rc(rc, 0, err)
    check_final_boards(c.read("target.txt"), 2)
    if not os.path.islink(c.p("l")):
        raise Fail("link replaced")


@case("-c", "-c -o symlink loop: 3, links kept")
def _(c):
    os.symlink("b", c.p("a"))
    os.symlink("a", c.p("b"))
    rc, out, err = c.run(["-c", "2", "-o", "a"])
    expect_rc(rc, 3, err)
    check_stderr(err, rc, must="symbolic links")
    if not (os.path.islink(c.p("a")) and os.path.islink(c.p("b"))):
        raise Fail("links changed")


@case("-c", "-c --first given before -c")
def _(c):
    rc, out, err = c.run(["--first", "2", "-o", "-", "-c", "3"])
    expect_rc(rc, 0, err)
    check_final_boards(out, 3, 2)


@case("-c", "-c -o 444 file replaced, stays 444")
def _(c):
    c.write("ro.txt", SENTINEL, 0o444)
    rc, out, err = c.run(["-c", "2", "-o", "ro.txt"])
    expect_rc(rc, 0, err)
    check_final_boards(c.read("ro.txt"), 2)
    if os.stat(c.p("ro.txt")).st_mode & 0o777 != 0o444:
        raise Fail("mode changed")


@case("-c", "-c another user's file in a sticky dir: 3, kept", root=True)
def _(c):
    need_root()
    os.mkdir(c.p("t"))
    os.chmod(c.p("t"), 0o1777)
    c.write("t/f.txt", SENTINEL, 0o666)
    os.chown(c.p("t/f.txt"), 65534, 65534)
    os.chmod(c.dir, 0o755)
    rc, out, err = c.sh("setpriv --reuid=1000 --regid=1000 --clear-groups $B -c 2 -o t/f.txt")
    expect_rc(rc, 3, err)
    check_stderr(err, rc, must="not permitted")
    if c.read("t/f.txt") != SENTINEL:
        raise Fail("replaced")


@case("-s", "-s -o - | head -c 10: quiet")
def _(c):
    ps = data_puzzles("unbiased.txt", 300) * 20
    c.write("in.txt", "\n".join(ps) + "\n")
    rc, out, err = c.sh("set -o pipefail; $B -s in.txt -o - | head -c 10 >/dev/null")
    expect_rc(rc, 0, err)
    if err:
        raise Fail("stderr %r" % err)


@case("-s", "-s a socket as input: 2")
def _(c):
    s = socket.socket(socket.AF_UNIX)
    s.bind(c.p("sock"))
    try:
        rc, out, err = c.run(["-s", "sock"], timeout=20)
        expect_rc(rc, 2, err)
        check_stderr(err, rc, must="sock")
    finally:
        s.close()


@case("-s", "-s input symlink loop: 2")
def _(c):
    os.symlink("b", c.p("a"))
    os.symlink("a", c.p("b"))
    rc, out, err = c.run(["-s", "a"])
    expect_rc(rc, 2, err)
    check_stderr(err, rc, must=r"\ba\b")


@case("-s", "-s /dev/stdin with a file on stdin")
def _(c):
    c.write("in.txt", "\n".join(U5) + "\n")
    rc, out, err = c.sh("$B -s /dev/stdin -o - < in.txt")
    expect_rc(rc, 0, err)
    check_solutions(out, U5)


@case("-s", "-s comment lines inside a grid")
def _(c):
    t = grid_text(U5[0]).split("\n")
    t.insert(4, "# a comment")
    c.write("in.txt", "\n".join(t))
    rc, out, err = c.run(["-s", "in.txt", "-o", "-"])
    check_stderr(err, rc)
    if rc == 0:
        check_solutions(out, [U5[0]])
    else:
        expect_rc(rc, 2, err)
        check_stderr(err, rc, must=r"in\.txt:\d+:\d+")


@case("-s", "-s 1,000,000 puzzles (the assignment's maximum)")
def _(c):
    ps = data_puzzles("unbiased.txt", 250) * 4000
    c.write("in.txt", "\n".join(ps) + "\n")
    rc, out, err = c.run(["-s", "in.txt", "-o", "out.txt"], timeout=600)
    expect_rc(rc, 0, err)
    data = c.read("out.txt")
    if len(data) != 163 * len(ps) - 1:
        raise Fail("size %d" % len(data))
    # every 997th grid fully checked against its own puzzle
    for k in range(0, len(ps), 997):
        check_solutions(data[163 * k:163 * k + 161] + b"\n", [ps[k]])


@case("-s", "-s two concurrent in-place solves of one file")
def _(c):
    c.write("s.txt", "\n".join(U5 * 400) + "\n")
    rc, out, err = c.sh("$B -s s.txt -o s.txt & $B -s s.txt -o s.txt & wait")
    data = c.read("s.txt")
    # either finished run leaves a complete solution file; a run that read the
    # other's output solves completed grids
    grids = parse_exact(data, puzzles=True)
    if len(grids) != 2000:
        raise Fail("%d grids" % len(grids))
    for g in grids[:50]:
        if not is_solved(g):
            raise Fail("unsolved grid")


@case("-s", "-s ulimit -v 200 MB with 20000 puzzles")
def _(c):
    ps = data_puzzles("unbiased.txt", 200) * 100
    c.write("in.txt", "\n".join(ps) + "\n")
    rc, out, err = c.sh("ulimit -v 200000; $B -s in.txt -o o.txt")
    expect_rc(rc, 0, err)
    d = c.read("o.txt")
    if len(d) != 163 * 20000 - 1:
        raise Fail("size")


@case("count", "count with -o refused (no such option)")
def _(c):
    rc, out, err = c.run(["count", "x", "-o", "y"])
    check_stderr(err, rc, usage=True)


@case("count", "count -j 1 and -j 2 agree, own counts on 20 hard puzzles")
def _(c):
    ps = data_puzzles("forum_hardest_1106.txt", 20)
    c.write("in.txt", "\n".join(ps) + "\n")
    a = c.run(["count", "in.txt", "-j", "1"])
    b = c.run(["count", "in.txt", "-j", "2"])
    if a[1] != b[1]:
        raise Fail("-j changes counts")
    want = [count_solutions(cells_of(p), 2) for p in ps[:5]]
    got = [int(x) for x in a[1].split()][:5]
    if got != want:
        raise Fail("%r vs %r" % (got, want))


@case("check", "check - (stdin)")
def _(c):
    rc, out, err = c.run(["check", "-"], stdin=gtext(G3).encode())
    check_stderr(err, rc)
    expect_rc(rc, 0, err)


@case("check", "check --puzzles - (stdin)")
def _(c):
    c.write("g.txt", gtext([G3[0]]))
    rc, out, err = c.run(["check", "g.txt", "--puzzles", "-"],
                         stdin=("".join(str(v) if i % 2 else "." for i, v in enumerate(G3[0])) + "\n").encode())
    expect_rc(rc, 0, err)


@case("check", "check output of -s against its puzzles")
def _(c):
    ps = data_puzzles("17_clue.txt", 30)
    c.write("p.txt", "\n".join(ps) + "\n")
    c.run(["-s", "p.txt"])
    rc, out, err = c.run(["check", "sudoku.txt", "--puzzles", "p.txt"])
    expect_rc(rc, 0, err)
    check_solutions(c.read("sudoku.txt"), ps)


@case("check", "check more solutions than puzzles: true counts")
def _(c):
    c.write("g.txt", gtext(G3))
    c.write("p.txt", "." * 81 + "\n")
    rc, out, err = c.run(["check", "g.txt", "--puzzles", "p.txt"])
    expect_rc(rc, 1, err)
    check_stderr(err, rc, must="3 solutions for 1 puzzle")


def symmetric(p, kind):
    blank = [ch in "0." for ch in p]
    maps = {
        "rot180": lambda r, c: (8 - r, 8 - c),
        "rot90": lambda r, c: (c, 8 - r),
        "mirror": lambda r, c: (r, 8 - c),
        "diagonal": lambda r, c: (c, r),
    }
    f = maps[kind]
    return all(blank[r * 9 + c] == blank[f(r, c)[0] * 9 + f(r, c)[1]] for r in range(9) for c in range(9))


for kind in ("rot90", "mirror", "diagonal"):
    puzzles_case("puzzles 3 --symmetry %s" % kind, ["3", "--symmetry", kind, "--seed", "11"],
                 lambda p, kind=kind: unique_p(p) or symmetric(p, kind)
                 or (_ for _ in ()).throw(Fail("not %s: %s" % (kind, p))), n=3)
puzzles_case("puzzles 6 --symmetry random", ["6", "--symmetry", "random", "--seed", "12"],
             lambda p: unique_p(p) or any(symmetric(p, k) for k in ("rot180", "rot90", "mirror", "diagonal"))
             or (_ for _ in ()).throw(Fail("no symmetry: %s" % p)), n=6)
puzzles_case("puzzles 2 --blanks 0 --any (completed grids)", ["2", "--blanks", "0", "--any", "--seed", "1"],
             lambda p: is_solved(cells_of(p)) or (_ for _ in ()).throw(Fail("not complete")), n=2)
puzzles_case("puzzles 3 --blanks 55 --minimal", ["3", "--blanks", "55..58", "--minimal", "--seed", "1"], minimal_p, n=3)


@case("puzzles", "puzzles --with-solutions grid: each puzzle then its solution")
def _(c):
    rc, out, err = c.run(["puzzles", "3", "--with-solutions", "--seed", "4", "-o", "-"])
    expect_rc(rc, 0, err)
    grids = parse_exact(out, puzzles=True)
    if len(grids) != 6:
        raise Fail("%d grids" % len(grids))
    for k in range(0, 6, 2):
        p, sgrid = grids[k], grids[k + 1]
        sol = []
        count_solutions(p, 2, sol)
        if sol[0] != sgrid:
            raise Fail("solution %d is not the puzzle's" % (k // 2 + 1))


@case("puzzles", "puzzles --with-path: comment lines only, path solves")
def _(c):
    rc, out, err = c.run(["puzzles", "2", "--with-path", "--format", "line", "--seed", "4", "-o", "-"])
    expect_rc(rc, 0, err)
    lines = out.decode().splitlines()
    ps = [ln for ln in lines if not ln.startswith("#")]
    if len(ps) != 2 or any(len(p.split()[0]) != 81 for p in ps):
        raise Fail("lines %r" % ps)
    for p in ps:
        unique_p(p.split()[0])


@case("puzzles", "puzzles --technique x-wing: rate names X-Wing")
def _(c):
    rc, out, err = c.run(["puzzles", "2", "--technique", "x-wing", "--format", "line", "--seed", "5", "-o", "-"],
                         timeout=300)
    expect_rc(rc, 0, err)
    ps = [ln.split()[0] for ln in out.decode().splitlines() if ln and not ln.startswith("#")]
    for p in ps:
        unique_p(p)
    r = c.run(["rate", "-"], stdin=("\n".join(ps) + "\n").encode())
    for ln in r[1].decode().splitlines():
        if "X-Wing" not in ln:
            raise Fail("rate says %r" % ln)


@case("puzzles", "puzzles -o x.svg --per-page 1: N pages, complete")
def _(c):
    rc, out, err = c.run(["puzzles", "3", "--seed", "1", "-o", "x.svg", "--per-page", "1"])
    expect_rc(rc, 0, err)
    files = sorted(f for f in os.listdir(c.dir) if f.endswith(".svg"))
    if files != ["x-1.svg", "x-2.svg", "x-3.svg"]:
        raise Fail("files %r" % files)


@case("puzzles", "puzzles SIGTERM midway: 143, old kept")
def _(c):
    c.write("sudoku.txt", SENTINEL)
    rc, out, err = c.sh("$B puzzles 100000 --seed 1 & p=$!; sleep 1; kill -TERM $p; wait $p; echo st=$? >&2",
                        timeout=60)
    m = re.search(rb"st=(\d+)", err)
    if not m or int(m.group(1)) != 143:
        raise Fail("status %r" % err)
    if c.read("sudoku.txt") != SENTINEL or os.listdir(c.dir) != ["sudoku.txt"]:
        raise Fail("old changed or temp left: %r" % os.listdir(c.dir))


@case("rate", "rate -j 0: usage")
def _(c):
    rc, out, err = c.run(["rate", "x", "-j", "0"])
    check_stderr(err, rc, usage=True)


@case("rate", "rate --scale native vs se: same count of lines")
def _(c):
    c.write("in.txt", "\n".join(U5) + "\n")
    a = c.run(["rate", "in.txt", "--scale", "native"])
    b = c.run(["rate", "in.txt", "--scale", "se"])
    expect_rc(a[0], 0, a[2])
    if len(a[1].splitlines()) != 5 or len(b[1].splitlines()) != 5:
        raise Fail("line counts")


@case("rate", "rate grid format with CRLF and BOM")
def _(c):
    c.write("in.txt", b"\xef\xbb\xbf" + grids_text(U5[:2]).replace("\n", "\r\n").encode())
    rc, out, err = c.run(["rate", "in.txt"])
    check_stderr(err, rc)
    if rc == 2:
        check_stderr(err, rc, must=r"in\.txt:1:1")
    else:
        expect_rc(rc, 0, err)
        if len(out.splitlines()) != 2:
            raise Fail("lines")


@case("rate", "rate a completed grid: already complete")
def _(c):
    sol = []
    count_solutions(cells_of(P1), 1, sol)
    rc, out, err = c.run(["rate", "-"], stdin=("".join(map(str, sol[0])) + "\n").encode())
    expect_rc(rc, 0, err)
    if b"complete" not in out:
        raise Fail("out %r" % out)


@case("canon", "canon is idempotent and equal under more transforms")
def _(c):
    ps = data_puzzles("serg_benchmark.txt", 20)
    import random
    rnd = random.Random(3)
    qs = []
    for p in ps:
        g = cells_of(p)
        rows = [g[r * 9:r * 9 + 9] for r in range(9)]
        bands = [rows[0:3], rows[3:6], rows[6:9]]
        rnd.shuffle(bands)
        rows = [r for b in bands for r in (rnd.sample(b, 3))]
        cols = list(range(9))
        stacks = [cols[0:3], cols[3:6], cols[6:9]]
        rnd.shuffle(stacks)
        order = [x for st in stacks for x in rnd.sample(st, 3)]
        g2 = [rows[r][order[col]] for r in range(9) for col in range(9)]
        perm = list(range(1, 10))
        rnd.shuffle(perm)
        qs.append("".join("." if v == 0 else str(perm[v - 1]) for v in g2))
    c.write("in.txt", "\n".join(ps + qs) + "\n")
    rc, out, err = c.run(["canon", "in.txt"])
    expect_rc(rc, 0, err)
    lines = out.decode().splitlines()
    if lines[:20] != lines[20:]:
        raise Fail("equivalent puzzles give different forms")
    c.write("c.txt", out)
    rc, out2, err = c.run(["canon", "c.txt"])
    if out2 != out:
        raise Fail("not idempotent")


@case("canon", "canon in place (-o the input)")
def _(c):
    c.write("in.txt", "\n".join(U5) + "\n")
    want = c.run(["canon", "in.txt"])[1]
    rc, out, err = c.run(["canon", "in.txt", "-o", "in.txt"])
    expect_rc(rc, 0, err)
    if c.read("in.txt") != want:
        raise Fail("in-place result differs")


@case("daily", "daily ' 2024-01-01 ' (spaces around): trimmed, same puzzle")
def _(c):
    a = c.run(["daily", " 2024-01-01 "])
    b = c.run(["daily", "2024-01-01"])
    check_stderr(a[2], a[0])
    if a[0] == 0 and a[1] != b[1]:
        raise Fail("a different puzzle")


@case("daily", "daily > /dev/full: 3")
def _(c):
    rc, out, err = c.sh("$B daily 2024-01-01 > /dev/full")
    expect_rc(rc, 3, err)
    check_stderr(err, rc, quiet_ok=False)


@case("explain", "explain --words --grid > /dev/full: 3")
def _(c):
    rc, out, err = c.sh("$B explain --words --grid %s > /dev/full" % P1)
    expect_rc(rc, 3, err)
    check_stderr(err, rc, quiet_ok=False)


@case("explain", "explain a 17-clue puzzle: placements agree with own solution")
def _(c):
    rc, out, err = c.run(["explain", P17], timeout=60)
    expect_rc(rc, 0, err)
    sol = []
    count_solutions(cells_of(P17), 1, sol)
    n = 0
    for m in re.finditer(r"r(\d)c(\d)=(\d)", out.decode()):
        r, col, d = map(int, m.groups())
        n += 1
        if sol[0][(r - 1) * 9 + col - 1] != d:
            raise Fail("wrong placement")
    if n < 81 - 17 - 5:
        raise Fail("only %d placements" % n)


@case("hint", "hint - from a grid-format stdin")
def _(c):
    rc, out, err = c.run(["hint", "-"], stdin=grid_text(P1).encode())
    expect_rc(rc, 0, err)
    if not out:
        raise Fail("no hint")


@case("print", "print 13 puzzles --per-page 6 --answers --candidates --paper letter")
def _(c):
    ps = data_puzzles("unbiased.txt", 13)
    c.write("in.txt", "\n".join(ps) + "\n")
    rc, out, err = c.run(["print", "in.txt", "-o", "b.pdf", "--per-page", "6", "--answers", "--candidates",
                          "--paper", "letter"])
    expect_rc(rc, 0, err)
    d = c.read("b.pdf")
    if not d.startswith(b"%PDF-") or b"%%EOF" not in d[-32:]:
        raise Fail("incomplete")
    pages = len(re.findall(rb"/Type\s*/Page\b", d))
    if pages < 3:
        raise Fail("%d pages for 13 puzzles at 6 a page plus answers" % pages)


@case("print", "print -o b.svg with b-2.svg a directory: 3")
def _(c):
    c.write("in.txt", "\n".join(U5) + "\n")
    os.mkdir(c.p("b-2.svg"))
    rc, out, err = c.run(["print", "in.txt", "-o", "b.svg", "--per-page", "1"])
    expect_rc(rc, 3, err)
    check_stderr(err, rc, must="b-2.svg")


@case("print", "print ulimit -f: 3, old book kept")
def _(c):
    ps = data_puzzles("unbiased.txt", 200)
    c.write("in.txt", "\n".join(ps) + "\n")
    c.write("b.pdf", SENTINEL)
    rc, out, err = c.sh("ulimit -f 16; $B print in.txt -o b.pdf")
    expect_rc(rc, 3, err)
    check_stderr(err, rc, quiet_ok=False)
    if c.read("b.pdf") != SENTINEL:
        raise Fail("replaced")


@case("print", "print a book over 100,000 puzzles refused")
def _(c):
    c.write("in.txt", ("\n".join(U5) + "\n") * 20001)
    rc, out, err = c.run(["print", "in.txt", "-o", "b.pdf"], timeout=120)
    expect_rc(rc, 2, err)
    check_stderr(err, rc, must="100")


@case("bench", "bench --seconds 3601 refused")
def _(c):
    rc, out, err = c.run(["bench", "x", "--seconds", "3601"])
    check_stderr(err, rc, usage=True)


@case("bench", "bench a directory: 2")
def _(c):
    os.mkdir(c.p("d"))
    rc, out, err = c.run(["bench", "d"])
    expect_rc(rc, 2, err)
    check_stderr(err, rc, must=r"\bd\b")


@case("bench", "bench with no file")
def _(c):
    rc, out, err = c.run(["bench"])
    check_stderr(err, rc, usage=True)


@case("help", "-- alone")
def _(c):
    rc, out, err = c.run(["--"])
    check_stderr(err, rc, usage=True)


@case("help", "--help with other options")
def _(c):
    rc, out, err = c.run(["-c", "5", "--help"])
    check_stderr(err, rc)
    expect_rc(rc, (0, 2), err)
    if os.path.exists(c.p("sudoku.txt")):
        raise Fail("--help with -c wrote a file")


@case("help", "-h")
def _(c):
    rc, out, err = c.run(["-h"])
    check_stderr(err, rc)
    expect_rc(rc, (0, 2), err)


@case("help", "--version > /dev/full: 3")
def _(c):
    rc, out, err = c.sh("$B --version > /dev/full")
    expect_rc(rc, 3, err)
    check_stderr(err, rc, quiet_ok=False)


# ----------------------------------------------------------- third batch --

for args in (["-c", "3", "-o", "-"], ["-s", "IN", "-o", "-"], ["count", "IN"], ["rate", "IN"], ["canon", "IN"],
             ["daily", "2024-01-01"], ["--help"], ["--version"], ["explain", P1], ["hint", P1],
             ["print", "IN", "-o", "-"], ["puzzles", "1", "--seed", "1", "-o", "-"], ["-n", "1", "-m", "1", "-o", "-"],
             ["rate", "--techniques"], ["bench", "IN", "--seconds", "1"], ["check", "G"]):
    sub = args[0] if not args[0].startswith("-") or args[0] in ("-c", "-s", "-n") else "help"

    @case(sub, "%s with stdout closed (>&-): status 3, or 0 when nothing goes there" % " ".join(args))
    def _(c, args=args):
        c.write("IN", "\n".join(U5) + "\n")
        c.write("G", gtext(G3))
        rc, out, err = c.sh("exec 1>&-; exec $B " + " ".join("'%s'" % a for a in args))
        # check's verdict, too, goes to stdout: it must not be lost either
        expect_rc(rc, 3, err)
        check_stderr(err, rc, must=r"<stdout>.*Bad file descriptor")


@case("puzzles", "--blanks 30..90 names the bounds")
def _(c):
    rc, out, err = c.run(["puzzles", "1", "--blanks", "30..90"])
    check_stderr(err, rc, usage=True, must="81")


@case("puzzles", "--rating 20..30 lists the scale's ratings legibly")
def _(c):
    rc, out, err = c.run(["puzzles", "1", "--rating", "20..30"])
    expect_rc(rc, 2, err)
    check_stderr(err, rc, must="are 0.0, 1.0")
    if b"run from 0.0 to 0.0" in err:
        raise Fail("garbled")


@case("canon", "canon: sparse and conflicting puzzles, random equivalents agree (240 puzzles)")
def _(c):
    import random
    rnd = random.Random(5)

    def rand_transform(p):
        g = cells_of(p)
        if rnd.random() < 0.5:
            g = [g[(i % 9) * 9 + i // 9] for i in range(81)]
        rows = [g[r * 9:r * 9 + 9] for r in range(9)]
        bands = [rows[0:3], rows[3:6], rows[6:9]]
        rnd.shuffle(bands)
        rows = [r for b in bands for r in rnd.sample(b, 3)]
        stacks = [[0, 1, 2], [3, 4, 5], [6, 7, 8]]
        rnd.shuffle(stacks)
        order = [x for st in stacks for x in rnd.sample(st, 3)]
        g = [rows[r][order[col]] for r in range(9) for col in range(9)]
        perm = list(range(1, 10))
        rnd.shuffle(perm)
        return "".join("." if v == 0 else str(perm[v - 1]) for v in g)

    base = []
    for k in range(60):
        g = ["."] * 81
        for i in rnd.sample(range(81), rnd.choice([0, 1, 2, 3, 5, 8, 12, 20, 30])):
            g[i] = str(rnd.randint(1, 9))
        base.append("".join(g))
    allp = []
    for p in base:
        allp += [p] + [rand_transform(p) for _ in range(3)]
    rc, out, err = c.run(["canon", "-"], stdin=("\n".join(allp) + "\n").encode())
    expect_rc(rc, 0, err)
    lines = out.decode().split("\n")
    for k, p in enumerate(base):
        if len(set(lines[4 * k:4 * k + 4])) != 1:
            raise Fail("equivalents of %s differ: %r" % (p, lines[4 * k:4 * k + 4]))
        if sorted(ch for ch in lines[4 * k] if ch != ".") and \
                sum(ch != "." for ch in lines[4 * k]) != sum(ch != "." for ch in p):
            raise Fail("clue count changed for %s" % p)


@case("explain", "explain: no step places or eliminates against the solution (65 puzzles, both scales)")
def _(c):
    ps = []
    for f, n in (("magictour_top1465.txt", 15), ("forum_hardest_1106.txt", 10), ("unbiased.txt", 10),
                 ("17_clue.txt", 10), ("serg_benchmark.txt", 10), ("forum_hardest_1905_11.txt", 10)):
        ps += data_puzzles(f, n)
    tokens = 0
    for p in ps:
        sol = []
        n = count_solutions(cells_of(p), 2, sol)
        for scale in ("se", "native"):
            rc, out, err = c.run(["explain", p, "--scale", scale], timeout=120)
            if n != 1:
                expect_rc(rc, 1, err)
                check_stderr(err, rc, must="several solutions" if n > 1 else "no solution")
                continue
            expect_rc(rc, 0, err)
            for line in out.decode().splitlines():
                if "=>" not in line:
                    raise Fail("step without '=>': %r" % line)
                for tok in re.split(r"[,\s]+", line.split("=>", 1)[1].strip()):
                    m = re.fullmatch(r"r(\d)c(\d)(=|<>)(\d+)", tok)
                    if not m:
                        raise Fail("unparsed %r in %r" % (tok, line))
                    v = sol[0][(int(m.group(1)) - 1) * 9 + int(m.group(2)) - 1]
                    tokens += 1
                    if (m.group(3) == "=") != (str(v) in m.group(4)):
                        raise Fail("%s: step contradicts the solution: %r" % (p, line))
    if tokens < 5000:
        raise Fail("only %d conclusions checked" % tokens)


def pdf_xref_ok(d):
    """Every xref entry points at 'N G obj' and startxref at the xref table."""
    m = re.search(rb"startxref\s+(\d+)\s+%%EOF\s*$", d)
    if not m:
        raise Fail("no startxref")
    x = int(m.group(1))
    if not d[x:x + 4] == b"xref":
        raise Fail("startxref %d does not point at xref" % x)
    m = re.match(rb"xref\s+(\d+)\s+(\d+)\s+", d[x:])
    first, count = int(m.group(1)), int(m.group(2))
    pos = x + m.end()
    for k in range(count):
        entry = d[pos + 20 * k:pos + 20 * k + 20]
        off, gen, kind = int(entry[:10]), int(entry[11:16]), entry[17:18]
        if kind == b"n" and not re.match(rb"%d %d obj" % (first + k, gen), d[off:off + 20]):
            raise Fail("xref entry %d points at %r" % (first + k, d[off:off + 20]))


@case("print", "print: PDF cross-reference table points at every object")
def _(c):
    ps = data_puzzles("unbiased.txt", 9)
    c.write("in.txt", "\n".join(ps) + "\n")
    for extra in ([], ["--answers", "--candidates", "--per-page", "4", "--title", "Ünïcødé — € “q” 😀"]):
        rc, out, err = c.run(["print", "in.txt", "-o", "-"] + extra)
        expect_rc(rc, 0, err)
        check_stderr(err, rc)
        pdf_xref_ok(out)


@case("puzzles", "puzzles -o b.pdf: PDF cross-reference table consistent")
def _(c):
    rc, out, err = c.run(["puzzles", "7", "--seed", "3", "-o", "b.pdf", "--answers", "--per-page", "6"])
    expect_rc(rc, 0, err)
    pdf_xref_ok(c.read("b.pdf"))


# ------------------------------------------------------------------- main --

def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--bin")
    ap.add_argument("-k", default="")
    ap.add_argument("-v", action="store_true")
    a = ap.parse_args()
    binary = a.bin or os.environ.get("SUDOKU")
    if not binary:
        for cand in ("target/helper-hostile/release/sudoku", "target/release/sudoku"):
            if os.path.exists(os.path.join(ROOT, cand)):
                binary = os.path.join(ROOT, cand)
                break
    if not binary or not os.path.exists(binary):
        sys.exit("no binary: build it or pass --bin")
    binary = os.path.abspath(binary)
    tally = {}
    failed = []
    for sub, name, fn, _root in CASES:
        if a.k not in name:
            continue
        t = tally.setdefault(sub, [0, 0, 0])
        tmp = tempfile.mkdtemp(prefix="hostile3-")
        t0 = time.time()
        try:
            fn(Ctx(binary, tmp))
            t[0] += 1
            status = "ok"
        except Skip as e:
            t[2] += 1
            status = "skip (%s)" % e
        except Fail as e:
            t[1] += 1
            status = "FAIL: %s" % e
            failed.append((sub, name, str(e)))
        except Exception as e:  # a bug in a case is a failure too
            t[1] += 1
            status = "FAIL (checker error): %r" % e
            failed.append((sub, name, repr(e)))
        finally:
            subprocess.run(["bash", "-c", "umount -q %s/* 2>/dev/null; chmod -R u+rwx %s; rm -rf %s"
                            % (tmp, tmp, tmp)])
        if a.v or status != "ok":
            print("%-8s %-70s %s (%.1fs)" % (sub, name[:70], status, time.time() - t0), flush=True)
    print()
    print("%-8s %5s %5s %5s" % ("command", "ok", "FAIL", "skip"))
    for sub, (ok, bad, skip) in tally.items():
        print("%-8s %5d %5d %5d" % (sub, ok, bad, skip))
    total = [sum(x[i] for x in tally.values()) for i in range(3)]
    print("%-8s %5d %5d %5d   (%d cases)" % ("total", total[0], total[1], total[2], sum(total)))
    sys.exit(1 if failed else 0)


if __name__ == "__main__":
    main()
