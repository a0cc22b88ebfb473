// DOM writes that happen only when the value changes: the page renders every
// view on each change to the store, and a write of the same value still makes
// the browser recompute styles (a run's first rounds spent 100 ms on that).
export function setText(el: Element, text: string) {
  if (el.textContent !== text) el.textContent = text;
}

export function setHidden(el: HTMLElement, hidden: boolean) {
  if (el.hidden !== hidden) el.hidden = hidden;
}

export function setData(el: HTMLElement | SVGElement, key: string, value: string) {
  if (el.dataset[key] !== value) el.dataset[key] = value;
}

export function setAttr(el: Element, name: string, value: string) {
  if (el.getAttribute(name) !== value) el.setAttribute(name, value);
}

export function setValue(el: HTMLInputElement | HTMLSelectElement, value: string) {
  if (el.value !== value) el.value = value;
}

// A number as the formulas show it: six significant digits, exponents for the very large and small
// (from 1e9: a price of 507,600 read 5.0760e+5, too coarse to check a sum by hand).
export const num = (v: number) =>
  !Number.isFinite(v) ? String(v) : Math.abs(v) >= 1e9 || (Math.abs(v) < 1e-3 && v !== 0) ? v.toExponential(4) : String(Number(v.toPrecision(6)));

// A statistic as the status lines and the SHAP waterfall show it: four
// significant digits, but a whole number from 1000 up (a validation rmse of
// 50160 read 5.016e+4, a push of 53387 read 53390).
export const stat = (v: number) =>
  Number.isFinite(v) && Math.abs(v) >= 1000 && Math.abs(v) < 1e15 ? v.toFixed(0) : String(Number(v.toPrecision(4)));

export function paragraph(text: string, cls = 'hint') {
  const p = document.createElement('p');
  p.className = cls;
  p.append(mathText(text));
  return p;
}

// The formulas' subscripts and exponents, written F_{t−1}, h_t, L_i, S_0,
// e^{α_t} or e^(−F(x)) in the panels' strings, as <sub> and <sup> rather
// than the marks a reader would see (w_j² too: a superscript digit may follow). Only a lone letter (or the ◆ of
// AdaBoost's panel, also in ln◆_t) takes a subscript, so a column name such as "temp_t"
// stays as it is; a number before the letter is its coefficient (2p_k). An
// exponent in parentheses may hold one level of them.
const MARKUP = /((?<![\p{L}_])\p{L}|◆)_(?:\{([^{}]*)\}|([A-Za-z0-9])(?![\p{L}\p{Nd}_]))|\^(?:\{([^{}]*)\}|\(((?:[^()]|\([^()]*\))*)\))/gu;
export function mathText(text: string): DocumentFragment {
  const out = document.createDocumentFragment();
  let at = 0;
  for (const m of text.matchAll(MARKUP)) {
    out.append(text.slice(at, m.index!) + (m[1] ?? ''));
    const exponent = m[4] ?? m[5];
    const el = document.createElement(exponent !== undefined ? 'sup' : 'sub');
    if (exponent !== undefined) el.append(mathText(exponent));
    else el.textContent = m[2] ?? m[3];
    out.append(el);
    at = m.index! + m[0].length;
  }
  out.append(text.slice(at));
  return out;
}

// setText for a string with subscripts (mathText): rewritten only when it changes.
export function setMathText(el: HTMLElement, text: string) {
  if (el.dataset.math === text) return;
  el.dataset.math = text;
  el.replaceChildren(mathText(text));
}

// One line of a formula panel: the formula, then its value with this round's
// numbers. data: the engine's full-precision values, for tests and tooltips.
// name: text (with mathText's sub- and superscripts), or typeset parts (ui/math.ts) and text.
export function formulaRow(name: string | (Node | string)[], value: string, data: Record<string, number> = {}) {
  const row = document.createElement('div');
  row.className = 'formula';
  const f = document.createElement('span');
  f.className = 'formula-name';
  for (const part of typeof name === 'string' ? [name] : name) f.append(typeof part === 'string' ? mathText(part) : part);
  const v = document.createElement('span');
  v.className = 'formula-value';
  v.append(mathText(value));
  for (const [k, x] of Object.entries(data)) row.dataset[k] = String(x);
  row.append(f, v);
  return row;
}

// A table cell holding text (or a node); value and name go to data-v and
// data-col, the engine's full-precision number for tests.
export function cell(tag: 'td' | 'th', content: string | Node, value?: number, name?: string) {
  const c = document.createElement(tag);
  if (typeof content === 'string') c.textContent = content;
  else c.append(content);
  if (value !== undefined) c.dataset.v = String(value);
  if (name) c.dataset.col = name;
  return c;
}

// What a table scrolled sideways says while columns are hidden to its right.
const SIDEWAYS = 'More columns to the right: swipe or scroll the table sideways →';

// Shows `hint` while `table` has columns hidden past the right of its
// scrolling `frame` (on a phone the last columns were cut with no sign that
// the table scrolls). Measured when a ResizeObserver reports, after layout:
// measuring as the table is drawn forced a layout of the page per round. A
// few pixels over are no hidden column.
export function hintSideways(frame: HTMLElement, table: HTMLElement, hint: HTMLElement) {
  hint.textContent = SIDEWAYS;
  const observer = new ResizeObserver(() => {
    if (!frame.isConnected) return observer.disconnect();
    hint.hidden = !(frame.scrollWidth > frame.clientWidth + 16);
  });
  observer.observe(frame);
  observer.observe(table);
}

// A table in its scrolling frame, under its sideways hint.
export function scrolling(table: HTMLTableElement) {
  const box = document.createElement('div');
  const frame = document.createElement('div');
  frame.className = 'table-scroll';
  frame.append(table);
  const hint = document.createElement('p');
  hint.className = 'hint scroll-hint';
  hint.hidden = true;
  hintSideways(frame, table, hint);
  box.append(hint, frame);
  return box;
}

// How a scroll the page makes moves: smoothly, unless the reader asked for less motion.
export const scrollBehavior = (): ScrollBehavior => (matchMedia('(prefers-reduced-motion: reduce)').matches ? 'auto' : 'smooth');

// A message scrolled into view when it is not (wholly) on screen: said out of sight, it read as nothing happening.
export function intoViewIfOff(el: HTMLElement, block: ScrollLogicalPosition) {
  const r = el.getBoundingClientRect();
  if (r.top < 0 || r.bottom > innerHeight) el.scrollIntoView({ block });
}

// A small chart's svg (viewBox W×H, an image with its label) and a helper that
// appends one shape or text to it, for the panels' charts drawn by hand.
export function smallChart(W: number, H: number, label: string) {
  const svg = document.createElementNS('http://www.w3.org/2000/svg', 'svg');
  svg.setAttribute('viewBox', `0 0 ${W} ${H}`);
  svg.setAttribute('role', 'img');
  svg.setAttribute('aria-label', label);
  const add = (name: string, attrs: Record<string, string | number>, text?: string) => {
    const e = document.createElementNS('http://www.w3.org/2000/svg', name);
    for (const [k, v] of Object.entries(attrs)) e.setAttribute(k, String(v));
    if (text !== undefined) e.textContent = text;
    svg.append(e);
    return e;
  };
  return { svg, add };
}

// A file the page made, saved by the browser as `name`.
export function download(name: string, body: string | Blob, type: string) {
  const a = document.createElement('a');
  a.href = URL.createObjectURL(body instanceof Blob ? body : new Blob([body], { type }));
  a.download = name;
  document.body.append(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(a.href), 10000);
}
