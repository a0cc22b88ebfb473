import type { ParamSpec } from '../../wasm/js/index.js';
import type { ParamValue } from './worker/messages';

// The whole setup in the URL hash, so a link reproduces a run: the data
// (a sample, toy data with its settings, or an uploaded file's name), the
// target and split, the algorithm and every parameter set by hand.
//   #data=toy:circles:400:0.1:0&target=y&task=auto&valid=0.2&seed=0&p.algorithm=adaboost&p.rounds=50&metric=logloss&log=1

export interface UrlState {
  data?: string;  // sample:<name> | toy:<kind>:<n>:<noise>:<seed> | file:<name>
  delimiter?: string;  // the file's delimiter when the user chose it (absent: detected)
  target?: string;
  task?: string;
  ignore?: string[];
  weight?: string;
  classWeights?: 'balanced';
  baseMargin?: string;
  group?: string;
  validFraction?: number;
  seed?: number;
  validSplit?: 'stratified' | 'last';  // (random: not written)
  params: Record<string, ParamValue>;
  metric?: string;  // the chart's metric and scale
  log?: boolean;
  lesson?: string;  // a lesson being walked (lessons/catalog.ts) and its step, 0-based here;
  step?: number;    // a link says it from 1, as the page does (at=3: "step 3 of 5")
}

// The hash the page last wrote or took in. A hash the address bar holds that is neither was put there by someone else
// (a link pasted into the tab) whose hashchange event has not come yet: writing the page's state then would put the old
// setup back over the link before the page had read it.
let known: string | null = null;

// The address bar's hash, seen: a hashchange's, taken by its handler (the page's writes go on from it).
export function acceptHash(hash = location.hash) {
  known = hash;
}

export function writeHash(s: UrlState) {
  if (known !== null && location.hash !== known) return;  // a link on its way in: its hashchange takes it
  const q = new URLSearchParams();
  if (s.data) q.set('data', s.data);
  if (s.delimiter && s.delimiter !== 'auto') q.set('delim', s.delimiter);
  if (s.target) q.set('target', s.target);
  if (s.task) q.set('task', s.task);
  if (s.ignore?.length) q.set('ignore', s.ignore.join(','));
  if (s.weight) q.set('weight', s.weight);
  if (s.classWeights) q.set('classes', s.classWeights);
  if (s.baseMargin) q.set('margin', s.baseMargin);
  if (s.group) q.set('group', s.group);
  if (s.validFraction !== undefined) q.set('valid', String(s.validFraction));
  if (s.seed !== undefined) q.set('seed', String(s.seed));
  if (s.validSplit) q.set('split', s.validSplit);
  for (const [k, v] of Object.entries(s.params)) q.set(`p.${k}`, String(v));
  if (s.metric) q.set('metric', s.metric);
  if (s.log) q.set('log', '1');
  if (s.lesson) {
    q.set('lesson', s.lesson);
    q.set('at', String((s.step ?? 0) + 1));
  }
  const hash = '#' + q.toString();
  if (location.hash !== hash) history.replaceState(null, '', hash);
  known = hash;
}

// What the page offers that a link may name (the select's values): anything
// else in a link falls back to the default, and readHash says so.
const TASKS = ['auto', 'regression', 'binary', 'multiclass'];
const DELIMITERS = ['auto', ',', ';', '\t', '|'];

export interface ReadHashResult extends UrlState {
  // One line per field the link held that the page cannot take ("task 'zzz'").
  dropped: string[];
}

// A step said from 1 in a link (at=), as the page's "step 3 of 5", to the 0-based index.
const stepFromOne = (n: number | undefined) => (n === undefined ? undefined : n - 1);

// A link is whatever someone typed or pasted: every field is checked here, where
// it is read, against what the page offers (samples: the sample datasets' keys;
// toyKinds: the toy data's kinds; schema: the engine's parameters). Names are
// looked up as own keys only: '__proto__' or 'constructor' name nothing.
// hash: the one to read (a hashchange's new URL's), else the address bar's.
export function readHash(schema: readonly ParamSpec[], samples: readonly string[], toyKinds: readonly string[], lessons: readonly string[] = [],
  hash = location.hash): ReadHashResult {
  const q = new URLSearchParams(hash.slice(1));
  const dropped: string[] = [];
  const quoted = (v: string) => `'${v.length > 40 ? v.slice(0, 40) + '…' : v}'`;
  const specs = new Map(schema.map((p) => [p.name, p]));
  const params: Record<string, ParamValue> = {};
  for (const [k, v] of q) {
    if (!k.startsWith('p.')) continue;
    const name = k.slice(2);
    const spec = specs.get(name);
    if (!spec) { dropped.push(`parameter ${quoted(name)}`); continue; }
    if (spec.type === 'string') {
      if (spec.choices?.length && !spec.choices.includes(v)) { dropped.push(`${name} ${quoted(v)}`); continue; }
      params[name] = v;
    } else if (spec.list && v.includes(',')) {
      // A list (several quantile_alpha), as the link wrote it: 0.1,0.5,0.9.
      const items = v.split(',').map(Number);
      if (items.some((n) => !Number.isFinite(n))) { dropped.push(`${name} ${quoted(v)}`); continue; }
      params[name] = items;
    } else {
      // Numbers stay numbers so the form flags a value out of range where it is shown.
      const n = Number(v);
      if (v.trim() === '' || !Number.isFinite(n)) { dropped.push(`${name} ${quoted(v)}`); continue; }
      params[name] = n;
    }
  }
  const number = (k: string, ok: (n: number) => boolean) => {
    const v = q.get(k);
    if (v === null) return undefined;
    const n = Number(v);
    if (v.trim() !== '' && Number.isFinite(n) && ok(n)) return n;
    dropped.push(`${k} ${quoted(v)}`);
    return undefined;
  };
  const oneOf = (k: string, values: readonly string[]) => {
    const v = q.get(k);
    if (v === null || values.includes(v)) return v ?? undefined;
    dropped.push(`${k} ${quoted(v)}`);
    return undefined;
  };
  return {
    data: dataSource(q.get('data'), samples, toyKinds, (what) => dropped.push(what)),
    delimiter: oneOf('delim', DELIMITERS),
    target: q.get('target') ?? undefined,
    task: oneOf('task', TASKS),
    ignore: q.get('ignore')?.split(',').filter(Boolean),
    weight: q.get('weight') ?? undefined,
    classWeights: oneOf('classes', ['balanced'] as const) as 'balanced' | undefined,
    baseMargin: q.get('margin') ?? undefined,
    group: q.get('group') ?? undefined,
    validFraction: number('valid', (n) => n >= 0 && n <= 0.9),
    seed: number('seed', (n) => Number.isSafeInteger(n) && n >= 0),
    validSplit: q.get('split') === 'stratified' ? 'stratified' : q.get('split') === 'last' ? 'last' : undefined,
    params,
    metric: q.get('metric') ?? undefined,
    log: q.get('log') === '1',
    lesson: oneOf('lesson', lessons),
    // at= counts from 1, as the page's "step 3 of 5"; step=, the links written before it, from 0.
    step: q.has('at') ? stepFromOne(number('at', (n) => Number.isInteger(n) && n >= 1 && n <= 100))
      : number('step', (n) => Number.isInteger(n) && n >= 0 && n < 100),
    dropped,
  };
}

// sample:<key> | toy:<kind>:<n>:<noise>:<seed> | file:<name>, each part in
// the range the page's own controls allow; undefined (the default sample) otherwise.
function dataSource(v: string | null, samples: readonly string[], toyKinds: readonly string[], drop: (what: string) => void) {
  if (v === null) return undefined;
  const [kind, key, n, noise, seed] = v.split(':');
  const inRange = (text: string | undefined, lo: number, hi: number, whole: boolean) => {
    if (text === undefined) return true;  // the control's default
    const x = Number(text);
    return text.trim() !== '' && Number.isFinite(x) && x >= lo && x <= hi && (!whole || Number.isInteger(x));
  };
  if (kind === 'file' && v.length > 'file:'.length) return v;
  if (kind === 'sample' && samples.includes(key)) return v;
  if (kind === 'toy' && toyKinds.includes(key) && inRange(n, 20, 20000, true) && inRange(noise, 0, 1, false) &&
      inRange(seed, 0, Number.MAX_SAFE_INTEGER, true)) return v;
  drop(`data '${v.length > 40 ? v.slice(0, 40) + '…' : v}'`);
  return undefined;
}
