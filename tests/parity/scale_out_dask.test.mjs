// Continue at scale on Dask, for real: a model trained by the package, the
// script it writes run by Debian's Python on a local Dask cluster of two
// workers (XGBoost 1.7.4, dask and distributed 2022.12), 20 more rounds that
// leave the validation metric no worse than ours, and the result loaded back.
// Spark, heavier, is tests/interop (npm run test:interop). The timeout holds
// two of the script's 240 s attempts (scale_out.mjs retries a hang once).
import { test } from 'node:test';
import { CASES, continueOnCluster } from './scale_out.mjs';

for (const c of CASES) {
  test(`Dask continues ${c.csv} (${c.params.algorithm}) and the result comes back`, { timeout: 600_000 }, async () => {
    await continueOnCluster(c, 'dask', '/usr/bin/python3');
  });
}
