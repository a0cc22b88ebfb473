// Arrays in: fromColumns and fromRows build the Table a CSV would, so the
// same model trains from either; bad columns say which; validRows takes a
// typed array.
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { BUILDS, load } from './helpers.mjs';

for (const build of BUILDS) {
  describe(`arrays in (${build.name})`, () => {
    test('fromColumns and fromRows train the same model as the same CSV', async () => {
      const bl = await load(build);
      const n = 200;
      const x = Float32Array.from({ length: n }, (_, i) => (i * 37) % 101);
      const z = Array.from({ length: n }, (_, i) => (i % 13 === 0 ? null : (i * 17) % 23));
      const colour = Array.from({ length: n }, (_, i) => ['red', 'green', null, 'blue'][i % 4]);
      const y = Float64Array.from({ length: n }, (_, i) => x[i] / 10 + (i % 4 === 0 ? 3 : 0));
      const csv = 'x,z,colour,y\n' + Array.from({ length: n }, (_, i) => `${x[i]},${z[i] ?? ''},${colour[i] ?? ''},${y[i]}`).join('\n');
      const fromCsv = bl.readCSV(csv);
      const fromArrays = bl.fromColumns({ x, z, colour, y });
      // The same column summaries, but for the first word's line: the file's, none in memory.
      const lineless = (columns) => columns.map((c) => (c.firstText ? { ...c, firstText: { ...c.firstText, line: 0 } } : c));
      assert.ok(fromCsv.columns.some((c) => c.firstText?.line > 0));
      assert.deepEqual(fromArrays.columns, lineless(fromCsv.columns), 'the same column summaries');
      const params = { rounds: 5, max_depth: 3, nthread: 1 };
      const options = { target: 'y', validRows: Int32Array.from([0, 5, 10, 15]) };
      const a = await bl.train(fromCsv.toDataset(options), params);
      const b = await bl.train(fromArrays.toDataset(options), params);
      assert.equal(b.toJSONString(), a.toJSONString(), 'the same model, byte for byte');
      const rows = bl.fromRows(Float32Array.from({ length: 2 * n }, (_, k) => (k % 2 ? y : x)[k >> 1]), n, ['x', 'y']);
      assert.deepEqual(rows.columns.map((c) => c.name), ['x', 'y']);
      assert.equal(rows.numRows, n);
      const codes = bl.fromColumns({ k: [1, 2, 1, 3], v: [0.5, 1, 2, 3] }, { categorical: ['k'] });
      assert.equal(codes.columns[0].type, 'categorical');
      assert.deepEqual(codes.columns[0].levels, ['1', '2', '3']);
      for (const t of [fromCsv, fromArrays, rows, codes]) t.dispose();
      a.dispose(); b.dispose();
    });

    test('strings are read as a CSV\'s cells would be: numbers, NA missing, and the first word named where it is', async () => {
      const bl = await load(build);
      const t = bl.fromColumns({ x: [1, 2, 3, 4, 5, 6], s: ['1', ' 2.5', 'NA', '4', '5', null], y: ['1', '2', '3', 'x', '5', '6'], c: ['1', '2', '1', '2', '1', '2'] },
        { categorical: ['c'] });
      const type = (name) => t.columns.find((c) => c.name === name).type;
      assert.equal(type('s'), 'numeric', 'numeric strings make a numeric column');
      assert.deepEqual(Array.from(t.column('s').values), [1, 2.5, NaN, 4, 5, NaN]);
      assert.equal(type('c'), 'categorical', 'unless named categorical');
      assert.equal(type('y'), 'categorical');
      // The one word in an otherwise numeric target is named at its row, by index: these columns have no lines
      // (they said 'Line 5', as if under a header).
      assert.deepEqual(t.columns.find((c) => c.name === 'y').firstText, { line: 0, row: 3, text: 'x' });
      assert.throws(() => t.toDataset({ target: 'y', task: 'regression' }),
        (e) => e.code === 'TARGET_NOT_NUMERIC' && /^Row 3, column 3 \('y'\): 'x' is not a number/.test(e.message) && e.line === 0);
      const numbers = bl.fromColumns({ x: [1, 2, 3, 4, 5, 6], y: [1, 2, 3, 4, 5, 6] });
      const model = await bl.train(numbers.toDataset({ target: 'x', validFraction: 0 }), { rounds: 2 });
      assert.throws(() => model.predict(t), (e) => e.code === 'FEATURE_NOT_NUMERIC' && /^Row 3: column 'y' holds text \('x'\)/.test(e.message) && e.line === 0);
      model.dispose(); numbers.dispose();
      // Typed arrays of any kind, converted in one copy; null in an array of numbers is missing, in fromRows too.
      const u = bl.fromColumns({ a: new Float64Array([1.5, 2.5]), b: new Int32Array([7, -7]), c: [null, 3] });
      assert.deepEqual(Array.from(u.column('a').values), [1.5, 2.5]);
      assert.deepEqual(Array.from(u.column('b').values), [7, -7]);
      assert.deepEqual(Array.from(u.column('c').values), [NaN, 3]);
      assert.deepEqual(Array.from(bl.fromRows([1, null, 3, 4], 2, ['p', 'q']).column('q').values), [NaN, 4]);
      assert.throws(() => bl.fromColumns({ a: new BigInt64Array(2) }), (e) => e.code === 'BAD_ARGUMENT' && /BigInt/.test(e.message));
      t.dispose();
      u.dispose();
    });

    test('IDs past 2^24, which a float rounds, come back from column() as written, from a file and from columns, and are said', async () => {
      const bl = await load(build);
      const ids = Array.from({ length: 50 }, (_, i) => 123456789 + i);
      const csv = bl.readCSV('customer_id,x,y\n' + ids.map((id, i) => `${id},${i % 7},${i % 2}`).join('\n') + '\n');
      const fromColumns = bl.fromColumns({ customer_id: ids, x: ids.map((_, i) => i % 7), y: ids.map((_, i) => i % 2) });
      for (const t of [csv, fromColumns]) {
        const c = t.column('customer_id');
        assert.ok(c.values instanceof Float64Array);
        assert.deepEqual(Array.from(c.values), ids, 'as written (they read as 123456792, four at a time)');
        assert.ok(t.column('x').values instanceof Float32Array, 'a column floats hold: floats');
        assert.equal(t.columns[0].distinct, 50, 'counted as written (as floats, 7)');
        assert.equal(t.notes.length, 1);
        assert.match(t.notes[0], /^Column 'customer_id' holds whole numbers past 16,777,216 \(2\^24\).*\(123456789 is 123456792 to a model\)/);
        // The model reads the floats, as XGBoost does: a split can only fall between rounded values.
        const data = t.toDataset({ target: 'y', validFraction: 0 });
        const model = await bl.train(data, { rounds: 2, max_depth: 2 });
        assert.equal(model.predict(t).length, 50);
        model.dispose(); data.dispose(); t.dispose();
        assert.throws(() => t.column('customer_id'), (e) => e.code === 'DISPOSED', 'disposed: its copy too');
      }
    });

    test('a bad column says which: another length, a repeated name, an infinity', async () => {
      const bl = await load(build);
      assert.throws(() => bl.fromColumns({ a: [1, 2, 3], b: [1, 2] }), (e) => e.code === 'BAD_ARGUMENT' && /'b' has 2 values; 'a' has 3/.test(e.message));
      assert.throws(() => bl.fromColumns({ a: [1, Infinity] }), (e) => e.code === 'BAD_ARGUMENT' && /'a', row 1: Infinity/.test(e.message));
      assert.throws(() => bl.fromColumns({ a: [1, { x: 1 }] }), (e) => e.code === 'BAD_ARGUMENT');
      assert.throws(() => bl.fromRows(new Float32Array(5), 2, ['a', 'b']), (e) => e.code === 'BAD_ARGUMENT' && /rows x 2/.test(e.message));
      assert.throws(() => bl.fromColumns({}), (e) => e.code === 'BAD_ARGUMENT');
    });
  });
}

for (const build of BUILDS) {
  describe(`predict options (${build.name})`, () => {
    test('margin, class, leaf and the first rounds', async () => {
      const bl = await load(build);
      const n = 300;
      const x = Float32Array.from({ length: n }, (_, i) => (i * 37) % 101);
      const k = Array.from({ length: n }, (_, i) => ['a', 'b', 'c'][Math.floor(x[i] / 34)]);
      const table = bl.fromColumns({ x, k });
      const data = table.toDataset({ target: 'k', validFraction: 0 });
      const model = await bl.train(data, { rounds: 4, max_depth: 2, nthread: 1 });
      const p = model.predict(table), margin = model.predict(table, { output: 'margin' });
      assert.equal(margin.length, 3 * n);
      const cls = model.predict(table, { output: 'class' });
      assert.equal(cls.length, n);
      let right = 0;
      for (let r = 0; r < n; r++) {
        const row = p.slice(3 * r, 3 * r + 3);
        assert.equal(cls[r], row.indexOf(Math.max(...row)), `row ${r}: the arg max`);
        right += model.summary().classes[cls[r]] === k[r];
        // softmax of the margins is the probability
        const m = margin.slice(3 * r, 3 * r + 3), e = Array.from(m, Math.exp), s = e.reduce((a, b) => a + b, 0);
        assert.ok(Math.abs(e[0] / s - row[0]) < 1e-5);
      }
      assert.ok(right > 0.9 * n, `${right} of ${n} right`);
      const leaves = model.predict(table, { output: 'leaf' });
      assert.equal(leaves.length, n * model.numTrees);
      const first = model.predict(table, { output: 'margin', rounds: 1 });
      assert.notDeepEqual(Array.from(first), Array.from(margin));
      assert.deepEqual(Array.from(model.predict(table, { output: 'margin', rounds: 4 })), Array.from(margin));
      // A matrix of the model's features (here x alone) gives the same, options and all (a surface as of round 1).
      assert.deepEqual(Array.from(model.predictMatrix(x, n)), Array.from(p));
      assert.deepEqual(Array.from(model.predictMatrix(x, n, { output: 'margin', rounds: 1 })), Array.from(first));
      // Doubles and plain arrays as fromRows() takes them (null: missing); a wrong length says what it expected and got.
      assert.deepEqual(Array.from(model.predictMatrix(Float64Array.from(x), n)), Array.from(p));
      assert.deepEqual(Array.from(model.predictMatrix(Array.from(x), n)), Array.from(p));
      assert.deepEqual(Array.from(model.predictMatrix([null], 1)), Array.from(model.predictMatrix(Float32Array.of(NaN), 1)));
      assert.throws(() => model.predictMatrix(['1'], 1), (e) => e.code === 'BAD_ARGUMENT' && /array of numbers/.test(e.message));
      assert.throws(() => model.predictMatrix(new Float32Array(10), 2),
        (e) => e.code === 'BAD_ARGUMENT' && /the model's 1 feature, in summary\(\)\.features order\): 2 x 1, not 10 values/.test(e.message), 'the count');
      assert.throws(() => model.predictMatrix(x, n, { rounds: 1.5 }), (e) => e.code === 'BAD_ARGUMENT' && /rounds/.test(e.message));
      assert.throws(() => model.predict(table, { output: 'odds' }), (e) => e.code === 'BAD_ARGUMENT' && /'odds'/.test(e.message));
      assert.throws(() => model.predict(table, { rounds: -1 }), (e) => e.code === 'BAD_ARGUMENT');
      model.dispose(); data.dispose(); table.dispose();
    });

    test('predictMatrix: a category code no split lists (past the levels, negative) goes where an unseen level goes; a fraction is cut', async () => {
      const bl = await load(build);
      const n = 120, levels = ['a', 'b', 'c', 'd'];
      const colour = Array.from({ length: n }, (_, i) => levels[i % 4]);
      const y = Float64Array.from({ length: n }, (_, i) => [1, 5, 9, 20][i % 4] + (i % 7) / 10);
      const table = bl.fromColumns({ colour, y });
      const data = table.toDataset({ target: 'y', validFraction: 0 });
      const model = await bl.train(data, { rounds: 5, max_depth: 3, max_cat_to_onehot: 1 });
      const unseen = bl.fromColumns({ colour: ['e'], y: [0] });
      const asUnseen = model.predict(unseen)[0];
      const codes = (...c) => Array.from(model.predictMatrix(Float32Array.from(c), c.length));
      const [pa, pb, pc, pd] = codes(0, 1, 2, 3);
      assert.equal(new Set([pa, pb, pc, pd]).size, 4, 'the levels predict apart');
      assert.deepEqual(codes(4, 99, 1e30, -1, -0.5), [asUnseen, asUnseen, asUnseen, asUnseen, asUnseen]);
      assert.deepEqual(codes(1.5, 2.999), [pb, pc], 'cut to the whole part');
      model.dispose(); data.dispose(); table.dispose(); unseen.dispose();
    });

    test('a categorical feature read as numbers at predict time (its levels 101, 102, A7; the new file only digits) takes the levels written so', async () => {
      const bl = await load(build);
      const codes = ['101', '102', 'A7'], n = 90;
      const csv = (rows) => 'code,x\n' + rows.map((i) => `${codes[i % 3]},${i % 5}`).join('\n') + '\n';
      const train = bl.readCSV(csv(Array.from({ length: n }, (_, i) => i)).replace('code,x\n', 'code,x,y\n').split('\n')
        .map((line, i) => (i === 0 || !line ? line : `${line},${[10, 50, 90][(i - 1) % 3] + ((i - 1) % 5)}`)).join('\n'));
      assert.equal(train.columns[0].type, 'categorical');
      const data = train.toDataset({ target: 'y', task: 'regression', validFraction: 0 });
      const model = await bl.train(data, { rounds: 20, max_depth: 3, max_cat_to_onehot: 1 });
      const digits = bl.readCSV(csv([0, 1, 3, 4]) + '1.01e2,0\n7,0\n');
      assert.equal(digits.columns[0].type, 'numeric', 'the new file reads the column as numbers');
      const mixed = bl.readCSV(csv([0, 1, 3, 4]) + 'A7,0\n7,0\n');
      const expected = Array.from(model.predict(mixed));
      const got = Array.from(model.predict(digits));
      // 101, 102, 101, 102 as in the file with text; 1.01e2 is the number 101; 7 is no level (as the word A7 is not here).
      assert.deepEqual(got.slice(0, 4), expected.slice(0, 4));
      assert.equal(got[4], expected[0]);
      assert.equal(got[5], expected[5], 'a number no level is: as an unseen level');
      assert.ok(Math.abs(got[0] - 10) < 3 && Math.abs(got[1] - 51) < 3, `predicts as trained: ${got.slice(0, 2)}`);
      for (const o of [model, data, train, digits, mixed]) o.dispose();
    });
  });
}

for (const build of BUILDS) {
  describe(`continued training (${build.name})`, () => {
    test('initModel: 5 rounds and 5 more predict as 10; a model from XGBoost\'s file continues too', async () => {
      const bl = await load(build);
      const n = 300;
      const x = Float32Array.from({ length: n }, (_, i) => (i * 37) % 101);
      const z = Float32Array.from({ length: n }, (_, i) => (i * 11) % 7);
      const y = Float32Array.from({ length: n }, (_, i) => Math.sin(x[i] / 10) + z[i] / 3);
      const table = bl.fromColumns({ x, z, y });
      const data = table.toDataset({ target: 'y', validFraction: 0.2 });
      const ten = await bl.train(data, { rounds: 10, max_depth: 3, nthread: 1 });
      const five = await bl.train(data, { rounds: 5, max_depth: 3, nthread: 1 });
      const seen = [];
      const more = await bl.train(data, { rounds: 5, max_depth: 3, nthread: 1 }, { initModel: five, onRound: (r) => seen.push(r.round) });
      assert.equal(more.numTrees, 10);
      assert.deepEqual(Array.from(more.predict(table)), Array.from(ten.predict(table)));
      assert.deepEqual(seen, [1, 2, 3, 4, 5]);
      const fromXgb = bl.loadModel(five.toXGBoostJSON());
      const again = await bl.train(data, { rounds: 5, max_depth: 3, nthread: 1 }, { initModel: fromXgb });
      const a = again.predict(table), b = ten.predict(table);
      for (let i = 0; i < n; i++) assert.ok(Math.abs(a[i] - b[i]) < 1e-4, `row ${i}: ${a[i]} vs ${b[i]}`);
      assert.throws(() => bl.trainer(data, { algorithm: 'random_forest' }, { initModel: five }), (e) => e.code === 'BAD_PARAM' && /forest averages/.test(e.message));
      for (const m of [ten, five, more, fromXgb, again]) m.dispose();
      data.dispose(); table.dispose();
    });
  });
}
