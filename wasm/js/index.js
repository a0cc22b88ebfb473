// boostlab: gradient boosting in WebAssembly, the same API in browsers and Node.
//
//   const bl = await init();
//   const table = bl.readCSV(textOrBytes);
//   const data = table.toDataset({ target: 'price', validFraction: 0.2, seed: 0 });
//   const model = await bl.train(data, { rounds: 100, eta: 0.1 }, { onRound, signal });
//   const yhat = model.predict(table);

import { BoostLabError, settle, unwrap } from './errors.js';
import { loadModule } from './loader.js';
import { checkFunction, checkOptions, checkSignal } from './options.js';
import { crossValidate } from './cv.js';
import { tuneParams } from './tune.js';

export { BoostLabError };
export { VERSION } from './version.js';

// The module itself, as the CommonJS entry's load() gives it: one set of names
// whichever entry a bundler or TypeScript resolves (index.d.cts declares load()).
export async function load() {
  return import('./index.js');
}

// readCSV() takes text up to this size (it is held whole in JS memory);
// readCSVStream() reads bigger files, up to what the heap holds.
export const MAX_CSV_BYTES = 1024 * 1024 * 1024;

// The compact model file's first 8 bytes (core/src/io/model_binary.cc).
const COMPACT_MODEL_MAGIC = [0x42, 0x4c, 0x4d, 0x4f, 0x44, 0x45, 0x4c, 0x1a];  // "BLMODEL\x1a"
export function isCompactModel(bytes) {
  return bytes.length >= 8 && COMPACT_MODEL_MAGIC.every((b, i) => bytes[i] === b);
}

// Bytes that are none of the model files, told so with what they start with: a .blm whose first bytes were damaged
// (or any binary file) was "not valid JSON (unexpected character at byte 0)", and its owner went looking for JSON.
function notAModel(bytes) {
  const corrupt = (message) => new BoostLabError({ code: 'MODEL_CORRUPT', message });
  if (bytes.length === 0) throw corrupt('The model file is empty (0 bytes).');
  // Control bytes (other than tab, newline, return) in its first 512: not JSON text.
  if (!bytes.subarray(0, 512).some((b) => b < 9 || (b > 13 && b < 32))) return;
  const first = Array.from(bytes.subarray(0, 8), (b) => b.toString(16).padStart(2, '0')).join(' ');
  const nearBlm = COMPACT_MODEL_MAGIC.filter((b, i) => bytes[i] === b).length >= 4;
  throw corrupt(nearBlm ? `The model file looks like a BoostLab .blm file whose first bytes are damaged (${first}, where a .blm starts ` +
    `${COMPACT_MODEL_MAGIC.map((b) => b.toString(16).padStart(2, '0')).join(' ')}): it cannot be read; save the model again.`
    : `The model file is not one BoostLab reads (a .blm file, BoostLab or XGBoost JSON, XGBoost UBJSON): it is binary, its first bytes ${first}.`);
}

// Whether bytes start as UBJSON does: an object whose first key's length has a
// number's marker after the '{' (JSON text has '"', a space or '}' there).
// The engine's own test is core/src/util/ubjson.cc's Looks.
export function isUbjModel(bytes) {
  return bytes.length >= 2 && bytes[0] === 0x7b && 'iUIlL$#'.includes(String.fromCharCode(bytes[1]));
}

// Parameters go to the engine as JSON, where NaN and Infinity become null,
// which the engine reads as "the default": refused here instead.
function checkParams(params) {
  if (params === null || typeof params !== 'object' || Array.isArray(params))
    throw new BoostLabError({ code: 'BAD_PARAM', message: `The parameters are an object ({ rounds: 100, eta: 0.1, ... }), not ${params === null ? 'null' : Array.isArray(params) ? 'an array' : typeof params}.` });
  for (const [name, value] of Object.entries(params)) {
    if (typeof value === 'number' && !Number.isFinite(value))
      throw new BoostLabError({ code: 'BAD_PARAM', message: `Parameter '${name}' is ${value}: a finite number, or left out for its default.` });
    // A function is an objective of your own (XGBoost's obj: trainer() takes it apart); anywhere else JSON would drop
    // it, and the model train on the default instead, unsaid.
    if (name !== 'objective' && (typeof value === 'function' || (Array.isArray(value) && value.some((v) => typeof v === 'function'))))
      throw new BoostLabError({ code: 'CUSTOM_FUNCTION_UNSUPPORTED', message: `Parameter '${name}' is a function: only the objective may be one ` +
        "(objective: (margins, labels) => ({ grad, hess }), as XGBoost's obj). A metric of your own is train()'s option " +
        "metric: (margins, labels) => number, as XGBoost's custom_metric; or name a built-in one, e.g. eval_metric: 'rmse'." });
  }
}

// How long train() runs rounds before it lets the event loop run.
const YIELD_MS = 8;

// Lets the event loop run between rounds so onRound can paint and Stop can arrive.
function yieldToEventLoop() {
  if (typeof setImmediate === 'function') return new Promise((resolve) => setImmediate(resolve));
  return new Promise((resolve) => {
    const channel = new MessageChannel();
    channel.port1.onmessage = () => resolve();
    channel.port2.postMessage(null);
  });
}

// The chunks of a CSV source as Uint8Arrays (or strings), however it comes.
async function* csvChunks(source) {
  if (typeof Blob !== 'undefined' && source instanceof Blob) source = source.stream();
  if (source && typeof source.getReader === 'function') {
    const reader = source.getReader();
    let done = false;
    try {
      for (;;) {
        const next = await reader.read();
        if ((done = next.done)) return;
        yield next.value;
      }
    } finally {
      if (!done) await reader.cancel().catch(() => {});  // stopped early: the source need not be read on
      reader.releaseLock();
    }
  }
  if (!source || (typeof source[Symbol.asyncIterator] !== 'function' && typeof source[Symbol.iterator] !== 'function') ||
      typeof source === 'string' || ArrayBuffer.isView(source)) {
    throw new BoostLabError({ code: 'BAD_ARGUMENT', message: 'readCSVStream() takes a Blob or File, a ReadableStream, or an iterable of Uint8Array chunks (readCSV() takes a whole text).' });
  }
  for await (const chunk of source) {
    if (typeof chunk === 'string' || chunk instanceof Uint8Array) yield chunk;
    else if (chunk instanceof ArrayBuffer) yield new Uint8Array(chunk);
    else throw new BoostLabError({ code: 'BAD_ARGUMENT', message: 'A CSV chunk is a Uint8Array, an ArrayBuffer or a string.' });
  }
}

// Text goes to the engine in pieces of at most this many bytes.
const CSV_CHUNK_BYTES = 8 * 2 ** 20;

// One CSV on its way into the engine: chunks copied into the reader's heap
// buffer and fed; after the first megabyte, the file's table estimated and
// refused if the heap cannot hold it.
class CsvReading {
  constructor(lib, options, size) {
    const { forTraining = false, ...csvOptions } = options ?? {};
    this._lib = lib;
    this._size = size;
    this._forTraining = Boolean(forTraining);
    this._checked = false;
    this._highSurrogate = '';
    this._reader = unwrap(lib._module.createCsvReader(JSON.stringify(csvOptions), size));
  }
  // A chunk of text (a string is encoded as UTF-8), in pieces of at most CSV_CHUNK_BYTES.
  // A string chunk that ends in the first half of a surrogate pair keeps that
  // half for the next chunk: encoded alone, either half is U+FFFD.
  feed(chunk) {
    if (typeof chunk !== 'string') {
      this._flushSurrogate();
      this._feedBytes(chunk);
      return;
    }
    let text = this._highSurrogate + chunk;
    this._highSurrogate = '';
    const last = text.charCodeAt(text.length - 1);
    if (last >= 0xd800 && last <= 0xdbff) {
      this._highSurrogate = text.slice(-1);
      text = text.slice(0, -1);
    }
    this._feedBytes(new TextEncoder().encode(text));
  }
  // A half kept with no string after it: alone, as TextEncoder writes it (U+FFFD).
  _flushSurrogate() {
    const half = this._highSurrogate;
    this._highSurrogate = '';
    if (half) this._feedBytes(new TextEncoder().encode(half));
  }
  _feedBytes(bytes) {
    for (let at = 0; at < bytes.byteLength; at += CSV_CHUNK_BYTES) {
      const piece = bytes.subarray(at, at + CSV_CHUNK_BYTES);
      unwrap(this._reader.chunkBuffer(piece.byteLength)).set(piece);
      unwrap(this._reader.feed(piece.byteLength));
      if (!this._checked) this._checkAfterFirstMegabyte(this._reader.counts());
    }
  }
  progress() {
    const { bytes, rows } = this._reader.counts();
    return { bytes, size: this._size, rows };
  }
  finish() {
    this._flushSurrogate();
    return new Table(this._lib, unwrap(this._reader.finish()));
  }
  dispose() {
    this._reader?.delete();
    this._reader = null;
  }
  // Once a row and a megabyte (or the whole file) are read: the file's rows at
  // that rate, each column 4 bytes a row; for training, 2 more a column (bins,
  // by row and by column), 4 more a text column (its codes as numbers: numeric
  // columns are shared, not copied), and 40 bytes a row of labels, margins,
  // gradients, predictions and row lists. Against what the heap has left.
  _checkAfterFirstMegabyte({ bytes: fed, rows, columns, textColumns, columnBytes }) {
    if (this._size <= 0 || rows === 0 || (fed < 2 ** 20 && fed < this._size)) return;
    this._checked = true;
    const estimatedRows = Math.ceil(rows * (this._size / fed));
    const need = estimatedRows * (columns * 4 + (this._forTraining ? columns * 2 + textColumns * 4 + 40 : 0));
    const heap = this._lib._module.heapStats();
    // The reader has already made room for the table it expects: that is not taken from the estimate's room.
    const room = heap.limit - (heap.used - columnBytes) - 64 * 2 ** 20;
    if (need <= room) return;
    const mb = (n) => `${Math.round(n / 2 ** 20)} MB`;
    throw new BoostLabError({
      code: 'CSV_TOO_LARGE',
      message: `The file (${mb(this._size)}: about ${estimatedRows.toLocaleString('en-US')} rows × ${columns} columns, from its first ` +
        `${mb(fed)}) needs about ${mb(need)}${this._forTraining ? ' to read and train on' : ''}; this page's memory has ` +
        `${mb(Math.max(0, room))} left (of ${mb(heap.limit)}). It was not read. Sample its rows or drop columns, then try again.`,
    });
  }
}

// What a wrong argument was, for a message: "an array of 3 items", "an object with keys a, b", "null".
function describeValue(v) {
  if (v === null || v === undefined) return String(v);
  if (Array.isArray(v)) return `an array of ${v.length} ${v.length === 1 ? 'item' : 'items'}`;
  if (ArrayBuffer.isView(v)) return v.length === undefined ? `a ${v.constructor.name} of ${v.byteLength} bytes` : `a ${v.constructor.name} of ${v.length} values`;
  if (typeof v === 'object') {
    const keys = Object.keys(v);
    return keys.length ? `an object with keys ${keys.slice(0, 5).join(', ')}${keys.length > 5 ? ', …' : ''}` : 'an empty object';
  }
  return `a ${typeof v}`;
}

// Where a Table comes from, after "takes a Table or a Dataset, not ...".
const TABLE_FROM = ' (bl.readCSV(text) makes a Table from a file, bl.fromColumns({ name: values }) from columns, ' +
  'bl.fromRows(values, rows, names) from a row-major matrix; model.predictMatrix(values, rows) predicts a matrix as it is)';

// Row indices for the engine: a Uint32Array, or null for all rows.
function rowList(rows) {
  if (rows === undefined || rows === null) return null;
  if (!rows || typeof rows.length !== 'number')
    throw new BoostLabError({ code: 'BAD_ARGUMENT', message: 'rows is an array of row indices (0-based).' });
  const bad = Array.prototype.findIndex.call(rows, (r) => !Number.isInteger(r) || r < 0 || r > 0xffffffff);
  if (bad >= 0) throw new BoostLabError({ code: 'BAD_ARGUMENT', message: `rows[${bad}] is ${rows[bad]}: a row index is a whole number from 0.` });
  return Uint32Array.from(rows);
}

class Handle {
  constructor(handle) {
    this._handle = handle;
  }
  get _h() {
    if (!this._handle) throw new BoostLabError({ code: 'DISPOSED', message: `This ${this.constructor.name} was disposed.` });
    return this._handle;
  }
  dispose() {
    this._handle?.delete();
    this._handle = null;
  }
  [Symbol.dispose ?? Symbol.for('Symbol.dispose')]() {
    this.dispose();
  }
}

export class Table extends Handle {
  constructor(lib, handle) {
    super(handle);
    this._lib = lib;
    const summary = JSON.parse(unwrap(handle.summaryJson()));
    this.numRows = summary.rows;
    this.columns = summary.columns;  // [{name, type, missing, distinct, levels?}]
    this.delimiter = summary.delimiter;  // as given, or detected: ',', ';', '\t' or '|'
    this.encoding = summary.encoding;    // 'utf-8', or 'windows-1252' for a file that is not UTF-8
    this.decimalComma = !!summary.decimalComma;  // some column's numbers were read with a decimal comma
    this.missingValues = summary.missingValues ?? [];  // the cells the reader was told also mean missing
    this.dateParts = summary.dateParts ?? [];  // [{column, order, time}]: dates the reader replaced by their parts
    this.notes = summary.notes;          // what a person should know: a re-encoding, renamed columns
  }
  // Each row's 1-based line in the file (rows left out, blank lines and
  // quoted line breaks counted), a Uint32Array, or the lines of the 0-based
  // rows given; null for a table made from columns.
  rowLines(rows) {
    return unwrap(this._h.rowLines(rows == null ? null : Array.from(rows)));
  }
  // A column as read: { name, type: 'numeric', values: Float32Array } (NaN
  // missing) or { name, type: 'text', codes: Int32Array, levels: string[] }
  // (code -1 missing): an ID column's values, say, to put beside predictions.
  // A column with whole numbers a float rounds (an ID past 2^24) gives them as
  // written, a Float64Array (the engine keeps a file's; fromColumns keeps its own).
  column(name) {
    const handle = this._h;  // (DISPOSED first, the copy kept here or not)
    return this._exact?.has(name) ? { name, type: 'numeric', values: this._exact.get(name).slice() } : unwrap(handle.column(String(name)));
  }
  toDataset(options) {
    if (typeof options === 'string')
      throw new BoostLabError({ code: 'BAD_ARGUMENT', message: `toDataset() takes options { target, ... }, not a string: write toDataset({ target: '${options}' }).` });
    const o = { ...(options ?? {}) };
    for (const key of ['validRows', 'trainRows']) {
      if (ArrayBuffer.isView(o[key])) o[key] = Array.from(o[key]);  // an Int32Array as well as an array
      // JSON would turn NaN and Infinity into null, and the engine would say 'is null'.
      const bad = Array.isArray(o[key]) ? o[key].findIndex((r) => typeof r === 'number' && !Number.isFinite(r)) : -1;
      if (bad >= 0) throw new BoostLabError({ code: 'BAD_OPTION', message: `Dataset option '${key}'[${bad}] is ${o[key][bad]}: each a 0-based row index.` });
    }
    return new Dataset(unwrap(this._lib._module.toDataset(this._h, JSON.stringify(o))));
  }
}

export class Dataset extends Handle {
  constructor(handle) {
    super(handle);
    this.numTrain = handle.numTrain();
    this.numValid = handle.numValid();
    this.task = handle.task();
    this.group = handle.groupColumn() || null;  // ranking: the query id column
    this.notes = handle.notes();  // what a person should know (ranking: queries that add no pairs)
    // The factor each class's rows weigh (classWeights given, 'balanced' resolved), by class name; null: none.
    // A null-prototype object: a class may be named '__proto__'.
    const factors = handle.classWeights();
    this.classWeights = factors.length ? Object.assign(Object.create(null), Object.fromEntries(factors)) : null;
  }
  // Ranking: the queries of the training rows (or of the validation rows with
  // { valid: true }): { begin, rows }, query q holding rows[begin[q] .. begin[q + 1]).
  queries(options) {
    return this._h.queries(Boolean(options?.valid));  // arrays the engine copied out
  }
  // The validation rows (0-based rows of the table), a Uint32Array.
  validRows() {
    return this._h.validRows();  // a copy the engine made
  }
  // The training rows (0-based rows of the table; rows with no target left out), a Uint32Array.
  trainRows() {
    return this._h.trainRows();
  }
  // Each row's label as the engine trains on it (the value, or the class
  // index into the model's classes), a Float32Array.
  labels() {
    return this._h.labels();
  }
  // Once a trainer has binned this dataset (trainer.prepare() returned 1, or
  // a round was trained), its feature values are needed no more: this frees
  // them and the dataset's hold on its table's numbers, so that disposing the
  // table too leaves only the bins in the heap. Predicting on or training
  // with it afterwards throws VALUES_RELEASED.
  releaseValues() {
    this._h.releaseValues();
  }
  get valuesReleased() {
    return this._h.valuesReleased();
  }
}

export class Model extends Handle {
  // module: the engine it lives in (predictMatrix writes rows into its heap).
  constructor(handle, info = {}, module) {
    super(handle);
    this._module = module;
    this.numTrees = handle.numTrees();
    this.predictionWidth = handle.predictionWidth();
    this.aborted = info.aborted ?? false;
  }
  // Probabilities for binary targets, values for regression; for multiclass
  // (multi:softprob) predictionWidth probabilities per row, row after row.
  // options: { output: 'probability' (default) | 'margin' | 'class' | 'leaf', rounds: the first N rounds (0: all) }.
  predict(data, options) {
    options = this._predictOptions('predict()', options);
    // A column of the table's with each row's starting margin (XGBoost's base_margin); a dataset's own comes with it.
    if (options.baseMargin !== undefined) {
      const names = typeof options.baseMargin === 'string' ? [options.baseMargin] : options.baseMargin;
      if (!(data instanceof Table) || !Array.isArray(names) || !names.length || !names.every((n) => typeof n === 'string'))
        throw new BoostLabError({ code: 'BAD_ARGUMENT', message: "predict()'s baseMargin names a column of the table, or one a model output (a dataset made with baseMargin uses its own)." });
      return unwrap(this._h.predictTableFrom(data._h, String(options.output ?? 'probability'), Number(options.rounds ?? 0), [...names]));
    }
    if (options.output !== undefined || options.rounds !== undefined) {
      const output = options.output ?? 'probability', rounds = options.rounds ?? 0;
      if (data instanceof Table) return unwrap(this._h.predictTableWith(data._h, String(output), Number(rounds)));
      if (data instanceof Dataset) return unwrap(this._h.predictDatasetWith(data._h, String(output), Number(rounds)));
    }
    if (data instanceof Table) return unwrap(this._h.predictTable(data._h));
    if (data instanceof Dataset) return unwrap(this._h.predictDataset(data._h));
    throw new BoostLabError({ code: 'BAD_ARGUMENT', message: `predict() takes a Table or a Dataset, not ${describeValue(data)}${TABLE_FROM}.` });
  }
  // How well the model predicts the table's rows whose target is known (the
  // validation rows after a run, new labelled rows for a loaded model):
  // classes: a confusion matrix and the share right; numbers: R2, RMSE, MAE
  // and up to `points` (actual, predicted) pairs for a plot. Each row counts once.
  // options: { rows: the rows to score (0-based), default all; rounds: the first N rounds (0: all); points: default 2000 }.
  evaluate(table, options) {
    const { rows, rounds = 0, points = 2000, weight = '', target = '', baseMargin = [] } =
      checkOptions('evaluate()', options, ['rows', 'rounds', 'points', 'weight', 'target', 'baseMargin']);
    const margins = typeof baseMargin === 'string' ? [baseMargin] : baseMargin;
    if (!(table instanceof Table)) throw new BoostLabError({ code: 'BAD_ARGUMENT', message: 'evaluate() takes a Table (it reads the target column).' });
    if (typeof weight !== 'string') throw new BoostLabError({ code: 'BAD_ARGUMENT', message: "evaluate()'s weight is a column's name (its sample weights)." });
    if (typeof target !== 'string') throw new BoostLabError({ code: 'BAD_ARGUMENT', message: "evaluate()'s target is a column's name (the true values; by default the model's own target)." });
    if (!Array.isArray(margins) || !margins.every((n) => typeof n === 'string'))
      throw new BoostLabError({ code: 'BAD_ARGUMENT', message: "evaluate()'s baseMargin names the column of each row's starting margin (or one a model output)." });
    return unwrap(this._h.evaluate(table._h, rowList(rows), Number(rounds), Number(points), weight, target, [...margins]));
  }
  // Permutation importance (as scikit-learn's permutation_importance): each
  // feature's values shuffled among the rows scored, `repeats` times, and how
  // much worse the model scores (a loss up, a score down: more is more
  // important). options: rows (default all), rounds, metric ('' : logloss for
  // classes, rmse for numbers), repeats (default 5), seed, and evaluate()'s
  // weight, target and baseMargin.
  permutationImportance(table, options) {
    const { rows, rounds = 0, metric = '', repeats = 5, seed = 0, weight = '', target = '', baseMargin = [] } =
      checkOptions('permutationImportance()', options, ['rows', 'rounds', 'metric', 'repeats', 'seed', 'weight', 'target', 'baseMargin']);
    const margins = typeof baseMargin === 'string' ? [baseMargin] : baseMargin;
    if (!(table instanceof Table)) throw new BoostLabError({ code: 'BAD_ARGUMENT', message: 'permutationImportance() takes a Table (it reads the target column).' });
    for (const [name, v] of [['metric', metric], ['weight', weight], ['target', target]])
      if (typeof v !== 'string') throw new BoostLabError({ code: 'BAD_ARGUMENT', message: `permutationImportance()'s ${name} is a string, not ${typeof v}.` });
    if (!Array.isArray(margins) || !margins.every((n) => typeof n === 'string'))
      throw new BoostLabError({ code: 'BAD_ARGUMENT', message: "permutationImportance()'s baseMargin names the column of each row's starting margin (or one a model output)." });
    const out = unwrap(this._h.permutationImportance(table._h, rowList(rows), Number(rounds), metric, Number(repeats), Number(seed), weight, target, [...margins]));
    for (const f of out.features) {
      const d = Array.from(f.drops);
      f.mean = d.reduce((a, b) => a + b, 0) / d.length;
      f.std = Math.sqrt(d.reduce((a, b) => a + (b - f.mean) ** 2, 0) / d.length);
    }
    return out;
  }
  // SHAP values (exact TreeSHAP, as XGBoost's pred_contribs): per row, per
  // output, one value per feature then the bias; they sum to the margin.
  // options: { nthread: threads to use, 0 (default) for all; the same values on any number;
  //            rows: the rows to explain (0-based, in that order), default all }.
  contributions(data, options) {
    return this._explain('contributions', data, options);
  }
  // SHAP interaction values (XGBoost's pred_interactions): rows x outputs x
  // (features + 1) x (features + 1), row-major; [i][j] half of i and j's
  // interaction, [i][i] the rest of i's SHAP value, the last row and column the
  // bias's. 2 x features + 1 times contributions()' work. Options as contributions().
  interactions(data, options) {
    return this._explain('interactions', data, options);
  }
  // contributions() and interactions(): the engine's NAMETable or NAMEDataset, with their options checked alike.
  _explain(name, data, options) {
    const { nthread = 0, rows } = checkOptions(`${name}()`, options, ['nthread', 'rows']);
    const picked = rowList(rows);
    if (data instanceof Table) return unwrap(this._h[`${name}Table`](data._h, Number(nthread), picked));
    if (data instanceof Dataset) return unwrap(this._h[`${name}Dataset`](data._h, Number(nthread), picked));
    throw new BoostLabError({ code: 'BAD_ARGUMENT', message: `${name}() takes a Table or a Dataset, not ${describeValue(data)}${TABLE_FROM}.` });
  }
  // TreeSHAP's work per row (leaves x depth^2 over the trees): about 1e9 a
  // second a core, to size a contributions() request before making it.
  contributionsCost() {
    return this._h.contributionsCost();
  }
  // The values this model reads from a table's rows: rows x features,
  // row-major, in summary().features order; NaN for missing, a category as
  // its index in that feature's levels. rows: as in contributions().
  featureValues(table, options) {
    const { rows } = checkOptions('featureValues()', options, ['rows']);
    if (!(table instanceof Table)) throw new BoostLabError({ code: 'BAD_ARGUMENT', message: 'featureValues() takes a Table.' });
    return unwrap(this._h.featureValues(table._h, rowList(rows)));
  }
  // The model of its first `rounds` rounds (XGBoost's booster[:rounds]), a new Model: it predicts
  // what predict(data, { rounds }) does here, and its files (toJSONString(), toXGBoostJSON(), ...)
  // are that model's. 1 <= rounds <= the model's rounds. Free it as any model.
  firstRounds(rounds) {
    if (typeof rounds !== 'number') throw new BoostLabError({ code: 'BAD_ARGUMENT', message: `firstRounds() takes a number of rounds, not ${rounds === null ? 'null' : typeof rounds}.` });
    return new Model(unwrap(this._h.firstRounds(rounds)), {}, this._module);
  }
  toJSON() {
    return JSON.parse(unwrap(this._h.toJson()));
  }
  // XGBoost's JSON model format (what XGBoost 1.7 writes; 1.7 to 3.x load
  // it), predicting our margins.
  toXGBoostJSON() {
    return unwrap(this._h.toXGBoostJson());
  }
  // The same as XGBoost's UBJSON (.ubj, what XGBoost 2.1 and later save by
  // default), a Uint8Array: xgboost.Booster().load_model('model.ubj') reads it.
  toXGBoostUBJ() {
    const pieces = [];
    unwrap(this._h.writeXGBoost('ubj', (view) => { pieces.push(view.slice()); }));
    const out = new Uint8Array(pieces.reduce((n, p) => n + p.length, 0));
    let at = 0;
    for (const p of pieces) out.set(p, at), (at += p.length);
    return out;
  }
  // A Python script that continues this model with XGBoost on a cluster:
  // options { engine: 'dask' | 'spark', csv, delimiter, encoding, validRows,
  // weight, model, output, rounds, workers } (file names as the script will
  // find them; model is where toXGBoostJSON()'s text was saved).
  scaleOutScript(options) {
    if (!options || typeof options !== 'object')
      throw new BoostLabError({ code: 'BAD_ARGUMENT', message: "scaleOutScript() takes options: { engine: 'dask' | 'spark', csv, ... }." });
    return unwrap(this._h.scaleOutScript(JSON.stringify(options)));
  }
  // The model file as text, what JSON.stringify(model) writes, without
  // building the object first.
  toJSONString() {
    return unwrap(this._h.toJson());
  }
  // toJSONString()'s text in pieces (the fields, then one tree at a time):
  // for a model whose JSON is longer than a string can hold (a big forest's
  // runs to gigabytes). new Blob([...model.jsonChunks()]) is the file.
  *jsonChunks() {
    const summary = unwrap(this._h.summaryJson());
    yield summary.slice(0, -1) + ',"trees":[';
    const n = this._h.numTrees();
    for (let t = 0; t < n; t++) yield (t ? ',' : '') + unwrap(this._h.treeJson(t));
    yield ']}';
  }
  // The compact model file (.blm) as a Uint8Array: loadModel() reads it at
  // memory speed; JSON (toJSONString) stays the file other tools read.
  toBinary() {
    const out = new Uint8Array(this._h.binarySize());
    let at = 0;
    // Each view is copied before the next is written; a size that disagreed would leave at short or past the end.
    unwrap(this._h.writeBinary((view) => {
      if (at + view.length <= out.length) out.set(view, at);
      at += view.length;
    }));
    if (at !== out.length) throw new BoostLabError({ code: 'INTERNAL', message: `toBinary() wrote ${at} bytes of the ${out.length} it sized the file at.` });
    return out;
  }
  // The compact file as a Blob, what a page downloads or a worker posts.
  // Built from the engine's pieces, 16 MB at a time, and never one array
  // first: a Blob copies what it is given, and a file-sized array would be
  // one more copy into fresh memory (about a second more for a 664 MB forest).
  // format: 'blm' (toBinary's bytes), 'xgboost-json' or 'xgboost-ubj' (toXGBoostJSON's text, toXGBoostUBJ's
  // bytes: for a model whose XGBoost file is longer than a string, or than the heap, can hold).
  toBlob(format = 'blm') {
    const kinds = { blm: 'application/octet-stream', 'xgboost-json': 'application/json', 'xgboost-ubj': 'application/ubjson' };
    if (!Object.hasOwn(kinds, format))
      throw new BoostLabError({ code: 'BAD_ARGUMENT', message: `toBlob() takes 'blm', 'xgboost-json' or 'xgboost-ubj', not ${JSON.stringify(format)}.` });
    const groups = [];
    let pieces = [];
    const keep = (view) => {
      pieces.push(view.slice());
      if (pieces.length === 64) groups.push(new Blob(pieces)), (pieces = []);
    };
    unwrap(format === 'blm' ? this._h.writeBinary(keep) : this._h.writeXGBoost(format.slice(8), keep));
    groups.push(new Blob(pieces));
    return new Blob(groups, { type: kinds[format] });
  }
  // Bytes the trees take in memory.
  memoryBytes() {
    return this._h.memoryBytes();
  }
  // toJSON() without the trees, plus num_trees and trees_per_round: cheap
  // whatever the model's size (a 100-tree forest's JSON can run to 200 MB).
  summary() {
    return JSON.parse(unwrap(this._h.summaryJson()));
  }
  // Tree i as it appears in toJSON().trees.
  tree(i) {
    return JSON.parse(unwrap(this._h.treeJson(i)));
  }
  // A Float32Array of rows x features values, row-major (NaN: missing;
  // categorical features as level codes): predictions as predict() gives them.
  // options: as predict()'s ({ output, rounds }).
  predictMatrix(values, rows, options) {
    // As fromRows(): float32 or float64 values, or an array of numbers (null: missing).
    const numbers = Array.isArray(values) && values.every((v) => v === null || typeof v === 'number');
    if (!(values instanceof Float32Array || values instanceof Float64Array || numbers))
      throw new BoostLabError({ code: 'BAD_ARGUMENT', message: 'predictMatrix() takes a Float32Array, a Float64Array or an array of numbers.' });
    if (rows === undefined || rows === null) {
      const features = this.summary().features.length;
      throw new BoostLabError({ code: 'BAD_ARGUMENT', message: `predictMatrix(values, rows) needs the row count: values holds ${values.length} numbers, ` +
        `row after row of the model's ${features} features${features && values.length && values.length % features === 0 ? ` (${values.length / features} rows?)` : ''}.` });
    }
    options = this._predictOptions('predictMatrix()', options);
    // Into the heap in one bulk copy (a std::string from bytes went a byte at a time); set() narrows doubles to floats.
    const buffer = unwrap(this._module.createFloatBuffer(values.length));
    try {
      unwrap(buffer.view(0, values.length)).set(numbers ? values.map((v) => v ?? NaN) : values);
      if (options.output !== undefined || options.rounds !== undefined)
        return unwrap(this._h.predictMatrixWith(buffer, rows, String(options.output ?? 'probability'), Number(options.rounds ?? 0)));
      return unwrap(this._h.predictMatrix(buffer, rows));
    } finally {
      buffer.delete();
    }
  }
  // predict()'s options checked: { output, rounds }, rounds a whole number up to the model's.
  _predictOptions(what, options) {
    if (typeof options === 'string')
      throw new BoostLabError({ code: 'BAD_ARGUMENT', message: `${what} takes options { output, rounds }, not a string: write { output: '${options}' }.` });
    checkOptions(what, options, what === 'predict()' ? ['output', 'rounds', 'baseMargin'] : ['output', 'rounds']);
    const rounds = options?.rounds;
    if (rounds !== undefined) {
      const summary = this.summary(), have = summary.num_trees / Math.max(1, summary.trees_per_round);
      if (!Number.isInteger(rounds) || rounds < 0 || rounds > have)
        throw new BoostLabError({ code: 'BAD_ARGUMENT', message: `${what}'s rounds is ${rounds}: a whole number from 0 (all) to the model's ${have}.` });
    }
    return options ?? {};
  }
  // {feature name: importance}; type: weight | gain | cover | total_gain | total_cover.
  featureImportance(type = 'gain') {
    if (typeof type !== 'string')
      throw new BoostLabError({ code: 'BAD_ARGUMENT', message: `featureImportance() takes a type: 'weight', 'gain', 'cover', 'total_gain' or 'total_cover', not ${typeof type}.` });
    return unwrap(this._h.featureImportance(type));
  }
}

// Training one round at a time, for pages that step, pause and look inside:
// bl.trainer(data, params) -> step() until done, snapshot() at any point.
export class Trainer extends Handle {
  constructor(handle, module, objective = null, metric = null) {
    super(handle);
    this._module = module;  // its models' engine
    this.threads = handle.threads();
    this._objective = objective;  // (margins, labels) => { grad, hess }, or null
    this._metric = metric;        // (margins, labels) => number, or null
  }
  get done() {
    return this._h.done();
  }
  // Bins the data one piece at a time (tens of millions of rows take
  // seconds): returns the share done, 0 to 1, and 1 once round 1 can start.
  // step() prepares whatever is left first, so callers that show no binning
  // progress need not call it.
  prepare() {
    return unwrap(this._h.prepare());
  }
  // prepare() until binned: onProgress(share done) after each piece, the
  // event loop let run every YIELD_MS (a paint, an abort). Resolves true once
  // binned, false when `signal` aborted first.
  async prepareAll(options) {
    const { onProgress, signal } = checkOptions('prepareAll()', options, ['onProgress', 'signal']);
    checkFunction('prepareAll()', 'onProgress', onProgress);
    checkSignal('prepareAll()', signal);
    let yielded = performance.now();
    for (let done = 0; done < 1;) {
      if (signal?.aborted) return false;
      done = this.prepare();
      await settle(onProgress?.(done));
      if (performance.now() - yielded >= YIELD_MS) {
        await yieldToEventLoop();
        yielded = performance.now();
      }
    }
    return true;
  }
  // Trains one round and returns its report. With an objective of your own, first its
  // gradients and hessians at the margins the round starts from; with a metric of your
  // own, its value on the training and validation rows after the round.
  step() {
    if (this._objective) {
      this._labels ??= unwrap(this._h.labels(false));
      const pairs = this._objective(this.margins(), this._labels);
      if (!pairs || typeof pairs !== 'object' || !('grad' in pairs) || !('hess' in pairs))
        throw new BoostLabError({ code: 'BAD_ARGUMENT', message: 'The objective function returns { grad, hess }: one gradient and one hessian a training row (and output).' });
      unwrap(this._h.setGradients(pairs.grad, pairs.hess));
    }
    const report = JSON.parse(unwrap(this._h.step()));
    report.threads = this.threads;
    if (this._metric) {
      // `{ metric: (m, l) => ... }` gives the function the name 'metric' (JavaScript names it after its key): anonymous.
      const name = this._metric.name && this._metric.name !== 'metric' ? this._metric.name : 'custom';
      const value = (margins, labels) => {
        const v = this._metric(margins, labels);
        if (typeof v !== 'number')
          throw new BoostLabError({ code: 'BAD_ARGUMENT', message: `The metric function ${name === 'custom' ? '' : `'${name}' `}returns a number (NaN where it has none), not ${v === null ? 'null' : typeof v}.` });
        return v;
      };
      report.train ??= {};
      report.train[name] = value(this.margins(), this._labels ??= unwrap(this._h.labels(false)));
      const validLabels = (this._validLabels ??= unwrap(this._h.labels(true)));
      if (validLabels.length) (report.valid ??= {})[name] = value(this.margins({ valid: true }), validLabels);
      if (!report.metric) report.metric = name;
    }
    return report;
  }
  // Objective 'custom' (or a function as the objective): the margins the next round starts from, training rows (or
  // validation rows) x outputs, row by row; the labels the same way; and the round's gradients and hessians.
  margins(options) {
    const { valid = false } = checkOptions('margins()', options, ['valid']);
    return unwrap(this._h.margins(Boolean(valid)));
  }
  labels(options) {
    const { valid = false } = checkOptions('labels()', options, ['valid']);
    return unwrap(this._h.labels(Boolean(valid)));
  }
  setGradients(grad, hess) {
    for (const [name, v] of [['grad', grad], ['hess', hess]])
      if (v === null || typeof v !== 'object' || typeof v.length !== 'number')
        throw new BoostLabError({ code: 'BAD_ARGUMENT', message: `setGradients(grad, hess): ${name} is an array of numbers (one a training row and output), not ${v === null ? 'null' : typeof v}.` });
    unwrap(this._h.setGradients(grad, hess));
  }
  // The model so far (with early stopping: cut back to the best round).
  snapshot(info) {
    return new Model(unwrap(this._h.snapshot()), info, this._module);
  }
  // The final model, moved out of the trainer instead of copied (a deep
  // forest's trees can be hundreds of MB); the trainer trains no more.
  take(info) {
    return new Model(unwrap(this._h.take()), info, this._module);
  }
  // AdaBoost: each row's current sample weight u (0 for validation rows); empty otherwise.
  sampleWeights() {
    return this._h.sampleWeights();
  }
  // What the last round was fit to (see index.d.ts RoundStatistics): the
  // engine's own g and h, u, bootstrap counts, and each leaf's sums.
  roundStatistics() {
    const raw = unwrap(this._h.roundStatistics());
    const stats = JSON.parse(raw.json);
    for (const key of ['grad', 'hess', 'weight', 'drawn', 'pairs']) if (raw[key]) stats[key] = raw[key];
    return stats;
  }
}

export class BoostLab {
  constructor(module, build, threads) {
    this._module = module;
    this.capabilities = { simd: true, threads, build };
  }

  // options: { delimiter: 'auto' | ',' | ';' | '\t' | '|' | any one character,
  //            encoding: 'auto' | 'utf-8' | 'windows-1252' }, both auto by default.
  // The text goes to the engine a chunk at a time, as readCSVStream's does.
  readCSV(input, options = {}) {
    let bytes = input;
    if (input instanceof ArrayBuffer) bytes = new Uint8Array(input);
    // A file's name or address, not its text (readCSV('train.csv'), 'sales, 2024.csv', 'https://host/a.csv?raw=1'):
    // one line, so read as a CSV it would be a header with no rows.
    if (typeof input === 'string' && input.length < 4096 && !/[\r\n]/.test(input.trim()) &&
        (/\.(csv|tsv|txt|gz|zip)([?#]\S*)?\s*$/i.test(input) || /^\s*(https?|file):\/\/\S+\s*$/i.test(input)))
      throw new BoostLabError({ code: 'BAD_ARGUMENT', message: `readCSV() takes the file's text or bytes, not its name ('${input.trim().slice(0, 200)}'): ` +
        'read it first (fs.readFileSync(path) in Node; await file.arrayBuffer() for a File, await (await fetch(url)).arrayBuffer() for an address, in a page)' +
        (/\.(gz|zip)([?#]\S*)?\s*$/i.test(input) ? ', and decompress it: the engine reads plain text.' : '.') });
    if (typeof bytes === 'string') bytes = new TextEncoder().encode(bytes);
    if (!(bytes instanceof Uint8Array)) {
      throw new BoostLabError({ code: 'BAD_ARGUMENT', message: 'readCSV() takes a string, a Uint8Array or an ArrayBuffer.' });
    }
    if (bytes.byteLength > MAX_CSV_BYTES) {
      throw new BoostLabError({
        code: 'CSV_TOO_LARGE',
        message: `The file is ${Math.round(bytes.byteLength / 2 ** 20)} MB; readCSV() takes up to ${MAX_CSV_BYTES / 2 ** 20} MB ` +
          '(readCSVStream() reads a File or a stream of any size the memory holds).',
      });
    }
    const reading = new CsvReading(this, options, bytes.byteLength);
    try {
      reading.feed(bytes);
      return reading.finish();
    } finally {
      reading.dispose();
    }
  }
  // Reads a CSV a chunk at a time, never holding its text whole: from a Blob
  // or File, a ReadableStream of bytes, or an (async) iterable of chunks
  // (Uint8Array, ArrayBuffer or string; a Node fs.ReadStream). options:
  // readCSV's, and
  //   size: the source's bytes when it is not a Blob (for the estimate and progress);
  //   onProgress({ bytes, size, rows }): after each chunk, and once more with the table's rows;
  //   signal: an AbortSignal; aborting frees what was read and rejects with code ABORTED;
  //   forTraining: count the memory training on the table will take too (the page's estimate).
  // Once the first megabyte is read the source's rows are estimated from it,
  // and a file whose table would not fit in the heap is refused (CSV_TOO_LARGE
  // with the estimate and the limit) before more is read.
  async readCSVStream(source, options = {}) {
    const { size: givenSize, onProgress, signal, ...rest } = options ?? {};
    const size = typeof Blob !== 'undefined' && source instanceof Blob ? source.size : Number(givenSize ?? 0) || 0;
    const aborted = () => new BoostLabError({ code: 'ABORTED', message: 'Reading the file was cancelled.' });
    const chunks = csvChunks(source);
    const reading = new CsvReading(this, rest, size);
    try {
      for await (const chunk of chunks) {
        if (signal?.aborted) throw aborted();
        reading.feed(chunk);
        await settle(onProgress?.(reading.progress()));
      }
      if (signal?.aborted) throw aborted();
      const { bytes } = reading.progress();
      const table = reading.finish();
      // A last tick with the table's rows: the reader holds a small file's text until the end to settle its
      // dialect, so the ticks so far said 0 rows (a reviewer's auto_mpg: one tick, 19,728 bytes, 0 rows).
      await settle(onProgress?.({ bytes, size, rows: table.numRows }));
      return table;
    } finally {
      reading.dispose();  // the engine's reader and what it holds, read or not
    }
  }
  // A Table from columns in memory: { name: Float32Array | Float64Array |
  // (number|null)[] | (string|null)[] }; numbers NaN or null for missing,
  // text null or '' for missing; names in `categorical` are read as text.
  fromColumns(columns, options) {
    const { categorical = [] } = checkOptions('fromColumns()', options, ['categorical']);
    if (!columns || typeof columns !== 'object')
      throw new BoostLabError({ code: 'BAD_ARGUMENT', message: 'fromColumns() takes an object of columns: { name: values }.' });
    // Rows, as a JSON API or a data frame's records give them: said so, where the first row would be "column '0'".
    if (Array.isArray(columns))
      throw new BoostLabError({ code: 'BAD_ARGUMENT', message: `fromColumns() takes one object of columns ({ a: [1, 3], b: [2, 4] }), not an array (${columns.length} ` +
        `${columns.length === 1 ? 'item' : 'items'}${columns.length && columns[0] && typeof columns[0] === 'object' && !Array.isArray(columns[0]) ? ', rows as objects' : ''}). ` +
        'From rows of objects: Object.fromEntries(Object.keys(rows[0]).map((k) => [k, rows.map((r) => r[k])])); from rows of numbers: ' +
        'fromRows(rows.flat(), rows.length, names).' });
    const entries = Object.entries(columns);
    if (!Array.isArray(categorical))
      throw new BoostLabError({ code: 'BAD_ARGUMENT', message: 'fromColumns()\'s categorical is an array of column names.' });
    const unknown = categorical.find((name) => !(name in columns));
    if (unknown !== undefined)
      throw new BoostLabError({ code: 'UNKNOWN_COLUMN', message: `fromColumns()'s categorical names '${unknown}', which is not one of the columns (${Object.keys(columns).join(', ')}).` });
    const rows = entries.length ? entries[0][1]?.length ?? 0 : 0;
    const spec = { rows, columns: [] };
    const numeric = [];
    for (const [name, values] of entries) {
      if (!values || typeof values.length !== 'number')
        throw new BoostLabError({ code: 'BAD_ARGUMENT', message: `Column '${name}' is not an array.` });
      if (values.length !== rows)
        throw new BoostLabError({ code: 'BAD_ARGUMENT', message: `Column '${name}' has ${values.length} values; '${entries[0][0]}' has ${rows}.` });
      if (values instanceof BigInt64Array || values instanceof BigUint64Array)
        throw new BoostLabError({ code: 'BAD_ARGUMENT', message: `Column '${name}' is a BigInt array: give numbers (a Float64Array, say).` });
      const isNumbers = ArrayBuffer.isView(values) || Array.prototype.every.call(values, (v) => v === null || v === undefined || typeof v === 'number');
      if (isNumbers && !categorical.includes(name)) {
        spec.columns.push({ name });
        numeric.push(values);
      } else {
        const bad = Array.prototype.findIndex.call(values, (v) => v !== null && v !== undefined && typeof v !== 'string' && typeof v !== 'number');
        if (bad >= 0)
          throw new BoostLabError({ code: 'BAD_ARGUMENT', message: `Column '${name}', row ${bad}: a column holds numbers, strings or null, not ${typeof values[bad]}.` });
        // Strings are read as a CSV's cells would be ('1.5' a number, 'NA' missing), unless named categorical.
        spec.columns.push({ name, text: Array.from(values, (v) => (v === null || v === undefined ? null : String(v))), infer: !categorical.includes(name) });
      }
    }
    // The numbers go into the engine's heap a column at a time: a typed
    // array by one bulk copy (converted to float32 natively), an array of
    // numbers and nulls element by element.
    const buffer = unwrap(this._module.createFloatBuffer(numeric.length * rows));
    try {
      numeric.forEach((values, i) => {
        const view = unwrap(buffer.view(i * rows, rows));
        if (ArrayBuffer.isView(values)) view.set(values);
        else for (let r = 0; r < rows; r++) view[r] = values[r] ?? NaN;
      });
      const table = new Table(this, unwrap(this._module.tableFromColumns(JSON.stringify(spec), buffer)));
      // Whole numbers a float rounds (IDs past 2^24) kept as given for column(), and said, as readCSV says them.
      // (Numbers given as strings, read as a CSV's cells, are not kept so: give IDs as numbers, or as text.)
      spec.columns.filter((c) => !c.text).forEach(({ name }, i) => {
        const values = numeric[i];
        const at = Array.prototype.findIndex.call(values, (v) => typeof v === 'number' && Number.isInteger(v) && Math.fround(v) !== v);
        if (at < 0) return;
        const exact = Float64Array.from(values, (v) => v ?? NaN);
        (table._exact ??= new Map()).set(name, exact);
        const summary = table.columns.find((c) => c.name === name);
        if (summary) summary.distinct = new Set(Array.from(exact).filter((v) => !Number.isNaN(v))).size;  // as given, as readCSV counts
        table.notes.push(`Column '${name}' holds whole numbers past 16,777,216 (2^24), which the engine's 32-bit floats round, as XGBoost's do ` +
          `(${values[at]} is ${Math.fround(values[at])} to a model): kept as written for column() and the predictions file (an ID joins back), ` +
          'but as a feature it splits on the rounded values; ignore it if it is an ID.');
      });
      return table;
    } finally {
      buffer.delete();
    }
  }
  // A Table from a row-major matrix: rows x names.length values.
  fromRows(values, rows, names, options) {
    if (!Array.isArray(names) || names.some((n) => typeof n !== 'string'))
      throw new BoostLabError({ code: 'BAD_ARGUMENT', message: 'fromRows(values, rows, names) takes the column names as an array of strings.' });
    const twice = names.find((n, i) => names.indexOf(n) !== i);
    if (twice !== undefined)
      throw new BoostLabError({ code: 'BAD_ARGUMENT', message: `fromRows() takes one name a column: '${twice}' is given twice.` });
    if (!Number.isSafeInteger(rows) || rows < 0)
      throw new BoostLabError({ code: 'BAD_ARGUMENT', message: `fromRows()'s rows is a whole number of rows, not ${rows}.` });
    if (!values || values.length !== rows * names.length)
      throw new BoostLabError({ code: 'BAD_ARGUMENT', message: `fromRows() takes rows x ${names?.length} values (${rows} x ${names?.length}), not ${values?.length}.` });
    const columns = Object.create(null);  // a column named __proto__ is a column
    names.forEach((name, c) => {
      const col = new Float32Array(rows);
      for (let r = 0; r < rows; r++) col[r] = values[r * names.length + c] ?? NaN;  // null: missing
      columns[name] = col;
    });
    return this.fromColumns(columns, options);
  }
  readCsv(input, options) {
    return this.readCSV(input, options);
  }
  readCsvStream(source, options) {
    return this.readCSVStream(source, options);
  }

  // Trains round by round. onRound(report) is called after each round; when
  // `signal` aborts, training stops after the current round and the model
  // trained so far is returned with model.aborted = true.
  async train(dataset, params = {}, options) {
    const { onRound, onBinning, signal, initModel, metric } = checkOptions('train()', options, ['onRound', 'onBinning', 'signal', 'initModel', 'metric']);
    checkFunction('train()', 'onRound', onRound);
    checkFunction('train()', 'onBinning', onBinning);
    checkSignal('train()', signal);
    const trainer = this.trainer(dataset, params, { initModel, metric });
    try {
      // Binning first: an abort there leaves a model with no trees of this run.
      let aborted = !(await trainer.prepareAll({ onProgress: onBinning, signal }));
      let yielded = performance.now();
      while (!trainer.done && !aborted) {
        if (signal?.aborted) {
          aborted = true;
          break;
        }
        // Not onRound?.(trainer.step()): an absent callback would skip the step.
        const report = trainer.step();
        await settle(onRound?.(report));
        // The event loop runs (a paint, an abort) once YIELD_MS have passed, not
        // after every round: a yield costs ~0.6 ms in a browser worker, a third
        // of a 100-round fit on a small table.
        if (performance.now() - yielded >= YIELD_MS) {
          await yieldToEventLoop();
          yielded = performance.now();
        }
      }
      return trainer.take({ aborted });
    } finally {
      trainer.dispose();
    }
  }

  // k-fold cross-validation (cv.js): per round, each metric's mean and standard
  // deviation over the folds, as xgb.cv gives them; early_stopping_rounds
  // watches the test side's mean.
  async cv(table, datasetOptions, params = {}, options) {
    const o = checkOptions('cv()', options, ['nfold', 'stratified', 'seed', 'timeSeries', 'rows', 'folds', 'onRound', 'signal']);
    checkFunction('cv()', 'onRound', o.onRound);
    checkSignal('cv()', o.signal);
    checkParams(params);
    return crossValidate(this, table, datasetOptions, params, o, yieldToEventLoop);
  }

  // Random search of the parameters (tune.js): each trial scored by k-fold
  // cross-validation or on the validation rows, at its best round.
  async tune(table, datasetOptions, params = {}, options) {
    const o = checkOptions('tune()', options, ['space', 'trials', 'by', 'nfold', 'stratified', 'timeSeries', 'rows', 'seed', 'halving', 'resume', 'onTrial', 'onRound', 'signal']);
    checkFunction('tune()', 'onTrial', o.onTrial);
    checkFunction('tune()', 'onRound', o.onRound);
    checkSignal('tune()', o.signal);
    checkParams(params);
    return tuneParams(this, table, datasetOptions, params, o, yieldToEventLoop);
  }

  // Trains small made-up models and throws them away, so that the engine's
  // hot code is compiled to its fast tier before the first real training.
  // V8 runs a wasm function in its baseline tier until the function has run
  // a while, then optimises it on background threads: in Chromium the first
  // training of a page on a small table (spam, 100 rounds) took 0.42-0.64 s
  // and the next ones 0.22-0.32 s; after this, the first took 0.23-0.28 s.
  // It takes under a second of one thread (one thread, so that a core is
  // left for the compiler); call it while the user has other things to do
  // (the playground does, once its worker is ready). It yields to the event
  // loop between rounds. Two tables of 4096 rows of 24 numbers (some missing)
  // and a category, a binary label, so that the code paths of real tables
  // (missing values, categories) run: one dense, one whose numbers are mostly
  // zeros (as word counts and flags), whose histograms take the sparse path.
  // Resolves with the seconds it took; stops early when `signal` aborts.
  async warmUp(options) {
    const { signal } = checkOptions('warmUp()', options, ['signal']);
    checkSignal('warmUp()', signal);
    const start = performance.now();
    if (signal?.aborted) return 0;
    let seed = 1;
    const uniform = () => (seed = (seed * 16807) % 2147483647) / 2147483647;
    for (const [zeros, rounds] of [[0, 30], [0.85, 20]]) {
      if (signal?.aborted) break;
      await this._warmUpOn(uniform, zeros, rounds, signal);
    }
    // The optimised code is compiled on V8's background threads: a moment
    // for the last of it to land before the caller's training starts.
    if (!signal?.aborted) await new Promise((resolve) => setTimeout(resolve, 100));
    return (performance.now() - start) / 1000;
  }

  // One of warmUp's trainings, on a table whose numbers are 0 with odds `zeros`.
  async _warmUpOn(uniform, zeros, rounds, signal) {
    const rows = 4096, numbers = 24, columns = {};
    for (let j = 0; j < numbers; j++) {
      columns[`x${j}`] = Float32Array.from({ length: rows }, () => (uniform() < 0.05 ? NaN : zeros && uniform() < zeros ? 0 : uniform()));
    }
    columns.kind = Array.from({ length: rows }, () => ['a', 'b', 'c', 'd', 'e', 'f'][Math.floor(uniform() * 6)]);
    columns.y = Float32Array.from({ length: rows }, (_, i) => (columns.x0[i] + columns.x1[i] > (zeros ? 0.2 : 1) ? 1 : 0));
    const table = this.fromColumns(columns);
    let dataset, trainer;
    try {
      dataset = table.toDataset({ target: 'y', validRows: Array.from({ length: 512 }, (_, i) => i * 8) });
      trainer = this.trainer(dataset, { objective: 'binary:logistic', rounds, max_depth: 6, eta: 0.1, eval_metric: 'logloss', nthread: 1 });
      if (await trainer.prepareAll({ signal })) {
        while (!trainer.done && !signal?.aborted) {
          trainer.step();
          await yieldToEventLoop();
        }
      }
    } finally {
      trainer?.dispose();
      dataset?.dispose();
      table.dispose();
    }
  }

  // Checks params against the data (BAD_PARAM before any work) and returns a
  // Trainer that trains one round per step().
  // initModel: continue from that model (its trees first, params.rounds more).
  trainer(dataset, params = {}, options) {
    const { initModel, metric } = checkOptions('trainer()', options, ['initModel', 'metric']);
    checkParams(params);
    checkFunction('trainer()', 'metric', metric);
    // An objective of your own: the engine trains 'custom' on the pairs it returns each round.
    const objective = typeof params.objective === 'function' ? params.objective : null;
    if (objective) params = { ...params, objective: 'custom' };
    // Constraints come as XGBoost's Python takes them (a list by position, an
    // object by name, a list of sets); the engine reads them as JSON text.
    for (const name of ['monotone_constraints', 'interaction_constraints'])
      if (params[name] !== null && typeof params[name] === 'object') params = { ...params, [name]: JSON.stringify(params[name]) };
    if (!(dataset instanceof Dataset)) {
      throw new BoostLabError({ code: 'BAD_ARGUMENT', message: 'train() takes a Dataset (table.toDataset(...)).' });
    }
    if (initModel !== undefined && !(initModel instanceof Model)) {
      throw new BoostLabError({ code: 'BAD_ARGUMENT', message: 'initModel is a Model (from train() or loadModel()).' });
    }
    const handle = initModel ? this._module.createTrainerFrom(dataset._h, JSON.stringify(params), initModel._h)
      : this._module.createTrainer(dataset._h, JSON.stringify(params));
    return new Trainer(unwrap(handle), this._module, objective, metric ?? null);
  }

  // A model file: JSON (text, its bytes, or the parsed object; ours or
  // XGBoost's) or the compact file's bytes (toBinary()), told apart by its
  // first bytes. The compact file goes into the heap a megabyte at a time.
  loadModel(file) {
    if (file instanceof ArrayBuffer) file = new Uint8Array(file);
    if (ArrayBuffer.isView(file)) {
      const bytes = new Uint8Array(file.buffer, file.byteOffset, file.byteLength);
      let at = 0;
      const read = (view) => {
        view.set(bytes.subarray(at, at + view.length));
        at += view.length;
      };
      if (isCompactModel(bytes)) return new Model(unwrap(this._module.modelFromBinary(bytes.length, read)), {}, this._module);
      // UBJSON (XGBoost's .ubj) is bytes, not text: decoded as UTF-8 it would be mangled.
      if (isUbjModel(bytes)) return new Model(unwrap(this._module.modelFromBytes(bytes.length, read)), {}, this._module);
      notAModel(bytes);
      file = new TextDecoder().decode(bytes);
    }
    if (typeof file !== 'string' && (file === null || typeof file !== 'object'))
      throw new BoostLabError({ code: 'BAD_ARGUMENT', message: `loadModel() takes a model file: its text, its bytes (Uint8Array or ArrayBuffer) or its parsed JSON, not ${file === null ? 'null' : typeof file}.` });
    // A file's name, not its contents (loadModel('model.json')): said so, where the JSON reader would say 'byte 0'.
    if (typeof file === 'string' && file.length < 4096 && /^[^{\[]*\.(json|ubj|blm)\s*$/i.test(file))
      throw new BoostLabError({ code: 'BAD_ARGUMENT', message: `loadModel() takes a model file's contents, not its name ('${file.slice(0, 200)}'): read it first (fs.readFileSync(path) in Node, await file.arrayBuffer() in a page).` });
    const text = typeof file === 'string' ? file : JSON.stringify(file);
    return new Model(unwrap(this._module.modelFromJson(text)), {}, this._module);
  }

  paramSchema() {
    return JSON.parse(this._module.paramSchemaJson());
  }

  // Size of the WebAssembly heap in bytes. Wasm memory only grows, so after
  // training this is the peak the engine needed.
  heapBytes() {
    return this._module.HEAPU8.buffer.byteLength;
  }
}

// options.threads: force (true) or refuse (false) the threaded build.
// options.baseUrl: where the web builds live (browser only).
export async function init(options) {
  const { threads } = checkOptions('init()', options, ['threads', 'baseUrl', 'build']);
  if (threads !== undefined && typeof threads !== 'boolean')
    throw new BoostLabError({ code: 'BAD_ARGUMENT', message: `init()'s threads is true or false (or left out: threads where the page can have them), not ${JSON.stringify(threads)}.` });
  const { module, build, threads: withThreads } = await loadModule(options ?? {});
  return new BoostLab(module, build, withThreads);
}
