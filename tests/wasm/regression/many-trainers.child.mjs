// Run by threads-and-predict.test.mjs in a child process (a deadlocked wasm
// thread blocks Node's event loop, so only a parent can time it out):
//   node many-trainers.child.mjs threads|simd
// Keeps 8 trainers alive and meanwhile trains, throws and aborts; prints one
// JSON line of what happened.
import { init } from '../../../wasm/js/index.js';

const bl = await init({ threads: process.argv[2] === 'threads' });
let csv = 'x,z,y\n';
for (let i = 0; i < 400; i++) csv += `${i % 17},${(i * 7) % 11},${(i % 17) * 2 + ((i * 7) % 11)}\n`;
const table = bl.readCSV(csv);
const data = table.toDataset({ target: 'y', validFraction: 0.2, seed: 1 });
const out = { threads: bl.capabilities.threads, steps: 0 };

// Eight trainers alive at once, each with its own threads before the fix
// (the Emscripten pool holds four): the fifth one's never started.
const algorithms = ['xgboost', 'gbdt', 'random_forest', 'adaboost'];
const alive = [];
for (let i = 0; i < 8; i++) alive.push(bl.trainer(data, { algorithm: algorithms[i % 4], rounds: 4, max_depth: 3 }));
for (const t of alive) {
  t.step();
  out.steps++;
}
// A constructor that throws while they live: it used to join threads that never started.
try {
  bl.trainer(data, { base_score: 1e308 });
  out.threw = 'nothing';
} catch (e) {
  out.threw = e.code;
}
// A trainer made and disposed in the same tick.
bl.trainer(data, { rounds: 5 }).dispose();
out.disposed = true;
// Training with a signal aborted before the first round.
const controller = new AbortController();
controller.abort();
const aborted = await bl.train(data, { rounds: 50 }, { signal: controller.signal });
out.aborted = { aborted: aborted.aborted, trees: aborted.numTrees };
aborted.dispose();
// And a whole training run still works, with the others alive.
const model = await bl.train(data, { rounds: 10, algorithm: 'random_forest' });
out.trained = model.numTrees;
model.dispose();
for (const t of alive) {
  while (!t.done) {
    t.step();
    out.steps++;
  }
  t.take().dispose();
  t.dispose();
}
console.log(JSON.stringify(out));
process.exit(0);
