import { init } from '../../wasm/js/index.js';

self.onmessage = async ({ data: spec }) => {
  try {
    // ready: seconds to load the module (and with spec.warmUp, to warm it up
    // as the playground's worker does), as peer-worker.js times the peers'.
    const loading = performance.now();
    const bl = await init({ baseUrl: new URL('../../wasm/dist/web/', self.location.href).href, threads: spec.threads });
    if (spec.warmUp) await bl.warmUp();
    const ready = (performance.now() - loading) / 1000;
    const bytes = new Uint8Array(await (await fetch(spec.csv)).arrayBuffer());
    const validRows = (await (await fetch(spec.validIdx)).text()).trim().split('\n').map(Number);
    const table = bl.readCSV(bytes);
    const data = table.toDataset({ target: spec.target, task: spec.task ?? 'auto', validRows, ...(spec.group ? { group: spec.group } : {}) });
    const times = [];
    let last;
    for (let i = 0; i < spec.repeats; i++) {
      const start = performance.now();
      const model = await bl.train(data, spec.params, { onRound: (r) => { last = r; } });
      times.push((performance.now() - start) / 1000);
      model.dispose();
    }
    self.postMessage({
      seconds: [...times].sort((a, b) => a - b)[Math.floor(times.length / 2)], runs: times,
      valid: last.valid[spec.params.eval_metric], threads: last.threads, heap_mb: bl.heapBytes() / 2 ** 20,
      ready, build: bl.capabilities.build, isolated: self.crossOriginIsolated,
    });
  } catch (e) {
    self.postMessage({ error: String(e?.message ?? e) });
  }
};
