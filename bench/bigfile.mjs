// npm run bench, a big file in the tab (issue 20): flights_1m repeated
// BENCH_BIGFILE_COPIES times (default 40: 1 GB, 40M rows; made by bench/ingest.mjs's
// rule here too) read and trained in headless Chromium, SIMD + 2 threads, in one
// module worker: rounds (default 100) of depth 6 on `delay` (minutes, regression),
// as the page trains: binned a piece at a time, then the table's numbers let go
// (BENCH_BIGFILE_KEEP=1 keeps them, as the page did before). Reports the time to
// the first round, the total, the parse speed and the wasm heap; the issue's
// bound on the peak heap is 2 x (binned matrix + per-row training state) +
// 64 MB, with the binned matrix 2 bytes a row a feature (by row and by column).
// The training state: with the table let go, everything else the heap holds
// at the end (labels, rows, margins, gradients, the learners' row lists, the
// model); with it kept, what the heap grew by after the dataset, less the bins.
// Writes bench/bigfile.json.
import { statSync } from 'node:fs';
import { benchPage, flightsRepeated, skipWithoutFlights, urlOf, writeResults } from './common.mjs';

const copies = Number(process.env.BENCH_BIGFILE_COPIES ?? 40);
const rounds = Number(process.env.BENCH_BIGFILE_ROUNDS ?? 100);
skipWithoutFlights();
const file = flightsRepeated(copies);
const mb = statSync(file).size / 2 ** 20;
const { page, close } = await benchPage('/bench/browser/ingest.html');
const url = urlOf(file);
const keep = process.env.BENCH_BIGFILE_KEEP === '1';
const r = await page.evaluate((s) => window.oursTrain(s), { url, target: 'delay', keep, params: { rounds, max_depth: 6, eta: 0.1, max_bin: 256, nthread: 2 } });
await close();
const features = r.columns - 1;
const binnedMb = (2 * r.rows * features) / 2 ** 20;
const stateMb = r.released ? r.heap_used_end_mb - binnedMb : r.heap_used_end_mb - r.heap_after_dataset_mb - binnedMb;
const bound = 2 * (binnedMb + stateMb) + 64;
const out = { file: file.split('/').pop(), megabytes: mb, ...r, parse_mb_per_s: mb / r.read_seconds, binned_mb: binnedMb, state_mb: stateMb, bound_mb: bound };
console.log(`${out.file} (${mb.toFixed(0)} MB, ${r.rows} rows): read ${r.read_seconds.toFixed(1)} s (${out.parse_mb_per_s.toFixed(0)} MB/s), ` +
  `binned at ${r.binned_seconds.toFixed(1)} s (${r.binning_pieces} pieces), first round at ${r.first_round_seconds.toFixed(1)} s, ` +
  `${r.rounds} rounds done at ${r.total_seconds.toFixed(1)} s; heap after read ${r.heap_after_read_mb.toFixed(0)} MB (peak so far ${r.peak_heap_read_mb.toFixed(0)} MB), ` +
  `after dataset ${r.heap_after_dataset_mb.toFixed(0)} MB (peak so far ${r.peak_heap_dataset_mb.toFixed(0)} MB), after binning ${r.heap_after_binning_mb.toFixed(0)} MB (peak so far ${r.peak_heap_binning_mb.toFixed(0)} MB), ` +
  `${r.released ? `after letting the table go ${r.heap_after_release_mb.toFixed(0)} MB` : 'table kept'}, at the end ${r.heap_used_end_mb.toFixed(0)} MB; ` +
  `peak ${r.peak_heap_mb.toFixed(0)} MB against the bound ${bound.toFixed(0)} MB ` +
  `(binned ${binnedMb.toFixed(0)} MB, training state ${stateMb.toFixed(0)} MB): ${r.peak_heap_mb <= bound ? 'within' : 'over'}`);
writeResults('bigfile', out);
