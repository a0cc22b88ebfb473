// The only module that imports the wasm package. It owns the engine, the
// loaded table, the run in progress and the last model; the page only sends
// requests and draws replies.
import { init, isCompactModel, BoostLabError } from '../../../wasm/js/index.js';
import type { BoostLab, Dataset, DateColumn, Model, Table, TableColumn, Trainer } from '../../../wasm/js/index.js';
import { quantilesOf } from '../output-names';
import type { ErrorInfo, EvaluationResult, FromWorker, KeepModel, ModelInfo, ReadOptions, SurfaceRequest, ToWorker, TreeJson } from './messages';
import { modelShape, RoundHistory, roundCsv, roundDetail } from './round-detail';
import { splitSearch } from './split-search';
import { csvText, distinctHeader } from './csv-cells';
import { importanceCsv, shapCsv, type PermutationColumns } from './explain-files';
import { rankingDetail } from './ranking';
import { describePredictions } from './describe-predictions';
import { compareRuns, KeptRuns } from './compare';
import { partialDependence } from './dependence';
import { lineOfRow, lineRange, rowOfLine } from './row-lines';
import { datePartNames } from '../date-parts';
import { makeToy } from '../ui/toy-data';

let bl: BoostLab | null = null;
let table: Table | null = null;
let reading: AbortController | null = null;  // the file being read, if one is
// The table's file, read again for a run once its numbers were let go.
let source: { file: Blob; name: string; read: ReadOptions } | null = null;
// A table whose numbers take more than this many bytes is let go once a run
// has binned it (the run's dataset releases its values, the table is
// disposed): training reads only the bins, and on a 40M-row file those
// numbers are 1.2 GB that pushed the heap's peak past twice what training
// needs. The next run reads the file again; views that need values say so.
let releaseTableOver = 768 * 2 ** 20;
let released: { megabytes: number } | null = null;  // the table's numbers were let go
// Objective 'custom': the student's loss (ui/custom-loss.ts), compiled here, in the worker: one row's loss,
// gradient and hessian as functions of (y, F), made into the package's objective (every training row's g and h
// at its margin) and metric (the mean loss, named 'loss' on the chart). Code that does not compile, or lacks
// one of the three, is refused before training with what is wrong.
function customLoss(code: string) {
  type RowFn = (y: number, F: number) => number;
  let fns: { loss?: RowFn; grad?: RowFn; hess?: RowFn };
  try {
    fns = new Function(`"use strict";\n${code}\n;return { loss: typeof loss === 'function' ? loss : undefined, ` +
      "grad: typeof grad === 'function' ? grad : undefined, hess: typeof hess === 'function' ? hess : undefined };")();
  } catch (e) {
    throw new BoostLabError({ code: 'CUSTOM_LOSS', message: `Your loss does not run: ${(e as Error).message}.` });
  }
  const missing = (['loss', 'grad', 'hess'] as const).filter((k) => typeof fns[k] !== 'function');
  if (missing.length)
    throw new BoostLabError({ code: 'CUSTOM_LOSS', message: `Your loss must define ${missing.map((k) => `${k}(y, F)`).join(', ')} (e.g. const ${missing[0]} = (y, F) => …).` });
  const { loss, grad, hess } = fns as Required<typeof fns>;
  const objective = (m: Float32Array, y: Float32Array) => {
    const g = new Float32Array(m.length), h = new Float32Array(m.length);
    for (let i = 0; i < m.length; i++) {
      g[i] = grad(y[i], m[i]);
      h[i] = hess(y[i], m[i]);
    }
    return { grad: g, hess: h };
  };
  const metric = (m: Float32Array, y: Float32Array) => {
    let s = 0;
    for (let i = 0; i < m.length; i++) s += loss(y[i], m[i]);
    return s / Math.max(1, m.length);
  };
  Object.defineProperty(metric, 'name', { value: 'loss' });
  return { objective, metric };
}

// The date parts' values on the table's first rows (PREVIEW_ROWS of them) and those rows' lines.
const PREVIEW_ROWS = 6;
function headParts(t: Table) {
  const rows = Math.min(PREVIEW_ROWS, t.numRows);
  const lines = Array.from({ length: rows }, (_, r) => lineOfRow(t, r));
  const values: Record<string, number[]> = {};
  for (const name of t.dateParts.flatMap(datePartNames)) {
    const v = t.column(name);
    if (v.type === 'numeric') values[name] = Array.from(v.values.subarray(0, rows));
  }
  return { lines, values };
}
let dialect = { delimiter: ',', encoding: 'utf-8', decimalComma: false, missingValues: [] as string[], dateParts: [] as DateColumn[] };  // the table's, for the scale-out script (also once it is let go)
// The run being prepared (the file read again, then binned): Stop, Reset or a new load stops it.
let preparing: { token: number; stopped: boolean; abort: AbortController } | null = null;
// The engine's warm-up (BoostLab.warmUp), run once the worker is ready while
// the user picks data; a training that starts ends it.
let warming: AbortController | null = null;
let model: Model | null = null;  // the last finished (or loaded) model
let modelLoads = 0;  // model files picked so far: a slower read of an older one must not win
// Model files read: JSON is held as text and its reader builds a document
// (the core refuses past 48 MB with its own message); a compact file's bytes
// sit outside the heap while the model is built in it.
const MAX_JSON_MODEL_BYTES = 512 * 2 ** 20, MAX_COMPACT_MODEL_BYTES = 2048 * 2 ** 20;
// What the scale-out script needs of the finished model's training that the
// model does not hold: its validation rows, weight column and class weights (none for a loaded model).
// source: the load it was trained on (a table let go and read again for a
// run is the same load; new data is another).
// carry: the table's columns the predictions file repeats (the query id and the ignored columns: an ID, say).
interface TrainedWith { validRows: Uint32Array; weight: string; classWeights: Readonly<Record<string, number>> | null; baseMargin: string;
  labels: Float32Array; carry: string[]; source: number }
let trainedWith: TrainedWith | null = null;
let loads = 0;  // data loaded so far: the current table's load
// A run's model kept to predict other files (KeepModel): the column of starting scores it trained with,
// where its predictions start a row when the file has that column ('' for none or any other model).
let keptMargin = '';
// What that run's model knew of the file it learnt from, and the file's fingerprint (fingerprintOf): opened
// again (back from predicting a test file), the file is its own again, its held-out rows scored as before.
let keptWith: { trained: TrainedWith; history: RoundHistory | null; fingerprint: string } | null = null;
// What each round of the last finished model was fit to (null for a loaded model); a run keeps its own.
let modelHistory: RoundHistory | null = null;
// The models of a preset's finished runs, for the side-by-side comparison.
const kept = new KeptRuns();
interface Run {
  token: number;
  history: RoundHistory;
  keep: boolean;
  algorithm: string;
  trainer: Trainer;
  data: Dataset;
  weight: string;
  baseMargin: string;  // '' for none
  carry: string[];  // as trainedWith's
  rounds: number;
  playing: boolean;
  surface?: SurfaceRequest;
  stopRequested: boolean;
}
let run: Run | null = null;
// TreeSHAP steps a SHAP request may take (about a second's work; see contributionsCost()); a file of every
// row's, about a minute's (said while it is written).
const SHAP_SUMMARY_BUDGET = 4e8, SHAP_ROW_BUDGET = 1e9, SHAP_FILE_BUDGET = 6e10;
// The cross-validation in progress (its Stop).
let cvAbort: AbortController | null = null;
let tuneAbort: AbortController | null = null;
let tuneRoundAt = 0;  // when the last tune-round was posted
// The same for SHAP interaction values (2 x features + 1 passes a row).
const INTERACTION_BUDGET = 1e9;

function post(message: FromWorker, transfer: Transferable[] = []) {
  self.postMessage(message, { transfer });
}

function describe(e: unknown): ErrorInfo {
  if (e instanceof BoostLabError) return { code: e.code, message: e.message, line: e.line, column: e.column };
  return { code: 'INTERNAL', message: String((e as Error)?.message ?? e), line: 0, column: 0 };
}

// What the page shows about a model, from its summary: never the whole
// model's JSON (a deep forest's runs to hundreds of MB).
function info(m: Model): ModelInfo {
  const s = m.summary();
  return { trees: s.num_trees, rounds: Math.round(s.num_trees / s.trees_per_round), outputs: s.num_outputs, features: s.features,
    classes: s.classes, target: s.target, algorithm: s.params?.algorithm ?? 'xgboost',
    params: { eta: Number(s.params?.eta ?? 0.3), lambda: Number(s.params?.lambda ?? 1), gamma: Number(s.params?.gamma ?? 0),
      alpha: Number(s.params?.alpha ?? 0), max_delta_step: Number(s.params?.max_delta_step ?? (s.objective === 'count:poisson' ? 0.7 : 0)), huber_slope: Number(s.params?.huber_slope ?? 1),
      quantile_alpha: Number([s.params?.quantile_alpha ?? 0.5].flat()[0]),
      gbrank_tau: Number(s.params?.gbrank_tau ?? 1), leaf_newton_steps: Number(s.params?.leaf_newton_steps ?? 1),
      softmax_hessian: s.params?.softmax_hessian ?? 'xgboost', quantized_grad: Number(s.params?.quantized_grad ?? 0),
      scale_pos_weight: Number(s.params?.scale_pos_weight ?? 1) },
    quantiles: quantilesOf(s),
    objective: s.objective ?? '', variant: s.params?.variant ?? 'samme', vote: s.params?.vote ?? 'samme',
    splitCriterion: s.params?.split_criterion ?? 'gini', sampling: s.params?.sampling ?? 'reweight',
    step: s.params?.step ?? 'leaf_line_search', colsample_bynode: Number(s.params?.colsample_bynode ?? NaN),
    noXGBoost: s.median_trees ? 'An AdaBoost.R2 model combines its trees by their weighted median; XGBoost only adds trees, so this model '
      + 'has no XGBoost form. Train with XGBoost-style or gradient boosting to carry a model to XGBoost.' : '',
    dart: s.params?.booster === 'dart' && (Number(s.params?.rate_drop ?? 0) > 0 || Number(s.params?.one_drop ?? 0) > 0) };
}

// Calls fn with the model to look inside: the run in progress (a snapshot,
// freed afterwards), else the last finished or loaded one; nothing if none.
function withCurrent(fn: (m: Model) => void) {
  if (run) {
    const snapshot = run.trainer.snapshot();
    try {
      fn(snapshot);
    } finally {
      snapshot.dispose();
    }
  } else if (model) {
    fn(model);
  }
}

// A request that always gets its own reply: fn's, or fail's with the error
// fn threw (said beside the view that asked), or fail('') when there is no model.
// The per-round numbers behind model m: the run's in progress, else the kept model's (none for a file's).
const historyOf = (m: Model) => (run ? run.history : m === model ? modelHistory : null);

function answerWithCurrent(fn: (m: Model) => void, fail: (error: string) => void) {
  let answered = false;
  withCurrent((m) => {
    answered = true;
    try {
      fn(m);
    } catch (e) {
      fail(describe(e).message);
    }
  });
  if (!answered) fail('');
}

// One feature: n points across [x0, x1].
const gridOf = (s: SurfaceRequest) => Float32Array.from({ length: s.n }, (_, i) => s.x[0] + ((i + 0.5) / s.n) * (s.x[1] - s.x[0]));

// One feature: S_0 (f0) to S_t over the grid, and each row's F_{t-1}(x).
function stagesOf(m: Model, s: SurfaceRequest, t: number, f0: number) {
  const x = gridOf(s);
  const curves = new Float32Array((t + 1) * s.n);
  curves.fill(f0, 0, s.n);
  for (let r = 1; r <= t; r++) curves.set(m.predictMatrix(x, s.n, { output: 'margin', rounds: r }), r * s.n);
  const before = t > 1 ? m.predict(table!, { output: 'margin', rounds: t - 1 }) : new Float32Array(table!.numRows).fill(f0);
  return { x, curves, before };
}

function surfaceOf(m: Model, s: SurfaceRequest) {
  return surfaceAt(m, s, 0);
}

// The surface from the model's first `rounds` rounds (0: all); one feature: the curve over n points.
function surfaceAt(m: Model, s: SurfaceRequest, rounds: number) {
  if (s.dims === 1) return m.predictMatrix(gridOf(s), s.n, rounds ? { output: 'margin', rounds } : { output: 'margin' });
  const grid = new Float32Array(s.n * s.n * 2);
  for (let j = 0; j < s.n; j++)
    for (let i = 0; i < s.n; i++) {
      const k = (j * s.n + i) * 2;
      grid[k] = s.x[0] + ((i + 0.5) / s.n) * (s.x[1] - s.x[0]);
      grid[k + 1] = s.y[1] - ((j + 0.5) / s.n) * (s.y[1] - s.y[0]);  // row 0 at the top
    }
  return rounds ? m.predictMatrix(grid, s.n * s.n, { rounds }) : m.predictMatrix(grid, s.n * s.n);
}

// A round that fails (a full heap, most often) ends the run: its trainer and
// dataset are freed so the page can go on with the table it has.
function stepOnce(r: Run) {
  let report;
  try {
    report = r.trainer.step();
  } catch (e) {
    r.trainer.dispose();
    r.data.dispose();
    if (run === r) run = null;
    throw e;
  }
  if (r.history.everyRound) r.history.capture(r.trainer);
  const extra: Partial<Extract<FromWorker, { type: 'round' }>> = {};
  const transfer: Transferable[] = [];
  if (r.surface) {
    // Small 2-D data: the prediction surface, each row's prediction and (AdaBoost) weight, every round.
    const snapshot = r.trainer.snapshot();
    try {
      extra.surface = surfaceOf(snapshot, r.surface);
      extra.width = r.surface.n;
      extra.predictions = snapshot.predict(table!);
      const u = r.trainer.sampleWeights();
      if (u.length) extra.weights = new Float64Array(u);
      const drawn = r.history.get(report.round)?.drawn;  // a forest's bootstrap (toy data keeps every round)
      if (drawn && r.history.get(report.round)?.kind === 'bootstrap') extra.drawn = drawn.slice();
      transfer.push(extra.surface.buffer, extra.predictions.buffer);
      if (extra.weights) transfer.push(extra.weights.buffer);
    } finally {
      snapshot.dispose();
    }
  }
  post({ type: 'round', token: r.token, report, rounds: r.rounds, ...extra }, transfer);
}

function finish(r: Run, aborted: boolean) {
  r.history.capture(r.trainer);  // the last round's, whatever the table's size
  modelHistory = r.history;
  const m = r.trainer.take({ aborted });
  if (r.keep && !aborted && table) {
    const validRows = r.data.validRows(), isValid = new Set(validRows);
    const trainRows = Uint32Array.from({ length: table!.numRows }, (_, i) => i).filter((i) => !isValid.has(i));
    kept.keep(bl!, table!, { token: r.token, algorithm: r.algorithm, validRows, trainRows, labels: r.history.labels, surface: r.surface }, m);
  }
  keptWith = null;  // (a new model: what was kept was another's)
  trainedWith = { validRows: r.data.validRows(), weight: r.weight, classWeights: r.data.classWeights, baseMargin: r.baseMargin, labels: r.history.labels,
                  carry: r.carry, source: loads };
  keptMargin = '';
  r.trainer.dispose();
  r.data.dispose();
  run = null;
  model?.dispose();
  model = m;
  post({ type: 'done', token: r.token, trees: m.numTrees, aborted, model: info(m) });
}

// A run that stops between rounds keeps the round it stopped at (a big table's
// rounds are not all kept), then says so.
function pauseAt(r: Run) {
  r.history.capture(r.trainer);
  post({ type: 'paused', token: r.token });
}

const pause = () => new Promise<void>((resolve) => setTimeout(resolve, 0));

// fn at most ten times a second (plenty for a progress bar), and always when `last`.
function throttled<T>(fn: (x: T) => void) {
  let shown = 0;
  return (x: T, last = false) => {
    const now = performance.now();
    if (!last && now - shown < 100) return;
    shown = now;
    fn(x);
  };
}

function stopPreparing() {
  if (!preparing) return;
  preparing.stopped = true;
  preparing.abort.abort();
}

function checkPreparing(prep: NonNullable<typeof preparing>) {
  if (prep.stopped) throw new BoostLabError({ code: 'ABORTED', message: 'Stopped before round 1: no run was started.' });
}

// The table's file read again for a run (its numbers were let go after an
// earlier run's binning), its progress shown as the run's.
async function readAgain(prep: NonNullable<typeof preparing>): Promise<Table> {
  if (!source) throw new BoostLabError({ code: 'NO_DATA', message: 'Load a CSV to train on.' });
  const size = source.file.size;
  let next: Table;
  try {
    next = await bl!.readCSVStream(source.file, {
      ...source.read, signal: prep.abort.signal, forTraining: true,
      onProgress: throttled((p) => post({ type: 'preparing', token: prep.token, phase: 'reading', done: size ? p.bytes / size : 1 })),
    });
  } catch (e) {
    checkPreparing(prep);  // stopped: say so as a stop, not as a read that failed
    throw e;
  }
  if (prep.stopped || table) {  // stopped, or another load arrived meanwhile
    next.dispose();
    checkPreparing(prep);
    return table!;
  }
  released = null;
  return next;
}

// Bins the run's data a piece at a time, saying how far it is ten times a
// second and letting Stop arrive between pieces (binning 40M rows takes tens
// of seconds here).
async function binAll(prep: NonNullable<typeof preparing>, trainer: Trainer) {
  const say = throttled((done: number) => post({ type: 'preparing', token: prep.token, phase: 'binning', done }));
  await trainer.prepareAll({ signal: prep.abort.signal, onProgress: (done) => say(done, done === 1) });
  checkPreparing(prep);
}

// See releaseTableOver: a big table's numbers go once the run has its bins.
function releaseBigTable(token: number, data: Dataset) {
  if (!table) return;
  const bytes = table.numRows * table.columns.length * 4;
  if (bytes <= releaseTableOver) return;
  data.releaseValues();
  table.dispose();
  table = null;
  kept.clear();
  released = { megabytes: Math.round(bytes / 2 ** 20) };
  post({ type: 'table-released', token, megabytes: released.megabytes });
}

// Why a view has no table: its numbers were let go, or none was loaded.
function noTable(what: string): never {
  if (released)
    throw new BoostLabError({ code: 'VALUES_RELEASED', message: `${what} needs the table's numbers, which were let go once the run ` +
      `had binned them (${released.megabytes.toLocaleString()} MB), to make room for training. Load ${source?.name ?? 'the file'} again to see this.` });
  throw new BoostLabError({ code: 'NO_DATA', message: `${what} needs a table: load a CSV.` });
}

// Plays until done, paused or stopped, yielding between rounds so messages arrive.
async function play(r: Run) {
  while (run === r && r.playing && !r.stopRequested && !r.trainer.done) {
    stepOnce(r);
    await pause();
  }
  if (run !== r) return;
  if (r.stopRequested || r.trainer.done) finish(r, r.stopRequested && !r.trainer.done);
  else pauseAt(r);
}

async function handle(msg: ToWorker) {
  switch (msg.type) {
    case 'init': {
      bl = await init({ baseUrl: msg.baseUrl });
      if (msg.releaseTableOverMB !== undefined) releaseTableOver = msg.releaseTableOverMB * 2 ** 20;
      post({ type: 'ready', capabilities: bl.capabilities, schema: bl.paramSchema(), crossOriginIsolated: self.crossOriginIsolated === true });
      warming = new AbortController();
      // Not awaited: messages are handled while it yields between its rounds.
      // A failed warm-up only leaves the first training as slow as without one.
      bl.warmUp({ signal: warming.signal }).catch(() => {}).finally(() => { warming = null; });
      return;
    }
    case 'load': {
      // The file is read here a chunk at a time (never whole); the new table
      // replaces the old one only once it has been read without error. A load
      // that another replaces is cancelled quietly; a cancel by the user is an
      // ABORTED error, the old table kept.
      reading?.abort();
      stopPreparing();
      const controller = new AbortController();
      reading = controller;
      let next: Table, head: ArrayBuffer;
      try {
        head = await msg.file.slice(0, 64 * 1024).arrayBuffer();  // the preview's first rows
        next = await bl!.readCSVStream(msg.file, {
          ...msg.read, signal: controller.signal, forTraining: true,
          onProgress: throttled((p) => post({ type: 'load-progress', id: msg.id, ...p })),
        });
      } catch (e) {
        if (reading !== controller) return;  // replaced by a newer load
        reading = null;
        throw e;
      }
      // (no await from here on: a newer load cannot slip in between)
      if (reading !== controller) {
        next.dispose();
        return;
      }
      reading = null;
      const before = msg.keep && table && trainedWith?.source === loads ? fingerprintOf(table, source?.name ?? '') : '';
      table?.dispose();
      table = next;
      ++loads;
      source = { file: msg.file, name: msg.name, read: msg.read };
      dialect = { delimiter: next.delimiter, encoding: next.encoding, decimalComma: next.decimalComma, missingValues: next.missingValues, dateParts: next.dateParts };
      released = null;
      kept.clear();  // their models were for the old table
      if (msg.keep) keepModel(msg.keep, before);
      else if (keptWith && model && fingerprintOf(next, msg.name) === keptWith.fingerprint) {
        trainedWith = { ...keptWith.trained, source: loads };  // the kept model's own file again
        modelHistory = keptWith.history;
      }
      post({ type: 'table', id: msg.id, name: msg.name, rows: next.numRows, lines: lineRange(next), columns: next.columns, head,
             dialect: { delimiter: next.delimiter, encoding: next.encoding, notes: next.notes, dateParts: next.dateParts, headParts: headParts(next) } }, [head]);
      return;
    }
    case 'cancel-load':
      reading?.abort();
      return;
    case 'train': {
      warming?.abort();
      if (run) finish(run, true);
      const { target, task, ignore, weight, classWeights, baseMargin, group, validFraction, seed, validSplit, params } = msg.request;
      const prep = { token: msg.token, stopped: false, abort: new AbortController() };
      stopPreparing();
      preparing = prep;
      let data: Dataset | null = null, trainer: Trainer | null = null;
      try {
        if (!table) table = await readAgain(prep);
        // Rows with no target are left out (the data panel says so beside Task); ranking refuses them.
        data = table.toDataset({ target, task: group ? 'auto' : task as 'auto', ignore, weight: weight || undefined,
                                 classWeights: classWeights || undefined, baseMargin: baseMargin || undefined, group: group || undefined,
                                 validFraction, seed, validSplit, skipMissingTarget: !group });
        const own = params.objective === 'custom' ? customLoss(msg.request.lossCode ?? '') : null;
        trainer = own ? bl!.trainer(data, { ...params, objective: own.objective }, { metric: own.metric }) : bl!.trainer(data, params);
        await binAll(prep, trainer);
      } catch (e) {
        trainer?.dispose();
        data?.dispose();
        throw e;
      } finally {
        if (preparing === prep) preparing = null;
      }
      const history = new RoundHistory(table!.numRows, trainer.roundStatistics().outputs, data.labels(), data.validRows(), msg.surface);
      if (data.task === 'ranking') history.queries = { train: data.queries(), valid: data.queries({ valid: true }) };
      const r: Run = { token: msg.token, trainer, data, weight, baseMargin, carry: [group, ...ignore].filter((c) => c), rounds: Number(params.rounds ?? 100), playing: msg.mode === 'play', surface: msg.surface,
                       stopRequested: false, history, keep: !!msg.keep, algorithm: String(params.algorithm ?? 'xgboost') };
      run = r;
      post({ type: 'started', token: r.token, rounds: r.rounds, notes: data.notes });
      releaseBigTable(r.token, data);
      if (msg.mode === 'play') await play(r);
      else if (!r.trainer.done) {
        stepOnce(r);
        if (r.trainer.done) finish(r, false);
        else pauseAt(r);
      }
      return;
    }
    case 'play':
      if (run && !run.playing) {
        run.playing = true;
        await play(run);
      }
      return;
    case 'pause':
      if (run) run.playing = false;
      return;
    case 'step':
      if (run && !run.playing && !run.trainer.done) {
        stepOnce(run);
        if (run.trainer.done) finish(run, false);
        else pauseAt(run);
      }
      return;
    case 'stop':
      stopPreparing();  // before round 1: no run is started
      if (!run) return;
      if (run.playing) run.stopRequested = true;  // the play loop finishes after its round
      else finish(run, true);
      return;
    case 'reset':
      if (preparing?.token === msg.token) stopPreparing();
      // The run is thrown away; a play loop sees run !== r and ends.
      if (run && run.token === msg.token) {
        run.trainer.dispose();
        run.data.dispose();
        run = null;
      }
      post({ type: 'reset', token: msg.token });
      return;
    case 'tree':
      withCurrent((m) => {
        const inRange = msg.index >= 0 && msg.index < m.numTrees;
        post({ type: 'tree', index: msg.index, tree: inRange ? (m.tree(msg.index) as TreeJson) : null, model: info(m) });
      });
      return;
    case 'importance':
      if (msg.importance === 'permutation') {
        answerWithCurrent((m) => {
          if (!table) noTable('Permutation importance');
          const p = permutationOf(m, table);
          post({ type: 'importance', importance: msg.importance, values: Object.fromEntries(p.features.map((f) => [f.name, f.mean])),
            stds: Object.fromEntries(p.features.map((f) => [f.name, f.std])), note: p.note, error: '' });
        }, (error) => post({ type: 'importance', importance: msg.importance, values: {}, error: error || 'Train a model (or load one) first.' }));
        return;
      }
      withCurrent((m) => post({ type: 'importance', importance: msg.importance, values: m.featureImportance(msg.importance as 'gain') }));
      return;
    case 'export':
      withCurrent((whole) => {
        if (msg.what === 'valid-rows') return post({ type: 'export', what: 'valid-rows', text: validRowsOf(whole).join('\n') + '\n' });
        if (msg.what === 'predictions') return post({ type: 'export', what: 'predictions', text: predictionsCsv(whole, msg.rounds ?? 0, msg.target, msg.threshold), round: msg.rounds ?? 0 });
        if (msg.what === 'importance') {
          // Permutation importance beside the split-based kinds when it can be measured here (a table with the target).
          let permutation: PermutationColumns | null = null;
          try {
            if (table) permutation = permutationOf(whole, table);
          } catch {
            permutation = null;
          }
          return post({ type: 'export', what: 'importance', text: importanceCsv(whole, permutation) });
        }
        if (msg.what === 'shap') {
          try {
            if (!table) noTable('Explaining its rows (SHAP)');
            return post({ type: 'export', what: 'shap', text: shapCsv(whole, table, table.rowLines(), SHAP_FILE_BUDGET) });
          } catch (e) {
            return post({ type: 'export', what: 'shap', text: '', error: describe(e).message });
          }
        }
        // A model file of the round picked on the page, as its predictions are: the first rounds cut out.
        const asked = msg.rounds ?? 0, round = asked > 0 && asked < modelShape(whole).rounds ? asked : 0;
        const m = round ? whole.firstRounds(round) : whole;
        try {
          // In pieces: a big forest's JSON is longer than a string can hold.
          if (msg.what === 'model') post({ type: 'export', what: 'model', text: new Blob([...m.jsonChunks()], { type: 'application/json' }), round });
          else if (msg.what === 'model-compact') post({ type: 'export', what: 'model-compact', text: m.toBlob(), round });
          else if (msg.what === 'xgboost') post({ type: 'export', what: 'xgboost', text: m.toBlob('xgboost-json'), round });
          else post({ type: 'export', what: 'xgboost-ubj', text: m.toBlob('xgboost-ubj'), round });
        } finally {
          if (m !== whole) m.dispose();
        }
      });
      return;
    case 'scale-out':
      withCurrent((m) => {
        const rows = validRowsOf(m);
        const text = m.scaleOutScript({
          engine: msg.engine, rounds: msg.rounds, csv: msg.files.csv, model: msg.files.model, output: msg.files.output,
          validRows: rows.length ? msg.files.validRows : '', weight: weightOf(m), classWeights: classWeightsOf(m) ?? undefined, baseMargin: marginOf(m) || undefined,
          columns: table?.columns.map((c) => c.name),
          delimiter: dialect.delimiter, encoding: dialect.encoding as 'utf-8', decimalComma: dialect.decimalComma, missingValues: dialect.missingValues,
          dateParts: dialect.dateParts,
        });
        post({ type: 'export', what: 'scale-out', text });
      });
      return;
    case 'shap': {
      // Its own reply, error included: a model without SHAP values (AdaBoost.R2) or a
      // loaded model whose columns this table lacks says so beside the plots.
      answerWithCurrent((m) => {
        if (!table) noTable('Explaining rows (SHAP)');
        const row = msg.purpose === 'row' ? rowOfLine(table, msg.line) : 0;
        // Sized so the worker answers in about a second: the Play and Stop after it wait
        // for it (a deep forest's SHAP values take seconds a row: refused, saying so).
        const cost = m.contributionsCost();
        const budget = msg.purpose === 'row' ? SHAP_ROW_BUDGET : SHAP_SUMMARY_BUDGET;
        if (cost > budget)
          throw new BoostLabError({ code: 'TOO_SLOW', message: `SHAP values of this model would take about ${(cost / 1e9).toPrecision(2)} s a row here ` +
            `(${m.numTrees.toLocaleString()} trees, deep ones): the page explains models whose trees are shallower or fewer. ` +
            'model.contributions() in Node computes them on all cores.' });
        const fit = Math.max(1, Math.min(msg.maxRows, Math.floor(budget / Math.max(1, cost))));
        const held = validRowsOf(m);
        const rows = msg.purpose === 'row' ? [row]
          : held.length ? Array.from(held.subarray(0, fit)) : Array.from({ length: Math.min(fit, table.numRows) }, (_, i) => i);
        const phi = m.contributions(table, { rows });
        const values = m.featureValues(table, { rows });
        const s = m.summary();
        post({ type: 'shap', purpose: msg.purpose, error: '',
               data: { rows, lines: Array.from(table.rowLines(rows) ?? rows.map((r) => r + 1)), phi, values, features: s.features, outputs: s.num_outputs, classes: s.classes } },
             [phi.buffer, values.buffer]);
      }, (error) => post({ type: 'shap', purpose: msg.purpose, data: null, error }));
      return;
    }
    case 'evaluate': {
      answerWithCurrent((m) => {
        if (!table) noTable('Scoring the model');
        const result = evaluationOf(m, table, msg.round, msg.target ?? '');
        const transfer = result.task === 'regression' ? [result.actual.buffer, result.predicted.buffer]
          : [result.confusion.buffer, ...(result.firstByP && result.secondByP ? [result.firstByP.buffer, result.secondByP.buffer] : [])];
        post({ type: 'evaluation', key: msg.key, result, error: '' }, transfer);
      }, (error) => post({ type: 'evaluation', key: msg.key, result: null, error }));
      return;
    }
    case 'describe': {
      answerWithCurrent((m) => {
        if (!table) noTable('Predicting the rows');
        const summary = describePredictions(m, table, msg.round, marginOf(m));
        post({ type: 'described', key: msg.key, summary, error: '' }, summary.byP ? [summary.byP.buffer] : []);
      }, (error) => post({ type: 'described', key: msg.key, summary: null, error }));
      return;
    }
    case 'cv': {
      // Beside the page's run (never instead of it): each fold a trainer of its own, freed by bl.cv.
      cvAbort?.abort();
      const abort = new AbortController();
      cvAbort = abort;
      const { target, task, ignore, weight, classWeights, baseMargin, group, seed, validSplit, params } = msg.request;
      try {
        if (!table) noTable('Cross-validation');
        const result = await bl!.cv(table, { target, task: group ? 'auto' : task as 'auto', ignore, weight: weight || undefined,
          classWeights: classWeights || undefined, baseMargin: baseMargin || undefined, group: group || undefined, skipMissingTarget: !group }, params, {
          // Validation on the file's last rows (rows in time order): folds in that order too, each trained on the rows before it.
          nfold: msg.nfold, timeSeries: validSplit === 'last', ...(validSplit === 'last' ? {} : { seed }), signal: abort.signal, onRound: (record) => post({ type: 'cv-round', token: msg.token, record }),
        });
        post({ type: 'cv-done', token: msg.token, rounds: result.rounds, bestRound: result.bestRound, metric: result.metric, stopped: false, error: '' });
      } catch (e) {
        const stopped = abort.signal.aborted;
        post({ type: 'cv-done', token: msg.token, rounds: 0, bestRound: 0, metric: '', stopped, error: stopped ? '' : describe(e).message });
      } finally {
        if (cvAbort === abort) cvAbort = null;
      }
      return;
    }
    case 'cv-stop':
      cvAbort?.abort();
      return;
    case 'tune': {
      // Beside the page's run, as cross-validation: each trial's trainers are its own, freed by bl.tune.
      tuneAbort?.abort();
      const abort = new AbortController();
      tuneAbort = abort;
      const { target, task, ignore, weight, classWeights, baseMargin, group, validFraction, seed, validSplit, params } = msg.request;
      try {
        if (!table) noTable('Searching the settings');
        const byValidation = msg.by === 'validation';
        // Cross-validation of the run's training rows only: its validation rows stay out of the search, so that a run of
        // the winner (Use, then Play) is judged on rows the search never saw.
        let rows: Uint32Array | undefined;
        if (!byValidation && validFraction > 0) {
          const split = table.toDataset({ target, task: group ? 'auto' : task as 'auto', ignore, weight: weight || undefined, classWeights: classWeights || undefined,
            baseMargin: baseMargin || undefined, group: group || undefined, validFraction, seed, validSplit, skipMissingTarget: !group });
          try {
            if (split.numValid > 0) rows = split.trainRows();
          } finally {
            split.dispose();
          }
        }
        const result = await bl!.tune(table, { target, task: group ? 'auto' : task as 'auto', ignore, weight: weight || undefined,
          classWeights: classWeights || undefined, baseMargin: baseMargin || undefined, group: group || undefined, skipMissingTarget: !group,
          ...(byValidation ? { validFraction, seed, validSplit } : {}) }, params, {
          space: msg.space, trials: msg.trials, by: msg.by, seed: msg.drawSeed, halving: msg.halving, ...(msg.resume ? { resume: msg.resume } : {}), onRound: (trial, round) => {
            // A progress line within a trial (a big table's trial takes many seconds), a few times a second at most.
            const now = performance.now();
            if (now - tuneRoundAt < 200) return;
            tuneRoundAt = now;
            post({ type: 'tune-round', token: msg.token, trial, round });
          }, ...(byValidation ? {} : { nfold: msg.nfold, timeSeries: validSplit === 'last', ...(rows ? { rows } : {}) }), signal: abort.signal,
          onTrial: (trial, best, scored) => post({ type: 'tune-trial', token: msg.token, trial, best: best.trial, ...scored }),
        });
        post({ type: 'tune-done', token: msg.token, stopped: result.aborted, error: '', importance: result.importance });
      } catch (e) {
        post({ type: 'tune-done', token: msg.token, stopped: false, error: describe(e).message, importance: null });
      } finally {
        if (tuneAbort === abort) tuneAbort = null;
      }
      return;
    }
    case 'tune-stop':
      tuneAbort?.abort();
      return;
    case 'interactions': {
      answerWithCurrent((m) => {
        if (!table) noTable('SHAP interaction values');
        const s = m.summary(), F = s.features.length, W = F + 1, K = s.num_outputs;
        // 2F + 1 SHAP passes a row: sized to about a second, and to 2^24 numbers.
        const cost = m.contributionsCost() * (2 * F + 1);
        if (cost > INTERACTION_BUDGET)
          throw new BoostLabError({ code: 'TOO_SLOW', message: `SHAP interaction values of this model would take about ${(cost / 1e9).toPrecision(2)} s a row here ` +
            `(${F} features, ${m.numTrees.toLocaleString()} trees): model.interactions() in Node computes them on all cores.` });
        const fit = Math.max(1, Math.min(msg.maxRows, Math.floor(INTERACTION_BUDGET / Math.max(1, cost)), Math.floor(2 ** 24 / (K * W * W))));
        const held = validRowsOf(m);
        const rows = held.length ? Array.from(held.subarray(0, fit)) : Array.from({ length: Math.min(fit, table.numRows) }, (_, i) => i);
        const v = m.interactions(table, { rows });
        const k = Math.min(Math.max(0, msg.output), K - 1);
        const strength = new Float64Array(F * F);
        for (let r = 0; r < rows.length; r++) {
          const base = (r * K + k) * W * W;
          for (let i = 0; i < F; i++)
            for (let j = 0; j < F; j++) strength[i * F + j] += Math.abs(i === j ? v[base + i * W + i] : v[base + i * W + j] + v[base + j * W + i]);
        }
        for (let i = 0; i < strength.length; i++) strength[i] /= rows.length;
        post({ type: 'interactions', key: msg.key, error: '', data: { features: s.features.map((f) => f.name), strength, rows: rows.length, output: k } }, [strength.buffer]);
      }, (error) => post({ type: 'interactions', key: msg.key, data: null, error }));
      return;
    }
    case 'dependence': {
      answerWithCurrent((m) => {
        if (!table) noTable('Partial dependence');
        const held = validRowsOf(m);
        const rows = held.length ? held : Array.from({ length: Math.min(table.numRows, 2000) }, (_, i) => i);
        const features = m.summary().features;
        const feature = msg.feature || features.find((f) => f.type === 'numeric')?.name || features[0]?.name || '';
        post({ type: 'dependence', key: msg.key, data: partialDependence(m, table, rows, feature, msg.output), error: '' });
      }, (error) => post({ type: 'dependence', key: msg.key, data: null, error }));
      return;
    }
    case 'round-detail': {
      answerWithCurrent((m) => {
        if (!table) noTable('Seeing a round row by row');
        const h = historyOf(m);
        if (msg.csv) {
          post({ type: 'export', what: 'round-csv', text: roundCsv(m, table, h, msg.request), round: msg.request.round });
          return;
        }
        const detail = roundDetail(m, table, h, msg.request);
        const transfer: Transferable[] = [];
        if (h?.surface) {
          // Toy data: the picture as it was after this round.
          const grid = surfaceAt(m, h.surface, detail.round);
          const predictions = m.predict(table, { rounds: detail.round });
          const u = h.weightsAfter(detail.round);
          const stats = h.get(detail.round);
          const drawn = stats?.kind === 'bootstrap' ? stats.drawn?.slice() : undefined;
          detail.surface = { grid, width: h.surface.n, predictions, weights: u ? u.slice() : undefined, drawn };
          transfer.push(grid.buffer, predictions.buffer);
          if (h.surface.dims === 1 && detail.outputs === 1) {
            detail.stages = stagesOf(m, h.surface, detail.round, detail.baseMargin[0] ?? 0);
            transfer.push(detail.stages.x.buffer, detail.stages.curves.buffer, detail.stages.before.buffer);
          }
        }
        post({ type: 'round-detail', detail, model: info(m), error: '' }, transfer);
      }, (error) => post({ type: 'round-detail', detail: null, model: null, error }));
      return;
    }
    case 'landing-demo': {
      // Trained beside (never instead of) the page's table and run: its own table, dataset and trainer, freed here.
      if (!bl) return;
      const toy = makeToy(msg.spec);
      const t = bl.readCSV(toy.csv);
      let d: Dataset | null = null, tr: Trainer | null = null;
      try {
        d = t.toDataset({ target: 'y', validFraction: 0 });
        tr = bl.trainer(d, { algorithm: 'xgboost', rounds: msg.rounds, max_depth: 4, eta: 0.5, nthread: 1 });
        const s: SurfaceRequest = { x: toy.range.x, y: toy.range.y, n: msg.n };
        const frames = new Float32Array(msg.rounds * msg.n * msg.n);
        for (let k = 0; k < msg.rounds && !tr.done; k++) {
          tr.step();
          const m = tr.snapshot();
          frames.set(surfaceAt(m, s, 0), k * msg.n * msg.n);
          m.dispose();
        }
        post({ type: 'landing-demo', frames, n: msg.n, rounds: msg.rounds, error: '' }, [frames.buffer]);
      } catch (e) {
        post({ type: 'landing-demo', frames: new Float32Array(0), n: 0, rounds: 0, error: describe(e).message });
      } finally {
        tr?.dispose();
        d?.dispose();
        t.dispose();
      }
      return;
    }
    case 'split-search': {
      answerWithCurrent((m) => {
        if (!table) noTable('Searching a node\'s splits');
        const h = historyOf(m);
        post({ type: 'split-search', search: splitSearch(m, table, h, msg.request), error: '' });
      }, (error) => post({ type: 'split-search', search: null, error }));
      return;
    }
    case 'ranking': {
      answerWithCurrent((m) => {
        if (!table) noTable('Ranking its queries');
        const h = historyOf(m);
        post({ type: 'ranking', detail: rankingDetail(m, table, h, msg.request), error: '' });
      }, (error) => post({ type: 'ranking', detail: null, error }));
      return;
    }
    case 'compare': {
      try {
        if (!table) noTable('Comparing runs');
        const reply = compareRuns(bl!, table, kept, msg.tokens, msg.round, surfaceAt);
        post({ type: 'compare', reply }, reply.runs.flatMap((r) => (r.surface ? [r.surface.grid.buffer] : [])));
      } catch (e) {
        post({ type: 'compare', reply: { runs: [], blends: [], error: describe(e).message } });
      }
      return;
    }
    case 'load-model': {
      // Read here, a compact file (.blm) as bytes that go into the heap a
      // megabyte at a time, JSON as text, UBJSON as bytes. After each await, a file picked
      // since wins: this one neither loads nor reports an error.
      const load = ++modelLoads;
      const compact = isCompactModel(new Uint8Array(await msg.file.slice(0, 8).arrayBuffer()));
      if (load !== modelLoads) return;
      const limit = compact ? MAX_COMPACT_MODEL_BYTES : MAX_JSON_MODEL_BYTES;
      if (msg.file.size > limit) {
        throw new BoostLabError({ code: 'MODEL_TOO_LARGE', message: `${msg.name} is ${(msg.file.size / 2 ** 20).toFixed(0)} MB; this page reads ${
          compact ? 'compact model files' : 'JSON model files'} of up to ${limit / 2 ** 20} MB${compact ? '' : ' (save big models as compact .blm files, which load at memory speed)'}.` });
      }
      // Bytes either way: loadModel tells JSON text from XGBoost's UBJSON (.ubj) by them.
      const content = new Uint8Array(await msg.file.arrayBuffer());
      if (load !== modelLoads) return;
      const next = bl!.loadModel(content);  // throws MODEL_CORRUPT: the current model stays
      // A run still going (stopped by the page, its play loop between rounds) ends here: what the
      // worker shows from now on is the file, as the page does.
      if (run) finish(run, true);
      model?.dispose();
      model = next;
      trainedWith = null;
      modelHistory = null;
      keptMargin = '';
      keptWith = null;
      post({ type: 'model-loaded', name: msg.name, model: info(next) });
      return;
    }
  }
}

// The rows the model on show held out: the run's, or the finished model's
// (none for a model loaded from a file).
function validRowsOf(m: Model): Uint32Array {
  if (run) return run.data.validRows();
  return m === model && trainedWith?.source === loads ? trainedWith.validRows : new Uint32Array(0);
}

// The model on show scored: on the rows its run held out; with none held out,
// on the rows it trained on (said: they flatter it); a model from a file, on
// every row of the table loaded (new rows with its target, say).
// The run's sample weights apply (as in its chart's metrics); a model from a
// file names none.
function evaluationOf(m: Model, t: Table, round: number, target: string): EvaluationResult {
  const held = validRowsOf(m), labels = labelsOf(m), weight = weightOf(m), baseMargin = marginOf(m) || undefined;
  if (held.length) return { ...m.evaluate(t, { rows: held, rounds: round, weight, baseMargin }), scored: 'valid', asked: held.length };
  if (labels && labels.length === t.numRows) return { ...m.evaluate(t, { rounds: round, weight, baseMargin }), scored: 'train', asked: t.numRows };
  return { ...m.evaluate(t, { rounds: round, target: target || undefined, baseMargin }), scored: 'table', asked: t.numRows };
}

// Permutation importance on the rows the result panel scores (the held-out rows; else the training rows, else the
// table's): each feature shuffled PERMUTATION_REPEATS times among at most PERMUTATION_ROWS of them (spread evenly over
// them), so that a big table's answer takes about a second, not minutes.
const PERMUTATION_REPEATS = 5, PERMUTATION_ROWS = 5000;
function permutationOf(m: Model, t: Table) {
  const held = validRowsOf(m), labels = labelsOf(m), weight = weightOf(m), baseMargin = marginOf(m) || undefined;
  const [rows, side] = held.length ? [Array.from(held), 'validation rows'] : labels && labels.length === t.numRows
    ? [Array.from({ length: t.numRows }, (_, r) => r), 'training rows (none were held out)'] : [Array.from({ length: t.numRows }, (_, r) => r), 'rows of this table'];
  const picked = rows.length > PERMUTATION_ROWS ? Array.from({ length: PERMUTATION_ROWS }, (_, i) => rows[Math.floor((i * rows.length) / PERMUTATION_ROWS)]) : rows;
  const p = m.permutationImportance(t, { rows: picked, repeats: PERMUTATION_REPEATS, weight, baseMargin });
  const of = picked.length < rows.length ? `${picked.length.toLocaleString('en-US')} of the ${rows.length.toLocaleString('en-US')} ${side}` : `the ${p.rows.toLocaleString('en-US')} ${side}`;
  const note = `How much worse ${p.metric} gets on ${of} when a feature's values are shuffled among them (the mean of ${PERMUTATION_REPEATS} shuffles, ± their sd; ` +
    `${p.metric} there as they are: ${Number(p.baseline.toPrecision(4))}). Shuffling keeps a feature's values but cuts their tie to the target: ` +
    'a feature the model never reads costs 0; one whose information another feature also carries can cost little though the model reads it. ' +
    'Features whose shuffle made no difference, or by chance a better score, are not drawn.';
  return { features: p.features, note, metric: p.metric, rows: `${PERMUTATION_REPEATS} shuffles of ${of}` };
}

// The column of sample weights the model on show trained with, while its table is loaded ('' for none).
function weightOf(m: Model): string {
  if (run) return run.weight;
  return m === model && trainedWith?.source === loads ? trainedWith.weight : '';
}

// The column of starting margins the model on show trained with, while its table is loaded ('' for none):
// its predictions and scores start each row there, as its training did; a kept model's, on a file that has it.
function marginOf(m: Model): string {
  if (run) return run.baseMargin;
  if (m !== model) return '';
  if (trainedWith?.source === loads) return trainedWith.baseMargin;
  return keptMargin && table?.columns.some((c) => c.name === keptMargin) ? keptMargin : '';
}

// The finished model kept to predict the table just loaded, as if downloaded (at the round picked) and
// loaded: what it knew of its training data (held-out rows, labels, each round's numbers) goes with that data.
function keepModel(keep: KeepModel, fingerprint: string) {
  if (!model || run) return;
  const rounds = modelShape(model).rounds;
  const cut = keep.rounds > 0 && keep.rounds < rounds;
  if (cut) {
    const first = model.firstRounds(keep.rounds);
    model.dispose();
    model = first;
  }
  // (A model cut to its first rounds keeps its rows, not the later rounds' numbers.)
  keptWith = trainedWith && fingerprint ? { trained: trainedWith, history: cut ? null : modelHistory, fingerprint } : null;
  keptMargin = trainedWith?.baseMargin ?? '';
  trainedWith = null;
  modelHistory = null;
  post({ type: 'model-loaded', name: keep.name, model: info(model), trainedOn: keep.trainedOn, ...(keptMargin ? { startsAt: keptMargin } : {}) });
}

// A file told from another by its name, rows and columns with their types, missing and distinct counts (all
// known from reading it; nothing is copied out of a big table): the same file opened again, not one that merely
// shares its name.
function fingerprintOf(t: Table, name: string): string {
  return JSON.stringify([name, t.numRows, t.columns.map((c) => [c.name, c.type, c.missing, c.distinct])]);
}

// Each class's weight factor the model on show trained with (its dataset's, 'balanced' resolved); null for none.
function classWeightsOf(m: Model): Readonly<Record<string, number>> | null {
  if (run) return run.data.classWeights;
  return m === model && trainedWith?.source === loads ? trainedWith.classWeights : null;
}

// The labels the model on show was trained on, by table row (the value, or
// the class index), while that table is loaded; null for a model from a file
// or once other data is loaded.
function labelsOf(m: Model): Float32Array | null {
  if (run) return run.history.labels;
  return m === model && trainedWith?.source === loads ? trainedWith.labels : null;
}

// The columns the predictions file repeats for the model on show (none for a model from a file).
function carryOf(m: Model): string[] {
  if (run) return run.carry;
  return m === model && trainedWith?.source === loads ? trainedWith.carry : [];
}

// One line per table row: the file line it was read from (a table made in
// the page: its 1-based number, as the worked table counts), the query id
// and ignored columns as read (an ID to join on), whether training saw it or
// held it out, the actual target and the prediction (a class: the predicted
// class and each class's probability), to the float's seven significant
// digits; with rounds > 0, the model's first rounds only (the round picked
// on the chart). The row's side, actual value and columns only while the
// table the model was trained on is loaded.
// target: what to call the target when the model names none (an XGBoost file): the one picked on the page.
// threshold: two classes, the p above which a row is called the second class (0.5, the model's own call, else named in the header).
function predictionsCsv(m: Model, rounds: number, target = '', threshold = 0.5) {
  if (!table) noTable('Predicting its rows');
  const margin = marginOf(m);
  const p = m.predict(table, { ...(rounds > 0 ? { rounds } : {}), ...(margin ? { baseMargin: margin } : {}) });
  const i = { ...info(m) };
  i.target ||= target || 'target';  // a header of 'predicted ' and 'p( = 1)' named nothing
  const width = m.predictionWidth;
  const labels = labelsOf(m);
  const known = labels !== null && labels.length === table.numRows;
  const valid = new Set(validRowsOf(m));
  const digits = (x: number) => String(Number(x.toPrecision(7)));
  const classes = i.classes;
  const fileLines = table.rowLines();
  // Rows the model was not trained on (a test file, new rows): the file's columns the model does not read (an ID)
  // and its actual target when it has one, so the predictions join back to the rows and can be checked.
  const features = new Set(i.features.map((f) => f.name));
  const names = table.columns.map((c) => c.name);
  const actual = !known && names.includes(i.target) ? table.column(i.target) : null;
  const carried = (known ? carryOf(m) : names.filter((n) => n !== i.target && !features.has(n))).map((name) => table!.column(name));
  // A carried column as read: whole numbers whole (an ID of 12345678 is a key, not 1.234568e7).
  const cellOf = (c: TableColumn, r: number) => c.type === 'text' ? (c.codes[r] < 0 ? '' : csvText(c.levels[c.codes[r]]))
    : Number.isNaN(c.values[r]) ? '' : Number.isInteger(c.values[r]) ? String(c.values[r]) : digits(c.values[r]);
  const header = [fileLines ? 'line' : 'row', ...carried.map((c) => c.name), ...(known ? ['set', i.target] : actual ? [i.target] : [])];
  // Several quantiles: a column each (a number target has one prediction a row otherwise).
  const quantiles = classes.length === 0 && width > 1 ? (i.quantiles?.length === width ? i.quantiles : Array.from({ length: width }, (_, k) => k)) : null;
  const cut = classes.length === 2 && threshold !== 0.5 ? ` (p > ${threshold})` : '';
  if (quantiles) header.push(...quantiles.map((q) => `predicted ${i.target} (${q} quantile)`));
  else header.push(`predicted ${i.target}${cut}`, ...(classes.length === 0 ? [] : width === 1 ? [`p(${i.target} = ${classes[1]})`] : classes.map((c) => `p(${i.target} = ${c})`)));
  const lines = [distinctHeader(header, (k) => k >= 1 && k <= carried.length).map(csvText).join(',')];
  for (let r = 0; r < table.numRows; r++) {
    const row = [String(fileLines ? fileLines[r] : r + 1)];
    for (const c of carried) row.push(cellOf(c, r));
    // A row with no target was in neither set.
    if (known) row.push(...(Number.isNaN(labels![r]) ? ['left out', '']
      : [valid.has(r) ? 'valid' : 'train', csvText(classes.length ? String(classes[labels![r]] ?? '') : digits(labels![r]))]));
    else if (actual) row.push(cellOf(actual, r));
    if (quantiles) {
      for (let k = 0; k < width; k++) row.push(digits(p[r * width + k]));
    } else if (classes.length === 0) {
      row.push(digits(p[r]));
    } else if (width === 1) {
      row.push(csvText(String(classes[p[r] > threshold ? 1 : 0])), digits(p[r]));
    } else {
      let best = 0;
      if (width === 2 && classes.length === 2) best = p[r * 2 + 1] > threshold ? 1 : 0;
      else for (let k = 1; k < width; k++) if (p[r * width + k] > p[r * width + best]) best = k;
      row.push(csvText(String(classes[best])));
      for (let k = 0; k < width; k++) row.push(digits(p[r * width + k]));
    }
    lines.push(row.join(','));
  }
  return lines.join('\n') + '\n';
}

// Handled as they arrive: a play loop yields between rounds, so pause, step,
// stop and requests to look inside reach it; a new run ends the old one.
// The engine's start: what arrives before it is ready (a sample picked as the
// page opens) waits for it, in order, rather than finding no engine.
let engineStarted: Promise<void> = Promise.resolve();

self.onmessage = async (event: MessageEvent<ToWorker>) => {
  const msg = event.data;
  try {
    if (msg.type === 'init') {
      engineStarted = handle(msg);
      await engineStarted;
      return;
    }
    await engineStarted.catch(() => {});  // a failed start was said by init's error; what follows finds no engine
    await handle(msg);
  } catch (e) {
    const during = msg.type === 'init' || msg.type === 'load' || msg.type === 'train' ? msg.type
      : msg.type === 'load-model' ? 'model' : msg.type === 'step' || msg.type === 'play' ? 'train' : 'inspect';
    post({ type: 'error', during, error: describe(e), token: msg.type === 'train' ? msg.token : run?.token, load: msg.type === 'load' ? msg.id : undefined });
  }
};
