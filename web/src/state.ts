// The page's one source of truth: the loaded dataset, the runs trained on it
// (and on earlier datasets), the model on show and the messages. Views render
// from it and nothing else; what they show disappears when it leaves here.
// Changes go through update(), which renders every view once afterwards.
import type { ColumnSummary, CvRound, DateColumn, ParamSpec, RoundReport, TuneTrial } from '../../wasm/js/index.js';
import type { CompareReply, ModelInfo, RoundDetail } from './worker/messages';
import type { ToyData } from './ui/toy-data';
import type { DependenceCurve } from './ui/dependence-view';
import type { QueuedRun } from './presets';
import { runParams } from './ui/params-form';
import type { ParamValue } from './worker/messages';

export interface CsvDialect {
  delimiter: string;
  encoding: string;
  notes: string[];
  // Columns of dates the reader replaced by their parts (CsvOptions.dateParts), and the parts' values
  // on the table's first rows, by file line: the preview shows the file's rows with the numbers read.
  dateParts: DateColumn[];
  headParts: { lines: number[]; values: Record<string, number[]> };
}

export interface LoadedData {
  id: number;            // a new id for every load, even of the same file
  name: string;          // the file's name, or 'toy: circles'
  source: string;        // what the URL records: sample:…, toy:…, file:…
  about: string;         // where the data comes from and its license ('' for a user's file)
  rows: number;
  lines: { first: number; last: number };  // the file lines of its first and last rows
  columns: ColumnSummary[];
  dialect: CsvDialect;
  file: Blob;            // the file (a handle, not its bytes), to read it again with another delimiter
  head: ArrayBuffer;     // its first 64 kB, for the preview of its first rows
  delimiterChoice: string;  // 'auto', or the delimiter the user (or a link) chose
  skipRaggedRows: boolean;  // read leaving out rows of the wrong width (the user said so)
  missingValues: string[];  // cells read as missing beside the usual markers (the user said so: "Read 'n.a.' as missing")
  dateParts: string[];      // columns of dates read as their parts (the user said so: "Read 'day' as dates")
  toy: ToyData | null;   // toy data made in the page: the points of the surface
}

// What the user chose on the data panel for a run.
export interface DataChoice {
  target: string;
  task: string;
  ignore: string[];
  weight: string;  // a column of sample weights, '' for none
  classWeights: '' | 'balanced';  // classes: 'balanced' weighs each class alike in all (sent only when the target is classes)
  baseMargin: string;  // a column of each row's starting margin (XGBoost's base_margin), '' for none
  group: string;   // ranking: the column of query ids, '' for none
  validFraction: number;
  seed: number;
  validSplit: 'random' | 'stratified' | 'last';  // which validFraction of the rows validate (the package's validSplit)
}

export type RunStatus = 'training' | 'paused' | 'done' | 'stopped';

export interface SurfaceFrame {
  round: number;
  grid: Float32Array;
  width: number;
  predictions?: Float32Array;
  weights?: Float64Array;
  drawn?: Uint32Array;  // random forest: the round's tree's bootstrap counts
  // One-feature toy data, from the round's detail: S_0..S_t over the grid and each row's F_{t-1}(x).
  stages?: { x: Float32Array; curves: Float32Array; before: Float32Array };
}

export interface Run {
  token: number;         // the name the worker knows it by
  number: number;        // "Run 3": counts runs that started on this page
  dataId: number;
  dataName: string;
  label: string;         // what differs from the run before it on the same data
  params: Record<string, ParamValue>;
  choice: DataChoice;
  plannedRounds: number;
  earlyStopping: boolean;
  reports: RoundReport[];
  receivedAt: number[];  // performance.now() as each round arrived: rounds per second
  frame: SurfaceFrame | null;  // toy data: the newest round's prediction surface
  status: RunStatus;
  model: ModelInfo | null;  // once finished or stopped
  group: number;            // the preset that started it (its runs share the number), 0: none
}

// Each message belongs to what caused it and goes when that changes.
export interface Messages {
  data: string;    // the last load failed (the data before it stays loaded)
  dataWait: string;  // the page waits for a file (a link made with one): said as a note, not an error
  dataRagged: boolean;  // ... on a row with the wrong number of fields: it can be loaded without such rows
  train: string;   // the last Play or Step was refused, or a round failed
  model: string;   // the inside views could not show what was asked (a tree number past the model's)
  modelFile: string;  // a model file could not be loaded: said beside its button, in place of the last file's line
  notice: string;  // what the page did on its own (stopped a run to load new data)
}

export interface Store {
  engine: { ready: boolean; failed: string; capabilities: { simd: boolean; threads: boolean; build: string } | null };
  schema: ParamSpec[];
  data: LoadedData | null;
  choice: DataChoice;
  algorithm: string;
  typed: Record<string, string>;  // each parameter as the user typed it, kept when the algorithm changes
  customLoss: string;       // objective 'custom': the student's loss code ('' for the task's template; never in a link)
  loading: string;          // the name of the data being read, '' when none
  linkPending: boolean;     // a link pasted into the open tab, its data not yet in: the address bar keeps the link
  loadProgress: { bytes: number; size: number; rows: number } | null;  // how far the worker has read it
  runs: Run[];              // every started run, oldest first, all datasets
  current: number;          // the number of the run on show (0: none)
  starting: boolean;        // Play or Step sent; the worker has not yet said the run started
  preparing: { phase: 'reading' | 'binning'; done: number } | null;  // while starting: how far reading again, then binning, is
  // A model file opened by hand, or a run's model kept to predict another file (trainedOn: the data it
  // was trained on; startsAt: its column of starting scores), on show until the next run.
  loadedModel: { name: string; model: ModelInfo; trainedOn?: string; startsAt?: string } | null;
  // A run's model kept for other files: the data it learnt from and the choices made on it, to go back to.
  trainedOnData: { data: LoadedData; choice: DataChoice } | null;
  // A paused run has no model until it ends: the info of the worker's last
  // snapshot of it (from a tree or round detail it sent), for run `run`.
  snapshot: { run: number; model: ModelInfo } | null;
  writing: string;          // the model file being written for a download ('' when none): a big forest's takes seconds
  messages: Messages;
  chart: { metric: string; log: boolean; dataId: number };  // dataId: whose runs the chart shows (0: the loaded data's)
  surfaceLayer: 'prediction' | 'width';  // a quantile model's surface: the middle quantile, or the band's width
  selectedRound: number;    // the round picked on the chart (0: none; the views show the newest)
  threshold: number;        // two classes: where p is cut (the result panel's slider; the predictions file's classes)
  tree: number;             // the tree on show, 0-based (-1: the newest)
  importanceType: string;
  shap: { line: number; output: number };  // the file line of the row explained (0: the first row) and the output (class) shown
  worked: { offset: number; output: number; row: number };  // the worked table's first row (0-based), output (class) and the row picked (-1: none)
  ranking: { side: 'valid' | 'train'; query: number };  // the query the ranking view shows (-1: the first with two grades)
  // Partial dependence: the feature ('' : the model's first numeric one) and output (class) shown, and the
  // curves of the models shown so far (newest last), whose latest on the same feature from another model is "before".
  dependence: { feature: string; output: number; curves: DependenceCurve[] };
  scrubFrame: SurfaceFrame | null;  // toy data: the surface of the round the round panel shows (from its detail)
  // A preset's runs still to start (the one in progress not included), and the preset's group number.
  queue: { runs: QueuedRun[]; group: number; name: string; total: number };  // total: the preset's runs, started or not
  groups: Record<number, string>;  // each preset group's name
  // The lesson being walked (lessons/catalog.ts), or null; landing: the first screen's offer of lessons is shown.
  lesson: LessonState | null;
  landing: boolean;
  // The newest round detail the worker sent (the round panel's), and whose: the run's token and the round.
  roundDetail: { token: number; detail: RoundDetail } | null;
  // The newest side-by-side comparison the worker sent, and the runs it compared.
  compare: { tokens: number[]; reply: CompareReply } | null;
  // Cross-validation of the form's settings on the loaded data (k folds, bl.cv): each round's means and
  // spreads as the folds end it; label: the settings it ran, as a run's label says them.
  cv: CrossValidation | null;
  // The search of the settings (bl.tune): the panel's form as typed, and the search last started.
  tuneForm: TuneForm;
  tune: Tuning | null;
}

// Each parameter the search may draw: whether it is drawn, its range as typed, and whether on a log scale.
export interface TuneForm {
  space: Record<string, { on: boolean; min: string; max: string; log: boolean }>;
  trials: string;
  rounds: string;  // the most rounds a trial trains ('': the form's rounds)
  seed: string;    // the draws' seed (and the folds'): another draws other trials
  metric: string;  // the metric scored ('': the form's eval_metric, else the objective's own)
  by: 'cv' | 'validation';
  halving: boolean; // successive halving: every trial on a few rows, the best third on three times as many, ...
  refused: string;  // why the last Search did not start ('' : it did); the search before stays on show
}

export interface Tuning {
  token: number;
  dataId: number;
  algorithm: string;
  label: string;      // the settings it searched around, as a run's label says them
  by: 'cv' | 'validation';
  nfold: number;
  timeSeries: boolean;  // its folds in the file's order (validation on the last rows)
  planned: number;
  names: string[];    // the parameters drawn
  ranges: Record<string, [number, number]>;  // each one's range as asked
  keptOut: boolean;   // cross-validation of the training rows only: the validation rows kept out of the search
  logs: string[];     // those drawn on a log scale
  trials: TuneTrial[];
  best: number;       // the best trial's number (0: none yet)
  metric: string;
  largerIsBetter: boolean;
  status: 'running' | 'done' | 'stopped' | 'failed';
  message: string;
  used: number;       // the trial whose settings were put in the form (0: none)
  round: number;      // the round the trial under way has reached (0: none reported)
  seed: number;       // the draws' seed
  evalMetric: string; // the eval_metric the search trained with ('' : the objective's own)
  halving: boolean;
  rungs: { rows: number; trials: number }[];  // with halving, the plan (known once the first trial ends)
  current: number;    // the trial under way (0: none reported)
  importance: Record<string, number> | null;  // each searched parameter's share of what the scores hung on (when it ended)
  patience: number;   // the rounds without gain that end a trial (early_stopping_rounds)
  resumed: boolean;   // more trials were added to it ("N more trials"), with the settings it started with
}

export interface CrossValidation {
  token: number;
  dataId: number;
  nfold: number;
  timeSeries: boolean;  // folds in the file's order, each trained on the rows before it (validation on the last rows)
  label: string;
  planned: number;
  rounds: CvRound[];
  status: 'running' | 'done' | 'stopped' | 'failed';
  message: string;
  bestRound: number;
}

export interface LessonState {
  id: string;
  step: number;         // 0-based
  ready: boolean;       // the step's setup is on the page (data, parameters, rounds trained)
  run: number;          // the token of the run the step set up (0: none yet)
  answer: string;       // what the student gave
  verdict: '' | 'right' | 'wrong';
  shown: boolean;       // the answer was shown without being found
  tried: string[];      // a choice question's choices picked wrong in this step (disabled; the last one left is no finding)
  own: string;          // '' for the step's own data; else the source of the student's file the step is done on
}

export const store: Store = {
  engine: { ready: false, failed: '', capabilities: null },
  schema: [],
  data: null,
  choice: { target: '', task: 'auto', ignore: [], weight: '', classWeights: '', baseMargin: '', group: '', validFraction: 0.2, seed: 0, validSplit: 'random' },
  algorithm: 'xgboost',
  typed: {},
  customLoss: '',
  loading: '',
  linkPending: false,
  loadProgress: null,
  runs: [],
  current: 0,
  starting: false,
  preparing: null,
  loadedModel: null,
  trainedOnData: null,
  snapshot: null,
  writing: '',
  messages: { data: '', dataWait: '', dataRagged: false, train: '', model: '', modelFile: '', notice: '' },
  chart: { metric: '', log: false, dataId: 0 },
  surfaceLayer: 'prediction',
  selectedRound: 0,
  threshold: 0.5,
  tree: -1,
  importanceType: 'gain',
  shap: { line: 0, output: 0 },
  worked: { offset: 0, output: 0, row: -1 },
  ranking: { side: 'valid', query: -1 },
  dependence: { feature: '', output: 0, curves: [] },
  scrubFrame: null,
  queue: { runs: [], group: 0, name: '', total: 0 },
  groups: {},
  lesson: null,
  landing: false,
  roundDetail: null,
  compare: null,
  cv: null,
  tuneForm: { space: {}, trials: '20', rounds: '500', seed: '0', metric: '', by: 'cv', halving: false, refused: '' },
  tune: null,
};

export const currentRun = (): Run | null => store.runs.find((r) => r.number === store.current) ?? null;

// The model the inside views show: a model file opened since the last run
// started, else the current run's (while it trains, the worker's snapshot).
export function modelOnShow(): { name: string; model: ModelInfo | null; live: boolean } | null {
  if (store.loadedModel) return { ...store.loadedModel, live: false };
  const run = currentRun();
  if (!run || run.dataId !== store.data?.id) return null;
  return { name: `Run ${run.number}`, model: run.model, live: run.status === 'training' || run.status === 'paused' };
}

// The info of the model on show: its own, else (a run that is paused or
// training) the worker's last snapshot of it.
export function modelInfoOnShow(): ModelInfo | null {
  const show = modelOnShow();
  if (!show) return null;
  if (show.model || !show.live) return show.model;
  return store.snapshot?.run === store.current ? store.snapshot.model : null;
}

// A lesson's step setting itself up: its run steps round by round to the step's round, and the views
// that cost most (SHAP values, their interactions, dependence lines: 0.3-0.7 s a round on the ranking
// sample) wait until it is there instead of being computed for every round on the way (50 s).
export const settingUpLesson = () => !!store.lesson && !store.lesson.ready;

// What a model file opened by hand reads that the loaded data lacks, in words ("reads columns x.csv does not have
// (a, b, c and 2 more)"), or '' when it has them all or there is no such model or data: its trees show, nothing that
// reads the rows can. One phrase for the model's status, the result panel and the predictions button.
export function loadedModelLacks(): string {
  const loaded = store.loadedModel, data = store.data;
  if (!loaded || !data) return '';
  const lacking = loaded.model.features.map((f) => f.name).filter((n) => !data.columns.some((c) => c.name === n));
  if (!lacking.length) return '';
  return `reads columns ${data.name} does not have (${lacking.slice(0, 3).join(', ')}${lacking.length > 3 ? ` and ${lacking.length - 3} more` : ''})`;
}

// The round picked on the chart when the run's model has more: the model files and the predictions
// then hold that round's model (its first rounds), as the panels show it. 0: the whole model.
// A model file (or a run's model kept for another file) follows the round picked too.
export function roundPicked(): number {
  const show = modelOnShow(), run = currentRun();
  if (!show) return 0;
  const rounds = show.model?.rounds ?? run?.reports.length ?? 0;
  return store.selectedRound > 0 && store.selectedRound < rounds ? store.selectedRound : 0;
}

// Keeps the worker's snapshot info of the current run (a tree or round detail it sent).
export function keepSnapshot(model: ModelInfo) {
  const show = modelOnShow();
  if (!show?.live || (store.snapshot?.run === store.current && store.snapshot.model.trees === model.trees)) return;
  update((s) => { s.snapshot = { run: s.current, model }; });
}

export const runsOf = (dataId: number) => store.runs.filter((r) => r.dataId === dataId);

// The tree (0-based) that serves class `output` in round `round` (1-based): a
// multiclass round grows a tree per class, and the round panel explains one.
export function treeOfRound(model: ModelInfo | null | undefined, round: number, output: number): number {
  const perRound = model && model.rounds ? model.trees / model.rounds : 1;
  return (round - 1) * perRound + (perRound > 1 ? Math.min(output, perRound - 1) : 0);
}

type Listener = () => void;
const listeners: Listener[] = [];
let frame = 0;
let timer = 0;

export function subscribe(listener: Listener) {
  listeners.push(listener);
}

function render() {
  cancelAnimationFrame(frame);
  clearTimeout(timer);
  frame = timer = 0;
  for (const l of listeners) l();
}

// Applies a change and renders the views at once: a click shows its effect
// in the same task, and tests and people see one consistent page.
export function update(change: (s: Store) => void) {
  change(store);
  render();
}

// For changes that come in floods (a fast run sends hundreds of rounds a
// second, and drawing each would starve the page): rendered once at the next
// animation frame however many came. A timer stands in where frames do not
// come (a hidden tab).
export function updateSoon(change: (s: Store) => void) {
  change(store);
  if (frame || timer) return;
  frame = requestAnimationFrame(render);
  timer = window.setTimeout(render, 250);
}

// Two runs' parameters alike (as the worker was sent them).
export const sameParams = (a: Record<string, ParamValue>, b: Record<string, ParamValue>) =>
  JSON.stringify(Object.entries(a).map(([k, v]) => [k, String(v)]).sort()) === JSON.stringify(Object.entries(b).map(([k, v]) => [k, String(v)]).sort());

// Whether the form now asks for other parameters than a (paused) run trains
// with, rounds aside: Continue would go on with the run's own, so Play starts
// a new run instead (after a lesson's Step a changed depth trained stumps on).
export function formDiffersFrom(run: Run): boolean {
  const { params } = runParams(store.schema, store.algorithm, store.typed);
  const without = (p: Record<string, ParamValue>) => Object.fromEntries(Object.entries(p).filter(([k]) => k !== 'rounds'));
  return !sameParams(without(params), without(run.params));
}
