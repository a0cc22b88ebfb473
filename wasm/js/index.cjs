// CommonJS entry: require('boostlab') works on Node 18 and later without
// flags. The package is an ES module; this entry loads it on first use, and
// since init() is asynchronous anyway it is the same call both ways:
//
//   const { init } = require('boostlab');
//   const bl = await init();
//
// The ES module's other exports (BoostLabError, for instanceof) come from
// `await require('boostlab').load()`.
'use strict';

let loaded = null;
const load = () => (loaded ??= import('./index.js'));

exports.load = load;
exports.init = async (options) => (await load()).init(options);
