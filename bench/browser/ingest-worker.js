// Reads the Blob it is given with readCSVStream, as the playground's worker
// reads a picked file, and reports the seconds and the heap.
import { init } from '../../wasm/js/index.js';

self.onmessage = async ({ data: { blob, threads } }) => {
  try {
    const bl = await init({ baseUrl: new URL('../../wasm/dist/web/', self.location.href).href, threads: threads > 1 });
    const start = performance.now();
    const table = await bl.readCSVStream(blob);
    const seconds = (performance.now() - start) / 1000;
    self.postMessage({ seconds, rows: table.numRows, columns: table.columns.length, heap_mb: bl.heapBytes() / 2 ** 20, build: bl.capabilities.build });
    table.dispose();
  } catch (e) {
    self.postMessage({ error: String(e?.message ?? e) });
  }
};
