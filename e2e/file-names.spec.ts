/**
 * Odd file names: unicode, quotes and markup, and a 240-character name are each read,
 * shown as text, found by search and removable.
 */
import type { Page } from '@playwright/test';
import { addFiles, expect, searchFor, test } from './support';

const LONG_NAME = `${'a very long file name about lighthouses '.repeat(6)}`.slice(0, 236) + '.txt';

const FILES = [
  {
    name: 'Résumé – 日本語 📄.md',
    text: '# Résumé\n\nThe cartographer drew every fjord of the northern coast by hand.',
    query: 'cartographer fjord coast',
  },
  {
    name: `<img src=x onerror=alert(1)> "q" 'a'.txt`,
    text: 'The glassblower shapes molten sand into delicate vases.',
    query: 'glassblower molten vases',
  },
  {
    name: LONG_NAME,
    text: 'The lighthouse keeper winds the clockwork lamp every evening at dusk.',
    query: 'lighthouse keeper clockwork lamp',
  },
];

/** The row of one file, whatever characters its name has (a CSS string, quotes escaped). */
const rowNamed = (page: Page, name: string) =>
  page.locator(`[data-testid="doc-row"][data-name=${JSON.stringify(name)}]`);

test('unicode, quoted and markup-like, and 240-character file names are read, shown as text, found and removed', async ({
  page,
}) => {
  expect(LONG_NAME).toHaveLength(240);
  const dialogs: string[] = [];
  page.on('dialog', (dialog) => {
    dialogs.push(dialog.message());
    void dialog.dismiss();
  });
  await page.goto('/');
  await addFiles(
    page,
    FILES.map(({ name, text }) => ({ name, mimeType: 'text/plain', buffer: Buffer.from(text) })),
  );

  for (const { name, query } of FILES) {
    const row = rowNamed(page, name);
    await expect(row.locator('.doc-name')).toHaveText(name);
    const first = await searchFor(page, query);
    await expect(first.getByTestId('result-doc')).toHaveAttribute('data-name', name);
    await expect(first.getByTestId('result-doc')).toContainText(name.slice(0, 20));
  }
  // The name that looks like markup stayed text: no element was made from it, nothing ran.
  await expect(page.locator('img[onerror], img[src="x"]')).toHaveCount(0);
  expect(dialogs).toEqual([]);

  for (const [i, { name }] of FILES.entries()) {
    await page.getByRole('button', { name: `Remove ${name}`, exact: true }).click();
    await expect(rowNamed(page, name)).toHaveCount(0);
    await expect(page.getByTestId('doc-row')).toHaveCount(FILES.length - i - 1);
  }
  await page.getByTestId('search-input').fill('lighthouse keeper clockwork lamp');
  await expect(page.getByText(`Nothing relevant found for “lighthouse keeper clockwork lamp”`)).toBeVisible();
  await expect(page.getByTestId('result')).toHaveCount(0);
});
