/**
 * A document stored before its kind's reader changed is read again from its original at the next
 * start (common/read-recipe.ts): a Markdown file indexed as slices of its source comes back as
 * the text a reader sees, and search answers throughout.
 */
import type { Page } from '@playwright/test';
import { addFiles, expect, fixture, searchFor, test } from './support';

/** The stored documents' read recipes; with `forget`, first makes them look as an earlier version left them. */
function readRecipes(page: Page, forget = false): Promise<(number | null)[]> {
  return page.evaluate(
    (forget) =>
      new Promise<(number | null)[]>((resolve, reject) => {
        const open = indexedDB.open('carrel');
        open.onerror = () => reject(open.error);
        open.onsuccess = () => {
          const tx = open.result.transaction(['documents'], 'readwrite');
          const documents = tx.objectStore('documents');
          const all = documents.getAll();
          all.onsuccess = () => {
            if (!forget) return;
            for (const record of all.result as { readRecipe?: number }[]) {
              delete record.readRecipe;
              documents.put(record);
            }
          };
          tx.onerror = () => reject(tx.error);
          tx.oncomplete = () => {
            open.result.close();
            resolve((all.result as { readRecipe?: number }[]).map((record) => record.readRecipe ?? null));
          };
        };
      }),
    forget,
  );
}

test('Markdown stored before passages were plain text is read again at the next start', async ({ page }) => {
  await page.goto('/');
  await addFiles(page, [fixture('clinic-notes.md')]);
  expect(await readRecipes(page)).toEqual([2]);
  expect(await readRecipes(page, true)).toEqual([null]);
  await page.reload();
  await expect.poll(() => readRecipes(page), { timeout: 30_000 }).toEqual([2]);
  await expect(page.locator('[data-testid="doc-row"][data-name="clinic-notes.md"]')).toHaveAttribute(
    'data-status',
    'ready',
  );
  await expect(page.getByTestId('doc-row')).toHaveCount(1);
  const first = await searchFor(page, 'doctor gave medicine for the sickness');
  await expect(first.getByTestId('result-proposition').first()).toContainText('physician prescribed antibiotics');
});
