import type { Page } from '@playwright/test';
import { addFiles, expect, fixture, searchFor, test } from './support';

interface VectorState {
  /** The recipe each stored vector record says it was made by (absent: the first). */
  recipes: (number | null)[];
  /** The settings' word on which recipe every vector of each model is of. */
  settled: Record<string, number> | null;
}

/**
 * What the tab's IndexedDB holds of vector recipes; with `forget`, first makes the stored vectors
 * look as an earlier version of the app left them (no recipe said anywhere).
 */
function recipes(page: Page, forget = false): Promise<VectorState> {
  return page.evaluate(
    (forget) =>
      new Promise<VectorState>((resolve, reject) => {
        const open = indexedDB.open('carrel');
        open.onerror = () => reject(open.error);
        open.onsuccess = () => {
          const tx = open.result.transaction(['vectors', 'settings'], 'readwrite');
          const vectors = tx.objectStore('vectors');
          const settings = tx.objectStore('settings');
          if (forget) settings.delete('vectors.recipes');
          const all = vectors.getAll();
          all.onsuccess = () => {
            if (!forget) return;
            for (const record of all.result as { recipe?: number }[]) {
              delete record.recipe;
              vectors.put(record);
            }
          };
          const settled = settings.get('vectors.recipes');
          tx.onerror = () => reject(tx.error);
          tx.oncomplete = () => {
            open.result.close();
            resolve({
              recipes: (all.result as { recipe?: number }[]).map((record) => record.recipe ?? null),
              settled: (settled.result as { value: Record<string, number> } | undefined)?.value ?? null,
            });
          };
        };
      }),
    forget,
  );
}

test('a library whose vectors an older recipe made has them made again after a start, and answers throughout', async ({
  page,
}) => {
  await page.goto('/');
  await addFiles(page, [fixture('clinic-notes.md'), fixture('moving-notes.md')]);
  await searchFor(page, 'doctor gave medicine for the sickness');
  // The engine's first start found nothing to redo and said so.
  await expect
    .poll(() => recipes(page), { timeout: 30_000 })
    .toEqual({ recipes: [3, 3], settled: { 'carrel-glove-50k': 3 } });

  expect(await recipes(page, true)).toEqual({ recipes: [null, null], settled: null });
  await page.reload();
  const first = await searchFor(page, 'doctor gave medicine for the sickness');
  await expect(first.getByTestId('result-proposition').first()).toContainText('physician prescribed antibiotics');
  await expect
    .poll(() => recipes(page), { timeout: 30_000 })
    .toEqual({ recipes: [3, 3], settled: { 'carrel-glove-50k': 3 } });
  const again = await searchFor(page, 'which medicine did the sick patient get');
  await expect(again.getByTestId('result-proposition').first()).toContainText('physician prescribed antibiotics');
});
