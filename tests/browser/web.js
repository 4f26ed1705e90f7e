// The app that computes in the browser, in headless Chromium (tests/browser/web.sh starts it):
//
//   node web.js SERVED_URL STATIC_URL DICELAB_BINARY SERVE_PID STATIC_PID SHOTS
//
// 1. Figures, at 4x CPU throttling (printed, never asserted as times): what the first visit
//    transfers, the first Sevens advice on opening the page cold, a two-player advice once
//    solved, the kitchen-table review, the three-player first question (its progress shown,
//    its time and the module's memory); the same asked of `dicelab serve`'s API.
// 2. The script API against the command line: 1,000 positions across the five games and 100
//    records, each `dicelab.advise` and `dicelab.review` document value for value what
//    `dicelab advise --json` and `dicelab review --format json` print (refusals: their line).
// 3. Offline: after one visit, the server stopped (by its pid) and the network off, the app
//    reloads, a Sevens game is played to its end by taps and reviewed, and `dicelab.advise`
//    still equals the command line's; for `dicelab serve` at a desktop's size and for the
//    static server at a phone's.
// 4. A new version: the static folder changed under a page that has the app, the page says a
//    new version is ready, "Use it" switches to it, and only its cache is left.
'use strict';

const fs = require('fs');
const os = require('os');
const path = require('path');
const { spawnSync } = require('child_process');
const h = process.env.DICELAB_BROWSER_CACHE ? require('./harness') : null;

const [served, staticUrl, bin, servePid, staticPid, shots, staticDir] = process.argv.slice(2);
const checks = h ? new h.Checks() : null;

/** A fixed stream of numbers in [0, 1) (mulberry32): the same cases on every run. */
function numbers(seed) {
  let s = seed >>> 0;
  return () => {
    s = (s + 0x6d2b79f5) >>> 0;
    let t = s;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** 1,000 questions across the five games: Sevens' single turns (kept dice, dice shown, a
 * score to beat), games of two and three players, the odds of Sequences and Hearts Due, the
 * raced advice of Solitaire Dice and 7 on a seed, and refusals. */
function positions() {
  const r = numbers(56);
  const int = (lo, hi) => lo + Math.floor(r() * (hi - lo + 1));
  const cases = [];
  const add = (game, position, options = {}) => cases.push({ game, position, options });
  // Dice a roll can leave once its sevens are out: never both faces of a pair adding to 7.
  const kept = (dice) => {
    const faces = [1, 2, 3].map((f) => (r() < 0.5 ? f : 7 - f));
    return Array.from({ length: dice }, () => faces[int(0, 2)]).reduce((a, b) => a + b, 0);
  };
  for (let roll = 1; roll <= 3; roll++) {
    for (let allowed = roll; allowed <= 3; allowed++) {
      // Sevens go in pairs: six dice keep 6, 4, 2 or 0.
      for (const dice of [0, 2, 4, 6]) {
        const sums = new Set(Array.from({ length: dice === 0 ? 1 : 12 }, () => kept(dice)));
        for (const sum of sums) add('sevens', { roll, dice, sum, allowed });
      }
    }
  }
  for (let i = 0; i < 100; i++) {
    // The first roll throws six dice; a later one the two or four kept.
    const roll = int(1, 3);
    const shown = Array.from({ length: roll === 1 ? 6 : 2 * int(1, 2) }, () => int(1, 6)).join(',');
    add('sevens', { roll, 'dice-shown': shown, allowed: 3 });
  }
  for (let i = 0; i < 50; i++) {
    const dice = 2 * int(0, 3);
    add('sevens', { roll: int(1, 2), dice, sum: kept(dice), allowed: 3, 'to-beat': int(0, 30) });
  }
  for (let i = 0; i < 406; i++) {
    const round = int(1, 10);
    const dice = 2 * int(0, 3);
    const roll = int(1, 3);
    // The round's first player may use every roll; the second as many as the first did.
    const second = r() < 0.5;
    const position = { roll, dice, sum: kept(dice), allowed: second ? int(roll, 3) : 3, round };
    position.totals = round === 1 ? '0,0' : `${int(0, 9 * round)},${int(0, 9 * round)}`;
    if (second) position.scores = String(int(0, 30));
    add('sevens', position);
  }
  for (let i = 0; i < 8; i++) {
    const round = int(2, 10);
    add('sevens', { roll: 1, dice: 4, sum: kept(4), round, totals: [0, 0, 0].map(() => int(0, 9 * round)).join(',') });
  }
  for (const game of ['sequences', 'hearts-due']) {
    for (let i = 0; i < 110; i++) {
      const players = int(1, 4);
      const position = { totals: Array.from({ length: players }, () => int(0, 99)).join(','), next: int(1, players) };
      if (r() < 0.3) position.within = int(1, 15);
      add(game, position);
    }
  }
  for (let i = 0; i < 20; i++) {
    const position = { roll: Array.from({ length: 5 }, () => int(1, 6)).join(',') };
    // Each roll marks two sums and one throwaway face.
    const marks = int(1, 2);
    if (i % 4 === 3) position.sheet = `${int(2, 6)}:${marks},${int(8, 12)}:${marks}/${int(1, 6)}:${marks}`;
    add('solitaire-dice', position, { n: 16, seed: i + 1 });
  }
  for (let i = 0; i < 20; i++) {
    const hand = Array.from({ length: int(2, 7) }, () => int(1, 7)).sort().join(',');
    const left = int(0, 5);
    const pile = i % 3 === 0 ? 'empty' : `${left}+${int(1, 6 - left)}`;
    add('sieben', { hand, pile, others: i % 2 ? '7,7' : '5,6,7' }, { n: 16, seed: i + 1 });
  }
  const refused = [
    ['sevens', { roll: 4, dice: 2, sum: 5 }],
    ['sevens', { roll: 1, dice: 7, sum: 20 }],
    ['sevens', { roll: 1, dice: 2, sum: 50 }],
    ['sevens', { roll: 1, dice: 2, sum: 5, round: 11, totals: '0,0' }],
    ['sevens', { roll: 1, dice: 2, sum: 5, colour: 'red' }],
    ['sevens', { roll: 'one' }],
    ['sevens', { roll: 1, 'dice-shown': '7,7' }],
    ['sevens', { roll: 1, dice: 2, sum: 5, totals: '1,2,3,4' }],
    ['sequences', { totals: 'a,b' }],
    ['sequences', { totals: '10,20', next: 3 }],
    ['hearts-due', { totals: '' }],
    ['hearts-due', { totals: '101,0' }],
    ['solitaire-dice', { roll: '1,2,3' }],
    ['solitaire-dice', { roll: '1,2,3,4,9' }],
    ['sieben', { hand: '8', pile: 'empty', others: '7' }],
    ['sieben', { hand: '1,2', pile: '9+9', others: '7' }],
    ['nosuchgame', { roll: 1 }],
    ['sevens', {}],
    ['sequences', {}],
  ];
  for (const [game, position] of refused) add(game, position, game === 'sieben' || game === 'solitaire-dice' ? { n: 16, seed: 1 } : {});
  add('sevens', { roll: 1, dice: 2, sum: 5 }, { rules: ['max_rolls=4'] });
  return cases;
}

/** 100 records of whole games, each alone, as `simulate --record` writes them. */
function records(dir) {
  const plan = [
    [['sevens', '--players', '2'], 40, {}],
    [['sevens', '--players', '3'], 10, {}],
    [['sevens', '--players', '2', '--rule', 'tie=shared'], 10, {}],
    [['sequences', '--players', '2'], 15, {}],
    [['hearts-due', '--players', '3'], 15, {}],
    [['solitaire-dice'], 5, { n: 8 }],
    [['sieben', '--players', '2'], 5, { n: 8 }],
  ];
  const out = [];
  plan.forEach(([args, games, options], k) => {
    const file = path.join(dir, `games-${k}.txt`);
    const made = spawnSync(bin, ['simulate', ...args, '-n', String(games), '--seed', String(k + 1), '--record', file, '-q']);
    if (made.status !== 0) throw new Error(`simulate ${args.join(' ')}: ${made.stderr}`);
    const [head, ...bodies] = fs.readFileSync(file, 'utf8').split(/^(?=game )/m);
    for (const body of bodies) out.push({ text: head + body, options });
  });
  return out;
}

/** What the command line answers `args`: its JSON document re-written compactly, or its error
 * line after `dicelab: error: `. */
function cli(args) {
  const run = spawnSync(bin, [...args, '-q'], { encoding: 'utf8', maxBuffer: 1 << 28 });
  if (run.status === 0) return JSON.stringify(JSON.parse(run.stdout));
  return `error: ${run.stderr.trim().split('\n')[0].replace(/^dicelab: error: /, '')}`;
}

const flags = (options) => [
  ...(options.rules || []).flatMap((rule) => ['--rule', rule]),
  ...(options.n === undefined ? [] : ['-n', String(options.n)]),
  ...(options.seed === undefined ? [] : ['--seed', String(options.seed)]),
];

/** The command line's advice on a case. */
function cliAdvice(dir, c, i) {
  const file = path.join(dir, `position-${i}.json`);
  fs.writeFileSync(file, JSON.stringify(c.position));
  return cli(['advise', c.game, '--position', file, '--json', ...flags(c.options)]);
}

/** The command line's review of a record, its file named as the module names it. */
function cliReview(dir, record, i) {
  const file = path.join(dir, `record-${i}.txt`);
  fs.writeFileSync(file, record.text);
  return cli(['review', file, '--format', 'json', ...flags(record.options)]).replace(`record ${file}`, 'record');
}

/** The page's answers to `calls` ([function, ...arguments] of `dicelab`), compact JSON or
 * `error: line`, asked in turn in the page. */
async function asked(page, calls) {
  return page.evaluate(async (calls) => {
    const out = [];
    for (const [name, ...args] of calls) {
      try {
        out.push(JSON.stringify(await globalThis.dicelab[name](...args)));
      } catch (e) {
        out.push(`error: ${e.message}`);
      }
    }
    return out;
  }, calls);
}

/** Waits until the page is served by its service worker, with the app kept for offline. */
async function keptOffline(page) {
  await page.waitForFunction(() => document.documentElement.dataset.offline === 'ready' && navigator.serviceWorker.controller, null, { timeout: 120000 });
}

/** Milliseconds `work` takes. */
async function timed(work) {
  const start = Date.now();
  const value = await work();
  return [Date.now() - start, value];
}

const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];

/** The figures of the issue, at 4x CPU throttling, printed; and what the first visit weighs. */
async function figures(browser, kitchen) {
  const context = await browser.newContext({ viewport: { width: h.PHONE.width, height: h.PHONE.height }, isMobile: true, hasTouch: true });
  let sent = 0;
  const files = new Set();
  context.on('requestfinished', async (request) => {
    const sizes = await request.sizes().catch(() => null);
    if (sizes) {
      sent += sizes.responseBodySize + sizes.responseHeadersSize;
      files.add(new URL(request.url()).pathname);
    }
  });
  const page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
  const position = { roll: 1, dice: 2, sum: 5, round: 3, totals: '20,31' };
  const [first] = await timed(async () => {
    await page.goto(served, { waitUntil: 'load' });
    await page.evaluate((p) => dicelab.advise('sevens', p), position);
  });
  await keptOffline(page);
  await page.waitForTimeout(500);
  console.log(`figures: the first visit transferred ${sent} bytes as sent (${files.size} files, each once or twice)`);
  checks.that(sent <= 1_000_000, 'the first visit transfers at most 1 MB as sent', `${sent} bytes`);
  console.log(`figures (4x CPU): first two-player Sevens advice on a first visit ${first} ms from opening the page`);
  await page.reload({ waitUntil: 'load' });
  const [cold] = await timed(() => page.evaluate((p) => dicelab.advise('sevens', p), position));
  const [again] = await timed(async () => {
    await page.reload({ waitUntil: 'load' });
    await page.evaluate((p) => dicelab.advise('sevens', p), position);
  });
  console.log(`figures (4x CPU): reopened from the cache, first two-player advice ${again} ms from opening (${cold} ms after load)`);
  const solved = [];
  for (let i = 0; i < 10; i++) {
    const [ms] = await timed(() => page.evaluate(([p, sum]) => dicelab.advise('sevens', { ...p, sum }), [position, [2, 3, 4, 5, 6, 8, 9, 10][i % 8]]));
    solved.push(ms);
  }
  const [review] = await timed(() => page.evaluate((t) => dicelab.review(t), kitchen));
  console.log(`figures (4x CPU): two-player advice once solved, median of 10: ${median(solved)} ms; kitchen-table review ${review} ms`);
  // The server's API, asked from the same throttled page: its answer is computed natively.
  const api = [];
  for (let i = 0; i < 10; i++) {
    const [ms] = await timed(() =>
      page.evaluate((p) => fetch('api/advise/sevens', { method: 'POST', body: JSON.stringify(p) }).then((r) => r.json()), position),
    );
    api.push(ms);
  }
  const [apiReview] = await timed(() =>
    page.evaluate((t) => fetch('api/review', { method: 'POST', body: t }).then((r) => r.json()), kitchen),
  );
  console.log(`figures (4x CPU): dicelab serve's API for the same: advice median ${median(api)} ms, review ${apiReview} ms`);
  // Three players, from the Coach page by taps: the page says it works, then answers.
  await page.goto(`${served}#/coach/sevens`);
  await page.locator('fieldset.choice button', { hasText: '3 players' }).click();
  const [three] = await timed(async () => {
    await page.locator('button', { hasText: 'Advise' }).click();
    await page.waitForSelector('section.result .working', { timeout: 30000 });
    await page.waitForSelector('section.result table', { timeout: 600000 });
  });
  const memory = await page.evaluate(() => dicelab.memory());
  console.log(`figures (4x CPU): three-player first question ${three} ms, progress shown; the module's memory then ${(memory / 2 ** 20).toFixed(0)} MiB`);
  checks.that(true, 'the three-player first question shows its progress and finishes', `${three} ms`);
  const [apiThree] = await timed(() =>
    page.evaluate(() => fetch('api/advise/sevens', { method: 'POST', body: JSON.stringify({ roll: 1, dice: 2, sum: 5, round: 2, totals: '10,10,10' }) }).then((r) => r.json())),
  );
  console.log(`figures (4x CPU): dicelab serve's API, a three-player question: ${apiThree} ms`);
  await context.close();
}

/** Every case asked of the page's `dicelab` and of the command line, compared. */
async function sameAnswers(browser, cases, books, dir) {
  const view = await h.open(browser, served, h.DESKTOP);
  const page = view.page;
  const calls = [
    ...cases.map((c) => ['advise', c.game, c.position, c.options]),
    ...books.map((b) => ['review', b.text, b.options]),
  ];
  const [ms, got] = await timed(() => asked(page, calls));
  const [cliMs, want] = await timed(async () => [
    ...cases.map((c, i) => cliAdvice(dir, c, i)),
    ...books.map((b, i) => cliReview(dir, b, i)),
  ]);
  let differ = 0;
  let refusals = 0;
  got.forEach((answer, i) => {
    if (want[i].startsWith('error: ')) refusals += 1;
    if (answer !== want[i]) {
      differ += 1;
      if (differ <= 5) checks.that(false, `case ${i} (${JSON.stringify(calls[i]).slice(0, 120)}) as the command line`, `${answer.slice(0, 300)}\nagainst\n${want[i].slice(0, 300)}`);
    }
  });
  checks.that(differ === 0 && cases.length >= 1000 && books.length >= 100,
    `${cases.length} positions and ${books.length} records: the script API's documents are the command line's`, `${differ} differ`);
  console.log(`parity: ${cases.length} advices and ${books.length} reviews (${refusals} refusals among them) in ${ms} ms in the page, ${cliMs} ms by the command line; ${differ} differ`);
  checks.that(view.errors.length === 0, 'parity: no console error', view.errors.join('; '));
  await view.context.close();
}

/** The page's own questions (the listing of the games, the rules, the coach's advice, a game
 * replayed by its moves) asked of the module and of `dicelab serve`'s API: the same documents. */
async function sameAsServer(browser) {
  const view = await h.open(browser, served, h.DESKTOP);
  const page = view.page;
  const compared = await page.evaluate(async () => {
    const api = async (url, body) => {
      const response = await fetch(url, body === undefined ? {} : { method: 'POST', body: JSON.stringify(body) });
      return JSON.stringify(await response.json());
    };
    const out = [];
    const same = async (what, mine, theirs) => {
      let got;
      try {
        got = JSON.stringify(await mine());
      } catch (e) {
        got = JSON.stringify({ error: e.message });
      }
      out.push([what, got, await theirs()]);
    };
    const listing = await dicelab.games();
    const served = JSON.parse(await api('api/games'));
    out.push(['the games listed', JSON.stringify(listing.games), JSON.stringify(served.games)]);
    for (const { name } of listing.games) {
      await same(`rules of ${name}`, () => dicelab.rules(name), () => api(`api/rules/${name}`));
    }
    const { coach, play } = await import('./compute.js');
    const positions = [
      ['sevens', { roll: 2, dice: 4, sum: 9, round: 3, totals: '20,31' }],
      ['sevens', { roll: 1, dice: 2, sum: 5, round: 2, totals: '10,12,9' }],
      ['sequences', { totals: '30,42', next: 2 }],
      ['solitaire-dice', { roll: '1,3,3,4,6' }],
      ['sieben', { hand: '1,3,3,5,6', pile: '2+3', others: '7,6,7' }],
      ['sevens', { roll: 1, dice: 3, sum: 5 }],
    ];
    for (const [game, position] of positions) {
      await same(`the coach on ${game} ${JSON.stringify(position)}`, () => coach(game, position), () => api(`api/advise/${game}`, position));
    }
    const games = [
      ['sevens', { seed: 7, players: 2, moves: [0, 1, 0, 0], coach: true, advice: true }],
      ['sevens', { seed: 8, players: 3, moves: [1, 0], coach: true, advice: true }],
      ['solitaire-dice', { seed: 3, moves: [0, 2], coach: true, advice: true }],
      ['sieben', { seed: 5, players: 3, moves: [0], coach: true, advice: true }],
      ['sevens', { seed: 9, moves: [0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0] }],
      ['sevens', { seed: 7, moves: [9] }],
      ['sevens', { seed: 7, colour: 'red' }],
    ];
    for (const [game, request] of games) {
      await same(`${game} replayed ${JSON.stringify(request)}`, () => play(game, request), () => api(`api/play/${game}`, request));
    }
    return out;
  });
  for (const [what, mine, theirs] of compared) {
    checks.that(mine === theirs, `${what}: the module's document is dicelab serve's`, `${mine.slice(0, 300)}\nagainst\n${theirs.slice(0, 300)}`);
  }
  console.log(`the page's own questions: ${compared.length} asked of the module and of dicelab serve's API`);
  // The refusals compared above are 400s, which the browser logs; nothing else may be.
  const errors = view.errors.filter((e) => !/\b400\b/.test(e));
  checks.that(errors.length === 0, "the page's own questions: no console error but the refusals asked for", errors.join('; '));
  await view.context.close();
}

/** A Sevens game played to its end by taps (clicks on a desktop) on the Play page, then its review shown. */
async function playedByTaps(page, where, mobile) {
  await page.goto(page.url().replace(/#.*$/, '') + '#/play/sevens?seed=11&players=2');
  await page.locator('button[type="submit"]', { hasText: 'Deal' }).click().catch(() => {});
  let taps = 0;
  for (;;) {
    await page.waitForFunction(() => {
      const box = document.querySelector('.decision-box');
      return box && !box.hasAttribute('aria-busy') && box.querySelector('button.action, .over, .error');
    }, null, { timeout: 120000 });
    if (await page.locator('.decision-box .over, .decision-box .error').count()) break;
    const action = page.locator('button.action').nth(taps % 2);
    await (mobile ? action.tap() : action.click());
    taps += 1;
    if (taps > 80) break;
  }
  const over = await page.locator('.decision-box .over').textContent().catch(() => '');
  checks.that(over.startsWith('game over'), `${where}: a Sevens game played to its end by taps`, `${taps} taps: ${over}`);
  await page.waitForSelector('section.review', { timeout: 120000 });
  const accounts = await page.locator('section.review table').count();
  checks.that(accounts > 0, `${where}: the game's record reviewed`, `${accounts} tables`);
  return taps;
}

/** A new version deployed under a page that has the app: offered, taken, the old cache gone. */
async function updated(browser, url, dir) {
  const where = 'a new version';
  const view = await h.open(browser, url, h.PHONE);
  const page = view.page;
  await keptOffline(page);
  const sw = path.join(dir, 'sw.js');
  const before = fs.readFileSync(sw, 'utf8');
  const version = /const VERSION = "([^"]+)"/.exec(before)[1];
  fs.writeFileSync(sw, before.replace(version, `${version}-next`));
  fs.appendFileSync(path.join(dir, 'style.css'), '\n/* the next version */\n');
  await page.reload({ waitUntil: 'load' });
  const line = await page.locator('.update').textContent({ timeout: 60000 }).catch(() => '');
  checks.that(line.includes('A new version of dicelab is ready'), `${where}: the page says it is ready`, line);
  await Promise.all([page.waitForEvent('load', { timeout: 60000 }), page.locator('.update button').click()]);
  await keptOffline(page);
  const kept = await page.evaluate(async () => {
    const names = await caches.keys();
    const style = await (await fetch('style.css')).text();
    return { names, next: style.includes('the next version') };
  });
  checks.that(kept.names.length === 1 && kept.names[0].endsWith(`${version}-next`) && kept.next,
    `${where}: "Use it" switches to it and only its files are kept`, JSON.stringify(kept));
  // "Use it" reloads the page while its worker may still be loading: that load, cut short by
  // the reload, is no fault.
  const errors = view.errors.filter((e) => !e.includes('(net::ERR_ABORTED)'));
  checks.that(errors.length === 0, `${where}: no error`, errors.join('; '));
  console.log(`${where}: offered, taken; the caches now ${JSON.stringify(kept.names)}`);
  await view.context.close();
}

/** One visit, then the server stopped and the network off: the app reloads and works. */
async function offline(browser, url, pid, size, dir, label) {
  const where = `offline from ${label} at ${size.width}px`;
  const view = await h.open(browser, url, size);
  const page = view.page;
  await keptOffline(page);
  process.kill(Number(pid));
  await new Promise((resolve) => setTimeout(resolve, 300));
  await view.context.setOffline(true);
  await page.reload({ waitUntil: 'load' });
  const shown = await page.locator('h1').first().textContent({ timeout: 30000 });
  checks.that(shown.length > 0, `${where}: the app reloads with the server gone and the network off`, shown);
  const taps = await playedByTaps(page, where, size.mobile);
  const position = { roll: 2, dice: 3, sum: 11, round: 4, totals: '30,25', scores: '12' };
  const [got] = await asked(page, [['advise', 'sevens', position]]);
  const want = cliAdvice(dir, { game: 'sevens', position, options: {} }, `offline-${label}`);
  checks.that(got === want, `${where}: dicelab.advise("sevens", ...) is dicelab advise --json`, got.slice(0, 200));
  await page.goto(url + '#/rules/sieben');
  const rules = await page.locator('article.rules').textContent({ timeout: 30000 });
  checks.that(rules.length > 200, `${where}: the rules read offline`, rules.slice(0, 80));
  await page.goto(url + '#/review');
  await page.locator('button', { hasText: 'example' }).first().click().catch(() => {});
  const shot = await h.screenshot(page, shots, `web-offline-${label}-${size.name}-${size.width}`);
  checks.that(view.errors.length === 0, `${where}: no error, online or off`, view.errors.join('; '));
  console.log(`${where}: reloaded, ${taps} taps to the game's end, reviewed, advice as the command line's; screenshot ${shot}`);
  await view.context.close();
}

async function main() {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'dicelab-web-js-'));
  const browser = await h.launch();
  try {
    const kitchen = fs
      .readFileSync(path.join(__dirname, '..', '..', 'docs', 'review.md'), 'utf8')
      .split('## A game typed by hand')[1]
      .split('```text\n')[1]
      .split('```')[0];
    await figures(browser, kitchen);
    await sameAnswers(browser, positions(), records(dir), dir);
    await sameAsServer(browser);
    await offline(browser, served, servePid, h.DESKTOP, dir, 'dicelab-serve');
    await updated(browser, staticUrl, staticDir);
    await offline(browser, staticUrl, staticPid, h.PHONE, dir, 'static-server');
  } finally {
    await browser.close();
    fs.rmSync(dir, { recursive: true, force: true });
  }
  checks.finish('app in the browser');
}

if (require.main === module) {
  main().catch((e) => {
    console.error(`app in the browser: ${e.stack || e}`);
    process.exitCode = 2;
  });
}

module.exports = { positions };
