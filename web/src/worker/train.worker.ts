// The only module that imports the wasm package. It owns the engine, the
// loaded table and training; the page only sends requests and draws replies.
import { init, BoostLabError } from '../../../wasm/js/index.js';
import type { BoostLab, Table } from '../../../wasm/js/index.js';
import type { ErrorInfo, FromWorker, ToWorker } from './messages';

let bl: BoostLab | null = null;
let table: Table | null = null;
let stop: AbortController | null = null;

function post(message: FromWorker) {
  self.postMessage(message);
}

function describe(e: unknown): ErrorInfo {
  if (e instanceof BoostLabError) return { code: e.code, message: e.message, line: e.line, column: e.column };
  return { code: 'INTERNAL', message: String((e as Error)?.message ?? e), line: 0, column: 0 };
}

async function handle(msg: ToWorker) {
  switch (msg.type) {
    case 'init': {
      bl = await init({ baseUrl: msg.baseUrl });
      post({ type: 'ready', capabilities: bl.capabilities, schema: bl.paramSchema(), crossOriginIsolated: self.crossOriginIsolated === true });
      return;
    }
    case 'load': {
      // The new table replaces the old one only once it has been read without error.
      const next = bl!.readCSV(new Uint8Array(msg.bytes));
      table?.dispose();
      table = next;
      post({ type: 'table', name: msg.name, rows: next.numRows, columns: next.columns });
      return;
    }
    case 'train': {
      const { target, task, ignore, validFraction, seed, params } = msg.request;
      const data = table!.toDataset({ target, task: task as 'auto', ignore, validFraction, seed });
      stop = new AbortController();
      try {
        const rounds = Number(params.rounds ?? 100);
        const model = await bl!.train(data, params, {
          signal: stop.signal,
          onRound: (report) => post({ type: 'round', report, rounds }),
        });
        post({ type: 'done', trees: model.numTrees, aborted: model.aborted });
        model.dispose();
      } finally {
        data.dispose();
        stop = null;
      }
      return;
    }
    case 'stop':
      stop?.abort();
      return;
  }
}

self.onmessage = async (event: MessageEvent<ToWorker>) => {
  const msg = event.data;
  try {
    await handle(msg);
  } catch (e) {
    if (msg.type === 'init' || msg.type === 'load' || msg.type === 'train') post({ type: 'error', during: msg.type, error: describe(e) });
  }
};
