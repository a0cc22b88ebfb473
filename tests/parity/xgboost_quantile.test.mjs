// Quantile regression (reg:quantileerror, the pinball loss) against XGBoost 3.2
// (PyPI, build/venv-xgb3: XGBoost 1.7 has no quantile loss), both trained in
// this run on the same rows and parameters with lossless binning: the same
// trees, so every round's loss agrees to float rounding. Then the model
// crosses over: ours exported and predicted by XGBoost 3.2, XGBoost's loaded
// and predicted here.
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { test } from 'node:test';
import { fileURLToPath } from 'node:url';
import { losslessMaxBin, weightedCopy } from './data.mjs';

const root = fileURLToPath(new URL('../../', import.meta.url));
const data = (f) => join(root, 'tests/data', f);
const CLI = join(root, 'build/native/boostlab-cli');
const PYTHON3X = join(root, 'build/venv-xgb3/bin/python');
const dir = mkdtempSync(join(tmpdir(), 'boostlab-q-'));
const relative = (a, b) => Math.abs(a - b) / Math.max(1e-12, Math.abs(b));
const lastLine = (out) => out.toString().trim().split('\n').at(-1);

const CSV = 'auto_mpg', TARGET = 'Miles_per_Gallon', IGNORE = ['Name'];
const MAX_BIN = Math.max(256, losslessMaxBin(data(`${CSV}.csv`), TARGET, IGNORE) + 1);

function ours(params, { weight, file = data(`${CSV}.csv`), modelOut } = {}) {
  const args = ['train', '--csv', file, '--target', TARGET, '--ignore', IGNORE.join(','), '--valid-idx', data(`${CSV}.valid_idx.txt`),
    '--params', JSON.stringify(params)];
  if (weight) args.push('--weight', weight);
  if (modelOut) args.push('--model-out', modelOut);
  return execFileSync(CLI, args, { maxBuffer: 1 << 26 }).toString().trim().split('\n').map((l) => JSON.parse(l)).filter((l) => l.round);
}

function theirs(params, { weight = '', file = data(`${CSV}.csv`) } = {}) {
  return JSON.parse(lastLine(execFileSync(PYTHON3X, [join(root, 'tests/parity/xgb_reference.py'), file, TARGET, data(`${CSV}.valid_idx.txt`),
    JSON.stringify(params), IGNORE.join(','), weight], { maxBuffer: 1 << 26 })));
}

for (const [alpha, depth] of [[0.1, 6], [0.5, 4], [0.9, 4]]) {
  test(`reg:quantileerror, alpha ${alpha}: every round's train and valid pinball loss equal XGBoost 3.2's (same trees)`, () => {
    const params = { objective: 'reg:quantileerror', quantile_alpha: alpha, eta: 0.3, max_depth: depth, rounds: 20, eval_metric: 'quantile', max_bin: MAX_BIN };
    const mine = ours(params);
    const ref = theirs(params);
    assert.equal(ref.version, '3.2.0');
    assert.equal(mine.length, 20);
    mine.forEach((r, i) => {
      assert.ok(relative(r.train.quantile, ref.train.quantile[i]) < 1e-5, `round ${i + 1}: train ${r.train.quantile} here, ${ref.train.quantile[i]} there`);
      assert.ok(relative(r.valid.quantile, ref.valid.quantile[i]) < 1e-5, `round ${i + 1}: valid ${r.valid.quantile} here, ${ref.valid.quantile[i]} there`);
    });
    // The loss fell: the leaves moved toward the alpha quantile.
    assert.ok(mine.at(-1).train.quantile < 0.5 * mine[0].train.quantile);
  });
}

test('reg:quantileerror with sample weights: the weighted quantile, leaf by leaf, as XGBoost 3.2 takes it', () => {
  const file = weightedCopy(data(`${CSV}.csv`));
  const params = { objective: 'reg:quantileerror', quantile_alpha: 0.75, eta: 0.3, max_depth: 4, rounds: 15, eval_metric: 'quantile', max_bin: MAX_BIN };
  const mine = ours(params, { weight: 'w', file });
  const ref = theirs(params, { weight: 'w', file });
  const plain = theirs(params);
  mine.forEach((r, i) => assert.ok(relative(r.train.quantile, ref.train.quantile[i]) < 1e-5, `round ${i + 1}: ${r.train.quantile} here, ${ref.train.quantile[i]} there`));
  assert.ok(relative(plain.train.quantile[5], ref.train.quantile[5]) > 0.01, 'the weights changed nothing');
});

test('a quantile model crosses over: ours predicted by XGBoost 3.2, XGBoost 3.2\'s predicted here, both to the margin', () => {
  const model = join(dir, 'ours.json');
  ours({ objective: 'reg:quantileerror', quantile_alpha: 0.9, eta: 0.3, max_depth: 4, rounds: 10 }, { modelOut: model });
  const exported = join(dir, 'ours.xgboost.json');
  writeFileSync(exported, execFileSync(CLI, ['export-xgboost', '--model', model], { maxBuffer: 1 << 26 }));
  const doc = JSON.parse(readFileSync(exported, 'utf8'));
  assert.deepEqual(doc.learner.objective, { name: 'reg:quantileerror', quantile_loss_param: { quantile_alpha: '[0.9]' } });
  const theirMargins = JSON.parse(lastLine(execFileSync(PYTHON3X, [join(root, 'tests/parity/xgb_load_predict.py'), exported, data(`${CSV}.csv`)],
    { maxBuffer: 1 << 26 }))).margins;
  const margins = (m) => execFileSync(CLI, ['predict', '--model', m, '--csv', data(`${CSV}.csv`), '--margin', '1'],
    { maxBuffer: 1 << 26 }).toString().trim().split('\n').map(Number);
  const ourMargins = margins(model);
  assert.equal(ourMargins.length, theirMargins.length);
  theirMargins.forEach((v, i) => assert.ok(Math.abs(v - ourMargins[i]) <= 1e-5 * Math.max(1, Math.abs(v)), `row ${i}: ${v} there, ${ourMargins[i]} here`));
  // XGBoost 3.2's own quantile model, read here: its alpha, and its margins.
  const theirsFile = join(dir, 'theirs.json');
  const trained = JSON.parse(lastLine(execFileSync(PYTHON3X, [join(root, 'tests/parity/xgb_train_save.py'), 'train', data(`${CSV}.csv`), TARGET,
    JSON.stringify({ objective: 'reg:quantileerror', quantile_alpha: 0.25, max_depth: 3 }), '8', theirsFile, IGNORE.join(',')], { maxBuffer: 1 << 26 })));
  const back = margins(theirsFile);
  trained.margins.forEach((v, i) => assert.ok(Math.abs(v - back[i]) <= 1e-5 * Math.max(1, Math.abs(v)), `row ${i}: ${v} in XGBoost, ${back[i]} here`));
  // Its alpha came with it: the XGBoost form written from it names 0.25 again.
  assert.equal(JSON.parse(execFileSync(CLI, ['export-xgboost', '--model', theirsFile], { maxBuffer: 1 << 26 }).toString()).learner.objective.quantile_loss_param.quantile_alpha, '[0.25]');
});

test('several quantiles, 0.1, 0.5 and 0.9: one output each, every round\'s mean pinball loss as XGBoost 3.2\'s, and the band crosses over both ways', () => {
  const params = { objective: 'reg:quantileerror', quantile_alpha: [0.1, 0.5, 0.9], eta: 0.3, max_depth: 4, rounds: 20, max_bin: MAX_BIN };
  const model = join(dir, 'band.json');
  const mine = ours(params, { modelOut: model });
  const ref = theirs(params);
  assert.deepEqual(Object.keys(mine[0].train), ['quantile']);
  mine.forEach((r, i) => {
    assert.ok(relative(r.train.quantile, ref.train.quantile[i]) < 1e-5, `round ${i + 1}: train ${r.train.quantile} here, ${ref.train.quantile[i]} there`);
    assert.ok(relative(r.valid.quantile, ref.valid.quantile[i]) < 1e-5, `round ${i + 1}: valid ${r.valid.quantile} here, ${ref.valid.quantile[i]} there`);
  });
  // Three outputs a row, in the alphas' order (on most rows the 0.1 quantile is below the 0.9 one).
  const margins = (m) => execFileSync(CLI, ['predict', '--model', m, '--csv', data(`${CSV}.csv`), '--margin', '1'],
    { maxBuffer: 1 << 26 }).toString().trim().split('\n').map(Number);
  const band = margins(model);
  const rows = band.length / 3;
  assert.equal(rows, 398);
  let ordered = 0;
  for (let r = 0; r < rows; r++) ordered += band[3 * r] <= band[3 * r + 2];
  assert.ok(ordered > 0.95 * rows, `${ordered} of ${rows} rows have the 0.1 quantile at or below the 0.9 one`);
  // Ours in XGBoost 3.2 (three targets), and XGBoost 3.2's three-alpha model here.
  const exported = join(dir, 'band.xgboost.json');
  writeFileSync(exported, execFileSync(CLI, ['export-xgboost', '--model', model], { maxBuffer: 1 << 26 }));
  const doc = JSON.parse(readFileSync(exported, 'utf8'));
  assert.equal(doc.learner.objective.quantile_loss_param.quantile_alpha, '[0.1,0.5,0.9]');
  assert.equal(doc.learner.learner_model_param.num_target, '3');
  const there = JSON.parse(lastLine(execFileSync(PYTHON3X, [join(root, 'tests/parity/xgb_load_predict.py'), exported, data(`${CSV}.csv`)],
    { maxBuffer: 1 << 26 }))).margins;
  assert.equal(there.length, band.length);
  there.forEach((v, i) => assert.ok(Math.abs(v - band[i]) <= 1e-5 * Math.max(1, Math.abs(v)), `value ${i}: ${v} there, ${band[i]} here`));
  const theirsFile = join(dir, 'theirs-band.json');
  const trained = JSON.parse(lastLine(execFileSync(PYTHON3X, [join(root, 'tests/parity/xgb_train_save.py'), 'train', data(`${CSV}.csv`), TARGET,
    JSON.stringify({ objective: 'reg:quantileerror', quantile_alpha: [0.2, 0.8], max_depth: 3 }), '8', theirsFile, IGNORE.join(',')], { maxBuffer: 1 << 26 })));
  const back = margins(theirsFile);
  assert.equal(back.length, trained.margins.length);
  trained.margins.forEach((v, i) => assert.ok(Math.abs(v - back[i]) <= 1e-5 * Math.max(1, Math.abs(v)), `value ${i}: ${v} in XGBoost, ${back[i]} here`));
});
