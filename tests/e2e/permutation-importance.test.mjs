// Feature importance, type "permutation (held-out rows)": each feature's mean
// drop over five shuffles of the validation rows, the package's
// model.permutationImportance() of the same model and rows, value for value,
// with what was measured said above the bars.
import assert from 'node:assert/strict';
import { readFile } from 'node:fs/promises';
import { test } from 'node:test';
import { near, pageAndPackage, train } from './browser.mjs';

const ctx = pageAndPackage('permutation-importance');

test('auto_mpg: the bars are permutationImportance() on the validation rows; a switch back to gain hides the note', async () => {
  const { page } = ctx.site;
  await train(page, 30);
  await page.selectOption('#importance-type', 'permutation');
  await page.waitForFunction(() => !document.getElementById('importance-note').hidden, null, { timeout: 60000 });
  assert.match(await page.textContent('#importance-note'), /^How much worse rmse gets on the 80 validation rows when a feature's values are shuffled among them \(the mean of 5 shuffles/);
  const shown = await page.$$eval('#importance .bar-row', (rows) => rows.map((r) => [r.querySelector('.bar-label').textContent, Number(r.querySelector('.bar-value').dataset.v)]));
  const table = ctx.bl.readCSV(await readFile(new URL('../../web/public/datasets/auto_mpg.csv', import.meta.url)));
  const data = table.toDataset({ target: 'Miles_per_Gallon', ignore: ['Name'], validFraction: 0.2, seed: 0, skipMissingTarget: true });
  const model = await ctx.bl.train(data, { rounds: 30 });
  try {
    const p = model.permutationImportance(table, { rows: data.validRows(), repeats: 5 });
    const drawn = p.features.filter((f) => f.mean > 0).sort((a, b) => b.mean - a.mean);
    assert.deepEqual(shown.map(([name]) => name), drawn.map((f) => f.name));
    shown.forEach(([name, v], i) => near(v, drawn[i].mean, 1e-9, name));
  } finally {
    model.dispose(); data.dispose(); table.dispose();
  }
  await page.selectOption('#importance-type', 'gain');
  await page.waitForFunction(() => document.getElementById('importance-note').hidden);
  assert.ok(Number(await page.$eval('#importance', (e) => e.dataset.bars)) > 0);
});
