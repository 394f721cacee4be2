#!/usr/bin/env python3
"""What replacing a file costs the file system alone, with no solving.

    benches/replace_floor.py FILE [ROUNDS]

FILE is an existing output (say the `sudoku.txt` that `sudoku -s` left).
Each round writes FILE's bytes to a temporary file beside it, in the 80 KiB
pieces `sudoku -s` writes, starting their write-back every 1 MiB and once
more at the end as `sudoku -s` does (`sync_file_range`, on Linux), and
renames it over FILE: the same system calls as a run of `sudoku -s` that
replaces FILE, less the solving. Prints, per
round and as medians, the time of the writes, of the rename, the elapsed
total and the system time.

`sudoku -s` with T threads cannot beat (solving time on one thread + this
system time) / T + the time the rename waits, so this bounds the speed-up
the README's `-s` race can show on the machine. Run `sync` before, as the
race does, so that the old FILE is on disk as it would be.
"""
import os
import resource
import statistics
import subprocess
import sys
import time

PIECE = 512 * 163
WRITEBACK_BYTES = 1 << 20
SYNC_FILE_RANGE_WRITE = 2


def writeback_starter():
    """sync_file_range(fd, offset, length, SYNC_FILE_RANGE_WRITE), or a no-op."""
    try:
        import ctypes
        libc = ctypes.CDLL(None, use_errno=True)
        call = libc.sync_file_range
        call.argtypes = [ctypes.c_int, ctypes.c_int64, ctypes.c_int64, ctypes.c_uint]
        return lambda fd, offset, length: call(fd, offset, length, SYNC_FILE_RANGE_WRITE)
    except (OSError, AttributeError):
        return lambda fd, offset, length: None


START_WRITEBACK = writeback_starter()


def one_round(path, data):
    temporary = os.path.join(os.path.dirname(os.path.abspath(path)), ".replace_floor.tmp")
    subprocess.run(["sync"], check=True)
    before = resource.getrusage(resource.RUSAGE_SELF)
    start = time.perf_counter()
    fd = os.open(temporary, os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o644)
    view = memoryview(data)
    sent = 0
    for at in range(0, len(data), PIECE):
        os.write(fd, view[at:at + PIECE])
        written_so_far = min(at + PIECE, len(data))
        if written_so_far - sent >= WRITEBACK_BYTES:
            START_WRITEBACK(fd, sent, written_so_far - sent)
            sent = written_so_far
    START_WRITEBACK(fd, sent, len(data) - sent)
    os.close(fd)
    written = time.perf_counter()
    os.rename(temporary, path)
    done = time.perf_counter()
    after = resource.getrusage(resource.RUSAGE_SELF)
    return written - start, done - written, done - start, after.ru_stime - before.ru_stime


def main():
    if len(sys.argv) < 2:
        sys.exit(__doc__)
    path = sys.argv[1]
    rounds = int(sys.argv[2]) if len(sys.argv) > 2 else 5
    with open(path, "rb") as f:
        data = f.read()
    results = []
    for _ in range(rounds):
        write, rename, total, system = one_round(path, data)
        results.append((write, rename, total, system))
        print(f"write {write:.3f} s  rename {rename:.3f} s  total {total:.3f} s  system {system:.3f} s")
    medians = [statistics.median(r[k] for r in results) for k in range(4)]
    print(f"median: write {medians[0]:.3f} s  rename {medians[1]:.3f} s  "
          f"total {medians[2]:.3f} s  system {medians[3]:.3f} s  ({len(data) / 1e6:.0f} MB)")


if __name__ == "__main__":
    main()
