// A starting margin in the page: a Poisson count over an exposure, each row
// starting at log(years) (XGBoost's base_margin). The run, the result panel's
// scores, the predictions file and the scale-out script all start each row
// there, as the package does; the offset is no feature, and the choice rides
// in the link.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { download, near, pageAndPackage, setParam, train, waitForData } from './browser.mjs';

const ctx = pageAndPackage('base-margin');

function claims() {
  const lines = ['x1,x2,log_years,claims'];
  let s = 29;
  const rand = () => ((s = (s * 1103515245 + 12345) % 2147483648) / 2147483648);
  for (let i = 0; i < 800; i++) {
    const x1 = rand(), x2 = rand(), years = 0.5 + 4.5 * rand(), mean = years * Math.exp(1.2 * x1 - x2);
    let k = 0, p = rand();
    while (p > Math.exp(-mean)) { k++; p *= rand(); }
    lines.push([x1.toFixed(4), x2.toFixed(4), Math.log(years).toFixed(6), k].join(','));
  }
  return lines.join('\n') + '\n';
}

test('claims over years: count:poisson started at log_years scores, predicts and continues as the package does', async () => {
  const { page } = ctx.site;
  const text = claims();
  await page.setInputFiles('#file-input', { name: 'claims.csv', mimeType: 'text/csv', buffer: Buffer.from(text) });
  await waitForData(page, 'claims.csv');
  await page.selectOption('#target', 'claims');
  await page.selectOption('#task', 'regression');
  assert.equal(await page.isVisible('#base-margin'), true);
  await page.selectOption('#base-margin', 'log_years');
  assert.equal(await page.isVisible('#ignore input[value="log_years"]'), false, 'the offset is no feature to ignore');
  await setParam(page, 'objective', 'count:poisson');
  await train(page, 8, { curve: 'valid' });
  const line = await page.textContent('#last-round');
  const shown = Number(/valid[^;]*poisson-nloglik ([\d.]+)/.exec(line)?.[1]);
  assert.ok(Number.isFinite(shown), line);

  const table = ctx.bl.readCSV(text);
  const data = table.toDataset({ target: 'claims', task: 'regression', baseMargin: 'log_years', validFraction: 0.2, seed: 0, skipMissingTarget: true });
  const trainer = ctx.bl.trainer(data, { algorithm: 'xgboost', objective: 'count:poisson', rounds: 8 });
  let last;
  for (let r = 0; r < 8; r++) last = trainer.step();
  near(shown, last.valid['poisson-nloglik'], 1e-3, 'the valid poisson-nloglik of round 8');
  const model = trainer.take();
  assert.deepEqual(model.summary().features.map((f) => f.name), ['x1', 'x2']);

  // The result panel scores the held-out rows from their margins, as evaluate() with baseMargin does.
  const valid = data.validRows();
  const theirs = model.evaluate(table, { rows: valid, baseMargin: 'log_years' });
  const without = model.evaluate(table, { rows: valid });
  await page.waitForFunction(() => document.getElementById('result-panel').dataset.rmse);
  near(Number(await page.$eval('#result-panel', (e) => e.dataset.rmse)), theirs.rmse, 1e-4, 'the held-out rows\' RMSE');
  assert.ok(Math.abs(without.rmse - theirs.rmse) > 1e-3 * theirs.rmse, 'the margins change the scores');

  // The predictions file: each row's count from its own margin.
  const [head, ...rows] = (await download(page, '#download-predictions')).trim().split('\n').map((l) => l.split(','));
  const predicted = model.predict(table, { baseMargin: 'log_years' }), at = head.indexOf('predicted claims');
  assert.ok(at > 0, head.join(' | '));
  for (let r = 0; r < rows.length; r += 53) near(Number(rows[r][at]), predicted[r], 1e-5, `row ${r + 1}'s predicted count`);

  // The script starts the cluster's rows there too; the link keeps the column.
  assert.match(await download(page, '#download-scale-script'), /"base_margin": "log_years"/);
  assert.match(decodeURIComponent(await page.evaluate(() => location.hash)), /margin=log_years/);
  model.dispose(); data.dispose(); table.dispose();

  // Several classes need a margin each: the page offers none for them, and the column is a feature again (listed to ignore).
  await page.selectOption('#task', 'multiclass');
  assert.equal(await page.isVisible('#base-margin'), false);
  assert.equal(await page.isVisible('#ignore input[value="log_years"]'), true);
  await page.selectOption('#task', 'auto');
  await setParam(page, 'objective', '');
});
