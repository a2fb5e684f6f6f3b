/**
 * Sync between two devices (two browser contexts, separate storage) through a CouchDB-protocol
 * server on loopback (e2e/support/couch-server.ts).
 */
import type { BrowserContext, Page } from '@playwright/test';
import { startCouchServer, type CouchServer } from './support/couch-server';
import { addFiles, expect, fixture, searchFor, test } from './support';

// A fixed port, so the origin can be allowed before the server starts.
const COUCH_PORT = Number(process.env.E2E_PORT ?? 4174) + 1100;
const COUCH_ORIGIN = `http://127.0.0.1:${COUCH_PORT}`;
const AUTH = { user: 'carrel', password: 'sync-secret' };
const PASSPHRASE = 'a long passphrase for the library';

test.use({ allowedOrigins: [COUCH_ORIGIN] });

let couch: CouchServer;
test.beforeEach(async () => {
  couch = await startCouchServer({ port: COUCH_PORT, auth: AUTH });
});
test.afterEach(async () => {
  await couch.dispose();
});

async function openSync(page: Page) {
  await page.getByTestId('settings-button').click();
  await expect(page.getByTestId('settings')).toBeVisible();
}

async function startSync(page: Page, url: string, passphrase: string, device: string) {
  await page.getByTestId('sync-url').fill(url);
  await page.getByTestId('sync-passphrase').fill(passphrase);
  await page.getByTestId('sync-device').fill(device);
  await page.getByTestId('sync-start').click();
}

/**
 * A device with its own storage, once its service worker controls it: the worker serves the engine
 * with the sync origin allowed (docs/sync.md).
 */
async function device(context: BrowserContext) {
  const page = await context.newPage();
  await page.goto('/');
  await expect(page.getByTestId('offline-ready')).toBeVisible({ timeout: 60_000 });
  return page;
}

/** The vectors a device stores for a document named `name` (model, int8 codes) and when the document was added, read from its IndexedDB. */
function storedVectors(page: Page, name: string) {
  return page.evaluate(async (fileName) => {
    const db = await new Promise<IDBDatabase>((resolve, reject) => {
      const open = indexedDB.open('carrel');
      open.onsuccess = () => resolve(open.result);
      open.onerror = () => reject(open.error);
    });
    const all = <T>(store: string) =>
      new Promise<T[]>((resolve) => {
        const request = db.transaction(store).objectStore(store).getAll();
        request.onsuccess = () => resolve(request.result as T[]);
      });
    const doc = (await all<{ id: string; name: string; addedAt: number }>('documents')).find(
      (d) => d.name === fileName,
    );
    const vectors = (
      await all<{ docId: string; modelId: string; propositions: { codes: Int8Array } }>('vectors')
    ).filter((v) => v.docId === doc?.id);
    db.close();
    return vectors.map((v) => ({ addedAt: doc!.addedAt, modelId: v.modelId, codes: Array.from(v.propositions.codes) }));
  }, name);
}

/**
 * Every document a device holds, with what it holds of it, read straight from its IndexedDB: a
 * whole one has its original, its text, its chunks and its vectors.
 */
function storedDocuments(page: Page) {
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

/**
 * Whether the page may store `bytes` more in IndexedDB now ('stored') or not ('QuotaExceededError');
 * the probe's database is deleted afterwards.
 */
function probeStorage(page: Page, bytes: number) {
  return page.evaluate(async (size) => {
    const name = 'quota-probe';
    const db = await new Promise<IDBDatabase>((resolve, reject) => {
      const open = indexedDB.open(name);
      open.onupgradeneeded = () => open.result.createObjectStore('probe');
      open.onsuccess = () => resolve(open.result);
      open.onerror = () => reject(open.error);
    });
    // Random bytes: storage may compress, and the quota must be met by what is stored.
    const data = new Uint8Array(size);
    for (let at = 0; at < size; at += 65_536) crypto.getRandomValues(data.subarray(at, at + 65_536));
    const outcome = await new Promise<string>((resolve) => {
      const transaction = db.transaction('probe', 'readwrite');
      transaction.objectStore('probe').put(data, 1);
      transaction.oncomplete = () => resolve('stored');
      transaction.onabort = () => resolve(transaction.error?.name ?? 'aborted');
    });
    db.close();
    await new Promise((resolve) => {
      const deleting = indexedDB.deleteDatabase(name);
      deleting.onsuccess = deleting.onerror = deleting.onblocked = resolve;
    });
    return outcome;
  }, bytes);
}

/** An HTML page of about `kb` KB that is quick to read: one short paragraph, the rest a comment (its original takes the room). */
function largePage(kb: number): string {
  return `<html><body><p>The cargo manifest lists saffron crates for the albatross voyage.</p><!-- ${'ballast '.repeat(kb * 128)} --></body></html>`;
}

test('a document added on A is searchable on B without B embedding it, and the server sees none of it', async ({
  browser,
  baseURL,
}) => {
  const contexts = await Promise.all([1, 2].map(() => browser.newContext({ baseURL })));
  const [a, b] = [await device(contexts[0]!), await device(contexts[1]!)];
  await addFiles(a, [fixture('clinic-notes.md')]);
  const url = couch.dbUrl('library');

  await openSync(a);
  await expect(a.getByTestId('sync-status')).toHaveAttribute('data-state', 'off');
  await startSync(a, url, PASSPHRASE, 'laptop');
  await expect(a.getByTestId('sync-status')).toHaveAttribute('data-state', 'synced', { timeout: 60_000 });
  await expect(a.getByTestId('sync-status')).toHaveAttribute('data-pending', '0');

  await openSync(b);
  await startSync(b, url, PASSPHRASE, 'phone');
  await expect(b.locator('[data-testid="doc-row"][data-name="clinic-notes.md"]')).toHaveAttribute(
    'data-status',
    'ready',
    { timeout: 60_000 },
  );
  // B stored A's document as A stored it (its time of adding, its vectors byte for byte): B read and embedded nothing.
  const fromA = await storedVectors(a, 'clinic-notes.md');
  expect(fromA.length).toBe(1);
  expect(await storedVectors(b, 'clinic-notes.md')).toEqual(fromA);
  await b.getByTestId('settings').getByRole('button', { name: 'Close' }).click();
  const first = await searchFor(b, 'antibiotics for the bacterial infection');
  await expect(first.getByTestId('result-doc')).toHaveAttribute('data-name', 'clinic-notes.md');

  const raw = await couch.rawText('library');
  expect(raw.length).toBeGreaterThan(1_000);
  for (const secret of ['clinic-notes', 'Clinic Notes', 'antibiotics', 'Tomatoes', 'physician', 'rural'])
    expect(raw).not.toContain(secret);
  await Promise.all(contexts.map((context) => context.close()));
});

test('a removal on B disappears from A; a wrong passphrase reads nothing and loses nothing', async ({
  browser,
  baseURL,
}) => {
  const contexts = await Promise.all([1, 2, 3].map(() => browser.newContext({ baseURL })));
  const [a, b, c] = await Promise.all(contexts.map((context) => device(context)));
  await addFiles(a!, [fixture('clinic-notes.md'), fixture('moving-notes.md')]);
  const url = couch.dbUrl('library');
  await openSync(a!);
  await startSync(a!, url, PASSPHRASE, 'laptop');
  await expect(a!.getByTestId('sync-status')).toHaveAttribute('data-state', 'synced', { timeout: 60_000 });
  await openSync(b!);
  await startSync(b!, url, PASSPHRASE, 'phone');
  await expect(b!.getByTestId('doc-row')).toHaveCount(2, { timeout: 60_000 });

  await b!.getByTestId('settings').getByRole('button', { name: 'Close' }).click();
  await b!.getByRole('button', { name: 'Remove moving-notes.md' }).click();
  await expect(a!.locator('[data-testid="doc-row"][data-name="moving-notes.md"]')).toHaveCount(0, { timeout: 60_000 });
  await expect(a!.locator('[data-testid="doc-row"][data-name="clinic-notes.md"]')).toHaveCount(1);

  // C has a library of its own and the wrong passphrase.
  await addFiles(c!, [fixture('moving-notes.md')]);
  const before = await couch.rawDocs('library');
  await openSync(c!);
  await startSync(c!, url, 'not the passphrase', 'tablet');
  await expect(c!.getByTestId('sync-status')).toHaveAttribute('data-state', 'error', { timeout: 60_000 });
  await expect(c!.getByTestId('sync-error')).toHaveAttribute('data-code', 'wrong-passphrase');
  await expect(c!.getByTestId('sync-error')).toContainText('passphrase');
  await expect(c!.getByTestId('doc-row')).toHaveCount(1);
  await expect(c!.locator('[data-testid="doc-row"][data-name="moving-notes.md"]')).toHaveAttribute(
    'data-status',
    'ready',
  );
  expect(await couch.rawDocs('library')).toEqual(before);
  await Promise.all(contexts.map((context) => context.close()));
});

test('with the server down, a change waits (said in plain words) and arrives once the server is back', async ({
  browser,
  baseURL,
}) => {
  const contexts = await Promise.all([1, 2].map(() => browser.newContext({ baseURL })));
  const [a, b] = await Promise.all(contexts.map((context) => device(context)));
  await addFiles(a!, [fixture('clinic-notes.md')]);
  const url = couch.dbUrl('library');
  for (const [page, name] of [
    [a!, 'laptop'],
    [b!, 'phone'],
  ] as const) {
    await openSync(page);
    await startSync(page, url, PASSPHRASE, name);
  }
  await expect(b!.getByTestId('doc-row')).toHaveCount(1, { timeout: 60_000 });

  await couch.kill();
  // B has nothing to send: its wait for the server's changes breaks, and it says so rather than "up to date".
  await expect(b!.getByTestId('sync-error')).toHaveAttribute('data-code', 'unreachable', { timeout: 60_000 });
  await expect(b!.getByTestId('sync-error')).toContainText('cannot be reached');
  await expect(b!.getByTestId('sync-error')).toContainText('tries again by itself');
  await expect(b!.getByTestId('sync-status')).toHaveAttribute('data-state', 'error');
  await expect(b!.getByTestId('sync-pause')).toHaveText('Pause');
  await a!.getByTestId('settings').getByRole('button', { name: 'Close' }).click();
  await addFiles(a!, [fixture('moving-notes.md')]);
  await openSync(a!);
  await expect(a!.getByTestId('sync-status')).toHaveAttribute('data-state', 'error', { timeout: 60_000 });
  await expect(a!.getByTestId('sync-error')).toHaveAttribute('data-code', 'unreachable');
  await expect(a!.getByTestId('sync-status')).not.toHaveAttribute('data-pending', '0');
  await expect(b!.getByTestId('doc-row')).toHaveCount(1);

  await couch.restart();
  await expect(b!.locator('[data-testid="doc-row"][data-name="moving-notes.md"]')).toHaveAttribute(
    'data-status',
    'ready',
    { timeout: 90_000 },
  );
  await expect(a!.getByTestId('sync-status')).toHaveAttribute('data-state', 'synced', { timeout: 60_000 });
  for (const page of [a!, b!]) await expect(page.getByTestId('sync-error')).toHaveCount(0);
  await Promise.all(contexts.map((context) => context.close()));
});

test('a start with the server down says it cannot be reached and what to do; once it is up, starting again syncs', async ({
  browser,
  baseURL,
}) => {
  await couch.stop();
  const contexts = await Promise.all([1, 2].map(() => browser.newContext({ baseURL })));
  const [a, b] = await Promise.all(contexts.map((context) => device(context)));
  await addFiles(a!, [fixture('clinic-notes.md')]);
  const url = couch.dbUrl('library');

  await openSync(b!);
  await startSync(b!, url, PASSPHRASE, 'phone');
  await expect(b!.getByTestId('sync-status')).toHaveAttribute('data-state', 'error', { timeout: 60_000 });
  const error = b!.getByTestId('sync-error');
  await expect(error).toHaveAttribute('data-code', 'unreachable');
  await expect(error).toContainText('cannot be reached');
  await expect(error).toContainText('that the server is running, then try again');
  // Nothing runs in the background: the panel offers to resume, not to pause.
  await expect(b!.getByTestId('sync-pause')).toHaveText('Resume');

  await couch.restart();
  await openSync(a!);
  await startSync(a!, url, PASSPHRASE, 'laptop');
  await expect(a!.getByTestId('sync-status')).toHaveAttribute('data-state', 'synced', { timeout: 60_000 });
  // The passphrase is still in the field: starting again is one press.
  await b!.getByTestId('sync-start').click();
  await expect(b!.locator('[data-testid="doc-row"][data-name="clinic-notes.md"]')).toHaveAttribute(
    'data-status',
    'ready',
    { timeout: 60_000 },
  );
  await expect(b!.getByTestId('sync-status')).toHaveAttribute('data-state', 'synced', { timeout: 60_000 });
  await expect(error).toHaveCount(0);
  await Promise.all(contexts.map((context) => context.close()));
});

// The 3 MB document is written twice on B: sealed into sync's copy (about 4 MB), then into the library.
// With 1 MB left the copy's write is refused; with 6 MB the copy takes it and the library's is refused.
for (const [room, where] of [
  [1, 'its copy of the server'],
  [6, 'the library'],
] as const)
  test(`B running out of storage mid-sync (in ${where}) stops with "no more storage space", keeps each document it received whole, and resumes once there is room`, async ({
    browser,
    baseURL,
  }) => {
    const contexts = await Promise.all([1, 2].map(() => browser.newContext({ baseURL })));
    const [a, b] = await Promise.all(contexts.map((context) => device(context)));
    await addFiles(a!, [fixture('clinic-notes.md'), fixture('moving-notes.md')]);
    await b!.getByTestId('file-input').setInputFiles([
      {
        name: 'kept.txt',
        mimeType: 'text/plain',
        buffer: Buffer.from('The lighthouse keeper trims the wick at dusk.'),
      },
    ]);
    await expect(b!.locator('[data-testid="doc-row"][data-name="kept.txt"]')).toHaveAttribute('data-status', 'ready', {
      timeout: 60_000,
    });
    const url = couch.dbUrl('library');
    for (const [page, name] of [
      [a!, 'laptop'],
      [b!, 'phone'],
    ] as const) {
      await openSync(page);
      await startSync(page, url, PASSPHRASE, name);
    }
    await expect(b!.getByTestId('doc-row')).toHaveCount(3, { timeout: 60_000 });
    await expect(b!.getByTestId('sync-status')).toHaveAttribute('data-state', 'synced', { timeout: 60_000 });
    const whole = (name: string) => ({ name, status: 'ready', whole: true });
    const before = [whole('clinic-notes.md'), whole('kept.txt'), whole('moving-notes.md')];
    expect(await storedDocuments(b!)).toEqual(before);

    // B's storage is nearly full: `room` MB more, and the next document's original alone is 3 MB. The quota is
    // lowered through the DevTools protocol (as in e2e/quota.stress.ts); Chromium enforces it once the
    // allowance it granted before runs out (up to 30 s), which a probe write tells.
    const ROOM = room * 1024 * 1024;
    const cdp = await contexts[1]!.newCDPSession(b!);
    const origin = new URL(baseURL!).origin;
    const usage = await b!.evaluate(async () => (await navigator.storage.estimate()).usage ?? 0);
    await cdp.send('Storage.overrideQuotaForOrigin', { origin, quotaSize: usage + ROOM });
    await expect
      .poll(() => probeStorage(b!, 2 * ROOM), { timeout: 90_000, intervals: [2_000] })
      .toBe('QuotaExceededError');

    await a!
      .getByTestId('file-input')
      .setInputFiles([{ name: 'cargo.html', mimeType: 'text/html', buffer: Buffer.from(largePage(3072)) }]);
    await expect(a!.locator('[data-testid="doc-row"][data-name="cargo.html"]')).toHaveAttribute(
      'data-status',
      'ready',
      {
        timeout: 60_000,
      },
    );
    const error = b!.getByTestId('sync-error');
    await expect(error).toHaveAttribute('data-code', 'device-full', { timeout: 60_000 });
    await expect(error).toContainText('no more storage space');
    await expect(error).toContainText('Free some space on this device, then press Resume');
    await expect(b!.getByTestId('sync-status')).toHaveAttribute('data-state', 'error');
    // Sync stopped (it would fetch the same record into no room, again and again): the panel offers Resume.
    await expect(b!.getByTestId('sync-pause')).toHaveText('Resume');
    // Nothing half-written, nothing lost: the documents B held are whole and found.
    expect(await storedDocuments(b!)).toEqual(before);
    await expect(b!.getByTestId('doc-row')).toHaveCount(3);
    await b!.getByTestId('settings').getByRole('button', { name: 'Close' }).click();
    for (const [query, name] of [
      ['antibiotics for the bacterial infection', 'clinic-notes.md'],
      ['harbour building ferries', 'moving-notes.md'],
      ['lighthouse keeper wick', 'kept.txt'],
    ] as const)
      await expect((await searchFor(b!, query)).getByTestId('result-doc')).toHaveAttribute('data-name', name);

    // Room again (the person freed some): Resume goes on where sync stopped.
    await cdp.send('Storage.overrideQuotaForOrigin', { origin });
    await openSync(b!);
    await b!.getByTestId('sync-pause').click();
    await expect(b!.locator('[data-testid="doc-row"][data-name="cargo.html"]')).toHaveAttribute(
      'data-status',
      'ready',
      {
        timeout: 90_000,
      },
    );
    await expect(b!.getByTestId('sync-status')).toHaveAttribute('data-state', 'synced', { timeout: 60_000 });
    await expect(error).toHaveCount(0);
    expect(await storedDocuments(b!)).toEqual([whole('cargo.html'), ...before]);
    await b!.getByTestId('settings').getByRole('button', { name: 'Close' }).click();
    await expect((await searchFor(b!, 'albatross saffron manifest')).getByTestId('result-doc')).toHaveAttribute(
      'data-name',
      'cargo.html',
    );
    await Promise.all(contexts.map((context) => context.close()));
  });
