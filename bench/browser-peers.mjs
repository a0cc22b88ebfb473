// npm run bench, the browser's trainers (issue 22): ours in headless Chromium
// (SIMD + 2 threads and SIMD only, module workers, as the playground trains)
// against ydf-training 0.0.1 and ml-xgboost 1.1.2 (npm devDependencies, each
// in a classic worker: bench/browser/peer-worker.js) on spam, diamonds and
// flights_1m_bin, same training and validation rows. At equal trees:
// ml-xgboost grows 100 (depth 6, eta 0.1, its exact greedy splits); ydf-training
// has no hyperparameters in its JS API and grows its default (up to 300 trees
// of depth 6 with early stopping), so ours grows as many trees as it did.
// A peer that cannot train a case is recorded with its error.
// Seconds, the same way for everyone: one worker per engine and case, 1 +
// BENCH_REPEATS fits in it. The first fit pays what is left of the wasm's
// warm-up (V8 runs it in its baseline tier until the optimised code is
// ready), the median of the later ones is the settled speed; both are
// printed with their ratios. One fit only where a first took over a minute.
// Ours warms up before its first fit as the playground's worker does (made-up
// data, BoostLab.warmUp) and once more without ("cold"); "ready" is the
// seconds each engine's module took to load (ours: and to warm up).
// Writes bench/browser-peers.json.
import { join } from 'node:path';
import { benchPage, copyIn, flightsBinary, median, only, REPEATS, root, shared, urlOf, writeResults } from './common.mjs';

const url = urlOf;
const CASES = [
  { name: 'spam', csv: join(root, 'tests/data/spam.csv'), valid: join(root, 'tests/data/spam.valid_idx.txt'), target: 'type', positive: 'spam', metric: 'logloss', task: 'CLASSIFICATION', objective: 'binary:logistic' },
  { name: 'diamonds', csv: join(root, 'tests/data/diamonds.csv'), valid: join(root, 'tests/data/diamonds.valid_idx.txt'), target: 'price', metric: 'rmse', task: 'REGRESSION', objective: 'reg:squarederror' },
  { name: 'flights_1m_bin', csv: flightsBinary(), valid: copyIn(join(shared, 'splits/flights_1m_bin.valid_idx.txt')), target: 'late', positive: '1', metric: 'logloss', task: 'CLASSIFICATION', objective: 'binary:logistic' },
].filter((c) => c.csv && c.valid && (!only || only.includes(c.name)));

const { page, close } = await benchPage();
const results = [];
const record = (c, engine, r) => {
  results.push({ dataset: c.name, engine, ...r });
  console.error(`${c.name} ${engine}: ${r.error ? 'failed: ' + r.error : `${r.runs.map((x) => x.toFixed(2)).join(' ')} s, ${r.trees} trees, valid ${c.metric} ${r.valid?.toFixed(5)}`}`);
};
for (const c of CASES) {
  const common = { csv: url(c.csv), validIdx: url(c.valid), target: c.target, metric: c.metric, positive: c.positive };
  // First fit and the median of the later ones (none after a first over a minute).
  const timed = (runs) => ({ first: runs[0], seconds: runs.length > 1 ? median(runs.slice(1)) : null, runs });
  const peer = async (engine, extra) => {
    try {
      const r = await page.evaluate((s) => window.runPeer(s), { engine, ...common, ...extra, fits: 1 + REPEATS });
      return { ...r, ...timed(r.runs) };
    } catch (e) {
      return { error: String(e.message).split('\n')[0].slice(0, 200) };
    }
  };
  const ours = async (trees, threads, warmUp = true) => {
    // No metric on the training rows each round (eval_train 0): neither peer computes one; the validation metric still is.
    const params = { objective: c.objective, rounds: trees, max_depth: 6, eta: 0.1, max_bin: 256, eval_metric: c.metric, eval_train: 0, ...(threads ? { nthread: 2 } : {}) };
    const r = await page.evaluate((s) => window.runBench(s), { csv: common.csv, validIdx: common.validIdx, target: c.target, params, repeats: 1 + REPEATS, threads, warmUp });
    return { trees, valid: r.valid, build: r.build, ready: r.ready, ...timed(r.runs) };
  };
  const ydf = await peer('ydf-training', { task: c.task });
  record(c, 'ydf-training', ydf);
  // XGBoost 0.8 names squared error reg:linear (reg:squarederror came in 0.90).
  const xgbObjective = c.objective === 'reg:squarederror' ? 'reg:linear' : c.objective;
  const xgb = await peer('ml-xgboost', { params: { objective: xgbObjective, max_depth: 6, eta: 0.1, subsample: 1, colsample_bytree: 1, min_child_weight: 1, silent: 1, iterations: 100 } });
  record(c, 'ml-xgboost', xgb);
  record(c, 'boostlab SIMD + threads, cold', await ours(100, true, false));
  for (const trees of [...new Set([100, ...(Number.isFinite(ydf.trees) ? [ydf.trees] : [])])]) {
    record(c, 'boostlab SIMD + threads', await ours(trees, true));
    record(c, 'boostlab SIMD', await ours(trees, false));
  }
}
await close();

const fixed = (x, d) => (x == null ? '' : x.toFixed(d));
const over = (a, b) => (a == null || b == null ? '' : (a / b).toFixed(1));
const lines = [`| dataset | engine | trees | ready (s) | first fit (s) | later fits (s, median of ${REPEATS}) | valid metric | peer / ours, first fits | peer / ours, later fits | peer / ours cold, first fits |`, '|---|---|---|---|---|---|---|---|---|---|'];
for (const r of results) {
  if (r.error) {
    lines.push(`| ${r.dataset} | ${r.engine} | | | failed: ${r.error} | | | | | |`);
    continue;
  }
  // Against ours with SIMD + threads at the same trees.
  const ours = results.find((x) => x.dataset === r.dataset && x.engine === 'boostlab SIMD + threads' && x.trees === r.trees && !x.error);
  const cold = results.find((x) => x.dataset === r.dataset && x.engine === 'boostlab SIMD + threads, cold' && x.trees === r.trees && !x.error);
  const peer = !r.engine.startsWith('boostlab') && ours;
  lines.push(`| ${r.dataset} | ${r.engine} | ${r.trees} | ${fixed(r.ready, 3)} | ${fixed(r.first, 3)} | ${fixed(r.seconds, 3)} | ${r.valid?.toFixed(5)} | ${peer ? over(r.first, ours.first) : ''} | ${peer ? over(r.seconds, ours.seconds) : ''} | ${!r.engine.startsWith('boostlab') && cold ? over(r.first, cold.first) : ''} |`);
}
console.log(lines.join('\n'));
writeResults('browser-peers', { repeats: REPEATS, results });
