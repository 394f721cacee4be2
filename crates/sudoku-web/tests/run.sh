#!/usr/bin/env bash
# The web build's tests, from scratch:
#   crates/sudoku-web/tests/run.sh
#
# 1. builds the site into target/site (crates/sudoku-web/build.sh),
# 2. builds the native CLI (cargo build --release -p sudoku-core-cli), which the
#    tests take every expected answer from,
# 3. runs node --test on crates/sudoku-web/tests/: api.test.mjs (the wasm
#    engine against the CLI) and e2e.test.mjs (the page in headless Chromium
#    through chromedriver; screenshots in target/web-screens/).
#
# Nothing is downloaded: Node's own test runner and fetch, Debian's chromium
# and chromedriver (CHROMIUM_BIN / CHROMEDRIVER_BIN to use others). A missing
# browser is a failure, never a skip. Extra arguments go to node --test, e.g.
#   run.sh --test-name-pattern=hint
# SKIP_BUILD=1 runs the tests on what is already built.
set -euo pipefail
here="$(cd "$(dirname "$0")" && pwd)"
root="$(cd "$here/../../.." && pwd)"
cd "$root"

fail() {
  echo "run.sh: $*" >&2
  exit 1
}
command -v node >/dev/null || fail "node is missing (Node 20 or newer)"
node_major=$(node -p 'process.versions.node.split(".")[0]')
[ "$node_major" -ge 20 ] || fail "node $(node --version) is too old: Node 20 or newer"
chromium="${CHROMIUM_BIN:-/usr/bin/chromium}"
chromedriver="${CHROMEDRIVER_BIN:-/usr/bin/chromedriver}"
[ -x "$chromium" ] || fail "chromium is missing: $chromium (apt-get install chromium, or set CHROMIUM_BIN)"
[ -x "$chromedriver" ] || fail "chromedriver is missing: $chromedriver (apt-get install chromium-driver, or set CHROMEDRIVER_BIN)"

if [ -z "${SKIP_BUILD:-}" ]; then
  echo "== building the site (crates/sudoku-web/build.sh)"
  crates/sudoku-web/build.sh
  echo "== building the native CLI (cargo build --release -p sudoku-core-cli)"
  cargo build --release -p sudoku-core-cli --quiet
  echo "== building the wasm32 portability check (examples/portability.rs)"
  cargo build -p sudoku-web --example portability --target wasm32-unknown-unknown --quiet
fi
[ -f target/site/sudoku.wasm ] || fail "target/site/sudoku.wasm is missing"
[ -f target/site/index.html ] || fail "target/site/index.html is missing: the page is not built"
[ -x target/release/sudoku ] || fail "target/release/sudoku is missing"

echo "== node --test crates/sudoku-web/tests/"
start=$(date +%s)
status=0
# One test file at a time (the end-to-end tests time things), each test with
# its own timeout; the whole run is bounded too.
# (node --test on the folder runs its *.test.mjs files: api and e2e.)
timeout 900 node --test --test-concurrency=1 --test-reporter=spec "$@" crates/sudoku-web/tests/ || status=$?
echo "== tests took $(($(date +%s) - start)) s; screenshots in target/web-screens/"
if [ "$status" -ne 0 ]; then
  echo "run.sh: the web tests FAILED (status $status)" >&2
fi
exit "$status"
