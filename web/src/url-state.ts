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
  group?: string;
  validFraction?: number;
  seed?: number;
  params: Record<string, number | string>;
  metric?: string;  // the chart's metric and scale
  log?: boolean;
}

export function writeHash(s: UrlState) {
  const q = new URLSearchParams();
  if (s.data) q.set('data', s.data);
  if (s.delimiter && s.delimiter !== 'auto') q.set('delim', s.delimiter);
  if (s.target) q.set('target', s.target);
  if (s.task) q.set('task', s.task);
  if (s.ignore?.length) q.set('ignore', s.ignore.join(','));
  if (s.weight) q.set('weight', s.weight);
  if (s.group) q.set('group', s.group);
  if (s.validFraction !== undefined) q.set('valid', String(s.validFraction));
  if (s.seed !== undefined) q.set('seed', String(s.seed));
  for (const [k, v] of Object.entries(s.params)) q.set(`p.${k}`, String(v));
  if (s.metric) q.set('metric', s.metric);
  if (s.log) q.set('log', '1');
  const hash = '#' + q.toString();
  if (location.hash !== hash) history.replaceState(null, '', hash);
}

export function readHash(schemaTypes: Record<string, string>): UrlState {
  const q = new URLSearchParams(location.hash.slice(1));
  const params: Record<string, number | string> = {};
  for (const [k, v] of q) {
    if (!k.startsWith('p.')) continue;
    const name = k.slice(2);
    // Numbers stay numbers so the core checks their range, not their type.
    params[name] = schemaTypes[name] === 'string' || schemaTypes[name] === undefined ? v : Number(v);
  }
  const num = (k: string) => (q.has(k) ? Number(q.get(k)) : undefined);
  return {
    data: q.get('data') ?? undefined,
    delimiter: q.get('delim') ?? undefined,
    target: q.get('target') ?? undefined,
    task: q.get('task') ?? undefined,
    ignore: q.get('ignore')?.split(',').filter(Boolean),
    weight: q.get('weight') ?? undefined,
    group: q.get('group') ?? undefined,
    validFraction: num('valid'),
    seed: num('seed'),
    params,
    metric: q.get('metric') ?? undefined,
    log: q.get('log') === '1',
  };
}
