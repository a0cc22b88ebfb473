// Cross-validation against XGBoost 1.7.4's xgb.cv (Debian python3-xgboost) and 3.2's on the
// same folds and parameters, lossless binning and a fixed base_score (1.7 does
// not boost from the average): each round's mean and standard deviation over
// the folds, train and test; and early stopping on the test mean.
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { test } from 'node:test';
import { fileURLToPath } from 'node:url';
import { init } from '../../wasm/js/index.js';
import { losslessMaxBin } from './data.mjs';

const root = fileURLToPath(new URL('../../', import.meta.url));
const data = (f) => join(root, 'tests/data', f);
const dir = mkdtempSync(join(tmpdir(), 'boostlab-cv-'));

function theirs(csv, target, params, rounds, folds, ignore = [], patience = 0, python = '/usr/bin/python3') {
  const file = join(dir, `${csv}-folds.json`);
  writeFileSync(file, JSON.stringify(folds));
  const out = execFileSync(python, [join(root, 'tests/parity/xgb_cv.py'), data(`${csv}.csv`), target, JSON.stringify(params),
    String(rounds), file, ignore.join(','), String(patience)], { maxBuffer: 1 << 26 });
  return JSON.parse(out.toString().trim().split('\n').at(-1));
}

const CASES = [
  { csv: 'spam', target: 'type', metric: 'logloss', params: { objective: 'binary:logistic', base_score: 0.4, eval_metric: 'logloss' } },
  { csv: 'auto_mpg', target: 'Miles_per_Gallon', metric: 'rmse', ignore: ['Name'], params: { objective: 'reg:squarederror', base_score: 23.5, eval_metric: 'rmse' } },
];

for (const c of CASES) {
  test(`cv on ${c.csv}: each round's ${c.metric} mean and std over 4 folds, train and test, as xgb.cv gives them on the same folds (XGBoost 1.7.4 and 3.2)`, async () => {
    const bl = await init({ threads: false });
    const table = bl.readCSV(readFileSync(data(`${c.csv}.csv`)));
    const params = { ...c.params, eta: 0.3, max_depth: 4, rounds: 20,
      max_bin: Math.max(256, losslessMaxBin(data(`${c.csv}.csv`), c.target, c.ignore ?? []) + 1) };
    const seen = [];
    const ours = await bl.cv(table, { target: c.target, ignore: c.ignore }, params, { nfold: 4, seed: 3, onRound: (r) => seen.push(r) });
    assert.equal(ours.rounds, 20);
    assert.equal(seen.length, 20);
    // The folds part the rows: each row tested once; for classes each fold near the classes' shares.
    const all = ours.folds.flat().sort((a, b) => a - b);
    assert.deepEqual(all, Array.from({ length: table.numRows }, (_, i) => i));
    const { rounds, ...rest } = params;
    for (const [version, python] of [['1.7.4', '/usr/bin/python3'], ['3.2.0', join(root, 'build/venv-xgb3/bin/python')]]) {
      const ref = theirs(c.csv, c.target, rest, rounds, ours.folds, c.ignore, 0, python);
      assert.equal(ref.version, version);
      for (const side of ['train', 'test']) {
        const key = `${side}-${c.metric}`;
        ours.history[`${key}-mean`].forEach((v, i) => {
          const r = ref[`${key}-mean`][i];
          assert.ok(Math.abs(v - r) <= 0.005 * Math.abs(r), `round ${i + 1}: ${key}-mean ${v} here, ${r} in xgb.cv`);
          const s = ours.history[`${key}-std`][i], rs = ref[`${key}-std`][i];
          assert.ok(Math.abs(s - rs) <= 0.01 * Math.abs(r) + 0.05 * rs, `round ${i + 1}: ${key}-std ${s} here, ${rs} in xgb.cv`);
        });
        assert.equal(seen[4][side][c.metric].mean, ours.history[`${key}-mean`][4], 'onRound reports what the history keeps');
      }
    }
    table.dispose();
  });
}

test('cv with early stopping: the test mean watched, the history cut at its best round, as xgb.cv cuts it', async () => {
  const bl = await init({ threads: false });
  const table = bl.readCSV(readFileSync(data('auto_mpg.csv')));
  const params = { objective: 'reg:squarederror', base_score: 23.5, eta: 0.5, max_depth: 6, rounds: 200, early_stopping_rounds: 5, eval_metric: 'rmse',
    max_bin: Math.max(256, losslessMaxBin(data('auto_mpg.csv'), 'Miles_per_Gallon', ['Name']) + 1) };
  const ours = await bl.cv(table, { target: 'Miles_per_Gallon', ignore: ['Name'] }, params, { nfold: 3, seed: 1 });
  assert.ok(ours.rounds < 200, `stopped at ${ours.rounds}`);
  assert.equal(ours.rounds, ours.bestRound);
  assert.equal(ours.history['test-rmse-mean'].length, ours.rounds);
  const best = Math.min(...ours.history['test-rmse-mean']);
  assert.equal(ours.history['test-rmse-mean'].at(-1), best);
  const { rounds, early_stopping_rounds: patience, ...rest } = params;
  const ref = theirs('auto_mpg', 'Miles_per_Gallon', rest, rounds, ours.folds, ['Name'], patience);
  assert.equal(ref['test-rmse-mean'].length, ours.rounds, 'xgb.cv kept as many rounds');
  // Bad options are refused, naming the fix.
  await assert.rejects(bl.cv(table, { target: 'Miles_per_Gallon', validFraction: 0.2 }, {}), (e) => e.code === 'BAD_OPTION' && /makes the training and validation sides itself/.test(e.message));
  await assert.rejects(bl.cv(table, { target: 'Miles_per_Gallon' }, {}, { nfold: 1 }), (e) => e.code === 'BAD_OPTION' && /nfold/.test(e.message));
  await assert.rejects(bl.cv(table, { target: 'Miles_per_Gallon' }, {}, { nfolds: 3 }), (e) => e.code === 'BAD_OPTION' && /did you mean 'nfold'/.test(e.message));
  table.dispose();
});

test('cv folds: stratified folds hold each class near its share; the same seed gives the same folds', async () => {
  const bl = await init({ threads: false });
  const table = bl.readCSV(readFileSync(data('spam.csv')));
  const run = (seed) => bl.cv(table, { target: 'type' }, { rounds: 1, max_depth: 1 }, { nfold: 5, seed });
  const a = await run(7), b = await run(7), c = await run(8);
  assert.deepEqual(a.folds, b.folds);
  assert.notDeepEqual(a.folds, c.folds);
  const all = table.toDataset({ target: 'type', validFraction: 0 });
  const labels = all.labels();
  const share = labels.reduce((s, y) => s + y, 0) / labels.length;
  for (const f of a.folds) {
    const inFold = f.reduce((s, r) => s + labels[r], 0) / f.length;
    assert.ok(Math.abs(inFold - share) < 0.002 + 1 / f.length, `a fold's spam share ${inFold}, the file's ${share}`);
  }
  all.dispose();
  table.dispose();
});
