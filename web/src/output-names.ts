// What the page calls output k of a model: the class it scores, or, for a
// model of several quantiles, the quantile it predicts.
export interface Outputs {
  classes: string[];
  quantiles?: number[];
}

export function outputName(m: Outputs | null | undefined, k: number): string {
  if (m?.quantiles && m.quantiles.length > 1) return `the ${m.quantiles[k] ?? k} quantile`;
  return `class ${m?.classes[k] ?? k}`;
}

// Which of several quantiles plays which part where the page draws them: the one
// nearest the median as the prediction, the lowest and highest as the band's edges
// (whatever order quantile_alpha listed them in).
export function quantileRoles(quantiles: readonly number[]): { middle: number; low: number; high: number } {
  let middle = 0, low = 0, high = 0;
  quantiles.forEach((a, k) => {
    if (Math.abs(a - 0.5) < Math.abs(quantiles[middle] - 0.5)) middle = k;
    if (a < quantiles[low]) low = k;
    if (a > quantiles[high]) high = k;
  });
  return { middle, low, high };
}

// The alpha of each output of a model of several quantiles, from its summary ([] for any other model,
// one quantile included: it has one output, not a band).
export function quantilesOf(s: { objective?: string; num_outputs: number; params?: { quantile_alpha?: number | number[] } }): number[] {
  return s.objective === 'reg:quantileerror' && s.num_outputs > 1 ? [s.params?.quantile_alpha ?? []].flat().map(Number) : [];
}

// What a two-class model's SHAP values (and interactions) add up to: a forest votes probabilities; a
// score F is the log-odds, except where the model's probability is σ(2F) (AdaBoost with the notes'
// vote, and Real AdaBoost), where it is half of them (it was called the log-odds there too).
export function binaryScale(m: { algorithm?: string; vote?: string; variant?: string } | null | undefined, positive: string): string {
  if (m?.algorithm === 'random_forest') return `probability of ${positive}`;
  if (m?.algorithm === 'adaboost' && (m.vote === 'freund_schapire' || m.variant === 'samme_r')) return `score F of ${positive} (half its log-odds: p = σ(2F))`;
  return `log-odds of ${positive}`;
}
