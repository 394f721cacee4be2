"""generate and daily: uniqueness, levels, blanks, symmetry and minimality
checked in Python; daily puzzles against the command-line program."""

import pytest

import sudoku_core as sc
from conftest import digits_of, interrupt_child, is_valid_solution


def test_generate_by_level_is_reproducible():
    for level in ("easy", "medium", "hard"):
        p = sc.generate(level=level, seed=11)
        assert p.rating.level == level
        assert is_valid_solution(p.puzzle, p.solution)
        assert sc.count(p.puzzle) == 1
        assert sc.rate(p.puzzle) == p.rating
        q = sc.generate(level=level, seed=11)
        assert (q.puzzle, q.solution) == (p.puzzle, p.solution)
    assert sc.generate(seed=1).puzzle != sc.generate(seed=2).puzzle


def test_generate_rating_band_blanks_symmetry():
    p = sc.generate(rating=(2.0, 3.0), seed=5)
    assert 2.0 <= sc.rate(p.puzzle).er <= 3.0
    p = sc.generate(blanks=50, seed=5)
    assert p.puzzle.count(".") == 50 and p.rating is None and sc.count(p.puzzle) == 1
    p = sc.generate(blanks=(40, 45), seed=5)
    assert 40 <= p.puzzle.count(".") <= 45
    # Open ends, as the CLI's --rating 4.. and --blanks ..30.
    p = sc.generate(rating=(4.0, None), seed=5)
    assert sc.rate(p.puzzle).er >= 4.0
    p = sc.generate(rating=(None, 2.0), seed=5)
    assert sc.rate(p.puzzle).er <= 2.0
    assert sc.generate(blanks=(None, 30), seed=5).puzzle.count(".") <= 30
    assert sc.generate(blanks=(55, None), seed=5).puzzle.count(".") >= 55
    p = sc.generate(symmetry="rot180", seed=5)
    d = digits_of(p.puzzle)
    assert p.symmetry == "rot180"
    assert all((d[i] == 0) == (d[80 - i] == 0) for i in range(81))
    assert sc.generate(symmetry="random", seed=5).symmetry in ("rot180", "rot90", "mirror", "diagonal")


def test_generate_minimal():
    p = sc.generate(minimal=True, seed=3)
    assert sc.count(p.puzzle) == 1
    for i, ch in enumerate(p.puzzle):
        if ch != ".":
            # Removing any clue leaves several solutions.
            assert sc.count(p.puzzle[:i] + "." + p.puzzle[i + 1 :]) == 2


@pytest.mark.parametrize(
    "kwargs, message",
    [
        ({"level": "impossible"}, "unknown level"),
        ({"symmetry": "spiral"}, "unknown symmetry"),
        ({"rating": (5.0, 2.0)}, "lo <= hi"),
        ({"rating": (20.0, None)}, "the highest SE rating"),
        ({"blanks": (50, 40)}, "lo <= hi"),
        ({"blanks": 70}, "impossible"),
    ],
)
def test_generate_bad_options(kwargs, message):
    with pytest.raises(ValueError, match=message):
        sc.generate(**kwargs)


def test_generate_bad_types():
    with pytest.raises(TypeError):
        sc.generate(blanks="many")
    with pytest.raises(ValueError, match="at least 0"):
        sc.generate(seed=-1)


@pytest.mark.parametrize("date", ["2026-01-05", "2026-06-13", "2024-02-29"])
def test_daily_matches_cli(cli, date):
    lines = cli("daily", date).stdout.splitlines()
    p = sc.daily(date)
    assert p.puzzle == lines[0]
    header = lines[1]
    assert f"· {p.rating.level} ·" in header and f"SE {p.rating.er:.1f}" in header
    assert header.endswith(p.rating.hardest)
    assert is_valid_solution(p.puzzle, p.solution) and sc.count(p.puzzle) == 1


@pytest.mark.parametrize("date", ["2026-02-30", "yesterday", "2026-1-5", ""])
def test_daily_bad_date(date):
    with pytest.raises(ValueError, match="YYYY-MM-DD"):
        sc.daily(date)


def test_daily_of_a_datetime_date(cli):
    import datetime

    day = datetime.date(2026, 6, 13)
    puzzle = cli("daily", "2026-06-13").stdout.splitlines()[0]
    assert sc.daily(day).puzzle == puzzle
    assert sc.daily(datetime.datetime(2026, 6, 13, 23, 59)).puzzle == puzzle
    with pytest.raises(TypeError, match="datetime.date"):
        sc.daily(20260613)


# Rated 7.2 and 7.3 by serate.
NEAR_SEEDS = [
    "....6..7.45.7.......94.1.6...82.7....1..3..9.5....98...7.3..2.............2.85.31",
    "...6..8..45....7.......1..6.1.3..5..5.......88...7.43..4..9..5......69.2..82.....",
]


def test_near_finds_what_the_cli_finds(cli, tmp_path):
    """near() and `sudoku puzzles N --near FILE` are one search: the same
    puzzles for the same seed; each unique, rated in the band, within two
    clue changes of a seed."""
    found = sc.near(NEAR_SEEDS, 4, rating=(7.6, 9.0), seed=8, threads=1)
    assert len(found) == 4
    assert len({p.puzzle for p in found}) == 4
    for p in found:
        assert sc.count(p.puzzle) == 1 and is_valid_solution(p.puzzle, p.solution)
        assert 7.6 <= sc.rate(p.puzzle).er <= 9.0
        assert min(sum(a != b for a, b in zip(p.puzzle, s)) for s in NEAR_SEEDS) <= 4
    path = tmp_path / "seeds.txt"
    path.write_text("\n".join(NEAR_SEEDS) + "\n")
    out = cli("puzzles", "4", "--near", path, "--rating", "7.6..9", "--seed", "8", "--format", "line", "-o", "-")
    assert out.stdout.split() == [p.puzzle for p in found]
    assert [p.puzzle for p in sc.near(NEAR_SEEDS, 4, rating=(7.6, 9.0), seed=8, threads=2)] == out.stdout.split()


def test_near_refuses_a_single_puzzle_string():
    with pytest.raises(TypeError, match="put a single puzzle in a list"):
        sc.near(NEAR_SEEDS[0], 1)


def test_near_bad_input():
    with pytest.raises(ValueError, match="no puzzles"):
        sc.near([], 3, rating=(7.6, 9.0))
    with pytest.raises(ValueError, match="no solution"):
        sc.near(["11" + "." * 79], 3)
    with pytest.raises(ValueError, match="81 characters"):
        sc.near(["12"], 3)
    with pytest.raises(ValueError, match="time_limit"):
        sc.near(NEAR_SEEDS, 3, time_limit=-1)
    # Neighbours keep their seed's blanks: a range no seed is in is refused at once.
    with pytest.raises(ValueError, match="impossible request: a puzzle found near another has as many blanks"):
        sc.near(NEAR_SEEDS, 3, blanks=(20, 30))
    with pytest.raises(ValueError, match="impossible request: no puzzle to search near has a blank"):
        sc.near(["." * 81], 3)
    # A band the neighbourhood cannot reach ends at the time limit with nothing.
    assert sc.near(NEAR_SEEDS, 3, rating=(11.5, 12.0), time_limit=0.5) == []


def test_ctrl_c_stops_a_near_search():
    out, status, waited = interrupt_child(
        f"""
        sc.near({NEAR_SEEDS!r}, 1000, rating=(11.5, 12.0))
        """,
        timeout=60,
    )
    assert out == "interrupted"
    assert status == 0
    assert waited < 5, waited
