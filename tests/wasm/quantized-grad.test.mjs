// quantized_grad through the package: the same model in every build and on
// any thread count (the rounding's dither is a function of the row id, the
// integer sums exact in any order), close to the exact sums' fit, not it.
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { test } from 'node:test';
import { BUILDS, load } from './helpers.mjs';

// letter: 16,000 training rows, so the root and first levels are built from the quantised pairs.
const letter = () => readFileSync(new URL('../data/letter.csv', import.meta.url));

test('quantized_grad: one model in every build and thread count, as good as exact sums', async () => {
  const models = [];
  for (const build of BUILDS) {
    const bl = await load(build);
    const data = bl.readCSV(letter()).toDataset({ target: 'lettr', validFraction: 0.2, seed: 0 });
    for (const nthread of build.threads ? [1, 2] : [1]) {
      const reports = [];
      const model = await bl.train(data, { rounds: 6, eta: 0.3, max_depth: 5, quantized_grad: 1, nthread }, { onRound: (r) => reports.push(r) });
      models.push({ name: `${build.name} ${nthread}T`, json: model.toJSONString(), valid: reports.at(-1).valid.mlogloss });
    }
    const exact = [];
    const model = await bl.train(data, { rounds: 6, eta: 0.3, max_depth: 5 }, { onRound: (r) => exact.push(r) });
    assert.notEqual(model.toJSONString(), models.at(-1).json, 'quantized_grad changed nothing');
    assert.ok(Math.abs(models.at(-1).valid - exact.at(-1).valid.mlogloss) < 0.01 * exact.at(-1).valid.mlogloss,
      `valid mlogloss ${models.at(-1).valid} against exact ${exact.at(-1).valid.mlogloss}`);
  }
  for (const m of models.slice(1)) assert.ok(m.json === models[0].json, `${m.name} differs from ${models[0].name}`);
});
