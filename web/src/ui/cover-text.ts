// What a tree node's "cover" counts, for the model's algorithm: the engine
// stores the sum of what the tree was fit to as h (XGBoost's cover), which
// is a row count only for some losses and algorithms.
import type { ModelInfo } from '../worker/messages';

export function coverMeaning(m: ModelInfo): string {
  switch (m.algorithm) {
    case 'xgboost':
      // h = 1 for squared error, and for the absolute and Huber losses as the engine grows their trees.
      if (['reg:squarederror', 'reg:absoluteerror', 'reg:quantileerror', 'reg:huber'].includes(m.objective))
        return `Σh over its training rows; h = 1 for ${m.objective === 'reg:squarederror' ? 'squared error' : m.objective.slice(4)}, so the number of rows (each times its sample weight)`;
      if (m.objective.startsWith('binary:logistic'))
        return 'Σh over its training rows, h = p(1 − p): rows the model is sure of add little, so it is not a row count';
      if (m.objective.startsWith('multi:'))
        return 'Σh over its training rows, h = 2pₖ(1 − pₖ) for the tree\'s class k: rows the model is sure of add little, so it is not a row count';
      return 'Σh over its training rows (the loss\'s second derivatives), not a row count';
    case 'gbdt':
      return 'the number of training rows reaching it (each times its sample weight)';
    case 'adaboost':
      return m.sampling === 'resample'
        ? 'the number of this round\'s draws reaching it (rows drawn ∝ u, with repeats)'
        : 'Σu, the AdaBoost weights of the training rows reaching it (all rows sum to 1)';
    case 'random_forest':
      return 'the number of bootstrap draws reaching it (a row drawn twice counts twice)';
    case 'gbrank':
      return 'the number of regression targets reaching it (a pair ordered wrongly gives each of its two rows one)';
    default:
      return 'Σh over its training rows';
  }
}
