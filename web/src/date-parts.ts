// The columns a date column becomes when the file is read with
// CsvOptions.dateParts, named as the engine names them (core/src/io/date_parts.h):
// the preview puts them under the file's one column of dates.
import type { DateColumn } from '../../wasm/js/index.js';

export function datePartNames(d: DateColumn): string[] {
  return ['year', 'month', 'day', 'weekday', 'yearday', 'days', ...(d.time ? ['hour'] : [])].map((p) => `${d.column}_${p}`);
}

// For each of the table's columns, the file's field it was read from (a date's parts share one).
export function fileFieldOf(columns: { name: string }[], dateParts: DateColumn[]): number[] {
  const out: number[] = [];
  let field = -1;
  for (let i = 0; i < columns.length; i++) {
    const d = dateParts.find((p) => columns[i].name === `${p.column}_year`);
    out.push(++field);
    if (!d) continue;
    const parts = datePartNames(d);
    for (let k = 1; k < parts.length && columns[i + 1]?.name === parts[k]; k++) out.push(field), i++;
  }
  return out;
}
