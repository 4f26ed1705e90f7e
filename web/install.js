// Installable and offline: the service worker (sw.js, written by dev/web.sh with the list of
// every file the app needs) keeps the app on the phone after one visit, and a new version,
// once fetched, waits for the person's word before it replaces the one in use.

import { el } from "./dom.js";

/** How long a first visit waits for the service worker before the page computes anyway. */
const PATIENCE_MS = 15000;

/** Registers the service worker and offers a new version when one is ready, in a line under
 * `header`. The promise it gives settles once this page is served by the worker (so the
 * module the page computes with comes out of its cache, fetched once), or at once where there
 * is none to be had (no sw.js: a server without the in-browser app), or after a wait. */
export function installed(header) {
  if (!("serviceWorker" in navigator)) return Promise.resolve();
  const workers = navigator.serviceWorker;
  let reloading = false;
  const offer = (waiting) => {
    if (document.querySelector(".update")) return;
    header.after(
      el(
        "p",
        { class: "update", role: "status" },
        "A new version of dicelab is ready. ",
        el(
          "button",
          {
            type: "button",
            onclick: () => {
              reloading = true;
              waiting.postMessage("take over");
            },
          },
          "Use it",
        ),
      ),
    );
  };
  workers.addEventListener("controllerchange", () => {
    if (reloading) location.reload();
  });
  // A version installing: offered once installed beside one in use; and, on a first visit,
  // waited for until it fails (a file missing on the host, no room), so a failed install
  // never holds the page up.
  let failed = () => {};
  const installing = new Promise((resolve) => (failed = resolve));
  const follow = (next, registration) => {
    next.addEventListener("statechange", () => {
      if (next.state === "installed" && workers.controller) offer(next);
      if (next.state === "redundant" && !registration.active) failed();
    });
  };
  const registered = workers.register("./sw.js").then((registration) => {
    if (registration.waiting && workers.controller) offer(registration.waiting);
    if (registration.installing) follow(registration.installing, registration);
    registration.addEventListener("updatefound", () => follow(registration.installing, registration));
    return Promise.race([workers.ready, installing.then(() => Promise.reject(new Error("not installed")))]);
  });
  const served = registered.then(() => {
    document.documentElement.dataset.offline = "ready";
    if (workers.controller) return;
    return new Promise((resolve) => workers.addEventListener("controllerchange", resolve, { once: true }));
  });
  const wait = new Promise((resolve) => setTimeout(resolve, PATIENCE_MS));
  return Promise.race([served, wait]).catch(() => {});
}
