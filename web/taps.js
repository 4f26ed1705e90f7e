// The coach of the games other than Sevens, by taps: Solitaire Dice's roll and score sheet, the
// cards of 7 (the hand, the pile, the others' hands), the totals of Sequences and Hearts Due.
// Each game's taps build the same position `dicelab advise --position` reads; the keys a table
// rarely needs (7's set-aside cards, who is stuck) stay as fields under "More".

import { el } from "./dom.js";
import { address, adviser, choice, keyField, numberPad, typed } from "./coach.js";
import { PIPS } from "./faces.js";

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

/** The faces of an address's list (`1,2,3,4,6`) from 1 to `top`, at most 30. */
function faces(text, top) {
  return (text || "").split(",").map(Number).filter((f) => Number.isInteger(f) && f >= 1 && f <= top).slice(0, 30);
}
const CARDS = { faces: range(1, 7), label: (f) => String(f) };

/** Solitaire Dice: the five dice rolled, the marks on each sum and each throwaway face. */
export const solitaire = {
  state: (keys) => {
    const s = { roll: faces(keys.roll, 6), sums: Object.fromEntries(range(2, 12).map((n) => [n, 0])), away: Object.fromEntries(range(1, 6).map((f) => [f, 0])) };
    // The sheet as advise writes it: `3:2,5:7/1:6`, the marks per sum, then per thrown-away face.
    const [sums = "", away = ""] = (keys.sheet || "").split("/");
    const marks = (text, into) => {
      for (const part of text.split(",")) {
        const [k, v] = part.split(":").map(Number);
        if (k in into && v >= 0) into[k] = v;
      }
    };
    marks(sums, s.sums);
    marks(away, s.away);
    return s;
  },
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
  state: (keys) => {
    const s = { hand: faces(keys.hand, 7), pile: "empty", spots: [0, 1], others: [7, 7] };
    const spots = /^([0-6])\+([0-6])$/.exec(keys.pile || "");
    if (spots) {
      s.pile = "spots";
      s.spots = [Number(spots[1]), Number(spots[2])];
    } else if (keys.pile === "new") s.pile = "new";
    const others = (keys.others || "").split(",").filter((n) => /^\d+$/.test(n)).map(Number);
    if (others.length) s.others = others.slice(0, 6);
    return s;
  },
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
  state: (keys) => {
    const totals = (keys.totals || "0,0").split(",").slice(0, 6).map((t) => (/^\d+$/.test(t) ? t : ""));
    return { totals, at: 0, next: Math.min(Math.max(Number(keys.next) || 1, 1), totals.length) };
  },
  parts: (s, update) => [
    choice("Players", range(1, 6), s.totals.length, (v) => update(() => {
      s.totals = range(1, v).map((i) => s.totals[i - 1] ?? "");
      s.next = Math.min(s.next, v);
      s.at = Math.min(s.at, v - 1);
    }), (v) => (v === 1 ? "a race alone" : `${v} players`)),
    numberPad(
      "Totals, in turn order",
      s.totals.map((t, i) => ({ label: `player ${i + 1}`, name: `total-${i + 1}`, value: t })),
      s.at,
      (slots, at) => update(() => {
        s.totals = slots.map((x) => x.value);
        s.at = at;
      }),
    ),
    choice("Who casts next", range(1, s.totals.length), s.next, (v) => update(() => (s.next = v)), (v) => `player ${v}`),
  ],
  position: (s) => ({ totals: s.totals.map((t) => t || "0").join(","), next: s.next }),
  more: ["within"],
};

/** The coach of `game` by the taps of `spec` (one of the above): the position tapped in,
 * then Advise. */
export function tapCoach(page, game, spec, keys = {}) {
  const s = spec.state(keys);
  const more = game.advise.filter((k) => spec.more.includes(k.key)).map(keyField);
  // The keys of the address that only a field of "More" takes, typed there.
  for (const label of more) {
    const input = label.querySelector("input");
    if (keys[input.name] !== undefined) input.value = keys[input.name];
  }
  const result = el("section", { class: "result", "aria-label": "advice" });
  const form = el("form", { class: "position" });
  const advise = adviser(result, game.name);
  const ask = (position = { ...spec.position(s), ...typed(form.querySelectorAll("details input")) }) => {
    address(game.name, position);
    advise(position);
  };
  const taps = el("div", { class: "taps" });
  const update = (change) => {
    change();
    draw();
  };
  const draw = () => taps.replaceChildren(...spec.parts(s, update));
  form.append(
    taps,
    more.length ? el("details", { class: "more", open: more.some((l) => l.querySelector("input").value) || null }, el("summary", {}, "More of the position"), more) : "",
    el("button", { type: "submit", class: "primary" }, "Advise"),
  );
  form.addEventListener("submit", (event) => {
    event.preventDefault();
    ask();
  });
  draw();
  page.replaceChildren(
    el("h1", {}, `${game.title} coach`),
    el("p", {}, game.about),
    el("p", {}, "Tap in the position, then Advise."),
    form,
    result,
  );
  // An address with a position opens on its advice, asked with the keys exactly as given.
  if (Object.keys(keys).length) ask(keys);
}
