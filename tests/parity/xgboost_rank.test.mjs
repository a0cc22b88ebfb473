// Learning to rank against XGBoost 1.7.4 (Debian python3-xgboost): rank:pairwise
// and rank:ndcg (LambdaMART) on the LightGBM example queries, both sides
// trained in this run. XGBoost with one thread draws its pairs from one
// std::minstd_rand seeded each round, which ours reproduces, so every round
// is compared (XGBoost with more threads draws per thread and is not
// reproducible across thread counts; ours is the same on any number).
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { test } from 'node:test';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('../../', import.meta.url));
const data = (f) => join(root, 'tests/data', f);
const CLI = join(root, 'build/native/boostlab-cli');
const PYTHON = '/usr/bin/python3';

// Our CLI takes one CSV and the validation rows: the test file's rows after the
// training file's. Their query ids overlap (both number from 0), which is
// fine: a query split between the sides is one query on each side.
function combined() {
  const train = readFileSync(data('rank_train.csv'), 'utf8').trim().split('\n');
  const valid = readFileSync(data('rank_test.csv'), 'utf8').trim().split('\n');
  const dir = mkdtempSync(join(tmpdir(), 'boostlab-rank-'));
  writeFileSync(join(dir, 'rank.csv'), [...train, ...valid.slice(1)].join('\n') + '\n');
  const first = train.length - 1;
  writeFileSync(join(dir, 'valid_idx.txt'), Array.from({ length: valid.length - 1 }, (_, i) => first + i).join('\n') + '\n');
  return { csv: join(dir, 'rank.csv'), validIdx: join(dir, 'valid_idx.txt') };
}

function ours(params, nthread) {
  const { csv, validIdx } = combined();
  const out = execFileSync(CLI, ['train', '--csv', csv, '--target', 'relevance', '--group', 'qid', '--valid-idx', validIdx,
    '--params', JSON.stringify({ ...params, nthread })], { maxBuffer: 1 << 26 });
  return out.toString().trim().split('\n').map((l) => JSON.parse(l)).filter((l) => l.round);
}

function theirs(params) {
  const out = execFileSync(PYTHON, [join(root, 'tests/parity/xgb_rank_reference.py'), data('rank_train.csv'),
    data('rank_test.csv'), 'qid', 'relevance', JSON.stringify(params)], { maxBuffer: 1 << 26 });
  return JSON.parse(out.toString());
}

const relative = (a, b) => Math.abs(a - b) / Math.abs(b);

for (const objective of ['rank:pairwise', 'rank:ndcg']) {
  test(`${objective}: every round's train and valid ndcg@5 and map within 0.5 % of XGBoost 1.7.4 (one thread), on any thread count`, () => {
    // 256 bins hold every distinct value of every feature: lossless.
    const params = { objective, eta: 0.3, max_depth: 6, rounds: 60, max_bin: 256, eval_metric: 'map,ndcg@5' };
    const ref = theirs(params);
    assert.equal(ref.version, '1.7.4');
    const mine = ours(params, 2);
    assert.equal(mine.length, 60);
    let worst = 0;
    for (const metric of ['ndcg@5', 'map'])
      for (const side of ['train', 'valid'])
        mine.forEach((r, i) => { worst = Math.max(worst, relative(r[side][metric], ref[side][metric][i])); });
    // Measured: 1e-7 (float sums in a different order); 0.5 % is the bar.
    assert.ok(worst < 0.005, `worst relative difference ${worst}`);
    // Learning happened: not a pair of constant models agreeing.
    assert.ok(mine[59].train['ndcg@5'] > mine[0].train['ndcg@5'] + 0.1, `${mine[0].train['ndcg@5']} -> ${mine[59].train['ndcg@5']}`);
    const one = ours(params, 1);
    assert.deepEqual(one.map((r) => r.valid), mine.map((r) => r.valid), 'the same on one thread as on two');
  });
}
