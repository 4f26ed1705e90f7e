// Play: a game against the built-in players (POST /api/play/GAME). The server keeps no game:
// the page holds the seed and the moves, sends them with every move and draws what comes back,
// so a reload, or the address sent to another phone, deals the same game at the same point.
// The coach says what each move cost; the review follows the game's end, and its record can be
// downloaded.

import { adviceTable, stepper, working } from "./coach.js";
import { games, play } from "./compute.js";
import { el } from "./dom.js";
import { diceLine, tableView } from "./faces.js";
import { showReview } from "./review.js";

/** The pause between two steps of the game shown one at a time (none where the person asks
 * for less motion). */
const PACE = () => (matchMedia("(prefers-reduced-motion: reduce)").matches ? 0 : 350);

/** The game's settings and moves, as the address after `#/play/GAME?` holds them. */
function fromQuery(query) {
  const q = new URLSearchParams(query);
  const moves = q.get("moves");
  return {
    seed: q.has("seed") ? q.get("seed") : null,
    players: q.has("players") ? Number(q.get("players")) : null,
    rules: q.get("rules") || "",
    coach: q.get("coach") !== "0",
    moves: moves ? moves.split(".").filter((m) => m !== "").map(Number) : [],
  };
}

/** Why the seed in an address cannot be dealt here, or null: a page's numbers hold up to 15
 * digits exactly, and a longer seed would silently deal another game. */
function badSeed(seed) {
  return seed === null || /^[0-9]{1,15}$/.test(seed) ? null : `seed ${seed}: up to 15 digits here (dicelab play --seed takes any)`;
}

/** The address of `game` in state `s`. */
function address(game, s) {
  const q = new URLSearchParams();
  if (s.seed !== null) q.set("seed", s.seed);
  if (s.players !== null) q.set("players", String(s.players));
  if (s.rules) q.set("rules", s.rules);
  if (!s.coach) q.set("coach", "0");
  if (s.moves.length) q.set("moves", s.moves.join("."));
  return `#/play/${game}?${q}`;
}

/** The body of a play request for state `s`. */
function body(s, extra = {}) {
  const b = { moves: s.moves, coach: s.coach && s.moves.length > 0, ...extra };
  if (s.seed !== null) b.seed = Number(s.seed);
  if (s.players !== null) b.players = s.players;
  if (s.rules.trim()) b.rules = s.rules.trim().split(/\s+/);
  return b;
}

/** The choice of a game to play, or one game's settings before the deal. */
async function setup(page, name) {
  const playable = (await games()).games.filter((g) => g.play);
  if (!name) {
    page.replaceChildren(
      el("h1", {}, "Play"),
      el("p", {}, "A game against dicelab's built-in players, with the coach at your side and a review at the end."),
      el(
        "ul",
        { class: "cards" },
        playable.map((g) => el("li", {}, el("a", { href: `#/play/${g.name}`, class: "card" }, el("strong", {}, g.title), el("span", {}, g.about)))),
      ),
    );
    return;
  }
  const game = playable.find((g) => g.name === name);
  if (!game) throw new Error(`${name}: not a game to play here; these are: ${playable.map((g) => g.name).join(", ")}`);
  const seats = game.play;
  const s = { seed: null, players: seats.default, rules: "", coach: true, moves: [] };
  const form = el("form", { class: "position" });
  const draw = () => {
    const rules = el("input", { name: "rules", value: s.rules, placeholder: game.options.map((o) => `${o.key}=${o.default}`).slice(0, 2).join(" "), autocomplete: "off", autocapitalize: "off", oninput: () => (s.rules = rules.value) });
    const seed = el("input", { name: "seed", inputmode: "numeric", pattern: "[0-9]{1,15}", title: "a whole number of up to 15 digits", placeholder: "a fresh one", value: s.seed ?? "", oninput: () => {
        seed.setCustomValidity("");
        s.seed = seed.value.trim() || null;
      } });
    const coach = el("input", { type: "checkbox", name: "coach", checked: s.coach, onchange: () => (s.coach = coach.checked) });
    form.replaceChildren(
      seats.max > seats.min
        ? stepper("Players, you included", s.players, seats.min, seats.max, (v) => {
            s.players = v;
            draw();
          }, "players")
        : null,
      el("label", { class: "field" }, el("span", {}, "Rule options (key=value, space between)"), rules, el("small", {}, `${game.options.map((o) => o.key).join(", ")}; the Rules page says what each means`)),
      el("label", { class: "field" }, el("span", {}, "Seed"), seed, el("small", {}, "the same seed deals the same game again (up to 15 digits)")),
      el("label", { class: "toggle" }, coach, " the coach says what each move cost"),
      el("button", { type: "submit", class: "primary" }, "Deal"),
    );
  };
  form.addEventListener("submit", (event) => {
    event.preventDefault();
    // Seeds up to 15 digits: a page's numbers hold them exactly, so the game dealt is the one
    // `dicelab play --seed` deals.
    if (badSeed(s.seed)) {
      form.querySelector("input[name=seed]").setCustomValidity("a whole number of up to 15 digits");
      form.reportValidity();
      return;
    }
    // A seed drawn here, so that the address holds the game from its first move.
    if (s.seed === null) s.seed = String(Math.floor(Math.random() * 1e9));
    location.hash = address(name, s);
  });
  draw();
  page.replaceChildren(el("h1", {}, `Play ${game.title}`), el("p", {}, game.about), form);
}

/** A game in progress: what happened, the decision with its actions, and at the end the
 * result, the record and the review. */
async function table(page, name, s, title = name) {
  const log = el("div", { class: "log", role: "log", "aria-label": "what happened" });
  const said = el("p", { class: "coach-line", role: "status" });
  const decision = el("section", { class: "decision-box", "aria-label": "your decision" });
  const help = el("section", { class: "result", "aria-label": "advice" });
  const end = el("section", { class: "end" });
  const heading = el("p", { class: "note" });
  page.replaceChildren(
    el("h1", {}, `Play ${title}`),
    heading,
    log,
    said,
    decision,
    help,
    end,
    el("div", { class: "row" },
      el("button", { type: "button", class: "undo", disabled: true, onclick: () => undo() }, "Undo my last move"),
      el("a", { href: `#/play/${name}` }, "New game"),
    ),
  );
  const undoButton = page.querySelector("button.undo");
  // A line of the game as the table shows it: in a game of dice (its decisions show dice),
  // the dice drawn as dice.
  let dice = false;
  const line = (text) => el("div", { class: "step" }, dice ? diceLine(text) : text);
  // The lines shown so far, so that the next answer adds only what is new, a step at a time.
  let shown = [];
  let pacing = null;
  const reveal = async (lines) => {
    const fresh = lines.length >= shown.length && shown.every((l, i) => l === lines[i]);
    if (!fresh) log.replaceChildren();
    const from = fresh ? shown.length : 0;
    shown = lines;
    const pace = PACE();
    const token = {};
    pacing = token;
    let skip = pace === 0 || from === 0;
    const all = el("button", { type: "button", class: "show-all", onclick: () => (skip = true) }, "Show all");
    if (!skip && lines.length - from > 1) decision.replaceChildren(all);
    for (let i = from; i < lines.length; i++) {
      if (pacing !== token) return false;
      log.append(line(lines[i]));
      log.scrollTop = log.scrollHeight;
      // The computer's turns one step at a time: each line waits its turn.
      if (!skip && lines[i].trim() && i + 1 < lines.length) await new Promise((r) => setTimeout(r, pace));
    }
    return pacing === token;
  };
  const show = async (now) => {
    s.seed = String(now.seed);
    history.replaceState(history.state, "", address(name, s));
    heading.textContent = `seed ${now.seed}${s.rules ? ` · ${s.rules}` : ""} · move ${now.moves}`;
    said.textContent = now.last ? now.last.line : "";
    said.className = now.last && now.last.mistake ? "coach-line bad" : "coach-line";
    help.replaceChildren();
    if (now.decision && now.decision.table) dice = dice || now.decision.table.some((g) => g.kind === "dice");
    if (!(await reveal(now.log.trim().split("\n")))) return;
    undoButton.disabled = s.moves.length === 0;
    if (now.decision) {
      decision.replaceChildren(
        now.decision.table && now.decision.table.length ? tableView(now.decision.table) : null,
        el("pre", { class: "prompt" }, now.decision.prompt),
        el(
          "div",
          { class: "actions" },
          now.decision.actions.map((a, i) => el("button", { type: "button", class: "action", "data-action": String(i), onclick: () => move(i) }, a)),
        ),
        el("button", { type: "button", class: "ask", onclick: advise }, "Advice on this decision"),
      );
      end.replaceChildren();
      return;
    }
    decision.replaceChildren(el("p", { class: "over" }, now.result));
    const parts = [];
    if (now.record) {
      const href = `data:text/plain;charset=utf-8,${encodeURIComponent(now.record)}`;
      parts.push(el("p", {}, el("a", { href, download: `${name}-${now.seed}.txt`, class: "download" }, "Download the game record")));
      const review = el("div", { class: "result", "aria-label": "review" });
      parts.push(el("h2", {}, "Review"), review);
      showReview(review, now.record, 0);
    }
    end.replaceChildren(...parts);
  };
  const ask = async (extra = {}) => {
    decision.setAttribute("aria-busy", "true");
    try {
      return await play(name, body(s, extra), working(decision));
    } finally {
      decision.removeAttribute("aria-busy");
    }
  };
  const fail = (error) => decision.replaceChildren(el("p", { class: "error", role: "alert" }, error.message));
  // Each move counts, so that advice asked before it is not drawn under the next decision.
  let counted = 0;
  // One move or undo at a time: a tap while one is under way would act on the old game.
  let moving = false;
  async function move(i) {
    if (moving) return;
    moving = true;
    undoButton.disabled = true;
    counted += 1;
    const buttons = [...decision.querySelectorAll("button")];
    for (const b of buttons) b.disabled = true;
    s.moves.push(i);
    try {
      await show(await ask());
    } catch (error) {
      // The decision stays, to be tried again (a busy server says so and goes on).
      s.moves.pop();
      for (const b of buttons) b.disabled = false;
      said.textContent = error.message;
      said.className = "coach-line bad";
      undoButton.disabled = s.moves.length === 0;
    } finally {
      moving = false;
    }
  }
  // The last move taken back: the game as it stood before it, dealt again by the same seed.
  async function undo() {
    if (moving || !s.moves.length) return;
    moving = true;
    counted += 1;
    const taken = s.moves.pop();
    undoButton.disabled = true;
    try {
      await show(await ask());
    } catch (error) {
      s.moves.push(taken);
      said.textContent = error.message;
      said.className = "coach-line bad";
      undoButton.disabled = false;
    } finally {
      moving = false;
    }
  }
  async function advise() {
    const at = counted;
    try {
      const now = await ask({ advice: true, coach: false });
      if (at !== counted) return;
      help.replaceChildren(now.advice ? adviceTable(now.advice) : el("p", { class: "note" }, "No advice here."));
    } catch (error) {
      if (at === counted) help.replaceChildren(el("p", { class: "error", role: "alert" }, error.message));
    }
  }
  try {
    await show(await ask());
  } catch (error) {
    fail(error);
  }
}

/** The Play page at `name` (with its settings and moves in `query`). */
export async function playPage(page, name, query) {
  if (!name || !query) return setup(page, name);
  const s = fromQuery(query);
  const bad = badSeed(s.seed);
  if (bad) throw new Error(bad);
  const game = (await games()).games.find((g) => g.name === name);
  return table(page, name, s, game ? game.title : name);
}
