// The scale-out script reads a CSV's numbers as the page read them, numbers
// written for people too (thousands separators, decimal commas, currency and
// percent signs): the script's own to_numbers, run by Debian's Python on the
// file's cells, against the package's columns. (The clusters' runs are
// scale_out_dask.test.mjs; this is the reading alone, in seconds.)
import assert from 'node:assert/strict';
import { execFileSync, spawnSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { test } from 'node:test';
import { init } from '../../wasm/js/index.js';

// Imports the script without running it and prints each column as to_numbers reads it.
const READ = `
import json, runpy, sys
import pandas as pd
script, csv, sep, names = sys.argv[1], sys.argv[2], sys.argv[3], sys.argv[4].split(",")
g = runpy.run_path(script, run_name="reading")
raw = pd.read_csv(csv, sep=sep, dtype=str, keep_default_na=False, na_filter=False)
print(json.dumps({n: [None if v != v else v for v in g["to_numbers"](g["cells"](raw, n), n).tolist()] for n in names}))
`;

// A file a European spreadsheet writes (';', decimal commas, '€ 2.167' with the
// dot grouping thousands, 96%), and an American one (',', "$4,602", 12.5 %).
const EURO = ['x;price;rate;y', ...Array.from({ length: 60 }, (_, i) =>
  `${(i * 0.37).toFixed(3).replace('.', ',')};€ ${(1000 + i * 937).toLocaleString('de-DE')};${i % 101}%;${(i * 1.25 + (i % 7)).toFixed(2).replace('.', ',')}`)];
const US = ['price,rate,y', ...Array.from({ length: 60 }, (_, i) =>
  `"$${(500 + i * 1234.5).toLocaleString('en-US')}",${i % 9 === 0 ? 'NA' : `${(i * 0.5).toFixed(1)} %`},${i * 2}`)];

for (const [name, lines, decimalComma] of [['euro.csv', EURO, true], ['us.csv', US, false]]) {
  test(`the scale-out script reads ${name}'s numbers as the package did`, async () => {
    const bl = await init({ threads: false });
    const dir = mkdtempSync(join(tmpdir(), 'boostlab-numbers-'));
    const csv = join(dir, name);
    writeFileSync(csv, lines.join('\n') + '\n');
    const table = bl.readCSV(lines.join('\n') + '\n');
    assert.equal(table.decimalComma, decimalComma);
    const names = table.columns.map((c) => c.name);
    assert.deepEqual(table.columns.map((c) => c.type), names.map(() => 'numeric'), table.notes.join(' '));
    const data = table.toDataset({ target: 'y', validRows: [0, 1, 2, 3] });
    const model = await bl.train(data, { rounds: 2, max_depth: 2 });
    const script = join(dir, 'continue_dask.py');
    writeFileSync(script, model.scaleOutScript({ engine: 'dask', csv, delimiter: table.delimiter, decimalComma: table.decimalComma }));
    const read = JSON.parse(execFileSync('/usr/bin/python3', ['-c', READ, script, csv, table.delimiter, names.join(',')], { encoding: 'utf8' }));
    for (const n of names) {
      const ours = table.column(n).values;
      read[n].forEach((v, i) => {
        if (Number.isNaN(ours[i])) assert.equal(v, null, `${n}, row ${i}: missing here, ${v} there`);
        else assert.ok(Math.abs(v - ours[i]) <= 1e-6 * Math.max(1, Math.abs(ours[i])), `${n}, row ${i}: ${ours[i]} here, ${v} in the script`);
      });
    }
    // One that groups thousands with a dot, one with a comma, at least.
    assert.ok(table.column('price').values.some((v) => v >= 1000), 'prices in the thousands');
    model.dispose();
    data.dispose();
    table.dispose();
  });
}

// XGBoost's DMatrix refuses feature names holding [, ] or < (the model file loads): the script
// says which, before it starts a cluster (it crashed inside XGBoost with a ValueError).
test('the scale-out script stops at once on a feature name XGBoost refuses, naming it', async () => {
  const bl = await init({ threads: false });
  const dir = mkdtempSync(join(tmpdir(), 'boostlab-names-'));
  const lines = ['weight [kg],size<10,ok,y', ...Array.from({ length: 40 }, (_, i) => `${i * 1.5},${i % 10},${(i * 7) % 5},${i % 3 + i * 0.1}`)];
  writeFileSync(join(dir, 'names.csv'), lines.join('\n') + '\n');
  const table = bl.readCSV(lines.join('\n') + '\n');
  const data = table.toDataset({ target: 'y', validFraction: 0 });
  const model = await bl.train(data, { rounds: 2, max_depth: 2 });
  writeFileSync(join(dir, 'model.json'), model.toXGBoostJSON());
  writeFileSync(join(dir, 'continue.py'), model.scaleOutScript({ engine: 'dask', csv: 'names.csv', model: 'model.json', output: 'out.json', rounds: 2 }));
  const run = spawnSync('/usr/bin/python3', ['continue.py'], { cwd: dir, encoding: 'utf8', timeout: 120_000 });
  assert.equal(run.status, 1, run.stderr);
  assert.match(run.stderr, /XGBoost refuses feature names holding \[, \] or <: 'weight \[kg\]', 'size<10'\. Rename these columns/);
  model.dispose(); data.dispose(); table.dispose();
});
