// tune(): random search of the parameters, each trial scored by cross-validation
// or on the validation rows. Checked against cv() and train() themselves (a
// trial's score is theirs), the draws against their ranges and scales, the
// seed's repeatability, an abort, and the space's mistakes.
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { test } from 'node:test';
import { init } from '../../wasm/js/index.js';
const near = (a, b, tol, what = '') => assert.ok(Math.abs(a - b) <= tol, `${what}: ${a} against ${b}`);
import { halvingRungs, paramImportance } from '../../wasm/js/tune.js';

const csv = (f) => readFileSync(new URL(`../data/${f}`, import.meta.url));
const bl = await init({ threads: false });
const penguins = bl.readCSV(csv('penguins.csv'));
const auto = bl.readCSV(csv('auto_mpg.csv'));
const autoOptions = { target: 'Miles_per_Gallon', ignore: ['Name'] };

test('tune() by cv: trial 1 is the parameters as given, each score is cv()\'s test mean at the best round, the best is the lowest', async () => {
  const seen = [], rounds = [];
  const r = await bl.tune(auto, autoOptions, { rounds: 40, eta: 0.2 }, { onRound: (t, round) => rounds.push([t, round]),
    space: { eta: { min: 0.05, max: 0.5, log: true }, max_depth: { min: 2, max: 6 }, subsample: [0.7, 1] }, trials: 4, seed: 5,
    onTrial: (t, best, scored) => seen.push([t.trial, best.trial, scored.metric, scored.largerIsBetter]) });
  assert.equal(r.by, 'cv');
  assert.equal(r.metric, 'rmse');
  assert.equal(r.largerIsBetter, false);
  assert.equal(r.aborted, false);
  assert.deepEqual(r.trials.map((t) => t.trial), [1, 2, 3, 4]);
  assert.deepEqual(seen.map(([t]) => t), [1, 2, 3, 4], 'onTrial after each trial');
  assert.deepEqual(seen[0].slice(2), ['rmse', false], 'onTrial says the metric scored');
  // onRound: each trial's rounds, 1 up to those it trained.
  for (const t of r.trials) assert.deepEqual(rounds.filter(([n]) => n === t.trial).map(([, k]) => k), Array.from({ length: t.roundsTrained }, (_, i) => i + 1));
  assert.deepEqual(r.trials[0].searched, { eta: 0.2, max_depth: 6, subsample: 1 }, 'trial 1: the given eta, the defaults of the rest');
  for (const t of r.trials) {
    const { rounds, ...params } = t.params;
    assert.equal(rounds, t.bestRound, 'the trial\'s parameters train to its best round');
    const cv = await bl.cv(auto, autoOptions, { ...params, rounds: 40, early_stopping_rounds: 20 }, { nfold: 3, seed: 5 });
    assert.equal(cv.bestRound, t.bestRound);
    assert.equal(cv.trained, t.roundsTrained);
    assert.equal(cv.history['test-rmse-mean'][t.bestRound - 1], t.value);
    assert.equal(cv.history['test-rmse-std'][t.bestRound - 1], t.std);
  }
  const lowest = Math.min(...r.trials.map((t) => t.value));
  assert.equal(r.best.value, lowest);
  assert.equal(seen.at(-1)[1], r.best.trial);
});

test('tune() by validation: a trial\'s score is its model\'s validation metric at the best round; the best parameters retrain to it', async () => {
  const options = { ...autoOptions, validFraction: 0.25, seed: 2 };
  const r = await bl.tune(auto, options, { rounds: 60, eval_metric: 'mae' }, { by: 'validation', space: { eta: { min: 0.02, max: 0.4, log: true }, lambda: { min: 0, max: 10 } }, trials: 5, seed: 1 });
  assert.equal(r.metric, 'mae');
  assert.equal(r.trials.every((t) => t.std === null), true);
  const data = auto.toDataset(options);
  const model = await bl.train(data, r.best.params);
  const reports = [];
  const again = await bl.train(data, { ...r.best.params, rounds: 60, early_stopping_rounds: 20 }, { onRound: (x) => reports.push(x) });
  assert.equal(reports.at(-1).bestRound, r.best.bestRound);
  assert.equal(reports[r.best.bestRound - 1].valid.mae, r.best.value);
  assert.equal(model.numTrees, r.best.bestRound, 'one tree a round');
  model.dispose(); again.dispose(); data.dispose();
});

test('tune(): the same seed draws the same trials; another seed others; ranges, whole numbers and log scales kept', async () => {
  const tiny = bl.fromColumns({ x: Float32Array.from({ length: 60 }, (_, i) => i % 7), y: Float32Array.from({ length: 60 }, (_, i) => (i % 7) * 2 + (i % 3)) });
  const space = { eta: { min: 0.001, max: 1, log: true }, gamma: { min: 0, max: 10 }, max_depth: { min: 1, max: 3 }, min_child_weight: { min: 1, max: 1000, log: true }, lambda: [0, 1, 5] };
  const run = (seed) => bl.tune(tiny, { target: 'y' }, { rounds: 1 }, { space, trials: 300, seed, nfold: 2 });
  const [a, b, c] = [await run(7), await run(7), await run(8)];
  assert.deepEqual(a.trials.map((t) => t.searched), b.trials.map((t) => t.searched));
  assert.deepEqual(a.trials.map((t) => t.value), b.trials.map((t) => t.value));
  assert.notDeepEqual(a.trials.map((t) => t.searched), c.trials.map((t) => t.searched));
  const drawn = a.trials.slice(1).map((t) => t.searched);
  const share = (f) => drawn.filter(f).length / drawn.length;
  for (const d of drawn) {
    assert.ok(d.eta >= 0.001 && d.eta <= 1 && d.gamma >= 0 && d.gamma <= 10, JSON.stringify(d));
    assert.ok([1, 2, 3].includes(d.max_depth) && [0, 1, 5].includes(d.lambda), JSON.stringify(d));
    assert.ok(Number.isInteger(d.min_child_weight) === false || d.min_child_weight >= 1);
  }
  // Log scale: a third of the draws in each decade of eta; linear gamma: a tenth below 1.
  assert.ok(Math.abs(share((d) => d.eta < 0.01) - 1 / 3) < 0.1, `eta below 0.01: ${share((d) => d.eta < 0.01)}`);
  assert.ok(Math.abs(share((d) => d.eta >= 0.1) - 1 / 3) < 0.1);
  assert.ok(Math.abs(share((d) => d.gamma < 1) - 0.1) < 0.06, `gamma below 1: ${share((d) => d.gamma < 1)}`);
  for (const depth of [1, 2, 3]) assert.ok(Math.abs(share((d) => d.max_depth === depth) - 1 / 3) < 0.1, `max_depth ${depth}`);
  for (const l of [0, 1, 5]) assert.ok(Math.abs(share((d) => d.lambda === l) - 1 / 3) < 0.1, `lambda ${l}`);
  tiny.dispose();
});

test('tune(): classification\'s auc is larger-is-better; an abort returns the trials done', async () => {
  const controller = new AbortController();
  const r = await bl.tune(penguins, { target: 'species' }, { rounds: 10, eval_metric: 'auc' }, {
    space: { eta: { min: 0.1, max: 0.5 } }, trials: 50, signal: controller.signal, onTrial: (t) => { if (t.trial === 2) controller.abort(); } });
  assert.equal(r.aborted, true);
  assert.equal(r.trials.length, 2);
  assert.equal(r.largerIsBetter, true);
  assert.equal(r.best.value, Math.max(...r.trials.map((t) => t.value)));
});

test('tune(): a space it cannot search is refused, saying what is wrong', async () => {
  const cases = [
    [{ space: {} }, /names the parameters to search/],
    [{ space: { etta: { min: 0.1, max: 0.2 } } }, /'etta', which is no parameter here \(did you mean 'eta'\?\)/],
    [{ space: { eta: { min: 0, max: 1 } } }, /'eta' runs 0 to 1, outside its allowed range \(0, ∞\)/],
    [{ space: { eta: { min: 0.3, max: 0.1 } } }, /min 0.3 above max 0.1/],
    [{ space: { gamma: { min: 0, max: 5, log: true } } }, /log scale, so its min must be above 0/],
    [{ space: { max_depth: { min: 2.2, max: 2.8 } } }, /no whole number from 2.2 to 2.8/],
    [{ space: { max_depth: [2.5] } }, /lists 2.5, but 'max_depth' is a whole number/],
    [{ space: { objective: ['reg:squarederror'] } }, /'objective' is a choice of words/],
    [{ space: { eta: { min: 0.1, max: 0.2, step: 1 } } }, /has 'step': a range takes min, max and log/],
    [{ space: { n_estimators: { min: 1, max: 2 } } }, /no parameter here/],
    [{ space: { eta: [0.1] }, trials: 0 }, /trials is a whole number from 1 to 1000/],
    [{ space: { eta: [0.1] }, by: 'holdout' }, /option by is 'cv'/],
    [{ space: { eta: [0.1] }, by: 'validation', nfold: 3 }, /nfold, stratified, timeSeries and rows are cross-validation's/],
    [{ space: { eta: [0.1] }, trails: 3 }, /Unknown tune\(\) option 'trails' \(did you mean 'trials'\?\)/],
    [{ space: { eta: [0.1] }, halving: 'yes' }, /option halving is true, false or \{ factor, minRows \}/],
    [{ space: { eta: [0.1] }, halving: { factor: 1 } }, /halving's factor is a whole number from 2 to 10, not 1/],
    [{ space: { eta: [0.1] }, halving: { minRows: 0 } }, /halving's minRows is a whole number of 1 or more/],
    [{ space: { eta: [0.1] }, halving: { keep: 0.5 } }, /halving has 'keep'/],
  ];
  for (const [options, message] of cases) {
    await assert.rejects(bl.tune(auto, autoOptions, { rounds: 2 }, options), (e) => e.code?.startsWith('BAD_') && message.test(e.message), JSON.stringify(options));
  }
  await assert.rejects(bl.tune(auto, autoOptions, { rounds: 2, algorithm: 'random_forest' }, { space: { eta: [0.1] } }), /does not use/);
  await assert.rejects(bl.tune(auto, { ...autoOptions, validFraction: 0 }, { rounds: 2 }, { space: { eta: [0.1] }, by: 'validation' }), /validation rows, and the dataset options hold none/);
});

test('halvingRungs(): a third kept each rung, the rows tripled, the last rung on every row; fewer rungs when the rows run short', () => {
  assert.deepEqual(halvingRungs(20, 4601, 3, 100), [{ rows: 511, trials: 20 }, { rows: 1533, trials: 7 }, { rows: 4601, trials: 3 }]);
  assert.deepEqual(halvingRungs(27, 10000, 3, 100), [{ rows: 370, trials: 27 }, { rows: 1111, trials: 9 }, { rows: 3333, trials: 3 }, { rows: 10000, trials: 1 }]);
  assert.deepEqual(halvingRungs(27, 398, 3, 100), [{ rows: 132, trials: 27 }, { rows: 398, trials: 9 }], 'rows for two rungs only: the last keeps nine');
  assert.deepEqual(halvingRungs(8, 90, 2, 100), [{ rows: 90, trials: 8 }], 'fewer rows than minRows: one rung, a plain search');
  assert.deepEqual(halvingRungs(1, 5000, 3, 100), [{ rows: 5000, trials: 1 }]);
});

test('tune() with halving: each rung keeps the best third of the one before, the last scores on every row as cv() does', async () => {
  const space = { eta: { min: 0.05, max: 0.5, log: true }, max_depth: { min: 2, max: 6 } };
  const seen = [];
  const r = await bl.tune(auto, autoOptions, { rounds: 60 }, { space, trials: 9, seed: 4, halving: { minRows: 40 },
    onTrial: (t, best) => seen.push({ trial: t.trial, rung: t.rung, rows: t.rows, value: t.value, best: best.trial }) });
  assert.deepEqual(r.rungs.map((x) => x.rows), [44, 132, 398]);
  assert.deepEqual(r.rungs[0].trials, [1, 2, 3, 4, 5, 6, 7, 8, 9]);
  const kept = [9, 3, 1];
  for (const k of [1, 2]) {
    const before = seen.filter((x) => x.rung === k).sort((a, b) => a.value - b.value || a.trial - b.trial);
    const best = before.slice(0, kept[k]).map((x) => x.trial);
    assert.deepEqual(r.rungs[k].trials, [...new Set([...best, 1])], `rung ${k + 1} takes rung ${k}'s best ${kept[k]}, best first, and trial 1 last`);
    for (const x of seen.filter((s) => s.rung === k + 1)) assert.equal(x.rows, r.rungs[k].rows);
  }
  assert.equal(seen.length, r.rungs.reduce((n, x) => n + x.trials.length, 0), 'onTrial each trial each rung');
  // Every rung's scores kept (a row a trial a rung, as cv_results_), not only each trial's last.
  for (const [k, rung] of r.rungs.entries())
    assert.deepEqual(rung.values, rung.trials.map((t) => seen.find((x) => x.trial === t && x.rung === k + 1).value), `rung ${k + 1}'s values`);
  assert.equal(r.trials[0].rung, 3, 'trial 1 goes on to the last rung');
  // The trials in trial order, each with its last rung's score; the best is the last rung's.
  assert.deepEqual(r.trials.map((t) => t.trial), [1, 2, 3, 4, 5, 6, 7, 8, 9]);
  const lastRung = r.trials.filter((t) => t.rung === 3);
  assert.equal(r.best.value, Math.min(...lastRung.map((t) => t.value)));
  const last = r.best.trial;
  assert.equal(r.best.rung, 3);
  assert.equal(seen.at(-1).best, last);
  const { rounds: _, ...params } = r.best.params;
  const cv = await bl.cv(auto, autoOptions, { ...params, rounds: 60, early_stopping_rounds: 20 }, { nfold: 3, seed: 4 });
  assert.equal(cv.history['test-rmse-mean'][r.best.bestRound - 1], r.best.value, 'the last rung is cv() on every row');
  assert.equal(cv.bestRound, r.best.bestRound);
  // Halving draws the same trials as a plain search with the seed, and the same seed halves the same way.
  const plain = await bl.tune(auto, autoOptions, { rounds: 2 }, { space, trials: 9, seed: 4 });
  assert.deepEqual(r.trials.map((t) => t.searched), plain.trials.map((t) => t.searched));
  const again = await bl.tune(auto, autoOptions, { rounds: 60 }, { space, trials: 9, seed: 4, halving: { minRows: 40 } });
  assert.deepEqual(again.trials.map((t) => [t.trial, t.rung, t.value]), r.trials.map((t) => [t.trial, t.rung, t.value]));
});

test('tune() with halving and timeSeries: a rung cross-validates the latest rows; by validation the training rows are halved and the validation rows stay', async () => {
  const space = { eta: { min: 0.05, max: 0.5, log: true } };
  const r = await bl.tune(auto, autoOptions, { rounds: 30 }, { space, trials: 4, halving: { factor: 2, minRows: 100 }, timeSeries: true });
  assert.deepEqual(r.rungs.map((x) => x.rows), [199, 398]);
  const first = r.trials.find((t) => t.rung === 1 && !r.rungs[1].trials.includes(t.trial)) ?? r.trials[0];
  const rows = Array.from({ length: 199 }, (_, i) => 398 - 199 + i);
  const { rounds: _, ...params } = first.params;
  const cv = await bl.cv(auto, autoOptions, { ...params, rounds: 30, early_stopping_rounds: 20 }, { nfold: 3, timeSeries: true, rows });
  assert.equal(cv.history['test-rmse-mean'][first.bestRound - 1], first.value, 'rung 1: the last 199 rows, in order');

  const options = { ...autoOptions, validFraction: 0.25, seed: 2 };
  const v = await bl.tune(auto, options, { rounds: 40 }, { by: 'validation', space, trials: 4, halving: { factor: 2, minRows: 100 } });
  const data = auto.toDataset(options);
  assert.deepEqual(v.rungs.map((x) => x.rows), [149, data.numTrain]);
  const reports = [];
  const { rounds: __, ...best } = v.best.params;
  (await bl.train(data, { ...best, rounds: 40, early_stopping_rounds: 20 }, { onRound: (x) => reports.push(x) })).dispose();
  assert.equal(reports[v.best.bestRound - 1].valid.rmse, v.best.value, 'the last rung: every training row, the same validation rows');
  data.dispose();
});

test('tune() resume: the trials done are kept and the draws go on; the same trials as one search of them all', async () => {
  const space = { eta: { min: 0.05, max: 0.5, log: true }, max_depth: { min: 2, max: 6 } };
  const whole = await bl.tune(auto, autoOptions, { rounds: 30 }, { space, trials: 6, seed: 9 });
  const part = await bl.tune(auto, autoOptions, { rounds: 30 }, { space, trials: 3, seed: 9 });
  const seen = [];
  const more = await bl.tune(auto, autoOptions, { rounds: 30 }, { space, trials: 6, seed: 9, resume: part, onTrial: (t) => seen.push(t.trial) });
  assert.deepEqual(seen, [4, 5, 6], 'only the new trials run');
  assert.deepEqual(more.trials.map((t) => [t.trial, t.searched, t.value]), whole.trials.map((t) => [t.trial, t.searched, t.value]));
  assert.equal(more.best.trial, whole.best.trial);
  // Through JSON (a page keeps them so) it resumes the same.
  const again = await bl.tune(auto, autoOptions, { rounds: 30 }, { space, trials: 4, seed: 9, resume: JSON.parse(JSON.stringify(part)) });
  assert.deepEqual(again.trials.map((t) => t.value), whole.trials.slice(0, 4).map((t) => t.value));
  // A changed search is refused before anything trains, naming what changed.
  const changed = [
    [autoOptions, { rounds: 30, lambda: 50 }, { space, trials: 6, seed: 9 }, /its parameters differ/],
    [autoOptions, { rounds: 30 }, { space, trials: 6, seed: 9, nfold: 5 }, /its folds \(nfold, stratified, timeSeries or rows\) differ/],
    [autoOptions, { rounds: 30 }, { space, trials: 6, seed: 9, rows: Array.from({ length: 300 }, (_, i) => i) }, /its folds .* differ/],
    [{ ...autoOptions, ignore: ['Name', 'Origin'] }, { rounds: 30 }, { space, trials: 6, seed: 9 }, /its dataset options differ/],
    [autoOptions, { rounds: 30, eval_metric: 'mae' }, { space, trials: 6, seed: 9 }, /its parameters differ/],
  ];
  for (const [options, params, tuneOptions, message] of changed) {
    let trained = 0;
    await assert.rejects(bl.tune(auto, options, params, { ...tuneOptions, resume: part, onRound: () => trained++ }), (e) => e.code === 'BAD_OPTION' && message.test(e.message), message.source);
    assert.equal(trained, 0, 'refused before a round trained');
  }
  const refusals = [
    [{ space, trials: 6, seed: 10, resume: part }, /the result of another search: its seed differ/],
    [{ space, trials: 6, seed: 10, resume: { ...part, search: undefined } }, /holds trial 2 with .*which this search draws otherwise/],
    [{ space: { eta: space.eta }, trials: 6, seed: 9, resume: part }, /its space differ/],
    [{ space, trials: 3, seed: 9, resume: part }, /option trials \(3\) counts the trials resumed \(3\) too/],
    [{ space, trials: 6, seed: 9, resume: part, halving: true }, /resume adds trials to a plain search/],
    [{ space, trials: 6, seed: 9, resume: { trials: [part.trials[1]] } }, /numbered 1, 2, 3/],
    [{ space, trials: 6, seed: 9, resume: 'part' }, /is the result of an earlier tune\(\)/],
  ];
  for (const [options, message] of refusals)
    await assert.rejects(bl.tune(auto, autoOptions, { rounds: 30 }, options), (e) => e.code === 'BAD_OPTION' && message.test(e.message), message.source);
  // A result kept without its search (as the page keeps one) is still held to its metric.
  await assert.rejects(bl.tune(auto, autoOptions, { rounds: 30, eval_metric: 'mae' }, { space, trials: 6, seed: 9, resume: { ...part, search: undefined } }), /scored by rmse, this search by mae/);
});

test('paramImportance(): the parameter the score hangs on takes nearly all of it; tune() reports it, summing to 1', async () => {
  const uniform = ((s) => () => ((s = (s * 1103515245 + 12345) % 2147483648) / 2147483648))(7);
  const trials = Array.from({ length: 40 }, (_, i) => {
    const a = uniform(), b = uniform(), c = uniform();
    return { trial: i + 1, searched: { a, b, c }, value: (a - 0.3) ** 2 + 0.1 * b };  // c: no part
  });
  const imp = await paramImportance(bl, trials, ['a', 'b', 'c']);
  assert.ok(imp.a > 0.7 && imp.b > imp.c && imp.c < 0.1, JSON.stringify(imp));
  near(imp.a + imp.b + imp.c, 1, 1e-12);
  assert.deepEqual(await paramImportance(bl, trials, ['a', 'b', 'c']), imp, 'the same answer again');
  assert.equal(await paramImportance(bl, trials.slice(0, 3), ['a', 'b']), null, 'too few trials');
  assert.deepEqual(await paramImportance(bl, trials, ['a']), { a: 1 });
  const r = await bl.tune(auto, autoOptions, { rounds: 20 }, { space: { eta: { min: 0.01, max: 0.5, log: true }, max_depth: { min: 1, max: 6 } }, trials: 8 });
  assert.deepEqual(Object.keys(r.importance), ['eta', 'max_depth']);
  near(r.importance.eta + r.importance.max_depth, 1, 1e-12);
  assert.deepEqual(r.importance, await paramImportance(bl, r.trials, ['eta', 'max_depth']), 'of every trial');
  // With halving, of the first rung's scores: every trial on the same rows.
  const first = [];
  const h = await bl.tune(auto, autoOptions, { rounds: 20 }, { space: { eta: { min: 0.01, max: 0.5, log: true }, max_depth: { min: 1, max: 6 } }, trials: 9,
    halving: { minRows: 40 }, onTrial: (t) => { if (t.rung === 1) first.push(t); } });
  assert.equal(first.length, 9);
  assert.ok(h.trials.some((t) => t.rung > 1));
  assert.deepEqual(h.importance, await paramImportance(bl, first, ['eta', 'max_depth']));
  assert.notDeepEqual(h.importance, await paramImportance(bl, h.trials, ['eta', 'max_depth']), 'not of the later rungs\' scores');
});

test('tune() with halving on a rare class: every rung holds a few rows of each class, so the search runs where a plain one does', async () => {
  // spam with 6 of its spam rows kept: a first rung's share of them is under one row.
  const spam = bl.readCSV(csv('spam.csv'));
  const labels = spam.toDataset({ target: 'type', validFraction: 0 });
  const y = labels.labels();
  let kept = 0;
  const rows = Array.from(labels.trainRows()).filter((r) => y[r] === 0 || (y[r] === 1 && kept++ < 6));
  labels.dispose();
  assert.equal(kept > 6, true);
  const r = await bl.tune(spam, { target: 'type' }, { rounds: 20 }, { rows, space: { eta: { min: 0.05, max: 0.5 } }, trials: 9, halving: true });
  assert.ok(r.rungs.length >= 2 && (6 * r.rungs[0].rows) / rows.length < 1, `the first rung's share of the 6 is under one row: ${JSON.stringify(r.rungs.map((x) => x.rows))}`);
  assert.equal(r.trials.length, 9);
  assert.ok(Number.isFinite(r.best.value));
  spam.dispose();
});

test('tune() with halving stopped within a rung: that rung scored its best-placed trials first', async () => {
  const controller = new AbortController();
  const seen = [];
  const r = await bl.tune(auto, autoOptions, { rounds: 20 }, { space: { eta: { min: 0.02, max: 0.5, log: true } }, trials: 9, halving: { minRows: 40 }, signal: controller.signal,
    onTrial: (t) => { seen.push(t); if (t.rung === 2) controller.abort(); } });
  assert.equal(r.aborted, true);
  const firstRung = seen.filter((t) => t.rung === 1).sort((a, b) => a.value - b.value || a.trial - b.trial);
  assert.equal(seen.at(-1).trial, firstRung[0].trial, 'rung 2 began with rung 1\'s best');
  assert.equal(r.best.trial, firstRung[0].trial);
});

test('tune(): a draw the engine refuses fails that trial only (scikit-learn\'s error_score=nan); trial 1 failing ends the search', async () => {
  // max_depth 0 means no limit, which depthwise growth refuses: the trials that draw it fail, the others are scored.
  const space = { max_depth: { min: 0, max: 4 } };
  const seen = [];
  const r = await bl.tune(auto, autoOptions, { rounds: 30 }, { space, trials: 8, seed: 1, onTrial: (t) => seen.push(t.trial) });
  const failed = r.trials.filter((t) => t.error);
  assert.ok(failed.length >= 1 && failed.length < 7, `trials drawing 0: ${JSON.stringify(r.trials.map((t) => t.searched))}`);
  for (const t of r.trials) {
    assert.equal(!!t.error, t.searched.max_depth === 0, `trial ${t.trial} (max_depth ${t.searched.max_depth})`);
    if (t.error) {
      assert.equal(t.error.code, 'BAD_PARAM');
      assert.match(t.error.message, /max_depth.*lossguide/);
      assert.ok(Number.isNaN(t.value) && t.bestRound === 0 && t.params.max_depth === 0, JSON.stringify(t));
    } else assert.ok(Number.isFinite(t.value));
  }
  assert.deepEqual(seen, [1, 2, 3, 4, 5, 6, 7, 8], 'onTrial for the failed trials too');
  assert.ok(!r.best.error && r.best.value === Math.min(...r.trials.filter((t) => !t.error).map((t) => t.value)));
  // Resumed through JSON (NaN becomes null there): the failed trials are kept and never the best.
  const more = await bl.tune(auto, autoOptions, { rounds: 30 }, { space, trials: 10, seed: 1, resume: JSON.parse(JSON.stringify(r)) });
  assert.deepEqual(more.trials.filter((t) => t.error).map((t) => t.trial).slice(0, failed.length), failed.map((t) => t.trial));
  assert.ok(more.trials.slice(0, 8).every((t, i) => Object.is(t.value, r.trials[i].value)), 'the kept values, NaN again');
  assert.ok(!more.best.error && Number.isFinite(more.best.value), JSON.stringify(more.best));
  // With halving a failed trial goes no further.
  const h = await bl.tune(auto, autoOptions, { rounds: 30 }, { space, trials: 8, seed: 1, halving: { minRows: 30 } });
  const out = h.trials.filter((t) => t.error).map((t) => t.trial);
  assert.deepEqual(out, failed.map((t) => t.trial));
  for (const rung of h.rungs.slice(1)) assert.ok(rung.trials.every((t) => !out.includes(t)), JSON.stringify(h.rungs));
  assert.ok(h.rungs[0].trials.every((t, i) => out.includes(t) === Number.isNaN(h.rungs[0].values[i])));
  // The parameters as given refused: no search, the engine's error.
  await assert.rejects(bl.tune(auto, autoOptions, { rounds: 30, max_depth: 0 }, { space: { eta: { min: 0.1, max: 0.3 } }, trials: 3 }),
    (e) => e.code === 'BAD_PARAM' && /max_depth/.test(e.message));
});
