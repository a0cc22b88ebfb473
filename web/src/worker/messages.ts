import type { CsvDialect } from '../state';
import type { ToySpec } from '../ui/toy-data';
// The messages between the page and the training worker.
import type { ColumnSummary, CvRound, Evaluation, ParamSpec, RoundLeaf, RoundReport, TuneOptions, TuneRange, TuneTrial } from '../../../wasm/js/index.js';

// The trials of a search that ended, to go on from (bl.tune's resume).
export type TuneResume = NonNullable<TuneOptions['resume']>;
import type { ShapData } from '../ui/shap-view';

// A parameter's value as a run is sent it: a number, text, or a list of numbers (several quantile_alpha).
export type ParamValue = number | string | number[];

export interface TrainRequest {
  target: string;
  task: string;
  ignore: string[];
  weight: string;  // '' for none
  classWeights: '' | 'balanced';  // classes: 'balanced' weighs each class alike in all, '' none
  baseMargin: string;  // a column of each row's starting margin, '' for none
  group: string;   // ranking: the query id column, '' for none
  validFraction: number;
  seed: number;
  validSplit: 'random' | 'stratified' | 'last';
  params: Record<string, ParamValue>;
  lossCode?: string;  // objective 'custom': the student's loss (ui/custom-loss.ts)
}

// A prediction surface for 2-D data: an n x n grid over [x0, x1] x [y0, y1];
// for one feature (dims 1), n points over [x0, x1].
export interface SurfaceRequest {
  x: [number, number];
  y: [number, number];
  n: number;
  dims?: 1 | 2;
}

// How the worker reads a file (and reads it again for a run once its numbers were let go):
// delimiter 'auto' or the character; rows with the wrong number of fields skipped or refused;
// the user's own missing-value markers (as readCSVStream's options of the same names).
export interface ReadOptions { delimiter: string; skipRaggedRows: boolean; missingValues: string[]; dateParts: string[] }
// The files the page asks the worker to write (shap: every row's SHAP values; importance: each kind's).
export type ExportKind = 'model' | 'model-compact' | 'predictions' | 'xgboost' | 'xgboost-ubj' | 'valid-rows' | 'shap' | 'importance';
// A run's model kept to predict another file: its first `rounds` (0: all), its name on the page, the data it trained on.
export interface KeepModel { rounds: number; name: string; trainedOn: string }

export type ToWorker =
  // releaseTableOverMB: see the worker's releaseTableOver (a test sets it low).
  | { type: 'init'; baseUrl: string; releaseTableOverMB?: number }
  // id: the page's number for this load; its table, progress and error carry it (an older load's answer, arriving
  // after a newer load was asked for, is not taken for the newer one's).
  // keep: the finished model on show is kept to predict this file (cut to its first `rounds`, 0 for all), as if
  // downloaded and loaded: said as 'model-loaded' (named `name`) just before the table, once the file is read.
  | { type: 'load'; id: number; name: string; file: Blob; read: ReadOptions; keep?: KeepModel }  // the worker reads the file
  | { type: 'cancel-load' }
  // mode 'step' trains one round and pauses; 'play' runs to the end.
  // token: the page's name for this run; every reply about the run carries it.
  // keep: a preset's run, whose model stays for the side-by-side comparison after it ends.
  | { type: 'train'; token: number; request: TrainRequest; mode: 'play' | 'step'; surface?: SurfaceRequest; keep?: boolean }
  | { type: 'play' }
  | { type: 'pause' }
  | { type: 'step' }
  | { type: 'stop' }
  | { type: 'reset'; token: number }
  | { type: 'tree'; index: number }
  | { type: 'importance'; importance: string }
  // model: the JSON file; model-compact: the .blm file (toBinary()).
  // rounds: predictions of the model's first rounds only (0 or absent: all of it).
  // threshold: two classes, where the predictions file cuts p (0.5: the model's own call).
  | { type: 'export'; what: ExportKind; rounds?: number; target?: string; threshold?: number }  // target: a model file's that names none
  // The "continue at scale" script; files: the names the script finds the CSV, model and rows under.
  | { type: 'scale-out'; engine: 'dask' | 'spark'; rounds: number; files: { csv: string; model: string; validRows: string; output: string } }
  // The picked file itself (a handle): the worker reads it, JSON or compact.
  | { type: 'load-model'; name: string; file: Blob }
  // SHAP values: 'summary' for up to maxRows validation rows (the first rows when none were held out), 'row' for one.
  // line: the file line of the row to explain (0: the table's first row).
  | { type: 'shap'; purpose: 'summary' | 'row'; line: number; maxRows: number }
  // A round's numbers and worked table (csv: the whole table as a download instead).
  | { type: 'round-detail'; request: RoundDetailRequest; csv: boolean }
  | { type: 'split-search'; request: SplitSearchRequest }
  // The landing's picture: a small toy trained on the side (not a run of the page's), every round's surface.
  | { type: 'landing-demo'; spec: ToySpec; rounds: number; n: number }
  // Ranking: one query's documents as the model orders them after a round.
  | { type: 'ranking'; request: RankingRequest }
  // The kept runs side by side at a round (0: each one's last), with blends of their validation predictions.
  | { type: 'compare'; tokens: number[]; round: number }
  // How good the model on show is on labelled rows (the held-out rows; a loaded model: the table's), with its first
  // `round` rounds (0: all); key comes back with the answer.
  | { type: 'evaluate'; round: number; key: string; target?: string }  // target: the column scored against, for a model file that names none
  | { type: 'describe'; round: number; key: string }  // rows with no target: what the model predicts for them
  // Partial dependence of the model on show on one numeric feature ('' : its first), for output (class) `output`.
  | { type: 'dependence'; feature: string; output: number; key: string }
  // k-fold cross-validation of a run's settings on the table (bl.cv), each round's means and spreads sent as it ends.
  | { type: 'cv'; token: number; request: TrainRequest; nfold: number }
  | { type: 'cv-stop' }
  // A random search of the parameters named in `space` around a run's settings (bl.tune), each trial sent as it ends.
  | { type: 'tune'; token: number; request: TrainRequest; space: Record<string, TuneRange>; trials: number; by: 'cv' | 'validation'; nfold: number; drawSeed: number; halving: boolean; resume?: TuneResume }
  | { type: 'tune-stop' }
  // SHAP interaction values of up to maxRows held-out rows (the first rows when none were held out), for output (class) `output`.
  | { type: 'interactions'; output: number; maxRows: number; key: string };

// The pairs' strength over the rows explained: features x features, [i][j]
// (i != j) the mean |phi_ij + phi_ji|, [i][i] the mean |phi_ii| (main effects).
export interface InteractionData {
  features: string[];
  strength: Float64Array;
  rows: number;
  output: number;
}

// A model's partial dependence on one feature (worker/dependence.ts): the
// feature moved across `grid` on `rows` rows, each row's prediction (`lines`,
// the first few) and their mean, on `scale`.
export interface DependenceData {
  feature: string;
  grid: number[];
  mean: number[];
  lines: number[][];
  rows: number;
  scale: string;
  output: number;
  outputs: number;
  classes: string[];
  quantiles: number[]; // several quantiles: output k's alpha ([] otherwise)
  direction: number;   // the model's monotone constraint on the feature: -1, 0 or 1
  features: string[];  // the model's features in order
  numeric: string[];   // its numeric ones, the ones a line can be drawn along
  // A categorical feature: the names of the levels in grid (codes), low to high by the mean, and how many
  // levels the model knows (those shown are the commonest among the rows).
  levels?: string[];
  levelCount?: number;
}

// Model.evaluate()'s answer and which rows it scored: the run's held-out
// rows, its training rows (none were held out), or a loaded model's table.
export type EvaluationResult = Evaluation & { scored: 'valid' | 'train' | 'table'; asked: number };

// What the model predicts for rows with no target (worker/describe-predictions.ts): one of byP (two
// classes: rows by p of the second, 1,000 bins), byClass (rows each class is predicted for) or spread
// (numbers), and the rows holding levels the model never saw, per feature.
export interface PredictionSummary {
  rows: number;
  classes: string[];
  byP: Float64Array | null;
  byClass: number[] | null;
  spread: { min: number; q10: number; median: number; q90: number; max: number; mean: number; quantile: number | null } | null;
  unseen: { feature: string; level: string; levels: number; rows: number }[];
}

export interface CompareReply {
  runs: {
    token: number;
    algorithm: string;
    rounds: number;
    round: number;                   // the round its picture shows
    metrics: Record<string, number>; // on the scored half of the validation rows
    firstTree: TreeJson | null;
    features: string[];
    surface?: { grid: Float32Array; width: number };
    // AdaBoost and binary:exponential: mean exp(−ỹ·scale·F_t) over the training rows, t = 1..rounds
    // (scale ½ for discrete SAMME, whose votes are twice the loss's own step).
    expLoss?: { scale: number; values: number[] };
  }[];
  // note: why a blend has no numbers (stacking when the rows it is fit on lack a class).
  blends: { name: 'uniform' | 'linear' | 'stacking'; metrics: Record<string, number>; weights: number[]; intercept: number; note?: string }[];
  error: string;
  task?: 'binary' | 'multiclass' | 'regression';
  rowsFit?: number;     // validation rows the blends were fit on (the even-numbered)
  rowsScored?: number;  // validation rows every number is scored on (the odd-numbered)
}

export interface RankingRequest {
  side: 'valid' | 'train';
  query: number;  // 0-based, in order of first appearance on that side; -1: the first with two grades or more
  round: number;  // 0: the newest
  k: number;      // NDCG@k
}

// One query after round t: its documents in the model's order, NDCG@k then and
// at every round, and what the round was fit to there.
export interface RankingDetail {
  side: 'valid' | 'train';
  query: number;
  // first: 0-based row of its first document, line: that row's file line (as every other view names a row)
  queries: { valid: { size: number; first: number; line: number }[]; train: { size: number; first: number; line: number }[] };
  round: number;
  rounds: number;
  k: number;
  algorithm: string;
  objective: string;
  tau: number;
  // Documents by score after round t (ties in row order), each with its score before the round and,
  // for training queries, the round's statistics (gbrank: minus the sum of its targets and their count).
  docs: { row: number; line: number; relevance: number; score: number; before: number; g?: number; h?: number }[];
  dcg: number;
  idealDcg: number;
  ndcg: number;
  ndcgByRound: number[];  // rounds 1..t, this query
  // gbrank, training queries: the round's pairs in this query (more relevant row first), and the round's count over all queries.
  pairs?: { hi: number; lo: number }[];
  pairsInQuery?: number;
  wrongPairs?: number;
  totalPairs?: number;
  // gbrank: scores are h_t exactly (the model's prefix rescaled by (T+1)/(t+1)).
  rescaled: boolean;
}

export interface RoundDetailRequest {
  round: number;   // 1-based; 0: the newest
  offset: number;  // the worked table's first row (0-based)
  limit: number;   // rows in the page
  output: number;  // which output (class) of a multiclass model
}

// One row of the worked table.
export interface WorkedRow {
  row: number;       // 0-based data row
  line: number;      // its line in the file (0: a table made in the page)
  valid: boolean;    // held out for validation (the round did not fit it)
  left: boolean;     // left out of the run: it has no target (in neither set)
  x: number[];       // the model's features (category codes for categories)
  y: number;         // the label as trained on (class index), NaN for a loaded model
  before: number;    // F_{t-1}(x): the margin of the first t-1 rounds (f0 for t = 1)
  after: number;     // F_t(x)
  leaf: number;      // the node the row reaches in the round's tree
  leafValue: number; // what that leaf adds
  g?: number;
  h?: number;
  u?: number;        // AdaBoost: the weight the round's tree saw
  drawn?: number;    // forest (or resampling AdaBoost): times drawn
}

export interface RoundDetail {
  round: number;
  rounds: number;
  perRound: number;
  outputs: number;
  output: number;
  treeIndex: number;      // the round's tree for this output
  features: string[];
  splitFeatures: number[];  // the features the round's tree splits on, each once, in node order (the root's first)
  baseMargin: number[];   // f0 per output
  kind: '' | 'gradients' | 'weights' | 'bootstrap' | 'gbrank';
  kept: boolean;          // the round's statistics were kept (false: a loaded model, or an old round of a big table)
  leaves: RoundLeaf[];    // the round's tree's leaves (xgboost, gbdt)
  treeAlpha: number[];
  // gbrank: h_t = keep·h_{t−1} + add·g_t (the engine's), and the pairs the round looked at and learnt from.
  blend?: { keep: number; add: number };
  pairCount?: number;
  wrongPairs?: number;
  tried: { node: number; features: number[]; split: number }[];  // forest: the features each split drew, and the one it split on (-1: none)
  total: number;          // rows in the table
  offset: number;
  rows: WorkedRow[];
  classCounts?: number[];  // classes: the training rows of each class (unweighted), as f0's log-odds counts them
  summary?: {
    weights?: { sum: number; min: number; max: number; bins: number[] };  // u over the training rows
    drawn?: { counts: number[]; draws: number };  // training rows drawn 0, 1, 2, 3, 4+ times; draws in all
  };
  // One-feature toy data: the stage view of rounds 0..t, S_r(x) on n grid points (row r of curves), and
  // each data row's F_{t-1}(x) for its residual.
  stages?: { x: Float32Array; curves: Float32Array; before: Float32Array };
  // Toy data: the surface as it was after this round.
  surface?: { grid: Float32Array; width: number; predictions: Float32Array; weights?: Float64Array; drawn?: Uint32Array };
}

export interface ErrorInfo {
  code: string;
  message: string;
  line: number;
  column: number;
}

// "Why this split": a split node of round `round`'s tree for `output`.
export interface SplitSearchRequest { round: number; output: number; node: number }

// One feature's candidates at the node: how many thresholds (or categories
// against the rest) could stand, the best, and its gain curve (value, gain).
export interface FeatureSearch {
  feature: number;
  name: string;
  categorical: boolean;
  candidates: number;
  distinct: number;  // distinct values among the node's rows
  best: { at: string; value: number; gain: number; missingLeft: boolean } | null;
  curve: [number, number][];
}

export interface SplitSearch {
  unavailable?: string;  // why there is no search to show
  node: number;
  features: FeatureSearch[];  // best gain first
  chosen: number;   // the feature the tree split on
  stored: number;   // the tree's gain at the node
  gamma: number;
  exact: boolean;   // every feature had no more distinct values than bins: the engine saw every candidate
  parent: { g: number; h: number };
  rows?: number;
  criterion?: 'xgboost' | 'gini' | 'error';
}

export interface TreeJson {
  left: number[];
  right: number[];
  feature: number[];
  threshold: number[];
  default_left: number[];
  value: number[];
  gain: number[];
  cover: number[];
  categories: (number[] | null)[];
  leaf_values?: number[];
  sum_grad?: number[];  // boosted trees: each node's G (the sum of its rows' gradients)
}

export interface ModelInfo {
  trees: number;
  rounds: number;
  outputs: number;
  features: { name: string; type: string; levels?: string[] }[];
  classes: string[];
  target: string;
  algorithm: string;
  // The parameters the inspector's formulas need (XGBoost's names).
  params: { eta: number; lambda: number; gamma: number; alpha: number; max_delta_step: number; huber_slope: number; quantile_alpha: number; gbrank_tau: number;
    leaf_newton_steps: number; softmax_hessian: string; quantized_grad: number; scale_pos_weight: number };
  // Several quantiles (reg:quantileerror with a list of quantile_alpha): output k predicts quantile quantiles[k]; else [].
  quantiles: number[];
  objective: string;
  // What the round views explain: AdaBoost's variant, vote, split criterion and sampling, gbdt's step.
  variant: string;
  vote: string;  // samme | freund_schapire (the notes' ln◆: half SAMME's, u·e^{−yαg})
  splitCriterion: string;  // gini | error
  sampling: string;
  step: string;
  colsample_bynode: number;
  // Why the model has no XGBoost form ('' when it has one): the export buttons say so where they are.
  noXGBoost: string;
  // DART that drops trees: a round fit its tree to the F of the trees it kept, and later rounds rescaled them, so
  // an earlier round's F from the finished model is not the F that round saw.
  dart: boolean;
}

export type FromWorker =
  | { type: 'ready'; capabilities: { simd: boolean; threads: boolean; build: string }; schema: ParamSpec[]; crossOriginIsolated: boolean }
  // lines: the file lines of the first and last rows (rows are named by their line on the page).
  | { type: 'table'; id: number; name: string; rows: number; lines: { first: number; last: number }; columns: ColumnSummary[]; head: ArrayBuffer;  // head: the file's first 64 kB
      dialect: CsvDialect }
  | { type: 'load-progress'; id: number; bytes: number; size: number; rows: number }
  // The trainer accepted the data and parameters: the run exists from here on.
  // notes: what a person should know about the data as trained (ranking: queries that add no pairs).
  | { type: 'started'; token: number; rounds: number; notes: string[] }
  // Before a run starts: the file read again (its numbers were let go after an earlier run's binning), then binning; done 0 to 1.
  | { type: 'preparing'; token: number; phase: 'reading' | 'binning'; done: number }
  // Once binned, the table's numbers (megabytes) were let go to make room for training.
  | { type: 'table-released'; token: number; megabytes: number }
  | { type: 'round'; token: number; report: RoundReport; rounds: number; surface?: Float32Array; width?: number; weights?: Float64Array; predictions?: Float32Array; drawn?: Uint32Array }
  | { type: 'paused'; token: number }
  | { type: 'reset'; token: number }
  | { type: 'done'; token: number; trees: number; aborted: boolean; model: ModelInfo }
  | { type: 'tree'; index: number; tree: TreeJson | null; model: ModelInfo }
  // permutation: each feature's mean drop, with its sd and a note of what was measured (error: why there is none).
  | { type: 'importance'; importance: string; values: Record<string, number>; stds?: Record<string, number>; note?: string; error?: string }
  // The file's text, or (the model files, which can run to gigabytes) a Blob built in pieces.
  // error: why the file could not be written, said beside its button (SHAP values too slow to compute here).
  | { type: 'export'; what: ExportKind | 'scale-out' | 'round-csv'; text: string | Blob; round?: number; error?: string }
  | { type: 'round-detail'; detail: RoundDetail | null; model: ModelInfo | null; error: string }
  | { type: 'split-search'; search: SplitSearch | null; error: string }
  | { type: 'landing-demo'; frames: Float32Array; n: number; rounds: number; error: string }
  | { type: 'ranking'; detail: RankingDetail | null; error: string }
  | { type: 'compare'; reply: CompareReply }
  // startsAt: a kept run's model that trained with starting scores, the column (its predictions start there where
  // the file has it).
  | { type: 'model-loaded'; name: string; model: ModelInfo; trainedOn?: string; startsAt?: string }
  | { type: 'shap'; purpose: 'summary' | 'row'; data: ShapData | null; error: string }
  | { type: 'evaluation'; key: string; result: EvaluationResult | null; error: string }
  | { type: 'described'; key: string; summary: PredictionSummary | null; error: string }
  | { type: 'dependence'; key: string; data: DependenceData | null; error: string }
  | { type: 'interactions'; key: string; data: InteractionData | null; error: string }
  | { type: 'cv-round'; token: number; record: CvRound }
  | { type: 'cv-done'; token: number; rounds: number; bestRound: number; metric: string; stopped: boolean; error: string }
  | { type: 'tune-trial'; token: number; trial: TuneTrial; best: number; metric: string; largerIsBetter: boolean; rungs?: { rows: number; trials: number }[] }
  | { type: 'tune-round'; token: number; trial: number; round: number }
  | { type: 'tune-done'; token: number; stopped: boolean; error: string; importance: Record<string, number> | null }
  | { type: 'error'; during: 'init' | 'load' | 'train' | 'model' | 'inspect'; error: ErrorInfo; token?: number; load?: number };
