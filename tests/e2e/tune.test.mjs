// "Search the settings": a random search of the ticked parameters around the
// form's settings (bl.tune in the worker). Its trials are the package's
// bl.tune() on the same table, space and seed, value for value; Use puts a
// trial's settings in the form; Stop stops; a range that is no range, and a
// search scored on validation rows with none held out, are refused by name.
import assert from 'node:assert/strict';
import { readFile } from 'node:fs/promises';
import { test } from 'node:test';
import { near, pageAndPackage } from './browser.mjs';

const ctx = pageAndPackage('tune');
const status = (page) => page.$eval('#tune-status', (e) => e.dataset.status);

// The panel's ranges at first (eta on a log scale; the others ticked at first).
const FIRST_SPACE = { eta: { min: 0.01, max: 0.3, log: true }, max_depth: { min: 2, max: 10, log: false }, subsample: { min: 0.5, max: 1, log: false },
  colsample_bytree: { min: 0.5, max: 1, log: false } };

// The package's search of the page's sample as the page runs it: cross-validation of the run's training rows, its
// validation rows (20 %, seed 0) kept out. Returns the result and how many rows were cross-validated.
async function packageSearch(params, options) {
  const table = ctx.bl.readCSV(await readFile(new URL('../../web/public/datasets/auto_mpg.csv', import.meta.url)));
  const data = { target: 'Miles_per_Gallon', ignore: ['Name'], skipMissingTarget: true };
  try {
    const split = table.toDataset({ ...data, validFraction: 0.2, seed: 0 });
    const rows = split.trainRows();
    split.dispose();
    return { result: await ctx.bl.tune(table, data, { algorithm: 'xgboost', ...params }, { rows, nfold: 3, seed: 0, ...options }), trainRows: rows.length };
  } finally {
    table.dispose();
  }
}

// The form's searched values as the tests before left them (Use puts a trial's values in it): trial 1's settings.
async function formValues(page) {
  const form = {};
  for (const name of ['eta', 'max_depth', 'subsample', 'colsample_bytree', 'lambda']) {
    const v = (await page.inputValue(`#param-${name}`)).trim();
    if (v !== '') form[name] = Number(v);
  }
  return form;
}

test('auto_mpg: each trial\'s settings and score are bl.tune()\'s; Use puts the best in the form and Play trains it', async () => {
  const { page } = ctx.site;
  await page.fill('#tune-trials', '5');
  assert.equal(await page.getAttribute('#tune-rounds', 'placeholder'), '100 (the form\'s)');
  await page.fill('#tune-rounds', '150');
  await page.selectOption('#tune-metric', 'mae');
  // lambda ticked too, with a range of its own.
  await page.check('#tune-space tr[data-name="lambda"] [data-field="on"]');
  await page.fill('#tune-space tr[data-name="lambda"] [data-field="min"]', '0.5');
  await page.click('#tune-start');
  await page.waitForFunction(() => document.getElementById('tune-status').dataset.status === 'done', null, { timeout: 180000 });
  const rows = await page.$$eval('#tune-trials-table tbody tr', (trs) => trs.map((tr) => ({
    trial: Number(tr.dataset.trial), best: tr.classList.contains('best'),
    values: Object.fromEntries([...tr.querySelectorAll('td[data-col]')].map((td) => [td.dataset.col, Number(td.dataset.v)])) })));
  assert.equal(rows.length, 5);
  assert.equal(await page.$$eval('#tune-slices figure.tune-slice', (f) => f.length), 5, 'a chart a searched parameter');
  const { result: theirs } = await packageSearch({ rounds: 150, eval_metric: 'mae' },
    { space: { ...FIRST_SPACE, lambda: { min: 0.5, max: 10, log: true } }, trials: 5 });
  for (const t of theirs.trials) {
    const row = rows.find((r) => r.trial === t.trial);
    assert.ok(row, `trial ${t.trial} shown`);
    for (const [name, v] of Object.entries(t.searched)) assert.equal(row.values[name], v, `trial ${t.trial}'s ${name}`);
    near(row.values.value, t.value, 1e-9, `trial ${t.trial}'s mae`);
  }
  assert.equal(rows[0].trial, theirs.best.trial, 'the best first');
  assert.equal(rows[0].best, true);
  assert.ok(rows.every((r, i) => i === 0 || r.values.value >= rows[i - 1].values.value), 'best first, then in order');
  assert.match(await page.textContent('#tune-status'),
    /Searched eta, max_depth, subsample, colsample_bytree, lambda around XGBoost-style, rounds 150, eval_metric mae, scored by 3-fold cross-validation of the training rows \(the validation rows are kept out of the search, to judge its winner on\), draws seeded 0: 5 trials\. (Best: trial \d, mae [\d.]+ at round \d+, against [\d.]+ for trial 1 \(the form's settings when the search started\)|No trial beats the form's settings)\./);
  // Trials cut by the form's rounds while still improving are counted, with what to do.
  // (cut: early stopping's 20 rounds without gain had not come when the rounds ran out)
  const cut = theirs.trials.filter((t) => t.roundsTrained - t.bestRound < 20).length;
  const said = (await page.textContent('#tune-status')).match(/(\d+) of 5 trials were still improving at their last round/);
  assert.equal(said ? Number(said[1]) : 0, cut);
  assert.equal(await page.$$eval('#tune-trials-table td', (tds) => tds.filter((td) => td.textContent.endsWith('(cut)')).length), cut, 'the cut trials marked');
  // Use: the trial's values in the form, rounds at its best round; Play trains them.
  await page.click(`#tune-trials-table tr[data-trial="${theirs.best.trial}"] button[data-use]`);
  assert.equal(Number(await page.inputValue('#param-eta')), theirs.best.searched.eta);
  assert.equal(Number(await page.inputValue('#param-rounds')), theirs.best.bestRound);
  assert.equal(await page.textContent(`#tune-trials-table tr[data-trial="${theirs.best.trial}"] button[data-use]`), 'Used');
  assert.equal(await page.inputValue('#param-eval_metric'), 'mae', 'the metric it was scored by goes to the form too');
  // (eval_metric sits under "More parameters")
  if (!(await page.isVisible('#param-eval_metric'))) await page.click('#more-summary');
  await page.fill('#param-eval_metric', '');
  await page.selectOption('#tune-metric', '');
  assert.match(await page.textContent('#tune-status'), new RegExp(`Trial ${theirs.best.trial}'s settings are in the form now`));
});

test('Stop ends a long search after the trial under way; a range that is no range is refused', async () => {
  const { page } = ctx.site;
  await page.fill('#param-rounds', '300');
  await page.fill('#tune-trials', '200');
  await page.click('#tune-start');
  await page.waitForFunction(() => Number(document.getElementById('tune-status').dataset.trials) >= 1, null, { timeout: 120000 });
  assert.equal(await page.textContent('#tune-start'), 'Stop the search');
  await page.click('#tune-start');
  await page.waitForFunction(() => document.getElementById('tune-status').dataset.status === 'stopped', null, { timeout: 60000 });
  assert.match(await page.textContent('#tune-status'), /stopped after \d+ trials/);
  const shown = await page.$$eval('#tune-trials-table tbody tr', (r) => r.length);
  assert.ok(shown >= 1 && shown < 200, `${shown} trials shown`);
  const before = await page.$$eval('#tune-trials-table tbody tr', (r) => r.length);
  await page.fill('#tune-rounds', '0');
  await page.click('#tune-start');
  assert.equal(await status(page), 'refused');
  assert.equal(await page.$$eval('#tune-trials-table tbody tr', (r) => r.length), before, 'a refusal keeps the search before on show');
  assert.match(await page.textContent('#tune-status'), /^Not started: rounds at most is a whole number from 1 to 100000, not '0'\. \(The search below is the one before\.\)$/);
  await page.fill('#tune-rounds', '');
  await page.fill('#tune-space tr[data-name="eta"] [data-field="max"]', 'lots');
  await page.click('#tune-start');
  assert.equal(await status(page), 'refused');
  assert.match(await page.textContent('#tune-status'), /^Not started: eta's range needs two numbers, from and to \(it has '0.01' and 'lots'\), or a list in from: 2, 4, 8\./);
  await page.fill('#tune-space tr[data-name="eta"] [data-field="max"]', '0');
  await page.fill('#tune-trials', '2');
  await page.click('#tune-start');
  assert.equal(await status(page), 'refused');
  assert.match(await page.textContent('#tune-status'), /^Not started: 'eta' has min 0.01 above max 0\./);
  await page.fill('#tune-space tr[data-name="eta"] [data-field="max"]', '0.3');
  assert.equal(await status(page), 'stopped', 'an edit clears the refusal: the search before is said again');
});

test('scored on the validation rows: Use, then Play, trains the trial\'s model, whose validation metric is the trial\'s score', async () => {
  const { page } = ctx.site;
  await page.fill('#param-rounds', '100');
  await page.selectOption('#tune-by', 'validation');
  await page.fill('#tune-trials', '3');
  await page.click('#tune-start');
  await page.waitForFunction(() => document.getElementById('tune-status').dataset.status === 'done', null, { timeout: 180000 });
  assert.match(await page.textContent('#tune-status'), /scored by the validation rows, draws seeded 0: 3 trials/);
  const best = await page.$eval('#tune-trials-table tbody tr.best', (tr) => ({ trial: tr.dataset.trial, value: Number(tr.querySelector('td[data-col="value"]').dataset.v) }));
  await page.click(`#tune-trials-table tr[data-trial="${best.trial}"] button[data-use]`);
  const rounds = Number(await page.inputValue('#param-rounds'));
  await page.click('#train');
  await page.waitForFunction((n) => document.getElementById('last-round').dataset.round === String(n) && !document.getElementById('train').disabled, rounds, { timeout: 120000 });
  const text = await page.textContent('#last-round');
  const shown = Number(/valid[^;]*?rmse ([\d.]+)/.exec(text)?.[1]);
  near(shown, best.value, 5e-4, `the run's validation rmse (${text}) against trial ${best.trial}'s`);
  await page.selectOption('#tune-by', 'cv');
});

test('successive halving: the rungs said, trials left behind marked, each trial\'s last score bl.tune({ halving })\'s', async () => {
  const { page } = ctx.site;
  await page.fill('#param-rounds', '100');
  await page.fill('#tune-trials', '9');
  await page.fill('#tune-rounds', '');  // the form's 100
  await page.uncheck('#tune-space tr[data-name="lambda"] [data-field="on"]');
  await page.check('#tune-halving');
  const form = await formValues(page);  // trial 1's settings, and every trial's lambda
  await page.click('#tune-start');
  await page.waitForFunction(() => document.getElementById('tune-status').dataset.status === 'done', null, { timeout: 180000 });
  const { result: theirs, trainRows } = await packageSearch({ rounds: 100, ...form }, { space: FIRST_SPACE, trials: 9, halving: true });
  assert.equal(theirs.rungs.length, 2);
  const [first, second] = [theirs.rungs[0].rows, theirs.rungs[1].trials.length];
  assert.match(await page.textContent('#tune-status'), new RegExp(`draws seeded 0, by successive halving: 2 rungs: 9 trials on ${first} rows, then ${second} on all ${trainRows} rows ` +
    `\\(each rung the best third goes on, with trial 1, the form's settings, beside them\\)\\. ` +
    `(Best of rung 2 \\(${trainRows} rows\\): trial \\d|No trial of rung 2)`));
  const rows = await page.$$eval('#tune-trials-table tbody tr', (trs) => trs.map((tr) => ({ trial: Number(tr.dataset.trial), behind: tr.classList.contains('behind'),
    value: Number(tr.querySelector('td[data-col="value"]').dataset.v), rows: Number(tr.querySelector('td[data-col="rows"]').dataset.v) })));
  assert.equal(rows.length, 9);
  assert.deepEqual(rows.slice(0, second).map((r) => r.trial).sort((a, b) => a - b), [...theirs.rungs[1].trials].sort((a, b) => a - b), 'the last rung\'s trials first');
  assert.deepEqual(rows.map((r) => r.behind), rows.map((_, i) => i >= second));
  assert.ok(theirs.rungs[1].trials.includes(1), 'trial 1 goes on to the last rung');
  for (const t of theirs.trials) {
    const row = rows.find((r) => r.trial === t.trial);
    assert.equal(row.rows, t.rows, `trial ${t.trial}'s rows`);
    near(row.value, t.value, 1e-9, `trial ${t.trial}'s rmse on ${t.rows} rows`);
  }
  assert.equal(rows[0].trial, theirs.best.trial);
  assert.equal(await page.$$eval('#tune-slices circle.behind', (c) => c.length), (9 - second) * 4, 'the trials left behind faint in each chart');
  // What the score hung on: bl.tune()'s importance, largest first.
  const shares = await page.$$eval('.tune-importance .bar-row', (r) => r.map((e) => [e.dataset.name, Number(e.querySelector('.bar-value').dataset.v)]));
  assert.deepEqual(shares.map(([n]) => n), Object.entries(theirs.importance).sort((a, b) => b[1] - a[1]).map(([n]) => n));
  for (const [name, v] of shares) near(v, theirs.importance[name], 1e-12, `${name}'s share`);
  await page.uncheck('#tune-halving');
});

test('More trials goes on with the search that ended, as the form was when it started: the trials of one search of them all', async () => {
  const { page } = ctx.site;
  await page.fill('#tune-trials', '3');
  await page.fill('#tune-rounds', '');
  const form = await formValues(page);
  assert.equal(await page.isVisible('#tune-more'), false, 'nothing to go on with while the last search was by halving');
  await page.click('#tune-start');
  await page.waitForFunction(() => document.getElementById('tune-status').dataset.status === 'done', null, { timeout: 180000 });
  assert.equal(await page.textContent('#tune-more'), '3 more trials');
  // Use changes the form; the trials to come are still the search's own.
  await page.click('#tune-trials-table tr[data-trial="2"] button[data-use]');
  await page.click('#tune-more');
  await page.waitForFunction(() => document.getElementById('tune-status').dataset.status === 'done' && document.getElementById('tune-status').dataset.trials === '6',
    null, { timeout: 180000 });
  assert.match(await page.textContent('#tune-status'), /draws seeded 0: 6 trials\. .*\(More trials of this search as it started: changes to the form/);
  const shown = await page.$$eval('#tune-trials-table tbody tr', (trs) => trs.map((tr) => ({ trial: Number(tr.dataset.trial),
    value: Number(tr.querySelector('td[data-col="value"]').dataset.v) })));
  const { result: theirs } = await packageSearch({ rounds: 100, ...form }, { space: FIRST_SPACE, trials: 6 });
  assert.equal(shown.length, 6);
  for (const t of theirs.trials) near(shown.find((r) => r.trial === t.trial).value, t.value, 1e-9, `trial ${t.trial}`);
  assert.equal(shown[0].trial, theirs.best.trial);
});

test('a list typed in from searches those values only; a list with a word in it is refused', async () => {
  const { page } = ctx.site;
  const from = '#tune-space tr[data-name="max_depth"] [data-field="min"]', to = '#tune-space tr[data-name="max_depth"] [data-field="max"]';
  await page.fill(from, '2, x');
  assert.equal(await page.isDisabled(to), true, 'a list needs no "to"');
  await page.click('#tune-start');
  assert.equal(await status(page), 'refused');
  assert.match(await page.textContent('#tune-status'), /^Not started: max_depth's list '2, x' holds 'x', not a number\./);
  await page.fill(from, '2, 4, 8');
  await page.fill('#tune-trials', '6');
  await page.click('#tune-start');
  await page.waitForFunction(() => document.getElementById('tune-status').dataset.status === 'done', null, { timeout: 180000 });
  const depths = await page.$$eval('#tune-trials-table tbody tr', (trs) => trs.map((tr) => Number(tr.querySelector('td[data-col="max_depth"]').dataset.v)));
  assert.equal(depths.length, 6);
  // Trial 1 keeps the form's max_depth (which may lie outside the list); the 5 draws take the list's values only.
  const fromList = depths.filter((d) => [2, 4, 8].includes(d));
  assert.ok(fromList.length >= 5, `max_depth drawn: ${depths}`);
  assert.ok(new Set(fromList).size >= 2, `max_depth drawn: ${depths}`);
  // A value the engine refuses (max_depth 0, no limit, needs lossguide): those trials fail, said, and the search goes on.
  await page.fill(from, '0, 3');
  await page.click('#tune-start');
  await page.waitForFunction(() => document.getElementById('tune-status').dataset.status === 'done', null, { timeout: 180000 });
  const trials = await page.$$eval('#tune-trials-table tbody tr', (trs) => trs.map((tr) => ({ failed: tr.classList.contains('failed'),
    depth: Number(tr.querySelector('td[data-col="max_depth"]').dataset.v), value: tr.querySelector('td[data-col="value"]'),
    use: tr.querySelector('button[data-use]') })).map(({ value, use, ...t }) => ({ ...t, text: value.textContent, why: value.title, disabled: use.disabled })));
  const failed = trials.filter((t) => t.failed);
  assert.ok(failed.length >= 1 && failed.length < 6, JSON.stringify(trials));
  for (const t of trials) assert.equal(t.failed, t.depth === 0, JSON.stringify(t));
  for (const t of failed) {
    assert.equal(t.text, 'failed');
    assert.match(t.why, /^The engine refused these settings: .*max_depth' is 0 \(no limit\), which needs grow_policy lossguide/);
    assert.ok(t.disabled, 'no Use for settings that cannot train');
  }
  assert.deepEqual(trials.slice(-failed.length).map((t) => t.failed), failed.map(() => true), 'failed trials listed last');
  assert.match(await page.textContent('#tune-status'), new RegExp(`${failed.length} of 6 trials failed, the search going on without (it|them) \\(marked "failed"; trial \\d+: Parameter 'max_depth' is 0`));
  assert.ok(await page.$$eval('#tune-slices svg', (svgs) => svgs.every((svg) => Number(svg.dataset.points) === svg.querySelectorAll('circle.point').length)));
  assert.equal(await page.$eval('#tune-slices svg', (svg) => Number(svg.dataset.points)), 6 - failed.length, 'a dot a scored trial');
  await page.fill(from, '2');
  assert.equal(await page.isDisabled(to), false);
});
