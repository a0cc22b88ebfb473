// trainer.roundStatistics(): what the round just trained was fit to, as the
// teaching views show it. Each check recomputes the quantity from the model
// and the data (margins of the first t-1 rounds, the tree's own G and H) and
// compares it with what the engine reports.
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { BUILDS, load, spamCsv } from './helpers.mjs';

// y = a smooth function of x plus a step: a table small enough to check row by row.
function toyTable(bl, n = 240) {
  const x = Float64Array.from({ length: n }, (_, i) => (i * 7919) % n / 10);
  const z = Float64Array.from({ length: n }, (_, i) => (i * 31) % 17);
  const y = Float64Array.from({ length: n }, (_, i) => Math.sin(x[i]) + (z[i] > 8 ? 1 : 0));
  return bl.fromColumns({ x, z, y });
}

for (const build of BUILDS) {
  describe(`round statistics (${build.name})`, () => {
    test('xgboost: g = F_{t-1}(x) - y, h = 1, and each leaf holds G, H and w* = -G/(H+lambda) of its tree', async () => {
      const bl = await load(build);
      const table = toyTable(bl);
      const data = table.toDataset({ target: 'y', validFraction: 0.25, seed: 3 });
      const trainer = bl.trainer(data, { rounds: 3, max_depth: 3, eta: 0.4, lambda: 1.5, nthread: 1 });
      assert.equal(trainer.roundStatistics().round, 0);
      trainer.step();
      trainer.step();
      const stats = trainer.roundStatistics();
      const model = trainer.snapshot();
      const before = model.predict(table, { output: 'margin', rounds: 1 });
      const valid = new Set(data.validRows());
      const labels = data.labels();
      assert.equal(labels.length, table.numRows);
      assert.equal(stats.kind, 'gradients');
      assert.equal(stats.round, 2);
      assert.equal(stats.grad.length, table.numRows);
      const n = table.numRows;
      for (let r = 0; r < n; r++) {
        const x = ((r * 7919) % n) / 10, z = (r * 31) % 17;
        const target = Math.fround(Math.sin(x) + (z > 8 ? 1 : 0));
        assert.equal(labels[r], target, `data.labels() of row ${r}`);
        if (valid.has(r)) {
          assert.equal(stats.grad[r], 0, `validation row ${r}`);
          continue;
        }
        assert.ok(Math.abs(stats.grad[r] - (before[r] - target)) < 1e-5, `row ${r}: g ${stats.grad[r]} vs ${before[r] - target}`);
        assert.equal(stats.hess[r], 1);
      }
      const tree = model.tree(1);
      let rows = 0;
      for (const leaf of stats.leaves) {
        assert.equal(leaf.tree, 1);
        assert.equal(tree.left[leaf.node], -1, 'a leaf');
        rows += leaf.rows;
        assert.ok(Math.abs(leaf.sumGrad - tree.sum_grad[leaf.node]) < 1e-4);
        assert.ok(Math.abs(leaf.sumHess - tree.cover[leaf.node]) < 1e-4);
        assert.ok(Math.abs(leaf.step - -leaf.sumGrad / (leaf.sumHess + 1.5)) < 1e-6);
        assert.ok(Math.abs(tree.value[leaf.node] - 0.4 * leaf.step) < 1e-6, 'the tree adds eta * w*');
      }
      assert.equal(rows, data.numTrain);
      model.dispose();
      trainer.dispose();
      data.dispose();
      table.dispose();
    });

    test('gbdt: the line search moves logistic leaves off their mean residual; tree_line_search reports alpha_t', async () => {
      const bl = await load(build);
      const table = bl.readCSV(spamCsv());
      const data = table.toDataset({ target: 'type', seed: 1 });
      const trainer = bl.trainer(data, { algorithm: 'gbdt', rounds: 1, max_depth: 2, nthread: 1 });
      trainer.step();
      const stats = trainer.roundStatistics();
      assert.equal(stats.leaves.length, 4);
      for (const leaf of stats.leaves) {
        assert.ok(Math.abs(leaf.step - -leaf.sumGrad / leaf.sumHess) < 1e-6 * Math.max(1, Math.abs(leaf.step)), 'Newton: sum r / sum p(1-p)');
        assert.ok(Math.abs(leaf.mean - -leaf.sumGrad / leaf.weight) < 1e-9);
      }
      assert.ok(stats.leaves.some((l) => Math.abs(l.step - l.mean) > 0.1), 'some leaf steps away from its mean');
      assert.deepEqual(stats.treeAlpha, []);
      trainer.dispose();
      const tls = bl.trainer(data, { algorithm: 'gbdt', step: 'tree_line_search', rounds: 1, max_depth: 2, nthread: 1 });
      tls.step();
      const t = tls.roundStatistics();
      assert.equal(t.treeAlpha.length, 1);
      for (const leaf of t.leaves) assert.ok(Math.abs(leaf.step - t.treeAlpha[0] * leaf.mean) < 1e-6);
      tls.dispose();
      data.dispose();
      table.dispose();
    });

    test('adaboost reports the u its tree saw (last round\'s update), and a forest its bootstrap counts', async () => {
      const bl = await load(build);
      const table = bl.readCSV(spamCsv());
      const data = table.toDataset({ target: 'type', seed: 2 });
      // Classes by index: spam's 'type' is nonspam (0) or spam (1).
      assert.deepEqual(new Set(data.labels()), new Set([0, 1]));
      const ada = bl.trainer(data, { algorithm: 'adaboost', rounds: 3, nthread: 1 });
      ada.step();
      const after = ada.sampleWeights();
      ada.step();
      const stats = ada.roundStatistics();
      assert.equal(stats.kind, 'weights');
      assert.deepEqual(Array.from(stats.weight), Array.from(after));
      assert.ok(Math.abs(stats.weight.reduce((a, b) => a + b, 0) - 1) < 1e-9);
      assert.equal(stats.drawn, undefined);
      ada.dispose();
      const drawnBy = [];
      for (const nthread of [1, 2]) {
        const forest = bl.trainer(data, { algorithm: 'random_forest', rounds: 2, max_depth: 3, nthread });
        forest.step();
        forest.step();
        const s = forest.roundStatistics();
        assert.equal(s.kind, 'bootstrap');
        assert.equal(s.drawn.reduce((a, b) => a + b, 0), data.numTrain);
        for (const r of data.validRows()) assert.equal(s.drawn[r], 0);
        drawnBy.push(Array.from(s.drawn));
        // Each split chose one of the features it drew.
        const snapshot = forest.snapshot();
        const tree = snapshot.tree(1);
        snapshot.dispose();
        const tried = new Map(s.tried.map((t) => [t.node, t.features]));
        for (let i = 0; i < tree.left.length; i++)
          if (tree.left[i] >= 0) assert.ok(tried.get(i)?.includes(tree.feature[i]), `node ${i} split on a feature it drew`);
        drawnBy.push(JSON.stringify(s.tried));
        forest.dispose();
      }
      assert.deepEqual(drawnBy.slice(0, 2), drawnBy.slice(2), 'the same draws on any thread count');
      data.dispose();
      table.dispose();
    });
  });
}
