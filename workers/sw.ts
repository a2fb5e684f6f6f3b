/**
 * The service worker: precaches the app (vite-plugin-pwa injects the list), answers every
 * navigation with the cached page, takes shared files (Web Share Target), keeps the WebGPU runtime
 * and self-hosted models and language tables once used, and serves the page and the workers with the sync origin
 * allowed when sync is set (sw/sync-policy.ts).
 */
import { clientsClaim } from 'workbox-core';
import {
  addPlugins,
  cleanupOutdatedCaches,
  createHandlerBoundToURL,
  precacheAndRoute,
  type PrecacheEntry,
} from 'workbox-precaching';
import { NavigationRoute, registerRoute } from 'workbox-routing';
import { CacheFirst } from 'workbox-strategies';
import { GPU_RUNTIME_CACHE } from './runtime/gpu-runtime';
import { syncPolicyPlugin } from './sw/sync-policy';

declare const self: ServiceWorkerGlobalScope & { __WB_MANIFEST: (PrecacheEntry | string)[] };

// registerType 'prompt': the page's "Reload" button asks the waiting worker to take over.
self.addEventListener('message', (event) => {
  if ((event.data as { type?: string } | null)?.type === 'SKIP_WAITING') void self.skipWaiting();
});
clientsClaim();

addPlugins([syncPolicyPlugin(self.indexedDB)]);
precacheAndRoute(self.__WB_MANIFEST);
cleanupOutdatedCaches();
registerRoute(new NavigationRoute(createHandlerBoundToURL('index.html')));

// Web Share Target: park the shared files in a cache the page empties on /?shared.
registerRoute(
  ({ url }) => url.pathname === '/share',
  async ({ request }) => {
    const form = await request.formData();
    const cache = await caches.open('carrel-shared-files');
    const files = form.getAll('files').filter((entry) => entry instanceof File);
    const stamp = Date.now();
    await Promise.all(
      files.map((file, i) =>
        cache.put(
          `/shared-files/${stamp}-${i}`,
          new Response(file, {
            headers: {
              'Content-Type': file.type || 'application/octet-stream',
              'X-File-Name': encodeURIComponent(file.name),
            },
          }),
        ),
      ),
    );
    return Response.redirect('/?shared', 303);
  },
  'POST',
);

// GPU_RUNTIME_CACHE (workers/runtime/gpu-runtime.ts): workers put the build there too. The server says
// "Vary: Origin", and a module import sends an Origin that a plain fetch does not: an entry either
// one stored must serve the other.
registerRoute(
  ({ url }) => url.pathname.includes('asyncify'),
  new CacheFirst({ cacheName: GPU_RUNTIME_CACHE, matchOptions: { ignoreVary: true } }),
);

// Self-hosted model files too large to precache (over 64 MB): kept once first used, so the model
// works offline from then on.
registerRoute(
  ({ url }) => url.pathname.startsWith('/models/'),
  new CacheFirst({ cacheName: 'carrel-self-hosted-models' }),
);

// The built-in model's language tables: fetched when first needed, kept so they work offline.
registerRoute(
  ({ url }) => url.pathname.startsWith('/languages/'),
  new CacheFirst({ cacheName: 'carrel-language-tables' }),
);
