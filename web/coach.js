// The coach's parts every game's coach is built from: the buttons and fields a position is
// tapped in with, and the advice (the library's document, the same JSON `dicelab advise --json`
// prints) drawn as a ranked table. Each game's own page of taps is in sevens.js and taps.js,
// chosen in coaches.js; a game with none is entered key by key here.

import { coach } from "./compute.js";
import { el } from "./dom.js";

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
              // Each value as the library writes it: an estimate with its interval.
              columns.map((c) => {
                const v = row.values[c.name];
                return el("td", { "data-column": c.name, "data-value": v ? String(v.value) : "" }, v ? row.shown.values[c.name] : "");
              }),
              advice.actions
                ? el("td", { "data-column": "loss", "data-value": row.loss ? String(row.loss.value) : "" }, row.shown.loss || "")
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

/** Says in `into`, after a moment, that work goes on, and how far it has come where the
 * library tells it (play-outs raced): returns what the work tells its progress to. Only while
 * `current()` holds: a newer question takes over the place. */
export function working(into, current = () => true) {
  const line = el("p", { class: "note working", role: "status" });
  const since = performance.now();
  let told = null;
  const say = () => {
    if (!current() || !into.hasAttribute("aria-busy")) return clearInterval(timer);
    const seconds = Math.round((performance.now() - since) / 1000);
    const far = told && told.total ? `: ${Math.floor((100 * told.done) / told.total)}% of the play-outs` : "";
    line.textContent = `Working${far} (${seconds} s)`;
    if (!line.isConnected) into.replaceChildren(line);
  };
  const timer = setInterval(say, 500);
  return (progress) => {
    told = progress;
    say();
  };
}

/** Asks the advice of game `name` on a position and shows it in `result`; returns that ask.
 * The newest position asked wins: an answer to an older one that arrives late is dropped. */
export function adviser(result, name) {
  let asked = 0;
  return async (position) => {
    const mine = ++asked;
    result.setAttribute("aria-busy", "true");
    const progress = working(result, () => mine === asked);
    try {
      const advice = await coach(name, position, {}, progress);
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

/** A game's coach with no taps of its own: each position key as a field, its syntax as the hint. */
export function keyedCoach(page, game) {
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

