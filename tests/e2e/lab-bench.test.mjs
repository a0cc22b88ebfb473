// The playground as a lab bench (issue 17): no wrong answers, no stale
// state, runs compared by what differs, one screen, a page that stays
// responsive, a readable tree, links that restore a run. One test per item;
// each leaves a screenshot in test-results/.
import assert from 'node:assert/strict';
import { after, afterEach, before, test } from 'node:test';
import { openSite, startRun, train, useToy, waitForSample, shotName } from './browser.mjs';

let site;
before(async () => {
  site = await openSite();
  await waitForSample(site.page);
});
after(async () => { await site?.close(); });
afterEach(async (t) => { await site?.screenshot(`lab-bench-${shotName(t.name)}`); });

const ready = (page) => page.waitForFunction(() => !document.getElementById('train').disabled);

async function openHash(page, hash) {
  await page.goto(`${site.origin}/#${hash}`);
  await page.reload();  // a new page load: the link as a visitor opens it
}

async function useSample(page, key = 'auto_mpg') {
  await page.selectOption('#source', `sample:${key}`);
  await page.waitForFunction((k) => document.getElementById('data-name').textContent.startsWith(`${k}.csv (sample)`) &&
    !document.getElementById('train').disabled, key);
}

async function upload(page, name, text) {
  await page.setInputFiles('#file-input', { name, mimeType: 'text/csv', buffer: Buffer.from(text) });
  await page.waitForFunction((n) => document.getElementById('data-name').textContent.startsWith(`${n}: `), name);
}

async function showMore(page) {
  if (!(await page.isVisible('#param-subsample'))) await page.click('#more-summary');
}

async function setParam(page, name, value) {
  if (!(await page.isVisible(`#param-${name}`))) await showMore(page);
  await page.fill(`#param-${name}`, String(value));
}

const inViewport = (page, selector) => page.evaluate((sel) => {
  const r = document.querySelector(sel).getBoundingClientRect();
  return r.width > 0 && r.height > 0 && r.top >= 0 && r.left >= 0 && r.bottom <= innerHeight && r.right <= innerWidth;
}, selector);

// ---- Wrong answers -------------------------------------------------------

test('task detection: the three-class toy trains as multiclass, says so beside Task, one click to regression', async () => {
  const { page } = site;
  await useToy(page, 'gaussians', 400);
  assert.equal(await page.inputValue('#task'), 'auto');
  assert.match(await page.textContent('#task-note'), /Automatic: multiclass classification, from 3 whole numbers \(0, 1, 2\)/);
  await train(page, 5);
  assert.match(await page.textContent('#last-round'), /mlogloss/, 'a multiclass metric, not rmse');
  await page.waitForFunction(() => document.getElementById('surface').dataset.round === '5');
  await page.click('#task-note button');
  assert.equal(await page.inputValue('#task'), 'regression');
  assert.match(await page.textContent('#task-note'), /Set by hand \(automatic would be multiclass classification\)/);
  await train(page, 5);
  assert.match(await page.textContent('#last-round'), /rmse/);
  await page.click('#task-note button');  // back to automatic
  assert.equal(await page.inputValue('#task'), 'auto');
});

test('ID columns: a row number and an all-distinct *_id are left out of the features by default, a measurement is not', async () => {
  const { page } = site;
  const rows = ['row,account_id,userId,size,price', ...Array.from({ length: 60 }, (_, i) =>
    `${i + 1},${123456700 + ((i * 37) % 97)},${500 + i * 3},${(40 + (i * 13) % 50).toFixed(1)},${(1000 + i * 17.5).toFixed(2)}`)];
  await upload(page, 'houses.csv', rows.join('\n') + '\n');
  await page.selectOption('#target', 'price');
  const ignored = await page.$$eval('#ignore input:checked', (b) => b.map((x) => x.value));
  assert.deepEqual(ignored.sort(), ['account_id', 'row', 'userId']);
  assert.match(await page.textContent('#ignore'), /row numeric ID/);
  assert.equal(await page.isChecked('#ignore input[value="size"]'), false, 'a measurement stays a feature');
  // The predictions file carries them as read: a 9-digit ID whole, not rounded to 7 digits nor to the float the
  // engine reads it as (123456737 is 123456736 to a model).
  await train(page, 2);
  const opened = !(await page.isVisible('#download-predictions'));  // closed again below: later tests open it themselves
  if (opened) await page.click('#files summary');
  const [file] = await Promise.all([page.waitForEvent('download'), page.click('#download-predictions')]);
  if (opened) await page.click('#files summary');
  const lines = (await (await import('node:fs/promises')).readFile(await file.path(), 'utf8')).trim().split('\n');
  assert.equal(lines[0], 'line,row,account_id,userId,set,price,predicted price');
  assert.deepEqual(lines[2].split(',').slice(0, 4), ['3', '2', String(123456700 + 37), '503']);
  await page.fill('#param-rounds', '');
});

test('early stopping: the result is the kept round\'s metrics, and the text says which round', async () => {
  const { page } = site;
  await useSample(page);
  await setParam(page, 'early_stopping_rounds', 3);
  await setParam(page, 'eta', 0.6);
  await page.fill('#param-rounds', '500');
  await startRun(page);
  await page.waitForFunction(() => /done/.test(document.getElementById('train-status').textContent) && !document.getElementById('train').disabled);
  const best = Number(await page.getAttribute('#loss-chart', 'data-best'));
  const last = Number(await page.getAttribute('#train-status', 'data-round'));
  assert.ok(best > 0 && last === best + 3, `best ${best}, last ${last}`);
  assert.match(await page.textContent('#train-status'), new RegExp(`early stopping kept round ${best} of ${last}`));
  const text = await page.textContent('#last-round');
  assert.match(text, new RegExp(`^Result: round ${best}, kept by early stopping`), text);
  assert.equal(await page.getAttribute('#last-round', 'data-round'), String(best));
  // The chart's legend, away from the mouse, holds the kept round too (it held the last round's).
  await page.waitForFunction((b) => document.getElementById('loss-chart').dataset.legendRound === String(b), best);
  assert.equal((await page.textContent('#loss-chart .u-legend')).match(/valid rmse\s*([\d.]+)/)[1], text.match(/valid rmse ([\d.]+)/)[1]);
  // The kept round's numbers, not the last round's: picking the last round on the chart shows others.
  await page.locator('#loss-chart').scrollIntoViewIfNeeded();
  const box = await page.locator('#loss-chart .u-over').boundingBox();
  await page.mouse.click(box.x + box.width - 2, box.y + box.height / 2);
  await page.waitForFunction((n) => document.getElementById('last-round').dataset.round === String(n), last);
  assert.notEqual((await page.textContent('#last-round')).match(/valid rmse ([\d.]+)/)[1], text.match(/valid rmse ([\d.]+)/)[1]);
  await setParam(page, 'early_stopping_rounds', 0);
  await setParam(page, 'eta', '');
});

test('numbers written for people read as numbers; dates, a stray word in a feature and a constant column said in the notes, not only in a tooltip', async () => {
  const { page } = site;
  // A comma-separated export: quoted thousands, ISO dates, a word among a feature's numbers.
  const rows = ['id,price,sold,x,y,unit', ...Array.from({ length: 30 }, (_, i) =>
    `${i + 1},"${(1 + i).toLocaleString('en-US')},${String(100 + i * 7).slice(-3)}",2021-${String(1 + (i % 12)).padStart(2, '0')}-${String(1 + i).padStart(2, '0').slice(-2).replace('00', '01')},${i === 11 ? 'twelve' : i},${(i * 1.5).toFixed(1)},kg`)];
  await upload(page, 'export.csv', rows.join('\n'));
  await page.selectOption('#target', 'y');  // (the last column, 'unit', would be the target: its own problem is said beside Task)
  const kinds = await page.$$eval('#preview td.kind', (cells) => cells.map((c) => c.textContent));
  assert.deepEqual(kinds.slice(1), ['numeric', 'dates (text)', 'numbers + text', 'numeric', 'categorical']);
  const notes = await page.textContent('#data-notes');
  assert.match(notes, /Column 'price' holds numbers written with thousands separators: read as numbers \('1,100' on line 2 is 1100\)/);
  // Trained on as categories unless ticked under Ignored columns; each said as it is.
  assert.match(notes, /'sold' holds dates such as '2021-01-01' \(line 2\), read as text: the model takes them as categories, one per date \(30\), and learns nothing from their order/);
  assert.match(notes, /'x' reads as categories, not numbers: 'twelve' \(line 13\) is not a number/);
  assert.match(notes, /'unit' holds one value: alone it can split no rows\. Harmless; tick it under Ignored columns to leave it out\./);
  assert.equal(await page.getAttribute('#preview td.kind >> nth=3', 'title'), notes.match(/'x' reads as categories[^]*?mend the file\./)[0]);
  await page.check('#ignore input[value="sold"]');
  assert.match(await page.textContent('#data-notes'), /'sold' holds dates such as '2021-01-01' \(line 2\), read as text, and left out of training \(ticked under Ignored columns\): as categories, one per date \(30\)/);
  await page.uncheck('#ignore input[value="sold"]');
  // The dates read again as numbers: the button names the column; the parts replace it where it stood.
  assert.equal(await page.textContent('#read-dates'), "Read 'sold' as dates: year, month, weekday…");
  await page.check('#ignore input[value="sold"]');  // left out as text, its parts are features
  await page.click('#read-dates');
  await page.waitForFunction(() => document.getElementById('read-dates').hidden);
  const names = await page.$$eval('#preview th', (cells) => cells.map((c) => c.textContent.split('\n')[0].trim()));
  const parts = ['sold_year', 'sold_month', 'sold_day', 'sold_weekday', 'sold_yearday', 'sold_days'];
  assert.ok(names.join() .includes(parts.join()), names.join());
  assert.match(await page.textContent('#data-notes'), /Dates in 'sold' \(year-month-day\) read as 6 numeric columns/);
  assert.equal(await page.inputValue('#target'), 'y', 'the choices kept');
  assert.deepEqual(await page.$$eval('#ignore input:checked', (boxes) => boxes.map((b) => b.value)), ['id']);
  // The preview shows the file's first row with the numbers read from its date (2021-01-01: a Friday, 18,628 days after 1970).
  const first = await page.$$eval('#preview tbody tr:first-child td', (cells) => cells.map((c) => c.textContent));
  assert.deepEqual(first.slice(2, 8), ['2021', '1', '1', '4', '1', '18628']);
  assert.equal(first[8], '0', "the next field, x, after the date's parts");
  // Trained on, the parts are the model's features.
  await train(page, 3);
  // A semicolon export with decimal commas: the target is a number (it read as 30 text values, multiclass).
  const semi = ['a;y', ...Array.from({ length: 30 }, (_, i) => `${i},${i % 10};${(i * 1.25).toFixed(2).replace('.', ',')}`)];
  await upload(page, 'semicolons.csv', semi.join('\n'));
  await page.selectOption('#target', 'y');
  assert.deepEqual(await page.$$eval('#preview td.kind', (cells) => cells.map((c) => c.textContent)), ['numeric', 'numeric']);
  assert.match(await page.textContent('#task-note'), /regression/);
  assert.match(await page.textContent('#data-notes'), /Column 'y' holds numbers written with a decimal comma: read as numbers \('0,00' on line 2 is 0\)/);
});

test('text in a numeric target: the preview, the Task note and Play give one rule and one message', async () => {
  const { page } = site;
  const rows = ['x,y', ...Array.from({ length: 30 }, (_, i) => `${(i * 0.5).toFixed(1)},${i === 11 ? 'twelve' : (i * 1.5).toFixed(1)}`)];
  await upload(page, 'stray-word.csv', rows.join('\n'));
  await page.selectOption('#target', 'y');
  const kinds = await page.$$eval('#preview td.kind', (cells) => cells.map((c) => c.textContent));
  assert.deepEqual(kinds, ['numeric', 'numbers + text']);
  assert.match(await page.textContent('#target option[value="y"]'), /numbers \+ text/);
  const note = await page.textContent('#task-note');
  assert.match(note, /y cannot be the target: Line 13, column 2 \('y'\): 'twelve' is not a number/);
  await page.click('#train');
  await page.waitForFunction(() => !document.getElementById('train-message').hidden);
  const message = await page.textContent('#train-message');
  assert.ok(note.endsWith(message), `the same message: ${note} / ${message}`);
});

// ---- Stale state ---------------------------------------------------------

test('stale state: an uploaded file shows no sample source; switching data clears the last run\'s views', async () => {
  const { page } = site;
  await useSample(page);
  assert.match(await page.textContent('#data-source'), /Auto MPG/);
  await train(page, 4);
  await page.waitForFunction(() => /of 4/.test(document.getElementById('tree-caption').textContent));
  assert.ok(Number(await page.getAttribute('#importance', 'data-bars')) > 0);
  await upload(page, 'mine.csv', 'a,b\n1,2\n2,4\n3,5\n4,9\n5,11\n6,12\n');
  assert.equal(await page.textContent('#data-source'), '', 'no sample name or license under a user\'s file');
  assert.equal(await page.textContent('#train-status'), '');
  assert.equal(await page.textContent('#last-round'), '');
  assert.match(await page.textContent('#tree-caption'), /Train a model \(or load one\)/);
  assert.equal(await page.getAttribute('#tree', 'data-nodes'), '0');
  assert.equal(await page.getAttribute('#importance', 'data-bars'), '0');
  assert.equal(await page.isDisabled('#download-model'), true);
  assert.equal(await page.getAttribute('#loss-chart', 'data-points-train'), '0');
});

test('stale state: Reset clears the run\'s tree, importance and numbers; a loaded model leaves when another run starts', async () => {
  const { page } = site;
  await useSample(page);
  await page.fill('#param-rounds', '50');
  await page.click('#step');
  await page.waitForFunction(() => document.getElementById('train-status').dataset.round === '1' && /of 1/.test(document.getElementById('tree-caption').textContent));
  await page.click('#reset');
  await page.waitForFunction(() => !document.getElementById('train-notice').hidden);
  assert.match(await page.textContent('#train-notice'), /Reset: Run \d+ was thrown away/);
  assert.equal(await page.textContent('#last-round'), '');
  assert.equal(await page.getAttribute('#tree', 'data-nodes'), '0');
  assert.equal(await page.getAttribute('#importance', 'data-bars'), '0');
  // A model file on show, then a new run: the file's status goes.
  await train(page, 3);
  await page.click('#files summary');
  const [file] = await Promise.all([page.waitForEvent('download'), page.click('#download-model')]);
  await page.setInputFiles('#model-input', await file.path());
  await page.waitForFunction(() => /^Loaded /.test(document.getElementById('model-status').textContent));
  assert.equal(await page.textContent('#train-notice'), '', 'the Reset notice went with the next run');
  await train(page, 2);
  assert.equal(await page.textContent('#model-status'), '');
  assert.match(await page.textContent('#tree-caption'), /of 2/);
});

test('stale state: a refused run takes no run number; a field\'s error is flagged as typed and leaves when fixed', async () => {
  const { page } = site;
  await useSample(page);
  // (shown only while there are earlier runs; checked and clicked in one step, as the page may re-render between)
  await page.evaluate(() => { const b = document.getElementById('clear-runs'); if (!b.hidden) b.click(); });
  await page.fill('#param-eta', '-1');
  assert.equal(await page.getAttribute('#param-eta', 'aria-invalid'), 'true');
  assert.match(await page.textContent('#param-eta-problem'), /eta must be above 0/);
  await page.click('#train');
  assert.match(await page.textContent('#train-message'), /Not started: eta must be above 0/);
  await page.fill('#param-eta', '0.3');
  assert.equal(await page.isHidden('#train-message'), true, 'the message leaves with its cause');
  assert.equal(await page.getAttribute('#param-eta', 'aria-invalid'), 'false');
  // The objectives offered are the target's (a regression one here): their help names only those.
  const objectives = await page.$$eval('#param-objective option', (os) => os.map((o) => o.value));
  assert.ok(objectives.includes('reg:absoluteerror') && !objectives.some((o) => /^(binary|multi|rank):/.test(o)), `${objectives}`);
  assert.doesNotMatch(await page.textContent('label[for="param-objective"] .doc'), /rank:pairwise:|LambdaMART/);
  // Refused by the engine (max_depth 0, no limit, with depthwise growth): no run.
  const runsBefore = await page.textContent('#chart-data');
  await page.fill('#param-max_depth', '0');
  await page.dispatchEvent('#param-max_depth', 'change');
  await page.click('#train');
  await page.waitForFunction(() => !document.getElementById('train-message').hidden);
  assert.match(await page.textContent('#train-message'), /max_depth.*lossguide/);
  assert.equal(await page.textContent('#chart-data'), runsBefore, 'no run was added');
  assert.equal(await page.isDisabled('#train'), false);
  await page.fill('#param-max_depth', '');
  await page.dispatchEvent('#param-max_depth', 'input');
  assert.equal(await page.isHidden('#train-message'), true);
});

test('stale state: a target or parameter changed after a run is named above the chart until the next run', async () => {
  const { page } = site;
  await useSample(page);
  await train(page, 4);
  assert.equal(await page.isHidden('#changed-note'), true, 'nothing changed yet');
  await page.selectOption('#target', 'Horsepower');
  await page.fill('#param-max_depth', '2');
  await page.waitForFunction(() => document.getElementById('changed-note').dataset.changes === '2');
  const note = await page.textContent('#changed-note');
  const run = Number(/Changed since Run (\d+):/.exec(note)?.[1]);
  assert.ok(run > 0, note);
  assert.match(note, /max_depth 2 \(was 6\)/);
  assert.match(note, /target Horsepower \(was Miles_per_Gallon\)/);
  assert.match(note, new RegExp(`Play or Step starts Run ${run + 1} with the changes`));
  assert.match(await page.getAttribute('#step', 'title'), new RegExp(`Start Run ${run + 1}, one round at a time`));
  // Put back by hand: nothing left to say.
  await page.fill('#param-max_depth', '');
  await page.selectOption('#target', 'Miles_per_Gallon');
  await page.waitForFunction(() => document.getElementById('changed-note').hidden);
  // Changed again, then trained: the new run is on show and the note goes.
  await page.fill('#param-max_depth', '3');
  await page.waitForFunction(() => !document.getElementById('changed-note').hidden);
  await train(page, 2);
  assert.equal(await page.isHidden('#changed-note'), true);
  assert.equal(await page.getAttribute('#step', 'title'), `Start Run ${run + 2}, one round at a time (Run ${run + 1} is finished)`);
  await page.fill('#param-max_depth', '');
  await page.fill('#param-rounds', '');
});

test('stale state: a file dropped while a run trains stops the run first and says so', async () => {
  const { page } = site;
  await useSample(page, 'letter');
  await page.fill('#param-rounds', '3000');
  await page.click('#train');
  await page.waitForFunction(() => Number(document.getElementById('train-status').dataset.round) >= 2);
  await upload(page, 'while-training.csv', 'p,q\n1,0\n2,1\n3,0\n4,1\n5,0\n6,1\n7,0\n8,1\n');
  await page.waitForFunction(() => !document.getElementById('train').disabled);
  assert.match(await page.textContent('#train-notice'), /Run \d+ was stopped at round \d+ to load while-training\.csv; its loss curve stays on the chart/);
  // The round it names comes to be its curve's last (the round in flight when the stop came lands after it).
  const earlier = await page.$eval('#chart-data', (s) => [...s.options].find((o) => o.textContent.startsWith('earlier: letter')).value);
  await page.selectOption('#chart-data', earlier);
  await page.waitForFunction(() => {
    const points = document.getElementById('loss-chart').dataset.pointsValid;
    return Number(points) > 0 && document.getElementById('train-notice').textContent.includes(`stopped at round ${points} to load`);
  }, null, { timeout: 20000 });
  // Only the chart went back to the earlier data, and it says so.
  assert.match(await page.textContent('#chart-hint'), /^These are the runs on letter\.csv \(sample\), data loaded before\. Only this chart shows them: the round line, the score and the round's views are about while-training\.csv/);
  await page.selectOption('#chart-data', await page.$eval('#chart-data', (s) => s.options[0].value));
  assert.doesNotMatch(await page.textContent('#chart-hint'), /data loaded before/);
  assert.equal(await page.isDisabled('#pause'), true);
  assert.equal(await page.isDisabled('#stop'), true);
  assert.equal(await page.textContent('#train-status'), '');
  await train(page, 3);
  assert.match(await page.textContent('#data-name'), /^while-training\.csv: 8 rows/);
  await page.fill('#param-rounds', '');
});

// ---- Comparing runs ------------------------------------------------------

test('comparing runs: named by what differs, the current data\'s runs only, earlier data one click away', async () => {
  const { page } = site;
  await useToy(page, 'circles', 300);
  await train(page, 6);
  await page.fill('#param-eta', '0.1');
  await train(page, 6);
  const legend = await page.textContent('#loss-chart');
  assert.match(legend, /eta 0\.1 \(was 0\.3\)/, 'the new run says what changed');
  assert.match(legend, /Run \d+: XGBoost-style, rounds 6 \(valid\)/, 'the earlier run, dashed, by name');
  await useToy(page, 'xor', 300);
  assert.equal(await page.getAttribute('#loss-chart', 'data-runs'), '0', 'no runs of other data on this chart');
  assert.equal(await page.isVisible('#chart-data-row'), true);
  const options = await page.$$eval('#chart-data option', (os) => os.map((o) => o.textContent));
  assert.ok(options.some((o) => /earlier: toy: circles \(2 runs\)/.test(o)), options.join(' | '));
  const circles = await page.$eval('#chart-data', (s) => [...s.options].find((o) => o.textContent.includes('circles')).value);
  await page.selectOption('#chart-data', circles);
  assert.match(await page.textContent('#loss-chart'), /eta 0\.1 \(was 0\.3\)/);
  await page.fill('#param-eta', '');
});

test('comparing runs: the legend never outgrows the plot; out-of-bag is labelled; round ticks are whole numbers', async () => {
  const { page } = site;
  await useToy(page, 'sine', 200);
  for (let i = 0; i < 8; i++) {
    await page.fill('#param-max_depth', String(i + 1));
    await train(page, 3);
  }
  const sizes = await page.evaluate(() => ({
    legend: document.querySelector('#loss-chart .u-legend').getBoundingClientRect().height,
    plot: document.querySelector('#loss-chart .u-over').getBoundingClientRect().height,
  }));
  assert.ok(sizes.legend <= sizes.plot, `legend ${sizes.legend} px, plot ${sizes.plot} px`);
  // The earlier runs above the current one, out of sight, are said on the round's line; clicked, they show.
  const more = '#loss-chart .u-legend .legend-more';
  assert.match(await page.textContent(more), /^↑ [1-7] earlier runs?$/);
  await page.click(more);
  await page.waitForFunction(() => document.querySelector('#loss-chart .u-legend').scrollTop === 0);
  await page.waitForSelector(more, { state: 'hidden', timeout: 5000 });  // nothing left above: the hint goes
  const ticks = (await page.getAttribute('#loss-chart', 'data-x-ticks')).split(',').map(Number);
  assert.ok(ticks.length > 0 && ticks.every(Number.isInteger), `ticks ${ticks}`);
  await page.fill('#param-max_depth', '');
  await page.selectOption('#algorithm', 'random_forest');
  await train(page, 4);
  const text = await page.textContent('#loss-chart');
  assert.match(text, /out-of-bag rmse/);
  assert.doesNotMatch(text, /train oob_rmse/);
  await page.selectOption('#algorithm', 'xgboost');
});

test('parameters: typed values survive an algorithm change, a badge counts hidden changes, reset to defaults', async () => {
  const { page } = site;
  await page.fill('#param-eta', '0.05');
  await page.fill('#param-max_depth', '3');
  await setParam(page, 'subsample', '0.5');
  assert.match(await page.textContent('#more-summary'), /1 changed/);
  await page.selectOption('#algorithm', 'gbdt');
  assert.equal(await page.inputValue('#param-eta'), '0.05');
  assert.equal(await page.inputValue('#param-max_depth'), '3');
  await page.selectOption('#algorithm', 'xgboost');
  assert.equal(await page.inputValue('#param-subsample'), '0.5');
  await page.click('#reset-params');
  assert.equal(await page.inputValue('#param-eta'), '0.3');
  assert.equal(await page.inputValue('#param-max_depth'), '6');
  assert.doesNotMatch(await page.textContent('#more-summary'), /changed/);
});

// ---- One screen, keyboard ------------------------------------------------

test('one screen at 1280 x 800: controls, picture and the round\'s numbers without scrolling', async () => {
  const { page } = site;
  await page.setViewportSize({ width: 1280, height: 800 });
  await useToy(page, 'spiral', 400);
  await train(page, 10);
  await page.evaluate(() => window.scrollTo(0, 0));
  for (const sel of ['#train', '#step', '#surface', '#last-round', '#loss-chart']) assert.ok(await inViewport(page, sel), `${sel} on screen`);
  await useSample(page);
  await train(page, 10);
  await page.evaluate(() => window.scrollTo(0, 0));
  assert.equal(await page.isVisible('#surface'), false, 'no surface for data that is not 2-D');
  for (const sel of ['#train', '#loss-chart', '#last-round']) assert.ok(await inViewport(page, sel), `${sel} on screen`);
});

test('the control bar keeps its height from a run\'s rounds to its end; at 1280 px its line is one line', async () => {
  const { page } = site;
  await useSample(page, 'diamonds');
  // Height of the bar and of the run's line, and the line's text.
  const measure = () => page.evaluate(() => {
    const p = document.getElementById('train-status');
    return { bar: document.getElementById('model-panel').getBoundingClientRect().height, line: p.getBoundingClientRect().height,
             lineHeight: parseFloat(getComputedStyle(p).fontSize) * 1.5, text: p.textContent };
  });
  try {
    for (const width of [1280, 390]) {
      await page.setViewportSize({ width, height: width === 1280 ? 800 : 844 });
      await page.fill('#param-rounds', '5000');
      await page.click('#train');
      await page.waitForFunction(() => / rounds\/s · /.test(document.getElementById('train-status').textContent));
      const training = await measure();
      await page.click('#stop');
      await page.waitForFunction(() => /stopped/.test(document.getElementById('train-status').textContent) && !document.getElementById('train').disabled);
      const ended = await measure();
      assert.equal(ended.bar, training.bar, `${width} px: the bar ${training.bar} px tall while training ("${training.text}"), ${ended.bar} px once stopped ("${ended.text}")`);
      // A finished run's line has no timings: its last round's milliseconds said little.
      assert.doesNotMatch(ended.text, / ms/, ended.text);
      if (width === 1280) assert.ok(training.line < training.lineHeight, `one line at 1280 px: "${training.text}" is ${training.line} px tall`);
    }
  } finally {
    await page.setViewportSize({ width: 1280, height: 800 });
  }
});

test('one screen at 390 x 844: Step stays on screen beside the picture; touch targets of 40 px or more', async () => {
  const { page } = site;
  await page.setViewportSize({ width: 390, height: 844 });
  try {
    await useToy(page, 'circles', 300);
    await train(page, 5);
    await page.locator('#surface').scrollIntoViewIfNeeded();
    assert.ok(await inViewport(page, '#surface'), 'the picture on screen');
    assert.ok(await inViewport(page, '#step'), 'Step on screen with it');
    await page.locator('#loss-chart').scrollIntoViewIfNeeded();
    assert.ok(await inViewport(page, '#step'), 'Step on screen with the chart');
    // Under the curve, the run's answer to "how good?"; the parameters after it.
    const tops = await page.evaluate(() => Object.fromEntries(['chart-panel', 'result-panel', 'params-panel']
      .map((id) => { const r = document.getElementById(id).getBoundingClientRect(); return [id, { top: r.top, bottom: r.bottom }]; })));
    assert.ok(tops['result-panel'].top - tops['chart-panel'].bottom < 40, `the result panel right under the chart: ${JSON.stringify(tops)}`);
    assert.ok(tops['params-panel'].top > tops['result-panel'].bottom, `the parameters after the result: ${JSON.stringify(tops)}`);
    const small = await page.evaluate(() => [...document.querySelectorAll('button, .button, select, input, summary')]
      .filter((el) => el.getClientRects().length && getComputedStyle(el).visibility !== 'hidden' && !el.classList.contains('visually-hidden'))
      .map((el) => {
        // A checkbox's target is its label.
        const target = el.type === 'checkbox' ? el.closest('label') ?? el : el;
        return { what: el.id || el.textContent.trim().slice(0, 20) || el.type, h: target.getBoundingClientRect().height };
      })
      .filter((t) => t.h < 40));
    assert.deepEqual(small, [], 'every control at least 40 px tall');
    // The worked table's columns past the screen's edge are pointed out; at 1280 px they fit and the hint goes.
    await page.waitForFunction(() => document.getElementById('worked-table').dataset.round === '5');
    assert.equal(await page.isVisible('#worked-more'), true, 'a hint that the worked table scrolls sideways');
    await page.setViewportSize({ width: 1280, height: 800 });
    await page.waitForFunction(() => document.getElementById('worked-more').hidden);
  } finally {
    await page.setViewportSize({ width: 1280, height: 800 });
  }
});

test('keyboard: focus stays on a control after Play, Stop and Step; the tree pans with the arrow keys', async () => {
  const { page } = site;
  await useSample(page);
  await page.fill('#param-rounds', '5');
  await page.focus('#train');
  await page.keyboard.press('Space');
  await page.waitForFunction(() => /done/.test(document.getElementById('train-status').textContent) && !document.getElementById('train').disabled);
  assert.notEqual(await page.evaluate(() => document.activeElement.tagName), 'BODY');
  await page.fill('#param-rounds', '5000');
  await page.focus('#train');
  await page.keyboard.press('Space');
  await page.waitForFunction(() => !document.getElementById('stop').disabled);
  await page.focus('#stop');
  await page.keyboard.press('Space');
  await page.waitForFunction(() => /stopped/.test(document.getElementById('train-status').textContent));
  assert.notEqual(await page.evaluate(() => document.activeElement.tagName), 'BODY', 'focus after Stop');
  // Step keeps the focus on Step: the next Space steps again (it went to Continue and trained all the rounds).
  await page.focus('#step');
  await page.keyboard.press('Space');
  await page.waitForFunction(() => document.getElementById('train-status').dataset.round === '1' && !document.getElementById('step').disabled);
  assert.equal(await page.evaluate(() => document.activeElement.id), 'step');
  await page.keyboard.press('Space');
  await page.waitForFunction(() => document.getElementById('train-status').dataset.round === '2' && !document.getElementById('step').disabled);
  assert.equal(await page.evaluate(() => document.activeElement.id), 'step');
  await page.click('#stop');
  // Stopping redraws the last tree (at its opening view): pan only once that has happened, or a late
  // redraw under load undid the pan before it was read (CI, 2026-11-28).
  await page.waitForFunction(() => /stopped/.test(document.getElementById('train-status').textContent));
  await page.evaluate(() => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r))));
  await page.focus('#tree');
  const before = await page.getAttribute('#tree', 'viewBox');
  await page.keyboard.press('ArrowRight');
  await page.keyboard.press('ArrowDown');
  await page.waitForFunction((b) => document.getElementById('tree').getAttribute('viewBox') !== b, before, { timeout: 5000 });
  await page.fill('#param-rounds', '');
});

test('a paused run whose settings were changed is not continued with its old ones: Play trains a new run', async () => {
  const { page } = site;
  await useSample(page);
  await page.fill('#param-rounds', '4');
  await setParam(page, 'max_depth', '1');
  await page.click('#step');
  await page.waitForFunction(() => document.getElementById('train-status').dataset.round === '1' && !document.getElementById('step').disabled);
  assert.equal(await page.textContent('#train'), 'Continue');
  const first = /Run (\d+)/.exec(await page.textContent('#train-status'))[1];
  await setParam(page, 'max_depth', '3');
  await page.waitForFunction(() => document.getElementById('train').textContent === 'Play');
  await page.click('#train');
  await page.waitForFunction((n) => new RegExp(`Run ${Number(n) + 1} .*done`).test(document.getElementById('train-status').textContent), first);
  // The new run's trees have the new depth (the old run's were stumps).
  await page.waitForFunction(() => Number(document.getElementById('tree').dataset.leaves) > 2);
  await setParam(page, 'max_depth', '');
  await page.fill('#param-rounds', '');
});

// ---- Tree viewer ---------------------------------------------------------

test('tree viewer: opens readable (text at 11 px or more), folds what does not fit, opens on click, follows the chart', async () => {
  const { page } = site;
  await useSample(page, 'spam');
  await page.fill('#param-max_depth', '8');
  await train(page, 6);
  await page.waitForFunction(() => /Tree 6 of 6/.test(document.getElementById('tree-caption').textContent));
  const scale = await page.evaluate(() => {
    const svg = document.getElementById('tree');
    return svg.clientWidth / svg.viewBox.baseVal.width;
  });
  assert.ok(scale >= 1, `drawn at ${scale}x: 11 px text at ${(11 * scale).toFixed(1)} px`);
  const drawn = Number(await page.getAttribute('#tree', 'data-drawn'));
  assert.ok(drawn < Number(await page.getAttribute('#tree', 'data-nodes')), 'deep levels folded');
  await page.click('#tree g[data-folded]');
  await page.waitForFunction((d) => Number(document.getElementById('tree').dataset.drawn) > d, drawn);
  // A round picked on the chart: its tree.
  await page.locator('#loss-chart').scrollIntoViewIfNeeded();
  const box = await page.locator('#loss-chart .u-over').boundingBox();
  await page.mouse.click(box.x + box.width * 0.42, box.y + box.height / 2);
  await page.waitForFunction(() => /Tree [23] of 6 \(round [23]\)/.test(document.getElementById('tree-caption').textContent));
  assert.match(await page.textContent('#last-round'), /^Round [23]:/);
  await page.fill('#param-max_depth', '');
});

test('tree viewer: the index rejects 0 and numbers past the last tree', async () => {
  const { page } = site;
  await useSample(page);
  await train(page, 4);
  for (const bad of ['0', '5']) {
    await page.fill('#tree-index', bad);
    await page.dispatchEvent('#tree-index', 'change');
    assert.match(await page.textContent('#model-message'), /There is no tree \d: this model has 4 trees, numbered 1 to 4/);
    assert.notEqual(await page.inputValue('#tree-index'), bad);
  }
  await page.fill('#tree-index', '2');
  await page.dispatchEvent('#tree-index', 'change');
  await page.waitForFunction(() => /Tree 2 of 4/.test(document.getElementById('tree-caption').textContent));
  assert.equal(await page.isHidden('#model-message'), true);
});

// ---- Shared links --------------------------------------------------------

test('shared links: a file link keeps its settings, names the file, never switches to a sample or rewrites the hash', async () => {
  const { page } = site;
  const hash = 'data=file%3Ahouses.csv&target=price&task=regression&valid=0.25&seed=4&p.algorithm=gbdt&p.eta=0.2&p.eval_metric=rmse%2Cmae&metric=mae&log=1';
  await openHash(page, hash);
  await page.waitForFunction(() => !document.getElementById('data-message').hidden);
  assert.match(await page.textContent('#data-message'), /This link was made with the file houses\.csv\. Open it/);
  // A note that waits for the file, not an error.
  assert.equal(await page.getAttribute('#data-message', 'role'), 'status');
  assert.equal(await page.getAttribute('#data-message', 'class'), 'notice');
  await page.waitForTimeout(1500);
  assert.equal(await page.textContent('#data-name'), 'No data loaded.', 'no sample in its place');
  assert.equal(new URL(page.url()).hash, `#${hash}`, 'the hash stays as the link gave it');
  assert.equal(await page.inputValue('#algorithm'), 'gbdt');
  assert.equal(await page.inputValue('#param-eta'), '0.2');
  assert.equal(await page.isDisabled('#train'), true);
  await upload(page, 'houses.csv', 'rooms,area,price\n' + Array.from({ length: 40 }, (_, i) => `${i % 5},${50 + i},${100 + 3 * i}`).join('\n'));
  assert.equal(await page.inputValue('#target'), 'price');
  assert.equal(await page.inputValue('#split-seed'), '4');
  await train(page, 4);
  assert.equal(await page.inputValue('#metric'), 'mae');
  assert.equal(await page.isChecked('#log-scale'), true);
  assert.match(page.url(), /metric=mae/);
  assert.match(page.url(), /log=1/);
});

test('shared links: the chart\'s metric and log scale are in the URL', async () => {
  const { page } = site;
  await openHash(page, 'data=sample%3Aauto_mpg');
  await waitForSample(page);
  await setParam(page, 'eval_metric', 'rmse,mae');
  await train(page, 3);
  await page.selectOption('#metric', 'mae');
  await page.check('#log-scale');
  assert.match(page.url(), /metric=mae/);
  assert.match(page.url(), /log=1/);
  await page.uncheck('#log-scale');
  assert.doesNotMatch(page.url(), /log=1/);
  await setParam(page, 'eval_metric', '');
});

// ---- Responsiveness ------------------------------------------------------

// The main thread is probed every 50 ms while a worker trains. Training on the
// main thread would stall it for seconds, a slow render per round would stretch
// most gaps; a busy machine (CI beside a build) delays a probe now and then by
// tens of milliseconds, which neither is. So: no gap over 250 ms, and 95 % of
// the gaps at most 100 ms, on a quiet machine; on a busy one, above what its
// load and as many spinning threads make of the same probes.
test('responsiveness: 20,000 toy points, 100 rounds with no main-thread stall; Pause within a round', async () => {
  const { page } = site;
  await openHash(page, 'data=toy%3Acircles%3A20000%3A0.15%3A0&target=y');
  await page.waitForFunction(() => document.getElementById('data-name').textContent.startsWith('toy: circles: 20,000 rows') &&
    !document.getElementById('train').disabled);
  const probe = () => page.evaluate(() => {
    window.__gaps = [];
    let last = performance.now();
    window.__probe = setInterval(() => { const now = performance.now(); window.__gaps.push(now - last); last = now; }, 50);
  });
  const gapsNow = async () => {
    const gaps = await page.evaluate(() => { clearInterval(window.__probe); return window.__gaps; });
    const sorted = [...gaps].sort((a, b) => a - b);
    return { n: gaps.length, worst: sorted.at(-1), p95: sorted[Math.floor(0.95 * (sorted.length - 1))] };
  };
  // The same probes first with the page idle and as many other threads spinning in workers as training
  // will use: what this machine's load (a test must pass on a busy machine: two other CPU-bound
  // processes beside the suite made a 430 ms gap against 132 ms with the page alone) and that many
  // busy threads make of them, without training. The bar is then set above that.
  const threads = Number(await page.evaluate(() => navigator.hardwareConcurrency)) > 1 ? 2 : 1;
  await page.evaluate((n) => {
    const spin = URL.createObjectURL(new Blob(['const end = Date.now() + 3000; while (Date.now() < end) {} postMessage(0);'], { type: 'text/javascript' }));
    window.__spinners = Array.from({ length: n }, () => new Worker(spin));
  }, threads);
  await probe();
  await page.waitForTimeout(3000);
  const idle = await gapsNow();
  await page.evaluate(() => window.__spinners.forEach((w) => w.terminate()));
  await probe();
  await train(page, 100);
  const busy = await gapsNow();
  console.log(`main thread: idle ${idle.n} probes, longest gap ${idle.worst.toFixed(0)} ms, 95th percentile ${idle.p95.toFixed(0)} ms; ` +
    `training ${busy.n} probes, longest ${busy.worst.toFixed(0)} ms, 95th percentile ${busy.p95.toFixed(0)} ms`);
  // (On a quiet machine the idle gaps are ~50 ms: the bars are then 450 and 150 ms.) Training on the main
  // thread would be one gap of seconds (100 rounds of 20,000 rows); a slow render every round, the 95th
  // percentile. One late probe on a loaded machine is neither: a fresh clone's suite beside another suite
  // and a build saw 521 ms against 223 ms idle, so the longest gap may reach idle + 400 ms or 3 × idle.
  assert.ok(busy.worst <= Math.max(idle.worst + 400, 3 * idle.worst), `longest gap between 50 ms probes: ${busy.worst.toFixed(0)} ms (idle: ${idle.worst.toFixed(0)} ms)`);
  assert.ok(busy.p95 <= idle.p95 + 100, `95th percentile of the gaps between 50 ms probes: ${busy.p95.toFixed(0)} ms (idle: ${idle.p95.toFixed(0)} ms)`);
  await page.fill('#param-rounds', '100000');
  await startRun(page);
  await page.waitForFunction(() => Number(document.getElementById('train-status').dataset.round) >= 20);
  // Rounds a millisecond on this machine, just before the click.
  const pace = await page.evaluate(async () => {
    const round = () => Number(document.getElementById('train-status').dataset.round);
    const r0 = round(), t0 = performance.now();
    await new Promise((done) => setTimeout(done, 300));
    return (round() - r0) / (performance.now() - t0);
  });
  const atClick = await page.evaluate(() => {
    document.getElementById('pause').click();
    return Number(document.getElementById('train-status').dataset.round);
  });
  await page.waitForFunction(() => document.getElementById('train').textContent === 'Continue');
  const after = Number(await page.getAttribute('#train-status', 'data-round'));
  const lag = Math.ceil(pace * busy.worst);
  console.log(`pause: clicked at round ${atClick}, held at round ${after}; ${lag} rounds in the longest gap above`);
  // The worker pauses after the round it is on; the page shows rounds once a frame, so the round shown at
  // the click may trail the worker's by the rounds of a frame, or of the longest gap between the main
  // thread's turns (a fresh-clone CI read 3, and so did a run here with the click in a frame's callback;
  // one read 4 once rounds got faster, beside a build). So the bar is the rounds of that longest gap
  // measured above and two (the round on and the one shown), at least 3. A Pause that does not stop would
  // run on for hundreds.
  const bar = Math.max(3, lag + 2);
  assert.ok(after - atClick <= bar, `paused ${after - atClick} rounds after the click (bar ${bar})`);
  await page.click('#stop');
  await page.fill('#param-rounds', '');
});
