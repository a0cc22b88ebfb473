// Presets: runs started one after another with set parameters, for the
// comparisons the source material draws. Their models stay in the worker
// for the side-by-side panel.
export interface QueuedRun {
  algorithm: string;
  typed: Record<string, string>;  // parameters as if typed (the rest at their defaults)
}

export type PresetName = 'four' | 'adaboost-exponential';

export const PRESET_LABELS: Record<PresetName, string> = {
  'four': 'the four algorithms',
  'adaboost-exponential': 'AdaBoost beside gradient boosting on the exponential loss',
};

// rounds: the rounds typed (or the default); binary: the target has two classes.
export function presetRuns(name: PresetName, rounds: string, seed: string | undefined): QueuedRun[] {
  const common: Record<string, string> = { rounds, ...(seed !== undefined ? { seed } : {}) };
  if (name === 'four') return ['xgboost', 'gbdt', 'adaboost', 'random_forest'].map((algorithm) => ({ algorithm, typed: { ...common } }));
  // Friedman, Hastie & Tibshirani (2000): AdaBoost is forward stagewise fitting of the exponential
  // loss. The same stumps and steps of 1, fit as gradient boosting with that loss, side by side.
  return [
    { algorithm: 'adaboost', typed: { ...common, max_depth: '1', eta: '1' } },
    { algorithm: 'gbdt', typed: { ...common, max_depth: '1', eta: '1', objective: 'binary:exponential' } },
  ];
}
