// Axis numbers shared by the figures drawn in SVG.

// A tick's number: short (1.25, 2500, 200k, 3M), never a float's long tail.
export const tickText = (t: number) => {
  const a = Math.abs(t);
  if (a >= 1e9) return t.toExponential(0).replace('+', '');
  if (a >= 1e6) return `${Number((t / 1e6).toPrecision(3))}M`;
  if (a >= 1e4) return `${Number((t / 1e3).toPrecision(3))}k`;
  return t === 0 ? '0' : String(Number(t.toPrecision(3)));
};

// Round ticks (steps of 1, 2 or 5 times a power of ten) covering [lo, hi], about `count` of them.
export function roundTicks(lo: number, hi: number, count = 5): number[] {
  if (!(hi > lo)) return [lo];
  const raw = (hi - lo) / count, p = 10 ** Math.floor(Math.log10(raw));
  const step = [1, 2, 5, 10].map((m) => m * p).find((s) => s >= raw) ?? 10 * p;
  const out: number[] = [];
  for (let t = Math.ceil(lo / step) * step; t <= hi + step * 1e-9; t += step) out.push(Number(t.toPrecision(12)));
  return out;
}
