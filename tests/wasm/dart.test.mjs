// booster 'dart' through the package: each round says how many trees it
// dropped, the model predicts what the trainer's margins say, early
// stopping is refused with the reason, and a search of the settings with
// DART stops its trials itself (the engine's early stopping would cut the
// model back to a round whose trees later rounds rescaled).
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { test } from 'node:test';
import { BUILDS, load } from './helpers.mjs';

const spam = () => readFileSync(new URL('../data/spam.csv', import.meta.url));

for (const build of BUILDS) {
  test(`DART trains, reports its drops and predicts its own margins; early stopping is refused (${build.name})`, async () => {
    const bl = await load(build);
    const table = bl.readCSV(spam());
    const data = table.toDataset({ target: 'type', validFraction: 0.2, seed: 1 });
    const params = { booster: 'dart', rate_drop: 0.2, rounds: 30, max_depth: 3, seed: 2 };
    const trainer = bl.trainer(data, params);
    const reports = [];
    while (!trainer.done) reports.push(trainer.step());
    assert.ok(reports.every((r) => Number.isInteger(r.dropped) && r.dropped >= 0));
    assert.ok(reports.slice(5).some((r) => r.dropped > 0), 'rate_drop 0.2 dropped some trees');
    const margins = trainer.margins({ valid: true });
    const model = trainer.take();
    const predicted = model.predict(data, { output: 'margin' });
    const valid = data.validRows();
    valid.forEach((row, i) => assert.ok(Math.abs(predicted[row] - margins[i]) < 1e-4, `row ${row}: ${predicted[row]} predicted, ${margins[i]} trained`));
    await assert.rejects(bl.train(data, { ...params, early_stopping_rounds: 5 }),
      (e) => e.code === 'BAD_PARAM' && /early_stopping_rounds' with booster dart/.test(e.message));
    await assert.rejects(bl.train(data, { ...params, algorithm: 'gbdt' }), (e) => e.code === 'BAD_PARAM' && /trains with algorithm xgboost/.test(e.message));
    for (const x of [trainer, model, data, table]) x.dispose();
  });
}

test('a search of the settings with DART stops each trial on its own, as cv() does', async () => {
  const bl = await load(BUILDS[0]);
  const table = bl.readCSV(spam());
  for (const by of ['validation', 'cv']) {
    const result = await bl.tune(table, { target: 'type', ...(by === 'validation' ? { validFraction: 0.2 } : {}) },
      { booster: 'dart', rate_drop: 0.1, rounds: 300, max_depth: 3, eta: 0.5, early_stopping_rounds: 5 },
      { space: { max_depth: { min: 2, max: 4 } }, trials: 2, by, ...(by === 'cv' ? { nfold: 3 } : {}) });
    for (const t of result.trials) {
      assert.equal(t.error, undefined, `${by}: trial ${t.trial} failed: ${t.error?.message}`);
      assert.ok(t.roundsTrained < 300 && t.roundsTrained - t.bestRound === 5, `${by}: trial ${t.trial} trained ${t.roundsTrained}, best ${t.bestRound}`);
      assert.equal(t.params.booster, 'dart');
    }
  }
  table.dispose();
});
