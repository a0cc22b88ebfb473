// Class weights in the page: "balanced" under Sample weights, offered while the
// target is classes, trains the package's model (each class n / (k·r)), is said
// in the run's notes and name, rides in the link, and goes to the scale-out
// script as the factors the dataset resolved.
import assert from 'node:assert/strict';
import { readFile } from 'node:fs/promises';
import { test } from 'node:test';
import { download, near, pageAndPackage, train, waitForData } from './browser.mjs';

const ctx = pageAndPackage('class-weights');

test('penguins, classes balanced: the package\'s valid mlogloss, the notes and run name say it, the link carries it, the script weighs the classes alike', async () => {
  const { page } = ctx.site;
  await page.selectOption('#source', 'sample:penguins');
  await waitForData(page, 'penguins.csv (sample)');
  assert.equal(await page.isVisible('#class-weights'), true, 'offered for species (3 classes)');
  await train(page, 5, { curve: 'valid' });
  await page.selectOption('#class-weights', 'balanced');
  await train(page, 5, { curve: 'valid' });
  assert.match(await page.textContent('#train-notice'), /Each row weighs its class's weight \(balanced/);
  const line = await page.textContent('#last-round');
  const shown = Number(/valid[^;]*mlogloss ([\d.]+)/.exec(line)?.[1]);
  assert.ok(Number.isFinite(shown), line);

  const table = ctx.bl.readCSV(await readFile(new URL('../../web/public/datasets/penguins.csv', import.meta.url)));
  const data = table.toDataset({ target: 'species', classWeights: 'balanced', validFraction: 0.2, seed: 0, skipMissingTarget: true });
  const trainer = ctx.bl.trainer(data, { algorithm: 'xgboost', rounds: 5 });
  let last;
  for (let r = 0; r < 5; r++) last = trainer.step();
  near(shown, last.valid.mlogloss, 1e-3, 'the valid mlogloss of round 5');
  // Unweighted, the same model would score otherwise: the weights reached the run.
  const plain = table.toDataset({ target: 'species', validFraction: 0.2, seed: 0 });
  const other = ctx.bl.trainer(plain, { algorithm: 'xgboost', rounds: 5 });
  let unweighted;
  for (let r = 0; r < 5; r++) unweighted = other.step();
  assert.ok(Math.abs(unweighted.valid.mlogloss - shown) > 1e-3, `balanced ${shown}, unweighted ${unweighted.valid.mlogloss}`);

  // The result panel counts each row once, and says that the rounds' metrics weigh the classes.
  await page.waitForFunction(() => document.getElementById('result-panel').dataset.task === 'multiclass');
  // Several classes: AUC and PR AUC of each against the rest, the log loss said once.
  const summary = await page.textContent('#result-summary');
  assert.match(summary, /AUC [\d.]+ and PR AUC [\d.]+, each class's p against the rest \(the metrics auc and aucpr/);
  assert.equal(summary.match(/log loss/gi).length, 1, summary);
  assert.match(await page.textContent('#result-summary'), /These numbers count each row once\. The training weighed each row by its class's weight \(Class weights: balanced\), and so do the metrics of each round/);
  assert.match(await page.textContent('#loss-chart'), /class weights balanced \(was none\)/);
  assert.match(decodeURIComponent(await page.evaluate(() => location.hash)), /classes=balanced/);

  // The script weighs the cluster's rows by the factors this run's dataset resolved.
  const script = await download(page, '#download-scale-script');
  const factors = JSON.parse(/"class_weights": (\[[^\]]*\])/.exec(script)?.[1] ?? 'null');
  const resolved = data.classWeights;
  assert.deepEqual(Object.keys(resolved), ['Adelie', 'Chinstrap', 'Gentoo']);
  assert.equal(factors.length, 3);
  Object.values(resolved).forEach((w, k) => near(factors[k], w, 1e-6, `class ${k}'s factor`));
  assert.ok(resolved.Chinstrap > resolved.Adelie, 'the rarest class weighs the most');
  trainer.dispose(); data.dispose(); other.dispose(); plain.dispose(); table.dispose();

  // A number as the target: nothing to weigh by class, the choice not offered.
  await page.selectOption('#target', 'bill_length_mm');
  assert.equal(await page.isVisible('#class-weights'), false);
  await page.selectOption('#target', 'species');
  assert.equal(await page.inputValue('#class-weights'), 'balanced', 'kept for when the target is classes again');
});
