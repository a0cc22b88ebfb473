// npm run bench, prediction: a 100-tree random forest (fully grown trees)
// predicting every row of diamonds and spam, ours (native CLI, the same code
// the browser runs) against scikit-learn 1.2's predict / predict_proba on its
// own forest of the same data, 1 and 2 threads, in one run, as ratios.
// Writes bench/predict.json.
import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { json, median, native, only, REPEATS, root, work, writeResults } from './common.mjs';

function numeric(csv) {
  const out = join(work, csv.split('/').at(-1).replace(/\.csv$/, '.numeric.csv'));
  if (!existsSync(out)) execFileSync('/usr/bin/python3', [join(root, 'bench/numeric_csv.py'), csv, out]);
  return out;
}
const CASES = [
  { name: 'diamonds', target: 'price', metric: 'rmse' },
  { name: 'spam', target: 'type', metric: 'error' },
].filter((c) => !only || only.includes(c.name))
  .map((c) => ({ ...c, csv: numeric(join(root, `tests/data/${c.name}.csv`)), valid: join(root, `tests/data/${c.name}.valid_idx.txt`) }));

const results = [];
for (const c of CASES) {
  const fit = native({ ...c, name: `predict-${c.name}` }, { algorithm: 'random_forest', rounds: 100, eval_metric: c.metric }, 2, { repeats: 1 });
  const nodes = JSON.parse(readFileSync(fit.model, 'utf8')).trees.reduce((n, t) => n + t.left.length, 0);
  for (const t of [1, 2]) {
    const ours = [];
    for (let i = 0; i < REPEATS; i++)
      ours.push(json(join(root, 'build/native/boostlab-cli'), ['predict', '--model', fit.model, '--csv', c.csv, '--time', '1', '--nthread', String(t)]).predict_seconds);
    const theirs = json('/usr/bin/python3', [join(root, 'bench/sklearn_predict.py'), c.csv, c.target, c.valid, String(t), String(REPEATS)]);
    const row = { case: c.name, threads: t, rows: theirs.rows, ours: { seconds: median(ours), runs: ours, nodes },
      sklearn: { seconds: theirs.seconds, runs: theirs.runs, nodes: theirs.nodes } };
    row.ratio = row.ours.seconds / row.sklearn.seconds;
    results.push(row);
    console.error(`${c.name} ${t}T: ours ${row.ours.seconds.toFixed(3)} s (${nodes} nodes), scikit-learn ${theirs.seconds.toFixed(3)} s (${theirs.nodes} nodes): ${row.ratio.toFixed(2)}x`);
  }
}
console.log(['| forest of 100 trees | threads | rows | ours s (nodes) | scikit-learn s (nodes) | ours / theirs |', '|---|---|---|---|---|---|',
  ...results.map((r) => `| ${r.case} | ${r.threads} | ${r.rows} | ${r.ours.seconds.toFixed(3)} (${r.ours.nodes}) | ${r.sklearn.seconds.toFixed(3)} (${r.sklearn.nodes}) | ${r.ratio.toFixed(2)} |`)].join('\n'));
writeResults('predict', { repeats: REPEATS, results });
