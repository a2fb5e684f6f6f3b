import type { Page } from '@playwright/test';
import { writeFileSync } from 'node:fs';
import { bigMarkdown, expect, generated, searchFor, test } from './support';
import { holdWorker } from './support/worker-hold';

/** The page's engine, held as it starts embedding its first file: a file being read, on any machine. */
const engineHeld = (page: Page, name: string) =>
  page
    .waitForEvent('worker', (worker) => worker.url().includes('engine.worker'))
    .then((engine) => holdWorker(page, engine, name, { method: 'storeHandedOver', stage: 'embedding' }));

test('a reload in the middle of reading a file reads it again, and it is found only once it is complete', async ({
  page,
}) => {
  const path = generated('long-report.md');
  writeFileSync(path, bigMarkdown(3));
  let held = engineHeld(page, 'before-reload');
  await page.goto('/');
  await page.getByTestId('file-input').setInputFiles(path);
  await (
    await held
  ).reached;
  const row = page.locator('[data-testid="doc-row"][data-name="long-report.md"]');
  // The row leaves "queued" only after the queue is saved, so the reload below interrupts a stored job.
  await expect(row).toHaveAttribute('data-status', /parsing|embedding/);
  held = engineHeld(page, 'after-reload');
  await page.reload();
  const hold = await held;
  await hold.reached;

  await expect(row).toHaveAttribute('data-status', /queued|parsing|embedding/);
  // Until it is complete, nothing of it is searchable.
  await page.getByTestId('search-input').fill('zeppelin quartermaster pomegranates');
  await expect(page.getByTestId('result')).toHaveCount(0);
  await hold.resume();
  await expect(row).toHaveAttribute('data-status', 'ready', { timeout: 110_000 });
  const first = await searchFor(page, 'zeppelin quartermaster pomegranates');
  await expect(first.getByTestId('result-doc')).toHaveAttribute('data-name', 'long-report.md');
  // Read once: one row, and the stored queue is empty again.
  await expect(page.getByTestId('doc-row')).toHaveCount(1);
  await page.reload();
  await expect(row).toHaveAttribute('data-status', 'ready');
  await expect(page.getByTestId('doc-row')).toHaveCount(1);
});

test('a second tab neither takes over a file the first is still reading nor misses it; deletes show in both', async ({
  page,
  context,
}) => {
  const path = generated('field-notes.md');
  writeFileSync(path, bigMarkdown(3));
  const held = engineHeld(page, 'first-tab');
  await page.goto('/');
  await page.getByTestId('file-input').setInputFiles(path);
  const hold = await held;
  await hold.reached;
  const rowIn = (p: typeof page) => p.locator('[data-testid="doc-row"][data-name="field-notes.md"]');
  await expect(rowIn(page)).toHaveAttribute('data-status', /parsing|embedding/);

  const other = await context.newPage();
  await other.goto('/');
  await expect(other.getByTestId('search-input')).toBeVisible();
  await hold.resume();
  // The first tab is alive, so the second must not read the file again: it shows it only once stored.
  await expect(rowIn(page)).toHaveAttribute('data-status', 'ready', { timeout: 60_000 });
  await expect(rowIn(other)).toHaveAttribute('data-status', 'ready');
  await expect(other.getByTestId('doc-row')).toHaveCount(1);
  const first = await searchFor(other, 'zeppelin quartermaster pomegranates');
  await expect(first.getByTestId('result-doc')).toHaveAttribute('data-name', 'field-notes.md');

  await other.getByRole('button', { name: 'Remove field-notes.md' }).click();
  await expect(page.getByTestId('doc-row')).toHaveCount(0);
  await expect(other.getByTestId('doc-row')).toHaveCount(0);
});
