// Finds and instantiates the right wasm build: Node builds under Node,
// SIMD + threads on cross-origin-isolated pages, SIMD only elsewhere.
import { BoostLabError } from './errors.js';
import { VERSION } from './version.js';

// The builds there are (node-scalar only in the repository, for the bench: not named to users).
const BUILDS = ['node-threads', 'node-simd', 'node-scalar', 'web-threads', 'web-simd'];
const SHIPPED = BUILDS.filter((b) => b !== 'node-scalar');

// One engine a build (a page, a worker or a Node process): init() called twice (two modules of an app, React's
// StrictMode running an effect twice) returns the same engine, so a Table made by one is trained on by the other
// (two engines' objects met as "Expected an instance of Dataset, got an instance of Dataset", and each held its own
// heap and threads). Keyed by the file loaded; a load that failed, or an engine that aborted since (a trap), is
// forgotten: the next init() loads afresh, as it did before engines were shared.
const loaded = new Map();
function once(key, load) {
  if (!loaded.has(key)) {
    const forget = () => loaded.delete(key);
    loaded.set(key, load({ onAbort: forget }).catch((e) => { forget(); throw e; }));
  }
  return loaded.get(key);
}

const isNode = typeof process !== 'undefined' && !!process.versions?.node && typeof window === 'undefined';

export function canUseThreads() {
  if (typeof SharedArrayBuffer === 'undefined') return false;
  return isNode || globalThis.crossOriginIsolated === true;
}

function packageDir() {
  const here = import.meta.url;
  return here.slice(0, here.lastIndexOf('/') + 1) + '../';
}

async function loadNode(variant, settings) {
  // Specifiers in variables keep browser bundlers from following them.
  const moduleSpec = 'node:module', fsSpec = 'node:fs', urlSpec = 'node:url';
  const { createRequire } = await import(/* webpackIgnore: true */ /* @vite-ignore */ moduleSpec);
  const { readFileSync } = await import(/* webpackIgnore: true */ /* @vite-ignore */ fsSpec);
  const { fileURLToPath } = await import(/* webpackIgnore: true */ /* @vite-ignore */ urlSpec);
  const base = packageDir() + 'dist/node/boostlab-' + variant;
  let factory;
  try {
    factory = createRequire(import.meta.url)(fileURLToPath(base + '.js'));
  } catch (e) {
    throw new BoostLabError({ code: 'ENGINE_NOT_FOUND', message: `The engine ${fileURLToPath(base + '.js')} could not be loaded (${e?.message?.split('\n')[0] ?? e}).` });
  }
  // Emscripten 3.1.6 would fetch() a file path under Node 20; hand it the bytes.
  const module = await factory({ wasmBinary: readFileSync(new URL(base + '.wasm')), ...settings });
  // Idle pthread workers must not keep Node alive after the caller is done.
  const pthreads = module.PThread;
  if (pthreads) for (const w of [...pthreads.unusedWorkers, ...pthreads.runningWorkers]) w.unref?.();
  return module;
}

// A dedicated, shared or service worker: `location` is the worker script's.
const inWorker = () => typeof globalThis.WorkerGlobalScope !== 'undefined' && globalThis instanceof globalThis.WorkerGlobalScope;

// A folder given as a path ('/boostlab/', 'static/wasm') is resolved against
// the page's address, in a worker the worker script's; the last slash may be left out.
function browserUrl(variant, baseUrl) {
  let base = packageDir() + 'dist/web/';
  if (baseUrl !== undefined) {
    const folder = String(baseUrl).endsWith('/') ? String(baseUrl) : String(baseUrl) + '/';
    try {
      base = new URL(folder, globalThis.location?.href).href;
    } catch {
      throw new BoostLabError({ code: 'BAD_OPTION', message: `init()'s baseUrl '${baseUrl}' is not a URL or a path to the folder holding boostlab-web-*.mjs.` });
    }
  }
  return new URL('boostlab-' + variant + '.mjs', base).href;
}

async function loadBrowser(url, baseUrl, settings) {
  // The engine's files are served beside the page, never bundled: a bundler
  // must leave this import alone (Vite's comment, and webpack's, which would
  // otherwise make it an empty context module that fails on every load).
  let factory;
  try {
    ({ default: factory } = await import(/* webpackIgnore: true */ /* @vite-ignore */ url));
  } catch (e) {
    // A bundle built without baseUrl points at the package's own folder (under Vite's build a path
    // that is not served; under webpack a file:// path of the machine that built it).
    throw new BoostLabError({ code: 'ENGINE_NOT_FOUND', message: `The engine ${url} could not be loaded (${e?.message ?? e}). ` +
      `A bundler does not copy it: serve the files of the package's dist/web/ folder (boostlab-web-threads.mjs, .wasm and ` +
      `.worker.js; boostlab-web-simd.mjs and .wasm) from your site and give their folder as init({ baseUrl: '/boostlab/' }).` +
      // In a worker a relative path is the worker script's, not the page's (a helper's 'boostlab' went to /assets/boostlab/).
      (inWorker() && baseUrl !== undefined && !/^(\/|[a-z][a-z0-9+.-]*:)/i.test(String(baseUrl))
        ? ` In a worker, '${baseUrl}' is resolved against the worker script's address (${globalThis.location?.href}): give a path from the site's root or a full URL.`
        : '') });
  }
  return factory(settings);
}

let threadsNoteShown = false;

// (A page's engine is keyed by its resolved address: '/x', '/x/' and the default folder are one engine where they are one file.)
function loadBuild(name, baseUrl) {
  if (isNode) return once(name, (settings) => loadNode(name, settings));
  const url = browserUrl(name, baseUrl);
  return once(url, (settings) => loadBrowser(url, baseUrl, settings));
}

// The engine's files must be of this JavaScript's version.
function checkVersion(module, where) {
  const engine = typeof module.engineVersion === 'function' ? module.engineVersion() : 'before 0.1.0';
  if (engine !== VERSION) {
    throw new BoostLabError({ code: 'ENGINE_MISMATCH', message: `The engine files (${where}) are of boostlab ${engine}; this JavaScript is of ` +
      `boostlab ${VERSION}. Copy the engine files of this same version (the package's dist/web/ folder) where init({ baseUrl }) points.` });
  }
  return module;
}

export async function loadModule({ threads, baseUrl, build } = {}) {
  if (build) {  // a named build, e.g. the bench's node-scalar
    if (!BUILDS.includes(build) || build.startsWith('node') !== isNode)
      throw new BoostLabError({ code: 'BAD_OPTION', message: `init()'s build '${build}' is not one of this ${isNode ? 'Node' : 'browser'} package's: ${SHIPPED.filter((b) => b.startsWith('node') === isNode).join(', ')}.` });
    const module = checkVersion(await loadBuild(build, baseUrl), 'boostlab-' + build);
    return { module, build, threads: build.includes('threads') };
  }
  const useThreads = threads ?? canUseThreads();
  if (threads === undefined && !useThreads && !isNode && !threadsNoteShown) {
    // Said once a page: threads turned off without a word looked like a slow engine.
    threadsNoteShown = true;
    console.info('BoostLab runs on one thread here: the page is not cross-origin isolated. For threads, serve it with ' +
      'Cross-Origin-Opener-Policy: same-origin and Cross-Origin-Embedder-Policy: require-corp; init({ threads: false }) keeps one thread without this note.');
  }
  if (useThreads && !canUseThreads()) {
    throw new BoostLabError({ code: 'NO_THREADS', message: 'Threads need SharedArrayBuffer: serve the page with the headers Cross-Origin-Opener-Policy: same-origin and Cross-Origin-Embedder-Policy: require-corp (crossOriginIsolated), or init({ threads: false }).' });
  }
  const variant = useThreads ? 'threads' : 'simd';
  const name = (isNode ? 'node-' : 'web-') + variant;
  const module = checkVersion(await loadBuild(name, baseUrl), 'boostlab-' + name);
  return { module, build: name, threads: useThreads };
}
