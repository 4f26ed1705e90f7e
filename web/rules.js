// The Rules page: the list of games, or one game's rules in the project's words (the library's
// Markdown, drawn here: headings, paragraphs, lists, `code` and **bold**).

import { games, rules } from "./compute.js";
import { el } from "./dom.js";

/** The rules page: the list of games, or one game's rules. */
export async function rulesPage(page, name) {
  if (!name) {
    const { games: list } = await games();
    page.replaceChildren(
      el("h1", {}, "Rules"),
      el(
        "ul",
        { class: "cards" },
        list.map((g) =>
          el("li", {}, el("a", { href: `#/rules/${g.name}`, class: "card" }, el("strong", {}, g.title), el("span", {}, g.about))),
        ),
      ),
    );
    return;
  }
  const [text, { games: list }] = await Promise.all([rules(name), games()]);
  const game = list.find((g) => g.name === text.name);
  page.replaceChildren(el("h1", {}, `${game ? game.title : text.name}: rules`), el("article", { class: "rules" }, markdown(text.page || text.markdown)));
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

