import type { Page } from '@playwright/test';
import { statSync } from 'node:fs';
import { addFiles, bigMarkdown, expect, fixture, generated, test } from './support';
import { libraryFile, rowNames, storedRecords } from './support/library';
import { holdWorker } from './support/worker-hold';

const row = (page: Page, name: string) => page.locator(`[data-testid="doc-row"][data-name="${name}"]`);

test('the filter finds a document by its title, a heading or its file name, with any case and accents, and by type and language', async ({
  page,
}, testInfo) => {
  await page.goto('/');
  await addFiles(page, [
    libraryFile(testInfo, 'stats-course.md', {
      title: 'Introduction to R',
      headings: ['Données manquantes', 'Plotting'],
    }),
    libraryFile(testInfo, 'kitchen.txt', { text: 'Bread needs flour, water, salt and yeast; knead the dough well.' }),
    fixture('garten-notizen.md'),
    fixture('travel-guide.html'),
  ]);
  await expect(row(page, 'garten-notizen.md')).toHaveAttribute('data-lang', 'de');
  const filter = page.getByTestId('library-filter');

  // The title, which the file name does not hold.
  await filter.fill('introduction to r');
  await expect.poll(() => rowNames(page)).toEqual(['stats-course.md']);
  // A heading inside it, without its accents and in capitals.
  await filter.fill('DONNEES manquantes');
  await expect.poll(() => rowNames(page)).toEqual(['stats-course.md']);
  await filter.fill('kitchen');
  await expect.poll(() => rowNames(page)).toEqual(['kitchen.txt']);
  await filter.fill('nothing like this');
  await expect(page.getByText('No title, heading or file name contains “nothing like this”.')).toBeVisible();
  await filter.fill('');
  // After a reload the headings come from the engine's restored index.
  await page.reload();
  await page.getByTestId('library-filter').fill('donnees');
  await expect.poll(() => rowNames(page)).toEqual(['stats-course.md']);
  await page.getByTestId('library-filter').fill('');

  const type = page.getByTestId('library-type');
  await type.selectOption({ label: 'HTML' });
  await expect.poll(() => rowNames(page)).toEqual(['travel-guide.html']);
  await type.selectOption({ label: 'Markdown' });
  await expect.poll(() => rowNames(page)).toEqual(['garten-notizen.md', 'stats-course.md']);
  await page.getByTestId('library-language').selectOption({ label: 'German' });
  await expect.poll(() => rowNames(page)).toEqual(['garten-notizen.md']);
  await type.selectOption({ label: 'Text' });
  await expect(page.getByText('No document is of that type and language.')).toBeVisible();
});

test('documents sort by title and by when they were last opened, which a row’s Open button records', async ({
  page,
}, testInfo) => {
  await page.goto('/');
  const files = [
    libraryFile(testInfo, 'a-zebra.md', { title: 'Zebra habits', headings: ['Stripes'] }),
    libraryFile(testInfo, 'z-apple.md', { title: 'Apple orchards', headings: ['Pruning'] }),
    libraryFile(testInfo, 'm-mango.md', { title: 'Mango trees', headings: ['Ripening'] }),
  ];
  for (const file of files) await addFiles(page, [file]);
  const sort = page.getByTestId('library-sort');

  await sort.selectOption({ label: 'Title' });
  await expect.poll(() => rowNames(page)).toEqual(['z-apple.md', 'm-mango.md', 'a-zebra.md']);

  const open = async (name: string, title: string) => {
    await row(page, name).getByTestId('doc-open').click();
    const viewer = page.getByTestId('viewer');
    await expect(viewer.locator('#viewer-title')).toHaveText(title);
    // The original, drawn formatted from its start.
    await expect(viewer.locator('.viewer-formatted h1')).toHaveText(title);
    await viewer.getByRole('button', { name: 'Back to results' }).click();
    await expect(viewer).toHaveCount(0);
  };
  await open('m-mango.md', 'Mango trees');
  await sort.selectOption({ label: 'Last opened' });
  // Never opened: newest added first.
  await expect.poll(() => rowNames(page)).toEqual(['m-mango.md', 'z-apple.md', 'a-zebra.md']);
  await open('a-zebra.md', 'Zebra habits');
  await expect.poll(() => rowNames(page)).toEqual(['a-zebra.md', 'm-mango.md', 'z-apple.md']);

  // Stored: the order holds after a reload.
  await page.reload();
  await page.getByTestId('library-sort').selectOption({ label: 'Last opened' });
  await expect.poll(() => rowNames(page)).toEqual(['a-zebra.md', 'm-mango.md', 'z-apple.md']);
});

test('a PDF and an HTML file open from their rows at their start, drawn as the originals', async ({ page }) => {
  await page.goto('/');
  await addFiles(page, [generated('travel-guide.pdf'), fixture('travel-guide.html')]);
  const viewer = page.getByTestId('viewer');

  await row(page, 'travel-guide.pdf').getByTestId('doc-open').click();
  await expect(viewer.getByTestId('viewer-page')).toHaveAttribute('data-page', '1');
  await expect(viewer.locator('canvas')).toBeVisible();
  await expect(viewer.getByText('could not be picked out', { exact: false })).toHaveCount(0);
  await viewer.getByRole('button', { name: 'Back to results' }).click();

  await row(page, 'travel-guide.html').getByTestId('doc-open').click();
  await expect(viewer.locator('.viewer-formatted')).toContainText('Traveller');
  await expect(viewer.getByTestId('error')).toHaveCount(0);
});

test('several documents are chosen, all shown ones at once, and indexed again together', async ({ page }, testInfo) => {
  await page.goto('/');
  await addFiles(page, [
    libraryFile(testInfo, 'one.md', { title: 'First notes', headings: ['Alpha'] }),
    libraryFile(testInfo, 'two.md', { title: 'Second notes', headings: ['Beta'] }),
    libraryFile(testInfo, 'three.md', { title: 'Third book', headings: ['Gamma'] }),
  ]);
  const before = await storedRecords(page);

  // Select all takes only the rows the filter shows.
  await page.getByTestId('library-filter').fill('notes');
  await expect.poll(() => rowNames(page)).toEqual(['two.md', 'one.md']);
  await page.getByTestId('select-all').check();
  await expect(page.getByTestId('doc-select').nth(0)).toBeChecked();
  await expect(page.getByTestId('doc-select').nth(1)).toBeChecked();
  await page.getByTestId('reindex-selected').click();

  await expect
    .poll(async () => {
      const after = await storedRecords(page);
      return after
        .filter((doc) => doc.indexedAt > before.find((old) => old.name === doc.name)!.indexedAt)
        .map((doc) => doc.name);
    })
    .toEqual(['one.md', 'two.md']);
  await page.getByTestId('library-filter').fill('');
  for (const name of ['one.md', 'two.md', 'three.md'])
    await expect(row(page, name)).toHaveAttribute('data-status', 'ready');
});

test('each row shows what its document takes, and Settings counts the documents, not the app’s own files', async ({
  page,
}) => {
  await page.goto('/');
  const files = [fixture('clinic-notes.md'), fixture('travel-guide.html')];
  await addFiles(page, files);
  let total = 0;
  for (const path of files) {
    const size = row(page, path.split('/').pop()!).getByTestId('doc-size');
    await expect(size).toHaveAttribute('data-bytes', /^\d+$/);
    const stored = Number(await size.getAttribute('data-bytes'));
    // The original and its text, passages and vectors.
    expect(stored).toBeGreaterThan(statSync(path).size);
    await expect(size).toContainText('stored');
    total += stored;
  }

  await page.getByTestId('settings-button').click();
  const usage = page.getByTestId('storage-usage');
  // The documents' total in MB (a few hundred kB), not the program and models.
  await expect(usage).toContainText(`Using ${(total / 1e6).toFixed(1)} MB of`);
  await expect(page.getByTestId('storage-app')).toContainText('The app itself');
});

test('while files are added the count includes them, and the file being read stays first whatever the order', async ({
  page,
}) => {
  const engineStarted = page.waitForEvent('worker', (worker) => worker.url().includes('engine.worker'));
  await page.goto('/');
  const engine = await engineStarted;
  // Each file waits with the engine as it starts embedding, so it is seen being read on any machine.
  const holdNext = (name: string) => holdWorker(page, engine, name, { method: 'storeHandedOver', stage: 'embedding' });
  const count = page.getByTestId('library-count');
  let hold = await holdNext('first');
  await page
    .getByTestId('file-input')
    .setInputFiles([{ name: 'zz-first.md', mimeType: 'text/markdown', buffer: Buffer.from(bigMarkdown(3)) }]);
  await hold.reached;
  const reading = (name: string) =>
    page.evaluate(
      (name) => ({
        count: document.querySelector('[data-testid="library-count"]')?.textContent,
        first: document.querySelector('[data-testid="doc-row"]')?.getAttribute('data-name'),
        status: document.querySelector(`[data-testid="doc-row"][data-name="${name}"]`)?.getAttribute('data-status'),
      }),
      name,
    );
  await expect.poll(() => reading('zz-first.md')).toMatchObject({ count: '1', status: /queued|parsing|embedding/ });
  await hold.resume();
  await expect(row(page, 'zz-first.md')).toHaveAttribute('data-status', 'ready', { timeout: 60_000 });
  await expect(count).toHaveText('1');

  await page.getByTestId('library-sort').selectOption({ label: 'File name' });
  hold = await holdNext('second');
  await page
    .getByTestId('file-input')
    // Another length: the same bytes would be the same document.
    .setInputFiles([{ name: 'zz-second.md', mimeType: 'text/markdown', buffer: Buffer.from(bigMarkdown(4)) }]);
  await hold.reached;
  // Sorted by name it would come last; while it is read it stays first, and counts.
  await expect
    .poll(() => reading('zz-second.md'))
    .toMatchObject({ count: '2', first: 'zz-second.md', status: /queued|parsing|embedding/ });
  await hold.resume();
  await expect(row(page, 'zz-second.md')).toHaveAttribute('data-status', 'ready', { timeout: 60_000 });
  await expect.poll(() => rowNames(page)).toEqual(['zz-first.md', 'zz-second.md']);
});
