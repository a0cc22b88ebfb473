// New rows with no target to score against: what the model makes of them, so a file of new customers
// is more than "predicted, not scored". Classes: two, the rows' p of the second class in 1,000 bins (the
// page cuts them at its threshold); more, the rows each class is predicted for. Numbers: the spread of
// the predictions. And the rows holding a level of a categorical feature the model never saw (predicted
// as if missing), found by name as the engine matches levels.
import type { Model, Table } from '../../../wasm/js/index.js';
import type { PredictionSummary } from './messages';

const BINS = 1000;

export function describePredictions(m: Model, t: Table, rounds: number, baseMargin: string): PredictionSummary {
  const s = m.summary(), n = t.numRows, K = s.classes.length;
  const p = m.predict(t, { rounds, ...(baseMargin ? { baseMargin } : {}) });
  const width = n ? p.length / n : 1;
  const out: PredictionSummary = { rows: n, classes: s.classes, byP: null, byClass: null, spread: null, unseen: unseenLevels(m, t) };
  if (K === 2 && width <= 2) {
    const byP = new Float64Array(BINS);
    for (let r = 0; r < n; r++) {
      const q = width === 1 ? p[r] : p[r * 2 + 1];
      const up = Math.ceil(q * BINS) - 1;  // bin b: b/BINS < p <= (b+1)/BINS, as the evaluation's
      byP[!(up > 0) ? 0 : Math.min(BINS - 1, up)]++;
    }
    out.byP = byP;
  } else if (K > 2) {
    const byClass = new Array<number>(K).fill(0);
    for (let r = 0; r < n; r++) {
      let best = 0;
      for (let k = 1; k < width; k++) if (p[r * width + k] > p[r * width + best]) best = k;
      byClass[best]++;
    }
    out.byClass = byClass;
  } else if (K === 0) {
    // Several quantiles: the middle one's spread.
    const column = Math.floor(width / 2);
    const values = Float64Array.from({ length: n }, (_, r) => p[r * width + column]).filter((v) => Number.isFinite(v)).sort();
    const at = (q: number) => values[Math.min(values.length - 1, Math.floor(q * (values.length - 1) + 0.5))];
    if (values.length) out.spread = { min: values[0], q10: at(0.1), median: at(0.5), q90: at(0.9), max: values[values.length - 1],
      mean: values.reduce((a, b) => a + b, 0) / values.length, quantile: width > 1 ? (s.params?.quantile_alpha as number[] | undefined)?.[column] ?? null : null };
  }
  return out;
}

// Rows whose categorical feature holds a level the model was not trained with: per feature, the rows and the commonest such level.
function unseenLevels(m: Model, t: Table): PredictionSummary['unseen'] {
  const out: PredictionSummary['unseen'] = [];
  for (const f of m.summary().features) {
    if (!f.levels?.length || !t.columns.some((c) => c.name === f.name)) continue;
    const column = t.column(f.name);
    if (column.type !== 'text') continue;
    const known = new Set(f.levels), counts = new Map<string, number>();
    for (let r = 0; r < column.codes.length; r++) {
      const code = column.codes[r];
      if (code < 0) continue;
      const level = column.levels[code];
      if (!known.has(level)) counts.set(level, (counts.get(level) ?? 0) + 1);
    }
    if (!counts.size) continue;
    const [level] = [...counts].sort((a, b) => b[1] - a[1] || (a[0] < b[0] ? -1 : 1))[0];
    out.push({ feature: f.name, level, levels: counts.size, rows: [...counts.values()].reduce((a, b) => a + b, 0) });
  }
  return out;
}
