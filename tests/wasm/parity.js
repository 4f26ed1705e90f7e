// Runs each case of CASES (a JSON list of {game, position, options}) through the WebAssembly
// module's advise, as a page's worker would, and writes OUT: a list of {ok: text} or
// {error: line}, one for each case, in order.
//
//   node tests/wasm/parity.js MODULE_DIR CASES OUT
'use strict';
const fs = require('fs');
const path = require('path');
const [moduleDir, casesFile, outFile] = process.argv.slice(2);
const dicelab = require(path.resolve(moduleDir, 'dicelab_wasm.js'));
const cases = JSON.parse(fs.readFileSync(casesFile, 'utf8'));
const started = Date.now();
const answers = cases.map(({ game, position, options }) => {
  try {
    return { ok: dicelab.advise(game, position, JSON.stringify(options)) };
  } catch (e) {
    return { error: e.message };
  }
});
fs.writeFileSync(outFile, JSON.stringify(answers));
console.error(`wasm parity: ${cases.length} advices in ${Date.now() - started} ms (Node, one thread)`);
