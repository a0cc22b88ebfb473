import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { BUILDS, load, spamCsv, spamValidRows } from './helpers.mjs';

// Written once, run against every build.
for (const build of BUILDS) {
  describe(`train (${build.name})`, () => {
    test('reports the build it loaded', async () => {
      const bl = await load(build);
      assert.equal(bl.capabilities.threads, build.threads);
      assert.equal(bl.capabilities.simd, true);
    });

    test('spam: validation accuracy >= 0.93 after 100 rounds, measured from predictions', async () => {
      const bl = await load(build);
      const table = bl.readCSV(spamCsv());
      const validRows = spamValidRows();
      const data = table.toDataset({ target: 'type', validRows });
      const reports = [];
      const model = await bl.train(data, { rounds: 100, eta: 0.1, max_depth: 6 }, { onRound: (r) => reports.push(r) });
      assert.equal(reports.length, 100);
      assert.equal(model.numTrees, 100);
      assert.ok(reports.at(-1).train.logloss < reports[0].train.logloss / 3, 'train loss falls');
      const prob = model.predict(table);
      const typeColumn = table.columns.find((c) => c.name === 'type');
      assert.equal(typeColumn.type, 'categorical');
      const labels = spamCsv().toString().trim().split('\n').slice(1).map((l) => (l.endsWith('spam') && !l.endsWith('nonspam') ? 1 : 0));
      let correct = 0;
      for (const r of validRows) correct += (prob[r] > 0.5 ? 1 : 0) === labels[r];
      const accuracy = correct / validRows.length;
      assert.ok(accuracy >= 0.93, `accuracy ${accuracy}`);
      assert.ok(Math.abs(1 - reports.at(-1).valid.error - accuracy) < 1e-9, 'reported error agrees with predictions');
      model.dispose(); data.dispose(); table.dispose();
    });

    test('warmUp trains and frees a made-up model: the next training is the same, the heap does not grow, an abort ends it', async () => {
      const bl = await load(build);
      const table = bl.readCSV(spamCsv());
      const data = table.toDataset({ target: 'type', validRows: spamValidRows() });
      const fit = async () => {
        const model = await bl.train(data, { rounds: 10, eta: 0.3, max_depth: 4 });
        const json = model.toJSONString();
        model.dispose();
        return json;
      };
      const before = await fit();
      const seconds = await bl.warmUp();
      assert.ok(seconds > 0, `took ${seconds} s`);
      assert.equal(await fit(), before, 'a warm-up changes no training');
      const used = () => bl._module.heapStats().used;
      const heap = used();
      for (let i = 0; i < 3; i++) await bl.warmUp();
      // (its table alone is 400 kB: three left behind would show)
      assert.ok(used() < heap + 64 * 1024, `what a warm-up made is freed: ${heap} then ${used()} bytes in use`);
      const done = new AbortController();
      done.abort();
      assert.equal(await bl.warmUp({ signal: done.signal }), 0);
      // Aborted after its first round: it stops there and frees what it made.
      const midway = new AbortController();
      setTimeout(() => midway.abort(), 0);
      assert.ok(await bl.warmUp({ signal: midway.signal }) < seconds + 1);
      assert.ok(used() < heap + 64 * 1024, `an aborted warm-up frees what it made: ${heap} then ${used()} bytes`);
      data.dispose(); table.dispose();
    });

    test('stops between rounds on abort and keeps the model so far', async () => {
      const bl = await load(build);
      const table = bl.readCSV(spamCsv());
      const data = table.toDataset({ target: 'type', validFraction: 0.2, seed: 1 });
      const controller = new AbortController();
      let rounds = 0;
      const model = await bl.train(data, { rounds: 50 }, {
        signal: controller.signal,
        onRound: (r) => { rounds = r.round; if (r.round === 7) controller.abort(); },
      });
      assert.equal(rounds, 7);
      assert.equal(model.aborted, true);
      assert.equal(model.numTrees, 7);
      assert.equal(model.predict(data).length, 4601);
    });

    test('quantile regression: about alpha of the training rows fall at or below the predicted quantile, for each alpha', async () => {
      const bl = await load(build);
      // y = x + noise whose spread grows with x: the quantiles fan out, so a mean model would not do.
      const n = 2000, x = new Float32Array(n), y = new Float32Array(n);
      let s = 3;
      const rand = () => ((s = (s * 1103515245 + 12345) % 2147483648) / 2147483648);
      for (let i = 0; i < n; i++) { x[i] = 10 * rand(); y[i] = x[i] + (0.2 + x[i] / 5) * (rand() - 0.5) * 4; }
      const table = bl.fromColumns({ x, y });
      const data = table.toDataset({ target: 'y', validFraction: 0 });
      for (const alpha of [0.1, 0.5, 0.9]) {
        const reports = [];
        const model = await bl.train(data, { objective: 'reg:quantileerror', quantile_alpha: alpha, rounds: 60, eta: 0.3, max_depth: 3 },
          { onRound: (r) => reports.push(r) });
        assert.ok(reports.at(-1).train.quantile < reports[0].train.quantile, 'the pinball loss falls');
        const p = model.predict(table);
        let below = 0;
        for (let i = 0; i < n; i++) below += y[i] <= p[i];
        assert.ok(Math.abs(below / n - alpha) < 0.04, `alpha ${alpha}: ${below / n} of the rows at or below the prediction`);
        assert.equal(JSON.parse(model.toXGBoostJSON()).learner.objective.quantile_loss_param.quantile_alpha, `[${alpha}]`);
        model.dispose();
      }
      // All three at once: one output each, rows x 3; evaluate() gives each one's coverage; both model files keep the list.
      const band = await bl.train(data, { objective: 'reg:quantileerror', quantile_alpha: [0.1, 0.5, 0.9], rounds: 60, eta: 0.3, max_depth: 3 });
      const p = band.predict(table);
      assert.equal(p.length, 3 * n);
      assert.equal(band.summary().num_outputs, 3);
      assert.deepEqual(band.summary().classes, []);
      const e = band.evaluate(table);
      assert.deepEqual(Array.from(e.quantiles), [0.1, 0.5, 0.9]);
      e.coverage.forEach((c, k) => assert.ok(Math.abs(c - [0.1, 0.5, 0.9][k]) < 0.04, `coverage ${c} of the ${[0.1, 0.5, 0.9][k]} quantile`));
      assert.deepEqual(bl.loadModel(band.toBinary()).predict(table), p);
      assert.deepEqual(bl.loadModel(JSON.stringify(band.toJSON())).predict(table), p);
      await assert.rejects(bl.train(data, { objective: 'reg:quantileerror', quantile_alpha: [0.1, 1.5] }), (e) => e.code === 'BAD_PARAM' && /quantile_alpha/.test(e.message));
      await assert.rejects(bl.train(data, { objective: 'reg:quantileerror', quantile_alpha: [0.1, 0.9], eval_metric: 'rmse' }),
        (e) => e.code === 'BAD_PARAM' && /its metric is 'quantile'/.test(e.message));
      band.dispose();
      data.dispose(); table.dispose();
    });

    test('reg:gamma and reg:tweedie predict positive amounts whose deviance falls, and go to XGBoost\'s file with their power', async () => {
      const bl = await load(build);
      // Claim amounts: a gamma-like spread around a mean that grows with x, a third of them exactly 0 (tweedie's case).
      const n = 1200, x = new Float32Array(n), y = new Float32Array(n), amount = new Float32Array(n);
      let s = 11;
      const rand = () => ((s = (s * 1103515245 + 12345) % 2147483648) / 2147483648);
      for (let i = 0; i < n; i++) {
        x[i] = 4 * rand();
        amount[i] = Math.exp(0.5 + 0.6 * x[i]) * (-Math.log(1 - rand()));
        y[i] = rand() < 0.33 ? 0 : amount[i];
      }
      const positive = bl.fromColumns({ x, amount }), claims = bl.fromColumns({ x, y });
      for (const [table, target, params, metric] of [[positive, 'amount', { objective: 'reg:gamma' }, 'gamma-deviance'],
        [claims, 'y', { objective: 'reg:tweedie', tweedie_variance_power: 1.3 }, 'tweedie-nloglik@1.3']]) {
        const data = table.toDataset({ target, validFraction: 0.2, seed: 1 });
        const reports = [];
        const model = await bl.train(data, { ...params, rounds: 40, eta: 0.2, max_depth: 3 }, { onRound: (r) => reports.push(r) });
        assert.equal(reports[0].metric, metric);
        assert.ok(reports.at(-1).valid[metric] < reports[0].valid[metric], `${metric} falls on the held-out rows`);
        const p = model.predict(table);
        assert.ok(p.every((v) => v > 0), 'e^F is positive');
        assert.ok(p[x.indexOf(Math.max(...x))] > p[x.indexOf(Math.min(...x))], 'and grows with x, as the data does');
        const xgb = JSON.parse(model.toXGBoostJSON()).learner.objective;
        assert.equal(xgb.name, params.objective);
        if (params.tweedie_variance_power) assert.equal(xgb.tweedie_regression_param.tweedie_variance_power, '1.3');
        model.dispose(); data.dispose();
      }
      const data = positive.toDataset({ target: 'amount' });
      await assert.rejects(bl.train(data, { objective: 'reg:tweedie', tweedie_variance_power: 2 }), (e) => e.code === 'BAD_PARAM' && /reg:gamma/.test(e.message));
      data.dispose(); positive.dispose(); claims.dispose();
    });

    test('class weights: by name they train as the same weight column would, balanced each class weighs as much, mistakes named', async () => {
      const bl = await load(build);
      const table = bl.readCSV(spamCsv());
      const d = table.toDataset({ target: 'type', classWeights: { spam: 2.5 }, validFraction: 0.2, seed: 1 });
      assert.match(d.notes.at(-1), /'spam' x2\.5/);
      const byClass = await bl.train(d, { rounds: 5, max_depth: 3 });
      const balanced = table.toDataset({ target: 'type', classWeights: 'balanced', validFraction: 0.2, seed: 1 });
      assert.match(balanced.notes.at(-1), /balanced/);
      // Each class's factor as resolved (the scale-out script takes them): by name, balanced from the training rows' counts.
      assert.deepEqual({ ...d.classWeights }, { nonspam: 1, spam: 2.5 });
      const labels = balanced.labels(), held = new Set(balanced.validRows());
      const count = [0, 0];
      labels.forEach((l, r) => { if (!held.has(r)) count[l]++; });
      const n = count[0] + count[1];
      assert.ok(Math.abs(balanced.classWeights.nonspam - n / (2 * count[0])) < 1e-12 && Math.abs(balanced.classWeights.spam - n / (2 * count[1])) < 1e-12,
        JSON.stringify({ ...balanced.classWeights }));
      const none = table.toDataset({ target: 'type' });
      assert.equal(none.classWeights, null);
      none.dispose();
      assert.throws(() => table.toDataset({ target: 'type', classWeights: { Spam: 2 } }), (e) => e.code === 'BAD_OPTION' && /did you mean 'spam'/.test(e.message));
      assert.throws(() => table.toDataset({ target: 'type', classWeights: 'equal' }), (e) => e.code === 'BAD_OPTION' && /'balanced'/.test(e.message));
      // The same model as a weight column of 2.5 on the spam rows.
      const lines = spamCsv().toString().trim().split('\n');
      const weighted = bl.readCSV([`${lines[0]},w`, ...lines.slice(1).map((l) => `${l},${/,spam$/.test(l) ? 2.5 : 1}`)].join('\n') + '\n');
      const w = weighted.toDataset({ target: 'type', weight: 'w', validFraction: 0.2, seed: 1 });
      const byColumn = await bl.train(w, { rounds: 5, max_depth: 3 });
      assert.deepEqual(byColumn.predict(table), byClass.predict(table));
      for (const x of [byClass, byColumn, d, balanced, w, weighted, table]) x.dispose();
    });

    test('expectiles: at 0.5 the squared-error model, at 0.9 above most rows with its own metric, exported as the sum of trees', async () => {
      const bl = await load(build);
      const n = 800, x = new Float32Array(n), y = new Float32Array(n);
      let s = 13;
      const rand = () => ((s = (s * 1103515245 + 12345) % 2147483648) / 2147483648);
      for (let i = 0; i < n; i++) { x[i] = rand(); y[i] = 3 * x[i] + (rand() < 0.2 ? 4 * rand() : 0.3 * rand()); }
      const table = bl.fromColumns({ x, y });
      const data = table.toDataset({ target: 'y', validFraction: 0.2, seed: 1 });
      const settings = { rounds: 10, max_depth: 3 };
      const mean = await bl.train(data, { ...settings, objective: 'reg:squarederror' });
      const half = await bl.train(data, { ...settings, objective: 'reg:expectileerror', expectile_alpha: 0.5 });
      assert.deepEqual(half.predict(table), mean.predict(table));
      let last;
      const high = await bl.train(data, { ...settings, objective: 'reg:expectileerror', expectile_alpha: 0.9 }, { onRound: (r) => { last = r; } });
      assert.equal(last.metric, 'expectile');
      assert.ok(Number.isFinite(last.valid.expectile));
      const p = high.predict(table);
      const below = y.filter((v, i) => v <= p[i]).length / n;
      assert.ok(below > 0.6, `${below} of the rows at or below the 0.9 expectile`);
      const back = bl.loadModel(high.toXGBoostJSON());
      back.predict(table).forEach((v, i) => assert.ok(Math.abs(v - p[i]) <= 1e-5 * Math.max(1, Math.abs(p[i])), `row ${i}`));
      assert.throws(() => high.scaleOutScript({ engine: 'dask' }), (e) => e.code === 'XGBOOST_UNSUPPORTED' && /no expectile loss/.test(e.message));
      await assert.rejects(bl.train(data, { objective: 'reg:expectileerror', expectile_alpha: 1 }), (e) => e.code === 'BAD_PARAM' && /expectile_alpha/.test(e.message));
      for (const h of [mean, half, high, back, data, table]) h.dispose();
    });

    test('base margins: a column of starting margins trains and predicts from each row\'s own, as the native core does', async () => {
      const bl = await load(build);
      const n = 600, x = new Float32Array(n), exposure = new Float32Array(n), y = new Float32Array(n);
      let s = 5;
      const rand = () => ((s = (s * 1103515245 + 12345) % 2147483648) / 2147483648);
      for (let i = 0; i < n; i++) { x[i] = rand(); exposure[i] = Math.log(0.5 + 2 * rand()); y[i] = Math.round(Math.exp(exposure[i] + x[i]) * 3 * rand()); }
      const table = bl.fromColumns({ x, offset: exposure, y });
      const d = table.toDataset({ target: 'y', task: 'regression', baseMargin: 'offset', validFraction: 0 });
      const model = await bl.train(d, { objective: 'count:poisson', rounds: 10, max_depth: 2 });
      assert.deepEqual(model.summary().features.map((f) => f.name), ['x'], 'the offset is not a feature');
      const viaDataset = model.predict(d, { output: 'margin' }), viaTable = model.predict(table, { output: 'margin', baseMargin: 'offset' });
      assert.deepEqual(viaDataset, viaTable);
      const plain = model.predict(table, { output: 'margin' }), f0 = model.summary().base_margin[0];
      for (let i = 0; i < n; i += 37) assert.ok(Math.abs(viaTable[i] - (plain[i] - f0 + exposure[i])) < 1e-4, `row ${i}`);
      // evaluate() scores the rows from their margins too: its RMSE is that of predict() with them.
      const counts = model.predict(table, { baseMargin: 'offset' });
      const rmse = Math.sqrt(counts.reduce((t, p, i) => t + (p - y[i]) ** 2, 0) / n);
      assert.ok(Math.abs(model.evaluate(table, { baseMargin: 'offset' }).rmse - rmse) < 1e-4 * rmse);
      assert.ok(Math.abs(model.evaluate(table).rmse - rmse) > 1e-3 * rmse, 'without the margins another score');
      assert.throws(() => model.evaluate(table, { baseMargin: 7 }), (e) => e.code === 'BAD_ARGUMENT');
      assert.throws(() => model.evaluate(table, { baseMargin: 'nope' }), (e) => e.code === 'UNKNOWN_COLUMN');
      assert.throws(() => table.toDataset({ target: 'y', baseMargin: 'nope' }), (e) => e.code === 'UNKNOWN_COLUMN');
      await assert.rejects(bl.train(d, { algorithm: 'random_forest' }), (e) => e.code === 'BAD_PARAM' && /does not add trees to a margin/.test(e.message));
      // Two quantiles: a margin column each, in the outputs' order; one column is refused saying how many.
      const lo = Float32Array.from(exposure, (v) => v - 1), hi = Float32Array.from(exposure, (v) => v + 1);
      const wide = bl.fromColumns({ x, lo, hi, y });
      const two = wide.toDataset({ target: 'y', task: 'regression', baseMargin: ['lo', 'hi'], validFraction: 0 });
      const quantiles = await bl.train(two, { objective: 'reg:quantileerror', quantile_alpha: [0.2, 0.8], rounds: 5, max_depth: 2 });
      const both = quantiles.predict(two, { output: 'margin' });
      assert.deepEqual(both, quantiles.predict(wide, { output: 'margin', baseMargin: ['lo', 'hi'] }));
      const none = quantiles.predict(wide, { output: 'margin' }), starts = quantiles.summary().base_margin;
      for (let i = 0; i < n; i += 41)
        [lo, hi].forEach((m, k) => assert.ok(Math.abs(both[2 * i + k] - (none[2 * i + k] - starts[k] + m[i])) < 1e-4, `row ${i}, output ${k}`));
      const one = wide.toDataset({ target: 'y', task: 'regression', baseMargin: 'lo', validFraction: 0 });
      await assert.rejects(bl.train(one, { objective: 'reg:quantileerror', quantile_alpha: [0.2, 0.8] }),
        (e) => e.code === 'BAD_PARAM' && /1 base margin column gives each row 1 starting margin; reg:quantileerror has 2 outputs/.test(e.message));
      assert.throws(() => wide.toDataset({ target: 'y', baseMargin: ['lo', 'lo'] }), (e) => e.code === 'BAD_OPTION' && /'lo' twice/.test(e.message));
      assert.throws(() => quantiles.predict(wide, { baseMargin: 'lo' }), (e) => e.code === 'BAD_ARGUMENT' && /2 outputs: give a margin column each/.test(e.message));
      for (const h of [model, d, table, quantiles, two, one, wide]) h.dispose();
    });

    test('monotone and interaction constraints, given as XGBoost\'s Python takes them, hold on the model', async () => {
      const bl = await load(build);
      // y falls then rises along x (a bowl): increasing by constraint, the model may only rise.
      const n = 1500, x = new Float32Array(n), z = new Float32Array(n), w = new Float32Array(n), y = new Float32Array(n);
      let s = 7;
      const rand = () => ((s = (s * 1103515245 + 12345) % 2147483648) / 2147483648);
      for (let i = 0; i < n; i++) { x[i] = 10 * rand(); z[i] = rand(); w[i] = rand(); y[i] = (x[i] - 4) ** 2 + z[i] * w[i] + rand(); }
      const table = bl.fromColumns({ x, z, w, y });
      const data = table.toDataset({ target: 'y', validFraction: 0 });
      const grid = bl.fromColumns({ x: Float32Array.from({ length: 101 }, (_, i) => i / 10), z: new Float32Array(101).fill(0.5), w: new Float32Array(101).fill(0.5) });
      const rises = (p) => p.every((v, i) => i === 0 || v >= p[i - 1]);
      const free = await bl.train(data, { rounds: 30, max_depth: 4 });
      assert.ok(!rises(free.predict(grid)), 'the data does not rise by itself');
      for (const monotone of [{ x: 1 }, [1, 0, 0], '(1,0,0)']) {
        const model = await bl.train(data, { rounds: 30, max_depth: 4, monotone_constraints: monotone, interaction_constraints: [['x'], ['z', 'w']] });
        assert.ok(rises(model.predict(grid)), `rises along x with ${JSON.stringify(monotone)}`);
        // Saved and loaded, it keeps the constraints it was trained with.
        assert.equal(JSON.parse(JSON.stringify(model.toJSON())).params.interaction_constraints, '[["x"],["z","w"]]');
        model.dispose();
      }
      await assert.rejects(bl.train(data, { monotone_constraints: { X: 1 } }), (e) => e.code === 'BAD_PARAM' && /did you mean 'x'/.test(e.message));
      await assert.rejects(bl.train(data, { algorithm: 'random_forest', monotone_constraints: [1] }), (e) => e.code === 'BAD_PARAM' && /algorithm xgboost/.test(e.message));
      free.dispose(); grid.dispose(); data.dispose(); table.dispose();
    });

    test('model JSON round trip predicts the same', async () => {
      const bl = await load(build);
      const table = bl.readCSV('x,z,y\n1,a,1.5\n2,b,2.5\n3,a,3.5\n4,b,4.5\n5,,5.5\n6,a,6.5\n');
      const data = table.toDataset({ target: 'y', validFraction: 0 });
      const model = await bl.train(data, { rounds: 5, min_child_weight: 0 });
      const again = bl.loadModel(JSON.stringify(model.toJSON()));
      assert.deepEqual(again.predict(table), model.predict(table));
      assert.ok(Math.abs(model.predict(table)[5] - 6.5) < Math.abs(3.5 - 6.5), 'learned something');
    });
  });
}

test('SIMD + threads and SIMD only give the same model for the same seed', async () => {
  const models = [];
  for (const build of BUILDS) {
    const bl = await load(build);
    const table = bl.readCSV(spamCsv());
    const data = table.toDataset({ target: 'type', validFraction: 0.2, seed: 3 });
    const model = await bl.train(data, { rounds: 20, eta: 0.3, seed: 3 });
    models.push(JSON.stringify(model.toJSON()));
  }
  assert.ok(models[0].length > 1000);
  assert.equal(models[0], models[1]);
});
