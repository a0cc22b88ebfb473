// Data panel: file picker and drag-and-drop, target and ignored columns, and
// the one place a data error is shown.
import type { ColumnSummary } from '../../../wasm/js/index.js';

export interface DataChoice {
  target: string;
  task: string;
  ignore: string[];
  validFraction: number;
}

const $ = <T extends HTMLElement>(id: string) => document.getElementById(id) as T;

// Text columns with mostly distinct values are identifiers, not features.
export function looksLikeId(c: ColumnSummary, rows: number) {
  return c.type === 'categorical' && c.distinct > 50 && c.distinct > 0.5 * rows;
}

export class CsvPanel {
  private readonly target = $<HTMLSelectElement>('target');
  private readonly ignoreList = $<HTMLDivElement>('ignore');
  private readonly message = $<HTMLParagraphElement>('data-message');
  private readonly validFraction = $<HTMLInputElement>('valid-fraction');
  private columns: ColumnSummary[] = [];

  constructor(onFile: (name: string, bytes: ArrayBuffer) => void, private readonly onChange: () => void) {
    const input = $<HTMLInputElement>('file-input');
    input.addEventListener('change', async () => {
      const file = input.files?.[0];
      if (file) onFile(file.name, await file.arrayBuffer());
      input.value = '';  // picking the same file again still fires
    });
    const zone = $<HTMLDivElement>('data-panel');
    zone.addEventListener('dragover', (e) => { e.preventDefault(); $('drop-zone').classList.add('over'); });
    zone.addEventListener('dragleave', () => $('drop-zone').classList.remove('over'));
    zone.addEventListener('drop', async (e) => {
      e.preventDefault();
      $('drop-zone').classList.remove('over');
      const file = e.dataTransfer?.files?.[0];
      if (file) onFile(file.name, await file.arrayBuffer());
    });
    this.target.addEventListener('change', () => { this.renderIgnore(new Set()); this.onChange(); });
    this.ignoreList.addEventListener('change', () => this.onChange());
  }

  showTable(name: string, rows: number, columns: ColumnSummary[], preferred?: { target?: string; ignore?: string[] }) {
    this.columns = columns;
    this.clearError();
    $('data-name').textContent = `${name}: ${rows.toLocaleString()} rows × ${columns.length} columns`;
    this.target.replaceChildren(...columns.map((c) => new Option(`${c.name} (${c.type})`, c.name)));
    const target = preferred?.target && columns.some((c) => c.name === preferred.target) ? preferred.target : columns.at(-1)!.name;
    this.target.value = target;
    const ignore = new Set(preferred?.ignore ?? columns.filter((c) => looksLikeId(c, rows)).map((c) => c.name));
    this.renderIgnore(ignore);
  }

  private renderIgnore(checked: Set<string>) {
    const target = this.target.value;
    this.ignoreList.replaceChildren(
      ...this.columns
        .filter((c) => c.name !== target)
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
    const ignore = [...this.ignoreList.querySelectorAll<HTMLInputElement>('input:checked')].map((b) => b.value);
    return { target: this.target.value, task: $<HTMLSelectElement>('task').value, ignore, validFraction: Number(this.validFraction.value) };
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
