/**
 * Sync between two devices (two browser contexts, separate storage) through a CouchDB-protocol
 * server on loopback (e2e/support/couch-server.ts).
 */
import type { Page } from '@playwright/test';
import { PASSPHRASE, device, openSync, startSync, useCouchServer, syncLaptopAndPhone } from './support/sync-devices';
import { addFiles, expect, fixture, searchFor, test } from './support';

const couch = useCouchServer();

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

test(
  'a document added on A is searchable on B without B embedding it, and the server sees none of it',
  { tag: '@service-worker' },
  async ({ browser, baseURL }) => {
    const contexts = await Promise.all([1, 2].map(() => browser.newContext({ baseURL })));
    const [a, b] = [await device(contexts[0]!), await device(contexts[1]!)];
    await addFiles(a, [fixture('clinic-notes.md')]);
    const url = couch().dbUrl('library');

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

    const raw = await couch().rawText('library');
    expect(raw.length).toBeGreaterThan(1_000);
    for (const secret of ['clinic-notes', 'Clinic Notes', 'antibiotics', 'Tomatoes', 'physician', 'rural'])
      expect(raw).not.toContain(secret);
    await Promise.all(contexts.map((context) => context.close()));
  },
);

test(
  'a removal on B disappears from A; a wrong passphrase reads nothing and loses nothing',
  { tag: '@service-worker' },
  async ({ browser, baseURL }) => {
    const contexts = await Promise.all([1, 2, 3].map(() => browser.newContext({ baseURL })));
    // B's clock runs as a clock does, until the test moves it past the undo window of its removal.
    await contexts[1]!.clock.install();
    const [a, b, c] = await Promise.all(contexts.map((context) => device(context)));
    await addFiles(a!, [fixture('clinic-notes.md'), fixture('moving-notes.md')]);
    const url = couch().dbUrl('library');
    await openSync(a!);
    await startSync(a!, url, PASSPHRASE, 'laptop');
    await expect(a!.getByTestId('sync-status')).toHaveAttribute('data-state', 'synced', { timeout: 60_000 });
    await openSync(b!);
    await startSync(b!, url, PASSPHRASE, 'phone');
    await expect(b!.getByTestId('doc-row')).toHaveCount(2, { timeout: 60_000 });

    await b!.getByTestId('settings').getByRole('button', { name: 'Close' }).click();
    await b!.getByRole('button', { name: 'Remove moving-notes.md' }).click();
    await expect(b!.getByTestId('undo-remove')).toBeVisible();
    // Past the undo window (12 s): the removal is done, and it is then that it is synced.
    await b!.clock.fastForward(13_000);
    await expect(a!.locator('[data-testid="doc-row"][data-name="moving-notes.md"]')).toHaveCount(0, {
      timeout: 60_000,
    });
    await expect(a!.locator('[data-testid="doc-row"][data-name="clinic-notes.md"]')).toHaveCount(1);

    // C has a library of its own and the wrong passphrase.
    await addFiles(c!, [fixture('moving-notes.md')]);
    const before = await couch().rawDocs('library');
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
    expect(await couch().rawDocs('library')).toEqual(before);
    await Promise.all(contexts.map((context) => context.close()));
  },
);

test(
  'with the server down, a change waits (said in plain words) and arrives once the server is back',
  { tag: '@service-worker' },
  async ({ browser, baseURL }) => {
    const contexts = await Promise.all([1, 2].map(() => browser.newContext({ baseURL })));
    const [a, b] = await Promise.all(contexts.map((context) => device(context)));
    await addFiles(a!, [fixture('clinic-notes.md')]);
    const url = couch().dbUrl('library');
    await syncLaptopAndPhone(a!, b!, url);
    await expect(b!.getByTestId('doc-row')).toHaveCount(1, { timeout: 60_000 });

    await couch().kill();
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

    await couch().restart();
    await expect(b!.locator('[data-testid="doc-row"][data-name="moving-notes.md"]')).toHaveAttribute(
      'data-status',
      'ready',
      { timeout: 90_000 },
    );
    await expect(a!.getByTestId('sync-status')).toHaveAttribute('data-state', 'synced', { timeout: 60_000 });
    for (const page of [a!, b!]) await expect(page.getByTestId('sync-error')).toHaveCount(0);
    await Promise.all(contexts.map((context) => context.close()));
  },
);

test(
  'a start with the server down says it cannot be reached and what to do; once it is up, starting again syncs',
  { tag: '@service-worker' },
  async ({ browser, baseURL }) => {
    await couch().stop();
    const contexts = await Promise.all([1, 2].map(() => browser.newContext({ baseURL })));
    const [a, b] = await Promise.all(contexts.map((context) => device(context)));
    await addFiles(a!, [fixture('clinic-notes.md')]);
    const url = couch().dbUrl('library');

    await openSync(b!);
    await startSync(b!, url, PASSPHRASE, 'phone');
    await expect(b!.getByTestId('sync-status')).toHaveAttribute('data-state', 'error', { timeout: 60_000 });
    const error = b!.getByTestId('sync-error');
    await expect(error).toHaveAttribute('data-code', 'unreachable');
    await expect(error).toContainText('cannot be reached');
    await expect(error).toContainText('that the server is running, then try again');
    // Nothing runs in the background: the panel offers to start again, and neither to pause nor to resume.
    await expect(b!.getByTestId('sync-start')).toBeVisible();
    await expect(b!.getByTestId('sync-pause')).toHaveCount(0);

    await couch().restart();
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
  },
);
