// The only file that calls postMessage to the worker.
import type { ToySpec } from '../ui/toy-data';
import type { TuneRange } from '../../../wasm/js/index.js';
import type { ExportKind, FromWorker, KeepModel, RankingRequest, ReadOptions, RoundDetailRequest, SplitSearchRequest, SurfaceRequest, ToWorker, TrainRequest, TuneResume } from './messages';

export class WorkerClient {
  private worker!: Worker;
  private loads = 0;

  constructor(private readonly baseUrl: string, private readonly onMessage: (m: FromWorker) => void) {
    this.start();
  }

  private start() {
    this.worker = new Worker(new URL('./train.worker.ts', import.meta.url), { type: 'module' });
    this.worker.onmessage = (e: MessageEvent<FromWorker>) => {
      this.onMessage(e.data);
    };
    this.worker.onerror = (e) => {
      this.onMessage({ type: 'error', during: 'init', error: { code: 'WORKER', message: e.message || 'The training worker failed to start.', line: 0, column: 0 } });
    };
    // ?release-table-over-mb=N: let a table's numbers go past N MB (see the worker), for tests with smaller files.
    const over = Number(new URLSearchParams(self.location?.search ?? '').get('release-table-over-mb') ?? NaN);
    this.send({ type: 'init', baseUrl: this.baseUrl, releaseTableOverMB: Number.isFinite(over) && over >= 0 ? over : undefined });
  }

  private send(message: ToWorker, transfer: Transferable[] = []) {
    this.worker.postMessage(message, transfer);
  }

  // A Blob crosses to the worker as a handle: the worker reads the file itself, a chunk at a time.
  // Returns the load's id, which its table, progress and error carry.
  load(name: string, file: Blob, read: ReadOptions, keep?: KeepModel) {
    const id = ++this.loads;
    this.send({ type: 'load', id, name, file, read, ...(keep ? { keep } : {}) });
    return id;
  }
  cancelLoad() { this.send({ type: 'cancel-load' }); }

  train(token: number, request: TrainRequest, mode: 'play' | 'step', surface?: SurfaceRequest, keep = false) {
    this.send({ type: 'train', token, request, mode, surface, keep });
  }

  play() { this.send({ type: 'play' }); }
  pause() { this.send({ type: 'pause' }); }
  step() { this.send({ type: 'step' }); }
  stop() { this.send({ type: 'stop' }); }
  reset(token: number) { this.send({ type: 'reset', token }); }
  tree(index: number) { this.send({ type: 'tree', index }); }
  importance(importance: string) { this.send({ type: 'importance', importance }); }
  exportText(what: ExportKind, rounds = 0, target?: string, threshold?: number) { this.send({ type: 'export', what, rounds, target, threshold }); }
  shap(purpose: 'summary' | 'row', line: number, maxRows = 500) { this.send({ type: 'shap', purpose, line, maxRows }); }
  scaleOutScript(engine: 'dask' | 'spark', rounds: number, files: { csv: string; model: string; validRows: string; output: string }) {
    this.send({ type: 'scale-out', engine, rounds, files });
  }
  compare(tokens: number[], round: number) { this.send({ type: 'compare', tokens, round }); }
  evaluate(round: number, key: string, target = '') { this.send({ type: 'evaluate', round, key, target }); }
  describe(round: number, key: string) { this.send({ type: 'describe', round, key }); }
  dependence(feature: string, output: number, key: string) { this.send({ type: 'dependence', feature, output, key }); }
  interactions(output: number, key: string, maxRows = 500) { this.send({ type: 'interactions', output, maxRows, key }); }
  crossValidate(token: number, request: TrainRequest, nfold: number) { this.send({ type: 'cv', token, request, nfold }); }
  stopCrossValidation() { this.send({ type: 'cv-stop' }); }
  tune(token: number, request: TrainRequest, space: Record<string, TuneRange>, trials: number, by: 'cv' | 'validation', nfold: number, drawSeed: number, halving: boolean,
    resume?: TuneResume) {
    this.send({ type: 'tune', token, request, space, trials, by, nfold, drawSeed, halving, ...(resume ? { resume } : {}) });
  }
  stopTuning() { this.send({ type: 'tune-stop' }); }
  ranking(request: RankingRequest) { this.send({ type: 'ranking', request }); }
  roundDetail(request: RoundDetailRequest) { this.send({ type: 'round-detail', request, csv: false }); }
  roundCsv(request: RoundDetailRequest) { this.send({ type: 'round-detail', request, csv: true }); }
  splitSearch(request: SplitSearchRequest) { this.send({ type: 'split-search', request }); }
  landingDemo(spec: ToySpec, rounds: number, n: number) { this.send({ type: 'landing-demo', spec, rounds, n }); }
  loadModel(file: File) { this.send({ type: 'load-model', name: file.name, file }); }
}
