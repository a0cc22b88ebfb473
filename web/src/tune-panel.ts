// "Search the settings": a random search of the parameters ticked here around
// the form's settings, on the loaded data (bl.tune, in the worker beside any
// run). Each trial draws the ticked parameters from their ranges, trains with
// early stopping and is scored by cross-validation (or on the validation
// rows); trial 1 is the form as it stands, so the search is measured against
// it. The trials come back one by one: a chart a parameter of score against
// value, and a table whose Use puts a trial's settings in the form.
import { runLabel } from './run-names';
import { store, update, type TuneForm, type Tuning } from './state';
import { choiceToSend } from './ui/csv-panel';
import { dataTask, runParams, type DataTask } from './ui/params-form';
import { scrolling, setData, setHidden, setText, stat } from './ui/dom';
import { drawn, importanceFigure, isCut, sliceChart, trialTable } from './ui/tune-view';
import type { WorkerClient } from './worker/client';
import type { TrainRequest } from './worker/messages';
import type { ParamSpec, TuneRange, TuneTrial } from '../../wasm/js/index.js';
import { checkSpace, TUNE_PATIENCE } from '../../wasm/js/tune.js';

const $ = <T extends HTMLElement>(id: string) => document.getElementById(id) as T;
const FOLDS = 3;
const MAX_TRIALS = 200;  // the page's own bound (the package takes 1,000): a search of hours is not one to start by a click

// What the search offers a parameter, and whether ticked at first. The
// ranges are the ones practitioners start from (the XGBoost and LightGBM
// tuning guides' usual ones); each algorithm's own where it differs.
interface Candidate { name: string; min: number; max: number; log: boolean; on: boolean }
const CANDIDATES: Candidate[] = [
  { name: 'eta', min: 0.01, max: 0.3, log: true, on: true },
  { name: 'max_depth', min: 2, max: 10, log: false, on: true },
  { name: 'min_child_weight', min: 0.5, max: 20, log: true, on: false },
  { name: 'subsample', min: 0.5, max: 1, log: false, on: true },
  { name: 'colsample_bytree', min: 0.5, max: 1, log: false, on: true },
  { name: 'colsample_bynode', min: 0.1, max: 1, log: false, on: false },
  { name: 'lambda', min: 0.1, max: 10, log: true, on: false },
  { name: 'alpha', min: 0.01, max: 10, log: true, on: false },
  { name: 'gamma', min: 0, max: 5, log: false, on: false },
];
const BY_ALGORITHM: Record<string, Record<string, Partial<Candidate>>> = {
  adaboost: { eta: { min: 0.1, max: 1 }, max_depth: { min: 1, max: 4 } },
  random_forest: { max_depth: { min: 4, max: 30 }, min_child_weight: { min: 1, max: 20, on: true }, colsample_bynode: { on: true },
    subsample: { on: false }, colsample_bytree: { on: false } },
  gbrank: { max_depth: { min: 2, max: 8 } },
};

// The metrics a search may score by, per task ('' : the form's eval_metric, else the objective's own).
const METRICS: Record<DataTask, string[]> = {
  binary: ['logloss', 'auc', 'aucpr', 'error'], multiclass: ['mlogloss', 'merror', 'auc'],
  regression: ['rmse', 'mae', 'rmsle', 'mape'], ranking: ['ndcg', 'ndcg@5', 'ndcg@10', 'map'],
};

const usedBy = (spec: ParamSpec, algorithm: string) => spec.algorithms === 'all' || spec.algorithms.split(',').includes(algorithm);

// The candidates the algorithm has, with its ranges.
export function candidatesFor(schema: ParamSpec[], algorithm: string): Candidate[] {
  return CANDIDATES.filter((c) => schema.some((s) => s.name === c.name && usedBy(s, algorithm)))
    .map((c) => ({ ...c, ...BY_ALGORITHM[algorithm]?.[c.name] }));
}

// The form's rows for the algorithm: as typed, else the candidate's defaults.
function rowsOf(form: TuneForm, schema: ParamSpec[], algorithm: string) {
  return candidatesFor(schema, algorithm).map((c) => {
    const typed = form.space[c.name];
    return typed ? { name: c.name, ...typed } : { name: c.name, on: c.on, min: String(c.min), max: String(c.max), log: c.log };
  });
}

// A list of values typed in a range's "from" field (commas between them), else null.
const listOf = (typed: string) => (typed.includes(',') ? typed.split(',').filter((v, i, all) => v.trim() !== '' || i < all.length - 1) : null);

// Where a search by successive halving is: the rung under way, its rows and how many of its trials are scored.
function halvingProgress(t: Tuning, running: boolean): string {
  const reached = (k: number) => t.trials.filter((x) => (x.rung ?? 1) >= k).length;  // trials scored in rung k
  const rows = (n: number) => `${n.toLocaleString('en-US')} rows`;
  if (!t.rungs.length) return running ? `rung 1, trial 1${t.round ? ` (round ${t.round})` : ''}` : 'no trial ended';
  const plan = t.rungs.map((r, i) => `${r.trials}${i ? '' : ' trials'} on ${i === t.rungs.length - 1 && i ? `all ${rows(r.rows)}` : rows(r.rows)}`).join(', then ') +
    (t.rungs.length > 1 ? ' (each rung the best third goes on, with trial 1, the form\'s settings, beside them)' : '');
  if (!running) {
    const done = t.rungs.findIndex((r, i) => reached(i + 1) < r.trials);
    // Stopped within a rung: its best is of the trials it scored (the rung before's best first), said as such.
    return done >= 0 ? `stopped in rung ${done + 1} of ${t.rungs.length}, ${reached(done + 1)} of its ${t.rungs[done]?.trials ?? '?'} trials scored ` +
      `(its best of the rung before first; the plan: ${plan})` : `${t.rungs.length} ${t.rungs.length === 1 ? 'rung (too few rows to halve)' : 'rungs'}: ${plan}`;
  }
  const k = Math.max(0, t.rungs.findIndex((r, i) => reached(i + 1) < r.trials));
  const r = t.rungs[k];
  return `rung ${k + 1} of ${t.rungs.length} (${rows(r.rows)}), trial ${t.current || '…'}, ${reached(k + 1) + 1} of ${r.trials} in this rung${t.round ? ` (round ${t.round})` : ''}; the plan: ${plan}`;
}

export class TunePanel {
  private token = 0;
  // The search last started, as sent: More trials resumes it with these (the form may have changed since).
  private last: { token: number; request: TrainRequest; space: Record<string, TuneRange>; by: 'cv' | 'validation'; seed: number } | null = null;
  private running = 0;   // the token the worker is searching with (0: none)
  private shownRows = '';
  private drawnTrials = '';

  constructor(private readonly client: WorkerClient) {
    $('tune-start').addEventListener('click', () => (store.tune?.status === 'running' ? this.client.stopTuning() : this.start()));
    const space = $('tune-space');
    const typed = (e: Event) => {
      const el = e.target as HTMLInputElement;
      const name = el.closest<HTMLElement>('tr')?.dataset.name;
      const field = el.dataset.field as 'on' | 'min' | 'max' | 'log' | undefined;
      if (!name || !field) return;
      update((s) => {
        const rows = rowsOf(s.tuneForm, s.schema, s.algorithm);
        const row = rows.find((r) => r.name === name)!;
        const { name: _, ...entry } = row;
        s.tuneForm.space[name] = { ...entry, [field]: field === 'on' || field === 'log' ? el.checked : el.value };
        s.tuneForm.refused = '';
      });
    };
    space.addEventListener('input', typed);
    space.addEventListener('change', typed);
    $('tune-trials').addEventListener('input', (e) => update((s) => { s.tuneForm.trials = (e.target as HTMLInputElement).value; s.tuneForm.refused = ''; }));
    $('tune-rounds').addEventListener('input', (e) => update((s) => { s.tuneForm.rounds = (e.target as HTMLInputElement).value; s.tuneForm.refused = ''; }));
    $('tune-metric').addEventListener('change', (e) => update((s) => { s.tuneForm.metric = (e.target as HTMLSelectElement).value; s.tuneForm.refused = ''; }));
    $('tune-seed').addEventListener('input', (e) => update((s) => { s.tuneForm.seed = (e.target as HTMLInputElement).value; s.tuneForm.refused = ''; }));
    $('tune-by').addEventListener('change', (e) => update((s) => { s.tuneForm.by = (e.target as HTMLSelectElement).value === 'validation' ? 'validation' : 'cv'; }));
    $('tune-more').addEventListener('click', () => this.more());
    $('tune-halving').addEventListener('change', (e) => update((s) => { s.tuneForm.halving = (e.target as HTMLInputElement).checked; }));
    $('tune-trials-table').addEventListener('click', (e) => {
      const n = Number((e.target as HTMLElement).closest<HTMLElement>('button[data-use]')?.dataset.use);
      const trial = store.tune?.trials.find((t) => t.trial === n);
      if (trial) this.use(trial);
    });
  }

  // Said in place of the status; the search before (if any) stays on show.
  private refuse(message: string) {
    update((s) => { s.tuneForm.refused = message; });
  }

  private start() {
    if (!store.data) return;
    const { params, invalid } = runParams(store.schema, store.algorithm, store.typed);
    if (invalid.length) return this.refuse(`Not started: the form's ${invalid.join('; ')}.`);
    if (params.objective === 'custom') return this.refuse('Not started: your own loss trains in a run of the page; the search takes the built-in objectives (bl.tune in the package takes a function).');
    const rows = rowsOf(store.tuneForm, store.schema, store.algorithm).filter((r) => r.on);
    if (!rows.length) return this.refuse('Not started: tick at least one parameter to search.');
    const space: Record<string, TuneRange> = {};
    const ranges: Record<string, [number, number]> = {};
    for (const r of rows) {
      // A list typed in "from" (3, 6, 9): those values only, each as likely.
      const list = listOf(r.min);
      if (list) {
        const bad = list.find((v) => v.trim() === '' || !Number.isFinite(Number(v)));
        if (bad !== undefined) return this.refuse(`Not started: ${r.name}'s list '${r.min}' holds '${bad.trim()}', not a number.`);
        space[r.name] = list.map(Number);
        ranges[r.name] = [Math.min(...list.map(Number)), Math.max(...list.map(Number))];
        continue;
      }
      const min = Number(r.min), max = Number(r.max);
      if (r.min.trim() === '' || r.max.trim() === '' || !Number.isFinite(min) || !Number.isFinite(max))
        return this.refuse(`Not started: ${r.name}'s range needs two numbers, from and to (it has '${r.min}' and '${r.max}'), or a list in from: 2, 4, 8.`);
      space[r.name] = { min, max, log: r.log };
      ranges[r.name] = [min, max];
    }
    // The package's own checks of the ranges (inside the parameter's range, log scales above 0, ...), before anything runs.
    try {
      checkSpace(space, store.schema, store.algorithm);
    } catch (e) {
      return this.refuse(`Not started: ${String((e as Error).message).replace(/^tune\(\) (option )?(space's )?/, '')}`);
    }
    const trials = Number(store.tuneForm.trials);
    if (!Number.isInteger(trials) || trials < 1 || trials > MAX_TRIALS)
      return this.refuse(`Not started: trials is a whole number from 1 to ${MAX_TRIALS}, not '${store.tuneForm.trials}'.`);
    // The most rounds a trial trains: the panel's own (early stopping ends most trials well before), else the form's.
    if (store.tuneForm.rounds.trim() !== '') {
      const most = Number(store.tuneForm.rounds);
      if (!Number.isInteger(most) || most < 1 || most > 100000)
        return this.refuse(`Not started: rounds at most is a whole number from 1 to 100000, not '${store.tuneForm.rounds}'.`);
      params.rounds = most;
    }
    // A metric picked here is the one scored (the last of eval_metric is what early stopping and the search watch).
    const task = dataTask(store);
    if (store.tuneForm.metric && task && METRICS[task].includes(store.tuneForm.metric)) params.eval_metric = store.tuneForm.metric;
    const seed = Number(store.tuneForm.seed);
    if (store.tuneForm.seed.trim() === '' || !Number.isInteger(seed) || seed < 0 || seed > 2 ** 32 - 1)
      return this.refuse(`Not started: the seed is a whole number from 0 to 4294967295, not '${store.tuneForm.seed}'.`);
    const by = store.tuneForm.by;
    const choice = choiceToSend(store.data, store.choice);
    if (by === 'validation' && !(choice.validFraction > 0))
      return this.refuse('Not started: scoring on the validation rows needs some held out (Validation under Data is 0 %); or score by cross-validation.');
    const token = ++this.token;
    this.running = token;
    update((s) => {
      s.tuneForm.refused = '';
      s.tune = { token, dataId: s.data!.id, algorithm: s.algorithm, label: runLabel(s.schema, params, choice), by, nfold: FOLDS,
        timeSeries: by === 'cv' && choice.validSplit === 'last', planned: trials,
        names: rows.map((r) => r.name), ranges,
        keptOut: by === 'cv' && choice.validFraction > 0,
        logs: rows.filter((r) => r.log).map((r) => r.name), trials: [], best: 0, metric: '',
        largerIsBetter: false, status: 'running', message: '', used: 0, round: 0, seed, evalMetric: String(params.eval_metric ?? ''),
        halving: store.tuneForm.halving, rungs: [], current: 0, importance: null,
        patience: Number(params.early_stopping_rounds) > 0 ? Number(params.early_stopping_rounds) : TUNE_PATIENCE, resumed: false };
    });
    this.last = { token, request: { ...choice, params }, space, by, seed };
    this.client.tune(token, this.last.request, space, trials, by, FOLDS, seed, store.tuneForm.halving);
  }

  // More trials for the search that ended: its trials kept, the draws going on after them (bl.tune's resume), as many
  // more as the Trials field says.
  private more() {
    const t = store.tune, last = this.last;
    if (!t || !last || !this.canResume(t)) return;
    const more = Number(store.tuneForm.trials);
    if (!Number.isInteger(more) || more < 1 || t.trials.length + more > MAX_TRIALS)
      return this.refuse(`Not started: ${t.trials.length} trials and ${store.tuneForm.trials} more would pass the page's ${MAX_TRIALS}; the Trials field says how many more.`);
    const token = ++this.token;
    this.running = token;
    last.token = token;
    const planned = t.trials.length + more;
    const resume = { trials: t.trials, metric: t.metric, largerIsBetter: t.largerIsBetter, by: t.by };
    update((s) => {
      s.tuneForm.refused = '';
      Object.assign(s.tune!, { token, planned, status: 'running', message: '', round: 0, current: 0, importance: null, resumed: true });
    });
    this.client.tune(token, last.request, last.space, planned, last.by, FOLDS, last.seed, false, resume);
  }

  private canResume(t: Tuning) {
    return (t.status === 'done' || t.status === 'stopped') && !t.halving && t.trials.length > 0 && this.last?.token === t.token;
  }

  // A trial's settings in the form: the searched values, rounds at its best round, the algorithm it ran.
  private use(trial: TuneTrial) {
    update((s) => {
      const t = s.tune!;
      s.algorithm = t.algorithm;
      for (const name of t.names) s.typed[name] = drawn(trial.searched[name]);
      s.typed.rounds = String(trial.bestRound);
      if (t.evalMetric) s.typed.eval_metric = t.evalMetric;  // the metric it was scored by, so the run reports and stops on it
      s.messages.train = '';
      t.used = trial.trial;
    });
  }

  onRound(token: number, trial: number, round: number) {
    const t = store.tune;
    if (t?.token !== token || t.status !== 'running') return;
    update((s) => { s.tune!.round = round; s.tune!.current = trial; });
  }

  onTrial(token: number, trial: TuneTrial, best: number, metric: string, largerIsBetter: boolean, rungs?: { rows: number; trials: number }[]) {
    if (store.tune?.token !== token) return;
    update((s) => {
      const t = s.tune!;
      t.round = 0;
      t.current = 0;
      if (rungs) t.rungs = rungs;
      // With halving a trial comes again from each rung it reaches: its latest score replaces the one before.
      const at = t.trials.findIndex((x) => x.trial === trial.trial);
      if (at >= 0) t.trials[at] = trial;
      else t.trials.push(trial);
      t.best = best;
      t.metric = metric;
      t.largerIsBetter = largerIsBetter;
    });
  }

  onDone(token: number, stopped: boolean, error: string, importance: Record<string, number> | null) {
    if (this.running === token) this.running = 0;
    if (store.tune?.token !== token) return;
    update((s) => {
      s.tune!.status = error ? 'failed' : stopped ? 'stopped' : 'done';
      s.tune!.importance = error ? null : importance;
      // The package's refusal of a range, in the page's words: "tune() space's 'eta' runs 0 to 1, …" -> "'eta' runs 0 to 1, …".
      s.tune!.message = error.replace(/^(tune|cv)\(\) (option )?(space's )?/, '');
    });
  }

  render() {
    // New data (or a cleared page) dropped the search: the worker's goes too.
    if (this.running && store.tune?.token !== this.running) {
      this.client.stopTuning();
      this.running = 0;
    }
    this.renderForm();
    const t = store.tune;
    const running = t?.status === 'running';
    const button = $<HTMLButtonElement>('tune-start');
    button.textContent = running ? 'Stop the search' : 'Search';
    const more = $<HTMLButtonElement>('tune-more');
    setHidden(more, !t || !this.canResume(t));
    more.disabled = !store.engine.ready || !!store.loading;
    more.textContent = `${store.tuneForm.trials.trim() || '?'} more trials`;
    button.disabled = !running && (!store.engine.ready || !store.data || !!store.loading || (store.choice.group === '' && !store.choice.target));
    const status = $('tune-status');
    const refused = store.tuneForm.refused;
    setHidden(status, !t && !refused);
    setData(status, 'status', refused ? 'refused' : t?.status ?? '');
    setData(status, 'trials', String(t?.trials.length ?? 0));
    this.draw(t);
    if (refused) {
      setText(status, t?.trials.length ? `${refused} (The search below is the one before.)` : refused);
      return;
    }
    if (!t) return;
    const best = t.trials.find((x) => x.trial === t.best);
    const yours = t.trials.find((x) => x.trial === 1);
    const kept = t.keptOut ? ' of the training rows (the validation rows are kept out of the search, to judge its winner on)' : '';
    const scored = t.by === 'validation' ? 'the validation rows' : t.timeSeries
      ? `${t.nfold}-fold time-series cross-validation${kept} (validation takes the file's last rows, so each fold is tested on a later stretch by a model of the rows before it)`
      : `${t.nfold}-fold cross-validation${kept}`;
    const progress = t.halving ? halvingProgress(t, running)
      : running ? `trial ${t.trials.length + 1} of ${t.planned}${t.round ? ` (round ${t.round})` : ''}` : t.status === 'stopped' ? `stopped after ${t.trials.length} trials` : `${t.trials.length} trials`;
    let text = t.status === 'failed' ? (t.message.startsWith('Not started') ? t.message : `The search failed: ${t.message}`)
      : `${running ? 'Searching' : 'Searched'} ${t.names.join(', ')} around ${t.label}, scored by ${scored}, draws seeded ${t.seed}${t.halving ? ', by successive halving' : ''}: ${progress}.` +
        (t.resumed ? ' (More trials of this search as it started: changes to the form or the panel since then do not apply to them.)' : '');
    if (best && yours && t.status !== 'failed') {
      // With halving, scores on fewer rows are not comparable with the last rung's: trial 1 is compared only when it got there.
      const sameRung = (yours.rung ?? 1) === (best.rung ?? 1);
      const against = yours.error ? ` (trial 1, the form's settings, failed at rung ${yours.rung}, on ${yours.rows?.toLocaleString('en-US')} rows)`
        : sameRung ? `, against ${stat(yours.value)} for trial 1 (the form's settings when the search started)`
        : ` (trial 1, the form's settings, was left at rung ${yours.rung}: its score on ${yours.rows!.toLocaleString('en-US')} rows is not comparable)`;
      const where = t.halving ? ` of rung ${best.rung} (${best.rows!.toLocaleString('en-US')} rows)` : '';
      const gain = best.trial === 1 ? ` No trial${where}${running ? ' so far' : ''} beats the form's settings.`
        : ` Best${where}${running ? ' so far' : ''}: trial ${best.trial}, ${t.metric} ${stat(best.value)} at round ${best.bestRound}${against}.`;
      text += gain;
      // A trial whose last round was its best was cut by the form's rounds, not by early stopping: its score
      // is not what its settings can do (small eta's, most), and the search leans against them.
      const cut = t.trials.filter((x) => isCut(t, x)).length;
      if (cut) text += ` ${cut} of ${t.trials.length} ${t.trials.length === 1 ? 'trial was' : 'trials were'} still improving at their last round (marked "cut": ` +
        'their scores are not what their settings can do): raise "Rounds at most" and search again to let them finish.';
      // Trials the engine refused (a draw such as max_depth 0 with depthwise growth): said with the engine's reason.
      const failed = t.trials.filter((x) => x.error);
      if (failed.length) text += ` ${failed.length} of ${t.trials.length} ${t.trials.length === 1 ? 'trial' : 'trials'} failed, the search going on without ` +
        `${failed.length === 1 ? 'it' : 'them'} (marked "failed"; trial ${failed[0].trial}: ${failed[0].error!.message.replace(/^cv\(\) fold [^:]*: /, '').replace(/\.$/, '')}).`;
      if (t.used) text += ` Trial ${t.used}'s settings are in the form now (rounds at its best round): Play trains them.`;
    }
    setText(status, text);
  }

  private renderForm() {
    const rows = rowsOf(store.tuneForm, store.schema, store.algorithm);
    const key = JSON.stringify([store.algorithm, rows]);
    const trials = $<HTMLInputElement>('tune-trials');
    if (document.activeElement !== trials && trials.value !== store.tuneForm.trials) trials.value = store.tuneForm.trials;
    $<HTMLSelectElement>('tune-by').value = store.tuneForm.by;
    $<HTMLInputElement>('tune-halving').checked = store.tuneForm.halving;
    const metric = $<HTMLSelectElement>('tune-metric');
    const task = dataTask(store);
    const offered = task ? METRICS[task] : [];
    const formMetric = store.typed.eval_metric?.trim();
    const metricKey = JSON.stringify([offered, formMetric]);
    if (metric.dataset.key !== metricKey) {
      metric.dataset.key = metricKey;
      const own = document.createElement('option');
      own.value = '';
      own.textContent = formMetric ? `the form's (${formMetric.split(',').at(-1)!.trim()})` : "the objective's own";
      metric.replaceChildren(own, ...offered.map((m) => { const o = document.createElement('option'); o.value = m; o.textContent = m; return o; }));
    }
    metric.value = offered.includes(store.tuneForm.metric) ? store.tuneForm.metric : '';
    const seedField = $<HTMLInputElement>('tune-seed');
    if (document.activeElement !== seedField && seedField.value !== store.tuneForm.seed) seedField.value = store.tuneForm.seed;
    const rounds = $<HTMLInputElement>('tune-rounds');
    if (document.activeElement !== rounds && rounds.value !== store.tuneForm.rounds) rounds.value = store.tuneForm.rounds;
    // Empty: the form's rounds, shown as the field's placeholder.
    const formRounds = store.typed.rounds?.trim() || String(store.schema.find((p) => p.name === 'rounds')?.algorithmDefaults?.[store.algorithm] ??
      store.schema.find((p) => p.name === 'rounds')?.default ?? 100);
    rounds.placeholder = `${formRounds} (the form's)`;
    if (key === this.shownRows) return;
    const body = $('tune-space').querySelector('tbody')!;
    // Rebuilt only when the algorithm's rows change; a field being typed in keeps its node (and its caret).
    const sameNames = body.children.length === rows.length && rows.every((r, i) => (body.children[i] as HTMLElement).dataset.name === r.name);
    this.shownRows = key;
    if (sameNames) {
      rows.forEach((r, i) => {
        const tr = body.children[i] as HTMLElement;
        const set = (field: string, apply: (el: HTMLInputElement) => void) => apply(tr.querySelector<HTMLInputElement>(`[data-field="${field}"]`)!);
        set('on', (el) => { el.checked = r.on; });
        set('log', (el) => { el.checked = r.log; });
        for (const f of ['min', 'max'] as const) set(f, (el) => { if (document.activeElement !== el && el.value !== r[f]) el.value = r[f]; });
        set('max', (el) => { el.disabled = !!listOf(r.min); });
        tr.classList.toggle('off', !r.on);
      });
      return;
    }
    body.replaceChildren(...rows.map((r) => {
      const tr = document.createElement('tr');
      tr.dataset.name = r.name;
      tr.classList.toggle('off', !r.on);
      const input = (field: string, type: string, label: string, value: string | boolean) => {
        const el = document.createElement('input');
        el.type = type;
        el.dataset.field = field;
        el.setAttribute('aria-label', label);
        const td = document.createElement('td');
        if (type === 'checkbox') {
          // In a label: the label is the touch target (40 px on a phone).
          el.checked = value as boolean;
          const box = document.createElement('label');
          box.append(el);
          td.append(box);
        } else {
          el.value = value as string;
          el.inputMode = 'decimal';
          el.size = 6;
          td.append(el);
        }
        return td;
      };
      const name = document.createElement('td');
      const label = document.createElement('label');
      const on = document.createElement('input');
      on.type = 'checkbox';
      on.dataset.field = 'on';
      on.checked = r.on;
      label.append(on, ` ${r.name}`);
      name.append(label);
      tr.append(name, input('min', 'text', `${r.name} from (or a list: 2, 4, 8)`, r.min), input('max', 'text', `${r.name} to`, r.max), input('log', 'checkbox', `${r.name} on a log scale`, r.log));
      tr.querySelector<HTMLInputElement>('[data-field="max"]')!.disabled = !!listOf(r.min);
      return tr;
    }));
  }

  private draw(t: Tuning | null) {
    const key = t ? JSON.stringify([t.token, t.trials.map((x) => x.rung ?? 1), t.best, t.used, t.importance]) : '';
    if (key === this.drawnTrials) return;
    this.drawnTrials = key;
    const slices = $('tune-slices'), table = $('tune-trials-table');
    if (!t || !t.trials.length) {
      slices.replaceChildren();
      table.replaceChildren();
      return;
    }
    const caption = document.createElement('p');
    caption.className = 'hint tune-caption';
    caption.textContent = `Each dot a trial, its ${t.metric} against the value it drew (the range asked across): the ring is trial 1, the form's settings; ` +
      `the red dot the best. Where the good scores bunch says where to search next; a parameter whose dots show no slope matters little here.` +
      (t.halving ? ' Faint dots are trials left at an earlier rung, scored on fewer rows (their scores are usually worse for that alone).' : '');
    slices.replaceChildren(...(t.importance && t.names.length > 1 ? [importanceFigure(t)] : []), ...t.names.map((name) => sliceChart(t, name)), caption);
    table.replaceChildren(scrolling(trialTable(t)));  // under a hint while columns are past a phone's edge
  }
}
