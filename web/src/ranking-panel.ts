// "One query, ranked": for ranking data, a query's documents as the model
// orders them after the round on show (store.selectedRound, as the other round
// views), with their relevance, the gains and discounts of NDCG@k, the query's
// NDCG after every round, and what the round was fit to: LambdaMART's
// λ-gradients, or GBRank's wrongly ordered pairs and their swapped targets.
// Asked of the worker when the round, the query or the model changes, not
// while a run plays.
import { currentRun, modelOnShow, store, update } from './state';
import type { WorkerClient } from './worker/client';
import type { RankingDetail } from './worker/messages';
import { cell, paragraph, setData, setHidden, setMathText, setText, setValue } from './ui/dom';

const $ = <T extends HTMLElement>(id: string) => document.getElementById(id) as T;
const num = (v: number, digits = 4) => (Number.isFinite(v) ? Number(v.toPrecision(digits)).toString() : '–');

// k of the run's first ndcg@k metric (the one XGBoost reports by default is ndcg@5).
function kOf(metrics: string[]) {
  for (const m of metrics) {
    const k = /^ndcg@(\d+)/.exec(m);
    if (k) return Number(k[1]);
  }
  return 5;
}

export class RankingPanel {
  private readonly side = $<HTMLSelectElement>('rank-side');
  private readonly query = $<HTMLSelectElement>('rank-query');
  private asked = '';
  private listed = '';

  constructor(private readonly client: WorkerClient) {
    this.side.addEventListener('change', () => update((s) => { s.ranking = { side: this.side.value === 'train' ? 'train' : 'valid', query: -1 }; }));
    this.query.addEventListener('change', () => update((s) => { s.ranking.query = Number(this.query.value); }));
  }

  private k() {
    const run = currentRun();
    return kOf(Object.keys(run?.reports.at(-1)?.valid ?? run?.reports.at(-1)?.train ?? {}));
  }

  render() {
    const ranking = !!store.data && store.choice.group !== '';
    setHidden($('ranking-panel'), !ranking);
    if (!ranking) return;
    const show = modelOnShow();
    const run = currentRun();
    const rounds = show?.model ? show.model.rounds : run?.reports.length ?? 0;
    if (!show || rounds < 1) return this.clear(show ? 'No rounds yet: Step trains one.' : 'Train a ranking model to see a query ranked by it.');
    if (show.live && run?.status === 'training') return this.clear('The ranking appears when the run pauses or ends.');
    setValue(this.side, store.ranking.side);
    const key = `${store.data!.id}|${show.name}|${show.model?.trees}|${rounds}|${store.selectedRound}|${store.ranking.side}|${store.ranking.query}|${this.k()}`;
    if (key === this.asked) return;
    this.asked = key;
    this.client.ranking({ side: store.ranking.side, query: store.ranking.query, round: store.selectedRound, k: this.k() });
  }

  private clear(text: string) {
    if (this.asked === text) return;
    this.asked = text;
    setText($('rank-summary'), text);
    $<HTMLTableElement>('rank-table').replaceChildren();
    $('rank-pairs').replaceChildren();
    $('rank-curve').replaceChildren();
    setText($('rank-caption'), '');
  }

  onReply(d: RankingDetail | null, error: string) {
    if (!modelOnShow() || store.choice.group === '') return;
    if (!d) {
      this.clear(error || 'Nothing to rank for this model.');
      this.asked = '';
      return;
    }
    this.listQueries(d);
    const sideName = d.side === 'valid' ? 'validation' : 'training';
    const first = d.queries[d.side][d.query]?.line ?? 0;
    setText($('rank-summary'), `Query ${d.query + 1} of ${d.queries[d.side].length} (${sideName}), ${d.docs.length} document${d.docs.length === 1 ? '' : 's'}, ` +
      `the first on line ${first}. After round ${d.round} of ${d.rounds}: NDCG@${d.k} = DCG@${d.k} / ideal DCG@${d.k} = ` +
      `${num(d.dcg)} / ${num(d.idealDcg)} = ${num(d.ndcg)}${d.idealDcg === 0 ? ' (no relevant document: 1 by definition)' : ''}.`);
    const summary = $('rank-summary');
    setData(summary, 'ndcg', String(d.ndcg));
    setData(summary, 'round', String(d.round));
    this.table(d);
    this.curve(d);
    this.pairs(d);
    const scores = d.algorithm === 'gbrank'
      ? `Scores are GBRank's h_t${d.rescaled ? '' : ' up to a positive factor (early stopping cut the model)'}; h_t = (t·h_{t−1} + η·g_t)/(t+1).`
      : 'Scores are the model\'s F, XGBoost\'s margins (XGBoost starts them at 0.5).';
    setMathText($('rank-caption'), `${scores} NDCG: gain 2^relevance − 1, discount 1/log₂(position + 1), over the ideal order's; ties keep the file's order. ` +
      (d.side === 'train' ? '' : 'Pick a training query to see what the round was fit to there.'));
  }

  private listQueries(d: RankingDetail) {
    const list = d.queries[d.side];
    const key = `${d.side}|${list.length}|${list[0]?.first}|${list[0]?.line}`;
    if (key !== this.listed) {
      this.listed = key;
      this.query.replaceChildren(...list.map((q, i) => new Option(`query ${i + 1} · ${q.size} document${q.size === 1 ? '' : 's'} · line ${q.line}`, String(i))));
    }
    setValue(this.query, String(d.query));
  }

  private table(d: RankingDetail) {
    const t = $<HTMLTableElement>('rank-table');
    const gbrank = d.algorithm === 'gbrank';
    const stats = d.docs.some((x) => x.g !== undefined);
    const head = ['#', 'line', 'relevance', `h_${d.round}`, `h_${d.round - 1}`, 'gain', 'discount'];
    if (stats) head.push(...(gbrank ? ['targets', 'mean target'] : ['λ-gradient g', 'h']));
    const tr = (cells: (string | HTMLElement)[], tag: 'td' | 'th' = 'td') => {
      const row = document.createElement('tr');
      row.append(...cells.map((c) => cell(tag, c)));
      return row;
    };
    const thead = document.createElement('thead');
    thead.append(tr(head, 'th'));
    const body = document.createElement('tbody');
    const top = Math.max(...d.docs.map((x) => x.relevance), 1);
    d.docs.forEach((x, i) => {
      const bar = document.createElement('span');
      bar.className = 'rel-bar';
      bar.style.setProperty('--rel', String(x.relevance / top));
      bar.textContent = String(x.relevance);
      const inTop = i < d.k;
      const cells: (string | HTMLElement)[] = [String(i + 1), String(x.line), bar, num(x.score), num(x.before),
        String(2 ** x.relevance - 1), inTop ? num(1 / Math.log2(i + 2), 3) : '–'];
      if (stats) cells.push(...(gbrank ? [String(x.h ?? 0), x.h ? num(-(x.g ?? 0) / x.h) : '–'] : [num(x.g ?? NaN), num(x.h ?? NaN)]));
      const row = tr(cells);
      row.dataset.row = String(x.row);
      row.dataset.relevance = String(x.relevance);
      row.dataset.score = String(x.score);
      if (inTop) row.classList.add('top-k');
      body.append(row);
    });
    t.replaceChildren(thead, body);
  }

  // This query's NDCG@k after each round up to the one on show.
  private curve(d: RankingDetail) {
    const svg = $('rank-curve');
    const w = 320, h = 96, left = 22, pad = 6, bottom = 16;
    const n = d.ndcgByRound.length;
    const x = (i: number) => left + (n > 1 ? (i / (n - 1)) * (w - left - pad) : 0);
    const y = (v: number) => h - bottom - v * (h - bottom - pad);
    const ns = 'http://www.w3.org/2000/svg';
    const line = document.createElementNS(ns, 'polyline');
    line.setAttribute('points', d.ndcgByRound.map((v, i) => `${x(i)},${y(v)}`).join(' '));
    line.setAttribute('class', 'rank-line');
    const dot = document.createElementNS(ns, 'circle');
    dot.setAttribute('cx', String(x(n - 1)));
    dot.setAttribute('cy', String(y(d.ndcgByRound[n - 1] ?? 0)));
    dot.setAttribute('r', '3');
    // NDCG 0 and 1, across the plot.
    const level = (v: number, cls: string) => {
      const el = document.createElementNS(ns, 'line');
      el.setAttribute('x1', String(left));
      el.setAttribute('x2', String(w - pad));
      el.setAttribute('y1', String(y(v)));
      el.setAttribute('y2', String(y(v)));
      el.setAttribute('class', cls);
      return el;
    };
    const label = (text: string, lx: number, ly: number, anchor: string) => {
      const el = document.createElementNS(ns, 'text');
      el.setAttribute('x', String(lx));
      el.setAttribute('y', String(ly));
      el.setAttribute('text-anchor', anchor);
      el.textContent = text;
      return el;
    };
    svg.setAttribute('viewBox', `0 0 ${w} ${h}`);
    svg.replaceChildren(level(0, 'axis'), level(1, 'axis dashed'), line, dot, label('1', left - 4, y(1) + 4, 'end'), label('0', left - 4, y(0) + 4, 'end'),
      label('round 1', left, h - 3, 'start'), label(`round ${d.round}: NDCG@${d.k} ${num(d.ndcg, 3)}`, w - pad, h - 3, 'end'));
    svg.setAttribute('aria-label', `NDCG@${d.k} of this query after rounds 1 to ${d.round}: from ${num(d.ndcgByRound[0] ?? NaN, 3)} to ${num(d.ndcg, 3)}`);
  }

  // GBRank: the pairs of this query the round learnt from, each with its swapped targets.
  private pairs(d: RankingDetail) {
    const box = $('rank-pairs');
    if (d.algorithm !== 'gbrank' || d.pairs === undefined) {
      box.replaceChildren();
      return;
    }
    const byRow = new Map(d.docs.map((x) => [x.row, x]));
    const p = paragraph(`Round ${d.round} learnt from ${d.wrongPairs!.toLocaleString()} of ${d.totalPairs!.toLocaleString()} pairs of different ` +
      `relevance (those with h(x) < h(y) + τ, x the more relevant, τ = ${num(d.tau)}); ${d.pairsInQuery} are in this query` +
      `${d.pairsInQuery! > d.pairs.length ? ` (the first ${d.pairs.length} below)` : ''}. Each gives x the target h(y) + τ and y the target h(x) − τ; ` +
      'a least-squares tree g_t is fit to all the targets. Below: x over y, h_{t−1}(x) < h_{t−1}(y) + τ, and their targets.', '');
    const list = document.createElement('ol');
    list.className = 'pair-list';
    for (const { hi, lo } of d.pairs) {
      const a = byRow.get(hi)!, b = byRow.get(lo)!;
      const li = document.createElement('li');
      li.dataset.hi = String(hi);
      li.dataset.lo = String(lo);
      li.textContent = `line ${a.line} (relevance ${a.relevance}) over line ${b.line} (relevance ${b.relevance}): ` +
        `${num(a.before)} < ${num(b.before)} + ${num(d.tau)}; targets ${num(b.before + d.tau)} and ${num(a.before - d.tau)}`;
      list.append(li);
    }
    box.replaceChildren(p, list);
  }
}
