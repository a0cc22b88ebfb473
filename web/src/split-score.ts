// A side's score in a split's gain, as the engine computes it
// (core/src/tree/split_finder.h), for the page and the worker alike:
// XGBoost's T(G)^2/(H + lambda), with G moved towards 0 by alpha (L1) and,
// with max_delta_step, the score of the capped weight; AdaBoost's trees, fit
// to (g, h) = (-u·y, u), by Gini (G^2/H) or by the weight of the heavier class
// (split criterion "error").
export interface Reg { lambda: number; alpha: number; maxDelta: number; minChildWeight: number; error?: boolean }

export const soft = (g: number, alpha: number) => (g > alpha ? g - alpha : g < -alpha ? g + alpha : 0);

export const weight = (g: number, h: number, r: Reg) => {
  const w = -soft(g, r.alpha) / (h + r.lambda);
  return r.maxDelta > 0 && Math.abs(w) > r.maxDelta ? Math.sign(w) * r.maxDelta : w;
};

// Without the min_child_weight test (the node inspector scores sides that stood).
export const score = (g: number, h: number, r: Reg) => {
  if (r.error) return Math.max(-g, h + g);
  if (r.maxDelta === 0) return soft(g, r.alpha) ** 2 / (h + r.lambda);
  const w = weight(g, h, r);
  return -(2 * g * w + (h + r.lambda) * w * w) + (r.alpha !== 0 ? r.alpha * Math.abs(w) : 0);
};

// A candidate's gain as the split search ranks it (the bracket, without ½ and
// γ), or NaN when a side holds less than min_child_weight (it cannot stand).
export function candidateGain(gl: number, hl: number, gr: number, hr: number, r: Reg): number {
  if (hl < r.minChildWeight || hr < r.minChildWeight || hl <= 0 || hr <= 0) return NaN;
  return score(gl, hl, r) + score(gr, hr, r) - score(gl + gr, hl + hr, r);
}
