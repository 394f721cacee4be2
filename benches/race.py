#!/usr/bin/env python3
"""Race whole programs against each other on a shared, noisy machine.

    taskset -c 1 benches/race.py [--cpu] RUNS 'COMMAND A' 'COMMAND B' [...]

Runs every command once to warm up, then RUNS rounds in which each command
runs once, alternating the order from round to round, so that a slow spell of
the machine hits all of them alike. Prints each command's median wall time
and, for every command after the first, the median of the per-round ratios
A / command (above 1: the command is faster than A). Output goes to
/dev/null; commands are split like a shell would (no pipes or globs).

With --cpu, the time of a run is the CPU time the command used (user and
system, from the kernel's accounting of the finished child) rather than the
wall time: on a virtual machine whose host runs other guests, the wall time
of a single-threaded command also counts the spells it waited for the CPU.
"""
import resource
import shlex
import statistics
import subprocess
import sys
import time


def run(command, cpu=False):
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    start = time.perf_counter()
    subprocess.run(shlex.split(command), stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, check=True)
    wall = time.perf_counter() - start
    if not cpu:
        return wall
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    return (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)


def main():
    args = sys.argv[1:]
    cpu = bool(args) and args[0] == "--cpu"
    if cpu:
        args = args[1:]
    if len(args) < 3:
        sys.exit(__doc__)
    rounds, commands = int(args[0]), args[1:]
    for command in commands:
        run(command)
    times = [[] for _ in commands]
    for r in range(rounds):
        order = range(len(commands)) if r % 2 == 0 else reversed(range(len(commands)))
        for k in order:
            times[k].append(run(commands[k], cpu))
    kind = "CPU" if cpu else "wall"
    for command, t in zip(commands, times):
        print(f"median {statistics.median(t) * 1000:9.1f} ms {kind}  {command}")
    for k in range(1, len(commands)):
        ratios = [a / b for a, b in zip(times[0], times[k])]
        print(f"command 1 / command {k + 1}: median ratio {statistics.median(ratios):.3f}")


if __name__ == "__main__":
    main()
