// The loss functions figure of the source material: for classification the
// misclassification, exponential, binomial deviance, squared and hinge losses
// against the margin m = ỹ·F (ỹ = ±1); for regression the squared, absolute,
// Huber and pseudo-Huber losses against the residual r = y − F. The model's
// loss is drawn bold, and for the row picked in the worked table its point
// and tangent, whose slope is the engine's gradient g for that row (dL/dm =
// ỹ·g, dL/dr = −g). data-slope (the engine's) and data-curve-slope (the
// curve's own derivative at that point) let a test compare the two.
import { mathText, num, setData, setText } from './dom';
import { tickText } from './ticks';

const SVG = 'http://www.w3.org/2000/svg';

interface Curve {
  name: string;
  f: (x: number) => number;
  d: (x: number) => number;  // derivative
}

const CLASSIFICATION: Curve[] = [
  { name: 'misclassification', f: (m) => (m < 0 ? 1 : 0), d: () => 0 },
  { name: 'exponential', f: (m) => Math.exp(-m), d: (m) => -Math.exp(-m) },
  { name: 'binomial deviance', f: (m) => Math.log1p(Math.exp(-m)), d: (m) => -1 / (1 + Math.exp(m)) },
  { name: 'squared', f: (m) => (1 - m) ** 2, d: (m) => -2 * (1 - m) },
  { name: 'hinge', f: (m) => Math.max(0, 1 - m), d: (m) => (m < 1 ? -1 : 0) },
];

// The pinball loss of the alpha quantile (reg:quantileerror): α·r above, (α − 1)·r below.
const pinball = (alpha: number): Curve => ({ name: `pinball (α = ${alpha})`, f: (r) => (r >= 0 ? alpha * r : (alpha - 1) * r), d: (r) => (r > 0 ? alpha : alpha - 1) });

const regression = (delta: number): Curve[] => [
  { name: 'squared', f: (r) => 0.5 * r * r, d: (r) => r },
  { name: 'absolute', f: (r) => Math.abs(r), d: (r) => Math.sign(r) },
  { name: 'Huber', f: (r) => (Math.abs(r) <= delta ? 0.5 * r * r : delta * (Math.abs(r) - delta / 2)), d: (r) => Math.max(-delta, Math.min(delta, r)) },
  { name: 'pseudo-Huber', f: (r) => delta * delta * (Math.sqrt(1 + (r / delta) ** 2) - 1), d: (r) => r / Math.sqrt(1 + (r / delta) ** 2) },
];

// The curve that is the model's loss, by objective (and algorithm).
function chosen(objective: string, algorithm: string): string {
  if (objective === 'binary:logistic') return 'binomial deviance';
  if (objective === 'binary:exponential' || objective.startsWith('binary:samme') || objective === 'binary:adaboost') return 'exponential';
  if (objective === 'reg:squarederror' && algorithm !== 'adaboost') return 'squared';
  if (objective === 'reg:absoluteerror') return 'absolute';
  if (objective === 'reg:quantileerror') return 'pinball';
  if (objective === 'reg:huber') return 'Huber';
  if (objective === 'reg:pseudohubererror') return 'pseudo-Huber';
  return '';
}

export interface LossPoint {
  name: string;  // how the page names the row: "Line 12" (of the file), "Row 3"

  F: number;     // F_{t-1}(x): where the round's gradient was taken
  y: number;     // the label (class index for classification)
  g?: number;    // the engine's gradient at F, if the round kept it
  scale?: number;  // the loss reads scale·F (½ for discrete SAMME's doubled votes)
}

// The smallest round number (1, 1.5, 2, 2.5, 3, 4, 5, 6 or 8 times a power of
// ten) at or above v > 0: a frame edge whose half is a short number too.
function niceCeil(v: number): number {
  const p = 10 ** Math.floor(Math.log10(v));
  return [1, 1.5, 2, 2.5, 3, 4, 5, 6, 8, 10].map((m) => m * p).find((c) => c >= v * (1 - 1e-12)) ?? 10 * p;
}

// The frame's height up to which the heights are drawn straight.
const LINEAR_UP_TO = 20;

export class LossFigure {
  constructor(private readonly svg: SVGSVGElement, private readonly caption: HTMLElement) {}

  clear() {
    this.svg.replaceChildren();
    setData(this.svg, 'highlight', '');
    setText(this.caption, '');
  }


  // quantileAlpha: reg:quantileerror's alpha, whose pinball loss is drawn beside the others.
  render(objective: string, algorithm: string, classification: boolean, twoClasses: boolean, huberSlope: number, picked: LossPoint | null,
    quantileAlpha = 0.5) {
    const point = picked && Number.isFinite(picked.y) && Number.isFinite(picked.F) ? picked : null;  // a row with no target has no loss
    const W = 300, H = 196, pad = 36, right = 12;
    const curves = classification ? CLASSIFICATION
      : [...regression(huberSlope || 1), ...(objective === 'reg:quantileerror' ? [pinball(quantileAlpha)] : [])];
    let mine = twoClasses || !classification ? chosen(objective, algorithm) : '';
    if (mine === 'pinball') mine = curves.at(-1)!.name;  // named with its alpha
    const curve = curves.find((c) => c.name === mine);
    const sign = point && classification ? (point.y > 0.5 ? 1 : -1) : 1;
    const scale = point?.scale ?? 1;
    const px = point ? (classification ? sign * scale * point.F : point.y - point.F) : 0;
    // The axes reach the picked row's point (a residual of −43.6 sat in the
    // corner of a ±2.5 frame) and, for Huber, past its bend at ±δ.
    const x1 = niceCeil(Math.max(2.5, 1.15 * Math.abs(px), classification ? 0 : 2 * (huberSlope || 0))), x0 = -x1;
    // High enough for the picked row's point; the curves leave through the top
    // (the exponential loss at the frame's edge set it to 15 and flattened the rest).
    const yMax = niceCeil(Math.max(3, curve && point ? 1.1 * curve.f(px) : 0));
    // A frame grown to a large residual is ½r² high: on a straight scale the
    // absolute and Huber losses (r, not r²) lay flat along the axis beside it.
    // There the heights go on asinh, straight below 1 and logarithmic above.
    const compressed = yMax > LINEAR_UP_TO;
    const T = (y: number) => (compressed ? Math.asinh(y) : y);
    // On asinh, at most four decades are labelled besides the top (a price's residuals of ±15,000 had
    // nine labels some 17 px apart): every other one, or every third, from 1 up.
    const decades = Array.from({ length: Math.floor(Math.log10(yMax)) + 1 }, (_, k) => 10 ** k).filter((d) => d < yMax / 2);
    const every = Math.ceil(decades.length / 4);
    const yTicks = compressed ? [...decades.filter((_, k) => k % every === 0), yMax] : [yMax / 2, yMax];
    const left = 8 + 6 * Math.max(...yTicks.map((t) => tickText(t).length));  // room for the longest height
    const X = (x: number) => left + ((x - x0) / (x1 - x0)) * (W - left - right);
    const Y = (y: number) => H - pad - (T(Math.min(yMax, Math.max(0, y))) / T(yMax)) * (H - pad - 8);
    this.svg.setAttribute('viewBox', `0 0 ${W} ${H}`);
    const nodes: SVGElement[] = [];
    const el = (tag: string, attrs: Record<string, string | number>, text?: string) => {
      const e = document.createElementNS(SVG, tag);
      for (const [k, v] of Object.entries(attrs)) e.setAttribute(k, String(v));
      if (text) e.textContent = text;
      nodes.push(e);
      return e;
    };
    // The scale: five ticks along the x axis, two up the frame's left edge.
    for (const t of [x0, x0 / 2, 0, x1 / 2, x1]) {
      el('line', { x1: X(t), x2: X(t), y1: Y(0), y2: Y(0) + 3, class: 'axis' });
      el('text', { x: X(t), y: Y(0) + 13, 'text-anchor': 'middle', class: 'label tick' }, tickText(t));
    }
    el('line', { x1: left, x2: left, y1: Y(yMax), y2: Y(0), class: 'axis faint' });
    for (const t of yTicks) {
      el('line', { x1: left - 3, x2: left, y1: Y(t), y2: Y(t), class: 'axis' });
      el('text', { x: left - 5, y: Y(t) + 3, 'text-anchor': 'end', class: 'label tick' }, tickText(t));
    }
    setData(this.svg, 'xRange', String(x1));
    setData(this.svg, 'yMax', String(yMax));
    setData(this.svg, 'yScale', compressed ? 'asinh' : 'linear');
    el('line', { x1: X(x0), x2: X(x1), y1: Y(0), y2: Y(0), class: 'axis' });
    el('line', { x1: X(0), x2: X(0), y1: Y(yMax), y2: Y(0), class: 'axis' });
    el('text', { x: W - 4, y: H - 6, 'text-anchor': 'end', class: 'label' }, classification ? 'margin m = ỹ·F' : 'residual r = y − F');
    // A curve leaves through the frame's top rather than running along it
    // (clamped, the exponential loss read as flat at the top): a point past
    // the top is drawn only beside one inside, at the top's height.
    curves.forEach((c, i) => {
      const xs = Array.from({ length: 121 }, (_, k) => x0 + ((x1 - x0) * k) / 120);
      const inside = xs.map((x) => c.f(x) <= yMax);
      const segments: string[][] = [[]];
      xs.forEach((x, j) => {
        if (inside[j] || inside[j - 1] || inside[j + 1]) segments.at(-1)!.push(`${X(x).toFixed(1)},${Y(c.f(x)).toFixed(1)}`);
        else if (segments.at(-1)!.length) segments.push([]);
      });
      const d = segments.filter((g) => g.length > 1).map((g) => `M${g.join('L')}`).join(' ');
      const line = el('path', { d, class: `curve c${i}${c.name === mine ? ' mine' : ''}` });
      line.dataset.curve = c.name;
    });
    setData(this.svg, 'highlight', mine);
    let about = `${classification ? 'Losses against the margin m = ỹ·F, the score F signed by the label ỹ = ±1 (the notes\' margin; XGBoost calls F itself the margin)' : 'Losses against the residual'}: ${curves.map((c) => c.name).join(', ')}.`;
    // The notes' figure (ESL's) draws the deviance as log(1 + e^{−2m}) rescaled through (0, 1), on the
    // exponential loss's margin; here it is logistic's own loss at this model's margin, through (0, ln 2).
    if (classification) about += ' The binomial deviance is ln(1 + e^{−m}), logistic regression\'s loss at this margin (it equals ln 2 ≈ 0.69 at m = 0); ' +
      'the notes\' figure (after ESL\'s) draws log(1 + e^{−2m})/ln 2, this loss of twice the margin rescaled to pass through 1 at 0 (there F is half the log-odds).';
    about += mine ? ` This model's loss, in bold: ${mine}.` : algorithm === 'random_forest'
      ? ' A random forest descends no loss: each tree is grown on its own bootstrap draw, none fit to the others\' errors, and the forest averages them (its F is a vote share, not a log-odds score). The curves are for comparison.'
      : ' This model\'s loss is not among them' +
      (classification && !twoClasses ? (algorithm === 'adaboost'
        ? ' (for more than two classes AdaBoost\'s is the multiclass exponential loss: its value each round is in the round panel).'
        : ' (for more than two classes, softmax cross-entropy generalises the binomial deviance).') : '.');
    if (point && curve) {
      const x = px;
      const L = curve.f(x), curveSlope = curve.d(x);
      el('circle', { cx: X(Math.max(x0, Math.min(x1, x))), cy: Y(L), r: 4, class: 'point' });
      setData(this.svg, 'x', String(x));
      setData(this.svg, 'curveSlope', String(curveSlope));
      if (point.g !== undefined) {
        // The tangent with the engine's slope: dL/dm = ỹ·g, dL/dr = −g.
        const slope = classification ? sign * point.g : -point.g;
        setData(this.svg, 'slope', String(slope));
        const half = 0.16 * x1;  // a sixth of the frame each way, whatever its scale
        // (Bent on the compressed scale: drawn through points.)
        const along = Array.from({ length: 17 }, (_, k) => x - half + (2 * half * k) / 16);
        el('path', { d: `M${along.map((u) => `${X(u).toFixed(1)},${Y(L + (u - x) * slope).toFixed(1)}`).join('L')}`, class: 'tangent' });
        about += ` ${point.name}, before this round (where its gradient was taken): ${classification ? 'm = ỹ·F_{t−1}' : 'r = y − F_{t−1}'} = ${num(x)}, loss ${num(L)}; the tangent's slope is the engine's gradient, ` +
          `${classification ? 'ỹ·g' : '−g'} = ${num(slope)} (the curve's own: ${num(curveSlope)}).`;
      } else {
        setData(this.svg, 'slope', '');
        about += ` ${point.name}, before this round: ${classification ? `m = ỹ·F_{t−1}${scale === 1 ? '' : '/2'}` : 'r = y − F_{t−1}'} = ${num(x)}, loss ${num(L)}` +
          `${scale === 1 ? '' : ' (SAMME\'s votes are twice the loss\'s own step: F counts half)'}.`;
      }
    } else {
      setData(this.svg, 'x', '');
      setData(this.svg, 'slope', '');
    }
    if (compressed) about += ' Heights above 1 are on a log scale (asinh), so that losses growing like |r| show beside ½r².';
    // Far from 0 both Huber losses grow like δ·|r|: on a frame many δ wide they draw one line (with
    // δ = 1 the absolute loss's too), and a reader looking for four curves finds two.
    const delta = huberSlope || 1;
    if (!classification && x1 >= 20 * delta)
      about += ` At this scale Huber and pseudo-Huber lie on one line${delta === 1 ? ', the absolute loss\'s' : ''}: beyond ±δ both grow like δ·|r| (δ = ${num(delta)}); they part only near 0.`;
    this.svg.replaceChildren(...nodes);
    // The legend: each curve's name in its colour, then what the figure says.
    const legend = curves.map((c, i) => {
      const span = document.createElement('span');
      span.className = `key c${i}${c.name === mine ? ' mine' : ''}`;
      span.textContent = c.name;
      return span;
    });
    const text = document.createElement('span');
    text.append(mathText(' ' + about + ' Click a row of the worked table to mark it.'));  // e^{−m} as an exponent
    this.caption.replaceChildren(...legend, text);
  }
}
