// "Why this split", drawn: the node's candidates feature by feature, best
// first, the chosen one marked; the gain of every threshold of the chosen
// feature as a curve, with the line a split must clear (γ for XGBoost-style).
import type { SplitSearch } from '../worker/messages';
import { cell, num, paragraph, scrolling, setMathText, smallChart } from './dom';

const SHOWN = 12;  // features listed; the rest are counted

export function splitSearchView(s: SplitSearch): Node[] {
  if (s.unavailable) return [paragraph(s.unavailable, 'hint')];
  const out: Node[] = [];
  const chosen = s.features.find((f) => f.feature === s.chosen);
  const xgb = s.criterion === 'xgboost';
  const gainName = xgb ? 'gain (the bracket, XGBoost\'s loss change)' : s.criterion === 'error' ? 'gain (fall of the weighted error)' : 'gain (fall of Σu·Gini, halved)';
  const intro = document.createElement('p');
  setMathText(intro, `The node's ${s.rows ?? 0} training rows: G = ${num(s.parent.g)}, H = ${num(s.parent.h)}. Every feature's best threshold, ` +
    `best first; ${gainName} for each. The tree split on "${chosen?.name ?? s.chosen}" (its stored gain ${num(s.stored)}).`);
  out.push(intro);
  const table = document.createElement('table');
  table.className = 'leaf-table split-search-table';
  table.createTHead().insertRow().append(...['feature', 'thresholds tried', 'best split', 'its gain', 'short of the best by'].map((c) => cell('th', c)));
  const body = table.createTBody();
  const top = s.features[0]?.best?.gain ?? NaN;
  for (const f of s.features.slice(0, SHOWN)) {
    const tr = body.insertRow();
    tr.dataset.feature = String(f.feature);
    tr.dataset.gain = String(f.best?.gain ?? NaN);
    if (f.feature === s.chosen) tr.className = 'chosen';
    const best = f.best ? `${f.categorical ? '' : `${f.name} `}${f.best.at}${f.best.missingLeft ? ', missing left' : ''}` : 'none can stand';
    tr.append(cell('td', f.name + (f.feature === s.chosen ? ' (chosen)' : '')), cell('td', String(f.candidates)), cell('td', best),
      cell('td', f.best ? num(f.best.gain) : '–'), cell('td', f.best ? (f.best.gain === top ? '–' : num(top - f.best.gain)) : '–'));
  }
  out.push(scrolling(table));
  if (s.features.length > SHOWN) out.push(paragraph(`…and ${s.features.length - SHOWN} more features, each with a smaller best gain.`, 'hint'));
  if (chosen?.curve.length) out.push(gainCurve(chosen.name, chosen.curve, chosen.best?.value ?? NaN, xgb ? s.gamma : NaN, chosen.categorical));
  const rule = xgb
    ? `A split stands when its gain is at least γ = ${num(s.gamma)} (XGBoost's rule; the notes' ½·gain − γ > 0 asks for 2γ).`
    : s.criterion === 'error' ? 'With the error criterion many thresholds tie; the first found (lowest feature, then threshold) is kept.' : '';
  const scope = s.exact ? 'Every feature here has no more distinct values in the node than the engine has bins, so these are exactly the thresholds its histogram search weighed.'
    : 'Some features have more distinct values than max_bin: the engine\'s histogram weighed only its cut points among these thresholds, so an exact candidate listed here can beat the split it chose.';
  out.push(paragraph(`${rule} ${scope}`.trim(), 'hint'));
  return out;
}

// Gain against threshold for one feature; the best marked, γ as a line.
function gainCurve(name: string, curve: [number, number][], best: number, gamma: number, categorical: boolean) {
  const fig = document.createElement('figure');
  fig.className = 'small-chart gain-curve';
  fig.dataset.points = String(curve.length);
  const W = 320, H = 100, left = 46, right = 8, top = 8, bottom = 18;
  const xs = curve.map((c) => c[0]), ys = curve.map((c) => c[1]);
  const x0 = Math.min(...xs), x1 = Math.max(...xs);
  const lo = Math.min(0, ...ys), hi = Math.max(...ys, Number.isFinite(gamma) ? gamma : -Infinity);
  const xAt = (v: number) => left + ((v - x0) / (x1 - x0 || 1)) * (W - left - right);
  const yAt = (v: number) => top + ((hi - v) / (hi - lo || 1)) * (H - top - bottom);
  const { svg, add } = smallChart(W, H, `gain of each ${categorical ? 'category' : 'threshold'} of ${name}`);
  add('line', { x1: left, x2: W - right, y1: H - bottom, y2: H - bottom, class: 'axis' });
  add('line', { x1: left, x2: left, y1: top, y2: H - bottom, class: 'axis' });
  if (categorical) for (const [v, g] of curve) add('line', { x1: xAt(v), x2: xAt(v), y1: yAt(0), y2: yAt(g), class: 'alpha' });
  else add('polyline', { points: curve.map(([v, g]) => `${xAt(v)},${yAt(g)}`).join(' '), class: 'alpha' });
  if (Number.isFinite(gamma) && gamma > 0) add('line', { x1: left, x2: W - right, y1: yAt(gamma), y2: yAt(gamma), class: 'mark' });
  const at = curve.find((c) => c[0] === best);
  if (at) add('circle', { cx: xAt(at[0]), cy: yAt(at[1]), r: 2.5, class: 'minimum' });
  add('text', { x: left - 3, y: top + 4, 'text-anchor': 'end', class: 'tick' }, String(Number(hi.toPrecision(3))));
  add('text', { x: left - 3, y: H - bottom, 'text-anchor': 'end', class: 'tick' }, String(Number(lo.toPrecision(3))));
  add('text', { x: left, y: H - 4, 'text-anchor': 'start', class: 'tick' }, String(Number(x0.toPrecision(3))));
  add('text', { x: W - right, y: H - 4, 'text-anchor': 'end', class: 'tick' }, String(Number(x1.toPrecision(3))));
  add('text', { x: (left + W - right) / 2, y: H - 4, 'text-anchor': 'middle', class: 'tick' }, categorical ? `${name} (category code)` : `${name}: split at < value`);
  const cap = document.createElement('figcaption');
  cap.className = 'hint';
  cap.textContent = `The gain of each ${categorical ? 'category against the rest' : 'threshold'} of ${name}; the dot is the best${Number.isFinite(gamma) && gamma > 0 ? ', the dashed line γ' : ''}.`;
  fig.append(svg, cap);
  return fig;
}
