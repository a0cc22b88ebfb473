import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { openSite, train, waitForSample } from './browser.mjs';

// Each bad file: one clear message naming where, the sample stays loaded and
// the page still trains.
const CASES = [
  { name: 'ragged.csv', body: 'a,b,c\n1,2,3\n4,5\n', text: /Line 3 has 2 fields, but the header \(line 1\) has 3/ },
  { name: 'quote.csv', body: 'a,b\n1,2\n"3,4\n5,6\n', text: /Line 3, column 1: a quoted field is never closed/ },
  { name: 'empty.csv', body: '', text: /The file is empty/ },
  { name: 'header-only.csv', body: 'a,b,c\n', text: /header row but no data rows/ },
];

let site;
before(async () => {
  site = await openSite();
  await waitForSample(site.page);
});
after(async () => { await site?.close(); });

for (const c of CASES) {
  test(`${c.name}: a clear message, previous data kept, page usable`, async () => {
    const { page } = site;
    await page.setInputFiles('#file-input', { name: c.name, mimeType: 'text/csv', buffer: Buffer.from(c.body) });
    await page.waitForSelector('#data-message:not([hidden])');
    const message = await page.textContent('#data-message');
    assert.match(message, c.text);
    assert.match(message, /Still using auto_mpg/);
    assert.match(await page.textContent('#data-name'), /auto_mpg/);
    assert.equal(await page.inputValue('#target'), 'Miles_per_Gallon');
    await train(page, 3);
  });
}

test('text in a regression target: message names line and column, page usable', async () => {
  const { page } = site;
  const body = 'size,price\n1,10\n2,20\n3,thirty\n4,40\n5,50\n';
  await page.setInputFiles('#file-input', { name: 'prices.csv', mimeType: 'text/csv', buffer: Buffer.from(body) });
  await page.waitForFunction(() => document.getElementById('data-name').textContent.includes('prices.csv'));
  await page.selectOption('#task', 'regression');
  await page.fill('#param-rounds', '5');
  await page.click('#train');
  await page.waitForSelector('#train-message:not([hidden])');
  assert.match(await page.textContent('#train-message'), /Line 4, column 2 \('price'\): 'thirty' is not a number/);
  assert.equal(await page.isDisabled('#train'), false);
  await site.screenshot('bad-target-message');
  assert.deepEqual(site.problems, []);
});
