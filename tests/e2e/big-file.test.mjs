// A big file through the page's file input, as a person picks one: the worker
// reads it a chunk at a time (the page never holds its bytes) with a progress
// bar, rows counted and Cancel; then it trains, its binning shown and
// stoppable. The page lets a table's numbers go once binned past 768 MB; here
// past 100 MB (?release-table-over-mb), so that this file's 260 MB go and the
// next run reads the file again. Kept to 300 MB for CI's time; the 1 GB run
// lives in bench/.
import assert from 'node:assert/strict';
import { closeSync, mkdtempSync, openSync, readFileSync, rmSync, writeSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, afterEach, before, test } from 'node:test';
import { openSite, train, waitForSample, shotName } from './browser.mjs';

let site;
let dir;
let bigPath;
let bigRows = 0;

// diamonds.csv (53,940 rows × 10 columns) repeated to 300 MB: about 6.6 million rows.
function writeBigCsv(path, megabytes) {
  const text = readFileSync(new URL('../data/diamonds.csv', import.meta.url), 'latin1');
  const header = text.slice(0, text.indexOf('\n') + 1);
  const body = Buffer.from(text.slice(header.length), 'latin1');
  const rowsPerCopy = text.trim().split('\n').length - 1;
  const fd = openSync(path, 'w');
  writeSync(fd, header);
  let size = header.length;
  while (size < megabytes * 2 ** 20) {
    writeSync(fd, body);
    size += body.length;
    bigRows += rowsPerCopy;
  }
  closeSync(fd);
  return size;
}

before(async () => {
  dir = mkdtempSync(join(tmpdir(), 'boostlab-big-'));
  bigPath = join(dir, 'diamonds_300mb.csv');
  writeBigCsv(bigPath, 300);
  site = await openSite({ path: '/?release-table-over-mb=100' });
  await waitForSample(site.page);
});
after(async () => {
  await site?.close();
  rmSync(dir, { recursive: true, force: true });
});
afterEach(async (t) => { await site?.screenshot(`big-file-${shotName(t.name)}`); });

// Watches the progress bar from inside the page: every value it shows while the file is read.
async function watchProgress(page) {
  await page.evaluate(() => {
    window.__progress = [];
    const bar = document.getElementById('read-progress');
    window.__watch = setInterval(() => {
      if (!document.getElementById('reading').hidden)
        window.__progress.push({ value: bar.value, max: bar.max, status: document.getElementById('read-status').textContent });
    }, 20);
  });
}
const progressSeen = (page) => page.evaluate(() => { clearInterval(window.__watch); return window.__progress; });

test('a 300 MB CSV loads through the file input with a progress bar, then trains', async () => {
  const { page } = site;
  await watchProgress(page);
  const started = Date.now();
  await page.setInputFiles('#file-input', bigPath);
  await page.waitForFunction(() => document.getElementById('data-name').textContent.startsWith('diamonds_300mb.csv'), null, { timeout: 300_000 });
  const seconds = (Date.now() - started) / 1000;
  const seen = await progressSeen(page);
  console.log(`300 MB read in ${seconds.toFixed(1)} s; ${seen.length} progress samples, last: ${seen.at(-1)?.status}`);
  assert.match(await page.textContent('#data-name'), new RegExp(`^diamonds_300mb\\.csv: ${bigRows.toLocaleString('en-US')} rows × 10 columns`));
  assert.ok(seen.length >= 3, 'the progress bar was shown while reading');
  const partway = seen.filter((p) => p.value > 0 && p.value < p.max);
  assert.ok(partway.length >= 1, 'the bar moved between empty and full');
  assert.match(partway[0].status, /^[0-9.]+ MB of 30[0-9]\.[0-9] MB · [0-9,]+ rows$/);
  assert.equal(await page.isHidden('#reading'), true, 'the bar goes once the file is read');
  // The preview shows the file's first rows (read from its head, not its whole).
  assert.equal(await page.getAttribute('#preview', 'data-rows'), '5');
  await page.selectOption('#target', 'price');
  // Binning 6.6M rows takes seconds: the status and the bar say how far; Stop ends it before round 1.
  await page.fill('#param-rounds', '3');
  await page.click('#train');
  await page.waitForFunction(() => /binning [0-9,]+ rows [1-9][0-9]? %/.test(document.getElementById('train-status').textContent));
  const binning = await page.textContent('#train-status');
  const bar = await page.evaluate(() => document.getElementById('progress').value);
  console.log(`${binning} (bar ${bar.toFixed(2)})`);
  assert.ok(bar > 0 && bar < 1, `the bar shows binning's share: ${bar}`);
  assert.equal(await page.isEnabled('#stop'), true, 'Stop works before round 1');
  await page.click('#stop');
  await page.waitForFunction(() => /Stopped before round 1/.test(document.getElementById('train-message').textContent));
  assert.equal(await page.isEnabled('#train'), true);
  assert.equal(await page.isDisabled('#stop'), true);
  await train(page, 3);
  console.log(`trained: ${await page.textContent('#train-status')}`);
  assert.equal(await page.getAttribute('#train-status', 'data-round'), '3');
  assert.deepEqual(site.problems, []);
});

test('once binned, the big table\'s numbers are let go: views say so, and the next run reads the file again', async () => {
  const { page } = site;
  assert.match(await page.textContent('#train-notice'), /numbers \(2[0-9]{2} MB\) were let go once binned: the next run reads diamonds_300mb\.csv again/);
  await page.waitForFunction(() => /needs the table's numbers/.test(document.body.textContent));
  await page.click('#train');
  await page.waitForFunction(() => /reading diamonds_300mb\.csv again [0-9]+ %/.test(document.getElementById('train-status').textContent));
  await page.waitForFunction(() => document.getElementById('train-status').dataset.round === '3' && !document.getElementById('train').disabled,
    null, { timeout: 300_000 });
  assert.match(await page.textContent('#train-status'), /^Run [0-9]+ · round 3 of 3/);
  // The rows it held out still go with the model to a cluster, its table let go or not.
  await page.click('#scale-out summary');
  const [file] = await Promise.all([page.waitForEvent('download'), page.click('#download-scale-rows')]);
  const held = readFileSync(await file.path(), 'utf8').trim().split('\n').length;
  assert.ok(Math.abs(held - 0.2 * bigRows) < 0.01 * bigRows, `${held} validation rows of ${bigRows}`);
  await page.click('#scale-out summary');
  assert.deepEqual(site.problems, []);
});

test('Cancel stops the reading; the data before stays loaded and trains', async () => {
  const { page } = site;
  await page.selectOption('#source', 'sample:auto_mpg');
  await waitForSample(page);
  const before = await page.textContent('#data-name');
  await page.setInputFiles('#file-input', bigPath);
  await page.waitForFunction(() => document.getElementById('read-progress').value > 0);
  await page.click('#cancel-read');
  await page.waitForSelector('#data-message:not([hidden])');
  assert.match(await page.textContent('#data-message'), /Stopped reading diamonds_300mb\.csv\.\s+Still using auto_mpg/);
  assert.equal(await page.isHidden('#reading'), true);
  assert.equal(await page.textContent('#data-name'), before);
  await train(page, 3);
  assert.deepEqual(site.problems, []);
});
