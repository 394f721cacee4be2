#!/usr/bin/env python3
"""How much faster two cores are than one on this machine, with no sharing.

    benches/parallel_ceiling.py SUDOKU FILE [ROUNDS]

Each round runs `SUDOKU bench FILE --seconds 2` alone on core 1, then two
copies of it at once, one on core 0 and one on core 1 (alternating which
comes first from round to round). The two copies share nothing: no memory,
no file, no lock. So the sum of their puzzles per second over the lone
run's is the most any two-thread program can gain over one thread on this
machine, whatever its code: if the two virtual cores are two hardware
threads of one physical core, or the host runs other guests beside them,
it lies well below 2.

Prints each round's figures and the median of the per-round ratios. The
README's `-s` race (two threads against the solver alone on one) cannot
exceed this ceiling, and comes in below it by the reading, formatting and
writing that one of them does on top of the solving.
"""
import statistics
import subprocess
import sys


def rate(command, core):
    """Starts `bench` pinned to `core`; returns the process."""
    return subprocess.Popen(
        ["taskset", "-c", str(core)] + command, stdout=subprocess.PIPE, text=True
    )


def puzzles_per_second(process):
    """The first-solution rate `bench` printed (its second line, third column)."""
    out, _ = process.communicate()
    if process.returncode != 0:
        sys.exit(f"bench failed with status {process.returncode}")
    return float(out.split("\n")[1].split()[2])


def main():
    if len(sys.argv) < 3:
        sys.exit(__doc__)
    sudoku, path = sys.argv[1], sys.argv[2]
    rounds = int(sys.argv[3]) if len(sys.argv) > 3 else 5
    command = [sudoku, "bench", path, "--seconds", "2"]
    ratios = []
    for r in range(rounds):
        def alone():
            return puzzles_per_second(rate(command, 1))

        def pair():
            both = [rate(command, 0), rate(command, 1)]
            return [puzzles_per_second(p) for p in both]

        if r % 2 == 0:
            one, two = alone(), pair()
        else:
            two, one = pair(), alone()
        ratio = sum(two) / one
        ratios.append(ratio)
        print(
            f"round {r + 1}: alone {one:9.0f}/s, together {two[0]:9.0f}/s + {two[1]:9.0f}/s,"
            f" ceiling {ratio:.2f}x",
            flush=True,
        )
    print(f"median ceiling over {rounds} rounds: {statistics.median(ratios):.2f}x")


if __name__ == "__main__":
    main()
