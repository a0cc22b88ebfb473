// Train and validation loss per round, drawn live with uPlot. The element
// carries data-points-* attributes with the number of points it draws.
import uPlot from 'uplot';
import 'uplot/dist/uPlot.min.css';
import type { RoundReport } from '../../../wasm/js/index.js';

export class LossChart {
  private plot: uPlot | null = null;
  private rounds: number[] = [];
  private train: number[] = [];
  private valid: (number | null)[] = [];
  private metric = '';

  constructor(private readonly el: HTMLElement) {
    new ResizeObserver(() => this.plot?.setSize(this.size())).observe(el);
  }

  private size() {
    return { width: Math.max(280, this.el.clientWidth), height: 320 };
  }

  reset() {
    this.plot?.destroy();
    this.plot = null;
    this.rounds = [];
    this.train = [];
    this.valid = [];
    this.metric = '';
    this.el.replaceChildren();
    this.updateCounts();
  }

  append(r: RoundReport) {
    if (!this.plot) {
      this.metric = r.metric || Object.keys(r.train)[0];
      this.plot = new uPlot(
        {
          ...this.size(),
          scales: { x: { time: false } },
          axes: [{ label: 'round' }, { label: this.metric, size: 60 }],
          series: [
            { label: 'round' },
            { label: `train ${this.metric}`, stroke: '#2f6fde', width: 2 },
            { label: `valid ${this.metric}`, stroke: '#e4572e', width: 2 },
          ],
        },
        [[], [], []],
        this.el,
      );
    }
    this.rounds.push(r.round);
    this.train.push(r.train[this.metric]);
    this.valid.push(r.valid[this.metric] ?? null);
    this.plot.setData([this.rounds, this.train, this.valid] as uPlot.AlignedData);
    this.updateCounts();
  }

  private updateCounts() {
    this.el.dataset.pointsTrain = String(this.train.length);
    this.el.dataset.pointsValid = String(this.valid.filter((v) => v !== null).length);
    this.el.dataset.metric = this.metric;
  }
}
