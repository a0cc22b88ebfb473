// Which rows validate: drawn at random (as before), within each class (stratified), or the last rows of
// the file (rows in time order). The page's validation rows are the package's toDataset({ validSplit })
// rows, the predictions file marks them, the link carries the choice, and a number target cannot be
// stratified (the page says it draws at random then).
import assert from 'node:assert/strict';
import { readFile } from 'node:fs/promises';
import { test } from 'node:test';
import { download, pageAndPackage, train, waitForData } from './browser.mjs';

const ctx = pageAndPackage('validation-split');
const validRows = async (page) => (await download(page, '#download-scale-rows')).trim().split('\n').map(Number);

test('the last rows of the file validate (time order), and each class holds out its share when stratified, as the package splits', async () => {
  const { page } = ctx.site;
  await page.selectOption('#source', 'sample:auto_mpg');
  await waitForData(page, 'auto_mpg.csv (sample)');
  const text = await readFile(new URL('../../web/public/datasets/auto_mpg.csv', import.meta.url), 'utf8');
  const table = ctx.bl.readCSV(text), target = await page.inputValue('#target');
  assert.equal(await page.inputValue('#valid-split'), 'random');
  assert.equal(await page.isDisabled('#valid-split option[value=stratified]'), true, 'numbers cannot be stratified');
  await page.selectOption('#valid-split', 'last');
  assert.equal(await page.isDisabled('#split-seed'), true, 'the last rows need no seed');
  assert.match(await page.textContent('#valid-split-hint'), /The last 20 % of the rows, in the file's order/);
  await train(page, 3);
  const rows = await validRows(page);
  const n = table.numRows, k = Math.round(0.2 * n);
  const expected = table.toDataset({ target, validFraction: 0.2, validSplit: 'last', skipMissingTarget: true }).validRows();
  assert.deepEqual(rows, Array.from(expected));
  assert.ok(rows.every((r) => r >= n - k), `the last ${k} rows of ${n}`);
  // The predictions file marks the last lines valid.
  const [head, ...lines] = (await download(page, '#download-predictions')).trim().split('\n').map((l) => l.split(','));
  const set = head.indexOf('set');
  assert.deepEqual(lines.slice(-3).map((l) => l[set]), ['valid', 'valid', 'valid']);
  assert.equal(lines[0][set], 'train');
  assert.match(page.url(), /split=last/);

  // Classes: spam stratified, each class holding out llround(0.2 x its rows), the seed choosing which.
  const spam = await readFile(new URL('../data/spam.csv', import.meta.url));
  await page.setInputFiles('#file-input', { name: 'spam.csv', mimeType: 'text/csv', buffer: spam });
  await waitForData(page, 'spam.csv');
  await page.selectOption('#target', 'type');
  assert.equal(await page.isDisabled('#valid-split option[value=stratified]'), false);
  await page.selectOption('#valid-split', 'stratified');
  assert.equal(await page.isDisabled('#split-seed'), false);
  await train(page, 3);
  const spamTable = ctx.bl.readCSV(spam.toString());
  const strat = Array.from(spamTable.toDataset({ target: 'type', validFraction: 0.2, seed: 0, validSplit: 'stratified' }).validRows());
  assert.deepEqual(await validRows(page), strat);
  const isSpam = spam.toString().trim().split('\n').slice(1).map((l) => l.endsWith(',spam'));
  const spams = isSpam.filter(Boolean).length, held = strat.filter((r) => isSpam[r]).length;
  assert.equal(held, Math.round(0.2 * spams), 'the spam rows hold out their fifth');
  assert.equal(strat.length - held, Math.round(0.2 * (isSpam.length - spams)));
  // A random draw of the same size is another set of rows.
  assert.notDeepEqual(Array.from(spamTable.toDataset({ target: 'type', validFraction: 0.2, seed: 0 }).validRows()), strat);
  assert.match(page.url(), /split=stratified/);
  await page.selectOption('#valid-split', 'random');
  assert.doesNotMatch(page.url(), /split=/);
  // A link opens with the choice.
  await page.goto(`${ctx.site.origin}/#data=sample%3Apenguins&target=species&split=stratified`);
  await page.reload();
  await waitForData(page, 'penguins.csv (sample)');
  assert.equal(await page.inputValue('#valid-split'), 'stratified');
  spamTable.dispose();
  table.dispose();
});
