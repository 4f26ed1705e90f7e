// Sevens at the table: the round, the totals and this round's scores on a number pad, the
// rolls, and the dice (kept after the sevens, or as thrown: the library takes the sevens out).
// The advice comes as soon as the position is whole, and the address keeps the position.

import { el } from "./dom.js";
import { address, addressed, adviser, choice, numberPad } from "./coach.js";
import { PIPS } from "./faces.js";

const range = (n) => Array.from({ length: n }, (_, i) => i + 1);
const ORDINAL = ["1st", "2nd", "3rd"];

/** The pad's slots for `players`: each total in this round's order, then the scores this
 * round of the players before me (left empty where I play first). */
function slotsFor(players, old = []) {
  const value = (name) => (old.find((s) => s.name === name) || { value: "" }).value;
  const totals = range(players).map((i) => ({ label: `${ORDINAL[i - 1]} total`, name: `total-${i}`, value: value(`total-${i}`) }));
  const scores = range(players - 1).map((i) => ({ label: `${ORDINAL[i - 1]} scored`, name: `score-${i}`, value: value(`score-${i}`) }));
  return [...totals, ...scores];
}

/** Sevens at the table, from the coach's address where it holds a position. */
function sevensState(options, keys) {
  const option = (key) => Number(options.find((o) => o.key === key).default);
  const totals = keys.totals ? keys.totals.split(",") : [];
  const scores = keys.scores ? keys.scores.split(",") : [];
  const players = totals.length >= 2 && totals.length <= 3 ? totals.length : keys.round ? 2 : keys.roll ? 1 : 2;
  const slots = slotsFor(players).map((s) => {
    const [kind, i] = s.name.split("-");
    return { ...s, value: (kind === "total" ? totals : scores)[Number(i) - 1] || "" };
  });
  const shown = keys["dice-shown"] ? keys["dice-shown"].split(",").map(Number).filter((f) => f >= 1 && f <= 6) : [];
  const given = keys.dice !== undefined && keys.sum !== undefined ? { dice: Number(keys.dice), sum: Number(keys.sum) } : null;
  return {
    players,
    rounds: option("rounds"),
    maxRolls: option("max_rolls"),
    round: Number(keys.round) || 1,
    slots,
    at: 0,
    allowed: Number(keys.allowed) || option("max_rolls"),
    roll: Number(keys.roll) || 1,
    mode: shown.length ? "thrown" : "kept",
    kept: [],
    thrown: shown,
    // Kept dice the address gave as a count and a sum: shown as such until a face is tapped.
    given,
  };
}

/** Which seat I am: one after the players whose score this round is typed. */
function seatOf(s) {
  let seat = 1;
  while (seat < s.players && s.slots.find((x) => x.name === `score-${seat}`).value !== "") seat += 1;
  return seat;
}

/** The position the taps describe, as `dicelab advise` reads its keys. */
function sevensPosition(s) {
  const position = { roll: s.roll };
  if (s.mode === "thrown") position["dice-shown"] = s.thrown.join(",");
  else if (!s.kept.length && s.given) Object.assign(position, s.given);
  else Object.assign(position, { dice: s.kept.length, sum: s.kept.reduce((a, b) => a + b, 0) });
  position.allowed = s.allowed;
  if (s.players > 1) {
    const number = (name) => Number(s.slots.find((x) => x.name === name).value || 0);
    position.round = s.round;
    position.totals = range(s.players).map((i) => number(`total-${i}`)).join(",");
    const seat = seatOf(s);
    if (seat > 1) position.scores = range(seat - 1).map((i) => number(`score-${i}`)).join(",");
  }
  return position;
}

/** Whether the taps make a whole position: dice kept (or the throw, all of it), so that the
 * advice can come without an Advise tap. */
function whole(s) {
  if (s.mode === "thrown") return s.roll === 1 ? s.thrown.length === 6 : s.thrown.length > 0;
  return s.kept.length > 0 || s.given !== null;
}

/** Faces tapped into `list` (at most six), each taken off again by a tap on it. */
function dicePicker(legend, list, s, update, empty) {
  return el(
    "fieldset",
    { class: "dice", "data-name": s.mode },
    el("legend", {}, legend),
    el(
      "div",
      { class: "faces" },
      range(6).map((f) =>
        el("button", { type: "button", "data-face": String(f), "aria-label": `add a ${f}`, disabled: list.length >= 6, onclick: () => update(() => {
          s.given = null;
          list.push(f);
        }) }, PIPS[f - 1]),
      ),
    ),
    el(
      "div",
      { class: "kept", "data-sum": String(list.reduce((a, b) => a + b, 0)) },
      list.length
        ? list.map((f, i) => el("button", { type: "button", class: "die", "aria-label": `remove this ${f}`, onclick: () => update(() => list.splice(i, 1)) }, PIPS[f - 1]))
        : el("span", { class: "hint" }, s.given && s.mode === "kept" ? `${s.given.dice} dice summing ${s.given.sum}` : empty),
      s.mode === "kept" && list.length ? el("span", { class: "sum" }, `sum ${list.reduce((a, b) => a + b, 0)}`) : null,
    ),
  );
}

/** Draws the Sevens coach into `page`, from the position keys of its address (`keys`), and the
 * advice under it as soon as the position is whole. */
export function sevensCoach(page, game, keys = {}) {
  const s = sevensState(game.options, keys);
  const form = el("form", { class: "position", onsubmit: (e) => e.preventDefault() });
  const result = el("section", { class: "result", "aria-label": "advice" });
  const advise = adviser(result, game.name);
  const ask = (position = sevensPosition(s), quiet = false) => {
    address(game.name, position);
    advise(position, { quiet });
  };
  // Asked a moment after the last tap, so two quick taps of the dice ask once.
  let soon = null;
  const update = (change) => {
    change();
    s.roll = Math.min(s.roll, s.allowed);
    draw();
    clearTimeout(soon);
    if (whole(s) || result.querySelector("table")) soon = setTimeout(() => ask(sevensPosition(s), true), 250);
  };
  const draw = () => {
    const parts = [
      choice("Players", [1, 2, 3], s.players, (v) => update(() => {
        s.players = v;
        s.slots = slotsFor(v, s.slots);
        s.at = 0;
      }), (v) => (v === 1 ? "one turn" : `${v} players`)),
    ];
    if (s.players > 1) {
      parts.push(
        choice("Round", range(s.rounds), s.round, (v) => update(() => (s.round = v))),
        numberPad(
          "Totals before this round, in this round's order; then what the players before me scored this round (none if I play first)",
          s.slots,
          s.at,
          (slots, at) => update(() => {
            s.slots = slots;
            s.at = at;
          }),
        ),
        el("p", { class: "note seat" }, `I play ${["first", "second", "third"][seatOf(s) - 1]} this round.`),
      );
    }
    parts.push(
      choice("Rolls I may use this turn", range(s.maxRolls), s.allowed, (v) => update(() => (s.allowed = v)), String),
      choice("Rolls used, this one included", range(s.allowed), s.roll, (v) => update(() => (s.roll = v)), String),
      choice("The dice", ["kept", "thrown"], s.mode, (v) => update(() => (s.mode = v)), (v) => (v === "kept" ? "kept after the sevens" : "as thrown")),
      s.mode === "kept"
        ? dicePicker("Dice kept after taking out the sevens: tap a face to add a die", s.kept, s, update, "none kept (every die taken out): tap Advise")
        : dicePicker("The dice thrown: tap each face (dicelab takes the sevens out)", s.thrown, s, update, "none yet"),
      el("button", { type: "submit", class: "primary" }, "Advise"),
    );
    form.replaceChildren(...parts);
  };
  form.addEventListener("submit", () => ask());
  draw();
  page.replaceChildren(
    el("h1", {}, `${game.title} coach`),
    el("p", {}, "Tap in your position: the advice comes as soon as the dice are in, every action ranked, exactly."),
    form,
    result,
  );
  // An address with a position opens on its advice, asked with the keys exactly as given.
  if (Object.keys(keys).length) ask(keys);
}
