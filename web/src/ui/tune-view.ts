// The search's trials drawn: a small chart a parameter of each trial's score
// against the value it drew (a "slice": where along the range the good
// scores fall, and whether the range should move), and the trials as a
// table, best first, each with a button that puts its settings in the form.
import type { TuneTrial } from '../../../wasm/js/index.js';
import type { Tuning } from '../state';
import { cell, smallChart, stat } from './dom';

// Numbers as the table and the ticks show them: four significant digits.
export const drawn = (v: number) => (Number.isInteger(v) ? String(v) : String(Number(v.toPrecision(4))));

// The trials best first (ties: the earlier trial first); with halving, the last rung's first, then each rung's before.
export function ranked(t: Tuning): TuneTrial[] {
  const sign = t.largerIsBetter ? -1 : 1;
  return [...t.trials].sort((a, b) => Number(!!a.error) - Number(!!b.error) || (b.rung ?? 1) - (a.rung ?? 1) || sign * (a.value - b.value) || a.trial - b.trial);
}

// A trial whose settings the engine refused (bl.tune went on without it): no score, listed last.
export const scoredTrials = (t: Tuning) => t.trials.filter((x) => !x.error);

// A trial still improving when "Rounds at most" ran out: early stopping (its patience) had not ended it.
export const isCut = (t: Tuning, trial: TuneTrial) => !trial.error && trial.roundsTrained - trial.bestRound < t.patience;

// With halving, a trial left at an earlier rung than the furthest reached: its score is on fewer rows.
const leftBehind = (t: Tuning, trial: TuneTrial) => t.halving && (trial.rung ?? 1) < Math.max(...t.trials.map((x) => x.rung ?? 1));

export function sliceChart(t: Tuning, name: string): HTMLElement {
  const W = 220, H = 150, left = 46, right = 8, top = 8, bottom = 30;
  const log = t.logs.includes(name);
  const trials = scoredTrials(t);
  const xs = trials.map((x) => x.searched[name]), ys = trials.map((x) => x.value);
  const tx = (v: number) => (log ? Math.log10(v) : v);
  // The range asked (with the trial 1 value, which may lie outside it), so that where the draws fell is seen in it.
  const ends = [Math.min(t.ranges[name]?.[0] ?? Infinity, ...xs), Math.max(t.ranges[name]?.[1] ?? -Infinity, ...xs)];
  let [x0, x1] = [tx(ends[0]), tx(ends[1])];
  let [y0, y1] = [Math.min(...ys), Math.max(...ys)];
  if (x1 === x0) [x0, x1] = [x0 - 0.5, x1 + 0.5];
  if (y1 === y0) [y0, y1] = [y0 - Math.abs(y0 || 1) * 0.05, y1 + Math.abs(y1 || 1) * 0.05];
  const pad = (y1 - y0) * 0.06;
  [y0, y1] = [y0 - pad, y1 + pad];
  const X = (v: number) => left + ((tx(v) - x0) / (x1 - x0)) * (W - left - right);
  const Y = (v: number) => H - bottom - ((v - y0) / (y1 - y0)) * (H - top - bottom);
  const figure = document.createElement('figure');
  figure.className = 'tune-slice';
  const { svg, add } = smallChart(W, H, `${t.metric} of each trial against its ${name}`);
  for (const v of [y0 + pad, y1 - pad]) {
    add('line', { x1: left, x2: W - right, y1: Y(v).toFixed(1), y2: Y(v).toFixed(1), class: 'grid' });
    add('text', { x: left - 4, y: (Y(v) + 3).toFixed(1), 'text-anchor': 'end', class: 'tick' }, stat(v));
  }
  ends.forEach((v, i) => add('text', { x: X(v).toFixed(1), y: H - bottom + 12, 'text-anchor': i ? 'end' : 'start', class: 'tick' }, drawn(v)));
  for (const trial of trials) {
    const best = trial.trial === t.best, yours = trial.trial === 1;
    const behind = leftBehind(t, trial);
    const dot = add('circle', { cx: X(trial.searched[name]).toFixed(1), cy: Y(trial.value).toFixed(1), r: best ? 4.5 : 3,
      class: `point${best ? ' best' : ''}${yours ? ' yours' : ''}${behind ? ' behind' : ''}` });
    const title = document.createElementNS('http://www.w3.org/2000/svg', 'title');
    title.textContent = `trial ${trial.trial}${yours ? ' (the form\'s settings)' : ''}: ${name} ${drawn(trial.searched[name])}, ${t.metric} ${stat(trial.value)}` +
      (t.halving ? ` on ${trial.rows!.toLocaleString('en-US')} rows (rung ${trial.rung})` : '');
    dot.append(title);
  }
  add('text', { x: (left + W - right) / 2, y: H - 4, 'text-anchor': 'middle', class: 'axis-name' }, `${name}${log ? ' (log scale)' : ''}`);
  add('text', { x: 10, y: (top + H - bottom) / 2, 'text-anchor': 'middle', class: 'axis-name', transform: `rotate(-90 10 ${(top + H - bottom) / 2})` }, t.metric);
  svg.dataset.points = String(trials.length);
  figure.append(svg);
  return figure;
}

// Which searched parameters the scores hung on (bl.tune's importance: a random forest of the trials, each
// parameter's share of its gain), as bars, largest first, with what it is said under them.
export function importanceFigure(t: Tuning): HTMLElement {
  const figure = document.createElement('figure');
  figure.className = 'tune-importance';
  const title = document.createElement('figcaption');
  title.className = 'axis-name';
  title.textContent = 'What the score hung on';
  figure.append(title);
  const entries = Object.entries(t.importance ?? {}).sort((a, b) => b[1] - a[1]);
  for (const [name, share] of entries) {
    const row = document.createElement('div');
    row.className = 'bar-row';
    row.dataset.name = name;
    const label = document.createElement('span');
    label.className = 'bar-label';
    label.textContent = name;
    const bar = document.createElement('span');
    bar.className = 'bar';
    bar.style.width = `${Math.max(0, 100 * share)}%`;
    const value = document.createElement('span');
    value.className = 'bar-value';
    value.textContent = `${Math.round(100 * share)} %`;
    value.dataset.v = String(share);
    row.append(label, bar, value);
    figure.append(row);
  }
  const note = document.createElement('p');
  note.className = 'hint';
  const first = t.rungs[0]?.rows;
  const scored = t.halving ? `the first rung's scores (every trial on the same ${first ? first.toLocaleString('en-US') : 'few'} rows)` : `the ${scoredTrials(t).length} trials' scores`;
  note.textContent = `Each parameter's share of how much ${scored} vary with the settings, as a random forest fit to the trials splits them ` +
    '(Optuna\'s mean-decrease-in-impurity importance). Rough with few trials; a parameter near 0 % can be left at its default and the search spent on the others' +
    (t.halving ? ', but with halving it says what mattered on few rows: one that pays on many rows (max_depth, min_child_weight) can rank low here.' : '.');
  figure.append(note);
  return figure;
}

// The trials' table, best first; `use` gets the trial whose button was pressed.
export function trialTable(t: Tuning): HTMLTableElement {
  const table = document.createElement('table');
  table.className = 'worked-table tune-table';
  const head = table.createTHead().insertRow();
  const score = t.by === 'cv' ? `${t.metric} (mean ± sd of ${t.nfold} folds)` : `${t.metric} (validation rows)`;
  // The score first after the trial: on a phone the columns past the screen's edge are the searched values.
  for (const h of ['', 'trial', score, ...(t.halving ? ['rows'] : []), 'best round', ...t.names, 's']) head.append(cell('th', h));
  const body = table.createTBody();
  for (const trial of ranked(t)) {
    const tr = body.insertRow();
    tr.dataset.trial = String(trial.trial);
    if (trial.trial === t.best) tr.className = 'best';
    // The button first: on a phone the last columns are off to the right.
    const use = document.createElement('button');
    use.type = 'button';
    use.className = 'secondary small';
    use.dataset.use = String(trial.trial);
    use.textContent = t.used === trial.trial ? 'Used' : 'Use';
    use.title = `Put trial ${trial.trial}'s settings in the form, rounds ${trial.bestRound} (its best round)`;
    const td = document.createElement('td');
    td.append(use);
    const cut = isCut(t, trial);
    const rounds = cell('td', trial.error ? '–' : `${trial.bestRound} of ${trial.roundsTrained}${cut ? ' (cut)' : ''}`, trial.bestRound);
    if (cut) rounds.title = 'Its last round was its best: the rounds ran out before early stopping, so this score is not what these settings can do.';
    const value = trial.error ? cell('td', 'failed', NaN, 'value')
      : cell('td', trial.std === null ? stat(trial.value) : `${stat(trial.value)} ± ${stat(trial.std)}`, trial.value, 'value');
    if (trial.error) {
      // The engine's words on why, where the score would be (and on the button that cannot use it).
      tr.classList.add('failed');
      value.title = use.title = `The engine refused these settings: ${trial.error.message}`;
      use.disabled = true;
    }
    tr.append(td, cell('td', trial.trial === 1 ? '1 (form)' : String(trial.trial)), value);
    if (t.halving) {
      const behind = leftBehind(t, trial);
      const rows = cell('td', `${trial.rows!.toLocaleString('en-US')}${behind ? ' (left)' : ''}`, trial.rows!, 'rows');
      if (behind) {
        tr.classList.add('behind');
        rows.title = `Left at rung ${trial.rung}: its score is on ${trial.rows!.toLocaleString('en-US')} rows, not comparable with the last rung's, and its best round is for those rows.`;
      }
      tr.append(rows);
    }
    tr.append(rounds);
    for (const name of t.names) tr.append(cell('td', drawn(trial.searched[name]), trial.searched[name], name));
    tr.append(cell('td', trial.seconds.toFixed(1)));
  }
  return table;
}
