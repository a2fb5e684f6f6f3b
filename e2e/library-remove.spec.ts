import type { Page } from '@playwright/test';
import { addFiles, expect, test } from './support';
import { libraryFile, rowNames, storedRecords } from './support/library';

const row = (page: Page, name: string) => page.locator(`[data-testid="doc-row"][data-name="${name}"]`);

/** The names of the documents a search for `query` shows. */
async function foundIn(page: Page, query: string): Promise<string[]> {
  await page.getByTestId('search-input').fill(query);
  await expect(page.locator('section.results')).toHaveAttribute('aria-busy', 'false');
  return page
    .getByTestId('result-doc')
    .evaluateAll((docs) => [...new Set(docs.map((doc) => doc.getAttribute('data-name')!))].sort());
}

test('removing several documents hides them at once, offers one Undo for at least 10 s, and deletes them only after it', async ({
  page,
}, testInfo) => {
  await page.clock.install();
  await page.goto('/');
  await addFiles(page, [
    libraryFile(testInfo, 'zeppelin.md', { title: 'Zeppelin hangars', headings: ['Mooring masts'] }),
    libraryFile(testInfo, 'lighthouse.md', { title: 'Lighthouse keepers', headings: ['Lamp oil'] }),
    libraryFile(testInfo, 'orchard.md', { title: 'Orchard ladders', headings: ['Pruning saws'] }),
  ]);
  await expect.poll(() => foundIn(page, 'zeppelin hangars mooring masts')).toContain('zeppelin.md');

  await row(page, 'zeppelin.md').getByTestId('doc-select').check();
  await row(page, 'lighthouse.md').getByTestId('doc-select').check();
  await page.getByTestId('remove-selected').click();

  const undo = page.getByTestId('undo-remove');
  await expect(undo).toHaveCount(1);
  await expect(page.getByText('Removed 2 documents.')).toBeVisible();
  await expect.poll(() => rowNames(page)).toEqual(['orchard.md']);
  await expect(page.getByTestId('library-count')).toHaveText('1');
  // Out of search at once, but nothing is deleted yet.
  await expect.poll(() => foundIn(page, 'zeppelin hangars mooring masts')).not.toContain('zeppelin.md');
  expect((await storedRecords(page)).map((doc) => [doc.name, doc.removing])).toEqual([
    ['lighthouse.md', true],
    ['orchard.md', false],
    ['zeppelin.md', true],
  ]);

  await page.clock.fastForward(10_000);
  await expect(undo).toBeVisible();
  expect(await storedRecords(page)).toHaveLength(3);

  await undo.click();
  await expect(undo).toHaveCount(0);
  await expect.poll(() => rowNames(page)).toEqual(['orchard.md', 'lighthouse.md', 'zeppelin.md']);
  await expect.poll(() => foundIn(page, 'zeppelin hangars mooring masts')).toContain('zeppelin.md');
  expect((await storedRecords(page)).filter((doc) => doc.removing)).toEqual([]);

  // Not undone: deleted when the window ends.
  await row(page, 'orchard.md').getByRole('button', { name: 'Remove orchard.md' }).click();
  await expect(page.getByText('Removed 1 document.')).toBeVisible();
  await page.clock.fastForward(13_000);
  await expect(undo).toHaveCount(0);
  await expect
    .poll(async () => (await storedRecords(page)).map((doc) => doc.name))
    .toEqual(['lighthouse.md', 'zeppelin.md']);
  await expect.poll(() => rowNames(page)).toEqual(['lighthouse.md', 'zeppelin.md']);
});

test('a reload inside the undo window keeps the removed document and its Undo; the removal ends after the window', async ({
  page,
}, testInfo) => {
  await page.clock.install();
  await page.goto('/');
  await addFiles(page, [
    libraryFile(testInfo, 'glacier.md', { title: 'Glacier walks', headings: ['Crampons'] }),
    libraryFile(testInfo, 'harbour.md', { title: 'Harbour tides', headings: ['Tide tables'] }),
  ]);
  await row(page, 'glacier.md').getByRole('button', { name: 'Remove glacier.md' }).click();
  await expect(page.getByTestId('undo-remove')).toBeVisible();

  await page.reload();
  await expect(row(page, 'harbour.md')).toHaveAttribute('data-status', 'ready');
  await expect(row(page, 'glacier.md')).toHaveCount(0);
  await expect(page.getByTestId('undo-remove')).toBeVisible();
  expect((await storedRecords(page)).map((doc) => doc.name)).toEqual(['glacier.md', 'harbour.md']);
  await page.getByTestId('undo-remove').click();
  await expect(row(page, 'glacier.md')).toHaveAttribute('data-status', 'ready');
  await expect.poll(() => foundIn(page, 'glacier walks crampons')).toContain('glacier.md');

  // Removed again and reloaded: the window still ends, and the document is deleted then.
  await row(page, 'glacier.md').getByRole('button', { name: 'Remove glacier.md' }).click();
  await expect(page.getByTestId('undo-remove')).toBeVisible();
  await page.reload();
  await expect(page.getByTestId('undo-remove')).toBeVisible();
  await page.clock.fastForward(13_000);
  await expect(page.getByTestId('undo-remove')).toHaveCount(0);
  await expect.poll(async () => (await storedRecords(page)).map((doc) => doc.name)).toEqual(['harbour.md']);
});

test('on a 320 px phone the rows, the choice boxes and Undo fit and are big enough to tap', async ({
  page,
}, testInfo) => {
  await page.setViewportSize({ width: 320, height: 700 });
  await page.goto('/');
  await addFiles(page, [
    libraryFile(testInfo, 'a-very-long-file-name-of-a-field-guide-to-mountain-birds.md', {
      title: 'Mountain birds',
      headings: ['Ravens'],
    }),
    libraryFile(testInfo, 'short.md', { title: 'Short', headings: ['One'] }),
  ]);
  // A file's row shows "Ready" a moment before its stored document's row, taller here with its
  // controls, takes its place: a click meant for Remove during that swap lands beside it.
  await expect(page.getByTestId('doc-select')).toHaveCount(2);
  const scrollWidth = () => page.evaluate(() => document.documentElement.scrollWidth);
  expect(await scrollWidth()).toBeLessThanOrEqual(320);
  for (const box of await page.getByTestId('doc-select').all()) {
    const { width, height } = (await box.boundingBox())!;
    expect(Math.min(width, height)).toBeGreaterThanOrEqual(24);
  }
  for (const button of await page.getByTestId('doc-open').all())
    expect((await button.boundingBox())!.height).toBeGreaterThanOrEqual(44);

  await row(page, 'short.md').getByRole('button', { name: 'Remove short.md' }).click();
  const undo = page.getByTestId('undo-remove');
  await expect(undo).toBeVisible();
  expect((await undo.boundingBox())!.height).toBeGreaterThanOrEqual(44);
  expect(await scrollWidth()).toBeLessThanOrEqual(320);
});
