// Wiring only: DOM events and worker replies change the store (state.ts);
// the views render from it (views.ts).
import './style.css';
import { currentRun, formDiffersFrom, modelOnShow, roundPicked, runsOf, sameParams, store, subscribe, update, updateSoon, type DataChoice, type LoadedData } from './state';
import { WorkerClient } from './worker/client';
import type { FromWorker, KeepModel, SurfaceRequest } from './worker/messages';
import { choiceFor, choiceToSend, CsvPanel, dateColumns, strayWords, takesBaseMargin } from './ui/csv-panel';
import { fitAlgorithmToData, runParams, specsFor } from './ui/params-form';
import { makeToy, TOY_KINDS, type ToyData, type ToyKind } from './ui/toy-data';
import { presetRuns, PRESET_LABELS, type PresetName } from './presets';
import { acceptHash, readHash, type ReadHashResult } from './url-state';
import { intoViewIfOff, scrollBehavior } from './ui/dom';
import { lossCode } from './ui/custom-loss';
import { runLabel } from './run-names';
import { Views } from './views';
import { lessonById, LESSONS, type LessonSetup } from './lessons/catalog';
import { LessonPanel } from './lessons/lesson-panel';
import { DEMO } from './lessons/landing-picture';
import type { ParamValue } from './worker/messages';

const $ = <T extends HTMLElement>(id: string) => document.getElementById(id) as T;
const LESSON_IDS = LESSONS.map((l) => l.id);
const sourceSelect = $<HTMLSelectElement>('source');

// The bundled samples (web/public/datasets, copied there by scripts/build.sh);
// the source picker lists them from here.
const SAMPLES: Record<string, { file: string; name: string; label: string; target: string; ignore: string[]; about: string; group?: string }> = {
  auto_mpg: { file: 'datasets/auto_mpg.csv', name: 'auto_mpg.csv (sample)', label: 'auto_mpg: fuel economy of 398 cars (regression)', target: 'Miles_per_Gallon', ignore: ['Name'],
    about: 'Auto MPG, UCI Machine Learning Repository (Quinlan 1993), via the Vega datasets (BSD-3-Clause).' },
  spam: { file: 'datasets/spam.csv', name: 'spam.csv (sample)', label: 'spam: 4,601 e-mails, spam or not (binary)', target: 'type', ignore: [],
    about: 'Spambase, UCI Machine Learning Repository (Hopkins, Reeber, Forman, Suermondt 1999), CC BY 4.0.' },
  letter: { file: 'datasets/letter.csv', name: 'letter.csv (sample)', label: 'letter: 20,000 letter images, 26 classes (multiclass)', target: 'lettr', ignore: [],
    about: 'Letter Recognition, UCI Machine Learning Repository (Frey & Slate 1991), CC BY 4.0.' },
  penguins: { file: 'datasets/penguins.csv', name: 'penguins.csv (sample)', label: 'penguins: 344 penguins, 3 species, categories with gaps (multiclass)', target: 'species', ignore: [],
    about: 'Palmer penguins (Horst, Hill & Gorman 2020; Palmer Station LTER), via the palmerpenguins package, CC0.' },
  diamonds: { file: 'datasets/diamonds.csv', name: 'diamonds.csv (sample)', label: 'diamonds: 53,940 prices, with categories (regression)', target: 'price', ignore: [],
    about: 'Diamonds, from the ggplot2 R package (MIT license).' },
  rank: { file: 'datasets/rank_train.csv', name: 'rank_train.csv (sample)', label: 'rank: 3,005 documents in 201 queries, relevance 0–4 (ranking)',
    target: 'relevance', ignore: [], group: 'qid',
    about: 'The learning-to-rank example of the LightGBM repository (MIT license); where its documents come from is not stated.' },
};
$('sample-options').replaceChildren(...Object.entries(SAMPLES).map(([key, s]) => new Option(s.label, `sample:${key}`)));

// Data being read by the worker: it becomes store.data when the worker has
// read it, and is forgotten if it could not be read.
interface PendingLoad {
  name: string; source: string; about: string; toy: ToyData | null; file: Blob; delimiterChoice: string;
  preferred?: Partial<DataChoice>;
  skipRaggedRows?: boolean;
  missingValues?: string[];
  dateParts?: string[];
  keep?: KeepModel;  // the model on show is kept to predict this file
}
let pending: (PendingLoad & { id: number }) | null = null;  // the newest load; id: the worker's (WorkerClient.load)
// Every load asked of the worker and not yet answered, by id: an older one can still land (read before the
// newer reached the worker), and then it is the worker's table, so the page shows it, under its own name.
const inFlight = new Map<number, PendingLoad>();
// Data picked by the person (a sample, a file, toy data), counted as picked: a sample's fetch that
// another pick overtook is dropped, and the link's data does not load over a pick made before 'ready'.
let picks = 0;
// The load that failed on a ragged row, to read again without such rows
// (store.messages.dataRagged says the offer is on).
let raggedLoad: PendingLoad | null = null;
// What the notice says once the newest load lands: that it stopped a run, or nothing (the last run's
// notes, such as rows it left out, were about the data before).
let loadNotice = '';
// A run stopped for a load names the round it stopped at; the round in flight when the stop
// came still lands after it: once the run is done the notice says again with its last round.
const stopNotices = new Map<number, { say: (rounds: number) => string; said: string }>();  // by run token
function sayStopped(token: number, rounds: number, say: (rounds: number) => string) {
  const said = say(rounds);
  stopNotices.set(token, { say, said });
  return said;
}
// A link's data choice, applied to the first data that has those columns;
// what it held that the page does not have, said when that data lands.
let linkChoice: Partial<DataChoice> | undefined;
let linkNotice = '';
let dataCount = 0;
let runCount = 0;
let tokenCount = 0;
let pendingRun: { token: number; params: Record<string, ParamValue>; choice: DataChoice; mode: 'play' | 'step'; group: number } | null = null;
let groupCount = 0;

const client = new WorkerClient(new URL('boostlab/', document.baseURI).href, onMessage);

// A paused run stopped because Play or Step was pressed with other parameters: its token, and the new run's mode.
let restartAfterStop: { token: number; mode: 'play' | 'step' } | null = null;

const inProgress = () => {
  const run = currentRun();
  return run && (run.status === 'training' || run.status === 'paused') ? run : null;
};

// Every way data arrives comes here. A run in progress is stopped first and
// the page says so: the run and the data stay in step. (Its model goes with its
// data; its curve stays on the chart, under "Runs on".)
function loadData(next: PendingLoad) {
  const run = inProgress();
  update((s) => {
    if (run) {
      client.stop();
      const earlier = s.data?.name ?? run.dataName;
      s.messages.notice = sayStopped(run.token, run.reports.length, (rounds) =>
        `Run ${run.number} was stopped at round ${rounds} to load ${next.name}; its loss curve stays on the chart (Runs on: "earlier: ${earlier}").`);
    }
    loadNotice = run ? s.messages.notice : '';
    s.loading = next.name;
    s.loadProgress = { bytes: 0, size: next.file.size, rows: 0 };
    s.messages.dataRagged = false;
  });
  raggedLoad = null;
  pending = { ...next, id: client.load(next.name, next.file, { delimiter: next.delimiterChoice, skipRaggedRows: next.skipRaggedRows ?? false, missingValues: next.missingValues ?? [],
    dateParts: next.dateParts ?? [] }, next.keep) };
  inFlight.set(pending.id, next);
}

function loadFile(file: File, keep?: KeepModel) {
  ++picks;
  sourceSelect.value = '';  // the user's own file: no sample or toy data named as the source
  $('toy-controls').hidden = true;
  // Past the first screen: "Where to start" gives its place to the data panel (it kept the file's notes and errors
  // below the fold). A lesson's card stays.
  update((s) => { s.landing = false; });
  loadData({ name: file.name, source: `file:${file.name}`, about: '', toy: null, file, delimiterChoice: 'auto', preferred: keep ? undefined : linkChoice, keep });
}

function loadSample(key: string, delimiterChoice = 'auto') {
  const s = SAMPLES[key];
  const pick = ++picks;
  fetch(s.file)
    .then((r) => (r.ok ? r.blob() : Promise.reject(new Error(`${s.file}: HTTP ${r.status}`))))
    .then((file) => pick === picks && loadData({ name: s.name, source: `sample:${key}`, about: s.about, toy: null, file, delimiterChoice,
      preferred: linkChoice ?? { target: s.target, ignore: s.ignore, group: s.group ?? '' } }))
    .catch((e) => update((st) => { st.messages.data = `The sample dataset could not be loaded: ${e.message}`; st.linkPending = false; }));
}

function loadToy(kind: ToyKind) {
  ++picks;
  const spec = { kind, n: Number($<HTMLInputElement>('toy-n').value), noise: Number($<HTMLInputElement>('toy-noise').value), seed: Number($<HTMLInputElement>('toy-seed').value) };
  const toy = makeToy(spec);
  loadData({ name: `toy: ${kind}`, source: `toy:${kind}:${spec.n}:${spec.noise}:${spec.seed}`, about: `Generated in this page: ${spec.n} points, noise ${spec.noise}, seed ${spec.seed}.`,
    toy, file: new Blob([toy.csv]), delimiterChoice: 'auto', preferred: linkChoice ?? { target: 'y', ignore: [] } });
}

// Data the page had loaded, loaded again with the choices made on it (target, split, roles): the student's
// own file for a lesson's step, or what the page held before a lesson, on leaving it. A file is read again
// from the File the page keeps; toy data is made again from its seed (the same points).
function reopen(d: LoadedData, choice: DataChoice) {
  if (d.toy) {
    loadSource(d.source);
    return;
  }
  ++picks;
  sourceSelect.value = d.source.startsWith('sample:') ? d.source : '';
  $('toy-controls').hidden = true;  // (a toy's points, noise and seed stood beside a file)
  loadData({ name: d.name, source: d.source, about: d.about, toy: null, file: d.file, delimiterChoice: d.delimiterChoice, preferred: choice,
    skipRaggedRows: d.skipRaggedRows, missingValues: d.missingValues, dateParts: d.dateParts });
}

// Loads what a link's data= names. A file cannot come from a link: the page
// keeps the link's settings, names the file and waits for it.
function loadSource(data: string | undefined, delimiter = 'auto') {
  const [kind, a, b, c, d] = (data ?? '').split(':');
  if (kind === 'toy' && (TOY_KINDS as readonly string[]).includes(a)) {
    $<HTMLInputElement>('toy-n').value = b ?? '400';
    $<HTMLInputElement>('toy-noise').value = c ?? '0.15';
    $<HTMLInputElement>('toy-seed').value = d ?? '0';
    sourceSelect.value = `toy:${a}`;
    $('toy-controls').hidden = false;
    loadToy(a as ToyKind);
    return;
  }
  if (kind === 'file') {
    const name = (data ?? '').slice('file:'.length);
    sourceSelect.value = '';
    update((s) => { s.messages.dataWait = `This link was made with the file ${name}. Open it (Open a CSV… or drop it here) to reproduce the run: the link's target, split, algorithm and parameters are set and wait for it.`; });
    return;
  }
  const key = kind === 'sample' && Object.hasOwn(SAMPLES, a) ? a : 'auto_mpg';
  sourceSelect.value = `sample:${key}`;
  loadSample(key, kind === 'sample' ? delimiter : 'auto');
}

// Starts a preset's runs: the first now, the others as each one ends.
function startPreset(name: PresetName) {
  if (!store.data || store.starting || store.loading || inProgress()) return;
  // The rounds the field shows: typed, else the algorithm's default (it trained 20 while the field said 100).
  const rounds = store.typed.rounds || String(specsFor(store.schema, store.algorithm).find((p) => p.name === 'rounds')?.default ?? 100);
  const runs = presetRuns(name, rounds, store.typed.seed);
  const group = ++groupCount;
  update((s) => {
    s.queue = { runs: runs.slice(1), group, name, total: runs.length };
    s.groups[group] = PRESET_LABELS[name];
    s.algorithm = runs[0].algorithm;
    s.typed = { ...runs[0].typed };
  });
  startRun('play', group);
}

// The preset's next run, once the one before it has ended well; any other end stops the preset.
function nextInQueue(previousEnded: boolean) {
  const q = store.queue;
  if (!q.runs.length) return;
  if (!previousEnded) {
    update((s) => { s.queue = { runs: [], group: 0, name: '', total: 0 }; });
    return;
  }
  const [next, ...rest] = q.runs;
  update((s) => {
    s.queue = { ...q, runs: rest };
    s.algorithm = next.algorithm;
    s.typed = { ...next.typed };
  });
  startRun('play', q.group);
}

function startRun(mode: 'play' | 'step', group = 0) {
  if (!store.data || store.starting || store.loading) return;
  if (!store.choice.target && !store.choice.group) {  // new rows for a model: nothing to learn from until a target is picked
    update((s) => { s.messages.train = `Not started: pick the column to predict under Target (${store.data!.name} is open with none, for the model to predict).`; });
    return;
  }
  const { params, invalid } = runParams(store.schema, store.algorithm, store.typed);
  if (invalid.length) {
    update((s) => { s.messages.train = `Not started: ${invalid.join('; ')}.`; });
    return;
  }
  const token = ++tokenCount;
  const choice = choiceToSend(store.data, store.choice);
  pendingRun = { token, params, choice, mode, group };
  update((s) => {
    s.starting = true;
    s.preparing = null;
    s.messages.train = '';
    s.messages.data = '';  // a failed load's message is history once the user trains on what is loaded
    s.messages.dataWait = '';
    s.messages.dataRagged = false;
    s.messages.notice = '';
  });
  const toy = store.data.toy;
  const surface: SurfaceRequest | undefined = !toy || store.data.rows > 20000 ? undefined
    : toy.dims === 1 ? { x: toy.range.x, y: toy.range.y, n: 200, dims: 1 } : { x: toy.range.x, y: toy.range.y, n: 64 };
  client.train(token, { ...choice, params, ...(params.objective === 'custom' ? { lossCode: lossCode(store) } : {}) }, mode, surface, group > 0);
}

const runOf = (token: number) => store.runs.find((r) => r.token === token);

// ---- Lessons: a step's setup brought about one action at a time -------------
// The target (data, algorithm, parameters, rounds trained) is compared with the
// page after every worker reply, and the next missing piece asked for: load the
// data, stop a run that is not the step's, start the step's run, step it on. The
// lesson's panel asks its question once the target is reached.
let lessonTarget: (LessonSetup & { forLesson: boolean }) | null = null;
// The student's own file, the newest loaded, and the choices made on it: a lesson's step can be done on
// it even after the lesson moved the page to its own data (reconcileLesson reads it again).
let ownFile: { data: LoadedData; choice: DataChoice } | null = null;
// The page before a lesson moved it to the lesson's data and settings: its data, the choices made on them,
// the algorithm and the typed parameters (null: nothing loaded then, as when a lesson's link opened the page).
let beforeLesson: { data: LoadedData; choice: DataChoice; algorithm: string; typed: Record<string, string> } | null = null;
const LESSON_SOURCES = new Set(LESSONS.flatMap((l) => l.steps.map((step) => step.setup.data)));
let lessonLoad = '';   // the source asked for (asked once)
let lessonStepAsked = -1;  // the round count at which a Step was sent


function setUp(target: LessonSetup, forLesson: boolean) {
  lessonTarget = { ...target, forLesson };
  lessonLoad = '';
  lessonStepAsked = -1;
  reconcileLesson();
}

function reconcileLesson() {
  const t = lessonTarget;
  if (!t || !store.engine.ready || store.loading || store.starting) return;
  if (store.data?.source !== t.data) {
    if (lessonLoad !== t.data) {
      lessonLoad = t.data;
      const own = ownFile?.data.source === t.data ? ownFile : null;
      if (own) reopen(own.data, own.choice);
      else loadSource(t.data);
    }
    return;
  }
  if (t.preset) {
    reconcilePreset(t, t.preset);
    return;
  }
  const wanted = runParams(store.schema, t.algorithm, t.params).params;
  const run = currentRun();
  // 'done' short of the rounds: the engine ended it (a perfect AdaBoost tree): the step is about that run.
  const ours = run && run.dataId === store.data.id && sameParams(run.params, wanted) && run.reports.length <= t.rounds &&
    (run.status === 'paused' || run.status === 'training' || run.status === 'done' || run.reports.length === t.rounds) ? run : undefined;
  if (!ours) {
    if (inProgress()) {
      client.stop();
      return;
    }
    update((s) => {
      s.algorithm = t.algorithm;
      s.typed = { ...t.params };
      s.landing = s.landing && !t.forLesson;
    });
    const planned = Number(t.params.rounds ?? wanted.rounds);
    // A Step start trains round 1 by itself: the next Step is asked at one round.
    lessonStepAsked = 0;
    startRun(t.rounds >= planned ? 'play' : 'step');
    return;
  }
  if ((ours.reports.length >= t.rounds && ours.status !== 'training') || ours.status === 'done') {
    lessonTarget = null;
    if (t.forLesson) update((s) => { if (s.lesson) { s.lesson.ready = true; s.lesson.run = ours.token; } });
    return;
  }
  if (ours.status === 'paused' && lessonStepAsked !== ours.reports.length) {
    lessonStepAsked = ours.reports.length;
    if (t.rounds >= ours.plannedRounds) {  // to the end: play, not a Step a round
      update(() => { ours.status = 'training'; });
      client.play();
    } else client.step();
  }
}

// A preset step: the newest preset group on the data, when it is this preset's with every run at
// the step's rounds, is the step's; else one is trained (a run of another kind stopped first).
function reconcilePreset(t: LessonSetup & { forLesson: boolean }, preset: PresetName) {
  const runs = store.runs.filter((r) => r.dataId === store.data!.id && r.group > 0);
  const last = runs.at(-1)?.group ?? 0;
  const group = runs.filter((r) => r.group === last);
  const planned = presetRuns(preset, String(t.rounds), undefined).length;
  const ours = last > 0 && store.groups[last] === PRESET_LABELS[preset] && group.length === planned;
  if (ours && group.every((r) => r.status === 'done' && r.reports.length === t.rounds)) {
    lessonTarget = null;
    if (t.forLesson) update((s) => { if (s.lesson) { s.lesson.ready = true; s.lesson.run = group.at(-1)!.token; } });
    return;
  }
  if (store.queue.runs.length || (inProgress()?.group === last && last > 0 && store.groups[last] === PRESET_LABELS[preset])) return;  // under way
  if (inProgress()) {
    client.stop();
    return;
  }
  update((s) => {
    s.typed = { ...s.typed, rounds: String(t.rounds) };
    s.landing = s.landing && !t.forLesson;
  });
  startPreset(preset);
}

// own: on the student's loaded file (the step allows it: lesson-panel's ownTaskFits), not the step's data.
function openLesson(id: string, step: number, own = false) {
  const lesson = lessonById(id);
  if (!lesson) return;
  // Entering the lessons: what the page holds now, given back on leaving. Not when moving between steps, nor
  // from the lessons' list with a lesson's data still on the page (the header's Lessons, in the middle of one).
  const onLessonData = beforeLesson && store.data && LESSON_SOURCES.has(store.data.source);
  if (!store.lesson && !onLessonData) beforeLesson = store.data && !store.loading
    ? { data: store.data, choice: { ...store.choice }, algorithm: store.algorithm, typed: { ...store.typed } } : null;
  const index = Math.max(0, Math.min(step, lesson.steps.length - 1));
  const file = own && ownFile ? ownFile.data.source : '';
  update((s) => {
    s.lesson = { id, step: index, ready: false, run: 0, answer: '', verdict: '', shown: false, tried: [], own: file };
    s.landing = false;
  });
  const setup = lesson.steps[index].setup;
  setUp(file ? { ...setup, data: file } : setup, true);
}

// What a link sets besides its data and lesson: the algorithm, its parameters, the chart's metric and scale,
// and the data choice (target, split…) for the data when it lands; what the page cannot take is said then.
// change: how the store takes it (update; or, for a link pasted into the open tab, in place, drawn when its data's
// load starts: drawn before, the page wrote its old data back into the address bar over the link).
function takeLink(url: ReadHashResult, change: (fn: (s: typeof store) => void) => void = update) {
  linkNotice = url.dropped.length ? `This link's ${url.dropped.join(', ')} ${url.dropped.length > 1 ? 'are' : 'is'} not something the page has: the default is used instead.` : '';
  change((s) => {
    if (typeof url.params.algorithm === 'string') s.algorithm = url.params.algorithm;
    s.typed = Object.fromEntries(Object.entries(url.params).filter(([k]) => k !== 'algorithm').map(([k, v]) => [k, String(v)]));
    s.chart.metric = url.metric ?? '';
    s.chart.log = url.log ?? false;
  });
  linkChoice = url.target || url.task || url.classWeights || url.validFraction !== undefined || url.seed !== undefined || url.validSplit
    ? { target: url.target, ignore: url.ignore ?? [], weight: url.weight, classWeights: url.classWeights, baseMargin: url.baseMargin, group: url.group, task: url.task,
        validFraction: url.validFraction, seed: url.seed, validSplit: url.validSplit ?? 'random' }
    : undefined;
}

function onMessage(m: FromWorker) {
  handle(m);
  reconcileLesson();
}

function handle(m: FromWorker) {
  switch (m.type) {
    case 'ready': {
      const url = readHash(m.schema, Object.keys(SAMPLES), TOY_KINDS, LESSON_IDS);
      update((s) => {
        s.engine = { ready: true, failed: '', capabilities: m.capabilities };
        s.schema = m.schema;
      });
      takeLink(url);
      $('caps').dataset.isolated = String(m.crossOriginIsolated);
      // A lesson's link sets its step up itself; a first open (no link) offers the lessons.
      if (url.lesson && picks === 0) {
        openLesson(url.lesson, url.step ?? 0);
        break;
      }
      if (!location.hash) update((s) => { s.landing = true; });
      // Data picked while the engine started (a sample chosen at once) is what the person wants, not the link's.
      if (picks === 0) loadSource(url.data, url.delimiter);
      break;
    }
    case 'load-progress':
      if (pending?.id === m.id) update((s) => { s.loadProgress = { bytes: m.bytes, size: m.size, rows: m.rows }; });
      break;
    case 'table': {
      // The newest load's table, or an older one's that the worker read before the newer reached it:
      // then the worker holds it, and the page shows it, named as its own, until the newer one lands.
      const p = inFlight.get(m.id);
      if (!p) break;
      for (const id of inFlight.keys()) if (id <= m.id) inFlight.delete(id);  // older ones were dropped unanswered
      const newest = pending?.id === m.id;
      if (newest) pending = null;
      const data: LoadedData = { id: ++dataCount, name: p.name, source: p.source, about: p.about, toy: p.toy, file: p.file, head: m.head, delimiterChoice: p.delimiterChoice,
        skipRaggedRows: p.skipRaggedRows ?? false, missingValues: p.missingValues ?? [], dateParts: p.dateParts ?? [],
        rows: m.rows, lines: m.lines, columns: m.columns, dialect: m.dialect };
      linkChoice = undefined;
      update((s) => {
        s.linkPending = false;
        // A file opened under a loaded model, with what that model predicts: its target and features,
        // so the page describes (and a Play retrains) the model's task, not the file's last column.
        // (Not a ranking model: its file does not name the query column.) The task is the model's.
        // The task is left automatic where the file's target reads as the model's (it said 'Set by hand' unasked).
        const model = s.loadedModel?.model;
        const column = model ? m.columns.find((c) => c.name === model.target) : undefined;
        const task = !model ? '' : model.classes.length === 0 ? 'regression' : model.classes.length === 2 ? 'binary' : 'multiclass';
        // New rows without the model's target: no target (a guess would be trained on by Play, as if it were meant).
        const unused = m.columns.map((c) => c.name).filter((n) => n !== model?.target && !model?.features.some((f) => f.name === n));
        const forModel = !model || model.objective.startsWith('rank:') ? undefined
          : column ? { target: model.target, ignore: unused, task: 'task' in column.asTarget && column.asTarget.task === task ? 'auto' : task }
          : model.target ? { target: '' } : undefined;  // (columns left as a file's: a target picked then trains on them all)
        s.choice = choiceFor(m.columns, m.rows, s.choice, p.preferred ?? forModel);
        const trainedOn = !s.loadedModel?.trainedOn ? 0 : p.keep ? s.data?.id ?? 0 : s.chart.dataId;  // (read before s.data moves on)
        s.data = data;
        fitAlgorithmToData(s);  // (after the data: the target's reading is in its columns)
        if (newest) {
          s.loading = '';
          s.loadProgress = null;
          s.messages.notice = [loadNotice, linkNotice].filter(Boolean).join(' ');
          loadNotice = '';
          linkNotice = '';
        }
        s.messages.data = '';
        s.messages.dataWait = '';
        s.messages.train = '';
        // A file predicted by a run's model kept for it: the chart goes on showing that run's curves (this file has none).
        s.chart.dataId = trainedOn && runsOf(trainedOn).length ? trainedOn : 0;
        s.selectedRound = 0;
        s.tree = -1;
        s.shap = { line: 0, output: 0 };
        s.worked = { offset: 0, output: 0, row: -1 };
        s.ranking = { side: 'valid', query: -1 };
        s.dependence = { feature: '', output: 0, curves: [] };
        s.cv = null;
        s.tune = null;
        s.scrubFrame = null;
        s.queue = { runs: [], group: 0, name: '', total: 0 };
      });
      break;
    }
    case 'started': {
      const p = pendingRun;
      if (!p || p.token !== m.token || !store.data) break;
      pendingRun = null;
      update((s) => {
        const previous = s.runs.filter((r) => r.dataId === s.data!.id).at(-1);
        s.runs.push({
          token: m.token, number: ++runCount, dataId: s.data!.id, dataName: s.data!.name,
          label: runLabel(s.schema, p.params, p.choice, previous), params: p.params, choice: p.choice,
          plannedRounds: m.rounds, earlyStopping: Number(p.params.early_stopping_rounds) > 0,
          reports: [], receivedAt: [], frame: null, status: p.mode === 'play' ? 'training' : 'paused', model: null, group: p.group,
        });
        s.current = runCount;
        s.chart.dataId = 0;  // the new run's curves, on the data loaded (the chart may show a kept model's run on earlier data)
        s.starting = false;
        s.preparing = null;
        s.loadedModel = null;
        s.trainedOnData = null;
        s.messages.model = '';
        s.messages.modelFile = '';
        s.messages.notice = m.notes.join(' ');
        s.selectedRound = 0;
        s.tree = -1;
        s.shap.output = 0;
        s.worked = { offset: 0, output: 0, row: -1 };
        s.scrubFrame = null;
      });
      break;
    }
    case 'preparing':
      if (pendingRun?.token === m.token) updateSoon((s) => { s.preparing = { phase: m.phase, done: m.done }; });
      break;
    case 'table-released':
      update((s) => {
        const name = s.data?.name ?? 'the file';
        const text = `To make room for training, the table's numbers (${m.megabytes.toLocaleString()} MB) were let go once binned: ` +
          `the next run reads ${name} again first; SHAP, the round's rows and predictions for the table need it loaded again.`;
        s.messages.notice = [s.messages.notice, text].filter(Boolean).join(' ');
      });
      break;
    case 'round': {
      const run = runOf(m.token);
      if (!run) break;
      updateSoon(() => {
        run.reports.push(m.report);
        run.receivedAt.push(performance.now());
        run.plannedRounds = m.rounds;
        if (m.surface && m.width) run.frame = { round: m.report.round, grid: m.surface, width: m.width, predictions: m.predictions, weights: m.weights, drawn: m.drawn };
      });
      break;
    }
    case 'paused': {
      const run = runOf(m.token);
      if (run && run.status === 'training') update(() => { run.status = 'paused'; });
      else if (run) update(() => {});  // a Step's round: look inside again
      break;
    }
    case 'done': {
      const run = runOf(m.token);
      if (!run) break;
      update((s) => {
        run.status = m.aborted ? 'stopped' : 'done';
        run.model = m.model;
        const stopped = stopNotices.get(run.token);
        if (stopped) {
          stopNotices.delete(run.token);
          const now = stopped.say(run.reports.length);
          if (s.messages.notice === stopped.said) s.messages.notice = now;
          if (loadNotice === stopped.said) loadNotice = now;
        }
      });
      if (run.group && run.group === store.queue.group) nextInQueue(!m.aborted);
      if (restartAfterStop?.token === run.token) {
        const mode = restartAfterStop.mode;
        restartAfterStop = null;
        startRun(mode);
      }
      break;
    }
    case 'reset': {
      const run = runOf(m.token);
      if (!run) break;
      update((s) => {
        s.runs = s.runs.filter((r) => r !== run);
        if (s.current === run.number) s.current = 0;
        s.messages.notice = `Reset: Run ${run.number} was thrown away. Play or Step starts again from round 0.`;
        s.queue = { runs: [], group: 0, name: '', total: 0 };
      });
      break;
    }
    case 'model-loaded':
      // A run's model kept for the file being opened: said when the file lands.
      if (m.trainedOn) loadNotice = keptNotice(m.name, m.trainedOn);
      update((s) => {
        s.loadedModel = { name: m.name, model: m.model, ...(m.trainedOn ? { trainedOn: m.trainedOn } : {}), ...(m.startsAt ? { startsAt: m.startsAt } : {}) };
        s.messages.model = '';
        s.messages.modelFile = '';
        s.tree = 0;
        s.selectedRound = 0;
        s.worked = { offset: 0, output: 0, row: -1 };
        s.scrubFrame = null;
      });
      break;
    case 'error': {
      const text = m.error.message;
      if (m.during === 'load') {
        if (m.load !== undefined) inFlight.delete(m.load);
        if (!pending || m.load !== pending.id) break;  // an older load's (see 'table')
        const name = pending?.name ?? 'that file';
        raggedLoad = m.error.code === 'CSV_RAGGED_ROW' && pending && !pending.skipRaggedRows ? pending : null;
        pending = null;
        update((s) => {
          s.loading = '';
          s.loadProgress = null;
          s.linkPending = false;
          const what = m.error.code === 'ABORTED' ? `Stopped reading ${name}.` : `Could not load ${name}. ${text}`;
          s.messages.data = `${what}${s.data ? `\nStill using ${s.data.name}.` : ''}`;
          s.messages.dataRagged = raggedLoad !== null;
        });
        // Said where it is seen: below the fold, the load seemed to do nothing.
        requestAnimationFrame(() => intoViewIfOff($('data-message'), 'nearest'));
      } else if (m.during === 'train') {
        update((s) => {
          if (pendingRun && m.token === pendingRun.token) {
            // Refused (or stopped) before it started: no run, no run number.
            pendingRun = null;
            s.starting = false;
            s.preparing = null;
          } else {
            const run = m.token !== undefined ? runOf(m.token) : null;
            if (run && (run.status === 'training' || run.status === 'paused')) run.status = 'stopped';
          }
          s.messages.train = text;
          s.queue = { runs: [], group: 0, name: '', total: 0 };
        });
      } else if (m.during === 'model') {
        // Beside the button pressed (in "Inside the model" it was far off screen, under a line still saying the last file loaded).
        update((s) => { s.messages.modelFile = `Could not load ${modelFile}; the current model is kept. ${text}`; });
      } else if (m.during === 'inspect') {
        update((s) => { s.messages.model = text; s.writing = ''; });
      } else {
        update((s) => { s.engine.failed = text; });
      }
      break;
    }
    case 'landing-demo':
      lessonPanel.onDemo(m.frames, m.error);
      break;
    default:
      views.onWorkerReply(m);
  }
}

$('preset-four').addEventListener('click', () => startPreset('four'));
$('preset-adaboost-exponential').addEventListener('click', () => startPreset('adaboost-exponential'));

// On a phone the chart sits below the data panel, a screen or two under
// Play: Play brings it into view, so the loss is seen falling. (Wider
// screens show both side by side.)
function showChartOnPhone() {
  if (!matchMedia('(max-width: 900px)').matches) return;
  const chart = $('chart-panel'), r = chart.getBoundingClientRect();
  if (r.top >= 0 && r.top < innerHeight / 2) return;
  chart.scrollIntoView({ behavior: scrollBehavior(), block: 'start' });
}

// Play or Step on a paused run whose settings the form has changed since: the run is stopped (its curve
// stays) and a new one, with the form's settings, starts once the worker says the old one ended.
function restartedWithForm(run: ReturnType<typeof inProgress>, mode: 'play' | 'step') {
  if (run?.status !== 'paused' || !formDiffersFrom(run)) return false;
  restartAfterStop = { token: run.token, mode };
  client.stop();
  return true;
}

const views = new Views(client, {
  play: () => {
    const run = inProgress();
    if (!restartedWithForm(run, 'play')) {
      if (run?.status === 'paused') {
        update(() => { run.status = 'training'; });
        client.play();
      } else if (!run) startRun('play');
    }
    showChartOnPhone();
  },
  step: () => {
    const run = inProgress();
    if (!restartedWithForm(run, 'step')) {
      if (run?.status === 'paused') client.step();
      else if (!run) startRun('step');
    }
    showChartOnPhone();  // Step on a phone showed nothing: the picture is a screen or two below the buttons
  },
  pause: () => client.pause(),
  stop: () => client.stop(),
  reset: () => { const run = inProgress(); if (run) client.reset(run.token); },
});

subscribe(() => {
  const d = store.data;
  if (d?.source.startsWith('file:') && !store.loading) ownFile = { data: d, choice: { ...store.choice } };
});
// Leaving gives the page back as it was before the lesson: its data (unless the student has since picked
// data of their own), the choices made on them, the algorithm and its parameters. A lesson's run still
// training or paused is stopped first (its model kept, its curve on the chart under "Runs on"): left
// paused, it held the algorithm menu locked on the lesson's. restore false: leaving for a link's setup instead.
function leaveLesson(restore = true) {
  lessonTarget = null;
  const back = restore ? beforeLesson : null;
  beforeLesson = null;
  const run = inProgress();
  // Data the student picked during the lesson (a file, a sample): theirs, kept.
  const keepsOwn = !!store.data && store.data.source !== back?.data.source && !LESSON_SOURCES.has(store.data.source);
  const reload = back && !keepsOwn && store.data?.source !== back.data.source;
  update((s) => {
    s.lesson = null;
    if (back && !keepsOwn) {
      s.algorithm = back.algorithm;
      s.typed = { ...back.typed };
      if (!reload) s.choice = { ...back.choice };
    }
  });
  if (reload) reopen(back.data, back.choice);  // (a run in progress is stopped by the load, which says so)
  else if (run && restore) client.stop();
}
const lessonPanel = new LessonPanel({
  ownFile: () => ownFile && { name: ownFile.data.name, columns: ownFile.data.columns, choice: ownFile.choice },
  open: openLesson,
  leave: () => leaveLesson(),
  watch: () => { ++picks; setUp({ data: 'toy:circles:400:0.15:0', algorithm: 'xgboost', params: { rounds: '40', max_depth: '3' }, rounds: 40 }, false); },
  ranking: () => { update((s) => { s.landing = false; }); sourceSelect.value = 'sample:rank'; loadSample('rank'); },
  ownData: () => $<HTMLInputElement>('file-input').click(),
  demo: () => client.landingDemo(DEMO.spec, DEMO.rounds, DEMO.n),
});
subscribe(() => lessonPanel.render());

views.setPanel(new CsvPanel(loadFile, () => client.cancelLoad(), (change) => update((s) => {
  Object.assign(s.choice, change);
  // The target is neither a weight nor an ignored feature.
  if (s.choice.weight === s.choice.target) s.choice.weight = '';
  if (s.choice.group === s.choice.target) s.choice.group = '';
  // (With a group column the weights weigh whole queries: the engine checks each query's rows carry one.)
  if (s.choice.group && s.choice.weight === s.choice.group) s.choice.weight = '';
  // A starting margin is none of the other roles, and is let go where it does not apply (ranking, several
  // classes): its column is then a feature again, listed with the others (it was neither, unseen, before).
  if (!takesBaseMargin(s.data, s.choice) || [s.choice.target, s.choice.weight].includes(s.choice.baseMargin)) s.choice.baseMargin = '';
  s.choice.ignore = s.choice.ignore.filter((n) => n !== s.choice.target && n !== s.choice.weight && n !== s.choice.group && n !== s.choice.baseMargin);
  fitAlgorithmToData(s);
  s.messages.train = '';
})));

// Read the loaded file again with the delimiter chosen.
// A file refused for a row with the wrong number of fields, read again without such rows.
$('skip-ragged').addEventListener('click', () => {
  if (raggedLoad) loadData({ ...raggedLoad, skipRaggedRows: true });
});
$<HTMLSelectElement>('delimiter').addEventListener('change', (e) => {
  const d = store.data;
  if (!d || d.toy) return;
  loadData({ name: d.name, source: d.source, about: d.about, toy: null, file: d.file, delimiterChoice: (e.target as HTMLSelectElement).value, preferred: store.choice,
    skipRaggedRows: d.skipRaggedRows, missingValues: d.missingValues, dateParts: d.dateParts });
});
// Numbers with a stray word (a column read as text for 'n.a.'): the file read again with those
// words as missing, the choices kept (the data panel's button names them: strayWords).
$('read-missing').addEventListener('click', () => {
  const d = store.data;
  const words = d ? strayWords(d) : [];
  if (!d || !words.length) return;
  // As categories such a column was left out as an identifier (most values distinct): read as numbers, it is a feature again.
  const mended = d.columns.filter((c) => c.firstText && words.includes(c.firstText.text)).map((c) => c.name);
  const preferred = { ...store.choice, ignore: store.choice.ignore.filter((n) => !mended.includes(n)) };
  loadData({ name: d.name, source: d.source, about: d.about, toy: null, file: d.file, delimiterChoice: d.delimiterChoice, preferred,
    skipRaggedRows: d.skipRaggedRows, missingValues: [...d.missingValues, ...words], dateParts: d.dateParts });
});
// Dates as text (one category per date): the file read again with those columns as their parts
// (year, month, weekday…: CsvOptions.dateParts), the choices kept. A date column left out as an
// identifier is gone; its parts are features like any other.
$('read-dates').addEventListener('click', () => {
  const d = store.data;
  const names = d ? dateColumns(d) : [];
  if (!d || !names.length) return;
  const preferred = { ...store.choice, ignore: store.choice.ignore.filter((n) => !names.includes(n)) };
  loadData({ name: d.name, source: d.source, about: d.about, toy: null, file: d.file, delimiterChoice: d.delimiterChoice, preferred,
    skipRaggedRows: d.skipRaggedRows, missingValues: d.missingValues, dateParts: [...d.dateParts, ...names] });
});
sourceSelect.addEventListener('change', () => {
  const [kind, name] = sourceSelect.value.split(':');
  $('toy-controls').hidden = kind !== 'toy';
  if (kind === 'toy') loadToy(name as ToyKind);
  else if (kind === 'sample') loadSample(name);
});
$('toy-controls').addEventListener('change', () => {
  const [kind, name] = sourceSelect.value.split(':');
  if (kind === 'toy') loadToy(name as ToyKind);
});

// The finished model on show predicts another file: opened as data, the model kept (cut to the round picked, as its
// download would be) and on show until the next run, as a model file loaded by hand is; a loaded model stays anyway.
$('predict-file').addEventListener('click', () => $<HTMLInputElement>('predict-input').click());
$<HTMLInputElement>('predict-input').addEventListener('change', (e) => {
  const input = e.target as HTMLInputElement;
  const file = input.files?.[0];
  input.value = '';
  if (!file) return;
  const show = modelOnShow(), run = currentRun();
  const rounds = roundPicked();
  if (store.loadedModel?.trainedOn) {  // a second file for the kept model: said again
    loadFile(file);
    loadNotice = keptNotice(store.loadedModel.name, store.loadedModel.trainedOn);
    return;
  }
  if (store.loadedModel || !show?.model || show.live || !run || !store.data) return loadFile(file);
  update((s) => { s.trainedOnData = { data: s.data!, choice: { ...s.choice } }; });
  loadFile(file, { rounds, name: `Run ${run.number}'s model${rounds ? ` (its first ${rounds} rounds)` : ''}`, trainedOn: store.data.name });
});

// Back to the data the kept model learnt from, read as it was (delimiter, missing words, dates) with its choices:
// the worker knows it again (its fingerprint) and scores the model's held-out rows there.
$('back-to-trained').addEventListener('click', () => {
  const back = store.trainedOnData;
  if (!back || !store.loadedModel?.trainedOn) return;
  const d = back.data;
  ++picks;
  sourceSelect.value = d.source.startsWith('sample:') || d.source.startsWith('toy:') ? d.source.split(':').slice(0, 2).join(':') : '';
  loadData({ name: d.name, source: d.source, about: d.about, toy: d.toy, file: d.file, delimiterChoice: d.delimiterChoice, preferred: back.choice,
    skipRaggedRows: d.skipRaggedRows, missingValues: d.missingValues, dateParts: d.dateParts });
});

function keptNotice(name: string, trainedOn: string) {
  return `${name}, trained on ${trainedOn}, predicts this file: "How good is the model?" scores its rows when it has the target; ` +
    '"Download predictions" writes them. Play (with a target picked) trains a new model on it.';
}

let modelFile = '';
$<HTMLInputElement>('model-input').addEventListener('change', async (e) => {
  const input = e.target as HTMLInputElement;
  const file = input.files?.[0];
  input.value = '';
  if (!file) return;
  modelFile = file.name;
  $('model-status').dataset.file = file.name;  // which file the line is about (tests wait on it)
  // The last file's message goes: until this file's answer it would read as this file's.
  // A run in progress stops first (the worker's inspectors would read it, the page's the file), as for new data.
  const run = inProgress();
  update((s) => {
    s.messages.model = '';
    s.messages.modelFile = '';
    if (run) s.messages.notice = sayStopped(run.token, run.reports.length, (rounds) => `Run ${run.number} was stopped at round ${rounds} to load ${file.name}.`);
  });
  if (run) client.stop();
  client.loadModel(file);  // the worker reads it (JSON or compact) and checks its size
});

// The service worker (public/sw.js) keeps the site for offline use and, on a
// host that sends no isolation headers, adds them: once it controls the page,
// a reload turns threads on. The page reloads itself only while nothing the
// user did would be lost (the URL hash brings back a sample or toy choice).
function setupServiceWorker() {
  if (!('serviceWorker' in navigator) || !window.isSecureContext) return;
  navigator.serviceWorker.register('./sw.js').catch(() => { /* no offline copy; the page works as it is */ });
  if (crossOriginIsolated) return;
  navigator.serviceWorker.addEventListener('controllerchange', () => {
    if (sessionStorage.getItem('boostlab-isolation-reload')) return;  // tried once: keep SIMD only
    if (store.runs.length === 0 && !store.data?.source.startsWith('file:')) {
      sessionStorage.setItem('boostlab-isolation-reload', '1');
      location.reload();
    } else {
      views.threadsAfterReload = true;
      update(() => {});
    }
  });
}
setupServiceWorker();


// A lesson's link pasted into this tab, or Back and Forward between such
// links, changes only the hash: the page follows it to that lesson's step
// (it kept showing the step it had while the address bar named another).
// The page's own hash writes (writeHash) replace the entry and fire no event;
// but one can land between a Back and its event (a step still setting itself
// up writes its state), so the event's own URL is read, not the address bar.
window.addEventListener('hashchange', (e) => {
  acceptHash();  // seen: the page's state may be written over it from now on (after its data, for a link: linkPending)
  if (!store.engine.ready) return;  // the first reply reads the hash itself
  const url = readHash(store.schema, Object.keys(SAMPLES), TOY_KINDS, LESSON_IDS, new URL(e.newURL).hash);
  // Another setup's link (a run shared by someone): taken as on opening it, its data loaded with its target,
  // algorithm and parameters (it did nothing). A hash that names no data is no such link.
  if (!url.lesson) {
    if (!url.data) return;
    takeLink(url, (fn) => fn(store));
    store.linkPending = true;  // (a file link waits for its file, the page's data staying: the link stays in the address bar too)
    if (store.lesson) leaveLesson(false);
    loadSource(url.data, url.delimiter);
    return;
  }
  const step = url.step ?? 0;
  if (store.lesson?.id === url.lesson && store.lesson.step === step) return;
  openLesson(url.lesson, step);
});
