// The stage view of the gradient boosting notes, for one-feature regression:
// the data, the function they were drawn around, the stages S_0 (f0), S_1,
// ..., S_t as curves, the residuals y - S_{t-1}(x) that round t's tree was
// fit to as vertical segments, and below, S_t - S_{t-1}: what round t added
// (for boosting, the tree's step function, nu*gamma per leaf). Drawn on the
// surface's canvas; data-* carry a few of its numbers for tests.
import type { ToyData } from './toy-data';
import { setData } from './dom';
import { quantileRoles } from '../output-names';

export interface Stages {
  x: Float32Array;       // grid points
  curves: Float32Array;  // (t + 1) x grid: S_0 .. S_t
  before?: Float32Array; // each data row's F_{t-1}(x); live frames have only S_t and the rows' F_t
  // Several quantiles (curves: the one nearest the median): each quantile's curve
  // (quantiles x grid) and each data row's predictions (rows x quantiles).
  band?: { quantiles: number[]; curves: Float32Array; rows: Float32Array };
}

// A model of several quantiles' frame (margins rows x K, row-major) as the
// stage view draws it: the quantile nearest the median as S_t, the others a band.
export function quantileStages(x: Float32Array, grid: Float32Array, predictions: Float32Array, quantiles: number[]): Stages {
  const K = quantiles.length, n = x.length, rows = predictions.length / K;
  const { middle } = quantileRoles(quantiles);
  const curves = new Float32Array(K * n);
  for (let i = 0; i < n; i++) for (let k = 0; k < K; k++) curves[k * n + i] = grid[i * K + k];
  return { x, curves: curves.slice(middle * n, (middle + 1) * n), before: Float32Array.from({ length: rows }, (_, r) => predictions[r * K + middle]),
    band: { quantiles, curves, rows: predictions } };
}

export class StageView {
  constructor(private readonly canvas: HTMLCanvasElement, private readonly caption: HTMLElement) {}

  // round t; stages with curves S_0..S_t, or (live) only S_t and each row's F_t as `before`.
  draw(toy: ToyData, round: number, stages: Stages, algorithm: string) {
    const ctx = this.canvas.getContext('2d')!;
    const W = this.canvas.width, H = this.canvas.height;
    const n = stages.x.length;
    const count = stages.curves.length / n;  // curves given
    const top = H * 0.72, gap = 8;
    ctx.clearRect(0, 0, W, H);
    ctx.fillStyle = '#fff';
    ctx.fillRect(0, 0, W, H);
    const [x0, x1] = toy.range.x, [y0, y1] = toy.range.y;
    const px = (v: number) => ((v - x0) / (x1 - x0)) * W;
    const py = (v: number) => top - ((v - y0) / (y1 - y0)) * top;
    const curve = (k: number, style: string, width: number, map = py, values = stages.curves.subarray(k * n, (k + 1) * n)) => {
      ctx.beginPath();
      for (let i = 0; i < n; i++) (i ? ctx.lineTo : ctx.moveTo).call(ctx, px(stages.x[i]), map(values[i]));
      ctx.strokeStyle = style;
      ctx.lineWidth = width;
      ctx.stroke();
    };
    // Residuals: y - F_{t-1}(x), what round t's tree was fit to (live: y - F_t, what the next one will be).
    if (stages.before) {
      ctx.strokeStyle = 'rgba(200, 60, 120, 0.55)';
      ctx.lineWidth = 1;
      ctx.beginPath();
      for (let i = 0; i < toy.x.length; i++) {
        ctx.moveTo(px(toy.x[i]), py(stages.before[i]));
        ctx.lineTo(px(toy.x[i]), py(toy.label[i]));
      }
      ctx.stroke();
    }
    // Several quantiles: the band between the outer two, shaded, each quantile's curve thin.
    const band = stages.band;
    let inside = 0;
    if (band) {
      const K = band.quantiles.length, { low, high } = quantileRoles(band.quantiles);
      const lo = band.curves.subarray(low * n, (low + 1) * n), hi = band.curves.subarray(high * n, (high + 1) * n);
      ctx.beginPath();
      for (let i = 0; i < n; i++) (i ? ctx.lineTo : ctx.moveTo).call(ctx, px(stages.x[i]), py(lo[i]));
      for (let i = n - 1; i >= 0; i--) ctx.lineTo(px(stages.x[i]), py(hi[i]));
      ctx.closePath();
      ctx.fillStyle = 'rgba(47, 111, 222, 0.14)';
      ctx.fill();
      for (let k = 0; k < K; k++) {
        curve(k, 'rgba(47, 111, 222, 0.7)', 1.25, py, band.curves.subarray(k * n, (k + 1) * n));
        ctx.fillStyle = '#2f6fde';
        ctx.font = '11px system-ui, sans-serif';
        ctx.fillText(`${band.quantiles[k]}`, W - 28, py(band.curves[k * n + n - 1]) - 3);
      }
      for (let r = 0; r < toy.x.length; r++) {
        const y = toy.label[r], a = band.rows[r * K + low], b = band.rows[r * K + high];
        inside += y >= Math.min(a, b) && y <= Math.max(a, b) ? 1 : 0;
      }
    }
    // Earlier stages faded, S_0 included; the last one bold.
    for (let k = 0; k < count - 1; k++) curve(k, `rgba(120, 130, 150, ${k === 0 ? 0.8 : 0.35})`, 1);
    curve(count - 1, '#2f6fde', 2.5);
    // The true function, dashed, over the stages: under them a good fit's last stage hid it.
    if (toy.truth) {
      ctx.setLineDash([5, 4]);
      const truth = Float32Array.from(stages.x, (v) => toy.truth!(v));
      curve(0, '#3caa5a', 2, py, truth);
      ctx.setLineDash([]);
    }
    // The data.
    ctx.fillStyle = '#1d2330';
    for (let i = 0; i < toy.x.length; i++) ctx.fillRect(px(toy.x[i]) - 1.5, py(toy.label[i]) - 1.5, 3, 3);
    // Below: what round t added, S_t - S_{t-1}, around a zero line.
    let step: Float32Array | null = null;
    if (count >= 2) {
      step = Float32Array.from({ length: n }, (_, i) => stages.curves[(count - 1) * n + i] - stages.curves[(count - 2) * n + i]);
      const big = Math.max(1e-9, ...Array.from(step, Math.abs));
      const mid = top + gap + (H - top - gap) / 2, half = (H - top - gap) / 2 - 4;
      ctx.strokeStyle = '#d8dce3';
      ctx.lineWidth = 1;
      ctx.beginPath();
      ctx.moveTo(0, mid);
      ctx.lineTo(W, mid);
      ctx.stroke();
      curve(0, '#c8aa28', 2, (v) => mid - (v / big) * half, step);
      ctx.fillStyle = '#5a6272';
      ctx.font = '11px system-ui, sans-serif';
      ctx.fillText(`S${sub(round)} − S${sub(round - 1)} (max |·| ${big.toPrecision(3)})`, 6, top + gap + 12);
    }
    const at = [0, Math.floor(n / 2), n - 1];
    setData(this.canvas, 'round', String(round));
    setData(this.canvas, 'stages', String(count));
    setData(this.canvas, 'samples', JSON.stringify(at.map((i) => ({ x: stages.x[i], s: stages.curves[(count - 1) * n + i], step: step ? step[i] : null }))));
    const forest = algorithm === 'random_forest';
    if (band) {
      const K = band.quantiles.length, share = inside / Math.max(1, toy.x.length), roles = quantileRoles(band.quantiles);
      const [a, b] = [band.quantiles[roles.low], band.quantiles[roles.high]];
      setData(this.canvas, 'band', `${a}|${b}`);
      setData(this.canvas, 'inside', String(share));
      this.caption.textContent = `Round ${round}: the data (dots), the function they were drawn around (green, dashed) and the ${K} quantiles ` +
        `the model predicts (${band.quantiles.join(', ')}): ${Math.round(100 * share)} % of the points lie in the band between the ` +
        `${a} and ${b} quantiles, which should hold about ${Math.round(100 * (b - a))} % ` +
        `of new points. Bold: the ${band.quantiles[roles.middle]} quantile, ` +
        `red segments its residuals. Each quantile has its own trees, fit to its own pinball loss's gradients.`;
      return;
    }
    setData(this.canvas, 'band', '');
    this.caption.textContent = count > 1
      ? `Round ${round}: the data (dots), the function they were drawn around (green, dashed), S₀ = f₀ and the stages after it (grey), ` +
        `S${sub(round)} (blue); red segments: the residuals y − S${sub(round - 1)}(x) ${forest ? 'the forest had left' : `tree ${round} was fit to`}. ` +
        `Below: what round ${round} added, S${sub(round)} − S${sub(round - 1)}${forest ? ' (a forest averages: not the tree itself)' : algorithm === 'adaboost' ? ' (AdaBoost.R2 takes a weighted median: not the tree itself)' : `, tree ${round}'s step function (ν·γ per leaf)`}.`
      : `Round ${round}: the data, S${sub(round)} (blue) and the residuals y − S${sub(round)}(x) (red), which the next tree fits. Pause or Step to see every stage.`;
  }
}

function sub(t: number) {
  return String(t).replace(/\d/g, (c) => '₀₁₂₃₄₅₆₇₈₉'[Number(c)]);
}
