// The page: starts training in a worker, shows each report it posts, and can
// stop it (the worker finishes the round and sends the model so far). The page
// never waits on the engine, so it stays responsive however long training takes.
const log = (line) => { document.querySelector('#log').textContent += line + '\n'; };
const trainButton = document.querySelector('#train'), stopButton = document.querySelector('#stop');
const running = (on) => { trainButton.disabled = on; stopButton.disabled = !on; };
const worker = new Worker(new URL('./train.worker.js', import.meta.url), { type: 'module' });

worker.onmessage = ({ data: m }) => {
  if (m.type === 'round') log(`round ${m.round}: validation ${m.metric} ${m.value.toFixed(4)}`);
  if (m.type === 'error') log(`${m.code}: ${m.message}`);
  if (m.type === 'done') {
    log(`${m.aborted ? 'stopped' : 'done'} after ${m.trees} trees; predicted ${m.rows} penguins; the first: ${m.first}`);
    const link = document.querySelector('#download');
    link.href = URL.createObjectURL(new Blob([m.xgboostJson], { type: 'application/json' }));
    link.hidden = false;
  }
  if (m.type === 'done' || m.type === 'error') running(false);
};
trainButton.onclick = () => {
  running(true);
  worker.postMessage({ type: 'train', csvUrl: new URL('../penguins.csv', import.meta.url).href, rounds: 30 });
};
stopButton.onclick = () => worker.postMessage({ type: 'stop' });
