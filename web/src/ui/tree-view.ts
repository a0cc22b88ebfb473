// Draws one tree of the model: each split with its feature and threshold (or
// the category set that goes right), gain and cover; each leaf with its
// value. Laid out by d3-hierarchy. It opens at full size (text at 11 px or
// more) showing the levels that fit the panel's width; a split whose subtree
// is folded opens on click. Zoom with the wheel, the buttons or + and -; pan
// by dragging or with the arrow keys. The svg carries data-nodes, data-leaves
// and data-drawn for tests.
import { hierarchy, tree as treeLayout } from 'd3-hierarchy';
import type { ModelInfo, TreeJson } from '../worker/messages';
import { coverMeaning } from './cover-text';

interface NodeDatum {
  id: number;
  children?: NodeDatum[];
  hidden?: number;  // a split drawn without its subtree: the nodes below it
}

// A forest's tree can hold 50,000 nodes; an SVG of them all takes the page
// many seconds and shows nothing readable. Below each shown root, whole
// levels are drawn while each fits the panel's width and all fit in this many nodes.
const MAX_DRAWN = 1500;

const SVG = 'http://www.w3.org/2000/svg';

// A node's room across (its box and the gap to the next) and what fits on a
// line of its box at 11 px: 170 px, or less on a phone, where two boxes of
// 170 did not fit side by side and were cut at the panel's edges.
const VIEW_MARGIN = 8;  // kept between a subtree brought into view and the panel's edge
function nodeWidth(panelWidth: number) {
  return Math.max(140, Math.min(170, Math.floor((panelWidth - 2 * VIEW_MARGIN) / 2)));
}
const nodeChars = (width: number) => Math.floor(width / 6.6);  // 25 at 170 px, 23 at a phone's 152
// A line cut at a space into two of up to `width` characters; what is left
// after the second is elided (the node's title and the inspector have it whole).
export function wrapLine(line: string, width: number): string[] {
  if (line.length <= width) return [line];
  const cut = line.lastIndexOf(' ', width);
  const at = cut > width / 3 ? cut : width;
  const rest = line.slice(at).trimStart();
  return [line.slice(0, at).trimEnd(), rest.length > width ? `${rest.slice(0, width - 1)}…` : rest];
}
// Node labels are short: 16000 rows of cover read "16K" (not 1.60e+4, which also wrapped), tiny values in exponent form.
const compact = new Intl.NumberFormat('en-US', { notation: 'compact', maximumSignificantDigits: 3 });
const fmt = (v: number) => (Math.abs(v) >= 1e4 && Number.isFinite(v) ? compact.format(v)
  : Math.abs(v) < 1e-3 && v !== 0 ? v.toExponential(2) : Number(v.toPrecision(4)).toString());

function el<K extends keyof SVGElementTagNameMap>(name: K, attrs: Record<string, string | number>, text?: string) {
  const e = document.createElementNS(SVG, name);
  for (const [k, v] of Object.entries(attrs)) e.setAttribute(k, String(v));
  if (text !== undefined) e.textContent = text;
  return e;
}

export class TreeView {
  private view = { x: 0, y: 0, w: 100, h: 100 };
  private full = { x: 0, y: 0, w: 100, h: 100 };
  private shown: { t: TreeJson; index: number; m: ModelInfo } | null = null;
  private opened = new Set<number>();  // folded splits the user opened
  // A split just opened by a click: where it was in the view, so that it
  // stays there while its subtree comes into view below it.
  private anchor: { id: number; sx: number; sy: number } | null = null;
  // The drawn extent of the anchored split's subtree (set by render).
  private anchored: { x: number; y: number; x0: number; x1: number; y1: number } | null = null;

  // Where each drawn node is, and each node's parent: the keyboard moves between nodes.
  private positions = new Map<number, { x: number; y: number }>();
  private parent = new Int32Array(0);

  constructor(private readonly svg: SVGSVGElement, private readonly caption: HTMLElement) {
    svg.addEventListener('keydown', (e) => {
      // On a node (Tab from the tree reaches the picked one): the arrows walk the tree (up: the parent,
      // down: the "yes" child, left and right: the two children of a parent), Enter or Space picks the
      // node or opens a folded split, Escape goes back to panning. On the tree itself the arrows pan.
      const box = (e.target as Element).closest?.('g[data-node]');
      if (box && this.shown) {
        const id = Number((box as SVGGElement).dataset.node), t = this.shown.t;
        const p = this.parent[id] ?? -1;
        const next = e.key === 'ArrowUp' ? p : e.key === 'ArrowDown' ? t.left[id]
          : e.key === 'ArrowLeft' ? (p >= 0 ? t.left[p] : -1) : e.key === 'ArrowRight' ? (p >= 0 ? t.right[p] : -1) : -2;
        if (next === -2) {
          if (e.key === 'Enter' || e.key === ' ') this.activate(box);
          else if (e.key === 'Escape') svg.focus();
          else return;
        } else if (next >= 0) this.focusNode(next, true);
        e.preventDefault();
        return;
      }
      const step = 0.15;
      const moves: Record<string, [number, number]> = { ArrowLeft: [-step, 0], ArrowRight: [step, 0], ArrowUp: [0, -step], ArrowDown: [0, step] };
      if (moves[e.key]) {
        this.view.x += moves[e.key][0] * this.view.w;
        this.view.y += moves[e.key][1] * this.view.h;
        this.apply();
      } else if (e.key === '+' || e.key === '=') this.zoom(0.8);
      else if (e.key === '-') this.zoom(1.25);
      else if (e.key === '0') this.fit();
      else return;
      e.preventDefault();
    });
    svg.addEventListener('wheel', (e) => {
      e.preventDefault();
      const r = svg.getBoundingClientRect();
      this.zoom(e.deltaY < 0 ? 0.8 : 1.25, (e.clientX - r.left) / r.width, (e.clientY - r.top) / r.height);
    }, { passive: false });
    let drag: { x: number; y: number } | null = null;
    let moved = 0;
    // How far a press may wander and still be a click: a finger's tap moves
    // a few pixels, and with a mouse's 4 it panned the tree instead of picking the node.
    let slop = 4;
    svg.addEventListener('pointerdown', (e) => {
      drag = { x: e.clientX, y: e.clientY };
      moved = 0;
      slop = e.pointerType === 'mouse' ? 4 : 16;
    });
    svg.addEventListener('pointermove', (e) => {
      if (!drag || !(e.buttons & 1)) return;
      moved += Math.abs(e.clientX - drag.x) + Math.abs(e.clientY - drag.y);
      const r = svg.getBoundingClientRect();
      this.view.x -= ((e.clientX - drag.x) / r.width) * this.view.w;
      this.view.y -= ((e.clientY - drag.y) / r.height) * this.view.h;
      drag = { x: e.clientX, y: e.clientY };
      this.apply();
    });
    svg.addEventListener('pointerup', () => { drag = null; });
    svg.addEventListener('pointercancel', () => { drag = null; });  // the page took the gesture (a scroll)
    // A click (not a drag) on a node selects it; on a folded split, also opens it
    // (its numbers showing at once: a first click that only opened read as a miss).
    svg.addEventListener('click', (e) => {
      if (moved > slop || !this.shown) return;
      this.activate(e.target as Element);
    });
  }

  // A click (or Enter) on a node: picks it; on a folded split, also opens it.
  private activate(target: Element) {
    if (!this.shown) return;
    const picked = target.closest<SVGGElement>('g[data-node]');
    if (picked && !picked.dataset.folded) {
      this.select(Number(picked.dataset.node));
      return;
    }
    const node = target.closest<SVGGElement>('g[data-folded]');
    if (!node) return;
    const id = Number(node.dataset.id);
    this.opened.add(id);
    const at = this.positions.get(id)!;  // where it is drawn (render)
    this.anchor = { id, sx: at.x - this.view.x, sy: at.y - this.view.y };
    const focused = this.svg.contains(document.activeElement) && document.activeElement !== this.svg;
    this.render(this.shown.t, this.shown.index, this.shown.m, true);
    this.select(id);
    if (focused) this.focusNode(id, false);
  }

  // Keyboard focus to a drawn node, brought into view; `pick`: the inspector shows it too.
  private focusNode(id: number, pick: boolean) {
    const box = this.svg.querySelector<SVGGElement>(`g[data-node="${id}"]`), at = this.positions.get(id);
    if (!box || !at) return;  // below a folded split: open it first
    if (pick && !box.dataset.folded) this.select(id);
    const margin = 60;
    if (at.x - margin < this.view.x) this.view.x = at.x - margin;
    if (at.x + margin > this.view.x + this.view.w) this.view.x = at.x + margin - this.view.w;
    if (at.y - margin < this.view.y) this.view.y = at.y - margin;
    if (at.y + margin > this.view.y + this.view.h) this.view.y = at.y + margin - this.view.h;
    this.apply();
    this.tabStop(id);
    box.focus();
  }

  // The node whose numbers the inspector shows (-1: none); marked in the drawing.
  selected = -1;
  onSelect: (tree: TreeJson, id: number, m: ModelInfo, index: number) => void = () => {};

  select(id: number) {
    if (!this.shown) return;
    this.selected = id;
    for (const g of this.svg.querySelectorAll<SVGGElement>('g[data-node]')) g.classList.toggle('selected', Number(g.dataset.node) === id);
    this.tabStop(id);  // Tab from the tree lands on the picked node
    this.onSelect(this.shown.t, id, this.shown.m, this.shown.index);
  }

  // The one node of the tree that Tab reaches (the others by the arrow keys).
  private tabStop(id: number) {
    for (const g of this.svg.querySelectorAll<SVGGElement>('g[data-node]')) g.setAttribute('tabindex', Number(g.dataset.node) === id ? '0' : '-1');
  }

  zoom(factor: number, fx = 0.5, fy = 0.5) {
    const w = this.view.w * factor, h = this.view.h * factor;
    this.view = { x: this.view.x + (this.view.w - w) * fx, y: this.view.y + (this.view.h - h) * fy, w, h };
    this.apply();
  }

  fit() {
    this.view = { ...this.full };
    this.apply();
  }

  // The tree opens at full size (its 11 px text at 11 px), the whole of it
  // if it fits, else the root at the top centre. A split just opened stays
  // where it was clicked; the view then moves as little as shows its subtree
  // (across, the whole subtree if it fits, else centred on the split; down,
  // as much of it as fits with the split still in view). Putting the split
  // at the top centre left most of the panel empty under a small subtree.
  private readable() {
    const width = this.svg.clientWidth || 460, height = this.svg.clientHeight || 320;
    const scale = Math.min(width / this.full.w, height / this.full.h);
    const a = this.anchor && this.anchored;
    if (a) {
      let x = a.x - this.anchor!.sx, y = a.y - this.anchor!.sy;
      const margin = VIEW_MARGIN;
      if (a.x1 - a.x0 + 2 * margin <= width) {
        if (a.x0 - margin < x) x = a.x0 - margin;
        if (a.x1 + margin > x + width) x = a.x1 + margin - width;
      } else {
        x = a.x - width / 2;
      }
      // Up no further than keeps the split's box (and the link into it) in view.
      const overflow = a.y1 + margin - (y + height);
      if (overflow > 0) y += Math.min(overflow, a.y - 40 - y);
      if (a.y - 40 < y) y = a.y - 40;
      this.view = { x, y, w: width, h: height };
    } else if (scale >= 1) {
      // Centred at full size, not blown up.
      this.view = { x: this.full.x + (this.full.w - width) / 2, y: this.full.y, w: width, h: height };
    } else {
      this.view = { x: -width / 2, y: -40, w: width, h: height };  // d3's tree puts the root at x = 0
    }
    this.anchor = null;
    this.anchored = null;
    this.apply();
  }

  private apply() {
    this.svg.setAttribute('viewBox', `${this.view.x} ${this.view.y} ${this.view.w} ${this.view.h}`);
  }

  clear(text: string) {
    this.shown = null;
    this.selected = -1;
    this.svg.replaceChildren();
    this.svg.dataset.nodes = '0';
    this.svg.dataset.leaves = '0';
    this.caption.textContent = text;
  }

  // Tree `index` of the model; with K trees per round it is class index % K's tree of round index / K.
  render(t: TreeJson, index: number, m: ModelInfo, keepOpened = false) {
    if (!keepOpened) this.opened.clear();
    const same = this.shown?.index === index && this.shown.t.left.length === t.left.length;
    this.shown = { t, index, m };
    const K = m.outputs;
    const perRound = t.leaf_values ? 1 : K;
    // Depth and subtree size of every node (children come after their parent).
    const n = t.left.length;
    const depth = new Int32Array(n), size = new Int32Array(n).fill(1);
    this.parent = new Int32Array(n).fill(-1);
    for (let i = 0; i < n; i++) if (t.left[i] >= 0) this.parent[t.left[i]] = this.parent[t.right[i]] = i;
    this.positions.clear();
    for (let i = 0; i < n; i++) if (t.left[i] >= 0) depth[t.left[i]] = depth[t.right[i]] = depth[i] + 1;
    for (let i = n - 1; i >= 0; i--) if (t.left[i] >= 0) size[i] += size[t.left[i]] + size[t.right[i]];
    // Whole levels below each shown root (the tree's, or a split the user
    // opened) while they fit the panel's width at full size.
    const panelWidth = this.svg.clientWidth || 460;
    const dx = nodeWidth(panelWidth), dy = 96, chars = nodeChars(dx);
    const wide = Math.max(2, Math.floor(panelWidth / dx));
    const levelsBelow = (root: number) => {
      const perLevel: number[] = [];
      const stack = [root];
      while (stack.length) {
        const i = stack.pop()!;
        const d = depth[i] - depth[root];
        if (d > 64) continue;
        perLevel[d] = (perLevel[d] ?? 0) + 1;
        if (t.left[i] >= 0) stack.push(t.left[i], t.right[i]);
      }
      let levels = 1, total = 1;
      while (levels < perLevel.length && perLevel[levels] <= wide && total + perLevel[levels] <= MAX_DRAWN) total += perLevel[levels++];
      return levels;
    };
    const build = (id: number, root: number, levels: number): NodeDatum => {
      if (t.left[id] < 0) return { id };
      if (depth[id] - depth[root] + 1 >= levels) {
        if (!this.opened.has(id)) return { id, hidden: size[id] - 1 };
        const more = levelsBelow(id);
        return { id, children: [build(t.left[id], id, more), build(t.right[id], id, more)] };
      }
      return { id, children: [build(t.left[id], root, levels), build(t.right[id], root, levels)] };
    };
    const levels = levelsBelow(0);
    const root = hierarchy(build(0, 0, levels));
    let drawn = 0;
    const laid = treeLayout<NodeDatum>().nodeSize([dx, dy])(root);
    let x0 = Infinity, x1 = -Infinity, y1 = 0;
    laid.each((n) => { x0 = Math.min(x0, n.x); x1 = Math.max(x1, n.x); y1 = Math.max(y1, n.y); });
    this.svg.replaceChildren();
    const g = el('g', {});
    this.svg.append(g);
    for (const link of laid.links()) {
      const left = link.target.data.id === t.left[link.source.data.id];
      const path = el('path', { d: `M${link.source.x},${link.source.y + 18}C${link.source.x},${(link.source.y + link.target.y) / 2} ${link.target.x},${(link.source.y + link.target.y) / 2} ${link.target.x},${link.target.y - 18}`, class: 'tree-link' });
      g.append(path);
      g.append(el('text', { x: (link.source.x + link.target.x) / 2 + (left ? -6 : 6), y: (link.source.y + link.target.y) / 2, class: 'tree-edge', 'text-anchor': left ? 'end' : 'start' }, left ? 'yes' : 'no'));
    }
    let leaves = 0;
    const bottom = new Map<number, number>();  // each drawn node's box's lower edge
    laid.each((node) => {
      const id = node.data.id;
      const leaf = t.left[id] < 0;
      ++drawn;
      const box = el('g', { transform: `translate(${node.x},${node.y})`, class: leaf ? 'tree-leaf' : node.data.hidden ? 'tree-split folded' : 'tree-split',
        tabindex: -1, role: 'button' });
      box.dataset.node = String(id);
      this.positions.set(id, { x: node.x, y: node.y });
      const text = leaf ? this.leafText(t, id, m) : this.splitText(t, id, m);
      if (node.data.hidden) text.push(`▸ ${node.data.hidden.toLocaleString()} nodes below: click`);
      // Lines wrapped to the box (a long category split ran into its neighbours); the title keeps them whole.
      const lines = text.flatMap((line) => wrapLine(line, chars));
      if (node.data.hidden) {
        box.dataset.folded = '1';
        box.dataset.id = String(id);
      }
      const boxHeight = 40 + (lines.length - 2) * 14;
      bottom.set(id, node.y - 20 + boxHeight);
      box.append(el('rect', { x: -dx / 2 + 6, y: -20, width: dx - 12, height: boxHeight, rx: 6 }));
      // A leaf's first line is its value (blurred while a lesson asks for it: style.css).
      lines.forEach((line, i) => box.append(el('text', { x: 0, y: -5 + i * 14, 'text-anchor': 'middle', ...(leaf && i === 0 ? { class: 'leaf-value' } : {}) }, line)));
      const title = el('title', {}, text.join('\n'));
      box.append(title);
      box.setAttribute('aria-label', `node ${id}: ${text.join('; ')}`);
      g.append(box);
    });
    this.full = { x: x0 - dx, y: -40, w: x1 - x0 + 2 * dx, h: y1 + 80 };
    const opened = this.anchor ? laid.descendants().find((d) => d.data.id === this.anchor!.id) : undefined;
    if (opened) {
      const below = opened.descendants();
      this.anchored = {
        x: opened.x, y: opened.y,
        x0: Math.min(...below.map((d) => d.x)) - dx / 2 + 6, x1: Math.max(...below.map((d) => d.x)) + dx / 2 - 6,
        y1: Math.max(...below.map((d) => bottom.get(d.data.id) ?? d.y + 20)),
      };
    }
    this.readable();
    for (let i = 0; i < n; i++) leaves += t.left[i] < 0 ? 1 : 0;
    this.svg.dataset.nodes = String(n);
    this.svg.dataset.leaves = String(leaves);
    this.svg.dataset.drawn = String(drawn);
    const round = Math.floor(index / perRound) + 1;
    const cls = perRound > 1 ? ` · class ${m.classes[index % perRound] ?? index % perRound}` : '';
    const part = drawn < n ? ` Shown: ${drawn.toLocaleString()} nodes; click a ▸ split to open what is below it.` : '';
    // Splits whose leaves all hold one value predict as a single leaf would: puzzling unless said (AdaBoost's first
    // stump on xor: the same class wins the weight on both sides, and no single cut does better).
    const values = t.leaf_values ? [] : Array.from({ length: n }, (_, i) => i).filter((i) => t.left[i] < 0).map((i) => t.value[i]);
    const oneValue = n > 1 && values.length > 1 && values.every((v) => v === values[0])
      ? ` Every leaf holds ${fmt(values[0])}: the splits change no prediction${m.algorithm === 'adaboost'
        ? ' (the same class carries the most weight on each side, so the tree votes that class for every row; its ε is the other class\'s share of the weight)' : ''}.` : '';
    // The node picked stays picked while the same tree is redrawn; a new tree starts at its root.
    this.select(same && this.selected >= 0 && this.selected < n ? this.selected : 0);
    this.caption.textContent = `Tree ${index + 1} of ${m.trees} (round ${round}${cls}): ${n === 1 ? 'a single leaf: no split of its rows was worth making (by the gain, γ and min_child_weight), so every row gets its value' : `${n.toLocaleString()} nodes, ${leaves.toLocaleString()} leaves`}.${oneValue}${part} A row goes "yes" when the test holds; a node's cover is ${coverMeaning(m)}. ${matchMedia('(pointer: coarse)').matches ? 'Drag to pan, + and − to zoom' : 'Drag or arrow keys to pan, wheel or +/− to zoom; Tab to the picked node, then the arrow keys walk the tree and Enter opens a folded split'}, Fit to see it all.`;
  }

  private splitText(t: TreeJson, id: number, m: ModelInfo) {
    const f = m.features[t.feature[id]];
    const missing = t.default_left[id] ? ' (or missing)' : '';
    const cats = t.categories[id];
    let test: string;
    if (cats) {
      // The listed categories go right ("no"); every other goes left.
      const names = cats.map((c) => f.levels?.[c] ?? String(c));
      const shown = names.length > 3 ? `${names.slice(0, 3).join(', ')}, …` : names.join(', ');
      test = `${f.name} ∉ {${shown}}`;
    } else {
      test = `${f.name} < ${fmt(t.threshold[id])}`;
    }
    return [test + missing, `gain ${fmt(t.gain[id])} · cover ${fmt(t.cover[id])}`];
  }

  private leafText(t: TreeJson, id: number, m: ModelInfo) {
    if (!t.leaf_values) return [`leaf ${fmt(t.value[id])}`, `cover ${fmt(t.cover[id])}`];
    // Multi-output: the largest of the K values, and for which class.
    const K = m.outputs;
    let best = 0;
    for (let k = 1; k < K; k++) if (t.leaf_values[id * K + k] > t.leaf_values[id * K + best]) best = k;
    return [`${m.classes[best] ?? best}: ${fmt(t.leaf_values[id * K + best])}`, `cover ${fmt(t.cover[id])}`];
  }
}
