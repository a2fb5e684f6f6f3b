/**
 * A hung worker: when the file reader is alive but stops answering, the watchdog gives up
 * on the file it was reading, replaces the reader, and the rest of the queue is still read.
 */
import { expect, searchFor, test } from './support';

// The watchdog's limit, shortened from 60 s (it is read when each file starts).
const STALL_MS = 10_000;

/** In a worker: its thread blocks for good, on a wait nothing will end (the page is cross-origin isolated). */
function hang() {
  setTimeout(() => Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0));
}

test('a file reader that stops answering fails its file only; a fresh reader takes the rest of the queue', async ({
  page,
}) => {
  await page.addInitScript((ms) => ((window as { carrelStallMs?: number }).carrelStallMs = ms), STALL_MS);
  await page.goto('/');
  const firstReader = page.waitForEvent('worker', (worker) => worker.url().includes('reader.worker'));
  await page.getByTestId('file-input').setInputFiles([
    {
      name: 'before.txt',
      mimeType: 'text/plain',
      buffer: Buffer.from('The lighthouse keeper trims the wick at dusk.'),
    },
  ]);
  await expect(page.locator('[data-testid="doc-row"][data-name="before.txt"]')).toHaveAttribute(
    'data-status',
    'ready',
    { timeout: 60_000 },
  );
  const reader = await firstReader;

  // What a hang does: the reader's thread never gets back to its messages, and it does not crash.
  // It waits rather than spins, so the hang holds no core the other browser's tests need.
  await reader.evaluate(hang);
  const freshReader = page.waitForEvent(
    'worker',
    (worker) => worker !== reader && worker.url().includes('reader.worker'),
  );
  await page.getByTestId('file-input').setInputFiles([
    {
      name: 'stuck.txt',
      mimeType: 'text/plain',
      buffer: Buffer.from('The zeppelin quartermaster counted exactly forty-two pomegranates.'),
    },
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

  const stuck = page.locator('[data-testid="doc-row"][data-name="stuck.txt"]');
  await expect(stuck).toHaveAttribute('data-status', 'failed', { timeout: STALL_MS + 30_000 });
  await expect(stuck.getByTestId('error')).toContainText('The file reader stopped responding');
  await expect(stuck.getByTestId('error')).toContainText('Try adding the file again.');
  await freshReader;
  for (const name of ['after-one.md', 'after-two.txt']) {
    await expect(page.locator(`[data-testid="doc-row"][data-name="${name}"]`)).toHaveAttribute('data-status', 'ready', {
      timeout: 60_000,
    });
  }
  const first = await searchFor(page, 'bell founder tunes bronze');
  await expect(first.getByTestId('result-doc')).toHaveAttribute('data-name', 'after-one.md');
  await expect((await searchFor(page, 'lighthouse keeper wick')).getByTestId('result-doc')).toHaveAttribute(
    'data-name',
    'before.txt',
  );
  // Nothing of the abandoned file was stored: it is not found, and after a reload it is not read again.
  await page.getByTestId('search-input').fill('zeppelin quartermaster pomegranates');
  await expect(page.getByText(`Nothing relevant found for “zeppelin quartermaster pomegranates”`)).toBeVisible();
  await page.reload();
  await expect(page.getByTestId('doc-row')).toHaveCount(3);
});

test('a file that makes no progress is flagged as stuck, and Retry reads it again with a fresh reader', async ({
  page,
}) => {
  // Flagged after 3 s without progress; the watchdog that would give the file up is kept out of the way.
  await page.addInitScript(() => Object.assign(window, { carrelStuckMs: 3_000, carrelStallMs: 10 * 60_000 }));
  await page.goto('/');
  const firstReader = page.waitForEvent('worker', (worker) => worker.url().includes('reader.worker'));
  await page.getByTestId('file-input').setInputFiles([
    {
      name: 'before.txt',
      mimeType: 'text/plain',
      buffer: Buffer.from('The lighthouse keeper trims the wick at dusk.'),
    },
  ]);
  const row = (name: string) => page.locator(`[data-testid="doc-row"][data-name="${name}"]`);
  await expect(row('before.txt')).toHaveAttribute('data-status', 'ready', { timeout: 60_000 });
  const reader = await firstReader;
  await reader.evaluate(hang);

  await page.getByTestId('file-input').setInputFiles([
    {
      name: 'stuck.txt',
      mimeType: 'text/plain',
      buffer: Buffer.from('The zeppelin quartermaster counted exactly forty-two pomegranates.'),
    },
  ]);
  await expect(row('stuck.txt').getByTestId('doc-stuck')).toContainText('Stuck', { timeout: 30_000 });
  await expect(row('stuck.txt')).toHaveAttribute('data-status', 'parsing');
  await row('stuck.txt').getByRole('button', { name: 'Retry stuck.txt' }).click();
  await expect(row('stuck.txt')).toHaveAttribute('data-status', 'ready', { timeout: 60_000 });
  const first = await searchFor(page, 'zeppelin quartermaster pomegranates');
  await expect(first.getByTestId('result-doc')).toHaveAttribute('data-name', 'stuck.txt');
});
