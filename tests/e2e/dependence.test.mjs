// "The prediction along one feature": the page's partial dependence is the
// package's (the downloaded model predicting the held-out rows with the
// feature moved across the page's grid), and its menu constrains the feature
// in the next run: auto_mpg's weight, free, lets every row's line rise
// somewhere; constrained decreasing, every line falls or stays level, with
// the free run's mean dashed beside it.
import assert from 'node:assert/strict';
import { readFile } from 'node:fs/promises';
import { test } from 'node:test';
import { download, near, pageAndPackage, train } from './browser.mjs';

const ctx = pageAndPackage('dependence');

const figure = (page) => page.$eval('#dependence svg', (e) => ({ ...e.dataset }));

test('auto_mpg: the line along Weight_in_lbs is the package\'s, and constrained decreasing every row\'s line falls', async () => {
  const { page } = ctx.site;
  await train(page, 30);
  await page.waitForSelector('#dependence svg');
  await page.selectOption('#dependence-feature', 'Weight_in_lbs');
  await page.waitForFunction(() => document.querySelector('#dependence svg')?.dataset.feature === 'Weight_in_lbs');
  const free = await figure(page);
  assert.equal(free.direction, '0');
  assert.ok(Number(free.falls) < Number(free.lines), 'free, some row\'s line rises with the weight somewhere');

  // The mean line, recomputed by the package from the page's model, rows and grid.
  const model = ctx.bl.loadModel(await download(page, '#download-model'));
  const rows = (await download(page, '#download-scale-rows')).trim().split('\n').map(Number);
  const table = ctx.bl.readCSV(await readFile(new URL('../../web/public/datasets/auto_mpg.csv', import.meta.url)));
  try {
    const names = model.summary().features.map((f) => f.name), f = names.indexOf('Weight_in_lbs'), p = names.length;
    assert.equal(Number(free.rows), rows.length);
    const values = model.featureValues(table, { rows });
    free.grid.split(',').map(Number).forEach((x, g) => {
      const moved = Float32Array.from(values);
      for (let i = 0; i < rows.length; i++) moved[i * p + f] = x;
      const predicted = model.predictMatrix(moved, rows.length);
      near(Number(free.mean.split(',')[g]), predicted.reduce((a, b) => a + b, 0) / rows.length, 1e-6, `the mean at ${x}`);
    });
  } finally {
    model.dispose();
    table.dispose();
  }

  // Constrained: the menu writes the parameter, and the next run keeps every line falling.
  await page.selectOption('#dependence-constraint', '-1');
  assert.match(await page.textContent('#dependence-constraint-hint'), /next run trains with Weight_in_lbs decreasing/);
  if (!(await page.isVisible('#param-monotone_constraints'))) await page.click('#params summary');
  assert.equal(await page.inputValue('#param-monotone_constraints'), '{"Weight_in_lbs":-1}');
  await page.click('#train');
  await page.waitForFunction(() => document.querySelector('#dependence svg')?.dataset.before === 'Run 1', null, { timeout: 120000 });
  const bound = await figure(page);
  assert.equal(bound.direction, '-1');
  assert.equal(bound.falls, bound.lines);
  assert.equal(bound.beforeMean, free.mean, 'the free run\'s mean, dashed');
  const means = bound.mean.split(',').map(Number);
  assert.ok(means.every((v, i) => i === 0 || v <= means[i - 1]), 'the mean falls');
  assert.match(await page.textContent('#dependence-caption'), /Constrained decreasing in Weight_in_lbs: every line falls or stays level\. Dashed: Run 1's mean, unconstrained/);
  assert.equal(await page.isVisible('#dependence-constraint-hint'), false, 'the run trained with what the menu says');
});

test('auto_mpg: a categorical feature (Origin) by level, low to high, each level\'s mean the package\'s; no constraint offered', async () => {
  const { page } = ctx.site;
  await page.selectOption('#dependence-feature', 'Origin');
  await page.waitForFunction(() => document.querySelector('#dependence svg')?.dataset.feature === 'Origin');
  const shown = await figure(page);
  const levels = shown.levels.split('|'), means = shown.mean.split(',').map(Number), grid = shown.grid.split(',').map(Number);
  assert.deepEqual([...levels].sort(), ['Europe', 'Japan', 'USA']);
  assert.ok(means.every((v, i) => i === 0 || v >= means[i - 1]), 'levels from the lowest mean up');
  assert.equal(await page.isDisabled('#dependence-constraint'), true, 'categories have no order to constrain');
  assert.match(await page.textContent('#dependence-caption'), /with Origin set to each level, other features as they are/);
  const model = ctx.bl.loadModel(await download(page, '#download-model'));
  const rows = (await download(page, '#download-scale-rows')).trim().split('\n').map(Number);
  const table = ctx.bl.readCSV(await readFile(new URL('../../web/public/datasets/auto_mpg.csv', import.meta.url)));
  try {
    const s = model.summary(), f = s.features.findIndex((x) => x.name === 'Origin'), p = s.features.length;
    const values = model.featureValues(table, { rows });
    grid.forEach((code, g) => {
      assert.equal(s.features[f].levels[code], levels[g], 'the level named is the code moved to');
      const moved = Float32Array.from(values);
      for (let i = 0; i < rows.length; i++) moved[i * p + f] = code;
      const predicted = model.predictMatrix(moved, rows.length);
      near(means[g], predicted.reduce((a, b) => a + b, 0) / rows.length, 1e-6, `the mean at ${levels[g]}`);
    });
  } finally {
    model.dispose();
    table.dispose();
  }
  await page.locator('#dependence-box').scrollIntoViewIfNeeded();
});
