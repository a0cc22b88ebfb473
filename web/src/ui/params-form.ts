// The parameter form, rendered from the core's param schema: every parameter
// of the chosen algorithm with its range, default and one-line doc.
import type { ParamSpec } from '../../../wasm/js/index.js';

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

export class ParamsForm {
  private specs: ParamSpec[] = [];

  constructor(private readonly form: HTMLFormElement, private readonly algorithmSelect: HTMLSelectElement) {}

  render(schema: ParamSpec[], values: Record<string, number | string>) {
    const algorithmSpec = schema.find((s) => s.name === 'algorithm')!;
    const labels: Record<string, string> = { xgboost: 'XGBoost-style (second order)', gbdt: 'Gradient boosting (Friedman)', adaboost: 'AdaBoost (SAMME)', random_forest: 'Random forest' };
    const chosen = this.algorithmSelect.value;
    this.algorithmSelect.replaceChildren(...(algorithmSpec.choices ?? []).map((c) => new Option(labels[c] ?? c, c)));
    if (chosen) this.algorithmSelect.value = chosen;
    const algorithm = this.algorithmSelect.value;
    // Show each parameter's default and meaning for this algorithm (e.g.
    // AdaBoost's stumps, and its eta scaling votes rather than leaf values).
    this.specs = schema
      .filter((s) => s.name !== 'algorithm' && usedBy(s, algorithm))
      .map((s) => ({
        ...s,
        default: s.algorithmDefaults?.[algorithm] !== undefined ? s.algorithmDefaults[algorithm] : s.default,
        doc: s.algorithmDocs?.[algorithm] ?? s.doc,
      }));
    const more = document.createElement('details');
    const summary = document.createElement('summary');
    summary.textContent = 'More parameters';
    more.append(summary, ...this.specs.filter((s) => !MAIN.includes(s.name)).map((s) => this.field(s, values[s.name])));
    this.form.replaceChildren(...this.specs.filter((s) => MAIN.includes(s.name)).map((s) => this.field(s, values[s.name])), more);
  }

  private field(s: ParamSpec, value: number | string | undefined) {
    const wrap = document.createElement('div');
    wrap.className = 'param';
    const label = document.createElement('label');
    label.htmlFor = `param-${s.name}`;
    label.textContent = s.name + rangeText(s);
    const doc = document.createElement('span');
    doc.className = 'doc';
    doc.textContent = s.doc;
    label.append(doc);
    let input: HTMLInputElement | HTMLSelectElement;
    if (s.type === 'string' && !s.choices?.length) {
      input = document.createElement('input');
      input.type = 'text';
      input.value = String(value ?? s.default ?? '');
      input.placeholder = 'automatic';
    } else if (s.type === 'string') {
      input = document.createElement('select');
      input.append(...(s.choices ?? []).map((c) => new Option(c === '' ? '(automatic)' : c, c)));
      input.value = String(value ?? s.default ?? '');
    } else {
      input = document.createElement('input');
      input.type = 'number';
      input.step = s.type === 'int' ? '1' : 'any';
      if (typeof s.min === 'number' && !s.minExclusive) input.min = String(s.min);
      if (typeof s.max === 'number') input.max = String(s.max);
      const v = value ?? s.default;
      input.value = v === null || v === undefined ? '' : String(v);
      input.placeholder = s.default === null ? 'auto' : String(s.default);
    }
    input.id = `param-${s.name}`;
    input.name = s.name;
    wrap.append(label, input);
    return wrap;
  }

  // Only what the user set or what differs from nothing: empty fields keep the core's default.
  values(): Record<string, number | string> {
    const out: Record<string, number | string> = { algorithm: this.algorithmSelect.value };
    for (const s of this.specs) {
      const el = this.form.elements.namedItem(s.name) as HTMLInputElement | HTMLSelectElement;
      if (el.value === '' || el.value === String(s.default ?? '')) continue;  // the core applies its own default
      out[s.name] = s.type === 'string' ? el.value : Number(el.value);
    }
    return out;
  }
}
