// Several quantiles in the page: quantile_alpha typed as a list trains a model
// of one output each; on the one-feature toy data the stage view draws the
// band between the outer quantiles (its share of the points said and
// checked here from the rows' own predictions), the result panel gives each
// quantile's coverage, and the round panel names the outputs by quantile. On
// two features the surface marks the points below, inside and above the band
// and can show the band's width instead of the middle quantile.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { download, pageAndPackage, setParam, train, useToy } from './browser.mjs';

const ctx = pageAndPackage('quantile-band');

test('wave, quantiles 0.1, 0.5 and 0.9: a band that holds about 80 % of the points, each quantile\'s coverage near its alpha', async () => {
  const { page } = ctx.site;
  await useToy(page, 'wave', 600);
  await page.fill('#toy-noise', '0.6');
  await page.$eval('#toy-noise', (e) => e.blur());
  await page.waitForFunction(() => /^toy: wave: /.test(document.getElementById('data-name').textContent) && !document.getElementById('train').disabled);
  await setParam(page, 'objective', 'reg:quantileerror');
  await setParam(page, 'quantile_alpha', '0.1, 0.5, 0.9');
  assert.equal(await page.isVisible('#param-quantile_alpha-problem'), false, 'a list is a value');
  await train(page, 60);
  await page.waitForFunction(() => document.getElementById('surface').dataset.band === '0.1|0.9' && document.getElementById('surface').dataset.round === '60',
    null, { timeout: 60000 });
  const inside = Number(await page.$eval('#surface', (c) => c.dataset.inside));
  assert.ok(inside > 0.65 && inside < 0.95, `${inside} of the training points inside the 0.1-0.9 band`);
  assert.match(await page.textContent('#surface-caption'), /the 3 quantiles the model predicts \(0\.1, 0\.5, 0\.9\): \d+ % of the points lie in the band/);
  await page.waitForFunction(() => document.getElementById('result-panel').dataset.coverage?.split(',').length === 3, null, { timeout: 60000 });
  const coverage = (await page.$eval('#result-panel', (e) => e.dataset.coverage)).split(',').map(Number);
  [0.1, 0.5, 0.9].forEach((a, k) => assert.ok(Math.abs(coverage[k] - a) < 0.15, `coverage ${coverage[k]} of the ${a} quantile on the held-out rows`));
  assert.match(await page.textContent('#result-summary'), /Coverage: [\d.]+ % of the rows at or below the 0.1 quantile/);
  // The round panel picks an output by its quantile.
  await page.waitForFunction(() => document.getElementById('worked-output').options.length === 3, null, { timeout: 60000 });
  assert.deepEqual(await page.$$eval('#worked-output option', (os) => os.map((o) => o.textContent)), ['the 0.1 quantile', 'the 0.5 quantile', 'the 0.9 quantile']);
  // A list item out of range is flagged at the field.
  await setParam(page, 'quantile_alpha', '0.1, 1.5');
  await page.waitForSelector('#param-quantile_alpha-problem:not([hidden])');
  assert.match(await page.textContent('#param-quantile_alpha-problem'), /must each be at most 1/);
});

test('sine (two features), quantiles 0.9, 0.1 and 0.5: the surface marks the points outside the band, as the predictions file has them, and shows the band\'s width', async () => {
  const { page } = ctx.site;
  await useToy(page, 'sine', 500);
  await setParam(page, 'objective', 'reg:quantileerror');
  await setParam(page, 'quantile_alpha', '0.9, 0.1, 0.5');  // in no order: the band is still 0.1 to 0.9
  await train(page, 40);
  // The last round's picture: frames are skipped while training, and the final one is drawn when the page is idle.
  await page.waitForFunction(() => document.getElementById('surface').dataset.band === '0.1|0.9' && document.getElementById('surface').dataset.round === '40' &&
    !document.getElementById('surface-layer-row').hidden, null, { timeout: 60000 });
  const inside = Number(await page.$eval('#surface', (c) => c.dataset.inside));
  assert.ok(inside > 0.6 && inside < 0.95, `${inside} of the points inside the 0.1-0.9 band`);
  assert.match(await page.textContent('#surface-caption'), /\d+ % of the points lie between the 0\.1 and 0\.9 quantiles the model predicts at them.*The background is the 0\.5 quantile/);
  // The predictions file: a column per quantile; the rows inside the band are the surface's share.
  const [head, ...rows] = (await download(page, '#download-predictions')).trim().split('\n').map((l) => l.split(','));
  const column = (name) => head.indexOf(name);
  const [y, lo, hi] = [column(head[column('set') + 1]), column(`predicted ${head[column('set') + 1]} (0.1 quantile)`), column(`predicted ${head[column('set') + 1]} (0.9 quantile)`)];
  assert.ok(lo > 0 && hi > 0, head.join(' | '));
  assert.ok(column(`predicted ${head[y]} (0.9 quantile)`) < column(`predicted ${head[y]} (0.1 quantile)`), 'the columns in the model\'s order of outputs');
  const within = rows.filter((r) => Number(r[y]) >= Math.min(Number(r[lo]), Number(r[hi])) && Number(r[y]) <= Math.max(Number(r[lo]), Number(r[hi]))).length;
  assert.ok(Math.abs(within / rows.length - inside) <= 1.5 / rows.length, `${within} of ${rows.length} rows in the file, ${inside} on the surface`);
  // The band's width as the background.
  await page.selectOption('#surface-layer', 'width');
  await page.waitForFunction(() => document.getElementById('surface').dataset.layer === 'width');
  assert.ok(Number(await page.$eval('#surface', (c) => c.dataset.widest)) > 0);
  assert.match(await page.textContent('#surface-caption'), /The background is the band's width, 0\.9 quantile − 0\.1 quantile/);
  await page.selectOption('#surface-layer', 'prediction');
  await setParam(page, 'objective', 'reg:squarederror');
  await setParam(page, 'quantile_alpha', '');
});

test('wave, expectile 0.9: the chart draws the expectile loss, the curve lies above most points (the predictions file says how many), a value past 0.999 is flagged', async () => {
  const { page } = ctx.site;
  await useToy(page, 'wave', 400);
  await setParam(page, 'objective', 'reg:expectileerror');
  await setParam(page, 'expectile_alpha', '0.9');
  await train(page, 30);
  assert.equal(await page.getAttribute('#loss-chart', 'data-metric'), 'expectile');
  assert.match(await page.textContent('#last-round'), /train expectile [\d.]+/);
  const [head, ...rows] = (await download(page, '#download-predictions')).trim().split('\n').map((l) => l.split(','));
  const y = head.indexOf(head[head.indexOf('set') + 1]), p = head.indexOf(`predicted ${head[y]}`);
  const below = rows.filter((r) => Number(r[y]) <= Number(r[p])).length / rows.length;
  assert.ok(below > 0.6 && below < 1, `${below} of the rows at or below the 0.9 expectile`);
  await setParam(page, 'expectile_alpha', '1.5');
  await page.waitForSelector('#param-expectile_alpha-problem:not([hidden])');
  await setParam(page, 'expectile_alpha', '0.5');
  await setParam(page, 'objective', 'reg:squarederror');
});
