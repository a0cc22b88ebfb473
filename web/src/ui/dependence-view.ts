// The partial-dependence figure: the prediction along one feature, each
// row's line faint, their mean bold, and the mean of the model shown before
// it (on the same feature and rows) dashed. data-* attributes carry what a
// test checks: the means, how many of the rows' lines break a direction.
import type { DependenceData } from '../worker/messages';
import { num, setData, setText, smallChart } from './dom';
import { roundTicks, tickText } from './ticks';

export interface DependenceCurve extends DependenceData {
  dataId: number;
  model: string;     // "Run 3", or a model file's name
  modelKey: string;  // that model at its size: a run that trained on is another curve
}

// How many lines move against a direction somewhere (an increase read as a rise).
export function breaking(lines: number[][], direction: number): number {
  return lines.filter((l) => l.some((v, i) => i > 0 && (direction > 0 ? v < l[i - 1] : v > l[i - 1]))).length;
}

const WORD: Record<string, string> = { '1': 'increasing', '-1': 'decreasing' };

export class DependenceView {
  constructor(private readonly box: HTMLElement, private readonly caption: HTMLElement) {}

  clear(why: string) {
    this.box.replaceChildren();
    setText(this.caption, why);
  }

  render(now: DependenceCurve, before: DependenceCurve | null) {
    if (now.levels) return this.renderLevels(now, before?.levels ? before : null);
    const W = 320, H = 200, left = 44, right = 10, top = 10, bottom = 34;
    const all = [...now.mean, ...now.lines.flat(), ...(before ? before.mean : [])].filter(Number.isFinite);
    let lo = Math.min(...all), hi = Math.max(...all);
    if (!(hi > lo)) [lo, hi] = [lo - 0.5, hi + 0.5];
    const x0 = now.grid[0], x1 = now.grid.at(-1)!;
    const X = (x: number) => left + ((x - x0) / (x1 - x0 || 1)) * (W - left - right);
    const Y = (y: number) => top + (1 - (y - lo) / (hi - lo)) * (H - top - bottom);
    const { svg, add } = smallChart(W, H, `Partial dependence on ${now.feature}`);
    svg.classList.add('dependence-chart');
    for (const t of roundTicks(x0, x1, 4)) {
      add('line', { x1: X(t), x2: X(t), y1: H - bottom, y2: H - bottom + 3, class: 'axis' });
      add('text', { x: X(t), y: H - bottom + 13, 'text-anchor': 'middle', class: 'label tick' }, tickText(t));
    }
    for (const t of roundTicks(lo, hi, 4)) {
      add('line', { x1: left - 3, x2: left, y1: Y(t), y2: Y(t), class: 'axis' });
      add('text', { x: left - 5, y: Y(t) + 3, 'text-anchor': 'end', class: 'label tick' }, tickText(t));
    }
    add('line', { x1: left, x2: W - right, y1: H - bottom, y2: H - bottom, class: 'axis' });
    add('line', { x1: left, x2: left, y1: top, y2: H - bottom, class: 'axis' });
    add('text', { x: W - right, y: H - 4, 'text-anchor': 'end', class: 'label' }, now.feature);
    const path = (ys: number[], grid: number[]) => `M${grid.map((x, i) => `${X(x).toFixed(1)},${Y(ys[i]).toFixed(1)}`).join('L')}`;
    for (const l of now.lines) add('path', { d: path(l, now.grid), class: 'ice' });
    if (before) add('path', { d: path(before.mean, before.grid), class: 'pd-before' });
    add('path', { d: path(now.mean, now.grid), class: 'pd-mean' });
    this.box.replaceChildren(svg);

    setData(svg, 'feature', now.feature);
    setData(svg, 'direction', String(now.direction));
    setData(svg, 'mean', now.mean.join(','));
    setData(svg, 'grid', now.grid.join(','));
    setData(svg, 'rows', String(now.rows));
    setData(svg, 'lines', String(now.lines.length));
    setData(svg, 'rises', String(now.lines.length - breaking(now.lines, 1)));
    setData(svg, 'falls', String(now.lines.length - breaking(now.lines, -1)));
    setData(svg, 'before', before ? before.model : '');
    setData(svg, 'beforeMean', before ? before.mean.join(',') : '');

    // What the figure says, in words.
    const parts = [`${now.model}: the ${now.scale} as ${now.feature} moves from ${num(x0)} to ${num(x1)}, other features as they are. ` +
      `Bold: the mean over ${now.rows.toLocaleString()} rows; faint: ${now.lines.length} of them one by one.`];
    if (now.direction) {
      const broken = breaking(now.lines, now.direction);
      parts.push(`Constrained ${WORD[String(now.direction)]} in ${now.feature}: ${broken ? `${broken} of the lines break it` : 'every line ' + (now.direction > 0 ? 'rises or stays level' : 'falls or stays level')}.`);
    }
    if (before) {
      const d = now.direction || before.direction || 1;
      const broke = breaking(before.lines, d);
      parts.push(`Dashed: ${before.model}'s mean${before.direction ? `, constrained ${WORD[String(before.direction)]}` : ', unconstrained'}` +
        (now.direction && !before.direction ? `; ${broke} of its ${before.lines.length} lines went against ${WORD[String(d)]}` : '') + '.');
    }
    setText(this.caption, parts.join(' '));
  }

  // A categorical feature: a column per level (low to high by the mean), each row's prediction a faint tick,
  // the mean a dot; the model shown before's mean at the same levels a ring.
  private renderLevels(now: DependenceCurve, before: DependenceCurve | null) {
    const levels = now.levels!, G = levels.length;
    const short = (name: string) => (name.length > 14 ? `${name.slice(0, 13)}…` : name);
    const longest = Math.max(...levels.map((l) => short(l).length));
    const W = Math.max(320, 44 + 10 + 22 * G), H = 170 + Math.min(70, 5 * longest), left = 44, right = 10, top = 10, bottom = H - 160;
    const theirs = before ? levels.map((l) => before.mean[before.levels!.indexOf(l)]) : [];
    const all = [...now.mean, ...now.lines.flat(), ...theirs].filter(Number.isFinite);
    let lo = Math.min(...all), hi = Math.max(...all);
    if (!(hi > lo)) [lo, hi] = [lo - 0.5, hi + 0.5];
    const X = (g: number) => left + ((g + 0.5) / G) * (W - left - right);
    const Y = (y: number) => top + (1 - (y - lo) / (hi - lo)) * (H - top - bottom);
    const { svg, add } = smallChart(W, H, `Partial dependence on ${now.feature}, by level`);
    svg.classList.add('dependence-chart');
    for (const t of roundTicks(lo, hi, 4)) {
      add('line', { x1: left - 3, x2: left, y1: Y(t), y2: Y(t), class: 'axis' });
      add('text', { x: left - 5, y: Y(t) + 3, 'text-anchor': 'end', class: 'label tick' }, tickText(t));
    }
    add('line', { x1: left, x2: W - right, y1: H - bottom, y2: H - bottom, class: 'axis' });
    add('line', { x1: left, x2: left, y1: top, y2: H - bottom, class: 'axis' });
    levels.forEach((name, g) => {
      const x = X(g), y = H - bottom + 10;
      add('text', { x, y, 'text-anchor': 'end', class: 'label tick', transform: `rotate(-40 ${x} ${y})` }, short(name));
      for (const l of now.lines) add('line', { x1: x - 5, x2: x + 5, y1: Y(l[g]), y2: Y(l[g]), class: 'ice' });
      if (before && Number.isFinite(theirs[g])) add('circle', { cx: x, cy: Y(theirs[g]), r: 4.5, class: 'pd-before-dot' });
      add('circle', { cx: x, cy: Y(now.mean[g]), r: 3.5, class: 'pd-mean-dot' });
    });
    this.box.replaceChildren(svg);
    setData(svg, 'feature', now.feature);
    setData(svg, 'direction', '0');
    setData(svg, 'levels', levels.join('|'));
    setData(svg, 'mean', now.mean.join(','));
    setData(svg, 'grid', now.grid.join(','));
    setData(svg, 'rows', String(now.rows));
    setData(svg, 'lines', String(now.lines.length));
    setData(svg, 'before', before ? before.model : '');
    const shown = now.levelCount && now.levelCount > G ? ` (the ${G} commonest of its ${now.levelCount} levels among these rows)` : '';
    const parts = [`${now.model}: the ${now.scale} with ${now.feature} set to each level${shown}, other features as they are, ` +
      `levels from the lowest mean to the highest. Dots: the mean over ${now.rows.toLocaleString()} rows; ticks: ${now.lines.length} of them one by one. ` +
      `From ${short(levels[0])} to ${short(levels[G - 1])} the mean moves by ${num(now.mean[G - 1] - now.mean[0])}.`];
    if (before) parts.push(`Rings: ${before.model}'s means.`);
    setText(this.caption, parts.join(' '));
  }
}
