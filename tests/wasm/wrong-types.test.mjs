// Arguments of the wrong kind, as a web developer's typo passes them: each
// is a BoostLabError that says what the call takes (they were Embind's
// "Cannot pass non-string to std::string" or a TypeError from inside the
// package), and a metric of your own is named as the docs say.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { BoostLabError } from '../../wasm/js/index.js';
import { BUILDS, load } from './helpers.mjs';

const bl = await load(BUILDS[1]);
const table = bl.readCSV('x,y\n' + Array.from({ length: 60 }, (_, i) => `${i},${i % 3 === 0 ? 1 : 0}`).join('\n') + '\n');
const data = table.toDataset({ target: 'y', validRows: [1, 5, 9, 13, 17] });

function refused(fn, pattern) {
  assert.throws(fn, (e) => {
    assert.ok(e instanceof BoostLabError, `${e?.name}: ${e?.message}`);
    assert.equal(e.code, 'BAD_ARGUMENT');
    assert.match(e.message, pattern);
    return true;
  });
}

test('loadModel of nothing, a number or a boolean says what it takes', () => {
  for (const v of [undefined, null, 5, true]) refused(() => bl.loadModel(v), /loadModel\(\) takes a model file/);
});

test('featureImportance of a number names the types', async () => {
  const model = await bl.train(data, { rounds: 2 });
  refused(() => model.featureImportance(5), /'weight', 'gain', 'cover'/);
  assert.ok('x' in model.featureImportance('weight'), 'and the call still works');
});

test('setGradients without arrays says what they are', () => {
  const trainer = bl.trainer(data, { rounds: 2, objective: 'custom' });
  refused(() => trainer.setGradients(undefined, undefined), /grad is an array of numbers/);
  refused(() => trainer.setGradients(new Float32Array(55), 3), /hess is an array of numbers/);
});

test('a metric of your own: named after its function, "custom" when written inline, refused when it gives no number', async () => {
  let last;
  await bl.train(data, { rounds: 2 }, { metric: function share(m) { return m.length; }, onRound: (r) => { last = r; } });
  assert.ok(Number.isFinite(last.valid.share), JSON.stringify(last.valid));
  await bl.train(data, { rounds: 2 }, { metric: (m) => m.length, onRound: (r) => { last = r; } });
  assert.ok(Number.isFinite(last.valid.custom), `an inline metric is 'custom': ${JSON.stringify(last.valid)}`);
  await assert.rejects(bl.train(data, { rounds: 2 }, { metric: () => 'abc' }), (e) => e instanceof BoostLabError && /returns a number/.test(e.message));
});

test('a parameter given as null or undefined takes its default (XGBoost\'s None), as the docs say; NaN is refused', async () => {
  const given = await bl.train(data, { max_depth: null, eta: undefined, rounds: 3 });
  const plain = await bl.train(data, { rounds: 3 });
  const changed = await bl.train(data, { max_depth: 1, rounds: 3 });
  assert.equal(given.toJSONString(), plain.toJSONString());
  assert.notEqual(changed.toJSONString(), plain.toJSONString(), 'the comparison can tell models apart');
  await assert.rejects(bl.train(data, { max_depth: NaN, rounds: 3 }), (e) => e instanceof BoostLabError);
  for (const m of [given, plain, changed]) m.dispose();
});
