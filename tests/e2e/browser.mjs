// Shared by the Chromium suites: the static server and Debian's Chromium,
// driven by playwright-core. Any request to another origin fails the test.
import { chromium } from 'playwright-core';
import { mkdirSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { after, afterEach, before } from 'node:test';
import { init } from '../../wasm/js/index.js';
import { fileURLToPath } from 'node:url';
import { startServer } from '../../scripts/serve.mjs';

// BOOSTLAB_SITE: another built site to test (e.g. an older commit's, to see a new test fail there).
export const SITE = process.env.BOOSTLAB_SITE ?? fileURLToPath(new URL('../../web/dist', import.meta.url));
export const SHOTS = fileURLToPath(new URL('../../test-results/', import.meta.url));

// isolation: the server sends COOP/COEP; serviceWorkers: 'allow' | 'block';
// viewport: the page size (1280 x 800 by default); path: what to open (with a query, say).
// touch: a phone's touch screen (taps, coarse pointer) instead of a mouse.
export async function openSite({ isolation = true, serviceWorkers = 'allow', viewport = { width: 1280, height: 800 }, path = '/', touch = false } = {}) {
  const server = await startServer({ root: SITE, port: 0, isolation });
  const origin = `http://127.0.0.1:${server.address().port}`;
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM ?? '/usr/bin/chromium',
    args: ['--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking',
      '--disable-component-update', '--disable-sync'],
  });
  const page = await browser.newPage({ viewport, serviceWorkers, acceptDownloads: true, ...(touch ? { hasTouch: true, isMobile: true } : {}) });
  // Waits are for what the page does, not how fast: on a loaded machine a
  // 200 MB model's download alone took longer than Playwright's 30 s default.
  page.setDefaultTimeout(120_000);
  const problems = [];
  page.on('console', (m) => { if (m.type() === 'error') problems.push(`console: ${m.text()}`); });
  page.on('pageerror', (e) => problems.push(`page error: ${e.message}`));
  await page.route('**/*', (route) => {
    const url = route.request().url();
    if (url.startsWith(origin) || url.startsWith('blob:') || url.startsWith('data:')) return route.continue();
    problems.push(`request left the page: ${url}`);
    return route.abort();
  });
  await page.goto(origin + path);
  return {
    page, origin, problems, browser,
    async screenshot(name) {
      mkdirSync(SHOTS, { recursive: true });
      await page.screenshot({ path: `${SHOTS}${name}.png`, fullPage: true });
    },
    async close() {
      await browser.close();
      await new Promise((ok) => server.close(ok));
    },
  };
}

// a within tol of b, relative to |b| (absolute below 1), naming what is compared.
export function near(a, b, tol, what) {
  if (!(Math.abs(a - b) <= tol * Math.max(1, Math.abs(b)))) throw new Error(`${what}: ${a} on the page, ${b} expected`);
}

// A file name from a test's name, for the screenshot every test leaves.
export const shotName = (testName) => testName.toLowerCase().replace(/[^a-z0-9]+/g, '-').replace(/^-|-$/g, '').slice(0, 80);

// Waits until the sample dataset is loaded and Train is enabled.
export async function waitForSample(page) {
  await page.waitForFunction(() => document.getElementById('data-name').textContent.includes('auto_mpg'));
  await page.waitForFunction(() => !document.getElementById('train').disabled);
}

// Waits until the file `name` is the page's data: read ("name: N rows × …", nothing still
// being read) and Train enabled. (Its name alone shows up at once, in "Reading name…": a test
// that chose a target then could choose it among the data before's columns.) `name` may go on
// into the line ("x.csv: 4 rows × 3 columns").
export async function waitForData(page, name) {
  await page.waitForFunction((n) => {
    const text = document.getElementById('data-name').textContent;
    return text.startsWith(n.includes(': ') ? n : `${n}: `) && !text.includes('(reading ') && !document.getElementById('train').disabled;
  }, name);
}

// Makes toy data of `kind` with n rows in the page and waits until it is loaded.
export async function useToy(page, kind, n = 300) {
  await page.selectOption('#source', `toy:${kind}`);
  await page.fill('#toy-n', String(n));
  // Leaving the field fires its change (and the page makes the data), as a person's Tab would.
  // A synthetic change instead would leave the field focused, and the real one would then come
  // with the next click elsewhere: the data made again, the layout moving under that click.
  await page.$eval('#toy-n', (e) => e.blur());
  await page.waitForFunction((name) => document.getElementById('data-name').textContent.startsWith(`toy: ${name}: `) &&
    !document.getElementById('train').disabled, kind);
}

// Picks an algorithm and waits for its parameters' form.
export async function useAlgorithm(page, algorithm) {
  await page.selectOption('#algorithm', algorithm);
  await page.waitForSelector('#param-rounds');
}

// Types (or picks) a parameter's value, opening "More parameters" if it is
// hidden there, and fires the change a person's Tab would.
export async function setParam(page, name, value) {
  if (!(await page.isVisible(`#param-${name}`))) await page.click('#params summary');
  if (await page.$(`select#param-${name}`)) await page.selectOption(`#param-${name}`, value);
  else await page.fill(`#param-${name}`, value);
  await page.dispatchEvent(`#param-${name}`, 'change');
}

// A file the page offers for download, as text: the scale-out rows are in that
// panel, every other file in "Files" (each opened first if folded).
export async function download(page, button) {
  if (!(await page.isVisible(button))) await page.click(button === '#download-scale-rows' || button === '#download-scale-script' ? '#scale-out summary' : '#files summary');
  const [file] = await Promise.all([page.waitForEvent('download'), page.click(button)]);
  return (await readFile(await file.path())).toString('utf8');
}

// Clicks Play and waits until the new run is the one on show: until then the status
// and chart may still be the last run's (its rounds, 'done'), which a wait would take for this one's.
export async function startRun(page) {
  const before = Number(await page.getAttribute('#train-status', 'data-run') ?? 0);
  await page.click('#train');
  await page.waitForFunction((run) => Number(document.getElementById('train-status').dataset.run) > run, before, { timeout: 120000 });
}

// Trains `rounds` rounds and waits until the chart has drawn them: the
// training curve, or the validation curve with { curve: 'valid' }.
// Waits for this run's rounds: the chart may still hold as many from the last run,
// so the run on show must be a newer one than before the click.
export async function train(page, rounds, { curve = 'train' } = {}) {
  await page.fill('#param-rounds', String(rounds));
  await startRun(page);
  await page.waitForFunction(([n, key]) => document.getElementById('loss-chart').dataset[key] === String(n) && !document.getElementById('train').disabled,
    [rounds, curve === 'valid' ? 'pointsValid' : 'pointsTrain'], { timeout: 120000 });
}

// A suite that checks the page against the package: the site (opened at the
// sample) and the package in Node (SIMD only), set up before its tests and a
// screenshot `prefix-<test name>` after each. Read ctx.site and ctx.bl inside tests.
export function pageAndPackage(prefix) {
  const ctx = { site: null, bl: null };
  before(async () => {
    ctx.bl = await init({ threads: false });
    ctx.site = await openSite();
    await waitForSample(ctx.site.page);
  });
  after(async () => { await ctx.site?.close(); });
  afterEach(async (t) => { await ctx.site?.screenshot(`${prefix}-${shotName(t.name)}`); });
  return ctx;
}

// An element's text with each typeset formula (ui/math.ts: KaTeX, whose text is its drawing and its
// MathML run together) read as the page's plain text writes it (its data-plain).
export function plainText(page, selector) {
  return page.$eval(selector, (el) => {
    const copy = el.cloneNode(true);
    for (const tex of copy.querySelectorAll('.tex')) tex.replaceWith(tex.dataset.plain);
    return copy.textContent;
  });
}
