// The one error type the package throws. `code` is stable for programs; the
// message is written for people and names the line and column where known.
export class BoostLabError extends Error {
  constructor({ code, message, line = 0, column = 0 }) {
    super(message);
    this.name = 'BoostLabError';
    this.code = code;
    this.line = line;
    this.column = column;
  }
  // The CommonJS entry (index.cjs) cannot hand out this class before the ES
  // module loads, so it declares its own twin: `instanceof` either one is true
  // of an error from either, by what the error is (its name and code).
  static [Symbol.hasInstance](e) {
    return e instanceof Error && e.name === 'BoostLabError' && typeof e.code === 'string';
  }
}

// Bindings return {ok, value} or {ok:false, error}; this unwraps or throws.
export function unwrap(result) {
  if (result.ok) return result.value;
  throw new BoostLabError(result.error);
}

// What a callback returned, awaited when it is a promise (an async onRound): its rejection rejects the call that made
// it instead of going unhandled (a Node process exits on one), and its work ends before the next round. A plain
// return is awaited as undefined: one microtask, no turn of the event loop.
export function settle(value) {
  return value !== null && typeof value === 'object' && typeof value.then === 'function' ? value : undefined;
}
