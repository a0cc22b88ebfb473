// The worker: the engine lives here. Each round's report goes to the page; a
// 'stop' message aborts after the current round.
import { init } from 'boostlab';

const engine = init({ baseUrl: '/boostlab/' });  // a path is resolved against the site, as in the page
let controller = null;

self.onmessage = async ({ data: m }) => {
  if (m.type === 'stop') return controller?.abort();
  try {
    const bl = await engine;
    const res = await fetch(m.csvUrl);
    if (!res.ok) throw new Error(`${m.csvUrl}: the server answered ${res.status} ${res.statusText}`);
    const table = bl.readCSV(await res.arrayBuffer());
    const data = table.toDataset({ target: 'species', validFraction: 0.2, seed: 1 });
    controller = new AbortController();
    const model = await bl.train(data, { rounds: m.rounds, max_depth: 3, eta: 0.3 }, {
      signal: controller.signal,
      onRound: (r) => self.postMessage({ type: 'round', round: r.round, metric: r.metric, value: r.valid[r.metric] }),
    });
    const { classes } = model.summary();
    const p = model.predict(table);
    self.postMessage({ type: 'done', aborted: model.aborted, trees: model.numTrees, rows: table.numRows,
      first: classes.map((c, k) => `${c} ${p[k].toFixed(3)}`).join(', '), xgboostJson: model.toXGBoostJSON() });
    model.dispose();
    data.dispose();
    table.dispose();
  } catch (e) {
    self.postMessage({ type: 'error', code: e.code ?? e.name, message: e.message });
  }
};
