// An A/B of two builds of the wasm engine in Node, interleaved (A, B, A, B,
// ...), for a change whose gain is smaller than one machine's drift: each
// argument is a copy of this package's wasm/ folder (js/ and dist/), built
// before and after. Per fit: the rounds' milliseconds summed, and of them
// the histograms', the partitions' and the split searches' (the round
// reports' timings), and the last round's validation metric (the builds
// must train the same model). A bench set's rows, split and parameters
// (common.mjs's SPEED_SETS: depth 6, eta 0.1, max_bin 256).
//   node bench/wasm_ab.mjs SET ROUNDS DIR_A DIR_B...   (THREADS=2: the threads build on 2)
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { REPEATS, resolved, SPEED_PARAMS, SPEED_SETS } from './common.mjs';

const [name, rounds, ...dirs] = process.argv.slice(2);
const set = SPEED_SETS.find((s) => s.name === name);
if (!set || !(Number(rounds) > 0) || dirs.length < 2) {
  console.error(`usage: node bench/wasm_ab.mjs ${SPEED_SETS.map((s) => s.name).join('|')} ROUNDS DIR_A DIR_B...`);
  process.exit(2);
}
const d = resolved(set);
const threads = process.env.THREADS === '2';
const libs = [];
for (const dir of dirs) libs.push(await (await import(resolve(dir, 'js/index.js'))).init({ build: threads ? 'node-threads' : 'node-simd' }));
const text = readFileSync(d.csv);
const validRows = readFileSync(d.valid, 'utf8').trim().split('\n').map(Number);
const data = libs.map((bl) => bl.readCSV(text).toDataset({ target: d.target, validRows }));
const params = { ...SPEED_PARAMS, ...d.params, rounds: Number(rounds), nthread: threads ? 2 : 1 };
for (let rep = 0; rep < REPEATS; rep++)
  for (let i = 0; i < libs.length; i++) {
    const sum = { rounds: 0, histogram: 0, partition: 0, split: 0 };
    let last;
    await libs[i].train(data[i], params, {
      onRound: (r) => {
        last = r;
        sum.rounds += r.ms;
        for (const k of ['histogram', 'partition', 'split']) sum[k] += r.timings[k];
      },
    });
    console.log(`${dirs[i]}: ${Object.entries(sum).map(([k, v]) => `${k} ${v.toFixed(0)} ms`).join(', ')}; valid ${JSON.stringify(last.valid)}`);
  }
