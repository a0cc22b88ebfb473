// What each round of the run on show was fit to (trainer.roundStatistics),
// kept so the page can go back to any round, and the worked table of a round
// built from it and the model: x, y, F_{t-1}(x), the statistics, the leaf
// reached, its value and F_t(x), every number the engine's.
import type { Model, RoundLeaf, RoundStatistics, Table, Trainer } from '../../../wasm/js/index.js';
import type { RoundDetail, RoundDetailRequest, SurfaceRequest, TreeJson } from './messages';
import { csvText, distinctHeader } from './csv-cells';

// Every round is kept when a round's per-row numbers are this many values or
// fewer (toy data, small CSVs); otherwise the rounds the run paused or ended
// on. The oldest rounds' per-row numbers go first past the byte budget.
const EVERY_ROUND_CELLS = 100_000;
const BUDGET_BYTES = 64 * 2 ** 20;
const PER_ROW = ['grad', 'hess', 'weight', 'drawn', 'pairs'] as const;

export interface Queries { begin: Uint32Array; rows: Uint32Array }

const bytesOf = (s: RoundStatistics) => PER_ROW.reduce((n, k) => n + (s[k]?.byteLength ?? 0), 0);

export class RoundHistory {
  private readonly kept = new Map<number, RoundStatistics>();
  private bytes = 0;
  // AdaBoost: u after the last round kept (the next round's tree would see it).
  private latestWeights: { round: number; u: Float64Array } | null = null;

  // Ranking: the queries of each side (Dataset.queries()), for the ranking view.
  queries: { train: Queries; valid: Queries } | null = null;

  constructor(readonly rows: number, readonly outputs: number, readonly labels: Float32Array, readonly valid: Uint32Array,
              readonly surface: SurfaceRequest | undefined) {}

  get everyRound() {
    return this.rows * this.outputs <= EVERY_ROUND_CELLS;
  }

  // The trainer's last round, once.
  capture(trainer: Trainer) {
    const s = trainer.roundStatistics();
    if (!s.round || this.kept.has(s.round)) return;
    this.kept.set(s.round, s);
    this.bytes += bytesOf(s);
    if (s.kind === 'weights') this.latestWeights = { round: s.round, u: trainer.sampleWeights() };
    for (const [round, old] of this.kept) {
      if (this.bytes <= BUDGET_BYTES) break;
      if (round === s.round) continue;
      this.bytes -= bytesOf(old);
      for (const k of PER_ROW) delete old[k];
    }
  }

  get(round: number) {
    return this.kept.get(round) ?? null;
  }

  // Training rows of each class index 0..K-1 (a row with no target or held out counts in none): f0's log-odds.
  private counts: number[] | null = null;
  classCounts(K: number): number[] {
    if (this.counts?.length === K) return this.counts;
    const counts = new Array(K).fill(0), valid = new Set(this.valid);
    this.labels.forEach((y, r) => { if (!valid.has(r) && Number.isInteger(y) && y >= 0 && y < K) counts[y]++; });
    return (this.counts = counts);
  }

  // u after round t's update: what round t+1's tree saw, or the trainer's u after the last round.
  weightsAfter(round: number): Float64Array | null {
    return this.kept.get(round + 1)?.weight ?? (this.latestWeights?.round === round ? this.latestWeights.u : null);
  }
}

// The model's rounds and trees per round, from its summary; and prefixScale(r),
// what turns the margin of its first r rounds into the model's score after
// round r: 1, but for GBRank, whose first r trees sum to h_r·(r+1)/(T+1)
// (boost/gbrank.cc), (T+1)/(r+1). Not after early stopping (T is unknown then).
export function modelShape(m: Model) {
  const s = m.summary();
  const perRound = s.trees_per_round || 1;
  const rounds = Math.round(s.num_trees / perRound);
  const algorithm = String(s.params?.algorithm ?? 'xgboost');
  const rescaled = algorithm === 'gbrank' && Number(s.best_iteration ?? -1) < 0;
  return { summary: s, rounds, perRound, outputs: s.num_outputs, baseMargin: s.base_margin as number[], algorithm, rescaled,
           prefixScale: (r: number) => (rescaled ? (rounds + 1) / (r + 1) : 1),
           features: s.features.map((f: { name: string }) => f.name) as string[] };
}

// Round `req.round` (0: the newest) of model m, rows offset..offset+limit of the table.
export function roundDetail(m: Model, table: Table, history: RoundHistory | null, req: RoundDetailRequest): RoundDetail {
  const { rounds, perRound, outputs, baseMargin, features, prefixScale, summary } = modelShape(m);
  const t = Math.min(Math.max(1, req.round || rounds), Math.max(1, rounds));
  const output = Math.min(Math.max(0, req.output), outputs - 1);
  // The round's tree that serves this output (a multi-output tree serves all).
  const treeIndex = (t - 1) * perRound + (perRound > 1 ? output : 0);
  const stats = history?.get(t) ?? null;
  const total = table.numRows;
  const offset = Math.min(Math.max(0, req.offset), Math.max(0, total - 1));
  const end = Math.min(total, offset + Math.max(1, req.limit));
  const rows = Array.from({ length: end - offset }, (_, i) => offset + i);
  const p = features.length;
  const x = rows.length ? m.featureValues(table, { rows }) : new Float32Array(0);
  const lines = rows.length ? table.rowLines(rows) : null;  // the file's lines, as the notices and the predictions file name rows
  const at = (rounds: number, out: 'margin' | 'leaf') => m.predictMatrix(x, rows.length, { output: out, rounds });
  // Scores after rounds t and t-1 (GBRank's h_t, h_t-1); a leaf value, scaled alike, is what round t added (GBRank: η/(t+1)·g_t(x)).
  const scaled = (p: Float32Array, r: number) => (prefixScale(r) === 1 ? p : p.map((v) => v * prefixScale(r)));
  const after = scaled(at(t, 'margin'), t);
  const before = t > 1 ? scaled(at(t - 1, 'margin'), t - 1) : null;
  const leaves = at(t, 'leaf');  // rows x (t * perRound): the round's trees are the last perRound columns
  const tree = m.numTrees > treeIndex ? (m.tree(treeIndex) as TreeJson) : null;
  const valid = new Set(history?.valid ?? []);
  const K = outputs, L = t * perRound;
  const detail: RoundDetail = {
    round: t, rounds, perRound, outputs, output, treeIndex, features, baseMargin,
    splitFeatures: tree ? [...new Set(tree.feature.filter((_, i) => tree.left[i] >= 0))] : [],
    kind: stats?.kind ?? '', kept: !!stats, blend: stats?.blend, pairCount: stats?.pairCount, wrongPairs: stats?.pairs ? stats.pairs.length / 2 : undefined, leaves: (stats?.leaves ?? []).filter((l: RoundLeaf) => l.tree === treeIndex), treeAlpha: stats?.treeAlpha ?? [],
    tried: (stats?.tried ?? []).map((x) => ({ ...x, split: tree && tree.left[x.node] >= 0 ? tree.feature[x.node] : -1 })),
    total, offset,
    rows: rows.map((r, i) => {
      const node = leaves[i * L + (L - perRound) + (perRound > 1 ? output : 0)];
      const value = (!tree ? NaN : tree.leaf_values ? tree.leaf_values[node * K + output] : tree.value[node]) * prefixScale(t);
      return {
        row: r, line: lines ? lines[i] : 0, valid: valid.has(r), left: !!history && Number.isNaN(history.labels[r]), x: Array.from(x.subarray(i * p, (i + 1) * p)),
        y: history ? history.labels[r] : NaN,
        before: before ? before[i * K + output] : baseMargin[output] ?? 0, after: after[i * K + output], leaf: node, leafValue: value,
        g: stats?.grad?.[r * K + output], h: stats?.hess?.[r * K + output], u: stats?.weight?.[r], drawn: stats?.drawn?.[r],
      };
    }),
  };
  if (stats) detail.summary = summarise(stats, history!);
  const classes: string[] = summary.classes ?? [];
  if (history && classes.length >= 2) detail.classCounts = history.classCounts(classes.length);
  return detail;
}

// What the inspector draws of all rows: u's sum and histogram, the bootstrap's multiplicities.
function summarise(s: RoundStatistics, h: RoundHistory): RoundDetail['summary'] {
  const valid = new Set(h.valid);
  const out: NonNullable<RoundDetail['summary']> = {};
  if (s.weight) {
    let sum = 0, max = 0, min = Infinity;
    for (let r = 0; r < s.weight.length; r++) {
      if (valid.has(r)) continue;
      sum += s.weight[r];
      max = Math.max(max, s.weight[r]);
      min = Math.min(min, s.weight[r]);
    }
    const bins = new Array(12).fill(0);
    for (let r = 0; r < s.weight.length; r++)
      if (!valid.has(r)) bins[Math.min(11, Math.floor((s.weight[r] / (max || 1)) * 12))]++;
    out.weights = { sum, min, max, bins };
  }
  if (s.drawn) {
    const counts = [0, 0, 0, 0, 0];  // drawn 0, 1, 2, 3, 4 or more times
    let draws = 0;
    for (let r = 0; r < s.drawn.length; r++) {
      if (valid.has(r)) continue;
      counts[Math.min(4, s.drawn[r])]++;
      draws += s.drawn[r];
    }
    out.drawn = { counts, draws };
  }
  return out;
}

// The worked table of round t as CSV, all rows.
// The shortest decimal that reads back as the same float32 (-0.7088, not
// -0.7088000178337097): the engine's numbers are float32.
export function float32Text(v: number): string {
  if (!Number.isFinite(v)) return Number.isNaN(v) ? '' : String(v);
  const f = Math.fround(v);
  for (let p = 1; p < 9; p++) {
    const t = Number(f.toPrecision(p));
    if (Math.fround(t) === f) return String(t);
  }
  return String(Number(f.toPrecision(9)));
}

// The worked table of a round as a file: the rows as the page numbers them
// (their line), and as the page shows them: no statistics on validation rows
// (the round did not fit to them; the page shows –).
export function roundCsv(m: Model, table: Table, history: RoundHistory | null, req: RoundDetailRequest) {
  const d = roundDetail(m, table, history, { ...req, offset: 0, limit: table.numRows });
  const byLine = d.rows.length > 0 && d.rows[0].line > 0;
  // The target's value is y in the formulas, headed by its name too (a feature may be called y:
  // diamonds' is). Classes: y is the class's index; unless the classes are named 0, 1, ... the
  // class's name follows under the target's name (letter's y 19 is 'T').
  const summary = modelShape(m).summary;
  const target: string = summary.target || '';
  const classes: string[] = summary.classes ?? [];
  const named = classes.some((c, i) => c !== String(i)) ? [`${target || 'class'} (class of index y)`] : [];
  const label = !target || target === 'y' ? 'y' : classes.length ? `y (index of the ${target} class)` : `y (${target})`;
  const cols = [byLine ? 'line' : 'row', ...d.features, label, ...named, 'set', `F_${d.round - 1}(x)`, ...statColumns(d), 'leaf', 'leaf value', `F_${d.round}(x)`];
  const lines = [distinctHeader(cols, (k) => k >= 1 && k <= d.features.length).map(csvText).join(',')];
  // A category by its name, as the table on the page shows it (the engine holds its code).
  const levels: (string[] | undefined)[] = d.features.map((name) => summary.features.find((f: { name: string; levels?: string[] }) => f.name === name)?.levels);
  const xText = (v: number, f: number) => (levels[f] && Number.isInteger(v) && levels[f]![v] !== undefined ? csvText(levels[f]![v]) : float32Text(v));
  for (const r of d.rows) {
    const stats = statColumns(d).map((c) => {
      const v = (r as unknown as Record<string, number | undefined>)[STAT_KEY[c]];
      return r.valid || v === undefined ? '' : c === 'u' || c === 'drawn' ? String(v) : float32Text(v);
    });
    const name = named.length ? [Number.isInteger(r.y) && r.y >= 0 && r.y < classes.length ? csvText(classes[r.y]) : ''] : [];
    lines.push([String(byLine ? r.line : r.row + 1), ...r.x.map(xText), float32Text(r.y), ...name, r.valid ? 'valid' : 'train', float32Text(r.before), ...stats,
      String(r.leaf), float32Text(r.leafValue), float32Text(r.after)].join(','));
  }
  return lines.join('\n') + '\n';
}

const STAT_KEY: Record<string, string> = { g: 'g', h: 'h', u: 'u', drawn: 'drawn' };

export function statColumns(d: RoundDetail): string[] {
  if (d.kind === 'gradients') return ['g', 'h'];
  if (d.kind === 'weights') return d.rows.some((r) => r.drawn !== undefined) ? ['u', 'drawn'] : ['u'];
  if (d.kind === 'bootstrap') return ['drawn'];
  return [];
}
