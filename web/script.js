// The app's library for scripts: `globalThis.dicelab`, each function giving the JSON document
// the command line or the server gives for the same input, computed in this browser (the same
// seed gives the same numbers). For a page's console, a bookmarklet, or a test.

import * as compute from "./compute.js";

/** Puts `dicelab` on the page's global object:
 *
 * - `advise(game, position[, options])`: what `dicelab advise GAME --position FILE --json`
 *   prints; `options` as `{rules: ["max_rolls=4"], policies: [...], n: 64, seed: 7}`;
 * - `review(recordText[, options])`: what `dicelab review FILE --format json` prints;
 *   `options` as `{n, seed}` for the games valued by play-outs;
 * - `replay(game, request)`: what `POST /api/play/GAME` answers for the request `{seed,
 *   players, rules, policies, moves, coach, advice}`;
 * - `sheet(step[, options])`: what `POST /api/sheet` answers for a step of a game followed at
 *   the table (`{start: {game, seats, rules}}`, or `{record, throw: [faces]}`, or `{record,
 *   stop: true}`): the record with the step and the game so far;
 * - `rules(game)`: what `GET /api/rules/GAME` answers;
 * - `games()`: what `GET /api/games` answers;
 * - `inBrowser()`: whether the answers are computed in this browser (else by the server);
 * - `memory()`: the bytes the module's memory holds (the most it has taken), or null.
 *
 * Each returns a promise of the parsed document; a refusal rejects it with the library's one
 * line as the Error's message. */
export function exposed() {
  globalThis.dicelab = Object.freeze({
    advise: (game, position, options = {}) => compute.advise(game, position, options),
    review: (recordText, options = {}) => compute.review(recordText, options),
    replay: (game, request = {}) => compute.play(game, request),
    sheet: (step, options = {}) => compute.sheet(step, options),
    rules: (game) => compute.rules(game),
    games: () => compute.games(),
    inBrowser: () => compute.inBrowser(),
    memory: () => compute.memory(),
  });
}
