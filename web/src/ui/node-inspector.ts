// The selected tree node's numbers in the source material's formulas, for
// XGBoost-style boosting: a split's G and H on each side, lambda and gamma,
// and its gain evaluated; a leaf's w* = -G/(H + lambda) and eta w*, the value
// it adds; the other algorithms' in theirs (node-formulas.ts). G (sum_grad)
// and H (cover) are the engine's, from the model file; nothing here is
// recomputed from rounded text.
import type { ModelInfo, TreeJson } from '../worker/messages';
import { coverMeaning } from './cover-text';
import { formulaRow, num, paragraph, setData } from './dom';
import { nodeFormulas } from './node-formulas';

// XGBoost's objective term of a node: G^2 / (H + lambda).
const score = (g: number, h: number, lambda: number) => (g * g) / (h + lambda);

export class NodeInspector {
  constructor(private readonly el: HTMLElement) {}

  clear(text: string) {
    this.el.replaceChildren(paragraph(text, 'hint'));
    setData(this.el, 'node', '');
  }

  render(t: TreeJson, id: number, m: ModelInfo) {
    const p = m.params;
    // The last node's numbers go: a leaf after a split has no G_L.
    for (const key of Object.keys(this.el.dataset)) if (key !== 'node') delete this.el.dataset[key];
    setData(this.el, 'node', String(id));
    if (m.algorithm !== 'xgboost') {
      const f = nodeFormulas(t, id, m);
      if (f) {
        for (const [k, v] of Object.entries(f.data)) setData(this.el, k, String(v));
        this.el.replaceChildren(...f.lines.map((line) => (typeof line === 'string' ? paragraph(line) : formulaRow(line[0], line[1]))));
        return;
      }
    }
    if (m.algorithm !== 'xgboost' || !t.sum_grad) {
      this.el.replaceChildren(paragraph(`Node ${id}: cover ${num(t.cover[id])} (${coverMeaning(m)})${t.left[id] >= 0 ? `, gain ${num(t.gain[id])}` : `, value ${num(t.value[id])}`}. ` +
        (m.algorithm === 'xgboost' ? 'This model file carries no sums of gradients (G), so the formulas cannot be filled in.'
          : 'This model file lacks the sums its formulas need.'), 'hint'));
      return;
    }
    const lambda = p.lambda, gamma = p.gamma, eta = p.eta;
    const G = t.sum_grad[id], H = t.cover[id];
    const lines: (string | [string, string])[] = [];
    if (t.left[id] >= 0) {
      const l = t.left[id], r = t.right[id];
      const GL = t.sum_grad[l], HL = t.cover[l], GR = t.sum_grad[r], HR = t.cover[r];
      const bracket = score(GL, HL, lambda) + score(GR, HR, lambda) - score(GL + GR, HL + HR, lambda);
      const gain = 0.5 * bracket - gamma;
      setData(this.el, 'gl', String(GL));
      setData(this.el, 'hl', String(HL));
      setData(this.el, 'gr', String(GR));
      setData(this.el, 'hr', String(HR));
      setData(this.el, 'gain', String(gain));
      setData(this.el, 'bracket', String(bracket));
      lines.push(`Split at node ${id}: left child ${l} (the "yes" rows), right child ${r}.`);
      lines.push(['G_{L} = Σg, H_{L} = Σh over the left child\'s rows', `${num(GL)}, ${num(HL)}`]);
      lines.push(['G_{R} = Σg, H_{R} = Σh over the right child\'s rows', `${num(GR)}, ${num(HR)}`]);
      lines.push(['λ, γ', `${num(lambda)}, ${num(gamma)}`]);
      lines.push(`H is what the tree shows as cover: ${coverMeaning(m)}.`);
      lines.push(['gain = ½[G_{L}²/(H_{L}+λ) + G_{R}²/(H_{R}+λ) − (G_{L}+G_{R})²/(H_{L}+H_{R}+λ)] − γ',
        `½[${num(score(GL, HL, lambda))} + ${num(score(GR, HR, lambda))} − ${num(score(GL + GR, HL + HR, lambda))}] − ${num(gamma)} = ${num(gain)}`]);
      lines.push(`The tree's "gain" (${num(t.gain[id])}) is XGBoost's loss change: the bracket without ½ and γ${p.alpha > 0 ? ', with each G soft-thresholded by α' : ''}.`);
    } else {
      const w = -G / (H + lambda);
      setData(this.el, 'g', String(G));
      setData(this.el, 'h', String(H));
      setData(this.el, 'w', String(w));
      setData(this.el, 'value', String(t.value[id]));
      lines.push(`Leaf at node ${id}: its rows' sums of gradients and hessians.`);
      lines.push(['G = Σg, H = Σh', `${num(G)}, ${num(H)}`]);
      lines.push(`H is what the tree shows as cover: ${coverMeaning(m)}.`);
      lines.push(['w* = −G/(H+λ)', `−(${num(G)})/(${num(H)} + ${num(lambda)}) = ${num(w)}`]);
      lines.push(['η·w*, added to the margin', `${num(eta)} × ${num(w)} = ${num(eta * w)} (stored: ${num(t.value[id])})`]);
      if (p.alpha > 0) lines.push(`With α = ${num(p.alpha)}, G is first moved towards 0 by α (L1): w* = −T_α(G)/(H+λ).`);
      if (p.max_delta_step > 0) lines.push(`max_delta_step ${num(p.max_delta_step)} caps |w*|.`);
      if (p.leaf_newton_steps > 1)
        lines.push(`With leaf_newton_steps ${p.leaf_newton_steps}, w* was the first of ${p.leaf_newton_steps} Newton steps, each at the gradients of F + w: the stored value is η times where they ended (${num(t.value[id] / eta)}).`);
    }
    this.el.replaceChildren(...lines.map((line) => (typeof line === 'string' ? paragraph(line) : formulaRow(line[0], line[1]))));
  }
}
