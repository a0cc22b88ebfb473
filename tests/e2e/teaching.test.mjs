// Teaching: the source material's formulas filled in with the engine's own
// numbers on the page, checked against the model file the page downloads.
import assert from 'node:assert/strict';
import { readFile } from 'node:fs/promises';
import { after, afterEach, before, test } from 'node:test';
import { near, openSite, train, useToy, waitForSample, shotName } from './browser.mjs';

let site;
before(async () => {
  site = await openSite();
  await waitForSample(site.page);
});
after(async () => { await site?.close(); });
afterEach(async (t) => { await site?.screenshot(`teaching-${shotName(t.name)}`); });

async function downloadModel(page) {
  if (!(await page.isVisible('#download-model'))) await page.click('#files summary');
  const [file] = await Promise.all([page.waitForEvent('download'), page.click('#download-model')]);
  return JSON.parse(await readFile(await file.path(), 'utf8'));
}

const data = async (page, key) => Number(await page.getAttribute('#node-inspector', `data-${key}`));

test('XGBoost-style inspector: a split\'s G and H each side and its gain, a leaf\'s w* = -G/(H+λ) and η·w*, from the engine\'s numbers', async () => {
  const { page } = site;
  await page.selectOption('#algorithm', 'xgboost');
  await page.waitForSelector('#param-rounds');
  if (!(await page.isVisible('#param-lambda'))) await page.click('#params summary');
  await page.fill('#param-lambda', '2');
  await page.dispatchEvent('#param-lambda', 'change');
  await page.fill('#param-max_depth', '2');  // every leaf on screen
  await page.dispatchEvent('#param-max_depth', 'change');
  await train(page, 5);
  await page.waitForFunction(() => document.getElementById('node-inspector').dataset.node === '0' &&
    document.getElementById('tree').dataset.drawn > 0);
  const model = await downloadModel(page);
  const t = model.trees[4];  // the tree on show: the newest
  assert.equal(t.sum_grad.length, t.left.length, 'the model file carries G for every node');
  const lambda = 2, eta = model.params.eta, l = t.left[0], r = t.right[0];
  // The root split: G and H each side are the file's; the gain is the formula's, and the bracket is XGBoost's loss change.
  near(await data(page, 'gl'), t.sum_grad[l], 1e-6, 'G_L');
  near(await data(page, 'hl'), t.cover[l], 1e-6, 'H_L');
  near(await data(page, 'gr'), t.sum_grad[r], 1e-6, 'G_R');
  near(await data(page, 'hr'), t.cover[r], 1e-6, 'H_R');
  const sc = (g, h) => (g * g) / (h + lambda);
  const bracket = sc(t.sum_grad[l], t.cover[l]) + sc(t.sum_grad[r], t.cover[r]) - sc(t.sum_grad[l] + t.sum_grad[r], t.cover[l] + t.cover[r]);
  near(await data(page, 'gain'), 0.5 * bracket - 0, 1e-6, 'gain = ½[…] − γ');
  near(bracket, t.gain[0], 1e-3, "the bracket against the tree's stored gain (float sums)");
  // G_L and H_L drawn with their subscripts (the text reads GL, HL).
  assert.match(await page.textContent('#node-inspector'), /gain = ½\[GL²\/\(HL\+λ\) \+ GR²\/\(HR\+λ\) − \(GL\+GR\)²\/\(HL\+HR\+λ\)\] − γ/);
  assert.ok(await page.locator('#node-inspector sub', { hasText: 'L' }).count() >= 6, 'L as a subscript');
  assert.match(await page.textContent('#node-inspector'), /H is what the tree shows as cover: Σh over its training rows/);
  await site.screenshot('inspector-split');
  // A leaf, clicked: w* from its G, H and λ; η·w* is the value the file stores.
  const leaf = page.locator('#tree g.tree-leaf').first();
  const id = Number(await leaf.getAttribute('data-node'));
  await leaf.click();
  await page.waitForFunction((n) => document.getElementById('node-inspector').dataset.node === String(n), id);
  const w = -t.sum_grad[id] / (t.cover[id] + lambda);
  near(await data(page, 'w'), w, 1e-6, 'w* = −G/(H+λ)');
  near(await data(page, 'value'), t.value[id], 1e-7, 'the stored value');
  near(eta * w, t.value[id], 1e-5, 'η·w* is the value the leaf adds');
  assert.match(await page.textContent('#node-inspector'), /w\* = −G\/\(H\+λ\)/);
  assert.equal(await page.locator('#tree g.selected').count(), 1, 'the node inspected is marked');
  await page.click('#reset-params');
});

test('other algorithms: the inspector says where its formulas apply', async () => {
  const { page } = site;
  await page.selectOption('#algorithm', 'random_forest');
  await page.waitForSelector('#param-rounds');
  await train(page, 3);
  await page.waitForFunction(() => /XGBoost-style boosting/.test(document.getElementById('node-inspector').textContent));
  // What a node's cover counts, said for the algorithm (a forest's: bootstrap draws, not Σh).
  assert.match(await page.textContent('#node-inspector'), /cover [\d.]+ \(the number of bootstrap draws reaching it/);
  assert.match(await page.textContent('#tree-caption'), /a node's cover is the number of bootstrap draws reaching it/);
  await page.selectOption('#algorithm', 'adaboost');
  await train(page, 3);
  await page.waitForFunction(() => /cover [\d.]+ \(Σu, the AdaBoost weights/.test(document.getElementById('node-inspector').textContent));
  await page.selectOption('#algorithm', 'xgboost');
});

test('multiclass: the tree on show is the round panel\'s (its class), and the hessian reads 2pk(1 − pk) with subscripts', async () => {
  const { page } = site;
  await useToy(page, 'gaussians', 300);
  await page.selectOption('#algorithm', 'xgboost');
  await page.waitForSelector('#param-rounds');
  await train(page, 2);
  await page.waitForFunction(() => document.getElementById('round-inspector').dataset.round === '2');
  const title = await page.textContent('#round-inspector .round-title');
  const tree = Number(/tree (\d+) \(the tree for class/.exec(title)?.[1]);
  assert.ok(tree > 0, title);
  await page.waitForFunction((t) => document.getElementById('tree-index').value === String(t), tree);
  assert.match(await page.textContent('#tree-caption'), new RegExp(`^Tree ${tree} of 6 \\(round 2 · class`));
  const inspector = await page.textContent('#round-inspector');
  assert.match(inspector, /h = 2pk\(1 − pk\)/, 'p_k drawn with its subscript');
  assert.doesNotMatch(inspector, /p_k/);
  // Another class picked for the worked table: the tree follows.
  await page.selectOption('#worked-output', '1');
  await page.waitForFunction((t) => document.getElementById('tree-index').value !== String(t), tree);
  const title2 = await page.textContent('#round-inspector .round-title');
  assert.equal(await page.inputValue('#tree-index'), /tree (\d+) \(/.exec(title2)[1]);
  await page.selectOption('#worked-output', '0');
});
