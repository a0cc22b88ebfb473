// model.permutationImportance(): a feature the model leans on costs much when
// shuffled, one it never reads nothing; the same numbers with threads and
// without; options and refusals. scikit-learn's numbers are in
// tests/parity/permutation_importance.test.mjs.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { BUILDS, load } from './helpers.mjs';

const n = 300;
const columns = () => ({
  x: Float32Array.from({ length: n }, (_, i) => (i * 37 % 100) / 100),
  z: Float32Array.from({ length: n }, (_, i) => (i * 11 % 13) / 13),
  c: Float32Array.from({ length: n }, () => 1),
  kind: Array.from({ length: n }, (_, i) => ['a', 'b', 'c'][i % 3]),
  y: Float32Array.from({ length: n }, (_, i) => 3 * ((i * 37 % 100) / 100) + ((i * 11 % 13) / 13) / 10 + (i % 3 === 1 ? 0.5 : 0)),
});

const results = [];
for (const build of BUILDS) {
  test(`${build.name}: the feature leaned on costs most, the one never read nothing; r2 drops where rmse rises`, async () => {
    const bl = await load(build);
    const table = bl.fromColumns(columns());
    const data = table.toDataset({ target: 'y', validFraction: 0 });
    const model = await bl.train(data, { rounds: 20, max_depth: 3 });
    const p = model.permutationImportance(table, { repeats: 3, seed: 2 });
    results.push(p);
    assert.equal(p.metric, 'rmse');
    assert.equal(p.rows, n);
    assert.equal(p.baseline, model.evaluate(table).rmse);
    assert.deepEqual(p.features.map((f) => f.name), ['x', 'z', 'c', 'kind']);
    const [x, z, c, kind] = p.features;
    assert.ok(x.mean > 0.5 && x.drops.length === 3, JSON.stringify(x));
    assert.ok(kind.mean > 0.05, 'the category\'s shuffle costs too');
    assert.equal(c.mean, 0);
    assert.equal(c.std, 0);
    assert.ok(z.mean < x.mean / 5);
    const r2 = model.permutationImportance(table, { metric: 'r2', repeats: 3, seed: 2 });
    assert.ok(r2.features[0].mean > 0.3);
    const some = model.permutationImportance(table, { rows: new Uint32Array([0, 3, 6, 9, 12, 15]), repeats: 1 });
    assert.equal(some.rows, 6);
    for (const [options, message] of [
      [{ metric: 'auc' }, /regression model is measured by rmse, mae and r2, not 'auc'/],
      [{ repeats: 0 }, /repeats is how many times each feature is shuffled, 1 to 100, not 0/],
      [{ repeats: 101 }, /1 to 100, not 101/],
      [{ repeat: 2 }, /Unknown permutationImportance\(\) option 'repeat' \(did you mean 'repeats'\?\)/],
      [{ rows: [] }, /rows is empty/],
      [{ rows: [n] }, /Row 300 \(item 0\) is past the last row/],
    ]) assert.throws(() => model.permutationImportance(table, options), message, JSON.stringify(options));
    assert.throws(() => model.permutationImportance(data), /takes a Table/);
    model.dispose(); data.dispose(); table.dispose();
  });
}

test('the same numbers with threads and without', () => {
  assert.equal(results.length, 2);
  assert.deepEqual(results[0].features.map((f) => Array.from(f.drops)), results[1].features.map((f) => Array.from(f.drops)));
});
