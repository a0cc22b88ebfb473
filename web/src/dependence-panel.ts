// "The prediction along one feature": the partial dependence of the model on
// show on a numeric feature, asked of the worker when the model, the feature
// or the class changes (not while a run trains), with the curve of the model
// shown before it on the same feature dashed beside it, and a menu that
// constrains the feature in the next run (monotone_constraints, by name).
import { modelOnShow, currentRun, settingUpLesson, store, update } from './state';
import { DependenceView, type DependenceCurve } from './ui/dependence-view';
import { setHidden, setText, setValue } from './ui/dom';
import { constraintOf } from './worker/dependence';
import { outputName } from './output-names';
import type { WorkerClient } from './worker/client';
import type { DependenceData } from './worker/messages';

const $ = <T extends HTMLElement>(id: string) => document.getElementById(id) as T;
const KEPT = 16;  // curves kept for "before"

// monotone_constraints as typed, as an object by name (a positional form read with the model's features).
function typedByName(features: string[]): Record<string, number> {
  const text = store.typed.monotone_constraints ?? '';
  const out: Record<string, number> = {};
  for (const f of features) {
    const d = constraintOf(text, features, f);
    if (d) out[f] = d;
  }
  return out;
}

export class DependencePanel {
  private readonly view = new DependenceView($('dependence'), $('dependence-caption'));
  private asked = '';
  private modelKey = '';
  private features: string[] = [];  // the model's features, in order (for a positional constraint)

  constructor(private readonly client: WorkerClient) {
    $<HTMLSelectElement>('dependence-feature').addEventListener('change', (e) => {
      const feature = (e.target as HTMLSelectElement).value;
      update((s) => { s.dependence.feature = feature; });
    });
    $<HTMLSelectElement>('dependence-output').addEventListener('change', (e) => {
      const output = Number((e.target as HTMLSelectElement).value);
      update((s) => { s.dependence.output = output; });
    });
    $<HTMLSelectElement>('dependence-constraint').addEventListener('change', (e) => {
      const feature = store.dependence.feature, d = Number((e.target as HTMLSelectElement).value);
      if (!feature) return;
      const byName = typedByName(this.features);
      if (d) byName[feature] = d;
      else delete byName[feature];
      update((s) => { s.typed.monotone_constraints = Object.keys(byName).length ? JSON.stringify(byName) : ''; });
    });
  }

  render() {
    const show = modelOnShow(), run = currentRun();
    const trees = show?.model?.trees ?? (show?.live ? run?.reports.length ?? 0 : 0);
    this.renderConstraint();
    if (!show || !store.data || trees < 1) return this.clear('Train a model (or load one) to see its prediction along a feature.');
    if (settingUpLesson()) return this.clear('The lines appear once the lesson\'s step is set up.');
    if (show.live && run?.status === 'training') return this.clear('The lines appear when the run pauses or ends.');
    this.modelKey = `${store.data.id}|${show.name}|${trees}`;
    const key = `${this.modelKey}|${store.dependence.feature}|${store.dependence.output}`;
    if (key !== this.asked) {
      this.asked = key;
      this.client.dependence(store.dependence.feature, store.dependence.output, key);
    }
    const now = this.now();
    if (!now) return;
    const before = store.dependence.curves.filter((c) => c.dataId === now.dataId && c.feature === now.feature && c.output === now.output &&
      c.model !== now.model).at(-1) ?? null;
    this.view.render(now, before);
  }

  onReply(key: string, data: DependenceData | null, error: string) {
    if (key !== this.asked) return;
    setText($('dependence-message'), error);
    setHidden($('dependence-message'), !error);
    if (!data || !store.data) return this.view.clear('');
    const show = modelOnShow();
    const curve: DependenceCurve = { ...data, dataId: store.data.id, model: show?.name ?? '', modelKey: this.modelKey };
    this.features = data.features;
    // The key the store is about to give is this reply's: not asked again.
    this.asked = `${this.modelKey}|${data.feature}|${data.output}`;
    update((s) => {
      // The feature the worker chose when none was ('' : the first numeric one), and this model's curve, newest last.
      s.dependence.feature = data.feature;
      s.dependence.output = data.output;
      const others = s.dependence.curves.filter((c) => !(c.modelKey === curve.modelKey && c.feature === curve.feature && c.output === curve.output));
      s.dependence.curves = [...others, curve].slice(-KEPT);
    });
  }

  private now(): DependenceCurve | null {
    return store.dependence.curves.find((c) => c.modelKey === this.modelKey && c.feature === store.dependence.feature &&
      c.output === store.dependence.output) ?? null;
  }

  private clear(why: string) {
    this.asked = '';
    setHidden($('dependence-message'), true);
    this.view.clear(why);
  }

  // The menus: the model's features (numbers first, then categories), its classes, and the constraint the
  // next run will train with (numbers only).
  private renderConstraint() {
    const now = this.now();
    const select = $<HTMLSelectElement>('dependence-feature');
    const numeric = now?.numeric ?? [], categories = (now?.features ?? []).filter((f) => !numeric.includes(f));
    const names = [...numeric, ...categories].join('|');
    if (select.dataset.names !== names) {
      select.replaceChildren(...numeric.map((f) => new Option(f, f)), ...categories.map((f) => new Option(`${f} (categories)`, f)));
      select.dataset.names = names;
    }
    if (now) setValue(select, now.feature);
    const output = $<HTMLSelectElement>('dependence-output');
    setHidden($('dependence-output-row'), !now || now.outputs < 2);
    const labels = now && now.outputs > 1 ? Array.from({ length: now.outputs }, (_, k) => outputName(now, k)) : [];
    if (output.dataset.names !== labels.join('|')) {
      output.replaceChildren(...labels.map((label, k) => new Option(label, String(k))));
      output.dataset.names = labels.join('|');
    }
    if (now && now.outputs > 1) setValue(output, String(now.output));
    const constraint = $<HTMLSelectElement>('dependence-constraint');
    const xgboost = store.algorithm === 'xgboost';
    constraint.disabled = !now || !xgboost || !!now.levels;
    const typed = now ? typedByName(this.features)[now.feature] ?? 0 : 0;
    setValue(constraint, String(typed));
    const hint = $('dependence-constraint-hint');
    const word = (d: number) => (d > 0 ? 'increasing' : d < 0 ? 'decreasing' : 'free');
    let text = '';
    if (now?.levels) text = '';  // categories have no order to constrain
    else if (now && !xgboost) text = 'Monotone constraints train with the XGBoost-style algorithm.';
    else if (now && typed !== now.direction) text = `The next run trains with ${now.feature} ${word(typed)} (monotone_constraints under More parameters): press Play.`;
    setText(hint, text);
    setHidden(hint, !text);
  }
}
