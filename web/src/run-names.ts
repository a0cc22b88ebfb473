// A run's name says what differs from the run before it on the same data, so
// a chart of five runs reads as an experiment: "Run 3: eta 0.1 (was 0.3)".
import type { ParamSpec } from '../../wasm/js/index.js';
import type { DataChoice } from './state';

const ALGORITHM_NAMES: Record<string, string> = {
  xgboost: 'XGBoost-style', gbdt: 'gradient boosting', adaboost: 'AdaBoost', random_forest: 'random forest', gbrank: 'GBRank',
};
export const algorithmName = (a: string) => ALGORITHM_NAMES[a] ?? a;

// The value a run used: what was set, else the algorithm's default.
function valueOf(params: Record<string, number | string>, spec: ParamSpec | undefined, name: string) {
  if (name in params) return String(params[name]);
  const algorithm = String(params.algorithm ?? 'xgboost');
  const d = spec?.algorithmDefaults?.[algorithm] ?? spec?.default;
  return d === null || d === undefined || d === '' ? 'automatic' : String(d);
}

const CHOICE_NAMES: Record<keyof DataChoice, string> = {
  target: 'target', task: 'task', ignore: 'ignoring', weight: 'weights', group: 'queries', validFraction: 'validation', seed: 'split seed',
};

export function runLabel(schema: ParamSpec[], params: Record<string, number | string>, choice: DataChoice,
  previous?: { params: Record<string, number | string>; choice: DataChoice }): string {
  const algorithm = String(params.algorithm ?? 'xgboost');
  const setByHand = Object.entries(params).filter(([k]) => k !== 'algorithm').map(([k, v]) => `${k} ${v}`);
  if (!previous || String(previous.params.algorithm ?? 'xgboost') !== algorithm)
    return [algorithmName(algorithm), ...setByHand].join(', ');
  const specs = new Map(schema.map((s) => [s.name, s]));
  const changed: string[] = [];
  for (const name of new Set([...Object.keys(previous.params), ...Object.keys(params)])) {
    if (name === 'algorithm') continue;
    const now = valueOf(params, specs.get(name), name), was = valueOf(previous.params, specs.get(name), name);
    if (now !== was) changed.push(`${name} ${now} (was ${was})`);
  }
  for (const key of Object.keys(CHOICE_NAMES) as (keyof DataChoice)[]) {
    const show = (v: DataChoice[typeof key]) => (Array.isArray(v) ? v.join(', ') || 'none' : String(v) || 'none');
    if (show(choice[key]) !== show(previous.choice[key])) changed.push(`${CHOICE_NAMES[key]} ${show(choice[key])} (was ${show(previous.choice[key])})`);
  }
  return changed.length ? changed.join(', ') : `${algorithmName(algorithm)}, the same settings again`;
}
