// Binning a piece at a time through the package: trainer.prepare() and
// train()'s onBinning report a share that rises to 1, an abort stops binning,
// and a dataset whose values are released once binned (the table disposed
// too) trains the same model; what needs the values then says so.
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { BUILDS, load } from './helpers.mjs';

// 20,000 rows of five numeric features and a category: enough to bin in several pieces.
function csv() {
  const rows = ['a,b,c,d,e,kind,y'];
  for (let i = 0; i < 20000; i++) {
    const a = (i * 7919) % 1000, b = (i * 104729) % 997, c = i % 31, d = (i * 31) % 101, e = Math.sin(i) * 50;
    rows.push(`${a},${b},${c},${d},${e.toFixed(3)},k${i % 7},${(a / 100 + Math.sin(b) + (i % 7) + (i % 3 ? 0 : 2)).toFixed(4)}`);
  }
  return rows.join('\n');
}

const PARAMS = { rounds: 5, max_depth: 4, eta: 0.3, nthread: 2 };

for (const build of BUILDS) {
  describe(`binning a piece at a time (${build.name})`, () => {
    test('prepare() rises to 1 in several pieces and the model is the one step() alone makes', async () => {
      const bl = await load(build);
      const table = bl.readCSV(csv());
      const data = table.toDataset({ target: 'y', validFraction: 0.2, seed: 3 });
      const trainer = bl.trainer(data, PARAMS);
      const shares = [];
      for (let done = 0; done < 1;) shares.push(done = trainer.prepare());
      assert.ok(shares.length >= 3, `binned in ${shares.length} pieces`);
      for (let i = 1; i < shares.length; i++) assert.ok(shares[i] > shares[i - 1], `share ${shares[i]} after ${shares[i - 1]}`);
      assert.equal(shares.at(-1), 1);
      assert.equal(trainer.prepare(), 1, 'prepared stays prepared');
      while (!trainer.done) trainer.step();
      const stepped = trainer.take();
      const plain = await bl.train(data, PARAMS);
      assert.equal(stepped.toJSONString(), plain.toJSONString());
      trainer.dispose();
    });

    test('prepareAll() bins to the end, reporting each piece, and stops at once on an aborted signal', async () => {
      const bl = await load(build);
      const table = bl.readCSV(csv());
      const data = table.toDataset({ target: 'y' });
      const stopped = bl.trainer(data, PARAMS);
      const controller = new AbortController();
      controller.abort();
      assert.equal(await stopped.prepareAll({ signal: controller.signal }), false);
      assert.ok(stopped.prepare() < 1, 'nothing was binned past the first piece');
      stopped.dispose();
      const trainer = bl.trainer(data, PARAMS);
      const seen = [];
      assert.equal(await trainer.prepareAll({ onProgress: (d) => seen.push(d) }), true);
      assert.ok(seen.length >= 3 && seen.at(-1) === 1, `pieces: ${seen.join(', ')}`);
      assert.equal(trainer.prepare(), 1);
      trainer.dispose();
      data.dispose();
      table.dispose();
    });

    test('train() reports binning through onBinning, and an abort during binning returns a model without trees', async () => {
      const bl = await load(build);
      const table = bl.readCSV(csv());
      const data = table.toDataset({ target: 'y' });
      const seen = [];
      let rounds = 0;
      const model = await bl.train(data, PARAMS, { onBinning: (d) => seen.push(d), onRound: () => rounds++ });
      assert.equal(seen.at(-1), 1);
      assert.ok(seen.length >= 3);
      assert.equal(rounds, 5);
      assert.equal(model.numTrees, 5);
      const controller = new AbortController();
      const stopped = await bl.train(data, PARAMS, {
        signal: controller.signal,
        onBinning: () => controller.abort(),
        onRound: () => assert.fail('no round after an abort during binning'),
      });
      assert.equal(stopped.aborted, true);
      assert.equal(stopped.numTrees, 0);
    });

    test('values released once binned, table disposed: the same model; predicting on the dataset says why not', async () => {
      const bl = await load(build);
      const keptTable = bl.readCSV(csv());
      const kept = await bl.train(keptTable.toDataset({ target: 'y', seed: 5 }), { ...PARAMS, algorithm: 'gbdt' });
      const table = bl.readCSV(csv());
      const data = table.toDataset({ target: 'y', seed: 5 });
      const trainer = bl.trainer(data, { ...PARAMS, algorithm: 'gbdt' });
      while (trainer.prepare() < 1);
      assert.equal(data.valuesReleased, false);
      data.releaseValues();
      table.dispose();
      assert.equal(data.valuesReleased, true);
      const stats = [];
      while (!trainer.done) {
        trainer.step();
        stats.push(trainer.roundStatistics());
      }
      const model = trainer.take();
      trainer.dispose();
      assert.equal(model.toJSONString(), kept.toJSONString());
      assert.ok(stats.at(-1).leaves.length > 0, 'the leaves of the last round, walked by bins');
      assert.deepEqual(model.predict(keptTable), kept.predict(keptTable));
      assert.throws(() => model.predict(data), (e) => e.code === 'VALUES_RELEASED' && /new dataset/.test(e.message));
      assert.throws(() => bl.trainer(data, PARAMS), (e) => e.code === 'VALUES_RELEASED');
      data.dispose();
    });

    test('values released before binning is done: the next piece or round says so', async () => {
      const bl = await load(build);
      const table = bl.readCSV(csv());
      const data = table.toDataset({ target: 'y' });
      const trainer = bl.trainer(data, PARAMS);
      trainer.prepare();
      data.releaseValues();
      assert.throws(() => trainer.prepare(), (e) => e.code === 'VALUES_RELEASED' && /Binning/.test(e.message));
      assert.throws(() => trainer.step(), (e) => e.code === 'VALUES_RELEASED');
      trainer.dispose();
      data.dispose();
      table.dispose();
    });
  });
}
