// dicelab's service worker: every file the app needs, cached when it installs, answers from that
// cache first, so the app opens and computes with the server gone and the network off.
// dev/web.sh writes the version (a hash of every file) and the list below; a new version
// installs beside the one in use and takes over when the page's person says so.

const VERSION = "__VERSION__";
const FILES = __FILES__;
const CACHE = `dicelab-${VERSION}`;

self.addEventListener("install", (event) => {
  event.waitUntil(caches.open(CACHE).then((cache) => cache.addAll(FILES)));
});

self.addEventListener("activate", (event) => {
  event.waitUntil(
    caches
      .keys()
      .then((keys) => Promise.all(keys.filter((k) => k.startsWith("dicelab-") && k !== CACHE).map((k) => caches.delete(k))))
      .then(() => self.clients.claim()),
  );
});

self.addEventListener("message", (event) => {
  if (event.data === "take over") self.skipWaiting();
});

self.addEventListener("fetch", (event) => {
  const request = event.request;
  if (request.method !== "GET") return;
  const url = new URL(request.url);
  const scope = new URL(self.registration.scope);
  if (url.origin !== scope.origin || !url.pathname.startsWith(scope.pathname)) return;
  const rest = url.pathname.slice(scope.pathname.length);
  // The server's own answers (its API, the findings) are never kept: they are live.
  if (rest.startsWith("api/") || rest.startsWith("reports/")) return;
  // Any page of the app is the app's one page.
  const key = request.mode === "navigate" ? scope.href : request;
  event.respondWith(
    caches
      .open(CACHE)
      .then((cache) => cache.match(key, { ignoreSearch: true }))
      .then((hit) => hit || fetch(request)),
  );
});
