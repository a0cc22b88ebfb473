// npm run bench, ranking: rank:ndcg (LambdaMART), 100 rounds of depth 6, on the
// LightGBM example queries (train on rank_train, validate on rank_test), ours
// natively and in Chromium against XGBoost 1.7.4 hist with the same threads,
// in one run, printed as ratios. GBRank (no reference library) is timed
// beside them. Writes bench/ranking.json.
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { benchPage, json, native, REPEATS, root, urlOf, work, writeResults } from './common.mjs';

const train = join(root, 'tests/data/rank_train.csv'), test = join(root, 'tests/data/rank_test.csv');
// Our CLI takes one file and the validation rows: the test file's after the training file's.
const trainLines = readFileSync(train, 'utf8').trim().split('\n');
const testLines = readFileSync(test, 'utf8').trim().split('\n');
const csv = join(work, 'rank.csv'), valid = join(work, 'rank.valid_idx.txt');
writeFileSync(csv, [...trainLines, ...testLines.slice(1)].join('\n') + '\n');
writeFileSync(valid, Array.from({ length: testLines.length - 1 }, (_, i) => trainLines.length - 1 + i).join('\n') + '\n');

const params = { objective: 'rank:ndcg', max_depth: 6, eta: 0.1, rounds: 100, max_bin: 256, eval_metric: 'ndcg@5' };
const d = { name: 'rank', csv, valid, target: 'relevance', group: 'qid', metric: 'ndcg@5' };
const results = [];
const row = (engine, threads, r, objective = params.objective) => {
  results.push({ dataset: 'rank', objective, engine, threads, seconds: r.seconds, runs: r.runs, valid: r.valid, peak_rss_mb: r.peak_rss_mb ?? null, heap_mb: r.heap_mb ?? null });
  console.error(`rank ${objective} ${engine} ${threads}T: ${r.seconds.toFixed(3)} s, valid ndcg@5 ${r.valid?.toFixed(5)}`);
};
for (const t of [1, 2]) row('xgboost-1.7.4', t, json('/usr/bin/python3', [join(root, 'bench/xgb_rank_bench.py'), train, test, 'qid', 'relevance', String(t), JSON.stringify(params), String(REPEATS)]));
for (const t of [1, 2]) row('native', t, native(d, params, t));
const { page, close } = await benchPage();
const rel = urlOf;
row('wasm-chromium-simd-threads', 2, await page.evaluate((s) => window.runBench(s),
  { csv: rel(csv), validIdx: rel(valid), target: 'relevance', group: 'qid', params: { ...params, nthread: 2 }, repeats: REPEATS }));
await close();
const gbrank = { algorithm: 'gbrank', max_depth: 6, rounds: 100, max_bin: 256, eval_metric: 'ndcg@5' };
for (const t of [1, 2]) row('native', t, native({ ...d, name: 'rank-gbrank' }, gbrank, t), 'gbrank');

const xgb = (t) => results.find((r) => r.engine === 'xgboost-1.7.4' && r.threads === t);
const lines = ['| engine | threads | seconds | valid ndcg@5 | ratio to XGBoost 1.7.4, same threads |', '|---|---|---|---|---|'];
for (const r of results) {
  r.ratio = r.objective === params.objective ? r.seconds / xgb(r.threads).seconds : null;
  lines.push(`| ${r.objective === 'gbrank' ? 'native gbrank' : r.engine} | ${r.threads} | ${r.seconds.toFixed(3)} | ${r.valid?.toFixed(4)} | ${r.ratio === null ? '–' : r.ratio.toFixed(2)} |`);
}
console.log(lines.join('\n'));
writeResults('ranking', { machine: process.env.HOSTNAME ?? '', repeats: REPEATS, params, results });
