// The compact model file through the package: toBinary() and loadModel()
// give back the same model (same JSON, same predictions) in both builds and
// across them; loadModel tells the formats apart by their first bytes (also
// JSON given as bytes); a damaged file is MODEL_CORRUPT and the model in hand
// is untouched.
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { isCompactModel } from '../../wasm/js/index.js';
import { crc32 } from 'node:zlib';
import { BUILDS, load, resealed } from './helpers.mjs';

const diamonds = () => new URL('../data/diamonds.csv', import.meta.url);
// Where two byte arrays first differ (the shorter's length if one is the other's start), or -1: a failure
// names a place instead of printing megabytes.
const firstDifference = (a, b) => {
  const n = Math.min(a.length, b.length);
  for (let i = 0; i < n; i++) if (a[i] !== b[i]) return i;
  return a.length === b.length ? -1 : n;
};

for (const build of BUILDS) {
  describe(`compact model file (${build.name})`, () => {
    test('a forest with categorical splits comes back the same, from Uint8Array or ArrayBuffer', async () => {
      const bl = await load(build);
      const { readFileSync } = await import('node:fs');
      const table = bl.readCSV(readFileSync(diamonds()));
      const data = table.toDataset({ target: 'cut', validFraction: 0.2, seed: 1 });
      const model = await bl.train(data, { algorithm: 'random_forest', rounds: 5, max_depth: 8 });
      const bytes = model.toBinary();
      assert.ok(bytes instanceof Uint8Array && isCompactModel(bytes));
      assert.ok(model.memoryBytes() > 0 && bytes.length > model.memoryBytes(), 'the file holds the trees and a header');
      for (const file of [bytes, bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.length)]) {
        const back = bl.loadModel(file);
        assert.equal(back.toJSONString(), model.toJSONString());
        assert.deepEqual(back.predict(table), model.predict(table));
      }
      // The other build reads it too (the format is the core's, not the build's).
      const other = await load(BUILDS.find((b) => b !== build));
      assert.equal(other.loadModel(bytes).toJSONString(), model.toJSONString());
      // The JSON in pieces is the same text.
      assert.equal([...model.jsonChunks()].join(''), model.toJSONString());
      // JSON as bytes is read as JSON.
      assert.equal(bl.loadModel(new TextEncoder().encode(model.toJSONString())).toJSONString(), model.toJSONString());
    });

    test('saving passes the file out a quarter megabyte at a time (toBinary, toBlob): the heap never holds it', async () => {
      const bl = await load(build);
      const { readFileSync } = await import('node:fs');
      const table = bl.readCSV(readFileSync(diamonds()));
      const model = await bl.train(table.toDataset({ target: 'price', validFraction: 0 }), { algorithm: 'random_forest', rounds: 12 });
      const bytes = model.toBinary();
      assert.ok(bytes.length > 16 * 2 ** 20, `a file of several buffers and of toBlob's 16 MB groups (${bytes.length} bytes)`);
      // toBlob: the same bytes.
      const blob = model.toBlob();
      assert.equal(blob.type, 'application/octet-stream');
      assert.equal(firstDifference(new Uint8Array(await blob.arrayBuffer()), bytes), -1);
      // XGBoost's files too, a tree at a time: the same bytes as the whole file made at once.
      const text = new TextEncoder().encode(model.toXGBoostJSON()), ubj = model.toXGBoostUBJ();
      const [jsonBlob, ubjBlob] = [model.toBlob('xgboost-json'), model.toBlob('xgboost-ubj')];
      assert.deepEqual([jsonBlob.type, ubjBlob.type], ['application/json', 'application/ubjson']);
      assert.equal(firstDifference(new Uint8Array(await jsonBlob.arrayBuffer()), text), -1);
      assert.equal(firstDifference(new Uint8Array(await ubjBlob.arrayBuffer()), ubj), -1);
      assert.throws(() => model.toBlob('application/json'), { code: 'BAD_ARGUMENT', message: /toBlob\(\) takes 'blm', 'xgboost-json' or 'xgboost-ubj'/ });
      // The binding toBinary() drives, watched: each piece it hands out, and the heap in use while it writes.
      const usedBefore = bl._module.heapStats().used;
      let mostUsed = usedBefore, at = 0;
      const pieces = [];
      model._h.writeBinary((view) => {
        mostUsed = Math.max(mostUsed, bl._module.heapStats().used);
        assert.equal(firstDifference(view, bytes.subarray(at, at + view.length)), -1, `the piece at ${at}`);
        pieces.push(view.length);
        at += view.length;
      });
      assert.equal(at, bytes.length);
      assert.ok(pieces.length > 2, `in pieces (${pieces.length})`);
      assert.ok(mostUsed - usedBefore < 2 ** 20, `the heap grew by ${mostUsed - usedBefore} bytes while a ${bytes.length}-byte file was written`);
    });

    test('a cut or changed file is MODEL_CORRUPT, saying where', async () => {
      const bl = await load(build);
      const table = bl.readCSV('a,b,y\n' + Array.from({ length: 300 }, (_, i) => `${i % 17},${(i * 7) % 13},${(i % 5) + (i % 17) / 4}`).join('\n'));
      const model = await bl.train(table.toDataset({ target: 'y' }), { rounds: 3, max_depth: 3 });
      const bytes = model.toBinary();
      // Its last four bytes are zlib's CRC-32 of the rest (Python's zlib.crc32 checks a file the same way).
      assert.equal(new DataView(bytes.buffer, bytes.byteOffset).getUint32(bytes.length - 4, true), crc32(bytes.subarray(0, bytes.length - 4)));
      for (const n of [7, 12, 20, bytes.length - 1]) {
        assert.throws(() => bl.loadModel(bytes.subarray(0, n)), (e) => e.code === 'MODEL_CORRUPT' && /cut short|not valid JSON/.test(e.message), `cut at ${n}`);
      }
      const damagedMessage = /^This is not a usable BoostLab model: its bytes do not match the checksum it was saved with: the file was cut short or changed after it was saved/;
      const extra = new Uint8Array(bytes.length + 3);
      extra.set(bytes);
      assert.throws(() => bl.loadModel(extra), { code: 'MODEL_CORRUPT', message: damagedMessage });
      assert.throws(() => bl.loadModel(resealed(extra)), { code: 'MODEL_CORRUPT', message: /3 bytes follow its last tree/ });
      // The lowest bit of the last tree's last float flipped, as a disk or a copy may: still a well-formed number, another model; refused.
      const flipped = bytes.slice();
      flipped[bytes.length - 8] ^= 0x01;
      assert.throws(() => bl.loadModel(flipped), { code: 'MODEL_CORRUPT', message: damagedMessage });
      assert.equal(bl.loadModel(resealed(flipped)).numTrees, 3, 'with the checksum made good it is a model: only the checksum saw it');
      // Its first bytes damaged: said to be a damaged .blm (it read as JSON that was not valid); other binary, or nothing, said so.
      const damaged = bytes.slice();
      damaged[5] ^= 1;
      assert.throws(() => bl.loadModel(damaged), { code: 'MODEL_CORRUPT', message: /looks like a BoostLab \.blm file whose first bytes are damaged \(42 4c 4d 4f 44 44 4c 1a/ });
      assert.throws(() => bl.loadModel(Uint8Array.of(0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a)), { code: 'MODEL_CORRUPT', message: /not one BoostLab reads .*binary, its first bytes 89 50 4e 47/ });
      assert.throws(() => bl.loadModel(new Uint8Array(0)), { code: 'MODEL_CORRUPT', message: /empty \(0 bytes\)/ });
      // The model in hand still predicts after the failed loads.
      assert.equal(model.predict(table).length, 300);
    });
  });
}
