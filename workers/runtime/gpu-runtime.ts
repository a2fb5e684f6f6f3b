/**
 * The ONNX Runtime build that WebGPU needs (27 MB) is not precached: the service worker keeps it in
 * a runtime cache once a page it controls fetches it (vite.config.ts, `runtimeCaching`). A worker
 * started before the service worker took its page over fetches past it, and that model would not
 * load offline. A worker that loaded the build puts it in that cache itself.
 */

/** The service worker's cache of that build: the name vite.config.ts gives it. */
export const GPU_RUNTIME_CACHE = 'carrel-gpu-runtime';

/** Puts the files at `urls` in the runtime cache unless it has them. Best effort: offline, it tries again on the next load. */
export async function keepForOffline(urls: readonly string[]): Promise<void> {
  if (typeof caches === 'undefined') return;
  try {
    const cache = await caches.open(GPU_RUNTIME_CACHE);
    // Any entry for the URL will do (the service worker matches ignoring Vary too): one it stored is not replaced.
    await Promise.all(urls.map(async (url) => (await cache.match(url, { ignoreVary: true })) ?? cache.add(url)));
  } catch (error) {
    console.warn('the WebGPU runtime is not kept for offline use', error);
  }
}
