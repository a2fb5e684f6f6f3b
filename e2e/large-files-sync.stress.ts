/**
 * Two files near the 256 MB file limit go to the server in one push batch (added while the server
 * was down, so both wait in the sealed copy) and both reach B. In one request their base64 body
 * would pass V8's string limit (~512 M characters); the push caps its requests by bytes
 * (workers/engine/replication/push-batches.ts). Several minutes on a loaded 2-core machine, so it
 * runs with `npm run test:stress`, not `npm test`.
 */
import { randomBytes } from 'node:crypto';
import { closeSync, openSync as openFile, writeSync } from 'node:fs';
import type { Page } from '@playwright/test';
import { PASSPHRASE, device, openSync, startSync, useCouchServer } from './support/sync-devices';
import { expect, test } from './support';

const couch = useCouchServer();
/** Each file's size: two of them make more than 2^29 characters of base64 (2 × 240 MB × 4/3 ≈ 671 M). */
const FILE_BYTES = 240 * 2 ** 20;
const SLOW = { timeout: 300_000 };

/** A short page padded to `bytes` with a comment of random base64, as a scan's images pad a file. */
function paddedPage(path: string, title: string, sentence: string, bytes: number): void {
  const head = `<html><head><title>${title}</title></head><body><h1>${title}</h1>\n<p>${sentence}</p><!-- `;
  const tail = ' --></body></html>';
  const fd = openFile(path, 'w');
  writeSync(fd, head);
  const chunk = 4 * 2 ** 20;
  for (let left = bytes - head.length - tail.length; left > 0; left -= chunk)
    writeSync(
      fd,
      randomBytes(Math.ceil((Math.min(chunk, left) * 3) / 4))
        .toString('base64')
        .slice(0, Math.min(chunk, left)),
    );
  writeSync(fd, tail);
  closeSync(fd);
}

/** The size of each stored original on a device, by file name. */
function storedFileSizes(page: Page) {
  return page.evaluate(async () => {
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
    const docs = await all<{ id: string; name: string }>('documents');
    const files = await all<{ docId: string; blob: Blob }>('files');
    db.close();
    return Object.fromEntries(files.map((file) => [docs.find((doc) => doc.id === file.docId)?.name, file.blob.size]));
  });
}

test('two files near the 256 MB limit go to the server in one push and both reach B', async ({ browser, baseURL }) => {
  test.setTimeout(1_200_000);
  const files = [
    { name: 'orchid-survey.html', title: 'Orchid survey', sentence: 'Ghost orchids bloom in cypress swamps.' },
    { name: 'lichen-atlas.html', title: 'Lichen atlas', sentence: 'Reindeer lichen carpets the boreal floor.' },
  ].map((file) => ({ ...file, path: test.info().outputPath(file.name) }));
  for (const file of files) paddedPage(file.path, file.title, file.sentence, FILE_BYTES);

  const contexts = await Promise.all([1, 2].map(() => browser.newContext({ baseURL })));
  const [a, b] = [await device(contexts[0]!), await device(contexts[1]!)];
  await openSync(a);
  await startSync(a, couch().dbUrl('library'), PASSPHRASE, 'laptop');
  await expect(a.getByTestId('sync-status')).toHaveAttribute('data-state', 'synced', { timeout: 60_000 });
  await a.getByTestId('settings').getByRole('button', { name: 'Close' }).click();

  // Server down: both documents are sealed into A's copy and wait there for one push.
  await couch().kill();
  await a.getByTestId('file-input').setInputFiles(files.map((file) => file.path));
  for (const file of files)
    await expect(a.locator(`[data-testid="doc-row"][data-name="${file.name}"]`)).toHaveAttribute(
      'data-status',
      'ready',
      SLOW,
    );
  await openSync(a);
  await expect(a.getByTestId('sync-status')).toHaveAttribute('data-pending', '2', SLOW);
  await couch().restart();
  await expect(a.getByTestId('sync-status')).toHaveAttribute('data-state', 'synced', SLOW);
  await expect(a.getByTestId('sync-status')).toHaveAttribute('data-pending', '0');

  await openSync(b);
  await startSync(b, couch().dbUrl('library'), PASSPHRASE, 'phone');
  for (const file of files)
    await expect(b.locator(`[data-testid="doc-row"][data-name="${file.name}"]`)).toHaveAttribute(
      'data-status',
      'ready',
      SLOW,
    );
  expect(await storedFileSizes(b)).toEqual(Object.fromEntries(files.map((file) => [file.name, FILE_BYTES])));
  await Promise.all(contexts.map((context) => context.close()));
});
