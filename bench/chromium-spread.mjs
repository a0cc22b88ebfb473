// How much ours varies in Chromium from fit to fit and worker to worker
// (issue 22: the browser bench's medians moved between runs): ours on spam
// in WORKERS fresh module workers of one headless Chromium, six fits each,
// every fit's seconds printed. THREADS=0 for the SIMD-only build.
//   node bench/chromium-spread.mjs; THREADS=0 node bench/chromium-spread.mjs
import { join } from 'node:path';
import { benchPage, root, urlOf } from './common.mjs';

const { page, close } = await benchPage();
const threads = process.env.THREADS !== '0';
for (let w = 0; w < Number(process.env.WORKERS ?? 6); w++) {
  const r = await page.evaluate((s) => window.runBench(s), {
    csv: urlOf(join(root, 'tests/data/spam.csv')), validIdx: urlOf(join(root, 'tests/data/spam.valid_idx.txt')), target: 'type',
    params: { objective: 'binary:logistic', rounds: 100, max_depth: 6, eta: 0.1, max_bin: 256, eval_metric: 'logloss', eval_train: 0, ...(threads ? { nthread: 2 } : {}) },
    repeats: 6, threads });
  console.log(`worker ${w} ${r.build}: ${r.runs.map((x) => x.toFixed(3)).join(' ')}  median ${r.seconds.toFixed(3)}`);
}
await close();
