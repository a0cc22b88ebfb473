// What the page says about a file of the user's own as it lands: the target it
// guessed (not a `year` column), the cells it read as missing, a delimiter
// chosen by hand that splits nothing, and a target of one class said once.
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { after, before, test } from 'node:test';
import { openSite, waitForSample } from './browser.mjs';

let site;
before(async () => {
  site = await openSite();
  await waitForSample(site.page);
});
after(async () => {
  assert.deepEqual(site.problems, []);
  await site.close();
});

// Loads a file and waits until its columns are the page's (the name shows from "Reading …" on).
async function upload(page, name, body) {
  await page.setInputFiles('#file-input', { name, mimeType: 'text/csv', buffer: Buffer.from(body) });
  await page.waitForFunction((n) => new RegExp(`^${n.replace('.', '\\.')}: [\\d,]+ rows`).test(document.getElementById('data-name').textContent), name);
}

test('penguins.csv as one\'s own file: the target is species (its last column is year), and the note says it was a guess', async () => {
  const { page } = site;
  await upload(page, 'penguins.csv', readFileSync(new URL('../data/penguins.csv', import.meta.url)));
  assert.equal(await page.inputValue('#target'), 'species');
  const notes = await page.textContent('#data-notes');
  assert.match(notes, /^Target: 'species', a first guess \(the last column, 'year', looks like a time/);
  // Its NA cells, as pandas reads them, said with where.
  assert.match(notes, /Read as missing, as pandas' read_csv does: 'NA' \(\d+ cells in 'bill_length_mm', /);
});

test('spelled missing markers are said; a delimiter chosen by hand that splits nothing is said with the fix', async () => {
  const { page } = site;
  await upload(page, 'marks.csv', 'a,b,y\n1,NA,0\n3,?,1\n5,6,0\n7,8,1\n');
  let notes = await page.textContent('#data-notes');
  assert.doesNotMatch(notes, /Target:/, 'the last column as the target is the convention, unsaid');
  assert.match(notes, /Read as missing, as pandas' read_csv does: '\?' \(1 cell in 'b', line 3\); 'NA' \(1 cell in 'b', line 2\)\./);
  await page.selectOption('#delimiter', ';');
  await page.waitForFunction(() => /semicolon-separated/.test(document.getElementById('data-name').textContent));
  notes = await page.textContent('#data-notes');
  assert.match(notes, /Every row was read as one column: the delimiter chosen, semicolon, is not in the header, which holds commas\. Choose automatic \(or comma\) under Delimiter \(readCSV: leave its delimiter option out\)\./);
});

test('a target of one class: said once, naming the target', async () => {
  const { page } = site;
  await upload(page, 'one.csv', 'a,b,y\n1,2,x\n3,4,x\n5,6,x\n7,8,x\n');
  assert.equal(await page.inputValue('#target'), 'y', 'a last column that cannot be trained on stays the guess, and says why');
  const note = await page.textContent('#task-note');
  assert.equal(note, "The target 'y' has only one class ('x'); classification needs at least two. Choose another target.");
});

// A numeric last column with a stray word: each number a category of its own as text, it looked like an
// identifier, and the page picked another column as the target (said to be a time, a row number or an id).
test('a last column of numbers with one stray word stays the target; the page says which cell, and offers to read it as missing', async () => {
  const { page } = site;
  const lines = ['a,b,y', ...Array.from({ length: 80 }, (_, i) => `${i % 9},${(i * 7) % 13},${(i * 1.37).toFixed(2)}`)];
  lines[33] = '8.8,2.4,inf';
  await upload(page, 'stray.csv', lines.join('\n'));
  assert.equal(await page.inputValue('#target'), 'y');
  assert.doesNotMatch(await page.textContent('#data-notes'), /a first guess/);
  assert.match(await page.textContent('#task-note'), /Line 34, column 3 \('y'\): 'inf' is not a number/);
  assert.equal(await page.isVisible('#read-missing'), true);
});

// Excel's "Unicode Text" export: UTF-16 (little-endian, with its byte-order mark), tab-separated. Read
// byte by byte it was "Line 2 has 1 fields" and, left out, a table of garbage names (ÿþN\0a\0m\0e\0).
test('a UTF-16 file (Excel\'s "Unicode Text") is read as its text, and said so; its rows show as written', async () => {
  const { page } = site;
  const text = 'city\ttemp\tsunny\nMünchen\t12.5\tyes\nZürich\t9\tno\nKøbenhavn\t7.25\tno\nOrléans\t15\tyes\n';
  const bytes = Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from(text, 'utf16le')]);
  await upload(page, 'weather.txt', bytes);
  assert.match(await page.textContent('#data-name'), /^weather\.txt: 4 rows/);
  assert.match(await page.textContent('#data-notes'), /The file is UTF-16 \(little-endian/);
  assert.equal(await page.inputValue('#target'), 'sunny');
  // The first rows as the engine read them, decoded as it decoded them.
  assert.match(await page.evaluate(() => [...document.querySelectorAll('td')].map((td) => td.textContent).join('|')), /\|München\|12\.5\|yes\|/);
});

test('Excel\'s "sep=;" first line: the file is read with semicolons, the line said and not shown as a row', async () => {
  const { page } = site;
  const rows = ['sep=;', 'size;rooms;price', ...Array.from({ length: 40 }, (_, i) => `${50 + i},5;${1 + (i % 4)};${100 + 3 * i}`)];
  await upload(page, 'excel.csv', rows.join('\r\n') + '\r\n');
  assert.match(await page.textContent('#data-name'), /^excel\.csv: 40 rows × 3 columns, semicolon-separated/);
  assert.match(await page.textContent('#data-notes'), /The first line, sep=;, names the delimiter \(as Excel writes it\): read so; the header is line 2\./);
  // The preview's first row is the file's line 3, not the header again.
  const first = await page.$$eval('#preview tbody tr:first-child td', (tds) => tds.map((td) => td.textContent));
  assert.deepEqual(first, ['50,5', '1', '100']);
  assert.equal(await page.inputValue('#target'), 'price');
});
