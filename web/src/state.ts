// The page's only mutable state.
import type { ColumnSummary, ParamSpec } from '../../wasm/js/index.js';

export interface AppState {
  datasetName: string;
  rows: number;
  columns: ColumnSummary[];
  target: string;
  task: string;
  ignore: string[];
  weight: string;
  validFraction: number;
  seed: number;
  algorithm: string;
  params: Record<string, number | string>;
  schema: ParamSpec[];
  training: boolean;
}

export const state: AppState = {
  datasetName: '',
  rows: 0,
  columns: [],
  target: '',
  task: 'auto',
  ignore: [],
  weight: '',
  validFraction: 0.2,
  seed: 0,
  algorithm: 'xgboost',
  params: {},
  schema: [],
  training: false,
};
