// Runs each case of CASES (a JSON list of {call: "advise", game, position, options} or
// {call: "review", record, options}) through the WebAssembly module, as a page's worker would,
// and writes OUT: a list of {ok: text} or {error: line}, one for each case, in order.
//
//   node tests/wasm/parity.js MODULE_DIR CASES OUT
'use strict';
const fs = require('fs');
const path = require('path');
const [moduleDir, casesFile, outFile] = process.argv.slice(2);
const dicelab = require(path.resolve(moduleDir, 'dicelab_wasm.js'));
const cases = JSON.parse(fs.readFileSync(casesFile, 'utf8'));
const started = Date.now();
const answers = cases.map((c) => {
  const options = JSON.stringify(c.options);
  try {
    if (c.call === 'review') {
      return { ok: dicelab.review(c.record, options) };
    }
    return { ok: dicelab.advise(c.game, c.position, options) };
  } catch (e) {
    return { error: e.message };
  }
});
fs.writeFileSync(outFile, JSON.stringify(answers));
const reviews = cases.filter((c) => c.call === 'review').length;
console.error(
  `wasm parity: ${cases.length - reviews} advices and ${reviews} reviews in ` +
    `${Date.now() - started} ms (Node, one thread)`,
);
