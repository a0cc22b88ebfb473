// Metrics against XGBoost 1.7.4 (Debian) and 3.2 (build/venv-xgb3) on the same rows, parameters and
// lossless bins: aucpr (the area under precision against recall, XGBoost's interpolation), auc and
// aucpr of several classes (one against the rest), error@t, rmsle and mape. Every round's train and
// valid value, both sides trained here.
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { test } from 'node:test';
import { fileURLToPath } from 'node:url';
import { losslessMaxBin } from './data.mjs';

const root = fileURLToPath(new URL('../../', import.meta.url));
const data = (f) => join(root, 'tests/data', f);
const CLI = join(root, 'build/native/boostlab-cli');
const lastLine = (out) => out.toString().trim().split('\n').at(-1);
function trainMean(csv, target) {
  const rows = readFileSync(data(`${csv}.csv`), 'utf8').trim().split('\n').map((l) => l.split(','));
  const c = rows.shift().indexOf(target);
  const valid = new Set(readFileSync(data(`${csv}.valid_idx.txt`), 'utf8').trim().split('\n').map(Number));
  const ys = rows.filter((_, i) => !valid.has(i)).map((r) => Number(r[c]));
  return ys.reduce((a, b) => a + b, 0) / ys.length;
}

function ours(csv, target, params, ignore = []) {
  const args = ['train', '--csv', data(`${csv}.csv`), '--target', target, '--valid-idx', data(`${csv}.valid_idx.txt`), '--params', JSON.stringify(params)];
  if (ignore.length) args.push('--ignore', ignore.join(','));
  return execFileSync(CLI, args, { maxBuffer: 1 << 26 }).toString().trim().split('\n').map((l) => JSON.parse(l)).filter((l) => l.round);
}
const theirs = (python, csv, target, params, ignore = []) => JSON.parse(lastLine(execFileSync(python, [join(root, 'tests/parity/xgb_reference.py'),
  data(`${csv}.csv`), target, data(`${csv}.valid_idx.txt`), JSON.stringify(params), ignore.join(',')], { maxBuffer: 1 << 26 })));

const CASES = [
  { csv: 'spam', target: 'type', metrics: ['auc', 'aucpr', 'error@0.3'], params: { objective: 'binary:logistic', rounds: 20, max_depth: 4 } },
  { csv: 'letter', target: 'lettr', metrics: ['auc', 'aucpr'], params: { objective: 'multi:softprob', num_class: 26, rounds: 6, max_depth: 3 } },
  { csv: 'auto_mpg', target: 'Miles_per_Gallon', ignore: ['Name'], metrics: ['rmsle', 'mape', 'rmse'], params: { objective: 'reg:squarederror', rounds: 20, max_depth: 4 } },
];

for (const [version, python, extra] of [['1.7.4', '/usr/bin/python3', { base_score: 0.5 }], ['3.2.0', join(root, 'build/venv-xgb3/bin/python'), {}]]) {
  for (const c of CASES) {
    test(`${c.metrics.join(' and ')} on ${c.csv} (${c.params.objective}): every round's train and valid value as XGBoost ${version}'s`, () => {
      const ignore = c.ignore ?? [];
      // (XGBoost 1.7 starts a regression from base_score 0.5 unless given: the training mean, as ours.)
      const start = version === '1.7.4' && c.params.objective.startsWith('reg:') ? { base_score: trainMean(c.csv, c.target) } : {};
      const params = { ...c.params, ...extra, ...start, eta: 0.3, eval_metric: c.metrics.join(','), max_bin: Math.max(256, losslessMaxBin(data(`${c.csv}.csv`), c.target, ignore) + 1) };
      // (XGBoost takes several metrics as a list.)
      const mine = ours(c.csv, c.target, params, ignore), ref = theirs(python, c.csv, c.target, { ...params, eval_metric: c.metrics }, ignore);
      assert.equal(ref.version, version);
      assert.equal(mine.length, c.params.rounds);
      let worst = 0;
      for (const m of c.metrics) {
        for (const set of ['train', 'valid']) {
          mine.forEach((r, i) => {
            const d = Math.abs(r[set][m] - ref[set][m][i]);
            worst = Math.max(worst, d);
            // Areas are sums over ranked rows: the same trees give the same order, so to float rounding.
            assert.ok(d <= 1e-6, `round ${i + 1}, ${set} ${m}: ${r[set][m]} here, ${ref[set][m][i]} there`);
          });
        }
      }
      // No two metrics the same number (aucpr is not auc renamed, error@0.3 not error).
      const last = c.metrics.map((m) => mine.at(-1).valid[m]);
      assert.equal(new Set(last).size, last.length, last.join(' '));
      console.log(`# ${c.csv} ${version}: largest difference ${worst.toExponential(2)}; last valid ${c.metrics.map((m, i) => `${m} ${last[i]}`).join(', ')}`);
    });
  }
}
