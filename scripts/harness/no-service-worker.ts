/**
 * `virtual:pwa-register` for the harness page, which has no service worker: the ingest queue's
 * settings reach the app's status module, whose service-worker start the harness never calls.
 */
import type { RegisterSWOptions } from 'vite-plugin-pwa/types';

export function registerSW(_options?: RegisterSWOptions): (reloadPage?: boolean) => Promise<void> {
  return async () => {};
}
