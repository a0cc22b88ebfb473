// The options objects the package's JavaScript takes (init's, train's,
// predict's, …): a misspelt key is refused, naming the keys there are, as the
// engine refuses a misspelt CSV option or parameter (a typo silently ignored
// was an abort signal that never aborted, or probabilities for 'class').
import { BoostLabError } from './errors.js';

// Levenshtein distance, for "did you mean"; names are short.
function distance(a, b) {
  let row = Array.from({ length: b.length + 1 }, (_, j) => j);
  for (let i = 1; i <= a.length; i++) {
    const next = [i];
    for (let j = 1; j <= b.length; j++) next[j] = Math.min(row[j] + 1, next[j - 1] + 1, row[j - 1] + (a[i - 1] === b[j - 1] ? 0 : 1));
    row = next;
  }
  return row[b.length];
}

// The known name a misspelt one most likely meant, or ''.
export function nearest(name, known) {
  const lower = String(name).toLowerCase();
  if (lower.length > 64) return '';  // no typo of a known name; and the distance costs its length
  let best = '', bestDistance = 3;
  for (const k of known) {
    const d = distance(lower, k.toLowerCase());
    if (d < bestDistance) [best, bestDistance] = [k, d];
  }
  return best;
}

const describe = (v) => (v === null ? 'null' : Array.isArray(v) ? 'an array' : typeof v === 'string' ? `the string '${v}'` : typeof v);

// `options` (undefined or null: none) checked against the keys `what` takes; returned as an object.
export function checkOptions(what, options, known) {
  if (options === undefined || options === null) return {};
  if (typeof options !== 'object' || Array.isArray(options))
    throw new BoostLabError({ code: 'BAD_ARGUMENT', message: `${what} takes an options object { ${known.join(', ')} }, not ${describe(options)}.` });
  for (const key of Object.keys(options)) {
    if (known.includes(key)) continue;
    const guess = nearest(key, known);
    throw new BoostLabError({ code: 'BAD_OPTION', message: `Unknown ${what} option '${key}'${guess ? ` (did you mean '${guess}'?)` : ''}; it takes ${known.join(', ')}.` });
  }
  return options;
}

// A callback option: absent, or a function.
export function checkFunction(what, name, f) {
  if (f !== undefined && f !== null && typeof f !== 'function')
    throw new BoostLabError({ code: 'BAD_ARGUMENT', message: `${what}'s ${name} is a function, not ${describe(f)}.` });
}

// An abort signal option: absent, or something with `aborted` (an AbortSignal).
export function checkSignal(what, signal) {
  if (signal !== undefined && signal !== null && (typeof signal !== 'object' || !('aborted' in signal)))
    throw new BoostLabError({ code: 'BAD_ARGUMENT', message: `${what}'s signal is an AbortSignal (new AbortController().signal), not ${describe(signal)}.` });
}
