// "Cross-validate": the form's settings trained k times on the loaded data,
// each time with one fold held out (bl.cv, as xgb.cv), beside the page's run.
// Each round's test metric across the folds is drawn on the loss chart as its
// mean and a band of one standard deviation: how much the curve the run shows
// owes to the one validation split it drew.
import { runLabel } from './run-names';
import { store, update, updateSoon } from './state';
import { choiceToSend } from './ui/csv-panel';
import { runParams } from './ui/params-form';
import { setData, setHidden, setText } from './ui/dom';
import { stat } from './ui/dom';
import type { WorkerClient } from './worker/client';
import type { CvRound } from '../../wasm/js/index.js';

const $ = <T extends HTMLElement>(id: string) => document.getElementById(id) as T;
const FOLDS = 5;

export class CvPanel {
  private token = 0;
  private running = 0;  // the token the worker is cross-validating (0: none)

  constructor(private readonly client: WorkerClient) {
    $('cv-start').addEventListener('click', () => (store.cv?.status === 'running' ? this.stop() : this.start()));
  }

  private start() {
    if (!store.data) return;
    const { params, invalid } = runParams(store.schema, store.algorithm, store.typed);
    const timeSeries = store.choice.validSplit === 'last';
    const refuse = (message: string) => update((s) => { s.cv = { token: 0, dataId: store.data!.id, nfold: FOLDS, timeSeries, label: '', planned: 0, rounds: [], status: 'failed', message, bestRound: 0 }; });
    if (invalid.length) return refuse(`Not started: ${invalid.join('; ')}.`);
    if (params.objective === 'custom') return refuse('Your own loss trains in a run of the page; cross-validation here takes the built-in objectives (bl.cv in the package takes a function).');
    const token = ++this.token;
    this.running = token;
    const choice = choiceToSend(store.data, store.choice);
    update((s) => {
      s.cv = { token, dataId: s.data!.id, nfold: FOLDS, timeSeries, label: runLabel(s.schema, params, choice), planned: Number(params.rounds ?? 100),
        rounds: [], status: 'running', message: '', bestRound: 0 };
    });
    this.client.crossValidate(token, { ...choice, params }, FOLDS);
  }

  private stop() {
    this.client.stopCrossValidation();
  }

  onRound(token: number, record: CvRound) {
    if (store.cv?.token !== token) return;
    updateSoon((s) => { s.cv!.rounds.push(record); });
  }

  onDone(token: number, rounds: number, bestRound: number, stopped: boolean, error: string) {
    if (this.running === token) this.running = 0;
    if (store.cv?.token !== token) return;
    update((s) => {
      const cv = s.cv!;
      cv.status = error ? 'failed' : stopped ? 'stopped' : 'done';
      cv.message = error.replace(/^cv\(\) /, '');  // the package's name for itself: the page calls it cross-validation
      cv.bestRound = bestRound;
      if (!error && !stopped) cv.rounds = cv.rounds.slice(0, rounds);  // early stopping keeps the rounds up to the best
    });
  }

  render() {
    // New data (or a cleared page) dropped the cross-validation: the worker's goes too.
    if (this.running && store.cv?.token !== this.running) {
      this.client.stopCrossValidation();
      this.running = 0;
    }
    const cv = store.cv;
    const button = $<HTMLButtonElement>('cv-start');
    const running = cv?.status === 'running';
    button.textContent = running ? 'Stop cross-validation' : `Cross-validate (${FOLDS} folds)`;
    button.disabled = !store.engine.ready || !store.data || !!store.loading || (store.choice.group === '' && !store.choice.target);
    const status = $('cv-status');
    setHidden(status, !cv);
    if (!cv) return;
    const last = cv.rounds.at(-1);
    const metric = last ? Object.keys(last.test).at(-1) ?? '' : '';
    // Done: the best round's numbers (what the chart's mean curve bottoms at), not the last round's.
    const atBest = cv.status === 'done' && cv.bestRound ? cv.rounds[cv.bestRound - 1] : undefined;
    const shown = atBest ?? last;
    const spread = shown && metric ? ` · test ${metric}${atBest ? ` at round ${cv.bestRound}` : ''} ${stat(shown.test[metric].mean)} ± ${stat(shown.test[metric].std)}` : '';
    setText(status, cv.status === 'failed' ? `Cross-validation failed: ${cv.message}`
      : `${cv.nfold}-fold ${cv.timeSeries ? 'time-series ' : ''}cross-validation of ${cv.label}${cv.timeSeries ? ' (the rows in the file\'s order, as the validation rows are the last ones: each fold tested on a later stretch by a model of every row before it)' : ''}: ${running ? `round ${cv.rounds.length} of ${cv.planned}` : cv.status === 'stopped' ? `stopped at round ${cv.rounds.length}` : `${cv.rounds.length} rounds`}${spread}` +
        (cv.status === 'done' && cv.bestRound ? `; the mean test ${metric} is best at round ${cv.bestRound}.` : '.') +
        (cv.rounds.length ? ' On the chart: the folds\' mean test curve, and a band of one standard deviation around it.' : ''));
    setData(status, 'rounds', String(cv.rounds.length));
    setData(status, 'last', last ? JSON.stringify(last.test) : '');
    setData(status, 'status', cv.status);
  }
}
