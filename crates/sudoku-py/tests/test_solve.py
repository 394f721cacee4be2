"""solve, solutions, count, is_unique, canon: real answers checked by a
pure-Python validator and by the command-line program."""

import numpy as np
import pytest

import sudoku_core as sc
from conftest import DATA, cli_solutions, digits_of, is_valid_solution, read_puzzles

UNIQUE_FILES = [
    "unbiased.txt",
    "17_clue.txt",
    "magictour_top1465.txt",
    "forum_hardest_1106.txt",
    "forum_hardest_1905_11.txt",
]
EIGHT = "53..7....6..1.5....9.....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79"


@pytest.mark.parametrize("name", UNIQUE_FILES)
def test_solve_matches_validator_and_cli(cli, name):
    puzzles = read_puzzles(name)
    oracle = cli_solutions(cli, DATA / name)
    assert len(oracle) == len(puzzles) == 300
    for puzzle, expected in zip(puzzles, oracle):
        got = sc.solve(puzzle)
        assert is_valid_solution(puzzle, got), puzzle
        assert got == expected, puzzle
        assert sc.is_unique(puzzle)
        assert sc.count(puzzle) == 1


def test_input_forms_agree():
    puzzle = read_puzzles("unbiased.txt", 1)[0]
    solution = sc.solve(puzzle)
    as_zeros = puzzle.replace(".", "0")
    as_list = digits_of(puzzle)
    as_tuple = tuple(as_list)
    as_array = np.array(as_list, dtype=np.uint8)
    for form in (as_zeros, as_list, as_tuple, as_array, "  " + puzzle + "\n"):
        assert sc.solve(form) == solution
        assert sc.count(form) == 1
        assert sc.canon(form) == sc.canon(puzzle)
    # A non-contiguous uint8 view works too.
    wide = np.zeros(162, dtype=np.uint8)
    wide[::2] = as_array
    assert sc.solve(wide[::2]) == solution


def test_solutions_are_distinct_and_valid():
    sols = sc.solutions(EIGHT, 100)
    assert len(sols) == 8 and len(set(sols)) == 8
    assert all(is_valid_solution(EIGHT, s) for s in sols)
    assert sc.solutions(EIGHT, 3) == sols[:3]
    assert sc.solutions(EIGHT, 0) == []
    assert sc.count(EIGHT, limit=100) == 8
    assert sc.count(EIGHT) == 2
    assert not sc.is_unique(EIGHT)
    empty = sc.solutions("." * 81, 5)
    assert len(set(empty)) == 5 and all(is_valid_solution("." * 81, s) for s in empty)


def test_unsolvable():
    conflict = "11" + "." * 79
    assert sc.solve(conflict) is None
    assert sc.count(conflict) == 0
    assert sc.solutions(conflict, 5) == []
    assert not sc.is_unique(conflict)
    # No conflict among the givens, yet no solution: r1c9 can hold no digit.
    dead = "12345678." + "........9" + "." * 63
    assert sc.solve(dead) is None and sc.count(dead) == 0


def test_several_solutions_in_serg_benchmark(cli):
    # The serg benchmark's puzzles have several solutions each: the CLI solves
    # them with one solution each, and the validator accepts ours.
    puzzles = read_puzzles("serg_benchmark.txt", 50)
    for puzzle in puzzles:
        assert sc.count(puzzle) == 2
        assert is_valid_solution(puzzle, sc.solve(puzzle))


def test_canon_is_invariant_under_equivalences():
    for puzzle in read_puzzles("magictour_top1465.txt", 30):
        form = sc.canon(puzzle)
        d = digits_of(puzzle)
        # Transposed, rows reversed (a valid band and row permutation),
        # digits relabelled by d -> 10 - d.
        transposed = [d[c * 9 + r] for r in range(9) for c in range(9)]
        reversed_rows = [d[(8 - r) * 9 + c] for r in range(9) for c in range(9)]
        relabelled = [10 - x if x else 0 for x in d]
        for other in (transposed, reversed_rows, relabelled):
            assert sc.canon(other) == form
        assert sc.canon(form) == form
        assert sum(ch != "." and ch != "0" for ch in form) == sum(x != 0 for x in d)
        assert sc.count(form) == 1


def test_canon_matches_cli(cli, tmp_path):
    puzzles = read_puzzles("unbiased.txt", 40)
    path = tmp_path / "p.txt"
    path.write_text("\n".join(puzzles) + "\n")
    lines = [l for l in cli("canon", path).stdout.splitlines() if l and not l.startswith("#")]
    assert [sc.canon(p) for p in puzzles] == [l.split()[0] for l in lines]
