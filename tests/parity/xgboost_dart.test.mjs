// DART (booster 'dart') against XGBoost 3.2's on spam, the same rows and
// parameters, lossless binning. With nothing dropped (rate_drop 0, or
// skip_drop 1) each round's log loss is XGBoost's. With dropout the trees
// dropped are drawn by each library's own generator, so single runs differ:
// over 8 seeds the mean validation log loss is XGBoost's, within 3 standard
// errors of the difference (and 1 %), for normalize_type tree with uniform
// draws and forest with weighted ones. (The scales themselves are checked
// exactly in tests/core/dart_test.cc; XGBoost's DART files are read in
// xgboost_export.test.mjs.)
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { join } from 'node:path';
import { test } from 'node:test';
import { fileURLToPath } from 'node:url';
import { losslessMaxBin } from './data.mjs';

const root = fileURLToPath(new URL('../../', import.meta.url));
const data = (f) => join(root, 'tests/data', f);
const CLI = join(root, 'build/native/boostlab-cli');
const PYTHON3X = join(root, 'build/venv-xgb3/bin/python');
const lastLine = (out) => out.toString().trim().split('\n').at(-1);
const relative = (a, b) => Math.abs(a - b) / Math.abs(b);
const MAX_BIN = Math.max(256, losslessMaxBin(data('spam.csv'), 'type') + 1);
const BASE = { objective: 'binary:logistic', eta: 0.3, max_depth: 4, eval_metric: 'logloss', max_bin: MAX_BIN, booster: 'dart' };

const ours = (params) => execFileSync(CLI, ['train', '--csv', data('spam.csv'), '--target', 'type', '--valid-idx', data('spam.valid_idx.txt'),
  '--params', JSON.stringify(params)], { maxBuffer: 1 << 26 }).toString().trim().split('\n').map((l) => JSON.parse(l)).filter((l) => l.round);
const theirs = (params) => JSON.parse(lastLine(execFileSync(PYTHON3X, [join(root, 'tests/parity/xgb_reference.py'), data('spam.csv'), 'type',
  data('spam.valid_idx.txt'), JSON.stringify(params)], { maxBuffer: 1 << 26 })));
const meanAndVariance = (xs) => {
  const mean = xs.reduce((a, b) => a + b) / xs.length;
  return [mean, xs.reduce((a, x) => a + (x - mean) ** 2, 0) / (xs.length - 1)];
};

test('DART that drops nothing (rate_drop 0, or skip_drop 1) trains each round as XGBoost 3.2\'s', () => {
  for (const extra of [{ rate_drop: 0 }, { rate_drop: 0.5, skip_drop: 1 }]) {
    const params = { ...BASE, rounds: 15, ...extra };
    const mine = ours(params), ref = theirs(params);
    assert.equal(ref.version, '3.2.0');
    assert.ok(mine.every((r) => r.dropped === 0), 'nothing dropped');
    mine.forEach((r, i) => {
      const tolerance = i < 10 ? 1e-6 : 0.005;  // as the other lossless cases
      assert.ok(relative(r.valid.logloss, ref.valid.logloss[i]) <= tolerance, `${JSON.stringify(extra)} round ${i + 1}: ${r.valid.logloss} here, ${ref.valid.logloss[i]} there`);
    });
  }
});

for (const extra of [{ rate_drop: 0.2 }, { rate_drop: 0.2, normalize_type: 'forest', sample_type: 'weighted' }]) {
  test(`DART ${JSON.stringify(extra)}: over 8 seeds the validation log loss is XGBoost 3.2's, and another than gbtree's`, () => {
    const seeds = [0, 1, 2, 3, 4, 5, 6, 7];
    const mine = seeds.map((seed) => ours({ ...BASE, rounds: 40, seed, ...extra }).at(-1).valid.logloss);
    const ref = seeds.map((seed) => theirs({ ...BASE, rounds: 40, seed, ...extra }).valid.logloss.at(-1));
    const [m1, v1] = meanAndVariance(mine), [m2, v2] = meanAndVariance(ref);
    const se = Math.sqrt(v1 / seeds.length + v2 / seeds.length);
    assert.ok(Math.abs(m1 - m2) <= 3 * se + 0.01 * m2, `mean ${m1.toFixed(5)} here (${mine.map((x) => x.toFixed(4))}), ${m2.toFixed(5)} there (${ref.map((x) => x.toFixed(4))})`);
    // Dropout changed the model: gbtree's loss is not within its spread.
    const gbtree = ours({ ...BASE, booster: 'gbtree', rounds: 40 }).at(-1).valid.logloss;
    assert.ok(Math.abs(m1 - gbtree) > 3 * Math.sqrt(v1 / seeds.length), `gbtree ${gbtree}, dart ${m1}`);
  });
}
