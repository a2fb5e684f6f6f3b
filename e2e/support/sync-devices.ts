/**
 * What the sync specs share: the CouchDB-protocol server's place and login, and the steps of a
 * device (its own browser context and storage) setting up sync.
 */
import type { BrowserContext, Page } from '@playwright/test';
import { expect, test } from '../support';
import { startCouchServer, type CouchServer, type CouchServerOptions } from './couch-server';

/**
 * A port known when the spec loads, so the origin can be allowed before the server starts: two per
 * Playwright worker from E2E_PORT + 1100 (TEST_PARALLEL_INDEX is the worker's slot, 0 or 1 with two
 * browsers), so two sync tests in two browsers at once never share a server.
 */
export function couchPort(offset: 0 | 1 = 0): number {
  const slot = Number(process.env.TEST_PARALLEL_INDEX ?? 0);
  return Number(process.env.E2E_PORT ?? 4174) + 1100 + 2 * slot + offset;
}
const AUTH = { user: 'carrel', password: 'sync-secret' };
export const PASSPHRASE = 'a long passphrase for the library';

/**
 * Starts a test server before each test of the spec and stops it after; the page may reach its
 * origin. Answers the server of the test running now.
 */
export function useCouchServer(options: CouchServerOptions = {}): () => CouchServer {
  const port = options.port ?? couchPort();
  let couch: CouchServer | undefined;
  test.use({ allowedOrigins: [`http://127.0.0.1:${port}`] });
  test.beforeEach(async () => {
    couch = await startCouchServer({ auth: AUTH, ...options, port });
  });
  test.afterEach(async () => {
    await couch?.dispose();
  });
  return () => couch!;
}

/** Opens Settings, where the Sync panel is. */
export async function openSync(page: Page) {
  await page.getByTestId('settings-button').click();
  await expect(page.getByTestId('settings')).toBeVisible();
}

/** Fills the Sync panel and presses Start. */
export async function startSync(page: Page, url: string, passphrase: string, device: string) {
  await page.getByTestId('sync-url').fill(url);
  await page.getByTestId('sync-passphrase').fill(passphrase);
  await page.getByTestId('sync-device').fill(device);
  await page.getByTestId('sync-start').click();
}

/** Starts sync on two devices, named laptop and phone, the laptop first. */
export async function syncLaptopAndPhone(laptop: Page, phone: Page, url: string) {
  for (const [page, name] of [
    [laptop, 'laptop'],
    [phone, 'phone'],
  ] as const) {
    await openSync(page);
    await startSync(page, url, PASSPHRASE, name);
  }
}

/**
 * A device with its own storage, once its service worker controls it: the worker serves the engine
 * with the sync origin allowed (docs/sync.md).
 */
export async function device(context: BrowserContext) {
  const page = await context.newPage();
  await page.goto('/');
  await expect(page.getByTestId('offline-ready')).toBeVisible({ timeout: 60_000 });
  return page;
}

/**
 * Every document a device holds, with what it holds of it, read straight from its IndexedDB: a
 * whole one has its original, its text, its chunks and its vectors.
 */
export function storedDocuments(page: Page) {
  return page.evaluate(async () => {
    const db = await new Promise<IDBDatabase>((resolve, reject) => {
      const open = indexedDB.open('carrel');
      open.onsuccess = () => resolve(open.result);
      open.onerror = () => reject(open.error);
    });
    const keys = (store: string, index?: string) =>
      new Promise<string[]>((resolve) => {
        const source = db.transaction(store).objectStore(store);
        const request = index ? source.index(index).getAllKeys() : source.getAllKeys();
        request.onsuccess = () => resolve(request.result as string[]);
      });
    const docs = await new Promise<{ id: string; name: string; status: string }[]>((resolve) => {
      const request = db.transaction('documents').objectStore('documents').getAll();
      request.onsuccess = () => resolve(request.result);
    });
    const [files, texts, chunks] = await Promise.all(['files', 'texts', 'chunks'].map((store) => keys(store)));
    // The vectors' key is [modelId, docId]: which documents have any.
    const vectors = (await keys('vectors')).map((key) => (key as unknown as string[])[1]);
    db.close();
    return docs
      .map((doc) => ({
        name: doc.name,
        status: doc.status,
        whole: [files, texts, chunks, vectors].every((held) => held!.includes(doc.id)),
      }))
      .sort((x, y) => x.name.localeCompare(y.name));
  });
}
