// A model file whose own counts disagree with what it holds is refused,
// saying which (a file with num_trees 30 and no trees loaded and predicted
// a constant; an XGBoost file claiming a million trees over 30 loaded), and
// an XGBoost file's base_score beyond a float is named in XGBoost's terms.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { BUILDS, load } from './helpers.mjs';

const bl = await load(BUILDS[1]);
const table = bl.readCSV('x,z,y\n' + Array.from({ length: 80 }, (_, i) => `${i},${(i * 7) % 11},${(i % 5) * 1.5 + (i % 3)}`).join('\n') + '\n');
const model = await bl.train(table.toDataset({ target: 'y' }), { rounds: 3, max_depth: 2 });

const corrupt = (text, pattern) => assert.throws(() => bl.loadModel(text), (e) => {
  assert.equal(e.code, 'MODEL_CORRUPT', e.message);
  assert.match(e.message, pattern);
  return true;
});

test('BoostLab JSON: num_trees against the trees held', () => {
  const doc = JSON.parse(JSON.stringify(model.toJSON()));  // toJSON() gives the object JSON.stringify writes
  assert.equal(doc.num_trees, 3);
  assert.equal(bl.loadModel(JSON.stringify(doc)).numTrees, 3, 'as written, it loads');
  corrupt(JSON.stringify({ ...doc, trees: [] }), /num_trees is 3 but it holds 0 trees/);
  corrupt(JSON.stringify({ ...doc, num_trees: 30 }), /num_trees is 30 but it holds 3 trees/);
});

test('XGBoost JSON: gbtree_model_param.num_trees against the trees held; base_score past a float', () => {
  const doc = JSON.parse(model.toXGBoostJSON());
  const gbm = doc.learner.gradient_booster.model;
  assert.equal(gbm.gbtree_model_param.num_trees, '3');
  gbm.gbtree_model_param.num_trees = '1000000';
  corrupt(JSON.stringify(doc), /num_trees is "1000000" but it holds 3 trees/);
  gbm.gbtree_model_param.num_trees = '3';
  doc.learner.learner_model_param.base_score = '1E50';
  corrupt(JSON.stringify(doc), /its base_score "1E50" is beyond what a float holds/);
});
