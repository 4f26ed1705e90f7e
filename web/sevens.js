// Sevens at the table: whose turn in which round, the totals, the rolls and the dice kept,
// tapped in; the advice under it on every change once asked.

import { el } from "./dom.js";
import { PIPS, adviser, choice, stepper } from "./coach.js";

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
export function sevensCoach(page, game) {
  const s = sevensState(game.options);
  const form = el("form", { class: "position", onsubmit: (e) => e.preventDefault() });
  const result = el("section", { class: "result", "aria-label": "advice" });
  const advise = adviser(result, game.name);
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

