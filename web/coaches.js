// Which coach each game has: the one map from a game's name to its page of taps. A game not
// named here is coached key by key, from the position keys the library lists for it.

import { games } from "./compute.js";
import { keyedCoach } from "./coach.js";
import { sevensCoach } from "./sevens.js";
import { race, sieben, solitaire, tapCoach } from "./taps.js";

/** Each game's coach by taps. */
const COACHES = {
  sevens: sevensCoach,
  "solitaire-dice": (page, game) => tapCoach(page, game, solitaire),
  sieben: (page, game) => tapCoach(page, game, sieben),
  sequences: (page, game) => tapCoach(page, game, race),
  "hearts-due": (page, game) => tapCoach(page, game, race),
};

/** The coach of the game named `name`. */
export async function coachPage(page, name) {
  const game = (await games()).games.find((g) => g.name === name);
  if (!game || !game.advise) throw new Error(`${name}: no coach for this game`);
  (COACHES[name] || keyedCoach)(page, game);
}
