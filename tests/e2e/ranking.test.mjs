// Ranking in Chromium: the rank sample with its query column, LambdaMART
// (xgboost with rank:ndcg) and GBRank trained by the page, and the ranking
// view's numbers checked against the package in Node trained on the same
// rows: the order and scores of a query's documents, its NDCG@5, and GBRank's
// wrongly ordered pairs with their scores before the round.
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { test } from 'node:test';
import { near, pageAndPackage, train } from './browser.mjs';

const ctx = pageAndPackage('ranking');

const csv = readFileSync(new URL('../data/rank_train.csv', import.meta.url));

function ndcg5(scores, grades) {
  const idx = grades.map((_, i) => i);
  const dcg = (order) => order.slice(0, 5).reduce((s, i, pos) => s + (2 ** grades[i] - 1) / Math.log2(pos + 2), 0);
  const ideal = dcg([...idx].sort((a, b) => grades[b] - grades[a]));
  return ideal === 0 ? 1 : dcg([...idx].sort((a, b) => scores[b] - scores[a])) / ideal;
}

// The page's split is the dataset's own (validFraction 0.2, seed 0): the same here.
function nodeRun(params, rounds) {
  const table = ctx.bl.readCSV(csv);
  const data = table.toDataset({ target: 'relevance', group: 'qid', validFraction: 0.2, seed: 0 });
  const trainer = ctx.bl.trainer(data, params);
  const reports = [];
  for (let r = 0; r < rounds; r++) reports.push(trainer.step());
  return { table, data, trainer, reports, dispose() { trainer.dispose(); data.dispose(); table.dispose(); } };
}

async function shownRows(page) {
  return page.$$eval('#rank-table tbody tr', (trs) => trs.map((tr) => ({ row: Number(tr.dataset.row), relevance: Number(tr.dataset.relevance), score: Number(tr.dataset.score) })));
}

test('the rank sample: qid names the queries, only ranking algorithms are offered, and a validation query ranked by LambdaMART shows the package\'s order, scores and NDCG@5', async () => {
  const { page } = ctx.site;
  await page.selectOption('#source', 'sample:rank');
  await page.waitForFunction(() => document.getElementById('data-name').textContent.includes('rank_train') && !document.getElementById('train').disabled);
  assert.equal(await page.inputValue('#group'), 'qid');
  assert.match(await page.textContent('#task-note'), /Ranking: the rows of each query in qid are ordered by relevance/);
  assert.equal(await page.isDisabled('#task'), true);
  const algorithms = await page.$$eval('#algorithm option', (os) => os.map((o) => o.value));
  assert.deepEqual(algorithms, ['xgboost', 'gbdt', 'gbrank']);
  const objectives = await page.$$eval('#param-objective option', (os) => os.map((o) => o.value));
  assert.deepEqual(objectives, ['', 'rank:pairwise', 'rank:ndcg']);
  assert.equal(await page.isVisible('#compare-panel'), false, 'the four-algorithm presets do not rank');

  await page.selectOption('#algorithm', 'xgboost');
  await page.waitForSelector('#param-rounds');
  await train(page, 8);
  await page.waitForFunction(() => !document.getElementById('ranking-panel').hidden && document.getElementById('rank-summary').dataset.round === '8');
  await page.selectOption('#rank-query', '3');
  await page.waitForFunction(() => document.getElementById('rank-query').value === '3' && /^Query 4 of/.test(document.getElementById('rank-summary').textContent));

  const node = nodeRun({ rounds: 8 }, 8);
  try {
    const { begin, rows } = node.data.queries({ valid: true });
    const qRows = Array.from(rows.subarray(begin[3], begin[4]));
    const model = node.trainer.snapshot();
    const scores = model.predict(node.data, { output: 'margin' });
    const labels = node.data.labels();
    const shown = await shownRows(page);
    assert.equal(shown.length, qRows.length);
    const expected = [...qRows].sort((a, b) => scores[b] - scores[a] || qRows.indexOf(a) - qRows.indexOf(b));
    assert.deepEqual(shown.map((r) => r.row), expected, 'documents in the model\'s order');
    for (const r of shown) {
      assert.equal(r.relevance, labels[r.row], `relevance of row ${r.row}`);
      near(r.score, scores[r.row], 1e-6, `score of row ${r.row}`);
    }
    // Rows are named by their file line, as in every other view (the sample runs a row a line under its header).
    const lines = await page.$$eval('#rank-table tbody tr', (trs) => trs.map((tr) => Number(tr.cells[1].textContent)));
    assert.deepEqual(lines, shown.map((r) => r.row + 2), 'the line column');
    assert.match(await page.textContent('#rank-summary'), new RegExp(`the first on line ${qRows[0] + 2}\\.`));
    assert.match(await page.$eval('#rank-query', (s) => s.selectedOptions[0].textContent), new RegExp(`· line ${qRows[0] + 2}$`));
    // Queries that teach nothing are named where the run's notices go, as the package says them.
    assert.ok(node.data.notes.length > 0);
    assert.equal(await page.textContent('#train-notice'), node.data.notes.join(' '));
    const pageNdcg = Number(await page.getAttribute('#rank-summary', 'data-ndcg'));
    near(pageNdcg, ndcg5(qRows.map((r) => scores[r]), qRows.map((r) => labels[r])), 1e-9, 'NDCG@5 of query 4');
    // The recomputation agrees with the engine's metric: the mean over validation queries is its valid ndcg@5.
    let sum = 0;
    for (let q = 0; q + 1 < begin.length; q++) {
      const qr = Array.from(rows.subarray(begin[q], begin[q + 1]));
      sum += ndcg5(qr.map((r) => scores[r]), qr.map((r) => labels[r]));
    }
    near(sum / (begin.length - 1), node.reports[7].valid['ndcg@5'], 1e-5, 'mean NDCG@5 over validation queries');
    model.dispose();
  } finally {
    node.dispose();
  }
  const curve = await page.$eval('#rank-curve polyline', (p) => p.getAttribute('points').split(' ').length);
  assert.equal(curve, 8, 'the query\'s NDCG after each of the 8 rounds');
});

test('GBRank round 3 of 4, a training query: the pairs listed are the package\'s wrongly ordered pairs, each with h_2(x) < h_2(y) + τ', async () => {
  const { page } = ctx.site;
  await page.selectOption('#algorithm', 'gbrank');
  await page.waitForSelector('#param-gbrank_tau', { state: 'attached' });
  await train(page, 4);
  await page.fill('#round-scrub', '3');
  await page.dispatchEvent('#round-scrub', 'input');
  await page.selectOption('#rank-side', 'train');
  await page.waitForFunction(() => document.getElementById('rank-summary').dataset.round === '3' && /training/.test(document.getElementById('rank-summary').textContent));
  await page.selectOption('#rank-query', '5');
  await page.waitForFunction(() => /^Query 6 of/.test(document.getElementById('rank-summary').textContent) && document.querySelectorAll('#rank-pairs li').length > 0);
  const pairs = await page.$$eval('#rank-pairs li', (lis) => lis.map((li) => [Number(li.dataset.hi), Number(li.dataset.lo)]));
  const node = nodeRun({ algorithm: 'gbrank', rounds: 4 }, 2);
  try {
    const h2 = node.trainer.snapshot().predict(node.data, { output: 'margin' });  // h_2 exactly: the model after 2 of 2 rounds
    node.reports.push(node.trainer.step());
    const stats = node.trainer.roundStatistics();
    const { begin, rows } = node.data.queries();
    const inQuery = new Set(rows.subarray(begin[5], begin[6]));
    const expected = [];
    for (let i = 0; i < stats.pairs.length; i += 2) if (inQuery.has(stats.pairs[i])) expected.push([stats.pairs[i], stats.pairs[i + 1]]);
    assert.deepEqual(pairs, expected.slice(0, 60));
    const labels = node.data.labels();
    for (const [hi, lo] of pairs) assert.ok(labels[hi] > labels[lo] && h2[hi] < h2[lo] + 1, `pair ${hi}, ${lo}`);
    const text = await page.textContent('#rank-pairs p');
    assert.match(text, new RegExp(`Round 3 learnt from ${node.reports[2].pairs.wrong.toLocaleString('en-US')} of ${node.reports[2].pairs.total.toLocaleString('en-US')} pairs`));
    // The scores before the round are h_2 (GBRank's model rescaled to its round).
    const shown = await page.$$eval('#rank-table tbody tr', (trs) => trs.map((tr) => [Number(tr.dataset.row), Number(tr.cells[4].textContent)]));
    for (const [row, before] of shown) near(before, h2[row], 1e-3, `h_2 of row ${row}`);
    // The worked table's caption names only the columns it shows (GBRank keeps no g and h per row).
    const heads = await page.$$eval('#worked-table th', (th) => th.map((e) => e.textContent));
    const caption = await page.textContent('#worked-caption');
    assert.match(caption, /GBRank's blend/);
    assert.equal(/g is minus the sum/.test(caption), heads.includes('g'), `${heads} against: ${caption}`);
    // The round inspector: the blend's weights, and each leaf's g_t = the mean of the targets reaching it, as the engine's.
    const keep = Number(await page.getAttribute('#round-inspector [data-keep]', 'data-keep'));
    near(keep, stats.blend.keep, 1e-12, 'keep = 3/4');
    near(keep, 3 / 4, 1e-12, 'keep = t/(t+1)');
    const leaves = await page.$$eval('#round-inspector tr[data-targets]', (trs) => trs.map((tr) => ({ node: Number(tr.dataset.node),
      targets: Number(tr.dataset.targets), sum: Number(tr.dataset.sum), step: Number(tr.dataset.step) })));
    assert.equal(leaves.length, stats.leaves.length);
    for (const l of leaves) {
      const theirs = stats.leaves.find((x) => x.node === l.node);
      near(l.step, theirs.step, 1e-12, `g_t of leaf ${l.node}`);
      if (l.targets > 0) near(l.step, l.sum / l.targets, 1e-6, `leaf ${l.node}: g_t = Σ targets / targets`);
    }
    // The worked table: F_3 = 3/4·F_2 + leaf value, F_2 = h_2.
    const worked = await page.$$eval('#worked-table tbody tr', (trs) => trs.slice(0, 10).map((tr) => ({ row: Number(tr.dataset.row),
      before: Number(tr.querySelector('[data-col="before"]').dataset.v), value: Number(tr.querySelector('[data-col="leaf-value"]').dataset.v),
      after: Number(tr.querySelector('[data-col="after"]').dataset.v) })));
    for (const w of worked) {
      near(w.before, h2[w.row], 1e-5, `F_2 of row ${w.row}`);
      near(w.after, 0.75 * w.before + w.value, 1e-5, `F_3 of row ${w.row}`);
    }
  } finally {
    node.dispose();
  }
});

test('bad ranking input before training: a relevance that is not a whole number names the line and column; the data and the page stay', async () => {
  const { page } = ctx.site;
  await page.selectOption('#target', 'f1');
  await page.waitForFunction(() => /ordered by f1/.test(document.getElementById('task-note').textContent));
  await page.click('#train');
  await page.waitForFunction(() => !document.getElementById('train-message').hidden);
  const text = await page.textContent('#train-message');
  assert.match(text, /^Line \d+, column 3 \('f1'\): [0-9.]+ is not a relevance grade: ranking needs whole numbers from 0 to 31/);
  assert.match(await page.textContent('#data-name'), /rank_train\.csv \(sample\): 3,005 rows/);
  // Back to the relevance: it trains again.
  await page.selectOption('#target', 'relevance');
  await train(page, 2);
  assert.equal(await page.isVisible('#train-message'), false);
});


// A rank file of one's own, named as rank files are: qid the query, relevance the grade (its last
// column, f19 here, was the guessed target), said in the data notes.
test('a rank file opened by hand: qid and relevance are taken as the query and the grade, and said so', async () => {
  const { page } = ctx.site;
  const [header, ...rows] = csv.toString().trim().split(/\r?\n/);
  const cut = (line) => line.split(',').slice(0, 22).join(',');
  await page.setInputFiles('#file-input', { name: 'mine.csv', mimeType: 'text/csv', buffer: Buffer.from([header, ...rows.slice(0, 300)].map(cut).join('\n') + '\n') });
  await page.waitForFunction(() => /^mine\.csv: /.test(document.getElementById('data-name').textContent) && !document.getElementById('train').disabled);
  assert.equal(await page.inputValue('#target'), 'relevance');
  assert.equal(await page.inputValue('#group'), 'qid');
  assert.match(await page.textContent('#data-notes'), /Ranking, a first guess from the columns' names: 'relevance' the grade to learn, 'qid' the query/);
});

test('query weights: a weight column beside the query column weighs whole queries (the package\'s model), and rows of one query weighing differently are named', async () => {
  const { page } = ctx.site;
  // The rank sample with a weight a query (1 to 2.5 by its id), then one row changed.
  const [header, ...rows] = csv.toString().trim().split(/\r?\n/);
  const q = header.split(',').indexOf('qid');
  const lines = [`${header},w`, ...rows.map((r) => `${r},${1 + (Number(r.split(',')[q]) % 4) / 2}`)];
  const load = async (text) => {
    await page.setInputFiles('#file-input', { name: 'ranked.csv', mimeType: 'text/csv', buffer: Buffer.from(text) });
    await page.waitForFunction(() => /^ranked\.csv: /.test(document.getElementById('data-name').textContent) && !document.getElementById('train').disabled);
    await page.selectOption('#target', 'relevance');
    await page.selectOption('#group', 'qid');
    await page.selectOption('#weight', 'w');
    // XGBoost-style, as the package's model below (an earlier test's GBRank stays picked on a rank file).
    await page.selectOption('#algorithm', 'xgboost');
  };
  await load(lines.join('\n') + '\n');
  assert.equal(await page.isDisabled('#weight'), false);
  assert.match(await page.textContent('#weight-hint'), /giving each query one weight/);
  await train(page, 4, { curve: 'valid' });
  const shown = Number(await page.$eval('#last-round', (e) => e.textContent.match(/valid ndcg@5 ([\d.]+)/)[1]));
  const table = ctx.bl.readCSV(lines.join('\n') + '\n');
  const data = table.toDataset({ target: 'relevance', group: 'qid', weight: 'w', validFraction: 0.2, seed: 0 });
  const trainer = ctx.bl.trainer(data, { algorithm: 'xgboost', rounds: 4 });
  let last;
  for (let r = 0; r < 4; r++) last = trainer.step();
  near(shown, last.valid['ndcg@5'], 1e-3, 'the valid NDCG@5 of round 4');
  trainer.dispose(); data.dispose(); table.dispose();
  lines[2] = lines[2].replace(/,[\d.]+$/, ',9');
  await load(lines.join('\n') + '\n');
  await page.click('#train');
  await page.waitForFunction(() => !document.getElementById('train-message').hidden);
  assert.match(await page.textContent('#train-message'), /query '\d+' weighs [\d.]+ on line \d+ and [\d.]+ on line \d+\. Give each query's rows one weight/);
});
