/**
 * Setting up sync: on a first visit (the service worker still caching the app), with the keys
 * remembered on this device or not, and with only the buttons that apply.
 */
import type { Page } from '@playwright/test';
import { PASSPHRASE, device, openSync, startSync, useCouchServer } from './support/sync-devices';
import { expect, reloadPastServiceWorker, test } from './support';

const couch = useCouchServer();

/** What the device's key store holds: each key's kind and whether script could read its bytes. */
function rememberedKeys(page: Page) {
  return page.evaluate(
    () =>
      new Promise<{ extractable: boolean; type: string }[] | null>((resolve, reject) => {
        const open = indexedDB.open('carrel-sync-key');
        open.onerror = () => reject(open.error);
        open.onupgradeneeded = () => open.result.createObjectStore('keys');
        open.onsuccess = () => {
          const db = open.result;
          const read = db.transaction('keys').objectStore('keys').get('library');
          read.onsuccess = () => {
            db.close();
            const value = read.result as { keys: Record<string, CryptoKey> } | undefined;
            resolve(
              value ? Object.values(value.keys).map((key) => ({ extractable: key.extractable, type: key.type })) : null,
            );
          };
        };
      }),
  );
}

test(
  'on a first visit, sync waits for the offline setup instead of reporting the running server unreachable',
  { tag: '@service-worker' },
  async ({ context, page }) => {
    // Hold the service worker's own requests (its precache), so the page is not yet taken over when sync starts.
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    await context.route('**/*', async (route) => {
      if (route.request().serviceWorker()) await held;
      await route.continue();
    });
    await page.goto('/');
    await openSync(page);
    expect(await page.evaluate(() => navigator.serviceWorker.controller)).toBeNull();
    await startSync(page, couch().dbUrl('library'), PASSPHRASE, 'laptop');
    await expect(page.getByTestId('sync-finishing-setup')).toBeVisible();
    await expect(page.getByTestId('sync-error')).toHaveCount(0);
    release();
    await expect(page.getByTestId('sync-status')).toHaveAttribute('data-state', 'synced', { timeout: 120_000 });
    await expect(page.getByTestId('sync-finishing-setup')).toHaveCount(0);
    await expect(page.getByTestId('sync-error')).toHaveCount(0);
    expect((await couch().traffic()).requests).toBeGreaterThan(0);
  },
);

test(
  'a page loaded past its service worker (Shift+Reload) says to reload before sync, and sends nothing',
  { tag: '@service-worker' },
  async ({ page }) => {
    await reloadPastServiceWorker(page);
    await openSync(page);
    await couch().resetTraffic();
    await startSync(page, couch().dbUrl('library'), PASSPHRASE, 'laptop');
    const error = page.getByTestId('sync-error');
    await expect(error).toContainText('could not finish its offline setup', { timeout: 30_000 });
    await expect(error).toContainText('Reload the page, then start sync again');
    await expect(error).not.toContainText('cannot be reached');
    expect((await couch().traffic()).requests).toBe(0);
  },
);

test(
  '"Remember on this device" keeps a non-extractable key, so a reload resumes without the passphrase; forgetting it is one click',
  { tag: '@service-worker' },
  async ({ context }) => {
    const page = await device(context);
    await openSync(page);
    // Off: only Start applies; remembering is not ticked unless the person asks.
    await expect(page.getByTestId('sync-start')).toBeVisible();
    await expect(page.getByTestId('sync-pause')).toHaveCount(0);
    await expect(page.getByTestId('sync-forget')).toHaveCount(0);
    await expect(page.getByTestId('sync-remember')).not.toBeChecked();

    await page.getByTestId('sync-remember').check();
    await startSync(page, couch().dbUrl('library'), PASSPHRASE, 'laptop');
    const status = page.getByTestId('sync-status');
    await expect(status).toHaveAttribute('data-state', 'synced', { timeout: 60_000 });
    // Running: Pause and Stop syncing, no Start.
    await expect(page.getByTestId('sync-start')).toHaveCount(0);
    await expect(page.getByTestId('sync-pause')).toHaveText('Pause');
    await expect(page.getByTestId('sync-forget')).toBeVisible();
    expect(await rememberedKeys(page)).toEqual([
      { extractable: false, type: 'secret' },
      { extractable: false, type: 'secret' },
    ]);

    await page.reload();
    await openSync(page);
    await expect(status).toHaveAttribute('data-state', 'synced', { timeout: 60_000 });
    await expect(page.getByTestId('sync-passphrase')).toHaveValue('');
    await expect(page.getByTestId('sync-start')).toHaveCount(0);

    // Paused with the key at hand: Resume, no Start.
    await page.getByTestId('sync-pause').click();
    await expect(status).toHaveAttribute('data-state', 'paused');
    await expect(page.getByTestId('sync-pause')).toHaveText('Resume');
    await expect(page.getByTestId('sync-start')).toHaveCount(0);
    await page.getByTestId('sync-pause').click();
    await expect(status).toHaveAttribute('data-state', 'synced', { timeout: 60_000 });

    await page.getByTestId('sync-forget-key').click();
    await expect(page.getByTestId('sync-forget-key')).toHaveCount(0);
    expect(await rememberedKeys(page)).toBeNull();
    await page.reload();
    await openSync(page);
    // Not remembered: the passphrase resumes it, and only that button is offered besides Stop syncing.
    await expect(status).toHaveAttribute('data-state', 'paused');
    await expect(page.getByTestId('sync-start')).toHaveText('Resume with passphrase');
    await expect(page.getByTestId('sync-pause')).toHaveCount(0);
    await page.getByTestId('sync-passphrase').fill(PASSPHRASE);
    await page.getByTestId('sync-start').click();
    await expect(status).toHaveAttribute('data-state', 'synced', { timeout: 60_000 });
    expect(await rememberedKeys(page)).toBeNull();
  },
);
