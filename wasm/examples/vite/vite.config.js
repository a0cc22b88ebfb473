// The engine is served from public/boostlab/ (copied by `npm run copy-engine`),
// never bundled: Vite's pre-bundling leaves the package alone. The headers make
// the page cross-origin isolated, so the engine can use threads.
const isolation = { 'Cross-Origin-Opener-Policy': 'same-origin', 'Cross-Origin-Embedder-Policy': 'require-corp' };

export default {
  optimizeDeps: { exclude: ['boostlab'] },
  server: { headers: isolation },
  preview: { headers: isolation },
};
