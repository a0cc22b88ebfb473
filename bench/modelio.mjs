// npm run bench, big models (issue 20): a 100-tree random forest trained on
// flights_1m repeated BENCH_MODELIO_COPIES times (default 2: 2,000,000 rows),
// regression on `delay`, depth BENCH_MODELIO_DEPTH (default 16: unlimited
// trees on 2M rows take ~7 GB, more than a wasm heap holds). Its compact
// file (.blm) loaded and saved natively (CLI model-io), in Node (the package,
// both builds, a fresh process each) and in Chromium (a module worker, SIMD +
// threads, as the playground's worker does); the JSON saved beside it
// (jsonChunks into a Blob, as the page does). Wasm saves .blm with toBlob, as
// the page does, and as new Blob([toBinary()]) beside it. The target: load and save each
// <= 2 s, the heap's peak during a load <= 2 x the model's size in memory.
// Medians of BENCH_REPEATS. Writes bench/modelio.json.
import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { benchPage, flightsRepeated, json, median, REPEATS, root, skipWithoutFlights, urlOf, work, writeResults } from './common.mjs';

const copies = Number(process.env.BENCH_MODELIO_COPIES ?? 2);
const depth = Number(process.env.BENCH_MODELIO_DEPTH ?? 16);
skipWithoutFlights();
const csv = flightsRepeated(copies);
const cli = join(root, 'build/native/boostlab-cli');
// The format version in the name: a cached file of an older format would be read by the older path (no checksum).
const model = join(work, `forest-flights_x${copies}-100-d${depth}.v2.blm`);
if (!existsSync(model)) {
  execFileSync(cli, ['train', '--csv', csv, '--target', 'delay', '--train-only', '1', '--valid-fraction', '0', '--params',
    JSON.stringify({ algorithm: 'random_forest', rounds: 100, max_depth: depth }), '--model-out', model], { stdio: ['ignore', 'ignore', 'inherit'] });
}

const nativeRun = json(cli, ['model-io', '--model', model, '--repeats', String(REPEATS)]);
const runs = { native: [{ build: 'native', load_seconds: nativeRun.compact_load_seconds, save_compact_seconds: nativeRun.compact_save_seconds,
  save_json_seconds: nativeRun.json_save_seconds, model_mb: nativeRun.memory_bytes / 2 ** 20, file_mb: nativeRun.compact_bytes / 2 ** 20 }] };
for (const build of ['threads', 'simd']) {
  runs[`node-${build}`] = Array.from({ length: REPEATS }, () => json(process.execPath, [join(root, 'bench/modelio_node.mjs'), model, build]));
}
const { page, close } = await benchPage('/bench/browser/ingest.html');
const url = urlOf(model);
runs.chromium = [];
for (let i = 0; i < REPEATS; i++) runs.chromium.push(await page.evaluate((u) => window.modelIo({ url: u }), url));
await close();

const rows = Object.entries(runs).map(([where, rs]) => {
  const pick = (k) => (rs[0][k] === undefined ? null : median(rs.map((r) => r[k])));
  return { where, load_seconds: pick('load_seconds'), save_compact_seconds: pick('save_compact_seconds'), save_compact_array_seconds: pick('save_compact_array_seconds'), save_json_seconds: pick('save_json_seconds'),
    load_peak_over_model: pick('load_peak_over_model'), save_heap_growth_mb: pick('save_heap_growth_mb'), model_mb: rs[0].model_mb, file_mb: rs[0].file_mb, runs: rs };
});
const f = (v, d = 2) => (v === null ? '—' : v.toFixed(d));
console.log(`forest: 100 trees, depth ${depth}, ${nativeRun.nodes} nodes on ${copies}M rows; in memory ${(nativeRun.memory_bytes / 2 ** 20).toFixed(0)} MB, ` +
  `compact file ${(nativeRun.compact_bytes / 2 ** 20).toFixed(0)} MB, JSON ${(nativeRun.json_bytes / 2 ** 20).toFixed(0)} MB ` +
  `(native JSON load: ${nativeRun.json_load_seconds ?? nativeRun.json_load_error})`);
console.log(['| where | load .blm s | save .blm s (toBlob) | save .blm s (Blob of toBinary) | save JSON s | heap peak during load / model size | heap growth during .blm save MB |',
  '|---|---|---|---|---|---|---|',
  ...rows.map((r) => `| ${r.where} | ${f(r.load_seconds)} | ${f(r.save_compact_seconds)} | ${f(r.save_compact_array_seconds)} | ${f(r.save_json_seconds, 1)} | ` +
    `${f(r.load_peak_over_model)} | ${f(r.save_heap_growth_mb, 0)} |`)].join('\n'));
writeResults('modelio', { copies, depth, repeats: REPEATS, native: nativeRun, rows });
