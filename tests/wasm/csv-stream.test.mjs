// readCSVStream: a File, a ReadableStream or an iterable of chunks read a
// chunk at a time gives readCSV's table; progress, cancel, errors deep in the
// file, and the refusal of a file the heap cannot hold, before it is read.
import assert from 'node:assert/strict';
import { createReadStream, openAsBlob, readFileSync } from 'node:fs';
import { describe, test } from 'node:test';
import { BUILDS, load } from './helpers.mjs';

const diamondsPath = new URL('../data/diamonds.csv', import.meta.url);
const diamonds = readFileSync(diamondsPath);

// What a table holds, as far as the package shows it: summary, and a dataset's labels.
function contents(table) {
  const data = table.toDataset({ target: 'price', validFraction: 0 });
  const labels = Array.from(data.labels());
  data.dispose();
  return { rows: table.numRows, columns: table.columns, delimiter: table.delimiter, encoding: table.encoding, labels };
}

function* slices(bytes, size) {
  for (let at = 0; at < bytes.length; at += size) yield bytes.subarray(at, at + size);
}

for (const build of BUILDS) {
  describe(`readCSVStream (${build.name})`, () => {
    test('a Blob, a ReadableStream, a Node stream and chunks of any size read as readCSV reads the whole text', async () => {
      const bl = await load(build);
      const whole = bl.readCSV(diamonds);
      const expected = contents(whole);
      whole.dispose();
      const sources = {
        blob: () => openAsBlob(diamondsPath),
        'ReadableStream': async () => (await openAsBlob(diamondsPath)).stream(),
        'fs.ReadStream of 4 kB': () => createReadStream(diamondsPath, { highWaterMark: 4096 }),
        'chunks of 7 bytes': () => slices(diamonds, 7),
        'strings': () => [diamonds.subarray(0, 1000).toString('latin1'), diamonds.subarray(1000).toString('latin1')],
      };
      for (const [name, make] of Object.entries(sources)) {
        const table = await bl.readCSVStream(await make(), { size: diamonds.length });
        assert.deepEqual(contents(table), expected, name);
        table.dispose();
      }
    });

    test('progress after each chunk, up to the whole file', async () => {
      const bl = await load(build);
      const seen = [];
      const table = await bl.readCSVStream(slices(diamonds, 256 * 1024), { size: diamonds.length, onProgress: (p) => seen.push(p) });
      // A tick a chunk, then one with the table's rows.
      assert.equal(seen.length, Math.ceil(diamonds.length / (256 * 1024)) + 1);
      const chunks = seen.slice(0, -1);
      assert.ok(chunks.every((p, i) => i === 0 || (p.bytes > chunks[i - 1].bytes && p.rows >= chunks[i - 1].rows)), 'bytes and rows grow');
      assert.deepEqual(chunks.at(-1), { bytes: diamonds.length, size: diamonds.length, rows: chunks.at(-1).rows });
      assert.ok(chunks.at(-1).rows > table.numRows - 100, 'rows counted as they are read');
      assert.deepEqual(seen.at(-1), { bytes: diamonds.length, size: diamonds.length, rows: table.numRows });
      table.dispose();
    });

    test('a small file\'s last tick has its rows (its text is held until the end)', async () => {
      const bl = await load(build);
      const text = new TextEncoder().encode('a,b\n' + Array.from({ length: 300 }, (_, i) => `${i},${i % 7}`).join('\n'));
      const seen = [];
      const table = await bl.readCSVStream([text], { onProgress: (p) => seen.push(p) });
      assert.deepEqual(seen.at(-1), { bytes: text.length, size: 0, rows: 300 });
      table.dispose();
    });

    test('cancel mid-way: rejects with ABORTED, frees what was read, reads no further', async () => {
      const bl = await load(build);
      const before = bl._module.heapStats().used;
      const controller = new AbortController();
      let given = 0;
      function* chunks() {
        for (const chunk of slices(diamonds, 64 * 1024)) {
          given++;
          if (given === 5) controller.abort();
          yield chunk;
        }
      }
      await assert.rejects(bl.readCSVStream(chunks(), { signal: controller.signal }), { code: 'ABORTED' });
      assert.equal(given, 5, 'no chunk read after the cancel');
      assert.ok(bl._module.heapStats().used <= before + 64 * 1024, 'the partial table is freed');
    });

    test('an error deep in the file names its line; the module stays usable', async () => {
      const bl = await load(build);
      const lines = diamonds.toString('latin1').split('\n');
      lines[30000] = lines[30000] + ',extra';
      const bad = Buffer.from(lines.join('\n'), 'latin1');
      await assert.rejects(bl.readCSVStream(slices(bad, 65536), { size: bad.length }),
        (e) => e.code === 'CSV_RAGGED_ROW' && e.line === 30001 && /Line 30001 has 11 fields/.test(e.message));
      assert.equal((await bl.readCSVStream(['a,b\n1,2\n'])).numRows, 1);
      await assert.rejects(bl.readCSVStream('a,b\n1,2\n'), { code: 'BAD_ARGUMENT' });
      await assert.rejects(bl.readCSVStream([{}]), { code: 'BAD_ARGUMENT' });
    });

    test('a file the heap cannot hold is refused after its first megabyte, with the estimate and the limit', async () => {
      const bl = await load(build);
      let given = 0;
      function* endless() {
        for (;;) {
          given++;
          yield diamonds;
        }
      }
      const size = 64 * 2 ** 30;  // 64 GB: about 1.3 billion rows of diamonds
      await assert.rejects(bl.readCSVStream(endless(), { size }), (e) => {
        assert.equal(e.code, 'CSV_TOO_LARGE');
        assert.match(e.message, /65536 MB: about 1,[0-9]{3},[0-9]{3},[0-9]{3} rows × 10 columns/);
        assert.match(e.message, /of 409[56] MB/);
        return true;
      });
      assert.equal(given, 1, 'refused after the first chunk');
      // Training's memory counts when asked for: about 48M rows × 10 columns fit as a table (2 GB), not for training (6 GB).
      const claimed = diamonds.length * 900;
      await assert.rejects(bl.readCSVStream(slices(diamonds, 2 ** 20), { size: claimed, forTraining: true }),
        (e) => e.code === 'CSV_TOO_LARGE' && /to read and train on/.test(e.message));
      const table = await bl.readCSVStream(slices(diamonds, 2 ** 20), { size: claimed });  // (the source ends sooner than it said)
      assert.equal(table.numRows, 53940);
      table.dispose();
      // A size the heap could never reserve for (3.9 GB, 5 GB: past wasm32's size_t, where a cast once wrapped
      // to 0) is only a hint for sizing the columns: a short source reads, and nothing is left reserved.
      for (const size of [Math.round(3.9 * 2 ** 30), 5 * 2 ** 30]) {
        const before = bl._module.heapStats().used;
        const t = await bl.readCSVStream(slices(diamonds.subarray(0, diamonds.lastIndexOf(10, 300000) + 1), 65536), { size });
        assert.ok(t.numRows > 6000);
        t.dispose();
        assert.ok(bl._module.heapStats().used < before + 2 ** 20, `${size}: nothing left reserved`);
      }
    });

    test('a dataset shares its table\'s numbers (no copy) and keeps them: disposing of the table first changes nothing', async () => {
      const bl = await load(build);
      const params = { rounds: 4, max_depth: 3 };
      const model = async (disposeFirst) => {
        const table = bl.readCSV(diamonds);
        const before = bl._module.heapStats().used;
        const data = table.toDataset({ target: 'price', validFraction: 0.2, seed: 2 });
        const grew = bl._module.heapStats().used - before;
        if (disposeFirst) table.dispose();
        const m = await bl.train(data, params);
        const json = m.toJSONString();
        m.dispose();
        data.dispose();
        if (!disposeFirst) table.dispose();
        return { json, grew };
      };
      const kept = await model(false), disposed = await model(true);
      assert.equal(disposed.json, kept.json);
      // 53,940 rows: a copy of the 7 numeric features alone is 1.5 MB (the dataset took 2.7 MB when it copied them);
      // shared, only the 3 text ones (as numbers), the labels and the row lists are new (1.2 MB).
      assert.ok(kept.grew < 53940 * 4 * 7, `the dataset took ${kept.grew} bytes`);
    });

    test('above 2 GB of heap everything works as below it (pointers past 2^31)', async () => {
      const bl = await load(build);
      const workflow = () => {
        const table = bl.readCSV(diamonds);
        const data = table.toDataset({ target: 'price', validFraction: 0.2, seed: 1 });
        const trainer = bl.trainer(data, { rounds: 3, max_depth: 4 });
        const reports = [];
        while (!trainer.done) reports.push(trainer.step().valid);
        const stats = trainer.roundStatistics();
        const model = trainer.take();
        const p = model.predict(table);
        const again = bl.loadModel(model.toJSON()).predict(table);
        const cols = bl.fromColumns({ a: Float32Array.from([1, 2, 3]), b: ['x', 'y', null] });
        const out = { reports, p: Array.from(p), again: Array.from(again), grad: Array.from(stats.grad.slice(0, 100)),
                      valid: Array.from(data.validRows()), cols: cols.columns };
        for (const x of [table, data, model, cols]) x.dispose();
        return out;
      };
      const low = workflow();
      // Fill the heap's lower 2 GB with two buffers of 1.1 GB (readers' chunk
      // buffers: the one way JS can ask for bare bytes; one object stops short of 2 GB).
      const fillers = [0, 1].map(() => bl._module.createCsvReader('{}', 0).value);
      try {
        for (const f of fillers) assert.equal(f.chunkBuffer(1100 * 2 ** 20).ok, true);
        assert.ok(bl._module.heapStats().used > 2 ** 31);
        assert.deepEqual(workflow(), low);
      } finally {
        for (const f of fillers) f.delete();
      }
    });
  });
}
