// The findings page (index.html of `dicelab report`) on a phone and a desktop:
//
//   DICELAB_BROWSER_CACHE=DIR node tests/browser/findings.js REPORT_DIR SHOTS_DIR [SECTIONS]
//
// At 390x844 and 1280x800: the page does not scroll sideways, reports no error, every table fits
// or scrolls inside a box of its own, every chart's smallest text is at least 11 CSS pixels as
// rendered, and each section (SECTIONS of them, when given) opens with its sentence for a player. Screenshots
// of the whole page at both sizes go to SHOTS_DIR. Prints what it measured and a closing line
// `findings page: N passed, N failed`; exits non-zero on any failure.
'use strict';

const path = require('path');
const { pathToFileURL } = require('url');
const h = require('./harness');

async function main() {
  const [dir, shots, sections] = process.argv.slice(2);
  if (!dir || !shots) {
    throw new Error('usage: findings.js REPORT_DIR SHOTS_DIR [SECTIONS]');
  }
  const url = pathToFileURL(path.resolve(dir, 'index.html')).href;
  const checks = new h.Checks();
  const browser = await h.launch();
  try {
    for (const size of [h.PHONE, h.DESKTOP]) {
      const view = await h.open(browser, url, size);
      const measured = await h.checkPage(checks, view, 'findings page', { forPlayers: false });
      const where = `findings page at ${size.width}px`;
      const said = await view.page.evaluate(() =>
        [...document.querySelectorAll('section')].map((s) => {
          const p = s.querySelector('p.answer');
          const box = p ? p.getBoundingClientRect() : null;
          return { id: s.id, text: p ? p.textContent.trim() : '', shown: !!box && box.height > 0 };
        })
      );
      if (Number(sections) > 0) {
        checks.that(said.length === Number(sections), `${where}: ${sections} sections`,
          `found ${said.length}`);
      }
      for (const s of said) {
        // A sentence for a player: words, not a string of figures (no interval, no metric's
        // name), ending as a sentence does.
        const words = s.text.split(/\s+/).filter((w) => /^[A-Za-z][a-z']*[,;:.]?$/.test(w));
        const figures = s.text.split(/\s+/).filter((w) => /\d/.test(w));
        checks.that(s.shown && words.length >= 6 && words.length > figures.length &&
          !/[\[\]]|\w_\w/.test(s.text) && /[.!?]$/.test(s.text),
          `${where}: section ${s.id} opens with a sentence`, JSON.stringify(s.text));
      }
      const shot = await h.screenshot(view.page, shots, `findings-${size.name}-${size.width}`);
      const small = measured.smallest;
      console.log(
        `${where}: page ${measured.width.scroll}px wide in ${measured.width.client}px; ` +
          `${measured.tables.length} tables (${measured.tables.filter((t) => !t.fits).length} scroll alone); ` +
          `${measured.charts.length} charts, smallest text ${small.smallest.toFixed(1)}px ` +
          `(${small.src ? path.basename(path.dirname(small.src)) + '/' + path.basename(small.src) : 'none'}: "${small.text || ''}"); ` +
          `screenshot ${shot}`
      );
      await view.context.close();
    }
  } finally {
    await browser.close();
  }
  checks.finish('findings page');
}

main().catch((e) => {
  console.error(`findings page: ${e.stack || e}`);
  process.exitCode = 2;
});
