import { addFiles, expect, fixture, searchFor, test } from './support';

/** The engine's stored snapshot in the tab's IndexedDB: the manifest's format and parts, and how many of those parts exist. */
function readSnapshot(page: import('@playwright/test').Page) {
  return page.evaluate(
    () =>
      new Promise<{ format: number; parts: number; present: number } | null>((resolve, reject) => {
        const open = indexedDB.open('carrel');
        open.onerror = () => reject(open.error);
        open.onsuccess = () => {
          const store = open.result.transaction('snapshots').objectStore('snapshots');
          const all = store.getAll();
          all.onsuccess = () => {
            const records = all.result as { key: string; format?: number; parts?: string[] }[];
            const manifest = records.find((record) => Array.isArray(record.parts));
            open.result.close();
            if (!manifest) return resolve(null);
            const keys = new Set(records.map((record) => record.key));
            resolve({
              format: manifest.format!,
              parts: manifest.parts!.length,
              present: manifest.parts!.filter((key) => keys.has(key)).length,
            });
          };
        };
      }),
  );
}

test('the engine stores its index as a snapshot whose parts are all present, and answers after a reload', async ({
  page,
}) => {
  await page.goto('/');
  await addFiles(page, [fixture('clinic-notes.md')]);
  await expect(page.getByTestId('doc-row')).toHaveCount(1);

  // Saved once the library has been quiet for a few seconds.
  await expect.poll(() => readSnapshot(page), { timeout: 30_000 }).toMatchObject({ format: 8 }); // workers/engine/snapshot.ts FORMAT
  // A library this small fits in the manifest itself; every part it does name must be stored.
  const snapshot = (await readSnapshot(page))!;
  expect(snapshot.present).toBe(snapshot.parts);

  await page.reload();
  const first = await searchFor(page, 'doctor gave medicine for the sickness');
  await expect(first.getByTestId('result-proposition').first()).toContainText('physician prescribed antibiotics');
});
