// Shared helpers of the web tests: where things are, the native CLI, the
// shipped puzzle files, and a few Sudoku facts computed independently of
// the engine (candidates from the digits on a board).

import { execFile } from "node:child_process";
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";

export const TESTS = dirname(fileURLToPath(import.meta.url));
export const ROOT = resolve(TESTS, "../../..");
export const SITE = process.env.SUDOKU_SITE ?? join(ROOT, "target/site");
export const CLI = process.env.SUDOKU_CLI ?? join(ROOT, "target/release/sudoku");
export const DATA = join(ROOT, "crates/sudoku-core/tests/data");
export const SCREENS = join(ROOT, "target/web-screens");
export const LEVELS = ["easy", "medium", "hard", "expert", "extreme"];

/** Throws unless the built site and the native CLI are there. */
export function requireBuilt() {
  for (const file of [join(SITE, "sudoku.wasm"), join(SITE, "engine.js")]) {
    if (!existsSync(file)) {
      throw new Error(`${file} is missing: build the site first (crates/sudoku-web/build.sh)`);
    }
  }
  if (!existsSync(CLI)) {
    throw new Error(`${CLI} is missing: cargo build --release -p sudoku-core-cli`);
  }
}

/** Loads the engine the way the page does: the site's engine.js and sudoku.wasm. */
export async function loadEngine() {
  requireBuilt();
  const { Engine } = await import(join(SITE, "engine.js"));
  return Engine.load(readFileSync(join(SITE, "sudoku.wasm")));
}

/**
 * The puzzles of a shipped file: one a line, '#' lines and blank lines
 * skipped, and only the first column kept (serate.txt has its SE rating and
 * source after the puzzle).
 */
export function puzzlesOf(name) {
  return readFileSync(join(DATA, name), "utf8")
    .split("\n")
    .map((l) => l.trim())
    .filter((l) => l && !l.startsWith("#"))
    .map((l) => l.split(/\s+/)[0]);
}

/** Runs the native CLI; resolves {code, stdout, stderr} (any exit status). */
export function cli(args, { input, timeout = 120000 } = {}) {
  return new Promise((ok, fail) => {
    const child = execFile(CLI, args, { maxBuffer: 1 << 28, timeout, encoding: "utf8" }, (error, stdout, stderr) => {
      if (error && typeof error.code !== "number") {
        fail(new Error(`${CLI} ${args.join(" ")}: ${error.message}\n${stderr}`));
        return;
      }
      ok({ code: error ? error.code : 0, stdout, stderr });
    });
    if (input !== undefined) child.stdin.end(input);
  });
}

/** A temporary directory removed at exit. */
let scratch = null;
export function tempFile(name, text) {
  if (!scratch) {
    scratch = mkdtempSync(join(tmpdir(), "sudoku-web-tests-"));
    process.on("exit", () => rmSync(scratch, { recursive: true, force: true }));
  }
  const path = join(scratch, name);
  writeFileSync(path, text);
  return path;
}

/**
 * `sudoku rate FILE --csv`, read by its header: one {er, ep, ed, level,
 * hardest, steps, line} per puzzle (er null for an unrated one).
 */
export function parseRateCsv(text) {
  const [header, ...rows] = text.trimEnd().split("\n");
  const names = header.split(",");
  const col = (row, ...keys) => {
    for (const k of keys) {
      const i = names.indexOf(k);
      if (i >= 0) return row[i];
    }
    throw new Error(`sudoku rate --csv has none of the columns ${keys} (header: ${header})`);
  };
  return rows.map((r) => {
    const row = r.split(",");
    const er = col(row, "er", "score");
    return {
      er: er === "" ? null : er,
      ep: col(row, "ep"),
      ed: col(row, "ed"),
      level: col(row, "level"),
      hardest: col(row, "hardest"),
      steps: col(row, "steps"),
      number: Number(col(row, "number")),
    };
  });
}

/** `sudoku rate --csv` of `puzzles` (array of lines). */
export async function nativeRatings(puzzles, name = "rate.txt") {
  const file = tempFile(name, puzzles.join("\n") + "\n");
  const { stdout, stderr, code } = await cli(["rate", file, "--csv", "-j", "2"]);
  if (code > 1) throw new Error(`sudoku rate failed (${code}): ${stderr}`);
  const rows = parseRateCsv(stdout);
  if (rows.length !== puzzles.length) {
    throw new Error(`sudoku rate --csv gave ${rows.length} rows for ${puzzles.length} puzzles`);
  }
  return rows;
}

/** Grids of "1 2 3 ..." rows separated by blank lines, as 81-character lines ('.' for 0). */
export function parseGrids(text) {
  const digits = text
    .split("\n")
    .map((l) => l.trim())
    .filter((l) => /^[0-9](\s+[0-9]){8}$/.test(l))
    .map((l) => l.split(/\s+/).join(""));
  const grids = [];
  for (let i = 0; i + 9 <= digits.length; i += 9) {
    grids.push(digits.slice(i, i + 9).join("").replace(/0/g, "."));
  }
  if (digits.length % 9) throw new Error(`grid output of ${digits.length} rows is not whole grids`);
  return grids;
}

/** `sudoku -s FILE -o -` of `puzzles`: one 81-character solution each. */
export async function nativeSolutions(puzzles, name = "solve.txt") {
  const file = tempFile(name, puzzles.join("\n") + "\n");
  const { stdout, stderr, code } = await cli(["-s", file, "-o", "-", "-j", "2"]);
  if (code > 1) throw new Error(`sudoku -s failed (${code}): ${stderr}`);
  const grids = parseGrids(stdout);
  if (grids.length !== puzzles.length) throw new Error(`sudoku -s gave ${grids.length} grids for ${puzzles.length}`);
  return grids;
}

/** `sudoku count FILE` of `puzzles`: each one's number of solutions (up to 2). */
export async function nativeCounts(puzzles, name = "count.txt") {
  const file = tempFile(name, puzzles.join("\n") + "\n");
  const { stdout, stderr, code } = await cli(["count", file, "-j", "2"]);
  if (code > 1) throw new Error(`sudoku count failed (${code}): ${stderr}`);
  const counts = stdout.trim().split("\n").map(Number);
  if (counts.length !== puzzles.length) throw new Error(`sudoku count gave ${counts.length} for ${puzzles.length}`);
  return counts;
}

/** `sudoku daily DATE`: the first line (the puzzle) and the rest. */
export async function nativeDaily(date) {
  const { stdout, stderr, code } = await cli(["daily", date]);
  if (code !== 0) {
    throw new Error(
      `\`${CLI} daily ${date}\` failed with status ${code}: ${stderr.split("\n")[0]} ` +
        `(does this build of the CLI have the daily command? cargo build --release -p sudoku-core-cli)`,
    );
  }
  const [line, ...rest] = stdout.split("\n");
  return { line: line.trim(), rest: rest.join("\n") };
}

/** `r3c5` for cell 22. */
export const cellName = (c) => `r${Math.floor(c / 9) + 1}c${(c % 9) + 1}`;

/** Parses `sudoku hint`'s line: `Technique (d.d): cells in units => r1c2=5, r3c4<>7`. */
export function parseHintLine(line) {
  const m = /^(.*) \((\d+\.\d)\):(.*?) => (.*)$/.exec(line.trim());
  if (!m) throw new Error(`not a hint line: ${line}`);
  const placements = [];
  const eliminations = [];
  for (const r of m[4].split(",").map((s) => s.trim()).filter(Boolean)) {
    const p = /^r(\d)c(\d)(=|<>)(\d)$/.exec(r);
    if (!p) throw new Error(`not a result: ${r} in ${line}`);
    const cell = (p[1] - 1) * 9 + (p[2] - 1);
    (p[3] === "=" ? placements : eliminations).push([cell, Number(p[4])]);
  }
  return { technique: m[1], difficulty: m[2], placements, eliminations };
}

/** The unit peers of each cell (20 each). */
export const PEERS = Array.from({ length: 81 }, (_, c) => {
  const r = Math.floor(c / 9);
  const k = c % 9;
  const b = Math.floor(r / 3) * 3 * 9 + Math.floor(k / 3) * 3;
  const set = new Set();
  for (let i = 0; i < 9; i++) {
    set.add(r * 9 + i);
    set.add(i * 9 + k);
    set.add(b + Math.floor(i / 3) * 9 + (i % 3));
  }
  set.delete(c);
  return [...set];
});

/**
 * Every cell's candidates from the digits on `board` (81 characters, '.' or
 * '0' blank): a mask with bit d for digit d, 0 for a filled cell.
 */
export function candidatesOf(board) {
  const cells = [...board].map((ch) => (ch >= "1" && ch <= "9" ? Number(ch) : 0));
  return cells.map((v, c) => {
    if (v) return 0;
    let mask = 0b11_1111_1110;
    for (const p of PEERS[c]) if (cells[p]) mask &= ~(1 << cells[p]);
    return mask;
  });
}

/** The digits of a mask, ascending. */
export const digitsOf = (mask) => [1, 2, 3, 4, 5, 6, 7, 8, 9].filter((d) => mask & (1 << d));

/** True when `solution` is a valid completed grid that keeps the givens of `puzzle`. */
export function solves(puzzle, solution) {
  if (!/^[1-9]{81}$/.test(solution)) return false;
  for (let c = 0; c < 81; c++) {
    if (puzzle[c] !== "." && puzzle[c] !== "0" && puzzle[c] !== solution[c]) return false;
    for (const p of PEERS[c]) if (solution[p] === solution[c]) return false;
  }
  return true;
}

/** The weekday level rule of the daily puzzle (Monday easy ... weekend expert). */
export function dailyLevel(date) {
  const day = new Date(`${date}T00:00:00Z`).getUTCDay(); // 0 Sunday
  return ["expert", "easy", "medium", "medium", "hard", "hard", "expert"][day];
}
