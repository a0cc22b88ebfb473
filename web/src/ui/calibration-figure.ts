// Two classes: is p a probability? The rows scored, binned by the second class's p (Evaluation's
// firstByP / secondByP, 1,000 bins), regrouped into tenths of p: in each, the share of the rows that
// are the second class against their mean p. On the diagonal, p = 0.8 means right 8 times in 10; a
// forest's vote shares sit inside it (pulled to ½), an over-confident model outside. The threshold
// view reads p as a probability when it trades precision for recall; this says whether it may.
import { smallChart } from './dom';

const GROUPS = 10;

export interface CalibrationPoint { meanP: number; share: number; weight: number }

// Each tenth's mean p (from the 1,000 bins' centres, within 0.0005 of the rows' own mean) and
// the share of its weight that is the second class; tenths with no rows are left out.
export function calibrationPoints(first: Float64Array, second: Float64Array): CalibrationPoint[] {
  const bins = first.length, per = bins / GROUPS, out: CalibrationPoint[] = [];
  for (let g = 0; g < GROUPS; g++) {
    let weight = 0, positive = 0, p = 0;
    for (let b = g * per; b < (g + 1) * per; b++) {
      const w = first[b] + second[b];
      weight += w;
      positive += second[b];
      p += w * (b + 0.5) / bins;
    }
    if (weight > 0) out.push({ meanP: p / weight, share: positive / weight, weight });
  }
  return out;
}

export function calibrationFigure(first: Float64Array, second: Float64Array, positive: string): HTMLElement {
  const points = calibrationPoints(first, second);
  const W = 220, H = 220, left = 34, bottom = 30, top = 8, right = 8;
  const X = (v: number) => left + v * (W - left - right), Y = (v: number) => H - bottom - v * (H - top - bottom);
  const figure = document.createElement('figure');
  figure.className = 'roc calibration';
  const { svg, add: el } = smallChart(W, H, `Calibration: the share of '${positive}' rows against the mean p, in each tenth of p`);
  for (const v of [0, 0.5, 1]) {
    el('line', { x1: X(v), x2: X(v), y1: Y(0), y2: Y(1), class: 'grid' });
    el('line', { x1: X(0), x2: X(1), y1: Y(v), y2: Y(v), class: 'grid' });
    el('text', { x: X(v), y: Y(0) + 11, 'text-anchor': 'middle', class: 'tick' }, String(v));
    el('text', { x: X(0) - 4, y: Y(v) + 3, 'text-anchor': 'end', class: 'tick' }, String(v));
  }
  el('line', { x1: X(0), y1: Y(0), x2: X(1), y2: Y(1), class: 'chance' });
  el('path', { d: points.map((q, i) => `${i ? 'L' : 'M'}${X(q.meanP).toFixed(1)},${Y(q.share).toFixed(1)}`).join(''), class: 'curve' });
  // A dot a tenth, its area by its rows: a far dot of three rows says less than a near one of three hundred.
  const most = Math.max(...points.map((q) => q.weight), 1);
  for (const q of points) {
    const dot = el('circle', { cx: X(q.meanP).toFixed(1), cy: Y(q.share).toFixed(1), r: (2 + 4 * Math.sqrt(q.weight / most)).toFixed(1), class: 'point bin' });
    const title = document.createElementNS('http://www.w3.org/2000/svg', 'title');
    title.textContent = `mean p ${q.meanP.toFixed(3)}: ${(100 * q.share).toFixed(1)} % are '${positive}' (${Math.round(q.weight).toLocaleString('en-US')} rows)`;
    dot.append(title);
  }
  el('text', { x: (left + W - right) / 2, y: H - 4, 'text-anchor': 'middle', class: 'axis-name' }, 'mean p');
  el('text', { x: 10, y: (top + H - bottom) / 2, 'text-anchor': 'middle', class: 'axis-name', transform: `rotate(-90 10 ${(top + H - bottom) / 2})` }, `share '${positive}'`);
  svg.dataset.shares = points.map((q) => q.share.toFixed(6)).join(',');  // (for tests)
  const caption = document.createElement('figcaption');
  caption.className = 'hint';
  caption.textContent = `Calibration: the rows in each tenth of p, their share of '${positive}' against their mean p (a dot's size: its rows). ` +
    'On the dashed line p is a probability: of rows given 0.8, 8 in 10 are. Below it p is too high, above it too low.';
  figure.append(svg, caption);
  return figure;
}
