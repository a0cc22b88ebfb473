// BoostLab against XGBoost 1.7.4 (Debian python3-xgboost) on the same rows and
// parameters. Our side is the native CLI; both sides train in this run.
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { test } from 'node:test';
import { fileURLToPath } from 'node:url';
import { losslessMaxBin, weightedCopy } from './data.mjs';

const root = fileURLToPath(new URL('../../', import.meta.url));
const data = (f) => join(root, 'tests/data', f);
const CLI = join(root, 'build/native/boostlab-cli');
const PYTHON = '/usr/bin/python3';  // the interpreter that sees Debian's packages

// `file` trains on another CSV (a weighted copy) with the same rows and split.
function ours(csv, target, params, { ignore = [], modelOut, weight, file = data(`${csv}.csv`) } = {}) {
  const args = ['train', '--csv', file, '--target', target, '--valid-idx', data(`${csv}.valid_idx.txt`),
    '--params', JSON.stringify(params)];
  if (ignore.length) args.push('--ignore', ignore.join(','));
  if (weight) args.push('--weight', weight);
  if (modelOut) args.push('--model-out', modelOut);
  const lines = execFileSync(CLI, args, { maxBuffer: 1 << 26 }).toString().trim().split('\n').map((l) => JSON.parse(l));
  return lines.filter((l) => l.round);
}

function theirs(csv, target, params, ignore = [], { weight = '', file = data(`${csv}.csv`) } = {}) {
  const out = execFileSync(PYTHON, [join(root, 'tests/parity/xgb_reference.py'), file, target,
    data(`${csv}.valid_idx.txt`), JSON.stringify(params), ignore.join(','), weight], { maxBuffer: 1 << 26 });
  return JSON.parse(out.toString());
}

function trainMean(csv, target) {
  const rows = readFileSync(data(`${csv}.csv`), 'utf8').trim().split('\n').map((l) => l.split(','));
  const c = rows.shift().indexOf(target);
  const valid = new Set(readFileSync(data(`${csv}.valid_idx.txt`), 'utf8').trim().split('\n').map(Number));
  const ys = rows.filter((_, i) => !valid.has(i)).map((r) => Number(r[c]));
  return ys.reduce((a, b) => a + b, 0) / ys.length;
}

const relative = (a, b) => Math.abs(a - b) / Math.abs(b);

const LOSSLESS = [
  { csv: 'spam', target: 'type', metric: 'logloss', params: { objective: 'binary:logistic', base_score: 0.394 } },
  { csv: 'letter', target: 'lettr', metric: 'mlogloss', params: { objective: 'multi:softprob', num_class: 26, base_score: 0.5 } },
  { csv: 'auto_mpg', target: 'Miles_per_Gallon', metric: 'rmse', ignore: ['Name'], params: { objective: 'reg:squarederror', base_score: 23.5 } },
];

for (const c of LOSSLESS) {
  test(`lossless binning, ${c.csv}: every round's train ${c.metric} and the final valid ${c.metric} within 0.5 % of XGBoost hist`, () => {
    const ignore = c.ignore ?? [];
    const params = { ...c.params, eta: 0.3, max_depth: 6, rounds: 100, eval_metric: c.metric,
      max_bin: Math.max(256, losslessMaxBin(data(`${c.csv}.csv`), c.target, ignore) + 1) };
    const mine = ours(c.csv, c.target, params, { ignore });
    const ref = theirs(c.csv, c.target, { ...params }, ignore);
    assert.equal(ref.version, '1.7.4');
    assert.equal(mine.length, 100);
    let worst = 0;
    mine.forEach((r, i) => { worst = Math.max(worst, relative(r.train[c.metric], ref.train[c.metric][i])); });
    assert.ok(worst <= 0.005, `worst per-round train ${c.metric} difference ${(worst * 100).toFixed(3)} %`);
    const v = relative(mine.at(-1).valid[c.metric], ref.valid[c.metric].at(-1));
    assert.ok(v <= 0.005, `final valid ${c.metric}: ours ${mine.at(-1).valid[c.metric]}, XGBoost ${ref.valid[c.metric].at(-1)}`);
  });
}

// Sample weights, as XGBoost's DMatrix(weight=): they scale g and h and weigh every metric.
for (const c of LOSSLESS.filter((c) => c.csv !== 'letter')) {
  test(`sample weights (a weight column), lossless binning, ${c.csv}: every round's weighted train ${c.metric} and the final valid ${c.metric} within 0.5 % of XGBoost hist`, () => {
    const ignore = c.ignore ?? [];
    const file = weightedCopy(data(`${c.csv}.csv`));
    const params = { ...c.params, eta: 0.3, max_depth: 6, rounds: 100, eval_metric: c.metric,
      max_bin: Math.max(256, losslessMaxBin(data(`${c.csv}.csv`), c.target, ignore) + 1) };
    const mine = ours(c.csv, c.target, params, { ignore, weight: 'w', file });
    const ref = theirs(c.csv, c.target, { ...params }, ignore, { weight: 'w', file });
    const plain = theirs(c.csv, c.target, { ...params }, ignore);
    assert.equal(mine.length, 100);
    let worst = 0;
    mine.forEach((r, i) => { worst = Math.max(worst, relative(r.train[c.metric], ref.train[c.metric][i])); });
    assert.ok(worst <= 0.005, `worst per-round train ${c.metric} difference ${(worst * 100).toFixed(3)} %`);
    // The weights matter: unweighted XGBoost is far from both.
    assert.ok(relative(plain.train[c.metric][5], ref.train[c.metric][5]) > 0.01, 'weights changed nothing');
    const v = relative(mine.at(-1).valid[c.metric], ref.valid[c.metric].at(-1));
    assert.ok(v <= 0.005, `final valid ${c.metric}: ours ${mine.at(-1).valid[c.metric]}, XGBoost ${ref.valid[c.metric].at(-1)}`);
  });
}

const DEFAULT_BINNING = [
  { csv: 'diamonds', target: 'price' },
  { csv: 'gapminder', target: 'life_expectancy' },
];

for (const c of DEFAULT_BINNING) {
  test(`default binning, ${c.csv}: final valid rmse no worse than XGBoost's (native categoricals) by more than 1 %`, () => {
    const params = { eta: 0.1, max_depth: 6, rounds: 100, max_bin: 256, eval_metric: 'rmse', base_score: trainMean(c.csv, c.target) };
    const mine = ours(c.csv, c.target, params).at(-1).valid.rmse;
    const ref = theirs(c.csv, c.target, { ...params }).valid.rmse.at(-1);
    assert.ok(mine <= ref * 1.01, `ours ${mine}, XGBoost ${ref}`);
  });
}

test('1 thread and 2 threads write byte-identical models', () => {
  const dir = mkdtempSync(join(tmpdir(), 'boostlab-'));
  const params = { eta: 0.1, rounds: 20, subsample: 0.8, colsample_bynode: 0.7, seed: 5 };
  ours('diamonds', 'price', { ...params, nthread: 1 }, { modelOut: join(dir, 'one.json') });
  ours('diamonds', 'price', { ...params, nthread: 2 }, { modelOut: join(dir, 'two.json') });
  const one = readFileSync(join(dir, 'one.json'), 'utf8');
  assert.ok(one.length > 10000);
  assert.equal(one, readFileSync(join(dir, 'two.json'), 'utf8'));
});
