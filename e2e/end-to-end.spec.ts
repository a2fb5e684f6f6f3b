import { addFiles, expect, fixture, generated, searchFor, test } from './support';

test.describe.configure({ mode: 'serial' });

test(
  'drop documents, search by meaning, survive reload and offline, delete',
  { tag: '@service-worker' },
  async ({ page, context }) => {
    // The clock runs as a clock does, until the test moves it past the undo window of the delete.
    await page.clock.install();
    await page.goto('/');
    await addFiles(page, [generated('travel-guide.pdf'), fixture('clinic-notes.md')]);

    // A paraphrase that shares no content word with the sentence it should find.
    let first = await searchFor(page, 'doctor gave medicine for the sickness');
    await expect(first.getByTestId('result-doc')).toHaveAttribute('data-name', 'clinic-notes.md');
    await expect(first.getByTestId('result-proposition').first()).toContainText('physician prescribed antibiotics');
    await expect(first.getByTestId('result-section')).toContainText('Treatment');

    first = await searchFor(page, 'at what hour do trains pull into the station');
    await expect(first.getByTestId('result-doc')).toHaveAttribute('data-name', 'travel-guide.pdf');
    await expect(first.getByTestId('result-proposition').first()).toContainText('train arrives at the station');
    await expect(first.getByTestId('result-section')).toContainText('Rail journeys');
    await expect(first.getByTestId('result-section')).toContainText('1');

    // Reload: the library is in IndexedDB, not in memory.
    await page.reload();
    await expect(page.getByTestId('doc-row')).toHaveCount(2);
    first = await searchFor(page, 'cash at small markets');
    await expect(first.getByTestId('result-proposition').first()).toContainText('small markets');
    await expect(first.getByTestId('result-section')).toContainText('2');

    // Offline: once the app says it is ready offline, a reload without network still answers.
    await expect(page.getByTestId('offline-ready')).toBeVisible({ timeout: 60_000 });
    await context.setOffline(true);
    await page.reload();
    first = await searchFor(page, 'doctor gave medicine for the sickness');
    await expect(first.getByTestId('result-proposition').first()).toContainText('physician prescribed antibiotics');
    await context.setOffline(false);

    // Delete: every record goes, and search no longer finds it.
    const row = page.locator('[data-testid="doc-row"][data-name="clinic-notes.md"]');
    await row.getByRole('button', { name: /remove/i }).click();
    await expect(row).toHaveCount(0);
    await page.getByTestId('search-input').fill('physician prescribed antibiotics');
    await expect(page.locator('[data-testid="result-doc"][data-name="clinic-notes.md"]')).toHaveCount(0);
    // The records go when the removal can no longer be undone (12 s).
    await expect(page.getByTestId('undo-remove')).toBeVisible();
    await page.clock.fastForward(13_000);
    await expect(page.getByTestId('undo-remove')).toHaveCount(0);
    const counts = () =>
      page.evaluate(async () => {
        const open = indexedDB.open('carrel');
        const db: IDBDatabase = await new Promise(
          (resolve, reject) => ((open.onsuccess = () => resolve(open.result)), (open.onerror = reject)),
        );
        const count = (store: string) =>
          new Promise<number>((resolve) => {
            const req = db.transaction(store).objectStore(store).count();
            req.onsuccess = () => resolve(req.result);
          });
        return { documents: await count('documents'), files: await count('files'), vectors: await count('vectors') };
      });
    await expect.poll(counts).toEqual({ documents: 1, files: 1, vectors: 1 });
  },
);

test('dropping on the drop zone behaves like the file picker', async ({ page }) => {
  await page.goto('/');
  const dataTransfer = await page.evaluateHandle(() => {
    const dt = new DataTransfer();
    dt.items.add(
      new File(['# Dropped\n\nThe museum displays ancient paintings from the old kingdom.'], 'dropped.md', {
        type: 'text/markdown',
      }),
    );
    return dt;
  });
  const zone = page.getByTestId('drop-zone');
  await zone.dispatchEvent('dragover', { dataTransfer });
  await zone.dispatchEvent('drop', { dataTransfer });
  await expect(page.locator('[data-testid="doc-row"][data-name="dropped.md"]')).toHaveAttribute('data-status', 'ready');
  const first = await searchFor(page, 'gallery exhibits old artworks');
  await expect(first.getByTestId('result-proposition').first()).toContainText('museum displays ancient paintings');
});

test('a file it cannot read says so and the library keeps working', async ({ page }) => {
  await page.goto('/');
  await page.getByTestId('file-input').setInputFiles([
    { name: 'broken.pdf', mimeType: 'application/pdf', buffer: Buffer.from('%PDF-1.7\n1 0 obj <<>> garbage') },
    { name: 'picture.png', mimeType: 'image/png', buffer: Buffer.from([0x89, 0x50, 0x4e, 0x47, 0, 0, 0, 0]) },
    { name: 'song.mp3', mimeType: 'audio/mpeg', buffer: Buffer.from('ID3\x04\x00') },
  ]);
  const broken = page.locator('[data-testid="doc-row"][data-name="broken.pdf"]');
  await expect(broken).toHaveAttribute('data-status', 'failed');
  await expect(broken.getByTestId('error')).toContainText(/damaged|invalid|PDF/i);
  const png = page.locator('[data-testid="doc-row"][data-name="picture.png"]');
  await expect(png).toHaveAttribute('data-status', 'failed');
  await expect(png.getByTestId('error')).toContainText('not a PNG, JPEG, WebP or TIFF file');
  const song = page.locator('[data-testid="doc-row"][data-name="song.mp3"]');
  await expect(song).toHaveAttribute('data-status', 'failed');
  await expect(song.getByTestId('error')).toContainText(
    /not a file type Carrel can read \(PDF, Word \.docx, OpenDocument \.odt or \.odp, PowerPoint \.pptx, EPUB/,
  );
});

test('follow-up questions are read with the previous one, and the results copy as a cited prompt', async ({
  page,
  context,
}) => {
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  await page.goto('/');
  await addFiles(page, [fixture('clinic-notes.md')]);
  await searchFor(page, 'physician prescribed antibiotics');
  await page.getByTestId('search-input').fill('');
  await page.getByTestId('search-input').fill('and how long?');
  await expect(page.getByTestId('searched-query')).toHaveText(
    'Searched for: and how long? physician prescribed antibiotics',
  );
  await expect(page.getByTestId('result-proposition').first()).toContainText('course lasts ten days');

  await page.getByTestId('copy-prompt').click();
  await expect(page.getByTestId('copy-status')).toContainText('Copied');
  const prompt = await page.evaluate(() => navigator.clipboard.readText());
  expect(prompt).toContain('Cite them as [n]');
  expect(prompt).toMatch(/\[\d\] Clinic Notes \(clinic-notes\.md\), Clinic Notes › Treatment/);
  expect(prompt).toContain('The physician prescribed antibiotics');

  // Switched off, the same follow-up is searched as typed.
  await page.getByLabel('Read short follow-ups with the previous question').uncheck();
  await expect(page.getByTestId('searched-query')).toHaveCount(0);
});

test('a question the library cannot answer says so instead of showing noise', async ({ page }) => {
  await page.goto('/');
  await addFiles(page, [fixture('clinic-notes.md')]);
  await page.getByTestId('search-input').fill('quantum chromodynamics on a lattice');
  await expect(page.getByText('Nothing relevant found for “quantum chromodynamics on a lattice”.')).toBeVisible();
  await expect(page.getByTestId('result')).toHaveCount(0);
});

test('a question in other words that clears no floor still shows the nearest passages that share its words, as weak matches', async ({
  page,
}) => {
  await page.goto('/');
  await addFiles(page, [fixture('clinic-notes.md')]);
  // Only "clinic" is in common with the notes: not an answer, but the Finances section is the nearest.
  await page.getByTestId('search-input').fill('did the money side of the clinic go well');
  await expect(page.getByTestId('answer-not-covered')).toHaveAttribute('data-weak', 'true');
  await expect(page.getByTestId('answer-not-covered')).toContainText(
    'Nothing in your documents answers “did the money side of the clinic go well” closely',
  );
  await expect(page.getByTestId('result-summary')).toContainText('none close');
  await expect(page.getByTestId('result-proposition').filter({ hasText: 'record profits' })).toHaveCount(1);
  // Weak matches are not answers: no sentence of them is offered as one.
  await expect(page.getByTestId('answer').locator('.answer-text')).toHaveCount(0);
});
