// Round by round: the scrubber, the round inspector of each algorithm and
// the worked table, in Chromium. Every number the page shows is checked
// against the package in Node, trained on the same rows (read back from the
// worked table's CSV) with the same parameters: the round reports' e_t and
// alpha_t, trainer.roundStatistics()'s g, h, u and draws, and the margins of
// the model cut to t rounds.
import assert from 'node:assert/strict';
import { readFile } from 'node:fs/promises';
import { test } from 'node:test';
import { near, pageAndPackage, plainText, setParam, train, useToy, waitForData } from './browser.mjs';

const ctx = pageAndPackage('rounds');


// Trains `algorithm` on toy data with the page, then picks round t on the scrubber.
async function trainAndScrub(page, { toy = 'circles', n = 300, algorithm, params = {}, rounds, t }) {
  await useToy(page, toy, n);
  await page.selectOption('#algorithm', algorithm);
  await page.waitForSelector('#param-rounds');
  await page.click('#reset-params').catch(() => {});
  for (const [k, v] of Object.entries(params)) await setParam(page, k, String(v));
  await train(page, rounds);
  await page.waitForFunction((r) => document.getElementById('round-inspector').dataset.round === String(r), rounds);
  await page.fill('#round-scrub', String(t));
  await page.dispatchEvent('#round-scrub', 'input');
  await page.waitForFunction((r) => document.getElementById('round-inspector').dataset.round === String(r) &&
    document.getElementById('worked-table').dataset.round === String(r), t);
}

// The worked table of the round on show, all rows, as the page downloads it: columns by header.
async function workedCsv(page) {
  const [file] = await Promise.all([page.waitForEvent('download'), page.click('#worked-csv')]);
  const [head, ...lines] = (await readFile(await file.path(), 'utf8')).trim().split('\n');
  const names = head.split(',');
  const cols = Object.fromEntries(names.map((h) => [h, []]));
  for (const line of lines) line.split(',').forEach((v, i) => cols[names[i]].push(names[i] === 'set' ? v : v === '' ? NaN : Number(v)));
  return { names, cols, name: file.suggestedFilename() };
}

// The package in Node on the same rows and parameters, stepped to round t.
function nodeTrainer(csv, features, params, t) {
  const table = ctx.bl.fromColumns({ ...Object.fromEntries(features.map((f) => [f, Float64Array.from(csv.cols[f])])), y: Float64Array.from(csv.cols.y) });
  const validRows = Uint32Array.from(csv.cols.set.flatMap((s, i) => (s === 'valid' ? [i] : [])));
  const data = table.toDataset({ target: 'y', validRows });
  const trainer = ctx.bl.trainer(data, params);
  const reports = [];
  for (let r = 0; r < t; r++) reports.push(trainer.step());
  return { table, data, trainer, reports, dispose() { trainer.dispose(); data.dispose(); table.dispose(); } };
}

const attr = async (page, selector, key) => Number(await page.getAttribute(selector, `data-${key}`));

test('AdaBoost round 3 of 8: ε_t and α_t are the round report\'s, α_t = η(ln((1−ε)/ε) + ln(K−1)), their chart\'s scales the rounds\' largest, u sums to 1 and is the u its tree saw; the surface and tree go back to round 3', async () => {
  const { page } = ctx.site;
  await trainAndScrub(page, { algorithm: 'adaboost', rounds: 8, t: 3 });
  const csv = await workedCsv(page);
  assert.match(csv.name, /round-3\.csv$/);
  assert.deepEqual(csv.names, ['line', 'x1', 'x2', 'y', 'set', 'F_2(x)', 'u', 'leaf', 'leaf value', 'F_3(x)']);
  const node = nodeTrainer(csv, ['x1', 'x2'], { algorithm: 'adaboost', rounds: 8 }, 3);
  try {
    const report = node.reports[2];
    const eps = await attr(page, '#round-inspector [data-epsilon]', 'epsilon');
    const alpha = await attr(page, '#round-inspector [data-alpha]', 'alpha');
    near(eps, report.epsilon, 1e-12, 'ε_3');
    near(alpha, report.alpha, 1e-12, 'α_3');
    near(await attr(page, '#round-inspector [data-recomputed]', 'recomputed'), alpha, 1e-12, 'α_t from the formula and ε_t');
    near(await attr(page, '#round-inspector [data-usum]', 'usum'), 1, 1e-9, 'Σu');
    // The 1 said to be a rescaling (the lesson's claim is that the weights sum to the exponential error).
    assert.match(await page.textContent('#round-inspector [data-usum]'), /rescaled to sum 1 after every round; not rescaled, they would sum to the exponential loss of the rounds before this one/);
    // (subscripts are <sub>: ε_t reads "εt" as text)
    // Typeset (KaTeX): the fraction and the root drawn as the notes set them; data-plain is the formula in plain text.
    const plains = await page.$$eval('#round-inspector .tex', (e) => e.map((x) => x.dataset.plain));
    assert.ok(plains.includes('ε_t = Σ u·[y ≠ g(x)] / Σ u') && plains.includes('◆_t = √((1 − ε_t)/ε_t)'), plains.join(' | '));
    assert.ok(await page.locator('#round-inspector .tex .katex-html .mfrac').count() >= 2, 'stacked fractions');
    assert.equal(await page.locator('#round-inspector .tex .katex-html .sqrt').count(), 1, 'the root over its fraction');
    // The notes' vote beside the engine's: ln◆_t, half SAMME's α_t at η = 1; at another η the update is said with it.
    const notes = Number(await page.getAttribute('#round-inspector [data-notes-alpha]', 'data-notes-alpha'));
    near(notes, Math.log(Math.sqrt((1 - eps) / eps)), 1e-12, "the notes' vote ln◆_3");
    assert.match(await page.textContent('#round-inspector'), /With ν = 1 that is the notes' update|With ν = [\d.]+ wrong rows weigh/);
    assert.equal(await page.textContent('#round-inspector .formula-name sub'), 't', 'ε_t drawn with a subscript, not braces');
    assert.match(await page.innerHTML('#round-inspector'), /u·e<sup>α<sub>t<\/sub><\/sup>/, 'e^{α_t} as an exponent');
    assert.equal(await page.locator('#round-inspector .eps-alpha polyline').count(), 2, 'ε_t and α_t over the rounds');
    assert.equal(await page.locator('#round-inspector .size-legend circle').count(), 4, 'a legend for the point sizes');
    // u as round 3's tree saw it, row by row (none on validation rows, as on the page).
    const u = node.trainer.roundStatistics().weight;
    csv.cols.u.forEach((v, r) => (csv.cols.set[r] === 'train' ? near(v, u[r], 1e-12, `u of row ${r + 1}`) : assert.ok(Number.isNaN(v), `no u on validation row ${r + 1}`)));
    near(csv.cols.u.filter((v) => !Number.isNaN(v)).reduce((a, b) => a + b, 0), 1, 1e-9, 'Σu over the training rows');
    // The loss figure marks the first training row at m = ỹ·F_2/2 on the exponential loss (SAMME's votes count half).
    const first = csv.cols.set.indexOf('train');
    assert.equal(await page.getAttribute('#loss-figure', 'data-highlight'), 'exponential');
    near(await attr(page, '#loss-figure', 'x'), (csv.cols.y[first] > 0.5 ? 1 : -1) * csv.cols['F_2(x)'][first] / 2, 1e-6, 'm of the first training row');
    // Staged margins: the model cut to 2 and 3 rounds; each row's F_3 = F_2 + its leaf's vote.
    const model = node.trainer.snapshot();
    const f2 = model.predict(node.table, { output: 'margin', rounds: 2 }), f3 = model.predict(node.table, { output: 'margin', rounds: 3 });
    csv.cols['F_3(x)'].forEach((v, r) => {
      near(v, f3[r], 1e-6, `F_3 of row ${r + 1}`);
      near(csv.cols['F_2(x)'][r], f2[r], 1e-6, `F_2 of row ${r + 1}`);
      near(csv.cols['F_2(x)'][r] + csv.cols['leaf value'][r], v, 1e-5, `F_2 + leaf value, row ${r + 1}`);
    });
    model.dispose();
    // The ε_t and α_t chart: each on its own scale, whose top is the largest
    // of the 8 rounds' (3 figures), the rounds 1 to 8 along the bottom.
    while (node.reports.length < 8) node.reports.push(node.trainer.step());
    const top = (key) => String(Number(Math.max(...node.reports.map((r) => r[key])).toPrecision(3)));
    assert.deepEqual(await page.$$eval('#round-inspector .eps-alpha text.eps', (ts) => ts.map((t) => t.textContent)), [top('epsilon'), '0']);
    assert.deepEqual(await page.$$eval('#round-inspector .eps-alpha text.alpha', (ts) => ts.map((t) => t.textContent)), [top('alpha'), '0']);
    assert.deepEqual(await page.$$eval('#round-inspector .eps-alpha text.tick:not(.eps):not(.alpha)', (ts) => ts.map((t) => t.textContent)), ['1', '8', 'round']);
  } finally {
    node.dispose();
  }
  // The rest of the page is at round 3 too: the surface, the tree, the chart's numbers.
  await page.waitForFunction(() => document.getElementById('surface').dataset.round === '3');
  assert.equal(await page.inputValue('#tree-index'), '3');
  assert.match(await page.textContent('#round-scrub-value'), /^3 of 8$/);
  assert.match(await page.textContent('#last-round'), /^Round 3:/);
  // Newest goes back to round 8.
  await page.click('#round-newest');
  await page.waitForFunction(() => document.getElementById('round-inspector').dataset.round === '8' &&
    document.getElementById('surface').dataset.round === '8');
});

test('XGBoost round 4: f0 again, each leaf\'s G, H and w* = −G/(H+λ) are the tree\'s, the worked table\'s g and h the engine\'s, F_4 the model cut to 4 rounds; paged rows', async () => {
  const { page } = ctx.site;
  await trainAndScrub(page, { algorithm: 'xgboost', params: { lambda: 2, max_depth: 2 }, rounds: 6, t: 4 });
  const csv = await workedCsv(page);
  assert.deepEqual(csv.names, ['line', 'x1', 'x2', 'y', 'set', 'F_3(x)', 'g', 'h', 'leaf', 'leaf value', 'F_4(x)']);
  const node = nodeTrainer(csv, ['x1', 'x2'], { algorithm: 'xgboost', lambda: 2, max_depth: 2, rounds: 6 }, 4);
  try {
    const model = node.trainer.snapshot();
    const tree = model.tree(3);
    const eta = model.summary().params.eta;
    const leaves = await page.$$eval('#round-inspector table.leaf-table tbody tr', (trs) => trs.map((tr) => ({ ...tr.dataset })));
    assert.ok(leaves.length >= 2, 'a leaf row per leaf');
    // f0 at every round, not only the first: F_4 starts from it.
    near(await attr(page, '#round-inspector [data-f0]', 'f0'), model.summary().base_margin[0], 1e-12, 'f0 at round 4');
    assert.match(await plainText(page, '#round-inspector'), /F_\{4\}\(x\) = f₀ \+ Σ_\{s≤4\} η·w_s\(x\)/);
    for (const l of leaves) {
      const id = Number(l.node), G = Number(l.g), H = Number(l.h), w = Number(l.step);
      near(G, tree.sum_grad[id], 1e-5, `G of leaf ${id}`);
      near(H, tree.cover[id], 1e-5, `H of leaf ${id}`);
      near(w, -G / (H + 2), 1e-6, `w* of leaf ${id} from G, H and λ`);
      near(eta * w, tree.value[id], 1e-6, `η·w* of leaf ${id} is the value it adds`);
    }
    const stats = node.trainer.roundStatistics();
    const f3 = model.predict(node.table, { output: 'margin', rounds: 3 }), f4 = model.predict(node.table, { output: 'margin', rounds: 4 });
    csv.cols.g.forEach((g, r) => {
      if (csv.cols.set[r] === 'train') {
        near(g, stats.grad[r], 1e-7, `g of row ${r + 1}`);
        near(csv.cols.h[r], stats.hess[r], 1e-7, `h of row ${r + 1}`);
      } else assert.ok(Number.isNaN(g) && Number.isNaN(csv.cols.h[r]), `no g, h on validation row ${r + 1}, as on the page`);
      near(csv.cols['F_4(x)'][r], f4[r], 1e-6, `F_4 of row ${r + 1}`);
      near(csv.cols['F_3(x)'][r], f3[r], 1e-6, `F_3 of row ${r + 1}`);
      // Logistic loss: g = p - y at F_3, on the rows the round fit.
      if (csv.cols.set[r] === 'train') near(g, 1 / (1 + Math.exp(-f3[r])) - csv.cols.y[r], 1e-5, `g = p − y, row ${r + 1}`);
    });
    model.dispose();
  } finally {
    node.dispose();
  }
  assert.match(await page.textContent('#round-inspector'), /g = p − y/);
  // The worked table on the page: 25 rows a page; Next shows rows 26 to 50.
  assert.equal(await page.locator('#worked-table tbody tr').count(), 25);
  await page.click('#worked-next');
  await page.waitForFunction(() => document.getElementById('worked-table').dataset.offset === '25');
  assert.match(await page.textContent('#worked-caption'), /rows 26–50 of 300/);
  assert.equal(await page.getAttribute('#worked-table tbody tr:first-child', 'data-row'), '25');
});

test('XGBoost with leaf_newton_steps 8: each leaf\'s first step −G/(H+λ) beside where its steps ended, where its rows\' loss plus λw²/2 is flat', async () => {
  const { page } = ctx.site;
  await trainAndScrub(page, { algorithm: 'xgboost', params: { lambda: 2, max_depth: 2, leaf_newton_steps: 8 }, rounds: 4, t: 3 });
  const csv = await workedCsv(page);
  const heads = await page.$$eval('#round-inspector table.leaf-table th', (ths) => ths.map((th) => th.textContent));
  assert.deepEqual(heads, ['leaf', 'G = Σg', 'H = Σh', '−G/(H+λ)', 'w (8 steps)', 'η·w added']);
  assert.match(await page.textContent('#round-inspector'), /takes up to 7 more Newton steps/);
  const leaves = await page.$$eval('#round-inspector table.leaf-table tbody tr', (trs) => trs.map((tr) => ({ ...tr.dataset, first: tr.cells[3].textContent })));
  assert.ok(leaves.length >= 2, 'a leaf row per leaf');
  let moved = 0;
  for (const l of leaves) {
    const id = Number(l.node), w = Number(l.step), first = -Number(l.g) / (Number(l.h) + 2);
    near(Number(l.first), first, 1e-3 * Math.max(1, Math.abs(first)), `first step of leaf ${id} as shown`);
    // The leaf's training rows at F_2 + w: sum (p - y) + λw = 0.
    let slope = 2 * w, curvature = 2;
    csv.cols.leaf.forEach((leaf, r) => {
      if (leaf !== id || csv.cols.set[r] !== 'train') return;
      const p = 1 / (1 + Math.exp(-(csv.cols['F_2(x)'][r] + w)));
      slope += p - csv.cols.y[r];
      curvature += p * (1 - p);
    });
    near(slope / curvature, 0, 1e-4, `the loss's slope at leaf ${id}'s w`);
    if (Math.abs(w - first) > 1e-3) moved++;
  }
  assert.ok(moved > 0, 'the steps after the first move some leaf');
});

test('DART: the inspector says which numbers are the round\'s own (g, h) and that its F columns are the finished model\'s, with the trees it dropped', async () => {
  const { page } = ctx.site;
  await trainAndScrub(page, { algorithm: 'xgboost', params: { max_depth: 2, booster: 'dart', rate_drop: 0.5 }, rounds: 6, t: 4 });
  const csv = await workedCsv(page);
  const features = csv.names.filter((h) => /^x\d+$/.test(h));
  const params = { algorithm: 'xgboost', rounds: 6, max_depth: 2, booster: 'dart', rate_drop: 0.5 };
  const node = nodeTrainer(csv, features, params, 4);
  try {
    const dropped = node.reports[3].dropped;
    const note = await page.textContent('#round-inspector .dart-note');
    assert.match(note, new RegExp(`round 4 left ${dropped} of the earlier trees out`));
    assert.ok(dropped > 0, 'round 4 dropped trees (the seed and rate_drop make it so)');
    // Why the note is needed: the engine's g (the logistic loss's p − y at the F round 4 saw) is not p − y at the
    // finished model's F_3 for some training rows; in a plain run it is (the XGBoost round tests check that).
    const { g, y } = csv.cols, F = csv.cols['F_3(x)'];
    const off = csv.cols.set.filter((set, r) => set === 'train' && Math.abs(g[r] - (1 / (1 + Math.exp(-F[r])) - y[r])) > 1e-3).length;
    assert.ok(off > 0, 'some row\'s g is not the derivative at the F_3 shown');
  } finally {
    node.dispose();
  }
  // A plain (gbtree) run has no such note.
  await trainAndScrub(page, { algorithm: 'xgboost', params: { max_depth: 2 }, rounds: 6, t: 4 });
  assert.equal(await page.$('#round-inspector .dart-note'), null);
});

test('Gradient boosting round 2: f0, and each leaf\'s plain mean residual beside its Newton line search; tree_line_search shows α_t', async () => {
  const { page } = ctx.site;
  await trainAndScrub(page, { algorithm: 'gbdt', rounds: 4, t: 2 });
  const csv = await workedCsv(page);
  const node = nodeTrainer(csv, ['x1', 'x2'], { algorithm: 'gbdt', rounds: 4 }, 2);
  try {
    const model = node.trainer.snapshot();
    near(await attr(page, '#round-inspector [data-f0]', 'f0'), model.summary().base_margin[0], 1e-12, 'f0');
    const expected = node.trainer.roundStatistics().leaves;
    const leaves = await page.$$eval('#round-inspector table.leaf-table tbody tr', (trs) => trs.map((tr) => ({ ...tr.dataset })));
    assert.equal(leaves.length, expected.length);
    leaves.forEach((l, i) => {
      assert.equal(Number(l.node), expected[i].node);
      near(Number(l.mean), -Number(l.g) / Number(l.rows), 1e-9, `r̄ of leaf ${l.node}`);
      near(Number(l.step), -Number(l.g) / Number(l.h), 1e-6, `Newton step Σr/Σp(1−p) of leaf ${l.node}`);
      near(Number(l.step), expected[i].step, 1e-12, `γ of leaf ${l.node}, as the package reports it`);
    });
    assert.ok(leaves.some((l) => Math.abs(Number(l.step) - Number(l.mean)) > 1e-3), 'the line search moves some leaf off its mean');
    model.dispose();
  } finally {
    node.dispose();
  }
  assert.match(await page.textContent('#round-inspector'), /pseudo-residual/);
  assert.ok(await page.$('#round-inspector .tex[data-plain="r = −∂L/∂F at F_{t−1}"] .katex-mathml'), 'the pseudo-residual typeset (KaTeX, with MathML)');
  // One weight for the whole tree: α_t, and each leaf's γ = α_t·r̄.
  await trainAndScrub(page, { algorithm: 'gbdt', params: { step: 'tree_line_search' }, rounds: 3, t: 2 });
  const alpha = await attr(page, '#round-inspector [data-alpha]', 'alpha');
  assert.ok(Number.isFinite(alpha));
  near((await attr(page, '#round-inspector [data-alpha]', 'top')) / (await attr(page, '#round-inspector [data-alpha]', 'bottom')), alpha, 1e-6,
    'α_t = Σ g_t(x)(y − s) / Σ g_t(x)², from the leaves\' sums');
  const rows = await page.$$eval('#round-inspector table.leaf-table tbody tr', (trs) => trs.map((tr) => ({ ...tr.dataset })));
  for (const l of rows) near(Number(l.step), alpha * Number(l.mean), 1e-6, `γ = α_t·r̄ of leaf ${l.node}`);
});

test('Random forest tree 2: its bootstrap draws per row, the out-of-bag rows and the OOB error are the engine\'s', async () => {
  const { page } = ctx.site;
  await trainAndScrub(page, { algorithm: 'random_forest', params: { max_depth: 4 }, rounds: 5, t: 2 });
  const csv = await workedCsv(page);
  assert.deepEqual(csv.names, ['line', 'x1', 'x2', 'y', 'set', 'F_1(x)', 'drawn', 'leaf', 'leaf value', 'F_2(x)']);
  const node = nodeTrainer(csv, ['x1', 'x2'], { algorithm: 'random_forest', max_depth: 4, rounds: 5 }, 2);
  try {
    const stats = node.trainer.roundStatistics();
    const drawn = stats.drawn;
    csv.cols.drawn.forEach((d, r) => (csv.cols.set[r] === 'train' ? assert.equal(d, drawn[r], `draws of row ${r + 1}`) : assert.ok(Number.isNaN(d))));
    // The features each split drew: the package's, and each split among its own.
    const tried = await page.$$eval('#round-inspector table.tried-table tbody tr', (trs) => trs.map((tr) => ({ ...tr.dataset })));
    assert.ok(tried.length > 0);
    tried.forEach((t, i) => {
      assert.equal(Number(t.node), stats.tried[i].node);
      assert.deepEqual(JSON.parse(t.features), stats.tried[i].features);
      if (Number(t.split) >= 0) assert.ok(JSON.parse(t.features).includes(Number(t.split)), `node ${t.node} split on a feature it drew`);
    });
    const train = csv.cols.set.filter((s) => s === 'train').length;
    assert.equal(await attr(page, '#round-inspector .drawn', 'draws'), train, 'N draws for N training rows');
    assert.equal(await attr(page, '#round-inspector .drawn', 'out-of-bag'), csv.cols.drawn.filter((d, r) => d === 0 && csv.cols.set[r] === 'train').length);
    near(await attr(page, '#round-inspector [data-oob]', 'oob'), node.reports[1].train.oob_error, 1e-12, 'OOB error of 2 trees');
    // The forest's mean: F_2 = (F_1 + leaf value) / 2.
    csv.cols['F_2(x)'].forEach((v, r) => near(v, (csv.cols['F_1(x)'][r] + csv.cols['leaf value'][r]) / 2, 1e-6, `F_2 of row ${r + 1}`));
  } finally {
    node.dispose();
  }
  assert.match(await page.textContent('#round-inspector'), /uniform vote/);
  await page.waitForFunction(() => document.getElementById('surface').dataset.round === '2');
  assert.equal(await page.getAttribute('#surface', 'data-bootstrap'), 'shown', 'the bootstrap on the picture');
  assert.match(await page.textContent('#surface-caption'), /hollow rings were never drawn \(out of bag\)/);
});

test('Multiclass: the worked table and inspector follow the output picked (tree per class)', async () => {
  const { page } = ctx.site;
  await trainAndScrub(page, { toy: 'gaussians', n: 300, algorithm: 'xgboost', rounds: 3, t: 2 });
  await page.waitForSelector('#worked-output-row:not([hidden])');
  await page.selectOption('#worked-output', '1');
  await page.waitForFunction(() => /tree 5 \(the tree for class/.test(document.getElementById('round-inspector').textContent));
  const csv = await workedCsv(page);
  const K = 3;
  const node = nodeTrainer(csv, csv.names.slice(1, csv.names.indexOf('y')), { algorithm: 'xgboost', rounds: 3 }, 2);
  try {
    const g = node.trainer.roundStatistics().grad;
    csv.cols.g.forEach((v, r) => csv.cols.set[r] === 'train' && near(v, g[r * K + 1], 1e-7, `g of class 1, row ${r + 1}`));
  } finally {
    node.dispose();
  }
  assert.equal(await page.inputValue('#tree-index'), '5');
  await page.selectOption('#worked-output', '0');
});

test('Loss figure: the model\'s loss in bold, and the picked row\'s tangent has the engine\'s gradient as its slope (classification and regression)', async () => {
  const { page } = ctx.site;
  await trainAndScrub(page, { algorithm: 'xgboost', rounds: 3, t: 2 });
  assert.equal(await page.getAttribute('#loss-figure', 'data-highlight'), 'binomial deviance');
  // Row 6, picked in the worked table: m = ỹ·F_1(x), and the slope ỹ·g is the curve's derivative there.
  await page.click('#worked-table tbody tr[data-row="5"]');
  await page.waitForFunction(() => document.querySelector('#worked-table tr.picked')?.dataset.row === '5');
  const csv = await workedCsv(page);
  const sign = csv.cols.y[5] > 0.5 ? 1 : -1;
  near(await attr(page, '#loss-figure', 'x'), sign * csv.cols['F_1(x)'][5], 1e-6, 'm of row 6');
  near(await attr(page, '#loss-figure', 'slope'), sign * csv.cols.g[5], 1e-7, 'ỹ·g of row 6');
  near(await attr(page, '#loss-figure', 'slope'), await attr(page, '#loss-figure', 'curve-slope'), 1e-5, 'the engine\'s slope against d/dm ln(1 + e^(−m))');
  assert.match(await page.innerHTML('#loss-figure-caption'), /ln\(1 \+ e<sup>−m<\/sup>\)/, 'the deviance written with an exponent, not TeX');
  assert.equal(await page.locator('#loss-figure path.mine').count(), 1);
  // Regression: the residual r = y − F, slope −g = r for squared error.
  await trainAndScrub(page, { toy: 'plane', algorithm: 'xgboost', rounds: 3, t: 3 });
  assert.equal(await page.getAttribute('#loss-figure', 'data-highlight'), 'squared');
  near(await attr(page, '#loss-figure', 'slope'), await attr(page, '#loss-figure', 'curve-slope'), 1e-5, 'the engine\'s slope against d/dr ½r²');
  assert.match(await page.textContent('#loss-figure-caption'), /residual/);
  // A residual far outside ±2.5 (the first round from base_score 40): the frame and its scale reach it.
  await trainAndScrub(page, { toy: 'plane', algorithm: 'xgboost', params: { base_score: 40 }, rounds: 2, t: 1 });
  await page.click('#worked-table tbody tr[data-row="2"]');
  await page.waitForFunction(() => document.querySelector('#worked-table tr.picked')?.dataset.row === '2');
  const r = await attr(page, '#loss-figure', 'x'), reach = await attr(page, '#loss-figure', 'x-range');
  assert.ok(Math.abs(r) > 30 && Math.abs(r) <= reach && reach <= 2 * Math.abs(r), `r = ${r} in a frame of ±${reach}`);
  assert.ok(await attr(page, '#loss-figure', 'y-max') >= r * r / 2, 'the point\'s loss ½r² is below the frame\'s top');
  const ticks = await page.$$eval('#loss-figure text.tick', (t) => t.map((e) => e.textContent));
  assert.ok(ticks.includes(String(reach)) && ticks.includes(String(-reach)), `x ticks ${ticks}`);
  // Heights on asinh there: the absolute loss (|r|) stands well off the axis beside ½r² (it lay flat along it).
  assert.equal(await page.getAttribute('#loss-figure', 'data-y-scale'), 'asinh');
  const height = (name) => page.$eval(`#loss-figure path[data-curve="${name}"]`, (p) => p.getBBox().height);
  assert.ok(await height('absolute') > 0.5 * await height('squared'), `absolute ${await height('absolute')} against squared ${await height('squared')}`);
  // The point is the row before the round (F_{t−1}, where its gradient was taken), and the caption says so.
  assert.match(await page.textContent('#loss-figure-caption'), /Line \d+, before this round \(where its gradient was taken\): r = y − Ft−1 = .* on a log scale \(asinh\)/);
  // A frame many δ wide: the caption says why Huber and pseudo-Huber show as the absolute loss's line.
  assert.match(await page.textContent('#loss-figure-caption'), /Huber and pseudo-Huber lie on one line, the absolute loss's: beyond ±δ both grow like δ·\|r\| \(δ = 1\)/);
  // A residual in the thousands: heights of 1 to 10 million, no more than four decades labelled besides the top.
  await trainAndScrub(page, { toy: 'plane', algorithm: 'xgboost', params: { base_score: 4000 }, rounds: 2, t: 1 });
  await page.click('#worked-table tbody tr[data-row="2"]');
  await page.waitForFunction(() => document.querySelector('#worked-table tr.picked')?.dataset.row === '2' &&
    Math.abs(Number(document.getElementById('loss-figure').dataset.x)) > 3000);
  const heights = await page.$$eval('#loss-figure text.tick[text-anchor="end"]', (t) => t.map((e) => e.textContent));
  assert.ok(Number(await attr(page, '#loss-figure', 'y-max')) >= 1e6, 'a frame millions high');
  assert.ok(heights.length >= 3 && heights.length <= 5, `heights labelled: ${heights}`);
  assert.equal(heights[0], '1', `from 1 up: ${heights}`);
});

test('Stage view (one feature): S_0 … S_t as curves and S_t − S_{t−1}, equal to the package\'s predictions cut to t and t−1 rounds', async () => {
  const { page } = ctx.site;
  await trainAndScrub(page, { toy: 'wave', n: 150, algorithm: 'gbdt', rounds: 6, t: 3 });
  await page.waitForFunction(() => document.getElementById('surface').dataset.stages === '4');
  assert.match(await page.textContent('#surface-title'), /Stages of the model/);
  assert.match(await page.textContent('#surface-caption'), /tree 3 was fit to/);
  const samples = JSON.parse(await page.getAttribute('#surface', 'data-samples'));
  const csv = await workedCsv(page);
  assert.deepEqual(csv.names, ['line', 'x', 'y', 'set', 'F_2(x)', 'g', 'h', 'leaf', 'leaf value', 'F_3(x)']);
  const node = nodeTrainer(csv, ['x'], { algorithm: 'gbdt', rounds: 6 }, 3);
  try {
    const model = node.trainer.snapshot();
    const x = Float32Array.from(samples, (s) => s.x);
    const s3 = model.predictMatrix(x, x.length, { output: 'margin', rounds: 3 });
    const s2 = model.predictMatrix(x, x.length, { output: 'margin', rounds: 2 });
    samples.forEach((s, i) => {
      near(s.s, s3[i], 1e-6, `S_3(${s.x})`);
      near(s.step, s3[i] - s2[i], 1e-6, `S_3 − S_2 at ${s.x}`);
    });
    model.dispose();
  } finally {
    node.dispose();
  }
  // Back to the newest round: every stage drawn.
  await page.click('#round-newest');
  await page.waitForFunction(() => document.getElementById('surface').dataset.stages === '7');
});

test('The worked table\'s file on diamonds: the target headed y (price) beside the feature y, categories by name as on the page', async () => {
  const { page } = ctx.site;
  await page.selectOption('#source', 'sample:diamonds');
  await waitForData(page, 'diamonds.csv (sample)');
  await page.selectOption('#algorithm', 'xgboost');
  await page.waitForSelector('#param-rounds');
  await train(page, 2);
  await page.waitForFunction(() => !document.getElementById('worked-csv').disabled);
  const [file] = await Promise.all([page.waitForEvent('download'), page.click('#worked-csv')]);
  const [head, ...lines] = (await readFile(await file.path(), 'utf8')).trim().split('\n');
  const names = head.split(',');
  assert.equal(names.filter((n) => n === 'y').length, 1, head);
  assert.equal(new Set(names).size, names.length, `no name twice: ${head}`);
  const price = names.indexOf('y (price)'), cut = names.indexOf('cut'), color = names.indexOf('color'), line = names.indexOf('line');
  assert.ok(price > 0 && cut > 0 && color > 0 && line === 0, head);
  // Each row as the file has it (its line), the categories by their names.
  const source = (await readFile(new URL('../../web/dist/datasets/diamonds.csv', import.meta.url), 'utf8')).split('\n');
  const header = source[0].split(',');
  for (const l of [lines[0], lines[1], lines[777], lines.at(-1)]) {
    const cells = l.split(','), file = source[Number(cells[line]) - 1].split(',');
    assert.equal(cells[cut], file[header.indexOf('cut')], l);
    assert.equal(cells[color], file[header.indexOf('color')], l);
    assert.equal(Number(cells[price]), Number(file[header.indexOf('price')]), l);
    assert.equal(Number(cells[names.indexOf('y')]), Number(file[header.indexOf('y')]), l);
  }
});

test('Round numbers of two digits are subscripts too: F_12(x) = f0 + Σ_{s≤12} η·w_s(x), typeset', async () => {
  const { page } = ctx.site;
  await trainAndScrub(page, { algorithm: 'xgboost', rounds: 12, t: 12 });
  const formula = '#round-inspector .tex[data-plain="F_{12}(x) = f₀ + Σ_{s≤12} η·w_s(x)"]';
  // KaTeX's MathML: F with the subscript 12 (one number, not a 1 and a 2 apart).
  assert.match(await page.innerHTML(`${formula} .katex-mathml`), /<msub><mi>F<\/mi><mn>12<\/mn><\/msub>/);
});

test('A wide file\'s worked table shows the features the round\'s tree splits on, not only the file\'s first four', async () => {
  const { page } = ctx.site;
  // 11 features; only x9 says anything about y (the tree's root splits on it).
  const rows = Array.from({ length: 200 }, (_, i) => {
    const x = Array.from({ length: 11 }, (_, f) => ((i * (f + 3) * 37) % 101) / 100);
    return [...x, x[8] > 0.5 ? 10 + x[0] / 10 : 0].join(',');
  });
  const names = Array.from({ length: 11 }, (_, f) => `x${f + 1}`);
  await page.setInputFiles('#file-input', { name: 'wide.csv', mimeType: 'text/csv', buffer: Buffer.from(`${names.join(',')},y\n${rows.join('\n')}\n`) });
  await waitForData(page, 'wide.csv');
  await page.selectOption('#algorithm', 'xgboost');
  await page.waitForSelector('#param-rounds');
  await train(page, 2);
  await page.waitForFunction(() => document.getElementById('worked-table').dataset.round === '2');
  const head = await page.$$eval('#worked-table thead th', (ths) => ths.map((th) => th.textContent));
  assert.equal(head[1], 'x9', `the root's feature first: ${head.join(', ')}`);
  assert.equal(head.filter((h) => /^x\d+$/.test(h)).length, 4, head.join(', '));
  assert.match(await page.textContent('#worked-caption'), /4 of 11 features shown: the( \d+| one)? the round's tree splits on/);
  // The cells are the shown features' own values: row 1's x9 as the file has it.
  const first = await page.$$eval('#worked-table tbody tr:first-child td', (tds) => tds.map((td) => td.dataset.v ?? td.textContent));
  near(Number(first[1]), Number(rows[0].split(',')[8]), 1e-6, 'row 1 x9');
});

test('Quantile loss (XGBoost-style): each leaf is set again to the alpha quantile of its rows\' residuals, as the package\'s own rows and leaves give it; the pinball loss drawn bold', async () => {
  const { page } = ctx.site;
  await trainAndScrub(page, { toy: 'sine', algorithm: 'xgboost', params: { objective: 'reg:quantileerror', quantile_alpha: '0.8' }, rounds: 2, t: 2 });
  const csv = await workedCsv(page);
  const node = nodeTrainer(csv, ['x1', 'x2'], { algorithm: 'xgboost', objective: 'reg:quantileerror', quantile_alpha: 0.8, rounds: 2 }, 2);
  try {
    // Round 2's leaves: each one's rows (training rows only), their residuals y − F_1 (the worked table's), and the
    // quantile as XGBoost takes it (sorted, position 0.8·(n + 1), interpolated).
    const before = csv.cols['F_1(x)'], y = csv.cols.y, leaf = csv.cols.leaf, set = csv.cols.set;
    const quantile = (v, a) => {
      const s = [...v].sort((p, q) => p - q), n = s.length;
      if (a <= 1 / (n + 1)) return s[0];
      if (a >= n / (n + 1)) return s[n - 1];
      const x = a * (n + 1), k = Math.floor(x) - 1, d = x - 1 - k;
      return s[k] + d * (s[k + 1] - s[k]);
    };
    const rows = await page.$$eval('#round-inspector .leaf-table tbody tr', (trs) => trs.map((tr) => ({ node: Number(tr.dataset.node), step: Number(tr.dataset.step) })));
    assert.ok(rows.length >= 2, 'round 2 has leaves');
    for (const r of rows) {
      const residuals = y.flatMap((v, i) => (set[i] === 'train' && leaf[i] === r.node ? [v - before[i]] : []));
      assert.ok(residuals.length > 0, `leaf ${r.node} holds training rows`);
      near(r.step, quantile(residuals, 0.8), 1e-4, `leaf ${r.node}: its w is the 0.8 quantile of its ${residuals.length} residuals`);
    }
    // The package trained the same round 2: its report's quantile loss is the page's.
    near(node.reports[1].train.quantile, Number(/train quantile ([\d.]+)/.exec(await page.textContent('#last-round'))[1]), 1e-3, 'the train pinball loss');
  } finally {
    node.dispose();
  }
  assert.match(await page.textContent('#round-inspector'), /α quantile \(α = 0\.8\) of the residuals y − F/);
  assert.equal(await page.getAttribute('#loss-figure', 'data-highlight'), 'pinball (α = 0.8)');
});

