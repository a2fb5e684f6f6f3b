import { readFile, writeFile } from 'node:fs/promises';
import type { Page } from '@playwright/test';
import { addFiles, expect, fixture, searchFor, test } from './support';

const QUERY = 'doctor gave medicine for the sickness';

/** What a person sees of a result list: document names and propositions, in order. */
async function visibleResults(page: Page) {
  return {
    docs: await page.getByTestId('result-doc').evaluateAll((nodes) => nodes.map((node) => node.getAttribute('data-name'))),
    propositions: await page.getByTestId('result-proposition').allInnerTexts(),
  };
}

async function openSettings(page: Page) {
  await page.getByTestId('settings-button').click();
  await expect(page.getByTestId('settings')).toBeVisible();
}

async function closeSettings(page: Page) {
  await page.getByTestId('settings').getByRole('button', { name: 'Close' }).click();
  await expect(page.getByTestId('settings')).toBeHidden();
}

test('a library exported in one profile imports into an empty one with the same results, once', async ({ page, browser, baseURL }, testInfo) => {
  await page.goto('/');
  await addFiles(page, [fixture('clinic-notes.md')]);
  await searchFor(page, QUERY);
  const expected = await visibleResults(page);
  expect(expected.docs[0]).toBe('clinic-notes.md');
  expect(expected.propositions.length).toBeGreaterThan(0);

  await openSettings(page);
  await expect(page.getByTestId('storage-usage')).toHaveText(/^Using [\d.]+ (MB|GB) of [\d.]+ (MB|GB)/);
  await expect(page.getByTestId('storage-persistent')).toContainText('persistent');
  const [download] = await Promise.all([page.waitForEvent('download'), page.getByTestId('export-library').click()]);
  expect(download.suggestedFilename()).toMatch(/^carrel-library-\d{4}-\d{2}-\d{2}\.carrel$/);
  const backup = testInfo.outputPath(download.suggestedFilename());
  await download.saveAs(backup);
  await expect(page.getByTestId('backup-status')).toContainText('Exported the library');

  // An empty profile: nothing shared with the first context but the file.
  const context = await browser.newContext({ baseURL });
  const fresh = await context.newPage();
  await fresh.goto('/');
  await expect(fresh.getByTestId('doc-row')).toHaveCount(0);
  await openSettings(fresh);
  const settings = fresh.getByTestId('settings');
  await settings.getByLabel('Import a backup').setInputFiles(backup);
  await expect(settings.getByTestId('backup-status')).toHaveText('Imported 1 document.');
  await expect(fresh.getByTestId('doc-row')).toHaveCount(1);
  await expect(fresh.locator('[data-testid="doc-row"][data-name="clinic-notes.md"]')).toHaveAttribute('data-status', 'ready');

  await settings.getByLabel('Import a backup').setInputFiles(backup);
  await expect(settings.getByTestId('backup-status')).toHaveText('Imported 0 documents. 1 was already in the library.');
  await expect(fresh.getByTestId('doc-row')).toHaveCount(1);

  const bytes = await readFile(backup);
  bytes[bytes.length - 10] ^= 0xff;
  const corrupted = testInfo.outputPath('corrupted.carrel');
  await writeFile(corrupted, bytes);
  await settings.getByLabel('Import a backup').setInputFiles(corrupted);
  await expect(settings.getByTestId('error')).toContainText('damaged');
  await expect(fresh.getByTestId('doc-row')).toHaveCount(1);

  await closeSettings(fresh);
  await searchFor(fresh, QUERY);
  await expect.poll(() => visibleResults(fresh)).toEqual(expected);
  await context.close();
});

test('an encrypted backup asks for its passphrase and refuses a wrong one', async ({ page, browser, baseURL }, testInfo) => {
  await page.goto('/');
  await addFiles(page, [fixture('clinic-notes.md')]);
  await openSettings(page);
  await page.getByTestId('export-passphrase').fill('correct horse battery');
  const [download] = await Promise.all([page.waitForEvent('download'), page.getByTestId('export-library').click()]);
  const backup = testInfo.outputPath(download.suggestedFilename());
  await download.saveAs(backup);
  expect((await readFile(backup)).includes('physician prescribed')).toBe(false);

  const context = await browser.newContext({ baseURL });
  const fresh = await context.newPage();
  await fresh.goto('/');
  await openSettings(fresh);
  const settings = fresh.getByTestId('settings');
  await settings.getByLabel('Import a backup').setInputFiles(backup);
  await expect(settings.getByTestId('backup-status')).toContainText('is encrypted');
  await settings.getByTestId('import-passphrase').fill('wrong horse');
  await settings.getByTestId('import-decrypt').click();
  await expect(settings.getByTestId('error')).toContainText('Wrong passphrase');
  await expect(fresh.getByTestId('doc-row')).toHaveCount(0);

  await settings.getByTestId('import-passphrase').fill('correct horse battery');
  await settings.getByTestId('import-decrypt').click();
  await expect(settings.getByTestId('backup-status')).toHaveText('Imported 1 document.');
  await expect(fresh.locator('[data-testid="doc-row"][data-name="clinic-notes.md"]')).toHaveAttribute('data-status', 'ready');
  await context.close();
});
