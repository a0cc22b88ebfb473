// SHAP contributions against XGBoost 1.7.4's pred_contribs on the same model
// (ours, exported as XGBoost JSON) and the same rows, 1 and 2 threads, side
// by side in one run; printed as ratios (ours / XGBoost's seconds).
// Writes bench/shap.json; BENCH_DATASETS=a,b runs some (to build/bench/).
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { init } from '../wasm/js/index.js';
import { json, median, only, REPEATS, root, work, writeResults } from './common.mjs';

// The first rows of each file: TreeSHAP costs trees x leaves x depth^2 a row
// (letter's 26 classes make 2,600 trees).
const DATASETS = [
  { name: 'spam', target: 'type', rows: 4601 },
  { name: 'diamonds', target: 'price', rows: 5000 },
  { name: 'letter', target: 'lettr', rows: 1000 },
].filter((d) => !only || only.includes(d.name));

const bl = await init({ threads: true });
const results = [];
for (const d of DATASETS) {
  const lines = readFileSync(join(root, `tests/data/${d.name}.csv`), 'utf8').trim().split('\n');
  const table = bl.readCSV(readFileSync(join(root, `tests/data/${d.name}.csv`)));
  const data = table.toDataset({ target: d.target, validFraction: 0 });
  const rowsCsv = join(work, `${d.name}.shap_rows.csv`);
  writeFileSync(rowsCsv, lines.slice(0, d.rows + 1).join('\n') + '\n');
  const rows = bl.readCSV(readFileSync(rowsCsv));
  const modelFile = join(work, `${d.name}.shap_model.json`);
  const model = await bl.train(data, { rounds: 100, max_depth: 6, eta: 0.1 });
  writeFileSync(modelFile, model.toXGBoostJSON());
  for (const threads of [1, 2]) {
    const times = [];
    let phi;
    for (let i = 0; i < REPEATS; i++) {
      const start = performance.now();
      phi = model.contributions(rows, { nthread: threads });
      times.push((performance.now() - start) / 1000);
    }
    const ours = { seconds: median(times), sum: phi.reduce((a, v) => a + Math.abs(v), 0), values: phi.length };
    const theirs = json('/usr/bin/python3', [join(root, 'bench/xgb_shap.py'), modelFile, rowsCsv, String(threads), String(REPEATS)]);
    if (theirs.values !== ours.values || Math.abs(theirs.sum - ours.sum) > 1e-4 * theirs.sum)
      throw new Error(`${d.name}: XGBoost's values (${theirs.values}, sum |phi| ${theirs.sum}) differ from ours (${ours.values}, ${ours.sum})`);
    results.push({ dataset: d.name, rows: d.rows, trees: model.numTrees, threads,
      boostlab_seconds: ours.seconds, xgboost_seconds: theirs.seconds, ratio: ours.seconds / theirs.seconds });
    console.error(`${d.name} ${threads}T: ours ${ours.seconds.toFixed(3)} s, XGBoost ${theirs.seconds.toFixed(3)} s`);
  }
  model.dispose();
}
const lines = ['| dataset | rows | trees | threads | BoostLab s | XGBoost 1.7.4 s | ratio (ours / XGBoost) |', '|---|---|---|---|---|---|---|'];
for (const r of results)
  lines.push(`| ${r.dataset} | ${r.rows} | ${r.trees} | ${r.threads} | ${r.boostlab_seconds.toFixed(3)} | ${r.xgboost_seconds.toFixed(3)} | ${r.ratio.toFixed(2)} |`);
console.log(['SHAP contributions (exact TreeSHAP), wasm SIMD + threads in Node against XGBoost pred_contribs, median of ' + REPEATS + ':', '', ...lines].join('\n'));
writeResults('shap', { date: new Date().toISOString(), results });
