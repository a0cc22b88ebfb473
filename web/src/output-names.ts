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
