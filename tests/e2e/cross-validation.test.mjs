// "Cross-validate (5 folds)": the form's settings trained on five folds of the
// loaded data beside the page's run, each round's held-out mean and spread
// drawn on the loss chart as a line and a band. The numbers are the
// package's bl.cv() on the same table, settings and folds; Stop stops it.
import assert from 'node:assert/strict';
import { readFile } from 'node:fs/promises';
import { test } from 'node:test';
import { near, pageAndPackage, train } from './browser.mjs';

const ctx = pageAndPackage('cross-validation');

test('auto_mpg: every round\'s mean and std of the test rmse are bl.cv()\'s, drawn as a band beside the run', async () => {
  const { page } = ctx.site;
  await train(page, 30);
  await page.click('#cv-start');
  await page.waitForFunction(() => document.getElementById('cv-status').dataset.status === 'done', null, { timeout: 120000 });
  assert.equal(await page.$eval('#loss-chart', (e) => e.dataset.cvPoints), '30');
  const shown = JSON.parse(await page.$eval('#cv-status', (e) => e.dataset.last)).rmse;
  const table = ctx.bl.readCSV(await readFile(new URL('../../web/public/datasets/auto_mpg.csv', import.meta.url)));
  try {
    const result = await ctx.bl.cv(table, { target: 'Miles_per_Gallon', ignore: ['Name'], skipMissingTarget: true }, { algorithm: 'xgboost', rounds: 30 }, { nfold: 5, seed: 0 });
    near(shown.mean, result.history['test-rmse-mean'].at(-1), 1e-9, 'the mean test rmse');
    near(shown.std, result.history['test-rmse-std'].at(-1), 1e-9, 'its std');
  } finally {
    table.dispose();
  }
  assert.match(await page.textContent('#cv-status'), /5-fold cross-validation of XGBoost-style, rounds 30: 30 rounds · test rmse at round (\d+) [\d.]+ ± [\d.]+; the mean test rmse is best at round \1\./);
  const legend = await page.$$eval('#loss-chart .u-legend .u-label', (ls) => ls.map((l) => l.textContent));
  assert.ok(legend.includes('cv test rmse (5 folds, mean)'), legend.join(' | '));
  // Stop: a long one stops where it is, and says so.
  await page.fill('#param-rounds', '5000');
  await page.click('#cv-start');
  await page.waitForFunction(() => Number(document.getElementById('cv-status').dataset.rounds) > 3);
  assert.equal(await page.textContent('#cv-start'), 'Stop cross-validation');
  await page.click('#cv-start');
  await page.waitForFunction(() => document.getElementById('cv-status').dataset.status === 'stopped', null, { timeout: 30000 });
  assert.match(await page.textContent('#cv-status'), /stopped at round \d+/);
});

test('validation on the last rows: the folds are cut in the file\'s order, each trained on the rows before it (bl.cv timeSeries)', async () => {
  const { page } = ctx.site;
  await page.selectOption('#valid-split', 'last');
  try {
    await page.fill('#param-rounds', '20');
    await page.click('#cv-start');
    await page.waitForFunction(() => document.getElementById('cv-status').dataset.status === 'done', null, { timeout: 120000 });
    assert.match(await page.textContent('#cv-status'), /^5-fold time-series cross-validation of .*each fold tested on a later stretch by a model of every row before it\): 20 rounds/);
    const shown = JSON.parse(await page.$eval('#cv-status', (e) => e.dataset.last)).rmse;
    const table = ctx.bl.readCSV(await readFile(new URL('../../web/public/datasets/auto_mpg.csv', import.meta.url)));
    try {
      const options = { target: 'Miles_per_Gallon', ignore: ['Name'], skipMissingTarget: true };
      const inOrder = await ctx.bl.cv(table, options, { algorithm: 'xgboost', rounds: 20 }, { nfold: 5, timeSeries: true });
      near(shown.mean, inOrder.history['test-rmse-mean'].at(-1), 1e-9, 'the mean test rmse of the folds in order');
      const shuffled = await ctx.bl.cv(table, options, { algorithm: 'xgboost', rounds: 20 }, { nfold: 5, seed: 0 });
      assert.notEqual(shown.mean, shuffled.history['test-rmse-mean'].at(-1));
    } finally {
      table.dispose();
    }
  } finally {
    await page.selectOption('#valid-split', 'random');
  }
});
