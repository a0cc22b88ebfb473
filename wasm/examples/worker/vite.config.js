// As the Vite example's, and the worker bundled as an ES module (it imports the package).
const isolation = { 'Cross-Origin-Opener-Policy': 'same-origin', 'Cross-Origin-Embedder-Policy': 'require-corp' };

export default {
  optimizeDeps: { exclude: ['boostlab'] },
  worker: { format: 'es' },
  server: { headers: isolation, fs: { allow: ['..'] } },  // (the sample CSV sits beside the examples)
  preview: { headers: isolation },
};
