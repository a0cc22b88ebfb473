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
