// cv()'s folds beyond a shuffle: in the file's order (timeSeries, as
// scikit-learn's TimeSeriesSplit: each fold trained on the rows before it,
// none after), given as { train, test } pairs (xgb.cv's (in, out) folds), and
// the dataset option trainRows they rest on. Rows left out for a missing
// target are in no fold.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { init } from '../../wasm/js/index.js';

const bl = await init({ threads: false });
const range = (a, b) => Array.from({ length: b - a }, (_, i) => a + i);
// y drifts with the row: a model that saw later rows scores an earlier stretch differently.
const drifting = (n) => bl.fromColumns({ x: Float32Array.from(range(0, n), (i) => (i * 7) % 5), y: Float32Array.from(range(0, n), (i) => i / 4 + ((i * 7) % 5)) });

test('timeSeries: the last nfold blocks, each tested by a model of every row before it; each fold\'s score is that model\'s', async () => {
  const table = drifting(26);
  const r = await bl.cv(table, { target: 'y' }, { rounds: 3, max_depth: 2, eta: 0.5 }, { nfold: 3, timeSeries: true });
  // 26 rows, blocks of floor(26 / 4) = 6: the first training block takes the 8 the rest leave.
  assert.deepEqual(r.folds, [range(8, 14), range(14, 20), range(20, 26)]);
  assert.deepEqual(r.trainRows, [range(0, 8), range(0, 14), range(0, 20)]);
  const scores = [];
  for (let i = 0; i < 3; i++) {
    const data = table.toDataset({ target: 'y', trainRows: r.trainRows[i], validRows: r.folds[i] });
    assert.equal(data.numTrain, r.trainRows[i].length);
    const reports = [];
    (await bl.train(data, { rounds: 3, max_depth: 2, eta: 0.5 }, { onRound: (x) => reports.push(x) })).dispose();
    scores.push(reports.at(-1).valid.rmse);
    // Trained on every other row instead (a shuffled fold's way), the score differs: the rows after count.
    const all = table.toDataset({ target: 'y', validRows: r.folds[i] });
    const other = [];
    (await bl.train(all, { rounds: 3, max_depth: 2, eta: 0.5 }, { onRound: (x) => other.push(x) })).dispose();
    if (i < 2) assert.notEqual(other.at(-1).valid.rmse, scores[i]);
    data.dispose(); all.dispose();
  }
  const mean = scores.reduce((a, b) => a + b) / 3;
  assert.ok(Math.abs(r.history['test-rmse-mean'].at(-1) - mean) < 1e-12, `${r.history['test-rmse-mean'].at(-1)} against ${mean}`);
  await assert.rejects(bl.cv(table, { target: 'y' }, {}, { nfold: 30, timeSeries: true }), /nfold is a whole number from 2 to the rows \(26\)/);
  await assert.rejects(bl.cv(drifting(5), { target: 'y' }, {}, { nfold: 5, timeSeries: true }), /cuts the rows into nfold \+ 1 = 6 blocks: there are only 5/);
  await assert.rejects(bl.cv(table, { target: 'y' }, {}, { folds: [[1], [2]], timeSeries: true }), /takes folds or timeSeries, not both/);
  await assert.rejects(bl.cv(table, { target: 'y' }, {}, { folds: [[1], [2]], nfold: 4 }), /takes folds or nfold, not both: given folds are used as they are/);
  await assert.rejects(bl.cv(table, { target: 'y' }, {}, { timeSeries: true, seed: 5, stratified: false }), /takes timeSeries or stratified and seed, not both: folds in the file's order are neither shuffled nor dealt by class/);
  await assert.rejects(bl.cv(table, { target: 'y' }, {}, { timeSeries: 'yes' }), /timeSeries is true or false/);
  await assert.rejects(bl.cv(table, { target: 'y', trainRows: [1] }, {}, {}), /leave validRows, trainRows, validFraction and validSplit out/);
  table.dispose();
});

test('folds given as { train, test } pairs train on their train rows only', async () => {
  const table = drifting(30);
  const folds = [{ train: range(0, 10), test: range(10, 20) }, { train: Int32Array.from(range(10, 20)), test: range(20, 30) }];
  const r = await bl.cv(table, { target: 'y' }, { rounds: 2 }, { folds });
  assert.deepEqual(r.folds, [range(10, 20), range(20, 30)]);
  assert.deepEqual(r.trainRows, [range(0, 10), range(10, 20)]);
  await assert.rejects(bl.cv(table, { target: 'y' }, {}, { folds: [{ train: [1] }, [2]] }), /each a list of 0-based rows \(its test rows\) or \{ train, test \} lists/);
  await assert.rejects(bl.cv(table, { target: 'y' }, {}, { folds: [{ train: [1, 2], test: [2] }, [3]] }), /Row 2 is both a training row and a validation row/);
  table.dispose();
});

test('trainRows: only they train, validRows validate, the rest left out; a row past the end refused', () => {
  const table = drifting(10);
  const d = table.toDataset({ target: 'y', trainRows: new Uint32Array([5, 1, 3]), validRows: [7] });
  assert.deepEqual(Array.from(d.trainRows()), [1, 3, 5]);
  assert.deepEqual(Array.from(d.validRows()), [7]);
  d.dispose();
  const alone = table.toDataset({ target: 'y', trainRows: [0, 1, 2], validFraction: 0.5 });
  assert.equal(alone.numValid, 0, 'no validation rows named: none');
  alone.dispose();
  assert.throws(() => table.toDataset({ target: 'y', trainRows: [10] }), /Training row 10 is past the last row \(9\)/);
  assert.throws(() => table.toDataset({ target: 'y', trainRows: [-1] }), (e) => e.code === 'BAD_OPTION' && /trainRows/.test(e.message));
  table.dispose();
});

test('rows with no target are in no fold, and every row with one is tested once (shuffled, stratified, in order)', async () => {
  const y = Float32Array.from(range(0, 40), (i) => (i % 2));
  y[3] = NaN; y[17] = NaN;
  const table = bl.fromColumns({ x: Float32Array.from(range(0, 40)), y });
  const labelled = range(0, 40).filter((i) => i !== 3 && i !== 17);
  for (const [name, options] of [['shuffled', { stratified: false }], ['stratified', {}], ['in order', { timeSeries: true }]]) {
    const r = await bl.cv(table, { target: 'y', skipMissingTarget: true }, { rounds: 1 }, { nfold: 3, ...options });
    const tested = r.folds.flat().sort((a, b) => a - b);
    assert.ok(!tested.includes(3) && !tested.includes(17), `${name}: a row with no target tested`);
    if (name !== 'in order') assert.deepEqual(tested, labelled, `${name}: each labelled row tested once`);
    else assert.deepEqual(tested, labelled.slice(labelled.length - 3 * Math.floor(38 / 4)), 'in order: the last blocks');
  }
  table.dispose();
});

test('ranking in order: whole queries, in the order of their first row', async () => {
  const q = [], rel = [], x = [];
  for (let k = 0; k < 8; k++) for (let j = 0; j < 3; j++) { q.push(`q${(k * 5) % 8}`); rel.push(j % 2); x.push(k + j); }
  const table = bl.fromColumns({ q, rel: Float32Array.from(rel), x: Float32Array.from(x) });
  const r = await bl.cv(table, { target: 'rel', group: 'q' }, { rounds: 1, objective: 'rank:ndcg' }, { nfold: 3, timeSeries: true });
  // 8 queries of 3 rows, in the file's order; blocks of 2 queries: fold 1 tests queries 3-4 (rows 6-11) after rows 0-5.
  assert.deepEqual(r.folds, [range(6, 12), range(12, 18), range(18, 24)]);
  assert.deepEqual(r.trainRows[0], range(0, 6));
  table.dispose();
});

test('a fold that cannot train is named, and for folds in order the likely reason is said (a file sorted by its target)', async () => {
  const sorted = bl.fromColumns({ x: Float32Array.from(range(0, 40)), y: Array.from(range(0, 40), (i) => (i < 25 ? 'a' : 'b')) });
  await assert.rejects(bl.cv(sorted, { target: 'y' }, { rounds: 1 }, { nfold: 3, timeSeries: true }), (e) =>
    /^cv\(\) fold 1 of 3 \(trained on rows 0-9, tested on rows 10-19\): .*one class.* is the file in time order\? One sorted by its target/.test(e.message) || assert.fail(e.message));
  sorted.dispose();
});

test('rows: the folds are made of those rows only, each trained on the other folds\' rows; the rest take no part', async () => {
  const table = drifting(40);
  const kept = range(0, 30);  // rows 30-39 kept out, as a search keeps its test set out
  for (const options of [{ nfold: 3, seed: 1 }, { nfold: 3, timeSeries: true }]) {
    const r = await bl.cv(table, { target: 'y' }, { rounds: 2 }, { ...options, rows: kept });
    const tested = r.folds.flat();
    assert.ok(tested.every((x) => x < 30), JSON.stringify(options));
    r.trainRows.forEach((train, i) => {
      assert.ok(train.every((x) => x < 30 && !r.folds[i].includes(x)), `fold ${i + 1} trains on a row kept out, or on its own test rows`);
      if (!options.timeSeries) assert.equal(train.length + r.folds[i].length, 30);
    });
  }
  const tuned = await bl.tune(table, { target: 'y' }, { rounds: 2 }, { space: { eta: [0.1, 0.3] }, trials: 2, rows: kept });
  const again = await bl.cv(table, { target: 'y' }, { rounds: 2, early_stopping_rounds: 20 }, { nfold: 3, rows: kept });
  assert.equal(tuned.trials[0].value, again.history['test-rmse-mean'][tuned.trials[0].bestRound - 1]);
  await assert.rejects(bl.cv(table, { target: 'y' }, {}, { rows: [] }), /option rows is a list of the 0-based rows/);
  await assert.rejects(bl.cv(table, { target: 'y' }, {}, { rows: [1, 2], folds: [[1], [2]] }), /takes folds or rows, not both/);
  await assert.rejects(bl.cv(table, { target: 'y' }, {}, { rows: [NaN, 1, 2] }), /option rows\[0\] is NaN: each a 0-based row index/);
  assert.throws(() => table.toDataset({ target: 'y', validRows: [1, NaN] }), /Dataset option 'validRows'\[1\] is NaN/);
  const tuned2 = await bl.tune(table, { target: 'y' }, { rounds: 2 }, { space: { eta: [0.1] }, trials: 1, timeSeries: true });
  assert.equal(tuned2.trials.length, 1, 'tune() in the file\'s order passes cv() no seed or stratified');
  table.dispose();
});
