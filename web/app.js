// dicelab's web app, its entry: a page per address after '#', each drawn into <main> by its
// module from what compute.js answers (computed in this browser where dicelab's module is
// built, else by the server). Plain ES modules, no framework, nothing loaded from anywhere
// else; no module imports this one.

import { coachPage } from "./coaches.js";
import { carriesModule, computeAfter, games } from "./compute.js";
import { el } from "./dom.js";
import { findingsPage, findingsThere } from "./findings.js";
import { installed } from "./install.js";
import { playPage } from "./play.js";
import { reviewPage } from "./review.js";
import { rulesPage } from "./rules.js";
import { sheetPage } from "./sheet.js";
import { exposed } from "./script.js";

const page = document.getElementById("page");

/** Shows `error` where the page would be. */
function failed(error) {
  page.replaceChildren(el("p", { class: "error", role: "alert" }, error.message));
}

/** The home page: a game to be coached in, or its rules. */
async function home() {
  const { games: list } = await games();
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
      list
        .filter((g) => g.advise)
        .map((g) =>
          el(
            "li",
            {},
            el("a", { href: `#/coach/${g.name}`, class: "card" }, el("strong", {}, g.title), el("span", {}, g.about)),
          ),
        ),
    ),
  );
}

/** Draws the page the address names. */
async function route() {
  const [path, query = ""] = location.hash.replace(/^#/, "").split("?");
  const [, section = "", name = ""] = path.split("/");
  const here = ["rules", "play", "review", "findings", "sheet"].includes(section) ? section : "coach";
  for (const link of document.querySelectorAll("[data-nav]")) {
    link.toggleAttribute("aria-current", link.dataset.nav === here);
  }
  try {
    if (section === "coach" && name) await coachPage(page, decodeURIComponent(name), query);
    else if (section === "rules") await rulesPage(page, name && decodeURIComponent(name));
    else if (section === "play") await playPage(page, name && decodeURIComponent(name), query);
    else if (section === "review") reviewPage(page);
    else if (section === "sheet") await sheetPage(page, name && decodeURIComponent(name));
    else if (section === "findings") await findingsPage(page);
    else await home();
  } catch (error) {
    failed(error);
  }
}

// Each address drawn once: a fragment's navigation fires both events, a Back to an entry a
// page pushed fires popstate alone.
let routed = null;
function go() {
  if (location.href === routed) return;
  routed = location.href;
  // Every entry of the app marked, so that a reload is not taken for an address from outside.
  if (!history.state) history.replaceState({ app: true }, "", location.href);
  route();
}
window.addEventListener("hashchange", go);
window.addEventListener("popstate", go);
// An address opened from outside the app (a shared link, a bookmark, the installed app's
// shortcut) gets the home page beneath it, so Back goes home rather than out of the app.
if (!history.state && !/^#?\/?$/.test(location.hash)) {
  const deep = location.href;
  history.replaceState({ app: true }, "", "#/");
  history.pushState({ app: true }, "", deep);
}
exposed();
// Where the app carries its module, the service worker keeps it for offline use, and the first
// question waits for it (so the module is fetched once, into its cache).
if (carriesModule()) computeAfter(installed(document.querySelector("header")));
findingsThere().then((there) => {
  if (!there) document.getElementById("findings-link").remove();
});
go();
