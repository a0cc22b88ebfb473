// The page and the engine's files copied beside the bundle (boostlab/), which
// init({ baseUrl: '/boostlab/' }) loads: webpack leaves the package's import of
// the engine alone (/* webpackIgnore: true */). Serve dist/ with the headers
// Cross-Origin-Opener-Policy: same-origin and Cross-Origin-Embedder-Policy:
// require-corp for threads; without them the engine runs on one thread.
import CopyPlugin from 'copy-webpack-plugin';
import { fileURLToPath } from 'node:url';

export default {
  mode: 'production',
  entry: './app.js',
  output: { path: fileURLToPath(new URL('./dist', import.meta.url)), filename: 'main.js', clean: true },
  plugins: [new CopyPlugin({ patterns: ['index.html', { from: 'node_modules/boostlab/dist/web', to: 'boostlab' }] })],
};
