// The web app of `dicelab serve` on a phone and a desktop:
//
//   DICELAB_BROWSER_CACHE=DIR node tests/browser/app.js BASE_URL DICELAB_BINARY SHOTS_DIR
//
// At 390x844 and 1280x800: every page loads with no console error and no sideways scroll; the
// README's Sevens position entered by taps in the coach shows exactly the numbers of
// `dicelab advise sevens ... --json`; a position of 7 typed into its coach is advised; the rules
// page reads. Screenshots of each page at both sizes go to SHOTS_DIR. Prints a closing line
// `web app: N passed, N failed`; exits non-zero on any failure.
'use strict';

const { execFileSync } = require('child_process');
const h = require('./harness');

// The README's Sevens position, as the command line takes it.
const README_WORDS = ['--roll', '1', '--dice', '2', '--sum', '5', '--allowed', '2', '--round', '6',
  '--totals', '52,49', '--scores', '15'];

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

// Taps a stepper (by its data-name) up to `value` from where it stands, by tens then ones.
async function stepTo(page, name, value) {
  const set = page.locator(`fieldset.stepper[data-name="${name}"]`);
  for (;;) {
    const now = Number(await set.locator('output').getAttribute('data-value'));
    if (now === value) return;
    const gap = value - now;
    const by = gap >= 10 ? 'plus 10' : gap > 0 ? 'plus 1' : gap <= -10 ? 'minus 10' : 'minus 1';
    await set.locator(`button[aria-label$=" ${by}"]`).click();
    await settled(page);
  }
}

// The README's position entered by taps; returns the ranked rows shown, each value's exact
// number as the page keeps it.
async function readmeByTaps(page) {
  await settled(page);
  await tap(page, 'Players', '2 players');
  await tap(page, 'I play', 'second');
  await stepTo(page, 'round', 6);
  await stepTo(page, 'total-1', 52);
  await stepTo(page, 'total-2', 49);
  await stepTo(page, 'score-1', 15);
  await tap(page, 'Rolls I may use', '2');
  await tap(page, 'Rolls used', '1');
  await page.locator('[data-face="1"]').click();
  await settled(page);
  await page.locator('[data-face="4"]').click();
  await settled(page);
  await advised(page);
  return page.evaluate(() =>
    [...document.querySelectorAll('section.result tbody tr')].map((tr) => ({
      name: tr.querySelector('th').textContent,
      values: Object.fromEntries([...tr.querySelectorAll('td[data-column]')].map((td) => [td.dataset.column, td.dataset.value])),
    }))
  );
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
        ['coach of 7', '#/coach/sieben', 'form.position input'],
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
        await h.screenshot(view.page, shots, `app-${name.replaceAll(' ', '-')}-${size.name}-${size.width}`);
        await view.context.close();
      }
      // The coach of Sevens, the README's position by taps, against the command line.
      const view = await h.open(browser, `${base}#/coach/sevens`, size);
      const rows = await readmeByTaps(view.page);
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
      // 7: a position typed key by key, advised by play-outs.
      const seven = await h.open(browser, `${base}#/coach/sieben`, size);
      await seven.page.waitForSelector('form.position input');
      await seven.page.fill('input[name="hand"]', '1,3,3,5,6');
      await seven.page.fill('input[name="pile"]', '2+3');
      await seven.page.fill('input[name="others"]', '7,6,7');
      await advised(seven.page);
      const ranked = await seven.page.locator('section.result tbody tr').count();
      checks.that(ranked >= 2, `${where('coach of 7')}: the plays are ranked`, `${ranked} rows`);
      checks.that(seven.errors.length === 0, `${where('coach of 7')}: no console error`, seven.errors.join('; '));
      await seven.context.close();
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
