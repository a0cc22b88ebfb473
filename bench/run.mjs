// npm run bench: every engine on every dataset in one run, on this machine,
// printed as ratios to XGBoost 1.7.4 hist with the same thread count.
// Writes bench/results.json. Big data comes from ../shared/data (skipped when absent).
import { existsSync, readFileSync } from 'node:fs';
import { cpus, totalmem } from 'node:os';
import { join } from 'node:path';
import { benchPage, copyIn, flightsBinary, json, native, only, REPEATS, root, shared, urlOf, writeResults } from './common.mjs';

const DATASETS = [
  { name: 'spam', csv: join(root, 'tests/data/spam.csv'), valid: join(root, 'tests/data/spam.valid_idx.txt'), target: 'type', metric: 'logloss', params: { objective: 'binary:logistic' } },
  { name: 'letter', csv: join(root, 'tests/data/letter.csv'), valid: join(root, 'tests/data/letter.valid_idx.txt'), target: 'lettr', metric: 'mlogloss', params: { objective: 'multi:softprob', num_class: 26, base_score: 0.5 } },
  { name: 'diamonds', csv: join(root, 'tests/data/diamonds.csv'), valid: join(root, 'tests/data/diamonds.valid_idx.txt'), target: 'price', metric: 'rmse', params: { objective: 'reg:squarederror' } },
  { name: 'flights_1m_bin', csv: flightsBinary(), valid: copyIn(join(shared, 'splits/flights_1m_bin.valid_idx.txt')), target: 'late', metric: 'logloss', params: { objective: 'binary:logistic' } },
].filter((d) => d.csv && (!only || only.includes(d.name)));

// Same starting point for both libraries: the training mean (XGBoost 1.7 would start at 0.5).
function trainMean(d) {
  const lines = readFileSync(d.csv, 'utf8').trim().split('\n');
  const c = lines[0].split(',').indexOf(d.target);
  const valid = new Set(readFileSync(d.valid, 'utf8').trim().split('\n').map(Number));
  const ys = lines.slice(1).filter((_, i) => !valid.has(i)).map((l) => l.split(',')[c]);
  const positive = d.target === 'type' ? ys.map((y) => (y === 'spam' ? 1 : 0)) : ys.map(Number);
  return positive.reduce((a, b) => a + b, 0) / positive.length;
}

const results = [];
const { page, close } = await benchPage();

for (const d of DATASETS) {
  const base = d.params.base_score ?? trainMean(d);
  const params = { max_depth: 6, eta: 0.1, rounds: 100, max_bin: 256, eval_metric: d.metric, ...d.params, base_score: base };
  const row = (engine, threads, r) => {
    results.push({ dataset: d.name, engine, threads, ...r });
    console.error(`${d.name} ${engine} ${threads}T: ${r.seconds.toFixed(3)} s, valid ${d.metric} ${r.valid?.toFixed(5)}`);
  };
  // XGBoost twice: evaluating train and valid every round (the same work as
  // ours, whose round reports always carry both), and training only.
  for (const t of [1, 2]) row('xgboost-1.7.4', t, json('/usr/bin/python3', [join(root, 'bench/xgb_bench.py'), d.csv, d.target, d.valid, String(t), JSON.stringify(params), String(REPEATS)]));
  for (const t of [1, 2]) row('xgboost-1.7.4-no-eval', t, json('/usr/bin/python3', [join(root, 'bench/xgb_bench.py'), d.csv, d.target, d.valid, String(t), JSON.stringify(params), String(REPEATS), 'noeval']));
  for (const t of [1, 2]) {
    const withMetrics = native(d, params, t);
    row('native', t, withMetrics);
    // Like XGBoost without evals: no metrics while training (the same model, checked).
    row('native-no-eval', t, native(d, params, t, { trainOnly: true, sameAs: withMetrics }));
  }
  row('wasm-node-simd', 1, json('node', [join(root, 'bench/wasm_node.mjs'), d.csv, d.target, d.valid, 'node-simd', JSON.stringify(params), String(REPEATS)]));
  row('wasm-node-simd-threads', 2, json('node', [join(root, 'bench/wasm_node.mjs'), d.csv, d.target, d.valid, 'node-threads', JSON.stringify({ ...params, nthread: 2 }), String(REPEATS)]));
  if (existsSync(join(root, 'wasm/dist/node/boostlab-node-scalar.js')))
    row('wasm-node-scalar', 1, json('node', [join(root, 'bench/wasm_node.mjs'), d.csv, d.target, d.valid, 'node-scalar', JSON.stringify(params), String(REPEATS)]));
  const rel = urlOf;
  const spec = { csv: rel(d.csv), validIdx: rel(d.valid), target: d.target, params: { ...params, nthread: 2 }, repeats: REPEATS };
  const inBrowser = d.csv.startsWith(root) ? await page.evaluate((s) => window.runBench(s), spec) : null;
  if (inBrowser) row('wasm-chromium-simd-threads', 2, inBrowser);
}
await close();

// Ratios: ours / XGBoost with the same thread count; our 2 threads vs our 1.
const find = (ds, engine, t) => results.find((r) => r.dataset === ds && r.engine === engine && r.threads === t);
for (const r of results) {
  const xgb = find(r.dataset, 'xgboost-1.7.4', r.threads);
  const bare = find(r.dataset, 'xgboost-1.7.4-no-eval', r.threads);
  r.ratio_to_xgboost = r.seconds / xgb.seconds;
  r.ratio_to_xgboost_no_eval = r.seconds / bare.seconds;
  r.valid_vs_xgboost = r.valid / xgb.valid;
}
const lines = ['| dataset | engine | threads | train s (median of ' + REPEATS + ') | ratio to XGBoost (eval each round) | ratio to XGBoost (no eval) | valid metric | vs XGBoost | memory MB |', '|---|---|---|---|---|---|---|---|---|'];
for (const r of results) {
  const memory = r.heap_mb ? `heap ${r.heap_mb.toFixed(0)}` : r.peak_rss_mb ? `RSS ${r.peak_rss_mb.toFixed(0)}` : '';
  lines.push(`| ${r.dataset} | ${r.engine} | ${r.threads} | ${r.seconds.toFixed(3)} | ${r.ratio_to_xgboost.toFixed(2)} | ${r.ratio_to_xgboost_no_eval.toFixed(2)} | ${r.valid.toFixed(5)} | ${r.valid_vs_xgboost.toFixed(4)} | ${memory} |`);
}
const speedups = [];
for (const d of DATASETS) {
  const n1 = find(d.name, 'native', 1), n2 = find(d.name, 'native', 2);
  const w1 = find(d.name, 'wasm-node-simd', 1), w2 = find(d.name, 'wasm-node-simd-threads', 2), sc = find(d.name, 'wasm-node-scalar', 1);
  speedups.push(`| ${d.name} | ${(n1.seconds / n2.seconds).toFixed(2)} | ${(w1.seconds / w2.seconds).toFixed(2)} | ${sc ? (sc.histogram_seconds / w1.histogram_seconds).toFixed(2) : 'n/a'} | ${sc ? (sc.seconds / w1.seconds).toFixed(2) : 'n/a'} |`);
}
const machine = `${cpus().length} × ${cpus()[0].model}, ${(totalmem() / 2 ** 30).toFixed(0)} GiB, Node ${process.version}`;
const report = [`Machine: ${machine}. Date: ${new Date().toISOString().slice(0, 10)}.`, '', ...lines, '',
  '| dataset | native 2T vs 1T | wasm 2T vs 1T | SIMD gain, histogram step (scalar / SIMD) | SIMD gain, whole training |', '|---|---|---|---|---|', ...speedups].join('\n');
console.log(report);
writeResults('results', { machine, date: new Date().toISOString(), results });
