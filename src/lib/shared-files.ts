/** Files shared to Carrel (manifest share_target): the service worker parks them in a cache and opens /?shared. */
import { appStatus } from './app-status.svelte';
import { library } from './library.svelte';

const CACHE = 'carrel-shared-files';

async function takeSharedFiles(): Promise<File[]> {
  const cache = await caches.open(CACHE);
  const files: File[] = [];
  for (const request of await cache.keys()) {
    const response = await cache.match(request);
    if (response) {
      const name = decodeURIComponent(response.headers.get('X-File-Name') ?? 'shared file');
      files.push(new File([await response.blob()], name, { type: response.headers.get('Content-Type') ?? '' }));
    }
    await cache.delete(request);
  }
  return files;
}

/** On a launch from the share sheet, adds the shared files to the library and tidies the address. */
export function acceptSharedFiles(): void {
  const url = new URL(location.href);
  if (!url.searchParams.has('shared') || !('caches' in window)) return;
  url.searchParams.delete('shared');
  history.replaceState(null, '', url);
  takeSharedFiles().then(
    (files) => files.length && library.queue.add(files),
    (error: unknown) => appStatus.report(error),
  );
}
