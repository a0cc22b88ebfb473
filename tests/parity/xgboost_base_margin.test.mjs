// A starting margin a row (XGBoost's base_margin: an offset, here the log of
// each car's weight over 3,000, as an exposure would be): training and its
// metrics start each row there, for count:poisson, reg:tweedie and squared
// error, every round equal to XGBoost 3.2's with base_margin on its train and
// valid DMatrix. Predictions with the same offsets are the trees' sum plus
// them. Both sides train in this run.
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { test } from 'node:test';
import { fileURLToPath } from 'node:url';
import { losslessMaxBin } from './data.mjs';

const root = fileURLToPath(new URL('../../', import.meta.url));
const CLI = join(root, 'build/native/boostlab-cli');
const PYTHON3X = join(root, 'build/venv-xgb3/bin/python');
const VALID = join(root, 'tests/data/auto_mpg.valid_idx.txt');
const dir = mkdtempSync(join(tmpdir(), 'boostlab-bm-'));
const csv = join(dir, 'auto_mpg_offset.csv');
{
  const [header, ...rows] = readFileSync(join(root, 'tests/data/auto_mpg.csv'), 'utf8').trim().split('\n');
  const w = header.split(',').indexOf('Weight_in_lbs');
  writeFileSync(csv, [`${header},offset`, ...rows.map((r) => `${r},${Math.log(Number(r.split(',')[w]) / 3000).toFixed(6)}`)].join('\n') + '\n');
}
const MAX_BIN = Math.max(256, losslessMaxBin(csv, 'Miles_per_Gallon', ['Name', 'offset']) + 1);
const cli = (args) => execFileSync(CLI, args, { maxBuffer: 1 << 26, stdio: 'pipe' }).toString().trim().split('\n');
const relative = (a, b) => Math.abs(a - b) / Math.max(1e-12, Math.abs(b));

for (const objective of ['count:poisson', 'reg:tweedie', 'reg:squarederror']) {
  test(`${objective} with a base margin column: every round's train and valid metric as XGBoost 3.2's with base_margin`, () => {
    const params = { objective, eta: 0.3, max_depth: 4, rounds: 20, max_bin: MAX_BIN };
    const mine = cli(['train', '--csv', csv, '--target', 'Miles_per_Gallon', '--ignore', 'Name', '--base-margin', 'offset', '--valid-idx', VALID,
      '--params', JSON.stringify(params)]).map((l) => JSON.parse(l)).filter((l) => l.round);
    const ref = JSON.parse(execFileSync(PYTHON3X, [join(root, 'tests/parity/xgb_reference.py'), csv, 'Miles_per_Gallon', VALID, JSON.stringify(params),
      'Name', '', 'offset'], { maxBuffer: 1 << 26 }).toString().trim().split('\n').at(-1));
    assert.equal(ref.version, '3.2.0');
    const metric = Object.keys(ref.train).at(-1);
    mine.forEach((r, i) => {
      for (const side of ['train', 'valid'])
        assert.ok(relative(r[side][metric], ref[side][metric][i]) <= 1e-6, `round ${i + 1}: ${side} ${metric} ${r[side][metric]} here, ${ref[side][metric][i]} there`);
    });
    // The offsets matter: without them, another first round.
    const plain = JSON.parse(execFileSync(PYTHON3X, [join(root, 'tests/parity/xgb_reference.py'), csv, 'Miles_per_Gallon', VALID, JSON.stringify(params),
      'Name,offset'], { maxBuffer: 1 << 26 }).toString().trim().split('\n').at(-1));
    assert.ok(relative(plain.train[metric][0], mine[0].train[metric]) > 1e-4, 'the base margin changed nothing');
  });
}

// Several outputs, a margin column each: penguins' three classes (multi:softprob) and three quantiles
// listed out of order, each row starting at its own margins (a smooth function of the row's position).
const penguins = join(dir, 'penguins_margins.csv');
const penguinsValid = join(dir, 'penguins.valid_idx.txt');
{
  const [header, ...all] = readFileSync(join(root, 'tests/data/penguins.csv'), 'utf8').trim().split('\n');
  const mass = header.split(',').indexOf('body_mass_g');
  const rows = all.filter((r) => r.split(',')[mass] !== 'NA');  // a target on every row
  writeFileSync(penguins, [`${header},m0,m1,m2`, ...rows.map((r, i) => `${r},${[1, 2, 3].map((k) => (0.6 * Math.sin(i * k * 0.37)).toFixed(6)).join(',')}`)].join('\n') + '\n');
  writeFileSync(penguinsValid, rows.map((_, i) => i).filter((i) => i % 5 === 2).join('\n') + '\n');
}
for (const c of [
  { what: 'multi:softprob, a margin column a class', target: 'species', params: { objective: 'multi:softprob', num_class: 3 } },
  { what: 'three quantiles, a margin column each', target: 'body_mass_g', params: { objective: 'reg:quantileerror', quantile_alpha: [0.9, 0.1, 0.5] } },
]) {
  test(`${c.what}: every round's train and valid metric as XGBoost 3.2's with base_margin of shape (rows, outputs)`, () => {
    const maxBin = Math.max(256, losslessMaxBin(penguins, c.target, ['m0', 'm1', 'm2', 'species', 'island', 'sex']) + 1);
    const params = { ...c.params, eta: 0.3, max_depth: 3, rounds: 10, max_bin: maxBin };
    const ignore = c.target === 'species' ? '' : 'species';
    const mine = cli(['train', '--csv', penguins, '--target', c.target, '--task', c.target === 'species' ? 'multiclass' : 'regression',
      ...(ignore ? ['--ignore', ignore] : []), '--base-margin', 'm0,m1,m2', '--valid-idx', penguinsValid, '--params', JSON.stringify(params)])
      .map((l) => JSON.parse(l)).filter((l) => l.round);
    const ref = JSON.parse(execFileSync(PYTHON3X, [join(root, 'tests/parity/xgb_reference.py'), penguins, c.target, penguinsValid, JSON.stringify(params),
      ignore, '', 'm0,m1,m2'], { maxBuffer: 1 << 26 }).toString().trim().split('\n').at(-1));
    const metric = Object.keys(ref.train).at(-1);
    assert.equal(mine.length, 10);
    mine.forEach((r, i) => {
      for (const side of ['train', 'valid'])
        assert.ok(relative(r[side][metric], ref[side][metric][i]) <= 1e-6, `round ${i + 1}: ${side} ${metric} ${r[side][metric]} here, ${ref[side][metric][i]} there`);
    });
    const plain = JSON.parse(execFileSync(PYTHON3X, [join(root, 'tests/parity/xgb_reference.py'), penguins, c.target, penguinsValid, JSON.stringify(params),
      [ignore, 'm0', 'm1', 'm2'].filter(Boolean).join(',')], { maxBuffer: 1 << 26 }).toString().trim().split('\n').at(-1));
    assert.ok(relative(plain.train[metric][0], mine[0].train[metric]) > 1e-4, 'the base margins changed nothing');
  });
}

test('predictions with the base margins are the trees\' sum started at each row\'s margin; a forest and several outputs refuse them', () => {
  const model = join(dir, 'poisson.json');
  cli(['train', '--csv', csv, '--target', 'Miles_per_Gallon', '--ignore', 'Name', '--base-margin', 'offset', '--params',
    JSON.stringify({ objective: 'count:poisson', rounds: 10 }), '--model-out', model]);
  const f0 = JSON.parse(readFileSync(model, 'utf8')).base_margin[0];
  const plain = cli(['predict', '--model', model, '--csv', csv, '--margin', '1']).map(Number);
  const started = cli(['predict', '--model', model, '--csv', csv, '--margin', '1', '--base-margin', 'offset']).map(Number);
  const offsets = readFileSync(csv, 'utf8').trim().split('\n').slice(1).map((l) => Number(l.split(',').at(-1)));
  started.forEach((v, i) => assert.ok(Math.abs(v - (plain[i] - f0 + offsets[i])) <= 1e-4 * Math.max(1, Math.abs(v)), `row ${i}: ${v}`));
  const refused = (params, pattern) => assert.throws(() => cli(['train', '--csv', csv, '--target', 'Miles_per_Gallon', '--ignore', 'Name',
    '--base-margin', 'offset', '--params', JSON.stringify(params)]), (e) => pattern.test(e.stdout.toString() + e.stderr.toString()));
  refused({ algorithm: 'random_forest' }, /does not add trees to a margin/);
  refused({ objective: 'reg:quantileerror', quantile_alpha: [0.1, 0.9] }, /1 base margin column gives each row 1 starting margin; reg:quantileerror has 2 outputs: give one column each/);
});
