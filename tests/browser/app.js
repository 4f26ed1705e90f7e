// The web app of `dicelab serve` on a phone and a desktop:
//
//   DICELAB_BROWSER_CACHE=DIR node tests/browser/app.js BASE_URL DICELAB_BINARY SHOTS_DIR
//
// At 390x844 and 1280x800: every page loads with no console error and no sideways scroll; the
// README's Sevens position entered by taps in the coach shows exactly the numbers of
// `dicelab advise sevens ... --json`; positions of 7, Solitaire Dice and Sequences entered by
// taps show the command line's advice on one thread; the rules page reads; a whole Sevens game
// is played by clicks to its end and its review appears with the command line's accounts; a
// record pasted into the Review page is reviewed likewise. Screenshots of each page at both
// sizes go to SHOTS_DIR. Prints a closing line `web app: N passed, N failed`; exits non-zero on
// any failure.
'use strict';

const { execFileSync } = require('child_process');
const fs = require('fs');
const os = require('os');
const path = require('path');
const h = require('./harness');

// The README's Sevens position, as the command line takes it, and as the coach's address holds it.
const README_WORDS = ['--roll', '1', '--dice', '2', '--sum', '5', '--allowed', '2', '--round', '6',
  '--totals', '52,49', '--scores', '15'];
const README_KEYS = 'roll=1&dice=2&sum=5&allowed=2&round=6&totals=52,49&scores=15';

// The coach's addresses of the issue that asked for them: each opens on its advice, which is the
// command line's for the same keys, losses of estimates with their uncertainty in words, nothing
// wider than the screen and no flag or identifier in the text.
const ADDRESSES = [
  ['sevens', README_KEYS, README_WORDS],
  ['solitaire-dice', 'roll=1,2,3,4,6', ['--roll', '1,2,3,4,6']],
  ['sieben', 'hand=1,3,3,5,6&pile=2%2B3&others=7,6,7&chips=10,5,8,7',
    ['--hand', '1,3,3,5,6', '--pile', '2+3', '--others', '7,6,7', '--chips', '10,5,8,7']],
];

async function addressedAgainstCli(browser, base, bin, size, checks, shots) {
  for (const [game, keys, words] of ADDRESSES) {
    const where = `the coach's address ${game}?${keys} at ${size.width}px`;
    const cli = JSON.parse(execFileSync(bin, ['advise', game, ...words, '--json', '--threads', '1'], { encoding: 'utf8' }));
    const view = await h.open(browser, `${base}#/coach/${game}?${keys}`, size);
    await adviceShown(view.page);
    const rows = await shownRows(view.page);
    const same = rows.length === cli.actions.length && cli.actions.every((a, i) => rows[i].name === a.name &&
      Object.entries(a.values).every(([column, v]) => v === null || Number(rows[i].values[column]) === v.value));
    checks.that(same, `${where}: opens on the command line's advice`, JSON.stringify(rows.slice(0, 2)));
    const losses = await view.page.locator('section.result td[data-column="loss"]').allTextContents();
    const estimated = cli.actions.some((a) => a.loss && !a.loss.exact);
    checks.that(!estimated || losses.slice(1).every((l) => /too close to call|give or take/.test(l)),
      `${where}: each estimated loss with its uncertainty in words`, losses.join(' | '));
    checks.that(losses.every((l) => !l.includes('%')), `${where}: no loss as a percentage`, losses.join(' | '));
    await h.checkPage(checks, view, `coach's address of ${game}`);
    await h.screenshot(view.page, shots, `app-coach-address-${game}-${size.name}-${size.width}`);
    await view.context.close();
  }
}

// Waits until no advice is being asked for.
async function settled(page) {
  await page.waitForFunction(() => {
    const result = document.querySelector('section.result');
    return result && !result.hasAttribute('aria-busy');
  });
}

// Taps Advise and waits for the ranked table (or a refusal).
async function advised(page) {
  await page.locator('button[type="submit"]').click();
  await page.waitForFunction(() => {
    const result = document.querySelector('section.result');
    return result && !result.hasAttribute('aria-busy') && result.querySelector('table, .error');
  });
}

// Taps the button of the fieldset whose legend starts with `legend` and that says `text`.
async function tap(page, legend, text) {
  const set = page.locator('fieldset', { has: page.locator('legend', { hasText: legend }) }).first();
  await set.locator('button', { hasText: text }).first().click();
  await settled(page);
}

// Types `values` on the number pad, slot after slot from the one chosen (Next between them);
// returns the taps spent.
async function typed(page, values) {
  let taps = 0;
  for (const [i, value] of values.entries()) {
    if (i > 0) {
      await page.locator('.pad [data-key="next"]').click();
      taps += 1;
    }
    for (const digit of String(value)) {
      await page.locator(`.pad [data-key="${digit}"]`).click();
      taps += 1;
    }
  }
  return taps;
}

// The ranked rows the advice shows, each value's exact number as the page keeps it.
function shownRows(page) {
  return page.evaluate(() =>
    [...document.querySelectorAll('section.result tbody tr')].map((tr) => ({
      name: tr.querySelector('th').textContent,
      values: Object.fromEntries([...tr.querySelectorAll('td[data-column]')].map((td) => [td.dataset.column, td.dataset.value])),
    }))
  );
}

// Waits for the advice the page asks for by itself once a position is whole.
async function adviceShown(page) {
  await page.waitForFunction(() => {
    const result = document.querySelector('section.result');
    return result && !result.hasAttribute('aria-busy') && result.querySelector('table, .error');
  });
}

// The README's position entered by taps, counted (the advice comes by itself once the dice are
// in: no Advise tap); returns the ranked rows shown and the taps. 0.10.0 took 29 taps.
async function readmeByTaps(page) {
  await settled(page);
  let taps = 0;
  await tap(page, 'Round', '6');
  taps += 1;
  // The totals, then the first player's score this round: that I play second follows.
  taps += await typed(page, [52, 49, 15]);
  await tap(page, 'Rolls I may use', '2');
  taps += 1;
  await page.locator('[data-face="1"]').click();
  await page.locator('[data-face="4"]').click();
  taps += 2;
  await adviceShown(page);
  return { rows: await shownRows(page), taps };
}

// The coach of `game` by taps (`taps` enters a position) against `dicelab advise GAME WORDS
// --json --threads 1`: the same actions (or players) in the same order, the same values.
async function tappedAgainstCli(browser, base, bin, size, checks, shots, game, taps, words) {
  const where = `coach of ${game} by taps at ${size.width}px`;
  const cli = JSON.parse(execFileSync(bin, ['advise', game, ...words, '--json', '--threads', '1'], { encoding: 'utf8' }));
  const view = await h.open(browser, `${base}#/coach/${game}`, size);
  await view.page.waitForSelector('form.position button[type="submit"]');
  await taps(view.page);
  await advised(view.page);
  const rows = await view.page.evaluate(() =>
    [...document.querySelectorAll('section.result tbody tr')].map((tr) => ({
      name: tr.querySelector('th').textContent,
      values: Object.fromEntries([...tr.querySelectorAll('td[data-column]')].map((td) => [td.dataset.column, td.dataset.value])),
    }))
  );
  const expected = cli.actions || cli.players;
  checks.that(rows.length === expected.length, `${where}: every row of the command line`, `${rows.length} rows, ${expected.length} there`);
  expected.forEach((row, i) => {
    const shown = rows[i] || { name: '', values: {} };
    const same = shown.name === row.name &&
      Object.entries(row.values).every(([column, v]) => v === null || Number(shown.values[column]) === v.value);
    checks.that(same, `${where}: row ${i + 1} is the command line's ${row.name}`, JSON.stringify(shown));
  });
  await h.checkPage(checks, view, `coach of ${game} by taps`);
  await h.screenshot(view.page, shots, `app-coach-${game}-taps-${size.name}-${size.width}`);
  await view.context.close();
}

// The review the command line prints for the record `text`, as JSON.
function cliReview(bin, text) {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'dicelab-app-'));
  try {
    const file = path.join(dir, 'record.txt');
    fs.writeFileSync(file, text);
    return JSON.parse(execFileSync(bin, ['review', file, '--format', 'json', '--threads', '1'], { encoding: 'utf8' }));
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

// The accounts the page shows (each seat's luck and cost as kept in data-value) against the
// command line's review of the same record.
async function sameAccounts(page, cli, checks, where) {
  const shown = await page.evaluate(() =>
    [...document.querySelectorAll('table.accounts tbody tr')].map((tr) => ({
      luck: Number(tr.querySelector('[data-column="luck"]').dataset.value),
      cost: Number(tr.querySelector('[data-column="cost"]').dataset.value),
    }))
  );
  const players = cli.games[0].players;
  checks.that(shown.length === players.length, `${where}: a row of accounts a player`, `${shown.length} rows`);
  players.forEach((p, seat) => {
    const row = shown[seat] || {};
    checks.that(row.luck === p.luck && row.cost === p.cost, `${where}: ${p.name}'s luck and cost are the command line's`,
      `${JSON.stringify(row)} against luck ${p.luck}, cost ${p.cost}`);
  });
  const lines = await page.locator('svg.chart polyline').count();
  checks.that(lines === players.length, `${where}: the chart has a line a player`, `${lines} lines`);
}

// A whole game of Sevens played by clicks from the Play page's list to its review: the advice
// asked once, every action a click, the record downloadable, the review's accounts the command
// line's for that record.
async function playedByClicks(browser, base, bin, size, checks, shots) {
  const where = `play sevens at ${size.width}px`;
  // Played at once: the steps one at a time are checked in playLooksLikeTheGame.
  const view = await h.open(browser, `${base}#/play`, { ...size, reducedMotion: true });
  const page = view.page;
  await page.locator('a.card[href="#/play/sevens"]').click();
  await page.fill('input[name="seed"]', '7');
  await page.locator('button[type="submit"]', { hasText: 'Deal' }).click();
  let clicks = 0;
  for (;;) {
    await page.waitForFunction(() => {
      const box = document.querySelector('.decision-box');
      return box && !box.hasAttribute('aria-busy') && box.querySelector('button.action, .over, .error');
    });
    if (await page.locator('.decision-box .over, .decision-box .error').count()) break;
    if (clicks === 1) {
      await page.locator('button.ask').click();
      await page.waitForSelector('section.result[aria-label="advice"] table');
      const rows = await page.locator('section.result[aria-label="advice"] tbody th').allTextContents();
      const actions = await page.locator('button.action').allTextContents();
      checks.that(rows.length === actions.length && rows.every((r) => actions.includes(r)),
        `${where}: the advice ranks the decision's actions`, `${rows} against ${actions}`);
      await h.screenshot(page, shots, `app-play-advice-${size.name}-${size.width}`);
    }
    // Alternate the first and the second action: both stopping and rolling on are played.
    await page.locator('button.action').nth(clicks % 2).click();
    clicks += 1;
    if (clicks > 80) break;
  }
  const over = await page.locator('.decision-box .over').textContent().catch(() => '');
  checks.that(over.startsWith('game over'), `${where}: the game is played to its end by clicks`, `${clicks} clicks: ${over}`);
  await page.waitForSelector('section.review', { timeout: 60000 });
  const href = await page.locator('a.download').getAttribute('href');
  const record = decodeURIComponent(href.replace(/^data:text\/plain;charset=utf-8,/, ''));
  checks.that(record.includes('game sevens') && record.includes('seed 7'), `${where}: the record is downloadable`, record.slice(0, 80));
  await sameAccounts(page, cliReview(bin, record), checks, where);
  await h.checkPage(checks, view, 'play sevens');
  const shot = await h.screenshot(page, shots, `app-play-sevens-${size.name}-${size.width}`);
  console.log(`${where}: ${clicks} clicks to the end, reviewed; screenshot ${shot}`);
  await view.context.close();
}

// Solitaire Dice and 7 dealt from the Play list with the form's defaults, and two moves made in
// each: the coach speaks after each move, and nothing is refused.
async function otherGamesDealt(browser, base, size, checks) {
  for (const game of ['solitaire-dice', 'sieben']) {
    const where = `play ${game} at ${size.width}px`;
    const view = await h.open(browser, `${base}#/play`, size);
    const page = view.page;
    await page.locator(`a.card[href="#/play/${game}"]`).click();
    await page.locator('button[type="submit"]', { hasText: 'Deal' }).click();
    for (let i = 0; i < 2; i++) {
      await page.waitForFunction(() => {
        const box = document.querySelector('.decision-box');
        return box && !box.hasAttribute('aria-busy') && box.querySelector('button.action, .over, .error');
      });
      await page.locator('button.action').first().click();
    }
    await page.waitForFunction(() => {
      const box = document.querySelector('.decision-box');
      return box && !box.hasAttribute('aria-busy') && box.querySelector('button.action, .over, .error');
    });
    const coach = await page.locator('.coach-line').textContent();
    checks.that(coach.startsWith('coach: '), `${where}: dealt with the defaults, the coach speaks after a move`, coach);
    checks.that(view.errors.length === 0, `${where}: no error`, view.errors.join('; '));
    await view.context.close();
  }
}

// Play as the table shows it: the dice of the decision drawn as dice (7's hand as cards), the
// computer's turns shown a line at a time with their dice drawn, a move undone, and Back from
// an address opened from outside staying in the app.
async function playLooksLikeTheGame(browser, base, size, checks) {
  const where = `play at ${size.width}px`;
  const view = await h.open(browser, `${base}#/play/sevens?seed=3&players=3&moves=1`, size);
  const page = view.page;
  const ready = () => page.waitForFunction(() => {
    const box = document.querySelector('.decision-box');
    return box && !box.hasAttribute('aria-busy') && box.querySelector('button.action');
  });
  await ready();
  const thrown = await page.locator('.table-view [data-label="thrown"] .die').count();
  const kept = await page.locator('.table-view [data-label="kept"] .die').count();
  checks.that(thrown === 6 && kept === 4, `${where}: the throw drawn as dice, and the dice it keeps`, `${thrown} thrown, ${kept} kept`);
  const before = await page.locator('.log .step').count();
  await page.locator('button.action').first().click();
  // The computer's turns come a line at a time, "Show all" offered meanwhile.
  await page.waitForSelector('button.show-all');
  const early = await page.locator('.log .step').count();
  await ready();
  const after = await page.locator('.log .step').count();
  checks.that(early > before && early < after, `${where}: the computer's turns shown a line at a time`, `${before}, then ${early}, then ${after} lines`);
  const drawn = await page.locator('.log .step', { hasText: 'seat 3 (win) rolls' }).locator('.die').count();
  checks.that(drawn >= 6, `${where}: the computer's throws drawn as dice`, `${drawn} dice`);
  checks.that(page.url().endsWith('moves=1.0'), `${where}: the move is in the address`, page.url());
  await page.locator('button.undo').click();
  await page.waitForFunction(() => location.hash.endsWith('moves=1'));
  await ready();
  const undone = await page.locator('.log .step').count();
  checks.that(undone === before, `${where}: Undo takes the move back`, `${undone} lines, ${before} before the move`);
  await page.goBack();
  await page.waitForSelector('h1');
  const home = await page.locator('h1').textContent();
  checks.that(new URL(page.url()).hash === '#/' && home.startsWith('Which play'), `${where}: Back from an address opened from outside stays in the app`, `${page.url()}: ${home}`);
  await view.context.close();
  const seven = await h.open(browser, `${base}#/play/sieben?seed=3&moves=0`, size);
  await seven.page.waitForSelector('.decision-box button.action');
  const cards = await seven.page.locator('.table-view [data-label="your hand"] .playing-card').allTextContents();
  const spots = await seven.page.locator('.table-view [data-label="the pile"] .playing-card').count();
  checks.that(cards.join(' ') === '1 2 3 3 6 6 7' && spots === 2, `${where}: 7's hand drawn as cards, the pile as its two spots`, `${cards} and ${spots} spots`);
  checks.that(view.errors.length + seven.errors.length === 0, `${where}: no error`, [...view.errors, ...seven.errors].join('; '));
  await seven.context.close();
}

// Cleo's game of Solitaire Dice in docs/review.md followed on the Scoresheet, roll by roll,
// for its first eight rolls: each roll tapped, divided by a tap on the division she chose (a
// roll with one division divided at once), each expected final score the one `dicelab review`
// gives the record so far; a reload half way carries on, and the record downloaded reviews as
// hers cut there.
async function soloFollowed(browser, base, bin, size, checks, shots) {
  const where = `solitaire scoresheet at ${size.width}px`;
  const docs = fs.readFileSync(path.join(__dirname, '..', '..', 'docs', 'review.md'), 'utf8');
  const typed = docs.split('Cleo played a game and wrote down')[1].split('```text\n')[1].split('```')[0];
  const rolls = typed.split('\n').filter((l) => l.startsWith('Cleo: ')).slice(0, 8).map((l) => {
    const [dice, pairs] = l.slice(6).split(' pairs ');
    return { dice: dice.split(' ').map(Number), pairs: pairs.split(' ').map((p) => p.split('+').map(Number)) };
  });
  const view = await h.open(browser, `${base}#/sheet/solitaire-dice`, size);
  const page = view.page;
  await page.fill('input[name="players"]', 'Cleo');
  await page.locator('button[type="submit"]', { hasText: 'Start' }).click();
  const idle = () => page.waitForFunction(() => !document.getElementById('page').hasAttribute('aria-busy') &&
    document.querySelector('table.chances'));
  const held = () => page.evaluate(() => {
    const saved = JSON.parse(localStorage.getItem('dicelab-sheet'));
    return saved.records[saved.records.length - 1];
  });
  const sameAsReview = async (what) => {
    const shown = await page.locator('table.chances td[data-column="now"]').evaluateAll((tds) => tds.map((td) => Number(td.dataset.value)));
    const want = cliReview(bin, await held()).games[0].players.map((p) => p.result);
    return shown.length === 1 && shown[0] === want[0] ? 1 : (checks.that(false, `${where}: ${what}: the expected score is the review's`, `${shown} against ${want}`), 0);
  };
  await idle();
  let steps = 0;
  let same = 0;
  let divided = 0;
  let last = 0;
  for (const [r, roll] of rolls.entries()) {
    if (r === 4) {
      await page.reload();
      await idle();
      const legend = await page.locator('fieldset[data-name="throw"] legend').textContent();
      checks.that(legend.startsWith('Cleo, round 5'), `${where}: a reload carries on where the game was`, legend);
    }
    for (const f of roll.dice) await page.locator(`fieldset[data-name="throw"] [data-face="${f}"]`).click();
    await idle();
    steps += 1;
    same += await sameAsReview(`roll ${r + 1}`);
    if (await page.locator('button[data-choice]').count()) {
      const left = [...roll.dice];
      for (const f of roll.pairs.flat()) left.splice(left.indexOf(f), 1);
      const sums = roll.pairs.map(([a, b]) => a + b).sort((a, b) => a - b);
      const name = new RegExp(`^${sums[0]} \\+ ${sums[1]}, (throw away|free ride) ${left[0]}$`);
      if (r === 0) await h.screenshot(page, shots, `app-sheet-solitaire-${size.name}-${size.width}`);
      const started = Date.now();
      await page.locator('button[data-choice]', { hasText: name }).click();
      await idle();
      last = Date.now() - started;
      steps += 1;
      divided += 1;
      same += await sameAsReview(`roll ${r + 1} divided`);
    }
  }
  checks.that(same === steps && divided >= 6, `${where}: every step's expected score is the review's`, `${same} of ${steps} steps, ${divided} divisions`);
  console.log(`${where}: Cleo's first 8 rolls followed in ${steps} steps; the 8th division took ${last} ms`);
  const [download] = await Promise.all([page.waitForEvent('download'), page.locator('a.download').click()]);
  const exported = fs.readFileSync(await download.path(), 'utf8');
  const cut = typed.split('round 9\n')[0];
  const strip = (g) => JSON.stringify({ players: g.players, moments: g.moments.map((m) => m.event) });
  const mine = cliReview(bin, exported).games[0];
  const hers = cliReview(bin, cut).games[0];
  checks.that(strip(mine) === strip(hers), `${where}: the record downloaded reviews as hers cut after round 8`,
    `${mine.players.map((p) => p.shown.result)} against ${hers.players.map((p) => p.shown.result)}`);
  // The review so far, estimated: its method in words, naming no flag of the command line.
  await page.locator('button', { hasText: 'Review so far' }).click();
  await page.waitForSelector('section.so-far p.method');
  const method = await page.locator('section.so-far p.method').textContent();
  checks.that(method.startsWith('estimated') && !/(^|\s|\()-[a-z]/.test(method), `${where}: the review's method names no flag`, method);
  await h.checkPage(checks, view, 'solitaire scoresheet');
  await view.context.close();
}

// Sevens under removal=subsets on the Scoresheet: a throw that leaves a choice of dice asks
// which were kept, each way a tap, and the turn goes on to its decision.
async function keptAsked(browser, base, size, checks, shots) {
  const where = `subsets scoresheet at ${size.width}px`;
  const view = await h.open(browser, `${base}#/sheet/sevens`, size);
  const page = view.page;
  await page.fill('input[name="players"]', 'Ann Bob');
  await page.fill('input[name="rules"]', 'removal=subsets');
  await page.locator('button[type="submit"]', { hasText: 'Start' }).click();
  await page.waitForSelector('fieldset[data-name="throw"]');
  for (const f of [1, 2, 4, 6, 3, 3]) await page.locator(`fieldset[data-name="throw"] [data-face="${f}"]`).click();
  await page.waitForSelector('button[data-choice]');
  const prompt = await page.locator('p.prompt').textContent();
  const choices = await page.locator('button[data-choice]').allTextContents();
  const drawn = await page.locator('.table-view .die').count();
  checks.that(prompt.includes('which dice did Ann keep') && choices.length > 1 && drawn === 6,
    `${where}: the dice kept are asked, each way a tap`, `${prompt}: ${choices.join(' | ')}`);
  // Advice before the choice ranks the ways to keep, each with its stop or throw after.
  await page.locator('button', { hasText: 'Advice on this decision' }).click();
  await page.waitForSelector('table.ranked tbody th');
  const advised = await page.locator('table.ranked tbody th').allTextContents();
  checks.that(advised.some((r) => r.includes('keep 3 dice')) && advised.some((r) => r.includes('keep 2 dice')),
    `${where}: advice ranks the ways to keep`, advised.join(' | '));
  await h.screenshot(page, shots, `app-sheet-subsets-${size.name}-${size.width}`);
  await page.locator('button[data-choice]', { hasText: 'kept 6 3 3' }).first().click();
  await page.waitForSelector('button:has-text("Ann stops")');
  const held = await page.evaluate(() => {
    const saved = JSON.parse(localStorage.getItem('dicelab-sheet'));
    return saved.records[saved.records.length - 1];
  });
  checks.that(held.includes('Ann: 1 2 4 6 3 3 keep 6 3 3 /'), `${where}: the record writes the dice kept, the turn going on`, held.split('\n').slice(-2).join(' '));
  checks.that(view.errors.length === 0, `${where}: no error`, view.errors.join('; '));
  await view.context.close();
}

// The kitchen-table game of docs/review.md followed on the Scoresheet by taps, as it would be at
// the table: after every throw each player's chance on the page is the one `dicelab review`
// gives the record so far (the page's own, kept on the phone); a reload half way carries on;
// at the end the record downloaded reviews as the typed one does.
async function followedAtTheTable(browser, base, bin, size, checks, shots) {
  const where = `scoresheet at ${size.width}px`;
  const docs = fs.readFileSync(path.join(__dirname, '..', '..', 'docs', 'review.md'), 'utf8');
  const typed = docs.split('## A game typed by hand')[1].split('```text\n')[1].split('```')[0];
  const turns = typed.split('\n').filter((l) => /^(Ann|Bob): /.test(l)).map((l) =>
    l.split(': ')[1].split('/').map((t) => t.trim().split(/\s+/).map(Number)));
  const view = await h.open(browser, `${base}#/sheet`, size);
  const page = view.page;
  await page.locator('a.card[href="#/sheet/sevens"]').click();
  await page.fill('input[name="players"]', 'Ann Bob');
  await page.locator('button[type="submit"]', { hasText: 'Start' }).click();
  const idle = () => page.waitForFunction(() => !document.getElementById('page').hasAttribute('aria-busy') &&
    document.querySelector('table.chances'));
  const held = () => page.evaluate(() => {
    const saved = JSON.parse(localStorage.getItem('dicelab-sheet'));
    return saved.records[saved.records.length - 1];
  });
  await idle();
  let throws = 0;
  let same = 0;
  for (const [t, turn] of turns.entries()) {
    if (t === 10) {
      // Half way, the tab reloaded: the game carries on from the phone's own copy.
      await page.reload();
      await idle();
      const name = await page.locator('fieldset[data-name="throw"] legend').textContent();
      checks.that(name.startsWith('Bob, round 6'), `${where}: a reload carries on where the game was`, name);
    }
    for (const [j, dice] of turn.entries()) {
      for (const f of dice) await page.locator(`fieldset[data-name="throw"] [data-face="${f}"]`).click();
      await idle();
      throws += 1;
      const shown = await page.locator('table.chances td[data-column="now"]').evaluateAll((tds) => tds.map((td) => Number(td.dataset.value)));
      const cli = cliReview(bin, await held()).games[0];
      const want = cli.players.map((p) => p.result);
      if (shown.length === 2 && shown.every((v, i) => v === want[i])) same += 1;
      else checks.that(false, `${where}: throw ${throws}: the chances are the review's of the record so far`, `${shown} against ${want}`);
      const deciding = await page.locator('button', { hasText: 'stops' }).count();
      if (j + 1 === turn.length && deciding) {
        await page.locator('button', { hasText: 'stops' }).click();
        await idle();
      }
    }
    if (t === 0) await h.screenshot(page, shots, `app-sheet-first-turn-${size.name}-${size.width}`);
  }
  checks.that(same === throws && throws === 24, `${where}: every throw's chances are the review's`, `${same} of ${throws}`);
  const over = await page.locator('p.over').count();
  checks.that(over === 1, `${where}: the game is over after round 10`, `${over}`);
  const [download] = await Promise.all([page.waitForEvent('download'), page.locator('a.download').click()]);
  const exported = fs.readFileSync(await download.path(), 'utf8');
  const mine = cliReview(bin, exported).games[0];
  const theirs = cliReview(bin, typed).games[0];
  const strip = (g) => JSON.stringify({ players: g.players, moments: g.moments.map((m) => m.event) });
  checks.that(strip(mine) === strip(theirs), `${where}: the record downloaded reviews as the typed game`,
    `${mine.players.map((p) => p.shown.result)} against ${theirs.players.map((p) => p.shown.result)}`);
  await page.locator('button', { hasText: 'Review so far' }).click();
  await h.checkPage(checks, view, 'scoresheet');
  await h.screenshot(page, shots, `app-sheet-${size.name}-${size.width}`);
  console.log(`${where}: the kitchen game followed in ${throws} throws, every chance the review's`);
  await view.context.close();
}

// The kitchen-table record of docs/review.md pasted into the Review page and reviewed: the
// accounts are the command line's, and "only the marked decisions" shows exactly those.
async function pastedAndReviewed(browser, base, bin, size, checks, shots) {
  const where = `review at ${size.width}px`;
  const docs = fs.readFileSync(path.join(__dirname, '..', '..', 'docs', 'review.md'), 'utf8');
  const record = docs.split('## A game typed by hand')[1].split('```text\n')[1].split('```')[0];
  const view = await h.open(browser, `${base}#/review`, size);
  const page = view.page;
  // The page's Example is its own copy of this record: it must stay the docs' game.
  await page.locator('button', { hasText: 'Example' }).click();
  const example = await page.inputValue('textarea[name="record"]');
  checks.that(example === record, `${where}: the Example is the kitchen-table record of docs/review.md`,
    'web/review.js EXAMPLE differs from docs/review.md');
  await page.fill('textarea[name="record"]', record);
  await page.locator('button[type="submit"]', { hasText: 'Review' }).click();
  await page.waitForSelector('section.review');
  const cli = cliReview(bin, record);
  await sameAccounts(page, cli, checks, where);
  const marked = cli.games[0].moments.filter((m) => m.mark).length;
  // Every throw's dice drawn as dice: as many as the record's throws show.
  const thrown = cli.games[0].moments.filter((m) => m.event.kind === 'throw').map((m) => m.event.dice.join(' '));
  const shownDice = await page.locator('ol.moments li[data-kind="throw"] .what > .faces-shown:first-child').evaluateAll((ds) =>
    ds.map((d) => [...d.querySelectorAll('.die')].map((x) => x.dataset.face).join(' ')));
  checks.that(shownDice.length === thrown.length && shownDice.every((d, i) => d === thrown[i]),
    `${where}: every throw's dice drawn as dice`, `${shownDice.length} throws drawn of ${thrown.length}`);
  await page.locator('label.toggle input').check();
  const visible = await page.locator('ol.moments li:visible').count();
  checks.that(visible === marked && marked > 0, `${where}: only the marked decisions, when asked`, `${visible} shown, ${marked} marked`);
  await h.checkPage(checks, view, 'review');
  await h.screenshot(page, shots, `app-review-${size.name}-${size.width}`);
  // A record that breaks its rules is refused in one line, naming its line.
  await page.fill('textarea[name="record"]', 'dicelab record 1\ngame sevens\nseat 1 person A\nseat 2 person B\nround 1\nA: 9\n');
  await page.locator('button[type="submit"]', { hasText: 'Review' }).click();
  await page.waitForSelector('section.result .error');
  const error = await page.locator('section.result .error').textContent();
  checks.that(error.includes('line 6'), `${where}: a wrong record is refused naming its line`, error);
  await view.context.close();
}

async function main() {
  const [base, bin, shots] = process.argv.slice(2);
  if (!base || !bin || !shots) throw new Error('usage: app.js BASE_URL DICELAB_BINARY SHOTS_DIR');
  const cli = JSON.parse(execFileSync(bin, ['advise', 'sevens', ...README_WORDS, '--json'], { encoding: 'utf8' }));
  const checks = new h.Checks();
  const browser = await h.launch();
  try {
    for (const size of [h.PHONE, h.DESKTOP]) {
      const where = (page) => `${page} at ${size.width}px`;
      for (const [name, hash, ready] of [
        ['home', '#/', 'a.card'],
        ['rules list', '#/rules', 'a.card'],
        ['rules of sevens', '#/rules/sevens', 'article.rules h3'],
        ['coach of 7', '#/coach/sieben', 'form.position button[type="submit"]'],
        ['coach of solitaire-dice', '#/coach/solitaire-dice', 'form.position button[type="submit"]'],
        ['coach of sequences', '#/coach/sequences', 'form.position button[type="submit"]'],
        ['play list', '#/play', 'a.card'],
        ['review form', '#/review', 'textarea'],
        ['findings', '#/findings', 'ol.answers li'],
      ]) {
        const view = await h.open(browser, base + hash, size);
        await view.page.waitForSelector(ready);
        await h.checkPage(checks, view, name);
        if (name === 'home') {
          // How soon the first page shows on loopback: said, not asserted (speed is measured,
          // never a test's verdict).
          const paint = await view.page.evaluate(() => {
            const first = performance.getEntriesByName('first-contentful-paint')[0];
            return first ? first.startTime : NaN;
          });
          console.log(`${where('home')}: first contentful paint ${paint.toFixed(0)} ms after navigation`);
        }
        if (name === 'findings') {
          // One card a question of the report page the server was given, its answer beside it.
          const html = fs.readFileSync(path.join(__dirname, '..', '..', 'reports', 'index.html'), 'utf8');
          const answers = [...html.matchAll(/<p class="answer">([^<]*)<\/p>/g)].map((m) => m[1]);
          const shown = await view.page.locator('ol.answers li p').allTextContents();
          checks.that(answers.length > 10 && shown.length === answers.length && shown[0] === answers[0].replaceAll('&#39;', "'"),
            `${where('findings')}: a card a question, with its answer`, `${shown.length} cards, ${answers.length} answers`);
        }
        await h.screenshot(view.page, shots, `app-${name.replaceAll(' ', '-')}-${size.name}-${size.width}`);
        await view.context.close();
      }
      // The coach of Sevens, the README's position by taps, against the command line.
      const view = await h.open(browser, `${base}#/coach/sevens`, size);
      const { rows, taps } = await readmeByTaps(view.page);
      checks.that(taps <= 12, `${where('coach of sevens')}: the README's position in at most 12 taps`, `${taps} taps`);
      console.log(`${where('coach of sevens')}: the README's position in ${taps} taps (0.10.0: 29)`);
      // The address holds the position: a reload shows the same advice.
      const held = await view.page.evaluate(() => location.hash);
      checks.that(held === `#/coach/sevens?${README_KEYS}`, `${where('coach of sevens')}: the address holds the position`, held);
      await h.checkPage(checks, view, 'coach of sevens');
      checks.that(rows.length === cli.actions.length, `${where('coach of sevens')}: every action`,
        `${rows.length} rows, the command line has ${cli.actions.length}`);
      cli.actions.forEach((action, i) => {
        const row = rows[i] || { name: '', values: {} };
        checks.that(row.name === action.name, `${where('coach of sevens')}: row ${i + 1} is ${action.name}`, row.name);
        for (const [column, value] of Object.entries(action.values)) {
          const shown = row.values[column];
          checks.that(value !== null && Number(shown) === value.value,
            `${where('coach of sevens')}: ${action.name} ${column} is the command line's`, `${shown} against ${value && value.value}`);
        }
        checks.that(Number(row.values.loss) === action.loss.value, `${where('coach of sevens')}: ${action.name} loses what the command line says`,
          `${row.values.loss} against ${action.loss.value}`);
      });
      const best = await view.page.locator('section.result tr.best th').textContent();
      checks.that(best === cli.best, `${where('coach of sevens')}: the best action is marked`, best);
      const shot = await h.screenshot(view.page, shots, `app-coach-sevens-${size.name}-${size.width}`);
      // What a player sees once advised: the screen with the ranked actions (docs/serve.md).
      await view.page.locator('section.result').scrollIntoViewIfNeeded();
      await view.page.screenshot({ path: `${shots}/app-coach-sevens-advice-${size.name}-${size.width}.png` });
      console.log(`${where('coach of sevens')}: ${rows.length} actions, best "${best}"; screenshot ${shot}`);
      await view.context.close();
      // 7 and Solitaire Dice by taps, each against the command line's advice on one thread.
      await tappedAgainstCli(browser, base, bin, size, checks, shots, 'sieben', async (page) => {
        for (const card of [1, 3, 3, 5, 6]) await page.locator(`[data-name="hand"] [data-face="${card}"]`).click();
        await tap(page, 'The pile', 'two spots showing');
        await tap(page, 'Left spot', '2');
        await tap(page, 'Right spot', '3');
        await tap(page, 'Other players', '3');
        await page.locator('[data-name="others-3"] button[aria-label$="minus 1"]').click();
      }, ['--hand', '1,3,3,5,6', '--pile', '2+3', '--others', '7,6,7']);
      await tappedAgainstCli(browser, base, bin, size, checks, shots, 'solitaire-dice', async (page) => {
        for (const face of [1, 3, 3, 4, 6]) await page.locator(`[data-name="roll"] [data-face="${face}"]`).click();
      }, ['--roll', '1,3,3,4,6']);
      await tappedAgainstCli(browser, base, bin, size, checks, shots, 'sequences', async (page) => {
        await typed(page, [30, 42]);
        await tap(page, 'Who casts next', 'player 2');
      }, ['--totals', '30,42', '--next', '2']);
      await addressedAgainstCli(browser, base, bin, size, checks, shots);
      await playedByClicks(browser, base, bin, size, checks, shots);
      await otherGamesDealt(browser, base, size, checks);
      await pastedAndReviewed(browser, base, bin, size, checks, shots);
      await followedAtTheTable(browser, base, bin, size, checks, shots);
      await playLooksLikeTheGame(browser, base, size, checks);
      if (size === h.PHONE) {
        await soloFollowed(browser, base, bin, size, checks, shots);
        await keptAsked(browser, base, size, checks, shots);
      }
    }
  } finally {
    await browser.close();
  }
  checks.finish('web app');
}

main().catch((e) => {
  console.error(`web app: ${e.stack || e}`);
  process.exitCode = 2;
});
