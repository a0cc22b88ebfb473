// Wiring only: views <-> state <-> worker client.
import './style.css';
import { state } from './state';
import { WorkerClient } from './worker/client';
import type { FromWorker } from './worker/messages';
import { CsvPanel } from './ui/csv-panel';
import { ParamsForm } from './ui/params-form';
import { LossChart } from './ui/loss-chart';

const $ = <T extends HTMLElement>(id: string) => document.getElementById(id) as T;
const trainButton = $<HTMLButtonElement>('train');
const stopButton = $<HTMLButtonElement>('stop');
const progress = $<HTMLProgressElement>('progress');
const trainMessage = $<HTMLParagraphElement>('train-message');

const SAMPLE = { file: 'datasets/auto_mpg.csv', name: 'auto_mpg.csv (sample)', target: 'Miles_per_Gallon', ignore: ['Name'] };
let preferred: { target?: string; ignore?: string[] } | undefined = SAMPLE;
let engineReady = false;

const chart = new LossChart($('loss-chart'));
const form = new ParamsForm($<HTMLFormElement>('params'), $<HTMLSelectElement>('algorithm'));
const panel = new CsvPanel(
  (name, bytes) => client.load(name, bytes),
  () => Object.assign(state, panel.choice()),
);

function setTraining(on: boolean) {
  state.training = on;
  trainButton.disabled = on || !engineReady || state.rows === 0;
  stopButton.disabled = !on;
}

function onMessage(m: FromWorker) {
  switch (m.type) {
    case 'ready': {
      engineReady = true;
      state.schema = m.schema;
      form.render(m.schema, state.params);
      const c = m.capabilities;
      $('caps').textContent = `Engine: ${c.build} · SIMD ${c.simd ? 'on' : 'off'} · threads ${c.threads ? 'on' : 'off'} · ${m.crossOriginIsolated ? 'cross-origin isolated' : 'not cross-origin isolated'}`;
      $('caps').dataset.threads = String(c.threads);
      $('caps').dataset.isolated = String(m.crossOriginIsolated);
      fetch(SAMPLE.file)
        .then((r) => (r.ok ? r.arrayBuffer() : Promise.reject(new Error(`${SAMPLE.file}: HTTP ${r.status}`))))
        .then((bytes) => client.load(SAMPLE.name, bytes))
        .catch((e) => panel.showError(`The sample dataset could not be loaded: ${e.message}`));
      setTraining(false);
      break;
    }
    case 'table':
      state.datasetName = m.name;
      state.rows = m.rows;
      state.columns = m.columns;
      panel.showTable(m.name, m.rows, m.columns, preferred);
      preferred = undefined;
      Object.assign(state, panel.choice());
      setTraining(false);
      break;
    case 'round': {
      chart.append(m.report);
      progress.max = m.rounds;
      progress.value = m.report.round;
      const fmt = (o: Record<string, number>) => Object.entries(o).map(([k, v]) => `${k} ${v.toPrecision(4)}`).join(', ');
      $('last-round').textContent = `Round ${m.report.round}: train ${fmt(m.report.train)}; valid ${fmt(m.report.valid)}`;
      $('train-status').textContent = `Round ${m.report.round} of ${m.rounds} · ${m.report.ms.toFixed(1)} ms · threads in use: ${m.report.threads}`;
      $('train-status').dataset.threads = String(m.report.threads);
      break;
    }
    case 'done':
      $('train-status').textContent += m.aborted ? ` · stopped: ${m.trees} trees kept` : ` · done: ${m.trees} trees`;
      setTraining(false);
      break;
    case 'error': {
      const text = m.error.message;
      if (m.during === 'load') {
        // The previous dataset stays loaded and selected.
        panel.showError(`Could not load that file. ${text}${state.rows ? `\nStill using ${state.datasetName}.` : ''}`);
      } else if (m.during === 'train') {
        trainMessage.textContent = text;
        trainMessage.hidden = false;
        setTraining(false);
      } else {
        $('caps').textContent = `The engine failed to start: ${text}`;
      }
      break;
    }
  }
}

const client = new WorkerClient(new URL('boostlab/', document.baseURI).href, onMessage);

trainButton.addEventListener('click', () => {
  trainMessage.hidden = true;
  Object.assign(state, panel.choice());
  state.params = form.values();
  chart.reset();
  progress.value = 0;
  setTraining(true);
  client.train({ target: state.target, task: state.task, ignore: state.ignore, validFraction: state.validFraction, seed: state.seed, params: state.params });
});
stopButton.addEventListener('click', () => client.stop());
// A new algorithm starts from its own defaults.
$<HTMLSelectElement>('algorithm').addEventListener('change', () => form.render(state.schema, {}));
