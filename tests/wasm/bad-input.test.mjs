import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { BoostLabError, init } from '../../wasm/js/index.js';
import { BUILDS, load } from './helpers.mjs';

// Each bad input: the error class, its code, where it points, and that the
// module still works afterwards (never an abort).
const CASES = [
  { name: 'ragged row', csv: 'a,b,c\n1,2,3\n4,5\n', code: 'CSV_RAGGED_ROW', line: 3, text: /Line 3 has 2 fields/ },
  { name: 'unterminated quote', csv: 'a,b\n1,2\n"3,4\n5,6\n', code: 'CSV_UNTERMINATED_QUOTE', line: 3, text: /never closed/ },
  { name: 'empty file', csv: '', code: 'CSV_EMPTY', text: /empty/ },
  { name: 'header only', csv: 'a,b,c\n', code: 'CSV_NO_ROWS', text: /no data rows/ },
  // A workbook or an image dropped by mistake: named, not read as ragged rows of noise.
  { name: 'an Excel workbook', csv: new Uint8Array([0x50, 0x4b, 0x03, 0x04, 0x14, 0, 6, 0, 0x61, 0x2c, 0x62, 0x0a, 0x31, 0x2c, 0x32, 0x0a]),
    code: 'CSV_NOT_TEXT', line: 1, text: /This file is a ZIP archive \(an Excel \.xlsx or OpenDocument \.ods workbook is one\), not a CSV.*CSV UTF-8/ },
  { name: 'a PNG image', csv: new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 0x0d, 0x49, 0x48, 0x44, 0x52]),
    code: 'CSV_NOT_TEXT', line: 1, text: /This file is a PNG image, not a CSV/ },
];

for (const build of BUILDS) {
  describe(`bad input (${build.name})`, () => {
    for (const c of CASES) {
      test(c.name, async () => {
        const bl = await load(build);
        assert.throws(() => bl.readCSV(c.csv), (e) => {
          assert.ok(e instanceof BoostLabError);
          assert.ok(e instanceof Error);
          assert.equal(e.code, c.code);
          assert.match(e.message, c.text);
          if (c.line) assert.equal(e.line, c.line);
          return true;
        });
        assert.equal(bl.readCSV('x,y\n1,2\n').numRows, 1, 'module still usable');
      });
    }

    test('text in a regression target names line and column', async () => {
      const bl = await load(build);
      const table = bl.readCSV('a,price\n1,10\n2,20\n3,n/a-ish\n4,40\n');
      assert.throws(() => table.toDataset({ target: 'price', task: 'regression' }), (e) => {
        assert.equal(e.code, 'TARGET_NOT_NUMERIC');
        assert.equal(e.line, 4);
        assert.equal(e.column, 2);
        assert.match(e.message, /Line 4, column 2 \('price'\): 'n\/a-ish' is not a number/);
        return true;
      });
    });

    test('parameters out of range are refused before training', async () => {
      const bl = await load(build);
      const data = bl.readCSV('x,y\n1,2\n2,3\n3,5\n').toDataset({ target: 'y', validFraction: 0 });
      await assert.rejects(bl.train(data, { eta: -1 }), (e) => e.code === 'BAD_PARAM' && /'eta' is -1; allowed range is \(0, inf\)/.test(e.message));
      await assert.rejects(bl.train(data, { max_depth: 0 }), (e) => e.code === 'BAD_PARAM' && /max_depth/.test(e.message));
      await assert.rejects(bl.train(data, { learning_rat: 0.1 }), (e) => e.code === 'BAD_PARAM' && /Unknown parameter 'learning_rat'/.test(e.message));
    });

    test('a corrupt model file says what is wrong', async () => {
      const bl = await load(build);
      assert.throws(() => bl.loadModel('{"format":"boostlab-model"'), (e) => e.code === 'MODEL_CORRUPT');
      assert.throws(() => bl.loadModel({ trees: [] }), (e) => e.code === 'MODEL_CORRUPT' && /another library/.test(e.message));
      // A file's name for its contents: said so (the JSON reader said 'byte 0').
      assert.throws(() => bl.loadModel('models/model.json'), (e) => e.code === 'BAD_ARGUMENT' && /contents, not its name \('models\/model\.json'\): read it first/.test(e.message));
      assert.throws(() => bl.loadModel('{"format":"x.json"}'), (e) => e.code === 'MODEL_CORRUPT', 'JSON that mentions a .json is read as JSON');
      // XGBoost's layout is read as XGBoost's, and a missing part is named.
      assert.throws(() => bl.loadModel({ learner: {} }), (e) => e.code === 'MODEL_CORRUPT' && /XGBoost model file: the learner has no 'gradient_booster'/.test(e.message));
    });

    test('options and parameters of the wrong shape say what they were: an array, validFraction as written', async () => {
      const bl = await load(build);
      const table = bl.readCSV('x,y\n1,0\n2,1\n3,0\n4,1\n');
      assert.throws(() => table.toDataset({ target: 'y', validFraction: 2 }), (e) => e.code === 'BAD_OPTION' && /not 2\.$/.test(e.message));
      assert.throws(() => table.toDataset({ target: 'y', validFraction: 1.5 }), (e) => /not 1\.5\.$/.test(e.message));
      const data = table.toDataset({ target: 'y', validFraction: 0 });
      await assert.rejects(bl.train(data, [1, 2]), (e) => e.code === 'BAD_PARAM' && /not an array\.$/.test(e.message));
      data.dispose(); table.dispose();
    });

    test('a bad weight column names the problem; a good one weighs the rows', async () => {
      const bl = await load(build);
      const table = bl.readCSV('x,w,y\n1,0,0\n2,0,1\n3,0,0\n4,0,1\n');
      assert.throws(() => table.toDataset({ target: 'y', weight: 'w', validFraction: 0 }),
        (e) => e.code === 'WEIGHT_ALL_ZERO' && /'w' is 0 on every training row/.test(e.message));
      assert.throws(() => bl.readCSV('x,w,y\n1,1,0\n2,-1,1\n').toDataset({ target: 'y', weight: 'w', validFraction: 0 }),
        (e) => e.code === 'WEIGHT_NEGATIVE' && e.line === 3 && e.column === 2);
      // Heavier rows pull a constant model toward their label.
      const rows = 'x,w,y\n' + Array.from({ length: 40 }, (_, i) => `${i % 2},${i < 20 ? 3 : 1},${i < 20 ? 10 : 0}`).join('\n');
      const data = bl.readCSV(rows).toDataset({ target: 'y', task: 'regression', weight: 'w', validFraction: 0 });
      const model = await bl.train(data, { rounds: 1, max_depth: 1, eta: 1e-9 });  // the base score alone
      assert.ok(Math.abs(model.predict(bl.readCSV('x\n0\n'))[0] - 7.5) < 1e-3, 'weighted mean 3*10/(3+1)');
      model.dispose(); data.dispose();
    });

    test('a model that outgrows the heap: OUT_OF_MEMORY saying what to change, and the module goes on', async () => {
      const bl = await load(build);
      // 3,000 rows x 300 features of distinct values; max_bin 3000 makes each
      // node's histogram 300 x 3,001 x 16 B = 14 MB, and lossguide keeps one
      // for every pending leaf: 150 leaves fill the 2 GB heap.
      const header = Array.from({ length: 300 }, (_, c) => `f${c}`).join(',') + ',y';
      const rows = Array.from({ length: 3000 }, (_, r) => {
        const x = Array.from({ length: 300 }, (_, c) => ((r * 7919 + c * 104729) % 3001) / 3);
        return `${x.join(',')},${Math.sin(x[0]) + Math.cos(x[1] / 7) + ((r * 31) % 17) / 17}`;
      });
      const data = bl.readCSV(`${header}\n${rows.join('\n')}\n`).toDataset({ target: 'y', validFraction: 0 });
      await assert.rejects(bl.train(data, { rounds: 1, max_bin: 3000, grow_policy: 'lossguide', max_depth: 0, max_leaves: 3000 }),
        (e) => e.code === 'OUT_OF_MEMORY' && /while training/.test(e.message) && /max_leaves/.test(e.message));
      // The trainer was freed: a small model still trains.
      const model = await bl.train(data, { rounds: 2, max_depth: 2 });
      assert.equal(model.numTrees, 2);
      model.dispose(); data.dispose();
    });

    test('a target with one class is refused', async () => {
      const bl = await load(build);
      const table = bl.readCSV('x,y\n1,a\n2,a\n');
      assert.throws(() => table.toDataset({ target: 'y' }), (e) => e.code === 'TARGET_ONE_CLASS');
    });

    test('a step after the last round is TRAINING_OVER, and the trainer still gives its model', async () => {
      const bl = await load(build);
      const rows = Array.from({ length: 400 }, (_, r) => `${r % 13},${(r * 7) % 11},${(r % 13) + ((r * 7) % 11) / 3}`);
      const data = bl.readCSV(`a,b,y\n${rows.join('\n')}\n`).toDataset({ target: 'y' });
      const trainer = bl.trainer(data, { algorithm: 'random_forest', rounds: 2 });
      while (!trainer.done) trainer.step();
      assert.throws(() => trainer.step(), (e) => e instanceof BoostLabError && e.code === 'TRAINING_OVER' && /2 of 2 rounds/.test(e.message));
      const model = trainer.take();
      assert.equal(model.numTrees, 2);
      model.dispose(); trainer.dispose(); data.dispose();
    });
    test('rows with no target: refused naming the first line and how many more, or left out with skipMissingTarget', async () => {
      const bl = await load(build);
      const lines = ['x,z,y', ...Array.from({ length: 80 }, (_, i) => `${(i * 0.37).toFixed(2)},${i % 3 ? 'p' : 'q'},${i % 9 === 4 ? '' : i % 2 ? 'yes' : 'no'}`)];
      const table = bl.readCSV(lines.join('\n'));
      assert.throws(() => table.toDataset({ target: 'y' }), (e) => e.code === 'TARGET_MISSING' && e.line === 6 &&
        /the target is missing \(and on 8 more rows\)\. Leave such rows out \(skipMissingTarget\)/.test(e.message));
      const data = table.toDataset({ target: 'y', skipMissingTarget: true, validFraction: 0.25 });
      assert.equal(data.numTrain + data.numValid, 71);
      assert.match(data.notes[0], /^Left out 9 rows with no 'y': lines 6, 15, 24, 33, 42 and 4 more\./);
      // Columns given in memory name their rows by index, as their errors do ("Row 4"; "lines" named row + 2).
      const columns = bl.fromColumns({ x: [1, 2, 3, 4, 5, 6], y: [0, 1, NaN, 1, NaN, 1] });
      const own = columns.toDataset({ target: 'y', skipMissingTarget: true, validFraction: 0 });
      assert.match(own.notes[0], /^Left out 2 rows with no 'y': rows 2, 4\./);
      assert.throws(() => columns.toDataset({ target: 'y' }), (e) => e.code === 'TARGET_MISSING' && /^Row 2, column 2/.test(e.message));
      own.dispose(); columns.dispose();
      assert.ok(Number.isNaN(data.labels()[4]));
      for (const algorithm of ['xgboost', 'gbdt', 'adaboost', 'random_forest']) {
        const model = await bl.train(data, { algorithm, rounds: 5 });
        const p = model.predict(table);
        assert.equal(p.length, 80, algorithm);
        assert.ok(p.every(Number.isFinite), `${algorithm}: every row predicted, the left-out ones too`);
        model.dispose();
      }
      data.dispose();
      table.dispose();
    });

    test('a dataset disposed while it trains: the run carries on to its last round (the trainer holds the data)', async () => {
      const bl = await load(build);
      const csv = 'x,z,y\n' + Array.from({ length: 400 }, (_, i) => `${i % 17},${(i * 7) % 13},${(i * 3) % 11 + (i % 17) / 4}`).join('\n') + '\n';
      const table = bl.readCSV(csv);
      const whole = await bl.train(table.toDataset({ target: 'y' }), { rounds: 20 });
      // Disposed from onRound, mid-run.
      const d1 = table.toDataset({ target: 'y' });
      const m1 = await bl.train(d1, { rounds: 20 }, { onRound: (r) => { if (r.round === 2) d1.dispose(); } });
      assert.equal(m1.numTrees, 20);
      assert.deepEqual(m1.predict(table), whole.predict(table), 'the same model as a run left alone');
      assert.throws(() => d1.validRows(), (e) => e.code === 'DISPOSED');
      // Disposed as soon as train() was called, and under a trainer between steps.
      const d2 = table.toDataset({ target: 'y' });
      const running = bl.train(d2, { rounds: 20 });
      d2.dispose();
      assert.deepEqual((await running).predict(table), whole.predict(table));
      const d3 = table.toDataset({ target: 'y' });
      const trainer = bl.trainer(d3, { rounds: 3 });
      d3.dispose();
      for (let i = 0; i < 3; i++) trainer.step();
      assert.equal(trainer.take().numTrees, 3);
      trainer.dispose();
      table.dispose();
    });
    test('misspelt options, a string for options and non-finite parameters are refused, naming what there is', async () => {
      const bl = await load(build);
      const table = bl.readCSV('x,y\n' + Array.from({ length: 50 }, (_, i) => `${i},${i % 3}`).join('\n') + '\n');
      const data = table.toDataset({ target: 'y', task: 'regression' });
      const refused = (code, text) => (e) => e instanceof BoostLabError && e.code === code && text.test(e.message);
      await assert.rejects(bl.train(data, { rounds: 2 }, { onround: () => {} }), refused('BAD_OPTION', /Unknown train\(\) option 'onround' \(did you mean 'onRound'\?\)/));
      await assert.rejects(bl.train(data, { rounds: 2 }, { signal: 'stop' }), refused('BAD_ARGUMENT', /signal is an AbortSignal/));
      await assert.rejects(bl.train(data, { rounds: 2 }, { onRound: 5 }), refused('BAD_ARGUMENT', /onRound is a function/));
      // An async callback that rejects rejects the call (it went unhandled: a Node process exited, try/catch or not);
      // one that resolves is awaited before the next round.
      const failing = async () => { throw new Error('saving progress failed'); };
      await assert.rejects(bl.train(data, { rounds: 3 }, { onRound: failing }), /saving progress failed/);
      await assert.rejects(bl.train(data, { rounds: 3 }, { onBinning: failing }), /saving progress failed/);
      await assert.rejects(bl.cv(table, { target: 'y', task: 'regression' }, { rounds: 3 }, { nfold: 2, onRound: failing }), /saving progress failed/);
      await assert.rejects(bl.tune(table, { target: 'y', task: 'regression' }, { rounds: 3 }, { trials: 2, space: { eta: { min: 0.1, max: 0.3 } }, onTrial: failing }), /saving progress failed/);
      await assert.rejects(bl.tune(table, { target: 'y', task: 'regression' }, { rounds: 3 }, { trials: 2, by: 'cv', nfold: 2, space: { eta: { min: 0.1, max: 0.3 } }, onRound: failing }), /saving progress failed/);
      const order = [];
      const awaited = await bl.train(data, { rounds: 3 }, { onRound: async (r) => { order.push(`${r.round} begun`); await new Promise((done) => setTimeout(done, 5)); order.push(`${r.round} ended`); } });
      assert.deepEqual(order, ['1 begun', '1 ended', '2 begun', '2 ended', '3 begun', '3 ended']);
      awaited.dispose();
      for (const [name, value] of [['eta', NaN], ['rounds', Infinity], ['lambda', -Infinity]])
        await assert.rejects(bl.train(data, { rounds: 2, [name]: value }), refused('BAD_PARAM', new RegExp(`Parameter '${name}' is ${value}`)));
      // A function anywhere but the objective (a metric, XGBoost's names for them) vanished in JSON: a default model
      // trained, unsaid. Refused, naming where a function goes.
      const loss = (preds, labels) => ({ grad: preds.map((p, i) => p - labels[i]), hess: preds.map(() => 1) });
      for (const params of [{ obj: loss }, { feval: loss }, { eval_metric: [loss] }]) {
        await assert.rejects(bl.train(data, { rounds: 2, ...params }), refused('CUSTOM_FUNCTION_UNSUPPORTED', /is a function: only the objective may be one/));
        assert.throws(() => bl.trainer(data, params), refused('CUSTOM_FUNCTION_UNSUPPORTED', /is a function/));
      }
      // The objective may be one (squared error's pairs here): it trains on them.
      const own = await bl.train(data, { rounds: 2, objective: loss });
      assert.equal(own.numTrees, 2);
      own.dispose();
      const model = await bl.train(data, { rounds: 2 });
      assert.throws(() => model.predict(table, { ouptut: 'class' }), refused('BAD_OPTION', /did you mean 'output'/));
      assert.throws(() => model.predict(table, 'class'), refused('BAD_ARGUMENT', /write \{ output: 'class' \}/));
      assert.throws(() => model.predict(table, { rounds: 50 }), refused('BAD_ARGUMENT', /rounds is 50: a whole number from 0 \(all\) to the model's 2/));
      assert.equal(model.predict(table, { rounds: 1 }).length, 50);
      assert.throws(() => table.toDataset('y'), refused('BAD_ARGUMENT', /write toDataset\(\{ target: 'y' \}\)/));
      assert.throws(() => bl.fromColumns({ a: [1, 2] }, { categorical: ['zz'] }), refused('UNKNOWN_COLUMN', /'zz'/));
      assert.throws(() => bl.fromRows([1, 2], 1, 'ab'), refused('BAD_ARGUMENT', /names as an array of strings/));
      await assert.rejects(init({ thread: false }), refused('BAD_OPTION', /did you mean 'threads'/));
      await assert.rejects(init({ threads: 'yes' }), refused('BAD_ARGUMENT', /threads is true or false/));
      await assert.rejects(init({ build: 'nope' }), refused('BAD_OPTION', /build 'nope' is not one of this Node package's: node-threads, node-simd\.$/));
      // init() twice (two modules of an app) is one engine: a table of one trains in the other (Embind refused it).
      const [reader, engine] = await Promise.all([init({ threads: false }), init({ threads: false })]);
      const shared = reader.fromColumns({ x: Float32Array.from({ length: 60 }, (_, i) => i), y: Float32Array.from({ length: 60 }, (_, i) => i % 2) });
      const sharedData = shared.toDataset({ target: 'y' });
      const fromOther = await engine.train(sharedData, { rounds: 2 });
      assert.equal(engine.loadModel(fromOther.toJSONString()).predict(shared).length, 60);
      assert.equal(reader._module, engine._module, 'one engine');
      fromOther.dispose(); sharedData.dispose(); shared.dispose();
      model.dispose();
      data.dispose();
      table.dispose();
    });
  });
}

// A table built from arrays has no lines: an error names the row by its index there
// (it said "Line 9" for index 7, as if the arrays had been a file under a header).
test('arrays: a missing label or a negative weight names the row by its index, and no line', async () => {
  const bl = await load(BUILDS[1]);
  const x = Float32Array.from({ length: 10 }, (_, i) => i);
  const y = Float32Array.from({ length: 10 }, (_, i) => (i === 7 ? NaN : i % 2));
  const w = Float32Array.from({ length: 10 }, (_, i) => (i === 3 ? -1 : 1));
  const table = bl.fromColumns({ x, y, w });
  assert.throws(() => table.toDataset({ target: 'y' }), (e) => {
    assert.equal(e.code, 'TARGET_MISSING');
    assert.match(e.message, /^Row 7, column 2 \('y'\): the target is missing/);
    assert.equal(e.line, 0);
    return true;
  });
  const labelled = bl.fromColumns({ x, y: Float32Array.from({ length: 10 }, (_, i) => i % 2), w });
  assert.throws(() => labelled.toDataset({ target: 'y', weight: 'w' }), (e) => e.code === 'WEIGHT_NEGATIVE' && /^Row 3\b/.test(e.message) && e.line === 0);
});

// Numbers in messages as the user wrote them: "eta is -0.10000000000000001" and "the weight -1.000000" were C's.
test('messages write a parameter and a weight as typed', async () => {
  const bl = await load(BUILDS[1]);
  const t = bl.readCSV('x,y,w\n1,0,1\n2,1,-1.5\n3,0,1\n4,1,1\n');
  await assert.rejects(bl.train(t.toDataset({ target: 'y' }), { eta: -0.1 }), (e) => /Parameter 'eta' is -0\.1; allowed range is \(0, inf\)\./.test(e.message));
  assert.throws(() => t.toDataset({ target: 'y', weight: 'w' }), (e) => /the weight -1\.5 is not a finite number >= 0/.test(e.message));
});
