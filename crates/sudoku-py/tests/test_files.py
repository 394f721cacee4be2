"""read_puzzles, write_puzzles, read_csv, read_parquet: the same files the
command line reads and writes, byte for byte, errors that name the file and
line, and writes that never leave a half-written file."""

import csv
import os
import stat
import time

import numpy as np
import pytest

import sudoku_core as sc
from conftest import DATA, ROOT, cli_solutions, interrupt_child, is_valid_solution, read_puzzles

FILES = sorted(p.name for p in DATA.glob("*.txt"))


@pytest.mark.parametrize("name", FILES)
def test_read_puzzles_equals_an_independent_reader(name):
    got = sc.read_puzzles(DATA / name)
    assert got == [p.replace("0", ".") for p in read_puzzles(name)]
    array = sc.read_puzzles(str(DATA / name), as_array=True)
    assert array.dtype == np.uint8 and array.shape == (len(got), 81)
    assert ["".join(map(str, r)).replace("0", ".") for r in array] == got


def test_grid_files_round_trip_with_the_cli(cli, tmp_path):
    source = DATA / "unbiased.txt"
    cli_out = tmp_path / "cli.txt"
    cli("-s", source, "-o", cli_out)
    solutions = sc.solve_many(sc.read_puzzles(source))[0]
    ours = tmp_path / "ours.txt"
    assert sc.write_puzzles(ours, solutions) == len(solutions) == 300
    # Byte for byte what `sudoku -s` writes: the assignment's format.
    assert ours.read_bytes() == cli_out.read_bytes()
    assert sc.read_puzzles(cli_out) == cli_solutions(cli, source)
    # `sudoku check` accepts it as the solutions of the puzzles.
    cli("check", ours, "--puzzles", source)


def test_line_format_and_puzzles_with_blanks(cli, tmp_path):
    puzzles = sc.read_puzzles(DATA / "17_clue.txt")
    path = tmp_path / "p.txt"
    sc.write_puzzles(path, puzzles, format="line")
    assert path.read_text() == "".join(p + "\n" for p in puzzles)
    grid = tmp_path / "g.txt"
    sc.write_puzzles(grid, puzzles)  # grid format, 0 for blanks
    assert grid.read_text().splitlines()[0].count("0") > 0
    assert sc.read_puzzles(grid) == puzzles
    # The CLI reads both and solves them alike.
    assert cli_solutions(cli, path) == cli_solutions(cli, grid)


def test_read_errors_name_file_line_and_column(tmp_path):
    path = tmp_path / "bad.txt"
    path.write_text("# header\n" + "." * 81 + "\n" + "." * 40 + "x" + "." * 40 + "\n")
    with pytest.raises(ValueError, match=r"bad\.txt: line 3, column 41: unexpected character 'x'"):
        sc.read_puzzles(path)
    with pytest.raises(FileNotFoundError) as e:
        sc.read_puzzles(tmp_path / "missing.txt")
    assert e.value.filename == str(tmp_path / "missing.txt")
    with pytest.raises(IsADirectoryError):
        sc.read_puzzles(tmp_path)
    empty = tmp_path / "empty.txt"
    empty.write_text("")
    with pytest.raises(ValueError, match="no puzzle found"):
        sc.read_puzzles(empty)
    with pytest.raises(TypeError):
        sc.read_puzzles(42)


def test_write_is_atomic_and_keeps_the_old_file_on_error(tmp_path):
    path = tmp_path / "out.txt"
    path.write_text("precious\n")
    os.chmod(path, 0o640)
    with pytest.raises(ValueError, match="puzzle 2"):
        sc.write_puzzles(path, ["." * 81, "." * 81, "short"])
    with pytest.raises(ValueError, match="unknown format"):
        sc.write_puzzles(path, ["." * 81], format="csv")
    assert path.read_text() == "precious\n"
    sc.write_puzzles(path, ["." * 81], format="line")
    assert path.read_text() == "." * 81 + "\n"
    assert stat.S_IMODE(path.stat().st_mode) == 0o640  # permissions kept
    assert sorted(os.listdir(tmp_path)) == ["out.txt"]  # no temporary file left
    with pytest.raises(FileNotFoundError):
        sc.write_puzzles(tmp_path / "no" / "such" / "dir.txt", ["." * 81])
    with pytest.raises(IsADirectoryError):
        sc.write_puzzles(tmp_path, ["." * 81])


def test_write_through_a_symlink_and_to_a_special_file(tmp_path):
    real = tmp_path / "real.txt"
    real.write_text("old\n")
    link = tmp_path / "link.txt"
    link.symlink_to(real)
    sc.write_puzzles(link, ["." * 81], format="line")
    assert link.is_symlink() and real.read_text() == "." * 81 + "\n"
    assert sc.write_puzzles(os.devnull, ["." * 81] * 3) == 3


def test_a_full_disk_leaves_the_old_file(tmp_path):
    # A child whose files may not grow past 1,000 bytes (ulimit -f): the
    # write fails with OSError (EFBIG), the old file stays, no temporary file.
    import subprocess
    import sys

    path = tmp_path / "out.txt"
    path.write_text("precious\n")
    code = f"""
import resource, sudoku_core as sc
resource.setrlimit(resource.RLIMIT_FSIZE, (1000, 1000))
try:
    sc.write_puzzles({str(path)!r}, [sc.solve("." * 81)] * 100)
except OSError as e:
    print("OSError", e.errno)
"""
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=60)
    assert done.stdout.split()[0] == "OSError", done.stderr
    assert path.read_text() == "precious\n"
    assert sorted(os.listdir(tmp_path)) == ["out.txt"]


@pytest.mark.parametrize("name", ["unbiased.txt", "17_clue.txt", "forum_hardest_1106.txt"])
def test_solve_file_writes_what_the_cli_writes(cli, tmp_path, name):
    source = DATA / name
    cli_out = tmp_path / "cli.txt"
    cli("-s", source, "-o", cli_out)
    for threads in (1, 2, 0):
        ours = tmp_path / f"ours{threads}.txt"
        count, unsolvable = sc.solve_file(source, ours, threads=threads)
        assert ours.read_bytes() == cli_out.read_bytes()
        assert count == len(read_puzzles(name)) and unsolvable == []
    # Checked independently too: every grid solves its puzzle.
    for puzzle, solution in zip(read_puzzles(name), sc.read_puzzles(cli_out)):
        assert is_valid_solution(puzzle, solution)


def test_solve_file_reports_unsolvable_puzzles_as_the_cli_does(cli, tmp_path):
    good = read_puzzles("unbiased.txt", 3)
    conflict = "55" + "." * 79
    # No conflict among the givens, yet no solution: r1c9 can hold nothing.
    empty_cell = "12345678." + "." * 17 + "9" + "." * 54
    source = tmp_path / "in.txt"
    source.write_text("# a header\n" + "\n".join([good[0], conflict, good[1], empty_cell, good[2]]) + "\n")
    cli_out = tmp_path / "cli.txt"
    done = cli("-s", source, "-o", cli_out, check=False)
    assert done.returncode == 1
    count, unsolvable = sc.solve_file(source, tmp_path / "ours.txt")
    assert (tmp_path / "ours.txt").read_bytes() == cli_out.read_bytes()
    assert count == 5
    assert [(i, line) for i, line, _ in unsolvable] == [(1, 3), (3, 5)]
    # The same reasons as the CLI's messages, which name line and puzzle number.
    for i, line, reason in unsolvable:
        assert f"in.txt:{line}: puzzle {i + 1} has no solution ({reason})" in done.stderr
    # Written as given, so positions stay aligned.
    written = sc.read_puzzles(tmp_path / "ours.txt")
    assert written[1] == conflict and written[3] == empty_cell


def test_solve_file_errors_keep_the_old_file(tmp_path):
    dst = tmp_path / "out.txt"
    dst.write_text("precious\n")
    bad = tmp_path / "bad.txt"
    bad.write_text("." * 81 + "\n" * 3 + "." * 80 + "\n")
    with pytest.raises(ValueError, match=r"bad\.txt: line 4, column .*: line has 80 cells"):
        sc.solve_file(bad, dst)
    with pytest.raises(FileNotFoundError) as e:
        sc.solve_file(tmp_path / "missing.txt", dst)
    assert e.value.filename.endswith("missing.txt")
    with pytest.raises(FileNotFoundError) as e:
        sc.solve_file(DATA / "unbiased.txt", tmp_path / "no" / "dir.txt")
    assert e.value.filename.endswith("dir.txt")
    with pytest.raises(IsADirectoryError):
        sc.solve_file(tmp_path, dst)
    assert dst.read_text() == "precious\n"
    assert sorted(os.listdir(tmp_path)) == ["bad.txt", "out.txt"]  # no temporary file left
    # An input without a puzzle is refused as the CLI refuses it.
    empty = tmp_path / "empty.txt"
    empty.write_text("# nothing\n")
    with pytest.raises(ValueError, match="empty.txt: line 1, column 1: no puzzle found"):
        sc.solve_file(empty, dst)
    assert dst.read_text() == "precious\n"
    # A special file is written in place.
    assert sc.solve_file(DATA / "unbiased.txt", os.devnull)[0] == 300


def test_ctrl_c_stops_solve_file_and_keeps_the_old_file(tmp_path):
    # Enough hard puzzles for tens of seconds on one thread.
    source = tmp_path / "hard.txt"
    source.write_text("".join(p + "\n" for p in read_puzzles("forum_hardest_1106.txt")) * 1000)
    dst = tmp_path / "out.txt"
    dst.write_text("precious\n")
    out, _, waited = interrupt_child(f"sc.solve_file({str(source)!r}, {str(dst)!r}, threads=1)")
    assert out == "interrupted"
    assert waited < 10
    assert dst.read_text() == "precious\n"
    assert sorted(os.listdir(tmp_path)) == ["hard.txt", "out.txt"]


def write_csv(path, rows, **kw):
    with open(path, "w", newline="", encoding=kw.pop("encoding", "utf-8")) as f:
        csv.writer(f, **kw).writerows(rows)


def test_read_csv_finds_the_puzzle_column(tmp_path):
    puzzles = read_puzzles("unbiased.txt", limit=50)
    path = tmp_path / "set.csv"
    write_csv(path, [["id", "question", "answer", "rating"]]
              + [[i, p, sc.solve(p), 1.5] for i, p in enumerate(puzzles)])
    assert sc.read_csv(path) == puzzles
    assert sc.read_csv(path, column="answer") == [sc.solve(p) for p in puzzles]
    assert sc.read_csv(path, column=2)[0] == sc.solve(puzzles[0])
    # No header, another delimiter, a UTF-8 BOM (as spreadsheets write).
    bare = tmp_path / "bare.csv"
    write_csv(bare, [[p, "x"] for p in puzzles], delimiter=";", encoding="utf-8-sig")
    assert sc.read_csv(bare, delimiter=";") == puzzles
    # What the batch functions make of it equals the CLI's reading of the text file.
    assert sc.rate_many(sc.read_csv(path))[0].tolist() == sc.rate_many(puzzles)[0].tolist()


def test_read_csv_errors_name_the_line(tmp_path):
    path = tmp_path / "bad.csv"
    write_csv(path, [["q"], ["." * 81], ["." * 81], ["." * 80 + "x"]])
    with pytest.raises(ValueError, match=r"bad\.csv: line 4, column 1: character 'x' at position 80"):
        sc.read_csv(path)
    with pytest.raises(ValueError, match="no column 'nope'"):
        sc.read_csv(path, column="nope")
    write_csv(path, [["a", "b"], ["1", "2"]])
    with pytest.raises(ValueError, match="no column holds"):
        sc.read_csv(path)
    write_csv(path, [])
    assert sc.read_csv(path) == []


def test_read_parquet(tmp_path):
    pa = pytest.importorskip("pyarrow")
    import pyarrow.parquet as pq

    puzzles = read_puzzles("17_clue.txt", limit=30)
    path = tmp_path / "set.parquet"
    pq.write_table(pa.table({"n": list(range(30)), "puzzle": puzzles}), path)
    assert sc.read_parquet(path) == puzzles
    assert sc.read_parquet(path, column="puzzle") == puzzles
    pq.write_table(pa.table({"puzzle": puzzles[:2] + ["bad"]}), path)
    with pytest.raises(ValueError, match="row 2, column 'puzzle': expected an 81-character puzzle, got 3"):
        sc.read_parquet(path)


@pytest.mark.skipif(not hasattr(os, "geteuid") or os.geteuid() != 0, reason="needs root to give files away")
@pytest.mark.parametrize("writer", ["write_puzzles", "solve_file"])
def test_a_replaced_file_keeps_its_owner_and_group(tmp_path, writer):
    # As the CLI: root replacing a user's 640 file leaves it theirs.
    path = tmp_path / "theirs.txt"
    path.write_text("old\n")
    os.chown(path, 4321, 4322)
    os.chmod(path, 0o640)
    if writer == "write_puzzles":
        sc.write_puzzles(path, ["." * 81])
    else:
        sc.solve_file(DATA / "unbiased.txt", path)
    st = path.stat()
    assert (st.st_uid, st.st_gid, stat.S_IMODE(st.st_mode)) == (4321, 4322, 0o640)
    assert path.read_text() != "old\n"
