// aucpr (the area under precision against recall, XGBoost's interpolation) and auc of several
// classes (one against the rest) against XGBoost 1.7.4 (Debian) and 3.2 (build/venv-xgb3), on the
// same rows, parameters and lossless bins: every round's train and valid value, both sides trained here.
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { join } from 'node:path';
import { test } from 'node:test';
import { fileURLToPath } from 'node:url';
import { losslessMaxBin } from './data.mjs';

const root = fileURLToPath(new URL('../../', import.meta.url));
const data = (f) => join(root, 'tests/data', f);
const CLI = join(root, 'build/native/boostlab-cli');
const lastLine = (out) => out.toString().trim().split('\n').at(-1);

function ours(csv, target, params) {
  const args = ['train', '--csv', data(`${csv}.csv`), '--target', target, '--valid-idx', data(`${csv}.valid_idx.txt`), '--params', JSON.stringify(params)];
  return execFileSync(CLI, args, { maxBuffer: 1 << 26 }).toString().trim().split('\n').map((l) => JSON.parse(l)).filter((l) => l.round);
}
const theirs = (python, csv, target, params) => JSON.parse(lastLine(execFileSync(python, [join(root, 'tests/parity/xgb_reference.py'),
  data(`${csv}.csv`), target, data(`${csv}.valid_idx.txt`), JSON.stringify(params)], { maxBuffer: 1 << 26 })));

const CASES = [
  { csv: 'spam', target: 'type', metrics: ['auc', 'aucpr'], params: { objective: 'binary:logistic', rounds: 20, max_depth: 4 } },
  { csv: 'letter', target: 'lettr', metrics: ['auc', 'aucpr'], params: { objective: 'multi:softprob', num_class: 26, rounds: 6, max_depth: 3 } },
];

for (const [version, python, extra] of [['1.7.4', '/usr/bin/python3', { base_score: 0.5 }], ['3.2.0', join(root, 'build/venv-xgb3/bin/python'), {}]]) {
  for (const c of CASES) {
    test(`${c.metrics.join(' and ')} on ${c.csv} (${c.params.objective}): every round's train and valid value as XGBoost ${version}'s`, () => {
      const params = { ...c.params, ...extra, eta: 0.3, eval_metric: c.metrics.join(','), max_bin: Math.max(256, losslessMaxBin(data(`${c.csv}.csv`), c.target) + 1) };
      // (XGBoost takes several metrics as a list.)
      const mine = ours(c.csv, c.target, params), ref = theirs(python, c.csv, c.target, { ...params, eval_metric: c.metrics });
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
      // The two areas differ (aucpr is not auc renamed).
      assert.ok(Math.abs(mine.at(-1).valid.auc - mine.at(-1).valid.aucpr) > 1e-3);
      console.log(`# ${c.csv} ${version}: largest difference ${worst.toExponential(2)}; last valid auc ${mine.at(-1).valid.auc}, aucpr ${mine.at(-1).valid.aucpr}`);
    });
  }
}
