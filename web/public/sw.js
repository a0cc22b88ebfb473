// BoostLab's service worker. Two jobs:
//  1. Offline after the first visit: at install it caches every file of the
//     built site (precache.json, written by the build), and it answers from
//     the cache when the network fails. Online it always asks the network
//     first, so a new deployment is seen at once.
//  2. Threads on any static host: it adds the headers that make the page
//     cross-origin isolated (COOP same-origin, COEP require-corp), which
//     SharedArrayBuffer and so wasm threads need, to every same-origin
//     response it passes on. A server that already sends them is unaffected.
// It never touches requests to other origins (the page makes none).
const CACHE = 'boostlab-site';

self.addEventListener('install', (event) => {
  event.waitUntil((async () => {
    const cache = await caches.open(CACHE);
    const list = await fetch('precache.json', { cache: 'no-store' }).then((r) => (r.ok ? r.json() : { files: [] }));
    // One by one, so one missing file does not lose the rest.
    await Promise.all(['./', ...list.files].map((f) => cache.add(new Request(f, { cache: 'no-store' })).catch(() => {})));
    await self.skipWaiting();
  })());
});

self.addEventListener('activate', (event) => event.waitUntil(self.clients.claim()));

function isolated(response) {
  if (response.status === 0) return response;  // opaque: cannot be rewritten
  const headers = new Headers(response.headers);
  headers.set('Cross-Origin-Opener-Policy', 'same-origin');
  headers.set('Cross-Origin-Embedder-Policy', 'require-corp');
  headers.set('Cross-Origin-Resource-Policy', 'same-origin');
  return new Response(response.body, { status: response.status, statusText: response.statusText, headers });
}

self.addEventListener('fetch', (event) => {
  const request = event.request;
  if (request.method !== 'GET' || new URL(request.url).origin !== self.location.origin) return;
  event.respondWith((async () => {
    const cache = await caches.open(CACHE);
    try {
      const response = await fetch(request, { cache: 'no-cache' });
      if (response.ok && !request.headers.has('range')) cache.put(request, response.clone()).catch(() => {});
      return isolated(response);
    } catch (error) {
      // Offline (or the host is down): the copy from the last visit.
      const cached = await cache.match(request, { ignoreSearch: true });
      if (cached) return isolated(cached);
      if (request.mode === 'navigate') {
        const page = await cache.match('./');
        if (page) return isolated(page);
      }
      throw error;
    }
  })());
});
