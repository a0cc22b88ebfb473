// Shared by the scale-out tests (Dask in tests/parity, Spark in
// tests/interop): a model trained by the package goes to a cluster with the
// script model.scaleOutScript() writes, is continued there for real, and
// comes back.
import assert from 'node:assert/strict';
import { execFileSync, spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { init } from '../../wasm/js/index.js';

const root = fileURLToPath(new URL('../../', import.meta.url));
const data = (name) => join(root, 'tests/data', name);

// Cases: each dataset a different kind of column or target, each algorithm
// that XGBoost can continue.
export const CASES = [
  { csv: 'diamonds', target: 'price', params: { algorithm: 'xgboost' } },              // categorical features
  { csv: 'spam', target: 'type', params: { algorithm: 'gbdt', eta: 0.1, max_depth: 3 } },  // binary, text classes
  { csv: 'gapminder', target: 'life_expectancy', params: { algorithm: 'random_forest', rounds: 20 } },  // 185 levels, missing cells
  { csv: 'letter', target: 'lettr', params: { algorithm: 'xgboost', max_depth: 4 } },     // 26 classes
  // Classes weighed as the tab resolved 'balanced' on its training rows (their metric weighted alike).
  { csv: 'penguins', target: 'species', classWeights: 'balanced', validRows: Array.from({ length: 68 }, (_, i) => i * 5),
    params: { algorithm: 'xgboost', max_depth: 2, eta: 0.1 } },
  // An ignored column; still learning at round 30; monotone and interaction constraints the script must carry on.
  { csv: 'auto_mpg', target: 'Miles_per_Gallon', ignore: ['Name'], params: { algorithm: 'xgboost', max_depth: 3, eta: 0.05,
    monotone_constraints: { Weight_in_lbs: -1, Year: 1 }, interaction_constraints: [['Horsepower', 'Weight_in_lbs', 'Year'], ['Cylinders', 'Displacement', 'Acceleration', 'Origin']] } },
];

// Three quantiles, one output each (XGBoost >= 2: Debian's 1.7.4 on the Dask side has no reg:quantileerror,
// so Spark's XGBoost 3.2 continues it).
export const QUANTILES_CASE = { csv: 'auto_mpg', target: 'Miles_per_Gallon', ignore: ['Name'],
  params: { algorithm: 'xgboost', objective: 'reg:quantileerror', quantile_alpha: [0.1, 0.5, 0.9], max_depth: 3, eta: 0.1 } };

// A file whose columns the script must read as the tab did (regression): features named as the
// script's own bookkeeping columns (__label, __row, __valid, __weight: they overwrote the feature,
// logloss 2.07 there against 0.067 here), a header cell with spaces around it (the tab trims it)
// and an empty one (the tab calls it column_3): read_csv(usecols=...) failed on both.
// header: false leaves the header plain (x, z), so only the names can collide.
export function awkwardHeaderCase(dir, { header = true } = {}) {
  const lines = [header ? '__label, x ,,__row,__valid,__weight,kind' : '__label,x,z,__row,__valid,__weight,kind'];
  let s = 7;
  const rand = () => ((s = (s * 1103515245 + 12345) % 2147483648) / 2147483648);
  for (let i = 0; i < 400; i++) {
    const v = [rand(), rand(), rand(), rand(), rand(), rand()];
    const kind = v[0] + 0.5 * v[1] - 0.8 * v[2] + 0.3 * v[3] + 0.1 * rand() > 0.4 ? 'yes' : 'no';
    lines.push([...v.map((x) => x.toFixed(4)), kind].join(','));
  }
  const path = join(dir, header ? 'awkward header.csv' : 'bookkeeping names.csv');
  writeFileSync(path, lines.join('\n') + '\n');
  return { csv: header ? 'awkward-header' : 'bookkeeping-names', path, target: 'kind', validRows: Array.from({ length: 80 }, (_, i) => i * 5), params: { algorithm: 'xgboost', max_depth: 3 } };
}

// A file with a column of dates written day first (31/01/2019, some missing) that the table reads
// as its parts (CsvOptions.dateParts): the script must derive the same numbers from the same cells.
// The target follows the weekday and the month, so the parts carry what the model learns.
export function datesCase(dir) {
  const lines = ['when,x,sales'];
  let s = 11;
  const rand = () => ((s = (s * 1103515245 + 12345) % 2147483648) / 2147483648);
  const pad = (n) => String(n).padStart(2, '0');
  for (let i = 0; i < 600; i++) {
    const day = new Date(Date.UTC(2019, 0, 1) + Math.floor(i * 1.7) * 86400000);
    const weekend = day.getUTCDay() === 0 || day.getUTCDay() === 6;
    const x = rand();
    const sales = (weekend ? 3 : 0) + day.getUTCMonth() / 4 + x + 0.2 * rand();
    const when = i % 37 === 5 ? '' : `${pad(day.getUTCDate())}/${pad(day.getUTCMonth() + 1)}/${day.getUTCFullYear()}${i % 3 ? '' : ` ${pad(i % 24)}:15`}`;
    lines.push([when, x.toFixed(4), sales.toFixed(4)].join(','));
  }
  const path = join(dir, 'dates.csv');
  writeFileSync(path, lines.join('\n') + '\n');
  return { csv: 'dates', path, target: 'sales', csvOptions: { dateParts: ['when'] }, validRows: Array.from({ length: 120 }, (_, i) => i * 5),
    params: { algorithm: 'xgboost', max_depth: 3, eta: 0.05 } };  // still learning at round 30
}

// A DART model goes on as DART: XGBoost handed the plain trees with booster 'dart' would start again from
// none (continueOnCluster checks the rounds and trees kept); the script gives them in DART's form, each weighing 1.
export async function continueDartOnCluster(engine, python) {
  const mpg = CASES.find((c) => c.csv === 'auto_mpg');
  const { dir } = await continueOnCluster({ ...mpg, params: { algorithm: 'xgboost', booster: 'dart', rate_drop: 0.1, max_depth: 3, eta: 0.1 } },
    engine, python);
  const gbm = JSON.parse(readFileSync(join(dir, 'continued.json'), 'utf8')).learner.gradient_booster;
  assert.equal(gbm.name, 'dart');
  assert.equal(gbm.weight_drop.length, 50);
}

// Counts over an exposure (claims of a policy held for `years`): a Poisson model starts each row at
// log(years) (its base margin) and weighs rows by `credibility`; the script must carry both.
export function marginCase(dir) {
  const lines = ['x1,x2,log_years,credibility,claims'];
  let s = 23;
  const rand = () => ((s = (s * 1103515245 + 12345) % 2147483648) / 2147483648);
  const poisson = (mean) => {  // Knuth's: fine for means below 30
    let k = 0, p = rand();
    while (p > Math.exp(-mean)) { k++; p *= rand(); }
    return k;
  };
  for (let i = 0; i < 600; i++) {
    const x1 = rand(), x2 = rand(), years = 0.5 + 4.5 * rand();
    lines.push([x1.toFixed(4), x2.toFixed(4), Math.log(years).toFixed(6), (0.5 + 1.5 * rand()).toFixed(3),
      poisson(years * Math.exp(1.2 * x1 - x2))].join(','));
  }
  const path = join(dir, 'claims.csv');
  writeFileSync(path, lines.join('\n') + '\n');
  return { csv: 'claims', path, target: 'claims', task: 'regression', weight: 'credibility', baseMargin: 'log_years', validRows: Array.from({ length: 120 }, (_, i) => i * 5),
    params: { algorithm: 'xgboost', objective: 'count:poisson', max_depth: 3, eta: 0.1 } };  // still learning at round 30
}

// The table's columns as numbers and text in a CSV of their own (a date's parts, not its cells): what
// XGBoost predicts on when the file itself holds columns the table derived.
function tableAsCsv(table, path) {
  const cell = (t) => (/[",\r\n]/.test(t) ? `"${t.replaceAll('"', '""')}"` : t);
  const columns = table.columns.map((c) => table.column(c.name));
  const lines = [columns.map((c) => cell(c.name)).join(',')];
  for (let r = 0; r < table.numRows; r++)
    lines.push(columns.map((c) => (c.type === 'numeric' ? (Number.isNaN(c.values[r]) ? '' : String(c.values[r])) : c.codes[r] < 0 ? '' : cell(c.levels[c.codes[r]]))).join(','));
  writeFileSync(path, lines.join('\n') + '\n');
  return path;
}

// Runs the script under coreutils' timeout, which kills its whole process
// group (the cluster's worker processes too) past its engine's limit. The call
// blocks Node, so node:test's own timeout could never fire: a cluster that
// hangs would hang the run. A hang is retried: XGBoost 1.7.4's rabit
// allreduce has been seen spinning for half an hour in a worker's recv on
// this 2-core machine under load (gdb: SyncHistogramDistributed ->
// TryAllreduceTree), the same script finishing in a minute before and after;
// and for 27 minutes in the page's e2e test, which ran the script bare.
// Dask's scripts finish in 6-23 s on this machine or hang (5 of 50 scripts
// on 2026-11-30, each until killed; the ones examined were fits where one
// worker held no rows, which the script now prevents); Spark's take 30-76 s
// (its JVM starts first). So a Dask attempt is cut at 90 s, not 240, and has
// three tries.
const LIMITS = { dask: { seconds: 90, attempts: 3 }, spark: { seconds: 240, attempts: 2 } };
// Returns the script's { stdout, stderr } as text; throws with its stderr when it fails.
export function runScript(python, script, cwd, engine) {
  const { seconds, attempts } = LIMITS[engine];
  for (let attempt = 1; ; attempt++) {
    const run = spawnSync('timeout', ['-s', 'KILL', String(seconds), python, script], { cwd, maxBuffer: 1 << 26, encoding: 'utf8' });
    if (run.error) throw run.error;
    if (run.status === 0) return { stdout: run.stdout, stderr: run.stderr };
    // timeout's KILL reaches its own process group, timeout too: Node then
    // sees the signal (status null), not timeout's 137.
    const killed = run.signal === 'SIGKILL' || run.status === 137;
    if (!killed || attempt === attempts)
      throw new Error(`${python} ${script} in ${cwd}: ${killed ? `killed after ${seconds} s, ${attempts} times` : `exit ${run.status}`}\n${run.stderr.slice(-4000)}`);
    console.error(`${script} in ${cwd} took over ${seconds} s; killed, trying again (attempt ${attempt + 1} of ${attempts})`);
  }
}

// Metrics where a smaller value is better; auc is the one we report that is not.
const lowerIsBetter = (metric) => metric !== 'auc';

// Trains `c` with the package, writes what a user downloads (the XGBoost
// model, the validation rows, the script), runs the script with `python`
// and checks what it reports; returns the continued model loaded back.
// improves: false for a validation set too small for continuing to be sure to lower its metric.
export async function continueOnCluster(c, engine, python, { rounds = 20, workers = 2, improves = true } = {}) {
  const bl = await init({ threads: true });
  const dir = mkdtempSync(join(tmpdir(), `boostlab-${engine}-`));
  // c.path, c.validRows: a file made by the test; else tests/data's c.csv and its split.
  const csv = c.path ?? data(`${c.csv}.csv`);
  const table = bl.readCSV(readFileSync(csv), c.csvOptions);
  const validIdx = c.validRows ?? readFileSync(data(`${c.csv}.valid_idx.txt`), 'utf8').trim().split('\n').map(Number);
  const dataset = table.toDataset({ target: c.target, task: c.task, ignore: c.ignore, validRows: validIdx, weight: c.weight, baseMargin: c.baseMargin,
    classWeights: c.classWeights });
  assert.deepEqual(Array.from(dataset.validRows()), [...validIdx].sort((a, b) => a - b), 'dataset.validRows() gives the rows held out');
  let last;
  const model = await bl.train(dataset, { rounds: 30, eta: 0.3, seed: 0, ...c.params }, { onRound: (r) => { last = r; } });
  const metric = last.metric;
  const ours = last.valid[metric];

  writeFileSync(join(dir, 'model.xgboost.json'), model.toXGBoostJSON());
  writeFileSync(join(dir, 'valid_rows.txt'), Array.from(dataset.validRows()).join('\n') + '\n');
  const script = model.scaleOutScript({
    engine, csv, delimiter: table.delimiter, encoding: table.encoding, validRows: 'valid_rows.txt', columns: table.columns.map((col) => col.name),
    dateParts: table.dateParts, weight: c.weight, baseMargin: c.baseMargin, classWeights: dataset.classWeights ?? undefined,
    model: 'model.xgboost.json', output: 'continued.json', rounds, workers,
  });
  writeFileSync(join(dir, `continue_${engine}.py`), script);
  const { stdout, stderr } = runScript(python, `continue_${engine}.py`, dir, engine);
  const result = JSON.parse(stdout.trim().split('\n').at(-1));

  const what = `${c.csv} ${c.params.algorithm} on ${engine}`;
  assert.equal(result.engine, engine);
  // Each worker trains on rows of its own (XGBoost warns of one that has none;
  // 1.7.4's allreduce then hangs about one fit in two).
  assert.doesNotMatch(stderr, /has an empty DMatrix/, `${what}: a worker was given no rows`);
  assert.equal(result.rounds_after, result.rounds_before + rounds, `${what}: ${rounds} rounds added`);
  const before = result.valid_before[metric], after = result.valid_after[metric];
  assert.ok(Number.isFinite(before) && Number.isFinite(after), `${what}: the script reports ${metric}: ${JSON.stringify(result)}`);
  // The cluster read the data as we did: our model scores there what it scored here.
  assert.ok(Math.abs(before - ours) <= 1e-4 * Math.max(1, Math.abs(ours)), `${what}: validation ${metric} ${before} there, ${ours} here`);
  if (improves) assert.ok(lowerIsBetter(metric) ? after <= ours : after >= ours, `${what}: validation ${metric} ${after} after continuing, ${ours} at the start`);

  // The continued model comes back and predicts in the package what XGBoost predicts with it.
  const continued = bl.loadModel(readFileSync(join(dir, 'continued.json'), 'utf8'));
  assert.equal(continued.numTrees, model.numTrees + rounds * model.predictionWidth, `${what}: the model's trees and the new ones`);
  const margins = continued.predict(table, { output: 'margin' });
  const predictOn = table.dateParts.length ? tableAsCsv(table, join(dir, 'as-read.csv')) : csv;
  const theirs = JSON.parse(execFileSync(python, [join(root, 'tests/parity/xgb_load_predict.py'), join(dir, 'continued.json'), predictOn,
    JSON.stringify(table.columns.map((col) => col.name))],
    { maxBuffer: 1 << 28 }).toString().trim().split('\n').at(-1)).margins;
  assert.equal(margins.length, theirs.length);
  theirs.forEach((v, i) => assert.ok(Math.abs(v - margins[i]) <= 1e-5 * Math.max(1, Math.abs(v)), `${what}: margin ${i}: ${v} there, ${margins[i]} here`));
  return { bl, dir, table, model, continued, result, metric, ours, stderr };
}
