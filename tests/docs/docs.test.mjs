// The documents stay true where a test can tell: every relative link (and
// #anchor) resolves, every repository path they name in code spans exists, the
// README fits on a screen or two, and the API reference generates from the
// package's types without a warning.
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { test } from 'node:test';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('../../', import.meta.url));
const DOCS = ['README.md', 'wasm/README.md', 'wasm/examples/README.md', ...readdirSync(join(root, 'docs')).filter((f) => f.endsWith('.md')).map((f) => `docs/${f}`)];

// GitHub's anchor for a heading: lower case, punctuation dropped, spaces as hyphens.
const anchor = (heading) => heading.trim().toLowerCase().replace(/[^\w\- ]/g, '').replace(/ /g, '-');
const anchorsOf = (file) => readFileSync(file, 'utf8').split('\n').filter((l) => /^#+ /.test(l)).map((l) => anchor(l.replace(/^#+ /, '')));

test('every relative link in the documents reaches a file, and its #anchor a heading there', () => {
  let links = 0;
  for (const doc of DOCS) {
    const text = readFileSync(join(root, doc), 'utf8');
    for (const [, target] of text.matchAll(/\]\(([^)\s]+)\)/g)) {
      if (/^[a-z]+:/.test(target)) continue;  // http:, https:, mailto:
      const [path, hash] = target.split('#');
      const file = path ? join(root, dirname(doc), path) : join(root, doc);
      assert.ok(existsSync(file), `${doc} links to ${target}: no such file`);
      if (hash) assert.ok(anchorsOf(file).includes(hash), `${doc} links to ${target}: no such heading`);
      links++;
    }
  }
  assert.ok(links >= 10, `${links} links checked`);
});

test('every repository path the documents name in code exists', () => {
  const missing = [];
  for (const doc of DOCS) {
    const text = readFileSync(join(root, doc), 'utf8');
    for (const [, span] of text.matchAll(/`([^`\n]+)`/g)) {
      const path = span.split(' ')[0];
      if (!/^(core|wasm\/js|wasm\/examples|web\/src|web\/public|tests|scripts|bench|docs)\//.test(path) || /[{}*<>]|\.\.\./.test(path)) continue;
      if (!existsSync(join(root, path))) missing.push(`${doc}: ${path}`);
    }
  }
  assert.deepEqual(missing, []);
});

test('the README fits on a screen or two and links the documents', () => {
  const readme = readFileSync(join(root, 'README.md'), 'utf8');
  const lines = readme.trimEnd().split('\n').length;
  assert.ok(lines <= 80, `README.md has ${lines} lines`);
  for (const doc of ['docs/playground.md', 'docs/package.md', 'docs/interop.md', 'docs/architecture.md', 'wasm/examples/README.md'])
    assert.ok(readme.includes(`](${doc}`), `README.md links ${doc}`);
  assert.match(readme, /^npm test /m, 'the test command CI runs');
});

test('the API reference generates from the package\'s types with no warning, a page for each class', () => {
  execFileSync('bash', [join(root, 'scripts/build-docs.sh')], { cwd: root, stdio: 'pipe' });
  const api = join(root, 'build/docs/api');
  for (const name of ['BoostLab', 'Model', 'Trainer', 'Table', 'Dataset', 'BoostLabError'])
    assert.ok(existsSync(join(api, `classes/index.${name}.html`)), `a page for ${name}`);
  assert.ok(readFileSync(join(api, 'functions/index.init.html'), 'utf8').includes('ENGINE_MISMATCH'), 'init() documented from its types');
});

test('the package README\'s bundler recipes are the example apps\' own files, as they are', () => {
  const readme = readFileSync(join(root, 'wasm/README.md'), 'utf8');
  const blocks = [...readme.matchAll(/<!-- (\S+)( scripts)? -->\n```\w+\n([\s\S]*?)\n```/g)];
  assert.equal(blocks.length, 4, 'the Vite scripts and config, the webpack config, the worker');
  for (const [, path, scripts, block] of blocks) {
    const file = readFileSync(join(root, path), 'utf8');
    if (scripts) assert.deepEqual(JSON.parse(block), JSON.parse(file).scripts, `${path}'s scripts`);
    else assert.equal(block, file.trimEnd(), path);
  }
});

test('ErrorCode in the package\'s types lists every code the source throws, and no other', () => {
  const union = /export type ErrorCode =([^;]*);/.exec(readFileSync(join(root, 'wasm/js/index.d.ts'), 'utf8'))?.[1];
  assert.ok(union, 'index.d.ts declares ErrorCode');
  const listed = [...union.matchAll(/'([A-Z_]+)'/g)].map((m) => m[1]).sort();
  const files = [...readdirSync(join(root, 'core/src'), { recursive: true }).filter((f) => /\.(cc|h)$/.test(f)).map((f) => join('core/src', f)),
    'wasm/bindings.cc', ...readdirSync(join(root, 'wasm/js')).filter((f) => f.endsWith('.js')).map((f) => join('wasm/js', f))];
  const thrown = new Set();
  for (const file of files) {
    const text = readFileSync(join(root, file), 'utf8');
    // A code thrown where it is named (Error("X"), Failure("X"), { code: 'X' }), or passed on to a function that
    // throws it: any quoted UPPER_SNAKE word but the one that is no code.
    for (const m of text.matchAll(/(?:Error|Failure)\(\s*"([A-Z_]+)"|code: '([A-Z_]+)'|["']([A-Z]{2,}(?:_[A-Z0-9]+)+)["']/g)) {
      const code = m[1] ?? m[2] ?? m[3];
      if (code !== 'PYSPARK_PYTHON') thrown.add(code);  // an environment variable the Spark script sets
    }
  }
  assert.deepEqual(listed, [...thrown].sort());
});
