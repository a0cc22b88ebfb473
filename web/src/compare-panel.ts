// "Side by side": the runs of the newest preset on the loaded data, once all
// of them have ended: their pictures at the round on the scrubber (toy data),
// their first trees, their exponential loss per round (two classes) and their
// validation metrics beside the blends of their predictions (uniform vote,
// linear blending, stacking). The numbers are the worker's (compare.ts).
import { runsOf, store, type Run } from './state';
import type { WorkerClient } from './worker/client';
import type { CompareReply, TreeJson } from './worker/messages';
import { Surface } from './ui/surface';
import { cell, hintSideways, num, paragraph, setHidden, setText, smallChart } from './ui/dom';
import { algorithmName } from './run-names';

const $ = <T extends HTMLElement>(id: string) => document.getElementById(id) as T;

export class ComparePanel {
  private asked = '';

  constructor(private readonly client: WorkerClient) {
    // On a phone the blends' log-loss column is past the frame's edge: say the table scrolls.
    hintSideways(document.getElementById('compare-blends-frame')!, document.getElementById('compare-blends')!, document.getElementById('compare-blends-hint')!);
  }

  // The newest preset group on the loaded data, when every one of its runs has ended.
  private group(): Run[] {
    const runs = runsOf(store.data?.id ?? -1).filter((r) => r.group > 0);
    const last = runs.at(-1)?.group ?? 0;
    return runs.filter((r) => r.group === last);
  }

  render() {
    const runs = this.group();
    const waiting = store.queue.runs.length > 0 || runs.some((r) => r.status === 'training' || r.status === 'paused');
    const status = $('compare-status');
    if (!runs.length) {
      this.show(null, '');
      // (Runs trained one by one are compared on the chart, each named by what differs.)
      setText(status, 'A button above trains its algorithms on the same rows and seed, one after another, and compares them here: '
        + 'errors side by side and their blends. Runs you train one at a time are compared on the chart above.');
      return;
    }
    const name = store.groups[runs[0].group] ?? '';
    // Between two runs the next is neither queued nor on the page yet: the preset's own count says how many there are.
    const total = store.queue.group === runs[0].group ? Math.max(store.queue.total, runs.length) : runs.length;
    if (waiting || runs.length < total) {
      setText(status, `Training ${name}: ${runs.filter((r) => r.status === 'done').length} of ${total} runs done…`);
      // An earlier comparison would read as this one's (blends of three runs while the fourth trained).
      if (this.asked) {
        this.asked = '';
        this.show(null, '');
      }
      return;
    }
    setText(status, `Runs ${runs.map((r) => r.number).join(', ')}: ${name}, on the same rows and seed.`);
    const key = `${runs.map((r) => r.token).join(',')}|${store.selectedRound}`;
    if (key === this.asked) return;
    this.asked = key;
    this.client.compare(runs.map((r) => r.token), store.selectedRound);
  }

  onReply(reply: CompareReply) {
    const runs = this.group();
    if (!runs.length) return;
    this.show(reply, reply.error);
  }

  private show(reply: CompareReply | null, error: string) {
    const box = $('compare-runs'), blends = $<HTMLTableElement>('compare-blends');
    const message = $('compare-message');
    setText(message, error);
    setHidden(message, !error);
    if (!reply || !reply.runs.length) {
      box.replaceChildren();
      blends.replaceChildren();
      box.dataset.runs = '0';
      return;
    }
    const toy = store.data?.toy ?? null;
    const cards = reply.runs.map((r) => {
      const card = document.createElement('figure');
      card.className = 'compare-card';
      card.dataset.algorithm = r.algorithm;
      card.dataset.token = String(r.token);
      for (const [k, v] of Object.entries(r.metrics)) card.dataset[k] = String(v);
      const title = document.createElement('figcaption');
      const run = store.runs.find((x) => x.token === r.token);
      title.textContent = `Run ${run?.number ?? '?'}: ${algorithmName(r.algorithm)}, round ${r.round} of ${r.rounds}`;
      card.append(title);
      if (r.surface && toy) {
        const canvas = document.createElement('canvas');
        canvas.width = canvas.height = 180;
        canvas.className = 'compare-surface';
        card.append(canvas);
        new Surface(canvas, document.createElement('p')).draw(toy, r.round, r.surface.grid, r.surface.width, undefined, undefined, r.algorithm);
      }
      card.append(paragraph(`First tree: ${describeTree(r.firstTree, r.features)}`));
      card.append(paragraph(Object.entries(r.metrics).map(([k, v]) => `${k} ${num(v)}`).join(' · '), 'compare-metrics'));
      if (r.expLoss) card.append(expLossChart(r.expLoss.values, r.expLoss.scale));
      return card;
    });
    box.replaceChildren(...cards);
    box.dataset.runs = String(reply.runs.length);
    // The runs' exponential losses in one chart, where two or more have one (AdaBoost beside gradient boosting).
    const withLoss = reply.runs.filter((r) => r.expLoss);
    const together = $('compare-losses');
    together.replaceChildren(...(withLoss.length > 1 ? [lossesTogether(withLoss.map((r) => ({
      name: `Run ${store.runs.find((x) => x.token === r.token)?.number ?? '?'} (${algorithmName(r.algorithm)})`, ...r.expLoss! })))] : []));
    // The blends beside the runs, every number on the same validation rows.
    const metrics = Object.keys(reply.runs[0].metrics);
    const head = blends.createTHead();
    head.replaceChildren();
    head.insertRow().append(...['', ...metrics, 'weights'].map((h) => cell('th', h)));
    const body = document.createElement('tbody');
    for (const r of reply.runs) {
      const tr = body.insertRow();
      tr.append(cell('td', `Run ${store.runs.find((x) => x.token === r.token)?.number ?? '?'} (${algorithmName(r.algorithm)})`),
        ...metrics.map((m) => cell('td', num(r.metrics[m]))), cell('td', ''));
    }
    for (const b of reply.blends) {
      const tr = body.insertRow();
      tr.className = 'blend';
      tr.dataset.blend = b.name;
      for (const [k, v] of Object.entries(b.metrics)) tr.dataset[k] = String(v);
      tr.dataset.weights = JSON.stringify(b.weights);
      tr.dataset.intercept = String(b.intercept);
      const label = b.name === 'uniform' ? 'uniform vote: the mean of the predictions'
        : b.name === 'linear' ? (reply.task === 'regression' ? 'linear blending: Σ α·prediction, α ≥ 0 by least squares'
          : 'linear blending: Σ α·p, α ≥ 0 and Σ α = 1 by log loss')
        : 'stacking: a depth-2 booster on the predictions';
      if (b.note) tr.dataset.note = b.note;
      tr.append(cell('td', label), ...metrics.map((m) => cell('td', b.note ? '–' : num(b.metrics[m]))),
        cell('td', b.note ?? (b.weights.length ? `α = ${b.weights.map(num).join(', ')}` : '–')));
    }
    blends.replaceChildren(head, body);
    setText($('compare-caption'), `Every metric is on ${reply.rowsScored} validation rows (the odd-numbered ones, so a run's numbers here differ from the chart's, which scores every validation row); the linear blend and the stacking model were fit on the other ${reply.rowsFit}. ` +
      (toy && reply.runs.some((r) => r.surface) ? `Pictures at round ${reply.runs[0].round}: move the round scrubber to see them at another round.` : ''));
  }
}

// A tree's root split and the values of its first level, in words.
function describeTree(t: TreeJson | null, features: string[]) {
  if (!t) return 'none';
  const value = (i: number) => (t.leaf_values ? `(${t.leaf_values.slice(i * (t.leaf_values.length / t.left.length), (i + 1) * (t.leaf_values.length / t.left.length)).map(num).join(', ')})` : num(t.value[i]));
  if (t.left[0] < 0) return `a single leaf, ${value(0)}`;
  const f = features[t.feature[0]] ?? `feature ${t.feature[0]}`;
  const side = (i: number) => (t.left[i] < 0 ? `leaf ${value(i)}` : `split on ${features[t.feature[i]] ?? t.feature[i]}`);
  const test = t.categories[0] ? `${f} in {${t.categories[0].join(', ')}}` : `${f} < ${num(t.threshold[0])}`;
  return `${test} → ${t.categories[0] ? 'no' : 'yes'}: ${side(t.left[0])}; ${t.categories[0] ? 'yes' : 'no'}: ${side(t.right[0])}` +
    `${t.left.length > 3 ? ` (${t.left.filter((l) => l < 0).length} leaves)` : ''}`;
}

// The exponential loss per round, a small line between its own lowest and highest values (from 0, a loss that
// moved from 0.9996 to 0.9934 was a flat line at the top over blank space), with its scale and rounds.
function expLossChart(values: number[], scale: number) {
  const fig = document.createElement('div');
  fig.className = 'exp-loss';
  fig.dataset.values = JSON.stringify(values);
  const F = scale === 1 ? 'F_t(x)' : 'F_t(x)/2';
  fig.append(lossPlot([values], { W: 200, H: 64, left: 52, label: 'exponential loss per round' }).svg,
    paragraph(`exponential loss (1/N)Σ exp(−ỹ·${F}) on the training rows: ${num(values[0])} after round 1, ${num(values.at(-1)!)} after round ${values.length}` +
    (scale === 1 ? '' : ' (SAMME\'s votes are twice the loss\'s own step: F counts half)')));
  return fig;
}

// Losses per round as lines (class s0, s1, … each), the highest and lowest value on the left, the rounds below;
// with those two values, which the runs-together caption names.
function lossPlot(series: number[][], size: { W: number; H: number; left: number; label: string }) {
  const { W, H, left, label: name } = size, right = 6, top = 6, bottom = 16;
  const { svg, add } = smallChart(W, H, name);
  const all = series.flat();
  const max = Math.max(...all), min = Math.min(...all);
  const rounds = Math.max(...series.map((s) => s.length));
  const X = (k: number) => left + (k / Math.max(1, rounds - 1)) * (W - left - right);
  const Y = (v: number) => H - bottom - ((v - min) / (max - min || 1)) * (H - top - bottom);
  const label = (x: number, y: number, anchor: string, text: string) => add('text', { x, y, 'text-anchor': anchor, class: 'tick' }, text);
  label(left - 4, Y(max) + 7, 'end', num(max));
  label(left - 4, Y(min), 'end', num(min));
  label(X(0), H - 4, 'start', 'round 1');
  label(X(rounds - 1), H - 4, 'end', `round ${rounds}`);
  series.forEach((values, i) => add('polyline', { points: values.map((v, k) => `${X(k)},${Y(v)}`).join(' '), class: `s${i}` }));
  return { svg, min, max };
}

// Several runs' exponential loss per round on one chart, each in its colour, with a legend.
function lossesTogether(series: { name: string; scale: number; values: number[] }[]) {
  const fig = document.createElement('figure');
  fig.className = 'exp-together';
  // Room on the left for the loss's scale and below for the rounds: read without the caption.
  const { svg, min, max } = lossPlot(series.map((s) => s.values), { W: 360, H: 120, left: 40, label: 'exponential loss per round, the runs together' });
  const cap = document.createElement('figcaption');
  cap.className = 'hint';
  cap.append(...series.map((s, i) => {
    const k = document.createElement('span');
    k.className = `key s${i}`;
    k.textContent = `${s.name}: exp(−ỹ·${s.scale === 1 ? 'F' : 'F/2'}) `;
    return k;
  }), document.createTextNode(`per round, ${num(min)} to ${num(max)}: the same loss, each run descending it with its own steps (AdaBoost's weights u are its gradient, up to a factor).`));
  fig.append(svg, cap);
  return fig;
}
