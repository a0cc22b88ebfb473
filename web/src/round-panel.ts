// "Round by round": the round scrubber, the round inspector and the worked
// table. The round on show is store.selectedRound (0: the newest); picking
// one on the scrubber or the chart shows the model as it was after that
// round: its tree, its numbers, its rows and (toy data) its surface. Asked of
// the worker when the round, the page of rows or the model changes, and not
// while a run plays (a snapshot per round would slow it).
import { currentRun, modelInfoOnShow, modelOnShow, store, treeOfRound, update } from './state';
import type { WorkerClient } from './worker/client';
import type { ModelInfo, RoundDetail } from './worker/messages';
import { exponentialScale } from './worker/exponential-scale';
import { RoundInspector } from './ui/round-inspector';
import { LossFigure } from './ui/loss-figure';
import { WorkedTable, WORKED_PAGE } from './ui/worked-table';
import { setData, setHidden, setText, setValue } from './ui/dom';
import { outputName } from './output-names';

const $ = <T extends HTMLElement>(id: string) => document.getElementById(id) as T;

export class RoundPanel {
  private readonly inspector = new RoundInspector($('round-inspector'));
  private readonly worked = new WorkedTable($<HTMLTableElement>('worked-table'), $('worked-caption'),
    { prev: $<HTMLButtonElement>('worked-prev'), next: $<HTMLButtonElement>('worked-next'), download: $<HTMLButtonElement>('worked-csv') }, $('worked-more'));
  private readonly scrub = $<HTMLInputElement>('round-scrub');
  private readonly lossFigure = new LossFigure($('loss-figure') as unknown as SVGSVGElement, $('loss-figure-caption'));
  private asked = '';

  constructor(private readonly client: WorkerClient) {
    // The scrubber picks a round as the chart does: its first tree on show.
    this.scrub.addEventListener('input', () => this.pick(Number(this.scrub.value)));
    $('round-newest').addEventListener('click', () => this.pick(0));
    $('worked-prev').addEventListener('click', () => update((s) => { s.worked.offset = Math.max(0, s.worked.offset - WORKED_PAGE); }));
    $('worked-next').addEventListener('click', () => update((s) => { s.worked.offset += WORKED_PAGE; }));
    $('worked-csv').addEventListener('click', () => client.roundCsv(this.request()));
    // A row of the worked table, picked: its point and tangent on the loss figure.
    $('worked-table').addEventListener('click', (e) => {
      const tr = (e.target as HTMLElement).closest('tbody tr') as HTMLTableRowElement | null;
      if (tr) update((s) => { s.worked.row = Number(tr.dataset.row); });
    });
    // By keyboard: Tab reaches the picked row (one stop for the table); the up and down arrows pick the
    // row above or below, Home and End the page's first and last.
    $('worked-table').addEventListener('keydown', (e) => {
      const tr = (e.target as HTMLElement).closest('tbody tr') as HTMLTableRowElement | null;
      if (!tr) return;
      const rows = Array.from(tr.parentElement!.children) as HTMLTableRowElement[];
      const at = rows.indexOf(tr);
      const to = e.key === 'ArrowDown' ? at + 1 : e.key === 'ArrowUp' ? at - 1 : e.key === 'Home' ? 0 : e.key === 'End' ? rows.length - 1 : -1;
      if (to < 0 || to >= rows.length) return;
      e.preventDefault();
      update((s) => { s.worked.row = Number(rows[to].dataset.row); });
      rows[to].focus();
    });
    // Another output (class): its tree of the round on show.
    $<HTMLSelectElement>('worked-output').addEventListener('change', (e) => {
      const output = Number((e.target as HTMLSelectElement).value);
      update((s) => { s.worked.output = output; });
      this.pick(store.selectedRound || this.rounds());
    });
  }

  private pick(round: number) {
    update((s) => {
      s.selectedRound = round;
      // (A paused run's snapshot says how many trees a round grows: modelInfoOnShow.)
      s.tree = round ? treeOfRound(modelInfoOnShow(), round, s.worked.output) : -1;
    });
  }

  private request() {
    return { round: store.selectedRound, offset: store.worked.offset, limit: WORKED_PAGE, output: store.worked.output };
  }

  // Rounds the model on show has: the finished model's, or the live run's so far.
  private rounds() {
    const show = modelOnShow();
    if (!show) return 0;
    if (show.model) return show.model.rounds;
    return currentRun()?.reports.length ?? 0;
  }

  render() {
    const show = modelOnShow();
    const run = currentRun();
    const rounds = this.rounds();
    const training = !!show?.live && run?.status === 'training';
    this.scrub.max = String(Math.max(1, rounds));
    this.scrub.disabled = rounds < 1 || training;
    $<HTMLButtonElement>('round-newest').disabled = !store.selectedRound || training;
    const shown = store.selectedRound && store.selectedRound <= rounds ? store.selectedRound : rounds;
    if (document.activeElement !== this.scrub) setValue(this.scrub, String(Math.max(1, shown)));
    setText($('round-scrub-value'), rounds ? `${shown} of ${rounds}${store.selectedRound ? '' : ' (newest)'}` : '–');
    setData(this.scrub, 'round', String(shown));
    if (!show || rounds < 1 || !store.data) {
      this.reset(show ? 'No rounds yet: Step trains one.' : 'Train a model (or load one) to see its rounds in the formulas.');
      return;
    }
    if (training) {
      if (this.asked !== 'training') this.reset('The round\'s numbers appear when the run pauses or ends: Pause, or Step one round at a time.');
      this.asked = 'training';
      return;
    }
    const key = `${store.data.id}|${show.name}|${show.model?.trees}|${rounds}|${store.selectedRound}|${store.worked.offset}|${store.worked.output}|${store.algorithm}`;
    if (key === this.asked) {
      if (this.drawn && this.pickedDrawn !== store.worked.row) this.drawLoss(this.drawn.d, this.drawn.m);
      return;
    }
    this.asked = key;
    this.client.roundDetail(this.request());
  }

  private drawn: { d: RoundDetail; m: ModelInfo } | null = null;
  private pickedDrawn = -2;

  // The loss figure, with the row picked (else the first training row of the page) marked.
  private drawLoss(d: RoundDetail, m: ModelInfo) {
    this.pickedDrawn = store.worked.row;
    const row = d.rows.find((r) => r.row === store.worked.row) ?? d.rows.find((r) => !r.valid) ?? null;
    for (const tr of Array.from($<HTMLTableElement>('worked-table').tBodies[0]?.rows ?? [])) {
      const picked = !!row && tr.dataset.row === String(row.row);
      tr.classList.toggle('picked', picked);
      tr.tabIndex = picked ? 0 : -1;
    }
    // Ranking losses are of pairs of rows, not of one row's margin: not this figure's.
    const ranking = m.objective.startsWith('rank:');
    setHidden($('loss-figure').closest('figure')!, ranking);
    if (ranking) return;
    const classification = m.classes.length > 0;
    this.lossFigure.render(m.objective, m.algorithm, classification, m.classes.length === 2, m.params.huber_slope,
      // Discrete SAMME's votes are twice the exponential loss's own step: its margin counts half there.
      row && !Number.isNaN(row.y) ? { name: row.line > 0 ? `Line ${row.line}` : `Row ${row.row + 1}`, F: row.before, y: row.y, g: d.outputs === 1 && !row.valid ? row.g : undefined,
        scale: exponentialScale(m.algorithm, m.variant, m.vote) } : null, m.params.quantile_alpha);
  }

  private reset(text: string) {
    if (this.asked === text) return;
    this.asked = text;
    this.inspector.clear(text);
    this.worked.clear('');
    this.lossFigure.clear();
    this.drawn = null;
    setHidden($('worked-output-row'), true);
    if (store.scrubFrame) update((s) => { s.scrubFrame = null; });
  }

  onDetail(d: RoundDetail | null, m: ModelInfo | null, error: string) {
    if (!modelOnShow()) return;
    if (!d || !m) {
      this.inspector.clear(error || 'Nothing to show for this model.');
      this.worked.clear('');
      return;
    }
    const reports = currentRun()?.reports ?? [];
    // The picture (AdaBoost's points sized by u) is drawn for toy data only.
    this.inspector.render(d, m, store.loadedModel ? [] : reports, !!store.data?.toy, modelOnShow()!.name, store.algorithm);
    this.worked.render(d, m);
    this.drawn = { d, m };
    this.drawLoss(d, m);
    const select = $<HTMLSelectElement>('worked-output');
    setHidden($('worked-output-row'), d.outputs < 2);
    if (d.outputs > 1 && select.options.length !== d.outputs)
      select.replaceChildren(...Array.from({ length: d.outputs }, (_, k) => new Option(outputName(m, k), String(k))));
    setValue(select, String(d.output));
    // Toy data: the surface as it was after this round (one feature: with every stage up to it).
    const frame = d.surface
      ? { round: d.round, grid: d.surface.grid, width: d.surface.width, predictions: d.surface.predictions, weights: d.surface.weights,
          drawn: d.surface.drawn, stages: d.stages } : null;
    update((s) => { s.scrubFrame = frame; });
  }
}
