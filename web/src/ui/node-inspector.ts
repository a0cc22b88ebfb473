// The selected tree node's numbers in the source material's formulas, for
// XGBoost-style boosting: a split's G and H on each side, lambda and gamma,
// and its gain evaluated; a leaf's w* = -G/(H + lambda) and eta w*, the value
// (G soft-thresholded by alpha, w* capped by max_delta_step, as the engine)
// it adds; the other algorithms' in theirs (node-formulas.ts). G (sum_grad)
// and H (cover) are the engine's, from the model file; nothing here is
// recomputed from rounded text.
import type { ModelInfo, SplitSearch, SplitSearchRequest, TreeJson } from '../worker/messages';
import { splitSearchView } from './split-search-view';
import { coverMeaning } from './cover-text';
import { formulaRow, num, paragraph, setData } from './dom';
import { nodeFormulas } from './node-formulas';
import { math } from './math';
import { score, soft, weight, type Reg } from '../split-score';

export class NodeInspector {
  constructor(private readonly el: HTMLElement) {}

  // "Why this split": asks the worker for the node's candidates (views.ts wires it).
  onWhy: (request: SplitSearchRequest) => void = () => {};
  private asked: SplitSearchRequest | null = null;
  private why: HTMLElement | null = null;

  // The button under a split's numbers, where the search applies: the node's round and output from the tree's index.
  private whyButton(id: number, m: ModelInfo, index: number) {
    const binary = m.algorithm === 'adaboost' && m.classes.length === 2 && m.variant !== 'samme_r';
    if (index < 0 || !(m.algorithm === 'xgboost' || binary)) return [];
    const perRound = m.rounds > 0 ? Math.max(1, Math.round(m.trees / m.rounds)) : 1;
    const request = { round: Math.floor(index / perRound) + 1, output: perRound > 1 ? index % perRound : 0, node: id };
    const button = document.createElement('button');
    button.type = 'button';
    button.className = 'secondary';
    button.id = 'node-why';
    button.textContent = 'Why this split? Every candidate\'s gain';
    const box = document.createElement('div');
    box.id = 'split-search';
    box.setAttribute('aria-live', 'polite');
    button.addEventListener('click', () => {
      this.asked = request;
      this.why = box;
      box.replaceChildren(paragraph('Searching every threshold of every feature…', 'hint'));
      this.onWhy(request);
    });
    return [button, box];
  }

  onSearch(search: SplitSearch | null, error: string) {
    if (!this.why || !this.asked || (search && search.node !== this.asked.node)) return;
    this.why.replaceChildren(...(search ? splitSearchView(search) : [paragraph(error || 'The model on show changed: select the node again.', 'hint')]));
  }

  clear(text: string) {
    this.el.replaceChildren(paragraph(text, 'hint'));
    setData(this.el, 'node', '');
  }

  render(t: TreeJson, id: number, m: ModelInfo, index = -1) {
    const p = m.params;
    this.asked = null;
    this.why = null;
    const why = t.left[id] >= 0 ? this.whyButton(id, m, index) : [];
    // The last node's numbers go: a leaf after a split has no G_L.
    for (const key of Object.keys(this.el.dataset)) if (key !== 'node') delete this.el.dataset[key];
    setData(this.el, 'node', String(id));
    if (m.algorithm !== 'xgboost') {
      const f = nodeFormulas(t, id, m);
      if (f) {
        for (const [k, v] of Object.entries(f.data)) setData(this.el, k, String(v));
        this.el.replaceChildren(...f.lines.map((line) => (typeof line === 'string' ? paragraph(line) : formulaRow(line[0], line[1]))), ...why);
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
    const reg: Reg = { lambda, alpha: p.alpha ?? 0, maxDelta: p.max_delta_step ?? 0, minChildWeight: 0 };
    // With alpha, every G enters as T_alpha(G): the formulas say so, and their numbers are of it.
    const T = (name: string) => (reg.alpha > 0 ? `T_{α}(${name})` : name);
    const G = t.sum_grad[id], H = t.cover[id];
    const lines: (string | [string | (Node | string)[], string])[] = [];
    if (t.left[id] >= 0) {
      const l = t.left[id], r = t.right[id];
      const GL = t.sum_grad[l], HL = t.cover[l], GR = t.sum_grad[r], HR = t.cover[r];
      const bracket = score(GL, HL, reg) + score(GR, HR, reg) - score(GL + GR, HL + HR, reg);
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
      lines.push([reg.alpha > 0 ? 'λ, α, γ' : 'λ, γ', reg.alpha > 0 ? `${num(lambda)}, ${num(reg.alpha)}, ${num(gamma)}` : `${num(lambda)}, ${num(gamma)}`]);
      lines.push(`H is what the tree shows as cover: ${coverMeaning(m)}.`);
      if (reg.alpha > 0) lines.push(`With α = ${num(reg.alpha)} (L1), each G is first moved towards 0 by α: T_{α}(G) = sign(G)·max(|G| − α, 0).`);
      const plain = `gain = ½[${T('G_{L}')}²/(H_{L}+λ) + ${T('G_{R}')}²/(H_{R}+λ) − ${reg.alpha > 0 ? T('G_{L}+G_{R}') : '(G_{L}+G_{R})'}²/(H_{L}+H_{R}+λ)] − γ`;
      const Tt = (g: string) => (reg.alpha > 0 ? `T_\\alpha(${g})` : g);
      lines.push([[math(`\\text{gain} = \\tfrac{1}{2}\\left[\\frac{${Tt('G_L')}^2}{H_L+\\lambda} + \\frac{${Tt('G_R')}^2}{H_R+\\lambda} - \\frac{${reg.alpha > 0 ? Tt('G_L+G_R') : '(G_L+G_R)'}^2}{H_L+H_R+\\lambda}\\right] - \\gamma`, plain)],
        `½[${num(score(GL, HL, reg))} + ${num(score(GR, HR, reg))} − ${num(score(GL + GR, HL + HR, reg))}] − ${num(gamma)} = ${num(gain)}`]);
      if (reg.maxDelta > 0) lines.push(`With max_delta_step ${num(reg.maxDelta)}, each term is the score of the weight capped at ±${num(reg.maxDelta)}: −(2Gw + (H+λ)w²).`);
      lines.push(`The tree's "gain" (${num(t.gain[id])}) is XGBoost's loss change: the bracket without ½ and γ.`);
      if (p.quantized_grad)
        lines.push('With quantized_grad the split was chosen on each row\'s g and h rounded to whole units, and the tree\'s gain is from those sums; the G and H shown here, and every leaf\'s w*, are the exact ones, so the two agree to a few digits, not all.');
      // Two conventions: the notes split when ½·bracket − γ > 0 (bracket > 2γ); XGBoost, and this
      // engine, when bracket ≥ γ (its min_split_loss). A split can stand under one and not the other.
      lines.push(['the rule this engine applied (XGBoost\'s): split when bracket ≥ γ', `${num(bracket)} ${bracket >= gamma ? '≥' : '<'} ${num(gamma)}`]);
      lines.push(gamma === 0 || (gain > 0) === (bracket >= gamma)
        ? 'The notes\' rule, gain > 0 (that is bracket > 2γ), agrees here.'
        : `The notes' rule, gain > 0 (bracket > 2γ = ${num(2 * gamma)}), would not have split here: their γ counts twice XGBoost's. Set γ to ${num(2 * gamma)} for the notes' rule at γ = ${num(gamma)}.`);
    } else {
      const w = weight(G, H, reg);
      setData(this.el, 'g', String(G));
      setData(this.el, 'h', String(H));
      setData(this.el, 'w', String(w));
      setData(this.el, 'value', String(t.value[id]));
      lines.push(`Leaf at node ${id}: its rows' sums of gradients and hessians.`);
      lines.push(['G = Σg, H = Σh', `${num(G)}, ${num(H)}`]);
      lines.push(`H is what the tree shows as cover: ${coverMeaning(m)}.`);
      if (reg.alpha > 0) {
        lines.push(`With α = ${num(reg.alpha)} (L1), G is first moved towards 0 by α: T_{α}(G) = sign(G)·max(|G| − α, 0).`);
        lines.push(['T_{α}(G)', num(soft(G, reg.alpha))]);
      }
      lines.push([[math(`w^* = -\\frac{${reg.alpha > 0 ? 'T_\\alpha(G)' : 'G'}}{H+\\lambda}`, `w* = −${T('G')}/(H+λ)`)],
        `−(${num(soft(G, reg.alpha))})/(${num(H)} + ${num(lambda)}) = ${num(-soft(G, reg.alpha) / (H + lambda))}`]);
      if (reg.maxDelta > 0) lines.push([`capped at max_delta_step ${num(reg.maxDelta)}`, num(w)]);
      lines.push(['η·w*, added to the score F', `${num(eta)} × ${num(w)} = ${num(eta * w)} (stored: ${num(t.value[id])})`]);
      if (p.leaf_newton_steps > 1)
        lines.push(`With leaf_newton_steps ${p.leaf_newton_steps}, w* was the first of ${p.leaf_newton_steps} Newton steps, each at the gradients of F + w: the stored value is η times where they ended (${num(t.value[id] / eta)}).`);
    }
    this.el.replaceChildren(...lines.map((line) => (typeof line === 'string' ? paragraph(line) : formulaRow(line[0], line[1]))), ...why);
  }
}
