// The parameter form, rendered from the core's param schema: every parameter
// of the chosen algorithm with its range, default and one-line doc. What the
// user typed lives in the store (kept when the algorithm changes, where the
// new one has that parameter); a value out of range is flagged at its field
// as it is typed; "More parameters" says how many hidden values are not the
// default.
import type { ParamSpec } from '../../../wasm/js/index.js';
import type { Store } from '../state';
import { setAttr, setData, setHidden, setMathText, setText, setValue } from './dom';
import type { ParamValue } from '../worker/messages';

function usedBy(spec: ParamSpec, algorithm: string) {
  return spec.algorithms === 'all' || spec.algorithms.split(',').includes(algorithm);
}

function rangeText(s: ParamSpec) {
  if (s.type === 'string') return '';
  const lo = s.min === null || s.min === undefined ? '-∞' : s.min;
  const hi = s.max === null || s.max === undefined ? '∞' : s.max;
  return ` ${s.minExclusive ? '(' : '['}${lo}, ${hi}${hi === '∞' ? ')' : ']'}`;
}

// Shown first; every other parameter of the algorithm sits under "More parameters".
const MAIN = ['objective', 'rounds', 'eta', 'max_depth'];

const LABELS: Record<string, string> = { xgboost: 'XGBoost-style (second order)', gbdt: 'Gradient boosting (Friedman)', adaboost: 'AdaBoost', random_forest: 'Random forest', gbrank: 'GBRank (pairs, ranking)' };

// Ranking data (a group column) trains these; GBRank trains nothing else.
const RANKING_ALGORITHMS = ['xgboost', 'gbdt', 'gbrank'];
const isRankObjective = (o: string) => o.startsWith('rank:');

// The algorithms the data can train: the ranking ones for data with a group column, the others otherwise.
export const algorithmFits = (a: string, ranking: boolean) => (ranking ? RANKING_ALGORITHMS.includes(a) : a !== 'gbrank');

// What the data trains as: ranking with a group column, else the task set by
// hand or the target's automatic reading (null before data, or for a target
// that cannot train).
export type DataTask = 'ranking' | 'regression' | 'binary' | 'multiclass';
export function dataTask(s: Store): DataTask | null {
  if (s.choice.group) return 'ranking';
  if (s.choice.task !== 'auto') return s.choice.task as DataTask;
  const column = s.data?.columns.find((c) => c.name === s.choice.target);
  return column && 'task' in column.asTarget ? column.asTarget.task : null;
}

// The objectives a task trains with (the engine refuses binary: for a
// regression target, multi: for two classes without num_class, …); not
// knowing the task, every one but ranking's.
const OBJECTIVES_OF: Record<DataTask, string[]> = { ranking: ['rank:'], regression: ['reg:', 'count:', 'custom'], binary: ['binary:', 'custom'], multiclass: ['multi:'] };
const objectiveFits = (o: string, task: DataTask | null) =>
  o === '' || (task ? OBJECTIVES_OF[task].some((p) => o.startsWith(p)) : !isRankObjective(o));

// What "(automatic)" picks for each task.
const AUTOMATIC: Record<DataTask, string> = { ranking: 'rank:ndcg', regression: 'reg:squarederror', binary: 'binary:logistic', multiclass: 'multi:softprob' };

// The objective's help without the clauses about objectives not offered
// ("rank:ndcg: LambdaMART, …" beside a regression target), and what
// automatic picks for this data.
function objectiveDoc(doc: string, offered: string[], task: DataTask | null) {
  const clauses = clausesOf(doc).filter((clause) => {
    const named = /^([a-z]+:[a-z@]+|custom)\b/.exec(clause)?.[1];
    return !named || offered.includes(named);
  });
  if (task) clauses.splice(clauses.findIndex((c) => c.endsWith('.')) + 1, 0, `Automatic here: ${AUTOMATIC[task]}.`);
  return clauses.join(' ').replace(/;$/, '.');
}

// The text cut after each '. ' or '; ' outside parentheses: a clause's own
// aside "(…; …)" stays whole (expectile's was cut in two, and its second half
// shown beside a classification target).
function clausesOf(doc: string) {
  const clauses: string[] = [];
  let depth = 0, start = 0;
  for (let i = 0; i < doc.length; i++) {
    const ch = doc[i];
    if (ch === '(') depth++;
    else if (ch === ')') depth = Math.max(0, depth - 1);
    else if ((ch === '.' || ch === ';') && depth === 0 && doc[i + 1] === ' ') {
      clauses.push(doc.slice(start, i + 1));
      start = i + 2;
    }
  }
  if (start < doc.length) clauses.push(doc.slice(start));
  return clauses;
}

// After the data choice changes: an algorithm or objective the data cannot train gives way to one it can.
export function fitAlgorithmToData(s: Store) {
  if (!algorithmFits(s.algorithm, s.choice.group !== '')) s.algorithm = 'xgboost';
  if (s.typed.objective !== undefined && !objectiveFits(s.typed.objective, dataTask(s))) s.typed.objective = '';
}

// The schema's parameters for one algorithm, with that algorithm's default and doc
// (and, the data's task known, the objectives it trains with and their help).
export function specsFor(schema: ParamSpec[], algorithm: string, task?: DataTask | null): ParamSpec[] {
  return schema
    .filter((s) => s.name !== 'algorithm' && usedBy(s, algorithm))
    .map((s) => {
      const doc = s.algorithmDocs?.[algorithm] ?? s.doc;
      if (s.name !== 'objective' || task === undefined) return { ...s, default: defaultFor(s, algorithm), doc };
      // Your own loss (objective 'custom') trains with XGBoost-style boosting only.
      const choices = s.choices?.filter((o) => objectiveFits(o, task) && (o !== 'custom' || algorithm === 'xgboost')) ?? [];
      return { ...s, default: defaultFor(s, algorithm), choices, doc: objectiveDoc(doc, choices, task) };
    });
}

const defaultFor = (s: ParamSpec, algorithm: string) => (s.algorithmDefaults?.[algorithm] !== undefined ? s.algorithmDefaults[algorithm] : s.default);

// A list parameter's numbers as typed: "0.1, 0.5, 0.9" (commas or spaces).
const listItems = (text: string) => text.split(/[\s,]+/).filter(Boolean);

// Why a typed value is not allowed, or '' (empty means the default).
export function problemWith(s: ParamSpec, text: string): string {
  if (text.trim() === '') return '';
  if (s.type === 'string') return s.choices?.length && !s.choices.includes(text) ? `must be one of ${s.choices.filter(Boolean).join(', ')}` : '';
  if (s.list) {
    const items = listItems(text);
    const bad = items.map((item) => problemWith({ ...s, list: false }, item)).find(Boolean);
    return bad ? `${bad.replace(/^must/, 'must each')} (${items.length > 1 ? 'a list: 0.1, 0.5, 0.9' : 'one number, or a list'})` : '';
  }
  const v = Number(text);
  if (!Number.isFinite(v)) return 'must be a number';
  if (s.type === 'int' && !Number.isInteger(v)) return 'must be a whole number';
  if (typeof s.min === 'number' && (s.minExclusive ? v <= s.min : v < s.min)) return `must be ${s.minExclusive ? 'above' : 'at least'} ${s.min}`;
  if (typeof s.max === 'number' && v > s.max) return `must be at most ${s.max}`;
  return '';
}

// The run's parameters: the algorithm and every typed value of its
// parameters that is not its default (the core applies its own defaults);
// and the fields whose value is not allowed.
export function runParams(schema: ParamSpec[], algorithm: string, typed: Record<string, string>) {
  const params: Record<string, ParamValue> = { algorithm };
  const invalid: string[] = [];
  for (const s of specsFor(schema, algorithm)) {
    const text = typed[s.name];
    if (text === undefined || text.trim() === '' || text === String(s.default ?? '')) continue;
    const problem = problemWith(s, text);
    if (problem) invalid.push(`${s.name} ${problem}`);
    else if (s.list && listItems(text).length > 1) params[s.name] = listItems(text).map(Number);
    else params[s.name] = s.type === 'string' ? text : Number(s.list ? listItems(text)[0] : text);
  }
  return { params, invalid };
}

export class ParamsForm {
  private shown = '';
  private specs: ParamSpec[] = [];

  constructor(private readonly form: HTMLFormElement, private readonly algorithmSelect: HTMLSelectElement,
    private readonly more: { summary: HTMLElement; reset: HTMLButtonElement },
    handlers: { typed: (name: string, value: string) => void; algorithm: (a: string) => void; reset: () => void }) {
    form.addEventListener('input', (e) => {
      const el = e.target as HTMLInputElement;
      if (el.name) handlers.typed(el.name, el.value);
    });
    form.addEventListener('change', (e) => {
      const el = e.target as HTMLSelectElement;
      if (el.name && el.tagName === 'SELECT') handlers.typed(el.name, el.value);
    });
    algorithmSelect.addEventListener('change', () => handlers.algorithm(algorithmSelect.value));
    more.reset.addEventListener('click', () => handlers.reset());
  }

  render(s: Store) {
    const algorithmSpec = s.schema.find((p) => p.name === 'algorithm');
    if (!algorithmSpec) return;
    const ranking = s.choice.group !== '';
    const task = dataTask(s);
    const key = `${s.schema.length}|${s.algorithm}|${task}`;
    if (key !== this.shown) {
      this.shown = key;
      this.algorithmSelect.replaceChildren(...(algorithmSpec.choices ?? []).filter((c) => algorithmFits(c, ranking))
        // AdaBoost of a number is AdaBoost.R2 (Drucker): named so where the target is one.
        .map((c) => new Option(c === 'adaboost' && task === 'regression' ? 'AdaBoost.R2 (a number)' : LABELS[c] ?? c, c)));
      this.specs = specsFor(s.schema, s.algorithm, task);
      const details = this.form.querySelector('details') ?? document.createElement('details');
      delete this.more.summary.dataset.changed;
      details.replaceChildren(this.more.summary, ...this.specs.filter((p) => !MAIN.includes(p.name)).map((p) => this.field(p)));
      this.form.replaceChildren(...this.specs.filter((p) => MAIN.includes(p.name)).map((p) => this.field(p)), details, this.more.reset);
    }
    setValue(this.algorithmSelect, s.algorithm);
    let changedHidden = 0;
    for (const spec of this.specs) {
      const el = this.form.elements.namedItem(spec.name) as HTMLInputElement | HTMLSelectElement;
      const text = s.typed[spec.name] ?? '';
      // Empty means the default, and the field shows it.
      const shownValue = text !== '' ? text : spec.default === null || spec.default === undefined ? '' : String(spec.default);
      if (document.activeElement !== el && el.value !== shownValue) el.value = shownValue;
      const problem = problemWith(spec, text);
      setAttr(el, 'aria-invalid', String(problem !== ''));
      const note = el.parentElement!.querySelector<HTMLElement>('.field-problem')!;
      setText(note, problem ? `${spec.name} ${problem}.` : '');
      setHidden(note, !problem);
      const differs = text.trim() !== '' && text !== String(spec.default ?? '');
      if (differs && !MAIN.includes(spec.name)) changedHidden++;
    }
    if (this.more.summary.dataset.changed !== String(changedHidden)) {
      this.more.summary.textContent = 'More parameters';
      if (changedHidden) {
        const badge = document.createElement('span');
        badge.className = 'badge';
        badge.textContent = `${changedHidden} changed`;
        this.more.summary.append(' ', badge);
      }
      setData(this.more.summary, 'changed', String(changedHidden));
    }
  }

  private field(s: ParamSpec) {
    const wrap = document.createElement('div');
    wrap.className = 'param';
    const label = document.createElement('label');
    label.htmlFor = `param-${s.name}`;
    setText(label, s.name + rangeText(s));
    const doc = document.createElement('span');
    doc.className = 'doc';
    setMathText(doc, s.doc);  // h_{k-1} as a subscript
    label.append(doc);
    let input: HTMLInputElement | HTMLSelectElement;
    if (s.type === 'string' && s.choices?.length) {
      input = document.createElement('select');
      input.append(...s.choices.map((c) => new Option(c === '' ? '(automatic)' : c, c)));
    } else {
      // Numbers as text boxes with numeric keyboards: a number input would
      // hide what was typed when it is not a number, and we flag it instead.
      input = document.createElement('input');
      input.type = 'text';
      input.inputMode = s.type === 'string' ? 'text' : s.type === 'int' ? 'numeric' : 'decimal';
      input.placeholder = s.default === null || s.default === '' ? 'automatic' : String(s.default);
    }
    input.id = `param-${s.name}`;
    input.name = s.name;
    setData(input, 'type', s.type);
    const problem = document.createElement('span');
    problem.className = 'field-problem';
    problem.id = `param-${s.name}-problem`;
    problem.setAttribute('role', 'alert');
    setHidden(problem, true);
    input.setAttribute('aria-describedby', problem.id);
    wrap.append(label, input, problem);
    return wrap;
  }
}
