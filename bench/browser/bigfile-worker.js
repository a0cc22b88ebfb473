// Reads a big CSV Blob with readCSVStream (as the playground's worker reads a
// picked file) and trains on it, reporting each phase's seconds and the heap.
import { init } from '../../wasm/js/index.js';

self.onmessage = async ({ data: { blob, target, params } }) => {
  try {
    const bl = await init({ baseUrl: new URL('../../wasm/dist/web/', self.location.href).href, threads: true });
    const mb = () => bl._module.heapStats().used / 2 ** 20;
    const t0 = performance.now();
    const table = await bl.readCSVStream(blob, { forTraining: true });
    const read = (performance.now() - t0) / 1000, afterRead = mb();
    const data = table.toDataset({ target, validFraction: 0.1, seed: 0 });
    const afterDataset = mb();
    const trainer = bl.trainer(data, params);
    let firstRound = 0, last;
    while (!trainer.done) {
      last = trainer.step();
      if (!firstRound) firstRound = (performance.now() - t0) / 1000;
    }
    const total = (performance.now() - t0) / 1000;
    self.postMessage({
      rows: table.numRows, columns: table.columns.length, features: data.numTrain ? table.columns.length - 1 : 0,
      read_seconds: read, first_round_seconds: firstRound, total_seconds: total, rounds: last.round, valid: last.valid,
      heap_after_read_mb: afterRead, heap_after_dataset_mb: afterDataset, heap_used_end_mb: mb(), peak_heap_mb: bl.heapBytes() / 2 ** 20,
      build: bl.capabilities.build,
    });
  } catch (e) {
    self.postMessage({ error: String(e?.message ?? e) });
  }
};
