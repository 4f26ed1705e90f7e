// Findings: the answers of the report folder the server was given (`dicelab report`'s
// index.html, read-only under /reports/), one card a question: the question, its answer in a
// sentence, and a link to its numbers, charts and files on the report's own page.

import { carriesModule, games } from "./compute.js";
import { el } from "./dom.js";

/** Whether the server that sent the page has findings to show: `dicelab serve` with a report
 * folder marks the app's page so (`<meta name="dicelab-findings">`), and says so in its
 * listing of the games where the page computes on it. A static host has none. */
export async function findingsThere() {
  if (document.querySelector('meta[name="dicelab-findings"]')) return true;
  if (carriesModule()) return false;
  try {
    return (await games()).reports === true;
  } catch {
    return false;
  }
}

/** The Findings page: each section of /reports/index.html as its question and answer. */
export async function findingsPage(page) {
  const response = await fetch("reports/index.html").catch(() => {
    throw new Error("findings: the server that sent this app cannot be reached (they are its files, not the app's)");
  });
  if (!response.ok) throw new Error("findings: this server was started without a report folder");
  // Parsed, never run: the report's page is read for its headings and sentences only, its own
  // style left out (this page's policy allows no inline style, and needs none of it).
  const text = (await response.text()).replace(/<style[\s\S]*?<\/style>/gi, "").replace(/ style="[^"]*"/gi, "");
  const report = new DOMParser().parseFromString(text, "text/html");
  const sections = [...report.querySelectorAll("section[id]")].filter((s) => s.querySelector("h2"));
  const intro = report.querySelector("main > p, body > p");
  page.replaceChildren(
    el("h1", {}, "Findings"),
    // The report's opening, without how to make it again (a command line's words).
    intro ? el("p", { class: "note" }, intro.textContent.split(" Regenerate it with")[0]) : null,
    el(
      "ol",
      { class: "answers" },
      sections.map((s) =>
        el(
          "li",
          { class: "card", "data-section": s.id },
          el("strong", {}, s.querySelector("h2").textContent),
          el("p", {}, s.querySelector("p.answer")?.textContent ?? ""),
          el("a", { href: `reports/#${encodeURIComponent(s.id)}` }, "the numbers, charts and files"),
        ),
      ),
    ),
    el("p", {}, el("a", { href: "reports/" }, "The whole report page")),
  );
}
