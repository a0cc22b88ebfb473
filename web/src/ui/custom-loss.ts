// "Your loss": the notes' gradient boosting for any loss, live. With the
// objective 'custom' (XGBoost-style boosting), the student writes one row's
// loss L(y, F) and its first two derivatives in F; the worker trains on them
// (each round's g and h from the margins), and the loss chart draws the mean
// loss. The code stays in this page: a link never carries it, so opening a
// link runs no one's code.
import type { Store } from '../state';
import { dataTask } from './params-form';
import { setHidden } from './dom';

const $ = <T extends HTMLElement>(id: string) => document.getElementById(id) as T;

const TEMPLATES: Record<'regression' | 'binary', string> = {
  regression: `// One row's loss L(y, F) and its derivatives in F.
// y: the row's target; F: the model's prediction before this round.
const loss = (y, F) => 0.5 * (y - F) ** 2;  // squared error
const grad = (y, F) => F - y;               // dL/dF
const hess = (y, F) => 1;                   // d²L/dF², at least 0
`,
  binary: `// One row's loss L(y, F) and its derivatives in F.
// y: 0 or 1 (the second class); F: the margin, a log-odds.
const p = (F) => 1 / (1 + Math.exp(-F));
const loss = (y, F) => -(y * Math.log(p(F)) + (1 - y) * Math.log(1 - p(F)));  // log loss
const grad = (y, F) => p(F) - y;            // dL/dF
const hess = (y, F) => p(F) * (1 - p(F));   // d²L/dF², at least 0
`,
};

// The code a run trains with: the student's, or the template for the data's task.
export function lossCode(s: Store): string {
  const task = dataTask(s);
  return s.customLoss || TEMPLATES[task === 'binary' ? 'binary' : 'regression'];
}

export class CustomLossEditor {
  private readonly box = $('custom-loss');
  private readonly code = $<HTMLTextAreaElement>('custom-loss-code');

  constructor(onInput: (code: string) => void) {
    this.code.addEventListener('input', () => onInput(this.code.value));
  }

  render(s: Store) {
    const on = s.algorithm === 'xgboost' && s.typed.objective === 'custom';
    setHidden(this.box, !on);
    const code = lossCode(s);
    if (on && document.activeElement !== this.code && this.code.value !== code) this.code.value = code;
  }
}
