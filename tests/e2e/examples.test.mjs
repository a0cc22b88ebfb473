// wasm/examples as a user runs them: the package packed (`npm pack`) and
// installed from the tarball into each example (`npm install --offline`), each
// built with its own `npm run build` (Vite, webpack 5), served with the COOP/COEP
// headers and used in Chromium: Train clicked, progress shown, 344 penguins
// predicted, the model offered as an XGBoost file; the Node example run as is.
// The bundlers come from the workspace's node_modules (the examples are copied
// under build/, so Node's resolution finds them there).
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { after, before, test } from 'node:test';
import { fileURLToPath } from 'node:url';
import { chromium } from 'playwright-core';
import { startServer } from '../../scripts/serve.mjs';

const root = fileURLToPath(new URL('../../', import.meta.url));
const work = join(root, 'build/examples');
let browser;

const run = (command, args, cwd) => execFileSync(command, args, { cwd, stdio: 'pipe', maxBuffer: 1 << 26, env: { ...process.env, NO_COLOR: '1' } }).toString();

before(() => {
  rmSync(work, { recursive: true, force: true });
  mkdirSync(work, { recursive: true });
  const packed = JSON.parse(run('npm', ['pack', '--json', '--pack-destination', work], join(root, 'wasm')));
  const tarball = join(work, packed[0].filename);
  cpSync(join(root, 'wasm/examples'), join(work, 'examples'), { recursive: true });
  for (const name of ['node', 'vite', 'webpack', 'worker']) {
    const dir = join(work, 'examples', name);
    // The package from the tarball; the bundlers are the workspace's (no registry needed).
    const pkg = JSON.parse(readFileSync(join(dir, 'package.json'), 'utf8'));
    pkg.dependencies = { boostlab: `file:${tarball}` };
    delete pkg.devDependencies;
    writeFileSync(join(dir, 'package.json'), JSON.stringify(pkg, null, 2));
    run('npm', ['install', '--offline', '--no-audit', '--no-fund', '--no-package-lock'], dir);
  }
});
after(async () => {
  await browser?.close();
});

test('the Node example trains with progress, predicts the 344 penguins and saves an XGBoost model', () => {
  const dir = join(work, 'examples/node');
  const out = run(process.execPath, ['train.mjs'], dir);
  assert.match(out, /^round 10: validation mlogloss \d\.\d{4}\nround 20: .*\nround 30: .*\npredicted 344 penguins; the first: Adelie 0\.9\d\d, Chinstrap 0\.0\d\d, Gentoo 0\.0\d\d\nsaved model\.xgb\.json\n$/, out);
  const doc = JSON.parse(readFileSync(join(dir, 'model.xgb.json'), 'utf8'));
  assert.equal(doc.learner.learner_model_param.num_class, '3');
});

async function usePage(dist) {
  const server = await startServer({ root: dist, port: 0, isolation: true });
  browser ??= await chromium.launch({ executablePath: process.env.CHROMIUM ?? '/usr/bin/chromium', args: ['--no-sandbox', '--disable-gpu'] });
  const page = await browser.newPage();
  const errors = [];
  page.on('pageerror', (e) => errors.push(e.message));
  try {
    await page.goto(`http://127.0.0.1:${server.address().port}/`);
    await page.click('#train');
    await page.waitForSelector('#download:not([hidden])', { timeout: 120_000 });
    const log = await page.textContent('#log');
    const href = await page.getAttribute('#download', 'href');
    const model = await page.evaluate(async (url) => (await fetch(url)).text(), href);
    return { log, model: JSON.parse(model), errors };
  } finally {
    await page.close();
    server.close();
  }
}

for (const [name, build] of [['vite', ['run', 'build']], ['webpack', ['run', 'build']]]) {
  test(`the ${name} example builds with its own script and trains in Chromium with threads`, async () => {
    const dir = join(work, 'examples', name);
    run('npm', build, dir);
    assert.ok(existsSync(join(dir, 'dist/boostlab/boostlab-web-threads.wasm')), 'the engine is copied beside the bundle');
    const { log, model, errors } = await usePage(join(dir, 'dist'));
    assert.deepEqual(errors, []);
    assert.match(log, /^engine: web-threads\nround 10: validation mlogloss \d\.\d{4}\nround 20: .*\nround 30: .*\npredicted 344 penguins; the first: Adelie 0\.9/, log);
    assert.equal(model.learner.learner_model_param.num_class, '3');
  });
}

test('the worker example trains in a Web Worker, and posts each round to the page', async () => {
  const dir = join(work, 'examples/worker');
  run('npm', ['run', 'build'], dir);
  const done = await usePage(join(dir, 'dist'));
  assert.deepEqual(done.errors, []);
  assert.match(done.log, /^round 1: validation mlogloss \d\.\d{4}\n(round \d+: .*\n){29}done after 90 trees; predicted 344 penguins; the first: Adelie 0\.9/, done.log);
  assert.equal(done.model.learner.learner_model_param.num_class, '3');
});
