// The built site away from the dev server: a plain static host without
// isolation headers (the service worker adds them, or the page says it runs
// SIMD only), offline after the first visit, and a phone-sized screen.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { openSite, train, waitForSample } from './browser.mjs';

test('a static host without COOP/COEP and no service worker: SIMD only, and the page says so', async () => {
  const site = await openSite({ isolation: false, serviceWorkers: 'block' });
  try {
    const { page } = site;
    await waitForSample(page);
    assert.equal(await page.getAttribute('#caps', 'data-isolated'), 'false');
    assert.equal(await page.getAttribute('#caps', 'data-threads'), 'false');
    assert.match(await page.textContent('#caps'), /web-simd · SIMD on · threads off \(this server sends no cross-origin isolation headers\)/);
    await train(page, 10);
    assert.equal(await page.getAttribute('#train-status', 'data-threads'), '1');
    await site.screenshot('static-no-headers-simd-only');
    assert.deepEqual(site.problems, []);
  } finally {
    await site.close();
  }
});

test('a static host without COOP/COEP: the service worker turns threads on, then the site works offline', async () => {
  const site = await openSite({ isolation: false });
  try {
    const { page } = site;
    // The first load is not isolated; once the worker controls the page it reloads itself, isolated.
    await page.waitForFunction(() => document.getElementById('caps').dataset.isolated === 'true');
    await waitForSample(page);
    assert.equal(await page.getAttribute('#caps', 'data-threads'), 'true');
    await train(page, 10);
    assert.ok(Number(await page.getAttribute('#train-status', 'data-threads')) > 1, 'threads in use');
    await site.screenshot('static-service-worker-threads');

    await page.context().setOffline(true);
    await page.reload();
    await waitForSample(page);
    assert.equal(await page.getAttribute('#caps', 'data-threads'), 'true');
    await page.selectOption('#source', 'toy:spiral');
    await page.waitForFunction(() => document.getElementById('data-name').textContent.startsWith('toy: spiral'));
    await train(page, 10);
    await page.waitForFunction(() => document.getElementById('surface').dataset.round === '10');
    await site.screenshot('offline-reload');
    assert.deepEqual(site.problems, []);
  } finally {
    await site.close();
  }
});

test('a phone\'s touch screen: Play brings the chart into view; a tap on a tree node picks it, a folded split tapped opens in place with its children whole, and an up or down swipe over the tree is the page\'s', async () => {
  const site = await openSite({ viewport: { width: 390, height: 844 }, touch: true });
  try {
    const { page } = site;
    await waitForSample(page);
    await page.evaluate(() => window.scrollTo(0, 0));
    await train(page, 3);
    // Play brought the chart (a screen or two below it on a phone) into view.
    await page.waitForFunction(() => {
      const r = document.getElementById('loss-chart').getBoundingClientRect();
      return r.top >= 0 && r.top < innerHeight && r.height > 0;
    }, null, { timeout: 5000 });
    // (a phone's tree is drawn folded: its top splits, the rest behind a ▸)
    const node = page.locator('#tree g[data-node]:not([data-folded])').first();
    await node.scrollIntoViewIfNeeded();
    const id = await node.getAttribute('data-node');
    await node.tap();
    await page.waitForFunction((n) => document.getElementById('node-inspector').dataset.node === n, id);
    assert.equal(await page.locator('#tree g.selected').count(), 1, 'the node tapped is marked');
    assert.equal(await page.$eval('#tree', (el) => getComputedStyle(el).touchAction), 'pan-y');
    // A folded split tapped open stays about where it was, and its two
    // children's boxes are whole on the screen (it went to the top centre,
    // its children cut at the panel's edges and the rest of the panel empty).
    const folded = page.locator('#tree g[data-folded]').first();
    const opened = await folded.getAttribute('data-node');
    const before = await folded.locator('rect').boundingBox();
    const drawn = Number(await page.getAttribute('#tree', 'data-drawn'));
    await folded.tap();
    await page.waitForFunction((d) => Number(document.getElementById('tree').dataset.drawn) > d, drawn);
    const after = await page.locator(`#tree g[data-node="${opened}"] rect`).boundingBox();
    // Down the screen it stays put; across, it moves no more than brings its children in.
    assert.ok(Math.abs(after.y - before.y) < 2 && Math.abs(after.x - before.x) < before.width,
      `the split opened moved from ${before.x},${before.y} to ${after.x},${after.y}`);
    const panel = await page.locator('#tree').boundingBox();
    const below = (await Promise.all((await page.locator('#tree g[data-node] rect').all()).map((r) => r.boundingBox())))
      .filter((b) => Math.abs(b.y - (after.y + 96)) < 4);
    assert.equal(below.length, 2, 'the level under the split opened holds its two children');
    for (const b of below) {
      assert.ok(b.x >= panel.x && b.x + b.width <= panel.x + panel.width && b.y + b.height <= panel.y + panel.height,
        `a child's box ${JSON.stringify(b)} is cut by the panel ${JSON.stringify(panel)}`);
    }
    // The worked table shows one feature on a phone, the one round 3's tree splits on at its root
    // (Cylinders on auto_mpg): the formulas' columns start on the screen.
    await page.waitForFunction(() => document.getElementById('worked-table').dataset.round === '3');
    const heads = await page.$$eval('#worked-table thead th', (ths) => ths.map((th) => th.textContent));
    assert.deepEqual(heads.slice(0, 3), ['line', 'Cylinders', 'Miles_per_Gallon'], heads.join(' | '));
    assert.match(await page.textContent('#worked-caption'), /1 of 7 features shown: the one the round's tree splits on at its root; the CSV has all/);
    assert.deepEqual(site.problems, []);
  } finally {
    await site.close();
  }
});

test('phone width 390 x 844: nothing wider than the screen, training works, SHAP\'s names fit their column', async () => {
  const site = await openSite({ viewport: { width: 390, height: 844 } });
  try {
    const { page } = site;
    await waitForSample(page);
    await train(page, 10);
    assert.equal(await page.isVisible('#toy-controls'), false, 'toy controls only for toy data');
    const wide = await page.evaluate(() => ({
      page: document.scrollingElement.scrollWidth,
      offenders: [...document.querySelectorAll('body *')].filter((el) => {
        const r = el.getBoundingClientRect();
        // Scrolled boxes (the preview, the worked and leaf tables) may be wide inside their frame,
        // and an svg clips what lies outside its view (the tree, zoomed in).
        const clipped = el.closest('.preview-wrap, .table-scroll') || (el.ownerSVGElement && el.tagName !== 'svg');
        return r.right > 391 && !clipped && getComputedStyle(el).position !== 'fixed';
      }).map((el) => el.id || el.getAttribute('class') || el.tagName).slice(0, 5),
    }));
    assert.ok(wide.page <= 390, `page scrolls sideways: ${wide.page}px, ${wide.offenders.join(', ')}`);
    assert.deepEqual(wide.offenders, []);
    for (const id of ['train', 'step', 'pause', 'stop']) {
      const box = await page.locator(`#${id}`).boundingBox();
      assert.ok(box.height >= 32 && box.width >= 44, `#${id} is big enough to tap: ${box.width}x${box.height}`);
    }
    await site.screenshot('phone-390x844');
    // SHAP's feature names fit the phone's label column, cut with an ellipsis
    // where they must (spam's 'charExclamation' ran off the canvas's left edge).
    await page.selectOption('#source', 'sample:spam');
    await page.waitForFunction(() => document.getElementById('data-name').textContent.startsWith('spam'));
    await train(page, 3);
    await page.waitForFunction(() => (document.getElementById('shap-summary').dataset.labels ?? '').length > 0);
    const fit = await page.$eval('#shap-summary', (canvas) => {
      const ctx = document.createElement('canvas').getContext('2d');
      ctx.font = '12px system-ui, sans-serif';
      const room = Number(canvas.dataset.labelWidth);
      return { room, labels: canvas.dataset.labels.split('|').map((l) => ({ l, w: ctx.measureText(l).width })) };
    });
    assert.ok(fit.room < 120, `a phone's label column: ${fit.room} px`);
    for (const { l, w } of fit.labels) assert.ok(w <= fit.room, `'${l}' is ${w.toFixed(0)} px in ${fit.room}`);
    assert.ok(fit.labels.some(({ l }) => l.endsWith('…')), 'some long name was cut');
    assert.deepEqual(site.problems, []);
  } finally {
    await site.close();
  }
});

// Another sample picked as the page opens: before its engine had started (the worker had no engine
// to read it with: "Cannot read properties of null", then the link's sample loaded over the pick), or
// while the opening sample was still read (its table, arriving after, was taken for the one picked:
// diamonds' name over auto_mpg's 398 rows, Play training the wrong data). Each moment twice: a race.
test('another sample picked as the page opens: the page shows the one picked, not the first one\'s rows under its name', async () => {
  const moments = { 'before the engine is ready': null, 'while the opening sample is read': 'Reading auto_mpg' };
  for (const [moment, wait] of Object.entries(moments)) {
    for (let i = 0; i < 2; i++) {
      const site = await openSite({ viewport: { width: 390, height: 844 } });
      try {
        const { page } = site;
        await page.waitForSelector('#source option[value="sample:diamonds"]', { state: 'attached' });
        if (wait) await page.waitForFunction((w) => document.getElementById('data-name').textContent.startsWith(w), wait, { polling: 5 });
        await page.selectOption('#source', 'sample:diamonds');
        await page.waitForFunction(() => /^diamonds\.csv \(sample\)/.test(document.getElementById('data-name').textContent) &&
          !document.getElementById('train').disabled);
        await page.waitForTimeout(300);  // room for a late table to land
        assert.match(await page.textContent('#data-name'), /^diamonds\.csv \(sample\): 53,940 rows × 10 columns/, moment);
        assert.equal(await page.inputValue('#target'), 'price', moment);
        assert.equal(await page.inputValue('#source'), 'sample:diamonds', moment);
        assert.deepEqual(site.problems, [], moment);
      } finally {
        await site.close();
      }
    }
  }
});

// Penguins: a sample of three classes whose categories have gaps (sex is NA on 11 rows), its target the species
// (the file's last column is a year of three values, which a new user took for the target).
test('the penguins sample opens on its species: multiclass, categories with missing values', async () => {
  const site = await openSite();
  try {
    const { page } = site;
    await page.waitForSelector('#source option[value="sample:penguins"]', { state: 'attached' });
    await page.selectOption('#source', 'sample:penguins');
    await page.waitForFunction(() => /^penguins\.csv \(sample\): 344 rows × 8 columns/.test(document.getElementById('data-name').textContent) &&
      !document.getElementById('train').disabled);
    assert.equal(await page.inputValue('#target'), 'species');
    assert.match(await page.textContent('#task-note'), /multiclass|3 classes/i);
    await train(page, 3);
    assert.deepEqual(site.problems, []);
  } finally {
    await site.close();
  }
});
