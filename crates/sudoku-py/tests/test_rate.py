"""rate, explain and hint against Sukaku Explainer's published ratings
(serate.txt), the command-line program and replaying the steps in Python."""

import math

import pytest

import sudoku_core as sc
from conftest import DATA, UNITS, cli_ratings, digits_of, is_valid_solution, read_puzzles, serate_reference


def test_rate_agrees_with_serate_reference():
    # Every 5th puzzle of serate.txt, one call at a time (rate_many does all).
    # sudoku-core's own tests hold its agreement with serate at 98.9% or
    # more of exact ERs per band; here the floor is 98% of ER/EP/ED triples.
    ref = serate_reference()[::5]
    same = sum((lambda r: (r.er, r.ep, r.ed))(sc.rate(p)) == (er, ep, ed) for p, er, ep, ed in ref)
    assert same >= 0.98 * len(ref), f"{same} of {len(ref)}"


@pytest.mark.parametrize("name", ["unbiased.txt", "magictour_top1465.txt"])
def test_rate_matches_cli(cli, name):
    oracle = cli_ratings(cli, DATA / name)
    for i, puzzle in enumerate(read_puzzles(name), start=1):
        row = oracle[i]
        r = sc.rate(puzzle)
        assert f"{r.er:.1f}" == row["score"]
        assert f"{r.ep:.1f}" == row["ep"]
        assert f"{r.ed:.1f}" == row["ed"]
        assert r.level == row["level"]
        assert r.hardest == row["hardest"]
        assert r.steps == int(row["steps"])


def test_rating_values_have_one_decimal():
    r = sc.rate("..3.7..4...6..23.1.89.........1.7.8.517.....6...4.....271..9..5.95..........2....")
    assert (r.er, r.ep, r.ed, r.level, r.hardest) == (2.6, 1.2, 1.2, "medium", "Pointing")
    assert isinstance(r.er, float) and isinstance(r.steps, int)
    assert repr(r).startswith("Rating(er=2.6")
    assert r == sc.rate("..3.7..4...6..23.1.89.........1.7.8.517.....6...4.....271..9..5.95..........2....")


@pytest.mark.parametrize(
    "puzzle, reason",
    [
        ("." * 81, "more than one solution"),
        ("11" + "." * 79, "the givens conflict"),
        ("12345678." + "........9" + "." * 63, "no solution"),
    ],
)
def test_rate_unrated_raises_with_reason(puzzle, reason):
    with pytest.raises(ValueError, match=reason):
        sc.rate(puzzle)


def apply_steps(puzzle, steps):
    """Replays steps in Python on a candidate grid; checks every placement
    and elimination against the (unique) solution."""
    solution = digits_of(sc.solve(puzzle))
    grid = digits_of(puzzle)
    cand = [set() if grid[i] else set(range(1, 10)) for i in range(81)]
    for i in range(81):
        if grid[i]:
            for unit in UNITS:
                if i in unit:
                    for j in unit:
                        cand[j].discard(grid[i])
    for step in steps:
        assert step.placements or step.eliminations, step
        for cell, digit in step.placements:
            assert solution[cell] == digit, (step, cell, digit)
            assert grid[cell] == 0
            grid[cell] = digit
            cand[cell] = set()
            for unit in UNITS:
                if cell in unit:
                    for j in unit:
                        cand[j].discard(digit)
        for cell, digit in step.eliminations:
            assert solution[cell] != digit, (step, cell, digit)
            cand[cell].discard(digit)
    return "".join(map(str, grid))


def test_explain_path_solves_the_puzzle():
    for puzzle in read_puzzles("unbiased.txt", 40) + read_puzzles("magictour_top1465.txt", 10):
        steps = sc.explain(puzzle)
        final = apply_steps(puzzle, steps)
        assert is_valid_solution(puzzle, final)
        assert max(s.difficulty for s in steps) == sc.rate(puzzle).er
        assert len(steps) == sc.rate(puzzle).steps
        for s in steps:
            assert s.sentence and s.technique
            assert all(0 <= c < 81 for c in s.cells)


def test_explain_sentence_matches_cli_words(cli):
    puzzle = read_puzzles("magictour_top1465.txt", 1)[0]
    lines = cli("explain", puzzle, "--words").stdout.splitlines()
    sentences = [l.strip() for l in lines if l.startswith("  ")]
    assert [s.sentence for s in sc.explain(puzzle)] == sentences


def test_explain_errors_and_complete_grid():
    solved = sc.solve("." * 81)
    assert sc.explain(solved) == []
    with pytest.raises(ValueError, match="conflict"):
        sc.explain("11" + "." * 79)


def test_hint_step_and_wrong_digit():
    puzzle = read_puzzles("unbiased.txt", 1)[0]
    solution = sc.solve(puzzle)
    h = sc.hint(puzzle)
    assert h.kind == "step" and h.technique
    assert len(h.stages) == 3 and all(h.stages)
    first = sc.explain(puzzle)[0]
    assert (h.technique, h.placements, h.eliminations) == (first.technique, first.placements, first.eliminations)
    assert h.stages[2] == first.sentence
    roles = dict(h.cells)
    for cell, _ in h.placements:
        assert roles[cell] == "gets"
    # A wrong digit on the board: the hint says so, given the solution.
    blank = puzzle.index(".")
    wrong = str(int(solution[blank]) % 9 + 1)
    board = puzzle[:blank] + wrong + puzzle[blank + 1 :]
    h = sc.hint(board, solution=solution)
    assert h.kind == "wrong-digit" and (blank, "wrong") in h.cells
    with pytest.raises(ValueError, match="no solution"):
        sc.hint(board)
    # The solved board: no hint.
    assert sc.hint(solution, solution=solution) is None


def test_hint_with_marks():
    puzzle = read_puzzles("unbiased.txt", 1)[0]
    solution = digits_of(sc.solve(puzzle))
    # A wrong pencil mark set: marks that exclude the solution digit.
    marks = [0] * 81
    blank = puzzle.index(".")
    marks[blank] = [d for d in range(1, 10) if d != solution[blank]]
    h = sc.hint(puzzle, marks=marks)
    assert h.kind == "wrong-marks" and blank in h.clear
    # Full correct marks as bit masks give a step.
    marks = [0 if puzzle[i] != "." else (1 << solution[i]) | 0b10 | 0b100 for i in range(81)]
    h = sc.hint(puzzle, marks=marks)
    assert h.kind == "step"
    with pytest.raises(ValueError, match="81"):
        sc.hint(puzzle, marks=[0] * 80)
    with pytest.raises(ValueError, match="digits 1-9"):
        sc.hint(puzzle, marks=[[0]] * 81)


def test_a_complete_grid_names_no_technique(cli, tmp_path):
    # A complete grid takes no step: its hardest is "none (already complete)",
    # as `sudoku rate` says it, not a technique it never used.
    grid = sc.solve(".2.7...8..5..91..77.93.4......5...98..4.1....29.....4...8.6.3.....18...49......7.")
    r = sc.rate(grid)
    (tmp_path / "grid.txt").write_text(grid + "\n")
    text = cli("rate", tmp_path / "grid.txt").stdout.strip()
    assert (r.er, r.steps, r.hardest) == (0.0, 0, "none (already complete)")
    assert text.endswith(r.hardest), text
