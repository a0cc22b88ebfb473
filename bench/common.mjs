// Shared by the bench scripts: paths, the derived flights CSV, timing our
// native CLI, and a Chromium page that can run the wasm build.
import { execFileSync } from 'node:child_process';
import { closeSync, existsSync, mkdirSync, openSync, readFileSync, statSync, writeFileSync, writeSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium } from 'playwright-core';
import { startServer } from '../scripts/serve.mjs';

export const root = fileURLToPath(new URL('../', import.meta.url));
export const shared = join(root, '../shared/data');
export const work = join(root, 'build/bench');
mkdirSync(work, { recursive: true });
// A file under the repository as the bench server's path (the browser fetches it there).
export const urlOf = (file) => '/' + file.slice(root.length).replace(/^\/+/, '');
export const REPEATS = Number(process.env.BENCH_REPEATS ?? 3);
export const only = process.env.BENCH_DATASETS?.split(',');

// Where a bench writes its results: bench/NAME.json for a whole run; a run
// of only some datasets (BENCH_DATASETS) goes to build/bench/NAME.json, so
// it cannot replace the committed whole run with a part of it.
export function writeResults(name, doc) {
  const file = only ? join(work, `${name}.json`) : join(root, `bench/${name}.json`);
  writeFileSync(file, JSON.stringify(doc, null, 1));
  console.error(`wrote ${file}`);
}

export function flightsBinary() {
  const source = join(shared, 'flights_1m.csv');
  const out = join(work, 'flights_1m_bin.csv');
  if (!existsSync(source)) return null;
  if (!existsSync(out)) {
    const lines = readFileSync(source, 'utf8').trim().split('\n');
    const header = lines[0].split(',');
    const d = header.indexOf('delay');
    const rows = lines.slice(1).map((l) => {
      const f = l.split(',');
      const late = Number(f[d]) > 15 ? 1 : 0;
      f.splice(d, 1);
      return f.join(',') + ',' + late;
    });
    header.splice(d, 1);
    writeFileSync(out, [header.join(',') + ',late', ...rows].join('\n') + '\n');
  }
  return out;
}

// flights_1m.csv's rows repeated `copies` times under build/bench (made once):
// the big files of bench/ingest.mjs and bench/bigfile.mjs. null when flights_1m is absent.
// Benches built on flights_1m end quietly where ../shared/data lacks it.
export function skipWithoutFlights() {
  if (existsSync(join(shared, 'flights_1m.csv'))) return;
  console.error('flights_1m.csv is absent from ../shared/data: skipped');
  process.exit(0);
}

export function flightsRepeated(copies) {
  const source = join(shared, 'flights_1m.csv');
  if (!existsSync(source)) return null;
  const file = join(work, `flights_x${copies}.csv`);
  if (!existsSync(file) || statSync(file).size < copies * (statSync(source).size - 100)) {
    const text = readFileSync(source);
    const headerEnd = text.indexOf(10) + 1;
    const fd = openSync(file, 'w');
    writeSync(fd, text.subarray(0, headerEnd));
    for (let i = 0; i < copies; i++) writeSync(fd, text.subarray(headerEnd));
    closeSync(fd);
  }
  return file;
}

// Files outside the repo are copied under build/bench so the browser can fetch them.
export function copyIn(file) {
  if (!existsSync(file)) return null;
  const out = join(work, file.split('/').at(-1));
  writeFileSync(out, readFileSync(file));
  return out;
}

export const json = (cmd, args) => JSON.parse(execFileSync(cmd, args, { maxBuffer: 1 << 28 }).toString().trim().split('\n').at(-1));
export const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];

// Our CLI, median of `repeats` fits (REPEATS unless given). `trainOnly`: no
// metrics while training (eval_train 0, the validation rows held out), as
// XGBoost without evals; the model it writes must equal `sameAs`'s (the fit
// with metrics), whose validation metric it then shares.
export function native(d, params, nthread, { trainOnly = false, sameAs = null, repeats = REPEATS } = {}) {
  const runs = [];
  let valid, rss;
  const model = join(work, `model-${(d.name ?? 'case').replace(/[^a-z0-9]+/gi, '_')}-${nthread}-${trainOnly ? 'train-only' : 'eval'}.json`);
  for (let i = 0; i < repeats; i++) {
    const out = execFileSync(join(root, 'build/native/boostlab-cli'), ['train', '--csv', d.csv, '--target', d.target,
      '--valid-idx', d.valid, ...(d.task ? ['--task', d.task] : []), ...(d.group ? ['--group', d.group] : []), '--model-out', model,
      ...(trainOnly ? ['--train-only', '1'] : []),
      '--params', JSON.stringify({ ...params, nthread, ...(trainOnly ? { eval_train: 0 } : {}) })], { maxBuffer: 1 << 28 }).toString().trim().split('\n');
    const done = JSON.parse(out.at(-1));
    valid = trainOnly ? undefined : JSON.parse(out.at(-2)).valid[d.metric];
    rss = done.peak_rss_mb;
    runs.push(done.train_seconds);
  }
  if (trainOnly) {
    const trees = (file) => { const m = JSON.parse(readFileSync(file, 'utf8')); delete m.params; return JSON.stringify(m); };
    if (!sameAs || trees(model) !== trees(sameAs.model)) throw new Error(`${d.name}: training without metrics changed the model`);
    valid = sameAs.valid;
  }
  return { seconds: median(runs), runs, valid, peak_rss_mb: rss, model };
}


// A Chromium page on a local server (COOP/COEP on) with window.runBench(spec).
// Headless Chromium on a page of bench/browser, served cross-origin isolated from the repository root.
export async function benchPage(path = '/bench/browser/index.html') {
  const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--no-sandbox', '--disable-gpu',
    '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'] });
  const server = await startServer({ root, port: 0 });
  const origin = `http://127.0.0.1:${server.address().port}`;
  const page = await browser.newPage();
  await page.goto(origin + path);

  return { page, close: async () => { await browser.close(); server.close(); } };
}
