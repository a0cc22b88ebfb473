// Hand-written: Emscripten 3.1.6 cannot emit declarations.

// Symbol.dispose for a project whose lib lacks esnext.disposable (a DOM-only
// one, say): the classes below declare [Symbol.dispose]() for `using`. The
// same declaration as lib.esnext.disposable's and @types/node's, so they merge.
declare global {
  interface SymbolConstructor {
    readonly dispose: unique symbol;
  }
}

/** Every code a BoostLabError carries: each names one kind of problem and stays as it is, for programs to branch on
 *  (CSV_* reading a file; TARGET_*, WEIGHT_*, GROUP_*, BASE_MARGIN_* the columns toDataset() reads; BAD_PARAM,
 *  BAD_OPTION, BAD_ARGUMENT a call's input; MODEL_* a model file; ENGINE_*, NO_THREADS init()). The message says
 *  the rest, for a person. tests/docs holds this list equal to the codes the source throws. */
export type ErrorCode =
  | 'ABORTED' | 'BAD_ARGUMENT' | 'BAD_OPTION' | 'BAD_PARAM' | 'BASE_MARGIN_MISSING' | 'BASE_MARGIN_NOT_NUMERIC'
  | 'CSV_DATE_PART_TAKEN' | 'CSV_EMPTY' | 'CSV_NOT_TEXT' | 'CSV_NOT_DATES' | 'CSV_NO_ROWS' | 'CSV_NUMBER_OUT_OF_RANGE'
  | 'CSV_RAGGED_ROW' | 'CSV_RECORD_TOO_LONG' | 'CSV_TOO_LARGE' | 'CSV_UNTERMINATED_QUOTE'
  | 'CUSTOM_FUNCTION_UNSUPPORTED' | 'CUSTOM_GRADIENTS_MISSING' | 'DISPOSED' | 'ENGINE_MISMATCH' | 'ENGINE_NOT_FOUND'
  | 'FEATURE_MISMATCH' | 'FEATURE_NOT_NUMERIC' | 'GROUP_MISSING' | 'GROUP_NOTHING_TO_RANK' | 'GROUP_SINGLETONS'
  | 'INTERNAL' | 'MODEL_CORRUPT' | 'MODEL_TAKEN' | 'MODEL_TOO_LARGE' | 'NOT_FOR_RANKING' | 'NO_FEATURES'
  | 'NO_THREADS' | 'NUMERIC_OVERFLOW' | 'OUT_OF_MEMORY' | 'QUERY_WEIGHTS_DIFFER' | 'TARGET_ALL_MISSING'
  | 'TARGET_CONSTANT' | 'TARGET_MISSING' | 'TARGET_NOT_BINARY' | 'TARGET_NOT_CLASSES' | 'TARGET_NOT_NUMERIC'
  | 'TARGET_NOT_RELEVANCE' | 'TARGET_ONE_CLASS' | 'TOO_MANY_CATEGORIES' | 'TOO_MANY_CLASSES' | 'TRAINING_OVER'
  | 'UNKNOWN_COLUMN' | 'VALUES_RELEASED' | 'WEIGHT_ALL_ZERO' | 'WEIGHT_MISSING' | 'WEIGHT_NEGATIVE'
  | 'WEIGHT_NOT_NUMERIC' | 'XGBOOST_UNSUPPORTED';

export class BoostLabError extends Error {
  constructor(info: { code: string; message: string; line?: number; column?: number });
  readonly name: 'BoostLabError';
  /** Stable identifier: an ErrorCode (CSV_RAGGED_ROW, TARGET_NOT_NUMERIC, BAD_PARAM, MODEL_CORRUPT, …) on the package's
   *  own errors; an app that throws its own may give any string. */
  readonly code: ErrorCode | (string & {});
  /** 1-based line in the input, 0 when not about a place in a file. */
  readonly line: number;
  /** 1-based column, 0 when not about a column. */
  readonly column: number;
}

/** This module, as the CommonJS entry's load() gives it (the same under either entry). */
export function load(): Promise<typeof import('./index.js')>;

/** readCSV() takes text up to this size; readCSVStream() reads bigger files. */
export const MAX_CSV_BYTES: number;
/** Whether bytes start as a compact model file (toBinary()) does: loadModel() tells the formats apart by this. */
export function isCompactModel(bytes: Uint8Array): boolean;
/** Whether bytes start as UBJSON (XGBoost's .ubj) does: loadModel() reads those bytes as UBJSON. */
export function isUbjModel(bytes: Uint8Array): boolean;

/** Model.evaluate()'s answer. */
export type Evaluation = {
  /** Rows scored; rows asked for with no target, or of a class the model does not know (one named). */
  rows: number;
  missingTarget: number;
  unknownClass: number;
  unknownExample: string;
  /** Rows scored with a level of a categorical feature the model never saw (predicted as if it were missing; XGBoost 3
   *  refuses such rows given as a DataFrame), and the first such, named: "cut = 'Superb'". */
  unseenLevelRows: number;
  unseenLevelExample: string;
  /** The column of sample weights applied ('' for none), and the scored rows' weights summed (rows, unweighted):
   *  a row of weight w counts as w copies of it in every number below (as XGBoost's and scikit-learn's weights). */
  weight: string;
  weightSum: number;
} & (
  | {
      task: 'binary' | 'multiclass';
      /** The model's classes, in its order. */
      classes: string[];
      /** K x K counts (of weight, when weighted), confusion[actual * K + predicted]; the predicted class is predict()'s 'class' output. */
      confusion: Float64Array;
      /** The share of rows (of weight) whose predicted class is their own. */
      accuracy: number;
      /** The log loss (mlogloss for more than two classes) and, for two, the AUC of the second class's probability
       *  (ties count half), as the metrics of the same names; NaN where the model gives no probabilities
       *  (multi:softmax), or when the rows scored hold one class only. More than two classes: each class against the
       *  rest, as the metric auc averages them (weighing each class by its rows). */
      logloss: number;
      auc: number;
      /** The area under precision against recall of the second class (the metric aucpr, XGBoost's interpolation);
       *  more than two classes, each class against the rest, averaged plainly as the metric does; NaN where auc is. */
      aucpr: number;
      /** Two classes with probabilities: the scored rows' weight (rows, unweighted) by the second class's p in 1,000
       *  bins, of each actual class: bin b holds b/1000 < p <= (b+1)/1000 (p = 0 in bin 0). Summed from bin k up, the
       *  rows of that class called the second at threshold k/1000 (p > t; predict()'s class at t = 0.5): a confusion
       *  matrix at any threshold, the ROC and precision-recall curves. Absent otherwise. */
      firstByP?: Float64Array;
      secondByP?: Float64Array;
    }
  | {
      task: 'regression';
      classes: [];
      /** 1 - SS_res / SS_tot (NaN when every actual value is the same). */
      r2: number;
      rmse: number;
      mae: number;
      /** The actual values' mean, and the RMSE of predicting it for every row (what R2 is measured against). */
      mean: number;
      rmseOfMean: number;
      /** Up to `points` pairs, rows spread evenly over those scored. */
      actual: Float32Array;
      predicted: Float32Array;
      /** reg:quantileerror: its quantile_alpha, the share of the rows (by weight) at or below each quantile predicted
       *  (about alpha for a good one), each one's pinball loss. With several, r2 .. predicted are of the quantile
       *  nearest the median. */
      quantiles?: Float64Array;
      coverage?: Float64Array;
      pinball?: Float64Array;
    }
);

export interface ColumnSummary {
  name: string;
  type: 'numeric' | 'categorical';
  missing: number;
  distinct: number;
  /** First 20 levels of a categorical column. */
  levels?: string[];
  /** A categorical column: its first cell that is not a number, that cell's line in the file (1-based; 0 for columns
   *  given in memory) and its row (0-based). */
  firstText?: { line: number; row: number; text: string };
  /** Numbers with stray words (at least half of the distinct values numbers): how many distinct cells are not
   *  numbers, and those other than firstText's, up to eight. Absent for a column of text. */
  texts?: number;
  otherTexts?: string[];
  /** A numeric column numbering the rows: 1..n or 0..n-1 (pandas' index), each once in any order, none missing.
   *  A row number, not a measurement. */
  sequence?: boolean;
  /** A categorical column every cell of which is a date written as text, in one order: 'ymd' (2021-08-05),
   *  'dmy' (05/08/2021, some day above 12 first) or 'mdy' (08/05/2021, or no number above 12 to tell); `time` when
   *  some cell has a time of day. CsvOptions.dateParts can read it as numbers. */
  dates?: { order: 'ymd' | 'dmy' | 'mdy'; time: boolean };
  /** What task 'auto' makes of this column as the target, and why; or the error training on it would
   *  raise (e.g. TARGET_NOT_NUMERIC for numbers with a stray word, with the line). The same rule as toDataset. */
  asTarget: { task: 'regression' | 'binary' | 'multiclass'; why: string } | { error: { code: string; message: string; line: number } };
}

export interface DatasetOptions {
  target: string;
  ignore?: string[];
  /** A numeric column of per-row sample weights (>= 0, not all 0 on the training rows); not a feature. With a group
   *  column they weigh whole queries (one weight a query, as XGBoost's group weights). */
  weight?: string;
  /** Classes: each row's weight times its class's, by class name ({ spam: 3 }; classes left out weigh 1), or
   *  'balanced' (each class rows / (classes x its training rows), scikit-learn's). Metrics weigh rows alike;
   *  `dataset.notes` says each class's weight; `dataset.classWeights` each class's factor, for scaleOutScript. */
  classWeights?: 'balanced' | Record<string, number>;
  /** A numeric column of each row's starting margin (XGBoost's base_margin: an offset, such as the log of an
   *  exposure), not a feature: training, its metrics and predict(dataset) start each row there instead of at f0.
   *  A model of several outputs (classes, quantiles) takes a list of columns, one an output in the outputs' order
   *  (classes sorted, quantiles as listed), as XGBoost's base_margin of shape (rows, outputs). xgboost and gbdt. */
  baseMargin?: string | string[];
  /** Ranking: a column of query ids (numbers or text; not a feature). The rows of a query (anywhere in the table) are
   *  ranked against each other; the target is their relevance, a whole number 0..31; validation takes whole queries
   *  (or the given validRows, a query split between the sides counting as one query each side). */
  group?: string;
  task?: 'auto' | 'regression' | 'binary' | 'multiclass' | 'ranking';
  /** Share of rows held out for validation, drawn with `seed`. Default 0.2. */
  validFraction?: number;
  /** Which validFraction of the rows (of the queries, for ranking) validate: 'random' (default), drawn with `seed`;
   *  'stratified', drawn with `seed` within each class, so a rare class holds out its share (classes only); or
   *  'last', the last ones in the table's order: for rows in time order, so the model is scored on a later stretch than
   *  it learnt from (a random draw lets it learn from rows after those it is scored on). */
  validSplit?: 'random' | 'stratified' | 'last';
  seed?: number;
  /** Explicit 0-based validation rows; overrides validFraction. */
  validRows?: number[] | Int32Array | Uint32Array;
  /** Explicit 0-based training rows: then only validRows validate (none when not given) and a row in neither list is
   *  left out (a time-series fold trains on the rows before its test rows, not on those after). */
  trainRows?: number[] | Int32Array | Uint32Array;
  /** Rows whose target is missing: refused with TARGET_MISSING (the default, naming the first and how many more), or
   *  with true left out of training and validation, `dataset.notes` naming their lines. Not for ranking. */
  skipMissingTarget?: boolean;
}

/** XGBoost's names; bl.paramSchema() has each one's range, default and doc. */
export interface Params {
  /** gbrank: Zheng et al.'s GBRank, for a dataset with a group column (ranking). */
  algorithm?: 'xgboost' | 'gbdt' | 'adaboost' | 'random_forest' | 'gbrank';
  /** gbrank: the margin tau a pair must be ordered by (default 1). */
  gbrank_tau?: number;
  /** adaboost classification: discrete SAMME or real SAMME.R. */
  variant?: 'samme' | 'samme_r';
  /** adaboost regression (AdaBoost.R2): the per-row loss. */
  r2_loss?: 'linear' | 'square' | 'exponential';
  /** adaboost discrete: SAMME's vote ln((1-ε)/ε) + ln(K-1) (scikit-learn), or Freund & Schapire's half of it
   * with u·exp(-y·α·g) (the lecture notes' ln◆); the same classes at eta 1, objective binary:adaboost. */
  vote?: 'samme' | 'freund_schapire';
  /** adaboost classification: a split minimises the weighted Gini impurity (scikit-learn) or the weighted
   * misclassification (the notes' AdaBoost-Stump). */
  split_criterion?: 'gini' | 'error';
  /** gbdt reg:huber: the quantile of |residual| where the loss turns linear. */
  huber_alpha?: number;
  /** gbdt: set each leaf by line search, or one weight for the whole tree. */
  step?: 'leaf_line_search' | 'tree_line_search';
  /** adaboost: weight the rows by u, or draw N rows in proportion to u. */
  sampling?: 'reweight' | 'resample';
  objective?: '' | 'reg:squarederror' | 'reg:absoluteerror' | 'reg:quantileerror' | 'reg:expectileerror' | 'reg:pseudohubererror' | 'reg:huber' | 'count:poisson'
    | 'reg:gamma' | 'reg:tweedie' | 'binary:logistic' | 'binary:exponential' | 'multi:softprob' | 'multi:softmax' | 'rank:pairwise' | 'rank:ndcg' | 'custom' | CustomObjective;
  /** Comma-separated: rmse, rmsle (the RMSE of ln(1 + y)), mae, mape (the mean of |y - p| / |y|), mphe, quantile (the pinball loss at quantile_alpha), expectile (the weighted squared error at
   *  expectile_alpha), logloss, error, error@t (a row called positive where p > t, error@0.3), auc, aucpr (the area under precision against recall; with several
   *  classes both areas are one class against the rest, averaged, as XGBoost's), mlogloss, merror, poisson-nloglik,
   *  gamma-deviance, gamma-nloglik, tweedie-nloglik (or tweedie-nloglik@1.2: at that power), exploss; for ranking
   *  (a dataset with a group column) ndcg, ndcg@k, map, map@k (a trailing '-' scores a query without relevant rows 0)
   *  and pairacc (the share of a query's pairs of different relevance in the right order), each the mean over queries. */
  eval_metric?: string;
  /** 1 (default): every round's metrics on the training rows too; 0: on the validation rows only (faster). */
  eval_train?: 0 | 1;
  rounds?: number;
  eta?: number;
  max_depth?: number;
  max_leaves?: number;
  grow_policy?: 'depthwise' | 'lossguide';
  lambda?: number;
  alpha?: number;
  gamma?: number;
  min_child_weight?: number;
  max_delta_step?: number | null;
  /** xgboost: Newton steps each leaf's value takes (1, XGBoost's w* = -G/(H+lambda); more: CatBoost's leaf_estimation_iterations). Single-output losses. */
  leaf_newton_steps?: number;
  /** xgboost multiclass: the h each class's tree grows on, XGBoost's 2p(1-p) or LightGBM's K/(K-1) p(1-p). */
  softmax_hessian?: 'xgboost' | 'lightgbm';
  /** xgboost, single-output losses: 1 sums histograms from g and h rounded stochastically to integers (LightGBM's use_quantized_grad), the leaves then
   *  renewed from the exact sums: faster on wide data, off by default (the splits are no longer XGBoost's). */
  quantized_grad?: 0 | 1;
  /** xgboost: gbtree, or dart (XGBoost's DART, dropout for trees): each round leaves out some earlier trees (rate_drop) while it
   *  fits the new one, then scales the new tree and the dropped ones (normalize_type) so together they stand where the dropped
   *  ones stood. The scales are baked into the leaves: the model is a plain sum of trees (it exports as XGBoost's gbtree, and
   *  XGBoost's DART files load). Refuses early_stopping_rounds (later rounds rescale the best round's trees). */
  booster?: 'gbtree' | 'dart';
  /** dart: each earlier tree's chance of being left out of a round. */
  rate_drop?: number;
  /** dart: a round's chance of dropping nothing. */
  skip_drop?: number;
  /** dart: 1 drops one tree when rate_drop's draws left none. */
  one_drop?: 0 | 1;
  /** dart: every tree the same chance, or in proportion to its weight. */
  sample_type?: 'uniform' | 'weighted';
  /** dart, k trees dropped, lr = eta / trees a round: the new tree weighs 1/(k + lr) and the dropped k/(k + lr) ('tree'), or both 1/(1 + lr) ('forest'). */
  normalize_type?: 'tree' | 'forest';
  subsample?: number;
  /** The share of features each tree draws (XGBoost's): below 1 the histograms are built for the tree's features only
   *  (single-output, not quantised), so half the features is about half the histogram work; the trees are the same. */
  colsample_bytree?: number;
  colsample_bylevel?: number;
  colsample_bynode?: number;
  max_bin?: number;
  max_cat_to_onehot?: number;
  max_cat_threshold?: number;
  num_class?: number;
  huber_slope?: number;
  /** reg:quantileerror: the quantile predicted, in (0, 1] (0.9: a value 90 % of rows fall below). Default 0.5. Several,
   *  [0.1, 0.5, 0.9]: one output each (predict() gives rows x quantiles, row-major), as XGBoost 3's list. */
  quantile_alpha?: number | number[];
  /** reg:expectileerror: the expectile predicted, in [0.001, 0.999] (0.5: the mean; rows above the prediction weigh it,
   *  rows below 1 minus it, in a squared error). Default 0.5. No XGBoost form: exported as the sum of trees
   *  (reg:squarederror predicts the same), and the scale-out script refuses it. */
  expectile_alpha?: number;
  /** reg:tweedie: the power rho in Var(y) = phi mu^rho, in [1, 2). Default 1.5. */
  tweedie_variance_power?: number;
  /** binary:logistic: the positive rows' gradients and hessians times this (rare positives: about negatives/positives).
   *  Default 1. With it the intercept is one Newton step from 0 on the scaled rows, as XGBoost 3's. */
  scale_pos_weight?: number;
  /** xgboost: the direction the prediction must follow along each feature: 1 never decreases as the feature grows, -1 never
   *  increases, 0 free. By position ([1, 0, -1], or XGBoost's text '(1,0,-1)') or by name ({ age: 1 }). Numeric features only. */
  monotone_constraints?: string | number[] | Record<string, number>;
  /** xgboost: the sets of features that may meet on one path from the root, by position or name: [[0, 1], [2, 3]] or
   *  [['age', 'income']]. The root splits on any feature; below it a node uses its path's features and those of a set holding them all. */
  interaction_constraints?: string | (number | string)[][];
  early_stopping_rounds?: number;
  seed?: number;
  nthread?: number;
  base_score?: number | null;
}

export interface ParamSpec {
  name: string;
  type: 'int' | 'float' | 'string';
  default: number | string | null;
  min?: number | null;
  max?: number | null;
  minExclusive?: boolean;
  /** A number, or a list of numbers each in the range (quantile_alpha). */
  list?: boolean;
  choices?: string[];
  algorithms: string;
  doc: string;
  /** Defaults that differ by algorithm, e.g. max_depth {adaboost: 1}. */
  algorithmDefaults: Record<string, number>;
  /** The doc where an algorithm means something else by this parameter. */
  algorithmDocs: Record<string, string>;
}

export interface RoundReport {
  round: number;
  train: Record<string, number>;
  valid: Record<string, number>;
  /** The metric early stopping watches (the last of eval_metric). */
  metric: string;
  /** 1-based round with the best validation metric so far; 0 without validation rows. */
  bestRound: number;
  /** Round 1 only, when there is something to say: what the run did that was not asked in so many words (a continued
   *  XGBoost model's classes '0', '1', … read as the data's classes in their sorted order). */
  notes?: string[];
  /** True when early stopping ended training after this round. */
  stopped: boolean;
  /** AdaBoost only: this round's weighted error e_t and its vote alpha_t. */
  epsilon?: number;
  alpha?: number;
  /** AdaBoost classification: the exponential loss mean exp(-y.f/K) the weights track. */
  expLoss?: number;
  /** algorithm xgboost only: the regularised objective its trees reached, Σ over leaves of G·w + ½(H + λ)w² + α|w| + γ
   *  (w before eta; at w* = −G/(H + λ) it is −G²/(2(H + λ)) + γ per leaf), summed over the round's trees. */
  treeObjective?: number;
  /** gbrank only: the training queries' pairs of different relevance, and those this round learnt from. */
  pairs?: { total: number; wrong: number };
  /** booster 'dart': how many earlier trees this round left out (and then scaled). */
  dropped?: number;
  ms: number;
  /** Where the round's time went, in ms. */
  timings: { histogram: number; partition: number; split: number };
  /** The work behind those times: histogram cells added (rows x features of each build) and histogram bins given to split searches. */
  work: { histogramCells: number; splitBins: number };
  threads: number;
  tree: { depth: number; leaves: number; gain: number };
}

export interface TrainOptions {
  /** Called after every round. train() lets the event loop run (a paint, an abort from elsewhere) every 8 ms of
   *  rounds, not after each one. An async callback is awaited before the next round, and its rejection rejects
   *  train() (as every callback of the package: onBinning, cv's and tune's onRound, onTrial, readCSVStream's onProgress). */
  onRound?: (report: RoundReport) => void | Promise<void>;
  /** Called as binning goes, before round 1, with the share done (0 to 1; 1 last): tens of millions of rows take
   *  seconds. An abort during binning returns a model with no trees of this run (aborted = true). */
  onBinning?: (done: number) => void | Promise<void>;
  /** Continue from this model (algorithm xgboost or gbdt, the same objective and features), as XGBoost's xgb_model:
   *  its trees come first and params.rounds more are added. BAD_PARAM says why a model cannot be continued. */
  initModel?: Model;
  /** Aborting stops after the current round (or binning piece); the model so far is returned with aborted = true. */
  signal?: AbortSignal;
  /** A metric of your own, as XGBoost's custom_metric: after each round, of the training and the validation rows'
   *  margins (rows x outputs, row by row) and labels; reported under the function's name ('custom' if it has none). */
  metric?: CustomMetric;
}

/** An objective of your own, as XGBoost's obj: from the margins the round starts from (training rows x outputs, row by
 *  row) and the labels (the value, or the class index), each row's gradient and hessian (h >= 0) of your loss, the same
 *  shape. Algorithm xgboost; the model predicts its margin (no link); sample weights are yours to apply. */
export type CustomObjective = (margins: Float32Array, labels: Float32Array) => { grad: ArrayLike<number>; hess: ArrayLike<number> };
export type CustomMetric = (margins: Float32Array, labels: Float32Array) => number;

export interface CsvOptions {
  /** 'auto' (default): comma, semicolon, tab or pipe, detected from the first lines. */
  delimiter?: 'auto' | ',' | ';' | '\t' | '|' | string;
  /** 'auto' (default): UTF-16 when the file starts with its byte-order mark, else UTF-8, or Windows-1252 when the bytes are not valid UTF-8. */
  encoding?: 'auto' | 'utf-8' | 'windows-1252';
  /** false (default): a row with more or fewer fields than the header is refused (CSV_RAGGED_ROW, naming its line);
   *  true: such rows are left out and table.notes says how many and where. */
  skipRaggedRows?: boolean;
  /** Cells that also mean a missing value (pandas' na_values), beside the usual ones (empty, NA, N/A, n/a, NaN, null,
   *  None, #N/A, ?, ...): a word standing for "not measured" among numbers ('n.a.', '-'), or a sentinel such as
   *  '-999'. Each matched whole against the cell, spaces and tabs around it trimmed, as the file spells it (up to
   *  1,000 texts of up to 256 bytes). */
  missingValues?: string[];
  /** Columns of dates written as text (those whose summary has `dates`) to read as numbers: each is replaced, where it
   *  stood, by NAME_year, NAME_month, NAME_day, NAME_weekday (0 is Monday, as pandas' dayofweek), NAME_yearday (1 to
   *  366), NAME_days (days since 1970-01-01) and, when some cell has a time, NAME_hour. A tree cannot learn from a
   *  date read as text (one category per date); it can split on these. Read files to predict on with the same
   *  option. CSV_NOT_DATES names the first cell that is not a date like the others. */
  dateParts?: string[];
}

/** A File or Blob, a ReadableStream of bytes, or an (async) iterable of chunks such as a Node fs.ReadStream. */
export type CsvSource = Blob | ReadableStream<Uint8Array> | AsyncIterable<Uint8Array | ArrayBuffer | string> |
  Iterable<Uint8Array | ArrayBuffer | string>;

export interface CsvProgress {
  /** Bytes read so far. */
  bytes: number;
  /** The source's size (a Blob's, or options.size), 0 if unknown. */
  size: number;
  /** Data rows read so far. */
  rows: number;
}

export interface CsvStreamOptions extends CsvOptions {
  /** The source's size in bytes when it is not a Blob: for the estimate and the progress. */
  size?: number;
  /** After each chunk, and once more at the end with the table's rows (a small file's rows are counted only then). */
  onProgress?: (progress: CsvProgress) => void | Promise<void>;
  signal?: AbortSignal;
  /** Count the memory training on the table takes in the estimate too (about 1.5 to 2 times the table's). */
  forTraining?: boolean;
}

/** A column of dates the reader replaced by its parts (CsvOptions.dateParts). */
export interface DateColumn {
  column: string;
  order: 'ymd' | 'dmy' | 'mdy';
  /** Some cell had a time: the parts end with NAME_hour. */
  time: boolean;
}

export type TableColumn =
  /** values: a Float64Array when the column holds whole numbers a float rounds (IDs past 2^24, as written up to 2^53; the
   *  notes say so). Code that kept values as a Float32Array takes `Float32Array | Float64Array` since 0.1.0's IDs fix. */
  | { name: string; type: 'numeric'; values: Float32Array | Float64Array }
  | { name: string; type: 'text'; codes: Int32Array; levels: string[] };

export class Table {
  /** Made by the package (init(), readCSV(), toDataset(), train(), loadModel(), …), never with new. */
  private constructor();
  readonly numRows: number;
  readonly columns: ColumnSummary[];
  /** The delimiter used, given or detected. */
  readonly delimiter: string;
  /** The encoding used: 'utf-8'; 'windows-1252' for a file that is not valid UTF-8; 'utf-16le' or 'utf-16be' for a file that starts with UTF-16's byte-order mark (Excel's "Unicode Text"). */
  readonly encoding: 'utf-8' | 'windows-1252' | 'utf-16le' | 'utf-16be';
  /** Some column's numbers were read with a decimal comma (10,9155; the notes say which): give it to scaleOutScript(). */
  readonly decimalComma: boolean;
  /** CsvOptions.missingValues as read with (give it to scaleOutScript()); [] when none. */
  readonly missingValues: string[];
  /** The columns CsvOptions.dateParts replaced by their parts, with the order their cells were read in (give them to
   *  scaleOutScript()); [] when none. */
  readonly dateParts: DateColumn[];
  /** What a person should know of how the file was read (a re-encoding; repeated column names renamed a, a.1). */
  readonly notes: string[];
  /** Each row's 1-based line in the file (rows left out, blank lines and line breaks inside quotes counted), or only
   *  those of the 0-based `rows` given (BAD_ARGUMENT past the last); null for a table made from columns. */
  rowLines(rows?: ArrayLike<number>): Uint32Array | null;
  /** A column's values as read: numbers (NaN missing), or text as codes (-1 missing) into its sorted levels.
   *  UNKNOWN_COLUMN for a name the table does not have. */
  column(name: string): TableColumn;
  toDataset(options: DatasetOptions): Dataset;
  dispose(): void;
  /** dispose(), for `using` (TypeScript 5.2+, lib esnext.disposable). */
  [Symbol.dispose](): void;
}

export class Dataset {
  /** Made by the package (init(), readCSV(), toDataset(), train(), loadModel(), …), never with new. */
  private constructor();
  readonly numTrain: number;
  readonly numValid: number;
  readonly task: 'regression' | 'binary' | 'multiclass' | 'ranking';
  /** Ranking: the query id column (DatasetOptions.group); null otherwise. */
  readonly group: string | null;
  /** The factor each class's rows were weighed by (DatasetOptions.classWeights, 'balanced' resolved from the
   * training rows), by class name; null when no class weights were given. Pass it to scaleOutScript's
   * classWeights so that the cluster weighs its rows alike. */
  readonly classWeights: Readonly<Record<string, number>> | null;
  /** What a person should know about the data (ranking: how many queries add no pairs, and the first of them). */
  readonly notes: string[];
  /** Ranking: the training queries (or the validation queries with { valid: true }), in order of first appearance;
   *  query q holds the 0-based table rows rows[begin[q] .. begin[q + 1]). Empty arrays for other tasks. */
  queries(options?: { valid?: boolean }): { begin: Uint32Array; rows: Uint32Array };
  /** The validation rows (0-based rows of the table it came from). */
  /** The training rows (0-based rows of the table; rows left out for a missing target, or by trainRows, are not). */
  trainRows(): Uint32Array;
  validRows(): Uint32Array;
  /** Each row's label as the engine trains on it: the value, or the class index (into the model's classes). */
  labels(): Float32Array;
  /** Once a trainer has binned this dataset (trainer.prepare() returned 1, or a round was trained): frees its feature
   *  values and its hold on the table's numbers, so that disposing the table too leaves only the bins in the heap
   *  (a 40M-row table's numbers are over a gigabyte). Training with it, or predicting or explaining on it, then
   *  throws VALUES_RELEASED; training goes on. Released before binning is done, the trainer throws VALUES_RELEASED. */
  releaseValues(): void;
  readonly valuesReleased: boolean;
  dispose(): void;
  /** dispose(), for `using` (TypeScript 5.2+, lib esnext.disposable). */
  [Symbol.dispose](): void;
}

export interface PredictOptions {
  /** 'probability' (the default: probabilities, or values for regression), 'margin' (rows x outputs raw sums),
   *  'class' (one class index a row, binary p > 0.5 as the error metric; summary().classes names them), 'leaf' (rows x trees leaf node indices). */
  output?: 'probability' | 'margin' | 'class' | 'leaf';
  /** Use the first `rounds` rounds only (0 or absent: all). */
  rounds?: number;
  /** predict() on a Table: the column holding each row's starting margin (XGBoost's base_margin), instead of the
   *  model's f0; a list of columns, one a model output, for several outputs. A Dataset made with baseMargin uses its own. */
  baseMargin?: string | string[];
}

export interface ScaleOutOptions {
  engine: 'dask' | 'spark';
  /** The CSV as the script will find it (a path or a URL the workers read). Default 'data.csv'. */
  csv?: string;
  /** The CSV's delimiter (table.delimiter) and encoding (table.encoding). Defaults ',' and 'utf-8'. A UTF-16
   *  table's encoding is refused (BAD_OPTION): a cluster reads the file in byte blocks; save it as UTF-8. */
  delimiter?: string;
  encoding?: 'utf-8' | 'windows-1252' | 'utf-16le' | 'utf-16be';
  /** table.decimalComma: the script reads the CSV's numbers as the table did. Default false. */
  decimalComma?: boolean;
  /** table.missingValues: the script takes those cells for missing as the table did. */
  missingValues?: string[];
  /** A file of 0-based validation rows, one a line (dataset.validRows()); default none. */
  validRows?: string;
  /** The sample-weight column training used, if any. */
  weight?: string;
  /** The base-margin column training used, if any (DatasetOptions.baseMargin). */
  baseMargin?: string;
  /** The class weights training used, as the dataset resolved them (dataset.classWeights): each row weighs
   * its class's factor times its weight column's value. */
  classWeights?: Readonly<Record<string, number>>;
  /** table.dateParts: the script derives the same parts from the file's dates. */
  dateParts?: DateColumn[];
  /** Every column of the file in order, as the table named them (table.columns' names): the script reads the file
   *  by position under these names, so a header cell the table trimmed, or an empty one it named column_2, is found.
   *  Left out: by the header's own names. */
  columns?: string[];
  /** Where toXGBoostJSON()'s text is saved. Default 'model.xgboost.json'. */
  model?: string;
  /** Where the script saves the continued model. Default 'continued.xgboost.json'. */
  output?: string;
  /** Rounds to add (default 20) and workers for a local cluster (default 2). */
  rounds?: number;
  workers?: number;
}

export class Model {
  /** Made by the package (init(), readCSV(), toDataset(), train(), loadModel(), …), never with new. */
  private constructor();
  readonly numTrees: number;
  /** Values per row in predict(): the number of classes for multi:softprob, the number of quantiles for
   *  reg:quantileerror with several quantile_alpha, else 1. */
  readonly predictionWidth: number;
  readonly aborted: boolean;
  /** Probabilities for binary targets (of the class summary().classes[1]: the second of the two, sorted), values for
   *  regression; multiclass: predictionWidth per row, row after row, in summary().classes order. */
  predict(data: Table | Dataset, options?: PredictOptions): Float32Array;
  /** SHAP values (exact TreeSHAP, equal to XGBoost's pred_contribs on the exported model): rows x outputs x
   *  (features + 1), row-major, features in summary().features order, the bias last; each row's values sum to its
   *  margin. Threaded (nthread: 0, the default, for all; the same values on any number). `rows`: only those rows, in
   *  that order (0-based; BAD_ARGUMENT names one past the last). BAD_ARGUMENT for AdaBoost.R2
   *  (a weighted median has no additive attribution). */
  contributions(data: Table | Dataset, options?: { nthread?: number; rows?: ArrayLike<number> }): Float32Array;
  /** SHAP interaction values (equal to XGBoost's pred_interactions on the exported model): rows x outputs x
   *  (features + 1) x (features + 1), row-major; [i][j] is half of features i and j's interaction (symmetric), [i][i]
   *  the rest of i's SHAP value, so row i sums to contributions()' value for i; the last row and column are the bias.
   *  2 x features + 1 times contributions()' work; BAD_ARGUMENT past 2^26 numbers (ask for fewer `rows`). */
  interactions(data: Table | Dataset, options?: { nthread?: number; rows?: ArrayLike<number> }): Float32Array;
  /** Permutation importance, as scikit-learn's permutation_importance: each feature's values shuffled among the rows
   *  scored (`repeats` times, default 5, drawn from `seed`), and how much worse the model then scores them by `metric`
   *  (logloss, auc, aucpr or accuracy for classes, rmse, mae or r2 for numbers; default logloss or rmse), signed so that
   *  more is more important. A feature the model never reads scores exactly 0. Options and errors as evaluate()'s. */
  permutationImportance(table: Table, options?: { rows?: ArrayLike<number>; rounds?: number; metric?: string; repeats?: number; seed?: number;
    weight?: string; target?: string; baseMargin?: string | string[] }): PermutationImportance;
  /** How well the model predicts the table's rows (all, or `rows`) whose target is known, with its first `rounds`
   *  rounds (0: all). Rows with no target, or of a class the model was not trained on, are counted and left out; each
   *  row counts once, or by its sample weight in column `weight` (checked on the rows asked as training checks it:
   *  WEIGHT_NOT_NUMERIC, WEIGHT_MISSING, WEIGHT_NEGATIVE with line and column; WEIGHT_ALL_ZERO when the rows scored
   *  weigh nothing; UNKNOWN_COLUMN when there is no such column). The true values are in column `target`, by default
   *  the model's own target (name it for an XGBoost model saved by XGBoost, whose file has none). Throws UNKNOWN_COLUMN
   *  without the target column (with the closest name), TARGET_NOT_NUMERIC
   *  (with line and column) for text in a number model's target, TARGET_MISSING when no row can be scored,
   *  TOO_MANY_CLASSES past 1,000 classes,
   *  NOT_FOR_RANKING for a ranking model. */
  evaluate(table: Table, options?: { rows?: ArrayLike<number>; rounds?: number; points?: number; weight?: string; target?: string;
    /** Each row's starting margin (a column, or one a model output), as a model trained with baseMargin needs. */
    baseMargin?: string | string[]; }): Evaluation;
  /** TreeSHAP's work for one row, in path steps (each tree's leaves times its depth squared, summed): about 1e9 take a
   *  second on one core. A 100-tree depth-6 booster costs ~3e5 a row; a 100-tree deep forest billions. */
  contributionsCost(): number;
  /** The values the model reads from the table's rows (all, or `rows` in that order): rows x features, row-major, in
   *  summary().features order; NaN for missing, a category as its index in that feature's levels. */
  featureValues(table: Table, options?: { rows?: ArrayLike<number> }): Float32Array;
  /** rows x features values, row-major (NaN: missing; categorical features as level codes: a code no split lists, past
   *  the levels or negative, goes where a level the model never saw goes, and a fraction is cut to its whole part, as in
   *  XGBoost's predictor). */
  predictMatrix(values: Float32Array | Float64Array | readonly (number | null)[], rows: number, options?: PredictOptions): Float32Array;
  /** Per feature name; type defaults to 'gain'. */
  featureImportance(type?: 'weight' | 'gain' | 'cover' | 'total_gain' | 'total_cover'): Record<string, number>;
  /** The model file as an object: JSON.stringify(model) writes it. */
  toJSON(): object;
  /** The model file as text (what JSON.stringify(model) writes, without building the object). */
  toJSONString(): string;
  /** toJSONString()'s text in pieces (the model's fields, then one tree at a time), for a model whose JSON is longer
   *  than a string can hold: `new Blob([...model.jsonChunks()])` is the same file. */
  jsonChunks(): Generator<string>;
  /** The compact model file (.blm): the same model, read by loadModel() at memory speed with no more memory than the
   *  model takes, and written out of the engine a quarter megabyte at a time (the heap never holds the file beside the
   *  model). JSON stays the interchange format (other tools, hand reading). */
  toBinary(): Uint8Array;
  /** A model file as a Blob, for a page to download or a worker to post: 'blm' (default) toBinary()'s bytes,
   *  'xgboost-json' toXGBoostJSON()'s text, 'xgboost-ubj' toXGBoostUBJ()'s bytes. Built from the engine's pieces, a
   *  quarter megabyte (XGBoost's: a tree) at a time, without a file-sized array or string first: a copy fewer than
   *  `new Blob([model.toBinary()])` (bench/RESULTS.md times both), and XGBoost files of models whose text is longer
   *  than a string or whose document is more than the heap can hold. */
  toBlob(format?: 'blm' | 'xgboost-json' | 'xgboost-ubj'): Blob;
  /** Bytes the trees take in memory. */
  memoryBytes(): number;
  /** The model of its first `rounds` rounds, a new Model (XGBoost's `booster[:rounds]`): it predicts what
   *  `predict(data, { rounds })` does here, and its files (`toJSONString()`, `toXGBoostJSON()`, ...) are that model's,
   *  with no best round kept. Throws BAD_ARGUMENT unless 1 <= rounds <= the model's rounds. */
  firstRounds(rounds: number): Model;
  /** The model in XGBoost's JSON format: `xgboost.Booster().load_model()` (1.7 to 3.x) reads it and predicts our
   *  margins. Throws BoostLabError XGBOOST_UNSUPPORTED for a model with no XGBoost form (AdaBoost.R2). A model whose
   *  text is longer than a string can hold (a forest of hundreds of MB): `toBlob('xgboost-json')`. */
  toXGBoostJSON(): string;
  /** The same model as XGBoost's UBJSON (.ubj, what XGBoost 2.1 and later save by default): the tree columns as typed
   *  arrays of XGBoost's own types. loadModel() reads .ubj files too (give it the bytes, not text). */
  toXGBoostUBJ(): Uint8Array;
  /** A runnable Python script that reads the CSV as BoostLab did, loads this model saved from toXGBoostJSON() and
   *  continues training it with XGBoost on Dask or Spark, printing the validation metric before and after and saving
   *  the result as XGBoost JSON (which loadModel reads). BAD_OPTION names a wrong option; XGBOOST_UNSUPPORTED a model
   *  XGBoost cannot continue (AdaBoost.R2, a multiclass forest). */
  scaleOutScript(options: ScaleOutOptions): string;
  /** toJSON() without the trees, plus num_trees and trees_per_round: cheap for a model of any size. */
  summary(): { num_trees: number; trees_per_round: number; num_outputs: number; target: string; classes: string[]; objective: string;
    /** f0 per output: every tree sum starts here. */
    base_margin: number[];
    features: { name: string; type: 'numeric' | 'categorical'; levels?: string[] }[]; params: Params; [key: string]: unknown };
  /** Tree i as in toJSON().trees: per node left, right, feature, threshold, default_left, value, gain, cover (H, the sum of
   *  hessians), categories, and for boosted trees sum_grad (G, the sum of gradients; absent for forests and older files). */
  tree(i: number): object;
  dispose(): void;
  /** dispose(), for `using` (TypeScript 5.2+, lib esnext.disposable). */
  [Symbol.dispose](): void;
}

/** One leaf of a boosted round's tree, over the training rows the round fit. */
export interface RoundLeaf {
  /** Index of the tree in the model (model.tree(i)), and of the leaf node in it. */
  tree: number;
  node: number;
  rows: number;
  /** The rows' sample weights summed (rows, when unweighted). */
  weight: number;
  /** G and H: the loss's gradients and hessians summed over the rows. */
  sumGrad: number;
  sumHess: number;
  /** The plain mean of the rows' pseudo-residuals r = -g: -G / weight. */
  mean: number;
  /** The value the leaf took before eta: xgboost's w* = -G/(H+lambda); gbdt's line-search gamma (mean, median, Newton step). */
  step: number;
}

/** Per-row arrays hold every data row (row-major, `outputs` values a row for grad and hess); validation rows
 *  and rows the round left out hold 0. */
export interface RoundStatistics {
  /** 1-based; 0 before the first round. */
  round: number;
  outputs: number;
  kind: '' | 'gradients' | 'weights' | 'bootstrap' | 'gbrank';
  /** xgboost, gbdt: the loss's g and h at the previous round's margins, times each row's sample weight. gbrank: minus
   *  the sum of the row's regression targets this round, and their count. */
  grad?: Float32Array;
  hess?: Float32Array;
  /** adaboost: u, the weights the round's tree was fit with (summing to 1 over training rows). */
  weight?: Float64Array;
  /** random_forest: times the bootstrap drew each row (0: out of bag); adaboost with sampling 'resample': times drawn. */
  drawn?: Uint32Array;
  /** xgboost, gbdt: every leaf of the round's trees. */
  leaves: RoundLeaf[];
  /** random_forest: the features each split of the round's tree drew (√p of p by default, in the order drawn)
   *  before it chose its split, by node (0-based feature indices, summary().features order). */
  tried: { node: number; features: number[] }[];
  /** gbdt with step 'tree_line_search': alpha_t per output, the least-squares weight of the residuals on the tree of
   *  plain means (each leaf's step is alpha_t * mean). Empty otherwise. */
  treeAlpha: number[];
  /** gbrank: the pairs the round learnt from (ordered wrongly, or within tau), two 0-based rows each, the more relevant
   *  first; query by query. Each leaf's mean and step are the regression tree g_k's value there. */
  pairs?: Uint32Array;
  /** gbrank: pairs of different relevance in the training queries. */
  pairCount?: number;
  /** gbrank: h_k = keep * h_{k-1} + add * g_k, keep = k/(k+1), add = eta/(k+1). */
  blend?: { keep: number; add: number };
}

export interface CvOptions {
  /** Folds (default 5), and whether classes are dealt evenly to them (default true). */
  nfold?: number;
  stratified?: boolean;
  /** Seed of the shuffle that makes the folds (default 0). */
  seed?: number;
  /** Folds in the file's order, as scikit-learn's TimeSeriesSplit: the last nfold blocks of rows (whole queries for
   *  ranking), each tested by a model trained on every row before it, none after (default false; stratified and seed
   *  then do not apply). For rows in time order: a random fold learns from the future of the rows it is scored on. */
  timeSeries?: boolean;
  /** The 0-based rows to cross-validate (default every row): the folds are made of these only, and the other rows take
   *  no part (a test set kept out of a search's cross-validation). */
  rows?: ArrayLike<number>;
  /** The folds given, instead of nfold, stratified, seed and timeSeries: each the test rows (0-based; the other rows
   *  train), or { train, test } rows, as xgb.cv's (in, out) index pairs. */
  folds?: (ArrayLike<number> | { train: ArrayLike<number>; test: ArrayLike<number> })[];
  /** After every round: each metric's mean and std over the folds. */
  onRound?: (round: CvRound) => void | Promise<void>;
  /** Aborting rejects with BoostLabError ABORTED (the folds' partial means are onRound's); train() and tune() return
   *  what was done instead, as a model or trials marked aborted. */
  signal?: AbortSignal;
}

/** A searched parameter: drawn uniformly from [min, max] (on a log scale with log: true; whole numbers for a whole-number
 *  parameter), or one of a list of values. */
export type TuneRange = { min: number; max: number; log?: boolean } | number[];

export interface TuneOptions {
  /** The parameters searched, e.g. { eta: { min: 0.01, max: 0.3, log: true }, max_depth: { min: 2, max: 10 } }. */
  space: Record<string, TuneRange>;
  /** Trials (default 20; at most 1000), the first of them `params` as given. */
  trials?: number;
  /** 'cv' (default): k-fold cross-validation over every row, as cv(); 'validation': the dataset options' validation rows. */
  by?: 'cv' | 'validation';
  /** Cross-validation's folds (default 3), whether classes are dealt evenly to them (default true), and whether they
   *  are cut in the file's order, each trained on the rows before it (timeSeries, as cv()'s; default false). */
  nfold?: number;
  stratified?: boolean;
  timeSeries?: boolean;
  /** The rows cross-validated (default every row), as cv()'s: keep a test set out of the search. */
  rows?: ArrayLike<number>;
  /** Seed of the draws and of the folds (default 0). */
  seed?: number;
  /** Successive halving (scikit-learn's HalvingRandomSearchCV, rows as the resource): every trial is scored on a few of
   *  the rows, the best 1/factor of them again on factor times as many, until the last rung scores those left on all
   *  the rows (the cross-validated rows, or the training rows with by: 'validation'); trial 1 goes on to every rung
   *  beside them, the yardstick. The rungs' rows are nested, a seeded
   *  draw (each class's share in every rung; whole queries for ranking; the latest rows for timeSeries). true takes
   *  factor 3 and minRows 100 (the first rung's fewest rows: fewer rows allow fewer rungs). Default false. */
  halving?: boolean | { factor?: number; minRows?: number };
  /** An earlier result of this same search (space, seed, parameters, options; without halving): its trials are kept and
   *  the draws go on after them up to `trials` in all (Optuna's optimize called again). Refused, before anything trains,
   *  when its `search` (the table, dataset options, parameters, space, seed and options it ran with) is not this one's, or
   *  its trials' values are not this search's draws. */
  resume?: Pick<TuneResult, 'trials' | 'metric' | 'largerIsBetter'> & { by?: 'cv' | 'validation'; search?: Record<string, string> };
  /** After each trial (with halving: each trial each rung): that trial, the best so far, and the metric scored (larger or smaller is better). */
  /** With halving, scored.rungs is the plan: each rung's rows and how many trials it scores (a rung not reached yet: how
   *  many of the best go on to it; trial 1 joins them when not among them). */
  onTrial?: (trial: TuneTrial, best: TuneTrial, scored: { metric: string; largerIsBetter: boolean; rungs?: { rows: number; trials: number }[] }) => void | Promise<void>;
  /** After each round of a trial (all its folds'): the trial's number and the round, for a progress line. */
  onRound?: (trial: number, round: number) => void | Promise<void>;
  signal?: AbortSignal;
}

export interface PermutationImportance {
  /** The metric scored, and its value on the rows as they are. */
  metric: string;
  baseline: number;
  /** Rows scored (those with a target the model can score). */
  rows: number;
  /** The model's features in its order: each repeat's drop (the metric worse by it), their mean and standard deviation. */
  features: { name: string; drops: Float64Array; mean: number; std: number }[];
}

export interface TuneTrial {
  /** 1-based; trial 1 is the parameters as given. */
  trial: number;
  /** The parameters to train this trial's model with: the given ones and the drawn ones, rounds set to its best round. */
  params: Params;
  /** The searched parameters' values in this trial (the default where trial 1 leaves one out). */
  searched: Record<string, number>;
  bestRound: number;
  /** Rounds trained before early stopping ended the trial. */
  roundsTrained: number;
  /** The watched metric at the best round: cross-validation's mean over the folds, or the validation rows'. NaN when
   *  the trial failed (see error). */
  value: number;
  /** Its standard deviation over the folds (null when scored on the validation rows). */
  std: number | null;
  /** Seconds it took (with halving: in all its rungs). */
  seconds: number;
  /** With halving: the rows it was last scored on, and that rung (1-based); its other fields are that rung's. */
  rows?: number;
  rung?: number;
  /** Set when the engine refused this trial's settings (a combination such as max_depth 0 without lossguide, a model
   *  past the size limit, a heap too small, margins that overflow): the search went on without it, as scikit-learn's
   *  error_score=nan (its value NaN, bestRound 0, params as tried). Trial 1 failing ends the search instead. */
  error?: { code: string; message: string };
}

export interface TuneResult {
  /** In trial order, each trial's last score (with halving, from the last rung it reached). */
  trials: TuneTrial[];
  /** The trial with the best value (with halving: of the last rung reached; null when aborted before the first ended). */
  best: TuneTrial | null;
  /** The metric scored (the last of eval_metric, as early stopping watches it), and whether larger is better. */
  metric: string;
  largerIsBetter: boolean;
  by: 'cv' | 'validation';
  aborted: boolean;
  /** Each searched parameter's share of what the trials' scores hang on (they sum to 1; Optuna's mean decrease in
   *  impurity): a random forest fit to the trials, each parameter's share of its total gain. With halving, of the first
   *  rung's scores (all trials on the same rows). Rough with few trials; null under 4. */
  importance: Record<string, number> | null;
  /** What the search was, part by part (digests of the table, dataset options, parameters, space, seed, scoring and
   *  folds): resume compares it. */
  search: Record<string, string>;
  /** With halving: each rung's rows, the trials it scored in the order scored (a later rung's best of the rung before
   *  first, trial 1 last when it joins them), and their values there (scikit-learn's cv_results_ keeps a row a trial a
   *  rung; `trials` keeps each trial's last). */
  rungs?: { rows: number; trials: number[]; values: number[] }[];
}

export interface CvRound {
  round: number;
  train: Record<string, { mean: number; std: number }>;
  test: Record<string, { mean: number; std: number }>;
}

export interface CvResult {
  /** Rounds kept (the best round when early stopping stopped the folds), and the best round by the watched metric. */
  rounds: number;
  /** Rounds trained (past the best round by early_stopping_rounds when early stopping ended them). */
  trained: number;
  bestRound: number;
  /** The metric early stopping watches (the last one). */
  metric: string;
  /** As xgb.cv's columns: 'train-rmse-mean', 'train-rmse-std', 'test-rmse-mean', 'test-rmse-std', … one value a round. */
  history: Record<string, number[]>;
  /** The test rows of each fold. */
  folds: number[][];
  /** The training rows of each fold where they are not all the other rows (time-series or given { train, test } folds). */
  trainRows?: number[][];
}

/** One round per step(), for pages that step, pause and look inside. */
export class Trainer {
  /** Made by the package (init(), readCSV(), toDataset(), train(), loadModel(), …), never with new. */
  private constructor();
  readonly threads: number;
  readonly done: boolean;
  /** Bins the data one piece at a time: the share done (0 to 1), 1 once round 1 can start. step() prepares what is
   *  left first, so only callers that show binning's progress, or may stop it, need this. */
  prepare(): number;
  /** prepare() until binned, letting the event loop run every 8 ms: onProgress(share done) after each piece.
   *  Resolves true once binned, false when `signal` aborted first. */
  prepareAll(options?: { onProgress?: (done: number) => void | Promise<void>; signal?: AbortSignal }): Promise<boolean>;
  /** Trains one round (binning first if prepare() has not finished); once `done`, throws BoostLabError TRAINING_OVER. */
  step(): RoundReport;
  /** The model so far (with early stopping: cut back to the best round). */
  snapshot(info?: { aborted?: boolean }): Model;
  /** The same, moved out instead of copied; the trainer is done after it, and a second take() (or snapshot(),
   *  roundStatistics()) throws BoostLabError MODEL_TAKEN. `aborted` marks a model stopped early. */
  take(info?: { aborted?: boolean }): Model;
  /** AdaBoost: each row's sample weight u (0 for validation rows); empty for other algorithms. */
  sampleWeights(): Float64Array;
  /** Objective 'custom': the margins the next round starts from, of the training rows (or { valid: true } the validation
   *  rows), x outputs row by row; their labels; and the round's gradients and hessians, given before step() (a function
   *  as the objective does this itself). */
  margins(options?: { valid?: boolean }): Float32Array;
  labels(options?: { valid?: boolean }): Float32Array;
  setGradients(grad: ArrayLike<number>, hess: ArrayLike<number>): void;
  /** What the last round trained was fit to: the engine's own numbers, for teaching. */
  roundStatistics(): RoundStatistics;
  dispose(): void;
  /** dispose(), for `using` (TypeScript 5.2+, lib esnext.disposable). */
  [Symbol.dispose](): void;
}

export class BoostLab {
  /** Made by the package (init(), readCSV(), toDataset(), train(), loadModel(), …), never with new. */
  private constructor();
  readonly capabilities: { simd: boolean; threads: boolean; build: string };
  /** Errors: BoostLabError with code, line, column (BAD_OPTION for a bad delimiter or encoding). */
  readCSV(input: string | Uint8Array | ArrayBuffer, options?: CsvOptions): Table;
  readCsv(input: string | Uint8Array | ArrayBuffer, options?: CsvOptions): Table;
  /** Reads a CSV a chunk at a time, never holding its text whole (files larger than readCSV takes, up to what
   *  the heap holds). After the first megabyte the table's size is estimated; one the heap cannot hold is
   *  refused then (CSV_TOO_LARGE, naming the estimate and the limit). Aborting rejects with ABORTED and frees
   *  what was read. */
  /** A string is refused (BAD_ARGUMENT): it is a file's name or its text, not a source of chunks (readCSV takes text). */
  readCSVStream<S extends CsvSource>(source: S extends string ? never : S, options?: CsvStreamOptions): Promise<Table>;
  readCsvStream<S extends CsvSource>(source: S extends string ? never : S, options?: CsvStreamOptions): Promise<Table>;
  /** A Table without CSV text: numbers (typed arrays or (number|null)[], NaN/null missing) or text ((string|null)[]);
   *  names in `categorical` are read as text. BAD_ARGUMENT names a column of another length, a repeated name, an infinity. */
  fromColumns(columns: Record<string, Float32Array | Float64Array | Int32Array | (number | null)[] | (string | null)[]>,
    options?: { categorical?: string[] }): Table;
  /** A Table from a row-major matrix of rows x names.length numbers. */
  fromRows(values: Float32Array | Float64Array | number[], rows: number, names: string[], options?: { categorical?: string[] }): Table;
  train(data: Dataset, params?: Params, options?: TrainOptions): Promise<Model>;
  /** Trains a small made-up model and discards it, so V8 compiles the engine's hot code to its optimised tier
   *  before the first real training (in Chromium the first training of a page was 0.2-0.3 s slower on a small
   *  table). Yields between rounds; resolves with the seconds taken, early when `signal` aborts. */
  warmUp(options?: { signal?: AbortSignal }): Promise<number>;
  /** Checks params against the data (BAD_PARAM before any work); train with step(). */
  trainer(data: Dataset, params?: Params, options?: { initModel?: Model; metric?: CustomMetric }): Trainer;
  /** k-fold cross-validation, as XGBoost's xgb.cv: one model a fold, trained on the other folds and scored on it, the
   *  folds stepped round by round; each round's mean and standard deviation (population, as numpy) of every metric, train
   *  and test. Folds: whole queries for ranking, each class dealt evenly for classes (stratified, the default), else a
   *  seeded shuffle cut in nfold; or the test rows of each fold, given (to match another library's folds).
   *  params.early_stopping_rounds watches the test mean of the last metric; the history is then cut at the best round,
   *  as xgb.cv's. Each fold holds its own binned copy of the data. */
  cv(table: Table, datasetOptions: Omit<DatasetOptions, 'validRows' | 'validFraction'>, params?: Params, options?: CvOptions): Promise<CvResult>;
  /** Random search of the parameters, as scikit-learn's RandomizedSearchCV: each trial draws the parameters named in
   *  options.space from their ranges (the rest as `params` gives them), trains with early stopping
   *  (params.early_stopping_rounds, else 20) and scores the watched metric at its best round, by k-fold
   *  cross-validation (by 'cv', the default, 3 folds) or on the dataset's validation rows (by 'validation'). Trial 1 is
   *  `params` as given. The same seed draws the same trials. An abort ends the search after the trial under way, with
   *  the trials done and aborted: true. */
  tune(table: Table, datasetOptions: DatasetOptions, params: Params, options: TuneOptions): Promise<TuneResult>;
  /** A model file: our JSON or XGBoost's (as text, bytes or the parsed object; XGBoost 1.7 to 3.x gbtree, where
   *  XGBOOST_UNSUPPORTED names what this engine lacks: gblinear, dart, vector leaves, an objective, categories
   *  without names), XGBoost's UBJSON (.ubj, as bytes), or the compact file (toBinary()'s bytes), told apart by its
   *  first bytes. Throws BoostLabError MODEL_CORRUPT saying which field is wrong, MODEL_TOO_LARGE for a JSON or
   *  UBJSON file past what the JSON reader holds (the compact file has no such limit). */
  loadModel(file: string | object | Uint8Array | ArrayBuffer): Model;
  paramSchema(): ParamSpec[];
  /** WebAssembly heap size in bytes; it only grows, so after training it is the peak. */
  heapBytes(): number;
}

export interface InitOptions {
  /** true: require the threaded build; false: use SIMD only; default: threads when crossOriginIsolated (always in Node). */
  threads?: boolean;
  /** Browser only: the folder holding boostlab-web-*.mjs/.wasm, a URL or a path ('/boostlab/'), resolved against the
   *  page's address; in a worker against the worker script's (Vite's /assets/…), so there give a path from the site's root. */
  baseUrl?: string;
  /** Load this build by name (e.g. 'node-simd'); for tests and benchmarks. */
  build?: string;
}

/** Loads the engine. Rejects with ENGINE_NOT_FOUND when its files are not where baseUrl points, ENGINE_MISMATCH when
 *  they are of another version of the package than this JavaScript, NO_THREADS for threads: true on a page that
 *  cannot have them. Without threads: true or false, on a page that is not cross-origin isolated, one console.info
 *  says threads are off and why. */
export function init(options?: InitOptions): Promise<BoostLab>;

/** This package's version; its engine files must be of the same. */
export const VERSION: string;
