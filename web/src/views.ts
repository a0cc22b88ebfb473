// Every view of the page, rendered from the store: the controls, the run's
// status and numbers, the chart, the parameters, the inside of the model on
// show (asked of the worker when it changes) and the URL. Nothing here keeps
// state of its own beyond what it last drew.
import { currentRun, formDiffersFrom, keepSnapshot, loadedModelLacks, modelInfoOnShow, modelOnShow, roundPicked, settingUpLesson, runsOf, store, subscribe, treeOfRound, update, type Run } from './state';
import type { WorkerClient } from './worker/client';
import type { FromWorker } from './worker/messages';
import { CsvPanel } from './ui/csv-panel';
import { LossChart } from './ui/loss-chart';
import { ParamsForm, runParams } from './ui/params-form';
import { CustomLossEditor } from './ui/custom-loss';
import { TreeView } from './ui/tree-view';
import { ImportanceChart } from './ui/importance-chart';
import { Surface } from './ui/surface';
import { quantileStages, StageView } from './ui/stage-view';
import { ShapSummary, ShapWaterfall, type ShapData } from './ui/shap-view';
import { NodeInspector } from './ui/node-inspector';
import { RoundPanel } from './round-panel';
import { ComparePanel } from './compare-panel';
import { RankingPanel } from './ranking-panel';
import { ResultPanel } from './result-panel';
import { DependencePanel } from './dependence-panel';
import { binaryScale, outputName } from './output-names';
import { InteractionPanel } from './interaction-panel';
import { CvPanel } from './cv-panel';
import { TunePanel } from './tune-panel';
import { writeHash } from './url-state';
import { algorithmName, settingChanges } from './run-names';
import { download, intoViewIfOff, setAttr, setData, setHidden, setText, setValue, stat } from './ui/dom';

const $ = <T extends HTMLElement>(id: string) => document.getElementById(id) as T;
// Metrics as the chart's legend names them: a forest's oob_error is its out-of-bag error.
const fmt = (o: Record<string, number>) => Object.entries(o).map(([k, v]) => `${k.startsWith('oob_') ? `out-of-bag ${k.slice(4)}` : k} ${stat(v)}`).join(', ');

// A span of one class holding text.
function span(className: string, text: string) {
  const e = document.createElement('span');
  e.className = className;
  e.textContent = text;
  return e;
}

export class Views {
  threadsAfterReload = false;
  private handedFrom: HTMLButtonElement | null = null;  // the control that was disabled under the focus
  private readonly buttons = { play: $<HTMLButtonElement>('train'), pause: $<HTMLButtonElement>('pause'), step: $<HTMLButtonElement>('step'), stop: $<HTMLButtonElement>('stop'), reset: $<HTMLButtonElement>('reset') };
  private readonly chart: LossChart;
  private readonly form: ParamsForm;
  private readonly customLoss: CustomLossEditor;
  private readonly treeView = new TreeView($('tree') as unknown as SVGSVGElement, $('tree-caption'));
  private readonly importance = new ImportanceChart($('importance'));
  private readonly surface = new Surface($<HTMLCanvasElement>('surface'), $('surface-caption'));
  private readonly stageView = new StageView($<HTMLCanvasElement>('surface'), $('surface-caption'));
  private readonly treeIndex = $<HTMLInputElement>('tree-index');
  private readonly inspector = new NodeInspector($('node-inspector'));
  private readonly rounds: RoundPanel;
  private readonly compare: ComparePanel;
  private readonly ranking: RankingPanel;
  private readonly result: ResultPanel;
  private readonly dependence: DependencePanel;
  private readonly interactions: InteractionPanel;
  private readonly cv: CvPanel;
  private readonly tune: TunePanel;
  private readonly shapSummary = new ShapSummary($<HTMLCanvasElement>('shap-summary'), $('shap-summary-caption'));
  private readonly shapWaterfall = new ShapWaterfall($('shap-waterfall'), $('shap-waterfall-caption'));
  private shapData: { summary: ShapData | null; row: ShapData | null } = { summary: null, row: null };
  private shapAsked = '';     // the model and row the SHAP views last asked for
  private writingShap = false;  // every row's SHAP values asked for, the file not yet come
  private shapOutputDrawn = -1;
  private panel: CsvPanel | null = null;
  private asked = '';         // what the inside views last asked the worker for
  private drawnFrame: unknown = null;
  private drawnLayer = '';
  private drawnAt = 0;
  private drawing = false;
  private redrawTimer = 0;
  private wantFocus = false;
  private shownTrainMessage = '';  // the run message last drawn: a new one is brought into view
  private scaleEngine: 'dask' | 'spark' = 'dask';  // the engine of the script asked for  // a toolbar button with focus was disabled and nothing could take it yet

  constructor(private readonly client: WorkerClient, actions: Record<'play' | 'step' | 'pause' | 'stop' | 'reset', () => void>) {
    this.rounds = new RoundPanel(client);
    this.compare = new ComparePanel(client);
    this.ranking = new RankingPanel(client);
    this.result = new ResultPanel(client);
    this.dependence = new DependencePanel(client);
    this.interactions = new InteractionPanel(client);
    this.cv = new CvPanel(client);
    this.tune = new TunePanel(client);
    for (const [name, button] of Object.entries(this.buttons) as [keyof Views['buttons'], HTMLButtonElement][]) {
      button.addEventListener('click', () => actions[name]());
    }
    document.addEventListener('focusin', (e) => { if (e.target !== document.body) this.wantFocus = false; });
    this.chart = new LossChart($('loss-chart'), $<HTMLSelectElement>('metric'), $<HTMLInputElement>('log-scale'), {
      metric: (metric) => update((s) => { s.chart.metric = metric; }),
      log: (on) => update((s) => { s.chart.log = on; }),
      // A round picked on the chart: its tree on show.
      round: (round) => update((s) => {
        s.selectedRound = round;
        s.tree = treeOfRound(modelInfoOnShow(), round, s.worked.output);  // the class the round panel explains
      }),
    });
    const summary = document.createElement('summary');
    summary.id = 'more-summary';
    const resetParams = document.createElement('button');
    resetParams.type = 'button';
    resetParams.id = 'reset-params';
    resetParams.className = 'secondary';
    setText(resetParams, 'Reset to defaults');
    this.customLoss = new CustomLossEditor((code) => update((s) => { s.customLoss = code; s.messages.train = ''; }));
    this.form = new ParamsForm($<HTMLFormElement>('params'), $<HTMLSelectElement>('algorithm'), { summary, reset: resetParams }, {
        typed: (name, value) => update((s) => { s.typed[name] = value; s.messages.train = ''; }),
        algorithm: (a) => update((s) => { s.algorithm = a; s.messages.train = ''; }),
        reset: () => update((s) => {
          s.typed = {};
          s.messages.train = '';
        }),
      });
    $<HTMLSelectElement>('chart-data').addEventListener('change', (e) => update((s) => { s.chart.dataId = Number((e.target as HTMLSelectElement).value); }));
    $('clear-runs').addEventListener('click', () => update((s) => {
      const shown = s.chart.dataId || s.data?.id;
      s.runs = s.runs.filter((r) => r.dataId !== shown || r.number === s.current);
    }));
    this.treeIndex.addEventListener('change', () => {
      const m = modelOnShow()?.model;
      const i = Number(this.treeIndex.value);
      const trees = m?.trees ?? 0;
      if (!Number.isInteger(i) || i < 1 || i > trees) {
        update((s) => { s.messages.model = `There is no tree ${this.treeIndex.value}: this model has ${trees.toLocaleString()} tree${trees === 1 ? '' : 's'}, numbered 1 to ${trees.toLocaleString()}.`; });
        this.treeIndex.value = String(this.shownTree());
        return;
      }
      update((s) => { s.tree = i - 1; s.selectedRound = 0; s.messages.model = ''; });
    });
    $('zoom-in').addEventListener('click', () => this.treeView.zoom(0.8));
    $('zoom-out').addEventListener('click', () => this.treeView.zoom(1.25));
    $('zoom-fit').addEventListener('click', () => this.treeView.fit());
    $<HTMLSelectElement>('surface-layer').addEventListener('change', (e) => update((s) => {
      s.surfaceLayer = (e.target as HTMLSelectElement).value === 'width' ? 'width' : 'prediction';
    }));
    $<HTMLSelectElement>('importance-type').addEventListener('change', (e) => update((s) => { s.importanceType = (e.target as HTMLSelectElement).value; }));
    // The model files say they are being written until they arrive (a big forest's JSON takes seconds).
    // Each file is the model of the round picked (its first rounds), as the predictions file is.
    const writeModel = (what: 'model' | 'model-compact' | 'xgboost' | 'xgboost-ubj', name: string) => {
      update((s) => { s.writing = name; });
      client.exportText(what, roundPicked());
    };
    $('download-model').addEventListener('click', () => writeModel('model', 'the model (JSON)'));
    $('download-model-compact').addEventListener('click', () => writeModel('model-compact', 'the compact model (.blm)'));
    $('download-predictions').addEventListener('click', () => client.exportText('predictions', roundPicked(), modelInfoOnShow()?.target ? undefined : store.choice.target,
      modelInfoOnShow()?.classes.length === 2 ? store.threshold : undefined));
    $('download-xgboost').addEventListener('click', () => writeModel('xgboost', 'the XGBoost model (JSON)'));
    $('download-xgboost-ubj').addEventListener('click', () => writeModel('xgboost-ubj', 'the XGBoost model (.ubj)'));
    // Continuing on a cluster starts from the whole model (the script's rounds are added to all of it).
    $('download-scale-model').addEventListener('click', () => client.exportText('xgboost'));
    $('download-scale-rows').addEventListener('click', () => client.exportText('valid-rows'));
    $('download-importance').addEventListener('click', () => client.exportText('importance'));
    // Every row's SHAP values take seconds on a big table: the button says so until the file comes.
    $('download-shap').addEventListener('click', () => {
      this.writingShap = true;
      setHidden($('shap-message'), true);
      this.renderInside();
      client.exportText('shap');
    });
    $('download-scale-script').addEventListener('click', () => {
      const input = $<HTMLInputElement>('scale-rounds');
      const rounds = Number(input.value);
      if (!Number.isInteger(rounds) || rounds < 1) {
        input.setCustomValidity(`More rounds must be a whole number from 1, not "${input.value}".`);
        input.reportValidity();
        return;
      }
      this.scaleEngine = $<HTMLSelectElement>('scale-engine').value as 'dask' | 'spark';
      client.scaleOutScript(this.scaleEngine, rounds, scaleOutFiles(csvName()));
    });
    // SHAP: the row to explain, by its line in the file (typed, or a click on
    // the preview), as the worked table, the notices and the predictions file
    // name rows; and the output shown. A line between that holds no row (blank,
    // left out on reading) is refused by the worker, saying which it is.
    const shapRow = $<HTMLInputElement>('shap-row');
    shapRow.addEventListener('change', () => {
      const n = Number(shapRow.value), { first, last } = store.data?.lines ?? { first: 0, last: 0 };
      if (!Number.isInteger(n) || n < first || n > last) {
        // Said beside the box, not only in the browser's bubble (which shows on Enter, if at all).
        const why = `Explain line takes a line of the file from ${first.toLocaleString()} (the first row after the header) to ${last.toLocaleString()}; still explaining line ${(store.shap.line || first).toLocaleString()}.`;
        shapRow.setCustomValidity(why);
        shapRow.setAttribute('aria-invalid', 'true');
        setText($('shap-message'), why);
        setHidden($('shap-message'), false);
        return;
      }
      shapRow.setCustomValidity('');
      shapRow.removeAttribute('aria-invalid');
      setHidden($('shap-message'), true);
      update((s) => { s.shap.line = n; });
    });
    $('preview').addEventListener('click', (e) => {
      const line = Number((e.target as HTMLElement).closest<HTMLElement>('tbody tr')?.dataset.line);
      if (line > 0) update((s) => { s.shap.line = line; });
    });
    $<HTMLSelectElement>('shap-output').addEventListener('change', (e) => update((s) => { s.shap.output = Number((e.target as HTMLSelectElement).value); }));
    $('scale-engine').addEventListener('change', () => this.renderScaleOut(!$<HTMLButtonElement>('download-model').disabled));
    $('scale-rounds').addEventListener('input', () => $<HTMLInputElement>('scale-rounds').setCustomValidity(''));
    this.treeView.onSelect = (t, id, m, index) => this.inspector.render(t, id, m, index);
    this.inspector.onWhy = (request) => this.client.splitSearch(request);
    subscribe(() => this.render());
  }

  setPanel(panel: CsvPanel) {
    this.panel = panel;
  }

  private shownTree() {
    const m = modelOnShow()?.model;
    const t = this.treeOnShow();
    return t >= 0 ? t + 1 : m?.trees ?? 1;
  }

  // The tree on show, 0-based: the one picked, else the newest round's (-1).
  // A multiclass round has a tree per class: the newest round's for the class
  // the round panel explains, so its leaves are the tree's (it showed the last class's).
  private treeOnShow(): number {
    if (store.tree >= 0) return store.tree;
    // (A paused run's snapshot says how many trees a round grows.)
    const m = modelInfoOnShow();
    if (!m || !m.rounds || m.trees === m.rounds) return -1;
    return treeOfRound(m, m.rounds, store.worked.output);
  }

  render() {
    this.panel?.render(store);
    this.renderEngine();
    this.renderControls();
    this.renderStatus();
    this.form.render(store);
    this.customLoss.render(store);
    this.renderChart();
    this.renderInside();
    this.rounds.render();
    this.ranking.render();
    this.result.render();
    this.dependence.render();
    this.interactions.render();
    this.cv.render();
    this.tune.render();
    // The side-by-side presets train AdaBoost and forests, which do not rank.
    setHidden($('compare-panel'), !!store.data && store.choice.group !== '');
    this.compare.render();
    this.renderSurface();
    this.saveUrl();
  }

  private renderEngine() {
    const c = store.engine.capabilities;
    const caps = $('caps');
    if (store.engine.failed) caps.textContent = `The engine failed to start: ${store.engine.failed}`;
    else if (c) {
      caps.textContent = `Engine: ${c.build} · SIMD ${c.simd ? 'on' : 'off'} · threads ${c.threads ? 'on' : 'off (this server sends no cross-origin isolation headers)'}` +
        (this.threadsAfterReload ? ' · reload the page to train with threads' : '');
      setData(caps, 'threads', String(c.threads));
    }
  }

  // Play, Pause, Step, Stop, Reset from the run's state. Focus never falls
  // to the page: a button that is about to be disabled hands it on.
  private renderControls() {
    const run = currentRun();
    const active = run && (run.status === 'training' || run.status === 'paused') ? run : null;
    const ready = store.engine.ready && !!store.data && !store.loading;
    const playing = active?.status === 'training';
    const b = this.buttons;
    const hadFocus = Object.values(b).includes(document.activeElement as HTMLButtonElement);
    b.play.disabled = !ready || playing || store.starting;
    b.step.disabled = !ready || playing || store.starting;
    b.pause.disabled = !playing;
    b.stop.disabled = !active && !store.starting;  // before round 1: stops the reading again or the binning
    b.reset.disabled = !active;
    // Paused with the form changed since: Play starts anew with the form's parameters (the paused run stops).
    const restart = active?.status === 'paused' && formDiffersFrom(active);
    setText(b.play, active?.status === 'paused' && !restart ? 'Continue' : 'Play');
    b.play.title = restart ? 'The settings changed since this run started: Play stops it and trains a new run with them' : '';
    setData($('model-panel'), 'phase', playing ? 'playing' : active ? 'paused' : 'idle');
    $('algorithm').toggleAttribute('disabled', !!active);
    // The next useful control: Step again after a Step (Enter went to Continue and trained
    // everything), else Pause while playing, else Play (or Continue).
    const focused = document.activeElement as HTMLButtonElement;
    if (hadFocus && focused.disabled) this.handedFrom = focused;
    if ((hadFocus && focused.disabled) || (this.wantFocus && document.activeElement === document.body)) {
      const order = this.handedFrom === b.step ? [b.step, b.pause, b.play] : [b.pause, b.play, b.step];
      const next = order.find((x) => !x.disabled);
      if (next) next.focus();
      this.wantFocus = !next;
    }
  }

  // The run's status line and the numbers of its round: the newest, the one
  // picked on the chart, or with early stopping the round kept.
  private renderStatus() {
    const run = currentRun();
    const onData = run && run.dataId === store.data?.id ? run : null;
    const status = $('train-status'), last = $('last-round'), progress = $<HTMLProgressElement>('progress');
    // For tests: which run the line is about, so a wait can tell this run's rounds from the last one's.
    setData(status, 'run', String(onData?.number ?? 0));
    const message = $('train-message');
    setText(message, store.messages.train);
    setHidden(message, !store.messages.train);
    // Why a run did not start (or stopped before round 1) is said in the model
    // panel: on a phone that is below the data panel, out of sight of the
    // Play and Stop that caused it. A new message scrolls into view if it is not.
    if (store.messages.train && store.messages.train !== this.shownTrainMessage) intoViewIfOff(message, 'center');
    this.shownTrainMessage = store.messages.train;
    const notice = $('train-notice');
    setText(notice, store.messages.notice);
    setHidden(notice, !store.messages.notice);
    this.renderChanges(onData);
    const modelStatus = $('model-status');
    // A model file whose features the loaded data lacks: its trees show, nothing that reads the rows can.
    const lacking = loadedModelLacks();
    // A model trained in XGBoost keeps no target name ("predicting  (xgboost)" said nothing).
    const predicting = store.loadedModel?.model.target ? `predicting ${store.loadedModel.model.target}` : 'predicting a target the file does not name';
    const trainedOn = store.loadedModel?.trainedOn;
    const startsAt = store.loadedModel?.startsAt;
    modelStatus.textContent = store.writing ? `Writing ${store.writing}…` : store.loadedModel
      ? (trainedOn ? `Predicting with ${store.loadedModel.name}, trained on ${trainedOn}: ${store.loadedModel.model.trees} trees ${predicting} (${store.loadedModel.model.algorithm}). ` +
          `It is on show until the next run: ${store.choice.target || store.choice.group ? 'Play' : 'a target picked, Play'} trains a new model on ${store.data?.name ?? 'the data loaded'}.` +
          (startsAt ? ` It trained with starting scores from ${startsAt}: ${store.data?.columns.some((c) => c.name === startsAt) ? 'each row here starts there too'
            : `${store.data?.name ?? 'this file'} has no such column, so its rows start at f₀`}.` : '')
        : `Loaded ${store.loadedModel.name}: ${store.loadedModel.model.trees} trees ${predicting} (${store.loadedModel.model.algorithm}). It is on show until the next run.`) +
        (lacking ? ` It ${lacking}: its trees show, but not its predictions, SHAP values or a round's rows until data with those columns is loaded.` : '')
      : '';
    // A model with no XGBoost form: said beside its (disabled) button.
    const refusal = modelInfoOnShow()?.noXGBoost;
    if (refusal && !store.writing) modelStatus.textContent = `${modelStatus.textContent} ${refusal}`.trim();
    if (store.messages.modelFile && !store.writing) modelStatus.textContent = store.messages.modelFile;
    modelStatus.classList.toggle('warn-text', !!store.messages.modelFile && !store.writing);
    setData(modelStatus, 'failed', store.messages.modelFile ? '1' : '');
    const modelMessage = $('model-message');
    setText(modelMessage, store.messages.model);
    setHidden(modelMessage, !store.messages.model);
    if (store.starting || !onData || !onData.reports.length) {
      // Before round 1 the worker bins every row (tens of seconds for tens of
      // millions), after reading the file again if its numbers were let go: say how far.
      const p = store.preparing, rows = store.data?.rows.toLocaleString() ?? '';
      const share = p ? ` ${Math.floor(p.done * 100)} %` : '';
      const starting = p?.phase === 'reading' ? `Starting a run: reading ${store.data?.name ?? 'the file'} again${share}, then binning ${rows} rows…`
        : `Starting a run: binning ${rows} rows${share}, then round 1…`;
      setText(status, store.starting ? starting : onData ? `Run ${onData.number}: no rounds yet.` : '');
      status.title = status.textContent ?? '';
      setData(status, 'round', '0');
      setData(status, 'phase', store.starting ? p?.phase ?? 'binning' : '');
      setText(last, '');
      progress.max = 1;
      progress.value = store.starting && p ? p.done : 0;
      return;
    }
    const r = onData.reports.at(-1)!;
    // A finished run's bar is full, also when early stopping ended it before its planned rounds.
    const finished = onData.status === 'done' || onData.status === 'stopped';
    progress.max = finished ? Math.max(1, r.round) : onData.plannedRounds;
    progress.value = r.round;
    const times = onData.receivedAt.slice(-20);
    const rate = onData.status === 'training' && times.length > 1 ? (1000 * (times.length - 1)) / (times.at(-1)! - times[0]) : 0;
    let end = '';
    const kept = this.keptRound(onData);
    if (onData.status === 'done' || onData.status === 'stopped') {
      const trees = onData.model?.trees ?? 0;
      const count = `${trees} tree${trees === 1 ? '' : 's'}`;
      end = onData.status === 'stopped' ? ` · stopped: ${count} kept` : ` · done: ${count}`;
      if (kept && kept < r.round) end += ` · early stopping kept round ${kept} of ${r.round}`;
      // AdaBoost ends by itself after a perfect tree (ε = 0: nothing left to reweight) or one no better than
      // chance: said, or a Step after it starts a new run with no word of why the last one ended.
      else if (onData.status === 'done' && r.round < onData.plannedRounds && r.epsilon !== undefined)
        end += r.epsilon <= 0 ? ` · ended at round ${r.round}: its tree made no error on the training rows (ε = 0), so there is nothing left to reweight`
          : ` · ended at round ${r.round}: its tree was no better than chance`;
    }
    // A forest grows its trees on the threads while the page reports them: a
    // report's own milliseconds are the collecting, not the tree ("this round
    // 2.1 ms" beside 11 rounds/s); the pace of the reports is the tree's time.
    // Timings only while it trains: a finished run's last round says little, and the line
    // (one line on a wide screen, cut by an ellipsis: style.css) keeps room for how the run ended.
    const timing = finished ? ''
      : onData.params.algorithm === 'random_forest' ? (rate ? `a tree every ${(1000 / rate).toFixed(0)} ms · ` : '')
      : `this round ${r.ms < 0.1 ? 'under 0.1' : r.ms.toFixed(1)} ms · ${rate ? `${rate.toFixed(0)} rounds/s · ` : ''}`;
    setText(status, `Run ${onData.number} · round ${r.round} of ${onData.plannedRounds} · ${timing}${r.threads} thread${r.threads === 1 ? '' : 's'}${end}`);
    status.title = status.textContent ?? '';  // the whole line, where a wide screen's cuts it
    setData(status, 'threads', String(r.threads));
    setData(status, 'round', String(r.round));
    // Which round's numbers: the one picked, the one kept, else the newest.
    const shown = store.selectedRound && store.selectedRound <= onData.reports.length ? store.selectedRound : kept || r.round;
    const rep = onData.reports[shown - 1];
    const sets = [['train', rep.train], ['valid', rep.valid]] as const;
    const metrics = sets.filter(([, o]) => Object.keys(o).length > 0).map(([name, o]) => `${name} ${fmt(o)}`).join('; ');
    // ε and α in spans of their own: a lesson asking for α blurs it until answered (the text reads the same).
    const ada = rep.epsilon !== undefined ? [' · ε ', span('round-eps', rep.epsilon.toPrecision(4)), ', α ', span('round-alpha', rep.alpha!.toPrecision(4))] : [];
    // DART: how many earlier trees the round left out while it fit its own (then scaled).
    const dart = rep.dropped !== undefined ? [` · ${rep.dropped} earlier tree${rep.dropped === 1 ? '' : 's'} dropped`] : [];
    const what = kept && shown === kept && kept < r.round && (onData.status === 'done' || onData.status === 'stopped')
      ? `Result: round ${kept}, kept by early stopping (the best ${rep.metric}; rounds ${kept + 1}–${r.round} were dropped)`
      : `Round ${shown}`;
    // A model file opened since: the views below are its, these numbers the run's (a file carries no metrics).
    const loaded = store.loadedModel ? ` — Run ${onData.number}'s; the views below show ${store.loadedModel.name}, loaded, whose file carries no metrics` : '';
    const parts: (string | Node)[] = [`${what}: ${metrics || 'no metrics'}`, ...ada, ...dart, loaded];
    if (last.textContent !== parts.map((x) => (typeof x === 'string' ? x : x.textContent)).join('')) last.replaceChildren(...parts);
    setData(last, 'round', String(shown));
  }

  // Settings changed since the run on show started: every panel still shows
  // that run (a new target's numbers would otherwise read as the old run's),
  // and Play or Step starts a new one with them.
  private renderChanges(run: Run | null) {
    const note = $('changed-note'), { params, invalid } = runParams(store.schema, store.algorithm, store.typed);
    const changes = run && !store.starting && !invalid.length ? settingChanges(store.schema, { params, choice: store.choice }, run) : [];
    const next = (store.runs.at(-1)?.number ?? 0) + 1;
    const listed = changes.length > 3 ? [...changes.slice(0, 3), `${changes.length - 3} more`] : changes;
    const finished = run?.status === 'done' || run?.status === 'stopped';
    setText(note, !run || !changes.length ? '' : finished
      ? `Changed since Run ${run.number}: ${listed.join(', ')}. What you see is Run ${run.number}'s; Play or Step starts Run ${next} with the changes.`
      : `Changed since Run ${run.number} started: ${listed.join(', ')}. Run ${run.number} keeps its settings; the changes apply to the next run.`);
    note.title = changes.join('\n');
    setHidden(note, !changes.length);
    setData(note, 'changes', String(changes.length));
    // After a finished run, Step starts a new run rather than adding a round to it.
    this.buttons.step.title = finished ? `Start Run ${next}, one round at a time (Run ${run!.number} is finished)` : 'Train one round';
  }

  // With early stopping, the round the model keeps (1-based), else 0.
  private keptRound(run: Run) {
    return run.earlyStopping ? run.reports.at(-1)?.bestRound ?? 0 : 0;
  }

  private renderChart() {
    const others = new Map<number, { name: string; count: number }>();
    for (const r of store.runs) if (r.dataId !== store.data?.id) others.set(r.dataId, { name: r.dataName, count: (others.get(r.dataId)?.count ?? 0) + 1 });
    const select = $<HTMLSelectElement>('chart-data');
    const dataId = store.chart.dataId && others.has(store.chart.dataId) ? store.chart.dataId : store.data?.id ?? 0;
    const plural = (n: number) => `${n} run${n === 1 ? '' : 's'}`;
    const options = [[store.data?.id ?? 0, `this data (${plural(runsOf(store.data?.id ?? -1).length)})`] as const,
      ...[...others].map(([id, o]) => [id, `earlier: ${o.name} (${plural(o.count)})`] as const)];
    const key = options.map((o) => o.join(':')).join('|');
    if (select.dataset.key !== key) {
      setData(select, 'key', key);
      select.replaceChildren(...options.map(([id, label]) => new Option(label, String(id))));
    }
    select.value = String(dataId);
    setHidden($('chart-data-row'), others.size === 0);
    const runs = runsOf(dataId);
    const current = runs.find((r) => r.number === store.current) ?? null;
    this.chart.render({ runs, current, metric: store.chart.metric, log: store.chart.log, selectedRound: current ? store.selectedRound : 0,
      cv: store.cv && store.cv.dataId === dataId ? store.cv : null, spanCurrent: !!store.lesson });
    // Only when there is something to clear.
    setHidden($('clear-runs'), !runs.some((r) => r !== current));
    // Before any round the chart is empty: say what fills it.
    // A run that does not report the metric drawn has no line: said, not left for the reader to notice.
    const metric = $('loss-chart').dataset.metric ?? '';
    const without = runs.filter((r) => r.reports.length && metric && !(metric in r.reports[0].train) && !(metric in r.reports[0].valid));
    const missing = without.length ? ` ${without.map((r) => `Run ${r.number} (${algorithmName(String(r.params.algorithm ?? 'xgboost'))})`).join(', ')} ` +
      `${without.length === 1 ? 'reports' : 'report'} no ${metric}: pick another metric to see ${without.length === 1 ? 'it' : 'them'}.` : '';
    // Earlier data's runs: only the chart shows them; every panel below stays with the data loaded.
    const earlier = others.get(dataId);
    if (earlier) {
      const run = currentRun(), shown = run && run.dataId === store.data?.id ? run : null;
      setText($('chart-hint'), `These are the runs on ${earlier.name}, data loaded before. Only this chart shows them: the round line, the score ` +
        `and the round's views are ${shown ? `Run ${shown.number}'s, on ${store.data?.name ?? 'the data loaded'}` : `about ${store.data?.name ?? 'the data loaded'}`}` +
        ` (Runs on: "this data" brings its curves back).${missing}`);
    } else {
      setText($('chart-hint'), runs.some((r) => r.reports.length) ? `Click a round to see its numbers and its tree.${missing}`
        : 'Press Play: the loss of every round, on the training and the validation rows, is drawn here as the model trains.');
    }
  }

  // The tree, the importance and the download buttons follow the model on
  // show; they clear when there is none (new data, a Reset).
  private renderInside() {
    const show = modelOnShow();
    const run = currentRun();
    const liveRounds = show?.live ? run?.reports.length ?? 0 : 0;
    const has = !!show && (show.model !== null || liveRounds > 0);
    for (const id of ['download-model', 'download-model-compact', 'download-predictions']) $<HTMLButtonElement>(id).disabled = !has;
    // Another file predicted by a finished model (a run still going has none to keep yet).
    $<HTMLButtonElement>('predict-file').disabled = !has || !!show?.live;
    // A run's model predicting another file: one click back to the data it learnt from.
    const back = store.loadedModel?.trainedOn ? store.trainedOnData : null;
    const away = !!back && !!store.data && (store.data.name !== back.data.name || store.data.rows !== back.data.rows);
    setHidden($('back-to-trained'), !away);
    if (away) setText($('back-to-trained'), `Back to ${back!.data.name}`);
    $<HTMLButtonElement>('download-importance').disabled = !has;
    // SHAP values read the rows: not while a run trains, nor of a model file whose columns the data lacks.
    $<HTMLButtonElement>('download-shap').disabled = !has || this.writingShap || (!!show?.live && run?.status === 'training') || !!loadedModelLacks() || !store.data;
    setText($('download-shap'), this.writingShap ? 'Writing SHAP values of every row…' : 'Download SHAP values of every row (CSV)');
    // A model file that reads columns the data lacks cannot predict its rows: the button said it could, then did nothing here.
    const lacking = loadedModelLacks();
    if (lacking) $<HTMLButtonElement>('download-predictions').disabled = true;
    $('download-predictions').title = lacking ? `${store.loadedModel!.name} ${lacking}` : '';
    for (const id of ['download-xgboost', 'download-xgboost-ubj']) $<HTMLButtonElement>(id).disabled = !has || !!modelInfoOnShow()?.noXGBoost;
    // XGBoost loads such a file but refuses a DataFrame whose columns hold [, ] or < (a reviewer's 'weight [kg]').
    const refused = has ? (modelInfoOnShow()?.features ?? []).map((f) => f.name).filter((n) => /[[\]<]/.test(n)) : [];
    setText($('xgboost-names'), refused.length ? `XGBoost refuses feature names holding [, ] or <: ${refused.slice(0, 3).map((n) => `'${n}'`).join(', ')}` +
      `${refused.length > 3 ? ` and ${refused.length - 3} more` : ''}. It loads the XGBoost file, but xgb.DMatrix of a DataFrame with ` +
      'those columns raises, and the Continue at scale script stops: rename them in the CSV (say \'weight (kg)\') and train again.' : '');
    setHidden($('xgboost-names'), !refused.length);
    const picked = roundPicked();
    // A model file opened by hand predicts (new rows, say): the button names it, as the target picked may be another's.
    const whose = store.loadedModel ? ` of ${store.loadedModel.name}` : '';
    // Two classes cut at the result panel's threshold: the file's classes are at it, and the button says so.
    const cut = modelInfoOnShow()?.classes.length === 2 && store.threshold !== 0.5 ? `, classes at p > ${store.threshold}` : '';
    setText($('download-predictions'), picked ? `Download predictions${whose} at round ${picked}${cut} (CSV)` : `Download predictions${whose}${cut} (CSV)`);
    const at = picked ? ` at round ${picked}` : '';
    setText($('download-model'), `Download model${at} (BoostLab JSON)`);
    setText($('download-model-compact'), `Download compact model${at} (.blm)`);
    setText($('download-xgboost'), `Download as XGBoost model${at}`);
    setText($('download-xgboost-ubj'), `XGBoost model${at} (.ubj)`);
    // The tree follows the round picked; importance and SHAP are the whole model's.
    const rounds = show?.model?.rounds ?? liveRounds;
    const note = $('inside-round-note');
    setText(note, picked ? `The tree is round ${picked}'s; feature importance and SHAP values below are the whole model's (${rounds} rounds).` : '');
    setHidden(note, !picked);
    this.renderScaleOut(has);
    const training = !!show?.live && run?.status === 'training';
    // After the tree and importance are asked for: the worker answers in order, and they are quick.
    const waiting = training || settingUpLesson();
    const shap = () => this.renderShap(has && !waiting, settingUpLesson() ? 'SHAP values appear once the lesson\'s step is set up.' : training ? 'SHAP values appear when the run pauses or ends.'
      : 'Train a model (or load one) to see its SHAP values.', show?.name ?? '', show?.model?.trees ?? liveRounds);
    if (!has) {
      shap();
      if (this.asked !== 'none') {
        this.asked = 'none';
        this.treeView.clear(show ? 'No trees yet.' : 'Train a model (or load one) to see its trees.');
        this.inspector.clear('Click a node of the tree to see its numbers in the formulas.');
        this.importance.render({}, store.importanceType);
        setHidden($('importance-note'), true);
        this.treeIndex.value = '1';
      }
      return;
    }
    // While a run plays, the inside waits for a pause or the end (a snapshot per round would slow it).
    if (show.live && run?.status === 'training') {
      shap();
      return;
    }
    const tree = this.treeOnShow();
    const key = `${show.name}|${show.model?.trees}|${liveRounds}|${tree}|${store.importanceType}`;
    if (key !== this.asked) {
      this.asked = key;
      this.client.tree(tree);
      this.client.importance(store.importanceType);
    }
    shap();
  }

  onWorkerReply(m: FromWorker) {
    switch (m.type) {
      case 'tree': {
        if (!modelOnShow()) return;
        this.treeIndex.max = String(m.model.trees);
        if (m.index < 0 || !m.tree) {
          // The newest tree: ask again with its index.
          if (m.model.trees > 0 && m.index < 0) this.client.tree(m.model.trees - 1);
          else {
            this.treeView.clear(m.model.trees ? `There ${m.model.trees === 1 ? 'is 1 tree' : `are ${m.model.trees} trees`}.` : 'No trees yet.');
            this.inspector.clear('');
          }
          return;
        }
        this.treeIndex.value = String(m.index + 1);
        this.treeView.render(m.tree, m.index, m.model);
        keepSnapshot(m.model);
        return;
      }
      case 'importance':
        if (!modelOnShow() || m.importance !== store.importanceType) return;
        this.importance.render(m.values, m.importance, m.stds, m.error ? `No permutation importance: ${m.error}` : 'No splits yet.');
        setText($('importance-note'), m.note ?? '');
        setHidden($('importance-note'), !m.note);
        return;
      case 'round-detail': {
        if (m.model) keepSnapshot(m.model);
        this.rounds.onDetail(m.detail, m.model, m.error);
        // Kept for the lessons, whose questions are about the rows and leaves of a round (a run's, not a loaded model's).
        const run = store.loadedModel ? undefined : currentRun();
        if (m.detail && run) update((s) => { s.roundDetail = { token: run.token, detail: m.detail! }; });
        return;
      }
      case 'split-search':
        this.inspector.onSearch(m.search, m.error);
        return;
      case 'compare':
        update((s) => { s.compare = { tokens: m.reply.runs.map((r) => r.token), reply: m.reply }; });
        this.compare.onReply(m.reply);
        return;
      case 'ranking':
        this.ranking.onReply(m.detail, m.error);
        return;
      case 'evaluation':
        this.result.onReply(m.key, m.result, m.error);
        return;
      case 'described':
        this.result.onDescribed(m.key, m.summary, m.error);
        return;
      case 'dependence':
        this.dependence.onReply(m.key, m.data, m.error);
        return;
      case 'interactions':
        this.interactions.onReply(m.key, m.data, m.error);
        return;
      case 'cv-round':
        this.cv.onRound(m.token, m.record);
        return;
      case 'cv-done':
        this.cv.onDone(m.token, m.rounds, m.bestRound, m.stopped, m.error);
        return;
      case 'tune-trial':
        this.tune.onTrial(m.token, m.trial, m.best, m.metric, m.largerIsBetter, m.rungs);
        return;
      case 'tune-round':
        this.tune.onRound(m.token, m.trial, m.round);
        return;
      case 'tune-done':
        this.tune.onDone(m.token, m.stopped, m.error, m.importance);
        return;
      case 'shap':
        if (!modelOnShow()) return;
        setText($('shap-message'), m.error);
        setHidden($('shap-message'), !m.error);
        this.shapData[m.purpose === 'summary' ? 'summary' : 'row'] = m.data;
        // Refused (the message says why): no "Computing…" left waiting under it.
        if (m.error && m.purpose === 'summary') this.shapSummary.clear('');
        if (m.error && m.purpose === 'row') this.shapWaterfall.clear('');
        this.drawShap();
        return;
      case 'export': {
        const base = fileBase(store.data?.name);
        const files = scaleOutFiles(csvName());
        if (m.what === 'model' || m.what === 'model-compact' || m.what === 'xgboost' || m.what === 'xgboost-ubj') update((s) => { s.writing = ''; });
        // A model of the first rounds says so in its name (the whole model's keeps the name the scale-out script reads).
        const cut = m.round ? `-round-${m.round}` : '';
        // A run's model kept to predict another file is named after the data it was trained on.
        const modelBase = store.loadedModel?.trainedOn ? fileBase(store.loadedModel.trainedOn) : base;
        if (m.what === 'model') download(`${modelBase}-model${cut}.json`, m.text, 'application/json');
        else if (m.what === 'model-compact') download(`${modelBase}-model${cut}.blm`, m.text, 'application/octet-stream');
        else if (m.what === 'xgboost') download(files.model.replace(/\.json$/, `${cut}.json`), m.text, 'application/json');
        else if (m.what === 'xgboost-ubj') download(files.model.replace(/\.json$/, `${cut}.ubj`), m.text, 'application/ubjson');
        else if (m.what === 'valid-rows') download(files.validRows, m.text, 'text/plain');
        else if (m.what === 'scale-out') download(`continue_${this.scaleEngine}.py`, m.text, 'text/x-python');
        else if (m.what === 'round-csv') download(`${base}-round-${m.round || 'newest'}.csv`, m.text, 'text/csv');
        else if (m.what === 'importance') download(`${base}-importance.csv`, m.text, 'text/csv');
        else if (m.what === 'shap') {
          this.writingShap = false;
          this.renderInside();
          if (m.error) {
            setText($('shap-message'), m.error);
            setHidden($('shap-message'), false);
          } else download(`${base}-shap.csv`, m.text, 'text/csv');
        }
        else download(m.round ? `${base}-predictions-round-${m.round}.csv` : `${base}-predictions.csv`, m.text, 'text/csv');
        return;
      }
    }
  }

  // SHAP values follow the model on show and the row picked; asked for once
  // per model and row (a run that trains asks when it pauses or ends).
  private renderShap(ready: boolean, why: string, name: string, trees: number) {
    const lines = store.data?.lines ?? { first: 1, last: 1 };
    const line = store.shap.line || lines.first;  // 0: the first row
    const rowInput = $<HTMLInputElement>('shap-row');
    if (document.activeElement !== rowInput) setValue(rowInput, String(line));  // not while the user types
    setAttr(rowInput, 'min', String(lines.first));
    setAttr(rowInput, 'max', String(Math.max(lines.first, lines.last)));
    for (const tr of Array.from($<HTMLTableElement>('preview').tBodies[0]?.rows ?? []))
      tr.classList.toggle('explained', tr.dataset.line === String(line));
    if (!ready || !store.data) {
      if (this.shapAsked !== why) {
        this.shapAsked = why;
        this.shapData = { summary: null, row: null };
        setHidden($('shap-message'), true);
        this.shapSummary.clear(why);
        this.shapWaterfall.clear('');
      }
      return;
    }
    const model = `${store.data.id}|${name}|${trees}`;
    const key = `${model}|${store.shap.line}`;
    if (key === this.shapAsked) {
      if (this.shapOutputDrawn !== store.shap.output) this.drawShap();
      return;
    }
    if (!this.shapAsked.startsWith(model + '|')) {
      this.shapData.summary = null;
      this.shapSummary.clear('Computing SHAP values…');
      this.client.shap('summary', 0);
    }
    this.shapAsked = key;
    this.shapData.row = null;
    this.client.shap('row', store.shap.line);
  }

  private drawShap() {
    const d = this.shapData.summary ?? this.shapData.row;
    if (!d) return;
    const select = $<HTMLSelectElement>('shap-output');
    const multi = d.outputs > 1;
    setHidden($('shap-output-row'), !multi);
    // The outputs' names: classes, or the quantiles of a model of several.
    const shown = { classes: d.classes, quantiles: modelInfoOnShow()?.quantiles };
    const labels = Array.from({ length: multi ? d.outputs : 0 }, (_, k) => outputName(shown, k));
    const names = labels.join(',');
    if (select.dataset.names !== names) {
      select.replaceChildren(...labels.map((label, k) => new Option(label, String(k))));
      select.dataset.names = names;
    }
    const output = Math.min(store.shap.output, d.outputs - 1);
    select.value = String(output);
    this.shapOutputDrawn = store.shap.output;
    // A forest votes probabilities: its SHAP values are in probability, not log-odds.
    const forest = modelOnShow()?.model?.algorithm === 'random_forest';
    const what = multi ? (d.classes.length ? `${forest ? 'probability' : 'score'} of class ${d.classes[output]}` : `prediction of ${outputName(shown, output)}`)
      : d.classes.length === 2 ? binaryScale(modelInfoOnShow(), d.classes[1]) : 'added to the prediction';
    if (this.shapData.summary) this.shapSummary.render(this.shapData.summary, output, what);
    if (this.shapData.row) this.shapWaterfall.render(this.shapData.row, output, what);
  }

  // The scale-out panel: the buttons follow the model on show; toy data has no
  // file for a cluster to read, and a file read leaving ragged rows out is not
  // the table a cluster would read (pandas pads a short row with missing
  // values and refuses a long one, and the held-out rows' numbers would shift).
  private renderScaleOut(has: boolean) {
    const toy = !!store.data?.toy;
    const ragged = !!store.data?.skipRaggedRows;
    // Rows with no target were left out of the run (not for ranking); the script would read them, and XGBoost refuses a missing label.
    const run = currentRun(), choice = run && !store.loadedModel ? run.choice : null;
    const unlabelled = choice && !choice.group ? store.data?.columns.find((c) => c.name === choice.target)?.missing ?? 0 : 0;
    const refusal = modelInfoOnShow()?.noXGBoost ?? '';
    for (const id of ['download-scale-script', 'download-scale-model', 'download-scale-rows'])
      $<HTMLButtonElement>(id).disabled = !has || toy || ragged || unlabelled > 0 || !!refusal;
    const engine = $<HTMLSelectElement>('scale-engine').value;
    const files = scaleOutFiles(csvName());
    setText($('scale-status'), !has ? 'Train a model (or load one) to carry it to a cluster.'
      : refusal ? refusal
      : toy ? 'Toy data lives only in this page: load a CSV to continue at scale.'
      : ragged ? `This page left out ${csvName()}'s rows of the wrong width (see the notes under its name); a cluster reading the file would not. Mend those lines, load the file again and train, then continue at scale.`
      : unlabelled > 0 ? `This run left out ${unlabelled.toLocaleString()} rows of ${csvName()} with no ${choice!.target}; a cluster reading the file would not, and XGBoost refuses a missing label. Remove those rows from the file, load it again and train, then continue at scale.`
      : `Put the three files beside ${files.csv} and run: python3 continue_${engine}.py `
        + `(it writes ${files.output}; Spark needs Java 17). --help lists the options: another CSV, a cluster's address, more rounds.`);
    // A bundled sample is not on the user's disk: the link saves it.
    const sample = /^sample:(\w+)$/.exec(store.data?.source ?? '')?.[1];
    const link = $<HTMLAnchorElement>('scale-sample');
    setHidden(link, !has || !sample);
    if (sample && link.getAttribute('href') !== `datasets/${sample}.csv`) {
      link.setAttribute('href', `datasets/${sample}.csv`);
      link.textContent = `Save the sample ${sample}.csv`;
    }
  }

  // Toy data: the newest round's surface of the current run, drawn at most
  // once per frame (the store renders once per frame).
  private renderSurface() {
    const d = store.data;
    const run = currentRun();
    const onData = run && d && run.dataId === d.id ? run : null;
    // The round panel's frame (the round picked, or the newest with its stages) once the run is not playing.
    const wanted = store.selectedRound || onData?.reports.length;
    const scrubbed = store.scrubFrame?.round === wanted && onData?.status !== 'training' ? store.scrubFrame : null;
    const frame = scrubbed ?? onData?.frame ?? null;
    setHidden($('surface-box'), !d?.toy);
    setText($('surface-title'), d?.toy?.dims === 1 ? 'Stages of the model, S₀ to Sₜ' : 'Prediction surface');
    $('surface-box').parentElement!.classList.toggle('no-surface', !d?.toy);
    const key = frame ?? `${d?.id}|${onData?.number}`;
    // A model of several quantiles (a run in progress has no model info yet: its parameters say).
    const asked = onData?.params.quantile_alpha;
    const quantiles = (onData?.params.objective === 'reg:quantileerror' && Array.isArray(asked) ? asked : modelInfoOnShow()?.quantiles) ?? [];
    const banded = !!d?.toy && d.toy.dims !== 1 && !d.toy.classification && quantiles.length > 1 && !!frame;
    setHidden($('surface-layer-row'), !banded);
    setValue($<HTMLSelectElement>('surface-layer'), store.surfaceLayer);
    if (key === this.drawnFrame && store.surfaceLayer === this.drawnLayer) return;
    // While playing, frames are skipped so drawing takes at most a third of
    // the main thread's time (and never two frames in a row); the newest
    // frame is drawn when the wait is over, and always at the end.
    const wait = Math.max(50, 2 * this.surface.lastCost) - (performance.now() - this.drawnAt);
    if (frame && onData?.status === 'training' && (wait > 0 || this.drawing)) {
      if (!this.redrawTimer) this.redrawTimer = window.setTimeout(() => { this.redrawTimer = 0; update(() => {}); }, Math.max(wait, 16));
      return;
    }
    this.drawnFrame = key;
    this.drawnLayer = store.surfaceLayer;
    if (!d?.toy) this.surface.clear('Pick toy data (2 features) to watch the model\'s picture form round by round.');
    else if (!frame) this.surface.clear('Train to see the prediction surface.');
    else {
      // In a task of its own when the page is idle, after the rest has
      // rendered: the main thread is never busy with both at once.
      const toy = d.toy, algorithm = String(onData!.params.algorithm ?? 'xgboost');
      this.drawing = true;
      requestIdleCallback(() => {
        if (this.drawnFrame !== frame) {
          // superseded
        } else if (toy.dims === 1) {
          // One feature: the stage view; a live frame has only S_t and the rows' F_t.
          const grid = Float32Array.from({ length: frame.width }, (_, i) => toy.range.x[0] + ((i + 0.5) / frame.width) * (toy.range.x[1] - toy.range.x[0]));
          // Several quantiles: a curve each (the frame holds K margins a point).
          const band = quantiles.length > 1 && frame.grid.length === quantiles.length * frame.width && frame.predictions
            ? quantileStages(grid, frame.grid, frame.predictions, quantiles) : null;
          this.stageView.draw(toy, frame.round, band ?? frame.stages ?? { x: grid, curves: frame.grid, before: frame.predictions }, algorithm);
        } else this.surface.draw(toy, frame.round, frame.grid, frame.width, frame.predictions, frame.weights, algorithm, frame.drawn,
          banded ? { quantiles, layer: store.surfaceLayer } : undefined);
        this.drawnAt = performance.now();
        this.drawing = false;
      }, { timeout: 250 });
    }
  }

  private saveUrl() {
    // Before data, a link's hash stays as it came (a file link waits for its file); while data loads, the
    // address bar keeps what it said (a link pasted into the tab, whose data is on its way).
    if (!store.engine.ready || !store.data || store.loading || store.linkPending) return;
    const c = store.choice;
    writeHash({ data: store.data.source, delimiter: store.data.delimiterChoice, target: c.target, task: c.task, ignore: c.ignore, weight: c.weight, group: c.group,
      classWeights: c.classWeights || undefined, baseMargin: c.baseMargin || undefined, validFraction: c.validFraction, seed: c.seed, validSplit: c.validSplit === 'random' ? undefined : c.validSplit, params: runParams(store.schema, store.algorithm, store.typed).params,
      metric: store.chart.metric, log: store.chart.log, lesson: store.lesson?.id, step: store.lesson?.step });
  }
}

// A file name's stem, safe in a download name.
function fileBase(name: string | undefined) {
  return (name || 'boostlab').replace(/\.csv.*$/, '').replace(/[^\w.-]+/g, '_');
}

// The loaded CSV's file name ('auto_mpg.csv' for the sample, not its label).
function csvName() {
  return (store.data?.name ?? 'data.csv').replace(/ \(sample\)$/, '');
}

// The files the scale-out script looks for beside the CSV, and the one it writes.
function scaleOutFiles(csv: string) {
  const base = fileBase(csv);
  return { csv, model: `${base}-xgboost.json`, validRows: `${base}-valid-rows.txt`, output: `${base}-continued-xgboost.json` };
}
