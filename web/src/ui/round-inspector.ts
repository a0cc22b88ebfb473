// The selected round in the source material's formulas, per algorithm, with
// the engine's numbers: AdaBoost's e_t, alpha_t and weights u; gradient
// boosting's f0, pseudo-residuals and each leaf's mean beside its line
// search; XGBoost's (g, h) and each leaf's w* = -G/(H + lambda); a forest's
// bootstrap. Values come from the round's report and trainer.roundStatistics()
// (the worker's RoundDetail); the page only arranges them. Each formula row
// carries its full-precision numbers in data-* for tests.
import type { RoundReport } from '../../../wasm/js/index.js';
import type { ModelInfo, RoundDetail } from '../worker/messages';
import { cell, formulaRow, mathText, num, paragraph, scrolling, setData, setMathText, smallChart } from './dom';
import { algorithmName } from '../run-names';
import { store } from '../state';
import { math } from './math';
import { outputName } from '../output-names';

// The AdaBoost panel's two central formulas, typeset (cloned where used).
const epsilonTex = () => math('\\varepsilon_t = \\frac{\\sum u\\,[y \\neq g(x)]}{\\sum u}', 'ε_t = Σ u·[y ≠ g(x)] / Σ u');
const diamondTex = () => math('\\blacklozenge_t = \\sqrt{\\frac{1-\\varepsilon_t}{\\varepsilon_t}}', '◆_t = √((1 − ε_t)/ε_t)');

const SVG = 'http://www.w3.org/2000/svg';

// The loss's derivatives, as the engine computes them (objectives.cc).
const GRADIENTS: Record<string, [string, string]> = {
  'reg:squarederror': ['g = F(x) − y', 'h = 1'],
  'reg:absoluteerror': ['g = sign(F(x) − y)', 'h = 1 (each leaf then takes its rows\' median residual)'],
  'reg:quantileerror': ['g = 1 − α if F(x) ≥ y, else −α (α = quantile_alpha)', 'h = 1 (each leaf then takes its rows\' α quantile of the residuals)'],
  'reg:pseudohubererror': ['g = z/√(1+(z/δ)²), z = F(x) − y', 'h = (1+(z/δ)²)^(−3/2)'],
  'reg:huber': ['g = −clip(y − F(x), ±δ_t)', 'h = 1'],
  'count:poisson': ['g = e^{F(x)} − y', 'h = e^(F(x) + max_delta_step)'],
  'reg:gamma': ['g = 1 − y·e^(−F(x))', 'h = y·e^(−F(x))'],
  'reg:tweedie': ['g = −y·e^((1−ρ)F(x)) + e^((2−ρ)F(x)), ρ = tweedie_variance_power', 'h = −y(1−ρ)·e^((1−ρ)F(x)) + (2−ρ)·e^((2−ρ)F(x))'],
  'binary:logistic': ['g = p − y, p = 1/(1+e^(−F(x)))', 'h = p(1 − p)'],
  'binary:exponential': ['g = −ỹ·e^(−ỹF(x)), ỹ = ±1', 'h = e^(−ỹF(x))'],
  'multi:softprob': ['g = p_k − [y = k], p = softmax(F(x))', 'h = 2p_k(1 − p_k)'],
  'multi:softmax': ['g = p_k − [y = k], p = softmax(F(x))', 'h = 2p_k(1 − p_k)'],
};

// XGBoost's leaf weight from a leaf's sums, as the engine's first step takes
// it: G soft-thresholded by alpha, over H + lambda, clipped to max_delta_step.
function firstStep(G: number, H: number, p: ModelInfo['params']) {
  const t = Math.sign(G) * Math.max(Math.abs(G) - p.alpha, 0);
  const w = -t / (H + p.lambda);
  return p.max_delta_step > 0 ? Math.max(-p.max_delta_step, Math.min(p.max_delta_step, w)) : w;
}

// f0 = argmin over a constant of the summed loss.
const F0: Record<string, string> = {
  'reg:squarederror': 'the mean of y',
  'reg:absoluteerror': 'the median of y',
  'reg:quantileerror': 'the α quantile of y (α = quantile_alpha)',
  'reg:huber': 'the median of y',
  'binary:logistic': 'ln(ȳ/(1 − ȳ)), the log-odds of the share of class 1',
  'binary:exponential': '½ ln(ȳ/(1 − ȳ))',
  'count:poisson': 'ln ȳ',
  'reg:gamma': 'ln ȳ',
  'reg:tweedie': 'ln ȳ',
  'multi:softprob': 'the log of each class\'s share',
};

// What gbdt's leaf line search is for each loss.
export const LINE_SEARCH: Record<string, string> = {
  'reg:squarederror': 'γ = mean of r (the least-squares step)',
  'reg:absoluteerror': 'γ = median of y − F (L1)',
  'reg:quantileerror': 'γ = the α quantile of y − F (the pinball loss)',
  'reg:huber': 'γ = median r̃ + mean of clip(r − r̃, ±δ_t) (Huber, Friedman\'s M-regression)',
  'binary:logistic': 'γ = Σr / Σp(1 − p) (one Newton step)',
  'binary:exponential': 'γ = −Σg / Σh (one Newton step)',
  'count:poisson': 'γ = −Σg / Σh (one Newton step)',
  'reg:gamma': 'γ = −Σg / Σh (one Newton step)',
  'reg:tweedie': 'γ = −Σg / Σh (one Newton step)',
  'multi:softprob': 'γ = (K−1)/K · Σr / Σ|r|(1 − |r|) (Friedman\'s multinomial step)',
};

// DART's rounds cannot be replayed from the finished model: say which numbers are the round's own.
export function dartNote(round: number, dropped: number | undefined) {
  const left = dropped === undefined ? 'some of the earlier trees' : `${dropped} of the earlier trees`;
  return `DART: round ${round} left ${left} out while it fit its tree (g and h in the table were taken at the F of the trees it kept), ` +
    'then scaled the dropped trees and its own, and later rounds scaled trees again. The F columns add up the trees as the finished ' +
    'model holds them (as XGBoost cuts a DART model to its first rounds), so g and h are not the derivatives at those F, and an ' +
    'earlier round\'s score here is not the one its point on the loss curve shows.';
}

export class RoundInspector {
  constructor(private readonly el: HTMLElement) {}


  clear(text: string) {
    this.el.replaceChildren(paragraph(text));
    setData(this.el, 'round', '0');
    setData(this.el, 'algorithm', '');
  }

  // picture: whether the page draws the data (toy data), which AdaBoost's size legend explains.
  // whose: the model's name on the page ("Run 2", a file's name); chosen: the
  // algorithm picked above, which may be another until Play trains it.
  render(d: RoundDetail, m: ModelInfo, reports: RoundReport[], picture: boolean, whose: string, chosen: string) {
    const report = reports[d.round - 1];
    setData(this.el, 'round', String(d.round));
    setData(this.el, 'algorithm', m.algorithm);
    const parts: Node[] = [];
    // A tree per class each round (boosting), or one tree for every class (AdaBoost's, a forest's, multi_output_tree).
    const classLabel = d.outputs > 1 ? d.perRound > 1 ? ` (the tree for ${outputName(m, d.output)})` : ', one tree for all classes' : '';
    parts.push(paragraph(`${whose} (${algorithmName(m.algorithm)}): round ${d.round} of ${d.rounds}, tree ${d.treeIndex + 1}${classLabel}.`, 'round-title'));
    if (chosen !== m.algorithm)
      parts.push(paragraph(`These are ${whose}'s formulas; ${algorithmName(chosen)}, picked above, shows its own once Play trains it.`, 'hint stale-note'));
    // First: it says how to read every number below.
    if (m.dart) parts.push(paragraph(dartNote(d.round, report?.dropped), 'hint dart-note'));
    if (m.algorithm === 'adaboost') this.adaboost(parts, d, m, report, reports, picture);
    else if (m.algorithm === 'random_forest') this.forest(parts, d, m, report);
    else if (m.algorithm === 'gbrank') this.gbrank(parts, d, m, report);
    else this.boosted(parts, d, m, reports);
    if (!d.kept && m.algorithm !== 'adaboost')
      parts.push(paragraph(reports.length ? 'This round\'s per-row numbers were not kept (a big table keeps the rounds it paused or ended on; toy data and small tables keep every round).'
        : store.loadedModel?.trainedOn ? `${store.loadedModel.name} is kept for this file without its per-round statistics: they stay with the rows it learnt from (train here to see them).`
        : 'A model loaded from a file carries no per-round statistics: train it here to see them.'));
    this.el.replaceChildren(...parts);
  }

  // XGBoost-style and Friedman's gradient boosting: the statistics, then each leaf.
  private boosted(parts: Node[], d: RoundDetail, m: ModelInfo, reports: RoundReport[] = []) {
    const gbdt = m.algorithm === 'gbdt';
    const eta = m.params.eta;
    let [g, h] = GRADIENTS[m.objective] ?? ['g = ∂L/∂F', 'h = ∂²L/∂F²'];
    if (m.objective.startsWith('multi:soft') && m.params.softmax_hessian === 'lightgbm') h = `h = K/(K − 1)·p_k(1 − p_k), K = ${m.outputs}`;
    const steps = gbdt ? 1 : m.params.leaf_newton_steps;
    // Losses whose leaves XGBoost sets again once the tree is grown (the median, a quantile of the residuals).
    const refreshed = !gbdt && (m.objective === 'reg:absoluteerror' || m.objective === 'reg:quantileerror');
    // f0 every round: F_t(x) starts from it (the worked table's F_{t-1}(x) is f0 plus the earlier trees' η·w).
    const f0 = d.baseMargin[d.output] ?? 0;
    // A pairwise loss compares rows of a query: every constant scores alike, so f₀ is only base_score, a shift.
    const f0Text = m.objective.startsWith('rank:') ? 'f₀ = base_score, a shift of every score (a pairwise loss is the same for every constant)'
      : [math('f_0 = \\arg\\min_c \\sum_i L(y_i, c)', 'f₀ = the constant c minimising Σ L(y, c)'), F0[m.objective] ? ` = ${F0[m.objective]}` : ''];
    parts.push(formulaRow(f0Text, num(f0), { f0 }));
    if (d.round > 1 && !gbdt)
      parts.push(formulaRow([math(`F_{${d.round}}(x) = f_0 + \\sum_{s \\le ${d.round}} \\eta\\, w_s(x)`, `F_{${d.round}}(x) = f₀ + Σ_{s≤${d.round}} η·w_s(x)`)],
        `f₀ plus the η·w of x's leaf in trees 1 to ${d.round} (the worked table's F columns)`));
    if (gbdt) {
      // "g = p − y, p = 1/(1+e^{−F(x)})": the negated gradient, then what its letters are.
      const [gradient, ...where] = g.replace(/^g = /, '').split(', ');
      parts.push(formulaRow(['pseudo-residual ', math('r = -\\left.\\frac{\\partial L}{\\partial F}\\right|_{F_{t-1}}', 'r = −∂L/∂F at F_{t−1}')],
        `r = −(${gradient})${where.length ? `, where ${where.join(', ')}` : ''}`));
      parts.push(paragraph(m.step === 'tree_line_search'
        ? `A least-squares tree g_t is fit to r (each leaf the mean r̄ of its rows); then one weight α_t for the whole tree, by least squares of r on g_t (the notes' one-variable regression), and ν·α_t·g_t is added (ν, the parameter eta, = ${num(eta)}).`
        : `A least-squares tree is fit to r; then each leaf's value is set by line search on the loss: ${LINE_SEARCH[m.objective] ?? 'γ = −Σg/Σh'}, and ν·γ is added (ν, the parameter eta, = ${num(eta)}).`));
    } else {
      parts.push(formulaRow([math('g = \\frac{\\partial L}{\\partial F},\\; h = \\frac{\\partial^2 L}{\\partial F^2}', 'g = ∂L/∂F, h = ∂²L/∂F²'), ' at F_{t−1}'], `${g};  ${h}`));
      const bounds = `λ = ${num(m.params.lambda)}${m.params.alpha > 0 ? `, G soft-thresholded by α = ${num(m.params.alpha)}` : ''}${m.params.max_delta_step > 0 ? `, |w| ≤ ${num(m.params.max_delta_step)}` : ''}`;
      parts.push(paragraph(refreshed
        ? `The tree is grown on g and h as XGBoost grows any (each split by its gain, w* = −G/(H+λ) for the score, ${bounds}); then each leaf's value is set again to its rows' ${m.objective === 'reg:quantileerror' ? `α quantile (α = ${num(m.params.quantile_alpha)})` : 'median'} of the residuals y − F (XGBoost's adaptive leaves), and η times it is added (η = ${num(eta)}). Click a split in the tree for its gain.`
        : steps > 1
        ? `Each leaf starts at w = −G/(H+λ) (${bounds}) and takes up to ${steps - 1} more Newton step${steps > 2 ? 's' : ''} w ← w − (G(w) + λw)/(H(w) + λ), with G(w) and H(w) summed at F_{t−1} + w, toward the w that minimises its rows' loss plus λw²/2${m.params.alpha > 0 ? ' + α|w|' : ''}; a step that would overshoot that minimum goes halfway instead. η·w is added (η = ${num(eta)}). Click a split in the tree for its gain.`
        : `Each leaf takes w* = −G/(H+λ) (${bounds}), and η·w* is added (η = ${num(eta)}). Click a split in the tree for its gain.`));
    }
    if (gbdt && d.treeAlpha.length) {
      // Its two sums from the leaves: g_t(x) = r̄ of the row's leaf, y − s = r; Σ r over a leaf is −G.
      const a = d.treeAlpha[d.output];
      const top = d.leaves.reduce((t, l) => t + l.mean * -l.sumGrad, 0), bottom = d.leaves.reduce((t, l) => t + l.weight * l.mean * l.mean, 0);
      parts.push(formulaRow([math('\\alpha_t = \\frac{\\sum g_t(x)\\,(y-s)}{\\sum g_t(x)^2}', 'α_t = Σ g_t(x)(y − s) / Σ g_t(x)²'), ', g_t: the tree of mean residuals'], `${num(top)} / ${num(bottom)} = ${num(a)}`, { alpha: a, top, bottom }));
      parts.push(paragraph('Least squares of r on the tree of leaf means gives α_t = 1 up to rounding (each leaf mean is already the best constant for its rows): the line search over the whole tree changes the step only where the loss is not squared error on r.'));
    }
    if (!d.leaves.length) return;
    const table = document.createElement('table');
    table.className = 'leaf-table';
    const head = gbdt ? ['leaf', 'rows', 'r̄ = −G/n', d.treeAlpha.length ? 'γ = α_t·r̄' : 'γ (line search)', 'ν·γ added']
      : refreshed ? ['leaf', 'rows', 'G = Σg', 'H = Σh', '−G/(H+λ)', `w: ${m.objective === 'reg:quantileerror' ? 'α quantile' : 'median'} of y − F`, 'η·w added']
      // With the steps' two columns the rows' count goes: the panel is narrow.
      : steps > 1 ? ['leaf', 'G = Σg', 'H = Σh', '−G/(H+λ)', `w (${steps} steps)`, 'η·w added']
        : ['leaf', 'rows', 'G = Σg', 'H = Σh', 'w* = −G/(H+λ)', 'η·w* added'];
    table.createTHead().insertRow().append(...head.map((c) => cell('th', mathText(c))));
    const body = table.createTBody();
    for (const l of d.leaves) {
      const tr = body.insertRow();
      tr.dataset.node = String(l.node);
      tr.dataset.g = String(l.sumGrad);
      tr.dataset.h = String(l.sumHess);
      tr.dataset.mean = String(l.mean);
      tr.dataset.step = String(l.step);
      tr.dataset.rows = String(l.rows);
      const cells = gbdt ? [String(l.node), String(l.rows), num(l.mean), num(l.step), num(eta * l.step)]
        : refreshed ? [String(l.node), String(l.rows), num(l.sumGrad), num(l.sumHess), num(firstStep(l.sumGrad, l.sumHess, m.params)), num(l.step), num(eta * l.step)]
        : steps > 1 ? [String(l.node), num(l.sumGrad), num(l.sumHess), num(firstStep(l.sumGrad, l.sumHess, m.params)), num(l.step), num(eta * l.step)]
        : [String(l.node), String(l.rows), num(l.sumGrad), num(l.sumHess), num(l.step), num(eta * l.step)];
      tr.append(...cells.map((c) => cell('td', c)));
    }
    parts.push(scrolling(table));
    if (!gbdt) {
      // The notes' regularised objective of this tree at its leaves' w, from the table's own numbers, a
      // leaf priced at γ/2: the engine's γ is XGBoost's min_split_loss, compared with the bracket (twice
      // the fall in −½ΣG²/(H+λ)), so at the whole γ a kept split could raise it (xgboost_style.cc).
      const { lambda, alpha, gamma } = m.params;
      const objective = d.leaves.reduce((o, l) => o + l.sumGrad * l.step + 0.5 * (l.sumHess + lambda) * l.step * l.step + alpha * Math.abs(l.step), 0) + 0.5 * gamma * d.leaves.length;
      parts.push(formulaRow(['this tree\'s objective ', math(`\\sum_j \\left[G_j w_j + \\tfrac{1}{2}(H_j+\\lambda)\\,w_j^2\\right]${alpha > 0 ? ' + \\alpha\\sum_j |w_j|' : ''} + \\tfrac{1}{2}\\gamma T`,
        `Σ_j[G_j w_j + ½(H_j + λ)w_j²]${alpha > 0 ? ' + αΣ|w_j|' : ''} + ½γT`), `, T = ${d.leaves.length} leaves`],
        num(objective), { objective }));
      if (gamma > 0) parts.push(paragraph(`A leaf costs γ/2 = ${num(gamma / 2)} here, not the notes' γ: this γ is XGBoost's min_split_loss, which keeps a split when its bracket (twice what it lowers −½ΣG²/(H+λ)) is at least γ. So the notes' objective at their γ = ${num(gamma / 2)} is the one these trees lower, and a kept split never raises it.`));
      const values = reports.map((r) => r.treeObjective ?? NaN);
      if (values.some(Number.isFinite)) parts.push(objectiveChart(values, d.round, m.outputs > 1 && d.perRound > 1));
    }
    if (gbdt) parts.push(paragraph('r̄ is the plain mean of the leaf\'s pseudo-residuals r (for squared error the residuals y − F themselves); γ is what the line search made of it (equal for squared error).'));
  }

  // GBRank (Zheng et al. 2007): the pairs, their swapped targets, the regression tree and the blend.
  private gbrank(parts: Node[], d: RoundDetail, m: ModelInfo, report: RoundReport | undefined) {
    const t = d.round, tau = m.params.gbrank_tau, eta = m.params.eta;
    const total = report?.pairs?.total ?? d.pairCount, wrong = report?.pairs?.wrong ?? d.wrongPairs;
    if (total !== undefined) parts.push(formulaRow('pairs (x, y) of a training query, x more relevant', total.toLocaleString(), { pairs: total }));
    if (wrong !== undefined)
      parts.push(formulaRow(`S⁻: pairs with h_{t−1}(x) < h_{t−1}(y) + τ (τ = ${num(tau)})`, wrong.toLocaleString(), { wrong }));
    parts.push(paragraph('Each pair in S⁻ gives x the target h_{t−1}(y) + τ and y the target h_{t−1}(x) − τ; a least-squares regression tree g_t is fit to all the targets (a row in n pairs has n of them), so each leaf\'s g_t is the mean of the targets that reach it. The one-query view below lists a query\'s pairs.'));
    const keep = d.blend?.keep ?? t / (t + 1), add = d.blend?.add ?? eta / (t + 1);
    parts.push(formulaRow([math('h_t = \\frac{t\\,h_{t-1} + \\eta\\,g_t}{t+1}', 'h_t = (t·h_{t−1} + η·g_t)/(t + 1)')], `${num(keep)}·h_{t−1} + ${num(add)}·g_t`, { keep, add }));
    if (!d.leaves.length) return;
    const table = document.createElement('table');
    table.className = 'leaf-table';
    table.createTHead().insertRow().append(...['leaf', 'rows', 'targets', 'Σ targets', 'g_t = mean target', `${num(add)}·g_t added`].map((c) => cell('th', mathText(c))));
    const body = table.createTBody();
    for (const l of d.leaves) {
      const tr = body.insertRow();
      tr.dataset.node = String(l.node);
      tr.dataset.targets = String(l.sumHess);
      tr.dataset.sum = String(-l.sumGrad);
      tr.dataset.step = String(l.step);
      tr.append(...[String(l.node), String(l.rows), String(l.sumHess), num(-l.sumGrad), num(l.step), num(add * l.step)].map((c) => cell('td', c)));
    }
    parts.push(scrolling(table));
  }

  private adaboost(parts: Node[], d: RoundDetail, m: ModelInfo, report: RoundReport | undefined, reports: RoundReport[], picture: boolean) {
    const K = Math.max(2, m.classes.length);
    const eta = m.params.eta;
    const regression = m.classes.length === 0;
    if (report?.epsilon !== undefined) {
      const e = report.epsilon, a = report.alpha ?? NaN;
      if (regression) {
        const beta = e / (1 - e);
        parts.push(formulaRow([math('\\varepsilon_t = \\sum_i u_i L_i', 'ε_t = Σ u·L_i'), ', L_i = loss of |y − f_t(x)| / max'], num(e), { epsilon: e }));
        parts.push(formulaRow([math('\\beta_t = \\frac{\\varepsilon_t}{1-\\varepsilon_t}', 'β_t = ε_t / (1 − ε_t)')], num(beta), { beta }));
        parts.push(formulaRow([math('\\alpha_t = \\nu \\ln\\frac{1}{\\beta_t}', 'α_t = ν·ln(1/β_t)'), `, the tree's weight (ν = eta = ${num(eta)})`], num(a), { alpha: a }));
        parts.push(paragraph('u ← u·β_t^(η(1 − L_i)), normalised; the model predicts the trees\' median weighted by ln(1/β_t).'));
      } else if (m.variant === 'samme_r') {
        parts.push(formulaRow([epsilonTex()], num(e), { epsilon: e }));
        parts.push(paragraph(`SAMME.R: each leaf adds η(K−1)(ln p_k − (1/K)Σ_j ln p_j) of its weighted class shares p; u ← u·exp(−η(K−1)/K·y·ln p), normalised.`));
      } else if (m.vote === 'freund_schapire') {
        // The notes' convention, as the engine applied it: α_t = η·ln◆_t (with ½ln(K − 1) past two classes), u·e^{−yαg}.
        const diamond = Math.sqrt((1 - e) / e);
        const alpha = eta * (Math.log(diamond) + 0.5 * Math.log(K - 1));
        parts.push(formulaRow([epsilonTex()], num(e), { epsilon: e }));
        parts.push(formulaRow([diamondTex()], num(diamond), { diamond }));
        parts.push(K === 2
          ? formulaRow([math('\\alpha_t = \\nu \\ln \\blacklozenge_t', 'α_t = ν·ln◆_t'), ', the vote (the notes\' convention, Freund & Schapire\'s; ν = eta, the learning rate)'], `${num(eta)}·ln ${num(diamond)} = ${num(a)}`, { alpha: a, recomputed: alpha, notesAlpha: Math.log(diamond) })
          : formulaRow('α_t = ν·(ln◆_t + ½ln(K − 1)), the vote (the notes\' ln◆ with SAMME\'s term for K classes, halved)', `${num(eta)}·(${num(Math.log(diamond))} + ${num(0.5 * Math.log(K - 1))}) = ${num(a)}`, { alpha: a, recomputed: alpha }));
        parts.push(paragraph(K === 2
          ? `u ← u·e^{−y·α_t·g_t(x)}: the rows g_t got wrong ×e^{α_t}, the others ÷e^{α_t}${eta === 1 ? ' (×◆_t and ÷◆_t, as in the notes)' : ` (at ν = 1 that is ×◆_t and ÷◆_t; here ν = ${num(eta)})`}, then normalised to sum 1: wrong rows now weigh e^{2α_t}${eta === 1 ? ' = ◆_{t}²' : ''} times right ones.`
          : 'u ← u·e^{α_t} for the rows g_t got wrong, u·e^{−α_t} for the others, then normalised to sum 1.'));
      } else {
        const diamond = Math.sqrt((1 - e) / e);
        const alpha = eta * (Math.log((1 - e) / e) + Math.log(K - 1));
        parts.push(formulaRow([epsilonTex()], num(e), { epsilon: e }));
        // (With more classes the wrong rows' factor is e^{α_t} alone: no one number scales both ways.)
        // The notes' convention beside the engine's (scikit-learn's SAMME): for two classes their vote is
        // ln◆_t, SAMME's twice it at η = 1 (the same signs), and their weights the same once normalised.
        if (K === 2) {
          parts.push(formulaRow([diamondTex(), ', the notes\' scaling factor: wrong rows ×◆_t, right ones ÷◆_t'], num(diamond), { diamond }));
          parts.push(formulaRow('the notes\' vote ln◆_t', num(Math.log(diamond)), { notesAlpha: Math.log(diamond) }));
        }
        parts.push(formulaRow([math('\\alpha_t = \\nu\\left(\\ln\\frac{1-\\varepsilon_t}{\\varepsilon_t} + \\ln(K-1)\\right)', 'α_t = ν·(ln((1 − ε_t)/ε_t) + ln(K − 1))'), ', this engine\'s vote (scikit-learn\'s SAMME; ν = eta, the learning rate)'], `${num(eta)}·(${num(Math.log((1 - e) / e))} + ${num(Math.log(K - 1))}) = ${num(a)}`, { alpha: a, recomputed: alpha }));
        parts.push(paragraph(`u ← u·e^{α_t} for the rows g_t got wrong, u unchanged for the others, then normalised to sum 1.${K !== 2 ? ''
          : eta === 1 ? ' With ν = 1 that is the notes\' update (wrong rows ×◆_t, right ones ÷◆_t) once normalised: wrong rows weigh ◆_{t}² = (1 − ε_t)/ε_t times right ones both ways, and α_t = 2·ln◆_t votes as the notes\' ln◆_t does (the same sign for every x).'
            : ` With ν = ${num(eta)} wrong rows weigh e^{α_t} = ◆_t^{${num(2 * eta)}} times right ones; the notes' update is ν = 1 (◆_{t}² times).`}`));
      }
      if (report.expLoss !== undefined) {
        // What the engine's number is (the product of the reweightings' normalisers), in the votes F_k the page shows.
        const formula = K === 2 ? (m.vote === 'freund_schapire' && m.variant !== 'samme_r'
            ? ['exponential loss ', math('\\frac{1}{N}\\sum_n e^{-y_n f(x_n)}', '(1/N)Σ exp(−y·f(x))'), ' after the round, y = ±1']
            : ['exponential loss ', math('\\frac{1}{N}\\sum_n e^{-y_n f(x_n)/K}', '(1/N)Σ exp(−y·f(x)/K)'), ' after the round'])
          : m.variant === 'samme_r' ? 'exponential loss (1/N)Σ exp(−F_y(x)/(K − 1)) after the round (Σ_k F_k = 0)'
            : m.vote === 'freund_schapire' ? 'exponential loss (1/N)Σ exp(−(2F_y(x) − Σ_k F_k(x))) after the round, F_k: the votes for class k'
              : 'exponential loss (1/N)Σ exp(−(F_y(x) − (1/K)Σ_k F_k(x))) after the round, F_k: the votes for class k';
        parts.push(formulaRow(formula, num(report.expLoss), { exploss: report.expLoss }));
      }
      parts.push(epsilonAlphaChart(reports, d.round));
      // (AdaBoost.R2's ε is a loss of residuals: no exponential error to descend, no E_ADA.)
      if (K === 2 && !regression && m.variant !== 'samme_r' && e > 0 && e < 0.5) parts.push(eadaCurve(e, report.alpha ?? NaN));
    }
    const w = d.summary?.weights;
    if (w) {
      // Rescaled to 1 before each tree (the notes' unnormalised u sum to the exponential error): said, as a student read
      // the 1 against the lesson's claim that the weights' sum is that error.
      const rescaled = Math.abs(w.sum - 1) < 1e-4 && report?.expLoss !== undefined;
      parts.push(formulaRow(`Σ u over the training rows (the weights the tree saw${rescaled ? ', rescaled to sum 1 after every round; not rescaled, they would sum to the exponential loss of the rounds before this one' : ''})`,
        num(w.sum), { usum: w.sum }));
      parts.push(histogram(w.bins, `u of the rows: smallest ${num(w.min)}, largest ${num(w.max)}; rows per twelfth of 0 to the largest`, 'weights', ['0', num(w.max)]));
      if (picture) parts.push(sizeLegend());
    }
    const drawn = d.summary?.drawn;
    if (drawn) parts.push(drawnHistogram(drawn, 'Resampling: N rows drawn in proportion to u', true));
  }

  private forest(parts: Node[], d: RoundDetail, m: ModelInfo, report: RoundReport | undefined) {
    const p = d.features.length;
    const share = Number.isFinite(m.colsample_bynode) ? m.colsample_bynode : m.classes.length ? Math.sqrt(p) / p : 1 / 3;
    const drawn = d.summary?.drawn;
    if (drawn) parts.push(drawnHistogram(drawn, 'This tree\'s bootstrap: N rows drawn with replacement'));
    const tried = Math.max(1, Math.floor(share * p + 1e-9));
    parts.push(formulaRow('features tried at each split', `${tried} of ${p}${Number.isFinite(m.colsample_bynode) ? '' : m.classes.length ? ' (⌊√p⌋)' : ' (p/3)'}`, { tried }));
    if (d.tried.length) {
      // Which features each split drew, and the one it chose (from the tree on show).
      const table = document.createElement('table');
      table.className = 'leaf-table tried-table';
      table.createTHead().insertRow().append(...['node', 'features drawn', 'split on'].map((c) => cell('th', c)));
      const body = table.createTBody();
      for (const t of d.tried.slice(0, 12)) {
        const tr = body.insertRow();
        tr.dataset.node = String(t.node);
        tr.dataset.features = JSON.stringify(t.features);
        tr.dataset.split = String(t.split);
        tr.append(cell('td', String(t.node)), cell('td', t.features.map((f) => d.features[f] ?? f).join(', ')),
          cell('td', t.split < 0 ? 'no split (leaf)' : d.features[t.split] ?? String(t.split)));
      }
      parts.push(paragraph(`Features drawn at each split of tree ${d.treeIndex + 1}${d.tried.length > 12 ? ` (the first 12 of the ${d.tried.length} nodes that searched for a split)` : ''}: the split is the best among them only. A node draws more only while every feature drawn so far is constant in its rows, as scikit-learn does.`), scrolling(table));
    }
    const oob = report ? Object.entries(report.train).find(([k]) => k.startsWith('oob_')) : undefined;
    if (oob) parts.push(formulaRow(`out-of-bag ${oob[0].slice(4)} of the first ${d.round} trees`, num(oob[1]), { oob: oob[1] }));
    parts.push(paragraph(`The forest is the uniform vote of its trees: F(x) = (1/T) Σ f_t(x); each row's out-of-bag prediction averages only the trees that did not draw it.`));
  }
}


// Bars of counts, with a caption; `ends`: what the axis's two ends stand for.
function histogram(bins: number[], caption: string, name: string, ends?: [string, string]) {
  const fig = document.createElement('figure');
  fig.className = 'mini-hist';
  fig.dataset.name = name;
  // A few bars (the bootstrap's 0, 1, 2, 3, 4+) are wide and carry their
  // counts; every bar says its count under the pointer.
  const labelled = bins.length <= 8;
  const step = labelled ? 40 : 10, room = labelled ? 28 : 36;
  const svg = document.createElementNS(SVG, 'svg');
  svg.setAttribute('viewBox', `0 0 ${bins.length * step} ${ends ? 50 : 40}`);
  svg.setAttribute('role', 'img');
  svg.setAttribute('aria-label', caption);
  const max = Math.max(1, ...bins);
  bins.forEach((c, i) => {
    const r = document.createElementNS(SVG, 'rect');
    const h = (room * c) / max;
    r.setAttribute('x', String(i * step + step / 10));
    r.setAttribute('y', String(38 - h));
    r.setAttribute('width', String(step * 0.8));
    r.setAttribute('height', String(h));
    r.dataset.count = String(c);
    const title = document.createElementNS(SVG, 'title');
    title.textContent = `${c.toLocaleString()} rows`;
    r.append(title);
    svg.append(r);
    if (labelled) {
      const t = document.createElementNS(SVG, 'text');
      t.setAttribute('x', String(i * step + step / 2));
      t.setAttribute('y', String(36 - h));
      t.setAttribute('text-anchor', 'middle');
      t.setAttribute('class', 'bar-count');
      t.textContent = c.toLocaleString();
      svg.append(t);
    }
  });
  const axis = document.createElementNS(SVG, 'line');  // the bars stand on 0
  axis.setAttribute('x1', '0');
  axis.setAttribute('x2', String(bins.length * step));
  axis.setAttribute('y1', '38.5');
  axis.setAttribute('y2', '38.5');
  axis.setAttribute('class', 'baseline');
  svg.append(axis);
  ends?.forEach((label, i) => {
    const t = document.createElementNS(SVG, 'text');
    t.setAttribute('x', String(i === 0 ? 0 : bins.length * step));
    t.setAttribute('y', '48');
    t.setAttribute('text-anchor', i === 0 ? 'start' : 'end');
    t.setAttribute('class', 'bar-count');
    t.textContent = label;
    svg.append(t);
  });
  const cap = document.createElement('figcaption');
  cap.className = 'hint';
  cap.textContent = caption;
  fig.append(svg, cap);
  return fig;
}

// weighted: draws in proportion to u (AdaBoost's resampling), where e⁻¹ is only the equal weights' share.
function drawnHistogram(drawn: { counts: number[]; draws: number }, title: string, weighted = false) {
  const rows = drawn.counts.reduce((a, b) => a + b, 0);
  const box = document.createElement('div');
  box.className = 'drawn';
  box.dataset.draws = String(drawn.draws);
  box.dataset.outOfBag = String(drawn.counts[0]);
  box.append(formulaRow(title, `${drawn.draws.toLocaleString()} draws over ${rows.toLocaleString()} rows; ${drawn.counts[0].toLocaleString()} never drawn (out of bag)`,
    { draws: drawn.draws, outofbag: drawn.counts[0] }));
  // Its own line: the forest lesson asks for this share (and blurs it until answered).
  const share = drawn.counts[0] / Math.max(1, rows);
  box.append(formulaRow(weighted
    // A reviewer held 64 % never drawn against the 36.8 % shown: with unequal u the heavy rows take the draws.
    ? ['share never drawn: ', math('\\tfrac{1}{N}\\sum_n \\left(1 - \\tfrac{u_n}{\\sum u}\\right)^{N}', '(1/N) Σ (1 − uₙ/Σu)^N'), ' expected, e⁻¹ = 36.8 % only while the weights are equal']
    : ['share never drawn, ', math('\\left(1 - \\tfrac{1}{N}\\right)^{N} \\to e^{-1}', '(1 − 1/N)^N → e^(−1)'), ' = 36.8 % expected'],
    `${(100 * share).toFixed(1)} %`, { oobshare: share }));
  box.append(histogram(drawn.counts, 'rows drawn 0, 1, 2, 3, 4+ times', 'drawn'));
  return box;
}

// e_t and alpha_t of every round so far, the selected one marked: two
// scales (epsilon's on the left, alpha's on the right, each from 0 or its
// least to its largest) and the rounds along the bottom.
function epsilonAlphaChart(reports: RoundReport[], selected: number) {
  const fig = document.createElement('figure');
  fig.className = 'eps-alpha';
  const W = 320, H = 96, left = 40, right = 40, top = 8, bottom = 18;
  const short = (v: number) => String(Number(v.toPrecision(3)));  // a scale's end fits its margin
  const { svg, add } = smallChart(W, H, 'ε_t and α_t per round');
  const n = reports.length;
  const xAt = (i: number) => left + (i / Math.max(1, n - 1)) * (W - left - right);
  const eps = reports.map((r) => r.epsilon ?? NaN), alpha = reports.map((r) => r.alpha ?? NaN);
  // Each series on its own scale; the axis on its side says the scale's ends.
  const series = (values: number[], cls: string, side: 'left' | 'right') => {
    const finite = values.filter(Number.isFinite);
    const lo = Math.min(0, ...finite), hi = Math.max(lo + 1e-12, ...finite);
    const yAt = (v: number) => H - bottom - ((v - lo) / (hi - lo)) * (H - top - bottom);
    const points = values.map((v, i) => (Number.isFinite(v) ? `${xAt(i)},${yAt(v)}` : '')).filter(Boolean).join(' ');
    add('polyline', { points, class: cls });
    const x = side === 'left' ? left - 3 : W - right + 3, anchor = side === 'left' ? 'end' : 'start';
    add('text', { x, y: top + 4, 'text-anchor': anchor, class: `tick ${cls}` }, short(hi));
    add('text', { x, y: H - bottom, 'text-anchor': anchor, class: `tick ${cls}` }, short(lo));
    const axis = side === 'left' ? left : W - right;
    add('line', { x1: axis, x2: axis, y1: top, y2: H - bottom, class: `axis ${cls}` });
  };
  series(eps, 'eps', 'left');
  series(alpha, 'alpha', 'right');
  add('line', { x1: left, x2: W - right, y1: H - bottom, y2: H - bottom, class: 'axis' });
  add('text', { x: left, y: H - 4, 'text-anchor': 'start', class: 'tick' }, '1');
  if (n > 1) add('text', { x: W - right, y: H - 4, 'text-anchor': 'end', class: 'tick' }, String(n));
  add('text', { x: (left + W - right) / 2, y: H - 4, 'text-anchor': 'middle', class: 'tick' }, 'round');
  if (selected >= 1 && n > 1) {
    const x = xAt(selected - 1);
    add('line', { x1: x, x2: x, y1: top, y2: H - bottom, class: 'mark' });
  }
  const cap = document.createElement('figcaption');
  cap.className = 'hint';
  cap.innerHTML = '<span class="eps">ε<sub>t</sub></span> (left scale) and <span class="alpha">α<sub>t</sub></span> (right scale) over the rounds; the dashed line is this round';
  fig.append(svg, cap);
  return fig;
}

// The objective each round's trees reached (the engine's report), round by
// round: how much the second-order model of the loss still expected a tree to
// gain. The dashed line marks the round on show.
function objectiveChart(values: number[], selected: number, perClass: boolean) {
  const fig = document.createElement('figure');
  fig.className = 'small-chart tree-objective';
  fig.dataset.values = JSON.stringify(values);
  const W = 320, H = 90, left = 46, right = 8, top = 8, bottom = 18;
  const finite = values.filter(Number.isFinite);
  const lo = Math.min(0, ...finite), hi = Math.max(0, ...finite);
  const n = values.length;
  const xAt = (i: number) => left + (i / Math.max(1, n - 1)) * (W - left - right);
  const yAt = (v: number) => top + ((hi - v) / (hi - lo || 1)) * (H - top - bottom);
  const { svg, add } = smallChart(W, H, `the trees' objective per round, from ${num(values[0])} to ${num(values[n - 1])}`);
  add('line', { x1: left, x2: W - right, y1: yAt(0), y2: yAt(0), class: 'axis' });
  add('line', { x1: left, x2: left, y1: top, y2: H - bottom, class: 'axis' });
  // One point a round; a lone round (or the only finite one) as a dot, which a polyline of one point does not draw.
  add('polyline', { points: values.map((v, i) => (Number.isFinite(v) ? `${xAt(i)},${yAt(v)}` : '')).filter(Boolean).join(' '), class: 'eps' });
  if (finite.length === 1) values.forEach((v, i) => { if (Number.isFinite(v)) add('circle', { cx: xAt(i), cy: yAt(v), r: 2.5, class: 'eps-dot' }); });
  // 0, and the far end of the range on its own side (an objective above 0 when γ prices the leaves above their gain).
  add('text', { x: left - 3, y: yAt(0) + 3, 'text-anchor': 'end', class: 'tick' }, '0');
  if (lo < 0) add('text', { x: left - 3, y: H - bottom, 'text-anchor': 'end', class: 'tick' }, String(Number(lo.toPrecision(3))));
  if (hi > 0) add('text', { x: left - 3, y: top + 8, 'text-anchor': 'end', class: 'tick' }, String(Number(hi.toPrecision(3))));
  add('text', { x: left, y: H - 4, 'text-anchor': 'start', class: 'tick' }, '1');
  if (n > 1) add('text', { x: W - right, y: H - 4, 'text-anchor': 'end', class: 'tick' }, String(n));
  add('text', { x: (left + W - right) / 2, y: H - 4, 'text-anchor': 'middle', class: 'tick' }, 'round');
  if (selected >= 1 && n > 1) add('line', { x1: xAt(selected - 1), x2: xAt(selected - 1), y1: top, y2: H - bottom, class: 'mark' });
  const cap = document.createElement('figcaption');
  cap.className = 'hint';
  setMathText(cap, `The objective the trees reached, round by round${perClass ? ' (the round\'s trees, one a class, summed)' : ''}: ` +
    'below 0 by what the second-order model of the loss expects the round to gain. It rises toward 0 as the gradients that remain shrink' +
    (hi > 0 ? '; above 0, γ\'s price of the leaves is more than that gain (a tree of one leaf still pays for it).' : '.'));
  fig.append(svg, cap);
  return fig;
}

// AdaBoost's step along g_t as the notes derive it: with the weights u the
// tree was fit to (summing to 1) and g = ±1, E_ADA(η) = Σ u·exp(−y·η·g(x)) =
// (1 − ε)e^{−η} + ε·e^{η}, smallest at η = ½ln((1 − ε)/ε) = ln◆, where it is
// 2√(ε(1 − ε)). The engine's α_t is marked beside it: ln◆ itself with the
// notes' vote at η = 1, twice it with SAMME's.
export function eadaCurve(e: number, alpha: number) {
  const fig = document.createElement('figure');
  fig.className = 'small-chart eada';
  const best = 0.5 * Math.log((1 - e) / e), lowest = 2 * Math.sqrt(e * (1 - e));
  const E = (eta: number) => (1 - e) * Math.exp(-eta) + e * Math.exp(eta);
  fig.dataset.argmin = String(best);
  fig.dataset.min = String(lowest);
  const W = 320, H = 110, left = 40, right = 12, top = 8, bottom = 18;
  const end = Math.max(2.2 * best, 1.15 * (Number.isFinite(alpha) ? alpha : 0), 0.5);
  const hi = Math.max(1, E(end)), lo = Math.min(lowest, 1) * 0.9;
  const xAt = (eta: number) => left + (eta / end) * (W - left - right);
  const yAt = (v: number) => H - bottom - ((Math.min(v, hi) - lo) / (hi - lo)) * (H - top - bottom);
  const { svg, add } = smallChart(W, H, `E_ADA(η) along g_t: smallest, ${num(lowest)}, at η = ln◆ = ${num(best)}; the engine's α_t = ${num(alpha)}`);
  const points = Array.from({ length: 81 }, (_, i) => (i / 80) * end).map((eta) => `${xAt(eta)},${yAt(E(eta))}`).join(' ');
  add('line', { x1: left, x2: W - right, y1: H - bottom, y2: H - bottom, class: 'axis' });
  add('line', { x1: left, x2: left, y1: top, y2: H - bottom, class: 'axis' });
  add('polyline', { points, class: 'eps' });
  add('line', { x1: xAt(best), x2: xAt(best), y1: yAt(lowest), y2: H - bottom, class: 'mark' });
  add('circle', { cx: xAt(best), cy: yAt(lowest), r: 2.5, class: 'minimum' });
  const same = Number.isFinite(alpha) && Math.abs(alpha - best) <= 1e-9 * Math.max(1, best);  // the notes' vote at eta 1
  if (Number.isFinite(alpha) && !same) add('line', { x1: xAt(alpha), x2: xAt(alpha), y1: top, y2: H - bottom, class: 'alpha' });
  add('text', { x: left - 3, y: top + 4, 'text-anchor': 'end', class: 'tick' }, String(Number(hi.toPrecision(3))));
  add('text', { x: left - 3, y: H - bottom, 'text-anchor': 'end', class: 'tick' }, String(Number(lo.toPrecision(3))));
  add('text', { x: left, y: H - 4, 'text-anchor': 'start', class: 'tick' }, '0');
  add('text', { x: W - right, y: H - 4, 'text-anchor': 'end', class: 'tick' }, String(Number(end.toPrecision(3))));
  add('text', { x: (left + W - right) / 2, y: H - 4, 'text-anchor': 'middle', class: 'tick' }, 'η, the step along gₜ');
  const cap = document.createElement('figcaption');
  cap.className = 'hint';
  setMathText(cap, `E_{ADA}(η) = Σ u·exp(−y·η·g_t(x)) = (1 − ε_t)e^{−η} + ε_t·e^{η}: smallest, ${num(lowest)} = 2√(ε_t(1 − ε_t)), at η = ln◆_t = ${num(best)}` +
    (same ? ', the vote α_t the engine gave g_t.' : `; the engine's α_t = ${num(alpha)} (blue)${Math.abs(alpha - 2 * best) < 1e-9 * Math.max(1, best) ? ' is twice it (SAMME)' : ''}.`));
  fig.append(svg, cap);
  return fig;
}

// The picture's point sizes for AdaBoost's weights: radius 2.5·√(u/ū) pixels (ū the mean weight).
function sizeLegend() {
  const fig = document.createElement('figure');
  fig.className = 'size-legend';
  const svg = document.createElementNS(SVG, 'svg');
  svg.setAttribute('viewBox', '0 0 200 34');
  svg.setAttribute('role', 'img');
  svg.setAttribute('aria-label', 'point sizes for u = ū/4, ū, 4ū, 16ū');
  const sizes: [string, number][] = [['ū/4', 0.25], ['ū', 1], ['4ū', 4], ['16ū', 16]];
  sizes.forEach(([label, k], i) => {
    const x = 18 + i * 50;
    const c = document.createElementNS(SVG, 'circle');
    c.setAttribute('cx', String(x));
    c.setAttribute('cy', '14');
    c.setAttribute('r', String(Math.max(1.5, Math.min(12, 2.5 * Math.sqrt(k)))));
    const t = document.createElementNS(SVG, 'text');
    t.setAttribute('x', String(x + 15));
    t.setAttribute('y', '18');
    t.textContent = label;
    svg.append(c, t);
  });
  const cap = document.createElement('figcaption');
  cap.className = 'hint';
  cap.textContent = 'Point sizes on the picture: radius 2.5·√(u/ū) pixels, ū the mean weight. Bigger points are the rows the next tree must get right.';
  fig.append(svg, cap);
  return fig;
}
