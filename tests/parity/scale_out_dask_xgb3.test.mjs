// The Dask script on what a user installs today: XGBoost 3.2 with dask and
// distributed 2026.8 from PyPI (build/venv-dask3, made by scripts/setup.sh),
// beside scale_out_dask.test.mjs's Debian XGBoost 1.7.4 and dask 2022.12.
// The cases whose script paths differ most between those versions: native
// categories, many classes, constraints, a base margin with weights, and
// quantiles (reg:quantileerror: XGBoost 2 and later only).
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { test } from 'node:test';
import { fileURLToPath } from 'node:url';
import { CASES, continueDartOnCluster, continueOnCluster, marginCase, QUANTILES_CASE } from './scale_out.mjs';

const python = fileURLToPath(new URL('../../build/venv-dask3/bin/python', import.meta.url));

test('the environment is the one this file means to test', () => {
  const versions = execFileSync(python, ['-c', 'import xgboost, dask, distributed; print(xgboost.__version__, dask.__version__, distributed.__version__)'])
    .toString().trim().split(' ');
  assert.deepEqual(versions, ['3.2.0', '2026.8.0', '2026.8.0']);
});

const cases = [...CASES.filter((c) => ['diamonds', 'letter', 'auto_mpg'].includes(c.csv)), QUANTILES_CASE];
for (const c of cases) {
  test(`Dask with XGBoost 3.2 continues ${c.csv} (${c.params.objective ?? c.params.algorithm}) and the result comes back`, { timeout: 600_000 }, async () => {
    await continueOnCluster(c, 'dask', python);
  });
}

test('Dask with XGBoost 3.2 continues a DART model as DART, its trees kept', { timeout: 600_000 }, async () => {
  await continueDartOnCluster('dask', python);
});

// A split in time order: the validation rows are the file's last. Cut in two for
// two workers, the first half held none of them, and XGBoost 3 refuses a worker
// without rows when there are categories (the script now deals out rows, not parts).
test('Dask with XGBoost 3.2 continues diamonds whose validation rows are its last fifth', { timeout: 600_000 }, async () => {
  const rows = 53_940, held = Math.round(rows / 5);
  const diamonds = CASES.find((c) => c.csv === 'diamonds');
  await continueOnCluster({ ...diamonds, validRows: Array.from({ length: held }, (_, i) => rows - held + i) }, 'dask', python);
});

// One validation row cannot be on both workers: the script evaluates the rounds
// on the training rows only and still reports that row's metric before and after
// (it stopped, asking for fewer workers).
test('Dask with XGBoost 3.2 continues diamonds when the validation rows are fewer than its workers', { timeout: 600_000 }, async () => {
  const diamonds = CASES.find((c) => c.csv === 'diamonds');
  const { stderr } = await continueOnCluster({ ...diamonds, validRows: [53_939] }, 'dask', python, { improves: false });
  assert.match(stderr, /Validation rows: 1 of 2 Dask workers would hold none of these 1 rows; the rounds are evaluated on the training rows only/);
});

test('Dask with XGBoost 3.2 starts each row at its base margin and weighs it by its weight column', { timeout: 600_000 }, async () => {
  await continueOnCluster(marginCase(mkdtempSync(join(tmpdir(), 'boostlab-margin3-'))), 'dask', python);
});
