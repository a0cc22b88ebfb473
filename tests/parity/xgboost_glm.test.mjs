// reg:gamma and reg:tweedie (log link: F = ln mu, the prediction e^F) against
// XGBoost 3.2 (build/venv-xgb3) on the same rows and parameters, lossless
// binning: each round's train and valid metric (gamma-deviance, the default
// tweedie-nloglik@rho, gamma-nloglik) equal, and the intercept the log of the
// mean label as XGBoost 3's. Both sides train in this run.
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { test } from 'node:test';
import { fileURLToPath } from 'node:url';
import { losslessMaxBin } from './data.mjs';

const root = fileURLToPath(new URL('../../', import.meta.url));
const data = (f) => join(root, 'tests/data', f);
const CLI = join(root, 'build/native/boostlab-cli');
const PYTHON = join(root, 'build/venv-xgb3/bin/python');
const relative = (a, b) => Math.abs(a - b) / Math.max(Math.abs(b), 1e-12);

const sets = {
  auto_mpg: { csv: 'auto_mpg.csv', target: 'Miles_per_Gallon', ignore: ['Name'] },
  diamonds: { csv: 'diamonds.csv', target: 'price', ignore: [] },
};

function both(name, params) {
  const set = sets[name];
  const valid = data(set.csv.replace('.csv', '.valid_idx.txt'));
  const all = { eta: 0.3, max_depth: 4, rounds: 25, max_bin: Math.max(256, losslessMaxBin(data(set.csv), set.target, set.ignore) + 1), ...params };
  const args = ['train', '--csv', data(set.csv), '--target', set.target, '--valid-idx', valid, '--params', JSON.stringify(all)];
  if (set.ignore.length) args.push('--ignore', set.ignore.join(','));
  const here = execFileSync(CLI, args, { maxBuffer: 1 << 26 }).toString().trim().split('\n').map((l) => JSON.parse(l)).filter((l) => l.round);
  const there = JSON.parse(execFileSync(PYTHON, [join(root, 'tests/parity/xgb_reference.py'), data(set.csv), set.target, valid,
    JSON.stringify(all), set.ignore.join(',')], { maxBuffer: 1 << 26 }).toString().trim().split('\n').at(-1));
  assert.equal(there.version, '3.2.0');
  return { here, there };
}

function same({ here, there }, metric) {
  assert.deepEqual(Object.keys(here[0].train), [metric], 'the metric reported');
  assert.ok(there.train[metric], `XGBoost reports ${metric}`);
  here.forEach((r, i) => {
    for (const side of ['train', 'valid'])
      assert.ok(relative(r[side][metric], there[side][metric][i]) <= 1e-6,
        `round ${i + 1}: ${side} ${metric} ${r[side][metric]} here, ${there[side][metric][i]} there`);
  });
  assert.ok(here.at(-1).train[metric] < here[0].train[metric], 'it learns');
}

test('reg:gamma: each round\'s gamma-deviance (its default metric) as XGBoost 3.2\'s, on auto_mpg and diamonds\' prices', () => {
  same(both('auto_mpg', { objective: 'reg:gamma' }), 'gamma-deviance');
  same(both('diamonds', { objective: 'reg:gamma', rounds: 15 }), 'gamma-deviance');
  same(both('auto_mpg', { objective: 'reg:gamma', eval_metric: 'gamma-nloglik' }), 'gamma-nloglik');
});

test('reg:tweedie: each round\'s tweedie-nloglik@rho as XGBoost 3.2\'s, at the default power and at 1.2', () => {
  same(both('auto_mpg', { objective: 'reg:tweedie' }), 'tweedie-nloglik@1.5');
  same(both('auto_mpg', { objective: 'reg:tweedie', tweedie_variance_power: 1.2 }), 'tweedie-nloglik@1.2');
  same(both('diamonds', { objective: 'reg:tweedie', tweedie_variance_power: 1.8, rounds: 15 }), 'tweedie-nloglik@1.8');
});

test('their refusals: a gamma target at or below 0, a power of 2, a tweedie metric\'s power out of range', () => {
  const fails = (args, pattern) => assert.throws(() => execFileSync(CLI, args, { stdio: 'pipe' }),
    (e) => pattern.test(e.stdout.toString() + e.stderr.toString()));
  const auto = ['train', '--csv', data('auto_mpg.csv'), '--target', 'Miles_per_Gallon', '--ignore', 'Name'];
  fails([...auto, '--params', JSON.stringify({ objective: 'reg:tweedie', tweedie_variance_power: 2 })], /up to, not including, 2 \(that is reg:gamma\)/);
  fails([...auto, '--params', JSON.stringify({ objective: 'reg:tweedie', eval_metric: 'tweedie-nloglik@2.5' })], /tweedie-nloglik@rho with rho from 1/);
  const zero = join(mkdtempSync(join(tmpdir(), 'boostlab-gamma-')), 'zero.csv');
  writeFileSync(zero, 'x,y\n1,2\n2,0\n3,4\n4,5\n');
  fails(['train', '--csv', zero, '--target', 'y', '--params', JSON.stringify({ objective: 'reg:gamma', rounds: 1 })],
    /reg:gamma needs positive amounts \(labels > 0\); data row \d+ has 0/);
});
