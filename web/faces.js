// Dice and cards drawn as a player sees them at the table: a die as its face, a card of 7 as a
// small card with its number, the pile's spots as two cards (a blank for none). Play, the
// review and the scoresheet draw with these; the words beside them stay for a screen reader.

import { el } from "./dom.js";

/** The faces of a die, 1 to 6. */
export const PIPS = ["⚀", "⚁", "⚂", "⚃", "⚄", "⚅"];

/** One die showing `face`. */
export function die(face) {
  return el("span", { class: "die", "data-face": String(face), "aria-label": String(face) }, PIPS[face - 1] ?? String(face));
}

/** One card of 7 (or a pile's spot: 0 is none). */
export function card(value) {
  return el("span", { class: value === 0 ? "playing-card blank" : "playing-card", "data-face": String(value), "aria-label": String(value) }, value === 0 ? "" : String(value));
}

/** `faces` as dice, or as cards where `kind` is `cards` or `spots`. */
export function drawn(faces, kind = "dice") {
  return el("span", { class: `faces-shown ${kind}`, role: "img", "aria-label": faces.join(" ") }, faces.map((f) => (kind === "dice" ? die(f) : card(f))));
}

/** A decision's table (the library's `table`: groups of dice or cards, each with its label)
 * drawn as the table shows it. */
export function tableView(groups) {
  return el(
    "div",
    { class: "table-view" },
    groups.map((g) => el("div", { class: "table-group", "data-label": g.label }, el("span", { class: "label" }, g.label), drawn(g.faces, g.kind))),
  );
}

/** A line of a dice game's log with its runs of dice (`rolls 2 2 4 3 5 5`, `kept 6 5 = 11`)
 * drawn as dice: runs of two or more faces 1 to 6 apart by single spaces, standing alone. */
export function diceLine(text) {
  const parts = [];
  let at = 0;
  for (const m of text.matchAll(/(?<![\d+])[1-6](?: [1-6])+(?![\d+])/g)) {
    parts.push(text.slice(at, m.index), drawn(m[0].split(" ").map(Number)));
    at = m.index + m[0].length;
  }
  parts.push(text.slice(at));
  return parts;
}
