import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect, reloadPastServiceWorker, test } from './support';

const SW = join(import.meta.dirname, '..', 'dist', 'sw.js');

test(
  'a newly deployed version is announced, and Reload switches to it',
  { tag: '@service-worker' },
  async ({ page }) => {
    await page.goto('/');
    await expect(page.getByTestId('offline-ready')).toBeVisible({ timeout: 60_000 });
    await expect(page.getByText('A new version of Carrel is ready.')).toHaveCount(0);

    // "Deploy" a new version: the served service worker changes the manifest's precache revision
    // (in every entry that lists it: two revisions of one URL stop the worker; same length, so the
    // preview server's recorded Content-Length still holds).
    const original = readFileSync(SW, 'utf8');
    const entry = (revision: string) => `"revision":"${revision}","url":"manifest.webmanifest"`;
    const revision = /"revision":"([0-9a-f]+)","url":"manifest\.webmanifest"/.exec(original)![1]!;
    const changed = original.replaceAll(entry(revision), entry((revision[0] === '0' ? '1' : '0') + revision.slice(1)));
    expect(changed).not.toBe(original);
    try {
      writeFileSync(SW, changed);
      // What the browser does on its own at the next navigation or hourly check.
      await page.evaluate(async () => (await navigator.serviceWorker.getRegistration())!.update());
      const banner = page.getByRole('status').filter({ hasText: 'A new version of Carrel is ready.' });
      await expect(banner).toBeVisible({ timeout: 60_000 });

      const reloaded = page.waitForEvent('framenavigated');
      await banner.getByRole('button', { name: 'Reload' }).click();
      await reloaded;
      await expect(page.getByTestId('search-input')).toBeVisible();
      await expect(page.getByText('A new version of Carrel is ready.')).toHaveCount(0);
      // The page is now controlled by the new worker, the one serving the changed script.
      expect(await page.evaluate(() => navigator.serviceWorker.controller?.scriptURL)).toMatch(/\/sw\.js$/);
      expect(await page.evaluate(async () => !!(await navigator.serviceWorker.getRegistration())?.waiting)).toBe(false);
    } finally {
      writeFileSync(SW, original);
    }
  },
);

test(
  'a page loaded past the service worker (a hard reload) still says it is ready offline, and is',
  { tag: '@service-worker' },
  async ({ page, context }) => {
    await reloadPastServiceWorker(page);
    await expect(page.getByTestId('offline-ready')).toBeVisible({ timeout: 30_000 });

    // And it is: the next load, offline, is answered by the worker.
    await context.setOffline(true);
    await page.reload();
    await expect(page.getByTestId('search-input')).toBeVisible();
    await context.setOffline(false);
  },
);
