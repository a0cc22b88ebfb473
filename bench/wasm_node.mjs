// Times BoostLab's wasm build in Node for bench/run.mjs and prints one JSON
// object: median train seconds of N fits, valid metric, heap size.
//   node wasm_node.mjs CSV TARGET VALID_IDX BUILD PARAMS_JSON REPEATS   (BUILD: node-threads | node-simd | node-scalar)
import { readFileSync } from 'node:fs';
import { init } from '../wasm/js/index.js';

const [csv, target, validIdx, build, paramsJson, repeats] = process.argv.slice(2);
const bl = await init({ build });
const table = bl.readCSV(readFileSync(csv));
const validRows = readFileSync(validIdx, 'utf8').trim().split('\n').map(Number);
const data = table.toDataset({ target, validRows });
const params = JSON.parse(paramsJson);
const times = [], histogram = [];
let last;
for (let i = 0; i < Number(repeats); i++) {
  const start = performance.now();
  let hist = 0;
  const model = await bl.train(data, params, { onRound: (r) => { last = r; hist += r.timings.histogram / 1000; } });
  histogram.push(hist);
  times.push((performance.now() - start) / 1000);
  model.dispose();
}
console.log(JSON.stringify({
  seconds: [...times].sort((a, b) => a - b)[Math.floor(times.length / 2)], runs: times,
  histogram_seconds: [...histogram].sort((a, b) => a - b)[Math.floor(histogram.length / 2)],
  valid: last.valid[params.eval_metric], metric: params.eval_metric, threads: last.threads,
  heap_mb: bl.heapBytes() / 2 ** 20, peak_rss_mb: process.resourceUsage().maxRSS / 1024, build: bl.capabilities.build,
}));
