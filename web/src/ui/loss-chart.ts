// Loss per round, drawn with uPlot from the store: the runs on one dataset
// (the loaded one, or an earlier one picked above the chart), the current
// run's train and validation curves solid, earlier runs dashed under their
// names. A forest's training metric is out-of-bag and says so. Click a round
// to look inside it. The element carries data-points-*, data-runs,
// data-metric and data-best for tests.
import uPlot from 'uplot';
import 'uplot/dist/uPlot.min.css';
import type { CrossValidation, Run } from '../state';
import { scrollBehavior, stat } from './dom';

// A series' value in the legend as the status lines write it (four significant digits): uPlot's own
// rounds to three decimals, so an out-of-bag error of 0.09964 read 0.1 beside a valid error of 0.036.
const legendValue = (_u: uPlot, v: number | null) => (v === null || v === undefined ? '–' : stat(v));

// Earlier runs' colours, none the current run's (blue, red) or the
// out-of-bag line's (green); past six runs the dashes change instead.
const COLOURS = ['#7b8496', '#965ac8', '#c8aa28', '#28a0c8', '#c83c78', '#8c6d31'];
const DASHES = [[6, 3], [2, 3], [10, 3, 2, 3]];
const OUT_OF_BAG = '#3caa5a';
const HEIGHT = 300;

// A forest reports its training rows' out-of-bag error (oob_rmse, oob_error).
const isOutOfBag = (metric: string) => metric.startsWith('oob_');
const trainName = (metric: string) => (isOutOfBag(metric) ? `out-of-bag ${metric.slice(4)}` : `train ${metric}`);

export interface ChartView {
  runs: Run[];           // the runs on the dataset shown, oldest first
  current: Run | null;   // among them, the one drawn solid
  metric: string;        // '' : the current run's early-stopping metric
  log: boolean;
  selectedRound: number;
  cv: CrossValidation | null;  // a cross-validation on the same data: its test mean, and a band of one std
  // The rounds axis spans the current run only (a lesson: its step's run is the point, and a 60-round run kept from an
  // earlier step squeezed a 2-round one into the axis's left edge); else the longest run.
  spanCurrent: boolean;
}

const CV = '#965ac8';
type CvRoundValue = { mean: number; std: number };

export class LossChart {
  private plot: uPlot | null = null;
  private shape = '';
  private version = '';
  private view: ChartView | null = null;
  // The legend's scroll, as scrollLegend last set it: the current run's first entry, and the height of the
  // entries it was worked out for. They wrap anew as the rounds' values come in (at round 1 an earlier run's
  // entry took seven lines, at round 60 two), so their height is watched and the scroll set again: an
  // earlier entry showed cut in half under the round's line.
  private legendFirst = 0;
  private legendEntries = 0;
  private legendWatch: { legend: HTMLElement; observer: ResizeObserver } | null = null;
  private legendAbove: (() => void) | null = null;  // the "↑ N earlier runs" hint brought up to date

  constructor(private readonly el: HTMLElement, private readonly metricSelect: HTMLSelectElement, private readonly logBox: HTMLInputElement,
    handlers: { metric: (m: string) => void; log: (on: boolean) => void; round: (r: number) => void }) {
    new ResizeObserver(() => this.plot?.setSize(this.size())).observe(el);
    metricSelect.addEventListener('change', () => handlers.metric(metricSelect.value));
    logBox.addEventListener('change', () => handlers.log(logBox.checked));
    el.addEventListener('click', () => {
      const idx = this.plot?.cursor.idx;
      if (idx !== null && idx !== undefined) handlers.round(idx + 1);
    });
  }

  private size() {
    return { width: Math.max(260, this.el.clientWidth), height: HEIGHT };
  }

  // The metric on show: the chosen one if some run reports it, else the
  // current run's early-stopping metric.
  static metricOf(v: ChartView) {
    const known = LossChart.metricsKnown(v.runs, v.cv);
    if (v.metric && known.includes(v.metric)) return v.metric;
    const last = (v.current ?? v.runs.at(-1))?.reports.at(-1);
    if (!last) return Object.keys(v.cv?.rounds.at(-1)?.test ?? {}).at(-1) ?? '';  // only a cross-validation so far
    return last.metric || Object.keys(last.train)[0] || Object.keys(last.valid)[0] || '';
  }

  private static metricsKnown(runs: Run[], cv: CrossValidation | null = null) {
    const names = new Set<string>(Object.keys(cv?.rounds.at(-1)?.test ?? {}));
    // Validation too: with eval_train 0 a run reports no training metric.
    for (const run of runs) for (const r of run.reports.slice(-1)) [...Object.keys(r.train), ...Object.keys(r.valid)].forEach((k) => names.add(k));
    return [...names];
  }

  render(v: ChartView) {
    const m = LossChart.metricOf(v);
    const cvRounds = v.cv?.rounds.filter((r) => m in r.test) ?? [];
    const version = `${m}|${v.log}|${v.selectedRound}|${v.current?.number}:${v.current?.status}|${v.runs.map((r) => `${r.number}:${r.reports.length}`).join(',')}|${v.cv?.token}:${cvRounds.length}|${v.spanCurrent}`;
    if (version === this.version) return;  // (the status too: a run ending moves the legend to the round it keeps)
    this.version = version;
    this.view = v;
    const c = v.current;
    const earlier = v.runs.filter((r) => r !== c && r.reports.some((rep) => m in rep.valid || m in rep.train || `oob_${m}` in rep.train));
    const longest = v.spanCurrent && c ? Math.max(1, c.reports.length, cvRounds.length)
      : Math.max(0, cvRounds.length, ...v.runs.map((r) => r.reports.length));
    const x = Array.from({ length: longest }, (_, i) => i + 1);
    const series: uPlot.Series[] = [{ label: 'round' }];
    const data: (number | null)[][] = [x];
    // A forest's training series is out-of-bag: oob_rmse beside the validation rmse.
    const key = (run: Run, set: 'train' | 'valid') =>
      set === 'train' && !run.reports.some((r) => m in r.train) && run.reports.some((r) => `oob_${m}` in r.train) ? `oob_${m}` : m;
    const column = (run: Run, set: 'train' | 'valid') => x.map((_, i) => {
      const value = run.reports[i]?.[set][key(run, set)];
      return value !== undefined && (!v.log || value > 0) ? value : null;
    });
    earlier.forEach((r, i) => {
      const valid = r.reports.some((rep) => m in rep.valid);
      // Its settings name the rounds asked for; a run that ended sooner (a lesson's Steps, Stop) says how far it went.
      const short = r.reports.length < r.plannedRounds && r.status !== 'training' ? `, ${r.reports.length} trained` : '';
      series.push({ label: `Run ${r.number}: ${r.label}${short} (${valid ? 'valid' : isOutOfBag(m) ? 'out-of-bag' : 'train'})`,
        stroke: COLOURS[i % COLOURS.length], width: 1.5, dash: DASHES[Math.floor(i / COLOURS.length) % DASHES.length], value: legendValue });
      data.push(column(r, valid ? 'valid' : 'train'));
    });
    if (c) {
      series.push({ label: trainName(key(c, 'train')), stroke: '#2f6fde', width: 2, value: legendValue },
        { label: `valid ${m}`, stroke: '#e4572e', width: 2, value: legendValue });
      data.push(column(c, 'train'), column(c, 'valid'));
      // A forest's out-of-bag error beside its training and validation error.
      if (key(c, 'train') === m && c.reports.some((r) => `oob_${m}` in r.train)) {
        series.push({ label: `out-of-bag ${m}`, stroke: OUT_OF_BAG, width: 2, dash: [3, 3], value: legendValue });
        data.push(x.map((_, i) => c.reports[i]?.train[`oob_${m}`] ?? null));
      }
    }
    // The cross-validation: its folds' mean test curve, and a band from one std below to one above.
    let band: uPlot.Band | null = null;
    if (cvRounds.length) {
      const at = (f: (r: CvRoundValue) => number) => x.map((_, i) => {
        const r = cvRounds[i]?.test[m];
        const value = r ? f(r) : null;
        return value !== null && Number.isFinite(value) && (!v.log || value > 0) ? value : null;
      });
      series.push({ label: `cv test ${m} (${v.cv!.nfold} folds, mean)`, stroke: CV, width: 2, value: legendValue },
        { label: '+1 std', stroke: 'rgba(150, 90, 200, 0.35)', width: 1, points: { show: false }, value: legendValue },
        { label: '−1 std', stroke: 'rgba(150, 90, 200, 0.35)', width: 1, points: { show: false }, value: legendValue });
      data.push(at((r) => r.mean), at((r) => r.mean + r.std), at((r) => r.mean - r.std));
      band = { series: [series.length - 2, series.length - 1], fill: 'rgba(150, 90, 200, 0.15)' };
    }
    const shape = `${m}|${v.log}|${c?.number}|${series.map((s) => s.label).join('|')}`;
    let fresh = false;
    if (shape !== this.shape || !this.plot) {
      this.plot?.destroy();
      this.plot = null;
      this.el.replaceChildren();
      this.shape = shape;
      if (series.length > 1) {
        this.plot = new uPlot({
          ...this.size(),
          title: c ? `Run ${c.number}: ${c.label}` : undefined,
          scales: { x: { time: false }, y: { distr: v.log ? 3 : 1 } },
          // Rounds are whole numbers: ticks at 1, 2, 5, 10, … apart.
          axes: [{ label: 'round', incrs: [1, 2, 5, 10, 20, 50, 100, 200, 500, 1000, 2000, 5000, 10000, 20000, 50000, 100000],
            values: (_u, splits) => {
              this.el.dataset.xTicks = splits.join(',');
              return splits.map(String);
            } },
            // As wide as its longest tick label (0.0326164 was cut to "326164" in 60 px), plus the axis's name.
            { label: m, size: (_u, values) => Math.max(60, 30 + 7.5 * Math.max(0, ...(values ?? []).map((t) => String(t).length))) }],
          series,
          bands: band ? [band] : [],
          // Away from the mouse, the legend holds the round picked (or the newest): a round
          // picked with the slider showed "--" there, its numbers only in the line above.
          hooks: { draw: [(u) => this.marks(u)], setCursor: [(u) => this.restLegend(u)] },
        }, data as uPlot.AlignedData, this.el);
        fresh = true;
      }
    } else {
      this.plot.setData(data as uPlot.AlignedData);
    }
    if (this.plot) this.restLegend(this.plot);
    if (fresh && c) this.scrollLegend(1 + earlier.length);
    // The metric picker lists what the runs report; before any round it says
    // when it will (an empty list looked broken).
    const known = LossChart.metricsKnown(v.runs, v.cv);
    const values = known.length ? known : [''];
    const options = [...this.metricSelect.options];
    if (options.length !== values.length || options.some((o, i) => o.value !== values[i])) {
      this.metricSelect.replaceChildren(...(known.length ? known.map((k) => new Option(isOutOfBag(k) ? `${k} (out-of-bag)` : k, k))
        : [new Option('after the first round', '')]));
    }
    this.metricSelect.disabled = known.length === 0;
    this.metricSelect.value = known.length ? m : '';
    this.logBox.checked = v.log;
    const best = c?.earlyStopping ? c.reports.at(-1)?.bestRound ?? 0 : 0;
    this.el.dataset.pointsTrain = String(c?.reports.filter((r) => m in r.train).length ?? 0);
    this.el.dataset.pointsValid = String(c?.reports.filter((r) => m in r.valid).length ?? 0);
    this.el.dataset.runs = String(earlier.length);
    this.el.dataset.rounds = String(longest);  // the rounds axis's span
    this.el.dataset.metric = m;
    // A score (AUC, NDCG, ...) is not a loss: the heading says which way is better.
    const title = document.getElementById('chart-title');
    if (title) title.textContent = known.length && /^(auc|aucpr|ndcg|map|pairacc)/.test(m) ? `${m} per round (higher is better)` : 'Loss per round';
    this.el.dataset.best = String(best);
    this.el.dataset.cvPoints = String(cvRounds.length);
  }

  // The current run's entries come last: with many runs they are past the legend's height, so it
  // opens scrolled to them under the round's sticky line, with as many earlier entries above them
  // as fit whole, and no taller than those (scrolled to the end, an earlier entry showed cut in
  // half under the round). Called after the values are in: they wrap.
  private scrollLegend(first: number) {
    this.legendFirst = first;
    const legend = this.el.querySelector<HTMLElement>('.u-legend');
    const rows = legend ? [...legend.querySelectorAll<HTMLElement>('.u-series')] : [];
    if (!legend || rows.length <= first) return;
    const entries = legend.firstElementChild as HTMLElement | null;  // the table's body: the entries' height, whatever the legend's
    this.legendEntries = entries?.getBoundingClientRect().height ?? 0;
    if (entries && this.legendWatch?.legend !== legend) {
      this.legendWatch?.observer.disconnect();
      const observer = new ResizeObserver(() => {
        const height = entries.getBoundingClientRect().height;
        if (Math.abs(height - this.legendEntries) < 0.5) return;
        this.legendEntries = height;
        // Next frame, not inside the observer's delivery (a layout change there is reported as a loop).
        requestAnimationFrame(() => { if (legend.isConnected) this.scrollLegend(this.legendFirst); });
      });
      observer.observe(entries);
      this.legendWatch = { legend, observer };
    }
    legend.style.maxHeight = '';
    if (legend.scrollHeight <= legend.clientHeight) return;
    const top = (e: HTMLElement) => e.getBoundingClientRect().top - legend.getBoundingClientRect().top + legend.scrollTop;
    const stick = rows[0].getBoundingClientRect().height, room = legend.clientHeight - stick, end = legend.scrollHeight;
    let at = top(rows[first]);
    for (let i = first - 1; i >= 1 && end - top(rows[i]) <= room; i--) at = top(rows[i]);
    legend.style.maxHeight = `${Math.min(legend.clientHeight, stick + end - at)}px`;
    legend.scrollTop = at - stick;
    // Earlier runs scrolled out above the current one are said on the round's line (on a phone
    // they were out of sight with no sign they were there); clicked, it shows them.
    if (first <= 1) return;
    const more = legend.querySelector<HTMLButtonElement>('button.legend-more') ?? this.earlierHint(legend);
    this.legendAbove = () => {
      const above = rows.slice(1, first).filter((e) => top(e) < legend.scrollTop + stick - 1).length;
      more.hidden = above === 0;  // and empty: the legend's text is read whole (tests, screen readers' summaries)
      more.textContent = above ? `↑ ${above} earlier run${above === 1 ? '' : 's'}` : '';
    };
    this.legendAbove();
  }

  // On the round's line (uPlot writes the value into its cell's first text node only), at its right; once a
  // legend, as is its scroll listener (scrollLegend may run again on the same legend).
  private earlierHint(legend: HTMLElement) {
    const more = document.createElement('button');
    more.type = 'button';
    more.className = 'link legend-more';
    more.addEventListener('click', () => legend.scrollTo({ top: 0, behavior: scrollBehavior() }));
    legend.querySelector('.u-series td')?.append(more);
    legend.addEventListener('scroll', () => this.legendAbove?.(), { passive: true });
    return more;
  }

  private restLegend(u: uPlot) {
    if (u.cursor.idx !== null && u.cursor.idx !== undefined) return;  // under the mouse: uPlot's own
    const rounds = u.data[0].length;
    const picked = this.view?.selectedRound ?? 0;
    // Not picked: the round the run on show's model keeps (early stopping's, once the run ended: the result panel's
    // numbers, not the last round's), else its newest (an earlier, longer run's last round gave it "–").
    const c = this.view?.current;
    const kept = c && c.earlyStopping && c.status !== 'training' && c.status !== 'paused' ? c.reports.at(-1)?.bestRound ?? 0 : 0;
    const newest = kept || c?.reports.length || rounds;
    const idx = picked > 0 && picked <= rounds ? picked - 1 : Math.min(newest, rounds) - 1;
    if (idx >= 0) u.setLegend({ idx }, false);
    this.el.dataset.legendRound = String(idx + 1);
  }

  // The best validation round (early stopping) dashed in red; the round
  // selected for the inside views in grey.
  private marks(u: uPlot) {
    const v = this.view;
    if (!v) return;
    const c = v.current;
    const best = c?.earlyStopping ? c.reports.at(-1)?.bestRound ?? 0 : 0;
    const line = (round: number, colour: string, dash: number[]) => {
      const px = u.valToPos(round, 'x', true);
      const ctx = u.ctx;
      ctx.save();
      ctx.strokeStyle = colour;
      ctx.setLineDash(dash);
      ctx.beginPath();
      ctx.moveTo(px, u.bbox.top);
      ctx.lineTo(px, u.bbox.top + u.bbox.height);
      ctx.stroke();
      ctx.restore();
    };
    if (v.selectedRound) line(v.selectedRound, '#9aa3b5', [2, 3]);
    if (best) line(best, '#e4572e', [4, 4]);
  }
}
