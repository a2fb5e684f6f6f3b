/**
 * A crashed worker: when the file reader dies mid-file, its file is marked failed with a
 * clear message, a fresh worker starts, and the rest of the queue is still read.
 */
import { bigMarkdown, expect, searchFor, test } from './support';

test('the file reader crashing mid-file fails that file only; a new reader takes the rest of the queue', async ({
  page,
}) => {
  await page.goto('/');
  const readerStarted = page.waitForEvent('worker', (worker) => worker.url().includes('reader.worker'));
  await page.getByTestId('file-input').setInputFiles([
    // Twice the other tests' size, so that the engine is still embedding it when the crash lands on a busy machine too.
    { name: 'doomed.md', mimeType: 'text/markdown', buffer: Buffer.from(bigMarkdown(800)) },
    {
      name: 'after-one.md',
      mimeType: 'text/markdown',
      buffer: Buffer.from('# Bells\n\nThe bell founder tunes each bell by shaving bronze from its lip.'),
    },
    {
      name: 'after-two.txt',
      mimeType: 'text/plain',
      buffer: Buffer.from('The falconer feeds the hawk before every flight.'),
    },
  ]);
  const reader = await readerStarted;
  const doomed = page.locator('[data-testid="doc-row"][data-name="doomed.md"]');
  await expect(doomed).toHaveAttribute('data-status', 'parsing');

  // What a fatal bug does: an exception nothing catches, thrown in the worker's own event loop.
  await reader.evaluate(() => {
    setTimeout(() => {
      throw new Error('simulated reader crash');
    });
  });

  await expect(doomed).toHaveAttribute('data-status', 'failed');
  await expect(doomed.getByTestId('error')).toContainText('The file reader stopped');
  await expect(doomed.getByTestId('error')).toContainText('Try adding the file again.');
  for (const name of ['after-one.md', 'after-two.txt']) {
    await expect(page.locator(`[data-testid="doc-row"][data-name="${name}"]`)).toHaveAttribute('data-status', 'ready', {
      timeout: 60_000,
    });
  }
  const first = await searchFor(page, 'bell founder tunes bronze');
  await expect(first.getByTestId('result-doc')).toHaveAttribute('data-name', 'after-one.md');
  // Nothing of the crashed file was stored: it is not found, and the stored queue is empty.
  await page.getByTestId('search-input').fill('zeppelin quartermaster pomegranates');
  await expect(page.getByText(`Nothing relevant found for “zeppelin quartermaster pomegranates”`)).toBeVisible();
  await expect(page.getByTestId('result')).toHaveCount(0);
  await page.reload();
  await expect(page.getByTestId('doc-row')).toHaveCount(2);
});

test('a file already with the engine is still stored when the file reader crashes on the next one', async ({
  page,
}) => {
  await page.goto('/');
  const readerStarted = page.waitForEvent('worker', (worker) => worker.url().includes('reader.worker'));
  await page.getByTestId('file-input').setInputFiles([
    { name: 'embedded.md', mimeType: 'text/markdown', buffer: Buffer.from(bigMarkdown(300)) },
    // Big enough to be still being read when the reader crashes.
    { name: 'doomed.md', mimeType: 'text/markdown', buffer: Buffer.from(bigMarkdown(1500)) },
    {
      name: 'after.txt',
      mimeType: 'text/plain',
      buffer: Buffer.from('The falconer feeds the hawk before every flight.'),
    },
  ]);
  const reader = await readerStarted;
  const row = (name: string) => page.locator(`[data-testid="doc-row"][data-name="${name}"]`);
  await expect
    .poll(
      async () => [
        await row('embedded.md').getAttribute('data-status'),
        await row('doomed.md').getAttribute('data-status'),
      ],
      { timeout: 60_000 },
    )
    .toEqual(['embedding', 'parsing']);
  await reader.evaluate(() => {
    setTimeout(() => {
      throw new Error('simulated reader crash');
    });
  });

  await expect(row('doomed.md')).toHaveAttribute('data-status', 'failed');
  await expect(row('doomed.md').getByTestId('error')).toContainText('The file reader stopped');
  for (const name of ['embedded.md', 'after.txt'])
    await expect(row(name)).toHaveAttribute('data-status', 'ready', { timeout: 120_000 });
  await page.reload();
  await expect(page.getByTestId('doc-row')).toHaveCount(2);
});

test('the search engine crashing while it embeds and stores a file fails that file only; a new engine takes the rest', async ({
  page,
}) => {
  const engineStarted = page.waitForEvent('worker', (worker) => worker.url().includes('engine.worker'));
  await page.goto('/');
  const engine = await engineStarted;
  await page.getByTestId('file-input').setInputFiles([
    // Twice the other tests' size, so that the engine is still embedding it when the crash lands on a busy machine too.
    { name: 'doomed.md', mimeType: 'text/markdown', buffer: Buffer.from(bigMarkdown(800)) },
    {
      name: 'after-one.md',
      mimeType: 'text/markdown',
      buffer: Buffer.from('# Bells\n\nThe bell founder tunes each bell by shaving bronze from its lip.'),
    },
  ]);
  const doomed = page.locator('[data-testid="doc-row"][data-name="doomed.md"]');
  // Embedding is the engine's part of reading a file.
  await expect(doomed).toHaveAttribute('data-status', 'embedding', { timeout: 60_000 });
  await engine.evaluate(() => {
    setTimeout(() => {
      throw new Error('simulated engine crash');
    });
  });

  await expect(doomed).toHaveAttribute('data-status', 'failed');
  await expect(doomed.getByTestId('error')).toContainText('The search engine stopped');
  await expect(page.locator('[data-testid="doc-row"][data-name="after-one.md"]')).toHaveAttribute(
    'data-status',
    'ready',
    { timeout: 60_000 },
  );
  const first = await searchFor(page, 'bell founder tunes bronze');
  await expect(first.getByTestId('result-doc')).toHaveAttribute('data-name', 'after-one.md');
  await page.reload();
  await expect(page.getByTestId('doc-row')).toHaveCount(1);
});
