#!/usr/bin/env bash
# Builds and tests the Python package from scratch: a fresh virtual
# environment under target/, the pinned test tools from PyPI, the package
# installed from this clone with one pip command, then pytest. Exits non-zero
# on any failure. Run from anywhere: bash crates/sudoku-py/tests/run.sh
# (extra arguments go to pytest, e.g. -k batch).
set -euo pipefail

ROOT=$(cd "$(dirname "${BASH_SOURCE[0]}")/../../.." && pwd)
cd "$ROOT"
START=$SECONDS
PY=${PYTHON:-python3}
VENV="$ROOT/target/sudoku-py-venv"

echo "== fresh virtual environment: $VENV"
rm -rf "$VENV"
"$PY" -m venv "$VENV"
"$VENV/bin/python" -m pip install --quiet --upgrade pip
"$VENV/bin/python" -m pip install --quiet -r crates/sudoku-py/requirements-test.txt

# The tests use the command-line program as an oracle.
echo "== cargo build --release -p sudoku-core-cli (the tests' oracle)"
cargo build --release --quiet -p sudoku-core-cli
export SUDOKU_CLI="$ROOT/target/release/sudoku"

# The extension's compiled crates are kept between runs (the venv is not);
# a first run compiles PyO3, rust-numpy and sudoku-core once.
export CARGO_TARGET_DIR="$ROOT/target/sudoku-py"
echo "== pip install ./crates/sudoku-py"
"$VENV/bin/python" -m pip install ./crates/sudoku-py

echo "== pytest"
cd "$ROOT/crates/sudoku-py"
status=0
"$VENV/bin/python" -m pytest tests "$@" || status=$?
echo "== run.sh: $((SECONDS - START)) s, pytest exit status $status"
exit $status
