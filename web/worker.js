// The page's computer: dicelab's library compiled to WebAssembly (pkg/, which dev/web.sh builds),
// run in a Web Worker so the page never freezes while a game is solved or play-outs are raced.
// A message {id, op, args} calls one of the module's functions; the answer {id, value} or
// {id, error} carries its JSON text or its one-line error, and {id, progress} how far long work
// has come; {id, op: "memory"} asks the bytes its memory holds. The first message says whether the module loaded: {ready: true} or {failed: why}.

import init, * as dicelab from "./pkg/dicelab_wasm.js";

/** The module's functions a page may call, each taking and giving text. */
const OPS = ["games", "rules", "advise", "coach", "replay", "review", "sheet"];

/** The module's exports, once loaded: its memory, for `memory`. */
let loaded = null;

let asking = null;

// The library tells its progress here (wasm/src/lib.rs), while it computes: posted at once.
globalThis.dicelabProgress = (done, total) => postMessage({ id: asking, progress: { done, total } });

const ready = init().then(
  (exports) => {
    loaded = exports;
    postMessage({ ready: true });
  },
  (error) => {
    postMessage({ failed: String(error && error.message ? error.message : error) });
    throw error;
  },
);

self.onmessage = async ({ data }) => {
  const { id, op, args } = data;
  try {
    await ready;
  } catch {
    postMessage({ id, error: "dicelab's module did not load in this browser" });
    return;
  }
  // The bytes the module holds (its memory grows and never shrinks: the most it took).
  if (op === "memory") {
    postMessage({ id, value: String(loaded.memory.buffer.byteLength) });
    return;
  }
  if (!OPS.includes(op)) {
    postMessage({ id, error: `${op}: not an operation of dicelab's module` });
    return;
  }
  asking = id;
  try {
    postMessage({ id, value: dicelab[op](...args) });
  } catch (error) {
    // A trap (a panic, memory that could not be had) leaves the module's state unusable: the
    // page ends this worker and starts another for the next question.
    const fatal = error instanceof WebAssembly.RuntimeError;
    const why = error && error.message ? error.message : String(error);
    postMessage({ id, error: fatal ? `dicelab's module stopped (${why}); it starts again at the next question` : why, fatal });
  } finally {
    asking = null;
  }
};
