// "Why this split", as a student uses it: click a split of the tree, ask why,
// and read every feature's best threshold and gain. Checked against the
// engine: where the node's features have no more distinct values than bins
// (the engine weighed every threshold), the best candidate is the tree's own
// split with its stored gain; where they have more, no candidate the engine
// could see beats it, and the exact scan is never worse.
import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { openSite } from './browser.mjs';

let site;
before(async () => { site = await openSite(); });
after(async () => {
  assert.deepEqual(site.problems, []);
  await site.close();
});

async function trainLink(page, hash) {
  await page.goto('about:blank');
  await page.goto(`${site.origin}/#${hash}`);
  await page.waitForFunction(() => !document.getElementById('train').disabled);
  await page.click('#train');
  await page.waitForFunction(() => /done/.test(document.getElementById('train-status').textContent));
  await page.waitForSelector('#tree g[data-node="0"]');
}

// Selects node `id` of the tree on show by keyboard-free click, asks why, returns the search's rows.
async function why(page, id) {
  await page.click(`#tree g[data-node="${id}"]`);
  await page.click('#node-why');
  await page.waitForSelector('#split-search table.split-search-table');
  return page.$$eval('#split-search tbody tr', (trs) => trs.map((tr) => ({ feature: Number(tr.dataset.feature), gain: Number(tr.dataset.gain), chosen: tr.classList.contains('chosen') })));
}

test('XGBoost-style: every threshold weighed, the tree\'s split is the best with its stored gain (160 rows: a bin per value)', async () => {
  const { page } = site;
  await trainLink(page, 'data=toy:circles:200:0.15:0&p.algorithm=xgboost&p.max_depth=3&p.rounds=3&p.gamma=0.5');
  for (const id of [0, 1]) {
    const rows = await why(page, id);
    assert.ok(rows.length >= 2, `${rows.length} features`);
    assert.ok(rows[0].chosen, `node ${id}: the best candidate is the tree's own feature`);
    const bracket = Number(await page.getAttribute('#node-inspector', 'data-bracket'));
    assert.ok(Math.abs(rows[0].gain - bracket) <= 1e-4 * Math.abs(bracket), `node ${id}: best gain ${rows[0].gain} against the split's bracket ${bracket}`);
    assert.ok(rows[0].gain >= 0.5, 'a kept split clears γ');
    assert.match(await page.textContent('#split-search'), /exactly the thresholds its histogram search weighed/);
    assert.ok(Number(await page.getAttribute('#split-search figure.gain-curve', 'data-points')) > 10, 'the chosen feature\'s curve is drawn');
  }
  await site.screenshot('split-search-xgboost-1280x800');
});

test('More values than bins: the exact scan is never worse than the engine\'s choice, and says it may be better', async () => {
  const { page } = site;
  await trainLink(page, 'data=toy:circles:800:0.15:0&p.algorithm=xgboost&p.max_depth=2&p.rounds=2');
  const rows = await why(page, 0);
  const bracket = Number(await page.getAttribute('#node-inspector', 'data-bracket'));
  assert.ok(rows[0].gain >= bracket * (1 - 1e-4), `the best exact candidate ${rows[0].gain} is at least the chosen ${bracket}`);
  assert.match(await page.textContent('#split-search'), /can beat the split it chose/);
  // A node below has fewer rows, but its values were cut with every training row's: still not exact.
  await why(page, 1);
  assert.match(await page.textContent('#split-search'), /can beat the split it chose/);
});

test('AdaBoost stumps by weighted error: the chosen stump is the search\'s best, the gain its fall in weighted error', async () => {
  const { page } = site;
  await trainLink(page, 'data=toy:xor:200:0.1:0&p.algorithm=adaboost&p.max_depth=1&p.rounds=4&p.vote=freund_schapire&p.split_criterion=error');
  const rows = await why(page, 0);
  assert.ok(rows[0].chosen, 'the first best is the tree\'s feature');
  const fall = Number(await page.getAttribute('#node-inspector', 'data-gain'));
  assert.ok(Math.abs(rows[0].gain - fall) < 1e-6, `best ${rows[0].gain} against the inspector's fall in weighted error ${fall}`);
  assert.match(await page.textContent('#split-search'), /fall of the weighted error/);
});

test('keyboard: Tab from the tree to the picked node, the arrows walk the tree and pick, Enter asks why; the worked table\'s rows by arrows', async () => {
  const { page } = site;
  await trainLink(page, 'data=toy:circles:200:0.15:0&p.algorithm=xgboost&p.max_depth=3&p.rounds=3');
  await page.focus('#tree');
  await page.keyboard.press('Tab');
  assert.equal(await page.evaluate(() => document.activeElement.dataset.node), '0', 'Tab lands on the picked node (the root)');
  await page.keyboard.press('ArrowDown');
  assert.equal(await page.evaluate(() => document.activeElement.dataset.node), '1', 'down: the "yes" child');
  assert.equal(await page.getAttribute('#node-inspector', 'data-node'), '1', 'and the inspector shows it');
  await page.keyboard.press('ArrowRight');
  assert.equal(await page.evaluate(() => document.activeElement.dataset.node), '2', 'right: its sibling');
  await page.keyboard.press('ArrowUp');
  assert.equal(await page.evaluate(() => document.activeElement.dataset.node), '0', 'up: the parent');
  // On to "Why this split?" by keyboard alone.
  let steps = 0;
  while (await page.evaluate(() => document.activeElement.id) !== 'node-why' && steps++ < 40) await page.keyboard.press('Tab');
  await page.keyboard.press('Enter');
  await page.waitForSelector('#split-search table.split-search-table');
  // The worked table: Tab reaches the picked row; the down arrow picks the next (the loss figure follows).
  await page.click('#worked-table tbody tr:nth-child(2)');
  const second = await page.getAttribute('#worked-table tbody tr:nth-child(2)', 'data-row');
  await page.keyboard.press('ArrowDown');
  const third = await page.getAttribute('#worked-table tbody tr:nth-child(3)', 'data-row');
  assert.equal(await page.evaluate(() => document.activeElement.dataset.row), third);
  await page.waitForFunction((r) => document.querySelector('#worked-table tr.picked')?.dataset.row === r, third);
  assert.notEqual(second, third);
});
