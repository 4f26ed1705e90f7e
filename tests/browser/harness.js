// The browser tests' harness: Debian's Chromium, headless, driven by playwright-core, with the
// checks every page of dicelab must pass on a phone and a desktop. docs/browser-tests.md says how
// to use it; tests/browser/findings.js is its first user.
//
//   const h = require('./harness');
//   const browser = await h.launch();
//   const view = await h.open(browser, url, h.PHONE);   // { page, errors, name }
//   h.check(await h.pageWidth(view.page) ...)
//
// playwright-core is loaded from DICELAB_BROWSER_CACHE/node_modules, where tests/browser/setup.sh
// installs it; nothing here downloads a browser.
'use strict';

const fs = require('fs');
const path = require('path');
const { fileURLToPath } = require('url');

// Where setup.sh put playwright-core (and where screenshots go, under shots/, unless told).
const CACHE = process.env.DICELAB_BROWSER_CACHE;
if (!CACHE) {
  throw new Error('DICELAB_BROWSER_CACHE is not set: run tests/browser/setup.sh CACHE first');
}
const { chromium } = require(path.join(CACHE, 'node_modules', 'playwright-core'));

// A phone (an iPhone 12 to 15's CSS size) and a desktop, as the issues name them.
const PHONE = { name: 'phone', width: 390, height: 844, mobile: true };
const DESKTOP = { name: 'desktop', width: 1280, height: 800, mobile: false };

// The smallest text a chart may show, in CSS pixels as rendered.
const MIN_TEXT_PX = 11;

// Debian's Chromium, headless, with the flags this machine needs: without the
// background-networking ones Chromium keeps trying hosts the closed network refuses.
// Playwright gives every launch a fresh, empty profile of its own.
async function launch() {
  return chromium.launch({
    executablePath: process.env.DICELAB_CHROMIUM || '/usr/bin/chromium',
    headless: true,
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
    ],
  });
}

// Opens `url` at the viewport `view` (PHONE or DESKTOP) and waits for it to load. Returns the
// page and the errors it reported so far and will report: console errors, uncaught exceptions
// and failed requests (a missing picture), each as one line.
async function open(browser, url, view) {
  const context = await browser.newContext({
    viewport: { width: view.width, height: view.height },
    isMobile: view.mobile,
    hasTouch: view.mobile,
    deviceScaleFactor: 1,
    // A person who asks for less motion sees the game's steps at once (the Play page's pace).
    reducedMotion: view.reducedMotion ? 'reduce' : 'no-preference',
  });
  const page = await context.newPage();
  const errors = [];
  page.on('console', (m) => {
    if (m.type() === 'error') errors.push(`console: ${m.text()}`);
  });
  page.on('pageerror', (e) => errors.push(`exception: ${e.message}`));
  page.on('requestfailed', (r) => errors.push(`request failed: ${r.url()} (${r.failure().errorText})`));
  page.on('response', (r) => {
    if (r.status() >= 400) errors.push(`HTTP ${r.status()}: ${r.url()}`);
  });
  await page.goto(url, { waitUntil: 'load' });
  // Every picture decoded, so boxes have their final sizes.
  await page.evaluate(() => Promise.all([...document.images].map((i) => i.decode().catch(() => {}))));
  return { page, errors, view, context };
}

// How wide the page is against its viewport: { scroll, client }. The page scrolls sideways
// when scroll > client.
async function pageWidth(page) {
  return page.evaluate(() => ({
    scroll: Math.max(document.documentElement.scrollWidth, document.body.scrollWidth),
    client: document.documentElement.clientWidth,
  }));
}

// Every table and whether it fits: { index, caption, width, fits, confined, left, right }. A
// table fits when it is no wider than its box; one that is wider is confined when an ancestor
// inside the viewport scrolls it sideways (overflow-x auto or scroll), so only the table moves.
async function tables(page) {
  return page.evaluate(() =>
    [...document.querySelectorAll('table')].map((t, index) => {
      const box = t.getBoundingClientRect();
      const viewport = document.documentElement.clientWidth;
      let scroller = null;
      for (let a = t.parentElement; a && a !== document.body; a = a.parentElement) {
        const o = getComputedStyle(a).overflowX;
        if (o === 'auto' || o === 'scroll') {
          scroller = a;
          break;
        }
      }
      const holder = (scroller || t.parentElement).getBoundingClientRect();
      const fits = t.scrollWidth <= Math.ceil(box.width) && box.right <= viewport + 0.5;
      const confined = !!scroller && holder.left >= -0.5 && holder.right <= viewport + 0.5;
      const section = t.closest('section');
      return {
        index,
        where: section ? section.id : '',
        width: Math.round(t.scrollWidth),
        fits,
        confined,
      };
    })
  );
}

// The text of a resource the page loaded: from the disk for file: addresses (a page over
// file:// may not fetch its neighbours), over HTTP otherwise.
async function loadText(url) {
  if (url.startsWith('file:')) return fs.readFileSync(fileURLToPath(url), 'utf8');
  const response = await fetch(url);
  if (!response.ok) throw new Error(`${url}: HTTP ${response.status}`);
  return response.text();
}

// Every chart's smallest text as rendered, in CSS pixels: for each <img> showing an SVG, the
// SVG is read and parsed in the page, and each <text>'s font size is scaled by the picture's
// rendered width over the SVG's own (its viewBox, else its width); for each SVG inline in the
// page, each <text>'s computed font size times its screen scale. Returns
// [{ src, rendered, natural, smallest, text, outside }], `text` being the smallest one's words
// and `outside` the texts of a pictured SVG that run past its edges.
async function chartText(page) {
  const images = await page.evaluate(() =>
    [...document.images]
      .filter((i) => /\.svg($|[?#])/.test(i.currentSrc || i.src))
      .map((i) => ({ src: i.currentSrc || i.src, rendered: i.getBoundingClientRect().width }))
  );
  const found = [];
  for (const image of images) {
    const svg = await loadText(image.src);
    const measured = await page.evaluate(
      ({ svg, rendered }) => {
        const doc = new DOMParser().parseFromString(svg, 'image/svg+xml');
        const root = doc.documentElement;
        if (root.nodeName !== 'svg') return { error: 'not an SVG document' };
        const box = (root.getAttribute('viewBox') || '').trim().split(/[\s,]+/).map(Number);
        const natural = box.length === 4 && box[2] > 0 ? box[2] : parseFloat(root.getAttribute('width'));
        let smallest = Infinity;
        let words = '';
        for (const t of doc.querySelectorAll('text')) {
          // The font size a text is drawn at: its own attribute or style, else its ancestors'.
          let size = NaN;
          for (let e = t; e && e.getAttribute && Number.isNaN(size); e = e.parentNode) {
            const style = (e.getAttribute('style') || '').match(/font-size:\s*([\d.]+)/);
            size = parseFloat(style ? style[1] : e.getAttribute('font-size'));
          }
          if (Number.isNaN(size)) size = 16;
          if (t.textContent.trim() && size < smallest) {
            smallest = size;
            words = t.textContent.trim();
          }
        }
        // Each text's box, measured with the page's own fonts in a copy of the picture placed
        // out of sight: a text that runs past the picture's edge is cut off where it is shown.
        const host = document.createElement('div');
        host.style.cssText = 'position:absolute;left:-30000px;top:0;visibility:hidden';
        host.appendChild(document.importNode(root, true));
        document.body.appendChild(host);
        const outside = [];
        for (const t of host.querySelectorAll('text')) {
          if (t.getAttribute('transform') || !t.textContent.trim()) continue;
          const b = t.getBBox();
          if (b.x < -0.5 || b.x + b.width > natural + 0.5) {
            outside.push(`"${t.textContent.trim()}" spans ${Math.round(b.x)} to ${Math.round(b.x + b.width)}`);
          }
        }
        host.remove();
        return { natural, smallest: (smallest * rendered) / natural, words, outside };
      },
      { svg, rendered: image.rendered }
    );
    if (measured.error) throw new Error(`${image.src}: ${measured.error}`);
    found.push({
      src: image.src,
      rendered: Math.round(image.rendered),
      natural: measured.natural,
      smallest: measured.smallest,
      text: measured.words,
      outside: measured.outside,
    });
  }
  const inline = await page.evaluate(() =>
    [...document.querySelectorAll('svg')].map((s, k) => {
      let smallest = Infinity;
      let words = '';
      for (const t of s.querySelectorAll('text')) {
        const m = t.getScreenCTM();
        const scale = m ? Math.hypot(m.a, m.b) : 1;
        const size = parseFloat(getComputedStyle(t).fontSize) * scale;
        if (t.textContent.trim() && size < smallest) {
          smallest = size;
          words = t.textContent.trim();
        }
      }
      const box = s.getBoundingClientRect();
      return { src: `inline svg ${k}`, rendered: Math.round(box.width), natural: box.width, smallest, text: words, outside: [] };
    })
  );
  return found.concat(inline.filter((c) => Number.isFinite(c.smallest)));
}

// A screenshot of the whole page as PNG, into `dir` as `NAME.png`; returns its path.
async function screenshot(page, dir, name) {
  fs.mkdirSync(dir, { recursive: true });
  const file = path.join(dir, `${name}.png`);
  await page.screenshot({ path: file, fullPage: true });
  return file;
}

// Collects failed checks instead of stopping at the first, so one run names every problem.
class Checks {
  constructor() {
    this.failed = [];
    this.passed = 0;
  }
  // Records `what` as passed when `ok`, else as failed with `detail`.
  that(ok, what, detail = '') {
    if (ok) this.passed += 1;
    else this.failed.push(detail ? `${what}: ${detail}` : what);
  }
  // Prints the result and sets the exit code: the plain closing line a test runner reads.
  finish(label) {
    for (const f of this.failed) console.log(`FAILED ${f}`);
    console.log(`${label}: ${this.passed} passed, ${this.failed.length} failed`);
    process.exitCode = this.failed.length ? 1 : 0;
  }
}

// The checks every page passes at a viewport: no sideways scroll of the page, no error, every
// table fitting or confined, every chart's text at least MIN_TEXT_PX. Records into `checks`;
// returns what it measured, for the summary.
async function checkPage(checks, view, label, { forPlayers = true } = {}) {
  const { page, errors } = view;
  const where = `${label} at ${view.view.width}px`;
  const width = await pageWidth(page);
  checks.that(width.scroll <= width.client, `${where}: no sideways scroll of the page`,
    `the page is ${width.scroll}px wide in a ${width.client}px viewport`);
  checks.that(errors.length === 0, `${where}: no console error`, errors.join('; '));
  const all = await tables(page);
  for (const t of all) {
    checks.that(t.fits, `${where}: table ${t.index} (${t.where}) fits the screen`,
      `${t.width}px wide`);
  }
  // A player's words on the app's pages: no command-line flag, no metric's identifier. (The
  // report's own page is the run's record, its metrics by name, and is not scanned.)
  if (forPlayers) {
    const text = await page.evaluate(() => document.body.innerText);
    const jargon = [...text.matchAll(/(?:^|[\s(])(--[a-z][a-z-]*)|\b(p_[a-z_]+)\b/g)].map((m) => m[1] || m[2]);
    checks.that(jargon.length === 0, `${where}: no flag or identifier in the text`, [...new Set(jargon)].join(', '));
  }
  const charts = await chartText(page);
  for (const c of charts) {
    checks.that(c.smallest >= MIN_TEXT_PX, `${where}: chart text readable`,
      `${c.src}: "${c.text}" is ${c.smallest.toFixed(1)}px (picture ${c.rendered}px of ${c.natural})`);
  }
  for (const c of charts) {
    checks.that(c.outside.length === 0, `${where}: chart text inside its picture`,
      `${c.src}: ${c.outside.join('; ')}`);
  }
  const smallest = charts.reduce((m, c) => (c.smallest < m.smallest ? c : m), { smallest: Infinity });
  return { width, tables: all, charts, smallest };
}

module.exports = {
  PHONE,
  DESKTOP,
  MIN_TEXT_PX,
  launch,
  open,
  pageWidth,
  tables,
  chartText,
  loadText,
  screenshot,
  Checks,
  checkPage,
};
