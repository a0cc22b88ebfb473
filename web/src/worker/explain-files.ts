// What explains a model, as files a practitioner takes to a report or a
// notebook: each feature's importance of every kind, and every row's SHAP
// values (XGBoost's pred_contribs: rows x outputs x (features + bias), the
// bias last, each row's adding up to its score F). Numbers to seven
// significant digits, as the predictions file writes them.
import { BoostLabError } from '../../../wasm/js/index.js';
import type { Model, Table } from '../../../wasm/js/index.js';
import { csvText } from './csv-cells';

const digits = (x: number) => String(Number(x.toPrecision(7)));
const KINDS = ['gain', 'total_gain', 'weight', 'cover', 'total_cover'] as const;

// A line a feature: its importance of each kind (0 for a feature no tree splits on), by total_gain, most first; with
// the table loaded, permutation importance's mean drop and its sd too (the rows and shuffles the page's bars use,
// said in the last two columns' names), blank where it could not be measured.
export interface PermutationColumns { features: { name: string; mean: number; std: number }[]; metric: string; rows: string }
export function importanceCsv(m: Model, permutation: PermutationColumns | null = null): string {
  const names = m.summary().features.map((f) => f.name);
  const of = Object.fromEntries(KINDS.map((k) => [k, m.featureImportance(k)]));
  const order = [...names].sort((a, b) => (of.total_gain[b] ?? 0) - (of.total_gain[a] ?? 0) || names.indexOf(a) - names.indexOf(b));
  const drop = new Map(permutation?.features.map((f) => [f.name, f]) ?? []);
  const extra = permutation ? [csvText(`permutation_${permutation.metric}_drop (${permutation.rows})`), 'permutation_sd'] : [];
  const lines = [['feature', ...KINDS, ...extra].join(',')];
  for (const name of order) {
    const p = drop.get(name);
    const cells = permutation ? (p ? [digits(p.mean), digits(p.std)] : ['', '']) : [];
    lines.push([csvText(name), ...KINDS.map((k) => digits(of[k][name] ?? 0)), ...cells].join(','));
  }
  return lines.join('\n') + '\n';
}

// SHAP values per row of the table: TreeSHAP's work (contributionsCost() a row) past `budget` path steps in
// all is refused, saying how long it would take; rows are explained a block at a time (a wide model's values
// for every row at once would not fit).
export function shapCsv(m: Model, table: Table, lines: ArrayLike<number> | null, budget: number): Blob {
  const cost = m.contributionsCost() * table.numRows;
  if (cost > budget)
    throw new BoostLabError({ code: 'TOO_SLOW', message: `SHAP values of all ${table.numRows.toLocaleString()} rows would take about ` +
      `${Math.ceil(cost / 1e9)} s here: model.contributions() in Node computes them on all cores (or explain fewer rows, a file of them).` });
  const s = m.summary(), F = s.features.length, K = s.num_outputs;
  const names = s.features.map((f) => f.name);
  const forest = s.params?.algorithm === 'random_forest';  // its values add up to its vote or mean, not a score
  const per = K > 1 ? (s.classes.length ? s.classes : Array.from({ length: K }, (_, k) => String(k))) : [''];
  const head = [lines ? 'line' : 'row'];
  for (const out of per) {
    const at = (n: string) => (out ? `${out}: ${n}` : n);
    head.push(...names.map(at), at('bias'), at(forest ? 'sum (prediction)' : 'sum (score F)'));
  }
  const parts = [head.map(csvText).join(',') + '\n'];
  const BLOCK = 2048;
  for (let from = 0; from < table.numRows; from += BLOCK) {
    const rows = Array.from({ length: Math.min(BLOCK, table.numRows - from) }, (_, i) => from + i);
    const phi = m.contributions(table, { rows });
    let text = '';
    rows.forEach((r, i) => {
      const row = [String(lines ? lines[r] : r + 1)];
      for (let k = 0; k < K; k++) {
        const base = (i * K + k) * (F + 1);
        let sum = 0;
        for (let f = 0; f <= F; f++) {
          row.push(digits(phi[base + f]));
          sum += phi[base + f];
        }
        row.push(digits(sum));
      }
      text += row.join(',') + '\n';
    });
    parts.push(text);
  }
  return new Blob(parts, { type: 'text/csv' });
}
