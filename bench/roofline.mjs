// Our distance to this machine's limits (issue 46), without the peers: each
// training-speed set (common.mjs's SPEED_SETS) trained by our native CLI in
// its train-only mode with 1 and 2 threads (median of REPEATS fits), each
// round's time against the larger of two bounds, the bytes it must move at
// the streaming-read bandwidth and the work it reported at this core's
// compute rates (common.mjs's roofline). peers.mjs prints the same table from
// its own fits; this one is quick enough to run between two changes.
// Writes bench/roofline.json (build/bench/ for some sets: BENCH_DATASETS).
import { machineRates, native, resolved, roofline, rooflineTable, SPEED_PARAMS, SPEED_SETS, writeResults } from './common.mjs';

const rates = machineRates();
const bounds = [];
for (const c of SPEED_SETS) {
  const d = resolved(c);
  if (!d.csv || !d.valid) {
    console.error(`${d.name}: its data is absent: skipped`);
    continue;
  }
  const params = { ...SPEED_PARAMS, eval_metric: d.metric, ...d.params };
  for (const t of [1, 2]) {
    const ours = native(d, params, t, { trainOnly: true });
    bounds.push(roofline(d, ours, t, rates));
    console.error(`${d.name} ${t}T: ${ours.seconds.toFixed(3)} s, ${bounds.at(-1).ratio.toFixed(2)} x its roofline (${bounds.at(-1).limit})`);
  }
}
console.log(rooflineTable(rates, bounds));
writeResults('roofline', { rates, bounds });
