// The engine is served from public/boostlab/ (copied by `npm run copy-engine`),
// never bundled: Vite's pre-bundling leaves the package alone. The headers make
// the page cross-origin isolated, so the engine can use threads.
const isolation = { 'Cross-Origin-Opener-Policy': 'same-origin', 'Cross-Origin-Embedder-Policy': 'require-corp' };

export default {
  optimizeDeps: { exclude: ['boostlab'] },
  // The sample CSV sits beside the examples, outside this folder: the dev server may serve it.
  server: { headers: isolation, fs: { allow: ['..'] } },
  preview: { headers: isolation },
};
