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

// A model file's text without its parameters' echo (which names the thread
// count and the metrics): what two fits of the same model share.
export const modelTrees = (file) => { const m = JSON.parse(readFileSync(file, 'utf8')); delete m.params; return JSON.stringify(m); };

// Our CLI, median of `repeats` fits (REPEATS unless given). `trainOnly`: no
// metrics while training (eval_train 0, the validation rows held out), as
// XGBoost without evals; the model it writes must equal `sameAs`'s (the fit
// with metrics), whose validation metric it then shares.
export function native(d, params, nthread, { trainOnly = false, sameAs = null, repeats = REPEATS } = {}) {
  const runs = [];
  let valid, rss, reported;
  const model = join(work, `model-${(d.name ?? 'case').replace(/[^a-z0-9]+/gi, '_')}-${nthread}-${trainOnly ? 'train-only' : 'eval'}.json`);
  for (let i = 0; i < repeats; i++) {
    const out = execFileSync(join(root, 'build/native/boostlab-cli'), ['train', '--csv', d.csv, '--target', d.target,
      '--valid-idx', d.valid, ...(d.task ? ['--task', d.task] : []), ...(d.group ? ['--group', d.group] : []), '--model-out', model,
      ...(trainOnly ? ['--train-only', '1'] : []),
      '--params', JSON.stringify({ ...params, nthread, ...(trainOnly ? { eval_train: 0 } : {}) })], { maxBuffer: 1 << 28 }).toString().trim().split('\n');
    const done = JSON.parse(out.at(-1));
    valid = trainOnly ? undefined : JSON.parse(out.at(-2)).valid[d.metric];
    // The work the rounds reported (histogram cells added, bins searched): the compute bound's.
    const rounds = out.slice(0, -1).map((l) => JSON.parse(l)).filter((l) => l.round && l.work);
    reported = { rounds: rounds.length, cells: rounds.reduce((s, l) => s + l.work.histogramCells, 0), bins: rounds.reduce((s, l) => s + l.work.splitBins, 0) };
    rss = done.peak_rss_mb;
    runs.push(done.train_seconds);
  }
  // Checked against the same fit with metrics when there is one (`sameAs`).
  if (trainOnly && sameAs) {
    if (modelTrees(model) !== modelTrees(sameAs.model)) throw new Error(`${d.name}: training without metrics changed the model`);
    valid = sameAs.valid;
  }
  return { seconds: median(runs), runs, valid, peak_rss_mb: rss, model, work: reported };
}

// The training-speed sets of peers.mjs and roofline.mjs: parameters beside
// the common ones (depth 6, eta 0.1, 100 rounds, max_bin 256), and `best`,
// ours' best setting at those (see peers.mjs). csv and valid are functions
// where the file is made on first use; null when its source is absent.
export const SPEED_SETS = [
  { name: 'diamonds', csv: join(root, 'tests/data/diamonds.csv'), valid: join(root, 'tests/data/diamonds.valid_idx.txt'), target: 'price', metric: 'rmse', params: { objective: 'reg:squarederror' } },
  { name: 'letter', csv: join(root, 'tests/data/letter.csv'), valid: join(root, 'tests/data/letter.valid_idx.txt'), target: 'lettr', metric: 'mlogloss', params: { objective: 'multi:softprob', num_class: 26 }, best: { softmax_hessian: 'lightgbm' } },
  { name: 'flights_1m_bin', csv: () => flightsBinary(), valid: () => copyIn(join(shared, 'splits/flights_1m_bin.valid_idx.txt')), target: 'late', metric: 'logloss', params: { objective: 'binary:logistic' }, best: { leaf_newton_steps: 3 } },
  { name: 'wide', csv: () => wide().csv, valid: () => wide().valid, target: 'y', metric: 'logloss', params: { objective: 'binary:logistic' }, best: { leaf_newton_steps: 3 } },
].filter((d) => !only || only.includes(d.name));
export const SPEED_PARAMS = { max_depth: 6, eta: 0.1, rounds: 100, max_bin: 256 };
// A set with its files made (csv and valid as paths).
export const resolved = (c) => ({ ...c, csv: typeof c.csv === 'function' ? c.csv() : c.csv, valid: typeof c.valid === 'function' ? c.valid() : c.valid });

// 1,000,000 x 50 make_classification (seed 0, 20 informative features), made
// once under build/bench with the peers' Python (scripts/setup-peers.sh), or
// Debian's scikit-learn where that is absent; 800,000 training rows.
// BENCH_WIDE_ROWS changes its rows.
export function wide() {
  const rows = Number(process.env.BENCH_WIDE_ROWS ?? 1000000);
  const csv = join(work, `wide_${rows}.csv`), valid = join(work, `wide_${rows}.valid_idx.txt`);
  if (!existsSync(csv)) {
    const peers = join(root, 'build/venv-peers/bin/python');
    execFileSync(existsSync(peers) ? peers : '/usr/bin/python3', ['-c', `
import numpy as np, pandas as pd
from sklearn.datasets import make_classification
X, y = make_classification(n_samples=${rows}, n_features=50, n_informative=20, random_state=0)
df = pd.DataFrame(X.astype(np.float32), columns=[f"f{i}" for i in range(50)])
df["y"] = y
df.to_csv("${csv}", index=False, float_format="%.7g")
idx = np.random.default_rng(0).permutation(${rows})[: ${rows} // 5]
np.savetxt("${valid}", np.sort(idx), fmt="%d")
`]);
  }
  return { csv, valid };
}

// The least a round can take on this machine, two ways (issue 46), and ours
// against the larger (the roofline):
// - memory: the bytes a round must move at the streaming-read bandwidth
//   (build/native/boostlab-bandwidth, bench/bandwidth.cc). Per tree, n
//   training rows, F features, depth D (a lower bound: all else a round
//   reads or writes is left out):
//     16 n          gradients: each row's label and margin read (4 + 4), g and h written (4 + 4)
//     (F + 8) n     the root's histogram: each row's F bins (one byte each at max_bin 256) and g, h
//     4 (D - 1) n   each deeper level reads each row's index at least once to send it to a child
//   times the trees a round grows (K for K classes).
// - compute: the work the rounds reported at this core's rates when memory
//   does not limit it (build/native/boostlab-add-rate, bench/add_rate.cc):
//   histogram cells added (each histogram built: its rows x features; the
//   sibling trick builds the smaller child only) over the cells a second,
//   plus bins given to split searches over the bins a second.
// `ours`: { seconds (100 rounds), work: { rounds, cells, bins } } of our
// train-only fit with `threads` threads.
export function machineRates() {
  return { bandwidth: json(join(root, 'build/native/boostlab-bandwidth'), ['1024']), compute: json(join(root, 'build/native/boostlab-add-rate'), []) };
}
// A set's training rows and features, read once per file (wide's is 500 MB; roofline() asks for each thread count).
const shapes = new Map();
function shapeOf(d) {
  if (!shapes.has(d.csv)) {
    const text = readFileSync(d.csv);
    let lines = 0;
    for (let i = text.indexOf(10); i !== -1; i = text.indexOf(10, i + 1)) lines++;
    const features = text.subarray(0, text.indexOf(10)).toString().split(',').length - 1;
    shapes.set(d.csv, { n: lines - 1 - readFileSync(d.valid, 'utf8').trim().split('\n').length, features });
  }
  return shapes.get(d.csv);
}
export function roofline(d, ours, threads, rates, depth = 6) {
  const { n, features } = shapeOf(d);
  const trees = d.params.num_class ?? 1;
  const bytes = trees * n * (16 + features + 8 + 4 * (depth - 1));
  const gbps = threads === 1 ? rates.bandwidth.read_gb_per_s_1t : rates.bandwidth.read_gb_per_s_2t;
  const cellRate = threads === 1 ? rates.compute.cells_per_s_1t : rates.compute.cells_per_s_2t;
  const binRate = threads === 1 ? rates.compute.bins_per_s_1t : rates.compute.bins_per_s_2t;
  const round = ours.seconds / ours.work.rounds;
  const memory = bytes / (gbps * 1e9);
  const cells = ours.work.cells / ours.work.rounds, bins = ours.work.bins / ours.work.rounds;
  const compute = cells / cellRate + bins / binRate;
  const bound = Math.max(memory, compute);
  return { dataset: d.name, threads, rows: n, features, trees, bytes_per_round: bytes, gb_per_s: gbps, memory_bound_seconds: memory,
    cells_per_round: cells, bins_per_round: bins, compute_bound_seconds: compute, seconds_per_round: round,
    limit: compute > memory ? 'compute' : 'memory', ratio: round / bound, ratio_memory: round / memory, ratio_compute: round / compute };
}
export function rooflineTable(rates, bounds) {
  const b = rates.bandwidth, c = rates.compute;
  const g = (x) => (x / 1e9).toFixed(2);
  return [`Memory bandwidth (streaming read of ${b.buffer_mb} MB): ${b.read_gb_per_s_1t} GB/s on 1 thread, ${b.read_gb_per_s_2t} GB/s on 2. ` +
    `Compute (bench/add_rate.cc, in cache): ${g(c.cells_per_s_1t)} G histogram cells/s on 1 thread, ${g(c.cells_per_s_2t)} G on 2; ${g(c.bins_per_s_1t)} G split bins/s on 1, ${g(c.bins_per_s_2t)} G on 2.`,
  '', '| dataset | threads | training rows x features (trees a round) | MB a round must move | memory bound ms | cells, bins a round | compute bound ms | ours ms a round | ours / memory bound | ours / compute bound | ours / roofline (the larger) |',
  '|---|---|---|---|---|---|---|---|---|---|---|',
  ...bounds.map((r) => `| ${r.dataset} | ${r.threads} | ${r.rows} x ${r.features} (${r.trees}) | ${(r.bytes_per_round / 1e6).toFixed(1)} | ${(r.memory_bound_seconds * 1e3).toFixed(2)} | ` +
    `${(r.cells_per_round / 1e6).toFixed(1)} M, ${(r.bins_per_round / 1e3).toFixed(0)} k | ${(r.compute_bound_seconds * 1e3).toFixed(2)} | ${(r.seconds_per_round * 1e3).toFixed(2)} | ` +
    `${r.ratio_memory.toFixed(1)} | ${r.ratio_compute.toFixed(2)} | ${r.ratio.toFixed(2)} (${r.limit}) |`)].join('\n');
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
