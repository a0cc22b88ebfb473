// Arrays in: fromColumns and fromRows build the Table a CSV would, so the
// same model trains from either; bad columns say which; validRows takes a
// typed array.
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { BUILDS, load } from './helpers.mjs';

for (const build of BUILDS) {
  describe(`arrays in (${build.name})`, () => {
    test('fromColumns and fromRows train the same model as the same CSV', async () => {
      const bl = await load(build);
      const n = 200;
      const x = Float32Array.from({ length: n }, (_, i) => (i * 37) % 101);
      const z = Array.from({ length: n }, (_, i) => (i % 13 === 0 ? null : (i * 17) % 23));
      const colour = Array.from({ length: n }, (_, i) => ['red', 'green', null, 'blue'][i % 4]);
      const y = Float64Array.from({ length: n }, (_, i) => x[i] / 10 + (i % 4 === 0 ? 3 : 0));
      const csv = 'x,z,colour,y\n' + Array.from({ length: n }, (_, i) => `${x[i]},${z[i] ?? ''},${colour[i] ?? ''},${y[i]}`).join('\n');
      const fromCsv = bl.readCSV(csv);
      const fromArrays = bl.fromColumns({ x, z, colour, y });
      assert.deepEqual(fromArrays.columns, fromCsv.columns, 'the same column summaries');
      const params = { rounds: 5, max_depth: 3, nthread: 1 };
      const options = { target: 'y', validRows: Int32Array.from([0, 5, 10, 15]) };
      const a = await bl.train(fromCsv.toDataset(options), params);
      const b = await bl.train(fromArrays.toDataset(options), params);
      assert.equal(b.toJSONString(), a.toJSONString(), 'the same model, byte for byte');
      const rows = bl.fromRows(Float32Array.from({ length: 2 * n }, (_, k) => (k % 2 ? y : x)[k >> 1]), n, ['x', 'y']);
      assert.deepEqual(rows.columns.map((c) => c.name), ['x', 'y']);
      assert.equal(rows.numRows, n);
      const codes = bl.fromColumns({ k: [1, 2, 1, 3], v: [0.5, 1, 2, 3] }, { categorical: ['k'] });
      assert.equal(codes.columns[0].type, 'categorical');
      assert.deepEqual(codes.columns[0].levels, ['1', '2', '3']);
      for (const t of [fromCsv, fromArrays, rows, codes]) t.dispose();
      a.dispose(); b.dispose();
    });

    test('a bad column says which: another length, a repeated name, an infinity', async () => {
      const bl = await load(build);
      assert.throws(() => bl.fromColumns({ a: [1, 2, 3], b: [1, 2] }), (e) => e.code === 'BAD_ARGUMENT' && /'b' has 2 values; 'a' has 3/.test(e.message));
      assert.throws(() => bl.fromColumns({ a: [1, Infinity] }), (e) => e.code === 'BAD_ARGUMENT' && /'a', row 1: Infinity/.test(e.message));
      assert.throws(() => bl.fromColumns({ a: [1, { x: 1 }] }), (e) => e.code === 'BAD_ARGUMENT');
      assert.throws(() => bl.fromRows(new Float32Array(5), 2, ['a', 'b']), (e) => e.code === 'BAD_ARGUMENT' && /rows x 2/.test(e.message));
      assert.throws(() => bl.fromColumns({}), (e) => e.code === 'BAD_ARGUMENT');
    });
  });
}
