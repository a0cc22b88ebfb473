// Loads and saves a model file with the package in a module worker (as the
// playground's worker does with a picked file): bench/modelio.mjs. The file
// is fetched here (untimed), not handed over as a Blob: a big Blob made on
// the page lives in Chromium's blob store (on disk past a limit), and reading
// it back took 30 s for 664 MB, which no picked File costs.
import { init } from '../../wasm/js/index.js';
import { modelIo } from '../modelio_run.mjs';

self.onmessage = async ({ data: { url, threads } }) => {
  try {
    const bl = await init({ baseUrl: new URL('../../wasm/dist/web/', self.location.href).href, threads });
    const bytes = new Uint8Array(await (await fetch(url)).arrayBuffer());
    self.postMessage(modelIo(bl, bytes));
  } catch (e) {
    self.postMessage({ error: String(e?.message ?? e) });
  }
};
