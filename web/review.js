// The review of a game record (POST /api/review, the same JSON `dicelab review --format json`
// prints): each player's accounts, the chart of every player's chance across the game, and
// every moment, the throws with their luck and the decisions with their marks. The Review page
// takes a record pasted or chosen from the phone's files; the Play page shows the review of the
// game just played.

import { working } from "./coach.js";
import { games, review } from "./compute.js";
import { el } from "./dom.js";
import { diceLine, drawn } from "./faces.js";

const SVG = "http://www.w3.org/2000/svg";

/** The Sevens game Ann and Bob wrote down at the kitchen table (docs/review.md). */
const EXAMPLE = `dicelab record 1
# Ann and Bob at the kitchen table, written down turn by turn
game sevens
seat 1 person Ann
seat 2 person Bob
round 1
Ann: 3 6 2 1 6 1 / 4 6
Bob: 4 6 6 6 2 1
round 2
Bob: 1 4 5 2 3 1
Ann: 1 5 6 2 5 6
round 3
Ann: 6 2 2 3 2 5
Bob: 6 2 1 3 5 1
round 4
Bob: 5 2 3 2 4 3
Ann: 6 1 5 3 6 4
round 5
Ann: 2 5 1 3 2 1 / 1 1 1 4 / 3 5 3 3
Bob: 3 1 6 3 5 2
round 6
Bob: 2 5 3 1 3 2
Ann: 3 5 3 4 5 2
round 7
Ann: 1 2 6 5 2 4
Bob: 6 5 3 1 6 2
round 8
Bob: 5 3 5 2 5 3
Ann: 4 2 5 6 6 6
round 9
Ann: 3 1 1 6 1 4 / 5 6
Bob: 1 5 1 1 5 3
round 10
Bob: 4 3 1 5 4 4
Ann: 1 4 1 3 5 1
`;

/** Each player's accounts: start + luck − cost + gifts = result. */
function accounts(game, unit, you) {
  // Percentage points said once under the table, so a phone's narrow columns hold the numbers.
  const bare = (text) => text.replaceAll(" pp", "");
  return el(
    "div",
    { class: "scroll" },
    el(
      "table",
      { class: "accounts" },
      el(
        "thead",
        {},
        el("tr", {}, ["player, loss per decision", "start", "luck", "cost", "gifts", "result"].map((h) => el("th", {}, h))),
      ),
      el(
        "tbody",
        {},
        game.players.map((p, seat) =>
          el(
            "tr",
            { class: seat === you ? "you" : null, "data-seat": String(seat) },
            el(
              "th",
              { scope: "row" },
              p.name,
              el("br"),
              el("small", { class: "band" }, p.shown.per_decision === null ? "no decision" : bare(p.shown.per_decision)),
            ),
            el("td", {}, p.shown.start),
            el("td", { "data-column": "luck", "data-value": String(p.luck) }, bare(p.shown.luck)),
            el("td", { "data-column": "cost", "data-value": String(p.cost) }, bare(p.shown.cost)),
            el("td", {}, bare(p.shown.gifts)),
            el("td", {}, p.shown.result),
          ),
        ),
      ),
    ),
    unit === "points" ? null : el("p", { class: "note" }, "luck, cost, gifts and the loss per decision in percentage points of the chance to win"),
  );
}

/** Every player's value after each throw, as points of a line: the start, then each throw's
 * value before and after it (a decision moves the line between two throws). */
function series(game) {
  const points = [game.players.map((p) => p.start)];
  for (const m of game.moments) {
    if (m.event.kind !== "throw") continue;
    points.push(m.event.before, m.event.after);
  }
  points.push(game.players.map((p) => p.result));
  return points;
}

/** The chart of each player's chance (or expected score) across the game, as SVG. */
function chart(game, unit) {
  const points = series(game);
  // Drawn 400 units wide and shown at most 34rem wide, so its 13-unit text reads at 11px or
  // more from a phone's width up.
  const [w, h, left, bottom, top] = [400, 220, 40, 22, 8];
  let [low, high] = [0, 1];
  if (unit === "points") {
    const all = points.flat();
    low = Math.min(...all);
    high = Math.max(...all);
    if (high - low < 1) high = low + 1;
  }
  const x = (i) => left + ((w - left - 8) * i) / Math.max(1, points.length - 1);
  const y = (v) => top + (h - top - bottom) * (1 - (v - low) / (high - low));
  const svg = document.createElementNS(SVG, "svg");
  svg.setAttribute("viewBox", `0 0 ${w} ${h}`);
  svg.setAttribute("class", "chart");
  svg.setAttribute("role", "img");
  svg.setAttribute(
    "aria-label",
    unit === "points" ? "expected final score across the game" : "each player's chance to win across the game",
  );
  const add = (tag, attributes, text) => {
    const node = document.createElementNS(SVG, tag);
    for (const [k, v] of Object.entries(attributes)) node.setAttribute(k, String(v));
    if (text !== undefined) node.textContent = text;
    svg.append(node);
  };
  for (let k = 0; k <= 4; k++) {
    const v = low + ((high - low) * k) / 4;
    add("line", { x1: left, x2: w - 8, y1: y(v), y2: y(v), class: "grid" });
    add("text", { x: left - 4, y: y(v) + 4, class: "tick", "text-anchor": "end" }, unit === "points" ? v.toFixed(0) : `${Math.round(100 * v)}%`);
  }
  add("text", { x: left, y: h - 6, class: "tick" }, "start");
  add("text", { x: w - 8, y: h - 6, class: "tick", "text-anchor": "end" }, "end");
  game.players.forEach((_, seat) => {
    const line = points.map((p, i) => `${x(i).toFixed(1)},${y(p[seat] ?? p[0]).toFixed(1)}`).join(" ");
    add("polyline", { points: line, class: `series s${seat % 6}`, "data-seat": seat });
  });
  return el(
    "figure",
    { class: "chart-box" },
    svg,
    el(
      "figcaption",
      {},
      el("span", {}, unit === "points" ? "Expected final score:" : "Chance to win:"),
      game.players.map((p, seat) => el("span", { class: `key s${seat % 6}` }, p.name)),
    ),
  );
}

/** One moment as a row: a throw with the luck it brought its player, or a decision with its
 * loss against the best, its mark and why. */
function moment(game, unit, m, names, faces) {
  const who = names[m.seat] ?? `seat ${m.seat + 1}`;
  const e = m.event;
  if (e.kind === "throw") {
    const luck = e.after[m.seat] - e.before[m.seat];
    return el(
      "li",
      { class: "throw", "data-kind": "throw" },
      el("span", { class: "when" }, `${m.round} · ${who}, throw ${m.throw}`),
      // Dice drawn as dice, 7's cards as cards; what the throw left in words beside them.
      el("span", { class: "what", "data-dice": e.dice.join(" ") }, e.dice.length ? drawn(e.dice, faces) : null, " ", faces === "cards" ? `(${e.left})` : ["(", ...diceLine(e.left), ")"]),
      el("span", { class: luck >= 0 ? "luck good" : "luck bad", "data-value": String(luck) }, `luck ${m.shown.luck}`),
    );
  }
  const chosen = e.actions[e.chosen].name;
  const best = e.actions[e.best].name;
  const lost = m.loss > 0 && chosen !== best;
  return el(
    "li",
    { class: m.mark ? "decision marked" : "decision", "data-kind": "decision", "data-mark": m.mark || "" },
    el("span", { class: "when" }, `${m.round} · ${who} chose`),
    el("span", { class: "what" }, chosen, chosen === best ? el("span", { class: "best-tag" }, " (best)") : null),
    lost
      ? el(
          "span",
          { class: "loss" },
          `best ${best}: loses ${m.shown.loss}`,
          m.mark ? el("strong", { class: "mark" }, ` ${m.mark}`) : null,
        )
      : null,
    m.why && lost ? el("p", { class: "why" }, m.why) : null,
  );
}

/** The reviews of a record's games as nodes; `you` is the seat to stand out (the Play page's
 * person), or -1. */
export function reviewView(review, you = -1, titles = {}, faces = {}) {
  return review.games.map((game, g) => {
    const unit = game.unit || "chance";
    const names = game.seats || game.players.map((p) => p.name);
    const decisions = game.moments.filter((m) => m.event.kind === "decision");
    const marked = decisions.filter((m) => m.mark);
    const list = el("ol", { class: "moments" }, game.moments.map((m) => moment(game, unit, m, names, faces[game.game] || "dice")));
    const only = el("input", {
      type: "checkbox",
      onchange: () => list.classList.toggle("marked-only", only.checked),
    });
    return el(
      "section",
      { class: "review", "data-game": String(g) },
      el("h2", {}, `Game ${g + 1} of ${review.games.length}: ${titles[game.game] || game.game}`, game.rules.length ? el("small", {}, ` (${game.rules.join(" ")})`) : null),
      // The method in a player's words where the library has them (no command-line flag).
      el("p", { class: "method" }, (game.shown && game.shown.method) || game.method),
      game.shown && game.shown.unfinished ? el("p", { class: "unfinished" }, game.shown.unfinished) : null,
      accounts(game, unit, you),
      chart(game, unit),
      el("p", {}, `${decisions.length} decisions, ${marked.length} marked ?!, ? or ?? as the loss grows.`),
      el("label", { class: "toggle" }, only, " only the marked decisions"),
      list,
    );
  });
}

/** Reviews `text` and shows it in `into`. */
export async function showReview(into, text, you = -1) {
  into.setAttribute("aria-busy", "true");
  into.replaceChildren(el("p", { class: "note" }, "Reviewing: exact games answer at once; estimated ones (Solitaire Dice, 7) take a few seconds."));
  try {
    const [reviewed, { games: list }] = await Promise.all([review(text, {}, working(into)), games()]);
    const titles = Object.fromEntries(list.map((g) => [g.name, g.title]));
    const faces = Object.fromEntries(list.map((g) => [g.name, g.faces]));
    into.replaceChildren(...reviewView(reviewed, you, titles, faces));
  } catch (error) {
    into.replaceChildren(el("p", { class: "error", role: "alert" }, error.message));
  } finally {
    into.removeAttribute("aria-busy");
  }
}

/** The Review page: a record pasted or chosen from the files, then reviewed. */
export function reviewPage(page) {
  const result = el("section", { class: "result", "aria-label": "review" });
  const text = el("textarea", {
    name: "record",
    rows: "10",
    spellcheck: "false",
    autocapitalize: "off",
    placeholder: "dicelab record 1\ngame sevens\nseat 1 person Ann\n…",
  });
  const file = el("input", {
    type: "file",
    accept: ".txt,text/plain",
    onchange: async () => {
      if (file.files.length) text.value = await file.files[0].text();
    },
  });
  const form = el(
    "form",
    {
      class: "record",
      onsubmit: (event) => {
        event.preventDefault();
        showReview(result, text.value);
      },
    },
    el("label", { class: "field" }, el("span", {}, "Game record"), text),
    el("div", { class: "row" }, el("label", { class: "file" }, "or a file: ", file), el("button", { type: "button", onclick: () => (text.value = EXAMPLE) }, "Example")),
    el("button", { type: "submit", class: "primary" }, "Review"),
  );
  page.replaceChildren(
    el("h1", {}, "Review a game"),
    el(
      "p",
      {},
      "Paste a game record (the file Play's \"Download the game record\" gives, one dicelab's command line records, or a game written down at the table), " +
        "and see every decision marked, the luck of every throw, and each player's chance across the game.",
    ),
    form,
    result,
  );
}
