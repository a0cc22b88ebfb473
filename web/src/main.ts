// Wiring only: views <-> state <-> worker client.
import './style.css';
import { state } from './state';
import { WorkerClient } from './worker/client';
import type { FromWorker, ModelInfo, SurfaceRequest } from './worker/messages';
import { CsvPanel } from './ui/csv-panel';
import { ParamsForm } from './ui/params-form';
import { LossChart } from './ui/loss-chart';
import { TreeView } from './ui/tree-view';
import { ImportanceChart } from './ui/importance-chart';
import { Surface } from './ui/surface';
import { makeToy, TOY_KINDS, type ToyData, type ToyKind } from './ui/toy-data';
import { readHash, writeHash, type UrlState } from './url-state';

const $ = <T extends HTMLElement>(id: string) => document.getElementById(id) as T;
const buttons = { play: $<HTMLButtonElement>('train'), pause: $<HTMLButtonElement>('pause'), step: $<HTMLButtonElement>('step'), stop: $<HTMLButtonElement>('stop'), reset: $<HTMLButtonElement>('reset') };
const progress = $<HTMLProgressElement>('progress');
const trainMessage = $<HTMLParagraphElement>('train-message');
const modelMessage = $<HTMLParagraphElement>('model-message');
const sourceSelect = $<HTMLSelectElement>('source');
const treeIndex = $<HTMLInputElement>('tree-index');

// The bundled samples (web/public/datasets, copied there by scripts/build.sh);
// the source picker lists them from here.
const SAMPLES: Record<string, { file: string; name: string; label: string; target: string; ignore: string[]; about: string }> = {
  auto_mpg: { file: 'datasets/auto_mpg.csv', name: 'auto_mpg.csv (sample)', label: 'auto_mpg: fuel economy of 398 cars (regression)', target: 'Miles_per_Gallon', ignore: ['Name'],
    about: 'Auto MPG, UCI Machine Learning Repository (Quinlan 1993), via the Vega datasets (BSD-3-Clause).' },
  spam: { file: 'datasets/spam.csv', name: 'spam.csv (sample)', label: 'spam: 4,601 e-mails, spam or not (binary)', target: 'type', ignore: [],
    about: 'Spambase, UCI Machine Learning Repository (Hopkins, Reeber, Forman, Suermondt 1999), CC BY 4.0.' },
  letter: { file: 'datasets/letter.csv', name: 'letter.csv (sample)', label: 'letter: 20,000 letter images, 26 classes (multiclass)', target: 'lettr', ignore: [],
    about: 'Letter Recognition, UCI Machine Learning Repository (Frey & Slate 1991), CC BY 4.0.' },
  diamonds: { file: 'datasets/diamonds.csv', name: 'diamonds.csv (sample)', label: 'diamonds: 53,940 prices, with categories (regression)', target: 'price', ignore: [],
    about: 'Diamonds, from the ggplot2 R package (MIT license).' },
};
$('sample-options').replaceChildren(...Object.entries(SAMPLES).map(([key, s]) => new Option(s.label, `sample:${key}`)));

let engineReady = false;
let phase: 'idle' | 'playing' | 'paused' = 'idle';
let source = '';                       // what the URL records: sample:…, toy:…, file:…
let toy: ToyData | null = null;        // the toy data on show, if any
let loadedBytes: ArrayBuffer | null = null;
const delimiterSelect = $<HTMLSelectElement>('delimiter');
let pendingBytes: ArrayBuffer | null = null;
let preferred: { target?: string; ignore?: string[]; weight?: string } | undefined;
let fromUrl: UrlState | null = null;
let runCount = 0;
let roundTimes: number[] = [];

const chart = new LossChart($('loss-chart'), $<HTMLSelectElement>('metric'), $<HTMLInputElement>('log-scale'));
const form = new ParamsForm($<HTMLFormElement>('params'), $<HTMLSelectElement>('algorithm'));
const treeView = new TreeView($('tree') as unknown as SVGSVGElement, $('tree-caption'));
const importance = new ImportanceChart($('importance'));
const surface = new Surface($<HTMLCanvasElement>('surface'), $('surface-caption'));
const panel = new CsvPanel((name, bytes) => loadBytes(name, bytes, `file:${name}`), () => { Object.assign(state, panel.choice()); saveUrl(); });

function setPhase(next: typeof phase) {
  phase = next;
  state.training = next !== 'idle';
  const ready = engineReady && state.rows > 0;
  buttons.play.disabled = !ready || next === 'playing';
  buttons.step.disabled = !ready || next === 'playing';
  buttons.pause.disabled = next !== 'playing';
  buttons.stop.disabled = next === 'idle';
  buttons.reset.disabled = next === 'idle';
  buttons.play.textContent = next === 'paused' ? 'Continue' : 'Play';
  for (const id of ['file-input', 'source', 'algorithm']) $<HTMLInputElement>(id).disabled = next !== 'idle';
  $('model-panel').dataset.phase = next;
}

// New data is read with its delimiter detected, unless one is given (the
// user's choice for this file, or a shared link's).
function loadBytes(name: string, bytes: ArrayBuffer, from: string, delimiter = 'auto') {
  pendingBytes = bytes;
  source = from;
  if (!from.startsWith('toy:')) toy = null;
  delimiterSelect.value = delimiter;
  client.load(name, bytes, delimiter);
}

function saveUrl() {
  if (!engineReady) return;
  const c = panel.choice();
  writeHash({ data: source, delimiter: delimiterSelect.value, target: c.target, task: c.task, ignore: c.ignore, weight: c.weight, validFraction: c.validFraction, seed: c.seed,
    params: form.values() });
}

function loadSample(key: string, delimiter = 'auto') {
  const s = SAMPLES[key];
  fetch(s.file)
    .then((r) => (r.ok ? r.arrayBuffer() : Promise.reject(new Error(`${s.file}: HTTP ${r.status}`))))
    .then((bytes) => {
      preferred = preferred ?? { target: s.target, ignore: s.ignore };
      $('data-source').textContent = s.about;
      loadBytes(s.name, bytes, `sample:${key}`, delimiter);
    })
    .catch((e) => panel.showError(`The sample dataset could not be loaded: ${e.message}`));
}

function toyFromControls(kind: ToyKind) {
  const spec = { kind, n: Number($<HTMLInputElement>('toy-n').value), noise: Number($<HTMLInputElement>('toy-noise').value), seed: Number($<HTMLInputElement>('toy-seed').value) };
  toy = makeToy(spec);
  preferred = preferred ?? { target: 'y', ignore: [] };
  $('data-source').textContent = `Generated in this page: ${spec.n} points, noise ${spec.noise}, seed ${spec.seed}.`;
  loadBytes(`toy: ${kind}`, new TextEncoder().encode(toy.csv).buffer as ArrayBuffer, `toy:${kind}:${spec.n}:${spec.noise}:${spec.seed}`);
}

// Loads what a URL's data= names (a file cannot come from a link: say so).
function loadSource(data: string | undefined, delimiter = 'auto') {
  const [kind, a, b, c, d] = (data ?? '').split(':');
  if (kind === 'toy' && (TOY_KINDS as readonly string[]).includes(a)) {
    $<HTMLInputElement>('toy-n').value = b ?? '400';
    $<HTMLInputElement>('toy-noise').value = c ?? '0.15';
    $<HTMLInputElement>('toy-seed').value = d ?? '0';
    sourceSelect.value = `toy:${a}`;
    $('toy-controls').hidden = false;
    toyFromControls(a as ToyKind);
    return;
  }
  if (kind === 'file') panel.showError(`This link was made with the file ${a}. Open it to reproduce the run; until then, here is a sample.`);
  const key = kind === 'sample' && SAMPLES[a] ? a : 'auto_mpg';
  sourceSelect.value = `sample:${key}`;
  loadSample(key, kind === 'sample' ? delimiter : 'auto');
}

function describeRun(params: Record<string, number | string>) {
  const shown = Object.entries(params).filter(([k]) => k !== 'algorithm').map(([k, v]) => `${k} ${v}`).join(', ');
  return `Run ${runCount}: ${params.algorithm}${shown ? ` (${shown})` : ''}`;
}

function startRun(mode: 'play' | 'step') {
  trainMessage.hidden = true;
  Object.assign(state, panel.choice());
  state.params = form.values();
  runCount += 1;
  chart.start(describeRun(state.params), Number(state.params.early_stopping_rounds) > 0);
  progress.value = 0;
  roundTimes = [];
  setPhase(mode === 'play' ? 'playing' : 'paused');
  saveUrl();
  const surfaceRequest: SurfaceRequest | undefined = toy && state.rows <= 20000 ? { x: toy.range.x, y: toy.range.y, n: 64 } : undefined;
  client.train({ target: state.target, task: state.task, ignore: state.ignore, weight: state.weight, validFraction: state.validFraction, seed: state.seed,
    params: state.params }, mode, surfaceRequest);
}

function refreshInside() {
  client.tree(Math.max(0, Number(treeIndex.value) - 1));
  client.importance($<HTMLSelectElement>('importance-type').value);
}

function setModel(m: ModelInfo) {
  treeIndex.max = String(m.trees);
  for (const id of ['download-model', 'download-predictions']) $<HTMLButtonElement>(id).disabled = false;
}

function download(name: string, text: string, type: string) {
  const a = document.createElement('a');
  a.href = URL.createObjectURL(new Blob([text], { type }));
  a.download = name;
  document.body.append(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(a.href), 10000);
}

function onMessage(m: FromWorker) {
  switch (m.type) {
    case 'ready': {
      engineReady = true;
      state.schema = m.schema;
      fromUrl = readHash(Object.fromEntries(m.schema.map((s) => [s.name, s.type])));
      if (typeof fromUrl.params.algorithm === 'string') $<HTMLSelectElement>('algorithm').value = fromUrl.params.algorithm;
      form.render(m.schema, {});
      if (typeof fromUrl.params.algorithm === 'string') {
        $<HTMLSelectElement>('algorithm').value = fromUrl.params.algorithm;
        form.render(m.schema, fromUrl.params);
      }
      const c = m.capabilities;
      $('caps').textContent = `Engine: ${c.build} · SIMD ${c.simd ? 'on' : 'off'} · threads ${c.threads ? 'on' : 'off (this server sends no cross-origin isolation headers)'}`;
      $('caps').dataset.threads = String(c.threads);
      $('caps').dataset.isolated = String(m.crossOriginIsolated);
      if (fromUrl.target) preferred = { target: fromUrl.target, ignore: fromUrl.ignore ?? [], weight: fromUrl.weight };
      panel.apply({ task: fromUrl.task, validFraction: fromUrl.validFraction, seed: fromUrl.seed });
      loadSource(fromUrl.data, fromUrl.delimiter);
      setPhase('idle');
      break;
    }
    case 'table':
      state.datasetName = m.name;
      state.rows = m.rows;
      state.columns = m.columns;
      loadedBytes = pendingBytes;
      panel.showTable(m.name, m.rows, m.columns, m.dialect, loadedBytes, preferred);
      preferred = undefined;
      Object.assign(state, panel.choice());
      $('surface-box').hidden = false;
      if (!toy) surface.clear('Pick toy data (2 features) to watch the model\'s picture form round by round.');
      else surface.clear('Train to see the prediction surface.');
      setPhase('idle');
      saveUrl();
      break;
    case 'round': {
      chart.append(m.report);
      progress.max = m.rounds;
      progress.value = m.report.round;
      roundTimes.push(performance.now());
      const recent = roundTimes.slice(-20);
      const rate = recent.length > 1 ? (1000 * (recent.length - 1)) / (recent.at(-1)! - recent[0]) : 0;
      const fmt = (o: Record<string, number>) => Object.entries(o).map(([k, v]) => `${k} ${v.toPrecision(4)}`).join(', ');
      const ada = m.report.epsilon !== undefined ? ` · ε ${m.report.epsilon.toPrecision(4)}, α ${m.report.alpha!.toPrecision(4)}` : '';
      const sets = [['train', m.report.train], ['valid', m.report.valid]] as const;
      const metrics = sets.filter(([, o]) => Object.keys(o).length > 0).map(([name, o]) => `${name} ${fmt(o)}`).join('; ');
      $('last-round').textContent = `Round ${m.report.round}: ${metrics || 'no metrics'}${ada}`;
      $('train-status').textContent = `Round ${m.report.round} of ${m.rounds} · ${m.report.ms.toFixed(1)} ms · ${rate ? `${rate.toFixed(0)} rounds/s · ` : ''}threads in use: ${m.report.threads}`;
      $('train-status').dataset.threads = String(m.report.threads);
      $('train-status').dataset.round = String(m.report.round);
      if (toy && m.surface && m.width) surface.draw(toy, m.report.round, m.surface, m.width, m.predictions, m.weights, String(state.params.algorithm ?? 'xgboost'));
      break;
    }
    case 'paused':
      if (phase !== 'idle') setPhase('paused');
      client.tree(-1);  // the newest tree
      client.importance($<HTMLSelectElement>('importance-type').value);
      break;
    case 'reset':
      chart.dropCurrent();
      progress.value = 0;
      $('train-status').textContent = 'Reset: the run was thrown away. Play or Step starts again from round 0.';
      $('train-status').dataset.round = '0';
      $('last-round').textContent = '';
      setPhase('idle');
      break;
    case 'done':
      $('train-status').textContent += m.aborted ? ` · stopped: ${m.trees} trees kept` : ` · done: ${m.trees} trees`;
      setModel(m.model);
      treeIndex.value = String(m.model.trees);
      setPhase('idle');
      refreshInside();
      break;
    case 'tree':
      if (m.index < 0 || !m.tree) {
        // "the last tree" of a paused run: ask again with its index.
        if (m.model.trees > 0 && m.index < 0) {
          treeIndex.max = String(m.model.trees);
          treeIndex.value = String(m.model.trees);
          client.tree(m.model.trees - 1);
        } else {
          treeView.clear(m.model.trees ? `There are ${m.model.trees} trees.` : 'No trees yet.');
        }
        break;
      }
      treeView.render(m.tree, m.index, m.model);
      break;
    case 'importance':
      importance.render(m.values, m.importance);
      break;
    case 'export': {
      const base = (state.datasetName || 'boostlab').replace(/\.csv.*$/, '').replace(/[^\w.-]+/g, '_');
      if (m.what === 'model') download(`${base}-model.json`, m.text, 'application/json');
      else download(`${base}-predictions.csv`, m.text, 'text/csv');
      break;
    }
    case 'model-loaded':
      modelMessage.hidden = true;
      setModel(m.model);
      $('model-status').textContent = `Loaded ${m.name}: ${m.model.trees} trees predicting ${m.model.target} (${m.model.algorithm}).`;
      treeIndex.value = '1';
      refreshInside();
      break;
    case 'error': {
      const text = m.error.message;
      if (m.during === 'load') {
        // The previous dataset stays loaded and selected.
        pendingBytes = null;
        panel.showError(`Could not load that file. ${text}${state.rows ? `\nStill using ${state.datasetName}.` : ''}`);
      } else if (m.during === 'train') {
        trainMessage.textContent = text;
        trainMessage.hidden = false;
        setPhase('idle');
      } else if (m.during === 'model' || m.during === 'inspect') {
        modelMessage.textContent = m.during === 'model' ? `Could not load ${modelMessage.dataset.file}; the current model is kept. ${text}` : text;
        modelMessage.hidden = false;
      } else {
        $('caps').textContent = `The engine failed to start: ${text}`;
      }
      break;
    }
  }
}

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
    if (runCount === 0 && !source.startsWith('file:')) {
      sessionStorage.setItem('boostlab-isolation-reload', '1');
      location.reload();
    } else {
      $('caps').textContent += ' · reload the page to train with threads';
    }
  });
}
setupServiceWorker();

const client = new WorkerClient(new URL('boostlab/', document.baseURI).href, onMessage);

buttons.play.addEventListener('click', () => {
  if (phase === 'paused') {
    setPhase('playing');
    client.play();
  } else startRun('play');
});
buttons.step.addEventListener('click', () => (phase === 'paused' ? client.step() : startRun('step')));
buttons.pause.addEventListener('click', () => client.pause());
buttons.stop.addEventListener('click', () => client.stop());
buttons.reset.addEventListener('click', () => client.reset());
// A new algorithm starts from its own defaults.
// Read the loaded file again with the delimiter chosen.
delimiterSelect.addEventListener('change', () => {
  if (loadedBytes && !source.startsWith('toy:')) loadBytes(state.datasetName, loadedBytes, source, delimiterSelect.value);
});
$<HTMLSelectElement>('algorithm').addEventListener('change', () => { form.render(state.schema, {}); saveUrl(); });
$('params').addEventListener('change', saveUrl);
sourceSelect.addEventListener('change', () => {
  const [kind, name] = sourceSelect.value.split(':');
  $('toy-controls').hidden = kind !== 'toy';
  if (kind === 'toy') toyFromControls(name as ToyKind);
  else if (kind === 'sample') loadSample(name);
});
$('toy-controls').addEventListener('change', () => {
  const [kind, name] = sourceSelect.value.split(':');
  if (kind === 'toy') toyFromControls(name as ToyKind);
});
$('clear-runs').addEventListener('click', () => chart.clearRuns());
treeIndex.addEventListener('change', () => client.tree(Math.max(0, Number(treeIndex.value) - 1)));
$('zoom-in').addEventListener('click', () => treeView.zoom(0.8));
$('zoom-out').addEventListener('click', () => treeView.zoom(1.25));
$('zoom-fit').addEventListener('click', () => treeView.fit());
$('importance-type').addEventListener('change', () => client.importance($<HTMLSelectElement>('importance-type').value));
$('download-model').addEventListener('click', () => client.exportText('model'));
$('download-predictions').addEventListener('click', () => client.exportText('predictions'));
$<HTMLInputElement>('model-input').addEventListener('change', async (e) => {
  const input = e.target as HTMLInputElement;
  const file = input.files?.[0];
  input.value = '';
  if (!file) return;
  // The last file's message goes: until this file's answer, it would read
  // as this file's (and the e2e test saw it so, now and then).
  modelMessage.hidden = true;
  modelMessage.dataset.file = file.name;
  if (file.size > 512 * 2 ** 20) {
    modelMessage.textContent = `${file.name} is ${(file.size / 2 ** 20).toFixed(0)} MB; a model file this large is refused (limit 512 MB).`;
    modelMessage.hidden = false;
    return;
  }
  client.loadModel(file.name, await file.text());
});
