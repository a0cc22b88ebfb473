// A tree node's numbers in the formulas of the algorithms other than
// XGBoost-style boosting, whose trees are least-squares fits to what each
// round gives them: gbdt's to the pseudo-residuals (cover n rows, G = −Σr),
// AdaBoost's to the labels weighted by u (cover Σu, G = −Σu·y: the least
// squares of a 0/1 label is half the Gini impurity), AdaBoost.R2's to the
// targets weighted by u, a forest's to the bootstrap draws' labels (the file
// keeps no G: a node's value is its draws' mean, so Σy = value × cover), and
// GBRank's to its pairs' targets. Each split's gain is then
// G_L²/H_L + G_R²/H_R − G²/H, the file's stored gain up to float rounding;
// every number shown comes from the model file.
import type { ModelInfo, TreeJson } from '../worker/messages';
import { coverMeaning } from './cover-text';
import { num } from './dom';
import { LINE_SEARCH } from './round-inspector';

export type Line = string | [string, string];

// What the lines and the tests read: the file's numbers and the ones computed from them.
export interface NodeFormulas { lines: Line[]; data: Record<string, number> }

// scikit-learn's floor for a class share before its log (SAMME.R).
const SHARE_FLOOR = 2.220446049250313e-16;

interface Words {
  fit: string;        // what the tree is fit to, said once
  n: string;          // the cover's symbol: n (rows, draws, targets) or u (Σu)
  sum: string;        // what Σ adds up: r, u·y, y, t
  mean: string;       // the side's mean, in words
  rows: string;       // what the sums run over: rows, or (bootstrap, resampling) draws
}

function words(m: ModelInfo): Words | null {
  const positive = m.classes[1] !== undefined ? `"${m.classes[1]}"` : 'class 1';
  const resample = m.sampling === 'resample';
  switch (m.algorithm) {
    case 'gbdt':
      return { fit: 'The tree is a least-squares fit to the pseudo-residuals r = −g of the round (see the round panel): each side of a split predicts its rows\' mean residual, and the split chosen lowers Σ(r − r̄)² the most.',
        n: 'n', sum: 'r', mean: 'r̄ = R/n, the mean pseudo-residual', rows: 'rows' };
    case 'adaboost':
      if (!m.classes.length)
        return { fit: `AdaBoost.R2's tree is a least-squares fit to the targets y weighted by u${resample ? ' (with resampling, by how often each row was drawn)' : ''}: each side predicts its weighted mean, and the split chosen lowers Σu(y − ȳ)² the most.`,
          n: resample ? 'n' : 'u', sum: resample ? 'y' : 'u·y', mean: `ȳ = R/${resample ? 'n' : 'u'}, the weighted mean target`, rows: resample ? 'draws' : 'rows' };
      // split_criterion error: the notes' AdaBoost-Stump, the weighted misclassification (the lines below say so too).
      return { fit: `AdaBoost's tree is a classification tree fit to the labels weighted by u${resample ? ' (with resampling, by how often each row was drawn: n)' : ''}: each side predicts its weighted majority class, and the split chosen lowers the weighted ${m.splitCriterion === 'error' ? 'error (the weight of the rows it misclassifies)' : 'Gini impurity'} the most.`,
        n: resample ? 'n' : 'u', sum: resample ? 'y' : 'u·y', mean: `p = R/${resample ? 'n' : 'u'}, the weighted share of ${positive}`, rows: resample ? 'draws' : 'rows' };
    case 'random_forest':
      return m.classes.length
        ? { fit: `A forest's tree is fit to its bootstrap draws (a row drawn twice counts twice): each side predicts its draws' class shares, and the split chosen among the features drawn lowers the Gini impurity the most.`,
          n: 'n', sum: 'y', mean: `p = R/n, the share of ${positive} among the draws`, rows: 'draws' }
        : { fit: 'A forest\'s tree is a least-squares fit to its bootstrap draws\' targets (a row drawn twice counts twice): each side predicts its draws\' mean, and the split chosen among the features drawn lowers Σ(y − ȳ)² the most.',
          n: 'n', sum: 'y', mean: 'ȳ = R/n, the draws\' mean target', rows: 'draws' };
    case 'gbrank':
      return { fit: 'GBRank\'s tree is a least-squares fit to the targets its wrongly ordered pairs give their rows (see the round panel): each side predicts its mean target, and the split chosen lowers Σ(t − t̄)² the most.',
        n: 'n', sum: 't', mean: 'g_t = R/n, the mean target', rows: 'targets' };
    default:
      return null;
  }
}

// Σ of what the tree was fit to over node i's rows: −G where the file has G,
// else (forests) the draws' mean times their count.
function sumOf(t: TreeJson, i: number): number {
  return t.sum_grad ? -t.sum_grad[i] : t.value[i] * t.cover[i];
}

export function nodeFormulas(t: TreeJson, id: number, m: ModelInfo): NodeFormulas | null {
  const w = words(m);
  if (!w) return null;
  const K = m.outputs;
  // Multiclass AdaBoost and forests grow one tree for all classes: the file
  // keeps the class shares (or votes) of leaves only.
  const perClass = !!t.leaf_values && K > 1;
  if (!perClass && m.algorithm !== 'random_forest' && !t.sum_grad) return null;
  const data: Record<string, number> = {};
  const lines: Line[] = [w.fit];
  const n = w.n;
  if (t.left[id] >= 0) {
    const l = t.left[id], r = t.right[id];
    lines.unshift(`Split at node ${id}: left child ${l} (the "yes" rows), right child ${r}.`);
    const nL = t.cover[l], nR = t.cover[r];
    data.nl = nL;
    data.nr = nR;
    data.stored = t.gain[id];
    const byError = m.algorithm === 'adaboost' && m.splitCriterion === 'error';
    if (perClass && byError) {
      lines.push([`${n}_{L}, ${n}_{R}: the cover of each side`, `${num(nL)}, ${num(nR)}`]);
      lines.push([`gain = fall of the weighted error, error = ${n} − (${n} of its heaviest class)`, num(t.gain[id])]);
      lines.push('The split criterion is the weighted misclassification (the notes\' AdaBoost-Stump): each side predicts its heaviest class, and the gain is the node\'s error less the two sides\'. ' +
        'The file keeps no class shares (a leaf holds only its vote): the worked table\'s rows and weights u give them.');
      return { lines, data };
    }
    if (perClass) {
      lines.push([`${n}_{L}, ${n}_{R}: the cover of each side`, `${num(nL)}, ${num(nR)}`]);
      lines.push([`gain = fall of ${n}·Gini, Gini = 1 − Σ_{k} p_{k}² over the ${K} classes`, num(t.gain[id])]);
      lines.push(`With one output per class the least squares of the labels is the Gini impurity itself, so the stored gain is its fall: ${n}·Gini of the node less that of each side (${n}_{L}·Gini plus ${n}_{R}·Gini). ` +
        (m.algorithm === 'random_forest' ? 'The file keeps class shares for leaves only; click a leaf for them.'
          : 'The file keeps no class shares (a leaf holds only its vote): the worked table\'s rows and weights u give them.'));
      return { lines, data };
    }
    const RL = sumOf(t, l), RR = sumOf(t, r);
    if (byError) {
      // Each side's error is its lighter class: R of class 1 ("${m.classes[1]}"), n − R of class 0.
      const err = (R: number, c: number) => Math.min(R, c - R);
      const eL = err(RL, nL), eR = err(RR, nR), eP = err(RL + RR, nL + nR);
      const gain = eP - eL - eR;
      Object.assign(data, { rl: RL, rr: RR, gain, errl: eL, errr: eR, errp: eP });
      lines.push([`R_{L} = Σ${w.sum}, ${n}_{L} over the left child's ${w.rows}`, `${num(RL)}, ${num(nL)}`]);
      lines.push([`R_{R} = Σ${w.sum}, ${n}_{R} over the right child's ${w.rows}`, `${num(RR)}, ${num(nR)}`]);
      lines.push([`weighted error of a side: min(R, ${n} − R), the weight of its lighter class`, `left ${num(eL)}, right ${num(eR)}; the node unsplit ${num(eP)}`]);
      lines.push([`gain = error(node) − error(L) − error(R)`, `${num(eP)} − ${num(eL)} − ${num(eR)} = ${num(gain)}`]);
      lines.push(`The split criterion is the weighted misclassification (the notes' AdaBoost-Stump), not the Gini impurity: of all the splits searched this one lowers the weighted error most. The stored gain: ${num(t.gain[id])}.`);
      return { lines, data };
    }
    const a = (RL * RL) / nL, b = (RR * RR) / nR, c = ((RL + RR) * (RL + RR)) / (nL + nR);
    const gain = a + b - c;
    Object.assign(data, { rl: RL, rr: RR, gain });
    lines.push([`R_{L} = Σ${w.sum}, ${n}_{L} over the left child's ${w.rows}`, `${num(RL)}, ${num(nL)}`]);
    lines.push([`R_{R} = Σ${w.sum}, ${n}_{R} over the right child's ${w.rows}`, `${num(RR)}, ${num(nR)}`]);
    lines.push([`gain = R_{L}²/${n}_{L} + R_{R}²/${n}_{R} − (R_{L}+R_{R})²/(${n}_{L}+${n}_{R})`, `${num(a)} + ${num(b)} − ${num(c)} = ${num(gain)}`]);
    const classes = (m.algorithm === 'adaboost' || m.algorithm === 'random_forest') && m.classes.length === 2;
    if (classes) {
      // Binary: Gini 2p(1 − p) per side; the least-squares gain is half its fall.
      const gini = (s: number, c2: number) => 2 * c2 * (s / c2) * (1 - s / c2);
      const fall = gini(RL + RR, nL + nR) - gini(RL, nL) - gini(RR, nR);
      data.ginifall = fall;
      lines.push(`With y = 1 for "${m.classes[1]}" and 0 otherwise, a side's squared error Σ${n === 'u' ? 'u' : ''}(y − p)²${n === 'u' ? '' : ' over its draws'} is ${n}·p(1 − p), half its Gini impurity ${n}·2p(1 − p): the least-squares gain is half the Gini's fall.`);
      lines.push([`fall of ${n}·Gini, Gini = 2p(1 − p), p_{L} = ${num(RL / nL)}, p_{R} = ${num(RR / nR)}`, `${num(fall)} = 2 × gain`]);
    }
    lines.push(`The stored gain (the tree's "gain"): ${num(t.gain[id])}, the same up to the float sums the file keeps. ${n} is what the tree shows as cover: ${coverMeaning(m)}.`);
    return { lines, data };
  }
  lines.unshift(`Leaf at node ${id}.`);
  const cover = t.cover[id];
  data.n = cover;
  data.value = t.value[id];
  if (perClass) {
    const values = Array.from({ length: K }, (_, k) => t.leaf_values![id * K + k]);
    const order = values.map((v, k) => k).sort((x, y) => values[y] - values[x]);
    const name = (k: number) => `"${m.classes[k] ?? k}"`;
    lines.push([`${n}, the leaf's cover`, num(cover)]);
    if (m.algorithm === 'random_forest') {
      lines.push(['class shares of its draws, largest first', order.slice(0, 4).map((k) => `${name(k)} ${num(values[k])}`).join(', ') + (K > 4 ? ', …' : '')]);
      lines.push('The tree\'s vote is these shares; the forest averages them over its trees.');
    } else if (m.variant === 'samme_r') {
      lines.push(['η(K−1)(ln p_{k} − (1/K)Σ_{j} ln p_{j}) added for each class k, largest first', order.slice(0, 4).map((k) => `${name(k)} ${num(values[k])}`).join(', ') + (K > 4 ? ', …' : '')]);
    } else {
      const c = order[0];
      lines.push([`vote: α_{t} for its weighted majority class`, `${name(c)} ${num(values[c])}`]);
      data.vote = values[c];
    }
    return { lines, data };
  }
  const R = sumOf(t, id), mean = R / cover;
  data.sum = R;
  data.mean = mean;
  lines.push([`R = Σ${w.sum}, ${n} over its ${w.rows}`, `${num(R)}, ${num(cover)}`]);
  lines.push([w.mean, num(mean)]);
  const eta = m.params.eta;
  switch (m.algorithm) {
    case 'gbdt': {
      const gamma = t.value[id] / eta;
      data.gamma = gamma;
      lines.push(['γ, the line search\'s value for the leaf (see the round panel)', `stored ÷ ν = ${num(t.value[id])} ÷ ${num(eta)} = ${num(gamma)}`]);
      lines.push(['ν·γ, added to the score F', `${num(eta)} × ${num(gamma)} = ${num(t.value[id])}`]);
      lines.push(m.objective === 'reg:squarederror' ? 'For squared error the line search gives r̄ itself.'
        : `r̄ is what a least-squares leaf would hold; for this loss the line search sets ${LINE_SEARCH[m.objective] ?? 'γ = −Σg/Σh (one Newton step)'} over the leaf's rows.`);
      break;
    }
    case 'adaboost':
      if (!m.classes.length) {
        lines.push(['the tree\'s prediction for rows reaching the leaf', `${num(t.value[id])}; the model takes the weighted median of the trees' predictions`]);
      } else if (m.variant === 'samme_r') {
        const p = Math.min(Math.max(mean, SHARE_FLOOR), 1);
        const q = Math.max(1 - mean, SHARE_FLOOR);
        const add = eta * 0.5 * (Math.log(p) - Math.log(q));
        data.add = add;
        lines.push(['η·½·ln(p/(1 − p)), the half log-odds it adds (K = 2)', `${num(eta)} × ½ × ln(${num(mean)}/${num(1 - mean)}) = ${num(add)} (stored: ${num(t.value[id])})`]);
      } else {
        const c = mean > 0.5 ? 1 : 0;
        lines.push([`vote: ${c ? '+' : '−'}α_{t}, for "${m.classes[c]}" (p ${c ? '>' : '≤'} ½)`, num(t.value[id])]);
      }
      break;
    case 'random_forest':
      lines.push([m.classes.length ? 'the tree\'s vote for the positive class' : 'the tree\'s prediction', `${num(t.value[id])}; the forest averages its trees`]);
      break;
    case 'gbrank':
      lines.push(['stored value: g_{t} times the round\'s blend weight', num(t.value[id])]);
      break;
  }
  return { lines, data };
}
