import { statSync } from 'node:fs';
import { addFiles, expect, fixture, generated, test } from './support';

test('the library list filters by name and sorts by newest, file name or size', async ({ page }) => {
  await page.goto('/');
  const files = [fixture('clinic-notes.md'), generated('travel-guide.pdf'), fixture('travel-guide.html')];
  // One at a time, so "newest" has a defined order.
  for (const file of files) await addFiles(page, [file]);

  const rows = page.getByTestId('doc-row');
  const names = () => rows.evaluateAll((list) => list.map((row) => row.getAttribute('data-name')));
  const sort = page.getByLabel('Sort documents');
  const filter = page.getByLabel('Filter documents');

  await expect(sort).toHaveValue('newest');
  await expect.poll(names).toEqual(['travel-guide.html', 'travel-guide.pdf', 'clinic-notes.md']);

  await sort.selectOption({ label: 'File name' });
  await expect.poll(names).toEqual(['clinic-notes.md', 'travel-guide.html', 'travel-guide.pdf']);

  await sort.selectOption({ label: 'Size' });
  const bySize = files
    .map((path) => ({ name: path.split('/').pop()!, size: statSync(path).size }))
    .sort((a, b) => b.size - a.size);
  await expect.poll(names).toEqual(bySize.map((file) => file.name));

  // The filter ignores case and keeps the chosen order.
  await filter.fill('TRAVEL');
  await expect.poll(names).toEqual(bySize.map((file) => file.name).filter((name) => name.startsWith('travel')));
  await filter.fill('notes');
  await expect.poll(names).toEqual(['clinic-notes.md']);
  await filter.fill('nothing-like-this');
  await expect(rows).toHaveCount(0);
  await expect(page.getByText('No title, heading or file name contains “nothing-like-this”.')).toBeVisible();
  await filter.fill('');
  await expect(rows).toHaveCount(3);
});
