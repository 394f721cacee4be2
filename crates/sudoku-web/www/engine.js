// The engine: sudoku-core's WebAssembly build, called through its raw
// exports (crates/sudoku-web/src/exports.rs). Each call writes its UTF-8
// input into the module's buffer, runs, and reads the UTF-8 answer back.
// Works the same in a page, a Web Worker and Node.js (the API tests).

const encoder = new TextEncoder();
const decoder = new TextDecoder();

/** Wraps an instantiated sudoku_web.wasm instance. */
export class Engine {
  constructor(instance) {
    this.x = instance.exports;
  }

  /** Loads the engine from the .wasm file's bytes or a fetch Response. */
  static async load(source) {
    const { instance } =
      source instanceof Response
        ? await WebAssembly.instantiateStreaming(source, {}).catch(async () =>
            WebAssembly.instantiate(await source.clone().arrayBuffer(), {}))
        : await WebAssembly.instantiate(source, {});
    return new Engine(instance);
  }

  /** The answer of the last call, `len` bytes of text. */
  read(len) {
    const ptr = this.x.io_ptr();
    return decoder.decode(new Uint8Array(this.x.memory.buffer, ptr, len));
  }

  /** Calls the export `name` with `text` as its input; returns the answer text. */
  call(name, text) {
    const bytes = encoder.encode(text);
    const ptr = this.x.io_reserve(bytes.length);
    new Uint8Array(this.x.memory.buffer, ptr, bytes.length).set(bytes);
    return this.read(this.x[name](bytes.length));
  }

  /** SE rating: {er, ep, ed, level, hardest, steps} or {error}. */
  rate(puzzle) {
    return JSON.parse(this.call("rate", puzzle));
  }

  /** One "ER/EP/ED" or "-" line per puzzle line of `text`. */
  rateLines(text) {
    return this.call("rate_lines", text);
  }

  /** {puzzle, solutions (0, 1 or 2 for more), solution?, conflict?} or {error}. */
  solve(puzzle) {
    return JSON.parse(this.call("solve", puzzle));
  }

  /** Every cell's candidates as 81 bit masks (bit d for digit d). */
  candidates(board) {
    return JSON.parse(this.call("candidates", board));
  }

  /**
   * The hint for `board` (81 chars) towards `solution` with pencil marks
   * `marks` (81 masks): {kind, technique, difficulty, digits, units, cells,
   * focus, placements, eliminations, clear, usedMarks, stages} or {done}.
   */
  hint(board, solution, marks = []) {
    return JSON.parse(this.call("hint", `${board}\n${solution}\n${marks.join(",")}`));
  }

  /** A new puzzle of level 0 (easy) to 4 (extreme) from a 64-bit seed given as two 32-bit halves. */
  generate(level, seedHigh, seedLow) {
    return JSON.parse(this.read(this.x.generate(level, seedHigh >>> 0, seedLow >>> 0)));
  }

  /** The daily puzzle of a date: {date, level, puzzle, solution, rating}. */
  daily(year, month, day) {
    return JSON.parse(this.read(this.x.daily(year, month, day)));
  }
}

/** The levels, in the engine's order. */
export const LEVELS = ["easy", "medium", "hard", "expert", "extreme"];
