// Arguments and files the package took before without a clear error:
// - tree(-1), tree(NaN) and tree(1e20) returned tree 0 (a double converted
//   to size_t, undefined behaviour); predictMatrix's row count likewise;
//   then numbers from 2^32 to 2^53 still passed the range check, though
//   wasm32's size_t is 32 bits (undefined behaviour again: a file size of
//   64 GB given to the CSV reader arrived as 0);
// - a model file too large for the heap was parsed until the heap ran out
//   (a 135 MB file), where a stated limit now refuses it at once.
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { BUILDS, load } from '../helpers.mjs';

for (const build of BUILDS) {
  describe(`hostile arguments (${build.name})`, () => {
    test('tree() and predictMatrix() take whole numbers in range', async () => {
      const bl = await load(build);
      const table = bl.readCSV('a,b,y\n1,2,3\n2,3,5\n3,1,4\n4,4,8\n5,2,7\n6,6,12\n');
      const data = table.toDataset({ target: 'y', validFraction: 0 });
      const model = await bl.train(data, { rounds: 3, min_child_weight: 0 });
      assert.equal(model.tree(2).left.length > 0, true);
      for (const bad of [-1, NaN, 1e20, 1.5, 3, 2 ** 32, 2 ** 32 + 2]) {
        assert.throws(() => model.tree(bad), (e) => e.code === 'BAD_ARGUMENT', `tree(${bad})`);
      }
      const values = new Float32Array([1, 2, 3, 4]);
      assert.equal(model.predictMatrix(values, 2).length, 2);
      for (const bad of [-1, NaN, 1e20, 0.5, 3]) {
        assert.throws(() => model.predictMatrix(values, bad), (e) => e.code === 'BAD_ARGUMENT', `predictMatrix(rows = ${bad})`);
      }
      model.dispose();
      data.dispose();
      table.dispose();
    });

    test('a model file past the stated limit is refused before it is read', async () => {
      const bl = await load(build);
      const before = bl.heapBytes();
      // Valid JSON all the way: read as a document it would take ~2 GB.
      const text = '{"format":"boostlab-model","pad":[' + '0,'.repeat(25 * 2 ** 20) + '0]}';
      const started = Date.now();
      assert.throws(() => bl.loadModel(text), (e) => {
        assert.equal(e.code, 'MODEL_TOO_LARGE');
        assert.match(e.message, /The model file is 50 MB; this build reads model JSON of up to 48 MB \(reading JSON takes about 40 times its size in memory/);
        return true;
      });
      assert.ok(Date.now() - started < 20_000, 'refused without reading');
      assert.ok(bl.heapBytes() - before < 256 * 2 ** 20, `the heap grew by ${(bl.heapBytes() - before) / 2 ** 20} MB`);
      // The module works on.
      const small = bl.readCSV('a,y\n1,1\n2,2\n3,3\n');
      assert.equal(small.numRows, 3);
      small.dispose();
    });
  });
}
