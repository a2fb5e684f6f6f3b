import { IDBFactory } from 'fake-indexeddb';
import 'fake-indexeddb/auto';
import { describe, expect, it } from 'vitest';
import { connectSources, contentSecurityPolicy } from './csp';
import { DB_NAME, openDb } from '../../common/db';
import { SYNC_KEY, type SyncSettings } from '../../common/sync';
import { LIBRARY_DB, readSyncUrl, syncPolicyPlugin, withSyncPolicy } from './sync-policy';

const POLICY = contentSecurityPolicy(['https://huggingface.co']);
const SYNC: SyncSettings = { url: 'http://me:pw@127.0.0.1:5984/library', device: 'laptop', enabled: true };
const PAGE = `<html><head><meta http-equiv="Content-Security-Policy" content="${POLICY.replace(/'/g, '&#39;')}"></head><body>Carrel</body></html>`;

function page(): Response {
  return new Response(PAGE, {
    headers: { 'Content-Type': 'text/html', 'Content-Security-Policy': POLICY, 'Content-Length': String(PAGE.length) },
  });
}
const metaPolicy = (html: string) => /content="([^"]*)"/.exec(html)![1]!.replace(/&#39;/g, "'");

async function librarySyncedTo(settings: SyncSettings | null, name: string) {
  const db = openDb(name);
  await db.open();
  if (settings) await db.settings.put({ key: SYNC_KEY, value: settings });
  db.close();
}

describe('the service worker serves the sync origin in the policy', () => {
  it('reads the library database the app writes', () => {
    expect(LIBRARY_DB).toBe(DB_NAME);
  });

  it('reads the sync URL from the settings table, and null without one', async () => {
    await librarySyncedTo(SYNC, 'synced');
    await librarySyncedTo(null, 'unsynced');
    expect(await readSyncUrl(indexedDB, 'synced')).toBe(SYNC.url);
    expect(await readSyncUrl(indexedDB, 'unsynced')).toBeNull();
  });

  it('never creates the database when the app has not yet', async () => {
    const idb = new IDBFactory();
    expect(await readSyncUrl(idb, 'carrel')).toBeNull();
    expect(await idb.databases()).toEqual([]);
  });

  it('leaves the app free to upgrade its schema afterwards', async () => {
    await librarySyncedTo(SYNC, 'upgrading');
    await readSyncUrl(indexedDB, 'upgrading');
    const db = openDb('upgrading');
    db.version(1000).stores({ extra: 'key' });
    await db.open();
    expect(db.verno).toBe(1000);
    db.close();
  });

  it('adds the origin to the header and the meta tag of the page, and to a worker script', async () => {
    const served = await withSyncPolicy(page(), SYNC.url);
    const html = await served.text();
    expect(connectSources(served.headers.get('Content-Security-Policy')!)).toEqual([
      "'self'",
      'https://huggingface.co',
      'http://127.0.0.1:5984',
    ]);
    expect(metaPolicy(html)).toBe(served.headers.get('Content-Security-Policy'));
    expect(served.headers.get('Content-Length')).toBeNull();
    expect(html).toContain('<body>Carrel</body>');
    expect(html).not.toContain('pw@');
  });

  it('as a precache plugin, rewrites pages and worker scripts only when sync is set', async () => {
    const plugin = syncPolicyPlugin(indexedDB, 'plugin-library');
    const respond = (request: Request, response: Response) =>
      plugin.handlerWillRespond!({ request, response, state: {} } as never);
    const workerRequest = { destination: 'worker', url: 'http://localhost/assets/engine.worker.js' } as Request;
    const workerScript = () =>
      new Response('self.onmessage = null', {
        headers: { 'Content-Type': 'text/javascript', 'Content-Security-Policy': POLICY },
      });

    const unsynced = await respond(new Request('http://localhost/index.html'), page());
    expect(unsynced.headers.get('Content-Security-Policy')).toBe(POLICY);

    await librarySyncedTo(SYNC, 'plugin-library');

    const synced = await respond(new Request('http://localhost/index.html'), page());
    expect(metaPolicy(await synced.text())).toContain('http://127.0.0.1:5984');
    const worker = await respond(workerRequest, workerScript());
    expect(worker.headers.get('Content-Security-Policy')).toContain('http://127.0.0.1:5984');
    // A script the page imports has no policy of its own to change.
    const module = await respond(new Request('http://localhost/assets/index.js'), workerScript());
    expect(module.headers.get('Content-Security-Policy')).toBe(POLICY);
  });
});
