// Random search of the parameters (what a practitioner runs after a first
// model: scikit-learn's RandomizedSearchCV, Optuna's random sampler): each
// trial draws the searched parameters from their ranges, scores them by
// k-fold cross-validation (cv.js) or on the dataset's validation rows, and
// keeps the round where that score was best. The first trial is the
// parameters as given, so the search is always measured against them.
// Random rather than a grid: with a handful of parameters of which one or two
// matter, random draws try more distinct values of the ones that matter for
// the same number of trials (Bergstra and Bengio, 2012).
import { BoostLabError } from './errors.js';
import { crossValidate, LARGER_IS_BETTER, seededUniform } from './cv.js';
import { nearest } from './options.js';

// Early stopping when the caller sets none: a trial stops once its score has
// not improved for this many rounds (each trial's best round is kept anyway).
export const TUNE_PATIENCE = 20;
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
    trainer = lib.trainer(data, params);
    const values = [];
    let report;
    while (!trainer.done) {
      if (signal?.aborted) return null;
      report = trainer.step();
      values.push(report.valid[report.metric]);
      onRound?.(report.round);
      await yieldToEventLoop();
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

export async function tuneParams(lib, table, datasetOptions, params, options, yieldToEventLoop) {
  const { space, trials = 20, by = 'cv', nfold = 3, stratified = true, timeSeries = false, rows, seed = 0, onTrial, onRound, signal } = options ?? {};
  if (!table || typeof table.toDataset !== 'function')
    throw new BoostLabError({ code: 'BAD_ARGUMENT', message: 'tune() takes a Table (readCSV(), fromColumns()), its dataset options { target, ... }, the parameters and { space, ... }.' });
  if (!Number.isInteger(trials) || trials < 1 || trials > MAX_TRIALS) throw bad(`option trials is a whole number from 1 to ${MAX_TRIALS}, not ${JSON.stringify(trials)}.`);
  if (by !== 'cv' && by !== 'validation') throw bad(`option by is 'cv' (k-fold cross-validation, the default) or 'validation' (the dataset's validation rows), not ${JSON.stringify(by)}.`);
  if (!Number.isInteger(seed) || seed < 0) throw bad(`option seed is a whole number of 0 or more, not ${JSON.stringify(seed)}.`);
  if (by === 'validation' && ['nfold', 'stratified', 'timeSeries', 'rows'].some((k) => k in options))
    throw bad("options nfold, stratified, timeSeries and rows are cross-validation's: leave them out with by: 'validation'.");
  const algorithm = params.algorithm ?? 'xgboost';
  const searched = checkSpace(space, lib.paramSchema(), algorithm);
  const base = { early_stopping_rounds: TUNE_PATIENCE, ...params };
  const uniform = seededUniform(seed);
  const result = { trials: [], best: null, metric: '', largerIsBetter: false, by, aborted: false };
  for (let t = 1; t <= trials; t++) {
    // Trial 1 is the parameters as given; the draws are made for it too, so
    // that trial t's values do not depend on whether there was a first.
    const drawn = draw(searched, uniform);
    const tried = t === 1 ? { ...base } : { ...base, ...drawn };
    if (signal?.aborted) { result.aborted = true; break; }
    const start = performance.now();
    const score = by === 'cv'
      ? await scoreByCv(lib, table, datasetOptions, tried, { nfold, timeSeries, ...(timeSeries ? {} : { stratified, seed }), ...(rows !== undefined ? { rows } : {}) }, signal, onRound && ((round) => onRound(t, round)), yieldToEventLoop)
      : await scoreOnValidation(lib, table, datasetOptions, tried, signal, onRound && ((round) => onRound(t, round)), yieldToEventLoop);
    if (!score) { result.aborted = true; break; }
    const { early_stopping_rounds: _, ...kept } = tried;
    const trial = { trial: t, params: { ...kept, rounds: score.bestRound }, searched: Object.fromEntries(searched.map((p) => [p.name, tried[p.name] ?? p.fallback])),
      bestRound: score.bestRound, roundsTrained: score.rounds, value: score.value, std: score.std, seconds: (performance.now() - start) / 1000 };
    result.metric = score.metric;
    result.largerIsBetter = LARGER_IS_BETTER.test(score.metric);
    const better = (a, b) => (result.largerIsBetter ? a > b : a < b);
    if (!result.best || better(trial.value, result.best.value)) result.best = trial;
    result.trials.push(trial);
    onTrial?.(trial, result.best, { metric: result.metric, largerIsBetter: result.largerIsBetter });
  }
  return result;
}
