// The coach of the games other than Sevens, by taps: Solitaire Dice's roll and score sheet, the
// cards of 7 (the hand, the pile, the others' hands), the totals of Sequences and Hearts Due.
// Each game's taps build the same position `dicelab advise --position` reads; the keys a table
// rarely needs (7's set-aside cards, who is stuck) stay as fields under "More".

import { el } from "./dom.js";
import { PIPS, adviser, choice, keyField, stepper, typed } from "./coach.js";

const range = (from, to) => Array.from({ length: to - from + 1 }, (_, i) => from + i);

/** A small counter: −, the value, +, within `min`..`max`. */
function counter(label, value, min, max, set, name) {
  return el(
    "div",
    { class: "counter", "data-name": name },
    el("span", { class: "label" }, label),
    el("button", { type: "button", "aria-label": `${label} minus 1`, disabled: value <= min, onclick: () => set(value - 1) }, "−"),
    el("output", { "data-value": String(value) }, String(value)),
    el("button", { type: "button", "aria-label": `${label} plus 1`, disabled: value >= max, onclick: () => set(value + 1) }, "+"),
  );
}

/** Faces (dice or cards) added by a tap on `faces` and taken off by a tap on them. */
function picker(legend, items, most, show, name, update) {
  return el(
    "fieldset",
    { class: "dice", "data-name": name },
    el("legend", {}, legend),
    el(
      "div",
      { class: "faces" },
      show.faces.map((f) =>
        el("button", { type: "button", "data-face": String(f), "aria-label": `add a ${f}`, disabled: items.length >= most, onclick: () => update(() => items.push(f)) }, show.label(f)),
      ),
    ),
    el(
      "div",
      { class: "kept" },
      items.length
        ? items.map((f, i) => el("button", { type: "button", class: "die", "aria-label": `remove this ${f}`, onclick: () => update(() => items.splice(i, 1)) }, show.label(f)))
        : el("span", { class: "hint" }, "none yet"),
    ),
  );
}

const DICE = { faces: range(1, 6), label: (f) => PIPS[f - 1] };
const CARDS = { faces: range(1, 7), label: (f) => String(f) };

/** Solitaire Dice: the five dice rolled, the marks on each sum and each throwaway face. */
export const solitaire = {
  state: () => ({ roll: [], sums: Object.fromEntries(range(2, 12).map((s) => [s, 0])), away: Object.fromEntries(range(1, 6).map((f) => [f, 0])) }),
  parts: (s, update) => [
    picker("The five dice rolled: tap a face to add a die", s.roll, 5, DICE, "roll", update),
    el(
      "div",
      { class: "group sheet" },
      el("h2", {}, "Marks on each sum"),
      el("div", { class: "counters" }, range(2, 12).map((n) => counter(`sum ${n}`, s.sums[n], 0, 20, (v) => update(() => (s.sums[n] = v)), `sum-${n}`))),
      el("h2", {}, "Throwaway marks on each face"),
      el("div", { class: "counters" }, range(1, 6).map((f) => counter(`face ${f}`, s.away[f], 0, 8, (v) => update(() => (s.away[f] = v)), `away-${f}`))),
    ),
  ],
  position: (s) => {
    const marks = (m) => Object.entries(m).filter(([, v]) => v > 0).map(([k, v]) => `${k}:${v}`).join(",");
    const [sums, away] = [marks(s.sums), marks(s.away)];
    const position = { roll: s.roll.join(",") };
    if (sums || away) position.sheet = away ? `${sums}/${away}` : sums;
    return position;
  },
  more: [],
};

/** 7: the cards in my hand, the pile's two spots, the others' hands. */
export const sieben = {
  state: () => ({ hand: [], pile: "empty", spots: [0, 1], others: [7, 7] }),
  parts: (s, update) => {
    const parts = [
      picker("My hand: tap a card to add it", s.hand, 30, CARDS, "hand", update),
      choice("The pile", ["spots", "empty", "new"], s.pile, (v) => update(() => (s.pile = v)), (v) => ({ spots: "two spots showing", empty: "empty", new: "I just called Seven" })[v]),
    ];
    if (s.pile === "spots") {
      parts.push(
        // The spots add up to 1 to 6 (a 7 is a Seven, which starts a new pile).
        choice("Left spot (0: none)", range(0, 6), s.spots[0], (v) => update(() => {
          s.spots[0] = v;
          s.spots[1] = Math.min(Math.max(s.spots[1], v === 0 ? 1 : 0), 6 - v);
        })),
        choice("Right spot (0: none)", range(s.spots[0] === 0 ? 1 : 0, 6 - s.spots[0]), s.spots[1], (v) => update(() => (s.spots[1] = v))),
      );
    }
    parts.push(
      el(
        "div",
        { class: "group" },
        choice("Other players", range(1, 6), s.others.length, (v) => update(() => (s.others = range(1, v).map((i) => s.others[i - 1] ?? 7)))),
        el("div", { class: "counters" }, s.others.map((n, i) => counter(`seat ${i + 2} cards`, n, 0, 49, (v) => update(() => (s.others[i] = v)), `others-${i + 2}`))),
      ),
    );
    return parts;
  },
  position: (s) => ({
    hand: s.hand.join(","),
    pile: s.pile === "spots" ? `${s.spots[0]}+${s.spots[1]}` : s.pile,
    others: s.others.join(","),
  }),
  more: ["pile-cards", "set-aside", "stuck", "blocked", "chips", "starter"],
};

/** Sequences and Hearts Due: every player's total, and who casts next. */
export const race = {
  state: () => ({ totals: [0, 0], next: 1 }),
  parts: (s, update) => [
    choice("Players", range(1, 6), s.totals.length, (v) => update(() => {
      s.totals = range(1, v).map((i) => s.totals[i - 1] ?? 0);
      s.next = Math.min(s.next, v);
    }), (v) => (v === 1 ? "a race alone" : `${v} players`)),
    el(
      "div",
      { class: "group" },
      el("h2", {}, "Totals, in turn order"),
      s.totals.map((t, i) => stepper(`Player ${i + 1}`, t, 0, 9999, (v) => update(() => (s.totals[i] = v)), `total-${i + 1}`)),
    ),
    choice("Who casts next", range(1, s.totals.length), s.next, (v) => update(() => (s.next = v)), (v) => `player ${v}`),
  ],
  position: (s) => ({ totals: s.totals.join(","), next: s.next }),
  more: ["within"],
};

/** The coach of `game` by the taps of `spec` (one of the above): the position tapped in,
 * then Advise. */
export function tapCoach(page, game, spec) {
  const s = spec.state();
  const more = game.advise.filter((k) => spec.more.includes(k.key)).map(keyField);
  const result = el("section", { class: "result", "aria-label": "advice" });
  const form = el("form", { class: "position" });
  const advise = adviser(result, game.name);
  const ask = () => advise({ ...spec.position(s), ...typed(form.querySelectorAll("details input")) });
  const taps = el("div", { class: "taps" });
  const update = (change) => {
    change();
    draw();
  };
  const draw = () => taps.replaceChildren(...spec.parts(s, update));
  form.append(
    taps,
    more.length ? el("details", { class: "more" }, el("summary", {}, "More of the position"), more) : "",
    el("button", { type: "submit", class: "primary" }, "Advise"),
  );
  form.addEventListener("submit", (event) => {
    event.preventDefault();
    ask();
  });
  draw();
  page.replaceChildren(
    el("h1", {}, `${game.name} coach`),
    el("p", {}, game.about),
    el("p", {}, "Tap in the position, then Advise."),
    form,
    result,
  );
}
