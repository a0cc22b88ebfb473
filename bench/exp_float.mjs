// The core's e^x (core/src/util/exp_float.h) on every float, natively
// against glibc's expf and in wasm against musl's, the wasm build's own (see
// bench/exp_float.cc). Not part of `npm run bench` (about 6 minutes on this
// machine: 2^32 floats twice); run it after changing exp_float.cc:
//   node bench/exp_float.mjs
// Exits 1 unless the wasm side equals musl's expf on every float and the
// vector form equals the scalar one on both.
import { execFileSync } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const out = join(root, 'build/exp-float');
mkdirSync(out, { recursive: true });
writeFileSync(join(out, 'package.json'), '{"type":"commonjs"}\n');  // Emscripten's .js is CommonJS; the repo's package is "module"
const run = (cmd, args, env = {}) => {
  try {
    return execFileSync(cmd, args, { cwd: root, env: { ...process.env, ...env }, stdio: ['ignore', 'pipe', 'pipe'] }).toString();
  } catch (e) {
    console.error(`${cmd} failed:\n${String(e.stderr).split('\n').slice(-8).map((l) => l.slice(0, 300)).join('\n')}`);
    process.exit(2);
  }
};

run('cmake', ['-S', '.', '-B', 'build/native', '-DCMAKE_BUILD_TYPE=Release']);
run('cmake', ['--build', 'build/native', '--target', 'boostlab-exp-float', '-j2']);
const native = JSON.parse(run(join(root, 'build/native/boostlab-exp-float'), []).trim());
console.log(`native (glibc's expf): ${JSON.stringify(native)}`);

// The same program for wasm (SIMD, as the engine's builds), its libm musl's; Emscripten 3.1.6's
// runtime needs Node's fetch off to read its .wasm (TOOLCHAIN.md).
run('em++', ['-O2', '-std=c++20', '-msimd128', '-ffp-contract=off', '-sENVIRONMENT=node', '-Icore/src',
  'bench/exp_float.cc', 'core/src/util/exp_float.cc', '-o', join(out, 'exp_float.js')], { NODE_PATH: '/usr/share/nodejs' });
const wasm = JSON.parse(run(process.execPath, ['--no-experimental-fetch', join(out, 'exp_float.js')]).trim());
console.log(`wasm (musl's expf):    ${JSON.stringify(wasm)}`);
const ok = native.vector_differs === 0 && wasm.vector_differs === 0 && wasm.libm_differs === 0;
console.log(ok ? 'exp_float: musl\'s bits on every float, in both forms' : 'exp_float: MISMATCH');
process.exit(ok ? 0 : 1);
