// The messages between the page and the training worker.
import type { ColumnSummary, ParamSpec, RoundReport } from '../../../wasm/js/index.js';

export interface TrainRequest {
  target: string;
  task: string;
  ignore: string[];
  validFraction: number;
  seed: number;
  params: Record<string, number | string>;
}

export type ToWorker =
  | { type: 'init'; baseUrl: string }
  | { type: 'load'; name: string; bytes: ArrayBuffer }
  | { type: 'train'; request: TrainRequest }
  | { type: 'stop' };

export interface ErrorInfo {
  code: string;
  message: string;
  line: number;
  column: number;
}

export type FromWorker =
  | { type: 'ready'; capabilities: { simd: boolean; threads: boolean; build: string }; schema: ParamSpec[]; crossOriginIsolated: boolean }
  | { type: 'table'; name: string; rows: number; columns: ColumnSummary[] }
  | { type: 'round'; report: RoundReport; rounds: number }
  | { type: 'done'; trees: number; aborted: boolean }
  | { type: 'error'; during: 'init' | 'load' | 'train'; error: ErrorInfo };
