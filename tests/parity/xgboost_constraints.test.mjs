// Monotone and interaction constraints against XGBoost 3.2 (build/venv-xgb3)
// on the same rows and parameters, lossless binning: each round's train and
// valid metric equal to float rounding (XGBoost computes constrained gains in
// float). Ours are given by name where XGBoost's are by position, so the
// names are checked to land on the right features. Both sides train in this run.
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { join } from 'node:path';
import { test } from 'node:test';
import { fileURLToPath } from 'node:url';
import { losslessMaxBin } from './data.mjs';

const root = fileURLToPath(new URL('../../', import.meta.url));
const data = (f) => join(root, 'tests/data', f);
const CLI = join(root, 'build/native/boostlab-cli');
const PYTHON = join(root, 'build/venv-xgb3/bin/python');
const relative = (a, b) => Math.abs(a - b) / Math.abs(b);

const sets = {
  auto_mpg: { csv: 'auto_mpg.csv', target: 'Miles_per_Gallon', ignore: ['Name'], metric: 'rmse', objective: 'reg:squarederror' },
  spam: { csv: 'spam.csv', target: 'type', ignore: [], metric: 'logloss', objective: 'binary:logistic' },
};

function ours(set, params) {
  const args = ['train', '--csv', data(set.csv), '--target', set.target, '--valid-idx', data(set.csv.replace('.csv', '.valid_idx.txt')),
    '--params', JSON.stringify(params)];
  if (set.ignore.length) args.push('--ignore', set.ignore.join(','));
  return execFileSync(CLI, args, { maxBuffer: 1 << 26 }).toString().trim().split('\n').map((l) => JSON.parse(l)).filter((l) => l.round);
}
function theirs(set, params) {
  const out = execFileSync(PYTHON, [join(root, 'tests/parity/xgb_reference.py'), data(set.csv), set.target,
    data(set.csv.replace('.csv', '.valid_idx.txt')), JSON.stringify(params), set.ignore.join(',')], { maxBuffer: 1 << 26 });
  return JSON.parse(out.toString().trim().split('\n').at(-1));
}

// `mine` and `xgb` hold each side's way of writing the same constraints.
function same(name, mine, xgb, more = {}) {
  const set = sets[name];
  const base = { objective: set.objective, eta: 0.3, max_depth: 4, rounds: 30, eval_metric: set.metric,
    max_bin: Math.max(256, losslessMaxBin(data(set.csv), set.target, set.ignore) + 1), ...more };
  const here = ours(set, { ...base, ...mine }), there = theirs(set, { ...base, ...xgb });
  assert.equal(there.version, '3.2.0');
  here.forEach((r, i) => {
    for (const side of ['train', 'valid'])
      assert.ok(relative(r[side][set.metric], there[side][set.metric][i]) <= 1e-6,
        `round ${i + 1}: ${side} ${set.metric} ${r[side][set.metric]} here, ${there[side][set.metric][i]} there`);
  });
  // The constraint changed the model (else the test shows nothing).
  const free = ours(set, base);
  assert.ok(relative(free.at(-1).train[set.metric], here.at(-1).train[set.metric]) > 1e-4, 'the constraint changed nothing');
}

test('monotone_constraints by name give each round of XGBoost 3.2\'s by position (auto_mpg: lighter, weaker, newer cars go further)', () => {
  same('auto_mpg', { monotone_constraints: JSON.stringify({ Horsepower: -1, Weight_in_lbs: -1, Year: 1 }) },
    { monotone_constraints: '(0,0,-1,-1,0,1,0)' });
});

test('monotone_constraints on spam (binary:logistic, lossguide, lambda and min_child_weight) as XGBoost 3.2', () => {
  same('spam', { monotone_constraints: '[1,0,0,0,1,0,-1,1]' }, { monotone_constraints: '(1,0,0,0,1,0,-1,1)' },
    { grow_policy: 'lossguide', max_leaves: 12, max_depth: 0, lambda: 2, min_child_weight: 3, rounds: 20 });
});

test('interaction_constraints by name give each round of XGBoost 3.2\'s by position', () => {
  same('auto_mpg', { interaction_constraints: JSON.stringify([['Cylinders', 'Displacement'], ['Horsepower', 'Weight_in_lbs', 'Year'], ['Acceleration', 'Origin']]) },
    { interaction_constraints: '[[0,1],[2,3,5],[4,6]]' });
  same('spam', { interaction_constraints: '[[0,1,2,3,4,5,6,7,8,9],[10,20,30,40,50],[51,52,53,54,55,56]]' },
    { interaction_constraints: '[[0,1,2,3,4,5,6,7,8,9],[10,20,30,40,50],[51,52,53,54,55,56]]' }, { rounds: 15 });
});

test('both constraints together, as XGBoost 3.2', () => {
  same('auto_mpg', { interaction_constraints: '[[2,3],[5,6]]', monotone_constraints: '(0,0,-1,-1,0,1,0)' },
    { interaction_constraints: '[[2,3],[5,6]]', monotone_constraints: '(0,0,-1,-1,0,1,0)' });
});
