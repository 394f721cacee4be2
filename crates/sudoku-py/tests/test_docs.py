"""The examples in the docstrings (the native functions' and the typed
stub's) run and give what they show."""

import doctest
from pathlib import Path

import pytest

import sudoku_core
import sudoku_core._native as native

NAMES = sorted(n for n in dir(native) if not n.startswith("_") and getattr(native, n).__doc__)


@pytest.mark.parametrize("name", NAMES)
def test_docstring_examples(name):
    obj = getattr(native, name)
    test = doctest.DocTestParser().get_doctest(obj.__doc__, dict(vars(native)), name, None, 0)
    runner = doctest.DocTestRunner(optionflags=doctest.ELLIPSIS)
    runner.run(test)
    assert runner.failures == 0


def test_package_docstring_and_stub():
    test = doctest.DocTestParser().get_doctest(sudoku_core.__doc__, {}, "sudoku_core", None, 0)
    runner = doctest.DocTestRunner()
    runner.run(test)
    assert runner.failures == 0 and runner.tries > 0
    package = Path(sudoku_core.__file__).parent
    assert (package / "py.typed").exists()
    stub = (package / "_native.pyi").read_text()
    for name in set(sudoku_core.__all__) - set(sudoku_core.tables.__all__):
        assert name in stub, name
    assert set(sudoku_core.__all__) >= {n for n in dir(native) if not n.startswith("_")} - {"sudoku_core"}


def test_tables_docstring_examples():
    import sudoku_core.tables as tables

    finder = doctest.DocTestFinder()
    runner = doctest.DocTestRunner()
    for test in finder.find(tables):
        runner.run(test)
    assert runner.failures == 0 and runner.tries > 0
