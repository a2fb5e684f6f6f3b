import { writeFileSync } from 'node:fs';
import { bigMarkdown, expect, generated, searchFor, test } from './support';

test('a reload in the middle of reading a file reads it again, and it is found only once it is complete', async ({
  page,
}) => {
  const path = generated('long-report.md');
  writeFileSync(path, bigMarkdown(400));
  await page.goto('/');
  await page.getByTestId('file-input').setInputFiles(path);
  const row = page.locator('[data-testid="doc-row"][data-name="long-report.md"]');
  // The row leaves "queued" only after the queue is saved, so the reload below interrupts a stored job.
  await expect(row).toHaveAttribute('data-status', /parsing|embedding/);
  await page.reload();

  await expect(row).toHaveAttribute('data-status', /queued|parsing|embedding/);
  // Until it is complete, nothing of it is searchable.
  await page.getByTestId('search-input').fill('zeppelin quartermaster pomegranates');
  await expect(page.getByTestId('result')).toHaveCount(0);
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
  writeFileSync(path, bigMarkdown(150));
  await page.goto('/');
  await page.getByTestId('file-input').setInputFiles(path);
  const rowIn = (p: typeof page) => p.locator('[data-testid="doc-row"][data-name="field-notes.md"]');
  await expect(rowIn(page)).toHaveAttribute('data-status', /parsing|embedding/);

  const other = await context.newPage();
  await other.goto('/');
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
