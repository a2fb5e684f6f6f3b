/**
 * Disk full: with the origin's quota lowered through the DevTools protocol
 * (`Storage.overrideQuotaForOrigin`), a file that does not fit fails with the "no more storage
 * space" message, the files after it wait paused, nothing of it is stored, and the documents stored
 * before it are still found.
 *
 * The quota is lowered before the page first writes. Chromium grants IndexedDB writes from an
 * allowance it asked the quota manager for and keeps for up to 30 s
 * (`BucketContext::kBucketSpaceCacheTimeLimit`), so a quota lowered after a write is only enforced
 * once that allowance is spent or has run out: how a spec lowering it mid-test passed on some runs
 * and not others.
 */
import type { Page } from '@playwright/test';
import { expect, searchFor, test } from './support';

// The service worker's precache (model, runtime) would take quota of its own while the test runs.
test.use({ serviceWorkers: 'block' });

/** How many records each table of the library holds, read straight from IndexedDB. */
function countRecords(page: Page): Promise<Record<string, number>> {
  return page.evaluate(async () => {
    const db = await new Promise<IDBDatabase>((resolve, reject) => {
      const request = indexedDB.open('carrel');
      request.onsuccess = () => resolve(request.result);
      request.onerror = () => reject(request.error);
    });
    const tables = ['documents', 'files', 'texts', 'chunks', 'vectors'];
    const counts = await Promise.all(
      tables.map(
        (table) =>
          new Promise<number>(
            (resolve) =>
              (db.transaction(table).objectStore(table).count().onsuccess = (event) =>
                resolve((event.target as IDBRequest<number>).result)),
          ),
      ),
    );
    db.close();
    return Object.fromEntries(tables.map((table, i) => [table, counts[i]!]));
  });
}

/**
 * An HTML page of about `kb` KB that is quick to read: one short paragraph, the rest a comment.
 * Its original is what must not fit, not a long read.
 */
function largePage(kb: number): string {
  return `<html><body><p>The cargo manifest lists saffron crates for the albatross voyage.</p><!-- ${'ballast '.repeat(kb * 128)} --></body></html>`;
}

test('when storage runs out, the file that does not fit fails with a message, the queue stops, and the library stays intact', async ({
  page,
  baseURL,
}) => {
  const cdp = await page.context().newCDPSession(page);
  const origin = new URL(baseURL!).origin;
  // Room for the app's own records and a small file, not for a 1.5 MB one (its original alone is 1.5 MB).
  await cdp.send('Storage.overrideQuotaForOrigin', { origin, quotaSize: 1024 * 1024 });
  await page.goto('/');
  await page.getByTestId('file-input').setInputFiles([
    {
      name: 'kept.txt',
      mimeType: 'text/plain',
      buffer: Buffer.from('The lighthouse keeper trims the wick at dusk.'),
    },
  ]);
  await expect(page.locator('[data-testid="doc-row"][data-name="kept.txt"]')).toHaveAttribute('data-status', 'ready', {
    timeout: 60_000,
  });
  const before = await countRecords(page);

  await page.getByTestId('file-input').setInputFiles([
    { name: 'cargo.html', mimeType: 'text/html', buffer: Buffer.from(largePage(1536)) },
    {
      name: 'next.txt',
      mimeType: 'text/plain',
      buffer: Buffer.from('The falconer feeds the hawk before every flight.'),
    },
  ]);

  const cargo = page.locator('[data-testid="doc-row"][data-name="cargo.html"]');
  await expect(cargo).toHaveAttribute('data-status', 'failed', { timeout: 60_000 });
  await expect(cargo.getByTestId('error')).toContainText('no more storage space');
  await expect(cargo.getByTestId('error')).toContainText('remove documents you no longer need');
  // The queue stops rather than failing every file after it.
  const next = page.locator('[data-testid="doc-row"][data-name="next.txt"]');
  await expect(next).toHaveAttribute('data-status', 'queued');
  await expect(next.getByRole('button', { name: 'Resume next.txt' })).toBeVisible();

  // Nothing of the failed file was stored, and what was stored before is still found.
  expect(await countRecords(page)).toEqual(before);
  await expect((await searchFor(page, 'lighthouse keeper wick')).getByTestId('result-doc')).toHaveAttribute(
    'data-name',
    'kept.txt',
  );
  await page.getByTestId('search-input').fill('albatross saffron manifest');
  await expect(page.getByText('Nothing relevant found for “albatross saffron manifest”')).toBeVisible();

  // Once there is room again, resuming reads the waiting file.
  await cdp.send('Storage.overrideQuotaForOrigin', { origin });
  await next.getByRole('button', { name: 'Resume next.txt' }).click();
  await expect(next).toHaveAttribute('data-status', 'ready', { timeout: 60_000 });
});
