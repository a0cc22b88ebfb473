// Feature importance as horizontal bars, largest first (HTML, no canvas, so
// screen readers and tests can read the numbers). data-bars holds the count.
const COMPACT = new Intl.NumberFormat('en-US', { notation: 'compact', maximumSignificantDigits: 4 });

export class ImportanceChart {
  constructor(private readonly el: HTMLElement) {}

  // stds: each value's standard deviation (permutation importance's over its shuffles), shown beside it;
  // empty: what to say instead of bars (no splits yet, or why there are none).
  render(values: Record<string, number>, type: string, stds: Record<string, number> = {}, empty = 'No splits yet.') {
    const entries = Object.entries(values).filter(([, v]) => v > 0).sort((a, b) => b[1] - a[1]).slice(0, 30);
    const max = entries[0]?.[1] ?? 1;
    const rows = entries.map(([name, v]) => {
      const row = document.createElement('div');
      row.className = 'bar-row';
      const label = document.createElement('span');
      label.className = 'bar-label';
      label.textContent = name;
      const bar = document.createElement('span');
      bar.className = 'bar';
      bar.style.width = `${(100 * v) / max}%`;
      const value = document.createElement('span');
      value.className = 'bar-value';
      value.textContent = COMPACT.format(v) + (name in stds ? ` ± ${COMPACT.format(stds[name])}` : '');  // 48.25B, not 48250000000
      value.dataset.v = String(v);
      row.append(label, bar, value);
      row.setAttribute('aria-label', `${name}: ${type} ${value.textContent}`);
      return row;
    });
    if (!rows.length) {
      const p = document.createElement('p');
      p.className = 'hint';
      p.textContent = empty;
      rows.push(p as HTMLDivElement);
    }
    this.el.replaceChildren(...rows);
    this.el.dataset.bars = String(entries.length);
    this.el.dataset.top = entries[0]?.[0] ?? '';
  }
}
