// The page against what the third attack sent it (issue 42), each case failing before its fix:
// - a crafted link froze the page: '#data=sample:spam&task=zzz…' left it on "Reading spam.csv…"
//   with Play disabled, 'task=constructor' threw inside the store's update, and
//   '#data=sample:__proto__' emptied the page. Every field of a link is checked where it is read:
//   what the page lacks falls back to its default, and a notice says which;
// - the downloads' CSV: a bare CR in a category's name was written unquoted (pandas read 120 rows
//   as 152), and cells that a spreadsheet runs as formulas (=, +, -, @) were written as they were.
//   Read back here by pandas (Debian's python3-pandas), as a user's script would.
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { readFile } from 'node:fs/promises';
import { afterEach, test } from 'node:test';
import { openSite, shotName, train, waitForData } from './browser.mjs';

let site;
afterEach(async (t) => {
  await site?.screenshot(`hostile-${shotName(t.name)}`);
  const problems = site?.problems ?? [];
  await site?.close();
  site = null;
  assert.deepEqual(problems, [], 'no page error, no request left the page');
});

for (const [hash, loaded, said] of [
  ['#data=sample:spam&task=zzz&p.objective=binary:logistic', 'spam.csv (sample)', /This link's task 'zzz' is not something the page has: the default is used instead\./],
  ['#data=sample:spam&task=constructor&valid=7&p.constructor=1&p.eta=abc', 'spam.csv (sample)', /This link's parameter 'constructor', eta 'abc', task 'constructor', valid '7' are not something the page has/],
  ['#data=sample:__proto__', 'auto_mpg.csv (sample)', /This link's data 'sample:__proto__' is not something the page has/],
  ['#data=toy:circles:1e9:0.1:0', 'auto_mpg.csv (sample)', /This link's data 'toy:circles:1e9:0.1:0' is not something the page has/],
]) {
  test(`a crafted link (${hash}) loads the data it can, says what it dropped, and trains`, async () => {
    site = await openSite({ path: `/${hash}` });
    const { page } = site;
    await waitForData(page, loaded);
    assert.match(await page.textContent('#train-notice'), said);
    assert.equal(await page.inputValue('#task'), 'auto');
    // The page is whole: a task chosen by hand, then a run.
    await page.selectOption('#task', 'regression');
    await page.selectOption('#task', 'auto');
    await train(page, 3);
  });
}

test("the downloads' CSV: a bare CR is quoted, formula-like text is neutralised, numbers stay numbers", async () => {
  site = await openSite();
  const { page } = site;
  await page.waitForFunction(() => !document.getElementById('train').disabled);
  const kinds = ['a\rb', '=1+2', '@SUM(A1)', '+x', '-y', 'plain'];
  const rows = ['id,kind,x,label'];
  for (let i = 0; i < 120; i++) {
    const kind = kinds[i % kinds.length];
    rows.push(`${i % 7 === 0 ? '=HYPERLINK("x")' : `r${i}`},"${kind}",${(i * 0.37) % 5},${i % 3 === 0 ? '=cls' : '-1'}`);
  }
  await page.setInputFiles('#file-input', { name: 'cells.csv', mimeType: 'text/csv', buffer: Buffer.from(rows.join('\n') + '\n') });
  await waitForData(page, 'cells.csv');
  await page.selectOption('#target', 'label');
  await train(page, 3);
  const python = (file) => JSON.parse(execFileSync('/usr/bin/python3', ['-c', `
import json, sys
import pandas as pd
d = pd.read_csv(sys.argv[1], dtype=str, keep_default_na=False)
print(json.dumps({"rows": len(d), "columns": list(d.columns), "cells": d.to_dict("list")}))`, file], { encoding: 'utf8' }));

  if (!(await page.isVisible('#download-predictions'))) await page.click('#files summary');
  const [predictions] = await Promise.all([page.waitForEvent('download'), page.click('#download-predictions')]);
  const p = python(await predictions.path());
  assert.equal(p.rows, 120, 'one line a row');
  assert.deepEqual(p.columns.slice(0, 4), ['line', 'id', 'set', 'label']);
  assert.equal(p.cells.id[0], "'=HYPERLINK(\"x\")");
  assert.equal(p.cells.id[1], 'r1');
  assert.deepEqual([...new Set(p.cells.label)].sort(), ["'=cls", '-1']);
  assert.ok(p.cells['predicted label'].every((c) => c === "'=cls" || c === '-1'), 'the predicted class as neutralised as the actual');

  await page.waitForFunction(() => !document.getElementById('worked-csv').disabled);
  const [worked] = await Promise.all([page.waitForEvent('download'), page.click('#worked-csv')]);
  const w = python(await worked.path());
  assert.equal(w.rows, 120, 'one line a row');
  const kind = w.cells.kind;
  assert.ok(kind, `a kind column in ${w.columns}`);
  assert.deepEqual([...new Set(kind)].sort(), ["'+x", "'-y", "'=1+2", "'@SUM(A1)", 'a\rb', 'plain'].sort());
  const raw = await readFile(await worked.path(), 'utf8');
  assert.ok(raw.includes('"a\rb"'), 'the CR inside quotes');
});
