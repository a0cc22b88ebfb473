// Model.evaluate(): the validation rows scored as a person reads them after a
// run (a confusion matrix, R2), checked against the engine's own per-round
// metrics on the same rows and against the package's predictions row by row.
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { describe, test } from 'node:test';
import { BUILDS, load, spamCsv, spamValidRows } from './helpers.mjs';

const data = (name) => readFileSync(new URL(`../data/${name}`, import.meta.url));
const validOf = (name) => readFileSync(new URL(`../data/${name}`, import.meta.url), 'utf8').trim().split('\n').map(Number);

for (const build of BUILDS) {
  describe(`evaluate (${build.name})`, () => {
    test('spam: the confusion matrix of the validation rows agrees with the reported error and with predict()', async () => {
      const bl = await load(build);
      const table = bl.readCSV(spamCsv());
      const validRows = spamValidRows();
      const dataset = table.toDataset({ target: 'type', validRows });
      const reports = [];
      const model = await bl.train(dataset, { rounds: 30, eta: 0.3, max_depth: 4, eval_metric: 'error,logloss,auc' }, { onRound: (r) => reports.push(r) });
      const e = model.evaluate(table, { rows: validRows });
      const last = reports.at(-1).valid;
      assert.ok(Math.abs(e.logloss - last.logloss) <= 1e-6 * last.logloss, `logloss ${e.logloss}, reported ${last.logloss}`);
      assert.ok(Math.abs(e.auc - last.auc) <= 1e-9, `auc ${e.auc}, reported ${last.auc}`);
      assert.equal(e.task, 'binary');
      assert.deepEqual(e.classes, ['nonspam', 'spam']);
      assert.equal(e.rows, validRows.length);
      assert.equal(e.confusion.length, 4);
      assert.equal(e.confusion.reduce((a, b) => a + b, 0), validRows.length);
      assert.ok(Math.abs(1 - e.accuracy - reports.at(-1).valid.error) < 1e-9, `accuracy ${e.accuracy}, error ${reports.at(-1).valid.error}`);
      // Row by row: actual from the file, predicted from predict()'s classes.
      const cls = model.predict(table, { output: 'class' });
      const lines = spamCsv().toString().trim().split('\n').slice(1);
      const counts = [0, 0, 0, 0];
      for (const r of validRows) counts[(lines[r].endsWith(',spam') ? 2 : 0) + cls[r]]++;
      assert.deepEqual([...e.confusion], counts);
      // Binned by p: from bin k up, the rows called spam at threshold k/1000, as predict()'s probabilities count them.
      const p = model.predict(table);
      assert.equal(e.firstByP.length, 1000);
      for (const k of [0, 250, 500, 900]) {
        const called = [0, 0];
        for (const r of validRows) if (p[r] > k / 1000) called[lines[r].endsWith(',spam') ? 1 : 0]++;
        const from = (a) => a.slice(k).reduce((x, y) => x + y, 0);
        assert.deepEqual([from(e.firstByP), from(e.secondByP)], called, `threshold ${k / 1000}`);
      }
      assert.deepEqual([e.firstByP.slice(500).reduce((x, y) => x + y, 0), e.secondByP.slice(500).reduce((x, y) => x + y, 0)], [e.confusion[1], e.confusion[3]]);
      // An earlier round scores as the model was then.
      const early = model.evaluate(table, { rows: validRows, rounds: 3 });
      assert.ok(Math.abs(1 - early.accuracy - reports[2].valid.error) < 1e-9);
      model.dispose(); dataset.dispose(); table.dispose();
    });

    // A forest's mean of votes is often exactly 0.5: 'class' must read it as the error metric does (p > 0.5 is positive).
    test('spam, every classifier: 1 - accuracy is the reported validation error, ties at p = 0.5 included', async () => {
      const bl = await load(build);
      const table = bl.readCSV(spamCsv());
      const validRows = spamValidRows();
      const dataset = table.toDataset({ target: 'type', validRows });
      for (const algorithm of ['random_forest', 'adaboost', 'gbdt']) {
        const reports = [];
        const model = await bl.train(dataset, { algorithm, rounds: 20, eval_metric: 'error,logloss' }, { onRound: (r) => reports.push(r) });
        const e = model.evaluate(table, { rows: validRows });
        const last = reports.at(-1).valid;
        assert.ok(Math.abs(1 - e.accuracy - last.error) < 1e-9, `${algorithm}: accuracy ${e.accuracy}, error ${last.error}`);
        assert.ok(Math.abs(e.logloss - last.logloss) <= 1e-6 * last.logloss, `${algorithm}: logloss ${e.logloss}, reported ${last.logloss}`);
        model.dispose();
      }
      dataset.dispose(); table.dispose();
    });

    test('letter: 26 classes, the matrix, mlogloss, auc and aucpr as reported; multi:softmax has no probabilities to score', async () => {
      const bl = await load(build);
      const table = bl.readCSV(data('letter.csv'));
      const validRows = validOf('letter.valid_idx.txt');
      const dataset = table.toDataset({ target: 'lettr', validRows });
      const reports = [];
      const model = await bl.train(dataset, { rounds: 4, max_depth: 4, eval_metric: 'auc,aucpr,merror,mlogloss' }, { onRound: (r) => reports.push(r) });
      const e = model.evaluate(table, { rows: validRows });
      assert.equal(e.task, 'multiclass');
      assert.equal(e.confusion.length, 26 * 26);
      const last = reports.at(-1).valid;
      assert.ok(Math.abs(1 - e.accuracy - last.merror) < 1e-9, `accuracy ${e.accuracy}, merror ${last.merror}`);
      assert.ok(Math.abs(e.logloss - last.mlogloss) <= 1e-6 * last.mlogloss, `logloss ${e.logloss}, mlogloss ${last.mlogloss}`);
      // Each class against the rest, as the metrics auc and aucpr (XGBoost's) report them.
      assert.ok(Math.abs(e.auc - last.auc) <= 1e-9, `auc ${e.auc}, reported ${last.auc}`);
      assert.ok(Math.abs(e.aucpr - last.aucpr) <= 1e-9, `aucpr ${e.aucpr}, reported ${last.aucpr}`);
      const hard = await bl.train(dataset, { rounds: 2, max_depth: 3, objective: 'multi:softmax', num_class: 26 });
      const h = hard.evaluate(table, { rows: validRows });
      assert.ok(Number.isNaN(h.logloss) && h.accuracy > 0.1, `softmax: logloss ${h.logloss}, accuracy ${h.accuracy}`);
      for (const x of [model, hard, dataset, table]) x.dispose();
    });

    test('diamonds: R2, RMSE and MAE of the validation rows; RMSE as the engine reported it', async () => {
      const bl = await load(build);
      const table = bl.readCSV(data('diamonds.csv'));
      const validRows = validOf('diamonds.valid_idx.txt');
      const dataset = table.toDataset({ target: 'price', validRows });
      const reports = [];
      const model = await bl.train(dataset, { rounds: 20, eta: 0.3, max_depth: 5 }, { onRound: (r) => reports.push(r) });
      const e = model.evaluate(table, { rows: validRows, points: 500 });
      assert.equal(e.task, 'regression');
      assert.equal(e.rows, validRows.length);
      const rmse = reports.at(-1).valid.rmse;
      assert.ok(Math.abs(e.rmse - rmse) <= 1e-5 * rmse, `rmse ${e.rmse} against the report's ${rmse}`);
      const price = table.column('price').values, pred = model.predict(table);
      let mean = 0, res = 0, tot = 0, abs = 0;
      for (const r of validRows) mean += price[r] / validRows.length;
      for (const r of validRows) {
        res += (price[r] - pred[r]) ** 2;
        tot += (price[r] - mean) ** 2;
        abs += Math.abs(price[r] - pred[r]);
      }
      assert.ok(Math.abs(e.r2 - (1 - res / tot)) < 1e-9, `r2 ${e.r2}`);
      assert.ok(Math.abs(e.mae - abs / validRows.length) < 1e-6 * e.mae);
      assert.ok(Math.abs(e.rmseOfMean - Math.sqrt(tot / validRows.length)) < 1e-6 * e.rmseOfMean, `rmseOfMean ${e.rmseOfMean}`);
      assert.ok(e.r2 > 0.9, `r2 ${e.r2}`);
      assert.equal(e.actual.length, 500);
      assert.equal(e.predicted.length, 500);
      assert.equal(e.actual[1], price[validRows[Math.floor(validRows.length / 500)]]);
      model.dispose(); dataset.dispose(); table.dispose();
    });

    // A run with sample weights: its chart's metrics weigh each row, and so does evaluate() given the column.
    test('weights: spam and diamonds with a weight column score as the engine reported (error, logloss, auc, rmse)', async () => {
      const bl = await load(build);
      const withWeights = (csv) => {
        const lines = csv.toString().trim().split('\n');
        return [`${lines[0]},w`, ...lines.slice(1).map((line, i) => `${line},${[0.5, 1, 3, 0][i % 4]}`)].join('\n');
      };
      const spam = bl.readCSV(withWeights(spamCsv()));
      const validRows = spamValidRows();
      let dataset = spam.toDataset({ target: 'type', validRows, weight: 'w' });
      let reports = [];
      let model = await bl.train(dataset, { rounds: 20, eta: 0.3, max_depth: 4, eval_metric: 'error,logloss,auc' }, { onRound: (r) => reports.push(r) });
      let e = model.evaluate(spam, { rows: validRows, weight: 'w' });
      let last = reports.at(-1).valid;
      assert.equal(e.weight, 'w');
      assert.equal(e.rows, validRows.length);
      assert.ok(Math.abs(e.weightSum - validRows.reduce((s, r) => s + [0.5, 1, 3, 0][r % 4], 0)) < 1e-9, `weightSum ${e.weightSum}`);
      assert.ok(Math.abs(e.confusion.reduce((a, b) => a + b, 0) - e.weightSum) < 1e-9);
      assert.ok(Math.abs(1 - e.accuracy - last.error) < 1e-9, `accuracy ${e.accuracy}, weighted error ${last.error}`);
      assert.ok(Math.abs(e.logloss - last.logloss) <= 1e-6 * last.logloss, `logloss ${e.logloss}, reported ${last.logloss}`);
      assert.ok(Math.abs(e.auc - last.auc) <= 1e-9, `auc ${e.auc}, reported ${last.auc}`);
      const plain = model.evaluate(spam, { rows: validRows });
      assert.equal(plain.weight, '');
      assert.equal(plain.weightSum, validRows.length);
      assert.ok(Math.abs(plain.logloss - e.logloss) > 1e-6, 'unweighted differs');
      assert.throws(() => model.evaluate(spam, { weight: 'nope' }), (err) => err.code === 'UNKNOWN_COLUMN' && /'nope'/.test(err.message));
      assert.throws(() => model.evaluate(spam, { weight: 1 }), (err) => err.code === 'BAD_ARGUMENT');
      model.dispose(); dataset.dispose(); spam.dispose();

      const diamonds = bl.readCSV(withWeights(data('diamonds.csv')));
      const diamondRows = validOf('diamonds.valid_idx.txt');
      dataset = diamonds.toDataset({ target: 'price', validRows: diamondRows, weight: 'w' });
      reports = [];
      model = await bl.train(dataset, { rounds: 10, eta: 0.3, max_depth: 5 }, { onRound: (r) => reports.push(r) });
      e = model.evaluate(diamonds, { rows: diamondRows, weight: 'w' });
      last = reports.at(-1).valid;
      assert.ok(Math.abs(e.rmse - last.rmse) <= 1e-5 * last.rmse, `rmse ${e.rmse} against the report's ${last.rmse}`);
      // A missing weight among the rows asked is refused with its line, as training refuses it.
      const holed = bl.readCSV('x,y,w\n1,2,1\n2,3,\n');
      const small = await bl.train(holed.toDataset({ target: 'y', ignore: ['w'], validFraction: 0 }), { rounds: 2, min_child_weight: 0 });
      assert.throws(() => small.evaluate(holed, { weight: 'w' }), (err) => err.code === 'WEIGHT_MISSING' && err.line === 3);
      assert.equal(small.evaluate(holed, { rows: [0], weight: 'w' }).weightSum, 1);
      for (const x of [small, holed, model, dataset, diamonds]) x.dispose();
    });

    test('a loaded model scores new labelled rows; what cannot be scored is named', async () => {
      const bl = await load(build);
      const table = bl.readCSV('x,y\n1,a\n2,a\n3,a\n4,b\n5,b\n6,b\n7,a\n8,b\n');
      const dataset = table.toDataset({ target: 'y', validFraction: 0 });
      const trained = await bl.train(dataset, { rounds: 3, max_depth: 2, min_child_weight: 0 });
      const model = bl.loadModel(trained.toJSONString());
      const fresh = bl.readCSV('x,y\n1,a\n8,b\n5,\n9,c\n');
      const e = model.evaluate(fresh);
      assert.equal(e.rows, 2);
      assert.equal(e.missingTarget, 1);
      assert.equal(e.unknownClass, 1);
      assert.equal(e.unknownExample, 'c');
      assert.equal(e.unseenLevelRows, 0, 'no categorical feature');
      assert.ok(e.auc >= 0 && e.auc <= 1, `auc ${e.auc}`);
      // A categorical feature's level the model never saw: counted and named (predicted as missing).
      const cats = bl.readCSV('k,y\nu,a\nu,a\nv,b\nv,b\nu,a\nv,b\n');
      const byK = await bl.train(cats.toDataset({ target: 'y', validFraction: 0 }), { rounds: 2, max_depth: 1, min_child_weight: 0 });
      const newLevels = bl.readCSV('k,y\nu,a\nw,b\nw,a\n');
      const seen = byK.evaluate(newLevels);
      assert.equal(seen.unseenLevelRows, 2);
      assert.equal(seen.unseenLevelExample, "k = 'w'");
      for (const x of [cats, byK, newLevels]) x.dispose();
      // Rows of one class only: no AUC (it would read 0.5, as a coin); the log loss stands.
      const one = model.evaluate(fresh, { rows: [0] });
      assert.ok(Number.isNaN(one.auc) && Number.isFinite(one.logloss), `auc ${one.auc}, logloss ${one.logloss}`);
      // Two classes as a multi: model: the second class's probability is scored.
      const soft = await bl.train(dataset, { rounds: 3, max_depth: 2, min_child_weight: 0, objective: 'multi:softprob', num_class: 2 });
      const s = soft.evaluate(fresh);
      const p = soft.predict(fresh);
      const expected = p[1 * 2 + 1] > p[0 * 2 + 1] ? 1 : p[1 * 2 + 1] === p[0 * 2 + 1] ? 0.5 : 0;  // rows 0 (a) and 1 (b)
      assert.equal(s.auc, expected);
      soft.dispose();
      assert.throws(() => model.evaluate(bl.readCSV('x\n1\n')), (err) => err.code === 'UNKNOWN_COLUMN' && /'y'/.test(err.message));
      assert.throws(() => model.evaluate(fresh, { rows: [] }), (err) => err.code === 'BAD_ARGUMENT');
      assert.throws(() => model.evaluate(fresh, { rows: [4] }), (err) => err.code === 'BAD_ARGUMENT' && /past the last/.test(err.message));
      assert.throws(() => model.evaluate(fresh, { row: [1] }), (err) => err.code === 'BAD_OPTION' && /rows/.test(err.message));
      assert.throws(() => model.evaluate(dataset), (err) => err.code === 'BAD_ARGUMENT');
      for (const x of [model, trained, fresh, dataset, table]) x.dispose();
    });
  });
}
