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
  const registered = workers.register("./sw.js").then((registration) => {
    if (registration.waiting && workers.controller) offer(registration.waiting);
    registration.addEventListener("updatefound", () => {
      const next = registration.installing;
      next.addEventListener("statechange", () => {
        if (next.state === "installed" && workers.controller) offer(next);
      });
    });
    return workers.ready;
  });
  const served = registered.then(() => {
    document.documentElement.dataset.offline = "ready";
    if (workers.controller) return;
    return new Promise((resolve) => workers.addEventListener("controllerchange", resolve, { once: true }));
  });
  const wait = new Promise((resolve) => setTimeout(resolve, PATIENCE_MS));
  return Promise.race([served, wait]).catch(() => {});
}
