/**
 * A crashed worker: when the file reader dies mid-file, its file is marked failed with a
 * clear message, a fresh worker starts, and the rest of the queue is still read. Each crash lands
 * at a fixed point of the work (support/worker-hold.ts), so files of a few lines do.
 */
import { bigMarkdown, expect, searchFor, test } from './support';
import { holdReads, holdWorker } from './support/worker-hold';

test('the file reader crashing mid-file fails that file only; a new reader takes the rest of the queue', async ({
  page,
}) => {
  await page.goto('/');
  const releaseReads = await holdReads(page);
  const readerStarted = page.waitForEvent('worker', (worker) => worker.url().includes('reader.worker'));
  await page.getByTestId('file-input').setInputFiles([
    { name: 'doomed.md', mimeType: 'text/markdown', buffer: Buffer.from(bigMarkdown(2)) },
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
  const hold = await holdWorker(page, reader, 'reader', { method: 'read', stage: 'parsing', file: 'doomed.md' });
  await releaseReads();
  await hold.reached;
  const doomed = page.locator('[data-testid="doc-row"][data-name="doomed.md"]');
  await expect(doomed).toHaveAttribute('data-status', 'parsing');

  // What a fatal bug does: an exception nothing catches, thrown in the worker's own thread.
  await hold.crash();

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
  const engineStarted = page.waitForEvent('worker', (worker) => worker.url().includes('engine.worker'));
  await page.goto('/');
  // The engine waits as it starts embedding the first file, so the reader crashes while it has it.
  const engineHold = await holdWorker(page, await engineStarted, 'engine', {
    method: 'storeHandedOver',
    stage: 'embedding',
  });
  const releaseReads = await holdReads(page);
  const readerStarted = page.waitForEvent('worker', (worker) => worker.url().includes('reader.worker'));
  await page.getByTestId('file-input').setInputFiles([
    { name: 'embedded.md', mimeType: 'text/markdown', buffer: Buffer.from(bigMarkdown(3)) },
    { name: 'doomed.md', mimeType: 'text/markdown', buffer: Buffer.from(bigMarkdown(2)) },
    {
      name: 'after.txt',
      mimeType: 'text/plain',
      buffer: Buffer.from('The falconer feeds the hawk before every flight.'),
    },
  ]);
  const readerHold = await holdWorker(page, await readerStarted, 'reader', {
    method: 'read',
    stage: 'parsing',
    file: 'doomed.md',
  });
  await releaseReads();
  await Promise.all([engineHold.reached, readerHold.reached]);
  const row = (name: string) => page.locator(`[data-testid="doc-row"][data-name="${name}"]`);
  await expect
    .poll(async () => [
      await row('embedded.md').getAttribute('data-status'),
      await row('doomed.md').getAttribute('data-status'),
    ])
    .toEqual(['embedding', 'parsing']);
  await readerHold.crash();

  await expect(row('doomed.md')).toHaveAttribute('data-status', 'failed');
  await expect(row('doomed.md').getByTestId('error')).toContainText('The file reader stopped');
  await engineHold.resume();
  for (const name of ['embedded.md', 'after.txt'])
    await expect(row(name)).toHaveAttribute('data-status', 'ready', { timeout: 60_000 });
  await page.reload();
  await expect(page.getByTestId('doc-row')).toHaveCount(2);
});

test('the search engine crashing while it embeds and stores a file fails that file only; a new engine takes the rest', async ({
  page,
}) => {
  const engineStarted = page.waitForEvent('worker', (worker) => worker.url().includes('engine.worker'));
  await page.goto('/');
  // Embedding is the engine's part of reading a file: it crashes as it starts embedding the first one.
  const hold = await holdWorker(page, await engineStarted, 'engine', { method: 'storeHandedOver', stage: 'embedding' });
  await page.getByTestId('file-input').setInputFiles([
    { name: 'doomed.md', mimeType: 'text/markdown', buffer: Buffer.from(bigMarkdown(2)) },
    {
      name: 'after-one.md',
      mimeType: 'text/markdown',
      buffer: Buffer.from('# Bells\n\nThe bell founder tunes each bell by shaving bronze from its lip.'),
    },
  ]);
  await hold.reached;
  const doomed = page.locator('[data-testid="doc-row"][data-name="doomed.md"]');
  await expect(doomed).toHaveAttribute('data-status', 'embedding');
  await hold.crash();

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
