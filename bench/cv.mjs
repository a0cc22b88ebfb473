// k-fold cross-validation (bl.cv, wasm SIMD + threads in Node) against
// XGBoost 3.2's xgb.cv on the same folds, rows and parameters, 1 and 2
// threads, side by side in one run; printed as ratios (ours / XGBoost's
// seconds). Flights' first 200,000 rows (binary: late or not), 5 folds.
// Writes bench/cv.json; needs ../shared/data/flights_1m.csv.
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { init } from '../wasm/js/index.js';
import { flightsBinary, json, median, REPEATS, root, work, writeResults } from './common.mjs';

const ROWS = 200000, ROUNDS = 30, NFOLD = 5;
const full = flightsBinary();
if (!full) {
  console.log('cv bench: ../shared/data/flights_1m.csv is not here; skipped.');
  process.exit(0);
}
const csv = join(work, `flights_${ROWS / 1000}k_bin.csv`);
writeFileSync(csv, readFileSync(full, 'utf8').split('\n').slice(0, ROWS + 1).join('\n') + '\n');
const bl = await init({ threads: true });
const table = bl.readCSV(readFileSync(csv));
const base = { objective: 'binary:logistic', max_depth: 6, eta: 0.3, max_bin: 256, eval_metric: 'logloss' };
const results = [];
for (const threads of [1, 2]) {
  const times = [];
  let result;
  for (let i = 0; i < REPEATS; i++) {
    const start = performance.now();
    result = await bl.cv(table, { target: 'late' }, { ...base, rounds: ROUNDS, nthread: threads }, { nfold: NFOLD, seed: 0 });
    times.push((performance.now() - start) / 1000);
  }
  const folds = join(work, 'cv_folds.json');
  writeFileSync(folds, JSON.stringify(result.folds));
  const ours = { seconds: median(times), last: result.history['test-logloss-mean'].at(-1) };
  const theirs = json(join(root, 'build/venv-xgb3/bin/python'), [join(root, 'bench/xgb_cv.py'), csv, 'late', folds,
    JSON.stringify({ ...base, nthread: threads }), String(ROUNDS), String(REPEATS)]);
  // The same work: the last round's mean test log loss within 1 % (the two engines bin alike, not identically).
  if (Math.abs(theirs.last - ours.last) > 0.01 * theirs.last)
    throw new Error(`XGBoost's mean test logloss ${theirs.last} differs from ours ${ours.last}`);
  results.push({ rows: ROWS, folds: NFOLD, rounds: ROUNDS, threads, boostlab_seconds: ours.seconds, xgboost_seconds: theirs.seconds,
    ratio: ours.seconds / theirs.seconds, boostlab_logloss: ours.last, xgboost_logloss: theirs.last, xgboost: theirs.version });
  console.error(`${threads}T: ours ${ours.seconds.toFixed(3)} s (logloss ${ours.last.toFixed(5)}), XGBoost ${theirs.seconds.toFixed(3)} s (${theirs.last.toFixed(5)})`);
}
table.dispose();
const lines = ['| rows | folds | rounds | threads | BoostLab s | XGBoost 3.2 s | ratio (ours / XGBoost) | mean test logloss (ours / theirs) |', '|---|---|---|---|---|---|---|---|'];
for (const r of results)
  lines.push(`| ${r.rows} | ${r.folds} | ${r.rounds} | ${r.threads} | ${r.boostlab_seconds.toFixed(3)} | ${r.xgboost_seconds.toFixed(3)} | ${r.ratio.toFixed(2)} | ${r.boostlab_logloss.toFixed(5)} / ${r.xgboost_logloss.toFixed(5)} |`);
console.log(['Cross-validation (flights, 5 folds), bl.cv in Node (wasm SIMD + threads) against xgb.cv, median of ' + REPEATS + ':', '', ...lines].join('\n'));
writeResults('cv', { date: new Date().toISOString(), results });
