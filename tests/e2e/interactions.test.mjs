// "Which features act together": the page's heat map of SHAP interaction
// values is the package's (the downloaded model's interactions() over the
// held-out rows the page names), for a regression and per class for spam.
import assert from 'node:assert/strict';
import { readFile } from 'node:fs/promises';
import { readFileSync } from 'node:fs';
import { test } from 'node:test';
import { fileURLToPath } from 'node:url';
import { download, near, pageAndPackage, train, waitForData } from './browser.mjs';

const ctx = pageAndPackage('interactions');

// The mean |phi_ij + phi_ji| of a pair over the rows, from the package.
function strength(bl, model, table, rows, a, b, output = 0) {
  const names = model.summary().features.map((f) => f.name), W = names.length + 1, K = model.summary().num_outputs;
  const i = names.indexOf(a), j = names.indexOf(b);
  const v = model.interactions(table, { rows });
  let sum = 0;
  for (let r = 0; r < rows.length; r++) {
    const base = (r * K + output) * W * W;
    sum += Math.abs(i === j ? v[base + i * W + i] : v[base + i * W + j] + v[base + j * W + i]);
  }
  return sum / rows.length;
}

async function heat(page) {
  await page.locator('#interactions-box').scrollIntoViewIfNeeded();
  await page.waitForFunction(() => Number(document.getElementById('interactions').dataset.pairs) >= 2, null, { timeout: 60000 });
  return page.$eval('#interactions', (box) => ({
    top: box.dataset.top.split('|'),
    cells: [...box.querySelectorAll('tbody tr')].map((tr) => [...tr.querySelectorAll('td')].map((td) => Number(td.dataset.v))),
    names: [...box.querySelectorAll('tbody th')].map((th) => th.textContent),
  }));
}

test('auto_mpg: each cell of the heat map is the package\'s mean |interaction| over the held-out rows', async () => {
  const { page } = ctx.site;
  await train(page, 20);
  // Computed only near the view (they cost most of a Step on the ranking sample).
  assert.match(await page.textContent('#interactions-caption'), /^The pairs are computed when this panel comes into view\.$/);
  const shown = await heat(page);
  assert.ok(shown.names.length >= 2);
  const model = ctx.bl.loadModel(await download(page, '#download-model'));
  const rows = (await download(page, '#download-scale-rows')).trim().split('\n').map(Number);
  const table = ctx.bl.readCSV(await readFile(new URL('../../web/public/datasets/auto_mpg.csv', import.meta.url)));
  try {
    for (const [i, a] of shown.names.entries())
      for (const [j, b] of shown.names.entries())
        near(shown.cells[i][j], strength(ctx.bl, model, table, rows, a, b), 1e-5, `${a} with ${b}`);
    assert.match(await page.textContent('#interactions-caption'), new RegExp(`Over ${rows.length} rows.*The strongest pair: ${shown.top[0]} with ${shown.top[1]}`));
  } finally {
    model.dispose();
    table.dispose();
  }
});

test('spam: the pairs of the class shown, and stumps have none', async () => {
  const { page } = ctx.site;
  const SPAM = fileURLToPath(new URL('../data/spam.csv', import.meta.url));
  await page.setInputFiles('#file-input', SPAM);
  await waitForData(page, 'spam.csv');
  await page.selectOption('#target', 'type');
  await train(page, 10);
  const shown = await heat(page);
  const model = ctx.bl.loadModel(await download(page, '#download-model'));
  const rows = (await download(page, '#download-scale-rows')).trim().split('\n').map(Number).slice(0, 500);
  const table = ctx.bl.readCSV(readFileSync(SPAM));
  try {
    near(shown.cells[0][1], strength(ctx.bl, model, table, rows.slice(0, Number((await page.textContent('#interactions-caption')).match(/Over (\d+) rows/)[1])), shown.names[0], shown.names[1]), 1e-5, 'the first pair');
  } finally {
    model.dispose();
    table.dispose();
  }
  await page.fill('#param-max_depth', '1');
  await train(page, 10);
  await page.locator('#interactions-box').scrollIntoViewIfNeeded();
  await page.waitForFunction(() => /No two features interact/.test(document.getElementById('interactions-caption').textContent), null, { timeout: 60000 });
});
