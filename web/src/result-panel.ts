// "How good is the model?": the model on show scored on rows it did not learn
// from (its run's validation rows; a loaded model on the table loaded, new
// rows with its target, say), at the round picked on the chart. Asked of the
// worker when the model, the round or the data changes, not while a run plays.
import { currentRun, loadedModelLacks, modelInfoOnShow, modelOnShow, store, updateSoon } from './state';
import { EvaluationView } from './ui/evaluation-view';
import { setHidden, setText } from './ui/dom';
import type { WorkerClient } from './worker/client';
import type { EvaluationResult } from './worker/messages';
import type { RoundReport } from '../../wasm/js/index.js';
import type { PastBest } from './ui/evaluation-view';

const $ = <T extends HTMLElement>(id: string) => document.getElementById(id) as T;

// The validation metric at its best some rounds before the last and clearly worse since (more
// than 2 %, 5 rounds or a tenth of the run on): the later rounds fit the training rows, not new
// ones. null otherwise. (The engine's bestRound knows which way the metric is better.)
export function pastBest(reports: RoundReport[]): PastBest | null {
  const last = reports.at(-1);
  if (!last || last.bestRound < 1 || last.bestRound >= last.round) return null;
  const best = reports[last.bestRound - 1]?.valid[last.metric], now = last.valid[last.metric];
  if (best === undefined || now === undefined || !Number.isFinite(best) || !Number.isFinite(now)) return null;
  if (last.round - last.bestRound < Math.max(5, last.round / 10) || Math.abs(now - best) <= 0.02 * Math.abs(best)) return null;
  return { metric: last.metric, round: last.bestRound, best, last: last.round, now };
}

export class ResultPanel {
  private readonly view = new EvaluationView(() => store.threshold, (t) => updateSoon((s) => { s.threshold = t; }),
    $('result-panel'), $('result-summary'), $('result-body'));
  private asked = '';
  private askedRound = 0;  // the round the question was for (0: the whole model)
  private askedTarget = '';  // the column scored against when the model file names none
  // Each model file loaded counts once: a second file of the same name and size is another model.
  private loaded: object | null = null;
  private loadedCount = 0;

  constructor(private readonly client: WorkerClient) {}

  // The round the answer is for: the one picked on the chart when the run's model has more (0: the whole model).
  private round(rounds: number) {
    return store.selectedRound > 0 && store.selectedRound < rounds ? store.selectedRound : 0;
  }

  render() {
    // Ranking is judged by its queries (the panel "One query, ranked"), not row by row.
    const ranking = !!store.data && store.choice.group !== '';
    setHidden($('result-panel'), ranking);
    if (ranking) return;
    const show = modelOnShow(), run = currentRun();
    const rounds = show?.model ? show.model.rounds : show?.live ? run?.reports.length ?? 0 : 0;
    if (!show || !store.data || rounds < 1)
      return this.clear(show && store.data ? 'No rounds yet: Step trains one.'
        : 'Train a model (or load one, with data that has its target) to see how well it predicts rows it did not learn from.');
    if (show.live && run?.status === 'training') return this.clear('The score appears when the run pauses or ends.');
    // New rows for a loaded model, without what it predicts: said here, with where their predictions are.
    const loaded = store.loadedModel;
    const lacking = loadedModelLacks();
    if (loaded && lacking)
      return this.clear(`${loaded.name} ${lacking}: ` +
        'its rows can be neither predicted nor scored. Load data with those columns.');
    // XGBoost keeps no target name: the target picked in the data panel is scored against, unless the model reads it.
    const picked = loaded && !loaded.model.target ? store.choice.target : '';
    if (loaded && !loaded.model.target && (!picked || loaded.model.features.some((f) => f.name === picked)))
      return this.clear(`${loaded.name} does not name the column it predicts (XGBoost keeps no target name)` +
        (picked ? ` and reads '${picked}', the target picked, as a feature` : '') + `: ${store.data.name}'s rows can be ` +
        `predicted ("Download predictions of ${loaded.name}" beside the round slider writes them); pick the column it predicts as the target to score them.`);
    if (loaded && loaded.model.target && !store.data.columns.some((c) => c.name === loaded.model.target))
      return this.clear(`${store.data.name} has no column '${loaded.model.target}', what ${loaded.name} predicts: its rows can be predicted ` +
        `("Download predictions of ${loaded.name}" beside the round slider writes them) but not scored.`);
    const round = this.round(rounds);
    if (store.loadedModel !== this.loaded) {
      this.loaded = store.loadedModel;
      this.loadedCount++;
    }
    const key = `${store.data.id}|${this.loadedCount}|${show.name}|${show.model?.trees}|${rounds}|${round}|${picked}`;
    if (key === this.asked) return;
    this.asked = key;
    this.askedRound = round;
    this.askedTarget = picked;
    setHidden($('result-message'), true);
    this.view.asking('Scoring…');
    this.client.evaluate(round, key, picked);
  }

  onReply(key: string, result: EvaluationResult | null, error: string) {
    if (key !== this.asked) return;  // an answer about a model or round no longer on show
    setText($('result-message'), error);
    setHidden($('result-message'), !error);
    if (!result) return this.view.clear('');
    const target = this.askedTarget || (modelInfoOnShow()?.target ?? currentRun()?.choice.target ?? 'the target');
    const run = store.loadedModel ? null : currentRun();
    this.view.render(result, { target, round: this.askedRound, dataName: store.data?.name ?? 'the table', earlyStopping: !!run?.earlyStopping,
      // (Not a forest's: more trees only average, its metric moves by noise, and the notes want more of them.)
      pastBest: run && !run.earlyStopping && this.askedRound === 0 && run.params.algorithm !== 'random_forest' ? pastBest(run.reports) : null,
      forest: (modelInfoOnShow()?.algorithm ?? run?.params.algorithm) === 'random_forest',
      classWeighted: run?.choice.classWeights === 'balanced' && result.task !== 'regression',
      note: this.askedTarget ? `${store.loadedModel?.name ?? 'The model file'} names no target (XGBoost keeps none): scored against ${this.askedTarget}, the target picked in the data panel.` : '' });
  }

  private clear(text: string) {
    if (this.asked === text) return;
    this.asked = text;
    setHidden($('result-message'), true);
    this.view.clear(text);
  }
}
