// dicelab's web app: a page per address after '#', each drawn into <main> from the JSON API
// (/api/...). Plain ES modules, no framework, nothing loaded from anywhere else.

import { coachPage } from "./coach.js";
import { findingsPage } from "./findings.js";
import { playPage } from "./play.js";
import { reviewPage } from "./review.js";

const page = document.getElementById("page");

/** The JSON of `url`; a refusal's one line (`{"error": ...}`) is thrown as an Error. */
export async function api(url, options = {}) {
  const response = await fetch(url, options);
  const text = await response.text();
  let body;
  try {
    body = JSON.parse(text);
  } catch {
    throw new Error(`${url}: the server answered ${response.status} with no JSON`);
  }
  if (!response.ok) {
    throw new Error(body.error || `${url}: ${response.status}`);
  }
  return body;
}

/** An element: `el("p", {class: "x"}, "text", child)`. */
export function el(tag, attributes = {}, ...children) {
  const node = document.createElement(tag);
  for (const [key, value] of Object.entries(attributes)) {
    if (value === undefined || value === null || value === false) continue;
    if (key.startsWith("on")) node.addEventListener(key.slice(2), value);
    else node.setAttribute(key, value === true ? "" : value);
  }
  for (const child of children.flat()) {
    if (child === null || child === undefined || child === false) continue;
    node.append(child instanceof Node ? child : document.createTextNode(String(child)));
  }
  return node;
}

let games = null;

/** Every game the server plays, with its options and position keys (fetched once). */
export async function gameList() {
  if (!games) games = await api("/api/games");
  return games;
}

/** Shows `error` where the page would be. */
function failed(error) {
  page.replaceChildren(el("p", { class: "error", role: "alert" }, error.message));
}

/** The home page: a game to be coached in, or its rules. */
async function home() {
  const { games } = await gameList();
  page.replaceChildren(
    el("h1", {}, "Which play is best here?"),
    el(
      "p",
      {},
      "Pick a game, tap in the position at your table, and see every action ranked by its " +
        "chance to win, with what each one gives up against the best.",
    ),
    el(
      "p",
      {},
      el("a", { href: "#/play" }, "Play a game"),
      " against dicelab's players with the coach at your side, or ",
      el("a", { href: "#/review" }, "review a game"),
      " written down at the table: every decision marked, the luck of every throw.",
    ),
    el(
      "ul",
      { class: "cards" },
      games
        .filter((g) => g.advise)
        .map((g) =>
          el(
            "li",
            {},
            el("a", { href: `#/coach/${g.name}`, class: "card" }, el("strong", {}, g.name), el("span", {}, g.about)),
          ),
        ),
    ),
  );
}

/** The rules page: the list of games, or one game's rules. */
async function rulesPage(name) {
  if (!name) {
    const { games } = await gameList();
    page.replaceChildren(
      el("h1", {}, "Rules"),
      el(
        "ul",
        { class: "cards" },
        games.map((g) =>
          el("li", {}, el("a", { href: `#/rules/${g.name}`, class: "card" }, el("strong", {}, g.name), el("span", {}, g.about))),
        ),
      ),
    );
    return;
  }
  const rules = await api(`/api/rules/${encodeURIComponent(name)}`);
  page.replaceChildren(el("h1", {}, `${rules.name}: rules`), el("article", { class: "rules" }, markdown(rules.markdown)));
}

/** Inline Markdown (`code`, **bold**) as nodes. */
function inline(text) {
  const parts = [];
  const pattern = /(`[^`]+`|\*\*[^*]+\*\*)/g;
  let last = 0;
  for (const match of text.matchAll(pattern)) {
    parts.push(text.slice(last, match.index));
    const token = match[0];
    parts.push(token.startsWith("`") ? el("code", {}, token.slice(1, -1)) : el("strong", {}, token.slice(2, -2)));
    last = match.index + token.length;
  }
  parts.push(text.slice(last));
  return parts;
}

/** The Markdown the rulebook writes (headings, paragraphs, lists) as nodes. */
function markdown(text) {
  const nodes = [];
  const blocks = text.split(/\n\s*\n/);
  for (const block of blocks) {
    const lines = block.split("\n");
    const heading = /^(#{1,6}) (.*)$/.exec(lines[0]);
    if (heading) {
      nodes.push(el(`h${Math.min(heading[1].length, 6)}`, {}, inline(heading[2])));
      continue;
    }
    if (/^\s*- /.test(lines[0])) {
      const items = [];
      for (const line of lines) {
        if (/^\s*- /.test(line)) items.push(line.replace(/^\s*- /, ""));
        else if (items.length) items[items.length - 1] += " " + line.trim();
      }
      nodes.push(el("ul", {}, items.map((i) => el("li", {}, inline(i)))));
      continue;
    }
    nodes.push(el("p", {}, inline(lines.map((l) => l.trim()).join(" "))));
  }
  return nodes;
}

/** Draws the page the address names. */
async function route() {
  const [path, query = ""] = location.hash.replace(/^#/, "").split("?");
  const [, section = "", name = ""] = path.split("/");
  const here = ["rules", "play", "review", "findings"].includes(section) ? section : "coach";
  for (const link of document.querySelectorAll("[data-nav]")) {
    link.toggleAttribute("aria-current", link.dataset.nav === here);
  }
  try {
    if (section === "coach" && name) await coachPage(page, decodeURIComponent(name));
    else if (section === "rules") await rulesPage(name && decodeURIComponent(name));
    else if (section === "play") await playPage(page, name && decodeURIComponent(name), query);
    else if (section === "review") reviewPage(page);
    else if (section === "findings") await findingsPage(page);
    else await home();
  } catch (error) {
    failed(error);
  }
}

window.addEventListener("hashchange", route);
gameList()
  .then(({ reports }) => {
    if (!reports) document.getElementById("findings-link").remove();
  })
  .catch(() => {});
route();
