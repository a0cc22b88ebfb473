// Continue at scale on Dask, for real: a model trained by the package, the
// script it writes run by Debian's Python on a local Dask cluster of two
// workers (XGBoost 1.7.4, dask and distributed 2022.12), 20 more rounds that
// leave the validation metric no worse than ours, and the result loaded back.
// Spark, heavier, is tests/interop (npm run test:interop). The timeout holds
// three of the script's 90 s attempts (scale_out.mjs retries a hang).
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { test } from 'node:test';
import { awkwardHeaderCase, CASES, continueOnCluster, datesCase, marginCase } from './scale_out.mjs';

for (const c of CASES) {
  test(`Dask continues ${c.csv} (${c.params.algorithm}) and the result comes back`, { timeout: 600_000 }, async () => {
    await continueOnCluster(c, 'dask', '/usr/bin/python3');
  });
}

test('Dask reads a file whose header the tab trimmed and named, and whose features share the script\'s own names', { timeout: 600_000 }, async () => {
  const c = awkwardHeaderCase(mkdtempSync(join(tmpdir(), 'boostlab-header-')));
  const { table } = await continueOnCluster(c, 'dask', '/usr/bin/python3');
  // The names the script had to find: trimmed, and given to the empty cell.
  const names = table.columns.map((col) => col.name);
  for (const name of ['x', '__label', '__row', '__valid', '__weight']) if (!names.includes(name)) throw new Error(`no column ${name} in ${names}`);
});

test('Dask trains on the features named as the script\'s own columns, not on its bookkeeping', { timeout: 600_000 }, async () => {
  await continueOnCluster(awkwardHeaderCase(mkdtempSync(join(tmpdir(), 'boostlab-names-')), { header: false }), 'dask', '/usr/bin/python3');
});

test('Dask derives the date parts the tab read (day first, times, missing cells) from the same cells', { timeout: 600_000 }, async () => {
  const { table, model } = await continueOnCluster(datesCase(mkdtempSync(join(tmpdir(), 'boostlab-dates-'))), 'dask', '/usr/bin/python3');
  if (table.dateParts[0]?.order !== 'dmy' || !table.dateParts[0].time) throw new Error(`read as ${JSON.stringify(table.dateParts)}`);
  // The model splits on the parts (the weekday above all), so reading them otherwise would show in the metric.
  const used = model.featureImportance('gain');
  if (!(used.when_weekday > 0)) throw new Error(`no split on when_weekday: ${JSON.stringify(used)}`);
});

test('Dask starts each row at its base margin and weighs it by its weight column, as the tab trained (count:poisson over an exposure)', { timeout: 600_000 }, async () => {
  await continueOnCluster(marginCase(mkdtempSync(join(tmpdir(), 'boostlab-margin-'))), 'dask', '/usr/bin/python3');
});
