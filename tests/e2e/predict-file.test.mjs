// Another file predicted by the model just trained, with no download and load: a practitioner's
// test set (with its target: scored, every row) and new rows (without it: predicted). The model is
// kept at the round picked on the chart, as its download would be, and with the column of starting
// scores it trained with; the package's model cut to that round predicts and scores the same.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { download, near, pageAndPackage, setParam, train, waitForData } from './browser.mjs';

const ctx = pageAndPackage('predict-file');

// A Poisson count over an exposure: claims ~ years · e^(1.2 x1 − x2), log(years) the offset.
function claims(seed, n, withTarget = true) {
  const lines = [['x1', 'x2', 'log_years', ...(withTarget ? ['claims'] : [])].join(',')];
  let s = seed;
  const rand = () => ((s = (s * 1103515245 + 12345) % 2147483648) / 2147483648);
  for (let i = 0; i < n; i++) {
    const x1 = rand(), x2 = rand(), years = 0.5 + 4.5 * rand(), mean = years * Math.exp(1.2 * x1 - x2);
    let k = 0, p = rand();
    while (p > Math.exp(-mean)) { k++; p *= rand(); }
    lines.push([x1.toFixed(4), x2.toFixed(4), Math.log(years).toFixed(6), ...(withTarget ? [k] : [])].join(','));
  }
  return lines.join('\n') + '\n';
}

const csv = (name, text) => ({ name, mimeType: 'text/csv', buffer: Buffer.from(text) });

test('a test set and new rows predicted by the run\'s model at the round picked, as the package\'s model cut there predicts them', async () => {
  const { page } = ctx.site;
  const text = claims(29, 800), tested = claims(71, 300), fresh = claims(113, 120, false);
  await page.setInputFiles('#file-input', csv('claims.csv', text));
  await waitForData(page, 'claims.csv');
  assert.equal(await page.isDisabled('#predict-file'), true, 'no model yet');
  await page.selectOption('#target', 'claims');
  await page.selectOption('#task', 'regression');
  await page.selectOption('#base-margin', 'log_years');
  await setParam(page, 'objective', 'count:poisson');
  await train(page, 8);
  // Round 5 picked on the chart: the model kept is its first 5 rounds.
  await page.fill('#round-scrub', '5');
  await page.dispatchEvent('#round-scrub', 'input');
  await page.waitForFunction(() => /at round 5/.test(document.getElementById('download-predictions').textContent));
  assert.equal(await page.isDisabled('#predict-file'), false);
  await page.setInputFiles('#predict-input', csv('claims_test.csv', tested));
  await waitForData(page, 'claims_test.csv');
  await page.waitForFunction(() => /^Predicting with Run \d+'s model \(its first 5 rounds\), trained on claims\.csv: 5 trees predicting claims/.test(document.getElementById('model-status').textContent));
  assert.match(await page.textContent('#model-status'), /starting scores from log_years: each row here starts there too/);
  assert.equal(await page.inputValue('#target'), 'claims', 'the model\'s target');
  // The chart goes on showing the run whose model predicts (the new file has no runs of its own).
  assert.equal(await page.$eval('#loss-chart', (e) => e.dataset.pointsTrain), '8', 'the trained-on run\'s curve');

  // The package: the same run, cut at round 5, on the test file.
  const table = ctx.bl.readCSV(text);
  const data = table.toDataset({ target: 'claims', task: 'regression', baseMargin: 'log_years', validFraction: 0.2, seed: 0, skipMissingTarget: true });
  const trainer = ctx.bl.trainer(data, { algorithm: 'xgboost', objective: 'count:poisson', rounds: 8 });
  for (let r = 0; r < 8; r++) trainer.step();
  const whole = trainer.take(), model = whole.firstRounds(5);
  const test = ctx.bl.readCSV(tested);
  const theirs = model.evaluate(test, { baseMargin: 'log_years' });
  // Every row of the test file is scored (none was trained on), each from its own starting score.
  await page.waitForFunction(() => document.getElementById('result-panel').dataset.rmse);
  near(Number(await page.$eval('#result-panel', (e) => e.dataset.rmse)), theirs.rmse, 1e-4, 'the test file\'s RMSE at round 5');
  assert.ok(Math.abs(whole.evaluate(test, { baseMargin: 'log_years' }).rmse - theirs.rmse) > 1e-4 * theirs.rmse, 'round 8 scores otherwise');
  assert.match(await page.textContent('#result-panel'), /300/);
  assert.match(await page.textContent('#result-summary'), /It learnt from claims\.csv, none of whose rows these are/);
  let [head, ...rows] = (await download(page, '#download-predictions')).trim().split('\n').map((l) => l.split(','));
  assert.equal(rows.length, 300);
  let predicted = model.predict(test, { baseMargin: 'log_years' }), at = head.indexOf('predicted claims');
  assert.ok(at > 0, head.join(' | '));
  for (let r = 0; r < rows.length; r += 17) near(Number(rows[r][at]), predicted[r], 1e-5, `test row ${r + 1}`);
  // The file's columns the model does not read (the offset) and its actual target, to join and check the rows by.
  assert.deepEqual(head, ['line', 'log_years', 'claims', 'predicted claims']);
  const actual = tested.trim().split('\n').slice(1).map((l) => l.split(',').at(-1));
  assert.deepEqual(rows.map((r) => r[2]), actual);
  // Another round picked on the slider: the kept model's first 3 rounds score and predict the file.
  await page.fill('#round-scrub', '3');
  await page.dispatchEvent('#round-scrub', 'input');
  await page.waitForFunction(() => /round 3's model/.test(document.getElementById('result-summary').textContent));
  const three = whole.firstRounds(3);
  near(Number(await page.$eval('#result-panel', (e) => e.dataset.rmse)), three.evaluate(test, { baseMargin: 'log_years' }).rmse, 1e-4, 'round 3\'s RMSE');
  [head, ...rows] = (await download(page, '#download-predictions')).trim().split('\n').map((l) => l.split(','));
  const p3 = three.predict(test, { baseMargin: 'log_years' });
  for (let r = 0; r < rows.length; r += 29) near(Number(rows[r][3]), p3[r], 1e-5, `test row ${r + 1} at round 3`);
  three.dispose();
  await page.click('#round-newest');

  // New rows, no target: predicted (the same model stays on show), not scored.
  await page.setInputFiles('#predict-input', csv('claims_new.csv', fresh));
  await waitForData(page, 'claims_new.csv');
  await page.waitForFunction(() => /has no column 'claims'/.test(document.getElementById('result-panel').textContent));
  assert.match(await page.textContent('#model-status'), /^Predicting with Run \d+'s model \(its first 5 rounds\), trained on claims\.csv/);
  [head, ...rows] = (await download(page, '#download-predictions')).trim().split('\n').map((l) => l.split(','));
  const freshTable = ctx.bl.readCSV(fresh);
  predicted = model.predict(freshTable, { baseMargin: 'log_years' });
  at = head.indexOf('predicted claims');
  assert.equal(rows.length, 120);
  for (let r = 0; r < rows.length; r += 11) near(Number(rows[r][at]), predicted[r], 1e-5, `new row ${r + 1}`);

  // No target is picked for it (a guess, log_years, is what Play would have learnt): Play says to pick one.
  assert.equal(await page.inputValue('#target'), '');
  assert.match(await page.textContent('#task-note'), /No target: the model on show predicts these rows \(this file has no 'claims'\)/);
  await page.click('#train');
  await page.waitForFunction(() => /^Not started: pick the column to predict under Target/.test(document.getElementById('train-message').textContent));
  assert.match(await page.textContent('#model-status'), /a target picked, Play trains a new model on claims_new\.csv/);
  // Back to the file it learnt from (the same bytes opened again): its held-out rows are scored again, not every row.
  await page.setInputFiles('#predict-input', csv('claims.csv', text));
  await waitForData(page, 'claims.csv');
  await page.waitForFunction(() => document.getElementById('result-panel').dataset.scored === 'valid');
  near(Number(await page.$eval('#result-panel', (e) => e.dataset.rmse)), model.evaluate(table, { rows: data.validRows(), baseMargin: 'log_years' }).rmse, 1e-4, 'the held-out rows\' RMSE, back on claims.csv');
  assert.equal(Number(await page.$eval('#result-panel', (e) => e.dataset.rows)), data.numValid);
  // Play trains on the file loaded: the kept model goes, as a loaded one does.
  await page.setInputFiles('#predict-input', csv('claims_new.csv', fresh));
  await waitForData(page, 'claims_new.csv');
  await page.selectOption('#target', 'x1');
  await train(page, 2);
  assert.equal(await page.textContent('#model-status'), '');
  [whole, model, data, table, test, freshTable].forEach((x) => x.dispose());
});

// Customers: a yes/no target from income and a job (text); the new ones hold a job never seen.
function customers(seed, n, { withTarget = true, jobs = ['clerk', 'nurse', 'driver', 'teacher'] } = {}) {
  let s = seed;
  const rand = () => ((s = (s * 1103515245 + 12345) % 2147483648) / 2147483648);
  const lines = [['income', 'job', ...(withTarget ? ['defaulted'] : [])].join(',')];
  for (let i = 0; i < n; i++) {
    const income = 20 + 80 * rand(), job = jobs[Math.floor(rand() * jobs.length)];
    const risk = 1 / (1 + Math.exp((income - 45) / 8 - (job === 'driver' ? 1 : 0)));
    lines.push([income.toFixed(1), job, ...(withTarget ? [rand() < risk ? 'yes' : 'no'] : [])].join(','));
  }
  return lines.join('\n') + '\n';
}

test('new rows without the target: how many the model calls each class at the threshold, and the levels it never saw', async () => {
  const { page } = ctx.site;
  const text = customers(5, 600), fresh = customers(17, 150, { withTarget: false, jobs: ['clerk', 'nurse', 'driver', 'teacher', 'student'] });
  await page.setInputFiles('#file-input', csv('customers.csv', text));
  await waitForData(page, 'customers.csv');
  await page.selectOption('#target', 'defaulted');
  await train(page, 6);
  await page.setInputFiles('#predict-input', csv('new_customers.csv', fresh));
  await waitForData(page, 'new_customers.csv');
  await page.waitForFunction(() => document.getElementById('result-panel').dataset.described === '150');
  const said = await page.textContent('#result-summary');
  // The package: the same run's model on the new rows, p > 0.5 called 'yes'.
  const table = ctx.bl.readCSV(text);
  const trainer = ctx.bl.trainer(table.toDataset({ target: 'defaulted', validFraction: 0.2, seed: 0, skipMissingTarget: true }), { algorithm: 'xgboost', rounds: 6 });
  for (let r = 0; r < 6; r++) trainer.step();
  const model = trainer.take(), freshTable = ctx.bl.readCSV(fresh);
  const p = model.predict(freshTable), called = p.filter((q) => q > 0.5).length;
  assert.match(said, new RegExp(`Of its 150 rows, ${called} \\([\\d.]+ %\\) have p > 0\\.5 and are called 'yes'`));
  const students = fresh.split('\n').filter((l) => l.endsWith(',student')).length;
  assert.ok(students > 0);
  assert.match(said, new RegExp(`${students} rows of new_customers\\.csv hold a level of job the model never saw \\(such as 'student'\\): it predicts them as if job were missing`));
  // One click back to the data it learnt from: its held-out rows scored again, the button gone.
  assert.equal(await page.textContent('#back-to-trained'), 'Back to customers.csv');
  await page.click('#back-to-trained');
  await waitForData(page, 'customers.csv');
  await page.waitForFunction(() => document.getElementById('result-panel').dataset.scored === 'valid');
  assert.equal(Number(await page.$eval('#result-panel', (e) => e.dataset.rows)), 120);
  assert.equal(await page.inputValue('#target'), 'defaulted');
  assert.equal(await page.isHidden('#back-to-trained'), true);
  [model, table, freshTable].forEach((x) => x.dispose());
});
