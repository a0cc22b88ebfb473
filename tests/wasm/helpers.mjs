import { crc32 as zlibCrc32 } from 'node:zlib';
// Shared by the node:test suites: the package under test, its builds, and data.
import { readFileSync } from 'node:fs';
import { init } from '../../wasm/js/index.js';

export const BUILDS = [
  { name: 'SIMD + threads', threads: true },
  { name: 'SIMD only', threads: false },
];

const cache = new Map();
export function load(build) {
  if (!cache.has(build.threads)) cache.set(build.threads, init({ threads: build.threads }));
  return cache.get(build.threads);
}

const dataDir = new URL('../data/', import.meta.url);
export const spamCsv = () => readFileSync(new URL('spam.csv', dataDir));
export const spamValidRows = () =>
  readFileSync(new URL('spam.valid_idx.txt', dataDir), 'utf8').trim().split('\n').map(Number);

// A compact model file (.blm, version 2 on) with its last four bytes made
// the zlib CRC-32 of the bytes before them again, as a hostile file's would
// be: a test that changes a field must reach the field's own check.
export function resealed(bytes) {
  const out = bytes.slice();
  new DataView(out.buffer, out.byteOffset).setUint32(out.length - 4, zlibCrc32(out.subarray(0, out.length - 4)), true);
  return out;
}
