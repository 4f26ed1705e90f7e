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

/** The advice as a ranked table, each value's exact number kept in `data-value`: the action,
 * what it loses, then the values under the library's headings. On a phone's width only the
 * loss and the ranking value show until "Every column" is tapped, so the table fits. */
export function adviceTable(advice) {
  const columns = advice.columns;
  const rows = advice.actions || advice.players || [];
  const ranked = Boolean(advice.actions);
  const loss = columns.find((c) => c.name === advice.loss_column);
  const wide = (i) => (i > 0 ? "extra" : null);
  const table = el(
    "table",
    { class: "ranked" },
    el(
      "thead",
      {},
      el(
        "tr",
        {},
        el("th", {}, ranked ? "action" : "player"),
        ranked ? el("th", {}, "loses") : null,
        columns.map((c, i) => el("th", { title: c.meaning, class: wide(i) }, c.heading || c.name)),
      ),
    ),
    el(
      "tbody",
      {},
      rows.map((row, i) =>
        el(
          "tr",
          { class: i === 0 && ranked ? "best" : null },
          el("th", { scope: "row" }, row.name),
          ranked
            ? el("td", { "data-column": "loss", "data-value": row.loss ? String(row.loss.value) : "" }, row.shown.said || row.shown.loss || "")
            : null,
          // Each value as the library writes it: an estimate with its interval.
          columns.map((c, j) => {
            const v = row.values[c.name];
            return el("td", { "data-column": c.name, "data-value": v ? String(v.value) : "", class: wide(j) }, v ? row.shown.values[c.name] : "");
          }),
        ),
      ),
    ),
  );
  const every = el("button", {
    type: "button",
    class: "every",
    "aria-pressed": "false",
    onclick: () => every.setAttribute("aria-pressed", String(table.classList.toggle("all"))),
  }, "Every column");
  return el(
    "div",
    { class: "advice" },
    el("p", { class: "method" }, advice.method),
    el("div", { class: "scroll" }, table),
    columns.length > 1 ? every : null,
    ranked && loss && loss.chance
      ? el("p", { class: "note" }, `A loss in pp is in points of the ${loss.heading || "chance"}: out of 100, as a percentage is.`)
      : null,
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
    if (!current() || !into.hasAttribute("aria-busy")) return stop();
    const seconds = Math.round((performance.now() - since) / 1000);
    const far = told && told.total ? `: ${Math.floor((100 * told.done) / told.total)}% of the play-outs` : "";
    line.textContent = `Working${far} (${seconds} s)`;
    if (!line.isConnected) into.replaceChildren(line);
  };
  // Shown from 300 ms on: a quicker answer needs no word, a slower one must not look stuck.
  const first = setTimeout(say, 300);
  const timer = setInterval(say, 500);
  const stop = () => {
    clearTimeout(first);
    clearInterval(timer);
  };
  return (progress) => {
    told = progress;
    say();
  };
}

/** Asks the advice of game `name` on a position and shows it in `result`; returns that ask.
 * The newest position asked wins: an answer to an older one that arrives late is dropped. An
 * ask that is `quiet` (the page's own, as taps come in) keeps what shows where the position is
 * refused (a half-tapped one often is) and does not scroll the taps away. */
export function adviser(result, name) {
  let asked = 0;
  return async (position, { quiet = false } = {}) => {
    const mine = ++asked;
    result.setAttribute("aria-busy", "true");
    const progress = working(result, () => mine === asked);
    try {
      const advice = await coach(name, position, {}, progress);
      if (mine === asked) {
        result.replaceChildren(adviceTable(advice));
        // The answer brought into view: on a phone it lands below the taps.
        if (!quiet) result.scrollIntoView({ block: "nearest" });
      }
    } catch (error) {
      if (mine === asked && !quiet) result.replaceChildren(el("p", { class: "error", role: "alert" }, error.message));
      else if (mine === asked && result.querySelector(".working")) result.replaceChildren();
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
    el("span", {}, k.heading || k.key),
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
export function keyedCoach(page, game, keys = {}) {
  const result = el("section", { class: "result", "aria-label": "advice" });
  const advise = adviser(result, game.name);
  const ask = (position) => {
    address(game.name, position);
    advise(position);
  };
  const form = el(
    "form",
    {
      class: "position",
      onsubmit: (event) => {
        event.preventDefault();
        ask(typed(form.querySelectorAll("input")));
      },
    },
    game.advise.map(keyField),
    el("button", { type: "submit", class: "primary" }, "Advise"),
  );
  for (const input of form.querySelectorAll("input")) {
    if (keys[input.name] !== undefined) input.value = keys[input.name];
  }
  page.replaceChildren(el("h1", {}, `${game.title} coach`), el("p", {}, game.about), form, result);
  if (Object.keys(keys).length) ask(keys);
}


/** Numbers typed on a pad of the page's own, slot after slot: each slot is a button showing its
 * number (tap it to type there), the pad's digits type into the slot chosen, ⌫ takes a digit
 * back, Next moves on. `slots` are `{ label, name, value }` (the value a string, "" where
 * none), `at` the slot typed into; `set(slots, at)` is told every change. */
export function numberPad(legend, slots, at, set, most = 9999) {
  const type = (change) => () => {
    const next = slots.map((s) => ({ ...s }));
    const now = next[at];
    const moved = change(now, next);
    set(next, moved === undefined ? at : moved);
  };
  const digit = (d) =>
    type((slot) => {
      const value = slot.value === "0" ? String(d) : slot.value + d;
      if (Number(value) <= most) slot.value = value;
    });
  return el(
    "fieldset",
    { class: "pad" },
    el("legend", {}, legend),
    el(
      "div",
      { class: "slots" },
      slots.map((s, i) =>
        el(
          "button",
          { type: "button", class: "slot", "data-name": s.name, "data-value": s.value, "aria-pressed": String(i === at), onclick: () => set(slots, i) },
          el("small", {}, s.label),
          el("span", {}, s.value === "" ? "–" : s.value),
        ),
      ),
    ),
    el(
      "div",
      { class: "keys" },
      [1, 2, 3, 4, 5, 6, 7, 8, 9].map((d) => el("button", { type: "button", "data-key": String(d), onclick: digit(d) }, String(d))),
      el("button", { type: "button", "data-key": "back", "aria-label": "take a digit back", onclick: type((slot) => void (slot.value = slot.value.slice(0, -1))) }, "⌫"),
      el("button", { type: "button", "data-key": "0", onclick: digit(0) }, "0"),
      el("button", { type: "button", "data-key": "next", onclick: type(() => Math.min(at + 1, slots.length - 1)) }, "Next"),
    ),
  );
}

/** The position keys of a coach's address (`#/coach/sevens?roll=1&totals=52,49`), as typed. */
export function addressed(query) {
  const position = {};
  for (const part of (query || "").split("&")) {
    if (!part) continue;
    const [key, ...rest] = part.split("=");
    // A link mangled on its way (a lone `%`) keeps its text as typed.
    const text = (s) => {
      try {
        return decodeURIComponent(s);
      } catch {
        return s;
      }
    };
    position[text(key)] = text(rest.join("="));
  }
  return position;
}

/** Puts `position` in the address of game `name`'s coach, so a reload or a shared link opens
 * the same advice; commas, colons and slashes stay readable. Replaces the address, so Back
 * leaves the coach rather than stepping through every tap. */
export function address(name, position) {
  const readable = (v) => encodeURIComponent(String(v)).replace(/%2C/g, ",").replace(/%3A/g, ":").replace(/%2F/g, "/");
  const query = Object.entries(position)
    .map(([k, v]) => `${encodeURIComponent(k)}=${readable(v)}`)
    .join("&");
  history.replaceState(history.state, "", `#/coach/${name}${query ? `?${query}` : ""}`);
}
