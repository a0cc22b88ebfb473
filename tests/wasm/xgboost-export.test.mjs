// model.toXGBoostJSON() and toXGBoostUBJ(): the package writes the same
// XGBoost files as the native core (whose files XGBoost loads:
// tests/parity/xgboost_export), reads XGBoost 3.2's own UBJSON, and says why
// when a model has no XGBoost form.
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, test } from 'node:test';
import { fileURLToPath } from 'node:url';
import { isUbjModel } from '../../wasm/js/index.js';
import { BUILDS, load } from './helpers.mjs';

const root = fileURLToPath(new URL('../../', import.meta.url));
const CLI = join(root, 'build/native/boostlab-cli');

for (const build of BUILDS) {
  describe(`toXGBoostJSON (${build.name})`, () => {
    test('the same XGBoost file as the native core, categories and all', async () => {
      const bl = await load(build);
      const table = bl.readCSV(readFileSync(join(root, 'tests/data/diamonds.csv')));
      const data = table.toDataset({ target: 'price', validFraction: 0 });
      const model = await bl.train(data, { rounds: 3, max_depth: 3, nthread: 1 });
      const text = model.toXGBoostJSON();
      const doc = JSON.parse(text);
      assert.deepEqual(doc.version, [1, 7, 4]);
      assert.equal(doc.learner.gradient_booster.model.trees.length, 3);
      // The native core exports the package's own model file to the same bytes.
      const dir = mkdtempSync(join(tmpdir(), 'boostlab-xw-'));
      writeFileSync(join(dir, 'm.json'), model.toJSONString());
      assert.equal(execFileSync(CLI, ['export-xgboost', '--model', join(dir, 'm.json')]).toString(), text);
      model.dispose(); data.dispose(); table.dispose();
    });

    test('toXGBoostUBJ: the native core\'s UBJSON bytes; loadModel reads them and XGBoost 3.2\'s own .ubj (a categorical model)', async () => {
      const bl = await load(build);
      const table = bl.readCSV(readFileSync(join(root, 'tests/data/diamonds.csv')));
      const data = table.toDataset({ target: 'price', validFraction: 0 });
      const model = await bl.train(data, { rounds: 3, max_depth: 3, nthread: 1 });
      const ubj = model.toXGBoostUBJ();
      assert.ok(ubj instanceof Uint8Array && isUbjModel(ubj));
      const dir = mkdtempSync(join(tmpdir(), 'boostlab-ubj-'));
      writeFileSync(join(dir, 'm.json'), model.toJSONString());
      assert.deepEqual(Buffer.from(ubj), execFileSync(CLI, ['export-xgboost', '--model', join(dir, 'm.json'), '--format', 'ubj']));
      const back = bl.loadModel(ubj);
      assert.deepEqual(back.predict(table, { output: 'margin' }), bl.loadModel(model.toXGBoostJSON()).predict(table, { output: 'margin' }));
      // XGBoost 3.2 trains on diamonds (its categories by name) and saves UBJSON, its default: the margins it prints, here.
      const file = join(dir, 'xgb.ubj');
      const theirs = JSON.parse(execFileSync(join(root, 'build/venv-xgb3/bin/python'), [join(root, 'tests/parity/xgb_train_save.py'), 'train',
        join(root, 'tests/data/diamonds.csv'), 'price', JSON.stringify({ max_depth: 3, max_cat_to_onehot: 1 }), '3', file], { maxBuffer: 1 << 28 })
        .toString().trim().split('\n').at(-1)).margins;
      const theirModel = bl.loadModel(readFileSync(file));
      const ours = theirModel.predict(table, { output: 'margin' });
      theirs.forEach((v, i) => assert.ok(Math.abs(v - ours[i]) <= 1e-5 * Math.max(1, Math.abs(v)), `row ${i}: ${v} there, ${ours[i]} here`));
      // Cut short, it is refused with a reason (it is read as bytes, never as text).
      assert.throws(() => bl.loadModel(readFileSync(file).subarray(0, 200)), (e) => e.code === 'MODEL_CORRUPT' && /not valid UBJSON/.test(e.message));
      for (const m of [model, back, theirModel]) m.dispose();
      data.dispose(); table.dispose();
    });

    test('loadModel reads XGBoost JSON: an exported model comes back and predicts as before', async () => {
      const bl = await load(build);
      const table = bl.readCSV(readFileSync(join(root, 'tests/data/diamonds.csv')));
      const data = table.toDataset({ target: 'price', validFraction: 0 });
      const model = await bl.train(data, { algorithm: 'gbdt', rounds: 4, max_depth: 3 });
      const back = bl.loadModel(model.toXGBoostJSON());
      assert.equal(back.numTrees, 4);
      const a = model.predict(table), b = back.predict(table);
      for (let i = 0; i < a.length; i += 97) assert.ok(Math.abs(a[i] - b[i]) <= 1e-5 * Math.max(1, Math.abs(a[i])), `row ${i}: ${a[i]} vs ${b[i]}`);
      assert.deepEqual(back.summary().features.find((f) => f.name === 'cut').levels, model.summary().features.find((f) => f.name === 'cut').levels);
      assert.throws(() => bl.loadModel('{"learner":{"gradient_booster":{"name":"gblinear"}}}'),
        (e) => e.code === 'XGBOOST_UNSUPPORTED' && /gblinear/.test(e.message));
      // A table without one of the model's columns: the error names it.
      const other = bl.readCSV('carat,cut,color,depth,table,x,y,z,price\n0.3,Ideal,E,61,55,4,4,2.5,400\n');
      assert.throws(() => back.predict(other), (e) => e.code === 'UNKNOWN_COLUMN' && /'clarity'/.test(e.message));
      assert.throws(() => back.contributions(other), (e) => e.code === 'UNKNOWN_COLUMN' && /'clarity'/.test(e.message));
      back.dispose(); model.dispose(); data.dispose(); table.dispose(); other.dispose();
    });

    test('firstRounds: a model of the first rounds predicts as the whole model at those rounds, and its XGBoost file holds them only', async () => {
      const bl = await load(build);
      const table = bl.readCSV(readFileSync(join(root, 'tests/data/diamonds.csv')));
      const data = table.toDataset({ target: 'cut', validFraction: 0 });
      const model = await bl.train(data, { rounds: 6, max_depth: 3 });
      const cut = model.firstRounds(2);
      assert.equal(cut.numTrees, 2 * model.predictionWidth);
      assert.deepEqual(Array.from(cut.predict(table)), Array.from(model.predict(table, { rounds: 2 })));
      assert.equal(JSON.parse(cut.toXGBoostJSON()).learner.gradient_booster.model.trees.length, 2 * model.predictionWidth);
      assert.equal(bl.loadModel(cut.toJSONString()).numTrees, cut.numTrees);
      for (const bad of [0, 7, 1.5, -1])
        assert.throws(() => model.firstRounds(bad), (e) => e.code === 'BAD_ARGUMENT' && /firstRounds\(\)/.test(e.message), String(bad));
      assert.throws(() => model.firstRounds('2'), (e) => e.code === 'BAD_ARGUMENT' && /not string/.test(e.message));
      cut.dispose(); model.dispose(); data.dispose(); table.dispose();
    });

    test('scaleOutScript: the same script as the native core (boostlab-cli scale-out-script); bad options say which', async () => {
      const bl = await load(build);
      const table = bl.readCSV(readFileSync(join(root, 'tests/data/diamonds.csv')));
      const data = table.toDataset({ target: 'price', validFraction: 0.2 });
      const model = await bl.train(data, { rounds: 3, max_depth: 3 });
      const options = { engine: 'spark', csv: 'gems.csv', delimiter: ';', validRows: 'v.txt', rounds: 7, workers: 3 };
      const script = model.scaleOutScript(options);
      const dir = mkdtempSync(join(tmpdir(), 'boostlab-so-'));
      writeFileSync(join(dir, 'm.json'), model.toJSONString());
      assert.equal(execFileSync(CLI, ['scale-out-script', '--model', join(dir, 'm.json'), '--options', JSON.stringify(options)]).toString(), script);
      assert.match(script, /"delimiter": ";"/);
      assert.equal(data.validRows().length, data.numValid);
      assert.throws(() => model.scaleOutScript({ engine: 'ray' }), (e) => e.code === 'BAD_OPTION' && /'engine' must be 'dask' or 'spark'/.test(e.message));
      assert.throws(() => model.scaleOutScript(), (e) => e.code === 'BAD_ARGUMENT');
      model.dispose(); data.dispose(); table.dispose();
    });

    test('AdaBoost.R2 has no XGBoost form: XGBOOST_UNSUPPORTED says why', async () => {
      const bl = await load(build);
      const table = bl.readCSV('x,y\n' + Array.from({ length: 40 }, (_, i) => `${i},${(i * 0.37) % 5}`).join('\n'));
      const data = table.toDataset({ target: 'y', task: 'regression', validFraction: 0 });
      const model = await bl.train(data, { algorithm: 'adaboost', rounds: 2 });
      assert.throws(() => model.toXGBoostJSON(), (e) => e.code === 'XGBOOST_UNSUPPORTED' && /weighted median/.test(e.message));
      model.dispose(); data.dispose(); table.dispose();
    });
  });
}

for (const build of BUILDS) {
  describe(`contributions (${build.name})`, () => {
    test('SHAP values: the native core\'s, summing to each row\'s margin, per class for multiclass', async () => {
      const bl = await load(build);
      const csv = readFileSync(join(root, 'tests/data/auto_mpg.csv'));
      const table = bl.readCSV(csv);
      const data = table.toDataset({ target: 'Miles_per_Gallon', ignore: ['Name'], validFraction: 0 });
      const model = await bl.train(data, { rounds: 6, max_depth: 4 });
      const phi = model.contributions(table);
      const width = model.summary().features.length + 1;
      assert.equal(phi.length, table.numRows * width);
      const p = model.predict(table);  // regression: the margin
      for (let r = 0; r < table.numRows; r += 37) {
        const sum = phi.slice(r * width, (r + 1) * width).reduce((a, b) => a + b, 0);
        assert.ok(Math.abs(sum - p[r]) <= 1e-4 * Math.max(1, Math.abs(p[r])), `row ${r}: ${sum} vs ${p[r]}`);
      }
      const dir = mkdtempSync(join(tmpdir(), 'boostlab-xs-'));
      writeFileSync(join(dir, 'm.json'), model.toJSONString());
      const native = execFileSync(CLI, ['predict', '--model', join(dir, 'm.json'), '--csv', join(root, 'tests/data/auto_mpg.csv'), '--contribs', '1'])
        .toString().trim().split('\n').map(Number);
      native.forEach((v, i) => assert.ok(Math.abs(v - phi[i]) <= 1e-5 * Math.max(1, Math.abs(v)), `value ${i}: native ${v}, wasm ${phi[i]}`));
      assert.equal(model.contributions(data).length, phi.length);
      // Threaded: the same floats on one thread and on two; a bad count says so.
      assert.deepEqual(model.contributions(table, { nthread: 1 }), model.contributions(table, { nthread: 2 }));
      assert.deepEqual(model.contributions(table, { nthread: 1 }), phi);
      assert.throws(() => model.contributions(table, { nthread: -1 }), (e) => e.code === 'BAD_ARGUMENT' && /nthread/.test(e.message));
      // Some rows, in the order asked: the same values as for all rows; their feature values beside them.
      const rows = [300, 5, 5, 0];
      const some = model.contributions(table, { rows });
      const values = model.featureValues(table, { rows });
      const F = width - 1, all = model.featureValues(table);
      assert.equal(all.length, table.numRows * F);
      rows.forEach((r, i) => {
        assert.deepEqual(some.slice(i * width, (i + 1) * width), phi.slice(r * width, (r + 1) * width), `row ${r}`);
        assert.deepEqual(values.slice(i * F, (i + 1) * F), all.slice(r * F, (r + 1) * F), `row ${r}'s values`);
      });
      const cylinders = model.summary().features.findIndex((f) => f.name === 'Cylinders');
      assert.equal(all[5 * F + cylinders], Number(readFileSync(join(root, 'tests/data/auto_mpg.csv'), 'utf8').split('\n')[6].split(',')[1]));
      assert.deepEqual(model.contributions(data, { rows: [1] }), model.contributions(data).slice(width, 2 * width));
      assert.throws(() => model.contributions(table, { rows: [table.numRows] }), (e) => e.code === 'BAD_ARGUMENT' && /past the last row/.test(e.message));
      assert.throws(() => model.featureValues(table, { rows: [-1] }), (e) => e.code === 'BAD_ARGUMENT' && /rows\[0\] is -1/.test(e.message));
      model.dispose(); data.dispose(); table.dispose();
    });

    test('SHAP interaction values: the native core\'s, each matrix symmetric with rows summing to the SHAP values, the same on any threads', async () => {
      const bl = await load(build);
      const csv = readFileSync(join(root, 'tests/data/auto_mpg.csv'));
      const table = bl.readCSV(csv);
      const data = table.toDataset({ target: 'Miles_per_Gallon', ignore: ['Name'], validFraction: 0 });
      const model = await bl.train(data, { rounds: 6, max_depth: 4 });
      const rows = [0, 17, 200, 397];
      const m = model.interactions(table, { rows }), phi = model.contributions(table, { rows });
      const W = model.summary().features.length + 1;
      assert.equal(m.length, rows.length * W * W);
      for (let r = 0; r < rows.length; r++)
        for (let i = 0; i < W; i++) {
          const row = m.slice((r * W + i) * W, (r * W + i + 1) * W);
          const sum = row.reduce((a, b) => a + b, 0);
          assert.ok(Math.abs(sum - phi[r * W + i]) <= 1e-4 * Math.max(1, Math.abs(phi[r * W + i])), `row ${rows[r]} feature ${i}: ${sum} vs ${phi[r * W + i]}`);
          for (let j = 0; j < W; j++) assert.ok(Math.abs(m[(r * W + i) * W + j] - m[(r * W + j) * W + i]) <= 1e-5, `symmetric at ${i},${j}`);
        }
      const dir = mkdtempSync(join(tmpdir(), 'boostlab-xi-'));
      writeFileSync(join(dir, 'm.json'), model.toJSONString());
      writeFileSync(join(dir, 'rows.csv'), [csv.toString().split('\n')[0], ...rows.map((r) => csv.toString().split('\n')[r + 1])].join('\n') + '\n');
      const native = execFileSync(CLI, ['predict', '--model', join(dir, 'm.json'), '--csv', join(dir, 'rows.csv'), '--interactions', '1'])
        .toString().trim().split('\n').map(Number);
      native.forEach((v, i) => assert.ok(Math.abs(v - m[i]) <= 1e-5 * Math.max(1, Math.abs(v)), `value ${i}: native ${v}, wasm ${m[i]}`));
      assert.deepEqual(model.interactions(data, { rows, nthread: 1 }), model.interactions(data, { rows, nthread: 2 }));
      // Too many numbers for one request: said before anything is made.
      const wide = {};
      for (let f = 0; f < 300; f++) wide[`x${f}`] = Float32Array.from({ length: 800 }, (_, i) => (i * (f + 3)) % 17);
      wide.y = Float32Array.from({ length: 800 }, (_, i) => i % 5);
      const wideTable = bl.fromColumns(wide), wideData = wideTable.toDataset({ target: 'y', validFraction: 0 });
      const wideModel = await bl.train(wideData, { rounds: 2, max_depth: 2 });
      assert.throws(() => wideModel.interactions(wideTable), (e) => e.code === 'BAD_ARGUMENT' && /at most \d+ rows at a time/.test(e.message));
      wideModel.dispose(); wideData.dispose(); wideTable.dispose();
      model.dispose(); data.dispose(); table.dispose();
    });
  });
}
