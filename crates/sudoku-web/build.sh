#!/usr/bin/env bash
# Builds the web page into one folder that any static host serves:
#   crates/sudoku-web/build.sh [OUT]        (OUT defaults to target/site)
# then, to play it locally:
#   python3 -m http.server -d target/site 8000   and open http://localhost:8000
#
# It compiles sudoku-web for wasm32-unknown-unknown (the `wasm` profile in
# the workspace Cargo.toml), copies the static files of www/ beside it, and
# stamps the service worker's cache name with a hash of the files, so that
# a new build replaces the old one in the players' offline caches.
set -euo pipefail
here="$(cd "$(dirname "$0")" && pwd)"
root="$(cd "$here/../.." && pwd)"
out="${1:-$root/target/site}"

if ! rustup target list --installed 2>/dev/null | grep -qx wasm32-unknown-unknown; then
  rustup target add wasm32-unknown-unknown
fi
cargo build --manifest-path "$root/Cargo.toml" -p sudoku-web \
  --target wasm32-unknown-unknown --profile wasm --quiet

rm -rf "$out"
mkdir -p "$out"
cp -R "$here/www/." "$out/"
cp "$root/target/wasm32-unknown-unknown/wasm/sudoku_web.wasm" "$out/sudoku.wasm"

# The cache name changes whenever any file does.
version=$(cd "$out" && find . -type f ! -name sw.js -print0 | sort -z \
  | xargs -0 sha256sum | sha256sum | cut -c1-16)
if [ -f "$out/sw.js" ]; then
  sed -i "s/__BUILD__/$version/g" "$out/sw.js"
fi
echo "site built in $out (build $version)"
