// The messages between the page and the training worker.
import type { ColumnSummary, ParamSpec, RoundReport } from '../../../wasm/js/index.js';
import type { ShapData } from '../ui/shap-view';

export interface TrainRequest {
  target: string;
  task: string;
  ignore: string[];
  weight: string;  // '' for none
  validFraction: number;
  seed: number;
  params: Record<string, number | string>;
}

// A prediction surface for 2-D data: an n x n grid over [x0, x1] x [y0, y1].
export interface SurfaceRequest {
  x: [number, number];
  y: [number, number];
  n: number;
}

export type ToWorker =
  | { type: 'init'; baseUrl: string }
  | { type: 'load'; name: string; bytes: ArrayBuffer; delimiter: string }  // 'auto' or the character
  // mode 'step' trains one round and pauses; 'play' runs to the end.
  // token: the page's name for this run; every reply about the run carries it.
  | { type: 'train'; token: number; request: TrainRequest; mode: 'play' | 'step'; surface?: SurfaceRequest }
  | { type: 'play' }
  | { type: 'pause' }
  | { type: 'step' }
  | { type: 'stop' }
  | { type: 'reset'; token: number }
  | { type: 'tree'; index: number }
  | { type: 'importance'; importance: string }
  | { type: 'export'; what: 'model' | 'predictions' | 'xgboost' | 'valid-rows' }
  // The "continue at scale" script; files: the names the script finds the CSV, model and rows under.
  | { type: 'scale-out'; engine: 'dask' | 'spark'; rounds: number; files: { csv: string; model: string; validRows: string; output: string } }
  | { type: 'load-model'; name: string; text: string }
  // SHAP values: 'summary' for up to maxRows validation rows (the first rows when none were held out), 'row' for one.
  | { type: 'shap'; purpose: 'summary' | 'row'; row: number; maxRows: number };

export interface ErrorInfo {
  code: string;
  message: string;
  line: number;
  column: number;
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
  params: { eta: number; lambda: number; gamma: number; alpha: number; max_delta_step: number };
}

export type FromWorker =
  | { type: 'ready'; capabilities: { simd: boolean; threads: boolean; build: string }; schema: ParamSpec[]; crossOriginIsolated: boolean }
  | { type: 'table'; name: string; rows: number; columns: ColumnSummary[]; dialect: { delimiter: string; encoding: string; notes: string[] } }
  // The trainer accepted the data and parameters: the run exists from here on.
  | { type: 'started'; token: number; rounds: number }
  | { type: 'round'; token: number; report: RoundReport; rounds: number; surface?: Float32Array; width?: number; weights?: Float64Array; predictions?: Float32Array }
  | { type: 'paused'; token: number }
  | { type: 'reset'; token: number }
  | { type: 'done'; token: number; trees: number; aborted: boolean; model: ModelInfo }
  | { type: 'tree'; index: number; tree: TreeJson | null; model: ModelInfo }
  | { type: 'importance'; importance: string; values: Record<string, number> }
  | { type: 'export'; what: 'model' | 'predictions' | 'xgboost' | 'valid-rows' | 'scale-out'; text: string }
  | { type: 'model-loaded'; name: string; model: ModelInfo }
  | { type: 'shap'; purpose: 'summary' | 'row'; data: ShapData | null; error: string }
  | { type: 'error'; during: 'init' | 'load' | 'train' | 'model' | 'inspect'; error: ErrorInfo; token?: number };
