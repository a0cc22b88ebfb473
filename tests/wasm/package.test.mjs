// The package as a user gets it: `npm pack`, installed into a fresh project,
// imported as an ES module and required from CommonJS on Node 20 and on Node
// 18 (the oldest `engines` names; build/node18 from scripts/setup.sh), and
// type-checked with `using` by TypeScript.
import assert from 'node:assert/strict';
import { execFileSync, spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { before, test } from 'node:test';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('../../', import.meta.url));
const NODES = [process.execPath, join(root, 'build/node18/bin/node')];
let project, tarball, files;

before(() => {
  const dir = mkdtempSync(join(tmpdir(), 'boostlab-pack-'));
  const packed = JSON.parse(execFileSync('npm', ['pack', '--json', '--pack-destination', dir], { cwd: join(root, 'wasm') }).toString());
  files = packed[0].files.map((f) => f.path);
  tarball = join(dir, packed[0].filename);
  project = join(dir, 'app');
  mkdirSync(project);
  writeFileSync(join(project, 'package.json'), JSON.stringify({ name: 'app', private: true }));
  execFileSync('npm', ['install', '--no-audit', '--no-fund', '--offline', tarball], { cwd: project, stdio: 'pipe' });
});

test('the tarball carries its README, LICENSE, types and both builds for Node and the web, and nothing else', () => {
  for (const f of ['README.md', 'LICENSE', 'package.json', 'js/index.js', 'js/index.cjs', 'js/index.d.ts', 'js/index.d.cts',
    'dist/node/boostlab-node-threads.wasm', 'dist/node/boostlab-node-simd.wasm', 'dist/web/boostlab-web-threads.mjs',
    'dist/web/boostlab-web-threads.worker.js', 'dist/web/boostlab-web-simd.wasm',
    // The example apps the README's recipes come from, and their data (a user had no way to reach them).
    'examples/README.md', 'examples/penguins.csv', 'examples/worker/train.worker.js', 'examples/vite/vite.config.js', 'examples/webpack/webpack.config.js'])
    assert.ok(files.includes(f), `${f} is in the tarball: ${files.join(', ')}`);
  assert.deepEqual(files.filter((f) => /scalar/.test(f)), [], 'the bench-only scalar build stays out');
  const readme = readFileSync(join(project, 'node_modules/boostlab/README.md'), 'utf8');
  for (const words of ['npm install boostlab', 'baseUrl', 'optimizeDeps', 'copy-webpack-plugin', 'Cross-Origin-Embedder-Policy', "require('boostlab')"])
    assert.ok(readme.includes(words), `the package README explains ${words}`);
  const pkg = JSON.parse(readFileSync(join(project, 'node_modules/boostlab/package.json'), 'utf8'));
  assert.equal(pkg.engines.node, '>=18');
});

const CSV = 'x,y\n' + Array.from({ length: 60 }, (_, i) => `${i},${((i * 7) % 5) + i / 8}`).join('\n') + '\n';
const ESM = `import { init, BoostLabError } from 'boostlab';
const bl = await init();
const t = bl.readCSV(${JSON.stringify(CSV)});
const d = t.toDataset({ target: 'y', validFraction: 0.2 });
const m = await bl.train(d, { rounds: 3 });
let code = '';
try { bl.readCSV(''); } catch (e) { code = e instanceof BoostLabError ? e.code : 'not a BoostLabError'; }
console.log(JSON.stringify({ trees: m.numTrees, p: m.predict(t).length, threads: bl.capabilities.threads, code }));
`;
const CJS = `const { init, load, BoostLabError } = require('boostlab');
(async () => {
  const bl = await init({ threads: false });
  const t = bl.readCSV(${JSON.stringify(CSV)});
  const m = await bl.train(t.toDataset({ target: 'y' }), { rounds: 2 });
  const esm = await load();
  let code = '';
  // instanceof the entry's own BoostLabError and the ES module's alike.
  try { bl.readCSV(''); } catch (e) { code = e instanceof BoostLabError && e instanceof esm.BoostLabError ? e.code : 'not a BoostLabError'; }
  console.log(JSON.stringify({ trees: m.numTrees, p: m.predict(t).length, threads: bl.capabilities.threads, code }));
})();
`;

for (const node of NODES) {
  const version = execFileSync(node, ['--version']).toString().trim();
  test(`installed from the tarball, it trains as an ES module and from CommonJS on Node ${version}`, () => {
    writeFileSync(join(project, 'esm.mjs'), ESM);
    writeFileSync(join(project, 'cjs.cjs'), CJS);
    const esm = JSON.parse(execFileSync(node, ['esm.mjs'], { cwd: project }).toString());
    assert.deepEqual(esm, { trees: 3, p: 60, threads: true, code: 'CSV_EMPTY' });
    const cjs = JSON.parse(execFileSync(node, ['cjs.cjs'], { cwd: project }).toString());
    assert.deepEqual(cjs, { trees: 2, p: 60, threads: false, code: 'CSV_EMPTY' });
  });
}

test('init() leaves the process\'s error handling to the app: no listeners added, an uncaught error exits 1 with its own message', () => {
  for (const threads of [true, false]) {
    writeFileSync(join(project, 'handlers.mjs'), `import { init } from 'boostlab';
const before = [process.listenerCount('uncaughtException'), process.listenerCount('unhandledRejection')];
await init({ threads: ${threads} });
await init({ threads: ${threads} });
const after = [process.listenerCount('uncaughtException'), process.listenerCount('unhandledRejection')];
console.log(JSON.stringify({ before, after }));
// The app's own handler keeps it alive through a rejection; then its own bug ends it.
process.on('unhandledRejection', (e) => console.log('handled: ' + e.message));
Promise.reject(new Error('a rejection'));
setTimeout(() => { throw new Error('my own app bug'); }, 20);
`);
    const run = spawnSync(process.execPath, ['handlers.mjs'], { cwd: project });
    const [first, second] = run.stdout.toString().trim().split('\n');
    const counts = JSON.parse(first);
    assert.deepEqual(counts.after, counts.before, `threads ${threads}: ${first}`);
    assert.equal(second, 'handled: a rejection');
    assert.equal(run.status, 1, `threads ${threads}: exit code`);
    const err = run.stderr.toString();
    assert.match(err, /Error: my own app bug/);
    assert.ok(err.length < 2000, `the error printed alone, not a line of the wasm glue (${err.length} characters)`);
  }
});

test('the README\'s Node example runs as written, next to spam.csv', () => {
  const readme = readFileSync(join(project, 'node_modules/boostlab/README.md'), 'utf8');
  const example = /## Node\n\n```js\n([\s\S]*?)```/.exec(readme)?.[1];
  assert.ok(example, 'the README has a Node example');
  writeFileSync(join(project, 'readme-node.mjs'), example);
  writeFileSync(join(project, 'spam.csv'), readFileSync(join(root, 'tests/data/spam.csv')));
  const out = execFileSync(process.execPath, ['readme-node.mjs'], { cwd: project }).toString().trim().split('\n');
  assert.equal(out.length, 101, 'the task and notes, then a line per round');
  assert.match(out[0], /^binary \[\]$/, 'spam trains as binary; nothing to note');
  for (const f of ['model.json', 'model.blm', 'model.xgb.json']) assert.ok(readFileSync(join(project, f)).length > 1000, f);
});

test('TypeScript type-checks a program that uses the package with `using`, both ways, and rejects a wrong one', () => {
  const tsc = join(root, 'node_modules/typescript/bin/tsc');
  writeFileSync(join(project, 'tsconfig.json'), JSON.stringify({
    compilerOptions: { target: 'es2022', module: 'nodenext', moduleResolution: 'nodenext', strict: true, noEmit: true,
      lib: ['es2022', 'esnext.disposable', 'dom'], types: [] },
    files: ['good.mts', 'good.cts'],
  }));
  writeFileSync(join(project, 'good.mts'), `import { init, type Params, type ScaleOutOptions } from 'boostlab';
const bl = await init();
using table = bl.readCSV('x,y\\n1,2\\n');
using data = table.toDataset({ target: 'y', validRows: new Int32Array([0]) });
const params: Params = { rounds: 2, algorithm: 'gbdt', eval_train: 0 };
using model = await bl.train(data, params);
const rows: Uint32Array = data.validRows();
const p: Float32Array = model.predict(table, { output: 'margin' });
const script: string = model.scaleOutScript({ engine: 'dask', csv: 'a.csv' } satisfies ScaleOutOptions);
console.log(rows, p, script);
`);
  writeFileSync(join(project, 'good.cts'), `import boostlab = require('boostlab');
async function main() {
  const bl = await boostlab.init();
  using table = bl.readCSV('x,y\\n1,2\\n');
  const mod = await boostlab.load();
  const e: typeof mod.BoostLabError = mod.BoostLabError;
  console.log(table.numRows, e);
}
main();
`);
  execFileSync(process.execPath, [tsc, '-p', project], { cwd: project });
  writeFileSync(join(project, 'bad.mts'), `import { init, Model } from 'boostlab';
const bl = await init();
using table = bl.readCSV('x\\n1\\n');
table.toDataset({ target: 3 });
new Model().predict(table);
await bl.readCSVStream('flights.csv');
`);
  writeFileSync(join(project, 'tsconfig.json'), readFileSync(join(project, 'tsconfig.json'), 'utf8').replace('"good.mts","good.cts"', '"bad.mts"'));
  assert.throws(() => execFileSync(process.execPath, [tsc, '-p', project], { cwd: project, stdio: 'pipe' }),
    (e) => {
      const out = e.stdout.toString();
      assert.match(out, /bad\.mts\(4,.*error TS2322/, 'a number where a column name belongs');
      assert.match(out, /bad\.mts\(5,.*error TS2673/, 'new Model(): the package makes models');
      assert.match(out, /bad\.mts\(6,.*error TS2345/, 'a file name where a stream belongs');
      return true;
    });
});

// What TypeScript says is there must be there when the program runs: under module commonjs with
// moduleResolution node10 (package.json's "types") the types said BoostLabError was exported, and
// at run time it was undefined; a DOM-only lib with skipLibCheck false had four Symbol.dispose errors.
test('the types are true under every module resolution and lib set: compiled and run, not only checked', () => {
  const tsc = join(root, 'node_modules/typescript/bin/tsc');
  const dir = join(project, 'resolutions');
  mkdirSync(dir, { recursive: true });
  writeFileSync(join(dir, 'main.ts'), `import { init, load, BoostLabError, type Table } from 'boostlab';
async function main() {
  const bl = await init({ threads: false });
  let code = '';
  try { bl.readCSV(''); } catch (e) { if (e instanceof BoostLabError) code = e.code; }
  const t: Table = bl.readCSV('a\\n1\\n');
  const mod = await load();
  console.log(JSON.stringify({ code, rows: t.numRows, error: typeof BoostLabError, module: typeof mod.init }));
}
main();
`);
  const configs = [
    { module: 'commonjs', moduleResolution: 'node10', lib: ['es2022', 'dom'] },
    { module: 'commonjs', moduleResolution: 'node10', lib: ['es2022', 'esnext.disposable', 'dom'] },
    { module: 'node16', moduleResolution: 'node16', lib: ['es2022', 'dom'] },
    { module: 'nodenext', moduleResolution: 'nodenext', lib: ['esnext', 'dom'] },
    { module: 'es2022', moduleResolution: 'bundler', lib: ['es2022', 'dom'], noEmit: true },
  ];
  for (const c of configs) {
    const what = JSON.stringify(c);
    writeFileSync(join(dir, 'tsconfig.json'), JSON.stringify({
      compilerOptions: { target: 'es2022', strict: true, skipLibCheck: false, types: [], outDir: 'out', ...c }, files: ['main.ts'] }));
    const checked = spawnSync(process.execPath, [tsc, '-p', dir], { cwd: dir });
    assert.equal(checked.status, 0, `${what}: ${checked.stdout}`);
    if (c.noEmit) continue;
    // (The project's package.json has no "type": main.js is CommonJS, as these settings emit it.)
    const out = JSON.parse(execFileSync(process.execPath, [join(dir, 'out/main.js')], { cwd: dir }).toString());
    assert.deepEqual(out, { code: 'CSV_EMPTY', rows: 1, error: 'function', module: 'function' }, what);
  }
});
