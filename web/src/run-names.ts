// A run's name says what differs from the run before it on the same data, so
// a chart of five runs reads as an experiment: "Run 3: eta 0.1 (was 0.3)".
import type { ParamSpec } from '../../wasm/js/index.js';
import type { DataChoice } from './state';
import type { ParamValue } from './worker/messages';

const ALGORITHM_NAMES: Record<string, string> = {
  xgboost: 'XGBoost-style', gbdt: 'gradient boosting', adaboost: 'AdaBoost', random_forest: 'random forest', gbrank: 'GBRank',
};
export const algorithmName = (a: string) => ALGORITHM_NAMES[a] ?? a;

// The value a run used: what was set, else the algorithm's default.
function valueOf(params: Record<string, ParamValue>, spec: ParamSpec | undefined, name: string) {
  if (name in params) return String(params[name]);
  const algorithm = String(params.algorithm ?? 'xgboost');
  const d = spec?.algorithmDefaults?.[algorithm] ?? spec?.default;
  return d === null || d === undefined || d === '' ? 'automatic' : String(d);
}

const CHOICE_NAMES: Record<keyof DataChoice, string> = {
  target: 'target', task: 'task', ignore: 'ignoring', weight: 'weights', classWeights: 'class weights', baseMargin: 'starting scores', group: 'queries', validFraction: 'validation', seed: 'split seed', validSplit: 'validation rows',
};

type Settings = { params: Record<string, ParamValue>; choice: DataChoice };

// What differs between two runs' settings, each as "eta 0.1 (was 0.3)". A
// change of algorithm is one entry (its parameters' defaults differ anyway).
export function settingChanges(schema: ParamSpec[], now: Settings, was: Settings): string[] {
  const algorithm = String(now.params.algorithm ?? 'xgboost'), before = String(was.params.algorithm ?? 'xgboost');
  const changed: string[] = [];
  if (algorithm !== before) {
    changed.push(`algorithm ${algorithmName(algorithm)} (was ${algorithmName(before)})`);
  } else {
    const specs = new Map(schema.map((s) => [s.name, s]));
    for (const name of new Set([...Object.keys(was.params), ...Object.keys(now.params)])) {
      if (name === 'algorithm') continue;
      const v = valueOf(now.params, specs.get(name), name), w = valueOf(was.params, specs.get(name), name);
      if (v !== w) changed.push(`${name} ${v} (was ${w})`);
    }
  }
  for (const key of Object.keys(CHOICE_NAMES) as (keyof DataChoice)[]) {
    const show = (v: DataChoice[typeof key]) => (Array.isArray(v) ? v.join(', ') || 'none' : String(v ?? '') || 'none');
    if (show(now.choice[key]) !== show(was.choice[key])) changed.push(`${CHOICE_NAMES[key]} ${show(now.choice[key])} (was ${show(was.choice[key])})`);
  }
  return changed;
}

export function runLabel(schema: ParamSpec[], params: Record<string, ParamValue>, choice: DataChoice,
  previous?: Settings): string {
  const algorithm = String(params.algorithm ?? 'xgboost');
  const setByHand = Object.entries(params).filter(([k]) => k !== 'algorithm').map(([k, v]) => `${k} ${v}`);
  if (!previous || String(previous.params.algorithm ?? 'xgboost') !== algorithm)
    return [algorithmName(algorithm), ...setByHand].join(', ');
  const changed = settingChanges(schema, { params, choice }, previous);
  return changed.length ? changed.join(', ') : `${algorithmName(algorithm)}, the same settings again`;
}
