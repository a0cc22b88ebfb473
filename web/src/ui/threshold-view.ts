// Two classes: where to cut p. The rows scored, binned by the second class's
// p (Evaluation's firstByP / secondByP: bin b holds b/1000 < p <= (b+1)/1000),
// give the confusion matrix at any threshold t = k/1000 (a row is called the
// second class where p > t, the model's own call at t = 1/2), precision,
// recall and F1 there, and the ROC and precision-recall curves with t's point. A threshold is
// a choice about costs, not part of the model: moving it retrains nothing.
import { calibrationFigure } from './calibration-figure';
import { setData, smallChart } from './dom';

const BINS = 1000;
const pct = (v: number) => (Number.isFinite(v) ? `${(100 * v).toFixed(1)} %` : '–');

// The counts at threshold k/BINS: [first called first, first called second, second called first, second called second].
export interface Cut { k: number; tn: number; fp: number; fn: number; tp: number }

export class ThresholdCuts {
  private readonly fromFirst: Float64Array;  // fromFirst[k]: the first class's weight in bins k.. (called second at k/BINS)
  private readonly fromSecond: Float64Array;
  constructor(readonly first: Float64Array, readonly second: Float64Array) {
    this.fromFirst = suffixSums(first);
    this.fromSecond = suffixSums(second);
  }
  get firsts() { return this.fromFirst[0]; }
  get seconds() { return this.fromSecond[0]; }
  at(k: number): Cut {
    const fp = this.fromFirst[k], tp = this.fromSecond[k];
    return { k, tn: this.firsts - fp, fp, fn: this.seconds - tp, tp };
  }
  // The threshold of the highest F1 (the lowest such t), over t = 1/BINS .. (BINS-1)/BINS.
  bestF1(): Cut {
    let best = this.at(BINS / 2), bestF = f1(best);
    for (let k = 1; k < BINS; k++) {
      const c = this.at(k), f = f1(c);
      if (f > bestF) { best = c; bestF = f; }
    }
    return best;
  }
}

function suffixSums(a: Float64Array) {
  const out = new Float64Array(a.length + 1);
  for (let i = a.length - 1; i >= 0; i--) out[i] = out[i + 1] + a[i];
  return out;
}

export const precision = (c: Cut) => c.tp / (c.tp + c.fp);
export const recall = (c: Cut) => c.tp / (c.tp + c.fn);
export const f1 = (c: Cut) => { const p = precision(c), r = recall(c); return p + r > 0 ? (2 * p * r) / (p + r) : 0; };
const accuracy = (c: Cut) => (c.tp + c.tn) / (c.tp + c.tn + c.fp + c.fn);

// The slider, what it means at t, and the two curves with t's point; onCut redraws the matrix.
export function thresholdControl(cuts: ThresholdCuts, classes: string[], k: number, box: HTMLElement,
                                 onCut: (c: Cut) => void): HTMLElement {
  const wrap = document.createElement('div');
  wrap.className = 'threshold';
  const label = document.createElement('label');
  label.htmlFor = 'threshold';
  label.textContent = `Threshold: '${classes[1]}' where p >`;
  const input = document.createElement('input');
  Object.assign(input, { type: 'range', id: 'threshold', min: '1', max: String(BINS - 1), step: '1', value: String(k) });
  const output = document.createElement('output');
  output.htmlFor.add('threshold');
  const reset = document.createElement('button');
  Object.assign(reset, { type: 'button', className: 'secondary', textContent: '½' });
  reset.title = 'Back to the model\'s own call, p > 0.5';
  const best = cuts.bestF1();
  const toBest = document.createElement('button');
  // The F1 and its t both named: "best F1 (0.389)" read as an F1 of 0.389 (a tester; touch screens show no title).
  Object.assign(toBest, { type: 'button', className: 'secondary', textContent: `best F1 on these rows: ${f1(best).toFixed(3)} at t = ${(best.k / BINS).toFixed(3)}` });
  toBest.title = 'The threshold with the highest F1 on these rows: chosen on them, so they flatter it (pick it on the validation rows, then check it on a test file)';
  const row = document.createElement('div');
  row.className = 'threshold-row';
  row.append(label, input, output, reset, toBest);
  const text = document.createElement('p');
  text.className = 'hint';
  text.setAttribute('aria-live', 'polite');
  const figure = curves(cuts);
  figure.element.append(calibrationFigure(cuts.first, cuts.second, classes[1]));
  const show = (k: number) => {
    const c = cuts.at(k), t = k / BINS;
    input.value = String(k);
    input.setAttribute('aria-valuetext', t.toFixed(3));
    output.value = t.toFixed(3);
    const called = c.tp + c.fp;
    text.textContent = `At t = ${t.toFixed(3)}: ${count(called)} row${Math.round(called) === 1 ? '' : 's'} called '${classes[1]}'; precision ${pct(precision(c))}, recall ${pct(recall(c))}, ` +
      `F1 ${f1(c).toFixed(3)}, accuracy ${pct(accuracy(c))}. A lower t finds more '${classes[1]}' rows (recall up) and calls more ` +
      `'${classes[0]}' rows '${classes[1]}' with them (precision down); which costs more is a choice the model cannot make. ` +
      'The threshold changes no tree: p is the same, only where it is cut.';
    figure.mark(c);
    setData(box, 'threshold', String(t));
    setData(box, 'tp', String(c.tp));
    setData(box, 'fp', String(c.fp));
    onCut(c);
  };
  input.addEventListener('input', () => show(Number(input.value)));
  reset.addEventListener('click', () => show(BINS / 2));
  toBest.addEventListener('click', () => show(best.k));
  wrap.append(row, text, figure.element);
  show(k);
  return wrap;
}

const count = (n: number) => Math.round(n).toLocaleString('en-US');

// The two curves a threshold moves along, each from the counts at every threshold, with t's point:
// ROC (recall against the share of the first class called second) and precision against recall.
function curves(cuts: ThresholdCuts) {
  const total = cuts.firsts + cuts.seconds, share = total ? cuts.seconds / total : 0;
  const rate = (v: number, of: number) => (of ? v / of : 0);
  const roc = curve(cuts, {
    className: 'roc', label: 'ROC curve: recall against the false positive rate at each threshold',
    x: (c) => rate(c.fp, cuts.firsts), y: (c) => rate(c.tp, cuts.seconds), xName: 'false positive rate', yName: 'recall',
    chance: [0, 0, 1, 1],
    caption: 'ROC: each threshold\'s recall against the share of the other class called positive; the dot is t, the dashed line a coin. The area under the curve is the AUC.',
  });
  // Precision is undefined where no row is called positive (the highest thresholds): no point there.
  const pr = curve(cuts, {
    className: 'roc pr', label: 'Precision against recall at each threshold',
    x: (c) => rate(c.tp, cuts.seconds), y: (c) => (c.tp + c.fp > 0 ? c.tp / (c.tp + c.fp) : NaN), xName: 'recall', yName: 'precision',
    chance: [0, share, 1, share],
    caption: `Precision against recall: what a threshold buys of one with the other; the dashed line is a coin (precision the positives' share, ${pct(share)}). ` +
      'The area under it is the PR AUC, which a rare class makes hard to flatter.',
  });
  const element = document.createElement('div');
  element.className = 'curves';
  element.append(roc.element, pr.element);
  return { element, mark(c: Cut) { roc.mark(c); pr.mark(c); } };
}

interface CurveSpec {
  className: string; label: string; caption: string; xName: string; yName: string;
  x: (c: Cut) => number; y: (c: Cut) => number;
  chance: [number, number, number, number];  // the dashed line of a model that ranks at random, x1 y1 x2 y2
}

function curve(cuts: ThresholdCuts, spec: CurveSpec) {
  const W = 220, H = 220, left = 34, bottom = 30, top = 8, right = 8;
  const X = (v: number) => left + v * (W - left - right), Y = (v: number) => H - bottom - v * (H - top - bottom);
  const figure = document.createElement('figure');
  figure.className = spec.className;
  const { svg, add: el } = smallChart(W, H, spec.label);
  for (const v of [0, 0.5, 1]) {
    el('line', { x1: X(v), x2: X(v), y1: Y(0), y2: Y(1), class: 'grid' });
    el('line', { x1: X(0), x2: X(1), y1: Y(v), y2: Y(v), class: 'grid' });
    el('text', { x: X(v), y: Y(0) + 11, 'text-anchor': 'middle', class: 'tick' }, String(v));
    el('text', { x: X(0) - 4, y: Y(v) + 3, 'text-anchor': 'end', class: 'tick' }, String(v));
  }
  const [x1, y1, x2, y2] = spec.chance;
  el('line', { x1: X(x1), y1: Y(y1), x2: X(x2), y2: Y(y2), class: 'chance' });
  let d = '', pen = 'M';
  for (let k = 0; k <= BINS; k++) {
    const c = cuts.at(k), x = spec.x(c), y = spec.y(c);
    if (!Number.isFinite(x) || !Number.isFinite(y)) { pen = 'M'; continue; }
    d += `${pen}${X(x).toFixed(1)},${Y(y).toFixed(1)}`;
    pen = 'L';
  }
  el('path', { d, class: 'curve' });
  const point = el('circle', { r: 4, class: 'point' });
  el('text', { x: (left + W - right) / 2, y: H - 4, 'text-anchor': 'middle', class: 'axis-name' }, spec.xName);
  el('text', { x: 10, y: (top + H - bottom) / 2, 'text-anchor': 'middle', class: 'axis-name', transform: `rotate(-90 10 ${(top + H - bottom) / 2})` }, spec.yName);
  const caption = document.createElement('figcaption');
  caption.className = 'hint';
  caption.textContent = spec.caption;
  figure.append(svg, caption);
  return {
    element: figure,
    mark(c: Cut) {
      const x = spec.x(c), y = spec.y(c), shown = Number.isFinite(x) && Number.isFinite(y);
      if (!shown) { point.setAttribute('visibility', 'hidden'); return; }
      point.removeAttribute('visibility');
      point.setAttribute('cx', X(x).toFixed(1));
      point.setAttribute('cy', Y(y).toFixed(1));
    },
  };
}
