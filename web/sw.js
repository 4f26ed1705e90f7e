// dicelab's service worker: every file the app needs, cached when it installs, answers from that
// cache first, so the app opens and computes with the server gone and the network off.
// dev/web.sh writes the version (a hash of every file) and the list below; a new version
// installs beside the one in use and takes over when the page's person says so.

const VERSION = "__VERSION__";
const FILES = __FILES__;
// The caches of this copy of the app, by its address: another copy on the same site (a fork's
// GitHub Pages under the same owner) keeps its own.
const PREFIX = `dicelab ${self.registration.scope} `;
const CACHE = `${PREFIX}${VERSION}`;

self.addEventListener("install", (event) => {
  // Every file from the server, past the browser's HTTP cache: a host that lets files be cached
  // for minutes (GitHub Pages) would otherwise mix the last version's files with this one's.
  const fresh = FILES.map((file) => new Request(file, { cache: "reload" }));
  event.waitUntil(caches.open(CACHE).then((cache) => cache.addAll(fresh)));
});

self.addEventListener("activate", (event) => {
  event.waitUntil(
    caches
      .keys()
      .then((keys) => Promise.all(keys.filter((k) => k.startsWith(PREFIX) && k !== CACHE).map((k) => caches.delete(k))))
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
  // The app's page by its folder's address or by name; any other address goes to the network,
  // so what else the host serves (another program on this port, later) is never hidden.
  const page = rest === "" || rest === "index.html";
  if (request.mode === "navigate" && !page) return;
  const key = page ? scope.href : request;
  event.respondWith(
    caches
      .open(CACHE)
      .then((cache) => cache.match(key, { ignoreSearch: true }))
      .then((hit) => hit || fetch(request)),
  );
});
