// scale_pos_weight (binary:logistic: the positive rows' g and h times it) against
// XGBoost on the same rows and parameters, lossless binning: Debian's 1.7.4 with
// base_score given, and XGBoost 3.2 (build/venv-xgb3) with its own intercept,
// which with scale_pos_weight is one Newton step from 0 on the scaled pairs.
// Each round's train and valid log loss, both sides trained in this run.
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { test } from 'node:test';
import { fileURLToPath } from 'node:url';
import { losslessMaxBin } from './data.mjs';

const root = fileURLToPath(new URL('../../', import.meta.url));
const data = (f) => join(root, 'tests/data', f);
const CLI = join(root, 'build/native/boostlab-cli');
const lastLine = (out) => out.toString().trim().split('\n').at(-1);
const relative = (a, b) => Math.abs(a - b) / Math.abs(b);
const MAX_BIN = Math.max(256, losslessMaxBin(data('spam.csv'), 'type') + 1);

function ours(params, modelOut) {
  const args = ['train', '--csv', data('spam.csv'), '--target', 'type', '--valid-idx', data('spam.valid_idx.txt'), '--params', JSON.stringify(params)];
  if (modelOut) args.push('--model-out', modelOut);
  return execFileSync(CLI, args, { maxBuffer: 1 << 26 }).toString().trim().split('\n').map((l) => JSON.parse(l)).filter((l) => l.round);
}
const theirs = (python, params) => JSON.parse(lastLine(execFileSync(python, [join(root, 'tests/parity/xgb_reference.py'), data('spam.csv'), 'type',
  data('spam.valid_idx.txt'), JSON.stringify(params)], { maxBuffer: 1 << 26 })));

for (const [version, python, extra] of [['1.7.4', '/usr/bin/python3', { base_score: 0.5 }], ['3.2.0', join(root, 'build/venv-xgb3/bin/python'), {}]]) {
  test(`scale_pos_weight 3 on spam: each round's log loss as XGBoost ${version}'s${extra.base_score ? ' (base_score given)' : ' (its own intercept)'}`, () => {
    const params = { objective: 'binary:logistic', scale_pos_weight: 3, eta: 0.3, max_depth: 4, rounds: 20, eval_metric: 'logloss', max_bin: MAX_BIN, ...extra };
    const mine = ours(params), ref = theirs(python, params);
    assert.equal(ref.version, version);
    mine.forEach((r, i) => {
      // The first rounds to float rounding (the same intercept and trees); then within 0.5 %, as the other lossless cases.
      const tolerance = i < 10 ? 1e-6 : 0.005;
      assert.ok(relative(r.train.logloss, ref.train.logloss[i]) <= tolerance, `round ${i + 1}: train ${r.train.logloss} here, ${ref.train.logloss[i]} there`);
      assert.ok(relative(r.valid.logloss, ref.valid.logloss[i]) <= tolerance, `round ${i + 1}: valid ${r.valid.logloss} here, ${ref.valid.logloss[i]} there`);
    });
    // It matters: without it XGBoost's first round is far from ours.
    const plain = theirs(python, { ...params, scale_pos_weight: 1 });
    assert.ok(relative(plain.train.logloss[0], mine[0].train.logloss) > 0.01, 'scale_pos_weight changed nothing');
  });
}

test('scale_pos_weight goes to XGBoost\'s file and comes back; other objectives refuse it', () => {
  const model = join(fileURLToPath(new URL('file:///tmp/')), `spw-${process.pid}.json`);
  ours({ objective: 'binary:logistic', scale_pos_weight: 2.5, rounds: 3, max_depth: 2 }, model);
  const exported = JSON.parse(execFileSync(CLI, ['export-xgboost', '--model', model], { maxBuffer: 1 << 26 }).toString());
  assert.deepEqual(exported.learner.objective, { name: 'binary:logistic', reg_loss_param: { scale_pos_weight: '2.5' } });
  // Read back (as XGBoost's file), it keeps the setting: written out again, the same.
  const file = model.replace(/\.json$/, '.xgb.json');
  writeFileSync(file, JSON.stringify(exported));
  const again = JSON.parse(execFileSync(CLI, ['export-xgboost', '--model', file], { maxBuffer: 1 << 26 }).toString());
  assert.equal(again.learner.objective.reg_loss_param.scale_pos_weight, '2.5');
  assert.throws(() => execFileSync(CLI, ['train', '--csv', data('auto_mpg.csv'), '--target', 'Miles_per_Gallon', '--ignore', 'Name',
    '--params', JSON.stringify({ scale_pos_weight: 2 })], { stdio: 'pipe' }), (e) => /scale_pos_weight.*binary:logistic/.test(e.stdout.toString() + e.stderr.toString()));
});
