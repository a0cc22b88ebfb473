// Shared by the parity suites.
import { readFileSync } from 'node:fs';

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
