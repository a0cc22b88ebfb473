// Partial dependence of a model on one feature: rows of the table with only
// that feature moved across its values, predicted; each row's line
// (individual conditional expectation) and their mean. With a monotone
// constraint on the feature every row's line keeps the constraint's direction,
// not only the mean. A categorical feature is moved across its commonest
// levels among the rows, ordered by the mean prediction (categories have no
// order of their own).
import { BoostLabError, type Model, type Table } from '../../../wasm/js/index.js';
import type { DependenceData } from './messages';
import { outputName, quantilesOf } from '../output-names';

const POINTS = 33;        // values the feature is moved across
const LINES = 24;         // rows whose own line is drawn
const MOST_VALUES = 4e6;  // floats in the matrix predicted (rows x points x features)
const LEVELS = 24;        // a categorical feature's levels shown: the commonest among the rows

// The direction a model's monotone_constraints give a feature: by name
// ({"age": 1}) or by position ((1,0,-1) or [1,0,-1]).
export function constraintOf(text: string | undefined, features: string[], feature: string): number {
  if (!text) return 0;
  let parsed: unknown;
  try {
    parsed = JSON.parse(text.trim().replace(/^\((.*)\)$/s, '[$1]'));
  } catch {
    return 0;
  }
  if (Array.isArray(parsed)) return Number(parsed[features.indexOf(feature)] ?? 0) || 0;
  if (parsed && typeof parsed === 'object') return Number((parsed as Record<string, unknown>)[feature] ?? 0) || 0;
  return 0;
}

// rows: the rows to move (the run's held-out rows, else the table's first).
export function partialDependence(m: Model, table: Table, rows: ArrayLike<number>, feature: string, output: number): DependenceData {
  const s = m.summary();
  const names = s.features.map((x) => x.name);
  const f = names.indexOf(feature);
  if (f < 0) throw new BoostLabError({ code: 'BAD_ARGUMENT', message: `The model has no feature '${feature}'.` });
  const categorical = s.features[f].type !== 'numeric';
  const p = names.length;
  const n = Math.max(1, Math.min(rows.length, Math.floor(MOST_VALUES / (POINTS * p))));
  const picked = Array.from({ length: n }, (_, i) => rows[Math.floor((i * rows.length) / n)]);
  const values = m.featureValues(table, { rows: picked });
  // The feature's values among the rows, from the 2nd to the 98th percentile (every value when there are few);
  // a category's commonest levels (codes into the model's levels).
  const seen = Array.from(new Set(picked.map((_, i) => values[i * p + f]).filter((v) => Number.isFinite(v)))).sort((a, b) => a - b);
  if (seen.length < 2) throw new BoostLabError({ code: 'BAD_ARGUMENT', message: `'${feature}' takes ${seen.length ? 'one value' : 'no value'} on these rows: there is ${categorical ? 'nothing to compare' : 'no line to draw'}.` });
  const counts = new Map<number, number>();
  if (categorical) for (let i = 0; i < picked.length; i++) { const v = values[i * p + f]; if (Number.isFinite(v)) counts.set(v, (counts.get(v) ?? 0) + 1); }
  const grid = categorical ? [...counts.keys()].sort((a, b) => counts.get(b)! - counts.get(a)! || a - b).slice(0, LEVELS)
    : seen.length <= POINTS ? seen
    : Array.from(new Set(Array.from({ length: POINTS }, (_, k) => seen[Math.round((0.02 + (0.96 * k) / (POINTS - 1)) * (seen.length - 1))])));
  const G = grid.length;
  const matrix = new Float32Array(n * G * p);
  for (let i = 0; i < n; i++)
    for (let g = 0; g < G; g++) {
      const at = (i * G + g) * p;
      matrix.set(values.subarray(i * p, (i + 1) * p), at);
      matrix[at + f] = grid[g];
    }
  // Binary: the positive class's probability; several classes: a class's margin (its softmax
  // probability need not follow a constraint on the margins); a number: the prediction itself.
  const K = s.num_outputs, classes = s.classes ?? [];
  const raw = m.predictMatrix(matrix, n * G, { output: K > 1 ? 'margin' : 'probability' });
  const k = K > 1 ? Math.min(Math.max(0, output), K - 1) : 0;
  const at = (i: number, g: number) => raw[(i * G + g) * K + k];
  const means = grid.map((_, g) => {
    let sum = 0;
    for (let i = 0; i < n; i++) sum += at(i, g);
    return sum / n;
  });
  // Levels low to high by their mean; numbers in their own order.
  const order = grid.map((_, g) => g);
  if (categorical) order.sort((a, b) => means[a] - means[b] || a - b);
  const mean = order.map((g) => means[g]);
  const lines = Array.from({ length: Math.min(LINES, n) }, (_, i) => order.map((g) => at(i, g)));
  const levels = categorical ? order.map((g) => s.features[f].levels?.[grid[g]] ?? String(grid[g])) : undefined;
  const quantiles = quantilesOf(s);
  const scale = quantiles.length ? `predicted ${outputName({ classes, quantiles }, k)} of ${s.target || 'the value'}`
    : K > 1 ? `score of class ${classes[k] ?? k}` : classes.length === 2 ? `probability of ${classes[1]}` : `predicted ${s.target || 'value'}`;
  return { feature, grid: order.map((g) => grid[g]), mean, lines, rows: n, scale, output: k, outputs: K, classes, quantiles,
    direction: categorical ? 0 : constraintOf(s.params?.monotone_constraints as string | undefined, names, feature), features: names,
    numeric: s.features.filter((x) => x.type === 'numeric').map((x) => x.name),
    ...(levels ? { levels, levelCount: s.features[f].levels?.length ?? counts.size } : {}) };
}
