// Where the page's answers are computed. In this browser, by dicelab's own library compiled to
// WebAssembly and run in a Web Worker (worker.js): nothing leaves the phone, and it works with
// no network once the app is installed. Where that module was not built (`dicelab serve` from a
// checkout without dev/web.sh run), by the server that sent the page, through its JSON API,
// which gives the same documents. Every function here gives the parsed JSON document; a refusal
// is thrown as an Error whose message is the library's one line.

/** The games' listing, once asked. */
let listing = null;
/** The worker, once started: a promise of it, or of null where the module does not load. */
let started = null;
/** Why the module did not load here, where it did not: said where no server answers either. */
let failure = null;
/** What the worker waits for before it starts: the service worker's first install. */
let before = Promise.resolve();
/** Questions asked of the worker and not yet answered, by their number. */
const waiting = new Map();
let asked = 0;

/** Whether this copy of the app carries dicelab's module: dev/web.sh marks its index.html so
 * (`<meta name="dicelab-computes" content="browser">`); the pages built into the server do not,
 * and ask the server without looking for a module that is not there. */
export function carriesModule() {
  return document.querySelector('meta[name="dicelab-computes"]')?.content === "browser";
}

/** The worker, started on first use; null where the module cannot load here. */
function worker() {
  if (started) return started;
  if (!carriesModule()) return (started = Promise.resolve(null));
  const mine = before.then(() => new Promise((resolve) => {
    let w;
    try {
      w = new Worker(new URL("./worker.js", import.meta.url), { type: "module" });
    } catch {
      resolve(null);
      return;
    }
    // This worker is done with: every question still waiting is refused, and the next one
    // starts another worker.
    const ended = (why) => {
      w.terminate();
      for (const job of waiting.values()) job.reject(new Error(why));
      waiting.clear();
      if (started === mine) started = null;
    };
    w.onmessage = ({ data }) => {
      if (data.ready) return resolve(w);
      if (data.failed) {
        failure = data.failed;
        w.terminate();
        return resolve(null);
      }
      const job = waiting.get(data.id);
      if (!job) return;
      if (data.progress) {
        if (job.progress) job.progress(data.progress);
        return;
      }
      waiting.delete(data.id);
      if ("error" in data) job.reject(new Error(data.error));
      else job.resolve(data.value);
      if (data.fatal) ended(data.error);
    };
    // The worker's script or its module did not load (not built, or not served), or it broke
    // later: no worker now.
    w.onerror = (event) => {
      event.preventDefault();
      failure = event.message || "the worker's script did not load";
      ended("dicelab's module stopped in this browser; it starts again at the next question");
      resolve(null);
    };
  }));
  started = mine;
  return started;
}

/** Starts the worker only once `ready` settles (the service worker's install), so the module
 * is fetched once, into the offline cache, rather than twice on a first visit. */
export function computeAfter(ready) {
  before = ready;
}

/** Whether answers are computed in this browser (true) or by the server (false). */
export async function inBrowser() {
  return (await worker()) !== null;
}

/** The module's `op` on `args` (text), its answer parsed; `progress` is told {done, total}
 * while it works. Null where there is no module here. */
async function module(op, args, progress) {
  const w = await worker();
  if (!w) return null;
  const id = ++asked;
  const text = await new Promise((resolve, reject) => {
    waiting.set(id, { resolve, reject, progress });
    w.postMessage({ id, op, args });
  });
  return JSON.parse(text);
}

/** The JSON of the server's `url`; a refusal's one line (`{"error": ...}`) is thrown. */
async function server(url, options = {}) {
  // Where the app carries its module, the server is only a last resort: the module's failure
  // is what a person needs to read.
  const instead = () => (failure ? new Error(`dicelab's module did not load in this browser: ${failure}`) : null);
  let response;
  try {
    response = await fetch(url, options);
  } catch {
    throw instead() || new Error("no answer: this page computes on the server that sent it, and it cannot be reached");
  }
  const text = await response.text();
  let body;
  try {
    body = JSON.parse(text);
  } catch {
    throw instead() || new Error(`${url}: the server answered ${response.status} with no JSON`);
  }
  if (!response.ok) throw new Error(body.error || `${url}: ${response.status}`);
  return body;
}

/** A seed for a new game, from the browser's random numbers (the range the server draws). */
function freshSeed() {
  const [a, b] = crypto.getRandomValues(new Uint32Array(2));
  return (a * 2 ** 32 + b) % 1_000_000_000;
}

/** The query string of advice options for the server: rule and policy repeated, the seed. */
function query(options) {
  const q = new URLSearchParams();
  for (const rule of options.rules || []) q.append("rule", rule);
  for (const policy of options.policies || []) q.append("policy", policy);
  if (options.seed !== undefined) q.set("seed", String(options.seed));
  if (options.n !== undefined) q.set("n", String(options.n));
  const text = q.toString();
  return text ? `?${text}` : "";
}

const path = (name) => encodeURIComponent(name);

/** `options` with its whole numbers checked: a page's numbers hold 15 digits exactly, and a
 * longer seed would silently deal another game than the command line's. */
function whole(options, keys) {
  for (const key of keys) {
    const v = options[key];
    if (v !== undefined && v !== null && !Number.isSafeInteger(v)) {
      throw new Error(`${key}: ${v} is not a whole number a page can hold exactly (up to 2^53 − 1; the command line takes any)`);
    }
  }
  return options;
}

/** Every game, its options and position keys (asked once). */
export async function games() {
  if (!listing) listing = (await module("games", [])) || (await server("api/games"));
  return listing;
}

/** How `name` is played: its name, line and rules as Markdown. */
export async function rules(name) {
  return (await module("rules", [name])) || server(`api/rules/${path(name)}`);
}

/** The Coach page's advice on `position` in the page's words (POST /api/advise/GAME). */
export async function coach(name, position, options = {}, progress) {
  whole(options, ["n", "seed"]);
  const answer = await module("coach", [name, JSON.stringify(position), JSON.stringify(options)], progress);
  return answer || server(`api/advise/${path(name)}${query(options)}`, { method: "POST", body: JSON.stringify(position) });
}

/** The advice `dicelab advise --json` prints for `position`, options as its flags. */
export async function advise(name, position, options = {}, progress) {
  whole(options, ["n", "seed"]);
  const answer = await module("advise", [name, JSON.stringify(position), JSON.stringify(options)], progress);
  return answer || server(`api/advise/${path(name)}${query(options)}`, { method: "POST", body: JSON.stringify(position) });
}

/** A game against the built-in players up to the person's next decision (POST
 * /api/play/GAME), dealt with a fresh seed where `request` names none. */
export async function play(name, request, progress) {
  whole(request, ["seed"]);
  const seeded = request.seed === undefined || request.seed === null ? { ...request, seed: freshSeed() } : request;
  const answer = await module("replay", [name, JSON.stringify(seeded)], progress);
  return answer || server(`api/play/${path(name)}`, { method: "POST", body: JSON.stringify(seeded) });
}

/** Every game of a record reviewed: what `dicelab review --format json` prints. */
export async function review(text, options = {}, progress) {
  whole(options, ["n", "seed"]);
  const answer = await module("review", [text, JSON.stringify(options)], progress);
  if (answer) return answer;
  return server(`api/review${query(options)}`, { method: "POST", body: text, headers: { "content-type": "text/plain" } });
}

/** A step of a game followed at the table (POST /api/sheet): `{start}`, or `{record, throw}`
 * or `{record, stop: true}`; the answer is the record with the step and the game so far. */
export async function sheet(step, options = {}, progress) {
  whole(options, ["n", "seed"]);
  const answer = await module("sheet", [JSON.stringify(step), JSON.stringify(options)], progress);
  return answer || server("api/sheet", { method: "POST", body: JSON.stringify(step) });
}

/** The bytes the module's memory holds in this browser (the most it has taken), or null where
 * the page computes on the server. */
export async function memory() {
  return module("memory", []);
}
