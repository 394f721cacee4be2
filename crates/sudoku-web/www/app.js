import { LEVELS } from "./engine.js";

const $ = id => document.getElementById(id);
const body = document.body, grid = $("board"), K = "sudoku-web/v1/";
const el = (tag, cls, text) => {
  const e = document.createElement(tag);
  if (cls) e.className = cls;
  if (text != null) e.textContent = text;
  return e;
};
const R = c => c / 9 | 0, C = c => c % 9, B = c => (c / 27 | 0) * 3 + (c % 9 / 3 | 0);
const peers = (a, b) => a != b && (R(a) == R(b) || C(a) == C(b) || B(a) == B(b));
const zeros = () => Array(81).fill(0);
const cells = s => [...s].map(ch => +ch || 0);
const text = b => b.map(v => v || ".").join("");
const digits = m => [1, 2, 3, 4, 5, 6, 7, 8, 9].filter(d => m >> d & 1);
const pad = n => String(n).padStart(2, "0");
const fmt = ms => {
  const s = ms / 1000 | 0, h = s / 3600 | 0, m = pad((s / 60 | 0) % 60) + ":" + pad(s % 60);
  return h ? h + ":" + m : m;
};
const conflicts = b => {
  const s = new Set();
  for (let a = 0; a < 81; a++) for (let c = a + 1; c < 81; c++) if (b[a] && b[a] == b[c] && peers(a, c)) s.add(a).add(c);
  return s;
};
const announce = t => $("status").textContent = t;
// Red notes: a passing one (a refused link, an unreadable save) stays until the player's next
// move or new game; the one about storage stays for as long as saving fails.
const notes = { passing: [], storage: "" };
const showNotes = () => $("note").textContent = [notes.storage, ...notes.passing].filter(Boolean).join(" ");
const note = t => {
  if (!notes.passing.includes(t)) notes.passing.push(t);
  showNotes();
};
const clearNotes = () => {
  notes.passing = [];
  showNotes();
};

// Storage: every read is validated, every write may fail.
const load = k => {
  try { return JSON.parse(localStorage.getItem(K + k)); } catch (e) { return e.name == "SyntaxError" ? undefined : null; }
};
const failing = new Set();
const store = (k, v) => {
  try {
    localStorage.setItem(K + k, JSON.stringify(v));
    failing.delete(k);
  } catch {
    failing.add(k);
  }
  // The pool of puzzles made ahead is only a cache: the note names what the player would lose.
  const lost = [failing.has("game") && "this game", failing.has("stats") && "the statistics"].filter(Boolean);
  notes.storage = lost.length ? `Storage is full or unavailable: ${lost.join(" and ")} ${lost.length > 1 || lost[0] == "the statistics" ? "are" : "is"} not being saved.` : "";
  showNotes();
};
const int = (v, hi = 1e15) => Number.isInteger(v) && v >= 0 && v <= hi;
// Pencil marks: a mask of the digits 1-9 (bit d for digit d; bit 0 is never set).
const mask = m => int(m, 1022) && !(m & 1);
const isDate = d => {
  const t = typeof d == "string" && /^\d{4}-\d\d-\d\d$/.test(d) ? Date.parse(d + "T00:00:00Z") : NaN;
  return !isNaN(t) && new Date(t).toISOString().slice(0, 10) == d;
};
const isPuzzle = (p, s) => typeof p == "string" && typeof s == "string" && /^[1-9.]{81}$/.test(p) && /^[1-9]{81}$/.test(s)
  && !conflicts(cells(s)).size && [...p].every((ch, i) => ch == "." || ch == s[i]);
const rating = r => r && typeof r == "object" && ["er", "ep", "ed"].every(k => typeof r[k] == "number" && r[k] >= 1 && r[k] <= 20)
  && LEVELS.includes(r.level) && typeof r.hardest == "string" && r.hardest.length < 80
  ? { er: r.er, ep: r.ep, ed: r.ed, level: r.level, hardest: r.hardest } : null;
const edits = v => Array.isArray(v) && v.length <= 1000 && v.every(d => Array.isArray(d) && d.length > 0 && d.every(x => Array.isArray(x)
  && x.length == 5 && int(x[0], 80) && int(x[1], 9) && mask(x[2]) && int(x[3], 9) && mask(x[4])));
// Days are UTC days, as for `sudoku daily`: the daily puzzle changes at 00:00 UTC everywhere.
const today = (d = new Date()) => `${d.getUTCFullYear()}-${pad(d.getUTCMonth() + 1)}-${pad(d.getUTCDate())}`;
const MAX_ELAPSED = 100 * 3600 * 1000;
const SETTINGS = { limit: 0, autoRemove: true, showTimer: true, highlight: true };
const LABEL = /^(easy|medium|hard|expert|extreme|imported|daily \d{4}-\d\d-\d\d)$/;
const isLabel = l => typeof l == "string" && LABEL.test(l) && (!l.startsWith("daily") || isDate(l.slice(6)));
// Statistics with sane bounds (as the terminal game reads them): counts are integers up to 10^8,
// times up to 100 hours a game, never more won than played; anything else is unreadable.
const N = 1e8;
// The daily dates won or lost, so that none counts twice: the last 4000 (eleven years of dailies).
const DAYS_KEPT = 4000;
const statsOk = x => x && typeof x == "object" && ["played", "won", "streak", "bestStreak"].every(f => int(x[f], N))
  && int(x.best, MAX_ELAPSED) && int(x.total, x.won * MAX_ELAPSED) && x.won <= x.played && x.streak <= x.bestStreak
  && x.bestStreak <= x.won && (x.days === undefined || Array.isArray(x.days) && x.days.length <= DAYS_KEPT && x.days.every(isDate));

const S = { settings: { ...SETTINGS }, sel: null, pencil: false, ver: 0 };
let stats = {}, pool = {}, booting = true;
// Another tab's saves are taken over: one game, one set of statistics.
function loadStats() {
  const st = load("stats");
  if (st && typeof st == "object" && !Array.isArray(st) && Object.entries(st).every(([k, x]) => (LEVELS.includes(k) || k == "daily") && statsOk(x))) stats = st;
  else return st === null;
  return 1;
}
function loadPool() {
  const pl = load("pool");
  pool = {};
  if (pl && typeof pl == "object") for (const l of [0, 1, 2, 3, 4]) {
    const { puzzle, solution, rating: r } = pl[l] || {};
    if (isPuzzle(puzzle, solution)) pool[l] = { puzzle, solution, rating: rating(r) };
  }
}

function restore(g) {
  if (!g || !isPuzzle(g.puzzle, g.solution)) return;
  const { puzzle: p, board = p, marks = zeros(), undo = [], redo = [], elapsed = 0, mistakes = 0, hints = 0,
    label = "imported", over = null, counted = false, settings = SETTINGS, sel = null, pencil = false, paused = false, stage = 0 } = g;
  const ok = typeof board == "string" && /^[1-9.]{81}$/.test(board) && [...p].every((ch, i) => ch == "." || ch == board[i])
    && Array.isArray(marks) && marks.length == 81 && marks.every(mask)
    && edits(undo) && edits(redo) && [undo, redo].flat(2).every(x => p[x[0]] == ".")
    && typeof elapsed == "number" && elapsed >= 0 && int(mistakes, 1e6) && int(hints, 1e6)
    && isLabel(label) && [null, "won", "lost"].includes(over) && typeof counted == "boolean"
    && (g.rating == null || rating(g.rating)) && settings && [0, 3, 5].includes(settings.limit)
    && ["autoRemove", "showTimer", "highlight"].every(k => typeof settings[k] == "boolean")
    && (sel === null || int(sel, 80)) && typeof pencil == "boolean" && typeof paused == "boolean" && int(stage, 3);
  if (!ok) return;
  Object.assign(S, {
    puzzle: p, solution: g.solution, board: cells(board), marks, undo, redo, elapsed: Math.min(elapsed, MAX_ELAPSED), mistakes, hints, label, over,
    counted, rating: rating(g.rating), settings: { ...SETTINGS, ...settings }, pencil: S.puzzle == p ? S.pencil : pencil,
    paused: paused && !over, autoPaused: false, freeHint: stage > 0 && !over,
    sel: S.puzzle == p ? S.sel : sel ?? Math.max(0, p.indexOf(".")), hint: null, stage: 0, bad: null, ver: S.ver + 1,
  });
  // The hint the player had opened (and paid for) is asked for again, free, at the stage it was at
  // (and free too if ? is pressed before it is back; the first move ends the offer).
  if (S.freeHint) ask(h => h.done || S.hint || (S.hint = h, S.stage = stage, S.freeHint = false, render()), hintQuery);
  return 1;
}
const saved = () => {
  tick();
  const { puzzle, solution, marks, undo, redo, mistakes, hints, label, rating, settings, over, counted, sel, pencil } = S;
  return {
    puzzle, solution, board: text(S.board), marks, undo, redo, elapsed: Math.round(S.elapsed), mistakes, hints, label, rating, settings,
    over, counted, sel, pencil, stage: S.hint ? S.stage : 0,
    // A pause of the player's own is kept; the one of a hidden tab (a reload, a closed tab) is not.
    paused: !!S.paused && !S.autoPaused,
  };
};
// Statistics that could not be saved (storage full) are saved again with the next move, once there is room.
const save = () => {
  store("game", saved());
  if (failing.has("stats")) store("stats", stats);
};
// A tab that is closed or reloaded saves only news. A tab in the background took over the playing
// tab's saves; its own save on leaving would carry the time of the last one it took over, and the
// playing tab, taking that save over in turn, would lose the time played since.
const VIEW = ["elapsed", "sel", "pencil", "stage", "paused"];
const news = () => {
  const mine = saved(), theirs = load("game");
  const game = g => JSON.stringify(Object.entries(g).filter(([k]) => !VIEW.includes(k)));
  return !theirs || typeof theirs != "object" || game(mine) != game(theirs) || !(theirs.elapsed >= mine.elapsed) ? mine : null;
};
const savePool = () => store("pool", pool);

// The engine, in two workers: one answers the player (hints, candidates, an import's check, the
// daily puzzle), the other works in the background (puzzles generated ahead, and the rating of an
// imported puzzle, which takes half a minute for the hardest), so that no hint or Fill waits for it.
function spawn() {
  const worker = new Worker("worker.js", { type: "module" }), waiting = new Map();
  let ids = 0;
  worker.onmessage = ({ data: { id, r } }) => {
    waiting.get(id)?.(r);
    waiting.delete(id);
  };
  worker.onerror = () => worker.onmessage({ data: { id: 0, r: { error: "worker.js could not be started" } } });
  const ready = new Promise(res => waiting.set(0, res));
  const call = (op, args) => new Promise(res => {
    waiting.set(++ids, res);
    worker.postMessage({ id: ids, op, args });
  });
  return { ready, call };
}
const front = spawn(), back = spawn();
const call = (op, ...args) => (["generate", "rate"].includes(op) ? back : front).call(op, args);
const engine = Promise.all([front.ready, back.ready]).then(rs => rs.find(r => r.error) || rs[0]);
const seed = () => [...crypto.getRandomValues(new Uint32Array(2))];
const pending = {};
const gen = l => pending[l] ||= call("generate", l, ...seed()).finally(() => delete pending[l]);
let filling;
async function refill() {
  if (filling) return;
  filling = 1;
  for (let l; (l = [0, 1, 2, 3, 4].find(i => !pool[i])) != null;) {
    const g = await gen(l);
    if (g.error) break;
    if (!g.used) pool[l] = { puzzle: g.puzzle, solution: g.solution, rating: rating(g.rating) };
  }
  filling = 0;
  savePool();
}

// The board.
const cellEls = [];
for (let r = 0; r < 9; r++) {
  const row = el("div", "row");
  row.setAttribute("role", "row");
  for (let c = 0; c < 9; c++) {
    const x = el("div", "cell"), m = el("span", "m");
    x.setAttribute("role", "gridcell");
    x.dataset.cell = cellEls.length;
    for (let d = 0; d < 9; d++) m.append(el("i"));
    x.append(el("b"), m);
    row.append(x);
    cellEls.push(x);
  }
  grid.append(row);
}
const keys = [...document.querySelectorAll("#keypad button")];

function render() {
  if (!S.puzzle) return;
  const { board: b, marks, sel, hint: h, stage, settings: set } = S, conf = conflicts(b), sv = b[sel];
  const role = {}, count = zeros(), at = stage > 1 && h;
  if (stage > 2) for (const x of h.cells) role[x.cell] = x.role;
  const has = (k, c, d) => stage > 2 && h[k].some(x => x[0] == c && x[1] == d);
  const unit = c => at && h.units.some(u => {
    const [k, n] = u.split(" ");
    return (k == "row" ? R(c) : k == "column" ? C(c) : B(c)) == n - 1;
  });
  grid.dataset.puzzle = S.puzzle;
  grid.dataset.label = S.label;
  $("label").textContent = S.label.startsWith("daily") ? "Daily " + S.label.slice(6) : S.label[0].toUpperCase() + S.label.slice(1);
  grid.classList.toggle("paused", S.paused);
  cellEls.forEach((x, i) => {
    const v = b[i], given = S.puzzle[i] != ".", hl = set.highlight && sel != null;
    count[v]++;
    const cls = {
      given, selected: i == sel, peer: hl && peers(i, sel), "same-digit": hl && v && v == sv, conflict: conf.has(i),
      "hint-unit": unit(i), "hint-focus": at && h.focus.includes(i), ["hint-" + role[i]]: role[i], bad: S.bad?.has(i),
    };
    x.className = "cell " + Object.keys(cls).filter(k => cls[k]).join(" ");
    Object.assign(x.dataset, { value: v, given, marks: marks[i] });
    x.setAttribute("aria-selected", i == sel);
    x.tabIndex = i == (sel ?? 0) ? 0 : -1;
    x.firstChild.textContent = v || "";
    const lost = [], got = [];
    [...x.lastChild.children].forEach((m, j) => {
      const d = j + 1, gone = has("eliminations", i, d), put = has("placements", i, d);
      m.textContent = !v && (marks[i] >> d & 1 || gone || put) ? d : "";
      m.className = gone ? "x" : put ? "g" : "";
      if (gone) lost.push(d);
      if (put) got.push(d);
    });
    // What the colours say, said in words too: a wrong digit found by Check, and the cell's part in
    // the open hint. A paused board is hidden to a screen reader as it is to the eye.
    const part = { pattern: "in the hint's pattern", loses: `the hint removes ${lost.join(" ")}`, gets: `the hint places ${got.join(" ")}`,
      wrong: "the hint says this digit is wrong" }[role[i]] ?? (cls["hint-focus"] || cls["hint-unit"] ? "where the hint looks" : "");
    x.setAttribute("aria-label", `Row ${R(i) + 1}, column ${C(i) + 1}, ` + (S.paused ? "hidden while paused"
      : (v ? v + (given ? ", given" : "") : "empty") + (!v && marks[i] ? ", pencil " + digits(marks[i]).join(" ") : "")
      + (conf.has(i) ? ", conflict" : "") + (cls.bad ? ", wrong" : "") + (part && ", " + part)));
  });
  // Focus follows the selection when the grid has it (undo, redo, another tab's save, a restore).
  if (document.activeElement?.classList.contains("cell") && sel != null && document.activeElement != cellEls[sel]) cellEls[sel].focus();
  keys.forEach((k, j) => k.classList.toggle("done", count[j + 1] > 8));
  // A finished game takes no more moves: its buttons say so by being disabled.
  for (const b of [...keys, ...["erase", "hint", "fill", "pause"].map($)]) b.disabled = !!S.over;
  if (!S.paused && $("status").textContent == "Paused.") announce("");
  $("pencil").setAttribute("aria-pressed", S.pencil);
  $("pause").setAttribute("aria-pressed", S.paused);
  $("paused-overlay").hidden = !S.paused;
  $("undo").disabled = !S.undo.length || !!S.over;
  $("redo").disabled = !S.redo.length || !!S.over;
  $("apply-hint").disabled = !h;
  $("hint-panel").dataset.stage = stage;
  $("hint-text").replaceChildren(...(h ? h.stages.slice(0, stage) : []).map(t => el("p", 0, t)));
  const r = S.rating;
  $("rating").textContent = `SE ${r ? r.er.toFixed(1) : ratingFor == S.puzzle ? "…" : "?"} · ${r ? r.level : S.label}`;
  $("mistakes").textContent = `Mistakes ${S.mistakes}${set.limit ? "/" + set.limit : ""}`;
  $("timer").hidden = !set.showTimer;
  $("timer").textContent = fmt(S.elapsed);
}

// The clock runs while a game is on screen, unpaused, unfinished and visible.
let last = performance.now();
function tick() {
  const n = performance.now();
  if (S.puzzle && body.dataset.ready && !S.paused && !S.over && !document.hidden) S.elapsed += n - last;
  last = n;
}
setInterval(() => {
  tick();
  $("timer").textContent = fmt(S.elapsed || 0);
}, 500);

// Dialogs.
const closeAll = () => document.querySelectorAll("dialog[open]").forEach(d => d.close());
const open = id => {
  closeAll();
  $(id).showModal();
};
const busy = (on, what = "Generating…") => {
  body.dataset.busy = on;
  if (on) announce(what);
  else if ($("status").textContent == what) announce("");
};

// Games.
// The New game and Import dialogs say what leaving a game in progress means for the statistics.
const leaving = () => document.querySelectorAll(".leaving").forEach(p => p.hidden = !(inProgress() && counts()));
// Whether the game on screen counts in the statistics when it ends: a level's game, or a daily
// puzzle whose day has not counted yet (an imported puzzle never counts).
const counts = () => LEVELS.includes(S.label) || S.label?.startsWith("daily") && !stats.daily?.days?.includes(S.label.slice(6));
function record(won) {
  const day = S.label.startsWith("daily") && S.label.slice(6), k = day ? "daily" : LEVELS.includes(S.label) && S.label;
  if (S.counted) return;
  S.counted = true;
  if (!k) return;
  loadStats();
  const x = stats[k] ||= { played: 0, won: 0, best: 0, total: 0, streak: 0, bestStreak: 0 }, t = Math.min(Math.round(S.elapsed), MAX_ELAPSED);
  if (day) {
    if (x.days?.includes(day)) return;
    x.days = [...(x.days || []).slice(1 - DAYS_KEPT), day];
  }
  x.played++;
  if (won) {
    x.won++;
    x.total += t;
    x.best = x.best ? Math.min(x.best, t) : t;
    x.bestStreak = Math.max(x.bestStreak, ++x.streak);
  } else x.streak = 0;
  store("stats", stats);
}
// A finished game's moves are refused aloud: its buttons are disabled, its keys say why.
const ended = () => S.over && (announce(S.over == "lost" ? "This game is over: New game or Try again." : "This puzzle is solved: New game for another."), 1);
// A game in progress: one that leaving would count as played and not won.
const inProgress = () => S.puzzle && !S.over && !S.counted && S.undo.length > 0;
function start(g, label) {
  if (inProgress()) record(false);
  Object.assign(S, {
    puzzle: g.puzzle, solution: g.solution, board: cells(g.puzzle), marks: zeros(), undo: [], redo: [], elapsed: 0,
    mistakes: 0, hints: 0, label, rating: rating(g.rating), over: null, counted: false, sel: g.puzzle.indexOf("."), paused: false,
    autoPaused: false,
  });
  if (!booting) clearNotes();
  busy(false);
  changed();
  closeAll();
  announce(`New puzzle: ${label}` + (label.startsWith("daily") && stats.daily?.days?.includes(label.slice(6)) ? " (played before: not counted again)." : "."));
}
let token = 0;
async function newGame(l) {
  closeAll();
  const t = ++token;
  let g = pool[l];
  if (g) {
    delete pool[l];
    savePool();
  } else {
    busy(true);
    g = await gen(l);
    g.used = 1;
    if (pool[l]?.puzzle == g.puzzle) delete pool[l];
    if (t != token) return;
  }
  if (g.error) return busy(false), note(g.error);
  start(g, LEVELS[l]);
  refill();
}
// A link's puzzle replaces a game in progress only once the player agrees (as Restart asks).
let linked = null;
function startLinked(g, label) {
  if (!inProgress()) return start(g, label), rateMissing();
  linked = { g, label };
  busy(false);
  announce("");
  open("link-dialog");
  // The link stays in the address while the player is asked, so that a reload asks again.
  history.replaceState(null, "", location.pathname + location.search + (label == "imported" ? "#p=" + g.puzzle : "#daily=" + label.slice(6)));
}
$("link-dialog").addEventListener("close", () => history.replaceState(null, "", location.pathname + location.search));
async function daily(date, fromLink) {
  closeAll();
  // The daily puzzle being played (or solved) is not replaced by itself: the player is told, and a
  // solved one shows its result again.
  if (S.label == "daily " + date) {
    const it = date == today() ? "Today's puzzle" : `The daily puzzle for ${date}`;
    if (S.over == "won") showDone();
    return announce(`${it} is ${S.over == "won" ? "already solved" : S.over ? "already over" : "already open"}.`);
  }
  // A day's puzzle comes out at 00:00 UTC of that day, not before: played early, it would mark that
  // day solved, and count in the daily statistics, before the day has come.
  if (isDate(date) && date > today()) return note(`The daily puzzle for ${date} is not out yet: it comes out at 00:00 UTC that day.`);
  const t = ++token, [y, m, d] = date.split("-").map(Number);
  busy(true);
  const g = await call("daily", y, m, d);
  if (t != token) return;
  // The engine's sentence names the date and the expected form (for the CLI); the page knows both.
  if (g.error) return busy(false), note(g.kind == "not-a-date" ? `There is no daily puzzle for ${date}: that date does not exist.`
    : `The daily puzzle for ${date} could not be made (${g.error}).`);
  fromLink ? startLinked(g, "daily " + g.date) : start(g, "daily " + g.date);
}
// The engine's parse errors, which are the CLI's (byte columns, format names), told in the player's
// terms: where, what was found, what a puzzle needs.
function explain(r, input) {
  // The engine says where and what as fields (`parse`); the sentence in `error` is the CLI's.
  const p = r.parse;
  if (!p) return r.error[0].toUpperCase() + r.error.slice(1) + ".";
  const at = `Line ${p.line}`;
  switch (p.kind) {
    case "unexpected-character":
      return `${at}, column ${p.column}: ${shown(p.char)} is not a digit or a dot. Use 1-9 for digits and . or 0 for blanks.`;
    case "line-length": return `${at}: expected 81 digits or dots, found ${p.found}.`;
    case "row-length":
      // One short line was meant as a puzzle of 81, not as the first row of a grid.
      return input.includes("\n") ? `${at}: expected a row of 9 digits or dots, found ${p.found}.`
        : `${at}: expected 81 digits or dots, found ${p.found}.`;
    case "cut-short":
      return input.includes("\n") ? `Only ${p.rows} of the 9 rows were found.`
        : `${at}: expected 81 digits or dots, found ${input.match(/[0-9._]/g)?.length ?? 0}.`;
    case "cell-out-of-range": case "negative-cell": return `${at}: cells are single digits 1-9, with . or 0 for blanks.`;
    case "extra-puzzle": return `${at}: more than one puzzle. Import one puzzle at a time.`;
    case "line-too-long": return "That text is too long for a puzzle.";
    case "format-changed": return `${at}: this row is laid out unlike the rows above it.`;
    default: return "There is no puzzle in this text.";
  }
}
// A character quoted in a sentence: one that cannot be seen (a control or a space) by its code, and
// every one isolated, so that a right-to-left one does not turn the sentence around.
const shown = c => /^[\p{C}\p{Z}]$/u.test(c) ? `the invisible character U+${c.codePointAt(0).toString(16).toUpperCase().padStart(4, "0")}`
  : `“\u2068${c}\u2069”`;
// The puzzle of a text, checked (one solution), or a sentence saying why not. Text copied from a web
// page may hold other spaces than the ordinary one (no-break, thin) and invisible format characters
// (zero-width spaces, direction marks): the spaces count as spaces, the format characters as nothing.
async function read81(input) {
  input = input.replace(/\p{Cf}/gu, "").replace(/\p{Zs}/gu, " ").trim();
  if (input.length > 2000) return "That text is too long for a puzzle.";
  if (!input) return "There is no puzzle in this text.";
  const r = await call("solve", input);
  if (r.error) return explain(r, input);
  if (!r.solutions) return `This puzzle has no solution${r.conflict ? `: ${r.conflict}` : ""}.`;
  if (r.solutions > 1) return "This puzzle has more than one solution.";
  if (!isPuzzle(r.puzzle, r.solution) || !r.puzzle.includes(".")) return "This grid is already complete.";
  return r;
}
async function load81(input) {
  const r = await read81(input);
  if (typeof r == "string") return r;
  ++token;
  start(r, "imported");
  await rateMissing();
}
// A game without a rating (an imported puzzle, saved or reloaded before the
// engine rated it) is rated now, and its rating saved with it.
let ratingFor = null;
async function rateMissing() {
  const p = S.puzzle;
  if (!p || S.rating || ratingFor == p) return;
  ratingFor = p;
  render();
  const rt = await call("rate", p);
  if (ratingFor == p) ratingFor = null;
  if (S.puzzle == p && !S.rating && (S.rating = rating(rt))) save();
  render();
}
let linkToken = 0;
async function fromHash() {
  const h = location.hash, p = /^#p=(.*)/s.exec(h), d = /^#daily=(.*)/s.exec(h);
  if (!p && !d) return;
  history.replaceState(null, "", location.pathname + location.search);
  if (d) return /^\d{4}-\d\d-\d\d$/.test(d[1]) ? daily(d[1], 1) : note("The link does not hold a date.");
  let s = "";
  try { s = decodeURIComponent(p[1]); } catch {}
  if (!/^[0-9.]{81}$/.test(s)) return note("The link does not hold a puzzle of 81 digits and dots.");
  // The puzzle on screen is not replaced by itself: the player is told, and a solved one shows its
  // result again (as a daily puzzle's link does).
  if (s.replace(/0/g, ".") == S.puzzle) {
    if (S.over == "won") showDone();
    return announce(`This puzzle is ${S.over == "won" ? "already solved" : S.over ? "already over" : "already open"}.`);
  }
  // A refused link leaves alone what was going on (a new game being made); of several links in a
  // row, the last one counts.
  const l = ++linkToken, t = token, r = await read81(s);
  if (l != linkToken || t != token) return;
  if (typeof r == "string") return note("The link's puzzle was refused: " + r[0].toLowerCase() + r.slice(1));
  ++token;
  startLinked(r, "imported");
}

// Moves. Every change of board or marks goes through edit() and lands on the undo stack.
function changed() {
  Object.assign(S, { hint: null, stage: 0, bad: null, freeHint: false });
  S.ver++;
  if (!S.over && S.board.join("") == S.solution) win();
  save();
  render();
}
// True when the move changed something.
function edit(f) {
  if (!S.puzzle || ended() || S.paused) return;
  const b = S.board.slice(), m = S.marks.slice(), d = [];
  f();
  for (let i = 0; i < 81; i++) if (b[i] != S.board[i] || m[i] != S.marks[i]) d.push([i, b[i], m[i], S.board[i], S.marks[i]]);
  if (!d.length) return false;
  clearNotes();
  S.undo.push(d);
  if (S.undo.length > 1000) S.undo.shift();
  S.redo = [];
  changed();
  return true;
}
function put(c, d) {
  S.board[c] = d;
  S.marks[c] = 0;
  if (S.settings.autoRemove) for (let i = 0; i < 81; i++) if (peers(i, c)) S.marks[i] &= ~(1 << d);
}
function input(d, mark) {
  const c = S.sel, where = c == null ? "" : `row ${R(c) + 1}, column ${C(c) + 1}`;
  if (c == null || ended() || S.paused) return;
  if (S.puzzle[c] != ".") return announce(`The ${S.puzzle[c]} in ${where} is given.`);
  if (!d) {
    if (!S.board[c] && !S.marks[c]) return announce(`Nothing to erase in ${where}.`);
    edit(() => S.board[c] ? S.board[c] = 0 : S.marks[c] = 0);
    return announce(`Erased ${where}.`);
  }
  if (mark || S.pencil) {
    if (S.board[c]) return announce(`${where[0].toUpperCase() + where.slice(1)} holds a digit: erase it before pencil marks.`);
    edit(() => S.marks[c] ^= 1 << d);
    return announce(S.marks[c] >> d & 1 ? `Pencil mark ${d} in ${where}.` : `Pencil mark ${d} removed from ${where}.`);
  }
  if (S.board[c] == d) return;
  const wrong = d != S.solution[c];
  if (wrong) S.mistakes++;
  edit(() => put(c, d));
  if (S.over) return;
  announce(`${d} in ${where}` + (wrong ? `: mistake ${S.mistakes}` : ""));
  if (wrong) enforceLimit();
}
// The mistake limit holds at once, also when it is lowered during a game to the mistakes already made.
function enforceLimit(why = "That was the last mistake allowed.") {
  if (!S.puzzle || S.over || !S.settings.limit || S.mistakes < S.settings.limit) return;
  $("lost-why").textContent = why;
  tick();
  S.over = "lost";
  S.paused = false;
  record(false);
  save();
  render();
  open("lost-dialog");
  announce("Out of mistakes: the game is lost.");
}
function win() {
  tick();
  S.over = "won";
  record(true);
  showDone();
  announce(`Solved in ${fmt(S.elapsed)}!`);
}
function showDone() {
  const r = S.rating || {};
  $("done-time").textContent = fmt(S.elapsed);
  $("done-mistakes").textContent = S.mistakes;
  $("done-hints").textContent = S.hints;
  for (const k of ["er", "ep", "ed"]) $("done-" + k).textContent = r[k]?.toFixed(1) ?? "?";
  $("done-hardest").textContent = r.hardest ?? "?";
  $("again").hidden = !LEVELS.includes(S.label);
  open("done-dialog");
}
// What a move did, for the live region: "5 in row 3, column 4". A move is a list of
// [cell, digit before, marks before, digit after, marks after].
function told(d) {
  const at = c => `row ${R(c) + 1}, column ${C(c) + 1}`, put = d.find(x => x[3] && x[3] != x[1]), gone = d.find(x => x[1] && !x[3]);
  if (put) return `${put[3]} in ${at(put[0])}`;
  if (gone) return `erasing the ${gone[1]} in ${at(gone[0])}`;
  if (d.length > 1) return `the pencil marks of ${d.length} cells`;
  const [c, , m0, , m1] = d[0], ds = digits(m0 ^ m1);
  return ds.length == 1 ? `pencil mark ${ds[0]} in ${at(c)}` : `the pencil marks of ${at(c)}`;
}
function step(from, to, j) {
  if (ended() || S.paused) return;
  if (!from.length) return announce(`Nothing to ${j == 1 ? "undo" : "redo"}.`);
  const d = from.pop();
  for (const x of d) {
    S.board[x[0]] = x[j];
    S.marks[x[0]] = x[j + 1];
  }
  to.push(d);
  S.sel = (d.find(x => x[1] != x[3]) || d[0])[0];
  changed();
  announce(`${j == 1 ? "Undid" : "Redid"} ${told(d)}.`);
}
const move = k => {
  const c = S.sel ?? 40;
  S.sel = k % 9 ? R(c) * 9 + (C(c) + k + 9) % 9 : (c + k + 81) % 81;
  render();
};
// An engine call on the position of now (q gives its arguments). Its answer is dropped when the
// position changed meanwhile or, with `again`, asked anew for the same puzzle's new position.
const ask = async (f, q, again) => {
  const v = S.ver, p = S.puzzle, r = await call(...q());
  if (v == S.ver) r.error || f(r);
  else if (again && p == S.puzzle) return ask(f, q, again);
};
const cands = () => ["candidates", text(S.board)];
const hintQuery = () => ["hint", text(S.board), S.solution, S.marks];
// Presses of ? while the engine is still working on the hint are counted, not dropped: once it
// answers, the hint opens that many stages (never past the last; applying takes a press of its own).
let asking, pressedMeanwhile = 0;
async function hint() {
  if (!S.puzzle || ended() || S.paused) return;
  if (asking) return void pressedMeanwhile++;
  if (S.stage > 2) return apply();
  if (!S.hint) {
    asking = 1;
    pressedMeanwhile = 0;
    // The hardest positions take the engine seconds: the player is told that it is working.
    const looking = "Looking for a hint…", slow = setTimeout(() => busy(true, looking), 400);
    // Not charged when the reopened hint of a reload came back first (it is that hint), and not
    // shown, nor charged, when the game was paused meanwhile.
    await ask(h => h.done || S.hint || S.paused || (S.hint = h, S.freeHint ? S.freeHint = false : S.hints++), hintQuery, 1);
    clearTimeout(slow);
    asking = 0;
    if ($("status").textContent == looking) busy(false, looking);
    if (!S.hint) return;
  }
  const stages = Math.min(1 + pressedMeanwhile, 3 - S.stage);
  pressedMeanwhile = 0;
  for (let i = 0; i < stages; i++) announce(S.hint.stages[S.stage++]);
  save();
  render();
  // On a short screen (a phone, landscape) the panel is below the board: its text is brought into view.
  $("hint-panel").scrollIntoView({ block: "nearest" });
}
async function apply() {
  const h = S.hint;
  if (!h || S.over || S.paused) return;
  ask(cand => edit(() => {
    for (const [c, d] of h.placements) put(c, d);
    for (const [c, d] of h.eliminations) S.marks[c] = (S.marks[c] || cand[c]) & ~(1 << d);
    for (const c of h.clear) h.kind == "wrong-digit" ? S.board[c] = 0 : S.marks[c] = cand[c];
    announce("Hint applied.");
  }), cands);
}
function check() {
  if (!S.puzzle || S.paused) return;
  S.bad = new Set(S.board.flatMap((v, i) => v && v != S.solution[i] ? [i] : []));
  // Where, too: a player who does not see the red cells hears which they are (the first five).
  const where = [...S.bad].slice(0, 5).map(c => `row ${R(c) + 1}, column ${C(c) + 1}`).join("; ");
  announce(S.bad.size ? `${S.bad.size} wrong digit${S.bad.size > 1 ? "s" : ""}: ${where}${S.bad.size > 5 ? "; …" : ""}.` : "No wrong digits.");
  render();
  const v = S.ver;
  setTimeout(() => v == S.ver && (S.bad = null, render()), 2500);
}
// A restart is a new attempt at the same puzzle: all from zero (time, mistakes, hints). The attempt
// it ends counts as not won if it was in progress, as when a new game replaces it; the new one
// counts when it ends.
function restart() {
  if (!S.puzzle) return;
  if (inProgress()) record(false);
  Object.assign(S, {
    board: cells(S.puzzle), marks: zeros(), undo: [], redo: [], elapsed: 0, mistakes: 0, hints: 0, over: null, counted: false,
    paused: false, autoPaused: false,
  });
  tick();
  closeAll();
  changed();
  announce("Restarted.");
}
function pause(on = !S.paused, auto = false) {
  if (!S.puzzle || (auto ? S.over : ended()) || on == S.paused) return;
  tick();
  S.paused = on;
  S.autoPaused = on && auto;
  save();
  render();
  // The focus does not stay on a cell under the overlay: it goes to Resume, and back to the board.
  if (on && !auto && grid.contains(document.activeElement)) $("resume").focus();
  else if (!on && document.activeElement == $("resume")) cellEls[S.sel ?? 0]?.focus();
  announce(on ? "Paused." : "Resumed.");
}
const toggle = (k, o, name) => {
  o[k] = !o[k];
  announce(`${name} ${o[k] ? "on" : "off"}.`);
  save();
  render();
};
const acts = {
  erase: () => input(0),
  pencil: () => toggle("pencil", S, "Pencil mode"),
  autoRemove: () => toggle("autoRemove", S.settings, "Auto-remove of pencil marks"),
  undo: () => step(S.undo, S.redo, 1),
  redo: () => step(S.redo, S.undo, 3),
  hint,
  "apply-hint": apply,
  fill: () => ended() || ask(cand => {
    const did = edit(() => S.marks = S.marks.map((m, i) => S.board[i] ? m : cand[i]));
    S.over || S.paused || announce(did ? "Filled in all candidates." : "Every candidate is filled in already.");
  }, cands, 1),
  clear: () => {
    const did = edit(() => S.marks.fill(0));
    S.over || S.paused || !S.puzzle || announce(did ? "Cleared all pencil marks." : "There are no pencil marks to clear.");
  },
  check,
  pause: () => pause(),
  resume: () => pause(false),
  restart: () => S.puzzle && open("confirm-dialog"),
  "confirm-ok": restart,
  retry: restart,
  "link-ok": () => linked && (start(linked.g, linked.label), linked = null, rateMissing()),
  "new-game": () => {
    $("daily").textContent = "Daily puzzle" + (stats.daily?.days?.includes(today()) ? " ✓" : "");
    open("new-game-dialog");
    leaving();
  },
  daily: () => (clearNotes(), daily(today())),
  again: () => newGame(LEVELS.indexOf(S.label)),
  import: () => {
    $("import-error").textContent = "";
    open("import-dialog");
    leaving();
  },
  "import-ok": async () => {
    $("import-error").textContent = await load81($("import-text").value) || "";
  },
  share: () => {
    const u = new URL(location.href);
    u.hash = "p=" + S.puzzle;
    $("share-link").value = u.href;
    $("copy").textContent = "Copy";
    open("share-dialog");
    $("share-link").select();
  },
  copy: async () => {
    try {
      await navigator.clipboard.writeText($("share-link").value);
    } catch {
      $("share-link").select();
      if (!document.execCommand("copy")) return;
    }
    $("copy").textContent = "Copied";
  },
  print: () => print(),
  stats: () => {
    $("stats-body").replaceChildren(...[...LEVELS, "daily"].map(k => {
      const x = stats[k] || {}, tr = el("tr");
      tr.append(...[k, x.played | 0, x.won | 0, x.best ? fmt(x.best) : "–", x.won ? fmt(x.total / x.won) : "–", x.streak | 0, x.bestStreak | 0]
        .map((v, i) => el(i ? "td" : "th", 0, v)));
      return tr;
    }));
    open("stats-dialog");
  },
  settings: () => {
    const s = S.settings;
    $("mistake-limit").value = s.limit;
    $("auto-remove").checked = s.autoRemove;
    $("show-timer").checked = s.showTimer;
    $("highlight").checked = s.highlight;
    open("settings-dialog");
  },
};
for (const id in acts) $(id)?.addEventListener("click", acts[id]);
document.querySelectorAll("[data-level]").forEach(b => b.onclick = () => newGame(LEVELS.indexOf(b.dataset.level)));
document.querySelectorAll(".close").forEach(b => b.onclick = () => b.closest("dialog").close());
// A dialog gives the focus back to what had it before it opened. When that was a button of another
// dialog, now closed (New game… in the Solved dialog), the focus would be nowhere: the board takes it.
document.querySelectorAll("dialog").forEach(d => d.addEventListener("close", () => (closedAt = performance.now(), setTimeout(() => {
  const a = document.activeElement;
  if (!document.querySelector("dialog[open]") && (!a || a == body || !a.offsetParent)) cellEls[S.sel ?? 0]?.focus();
}))));
// The second tap of a double tap on a dialog's button lands on what the closed dialog uncovered (a
// keypad digit under Expert on a phone on its side): such a tap, or a mouse's second click, is not
// a move.
let closedAt = -1e9;
const ghost = e => performance.now() - closedAt < 350 && (e.pointerType == "touch" || e.detail > 1);
document.querySelectorAll(".new").forEach(b => b.onclick = acts["new-game"]);
$("keypad").onclick = e => e.target.dataset.digit && !ghost(e) && input(+e.target.dataset.digit);
grid.onclick = e => {
  const x = !ghost(e) && e.target.closest(".cell");
  if (x) S.sel = +x.dataset.cell, render();
};
$("settings-dialog").onchange = () => {
  S.settings = {
    limit: +$("mistake-limit").value, autoRemove: $("auto-remove").checked,
    showTimer: $("show-timer").checked, highlight: $("highlight").checked,
  };
  save();
  render();
};
// A lowered mistake limit holds once the dialog is closed, not at each change of the list: going
// from Off to 5 with the arrow keys passes 3 on the way, and must not lose the game there.
$("settings-dialog").addEventListener("close", () =>
  enforceLimit(`The mistake limit is now ${S.settings.limit}, and ${S.mistakes} mistake${S.mistakes > 1 ? "s were" : " was"} already made.`));
const MOVES = { ArrowUp: -9, ArrowDown: 9, ArrowLeft: -1, ArrowRight: 1, k: -9, j: 9, h: -1, l: 1, w: -9, s: 9, a: -1, d: 1 };
const KEYS = { Backspace: "erase", Delete: "erase", n: "pencil", m: "autoRemove", f: "fill", x: "clear", u: "undo", "?": "hint", c: "check", p: "pause" };
// Letters work in either case (Caps Lock, Shift): no letter shortcut uses Shift for something else.
// A digit typed places it, whatever it takes on the layout (Shift on AZERTY); the other character of
// a digit key (Shift on QWERTY, none on AZERTY) pencils its digit, and so does Shift with the numpad.
// Letters come from the key's place when the layout types another script (Ctrl+Z on a Russian one).
const latin = (k, code) => /^\p{L}$/u.test(k) && !/^[a-z]$/i.test(k) ? /^Key([A-Z])$/.exec(code)?.[1].toLowerCase() ?? k : k.toLowerCase();
document.addEventListener("keydown", e => {
  const dlg = document.querySelector("dialog[open]");
  if (dlg && e.key == "Tab") {
    const f = [...dlg.querySelectorAll("button,input,select,textarea")].filter(x => x.offsetParent), [a, z] = e.shiftKey ? [f.at(-1), f[0]] : [f[0], f.at(-1)];
    if (document.activeElement == z || !dlg.contains(document.activeElement)) e.preventDefault(), a.focus();
  }
  if (dlg || /INPUT|TEXTAREA|SELECT/.test(e.target.tagName) || e.altKey) return;
  const k = e.key, z = latin(k, e.code), dg = /^(Digit|Numpad)([1-9])$/.exec(e.code), moving = MOVES[k] || MOVES[z];
  const f = e.ctrlKey || e.metaKey
    // Ctrl/Cmd+R stays the browser's reload.
    ? z == "z" ? acts[e.shiftKey ? "redo" : "undo"] : z == "y" && acts.redo
    : /^[0-9]$/.test(k) && !(e.shiftKey && dg?.[1] == "Numpad") ? () => input(+k)
    : dg && (e.shiftKey || k.length == 1) ? () => input(+dg[2], 1)
    : moving ? () => move(moving) : acts[KEYS[k] || KEYS[z]];
  if (f) {
    e.preventDefault();
    // A held key repeats only moves, undo, redo and erasing: a held ? or Shift+3 does its thing once.
    if (!e.repeat || moving || e.ctrlKey || e.metaKey || f == acts.erase) f();
  }
});
document.addEventListener("visibilitychange", () => document.hidden ? pause(true, true) : tick());
addEventListener("pagehide", () => {
  const g = S.puzzle && news();
  if (g) store("game", g);
});
addEventListener("hashchange", fromHash);
addEventListener("storage", e => {
  if (e.key == K + "game" && restore(load("game"))) render(), rateMissing(), enforceLimit();
  if (e.key == K + "stats") loadStats();
  if (e.key == K + "pool") loadPool();
});

// Start: resume the saved game, or follow the link, or start a new one.
{
  const g = load("game");
  if (g !== null && !restore(g)) note("The saved game could not be read, so a new game was started.");
  if (!loadStats()) {
    note("The statistics could not be read and were reset.");
    store("stats", stats);
  }
  loadPool();
  render();
  const ok = await engine;
  announce("");
  if (ok.error) note("The game engine could not be loaded: " + ok.error);
  else {
    await fromHash();
    if (!S.puzzle) await newGame(0);
    rateMissing();
    refill();
  }
  body.dataset.busy = false;
  if (S.puzzle) {
    body.dataset.ready = "true";
    last = performance.now();
    // The Solved or Out of mistakes dialog was shown when the game ended: a reload does not show it again.
    // A saved game over its mistake limit (storage edited by hand) is lost now.
    enforceLimit(`The saved game has ${S.mistakes} mistakes, and its limit is ${S.settings.limit}.`);
  }
  booting = false;
  navigator.serviceWorker?.register("sw.js").catch(() => {});
}
