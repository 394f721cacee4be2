import { Engine } from "./engine.js";
const ops = ["generate", "daily", "rate", "hint", "solve", "candidates"];
const ready = fetch("sudoku.wasm").then(r => {
  if (!r.ok) throw Error(`sudoku.wasm: HTTP ${r.status}`);
  return Engine.load(r);
});
const reply = (id, f) => ready.then(f).catch(e => ({ error: String(e.message || e) })).then(r => postMessage({ id, r }));
reply(0, () => ({}));
onmessage = ({ data: { id, op, args } }) => reply(id, e => ops.includes(op) ? e[op](...args) : { error: `no ${op}` });
