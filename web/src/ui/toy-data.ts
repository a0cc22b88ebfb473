// Toy data generated in the page: the pictures of the boosting literature.
// Returned as CSV text (x1, x2, y; or x, y for the one-feature 'wave') so it
// takes the same path as an uploaded file, and as points for the prediction
// surface (or, with one feature, the stage view).
export const TOY_KINDS = ['circles', 'xor', 'spiral', 'gaussians', 'plane', 'sine', 'wave', 'outliers'] as const;
export type ToyKind = (typeof TOY_KINDS)[number];

export interface ToySpec {
  kind: ToyKind;
  n: number;
  noise: number;  // 0..1
  seed: number;
}

export interface ToyData {
  csv: string;
  x: Float64Array;
  y: Float64Array;
  label: Float64Array;
  classification: boolean;
  range: { x: [number, number]; y: [number, number] };
  dims: 1 | 2;  // features: 'wave' and 'outliers' have one (x), and label is its y
  truth?: (x: number) => number;  // the function the one-feature data was drawn around
}

// The one-feature regression of the gradient boosting notes: y = f(x) + noise.
const WAVE = (x: number) => Math.sin(1.5 * x) + 0.3 * x;

// mulberry32: small, seeded, the same in every browser.
function rng(seed: number) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

export function makeToy(spec: ToySpec): ToyData {
  const random = rng(spec.seed * 2654435761 + 1);
  const normal = () => Math.sqrt(-2 * Math.log(1 - random())) * Math.cos(2 * Math.PI * random());
  const n = Math.max(10, Math.min(100000, Math.round(spec.n)));
  const x = new Float64Array(n), y = new Float64Array(n), label = new Float64Array(n);
  const s = spec.noise;
  const classification = !['plane', 'sine', 'wave', 'outliers'].includes(spec.kind);
  const oneFeature = spec.kind === 'wave' || spec.kind === 'outliers';
  for (let i = 0; i < n; i++) {
    let a = 0, b = 0, c = 0;
    switch (spec.kind) {
      case 'circles': {
        c = i % 2;
        const r = c ? 2.5 : 1, t = 2 * Math.PI * random();
        a = r * Math.cos(t) + s * normal();
        b = r * Math.sin(t) + s * normal();
        break;
      }
      case 'xor':
        a = 6 * random() - 3;
        b = 6 * random() - 3;
        c = a * b > 0 ? 1 : 0;
        a += s * normal();
        b += s * normal();
        break;
      case 'spiral': {
        c = i % 2;
        const t = 0.25 + 3.5 * random();
        const angle = 1.75 * t * Math.PI + c * Math.PI;
        a = t * Math.cos(angle) + s * normal();
        b = t * Math.sin(angle) + s * normal();
        break;
      }
      case 'gaussians':
        c = i % 3;
        a = [-1.5, 1.5, 0][c] + (0.6 + s) * normal();
        b = [-1, -1, 1.5][c] + (0.6 + s) * normal();
        break;
      case 'plane':
        a = 6 * random() - 3;
        b = 6 * random() - 3;
        c = 0.8 * a - 0.5 * b + 2 * s * normal();
        break;
      case 'sine':
        a = 6 * random() - 3;
        b = 6 * random() - 3;
        c = Math.sin(1.5 * a) + 0.3 * b + s * normal();
        break;
      case 'wave':
        a = 6 * random() - 3;
        c = WAVE(a) + 2 * s * normal();
        break;
      // The wave with one row in ten thrown 3 to 5 off it (a sensor's glitch, a typo): what squared error
      // chases and a robust loss (Huber's) shrugs off.
      case 'outliers': {
        a = 6 * random() - 3;
        const off = random() < 0.5 ? -1 : 1, size = 3 + 2 * random();
        c = WAVE(a) + 2 * s * normal() + (i % 10 === 3 ? off * size : 0);
        break;
      }
    }
    x[i] = a;
    y[i] = b;
    label[i] = c;
  }
  const lo = (v: Float64Array) => v.reduce((m, e) => Math.min(m, e), Infinity);
  const hi = (v: Float64Array) => v.reduce((m, e) => Math.max(m, e), -Infinity);
  const pad = (l: number, h: number): [number, number] => [l - 0.05 * (h - l), h + 0.05 * (h - l)];
  if (oneFeature) {
    const lines = ['x,y'];
    for (let i = 0; i < n; i++) lines.push(`${x[i].toFixed(4)},${label[i].toFixed(4)}`);
    // The picture's vertical range is the labels'.
    return { csv: lines.join('\n') + '\n', x, y: label, label, classification, range: { x: pad(lo(x), hi(x)), y: pad(lo(label), hi(label)) }, dims: 1, truth: WAVE };
  }
  const lines = ['x1,x2,y'];
  for (let i = 0; i < n; i++) lines.push(`${x[i].toFixed(4)},${y[i].toFixed(4)},${classification ? label[i] : label[i].toFixed(4)}`);
  return { csv: lines.join('\n') + '\n', x, y, label, classification, range: { x: pad(lo(x), hi(x)), y: pad(lo(y), hi(y)) }, dims: 2 };
}
