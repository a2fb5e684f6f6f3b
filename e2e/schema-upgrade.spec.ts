/**
 * A schema upgrade with another tab open neither blocks forever nor corrupts the library.
 * The "other version" is a raw IndexedDB connection from a second page of the same origin (a page
 * without the app, so nothing else opens the database there).
 */
import type { Page } from '@playwright/test';
import { expect, searchFor, test } from './support';

/** A second page of the origin that does not run the app. */
async function bareSameOriginPage(page: Page): Promise<Page> {
  const bare = await page.context().newPage();
  await bare.goto('/icons/favicon.svg');
  return bare;
}

test('an open tab gives way to a newer version of the library and asks to be reloaded; nothing is lost', async ({
  page,
}) => {
  await page.goto('/');
  await page.getByTestId('file-input').setInputFiles([
    {
      name: 'tides.txt',
      mimeType: 'text/plain',
      buffer: Buffer.from('Spring tides follow the full moon and the new moon.'),
    },
  ]);
  await expect(page.locator('[data-testid="doc-row"][data-name="tides.txt"]')).toHaveAttribute('data-status', 'ready');

  const newer = await bareSameOriginPage(page);
  const upgrade = await newer.evaluate(async () => {
    const current = await new Promise<number>((resolve, reject) => {
      const request = indexedDB.open('carrel');
      request.onsuccess = () => (resolve(request.result.version), request.result.close());
      request.onerror = () => reject(request.error);
    });
    let blocked = false;
    const upgraded = await new Promise<number>((resolve, reject) => {
      const request = indexedDB.open('carrel', current + 1);
      request.onblocked = () => (blocked = true);
      request.onupgradeneeded = () => request.result.createObjectStore('added-by-a-newer-version');
      request.onsuccess = () => (resolve(request.result.version), request.result.close());
      request.onerror = () => reject(request.error);
    });
    return { current, upgraded, blocked };
  });
  // Every connection of the open tab (the page and its workers) closed at once: never blocked.
  expect(upgrade).toEqual({ current: upgrade.current, upgraded: upgrade.current + 1, blocked: false });
  await expect(page.getByTestId('reload-needed')).toContainText('Reload this tab');

  await page.getByTestId('reload-needed').getByRole('button', { name: 'Reload' }).click();
  await expect(page.locator('[data-testid="doc-row"][data-name="tides.txt"]')).toHaveAttribute('data-status', 'ready');
  const first = await searchFor(page, 'spring tides full moon');
  await expect(first.getByTestId('result-doc')).toHaveAttribute('data-name', 'tides.txt');
  await expect(page.getByTestId('reload-needed')).toHaveCount(0);
});

test('a tab whose upgrade waits for an older tab says so, and goes on once that tab lets go', async ({ page }) => {
  // An "older Carrel" holds the library open at an earlier version and ignores requests to close.
  const older = await bareSameOriginPage(page);
  await older.evaluate(
    () =>
      new Promise<void>((resolve, reject) => {
        const request = indexedDB.open('carrel', 1);
        request.onsuccess = () => (((window as unknown as { held: IDBDatabase }).held = request.result), resolve());
        request.onerror = () => reject(request.error);
      }),
  );

  await page.goto('/');
  await expect(page.getByTestId('upgrade-waiting')).toContainText('Close or reload your other Carrel tabs');

  await older.evaluate(() => (window as unknown as { held: IDBDatabase }).held.close());
  await expect(page.getByTestId('upgrade-waiting')).toHaveCount(0);
  await page.getByTestId('file-input').setInputFiles([
    {
      name: 'kiln.txt',
      mimeType: 'text/plain',
      buffer: Buffer.from('The potter fires the kiln slowly so the glaze does not crack.'),
    },
  ]);
  await expect(page.locator('[data-testid="doc-row"][data-name="kiln.txt"]')).toHaveAttribute('data-status', 'ready', {
    timeout: 60_000,
  });
  const first = await searchFor(page, 'potter kiln glaze');
  await expect(first.getByTestId('result-doc')).toHaveAttribute('data-name', 'kiln.txt');
});
