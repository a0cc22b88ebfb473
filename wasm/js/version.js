// This package's version, as in package.json (tests/wasm/package.test.mjs
// holds them equal). The engine files say theirs (engineVersion()): init()
// refuses a pair from different versions, as happens when a site keeps old
// copies of dist/web/ beside a newer JavaScript.
export const VERSION = '0.1.0';
