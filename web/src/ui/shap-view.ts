// SHAP values on the page: a summary plot (a row of dots per feature, one dot
// per row explained, at its SHAP value, coloured by the feature's value) and
// a waterfall for one row (from the bias, each feature's push, to the
// margin). The numbers are the engine's TreeSHAP (model.contributions).
import { setData, setText, stat } from './dom';

export interface ShapFeature { name: string; type: string; levels?: string[] }

export interface ShapData {
  rows: number[];         // the table rows explained, 0-based
  lines: number[];        // and their lines in the file
  phi: Float32Array;      // rows x outputs x (features + 1), the bias last
  values: Float32Array;   // rows x features: what the model read (a category's index in levels; NaN missing)
  features: ShapFeature[];
  outputs: number;
  classes: string[];
}

const LOW = [47, 111, 222], HIGH = [214, 51, 108];  // blue for low values, red for high
const colour = (t: number) => `rgb(${LOW.map((c, i) => Math.round(c + (HIGH[i] - c) * t)).join(',')})`;
const MAX_FEATURES = 12;

// What a row's value of feature f reads as: a number, a level, or missing.
export function valueText(f: ShapFeature, v: number) {
  if (Number.isNaN(v)) return 'missing';
  if (f.type === 'categorical') return f.levels?.[v] ?? String(v);
  return Number.isInteger(v) ? String(v) : String(Number(v.toPrecision(6)));
}

// One output's SHAP values: phi[row][feature], and each row's bias.
// The text cut (with an ellipsis) to fit `width` pixels in ctx's font: a
// phone's label column is 90 px, and 'charExclamation' ran off the canvas.
export function fitText(ctx: CanvasRenderingContext2D, text: string, width: number) {
  if (ctx.measureText(text).width <= width) return text;
  let n = text.length;
  while (n > 1 && ctx.measureText(`${text.slice(0, n - 1)}…`).width > width) n--;
  return `${text.slice(0, n - 1)}…`;
}

function slice(d: ShapData, output: number) {
  const F = d.features.length, W = F + 1;
  const at = (i: number, f: number) => d.phi[(i * d.outputs + output) * W + f];
  return { F, at };
}

// Features by mean |SHAP value| over the rows, largest first.
function ranked(d: ShapData, output: number) {
  const { F, at } = slice(d, output);
  const mean = Array.from({ length: F }, (_, f) => {
    let s = 0;
    for (let i = 0; i < d.rows.length; i++) s += Math.abs(at(i, f));
    return s / Math.max(1, d.rows.length);
  });
  return mean.map((m, f) => ({ f, m })).sort((a, b) => b.m - a.m);
}

export class ShapSummary {
  constructor(private readonly canvas: HTMLCanvasElement, private readonly caption: HTMLElement) {}

  clear(text: string) {
    const ctx = this.canvas.getContext('2d')!;
    ctx.clearRect(0, 0, this.canvas.width, this.canvas.height);
    this.canvas.hidden = true;
    setText(this.caption, text);
    setData(this.canvas, 'features', '0');
  }

  render(d: ShapData, output: number, what: string) {
    const { F, at } = slice(d, output);
    const order = ranked(d, output).slice(0, Math.min(MAX_FEATURES, F));
    const n = d.rows.length;
    this.canvas.hidden = false;
    const width = Math.max(280, this.canvas.parentElement!.clientWidth);
    const rowHeight = 26, top = 8, bottom = 34;
    const left = Math.min(150, Math.round(width * 0.3));
    const height = top + order.length * rowHeight + bottom;
    const ratio = window.devicePixelRatio || 1;
    this.canvas.width = Math.round(width * ratio);
    this.canvas.height = Math.round(height * ratio);
    this.canvas.style.width = `${width}px`;
    this.canvas.style.height = `${height}px`;
    const ctx = this.canvas.getContext('2d')!;
    ctx.setTransform(ratio, 0, 0, ratio, 0, 0);
    ctx.clearRect(0, 0, width, height);
    let lo = 0, hi = 0;
    for (const { f } of order) for (let i = 0; i < n; i++) { const v = at(i, f); if (v < lo) lo = v; if (v > hi) hi = v; }
    if (hi - lo < 1e-12) { lo -= 1; hi += 1; }
    const plotLeft = left + 8, plotRight = width - 12;
    const x = (v: number) => plotLeft + ((v - lo) / (hi - lo)) * (plotRight - plotLeft);
    // The zero line: left of it a feature pulled the prediction down, right of it up.
    ctx.strokeStyle = '#b8bfcc';
    ctx.beginPath();
    ctx.moveTo(x(0), top - 4);
    ctx.lineTo(x(0), top + order.length * rowHeight);
    ctx.stroke();
    ctx.font = '12px system-ui, sans-serif';
    ctx.textBaseline = 'middle';
    order.forEach(({ f }, j) => {
      const y = top + j * rowHeight + rowHeight / 2;
      ctx.fillStyle = '#1d2433';
      ctx.textAlign = 'right';
      const name = d.features[f].name;
      ctx.fillText(fitText(ctx, name, left - 4), left, y);
      // Colour by the value's place between the rows' lowest and highest (a category by its index).
      let vmin = Infinity, vmax = -Infinity;
      for (let i = 0; i < n; i++) { const v = d.values[i * F + f]; if (!Number.isNaN(v)) { vmin = Math.min(vmin, v); vmax = Math.max(vmax, v); } }
      for (let i = 0; i < n; i++) {
        const v = d.values[i * F + f];
        ctx.fillStyle = Number.isNaN(v) ? '#9aa3b2' : colour(vmax > vmin ? (v - vmin) / (vmax - vmin) : 0.5);
        // Spread the dots up and down (a fixed pattern, the same every time).
        const jitter = (((i * 0.6180339887) % 1) - 0.5) * rowHeight * 0.7;
        ctx.fillRect(x(at(i, f)) - 1.5, y + jitter - 1.5, 3, 3);
      }
    });
    // The axis: SHAP value (the push on the margin), with its ends and zero.
    const axisY = top + order.length * rowHeight + 6;
    ctx.fillStyle = '#5b6475';
    ctx.textBaseline = 'top';
    // The ends' numbers inside the canvas: centred on the last pixel, 323000 showed as 32300.
    for (const [v, align] of [[lo, 'left'], [0, 'center'], [hi, 'right']] as const) {
      ctx.textAlign = align;
      ctx.fillText(String(Number(v.toPrecision(3))), x(v), axisY);
    }
    ctx.textAlign = 'center';  // (the loop left it 'right': the title ran off the canvas's left edge)
    ctx.fillText(`SHAP value (${what})`, (plotLeft + plotRight) / 2, axisY + 14);
    setText(this.caption, `${n.toLocaleString()} rows; each dot is one row's SHAP value for a feature, coloured by that row's value ` +
      `(blue low, red high, grey missing). Features by mean |SHAP value|${F > order.length ? `, the top ${order.length} of ${F}` : ''}.`);
    setData(this.canvas, 'features', String(order.length));
    setData(this.canvas, 'rows', String(n));
    setData(this.canvas, 'top', d.features[order[0]?.f]?.name ?? '');
    this.canvas.dataset.labels = order.map(({ f }) => fitText(ctx, d.features[f].name, left - 4)).join('|');
    this.canvas.dataset.labelWidth = String(left - 4);
    this.canvas.setAttribute('aria-label', `SHAP summary: ${order.slice(0, 5).map(({ f, m }) => `${d.features[f].name} mean |SHAP| ${m.toPrecision(3)}`).join(', ')}`);
  }
}

export class ShapWaterfall {
  constructor(private readonly el: HTMLElement, private readonly caption: HTMLElement) {}

  clear(text: string) {
    this.el.replaceChildren();
    setText(this.caption, text);
    setData(this.el, 'bars', '0');
  }

  // Row 0 of d (one row explained): the bias, the largest pushes, the rest
  // together, and the score they add up to.
  render(d: ShapData, output: number, what: string) {
    const { F, at } = slice(d, output);
    const bias = at(0, F);
    const order = Array.from({ length: F }, (_, f) => f).sort((a, b) => Math.abs(at(0, b)) - Math.abs(at(0, a)));
    const shown = order.slice(0, 10).filter((f) => at(0, f) !== 0);
    const rest = order.filter((f) => !shown.includes(f)).reduce((s, f) => s + at(0, f), 0);
    const steps = shown.map((f) => ({ label: `${d.features[f].name} = ${valueText(d.features[f], d.values[f])}`, value: at(0, f) }));
    if (F > shown.length) steps.push({ label: F - shown.length === 1 ? '1 other feature' : `${F - shown.length} other features`, value: rest });
    let total = bias;
    const bars = steps.map((s) => { const from = total; total += s.value; return { ...s, from, to: total }; });
    const ends = [bias, total, ...bars.flatMap((b) => [b.from, b.to])];
    const lo = Math.min(...ends), hi = Math.max(...ends), span = hi - lo || 1;
    const pct = (v: number) => `${(100 * (v - lo)) / span}%`;
    const line = (label: string, value: string, from: number, to: number, kind: string) => {
      const row = document.createElement('div');
      row.className = 'bar-row';
      const name = document.createElement('span');
      name.className = 'bar-label';
      name.textContent = label;
      name.title = label;
      const track = document.createElement('span');
      track.className = 'track';
      const bar = document.createElement('span');
      bar.className = `bar ${kind}`;
      bar.style.marginLeft = pct(Math.min(from, to));
      bar.style.width = `calc(${(100 * Math.abs(to - from)) / span}% + 2px)`;
      track.append(bar);
      const number = document.createElement('span');
      number.className = 'bar-value';
      number.textContent = value;
      row.append(name, track, number);
      row.setAttribute('aria-label', `${label}: ${value}`);
      return row;
    };
    // A forest's pushes add up to a probability; a booster's to its score F (XGBoost's margin).
    const outcome = what.startsWith('probability') ? 'probability' : 'score';
    this.el.replaceChildren(
      line('bias: E[f(x)]', stat(bias), bias, bias, 'base'),
      ...bars.map((b) => line(b.label, `${b.value >= 0 ? '+' : '−'}${stat(Math.abs(b.value))}`, b.from, b.to, b.value >= 0 ? 'up' : 'down')),
      line(`f(x): the ${outcome}`, stat(total), total, total, 'base'),
    );
    setText(this.caption, `Line ${d.lines[0].toLocaleString()} of the file: from the bias, each feature's push (${what}), to the ${outcome} the ` +
      'model predicts. Click a row of the preview, or type a line, to explain another.');
    setData(this.el, 'bars', String(bars.length));
    setData(this.el, 'row', String(d.rows[0]));
    setData(this.el, 'line', String(d.lines[0]));
    setData(this.el, 'sum', String(total));
  }
}
