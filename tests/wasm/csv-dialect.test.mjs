// readCSV detects the delimiter and the encoding, takes them as options, and
// says on the table what it used (a semicolon file loaded as one column).
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { BUILDS, load } from './helpers.mjs';

for (const build of BUILDS) {
  describe(`CSV dialect (${build.name})`, () => {
    test('a semicolon, tab or pipe file reads as its columns, and says which delimiter', async () => {
      const bl = await load(build);
      for (const [d, name] of [[';', 'semicolon'], ['\t', 'tab'], ['|', 'pipe'], [',', 'comma']]) {
        const table = bl.readCSV(`x${d}y${d}label\n1${d}2${d}a\n3${d}4${d}b\n5${d}6${d}a\n`);
        assert.equal(table.delimiter, d, name);
        assert.deepEqual(table.columns.map((c) => c.name), ['x', 'y', 'label'], name);
        assert.equal(table.columns[0].type, 'numeric', name);
        table.dispose();
      }
      const given = bl.readCSV('a;b\n1;2\n', { delimiter: ',' });
      assert.deepEqual(given.columns.map((c) => c.name), ['a;b']);
      given.dispose();
      assert.throws(() => bl.readCSV('a\n1\n', { delimiter: ';;' }), (e) => e.code === 'BAD_OPTION');
      assert.throws(() => bl.readCSV('a\n1\n', { encoding: 'latin9' }), (e) => e.code === 'BAD_OPTION');
    });

    test('Latin-1 bytes read as Windows-1252, with a note; repeated names numbered', async () => {
      const bl = await load(build);
      const bytes = Uint8Array.from([...'city,n,n\nM'].map((c) => c.charCodeAt(0)).concat([0xfc], [...'nchen,1,2\nParis,3,4\n'].map((c) => c.charCodeAt(0))));
      const table = bl.readCSV(bytes);
      assert.equal(table.encoding, 'windows-1252');
      assert.deepEqual(table.columns[0].levels, ['München', 'Paris']);
      assert.deepEqual(table.columns.map((c) => c.name), ['city', 'n', 'n.1']);
      assert.equal(table.notes.length, 2);
      assert.match(table.notes.join(' '), /not valid UTF-8.*Windows-1252/);
      assert.match(table.notes.join(' '), /'n' \(column 3\) is 'n\.1'/);
      const data = table.toDataset({ target: 'n.1', validFraction: 0 });
      assert.equal(data.numTrain, 2);
      data.dispose();
      table.dispose();
    });

    test('a table gives a column back as read, and each row\'s file line (rows left out and quoted line breaks counted)', async () => {
      const bl = await load(build);
      const table = bl.readCSV('id,x,y\nc-7,1.5,0\nc-2,,1\nc-9,3\n"c\n10",4,1\n\nc-1,5,0\n', { skipRaggedRows: true });
      assert.equal(table.numRows, 4);
      assert.deepEqual([...table.rowLines()], [2, 3, 5, 8]);
      assert.deepEqual([...table.rowLines([3, 0])], [8, 2], 'the lines of the rows asked for');
      assert.throws(() => table.rowLines([4]), (e) => e.code === 'BAD_ARGUMENT' && /past the table's last \(3\)/.test(e.message));
      const id = table.column('id');
      assert.equal(id.type, 'text');
      assert.deepEqual([...id.codes].map((c) => id.levels[c]), ['c-7', 'c-2', 'c\n10', 'c-1']);
      const x = table.column('x');
      assert.equal(x.type, 'numeric');
      assert.deepEqual([...x.values], [1.5, NaN, 4, 5]);
      assert.throws(() => table.column('nope'), (e) => e.code === 'UNKNOWN_COLUMN');
      table.dispose();
      const plain = bl.readCSV('a,b\n1,2\n3,4\n');
      assert.deepEqual([...plain.rowLines()], [2, 3]);
      assert.deepEqual([...plain.rowLines([1])], [3]);
      plain.dispose();
      const made = bl.fromColumns({ a: [1, 2], b: ['p', null] });
      assert.equal(made.rowLines(), null, 'columns given in memory have no lines');
      assert.deepEqual([...made.column('b').codes], [0, -1]);
      made.dispose();
    });

    test('missingValues: the user\'s own markers read as missing, in readCSV and readCSVStream, kept for the scale-out script', async () => {
      const bl = await load(build);
      const csv = 'x,y\n1,2\nn.a.,3\n-999,4\n5,6\n';
      const plain = bl.readCSV(csv);
      assert.equal(plain.columns[0].type, 'categorical');
      assert.deepEqual(plain.missingValues, []);
      plain.dispose();
      const table = bl.readCSV(csv, { missingValues: ['n.a.', '-999'] });
      assert.equal(table.columns[0].type, 'numeric');
      assert.equal(table.columns[0].missing, 2);
      assert.deepEqual(table.missingValues, ['n.a.', '-999']);
      const streamed = await bl.readCSVStream([csv.slice(0, 9), csv.slice(9)], { missingValues: ['n.a.', '-999'] });
      assert.deepEqual([...streamed.column('x').values].map((v) => (Number.isNaN(v) ? null : v)), [1, null, null, 5]);
      const data = table.toDataset({ target: 'y', validFraction: 0 });
      const model = await bl.train(data, { rounds: 2, min_child_weight: 0 });
      const script = model.scaleOutScript({ engine: 'dask', missingValues: table.missingValues });
      assert.match(script, /"\?", "n\.a\.", "-999"\]/);
      assert.throws(() => bl.readCSV(csv, { missingValues: 'n.a.' }), (e) => e.code === 'BAD_OPTION' && /missingValues/.test(e.message));
      for (const x of [model, data, streamed, table]) x.dispose();
    });

    test('dates as text: the summary says so, and dateParts reads them as numbers a model splits on', async () => {
      const bl = await load(build);
      const csv = 'day,x,y\n05/08/2021,1,1\n31/08/2021,2,2\n,3,3\n01/09/2021 14:30,4,4\n';
      const plain = bl.readCSV(csv);
      assert.deepEqual(plain.columns[0].dates, { order: 'dmy', time: true });
      assert.equal(plain.columns[1].dates, undefined);
      assert.deepEqual(plain.dateParts, []);
      const table = bl.readCSV(csv, { dateParts: ['day'] });
      assert.deepEqual(table.columns.map((c) => c.name),
        ['day_year', 'day_month', 'day_day', 'day_weekday', 'day_yearday', 'day_days', 'day_hour', 'x', 'y']);
      assert.deepEqual(table.dateParts, [{ column: 'day', order: 'dmy', time: true }]);
      // 5 August 2021 was a Thursday (3), the 217th day of its year, 18,844 days after 1970-01-01.
      assert.deepEqual([0, 1, 2, 3, 4, 5, 6].map((c) => table.column(table.columns[c].name).values[0]), [2021, 8, 5, 3, 217, 18844, 0]);
      assert.ok(Number.isNaN(table.column('day_weekday').values[2]), 'a missing date: missing parts');
      assert.equal(table.column('day_hour').values[3], 14);
      assert.match(table.notes.at(-1), /Dates in 'day' \(day\/month\/year\)/);
      const model = await bl.train(table.toDataset({ target: 'y', validFraction: 0 }), { rounds: 2, min_child_weight: 0 });
      assert.ok(model.summary().features.some((f) => f.name === 'day_days'), 'the parts are features');
      assert.throws(() => bl.readCSV('d\n2021-01-01\nsoon\n', { dateParts: ['d'] }), (e) => e.code === 'CSV_NOT_DATES' && e.line === 3 && /'soon'/.test(e.message));
      assert.throws(() => bl.readCSV(csv, { dateParts: ['Day'] }), (e) => e.code === 'BAD_OPTION' && /did you mean 'day'/.test(e.message));
      assert.throws(() => bl.readCSV(csv, { dateParts: 'day' }), (e) => e.code === 'BAD_OPTION');
      for (const t of [plain, table, model]) t.dispose();
    });
  });
}
