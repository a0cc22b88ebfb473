// npm run bench, against the field's best (issue 22): LightGBM 4, XGBoost 3,
// CatBoost (symmetric and depthwise trees) and YDF natively, from the pinned
// virtual environment scripts/setup-peers.sh makes, against our native CLI,
// with 1 and 2 threads, in one run. Same rows, splits, rounds (100), depth (6),
// learning rate (0.1) and max_bin (256) everywhere; text columns as native
// categoricals where an engine has them; each engine times training only (no
// per-round evaluation; ours: the CLI's train-only mode, whose model is checked
// to be the one training with metrics makes). Printed: seconds (median of
// REPEATS), the validation metric, and each time over the fastest of LightGBM
// and XGBoost with the same threads. Writes bench/peers.json.
// Ours also in headless Chromium (the SIMD + threads build, 2 threads, a module
// worker as the playground trains; validation metrics each round, none on the
// training rows), set against the faster native peer with 2 threads.
// BENCH_DATASETS picks cases: diamonds, letter, flights_1m_bin, wide (1M x 50
// make_classification, seed 0, made here; BENCH_WIDE_ROWS to change its rows);
// BENCH_ENGINES picks engines (boostlab, chromium, lightgbm, xgboost, catboost,
// catboost-depthwise, ydf; all by default).
// Ours twice: with XGBoost's step conventions (the parity runs'), and with
// its best settings at the same rounds, depth and learning rate, the step
// conventions of the peers that fit best per round (a case's `best`: CatBoost's
// several Newton steps per leaf, LightGBM's softmax hessian); the validation
// metric is printed over the best peer's.
// Then each of our times against the roofline: the larger of the bytes a round
// must move at this machine's bandwidth and the work it must do at this core's
// compute rates (common.mjs's roofline).
import { execFileSync } from 'node:child_process';
import { join } from 'node:path';
import { benchPage, json, machineRates, native, REPEATS, resolved, root, roofline, rooflineTable, SPEED_PARAMS, SPEED_SETS, urlOf, writeResults } from './common.mjs';

execFileSync('bash', [join(root, 'scripts/setup-peers.sh')], { stdio: 'inherit' });
// OpenMP's spinning makes 2 threads slower than 1 on a 2-vCPU machine (TOOLCHAIN.md): set before the engines start.
process.env.OMP_WAIT_POLICY = 'PASSIVE';
const python = join(root, 'build/venv-peers/bin/python');

const CASES = SPEED_SETS;

const engines = process.env.BENCH_ENGINES?.split(',');
const runs = (engine) => !engines || engines.includes(engine);
const PEERS = ['lightgbm', 'xgboost', 'catboost', 'catboost-depthwise', 'ydf'].filter(runs);
const browser = runs('chromium') ? await benchPage() : null;
const results = [];
for (const c of CASES) {
  const d = resolved(c);
  if (!d.csv || !d.valid) {
    console.error(`${d.name}: its data is absent: skipped`);
    continue;
  }
  const params = { ...SPEED_PARAMS, eval_metric: d.metric, ...d.params };
  const row = (engine, threads, r) => {
    results.push({ dataset: d.name, engine, threads, seconds: r.seconds, runs: r.runs, valid: r.valid, peak_rss_mb: r.peak_rss_mb ?? null, heap_mb: r.heap_mb ?? null, version: r.version ?? null, work: r.work ?? null });
    console.error(`${d.name} ${engine} ${threads}T: ${r.seconds.toFixed(3)} s, valid ${d.metric} ${r.valid?.toFixed(5)}`);
  };
  // Engines take turns fit by fit: each thread count, every engine, before the next.
  for (const t of [1, 2]) {
    if (runs('boostlab')) {
      const withMetrics = native(d, params, t);
      row('boostlab', t, native(d, params, t, { trainOnly: true, sameAs: withMetrics }));
    }
    if (runs('boostlab') && d.best) {
      const best = { ...d, name: `${d.name}_best` }, bestParams = { ...params, ...d.best };
      const withMetrics = native(best, bestParams, t);
      row(`boostlab ${Object.entries(d.best).map(([k, v]) => `${k} ${v}`).join(', ')}`, t, native(best, bestParams, t, { trainOnly: true, sameAs: withMetrics }));
    }
    if (browser && t === 2) {
      const spec = { csv: urlOf(d.csv), validIdx: urlOf(d.valid), target: d.target, params: { ...params, eval_train: 0, nthread: 2 }, repeats: REPEATS, threads: true };
      try {
        const r = await browser.page.evaluate((s) => window.runBench(s), spec);
        row('boostlab chromium SIMD + threads', t, { seconds: r.seconds, runs: r.runs, valid: r.valid, heap_mb: r.heap_mb, version: r.build });
      } catch (e) {
        results.push({ dataset: d.name, engine: 'boostlab chromium SIMD + threads', threads: t, failed: String(e.message).split('\n')[0].slice(0, 200) });
        console.error(`${d.name} chromium failed: ${results.at(-1).failed}`);
      }
    }
    for (const peer of PEERS) {
      try {
        row(peer, t, json(python, [join(root, 'bench/peers_bench.py'), peer, d.csv, d.target, d.valid, String(t), JSON.stringify(params), String(REPEATS)]));
      } catch (e) {
        results.push({ dataset: d.name, engine: peer, threads: t, failed: String(e.message).split('\n').filter(Boolean).at(-1)?.slice(0, 200) });
        console.error(`${d.name} ${peer} ${t}T failed: ${results.at(-1).failed}`);
      }
    }
  }
}

await browser?.close();

// Memory: the process's peak RSS natively; in Chromium the wasm heap after training (it only grows: its peak).
const memory = (r) => (r.peak_rss_mb != null ? `RSS ${Math.round(r.peak_rss_mb)}` : r.heap_mb != null ? `heap ${Math.round(r.heap_mb)}` : '–');
const lines = ['| dataset | engine | threads | seconds | valid metric | over the best peer metric | over the faster of LightGBM / XGBoost | peak MB |', '|---|---|---|---|---|---|---|---|'];
for (const r of results) {
  if (r.failed) {
    lines.push(`| ${r.dataset} | ${r.engine} | ${r.threads} | failed: ${r.failed} | | | | |`);
    continue;
  }
  const best = Math.min(...results.filter((x) => x.dataset === r.dataset && x.threads === r.threads && (x.engine === 'lightgbm' || x.engine === 'xgboost') && !x.failed).map((x) => x.seconds));
  r.ratio = Number.isFinite(best) ? r.seconds / best : null;  // null: neither peer ran (BENCH_ENGINES)
  // Every metric here is lower-better (rmse, logloss, mlogloss).
  const bestValid = Math.min(...results.filter((x) => x.dataset === r.dataset && PEERS.includes(x.engine) && !x.failed && x.valid != null).map((x) => x.valid));
  r.valid_ratio = Number.isFinite(bestValid) && r.valid != null ? r.valid / bestValid : null;
  const over = r.valid_ratio == null ? '–' : `${r.valid_ratio >= 1 ? '+' : ''}${((r.valid_ratio - 1) * 100).toFixed(2)} %`;
  lines.push(`| ${r.dataset} | ${r.engine}${r.version ? ' ' + r.version : ''} | ${r.threads} | ${r.seconds.toFixed(3)} | ${r.valid?.toFixed(5)} | ${over} | ${r.ratio?.toFixed(2) ?? '–'} | ${memory(r)} |`);
}
console.log(lines.join('\n'));

// Distance to the limit: our seconds per round against the larger of the
// memory and compute bounds (common.mjs's roofline).
const rates = machineRates();
const bounds = [];
for (const c of CASES) {
  const d = resolved(c);
  if (!d.csv || !d.valid) continue;
  for (const t of [1, 2]) {
    const ours = results.find((r) => r.dataset === d.name && r.engine === 'boostlab' && r.threads === t);
    if (ours?.work) bounds.push(roofline(d, ours, t, rates));
  }
}
console.log('\n' + rooflineTable(rates, bounds));
writeResults('peers', { results, bandwidth: rates.bandwidth, compute: rates.compute, bounds });
