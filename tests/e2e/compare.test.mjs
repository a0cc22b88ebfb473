// Side by side: the presets train their runs one after another on the same
// rows, and the comparison's numbers are checked against the package in Node
// trained on the same rows: each run's validation metrics, the uniform vote,
// the linear blend's weights and the stacking model's metrics, all on the
// odd-numbered validation rows (the blends are fit on the even-numbered);
// and for AdaBoost beside gradient boosting on the exponential loss, the
// loss per round against the engine's own round reports.
import assert from 'node:assert/strict';
import { readFile } from 'node:fs/promises';
import { test } from 'node:test';
import { near, pageAndPackage, useToy } from './browser.mjs';

const ctx = pageAndPackage('compare');


async function runPreset(page, preset, rounds, runs) {
  await useToy(page, 'circles', 300);
  await page.fill('#param-rounds', String(rounds));
  await page.dispatchEvent('#param-rounds', 'change');
  await page.click(`#preset-${preset}`);
  await page.waitForFunction((n) => document.getElementById('compare-runs').dataset.runs === String(n), runs, { timeout: 240_000 });
}

// The rows the page trained on, from the worked table's CSV: x1, x2, y and train/valid.
async function rowsOfPage(page) {
  await page.waitForFunction(() => !document.getElementById('worked-csv').disabled);
  const [file] = await Promise.all([page.waitForEvent('download'), page.click('#worked-csv')]);
  const [head, ...lines] = (await readFile(await file.path(), 'utf8')).trim().split('\n');
  const names = head.split(',');
  const col = (name) => lines.map((l) => l.split(',')[names.indexOf(name)]);
  const table = ctx.bl.fromColumns({ x1: Float64Array.from(col('x1'), Number), x2: Float64Array.from(col('x2'), Number), y: Float64Array.from(col('y'), Number) });
  const validRows = Uint32Array.from(col('set').flatMap((s, i) => (s === 'valid' ? [i] : [])));
  return { table, validRows, y: col('y').map(Number) };
}

function nodeModel(rows, params) {
  const data = rows.table.toDataset({ target: 'y', validRows: rows.validRows });
  const trainer = ctx.bl.trainer(data, params);
  const reports = [];
  while (!trainer.done) reports.push(trainer.step());
  const model = trainer.take();
  trainer.dispose();
  data.dispose();
  return { model, reports };
}

const logloss = (p, y) => -p.reduce((s, q, i) => s + (y[i] ? Math.log(Math.min(1 - 1e-15, Math.max(1e-15, q))) : Math.log(Math.min(1 - 1e-15, Math.max(1e-15, 1 - q)))), 0) / p.length;

test('the four algorithms: each run\'s metric, the uniform vote, the linear blend\'s weights and stacking, against the package on the same rows', async () => {
  const { page } = ctx.site;
  await runPreset(page, 'four', 6, 4);
  const cards = await page.$$eval('#compare-runs .compare-card', (els) => els.map((e) => ({ ...e.dataset })));
  assert.deepEqual(cards.map((c) => c.algorithm), ['xgboost', 'gbdt', 'adaboost', 'random_forest']);
  assert.equal(await page.locator('#compare-runs canvas.compare-surface').count(), 4, 'a picture per run');
  // The chart on logloss: the runs that do not report it are named, not silently left out.
  await page.selectOption('#metric', 'logloss');
  await page.waitForFunction(() => document.getElementById('loss-chart').dataset.metric === 'logloss');
  assert.match(await page.textContent('#chart-hint'), /Run \d+ \(random forest\)(, Run \d+ \([\w ]+\))* reports? no logloss: pick another metric/);
  await page.selectOption('#metric', 'error');
  // The current run's entries come last in the legend: when they are past its height, it opens scrolled to them.
  const legend = await page.$eval('#loss-chart .u-legend', (l) => {
    const last = l.querySelector('tr:last-child')?.getBoundingClientRect(), box = l.getBoundingClientRect();
    return { overflows: l.scrollHeight > l.clientHeight, lastInView: !!last && last.bottom <= box.bottom + 1 && last.top >= box.top - 1 };
  });
  assert.ok(!legend.overflows || legend.lastInView, `the current run's entries in view: ${JSON.stringify(legend)}`);
  const rows = await rowsOfPage(page);
  try {
    const valid = Array.from(rows.validRows);
    const fit = valid.filter((_, i) => i % 2 === 0), held = valid.filter((_, i) => i % 2 === 1);
    const preds = cards.map((c) => {
      const { model } = nodeModel(rows, { algorithm: c.algorithm, rounds: 6 });
      const p = model.predict(rows.table);
      model.dispose();
      return p;
    });
    const yHeld = held.map((r) => rows.y[r]);
    cards.forEach((c, j) => near(Number(c.logloss), logloss(held.map((r) => preds[j][r]), yHeld), 1e-9, `${c.algorithm}'s logloss`));
    const blend = async (name) => page.$eval(`#compare-blends tr[data-blend="${name}"]`, (e) => ({ ...e.dataset }));
    const uniform = await blend('uniform');
    near(Number(uniform.logloss), logloss(held.map((r) => preds.reduce((s, p) => s + p[r], 0) / 4), yHeld), 1e-9, 'uniform vote');
    // Linear blending as the notes define it, α ≥ 0: for classes the mixture Σ α p (Σ α = 1) of the
    // models' probabilities that is likeliest on the even rows. At its top, each model with α > 0 has
    // mean p_m(y)/P(y) = 1 over those rows, and none with α = 0 more. The odd rows' log loss is the mixture's.
    const linear = await blend('linear');
    const w = JSON.parse(linear.weights);
    assert.ok(w.every((a) => a >= 0), `α ≥ 0: ${w}`);
    near(w.reduce((a, b) => a + b, 0), 1, 1e-9, 'Σ α = 1');
    const like = (p, r) => Math.max(1e-15, rows.y[r] ? p[r] : 1 - p[r]);
    for (let m = 0; m < 4; m++) {
      const ratio = fit.reduce((t, r) => t + like(preds[m], r) / preds.reduce((u, p, j) => u + w[j] * like(p, r), 0), 0) / fit.length;
      if (w[m] > 1e-6) near(ratio, 1, 1e-3, `run ${m + 1}'s mean p/P`);
      else assert.ok(ratio <= 1 + 1e-3, `α of run ${m + 1} is 0 though the likelihood rises along it: ${ratio}`);
    }
    near(Number(linear.logloss), logloss(held.map((r) => preds.reduce((t, p, m) => t + w[m] * p[r], 0)), yHeld), 1e-9, 'linear blend');
    // A blend among which the uniform vote is one: on the rows it was fit on it is at least as likely.
    const fitLoss = (weights) => -fit.reduce((t, r) => t + Math.log(preds.reduce((u, p, m) => u + weights[m] * like(p, r), 0)), 0);
    assert.ok(fitLoss(w) <= fitLoss([0.25, 0.25, 0.25, 0.25]) + 1e-9);
    // Stacking: the same depth-2 booster, trained on the even rows' predictions, scored on the odd.
    const columns = (idx) => Object.fromEntries(preds.map((p, m) => [`m${m}_0`, Float64Array.from(idx, (r) => p[r])]));
    const fitTable = ctx.bl.fromColumns({ ...columns(fit), y: Float64Array.from(fit, (r) => rows.y[r]) });
    const heldTable = ctx.bl.fromColumns(columns(held));
    const stack = nodeModel({ table: fitTable, validRows: new Uint32Array(0) }, { algorithm: 'xgboost', rounds: 20, max_depth: 2, eta: 0.3, nthread: 1, seed: 0 });
    near(Number((await blend('stacking')).logloss), logloss(Array.from(stack.model.predict(heldTable)), yHeld), 1e-9, 'stacking');
    stack.model.dispose();
    fitTable.dispose();
    heldTable.dispose();
  } finally {
    rows.table.dispose();
  }
  assert.match(await page.textContent('#compare-caption'), /the linear blend and the stacking model were fit on the other/);
});

test('a class the blends\' fit rows lack: stacking says so instead of printing NaN; the linear blend\'s weights stay α ≥ 0', async () => {
  const { page } = ctx.site;
  // Three classes, one of them a single row: it cannot be among the rows the stacker is fit on and the rows it is scored on both.
  const lines = ['x1,x2,k'];
  for (let i = 0; i < 240; i++) lines.push(`${(i * 37) % 101},${(i * 53) % 97},${i === 7 ? 'rare' : i % 2 ? 'odd' : 'even'}`);
  await page.setInputFiles('#file-input', { name: 'rare.csv', mimeType: 'text/csv', buffer: Buffer.from(lines.join('\n') + '\n') });
  await page.waitForFunction(() => /^rare\.csv: /.test(document.getElementById('data-name').textContent) && !document.getElementById('train').disabled);
  await page.fill('#param-rounds', '4');
  await page.dispatchEvent('#param-rounds', 'change');
  await page.click('#preset-four');
  await page.waitForFunction(() => document.getElementById('compare-runs').dataset.runs === '4', null, { timeout: 240_000 });
  await page.waitForSelector('#compare-blends tr[data-blend="stacking"]');
  const stacking = await page.$eval('#compare-blends tr[data-blend="stacking"]', (e) => ({ ...e.dataset, text: e.textContent }));
  assert.match(stacking.note, /^Not fit: the \d+ rows it is fit on hold no row of class 'rare', so a stacker could not predict it\.$/);
  assert.doesNotMatch(stacking.text, /NaN/);
  const linear = await page.$eval('#compare-blends tr[data-blend="linear"]', (e) => ({ ...e.dataset }));
  assert.ok(JSON.parse(linear.weights).every((a) => a >= 0), linear.weights);
  assert.ok(Number.isFinite(Number(linear.mlogloss)), linear.mlogloss);
  // The preset again (longer runs, to be seen training): while they train, the earlier comparison is not shown as this one's.
  await page.fill('#param-rounds', '400');
  await page.dispatchEvent('#param-rounds', 'change');
  await page.click('#preset-four');
  await page.waitForFunction(() => /^Training /.test(document.getElementById('compare-status').textContent), null, { polling: 10 });
  assert.equal(await page.getAttribute('#compare-runs', 'data-runs'), '0');
  assert.equal(await page.locator('#compare-blends tr').count(), 0);
  await page.waitForFunction(() => document.getElementById('compare-runs').dataset.runs === '4', null, { timeout: 240_000 });
});

test('AdaBoost beside gradient boosting on the exponential loss: stumps, and each round\'s exponential loss from the margins equals AdaBoost\'s own report', async () => {
  const { page } = ctx.site;
  await runPreset(page, 'adaboost-exponential', 8, 2);
  const cards = await page.$$eval('#compare-runs .compare-card', (els) => els.map((e) => ({ algorithm: e.dataset.algorithm, text: e.textContent,
    exp: JSON.parse(e.querySelector('.exp-loss')?.dataset.values ?? 'null') })));
  assert.deepEqual(cards.map((c) => c.algorithm), ['adaboost', 'gbdt']);
  for (const c of cards) assert.match(c.text, /First tree: x\d < [-\d.]+ → yes: leaf [-\d.]+; no: leaf [-\d.]+logloss/, 'a stump');
  // The runs' losses together: the scale and the rounds written on the chart.
  const ticks = await page.$$eval('#compare-losses svg text', (ts) => ts.map((t) => t.textContent));
  assert.deepEqual(ticks.slice(2), ['round 1', 'round 8']);
  assert.ok(ticks.slice(0, 2).every((t) => Number.isFinite(Number(t))), ticks.join(' | '));
  // Each card's own line too: between its highest and lowest value, each written beside it (it was drawn from 0 with no scale).
  const own = await page.$$eval('#compare-runs .exp-loss svg text', (ts) => ts.map((t) => t.textContent));
  assert.deepEqual(own.filter((t) => t.startsWith('round')), ['round 1', 'round 8', 'round 1', 'round 8']);
  for (const [i, c] of cards.entries())
    assert.deepEqual(own.slice(4 * i, 4 * i + 2).map(Number).map((v) => v.toPrecision(3)),
      [Math.max(...c.exp), Math.min(...c.exp)].map((v) => v.toPrecision(3)), c.algorithm);
  const rows = await rowsOfPage(page);
  try {
    // AdaBoost: mean exp(−ỹ·F_t/2) over the training rows is the product of its reweighting normalisers (its report).
    const ada = nodeModel(rows, { algorithm: 'adaboost', rounds: 8, max_depth: 1, eta: 1 });
    assert.equal(cards[0].exp.length, 8);
    cards[0].exp.forEach((v, t) => near(v, ada.reports[t].expLoss, 1e-6, `AdaBoost's exponential loss after round ${t + 1}`));
    ada.model.dispose();
    // Gradient boosting on binary:exponential: mean exp(−ỹ·F_t), falling round by round.
    const gb = nodeModel(rows, { algorithm: 'gbdt', rounds: 8, max_depth: 1, eta: 1, objective: 'binary:exponential' });
    const train = Array.from({ length: rows.y.length }, (_, i) => i).filter((i) => !rows.validRows.includes(i));
    cards[1].exp.forEach((v, t) => {
      const F = gb.model.predict(rows.table, { output: 'margin', rounds: t + 1 });
      near(v, train.reduce((s, r) => s + Math.exp(-(rows.y[r] ? 1 : -1) * F[r]), 0) / train.length, 1e-6, `gbdt's exponential loss after round ${t + 1}`);
      if (t) assert.ok(v <= cards[1].exp[t - 1] + 1e-12, 'gradient descent on the exponential loss does not raise it');
    });
    gb.model.dispose();
  } finally {
    rows.table.dispose();
  }
});

test('a preset trains the rounds the field shows: its default when nothing was typed', async () => {
  const { page, origin } = ctx.site;
  await page.goto('about:blank');
  await page.goto(`${origin}/#data=toy:circles:200:0.15:0`);
  await page.waitForFunction(() => !document.getElementById('train').disabled && /toy: circles/.test(document.getElementById('data-name').textContent));
  const shown = await page.inputValue('#param-rounds');
  await page.click('#preset-four');
  await page.waitForFunction(() => / of \d+/.test(document.getElementById('train-status').textContent));
  const planned = /round \d+ of (\d+)/.exec(await page.textContent('#train-status'))?.[1];
  assert.equal(planned, shown, 'the first run plans the rounds the field showed');
  await page.click('#stop');
});
