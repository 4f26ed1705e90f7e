// Which coach each game has: the one map from a game's name to its page of taps. A game not
// named here is coached key by key, from the position keys the library lists for it.

import { games } from "./compute.js";
import { addressed, keyedCoach } from "./coach.js";
import { sevensCoach } from "./sevens.js";
import { race, sieben, solitaire, tapCoach } from "./taps.js";

/** Each game's coach by taps. */
const COACHES = {
  sevens: sevensCoach,
  "solitaire-dice": (page, game, keys) => tapCoach(page, game, solitaire, keys),
  sieben: (page, game, keys) => tapCoach(page, game, sieben, keys),
  sequences: (page, game, keys) => tapCoach(page, game, race, keys),
  "hearts-due": (page, game, keys) => tapCoach(page, game, race, keys),
};

/** The coach of the game named `name`, on the position its address's `query` holds (advise's
 * position keys: `roll=1&totals=52,49`), if any. */
export async function coachPage(page, name, query) {
  const game = (await games()).games.find((g) => g.name === name);
  if (!game || !game.advise) throw new Error(`${name}: no coach for this game`);
  (COACHES[name] || keyedCoach)(page, game, addressed(query));
}
