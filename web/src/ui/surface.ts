// The model's prediction over the plane of a 2-D dataset, as a heatmap, with
// the training points on top: sized by AdaBoost's weight u, or coloured by
// the size of their residual for the other algorithms; a model of several
// quantiles marks the points below, inside and above its band. data-round tells
// tests which round it shows.
import type { ToyData } from './toy-data';
import { quantileRoles } from '../output-names';
import { setData } from './dom';

// A model of several quantiles on regression data: what its surface shows.
export interface SurfaceBand {
  quantiles: number[];
  layer: 'prediction' | 'width';  // the background: the quantile nearest the median, or the band's width
}

// Blue (low) to white to orange (high): two classes or a regression range.
function ramp(t: number): [number, number, number] {
  const c = Math.max(0, Math.min(1, t));
  if (c < 0.5) {
    const k = c / 0.5;
    return [47 + (255 - 47) * k, 111 + (255 - 111) * k, 222 + (255 - 222) * k];
  }
  const k = (c - 0.5) / 0.5;
  return [255 + (228 - 255) * k, 255 + (87 - 255) * k, 255 + (46 - 255) * k];
}
const CLASS_COLOURS: [number, number, number][] = [[47, 111, 222], [228, 87, 46], [60, 170, 90], [150, 90, 200], [200, 170, 40]];

export class Surface {
  constructor(private readonly canvas: HTMLCanvasElement, private readonly caption: HTMLElement) {}

  clear(text: string) {
    const ctx = this.canvas.getContext('2d')!;
    ctx.clearRect(0, 0, this.canvas.width, this.canvas.height);
    this.canvas.dataset.round = '0';
    this.caption.textContent = text;
  }

  lastCost = 0;  // ms the last draw took: the page skips frames while playing so the main thread stays free

  // drawn: a forest tree's bootstrap counts per point (its size; 0, out of bag: a hollow ring).
  draw(toy: ToyData, round: number, grid: Float32Array, width: number, predictions?: Float32Array, weights?: Float64Array,
       algorithm = 'xgboost', drawn?: Uint32Array, band?: SurfaceBand) {
    const started = performance.now();
    const ctx = this.canvas.getContext('2d')!;
    const W = this.canvas.width, H = this.canvas.height;
    const K = grid.length / (width * width);  // values per grid cell: 1, the classes, or the quantiles
    let lo = Infinity, hi = -Infinity;
    if (!toy.classification) for (const v of toy.label) { lo = Math.min(lo, v); hi = Math.max(hi, v); }
    // Several quantiles: one output each, not classes.
    const roles = band && !toy.classification && band.quantiles.length === K && K > 1 ? quantileRoles(band.quantiles) : null;
    let widest = 0;
    if (roles) for (let c = 0; c < width * width; c++) widest = Math.max(widest, grid[c * K + roles.high] - grid[c * K + roles.low]);
    const image = ctx.createImageData(width, width);
    for (let c = 0; c < width * width; c++) {
      let rgb: [number, number, number];
      if (roles && band!.layer === 'width') {
        // White (no width) to violet (the widest band on the plane).
        const t = Math.max(0, grid[c * K + roles.high] - grid[c * K + roles.low]) / (widest || 1);
        rgb = [255 - 145 * t, 255 - 195 * t, 255 - 85 * t];
      } else if (roles) {
        rgb = ramp((grid[c * K + roles.middle] - lo) / (hi - lo || 1));
      } else if (K > 1) {
        let best = 0;
        for (let k = 1; k < K; k++) if (grid[c * K + k] > grid[c * K + best]) best = k;
        const sure = grid[c * K + best];
        const base = CLASS_COLOURS[best % CLASS_COLOURS.length];
        rgb = base.map((v) => 255 - (255 - v) * Math.max(0, (sure - 1 / K) / (1 - 1 / K)) * 0.8) as [number, number, number];
      } else {
        rgb = ramp(toy.classification ? grid[c] : (grid[c] - lo) / (hi - lo || 1));
      }
      image.data.set([rgb[0], rgb[1], rgb[2], 255], c * 4);
    }
    const off = new OffscreenCanvas(width, width);
    off.getContext('2d')!.putImageData(image, 0, 0);
    ctx.imageSmoothingEnabled = true;
    ctx.drawImage(off, 0, 0, W, H);
    // Points on top.
    const px = (v: number) => ((v - toy.range.x[0]) / (toy.range.x[1] - toy.range.x[0])) * W;
    const py = (v: number) => H - ((v - toy.range.y[0]) / (toy.range.y[1] - toy.range.y[0])) * H;
    const n = toy.x.length;
    // Past a few thousand points rings are a blur and cost a frame's time:
    // small squares in the point's colour instead.
    const many = n > 4000;
    const meanU = weights ? weights.reduce((a, b) => a + b, 0) / Math.max(1, weights.filter((u) => u > 0).length) : 0;
    // Points drawn in batches of one fill colour and one ring: a path each,
    // filled and stroked once (20,000 separate strokes took a second a frame).
    type Batch = { fill: string; stroke: string; width: number; path: Path2D; xy: number[]; hollow?: boolean; keepFill?: boolean };
    const batches = new Map<number, Batch>();
    // One batch per class and ring width (classification) or per colour step (regression).
    const HOLLOW = 1000;  // key + HOLLOW: the same point unfilled (out of the tree's bootstrap)
    const BELOW = -2, INSIDE = -3, ABOVE = -4;  // a quantile model's points, by where y lies against the band
    let inside = 0;
    const batch = (key: number): Batch => {
      let b = batches.get(key);
      if (!b && key >= HOLLOW - 100) {
        b = { ...batch(key - HOLLOW), path: new Path2D(), xy: [], hollow: true };
        batches.set(key, b);
      }
      if (!b && key <= BELOW) {
        // A quantile model's points: inside the band small and dark; outside it filled with the side's colour, ringed.
        b = key === INSIDE ? { fill: '#1d2330', stroke: '#1d2330', width: 0.75, path: new Path2D(), xy: [] }
          : { fill: key === BELOW ? 'rgb(47,111,222)' : 'rgb(228,87,46)', stroke: '#000', width: 2.5, path: new Path2D(), xy: [], keepFill: true };
        batches.set(key, b);
      }
      if (!b) {
        if (toy.classification) {
          const ring = (key % 5) / 4;
          const base = CLASS_COLOURS[Math.floor(key / 5) % CLASS_COLOURS.length];
          b = { fill: `rgb(${base.join(',')})`, stroke: ring > 0.5 ? '#000' : '#1d2330', width: 0.75 + 3 * ring, path: new Path2D(), xy: [] };
        } else {
          const rgb = key < 0 ? [30, 35, 48] : ramp(key / 32);
          b = { fill: `rgb(${rgb.map(Math.round).join(',')})`, stroke: '#1d2330', width: 0.75, path: new Path2D(), xy: [] };
        }
        batches.set(key, b);
      }
      return b;
    };
    for (let i = 0; i < n; i++) {
      let r = 2.5;
      if (weights && weights[i] > 0) r = Math.max(1.5, Math.min(12, 2.5 * Math.sqrt(weights[i] / meanU)));
      if (drawn) r = drawn[i] ? Math.min(12, 2 + 1.5 * (drawn[i] - 1)) : 3;
      // The pseudo-residual the next tree fits (squared or log loss): the
      // label minus the prediction (for multiclass, 1 minus the true class's share).
      let residual = 0;
      if (predictions && !weights) {
        const wide = predictions.length / n;
        const p = wide > 1 ? predictions[i * wide + toy.label[i]] : predictions[i];
        residual = toy.classification ? (wide > 1 ? 1 - p : toy.label[i] - p) : (toy.label[i] - p) / (hi - lo || 1);
      }
      // Classification: class colour inside; the ring darkens and thickens
      // with |residual| (in quarter steps). Regression: the point's colour is
      // its residual (in 1/32 steps), blue below the surface, orange above.
      let key = toy.classification ? toy.label[i] * 5 + Math.round(4 * Math.min(1, Math.abs(residual)))
        : predictions && !weights ? Math.round(32 * Math.max(0, Math.min(1, 0.5 + 2 * residual))) : -1;
      if (roles && predictions) {
        const a = predictions[i * K + roles.low], z = predictions[i * K + roles.high], v = toy.label[i];
        key = v < Math.min(a, z) ? BELOW : v > Math.max(a, z) ? ABOVE : INSIDE;
        if (key === INSIDE) inside++;
        r = key === INSIDE ? 2 : 3.5;
      }
      const b = batch(drawn && !drawn[i] ? key + HOLLOW : key);
      const x = px(toy.x[i]), y = py(toy.y[i]);
      if (many) {
        b.xy.push(x - 1, y - 1);
      } else {
        b.path.moveTo(x + r, y);
        b.path.arc(x, y, r, 0, 2 * Math.PI);
      }
    }
    for (const b of batches.values()) {
      // Many points: a big residual is a dark square (a point outside a quantile band keeps its side's colour).
      ctx.fillStyle = many && b.width > 1.5 && !b.keepFill ? b.stroke : b.fill;
      if (many) {
        for (let k = 0; k < b.xy.length; k += 2) ctx.fillRect(b.xy[k], b.xy[k + 1], 2, 2);
        continue;
      }
      if (!b.hollow) ctx.fill(b.path);
      ctx.strokeStyle = b.hollow ? '#1d2330' : b.stroke;
      ctx.lineWidth = b.hollow ? 1.25 : b.width;
      ctx.stroke(b.path);
    }
    this.lastCost = performance.now() - started;
    this.canvas.dataset.round = String(round);
    // What the rings and colours mean is the same for every algorithm; what
    // the next tree does with them is not (a forest's trees fit bootstrap
    // samples of y, never residuals).
    const forest = algorithm === 'random_forest';
    this.canvas.dataset.bootstrap = drawn ? 'shown' : '';
    const bootstrap = drawn ? ` Tree ${round}'s bootstrap: a point's size counts its draws; hollow rings were never drawn (out of bag).` : '';
    setData(this.canvas, 'band', roles ? `${band!.quantiles[roles.low]}|${band!.quantiles[roles.high]}` : '');
    setData(this.canvas, 'layer', roles ? band!.layer : '');
    if (roles && predictions) {
      const a = band!.quantiles[roles.low], z = band!.quantiles[roles.high], share = inside / Math.max(1, n);
      setData(this.canvas, 'inside', String(share));
      setData(this.canvas, 'widest', String(widest));
      this.caption.textContent = `Round ${round}: ${Math.round(100 * share)} % of the points lie between the ${a} and ${z} quantiles ` +
        `the model predicts at them (dark dots), which should hold about ${Math.round(100 * (z - a))} % of new points; ringed: below the band ` +
        `(blue) or above it (orange). ` + (band!.layer === 'width'
        ? `The background is the band's width, ${z} quantile − ${a} quantile (white: none, violet: ${widest.toPrecision(3)}): where it is wide, ` +
          'the model expects y to spread more around its prediction.'
        : `The background is the ${band!.quantiles[roles.middle]} quantile (blue low, orange high). Each quantile has its own trees, fit to its own pinball loss's gradients.`);
      return;
    }
    setData(this.canvas, 'inside', '');
    setData(this.canvas, 'widest', '');
    this.caption.textContent = (weights
      ? `Round ${round}: points sized by their AdaBoost weight u; the background is the model's prediction.`
      : toy.classification
        ? forest
          ? `Round ${round}: thick dark rings mark the points the forest gets most wrong, |y − p|; each tree fits a bootstrap sample of the labels, not residuals. The background is the forest's mean prediction.`
          : `Round ${round}: thick dark rings mark large residuals y − p (the pseudo-residuals the next tree fits); the background is the model's prediction.`
        : forest
          ? `Round ${round}: points coloured by the forest's error y − F (orange: above the surface, blue: below); each tree fits a bootstrap sample of y, not residuals. The background is the forest's mean prediction.`
          : `Round ${round}: points coloured by their residual y − F (orange: above the surface, blue: below), which the next tree fits; the background is the prediction.`) + bootstrap;
  }
}
