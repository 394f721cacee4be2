// The web page's speed, measured in headless Chromium beside the native CLI
// in one run (not a test: figures are measured, never asserted).
//
//   crates/sudoku-web/build.sh && cargo build --release -p sudoku-core-cli
//   node crates/sudoku-web/tests/bench.mjs [PUZZLES]   (default: 1,000 unbiased puzzles)
//
// It prints:
// - rating PUZZLES in the page (engine.js on the main thread, one call for
//   the whole file, median of 5) against `sudoku rate PUZZLES -j 1 --csv`
//   (median of 5 whole runs), and whether every rating is the same;
// - 50 new extreme puzzles in the page's Web Worker (seeds 1..50): the time
//   from the request to the answer, median and p95;
// - the page's own "New game → extreme" with no pre-generated puzzle left,
//   from the click until the board shows the new puzzle (20 games), and
//   the longest main-thread task seen meanwhile (PerformanceObserver);
// - the site's size, each file and the whole, gzipped.

import { execFileSync } from "node:child_process";
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { gzipSync } from "node:zlib";

import { CLI, ROOT, SITE } from "./lib.mjs";
import { serve } from "./serve.mjs";
import { startDriver } from "./webdriver.mjs";

const file = process.argv[2] ?? join(ROOT, "crates/sudoku-web/tests/data/unbiased_1000.txt");
const text = readFileSync(file, "utf8");
const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
const p95 = (xs) => [...xs].sort((a, b) => a - b)[Math.ceil(xs.length * 0.95) - 1];
const cpu = readFileSync("/proc/cpuinfo", "utf8").match(/model name\s*:\s*(.*)/)?.[1];
console.log(`CPU: ${cpu}`);

const server = await serve(SITE);
const driver = await startDriver();
const browser = await driver.session({ width: 1280, height: 800 });
try {
  await browser.navigate(server.url);
  await browser.waitFor(async () => (await browser.execute("return document.body.dataset.ready")) === "true", 30000);

  // Rating in the page, one call for the whole file, as the API test does.
  const page = await browser.executeAsync(async (text) => {
    const { Engine } = await import("./engine.js");
    const engine = await Engine.load(await fetch("sudoku.wasm"));
    const times = [];
    let out = "";
    for (let i = 0; i < 5; i++) {
      const t = performance.now();
      out = engine.rateLines(text);
      times.push(performance.now() - t);
    }
    return { times, out };
  }, text);
  const native = [];
  let csv = "";
  for (let i = 0; i < 5; i++) {
    const t = process.hrtime.bigint();
    csv = execFileSync(CLI, ["rate", file, "-j", "1", "--csv"], { encoding: "utf8", maxBuffer: 1 << 28 });
    native.push(Number(process.hrtime.bigint() - t) / 1e6);
  }
  const header = csv.split("\n")[0].split(",");
  const [er, ep, ed] = ["score", "ep", "ed"].map((c) => header.indexOf(c));
  const nativeLines = csv
    .trim()
    .split("\n")
    .slice(1)
    .map((row) => row.split(","))
    .map((r) => `${r[er]}/${r[ep]}/${r[ed]}`);
  const pageLines = page.out.trim().split("\n");
  const same = nativeLines.length === pageLines.length && nativeLines.every((l, i) => l === pageLines[i]);
  const pm = median(page.times);
  const nm = median(native);
  console.log(
    `rate ${pageLines.length} puzzles: page ${pm.toFixed(1)} ms, native CLI ${nm.toFixed(1)} ms ` +
      `(whole process) -> ${(pm / nm).toFixed(2)}x; ratings identical: ${same}`,
  );

  // 50 extreme puzzles through a worker of the page's own.
  const gen = await browser.executeAsync(
    () =>
      new Promise((done) => {
        const worker = new Worker("worker.js", { type: "module" });
        const times = [];
        let seed = 0;
        let sent = 0;
        const next = () => {
          seed += 1;
          sent = performance.now();
          worker.postMessage({ id: seed, op: "generate", args: [4, 0, seed] });
        };
        worker.onmessage = (e) => {
          if (e.data && e.data.id === seed) {
            times.push(performance.now() - sent);
            if (e.data.r?.rating?.level !== "extreme") throw new Error(JSON.stringify(e.data));
            if (times.length === 50) {
              worker.terminate();
              done(times);
            } else next();
          }
        };
        // The worker answers id 0 once its engine is loaded.
        next();
      }),
  );
  console.log(
    `extreme puzzle in a worker (50 seeds): median ${median(gen).toFixed(1)} ms, ` +
      `p95 ${p95(gen).toFixed(1)} ms, max ${Math.max(...gen).toFixed(1)} ms`,
  );

  // The page's own New game -> extreme, pre-generated pool emptied first.
  const shown = await browser.executeAsync(async () => {
    let longest = 0;
    new PerformanceObserver((list) => {
      for (const e of list.getEntries()) longest = Math.max(longest, e.duration);
    }).observe({ type: "longtask", buffered: false });
    const board = document.getElementById("board");
    const once = () =>
      new Promise((resolve) => {
        const before = board.dataset.puzzle;
        const t = performance.now();
        document.getElementById("new-game").click();
        document.querySelector('#new-game-dialog [data-level="extreme"]').click();
        const poll = () => {
          if (board.dataset.puzzle !== before && document.body.dataset.busy !== "true") {
            resolve(performance.now() - t);
          } else requestAnimationFrame(poll);
        };
        poll();
      });
    const times = [];
    const levels = [];
    for (let i = 0; i < 20; i++) {
      times.push(await once());
      levels.push(document.getElementById("rating").textContent);
    }
    return { times, longest, levels };
  });
  console.log(
    `New game -> extreme on screen (20 games, pool refilling in the worker): median ` +
      `${median(shown.times).toFixed(1)} ms, p95 ${p95(shown.times).toFixed(1)} ms; ` +
      `longest main-thread task ${shown.longest.toFixed(1)} ms (0: none over 50 ms); ` +
      `ratings shown: ${[...new Set(shown.levels)].join(", ")}`,
  );
} finally {
  await browser.quit();
  await driver.stop();
  server.close();
}

let total = 0;
for (const name of readdirSync(SITE).sort()) {
  const size = gzipSync(readFileSync(join(SITE, name)), { level: 9 }).length;
  total += size;
  console.log(`  ${name}: ${size} bytes gzipped`);
}
console.log(`site: ${total} bytes gzipped (${(total / 1024).toFixed(1)} KiB)`);
