// Continue at scale on Spark, for real: the script the package writes, run on
// a local Spark (local[2], pyspark and XGBoost 3.2 from PyPI in
// build/venv-spark, made by scripts/setup-interop.sh; Java 17); auto_mpg carries
// monotone and interaction constraints there, penguins balanced class weights; a Poisson
// file a base margin and a weight column. Too heavy for
// npm test on a user's machine: npm run test:interop (CI runs both).
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { test } from 'node:test';
import { fileURLToPath } from 'node:url';
import { awkwardHeaderCase, CASES, continueDartOnCluster, continueOnCluster, datesCase, marginCase, QUANTILES_CASE } from '../parity/scale_out.mjs';

const python = fileURLToPath(new URL('../../build/venv-spark/bin/python', import.meta.url));
for (const c of CASES.filter((k) => ['diamonds', 'spam', 'letter', 'auto_mpg', 'penguins'].includes(k.csv))) {
  test(`Spark continues ${c.csv} (${c.params.algorithm}) and the result comes back`, { timeout: 600_000 }, async () => {
    await continueOnCluster(c, 'spark', python);
  });
}

test('Spark reads a file whose header the tab trimmed and named, and whose features share the script\'s own names', { timeout: 600_000 }, async () => {
  await continueOnCluster(awkwardHeaderCase(mkdtempSync(join(tmpdir(), 'boostlab-header-'))), 'spark', python);
});

test('Spark trains on the features named as the script\'s own columns, not on its bookkeeping', { timeout: 600_000 }, async () => {
  await continueOnCluster(awkwardHeaderCase(mkdtempSync(join(tmpdir(), 'boostlab-names-')), { header: false }), 'spark', python);
});

test('Spark derives the date parts the tab read from the same cells', { timeout: 600_000 }, async () => {
  await continueOnCluster(datesCase(mkdtempSync(join(tmpdir(), 'boostlab-dates-'))), 'spark', python);
});

test('Spark starts each row at its base margin and weighs it by its weight column, as the tab trained', { timeout: 600_000 }, async () => {
  await continueOnCluster(marginCase(mkdtempSync(join(tmpdir(), 'boostlab-margin-'))), 'spark', python);
});

test('Spark continues a model of three quantiles (one output each) and the result comes back', { timeout: 600_000 }, async () => {
  await continueOnCluster(QUANTILES_CASE, 'spark', python);
});

test('Spark continues a DART model as DART, its trees kept', { timeout: 600_000 }, async () => {
  await continueDartOnCluster('spark', python);
});
