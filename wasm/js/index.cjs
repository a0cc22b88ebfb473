// CommonJS entry: require('boostlab') works on Node 18 and later without
// flags. The package is an ES module; this entry loads it on first use, and
// since init() is asynchronous anyway it is the same call both ways:
//
//   const { init } = require('boostlab');
//   const bl = await init();
//
// The ES module's other exports come from `await require('boostlab').load()`.
// BoostLabError is here at once: a twin of the ES module's class (errors.js),
// for which `e instanceof BoostLabError` is true of any error the package throws.
'use strict';

let loaded = null;
const load = () => (loaded ??= import('./index.js'));

class BoostLabError extends Error {
  constructor({ code, message, line = 0, column = 0 }) {
    super(message);
    this.name = 'BoostLabError';
    this.code = code;
    this.line = line;
    this.column = column;
  }
  static [Symbol.hasInstance](e) {
    return e instanceof Error && e.name === 'BoostLabError' && typeof e.code === 'string';
  }
}

exports.load = load;
exports.init = async (options) => (await load()).init(options);
exports.BoostLabError = BoostLabError;
