// Models leave for XGBoost: every dataset in tests/data, every algorithm that
// has an XGBoost form, trained by the native CLI, exported as XGBoost JSON,
// loaded by Debian's XGBoost 1.7.4, which must predict the margins we predict
// (within 1e-5 relative) on every row, missing values and categories included.
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { test } from 'node:test';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('../../', import.meta.url));
const CLI = join(root, 'build/native/boostlab-cli');
const PYTHON = '/usr/bin/python3';  // the interpreter that sees Debian's packages
const dir = mkdtempSync(join(tmpdir(), 'boostlab-x-'));

const DATA = [
  { csv: 'auto_mpg', target: 'Miles_per_Gallon', ignore: ['Name'] },
  { csv: 'diamonds', target: 'price' },      // categorical features
  { csv: 'gapminder', target: 'life_expectancy' },  // a 185-level category, missing cells
  { csv: 'spam', target: 'type' },           // binary
  { csv: 'letter', target: 'lettr' },        // 26 classes
];
// Each algorithm with its objectives: every one XGBoost has a form for.
const RUNS = [
  { algorithm: 'xgboost' },
  { algorithm: 'xgboost', objective: 'reg:absoluteerror', task: 'regression' },
  { algorithm: 'xgboost', objective: 'reg:pseudohubererror', task: 'regression' },
  { algorithm: 'xgboost', objective: 'count:poisson', task: 'regression' },
  { algorithm: 'xgboost', objective: 'multi:softmax', task: 'multiclass', num_class: 26 },
  { algorithm: 'gbdt' },
  { algorithm: 'gbdt', objective: 'reg:huber', task: 'regression' },
  { algorithm: 'gbdt', objective: 'binary:exponential', task: 'binary' },
  { algorithm: 'random_forest' },
  { algorithm: 'adaboost' },
];
const TASKS = { auto_mpg: 'regression', diamonds: 'regression', gapminder: 'regression', spam: 'binary', letter: 'multiclass' };

const cli = (args) => execFileSync(CLI, args, { maxBuffer: 1 << 28 }).toString();

for (const d of DATA) {
  for (const run of RUNS) {
    if (run.task && run.task !== TASKS[d.csv]) continue;
    if (run.algorithm === 'adaboost' && TASKS[d.csv] === 'regression') continue;  // AdaBoost.R2 is refused, below
    const name = `${run.algorithm}${run.objective ? ` ${run.objective}` : ''} on ${d.csv}`;
    test(`XGBoost 1.7.4 loads the exported model of ${name} and predicts our margins`, () => {
      const csv = join(root, 'tests/data', `${d.csv}.csv`);
      const params = { algorithm: run.algorithm, rounds: d.csv === 'letter' ? 4 : 12, max_depth: 4, seed: 1,
        ...(run.objective ? { objective: run.objective } : {}), ...(run.num_class ? { num_class: run.num_class } : {}) };
      const model = join(dir, `${d.csv}-${run.algorithm}-${run.objective ?? 'default'}.json`);
      cli(['train', '--csv', csv, '--target', d.target, '--ignore', (d.ignore ?? []).join(','), '--params', JSON.stringify(params), '--model-out', model]);
      const xgbFile = `${model}.xgb.json`;
      writeFileSync(xgbFile, cli(['export-xgboost', '--model', model]));
      const ours = cli(['predict', '--model', model, '--csv', csv, '--margin', '1']).trim().split('\n').map(Number);
      const theirs = JSON.parse(execFileSync(PYTHON, [join(root, 'tests/parity/xgb_load_predict.py'), xgbFile, csv], { maxBuffer: 1 << 28 }).toString());
      assert.equal(theirs.version, '1.7.4');
      // binary:exponential leaves as logistic's 2F: the same probability, twice the margin.
      const scale = run.objective === 'binary:exponential' ? 2 : 1;
      assert.equal(theirs.margins.length, ours.length);
      let worst = 0, at = 0;
      ours.forEach((v, i) => {
        const e = Math.abs(scale * v - theirs.margins[i]) / Math.max(1, Math.abs(scale * v));
        if (e > worst) { worst = e; at = i; }
      });
      assert.ok(worst <= 1e-5, `${name}: value ${at}: ours ${scale * ours[at]}, XGBoost ${theirs.margins[at]} (relative ${worst})`);
    });
  }
}

test('an AdaBoost.R2 model has no XGBoost form and says why', () => {
  const csv = join(root, 'tests/data/auto_mpg.csv');
  const model = join(dir, 'r2.json');
  cli(['train', '--csv', csv, '--target', 'Miles_per_Gallon', '--ignore', 'Name', '--params', '{"algorithm":"adaboost","rounds":3}', '--model-out', model]);
  assert.throws(() => execFileSync(CLI, ['export-xgboost', '--model', model], { stdio: 'pipe' }), (e) => {
    const err = JSON.parse(e.stderr.toString()).error;
    return err.code === 'XGBOOST_UNSUPPORTED' && /weighted median/.test(err.message);
  });
});

test('the exported file keeps XGBoost\'s types: strings for parameters, floats with a point or exponent', () => {
  const csv = join(root, 'tests/data/diamonds.csv');
  const model = join(dir, 'types.json');
  cli(['train', '--csv', csv, '--target', 'price', '--params', '{"rounds":2,"max_depth":3}', '--model-out', model]);
  const text = cli(['export-xgboost', '--model', model]);
  const doc = JSON.parse(text);
  for (const v of Object.values(doc.learner.learner_model_param)) assert.equal(typeof v, 'string');
  const tree = doc.learner.gradient_booster.model.trees[0];
  const raw = text.slice(text.indexOf('"split_conditions":[') + 20);
  for (const token of raw.slice(0, raw.indexOf(']')).split(',')) assert.match(token, /[.eE]/, `a float spelled ${token}`);
  assert.ok(tree.sum_hessian[0] > 0, 'covers are real');
  assert.deepEqual(doc.learner.feature_types.filter((t) => t === 'c').length, 3, 'cut, color, clarity are categorical');
  readFileSync(model);
});
