import { defineConfig } from 'vite';
import { readdirSync, statSync, writeFileSync } from 'node:fs';
import { join, relative, resolve, sep } from 'node:path';

const isolation = {
  'Cross-Origin-Opener-Policy': 'same-origin',
  'Cross-Origin-Embedder-Policy': 'require-corp',
};

function filesUnder(dir) {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    return statSync(path).isDirectory() ? filesUnder(path) : [path];
  });
}

// Writes dist/precache.json: every file of the built site, which the service
// worker (public/sw.js) caches at install so the page works offline.
function precacheList() {
  let outDir = 'dist';
  return {
    name: 'boostlab-precache-list',
    apply: 'build',
    configResolved(config) { outDir = resolve(config.root, config.build.outDir); },
    closeBundle() {
      const files = filesUnder(outDir).map((f) => relative(outDir, f).split(sep).join('/'))
        .filter((f) => f !== 'sw.js' && f !== 'precache.json').sort();
      writeFileSync(join(outDir, 'precache.json'), JSON.stringify({ files }, null, 1));
    },
  };
}

export default defineConfig({
  base: './',  // the built site works from any folder of any static host
  build: { outDir: 'dist', emptyOutDir: true, target: 'es2022' },
  worker: { format: 'es' },
  server: { headers: isolation, port: 5173 },
  preview: { headers: isolation, port: 5173 },
  plugins: [precacheList()],
});
