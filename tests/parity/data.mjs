// Shared by the parity suites.
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { basename, join } from 'node:path';

// Largest number of distinct values of any feature (empty cells aside):
// max_bin above this is lossless.
export function losslessMaxBin(csv, target, ignore = []) {
  const rows = readFileSync(csv, 'utf8').trim().split('\n').map((l) => l.split(','));
  const header = rows.shift();
  let most = 0;
  header.forEach((name, c) => {
    if (name === target || ignore.includes(name)) return;
    most = Math.max(most, new Set(rows.map((r) => r[c]).filter((v) => v !== '')).size);
  });
  return most;
}

// A copy of a CSV with a last column `w` of sample weights 0, 0.5, ... 2.5
// in a fixed pattern (one row in six weighs nothing). Returns its path.
export function weightedCopy(csv) {
  const lines = readFileSync(csv, 'utf8').trim().split('\n');
  const out = join(mkdtempSync(join(tmpdir(), 'boostlab-w-')), basename(csv));
  writeFileSync(out, lines.map((l, i) => `${l},${i === 0 ? 'w' : ((i * 7) % 6) / 2}`).join('\n') + '\n');
  return out;
}
