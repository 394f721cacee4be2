#!/usr/bin/env python3
"""Race whole programs against each other on a shared, noisy machine.

    taskset -c 1 benches/race.py RUNS 'COMMAND A' 'COMMAND B' [...]

Runs every command once to warm up, then RUNS rounds in which each command
runs once, alternating the order from round to round, so that a slow spell of
the machine hits all of them alike. Prints each command's median wall time
and, for every command after the first, the median of the per-round ratios
A / command (above 1: the command is faster than A). Output goes to
/dev/null; commands are split like a shell would (no pipes or globs).
"""
import shlex
import statistics
import subprocess
import sys
import time


def run(command):
    start = time.perf_counter()
    subprocess.run(shlex.split(command), stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, check=True)
    return time.perf_counter() - start


def main():
    if len(sys.argv) < 4:
        sys.exit(__doc__)
    rounds, commands = int(sys.argv[1]), sys.argv[2:]
    for command in commands:
        run(command)
    times = [[] for _ in commands]
    for r in range(rounds):
        order = range(len(commands)) if r % 2 == 0 else reversed(range(len(commands)))
        for k in order:
            times[k].append(run(commands[k]))
    for command, t in zip(commands, times):
        print(f"median {statistics.median(t) * 1000:9.1f} ms  {command}")
    for k in range(1, len(commands)):
        ratios = [a / b for a, b in zip(times[0], times[k])]
        print(f"command 1 / command {k + 1}: median ratio {statistics.median(ratios):.3f}")


if __name__ == "__main__":
    main()
