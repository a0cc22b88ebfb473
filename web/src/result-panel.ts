// "How good is the model?": the model on show scored on rows it did not learn
// from (its run's validation rows; a loaded model on the table loaded, new
// rows with its target, say), at the round picked on the chart. Asked of the
// worker when the model, the round or the data changes, not while a run plays.
import { currentRun, loadedModelLacks, modelInfoOnShow, modelOnShow, store, updateSoon } from './state';
import { EvaluationView } from './ui/evaluation-view';
import { setHidden, setText } from './ui/dom';
import type { WorkerClient } from './worker/client';
import type { EvaluationResult, PredictionSummary } from './worker/messages';
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

// What the model predicts for rows it cannot be scored on, in words: two classes, how many rows p calls
// the second at the threshold picked and p's spread; more, each class's rows; numbers, their spread;
// and levels it never saw.
export function describedText(d: PredictionSummary, threshold: number, file: string): string {
  const parts: string[] = [];
  const count = (n: number) => Math.round(n).toLocaleString('en-US'), num = (v: number) => Number(v.toPrecision(4)).toString();
  const pct = (v: number) => `${(100 * v).toFixed(1)} %`;
  if (d.byP) {
    const k = Math.round(threshold * d.byP.length);
    let above = 0, mean = 0;
    for (let b = 0; b < d.byP.length; b++) { if (b >= k) above += d.byP[b]; mean += d.byP[b] * (b + 0.5) / d.byP.length; }
    parts.push(`Of its ${count(d.rows)} rows, ${count(above)} (${pct(d.rows ? above / d.rows : 0)}) have p > ${threshold} and are called '${d.classes[1]}'; ` +
      `their mean p of '${d.classes[1]}' is ${(d.rows ? mean / d.rows : 0).toFixed(3)}.`);
  } else if (d.byClass) {
    const order = d.byClass.map((n, k) => ({ n, k })).sort((a, b) => b.n - a.n || a.k - b.k);
    parts.push(`Of its ${count(d.rows)} rows, the model predicts ${order.filter((c) => c.n > 0).map((c) => `'${d.classes[c.k]}' for ${count(c.n)}`).join(', ')}.`);
  } else if (d.spread) {
    const s = d.spread;
    parts.push(`Its ${count(d.rows)} rows' predictions${s.quantile !== null ? ` (the ${s.quantile} quantile)` : ''}: from ${num(s.min)} to ${num(s.max)}, ` +
      `the middle 80 % from ${num(s.q10)} to ${num(s.q90)}, median ${num(s.median)}, mean ${num(s.mean)}.`);
  }
  for (const u of d.unseen)
    parts.push(`${count(u.rows)} row${u.rows === 1 ? '' : 's'} of ${file} hold${u.rows === 1 ? 's' : ''} ${u.levels === 1 ? 'a level' : `${u.levels} levels`} of ${u.feature} the model never saw ` +
      `(such as '${u.level}'): it predicts them as if ${u.feature} were missing.`);
  return parts.join(' ');
}

export class ResultPanel {
  private readonly view = new EvaluationView(() => store.threshold, (t) => updateSoon((s) => { s.threshold = t; }),
    $('result-panel'), $('result-summary'), $('result-body'));
  private asked = '';
  private askedRound = 0;  // the round the question was for (0: the whole model)
  private askedTarget = '';  // the column scored against when the model file names none
  private said = '';  // rows predicted, not scored: what the panel says before what the model predicts
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
      return this.describe(rounds, `${loaded.name} does not name the column it predicts (XGBoost keeps no target name)` +
        (picked ? ` and reads '${picked}', the target picked, as a feature` : '') + `: ${store.data.name}'s rows can be ` +
        `predicted ("Download predictions of ${loaded.name}" beside the round slider writes them); pick the column it predicts as the target to score them.`);
    if (loaded && loaded.model.target && !store.data.columns.some((c) => c.name === loaded.model.target))
      return this.describe(rounds, `${store.data.name} has no column '${loaded.model.target}', what ${loaded.name} predicts: its rows can be predicted ` +
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
      scalePosWeight: result.task === 'binary' ? modelInfoOnShow()?.params.scale_pos_weight ?? 1 : 1,
      trainedOn: store.loadedModel?.trainedOn ?? '',
      note: this.askedTarget ? `${store.loadedModel?.name ?? 'The model file'} names no target (XGBoost keeps none): scored against ${this.askedTarget}, the target picked in the data panel.` : '' });
  }

  // Rows that can be predicted but not scored: said, and what the model predicts for them (asked of the worker).
  private describe(rounds: number, said: string) {
    const round = this.round(rounds);
    const key = `describe|${store.data?.id}|${this.loadedCount}|${store.loadedModel?.name}|${round}`;
    if (key === this.asked) return;
    this.asked = key;
    this.said = said;
    setHidden($('result-message'), true);
    this.view.clear(said);
    this.client.describe(round, key);
  }

  onDescribed(key: string, summary: PredictionSummary | null, error: string) {
    if (key !== this.asked) return;
    this.view.clear(summary ? `${this.said} ${describedText(summary, store.threshold, store.data?.name ?? 'the file')}` : error ? `${this.said} ${error}` : this.said);
    this.view.describedRows(summary?.rows ?? 0);
  }

  private clear(text: string) {
    if (this.asked === text) return;
    this.asked = text;
    setHidden($('result-message'), true);
    this.view.clear(text);
  }
}
