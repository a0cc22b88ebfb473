// Task 'auto' follows one rule in the package: a column's summary says what
// toDataset will decide (or the error it will raise) before anyone trains.
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { BUILDS, load } from './helpers.mjs';

const cycling = (n, values) => 'x,y\n' + Array.from({ length: n }, (_, i) => `${i},${values[i % values.length]}`).join('\n');

for (const build of BUILDS) {
  describe(`task 'auto' (${build.name})`, () => {
    test('a few whole numbers are classes, in the summary and in toDataset', async () => {
      const bl = await load(build);
      const table = bl.readCSV(cycling(400, [0, 1, 2]));
      assert.equal(table.columns[1].asTarget.task, 'multiclass');
      assert.match(table.columns[1].asTarget.why, /3 whole numbers \(0, 1, 2\)/);
      const data = table.toDataset({ target: 'y' });
      assert.equal(data.task, 'multiclass');
      data.dispose();
      const asked = table.toDataset({ target: 'y', task: 'regression' });
      assert.equal(asked.task, 'regression', 'the user can still ask for regression');
      asked.dispose();
      table.dispose();
    });

    test('numbers with a stray word: the summary carries the error toDataset raises', async () => {
      const bl = await load(build);
      const table = bl.readCSV('x,y\n1,2.5\n2,3.5\n3,n/a?\n4,4.5\n');
      const { error } = table.columns[1].asTarget;
      assert.equal(error.code, 'TARGET_NOT_NUMERIC');
      assert.equal(error.line, 4);
      assert.throws(() => table.toDataset({ target: 'y' }), (e) => e.code === error.code && e.message === error.message);
      table.dispose();
    });
  });
}
