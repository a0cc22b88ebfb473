// Learning to rank through the package: a group column makes a ranking
// dataset (whole queries validated), rank:ndcg trains with ranking metrics per
// round, and the reported NDCG is the one the model's own predictions give.
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { describe, test } from 'node:test';
import { BoostLabError } from '../../wasm/js/index.js';
import { BUILDS, load } from './helpers.mjs';

const rankCsv = () => readFileSync(new URL('../data/rank_train.csv', import.meta.url));

// NDCG@k of one query, written out: gain 2^rel - 1, discount log2(position + 2).
function ndcgAt(k, scores, grades) {
  const dcg = (order) => order.slice(0, k).reduce((s, i, pos) => s + (2 ** grades[i] - 1) / Math.log2(pos + 2), 0);
  const idx = grades.map((_, i) => i);
  const ideal = dcg([...idx].sort((a, b) => grades[b] - grades[a]));
  // Ties keep row order (a stable sort), as the engine's and XGBoost's.
  return ideal === 0 ? 1 : dcg([...idx].sort((a, b) => scores[b] - scores[a])) / ideal;
}

const finals = [];
for (const build of BUILDS) {
  describe(`ranking (${build.name})`, () => {
    test('group: queries split whole, metrics per round, and valid ndcg@5 equal to the predictions\'', async () => {
      const bl = await load(build);
      const table = bl.readCSV(rankCsv());
      const data = table.toDataset({ target: 'relevance', group: 'qid', validFraction: 0.25, seed: 4 });
      assert.equal(data.task, 'ranking');
      assert.equal(data.group, 'qid');
      assert.ok(data.notes.some((n) => /training queries in 'qid' add no pairs/.test(n)), data.notes.join(' '));
      const qidColumn = table.columns.findIndex((c) => c.name === 'qid');
      assert.equal(qidColumn, 0);
      const qid = rankCsv().toString().trim().split('\n').slice(1).map((l) => Number(l.split(',')[0]));
      const sides = [data.queries(), data.queries({ valid: true })];
      const seen = new Map();
      sides.forEach(({ begin, rows }, side) => {
        assert.equal(begin[begin.length - 1], rows.length);
        for (let q = 0; q + 1 < begin.length; q++) {
          const ids = new Set(Array.from(rows.subarray(begin[q], begin[q + 1]), (r) => qid[r]));
          assert.equal(ids.size, 1, `query ${q} holds rows of one qid`);
          const id = [...ids][0];
          assert.ok(!seen.has(id), `qid ${id} appears as two queries (sides ${seen.get(id)} and ${side})`);
          seen.set(id, side);
        }
      });
      assert.equal(sides[0].rows.length, data.numTrain);
      assert.equal(sides[1].rows.length, data.numValid);
      assert.equal(seen.size, new Set(qid).size);

      const reports = [];
      const model = await bl.train(data, { rounds: 15, max_depth: 4, eval_metric: 'map,pairacc,ndcg@5', nthread: 2 },
        { onRound: (r) => reports.push(r) });
      assert.equal(model.summary().objective, 'rank:ndcg');
      assert.equal(reports.length, 15);
      for (const r of reports) for (const m of ['map', 'pairacc', 'ndcg@5']) assert.ok(r.valid[m] > 0 && r.valid[m] <= 1, `${m} ${r.valid[m]}`);
      assert.ok(reports[14].train['ndcg@5'] > reports[0].train['ndcg@5'] + 0.05);

      const scores = model.predict(data, { output: 'margin' });
      const labels = data.labels();
      const { begin, rows } = sides[1];
      let sum = 0;
      for (let q = 0; q + 1 < begin.length; q++) {
        const qr = Array.from(rows.subarray(begin[q], begin[q + 1]));
        sum += ndcgAt(5, qr.map((r) => scores[r]), qr.map((r) => labels[r]));
      }
      assert.ok(Math.abs(sum / (begin.length - 1) - reports[14].valid['ndcg@5']) < 1e-5,
        `${sum / (begin.length - 1)} vs ${reports[14].valid['ndcg@5']}`);
      finals.push(reports.map((r) => r.valid));
      if (finals.length === 2) assert.deepEqual(finals[1], finals[0], 'both builds train the same model');
    });

    test('gbrank: the round learns from its wrongly ordered pairs, and validation ndcg@5 improves', async () => {
      const bl = await load(build);
      const table = bl.readCSV(rankCsv());
      const data = table.toDataset({ target: 'relevance', group: 'qid', validFraction: 0.25, seed: 4 });
      const trainer = bl.trainer(data, { algorithm: 'gbrank', rounds: 10, eval_metric: 'ndcg@5' });
      const reports = [];
      let before = new Float32Array(table.numRows);
      const labels = data.labels();
      while (!trainer.done) {
        const report = trainer.step();
        reports.push(report);
        const stats = trainer.roundStatistics();
        assert.equal(stats.kind, 'gbrank');
        assert.equal(stats.pairs.length, 2 * report.pairs.wrong);
        assert.equal(stats.pairCount, report.pairs.total);
        // Every pair listed is one the scores before the round ordered wrongly (or within tau = 1).
        for (let i = 0; i < stats.pairs.length; i += 2) {
          const [hi, lo] = [stats.pairs[i], stats.pairs[i + 1]];
          assert.ok(labels[hi] > labels[lo] && before[hi] < before[lo] + 1, `pair ${hi}, ${lo} in round ${report.round}`);
        }
        assert.ok(Math.abs(stats.blend.keep - report.round / (report.round + 1)) < 1e-12);
        before = trainer.snapshot().predict(data, { output: 'margin' });
      }
      assert.equal(trainer.snapshot().summary().objective, 'rank:gbrank');
      const first = reports[0].valid['ndcg@5'], best = Math.max(...reports.map((r) => r.valid['ndcg@5']));
      assert.ok(best > first + 0.01, `validation ndcg@5 ${reports.map((r) => r.valid['ndcg@5'].toFixed(3)).join(' ')}`);
    });

    test('bad ranking input: the column and line named, the table still usable', async () => {
      const bl = await load(build);
      const table = bl.readCSV('q,x,rel\n1,0.5,0\n1,0.7,2.5\n2,0.1,1\n');
      assert.throws(() => table.toDataset({ target: 'rel', group: 'q' }),
        (e) => e instanceof BoostLabError && e.code === 'TARGET_NOT_RELEVANCE' && e.line === 3 && /'rel'/.test(e.message));
      assert.throws(() => table.toDataset({ target: 'rel', group: 'nope' }), (e) => e.code === 'UNKNOWN_COLUMN');
      const plain = table.toDataset({ target: 'x', validFraction: 0 });
      await assert.rejects(bl.train(plain, { objective: 'rank:ndcg', rounds: 1 }),
        (e) => e.code === 'BAD_PARAM' && /group column/.test(e.message));
    });
  });
}
