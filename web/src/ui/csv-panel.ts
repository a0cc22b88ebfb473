// Data panel: file picker and drag-and-drop (read with a progress bar, big
// files refused before reading), the preview with each column's inferred
// type, target and ignored columns, the split, and the one place a data error
// is shown.
import type { ColumnSummary } from '../../../wasm/js/index.js';

export interface DataChoice {
  target: string;
  task: string;
  ignore: string[];
  weight: string;  // a column of sample weights, '' for none
  validFraction: number;
  seed: number;
}

// The engine's limit (MAX_CSV_BYTES in the package): a bigger file is refused
// before a byte of it is read.
export const MAX_FILE_BYTES = 1024 * 1024 * 1024;

const $ = <T extends HTMLElement>(id: string) => document.getElementById(id) as T;

// Text columns with mostly distinct values are identifiers, not features.
export function looksLikeId(c: ColumnSummary, rows: number) {
  return c.type === 'categorical' && c.distinct > 50 && c.distinct > 0.5 * rows;
}

export function columnKind(c: ColumnSummary, rows: number) {
  return looksLikeId(c, rows) ? 'text / ID' : c.type;
}

// The first lines of a CSV, split on commas outside quotes (for the preview only).
// The file's first rows as the engine read them: its delimiter and encoding.
function firstRows(bytes: ArrayBuffer, count: number, dialect: CsvDialect): string[][] {
  const text = new TextDecoder(dialect.encoding).decode(new Uint8Array(bytes, 0, Math.min(bytes.byteLength, 64 * 1024)));
  const delimiter = dialect.delimiter;
  const rows: string[][] = [];
  let row: string[] = [], field = '', quoted = false;
  for (let i = 0; i < text.length && rows.length < count; i++) {
    const ch = text[i];
    if (quoted) {
      if (ch === '"' && text[i + 1] === '"') { field += '"'; i++; }
      else if (ch === '"') quoted = false;
      else field += ch;
    } else if (ch === '"') quoted = true;
    else if (ch === delimiter) { row.push(field); field = ''; }
    else if (ch === '\n' || ch === '\r') {
      if (ch === '\r' && text[i + 1] === '\n') i++;
      row.push(field);
      rows.push(row);
      row = [];
      field = '';
    } else field += ch;
  }
  return rows;
}

// How the engine read the file (Table.delimiter, encoding, notes).
export interface CsvDialect {
  delimiter: string;
  encoding: string;
  notes: string[];
}

const DELIMITER_NAMES: Record<string, string> = { ',': 'comma', ';': 'semicolon', '\t': 'tab', '|': 'pipe' };

const sizeText = (n: number) => (n >= 2 ** 30 ? `${(n / 2 ** 30).toFixed(1)} GB` : `${(n / 2 ** 20).toFixed(1)} MB`);

export class CsvPanel {
  private readonly target = $<HTMLSelectElement>('target');
  private readonly ignoreList = $<HTMLDivElement>('ignore');
  private readonly weight = $<HTMLSelectElement>('weight');
  private readonly message = $<HTMLParagraphElement>('data-message');
  private readonly validFraction = $<HTMLInputElement>('valid-fraction');
  private readonly seed = $<HTMLInputElement>('split-seed');
  private readonly progress = $<HTMLProgressElement>('read-progress');
  private columns: ColumnSummary[] = [];

  constructor(private readonly onFile: (name: string, bytes: ArrayBuffer) => void, private readonly onChange: () => void) {
    const input = $<HTMLInputElement>('file-input');
    input.addEventListener('change', async () => {
      const file = input.files?.[0];
      input.value = '';  // picking the same file again still fires
      if (file) await this.read(file);
    });
    const zone = $<HTMLDivElement>('data-panel');
    zone.addEventListener('dragover', (e) => { e.preventDefault(); $('drop-zone').classList.add('over'); });
    zone.addEventListener('dragleave', () => $('drop-zone').classList.remove('over'));
    zone.addEventListener('drop', async (e) => {
      e.preventDefault();
      $('drop-zone').classList.remove('over');
      const file = e.dataTransfer?.files?.[0];
      if (file) await this.read(file);
    });
    this.target.addEventListener('change', () => { this.renderWeight(''); this.renderIgnore(new Set()); this.onChange(); });
    this.weight.addEventListener('change', () => { this.renderIgnore(this.ignored()); this.onChange(); });
    for (const el of [this.ignoreList, this.validFraction, this.seed, $('task')]) el.addEventListener('change', () => this.onChange());
  }

  // Reads a file in chunks with a progress bar; refuses one over the limit
  // before reading it, so the loaded data and the page stay as they are.
  async read(file: File) {
    if (file.size > MAX_FILE_BYTES) {
      this.showError(`${file.name} is ${sizeText(file.size)}; the limit is ${sizeText(MAX_FILE_BYTES)} (a browser tab's memory). ` +
        'It was not read. Sample its rows or drop columns, then try again.');
      return;
    }
    this.clearError();
    const bytes = new Uint8Array(file.size);
    this.progress.hidden = false;
    this.progress.max = Math.max(1, file.size);
    let at = 0;
    const reader = file.stream().getReader();
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      bytes.set(value, at);
      at += value.byteLength;
      this.progress.value = at;
    }
    this.progress.hidden = true;
    this.onFile(file.name, bytes.buffer);
  }

  showTable(name: string, rows: number, columns: ColumnSummary[], dialect: CsvDialect, bytes: ArrayBuffer | null,
    preferred?: { target?: string; ignore?: string[]; weight?: string }) {
    this.columns = columns;
    this.clearError();
    // A file's delimiter, as read and as the user may choose it; toy data
    // made in the page has none to speak of.
    const madeHere = name.startsWith('toy: ');
    $('delimiter-row').hidden = madeHere;
    const separated = madeHere ? '' : `, ${DELIMITER_NAMES[dialect.delimiter] ?? `'${dialect.delimiter}'`}-separated`;
    $('data-name').textContent = `${name}: ${rows.toLocaleString()} rows × ${columns.length} columns${separated}`;
    $('data-name').dataset.delimiter = dialect.delimiter;
    const notes = $('data-notes');
    notes.textContent = dialect.notes.join(' ');
    notes.hidden = dialect.notes.length === 0;
    this.target.replaceChildren(...columns.map((c) => new Option(`${c.name} (${columnKind(c, rows)})`, c.name)));
    const target = preferred?.target && columns.some((c) => c.name === preferred.target) ? preferred.target : columns.at(-1)!.name;
    this.target.value = target;
    this.renderWeight(preferred?.weight ?? '');
    const ignore = new Set(preferred?.ignore ?? columns.filter((c) => looksLikeId(c, rows)).map((c) => c.name));
    this.renderIgnore(ignore);
    this.renderPreview(rows, columns, dialect, bytes);
  }

  // Column name, inferred type, missing and distinct counts, then the first rows.
  private renderPreview(rows: number, columns: ColumnSummary[], dialect: CsvDialect, bytes: ArrayBuffer | null) {
    const table = $<HTMLTableElement>('preview');
    const head = table.createTHead();
    const cell = (tag: 'th' | 'td', text: string, cls = '') => {
      const c = document.createElement(tag);
      c.textContent = text;
      if (cls) c.className = cls;
      return c;
    };
    const line = (cells: HTMLElement[]) => {
      const tr = document.createElement('tr');
      tr.append(...cells);
      return tr;
    };
    head.replaceChildren(
      line(columns.map((c) => cell('th', c.name))),
      line(columns.map((c) => cell('td', columnKind(c, rows), 'kind'))),
      line(columns.map((c) => cell('td', `${c.missing} missing`, c.missing ? 'warn' : 'hint'))),
      line(columns.map((c) => cell('td', `${c.distinct} distinct`, 'hint'))),
    );
    const body = document.createElement('tbody');
    const sample = bytes ? firstRows(bytes, 6, dialect).slice(1) : [];
    body.append(...sample.map((r) => line(columns.map((_, i) => cell('td', r[i] ?? '')))));
    table.tBodies[0]?.remove();
    table.append(body);
    table.dataset.columns = String(columns.length);
    table.dataset.rows = String(sample.length);
  }

  // Numeric columns other than the target can weigh the rows.
  private renderWeight(selected: string) {
    const candidates = this.columns.filter((c) => c.type === 'numeric' && c.name !== this.target.value);
    this.weight.replaceChildren(new Option('none (every row weighs 1)', ''), ...candidates.map((c) => new Option(c.name, c.name)));
    this.weight.value = candidates.some((c) => c.name === selected) ? selected : '';
  }

  private ignored() {
    return new Set([...this.ignoreList.querySelectorAll<HTMLInputElement>('input:checked')].map((b) => b.value));
  }

  private renderIgnore(checked: Set<string>) {
    const target = this.target.value, weight = this.weight.value;
    this.ignoreList.replaceChildren(
      ...this.columns
        .filter((c) => c.name !== target && c.name !== weight)
        .map((c) => {
          const label = document.createElement('label');
          const box = document.createElement('input');
          box.type = 'checkbox';
          box.value = c.name;
          box.checked = checked.has(c.name);
          label.append(box, ` ${c.name}`);
          const info = document.createElement('span');
          info.className = 'hint';
          info.textContent = ` ${c.type}, ${c.distinct} distinct${c.missing ? `, ${c.missing} missing` : ''}`;
          label.append(info);
          return label;
        }),
    );
  }

  choice(): DataChoice {
    return { target: this.target.value, task: $<HTMLSelectElement>('task').value, ignore: [...this.ignored()], weight: this.weight.value,
      validFraction: Number(this.validFraction.value), seed: Number(this.seed.value) };
  }

  // Applies a saved choice (from the URL) once the table is loaded.
  apply(choice: Partial<DataChoice>) {
    if (choice.task) $<HTMLSelectElement>('task').value = choice.task;
    if (choice.validFraction !== undefined) this.validFraction.value = String(choice.validFraction);
    if (choice.seed !== undefined) this.seed.value = String(choice.seed);
  }

  showError(text: string) {
    this.message.textContent = text;
    this.message.hidden = false;
  }

  clearError() {
    this.message.hidden = true;
    this.message.textContent = '';
  }
}
