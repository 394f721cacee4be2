// The WebAssembly engine (target/site/sudoku.wasm through target/site/engine.js,
// as the page loads it) against the native CLI (target/release/sudoku) on
// the puzzles shipped in crates/sudoku-core/tests/data:
//
//   - ratings ER/EP/ED (and level, hardest technique, steps) equal to
//     `sudoku rate --csv`, through rate() and rateLines();
//   - solutions equal to `sudoku -s FILE -o -`, solution counts to `sudoku count`;
//   - generate(level, seed): one solution, rated at the level asked, the same
//     rating natively;
//   - daily(y, m, d) equal to `sudoku daily YYYY-MM-DD`;
//   - hints: following them solves the puzzle and never lies; wrong digits and
//     wrong pencil marks are caught; the first hint equals `sudoku hint`;
//   - bad input answers {error}: never an exception, never a trap.
//
// Run: node --test crates/sudoku-web/tests/api.test.mjs (after build.sh and
// cargo build --release -p sudoku-core-cli).

import { describe, test } from "node:test";
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import {
  LEVELS,
  candidatesOf,
  cellName,
  cli,
  dailyLevel,
  digitsOf,
  loadEngine,
  nativeCounts,
  nativeDaily,
  nativeRatings,
  nativeSolutions,
  parseHintLine,
  puzzlesOf,
  solves,
  PEERS,
  ROOT,
} from "./lib.mjs";

const engine = await loadEngine();

/** The quickest puzzles of forum_hardest_1106.txt to rate (0-based puzzle numbers): the file takes minutes in full. */
const FORUM_SAMPLE = [0, 12, 21, 30, 66, 72, 81, 189, 273, 279];

const SETS = {
  "serate.txt": () => puzzlesOf("serate.txt"),
  "unbiased.txt": () => puzzlesOf("unbiased.txt"),
  "17_clue.txt": () => puzzlesOf("17_clue.txt"),
  "magictour_top1465.txt": () => puzzlesOf("magictour_top1465.txt"),
  "forum_hardest_1106.txt (sample)": () => {
    const all = puzzlesOf("forum_hardest_1106.txt");
    return FORUM_SAMPLE.map((i) => all[i]);
  },
};

/** Shows at most a few mismatches in an assertion message. */
function noMismatches(what, list) {
  assert.equal(list.length, 0, `${list.length} ${what}:\n${list.slice(0, 8).join("\n")}`);
}

const tenths = (x) => (typeof x === "number" ? x.toFixed(1) : String(x));

/** Every cell with a direct clash of two equal digits in a unit. */
function hasConflict(puzzle) {
  for (let c = 0; c < 81; c++) {
    if (puzzle[c] === "." || puzzle[c] === "0") continue;
    for (const p of PEERS[c]) if (puzzle[p] === puzzle[c]) return true;
  }
  return false;
}

/** Compares the engine with the CLI on `puzzles`; returns the mismatches. */
async function crossCheck(name, puzzles) {
  const tag = name.replace(/[^a-z0-9]+/gi, "_");
  // The native runs go first: they work while the engine does, on the other core.
  const native = Promise.all([
    nativeRatings(puzzles, `${tag}.rate.txt`),
    nativeSolutions(puzzles, `${tag}.solve.txt`),
    nativeCounts(puzzles, `${tag}.count.txt`),
  ]);
  native.catch(() => {}); // awaited below
  const rated = puzzles.map((p) => engine.rate(p));
  const lines = engine.rateLines(["# a comment line, skipped", ...puzzles].join("\n")).split("\n");
  const solved = puzzles.map((p) => engine.solve(p));
  const [ratings, solutions, counts] = await native;

  const bad = [];
  assert.equal(lines.at(-1), "", "rateLines ends its last line with a newline");
  assert.equal(lines.length - 1, puzzles.length, "rateLines answers one line per puzzle");
  puzzles.forEach((p, i) => {
    const n = ratings[i];
    const r = rated[i];
    const at = `${name} puzzle ${i + 1} ${p}`;
    if (n.er === null) {
      if (!r.error) bad.push(`${at}: native unrated, engine ${JSON.stringify(r)}`);
      if (lines[i] !== "-") bad.push(`${at}: rateLines ${lines[i]}, native unrated`);
    } else {
      const want = `${n.er}/${n.ep}/${n.ed}`;
      const got = r.error ? r.error : `${tenths(r.er)}/${tenths(r.ep)}/${tenths(r.ed)}`;
      if (got !== want) bad.push(`${at}: engine ER/EP/ED ${got}, native ${want}`);
      if (lines[i] !== want) bad.push(`${at}: rateLines ${lines[i]}, native ${want}`);
      if (r.level !== n.level) bad.push(`${at}: engine level ${r.level}, native ${n.level}`);
      if (n.steps !== "0" && r.hardest !== n.hardest) bad.push(`${at}: engine hardest ${r.hardest}, native ${n.hardest}`);
      if (String(r.steps) !== n.steps) bad.push(`${at}: engine ${r.steps} steps, native ${n.steps}`);
    }
    const s = solved[i];
    if (s.error) {
      bad.push(`${at}: solve answered ${s.error}`);
      return;
    }
    if (s.puzzle !== p.replace(/0/g, ".")) bad.push(`${at}: solve read the puzzle back as ${s.puzzle}`);
    if (s.solutions !== Math.min(counts[i], 2)) bad.push(`${at}: engine ${s.solutions} solutions, native count ${counts[i]}`);
    if (counts[i] === 1) {
      if (s.solution !== solutions[i]) bad.push(`${at}: engine solution ${s.solution}, native ${solutions[i]}`);
      if (!solves(p, solutions[i])) bad.push(`${at}: native solution ${solutions[i]} does not solve it`);
    } else if (s.solution !== undefined) {
      bad.push(`${at}: ${s.solutions} solutions but a solution given`);
    }
    if (Boolean(s.conflict) !== hasConflict(p)) bad.push(`${at}: conflict ${s.conflict} but clash ${hasConflict(p)}`);
  });
  return bad;
}

describe("ratings, solutions and counts agree with the native CLI", () => {
  for (const [name, load] of Object.entries(SETS)) {
    test(name, { timeout: 60000 }, async () => {
      const puzzles = load();
      assert.ok(puzzles.length >= 10, `${name}: ${puzzles.length} puzzles`);
      for (const p of puzzles) assert.match(p, /^[0-9.]{81}$/, `${name}: a puzzle line is 81 characters`);
      noMismatches("mismatches", await crossCheck(name, puzzles));
    });
  }

  test("puzzles with no solution, several, a clash, or none blank", { timeout: 30000 }, async () => {
    const base = puzzlesOf("unbiased.txt").slice(0, 6);
    const puzzles = [".".repeat(81), `11${".".repeat(79)}`, "0".repeat(81)];
    for (const p of base) {
      const { solution } = engine.solve(p);
      puzzles.push(solution); // complete
      const blank = p.indexOf(".");
      // A clue that disagrees with the unique solution without clashing: no solution.
      const wrong = digitsOf(candidatesOf(p)[blank]).find((d) => String(d) !== solution[blank]);
      if (wrong) puzzles.push(p.slice(0, blank) + wrong + p.slice(blank + 1));
      // Fewer givens: usually several solutions.
      const given = [...p].findIndex((ch) => ch !== ".");
      puzzles.push(p.slice(0, given) + "." + p.slice(given + 1));
      // A clash in a column.
      const clash = [...p].map((ch, c) => (c === 9 * 8 && ch === "." ? p[0] : ch)).join("");
      puzzles.push(clash);
    }
    puzzles.push(...puzzlesOf("serg_benchmark.txt").slice(0, 30)); // several solutions each
    noMismatches("mismatches", await crossCheck("edge cases", puzzles));
  });
});

describe("generate", () => {
  const SEEDS = [
    [0, 1],
    [0, 2],
    [1, 7],
    [0xdead, 0xbeefcafe],
  ];
  test("one solution, the requested level, the native rating", { timeout: 60000 }, async () => {
    const made = [];
    for (const [level, name] of LEVELS.entries()) {
      for (const [hi, lo] of SEEDS) {
        const g = engine.generate(level, hi, lo);
        const at = `generate(${level}, ${hi}, ${lo})`;
        assert.equal(g.error, undefined, `${at}: ${g.error}`);
        assert.match(g.puzzle, /^[1-9.]{81}$/, at);
        assert.equal(g.seed, String((BigInt(hi) << 32n) | BigInt(lo)), `${at}: seed echoed`);
        assert.ok(solves(g.puzzle, g.solution), `${at}: the solution solves the puzzle`);
        assert.equal(g.rating?.level, name, `${at}: rated ${JSON.stringify(g.rating)}`);
        const s = engine.solve(g.puzzle);
        assert.equal(s.solutions, 1, `${at}: exactly one solution`);
        assert.equal(s.solution, g.solution, `${at}: solve() gives the same solution`);
        assert.deepEqual(engine.rate(g.puzzle), g.rating, `${at}: rate() gives the rating generate() told`);
        assert.deepEqual(engine.generate(level, hi, lo), g, `${at}: the same puzzle twice`);
        made.push({ at, g, name });
      }
    }
    const puzzles = made.map((m) => m.g.puzzle);
    assert.equal(new Set(puzzles).size, puzzles.length, "different seeds and levels give different puzzles");
    const [ratings, counts, solutions] = await Promise.all([
      nativeRatings(puzzles, "generated.rate.txt"),
      nativeCounts(puzzles, "generated.count.txt"),
      nativeSolutions(puzzles, "generated.solve.txt"),
    ]);
    const bad = [];
    made.forEach(({ at, g, name }, i) => {
      const n = ratings[i];
      if (counts[i] !== 1) bad.push(`${at}: native count ${counts[i]}`);
      if (solutions[i] !== g.solution) bad.push(`${at}: native solution ${solutions[i]}`);
      if (n.level !== name) bad.push(`${at}: native level ${n.level}, asked ${name}`);
      const want = `${n.er}/${n.ep}/${n.ed} ${n.level} ${n.hardest} ${n.steps}`;
      const got = `${tenths(g.rating.er)}/${tenths(g.rating.ep)}/${tenths(g.rating.ed)} ${g.rating.level} ${g.rating.hardest} ${g.rating.steps}`;
      if (got !== want) bad.push(`${at}: engine ${got}, native ${want}`);
    });
    noMismatches("mismatches", bad);
  });

  test("the same puzzles from a second engine instance", async () => {
    const other = await loadEngine();
    for (const level of [0, 2, 4]) assert.deepEqual(other.generate(level, 0, 99), engine.generate(level, 0, 99));
  });

  test("a level out of range is refused", () => {
    for (const level of [5, 9, 255, -1]) {
      const g = engine.generate(level, 0, 1);
      assert.equal(typeof g.error, "string", `generate(${level}): ${JSON.stringify(g)}`);
    }
  });
});

describe("daily", () => {
  const DATES = ["2026-11-30", "2026-12-04", "2027-01-02", "2026-12-01", "2024-02-29", "2000-01-01", "2099-12-31"];
  test("equals `sudoku daily DATE` and follows the weekday levels", { timeout: 30000 }, async () => {
    const native = await Promise.all(DATES.map((d) => nativeDaily(d)));
    DATES.forEach((date, i) => {
      const [y, m, d] = date.split("-").map(Number);
      const g = engine.daily(y, m, d);
      assert.equal(g.error, undefined, `daily(${date}): ${g.error}`);
      assert.equal(g.date, date);
      assert.equal(g.puzzle, native[i].line, `daily(${date}) vs sudoku daily ${date}`);
      assert.equal(g.level, dailyLevel(date), `daily(${date}): the weekday's level`);
      assert.equal(g.rating?.level, g.level, `daily(${date}) is rated at its level`);
      assert.ok(native[i].rest.includes(g.level), `sudoku daily ${date} names the level ${g.level}: ${native[i].rest}`);
      assert.ok(solves(g.puzzle, g.solution));
      assert.equal(engine.solve(g.puzzle).solutions, 1);
      assert.deepEqual(engine.daily(y, m, d), g, "the same twice");
    });
    assert.equal(new Set(DATES.map((d) => engine.daily(...d.split("-").map(Number)).puzzle)).size, DATES.length);
  });

  test("impossible dates are refused", () => {
    for (const [y, m, d] of [
      [2026, 2, 29],
      [2026, 13, 1],
      [2026, 0, 10],
      [2026, 4, 31],
      [0, 0, 0],
      [-1, 1, 1],
      [2026, 1, -1],
    ]) {
      const g = engine.daily(y, m, d);
      assert.equal(typeof g.error, "string", `daily(${y}, ${m}, ${d}): ${JSON.stringify(g).slice(0, 200)}`);
    }
  });
});

describe("hints", () => {
  /** Follows hints from `puzzle` to the end; checks each against the solution. */
  function walk(puzzle, { fillFirst = false, autoRemove = false } = {}) {
    const { solution } = engine.solve(puzzle);
    const board = [...puzzle];
    let marks = fillFirst ? engine.candidates(puzzle) : new Array(81).fill(0);
    const techniques = [];
    const boards = [];
    for (let step = 0; step < 400; step++) {
      boards.push(board.join(""));
      const h = engine.hint(board.join(""), solution, marks);
      const at = `${puzzle} step ${step} (${h.technique}): ${JSON.stringify(h).slice(0, 400)}`;
      if (h.done) {
        assert.equal(board.join(""), solution, "done only when solved");
        return { techniques, boards };
      }
      assert.equal(h.error, undefined, at);
      assert.equal(h.kind, "step", at);
      assert.equal(h.stages.length, 3, at);
      for (const s of h.stages) assert.ok(typeof s === "string" && s.length > 0, at);
      assert.ok(h.placements.length + h.eliminations.length > 0, `a step changes something: ${at}`);
      techniques.push(h.technique);
      let changed = false;
      for (const [c, d] of h.placements) {
        assert.equal(String(d), solution[c], `placement ${cellName(c)}=${d} is the solution's digit: ${at}`);
        assert.equal(board[c], ".", `placement on an empty cell: ${at}`);
        assert.ok(h.cells.some((x) => x.cell === c && x.role === "gets"), `a placed cell has the role gets: ${at}`);
        board[c] = String(d);
        marks[c] = 0;
        if (autoRemove) for (const p of PEERS[c]) marks[p] &= ~(1 << d);
        changed = true;
      }
      let candidates = null;
      for (const [c, d] of h.eliminations) {
        assert.notEqual(String(d), solution[c], `elimination ${cellName(c)}<>${d} keeps the solution's digit: ${at}`);
        assert.equal(board[c], ".", `elimination in an empty cell: ${at}`);
        if (marks[c] === 0) {
          candidates ??= engine.candidates(board.join(""));
          marks[c] = candidates[c];
        }
        if (marks[c] & (1 << d)) changed = true;
        marks[c] &= ~(1 << d);
        assert.ok(marks[c] & (1 << Number(solution[c])), at);
      }
      assert.ok(changed, `the hint made progress: ${at}`);
    }
    assert.fail(`no end after 400 hints from ${puzzle}`);
  }

  test("following the hints from a hard puzzle with empty marks solves it", { timeout: 60000 }, () => {
    const seen = new Set();
    for (const [level, lo] of [
      [2, 1],
      [2, 2],
      [3, 3],
      [4, 4],
    ]) {
      const { puzzle } = engine.generate(level, 0, lo);
      for (const t of walk(puzzle).techniques) seen.add(t);
    }
    assert.ok(seen.size >= 3, `several techniques used: ${[...seen]}`);
  });

  test("following the hints from filled-in candidates (with auto-remove) solves it", { timeout: 60000 }, () => {
    for (const lo of [5, 6]) {
      const { puzzle } = engine.generate(3, 0, lo);
      walk(puzzle, { fillFirst: true, autoRemove: true });
      walk(puzzle, { fillFirst: true, autoRemove: false });
    }
  });

  test("a wrong digit on the board gives wrong-digit with that cell in clear", () => {
    const { puzzle, solution } = engine.generate(2, 0, 11);
    const blanks = [...puzzle].map((ch, c) => (ch === "." ? c : -1)).filter((c) => c >= 0);
    const zeros = new Array(81).fill(0);
    for (const c of blanks.slice(0, 10)) {
      for (const d of [1, 2, 3, 4, 5, 6, 7, 8, 9].filter((d) => String(d) !== solution[c]).slice(0, 3)) {
        const board = puzzle.slice(0, c) + d + puzzle.slice(c + 1);
        const h = engine.hint(board, solution, zeros);
        assert.equal(h.kind, "wrong-digit", `${cellName(c)}=${d}: ${JSON.stringify(h)}`);
        assert.deepEqual(h.clear, [c], `${cellName(c)}=${d}`);
        assert.deepEqual(h.placements, []);
        assert.ok(h.cells.some((x) => x.cell === c && x.role === "wrong"));
      }
    }
    // Two wrong digits, and a right one beside them: both wrong ones in clear.
    const [a, b, ok] = blanks;
    const wrongDigit = (c) => (solution[c] === "1" ? "2" : "1");
    const board = [...puzzle];
    board[a] = wrongDigit(a);
    board[b] = wrongDigit(b);
    board[ok] = solution[ok];
    const h = engine.hint(board.join(""), solution, zeros);
    assert.equal(h.kind, "wrong-digit");
    assert.deepEqual([...h.clear].sort((x, y) => x - y), [a, b].sort((x, y) => x - y));
    // A wrong digit comes before wrong marks.
    const marks = zeros.slice();
    marks[blanks[5]] = 0b11_1111_1110 & ~(1 << Number(solution[blanks[5]]));
    assert.equal(engine.hint(board.join(""), solution, marks).kind, "wrong-digit");
  });

  test("pencil marks that leave out the true digit give wrong-marks", () => {
    const { puzzle, solution } = engine.generate(3, 0, 12);
    const cands = engine.candidates(puzzle);
    assert.deepEqual(cands, candidatesOf(puzzle), "candidates() are the candidates of the board's digits");
    const blanks = [...puzzle].map((ch, c) => (ch === "." ? c : -1)).filter((c) => c >= 0);
    for (const c of blanks.slice(0, 12)) {
      const marks = new Array(81).fill(0);
      marks[c] = cands[c] & ~(1 << Number(solution[c]));
      const h = engine.hint(puzzle, solution, marks);
      assert.equal(h.kind, "wrong-marks", `${cellName(c)} marks ${digitsOf(marks[c])}: ${JSON.stringify(h)}`);
      assert.deepEqual(h.clear, [c]);
      assert.deepEqual(h.placements, []);
      assert.deepEqual(h.eliminations, []);
      // The same marks with the true digit back: an ordinary step.
      marks[c] |= 1 << Number(solution[c]);
      assert.equal(engine.hint(puzzle, solution, marks).kind, "step");
    }
    // Only the true digit pencilled: fine (a naked single, or any step).
    const marks = new Array(81).fill(0);
    marks[blanks[0]] = 1 << Number(solution[blanks[0]]);
    const h = engine.hint(puzzle, solution, marks);
    assert.equal(h.kind, "step");
    assert.equal(h.usedMarks, true);
  });

  test("a solved board answers {done: true}", () => {
    const { solution } = engine.generate(0, 0, 13);
    assert.deepEqual(engine.hint(solution, solution, new Array(81).fill(0)), { done: true });
  });

  test("the first hint (and the hint from positions on the way) equals `sudoku hint PUZZLE`", { timeout: 60000 }, async () => {
    const zeros = new Array(81).fill(0);
    const puzzles = [
      ...LEVELS.map((_, level) => engine.generate(level, 0, 21).puzzle),
      ...puzzlesOf("17_clue.txt").slice(0, 3),
      ...puzzlesOf("forum_hardest_1106.txt").filter((_, i) => i === 0 || i === 72),
    ];
    // From serate.txt and magictour, up to three puzzles for each technique
    // the engine's first hint names (most are Hidden Singles; a few start
    // with pairs, claiming, or forcing chains).
    const byTechnique = new Map();
    for (const p of [...puzzlesOf("serate.txt"), ...puzzlesOf("magictour_top1465.txt")]) {
      const h = engine.hint(p, engine.solve(p).solution, zeros);
      const list = byTechnique.get(h.technique) ?? [];
      if (list.length < 3) list.push(p);
      byTechnique.set(h.technique, list);
    }
    for (const list of byTechnique.values()) puzzles.push(...list);
    // Positions on the way: the boards a walk of hints went through (every
    // fourth), whose next step from the plain candidates is often harder.
    for (const [level, lo] of [
      [3, 21],
      [4, 21],
      [4, 22],
    ]) {
      const { boards } = walk(engine.generate(level, 0, lo).puzzle);
      puzzles.push(...boards.filter((b, i) => i % 4 === 3 && b.includes(".")));
    }
    const native = [];
    for (let i = 0; i < puzzles.length; i += 2) {
      native.push(...(await Promise.all(puzzles.slice(i, i + 2).map((p) => cli(["hint", p])))));
    }
    const bad = [];
    const techniques = new Set();
    puzzles.forEach((p, i) => {
      const out = native[i];
      if (out.code !== 0) {
        bad.push(`${p}: sudoku hint exited ${out.code}: ${out.stderr}`);
        return;
      }
      const n = parseHintLine(out.stdout.split("\n")[0]);
      const { solution } = engine.solve(p);
      const h = engine.hint(p, solution, new Array(81).fill(0));
      techniques.add(n.technique);
      const key = (list) => list.map(([c, d]) => `${cellName(c)}:${d}`).sort().join(" ");
      const got = `${h.technique} (${tenths(h.difficulty)}) => ${key(h.placements)} / ${key(h.eliminations)}`;
      const want = `${n.technique} (${n.difficulty}) => ${key(n.placements)} / ${key(n.eliminations)}`;
      if (got !== want) bad.push(`${p}:\n  engine ${got}\n  native ${want}\n  (${out.stdout.trim()})`);
      if (h.usedMarks !== false) bad.push(`${p}: usedMarks ${h.usedMarks} without marks`);
    });
    noMismatches("first hints differ", bad);
    assert.ok(techniques.size >= 8, `a variety of techniques: ${[...techniques]}`);
  });
});

describe("bad input answers {error}, never throws or traps", () => {
  const HARD = "...........547......4..61..1...2....8.61..32..3...87...6...325..4..6.....718.....";
  const MB = 1 << 20;

  /** Calls `f`; it must not throw and must answer an object with an error string. */
  function refuses(what, f) {
    let r;
    assert.doesNotThrow(() => {
      r = f();
    }, `${what} threw`);
    assert.equal(typeof r?.error, "string", `${what} answered ${JSON.stringify(r)?.slice(0, 200)}`);
    assert.ok(r.error.length > 0);
    return r;
  }

  test("rate('') / rate('junk') / hint('x', 'x', marks) and other junk", () => {
    refuses("rate('')", () => engine.rate(""));
    refuses("rate('junk')", () => engine.rate("junk"));
    refuses("rate(' \\n ')", () => engine.rate(" \n "));
    refuses("rate(80 chars)", () => engine.rate(HARD.slice(1)));
    refuses("rate(82 chars)", () => engine.rate(HARD + "1"));
    refuses("rate(letters)", () => engine.rate("abcdefghi".repeat(9)));
    refuses("rate(nul bytes)", () => engine.rate("\0".repeat(81)));
    refuses("rate(emoji)", () => engine.rate("🧩".repeat(81)));
    refuses("rate(lone surrogates)", () => engine.rate("\ud800".repeat(81)));
    refuses("rate(<script>)", () => engine.rate("<script>alert(1)</script>"));
    refuses("rate(empty grid)", () => engine.rate(".".repeat(81)));
    refuses("rate(clash)", () => engine.rate(`11${".".repeat(79)}`));
    refuses("solve('')", () => engine.solve(""));
    refuses("solve('junk')", () => engine.solve("junk"));
    refuses("candidates('junk')", () => engine.candidates("junk"));
    refuses("hint('x', 'x', zeros)", () => engine.hint("x", "x", new Array(81).fill(0)));
    refuses("hint('x', '', [])", () => engine.hint("x", "", []));
    refuses("the raw hint export on 'x'", () => JSON.parse(engine.call("hint", "x")));
    const { solution } = engine.solve(HARD);
    const zeros = new Array(81).fill(0);
    refuses("hint with a puzzle as the solution", () => engine.hint(HARD, HARD, zeros));
    refuses("hint with another grid as the solution", () => engine.hint(HARD, "123456789".repeat(9), zeros));
    refuses("hint with 80 marks", () => engine.hint(HARD, solution, zeros.slice(1)));
    refuses("hint with 82 marks", () => engine.hint(HARD, solution, [...zeros, 0]));
    refuses("hint with words as marks", () => engine.hint(HARD, solution, zeros.map(() => "x")));
    refuses("hint with negative marks", () => engine.hint(HARD, solution, zeros.map(() => -1)));
    refuses("hint with huge marks", () => engine.hint(HARD, solution, zeros.map(() => 2 ** 40)));
    // Marks beyond bits 1-9 are ignored, not an error.
    assert.equal(engine.hint(HARD, solution, zeros.map(() => 1 | (1 << 12))).kind, "step");
    assert.equal(engine.rateLines("junk\n\n# c\n" + HARD + "\n"), `-\n${engine.rateLines(HARD)}`);
    assert.equal(engine.rateLines(""), "");
  });

  test("engine.hint('x') with no marks argument answers {error} instead of throwing", () => {
    refuses("hint('x')", () => engine.hint("x"));
    refuses("hint('x', 'y')", () => engine.hint("x", "y"));
  });

  test("1 MB inputs do not crash the engine", { timeout: 30000 }, () => {
    const before = engine.rate(HARD);
    assert.equal(before.error, undefined);
    const inputs = {
      "1 MB of 1s": "1".repeat(MB),
      "1 MB of dots": ".".repeat(MB),
      "1 MB of short lines": "x\n".repeat(MB / 2),
      "1 MB of newlines": "\n".repeat(MB),
      "1 MB of é": "é".repeat(MB / 2),
      "1 MB of commas": ",".repeat(MB),
      "a puzzle then 1 MB": HARD + "\n" + "9".repeat(MB),
    };
    for (const [what, text] of Object.entries(inputs)) {
      for (const f of ["rate", "solve", "candidates"]) {
        let r;
        assert.doesNotThrow(() => (r = engine[f](text)), `${f}(${what}) threw`);
        assert.ok(r && (r.error || Array.isArray(r) || r.puzzle), `${f}(${what}): ${JSON.stringify(r).slice(0, 200)}`);
      }
      let r;
      assert.doesNotThrow(() => (r = JSON.parse(engine.call("hint", text))), `hint(${what}) threw`);
      assert.equal(typeof r.error, "string", `hint(${what})`);
      assert.doesNotThrow(() => engine.rateLines(text), `rateLines(${what}) threw`);
    }
    const { solution } = engine.solve(HARD);
    refuses("hint with 1 MB of marks", () => engine.hint(HARD, solution, new Array(MB / 2).fill(1)));
    refuses("hint with a 1 MB board", () => engine.hint("1".repeat(MB), solution, new Array(81).fill(0)));
    // 1 MB of 81-character lines to rateLines: every one answered.
    const lines = engine.rateLines(`${".".repeat(81)}\n`.repeat(Math.floor(MB / 82))).split("\n");
    assert.equal(lines.length - 1, Math.floor(MB / 82));
    assert.ok(lines.slice(0, -1).every((l) => l === "-"));
    // And the engine still works.
    assert.deepEqual(engine.rate(HARD), before);
    assert.equal(engine.solve(HARD).solution, solution);
  });
});

describe("the library's threaded and seeded APIs on wasm32 (no threads, clock or OS random source)", () => {
  // examples/portability.rs, built by run.sh; each export answers 1 when its
  // results are right, and a panic would trap (throw here).
  const path = join(ROOT, "target/wasm32-unknown-unknown/debug/examples/portability.wasm");
  for (const name of ["check_ordered", "check_solve_ordered", "check_map_ordered", "check_generator_run"]) {
    test(`${name} runs on the calling thread and gives the right results`, async () => {
      const { instance } = await WebAssembly.instantiate(readFileSync(path), {});
      assert.equal(instance.exports[name](), 1);
    });
  }
});
