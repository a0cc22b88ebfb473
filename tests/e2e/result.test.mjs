// "How good is the model?": the model on show scored on its validation rows
// (a confusion matrix, R² and actual against predicted), checked against the
// package's evaluate() of the model and rows the page downloads; a loaded model
// scored on new rows with its target, and told when they have none.
import assert from 'node:assert/strict';
import { readFile } from 'node:fs/promises';
import { readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { test } from 'node:test';
import { fileURLToPath } from 'node:url';
import { download, near, pageAndPackage, setParam, train, useToy, waitForData } from './browser.mjs';

const ctx = pageAndPackage('result');
const SPAM = fileURLToPath(new URL('../data/spam.csv', import.meta.url));

// Waits for the panel's answer about `rows` rows; returns its data attributes.
async function scored(page) {
  await page.waitForFunction(() => document.getElementById('result-panel').dataset.task);
  return page.$eval('#result-panel', (e) => ({ ...e.dataset }));
}

test('spam: the validation rows\' confusion matrix and accuracy are the package\'s evaluate() of the page\'s model and rows', async () => {
  const { page } = ctx.site;
  await page.setInputFiles('#file-input', SPAM);
  await waitForData(page, 'spam.csv');
  await page.selectOption('#target', 'type');
  await train(page, 20);
  const shown = await scored(page);
  assert.equal(shown.task, 'binary');
  assert.equal(shown.scored, 'valid');
  const model = ctx.bl.loadModel(await download(page, '#download-model'));
  const rows = (await download(page, '#download-scale-rows')).trim().split('\n').map(Number);
  const table = ctx.bl.readCSV(readFileSync(SPAM));
  try {
    const e = model.evaluate(table, { rows });
    assert.equal(Number(shown.rows), e.rows);
    near(Number(shown.accuracy), e.accuracy, 1e-12, 'accuracy');
    near(Number(shown.auc), e.auc, 1e-12, 'AUC');
    near(Number(shown.logloss), e.logloss, 1e-12, 'log loss');
    near(Number(shown.aucpr), e.aucpr, 1e-12, 'PR AUC');
    assert.match(await page.textContent('#result-summary'), new RegExp(`PR AUC ${e.aucpr.toFixed(3)} \\(precision for 'spam' averaged over recall`));
    // The precision-recall curve beside the ROC: its dot at t's (recall, precision).
    assert.equal(await page.locator('#result-body figure.pr circle.point').count(), 1);
    // Calibration: in each tenth of p (g/10 < p <= (g+1)/10), the share of the rows that are spam, from the package's p.
    const probability = model.predict(table), spamRow = readFileSync(SPAM, 'utf8').trim().split('\n').slice(1).map((l) => l.endsWith(',spam'));
    const tenths = Array.from({ length: 10 }, () => [0, 0]);
    for (const r of rows) { const g = Math.min(9, Math.max(0, Math.ceil(probability[r] * 10) - 1)); tenths[g][0]++; if (spamRow[r]) tenths[g][1]++; }
    const expected = tenths.filter(([n]) => n > 0).map(([n, s]) => (s / n).toFixed(6)).join(',');
    assert.equal(await page.$eval('#result-body figure.calibration svg', (s) => s.dataset.shares), expected);
    assert.match(await page.textContent('#result-summary'), new RegExp(`AUC ${e.auc.toFixed(3)} \\(the chance a 'spam' row gets a higher p than a 'nonspam' one, ties counting half\\), log loss [\\d.]+\\.`));
    const cells = await page.$$eval('#result-body table.confusion tbody tr', (trs) => trs.map((tr) => [...tr.querySelectorAll('td')].slice(0, 2).map((td) => Number(td.dataset.v))));
    assert.deepEqual(cells.flat(), [...e.confusion]);
    assert.deepEqual(await page.$$eval('#result-body table.confusion thead th', (ths) => ths.slice(1, 3).map((th) => th.textContent)), e.classes);
    assert.match(await page.textContent('#result-summary'), new RegExp(`Accuracy ${(100 * e.accuracy).toFixed(1)} % at p > 0\\.5, the model's own call: [\\d,]+ of the ${e.rows} validation rows`));
    assert.match(await page.textContent('#result-summary'), /commonest class \('nonspam'\) would be right on [\d.]+ %.*precision [\d.]+ %.*recall [\d.]+ %/);
    // The threshold: at 0.3 the matrix counts the rows whose p is above it, as the package's probabilities do;
    // '½' brings back the model's own call, the matrix above.
    const p = model.predict(table), lines = readFileSync(SPAM, 'utf8').trim().split('\n').slice(1);
    const matrixAt = (t) => { const m = [0, 0, 0, 0]; for (const r of rows) m[(lines[r].endsWith(',spam') ? 2 : 0) + (p[r] > t ? 1 : 0)]++; return m; };
    const matrixShown = () => page.$$eval('#result-body table.confusion tbody tr', (trs) => trs.flatMap((tr) => [...tr.querySelectorAll('td')].slice(0, 2).map((td) => Number(td.dataset.v))));
    await page.fill('#threshold', '300');
    await page.dispatchEvent('#threshold', 'input');
    assert.equal(await page.getAttribute('#result-panel', 'data-threshold'), '0.3');
    const at3 = matrixAt(0.3);
    assert.deepEqual(await matrixShown(), at3);
    assert.notDeepEqual(at3, [...e.confusion], 'the threshold moved some rows');
    assert.match(await page.textContent('#result-body'), new RegExp(`At t = 0\\.300: ${at3[1] + at3[3]} rows called 'spam'; precision ${(100 * at3[3] / (at3[1] + at3[3])).toFixed(1)} %`));
    // The predictions file calls its classes at the threshold picked, and says so.
    const [phead, ...prows] = (await download(page, '#download-predictions')).trim().split('\n').map((l) => l.split(','));
    const called = phead.indexOf('predicted type (p > 0.3)'), pcol = phead.indexOf('p(type = spam)');
    assert.ok(called > 0 && pcol > 0, phead.join(' | '));
    assert.ok(prows.every((r) => r[called] === (Number(r[pcol]) > 0.3 ? 'spam' : 'nonspam')), 'each row called at p > 0.3');
    await page.click('#result-body button:text-is("½")');
    assert.deepEqual(await matrixShown(), [...e.confusion]);
    // The best F1 is the highest of any threshold's on these rows.
    await page.click('#result-body button:text-matches("^best F1")');
    const f1 = (m) => 2 * m[3] / (2 * m[3] + m[1] + m[2]);
    const best = f1(await matrixShown());
    // The button names that F1 and its threshold (its F1 alone in brackets read as the threshold's).
    const label = await page.textContent('#result-body button:text-matches("^best F1")');
    const [, bestF1, at] = /^best F1 on these rows: ([\d.]+) at t = ([\d.]+)$/.exec(label) ?? [];
    assert.equal(Number(bestF1), Number(best.toFixed(3)), label);
    assert.equal(await page.getAttribute('#result-panel', 'data-threshold'), String(Number(at)), label);
    for (const t of [0.1, 0.2, 0.3, 0.4, 0.5, 0.6, 0.7, 0.8, 0.9]) assert.ok(f1(matrixAt(t)) <= best + 1e-12, `F1 at ${t} above the best`);
    await page.click('#result-body button:text-is("½")');
    // The worked table's file: y is the class index the formulas use, and the class's name follows under the target's.
    await page.waitForFunction(() => !document.getElementById('worked-csv').disabled);
    const [file] = await Promise.all([page.waitForEvent('download'), page.click('#worked-csv')]);
    const [head, ...worked] = (await readFile(await file.path(), 'utf8')).trim().split('\n');
    const names = head.split(','), y = names.indexOf('y (index of the type class)'), named = names.indexOf('type (class of index y)');
    assert.ok(y > 0 && named === y + 1, head);
    for (const line of worked.slice(0, 50)) {
      const cells = line.split(',');
      assert.equal(cells[named], e.classes[Number(cells[y])], line);
    }
    // A round picked on the chart: that round's model scored.
    await page.fill('#round-scrub', '2');
    await page.dispatchEvent('#round-scrub', 'input');
    await page.waitForFunction(() => /round 2's model/.test(document.getElementById('result-summary').textContent));
    const early = model.evaluate(table, { rows, rounds: 2 });
    near(Number(await page.getAttribute('#result-panel', 'data-accuracy')), early.accuracy, 1e-12, 'accuracy at round 2');
    await page.click('#round-newest');
  } finally {
    model.dispose();
    table.dispose();
  }
});

// A run with sample weights is scored with them, as its chart's metrics are.
test('spam with a weight column: the panel weighs each row as the run did', async () => {
  const { page } = ctx.site;
  const lines = readFileSync(SPAM, 'utf8').trim().split('\n');
  const weights = [0.5, 1, 3, 0];
  const csv = [`${lines[0]},w`, ...lines.slice(1).map((line, i) => `${line},${weights[i % 4]}`)].join('\n');
  const file = join(tmpdir(), 'spam_weighted.csv');
  writeFileSync(file, csv);
  await page.setInputFiles('#file-input', file);
  await waitForData(page, 'spam_weighted.csv');
  await page.selectOption('#target', 'type');
  await page.selectOption('#weight', 'w');
  await train(page, 10);
  // (the panel may still hold the run before's answer for a moment: wait for this run's)
  await page.waitForFunction(() => /Weighted by w/.test(document.getElementById('result-summary').textContent));
  const shown = await scored(page);
  const model = ctx.bl.loadModel(await download(page, '#download-model'));
  const rows = (await download(page, '#download-scale-rows')).trim().split('\n').map(Number);
  const table = ctx.bl.readCSV(csv);
  try {
    const e = model.evaluate(table, { rows, weight: 'w' });
    near(Number(shown.accuracy), e.accuracy, 1e-12, 'weighted accuracy');
    near(Number(shown.logloss), e.logloss, 1e-12, 'weighted log loss');
    assert.notEqual(Number(shown.accuracy), model.evaluate(table, { rows }).accuracy);
    assert.match(await page.textContent('#result-summary'), /Weighted by w, as the chart's metrics are/);
    assert.deepEqual(await page.$$eval('#result-body table.confusion thead th', (ths) => ths.slice(3, 4).map((th) => th.textContent)), ['weight']);
  } finally {
    model.dispose();
    table.dispose();
  }
});

test('numbers: R², RMSE and actual against predicted for the sample; a loaded model scores new rows, and says what it cannot', async () => {
  const { page, problems } = ctx.site;
  await page.selectOption('#source', 'sample:auto_mpg');
  await page.waitForFunction(() => document.getElementById('data-name').textContent.includes('auto_mpg') && !document.getElementById('train').disabled);
  await train(page, 15);
  const shown = await scored(page);
  assert.equal(shown.task, 'regression');
  const text = await download(page, '#download-model');
  const model = ctx.bl.loadModel(text);
  const rows = (await download(page, '#download-scale-rows')).trim().split('\n').map(Number);
  const csv = readFileSync(fileURLToPath(new URL('../../web/dist/datasets/auto_mpg.csv', import.meta.url)));
  const table = ctx.bl.readCSV(csv);
  try {
    const e = model.evaluate(table, { rows });
    assert.equal(Number(shown.rows), e.rows);
    near(Number(shown.r2), e.r2, 1e-9, 'R²');
    near(Number(shown.rmse), e.rmse, 1e-9, 'RMSE');
    assert.equal(await page.getAttribute('#result-body svg', 'data-points'), String(Math.min(2000, e.rows)));
    assert.match(await page.textContent('#result-summary'), new RegExp(`R² ${e.r2.toFixed(3)}: on the ${e.rows} validation rows`));
  } finally {
    model.dispose();
    table.dispose();
  }
  // New rows with the target (one missing, and text the model reads): all of them scored, the missing one left out.
  await page.setInputFiles('#model-input', { name: 'mpg.json', mimeType: 'application/json', buffer: Buffer.from(text) });
  await page.waitForFunction(() => /Loaded mpg\.json/.test(document.getElementById('model-status').textContent));
  const lines = csv.toString().trim().split('\n');
  const header = lines[0].split(','), target = header.indexOf('Miles_per_Gallon');
  // With a column the model does not read, last (where the page looks for a target by default).
  const fresh = [lines[0], ...lines.slice(1, 41)].map((l, i) => `${l},${i ? 5000 + 37 * i : 'paid'}`);
  const cells = fresh[5].split(',');
  cells[target] = '';
  fresh[5] = cells.join(',');
  await page.setInputFiles('#file-input', { name: 'new-cars.csv', mimeType: 'text/csv', buffer: Buffer.from(fresh.join('\n') + '\n') });
  await waitForData(page, 'new-cars.csv');
  await page.waitForFunction(() => document.getElementById('result-panel').dataset.scored === 'table');
  assert.equal(await page.getAttribute('#result-panel', 'data-rows'), '39');
  // The file's choice follows the loaded model: its target, and the columns it does not read left out.
  assert.equal(await page.inputValue('#target'), 'Miles_per_Gallon');
  // The task left automatic: the file's target reads as numbers, as the model's does (it said 'Set by hand' unasked).
  assert.equal(await page.inputValue('#task'), 'auto');
  assert.doesNotMatch(await page.textContent('#data-panel'), /Set by hand/);
  assert.ok(await page.isChecked('#ignore input[value="paid"]'), 'paid, which the model does not read, is ignored');
  assert.match(await page.textContent('#result-summary'), /on the 39 rows of new-cars\.csv.*Left out: 1 with no Miles_per_Gallon\./);
  // Rows without the target: predicted (the button), not scored, and the panel says why.
  const without = fresh.map((l) => l.split(',').filter((_, i) => i !== target).join(','));
  await page.setInputFiles('#file-input', { name: 'no-target.csv', mimeType: 'text/csv', buffer: Buffer.from(without.join('\n') + '\n') });
  await waitForData(page, 'no-target.csv');
  await page.waitForFunction(() => /no-target\.csv has no column 'Miles_per_Gallon', what mpg\.json predicts: its rows can be predicted \("Download predictions of mpg\.json"/
    .test(document.getElementById('result-summary').textContent));
  assert.equal(await page.isVisible('#result-message'), false);
  assert.equal(await page.getAttribute('#result-panel', 'data-task'), '');
  // Rows without a column the model reads: neither predicted nor scored, said in all three places (the
  // predictions button was offered, and its error went below the fold).
  const weight = fresh[0].split(',').indexOf('Weight_in_lbs');
  const lacking = fresh.map((l) => l.split(',').filter((_, i) => i !== weight).join(','));
  await page.setInputFiles('#file-input', { name: 'lacking.csv', mimeType: 'text/csv', buffer: Buffer.from(lacking.join('\n') + '\n') });
  await waitForData(page, 'lacking.csv');
  const said = 'reads columns lacking.csv does not have (Weight_in_lbs)';
  await page.waitForFunction((s) => document.getElementById('result-summary').textContent.includes(`mpg.json ${s}: its rows can be neither predicted nor scored`), said);
  assert.ok((await page.textContent('#model-status')).includes(`It ${said}: its trees show`));
  assert.equal(await page.isDisabled('#download-predictions'), true);
  assert.equal(await page.getAttribute('#download-predictions', 'title'), `mpg.json ${said}`);
  assert.deepEqual(problems, []);
});

// A model file loaded while a run is paused: the run stops, and the panel scores the file's model
// (the worker went on answering for the paused run while the page named the file).
test('a model loaded while a run is paused is the one scored, on every row of the table', async () => {
  const { page, problems } = ctx.site;
  await page.selectOption('#source', 'sample:auto_mpg');
  await page.waitForFunction(() => document.getElementById('data-name').textContent.startsWith('auto_mpg') && !document.getElementById('train').disabled);
  await page.click('#step');
  await page.waitForFunction(() => document.getElementById('train-status').dataset.round === '1');
  const csv = readFileSync(fileURLToPath(new URL('../../web/dist/datasets/auto_mpg.csv', import.meta.url)));
  const table = ctx.bl.readCSV(csv);
  const data = table.toDataset({ target: 'Miles_per_Gallon', ignore: ['Name'], validFraction: 0, skipMissingTarget: true });
  const model = await ctx.bl.train(data, { rounds: 4, max_depth: 3 });
  try {
    const e = model.evaluate(table);
    await page.setInputFiles('#model-input', { name: 'four.json', mimeType: 'application/json', buffer: Buffer.from(model.toJSONString()) });
    await page.waitForFunction(() => /Loaded four\.json/.test(document.getElementById('model-status').textContent));
    await page.waitForFunction(() => document.getElementById('result-panel').dataset.scored === 'table');
    assert.equal(Number(await page.getAttribute('#result-panel', 'data-rows')), e.rows);
    near(Number(await page.getAttribute('#result-panel', 'data-r2')), e.r2, 1e-9, 'R² of the file\'s model');
    assert.match(await page.textContent('#train-notice'), /Run \d+ was stopped at round 1 to load four\.json/);
  } finally {
    model.dispose(); data.dispose(); table.dispose();
  }
  assert.deepEqual(problems, []);
});

test('five rows: the notes say they are few, and one validation row is said as one', async () => {
  const { page, problems } = ctx.site;
  await page.setInputFiles('#file-input', { name: 'five.csv', mimeType: 'text/csv', buffer: Buffer.from('x,y\n1,2.5\n2,3.1\n3,2.2\n4,4.8\n5,5.0\n') });
  await waitForData(page, 'five.csv');
  await page.selectOption('#target', 'y');
  assert.match(await page.textContent('#data-notes'), /^Only 5 rows: too few for a model to learn much from/);
  await train(page, 3);
  await page.waitForFunction(() => document.getElementById('result-panel').dataset.task === 'regression');
  assert.equal(await page.getAttribute('#result-panel', 'data-rows'), '1');
  assert.match(await page.textContent('#result-summary'), /the 1 validation row \(held out of training\)/);
  // Its one dot drawn large, and no label in the plot's corner over it (the dashed line is named in the caption).
  assert.match(await page.getAttribute('#result-body svg path.dots', 'd'), /a3\.5,3\.5 /);
  assert.equal(await page.locator('#result-body svg text', { hasText: 'predicted = actual' }).count(), 0);
  assert.match(await page.textContent('#result-body figcaption'), /on the dashed line predicted = actual/);
  assert.deepEqual(problems, []);
});

test('a run past its best: the panel names the round where the validation metric was best, and scores it when picked', async () => {
  const { page, problems } = ctx.site;
  await useToy(page, 'circles', 300);
  await page.fill('#toy-noise', '0.4');
  await page.$eval('#toy-noise', (e) => e.blur());
  await page.waitForFunction(() => /^toy: circles: 300 rows/.test(document.getElementById('data-name').textContent) && !document.getElementById('train').disabled);
  await page.selectOption('#algorithm', 'xgboost');
  await page.waitForSelector('#param-rounds');
  await setParam(page, 'eta', '1');
  await train(page, 60);
  await page.waitForFunction(() => document.getElementById('result-panel').dataset.task === 'binary');
  const best = Number(await page.getAttribute('#result-panel', 'data-past-best'));
  assert.ok(best >= 1 && best <= 54, `best round ${best}`);
  const summary = await page.textContent('#result-summary');
  const [, round, atBest, atLast] = summary.match(/The validation logloss was best at round (\d+) \(([\d.]+)\) and is ([\d.]+) at round 60: the rounds since fit the training rows, not new ones\./);
  assert.equal(Number(round), best);
  assert.ok(Number(atLast) > Number(atBest) * 1.02, summary);
  // The chart's legend writes the losses as the round line does (four significant digits; uPlot's own, three decimals).
  await page.waitForFunction(() => document.getElementById('loss-chart').dataset.legendRound === '60');
  const legend = await page.textContent('#loss-chart .u-legend'), line = await page.textContent('#last-round');
  for (const set of ['train', 'valid']) {
    assert.equal(legend.match(new RegExp(`${set} logloss\\s*([\\d.e-]+)`))[1], line.match(new RegExp(`${set} [^;]*logloss ([\\d.e-]+)`))[1], `${legend} / ${line}`);
  }
  // That round picked on the chart: its model scored, and nothing said of rounds after it.
  await page.fill('#round-scrub', String(best));
  await page.dispatchEvent('#round-scrub', 'input');
  await page.waitForFunction((b) => new RegExp(`round ${b}'s model`).test(document.getElementById('result-summary').textContent), best);
  assert.equal(await page.getAttribute('#result-panel', 'data-past-best'), '');
  await page.click('#round-newest');
  await setParam(page, 'eta', '');
  assert.deepEqual(problems, []);
});

test('a forest is not said to be past its best: more trees only average (its validation error moves by noise)', async () => {
  const { page, problems } = ctx.site;
  await page.setInputFiles('#file-input', SPAM);
  await waitForData(page, 'spam.csv');
  await page.selectOption('#target', 'type');
  await page.selectOption('#algorithm', 'random_forest');
  await page.waitForSelector('#param-rounds');
  await train(page, 100);
  await page.waitForFunction(() => document.getElementById('result-panel').dataset.task === 'binary');
  assert.equal(await page.getAttribute('#result-panel', 'data-past-best'), '');
  assert.doesNotMatch(await page.textContent('#result-summary'), /fit the training rows|early_stopping_rounds/);
  // Its log loss is said to hang on the rows every tree gets wrong.
  assert.match(await page.textContent('#result-summary'), /a row every tree gets wrong has p = 0 for its class and counts ln 10¹⁶ ≈ 36\.8 in the log loss/);
  assert.deepEqual(problems, []);
});
