// npm run bench, second part: the source material's algorithms against their
// scikit-learn 1.2 equivalents in one run, on the same numeric CSVs (text
// columns as category codes, as scikit-learn needs), printed as ratios of our
// time to scikit-learn's. Writes bench/algorithms.json (writeResults).
import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { cpus, totalmem } from 'node:os';
import { join } from 'node:path';
import { benchPage, copyIn, flightsBinary, json, median, native, only, REPEATS, root, shared, urlOf, work, writeResults } from './common.mjs';

// The numeric copy both libraries train on (built once).
function numeric(csv) {
  if (!csv) return null;
  const out = join(work, csv.split('/').at(-1).replace(/\.csv$/, '.numeric.csv'));
  if (!existsSync(out)) execFileSync('/usr/bin/python3', [join(root, 'bench/numeric_csv.py'), csv, out]);
  return out;
}
const data = (name, target) => ({ csv: numeric(join(root, `tests/data/${name}.csv`)), valid: join(root, `tests/data/${name}.valid_idx.txt`), target });
const flights = { csv: numeric(flightsBinary()), valid: copyIn(join(shared, 'splits/flights_1m_bin.valid_idx.txt')), target: 'late' };

// The list: AdaBoost (100 stumps) on spam and flights, gbdt depth 3
// on diamonds and letter, random forest (100 trees) on spam and diamonds.
const CASES = [
  { name: 'adaboost/spam', estimator: 'adaboost', ...data('spam', 'type'), metric: 'error', params: { algorithm: 'adaboost', max_depth: 1, eta: 1 } },
  { name: 'adaboost/flights_1m_bin', estimator: 'adaboost', ...flights, metric: 'error', params: { algorithm: 'adaboost', max_depth: 1, eta: 1 } },
  { name: 'gbdt/diamonds', estimator: 'gbdt', ...data('diamonds', 'price'), metric: 'rmse', params: { algorithm: 'gbdt', max_depth: 3, eta: 0.1 } },
  { name: 'gbdt/letter', estimator: 'gbdt', ...data('letter', 'lettr'), task: 'multiclass', metric: 'merror', params: { algorithm: 'gbdt', max_depth: 3, eta: 0.1, objective: 'multi:softprob', num_class: 26 } },
  { name: 'random_forest/spam', estimator: 'forest', ...data('spam', 'type'), metric: 'error', params: { algorithm: 'random_forest' } },
  { name: 'random_forest/diamonds', estimator: 'forest', ...data('diamonds', 'price'), metric: 'rmse', params: { algorithm: 'random_forest' } },
].filter((c) => c.csv && c.valid && (!only || only.some((o) => c.name.includes(o))));

const results = [];
const { page, close } = await benchPage();
const rel = urlOf;
for (const c of CASES) {
  const params = { rounds: 100, max_bin: 256, eval_metric: c.metric, ...c.params };
  // AdaBoost and gradient boosting in scikit-learn use one thread; forests use n_jobs.
  const skThreads = c.estimator === 'forest' ? [1, 2] : [1];
  const engines = [
    ...skThreads.map((t) => ({ engine: 'sklearn-1.2.1', threads: t, fit: async () =>
      json('/usr/bin/python3', [join(root, 'bench/sklearn_bench.py'), c.csv, c.target, c.valid, c.estimator, String(t), '1']) })),
    ...[1, 2].map((t) => ({ engine: 'native', threads: t, fit: async () => native(c, params, t, { repeats: 1 }) })),
  ];
  // scikit-learn and our CLI take turns, one fit each, REPEATS times: a slow
  // spell of this shared machine (one fit of ours took 0.47 s and 0.72 s
  // within a minute) then falls on each of them alike, not on whichever
  // happened to run in it. scikit-learn's first fit in a process is no
  // slower than its next ones (diamonds forest: 4.467, 4.491, 4.463 s), so
  // a process a fit costs it nothing.
  const fits = engines.map(() => []);
  for (let i = 0; i < REPEATS; i++)
    for (const [e, engine] of engines.entries()) fits[e].push(await engine.fit());
  const row = (engine, threads, r) => {
    results.push({ case: c.name, engine, threads, ...r });
    console.error(`${c.name} ${engine} ${threads}T: ${r.seconds.toFixed(3)} s, valid ${c.metric} ${r.valid?.toFixed(5)}`);
  };
  for (const [e, { engine, threads }] of engines.entries()) {
    const runs = fits[e].flatMap((f) => f.runs);
    row(engine, threads, { ...fits[e].at(-1), seconds: median(runs), runs });
  }
  // The browser's fits stay in one worker (its first fit also compiles
  // the hot code).
  if (c.csv.startsWith(root)) {
    const spec = { csv: rel(c.csv), validIdx: rel(c.valid), target: c.target, task: c.task, params: { ...params, nthread: 2 }, repeats: REPEATS };
    row('wasm-chromium-simd-threads', 2, await page.evaluate((s) => window.runBench(s), spec));
  }
}
await close();

// Ratio: ours / scikit-learn with the same threads (its best when it has only one).
const sk = (name, t) => results.find((r) => r.case === name && r.engine === 'sklearn-1.2.1' && r.threads === t) ??
  results.find((r) => r.case === name && r.engine === 'sklearn-1.2.1' && r.threads === 1);
for (const r of results) {
  const ref = sk(r.case, r.threads);
  r.ratio_to_sklearn = r.seconds / ref.seconds;
  r.valid_sklearn = ref.valid;
}
const lines = ['| case | engine | threads | train s (median of ' + REPEATS + ') | ratio to scikit-learn | speed-up | valid metric | scikit-learn\'s |', '|---|---|---|---|---|---|---|---|'];
for (const r of results)
  lines.push(`| ${r.case} | ${r.engine} | ${r.threads} | ${r.seconds.toFixed(3)} | ${r.ratio_to_sklearn.toFixed(3)} | ${(1 / r.ratio_to_sklearn).toFixed(1)}× | ${r.valid.toFixed(5)} | ${r.valid_sklearn.toFixed(5)} |`);
const machine = `${cpus().length} × ${cpus()[0].model}, ${(totalmem() / 2 ** 30).toFixed(0)} GiB, Node ${process.version}`;
console.log([`Machine: ${machine}. Date: ${new Date().toISOString().slice(0, 10)}.`, '', ...lines].join('\n'));
writeResults('algorithms', { machine, date: new Date().toISOString(), results });
