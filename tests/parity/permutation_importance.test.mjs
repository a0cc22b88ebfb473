// Permutation importance against scikit-learn's permutation_importance of the
// same model (exported to XGBoost, loaded by Debian's XGBoost 1.7.4) on the
// same rows and metric (log loss). The shuffles differ, so the means are
// compared within what 30 shuffles each leave uncertain; the baseline, which
// has no shuffle, to seven digits.
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { test } from 'node:test';
import { fileURLToPath } from 'node:url';
import { init } from '../../wasm/js/index.js';

const root = fileURLToPath(new URL('../../', import.meta.url));
const csv = join(root, 'tests/data/spam.csv');

test('spam: each feature\'s mean drop in log loss over 30 shuffles agrees with scikit-learn\'s, within their spread', async () => {
  const bl = await init({ threads: false });
  const table = bl.readCSV(readFileSync(csv));
  const validRows = readFileSync(join(root, 'tests/data/spam.valid_idx.txt'), 'utf8').trim().split('\n').map(Number);
  const data = table.toDataset({ target: 'type', validRows });
  const model = await bl.train(data, { rounds: 30, max_depth: 4, eta: 0.3 });
  const REPEATS = 30;
  const ours = model.permutationImportance(table, { rows: validRows, repeats: REPEATS, seed: 1 });
  assert.equal(ours.metric, 'logloss');
  const dir = mkdtempSync(join(tmpdir(), 'boostlab-pi-'));
  writeFileSync(join(dir, 'model.json'), model.toXGBoostJSON());
  writeFileSync(join(dir, 'rows.json'), JSON.stringify(validRows));
  const theirs = JSON.parse(execFileSync('/usr/bin/python3', [join(root, 'tests/parity/sklearn_permutation.py'), join(dir, 'model.json'), csv,
    readFileSync(join(dir, 'rows.json'), 'utf8'), 'type', model.summary().classes[1], String(REPEATS)], { maxBuffer: 1 << 24 }).toString());
  assert.ok(Math.abs(ours.baseline - theirs.baseline) <= 1e-6 * theirs.baseline, `baseline ${ours.baseline} here, ${theirs.baseline} in scikit-learn`);
  let used = 0;
  ours.features.forEach((f, i) => {
    const se = Math.sqrt((f.std ** 2 + theirs.stds[i] ** 2) / REPEATS);
    assert.ok(Math.abs(f.mean - theirs.means[i]) <= 4 * se + 1e-6, `${f.name}: ${f.mean} ± ${f.std} here, ${theirs.means[i]} ± ${theirs.stds[i]} in scikit-learn`);
    if (theirs.means[i] === 0) assert.equal(f.mean, 0, `${f.name}: a feature the model never reads costs nothing`);
    if (f.mean > 0.01) used++;
  });
  assert.ok(used >= 5, `${used} features matter`);
  model.dispose(); data.dispose(); table.dispose();
});
