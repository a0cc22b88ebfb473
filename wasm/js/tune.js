// Random search of the parameters (what a practitioner runs after a first
// model: scikit-learn's RandomizedSearchCV, Optuna's random sampler): each
// trial draws the searched parameters from their ranges, scores them by
// k-fold cross-validation (cv.js) or on the dataset's validation rows, and
// keeps the round where that score was best. The first trial is the
// parameters as given, so the search is always measured against them.
// Random rather than a grid: with a handful of parameters of which one or two
// matter, random draws try more distinct values of the ones that matter for
// the same number of trials (Bergstra and Bengio, 2012).
import { BoostLabError, settle } from './errors.js';
import { crossValidate, LARGER_IS_BETTER, seededUniform, shuffleWith } from './cv.js';
import { nearest } from './options.js';

// Early stopping when the caller sets none: a trial stops once its score has
// not improved for this many rounds (each trial's best round is kept anyway).
export const TUNE_PATIENCE = 20;
// The errors that fail one trial (its drawn settings) and not the search: a parameter combination refused, a model too
// large, a heap that cannot hold it, margins that overflow.
const TRIAL_ERRORS = new Set(['BAD_PARAM', 'MODEL_TOO_LARGE', 'OUT_OF_MEMORY', 'NUMERIC_OVERFLOW']);
const MAX_TRIALS = 1000;

const bad = (message) => new BoostLabError({ code: 'BAD_OPTION', message: `tune() ${message}` });

// The space checked against the engine's parameter schema: each entry a
// range { min, max, log } inside the parameter's own range, or a list of
// values; every name a number parameter of the algorithm trained.
export function checkSpace(space, schema, algorithm) {
  if (space === null || typeof space !== 'object' || Array.isArray(space) || Object.keys(space).length === 0)
    throw bad("option space names the parameters to search, each with a range or a list: { eta: { min: 0.01, max: 0.3, log: true }, max_depth: { min: 2, max: 10 }, subsample: [0.5, 0.75, 1] }.");
  const checked = [];
  for (const [name, range] of Object.entries(space)) {
    const spec = schema.find((s) => s.name === name);
    if (!spec) {
      const guess = nearest(name, schema.map((s) => s.name));
      throw bad(`space names '${name}', which is no parameter here${guess ? ` (did you mean '${guess}'?)` : ''}.`);
    }
    if (spec.type === 'string' || spec.list)
      throw bad(`draws numbers; '${name}' is ${spec.type === 'string' ? 'a choice of words' : 'a list'}: to compare its choices, call tune() once with each in the parameters.`);
    if (spec.algorithms !== 'all' && !spec.algorithms.split(',').includes(algorithm))
      throw bad(`space names '${name}', which algorithm '${algorithm}' does not use (it is ${spec.algorithms}'s).`);
    const integer = spec.type === 'int';
    const fallback = spec.algorithmDefaults?.[algorithm] ?? spec.default;  // the value when the parameters leave it out
    const inRange = (v) => (spec.min === null || spec.min === undefined || (spec.minExclusive ? v > spec.min : v >= spec.min)) &&
      (spec.max === null || spec.max === undefined || v <= spec.max);
    const allowed = `${spec.minExclusive ? '(' : '['}${spec.min ?? '-∞'}, ${spec.max ?? '∞'}${spec.max === null || spec.max === undefined ? ')' : ']'}`;
    if (Array.isArray(range)) {
      if (range.length === 0) throw bad(`space's '${name}' is an empty list.`);
      for (const v of range) {
        if (typeof v !== 'number' || !Number.isFinite(v)) throw bad(`space's '${name}' lists ${JSON.stringify(v)}: each value a finite number.`);
        if (integer && !Number.isInteger(v)) throw bad(`space's '${name}' lists ${v}, but '${name}' is a whole number.`);
        if (!inRange(v)) throw bad(`space's '${name}' lists ${v}, outside its allowed range ${allowed}.`);
      }
      checked.push({ name, values: [...range], fallback });
      continue;
    }
    if (range === null || typeof range !== 'object') throw bad(`space's '${name}' is { min, max } (log: true to draw on a log scale) or a list of values, not ${JSON.stringify(range)}.`);
    const unknown = Object.keys(range).find((k) => !['min', 'max', 'log'].includes(k));
    if (unknown) throw bad(`space's '${name}' has '${unknown}': a range takes min, max and log.`);
    const { min, max, log = false } = range;
    if (typeof min !== 'number' || typeof max !== 'number' || !Number.isFinite(min) || !Number.isFinite(max))
      throw bad(`space's '${name}' needs finite numbers min and max, not ${JSON.stringify(range)}.`);
    if (!(min <= max)) throw bad(`space's '${name}' has min ${min} above max ${max}.`);
    if (typeof log !== 'boolean') throw bad(`space's '${name}' log is true or false, not ${JSON.stringify(log)}.`);
    if (log && !(min > 0)) throw bad(`space's '${name}' is drawn on a log scale, so its min must be above 0, not ${min}.`);
    if (!inRange(min) || !inRange(max)) throw bad(`space's '${name}' runs ${min} to ${max}, outside its allowed range ${allowed}.`);
    if (integer && Math.ceil(min) > Math.floor(max)) throw bad(`space's '${name}' (a whole number) has no whole number from ${min} to ${max}.`);
    checked.push({ name, min, max, log, integer, fallback });
  }
  return checked;
}

// One draw of every searched parameter (in the space's order, so that a seed
// gives the same trials wherever it runs).
function draw(space, uniform) {
  const out = {};
  for (const p of space) {
    if (p.values) {
      out[p.name] = p.values[Math.min(p.values.length - 1, Math.floor(uniform() * p.values.length))];
    } else if (p.integer) {
      // Each whole number equally likely (on a log scale: each equally likely in log).
      // (A log range has min > 0, so lo >= 1 and lo - 0.5 > 0.)
      const lo = Math.ceil(p.min), hi = Math.floor(p.max);
      const v = p.log ? Math.exp(Math.log(lo - 0.5) + uniform() * (Math.log(hi + 0.5) - Math.log(lo - 0.5))) : lo - 0.5 + uniform() * (hi - lo + 1);
      out[p.name] = Math.min(hi, Math.max(lo, Math.round(v)));
    } else {
      const v = p.log ? Math.exp(Math.log(p.min) + uniform() * (Math.log(p.max) - Math.log(p.min))) : p.min + uniform() * (p.max - p.min);
      // Four significant digits: what a person would type, and what the table shows.
      out[p.name] = Math.min(p.max, Math.max(p.min, Number(v.toPrecision(4))));
    }
  }
  return out;
}

// One trial scored on the dataset's validation rows: trained until its early
// stopping (the engine's), its score the watched metric at the best round.
async function scoreOnValidation(lib, table, datasetOptions, params, signal, onRound, yieldToEventLoop) {
  const data = table.toDataset(datasetOptions);
  let trainer;
  try {
    if (data.numValid === 0) throw bad("scores on the validation rows, and the dataset options hold none: give validFraction or validRows, or score by 'cv'.");
    // DART refuses the engine's early stopping (later rounds rescale the best round's trees, so a model cut back to it
    // is not the one scored); stopping here instead keeps the scores, and a DART run of bestRound rounds is the model
    // that round had. (cv() stops on its folds' mean the same way.)
    const { early_stopping_rounds: patience = 0, ...withoutStopping } = params;
    const dart = params.booster === 'dart';
    trainer = lib.trainer(data, dart ? withoutStopping : params);
    const values = [];
    let report;
    while (!trainer.done) {
      if (signal?.aborted) return null;
      report = trainer.step();
      values.push(report.valid[report.metric]);
      await settle(onRound?.(report.round));
      await yieldToEventLoop();
      if (dart && patience > 0 && report.bestRound && report.round - report.bestRound >= patience) break;
    }
    const best = report.bestRound || values.length;
    return { metric: report.metric, bestRound: best, value: values[best - 1], std: null, rounds: values.length };
  } finally {
    trainer?.dispose();
    data.dispose();
  }
}

async function scoreByCv(lib, table, datasetOptions, params, options, signal, onRound, yieldToEventLoop) {
  try {
    const r = await crossValidate(lib, table, datasetOptions, params, { ...options, signal, onRound: onRound && ((record) => onRound(record.round)) }, yieldToEventLoop);
    const mean = r.history[`test-${r.metric}-mean`], std = r.history[`test-${r.metric}-std`];
    return { metric: r.metric, bestRound: r.bestRound, value: mean[r.bestRound - 1], std: std[r.bestRound - 1], rounds: r.trained };
  } catch (e) {
    if (e?.code === 'ABORTED') return null;
    throw e;
  }
}

// Successive halving (Jamieson and Talwalkar, 2016; scikit-learn's
// HalvingRandomSearchCV with rows as the resource): every trial is scored on a
// small share of the rows, the best 1/factor of them again on factor times the
// rows, and so on until the last rung scores the few left on all of them.
// Trial 1 (the parameters as given) goes on to every rung, so that the search
// is measured against them where it ends. Most
// draws are poor, and a poor draw shows as poor on few rows: the search spends
// its time on the promising ones. (Rows, not rounds, are the resource: each
// trial still trains to its own early stop, so a small eta is not cut for
// being slow to start, as a pruner on rounds would cut it.)
export const HALVING_FACTOR = 3;
export const HALVING_MIN_ROWS = 100;

function checkHalving(halving) {
  if (halving === undefined || halving === false) return null;
  if (halving === true) return { factor: HALVING_FACTOR, minRows: HALVING_MIN_ROWS };
  if (halving === null || typeof halving !== 'object' || Array.isArray(halving))
    throw bad(`option halving is true, false or { factor, minRows }, not ${JSON.stringify(halving)}.`);
  const unknown = Object.keys(halving).find((k) => !['factor', 'minRows'].includes(k));
  if (unknown) throw bad(`option halving has '${unknown}': it takes factor (the share kept each rung is 1/factor) and minRows (the first rung's fewest rows).`);
  const { factor = HALVING_FACTOR, minRows = HALVING_MIN_ROWS } = halving;
  if (!Number.isInteger(factor) || factor < 2 || factor > 10) throw bad(`option halving's factor is a whole number from 2 to 10, not ${JSON.stringify(factor)}.`);
  if (!Number.isInteger(minRows) || minRows < 1) throw bad(`option halving's minRows is a whole number of 1 or more, not ${JSON.stringify(minRows)}.`);
  return { factor, minRows };
}

// The rungs: rung i scores ceil(trials / factor^i) trials on rows / factor^(last - i) rows. As many rungs as it takes
// to come down to fewer than factor trials, but none on fewer than minRows rows (then the last rung keeps more).
export function halvingRungs(trials, rows, factor, minRows) {
  const log = (x) => Math.log(x) / Math.log(factor);
  const needed = 1 + Math.floor(log(trials) + 1e-9);
  const possible = rows > minRows ? 1 + Math.floor(log(rows / minRows) + 1e-9) : 1;
  const count = Math.max(1, Math.min(needed, possible));
  return Array.from({ length: count }, (_, i) => ({
    rows: i === count - 1 ? rows : Math.floor(rows / factor ** (count - 1 - i)),
    trials: Math.ceil(trials / factor ** i),
  }));
}

// The order in which the rungs take the rows, so that each rung's rows hold the one before's: a seeded shuffle, in
// which for classes every prefix holds each class's share (each row placed at its rank within its class over the
// class's rows) and, first of all, `perClass` rows of every class (a rare class's share of a small rung is under one
// row: without them a rung of a fraud file held one class and could not train), for ranking whole queries, and for
// folds in the file's order the last rows (the latest stretch).
function rowOrder(all, rows, timeSeries, seed, perClass) {
  const uniform = seededUniform(seed ^ 0x9e3779b9);
  const shuffle = (items) => shuffleWith(items, uniform);
  const inRows = new Set(rows);
  if (all.task === 'ranking') {
    const { begin, rows: byQuery } = all.queries();
    let queries = Array.from({ length: begin.length - 1 }, (_, q) => Array.from(byQuery.subarray(begin[q], begin[q + 1])).filter((r) => inRows.has(r)))
      .filter((q) => q.length);
    queries = timeSeries ? queries.sort((a, b) => Math.max(...b) - Math.max(...a)) : shuffle(queries);
    return queries;  // units: whole queries
  }
  if (timeSeries) return [...rows].sort((a, b) => b - a).map((r) => [r]);  // the latest first
  if (all.task === 'binary' || all.task === 'multiclass') {
    const labels = all.labels();
    const byClass = new Map();
    for (const r of rows) { if (!byClass.has(labels[r])) byClass.set(labels[r], []); byClass.get(labels[r]).push(r); }
    const keyed = [];
    for (const y of [...byClass.keys()].sort((a, b) => a - b)) {
      const members = shuffle(byClass.get(y));
      members.forEach((r, i) => keyed.push({ r, key: (i < perClass ? -1 : 0) + (i + uniform()) / members.length }));
    }
    return keyed.sort((a, b) => a.key - b.key || a.r - b.r).map(({ r }) => [r]);
  }
  return shuffle([...rows]).map((r) => [r]);
}

// The first whole units of the order holding at least `count` rows, sorted.
function firstRows(order, count) {
  const out = [];
  for (const unit of order) { if (out.length >= count) break; out.push(...unit); }
  return out.sort((a, b) => a - b);
}

// What a search was, for resume to tell the same search from another before anything trains: each part a short
// digest (FNV-1a of its JSON, typed arrays as lists), so a result carries it cheaply and a page can keep it.
function digest(value) {
  const text = JSON.stringify(value, (_, v) => (ArrayBuffer.isView(v) ? Array.from(v) : v)) ?? '';
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) h = Math.imul(h ^ text.charCodeAt(i), 0x01000193);
  return (h >>> 0).toString(16).padStart(8, '0');
}
const SEARCH_PARTS = { params: 'parameters', space: 'space', seed: 'seed', by: 'scoring (by)', folds: 'folds (nfold, stratified, timeSeries or rows)',
  data: 'dataset options', table: 'table (rows or columns)' };
function searchOf(table, datasetOptions, params, { space, seed, by, nfold, stratified, timeSeries, rows }) {
  return { params: digest(params), space: digest(space), seed: String(seed), by,
    folds: by === 'cv' ? digest({ nfold, stratified, timeSeries, rows: rows ?? null }) : '', data: digest(datasetOptions),
    table: `${table.numRows}:${digest(table.columns.map((c) => c.name))}` };
}

// More trials for a search that ended (Optuna's optimize called again): the trials of `previous` (a result of the
// same search: space, seed, parameters and options) are kept, and the draws go on after them.
function checkResume(previous, trials, halving, by, search) {
  if (previous === undefined) return null;
  if (halving) throw bad('option resume adds trials to a plain search; a search by halving ranks its trials rung by rung: start it again with more trials.');
  if (previous === null || typeof previous !== 'object' || !Array.isArray(previous.trials) || previous.rungs !== undefined)
    throw bad('option resume is the result of an earlier tune() of the same search (without halving), whose trials it goes on from.');
  const numbers = previous.trials.map((t) => t?.trial);
  if (!numbers.every((n, i) => n === i + 1)) throw bad('option resume\'s trials are numbered 1, 2, 3, ... as tune() returned them.');
  if (!previous.trials.every((t) => (typeof t.value === 'number' || (t.value === null && t.error)) && t.searched && typeof t.searched === 'object'))
    throw bad('option resume\'s trials each need their value and searched values, as tune() returned them.');
  if (previous.trials.length >= trials) throw bad(`option trials (${trials}) counts the trials resumed (${previous.trials.length}) too: ask for more than them.`);
  if (previous.trials.length && typeof previous.metric !== 'string') throw bad('option resume needs the earlier result\'s metric.');
  if (previous.by !== undefined && previous.by !== by) throw bad(`option resume's trials were scored by '${previous.by}', this search by '${by}'.`);
  // (A result kept without its search, as a page may keep it, is checked by its draws and metric only.)
  const differ = previous.search && typeof previous.search === 'object' ? Object.keys(SEARCH_PARTS).filter((k) => previous.search[k] !== search[k]) : [];
  if (differ.length) throw bad(`option resume is the result of another search: its ${differ.map((k) => SEARCH_PARTS[k]).join(', ')} differ from this one's. ` +
    'Resume a search with the same table, dataset options, parameters and options; only trials may grow.');
  return previous;
}

// Which searched parameters the score hung on (Optuna's mean-decrease-in-impurity importance): a random forest of the
// trials (each searched value a feature, the score the target), each parameter's share of the forest's total gain,
// which for squared error is the variance of the scores its splits explain. Few trials give a rough answer; under
// MIN_TRIALS_FOR_IMPORTANCE none.
export const MIN_TRIALS_FOR_IMPORTANCE = 4;
export async function paramImportance(lib, trials, names) {
  const usable = trials.filter((t) => Number.isFinite(t.value));
  if (!names.length || usable.length < MIN_TRIALS_FOR_IMPORTANCE) return null;
  if (names.length === 1) return { [names[0]]: 1 };
  const columns = Object.fromEntries(names.map((n, i) => [`p${i}`, Float64Array.from(usable, (t) => t.searched[n])]));
  columns.score = Float64Array.from(usable, (t) => t.value);
  const table = lib.fromColumns(columns);
  let data, model;
  try {
    data = table.toDataset({ target: 'score', task: 'regression', validFraction: 0 });
    // scikit-learn's RandomForestRegressor as Optuna sets it up: 64 trees, grown out, every feature at each split.
    model = await lib.train(data, { algorithm: 'random_forest', rounds: 64, max_depth: 0, colsample_bynode: 1, seed: 0, eval_train: 0 });
    const gain = model.featureImportance('total_gain');
    const total = names.reduce((sum, _, i) => sum + (gain[`p${i}`] ?? 0), 0);
    return Object.fromEntries(names.map((n, i) => [n, total > 0 ? (gain[`p${i}`] ?? 0) / total : 0]));
  } finally {
    model?.dispose();
    data?.dispose();
    table.dispose();
  }
}

export async function tuneParams(lib, table, datasetOptions, params, options, yieldToEventLoop) {
  const { space, trials = 20, by = 'cv', nfold = 3, stratified = true, timeSeries = false, rows, seed = 0, onTrial, onRound, signal } = options ?? {};
  if (!table || typeof table.toDataset !== 'function')
    throw new BoostLabError({ code: 'BAD_ARGUMENT', message: 'tune() takes a Table (readCSV(), fromColumns()), its dataset options { target, ... }, the parameters and { space, ... }.' });
  if (!Number.isInteger(trials) || trials < 1 || trials > MAX_TRIALS) throw bad(`option trials is a whole number from 1 to ${MAX_TRIALS}, not ${JSON.stringify(trials)}.`);
  if (by !== 'cv' && by !== 'validation') throw bad(`option by is 'cv' (k-fold cross-validation, the default) or 'validation' (the dataset's validation rows), not ${JSON.stringify(by)}.`);
  if (!Number.isInteger(seed) || seed < 0) throw bad(`option seed is a whole number of 0 or more, not ${JSON.stringify(seed)}.`);
  if (by === 'validation' && ['nfold', 'stratified', 'timeSeries', 'rows'].some((k) => k in options))
    throw bad("options nfold, stratified, timeSeries and rows are cross-validation's: leave them out with by: 'validation'.");
  const halving = checkHalving(options?.halving);
  const search = searchOf(table, datasetOptions, params, { space, seed, by, nfold, stratified, timeSeries, rows });
  const resumed = checkResume(options?.resume, trials, halving, by, search);
  const algorithm = params.algorithm ?? 'xgboost';
  const searched = checkSpace(space, lib.paramSchema(), algorithm);
  const base = { early_stopping_rounds: TUNE_PATIENCE, ...params };
  const uniform = seededUniform(seed);
  // Every trial's draws first, in trial order: trial t's values are the same with halving or without.
  const candidates = Array.from({ length: trials }, (_, i) => { const drawn = draw(searched, uniform); return i === 0 ? { ...base } : { ...base, ...drawn }; });
  const result = { trials: [], best: null, metric: '', largerIsBetter: false, by, aborted: false, search };
  const better = (a, b) => (result.largerIsBetter ? a > b : a < b);
  if (resumed) {
    // The trials done are kept if they are this search's own: the same draws from the same seed and space.
    for (const done of resumed.trials) {
      const tried = candidates[done.trial - 1];
      const same = searched.every((p) => (tried[p.name] ?? p.fallback) === done.searched?.[p.name]);
      if (!same) throw bad(`option resume holds trial ${done.trial} with ${JSON.stringify(done.searched)}, which this search draws otherwise: resume a search with its own space, seed and parameters.`);
    }
    result.trials = resumed.trials.map((t) => ({ ...t, value: t.value ?? NaN }));  // (a failed trial's NaN is null in JSON)
    result.metric = resumed.metric;
    result.largerIsBetter = resumed.largerIsBetter;
    for (const t of result.trials) if (Number.isFinite(t.value) && (!result.best || better(t.value, result.best.value))) result.best = t;
  }

  // The rows each rung scores on (all of them, in one rung, without halving).
  let rungs = [{ rows: null, trials }], order = null, scoring = datasetOptions;
  if (halving) {
    let all;
    try {
      if (by === 'cv') {
        all = table.toDataset({ ...datasetOptions, ...(rows !== undefined ? { trainRows: Array.from(rows) } : { validFraction: 0 }) });
      } else {
        all = table.toDataset(datasetOptions);
        if (all.numValid === 0) throw bad("scores on the validation rows, and the dataset options hold none: give validFraction or validRows, or score by 'cv'.");
        const { validFraction: _f, validSplit: _s, validRows: _v, trainRows: _t, ...rest } = datasetOptions;
        scoring = { ...rest, validRows: Array.from(all.validRows()) };
      }
      const used = Array.from(all.trainRows());
      order = rowOrder(all, used, by === 'cv' && timeSeries, seed, by === 'cv' ? Math.max(2, nfold) : 2);
      rungs = halvingRungs(trials, used.length, halving.factor, halving.minRows);
    } finally {
      all?.dispose();
    }
    result.rungs = rungs.map((r) => ({ rows: r.rows, trials: [], values: [] }));
  }

  const entries = new Map(result.trials.map((t) => [t.trial, t]));  // trial -> its latest entry
  const firstRung = new Map(entries);  // trial -> its score in the first rung, where every trial is scored on the same rows
  let alive = candidates.map((_, i) => i + 1).filter((t) => !entries.has(t));
  const searchedOf = (tried) => Object.fromEntries(searched.map((p) => [p.name, tried[p.name] ?? p.fallback]));
  const bestOf = (trials) => {
    let b = null;
    for (const x of trials)
      if (Number.isFinite(x.value) && (!b || (b.rung ?? 1) < (x.rung ?? 1) || ((b.rung ?? 1) === (x.rung ?? 1) && better(x.value, b.value)))) b = x;
    return b;
  };
  allRungs: for (const [rung, plan] of rungs.entries()) {
    const subset = halving ? firstRows(order, plan.rows) : null;
    const scored = [];
    for (const t of alive) {
      if (signal?.aborted) { result.aborted = true; break allRungs; }
      const tried = candidates[t - 1];
      const start = performance.now();
      const progress = onRound && ((round) => onRound(t, round));
      let score;
      try {
        if (by === 'cv') {
          const cvRows = subset ?? rows;
          score = await scoreByCv(lib, table, datasetOptions, tried, { nfold, timeSeries, ...(timeSeries ? {} : { stratified, seed }), ...(cvRows !== undefined ? { rows: cvRows } : {}) }, signal, progress, yieldToEventLoop);
        } else {
          score = await scoreOnValidation(lib, table, subset ? { ...scoring, trainRows: subset } : scoring, tried, signal, progress, yieldToEventLoop);
        }
      } catch (e) {
        // A draw the engine refuses (max_depth 0 without lossguide; a model past the size limit) fails that trial
        // only, as scikit-learn's error_score=nan: the search goes on without it. Trial 1 (the parameters as given, scored
        // first) failing in the first rung, or an error that is not about a trial's settings, ends the search with that
        // error: every search has a score to show, the form's. (In a later rung, on more rows, it may fail as any trial.)
        if ((t === 1 && rung === 0) || !(e instanceof BoostLabError) || !TRIAL_ERRORS.has(e.code)) throw e;
        const { early_stopping_rounds: _, ...kept } = tried;
        const trial = { trial: t, params: kept, searched: searchedOf(tried), bestRound: 0, roundsTrained: 0, value: NaN, std: null,
          seconds: (entries.get(t)?.seconds ?? 0) + (performance.now() - start) / 1000, error: { code: e.code, message: e.message },
          ...(halving ? { rows: subset.length, rung: rung + 1 } : {}) };
        entries.set(t, trial);
        if (rung === 0) firstRung.set(t, trial);
        result.rungs?.[rung].trials.push(t);
        result.rungs?.[rung].values.push(NaN);
        result.trials = candidates.map((_, i) => entries.get(i + 1)).filter(Boolean);
        // The best failing on more rows: the best is again of the trials' latest scores, of the highest rung reached.
        if (result.best?.trial === t) result.best = bestOf(entries.values());
        await settle(onTrial?.(trial, result.best, { metric: result.metric, largerIsBetter: result.largerIsBetter, ...(halving ? { rungs: rungs.map((x) => ({ ...x })) } : {}) }));
        continue;
      }
      if (!score) { result.aborted = true; break allRungs; }
      if (resumed?.trials.length && score.metric !== resumed.metric)
        throw bad(`option resume's trials were scored by ${resumed.metric}, this search by ${score.metric}: resume a search with its own parameters.`);
      const { early_stopping_rounds: _, ...kept } = tried;
      const trial = { trial: t, params: { ...kept, rounds: score.bestRound }, searched: searchedOf(tried),
        bestRound: score.bestRound, roundsTrained: score.rounds, value: score.value, std: score.std,
        seconds: (entries.get(t)?.seconds ?? 0) + (performance.now() - start) / 1000,
        ...(halving ? { rows: subset.length, rung: rung + 1 } : {}) };
      result.metric = score.metric;
      result.largerIsBetter = LARGER_IS_BETTER.test(score.metric);
      entries.set(t, trial);
      if (rung === 0) firstRung.set(t, trial);
      scored.push(trial);
      result.rungs?.[rung].trials.push(t);
      result.rungs?.[rung].values.push(score.value);
      // The best is of the highest rung reached: scores on fewer rows are not comparable with it.
      if (!result.best || (result.best.rung ?? 1) < (trial.rung ?? 1) || better(trial.value, result.best.value)) result.best = trial;
      result.trials = candidates.map((_, i) => entries.get(i + 1)).filter(Boolean);
      await settle(onTrial?.(trial, result.best, { metric: result.metric, largerIsBetter: result.largerIsBetter, ...(halving ? { rungs: rungs.map((x) => ({ ...x })) } : {}) }));
    }
    const next = rungs[rung + 1];
    if (next) {
      // The best of this rung go on, and trial 1 with them: the given parameters stay the yardstick to the last rung.
      // In their rung's order, best first: a search stopped within the next rung has scored the likeliest there.
      alive = scored.sort((a, b) => (better(a.value, b.value) ? -1 : better(b.value, a.value) ? 1 : a.trial - b.trial)).slice(0, next.trials).map((x) => x.trial);
      if (!alive.includes(1)) alive.push(1);
      next.trials = alive.length;
    }
  }
  result.importance = await paramImportance(lib, [...firstRung.values()], searched.map((p) => p.name));
  return result;
}
