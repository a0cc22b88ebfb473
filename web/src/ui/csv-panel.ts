// Data panel: file picker and drag-and-drop (the worker reads the file; here
// its progress, rows and Cancel), the preview with each column's inferred
// type, target and ignored columns, the split, and the one place a data error
// is shown. It renders from the store and reports what the user changes.
import type { ColumnSummary } from '../../../wasm/js/index.js';
import type { CsvDialect, DataChoice, LoadedData, Store } from '../state';
import { setAttr, setData, setHidden, setText, setValue } from './dom';
import { fileFieldOf } from '../date-parts';

const $ = <T extends HTMLElement>(id: string) => document.getElementById(id) as T;

// Identifiers, not features: text with mostly distinct values, and numbers
// that number the rows (1..n or 0..n-1: c.sequence) or are all distinct
// under an ID's name (customer_id, userId, "ID"). A model would learn the
// file's order from them, or memorise rows.
const ID_NAME = /(^|[\s_.-])id$|^id([\s_.-]|$)/i, CAMEL_ID = /[a-z]I[dD]$/;
export function looksLikeId(c: ColumnSummary, rows: number) {
  if (c.type === 'categorical') return c.distinct > 50 && c.distinct > 0.5 * rows;
  return rows >= 20 && (c.sequence === true || (c.missing === 0 && c.distinct === rows && (ID_NAME.test(c.name) || CAMEL_ID.test(c.name))));
}

// Numbers with a stray word are text to the engine; as a target they are an
// error (the same rule and message as training: the column's asTarget).
const strayText = (c: ColumnSummary) => 'error' in c.asTarget && c.asTarget.error.code === 'TARGET_NOT_NUMERIC';

// Categories that differ only in case ("Basic" and "basic"; the reader trims spaces): the
// engine reads them as different categories, which a messy export often
// does not mean. Among the first 20 levels (what the summary holds).
export function spellingTwins(c: ColumnSummary): string[][] {
  const groups = new Map<string, string[]>();
  for (const level of c.levels ?? []) {
    const key = level.trim().toLowerCase();
    groups.set(key, [...(groups.get(key) ?? []), level]);
  }
  return [...groups.values()].filter((g) => g.length > 1);
}

// Dates as text (2021-08-05, 05/08/2021, with or without a time), every
// cell of the column (the reader's judgement: its summary's `dates`): read as
// they stand, each date is a category of its own (hundreds of them, left out
// as an identifier); read as their parts (CsvOptions.dateParts), numbers.
export const looksLikeDates = (c: ColumnSummary) => c.dates !== undefined;

export function columnKind(c: ColumnSummary, rows: number) {
  if (strayText(c)) return 'numbers + text';
  if (looksLikeDates(c)) return 'dates (text)';
  return looksLikeId(c, rows) ? (c.type === 'numeric' ? 'numeric ID' : 'text / ID') : c.type;
}

// What a person should know of a column the engine cannot use as it stands,
// said where it shows on a phone too (not only in a tooltip): numbers with a
// stray word, one value throughout, and dates. `ignored`: whether the column
// is left out of training now (unknown: said either way).
export function columnNote(c: ColumnSummary, ignored?: boolean): string {
  const cell = c.firstText ? `'${c.firstText.text}' (line ${c.firstText.line})` : '';
  if (strayText(c) && cell) {
    // Every stray word named (up to the summary's few): one named at a time, each took a reading of the file to find.
    const others = c.otherTexts ?? [], unlisted = (c.texts ?? 1) - 1 - others.length;
    const also = others.length ? `, nor ${others.map((w) => `'${w}'`).join(', ')}${unlisted > 0 ? ` and ${unlisted} more` : ''}` : '';
    return `'${c.name}' reads as categories, not numbers: ${cell} is not a number${also}. If such cells mean missing, read them as missing (the button below${unlisted > 0 ? '; others may then show up' : ''}), or mend the file.`;
  }
  if (c.distinct === 1)
    return `'${c.name}' holds one value${c.missing ? ' (and missing cells)' : ''}: alone it can split no rows${c.missing ? ' but by missing or not' : ''}. Harmless; tick it under Ignored columns to leave it out.`;
  if (looksLikeDates(c)) {
    const dates = `'${c.name}' holds dates${cell ? ` such as ${cell}` : ''}, read as text`;
    const distinct = c.distinct.toLocaleString('en-US');
    const use = 'To use them as time, read them as numbers (the button below): the year, month, day, day of the week, day of the year and days since 1970.';
    if (ignored === true) return `${dates}, and left out of training (ticked under Ignored columns): as categories, one per date (${distinct}), it could learn only the dates it saw. ${use}`;
    if (ignored === false) return `${dates}: the model takes them as categories, one per date (${distinct}), and learns nothing from their order. ${use}`;
    return `${dates}: one category per date (${distinct}). ${use}`;
  }
  return '';
}

// The first non-number of each column of numbers with a stray word, not yet
// read as missing: what "Read … as missing" reads the file again with
// (CsvOptions.missingValues). None for toy data, which has no file.
export function strayWords(d: LoadedData): string[] {
  if (d.toy) return [];
  const words = d.columns.filter(strayText).flatMap((c) => [c.firstText?.text, ...(c.otherTexts ?? [])]).filter((t): t is string => t !== undefined && t !== '');
  return [...new Set(words)].filter((w) => !d.missingValues.includes(w));
}

// The columns of dates as text a file can be read again to turn into their
// parts (CsvOptions.dateParts). None for toy data, which has no file.
export function dateColumns(d: LoadedData): string[] {
  return d.toy ? [] : d.columns.filter(looksLikeDates).map((c) => c.name);
}

// The notes under the file's name: the reader's, then each column's, those of
// columns with one value in one sentence (a ranking file has dozens). The
// target's own problems are said beside Task, not here.
// Under this many rows the data notes say a model has little to learn from.
const FEW_ROWS = 30;

function dataNotes(d: LoadedData, target: string, ignore: string[]): string[] {
  const columns = d.columns.filter((c) => c.name !== target);
  const single = columns.filter((c) => c.distinct === 1 && !strayText(c));
  // A file of the user's own whose last column was passed over for the target: the guess said first
  // (it decides the task and every number after). The last column itself is the convention, unsaid.
  const last = d.columns.at(-1)?.name;
  const ranking = d.source.startsWith('file:') ? guessRanking(d.columns) : null;
  const guess = ranking && ranking.target === target
    ? [`Ranking, a first guess from the columns' names: '${ranking.target}' the grade to learn, '${ranking.group}' the query (Query groups). Choose otherwise under Target and Query groups.`]
    : d.source.startsWith('file:') && target !== last && target === guessTarget(d.columns, d.rows)
    ? [`Target: '${target}', a first guess (the last column, '${last}', looks like a time, a row number or an identifier). Choose another under Target if it is not what to predict.`]
    : [];
  const notes = [...guess, ...d.dialect.notes, ...columns.filter((c) => !single.includes(c)).map((c) => columnNote(c, ignore.includes(c.name))).filter(Boolean)];
  if (single.length > 1) {
    const names = single.slice(0, 5).map((c) => `'${c.name}'`).join(', ') + (single.length > 5 ? ` and ${single.length - 5} more` : '');
    notes.push(`${single.length} columns hold one value each (${names}): alone they split no rows but by missing or not. Harmless; Ignored columns can leave them out.`);
  } else if (single.length === 1) notes.push(columnNote(single[0]));
  if (d.missingValues.length) notes.push(`Read as missing, as you asked: ${d.missingValues.map((w) => `'${w}'`).join(', ')}.`);
  if (d.rows < FEW_ROWS) notes.push(`Only ${d.rows} row${d.rows === 1 ? '' : 's'}: too few for a model to learn much from, and its validation rows (a share of these) too few to judge it by.`);
  return notes;
}

const TASK_NAMES: Record<string, string> = { regression: 'regression', binary: 'binary classification', multiclass: 'multiclass classification' };

// The file's first rows as the engine read them: its delimiter and encoding.
// The file's first records and the line each starts on (1-based, line breaks
// inside quotes counted), blank lines passed over as the reader does: the
// preview names a row by its line, as every other view.
function firstRows(bytes: ArrayBuffer, count: number, dialect: CsvDialect): { cells: string[]; line: number }[] {
  // (head is the file's first 64 kB: a row cut at its end is not shown)
  const whole = new TextDecoder(dialect.encoding).decode(new Uint8Array(bytes, 0, Math.min(bytes.byteLength, 64 * 1024)));
  // Excel's "sep=;" line is no record (the engine skips it too): the header is line 2.
  const sep = /^sep=[^\r\n"]\r?\n/.exec(whole)?.[0] ?? '';
  const text = whole.slice(sep.length);
  const delimiter = dialect.delimiter;
  const rows: { cells: string[]; line: number }[] = [];
  let row: string[] = [], field = '', quoted = false, line = sep ? 2 : 1, start = line;
  for (let i = 0; i < text.length && rows.length < count; i++) {
    const ch = text[i];
    const breaks = ch === '\n' || ch === '\r';
    if (breaks && ch === '\r' && text[i + 1] === '\n') i++;
    if (quoted) {
      if (ch === '"' && text[i + 1] === '"') { field += '"'; i++; }
      else if (ch === '"') quoted = false;
      else field += breaks ? '\n' : ch;
    } else if (ch === '"') quoted = true;
    else if (ch === delimiter) { row.push(field); field = ''; }
    else if (breaks) {
      row.push(field);
      if (row.length > 1 || row[0] !== '') rows.push({ cells: row, line: start });
      row = [];
      field = '';
    } else field += ch;
    if (breaks) line++;
    if (breaks && !quoted) start = line;  // the next record starts here
  }
  return rows;
}


const DELIMITER_NAMES: Record<string, string> = { ',': 'comma', ';': 'semicolon', '\t': 'tab', '|': 'pipe' };

const sizeText = (n: number) => (n >= 2 ** 30 ? `${(n / 2 ** 30).toFixed(1)} GB` : `${(n / 2 ** 20).toFixed(1)} MB`);

export class CsvPanel {
  private readonly target = $<HTMLSelectElement>('target');
  private readonly task = $<HTMLSelectElement>('task');
  private readonly ignoreList = $<HTMLDivElement>('ignore');
  private readonly weight = $<HTMLSelectElement>('weight');
  private readonly classWeights = $<HTMLSelectElement>('class-weights');
  private readonly baseMargin = $<HTMLSelectElement>('base-margin');
  private readonly group = $<HTMLSelectElement>('group');
  private readonly validFraction = $<HTMLInputElement>('valid-fraction');
  private readonly seed = $<HTMLInputElement>('split-seed');
  private readonly validSplit = $<HTMLSelectElement>('valid-split');
  private readonly progress = $<HTMLProgressElement>('read-progress');
  private readonly progressText = $('read-status');
  private shownData = -1;
  private shownTargets = '';
  private shownColumns = '';

  // onFile: a file was picked (the worker reads it); onCancel: stop reading it;
  // onChoice: the user changed what to train on.
  constructor(private readonly onFile: (file: File) => void, onCancel: () => void,
    private readonly onChoice: (change: Partial<DataChoice>) => void) {
    const input = $<HTMLInputElement>('file-input');
    input.addEventListener('change', () => {
      const file = input.files?.[0];
      input.value = '';  // picking the same file again still fires
      if (file) onFile(file);
    });
    $('cancel-read').addEventListener('click', onCancel);
    const zone = $<HTMLDivElement>('data-panel');
    zone.addEventListener('dragover', (e) => { e.preventDefault(); $('drop-zone').classList.add('over'); });
    zone.addEventListener('dragleave', () => $('drop-zone').classList.remove('over'));
    zone.addEventListener('drop', (e) => {
      e.preventDefault();
      $('drop-zone').classList.remove('over');
      const file = e.dataTransfer?.files?.[0];
      if (file) onFile(file);
    });
    this.target.addEventListener('change', () => onChoice({ target: this.target.value }));
    this.weight.addEventListener('change', () => onChoice({ weight: this.weight.value }));
    this.baseMargin.addEventListener('change', () => onChoice({ baseMargin: this.baseMargin.value }));
    this.classWeights.addEventListener('change', () => onChoice({ classWeights: this.classWeights.value === 'balanced' ? 'balanced' : '' }));
    this.group.addEventListener('change', () => onChoice({ group: this.group.value }));
    this.task.addEventListener('change', () => onChoice({ task: this.task.value }));
    this.ignoreList.addEventListener('change', () => onChoice({ ignore: [...this.ignored()] }));
    this.validFraction.addEventListener('change', () => onChoice({ validFraction: Number(this.validFraction.value) }));
    this.seed.addEventListener('change', () => onChoice({ seed: Number(this.seed.value) }));
    this.validSplit.addEventListener('change', () => onChoice({ validSplit: this.validSplit.value as DataChoice['validSplit'] }));
    // One click to the other reading of the target (the note beside Task says which).
    $('task-note').addEventListener('click', (e) => {
      const task = (e.target as HTMLElement).dataset?.task;
      if (task) onChoice({ task });
      else if (task === '') onChoice({ group: '' });  // "not ranking"
    });
  }

  render(s: Store) {
    this.renderReading(s);
    const d = s.data;
    // An error (the load failed), or a note (a link waits for its file): the same place, told apart.
    const message = $('data-message');
    const waiting = !s.messages.data && !!s.messages.dataWait;
    setText(message, s.messages.data || s.messages.dataWait);
    setHidden(message, !s.messages.data && !s.messages.dataWait);
    message.classList.toggle('message', !waiting);
    message.classList.toggle('notice', waiting);
    setAttr(message, 'role', waiting ? 'status' : 'alert');
    setHidden($('skip-ragged'), !s.messages.dataRagged);
    setText($('data-source'), d?.about ?? '');
    if (!d) {
      setText($('data-name'), s.loading ? `Reading ${s.loading}…` : 'No data loaded.');
      setHidden($('delimiter-row'), true);
      return;
    }
    // A file's delimiter, as read and as the user may choose it; toy data
    // made in the page has none to speak of.
    const madeHere = d.toy !== null;
    setHidden($('delimiter-row'), madeHere);
    setValue($<HTMLSelectElement>('delimiter'), d.delimiterChoice);
    const separated = madeHere ? '' : `, ${DELIMITER_NAMES[d.dialect.delimiter] ?? `'${d.dialect.delimiter}'`}-separated`;
    const reading = s.loading ? ` (reading ${s.loading}…)` : '';
    setText($('data-name'), `${d.name}: ${d.rows.toLocaleString()} rows × ${d.columns.length} columns${separated}${reading}`);
    setData($('data-name'), 'delimiter', d.dialect.delimiter);
    const notes = $('data-notes');
    const all = dataNotes(d, s.choice.target, s.choice.ignore);
    setText(notes, all.join(' '));
    setHidden(notes, all.length === 0);
    const words = strayWords(d);
    const readMissing = $<HTMLButtonElement>('read-missing');
    setHidden(readMissing, words.length === 0);
    setText(readMissing, `Read ${words.slice(0, 3).map((w) => `'${w}'`).join(', ')}${words.length > 3 ? ` and ${words.length - 3} more` : ''} as missing`);
    const dates = dateColumns(d);
    const readDates = $<HTMLButtonElement>('read-dates');
    setHidden(readDates, dates.length === 0);
    setText(readDates, `Read ${dates.slice(0, 3).map((n) => `'${n}'`).join(', ')}${dates.length > 3 ? ` and ${dates.length - 3} more` : ''} as dates: year, month, weekday…`);
    // With a model on show, no target is a choice too: the file's rows are then predicted, not learnt from.
    const targets = `${d.id}|${!!s.loadedModel || s.choice.target === ''}`;
    if (this.shownTargets !== targets) {
      this.shownTargets = targets;
      const none = !!s.loadedModel || s.choice.target === '' ? [new Option('none: predict with the model', '')] : [];
      this.target.replaceChildren(...none, ...d.columns.map((c) => new Option(`${c.name} (${columnKind(c, d.rows)})`, c.name)));
    }
    if (this.shownData !== d.id) {
      this.shownData = d.id;
      this.renderPreview(d);
    }
    const c = s.choice;
    setValue(this.target, c.target);
    setValue(this.task, c.task);
    const columns = `${d.id}|${c.target}|${c.weight}|${c.group}|${c.baseMargin}`;
    if (columns !== this.shownColumns) {
      this.shownColumns = columns;
      this.renderWeight(d.columns, c);
      this.renderMargin(d.columns, c);
      this.renderGroup(d.columns, c);
      this.renderIgnore(d.columns, d.rows, c);
    }
    setValue(this.weight, c.weight);
    setValue(this.group, c.group);
    // Class weights for classes only: the choice stays (a later target may be classes) but is not sent.
    setHidden($('class-weights-row'), !weighsClasses(d, c));
    setValue(this.classWeights, c.classWeights);
    // One starting margin a row: for one output (not several classes), and not for ranking.
    setHidden($('base-margin-row'), !takesBaseMargin(d, c));
    setValue(this.baseMargin, c.baseMargin);
    // A group column decides the task (ranking); its weights weigh whole queries.
    this.task.disabled = c.group !== '';
    setText(document.getElementById('weight-hint')!, c.group
      ? 'A numeric column (≥ 0) giving each query one weight (every row of a query the same), as XGBoost\'s group weights: a query\'s pairs count that many times. Not a feature.'
      : 'A numeric column (≥ 0) to weigh rows by in training and in every metric; it is not a feature.');
    for (const box of this.ignoreList.querySelectorAll<HTMLInputElement>('input')) {
      const checked = c.ignore.includes(box.value);
      if (box.checked !== checked) box.checked = checked;
    }
    if (document.activeElement !== this.validFraction) setValue(this.validFraction, String(c.validFraction));
    if (document.activeElement !== this.seed) setValue(this.seed, String(c.seed));
    this.renderSplit(d, c);
    this.renderTaskNote(d.columns.find((col) => col.name === c.target), c.task, c.group, d.rows, c.target === '' ? s.loadedModel?.model.target ?? '' : null);
  }

  // Which rows validate: stratified only for classes (the engine refuses it otherwise), no seed for the last rows.
  private renderSplit(d: LoadedData, c: DataChoice) {
    const classes = weighsClasses(d, c);
    const stratified = this.validSplit.querySelector<HTMLOptionElement>('option[value=stratified]')!;
    stratified.disabled = !classes;
    setValue(this.validSplit, c.validSplit);
    this.seed.disabled = c.validSplit === 'last';
    setText($('valid-split-hint'), c.validSplit === 'last'
      ? `The last ${Math.round(100 * c.validFraction)} % of the rows${c.group ? ' (whole queries)' : ''}, in the file's order: for rows in time order, the model is scored on a later stretch than it learnt from, as it will be used (drawn at random, it learns from rows after those it is scored on, and the score flatters it).`
      : c.validSplit === 'stratified' && !classes
      ? `Within each class needs a target of classes: ${Math.round(100 * c.validFraction)} % of the rows are drawn at random instead.`
      : c.validSplit === 'stratified'
      ? `Each class holds out ${Math.round(100 * c.validFraction)} % of its rows, drawn with the seed: a rare class keeps its share on both sides, which a plain draw may not.`
      : `${Math.round(100 * c.validFraction)} % of the rows${c.group ? ' (whole queries)' : ''}, drawn with the seed.${classes ? ' With a rare class, "within each class" keeps its share on both sides.' : ''}`);
  }

  // Beside Task: what 'automatic' makes of the target and why (the engine's
  // rule, the same as training's), with one click to the other reading.
  // predicted: with no target, what the model on show predicts (null: a target is picked).
  private renderTaskNote(column: ColumnSummary | undefined, task: string, group: string, rows: number, predicted: string | null) {
    const note = $('task-note');
    const key = `${this.shownData}|${column?.name}|${task}|${group}|${predicted}`;
    if (note.dataset.key === key) return;
    note.dataset.key = key;
    const button = (label: string, value: string) => {
      const b = document.createElement('button');
      b.type = 'button';
      b.className = 'link';
      setData(b, 'task', value);
      setText(b, label);
      return b;
    };
    note.className = 'hint';
    if (!column) {
      note.replaceChildren(...(predicted === null ? [] : [`No target: the model on show predicts these rows${predicted ? ` (this file has no '${predicted}')` : ''}. ` +
        'Pick the column to predict to train a model on them.']));
      return;
    }
    if (group) {
      setData(note, 'guess', 'ranking');
      note.replaceChildren(`Ranking: the rows of each query in ${group} are ordered by ${column.name}, their relevance ` +
        '(whole numbers from 0; higher is more relevant). ', button('not ranking', '') );
      return;
    }
    const guess = column.asTarget;
    setData(note, 'guess', 'task' in guess ? guess.task : guess.error.code);
    if ('error' in guess) {
      note.className = 'hint warn-text';
      // The engine's message names the target when it is about the target ("The target 'y' has only one
      // class"): said once, not after "y cannot be the target:" (it read twice).
      const own = guess.error.message.startsWith('The target ');
      note.replaceChildren(own ? `${guess.error.message} Choose another target.` : `${column.name} cannot be the target: ${guess.error.message}`);
      return;
    }
    if (task === 'auto') {
      // Text cannot be regressed on: the other reading is offered for numbers only.
      const other = guess.task === 'regression' || column.type !== 'numeric' ? null : button('train as regression instead', 'regression');
      note.replaceChildren(`Automatic: ${TASK_NAMES[guess.task]}, from ${guess.why}.`, ...(other ? [' ', other] : []));
    } else {
      note.replaceChildren(`Set by hand (automatic would be ${TASK_NAMES[guess.task]}). `, button('back to automatic', 'auto'));
    }
    // Rows with no target are left out of the run (the worker asks for skipMissingTarget).
    if (column.missing > 0) {
      const left = document.createElement('span');
      left.className = 'warn-text';
      setText(left, ` ${column.missing.toLocaleString()} of ${rows.toLocaleString()} rows have no ${column.name}: they are left out of training and validation.`);
      note.append(left);
    }
    // An identifier trains (every value a class), but there is nothing to
    // learn: most classes have a row or two, and each round grows a tree
    // per class. Said before Play, not refused: it may be what was meant.
    if (looksLikeId(column, rows) && (task === 'auto' || task === 'multiclass')) {
      const warning = document.createElement('span');
      warning.className = 'warn-text';
      setData(warning, 'warning', 'identifier');
      warning.textContent = ` ${column.name} looks like an identifier, not something to predict: ${column.distinct.toLocaleString()} different values in ` +
        `${rows.toLocaleString()} rows leave most classes a row or two to learn from, and every round grows ${column.distinct.toLocaleString()} trees (one per class).`;
      note.append(warning);
    }
  }

  // Column name, inferred type, missing and distinct counts, then the first rows.
  // While the worker reads a file: how far (bytes, rows) and a Cancel button.
  private renderReading(s: Store) {
    const p = s.loadProgress;
    setHidden($('reading'), !p);
    if (!p) return;
    this.progress.max = Math.max(1, p.size);
    this.progress.value = p.bytes;
    setText(this.progressText, `${sizeText(p.bytes)} of ${sizeText(p.size)} · ${p.rows.toLocaleString()} rows`);
  }

  private renderPreview(d: LoadedData) {
    const table = $<HTMLTableElement>('preview');
    const head = table.createTHead();
    const cell = (tag: 'th' | 'td', text: string, cls = '') => {
      const c = document.createElement(tag);
      setText(c, text);
      if (cls) c.className = cls;
      return c;
    };
    const line = (cells: HTMLElement[]) => {
      const tr = document.createElement('tr');
      tr.append(...cells);
      return tr;
    };
    head.replaceChildren(
      line(d.columns.map((c) => cell('th', c.name))),
      line(d.columns.map((c) => {
        const kind = cell('td', columnKind(c, d.rows), columnNote(c) ? 'kind warn' : 'kind');
        const note = columnNote(c);
        if (note) kind.title = note;
        return kind;
      })),
      line(d.columns.map((c) => cell('td', `${c.missing.toLocaleString('en-US')} missing`, c.missing ? 'warn' : 'hint'))),
      line(d.columns.map((c) => {
        const twins = spellingTwins(c);
        if (!twins.length) return cell('td', `${c.distinct.toLocaleString('en-US')} distinct`, 'hint');
        const quoted = twins.map((g) => g.map((l) => `"${l}"`).join(' and ')).join('; ');
        const distinct = cell('td', `${c.distinct.toLocaleString('en-US')} distinct: ${quoted} differ only in case`, 'warn spelling');
        distinct.title = 'Read as different categories. If they are one, mend the file and load it again.';
        return distinct;
      })),
    );
    const body = document.createElement('tbody');
    const sample = firstRows(d.head, 6, d.dialect).slice(1);
    // A date read as its parts: each part's number on that line (the worker's), under the part's name.
    const field = fileFieldOf(d.columns, d.dialect.dateParts);
    const { lines, values } = d.dialect.headParts;
    const shown = (c: ColumnSummary, i: number, r: { cells: string[]; line: number }) => {
      const parts = values[c.name];
      if (!parts) return r.cells[field[i]] ?? '';
      const at = lines.indexOf(r.line);
      return at < 0 || Number.isNaN(parts[at]) ? '' : String(parts[at]);
    };
    body.append(...sample.map((r) => {
      const tr = line(d.columns.map((c, i) => cell('td', shown(c, i, r))));
      tr.dataset.line = String(r.line);
      tr.title = `Line ${r.line} of the file: click to explain it (SHAP values, below)`;
      return tr;
    }));
    table.tBodies[0]?.remove();
    table.append(body);
    setData(table, 'columns', String(d.columns.length));
    setData(table, 'rows', String(sample.length));
  }

  // Numeric columns other than the target can weigh the rows.
  private renderWeight(columns: ColumnSummary[], c: DataChoice) {
    const candidates = columns.filter((col) => col.type === 'numeric' && col.name !== c.target);
    this.weight.replaceChildren(new Option('none (every row weighs 1)', ''), ...candidates.map((col) => new Option(col.name, col.name)));
  }

  // Numeric columns in no other role can start the rows' margins.
  private renderMargin(columns: ColumnSummary[], c: DataChoice) {
    const candidates = columns.filter((col) => col.type === 'numeric' && col.name !== c.target && col.name !== c.weight);
    this.baseMargin.replaceChildren(new Option('none (every row starts at f₀)', ''), ...candidates.map((col) => new Option(col.name, col.name)));
  }

  // Any column but the target and the weights can name the queries (numbers or text).
  private renderGroup(columns: ColumnSummary[], c: DataChoice) {
    const candidates = columns.filter((col) => col.name !== c.target && col.name !== c.weight);
    this.group.replaceChildren(new Option('none (not ranking)', ''), ...candidates.map((col) => new Option(col.name, col.name)));
  }

  private ignored() {
    return new Set([...this.ignoreList.querySelectorAll<HTMLInputElement>('input:checked')].map((b) => b.value));
  }

  private renderIgnore(columns: ColumnSummary[], rows: number, c: DataChoice) {
    this.ignoreList.replaceChildren(
      ...columns
        .filter((col) => col.name !== c.target && col.name !== c.weight && col.name !== c.group && col.name !== c.baseMargin)
        .map((col) => {
          const label = document.createElement('label');
          const box = document.createElement('input');
          box.type = 'checkbox';
          box.value = col.name;
          label.append(box, ` ${col.name}`);
          const info = document.createElement('span');
          info.className = 'hint';
          setText(info, ` ${columnKind(col, rows)}, ${col.distinct.toLocaleString('en-US')} distinct${col.missing ? `, ${col.missing.toLocaleString('en-US')} missing` : ''}`);
          label.append(info);
          return label;
        }),
    );
  }
}

// A column named as a time or a row's number is a poor first guess for the
// target: penguins.csv ends with `year` (three values), which the last-column
// rule made a three-class target where `species` was meant.
const TIME_OR_ROW = /^(year|yr|month|day|date|time|timestamp|datetime|id|index|row)$/i;

// The first guess at a file's target: its last column, unless that is a time,
// a row number or an identifier (a last column that cannot be trained on stays
// the guess: the page says why, in the words training would); then its first
// column of 2 to 20 text classes; then the last column that can be a target.
export function guessTarget(columns: ColumnSummary[], rows: number): string {
  // Numbers with a stray word ('inf', 'n/a?') are no identifier, though each number is a category of its own as text.
  const named = (c: ColumnSummary) => !c.sequence && (strayText(c) || !looksLikeId(c, rows)) && !TIME_OR_ROW.test(c.name.trim());
  const usable = (c: ColumnSummary) => named(c) && !('error' in c.asTarget);
  const last = columns.at(-1)!;
  if (named(last)) return last.name;
  const classes = columns.find((c) => usable(c) && c.type === 'categorical' && c.distinct >= 2 && c.distinct <= 20);
  return classes?.name ?? [...columns].reverse().find(usable)?.name ?? last.name;
}

// How many classes a run on `data` with `choice` learns (0: numbers or ranking). The page guesses
// a class a distinct value, as the engine reads a target of classes.
function classCount(data: { columns: ColumnSummary[] } | null, choice: DataChoice): number {
  const column = data?.columns.find((col) => col.name === choice.target);
  return column && weighsClasses(data, choice) ? column.distinct : 0;
}

// Whether a run on `data` with `choice` can start its rows at a margin column: one output (not
// several classes) and not ranking. (Several quantiles are refused by the engine, saying why.)
export function takesBaseMargin(data: { columns: ColumnSummary[] } | null, choice: DataChoice): boolean {
  return !choice.group && classCount(data, choice) <= 2;
}

// The task a run on `columns` with `choice` trains: the one chosen, or what 'automatic' makes of the
// target; '' without a target, for ranking (a group column), or a target that cannot be trained on.
export function taskOf(columns: ColumnSummary[] | undefined, choice: Pick<DataChoice, 'target' | 'task' | 'group'>): string {
  const column = columns?.find((col) => col.name === choice.target);
  if (!column || choice.group) return '';
  return choice.task !== 'auto' ? choice.task : 'task' in column.asTarget ? column.asTarget.task : '';
}

// Whether a run on `data` with `choice` learns classes (binary or multiclass, not ranking): class
// weights apply then only (the engine refuses them for numbers).
export function weighsClasses(data: { columns: ColumnSummary[] } | null, choice: DataChoice): boolean {
  const task = taskOf(data?.columns, choice);
  return task === 'binary' || task === 'multiclass';
}

// What a run (or cross-validation) is sent of the choice: the class weights and starting margin only
// where they apply (the choice keeps the class weights for a later target of classes; main.ts lets a
// margin that no longer applies go).
export function choiceToSend(data: { columns: ColumnSummary[] } | null, choice: DataChoice): DataChoice {
  const classes = weighsClasses(data, choice);
  return { ...choice, classWeights: classes ? choice.classWeights : '', baseMargin: takesBaseMargin(data, choice) ? choice.baseMargin : '',
    validSplit: choice.validSplit === 'stratified' && !classes ? 'random' : choice.validSplit };
}

// A learning-to-rank file named as such files are (LETOR, XGBoost's and LightGBM's examples): a query
// column ('qid', 'query_id') and a grade column ('relevance', 'label', ...) of whole numbers. A reviewer's
// rank file got its last feature, f300, as the target.
const QUERY = /^(qid|query_?id|query)$/i;
const GRADE = /^(relevance|rel|grade|label|target)$/i;
export function guessRanking(columns: ColumnSummary[]): { target: string; group: string } | null {
  const group = columns.find((c) => QUERY.test(c.name.trim()));
  const target = columns.find((c) => c !== group && GRADE.test(c.name.trim()) && c.type === 'numeric' && !('error' in c.asTarget));
  return group && target ? { target: target.name, group: group.name } : null;
}

// The choice for newly loaded data: the preferred columns where they exist
// (a sample's, or a link's), else the guessed target (guessTarget) and no
// identifiers as features; the split and task carry over unless given.
export function choiceFor(columns: ColumnSummary[], rows: number, previous: DataChoice,
  preferred?: Partial<DataChoice>): DataChoice {
  const has = (name?: string) => name !== undefined && columns.some((c) => c.name === name);
  // An empty target is asked for by name: new rows for a model, which has the target (main.ts).
  const none = preferred?.target === '';
  const ranking = has(preferred?.target) || none ? null : guessRanking(columns);
  const target = has(preferred?.target) || none ? preferred!.target! : ranking?.target ?? guessTarget(columns, rows);
  const weight = has(preferred?.weight) && preferred!.weight !== target ? preferred!.weight! : '';
  const group = has(preferred?.group) && preferred!.group !== target && preferred!.group !== weight ? preferred!.group!
    : ranking && ranking.group !== weight ? ranking.group : '';
  const baseMargin = has(preferred?.baseMargin) && !group && ![target, weight].includes(preferred!.baseMargin!) ? preferred!.baseMargin! : '';
  const ignore = (preferred?.ignore ?? columns.filter((c) => looksLikeId(c, rows)).map((c) => c.name))
    .filter((n) => has(n) && n !== target && n !== weight && n !== group && n !== baseMargin);
  return {
    target, weight, group, ignore, baseMargin,
    classWeights: preferred?.classWeights ?? '',
    task: preferred?.task ?? 'auto',
    validFraction: preferred?.validFraction ?? previous.validFraction,
    seed: preferred?.seed ?? previous.seed,
    validSplit: preferred?.validSplit ?? previous.validSplit,
  };
}
