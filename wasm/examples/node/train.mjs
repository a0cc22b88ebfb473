// Train on penguins.csv in Node, report progress, predict, save the model for XGBoost.
import { readFileSync, writeFileSync } from 'node:fs';
import { init } from 'boostlab';

const bl = await init();  // threads in Node
const table = bl.readCSV(readFileSync(new URL('../penguins.csv', import.meta.url)));
const data = table.toDataset({ target: 'species', validFraction: 0.2, seed: 1 });

const model = await bl.train(data, { rounds: 30, max_depth: 3, eta: 0.3 }, {
  onRound: (r) => { if (r.round % 10 === 0) console.log(`round ${r.round}: validation ${r.metric} ${r.valid[r.metric].toFixed(4)}`); },
});

// One row of class probabilities a penguin, in the order of model.summary().classes.
const { classes } = model.summary();
const p = model.predict(table);
const first = classes.map((c, k) => `${c} ${p[k].toFixed(3)}`).join(', ');
console.log(`predicted ${table.numRows} penguins; the first: ${first}`);

writeFileSync('model.xgb.json', model.toXGBoostJSON());  // xgb.Booster().load_model('model.xgb.json')
console.log('saved model.xgb.json');
model.dispose();
data.dispose();
table.dispose();
