// Teaching: the source material's formulas filled in with the engine's own
// numbers on the page, checked against the model file the page downloads.
import assert from 'node:assert/strict';
import { readFile } from 'node:fs/promises';
import { after, afterEach, before, test } from 'node:test';
import { near, openSite, plainText, setParam, train, useAlgorithm, useToy, waitForSample, shotName } from './browser.mjs';

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
  await useAlgorithm(page, 'xgboost');
  await setParam(page, 'lambda', '2');
  await setParam(page, 'max_depth', '2');  // every leaf on screen
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
  assert.equal(await page.getAttribute('#node-inspector .tex', 'data-plain'), 'gain = ½[G_{L}²/(H_{L}+λ) + G_{R}²/(H_{R}+λ) − (G_{L}+G_{R})²/(H_{L}+H_{R}+λ)] − γ');
  assert.equal(await page.locator('#node-inspector .tex .katex-html .mfrac').count(), 4, 'typeset: ½ and the three fractions stacked');
  assert.ok(await page.locator('#node-inspector sub', { hasText: 'L' }).count() >= 2, 'L as a subscript in the lines of plain text');
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
  assert.match(await plainText(page, '#node-inspector'), /w\* = −G\/\(H\+λ\)/);
  assert.equal(await page.locator('#tree g.selected').count(), 1, 'the node inspected is marked');
  await page.click('#reset-params');
});

// With alpha (L1), every G enters the formulas soft-thresholded, as the engine computes: the
// numbers shown must be the stored ones (a student checks the arithmetic against the tree).
test('XGBoost-style inspector with α: T_α(G) in the gain and in w*, equal to what the tree stores', async () => {
  const { page } = site;
  await useAlgorithm(page, 'xgboost');
  await setParam(page, 'lambda', '5');
  await setParam(page, 'alpha', '2');
  await setParam(page, 'max_depth', '2');
  await train(page, 5);
  await page.waitForFunction(() => document.getElementById('node-inspector').dataset.node === '0' &&
    document.getElementById('tree').dataset.drawn > 0);
  const model = await downloadModel(page);
  const t = model.trees[4], lambda = 5, alpha = 2, eta = model.params.eta, l = t.left[0], r = t.right[0];
  const soft = (g) => (g > alpha ? g - alpha : g < -alpha ? g + alpha : 0);
  const sc = (g, h) => soft(g) ** 2 / (h + lambda);
  const bracket = sc(t.sum_grad[l], t.cover[l]) + sc(t.sum_grad[r], t.cover[r]) - sc(t.sum_grad[l] + t.sum_grad[r], t.cover[l] + t.cover[r]);
  near(await data(page, 'bracket'), bracket, 1e-6, 'the bracket with T_α(G)');
  near(bracket, t.gain[0], 1e-3 * Math.abs(t.gain[0]), "the bracket is the tree's stored gain");
  assert.match(await page.getAttribute('#node-inspector .tex', 'data-plain'), /^gain = ½\[T_\{α\}\(G_\{L\}\)²\/\(H_\{L\}\+λ\)/);
  const leaf = page.locator('#tree g.tree-leaf').first();
  const id = Number(await leaf.getAttribute('data-node'));
  await leaf.click();
  await page.waitForFunction((n) => document.getElementById('node-inspector').dataset.node === String(n), id);
  const w = -soft(t.sum_grad[id]) / (t.cover[id] + lambda);
  near(await data(page, 'w'), w, 1e-6, 'w* = −T_α(G)/(H+λ)');
  near(eta * w, t.value[id], 1e-5, 'η·w* is the value the leaf stores');
  assert.match(await plainText(page, '#node-inspector'), /w\* = −T_\{α\}\(G\)\/\(H\+λ\)/);
  await page.click('#reset-params');
});

// The split rules of the notes (½·bracket − γ > 0) and of XGBoost (bracket ≥ γ), which the engine
// follows: with γ between half the root's bracket and the bracket, the root stands under XGBoost's
// rule, and the inspector says the notes' would not have split, instead of showing a bare negative gain.
test('the split rule: the one the engine applied named, and the notes\' where it differs', async () => {
  const { page } = site;
  await useAlgorithm(page, 'xgboost');
  await setParam(page, 'max_depth', '2');
  await train(page, 1);
  await page.waitForFunction(() => document.getElementById('node-inspector').dataset.node === '0' && document.getElementById('tree').dataset.drawn > 0);
  const bracket = await data(page, 'bracket');
  await setParam(page, 'gamma', String(Number((0.7 * bracket).toPrecision(6))));
  await train(page, 1);
  await page.waitForFunction(() => document.getElementById('node-inspector').dataset.node === '0' && document.getElementById('tree').dataset.drawn > 0);
  near(await data(page, 'bracket'), bracket, 1e-6 * Math.abs(bracket), 'the same root split');
  const text = await page.textContent('#node-inspector');
  assert.match(text, /the rule this engine applied \(XGBoost's\): split when bracket ≥ γ/);
  assert.match(text, /The notes' rule, gain > 0 \(bracket > 2γ = [\d.]+\), would not have split here/);
  assert.ok(await data(page, 'gain') < 0, 'the notes\' gain is negative');
  await page.click('#reset-params');
});

// quantized_grad: the inspector says the split's gain came from rounded sums, while the G and H it
// shows (and the leaves' w*) are exact: a reader who recomputes the gain from them is told why the
// last digits differ. Without the option, no such line.
test('quantized_grad: the split inspector says its gain is from rounded sums, its G and H exact', async () => {
  const { page } = site;
  await useAlgorithm(page, 'xgboost');
  await setParam(page, 'max_depth', '2');
  await train(page, 1);
  await page.waitForFunction(() => document.getElementById('node-inspector').dataset.node === '0' && document.getElementById('tree').dataset.drawn > 0);
  assert.doesNotMatch(await page.textContent('#node-inspector'), /quantized_grad/);
  await setParam(page, 'quantized_grad', '1');
  await train(page, 1);
  await page.waitForFunction(() => document.getElementById('node-inspector').dataset.node === '0' && document.getElementById('tree').dataset.drawn > 0);
  assert.match(await page.textContent('#node-inspector'), /With quantized_grad the split was chosen on each row's g and h rounded to whole units/);
  await page.click('#reset-params');
});

// The root's split of the tree on show, read off the inspector, against the
// model file the page downloads: each side's sums and the gain recomputed
// from them, then the file's own stored gain (float sums).
async function checkRootSplit(page, t, sumOf) {
  await page.waitForFunction(() => document.getElementById('node-inspector').dataset.node === '0' &&
    document.getElementById('node-inspector').dataset.stored !== undefined);
  const l = t.left[0], r = t.right[0];
  near(await data(page, 'nl'), t.cover[l], 1e-6, 'the left side\'s cover');
  near(await data(page, 'nr'), t.cover[r], 1e-6, 'the right side\'s cover');
  near(await data(page, 'rl'), sumOf(l), 1e-6, 'the left side\'s sum');
  near(await data(page, 'rr'), sumOf(r), 1e-6, 'the right side\'s sum');
  const gain = sumOf(l) ** 2 / t.cover[l] + sumOf(r) ** 2 / t.cover[r] - (sumOf(l) + sumOf(r)) ** 2 / (t.cover[l] + t.cover[r]);
  near(await data(page, 'gain'), gain, 1e-6, 'the gain from the sums');
  near(gain, t.gain[0], 1e-3, 'the file\'s stored gain');
}

// A leaf of the tree on show, clicked: its id and the inspector's text.
async function clickLeaf(page) {
  const leaf = page.locator('#tree g.tree-leaf').first();
  const id = Number(await leaf.getAttribute('data-node'));
  await leaf.click();
  await page.waitForFunction((n) => document.getElementById('node-inspector').dataset.node === String(n), id);
  return id;
}

test('gbdt inspector: the split\'s residual sums and least-squares gain, a leaf\'s mean residual and ν·γ, from the model file', async () => {
  const { page } = site;
  await useAlgorithm(page, 'gbdt');
  await setParam(page, 'max_depth', '2');
  await train(page, 3);
  const model = await downloadModel(page);
  const t = model.trees[2];
  await checkRootSplit(page, t, (i) => -t.sum_grad[i]);
  const text = await page.textContent('#node-inspector');
  assert.match(text, /least-squares fit to the pseudo-residuals/);
  assert.match(text, /gain = RL²\/nL \+ RR²\/nR − \(RL\+RR\)²\/\(nL\+nR\)/);
  const id = await clickLeaf(page);
  near(await data(page, 'mean'), -t.sum_grad[id] / t.cover[id], 1e-6, 'r̄ = R/n');
  near(await data(page, 'gamma') * model.params.eta, t.value[id], 1e-6, 'ν·γ is the stored value');
  assert.equal(await page.getAttribute('#node-inspector', 'data-gl'), null, 'no number left from the split');
  await page.click('#reset-params');
});

test('AdaBoost and forest inspectors: the weighted Gini of a split (twice the least-squares gain), a leaf\'s share and vote', async () => {
  const { page } = site;
  await useToy(page, 'circles', 300);
  await useAlgorithm(page, 'adaboost');
  await train(page, 3);
  let model = await downloadModel(page);
  let t = model.trees[2];
  await checkRootSplit(page, t, (i) => -t.sum_grad[i]);
  // Gini 2p(1 − p) per side, weighted by u: its fall is twice the least-squares gain.
  const gini = (s, n) => 2 * n * (s / n) * (1 - s / n);
  const l = t.left[0], r = t.right[0], S = (i) => -t.sum_grad[i];
  near(await data(page, 'ginifall'), gini(S(l) + S(r), t.cover[l] + t.cover[r]) - gini(S(l), t.cover[l]) - gini(S(r), t.cover[r]), 1e-6, 'the fall of u·Gini');
  near(await data(page, 'ginifall'), 2 * t.gain[0], 1e-3, 'twice the stored gain');
  assert.match(await page.textContent('#node-inspector'), /classification tree fit to the labels weighted by u/);
  let id = await clickLeaf(page);
  const p = S(id) / t.cover[id];
  near(await data(page, 'mean'), p, 1e-6, 'p, the weighted share of class 1');
  assert.equal(Math.sign(t.value[id]), p > 0.5 ? 1 : -1, 'the vote is for the leaf\'s weighted majority');
  assert.match(await page.textContent('#node-inspector'), p > 0.5 ? /vote: \+αt/ : /vote: −αt/);
  // A forest keeps no G: a node's sum is its draws' mean times their count.
  await useAlgorithm(page, 'random_forest');
  await setParam(page, 'max_depth', '2');  // every leaf on screen (from depth 3, the tree opens folded)
  await train(page, 3);
  model = await downloadModel(page);
  t = model.trees[2];
  await checkRootSplit(page, t, (i) => t.value[i] * t.cover[i]);
  near(await data(page, 'ginifall'), 2 * t.gain[0], 1e-3, 'twice the stored gain');
  assert.match(await page.textContent('#node-inspector'), /bootstrap draws/);
  id = await clickLeaf(page);
  near(await data(page, 'mean'), t.value[id], 1e-6, 'a leaf holds its draws\' share');
  // Three classes: one tree for all, class shares kept for leaves only.
  await useToy(page, 'gaussians', 300);
  await train(page, 2);
  await page.waitForFunction(() => /fall of n·Gini/.test(document.getElementById('node-inspector').textContent));
  await clickLeaf(page);
  assert.match(await page.textContent('#node-inspector'), /class shares of its draws, largest first/);
  await page.click('#reset-params');
  await page.selectOption('#algorithm', 'xgboost');
  await page.selectOption('#source', 'sample:auto_mpg');
  await waitForSample(page);
});

test('multiclass AdaBoost: one tree for all classes, the K-class exponential loss in the votes, no two-class ◆; a stepped gbdt run shows the class tree the round panel explains', async () => {
  const { page } = site;
  await useToy(page, 'gaussians', 300);
  await useAlgorithm(page, 'adaboost');
  await train(page, 3);
  await page.waitForFunction(() => document.getElementById('round-inspector').dataset.round === '3');
  const title = await page.textContent('#round-inspector .round-title');
  assert.match(title, /tree 3, one tree for all classes\./);
  const text = await page.textContent('#round-inspector');
  assert.doesNotMatch(text, /◆/, 'the scaling factor is a two-class one');
  assert.match(text, /exponential loss \(1\/N\)Σ exp\(−\(Fy\(x\) − \(1\/K\)Σk Fk\(x\)\)\) after the round, Fk: the votes for class k/);
  assert.match(await page.textContent('#loss-figure-caption'), /AdaBoost's is the multiclass exponential loss/);
  // Stepped (paused, no model in the store yet): the tree on show is round 2's for the class the round panel explains.
  await useAlgorithm(page, 'gbdt');
  await page.fill('#param-rounds', '5');
  for (let r = 1; r <= 2; r++) {
    await page.click('#step');
    await page.waitForFunction((n) => document.getElementById('train-status').dataset.round === String(n) && !document.getElementById('step').disabled, r);
  }
  await page.waitForFunction(() => /tree 4 \(the tree for class 0\)/.test(document.getElementById('round-inspector').textContent) &&
    document.getElementById('tree-index').value === '4');
  await page.selectOption('#worked-output', '1');
  await page.waitForFunction(() => document.getElementById('tree-index').value === '5');
  assert.match(await page.textContent('#tree-caption'), /^Tree 5 of 6 \(round 2 · class/);
  await page.selectOption('#worked-output', '0');
  await page.click('#stop');
  await page.selectOption('#algorithm', 'xgboost');
});

test('multiclass: the tree on show is the round panel\'s (its class), and the hessian reads 2pk(1 − pk) with subscripts', async () => {
  const { page } = site;
  await useToy(page, 'gaussians', 300);
  await useAlgorithm(page, 'xgboost');
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

test('AdaBoost that ends by itself says why: a perfect tree (ε = 0) leaves nothing to reweight', async () => {
  const { page } = site;
  // Noiseless circles, trees of depth 4: round 1's tree is perfect and AdaBoost stops, as scikit-learn does.
  await page.goto('about:blank');  // a whole load: a link's state is read when the page starts
  await page.goto(`${site.origin}/#data=toy:circles:300:0:0&p.algorithm=adaboost&p.max_depth=4&p.rounds=20`);
  await page.waitForFunction(() => /toy: circles: 300 rows/.test(document.getElementById('data-name').textContent));
  await page.waitForFunction(() => !document.getElementById('train').disabled);
  await page.click('#train');
  await page.waitForFunction(() => /done/.test(document.getElementById('train-status').textContent), null, { timeout: 60_000 });
  const status = await page.textContent('#train-status');
  assert.match(await page.textContent('#last-round'), /^Round 1: train error 0;.*ε 0\.000/);
  assert.match(status, /round 1 of 20 .*done: 1 tree · ended at round 1: its tree made no error on the training rows \(ε = 0\)/, status);
});

test('AdaBoost\'s first stump on xor votes one class on both sides, and the tree\'s caption says so (and why ε is what it is)', async () => {
  const { page } = site;
  await page.goto('about:blank');
  await page.goto(`${site.origin}/#data=toy:xor:1000:0.1:0&p.algorithm=adaboost&p.max_depth=1&p.rounds=1`);
  await page.waitForFunction(() => /toy: xor: 1,000 rows/.test(document.getElementById('data-name').textContent));
  await page.waitForFunction(() => !document.getElementById('train').disabled);
  await page.click('#train');
  await page.waitForFunction(() => /done/.test(document.getElementById('train-status').textContent), null, { timeout: 60_000 });
  await page.waitForFunction(() => /^Tree 1 of 1/.test(document.getElementById('tree-caption').textContent));
  const leaves = await page.$$eval('#tree .tree-leaf text.leaf-value', (ts) => ts.map((t) => t.textContent));
  assert.equal(leaves.length, 2);
  assert.equal(leaves[0], leaves[1], 'no single cut of xor changes the majority');
  const value = leaves[0].replace(/^leaf /, '');
  assert.match(await page.textContent('#tree-caption'), new RegExp(`Every leaf holds ${value.replace('.', '\\.')}: the splits change no prediction \\(the same class carries the most weight on each side`));
  // The leaf is the round's vote α (SAMME's ln((1 − ε)/ε) by default), ε the other class's share of the weight.
  const line = await page.textContent('#last-round');
  const epsilon = Number(line.match(/ε (\d\.\d+)/)[1]), alpha = Number(line.match(/α (\d\.\d+)/)[1]);
  near(Math.abs(Number(value)), alpha, 1e-3, 'the leaf is the vote ±α');
  near(alpha, Math.log((1 - epsilon) / epsilon), 2e-3, "SAMME's α from ε");
  assert.ok(epsilon > 0.45 && epsilon < 0.5, `ε ${epsilon}: near a coin toss, the weight of the class the stump never votes`);
});
