// The browser's other trainers, each in a classic worker of its own
// (bench/browser-peers.mjs): ydf-training 0.0.1 (Google's YDF compiled to
// wasm; it takes CSV text and has no hyperparameters in its JS API, so it
// trains its defaults: up to 300 trees of depth 6, shrinkage 0.1, early
// stopping on 10% of the rows) and ml-xgboost 1.1.2 (XGBoost 0.8x compiled
// with Emscripten 1.37 in 2018; it takes a float matrix). Both timed from
// their input (text or matrix) to a trained model, then scored on the
// validation rows. `fits` fits in this one worker (the first pays the
// module's warm-up, as ours' first does; none after a first over a minute).
// Replies { ready: seconds to load the module, runs: seconds of each fit, trees,
// valid (the last fit's) } or { error }.
/* global importScripts, YDFTraining */

const mean = (xs) => xs.reduce((a, b) => a + b, 0) / xs.length;
function score(metric, predictions, labels) {
  if (metric === 'rmse') return Math.sqrt(mean(predictions.map((p, i) => (p - labels[i]) ** 2)));
  const eps = 1e-15;
  return -mean(predictions.map((p, i) => {
    const q = Math.min(Math.max(p, eps), 1 - eps);
    return labels[i] ? Math.log(q) : Math.log(1 - q);
  }));
}

// The CSV split into the training text (header + training rows) and the
// validation rows, plus each row's fields for the matrix.
function split(text, validRows) {
  const lines = text.split('\n').filter((l) => l.length);
  const header = lines[0];
  const valid = new Set(validRows);
  const train = [], held = [];
  for (let i = 1; i < lines.length; i++) (valid.has(i - 1) ? held : train).push(lines[i]);
  return { header, train, held };
}

const enough = (runs, fits) => runs.length >= fits || runs[0] > 60;

async function ydf({ text, validRows, target, task, metric, positive: label, fits }) {
  let positive = label;
  const loading = performance.now();
  importScripts('/node_modules/ydf-training/dist/training.js');
  const lib = await YDFTraining({ locateFile: (p) => `/node_modules/ydf-training/dist/${p}` });
  const ready = (performance.now() - loading) / 1000;
  let { header, train, held } = split(text, validRows);
  const col = header.split(',').indexOf(target);
  if (task === 'CLASSIFICATION') {
    // YDF reads a 0/1 column as numeric and refuses it as a classification
    // label, and its JS API takes no dataspec: the same labels as words.
    const word = (line) => line.split(',').map((v, j) => (j === col ? `class_${v}` : v)).join(',');
    train = train.map(word);
    held = held.map(word);
    positive = `class_${positive}`;
  }
  const trainCsv = [header, ...train].join('\n') + '\n';
  const runs = [];
  let model;
  do {
    model?.unload();
    const t = performance.now();
    model = new lib.GradientBoostedTreesLearner(target, task).train(trainCsv);
    runs.push((performance.now() - t) / 1000);
  } while (!enough(runs, fits));
  const description = model.describe();
  const trees = Number(/Number of trees:\s*(\d+)/i.exec(description)?.[1] ?? NaN);
  const labels = held.map((l) => l.split(',')[col]);
  const raw = model.predict([header, ...held].join('\n') + '\n');
  const predictions = Array.from(raw, Number);
  model.unload();
  const y = metric === 'rmse' ? labels.map(Number) : labels.map((v) => (v === positive ? 1 : 0));
  return { ready, runs, trees, valid: score(metric, predictions, y) };
}

async function mlXgboost({ text, validRows, target, metric, positive, params, fits }) {
  // Its Emscripten 1.37 glue is CommonJS and fetches "xgboost.wasm" relative to the page.
  const loading = performance.now();
  self.module = { exports: {} };
  self.require = () => ({ resolve: (...p) => p.join('/') });
  const realFetch = self.fetch.bind(self);
  self.fetch = (url, options) => realFetch(String(url).endsWith('xgboost.wasm') ? '/node_modules/ml-xgboost/dist/wasm/xgboost.wasm' : url, options);
  importScripts('/node_modules/ml-xgboost/dist/wasm/xgboost.js');
  const x = await self.module.exports.isReady;
  const ready = (performance.now() - loading) / 1000;
  const create = x.cwrap('create_model', 'number', ['array', 'array', 'number', 'number']);
  const setParam = x.cwrap('set_param', null, ['number', 'string', 'string']);
  const train = x.cwrap('train_full_model', null, ['number', 'number']);
  const predictOne = x.cwrap('predict_one', 'number', ['number', 'array', 'number', 'number']);
  const free = x.cwrap('free_memory_model', null, ['number']);

  const { header, train: trainLines, held } = split(text, validRows);
  const names = header.split(',');
  const col = names.indexOf(target);
  // Text columns as codes in order of appearance (it has no categoricals).
  const codes = names.map(() => new Map());
  const encode = (lines) => {
    const cols = names.length - 1;
    const m = new Float32Array(lines.length * cols), y = new Float32Array(lines.length);
    lines.forEach((line, r) => {
      const f = line.split(',');
      let c = 0;
      f.forEach((v, j) => {
        if (j === col) {
          y[r] = metric === 'rmse' ? Number(v) : v === positive ? 1 : 0;
          return;
        }
        let n = v === '' ? NaN : Number(v);
        if (Number.isNaN(n) && v !== '') {
          if (!codes[j].has(v)) codes[j].set(v, codes[j].size);
          n = codes[j].get(v);
        }
        m[r * cols + c++] = n;
      });
    });
    return { m, y, cols };
  };
  const tr = encode(trainLines);
  const runs = [];
  let model;
  do {
    if (model) free(model);
    const t = performance.now();
    model = create(new Uint8Array(tr.m.buffer), new Uint8Array(tr.y.buffer), trainLines.length, tr.cols);
    for (const [k, v] of Object.entries(params)) setParam(model, k, String(v));
    train(model, params.iterations);
    runs.push((performance.now() - t) / 1000);
  } while (!enough(runs, fits));
  const va = encode(held);
  // One row a call, into a float it writes (as its own predict() does).
  const out = x._malloc(4);
  const predictions = [];
  for (let r = 0; r < held.length; r++) {
    const row = va.m.slice(r * va.cols, (r + 1) * va.cols);
    predictOne(model, new Uint8Array(row.buffer), va.cols, out);
    predictions.push(x.getValue(out, 'float'));
  }
  x._free(out);
  free(model);
  return { ready, runs, trees: params.iterations, valid: score(metric, predictions, Array.from(va.y)) };
}

self.onmessage = async ({ data: spec }) => {
  try {
    const text = await (await fetch(spec.csv)).text();
    const validRows = (await (await fetch(spec.validIdx)).text()).trim().split('\n').map(Number);
    const run = spec.engine === 'ydf-training' ? ydf : mlXgboost;
    self.postMessage(await run({ ...spec, text, validRows }));
  } catch (e) {
    self.postMessage({ error: String(e?.message ?? e).slice(0, 300) });
  }
};
