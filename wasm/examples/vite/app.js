// The page: on "Train", load the engine from the site's boostlab/ folder, read
// penguins.csv, train with progress, predict, and offer the model as an
// XGBoost file. (The webpack example's app.js is the same file: each example stands alone.)
import { init } from 'boostlab';

const log = (line) => { document.querySelector('#log').textContent += line + '\n'; };

async function train() {
  const bl = await init({ baseUrl: '/boostlab/' });  // where the site serves node_modules/boostlab/dist/web/
  log(`engine: ${bl.capabilities.build}`);
  const res = await fetch(new URL('../penguins.csv', import.meta.url));
  // A server's error page would otherwise be read as a CSV (and its <body> named as a column).
  if (!res.ok) throw new Error(`penguins.csv: the server answered ${res.status} ${res.statusText}`);
  const csv = await res.arrayBuffer();
  const table = bl.readCSV(csv);
  const data = table.toDataset({ target: 'species', validFraction: 0.2, seed: 1 });
  const model = await bl.train(data, { rounds: 30, max_depth: 3, eta: 0.3 }, {
    onRound: (r) => { if (r.round % 10 === 0) log(`round ${r.round}: validation ${r.metric} ${r.valid[r.metric].toFixed(4)}`); },
  });
  const { classes } = model.summary();
  const p = model.predict(table);  // a row of class probabilities a penguin
  log(`predicted ${table.numRows} penguins; the first: ${classes.map((c, k) => `${c} ${p[k].toFixed(3)}`).join(', ')}`);
  const link = document.querySelector('#download');
  link.href = URL.createObjectURL(new Blob([model.toXGBoostJSON()], { type: 'application/json' }));
  link.hidden = false;
  model.dispose();
  data.dispose();
  table.dispose();
}

document.querySelector('#train').addEventListener('click', () => train().catch((e) => log(`${e.code ?? e.name}: ${e.message}`)));
