// The npm package in a browser page as its README shows it: the ES module
// imported from a static server, init({ baseUrl: '/boostlab/' }) with the
// folder as a path (it failed: "Invalid base URL"), with threads and without;
// without baseUrl where the package's own folder holds no engine, a
// BoostLabError that says what to serve (it was a raw TypeError).
import assert from 'node:assert/strict';
import { cpSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, test } from 'node:test';
import { fileURLToPath } from 'node:url';
import { chromium } from 'playwright-core';
import { startServer } from '../../scripts/serve.mjs';

const root = fileURLToPath(new URL('../../', import.meta.url));
let dir, server, browser, page;

before(async () => {
  // An app's static files: the package's JavaScript under /pkg/, its web builds copied to /boostlab/.
  dir = mkdtempSync(join(tmpdir(), 'boostlab-page-'));
  cpSync(join(root, 'wasm/js'), join(dir, 'pkg/js'), { recursive: true });
  cpSync(join(root, 'wasm/dist/web'), join(dir, 'boostlab'), { recursive: true });
  // A worker under /assets/, as Vite builds one: its relative paths are its own, not the page's.
  mkdirSync(join(dir, 'assets'));
  writeFileSync(join(dir, 'assets/train.worker.js'), `
    import { init } from '/pkg/js/index.js';
    const out = {};
    try { await init({ baseUrl: 'boostlab', threads: false }); } catch (e) { out.relative = { code: e.code, message: e.message }; }
    const bl = await init({ baseUrl: '/boostlab/', threads: false });
    out.rooted = bl.capabilities.build;
    postMessage(out);
  `);
  server = await startServer({ root: dir, port: 0, isolation: true });
  browser = await chromium.launch({ executablePath: process.env.CHROMIUM ?? '/usr/bin/chromium', args: ['--no-sandbox', '--disable-gpu'] });
  page = await browser.newPage();
  page.setDefaultTimeout(120_000);
  await page.goto(`http://127.0.0.1:${server.address().port}/pkg/js/index.js`);
});
after(async () => {
  await browser?.close();
  server?.close();
  if (dir) rmSync(dir, { recursive: true, force: true });
});

test('init({ baseUrl: \'/boostlab/\' }) loads the web builds from a path, trains and predicts; a bad baseUrl is a BoostLabError', async () => {
  const result = await page.evaluate(async () => {
    const { init } = await import('/pkg/js/index.js');
    const out = {};
    for (const [threads, baseUrl] of [[true, '/boostlab/'], [false, 'boostlab']]) {
      const bl = await init({ baseUrl: '/' + baseUrl.replace(/^\//, ''), threads });
      const table = bl.readCSV('x,y\n' + Array.from({ length: 80 }, (_, i) => `${i},${i % 4}`).join('\n') + '\n');
      const model = await bl.train(table.toDataset({ target: 'y', task: 'regression' }), { rounds: 3 });
      out[baseUrl] = { build: bl.capabilities.build, trees: model.numTrees, predictions: model.predict(table).length };
    }
    try {
      await init({ baseUrl: 'http://[bad', threads: false });
    } catch (e) {
      out.error = `${e.name} ${e.code}`;
    }
    // The package's own folder as the default, as in a bundle built without baseUrl: its dist/web is not
    // served here. It was a raw TypeError; now a BoostLabError that says which files to serve, and how.
    try {
      await init({ threads: false });
    } catch (e) {
      out.missing = { name: e.name, code: e.code, message: e.message };
    }
    return out;
  });
  assert.equal(result.missing?.name, 'BoostLabError', JSON.stringify(result.missing));
  assert.equal(result.missing.code, 'ENGINE_NOT_FOUND');
  assert.match(result.missing.message, /^The engine http:\/\/127\.0\.0\.1:\d+\/pkg\/dist\/web\/boostlab-web-simd\.mjs could not be loaded .*serve the files of the package's dist\/web\/ folder .* init\(\{ baseUrl: '\/boostlab\/' \}\)/);
  assert.deepEqual(result['/boostlab/'], { build: 'web-threads', trees: 3, predictions: 80 });
  assert.deepEqual(result.boostlab, { build: 'web-simd', trees: 3, predictions: 80 }, 'the last slash may be left out');
  assert.equal(result.error, 'BoostLabError BAD_OPTION');
});

test('on a page that is not cross-origin isolated, init() picks the SIMD build and says why once; threads: false says nothing', async () => {
  const plain = await startServer({ root: dir, port: 0, isolation: false });
  const other = await browser.newPage();
  const infos = [];
  other.on('console', (m) => { if (m.type() === 'info') infos.push(m.text()); });
  try {
    await other.goto(`http://127.0.0.1:${plain.address().port}/pkg/js/index.js`);
    const builds = await other.evaluate(async () => {
      const { init } = await import('/pkg/js/index.js');
      const first = await init({ baseUrl: '/boostlab/', threads: false });
      const second = await init({ baseUrl: '/boostlab/' });
      const third = await init({ baseUrl: '/boostlab/' });
      return [first, second, third].map((bl) => bl.capabilities.build);
    });
    assert.deepEqual(builds, ['web-simd', 'web-simd', 'web-simd']);
    assert.equal(infos.length, 1, infos.join('\n'));
    assert.match(infos[0], /^BoostLab runs on one thread here: the page is not cross-origin isolated\. .*Cross-Origin-Opener-Policy: same-origin and Cross-Origin-Embedder-Policy: require-corp/);
  } finally {
    await other.close();
    plain.close();
  }
});

test('in a worker, a relative baseUrl is the worker script\'s: ENGINE_NOT_FOUND says so; a path from the root loads', async () => {
  const out = await page.evaluate(() => new Promise((resolve, reject) => {
    const worker = new Worker('/assets/train.worker.js', { type: 'module' });
    worker.onmessage = (e) => resolve(e.data);
    worker.onerror = (e) => reject(new Error(e.message));
  }));
  assert.equal(out.relative?.code, 'ENGINE_NOT_FOUND', JSON.stringify(out));
  assert.match(out.relative.message, /\/assets\/boostlab\/boostlab-web-simd\.mjs could not be loaded/);
  assert.match(out.relative.message, /In a worker, 'boostlab' is resolved against the worker script's address \(http:\/\/127\.0\.0\.1:\d+\/assets\/train\.worker\.js\): give a path from the site's root or a full URL\.$/);
  assert.equal(out.rooted, 'web-simd');
});
