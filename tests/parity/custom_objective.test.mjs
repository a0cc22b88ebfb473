// An objective of your own (a function, as XGBoost's obj): the logistic loss written
// in JavaScript trains the model binary:logistic trains (from the same starting
// margin), and the same loss written in Python for XGBoost 3.2's obj grows the
// same trees: the margins of every row agree. A metric of your own is reported
// beside the built-in ones.
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { test } from 'node:test';
import { fileURLToPath } from 'node:url';
import { init } from '../../wasm/js/index.js';
import { losslessMaxBin } from './data.mjs';

const root = fileURLToPath(new URL('../../', import.meta.url));
const data = (f) => join(root, 'tests/data', f);
const PYTHON3X = join(root, 'build/venv-xgb3/bin/python');
const MAX_BIN = Math.max(256, losslessMaxBin(data('spam.csv'), 'type') + 1);
const validRows = readFileSync(data('spam.valid_idx.txt'), 'utf8').trim().split('\n').map(Number);

// The logistic loss of the raw margin, as the notes write it: g = p − y, h = p(1 − p).
function logistic(margins, labels) {
  const grad = new Float32Array(margins.length), hess = new Float32Array(margins.length);
  for (let i = 0; i < margins.length; i++) {
    const p = 1 / (1 + Math.exp(-margins[i]));
    grad[i] = p - labels[i];
    hess[i] = Math.max(p * (1 - p), 1e-16);
  }
  return { grad, hess };
}

const near = (a, b, what) => a.forEach((v, i) => assert.ok(Math.abs(v - b[i]) <= 1e-4 * Math.max(1, Math.abs(b[i])), `${what}: row ${i}: ${v} against ${b[i]}`));

test('a logistic loss in JavaScript trains binary:logistic\'s model; XGBoost 3.2 given the same loss in Python grows the same trees', async () => {
  const bl = await init({ threads: false });
  const table = bl.readCSV(readFileSync(data('spam.csv')));
  const dataset = table.toDataset({ target: 'type', validRows });
  const params = { rounds: 10, eta: 0.3, max_depth: 4, max_bin: MAX_BIN };
  const builtIn = await bl.train(dataset, { ...params, objective: 'binary:logistic', base_score: 0.5 });
  const reports = [];
  const mine = await bl.train(dataset, { ...params, objective: logistic }, {
    onRound: (r) => reports.push(r),
    // A metric of your own: the log loss of the margins, computed here.
    metric: function myLogloss(margins, labels) {
      let s = 0;
      for (let i = 0; i < margins.length; i++) { const p = 1 / (1 + Math.exp(-margins[i])); s -= labels[i] ? Math.log(p) : Math.log(1 - p); }
      return s / margins.length;
    },
  });
  const ours = mine.predict(table, { output: 'margin' });
  near(ours, builtIn.predict(table, { output: 'margin' }), 'binary:logistic');
  // The function's metric, under its name, is the engine's log loss of the same model.
  const last = reports.at(-1);
  assert.equal(last.metric, 'myLogloss');
  const check = await bl.train(dataset, { ...params, objective: 'binary:logistic', base_score: 0.5, eval_metric: 'logloss' });
  assert.ok(Math.abs(last.valid.myLogloss - check.evaluate(table, { rows: dataset.validRows() }).logloss) < 1e-4, `valid ${last.valid.myLogloss}`);
  // XGBoost 3.2 with the loss as its obj, starting from margin 0 too.
  const out = execFileSync(PYTHON3X, [join(root, 'tests/parity/xgb_custom_obj.py'), data('spam.csv'), 'type',
    JSON.stringify({ eta: 0.3, max_depth: 4, max_bin: MAX_BIN, base_score: 0 }), '10', data('spam.valid_idx.txt')], { maxBuffer: 1 << 26 });
  const theirs = JSON.parse(out.toString().trim().split('\n').at(-1));
  assert.equal(theirs.version, '3.2.0');
  near(ours, theirs.margins, 'XGBoost 3.2 with obj');
  for (const m of [builtIn, mine, check]) m.dispose();
  dataset.dispose();
  table.dispose();
});

test('an objective of your own is checked: the right number of finite pairs, each round; not for other algorithms', async () => {
  const bl = await init({ threads: false });
  const table = bl.readCSV('x,y\n' + Array.from({ length: 40 }, (_, i) => `${i},${i % 5}`).join('\n') + '\n');
  const dataset = table.toDataset({ target: 'y', task: 'regression', validFraction: 0 });
  await assert.rejects(bl.train(dataset, { rounds: 2, objective: () => ({ grad: [1], hess: [1] }) }), (e) => e.code === 'BAD_ARGUMENT' && /needs 40 of each/.test(e.message));
  await assert.rejects(bl.train(dataset, { rounds: 2, objective: (m) => ({ grad: m, hess: m.map(() => NaN) }) }), (e) => e.code === 'BAD_ARGUMENT' && /hessian finite/.test(e.message));
  await assert.rejects(bl.train(dataset, { rounds: 2, objective: () => 5 }), (e) => e.code === 'BAD_ARGUMENT' && /returns \{ grad, hess \}/.test(e.message));
  await assert.rejects(bl.train(dataset, { rounds: 2, algorithm: 'gbdt', objective: logistic }), (e) => e.code === 'BAD_PARAM' && /algorithm xgboost/.test(e.message));
  // Squared error's pairs: the model is the built-in's.
  const sq = (m, y) => ({ grad: m.map((v, i) => v - y[i]), hess: m.map(() => 1) });
  const a = await bl.train(dataset, { rounds: 3, objective: sq, base_score: 2 }), b = await bl.train(dataset, { rounds: 3, base_score: 2 });
  near(a.predict(table), b.predict(table), 'squared error');
  assert.throws(() => a.scaleOutScript({ engine: 'dask' }), (e) => e.code === 'XGBOOST_UNSUPPORTED' && /obj=your_loss/.test(e.message));
  for (const m of [a, b]) m.dispose();
  dataset.dispose();
  table.dispose();
});
