// The scoresheet: a game at the table followed as it is played. Each throw is tapped in as the
// dice show it; the library adds it to the game's record, checks it against the rules (whose
// turn, how many dice, where the sevens go) and reviews the game so far, so every player's
// chance now comes with each throw. The record is kept on this phone (localStorage), so a
// reload or a closed tab carries on; each step can be undone, and the record downloaded.

import { adviceTable, working } from "./coach.js";
import { PIPS, tableView } from "./faces.js";
import { coach, games, review, sheet } from "./compute.js";
import { el } from "./dom.js";
import { reviewView } from "./review.js";

const KEPT = "dicelab-sheet";

/** The game followed: its records, one a step (the last is now), or null. */
function kept() {
  try {
    const saved = JSON.parse(localStorage.getItem(KEPT));
    return saved && Array.isArray(saved.records) && saved.records.length ? saved : null;
  } catch {
    return null;
  }
}

function keep(saved) {
  if (saved) localStorage.setItem(KEPT, JSON.stringify(saved));
  else localStorage.removeItem(KEPT);
}

/** A change since the last step: of a chance, in points of chance; of an expected score
 * (`points`), in points of score. */
function change(now, before, unit) {
  if (before === undefined || before === null) return "";
  const [by, places] = unit === "points" ? [now - before, 1] : [100 * (now - before), 2];
  const zero = 0.5 * 10 ** -places;
  return Math.abs(by) < zero ? `±${(0).toFixed(places)}` : `${by > 0 ? "+" : "−"}${Math.abs(by).toFixed(places)}`;
}

/** The setup: which game, who plays, the rules. */
async function setup(page, name) {
  const list = (await games()).games.filter((g) => g.sheet);
  const game = list.find((g) => g.name === name);
  if (!game) {
    page.replaceChildren(
      el("h1", {}, "Scoresheet"),
      el("p", {}, "Follow a game at your table: tap in each throw as it falls, and see every player's chance to win after it (in Solitaire Dice, the expected final score), the coach one tap away."),
      el("ul", { class: "cards" }, list.map((g) => el("li", {}, el("a", { href: `#/sheet/${g.name}`, class: "card" }, el("strong", {}, g.title), el("span", {}, g.about))))),
    );
    return;
  }
  // As many names as the game's fewest players: one for a game alone (Solitaire Dice).
  const first = ["Ann", "Bob", "Cleo"].slice(0, Math.min(3, Math.max(1, game.players.min)));
  const names = el("input", { name: "players", value: first.join(" "), autocomplete: "off", autocapitalize: "words" });
  const rules = el("input", { name: "rules", placeholder: "KEY=VALUE ...", autocomplete: "off", autocapitalize: "off" });
  const said = el("p", { class: "error", role: "alert" });
  const form = el(
    "form",
    { class: "position" },
    el("label", { class: "field" }, el("span", {}, "Players, in seat order (a word each)"), names),
    el("label", { class: "field" }, el("span", {}, "Rules (empty: the text's)"), rules, el("small", {}, game.options.map((o) => `${o.key}=${o.default}`).join(" "))),
    el("button", { type: "submit", class: "primary" }, "Start"),
    said,
  );
  form.addEventListener("submit", async (event) => {
    event.preventDefault();
    const start = { game: game.name, seats: names.value.trim().split(/\s+/), rules: rules.value.trim() ? rules.value.trim().split(/\s+/) : [] };
    try {
      const answer = await sheet({ start });
      keep({ game: game.name, title: game.title, records: [answer.record] });
      history.replaceState(history.state, "", "#/sheet");
      await follow(page);
    } catch (error) {
      said.textContent = error.message;
    }
  });
  page.replaceChildren(el("h1", {}, `${game.title}: a new scoresheet`), form);
}

/** The game followed, as it stands: the chances, the throw to tap in, the decision. `known`
 * is the game as the last step answered it (else its record is reviewed). A record that no
 * longer reads still offers Undo and New game. */
async function follow(page, known = null) {
  const saved = kept();
  const record = saved.records[saved.records.length - 1];
  let game = known;
  if (!game) {
    try {
      game = (await review(record)).games[0];
    } catch (error) {
      page.replaceChildren(
        el("h1", {}, saved.title),
        el("p", { class: "error", role: "alert" }, error.message),
        el("div", { class: "row" },
          el("button", { type: "button", disabled: saved.records.length < 2, onclick: () => undo(page) }, "Undo"),
          el("button", { type: "button", onclick: () => { keep(null); location.hash = "#/sheet"; sheetPage(page); } }, "New game"),
        ),
      );
      return;
    }
  }
  const before = saved.records.length > 1 ? saved.before : undefined;
  const dice = [];
  const said = el("p", { class: "error", role: "alert" });
  const help = el("section", { class: "result", "aria-label": "advice" });
  const busy = el("div", { class: "busy" });
  // One step at a time: a tap while one is under way would start another from the same record.
  let stepping = false;
  const step = async (fields) => {
    if (stepping) return;
    stepping = true;
    said.textContent = "";
    page.setAttribute("aria-busy", "true");
    busy.setAttribute("aria-busy", "true");
    try {
      // A first throw of three players solves their game: "Working" says so after 300 ms.
      const answer = await sheet({ record, ...fields }, {}, working(busy));
      keep({ ...saved, records: [...saved.records, answer.record], before: game.players.map((p) => p.result), beforeStack: [...(saved.beforeStack || []), saved.before || null] });
      await follow(page, answer.game);
    } catch (error) {
      said.textContent = error.message;
      dice.length = 0;
      drawDice();
    } finally {
      stepping = false;
      page.removeAttribute("aria-busy");
      busy.removeAttribute("aria-busy");
      busy.replaceChildren();
    }
  };
  const next = game.next;
  const tray = el("div", { class: "kept", "aria-label": "the dice tapped" });
  const drawDice = () => {
    tray.replaceChildren(...(dice.length ? dice.map((f, i) => el("button", { type: "button", class: "die", "aria-label": `remove this ${f}`, onclick: () => { dice.splice(i, 1); drawDice(); } }, PIPS[f - 1])) : [el("span", { class: "hint" }, `tap the ${next.dice} dice`)]));
  };
  const tap = (f) => {
    if (stepping || dice.length >= next.dice) return;
    dice.push(f);
    drawDice();
    // The throw goes in once every die is tapped.
    if (dice.length === next.dice) step({ throw: [...dice] });
  };
  const rows = game.players.map((p, seat) =>
    el(
      "tr",
      { class: next && next.seat === seat ? "you" : null, "data-seat": String(seat) },
      el("th", { scope: "row" }, p.name),
      el("td", { "data-column": "now", "data-value": String(p.result) }, p.shown.result),
      el("td", { "data-column": "change" }, before ? change(p.result, before[seat], game.unit) : ""),
    ),
  );
  const points = game.unit === "points";
  const parts = [
    el("h1", {}, saved.title),
    game.shown && game.shown.unfinished ? el("p", { class: "note" }, game.shown.unfinished) : el("p", { class: "over" }, "The game is over."),
    el("div", { class: "scroll" }, el("table", { class: "chances" }, el("thead", {}, el("tr", {}, el("th", {}, "player"), el("th", {}, points ? "expected final score" : "chance now"), el("th", {}, "since the last step"))), el("tbody", {}, rows))),
  ];
  if (next && next.choices) {
    // A choice the throw leaves: a roll of Solitaire Dice to divide, or (Sevens under
    // removal=subsets) the dice kept; the throw as it fell, and each way a tap.
    const keeping = Boolean(next.choices[0].keep);
    const shown = next.shows || next.advise.roll.split(",").map(Number);
    const prompt = keeping
      ? `${next.name}, ${next.round}: which dice did ${next.name} keep?`
      : `${next.name}, ${next.round}: ${next.given ? "the same roll" : "the roll"}, to divide into two pairs and a die set aside`;
    parts.push(
      el("p", { class: "prompt" }, prompt),
      tableView([{ label: keeping ? "thrown" : "rolled", kind: "dice", faces: shown }]),
      el("div", { class: "actions" }, next.choices.map((c, i) => el("button", { type: "button", class: "action", "data-choice": String(i), onclick: () => step(keeping ? { keep: c.keep } : { pairs: c.pairs }) }, c.name))),
      el("button", { type: "button", class: "ask", onclick: () => advise(help, saved.game, next, game.rules) }, "Advice on this decision"),
      help,
    );
  } else if (next) {
    const who = `${next.name}, ${next.round}, throw ${next.throw}`;
    if (next.deciding) {
      parts.push(
        el("p", { class: "prompt" }, `${next.name} decides: stop, or throw the ${next.dice} dice again (tap them once thrown).`),
        el("div", { class: "actions" },
          el("button", { type: "button", class: "primary", onclick: () => step({ stop: true }) }, `${next.name} stops`),
          el("button", { type: "button", class: "ask", onclick: () => advise(help, saved.game, next, game.rules) }, "Advice on this decision"),
        ),
        help,
      );
    }
    parts.push(
      el("fieldset", { class: "dice", "data-name": "throw" },
        el("legend", {}, `${who}: tap the ${next.dice} dice as they fell`),
        el("div", { class: "faces" }, [1, 2, 3, 4, 5, 6].map((f) => el("button", { type: "button", "data-face": String(f), "aria-label": `a ${f}`, onclick: () => tap(f) }, PIPS[f - 1]))),
        tray,
      ),
    );
  }
  parts.push(busy, said);
  const url = URL.createObjectURL(new Blob([record], { type: "text/plain" }));
  const so = el("section", { class: "so-far", "aria-label": "the game so far" });
  parts.push(
    el("div", { class: "row" },
      el("button", { type: "button", disabled: saved.records.length < 2, onclick: () => stepping || undo(page) }, "Undo"),
      el("a", { href: url, download: "game.txt", class: "download" }, "Download the record"),
      el("button", { type: "button", onclick: () => so.replaceChildren(...reviewView({ games: [game] })) }, "Review so far"),
      el("button", { type: "button", onclick: () => { if (confirm("End this scoresheet? Its record is lost unless downloaded.")) { keep(null); location.hash = "#/sheet"; } } }, "New game"),
    ),
    so,
  );
  page.replaceChildren(...parts);
  if (next && !next.choices) drawDice();
}

/** The coach's advice of game `name` under `rules` on the decision `next` holds, in `into`. */
async function advise(into, name, next, rules) {
  into.setAttribute("aria-busy", "true");
  const progress = working(into);
  try {
    into.replaceChildren(adviceTable(await coach(name, next.advise, { rules }, progress)));
  } catch (error) {
    into.replaceChildren(el("p", { class: "error", role: "alert" }, error.message));
  } finally {
    into.removeAttribute("aria-busy");
  }
}

/** Takes the last step back. */
async function undo(page) {
  const saved = kept();
  const stack = saved.beforeStack || [];
  keep({ ...saved, records: saved.records.slice(0, -1), before: stack[stack.length - 1] || undefined, beforeStack: stack.slice(0, -1) });
  await follow(page);
}

/** The Scoresheet page: the game being followed, or a new one's setup. */
export async function sheetPage(page, name) {
  // A game under way is shown whatever the address: it ends only by "New game". Opening it
  // reviews its record, which for three players first solves their game.
  if (kept()) {
    const busy = el("div", { "aria-busy": "true" });
    page.replaceChildren(busy);
    working(busy);
    try {
      return await follow(page);
    } finally {
      busy.removeAttribute("aria-busy");
    }
  }
  return setup(page, name);
}
