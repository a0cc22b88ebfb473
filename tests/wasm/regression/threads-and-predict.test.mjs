// Two faults of the threaded and SIMD-only builds, each with the spec that
// failed before its fix:
// - model.predict(dataset) sized its output for n values while a multiclass
//   model writes n x K: it overflowed the heap, and later calls failed with
//   "memory access out of bounds";
// - every trainer had its own threads, and the Emscripten pool holds four:
//   with four trainers alive, the next one that threw in its constructor,
//   was disposed in the tick it was made, or trained with an aborted signal
//   never returned.
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { describe, test } from 'node:test';
import { BUILDS, load } from '../helpers.mjs';

function threeClassTable(bl) {
  let csv = 'a,b,c,label\n';
  for (let i = 0; i < 300; i++) {
    const a = (i * 37) % 100, b = (i * 11) % 7;
    csv += `${a},${b},${i % 3 ? 'u' : 'v'},${a < 33 ? 'low' : a < 66 ? 'mid' : 'high'}\n`;
  }
  return bl.readCSV(csv);
}

for (const build of BUILDS) {
  describe(`regression (${build.name})`, () => {
    test('a multiclass model predicts n x K values from a Table, a Dataset and a matrix', async () => {
      const bl = await load(build);
      const table = threeClassTable(bl);
      const data = table.toDataset({ target: 'label', validFraction: 0 });
      for (const algorithm of ['xgboost', 'gbdt', 'adaboost', 'random_forest']) {
        const model = await bl.train(data, { algorithm, rounds: 5, max_depth: 3 });
        assert.equal(model.predictionWidth, 3, algorithm);
        const fromTable = model.predict(table);
        const fromData = model.predict(data);
        assert.equal(fromTable.length, 300 * 3, `${algorithm}: table`);
        assert.equal(fromData.length, 300 * 3, `${algorithm}: dataset`);
        assert.deepEqual(fromData, fromTable, `${algorithm}: the same rows, the same probabilities`);
        const matrix = new Float32Array(300 * 3);
        const codes = { u: 0, v: 1 };
        for (let i = 0; i < 300; i++) {
          matrix[i * 3] = (i * 37) % 100;
          matrix[i * 3 + 1] = (i * 11) % 7;
          matrix[i * 3 + 2] = codes[i % 3 ? 'u' : 'v'];
        }
        assert.deepEqual(model.predictMatrix(matrix, 300), fromTable, `${algorithm}: matrix`);
        for (let i = 0; i < 300; i++) {
          const sum = fromData[i * 3] + fromData[i * 3 + 1] + fromData[i * 3 + 2];
          assert.ok(Math.abs(sum - 1) < 1e-5, `${algorithm}: row ${i} sums to ${sum}`);
        }
        model.dispose();
      }
      // The heap is intact: a softmax model's one value a row, and more training.
      const softmax = await bl.train(data, { objective: 'multi:softmax', num_class: 3, rounds: 3 });
      assert.equal(softmax.predict(data).length, 300);
      softmax.dispose();
      const again = await bl.train(data, { rounds: 3 });
      assert.equal(again.predict(table).length, 900);
      again.dispose();
      data.dispose();
      table.dispose();
    });

    test('eight live trainers share the threads: others still train, throw and abort promptly', () => {
      const child = fileURLToPath(new URL('./many-trainers.child.mjs', import.meta.url));
      const run = spawnSync(process.execPath, [child, build.threads ? 'threads' : 'simd'], { timeout: 120_000, encoding: 'utf8' });
      assert.equal(run.error?.code, undefined, `the child hung (killed after 120 s): ${run.stderr}`);
      assert.equal(run.status, 0, run.stderr);
      const out = JSON.parse(run.stdout.trim().split('\n').pop());
      assert.equal(out.threads, build.threads);
      assert.equal(out.threw, 'BAD_PARAM');
      assert.equal(out.disposed, true);
      assert.deepEqual(out.aborted, { aborted: true, trees: 0 });
      assert.equal(out.trained, 10);
      assert.equal(out.steps, 8 * 4);
    });
  });
}
