// Rows named by their line in the file, as the notices, the worked table and
// the predictions file name them: a table row's line from the package
// (table.rowLines), and back, by bisection, since lines only grow with rows.
import { BoostLabError } from '../../../wasm/js/index.js';
import type { Table } from '../../../wasm/js/index.js';

// The line of table row r (a table made from columns has none: r + 1).
export function lineOfRow(table: Table, r: number): number {
  return table.rowLines([r])?.[0] ?? r + 1;
}

// The first and last rows' lines (0 and 0 for an empty table).
export function lineRange(table: Table): { first: number; last: number } {
  const n = table.numRows;
  return n ? { first: lineOfRow(table, 0), last: lineOfRow(table, n - 1) } : { first: 0, last: 0 };
}

// The row on file line `line`; 0 names the first row. A line that holds no
// row (the header, a blank line, a row left out on reading) is refused,
// saying which it is.
export function rowOfLine(table: Table, line: number): number {
  const n = table.numRows;
  if (line === 0 && n > 0) return 0;
  const { first, last } = lineRange(table);
  if (!Number.isInteger(line) || line < first || line > last)
    throw new BoostLabError({ code: 'BAD_ARGUMENT', message: `There is no row on line ${line}: the table's rows are on lines ${first.toLocaleString()} to ${last.toLocaleString()}${line >= 1 && line < first ? ` (line ${line} is ${line === first - 1 ? 'the header' : 'before the header'})` : ''}.` });
  let lo = 0, hi = n - 1;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (lineOfRow(table, mid) < line) lo = mid + 1;
    else hi = mid;
  }
  if (lineOfRow(table, lo) !== line)
    throw new BoostLabError({ code: 'BAD_ARGUMENT', message: `Line ${line} holds no row of the table: it is blank, inside a quoted field, or a row left out on reading (the notes under the file's name list those). The next row is on line ${lineOfRow(table, lo).toLocaleString()}.` });
  return lo;
}
