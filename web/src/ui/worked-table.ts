// The worked example table of the source material, for the selected round:
// per row x, y, F_{t-1}(x), what the tree was fit to (g and h, u, or draws),
// the leaf reached, its value and F_t(x). Paged; the whole table downloads
// as CSV. Cells carry the engine's full-precision values in data-v.
import { statColumns } from '../worker/round-detail';
import type { ModelInfo, RoundDetail } from '../worker/messages';
import { cell, hintSideways, num, setData, setMathText } from './dom';
import { outputName } from '../output-names';

export const WORKED_PAGE = 25;

export class WorkedTable {
  constructor(private readonly table: HTMLTableElement, private readonly caption: HTMLElement,
              private readonly pager: { prev: HTMLButtonElement; next: HTMLButtonElement; download: HTMLButtonElement },
              moreHint: HTMLElement) {
    // On a phone the columns past F_{t−1}(x) are off to the right.
    hintSideways(table.parentElement!, table, moreHint);
  }

  clear(text: string) {
    this.table.replaceChildren();
    setMathText(this.caption, text);
    setData(this.table, 'round', '0');
    this.pager.prev.disabled = this.pager.next.disabled = this.pager.download.disabled = true;
  }

  render(d: RoundDetail, m: ModelInfo) {
    const t = d.round;
    const stats = statColumns(d);
    // Four features, one on a phone: the columns the formulas fill in (F, g, h, the leaf) were off to the right there.
    // Of more, those the round's tree splits on come first (the root's first), then the file's first: a wide
    // file's first columns need not be the ones that decide a row's leaf.
    const room = matchMedia('(max-width: 600px)').matches ? 1 : 4;
    const F = d.features.length;
    const shownAt = F > room ? [...new Set([...d.splitFeatures.filter((f) => f < F), ...d.features.keys()])].slice(0, room) : [...d.features.keys()];
    const features = shownAt.map((f) => d.features[f]);
    const splitShown = shownAt.filter((f) => d.splitFeatures.includes(f)).length;
    const cls = m.classes;
    // A file's rows by their line, as the notices and the predictions file name them.
    const byLine = d.rows.length > 0 && d.rows[0].line > 0;
    // AdaBoost on two classes is written with labels ỹ = ±1 (the notes' y_n): beside each class, its sign.
    const signed = m.algorithm === 'adaboost' && cls.length === 2;
    const head = [byLine ? 'line' : 'row', ...features, `${m.target || 'y'}${signed ? ' (ỹ)' : ''}`, `F${sub(t - 1)}(x)`, ...stats.map(statName), 'leaf', m.algorithm === 'gbdt' ? 'leaf value ν·γ' : m.algorithm === 'xgboost' ? 'leaf value η·w' : 'leaf value', `F${sub(t)}(x)`];
    const thead = document.createElement('thead');
    thead.insertRow().append(...head.map((h) => cell('th', h)));
    // A category by its name (the engine holds its code), a missing value as such.
    const levels = features.map((name) => m.features.find((f) => f.name === name)?.levels);
    const shown = (v: number, i: number) => (Number.isNaN(v) ? 'missing' : levels[i] ? levels[i]![v] ?? num(v) : num(v));
    const tbody = document.createElement('tbody');
    for (const r of d.rows) {
      const tr = tbody.insertRow();
      tr.dataset.row = String(r.row);
      if (r.valid || r.left) tr.className = 'valid';
      const y = Number.isNaN(r.y) ? '' : cls.length ? `${cls[r.y] ?? String(r.y)}${signed ? ` (${r.y ? '+1' : '−1'})` : ''}` : num(r.y);
      tr.append(cell('td', String(byLine ? r.line : r.row + 1) + (r.valid ? ' (valid)' : r.left ? ' (no target)' : '')),
        ...shownAt.map((f, i) => cell('td', shown(r.x[f], i), r.x[f])),
        cell('td', y, r.y, 'y'),
        cell('td', num(r.before), r.before, 'before'),
        // A validation row is not fit to: what the tree was fit to is blank there, not 0.
        ...stats.map((s) => {
          const v = (r as unknown as Record<string, number | undefined>)[s];
          return v === undefined || r.valid || r.left ? cell('td', '–') : cell('td', num(v), v, s);
        }),
        cell('td', String(r.leaf), r.leaf, 'leaf'),
        cell('td', num(r.leafValue), r.leafValue, 'leaf-value'),
        cell('td', num(r.after), r.after, 'after'));
    }
    this.table.replaceChildren(thead, tbody);
    setData(this.table, 'round', String(t));
    setData(this.table, 'offset', String(d.offset));
    const last = d.offset + d.rows.length;
    setMathText(this.caption, `Round ${t}: rows ${d.offset + 1}–${last} of ${d.total.toLocaleString()}${byLine ? ' (numbered by their line in the file)' : ''}` +
      `${F > features.length ? ` (${shownText(features.length, F, splitShown, d.splitFeatures.length)}; the CSV has all)` : ''}. ` +
      (m.algorithm === 'random_forest' ? (cls.length ? `F is the forest's vote: the mean of its trees' leaf shares${d.outputs > 1 ? ` for class ${cls[d.output] ?? d.output}` : ` for class ${cls[1] ?? 1}`} (a probability, not a log-odds score); `
        : 'F is the forest\'s prediction, the mean of its trees\'; ')
        : cls.length ? `F is the score${d.outputs > 1 ? ` of class ${cls[d.output] ?? d.output}` : ''} (XGBoost's margin); `
        : d.outputs > 1 ? `F is the prediction of ${outputName(m, d.output)}; ` : 'F is the prediction; ') +
      (signed ? `ỹ = +1 for ${cls[1]}, −1 for ${cls[0]}: AdaBoost's labels as the notes write them. ` : '') +
      (m.algorithm === 'gbrank' ? `F${sub(t)}(x) = ${t}/${t + 1}·F${sub(t - 1)}(x) + leaf value, the leaf value being η/(t+1)·g_t(x) (GBRank's blend)${stats.includes('g') ? '; g is minus the sum of the row\'s targets, h their count' : ''}.`
        : m.algorithm === 'random_forest' ? `F${sub(t)}(x) = (${t - 1}·F${sub(t - 1)}(x) + leaf value)/${t}, the mean of the trees.`
        : m.algorithm === 'adaboost' && !cls.length ? `F${sub(t)}(x) is the trees' median weighted by ln(1/β).`
        : `F${sub(t)}(x) = F${sub(t - 1)}(x) + leaf value.`) +
      `${d.kind === 'gradients' && m.objective.startsWith('rank:') ? ' g and h are the λ-gradients of the row\'s sampled pairs.' : ''}` +
      `${d.kind === 'gradients' && !m.objective.startsWith('rank:') ? ` ${m.algorithm === 'gbdt' ? 'The pseudo-residual is r = −g.' : 'g and h include each row\'s sample weight.'}` : ''}` +
      `${stats.length ? ` Validation rows were not fit (their ${stats.map(statName).join(', ')}: –).` : ''}`);
    this.pager.prev.disabled = d.offset === 0;
    this.pager.next.disabled = last >= d.total;
    this.pager.download.disabled = false;
  }
}

// Which n of F features the table shows: `split` of them among the `used` the round's tree splits on.
function shownText(n: number, F: number, split: number, used: number) {
  const count = `${n} of ${F} features shown`;
  if (split === 0) return n === 1 ? `the first of ${F} features shown` : `the first ${count}`;
  if (split < n) return `${count}: the ${split === 1 ? 'one' : split} the round's tree splits on, then the file's first`;
  if (used === n) return `${count}: ${n === 1 ? 'the one' : 'those'} the round's tree splits on`;
  return `${count}: ${n === 1 ? 'the one the round\'s tree splits on at its root' : `the first ${n} the round's tree splits on, from its root down`}`;
}

const statName = (s: string) => ({ g: 'g', h: 'h', u: 'u (weight)', drawn: 'times drawn' } as Record<string, string>)[s] ?? s;

// t as a subscript.
function sub(t: number) {
  return String(t).replace(/\d/g, (c) => '₀₁₂₃₄₅₆₇₈₉'[Number(c)]);
}
