// Runs side by side: the models of a preset's runs (the four algorithms, or
// AdaBoost beside gradient boosting on the exponential loss) kept after they
// finish, their pictures at one round, their first trees, the exponential
// loss of each round from their margins, and blends of their validation
// predictions as the source material names them: the uniform vote, linear
// blending (non-negative weights α on the models' outputs: least squares for
// numbers, a mixture Σ α p of probabilities for classes) and stacking (a model
// trained on the predictions).
// Blends are fit on the even-numbered validation rows and scored, with every
// single model, on the odd-numbered ones: a blend scored on the rows it was
// fit to would flatter itself.
import type { BoostLab, Model, Table } from '../../../wasm/js/index.js';
import type { CompareReply, SurfaceRequest, TreeJson } from './messages';
import { exponentialScale } from './exponential-scale';

export interface KeptRun {
  token: number;
  model: Model;
  algorithm: string;
  validRows: Uint32Array;
  trainRows: Uint32Array;
  labels: Float32Array;  // every data row's, as trained on
  surface?: SurfaceRequest;
}

const KEEP_AT_MOST = 4;
const KEEP_ROWS = 200_000;  // tables bigger than this keep no models (four forests could fill the heap)
export const STACKING_PARAMS = { algorithm: 'xgboost' as const, rounds: 20, max_depth: 2, eta: 0.3, nthread: 1, seed: 0 };

export class KeptRuns {
  private readonly runs: KeptRun[] = [];

  // A copy of the finished model (the worker's own `model` is replaced by the next run's).
  keep(bl: BoostLab, table: Table, run: Omit<KeptRun, 'model'>, m: Model) {
    if (table.numRows > KEEP_ROWS) return;
    this.runs.push({ ...run, model: bl.loadModel(m.toJSONString()) });
    while (this.runs.length > KEEP_AT_MOST) this.runs.shift()!.model.dispose();
  }

  clear() {
    for (const r of this.runs) r.model.dispose();
    this.runs.length = 0;
  }

  get(token: number) {
    return this.runs.find((r) => r.token === token) ?? null;
  }
}

// Each model's probability of class 1 (binary), class probabilities (K a row) or value, on `rows`.
function predictRows(m: Model, table: Table, rows: Uint32Array, width: number) {
  const all = m.predict(table);
  const out = new Float64Array(rows.length * width);
  rows.forEach((r, i) => { for (let k = 0; k < width; k++) out[i * width + k] = all[r * width + k]; });
  return out;
}

type Task = 'binary' | 'multiclass' | 'regression';

// The metrics the comparison reports: logloss and error, mlogloss and merror, or rmse.
function score(task: Task, p: Float64Array, y: number[], width: number): Record<string, number> {
  const n = y.length;
  const eps = 1e-15;
  if (task === 'regression') {
    let se = 0;
    for (let i = 0; i < n; i++) se += (p[i] - y[i]) ** 2;
    return { rmse: Math.sqrt(se / n) };
  }
  if (task === 'binary') {
    let ll = 0, err = 0;
    for (let i = 0; i < n; i++) {
      const q = Math.min(1 - eps, Math.max(eps, p[i]));
      ll -= y[i] ? Math.log(q) : Math.log(1 - q);
      err += (p[i] > 0.5 ? 1 : 0) !== y[i] ? 1 : 0;
    }
    return { logloss: ll / n, error: err / n };
  }
  let ll = 0, err = 0;
  for (let i = 0; i < n; i++) {
    let best = 0;
    for (let k = 1; k < width; k++) if (p[i * width + k] > p[i * width + best]) best = k;
    ll -= Math.log(Math.min(1 - eps, Math.max(eps, p[i * width + y[i]])));
    err += best !== y[i] ? 1 : 0;
  }
  return { mlogloss: ll / n, merror: err / n };
}

// Solves A w = b (D unknowns, D ≤ 4) by Gaussian elimination with partial pivoting.
function solve(A: number[][], b: number[]) {
  const D = b.length;
  A = A.map((r) => [...r]);
  b = [...b];
  for (let c = 0; c < D; c++) {
    let piv = c;
    for (let r = c + 1; r < D; r++) if (Math.abs(A[r][c]) > Math.abs(A[piv][c])) piv = r;
    [A[c], A[piv]] = [A[piv], A[c]];
    [b[c], b[piv]] = [b[piv], b[c]];
    for (let r = c + 1; r < D; r++) {
      const f = A[r][c] / A[c][c];
      for (let k = c; k < D; k++) A[r][k] -= f * A[c][k];
      b[r] -= f * b[c];
    }
  }
  const w = new Array(D).fill(0);
  for (let r = D - 1; r >= 0; r--) {
    let t = b[r];
    for (let k = r + 1; k < D; k++) t -= A[r][k] * w[k];
    w[r] = t / A[r][r];
  }
  return w;
}

// The notes' linear blending: weights α_m ≥ 0 on the models' outputs. With at
// most four models the constrained optimum is found exactly: each non-empty
// subset of models is fit without constraint (`fit`), and the best fit whose
// weights are all ≥ 0 wins (the optimum's own subset is one of them).
function nonNegative(J: number, fit: (subset: number[]) => { w: number[]; loss: number }) {
  let best = { weights: new Array(J).fill(0), loss: Infinity };
  for (let mask = 1; mask < 1 << J; mask++) {
    const subset = Array.from({ length: J }, (_, m) => m).filter((m) => mask & (1 << m));
    const { w, loss } = fit(subset);
    if (!w.every((v) => v >= 0 && Number.isFinite(v)) || !(loss < best.loss)) continue;
    const weights = new Array(J).fill(0);
    subset.forEach((m, i) => { weights[m] = w[i]; });
    best = { weights, loss };
  }
  return best.weights;
}

// Numbers: least squares of y on the subset's predictions (x[i][m]).
function leastSquaresOn(x: number[][], y: number[], subset: number[]) {
  const D = subset.length, A = Array.from({ length: D }, () => new Array(D).fill(0)), b = new Array(D).fill(0);
  x.forEach((row, i) => subset.forEach((a, p) => {
    b[p] += row[a] * y[i];
    subset.forEach((c, q) => { A[p][q] += row[a] * row[c]; });
  }));
  for (let p = 0; p < D; p++) A[p][p] += 1e-9;  // identical columns (two equal models) stay solvable
  const w = solve(A, b);
  let loss = 0;
  x.forEach((row, i) => { loss += (y[i] - subset.reduce((t, a, p) => t + w[p] * row[a], 0)) ** 2; });
  return { w, loss };
}

// Classes: the blend is Σ α_m p_m, a mixture of the models' probabilities with
// α ≥ 0 and Σ α = 1 (so it is a probability, and the uniform vote is one of the
// blends it chooses among), α maximising the likelihood of the fit rows' classes.
// like[i][m]: model m's probability of row i's class. EM's update α_m ← mean_i
// α_m like[i][m] / Σ_j α_j like[i][j] climbs that concave likelihood to its top.
// (A logistic regression on the models' log-odds, tried first, overfit the few
// fit rows: a forest's 0 and 1 shares made its log-odds ±35, and the blend's held-out
// log loss 0.82 beside the uniform vote's 0.11 on circles.)
export function mixtureWeights(like: number[][]) {
  const J = like[0]?.length ?? 0;
  let alpha = new Array(J).fill(1 / J);
  for (let iter = 0; iter < 5000; iter++) {
    const next = new Array(J).fill(0);
    for (const row of like) {
      const total = row.reduce((t, v, m) => t + alpha[m] * v, 0);
      row.forEach((v, m) => { next[m] += (alpha[m] * v) / total / like.length; });
    }
    const moved = next.reduce((t, v, m) => Math.max(t, Math.abs(v - alpha[m])), 0);
    alpha = next;
    if (moved < 1e-12) break;
  }
  // EM only nears 0 (a weight of 6e-28 is a model left out): such weights are 0.
  const kept = alpha.map((a) => (a < 1e-8 ? 0 : a)), total = kept.reduce((t, a) => t + a, 0);
  return kept.map((a) => a / total);
}

// The comparison of the kept runs `tokens` at round `round` (0: each one's last).
export function compareRuns(bl: BoostLab, table: Table, kept: KeptRuns, tokens: number[], round: number,
                            surfaceAt: (m: Model, s: SurfaceRequest, rounds: number) => Float32Array): CompareReply {
  const runs = tokens.map((t) => kept.get(t)).filter((r): r is KeptRun => !!r);
  if (!runs.length) return { runs: [], blends: [], error: 'The runs to compare are no longer kept: train them again.' };
  const s0 = runs[0].model.summary();
  const classes: string[] = s0.classes;
  const task: Task = classes.length === 0 ? 'regression' : classes.length === 2 ? 'binary' : 'multiclass';
  const width = runs[0].model.predictionWidth;
  const valid = runs[0].validRows;
  if (!valid.length) return { runs: [], blends: [], error: 'The runs held out no validation rows: blends need them (set a validation fraction).' };
  const fit = Array.from(valid).filter((_, i) => i % 2 === 0), held = Array.from(valid).filter((_, i) => i % 2 === 1);
  const label = (r: number) => runs[0].labels[r];
  const preds = runs.map((r) => predictRows(r.model, table, valid, width));
  const pick = (p: Float64Array, idx: number[]) => {
    const out = new Float64Array(idx.length * width);
    idx.forEach((i, j) => { for (let k = 0; k < width; k++) out[j * width + k] = p[i * width + k]; });
    return out;
  };
  const fitIdx = fit.map((_, j) => 2 * j), heldIdx = held.map((_, j) => 2 * j + 1);
  const yHeld = held.map(label), yFit = fit.map(label);
  const reply: CompareReply = { runs: [], blends: [], error: '', task, rowsFit: fit.length, rowsScored: held.length };
  runs.forEach((r, j) => {
    const s = r.model.summary();
    const rounds = Math.round(s.num_trees / (s.trees_per_round || 1));
    const t = round ? Math.min(round, rounds) : rounds;
    const entry: CompareReply['runs'][number] = {
      token: r.token, algorithm: r.algorithm, rounds, round: t, metrics: score(task, pick(preds[j], heldIdx), yHeld, width),
      firstTree: r.model.numTrees ? (r.model.tree(0) as TreeJson) : null, features: s.features.map((f: { name: string }) => f.name),
    };
    if (r.surface && r.surface.dims !== 1) entry.surface = { grid: surfaceAt(r.model, r.surface, t), width: r.surface.n };
    // The exponential loss each round, from the margins: for AdaBoost (two classes) and gradient
    // boosting on binary:exponential. Discrete SAMME's votes alpha_t = ln((1-e)/e) are twice
    // the exponential loss's own step, so its F counts half: exp(-ỹ·F/2) (its report's expLoss).
    const exponential = task === 'binary' && (r.algorithm === 'adaboost' || s.objective === 'binary:exponential');
    if (exponential && rounds <= 500) {
      const scale = exponentialScale(r.algorithm, s.params?.variant, s.params?.vote);
      entry.expLoss = { scale, values: [] };
      for (let k = 1; k <= rounds; k++) {
        const F = r.model.predict(table, { output: 'margin', rounds: k });
        let sum = 0;
        for (const row of r.trainRows) sum += Math.exp(-(label(row) > 0.5 ? 1 : -1) * scale * F[row]);
        entry.expLoss.values.push(sum / r.trainRows.length);
      }
    }
    reply.runs.push(entry);
  });
  if (runs.length < 2) return reply;
  // Uniform: the mean of the models' predictions.
  const uniform = new Float64Array(held.length * width);
  for (const p of preds) pick(p, heldIdx).forEach((v, i) => { uniform[i] += v / preds.length; });
  reply.blends.push({ name: 'uniform', metrics: score(task, uniform, yHeld, width), weights: preds.map(() => 1 / preds.length), intercept: 0 });
  // Linear blending (the notes'): α_m ≥ 0 fit on the even rows. Numbers: least squares on the
  // predictions. Classes: Σ α_m p_m with Σ α = 1, by likelihood.
  const J = preds.length;
  let weights: number[];
  const linear = new Float64Array(held.length * width);
  if (task === 'regression') {
    const x = fitIdx.map((i) => preds.map((p) => p[i]));
    weights = nonNegative(J, (subset) => leastSquaresOn(x, yFit, subset));
    heldIdx.forEach((i, j) => { linear[j] = preds.reduce((t, p, m) => t + weights[m] * p[i], 0); });
  } else {
    const probabilityOf = (p: Float64Array, i: number, k: number) => Math.max(1e-15, width === 1 ? (k === 1 ? p[i] : 1 - p[i]) : p[i * width + k]);
    weights = mixtureWeights(fitIdx.map((i, j) => preds.map((p) => probabilityOf(p, i, yFit[j]))));
    heldIdx.forEach((i, j) => { for (let k = 0; k < width; k++) linear[j * width + k] = preds.reduce((t, p, m) => t + weights[m] * p[i * width + k], 0); });
  }
  reply.blends.push({ name: 'linear', metrics: score(task, linear, yHeld, width), weights, intercept: 0 });
  // Stacking: the engine (XGBoost-style, depth 2) trained on the models' predictions of the even rows.
  // It can only predict the classes it saw there: with one missing its outputs would not line up with
  // the classes (it printed mlogloss NaN on shuttle, whose rare classes fall on the odd rows), so it says why instead.
  if (task !== 'regression') {
    const seen = new Set(yFit), K = task === 'binary' ? 2 : width;
    const missing = Array.from({ length: K }, (_, k) => k).filter((k) => !seen.has(k));
    if (missing.length) {
      const names = missing.slice(0, 5).map((k) => `'${classes[k]}'`).join(', ') + (missing.length > 5 ? ', …' : '');
      reply.blends.push({ name: 'stacking', metrics: {}, weights: [], intercept: 0,
        note: `Not fit: the ${fit.length} rows it is fit on hold no row of class${missing.length > 1 ? 'es' : ''} ${names}, so a stacker could not predict ${missing.length > 1 ? 'them' : 'it'}.` });
      return reply;
    }
  }
  const columns = (idx: number[]) => Object.fromEntries(preds.flatMap((p, m) =>
    Array.from({ length: width }, (_, k) => [`m${m}_${k}`, Float64Array.from(idx, (i) => p[i * width + k])])));
  const fitTable = bl.fromColumns({ ...columns(fitIdx), y: Float64Array.from(yFit) });
  const heldTable = bl.fromColumns(columns(heldIdx));
  try {
    const data = fitTable.toDataset({ target: 'y', task: task === 'regression' ? 'regression' : task, validFraction: 0 });
    const trainer = bl.trainer(data, STACKING_PARAMS);
    while (!trainer.done) trainer.step();
    const stacker = trainer.take();
    const p = Float64Array.from(stacker.predict(heldTable));
    reply.blends.push({ name: 'stacking', metrics: score(task, p, yHeld, width), weights: [], intercept: 0 });
    stacker.dispose();
    trainer.dispose();
    data.dispose();
  } finally {
    fitTable.dispose();
    heldTable.dispose();
  }
  return reply;
}
