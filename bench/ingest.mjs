// npm run bench, CSV ingest (issue 20): one file read into typed columns by
// our reader and by the references, in one run, printed as ratios (their
// seconds over ours: above 1, ours is faster).
//   natively: boostlab-cli read-csv (the chunked reader, one thread) against pandas.read_csv (Debian's, C engine)
//   Chromium: readCSVStream in a module worker against DuckDB-wasm's read_csv into a table, both from one Blob,
//             with 1 thread (SIMD-only build; DuckDB's eh bundle) and 2 (threads build; DuckDB's coi bundle)
// The files: flights_1m.csv repeated BENCH_INGEST_COPIES times (default "10,40": 256 MB and 1 GB,
// 40M rows; DuckDB-wasm runs out of its memory on the second), made here. Writes bench/ingest.json.
import { statSync } from 'node:fs';
import { join } from 'node:path';
import { benchPage, flightsRepeated, json, REPEATS, root, skipWithoutFlights, urlOf, writeResults } from './common.mjs';

const sizes = (process.env.BENCH_INGEST_COPIES ?? '10,40').split(',').map(Number);
skipWithoutFlights();
const results = [];
const { page, close } = await benchPage('/bench/browser/ingest.html');
for (const copies of sizes) await ingest(copies);
await close();

async function ingest(copies) {
  const file = flightsRepeated(copies);
  const mb = statSync(file).size / 2 ** 20;
  console.error(`ingest: ${file} (${mb.toFixed(0)} MB)`);

  const row = (reader, where, threads, r) => {
    results.push({ file: file.split('/').pop(), megabytes: mb, reader, where, threads, seconds: r.seconds, mb_per_s: mb / r.seconds, rows: r.rows, columns: r.columns,
                   peak_rss_mb: r.peak_rss_mb ?? null, heap_mb: r.heap_mb ?? null, version: r.version ?? null });
    console.error(`ingest ${where} ${reader} ${threads}T: ${r.seconds.toFixed(2)} s (${(mb / r.seconds).toFixed(0)} MB/s), ${r.rows} rows`);
  };
  const repeats = Math.max(1, Math.min(REPEATS, copies >= 20 ? 1 : REPEATS));  // a 1 GB file: one read each
  row('boostlab', 'native', 1, json(join(root, 'build/native/boostlab-cli'), ['read-csv', '--csv', file, '--repeats', String(repeats)]));
  row('pandas', 'native', 1, json('/usr/bin/python3', [join(root, 'bench/pandas_read.py'), file, String(repeats)]));

  const url = urlOf(file);
  for (const threads of [1, 2]) {
    const median = async (fn) => {
      const runs = [];
      for (let i = 0; i < repeats; i++) runs.push(await page.evaluate(fn, { url, threads }));
      return runs.sort((a, b) => a.seconds - b.seconds)[Math.floor(runs.length / 2)];
    };
    row('boostlab', 'chromium', threads, await median((s) => window.oursRead(s)));
    try {
      row('duckdb-wasm', 'chromium', threads, await median((s) => window.duckdbRead(s)));
    } catch (e) {  // a peer that cannot read the file: how it fails is the result
      results.push({ file: file.split('/').pop(), megabytes: mb, reader: 'duckdb-wasm', where: 'chromium', threads, failed: String(e.message).split('\n')[0].slice(0, 200) });
      console.error(`ingest chromium duckdb-wasm ${threads}T failed: ${results.at(-1).failed}`);
    }
  }
}


const ours = (file, where, threads) => results.find((r) => r.file === file && r.reader === 'boostlab' && r.where === where && r.threads === threads);
const lines = ['| file | where | reader | threads | seconds | MB/s | rows | their seconds / ours |', '|---|---|---|---|---|---|---|---|'];
for (const r of results) {
  if (r.failed) {
    lines.push(`| ${r.file} | ${r.where} | ${r.reader} | ${r.threads} | failed: ${r.failed} | | | |`);
    continue;
  }
  const base = ours(r.file, r.where, r.where === 'native' ? 1 : r.threads);
  r.ratio = r.reader === 'boostlab' ? null : r.seconds / base.seconds;
  lines.push(`| ${r.file} | ${r.where} | ${r.reader}${r.version ? ' ' + r.version : ''} | ${r.threads} | ${r.seconds.toFixed(2)} | ${r.mb_per_s.toFixed(0)} | ${r.rows} | ${r.ratio === null ? '–' : r.ratio.toFixed(2)} |`);
}
console.log(`CSV ingest\n\n${lines.join('\n')}`);
writeResults('ingest', { results });
