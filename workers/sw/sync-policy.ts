/**
 * The service worker's part in sync (docs/sync.md): a page's meta policy cannot be loosened by
 * script, so the worker serves the page, and the workers' scripts, with the configured sync origin
 * added to connect-src. It reads the sync row from the library database on every such response,
 * so a change takes effect at the next load.
 */
import type { WorkboxPlugin } from 'workbox-core/types.js';
import { htmlWithPolicy, policyWithSync } from './csp';
import { SYNC_KEY, type SyncSettings } from '../../common/sync';

const CSP = 'Content-Security-Policy';

/**
 * The sync URL in the settings table, or null. The database is opened without a version, read and
 * closed at once, so that the app's own schema upgrades are never blocked; when there is no database
 * yet, the open is aborted rather than creating an empty one.
 */
export function readSyncUrl(idb: IDBFactory, name: string): Promise<string | null> {
  return new Promise((resolve) => {
    let request: IDBOpenDBRequest;
    try {
      request = idb.open(name);
    } catch {
      return resolve(null);
    }
    request.onupgradeneeded = () => request.transaction?.abort();
    request.onerror = () => resolve(null);
    request.onblocked = () => resolve(null);
    request.onsuccess = () => {
      const db = request.result;
      db.onversionchange = () => db.close();
      if (!db.objectStoreNames.contains('settings')) {
        db.close();
        return resolve(null);
      }
      const read = db.transaction('settings', 'readonly').objectStore('settings').get(SYNC_KEY);
      read.onsuccess = () => {
        db.close();
        const url = (read.result as { value?: Partial<SyncSettings> } | undefined)?.value?.url;
        resolve(typeof url === 'string' && url ? url : null);
      };
      read.onerror = () => {
        db.close();
        resolve(null);
      };
    };
  });
}

/** Whether a response sets a policy that governs a document or a worker. */
function carriesPolicy(request: Request, response: Response): boolean {
  const type = response.headers.get('Content-Type') ?? '';
  return (
    type.includes('text/html') ||
    ((request.destination === 'worker' || request.destination === 'sharedworker') && response.headers.has(CSP))
  );
}

/** The response with the policy of `syncUrl` in its header and, for the page, in its meta tag. */
export async function withSyncPolicy(response: Response, syncUrl: string): Promise<Response> {
  const headers = new Headers(response.headers);
  const header = headers.get(CSP);
  if (header) headers.set(CSP, policyWithSync(header, syncUrl));
  const html = (headers.get('Content-Type') ?? '').includes('text/html');
  // The body changes length: a length recorded from the network would cut it short.
  if (html) headers.delete('Content-Length');
  const body = html
    ? htmlWithPolicy(await response.text(), (policy) => policyWithSync(policy, syncUrl))
    : response.body;
  return new Response(body, { status: response.status, statusText: response.statusText, headers });
}

/**
 * The library database's name (common/db.ts DB_NAME; a test checks they agree). Importing it
 * would bring Dexie into the service worker.
 */
export const LIBRARY_DB = 'carrel';

/** A Workbox plugin for the precache: what it serves to a page or a worker carries the sync origin. */
export function syncPolicyPlugin(idb: IDBFactory, dbName = LIBRARY_DB): WorkboxPlugin {
  return {
    handlerWillRespond: async ({ request, response }) => {
      if (!response.ok || !carriesPolicy(request, response)) return response;
      const syncUrl = await readSyncUrl(idb, dbName);
      return syncUrl ? withSyncPolicy(response, syncUrl) : response;
    },
  };
}
