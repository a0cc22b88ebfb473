import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { describe, test } from 'node:test';
import { BUILDS, load } from './helpers.mjs';

const letter = () => readFileSync(new URL('../data/letter.csv', import.meta.url));

for (const build of BUILDS) {
  describe(`engine (${build.name})`, () => {
    test('multiclass: 26 letters, probabilities per row, accuracy from predictions', async () => {
      const bl = await load(build);
      const table = bl.readCSV(letter());
      const data = table.toDataset({ target: 'lettr', validFraction: 0.2, seed: 0 });
      assert.equal(data.task, 'multiclass');
      const model = await bl.train(data, { rounds: 20, eta: 0.3 });
      assert.equal(model.predictionWidth, 26);
      const p = model.predict(table);
      assert.equal(p.length, 20000 * 26);
      const sum = p.slice(0, 26).reduce((a, b) => a + b, 0);
      assert.ok(Math.abs(sum - 1) < 1e-5);
      const classes = [...new Set(letter().toString().trim().split('\n').slice(1).map((l) => l.split(',').at(-1)))].sort();
      const labels = letter().toString().trim().split('\n').slice(1).map((l) => classes.indexOf(l.split(',').at(-1)));
      let correct = 0;
      for (let r = 0; r < 20000; r++) {
        const row = p.subarray(r * 26, r * 26 + 26);
        correct += row.indexOf(Math.max(...row)) === labels[r];
      }
      assert.ok(correct / 20000 > 0.85, `accuracy ${correct / 20000}`);
    });

    test('feature importance by name, and early stopping keeps the best round', async () => {
      const bl = await load(build);
      const rows = ['a,b,noise,y'];
      for (let i = 0; i < 2000; i++) rows.push(`${i % 50},${(i * 7) % 13},${(i * 31) % 17},${(i % 50) * 2 + ((i * 7) % 13)}`);
      const table = bl.readCSV(rows.join('\n'));
      const data = table.toDataset({ target: 'y', validFraction: 0.2, seed: 2 });
      const reports = [];
      const model = await bl.train(data, { rounds: 1000, eta: 0.5, early_stopping_rounds: 3 }, { onRound: (r) => reports.push(r) });
      const last = reports.at(-1);
      assert.ok(last.stopped && reports.length < 1000);
      assert.equal(model.numTrees, last.bestRound);
      const gain = model.featureImportance('total_gain');
      assert.deepEqual(Object.keys(gain), ['a', 'b', 'noise']);
      assert.ok(gain.a > gain.noise && gain.b > gain.noise);
      assert.throws(() => model.featureImportance('fame'), (e) => e.code === 'BAD_ARGUMENT');
    });

    test('param schema lists every parameter with range and doc', async () => {
      const bl = await load(build);
      const schema = bl.paramSchema();
      for (const name of ['eta', 'max_depth', 'max_leaves', 'grow_policy', 'lambda', 'alpha', 'gamma', 'max_delta_step',
        'subsample', 'colsample_bytree', 'colsample_bylevel', 'colsample_bynode', 'max_bin', 'num_class', 'early_stopping_rounds']) {
        const spec = schema.find((s) => s.name === name);
        assert.ok(spec, name);
        assert.ok(spec.doc.length > 10, name);
      }
      assert.equal(schema.find((s) => s.name === 'subsample').max, 1);
    });

    test('softprob without num_class and subsample > 1 are refused before training', async () => {
      const bl = await load(build);
      const data = bl.readCSV(letter()).toDataset({ target: 'lettr', validFraction: 0.2 });
      await assert.rejects(bl.train(data, { objective: 'multi:softprob' }), (e) => e.code === 'BAD_PARAM' && /num_class/.test(e.message));
      await assert.rejects(bl.train(data, { subsample: 1.5 }), (e) => e.code === 'BAD_PARAM' && /'subsample' is 1.5; allowed range is \(0, 1\]/.test(e.message));
    });
  });
}

for (const build of BUILDS) {
  test(`gbdt (Friedman) trains through the npm API, both steps (${build.name})`, async () => {
    const bl = await load(build);
    const table = bl.readCSV(readFileSync(new URL('../data/spam.csv', import.meta.url)));
    const data = table.toDataset({ target: 'type', validFraction: 0.2, seed: 0 });
    for (const step of ['leaf_line_search', 'tree_line_search']) {
      const reports = [];
      await bl.train(data, { algorithm: 'gbdt', step, rounds: 50, eta: 0.1, max_depth: 3 }, { onRound: (r) => reports.push(r) });
      assert.ok(reports.at(-1).valid.error < 0.1, `${step}: valid error ${reports.at(-1).valid.error}`);
    }
    assert.ok(bl.paramSchema().find((s) => s.name === 'algorithm').choices.includes('gbdt'));
  });
}

for (const build of BUILDS) {
  test(`adaboost reports e_t and alpha_t each round, runs AdaBoost.R2 on a continuous target, refuses classes of one (${build.name})`, async () => {
    const bl = await load(build);
    const table = bl.readCSV(readFileSync(new URL('../data/spam.csv', import.meta.url)));
    const data = table.toDataset({ target: 'type', validFraction: 0.2, seed: 0 });
    const reports = [];
    await bl.train(data, { algorithm: 'adaboost', max_depth: 1, eta: 1, rounds: 30 }, { onRound: (r) => reports.push(r) });
    assert.equal(reports.length, 30);
    assert.ok(reports.every((r) => r.epsilon > 0 && r.epsilon < 0.5 && r.alpha > 0));
    assert.ok(reports.at(-1).valid.error < 0.15);
    const regression = table.toDataset({ target: 'capitalAve', validFraction: 0.2 });
    const r2 = [];
    const model = await bl.train(regression, { algorithm: 'adaboost', max_depth: 3, rounds: 10 }, { onRound: (r) => r2.push(r) });
    assert.ok(r2[0].epsilon > 0 && r2[0].epsilon < 0.5 && r2[0].alpha > 0, JSON.stringify(r2[0]));
    assert.ok(model.toJSON().median_trees);
    // Classification asked of a continuous target is refused when the dataset is made, naming the column.
    assert.throws(() => table.toDataset({ target: 'capitalAve', task: 'binary' }), (e) => e.code === 'TARGET_NOT_BINARY' && /capitalAve/.test(e.message));
    assert.throws(() => table.toDataset({ target: 'capitalAve', task: 'multiclass' }),
      (e) => e.code === 'TARGET_NOT_CLASSES' && e.line > 1 && /'capitalAve'.*not a whole number/.test(e.message));
    const counts = bl.readCSV('x,n\n' + Array.from({ length: 1500 }, (_, i) => `${i % 7},${i}`).join('\n'));
    assert.throws(() => counts.toDataset({ target: 'n', task: 'multiclass' }),
      (e) => e.code === 'TARGET_NOT_CLASSES' && /distinct values; as classes that is more than 1,000 /.test(e.message));
  });
}

test('gradient boosting with exponential loss starts in AdaBoost\'s direction: the same first stump on spam', async () => {
  const bl = await load(BUILDS[1]);
  const table = bl.readCSV(readFileSync(new URL('../data/spam.csv', import.meta.url)));
  const data = table.toDataset({ target: 'type', validFraction: 0.2, seed: 0 });
  // From F0 = 0 the exponential loss's pseudo-residuals are +-1: a least-squares
  // stump on them is AdaBoost's first (uniformly weighted) stump.
  const gb = (await bl.train(data, { algorithm: 'gbdt', objective: 'binary:exponential', base_score: 0.5, max_depth: 1, rounds: 1 })).toJSON();
  const ada = (await bl.train(data, { algorithm: 'adaboost', max_depth: 1, rounds: 1 })).toJSON();
  assert.equal(gb.trees[0].feature[0], ada.trees[0].feature[0]);
  assert.equal(gb.trees[0].threshold[0], ada.trees[0].threshold[0]);
  assert.equal(Math.sign(gb.trees[0].value[1]), Math.sign(ada.trees[0].value[1]), 'same side votes for spam');
  assert.equal(gb.features[gb.trees[0].feature[0]].name, 'charDollar');
});

test('random_forest averages deep trees, reports out-of-bag error per tree, and saves and reloads', async () => {
  const bl = await load(BUILDS[0]);
  const table = bl.readCSV(readFileSync(new URL('../data/spam.csv', import.meta.url)));
  const data = table.toDataset({ target: 'type', validFraction: 0.2, seed: 0 });
  const reports = [];
  const model = await bl.train(data, { algorithm: 'random_forest', rounds: 20 }, { onRound: (r) => reports.push(r) });
  assert.ok(reports.every((r) => r.train.oob_error >= 0));
  assert.ok(reports.at(-1).train.oob_error < reports[0].train.oob_error);
  assert.ok(reports[0].tree.depth > 10, 'deep trees by default');
  const p = model.predict(table);
  assert.ok(p.every((v) => v >= 0 && v <= 1));
  const again = bl.loadModel(JSON.stringify(model.toJSON()));
  assert.deepEqual(again.predict(table), p);
  // take() moves the final model out (a deep forest's trees are its bulk): the
  // same model as a snapshot, and the trainer is done.
  const trainer = bl.trainer(data, { algorithm: 'random_forest', rounds: 3 });
  while (!trainer.done) trainer.step();
  const snap = trainer.snapshot();
  const taken = trainer.take();
  assert.deepEqual(taken.toJSON(), snap.toJSON());
  assert.equal(taken.numTrees, 3);
  assert.equal(trainer.done, true);
  trainer.dispose(); snap.dispose(); taken.dispose();
  // A viewer reads the summary and one tree at a time, never the whole file.
  const whole = model.toJSON();
  const summary = model.summary();
  assert.equal(summary.num_trees, 20);
  assert.equal(summary.trees_per_round, 1);
  assert.equal(summary.trees, undefined);
  assert.equal(summary.target, 'type');
  for (const i of [0, 7, 19]) assert.deepEqual(model.tree(i), whole.trees[i]);
  assert.throws(() => model.tree(20), (e) => e.code === 'BAD_ARGUMENT' && /has 20/.test(e.message));
  assert.deepEqual(JSON.parse(model.toJSONString()), whole);
  assert.deepEqual(bl.loadModel(model.toJSONString()).predict(table), p);
  const ada = await bl.train(data, { algorithm: 'adaboost', rounds: 5 });
  assert.deepEqual(bl.loadModel(JSON.stringify(ada.toJSON())).predict(table), ada.predict(table));
  // 26 classes: one multi-output tree per round, class shares at its leaves.
  const letter = bl.readCSV(readFileSync(new URL('../data/letter.csv', import.meta.url)));
  const forest = await bl.train(letter.toDataset({ target: 'lettr', validFraction: 0.2, seed: 0 }), { algorithm: 'random_forest', rounds: 5 });
  const json = forest.toJSON();
  assert.equal(json.trees.length, 5);
  assert.equal(json.trees[0].leaf_values.length, json.trees[0].left.length * 26);
  assert.equal(forest.summary().trees_per_round, 1, 'one multi-output tree a round');
  assert.deepEqual(forest.tree(4), json.trees[4]);
  const probs = forest.predict(letter);
  assert.equal(probs.length, letter.numRows * 26);
  assert.deepEqual(bl.loadModel(JSON.stringify(json)).predict(letter), probs);
});
