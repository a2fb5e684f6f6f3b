import { addFiles, expect, fixture, searchFor, test } from './support';

test('dropping a folder adds every file inside it, recursively, and skips hidden files', async ({ page }) => {
  await page.goto('/');
  await expect(page.getByTestId('search-input')).toBeVisible();

  // A drop as Chromium delivers a folder: items whose entries are directories with readers.
  await page.evaluate(() => {
    const file = (name: string, text: string) => ({
      isFile: true,
      isDirectory: false,
      name,
      file: (ok: (f: File) => void) => ok(new File([text], name, { type: 'text/markdown' })),
    });
    const folder = (name: string, children: object[]) => ({
      isFile: false,
      isDirectory: true,
      name,
      createReader: () => {
        let read = false;
        // Like Chromium, entries come in batches and an empty batch ends the listing.
        return { readEntries: (ok: (entries: object[]) => void) => ok(read ? [] : ((read = true), children)) };
      },
    });
    const tree = folder('notes', [
      file('harbour.md', '# Harbour\n\nFishing boats return to the harbour before the evening tide.'),
      file('.DS_Store', 'binary junk'),
      folder('deeper', [
        file('orchard.md', '# Orchard\n\nThe apple orchard is pruned every winter to keep the trees healthy.'),
      ]),
    ]);
    const event = new DragEvent('drop', { bubbles: true, cancelable: true });
    Object.defineProperty(event, 'dataTransfer', { value: { items: [{ webkitGetAsEntry: () => tree }], files: [] } });
    document.querySelector('[data-testid="drop-zone"]')!.dispatchEvent(event);
  });

  for (const name of ['harbour.md', 'orchard.md']) {
    await expect(page.locator(`[data-testid="doc-row"][data-name="${name}"]`)).toHaveAttribute('data-status', 'ready', {
      timeout: 60_000,
    });
  }
  await expect(page.getByTestId('doc-row')).toHaveCount(2);
  const first = await searchFor(page, 'pruning apple trees in winter');
  await expect(first.getByTestId('result-doc')).toHaveAttribute('data-name', 'orchard.md');
});

test('each result shows its per-stage scores on demand', async ({ page }) => {
  await page.goto('/');
  await addFiles(page, [fixture('clinic-notes.md')]);
  const first = await searchFor(page, 'doctor gave medicine for the sickness');
  await expect(first.locator('table.scores')).toHaveCount(0);

  const details = first.getByRole('button', { name: 'Details' });
  await details.click();
  await expect(details).toHaveAttribute('aria-expanded', 'true');
  const rows = first.locator('table.scores tbody tr');
  await expect(rows.first().getByRole('rowheader')).toHaveText('Document');
  await expect(rows.nth(1).getByRole('rowheader')).toHaveText('Section');
  await expect(rows.nth(2).getByRole('rowheader')).toHaveText('Passage 1');
  // Real numbers in every stage's similarity column, never placeholders.
  for (const row of await rows.all()) await expect(row.locator('td').first()).toHaveText(/^-?\d+\.\d+$/);

  await details.click();
  await expect(first.locator('table.scores')).toHaveCount(0);
});
