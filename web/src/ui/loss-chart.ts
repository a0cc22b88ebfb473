// Loss per round, drawn live with uPlot: the current run's train and
// validation metric, and every finished run kept as a named series so runs
// can be compared on the same data. Pick the metric; log scale; the best
// round (early stopping) marked. The element carries data-points-*,
// data-runs, data-metric and data-best for tests.
import uPlot from 'uplot';
import 'uplot/dist/uPlot.min.css';
import type { RoundReport } from '../../../wasm/js/index.js';

interface Run {
  name: string;
  rounds: number[];
  train: Record<string, number[]>;
  valid: Record<string, number[]>;
  best: number;  // 1-based best round, 0: none
  marksBest: boolean;  // early stopping is on: the best round is marked
}

const COLOURS = ['#7b8496', '#3caa5a', '#965ac8', '#c8aa28', '#28a0c8', '#c83c78'];

export class LossChart {
  private plot: uPlot | null = null;
  private runs: Run[] = [];
  private current: Run | null = null;
  private metric = '';
  private log = false;
  private shape = '';

  constructor(private readonly el: HTMLElement, private readonly metricSelect: HTMLSelectElement, logBox: HTMLInputElement) {
    new ResizeObserver(() => this.plot?.setSize(this.size())).observe(el);
    metricSelect.addEventListener('change', () => { this.metric = metricSelect.value; this.redraw(true); });
    logBox.addEventListener('change', () => { this.log = logBox.checked; this.redraw(true); });
  }

  private size() {
    return { width: Math.max(260, this.el.clientWidth), height: 300 };
  }

  // A new run starts; the one before stays on the chart under its name.
  start(name: string, marksBest: boolean) {
    if (this.current && this.current.rounds.length) this.runs.push(this.current);
    this.current = { name, rounds: [], train: {}, valid: {}, best: 0, marksBest };
    this.redraw(true);
  }

  // Reset: the run in progress leaves the chart.
  dropCurrent() {
    this.current = null;
    this.redraw(true);
  }

  clearRuns() {
    this.runs = [];
    this.redraw(true);
  }

  append(r: RoundReport) {
    const c = this.current;
    if (!c) return;
    c.rounds.push(r.round);
    for (const [k, v] of Object.entries(r.train)) (c.train[k] ??= []).push(v);
    for (const [k, v] of Object.entries(r.valid)) (c.valid[k] ??= []).push(v);
    c.best = c.marksBest ? r.bestRound : 0;
    if (!this.metric || !(this.metric in c.train)) this.metric = r.metric || Object.keys(r.train)[0];
    this.redraw(false);
  }

  private metricsKnown() {
    const names = new Set<string>();
    // Validation too: with eval_train 0 a run reports no training metric.
    for (const run of [...this.runs, ...(this.current ? [this.current] : [])])
      [...Object.keys(run.train), ...Object.keys(run.valid)].forEach((k) => names.add(k));
    return [...names];
  }

  private redraw(rebuild: boolean) {
    const m = this.metric;
    const runs = this.runs.filter((r) => m in r.valid || m in r.train);
    const c = this.current;
    const longest = Math.max(0, c?.rounds.length ?? 0, ...runs.map((r) => r.rounds.length));
    const x = Array.from({ length: longest }, (_, i) => i + 1);
    const pad = (v: number[] | undefined) => x.map((_, i) => (v && i < v.length && (!this.log || v[i] > 0) ? v[i] : null));
    const series: uPlot.Series[] = [{ label: 'round' }];
    const data: (number | null)[][] = [x];
    runs.forEach((r, i) => {
      const valid = m in r.valid;
      series.push({ label: `${r.name} (${valid ? 'valid' : 'train'})`, stroke: COLOURS[i % COLOURS.length], width: 1.5, dash: [6, 3] });
      data.push(pad(valid ? r.valid[m] : r.train[m]));
    });
    if (c) {
      series.push({ label: `train ${m}`, stroke: '#2f6fde', width: 2 }, { label: `valid ${m}`, stroke: '#e4572e', width: 2 });
      data.push(pad(c.train[m]), pad(c.valid[m]));
    }
    const shape = `${m}|${this.log}|${c?.name}|${series.map((s) => s.label).join('|')}`;
    if (rebuild || shape !== this.shape || !this.plot) {
      this.plot?.destroy();
      this.plot = null;
      this.el.replaceChildren();
      this.shape = shape;
      const best = () => c?.best ?? 0;
      if (series.length > 1) {
        this.plot = new uPlot({
          ...this.size(),
          // The current run by name: solid lines; earlier runs are dashed, under their names.
          title: c ? c.name : undefined,
          scales: { x: { time: false }, y: { distr: this.log ? 3 : 1 } },
          axes: [{ label: 'round' }, { label: m, size: 60 }],
          series,
          hooks: {
            // The best validation round: a dashed vertical line.
            draw: [(u) => {
              const b = best();
              if (!b) return;
              const px = u.valToPos(b, 'x', true);
              const ctx = u.ctx;
              ctx.save();
              ctx.strokeStyle = '#e4572e';
              ctx.setLineDash([4, 4]);
              ctx.beginPath();
              ctx.moveTo(px, u.bbox.top);
              ctx.lineTo(px, u.bbox.top + u.bbox.height);
              ctx.stroke();
              ctx.restore();
            }],
          },
        }, data as uPlot.AlignedData, this.el);
      }
    } else {
      this.plot.setData(data as uPlot.AlignedData);
    }
    // The metric picker lists what the runs report.
    const known = this.metricsKnown();
    if ([...this.metricSelect.options].map((o) => o.value).join() !== known.join()) {
      this.metricSelect.replaceChildren(...known.map((k) => new Option(k, k)));
    }
    this.metricSelect.value = m;
    this.el.dataset.pointsTrain = String(c?.train[m]?.length ?? 0);
    this.el.dataset.pointsValid = String(c?.valid[m]?.length ?? 0);
    this.el.dataset.runs = String(this.runs.length);
    this.el.dataset.metric = m;
    this.el.dataset.best = String(c?.best ?? 0);
  }
}
