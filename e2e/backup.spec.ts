import { readFile, writeFile } from 'node:fs/promises';
import type { Page } from '@playwright/test';
import { addFiles, expect, fixture, searchFor, test } from './support';

const QUERY = 'doctor gave medicine for the sickness';

/** What a person sees of a result list: document names and propositions, in order. */
async function visibleResults(page: Page) {
  return {
    docs: await page
      .getByTestId('result-doc')
      .evaluateAll((nodes) => nodes.map((node) => node.getAttribute('data-name'))),
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

test('a library exported in one profile imports into an empty one with the same results, once', async ({
  page,
  browser,
  baseURL,
}, testInfo) => {
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
  await expect(fresh.locator('[data-testid="doc-row"][data-name="clinic-notes.md"]')).toHaveAttribute(
    'data-status',
    'ready',
  );

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

test('an encrypted backup asks for its passphrase and refuses a wrong one', async ({
  page,
  browser,
  baseURL,
}, testInfo) => {
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
  await expect(fresh.locator('[data-testid="doc-row"][data-name="clinic-notes.md"]')).toHaveAttribute(
    'data-status',
    'ready',
  );
  await context.close();
});

test('a backup carries the chunking and OCR language chosen, also a choice this browser kept before they moved into the library', async ({
  page,
  browser,
  baseURL,
}, testInfo) => {
  await page.goto('/');
  // Where an older version kept the OCR language: moved into the library once, then forgotten here.
  await page.evaluate(() => localStorage.setItem('carrel-ocr-language', 'fra'));
  await page.reload();
  await expect.poll(() => page.evaluate(() => localStorage.getItem('carrel-ocr-language'))).toBeNull();
  await addFiles(page, [fixture('clinic-notes.md')]);
  await openSettings(page);
  await expect(page.getByTestId('ocr-language-current')).toHaveText('French');
  await page.getByTestId('chunk-mode').selectOption('full-doc');
  await page.getByTestId('chunk-apply').click();
  await expect(page.getByTestId('chunk-status')).toHaveText(
    'Re-indexing 1 document in the background. Search keeps working meanwhile.',
  );
  const [download] = await Promise.all([page.waitForEvent('download'), page.getByTestId('export-library').click()]);
  const backup = testInfo.outputPath('settings.carrel');
  await download.saveAs(backup);

  const context = await browser.newContext({ baseURL });
  const fresh = await context.newPage();
  await fresh.goto('/');
  await openSettings(fresh);
  await expect(fresh.getByTestId('ocr-language-current')).toHaveText('English');
  await expect(fresh.getByTestId('chunk-mode')).toHaveValue('three-level');
  await fresh.getByTestId('settings').getByLabel('Import a backup').setInputFiles(backup);
  await expect(fresh.getByTestId('backup-status')).toHaveText('Imported 1 document.');
  await expect(fresh.getByTestId('ocr-language-current')).toHaveText('French');
  await expect(fresh.getByTestId('chunk-mode')).toHaveValue('full-doc');
  await closeSettings(fresh);
  // And they are kept in the library, not only shown: a reload reads them back.
  await fresh.reload();
  await openSettings(fresh);
  await expect(fresh.getByTestId('ocr-language-current')).toHaveText('French');
  await expect(fresh.getByTestId('chunk-mode')).toHaveValue('full-doc');
  await context.close();
});
