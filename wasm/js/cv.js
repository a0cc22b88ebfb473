// k-fold cross-validation, as XGBoost's xgb.cv: the table split into k folds,
// one model a fold trained on the other folds and scored on it, the rounds
// trained in step across the folds so that each round's mean and standard
// deviation (population, as numpy's std) of every metric are known as it
// ends, and early stopping watches the mean of the test side's last metric.
import { BoostLabError, settle } from './errors.js';

// Metrics where larger is better (XGBoost's rule for early stopping).
export const LARGER_IS_BETTER = /^(auc|ndcg|map|pairacc)/;

// Uniform numbers in [0, 1) from a seed (mulberry32): the same sequence for
// the same seed, anywhere (the folds' shuffles, tune()'s draws).
export function seededUniform(seed) {
  let s = seed >>> 0;
  return () => {
    s = (s + 0x6d2b79f5) >>> 0;
    let t = s;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

// Fisher-Yates in place with the uniform numbers given (a caller drawing
// several shuffles and other numbers from one sequence passes it along).
export function shuffleWith(items, uniform) {
  for (let i = items.length - 1; i > 0; i--) {
    const j = Math.floor(uniform() * (i + 1));
    [items[i], items[j]] = [items[j], items[i]];
  }
  return items;
}

// A seeded shuffle: the same folds for the same seed, anywhere.
const shuffled = (items, seed) => shuffleWith([...items], seededUniform(seed));

// The folds of `all` (the dataset over every row): whole queries for ranking,
// each class dealt evenly for classes (stratified), else a shuffle cut in k.
export function makeFolds(all, nfold, stratified, seed) {
  const folds = Array.from({ length: nfold }, () => []);
  if (all.task === 'ranking') {
    const { begin, rows } = all.queries();
    const queries = shuffled(Array.from({ length: begin.length - 1 }, (_, q) => q), seed);
    queries.forEach((q, i) => { for (let k = begin[q]; k < begin[q + 1]; k++) folds[i % nfold].push(rows[k]); });
  } else if (stratified && all.task !== 'regression') {
    const labels = all.labels();
    const byClass = new Map();
    for (const r of all.trainRows()) {  // (rows left out for a missing target are in no fold)
      const y = labels[r];
      if (!byClass.has(y)) byClass.set(y, []);
      byClass.get(y).push(r);  // (a copy a row was quadratic in the rows)
    }
    let at = 0;  // dealt on from where the last class stopped, so the folds' sizes differ by at most one
    for (const y of [...byClass.keys()].sort((a, b) => a - b))
      for (const r of shuffled(byClass.get(y), seed + y)) folds[at++ % nfold].push(r);
  } else {
    shuffled(Array.from(all.trainRows()), seed).forEach((r, i) => folds[i % nfold].push(r));
  }
  return folds.map((f) => f.sort((a, b) => a - b));
}

// Folds in the file's order (scikit-learn's TimeSeriesSplit): the rows (whole
// queries for ranking) cut into nfold + 1 blocks, the first of them the size
// the remainder leaves; fold i tests block i + 1 with a model of every block before it.
export function timeSeriesFolds(all, nfold) {
  let units;
  if (all.task === 'ranking') {
    const { begin, rows } = all.queries();
    units = Array.from({ length: begin.length - 1 }, (_, q) => Array.from(rows.subarray(begin[q], begin[q + 1])));
    // Queries in the order of their first row, so that "before" is the file's order.
    units.sort((a, b) => Math.min(...a) - Math.min(...b));
  } else {
    units = Array.from(all.trainRows(), (r) => [r]);
  }
  const size = Math.floor(units.length / (nfold + 1));
  if (size < 1) throw new BoostLabError({ code: 'BAD_OPTION', message: `cv() option timeSeries cuts the ${all.task === 'ranking' ? 'queries' : 'rows'} into nfold + 1 = ${nfold + 1} blocks: there are only ${units.length}.` });
  const first = units.length - nfold * size;
  return Array.from({ length: nfold }, (_, i) => ({
    train: units.slice(0, first + i * size).flat(),
    test: units.slice(first + i * size, first + (i + 1) * size).flat(),
  }));
}

const mean = (v) => v.reduce((a, b) => a + b, 0) / v.length;
const std = (v) => { const m = mean(v); return Math.sqrt(mean(v.map((x) => (x - m) ** 2))); };

// lib: the BoostLab instance; table and datasetOptions as toDataset takes them.
export async function crossValidate(lib, table, datasetOptions, params, options, yieldToEventLoop) {
  const { nfold = 5, stratified = true, seed = 0, timeSeries = false, rows: only, folds: given, onRound, signal } = options;
  if (!table || typeof table.toDataset !== 'function')
    throw new BoostLabError({ code: 'BAD_ARGUMENT', message: 'cv() takes a Table (readCSV(), fromColumns()), its dataset options { target, ... } and the parameters.' });
  if (['validRows', 'validFraction', 'validSplit', 'trainRows'].some((k) => k in (datasetOptions ?? {})))
    throw new BoostLabError({ code: 'BAD_OPTION', message: 'cv() makes the training and validation sides itself, fold by fold: leave validRows, trainRows, validFraction and validSplit out of the dataset options.' });
  const rows = (f) => Array.isArray(f) || ArrayBuffer.isView(f);
  // Options that the others make moot are refused, not ignored: given folds name their rows and sides; folds in
  // the file's order are neither shuffled (seed) nor dealt by class (stratified).
  const said = (k) => options[k] !== undefined;
  const moot = given !== undefined ? ['nfold', 'stratified', 'seed', 'timeSeries', 'rows'].filter(said)
    : timeSeries === true ? ['stratified', 'seed'].filter(said) : [];
  if (moot.length)
    throw new BoostLabError({ code: 'BAD_OPTION', message: `cv() takes ${given !== undefined ? 'folds' : 'timeSeries'} or ${moot.join(' and ')}, not both: ` +
      (given !== undefined ? 'given folds are used as they are.' : "folds in the file's order are neither shuffled nor dealt by class.") });
  if (only !== undefined) {
    const bad = rows(only) ? Array.from(only).findIndex((r) => !Number.isInteger(r) || r < 0) : -1;
    if (bad >= 0) throw new BoostLabError({ code: 'BAD_OPTION', message: `cv() option rows[${bad}] is ${only[bad]}: each a 0-based row index.` });
  }
  if (only !== undefined && (!rows(only) || only.length === 0))
    throw new BoostLabError({ code: 'BAD_OPTION', message: 'cv() option rows is a list of the 0-based rows to cross-validate (the others take no part), not empty.' });
  // rows: the folds are made of those rows only (a search keeps a test set out of its cross-validation).
  const all = table.toDataset({ ...datasetOptions, ...(only !== undefined ? { trainRows: Array.from(only) } : { validFraction: 0 }) });
  let folds;
  try {
    if (typeof timeSeries !== 'boolean') throw new BoostLabError({ code: 'BAD_OPTION', message: `cv() option timeSeries is true or false, not ${JSON.stringify(timeSeries)}.` });
    if (given !== undefined) {
      if (!Array.isArray(given) || given.length < 2 || !given.every((f) => rows(f) || (f && typeof f === 'object' && rows(f.train) && rows(f.test))))
        throw new BoostLabError({ code: 'BAD_OPTION', message: 'cv() option folds is a list of at least two folds, each a list of 0-based rows (its test rows) or { train, test } lists.' });
      folds = given.map((f) => (rows(f) ? Array.from(f) : { train: Array.from(f.train), test: Array.from(f.test) }));
    } else {
      if (!Number.isInteger(nfold) || nfold < 2 || nfold > all.numTrain)
        throw new BoostLabError({ code: 'BAD_OPTION', message: `cv() option nfold is a whole number from 2 to the rows (${all.numTrain}), not ${nfold}.` });
      folds = timeSeries ? timeSeriesFolds(all, nfold) : makeFolds(all, nfold, stratified, seed);
      if (only !== undefined && !timeSeries) {  // each fold trains on the other folds' rows, not on every other row of the table
        const used = Array.from(all.trainRows());
        folds = folds.map((test) => {
          const out = new Set(test);
          return { train: used.filter((r) => !out.has(r)), test };
        });
      }
    }
  } finally {
    all.dispose();
  }
  // Early stopping is the mean's, not each fold's: the folds train every round.
  const { early_stopping_rounds: patience = 0, ...foldParams } = params ?? {};
  const datasets = [], trainers = [];
  const history = {};
  let best = { round: 0, value: NaN }, watched = '', rounds = 0;
  try {
    for (const [i, f] of folds.entries()) {
      try {
        const d = table.toDataset({ ...datasetOptions, ...(Array.isArray(f) ? { validRows: f } : { validRows: f.test, trainRows: f.train }) });
        datasets.push(d);
        trainers.push(lib.trainer(d, foldParams));
      } catch (e) {
        // Which fold could not train, and for folds in the file's order why that can be: the first trains on the
        // file's first rows alone, which a file sorted by its target (not by time) fills with one class or range.
        if (!(e instanceof BoostLabError)) throw e;
        const span = (rows) => (rows.length ? `${Math.min(...rows)}-${Math.max(...rows)}` : 'none');
        const where = Array.isArray(f) ? `fold ${i + 1} of ${folds.length}` : `fold ${i + 1} of ${folds.length} (trained on rows ${span(f.train)}, tested on rows ${span(f.test)})`;
        const why = timeSeries ? " The folds are cut in the file's order (timeSeries): is the file in time order? One sorted by its target gives a fold's earlier rows one class, or only small values." : '';
        throw new BoostLabError({ code: e.code, message: `cv() ${where}: ${e.message}${why}`, line: e.line, column: e.column });
      }
    }
    while (!trainers[0].done) {
      if (signal?.aborted) throw new BoostLabError({ code: 'ABORTED', message: `cv() was aborted after round ${rounds}.` });
      const reports = trainers.map((t) => t.step());
      rounds = reports[0].round;
      const record = { round: rounds, train: {}, test: {} };
      for (const [side, key] of [['train', 'train'], ['test', 'valid']])
        for (const name of Object.keys(reports[0][key] ?? {})) {
          const values = reports.map((r) => r[key][name]);
          record[side][name] = { mean: mean(values), std: std(values) };
          (history[`${side}-${name}-mean`] ??= []).push(record[side][name].mean);
          (history[`${side}-${name}-std`] ??= []).push(record[side][name].std);
        }
      watched = reports[0].metric;
      const value = record.test[watched]?.mean;
      const larger = LARGER_IS_BETTER.test(watched);
      if (best.round === 0 || (larger ? value > best.value : value < best.value)) best = { round: rounds, value };
      await settle(onRound?.(record));
      if (patience > 0 && rounds - best.round >= patience) break;
      await yieldToEventLoop();
    }
  } finally {
    for (const t of trainers) t.dispose();
    for (const d of datasets) d.dispose();
  }
  // Stopped early: the rounds up to the best, as xgb.cv returns them.
  const kept = patience > 0 ? best.round : rounds;
  for (const key of Object.keys(history)) history[key] = history[key].slice(0, kept);
  const split = folds.some((f) => !Array.isArray(f));
  return { rounds: kept, trained: rounds, bestRound: best.round, metric: watched, history, folds: folds.map((f) => (Array.isArray(f) ? f : f.test)),
    ...(split ? { trainRows: folds.map((f) => (Array.isArray(f) ? null : f.train)) } : {}) };
}
