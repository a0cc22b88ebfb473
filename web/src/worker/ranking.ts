// The ranking view's numbers: one query's documents as the model orders them
// after round t, its NDCG@k then and after every round, and what the round
// was fit to there (LambdaMART's λ-gradients, GBRank's targets and wrongly
// ordered pairs). Scores are the engine's margins; NDCG is recomputed here
// from them with the engine's (XGBoost's) definition, which the e2e test
// holds to the engine's own per-round metric.
import { BoostLabError, type Model, type Table } from '../../../wasm/js/index.js';
import type { RankingDetail, RankingRequest } from './messages';
import { modelShape, type Queries, type RoundHistory } from './round-detail';

// Rounds whose NDCG the view draws: every one up to this many, else evenly spaced.
const MAX_CURVE_POINTS = 400;

// NDCG@k of one query: gain 2^rel - 1, discount log2(position + 2), by score
// (ties keep row order), over the ideal order's; 1 when no document is relevant.
export function ndcgAt(k: number, scores: ArrayLike<number>, relevance: ArrayLike<number>) {
  const idx = Array.from({ length: scores.length }, (_, i) => i);
  const dcgOf = (order: number[]) => order.slice(0, k).reduce((s, i, pos) => s + (2 ** relevance[i] - 1) / Math.log2(pos + 2), 0);
  const ideal = dcgOf([...idx].sort((a, b) => relevance[b] - relevance[a]));
  const dcg = dcgOf([...idx].sort((a, b) => scores[b] - scores[a]));
  return { dcg, ideal, ndcg: ideal === 0 ? 1 : dcg / ideal };
}

// Each query's size and first row, with that row's file line (a table made from columns: row + 1).
function listOf(q: Queries, table: Table) {
  const firsts = Array.from({ length: q.begin.length - 1 }, (_, i) => q.rows[q.begin[i]]);
  const lines = linesOf(table, firsts);
  return firsts.map((first, i) => ({ size: q.begin[i + 1] - q.begin[i], first, line: lines[i] }));
}
const linesOf = (table: Table, rows: number[]) => (rows.length ? table.rowLines(rows) : null) ?? rows.map((r) => r + 1);

export function rankingDetail(m: Model, table: Table, h: RoundHistory | null, req: RankingRequest): RankingDetail {
  if (!h?.queries)
    throw new BoostLabError({ code: 'NO_QUERIES', message: 'The ranking view needs the run that trained this model on this page (a model opened from a file has no queries here).' });
  const { summary: s, rounds, algorithm, rescaled, prefixScale } = modelShape(m);
  const t = Math.min(Math.max(1, req.round || rounds), Math.max(1, rounds));
  const side = req.side === 'train' ? 'train' : 'valid';
  const q = h.queries[side];
  const count = q.begin.length - 1;
  if (count < 1) throw new BoostLabError({ code: 'NO_QUERIES', message: `There are no ${side === 'valid' ? 'validation' : 'training'} queries.` });
  // -1: the first query with two relevance grades or more (one with a single grade has nothing to order).
  const graded = (i: number) => new Set(Array.from(q.rows.subarray(q.begin[i], q.begin[i + 1]), (r) => h.labels[r])).size > 1;
  let query = Math.min(Math.max(0, req.query), count - 1);
  if (req.query < 0) for (query = 0; query < count - 1 && !graded(query); query++);
  const rows = Array.from(q.rows.subarray(q.begin[query], q.begin[query + 1]));
  const relevance = rows.map((r) => h.labels[r]);
  const x = m.featureValues(table, { rows });
  const base = Number(s.base_margin?.[0] ?? 0);
  const scoresAt = (r: number): Float32Array => {
    if (r < 1) return new Float32Array(rows.length).fill(base);
    const p = m.predictMatrix(x, rows.length, { output: 'margin', rounds: r });
    const scale = prefixScale(r);  // GBRank: h_r exactly
    if (scale !== 1) for (let i = 0; i < p.length; i++) p[i] *= scale;
    return p;
  };
  const after = scoresAt(t), before = scoresAt(t - 1);
  const k = Math.max(1, Math.floor(req.k) || 5);
  const { dcg, ideal, ndcg } = ndcgAt(k, after, relevance);
  const every = Math.max(1, Math.ceil(t / MAX_CURVE_POINTS));
  const ndcgByRound: number[] = [];
  for (let r = 1; r <= t; r += every) ndcgByRound.push(r === t ? ndcg : ndcgAt(k, scoresAt(r), relevance).ndcg);
  const stats = side === 'train' ? h.get(t) : null;
  const order = rows.map((_, i) => i).sort((a, b) => after[b] - after[a]);
  const lines = linesOf(table, rows);
  const detail: RankingDetail = {
    side, query, queries: { valid: listOf(h.queries.valid, table), train: listOf(h.queries.train, table) }, round: t, rounds, k, algorithm,
    objective: String(s.objective ?? ''), tau: Number(s.params?.gbrank_tau ?? 1),
    docs: order.map((i) => ({ row: rows[i], line: lines[i], relevance: relevance[i], score: after[i], before: before[i],
      g: stats?.grad?.[rows[i]], h: stats?.hess?.[rows[i]] })),
    dcg, idealDcg: ideal, ndcg, ndcgByRound, rescaled,
  };
  if (stats?.kind === 'gbrank' && stats.pairs) {
    const inQuery = new Set(rows);
    const pairs: { hi: number; lo: number }[] = [];
    for (let i = 0; i < stats.pairs.length; i += 2)
      if (inQuery.has(stats.pairs[i])) pairs.push({ hi: stats.pairs[i], lo: stats.pairs[i + 1] });
    detail.pairsInQuery = pairs.length;
    detail.pairs = pairs.slice(0, 60);
    detail.wrongPairs = stats.pairs.length / 2;
    detail.totalPairs = stats.pairCount;
  }
  return detail;
}
