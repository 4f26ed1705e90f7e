// The coach: a position entered by taps, every action ranked by the server's advice (POST
// /api/advise/GAME, the same JSON `dicelab advise --json` prints). Sevens has a page of taps of
// its own, the other games theirs in taps.js; a game with neither is entered key by key.

import { api, el, gameList } from "./app.js";
import { tapCoach, tapped } from "./taps.js";

/** A number shown as a percentage, or with two decimals. */
function shown(value, chance) {
  if (value === null || value === undefined) return "";
  return chance ? `${(100 * value).toFixed(2)}%` : value.toFixed(2);
}

/** A row of buttons choosing one of `values`; `set` is told the value tapped. */
export function choice(label, values, current, set, names = (v) => String(v)) {
  return el(
    "fieldset",
    { class: "choice" },
    el("legend", {}, label),
    values.map((value) =>
      el(
        "button",
        {
          type: "button",
          "aria-pressed": String(value === current),
          "data-value": String(value),
          onclick: () => set(value),
        },
        names(value),
      ),
    ),
  );
}

/** A number changed by taps: −10, −1, +1, +10 within `min`..`max`. */
export function stepper(label, value, min, max, set, name) {
  const step = (by) => () => set(Math.min(max, Math.max(min, value + by)));
  return el(
    "fieldset",
    { class: "stepper", "data-name": name },
    el("legend", {}, label),
    el("button", { type: "button", onclick: step(-10), "aria-label": `${label} minus 10` }, "−10"),
    el("button", { type: "button", onclick: step(-1), "aria-label": `${label} minus 1` }, "−1"),
    el("output", { "data-value": String(value) }, String(value)),
    el("button", { type: "button", onclick: step(1), "aria-label": `${label} plus 1` }, "+1"),
    el("button", { type: "button", onclick: step(10), "aria-label": `${label} plus 10` }, "+10"),
  );
}

export const PIPS = ["⚀", "⚁", "⚂", "⚃", "⚄", "⚅"];

/** The advice as a ranked table, each value's exact number kept in `data-value`. */
export function adviceTable(advice) {
  const columns = advice.columns;
  const rows = advice.actions || advice.players || [];
  const loss = advice.loss_column;
  return el(
    "div",
    { class: "advice" },
    el("p", { class: "method" }, advice.method),
    el(
      "div",
      { class: "scroll" },
      el(
        "table",
        {},
        el(
          "thead",
          {},
          el("tr", {}, el("th", {}, advice.actions ? "action" : "player"), columns.map((c) => el("th", { title: c.meaning }, c.name.replaceAll("_", " "))), advice.actions ? el("th", {}, "loses") : null),
        ),
        el(
          "tbody",
          {},
          rows.map((row, i) =>
            el(
              "tr",
              { class: i === 0 && advice.actions ? "best" : null },
              el("th", { scope: "row" }, row.name),
              columns.map((c) => {
                const v = row.values[c.name];
                return el("td", { "data-column": c.name, "data-value": v ? String(v.value) : "" }, v ? shown(v.value, c.chance) : "");
              }),
              advice.actions
                ? el(
                    "td",
                    { "data-column": "loss", "data-value": row.loss ? String(row.loss.value) : "" },
                    row.loss ? (row.loss.value === 0 ? "best" : shown(row.loss.value, columns.find((c) => c.name === loss)?.chance)) : "",
                  )
                : null,
            ),
          ),
        ),
      ),
    ),
    rows.filter((r) => r.why).map((r) => el("p", { class: "why" }, r.why)),
    (advice.notes || []).map((n) => el("p", { class: "note" }, n)),
  );
}

/** Asks the advice of game `name` on a position and shows it in `result`; returns that ask.
 * The newest position asked wins: an answer to an older one that arrives late is dropped. */
export function adviser(result, name) {
  let asked = 0;
  return async (position) => {
    const mine = ++asked;
    result.setAttribute("aria-busy", "true");
    try {
      const advice = await api(`/api/advise/${encodeURIComponent(name)}`, { method: "POST", body: JSON.stringify(position) });
      if (mine === asked) result.replaceChildren(adviceTable(advice));
    } catch (error) {
      if (mine === asked) result.replaceChildren(el("p", { class: "error", role: "alert" }, error.message));
    } finally {
      if (mine === asked) result.removeAttribute("aria-busy");
    }
  };
}

/** A position key `k` (from /api/games) as a field to type: its name, its syntax as the hint,
 * its meaning under it. */
export function keyField(k) {
  return el(
    "label",
    { class: "field" },
    el("span", {}, k.key),
    el("input", { name: k.key, placeholder: k.syntax, autocomplete: "off", autocapitalize: "off" }),
    el("small", {}, k.meaning),
  );
}

/** The typed fields among `inputs` that hold something, as position keys. */
export function typed(inputs) {
  const position = {};
  for (const input of inputs) {
    if (input.value.trim()) position[input.name] = input.value.trim();
  }
  return position;
}

/** Sevens at the table: whose turn in which round, the totals, the rolls, the dice kept. */
function sevensState(options) {
  const max = (key) => options.find((o) => o.key === key);
  return {
    players: 2,
    seat: 1,
    round: 1,
    rounds: Number(max("rounds").default),
    maxRolls: Number(max("max_rolls").default),
    totals: [0, 0, 0],
    scores: [0, 0],
    roll: 1,
    allowed: Number(max("max_rolls").default),
    kept: [],
  };
}

/** The position the taps describe, as `dicelab advise --position` reads it. */
function sevensPosition(s) {
  const position = {
    roll: s.roll,
    dice: s.kept.length,
    sum: s.kept.reduce((a, b) => a + b, 0),
    allowed: s.allowed,
  };
  if (s.players > 1) {
    position.round = s.round;
    position.totals = s.totals.slice(0, s.players);
    if (s.seat > 1) position.scores = s.scores.slice(0, s.seat - 1);
  }
  return position;
}

/** Draws the Sevens coach into `page`, and the advice under it on every change. */
function sevensCoach(page, game) {
  const s = sevensState(game.options);
  const form = el("form", { class: "position", onsubmit: (e) => e.preventDefault() });
  const result = el("section", { class: "result", "aria-label": "advice" });
  const advise = adviser(result, "sevens");
  const ask = () => advise(sevensPosition(s));
  // A change asks again only once advice is showing: a position half tapped in is often one
  // no roll can reach (one die kept under pairs), which the server would rightly refuse.
  const update = (change) => {
    change();
    s.seat = Math.min(s.seat, s.players);
    s.roll = Math.min(s.roll, s.allowed);
    draw();
    if (result.querySelector("table")) ask();
  };
  const range = (n) => Array.from({ length: n }, (_, i) => i + 1);
  const draw = () => {
    const parts = [
      choice("Players", [1, 2, 3], s.players, (v) => update(() => (s.players = v)), (v) => (v === 1 ? "one turn" : `${v} players`)),
    ];
    if (s.players > 1) {
      parts.push(
        stepper("Round", s.round, 1, s.rounds, (v) => update(() => (s.round = v)), "round"),
        choice("I play", range(s.players), s.seat, (v) => update(() => (s.seat = v)), (v) => ["first", "second", "third"][v - 1]),
        el(
          "div",
          { class: "group" },
          el("h2", {}, "Totals before this round, in this round's order"),
          range(s.players).map((i) =>
            stepper(i === s.seat ? `Seat ${i} (me)` : `Seat ${i}`, s.totals[i - 1], 0, 9999, (v) => update(() => (s.totals[i - 1] = v)), `total-${i}`),
          ),
        ),
      );
      if (s.seat > 1) {
        parts.push(
          el(
            "div",
            { class: "group" },
            el("h2", {}, "Scores this round of the players before me"),
            range(s.seat - 1).map((i) =>
              stepper(`Seat ${i}`, s.scores[i - 1], 0, 36, (v) => update(() => (s.scores[i - 1] = v)), `score-${i}`),
            ),
          ),
        );
      }
    }
    parts.push(
      choice("Rolls I may use this turn", range(s.maxRolls), s.allowed, (v) => update(() => (s.allowed = v)), String),
      choice("Rolls used, this one included", range(s.allowed), s.roll, (v) => update(() => (s.roll = v)), String),
      el(
        "fieldset",
        { class: "dice" },
        el("legend", {}, "Dice kept after taking out the sevens: tap a face to add a die"),
        el(
          "div",
          { class: "faces" },
          range(6).map((f) =>
            el("button", { type: "button", "data-face": String(f), "aria-label": `add a ${f}`, disabled: s.kept.length >= 6, onclick: () => update(() => s.kept.push(f)) }, PIPS[f - 1]),
          ),
        ),
        el(
          "div",
          { class: "kept", "data-sum": String(sevensPosition(s).sum) },
          s.kept.length
            ? s.kept.map((f, i) =>
                el("button", { type: "button", class: "die", "aria-label": `remove this ${f}`, onclick: () => update(() => s.kept.splice(i, 1)) }, PIPS[f - 1]),
              )
            : el("span", { class: "hint" }, "none kept (every die taken out)"),
          el("span", { class: "sum" }, `sum ${sevensPosition(s).sum}`),
        ),
      ),
    );
    parts.push(el("button", { type: "submit", class: "primary" }, "Advise"));
    form.replaceChildren(...parts);
  };
  form.addEventListener("submit", ask);
  draw();
  page.replaceChildren(
    el("h1", {}, "Sevens coach"),
    el("p", {}, "Tap in your position, then Advise: every action ranked, exactly."),
    form,
    result,
  );
}

/** Another game's coach: each position key as a field, its syntax as the hint. */
function keyedCoach(page, game) {
  const result = el("section", { class: "result", "aria-label": "advice" });
  const advise = adviser(result, game.name);
  const form = el(
    "form",
    {
      class: "position",
      onsubmit: (event) => {
        event.preventDefault();
        advise(typed(form.querySelectorAll("input")));
      },
    },
    game.advise.map(keyField),
    el("button", { type: "submit", class: "primary" }, "Advise"),
  );
  page.replaceChildren(el("h1", {}, `${game.name} coach`), el("p", {}, game.about), form, result);
}

/** The coach of the game named `name`. */
export async function coachPage(page, name) {
  const { games } = await gameList();
  const game = games.find((g) => g.name === name);
  if (!game || !game.advise) throw new Error(`${name}: no coach for this game`);
  if (name === "sevens") sevensCoach(page, game);
  else if (tapped(name)) tapCoach(page, game);
  else keyedCoach(page, game);
}
