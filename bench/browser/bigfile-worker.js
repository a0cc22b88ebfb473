// Reads a big CSV Blob with readCSVStream (as the playground's worker reads a
// picked file) and trains on it as the page does: binning a piece at a time,
// then (unless `keep`) the table's numbers let go before round 1 when they
// pass the page's 768 MB. Reports each phase's seconds, the heap in use after
// it and the heap's size by then (the wasm memory never shrinks: its size is
// the peak so far).
import { init } from '../../wasm/js/index.js';

const RELEASE_TABLE_OVER = 768 * 2 ** 20;  // web/src/worker/train.worker.ts's releaseTableOver

self.onmessage = async ({ data: { blob, target, params, keep } }) => {
  try {
    const bl = await init({ baseUrl: new URL('../../wasm/dist/web/', self.location.href).href, threads: true });
    const mb = () => bl._module.heapStats().used / 2 ** 20;
    const sizeMb = () => bl.heapBytes() / 2 ** 20;  // the wasm memory's size: the peak so far
    const t0 = performance.now();
    const table = await bl.readCSVStream(blob, { forTraining: true });
    const read = (performance.now() - t0) / 1000, afterRead = mb(), peakRead = sizeMb();
    const rows = table.numRows, columns = table.columns.length;
    const data = table.toDataset({ target, validFraction: 0.1, seed: 0 });
    const afterDataset = mb(), peakDataset = sizeMb();
    const trainer = bl.trainer(data, params);
    let pieces = 0;
    while (trainer.prepare() < 1) pieces++;
    const binned = (performance.now() - t0) / 1000, afterBinning = mb(), peakBinning = sizeMb();
    const release = !keep && rows * columns * 4 > RELEASE_TABLE_OVER;
    if (release) {
      data.releaseValues();
      table.dispose();
    }
    const afterRelease = mb();
    let firstRound = 0, last;
    while (!trainer.done) {
      last = trainer.step();
      if (!firstRound) firstRound = (performance.now() - t0) / 1000;
    }
    const total = (performance.now() - t0) / 1000;
    self.postMessage({
      rows, columns, read_seconds: read, binned_seconds: binned, binning_pieces: pieces + 1, first_round_seconds: firstRound,
      total_seconds: total, rounds: last.round, valid: last.valid, released: release,
      heap_after_read_mb: afterRead, peak_heap_read_mb: peakRead, heap_after_dataset_mb: afterDataset, peak_heap_dataset_mb: peakDataset, heap_after_binning_mb: afterBinning,
      peak_heap_binning_mb: peakBinning, heap_after_release_mb: afterRelease, heap_used_end_mb: mb(), peak_heap_mb: sizeMb(),
      build: bl.capabilities.build,
    });
  } catch (e) {
    self.postMessage({ error: String(e?.message ?? e) });
  }
};
