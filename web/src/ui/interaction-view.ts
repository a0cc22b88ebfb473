// SHAP interaction values as a heat map: for the features that interact the
// most, each pair's mean |interaction| over the rows explained (both halves
// of the symmetric matrix: the whole pair), the diagonal each feature's mean
// |main effect| in grey. A table, so the numbers can be read and tested.
import type { InteractionData } from '../worker/messages';
import { num, scrolling, setData, setText } from './dom';

const MOST = 10;  // features shown

export class InteractionView {
  constructor(private readonly box: HTMLElement, private readonly caption: HTMLElement) {}

  clear(why: string) {
    this.box.replaceChildren();
    setText(this.caption, why);
    setData(this.box, 'pairs', '');
  }

  render(d: InteractionData, what: string) {
    const F = d.features.length;
    const at = (i: number, j: number) => d.strength[i * F + j];
    // The features in the most interaction (their off-diagonal sums), strongest first.
    const total = d.features.map((_, i) => d.features.reduce((sum, __, j) => sum + (i === j ? 0 : at(i, j)), 0));
    const shown = d.features.map((_, i) => i).filter((i) => total[i] > 0).sort((a, b) => total[b] - total[a]).slice(0, MOST);
    if (shown.length < 2) return this.clear(`No two features interact in this model's trees (each tree splits on one feature, or the pairs never meet on a path): every SHAP value is a main effect.`);
    let top = 0, best: [number, number] = [shown[0], shown[1]];
    for (const i of shown)
      for (const j of shown)
        if (i < j && at(i, j) > top) [top, best] = [at(i, j), [i, j]];
    const table = document.createElement('table');
    table.className = 'interactions';
    const head = table.createTHead().insertRow();
    head.append(document.createElement('th'));
    for (const j of shown) {
      const th = document.createElement('th');
      th.scope = 'col';
      th.textContent = d.features[j];
      head.append(th);
    }
    const body = table.createTBody();
    for (const i of shown) {
      const tr = body.insertRow();
      const th = document.createElement('th');
      th.scope = 'row';
      th.textContent = d.features[i];
      tr.append(th);
      for (const j of shown) {
        const td = tr.insertCell();
        const v = at(i, j);
        td.textContent = String(Number(v.toPrecision(3)));  // short in the cell; the title and data-v hold it whole
        td.dataset.v = String(v);
        if (i === j) {
          td.className = 'main';
          td.title = `${d.features[i]} alone: mean |main effect| ${num(v)}`;
        } else {
          // Light to dark with the pair's share of the strongest pair.
          const heat = top > 0 ? Math.min(1, v / top) : 0;
          td.style.setProperty('--heat', String(heat));
          if (heat > 0.55) td.className = 'hot';  // light text on the dark cells
          td.title = `${d.features[i]} with ${d.features[j]}: mean |interaction| ${num(v)}`;
        }
      }
    }
    this.box.replaceChildren(scrolling(table));
    setData(this.box, 'pairs', String(shown.length));
    setData(this.box, 'top', `${d.features[best[0]]}|${d.features[best[1]]}`);
    setText(this.caption, `Over ${d.rows.toLocaleString()} rows, the ${what}: each cell off the diagonal is how much a pair of features ` +
      `adds together beyond what each adds alone (the mean |φᵢⱼ + φⱼᵢ|, XGBoost's pred_interactions); the diagonal, in grey, is each ` +
      `feature's own effect. The strongest pair: ${d.features[best[0]]} with ${d.features[best[1]]} (${num(top)}). ` +
      `${shown.length < F ? `The ${shown.length} features that interact the most of ${F}.` : ''}`);
  }
}
