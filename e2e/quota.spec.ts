/**
 * Disk full (issue 5): with the origin's quota lowered through the DevTools protocol
 * (`Storage.overrideQuotaForOrigin`), a file that does not fit fails with the "no more storage
 * space" message, the files after it wait paused, nothing of it is stored, and the documents stored
 * before it are still found. Chromium enforces the override on IndexedDB writes even though
 * `navigator.storage.estimate()` keeps reporting the default quota.
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
    const tables = ['documents', 'files', 'texts', 'sections', 'propositions', 'vectors'];
    const counts = await Promise.all(
      tables.map((table) => new Promise<number>((resolve) => (db.transaction(table).objectStore(table).count().onsuccess = (event) => resolve((event.target as IDBRequest<number>).result)))),
    );
    db.close();
    return Object.fromEntries(tables.map((table, i) => [table, counts[i]!]));
  });
}

/** Plain text of about `kb` KB: distinct numbered sentences, each ending in a word found nowhere else. */
function largeText(kb: number): string {
  const lines: string[] = [];
  for (let i = 0; lines.join('').length < kb * 1024; i++) lines.push(`Cargo manifest line ${i} lists ${i % 13} crates of saffron for the albatross voyage.\n`);
  return lines.join('');
}

test('when storage runs out, the file that does not fit fails with a message, the queue stops, and the library stays intact', async ({ page, baseURL }) => {
  const cdp = await page.context().newCDPSession(page);
  await page.goto('/');
  await page.getByTestId('file-input').setInputFiles([{ name: 'kept.txt', mimeType: 'text/plain', buffer: Buffer.from('The lighthouse keeper trims the wick at dusk.') }]);
  await expect(page.locator('[data-testid="doc-row"][data-name="kept.txt"]')).toHaveAttribute('data-status', 'ready', { timeout: 60_000 });
  const before = await countRecords(page);

  // Room for a little more than now, not for a 600 KB file (its original alone is 600 KB).
  const { usage } = await page.evaluate(() => navigator.storage.estimate());
  await cdp.send('Storage.overrideQuotaForOrigin', { origin: new URL(baseURL!).origin, quotaSize: usage! + 256 * 1024 });
  await page.getByTestId('file-input').setInputFiles([
    { name: 'cargo.txt', mimeType: 'text/plain', buffer: Buffer.from(largeText(600)) },
    { name: 'next.txt', mimeType: 'text/plain', buffer: Buffer.from('The falconer feeds the hawk before every flight.') },
  ]);

  const cargo = page.locator('[data-testid="doc-row"][data-name="cargo.txt"]');
  await expect(cargo).toHaveAttribute('data-status', 'failed', { timeout: 60_000 });
  await expect(cargo.getByTestId('error')).toContainText('no more storage space');
  await expect(cargo.getByTestId('error')).toContainText('remove documents you no longer need');
  // The queue stops rather than failing every file after it.
  const next = page.locator('[data-testid="doc-row"][data-name="next.txt"]');
  await expect(next).toHaveAttribute('data-status', 'queued');
  await expect(next.getByRole('button', { name: 'Resume next.txt' })).toBeVisible();

  // Nothing of the failed file was stored, and what was stored before is still found.
  expect(await countRecords(page)).toEqual(before);
  await expect((await searchFor(page, 'lighthouse keeper wick')).getByTestId('result-doc')).toHaveAttribute('data-name', 'kept.txt');
  await page.getByTestId('search-input').fill('albatross saffron manifest');
  await expect(page.getByText('Nothing relevant found for “albatross saffron manifest”')).toBeVisible();

  // Once there is room again, resuming reads the waiting file.
  await cdp.send('Storage.overrideQuotaForOrigin', { origin: new URL(baseURL!).origin });
  await next.getByRole('button', { name: 'Resume next.txt' }).click();
  await expect(next).toHaveAttribute('data-status', 'ready', { timeout: 60_000 });
});
