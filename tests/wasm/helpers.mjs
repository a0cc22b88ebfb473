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
