/**
 * B's storage running out mid-sync (the quota lowered through the DevTools protocol, as in
 * e2e/quota.stress.ts): sync stops in plain words, nothing B held is lost or half-written, and Resume
 * goes on once there is room. Kept out of `npm test`: Chromium enforces a lowered quota only after
 * the allowance it granted runs out (up to 30 s a test).
 */
import type { Page } from '@playwright/test';
import { device, openSync, storedDocuments, useCouchServer, syncLaptopAndPhone } from './support/sync-devices';
import { addFiles, expect, fixture, searchFor, test } from './support';

const couch = useCouchServer();

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
    const url = couch().dbUrl('library');
    await syncLaptopAndPhone(a!, b!, url);
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
