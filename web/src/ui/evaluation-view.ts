// How good the model on show is, on rows whose target is known: for classes
// the share right and a confusion matrix (rows the actual class, columns the
// predicted, each row's shares shaded, recall and precision at the edges); for
// numbers R², RMSE and MAE, and actual against predicted around the line
// y = x. Each set against the model that knows nothing (the commonest class,
// the mean), so a number has something to be read against. HTML and SVG:
// screen readers and tests read the numbers (data-v: the counts).
import type { EvaluationResult } from '../worker/messages';
import { quantileRoles } from '../output-names';
import { cell, scrolling, setData, setText, stat } from './dom';
import { roundTicks, tickText } from './ticks';
import { thresholdControl, ThresholdCuts } from './threshold-view';

const SVG = 'http://www.w3.org/2000/svg';
const MAX_MATRIX = 40;  // classes drawn as a matrix; beyond, the most confused pairs only
const pct = (v: number) => `${(100 * v).toFixed(1)} %`;
const count = (n: number) => n.toLocaleString('en-US');

export interface EvaluationContext {
  target: string;
  round: number;     // the round picked on the chart (0: the whole model)
  dataName: string;
  earlyStopping: boolean;  // the validation rows chose the round kept
  pastBest?: PastBest | null;  // the validation metric's best came well before the last round
  note?: string;  // said first (whose target a model file without one was scored against)
  forest?: boolean;  // a random forest's: its p is a vote share, 0 or 1 where every tree agrees
  classWeighted?: boolean;  // trained with balanced class weights: the rounds' metrics weigh the classes, these numbers do not
  scalePosWeight?: number;  // two classes: the model's scale_pos_weight (1: none), which lifts every p
  trainedOn?: string;  // a run's model kept for another file: the file it learnt from
}

// The run's validation metric at its best (round) and at the last round (result-panel's pastBest).
export interface PastBest { metric: string; round: number; best: number; last: number; now: number }

export class EvaluationView {
  // onThreshold: two classes, the threshold picked (kept in the store: the predictions file cuts p there too).
  constructor(private readonly threshold: () => number, private readonly onThreshold: (t: number) => void,private readonly box: HTMLElement, private readonly summary: HTMLElement, private readonly body: HTMLElement) {}

  clear(why: string) {
    setText(this.summary, why);
    this.body.replaceChildren();
    setData(this.box, 'task', '');
    setData(this.box, 'pastBest', '');
    this.box.removeAttribute('aria-busy');
  }

  // Rows predicted, not scored (the summary says what the model makes of them): for tests.
  describedRows(rows: number) {
    setData(this.box, 'described', String(rows));
  }

  // A new question is out: the last answer stays in view until the new one
  // lands, but is no longer this model's (data-task empties: tests and
  // scripts wait for the new one; aria-busy tells assistive technology).
  asking(what: string) {
    setText(this.summary, what);
    setData(this.box, 'task', '');
    this.box.setAttribute('aria-busy', 'true');
  }

  render(e: EvaluationResult, c: EvaluationContext) {
    const rows = e.rows === 1 ? 'row' : 'rows';
    const which = e.scored === 'valid' ? `the ${count(e.rows)} validation ${rows} (held out of training)`
      : e.scored === 'train' ? `the ${count(e.rows)} training ${rows}`
      : `the ${count(e.rows)} ${rows} of ${c.dataName}`;
    const parts: string[] = c.note ? [c.note] : [];
    if (e.task === 'regression') {
      parts.push(Number.isFinite(e.r2)
        ? `R² ${e.r2.toFixed(3)}: on ${which} the model explains ${pct(Math.max(0, e.r2))} of the variance of ${c.target}` +
          (e.r2 < 0 ? ' (below 0: worse than predicting the mean for every row)' : '') + '.'
        : `On ${which} every ${c.target} is the same (${stat(e.mean)}): there is no variance to explain, so no R².`);
      parts.push(`RMSE ${stat(e.rmse)}, MAE ${stat(e.mae)}` +
        (e.rmseOfMean > 0 ? `; predicting the mean (${stat(e.mean)}) for every row would give RMSE ${stat(e.rmseOfMean)}.` : '.'));
      // A quantile model: is each quantile where it should be? About alpha of the rows at or below the alpha quantile.
      if (e.quantiles?.length && e.coverage) {
        const q = Array.from(e.quantiles), cover = Array.from(e.coverage);
        const { middle } = quantileRoles(q);
        parts.push(`Coverage: ${q.map((a, k) => `${pct(cover[k])} of the rows at or below the ${a} quantile`).join(', ')} ` +
          `(a well placed alpha quantile has about alpha of them below it)${q.length > 1 ? `; R², RMSE and MAE are of the ${q[middle]} quantile` : ''}.`);
      }
    } else {
      const K = e.classes.length, actual = rowTotals(e.confusion, K);
      const common = actual.indexOf(Math.max(...actual));
      parts.push(`Accuracy ${pct(e.accuracy)}${K === 2 ? ' at p > 0.5, the model\'s own call' : ''}: ${e.weight ? `${pct(e.accuracy)} of the weight` : count(Math.round(e.accuracy * e.rows))} of ${which} ` +
        `predicted right; always answering the commonest class ('${e.classes[common]}') would be right on ${pct(actual[common] / e.weightSum)}.`);
      const loss = Number.isFinite(e.logloss) ? `log loss ${stat(e.logloss)}` : '';
      if (Number.isFinite(e.auc) && K === 2) parts.push(`AUC ${e.auc.toFixed(3)} (the chance a '${e.classes[1]}' row gets a higher p than a '${e.classes[0]}' one, ties counting half)${loss ? `, ${loss}` : ''}.`);
      else if (Number.isFinite(e.auc)) parts.push(`AUC ${e.auc.toFixed(3)} and PR AUC ${e.aucpr.toFixed(3)}, each class's p against the rest ` +
        `(the metrics auc and aucpr: AUC averaged weighing each class by its rows, PR AUC plainly, so a rare class counts in full)${loss ? `, ${loss}` : ''}.`);
      else if (loss) parts.push(`${loss[0].toUpperCase()}${loss.slice(1)}.`);
      // PR AUC: a coin scores the positives' share, not ½, so a rare class cannot hide behind the many easy negatives.
      if (K === 2 && Number.isFinite(e.aucpr)) parts.push(`PR AUC ${e.aucpr.toFixed(3)} (precision for '${e.classes[1]}' averaged over recall, ` +
        `metric aucpr; ranking at random would score about its share of the rows, ${pct(actual[1] / e.weightSum)}).`);
      if (K === 2) {
        const tp = e.confusion[3], fp = e.confusion[1], fn = e.confusion[2];
        const precision = tp / (tp + fp), recall = tp / (tp + fn);
        parts.push(`For '${e.classes[1]}' (p > 0.5): precision ${Number.isFinite(precision) ? pct(precision) : '–'} ` +
          `(of rows predicted '${e.classes[1]}', the share that are), recall ${Number.isFinite(recall) ? pct(recall) : '–'} ` +
          `(of the '${e.classes[1]}' rows, the share found).`);
      }
    }
    // A reviewer found a forest's log loss set by two rows (sklearn's clip at 1e-15 gave 0.2218 where ours, XGBoost's, gave 0.2268).
    if (c.forest && e.task !== 'regression' && Number.isFinite(e.logloss))
      parts.push('A forest\'s p is its trees\' vote share: a row every tree gets wrong has p = 0 for its class and counts ln 10¹⁶ ≈ 36.8 ' +
        'in the log loss (p clipped at 10⁻¹⁶, as XGBoost does), so a few such rows can set it; its accuracy and AUC are steadier.');
    if (e.scored === 'train') parts.push('None were held out (Validation 0 %), so these are rows the model learnt from: they flatter it.');
    if (e.scored === 'table') parts.push(!c.trainedOn ? 'If the model was trained on these rows, they flatter it.'
      : c.trainedOn === c.dataName ? `These are the rows of ${c.trainedOn}, which the model learnt from (its training rows among them): they flatter it.`
      : `It learnt from ${c.trainedOn}, none of whose rows these are (unless copied in): they score it as new rows would.`);
    // Weighted positives lift every p: the threshold and the calibration plot below show by how much.
    const lifted = e.task === 'binary' && ((c.scalePosWeight ?? 1) !== 1 || c.classWeighted) ? meanP(e) : null;
    if (lifted) parts.push(`Trained with ${c.classWeighted ? 'balanced class weights' : `scale_pos_weight ${c.scalePosWeight}`}, the model's p ` +
      `is not a probability of '${e.classes[1]}': its mean is ${lifted.p.toFixed(3)} on these rows, of which ${pct(lifted.share)} are '${e.classes[1]}' ` +
      '(the calibration plot below). Rank rows by it, or cut it at a threshold chosen on validation rows; do not read it as a chance.');
    if (c.earlyStopping && e.scored === 'valid') parts.push('With early stopping these rows also chose the round kept: a fresh test set would score it a little lower.');
    // A reviewer read the round line's class-weighted log loss (1.508) and this panel's (0.1435) as one number gone wrong.
    if (c.classWeighted) parts.push(`These numbers count each row ${e.weight ? 'by its weight column only' : 'once'}. The training weighed each row ` +
      'by its class\'s weight (Class weights: balanced), and so do the metrics of each round: the chart, the line above it' +
      (c.pastBest && e.scored === 'valid' ? ' and the best round below' : '') + '. A rare class weighs more there, so they differ.');
    const p = c.pastBest;
    if (p && e.scored === 'valid') {
      parts.push(`The validation ${c.classWeighted ? 'class-weighted ' : ''}${p.metric} was best at round ${p.round} (${stat(p.best)}) and is ${stat(p.now)} at round ${p.last}: the rounds since fit the training rows, not new ones. ` +
        `Pick round ${p.round} on the chart to score that model, or set early_stopping_rounds (More parameters) to keep the best round.`);
      setData(this.box, 'pastBest', String(p.round));
    } else setData(this.box, 'pastBest', '');
    const left = [e.missingTarget ? `${count(e.missingTarget)} with no ${c.target}` : '',
      e.unknownClass ? `${count(e.unknownClass)} of a class the model was not trained on (such as '${e.unknownExample}')` : ''].filter(Boolean);
    if (left.length) parts.push(`Left out: ${left.join(' and ')}.`);
    if (e.unseenLevelRows) parts.push(`${count(e.unseenLevelRows)} of the rows scored hold a level the model never saw (such as ${e.unseenLevelExample}): ` +
      'it predicts them as if that value were missing (XGBoost 3 refuses such rows: map them to missing, or to a level it knows, first).');
    if (e.weight) parts.push(`Weighted by ${e.weight}${c.classWeighted ? '' : ', as the chart\'s metrics are'}: a row of weight w counts as w rows (the rows weigh ${stat(e.weightSum)} in all).`);
    if (c.round) parts.push(`This is round ${c.round}'s model, the round picked on the chart.`);
    setText(this.summary, parts.join(' '));
    this.box.removeAttribute('aria-busy');
    setData(this.box, 'task', e.task);
    setData(this.box, 'rows', String(e.rows));
    setData(this.box, 'scored', e.scored);
    if (e.task === 'regression') {
      setData(this.box, 'r2', String(e.r2));
      setData(this.box, 'rmse', String(e.rmse));
      setData(this.box, 'coverage', e.coverage ? Array.from(e.coverage).join(',') : '');
      this.body.replaceChildren(scatter(e, c));
    } else {
      setData(this.box, 'accuracy', String(e.accuracy));
      setData(this.box, 'auc', String(e.auc));
      setData(this.box, 'aucpr', String(e.aucpr));
      setData(this.box, 'logloss', String(e.logloss));
      // Two classes: the matrix at the threshold picked, beside where it is cut.
      if (e.firstByP && e.secondByP && e.classes.length === 2) {
        const matrix = document.createElement('div');
        const control = thresholdControl(new ThresholdCuts(e.firstByP, e.secondByP), e.classes, Math.round(this.threshold() * 1000), this.box, (c) => {
          this.onThreshold(c.k / 1000);
          matrix.replaceChildren(...confusion(e, Float64Array.of(c.tn, c.fp, c.fn, c.tp), c.k / 1000));
        });
        this.body.replaceChildren(matrix, control);
      } else this.body.replaceChildren(...confusion(e));
    }
  }
}

// Two classes binned by p: the rows' mean p (from the 1,000 bins' centres) and the second class's share.
function meanP(e: EvaluationResult): { p: number; share: number } | null {
  if (e.task === 'regression' || !e.firstByP || !e.secondByP) return null;
  let w = 0, p = 0, second = 0;
  for (let b = 0; b < e.firstByP.length; b++) {
    const n = e.firstByP[b] + e.secondByP[b];
    w += n;
    p += n * (b + 0.5) / e.firstByP.length;
    second += e.secondByP[b];
  }
  return w > 0 ? { p: p / w, share: second / w } : null;
}

function rowTotals(m: Float64Array, K: number) {
  return Array.from({ length: K }, (_, a) => m.subarray(a * K, a * K + K).reduce((s, v) => s + v, 0));
}

// The matrix (up to MAX_MATRIX classes) and, for more than two, the pairs most often confused.
// m: the counts to draw (two classes: at threshold t, as its caption says).
function confusion(e: Extract<EvaluationResult, { task: 'binary' | 'multiclass' }>, m = e.confusion, t = 0.5): HTMLElement[] {
  const K = e.classes.length;
  const actual = rowTotals(m, K);
  const predicted = Array.from({ length: K }, (_, p) => actual.reduce((s, _v, a) => s + m[a * K + p], 0));
  const out: HTMLElement[] = [];
  if (K <= MAX_MATRIX) {
    const table = document.createElement('table');
    table.className = K > 12 ? 'confusion many' : 'confusion';  // 26 letters: narrower cells
    const share = (v: number) => (K > 12 ? `${Math.round(100 * v)} %` : pct(v));  // many columns: narrower
    const corner = document.createDocumentFragment();
    corner.append('predicted →', document.createElement('br'), 'actual ↓');
    const head = table.createTHead().insertRow();
    head.append(cell('th', corner), ...e.classes.map((name) => cell('th', name)), cell('th', e.weight ? 'weight' : 'rows'), cell('th', 'recall'));
    const body = table.createTBody();
    for (let a = 0; a < K; a++) {
      const tr = body.insertRow();
      tr.append(cell('th', e.classes[a]));
      for (let p = 0; p < K; p++) {
        const n = m[a * K + p], share = actual[a] ? n / actual[a] : 0;
        const td = cell('td', count(n), n);
        td.className = a === p ? 'right' : n ? 'wrong' : 'zero';
        // Shaded by the share of the actual class's rows: a row reads as where that class went.
        td.style.setProperty('--share', share.toFixed(3));
        td.title = e.weight ? `${count(n)} of the weight ${count(actual[a])} of '${e.classes[a]}' rows predicted '${e.classes[p]}' (${pct(share)})`
          : `${count(n)} of the ${count(actual[a])} '${e.classes[a]}' rows predicted '${e.classes[p]}' (${pct(share)})`;
        tr.append(td);
      }
      tr.append(cell('td', count(actual[a]), actual[a]), cell('td', actual[a] ? share(m[a * K + a] / actual[a]) : '–'));
    }
    const foot = table.createTFoot().insertRow();
    foot.append(cell('th', 'precision'),
      ...predicted.map((n, p) => cell('td', n ? share(m[p * K + p] / n) : '–')), cell('td', ''), cell('td', ''));
    out.push(scrolling(table));
  }
  if (K > 2) {
    const pairs: { a: number; p: number; n: number }[] = [];
    for (let a = 0; a < K; a++) for (let p = 0; p < K; p++) if (a !== p && m[a * K + p] > 0) pairs.push({ a, p, n: m[a * K + p] });
    pairs.sort((x, y) => y.n - x.n || x.a - y.a || x.p - y.p);
    const top = pairs.slice(0, 5).map(({ a, p, n }) => `'${e.classes[a]}' predicted as '${e.classes[p]}' (${count(n)})`);
    const note = document.createElement('p');
    note.className = 'hint';
    note.textContent = (K > MAX_MATRIX ? `${count(K)} classes: too many to draw as a matrix. ` : '') +
      (top.length ? `Most often confused: ${top.join(', ')}.` : 'No row was confused.');
    out.push(note);
  }
  const how = document.createElement('p');
  how.className = 'hint';
  how.textContent = (e.weight ? `Counts are of weight (${e.weight}). ` : '') + (K === 2 ? `Predicted '${e.classes[1]}' where p > ${t}. ` : '') +
    'Each row of the matrix is one actual class, split by the class predicted (shaded by its share of that row): ' +
    'the diagonal is right. Recall: of the rows of a class, the share predicted as it; precision: of the rows predicted as a class, the share that are.';
  out.push(how);
  return out;
}

// Actual against predicted: dots on the line y = x are exact.
function scatter(e: Extract<EvaluationResult, { task: 'regression' }>, c: EvaluationContext): HTMLElement {
  const figure = document.createElement('figure');
  figure.className = 'scatter';
  const W = 360, H = 300, left = 48, right = 12, top = 10, bottom = 38;
  let lo = Infinity, hi = -Infinity;
  for (const v of [...e.actual, ...e.predicted]) if (Number.isFinite(v)) { lo = Math.min(lo, v); hi = Math.max(hi, v); }
  if (!(hi > lo)) { lo -= 1; hi += 1; }
  const pad = (hi - lo) * 0.05;
  lo -= pad; hi += pad;
  const X = (v: number) => left + ((v - lo) / (hi - lo)) * (W - left - right);
  const Y = (v: number) => H - bottom - ((v - lo) / (hi - lo)) * (H - top - bottom);
  const svg = document.createElementNS(SVG, 'svg');
  svg.setAttribute('viewBox', `0 0 ${W} ${H}`);
  svg.setAttribute('role', 'img');
  svg.setAttribute('aria-label', `predicted against actual ${c.target}`);
  const el = (tag: string, attrs: Record<string, string | number>, text?: string) => {
    const x = document.createElementNS(SVG, tag);
    for (const [k, v] of Object.entries(attrs)) x.setAttribute(k, String(v));
    if (text) x.textContent = text;
    svg.append(x);
    return x;
  };
  for (const t of roundTicks(lo, hi)) {
    el('line', { x1: X(t), x2: X(t), y1: top, y2: H - bottom, class: 'grid' });
    el('line', { x1: left, x2: W - right, y1: Y(t), y2: Y(t), class: 'grid' });
    el('text', { x: X(t), y: H - bottom + 12, 'text-anchor': 'middle', class: 'tick' }, tickText(t));
    el('text', { x: left - 4, y: Y(t) + 3, 'text-anchor': 'end', class: 'tick' }, tickText(t));
  }
  el('line', { x1: X(lo), y1: Y(lo), x2: X(hi), y2: Y(hi), class: 'exact' });
  // (The dashed line is named in the caption: a label in the corner hid a dot there, a lone row's most of all.)
  // One path for every dot: thousands of circles as one element; a few rows' dots drawn larger.
  const r = e.actual.length < 50 ? 3.5 : 1.6;
  let d = '';
  for (let i = 0; i < e.actual.length; i++) {
    const x = X(e.actual[i]), y = Y(e.predicted[i]);
    d += `M${(x - r).toFixed(1)},${y.toFixed(1)}a${r},${r} 0 1,0 ${2 * r},0a${r},${r} 0 1,0 ${-2 * r},0`;
  }
  el('path', { d, class: 'dots' });
  el('text', { x: (left + W - right) / 2, y: H - 6, 'text-anchor': 'middle', class: 'axis-name' }, `actual ${c.target}`);
  el('text', { x: 12, y: (top + H - bottom) / 2, 'text-anchor': 'middle', class: 'axis-name', transform: `rotate(-90 12 ${(top + H - bottom) / 2})` },
    `predicted ${c.target}`);
  svg.dataset.points = String(e.actual.length);
  const caption = document.createElement('figcaption');
  caption.className = 'hint';
  caption.textContent = `Each dot is a row (${count(e.actual.length)}${e.actual.length < e.rows ? ` of ${count(e.rows)}, spread evenly over them` : ''}): ` +
    'on the dashed line predicted = actual; above it the model predicted too high, below it too low.';
  figure.append(svg, caption);
  return figure;
}
