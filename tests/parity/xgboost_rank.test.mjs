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

// Query weights: a column constant within each query (1, 1.5, 2 or 2.5 by query id), XGBoost's group weights.
function weighted() {
  const dir = mkdtempSync(join(tmpdir(), 'boostlab-rankw-'));
  const out = {};
  for (const name of ['rank_train', 'rank_test']) {
    const [header, ...rows] = readFileSync(data(`${name}.csv`), 'utf8').trim().split(/\r?\n/);
    const q = header.split(',').indexOf('qid');
    writeFileSync(join(dir, `${name}.csv`), [`${header},w`, ...rows.map((r) => `${r},${1 + (Number(r.split(',')[q]) % 4) / 2}`)].join('\n') + '\n');
    out[name] = join(dir, `${name}.csv`);
  }
  const train = readFileSync(out.rank_train, 'utf8').trim().split('\n'), valid = readFileSync(out.rank_test, 'utf8').trim().split('\n');
  writeFileSync(join(dir, 'rank.csv'), [...train, ...valid.slice(1)].join('\n') + '\n');
  writeFileSync(join(dir, 'valid_idx.txt'), Array.from({ length: valid.length - 1 }, (_, i) => train.length - 1 + i).join('\n') + '\n');
  return { ...out, csv: join(dir, 'rank.csv'), validIdx: join(dir, 'valid_idx.txt') };
}

test('query weights (a weight column constant in each query): every round of rank:ndcg as XGBoost 1.7.4 with group weights', () => {
  const files = weighted();
  const params = { objective: 'rank:ndcg', eta: 0.3, max_depth: 6, rounds: 30, max_bin: 256, eval_metric: 'map,ndcg@5' };
  const ref = JSON.parse(execFileSync(PYTHON, [join(root, 'tests/parity/xgb_rank_reference.py'), files.rank_train, files.rank_test, 'qid', 'relevance',
    JSON.stringify(params), 'w'], { maxBuffer: 1 << 26 }).toString());
  const mine = execFileSync(CLI, ['train', '--csv', files.csv, '--target', 'relevance', '--group', 'qid', '--weight', 'w', '--valid-idx', files.validIdx,
    '--params', JSON.stringify({ ...params, nthread: 2 })], { maxBuffer: 1 << 26 }).toString().trim().split('\n').map((l) => JSON.parse(l)).filter((l) => l.round);
  let worst = 0;
  for (const metric of ['ndcg@5', 'map'])
    for (const side of ['train', 'valid'])
      mine.forEach((r, i) => { worst = Math.max(worst, relative(r[side][metric], ref[side][metric][i])); });
  assert.ok(worst < 0.005, `worst relative difference ${worst}`);
  // The weights changed the model: unweighted, another run.
  const plain = theirs(params);
  assert.ok(plain.train['ndcg@5'].some((v, i) => Math.abs(v - ref.train['ndcg@5'][i]) > 1e-4), 'the weights changed nothing');
  // Rows of one query weighing differently are refused, naming the query and lines.
  const bad = readFileSync(files.csv, 'utf8').split('\n');
  bad[2] = bad[2].replace(/,[\d.]+$/, ',7');
  writeFileSync(files.csv, bad.join('\n'));
  assert.throws(() => execFileSync(CLI, ['train', '--csv', files.csv, '--target', 'relevance', '--group', 'qid', '--weight', 'w', '--valid-idx', files.validIdx,
    '--params', JSON.stringify(params)], { stdio: 'pipe' }), (e) => /QUERY_WEIGHTS_DIFFER.*query '\d+' weighs 7 on line 3 and [\d.]+ on line 4/.test(e.stdout.toString() + e.stderr.toString()));
});

