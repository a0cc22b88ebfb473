import assert from 'node:assert/strict';
import { after, afterEach, before, test } from 'node:test';
import { fileURLToPath } from 'node:url';
import { openSite, startRun, train, waitForSample, shotName, waitForData } from './browser.mjs';

const SPAM = fileURLToPath(new URL('../data/spam.csv', import.meta.url));
let site;
before(async () => { site = await openSite(); });
after(async () => { await site?.close(); });
// Every test leaves a picture of the page as it ended (test-results/).
afterEach(async (t) => { await site?.screenshot(`train-${shotName(t.name)}`); });

test('the page opens with the sample loaded, cross-origin isolated, with threads', async () => {
  const { page } = site;
  await waitForSample(page);
  assert.equal(await page.getAttribute('#caps', 'data-isolated'), 'true');
  assert.equal(await page.getAttribute('#caps', 'data-threads'), 'true');
  assert.equal(await page.inputValue('#target'), 'Miles_per_Gallon');
  assert.ok(await page.isChecked('#ignore input[value="Name"]'), 'the ID-like Name column starts ignored');
});

test('the sample trains with no upload', async () => {
  const { page } = site;
  await train(page, 20);
  assert.equal(await page.getAttribute('#loss-chart', 'data-metric'), 'rmse');
  assert.equal(await page.getAttribute('#loss-chart', 'data-points-valid'), '20');
});

test('upload spam.csv, pick type, train 50 rounds: 50 points per series, threads > 1, no console errors', async () => {
  const { page, problems } = site;
  await page.setInputFiles('#file-input', SPAM);
  await waitForData(page, 'spam.csv');
  await page.selectOption('#target', 'type');
  await train(page, 50);
  assert.equal(await page.getAttribute('#loss-chart', 'data-points-train'), '50');
  assert.equal(await page.getAttribute('#loss-chart', 'data-points-valid'), '50');
  assert.equal(await page.getAttribute('#loss-chart', 'data-metric'), 'logloss');
  assert.ok(Number(await page.getAttribute('#train-status', 'data-threads')) > 1, 'threads in use > 1');
  assert.equal(await page.evaluate(() => crossOriginIsolated), true);
  assert.equal(await page.locator('#loss-chart canvas').count(), 1, 'uPlot drew a canvas');
  assert.match(await page.textContent('#last-round'), /Round 50: train error [0-9.]+, logloss [0-9.]+; valid error/);
  await site.screenshot('train-spam-50-rounds');
  assert.deepEqual(problems, []);
});

test('every parameter of the schema has a field; free-text ones are text boxes', async () => {
  const { page } = site;
  assert.equal(await page.getAttribute('#param-eval_metric', 'type'), 'text');
  assert.ok(await page.isVisible('#param-rounds'));
  assert.equal(await page.isVisible('#param-colsample_bynode'), false, 'advanced ones start folded');
  await page.click('#params summary');
  assert.ok(await page.isVisible('#param-colsample_bynode'));
  await page.fill('#param-eval_metric', 'auc,logloss');
  await train(page, 5);
  assert.match(await page.textContent('#last-round'), /train auc [0-9.]+, logloss/);
  await page.fill('#param-eval_metric', '');
});

test('Stop keeps the rounds trained so far', async () => {
  const { page } = site;
  await page.fill('#param-rounds', '100000');
  await page.fill('#param-eta', '0.01');  // visible: eta is a main parameter
  // The chart still holds the last run's points: wait for this run's.
  await startRun(page);
  await page.waitForFunction(() => Number(document.getElementById('loss-chart').dataset.pointsTrain) >= 5);
  await page.click('#stop');
  await page.waitForFunction(() => !document.getElementById('train').disabled);
  assert.match(await page.textContent('#train-status'), /stopped: \d+ trees kept/);
  const points = Number(await page.getAttribute('#loss-chart', 'data-points-train'));
  assert.ok(points >= 5 && points < 100000);
  await page.fill('#param-eta', '0.3');
});

test('a CSV dropped on the data panel loads', async () => {
  const { page } = site;
  await page.evaluate(() => {
    const file = new File(['p,q,r\n1,2,a\n2,3,b\n3,5,a\n4,4,b\n'], 'dropped.csv', { type: 'text/csv' });
    const transfer = new DataTransfer();
    transfer.items.add(file);
    document.getElementById('data-panel').dispatchEvent(new DragEvent('drop', { dataTransfer: transfer, bubbles: true, cancelable: true }));
  });
  await waitForData(page, 'dropped.csv: 4 rows × 3 columns');
  assert.equal(await page.inputValue('#target'), 'r');
});

// A semicolon-separated file loaded as one column, and Latin-1 bytes as
// broken text: the engine now detects both and the page says what it used.
test('a semicolon file loads as its columns; a Latin-1 file reads as Windows-1252 with a note', async () => {
  const { page } = site;
  await page.setInputFiles('#file-input', { name: 'semicolons.csv', mimeType: 'text/csv', buffer: Buffer.from('x;y;label\n1;2;a\n3;4;b\n5;7;a\n6;1;b\n') });
  await waitForData(page, 'semicolons.csv: 4 rows × 3 columns, semicolon-separated');
  assert.equal(await page.getAttribute('#preview', 'data-columns'), '3');
  assert.equal(await page.textContent('#preview tbody tr:first-child td:nth-child(2)'), '2', 'the preview splits at semicolons too');
  // No note on how it was read; only that four rows are few.
  assert.equal(await page.textContent('#data-notes'), 'Only 4 rows: too few for a model to learn much from, and its validation rows (a share of these) too few to judge it by.');
  const latin1 = Buffer.concat([Buffer.from('city,n,n\nM'), Buffer.from([0xfc]), Buffer.from('nchen,1,2\nParis,3,4\nLyon,5,6\n')]);
  await page.setInputFiles('#file-input', { name: 'latin1.csv', mimeType: 'text/csv', buffer: latin1 });
  await waitForData(page, 'latin1.csv: 3 rows × 3 columns, comma-separated');
  assert.match(await page.textContent('#data-notes'), /not valid UTF-8: it was read as Windows-1252.*'n' \(column 3\) is 'n\.1'/);
  assert.equal(await page.textContent('#preview tbody tr:first-child td:first-child'), 'München');
  assert.deepEqual(await page.$$eval('#target option', (os) => os.map((o) => o.value)), ['city', 'n', 'n.1']);
  await site.screenshot('csv-dialect-latin1');
});

// The delimiter can be chosen: the loaded file is read again with it, the
// choice is in the URL, and a link with it reads its sample the same way.
test('the delimiter can be forced: the file is read again, and a link keeps it', async () => {
  const { page } = site;
  await page.setInputFiles('#file-input', { name: 'semis.csv', mimeType: 'text/csv', buffer: Buffer.from('a;b;c\n1;2;3\n4;5;6\n7;8;9\n') });
  await waitForData(page, 'semis.csv: 3 rows × 3 columns, semicolon-separated');
  assert.equal(await page.isVisible('#delimiter'), true);
  assert.equal(await page.inputValue('#delimiter'), 'auto');
  await page.selectOption('#delimiter', ',');
  await waitForData(page, 'semis.csv: 3 rows × 1 columns, comma-separated');
  assert.equal(await page.getAttribute('#preview', 'data-columns'), '1');
  assert.match(await page.evaluate(() => location.hash), /delim=%2C/);
  // A new file starts from automatic again.
  await page.setInputFiles('#file-input', { name: 'tabs.csv', mimeType: 'text/csv', buffer: Buffer.from('a\tb\n1\t2\n3\t4\n') });
  await waitForData(page, 'tabs.csv: 2 rows × 2 columns, tab-separated');
  assert.equal(await page.inputValue('#delimiter'), 'auto');
  assert.doesNotMatch(await page.evaluate(() => location.hash), /delim=/);
  // A link that forces a delimiter on a sample reads it so.
  const link = `${site.origin}/#data=sample:auto_mpg&delim=%3B`;
  await page.goto('about:blank');
  await page.goto(link);
  await page.waitForFunction(() => /auto_mpg\.csv \(sample\): 398 rows × 1 columns, semicolon-separated/.test(document.getElementById('data-name').textContent));
  assert.equal(await page.inputValue('#delimiter'), ';');
  await site.screenshot('delimiter-forced');
  await page.goto(`${site.origin}/`);
  await waitForSample(page);
});
