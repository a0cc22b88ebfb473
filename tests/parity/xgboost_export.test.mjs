// Models leave for XGBoost and come back: every dataset in tests/data, every
// algorithm that has an XGBoost form, trained by the native CLI, exported as
// XGBoost JSON and as its UBJSON, and loaded by Debian's XGBoost 1.7.4 and by XGBoost 3.2
// (PyPI, build/venv-xgb3), which must predict the margins we predict (within
// 1e-5 relative) on every row, missing values and categories included; and
// models XGBoost trained or saved (JSON and UBJSON), read here.
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { test } from 'node:test';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('../../', import.meta.url));
const CLI = join(root, 'build/native/boostlab-cli');
const PYTHON = '/usr/bin/python3';  // the interpreter that sees Debian's packages (XGBoost 1.7.4)
// XGBoost 3.x from PyPI, in the virtual environment scripts/setup.sh makes.
const PYTHON3X = join(root, 'build/venv-xgb3/bin/python');
const REFS = [{ version: '1.7.4', python: PYTHON }, { version: '3.2.0', python: PYTHON3X }];
const dir = mkdtempSync(join(tmpdir(), 'boostlab-x-'));

const DATA = [
  { csv: 'auto_mpg', target: 'Miles_per_Gallon', ignore: ['Name'] },
  { csv: 'diamonds', target: 'price' },      // categorical features
  { csv: 'gapminder', target: 'life_expectancy' },  // a 185-level category, missing cells
  { csv: 'spam', target: 'type' },           // binary
  { csv: 'letter', target: 'lettr', classes: 26 },
  // 3 classes, categories with gaps: a forest parts missing from present `sex` (an empty category set)
  { csv: 'penguins', target: 'species', classes: 3 },
  // Two classes with categories and missing values: penguins' species as Adelie or not (made below).
  { csv: 'penguins_adelie', target: 'adelie', file: join(dir, 'penguins_adelie.csv') },
];
{
  const [header, ...rows] = readFileSync(join(root, 'tests/data/penguins.csv'), 'utf8').trimEnd().split('\n');
  writeFileSync(join(dir, 'penguins_adelie.csv'), [header.replace(/^species/, 'adelie'),
    ...rows.map((r) => r.replace(/^[^,]*/, (s) => (s === 'Adelie' ? 'yes' : 'no')))].join('\n') + '\n');
}
// Each algorithm with its objectives: every one XGBoost has a form for.
const RUNS = [
  { algorithm: 'xgboost' },
  { algorithm: 'xgboost', objective: 'reg:absoluteerror', task: 'regression' },
  { algorithm: 'xgboost', objective: 'reg:pseudohubererror', task: 'regression' },
  { algorithm: 'xgboost', objective: 'count:poisson', task: 'regression' },
  { algorithm: 'xgboost', objective: 'reg:gamma', task: 'regression' },
  { algorithm: 'xgboost', objective: 'reg:tweedie', task: 'regression', params: { tweedie_variance_power: 1.3 } },
  { algorithm: 'xgboost', objective: 'multi:softmax', task: 'multiclass' },
  { algorithm: 'gbdt' },
  { algorithm: 'gbdt', objective: 'reg:huber', task: 'regression' },
  { algorithm: 'gbdt', objective: 'binary:exponential', task: 'binary' },
  { algorithm: 'random_forest' },
  { algorithm: 'adaboost' },
  // The lecture notes' conventions: half SAMME's votes (objective binary:/multi:adaboost), stumps of least weighted error.
  { algorithm: 'adaboost', params: { vote: 'freund_schapire', split_criterion: 'error' } },
];
const TASKS = { auto_mpg: 'regression', diamonds: 'regression', gapminder: 'regression', spam: 'binary', letter: 'multiclass', penguins: 'multiclass', penguins_adelie: 'binary' };

const cli = (args) => execFileSync(CLI, args, { maxBuffer: 1 << 28 }).toString();
// XGBoost logs its warnings to stdout: a script's result is its last line.
const lastLine = (out) => out.toString().trim().split('\n').at(-1);

function assertSameMargins(theirs, ours, what) {
  assert.equal(ours.length, theirs.length, what);
  let worst = 0, at = 0;
  theirs.forEach((v, i) => {
    const e = Math.abs(v - ours[i]) / Math.max(1, Math.abs(v));
    if (e > worst) { worst = e; at = i; }
  });
  assert.ok(worst <= 1e-5, `${what}: value ${at}: ${theirs[at]} against ${ours[at]} (relative ${worst})`);
}

for (const d of DATA) {
  for (const run of RUNS) {
    if (run.task && run.task !== TASKS[d.csv]) continue;
    if (run.algorithm === 'adaboost' && TASKS[d.csv] === 'regression') continue;  // AdaBoost.R2 is refused, below
    const name = `${run.algorithm}${run.objective ? ` ${run.objective}` : ''}${run.params ? ` ${JSON.stringify(run.params)}` : ''} on ${d.csv}`;
    test(`XGBoost 1.7.4 and 3.2 load the exported model of ${name} and predict our margins and probabilities`, () => {
      const csv = d.file ?? join(root, 'tests/data', `${d.csv}.csv`);
      const params = { algorithm: run.algorithm, rounds: d.csv === 'letter' ? 4 : 12, max_depth: 4, seed: 1,
        ...(run.objective ? { objective: run.objective } : {}), ...(run.objective === 'multi:softmax' ? { num_class: d.classes } : {}), ...run.params };
      const model = join(dir, `${d.csv}-${run.algorithm}-${run.objective ?? 'default'}${run.params ? '-notes' : ''}.json`);
      cli(['train', '--csv', csv, '--target', d.target, '--ignore', (d.ignore ?? []).join(','), '--params', JSON.stringify(params), '--model-out', model]);
      const xgbFile = `${model}.xgb.json`;
      writeFileSync(xgbFile, cli(['export-xgboost', '--model', model]));
      // And as XGBoost's UBJSON, which both versions read too (the tree columns as typed arrays of their own types).
      const ubjFile = `${model}.ubj`;
      writeFileSync(ubjFile, execFileSync(CLI, ['export-xgboost', '--model', model, '--format', 'ubj'], { maxBuffer: 1 << 28 }));
      const ours = cli(['predict', '--model', model, '--csv', csv, '--margin', '1']).trim().split('\n').map(Number);
      // What predict() gives by default, ours and theirs: the probabilities the page shows (a class index for multi:softmax).
      const probabilities = cli(['predict', '--model', model, '--csv', csv]).trim().split('\n').map(Number);
      // The same probabilities from a scaled margin: binary:exponential's as logistic's 2F, AdaBoost's
      // K classes' softmax(F / (K - 1)) as softprob's F / (K - 1); the notes' half votes count twice.
      const half = run.params?.vote === 'freund_schapire' ? 2 : 1;
      const scale = run.objective === 'binary:exponential' ? 2 : run.algorithm === 'adaboost' && TASKS[d.csv] === 'multiclass' ? half / (d.classes - 1)
        : run.algorithm === 'adaboost' ? half : 1;
      for (const ref of REFS) {
        const files = [xgbFile, ubjFile];
        const results = JSON.parse(lastLine(execFileSync(ref.python, [join(root, 'tests/parity/xgb_load_predict.py'), JSON.stringify(files), csv], { maxBuffer: 1 << 28 })));
        assert.equal(results.length, files.length);
        for (const [i, file] of files.entries()) {
          const theirs = results[i];
          assert.equal(theirs.version, ref.version);
          const how = `${name}, XGBoost ${ref.version}, ${file === ubjFile ? 'UBJSON' : 'JSON'}`;
          assertSameMargins(ours.map((v) => scale * v), theirs.margins, how);
          assertSameMargins(theirs.predictions, probabilities, `${how}, predict()`);
        }
      }
      // And back here: our reader takes our own export, in either format, and predicts what the model did.
      for (const file of [xgbFile, ubjFile]) {
        const back = cli(['predict', '--model', file, '--csv', csv]).trim().split('\n').map(Number);
        assertSameMargins(probabilities, back, `${name}, ${file === ubjFile ? 'UBJSON' : 'JSON'} read back here, predict()`);
      }
    });
  }
}

// Ranking models: their scores are margins; GBRank's trees (rescaled every round) are a plain sum.
for (const run of [{ objective: 'rank:ndcg' }, { objective: 'rank:pairwise' }, { algorithm: 'gbrank' }]) {
  const name = run.algorithm ?? run.objective;
  test(`XGBoost 1.7.4 and 3.2 load the exported ${name} model of the ranking data and predict our margins`, () => {
    const csv = join(root, 'tests/data/rank_train.csv');
    const model = join(dir, `rank-${name.replace(':', '-')}.json`);
    cli(['train', '--csv', csv, '--target', 'relevance', '--group', 'qid', '--params', JSON.stringify({ rounds: 8, max_depth: 4, ...run }), '--model-out', model]);
    const xgbFile = `${model}.xgb.json`;
    writeFileSync(xgbFile, cli(['export-xgboost', '--model', model]));
    const ours = cli(['predict', '--model', model, '--csv', csv, '--margin', '1']).trim().split('\n').map(Number);
    for (const ref of REFS) {
      const theirs = JSON.parse(lastLine(execFileSync(ref.python, [join(root, 'tests/parity/xgb_load_predict.py'), xgbFile, csv], { maxBuffer: 1 << 28 })));
      assert.equal(theirs.version, ref.version);
      assert.equal(theirs.num_trees, 8);
      assertSameMargins(ours, theirs.margins, `${name}, XGBoost ${ref.version}`);
    }
  });
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

test('XGBoost 3.2 codes a batch that lacks a level by name, and predicts there what we predict (JSON and UBJSON)', () => {
  // Penguins without Biscoe: pandas codes Dream 0 and Torgersen 1 there, 1 and 2 in the model.
  const csv = join(root, 'tests/data/penguins.csv');
  const model = join(dir, 'subset-levels.json');
  cli(['train', '--csv', csv, '--target', 'species', '--params', JSON.stringify({ rounds: 6, max_depth: 3, seed: 1, max_cat_to_onehot: 1 }), '--model-out', model]);
  writeFileSync(`${model}.xgb.json`, cli(['export-xgboost', '--model', model]));
  writeFileSync(`${model}.ubj`, execFileSync(CLI, ['export-xgboost', '--model', model, '--format', 'ubj'], { maxBuffer: 1 << 28 }));
  const lines = readFileSync(csv, 'utf8').trimEnd().split('\n');
  const island = lines[0].split(',').indexOf('island');
  const batch = join(dir, 'penguins-without-biscoe.csv');
  writeFileSync(batch, [lines[0], ...lines.slice(1).filter((l) => l.split(',')[island] !== 'Biscoe')].join('\n') + '\n');
  const ours = cli(['predict', '--model', model, '--csv', batch, '--margin', '1']).trim().split('\n').map(Number);
  for (const file of [`${model}.xgb.json`, `${model}.ubj`]) {
    const theirs = JSON.parse(lastLine(execFileSync(PYTHON3X, [join(root, 'tests/parity/xgb_subset_levels.py'), file, csv, 'island', 'Biscoe'], { maxBuffer: 1 << 28 })));
    assert.equal(theirs.version, '3.2.0');
    assert.deepEqual(theirs.levels, ['Dream', 'Torgersen']);
    assertSameMargins(ours, theirs.margins, `penguins without Biscoe, ${file.endsWith('.ubj') ? 'UBJSON' : 'JSON'}`);
  }
});

// ---- XGBoost's files, read here -------------------------------------------

const trainXgb = (python, csv, target, params, rounds, out, ignore = []) => JSON.parse(lastLine(execFileSync(python,
  [join(root, 'tests/parity/xgb_train_save.py'), 'train', join(root, 'tests/data', `${csv}.csv`), target, JSON.stringify(params), String(rounds), out, ignore.join(',')],
  { maxBuffer: 1 << 28 })));

const IMPORTS = [
  { csv: 'auto_mpg', target: 'Miles_per_Gallon', ignore: ['Name', 'Origin'], params: { max_depth: 4 } },
  { csv: 'auto_mpg', target: 'Miles_per_Gallon', ignore: ['Name', 'Origin'], params: { objective: 'reg:absoluteerror' } },
  { csv: 'auto_mpg', target: 'Miles_per_Gallon', ignore: ['Name', 'Origin'], params: { objective: 'reg:pseudohubererror', huber_slope: 2 } },
  { csv: 'auto_mpg', target: 'Miles_per_Gallon', ignore: ['Name', 'Origin'], params: { objective: 'count:poisson' } },
  { csv: 'auto_mpg', target: 'Miles_per_Gallon', ignore: ['Name', 'Origin'], params: { objective: 'reg:gamma' } },
  { csv: 'auto_mpg', target: 'Miles_per_Gallon', ignore: ['Name', 'Origin'], params: { objective: 'reg:tweedie', tweedie_variance_power: 1.3 } },
  { csv: 'spam', target: 'type', params: { objective: 'binary:logistic', max_depth: 5 } },
  { csv: 'letter', target: 'lettr', params: { objective: 'multi:softprob', num_class: 26 }, rounds: 3 },
  // Categories: XGBoost 3 names them in the file (1.7 keeps codes only: refused, below).
  { csv: 'diamonds', target: 'price', params: { max_depth: 5, max_cat_to_onehot: 1 }, only: '3.2.0' },
  { csv: 'gapminder', target: 'life_expectancy', params: { max_depth: 5 }, only: '3.2.0' },
  // DART: each tree's weight_drop goes into its leaves (XGBoost predicts the weighted sum).
  { csv: 'spam', target: 'type', params: { objective: 'binary:logistic', booster: 'dart', rate_drop: 0.3, one_drop: 1 } },
  { csv: 'letter', target: 'lettr', params: { objective: 'multi:softprob', num_class: 26, booster: 'dart', rate_drop: 0.3, normalize_type: 'forest' }, rounds: 3 },
];
for (const c of IMPORTS) {
  test(`a model XGBoost ${c.only ?? '1.7.4 or 3.2'} trained (${c.params.objective ?? 'reg:squarederror'}${c.params.booster === 'dart' ? ', dart' : ''} on ${c.csv}) predicts here what it predicts there`, () => {
    for (const ref of REFS.filter((r) => !c.only || r.version === c.only)) {
      const file = join(dir, `xgb${ref.version}-${c.csv}-${c.params.objective ?? 'default'}${c.params.booster ?? ''}.json`);
      const theirs = trainXgb(ref.python, c.csv, c.target, c.params, c.rounds ?? 10, file, c.ignore);
      assert.equal(theirs.version, ref.version);
      const data = join(root, 'tests/data', `${c.csv}.csv`);
      const ours = cli(['predict', '--model', file, '--csv', data, '--margin', '1']).trim().split('\n').map(Number);
      assertSameMargins(theirs.margins, ours, `${c.csv}, XGBoost ${ref.version}`);
      // The same model saved by XGBoost as UBJSON (its default format from 2.1, picked by the name's .ubj), read here too.
      const ubj = file.replace(/\.json$/, '.ubj');
      execFileSync(ref.python, [join(root, 'tests/parity/xgb_train_save.py'), 'resave', file, data, ubj], { maxBuffer: 1 << 28 });
      assert.equal(readFileSync(ubj)[1], 'L'.charCodeAt(0), 'XGBoost wrote UBJSON');
      const fromUbj = cli(['predict', '--model', ubj, '--csv', data, '--margin', '1']).trim().split('\n').map(Number);
      assertSameMargins(theirs.margins, fromUbj, `${c.csv}, XGBoost ${ref.version}'s UBJSON`);
    }
  });
}

test('there and back: our model, loaded and saved again by XGBoost, predicts as before here (categories kept by name)', () => {
  for (const [csv, target, params] of [['diamonds', 'price', { algorithm: 'gbdt', rounds: 6 }], ['letter', 'lettr', { rounds: 2 }], ['spam', 'type', { algorithm: 'random_forest', rounds: 5 }]]) {
    const data = join(root, 'tests/data', `${csv}.csv`);
    const model = join(dir, `back-${csv}.json`);
    cli(['train', '--csv', data, '--target', target, '--params', JSON.stringify(params), '--model-out', model]);
    writeFileSync(`${model}.xgb.json`, cli(['export-xgboost', '--model', model]));
    const before = cli(['predict', '--model', model, '--csv', data, '--margin', '1']).trim().split('\n').map(Number);
    for (const ref of REFS) {
      // XGBoost's own writer (it picks JSON by the name's .json).
      const back = `${model}.back-${ref.version}.json`;
      execFileSync(ref.python, [join(root, 'tests/parity/xgb_train_save.py'), 'resave', `${model}.xgb.json`, data, back], { maxBuffer: 1 << 28 });
      const after = cli(['predict', '--model', back, '--csv', data, '--margin', '1']).trim().split('\n').map(Number);
      assertSameMargins(before, after, `${csv} there and back, XGBoost ${ref.version}`);
    }
  }
});

test('XGBoost files this engine cannot represent are refused, naming what is missing', () => {
  const cases = [
    { params: { booster: 'gblinear' }, expect: /linear booster \(gblinear\)/ },
    { params: { objective: 'reg:squaredlogerror' }, expect: /objective 'reg:squaredlogerror' is not one this engine has/ },
    { params: {}, ignore: ['Name'], expect: /does not name the categories of 'Origin'/ },
  ];
  for (const c of cases) {
    const file = join(dir, `refused-${Object.values(c.params).join('-') || 'cats'}.json`);
    trainXgb(PYTHON, 'auto_mpg', 'Miles_per_Gallon', c.params, 3, file, c.ignore ?? ['Name', 'Origin']);
    assert.throws(() => execFileSync(CLI, ['predict', '--model', file, '--csv', join(root, 'tests/data/auto_mpg.csv')], { stdio: 'pipe' }), (e) => {
      const err = JSON.parse(e.stderr.toString()).error;
      return err.code === 'XGBOOST_UNSUPPORTED' && c.expect.test(err.message);
    }, String(c.expect));
  }
});

// ---- SHAP values ----------------------------------------------------------

test('SHAP values equal XGBoost 1.7.4\'s pred_contribs on the exported model (1e-5), and each row sums to its margin', () => {
  // letter's first 2,000 rows: a multiclass case small enough to compare every value.
  const letter = join(dir, 'letter-2000.csv');
  writeFileSync(letter, readFileSync(join(root, 'tests/data/letter.csv'), 'utf8').split('\n').slice(0, 2001).join('\n') + '\n');
  const cases = [
    ['auto_mpg', 'Miles_per_Gallon', { rounds: 10 }, ['Name']],
    ['auto_mpg', 'Miles_per_Gallon', { algorithm: 'gbdt', rounds: 8 }, ['Name']],
    ['auto_mpg', 'Miles_per_Gallon', { algorithm: 'random_forest', rounds: 5, max_depth: 8 }, ['Name']],
    ['diamonds', 'price', { rounds: 5, max_depth: 5 }],
    ['gapminder', 'life_expectancy', { rounds: 5 }],
    ['spam', 'type', { rounds: 6 }],
    ['spam', 'type', { algorithm: 'adaboost', rounds: 6, max_depth: 2 }],
    ['spam', 'type', { algorithm: 'gbdt', objective: 'binary:exponential', rounds: 6 }],
    [letter, 'lettr', { rounds: 3, max_depth: 4 }],
    [letter, 'lettr', { algorithm: 'random_forest', rounds: 3, max_depth: 6 }],
  ];
  for (const [name, target, params, ignore = []] of cases) {
    const csv = name.includes('/') ? name : join(root, 'tests/data', `${name}.csv`);
    const what = `${params.algorithm ?? 'xgboost'}${params.objective ? ` ${params.objective}` : ''} on ${name.split('/').pop()}`;
    const model = join(dir, `shap-${what.replace(/[^\w]+/g, '-')}.json`);
    cli(['train', '--csv', csv, '--target', target, '--ignore', ignore.join(','), '--params', JSON.stringify(params), '--model-out', model]);
    writeFileSync(`${model}.xgb.json`, cli(['export-xgboost', '--model', model]));
    const ours = cli(['predict', '--model', model, '--csv', csv, '--contribs', '1']).trim().split('\n').map(Number);
    const margins = cli(['predict', '--model', model, '--csv', csv, '--margin', '1']).trim().split('\n').map(Number);
    const theirs = JSON.parse(lastLine(execFileSync(PYTHON, [join(root, 'tests/parity/xgb_contribs.py'), `${model}.xgb.json`, csv], { maxBuffer: 1 << 30 }))).contribs;
    const scale = params.objective === 'binary:exponential' ? 2 : 1;  // exported as logistic's 2F
    const width = ours.length / margins.length;  // features + 1
    // Relative to the row's largest value: XGBoost adds in float, and a row of
    // diamonds' prices holds values in the thousands beside values near 0.
    assert.equal(theirs.length, ours.length, what);
    for (let row = 0; row < margins.length; row++) {
      const at = row * width;
      const size = Math.max(1, ...theirs.slice(at, at + width).map(Math.abs));
      for (let j = at; j < at + width; j++)
        assert.ok(Math.abs(theirs[j] - scale * ours[j]) <= 1e-5 * size, `SHAP values of ${what}: value ${j}: XGBoost ${theirs[j]}, ours ${scale * ours[j]}`);
    }
    margins.forEach((m, i) => {
      const sum = ours.slice(i * width, (i + 1) * width).reduce((a, b) => a + b, 0);
      assert.ok(Math.abs(sum - m) <= 1e-4 * Math.max(1, Math.abs(m)), `${what}: row-output ${i} sums to ${sum}, its margin is ${m}`);
    });
  }
});

test('SHAP interaction values equal XGBoost 1.7.4\'s and 3.2\'s pred_interactions on the exported model, symmetric, each row of a matrix summing to the SHAP value', () => {
  // Rows spread over each file (spam's are sorted by class): (features + 1)^2 values a row and output.
  const head = (name, rows) => {
    const file = join(dir, `${name}-spread${rows}.csv`);
    const [header, ...lines] = readFileSync(join(root, 'tests/data', `${name}.csv`), 'utf8').trimEnd().split('\n');
    const step = Math.max(1, Math.floor(lines.length / rows));
    writeFileSync(file, [header, ...lines.filter((_, i) => i % step === 0).slice(0, rows)].join('\n') + '\n');
    return file;
  };
  const cases = [
    [head('auto_mpg', 400), 'Miles_per_Gallon', { rounds: 10 }, ['Name']],
    [head('auto_mpg', 400), 'Miles_per_Gallon', { algorithm: 'random_forest', rounds: 4, max_depth: 6 }, ['Name']],
    [head('diamonds', 300), 'price', { rounds: 5, max_depth: 5 }],
    [head('spam', 150), 'type', { rounds: 6, max_depth: 4 }],
    [head('letter', 120), 'lettr', { rounds: 2, max_depth: 4 }],
  ];
  for (const [csv, target, params, ignore = []] of cases) {
    const what = `${params.algorithm ?? 'xgboost'} on ${csv.split('/').pop()}`;
    const model = join(dir, `interactions-${what.replace(/[^\w]+/g, '-')}.json`);
    cli(['train', '--csv', csv, '--target', target, '--ignore', ignore.join(','), '--params', JSON.stringify(params), '--model-out', model]);
    writeFileSync(`${model}.xgb.json`, cli(['export-xgboost', '--model', model]));
    const ours = cli(['predict', '--model', model, '--csv', csv, '--interactions', '1']).trim().split('\n').map(Number);
    const shap = cli(['predict', '--model', model, '--csv', csv, '--contribs', '1']).trim().split('\n').map(Number);
    const W = Math.round(ours.length / shap.length);  // features + 1
    assert.equal(W * shap.length, ours.length, what);
    for (const ref of REFS) {
      const theirs = JSON.parse(lastLine(execFileSync(ref.python, [join(root, 'tests/parity/xgb_contribs.py'), `${model}.xgb.json`, csv, 'interactions'],
        { maxBuffer: 1 << 30 }))).contribs;
      assert.equal(theirs.length, ours.length, `${what}, XGBoost ${ref.version}`);
      for (let m = 0; m < ours.length; m += W * W) {
        const size = Math.max(1, ...theirs.slice(m, m + W * W).map(Math.abs));
        for (let j = m; j < m + W * W; j++)
          assert.ok(Math.abs(theirs[j] - ours[j]) <= 1e-5 * size, `${what}: value ${j}: XGBoost ${ref.version} ${theirs[j]}, ours ${ours[j]}`);
      }
    }
    // Each matrix is symmetric and its rows sum to the SHAP values.
    for (let m = 0, c = 0; m < ours.length; m += W * W, c += W)
      for (let i = 0; i < W; i++) {
        let sum = 0;
        for (let j = 0; j < W; j++) {
          sum += ours[m + i * W + j];
          assert.ok(Math.abs(ours[m + i * W + j] - ours[m + j * W + i]) <= 1e-5 * Math.max(1, Math.abs(shap[c + i])), `${what}: not symmetric at ${i},${j}`);
        }
        assert.ok(Math.abs(sum - shap[c + i]) <= 1e-4 * Math.max(1, Math.abs(shap[c + i])), `${what}: row ${i} sums to ${sum}, its SHAP value is ${shap[c + i]}`);
      }
  }
});
