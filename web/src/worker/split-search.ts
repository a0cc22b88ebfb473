// "Why this split": every threshold of every feature the selected node could
// have split on, with the gain it would have had, from the round's own
// statistics (the (g, h) or weights u it was fit to, kept by RoundHistory)
// and the table's values. The scan is exact: a threshold between every two
// neighbouring values of the node's rows. The engine's histogram sees at most
// max_bin − 1 of them a feature (its cut points), so where a feature has more
// distinct values than bins, an exact candidate can beat the split it chose.
import type { Model, Table } from '../../../wasm/js/index.js';
import { candidateGain, type Reg } from '../split-score';
import type { FeatureSearch, SplitSearch, SplitSearchRequest, TreeJson } from './messages';
import type { RoundHistory } from './round-detail';
import { float32Text, modelShape } from './round-detail';

// Points of a feature's gain curve sent to the page (a long curve is thinned, its best kept).
const CURVE_POINTS = 160;
// BinnedMatrixBuilder::max_cut_rows (core/src/data/binned_matrix.h): the most training rows cut points come from.
const MAX_CUT_ROWS = 2 ** 22;

// Whether the row's values reach `target` walking down from the root (the engine's Tree::Next).
function reaches(t: TreeJson, x: Float32Array, at: number, target: number): boolean {
  let node = 0;
  while (node !== target) {
    if (t.left[node] < 0) return false;
    const v = x[at + t.feature[node]];
    const cats = t.categories[node];
    // The file's threshold is the shortest decimal of a float32: compared as that float, as the engine does.
    const left = Number.isNaN(v) ? !!t.default_left[node] : cats ? !cats.includes(v) : v < Math.fround(t.threshold[node]);
    node = left ? t.left[node] : t.right[node];
  }
  return true;
}

export function splitSearch(m: Model, table: Table, history: RoundHistory | null, req: SplitSearchRequest): SplitSearch {
  const shape = modelShape(m);
  const s = shape.summary;
  const params = s.params ?? {};
  const algorithm = shape.algorithm;
  const stats = history?.get(req.round) ?? null;
  const why = (text: string): SplitSearch => ({ unavailable: text, node: req.node, features: [], chosen: -1, stored: NaN, gamma: 0, exact: true, parent: { g: 0, h: 0 } });
  if (!stats || !(stats.grad || stats.weight))
    return why('This round\'s per-row numbers were not kept (a big table keeps the rounds it paused or ended on): train it again, or pick such a round.');
  const adaboost = algorithm === 'adaboost';
  if (!(algorithm === 'xgboost' || (adaboost && shape.outputs === 1 && (s.classes ?? []).length === 2)))
    return why('The search is shown for XGBoost-style boosting and two-class AdaBoost.');
  const treeIndex = (req.round - 1) * shape.perRound + (shape.perRound > 1 ? req.output : 0);
  const tree = m.tree(treeIndex) as TreeJson;
  if (!(req.node >= 0 && req.node < tree.left.length) || tree.left[req.node] < 0) return why('Pick a split (a node with children).');
  const K = shape.outputs, k = shape.perRound > 1 ? req.output : 0;
  const reg: Reg = adaboost
    ? { lambda: 0, alpha: 0, maxDelta: 0, minChildWeight: 0, error: params.split_criterion === 'error' }
    : { lambda: Number(params.lambda ?? 1), alpha: Number(params.alpha ?? 0), minChildWeight: Number(params.min_child_weight ?? 1),
        maxDelta: Number(params.max_delta_step ?? (s.objective === 'count:poisson' ? 0.7 : 0)) || 0 };
  // What the round's tree was fit to, per row: the loss's (g, h); AdaBoost's (−w·y, w), w = u or the times drawn.
  const n = table.numRows;
  const valid = new Set(history!.valid);
  const fit = (r: number): [number, number] => {
    if (!adaboost) return [stats.grad![r * K + k], stats.hess![r * K + k]];
    const w = stats.drawn ? stats.drawn[r] : stats.weight![r];
    return [-w * history!.labels[r], w];
  };
  const p = shape.features.length;
  const x = m.featureValues(table, { rows: Array.from({ length: n }, (_, r) => r) });
  const training: number[] = [];
  for (let r = 0; r < n; r++) if (!valid.has(r) && !Number.isNaN(history!.labels[r])) training.push(r);
  const rows: number[] = [];  // the node's
  for (const r of training) {
    const [g, h] = fit(r);
    if (g === 0 && h === 0) continue;  // left out of this round (subsample), or weighing nothing
    if (reaches(tree, x, r * p, req.node)) rows.push(r);
  }
  let G = 0, H = 0;
  for (const r of rows) { const [g, h] = fit(r); G += g; H += h; }
  const types: string[] = s.features.map((f: { type: string }) => f.type);
  const levels: (string[] | undefined)[] = s.features.map((f: { levels?: string[] }) => f.levels);
  let exact = true;
  const maxBin = Number(params.max_bin ?? 256);
  // The engine's cut points come from all the training rows, not the node's: a feature with more distinct
  // training values than bins was cut coarser than its values, in every node. Past MAX_CUT_ROWS training
  // rows they come from a sample of them, which a rare value can miss: then every feature may be coarser.
  const coarse = (f: number) => training.length > MAX_CUT_ROWS ||
    new Set(training.map((r) => x[r * p + f]).filter((v) => !Number.isNaN(v))).size > maxBin - 1;
  const features: FeatureSearch[] = shape.features.map((name, f) => {
    // The node's rows by value of f: sums per distinct value, missing apart.
    const byValue = new Map<number, [number, number]>();
    let mg = 0, mh = 0;
    for (const r of rows) {
      const v = x[r * p + f];
      const [g, h] = fit(r);
      if (Number.isNaN(v)) { mg += g; mh += h; continue; }
      const e = byValue.get(v);
      if (e) { e[0] += g; e[1] += h; } else byValue.set(v, [g, h]);
    }
    const categorical = types[f] === 'categorical';
    const candidates: { at: string; value: number; gain: number; missingLeft: boolean }[] = [];
    const offer = (at: string, value: number, gl: number, hl: number) => {
      // Missing values right (into the rest), then left, as the engine scans; the first best is kept.
      const right = candidateGain(gl, hl, G - gl, H - hl, reg);
      const left = mh > 0 || mg !== 0 ? candidateGain(gl + mg, hl + mh, G - gl - mg, H - hl - mh, reg) : NaN;
      const missingLeft = Number.isFinite(left) && !(right >= left);
      const gain = missingLeft ? left : right;
      if (Number.isFinite(gain)) candidates.push({ at, value, gain, missingLeft });
    };
    if (categorical) {
      // One category against the rest (XGBoost's one-hot search), the category going right.
      for (const [c, [g, h]] of [...byValue].sort((a, b) => a[0] - b[0]))
        offer(`${levels[f]?.[c] ?? c} against the rest`, c, G - mg - g, H - mh - h);
    } else {
      const values = [...byValue.keys()].sort((a, b) => a - b);
      if (coarse(f)) exact = false;
      let gl = 0, hl = 0;
      for (let i = 0; i + 1 < values.length; i++) {
        const [g, h] = byValue.get(values[i])!;
        gl += g; hl += h;
        offer(`< ${float32Text(values[i + 1])}`, values[i + 1], gl, hl);
      }
    }
    let best = -1;
    candidates.forEach((c, i) => { if (best < 0 || c.gain > candidates[best].gain) best = i; });
    const stride = Math.max(1, Math.ceil(candidates.length / CURVE_POINTS));
    const curve = candidates.filter((_, i) => i % stride === 0 || i === best).map((c) => [c.value, c.gain] as [number, number]);
    return { feature: f, name, categorical, candidates: candidates.length, distinct: byValue.size,
             best: best >= 0 ? { at: candidates[best].at, value: candidates[best].value, gain: candidates[best].gain, missingLeft: candidates[best].missingLeft } : null,
             curve };
  });
  features.sort((a, b) => (b.best?.gain ?? -Infinity) - (a.best?.gain ?? -Infinity) || a.feature - b.feature);
  return { node: req.node, features, chosen: tree.feature[req.node], stored: tree.gain[req.node], gamma: adaboost ? 0 : Number(params.gamma ?? 0),
           exact, parent: { g: G, h: H }, rows: rows.length, criterion: adaboost ? (reg.error ? 'error' : 'gini') : 'xgboost' };
}
